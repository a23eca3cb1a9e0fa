/* The tile engine's hot loops vectorized for the host (docs/chip.md,
 * "Host speed"): the matrix product, the fidelity split, elementwise
 * binary ops and the SFPU's arithmetic ops, in AVX2 when the CPU has it
 * (chosen at run time), else tile_math.c / tile_sfpu.c's portable loops.
 *
 * Same numerics, bit for bit: each element sees the same IEEE operations
 * in the same order as in the portable code (a vector lane is one
 * element: no reassociation), products and sums stay separate roundings
 * (the functions are compiled for "avx2" without "fma", so the compiler
 * cannot fuse them either), and the bit masks of the fidelity split are
 * the same integer operations. tests/unit/test_tile_simd.c compares both
 * paths bitwise. TT_FOIL_TILE_SIMD=0 forces the portable path. */
#include "tile_engine.h"
#include "tf_env.h"

#include <stdlib.h>
#include <string.h>

#define D TF_TILE_DIM

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TILE_SIMD_X86 1
#include <immintrin.h>
#endif

static int simd_state = -1; /* -1: not decided yet */

static int simd_detect(void)
{
    const char *e = getenv(tf_env_name(TF_ENV_TILE_SIMD));
    if (e && (!strcmp(e, "0") || !strcmp(e, "OFF") || !strcmp(e, "off"))) return 0;
#ifdef TILE_SIMD_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int sim_tile_simd(void)
{
    int s = __atomic_load_n(&simd_state, __ATOMIC_RELAXED);
    if (s < 0) {
        s = simd_detect();
        __atomic_store_n(&simd_state, s, __ATOMIC_RELAXED);
    }
    return s;
}

int sim_tile_simd_set(int on)
{
    int was = sim_tile_simd();
    __atomic_store_n(&simd_state, on ? simd_detect() : 0, __ATOMIC_RELAXED);
    return was;
}

#ifdef TILE_SIMD_X86
#define AVX2 __attribute__((target("avx2")))

/* part() of tile_math.c on 8 values: finite -> hi = x & hi_mask, lo =
 * x - (x & lo_clear); inf/NaN -> hi = x, lo = 0. */
AVX2 static inline void part8(__m256 x, __m256i hi_mask, __m256i lo_clear, __m256 *hi, __m256 *lo)
{
    const __m256i expo = _mm256_set1_epi32(0x7f800000);
    __m256i w = _mm256_castps_si256(x);
    __m256 fin = _mm256_castsi256_ps(_mm256_xor_si256(
        _mm256_cmpeq_epi32(_mm256_and_si256(w, expo), expo), _mm256_set1_epi32(-1)));
    __m256 h = _mm256_castsi256_ps(_mm256_and_si256(w, hi_mask));
    __m256 l = _mm256_sub_ps(x, _mm256_castsi256_ps(_mm256_and_si256(w, lo_clear)));
    *hi = _mm256_blendv_ps(x, h, fin);
    *lo = _mm256_and_ps(l, fin);
}

AVX2 static void split_avx2(const float *x, float *hi, float *lo, uint32_t hi_mask,
                            uint32_t lo_clear)
{
    __m256i hm = _mm256_set1_epi32((int)hi_mask), lc = _mm256_set1_epi32((int)lo_clear);
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256 h, l;
        part8(_mm256_loadu_ps(x + i), hm, lc, &h, &l);
        _mm256_storeu_ps(hi + i, h);
        _mm256_storeu_ps(lo + i, l);
    }
}

/* d[i][:] += sum over phases p, then k ascending, of x_p[i][k] * y_p[k][:]
 * (each add rounded), two rows of d in registers at a time. */
AVX2 static void matmul_avx2(float *d, const float *const *xs, const float *const *ys, int n)
{
    for (int i = 0; i < D; i += 2) {
        float *r0 = d + i * D, *r1 = r0 + D;
        __m256 a0 = _mm256_loadu_ps(r0), a1 = _mm256_loadu_ps(r0 + 8);
        __m256 a2 = _mm256_loadu_ps(r0 + 16), a3 = _mm256_loadu_ps(r0 + 24);
        __m256 c0 = _mm256_loadu_ps(r1), c1 = _mm256_loadu_ps(r1 + 8);
        __m256 c2 = _mm256_loadu_ps(r1 + 16), c3 = _mm256_loadu_ps(r1 + 24);
        for (int p = 0; p < n; p++) {
            const float *x0 = xs[p] + i * D, *x1 = x0 + D, *y = ys[p];
            for (int k = 0; k < D; k++) {
                const float *yk = y + k * D;
                __m256 b0 = _mm256_loadu_ps(yk), b1 = _mm256_loadu_ps(yk + 8);
                __m256 b2 = _mm256_loadu_ps(yk + 16), b3 = _mm256_loadu_ps(yk + 24);
                __m256 v = _mm256_broadcast_ss(x0 + k), u = _mm256_broadcast_ss(x1 + k);
                a0 = _mm256_add_ps(a0, _mm256_mul_ps(v, b0));
                a1 = _mm256_add_ps(a1, _mm256_mul_ps(v, b1));
                a2 = _mm256_add_ps(a2, _mm256_mul_ps(v, b2));
                a3 = _mm256_add_ps(a3, _mm256_mul_ps(v, b3));
                c0 = _mm256_add_ps(c0, _mm256_mul_ps(u, b0));
                c1 = _mm256_add_ps(c1, _mm256_mul_ps(u, b1));
                c2 = _mm256_add_ps(c2, _mm256_mul_ps(u, b2));
                c3 = _mm256_add_ps(c3, _mm256_mul_ps(u, b3));
            }
        }
        _mm256_storeu_ps(r0, a0);
        _mm256_storeu_ps(r0 + 8, a1);
        _mm256_storeu_ps(r0 + 16, a2);
        _mm256_storeu_ps(r0 + 24, a3);
        _mm256_storeu_ps(r1, c0);
        _mm256_storeu_ps(r1 + 8, c1);
        _mm256_storeu_ps(r1 + 16, c2);
        _mm256_storeu_ps(r1 + 24, c3);
    }
}

/* sim_fpu_mul on 8 pairs: phase p adds SrcA's part (p & 1) x SrcB's part
 * (p >> 1) to an accumulator that starts at +0. */
AVX2 static inline __m256 mul8(__m256 a, __m256 b, int phases)
{
    if (!phases) return _mm256_mul_ps(a, b);
    __m256 ah, al, bh, bl, acc = _mm256_setzero_ps();
    part8(a, _mm256_set1_epi32((int)0xfff80000u), _mm256_set1_epi32((int)0xfff83fffu), &ah, &al);
    part8(b, _mm256_set1_epi32((int)0xfffe0000u), _mm256_set1_epi32((int)0xfffe1fffu), &bh, &bl);
    for (int p = 0; p < phases; p++)
        acc = _mm256_add_ps(acc, _mm256_mul_ps(p & 1 ? al : ah, p >> 1 ? bl : bh));
    return acc;
}

/* sim_fpu_eltwise without DEST reuse. */
AVX2 static void eltwise_avx2(float *d, const float *a, const float *b, uint32_t binop,
                              uint32_t bcast, int acc, int phases, int cleared)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c += 8) {
            int i = r * D + c;
            __m256 old = cleared ? _mm256_setzero_ps() : _mm256_loadu_ps(d + i);
            __m256 x = _mm256_loadu_ps(a + i), y, v;
            switch (bcast) {
            case TF_BCAST_COL: y = _mm256_set1_ps(b[r * D]); break;
            case TF_BCAST_ROW: y = _mm256_loadu_ps(b + c); break;
            case TF_BCAST_SCALAR: y = _mm256_set1_ps(b[0]); break;
            default: y = _mm256_loadu_ps(b + i); break;
            }
            if (binop == TF_BINOP_MUL) {
                v = _mm256_add_ps(old, mul8(x, y, phases));
            } else {
                v = binop == TF_BINOP_SUB ? _mm256_sub_ps(x, y) : _mm256_add_ps(x, y);
                if (acc) v = _mm256_add_ps(v, old);
            }
            _mm256_storeu_ps(d + i, v);
        }
}

/* The SFPU ops that are IEEE arithmetic and selections (tile_sfpu.c's
 * unary()); 1 if op is one of them. */
AVX2 static int sfpu_avx2(float *d, uint32_t op, int approx, uint32_t p0)
{
    float sf = bits_f(p0);
    __m256 s = _mm256_set1_ps(sf), zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    __m256 sign = _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u));
    switch (op) {
    case TF_SFPU_RECIP:
    case TF_SFPU_RELU:
    case TF_SFPU_RELU_MAX:
    case TF_SFPU_RELU_MIN:
    case TF_SFPU_LEAKY_RELU:
    case TF_SFPU_ABS:
    case TF_SFPU_NEGATIVE:
    case TF_SFPU_SQUARE:
    case TF_SFPU_POWER:
    case TF_SFPU_FILL:
    case TF_SFPU_ADD_SCALAR:
    case TF_SFPU_SUB_SCALAR:
    case TF_SFPU_MUL_SCALAR:
    case TF_SFPU_DIV_SCALAR:
    case TF_SFPU_RSUB_SCALAR: break;
    case TF_SFPU_SQRT:
        if (!approx) break;
        return 0;
    default: return 0;
    }
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256 x = _mm256_loadu_ps(d + i), v;
        switch (op) {
        case TF_SFPU_RECIP: v = _mm256_div_ps(one, x); break;
        case TF_SFPU_SQRT: v = _mm256_sqrt_ps(x); break;
        case TF_SFPU_RELU: v = _mm256_and_ps(x, _mm256_cmp_ps(x, zero, _CMP_GT_OQ)); break;
        case TF_SFPU_RELU_MAX: {
            __m256 r = _mm256_and_ps(x, _mm256_cmp_ps(x, zero, _CMP_GT_OQ));
            v = _mm256_blendv_ps(r, s, _mm256_cmp_ps(r, s, _CMP_GT_OQ));
            break;
        }
        case TF_SFPU_RELU_MIN: v = _mm256_blendv_ps(x, s, _mm256_cmp_ps(x, s, _CMP_LT_OQ)); break;
        case TF_SFPU_LEAKY_RELU:
            v = _mm256_blendv_ps(x, _mm256_mul_ps(s, x), _mm256_cmp_ps(x, zero, _CMP_LT_OQ));
            break;
        case TF_SFPU_ABS: v = _mm256_andnot_ps(sign, x); break;
        case TF_SFPU_NEGATIVE: v = _mm256_xor_ps(sign, x); break;
        case TF_SFPU_SQUARE: v = _mm256_mul_ps(x, x); break;
        case TF_SFPU_POWER: {
            __m256 r = one, b = x;
            for (uint32_t n = p0; n; n >>= 1, b = _mm256_mul_ps(b, b))
                if (n & 1) r = _mm256_mul_ps(r, b);
            v = r;
            break;
        }
        case TF_SFPU_FILL: v = s; break;
        case TF_SFPU_ADD_SCALAR: v = _mm256_add_ps(x, s); break;
        case TF_SFPU_SUB_SCALAR: v = _mm256_sub_ps(x, s); break;
        case TF_SFPU_RSUB_SCALAR: v = _mm256_sub_ps(s, x); break;
        default: v = _mm256_mul_ps(x, s); break; /* MUL_SCALAR, DIV_SCALAR */
        }
        _mm256_storeu_ps(d + i, v);
    }
    return 1;
}
#endif

int sim_simd_split(const float *x, float *hi, float *lo, uint32_t hi_mask, uint32_t lo_clear)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) {
        split_avx2(x, hi, lo, hi_mask, lo_clear);
        return 1;
    }
#endif
    (void)x, (void)hi, (void)lo, (void)hi_mask, (void)lo_clear;
    return 0;
}

int sim_simd_matmul(float *d, const float *const *xs, const float *const *ys, int n)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) {
        matmul_avx2(d, xs, ys, n);
        return 1;
    }
#endif
    (void)d, (void)xs, (void)ys, (void)n;
    return 0;
}

int sim_simd_eltwise(float *d, const float *a, const float *b, uint32_t binop, uint32_t bcast,
                     uint32_t reuse, int acc, int phases, int cleared)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd() && !reuse) {
        eltwise_avx2(d, a, b, binop, bcast, acc, phases, cleared);
        return 1;
    }
#endif
    (void)d, (void)a, (void)b, (void)binop, (void)bcast, (void)reuse, (void)acc, (void)phases,
        (void)cleared;
    return 0;
}

int sim_simd_sfpu(float *d, uint32_t op, int approx, uint32_t p0)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) return sfpu_avx2(d, op, approx, p0);
#endif
    (void)d, (void)op, (void)approx, (void)p0;
    return 0;
}
