// Four tiles of CB 0 copied into DEST 0-3 (fp32 DEST: the whole half), then
// pack_untilize_dest of one block of them as FORM says into two pages of CB
// 16: 0 the older 6-argument form, tile_dst_rt_offset 1 (DEST 1);
// 1 the newest 4-argument form, offset 2 (DEST 2); 2 tile_dst_ct_offset 3
// (DEST 3); 3 both, ct 1 + rt 1, two tile rows (DEST 2, then 3); 4 offset
// 4, beyond the half (a fault); 5 the older name pack_untilize_dst, two
// tile rows (DEST 0, then 1).
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    copy_tile_to_dst_init_short(in);
    pack_untilize_dest_init<1>(out);
    cb_wait_front(in, 4);
    cb_reserve_back(out, 2);
    tile_regs_acquire();
    for (uint32_t i = 0; i < 4; i++) copy_tile(in, i, i);
    tile_regs_commit();
    tile_regs_wait();
#if FORM == 0
    pack_untilize_dest<1>(out, 1, 0, 16, 4, 1);
#elif FORM == 1
    pack_untilize_dest<1>(out, 1, 0, 2);
#elif FORM == 2
    pack_untilize_dest<1, 1, false, false, 32, 3>(out);
#elif FORM == 3
    pack_untilize_dest<1, 1, false, false, 32, 1>(out, 2, 0, 1);
#elif FORM == 4
    pack_untilize_dest<1>(out, 1, 0, 4);
#else
    pack_untilize_dst<1>(out, 2);
#endif
    tile_regs_release();
    cb_push_back(out, 2);
    cb_pop_front(in, 4);
    pack_untilize_uninit(out);
}
