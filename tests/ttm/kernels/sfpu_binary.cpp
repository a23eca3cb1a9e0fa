// SFPU binary ops between two DEST tiles (eltwise_binary_sfpu.h,
// binary_max_min.h) as ttnn's binary SFPU kernels call them: CB 0 holds x
// and y; x goes to DEST[0], y to DEST[1], the op writes DEST[ODST], which is
// packed to CB 16. MODE picks the op (test_ttm_sfpu_binary.c has the
// expected values); MODEs 20 and up are the mistakes the engine faults on.
#include <cstdint>

#include "api/compute/binary_comp.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/eltwise_binary_sfpu.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 2);
    cb_reserve_back(cb_out, 1);
#if MODE == 10                    // y into DEST[1], released; DEST[1] read again later is zeros
    for (int i = 0; i < 2; i++) { // (both halves, whichever the next acquire takes)
        tile_regs_acquire();
        copy_tile(cb_in, 1, 1);
        tile_regs_commit();
        tile_regs_wait();
        tile_regs_release();
    }
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
#else
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
    copy_tile(cb_in, 1, 1);
#endif
#if MODE == 0 || MODE == 10
    add_binary_tile_init();
    add_binary_tile(0, 1, ODST);
#elif MODE == 1
    sub_binary_tile_init();
    sub_binary_tile(0, 1, ODST);
#elif MODE == 2
    mul_binary_tile_init();
    mul_binary_tile(0, 1, ODST);
#elif MODE == 3
    div_binary_tile_init();
    div_binary_tile(0, 1, ODST);
#elif MODE == 4
    rsub_binary_tile_init();
    rsub_binary_tile(0, 1, ODST);
#elif MODE == 5
    power_binary_tile_init();
    power_binary_tile(0, 1, ODST);
#elif MODE == 6
    binary_max_tile_init();
    binary_max_tile(0, 1, ODST);
#elif MODE == 7
    binary_min_tile_init();
    binary_min_tile(0, 1, ODST);
#elif MODE == 8 // the rounding mode of the newest add_binary_tile
    add_binary_tile_init();
    add_binary_tile<ckernel::DstRoundingMode::NearestEven>(0, 1, ODST);
#elif MODE == 9
    sub_binary_tile_init();
    sub_binary_tile<ckernel::DstRoundingMode::NearestEven, DST_ACCUM_MODE>(0, 1, ODST);
#elif MODE == 11 // the comparisons (binary_comp.h)
    eq_binary_tile_init();
    eq_binary_tile(0, 1, ODST);
#elif MODE == 12
    ne_binary_tile_init();
    ne_binary_tile(0, 1, ODST);
#elif MODE == 13
    lt_binary_tile_init();
    lt_binary_tile(0, 1, ODST);
#elif MODE == 14
    gt_binary_tile_init();
    gt_binary_tile(0, 1, ODST);
#elif MODE == 15
    le_binary_tile_init();
    le_binary_tile<DST_ACCUM_MODE>(0, 1, ODST); // the newest tree's template parameter
#elif MODE == 16
    ge_binary_tile_init();
    ge_binary_tile(0, 1, ODST);
#elif MODE == 20 // no init at all
    add_binary_tile(0, 1, ODST);
#elif MODE == 21 // another op's init
    mul_binary_tile_init();
    div_binary_tile(0, 1, ODST);
#elif MODE == 22 // a source beyond DEST's half (4 fp32 tiles)
    add_binary_tile_init();
    add_binary_tile(0, 5, ODST);
#elif MODE == 23 // the output beyond it
    binary_max_tile_init();
    binary_max_tile(0, 1, 6);
#elif MODE == 25 // a comparison after another comparison's init
    lt_binary_tile_init();
    gt_binary_tile(0, 1, ODST);
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(ODST, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 2);
}
