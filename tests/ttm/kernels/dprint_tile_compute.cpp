// DPRINT << TileSlice on the TRISCs (tests/ttm/test_ttm_dprint_tile.c): one
// tile of CB 0 copied to CB 16 times 2. The unpacker prints CB 0's front,
// the packer CB 16's back after packing into it, the math TRISC says it
// cannot; each in its own stage's form, then all three with DPRINT.
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"
#include "api/debug/dprint.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, in, out);
    add_tiles_init(in, in);
    cb_wait_front(in, 1);
    DPRINT_UNPACK(DPRINT << "in " << TSLICE(in, 0, SliceRange::hw0_32_16()) << ENDL());
    cb_reserve_back(out, 1);
    tile_regs_acquire();
    add_tiles(in, in, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    DPRINT_PACK(DPRINT << "out " << TSLICE(out, 0, SliceRange::hw0_32_16(), false) << ENDL());
    DPRINT_MATH(DPRINT << TSLICE(in, 0, SliceRange::hw0_32_16()));
    DPRINT << TSLICE(in, 0, SliceRange::hw041());
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
}
