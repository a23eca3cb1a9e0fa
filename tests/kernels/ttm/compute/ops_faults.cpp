// Compute kernels that misuse tt-metal's C++ API, one per FAULT_KIND (the
// protocol of tests/kernels/ops_faults.c):
//   1  a DEST index beyond the 4 tiles of an fp32 DEST (FP32_DEST_ACC ON)
//   2  reduce_tile without reduce_init
//   3  matmul_tiles after binary_op_init_common, without mm_init
//   4  exp_tile without exp_tile_init (after recip_tile_init)
//   5  mm_block_init of a 4 x 2 block with an fp32 DEST (4 tiles)
//   6  copy_tile with no init at all (the entry put the engine in tt-metal mode)
//   7  a running sum (cumsum) over part of a tile (a vector mode other than RC)
//   8  copy_tile_to_dst_init_short with a transpose within each face
//   9  pack_untilize_dest with faces of 8 rows
// (The CBs hold no data: the faults come first.)
#include "api/compute/compute_kernel_api.h"
#include "api/compute/cumsum.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/matmul.h"
#include "api/compute/pack_untilize.h"
#include "api/compute/reduce.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    tile_regs_acquire();
#if FAULT_KIND == 1
    copy_tile_init(tt::CBIndex::c_0);
    copy_tile(tt::CBIndex::c_0, 0, 4);
#elif FAULT_KIND == 2
    compute_kernel_hw_startup(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
    reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);
#elif FAULT_KIND == 3
    binary_op_init_common(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
    matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0);
#elif FAULT_KIND == 4
    init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
    copy_tile(tt::CBIndex::c_0, 0, 0);
    recip_tile_init();
    exp_tile(0);
#elif FAULT_KIND == 5
    mm_block_init(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16, 0, 4, 2, 1);
#elif FAULT_KIND == 6
    copy_tile(tt::CBIndex::c_0, 0, 0);
#elif FAULT_KIND == 8
    copy_tile_to_dst_init_short(tt::CBIndex::c_0, 1, true);
#elif FAULT_KIND == 9
    pack_untilize_dest_init<1>(tt::CBIndex::c_16, 8, 4);
#elif FAULT_KIND == 7
    init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
    copy_tile(tt::CBIndex::c_0, 0, 0);
    cumsum_tile_init();
    tf_c::dev_sfpu(TF_SFPU_CUMSUM | TF_SFPU_VM_R, 0, 0, TF_SFPU_CUMSUM_FIRST);
#endif
    tile_regs_commit();
}
