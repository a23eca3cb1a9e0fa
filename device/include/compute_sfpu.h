/* The vector unit's (SFPU) operations on DEST tiles, with tt-metal's
 * names; included by compute_api.h. Each unary op works in place on
 * DEST[idst]; each binary op (add_binary_tile(idst0, idst1, odst), ...)
 * writes f(DEST[idst0], DEST[idst1]) to DEST[odst], each ternary one
 * (where_tile(idst0, idst1, idst2, odst), ...) f of three. Each needs its *_init
 * (in tt-metal mode) as the last SFPU init; the scalar binops share
 * binop_with_scalar_tile_init. Scalars are fp32 bit patterns, as in
 * tt-metal. Numerics, approximation error bounds and cycles: docs/chip.md. */
#ifndef TF_COMPUTE_SFPU_H
#define TF_COMPUTE_SFPU_H

#ifndef TF_COMPUTE_API_H
#error "include compute_api.h"
#endif

/* An SFPU command (SFPU, or SFPU_PACK on the pack thread): op on
 * DEST[idst] with its two operands. */
TF_ALWAYS_INLINE void dev_sfpu_cmd(uint32_t cmd, uint32_t op, uint32_t idst, uint32_t p0,
                                   uint32_t p1)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, idst);
    dev_reg_write(TF_MMIO_TILE_ARG1, op);
    dev_reg_write(TF_MMIO_TILE_ARG2, p0);
    dev_reg_write(TF_MMIO_TILE_ARG3, p1);
    dev_tile_cmd(cmd);
}

TF_ALWAYS_INLINE void dev_sfpu(uint32_t op, uint32_t idst, uint32_t p0, uint32_t p1)
{
    if (TF_MATH) dev_sfpu_cmd(TF_TILE_SFPU, op, idst, p0, p1);
}

/* A binary op: DEST[odst] = f(DEST[idst0], DEST[idst1]). */
TF_ALWAYS_INLINE void dev_sfpu_binary(uint32_t op, uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu(op, odst, idst0, idst1);
}

TF_ALWAYS_INLINE void dev_sfpu_init(uint32_t op)
{
    dev_init(TF_TILE_INIT_SFPU, op, 0, 0);
}

/* The same ops on the pack thread (tt-metal's *_tile_pack, which ttnn's
 * matmul uses for its fused activation, and *_tile_init_pack): on
 * DEST[idst] of the half the packer holds (after tile_regs_wait), with the
 * pack thread's own init; the pack TRISC waits for the SFPU (docs/chip.md,
 * "SFPU on the pack thread"). */
TF_ALWAYS_INLINE void dev_sfpu_pack(uint32_t op, uint32_t idst, uint32_t p0, uint32_t p1)
{
    if (TF_PACKER) dev_sfpu_cmd(TF_TILE_SFPU_PACK, op, idst, p0, p1);
}

TF_ALWAYS_INLINE void dev_sfpu_init_pack(uint32_t op)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, op);
    dev_tile_cmd(TF_TILE_SFPU_INIT_PACK);
}

#define TF_SFPU_INIT(init, OP)                                                                     \
    TF_ALWAYS_INLINE void init(void)                                                               \
    {                                                                                              \
        dev_sfpu_init(OP);                                                                         \
    }
#define TF_SFPU_UNARY(fn, OP, FLAGS)                                                               \
    TF_ALWAYS_INLINE void fn(uint32_t idst)                                                        \
    {                                                                                              \
        dev_sfpu((OP) | (FLAGS), idst, 0, 0);                                                      \
    }
#define TF_SFPU_PARAM(fn, OP)                                                                      \
    TF_ALWAYS_INLINE void fn(uint32_t idst, uint32_t param)                                        \
    {                                                                                              \
        dev_sfpu(OP, idst, param, 0);                                                              \
    }

TF_SFPU_INIT(exp_tile_init, TF_SFPU_EXP)
TF_SFPU_UNARY(exp_tile, TF_SFPU_EXP, 0)
TF_SFPU_UNARY(exp_tile_approx, TF_SFPU_EXP, TF_SFPU_APPROX)
TF_SFPU_INIT(exp2_tile_init, TF_SFPU_EXP2)
TF_SFPU_UNARY(exp2_tile, TF_SFPU_EXP2, 0)
TF_SFPU_INIT(log_tile_init, TF_SFPU_LOG)
TF_SFPU_UNARY(log_tile, TF_SFPU_LOG, 0)
TF_SFPU_UNARY(log_tile_approx, TF_SFPU_LOG, TF_SFPU_APPROX)
TF_SFPU_INIT(recip_tile_init, TF_SFPU_RECIP)
TF_SFPU_UNARY(recip_tile, TF_SFPU_RECIP, 0)
TF_SFPU_INIT(sqrt_tile_init, TF_SFPU_SQRT)
TF_SFPU_UNARY(sqrt_tile, TF_SFPU_SQRT, 0)
TF_SFPU_UNARY(sqrt_tile_approx, TF_SFPU_SQRT, TF_SFPU_APPROX)
TF_SFPU_INIT(rsqrt_tile_init, TF_SFPU_RSQRT)
TF_SFPU_UNARY(rsqrt_tile, TF_SFPU_RSQRT, 0)
TF_SFPU_UNARY(rsqrt_tile_approx, TF_SFPU_RSQRT, TF_SFPU_APPROX)
TF_SFPU_INIT(relu_max_tile_init, TF_SFPU_RELU_MAX)
TF_SFPU_PARAM(relu_max_tile, TF_SFPU_RELU_MAX)
TF_SFPU_INIT(relu_min_tile_init, TF_SFPU_RELU_MIN)
TF_SFPU_PARAM(relu_min_tile, TF_SFPU_RELU_MIN)
TF_SFPU_INIT(leaky_relu_tile_init, TF_SFPU_LEAKY_RELU)
TF_SFPU_PARAM(leaky_relu_tile, TF_SFPU_LEAKY_RELU)
TF_SFPU_INIT(gelu_tile_init, TF_SFPU_GELU)
TF_SFPU_UNARY(gelu_tile, TF_SFPU_GELU, TF_SFPU_APPROX) /* tt-metal's default: fast_and_approx */
TF_SFPU_UNARY(gelu_tile_approx, TF_SFPU_GELU, TF_SFPU_APPROX)
TF_SFPU_UNARY(gelu_tile_exact, TF_SFPU_GELU, 0)
TF_SFPU_INIT(gelu_tanh_tile_init, TF_SFPU_GELU_TANH)
TF_SFPU_UNARY(gelu_tanh_tile, TF_SFPU_GELU_TANH, 0)
TF_SFPU_INIT(silu_tile_init, TF_SFPU_SILU)
TF_SFPU_UNARY(silu_tile, TF_SFPU_SILU, 0)
TF_SFPU_INIT(sigmoid_tile_init, TF_SFPU_SIGMOID)
TF_SFPU_UNARY(sigmoid_tile, TF_SFPU_SIGMOID, 0)
TF_SFPU_UNARY(sigmoid_tile_approx, TF_SFPU_SIGMOID, TF_SFPU_APPROX)
TF_SFPU_INIT(tanh_tile_init, TF_SFPU_TANH)
TF_SFPU_UNARY(tanh_tile, TF_SFPU_TANH, 0)
TF_SFPU_UNARY(tanh_tile_approx, TF_SFPU_TANH, TF_SFPU_APPROX)
TF_SFPU_INIT(abs_tile_init, TF_SFPU_ABS)
TF_SFPU_UNARY(abs_tile, TF_SFPU_ABS, 0)
TF_SFPU_INIT(negative_tile_init, TF_SFPU_NEGATIVE)
TF_SFPU_UNARY(negative_tile, TF_SFPU_NEGATIVE, 0)
TF_SFPU_INIT(square_tile_init, TF_SFPU_SQUARE)
TF_SFPU_UNARY(square_tile, TF_SFPU_SQUARE, 0)
TF_SFPU_INIT(power_tile_init, TF_SFPU_POWER)
TF_SFPU_PARAM(power_tile, TF_SFPU_POWER) /* integer exponent (tt-metal before 2025) */
TF_SFPU_PARAM(power_iterative_tile, TF_SFPU_POWER)
TF_SFPU_INIT(sin_tile_init, TF_SFPU_SIN)
TF_SFPU_UNARY(sin_tile, TF_SFPU_SIN, 0)
TF_SFPU_INIT(cos_tile_init, TF_SFPU_COS)
TF_SFPU_UNARY(cos_tile, TF_SFPU_COS, 0)
TF_SFPU_INIT(fill_tile_init, TF_SFPU_FILL)
TF_SFPU_PARAM(fill_tile_bitcast, TF_SFPU_FILL)
TF_SFPU_INIT(binop_with_scalar_tile_init, TF_SFPU_ADD_SCALAR)
TF_SFPU_PARAM(add_unary_tile, TF_SFPU_ADD_SCALAR)
TF_SFPU_PARAM(sub_unary_tile, TF_SFPU_SUB_SCALAR)
TF_SFPU_PARAM(mul_unary_tile, TF_SFPU_MUL_SCALAR)
TF_SFPU_PARAM(div_unary_tile, TF_SFPU_DIV_SCALAR) /* multiplies: pass the bits of 1/s */
TF_SFPU_PARAM(rsub_unary_tile, TF_SFPU_RSUB_SCALAR)
TF_SFPU_INIT(typecast_tile_init, TF_SFPU_TYPECAST)

/* Binary ops on two DEST tiles. add/sub/rsub truncate into a 16-bit DEST
 * (the *_rne forms round to nearest even: tt-metal's
 * DstRoundingMode::NearestEven); mul and div round to nearest even, as
 * tt-metal's do on Wormhole and Blackhole. */
#define TF_SFPU_BINARY(fn, OP, FLAGS)                                                              \
    TF_ALWAYS_INLINE void fn(uint32_t idst0, uint32_t idst1, uint32_t odst)                        \
    {                                                                                              \
        dev_sfpu_binary((OP) | (FLAGS), idst0, idst1, odst);                                       \
    }
TF_SFPU_INIT(add_binary_tile_init, TF_SFPU_ADD_BINARY)
TF_SFPU_BINARY(add_binary_tile, TF_SFPU_ADD_BINARY, 0)
TF_SFPU_BINARY(add_binary_tile_rne, TF_SFPU_ADD_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(sub_binary_tile_init, TF_SFPU_SUB_BINARY)
TF_SFPU_BINARY(sub_binary_tile, TF_SFPU_SUB_BINARY, 0)
TF_SFPU_BINARY(sub_binary_tile_rne, TF_SFPU_SUB_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(rsub_binary_tile_init, TF_SFPU_RSUB_BINARY)
TF_SFPU_BINARY(rsub_binary_tile, TF_SFPU_RSUB_BINARY, 0)
TF_SFPU_BINARY(rsub_binary_tile_rne, TF_SFPU_RSUB_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(mul_binary_tile_init, TF_SFPU_MUL_BINARY)
TF_SFPU_BINARY(mul_binary_tile, TF_SFPU_MUL_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(div_binary_tile_init, TF_SFPU_DIV_BINARY)
TF_SFPU_BINARY(div_binary_tile, TF_SFPU_DIV_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(power_binary_tile_init, TF_SFPU_POWER_BINARY)
TF_SFPU_BINARY(power_binary_tile, TF_SFPU_POWER_BINARY, 0)
TF_SFPU_INIT(binary_max_tile_init, TF_SFPU_MAX_BINARY)
TF_SFPU_BINARY(binary_max_tile, TF_SFPU_MAX_BINARY, 0)
TF_SFPU_INIT(binary_min_tile_init, TF_SFPU_MIN_BINARY)
TF_SFPU_BINARY(binary_min_tile, TF_SFPU_MIN_BINARY, 0)
/* Comparisons (binary_comp.h): 1.0f where x op y holds, else 0.0f (fp32
 * compares: a NaN compares false, so ne gives 1); exact in any DEST. */
TF_SFPU_INIT(eq_binary_tile_init, TF_SFPU_EQ_BINARY)
TF_SFPU_BINARY(eq_binary_tile, TF_SFPU_EQ_BINARY, 0)
TF_SFPU_INIT(ne_binary_tile_init, TF_SFPU_NE_BINARY)
TF_SFPU_BINARY(ne_binary_tile, TF_SFPU_NE_BINARY, 0)
TF_SFPU_INIT(lt_binary_tile_init, TF_SFPU_LT_BINARY)
TF_SFPU_BINARY(lt_binary_tile, TF_SFPU_LT_BINARY, 0)
TF_SFPU_INIT(gt_binary_tile_init, TF_SFPU_GT_BINARY)
TF_SFPU_BINARY(gt_binary_tile, TF_SFPU_GT_BINARY, 0)
TF_SFPU_INIT(le_binary_tile_init, TF_SFPU_LE_BINARY)
TF_SFPU_BINARY(le_binary_tile, TF_SFPU_LE_BINARY, 0)
TF_SFPU_INIT(ge_binary_tile_init, TF_SFPU_GE_BINARY)
TF_SFPU_BINARY(ge_binary_tile, TF_SFPU_GE_BINARY, 0)
/* atan2.h, binary_fmod.h, binary_remainder.h, xlogy.h: atan2(x, y) with x
 * the ordinate, fmod (x's sign), remainder (y's sign), x ln y. atan2,
 * fmod and remainder round to nearest even into a 16-bit DEST, as
 * tt-metal's kernels do; xlogy truncates. */
TF_SFPU_INIT(atan2_binary_tile_init, TF_SFPU_ATAN2_BINARY)
TF_SFPU_BINARY(atan2_binary_tile, TF_SFPU_ATAN2_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(fmod_binary_tile_init, TF_SFPU_FMOD_BINARY)
TF_SFPU_BINARY(fmod_binary_tile, TF_SFPU_FMOD_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(remainder_binary_tile_init, TF_SFPU_REMAINDER_BINARY)
TF_SFPU_BINARY(remainder_binary_tile, TF_SFPU_REMAINDER_BINARY, TF_SFPU_RNE)
TF_SFPU_INIT(xlogy_binary_tile_init, TF_SFPU_XLOGY_BINARY)
TF_SFPU_BINARY(xlogy_binary_tile, TF_SFPU_XLOGY_BINARY, 0)
/* div_no_nan_binary_tile: x / y, 0 where y is 0; div_binary_tile_init is its init. */
TF_SFPU_BINARY(div_no_nan_binary_tile, TF_SFPU_DIV_NO_NAN_BINARY, TF_SFPU_RNE)
/* copy_dest_values(idst_in, idst_out): DEST[idst_out] = DEST[idst_in]
 * (tt-metal's order since 2025; its first form took (idst_out, idst_in)). */
TF_SFPU_INIT(copy_dest_values_init, TF_SFPU_COPY_DEST)
TF_ALWAYS_INLINE void copy_dest_values(uint32_t idst_in, uint32_t idst_out)
{
    dev_sfpu(TF_SFPU_COPY_DEST, idst_out, idst_in, idst_in);
}
/* max_tile(idst0, idst1): DEST[idst0] = max(DEST[idst0], DEST[idst0 + 1]):
 * tt-metal's LLK reads the tile after idst0 and never idst1. */
TF_SFPU_INIT(max_tile_init, TF_SFPU_MAX_TILE)
TF_ALWAYS_INLINE void max_tile(uint32_t idst0, uint32_t idst1)
{
    (void)idst1;
    dev_sfpu(TF_SFPU_MAX_TILE, idst0, idst0, idst0 + 1);
}
/* mask.h: DEST[idst_data] = 0 (mask_tile) or +inf (mask_posinf_tile)
 * where the mask's 32 bits are all 0 (so a -0 mask does not mask), the
 * data kept elsewhere. The mask is DEST[idst_data + 1]: tt-metal's LLK
 * reads the tile after the data and never idst2_mask. data_format:
 * TF_DF_FLOAT16_B (tt-metal's default), TF_DF_FLOAT16 or TF_DF_INT32
 * (integer tiles); the engine faults on another. mask_posinf_tile has no
 * init of its own: mask_tile_init's. */
TF_SFPU_INIT(mask_tile_init, TF_SFPU_MASK)
TF_ALWAYS_INLINE void mask_tile(uint32_t idst_data, uint32_t idst2_mask, uint32_t data_format)
{
    (void)idst2_mask;
    /* (a format above 255 goes as 255, which is no format: it faults) */
    uint32_t df = data_format > 255 ? 255 : data_format;
    dev_sfpu(TF_SFPU_MASK | TF_SFPU_DF(df), idst_data, idst_data, idst_data + 1);
}
TF_ALWAYS_INLINE void mask_posinf_tile(uint32_t idst_data, uint32_t idst2_mask)
{
    (void)idst2_mask;
    dev_sfpu(TF_SFPU_MASK_POSINF, idst_data, idst_data, idst_data + 1);
}
/* clamped_silu_glu.h (Blackhole): g sigmoid(g) u with g = min(gate, 10), u
 * = up clamped to [-10, 10], gate = DEST[idst0], up = DEST[idst1]; rounds
 * to nearest even into a 16-bit DEST, as tt-metal's kernel. */
TF_SFPU_INIT(clamped_silu_glu_tile_init, TF_SFPU_CLAMPED_SILU_GLU)
TF_SFPU_BINARY(clamped_silu_glu_tile, TF_SFPU_CLAMPED_SILU_GLU, TF_SFPU_RNE)
/* SFPU broadcasts (sfpu_binary_bcast.h): DEST[idst_data] = DEST[idst_data]
 * op DEST[idst_vec]'s column 0 (on every column) or row 0 (on every row),
 * in place; an fp32 DEST only (tt-metal's: the engine faults on a 16-bit
 * one). A dimension's add, sub and mul share one init, under four names. */
#define TF_SFPU_BCAST(fn, OP)                                                                      \
    TF_ALWAYS_INLINE void fn(uint32_t idst_data, uint32_t idst_vec)                                \
    {                                                                                              \
        dev_sfpu(OP, idst_data, idst_data, idst_vec);                                              \
    }
TF_SFPU_INIT(sfpu_bcast_col_init, TF_SFPU_ADD_BCAST_COL)
TF_SFPU_INIT(sfpu_add_bcast_col_init, TF_SFPU_ADD_BCAST_COL)
TF_SFPU_INIT(sfpu_sub_bcast_col_init, TF_SFPU_ADD_BCAST_COL)
TF_SFPU_INIT(sfpu_mul_bcast_col_init, TF_SFPU_ADD_BCAST_COL)
TF_SFPU_BCAST(sfpu_add_bcast_col, TF_SFPU_ADD_BCAST_COL)
TF_SFPU_BCAST(sfpu_sub_bcast_col, TF_SFPU_SUB_BCAST_COL)
TF_SFPU_BCAST(sfpu_mul_bcast_col, TF_SFPU_MUL_BCAST_COL)
TF_SFPU_INIT(sfpu_bcast_row_init, TF_SFPU_ADD_BCAST_ROW)
TF_SFPU_INIT(sfpu_add_bcast_row_init, TF_SFPU_ADD_BCAST_ROW)
TF_SFPU_INIT(sfpu_sub_bcast_row_init, TF_SFPU_ADD_BCAST_ROW)
TF_SFPU_INIT(sfpu_mul_bcast_row_init, TF_SFPU_ADD_BCAST_ROW)
TF_SFPU_BCAST(sfpu_add_bcast_row, TF_SFPU_ADD_BCAST_ROW)
TF_SFPU_BCAST(sfpu_sub_bcast_row, TF_SFPU_SUB_BCAST_ROW)
TF_SFPU_BCAST(sfpu_mul_bcast_row, TF_SFPU_MUL_BCAST_ROW)
#undef TF_SFPU_BCAST

/* Ternary ops: DEST[odst] = f(DEST[idst0], DEST[idst1], DEST[idst2]), odst
 * any of them (where.h, lerp.h, addcmul.h, addcdiv.h). An index above 255
 * goes as 255, which faults as beyond the half (TF_SFPU_DEST3). */
TF_ALWAYS_INLINE uint32_t dev_dest3_index(uint32_t i)
{
    return i > 255 ? 255 : i;
}
TF_ALWAYS_INLINE void dev_sfpu_ternary(uint32_t op, uint32_t idst0, uint32_t idst1, uint32_t idst2,
                                       uint32_t odst, uint32_t value)
{
    dev_sfpu(op, odst,
             TF_SFPU_DEST3(dev_dest3_index(idst0), dev_dest3_index(idst1), dev_dest3_index(idst2)),
             value);
}
#define TF_SFPU_TERNARY(fn, OP, FLAGS)                                                             \
    TF_ALWAYS_INLINE void fn(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst)        \
    {                                                                                              \
        dev_sfpu_ternary((OP) | (FLAGS), idst0, idst1, idst2, odst, 0);                            \
    }
#define TF_SFPU_TERNARY_VALUE(fn, OP)                                                              \
    TF_ALWAYS_INLINE void fn(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst,        \
                             uint32_t value)                                                       \
    {                                                                                              \
        dev_sfpu_ternary((OP) | TF_SFPU_RNE, idst0, idst1, idst2, odst, value);                    \
    }
/* where: DEST[idst1] where DEST[idst0]'s bits are not 0 (so -0 and NaN
 * count as true), else DEST[idst2]. */
TF_SFPU_INIT(where_tile_init, TF_SFPU_WHERE)
TF_SFPU_TERNARY(where_tile, TF_SFPU_WHERE, 0)
/* lerp: x + w (end - x), x = DEST[idst0], end = DEST[idst1], w = DEST[idst2];
 * lerp, addcmul (x + value y z) and addcdiv (x + value y / z; value: fp32
 * bits) round to nearest even into a 16-bit DEST, as tt-metal's kernels. */
TF_SFPU_INIT(lerp_tile_init, TF_SFPU_LERP)
TF_SFPU_TERNARY(lerp_tile, TF_SFPU_LERP, TF_SFPU_RNE)
TF_SFPU_INIT(addcmul_tile_init, TF_SFPU_ADDCMUL)
TF_SFPU_TERNARY_VALUE(addcmul_tile, TF_SFPU_ADDCMUL)
TF_SFPU_INIT(addcdiv_tile_init, TF_SFPU_ADDCDIV)
TF_SFPU_TERNARY_VALUE(addcdiv_tile, TF_SFPU_ADDCDIV)
/* snake_beta: x + sin(alpha x)^2 / beta (x, alpha, beta: DEST[idst0..2]);
 * rounds to nearest even into a 16-bit DEST, as tt-metal's kernel. */
TF_SFPU_INIT(snake_beta_tile_init, TF_SFPU_SNAKE_BETA)
TF_SFPU_TERNARY(snake_beta_tile, TF_SFPU_SNAKE_BETA, TF_SFPU_RNE)

/* isclose: DEST[odst] = 1.0 where |x - y| <= atol + rtol |y| (x, y:
 * DEST[idst0], DEST[idst1]; rtol, atol: fp32 bits), else 0.0, as
 * torch.isclose: infinities close only to themselves, a NaN to nothing
 * but, with equal_nan, a NaN. The tolerances go to the engine through L1
 * (this TRISC's stack: the engine reads them as it takes the command). */
TF_SFPU_INIT(isclose_binary_tile_init, TF_SFPU_ISCLOSE)
TF_ALWAYS_INLINE void isclose_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                                          uint32_t rtol, uint32_t atol, uint32_t equal_nan)
{
    volatile uint32_t tol[2] = {rtol, atol};
    __asm__ volatile("" ::: "memory");
    dev_sfpu_ternary(TF_SFPU_ISCLOSE | (equal_nan ? TF_SFPU_APPROX : 0u), idst0, idst1, idst0, odst,
                     (uint32_t)(uintptr_t)tol);
}
#undef TF_SFPU_TERNARY
#undef TF_SFPU_TERNARY_VALUE

/* The unary ops from CMP_ZERO on (docs/chip.md "Numerics": each the exact
 * value, rounded to fp32 once). A family's inits (the comparisons with
 * zero, with a scalar, the fp-class predicates, the rounding ops) are one
 * init: any of them sets up every member, as tt-metal's do alike. Scalars
 * are fp32 bits; round_tile's decimals an int32. */
#define TF_SFPU_MEMBER(fn, OP, K)                                                                  \
    TF_ALWAYS_INLINE void fn(uint32_t idst)                                                        \
    {                                                                                              \
        dev_sfpu(OP, idst, 0, K);                                                                  \
    }
#define TF_SFPU_MEMBER_PARAM(fn, OP, K)                                                            \
    TF_ALWAYS_INLINE void fn(uint32_t idst, uint32_t param)                                        \
    {                                                                                              \
        dev_sfpu(OP, idst, param, K);                                                              \
    }
#define TF_SFPU_PARAM2(fn, OP)                                                                     \
    TF_ALWAYS_INLINE void fn(uint32_t idst, uint32_t param0, uint32_t param1)                      \
    {                                                                                              \
        dev_sfpu(OP, idst, param0, param1);                                                        \
    }
/* eqz_tile ... gez_tile: 1.0 where x == 0, != 0, < 0, <= 0, > 0, >= 0, else 0.0 */
#define TF_SFPU_CMP_OPS(X) X(eq, EQ) X(ne, NE) X(lt, LT) X(le, LE) X(gt, GT) X(ge, GE)
#define TF_SFPU_CMPZ(name, K)                                                                      \
    TF_SFPU_INIT(name##z_tile_init, TF_SFPU_CMP_ZERO)                                              \
    TF_SFPU_MEMBER(name##z_tile, TF_SFPU_CMP_ZERO, TF_SFPU_CMP_##K)                                \
    TF_SFPU_INIT(unary_##name##_tile_init, TF_SFPU_CMP_SCALAR)                                     \
    TF_SFPU_MEMBER_PARAM(unary_##name##_tile, TF_SFPU_CMP_SCALAR, TF_SFPU_CMP_##K)
TF_SFPU_CMP_OPS(TF_SFPU_CMPZ)
#undef TF_SFPU_CMPZ
#undef TF_SFPU_CMP_OPS
#define TF_SFPU_FP_OPS(X)                                                                          \
    X(isinf, INF) X(isnan, NAN) X(isfinite, FINITE) X(isposinf, POSINF) X(isneginf, NEGINF)
#define TF_SFPU_FP(name, K)                                                                        \
    TF_SFPU_INIT(name##_tile_init, TF_SFPU_FP_CLASS)                                               \
    TF_SFPU_MEMBER(name##_tile, TF_SFPU_FP_CLASS, TF_SFPU_FP_##K)
TF_SFPU_FP_OPS(TF_SFPU_FP)
#undef TF_SFPU_FP
#undef TF_SFPU_FP_OPS
/* logical_not_tile<DataFormat> (2025 on) and logical_not_unary_tile (before):
 * the same op, each with its init */
TF_SFPU_INIT(logical_not_tile_init, TF_SFPU_LOGICAL_NOT)
TF_SFPU_UNARY(logical_not_tile, TF_SFPU_LOGICAL_NOT, 0)
TF_SFPU_INIT(logical_not_unary_tile_init, TF_SFPU_LOGICAL_NOT)
TF_SFPU_UNARY(logical_not_unary_tile, TF_SFPU_LOGICAL_NOT, 0)
TF_SFPU_INIT(sign_tile_init, TF_SFPU_SIGN)
TF_SFPU_UNARY(sign_tile, TF_SFPU_SIGN, 0)
TF_SFPU_INIT(signbit_tile_init, TF_SFPU_SIGNBIT)
TF_SFPU_UNARY(signbit_tile, TF_SFPU_SIGNBIT, 0)
TF_SFPU_INIT(heaviside_tile_init, TF_SFPU_HEAVISIDE)
TF_SFPU_PARAM(heaviside_tile, TF_SFPU_HEAVISIDE) /* the value at +-0 */
TF_SFPU_INIT(clamp_tile_init, TF_SFPU_CLAMP)
TF_SFPU_PARAM2(clamp_tile, TF_SFPU_CLAMP) /* min, max */
TF_SFPU_INIT(hardtanh_tile_init, TF_SFPU_HARDTANH)
TF_SFPU_PARAM2(hardtanh_tile, TF_SFPU_HARDTANH) /* min, max */
TF_SFPU_INIT(hardsigmoid_tile_init, TF_SFPU_HARDSIGMOID)
TF_SFPU_UNARY(hardsigmoid_tile, TF_SFPU_HARDSIGMOID, 0)
TF_SFPU_INIT(hardswish_tile_init, TF_SFPU_HARDSWISH)
TF_SFPU_UNARY(hardswish_tile, TF_SFPU_HARDSWISH, 0)
TF_SFPU_INIT(threshold_tile_init, TF_SFPU_THRESHOLD)
TF_SFPU_PARAM2(threshold_tile, TF_SFPU_THRESHOLD) /* threshold, value */
TF_SFPU_INIT(unary_max_tile_init, TF_SFPU_UNARY_MAX)
TF_SFPU_PARAM(unary_max_tile, TF_SFPU_UNARY_MAX)
TF_SFPU_INIT(unary_min_tile_init, TF_SFPU_UNARY_MIN)
TF_SFPU_PARAM(unary_min_tile, TF_SFPU_UNARY_MIN)
TF_SFPU_INIT(softshrink_tile_init, TF_SFPU_SOFTSHRINK)
TF_SFPU_PARAM(softshrink_tile, TF_SFPU_SOFTSHRINK) /* lambda */
TF_SFPU_INIT(hardshrink_tile_init, TF_SFPU_HARDSHRINK)
TF_SFPU_PARAM(hardshrink_tile, TF_SFPU_HARDSHRINK) /* lambda */
TF_SFPU_INIT(elu_tile_init, TF_SFPU_ELU)
TF_SFPU_PARAM(elu_tile, TF_SFPU_ELU) /* alpha */
TF_SFPU_INIT(selu_tile_init, TF_SFPU_SELU)
TF_SFPU_PARAM2(selu_tile, TF_SFPU_SELU) /* scale, alpha */
TF_SFPU_INIT(celu_tile_init, TF_SFPU_CELU)
/* alpha_recip: tt-metal's precomputed 1/alpha; the exact value needs alpha only */
TF_ALWAYS_INLINE void celu_tile(uint32_t idst, uint32_t alpha, uint32_t alpha_recip)
{
    (void)alpha_recip;
    dev_sfpu(TF_SFPU_CELU, idst, alpha, 0);
}
TF_SFPU_INIT(prelu_tile_init, TF_SFPU_PRELU)
TF_SFPU_PARAM(prelu_tile, TF_SFPU_PRELU) /* the weight */
TF_SFPU_INIT(identity_tile_init, TF_SFPU_IDENTITY)
TF_SFPU_UNARY(identity_tile, TF_SFPU_IDENTITY, 0)
TF_SFPU_INIT(expm1_tile_init, TF_SFPU_EXPM1)
TF_SFPU_UNARY(expm1_tile, TF_SFPU_EXPM1, 0)
TF_SFPU_INIT(log1p_tile_init, TF_SFPU_LOG1P)
TF_SFPU_UNARY(log1p_tile, TF_SFPU_LOG1P, 0)
TF_SFPU_INIT(log_with_base_tile_init, TF_SFPU_LOG_WITH_BASE)
TF_SFPU_PARAM(log_with_base_tile, TF_SFPU_LOG_WITH_BASE) /* 1 / ln base */
TF_SFPU_INIT(erf_tile_init, TF_SFPU_ERF)
TF_SFPU_UNARY(erf_tile, TF_SFPU_ERF, 0)
TF_SFPU_INIT(erfc_tile_init, TF_SFPU_ERFC)
TF_SFPU_UNARY(erfc_tile, TF_SFPU_ERFC, 0)
TF_SFPU_INIT(erfinv_tile_init, TF_SFPU_ERFINV)
TF_SFPU_UNARY(erfinv_tile, TF_SFPU_ERFINV, 0)
TF_SFPU_INIT(softplus_tile_init, TF_SFPU_SOFTPLUS)
/* beta_reciprocal: tt-metal's precomputed 1/beta; the exact value needs beta only */
TF_ALWAYS_INLINE void softplus_tile(uint32_t idst, uint32_t beta, uint32_t beta_reciprocal,
                                    uint32_t threshold)
{
    (void)beta_reciprocal;
    dev_sfpu(TF_SFPU_SOFTPLUS, idst, beta, threshold);
}
// clang-format off
#define TF_SFPU_PLAIN_OPS(X) \
    X(tan, TAN) \
    X(asin, ASIN) \
    X(acos, ACOS) \
    X(atan, ATAN) \
    X(sinh, SINH) \
    X(cosh, COSH) \
    X(asinh, ASINH) \
    X(acosh, ACOSH) \
    X(atanh, ATANH) \
    X(mish, MISH) \
    X(softsign, SOFTSIGN) \
    X(tanhshrink, TANHSHRINK) \
    X(tanh_derivative, TANH_DERIVATIVE) \
    X(gelu_derivative, GELU_DERIVATIVE) \
    X(i0, I0) \
    X(i1, I1) \
    X(cbrt, CBRT) \
    X(logit, LOGIT) \
    X(swish, SWISH) \
    X(hardmish, HARDMISH) \
    X(lgamma, LGAMMA) \
    X(digamma, DIGAMMA)
// clang-format on
#define TF_SFPU_PLAIN(name, OP)                                                                    \
    TF_SFPU_INIT(name##_tile_init, TF_SFPU_##OP)                                                   \
    TF_SFPU_UNARY(name##_tile, TF_SFPU_##OP, 0)
TF_SFPU_PLAIN_OPS(TF_SFPU_PLAIN)
#undef TF_SFPU_PLAIN
#undef TF_SFPU_PLAIN_OPS
/* rdiv_tile(i, v): v / x (rdiv_tile<RoundingMode::Trunc|Floor>: _trunc, _floor) */
TF_SFPU_INIT(rdiv_tile_init, TF_SFPU_RDIV)
TF_SFPU_MEMBER_PARAM(rdiv_tile, TF_SFPU_RDIV, TF_SFPU_RDIV_NONE)
TF_SFPU_MEMBER_PARAM(rdiv_tile_trunc, TF_SFPU_RDIV, TF_SFPU_RDIV_TRUNC)
TF_SFPU_MEMBER_PARAM(rdiv_tile_floor, TF_SFPU_RDIV, TF_SFPU_RDIV_FLOOR)
TF_SFPU_INIT(rpow_tile_init, TF_SFPU_RPOW)
TF_SFPU_PARAM(rpow_tile, TF_SFPU_RPOW) /* the base: base^x */
/* The rounding ops share rounding_op_tile_init (frac_tile_init, tt-metal's
 * own init for frac since 2026, is the same set-up here). */
TF_SFPU_INIT(rounding_op_tile_init, TF_SFPU_ROUNDING)
TF_SFPU_INIT(frac_tile_init, TF_SFPU_ROUNDING)
TF_SFPU_MEMBER(floor_tile, TF_SFPU_ROUNDING, TF_SFPU_ROUND_FLOOR)
TF_SFPU_MEMBER(ceil_tile, TF_SFPU_ROUNDING, TF_SFPU_ROUND_CEIL)
TF_SFPU_MEMBER(trunc_tile, TF_SFPU_ROUNDING, TF_SFPU_ROUND_TRUNC)
TF_SFPU_MEMBER(frac_tile, TF_SFPU_ROUNDING, TF_SFPU_ROUND_FRAC)
TF_ALWAYS_INLINE void round_tile(uint32_t idst, int32_t decimals)
{
    dev_sfpu(TF_SFPU_ROUNDING, idst, (uint32_t)decimals, TF_SFPU_ROUND_ROUND);
}
/* fmod and remainder by a scalar s: param0 = s, param1 = 1/s (tt-metal's,
 * for its approximation: the exact value needs s only); the inits take
 * them too, as tt-metal's (which load them into the SFPU). */
#define TF_SFPU_BY_SCALAR(name, OP)                                                                \
    TF_ALWAYS_INLINE void name##_tile_init(uint32_t param0, uint32_t param1)                       \
    {                                                                                              \
        (void)param0, (void)param1;                                                                \
        dev_sfpu_init(OP);                                                                         \
    }                                                                                              \
    TF_ALWAYS_INLINE void name##_tile(uint32_t idst, uint32_t param0, uint32_t param1)             \
    {                                                                                              \
        (void)param1;                                                                              \
        dev_sfpu(OP, idst, param0, 0);                                                             \
    }
TF_SFPU_BY_SCALAR(fmod, TF_SFPU_FMOD)
TF_SFPU_BY_SCALAR(remainder, TF_SFPU_REMAINDER)
#undef TF_SFPU_BY_SCALAR
#undef TF_SFPU_MEMBER
#undef TF_SFPU_MEMBER_PARAM
#undef TF_SFPU_PARAM2

/* relu_tile is issue 7's RELU command; in tt-metal mode it needs relu_tile_init. */
TF_SFPU_INIT(relu_tile_init, TF_SFPU_RELU)
TF_ALWAYS_INLINE void relu_tile(uint32_t idst)
{
    if (TF_MATH) dev_math(TF_TILE_RELU, idst, 0);
}

TF_ALWAYS_INLINE void fill_tile(uint32_t idst, float v)
{
    fill_tile_bitcast(idst, dev_dp_f32(v)); /* debug_print.h's fp32 -> bits */
}

/* Integer ops between DEST tiles holding integers (df: TF_DF_INT32,
 * TF_DF_UINT32 or TF_DF_UINT16, the values' format; docs/chip.md "Integer
 * tiles"): DEST[odst] = f(DEST[idst0], DEST[idst1]), wrapping. The
 * bitwise ops share binary_bitwise_tile_init, the shifts
 * binary_shift_tile_init. */
#define TF_SFPU_INT(fn, OP)                                                                        \
    TF_ALWAYS_INLINE void fn(uint32_t df, uint32_t idst0, uint32_t idst1, uint32_t odst)           \
    {                                                                                              \
        dev_sfpu_binary((OP) | TF_SFPU_DF(df), idst0, idst1, odst);                                \
    }
TF_SFPU_INIT(add_int_tile_init, TF_SFPU_ADD_INT)
TF_SFPU_INT(add_int_tile, TF_SFPU_ADD_INT)
TF_SFPU_INIT(sub_int_tile_init, TF_SFPU_SUB_INT)
TF_SFPU_INT(sub_int_tile, TF_SFPU_SUB_INT)
TF_SFPU_INIT(rsub_int_tile_init, TF_SFPU_RSUB_INT)
TF_SFPU_INT(rsub_int_tile, TF_SFPU_RSUB_INT)
TF_SFPU_INIT(mul_int_tile_init, TF_SFPU_MUL_INT)
TF_SFPU_INT(mul_int_tile, TF_SFPU_MUL_INT)
TF_SFPU_INIT(binary_bitwise_tile_init, TF_SFPU_AND_BINARY)
TF_SFPU_INT(bitwise_and_binary_tile, TF_SFPU_AND_BINARY)
TF_SFPU_INT(bitwise_or_binary_tile, TF_SFPU_OR_BINARY)
TF_SFPU_INT(bitwise_xor_binary_tile, TF_SFPU_XOR_BINARY)
TF_SFPU_INIT(binary_shift_tile_init, TF_SFPU_SHL_BINARY)
TF_SFPU_INT(binary_left_shift_tile, TF_SFPU_SHL_BINARY)
TF_SFPU_INT(binary_right_shift_tile, TF_SFPU_SHR_BINARY)
TF_SFPU_INT(binary_logical_right_shift_tile, TF_SFPU_SHR_LOGICAL_BINARY)
TF_SFPU_INIT(binary_max_int32_tile_init, TF_SFPU_MAX_INT32)
TF_SFPU_INIT(binary_min_int32_tile_init, TF_SFPU_MIN_INT32)
TF_SFPU_INIT(binary_max_uint32_tile_init, TF_SFPU_MAX_UINT32)
TF_SFPU_INIT(binary_min_uint32_tile_init, TF_SFPU_MIN_UINT32)
TF_ALWAYS_INLINE void binary_max_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_MAX_INT32 | TF_SFPU_DF(TF_DF_INT32), idst0, idst1, odst);
}
TF_ALWAYS_INLINE void binary_min_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_MIN_INT32 | TF_SFPU_DF(TF_DF_INT32), idst0, idst1, odst);
}
TF_ALWAYS_INLINE void binary_max_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_MAX_UINT32 | TF_SFPU_DF(TF_DF_UINT32), idst0, idst1, odst);
}
TF_ALWAYS_INLINE void binary_min_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_MIN_UINT32 | TF_SFPU_DF(TF_DF_UINT32), idst0, idst1, odst);
}
/* The int32 divisions between DEST tiles (div_int32_sfpu.h,
 * div_int32_floor.h, binary_fmod.h, binary_remainder.h), each after its
 * own init: div_int32_tile writes the quotient as fp32 (the tile then
 * holds floats: pack it to a float CB), the others int32s: the quotient
 * floored or truncated, fmod's remainder of x's sign, remainder's of y's.
 * Division by zero and INT32_MIN / -1: docs/chip.md "Integer tiles". */
#define TF_SFPU_DIV_INT(fn, OP)                                                                    \
    TF_SFPU_INIT(fn##_init, OP)                                                                    \
    TF_ALWAYS_INLINE void fn(uint32_t idst0, uint32_t idst1, uint32_t odst)                        \
    {                                                                                              \
        dev_sfpu_binary((OP) | TF_SFPU_DF(TF_DF_INT32), idst0, idst1, odst);                       \
    }
TF_SFPU_DIV_INT(div_int32_tile, TF_SFPU_DIV_INT32)
TF_SFPU_DIV_INT(div_int32_floor_tile, TF_SFPU_DIV_INT32_FLOOR)
TF_SFPU_DIV_INT(div_int32_trunc_tile, TF_SFPU_DIV_INT32_TRUNC)
TF_SFPU_DIV_INT(fmod_int32_tile, TF_SFPU_FMOD_INT32)
TF_SFPU_DIV_INT(remainder_int32_tile, TF_SFPU_REMAINDER_INT32)
#undef TF_SFPU_DIV_INT
/* The comparisons between DEST tiles of integers (binary_comp.h): 1 or 0
 * (integers) where x < y, x > y, x <= y, x >= y, as int32 (TF_DF_INT32)
 * or unsigned (TF_DF_UINT32, TF_DF_UINT16: the low 16 bits). */
TF_SFPU_INIT(lt_int_tile_init, TF_SFPU_LT_INT)
TF_SFPU_INT(lt_int_tile, TF_SFPU_LT_INT)
TF_SFPU_INIT(gt_int_tile_init, TF_SFPU_GT_INT)
TF_SFPU_INT(gt_int_tile, TF_SFPU_GT_INT)
TF_SFPU_INIT(le_int_tile_init, TF_SFPU_LE_INT)
TF_SFPU_INT(le_int_tile, TF_SFPU_LE_INT)
TF_SFPU_INIT(ge_int_tile_init, TF_SFPU_GE_INT)
TF_SFPU_INT(ge_int_tile, TF_SFPU_GE_INT)
#undef TF_SFPU_INT
/* The comparisons of a tile of integers with zero or an int32 scalar
 * (eltwise_unary/comp.h's *_int32, *_uint16, *_uint32 forms), in place:
 * the integers 1 or 0. They take the float comparisons' inits
 * (gtz_tile_init, unary_gt_tile_init, ...), as tt-metal's. */
#define TF_SFPU_CMPZ_INT(fn, OP, K)                                                                \
    TF_ALWAYS_INLINE void fn(uint32_t idst)                                                        \
    {                                                                                              \
        dev_sfpu(OP, idst, 0, TF_SFPU_CMP_##K);                                                    \
    }
#define TF_SFPU_CMP_INT(name, K)                                                                   \
    TF_SFPU_CMPZ_INT(name##z_tile_int32, TF_SFPU_CMP_ZERO_INT, K)                                  \
    TF_ALWAYS_INLINE void unary_##name##_tile_int32(uint32_t idst, uint32_t param)                 \
    {                                                                                              \
        dev_sfpu(TF_SFPU_CMP_SCALAR_INT, idst, param, TF_SFPU_CMP_##K);                            \
    }
TF_SFPU_CMP_INT(eq, EQ)
TF_SFPU_CMP_INT(ne, NE)
TF_SFPU_CMP_INT(lt, LT)
TF_SFPU_CMP_INT(le, LE)
TF_SFPU_CMP_INT(gt, GT)
TF_SFPU_CMP_INT(ge, GE)
TF_SFPU_CMPZ_INT(eqz_tile_uint32, TF_SFPU_CMP_ZERO_INT, EQ)
TF_SFPU_CMPZ_INT(nez_tile_uint32, TF_SFPU_CMP_ZERO_INT, NE)
TF_SFPU_CMPZ_INT(eqz_tile_uint16, TF_SFPU_CMP_ZERO_UINT16, EQ)
TF_SFPU_CMPZ_INT(nez_tile_uint16, TF_SFPU_CMP_ZERO_UINT16, NE)
#undef TF_SFPU_CMP_INT
#undef TF_SFPU_CMPZ_INT
/* The float ops' integer forms (eltwise_unary/relu.h, activations.h,
 * negative.h, binop_with_scalar.h, rsub.h, logical_not_noti.h,
 * identity.h, clamp.h), in place on a tile of integers, most after the
 * float op's init as tt-metal's; the scalars are integers (docs/chip.md
 * "Integer tiles"). */
TF_SFPU_UNARY(relu_tile_int32, TF_SFPU_RELU_INT, 0)
TF_SFPU_PARAM(relu_max_tile_uint32, TF_SFPU_RELU_MAX_UINT)
TF_SFPU_PARAM(relu_max_tile_uint16, TF_SFPU_RELU_MAX_UINT16)
TF_SFPU_PARAM(relu_min_tile_uint32, TF_SFPU_RELU_MIN_UINT)
TF_SFPU_PARAM(relu_min_tile_uint16, TF_SFPU_RELU_MIN_UINT16)
/* relu_max_tile_int32's threshold is fp32 bits (tt-llk converts that
 * float to int32, truncating), relu_min_tile_int32's an int32 */
TF_SFPU_PARAM(relu_max_tile_int32, TF_SFPU_RELU_MAX_INT32)
TF_SFPU_PARAM(relu_min_tile_int32, TF_SFPU_RELU_MIN_INT32)
/* signbit_tile_int32: the integer 1 where x < 0, else 0; its own init */
TF_SFPU_INIT(signbit_tile_int32_init, TF_SFPU_SIGNBIT_INT32)
TF_SFPU_UNARY(signbit_tile_int32, TF_SFPU_SIGNBIT_INT32, 0)
/* The int32 sums within a DEST tile (tt-metal's sfpu_int_sum.h), after
 * sfpu_sum_int_init: sfpu_sum_int_col leaves in rows 0-3 the sums of the
 * rows r mod 4, sfpu_sum_int_row in the even columns of the left half the
 * sums of 4 columns (docs/chip.md "Integer tiles" says which);
 * sfpu_add_int: DEST[idst] + DEST[idst + 1] into DEST[idst], whatever
 * dst_offset (tt-llk's add_int reads the next tile). */
TF_SFPU_INIT(sfpu_sum_int_init, TF_SFPU_SUM_INT_COL)
TF_SFPU_UNARY(sfpu_sum_int_col, TF_SFPU_SUM_INT_COL, 0)
TF_SFPU_UNARY(sfpu_sum_int_row, TF_SFPU_SUM_INT_ROW, 0)
TF_ALWAYS_INLINE void sfpu_add_int(uint32_t idst, uint32_t dst_offset)
{
    (void)dst_offset;
    dev_sfpu_binary(TF_SFPU_ADD_INT_NEXT | TF_SFPU_DF(TF_DF_INT32), idst, idst + 1, idst);
}
/* gcd_tile, lcm_tile (tt-metal's gcd.h, lcm.h), each after its own init:
 * gcd / lcm of the int32s' magnitudes into DEST[odst]; lcm_tile faults on
 * a magnitude of 2^15 or more (its LLK's limit) */
TF_SFPU_INIT(gcd_tile_init, TF_SFPU_GCD_INT)
TF_ALWAYS_INLINE void gcd_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_GCD_INT | TF_SFPU_DF(TF_DF_INT32), idst0, idst1, odst);
}
TF_SFPU_INIT(lcm_tile_init, TF_SFPU_LCM_INT)
TF_ALWAYS_INLINE void lcm_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
    dev_sfpu_binary(TF_SFPU_LCM_INT | TF_SFPU_DF(TF_DF_INT32), idst0, idst1, odst);
}
TF_SFPU_UNARY(abs_tile_int32, TF_SFPU_ABS_INT, 0)
TF_SFPU_UNARY(negative_tile_int32, TF_SFPU_NEG_INT, 0)
TF_SFPU_INIT(unary_max_int32_tile_init, TF_SFPU_MAX_SCALAR_INT32)
TF_SFPU_PARAM(unary_max_int32_tile, TF_SFPU_MAX_SCALAR_INT32)
TF_SFPU_INIT(unary_min_int32_tile_init, TF_SFPU_MIN_SCALAR_INT32)
TF_SFPU_PARAM(unary_min_int32_tile, TF_SFPU_MIN_SCALAR_INT32)
TF_SFPU_INIT(unary_max_uint32_tile_init, TF_SFPU_MAX_SCALAR_UINT32)
TF_SFPU_PARAM(unary_max_uint32_tile, TF_SFPU_MAX_SCALAR_UINT32)
TF_SFPU_INIT(unary_min_uint32_tile_init, TF_SFPU_MIN_SCALAR_UINT32)
TF_SFPU_PARAM(unary_min_uint32_tile, TF_SFPU_MIN_SCALAR_UINT32)
TF_SFPU_PARAM(add_unary_tile_int32, TF_SFPU_ADD_SCALAR_INT)
TF_SFPU_PARAM(sub_unary_tile_int32, TF_SFPU_SUB_SCALAR_INT)
TF_SFPU_INIT(rsub_unary_int32_tile_init, TF_SFPU_RSUB_SCALAR_INT)
TF_SFPU_PARAM(rsub_unary_int32_tile, TF_SFPU_RSUB_SCALAR_INT)
TF_SFPU_UNARY(logical_not_unary_tile_int32, TF_SFPU_LOGICAL_NOT_INT, 0)
TF_SFPU_UNARY(logical_not_unary_tile_uint32, TF_SFPU_LOGICAL_NOT_INT, 0)
TF_SFPU_UNARY(logical_not_unary_tile_uint16, TF_SFPU_LOGICAL_NOT_UINT16, 0)
TF_SFPU_UNARY(identity_tile_uint32, TF_SFPU_IDENTITY_INT, 0)
TF_ALWAYS_INLINE void clamp_tile_int32(uint32_t idst, uint32_t min, uint32_t max)
{
    dev_sfpu(TF_SFPU_CLAMP_INT, idst, min, max);
}
/* C++'s fill_tile_int<DataFormat>(idst, v) (after fill_tile_init): v
 * everywhere, DEST[idst] then holds integers of format df (TF_DF_INT32,
 * TF_DF_UINT32: v's 32 bits; TF_DF_UINT16: its low 16). */
TF_ALWAYS_INLINE void dev_fill_tile_int(uint32_t df, uint32_t idst, uint32_t v)
{
    dev_sfpu(df == TF_DF_UINT16 ? TF_SFPU_FILL_UINT16 : TF_SFPU_FILL_INT, idst, v, 0);
}
/* The unary integer ops, in place on a tile of integers; the scalar an
 * integer (eltwise_unary/bitwise_*.h, left_shift.h, right_shift.h). */
TF_SFPU_INIT(bitwise_and_tile_init, TF_SFPU_AND_SCALAR)
TF_SFPU_PARAM(bitwise_and_tile, TF_SFPU_AND_SCALAR)
TF_SFPU_INIT(bitwise_or_tile_init, TF_SFPU_OR_SCALAR)
TF_SFPU_PARAM(bitwise_or_tile, TF_SFPU_OR_SCALAR)
TF_SFPU_INIT(bitwise_xor_tile_init, TF_SFPU_XOR_SCALAR)
TF_SFPU_PARAM(bitwise_xor_tile, TF_SFPU_XOR_SCALAR)
TF_SFPU_INIT(bitwise_not_tile_init, TF_SFPU_NOT_INT)
TF_SFPU_UNARY(bitwise_not_tile, TF_SFPU_NOT_INT, 0)
TF_SFPU_INIT(left_shift_tile_init, TF_SFPU_SHL_SCALAR)
TF_SFPU_PARAM(left_shift_tile, TF_SFPU_SHL_SCALAR)
TF_SFPU_INIT(right_shift_tile_init, TF_SFPU_SHR_SCALAR)
TF_SFPU_PARAM(right_shift_tile, TF_SFPU_SHR_SCALAR)

#ifndef __cplusplus /* C++: typecast_tile<IN, OUT>(idst) and TF_UNSUPPORTED_FN */
/* typecast_tile(IN, OUT, idst): DEST values as format OUT holds them
 * (Float32 0, Float16 1, Float16_b 5, Bfp8_b 6, Bfp4_b 7, Bfp2_b 15,
 * Fp8_e4m3 26, Bfp8 2, Bfp4 3, Bfp2 11, Int32 8, UInt16 9, UInt32 24, UInt8 30:
 * constants; the pairs tt-llk casts: docs/chip.md "Integer tiles"; to an
 * exponent-A format a 16-bit DEST holds halves after it). */
#define typecast_tile(in_df, out_df, idst)                                                         \
    do {                                                                                           \
        _Static_assert(TF_TYPECAST_OK(in_df, out_df),                                              \
                       "typecast_tile: tt-foil's tile engine casts between Float32 (0), "          \
                       "Float16 (1), Float16_b (5), Bfp8_b (6), Bfp4_b (7), Bfp2_b (15), "         \
                       "Fp8_e4m3 (26), Bfp8 (2), Bfp4 (3), Bfp2 (11), Int32 (8), UInt16 (9), "     \
                       "UInt32 (24) and UInt8 (30), not Int32 <-> UInt32 (nor Lf8, Int8)");        \
        dev_sfpu(TF_SFPU_TYPECAST, idst, in_df, out_df);                                           \
    } while (0)

#undef TF_SFPU_INIT
#undef TF_SFPU_UNARY
#undef TF_SFPU_PARAM
#undef TF_SFPU_BINARY

/* tt-metal names the engine does not model: a compile-time message
 * (fill_tile_int: in C++ only, fill_tile_int<DataFormat>). */
#define TF_SFPU_UNSUPPORTED(name)                                                                  \
    _Static_assert(0, #name " is not supported by tt-foil's tile engine (docs/chip.md, "           \
                            "\"Tile engine\" lists what is)")
#define fill_tile_int(...)   TF_SFPU_UNSUPPORTED(fill_tile_int)
#define polygamma_tile(...)  TF_SFPU_UNSUPPORTED(polygamma_tile)
#define dropout_tile(...)    TF_SFPU_UNSUPPORTED(dropout_tile)
#define topk_local_sort(...) TF_SFPU_UNSUPPORTED(topk_local_sort)
#endif

#endif
