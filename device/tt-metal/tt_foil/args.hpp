// Runtime arguments with tt-metal's names and templates, for data-movement
// and compute kernels alike (api/dataflow/dataflow_api.h and the compute
// API's common.h include it): this RISC's own (tf_program_set_args) and the
// kernel's common ones (tf_kernel_set_common_args).
#ifndef TF_TTM_ARGS_HPP
#define TF_TTM_ARGS_HPP

#include "tt_foil/base.hpp"

FORCE_INLINE std::uint32_t get_arg_addr(int arg_idx)
{
    return dev_arg_addr((std::uint32_t)arg_idx);
}
template <typename T> FORCE_INLINE T get_arg_val(int arg_idx)
{
    static_assert(sizeof(T) == 4, "get_arg_val<T>: T must be a 4-byte type (as in tt-metal)");
    dev_check_arg((std::uint32_t)arg_idx, 0); // (WATCHER_ENABLED only, as tt-metal's)
    std::uint32_t v =
        *(volatile std::uint32_t *)(std::uintptr_t)get_arg_addr((std::uint32_t)arg_idx);
    return __builtin_bit_cast(T, v);
}
FORCE_INLINE std::uintptr_t get_common_arg_addr(int arg_idx)
{
    return dev_common_arg_addr((std::uint32_t)arg_idx);
}
template <typename T> FORCE_INLINE T get_common_arg_val(int arg_idx)
{
    static_assert(sizeof(T) == 4,
                  "get_common_arg_val<T>: T must be a 4-byte type (as in tt-metal)");
    dev_check_arg((std::uint32_t)arg_idx, 1);
    std::uint32_t v = *(volatile std::uint32_t *)get_common_arg_addr(arg_idx);
    return __builtin_bit_cast(T, v);
}

#endif
