// One top-k call on chosen tiles (test_ttm_topk.c): two value tiles
// (Float16_b, CB c_0) copied into DEST 0-1 and two index tiles (UInt16,
// CB c_1) into DEST 2-3 as they are (no transpose), the call, and the four
// tiles packed to CB c_16 (values) and c_17 (indices) for topk_writer.cpp.
// RTA: 0 the call (1 topk_local_sort, 2 topk_merge, 3 topk_rebuild), 1-5
// its arguments after idst in tt-metal's order (topk_merge: m_iter,
// top_min, k), 6 idst, 7 a variation: 0 none, 1 exp_tile_init instead of
// topk_tile_init (a fault: the call without its init), 2 topk_tile_init,
// then exp_tile_init (likewise); 3 topk_local_sort's phase 0 first (it
// records the loads and stores a later phase replays), 4 a rebuild first
// (k = 4, m_iter 0), 5 a rebuild with the call's m_iter and k, then
// exp_tile_init and topk_tile_init again. Built with MODE=1 to 4, the one call
// (topk_local_sort, topk_merge, topk_merge<true>, topk_rebuild) the
// arguments pass to, alone at its line (the faults name it).
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/topk.h"

void kernel_main()
{
    constexpr uint32_t cb_val = tt::CBIndex::c_0, cb_idx = tt::CBIndex::c_1;
    constexpr uint32_t cb_oval = tt::CBIndex::c_16, cb_oidx = tt::CBIndex::c_17;
    const uint32_t call = get_arg_val<uint32_t>(0);
    int p[5];
    for (int i = 0; i < 5; i++) p[i] = (int)get_arg_val<uint32_t>(1 + i);
    const uint32_t idst = get_arg_val<uint32_t>(6), variation = get_arg_val<uint32_t>(7);
    init_sfpu(cb_val, cb_oval);
    if (variation == 1) {
        exp_tile_init();
    } else {
        ckernel::topk_tile_init();
        if (variation == 2) exp_tile_init();
    }
    cb_wait_front(cb_val, 2);
    cb_wait_front(cb_idx, 2);
    tile_regs_acquire();
    copy_tile_to_dst_init_short_with_dt(cb_idx, cb_val);
    copy_tile(cb_val, 0, 0);
    copy_tile(cb_val, 1, 1);
    copy_tile_to_dst_init_short_with_dt(cb_val, cb_idx);
    copy_tile(cb_idx, 0, 2);
    copy_tile(cb_idx, 1, 3);
    if (variation == 3) ckernel::topk_local_sort(0, 0, 0);
    if (variation == 4) ckernel::topk_rebuild(0, false, 0, 4, 2, 0);
    if (variation == 5) {
        ckernel::topk_rebuild(0, false, p[1], p[2], p[3], 0);
        exp_tile_init();
        ckernel::topk_tile_init();
    }
#if !defined(MODE)
    if (call == 1) ckernel::topk_local_sort(idst, p[0], p[1], p[2], p[3], p[4]);
    if (call == 2 && p[1]) ckernel::topk_merge<true>(idst, p[0], p[2]);
    if (call == 2 && !p[1]) ckernel::topk_merge<false>(idst, p[0], p[2]);
    if (call == 3) ckernel::topk_rebuild(idst, p[0] != 0, p[1], p[2], p[3], p[4]);
#elif MODE == 1
    ckernel::topk_local_sort(idst, p[0], p[1], p[2], p[3], p[4]); // <- MODE=1
#elif MODE == 2
    ckernel::topk_merge<false>(idst, p[0], p[2]); // <- MODE=2
#elif MODE == 3
    ckernel::topk_merge<true>(idst, p[0], p[2]); // <- MODE=3
#else
    ckernel::topk_rebuild(idst, p[0] != 0, p[1], p[2], p[3], p[4]); // <- MODE=4
#endif
    tile_regs_commit();
    cb_pop_front(cb_val, 2);
    cb_pop_front(cb_idx, 2);
    cb_reserve_back(cb_oval, 2);
    cb_reserve_back(cb_oidx, 2);
    tile_regs_wait();
    pack_reconfig_data_format(cb_oval);
    pack_tile(0, cb_oval);
    pack_tile(1, cb_oval);
    pack_reconfig_data_format(cb_oidx);
    pack_tile(2, cb_oidx);
    pack_tile(3, cb_oidx);
    tile_regs_release();
    cb_push_back(cb_oval, 2);
    cb_push_back(cb_oidx, 2);
}
