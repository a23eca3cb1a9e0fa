// TensorAccessor(args, bank_base_address[, page_size]) over an interleaved
// DRAM or L1 buffer: an InterleavedAddrGen whose bank type comes from the
// compile-time args (as tt-metal's interleaved specialization); over a
// sharded L1 buffer (tf_buffer_create_sharded), tt-metal's sharded
// accessor: pages, shards, their cores, locality.
#ifndef TF_TTM_TENSOR_ACCESSOR_H
#define TF_TTM_TENSOR_ACCESSOR_H

#include "api/tensor/tensor_accessor_args.h"
#include "tt_foil/interleaved.hpp"

#include <array>
#include <tuple>

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

namespace tf_ttm
{
// A sharded tensor's shape as tt-metal's accessor.dspec() gives it (rank 2:
// rows and columns of pages; strides in pages, the last dimension's 1).
template <typename Args> struct sharded_dspec {
    struct shape {
        std::uint32_t v[2];
        FORCE_INLINE constexpr std::uint32_t operator[](std::uint32_t i) const
        {
            return v[i];
        }
        FORCE_INLINE constexpr std::uint32_t size() const
        {
            return 2;
        }
    };
    // each bank's core as tt-metal packs it: x << 8 | y
    struct packed_coords {
        FORCE_INLINE std::uint16_t operator[](std::uint32_t k) const
        {
            std::uint32_t xy = Args::bank_xy(k);
            return (std::uint16_t)(TF_SHARDED_BANK_X(xy) << 8 | TF_SHARDED_BANK_Y(xy));
        }
        FORCE_INLINE constexpr std::uint32_t size() const
        {
            return Args::NumBanks;
        }
    };
    static constexpr std::uint32_t rank()
    {
        return 2;
    }
    static constexpr std::uint32_t num_banks()
    {
        return Args::NumBanks;
    }
    static constexpr shape tensor_shape()
    {
        return {{Args::PagesH, Args::PagesW}};
    }
    static constexpr shape shard_shape()
    {
        return {{Args::ShardH, Args::ShardW}};
    }
    static constexpr shape shard_grid()
    {
        return {{Args::ShardRows, Args::ShardCols}};
    }
    static constexpr shape tensor_strides()
    {
        return {{Args::PagesW, 1}};
    }
    static constexpr shape shard_strides()
    {
        return {{Args::ShardW, 1}};
    }
    static constexpr shape shard_grid_strides()
    {
        return {{Args::ShardCols, 1}};
    }
    static constexpr std::uint32_t tensor_volume()
    {
        return Args::PagesH * Args::PagesW;
    }
    static constexpr std::uint32_t shard_volume()
    {
        return Args::ShardH * Args::ShardW;
    }
    static constexpr packed_coords packed_xy_coords()
    {
        return {};
    }
};

// an array-like of coordinates (a page's or a shard's), not an id
template <typename T, typename = void> struct is_coord : std::false_type {
};
template <typename T>
struct is_coord<T, std::void_t<decltype(std::declval<const T &>()[0])>>
    : std::bool_constant<!std::is_integral_v<std::decay_t<T>>> {
};
template <typename T> inline constexpr bool is_coord_v = is_coord<T>::value;

// The pages of a sharded tensor: page (r, c) is in shard k = (r / ShardH)
// * ShardCols + c / ShardW, row by row in it; shard k in bank k % banks (a
// core of the args' list, or a DRAM bank: its x the bank's number, as
// tt-metal's accessor reads a DRAM-sharded tensor's bank coordinates),
// k / banks shards into it, at the tensor's one address (as tt-metal's
// accessor). Pages are the accessor's page size apart (the args' aligned
// page size by default). An id past the tensor faults, naming it.
template <typename Args> struct sharded_addr_gen {
    static constexpr bool is_dram = Args::is_dram;
    std::uint32_t bank_base_address;
    std::uint32_t page_size;
    struct PageMapping {
        std::size_t bank_id;
        std::size_t bank_page_offset;
    };
    FORCE_INLINE PageMapping shard_mapping(std::uint32_t shard, std::uint32_t in_shard) const
    {
        if (shard >= Args::NumShards)
            dev_fault(TF_FAULT_DETAIL_SHARD_RANGE, shard, Args::NumShards | TF_SHARD_RANGE_SHARD);
        return {shard % Args::NumBanks,
                shard / Args::NumBanks * (Args::ShardH * Args::ShardW) + in_shard};
    }
    FORCE_INLINE PageMapping get_bank_and_offset(std::uint32_t page_id) const
    {
        if (page_id >= Args::PagesH * Args::PagesW)
            dev_fault(TF_FAULT_DETAIL_SHARD_RANGE, page_id, Args::PagesH * Args::PagesW);
        std::uint32_t in, shard = tf_sharded_place(page_id, Args::PagesW, Args::ShardH,
                                                   Args::ShardW, Args::ShardCols, &in);
        return shard_mapping(shard, in);
    }
    template <typename Arr, std::enable_if_t<is_coord_v<Arr>, int> = 0>
    FORCE_INLINE PageMapping get_bank_and_offset(const Arr &page_coord) const
    {
        std::uint32_t r = (std::uint32_t)page_coord[0], c = (std::uint32_t)page_coord[1];
        if (r >= Args::PagesH || c >= Args::PagesW) /* (as the page id it would be) */
            dev_fault(TF_FAULT_DETAIL_SHARD_RANGE, r * Args::PagesW + c,
                      Args::PagesH * Args::PagesW);
        return get_bank_and_offset(r * Args::PagesW + c);
    }
    FORCE_INLINE std::uint64_t mapped_addr(const PageMapping &m, std::uint32_t offset) const
    {
        std::uint32_t xy = Args::bank_xy((std::uint32_t)m.bank_id),
                      a = bank_base_address + (std::uint32_t)m.bank_page_offset * page_size +
                          offset;
        if constexpr (is_dram) /* (a DRAM bank's coordinates are one on both NOCs) */
            return dev_bank_noc_addr(0, 1, TF_SHARDED_BANK_X(xy), a);
        else
            return TF_NOC_ADDR(TF_SHARDED_BANK_X(xy), TF_SHARDED_BANK_Y(xy), a);
    }
    FORCE_INLINE std::uint64_t shard_addr(std::uint32_t shard, std::uint32_t offset) const
    {
        return mapped_addr(shard_mapping(shard, 0), offset);
    }
    FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        (void)noc; /* (NOC coordinates are the same on both NOCs) */
        return mapped_addr(get_bank_and_offset(id), offset);
    }
    template <typename Arr, std::enable_if_t<is_coord_v<Arr>, int> = 0>
    FORCE_INLINE std::uint64_t get_noc_addr(const Arr &page_coord, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        (void)noc;
        return mapped_addr(get_bank_and_offset(page_coord), offset);
    }
    FORCE_INLINE std::uint32_t get_bank_base_address() const
    {
        return bank_base_address;
    }
};

// Pages [start, end) of shard `shard` (offsets in it, row by row), the
// slots past the tensor's edge skipped: ShardPages of tt-metal.
template <typename Accessor, typename Args> class ShardPages
{
  public:
    class iterator
    {
      public:
        FORCE_INLINE iterator(const Accessor &a, std::uint32_t shard, std::uint32_t at,
                              std::uint32_t end, std::uint8_t noc)
            : a_(&a), shard_(shard), at_(at), end_(end), noc_(noc), page_(0, 0)
        {
            settle();
        }
        FORCE_INLINE const tensor_accessor::Page &operator*() const
        {
            return page_;
        }
        FORCE_INLINE const tensor_accessor::Page *operator->() const
        {
            return &page_;
        }
        FORCE_INLINE iterator &operator++()
        {
            at_++;
            settle();
            return *this;
        }
        FORCE_INLINE iterator operator++(int)
        {
            iterator was = *this;
            ++*this;
            return was;
        }
        // n slots on (the slots past the tensor's edge not counted)
        FORCE_INLINE iterator &operator+=(std::ptrdiff_t n)
        {
            while (n-- > 0 && at_ < end_) ++*this;
            return *this;
        }
        FORCE_INLINE bool operator==(const iterator &o) const
        {
            return at_ == o.at_;
        }
        FORCE_INLINE bool operator!=(const iterator &o) const
        {
            return at_ != o.at_;
        }

      private:
        // the slot's page, or on past the slots outside the tensor
        FORCE_INLINE void settle()
        {
            if constexpr (Args::is_sharded) settle_sharded();
        }
        FORCE_INLINE void settle_sharded()
        {
            constexpr std::uint32_t cols = (Args::PagesW + Args::ShardW - 1) / Args::ShardW;
            for (; at_ < end_; at_++) {
                std::uint32_t r = shard_ / cols * Args::ShardH + at_ / Args::ShardW,
                              c = shard_ % cols * Args::ShardW + at_ % Args::ShardW;
                if (r < Args::PagesH && c < Args::PagesW) {
                    page_ = tensor_accessor::Page(
                        a_->get_shard_noc_addr(shard_, at_ * a_->get_aligned_page_size(), noc_),
                        r * Args::PagesW + c);
                    return;
                }
            }
        }
        const Accessor *a_;
        std::uint32_t shard_, at_, end_;
        std::uint8_t noc_;
        tensor_accessor::Page page_;
    };
    FORCE_INLINE ShardPages(const Accessor &a, std::uint32_t shard, std::uint32_t start,
                            std::uint32_t end, std::uint8_t noc)
        : a_(a), shard_(shard), start_(start < end ? start : end), end_(end), noc_(noc)
    {
    }
    FORCE_INLINE iterator begin() const
    {
        return iterator(a_, shard_, start_, end_, noc_);
    }
    FORCE_INLINE iterator end() const
    {
        return iterator(a_, shard_, end_, end_, noc_);
    }

  private:
    const Accessor &a_;
    std::uint32_t shard_, start_, end_;
    std::uint8_t noc_;
};

// (x, y) are this core's NOC coordinates
FORCE_INLINE bool local_xy(std::uint32_t x, std::uint32_t y, std::uint8_t noc)
{
    return x == my_x[noc] && y == my_y[noc];
}

template <typename Args>
using accessor_base =
    std::conditional_t<Args::is_sharded, sharded_addr_gen<Args>, InterleavedAddrGen<Args::is_dram>>;
} // namespace tf_ttm

#define TF_TA_SHARDED_ONLY(what)                                                                   \
    static_assert(Args::is_sharded, "not supported by tt-foil: " what                              \
                                    " (sharded tensors: this accessor is interleaved)")
template <typename Args> struct TensorAccessor : tf_ttm::accessor_base<Args> {
    // (a sharded tensor's shape type, what dspec() gives)
    using DSpec = std::conditional_t<Args::is_sharded, tf_ttm::sharded_dspec<Args>, void>;
    FORCE_INLINE TensorAccessor(const Args &, std::size_t bank_base_address,
                                std::uint32_t page_size = Args::AlignedPageSize)
        : tf_ttm::accessor_base<Args>{(std::uint32_t)bank_base_address, page_size}
    {
    }
    using tf_ttm::accessor_base<Args>::get_noc_addr;
    // The page size it was made with (the args' aligned page size by
    // default), as tt-metal's interleaved accessor: what a page moves.
    FORCE_INLINE std::uint32_t get_aligned_page_size() const
    {
        return this->page_size;
    }
    // Pages [start_page_id, end_page_id): an interleaved accessor does not
    // know its page count, so both are needed, as in tt-metal; a sharded
    // one's end 0 is the tensor's last page.
    FORCE_INLINE tensor_accessor::Pages<TensorAccessor> pages(std::uint32_t start_page_id,
                                                              std::uint32_t end_page_id,
                                                              std::uint8_t noc = noc_index) const
    {
        if constexpr (Args::is_sharded)
            if (!end_page_id) end_page_id = Args::PagesH * Args::PagesW;
        return tensor_accessor::Pages<TensorAccessor>(*this, start_page_id, end_page_id, noc);
    }
    template <typename A = Args, std::enable_if_t<A::is_sharded, int> = 0>
    FORCE_INLINE tensor_accessor::Pages<TensorAccessor> pages(std::uint32_t start_page_id = 0) const
    {
        return pages(start_page_id, 0);
    }
    // ---- sharded tensors (a compile error on an interleaved accessor)
    // Shard shard_id's NOC address (plus offset): its core, the tensor's address.
    FORCE_INLINE std::uint64_t get_shard_noc_addr(std::uint32_t shard_id, std::uint32_t offset = 0,
                                                  std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("get_shard_noc_addr");
        (void)noc;
        if constexpr (Args::is_sharded)
            return this->shard_addr(shard_id, offset);
        else
            return 0;
    }
    // shard (i, j) of the shard grid
    template <typename Arr, std::enable_if_t<tf_ttm::is_coord_v<Arr>, int> = 0>
    FORCE_INLINE std::uint64_t get_shard_noc_addr(const Arr &shard_coord, std::uint32_t offset = 0,
                                                  std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("get_shard_noc_addr");
        if constexpr (Args::is_sharded)
            return get_shard_noc_addr((std::uint32_t)shard_coord[0] * Args::ShardCols +
                                          (std::uint32_t)shard_coord[1],
                                      offset, noc);
        else
            return 0;
    }
    FORCE_INLINE tf_ttm::ShardPages<TensorAccessor, Args>
    shard_pages(std::uint32_t shard_id, std::uint32_t start_page_offset = 0,
                std::uint32_t end_page_offset = 0, std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("shard_pages");
        if constexpr (Args::is_sharded)
            if (shard_id >= Args::NumShards) /* (as get_shard_noc_addr: not an empty range) */
                dev_fault(TF_FAULT_DETAIL_SHARD_RANGE, shard_id,
                          Args::NumShards | TF_SHARD_RANGE_SHARD);
        return tf_ttm::ShardPages<TensorAccessor, Args>(
            *this, shard_id, start_page_offset,
            end_page_offset ? end_page_offset : Args::ShardH * Args::ShardW, noc);
    }
    FORCE_INLINE constexpr tf_ttm::sharded_dspec<Args> dspec() const
    {
        TF_TA_SHARDED_ONLY("dspec");
        return {};
    }
    FORCE_INLINE bool is_local_bank(std::uint32_t virtual_x, std::uint32_t virtual_y,
                                    std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("is_local_bank");
        return tf_ttm::local_xy(virtual_x, virtual_y, noc);
    }
    FORCE_INLINE bool is_local_addr(std::uint64_t noc_addr, std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("is_local_addr");
        return tf_ttm::local_xy(TF_NOC_X(noc_addr), TF_NOC_Y(noc_addr), noc);
    }
    FORCE_INLINE bool is_local_page(std::uint32_t page_id, std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("is_local_page");
        std::uint64_t a = this->get_noc_addr(page_id, 0, noc);
        return tf_ttm::local_xy(TF_NOC_X(a), TF_NOC_Y(a), noc);
    }
    FORCE_INLINE bool is_local_shard(std::uint32_t shard_id, std::uint8_t noc = noc_index) const
    {
        TF_TA_SHARDED_ONLY("is_local_shard");
        if constexpr (Args::is_sharded) {
            std::uint64_t a = this->shard_addr(shard_id, 0);
            return tf_ttm::local_xy(TF_NOC_X(a), TF_NOC_Y(a), noc);
        } else {
            return false;
        }
    }
    TF_UNSUPPORTED_MEMBER(strided_shard_pages, "strided_shard_pages (data-movement threads, which "
                                               "these cores do not have; use shard_pages)");
    TF_UNSUPPORTED_MEMBER(
        strided_pages,
        "strided_pages (data-movement threads, which these cores do not have; use pages)");
};
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t, std::uint32_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R> &, std::size_t)
    -> TensorAccessor<TensorAccessorArgs<C, R>>;

// Device 2.0's views of an accessor as a Noc end ({.page_id, .offset_bytes}
// or {.shard_id, .offset_bytes}: api/tensor/noc_traits.h, experimental/noc.h).
// A PageView addresses pages as its accessor does; a ShardView (shards
// through the Noc object) is not provided.
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
                  "not supported by tt-foil: Device 2.0's ShardView; use PageView, the "
                  "accessor's get_shard_noc_addr or noc_async_read_shard / write_shard");
    const Accessor &accessor;
    explicit ShardView(const Accessor &acc) : accessor(acc) {}
};

// A whole shard to or from L1 (tt-metal's noc_async_read_shard /
// noc_async_write_shard): the shard's pages, padding slots included.
template <typename Args>
FORCE_INLINE void noc_async_read_shard(std::uint32_t shard_id, const TensorAccessor<Args> &s,
                                       std::uint32_t dst_local_l1_addr,
                                       std::uint8_t noc = noc_index)
{
    static_assert(Args::is_sharded, "not supported by tt-foil: noc_async_read_shard of an "
                                    "interleaved accessor (it has no shards)");
    noc_async_read(s.get_shard_noc_addr(shard_id, 0, noc), dst_local_l1_addr,
                   Args::ShardH * Args::ShardW * s.get_aligned_page_size(), noc);
}
template <typename Args, bool posted = false>
FORCE_INLINE void noc_async_write_shard(std::uint32_t shard_id, const TensorAccessor<Args> &s,
                                        std::uint32_t src_local_l1_addr,
                                        std::uint8_t noc = noc_index)
{
    static_assert(Args::is_sharded, "not supported by tt-foil: noc_async_write_shard of an "
                                    "interleaved accessor (it has no shards)");
    noc_async_write(src_local_l1_addr, s.get_shard_noc_addr(shard_id, 0, noc),
                    Args::ShardH * Args::ShardW * s.get_aligned_page_size(), noc);
}
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

// make_tensor_accessor_tuple(args, addr_rta[, page_size_cta]): an accessor
// of each args of the tuple (make_tensor_accessor_args_tuple), tensor i at
// the address in runtime arg addr_rta + i and, when given, a page of
// compile-time arg page_size_cta + i bytes (else its args' aligned page
// size). make_abstract_tensor_accessor_wrappers(accessors): a std::array of
// AbstractTensorAccessorWrapper, one type for them all, so a loop picks a
// tensor at run time; each wrapper points at its accessor in the tuple,
// which must outlive it (as tt-metal's).
namespace tensor_accessor::detail
{
template <typename... Args, std::uint32_t... I>
FORCE_INLINE auto make_tensor_accessor_tuple(const std::tuple<Args...> &args,
                                             std::uint32_t addr_rta,
                                             std::integer_sequence<std::uint32_t, I...>)
{
    return std::make_tuple(
        TensorAccessor(std::get<I>(args), get_arg_val<std::uint32_t>(addr_rta + I))...);
}
template <typename... Args, std::uint32_t... I>
FORCE_INLINE auto make_tensor_accessor_tuple(const std::tuple<Args...> &args,
                                             std::uint32_t addr_rta, std::uint32_t page_size_cta,
                                             std::integer_sequence<std::uint32_t, I...>)
{
    return std::make_tuple(TensorAccessor(std::get<I>(args),
                                          get_arg_val<std::uint32_t>(addr_rta + I),
                                          kernel_compile_time_args[page_size_cta + I])...);
}
} // namespace tensor_accessor::detail

template <typename... Args>
FORCE_INLINE auto make_tensor_accessor_tuple(const std::tuple<Args...> &args,
                                             std::uint32_t address_rt_arg_index_start)
{
    return tensor_accessor::detail::make_tensor_accessor_tuple(
        args, address_rt_arg_index_start,
        std::make_integer_sequence<std::uint32_t, sizeof...(Args)>());
}
template <typename... Args>
FORCE_INLINE auto make_tensor_accessor_tuple(const std::tuple<Args...> &args,
                                             std::uint32_t address_rt_arg_index_start,
                                             std::uint32_t page_size_ct_arg_index_start)
{
    return tensor_accessor::detail::make_tensor_accessor_tuple(
        args, address_rt_arg_index_start, page_size_ct_arg_index_start,
        std::make_integer_sequence<std::uint32_t, sizeof...(Args)>());
}

// mid-2025's form with page sizes and strides in the runtime args, and its
// make_abstract_tensor_accessors (get_addr): not provided.
template <typename... Args, typename... More>
auto make_tensor_accessor_tuple(const std::tuple<Args...> &, std::uint32_t, std::uint32_t,
                                std::uint32_t, More...)
{
    static_assert(tf_ttm::dependent_false<More...>,
                  "not supported by tt-foil: make_tensor_accessor_tuple with "
                  "run-time page sizes (mid-2025's 5 arguments): use (args, "
                  "address_rta[, page_size_cta])");
    return 0;
}
TF_UNSUPPORTED_FN(
    make_abstract_tensor_accessors,
    "make_abstract_tensor_accessors (mid-2025): make_abstract_tensor_accessor_wrappers "
    "and get_noc_addr");

class AbstractTensorAccessorWrapper
{
  public:
    AbstractTensorAccessorWrapper() = default;
    template <typename Accessor>
    AbstractTensorAccessorWrapper(const Accessor &a)
        : accessor_(&a),
          noc_addr_(+[](const void *p, std::uint32_t page, std::uint32_t offset, std::uint8_t noc) {
              return static_cast<const Accessor *>(p)->get_noc_addr(page, offset, noc);
          })
    {
    }
    std::uint64_t get_noc_addr(std::uint32_t page_id, std::uint32_t offset = 0,
                               std::uint8_t noc = noc_index) const
    {
        return noc_addr_(accessor_, page_id, offset, noc);
    }

  private:
    const void *accessor_ = nullptr;
    std::uint64_t (*noc_addr_)(const void *, std::uint32_t, std::uint32_t, std::uint8_t) = nullptr;
};

namespace tensor_accessor::detail
{
template <typename... A, std::uint32_t... I>
FORCE_INLINE std::array<AbstractTensorAccessorWrapper, sizeof...(A)>
make_abstract_tensor_accessor_wrappers(const std::tuple<A...> &accessors,
                                       std::integer_sequence<std::uint32_t, I...>)
{
    return {AbstractTensorAccessorWrapper(std::get<I>(accessors))...};
}
} // namespace tensor_accessor::detail

template <typename... Accessors>
FORCE_INLINE auto make_abstract_tensor_accessor_wrappers(const std::tuple<Accessors...> &accessors)
{
    return tensor_accessor::detail::make_abstract_tensor_accessor_wrappers(
        accessors, std::make_integer_sequence<std::uint32_t, sizeof...(Accessors)>());
}

#endif
