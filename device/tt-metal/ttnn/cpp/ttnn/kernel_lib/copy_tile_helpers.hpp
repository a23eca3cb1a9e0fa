// ttnn's kernel_lib tile copy (compute_kernel_lib::copy_tiles): tt-foil's
// own implementation over its compute API, with ttnn's names and semantics.
// copy_tiles(in, out, n[, post_op]) moves n tiles from CB in to CB out one
// at a time through DEST index 0: reconfigure the unpacker and/or packer
// (as the reconfig mode says), copy_tile_to_dst_init_short(in), then per
// tile: acquire DEST; with WaitAndPop wait for one tile, copy tile 0 and
// pop it (with NoWaitNoPop copy tile i: the caller waited for all n and
// pops them); call post_op(0) while the tile is in DEST; commit, wait,
// reserve one page of out, pack, push, release. The kernel starts the
// hardware first (compute_kernel_hw_startup or an init_common), as
// ttnn's. docs/kernels.md "5.4".
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"

namespace compute_kernel_lib
{
// WaitAndPop: wait for and pop each tile (streaming); NoWaitNoPop: the
// caller waited for every tile and pops them (indexed from the front).
enum class CopyInputPolicy { WaitAndPop, NoWaitNoPop };

// Which of the unpacker (input) and packer (output) to reconfigure to the
// CBs' formats before the copy.
enum class CopyDataFormatReconfig { NONE = 0, INPUT = 1, OUTPUT = 2, INPUT_AND_OUTPUT = 3 };

template <CopyInputPolicy input_policy = CopyInputPolicy::WaitAndPop,
          CopyDataFormatReconfig reconfig_mode = CopyDataFormatReconfig::INPUT_AND_OUTPUT,
          typename PostOp = NoOp, class InCb, class OutCb>
ALWI void copy_tiles(InCb input_cb, OutCb output_cb, std::uint32_t num_tiles, PostOp post_op = {})
{
    static_assert(std::is_invocable_v<PostOp &, std::uint32_t>,
                  "compute_kernel_lib::copy_tiles: the post-op is callable with a uint32_t (the "
                  "DEST index of the tile)");
    const std::uint32_t in = tf_klib::cb_index(input_cb);
    const std::uint32_t out = tf_klib::cb_index(output_cb);
    constexpr bool streaming = input_policy == CopyInputPolicy::WaitAndPop;

    if constexpr (reconfig_mode == CopyDataFormatReconfig::INPUT ||
                  reconfig_mode == CopyDataFormatReconfig::INPUT_AND_OUTPUT)
        reconfig_data_format_srca(in);
    if constexpr (reconfig_mode == CopyDataFormatReconfig::OUTPUT ||
                  reconfig_mode == CopyDataFormatReconfig::INPUT_AND_OUTPUT)
        pack_reconfig_data_format(out);
    copy_tile_to_dst_init_short(in);

    for (std::uint32_t t = 0; t < num_tiles; t++) {
        tile_regs_acquire();
        if constexpr (streaming) {
            cb_wait_front(in, 1);
            copy_tile(in, 0, 0);
            cb_pop_front(in, 1);
        } else
            copy_tile(in, t, 0);
        post_op(0u);
        if constexpr (tf_klib::clashes_with_fpu_v<PostOp>) copy_tile_to_dst_init_short(in);
        tile_regs_commit();
        tile_regs_wait();
        cb_reserve_back(out, 1);
        pack_tile(0, out);
        cb_push_back(out, 1);
        tile_regs_release();
    }
}
} // namespace compute_kernel_lib
