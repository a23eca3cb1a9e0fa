// SFPU ops over part of a tile (a vector mode other than RC), as ttnn's
// SDPA kernels call them: CB 0 holds x and y; x goes to DEST[0], y to
// DEST[1] (DEST[2] stays released: zeros), the op runs over the faces of
// vector mode VMODE (tt-metal's VectorMode as a number: 1 R, 2 C, 4 RC, 0
// None), and DEST[OUT] (the define, 0 unless given) is packed to CB 16.
// MODE picks the op (test_ttm_vector_mode.c compares each mode's result
// with the op's over RC); 20 and up are the mistakes the engine faults on.
#include <cstdint>

#include "api/compute/binary_max_min.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/cumsum.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/rdiv.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/rpow.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/tile_move_copy.h"

#ifndef OUT
#define OUT 0
#endif
#ifndef VMODE
#define VMODE 4
#endif
#define VM ((VectorMode)VMODE)

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 2);
    cb_reserve_back(cb_out, 1);
#if MODE == 10 // the pack thread's forms (ttnn's matmul's fused activation)
    exp_packthread_tile_init<false>();
#elif MODE == 11
    sigmoid_tile_init_pack();
#endif
    tile_regs_acquire();
    copy_tile(cb_in, 0, 0);
    copy_tile(cb_in, 1, 1);
#if MODE == 0
    exp_tile_init<false>();
    exp_tile<false>(0, VM);
#elif MODE == 1
    recip_tile_init();
    recip_tile(0, (int)VM); // (an int: recip_tile's type)
#elif MODE == 3
    sigmoid_tile_init();
    sigmoid_tile<VM>(0);
#elif MODE == 4  // exp(2x): the scaling over the same faces
    exp_tile_init<false>();
    exp_tile<false, true>(0, VM, 0x4000);
#elif MODE == 5  // SDPA's running max (VectorMode::C), into a released tile
    binary_max_tile_init();
    binary_max_tile(0, 1, 2, VM);
#elif MODE == 6  // max(DEST[0], DEST[1])
    max_tile_init();
    max_tile(0, 1, VM);
#elif MODE == 7  // 3 / x
    rdiv_tile_init();
    rdiv_tile(0, 0x40400000u, VM);
#elif MODE == 8  // 2^x
    rpow_tile_init();
    rpow_tile(0, 0x40000000u, VM);
#elif MODE == 12 // exp(x s) with a scale bf16 cannot hold x s in: the product in registers
    exp_tile_init<false>();
    exp_tile<false, true>(0, VM, 0x3FB9);
#elif MODE == 9  // min(x, y) into x's tile
    binary_min_tile_init();
    binary_min_tile(0, 1, 0, VM);
#elif MODE == 20 // floats over C into a tile of integers
    typecast_tile_init<DataFormat::Float32, DataFormat::Int32>();
    typecast_tile<DataFormat::Float32, DataFormat::Int32>(2);
    binary_max_tile_init();
    binary_max_tile(0, 1, 2, VectorMode::C);
#elif MODE == 21 // a running sum over part of a tile
    cumsum_tile_init();
    tf_c::dev_sfpu(TF_SFPU_CUMSUM | TF_SFPU_VM_R, 0, 0, TF_SFPU_CUMSUM_FIRST);
#elif MODE == 22 // integers over part of a tile of floats
    typecast_tile_init<DataFormat::Float32, DataFormat::Int32>();
    typecast_tile<DataFormat::Float32, DataFormat::Int32>(1);
    binary_max_int32_tile_init();
    tf_c::dev_sfpu(TF_SFPU_MAX_INT32 | TF_SFPU_VM_R | (uint32_t)DataFormat::Int32 << 16, 0, 1, 1);
#elif MODE == 23 // a broadcast (column 0 to every column) over part of a tile
    tf_c::dev_sfpu(TF_SFPU_ADD_BCAST_COL | TF_SFPU_VM_R, 0, 1, 0);
#endif
    tile_regs_commit();
    tile_regs_wait();
#if MODE == 10
    exp_packthread_tile<false>(0, VM);
#elif MODE == 11
    sigmoid_tile_pack<VM>(0);
#endif
    pack_tile(OUT, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 2);
}
