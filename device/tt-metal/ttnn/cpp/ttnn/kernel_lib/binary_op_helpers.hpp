// ttnn's kernel_lib binary ops (compute_kernel_lib::binary_op, add, sub,
// mul, square): tt-foil's own implementation over its compute API, with
// ttnn's names and semantics. A block of rows x cols tiles of A with B
// broadcast by its shape (NONE: rows x cols tiles, ROW: cols tiles, COL:
// rows tiles, SCALAR: 1), DEST_AUTO_LIMIT tiles of a row at a time; each
// result gets the post-op (called with its DEST index) and is packed to
// the output CB. The input policies say when A and B are waited for and
// popped, the output policy when the output is reserved and pushed.
// BinaryAccumulate is refused (docs/kernels.md "5.4").
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"

namespace compute_kernel_lib
{
enum class BinaryOpType { ADD, SUB, MUL, SQUARE };
// (None, Row, Col, Scalar: eltwise_chain.hpp's spelling of the same values)
enum class BroadcastDim {
    NONE,
    ROW,
    COL,
    SCALAR,
    None = NONE,
    Row = ROW,
    Col = COL,
    Scalar = SCALAR
};
// Which unpacker and packer formats the op sets first: both inputs, one
// (SRCA_ONLY: A's; SRCB_ONLY: B's, the other kept from before), the output.
enum class BinaryDataFormatReconfig {
    NONE = 0,
    INPUT = 1,
    OUTPUT = 2,
    INPUT_AND_OUTPUT = 3,
    SRCA_ONLY = 4,
    SRCB_ONLY = 5,
    SRCA_ONLY_AND_OUTPUT = 6,
    SRCB_ONLY_AND_OUTPUT = 7,
    // eltwise_chain.hpp's spelling (BinaryFpu)
    None = NONE,
    Input = INPUT,
    Output = OUTPUT,
    InputAndOutput = INPUT_AND_OUTPUT,
};

// WaitAndPopPerTile: a tile at a time; WaitAndPopPerChunk: a DEST-full at a
// time; WaitUpfront*: the whole block first; NoWait*: the caller waited;
// *NoPop: the tiles stay; *PopAtEnd: popped after the whole block. B of a
// ROW or SCALAR broadcast is always waited for up front (unless NoWait*).
enum class BinaryInputPolicy {
    WaitAndPopPerTile,
    WaitAndPopPerChunk,
    WaitUpfrontNoPop,
    WaitUpfrontPopAtEnd,
    NoWaitNoPop,
    NoWaitPopAtEnd,
};
enum class BinaryOutputPolicy { PerTile, PerChunk, Bulk };

struct BinaryInputBlockShape {
    std::uint32_t rows;
    std::uint32_t cols;

    static constexpr BinaryInputBlockShape of(std::uint32_t r, std::uint32_t c)
    {
        return {r, c};
    }
    static constexpr BinaryInputBlockShape single()
    {
        return {1, 1};
    }
    static constexpr BinaryInputBlockShape row(std::uint32_t c)
    {
        return {1, c};
    }
    static constexpr BinaryInputBlockShape col(std::uint32_t r)
    {
        return {r, 1};
    }
};

// (accepted, as ttnn's: tiles are always in row-major order)
struct BinaryTileLayout {
    std::uint32_t row_major_a = 1, row_major_b = 1;
};

// Refused: see binary_detail::run.
struct BinaryAccumulate {
    std::uint32_t cb_accumulator, dst_index = 0;
};

namespace binary_detail
{
using P = BinaryInputPolicy;
constexpr bool per_tile(P p)
{
    return p == P::WaitAndPopPerTile;
}
constexpr bool per_chunk(P p)
{
    return p == P::WaitAndPopPerChunk;
}
constexpr bool upfront(P p)
{
    return p == P::WaitUpfrontNoPop || p == P::WaitUpfrontPopAtEnd;
}
constexpr bool caller_waits(P p)
{
    return p == P::NoWaitNoPop || p == P::NoWaitPopAtEnd;
}
constexpr bool pops_at_end(P p)
{
    return p == P::WaitUpfrontPopAtEnd || p == P::NoWaitPopAtEnd;
}

template <BinaryOpType op> constexpr EltwiseBinaryType elt()
{
    return op == BinaryOpType::ADD ? ELWADD : op == BinaryOpType::SUB ? ELWSUB : ELWMUL;
}
template <BroadcastDim b> constexpr BroadcastType bcast()
{
    return b == BroadcastDim::ROW   ? BroadcastType::ROW
           : b == BroadcastDim::COL ? BroadcastType::COL
                                    : BroadcastType::SCALAR;
}

template <BinaryOpType op, BroadcastDim bd> ALWI void init(std::uint32_t a, std::uint32_t b)
{
    if constexpr (bd == BroadcastDim::NONE || op == BinaryOpType::SQUARE)
        binary_tiles_init<false, elt<op>()>(a, b);
    else
        init_bcast<elt<op>(), bcast<bd>()>(a, b);
}
template <BinaryOpType op, BroadcastDim bd>
ALWI void exec(std::uint32_t a, std::uint32_t b, std::uint32_t ia, std::uint32_t ib,
               std::uint32_t dst)
{
    if constexpr (op == BinaryOpType::SQUARE)
        mul_tiles(a, a, ia, ia, dst);
    else if constexpr (bd == BroadcastDim::NONE) {
        if constexpr (op == BinaryOpType::ADD)
            add_tiles(a, b, ia, ib, dst);
        else if constexpr (op == BinaryOpType::SUB)
            sub_tiles(a, b, ia, ib, dst);
        else
            mul_tiles(a, b, ia, ib, dst);
    } else
        any_tiles_bcast<elt<op>(), bcast<bd>()>(a, b, ia, ib, dst);
}

// The trailing arguments after the shape: ttnn's kernels pass (layout,
// accumulation, post-op), or the post-op alone right after the shape.
template <class T>
constexpr bool is_tail_data_v =
    std::is_same_v<T, BinaryTileLayout> || std::is_same_v<T, NoAccumulation> ||
    std::is_same_v<T, BinaryAccumulate>;
template <class D> ALWI D post_of(D d)
{
    return d;
}
template <class D, class T, class... R> ALWI auto post_of(D d, T t, R... r)
{
    if constexpr (is_tail_data_v<T>)
        return post_of(d, r...);
    else
        return (void)d, t;
}
template <class... T>
constexpr bool has_accumulate_v = (std::is_same_v<T, BinaryAccumulate> || ...);

template <BinaryOpType op, BroadcastDim bd, P pa, P pb, BinaryOutputPolicy po,
          BinaryDataFormatReconfig rc, bool do_init, class PostOp>
ALWI void run(std::uint32_t a, std::uint32_t b, std::uint32_t o, BinaryInputBlockShape shape,
              PostOp post)
{
    constexpr bool square = op == BinaryOpType::SQUARE;
    // One CB for both operands (mul(cb, cb, ...): x * x): its tiles are A's,
    // waited for and popped once, as ttnn's; B's waits and pops are skipped.
    const bool own_b = !square && a != b;
    constexpr bool b_upfront_always = bd == BroadcastDim::ROW || bd == BroadcastDim::SCALAR;
    const std::uint32_t rows = shape.rows, cols = shape.cols, total = rows * cols;
    const std::uint32_t nb = bd == BroadcastDim::SCALAR ? 1
                             : bd == BroadcastDim::ROW  ? cols
                             : bd == BroadcastDim::COL  ? rows
                                                        : total;

    using R = BinaryDataFormatReconfig;
    if constexpr (rc == R::INPUT || rc == R::INPUT_AND_OUTPUT) reconfig_data_format(a, b);
    if constexpr (rc == R::SRCA_ONLY || rc == R::SRCA_ONLY_AND_OUTPUT) reconfig_data_format_srca(a);
    if constexpr (rc == R::SRCB_ONLY || rc == R::SRCB_ONLY_AND_OUTPUT) reconfig_data_format_srcb(b);
    if constexpr (rc == R::OUTPUT || rc == R::INPUT_AND_OUTPUT || rc == R::SRCA_ONLY_AND_OUTPUT ||
                  rc == R::SRCB_ONLY_AND_OUTPUT)
        pack_reconfig_data_format(o);
    if constexpr (do_init) init<op, bd>(a, b);

    if constexpr (upfront(pa)) cb_wait_front(a, total);
    if constexpr (!square) {
        if constexpr (b_upfront_always ? !caller_waits(pb) : upfront(pb))
            if (own_b) cb_wait_front(b, nb);
    }
    if constexpr (po == BinaryOutputPolicy::Bulk) cb_reserve_back(o, total);

    auto pack_out = [&](std::uint32_t dst) {
        if constexpr (po == BinaryOutputPolicy::PerTile) cb_reserve_back(o, 1);
        pack_tile(dst, o);
        if constexpr (po == BinaryOutputPolicy::PerTile) cb_push_back(o, 1);
    };

    for (std::uint32_t ht = 0; ht < rows; ht++) {
        for (std::uint32_t w0 = 0; w0 < cols; w0 += DEST_AUTO_LIMIT) {
            const std::uint32_t n = cols - w0 < DEST_AUTO_LIMIT ? cols - w0 : DEST_AUTO_LIMIT;
            if constexpr (per_chunk(pa)) cb_wait_front(a, n);
            if constexpr (!square && per_chunk(pb)) {
                if constexpr (bd == BroadcastDim::NONE)
                    if (own_b) cb_wait_front(b, n);
                if constexpr (bd == BroadcastDim::COL)
                    if (own_b) cb_wait_front(b, 1);
            }
            if constexpr (po == BinaryOutputPolicy::PerChunk) cb_reserve_back(o, n);
            if constexpr (!per_tile(pa)) tile_regs_acquire();

            for (std::uint32_t i = 0; i < n; i++) {
                const std::uint32_t at = ht * cols + w0 + i; // index in the block
                if constexpr (per_tile(pa)) {
                    cb_wait_front(a, 1);
                    tile_regs_acquire();
                }
                if constexpr (!square && per_tile(pb) &&
                              (bd == BroadcastDim::NONE || bd == BroadcastDim::COL))
                    if (own_b) cb_wait_front(b, 1);
                const std::uint32_t ia = per_tile(pa) ? 0 : per_chunk(pa) ? i : at;
                std::uint32_t ib = 0;
                if constexpr (bd == BroadcastDim::ROW)
                    ib = w0 + i;
                else if constexpr (bd == BroadcastDim::COL)
                    ib = per_tile(pb) || per_chunk(pb) ? 0 : ht;
                else if constexpr (bd == BroadcastDim::NONE)
                    ib = per_tile(pb) ? 0 : per_chunk(pb) ? i : at;
                if (!square && !own_b) ib = ia; // the same tile, A's
                const std::uint32_t dst = per_tile(pa) ? 0 : i;
                exec<op, bd>(a, b, ia, ib, dst);
                post(dst);
                if constexpr (tf_klib::clashes_with_fpu_v<PostOp>) init<op, bd>(a, b);
                if constexpr (per_tile(pa)) {
                    tile_regs_commit();
                    tile_regs_wait();
                    pack_out(dst);
                    tile_regs_release();
                    cb_pop_front(a, 1);
                }
                if constexpr (!square && per_tile(pb) && bd == BroadcastDim::NONE)
                    if (own_b) cb_pop_front(b, 1);
            }

            if constexpr (!per_tile(pa)) {
                tile_regs_commit();
                tile_regs_wait();
                for (std::uint32_t i = 0; i < n; i++) pack_out(i);
                tile_regs_release();
            }
            if constexpr (po == BinaryOutputPolicy::PerChunk) cb_push_back(o, n);
            if constexpr (per_chunk(pa)) cb_pop_front(a, n);
            if constexpr (!square && per_chunk(pb)) {
                if constexpr (bd == BroadcastDim::NONE)
                    if (own_b) cb_pop_front(b, n);
                if constexpr (bd == BroadcastDim::COL)
                    if (own_b) cb_pop_front(b, 1);
            }
        }
        // B of a column broadcast holds one tile per row.
        if constexpr (!square && bd == BroadcastDim::COL && per_tile(pb))
            if (own_b) cb_pop_front(b, 1);
    }

    if constexpr (po == BinaryOutputPolicy::Bulk) cb_push_back(o, total);
    if constexpr (pops_at_end(pa)) cb_pop_front(a, total);
    if constexpr (!square) {
        if constexpr (pops_at_end(pb))
            if (own_b) cb_pop_front(b, nb);
        if constexpr (b_upfront_always && (per_tile(pb) || per_chunk(pb)))
            if (own_b) cb_pop_front(b, nb);
    }
}

template <BinaryOpType op, BroadcastDim bd, P pa, P pb, BinaryOutputPolicy po,
          BinaryDataFormatReconfig rc, bool do_init, class AccumT, class PostOp, class... Tail>
ALWI void entry(std::uint32_t a, std::uint32_t b, std::uint32_t o, BinaryInputBlockShape shape,
                Tail... tail)
{
    static_assert(std::is_same_v<AccumT, NoAccumulation> && !has_accumulate_v<Tail...>,
                  "not supported by tt-foil: BinaryAccumulate in compute_kernel_lib binary "
                  "ops (a running result reloaded into DEST): add it with a second "
                  "binary op");
    static_assert(sizeof...(Tail) <= 3, "compute_kernel_lib binary op: after the shape come "
                                        "(layout, accumulation, post-op) at most");
    auto post = post_of(PostOp{}, tail...);
    static_assert(std::is_invocable_v<decltype(post), std::uint32_t>,
                  "compute_kernel_lib binary op: the post-op is callable with a uint32_t");
    run<op, bd, pa, pb, po, rc, do_init>(a, b, o, shape, post);
}
} // namespace binary_detail

template <BinaryOpType op_type, BroadcastDim bcast_dim = BroadcastDim::NONE,
          BinaryInputPolicy input_a_policy = BinaryInputPolicy::WaitAndPopPerTile,
          BinaryInputPolicy input_b_policy = input_a_policy,
          BinaryOutputPolicy output_policy = BinaryOutputPolicy::PerTile,
          BinaryDataFormatReconfig reconfig = BinaryDataFormatReconfig::INPUT_AND_OUTPUT,
          bool init = true, typename AccumT = NoAccumulation, typename PostOp = NoOp, typename A,
          typename B, typename O, typename... Tail>
ALWI void binary_op(A icb_a, B icb_b, O ocb, BinaryInputBlockShape shape, Tail... tail)
{
    binary_detail::entry<op_type, bcast_dim, input_a_policy, input_b_policy, output_policy,
                         reconfig, init, AccumT, PostOp>(
        tf_klib::cb_index(icb_a), tf_klib::cb_index(icb_b), tf_klib::cb_index(ocb), shape, tail...);
}

#define TF_KLIB_BINARY(name, OP)                                                                   \
    template <BroadcastDim bcast_dim = BroadcastDim::NONE,                                         \
              BinaryInputPolicy input_a_policy = BinaryInputPolicy::WaitAndPopPerTile,             \
              BinaryInputPolicy input_b_policy = input_a_policy,                                   \
              BinaryOutputPolicy output_policy = BinaryOutputPolicy::PerTile,                      \
              BinaryDataFormatReconfig reconfig = BinaryDataFormatReconfig::INPUT_AND_OUTPUT,      \
              bool init = true, typename AccumT = NoAccumulation, typename PostOp = NoOp,          \
              typename A, typename B, typename O, typename... Tail>                                \
    ALWI void name(A icb_a, B icb_b, O ocb, BinaryInputBlockShape shape, Tail... tail)             \
    {                                                                                              \
        binary_op<OP, bcast_dim, input_a_policy, input_b_policy, output_policy, reconfig, init,    \
                  AccumT, PostOp>(icb_a, icb_b, ocb, shape, tail...);                              \
    }
TF_KLIB_BINARY(add, BinaryOpType::ADD)
TF_KLIB_BINARY(sub, BinaryOpType::SUB)
TF_KLIB_BINARY(mul, BinaryOpType::MUL)
#undef TF_KLIB_BINARY

// A x A, tile by tile (B is A).
template <BinaryInputPolicy input_policy = BinaryInputPolicy::WaitAndPopPerTile,
          BinaryOutputPolicy output_policy = BinaryOutputPolicy::PerTile,
          BinaryDataFormatReconfig reconfig = BinaryDataFormatReconfig::INPUT_AND_OUTPUT,
          bool init = true, typename AccumT = NoAccumulation, typename PostOp = NoOp, typename A,
          typename O, typename... Tail>
ALWI void square(A icb, O ocb, BinaryInputBlockShape shape, Tail... tail)
{
    binary_op<BinaryOpType::SQUARE, BroadcastDim::NONE, input_policy, input_policy, output_policy,
              reconfig, init, AccumT, PostOp>(icb, icb, ocb, shape, tail...);
}
} // namespace compute_kernel_lib
