// Compile-time arguments (tt-metal's api/compile_time_args.h names): the
// build passes KERNEL_COMPILE_TIME_ARGS=a,b,c (tt_foil_add_kernel
// COMPILE_ARGS, tt_foil_cc --compile-args, tf_kernel_build); each
// get_compile_time_arg_val(i) is a constant expression, and an index out of
// range is a compile error.
#ifndef TF_TTM_COMPILE_TIME_ARGS_H
#define TF_TTM_COMPILE_TIME_ARGS_H

#include <array>
#include <cstdint>

template <class T, class... Ts> constexpr std::array<T, sizeof...(Ts)> make_array(Ts... values)
{
    return {T(values)...};
}

#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif
constexpr auto kernel_compile_time_args = make_array<std::uint32_t>(KERNEL_COMPILE_TIME_ARGS);

template <std::uint32_t Idx> constexpr std::uint32_t get_ct_arg()
{
    static_assert(Idx < kernel_compile_time_args.size(),
                  "get_compile_time_arg_val: index out of range of this kernel's compile-time args "
                  "(set them with tt_foil_add_kernel(... COMPILE_ARGS ...), tt_foil_cc "
                  "--compile-args or tf_kernel_build_opts.compile_args)");
    return kernel_compile_time_args[Idx];
}
#define get_compile_time_arg_val(arg_idx) get_ct_arg<arg_idx>()

#include "api/named_compile_time_args.h"

#endif
