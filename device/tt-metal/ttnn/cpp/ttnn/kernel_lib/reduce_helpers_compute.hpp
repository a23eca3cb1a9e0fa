// ttnn's kernel_lib reduce (compute_kernel_lib::reduce): tt-foil's own
// implementation over its compute API, with ttnn's names and semantics. One
// call reduces a block of rows x cols tiles per batch:
//   REDUCE_ROW    -> one tile per row (rows x batches tiles),
//   REDUCE_COL    -> one tile per column (cols x batches), DEST_AUTO_LIMIT
//                    columns at a time,
//   REDUCE_SCALAR -> one tile per batch.
// It sets the reduce up (reduce_init), waits for the scaler tile (never
// pops it), consumes the input as the input policy says, packs each result
// to the output CB and ends with reduce_uninit. Both call forms: the CBs as
// arguments (reduce<SUM, REDUCE_ROW[, policy, reconfig]>(in, scaler, out,
// shape, ...)) or as template arguments (reduce<SUM, REDUCE_ROW, in,
// scaler, out[, ...]>(shape, ...)). docs/kernels.md "5.4" lists what is
// refused.
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/cb_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_common.hpp"

namespace compute_kernel_lib
{
// Which of unpacker and packer to reconfigure first (each unpack and pack
// reads its CB's format here, so any mode gives the same result).
enum class ReduceDataFormatReconfigMode { NONE, INPUT, OUTPUT, INPUT_AND_OUTPUT };

// How the input CB is waited for and popped:
//   WaitAndPopPerTile  one tile at a time;
//   BulkWaitBulkPop    a row (ROW), a column chunk (COL) or a batch
//                      (SCALAR) at a time (its older name WaitAndPopPerBatch);
//   WaitUpfrontNoPop   everything first, nothing popped (tiles reused later);
//   NoWaitNoPop        the caller waits and pops; the output is reserved
//                      before and pushed after the whole call.
enum class ReduceInputPolicy {
    WaitAndPopPerTile,
    BulkWaitBulkPop,
    WaitUpfrontNoPop,
    NoWaitNoPop,
    WaitAndPopPerBatch = BulkWaitBulkPop,
};

// Fast: the FPU reduce. Accurate (fp32 sums in the SFPU) is refused.
enum class ReduceFp32Mode { Fast, Accurate };

// Tiles between the starts of two rows for the indexed policies (0: cols).
struct ReduceInputMemoryLayout {
    std::uint32_t row_stride = 0;

    explicit constexpr ReduceInputMemoryLayout() = default;
    explicit constexpr ReduceInputMemoryLayout(std::uint32_t row) : row_stride(row) {}
    static constexpr ReduceInputMemoryLayout contiguous()
    {
        return ReduceInputMemoryLayout();
    }
    static constexpr ReduceInputMemoryLayout with_row_stride(std::uint32_t s)
    {
        return ReduceInputMemoryLayout(s);
    }
};

struct ReduceInputBlockShape {
    std::uint32_t rows;
    std::uint32_t cols;
    std::uint32_t batches;

    static constexpr ReduceInputBlockShape of(std::uint32_t r, std::uint32_t c, std::uint32_t b = 1)
    {
        return {r, c, b};
    }
    static constexpr ReduceInputBlockShape single()
    {
        return {1, 1, 1};
    }
    static constexpr ReduceInputBlockShape row(std::uint32_t c, std::uint32_t b = 1)
    {
        return {1, c, b};
    }
    static constexpr ReduceInputBlockShape col(std::uint32_t r, std::uint32_t b = 1)
    {
        return {r, 1, b};
    }
};

// A second scaler tile for the last tile along the reduced dimension, with
// zeros in its padding lanes. The tile engine scales by the scaler's [0][0]
// only, so with_partial() faults at run time (TF_FAULT_DETAIL_UNMODELED,
// saying so): mask the last tile instead.
struct ReducePartialScaler {
    bool use_partial = false;

    static constexpr ReducePartialScaler none()
    {
        return {false};
    }
    static constexpr ReducePartialScaler with_partial()
    {
        return {true};
    }
    constexpr std::uint32_t scaler_tile_count() const
    {
        return use_partial ? 2 : 1;
    }
    constexpr std::uint32_t partial_scaler_idx() const
    {
        return use_partial ? 1 : 0;
    }
};

// Accumulation across calls: from the second iteration on, the running
// result is copied back from cb_accumulator into DEST before reducing.
struct AccumulationConfig {
    std::uint32_t cb_accumulator = 0;
    std::uint32_t dst_index = 0;

    static constexpr AccumulationConfig with_cb(std::uint32_t cb, std::uint32_t dst = 0)
    {
        return {cb, dst};
    }
};

struct Accumulate {
    AccumulationConfig config;
    std::uint32_t iteration = 0;

    explicit constexpr Accumulate(AccumulationConfig cfg, std::uint32_t iter = 0)
        : config(cfg), iteration(iter)
    {
    }
    explicit constexpr Accumulate(std::uint32_t cb, std::uint32_t iter = 0)
        : config{cb, 0}, iteration(iter)
    {
    }
    static constexpr Accumulate at(std::uint32_t cb, std::uint32_t iter, std::uint32_t dst = 0)
    {
        return Accumulate(AccumulationConfig{cb, dst}, iter);
    }
    constexpr bool is_first() const
    {
        return iteration == 0;
    }
};

template <typename T> struct is_accumulate : std::false_type {
};
template <> struct is_accumulate<Accumulate> : std::true_type {
};
template <typename T> inline constexpr bool is_accumulate_v = is_accumulate<T>::value;

template <typename T> struct is_accumulation_type : std::false_type {
};
template <> struct is_accumulation_type<NoAccumulation> : std::true_type {
};
template <> struct is_accumulation_type<Accumulate> : std::true_type {
};
template <typename T> inline constexpr bool is_accumulation_type_v = is_accumulation_type<T>::value;

template <typename T, typename = void> struct is_post_reduce_op : std::false_type {
};
template <typename T>
struct is_post_reduce_op<T, std::void_t<decltype(std::declval<T>()(std::declval<std::uint32_t>()))>>
    : std::true_type {
};
template <typename T> inline constexpr bool is_post_reduce_op_v = is_post_reduce_op<T>::value;

namespace reduce_detail
{
constexpr bool waits_per_tile(ReduceInputPolicy p)
{
    return p == ReduceInputPolicy::WaitAndPopPerTile;
}
constexpr bool bulk(ReduceInputPolicy p)
{
    return p == ReduceInputPolicy::BulkWaitBulkPop;
}
// The policies that index the whole block in place (nothing popped).
constexpr bool indexed(ReduceInputPolicy p)
{
    return p == ReduceInputPolicy::WaitUpfrontNoPop || p == ReduceInputPolicy::NoWaitNoPop;
}

template <PoolType P, ReduceDim D>
ALWI void init(std::uint32_t in, std::uint32_t sc, std::uint32_t out)
{
    reduce_init<P, D, DST_ACCUM_MODE>(in, sc, out);
}

template <PoolType P, ReduceDim D, typename AccT>
ALWI void reload(std::uint32_t in, std::uint32_t sc, std::uint32_t out, const AccT &acc)
{
    if constexpr (is_accumulate_v<AccT>) {
        if (acc.is_first()) return;
        std::uint32_t cb = acc.config.cb_accumulator;
        cb_wait_front(cb, 1);
        copy_tile_to_dst_init_short_with_dt(in, cb);
        copy_tile(cb, 0, acc.config.dst_index);
        cb_pop_front(cb, 1);
        init<P, D>(in, sc, out); // the copy's init replaced the reduce's
    } else {
        (void)in, (void)sc, (void)out, (void)acc;
    }
}

template <typename AccT> constexpr std::uint32_t base_dst(const AccT &acc)
{
    if constexpr (is_accumulate_v<AccT>)
        return acc.config.dst_index;
    else
        return (void)acc, 0;
}

// DoInit / DoUninit: whether this call sets the reduce up (and waits for
// the scaler) and undoes it (the policies form's InitPolicy; else both).
template <PoolType P, ReduceDim D, ReduceInputPolicy IP, ReduceDataFormatReconfigMode RM,
          ReduceFp32Mode FM, typename AccT, typename PostOp, bool DoInit = true,
          bool DoUninit = true>
ALWI void run(std::uint32_t in, std::uint32_t sc, std::uint32_t out, ReduceInputBlockShape shape,
              ReduceInputMemoryLayout layout, AccT acc, PostOp post, ReducePartialScaler partial)
{
    static_assert(P != PoolType::MIN, "compute_kernel_lib::reduce: PoolType::MIN is not supported "
                                      "(SUM, AVG and MAX are)");
    static_assert(FM == ReduceFp32Mode::Fast,
                  "not supported by tt-foil: compute_kernel_lib::reduce with "
                  "ReduceFp32Mode::Accurate (the SFPU reduce): use ReduceFp32Mode::Fast with "
                  "FP32_DEST_ACC ON");
    static_assert(is_accumulation_type_v<AccT>,
                  "compute_kernel_lib::reduce: the accumulation is NoAccumulation or Accumulate");
    static_assert(is_post_reduce_op_v<PostOp>,
                  "compute_kernel_lib::reduce: the post-reduce op is callable with a uint32_t");
    static_assert(!tf_klib::clashes_with_fpu_v<PostOp>,
                  "not supported by tt-foil: compute_kernel_lib::reduce with a post-op chain "
                  "holding a DestReuseOp (reduce it first, then run the chain on its output)");
    static_assert(!(is_accumulate_v<AccT> && P == PoolType::MAX && D == ReduceDim::REDUCE_SCALAR),
                  "compute_kernel_lib::reduce: Accumulate with MAX and REDUCE_SCALAR is not "
                  "supported (as ttnn's)");

    // The engine scales by the scaler tile's [0][0]: a partial scaler's
    // zero lanes would be ignored, so refuse it rather than sum padding.
    // (A run-time value: kernels pick it with a condition.)
    if (TF_MATH && partial.use_partial)
        dev_fault(TF_FAULT_DETAIL_UNMODELED, TF_UNMODELED_PARTIAL_SCALER, 0);

    if constexpr (RM == ReduceDataFormatReconfigMode::INPUT ||
                  RM == ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT)
        reconfig_data_format(in, sc);
    if constexpr (RM == ReduceDataFormatReconfigMode::OUTPUT ||
                  RM == ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT)
        pack_reconfig_data_format(out);

    if constexpr (DoInit) {
        init<P, D>(in, sc, out);
        cb_wait_front(sc, partial.scaler_tile_count());
    }

    const std::uint32_t rows = shape.rows, cols = shape.cols, nbatch = shape.batches;
    const std::uint32_t stride = layout.row_stride ? layout.row_stride : cols;
    const std::uint32_t per_batch = rows * stride;
    const std::uint32_t dst0 = base_dst(acc);
    const std::uint32_t outputs = D == ReduceDim::REDUCE_ROW   ? rows * nbatch
                                  : D == ReduceDim::REDUCE_COL ? cols * nbatch
                                                               : nbatch;
    // Per-tile outputs for the streaming policies; the two that pop nothing
    // reserve every output first and push them at the end, as ttnn's (the
    // output CB must hold them all).
    constexpr bool own_output =
        IP == ReduceInputPolicy::WaitAndPopPerTile || IP == ReduceInputPolicy::BulkWaitBulkPop;

    if constexpr (!own_output) cb_reserve_back(out, outputs);
    if constexpr (IP == ReduceInputPolicy::WaitUpfrontNoPop) cb_wait_front(in, per_batch * nbatch);

    // One input tile into DEST slot dst: `front` is its index among the
    // tiles waited for by a bulk wait, `at` its index in the whole block.
    auto one = [&](std::uint32_t front, std::uint32_t at, std::uint32_t dst) {
        if constexpr (waits_per_tile(IP)) {
            (void)front, (void)at;
            cb_wait_front(in, 1);
            reduce_tile<P, D, DST_ACCUM_MODE>(in, sc, 0, 0, dst);
            cb_pop_front(in, 1);
        } else if constexpr (bulk(IP)) {
            (void)at;
            reduce_tile<P, D, DST_ACCUM_MODE>(in, sc, front, 0, dst);
        } else {
            (void)front;
            reduce_tile<P, D, DST_ACCUM_MODE>(in, sc, at, 0, dst);
        }
    };
    auto pack_one = [&](std::uint32_t dst) {
        if constexpr (own_output) cb_reserve_back(out, 1);
        pack_tile(dst, out);
        if constexpr (own_output) cb_push_back(out, 1);
    };

    for (std::uint32_t nc = 0; nc < nbatch; nc++) {
        const std::uint32_t batch = nc * per_batch;
        if constexpr (D == ReduceDim::REDUCE_SCALAR) {
            if constexpr (bulk(IP)) cb_wait_front(in, rows * cols);
            tile_regs_acquire();
            reload<P, D>(in, sc, out, acc);
            for (std::uint32_t ht = 0; ht < rows; ht++)
                for (std::uint32_t wt = 0; wt < cols; wt++)
                    one(ht * cols + wt, batch + ht * stride + wt, dst0);
            post(dst0);
            tile_regs_commit();
            tile_regs_wait();
            pack_one(dst0);
            tile_regs_release();
            if constexpr (bulk(IP)) cb_pop_front(in, rows * cols);
        } else if constexpr (D == ReduceDim::REDUCE_ROW) {
            for (std::uint32_t ht = 0; ht < rows; ht++) {
                if constexpr (bulk(IP)) cb_wait_front(in, cols);
                tile_regs_acquire();
                reload<P, D>(in, sc, out, acc);
                for (std::uint32_t wt = 0; wt < cols; wt++) one(wt, batch + ht * stride + wt, dst0);
                post(dst0);
                tile_regs_commit();
                tile_regs_wait();
                pack_one(dst0);
                tile_regs_release();
                if constexpr (bulk(IP)) cb_pop_front(in, cols);
            }
        } else {
            // Columns a DEST-full at a time; streamed input arrives row by
            // row within each chunk (the reader's order for REDUCE_COL).
            for (std::uint32_t w0 = 0; w0 < cols; w0 += DEST_AUTO_LIMIT) {
                const std::uint32_t n = cols - w0 < DEST_AUTO_LIMIT ? cols - w0 : DEST_AUTO_LIMIT;
                if constexpr (bulk(IP)) cb_wait_front(in, rows * n);
                tile_regs_acquire();
                reload<P, D>(in, sc, out, acc);
                for (std::uint32_t ht = 0; ht < rows; ht++)
                    for (std::uint32_t i = 0; i < n; i++)
                        one(ht * n + i, batch + ht * stride + w0 + i, dst0 + i);
                for (std::uint32_t i = 0; i < n; i++) post(dst0 + i);
                tile_regs_commit();
                tile_regs_wait();
                for (std::uint32_t i = 0; i < n; i++) pack_one(dst0 + i);
                tile_regs_release();
                if constexpr (bulk(IP)) cb_pop_front(in, rows * n);
            }
        }
    }

    if constexpr (!own_output) cb_push_back(out, outputs);
    if constexpr (DoUninit) reduce_uninit<DST_ACCUM_MODE>();
}
} // namespace reduce_detail

// The CBs as arguments: indices, CircularBuffer or DataflowBuffer objects.
template <
    PoolType reduce_type, ReduceDim reduce_dim,
    ReduceInputPolicy input_policy = ReduceInputPolicy::WaitAndPopPerTile,
    ReduceDataFormatReconfigMode reconfig_mode = ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT,
    typename AccumulateT = NoAccumulation, typename PostReduceOp = NoOp, typename InCb,
    typename ScalerCb, typename OutCb>
ALWI void
reduce(InCb input_cb, ScalerCb scaler_cb, OutCb output_cb, ReduceInputBlockShape input_block_shape,
       ReduceInputMemoryLayout input_memory_layout = ReduceInputMemoryLayout::contiguous(),
       AccumulateT accumulate = AccumulateT{}, PostReduceOp post_reduce_op = PostReduceOp{},
       ReducePartialScaler partial_scaler = ReducePartialScaler::none())
{
    reduce_detail::run<reduce_type, reduce_dim, input_policy, reconfig_mode, ReduceFp32Mode::Fast>(
        tf_klib::cb_index(input_cb), tf_klib::cb_index(scaler_cb), tf_klib::cb_index(output_cb),
        input_block_shape, input_memory_layout, accumulate, post_reduce_op, partial_scaler);
}

// The CBs as template arguments (ttnn's newest form).
template <
    PoolType reduce_type, ReduceDim reduce_dim, std::uint32_t input_dfb_id,
    std::uint32_t scaler_dfb_id, std::uint32_t output_dfb_id,
    ReduceInputPolicy input_policy = ReduceInputPolicy::WaitAndPopPerTile,
    ReduceDataFormatReconfigMode reconfig_mode = ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT,
    ReduceFp32Mode fp32_mode = ReduceFp32Mode::Fast, typename AccumulateT = NoAccumulation,
    typename PostReduceOp = NoOp>
ALWI void
reduce(ReduceInputBlockShape input_block_shape,
       ReduceInputMemoryLayout input_memory_layout = ReduceInputMemoryLayout::contiguous(),
       AccumulateT accumulate = AccumulateT{}, PostReduceOp post_reduce_op = PostReduceOp{},
       ReducePartialScaler partial_scaler = ReducePartialScaler::none())
{
    reduce_detail::run<reduce_type, reduce_dim, input_policy, reconfig_mode, fp32_mode>(
        input_dfb_id, scaler_dfb_id, output_dfb_id, input_block_shape, input_memory_layout,
        accumulate, post_reduce_op, partial_scaler);
}

// The policies form (ttnn's before ReduceInputPolicy and
// ReduceInputBlockShape): the input, reconfiguration and init policies as
// types, the block a TileGrid, the row stride a TileLayout. In it the
// post-op runs after ROW and COL results only (none for SCALAR).
namespace policies
{
struct StreamingPolicy {
    static constexpr ReduceInputPolicy input = ReduceInputPolicy::WaitAndPopPerTile;
};
struct StreamingBatchedPolicy {
    static constexpr ReduceInputPolicy input = ReduceInputPolicy::BulkWaitBulkPop;
};
struct PreloadedPolicy { // the caller waits and pops
    static constexpr ReduceInputPolicy input = ReduceInputPolicy::NoWaitNoPop;
};
struct PersistentPolicy { // waited for, kept for later ops
    static constexpr ReduceInputPolicy input = ReduceInputPolicy::WaitUpfrontNoPop;
};
struct ReconfigNonePolicy {
    static constexpr ReduceDataFormatReconfigMode mode = ReduceDataFormatReconfigMode::NONE;
};
struct ReconfigInputPolicy {
    static constexpr ReduceDataFormatReconfigMode mode = ReduceDataFormatReconfigMode::INPUT;
};
struct ReconfigOutputPolicy {
    static constexpr ReduceDataFormatReconfigMode mode = ReduceDataFormatReconfigMode::OUTPUT;
};
struct ReconfigBothPolicy {
    static constexpr ReduceDataFormatReconfigMode mode =
        ReduceDataFormatReconfigMode::INPUT_AND_OUTPUT;
};
struct InitBothPolicy {
    static constexpr bool init = true, uninit = true;
};
struct InitOnlyPolicy {
    static constexpr bool init = true, uninit = false;
};
struct UninitOnlyPolicy {
    static constexpr bool init = false, uninit = true;
};
struct NoInitPolicy {
    static constexpr bool init = false, uninit = false;
};
} // namespace policies

struct TileGrid {
    std::uint32_t rows;
    std::uint32_t cols;
    std::uint32_t batches;

    static constexpr TileGrid of(std::uint32_t r, std::uint32_t c, std::uint32_t b = 1)
    {
        return {r, c, b};
    }
    static constexpr TileGrid single()
    {
        return {1, 1, 1};
    }
    static constexpr TileGrid row(std::uint32_t c, std::uint32_t b = 1)
    {
        return {1, c, b};
    }
    static constexpr TileGrid col(std::uint32_t r, std::uint32_t b = 1)
    {
        return {r, 1, b};
    }
};

// The row stride for the indexed policies (batch_stride: kept, unused, as
// ttnn's).
struct TileLayout {
    std::uint32_t row_stride = 0;
    std::uint32_t batch_stride = 0;

    explicit constexpr TileLayout() = default;
    constexpr TileLayout(std::uint32_t row, std::uint32_t batch)
        : row_stride(row), batch_stride(batch)
    {
    }
    static constexpr TileLayout contiguous()
    {
        return TileLayout();
    }
    static constexpr TileLayout with_row_stride(std::uint32_t s)
    {
        return TileLayout(s, 0);
    }
    static constexpr TileLayout with_strides(std::uint32_t row, std::uint32_t batch)
    {
        return TileLayout(row, batch);
    }
};

struct ReduceCBs {
    std::uint32_t input, scaler, output;
    static constexpr ReduceCBs of(std::uint32_t in, std::uint32_t scaler, std::uint32_t out)
    {
        return {in, scaler, out};
    }
};

template <PoolType reduce_type, ReduceDim reduce_dim,
          typename InputPolicy = policies::StreamingPolicy,
          typename ReconfigPolicy = policies::ReconfigBothPolicy,
          typename InitPolicy = policies::InitBothPolicy, typename AccumulateT = NoAccumulation,
          typename PostReduceOp = NoOp>
ALWI void reduce(std::uint32_t icb, std::uint32_t icb_scaler, std::uint32_t ocb, TileGrid grid,
                 TileLayout layout = TileLayout::contiguous(),
                 AccumulateT accumulate = AccumulateT{},
                 PostReduceOp post_reduce_op = PostReduceOp{})
{
    const ReduceInputBlockShape shape =
        ReduceInputBlockShape::of(grid.rows, grid.cols, grid.batches);
    const auto lay = ReduceInputMemoryLayout::with_row_stride(layout.row_stride);
    if constexpr (reduce_dim == ReduceDim::REDUCE_SCALAR)
        reduce_detail::run<reduce_type, reduce_dim, InputPolicy::input, ReconfigPolicy::mode,
                           ReduceFp32Mode::Fast, AccumulateT, NoOp, InitPolicy::init,
                           InitPolicy::uninit>(icb, icb_scaler, ocb, shape, lay, accumulate, NoOp{},
                                               ReducePartialScaler::none());
    else
        reduce_detail::run<reduce_type, reduce_dim, InputPolicy::input, ReconfigPolicy::mode,
                           ReduceFp32Mode::Fast, AccumulateT, PostReduceOp, InitPolicy::init,
                           InitPolicy::uninit>(icb, icb_scaler, ocb, shape, lay, accumulate,
                                               post_reduce_op, ReducePartialScaler::none());
}
// The policies form with the CBs as template arguments (ttnn's, as SDPA
// decode's compute_common.hpp calls it): the same call.
template <PoolType reduce_type, ReduceDim reduce_dim, std::uint32_t icb, std::uint32_t icb_scaler,
          std::uint32_t ocb, typename InputPolicy = policies::StreamingPolicy,
          typename ReconfigPolicy = policies::ReconfigBothPolicy,
          typename InitPolicy = policies::InitBothPolicy, typename AccumulateT = NoAccumulation,
          typename PostReduceOp = NoOp>
ALWI void reduce(TileGrid grid, TileLayout layout = TileLayout::contiguous(),
                 AccumulateT accumulate = AccumulateT{},
                 PostReduceOp post_reduce_op = PostReduceOp{})
{
    reduce<reduce_type, reduce_dim, InputPolicy, ReconfigPolicy, InitPolicy, AccumulateT,
           PostReduceOp>(icb, icb_scaler, ocb, grid, layout, accumulate, post_reduce_op);
}
} // namespace compute_kernel_lib
