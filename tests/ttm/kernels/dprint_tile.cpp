// DPRINT << TileSlice on BRISC (tests/ttm/test_ttm_dprint_tile.c): RTA 0/1
// the NOC address of two tiles in DRAM, read into CB 0 (two pages, the
// format the host gives it). MODE 0 prints slices of them in every form;
// MODE 1 the slices that cannot print (CB 1: a page size alone, CB 2: a
// format not printed, CB 3: none). MODE 2: api/debug/dprint_pages.h's
// helpers over the first words of tile 0.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"
#include "api/debug/dprint_pages.h"

void kernel_main()
{
    const uint64_t src = (uint64_t)get_arg_val<uint32_t>(1) << 32 | get_arg_val<uint32_t>(0);
    constexpr uint32_t cb = 0;
    cb_reserve_back(cb, 2);
    noc_async_read(src, get_write_ptr(cb), 2 * get_tile_size(cb));
    noc_async_read_barrier();
#if MODE == 0
    // the back: the four corners, a line a row; ENDL adds no empty line
    DPRINT << "corners" << ENDL();
    DPRINT << TSLICE(cb, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR) << ENDL();
    // tile 1, one line for the rows (endl_rows false)
    DPRINT << "t1 r5: "
           << TileSlice(cb, 1, SliceRange{.h0 = 5, .h1 = 7, .hs = 1, .w0 = 0, .w1 = 32, .ws = 8},
                        TSLICE_INPUT_CB, TSLICE_WR_PTR, false)
           << ENDL();
    // bounds from an int (tt-metal's older examples), memory read row-major
    const int r = 17;
    SliceRange sr = SliceRange{.h0 = r, .h1 = r + 1, .hs = 1, .w0 = 14, .w1 = 18, .ws = 1};
    DPRINT << "raw " << TSLICE(cb, 0, sr, TSLICE_OUTPUT_CB, TSLICE_WR_PTR, true, false);
    cb_push_back(cb, 2);
    cb_wait_front(cb, 2);
    // the front (BRISC's default), with the stream's settings
    DPRINT << SETPRECISION(3) << FIXED() << TSLICE(cb, 1, SliceRange::hw041(), TSLICE_INPUT_CB)
           << DEFAULTFLOAT() << "after" << ENDL();
    DPRINT << HEX()
           << TileSlice(cb, 0, SliceRange{.h0 = 30, .h1 = 32, .hs = 1, .w0 = 0, .w1 = 3, .ws = 1},
                        TSLICE_INPUT_CB)
           << DEC();
    DEVICE_PRINT("dp {}|\n",
                 TSLICE(cb, 0, SliceRange::h0_32_w1(), TSLICE_INPUT_CB, TSLICE_RD_PTR, false));
    // a whole row: more than 64 bytes of Float32 and Int32
    DPRINT << TSLICE(cb, 0, SliceRange::h0_w0_32(), TSLICE_INPUT_CB, TSLICE_RD_PTR) << ENDL();
    DPRINT << TileSlice<128>(cb, 0, SliceRange::h0_w0_32(), TSLICE_INPUT_CB, TSLICE_RD_PTR)
           << ENDL();
    cb_pop_front(cb, 2);
#elif MODE == 2
    namespace dm = tt::data_movement::common;
    const uint32_t a = get_write_ptr(cb);
    print_cb_details(cb);
    dm::print_bf16_pages(a, 4, 2);
    dm::print_u32_pages(a, 2, 1, 1);
    dm::print_u8_pages(a, 4, 1);
    dm::print_u16_pages(a, 3, 1, 1);
    dm::print_f32_pages(a, 2, 1);
    cb_push_back(cb, 2);
#else
    // (an ENDL after a refusal adds no empty line, as after a slice)
    DPRINT << TSLICE(cb, 2, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR) << ENDL();
    DPRINT << TSLICE(cb, -1, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(cb, 0, SliceRange{.h0 = 0, .h1 = 32, .hs = 0, .w0 = 0, .w1 = 32, .ws = 1},
                     TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(cb, 0, SliceRange{.h0 = 0, .h1 = 32, .hs = 8, .w0 = 1, .w1 = 33, .ws = 8},
                     TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(1, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(2, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(3, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR);
    DPRINT << TSLICE(200, 0, SliceRange::hw0_32_16(), TSLICE_INPUT_CB, TSLICE_WR_PTR);
    // an empty range prints nothing
    DPRINT << "empty["
           << TSLICE(cb, 0, SliceRange{.h0 = 4, .h1 = 4, .hs = 1, .w0 = 0, .w1 = 32, .ws = 1},
                     TSLICE_INPUT_CB, TSLICE_WR_PTR)
           << "]" << ENDL();
    cb_push_back(cb, 2);
#endif
}
