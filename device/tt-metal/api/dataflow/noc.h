// tt-metal's api/dataflow/noc.h: the Noc object outside `experimental`
// (2026), with its NocOptions flags and NocOptVals values instead of
// experimental::Noc's template enums, and its own noc_traits_t
// customization point. Each call is one legacy call (noc_async_read,
// noc_async_write, ...), with their checks and modeled cost, as
// tt_foil/device2.hpp's experimental::Noc.
//
// A Noc source or destination is found as tt-metal's: the type's
// ::noc_traits_t, asked for src_addr<Noc::AddressType::NOC or LOCAL_L1>(obj,
// noc, args) and dst_addr / dst_addr_mcast, the args being the
// src_args_type / dst_args_type / dst_args_mcast_type a call's braces fill.
// Specialized for TensorAccessor and tensor_accessor::Page
// (api/tensor/noc_traits.h), DataflowBuffer (api/dataflow/dataflow_buffer.h),
// and here for the objects shared with experimental:: (CircularBuffer and
// use<AddrSelector>(cb), CoreLocalMem, UnicastEndpoint, MulticastEndpoint,
// AllocatorBank: the same types, api/dataflow/endpoints.h,
// api/core_local_mem.h and api/dataflow/circular_buffer.h name them at the
// top level). A kernel's own specialization works the same way.
//
// NocOptions::TXN_ID (transaction ids) on reads, writes and their
// barriers, and is_read_trid_flushed, are the legacy calls with ids
// (dataflow_api.h); stateful writes and multicasts take none, as in
// tt-metal. Refused, with the reason (docs/kernels.md section 2):
// inline_dw_write and INLINE_L1/INLINE_REG (inline writes). POSTED writes
// are non-posted writes.
#ifndef TF_TTM_API_DATAFLOW_NOC_H
#define TF_TTM_API_DATAFLOW_NOC_H

#include "api/dataflow/dataflow_api.h"
#include "tt_foil/device2.hpp"

#define TF_NOC_NO_TRAITS                                                                           \
    "not supported by tt-foil: a Noc source or destination of this type (tt-foil's Noc moves "     \
    "TensorAccessor pages, PageView, tensor_accessor::Page, DataflowBuffer, CircularBuffer, "      \
    "use<AddrSelector>(cb), CoreLocalMem, UnicastEndpoint, MulticastEndpoint and AllocatorBank; "  \
    "TensorAccessor's and Page's are in api/tensor/noc_traits.h)"

class Noc;
class DataflowBuffer;

// The args of a DataflowBuffer end of a transfer: a byte offset from its
// read (a source) or write (a destination) pointer.
struct DataflowBufferArgs {
    std::uint32_t offset_bytes{};
};

// Any other type is this error at the Noc call (in the addresses, so that
// a call's `{}` args convert and the reason is the one error).
template <typename T> struct noc_traits_t {
    struct src_args_type {
    };
    struct dst_args_type {
    };
    struct dst_args_mcast_type {
    };
    template <auto> static std::uint64_t src_addr(const T &, const Noc &, const src_args_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_NOC_NO_TRAITS);
        return 0;
    }
    template <auto> static std::uint64_t dst_addr(const T &, const Noc &, const dst_args_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_NOC_NO_TRAITS);
        return 0;
    }
    template <auto>
    static std::uint64_t dst_addr_mcast(const T &, const Noc &, const dst_args_mcast_type &)
    {
        static_assert(tf_ttm::dependent_false<T>, TF_NOC_NO_TRAITS);
        return 0;
    }
};

// A call's options, OR-ed: noc.async_write<NocOptions::POSTED | NocOptions::CUSTOM_VC>.
enum class NocOptions : std::uint32_t {
    DEFAULT = 0,
    TXN_ID = 1u << 0,         // a transaction id: NocOptVals::trid
    POSTED = 1u << 1,         // a posted write (non-posted here, as experimental::Noc's)
    CUSTOM_VC = 1u << 2,      // NocOptVals::vc, not the default virtual channel
    MCAST_INCL_SRC = 1u << 3, // a multicast to this core too
    INLINE_L1 = 1u << 4,      // refused: inline writes
    INLINE_REG = 1u << 5,     // refused: inline writes
};
constexpr NocOptions operator|(NocOptions a, NocOptions b) noexcept
{
    return static_cast<NocOptions>(static_cast<std::uint32_t>(a) | static_cast<std::uint32_t>(b));
}
constexpr bool has_flag(NocOptions opts, NocOptions flag) noexcept
{
    return (static_cast<std::uint32_t>(opts) & static_cast<std::uint32_t>(flag)) != 0;
}

// The values some options use: vc with CUSTOM_VC, trid with TXN_ID.
struct NocOptVals {
    std::uint32_t vc = NOC_UNICAST_WRITE_VC;
    std::uint32_t trid = 0;
};

class Noc
{
  public:
    enum class AddressType { NOC, LOCAL_L1 };
    static constexpr std::uint32_t INVALID_TXN_ID = 0xFFFFFFFFu;

  private:
    template <typename T> using src_args_t = typename noc_traits_t<T>::src_args_type;
    template <typename T> using dst_args_t = typename noc_traits_t<T>::dst_args_type;
    template <typename T> using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

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
    template <NocOptions opts> static FORCE_INLINE std::uint32_t vc_of(const NocOptVals &v)
    {
        return has_flag(opts, NocOptions::CUSTOM_VC) ? v.vc : (std::uint32_t)NOC_UNICAST_WRITE_VC;
    }

  public:
    FORCE_INLINE Noc() : noc_(noc_index) {}
    FORCE_INLINE explicit Noc(std::uint8_t noc_id) : noc_(noc_id) {}

    FORCE_INLINE std::uint8_t get_noc_id() const
    {
        return noc_;
    }
    FORCE_INLINE bool is_local_bank(std::uint32_t virtual_x, std::uint32_t virtual_y) const
    {
        return virtual_x == my_x[noc_] && virtual_y == my_y[noc_];
    }
    FORCE_INLINE bool is_local_addr(const std::uint64_t noc_addr) const
    {
        return is_local_bank(NOC_UNICAST_ADDR_X(noc_addr), NOC_UNICAST_ADDR_Y(noc_addr));
    }

    // src (anywhere on the NOC) into dst (this core's L1): noc_async_read.
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void async_read(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                                 const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                                 const NocOptVals &noc_opts = {}) const
    {
        if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_read_set_trid(noc_opts.trid, noc_);
        noc_async_read<max_page_size, enable_noc_tracing>(
            src_noc(src, src_args), dst_l1(dst, dst_args), size_bytes, noc_, vc_of<opts>(noc_opts));
    }
    // The stateful reads: set_async_read_state keeps the far end (and, for
    // one packet, the size), async_read_with_state gives the rest.
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
    FORCE_INLINE void set_async_read_state(const Src &src, std::uint32_t size_bytes,
                                           const src_args_t<Src> &src_args,
                                           const NocOptVals &noc_opts = {}) const
    {
        const std::uint64_t from = src_noc(src, src_args);
        if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
            noc_async_read_one_packet_set_state<has_flag(opts, NocOptions::CUSTOM_VC)>(
                from, size_bytes, noc_opts.vc, noc_);
        else
            noc_async_read_set_state(from, noc_);
        /* (the id: the tag the with_state reads after it carry) */
        if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_read_set_trid(noc_opts.trid, noc_);
    }
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
    FORCE_INLINE void
    async_read_with_state(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                          const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                          const NocOptVals &noc_opts = {}) const
    {
        const std::uint32_t from = (std::uint32_t)src_noc(src, src_args);
        if constexpr (has_flag(opts, NocOptions::TXN_ID)) {
            static_assert(max_page_size <= NOC_MAX_BURST_SIZE,
                          "NocOptions::TXN_ID on async_read_with_state is for one-packet reads "
                          "(max_page_size <= NOC_MAX_BURST_SIZE), as in tt-metal");
            noc_async_read_one_packet_with_state_with_trid(0, from, dst_l1(dst, dst_args),
                                                           noc_opts.trid, noc_);
        } else if constexpr (max_page_size <= NOC_MAX_BURST_SIZE)
            noc_async_read_one_packet_with_state<true, has_flag(opts, NocOptions::CUSTOM_VC)>(
                from, dst_l1(dst, dst_args), noc_opts.vc, noc_);
        else
            noc_async_read_with_state(from, dst_l1(dst, dst_args), size_bytes, noc_);
    }

    // src (this core's L1) to dst (anywhere on the NOC): noc_async_write.
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void async_write(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                                  const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                                  const NocOptVals &noc_opts = {}) const
    {
        if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_write_set_trid(noc_opts.trid, noc_);
        noc_async_write<max_page_size, enable_noc_tracing, has_flag(opts, NocOptions::POSTED)>(
            src_l1(src, src_args), dst_noc(dst, dst_args), size_bytes, noc_, vc_of<opts>(noc_opts));
    }
    // To every core of a rectangle (dst's dst_args_mcast_type); this core
    // too with MCAST_INCL_SRC (num_dsts counts it), as the legacy calls.
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              typename Src, typename Dst>
    FORCE_INLINE void
    async_write_multicast(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                          std::uint32_t num_dsts, const src_args_t<Src> &src_args,
                          const dst_args_mcast_t<Dst> &dst_args, bool linked = false) const
    {
        static_assert(!has_flag(opts, NocOptions::TXN_ID),
                      "multicasts with a transaction id are not supported (as in tt-metal)");
        static_assert(!has_flag(opts, NocOptions::POSTED),
                      "multicast writes are non-posted (as in tt-metal)");
        const std::uint32_t from = src_l1(src, src_args);
        const std::uint64_t to =
            (std::uint64_t)noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this,
                                                                                        dst_args);
        if constexpr (has_flag(opts, NocOptions::MCAST_INCL_SRC))
            noc_async_write_multicast_loopback_src(from, to, size_bytes, num_dsts, linked, noc_);
        else
            noc_async_write_multicast<max_page_size>(from, to, size_bytes, num_dsts, linked, noc_);
    }
    // The stateful writes (the legacy one-packet write state is the only
    // write state: a size above NOC_MAX_BURST_SIZE is kept the same way).
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
    FORCE_INLINE void set_async_write_state(const Dst &dst, std::uint32_t size_bytes,
                                            const dst_args_t<Dst> &dst_args,
                                            const NocOptVals &noc_opts = {}) const
    {
        static_assert(!has_flag(opts, NocOptions::TXN_ID),
                      "NocOptions::TXN_ID is no option of the stateful writes (as in tt-metal)");
        noc_async_write_one_packet_set_state<has_flag(opts, NocOptions::POSTED)>(
            dst_noc(dst, dst_args), size_bytes, noc_, (std::uint8_t)noc_opts.vc);
    }
    template <NocOptions opts = NocOptions::DEFAULT,
              std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src, typename Dst>
    FORCE_INLINE void
    async_write_with_state(const Src &src, const Dst &dst, std::uint32_t size_bytes,
                           const src_args_t<Src> &src_args, const dst_args_t<Dst> &dst_args,
                           const NocOptVals &noc_opts = {}) const
    {
        static_assert(!has_flag(opts, NocOptions::TXN_ID),
                      "NocOptions::TXN_ID is no option of the stateful writes (as in tt-metal)");
        (void)noc_opts; // (its vc is the state's, as in tt-metal)
        const std::uint32_t from = src_l1(src, src_args);
        const std::uint32_t to = (std::uint32_t)dst_noc(dst, dst_args);
        if constexpr (max_page_size <= NOC_MAX_BURST_SIZE) {
            noc_async_write_one_packet_with_state<has_flag(opts, NocOptions::POSTED)>(from, to,
                                                                                      noc_);
        } else {
            tf_ttm::noc_write_with_state(noc_, from, to, size_bytes);
        }
    }

    // Inline (register) writes, refused as noc_inline_dw_write is, whatever
    // the options.
    template <NocOptions opts = NocOptions::DEFAULT, typename Dst>
    void inline_dw_write(const Dst &, std::uint32_t, const dst_args_t<Dst> &, std::uint8_t = 0xF,
                         const NocOptVals & = {}) const
    {
        static_assert(tf_ttm::dependent_false<Dst>,
                      "not supported by tt-foil: Noc::inline_dw_write (inline (register) NOC "
                      "writes): write the word to L1 and async_write it");
    }
    // Whether every read tagged trid has landed, without waiting.
    FORCE_INLINE bool is_read_trid_flushed(std::uint32_t trid) const
    {
        return ncrisc_noc_read_with_transaction_id_flushed(noc_, trid);
    }

    // Barriers (per NOC); with TXN_ID, of noc_opts.trid's transfers alone.
    template <NocOptions opts = NocOptions::DEFAULT>
    FORCE_INLINE void async_read_barrier(const NocOptVals &noc_opts = {}) const
    {
        if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_read_barrier_with_trid(noc_opts.trid, noc_);
        else
            noc_async_read_barrier(noc_);
    }
    template <NocOptions opts = NocOptions::DEFAULT>
    FORCE_INLINE void async_write_barrier(const NocOptVals &noc_opts = {}) const
    {
        if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_write_barrier_with_trid(noc_opts.trid, noc_);
        else
            noc_async_write_barrier(noc_);
    }
    template <NocOptions opts = NocOptions::DEFAULT>
    FORCE_INLINE void async_writes_flushed(const NocOptVals &noc_opts = {}) const
    {
        static_assert(!(has_flag(opts, NocOptions::POSTED) && has_flag(opts, NocOptions::TXN_ID)),
                      "posted writes' flush takes no NocOptions::TXN_ID (as in tt-metal)");
        if constexpr (has_flag(opts, NocOptions::POSTED))
            noc_async_posted_writes_flushed(noc_);
        else if constexpr (has_flag(opts, NocOptions::TXN_ID))
            noc_async_write_flushed_with_trid(noc_opts.trid, noc_);
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

    // Zeroing. (1) size_bytes of a CircularBuffer's or DataflowBuffer's L1
    // from its write pointer (+ args.offset_bytes): reads of this core's
    // MEM_ZEROS, waited for by write_zeros_l1_barrier. (2) size_bytes of a
    // tensor's page (args: page_id, offset_bytes) from the zeros already at
    // scratch's read pointer (at most NOC_MAX_BURST_SIZE of them, as
    // tt-metal reads), waited for by write_zeros_dram_barrier.
    template <typename Dst>
    FORCE_INLINE void async_write_zeros(const Dst &dst, std::uint32_t size_bytes,
                                        const dst_args_t<Dst> &args = {}) const
    {
        const std::uint32_t to = dst_l1(dst, args);
        const std::uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE, noc_);
        for (std::uint32_t done = 0; done < size_bytes;) {
            const std::uint32_t n =
                size_bytes - done < MEM_ZEROS_SIZE ? size_bytes - done : MEM_ZEROS_SIZE;
            noc_async_read(zeros, to + done, n, noc_);
            done += n;
        }
    }
    template <typename Args, typename Scratch>
    FORCE_INLINE void
    async_write_zeros(const ::TensorAccessor<Args> &accessor, std::uint32_t size_bytes,
                      const dst_args_t<::TensorAccessor<Args>> &args, const Scratch &scratch) const
    {
        const std::uint32_t from =
            (std::uint32_t)noc_traits_t<Scratch>::template src_addr<AddressType::LOCAL_L1>(
                scratch, *this, {});
        const std::uint64_t to = dst_noc(accessor, args);
        for (std::uint32_t done = 0; done < size_bytes;) {
            const std::uint32_t n =
                size_bytes - done < NOC_MAX_BURST_SIZE ? size_bytes - done : NOC_MAX_BURST_SIZE;
            noc_async_write(from, to + done, n, noc_);
            done += n;
        }
    }
    FORCE_INLINE void write_zeros_l1_barrier() const
    {
        noc_async_read_barrier(noc_);
    }
    FORCE_INLINE void write_zeros_dram_barrier() const
    {
        noc_async_write_barrier(noc_);
    }

  private:
    std::uint8_t noc_;
};

// ---- the objects shared with experimental:: -----------------------------------------
// Their experimental:: traits, asked with this Noc's number.
namespace tf_ttm
{
template <Noc::AddressType A>
inline constexpr auto exp_addr_type =
    A == Noc::AddressType::NOC ? experimental::Noc::AddressType::NOC
                               : experimental::Noc::AddressType::LOCAL_L1;
template <typename T> struct exp_traits {
    using E = experimental::noc_traits_t<T>;
    template <Noc::AddressType A, class E2 = E>
    static FORCE_INLINE auto src_addr(const T &t, const Noc &noc,
                                      const typename E2::src_args_type &a)
    {
        return E2::template src_addr<exp_addr_type<A>>(t, experimental::Noc(noc.get_noc_id()), a);
    }
    template <Noc::AddressType A, class E2 = E>
    static FORCE_INLINE auto dst_addr(const T &t, const Noc &noc,
                                      const typename E2::dst_args_type &a)
    {
        return E2::template dst_addr<exp_addr_type<A>>(t, experimental::Noc(noc.get_noc_id()), a);
    }
    template <Noc::AddressType A, class E2 = E>
    static FORCE_INLINE auto dst_addr_mcast(const T &t, const Noc &noc,
                                            const typename E2::dst_args_mcast_type &a)
    {
        return E2::template dst_addr_mcast<exp_addr_type<A>>(t, experimental::Noc(noc.get_noc_id()),
                                                             a);
    }
};
} // namespace tf_ttm

#define TF_NOC_EXP_ARGS(...)                                                                       \
    using src_args_type = typename experimental::noc_traits_t<__VA_ARGS__>::src_args_type;         \
    using dst_args_type = typename experimental::noc_traits_t<__VA_ARGS__>::dst_args_type;         \
    using dst_args_mcast_type =                                                                    \
        typename experimental::noc_traits_t<__VA_ARGS__>::dst_args_mcast_type

template <>
struct noc_traits_t<experimental::CircularBuffer>
    : tf_ttm::exp_traits<experimental::CircularBuffer> {
    TF_NOC_EXP_ARGS(experimental::CircularBuffer);
};
template <experimental::CircularBuffer::AddrSelector S>
struct noc_traits_t<experimental::CircularBufferView<S>>
    : tf_ttm::exp_traits<experimental::CircularBufferView<S>> {
    TF_NOC_EXP_ARGS(experimental::CircularBufferView<S>);
};
template <typename T, typename A>
struct noc_traits_t<experimental::CoreLocalMem<T, A>>
    : tf_ttm::exp_traits<experimental::CoreLocalMem<T, A>> {
    TF_NOC_EXP_ARGS(experimental::CoreLocalMem<T, A>);
};
template <>
struct noc_traits_t<experimental::UnicastEndpoint>
    : tf_ttm::exp_traits<experimental::UnicastEndpoint> {
    using src_args_type = experimental::noc_traits_t<experimental::UnicastEndpoint>::src_args_type;
    using dst_args_type = experimental::noc_traits_t<experimental::UnicastEndpoint>::dst_args_type;
};
template <>
struct noc_traits_t<experimental::MulticastEndpoint>
    : tf_ttm::exp_traits<experimental::MulticastEndpoint> {
    using dst_args_mcast_type =
        experimental::noc_traits_t<experimental::MulticastEndpoint>::dst_args_mcast_type;
};
template <experimental::AllocatorBankType B>
struct noc_traits_t<experimental::AllocatorBank<B>>
    : tf_ttm::exp_traits<experimental::AllocatorBank<B>> {
    using src_args_type =
        typename experimental::noc_traits_t<experimental::AllocatorBank<B>>::src_args_type;
    using dst_args_type =
        typename experimental::noc_traits_t<experimental::AllocatorBank<B>>::dst_args_type;
};
#undef TF_NOC_EXP_ARGS

#endif
