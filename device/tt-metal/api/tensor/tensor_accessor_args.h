// TensorAccessorArgs<CTA_OFFSET>: a tensor's layout from the kernel's
// compile-time args, in tt-metal's 2-word interleaved form [ArgsConfig,
// aligned page size] (tf_buffer_accessor_args writes them on the host).
// Sharded layouts are a compile error naming them.
#ifndef TF_TTM_TENSOR_ACCESSOR_ARGS_H
#define TF_TTM_TENSOR_ACCESSOR_ARGS_H

#include "api/compile_time_args.h"
#include "hostdevcommon/tensor_accessor/arg_config.hpp"
#include "tt_foil/base.hpp"

namespace tensor_accessor
{
inline constexpr std::size_t UNKNOWN = static_cast<std::size_t>(-1);
} // namespace tensor_accessor

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
    static constexpr tensor_accessor::ArgsConfig args_config{get_compile_time_arg_val(CTA_OFFSET)};
    static constexpr bool is_sharded = args_config.test(tensor_accessor::ArgConfig::Sharded);
    static constexpr bool is_dram = args_config.test(tensor_accessor::ArgConfig::IsDram);
    static_assert(!is_sharded, "TensorAccessorArgs: sharded tensors are not supported by tt-foil "
                               "(interleaved DRAM and L1 buffers only)");
    static_assert(
        (get_compile_time_arg_val(CTA_OFFSET) & ~0x3u) == 0,
        "TensorAccessorArgs: runtime rank/banks/shapes/bank coordinates are not supported by "
        "tt-foil (they only exist for sharded tensors)");
    static constexpr std::uint32_t AlignedPageSize = get_compile_time_arg_val(CTA_OFFSET + 1);
    constexpr TensorAccessorArgs() = default;
    constexpr explicit TensorAccessorArgs(std::uint32_t crta_offset)
    {
        (void)crta_offset;
    }
    static constexpr std::uint32_t num_compile_time_args()
    {
        return 2;
    }
    static constexpr std::uint32_t next_compile_time_args_offset()
    {
        return CTA_OFFSET + num_compile_time_args();
    }
    // mid-2025's names of the two counts (its ArgsOffsets): interleaved
    // tensors take no common runtime args
    static constexpr std::uint32_t compile_time_args_skip()
    {
        return num_compile_time_args();
    }
    constexpr std::uint32_t runtime_args_skip() const
    {
        return num_common_runtime_args();
    }
    constexpr std::uint32_t num_common_runtime_args() const
    {
        return 0;
    }
    constexpr std::uint32_t next_common_runtime_args_offset() const
    {
        return CRTA_OFFSET == tensor_accessor::UNKNOWN ? 0 : CRTA_OFFSET;
    }
    static constexpr std::uint32_t get_aligned_page_size()
    {
        return AlignedPageSize;
    }
};

TF_UNSUPPORTED_FN(make_tensor_accessor_args_tuple,
                  "make_tensor_accessor_args_tuple (no std::tuple on the device)");

#endif
