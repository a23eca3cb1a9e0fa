// ttnn's kernel_lib block matmul (compute_kernel_lib::matmul_block):
// tt-foil's own implementation over its compute API, with ttnn's names and
// semantics. One call computes an M x N tile output block (per batch) of
// C = A x B, M = in0_num_subblocks x out_subblock_h, N = in1_num_subblocks
// x out_subblock_w, K = num_k_blocks x in0_block_k, one out_subblock_h x
// out_subblock_w subblock in DEST at a time. Per K block it waits for in0's
// M x in0_block_k tiles (row-major) and in1's in0_block_k x in1_per_core_w
// tiles, accumulates each subblock with matmul_block steps and pops both
// (as the input policies say). Without packer_l1_acc (below), a K block
// other than the last spills each
// subblock to the partials (interm) CB; the next reloads it into DEST
// (copy_tile) before its products. The last packs the sums to out (or to
// interm with LastBlockTarget::Interm): SubblockMajor a subblock at a time
// (reserve, pack, push), TileRowMajor a row of subblocks at a time, each
// tile at its place in the row (out_row_width tiles a tile-row). With
// SubblockMajor and more than one K block it first reserves the whole
// output block of the target, so that partials sharing its memory are not
// overwritten. OutWithRelu clamps the summed block at 0 before the pack
// (relu_tile in DEST: the packer ReLU's values, in any format). The
// reconfiguration and matmul_block_init come first (InitMode::Short) or
// after each PreKBlockFn call (ShortAfterPreKBlock). An Activation other
// than NoneActivation is refused at compile time.
//
// packer_l1_acc (as ttnn's ttnn/cpp/ttnn/kernel_lib/matmul_block_helpers.inl
// does it): the K blocks are
// summed by the packer in L1 (pack_reconfig_l1_acc), not reloaded. Per
// batch the whole block is reserved once in the accumulation CB; each K
// block packs every subblock at its place in the block (SubblockMajor or
// TileRowMajor), the first overwriting, the others adding; after the last
// the block is pushed and accumulation turned off. Out and OutWithRelu
// then copy it from interm to out a subblock at a time (OutWithRelu
// clamps there: the sum, not a partial, is clamped). The accumulation CB
// is out itself (no copy; each subblock pushed once its last K block is
// added) where ttnn chooses so (SubblockMajor, Out, a 16-bit DEST, interm
// of out's format), and when interm is out (ttnn's in-place case: no
// copy, so OutWithRelu clamps nothing, as ttnn's). A PostComputeFn sees
// the last K block's products only, as ttnn's. Only Float32 and Float16_b
// CBs accumulate (another format: the engine's fault at the first pack
// that adds). docs/kernels.md "5.4".
#pragma once

#include <type_traits>

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"

namespace compute_kernel_lib
{
// The tile order of the output CB: a subblock's tiles together, or each
// tile-row of the block together (the order the writer reads).
enum class OutputCBLayout { SubblockMajor, TileRowMajor };
using OutputLayout = OutputCBLayout; // (its older name)

// Where the last K block packs: out, out clamped at 0, or interm (for a
// later phase of the kernel: a bias add, an untilize).
enum class LastBlockTarget : std::uint8_t { Out, OutWithRelu, Interm };

// An input's waits and pops per K block: both; the wait alone on the last
// (the tiles stay for the kernel's next call); neither (the kernel's; in1
// only).
enum class InputPolicy : std::uint8_t {
    WaitAndPopPerKBlock,
    WaitAndRetainOnLastBlock,
    NoWaitNoPop
};

namespace matmul_config
{
// matmul_block_init before the K loop, never, or after each PreKBlockFn.
enum class InitMode : std::uint8_t { Short, None, ShortAfterPreKBlock };
// Which of the unpacker (in0, in1) and packer (interm) to reconfigure.
enum class DataFormatReconfig : std::uint8_t { InputAndOutput, Input, Output, None };
} // namespace matmul_config

struct MatmulBlockShape {
    std::uint32_t in0_num_subblocks;
    std::uint32_t in1_num_subblocks;
    std::uint32_t out_subblock_h;
    std::uint32_t out_subblock_w;
    std::uint32_t in0_block_k;
    std::uint32_t num_k_blocks;
    std::uint32_t batch = 1;
    // nonzero: the last in1 subblock's products cover this many columns
    std::uint32_t last_in1_subblock_w_valid = 0;
    // in1's tiles a row per K block (0: out_subblock_w x in1_num_subblocks)
    std::uint32_t in1_per_core_w = 0;
    // TileRowMajor: the output's tiles a row (0: in1_per_core_w)
    std::uint32_t out_row_width = 0;

    static constexpr MatmulBlockShape of(std::uint32_t in0_num_subblocks,
                                         std::uint32_t in1_num_subblocks,
                                         std::uint32_t out_subblock_h, std::uint32_t out_subblock_w,
                                         std::uint32_t in0_block_k, std::uint32_t num_k_blocks,
                                         std::uint32_t batch = 1, std::uint32_t in1_per_core_w = 0,
                                         std::uint32_t out_row_width = 0)
    {
        return {in0_num_subblocks, in1_num_subblocks, out_subblock_h, out_subblock_w,
                in0_block_k,       num_k_blocks,      batch,          0,
                in1_per_core_w,    out_row_width};
    }
};

// The hooks' defaults (no-ops, the static K step count, in0's CB, in1
// offset 0).
struct NoPostCompute {
    ALWI void operator()(std::uint32_t) const {}
};
struct NoPreKBlock {
    ALWI void operator()(std::uint32_t, std::uint32_t, bool) const {}
};
struct NoPostKBlock {
    ALWI void operator()(std::uint32_t, std::uint32_t, bool) const {}
};
struct NoKBlockInnerDimFn {
    ALWI std::uint32_t operator()(std::uint32_t, std::uint32_t block_k) const
    {
        return block_k;
    }
};
struct NoIn0Source {
    ALWI std::uint32_t operator()(std::uint32_t, std::uint32_t in0_cb) const
    {
        return in0_cb;
    }
};
struct NoIn1BaseOffset {
    ALWI std::uint32_t operator()(std::uint32_t) const
    {
        return 0;
    }
};
// No activation fused in the last pack (the only one provided here).
struct NoneActivation {
};
} // namespace compute_kernel_lib

namespace compute_kernel_lib
{
template <
    bool transpose = false, bool packer_l1_acc = false,
    LastBlockTarget last_block_target = LastBlockTarget::Out,
    OutputCBLayout tile_order = OutputCBLayout::SubblockMajor,
    matmul_config::InitMode init_mode = matmul_config::InitMode::Short,
    InputPolicy in0_policy = InputPolicy::WaitAndPopPerKBlock,
    InputPolicy in1_policy = InputPolicy::WaitAndPopPerKBlock,
    typename PostComputeFn = NoPostCompute, typename PreKBlockFn = NoPreKBlock,
    typename PostKBlockFn = NoPostKBlock, typename KBlockInnerDimFn = NoKBlockInnerDimFn,
    typename In0SourceFn = NoIn0Source, typename In1BaseOffsetFn = NoIn1BaseOffset,
    typename Activation = NoneActivation,
    matmul_config::DataFormatReconfig reconfig = matmul_config::DataFormatReconfig::InputAndOutput,
    std::uint32_t c_in0_num_subblocks = 0, std::uint32_t c_in1_num_subblocks = 0,
    std::uint32_t c_out_subblock_h = 0, std::uint32_t c_out_subblock_w = 0,
    std::uint32_t c_in0_block_k = 0, std::uint32_t c_num_k_blocks = 0, std::uint32_t c_batch = 1,
    std::uint32_t c_last_in1_subblock_w_valid = 0, std::uint32_t c_in1_per_core_w = 0,
    std::uint32_t c_out_row_width = 0, class B0, class B1, class B2, class B3>
ALWI void matmul_block_impl(B0 &&in0_buf, B1 &&in1_buf, B2 &&out_buf, B3 &&interm_buf,
                            const MatmulBlockShape &shape, PostComputeFn post_compute = {},
                            PreKBlockFn pre_k_block = {}, PostKBlockFn post_k_block = {},
                            KBlockInnerDimFn k_block_inner_dim = {}, In0SourceFn in0_source_fn = {},
                            In1BaseOffsetFn in1_base_offset_fn = {})
{
    static_assert(std::is_same_v<Activation, NoneActivation> || tf_ttm::dependent_false<B0>,
                  "not supported by tt-foil: compute_kernel_lib::matmul_block with an "
                  "Activation fused in the pack; use NoneActivation and apply the SFPU op in a "
                  "PostComputeFn");
    static_assert(in0_policy != InputPolicy::NoWaitNoPop,
                  "compute_kernel_lib::matmul_block: InputPolicy::NoWaitNoPop is for in1 only");
    using matmul_config::DataFormatReconfig;
    using matmul_config::InitMode;

    const MatmulBlockShape s = c_num_k_blocks ? MatmulBlockShape{c_in0_num_subblocks,
                                                                 c_in1_num_subblocks,
                                                                 c_out_subblock_h,
                                                                 c_out_subblock_w,
                                                                 c_in0_block_k,
                                                                 c_num_k_blocks,
                                                                 c_batch,
                                                                 c_last_in1_subblock_w_valid,
                                                                 c_in1_per_core_w,
                                                                 c_out_row_width}
                                              : shape;
    const std::uint32_t in0 = tf_klib::cb_index(in0_buf), in1 = tf_klib::cb_index(in1_buf);
    const std::uint32_t out = tf_klib::cb_index(out_buf), interm = tf_klib::cb_index(interm_buf);
    constexpr bool to_interm = last_block_target == LastBlockTarget::Interm;
    constexpr bool relu = last_block_target == LastBlockTarget::OutWithRelu;
    constexpr bool row_major = tile_order == OutputCBLayout::TileRowMajor;
    constexpr bool in_reconfig =
        reconfig == DataFormatReconfig::InputAndOutput || reconfig == DataFormatReconfig::Input;
    constexpr bool out_reconfig =
        reconfig == DataFormatReconfig::InputAndOutput || reconfig == DataFormatReconfig::Output;
    constexpr bool has_post = !std::is_same_v<PostComputeFn, NoPostCompute>;

    const std::uint32_t sb_h = s.out_subblock_h, sb_w = s.out_subblock_w, k = s.in0_block_k;
    const std::uint32_t sb_tiles = sb_h * sb_w;
    const std::uint32_t in1_w = s.in1_per_core_w ? s.in1_per_core_w : sb_w * s.in1_num_subblocks;
    const std::uint32_t row_w = s.out_row_width ? s.out_row_width : in1_w;
    const std::uint32_t in0_sb_tiles = sb_h * k,
                        in0_block_tiles = in0_sb_tiles * s.in0_num_subblocks;
    const std::uint32_t in1_block_tiles = in1_w * k;
    const std::uint32_t out_block_tiles = sb_tiles * s.in0_num_subblocks * s.in1_num_subblocks;
    const std::uint32_t target = to_interm ? interm : out;
    // packer_l1_acc: the block is summed in place in L1 (the accumulation
    // CB `acc`), so nothing is reloaded. acc is out itself (the sums are
    // published as they complete, a subblock at a time) when a copy from
    // interm would change nothing: SubblockMajor, Out (no clamp left to
    // apply), a 16-bit DEST and interm of out's format; else interm.
    constexpr bool l1 = packer_l1_acc;
    const bool alias_out = l1 && !row_major && last_block_target == LastBlockTarget::Out &&
                           !get_fp32_dest_acc_enabled() &&
                           dev_cb_format(out) == dev_cb_format(interm);
    const std::uint32_t acc = alias_out ? out : interm;

    if constexpr (init_mode == InitMode::Short) {
        if constexpr (in_reconfig) reconfig_data_format(in1, in0);
        if constexpr (out_reconfig) pack_reconfig_data_format(interm);
        matmul_block_init(in0, in1, transpose, sb_w, sb_h, k);
    } else if constexpr (init_mode == InitMode::None) {
        if constexpr (out_reconfig) pack_reconfig_data_format(interm);
    }

    for (std::uint32_t b = 0; b < s.batch; b++) {
        // (the whole block's pages held from the first K block to the last)
        if constexpr (l1) cb_reserve_back(acc, out_block_tiles);
        for (std::uint32_t block = 0; block < s.num_k_blocks; block++) {
            const bool last = block == s.num_k_blocks - 1;
            pre_k_block(block, s.num_k_blocks, last);
            const std::uint32_t a = in0_source_fn(block, in0);
            if constexpr (init_mode == InitMode::ShortAfterPreKBlock) {
                if constexpr (in_reconfig) reconfig_data_format(in1, a);
                if constexpr (out_reconfig) pack_reconfig_data_format(interm);
                matmul_block_init(a, in1, transpose, sb_w, sb_h, k);
            }
            cb_wait_front(a, in0_block_tiles);
            if constexpr (in1_policy != InputPolicy::NoWaitNoPop)
                cb_wait_front(in1, in1_block_tiles);
            const std::uint32_t steps = k_block_inner_dim(block, k);
            const std::uint32_t in1_base = in1_base_offset_fn(block);
            if constexpr (l1) { // the first K block overwrites, the others add
                pack_reconfig_data_format(acc);
                pack_reconfig_l1_acc(block != 0);
            } else if (last)
                pack_reconfig_data_format(target);
            else if (block == 0 && !row_major)
                cb_reserve_back(target, out_block_tiles);

            for (std::uint32_t m = 0; m < s.in0_num_subblocks; m++) {
                if (!l1 && row_major && last) cb_reserve_back(target, sb_h * row_w);
                for (std::uint32_t n = 0; n < s.in1_num_subblocks; n++) {
                    tile_regs_acquire();
                    if (!l1 && block > 0) { // the partials of the K blocks before
                        copy_tile_to_dst_init_short_with_dt(in1, interm);
                        cb_wait_front(interm, sb_tiles);
                        for (std::uint32_t i = 0; i < sb_tiles; i++) copy_tile(interm, i, i);
                        cb_pop_front(interm, sb_tiles);
                        matmul_block_init(a, in1, transpose, sb_w, sb_h, k);
                    }
                    const std::uint32_t ct =
                        n == s.in1_num_subblocks - 1 && s.last_in1_subblock_w_valid
                            ? s.last_in1_subblock_w_valid
                            : sb_w;
                    for (std::uint32_t kk = 0; kk < steps; kk++)
                        matmul_block(a, in1, m * in0_sb_tiles + kk,
                                     in1_base + n * sb_w + kk * in1_w, 0, transpose, ct, sb_h, k);
                    if (last) { // (with l1, DEST holds this K block's products only)
                        post_compute(sb_tiles);
                        if constexpr (relu && !l1) {
                            relu_tile_init();
                            for (std::uint32_t i = 0; i < sb_tiles; i++) relu_tile(i);
                        }
                        if constexpr ((relu && !l1) || has_post)
                            matmul_block_init(a, in1, transpose, sb_w, sb_h, k);
                    }
                    tile_regs_commit();
                    tile_regs_wait();
                    if (!l1 && !last) { // spill the partials
                        cb_reserve_back(interm, sb_tiles);
                        for (std::uint32_t i = 0; i < sb_tiles; i++) pack_tile(i, interm);
                        cb_push_back(interm, sb_tiles);
                    } else if constexpr (row_major) {
                        // l1: every K block at the tile's place in the whole block
                        const std::uint32_t pc = l1 ? acc : target,
                                            row0 = l1 ? m * sb_h * row_w : 0;
                        for (std::uint32_t r = 0; r < sb_h; r++)
                            for (std::uint32_t c = 0; c < sb_w; c++)
                                pack_tile<true>(r * sb_w + c, pc, row0 + r * row_w + n * sb_w + c);
                    } else if constexpr (l1) { // the subblock's pages in the whole block
                        // (out: the last K block's first page is the next unpublished)
                        const std::uint32_t at =
                            alias_out && last ? 0 : (m * s.in1_num_subblocks + n) * sb_tiles;
                        for (std::uint32_t i = 0; i < sb_tiles; i++)
                            pack_tile<true>(i, acc, at + i);
                    } else {
                        cb_reserve_back(target, sb_tiles);
                        for (std::uint32_t i = 0; i < sb_tiles; i++) pack_tile(i, target);
                        cb_push_back(target, sb_tiles);
                    }
                    tile_regs_release();
                    if (l1 && alias_out && last) cb_push_back(out, sb_tiles);
                }
                if (!l1 && row_major && last) cb_push_back(target, sb_h * row_w);
            }
            if (!l1 && last) pack_reconfig_data_format(interm);

            if (in0_policy == InputPolicy::WaitAndPopPerKBlock || !last)
                cb_pop_front(a, in0_block_tiles);
            if constexpr (in1_policy != InputPolicy::NoWaitNoPop)
                if (in1_policy == InputPolicy::WaitAndPopPerKBlock || !last)
                    cb_pop_front(in1, in1_block_tiles);
            post_k_block(block, s.num_k_blocks, last);
        }
        if constexpr (l1) {
            if (!alias_out) cb_push_back(acc, out_block_tiles);
            pack_reconfig_l1_acc(0);
            // Out from interm: the summed block copied (converted to out's
            // format, clamped at 0 with OutWithRelu) a subblock's tiles at
            // a time. None when interm is out: the sums are out's pages.
            if (!to_interm && out != acc) {
                pack_reconfig_data_format(out);
                cb_wait_front(interm, out_block_tiles);
                cb_reserve_back(out, out_block_tiles);
                copy_tile_to_dst_init_short_with_dt(in1, interm);
                for (std::uint32_t at = 0; at < out_block_tiles; at += sb_tiles) {
                    tile_regs_acquire();
                    copy_block_matmul_partials(interm, at, 0, sb_tiles);
                    if constexpr (relu) { // (relu_tile in DEST: any out format)
                        relu_tile_init();
                        for (std::uint32_t i = 0; i < sb_tiles; i++) relu_tile(i);
                        copy_tile_to_dst_init_short_with_dt(in1, interm);
                    }
                    tile_regs_commit();
                    tile_regs_wait();
                    for (std::uint32_t i = 0; i < sb_tiles; i++) pack_tile(i, out);
                    tile_regs_release();
                }
                cb_push_back(out, out_block_tiles);
                cb_pop_front(interm, out_block_tiles);
                if (b + 1 < s.batch) { // the next batch's K blocks
                    reconfig_data_format(in1, in0);
                    pack_reconfig_data_format(interm);
                    matmul_block_init(in0, in1, transpose, sb_w, sb_h, k);
                }
            }
        }
    }
}

// The common form: no hooks; the reconfiguration right after the input
// policies.
template <
    bool transpose = false, bool packer_l1_acc = false,
    LastBlockTarget last_block_target = LastBlockTarget::Out,
    OutputCBLayout tile_order = OutputCBLayout::SubblockMajor,
    matmul_config::InitMode init_mode = matmul_config::InitMode::Short,
    InputPolicy in0_policy = InputPolicy::WaitAndPopPerKBlock,
    InputPolicy in1_policy = InputPolicy::WaitAndPopPerKBlock,
    matmul_config::DataFormatReconfig reconfig = matmul_config::DataFormatReconfig::InputAndOutput,
    typename Activation = NoneActivation, std::uint32_t c_in0_num_subblocks = 0,
    std::uint32_t c_in1_num_subblocks = 0, std::uint32_t c_out_subblock_h = 0,
    std::uint32_t c_out_subblock_w = 0, std::uint32_t c_in0_block_k = 0,
    std::uint32_t c_num_k_blocks = 0, std::uint32_t c_batch = 1,
    std::uint32_t c_last_in1_subblock_w_valid = 0, std::uint32_t c_in1_per_core_w = 0,
    std::uint32_t c_out_row_width = 0, class B0, class B1, class B2, class B3>
ALWI void matmul_block(B0 &&in0_buf, B1 &&in1_buf, B2 &&out_buf, B3 &&interm_buf,
                       const MatmulBlockShape &shape)
{
    matmul_block_impl<transpose, packer_l1_acc, last_block_target, tile_order, init_mode,
                      in0_policy, in1_policy, NoPostCompute, NoPreKBlock, NoPostKBlock,
                      NoKBlockInnerDimFn, NoIn0Source, NoIn1BaseOffset, Activation, reconfig,
                      c_in0_num_subblocks, c_in1_num_subblocks, c_out_subblock_h, c_out_subblock_w,
                      c_in0_block_k, c_num_k_blocks, c_batch, c_last_in1_subblock_w_valid,
                      c_in1_per_core_w, c_out_row_width>(in0_buf, in1_buf, out_buf, interm_buf,
                                                         shape);
}

// The form before the hooks moved to matmul_block_gathered: the hooks'
// types right after the input policies (PostComputeFn given, never
// defaulted, so that the common form's calls are not ambiguous), their
// objects after the shape.
template <
    bool transpose, bool packer_l1_acc, LastBlockTarget last_block_target,
    OutputCBLayout tile_order, matmul_config::InitMode init_mode, InputPolicy in0_policy,
    InputPolicy in1_policy, typename PostComputeFn, typename PreKBlockFn = NoPreKBlock,
    typename PostKBlockFn = NoPostKBlock, typename KBlockInnerDimFn = NoKBlockInnerDimFn,
    typename In0SourceFn = NoIn0Source, typename In1BaseOffsetFn = NoIn1BaseOffset,
    typename Activation = NoneActivation,
    matmul_config::DataFormatReconfig reconfig = matmul_config::DataFormatReconfig::InputAndOutput,
    class B0, class B1, class B2, class B3>
ALWI void matmul_block(B0 &&in0_buf, B1 &&in1_buf, B2 &&out_buf, B3 &&interm_buf,
                       const MatmulBlockShape &shape, PostComputeFn post_compute = {},
                       PreKBlockFn pre_k_block = {}, PostKBlockFn post_k_block = {},
                       KBlockInnerDimFn k_block_inner_dim = {}, In0SourceFn in0_source_fn = {},
                       In1BaseOffsetFn in1_base_offset_fn = {})
{
    matmul_block_impl<transpose, packer_l1_acc, last_block_target, tile_order, init_mode,
                      in0_policy, in1_policy, PostComputeFn, PreKBlockFn, PostKBlockFn,
                      KBlockInnerDimFn, In0SourceFn, In1BaseOffsetFn, Activation, reconfig>(
        in0_buf, in1_buf, out_buf, interm_buf, shape, post_compute, pre_k_block, post_k_block,
        k_block_inner_dim, in0_source_fn, in1_base_offset_fn);
}

// The older form with the CBs and the block as run-time values:
// pack_last_to_interm is LastBlockTarget::Interm, pack_relu OutWithRelu.
template <bool transpose = false, bool packer_l1_acc = false, bool pack_last_to_interm = false,
          bool pack_relu = false, OutputCBLayout tile_order = OutputCBLayout::SubblockMajor,
          typename PostComputeFn = NoPostCompute>
ALWI void matmul_block(std::uint32_t in0_cb, std::uint32_t in1_cb, std::uint32_t out_cb,
                       std::uint32_t interm_cb, std::uint32_t in0_block_w,
                       std::uint32_t in0_num_subblocks, std::uint32_t in1_num_subblocks,
                       std::uint32_t num_k_blocks, std::uint32_t out_subblock_h,
                       std::uint32_t out_subblock_w, std::uint32_t batch = 1,
                       PostComputeFn post_compute = {})
{
    static_assert(!(pack_last_to_interm && pack_relu),
                  "compute_kernel_lib::matmul_block: pack_relu applies to the output, not to "
                  "pack_last_to_interm");
    constexpr LastBlockTarget t = pack_last_to_interm ? LastBlockTarget::Interm
                                  : pack_relu         ? LastBlockTarget::OutWithRelu
                                                      : LastBlockTarget::Out;
    matmul_block_impl<transpose, packer_l1_acc, t, tile_order, matmul_config::InitMode::Short,
                      InputPolicy::WaitAndPopPerKBlock, InputPolicy::WaitAndPopPerKBlock,
                      PostComputeFn>(in0_cb, in1_cb, out_cb, interm_cb,
                                     MatmulBlockShape::of(in0_num_subblocks, in1_num_subblocks,
                                                          out_subblock_h, out_subblock_w,
                                                          in0_block_w, num_k_blocks, batch),
                                     post_compute);
}
// The oldest form, the CBs as template arguments.
template <std::uint32_t in0_cb, std::uint32_t in1_cb, std::uint32_t out_cb, std::uint32_t interm_cb,
          bool transpose = false, typename PostComputeFn = NoPostCompute>
ALWI void matmul_block(std::uint32_t in0_block_w, std::uint32_t in0_num_subblocks,
                       std::uint32_t in1_num_subblocks, std::uint32_t num_k_blocks,
                       std::uint32_t out_subblock_h, std::uint32_t out_subblock_w,
                       std::uint32_t batch = 1, PostComputeFn post_compute = {})
{
    matmul_block_impl<transpose, false, LastBlockTarget::Out, OutputCBLayout::SubblockMajor,
                      matmul_config::InitMode::Short, InputPolicy::WaitAndPopPerKBlock,
                      InputPolicy::WaitAndPopPerKBlock, PostComputeFn>(
        in0_cb, in1_cb, out_cb, interm_cb,
        MatmulBlockShape::of(in0_num_subblocks, in1_num_subblocks, out_subblock_h, out_subblock_w,
                             in0_block_w, num_k_blocks, batch),
        post_compute);
}
} // namespace compute_kernel_lib
