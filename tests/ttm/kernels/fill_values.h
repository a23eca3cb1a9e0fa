// The tests' way out of a compute kernel for values it computed: value t
// of v filled into a tile (fill_tile, exact for integers up to 2^24) and
// packed to the next page of CB `out`, the N pages reserved and pushed
// here; with `with_dt` packed by pack_tile_with_dt (the CB's format).
// The caller has made the fill's inits (init_sfpu, fill_tile_init).
#ifndef TTM_TEST_FILL_VALUES_H
#define TTM_TEST_FILL_VALUES_H

#include "api/compute/eltwise_unary/fill.h"

template <bool with_dt = false, uint32_t N>
inline void fill_values(uint32_t out, const uint32_t (&v)[N])
{
    cb_reserve_back(out, N);
    for (uint32_t t = 0; t < N; t++) {
        tile_regs_acquire();
        fill_tile(0, (float)v[t]);
        tile_regs_commit();
        tile_regs_wait();
        if constexpr (with_dt)
            pack_tile_with_dt(0, out);
        else
            pack_tile(0, out);
        tile_regs_release();
    }
    cb_push_back(out, N);
}

#endif
