// The top-k forms tt-foil does not model, each a compile error
// (test_ttm_topk.c): MODE=1 the comparator-stable network (stable_sort),
// MODE=2 the fused value-index keys, MODE=3 their fuse.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/topk.h"

void kernel_main()
{
    ckernel::topk_tile_init();
    tile_regs_acquire();
#if MODE == 1
    ckernel::topk_local_sort<true, false, false, false, ckernel::TopkTieOrder::Descending>(0, 0, 4);
#elif MODE == 2
    ckernel::topk_merge<false, false, false, true>(0, 0, 32);
#elif MODE == 3
    ckernel::topk_fuse_tile<true>(0);
#endif
    tile_regs_commit();
}
