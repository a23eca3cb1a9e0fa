// Tilize and untilize in tt-metal's C++ API (the protocol of
// tests/kernels/ops_layout.c). args: 0 how, 1 ct (tiles of a tile row:
// 1..8), 2 rows of tiles.
//   0 tilize_block: each tile row of CB 0 (32 row-major rows in ct pages)
//     -> ct tiles in CB 16
//   1 untilize_block<1>: ct tiles of CB 0 -> 32 rows in ct pages of CB 16
//   2 pack_untilize_block<ct>, ct tiles a block, the same rows
//   3 pack_untilize_dest<ct>: the ct tiles copied into DEST by the kernel
#include "api/compute/pack_untilize.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"

constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;

template <uint32_t ct> void run(uint32_t how, uint32_t rows)
{
    if (how == 0)
        tilize_init(cb_in, ct, cb_out);
    else if (how == 1)
        untilize_init(cb_in);
    else if (how == 2)
        pack_untilize_init<ct>(cb_in, cb_out);
    else
        copy_tile_to_dst_init_short(cb_in), pack_untilize_dest_init<ct>(cb_out);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(cb_in, ct);
        cb_reserve_back(cb_out, ct);
        if (how == 0) {
            tilize_block(cb_in, ct, cb_out);
        } else if (how == 1) {
            untilize_block<1>(cb_in, ct, cb_out);
        } else if (how == 2) {
            pack_untilize_block<ct>(cb_in, 1, cb_out);
        } else {
            tile_regs_acquire();
            for (uint32_t c = 0; c < ct; c++) copy_tile(cb_in, c, c);
            tile_regs_commit();
            tile_regs_wait();
            pack_untilize_dest<ct>(cb_out);
            tile_regs_release();
        }
        cb_push_back(cb_out, ct);
        cb_pop_front(cb_in, ct);
    }
    if (how == 0)
        tilize_uninit(cb_in, cb_out);
    else if (how == 1)
        untilize_uninit(cb_in);
    else
        pack_untilize_uninit(cb_out);
}

void kernel_main()
{
    uint32_t how = get_arg_val<uint32_t>(0), ct = get_arg_val<uint32_t>(1);
    uint32_t rows = get_arg_val<uint32_t>(2);
    if (ct == 1) run<1>(how, rows);
    if (ct == 2) run<2>(how, rows);
    if (ct == 3) run<3>(how, rows);
    if (ct == 4) run<4>(how, rows);
}
