// Top-k of each row in a tt-metal-style compute kernel of ttnn's topk shape
// (test_ttm_topk.c; ttnn's reduction/topk compute kernels): Ht rows of Wt
// tiles (Float16_b values in CB c_0, UInt16 indices in CB c_1, a tile
// each at a time from topk_reader.cpp), each pair of tiles transposed into
// DEST 0-1 (values) and 2-3 (indices) so that a row runs down a column,
// sorted into runs of K by topk_local_sort and kept in CB c_24 / c_25 (Wt
// tiles each, rewritten in place); then rounds of topk_merge (runs 2^m
// apart: the larger, or smaller, K into the first) and topk_rebuild (the
// runs left sorted again, alternating) until one run is left in tile 0;
// it is transposed back and packed to CB c_16 (values) and c_17
// (indices), one tile a row, for topk_writer.cpp. K is 4 to 32 (one output
// tile), Wt a power of two of 2 or more. CTA: 0 Ht, 1 Wt, 2 K, 3 log2(K),
// 4 largest.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/pack.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/topk.h"
#include "api/compute/transpose_wh.h"

namespace
{
constexpr uint32_t cb_val = tt::CBIndex::c_0, cb_idx = tt::CBIndex::c_1;
constexpr uint32_t cb_tval = tt::CBIndex::c_24, cb_tidx = tt::CBIndex::c_25;
constexpr uint32_t cb_oval = tt::CBIndex::c_16, cb_oidx = tt::CBIndex::c_17;

// Tiles a and b (b < 0: none) of the transposed CBs into DEST 0-1 and 2-3,
// the op, and back into their places.
template <typename Op> void on_pair(uint32_t a, int b, Op op)
{
    tile_regs_acquire();
    copy_tile_to_dst_init_short_with_dt(cb_tidx, cb_tval);
    copy_tile(cb_tval, a, 0);
    if (b >= 0) copy_tile(cb_tval, (uint32_t)b, 1);
    copy_tile_to_dst_init_short_with_dt(cb_tval, cb_tidx);
    copy_tile(cb_tidx, a, 2);
    if (b >= 0) copy_tile(cb_tidx, (uint32_t)b, 3);
    op();
    tile_regs_commit();
    tile_regs_wait();
    pack_reconfig_data_format(cb_tval);
    pack_tile<true>(0, cb_tval, a);
    if (b >= 0) pack_tile<true>(1, cb_tval, (uint32_t)b);
    pack_reconfig_data_format(cb_tidx);
    pack_tile<true>(2, cb_tidx, a);
    if (b >= 0) pack_tile<true>(3, cb_tidx, (uint32_t)b);
    tile_regs_release();
}

// The transposed CBs' Wt tiles handed round again (ttnn's in-place pass).
void recycle(uint32_t Wt)
{
    cb_reserve_back(cb_tval, Wt);
    cb_reserve_back(cb_tidx, Wt);
    cb_pop_front(cb_tval, Wt);
    cb_pop_front(cb_tidx, Wt);
    cb_push_back(cb_tval, Wt);
    cb_push_back(cb_tidx, Wt);
}

void transpose_out(uint32_t in, uint32_t out)
{
    reconfig_data_format_srca(in);
    transpose_wh_init_short(in);
    pack_reconfig_data_format(out);
    tile_regs_acquire();
    transpose_wh_tile(in, 0, 0);
    tile_regs_commit();
    cb_reserve_back(out, 1);
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
}
} // namespace

void kernel_main()
{
    constexpr uint32_t Ht = get_compile_time_arg_val(0), Wt = get_compile_time_arg_val(1);
    constexpr int K = get_compile_time_arg_val(2), logk = get_compile_time_arg_val(3);
    constexpr bool largest = get_compile_time_arg_val(4) != 0;
    constexpr uint32_t n = Wt * 32; // values a row

    ckernel::topk_tile_init();
    transpose_wh_init(cb_val, cb_tval);
    for (uint32_t ht = 0; ht < Ht; ht++) {
        // runs of K, two tiles at a time
        cb_reserve_back(cb_tval, Wt);
        cb_reserve_back(cb_tidx, Wt);
        for (uint32_t wt = 0; wt < Wt; wt += 2) {
            cb_wait_front(cb_val, 1);
            cb_wait_front(cb_idx, 1);
            tile_regs_acquire();
            reconfig_data_format_srca(cb_val);
            transpose_wh_init_short(cb_val);
            transpose_wh_tile(cb_val, 0, 0);
            reconfig_data_format_srca(cb_idx);
            transpose_wh_init_short(cb_idx);
            transpose_wh_tile(cb_idx, 0, 2);
            cb_pop_front(cb_val, 1);
            cb_pop_front(cb_idx, 1);
            cb_wait_front(cb_val, 1);
            cb_wait_front(cb_idx, 1);
            reconfig_data_format_srca(cb_val);
            transpose_wh_init_short(cb_val);
            transpose_wh_tile(cb_val, 0, 1);
            reconfig_data_format_srca(cb_idx);
            transpose_wh_init_short(cb_idx);
            transpose_wh_tile(cb_idx, 0, 3);
            ckernel::topk_local_sort(0, largest ? 0 : 1, logk - 1);
            tile_regs_commit();
            cb_pop_front(cb_val, 1);
            cb_pop_front(cb_idx, 1);
            tile_regs_wait();
            pack_reconfig_data_format(cb_tval);
            pack_tile(0, cb_tval);
            pack_tile(1, cb_tval);
            pack_reconfig_data_format(cb_tidx);
            pack_tile(2, cb_tidx);
            pack_tile(3, cb_tidx);
            tile_regs_release();
        }
        cb_push_back(cb_tval, Wt);
        cb_push_back(cb_tidx, Wt);

        // merge and rebuild until one run is left
        for (int m = 0; ((uint32_t)K << m) < n; m++) {
            const uint32_t dp = (uint32_t)K << m, sp = dp * 2; // partners apart, survivors apart
            cb_wait_front(cb_tval, Wt);
            cb_wait_front(cb_tidx, Wt);
            const uint32_t mstep = dp < 32 ? 2 : 2 * dp / 32, mdist = dp < 32 ? 1 : dp / 32;
            for (uint32_t a = 0; a + mdist < Wt; a += mstep)
                on_pair(a, (int)(a + mdist), [m] { ckernel::topk_merge<!largest>(0, m, K); });
            recycle(Wt);
            cb_wait_front(cb_tval, Wt);
            cb_wait_front(cb_tidx, Wt);
            const bool one = sp >= n; // one run left: its tile alone
            const uint32_t rstep = sp < 32 ? 2 : 2 * sp / 32, rdist = sp < 32 ? 1 : sp / 32;
            for (uint32_t a = 0; a < Wt; a += rstep)
                on_pair(a, one ? -1 : (int)(a + rdist),
                        [m, one] { ckernel::topk_rebuild(0, !largest, m, K, logk, one ? 1 : 0); });
            recycle(Wt);
        }

        // tile 0's first K rows, transposed back: K values (and indices) a row
        cb_wait_front(cb_tval, Wt);
        cb_wait_front(cb_tidx, Wt);
        transpose_out(cb_tval, cb_oval);
        transpose_out(cb_tidx, cb_oidx);
        cb_pop_front(cb_tval, Wt);
        cb_pop_front(cb_tidx, Wt);
    }
}
