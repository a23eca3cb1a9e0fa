// ttnn's unary eltwise kernel's shape: each tile of CB 0 copied to DEST[0],
// SFPU_OP_CHAIN_0 (a define the host gives, as ttnn's program factory does:
// `log1p_tile_init(); log1p_tile(0);`) run on it, DEST[0] packed to CB 16.
// Run-time arg 0: the number of tiles.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "copy_one.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    uint32_t n = get_arg_val<uint32_t>(0);
    init_sfpu(cb_in, cb_out);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(cb_in, 1);
        cb_reserve_back(cb_out, 1);
        copy_one_tile(cb_in, cb_out, [] { SFPU_OP_CHAIN_0 });
        cb_pop_front(cb_in, 1);
        cb_push_back(cb_out, 1);
    }
}
