// A broadcasting copy into DEST (api/compute/bcast.h) as ttnn's broadcast
// kernels call it: tile 0 of CB 0 into DEST[idst] with
// unary_bcast<BroadcastType BCAST> reps times, packed to CB 16 (runtime args
// reps, idst). MODE: 0 after unary_bcast_init<BCAST> on CB 0; 7 after an
// init of the next type on CB 1 and reconfigure_unary_bcast to BCAST on
// CB 0 (a change of both: set up again). The mistakes the engine faults on:
// 1 no init (copy_tile's is the last), 2 the init of another type, 3
// copy_tile after unary_bcast_init, 5 unary_bcast after unary_bcast_uninit,
// 6 the init on CB 1 (whose tiles take the other path), 8 a
// reconfigure_unary_bcast that changes nothing (tt-metal then does nothing:
// the other type's init stays). test_ttm_unary_bcast.c has the expected
// tiles, cycles and messages.
#include <cstdint>

#include "api/compute/bcast.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_other = tt::CBIndex::c_1;
    constexpr uint32_t cb_out = tt::CBIndex::c_16;
    constexpr BroadcastType bcast = (BroadcastType)BCAST;
    constexpr BroadcastType next = (BroadcastType)((BCAST + 1) % 4);
    const uint32_t reps = get_arg_val<uint32_t>(0), idst = get_arg_val<uint32_t>(1);
    cb_wait_front(cb_in, 1);
    cb_reserve_back(cb_out, 1);
#if MODE == 0 || MODE == 3 || MODE == 5
    unary_bcast_init<bcast>(cb_in, cb_out);
#elif MODE == 1
    copy_tile_init(cb_in);
#elif MODE == 2
    unary_bcast_init<next>(cb_in, cb_out);
#elif MODE == 6
    unary_bcast_init<bcast>(cb_other, cb_out);
#elif MODE == 7
    unary_bcast_init<next>(cb_other, cb_out);
    reconfigure_unary_bcast<next, bcast>(cb_other, cb_in, cb_out, cb_out);
#elif MODE == 8
    unary_bcast_init<next>(cb_in, cb_out);
    reconfigure_unary_bcast<bcast, bcast>(cb_in, cb_in, cb_out, cb_out);
#endif
#if MODE == 5
    unary_bcast_uninit<bcast>(cb_in);
#endif
    tile_regs_acquire();
#if MODE == 3
    copy_tile(cb_in, 0, idst);
#else
    for (uint32_t k = 0; k < reps; k++) unary_bcast<bcast>(cb_in, 0, idst);
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(idst, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
}
