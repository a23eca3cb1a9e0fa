// TensorAccessor(args, bank_base_address[, page_size]) over an interleaved
// DRAM or L1 buffer: an InterleavedAddrGen whose bank type comes from the
// compile-time args (as tt-metal's interleaved specialization).
#ifndef TF_TTM_TENSOR_ACCESSOR_H
#define TF_TTM_TENSOR_ACCESSOR_H

#include "api/tensor/tensor_accessor_args.h"
#include "tt_foil/interleaved.hpp"

namespace tensor_accessor
{
// One page of an accessor's pages(): its id and NOC address.
class Page
{
  public:
    FORCE_INLINE Page(std::uint64_t noc_addr, std::uint32_t page_id)
        : noc_addr_(noc_addr), page_id_(page_id)
    {
    }
    FORCE_INLINE std::uint64_t noc_addr() const
    {
        return noc_addr_;
    }
    FORCE_INLINE std::uint32_t page_id() const
    {
        return page_id_;
    }

  private:
    std::uint64_t noc_addr_;
    std::uint32_t page_id_;
};
// Pages [start, end) of an interleaved accessor, for a range-for; each
// page's address is the accessor's get_noc_addr(id, 0, noc).
template <typename Accessor> class Pages
{
  public:
    class iterator
    {
      public:
        FORCE_INLINE iterator(const Accessor &a, std::uint32_t id, std::uint32_t end,
                              std::uint8_t noc)
            : a_(&a), id_(id < end ? id : end), end_(end), noc_(noc), page_(0, 0)
        {
            at();
        }
        FORCE_INLINE const Page &operator*() const
        {
            return page_;
        }
        FORCE_INLINE const Page *operator->() const
        {
            return &page_;
        }
        FORCE_INLINE std::uint32_t page_id() const
        {
            return id_;
        }
        FORCE_INLINE iterator &operator++()
        {
            return *this += 1;
        }
        FORCE_INLINE iterator operator++(int)
        {
            iterator was = *this;
            *this += 1;
            return was;
        }
        FORCE_INLINE iterator &operator+=(std::ptrdiff_t n)
        {
            id_ = (std::uint64_t)id_ + (std::uint64_t)n < end_ ? id_ + (std::uint32_t)n : end_;
            at();
            return *this;
        }
        FORCE_INLINE iterator operator+(std::ptrdiff_t n) const
        {
            iterator i = *this;
            return i += n;
        }
        FORCE_INLINE bool operator==(const iterator &o) const
        {
            return id_ == o.id_;
        }
        FORCE_INLINE bool operator!=(const iterator &o) const
        {
            return id_ != o.id_;
        }
        FORCE_INLINE bool operator<(const iterator &o) const
        {
            return id_ < o.id_;
        }

      private:
        // (the end has no address: it may be past the buffer's last page)
        FORCE_INLINE void at()
        {
            if (id_ < end_) page_ = Page(a_->get_noc_addr(id_, 0, noc_), id_);
        }
        const Accessor *a_;
        std::uint32_t id_, end_;
        std::uint8_t noc_;
        Page page_;
    };
    using const_iterator = iterator;
    FORCE_INLINE Pages(const Accessor &a, std::uint32_t start, std::uint32_t end, std::uint8_t noc)
        : a_(a), start_(start), end_(end), noc_(noc)
    {
    }
    FORCE_INLINE iterator begin() const
    {
        return iterator(a_, start_, end_, noc_);
    }
    FORCE_INLINE iterator end() const
    {
        return iterator(a_, end_, end_, noc_);
    }
    FORCE_INLINE iterator cbegin() const
    {
        return begin();
    }
    FORCE_INLINE iterator cend() const
    {
        return end();
    }

  private:
    const Accessor &a_;
    std::uint32_t start_, end_;
    std::uint8_t noc_;
};
} // namespace tensor_accessor

#define TF_TA_LOCAL_WHY                                                                            \
    "locality of a page or shard (sharded tensors; tt-metal's interleaved accessor has none "      \
    "either)"
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
    // Pages [start_page_id, end_page_id) (an interleaved accessor does not
    // know its page count: both are needed, as in tt-metal).
    FORCE_INLINE tensor_accessor::Pages<TensorAccessor> pages(std::uint32_t start_page_id,
                                                              std::uint32_t end_page_id,
                                                              std::uint8_t noc = noc_index) const
    {
        return tensor_accessor::Pages<TensorAccessor>(*this, start_page_id, end_page_id, noc);
    }
    TF_UNSUPPORTED_MEMBER(get_shard_noc_addr,
                          "get_shard_noc_addr (sharded tensors: this accessor is interleaved)");
    TF_UNSUPPORTED_MEMBER(shard_pages,
                          "shard_pages (sharded tensors: this accessor is interleaved)");
    TF_UNSUPPORTED_MEMBER(strided_shard_pages,
                          "strided_shard_pages (sharded tensors: this accessor is interleaved)");
    TF_UNSUPPORTED_MEMBER(
        strided_pages,
        "strided_pages (data-movement threads, which these cores do not have; use pages)");
    TF_UNSUPPORTED_MEMBER(is_local_page, TF_TA_LOCAL_WHY);
    TF_UNSUPPORTED_MEMBER(is_local_bank, TF_TA_LOCAL_WHY);
    TF_UNSUPPORTED_MEMBER(is_local_addr, TF_TA_LOCAL_WHY);
    TF_UNSUPPORTED_MEMBER(is_local_shard, TF_TA_LOCAL_WHY);
};
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t, std::uint32_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;

// Device 2.0's views of an accessor as a Noc end ({.page_id, .offset_bytes}
// or {.shard_id, .offset_bytes}: api/tensor/noc_traits.h, experimental/noc.h).
// A PageView addresses pages as its accessor does; a ShardView addresses
// shards, which this interleaved accessor has none of.
template <typename Accessor> struct PageView {
    const Accessor &accessor;
    FORCE_INLINE explicit PageView(const Accessor &acc) : accessor(acc) {}
    FORCE_INLINE std::uint64_t get_noc_addr(std::uint32_t page_id, std::uint32_t offset,
                                            std::uint8_t noc) const
    {
        return accessor.get_noc_addr(page_id, offset, noc);
    }
};
template <typename Accessor> struct ShardView {
    static_assert(tf_ttm::dependent_false<Accessor>,
                  "not supported by tt-foil: ShardView (sharded tensors: tt-foil's TensorAccessor "
                  "is interleaved); use PageView or the accessor's pages()");
    const Accessor &accessor;
    explicit ShardView(const Accessor &acc) : accessor(acc) {}
};

TF_UNSUPPORTED_FN(noc_async_read_shard, "noc_async_read_shard (sharded tensors)");
TF_UNSUPPORTED_FN(noc_async_write_shard, "noc_async_write_shard (sharded tensors)");
// mid-2025's factories (its tensor_accessor.h): the args at compile-time arg
// CTA_BASE (common args from CRTA_BASE, or from crta_base at run time), and
// an accessor of them at bank_base_address moving page_size bytes a page.
// (tt-metal then made an InterleavedAddrGen<is_dram> of an interleaved
// tensor; this TensorAccessor addresses and moves the same pages.)
template <std::size_t CTA_BASE, std::size_t CRTA_BASE = 0>
FORCE_INLINE constexpr auto make_tensor_accessor_args()
{
    return TensorAccessorArgs<CTA_BASE, CRTA_BASE>();
}
template <std::size_t CTA_BASE>
FORCE_INLINE constexpr auto make_tensor_accessor_args(const std::size_t crta_base)
{
    return TensorAccessorArgs<CTA_BASE>((std::uint32_t)crta_base);
}
template <typename ArgsT>
FORCE_INLINE auto make_tensor_accessor_from_args(const ArgsT &args,
                                                 const std::size_t bank_base_address,
                                                 const std::uint32_t page_size)
{
    return TensorAccessor(args, bank_base_address, page_size);
}

TF_UNSUPPORTED_FN(make_tensor_accessor_tuple,
                  "make_tensor_accessor_tuple (no std::tuple on the device)");

#endif
