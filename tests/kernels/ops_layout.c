/* Tilize and untilize in tt-metal mode. args: 0 how, 1 ct (tiles of a
 * tile row), 2 rows of tiles.
 *   0 tilize_block: each tile row of CB 0 (32 row-major rows in ct
 *     pages) -> ct tiles in CB 16
 *   1 untilize_block: ct tiles of CB 0 -> 32 rows in ct pages of CB 16
 *   2 pack_untilize_block, ct tiles a block, the same rows */
#include "compute_api.h"

void kernel_main(void)
{
    uint32_t how = get_arg_val(0), ct = get_arg_val(1), rows = get_arg_val(2);
    if (how == 0)
        tilize_init(0, ct, 16);
    else if (how == 1)
        untilize_init(0);
    else
        pack_untilize_init(0, 16, ct, ct);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(0, ct);
        cb_reserve_back(16, ct);
        if (how == 0)
            tilize_block(0, ct, 16);
        else if (how == 1)
            untilize_block(0, ct, 16);
        else
            pack_untilize_block(0, 1, 16, 0);
        cb_push_back(16, ct);
        cb_pop_front(0, ct);
    }
    if (how == 0)
        tilize_uninit(0, 16);
    else if (how == 1)
        untilize_uninit(0);
    else
        pack_untilize_uninit(16);
}
