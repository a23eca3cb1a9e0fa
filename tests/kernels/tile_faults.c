/* Kernels that misuse the tile engine, one per FAULT_KIND, for the error
 * tests:
 *   1  a data-movement kernel (BRISC) issues a tile command
 *   2  a compute kernel unpacks from a CB whose pages are not tiles
 *   3  math before tile_regs_acquire
 *   4  a DEST index beyond the half
 *   5  tile_regs_acquire twice without a commit (math)
 *   6  tile_regs_wait twice without a release (pack)
 *   7  pack before tile_regs_wait */
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
#elif FAULT_KIND == 4
    tile_regs_acquire();
    relu_tile(9);
#elif FAULT_KIND == 5
    tile_regs_acquire();
    tile_regs_acquire();
#elif FAULT_KIND == 6
    for (int i = 0; i < 2; i++) { /* both halves committed: the second wait does not block */
        tile_regs_acquire();
        tile_regs_commit();
    }
    tile_regs_wait();
    tile_regs_wait();
#else
    pack_tile(0, 16);
#endif
}
#endif
