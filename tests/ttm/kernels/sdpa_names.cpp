// The names ttnn's SDPA decode compute kernel needed (test_ttm_sdpa_names.c),
// in a tt-metal-style compute kernel of our own. CB 0 holds, in order: a
// scaler tile (1.0), `rows` rows of 4 data tiles, then (mode 1) `rows`
// tiles of previous maxima; the results go to CB 16. Runtime argument 0
// picks the mode:
//   0 reduce_block_max_row<4> of each row into a fresh DEST tile (after
//     reconfig_full_operand / reconfig_tile_shape, which change nothing);
//   1 the same after copying the row's previous maximum into that tile;
//   2 the run-time form, reduce_block_max_row_runtime, block of 4;
//   3 reduce_init<MAX, REDUCE_ROW> and reduce_tile on each tile (what
//     reduce_block_max_row runs as);
//   4 read_tile_value: word `arg2` of data tile 0 (in L1, faces in order)
//     picks, by its low bits and through a std::tuple and a std::optional,
//     which data tile to copy into which DEST tile, and the unpacker, math
//     and pack TRISCs all use it (bits 2-3 the tile, 0-1 the DEST tile);
//   5 the same through get_tile_address and a plain L1 read on each TRISC;
//   6 the same through experimental::CircularBuffer's read_tile_value;
//   7 reduce_block_max_row_init_runtime with respect_trigger = true (a fault);
//   8 reduce_block_max_row_runtime with no block set up (a fault).
#include <cstdint>
#include <optional>
#include <tuple>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/reduce.h"
#include "api/compute/reduce_custom.h"
#include "api/compute/tile_move_copy.h"
#include "experimental/circular_buffer.h"

// (the tile, and the DEST tile, a word names: tt-metal's decode kernel takes
// its cur_pos apart with a std::tuple and std::optional the same way)
static std::tuple<uint32_t, uint32_t> split(uint32_t word, std::optional<uint32_t> dst)
{
    return {(word >> 2) & 3, dst.has_value() ? dst.value() : word & 3};
}

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    const uint32_t mode = get_arg_val<uint32_t>(0), rows = get_arg_val<uint32_t>(1);
    const uint32_t arg2 = get_arg_val<uint32_t>(2);
    const uint32_t data = 1, prev = 1 + 4 * rows;
    compute_kernel_hw_startup(cb_in, cb_in, cb_out);
    cb_wait_front(cb_in, 1 + 4 * rows + (mode == 1 ? rows : 0));
    cb_reserve_back(cb_out, mode >= 4 ? 1 : rows);
    if (mode <= 3 || mode >= 7) {
        reconfig_full_operand<SrcOrder::Reverse>(cb_in, cb_in);
        reconfig_full_operand_srca(cb_in);
        reconfig_tile_shape(cb_in, cb_in);
        reconfig_data_format<SrcOrder::Regular>(cb_in, cb_in);
        tile_regs_acquire();
        if (mode == 1) {
            copy_tile_to_dst_init_short(cb_in);
            for (uint32_t r = 0; r < rows; r++) copy_tile(cb_in, prev + r, r);
        }
        if (mode == 3)
            reduce_init<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_in, cb_in, cb_out);
        else if (mode == 2 || mode == 8)
            reduce_block_max_row_init_runtime(mode == 2 ? 4 : 0);
        else if (mode == 7)
            reduce_block_max_row_init_runtime(4, true);
        else
            reduce_block_max_row_init<4>();
        for (uint32_t r = 0; r < rows; r++) {
            if (mode == 3)
                for (uint32_t t = 0; t < 4; t++)
                    reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_in, cb_in,
                                                                      data + 4 * r + t, 0, r);
            else if (mode == 2 || mode == 8)
                reduce_block_max_row_runtime(cb_in, cb_in, data + 4 * r, r);
            else
                reduce_block_max_row<4>(cb_in, cb_in, data + 4 * r, r);
        }
        if (mode == 3)
            reduce_uninit();
        else if (mode == 2)
            reduce_block_max_row_uninit_runtime(cb_in);
        else
            reduce_block_max_row_uninit(cb_in);
        tile_regs_commit();
        tile_regs_wait();
        for (uint32_t r = 0; r < rows; r++) pack_tile(r, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, rows);
    } else {
        uint32_t word;
        if (mode == 4) {
            word = read_tile_value(cb_in, data, arg2);
        } else if (mode == 5) {
            invalidate_l1_cache();
            word = reinterpret_cast<volatile uint32_t *>(get_tile_address(cb_in, data))[arg2];
        } else {
            word = experimental::CircularBuffer(cb_in).read_tile_value(data, arg2);
        }
        auto [tile, dst] = split(word, mode == 6 ? std::optional<uint32_t>(word & 3)
                                                 : std::optional<uint32_t>(std::nullopt));
        tile_regs_acquire();
        copy_tile_to_dst_init_short(cb_in);
        copy_tile(cb_in, data + tile, dst);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(dst, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
    cb_pop_front(cb_in, 1 + 4 * rows + (mode == 1 ? rows : 0));
}
