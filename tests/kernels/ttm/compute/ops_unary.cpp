// SFPU ops (and transpose) in tt-metal's C++ API (the protocol of
// tests/kernels/ops_unary.c): each tile of CB 0 copied to DEST, the op,
// packed to CB 16. args: 0 tiles, 1 op (a TF_SFPU_* code, or 100
// transpose_wh_tile, 101 copy_tile after a transposing init, 102
// transpose_tile, 103 exp(x / 2) by the init's scale (approx), 104 by
// exp_tile's scale), 2 parameter (fp32 bits; POWER: the exponent; TYPECAST:
// the output format), 3 approx: the ops' approximation template flag
// (POWER: the exponent given as fp32 bits; FILL: fill_tile with a float).
#include "api/compute/common.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/transpose_wh.h"

template <bool a> void sfpu_op(uint32_t op, uint32_t p)
{
    switch (op) {
    case TF_SFPU_EXP: exp_tile_init<a>(), exp_tile<a>(0); break;
    case TF_SFPU_EXP2: exp2_tile_init(), exp2_tile(0); break;
    case TF_SFPU_LOG: log_tile_init<a>(), log_tile<a>(0); break;
    case TF_SFPU_RECIP: recip_tile_init(), recip_tile(0); break;
    case TF_SFPU_SQRT: sqrt_tile_init(), sqrt_tile<a>(0); break;
    case TF_SFPU_RSQRT: rsqrt_tile_init(), rsqrt_tile<false, a>(0); break;
    case TF_SFPU_RELU: relu_tile_init(), relu_tile(0); break;
    case TF_SFPU_RELU_MAX: relu_max_tile_init(), relu_max_tile(0, p); break;
    case TF_SFPU_RELU_MIN: relu_min_tile_init(), relu_min_tile(0, p); break;
    case TF_SFPU_LEAKY_RELU: leaky_relu_tile_init(), leaky_relu_tile(0, p); break;
    case TF_SFPU_GELU: gelu_tile_init<a>(), gelu_tile<a>(0); break;
    case TF_SFPU_GELU_TANH: gelu_tanh_tile_init(), gelu_tanh_tile(0); break;
    case TF_SFPU_SILU: silu_tile_init(), silu_tile(0); break;
    case TF_SFPU_SIGMOID: sigmoid_tile_init<a>(), sigmoid_tile<VectorMode::RC, a>(0); break;
    case TF_SFPU_TANH: tanh_tile_init<a>(), tanh_tile<a>(0); break;
    case TF_SFPU_ABS: abs_tile_init(), abs_tile(0); break;
    case TF_SFPU_NEGATIVE: negative_tile_init(), negative_tile(0); break;
    case TF_SFPU_SQUARE: square_tile_init(), square_tile(0); break;
    case TF_SFPU_POWER:
        power_tile_init();
        power_tile(0, a ? __builtin_bit_cast(uint32_t, (float)p) : p);
        break;
    case TF_SFPU_SIN: sin_tile_init(), sin_tile(0); break;
    case TF_SFPU_COS: cos_tile_init(), cos_tile(0); break;
    case 103: exp_tile_init<true, 0x3F000000u>(), exp_tile<true, true>(0); break;
    case 104: exp_tile_init(), exp_tile<false, true>(0, (int)VectorMode::RC, 0x3F00); break;
    case TF_SFPU_FILL:
        fill_tile_init();
        if (a)
            fill_tile(0, __builtin_bit_cast(float, p));
        else
            fill_tile_bitcast(0, p);
        break;
    case TF_SFPU_ADD_SCALAR: binop_with_scalar_tile_init(), add_unary_tile(0, p); break;
    case TF_SFPU_SUB_SCALAR: binop_with_scalar_tile_init(), sub_unary_tile(0, p); break;
    case TF_SFPU_MUL_SCALAR: binop_with_scalar_tile_init(), mul_unary_tile(0, p); break;
    case TF_SFPU_DIV_SCALAR: binop_with_scalar_tile_init(), div_unary_tile(0, p); break;
    case TF_SFPU_RSUB_SCALAR: binop_with_scalar_tile_init(), rsub_unary_tile(0, p); break;
    case TF_SFPU_TYPECAST:
        typecast_tile_init();
        if (p == (uint32_t)DataFormat::Float16_b)
            typecast_tile<DataFormat::Float32, DataFormat::Float16_b>(0);
        else if (p == (uint32_t)DataFormat::Bfp8_b)
            typecast_tile<0u, 6u>(0);
        else if (p == (uint32_t)DataFormat::Bfp4_b)
            typecast_tile<DataFormat::Float32, DataFormat::Bfp4_b>(0);
        else if (p == (uint32_t)DataFormat::Bfp2_b)
            typecast_tile<0u, 15u>(0);
        else if (p == (uint32_t)DataFormat::Float16)
            typecast_tile<DataFormat::Float32, DataFormat::Float16>(0);
        else if (p == (uint32_t)DataFormat::Bfp8)
            typecast_tile<DataFormat::Float32, DataFormat::Bfp8>(0);
        else if (p == (uint32_t)DataFormat::Bfp4)
            typecast_tile<0u, 3u>(0);
        else if (p == (uint32_t)DataFormat::Bfp2)
            typecast_tile<DataFormat::Float32, DataFormat::Bfp2>(0);
        else
            typecast_tile<0u, 0u>(0);
        break;
    }
}

void kernel_main()
{
    uint32_t n = get_arg_val<uint32_t>(0), op = get_arg_val<uint32_t>(1);
    uint32_t p = get_arg_val<uint32_t>(2), approx = get_arg_val<uint32_t>(3);
    if (op == 100)
        transpose_wh_init(tt::CBIndex::c_0, tt::CBIndex::c_16);
    else if (op == 101)
        copy_tile_to_dst_init_short(tt::CBIndex::c_0, 1);
    else if (op == 102)
        transpose_init(tt::CBIndex::c_0);
    else
        init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(tt::CBIndex::c_0, 1);
        tile_regs_acquire();
        if (op == 100) {
            transpose_wh_tile(tt::CBIndex::c_0, 0, 0);
        } else if (op == 102) {
            transpose_tile(tt::CBIndex::c_0, 0, 0);
        } else {
            copy_tile(tt::CBIndex::c_0, 0, 0);
            if (approx)
                sfpu_op<true>(op, p);
            else
                sfpu_op<false>(op, p);
        }
        tile_regs_commit();
        cb_pop_front(tt::CBIndex::c_0, 1);
        cb_reserve_back(tt::CBIndex::c_16, 1);
        tile_regs_wait();
        pack_tile(0, tt::CBIndex::c_16);
        tile_regs_release();
        cb_push_back(tt::CBIndex::c_16, 1);
    }
}
