// TensorAccessor(args, bank_base_address[, page_size]) over an interleaved
// DRAM or L1 buffer: an InterleavedAddrGen whose bank type comes from the
// compile-time args (as tt-metal's interleaved specialization).
#ifndef TF_TTM_TENSOR_ACCESSOR_H
#define TF_TTM_TENSOR_ACCESSOR_H

#include "api/tensor/tensor_accessor_args.h"
#include "tt_foil/interleaved.hpp"

template <typename Args> struct TensorAccessor : InterleavedAddrGen<Args::is_dram> {
    FORCE_INLINE TensorAccessor(const Args &, std::size_t bank_base_address,
                                std::uint32_t page_size = Args::AlignedPageSize)
        : InterleavedAddrGen<Args::is_dram>{(std::uint32_t)bank_base_address, page_size}
    {
    }
    using InterleavedAddrGen<Args::is_dram>::get_noc_addr;
    // The page size it was made with (the args' aligned page size by
    // default), as tt-metal's interleaved accessor: what a page moves.
    FORCE_INLINE std::uint32_t get_aligned_page_size() const
    {
        return this->page_size;
    }
};
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t, std::uint32_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;

TF_UNSUPPORTED_FN(noc_async_read_shard, "noc_async_read_shard (sharded tensors)");
TF_UNSUPPORTED_FN(noc_async_write_shard, "noc_async_write_shard (sharded tensors)");
TF_UNSUPPORTED_FN(make_tensor_accessor_tuple,
                  "make_tensor_accessor_tuple (no std::tuple on the device)");

#endif
