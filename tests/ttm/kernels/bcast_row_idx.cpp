// Row broadcasts with tt-metal's bcast_row_idx argument (since 2025): tile
// 0 of CB 0 op row bcast_row_idx of tile 1 of CB 0, into CB 16. MODE 0:
// add_tiles_bcast_rows(..., 0), 1: mul_tiles_bcast<ROW>(..., 0), 2:
// any_tiles_bcast<ELWSUB, ROW>(..., 3) (a row other than 0 is not modeled:
// a fault naming it).
#include "api/compute/bcast.h"

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    binary_op_init_common(in, in, out);
    cb_wait_front(in, 2);
    cb_reserve_back(out, 1);
    tile_regs_acquire();
#if MODE == 0
    add_bcast_rows_init_short(in, in);
    add_tiles_bcast_rows(in, in, 0, 1, 0, 0);
#elif MODE == 1
    mul_bcast_rows_init_short(in, in);
    mul_tiles_bcast<BroadcastType::ROW>(in, in, 0, 1, 0, 0);
#else
    init_bcast<ELWSUB, BroadcastType::ROW>(in, in, out);
    any_tiles_bcast<ELWSUB, BroadcastType::ROW>(in, in, 0, 1, 0, 3);
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 2);
}
