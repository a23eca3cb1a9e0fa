// SFPU ops on the pack thread (the *_tile_pack names ttnn's matmul uses for
// its fused activation, bmm_fused_activation.hpp's pattern) against the
// same op on the math thread: tile 0 of CB 0 copied into DEST[IDST], op OP
// applied, packed to CB 16. MODE:
//   0 the op on the math thread (silu_tile, ...)
//   1 the *_tile_pack op after tile_regs_wait, its *_tile_init_pack first
//   2 the same after the raw wait ttnn's matmul writes (TTI_SEMWAIT), with
//     its TT_SETC16 before the op and TTI_STALLWAIT after
//   3 the *_tile_pack op with only the math thread's init (a fault)
//   4 the *_tile_pack op before the packer's wait (a fault)
// OP: 0 silu, 1 tanh, 2 tanh fast, 3 gelu exact, 4 gelu fast, 5 relu_max
// at 2.5, 6 sigmoid, 7 hardsigmoid, 8 hardtanh [-0.5, 1.5], 9 selu, 10
// softplus (beta 2, threshold 10), 11 gelu_tanh, 12 exp, 13 exp approximate
// (the init's scale 1), 14 exp with scale_en (x 0.5 first). test_ttm_sfpu_pack.c
// compares the modes' tiles and counts their cycles.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/hardtanh.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/selu.h"
#include "api/compute/eltwise_unary/softplus.h"
#include "api/compute/tile_move_copy.h"
#include "internal/risc_attribs.h"

namespace
{
constexpr std::uint32_t relu_max = 0x40200000u;                     // 2.5
constexpr std::uint32_t ht_lo = 0xbf000000u, ht_hi = 0x3fc00000u;   // -0.5, 1.5
constexpr std::uint32_t selu_a = 0x3fd7c8b9u, selu_l = 0x3f868b44u; // tt-metal's constants
constexpr std::uint32_t sp_beta = 0x40000000u, sp_rbeta = 0x3f000000u, sp_thr = 0x41200000u;
constexpr std::uint16_t exp_scale = 0x3f00; // 0.5 as bf16

ALWI void init_math()
{
    if constexpr (OP == 0) silu_tile_init();
    if constexpr (OP == 1 || OP == 2) tanh_tile_init<OP == 2>();
    if constexpr (OP == 3 || OP == 4) gelu_tile_init<OP == 4>();
    if constexpr (OP == 5) relu_max_tile_init();
    if constexpr (OP == 6) sigmoid_tile_init();
    if constexpr (OP == 7) hardsigmoid_tile_init();
    if constexpr (OP == 8) hardtanh_tile_init();
    if constexpr (OP == 9) selu_tile_init();
    if constexpr (OP == 10) softplus_tile_init();
    if constexpr (OP == 11) gelu_tanh_tile_init();
    if constexpr (OP == 12 || OP == 14) exp_tile_init<false>();
    if constexpr (OP == 13) exp_tile_init<true>();
}
ALWI void op_math(std::uint32_t i)
{
    if constexpr (OP == 0) silu_tile(i);
    if constexpr (OP == 1 || OP == 2) tanh_tile<OP == 2>(i);
    if constexpr (OP == 3 || OP == 4) gelu_tile<OP == 4>(i);
    if constexpr (OP == 5) relu_max_tile(i, relu_max);
    if constexpr (OP == 6) sigmoid_tile(i);
    if constexpr (OP == 7) hardsigmoid_tile(i);
    if constexpr (OP == 8) hardtanh_tile(i, ht_lo, ht_hi);
    if constexpr (OP == 9) selu_tile(i, selu_a, selu_l);
    if constexpr (OP == 10) softplus_tile(i, sp_beta, sp_rbeta, sp_thr);
    if constexpr (OP == 11) gelu_tanh_tile(i);
    if constexpr (OP == 12) exp_tile<false>(i);
    if constexpr (OP == 13) exp_tile<true>(i);
    if constexpr (OP == 14) exp_tile<false, true>(i, VectorMode::RC, exp_scale);
}
ALWI void init_pack()
{
    if constexpr (OP == 0) silu_tile_init_pack();
    if constexpr (OP == 1 || OP == 2) tanh_tile_init_pack<OP == 2>();
    if constexpr (OP == 3 || OP == 4) gelu_tile_init_pack<OP == 4>();
    if constexpr (OP == 5) relu_max_tile_init_pack();
    if constexpr (OP == 6) sigmoid_tile_init_pack();
    if constexpr (OP == 7) hardsigmoid_tile_init_pack();
    if constexpr (OP == 8) hardtanh_tile_init_pack();
    if constexpr (OP == 9) selu_tile_init_pack();
    if constexpr (OP == 10) softplus_tile_init_pack();
    if constexpr (OP == 11) gelu_tanh_tile_init_pack();
    if constexpr (OP == 12 || OP == 14) exp_packthread_tile_init<false>();
    if constexpr (OP == 13) exp_packthread_tile_init<true>();
}
ALWI void op_pack(std::uint32_t i)
{
    if constexpr (OP == 0) silu_tile_pack(i);
    if constexpr (OP == 1 || OP == 2) tanh_tile_pack<OP == 2>(i);
    if constexpr (OP == 3 || OP == 4) gelu_tile_pack<OP == 4>(i);
    if constexpr (OP == 5) relu_max_tile_pack(i, relu_max);
    if constexpr (OP == 6) sigmoid_tile_pack<VectorMode::RC, false>(i);
    if constexpr (OP == 7) hardsigmoid_tile_pack(i);
    if constexpr (OP == 8) hardtanh_tile_pack(i, ht_lo, ht_hi);
    if constexpr (OP == 9) selu_tile_pack(i, selu_a, selu_l);
    if constexpr (OP == 10) softplus_tile_pack(i, sp_beta, sp_rbeta, sp_thr);
    if constexpr (OP == 11) gelu_tanh_tile_pack(i);
    if constexpr (OP == 12) exp_packthread_tile<false>(i);
    if constexpr (OP == 13) exp_packthread_tile<true>(i);
    if constexpr (OP == 14) exp_packthread_tile<false, true>(i, VectorMode::RC, exp_scale);
}
} // namespace

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    cb_wait_front(cb_in, 1);
    cb_reserve_back(cb_out, 1);
    if constexpr (MODE == 1 || MODE == 2 || MODE == 4) init_pack();
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, IDST);
    if constexpr (MODE == 0 || MODE == 3) {
        init_math();
        if constexpr (MODE == 0) op_math(IDST);
    }
    tile_regs_commit();
    if constexpr (MODE == 4) op_pack(IDST);
    if constexpr (MODE == 2) {
        PACK(TTI_SEMWAIT(p_stall::STALL_TDMA | p_stall::STALL_CFG,
                         semaphore::t6_sem(semaphore::MATH_PACK), p_stall::STALL_ON_ZERO));
        PACK(TT_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32,
                       ckernel::packer::get_packer_dest_offset()));
    } else {
        tile_regs_wait();
    }
    if constexpr (MODE != 0) op_pack(IDST);
    if constexpr (MODE == 2) PACK(TTI_STALLWAIT(p_stall::STALL_PACK, p_stall::WAIT_SFPU));
    pack_tile(IDST, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
}
