// A transpose inside DEST (api/compute/transpose_wh_dest.h) as ttnn's
// transpose kernels call it: tile 0 of CB 0 copied into DEST[IDST],
// transposed there REPS times, packed to CB 16. MODE: 0
// transpose_wh_dest<DST_ACCUM_MODE> (the width the kernel's DEST has);
// 1 the 2026 names, transpose_dest<true, false> (each face in its place,
// a 32-bit DEST); the mistakes the engine faults on: 2 is_32bit not the
// DEST's width, 3 no transpose init (the copy's is the last), 4 copy_tile
// after the transpose init, 5 the init's transpose_of_faces not the op's.
// test_ttm_transpose_dest.c has the expected tiles, cycles and messages.
#include <cstdint>

#include "api/compute/tile_move_copy.h"
#include "api/compute/transpose_dest.h"
#include "api/compute/transpose_wh_dest.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    constexpr bool wide = DST_ACCUM_MODE;
    cb_wait_front(cb_in, 1);
    cb_reserve_back(cb_out, 1);
    tile_regs_acquire();
    copy_tile_init(cb_in);
#if MODE == 4
    transpose_wh_dest_init_short<wide>();
#endif
    copy_tile(cb_in, 0, IDST);
#if MODE == 0
    transpose_wh_dest_init_short<wide>();
    for (int k = 0; k < REPS; k++) transpose_wh_dest<wide>(IDST);
#elif MODE == 1
    transpose_dest_init<true, false>(cb_in);
    for (int k = 0; k < REPS; k++) transpose_dest<true, false>(IDST);
#elif MODE == 2
    transpose_wh_dest_init_short<!wide>();
    transpose_wh_dest<!wide>(IDST);
#elif MODE == 3
    transpose_wh_dest<wide>(IDST);
#elif MODE == 5
    transpose_wh_dest_init_short<true>();
    transpose_wh_dest<true, false>(IDST);
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(IDST, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
}
