// A kernel's own SFPU functions in SFPI (test_ttm_sfpi.c): the n tiles of
// CB 0 (runtime arg 0) copied into DEST 0..n-1, MODE's function run, DEST 0
// packed to CB 16. MODE:
//   0 smoothstep of custom_sfpi_smoothstep's shape: dst_reg[i], float
//     parameters, v_if / v_elseif / v_endif against vConst0 and vConst1, a
//     fused multiply-add
//   1 DEST 0 = DEST 0 + DEST 1 by the binary wrapper (custom_sfpi_add's
//     dst_reg[index * 32 + i] addressing)
//   2 exponents, mantissas, v_if / v_elseif / v_else, vec_min_max, with
//     dst_reg[0] and dst_reg++ (tt-llk's op shape, `#pragma GCC unroll 0`)
//   3 VectorMode::C with dst_reg += 2 (ttnn SDPA's first column): the even
//     columns of faces 0 and 2 doubled
//   4 integers: float_to_fp16b, shifts, masks, int32_to_float, v_and
//   5 bits: vConstTileId, setman, addexp, lz, a sign-magnitude cast,
//     setsgn, an integer ==, a programmable constant set by the init
//   6 tt-metal's v_elseif case (< 1: 1, <= 2: 2, else 0) on VectorMode::R
//   7 DEST 0 = DEST 0 x DEST 1 + DEST 2 by the ternary wrapper (one MAD)
//   8 v_and inside a v_if, then v_else (SFPCOMPC: the lanes not enabled)
//   9 x += a * a (one MAD) with a from DEST 0, x from DEST 1
//   16 shifts by 32 and more (SFPSHFT takes the amount mod 32)
//   18 ttnn SDPA decode's first-column recip (_sfpu_reciprocal_, rounded by
//     float_to_fp16b) and 19 its scaled exp (_calculate_exponential_piecewise_)
//   20 the lookup tables, SEL (a second define) picking one: 0 lut, 1
//     lut_sign, 2 lut2 (fp16 pairs), 3 lut2_sign, 4 lut2 of six floats, 5
//     lut2_sign of them, 6 lut2 of six fp16 pairs (mode 1), 7 lut2_sign
//     (mode 2)
//   21 SFPARECIP: SEL 0 approx_recip, 1 approx_exp
//   22 SFPSTOCHRND's integers (as floats by int32_to_float): SEL 0
//     float_to_int8, 1 float_to_uint8, 2 float_to_int16, 3 float_to_uint16,
//     4 float_to_fp16a, 5 int32_to_int8 of the bits >> 20 by 3, 6
//     int32_to_uint8 of them by a vector (the lane's bits 0-4), 7 lz_nosgn
//   23 lanes: SEL 0 subvec_transp of units 0-3 and of 4-7, 1
//     subvec_shflror1 of the even units, subvec_shflshr1 of the odd, 2 the
//     transpose in a v_if enabling lanes 0-15 only
//   26 tt-metal's newer sfpi_lib.h forms (integers by int32_to_float,
//     bits as floats): SEL 0 fractional_mul (low
//     half) of the bits and the bits >> 9, 1 its high half, 2 copyexp of
//     DEST 0 with DEST 1's exponent, 3 vec_max_min of DEST 0 and DEST 1
//     (their max), 4 exexp(v, NoDebias) + exman(v, WithUnitBit), 5
//     float_to_int16(v, RoundMode::Nearest), 6 vec_min_max of the bits as
//     vInts (their min)
//   24 and 25 faults: float_to_int16 with its default (stochastic)
//     rounding; a lookup table's register read after a move
//   The init of 5 programs its constants before tile_regs_acquire.
//   10-15, 17 faults: stochastic rounding, too many values, a DEST address
//     past the half, v_if nested 9 deep, a product kept past a change of
//     its operand, 8 v_elseifs (9 pushes), a value read after a move
#include <cstdint>

#include "compute_kernel_api.h"
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/tile_move_copy.h"

#ifdef TRISC_MATH
inline void smoothstep_face(float lo, float hi, float scale)
{
    (void)hi;
    for (int i = 0; i < 8; i++) {
        vFloat x = dst_reg[i];
        vFloat t = (x - lo) * scale;
        v_if(t < sfpi::vConst0)
        {
            t = sfpi::vConst0;
        }
        v_elseif(t > sfpi::vConst1)
        {
            t = sfpi::vConst1;
        }
        v_endif;
        dst_reg[i] = t * t * (3.0f - 2.0f * t);
    }
}

inline void add_face(std::uint32_t in0, std::uint32_t in1, std::uint32_t out)
{
    for (std::uint32_t i = 0; i < 8; i++) {
        vFloat a = dst_reg[in0 * 32 + i];
        vFloat b = dst_reg[in1 * 32 + i];
        dst_reg[out * 32 + i] = a + b;
    }
}

namespace ckernel::sfpu
{
template <bool APPROXIMATION_MODE, int ITERATIONS = 8> inline void calculate_mixed()
{
    // (tt-llk's Blackhole SFPU functions are written so: clang rejects it,
    // and the kernel build takes the preprocessed path, docs/kernels.md)
#pragma GCC unroll 0
    for (int d = 0; d < ITERATIONS; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
        sfpi::vInt e = sfpi::exexp(x);
        sfpi::vFloat m = sfpi::setexp(x, 127);
        v_if(e >= 1)
        {
            m = m + 1.0f;
        }
        v_elseif(x < 0.0f)
        {
            m = -m;
        }
        v_else
        {
            m = sfpi::abs(x) * 2.0f;
        }
        v_endif;
        sfpi::vFloat a = x, b = m;
        sfpi::vec_min_max(a, b);
        sfpi::dst_reg[0] = b * 0.5f + a;
        sfpi::dst_reg++;
    }
}

inline void first_column()
{
    for (int d = 0; d < 4; d++) {
        sfpi::vFloat v = sfpi::dst_reg[0];
        sfpi::dst_reg[0] = v * 2.0f;
        sfpi::dst_reg += 2;
    }
}

inline void integers()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
        sfpi::vUInt r = sfpi::float_to_fp16b(x, 0);
        sfpi::vInt i = sfpi::reinterpret<sfpi::vInt>(x);
        sfpi::vInt low = (i & 0xffff) >> 4;
        v_block
        {
            v_and(low > 100);
            v_and(low < 3000);
            r = r | 1;
        }
        v_endblock;
        sfpi::vFloat f = sfpi::int32_to_float(low, 0);
        sfpi::dst_reg[0] = sfpi::reinterpret<sfpi::vFloat>(r) + f;
        sfpi::dst_reg++;
    }
}

inline void bits()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
        sfpi::vInt tid = sfpi::vConstTileId;
        sfpi::vFloat a = sfpi::setman(x, tid << 10);
        sfpi::vFloat b = sfpi::addexp(x, -3);
        sfpi::vInt z = sfpi::lz(x);
        sfpi::vFloat c = sfpi::int32_to_float(z - 16, 0);
        sfpi::vFloat r = a + b;
        v_if(z == 1)
        {
            r = c;
        }
        v_endif;
        sfpi::dst_reg[0] = r * sfpi::vConstFloatPrgm0 + sfpi::setsgn(c, x) * sfpi::vConstFloatPrgm1;
        sfpi::dst_reg++;
    }
}

inline void bits_init()
{
    sfpi::vConstFloatPrgm0 = 0.75f;
    sfpi::vConstFloatPrgm1 = 2; // (an integer literal: the float 2)
}

inline void elseif_case()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
        sfpi::vFloat r = 0.0f;
        v_if(x < 1.0f)
        {
            r = 1.0f;
        }
        v_elseif(x <= 2.0f)
        {
            r = 2.0f;
        }
        v_endif;
        sfpi::dst_reg[0] = r;
        sfpi::dst_reg++;
    }
}

inline void fma_face(std::uint32_t in0, std::uint32_t in1, std::uint32_t in2, std::uint32_t out)
{
    for (std::uint32_t i = 0; i < 8; i++)
        sfpi::dst_reg[out * 32 + i] =
            sfpi::dst_reg[in0 * 32 + i] * sfpi::dst_reg[in1 * 32 + i] + sfpi::dst_reg[in2 * 32 + i];
}

inline void and_else()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0], r = 0.0f;
        v_if(x > 0.0f)
        {
            v_and(x > 2.0f);
            r = 1.0f;
        }
        v_else
        {
            r = 2.0f;
        }
        v_endif;
        sfpi::dst_reg[0] = r;
        sfpi::dst_reg++;
    }
}

inline void accumulate()
{
    for (int i = 0; i < 8; i++) {
        sfpi::vFloat a = sfpi::dst_reg[i], x = sfpi::dst_reg[32 + i];
        x += a * a;
        sfpi::dst_reg[i] = x;
    }
}

inline void shifts()
{
    for (int i = 0; i < 8; i++) {
        sfpi::vUInt u = sfpi::reinterpret<sfpi::vUInt>(sfpi::vFloat(sfpi::dst_reg[i]));
        sfpi::vInt v = sfpi::reinterpret<sfpi::vInt>(sfpi::vFloat(sfpi::dst_reg[i]));
        sfpi::vUInt w = ((u >> 33) ^ (u << 32)) + sfpi::reinterpret<sfpi::vUInt>(v >> 35);
        sfpi::dst_reg[i] = sfpi::reinterpret<sfpi::vFloat>(w);
    }
}

inline void recip_first_column()
{
    for (int d = 0; d < 4; d++) {
        sfpi::vFloat in = sfpi::dst_reg[0];
        sfpi::vFloat out = _sfpu_reciprocal_<2>(in);
        sfpi::dst_reg[0] = sfpi::reinterpret<sfpi::vFloat>(float_to_fp16b(out, 0));
        sfpi::dst_reg += 2;
    }
}

inline void exp_first_column(int scale_bf16)
{
    for (int d = 0; d < 4; d++) {
        sfpi::vFloat val = sfpi::dst_reg[0];
        sfpi::dst_reg[0] = _calculate_exponential_piecewise_<false, true, true>(val, scale_bf16);
        sfpi::dst_reg += 2;
    }
}

#ifndef SEL
#define SEL 0
#endif
inline void luts()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0], r;
#if SEL <= 1
        sfpi::vUInt l0 = 0x3c1f, l1 = 0xa57e, l2 = 0x81ff;
#if SEL == 0
        r = sfpi::lut(x, l0, l1, l2);
#else
        r = sfpi::lut_sign(x, l0, l1, l2);
#endif
#elif SEL <= 3
        sfpi::vUInt l0 = 0x3c00b800u, l1 = 0x35554248u, l2 = 0xfc002e66u;
#if SEL == 2
        r = sfpi::lut2(x, l0, l1, l2);
#else
        r = sfpi::lut2_sign(x, l0, l1, l2);
#endif
#elif SEL <= 5
        sfpi::vFloat a0 = 0.5f, a1 = -1.25f, a2 = 3.0f, b0 = 0.125f, b1 = 2.0f, b2 = -0.75f;
#if SEL == 4
        r = sfpi::lut2(x, a0, a1, a2, b0, b1, b2);
#else
        r = sfpi::lut2_sign(x, a0, a1, a2, b0, b1, b2);
#endif
#else
        sfpi::vUInt a01 = 0x3c00b800u, a23 = 0x35554248u, a45 = 0xc2003a00u;
        sfpi::vUInt b01 = 0x2e66bc00u, b23 = 0x44003800u, b45 = 0xb4003c00u;
#if SEL == 6
        r = sfpi::lut2(x, a01, a23, a45, b01, b23, b45, 1);
#else
        r = sfpi::lut2_sign(x, a01, a23, a45, b01, b23, b45, 2);
#endif
#endif
        sfpi::dst_reg[0] = r;
        sfpi::dst_reg++;
    }
}

inline void approx()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
#if SEL == 0
        sfpi::dst_reg[0] = sfpi::approx_recip(x);
#else
        sfpi::dst_reg[0] = sfpi::approx_exp(x);
#endif
        sfpi::dst_reg++;
    }
}

inline void to_int()
{
    for (int d = 0; d < 8; d++) {
        sfpi::vFloat x = sfpi::dst_reg[0];
#if SEL == 0
        sfpi::vUInt i = sfpi::float_to_int8(x, 0);
#elif SEL == 1
        sfpi::vUInt i = sfpi::float_to_uint8(x, 0);
#elif SEL == 2
        sfpi::vUInt i = sfpi::float_to_int16(x, 0);
#elif SEL == 3
        sfpi::vUInt i = sfpi::float_to_uint16(x, 0);
#elif SEL == 5
        sfpi::vUInt i = sfpi::int32_to_int8(sfpi::reinterpret<sfpi::vInt>(x) >> 20, 3, 0);
#elif SEL == 6
        sfpi::vUInt bits = sfpi::reinterpret<sfpi::vUInt>(x);
        sfpi::vUInt i = sfpi::int32_to_uint8(sfpi::reinterpret<sfpi::vInt>(bits >> 20), bits, 0);
#elif SEL == 7
        sfpi::vInt i = sfpi::lz_nosgn(x);
#endif
#if SEL == 4
        sfpi::dst_reg[0] = sfpi::reinterpret<sfpi::vFloat>(sfpi::float_to_fp16a(x, 0));
#else
        sfpi::dst_reg[0] = sfpi::int32_to_float(sfpi::reinterpret<sfpi::vInt>(i), 0);
#endif
        sfpi::dst_reg++;
    }
}

inline void lanes()
{
#if SEL == 1
    for (int i = 0; i < 8; i++) {
        sfpi::vFloat v = sfpi::dst_reg[i];
        sfpi::dst_reg[i] = i % 2 ? sfpi::subvec_shflshr1(v) : sfpi::subvec_shflror1(v);
    }
#else
    for (int k = 0; k < 8; k += 4) {
        sfpi::vFloat a = sfpi::dst_reg[k], b = sfpi::dst_reg[k + 1], c = sfpi::dst_reg[k + 2],
                     d = sfpi::dst_reg[k + 3];
#if SEL == 2
        sfpi::vInt tid = sfpi::vConstTileId;
        v_if(tid < 32)
        {
            sfpi::subvec_transp(a, b, c, d);
        }
        v_endif;
#else
        sfpi::subvec_transp(a, b, c, d);
#endif
        sfpi::dst_reg[k] = a;
        sfpi::dst_reg[k + 1] = b;
        sfpi::dst_reg[k + 2] = c;
        sfpi::dst_reg[k + 3] = d;
    }
#endif
}

inline void newer()
{
    for (int i = 0; i < 8; i++) {
        sfpi::vFloat x = sfpi::dst_reg[i], y = sfpi::dst_reg[32 + i];
        sfpi::vInt b = sfpi::reinterpret<sfpi::vInt>(x), c = sfpi::reinterpret<sfpi::vInt>(y);
#if SEL == 0
        sfpi::vInt r = sfpi::fractional_mul(b, b >> 9);
#elif SEL == 1
        sfpi::vInt r = sfpi::fractional_mul(b, c, sfpi::FractionalHalf::High);
#elif SEL == 2
        sfpi::vInt r = sfpi::reinterpret<sfpi::vInt>(sfpi::copyexp(x, y));
#elif SEL == 3
        sfpi::vec_max_min(x, y);
        sfpi::vInt r = sfpi::reinterpret<sfpi::vInt>(x);
#elif SEL == 4
        sfpi::vInt r = sfpi::exexp(x, sfpi::ExponentMode::NoDebias) +
                       sfpi::exman(x, sfpi::MantissaMode::WithUnitBit);
#elif SEL == 5
        sfpi::vInt r = sfpi::float_to_int16(x, sfpi::RoundMode::Nearest);
#else
        sfpi::vec_min_max(b, c);
        sfpi::vInt r = b;
#endif
#if SEL == 2 || SEL == 3 || SEL == 6
        sfpi::dst_reg[i] = sfpi::reinterpret<sfpi::vFloat>(r); // (DEST holds floats)
#else
        sfpi::dst_reg[i] = sfpi::int32_to_float(r, 0);
#endif
    }
}

inline void stochastic_int()
{
    sfpi::vFloat x = sfpi::dst_reg[0];
    sfpi::vUInt i = sfpi::float_to_int16(x); // <- round16
    sfpi::dst_reg[0] = sfpi::int32_to_float(sfpi::reinterpret<sfpi::vInt>(i), 0);
}

inline void moved_table()
{
    sfpi::vFloat x = sfpi::dst_reg[0];
    sfpi::vUInt l0 = 0x3c1f, l1 = 0xa57e, l2 = 0x81ff;
    sfpi::vUInt keep = static_cast<sfpi::vUInt &&>(l2);
    sfpi::dst_reg[0] = sfpi::lut(x, l0, l1, l2); // <- lutmoved
    sfpi::dst_reg[1] = sfpi::reinterpret<sfpi::vFloat>(keep);
}

inline void stale()
{
    sfpi::vFloat a = sfpi::dst_reg[0];
    auto p = a * 2.0f;
    a = 1.0f;
    sfpi::vFloat junk = 5.0f;
    sfpi::dst_reg[0] = p + junk; // <- stale
}

inline void many_elseifs()
{
    sfpi::vFloat x = sfpi::dst_reg[0], r = 0.0f;
    v_if(x < 1.0f)
    {
        r = 1.0f;
    }
    v_elseif(x < 2.0f)
    {
        r = 2.0f;
    }
    v_elseif(x < 3.0f)
    {
        r = 3.0f;
    }
    v_elseif(x < 4.0f)
    {
        r = 4.0f;
    }
    v_elseif(x < 5.0f)
    {
        r = 5.0f;
    }
    v_elseif(x < 6.0f)
    {
        r = 6.0f;
    }
    v_elseif(x < 7.0f)
    {
        r = 7.0f;
    }
    v_elseif(x < 8.0f)
    {
        r = 8.0f;
    }
    v_elseif(x < 9.0f) // <- elseifs
    {
        r = 9.0f;
    }
    v_endif;
    sfpi::dst_reg[0] = r;
}

inline void moved()
{
    sfpi::vFloat a = sfpi::dst_reg[0];
    sfpi::vFloat b = static_cast<sfpi::vFloat &&>(a);
    sfpi::dst_reg[0] = b;
    sfpi::dst_reg[1] = a; // <- moved
}

inline void bad_round()
{
    sfpi::vFloat x = sfpi::dst_reg[0];
    sfpi::dst_reg[0] = sfpi::reinterpret<sfpi::vFloat>(sfpi::float_to_fp16b(x)); // <- round
}

inline void too_many()
{
    sfpi::vFloat v[TF_SFPI_NREGS + 1];
    for (int k = 0; k < TF_SFPI_NREGS + 1; k++) v[k] = sfpi::dst_reg[0]; // <- regs
}

inline void past_dest()
{
    sfpi::dst_reg[40] = sfpi::vConst1; // <- addr
}

inline void too_deep()
{
    sfpi::vFloat x = sfpi::dst_reg[0];
    v_if(x > 0.0f)
    {
        v_if(x > 1.0f)
        {
            v_if(x > 2.0f)
            {
                v_if(x > 3.0f)
                {
                    v_if(x > 4.0f)
                    {
                        v_if(x > 5.0f)
                        {
                            v_if(x > 6.0f)
                            {
                                v_if(x > 7.0f)
                                {
                                    v_if(x > 8.0f) // <- depth
                                    {
                                        x = 0.0f;
                                    }
                                    v_endif;
                                }
                                v_endif;
                            }
                            v_endif;
                        }
                        v_endif;
                    }
                    v_endif;
                }
                v_endif;
            }
            v_endif;
        }
        v_endif;
    }
    v_endif;
    sfpi::dst_reg[0] = x;
}
} // namespace ckernel::sfpu
#endif

void kernel_main()
{
    std::uint32_t n = get_arg_val<std::uint32_t>(0);
    constexpr auto cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    init_sfpu(cb_in, cb_out);
#if MODE == 5
    MATH((llk_math_eltwise_unary_sfpu_init<SfpuType::unused, false>(ckernel::sfpu::bits_init)));
#endif
    cb_wait_front(cb_in, n);
    tile_regs_acquire();
    for (std::uint32_t i = 0; i < n; i++) copy_tile(cb_in, i, i);
#if MODE == 0
    MATH((ckernel::_llk_math_eltwise_unary_sfpu_params_<false>(smoothstep_face, 0, VectorMode::RC,
                                                               -1.0f, 1.0f, 0.5f)));
#elif MODE == 1
    MATH((ckernel::_llk_math_eltwise_binary_sfpu_params_<false>(add_face, 0, 1, 0)));
#elif MODE == 2
    MATH((llk_math_eltwise_unary_sfpu_init<SfpuType::unused, false>()));
    MATH((llk_math_eltwise_unary_sfpu_params<false>(ckernel::sfpu::calculate_mixed<false>, 0,
                                                    (int)VectorMode::RC)));
#elif MODE == 3
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, first_column, 0,
                                           VectorMode::C)));
#elif MODE == 4
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, integers, 0,
                                           VectorMode::RC)));
#elif MODE == 5
    MATH(
        (SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, bits, 0, VectorMode::RC)));
#elif MODE == 6
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, elseif_case, 0,
                                           VectorMode::R)));
#elif MODE == 7
    MATH((ckernel::_llk_math_eltwise_ternary_sfpu_params_<false>(ckernel::sfpu::fma_face, 0, 1, 2,
                                                                 0)));
#elif MODE == 8
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, and_else, 0,
                                           VectorMode::RC)));
#elif MODE == 9
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, accumulate, 0,
                                           VectorMode::RC)));
#elif MODE == 16
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, shifts, 0,
                                           VectorMode::RC)));
#elif MODE == 18
    MATH((ckernel::_llk_math_eltwise_unary_sfpu_params_<false>(ckernel::sfpu::recip_first_column, 0,
                                                               (int)VectorMode::C)));
#elif MODE == 19
    MATH((ckernel::_llk_math_eltwise_unary_sfpu_params_<false>(ckernel::sfpu::exp_first_column, 0,
                                                               (int)VectorMode::C, 0x3f00)));
#elif MODE == 20
    MATH(
        (SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, luts, 0, VectorMode::RC)));
#elif MODE == 21
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, approx, 0,
                                           VectorMode::RC)));
#elif MODE == 22
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, to_int, 0,
                                           VectorMode::RC)));
#elif MODE == 23
    MATH((
        SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, lanes, 0, VectorMode::RC)));
#elif MODE == 26
    MATH((
        SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, newer, 0, VectorMode::RC)));
#elif MODE == 24
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, stochastic_int, 0,
                                           VectorMode::RC)));
#elif MODE == 25
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, moved_table, 0,
                                           VectorMode::RC)));
#elif MODE == 14
    MATH((
        SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, stale, 0, VectorMode::RC)));
#elif MODE == 15
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, many_elseifs, 0,
                                           VectorMode::RC)));
#elif MODE == 17
    MATH((
        SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, moved, 0, VectorMode::RC)));
#elif MODE == 10
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, bad_round, 0,
                                           VectorMode::RC)));
#elif MODE == 11
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, too_many, 0,
                                           VectorMode::RC)));
#elif MODE == 12
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, past_dest,
                                           TF_DEST_TILES - 1, VectorMode::RC)));
#elif MODE == 13
    MATH((SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(DST_SYNC_MODE, DST_ACCUM_MODE, too_deep, 0,
                                           VectorMode::RC)));
#endif
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, n);
    tile_regs_release();
}
