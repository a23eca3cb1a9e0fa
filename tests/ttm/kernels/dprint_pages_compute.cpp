// api/debug/dprint_pages.h on the TRISCs (tests/ttm/test_ttm_dprint_tile.c):
// the unpacker prints rows 1-2, columns 0-3 of CB 0's front tile and CB 0's
// details; the packer CB 16's after packing a copy of it; the math TRISC
// has none of them (a call is a compile error there, as in tt-metal).
#include "api/debug/dprint_pages.h"
#include "copy_one.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    copy_tile_to_dst_init_short(in);
    cb_wait_front(in, 1);
    UNPACK((tt::compute::common::print_tile_rows(in, 0, true, 1, 3, 0, 4)));
    UNPACK((print_cb_details(in)));
    cb_reserve_back(out, 1);
    copy_one_tile(in, out);
    PACK((tt::compute::common::print_tile_rows(out, 0, true, 31, 32, 28, 32)));
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
}
