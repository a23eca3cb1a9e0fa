/* Kernels that misuse the tile engine, one per FAULT_KIND, for the error
 * tests:
 *   1  a data-movement kernel (BRISC) issues a tile command
 *   2  a compute kernel unpacks from a CB whose pages are not tiles
 *   3  math before tile_regs_acquire
 *   4  a DEST index beyond the half */
#if FAULT_KIND == 1
#include "dataflow_api.h"
#include "tf_tile.h"

void kernel_main(void)
{
    dev_reg_write(TF_MMIO_TILE_CMD, TF_TILE_COPY);
}
#else
#include "compute_api.h"

void kernel_main(void)
{
#if FAULT_KIND == 2
    tile_regs_acquire();
    copy_tile(0, 0, 0);
#elif FAULT_KIND == 3
    relu_tile(0);
#else
    tile_regs_acquire();
    relu_tile(9);
#endif
}
#endif
