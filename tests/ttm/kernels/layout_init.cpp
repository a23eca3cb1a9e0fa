// tilize_block, untilize_block and pack_untilize_block want their own inits:
// after a plain copy init (MODE 0, 1, 2) tt-llk's unpacker is not set up for
// row-major input or the untilizing copy, so each faults at its line; MODE 3
// tilizes CB 0's one page (taken as 32 row-major rows) after tilize_init.
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    cb_wait_front(in, 1);
    cb_reserve_back(out, 1);
#if MODE == 3
    tilize_init(in, 1, out);
#else
    copy_tile_to_dst_init_short(in);
#endif
#if MODE == 0
    tilize_block(in, 1, out); // <- MODE=0
#elif MODE == 1
    untilize_block(in, 1, out); // <- MODE=1
#elif MODE == 2
    pack_untilize_block<1>(in, 1, out); // <- MODE=2
#else
    tilize_block(in, 1, out);
    tilize_uninit(in, out);
#endif
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
}
