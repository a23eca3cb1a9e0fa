// ttnn's kernel_lib element-wise chains (compute_kernel_lib::eltwise_chain,
// eltwise_pipeline, CopyTile, BinaryFpu, PackTile; 2026's eltwise_chain.hpp):
// tt-foil's own implementation over its compute API, with ttnn's names and
// semantics. The op elements (Exp<approx, fast, slot>, Square<slot>,
// SfpuAdd<in0, in1, out>, FillScalar, DestReuseOp, a kernel's own
// UnaryOp<Derived, slot> with init() and call(dst), ...) are sfpu_helpers'
// (one set of op structs for both families); Dst, Approx, Legacy, UnaryOp,
// BinaryOp and TernaryOp too. BroadcastDim (None, Row, Col, Scalar) and
// BinaryDataFormatReconfig (None, Input) are binary_op_helpers'.
//
// Two forms, as ttnn's two 2026 versions:
//   eltwise_pipeline<cb_out[, hoist]>(n, eltwise_chain(elements...))
//     n tiles; per tile: acquire DEST, run the elements, commit, wait,
//     reserve a page of cb_out, pack DEST[0], push, release.
//   eltwise_chain[<AutoBlock or a block size>](n, elements...)
//     the same loop, the packing done by the chain's PackTile elements.
// The elements run in order. CopyTile<cb, slot, policy, index, reconfig>
// copies tile `index` of cb (FirstTile: 0, BlockIter: the loop's i) into
// DEST[slot]; BinaryFpu<a, b, op, bcast, reconfig, a_policy, b_policy,
// a_index, slot, b_index> puts a op b (b broadcast by bcast) into
// DEST[slot]; PackTile<cb, slot, policy, index, reconfig> packs DEST[slot]
// after the commit. A CopyTilePolicy says when a CB is waited for and
// popped: WaitAndPop a tile each step, WaitNoPop / NoWaitPop the one or the
// other, NoWaitNoPop neither (the caller does), WaitUpfrontPopAtEnd n
// tiles before the loop and n popped after it, CumulativeWaitPopAtEnd (and
// its older name CumulativeWaitUpfrontEndPop) i + 1 tiles before step i
// and n popped after it. Several operands of one CB (CopyTile<in, D0>,
// CopyTile<in, D1>: x in both slots) share its tiles: the first of them
// (in chain order) waits and the last pops, each step if any of them
// waits or pops each step (ttnn's eltwise_chain(n, ...) applies each
// operand's own policy, so two WaitAndPop operands of one CB pop two
// tiles a step there: see docs/kernels.md 5.4). BlockIter needs a policy that keeps the window
// (NoWaitNoPop, WaitUpfrontPopAtEnd, Cumulative...), as ttnn's. A PackTilePolicy says when the
// output is reserved and pushed: PerTileReserveAndPush a page each step, UpfrontReservePushAtEnd n
// pages before and n pushed after, NoReservePushAtEnd n pushed after, NoReserveNoPush neither;
// FirstTile packs into the next page of the reservation, BlockIter into page i. Reconfigs: CopyTile
// (Input, the default) the unpacker to its CB, with its init; BinaryFpu (Input) both inputs, with
// its init; PackTile (Output, OutputConditional) the packer to its CB, once before the loop (before
// each pack when the chain packs to more than one CB). Inits: each element's init runs before it at
// each step, or once before the loop (hoisted) when that gives the same result here: all CB readers
// are CopyTiles of one CB or there is one reader, there is at most one op
// and it is no DestReuseOp (eltwise_pipeline: only when its hoist flag
// asks; eltwise_chain(n, ...): always then, as ttnn's deduces it). The SFPU
// op's init is the last SFPU init before it either way, as the tile engine
// checks. eltwise_chain<AutoBlock::On> and eltwise_chain<block size>
// (ttnn: several tiles a DEST acquire; rotary's <DEST_AUTO_LIMIT>) run a
// tile at a time: the same values.
// Refused (compile errors naming them): CbIndexMode::Pinned and Absolute,
// PackTilePolicy::PerTileReserveNoPush, PackTileIndexMode::Pinned and
// Absolute, BinaryFpu's output reconfigs, Load (sfpu_chain's element),
// DestReuseBinary, UnaryBcast, PackTileBlock, FillInt, FillBitcast, the
// newest form eltwise_chain(EltwiseShape, ...) with input()/output() and
// InputLifecycle/OutputLifecycle. The kernel starts the hardware first
// (compute_kernel_hw_startup, init_sfpu or binary_op_init_common), as
// ttnn's. docs/kernels.md "5.4".
#pragma once

#include <cstddef>
#include <initializer_list>
#include <tuple>
#include <utility>

#include "api/compute/bcast.h"
#include "ttnn/cpp/ttnn/kernel_lib/binary_op_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/sfpu_helpers.hpp"

namespace compute_kernel_lib
{
enum class CopyTilePolicy : std::uint8_t {
    WaitAndPop,
    WaitNoPop,
    NoWaitPop,
    NoWaitNoPop,
    WaitUpfrontPopAtEnd,
    CumulativeWaitPopAtEnd,
    CumulativeWaitUpfrontEndPop = CumulativeWaitPopAtEnd, // (the older name)
};
enum class CbIndexMode : std::uint8_t { FirstTile, BlockIter, Pinned, Absolute };
enum class CopyTileReconfig : std::uint8_t { None, Input };
enum class BinaryFpuOp : std::uint8_t { Add, Sub, Mul };
enum class PackTilePolicy : std::uint8_t {
    PerTileReserveAndPush,
    PerTileReserveNoPush,
    NoReservePushAtEnd,
    NoReserveNoPush,
    UpfrontReservePushAtEnd,
};
enum class PackTileIndexMode : std::uint8_t { FirstTile, BlockIter, Pinned, Absolute };
enum class PackTileReconfig : std::uint8_t { None, Output, OutputConditional };
enum class AutoBlock : bool { Off = false, On = true };
// (the refused elements' template parameters)
enum class DestReuseType : std::uint8_t { DEST_TO_SRCA, DEST_TO_SRCB };
enum class UnaryBcastReconfig : std::uint8_t { None, Input };

namespace chain_detail
{
struct CopyTileTag {
};
struct BinaryFpuTag {
};
struct PackTileTag {
};
template <class E> constexpr bool is_copy_v = std::is_base_of_v<CopyTileTag, E>;
template <class E> constexpr bool is_binary_v = std::is_base_of_v<BinaryFpuTag, E>;
template <class E> constexpr bool is_reader_v = is_copy_v<E> || is_binary_v<E>;
template <class E> constexpr bool is_pack_v = std::is_base_of_v<PackTileTag, E>;
template <class E> constexpr bool is_op_v = !is_reader_v<E> && !is_pack_v<E>;

using CP = CopyTilePolicy;
constexpr bool waits_each(CP p)
{
    return p == CP::WaitAndPop || p == CP::WaitNoPop;
}
constexpr bool pops_each(CP p)
{
    return p == CP::WaitAndPop || p == CP::NoWaitPop;
}
constexpr bool pops_at_end(CP p)
{
    return p == CP::WaitUpfrontPopAtEnd || p == CP::CumulativeWaitPopAtEnd;
}
// BlockIter and Absolute read tile i of a window the policy keeps.
constexpr bool index_legal(CP p, CbIndexMode m)
{
    return m == CbIndexMode::FirstTile || m == CbIndexMode::Pinned || p == CP::NoWaitNoPop ||
           pops_at_end(p);
}
constexpr bool index_modeled(CbIndexMode m)
{
    return m == CbIndexMode::FirstTile || m == CbIndexMode::BlockIter;
}
ALWI std::uint32_t tile_of(CbIndexMode m, std::uint32_t i)
{
    return m == CbIndexMode::BlockIter ? i : 0;
}
#define TF_KLIB_CHAIN_INDEX_MSG                                                                    \
    "CbIndexMode::BlockIter and Absolute read tile i of a window the policy keeps: NoWaitNoPop, "  \
    "WaitUpfrontPopAtEnd or CumulativeWaitPopAtEnd"
#define TF_KLIB_CHAIN_PINNED_MSG                                                                   \
    "CbIndexMode::Pinned and Absolute (a tile index given at run time): use FirstTile or "         \
    "BlockIter"

// One CB operand of a reader: its CB and policy.
struct Operand {
    std::uint32_t cb = 0;
    CP policy = CP::WaitAndPop;
};
template <class E, class = void> struct operands {
    static constexpr std::size_t n = 0;
    static constexpr Operand at(std::size_t)
    {
        return {};
    }
};
template <class E> struct operands<E, std::enable_if_t<is_reader_v<E>>> {
    static constexpr std::size_t n = E::n_operands;
    static constexpr Operand at(std::size_t j)
    {
        return E::operand(j);
    }
};
} // namespace chain_detail

// ---- the elements ----------------------------------------------------------------------
template <std::uint32_t CB, Dst Slot = Dst::D0, CopyTilePolicy Policy = CopyTilePolicy::WaitAndPop,
          CbIndexMode IndexMode = CbIndexMode::FirstTile,
          CopyTileReconfig Reconfig = CopyTileReconfig::Input>
struct CopyTile : chain_detail::CopyTileTag {
    static_assert(sfpu_slot(Slot) < DEST_AUTO_LIMIT,
                  "compute_kernel_lib::CopyTile: the DEST slot is beyond DEST_AUTO_LIMIT");
    static_assert(chain_detail::index_legal(Policy, IndexMode),
                  "compute_kernel_lib::CopyTile: " TF_KLIB_CHAIN_INDEX_MSG);
    static_assert(
        chain_detail::index_modeled(IndexMode),
        "not supported by tt-foil: compute_kernel_lib::CopyTile with " TF_KLIB_CHAIN_PINNED_MSG);
    static constexpr std::uint32_t cb = CB;
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    static constexpr CopyTilePolicy policy = Policy;
    static constexpr CbIndexMode index_mode = IndexMode;
    static constexpr bool clashes_with_fpu = true;
    static constexpr bool clobbers_sfpu_lut = false;
    static constexpr std::size_t n_operands = 1;
    static constexpr chain_detail::Operand operand(std::size_t)
    {
        return {CB, Policy};
    }
    ALWI void init() const
    {
        if constexpr (Reconfig == CopyTileReconfig::Input) reconfig_data_format_srca(CB);
        copy_tile_to_dst_init_short(CB);
    }
    ALWI void exec(std::uint32_t i, std::uint32_t offset) const
    {
        copy_tile(CB, chain_detail::tile_of(IndexMode, i), dst_idx + offset);
    }
};

template <std::uint32_t CbA, std::uint32_t CbB, BinaryFpuOp Op = BinaryFpuOp::Add,
          BroadcastDim Bcast = BroadcastDim::None,
          BinaryDataFormatReconfig DfReconfig = BinaryDataFormatReconfig::Input,
          CopyTilePolicy APolicy = CopyTilePolicy::WaitAndPop,
          CopyTilePolicy BPolicy = CopyTilePolicy::WaitAndPop,
          CbIndexMode AIndex = CbIndexMode::FirstTile, Dst Slot = Dst::D0,
          CbIndexMode BIndex = AIndex>
struct BinaryFpu : chain_detail::BinaryFpuTag {
    static_assert(sfpu_slot(Slot) < DEST_AUTO_LIMIT,
                  "compute_kernel_lib::BinaryFpu: the DEST slot is beyond DEST_AUTO_LIMIT");
    static_assert(chain_detail::index_legal(APolicy, AIndex) &&
                      chain_detail::index_legal(BPolicy, BIndex),
                  "compute_kernel_lib::BinaryFpu: " TF_KLIB_CHAIN_INDEX_MSG);
    static_assert(
        chain_detail::index_modeled(AIndex) && chain_detail::index_modeled(BIndex),
        "not supported by tt-foil: compute_kernel_lib::BinaryFpu with " TF_KLIB_CHAIN_PINNED_MSG);
    static_assert(DfReconfig == BinaryDataFormatReconfig::NONE ||
                      DfReconfig == BinaryDataFormatReconfig::INPUT ||
                      DfReconfig == BinaryDataFormatReconfig::SRCA_ONLY ||
                      DfReconfig == BinaryDataFormatReconfig::SRCB_ONLY,
                  "not supported by tt-foil: compute_kernel_lib::BinaryFpu with an output "
                  "reconfig: BinaryFpu reconfigures its inputs (None, Input, SRCA_ONLY, "
                  "SRCB_ONLY), the PackTile the packer");
    static_assert(CbA != CbB || APolicy == BPolicy,
                  "compute_kernel_lib::BinaryFpu: one CB for both operands takes one policy");
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    static constexpr bool clashes_with_fpu = true;
    static constexpr bool clobbers_sfpu_lut = false;
    // One CB for both: its tiles are waited for and popped once.
    static constexpr std::size_t n_operands = CbA == CbB ? 1 : 2;
    static constexpr chain_detail::Operand operand(std::size_t j)
    {
        return j == 0 ? chain_detail::Operand{CbA, APolicy} : chain_detail::Operand{CbB, BPolicy};
    }
    static constexpr BinaryOpType op = Op == BinaryFpuOp::Add   ? BinaryOpType::ADD
                                       : Op == BinaryFpuOp::Sub ? BinaryOpType::SUB
                                                                : BinaryOpType::MUL;
    ALWI void init() const
    {
        using R = BinaryDataFormatReconfig;
        if constexpr (DfReconfig == R::INPUT) reconfig_data_format(CbA, CbB);
        if constexpr (DfReconfig == R::SRCA_ONLY) reconfig_data_format_srca(CbA);
        if constexpr (DfReconfig == R::SRCB_ONLY) reconfig_data_format_srcb(CbB);
        binary_detail::init<op, Bcast>(CbA, CbB);
    }
    ALWI void exec(std::uint32_t i, std::uint32_t offset) const
    {
        binary_detail::exec<op, Bcast>(CbA, CbB, chain_detail::tile_of(AIndex, i),
                                       chain_detail::tile_of(BIndex, i), dst_idx + offset);
    }
};

template <std::uint32_t CB, Dst Slot = Dst::D0,
          PackTilePolicy Policy = PackTilePolicy::PerTileReserveAndPush,
          PackTileIndexMode IndexMode = PackTileIndexMode::FirstTile,
          PackTileReconfig Reconfig = PackTileReconfig::Output>
struct PackTile : chain_detail::PackTileTag {
    static_assert(sfpu_slot(Slot) < DEST_AUTO_LIMIT,
                  "compute_kernel_lib::PackTile: the DEST slot is beyond DEST_AUTO_LIMIT");
    static_assert(Policy != PackTilePolicy::PerTileReserveNoPush,
                  "not supported by tt-foil: compute_kernel_lib::PackTile with "
                  "PackTilePolicy::PerTileReserveNoPush: use UpfrontReservePushAtEnd, or reserve "
                  "yourself and use NoReserveNoPush");
    static_assert(IndexMode == PackTileIndexMode::FirstTile ||
                      IndexMode == PackTileIndexMode::BlockIter,
                  "not supported by tt-foil: compute_kernel_lib::PackTile with "
                  "PackTileIndexMode::Pinned or Absolute: use FirstTile or BlockIter");
    static_assert(IndexMode != PackTileIndexMode::BlockIter ||
                      Policy != PackTilePolicy::PerTileReserveAndPush,
                  "compute_kernel_lib::PackTile: PackTileIndexMode::BlockIter packs page i of "
                  "a window reserved for the whole call (UpfrontReservePushAtEnd, NoReserve*)");
    static constexpr std::uint32_t cb = CB;
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    static constexpr bool reconfig = Reconfig != PackTileReconfig::None;
    ALWI void begin(std::uint32_t n) const
    {
        if constexpr (Policy == PackTilePolicy::UpfrontReservePushAtEnd) cb_reserve_back(CB, n);
    }
    ALWI void pack(std::uint32_t i, std::uint32_t offset) const
    {
        if constexpr (Policy == PackTilePolicy::PerTileReserveAndPush) cb_reserve_back(CB, 1);
        if constexpr (IndexMode == PackTileIndexMode::BlockIter)
            pack_tile<true>(dst_idx + offset, CB, i);
        else
            pack_tile(dst_idx + offset, CB);
        if constexpr (Policy == PackTilePolicy::PerTileReserveAndPush) cb_push_back(CB, 1);
    }
    ALWI void end(std::uint32_t n) const
    {
        if constexpr (Policy == PackTilePolicy::UpfrontReservePushAtEnd ||
                      Policy == PackTilePolicy::NoReservePushAtEnd)
            cb_push_back(CB, n);
    }
};

// ttnn's elements tt-foil refuses (any use is the compile error, saying so).
TF_KLIB_SFPU_REFUSED(DestReuseBinary, "use sfpu_helpers' DestReuseOp<cb, op, reuse, slot, "
                                      "policy> in the chain")
TF_KLIB_SFPU_REFUSED(UnaryBcast, "call unary_bcast<BroadcastType>(cb, i, dst) in a UnaryOp of the "
                                 "kernel's own")
TF_KLIB_SFPU_REFUSED(PackTileBlock, "use one PackTile per slot")
TF_KLIB_SFPU_REFUSED(FillInt, "integer DEST formats in the chain are not modeled")
TF_KLIB_SFPU_REFUSED(FillBitcast, "use FillScalar<slot>{value}")

// ---- the chain -------------------------------------------------------------------------
template <class... Es> struct EltwiseChain {
    static constexpr std::size_t num_elements = sizeof...(Es);
    std::tuple<Es...> elements;
    ALWI constexpr explicit EltwiseChain(Es... e) : elements{e...} {}
};

namespace chain_detail
{
template <class T> struct is_chain : std::false_type {
};
template <class... Es> struct is_chain<EltwiseChain<Es...>> : std::true_type {
};

// The chain's operands, flattened in chain order (prefix[k]: element k's first).
template <class... Es> struct Table {
    static constexpr std::size_t ne = sizeof...(Es);
    static constexpr std::size_t count = (operands<Es>::n + ... + 0);
    struct Data {
        Operand v[count ? count : 1] = {};
        std::size_t prefix[ne + 1] = {};
    };
    static constexpr Data make()
    {
        Data d{};
        const std::size_t ns[] = {operands<Es>::n..., 0};
        std::size_t k = 0;
        for (std::size_t e = 0; e < ne; e++) {
            d.prefix[e] = k;
            k += ns[e];
        }
        d.prefix[ne] = k;
        std::size_t f = 0;
        (
            [&] {
                for (std::size_t j = 0; j < operands<Es>::n; j++) d.v[f++] = operands<Es>::at(j);
            }(),
            ...);
        return d;
    }
    static constexpr Data data = make();
    // The first (last) operand of its CB in the chain: it waits (pops).
    static constexpr bool first(std::size_t f)
    {
        for (std::size_t g = 0; g < f; g++)
            if (data.v[g].cb == data.v[f].cb) return false;
        return true;
    }
    static constexpr bool last(std::size_t f)
    {
        for (std::size_t g = f + 1; g < count; g++)
            if (data.v[g].cb == data.v[f].cb) return false;
        return true;
    }
    // The per-tile policy the CB's operands make together: a wait each
    // step if any of them waits, a pop if any pops (each of ttnn's
    // operands applies its own; here one operand waits and one pops for
    // the tile they share). A policy popping at the end stays its own
    // (consistent(): then all of the CB's do).
    static constexpr CP shared(std::size_t f)
    {
        if (pops_at_end(data.v[f].policy)) return data.v[f].policy;
        bool wait = false, pop = false;
        for (std::size_t g = 0; g < count; g++)
            if (data.v[g].cb == data.v[f].cb) {
                wait = wait || waits_each(data.v[g].policy);
                pop = pop || pops_each(data.v[g].policy);
            }
        return wait ? (pop ? CP::WaitAndPop : CP::WaitNoPop)
                    : (pop ? CP::NoWaitPop : CP::NoWaitNoPop);
    }
    // f(cb, policy, first, last) for each of element k's nops operands.
    template <std::size_t k, std::size_t nops, class F> static ALWI void each_operand(F &&f)
    {
        for (std::size_t j = 0; j < nops; j++) {
            const std::size_t g = data.prefix[k] + j;
            f(data.v[g].cb, shared(g), first(g), last(g));
        }
    }
    // Each CB's policy is its first operand's for the wait, its last one's
    // for the pop: WaitUpfront / Cumulative with a per-tile wait after it,
    // or a pop at the end with per-tile pops before it, would pop twice.
    static constexpr bool consistent()
    {
        for (std::size_t f = 0; f < count; f++)
            for (std::size_t g = f + 1; g < count; g++)
                if (data.v[g].cb == data.v[f].cb &&
                    pops_at_end(data.v[f].policy) != pops_at_end(data.v[g].policy))
                    return false;
        return true;
    }
};

// f(element, ops) for each element in order; ops(g) calls g(cb, policy,
// first, last) for each of its operands (Table::each_operand).
template <class T, std::size_t k, std::size_t nops> struct OperandsOf {
    template <class G> ALWI void operator()(G &&g) const
    {
        T::template each_operand<k, nops>(g);
    }
};
template <class T, class F, class... Es, std::size_t... I>
ALWI void each(const std::tuple<Es...> &t, F &&f, std::index_sequence<I...>)
{
    (f(std::get<I>(t), OperandsOf<T, I, operands<Es>::n>{}), ...);
}

template <class... Es> constexpr std::size_t count_if_op()
{
    return ((is_op_v<Es> ? 1u : 0u) + ... + 0u);
}
template <class... Es> constexpr std::size_t count_packs()
{
    return ((is_pack_v<Es> ? 1u : 0u) + ... + 0u);
}
template <class... Es> constexpr std::size_t count_readers()
{
    return ((is_reader_v<Es> ? 1u : 0u) + ... + 0u);
}
template <class E> constexpr std::uint32_t copy_cb()
{
    if constexpr (is_copy_v<E>)
        return E::cb;
    else
        return 0xffffffffu;
}
// Every reader a CopyTile of one CB (one copy init serves them all).
template <class... Es> constexpr bool copies_of_one_cb()
{
    constexpr bool r[] = {is_reader_v<Es>..., false};
    constexpr bool c[] = {is_copy_v<Es>..., false};
    constexpr std::uint32_t cbs[] = {copy_cb<Es>()..., 0};
    std::uint32_t cb = 0xffffffffu;
    for (std::size_t k = 0; k < sizeof...(Es); k++) {
        if (!r[k]) continue;
        if (!c[k]) return false;
        if (cb != 0xffffffffu && cbs[k] != cb) return false;
        cb = cbs[k];
    }
    return true;
}
template <class... Es> constexpr std::uint32_t pack_cbs_distinct()
{
    constexpr bool p[] = {is_pack_v<Es>..., false};
    constexpr std::uint32_t cbs[] = {[] {
                                         if constexpr (is_pack_v<Es>)
                                             return Es::cb;
                                         else
                                             return 0u;
                                     }()...,
                                     0u};
    std::uint32_t n = 0;
    for (std::size_t k = 0; k < sizeof...(Es); k++) {
        if (!p[k]) continue;
        bool seen = false;
        for (std::size_t j = 0; j < k; j++)
            if (p[j] && cbs[j] == cbs[k]) seen = true;
        if (!seen) n++;
    }
    return n;
}
// The inits may run once before the loop (see the header comment).
template <class... Es> constexpr bool hoistable()
{
    return (count_readers<Es...>() <= 1 || copies_of_one_cb<Es...>()) &&
           count_if_op<Es...>() <= 1 &&
           !((is_op_v<Es> && tf_klib::clashes_with_fpu_v<Es>) || ... || false);
}

template <class... Es> constexpr bool no_loads()
{
    return (!is_load_op_v<Es> && ...);
}

// An element names the highest DEST slot it uses (its max_dst); a type
// without one is no element (0 for it: the static_assert says so).
template <class E, class = void> struct has_max_dst : std::false_type {
};
template <class E> struct has_max_dst<E, std::void_t<decltype(E::max_dst)>> : std::true_type {
};
template <class E> constexpr std::uint32_t max_dst_of()
{
    if constexpr (has_max_dst<E>::value)
        return E::max_dst;
    else
        return 0;
}

// The loop both forms run; AutoPack: eltwise_pipeline's pack of DEST[0] to OutCb.
template <bool HoistAsked, bool AutoPack, std::uint32_t OutCb, class... Es>
ALWI void run(std::uint32_t n, const std::tuple<Es...> &els)
{
    using T = Table<Es...>;
    using Seq = std::index_sequence_for<Es...>;
    static_assert(no_loads<Es...>(),
                  "not supported by tt-foil: compute_kernel_lib::Load in an eltwise chain (it is "
                  "sfpu_chain's element): use CopyTile<cb, slot[, policy]>");
    static_assert(T::consistent(),
                  "compute_kernel_lib::eltwise_chain: the operands of one CB mix a policy that "
                  "pops at the end (WaitUpfrontPopAtEnd, Cumulative...) with one that does not");
    static_assert((has_max_dst<Es>::value && ...),
                  "compute_kernel_lib::eltwise_chain: an argument is no chain element (CopyTile, "
                  "BinaryFpu, PackTile, an op struct of sfpu_helpers: Exp<...>, SfpuAdd<...>, a "
                  "UnaryOp<Derived, slot> of the kernel's own, ...)");
    constexpr std::uint32_t max_dst = [] {
        std::uint32_t m = 0;
        ((m = max_dst_of<Es>() > m ? max_dst_of<Es>() : m), ...);
        return m;
    }();
    static_assert(max_dst < DEST_AUTO_LIMIT,
                  "compute_kernel_lib::eltwise_chain: a DEST slot is beyond DEST_AUTO_LIMIT");
    static_assert(!AutoPack || count_packs<Es...>() == 0,
                  "compute_kernel_lib::eltwise_pipeline packs DEST[0] to its CB itself: a chain "
                  "with PackTile runs as eltwise_chain(n, elements...)");
    constexpr bool hoist = HoistAsked && hoistable<Es...>();
    constexpr bool pack_each = pack_cbs_distinct<Es...>() > 1;

    // Before the loop: up-front waits, the packers' reconfigs and
    // reservations, the hoisted inits.
    each<T>(
        els,
        [&](const auto &e, auto ops) {
            using E = std::decay_t<decltype(e)>;
            ops([&](std::uint32_t cb, CP p, bool first, bool) {
                if (first && p == CP::WaitUpfrontPopAtEnd) cb_wait_front(cb, n);
            });
            if constexpr (is_pack_v<E>) {
                if constexpr (E::reconfig && !pack_each) pack_reconfig_data_format(E::cb);
                e.begin(n);
            }
        },
        Seq{});
    if constexpr (hoist)
        each<T>(
            els,
            [&](const auto &e, auto) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (!is_pack_v<E>) e.init();
            },
            Seq{});

    for (std::uint32_t i = 0; i < n; i++) {
        tile_regs_acquire();
        each<T>(
            els,
            [&](const auto &e, auto ops) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (!is_pack_v<E>) {
                    ops([&](std::uint32_t cb, CP p, bool first, bool) {
                        if (first && p == CP::CumulativeWaitPopAtEnd) cb_wait_front(cb, i + 1);
                        if (first && waits_each(p)) cb_wait_front(cb, 1);
                    });
                    if constexpr (!hoist) e.init();
                    if constexpr (is_reader_v<E>)
                        e.exec(i, 0);
                    else
                        e.exec(0);
                    ops([&](std::uint32_t cb, CP p, bool, bool last) {
                        if (last && pops_each(p)) cb_pop_front(cb, 1);
                    });
                }
            },
            Seq{});
        tile_regs_commit();
        tile_regs_wait();
        if constexpr (AutoPack) {
            cb_reserve_back(OutCb, 1);
            pack_tile(0, OutCb);
            cb_push_back(OutCb, 1);
        }
        each<T>(
            els,
            [&](const auto &e, auto) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (is_pack_v<E>) {
                    if constexpr (E::reconfig && pack_each) pack_reconfig_data_format(E::cb);
                    e.pack(i, 0);
                }
            },
            Seq{});
        tile_regs_release();
    }

    // After it: the pops at the end, the packers' pushes.
    each<T>(
        els,
        [&](const auto &e, auto ops) {
            using E = std::decay_t<decltype(e)>;
            ops([&](std::uint32_t cb, CP p, bool, bool last) {
                if (last && pops_at_end(p)) cb_pop_front(cb, n);
            });
            if constexpr (is_pack_v<E>) e.end(n);
        },
        Seq{});
}

// eltwise_chain's template argument: an AutoBlock (one version) or a block
// size in tiles (another: eltwise_chain<DEST_AUTO_LIMIT>(n, ...)).
template <class B> constexpr bool block_ok = std::is_same_v<B, AutoBlock> || std::is_integral_v<B>;
// A tile count: an integer or an unscoped enum (tt::CBIndex-like).
template <class T>
constexpr bool is_count_v = std::is_integral_v<T> ||
                            (std::is_enum_v<T> && std::is_convertible_v<T, std::uint32_t>);
} // namespace chain_detail

// The newest form's shape (EltwiseShape::tiles(n), ...): refused at eltwise_chain.
struct EltwiseShape {
    std::uint32_t Ht = 1, Wt = 1, block_size = 1;
    static constexpr EltwiseShape tiles(std::uint32_t n, std::uint32_t blk = 1)
    {
        return {1, n, blk};
    }
    static constexpr EltwiseShape grid(std::uint32_t h, std::uint32_t w, std::uint32_t blk = 1)
    {
        return {h, w, blk};
    }
    static constexpr EltwiseShape of(std::uint32_t r, std::uint32_t c)
    {
        return {r, c, 1};
    }
    static constexpr EltwiseShape row(std::uint32_t c)
    {
        return {1, c, 1};
    }
    static constexpr EltwiseShape col(std::uint32_t r)
    {
        return {r, 1, 1};
    }
    static constexpr EltwiseShape single()
    {
        return {1, 1, 1};
    }
};
enum class SetupOwner { Chain, Caller };

// eltwise_chain(elements...): the chain, for eltwise_pipeline.
template <
    class E0, class... Es,
    std::enable_if_t<!chain_detail::is_count_v<E0> && !std::is_same_v<E0, EltwiseShape>, int> = 0>
ALWI constexpr EltwiseChain<E0, Es...> eltwise_chain(E0 e0, Es... es)
{
    return EltwiseChain<E0, Es...>(e0, es...);
}

// eltwise_chain(n, elements...): run the chain over n tiles, its PackTiles packing.
template <auto Block = AutoBlock::Off, class N, class... Es,
          std::enable_if_t<chain_detail::is_count_v<N>, int> = 0>
ALWI void eltwise_chain(N n_tiles, Es... es)
{
    static_assert(chain_detail::block_ok<decltype(Block)>,
                  "compute_kernel_lib::eltwise_chain<Block>: Block is an AutoBlock or a block "
                  "size (DEST_AUTO_LIMIT)");
    static_assert(chain_detail::count_packs<Es...>() > 0,
                  "compute_kernel_lib::eltwise_chain(n, ...): the chain packs nothing: add a "
                  "PackTile<cb>, or use eltwise_pipeline<cb_out>(n, eltwise_chain(...))");
    chain_detail::run<true, false, 0>(static_cast<std::uint32_t>(n_tiles),
                                      std::tuple<Es...>(es...));
}

// The newest form (EltwiseShape, input()/output() lifecycles): refused.
#define TF_KLIB_CHAIN_NEWEST                                                                       \
    "the newest eltwise_chain form (EltwiseShape, input()/output(), InputLifecycle, "              \
    "OutputLifecycle, SetupOwner): use eltwise_chain(n, elements...) with the elements' "          \
    "CopyTilePolicy / PackTilePolicy, or eltwise_pipeline<cb_out>(n, eltwise_chain(...))"
template <auto... Setup, class... Es> ALWI void eltwise_chain(EltwiseShape, Es...)
{
    static_assert(tf_ttm::dependent_false<Es...>,
                  "not supported by tt-foil: compute_kernel_lib::eltwise_chain(EltwiseShape, ...), "
                  "" TF_KLIB_CHAIN_NEWEST);
}
TF_UNSUPPORTED_FN(input, TF_KLIB_CHAIN_NEWEST);
TF_UNSUPPORTED_FN(output, TF_KLIB_CHAIN_NEWEST);
struct InputLifecycle {
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle Streaming;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle Chunked;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle Bulk;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle Pipelined;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle CallerManaged;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle BulkDrain;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle HeldBulk;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle HeldCumulative;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle HeldStream;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle DeferredPop;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle NoWaitPop;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const InputLifecycle OuterStream;
};
struct OutputLifecycle {
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle Streaming;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle Chunked;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle Bulk;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle ReserveAllPushPerTile;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle ReserveAllPushPerChunk;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle CallerManaged;
    TF_UNSUPPORTED(TF_KLIB_CHAIN_NEWEST) static const OutputLifecycle ReserveNonePushEnd;
};

// eltwise_chain_with_init(n, elements...): compute_kernel_hw_startup with the
// chain's CBs (the first reader's, the first BinaryFpu's B or that one
// again, the first PackTile's), then eltwise_chain(n, elements...).
namespace chain_detail
{
template <class E> constexpr std::uint32_t first_cb()
{
    if constexpr (is_reader_v<E>)
        return E::operand(0).cb;
    else
        return 0xffffffffu;
}
template <class E> constexpr std::uint32_t b_cb()
{
    if constexpr (is_binary_v<E>)
        return E::operand(E::n_operands - 1).cb;
    else
        return 0xffffffffu;
}
template <class E> constexpr std::uint32_t out_cb()
{
    if constexpr (is_pack_v<E>)
        return E::cb;
    else
        return 0xffffffffu;
}
constexpr std::uint32_t first_of(std::initializer_list<std::uint32_t> l, std::uint32_t def)
{
    for (std::uint32_t v : l)
        if (v != 0xffffffffu) return v;
    return def;
}
} // namespace chain_detail
template <auto Block = AutoBlock::Off, class... Es>
ALWI void eltwise_chain_with_init(std::uint32_t n_tiles, Es... es)
{
    constexpr std::uint32_t a = chain_detail::first_of({chain_detail::first_cb<Es>()...}, 0);
    constexpr std::uint32_t b = chain_detail::first_of({chain_detail::b_cb<Es>()...}, a);
    constexpr std::uint32_t o = chain_detail::first_of({chain_detail::out_cb<Es>()...}, 16);
    compute_kernel_hw_startup(a, b, o);
    eltwise_chain<Block>(n_tiles, es...);
}

// eltwise_pipeline<cb_out[, hoist]>(n, chain): n tiles through the chain,
// DEST[0] packed to cb_out a page at a time.
template <std::uint32_t OutCB, bool EnableHoist = false, class Chain>
ALWI void eltwise_pipeline(std::uint32_t num_tiles, Chain chain)
{
    static_assert(chain_detail::is_chain<Chain>::value,
                  "compute_kernel_lib::eltwise_pipeline: the chain is eltwise_chain(elements...)");
    chain_detail::run<EnableHoist, true, OutCB>(num_tiles, chain.elements);
}
} // namespace compute_kernel_lib
