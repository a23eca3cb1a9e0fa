// get_local_cb_interface(cb): tt-metal's view of a circular buffer's settings
// and pointers (its LocalCBInterface), READ-ONLY here. Shared by the
// data-movement API and the compute API, as tt-metal gives it to both.
//
// Each field reads the CB's state when it is read (a copy of the object
// too: it is a view, not a snapshot), in tt-metal's units:
//   data-movement kernels: bytes; fifo_rd_ptr / fifo_wr_ptr are the L1
//     addresses get_read_ptr / get_write_ptr give, fifo_limit is the CB's
//     end (its address plus fifo_size), fifo_num_pages its page count;
//   compute kernels: fifo_size, fifo_limit and fifo_page_size in 16-byte
//     units (cb_addr_shift = 4, as tt-metal's TRISC firmware shifts them),
//     fifo_num_pages a count. fifo_rd_ptr is the unpacker's (TRISC0: code
//     inside UNPACK(...)) and fifo_wr_ptr the packer's (TRISC2, PACK(...)),
//     in 16-byte units, as tt-metal keeps each on that TRISC only; any
//     other TRISC's use is a compile error.
// Writing a field is a compile error saying why (the cb_* calls are what
// move a CB), except a compute kernel's own pointer (above): ttnn's matmul
// points an alias CB of the same memory at its partials' front. Setting it
// moves where the next unpack reads (the next pack writes) and nothing
// else: the pages pushed and popped stay counted as they were, so cb_*
// calls go on from there. An address outside the CB faults, naming it.
#ifndef TF_TTM_CB_INTERFACE_HPP
#define TF_TTM_CB_INTERFACE_HPP

#include "tt_foil/base.hpp"

#include "tt_foil/dprint_stream.hpp"

#ifdef TF_COMPUTE_ROLE
constexpr std::uint32_t cb_addr_shift = 4;
#else
constexpr std::uint32_t cb_addr_shift = 0;
#endif

#define TF_CB_WRITE_WHY                                                                            \
    "writing a circular buffer's interface (get_local_cb_interface is read-only here: "            \
    "cb_reserve_back/cb_push_back/cb_wait_front/cb_pop_front move the CB)"
#define TF_CB_RD_PTR_COMPUTE_WHY                                                                   \
    "a CB's fifo_rd_ptr outside the unpacker's code (tt-metal keeps it on TRISC0 only: read or "   \
    "set it inside UNPACK(...))"
#define TF_CB_WR_PTR_COMPUTE_WHY                                                                   \
    "a CB's fifo_wr_ptr outside the packer's code (tt-metal keeps it on TRISC2 only: read or set " \
    "it inside PACK(...))"
#define TF_CB_INTERNAL_WHY                                                                         \
    "circular-buffer internals: use cb_pages_available_at_front/cb_pages_reservable_at_back"

namespace tf_ttm
{
enum class cb_field_kind { size, limit, page_size, num_pages, rd_ptr, wr_ptr };

// Converts from anything (a write's right-hand side).
struct any_value {
    template <class T> any_value(const T &);
};
// One field of the view: the CB's id; reading it reads the CB.
template <cb_field_kind K> struct cb_field {
    std::uint8_t cb;
    explicit constexpr cb_field(std::uint8_t c) : cb(c) {}
    cb_field(const cb_field &) = default;
    FORCE_INLINE operator std::uint32_t() const
    {
        const std::uint32_t size = TF_CB_CONFIG(cb).size;
        switch (K) {
        case cb_field_kind::size: return size >> cb_addr_shift;
        case cb_field_kind::limit: return (TF_CB_CONFIG(cb).addr + size) >> cb_addr_shift;
        case cb_field_kind::page_size: return TF_CB_CONFIG(cb).page_size >> cb_addr_shift;
        case cb_field_kind::num_pages: return TF_CB_CONFIG(cb).num_pages;
        case cb_field_kind::rd_ptr: return TF_CB_LOCAL(cb).rd_ptr;
        case cb_field_kind::wr_ptr: return TF_CB_LOCAL(cb).wr_ptr;
        }
        return 0;
    }
    // (one error a write: a parameter of any type, not a template, which
    // clang diagnosed twice)
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) cb_field &operator=(const cb_field &) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator+=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator-=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator*=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator/=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator%=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator&=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator|=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator^=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator<<=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator>>=(any_value) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator++() const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator++(int) const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator--() const;
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) void operator--(int) const;
};
#ifdef TF_COMPUTE_ROLE
// A compute kernel's own CB pointer (the header's comment): K rd_ptr on the
// unpacker, wr_ptr on the packer; 16-byte units.
template <cb_field_kind K> struct cb_ptr_field {
    std::uint8_t cb;
    explicit constexpr cb_ptr_field(std::uint8_t c) : cb(c) {}
    cb_ptr_field(const cb_ptr_field &) = default;
    FORCE_INLINE operator std::uint32_t() const
    {
        tf_cb_local &l = TF_CB_LOCAL(cb);
        return (K == cb_field_kind::rd_ptr ? l.rd_ptr : l.wr_ptr) >> cb_addr_shift;
    }
    FORCE_INLINE void set(std::uint32_t v) const
    {
        std::uint32_t a = v << cb_addr_shift, base = TF_CB_CONFIG(cb).addr;
        if (a - base >= TF_CB_CONFIG(cb).size)
            dev_fault(TF_FAULT_DETAIL_CB_PTR, cb | (K == cb_field_kind::wr_ptr) << 7, a);
        tf_cb_local &l = TF_CB_LOCAL(cb);
        (K == cb_field_kind::rd_ptr ? l.rd_ptr : l.wr_ptr) = a;
    }
    // (const: get_local_cb_interface gives a view; `a.fifo_rd_ptr =
    // b.fifo_rd_ptr` copies b's value, not the view)
    FORCE_INLINE const cb_ptr_field &operator=(const cb_ptr_field &o) const
    {
        set((std::uint32_t)o);
        return *this;
    }
    template <cb_field_kind J>
    FORCE_INLINE const cb_ptr_field &operator=(const cb_ptr_field<J> &o) const
    {
        set((std::uint32_t)o);
        return *this;
    }
    FORCE_INLINE const cb_ptr_field &operator=(std::uint32_t v) const
    {
        set(v);
        return *this;
    }
    FORCE_INLINE const cb_ptr_field &operator+=(std::uint32_t v) const
    {
        set((std::uint32_t) * this + v);
        return *this;
    }
    FORCE_INLINE const cb_ptr_field &operator-=(std::uint32_t v) const
    {
        set((std::uint32_t) * this - v);
        return *this;
    }
};
#endif
// DPRINT << get_local_cb_interface(cb).fifo_page_size prints the number.
template <cb_field_kind K> FORCE_INLINE DebugPrinter &operator<<(DebugPrinter &p, cb_field<K> f)
{
    return p << (std::uint32_t)f;
}
template <cb_field_kind K> FORCE_INLINE DebugPrinter &&operator<<(DebugPrinter &&p, cb_field<K> f)
{
    p << (std::uint32_t)f;
    return static_cast<DebugPrinter &&>(p);
}
} // namespace tf_ttm

// tt-metal's LocalCBInterface, as a read-only view (above).
struct LocalCBInterface {
    tf_ttm::cb_field<tf_ttm::cb_field_kind::size> fifo_size;
    tf_ttm::cb_field<tf_ttm::cb_field_kind::limit> fifo_limit;
    tf_ttm::cb_field<tf_ttm::cb_field_kind::page_size> fifo_page_size;
    tf_ttm::cb_field<tf_ttm::cb_field_kind::num_pages> fifo_num_pages;
#ifdef TF_COMPUTE_ROLE
#if TF_COMPUTE_ROLE == 0
    tf_ttm::cb_ptr_field<tf_ttm::cb_field_kind::rd_ptr> fifo_rd_ptr;
#else
    tf_ttm::unsupported_result fifo_rd_ptr TF_UNSUPPORTED(TF_CB_RD_PTR_COMPUTE_WHY);
#endif
#if TF_COMPUTE_ROLE == 2
    tf_ttm::cb_ptr_field<tf_ttm::cb_field_kind::wr_ptr> fifo_wr_ptr;
#else
    tf_ttm::unsupported_result fifo_wr_ptr TF_UNSUPPORTED(TF_CB_WR_PTR_COMPUTE_WHY);
#endif
#else
    tf_ttm::cb_field<tf_ttm::cb_field_kind::rd_ptr> fifo_rd_ptr;
    tf_ttm::cb_field<tf_ttm::cb_field_kind::wr_ptr> fifo_wr_ptr;
#endif
    // The page counters and the packer's tile position: internals.
    tf_ttm::unsupported_result tiles_acked TF_UNSUPPORTED(TF_CB_INTERNAL_WHY);
    tf_ttm::unsupported_result tiles_received TF_UNSUPPORTED(TF_CB_INTERNAL_WHY);
    tf_ttm::unsupported_result tiles_acked_received_init TF_UNSUPPORTED(TF_CB_INTERNAL_WHY);
    tf_ttm::unsupported_result fifo_wr_tile_ptr TF_UNSUPPORTED(
        "the packer's tile position (pack_tile<true>(dst, cb, index) packs at a page)");

    explicit constexpr LocalCBInterface(std::uint8_t cb)
        : fifo_size(cb), fifo_limit(cb), fifo_page_size(cb), fifo_num_pages(cb)
#if !defined(TF_COMPUTE_ROLE)
          ,
          fifo_rd_ptr(cb), fifo_wr_ptr(cb)
#elif TF_COMPUTE_ROLE == 0
          ,
          fifo_rd_ptr(cb)
#elif TF_COMPUTE_ROLE == 2
          ,
          fifo_wr_ptr(cb)
#endif
    {
    }
    // (a copy is a view of the same CB)
    constexpr LocalCBInterface(const LocalCBInterface &o) : LocalCBInterface(o.fifo_size.cb) {}
    TF_UNSUPPORTED(TF_CB_WRITE_WHY) LocalCBInterface &operator=(const LocalCBInterface &);
};

namespace tf_ttm
{
template <std::size_t... I> constexpr auto make_cb_interfaces(std::index_sequence<I...>)
{
    struct table {
        LocalCBInterface v[sizeof...(I)];
    };
    return table{{LocalCBInterface((std::uint8_t)I)...}};
}
inline constexpr auto cb_interfaces = make_cb_interfaces(std::make_index_sequence<TF_MAX_CBS>());
} // namespace tf_ttm

// tt-metal returns a reference to the RISC's own interface; here a
// reference to the view of CB cb (an id past the last faults, naming it).
// Nothing can write through it (every write is the compile error above).
FORCE_INLINE LocalCBInterface &get_local_cb_interface(std::uint32_t cb_id)
{
    tf_cb_check(cb_id);
    return const_cast<LocalCBInterface &>(tf_ttm::cb_interfaces.v[cb_id]);
}

#endif
