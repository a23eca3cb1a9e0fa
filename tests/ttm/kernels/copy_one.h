// The tests' one-tile copy through DEST: tile 0 of CB `in` (its front) to
// the next page of CB `out` (reserved by the caller), DEST 0 between.
#ifndef TTM_TEST_COPY_ONE_H
#define TTM_TEST_COPY_ONE_H

#include "api/compute/tile_move_copy.h"

inline void copy_one_tile(uint32_t in, uint32_t out)
{
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
}

// ... with op() run on DEST 0 between the copy and the commit (the SFPU
// tests: a tile through an op).
template <class Op> inline void copy_one_tile(uint32_t in, uint32_t out, Op op)
{
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    op();
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
}

#endif
