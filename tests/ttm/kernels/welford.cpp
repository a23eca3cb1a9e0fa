// Welford's running statistics (api/compute/welford.h) as ttnn's layernorm
// kernels call them: NT tiles streamed from CB 0 through DEST[0] into
// welford_update, the last one's first LAST rows only (welford_update_rows,
// as for a width that is not a multiple of 32), then the finalize into
// DEST[1] (mean) and DEST[2] (variance), both packed to CB 16. LUT 1: the
// reciprocals from a table (each odd sample's entry one ulp above 1 / (n +
// 1), so the test sees the table's values were used); 0: the division.
// MODE: 0 the stream, finalize_to_row; 1 the same with the statistics
// saved at group G, an SFPU op (abs_tile) in between, welford_init
// <PreserveStats> and the restore, finalize_to_face at group G; 2 one
// tile, then welford_save_state at G; 3 rows 5-14 of one tile
// (welford_update_rows from start_row 5), finalize_to_row; in 2 and 3 the
// tile is in DEST[1] and DEST[2] before the stores; 4 tile 0, then
// welford_clear, then tile 1 (samples 32-63), finalize_to_row; 5 as 0 with
// transpose_wh_tile instead of copy_tile (each tile's rows become the
// columns, as ttnn's layernorm reduces along rows); 6 two tiles with
// transpose_wh_dest between them and welford_init<PreserveStats> after its
// init (20: without it, a fault). 10-21: the
// mistakes test_ttm_welford.c expects faults for.
#include <cstdint>

#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/transpose_wh_dest.h"
#include "api/compute/welford.h"

#ifndef G
#define G 0
#endif
#ifndef LAST
#define LAST 32
#endif

constexpr uint32_t samples = (NT - 1) * 32 + LAST;
constexpr uint32_t lut_n = LUT ? NT * 32 : 0;

constexpr std::array<uint32_t, lut_n> make_lut()
{
    std::array<uint32_t, lut_n> a{};
    for (uint32_t i = 0; i < lut_n; i++)
        a[i] = __builtin_bit_cast(uint32_t, 1.0f / (float)(i + 1)) + (i & 1);
    return a;
}
static constexpr std::array<uint32_t, lut_n> recip_lut = make_lut();

constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;

// Tile t of the stream into DEST[0] and into the statistics.
static void update(uint32_t t)
{
    cb_wait_front(cb_in, 1);
#if MODE == 5
    transpose_wh_tile(cb_in, 0, 0); // ttnn's layernorm: each row's values down a column
#else
    copy_tile(cb_in, 0, 0);
#endif
    cb_pop_front(cb_in, 1);
    if (t == NT - 1 && LAST < 32)
        welford_update_rows<lut_n>(0, t * 32, 0, LAST, recip_lut);
    else
        welford_update<lut_n>(0, t * 32, recip_lut);
}

void kernel_main()
{
#if MODE == 5
    transpose_wh_init(cb_in, cb_out);
#else
    copy_tile_init(cb_in);
#endif
    tile_regs_acquire();
#if MODE != 10
    welford_init();
#endif
#if MODE == 0 || MODE == 5
    for (uint32_t t = 0; t < NT; t++) update(t);
    welford_finalize_to_row<lut_n>(1, samples - 1, recip_lut);
#elif MODE == 1
    for (uint32_t t = 0; t < NT; t++) {
        update(t);
        // the statistics parked in DEST while the SFPU does something else
        welford_save_state(1, G);
        abs_tile_init();
        abs_tile(0);
        welford_init<WelfordInitMode::PreserveStats>();
        welford_restore_state(1, G);
    }
    welford_finalize_to_face<lut_n>(1, G, samples - 1, recip_lut);
#elif MODE == 2 || MODE == 3
    // the input tile in DEST[0..2]: the stores replace only their places
    cb_wait_front(cb_in, 1);
    for (uint32_t i = 0; i < 3; i++) copy_tile(cb_in, 0, i);
    cb_pop_front(cb_in, 1);
#if MODE == 2
    welford_update<lut_n>(0, 0, recip_lut);
    welford_save_state(1, G);
#else
    welford_update_rows<lut_n>(0, 0, 5, 10, recip_lut);
    welford_finalize_to_row<lut_n>(1, 9, recip_lut);
#endif
#elif MODE == 4 // a second set of statistics after welford_clear
    update(0);
    welford_clear();
    update(1);
    welford_finalize_to_row<lut_n>(1, samples - 1, recip_lut);
#elif MODE == 6 || MODE == 20
    // a transpose in DEST between two tiles: its init takes welford_init's set-up
    constexpr bool wide = DST_ACCUM_MODE;
    update(0);
    transpose_wh_dest_init_short<wide>();
    transpose_wh_dest<wide>(3);
    copy_tile_init(cb_in);
#if MODE == 6
    welford_init<WelfordInitMode::PreserveStats>();
#endif
    update(1); // MODE 20: without the welford_init after the transpose init
    welford_finalize_to_row<lut_n>(1, samples - 1, recip_lut);
#elif MODE == 21 // an update of a tile of integers (an fp32 DEST)
    fill_tile_init();
    fill_tile_int<DataFormat::Int32>(0, 5u);
    welford_update<lut_n>(0, 0, recip_lut); // of the integers
#elif MODE == 10 // an update before any welford_init
    update(0);
#elif MODE == 11 // an SFPU op between updates, no save
    update(0);
    abs_tile_init();
    abs_tile(0);
    welford_init<WelfordInitMode::PreserveStats>();
    update(1);
#elif MODE == 12 // another SFPU init after welford_init
    abs_tile_init();
    update(0);
#elif MODE == 13 // reads past the LUT's end
    cb_wait_front(cb_in, 1);
    copy_tile(cb_in, 0, 0);
    welford_update<lut_n>(0, lut_n - 16, recip_lut);
#elif MODE == 14 // rows beyond the tile
    cb_wait_front(cb_in, 1);
    copy_tile(cb_in, 0, 0);
    welford_update_rows<lut_n>(0, 0, 20, 16, recip_lut);
#elif MODE == 15 // a group beyond the tile
    update(0);
    welford_save_state(1, 16);
#elif MODE == 16 // a finalize after a finalize
    update(0);
    welford_finalize_to_row<lut_n>(1, 31, recip_lut);
    welford_finalize_to_face<lut_n>(1, 31, recip_lut);
#elif MODE == 17 // a scale_idx past the LUT's end
    update(0);
    welford_finalize_to_row<lut_n>(1, lut_n, recip_lut);
#elif MODE == 18 // the variance's tile beyond the DEST half
    update(0);
    welford_save_state(DST_ACCUM_MODE ? 3 : 7);
#elif MODE == 19 // an SFPU op whose init welford_init replaced
    exp_tile_init();
    welford_init();
    exp_tile(0);
#endif
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 2);
    pack_tile(1, cb_out);
    pack_tile(2, cb_out);
    cb_push_back(cb_out, 2);
    tile_regs_release();
}
