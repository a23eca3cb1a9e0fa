// TensorAccessorArgs<CTA_OFFSET>: a tensor's layout from the kernel's
// compile-time args, as tf_buffer_accessor_args writes them on the host
// (contracts/tf_banks.h, TF_SHARDED_*): tt-metal's 2-word interleaved form
// [ArgsConfig, aligned page size], or tt-foil's sharded form (a tensor of
// tf_buffer_create_sharded, in L1 or DRAM: the page grid, the shard shape
// and each shard's core or DRAM bank after those two). tt-metal's run-time variants of
// the sharded args (RuntimeRank, ... in the ArgsConfig) are a compile
// error naming them.
#ifndef TF_TTM_TENSOR_ACCESSOR_ARGS_H
#define TF_TTM_TENSOR_ACCESSOR_ARGS_H

#include "api/compile_time_args.h"
#include "hostdevcommon/tensor_accessor/arg_config.hpp"
#include "tf_banks.h"
#include "tt_foil/base.hpp"

#include <tuple>

namespace tensor_accessor
{
inline constexpr std::size_t UNKNOWN = static_cast<std::size_t>(-1);
} // namespace tensor_accessor

namespace tf_ttm
{
// compile-time arg Idx, when Use (else 0, and the arg need not exist)
template <bool Use, std::uint32_t Idx> constexpr std::uint32_t ct_arg_if()
{
    if constexpr (Use)
        return get_ct_arg<Idx>();
    else
        return 0;
}
} // namespace tf_ttm

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
    static constexpr tensor_accessor::ArgsConfig args_config{get_compile_time_arg_val(CTA_OFFSET)};
    static constexpr bool is_sharded = args_config.test(tensor_accessor::ArgConfig::Sharded);
    static constexpr bool is_dram = args_config.test(tensor_accessor::ArgConfig::IsDram);
    static_assert(std::uint32_t(tensor_accessor::ArgConfig::Sharded) == TF_ACCESSOR_SHARDED &&
                      std::uint32_t(tensor_accessor::ArgConfig::IsDram) == TF_ACCESSOR_IS_DRAM,
                  "the ArgsConfig bits of contracts/tf_banks.h");
    static_assert(
        (get_compile_time_arg_val(CTA_OFFSET) & ~0x3u) == 0,
        "TensorAccessorArgs: tt-metal's run-time rank/banks/shapes/bank coordinates are not "
        "supported by tt-foil (tf_buffer_accessor_args gives a sharded tensor's as compile-time "
        "args)");
    static constexpr std::uint32_t AlignedPageSize = get_compile_time_arg_val(CTA_OFFSET + 1);
    // the sharded form (0 for an interleaved tensor)
    static constexpr std::uint32_t PagesH =
        tf_ttm::ct_arg_if<is_sharded, CTA_OFFSET + TF_SHARDED_ARG_PAGES_H>();
    static constexpr std::uint32_t PagesW =
        tf_ttm::ct_arg_if<is_sharded, CTA_OFFSET + TF_SHARDED_ARG_PAGES_W>();
    static constexpr std::uint32_t ShardH =
        tf_ttm::ct_arg_if<is_sharded, CTA_OFFSET + TF_SHARDED_ARG_SHARD_H>();
    static constexpr std::uint32_t ShardW =
        tf_ttm::ct_arg_if<is_sharded, CTA_OFFSET + TF_SHARDED_ARG_SHARD_W>();
    static constexpr std::uint32_t NumBanks =
        tf_ttm::ct_arg_if<is_sharded, CTA_OFFSET + TF_SHARDED_ARG_NUM_BANKS>();
    static constexpr std::uint32_t ShardRows = is_sharded ? (PagesH + ShardH - 1) / ShardH : 0;
    static constexpr std::uint32_t ShardCols = is_sharded ? (PagesW + ShardW - 1) / ShardW : 0;
    static constexpr std::uint32_t NumShards = ShardRows * ShardCols;
    static_assert(!is_sharded || (PagesH && PagesW && ShardH && ShardW && NumBanks &&
                                  (std::uint64_t)PagesH * PagesW <= TF_SHARDED_MAX_PAGES),
                  "TensorAccessorArgs: these sharded args do not describe a tensor (pass the "
                  "words tf_buffer_accessor_args wrote)");
    static_assert(!is_sharded || CTA_OFFSET + TF_SHARDED_ARGS_FIXED + NumBanks <=
                                     kernel_compile_time_args.size(),
                  "TensorAccessorArgs: the sharded args end past the kernel's compile-time args "
                  "(each bank's core is one more word: tf_buffer_accessor_args says how many)");
    // bank k's core (a DRAM bank: its number, 0), as TF_SHARDED_BANK_XY
    static std::uint32_t bank_xy(std::uint32_t k)
    {
        return kernel_compile_time_args[CTA_OFFSET + TF_SHARDED_ARGS_FIXED + k];
    }
    constexpr TensorAccessorArgs() = default;
    constexpr explicit TensorAccessorArgs(std::uint32_t crta_offset)
    {
        (void)crta_offset;
    }
    static constexpr std::uint32_t num_compile_time_args()
    {
        return is_sharded ? TF_SHARDED_ARGS_FIXED + NumBanks : 2;
    }
    static constexpr std::uint32_t next_compile_time_args_offset()
    {
        return CTA_OFFSET + num_compile_time_args();
    }
    // mid-2025's names of the two counts (its ArgsOffsets): these tensors
    // take no common runtime args
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

// make_tensor_accessor_args_tuple<N, CTA_OFFSET>(): the args of N tensors
// whose compile-time args follow each other from CTA_OFFSET (each one's
// at the previous one's next_compile_time_args_offset()), as a std::tuple
// (tt-metal's concat and all-gather readers: a tensor count fixed at
// compile time, the tensors picked at run time).
// (the steps under tt-metal's names, which ttnn kernels call too)
namespace tensor_accessor::detail
{
template <std::uint32_t TENSOR_IDX, std::uint32_t CTA_OFFSET>
constexpr std::uint32_t get_tensor_accessor_args_cta_offset()
{
    if constexpr (TENSOR_IDX == 0)
        return CTA_OFFSET;
    else
        return TensorAccessorArgs<get_tensor_accessor_args_cta_offset<
            TENSOR_IDX - 1, CTA_OFFSET>()>::next_compile_time_args_offset();
}
template <std::uint32_t CTA_OFFSET, std::uint32_t... I>
constexpr auto get_tensor_accessor_args_cta_offsets(std::integer_sequence<std::uint32_t, I...>)
{
    return std::integer_sequence<std::uint32_t,
                                 get_tensor_accessor_args_cta_offset<I, CTA_OFFSET>()...>();
}
template <std::uint32_t... CTA_OFFSETS>
constexpr auto make_tensor_accessor_args_tuple_from_cta_offsets(
    std::integer_sequence<std::uint32_t, CTA_OFFSETS...>)
{
    return std::make_tuple(TensorAccessorArgs<CTA_OFFSETS>()...);
}
} // namespace tensor_accessor::detail

template <std::uint32_t NUM_TENSORS, std::uint32_t CTA_OFFSET>
constexpr auto make_tensor_accessor_args_tuple()
{
    return tensor_accessor::detail::make_tensor_accessor_args_tuple_from_cta_offsets(
        tensor_accessor::detail::get_tensor_accessor_args_cta_offsets<CTA_OFFSET>(
            std::make_integer_sequence<std::uint32_t, NUM_TENSORS>()));
}

#endif
