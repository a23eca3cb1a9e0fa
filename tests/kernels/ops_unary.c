/* SFPU ops (and transpose) in tt-metal mode: each tile of CB 0 copied to
 * DEST, op applied, packed to CB 16. args: 0 tiles, 1 op (TF_SFPU_*, or
 * 100 transpose_wh_tile, 101 copy with a transposing init), 2 parameter
 * (fp32 bits; POWER: the exponent; TYPECAST: the output format), 3 approx */
#include "compute_api.h"

#define U(OP, init, fn, fa)                                                                        \
    case OP:                                                                                       \
        init();                                                                                    \
        if (approx)                                                                                \
            fa(0);                                                                                 \
        else                                                                                       \
            fn(0);                                                                                 \
        break;
#define P(OP, init, fn)                                                                            \
    case OP:                                                                                       \
        init();                                                                                    \
        fn(0, p);                                                                                  \
        break;

static void sfpu(uint32_t op, uint32_t p, uint32_t approx)
{
    switch (op) {
        U(TF_SFPU_EXP, exp_tile_init, exp_tile, exp_tile_approx)
        U(TF_SFPU_EXP2, exp2_tile_init, exp2_tile, exp2_tile)
        U(TF_SFPU_LOG, log_tile_init, log_tile, log_tile_approx)
        U(TF_SFPU_RECIP, recip_tile_init, recip_tile, recip_tile)
        U(TF_SFPU_SQRT, sqrt_tile_init, sqrt_tile, sqrt_tile_approx)
        U(TF_SFPU_RSQRT, rsqrt_tile_init, rsqrt_tile, rsqrt_tile_approx)
        U(TF_SFPU_RELU, relu_tile_init, relu_tile, relu_tile)
        P(TF_SFPU_RELU_MAX, relu_max_tile_init, relu_max_tile)
        P(TF_SFPU_RELU_MIN, relu_min_tile_init, relu_min_tile)
        P(TF_SFPU_LEAKY_RELU, leaky_relu_tile_init, leaky_relu_tile)
        U(TF_SFPU_GELU, gelu_tile_init, gelu_tile_exact, gelu_tile)
        U(TF_SFPU_GELU_TANH, gelu_tanh_tile_init, gelu_tanh_tile, gelu_tanh_tile)
        U(TF_SFPU_SILU, silu_tile_init, silu_tile, silu_tile)
        U(TF_SFPU_SIGMOID, sigmoid_tile_init, sigmoid_tile, sigmoid_tile_approx)
        U(TF_SFPU_TANH, tanh_tile_init, tanh_tile, tanh_tile_approx)
        U(TF_SFPU_ABS, abs_tile_init, abs_tile, abs_tile)
        U(TF_SFPU_NEGATIVE, negative_tile_init, negative_tile, negative_tile)
        U(TF_SFPU_SQUARE, square_tile_init, square_tile, square_tile)
        P(TF_SFPU_POWER, power_tile_init, power_tile)
        U(TF_SFPU_SIN, sin_tile_init, sin_tile, sin_tile)
        U(TF_SFPU_COS, cos_tile_init, cos_tile, cos_tile)
        P(TF_SFPU_FILL, fill_tile_init, fill_tile_bitcast)
        P(TF_SFPU_ADD_SCALAR, binop_with_scalar_tile_init, add_unary_tile)
        P(TF_SFPU_SUB_SCALAR, binop_with_scalar_tile_init, sub_unary_tile)
        P(TF_SFPU_MUL_SCALAR, binop_with_scalar_tile_init, mul_unary_tile)
        P(TF_SFPU_DIV_SCALAR, binop_with_scalar_tile_init, div_unary_tile)
        P(TF_SFPU_RSUB_SCALAR, binop_with_scalar_tile_init, rsub_unary_tile)
    case TF_SFPU_TYPECAST:
        typecast_tile_init();
        if (p == TF_DF_FLOAT16_B)
            typecast_tile(TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0);
        else if (p == TF_DF_BFP8_B)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP8_B, 0);
        else if (p == TF_DF_BFP4_B)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP4_B, 0);
        else if (p == TF_DF_BFP2_B)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP2_B, 0);
        else if (p == TF_DF_FLOAT16)
            typecast_tile(TF_DF_FLOAT32, TF_DF_FLOAT16, 0);
        else if (p == TF_DF_BFP8)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP8, 0);
        else if (p == TF_DF_BFP4)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP4, 0);
        else if (p == TF_DF_BFP2)
            typecast_tile(TF_DF_FLOAT32, TF_DF_BFP2, 0);
        else
            typecast_tile(TF_DF_FLOAT32, TF_DF_FLOAT32, 0);
        break;
    }
}

void kernel_main(void)
{
    uint32_t n = get_arg_val(0), op = get_arg_val(1), p = get_arg_val(2), approx = get_arg_val(3);
    if (op == 100)
        transpose_wh_init(0, 16);
    else if (op == 101)
        copy_tile_to_dst_init_short(0, 1);
    else
        init_sfpu(0, 16);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1);
        tile_regs_acquire();
        if (op == 100) {
            transpose_wh_tile(0, 0, 0);
        } else {
            copy_tile(0, 0, 0);
            sfpu(op, p, approx);
        }
        cb_pop_front(0, 1);
        commit_and_pack_tile(0, 16);
    }
}
