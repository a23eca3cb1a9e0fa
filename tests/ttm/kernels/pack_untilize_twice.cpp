// Two pack_untilize_block calls into one reservation of two pages of CB 16
// (tt-metal's llk_pack_untilize packs from the reservation's start,
// fifo_wr_ptr, plus the block's column, and moves no pointer), MODE: 0
// column blocks 0 and 1 of a row two tiles wide (full_ct_dim 2): the rows
// of both tiles side by side; 1 block 0 twice: page 0 holds the second
// tile's rows; 2 one pack_untilize_block, then pack_tile<false> of the
// second tile: the in-order pack position is still page 0, so page 0 holds
// the second tile as a tile.
#include "api/compute/pack_untilize.h"
#include "copy_one.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    cb_reserve_back(out, 2);
#if MODE == 0
    pack_untilize_init<1, 2>(in, out);
    for (uint32_t c = 0; c < 2; c++) {
        cb_wait_front(in, 1);
        pack_untilize_block<1, 2>(in, 1, out, c);
        cb_pop_front(in, 1);
    }
    pack_untilize_uninit(out);
#elif MODE == 1
    pack_untilize_init<1>(in, out);
    for (uint32_t c = 0; c < 2; c++) {
        cb_wait_front(in, 1);
        pack_untilize_block<1>(in, 1, out);
        cb_pop_front(in, 1);
    }
    pack_untilize_uninit(out);
#else
    pack_untilize_init<1>(in, out);
    cb_wait_front(in, 1);
    pack_untilize_block<1>(in, 1, out);
    cb_pop_front(in, 1);
    pack_untilize_uninit(out);
    copy_tile_to_dst_init_short(in);
    cb_wait_front(in, 1);
    copy_one_tile(in, out);
    cb_pop_front(in, 1);
#endif
    cb_push_back(out, 2);
}
