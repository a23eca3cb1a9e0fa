// tt-metal's Device 2.0 data-movement objects (namespace experimental:
// Noc, CircularBuffer, Semaphore, CoreLocalMem, UnicastEndpoint,
// MulticastEndpoint, AllocatorBank, and TensorAccessor pages as Noc
// sources and destinations), over the legacy functions of
// api/dataflow/dataflow_api.h: each object call is one of those calls, with
// their checks and modeled cost. Every experimental/*.h header includes this
// one, so any of them gives the whole set. docs/kernels.md (section 2) says
// how each differs from tt-metal; what is not provided (inline writes,
// multicast atomics) is a compile error naming the reason. Transaction ids
// (TxnIdMode::ENABLED, BarrierMode::TXN_ID) are the legacy calls with ids.
//
// The objects hold only an id or an address; a Noc transfer asks the
// source's and the destination's noc_traits_t for their addresses, as
// tt-metal's: noc_traits_t<T>::src_addr<Noc::AddressType::NOC or
// LOCAL_L1>(obj, noc, args) and dst_addr<...>(...), the args types
// src_args_type / dst_args_type / dst_args_mcast_type being what a call's
// designated initializers fill ({.page_id = i}, {.offset_bytes = 64},
// {.noc_x = x, .noc_y = y, .addr = a}). A kernel's own specialization for
// its own type works the same way.
#ifndef TF_TTM_DEVICE2_HPP
#define TF_TTM_DEVICE2_HPP

#include "api/dataflow/dataflow_api.h"
#include "tt_foil/cb_calls.hpp"

// What an inline write targets (tt-metal's, for noc_inline_dw_write and
// Noc::inline_dw_write's template argument: both refused).
#ifndef TF_TTM_INLINE_WRITE_DST
#define TF_TTM_INLINE_WRITE_DST
enum class InlineWriteDst : std::uint8_t { DEFAULT = 0, L1 = 1, REG = 2 };
#endif

namespace experimental
{
class Noc;

// A Noc source or destination type: specialized below for each kind this
// API moves. Any other type is this error at the Noc call (in the
// addresses, not the args: so that a call's `{}` args convert and the
// reason is the one error).
#define TF_D2_NO_TRAITS                                                                            \
    "not supported by tt-foil: a Noc source or destination of this type (tt-foil's Noc moves "     \
    "TensorAccessor pages, PageView, tensor_accessor::Page, CircularBuffer, "                      \
    "use<AddrSelector>(cb), "                                                                      \
    "CoreLocalMem, UnicastEndpoint, MulticastEndpoint and AllocatorBank)"
template <typename T> struct noc_traits_t {
    struct src_args_type {
    };
    struct dst_args_type {
    };
    struct dst_args_mcast_type {
    };
    template <auto> static std::uint64_t src_addr(const T &, const Noc &, const src_args_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_D2_NO_TRAITS);
        return 0;
    }
    template <auto> static std::uint64_t dst_addr(const T &, const Noc &, const dst_args_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_D2_NO_TRAITS);
        return 0;
    }
    template <auto>
    static std::uint64_t dst_addr_mcast(const T &, const Noc &, const dst_args_mcast_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_D2_NO_TRAITS);
        return 0;
    }
};

// A scoped "lock" of a region (tt-metal records it for its NoC debugging
// profiler): here a guard that does nothing when it ends but call its
// function.
template <typename ReleaseFunc> class Lock
{
  public:
    FORCE_INLINE Lock(ReleaseFunc release) : release_(release) {}
    FORCE_INLINE ~Lock()
    {
        release_();
    }
    Lock(const Lock &) = delete;
    Lock(Lock &&) = delete;
    Lock &operator=(const Lock &) = delete;
    Lock &operator=(Lock &&) = delete;

  private:
    ReleaseFunc release_;
};

class Noc
{
  public:
    enum class AddressType { NOC, LOCAL_L1 };
    enum class TxnIdMode { ENABLED, DISABLED };
    enum class ResponseMode { NON_POSTED, POSTED };
    enum class BarrierMode { TXN_ID, FULL };
    enum class McastMode { INCLUDE_SRC, EXCLUDE_SRC };
    enum class VcSelection { DEFAULT, CUSTOM };
    static constexpr std::uint32_t INVALID_TXN_ID = 0xFFFFFFFFu;

  private:
    template <typename T> using src_args_t = typename noc_traits_t<T>::src_args_type;
    template <typename T> using dst_args_t = typename noc_traits_t<T>::dst_args_type;
    template <typename T> using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

    // A source's or destination's address: a 64-bit NOC address, or an L1
    // address on this core.
    template <typename T, class A> FORCE_INLINE std::uint64_t src_noc(const T &t, const A &a) const
    {
        return (std::uint64_t)noc_traits_t<T>::template src_addr<AddressType::NOC>(t, *this, a);
    }
    template <typename T, class A> FORCE_INLINE std::uint32_t src_l1(const T &t, const A &a) const
    {
        return (std::uint32_t)noc_traits_t<T>::template src_addr<AddressType::LOCAL_L1>(t, *this,
                                                                                        a);
    }
    template <typename T, class A> FORCE_INLINE std::uint64_t dst_noc(const T &t, const A &a) const
    {
        return (std::uint64_t)noc_traits_t<T>::template dst_addr<AddressType::NOC>(t, *this, a);
    }
    template <typename T, class A> FORCE_INLINE std::uint32_t dst_l1(const T &t, const A &a) const
    {
        return (std::uint32_t)noc_traits_t<T>::template dst_addr<AddressType::LOCAL_L1>(t, *this,
                                                                                        a);
    }

  public:
    FORCE_INLINE Noc() : noc_(noc_index) {}
    FORCE_INLINE explicit Noc(std::uint8_t noc_id) : noc_(noc_id) {}

    FORCE_INLINE std::uint8_t get_noc_id() const
    {
        return noc_;
    }
    // Whether NOC coordinates (x, y), or a NOC address, are this core's.
    FORCE_INLINE bool is_local_bank(std::uint32_t virtual_x, std::uint32_t virtual_y) const
    {
        return virtual_x == my_x[noc_] && virtual_y == my_y[noc_];
    }
    FORCE_INLINE bool is_local_addr(const std::uint64_t noc_addr) const
    {
        return is_local_bank(NOC_UNICAST_ADDR_X(noc_addr), NOC_UNICAST_ADDR_Y(noc_addr));
    }

    // src (anywhere on the NOC) into dst (this core's L1): noc_async_read.
    template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void async_read(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                                 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                                 std::uint32_t read_req_vc = NOC_UNICAST_WRITE_VC,
                                 std::uint32_t trid = INVALID_TXN_ID) const
    {
        (void)trid;
        if constexpr (txn_id_mode == TxnIdMode::ENABLED) {
            static_assert(max_page_size <= NOC_MAX_BURST_SIZE,
                          "TxnIdMode::ENABLED reads are one-packet reads (max_page_size <= "
                          "NOC_MAX_BURST_SIZE), as in tt-metal");
            noc_async_read_set_trid(trid, noc_);
        }
        noc_async_read<max_page_size, enable_noc_tracing>(
            src_noc(src, src_args), dst_l1(dst, dst_args), size_bytes, noc_, read_req_vc);
    }
    // src (this core's L1) to dst (anywhere on the NOC): noc_async_write.
    // Writes are never posted here: POSTED is a non-posted write.
    template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
              ResponseMode response_mode = ResponseMode::NON_POSTED,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void async_write(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                                  const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                                  std::uint32_t vc = NOC_UNICAST_WRITE_VC,
                                  std::uint32_t trid = INVALID_TXN_ID) const
    {
        (void)trid;
        if constexpr (txn_id_mode == TxnIdMode::ENABLED) noc_async_write_set_trid(trid, noc_);
        noc_async_write<max_page_size, enable_noc_tracing, response_mode == ResponseMode::POSTED>(
            src_l1(src, src_args), dst_noc(dst, dst_args), size_bytes, noc_, vc);
    }
    // To every core of a rectangle (dst's dst_args_mcast_type): this core
    // too with INCLUDE_SRC (num_dsts counts it), as the legacy calls.
    template <McastMode mcast_mode = McastMode::EXCLUDE_SRC,
              TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
              ResponseMode response_mode = ResponseMode::NON_POSTED,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void
    async_write_multicast(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                          std::uint32_t num_dsts, const src_args_t<Src> &src_args,
                          const dst_args_mcast_t<Dst> &dst_args, bool linked = false,
                          std::uint32_t trid = INVALID_TXN_ID) const
    {
        static_assert(txn_id_mode == TxnIdMode::DISABLED,
                      "multicasts with a transaction id are not supported (as in tt-metal)");
        static_assert(response_mode == ResponseMode::NON_POSTED,
                      "multicast writes are non-posted (as in tt-metal)");
        (void)trid;
        const std::uint32_t from = src_l1(src, src_args);
        const std::uint64_t to =
            (std::uint64_t)noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this,
                                                                                        dst_args);
        if constexpr (mcast_mode == McastMode::INCLUDE_SRC)
            noc_async_write_multicast_loopback_src(from, to, size_bytes, num_dsts, linked, noc_);
        else
            noc_async_write_multicast<max_page_size>(from, to, size_bytes, num_dsts, linked, noc_);
    }

    // The stateful forms: set_*_state keeps the far end (and, for one
    // packet, the size), *_with_state gives the rest; the legacy
    // noc_async_*_with_state calls, one ordinary transfer each.
    template <VcSelection vc_selection = VcSelection::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
    FORCE_INLINE void set_async_read_state(const Src &src, std::uint32_t size_bytes,
                                           const src_args_t<Src> &src_args,
                                           std::uint8_t vc = 0) const
    {
        const std::uint64_t from = src_noc(src, src_args);
        if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
            noc_async_read_one_packet_set_state<vc_selection == VcSelection::CUSTOM>(
                from, size_bytes, vc, noc_);
        else
            noc_async_read_set_state(from, noc_);
    }
    template <VcSelection vc_selection = VcSelection::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
    FORCE_INLINE void
    async_read_with_state(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                          const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                          std::uint8_t vc = 0) const
    {
        const std::uint32_t from = (std::uint32_t)src_noc(src, src_args);
        if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
            noc_async_read_one_packet_with_state<true, vc_selection == VcSelection::CUSTOM>(
                from, dst_l1(dst, dst_args), vc, noc_);
        else
            noc_async_read_with_state(from, dst_l1(dst, dst_args), size_bytes, noc_);
    }
    // (the legacy one-packet write state is the only write state: a size
    // above NOC_MAX_BURST_SIZE is kept the same way)
    template <ResponseMode response_mode = ResponseMode::NON_POSTED,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
    FORCE_INLINE void set_async_write_state(const Dst &dst, std::uint32_t size_bytes,
                                            const dst_args_t<Dst> &dst_args,
                                            std::uint8_t vc = NOC_UNICAST_WRITE_VC) const
    {
        noc_async_write_one_packet_set_state<response_mode == ResponseMode::POSTED>(
            dst_noc(dst, dst_args), size_bytes, noc_, vc);
    }
    template <ResponseMode response_mode = ResponseMode::NON_POSTED,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
    FORCE_INLINE void
    async_write_with_state(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                           const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                           std::uint8_t vc = NOC_UNICAST_WRITE_VC) const
    {
        (void)vc;
        const std::uint32_t from = src_l1(src, src_args);
        const std::uint32_t to = (std::uint32_t)dst_noc(dst, dst_args);
        if constexpr (max_page_size <= NOC_MAX_BURST_SIZE) {
            noc_async_write_one_packet_with_state<response_mode == ResponseMode::POSTED>(from, to,
                                                                                         noc_);
        } else {
            tf_ttm::noc_write_with_state(noc_, from, to, size_bytes);
        }
    }

    // Barriers (per NOC); BarrierMode::TXN_ID: of trid's transfers alone.
    template <BarrierMode barrier_type = BarrierMode::FULL>
    FORCE_INLINE void async_read_barrier(std::uint32_t trid = INVALID_TXN_ID) const
    {
        if constexpr (barrier_type == BarrierMode::TXN_ID)
            noc_async_read_barrier_with_trid(trid, noc_);
        else
            noc_async_read_barrier(noc_);
    }
    template <BarrierMode barrier_type = BarrierMode::FULL>
    FORCE_INLINE void async_write_barrier(std::uint32_t trid = INVALID_TXN_ID) const
    {
        if constexpr (barrier_type == BarrierMode::TXN_ID)
            noc_async_write_barrier_with_trid(trid, noc_);
        else
            noc_async_write_barrier(noc_);
    }
    template <ResponseMode response_mode = ResponseMode::NON_POSTED,
              BarrierMode barrier_type = BarrierMode::FULL>
    FORCE_INLINE void async_writes_flushed(std::uint32_t trid = INVALID_TXN_ID) const
    {
        static_assert(
            !(response_mode == ResponseMode::POSTED && barrier_type == BarrierMode::TXN_ID),
            "posted writes' flush takes no transaction id (as in tt-metal)");
        if constexpr (response_mode == ResponseMode::POSTED)
            noc_async_posted_writes_flushed(noc_);
        else if constexpr (barrier_type == BarrierMode::TXN_ID)
            noc_async_write_flushed_with_trid(trid, noc_);
        else
            noc_async_writes_flushed(noc_);
    }
    FORCE_INLINE void async_atomic_barrier() const
    {
        noc_async_atomic_barrier(noc_);
    }
    FORCE_INLINE void async_full_barrier() const
    {
        noc_async_full_barrier(noc_);
    }

    // Inline (register) writes, refused as noc_inline_dw_write is: in
    // tt-metal's call shape (its destination args are braced), whatever its
    // template arguments (TxnIdMode, InlineWriteDst, ResponseMode).
    // (a static_assert: an `unavailable` member template is diagnosed twice)
    template <auto... tf_v_, typename Dst>
    void inline_dw_write(const Dst &, std::uint32_t, const dst_args_t<Dst> &, std::uint8_t = 0xF,
                         std::uint32_t = NOC_UNICAST_WRITE_VC, std::uint32_t = INVALID_TXN_ID) const
    {
        static_assert(tf_ttm::dependent_false<Dst>,
                      "not supported by tt-foil: Noc::inline_dw_write (inline (register) NOC "
                      "writes): write the word to L1 and async_write it");
    }

  private:
    std::uint8_t noc_;
};

// ---- circular buffers -------------------------------------------------------------
// The cb_* calls on one CB id (data-movement kernels).
class CircularBuffer : public tf_ttm::cb_calls
{
  public:
    enum class AddrSelector { WRITE_PTR, READ_PTR };

    using tf_ttm::cb_calls::cb_calls;
    FORCE_INLINE bool pages_reservable_at_back(std::int32_t num_pages) const
    {
        return cb_pages_reservable_at_back(cb_, (std::uint32_t)num_pages) != 0;
    }
    FORCE_INLINE bool pages_available_at_front(std::int32_t num_pages) const
    {
        return cb_pages_available_at_front(cb_, (std::uint32_t)num_pages) != 0;
    }
    FORCE_INLINE std::uint32_t get_write_ptr() const
    {
        return ::get_write_ptr(cb_);
    }
    FORCE_INLINE std::uint32_t get_read_ptr() const
    {
        return ::get_read_ptr(cb_);
    }
    [[nodiscard]] FORCE_INLINE auto scoped_lock()
    {
        return Lock([] {});
    }
};

// use<CircularBuffer::AddrSelector::READ_PTR>(cb): the CB's read (or write)
// pointer, whichever side of a transfer it is on.
template <CircularBuffer::AddrSelector AddrSel> struct CircularBufferView {
    const CircularBuffer &cb;
    explicit constexpr CircularBufferView(const CircularBuffer &c) : cb(c) {}
};
template <CircularBuffer::AddrSelector AddrSel>
constexpr CircularBufferView<AddrSel> use(const CircularBuffer &cb)
{
    return CircularBufferView<AddrSel>(cb);
}

namespace tf_d2
{
// The args of an L1 object (a CB, CoreLocalMem): a byte offset, and a
// rectangle when multicast to.
struct l1_args {
    std::uint32_t offset_bytes{};
};
struct l1_mcast_args {
    std::uint32_t noc_x_start{};
    std::uint32_t noc_y_start{};
    std::uint32_t noc_x_end{};
    std::uint32_t noc_y_end{};
    std::uint32_t offset_bytes{};
};
// An L1 object at `addr` of this core, as a transfer's end: its L1 address,
// or (a destination given a rectangle) the rectangle's.
template <Noc::AddressType T> FORCE_INLINE std::uint32_t local_only(std::uint32_t addr)
{
    static_assert(T == Noc::AddressType::LOCAL_L1,
                  "this source or destination is in this core's L1: it is the L1 end of a "
                  "transfer (a read's destination, a write's source)");
    return addr;
}
template <Noc::AddressType T>
FORCE_INLINE std::uint64_t mcast_of(std::uint32_t addr, const Noc &noc, const l1_mcast_args &a)
{
    static_assert(T == Noc::AddressType::NOC, "a multicast destination is a NOC address");
    return get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end, a.noc_y_end,
                                  addr + a.offset_bytes, noc.get_noc_id());
}
// Page `id` (+ offset) of an accessor: its NOC address, or as LOCAL_L1 its
// address in this core's L1 (tt-metal asserts the page is local; not
// checked here).
template <Noc::AddressType T> FORCE_INLINE auto page_addr(std::uint64_t noc_addr)
{
    if constexpr (T == Noc::AddressType::LOCAL_L1)
        return (std::uint32_t)noc_addr;
    else
        return noc_addr;
}
} // namespace tf_d2

template <> struct noc_traits_t<CircularBuffer> {
    using src_args_type = tf_d2::l1_args;
    using dst_args_type = tf_d2::l1_args;
    using dst_args_mcast_type = tf_d2::l1_mcast_args;
    // (a source: its read pointer; a destination: its write pointer)
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const CircularBuffer &cb, const Noc &, const src_args_type &a)
    {
        return tf_d2::local_only<T>(cb.get_read_ptr() + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const CircularBuffer &cb, const Noc &, const dst_args_type &a)
    {
        return tf_d2::local_only<T>(cb.get_write_ptr() + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr_mcast(const CircularBuffer &cb, const Noc &noc,
                                            const dst_args_mcast_type &a)
    {
        return tf_d2::mcast_of<T>(cb.get_write_ptr(), noc, a);
    }
};
template <CircularBuffer::AddrSelector AddrSel> struct noc_traits_t<CircularBufferView<AddrSel>> {
    using src_args_type = tf_d2::l1_args;
    using dst_args_type = tf_d2::l1_args;
    using dst_args_mcast_type = tf_d2::l1_mcast_args;
    static FORCE_INLINE std::uint32_t ptr(const CircularBufferView<AddrSel> &v)
    {
        return AddrSel == CircularBuffer::AddrSelector::READ_PTR ? v.cb.get_read_ptr()
                                                                 : v.cb.get_write_ptr();
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const CircularBufferView<AddrSel> &v, const Noc &,
                                      const src_args_type &a)
    {
        return tf_d2::local_only<T>(ptr(v) + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const CircularBufferView<AddrSel> &v, const Noc &,
                                      const dst_args_type &a)
    {
        return tf_d2::local_only<T>(ptr(v) + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr_mcast(const CircularBufferView<AddrSel> &v, const Noc &noc,
                                            const dst_args_mcast_type &a)
    {
        return tf_d2::mcast_of<T>(ptr(v), noc, a);
    }
};

// ---- this core's L1 ------------------------------------------------------------------
// A typed pointer into this core's L1 (T volatile for words another RISC or
// core writes), with pointer arithmetic in elements of T.
template <typename T, typename AddressType = std::uintptr_t> class CoreLocalMem
{
    static_assert(std::is_integral<AddressType>::value && std::is_unsigned<AddressType>::value,
                  "CoreLocalMem: AddressType is an unsigned integral type");
    using difference_type = std::ptrdiff_t;

  public:
    FORCE_INLINE CoreLocalMem(AddressType address) : addr_(address) {}
    FORCE_INLINE CoreLocalMem(T *ptr) : addr_(reinterpret_cast<AddressType>(ptr)) {}
    CoreLocalMem(const CoreLocalMem &) = default;
    CoreLocalMem &operator=(const CoreLocalMem &) = default;

    FORCE_INLINE T *get_unsafe_ptr() const
    {
        return reinterpret_cast<T *>(addr_);
    }
    FORCE_INLINE AddressType get_address() const
    {
        return addr_;
    }
    FORCE_INLINE T &operator[](std::uint32_t index) const
    {
        return get_unsafe_ptr()[index];
    }
    FORCE_INLINE T &operator*() const
    {
        return *get_unsafe_ptr();
    }
    FORCE_INLINE T *operator->() const
    {
        return get_unsafe_ptr();
    }
    FORCE_INLINE CoreLocalMem &operator+=(difference_type n)
    {
        addr_ += (AddressType)(n * (difference_type)sizeof(T));
        return *this;
    }
    FORCE_INLINE CoreLocalMem &operator-=(difference_type n)
    {
        addr_ -= (AddressType)(n * (difference_type)sizeof(T));
        return *this;
    }
    FORCE_INLINE CoreLocalMem &operator++()
    {
        return *this += 1;
    }
    FORCE_INLINE CoreLocalMem &operator--()
    {
        return *this -= 1;
    }
    FORCE_INLINE CoreLocalMem operator++(int)
    {
        CoreLocalMem was = *this;
        *this += 1;
        return was;
    }
    FORCE_INLINE CoreLocalMem operator--(int)
    {
        CoreLocalMem was = *this;
        *this -= 1;
        return was;
    }
    FORCE_INLINE CoreLocalMem operator+(difference_type n) const
    {
        CoreLocalMem r = *this;
        return r += n;
    }
    FORCE_INLINE CoreLocalMem operator-(difference_type n) const
    {
        CoreLocalMem r = *this;
        return r -= n;
    }
    FORCE_INLINE difference_type operator-(const CoreLocalMem &o) const
    {
        return ((difference_type)addr_ - (difference_type)o.addr_) / (difference_type)sizeof(T);
    }
    [[nodiscard]] FORCE_INLINE auto scoped_lock(std::size_t num_elements)
    {
        (void)num_elements;
        return Lock([] {});
    }
    FORCE_INLINE bool operator==(const CoreLocalMem &o) const
    {
        return addr_ == o.addr_;
    }
    FORCE_INLINE bool operator!=(const CoreLocalMem &o) const
    {
        return addr_ != o.addr_;
    }
    FORCE_INLINE bool operator<(const CoreLocalMem &o) const
    {
        return addr_ < o.addr_;
    }
    FORCE_INLINE bool operator<=(const CoreLocalMem &o) const
    {
        return addr_ <= o.addr_;
    }
    FORCE_INLINE bool operator>(const CoreLocalMem &o) const
    {
        return addr_ > o.addr_;
    }
    FORCE_INLINE bool operator>=(const CoreLocalMem &o) const
    {
        return addr_ >= o.addr_;
    }
    FORCE_INLINE explicit operator bool() const
    {
        return addr_ != 0;
    }

  private:
    AddressType addr_;
};

template <typename T, typename AddressType> struct noc_traits_t<CoreLocalMem<T, AddressType>> {
    struct src_args_type {
        AddressType offset_bytes = 0;
    };
    struct dst_args_type {
        AddressType offset_bytes = 0;
    };
    struct dst_args_mcast_type {
    };
    template <Noc::AddressType K>
    static FORCE_INLINE auto src_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
                                      const src_args_type &a)
    {
        return tf_d2::local_only<K>((std::uint32_t)(m.get_address() + a.offset_bytes));
    }
    template <Noc::AddressType K>
    static FORCE_INLINE auto dst_addr(const CoreLocalMem<T, AddressType> &m, const Noc &,
                                      const dst_args_type &a)
    {
        return tf_d2::local_only<K>((std::uint32_t)(m.get_address() + a.offset_bytes));
    }
    template <Noc::AddressType K>
    static std::uint64_t dst_addr_mcast(const CoreLocalMem<T, AddressType> &, const Noc &,
                                        const dst_args_mcast_type &)
    {
        static_assert(tf_ttm::dependent_false<T>,
                      "a CoreLocalMem is no multicast destination (as in tt-metal): use a "
                      "MulticastEndpoint with its address");
        return 0;
    }
};

// ---- endpoints: an address anywhere on the NOC, given with each transfer -----------
struct UnicastEndpoint {
    FORCE_INLINE std::uint64_t get_noc_unicast_addr(std::uint32_t noc_x, std::uint32_t noc_y,
                                                    std::uint32_t addr, std::uint8_t noc) const
    {
        return ::get_noc_addr(noc_x, noc_y, addr, noc);
    }
};
struct MulticastEndpoint {
    FORCE_INLINE std::uint64_t get_noc_multicast_addr(std::uint32_t noc_x_start,
                                                      std::uint32_t noc_y_start,
                                                      std::uint32_t noc_x_end,
                                                      std::uint32_t noc_y_end, std::uint32_t addr,
                                                      std::uint8_t noc) const
    {
        return ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr, noc);
    }
};
enum AllocatorBankType { L1, DRAM };
// A bank of the device's DRAM or L1 banks (get_noc_addr_from_bank_id).
template <AllocatorBankType bank_type> struct AllocatorBank {
    FORCE_INLINE std::uint64_t get_noc_addr_from_bank_id(std::uint32_t bank_id, std::uint32_t addr,
                                                         std::uint8_t noc) const
    {
        return ::get_noc_addr_from_bank_id<bank_type == AllocatorBankType::DRAM>(bank_id, addr,
                                                                                 noc);
    }
};

namespace tf_d2
{
struct xy_args {
    std::uint32_t noc_x{};
    std::uint32_t noc_y{};
    std::uint32_t addr{};
};
struct bank_args {
    std::uint32_t bank_id{};
    std::uint32_t addr{};
};
template <Noc::AddressType T> FORCE_INLINE void noc_only()
{
    static_assert(T == Noc::AddressType::NOC,
                  "this source or destination is a NOC address: it is the far end of a transfer "
                  "(a read's source, a write's destination)");
}
} // namespace tf_d2

// (as LOCAL_L1, the address alone: this core's L1, as in tt-metal)
template <> struct noc_traits_t<UnicastEndpoint> {
    using src_args_type = tf_d2::xy_args;
    using dst_args_type = tf_d2::xy_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto at(const UnicastEndpoint &e, const Noc &noc, const tf_d2::xy_args &a)
    {
        if constexpr (T == Noc::AddressType::LOCAL_L1)
            return a.addr;
        else
            return e.get_noc_unicast_addr(a.noc_x, a.noc_y, a.addr, noc.get_noc_id());
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const UnicastEndpoint &e, const Noc &noc,
                                      const src_args_type &a)
    {
        return at<T>(e, noc, a);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const UnicastEndpoint &e, const Noc &noc,
                                      const dst_args_type &a)
    {
        return at<T>(e, noc, a);
    }
};
template <> struct noc_traits_t<MulticastEndpoint> {
    struct dst_args_mcast_type {
        std::uint32_t noc_x_start{};
        std::uint32_t noc_y_start{};
        std::uint32_t noc_x_end{};
        std::uint32_t noc_y_end{};
        std::uint32_t addr{};
    };
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint64_t dst_addr_mcast(const MulticastEndpoint &e, const Noc &noc,
                                                     const dst_args_mcast_type &a)
    {
        tf_d2::noc_only<T>();
        return e.get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end, a.noc_y_end,
                                        a.addr, noc.get_noc_id());
    }
};
template <AllocatorBankType bank_type> struct noc_traits_t<AllocatorBank<bank_type>> {
    using src_args_type = tf_d2::bank_args;
    using dst_args_type = tf_d2::bank_args;
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint64_t src_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
                                               const src_args_type &a)
    {
        tf_d2::noc_only<T>();
        return b.get_noc_addr_from_bank_id(a.bank_id, a.addr, noc.get_noc_id());
    }
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint64_t dst_addr(const AllocatorBank<bank_type> &b, const Noc &noc,
                                               const dst_args_type &a)
    {
        tf_d2::noc_only<T>();
        return b.get_noc_addr_from_bank_id(a.bank_id, a.addr, noc.get_noc_id());
    }
};

// ---- tensors: page page_id (+ offset_bytes) of an accessor or its PageView, or one Page ---
namespace tf_d2
{
struct page_args {
    std::uint32_t page_id{};
    std::uint32_t offset_bytes = 0;
};
struct offset_args {
    std::uint32_t offset_bytes = 0;
};
} // namespace tf_d2
template <typename Args> struct noc_traits_t<TensorAccessor<Args>> {
    using src_args_type = tf_d2::page_args;
    using dst_args_type = tf_d2::page_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const TensorAccessor<Args> &t, const Noc &noc,
                                      const src_args_type &a)
    {
        return tf_d2::page_addr<T>(t.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const TensorAccessor<Args> &t, const Noc &noc,
                                      const dst_args_type &a)
    {
        return tf_d2::page_addr<T>(t.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
};
template <typename A> struct noc_traits_t<::PageView<A>> {
    using src_args_type = tf_d2::page_args;
    using dst_args_type = tf_d2::page_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const ::PageView<A> &v, const Noc &noc,
                                      const src_args_type &a)
    {
        return tf_d2::page_addr<T>(v.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const ::PageView<A> &v, const Noc &noc,
                                      const dst_args_type &a)
    {
        return tf_d2::page_addr<T>(v.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
};
template <> struct noc_traits_t<tensor_accessor::Page> {
    using src_args_type = tf_d2::offset_args;
    using dst_args_type = tf_d2::offset_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const tensor_accessor::Page &p, const Noc &,
                                      const src_args_type &a)
    {
        return tf_d2::page_addr<T>(p.noc_addr() + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const tensor_accessor::Page &p, const Noc &,
                                      const dst_args_type &a)
    {
        return tf_d2::page_addr<T>(p.noc_addr() + a.offset_bytes);
    }
};

// ---- semaphores ------------------------------------------------------------------------
// Semaphore `id` of this core (tf_program_set_semaphore), and the same
// semaphore of other cores by their NOC coordinates.
template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX> class Semaphore
{
  public:
    FORCE_INLINE explicit Semaphore(std::uint32_t semaphore_id)
        : addr_((std::uint32_t)get_semaphore<core_type>(semaphore_id))
    {
    }
    // This core's semaphore += value (not atomic, as tt-metal's).
    FORCE_INLINE void up(std::uint32_t value)
    {
        *word() += value;
    }
    // Core (noc_x, noc_y)'s semaphore += value, atomically (noc_semaphore_inc).
    FORCE_INLINE void up(const Noc &noc, std::uint32_t noc_x, std::uint32_t noc_y,
                         std::uint32_t value, std::uint8_t vc = NOC_UNICAST_WRITE_VC)
    {
        noc_semaphore_inc(::get_noc_addr(noc_x, noc_y, addr_), value, noc.get_noc_id(), vc);
    }
    // Waits (sleeping) until it is at least value, then takes value off.
    FORCE_INLINE void down(std::uint32_t value)
    {
        noc_semaphore_wait_min(word(), value);
        *word() -= value;
    }
    FORCE_INLINE void wait(std::uint32_t value)
    {
        noc_semaphore_wait(word(), value);
    }
    FORCE_INLINE void wait_min(std::uint32_t value)
    {
        noc_semaphore_wait_min(word(), value);
    }
    FORCE_INLINE void set(std::uint32_t value)
    {
        noc_semaphore_set(word(), value);
    }
    // This core's value to the same semaphore of every core of a rectangle.
    template <Noc::McastMode mcast_mode = Noc::McastMode::EXCLUDE_SRC>
    FORCE_INLINE void set_multicast(const Noc &noc, std::uint32_t noc_x_start,
                                    std::uint32_t noc_y_start, std::uint32_t noc_x_end,
                                    std::uint32_t noc_y_end, std::uint32_t num_dests,
                                    bool linked = false)
    {
        const std::uint64_t to = ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end,
                                                          noc_y_end, addr_, noc.get_noc_id());
        if constexpr (mcast_mode == Noc::McastMode::INCLUDE_SRC)
            noc_semaphore_set_multicast_loopback_src(addr_, to, num_dests, linked,
                                                     noc.get_noc_id());
        else
            noc_semaphore_set_multicast(addr_, to, num_dests, linked, noc.get_noc_id());
    }
    // value added to this semaphore on every core of a rectangle but this one
    // (noc_semaphore_inc_multicast)
    FORCE_INLINE void inc_multicast(const Noc &noc, std::uint32_t noc_x_start,
                                    std::uint32_t noc_y_start, std::uint32_t noc_x_end,
                                    std::uint32_t noc_y_end, std::uint32_t value,
                                    std::uint32_t num_dests)
    {
        tf_ttm::sem_inc_multicast(noc.get_noc_id(), addr_, noc_x_start, noc_y_start, noc_x_end,
                                  noc_y_end, value, num_dests);
    }

  private:
    FORCE_INLINE volatile std::uint32_t *word() const
    {
        return reinterpret_cast<volatile std::uint32_t *>((std::uintptr_t)addr_);
    }
    std::uint32_t addr_;
};
} // namespace experimental

#endif
