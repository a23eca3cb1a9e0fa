// Part of a tile packed (tt-metal's pack_rows, api/compute/pack.h): tile 0
// of CB 0 copied into DEST[IDST] and tile 1 (the background) into the
// other DEST tile, the background packed whole into both pages of CB 16,
// then REPS row packs of DEST[IDST]'s first NUM_ROWS rows, the k-th at
// page (OUT_INDEX + k) % 2. MODE: 0 that; 1 no pack_rows_init; 2 pack_tile
// after pack_rows_init (no pack_rows_uninit); 3 packer L1 accumulation on
// (pack_reconfig_l1_acc(1)); 4 the background alone (no pack_rows_init,
// pack_rows or uninit: their cycles by difference); 5 one row pack with
// the packer's ReLU (ZERO_RELU) on, then, after the uninit and with the
// ReLU off, a whole pack_tile of DEST[IDST] into the other page. Each mistake's line
// ends in its "// <- MODE=n" mark: test_ttm_pack_rows.c has the expected
// bytes, cycles and messages.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/pack.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    constexpr uint32_t bg = IDST == 0 ? 1 : 0;
    compute_kernel_hw_startup(cb_in, cb_out);
    copy_tile_init(cb_in);
    cb_wait_front(cb_in, 2);
    cb_reserve_back(cb_out, 2);
    tile_regs_acquire();
    copy_tile(cb_in, 0, IDST);
    copy_tile(cb_in, 1, bg);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile<true>(bg, cb_out, 0);
    pack_tile<true>(bg, cb_out, 1);
#if MODE == 0
    pack_rows_init(NUM_ROWS); // <- MODE=0
    for (uint32_t k = 0; k < REPS; k++) pack_rows(IDST, cb_out, (OUT_INDEX + k) % 2);
    pack_rows_uninit();
#elif MODE == 1
    pack_rows(IDST, cb_out, OUT_INDEX); // <- MODE=1
#elif MODE == 2
    pack_rows_init(NUM_ROWS);
    pack_rows(IDST, cb_out, OUT_INDEX);
    pack_tile<true>(bg, cb_out, 1); // <- MODE=2
#elif MODE == 3
    pack_reconfig_l1_acc(1);
    pack_rows_init(NUM_ROWS);
    pack_rows(IDST, cb_out, OUT_INDEX); // <- MODE=3
#elif MODE == 5
    pack_relu_config(ReluType::ZERO_RELU);
    pack_rows_init(NUM_ROWS);
    pack_rows(IDST, cb_out, OUT_INDEX);
    pack_rows_uninit();
    pack_relu_config(0);
    pack_tile<true>(IDST, cb_out, 1 - OUT_INDEX);
#endif
    tile_regs_release();
    cb_push_back(cb_out, 2);
    cb_pop_front(cb_in, 2);
}
