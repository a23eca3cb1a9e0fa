/* Compute kernels that misuse the tt-metal API, one per FAULT_KIND:
 *   1  a DEST index beyond the 4 tiles of an fp32 DEST (TF_FP32_DEST_ACC=1)
 *   2  reduce_tile without reduce_init
 *   3  matmul_tiles after binary_op_init_common, without mm_init
 *   4  exp_tile without exp_tile_init (after recip_tile_init)
 *   5  mm_block_init of a 4 x 2 block with an fp32 DEST (4 tiles)
 *   6  add_int_tile naming UInt8, a format no integer op takes (C only)
 * (The CBs hold no data: the faults come first.) */
#include "compute_api.h"

void kernel_main(void)
{
    tile_regs_acquire();
#if FAULT_KIND == 1
    copy_tile_init(0);
    copy_tile(0, 0, 4);
#elif FAULT_KIND == 2
    compute_kernel_hw_startup(0, 1, 16);
    reduce_tile_row_sum(0, 1, 0, 0, 0);
#elif FAULT_KIND == 3
    binary_op_init_common(0, 1, 16);
    matmul_tiles(0, 1, 0, 0, 0);
#elif FAULT_KIND == 4
    init_sfpu(0, 16);
    copy_tile(0, 0, 0);
    recip_tile_init();
    exp_tile(0);
#elif FAULT_KIND == 6 /* an integer op naming UInt8 (C only: C++'s templates refuse it) */
    init_sfpu(0, 16);
    add_int_tile_init();
    add_int_tile(TF_DF_UINT8, 0, 1, 0);
#else
    mm_block_init(0, 1, 16, 0, 4, 2, 1);
#endif
    tile_regs_commit();
}
