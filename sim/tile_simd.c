/* The tile engine's hot loops vectorized for the host (docs/chip.md,
 * "Host speed"): the matrix product, the fidelity split, elementwise
 * binary ops, the SFPU's arithmetic ops and SFPI's MAD (FMA), in AVX2
 * when the CPU has it (chosen at run time), else tile_math.c /
 * tile_sfpu.c / tile_sfpi.c's portable loops.
 *
 * Same numerics, bit for bit: each element sees the same IEEE operations
 * in the same order as in the portable code (a vector lane is one
 * element: no reassociation), products and sums stay separate roundings
 * (the file is compiled with -ffp-contract=off, so the compiler cannot
 * fuse them; the matmul fuses them itself only where every product is
 * exact: products_exact), and the bit masks of the fidelity split are
 * the same integer operations. tests/unit/test_tile_simd.c compares both
 * paths bitwise. TT_FOIL_TILE_SIMD=0 forces the portable path. */
#include "tile_engine.h"
#include "common/cm_env.h"
#include "tf_tile_layout.h"
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
    if (!cm_env_switch(TF_ENV_TILE_SIMD, 1, "1: the host's vector unit where it has one")) return 0;
#ifdef TILE_SIMD_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return SIMD_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return SIMD_AVX2_FMA;
    return __builtin_cpu_supports("avx2") ? SIMD_AVX2 : 0;
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

int sim_tile_simd_set(int level)
{
    int was = sim_tile_simd(), best = simd_detect();
    __atomic_store_n(&simd_state, level < 0 || level > best ? best : level, __ATOMIC_RELAXED);
    return was;
}

const char *sim_tile_simd_name(int level)
{
    static const char *const names[] = {"portable", "AVX2", "AVX2+FMA", "AVX-512"};
    return level >= 0 && level <= SIMD_AVX512 ? names[level] : "?";
}

#ifdef TILE_SIMD_X86
#define AVX2 __attribute__((target("avx2")))

/* part() of tile_math.c on 8 values: finite -> hi = x & hi_mask, lo =
 * x - (x & lo_clear); inf/NaN -> hi = x, lo = 0. */
AVX2 static inline void part8(__m256 x, __m256i hi_mask, __m256i lo_clear, __m256 *hi, __m256 *lo)
{
    const __m256i expo = _mm256_set1_epi32(0x7f800000);
    __m256i w = _mm256_castps_si256(x);
    __m256 special = _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(w, expo), expo));
    __m256 h = _mm256_castsi256_ps(_mm256_and_si256(w, hi_mask));
    __m256 l = _mm256_sub_ps(x, _mm256_castsi256_ps(_mm256_and_si256(w, lo_clear)));
    *hi = _mm256_blendv_ps(h, x, special);
    *lo = _mm256_andnot_ps(special, l);
}

/* products_exact's range test, on the 8 magnitudes u (the sign cleared)
 * of each step: every u is 0 or in [LO, HI) (SIM_EXACT_MAG_*). The steps
 * keep the largest u and the smallest u - 1 (unsigned: a 0 wraps to the
 * largest), so they need no compare and no branch per vector: all u < HI
 * iff the largest is, and every nonzero u >= LO iff the smallest u - 1
 * is >= LO - 1 (LO >= 1). The same answer as the compares per value for
 * every 32-bit word (checked exhaustively when it was written). It made
 * the scan of two fp32 tiles about 0.35 us shorter on a 2 GHz Zen 1
 * EPYC (bench_tile's LoFi tile 3.1 -> 2.8 us), where the compares, ands
 * and a test and branch per vector had taken about 3 ns a vector (perf's
 * samples). */
#define RANGE_STEP(u, mx, mn)                                                                      \
    ((mx) = _mm256_max_epu32((mx), (u)),                                                           \
     (mn) = _mm256_min_epu32((mn), _mm256_sub_epi32((u), _mm256_set1_epi32(1))))
AVX2 static inline int range_ok(__m256i mx, __m256i mn)
{
    const __m256i lo = _mm256_set1_epi32((int)SIM_EXACT_MAG_LO - 1),
                  hi = _mm256_set1_epi32((int)SIM_EXACT_MAG_HI);
    __m256i ok = _mm256_and_si256(_mm256_cmpgt_epi32(hi, mx),
                                  _mm256_cmpeq_epi32(_mm256_min_epu32(mn, lo), lo));
    return _mm256_testc_si256(ok, _mm256_set1_epi32(-1)); /* all ones */
}

/* The split of a tile, with products_exact's range test of its values in
 * the same pass (returned: 1 if every value passes). The pass splits as
 * if every value were finite (3 vector operations a vector where part8
 * takes 7): where the test passes they are, and the parts are part8's;
 * a tile that fails is split again by part8. The matmul then needs no
 * scan of its own (SIM_RANGE_SCANNED): on a 2 GHz Zen 1 EPYC (AVX2, no
 * AVX-512) a LoFi tile of fp32 values took 2.5 us with this where the
 * part8 split and products_exact's scan took 2.8 (bench_tile). */
AVX2 static int split_avx2(const float *x, float *hi, float *lo, uint32_t hi_mask,
                           uint32_t lo_clear)
{
    __m256i hm = _mm256_set1_epi32((int)hi_mask), lc = _mm256_set1_epi32((int)lo_clear);
    const __m256i abs = _mm256_set1_epi32(0x7fffffff);
    __m256i mx = _mm256_setzero_si256(), mn = _mm256_set1_epi32(-1);
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256 v = _mm256_loadu_ps(x + i);
        __m256i w = _mm256_castps_si256(v), u = _mm256_and_si256(w, abs);
        RANGE_STEP(u, mx, mn);
        _mm256_storeu_ps(hi + i, _mm256_castsi256_ps(_mm256_and_si256(w, hm)));
        if (lo)
            _mm256_storeu_ps(lo + i,
                             _mm256_sub_ps(v, _mm256_castsi256_ps(_mm256_and_si256(w, lc))));
    }
    if (range_ok(mx, mn)) return 1;
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256 h, l;
        part8(_mm256_loadu_ps(x + i), hm, lc, &h, &l);
        _mm256_storeu_ps(hi + i, h);
        if (lo) _mm256_storeu_ps(lo + i, l);
    }
    return 0;
}

/* d[i][:] += sum over phases p, then k ascending, of x_p[i][k] * y_p[k][:]
 * (each add rounded), R rows of d in registers at a time, then the rows
 * left R2 at a time. MAC is the step acc += v * b: a multiply then an
 * add, or a fused multiply-add where the caller knows every product is
 * exact (then both round once, the same way). SKIP (the fused kernels):
 * a k at which the block's rows of in0 all hold zeros is left out of the
 * block, where that changes no bit (zero_ks): the CNN's first layer has 3
 * input channels of 32, so 29 of its activation tiles' 32 columns are
 * zero. `zero`: DEST is to be cleared (SIM_DEST_ZERO), so the sums start
 * at +0, as from the zeros a memset would store (that memset and the
 * loads of its zeros took about 0.2 us a tile on a 2 GHz Zen 1 EPYC). */
#define UNROLL _Pragma("GCC unroll 8")
#define MATMUL_BLOCK(name, attr, V, W, R, LOAD, STORE, BCAST, SETZERO, MAC, KLOOP)                 \
    attr static inline __attribute__((always_inline)) void name(                                   \
        float *d, const float *const *xs, const float *const *ys, int n, const uint8_t *ks,        \
        int nk, int i, int zero)                                                                   \
    {                                                                                              \
        enum { Q = D / W };                                                                        \
        (void)ks, (void)nk;                                                                        \
        V acc[R][Q];                                                                               \
        UNROLL for (int r = 0; r < R; r++) UNROLL for (int q = 0; q < Q; q++) acc[r][q] =          \
            zero ? SETZERO() : LOAD(d + (i + r) * D + q * W);                                      \
        for (int p = 0; p < n; p++) {                                                              \
            const float *x = xs[p] + i * D, *y = ys[p];                                            \
            KLOOP                                                                                  \
            {                                                                                      \
                V b[Q];                                                                            \
                UNROLL for (int q = 0; q < Q; q++) b[q] = LOAD(y + k * D + q * W);                 \
                UNROLL for (int r = 0; r < R; r++)                                                 \
                {                                                                                  \
                    V v = BCAST(x[r * D + k]);                                                     \
                    UNROLL for (int q = 0; q < Q; q++) acc[r][q] = MAC(acc[r][q], v, b[q]);        \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        UNROLL for (int r = 0; r < R; r++) UNROLL for (int q = 0; q < Q; q++)                      \
            STORE(d + (i + r) * D + q * W, acc[r][q]);                                             \
    }
#define MATMUL_KERNEL(name, attr, V, W, R, R2, LOAD, STORE, BCAST, SETZERO, MAC, KLOOP)            \
    MATMUL_BLOCK(name##_rows, attr, V, W, R, LOAD, STORE, BCAST, SETZERO, MAC, KLOOP)              \
    MATMUL_BLOCK(name##_tail, attr, V, W, R2, LOAD, STORE, BCAST, SETZERO, MAC, KLOOP)             \
    attr static void name(float *d, const float *const *xs, const float *const *ys, int n,         \
                          const uint8_t *ks, int nk, int zero)                                     \
    {                                                                                              \
        int i = 0;                                                                                 \
        for (; i + R <= D; i += R) name##_rows(d, xs, ys, n, ks, nk, i, zero);                     \
        for (; i < D; i += R2) name##_tail(d, xs, ys, n, ks, nk, i, zero);                         \
    }
#define EVERY_K  for (int k = 0; k < D; k++)
#define LISTED_K for (int t = 0, k; t < nk && (k = ks[t], 1); t++)

/* Whether a fused matmul may leave out the k at which in0's values are
 * all +-0 (ks: the others, ascending): every value of both tiles is
 * finite (SIM_SRC_IN_RANGE), so every fidelity part is finite and the
 * parts of +-0 are +-0, and each left-out product is +-0; acc + (+-0) =
 * acc bit for bit unless acc is -0 (-0 + +0 = +0) or a NaN (a signalling
 * one comes out quieted). Neither arises in the sum if DEST holds none at
 * the start: a sum of two values is -0 only when both are (an exact
 * cancellation is +0, and fp32 adds never underflow to zero), and a NaN
 * only from a NaN or inf - inf, where an inf of DEST stays inf when a
 * zero is added. So with a -0 or a NaN in DEST every k runs. */
AVX2 static int dest_plain(const float *d)
{
    const __m256i abs = _mm256_set1_epi32(0x7fffffff), inf = _mm256_set1_epi32(0x7f800000);
    const __m256i negz = _mm256_set1_epi32((int)0x80000000u);
    __m256i bad = _mm256_setzero_si256();
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(d + i));
        bad = _mm256_or_si256(bad, _mm256_cmpeq_epi32(w, negz));
        bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(_mm256_and_si256(w, abs), inf));
    }
    return _mm256_testz_si256(bad, bad);
}

#define MAC256(a, v, b) _mm256_add_ps(a, _mm256_mul_ps(v, b))
#define FMA256(a, v, b) _mm256_fmadd_ps(v, b, a)
#define MAC512(a, v, b) _mm512_add_ps(a, _mm512_mul_ps(v, b))
#define FMA512(a, v, b) _mm512_fmadd_ps(v, b, a)
#define AVX2_FMA        __attribute__((target("avx2,fma")))
#define AVX512          __attribute__((target("avx512f")))
/* The AVX2 kernels (4 vectors a row). The fused ones keep 3 rows, 12
 * accumulators, then the last 2 rows: on a 2 GHz Zen 1 EPYC (AVX2 and
 * FMA, no AVX-512; each 256-bit operation runs as two 128-bit halves, so
 * one 8-lane FMA a cycle, and a chain of FMAs on one register measured
 * about 4 ns an FMA against 0.43 ns for independent ones) the 8
 * accumulators of 2 rows left the FMA unit waiting: HiFi4 took 9.6 us a
 * tile, 8.6 with 3 rows (bench_tile, the same session), near the 7 us of
 * its 16384 FMAs at one a cycle. 6 rows of 2 vectors (the usual sgemm
 * block: 3 times the broadcasts) and 5 of 2 were slower than 3 of 4. The
 * unfused kernel (a multiply, then an add on the accumulator, which is
 * the only chain: the add's latency is short) stays at 2 rows: 1 row was
 * as fast, 3 rows of 4 or 6 rows of 2 slower. */
MATMUL_KERNEL(matmul_avx2, AVX2, __m256, 8, 2, 2, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps,
              _mm256_setzero_ps, MAC256, EVERY_K)
MATMUL_KERNEL(matmul_avx2_fma, AVX2_FMA, __m256, 8, 3, 2, _mm256_loadu_ps, _mm256_storeu_ps,
              _mm256_set1_ps, _mm256_setzero_ps, FMA256, EVERY_K)
MATMUL_KERNEL(matmul_avx2_fma_ks, AVX2_FMA, __m256, 8, 3, 2, _mm256_loadu_ps, _mm256_storeu_ps,
              _mm256_set1_ps, _mm256_setzero_ps, FMA256, LISTED_K)
MATMUL_KERNEL(matmul_avx512, AVX512, __m512, 16, 4, 4, _mm512_loadu_ps, _mm512_storeu_ps,
              _mm512_set1_ps, _mm512_setzero_ps, MAC512, EVERY_K)
MATMUL_KERNEL(matmul_avx512_fma, AVX512, __m512, 16, 8, 8, _mm512_loadu_ps, _mm512_storeu_ps,
              _mm512_set1_ps, _mm512_setzero_ps, FMA512, EVERY_K)
MATMUL_KERNEL(matmul_avx512_fma_ks, AVX512, __m512, 16, 8, 8, _mm512_loadu_ps, _mm512_storeu_ps,
              _mm512_set1_ps, _mm512_setzero_ps, FMA512, LISTED_K)

/* Every product of x and y (their fidelity parts, or in simple mode the
 * values themselves) is exact, so a fused multiply-add rounds as the
 * multiply then add: fma(x, y, acc) = round(x y + acc) and x y = round(x
 * y). The check: all values are 0 or finite of magnitude in [2^-50,
 * 2^51), and have the bits `low` clear.
 * - Fidelity parts (low = 0): the parts have at most 7 (SrcB) and 5
 *   (SrcA) significant bits and magnitudes in [2^-60, 2^51), so a product
 *   has at most 12 bits and lies in [2^-120, 2^102]: a normal fp32, exact.
 * - Whole values (simple mode, low = 0xffff: bf16 values, as every tile
 *   unpacked from Float16_b or Bfp8_b holds): at most 8 significant bits
 *   each, so a product has at most 16 bits and lies in [2^-100, 2^102): a
 *   normal fp32, exact.
 * Signed zeros come out alike too: a zero product is exact, and its sum
 * with acc rounds the same in both (x y + acc is the one operation). On
 * the AVX2 path a fidelity matmul gets the answer from its splits
 * (split_avx2): this scan serves simple mode. */
AVX2 static int products_exact(const float *x, const float *y, uint32_t low)
{
    const __m256i abs = _mm256_set1_epi32(0x7fffffff), lowv = _mm256_set1_epi32((int)low);
    for (int t = 0; t < 2; t++) {
        const float *v = t ? y : x;
        for (int i = 0; i < TF_TILE_ELEMS; i += 128) { /* 4 rows a test: fp32 data fail at once */
            __m256i mx = _mm256_setzero_si256(), mn = _mm256_set1_epi32(-1), bits = mx;
            for (int j = i; j < i + 128; j += 8) {
                __m256i u = _mm256_and_si256(
                    _mm256_loadu_si256((const __m256i *)(const void *)(v + j)), abs);
                RANGE_STEP(u, mx, mn);
                bits = _mm256_or_si256(bits, u);
            }
            if (!range_ok(mx, mn) || !_mm256_testz_si256(bits, lowv)) return 0;
        }
    }
    return 1;
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

/* sim_fpu_eltwise (DEST reuse too: the rmsnorm and softmax kernels' ops). */
AVX2 static void eltwise_avx2(float *d, const float *a, const float *b, uint32_t binop,
                              uint32_t bcast, uint32_t reuse, int acc, int phases, int cleared)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c += 8) {
            int i = r * D + c;
            __m256 old = cleared ? _mm256_setzero_ps() : _mm256_loadu_ps(d + i), x, y, v;
            if (reuse == TF_REUSE_DEST_TO_SRCA)
                x = old;
            else
                x = _mm256_loadu_ps(a + i);
            if (reuse == TF_REUSE_DEST_TO_SRCB)
                y = old;
            else
                switch (bcast) {
                case TF_BCAST_COL: y = _mm256_set1_ps(b[r * D]); break;
                case TF_BCAST_ROW: y = _mm256_loadu_ps(b + c); break;
                case TF_BCAST_SCALAR: y = _mm256_set1_ps(b[0]); break;
                default: y = _mm256_loadu_ps(b + i); break;
                }
            if (binop == TF_BINOP_MUL) {
                /* reuse: 0 + the product, as the portable loop (a -0
                 * product becomes +0) */
                v = _mm256_add_ps(reuse ? _mm256_setzero_ps() : old, mul8(x, y, phases));
            } else {
                v = binop == TF_BINOP_SUB ? _mm256_sub_ps(x, y) : _mm256_add_ps(x, y);
                if (acc && !reuse) v = _mm256_add_ps(v, old);
            }
            _mm256_storeu_ps(d + i, v);
        }
}

/* sim_fpu_reduce's SUM and AVG: the products a x s (mul8: the fidelity's
 * phases), then the sums in the portable loop's order: a row's along its
 * columns with 8 rows a vector (a column of products gathered), a
 * column's down its rows with 8 columns a vector, REDUCE_SCALAR's over
 * the columns' sums scaled again, as the portable loop. */
AVX2 static void reduce_sum_avx2(float *d, const float *a, float s, uint32_t dim, int phases)
{
    _Alignas(32) float p[TF_TILE_ELEMS];
    __m256 s8 = _mm256_set1_ps(s);
    for (int i = 0; i < TF_TILE_ELEMS; i += 8)
        _mm256_store_ps(p + i, mul8(_mm256_loadu_ps(a + i), s8, phases));
    if (dim == TF_REDUCE_ROW) {
        const __m256i rows = _mm256_setr_epi32(0, D, 2 * D, 3 * D, 4 * D, 5 * D, 6 * D, 7 * D);
        for (int r = 0; r < D; r += 8) {
            __m256 acc = _mm256_setzero_ps();
            for (int c = 0; c < D; c++)
                acc = _mm256_add_ps(acc, _mm256_i32gather_ps(p + r * D + c, rows, 4));
            _Alignas(32) float row[8];
            _mm256_store_ps(row, acc);
            for (int k = 0; k < 8; k++) d[(r + k) * D] += row[k];
        }
        return;
    }
    _Alignas(32) float col[D];
    for (int c = 0; c < D; c += 8) {
        __m256 acc = _mm256_setzero_ps();
        for (int r = 0; r < D; r++) acc = _mm256_add_ps(acc, _mm256_load_ps(p + r * D + c));
        _mm256_store_ps(col + c, acc);
    }
    if (dim == TF_REDUCE_COL) {
        for (int c = 0; c < D; c++) d[c] += col[c];
        return;
    }
    float all = 0;
    for (int c = 0; c < D; c++) all += sim_fpu_mul(col[c], s, phases);
    d[0] += all;
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
/* The binary SFPU ops but pow (tile_sfpu.c's binary()): one IEEE
 * operation or selection a lane; max_ps(x, y) is x > y ? x : y and
 * min_ps(x, y) x < y ? x : y, NaNs and zeros included; a comparison is
 * its mask ANDed with 1.0f (ordered predicates, but ne's unordered: a NaN
 * compares false, ne true). */
AVX2 static int sfpu_binary_avx2(float *d, const float *x, const float *y, uint32_t op)
{
    /* pow, and the ops of codes 100 and up (atan2, fmod, ...): the portable loop */
    if (op == TF_SFPU_POWER_BINARY || op > TF_SFPU_GE_BINARY) return 0;
    const __m256 one = _mm256_set1_ps(1.0f);
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256 a = _mm256_loadu_ps(x + i), b = _mm256_loadu_ps(y + i), v;
        switch (op) {
        case TF_SFPU_ADD_BINARY: v = _mm256_add_ps(a, b); break;
        case TF_SFPU_SUB_BINARY: v = _mm256_sub_ps(a, b); break;
        case TF_SFPU_MUL_BINARY: v = _mm256_mul_ps(a, b); break;
        case TF_SFPU_DIV_BINARY: v = _mm256_div_ps(a, b); break;
        case TF_SFPU_RSUB_BINARY: v = _mm256_sub_ps(b, a); break;
        case TF_SFPU_MAX_BINARY: v = _mm256_max_ps(a, b); break;
        case TF_SFPU_EQ_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_EQ_OQ), one); break;
        case TF_SFPU_NE_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_NEQ_UQ), one); break;
        case TF_SFPU_LT_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_LT_OQ), one); break;
        case TF_SFPU_GT_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_GT_OQ), one); break;
        case TF_SFPU_LE_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_LE_OQ), one); break;
        case TF_SFPU_GE_BINARY: v = _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_GE_OQ), one); break;
        default: v = _mm256_min_ps(a, b); break; /* MIN_BINARY */
        }
        _mm256_storeu_ps(d + i, v);
    }
    return 1;
}
/* split_avx2 and products_exact at 16 lanes, with mask registers. */
AVX512 static void split_avx512(const float *x, float *hi, float *lo, uint32_t hi_mask,
                                uint32_t lo_clear)
{
    const __m512i expo = _mm512_set1_epi32(0x7f800000), hm = _mm512_set1_epi32((int)hi_mask);
    const __m512i lc = _mm512_set1_epi32((int)lo_clear);
    for (int i = 0; i < TF_TILE_ELEMS; i += 16) {
        __m512 v = _mm512_loadu_ps(x + i);
        __m512i w = _mm512_castps_si512(v);
        __mmask16 fin = _mm512_cmpneq_epi32_mask(_mm512_and_epi32(w, expo), expo);
        _mm512_storeu_ps(
            hi + i, _mm512_mask_blend_ps(fin, v, _mm512_castsi512_ps(_mm512_and_epi32(w, hm))));
        if (lo)
            _mm512_storeu_ps(
                lo + i, _mm512_maskz_sub_ps(fin, v, _mm512_castsi512_ps(_mm512_and_epi32(w, lc))));
    }
}

AVX512 static int products_exact_avx512(const float *x, const float *y, uint32_t low)
{
    const __m512i abs = _mm512_set1_epi32(0x7fffffff), zero = _mm512_setzero_si512();
    const __m512i lo = _mm512_set1_epi32((int)SIM_EXACT_MAG_LO - 1),
                  hi = _mm512_set1_epi32((int)SIM_EXACT_MAG_HI);
    const __m512i lowv = _mm512_set1_epi32((int)low);
    __mmask16 ok = 0xffff;
    for (int t = 0; t < 2; t++) {
        const float *v = t ? y : x;
        for (int i = 0; i < TF_TILE_ELEMS; i += 16) {
            __m512i u = _mm512_and_epi32(_mm512_castps_si512(_mm512_loadu_ps(v + i)), abs);
            ok &= (__mmask16)(((_mm512_cmpgt_epi32_mask(u, lo) & _mm512_cmplt_epi32_mask(u, hi)) |
                               _mm512_cmpeq_epi32_mask(u, zero)) &
                              _mm512_testn_epi32_mask(u, lowv));
            if (ok != 0xffff) return 0; /* fp32 data fail at once */
        }
    }
    return 1;
}

/* sim_tile_unpack of a block-float tile (Bfp8_b, Bfp4_b, Bfp2_b: magnitude
 * width mw), as tf_bfp_row_decode: each face row's 16 codes spread to 16
 * bytes in element order (a shuffle repeats a byte for each code it
 * holds, a shift per lane and a mask take the code out), each magnitude
 * converted to fp32 (normalized already) and moved by the row's exponent
 * offset, zero kept zero, its sign or'ed in. A row whose exponent is below
 * mw or 255 (specials, subnormal results) goes through tf_bfp_unpack_row. */
AVX2 static unsigned unpack_bfp_avx2(const uint8_t *l1, unsigned mw, float *t)
{
    /* per width: the source byte of each element, its code's shift */
    static const uint8_t spread[3][16] = {
        {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3},        /* Bfp2_b: 4 a byte */
        {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7},        /* Bfp4_b: 2 a byte */
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}; /* Bfp8_b */
    static const int32_t shifts[3][8] = {
        {0, 2, 4, 6, 0, 2, 4, 6}, {0, 4, 0, 4, 0, 4, 0, 4}, {0, 0, 0, 0, 0, 0, 0, 0}};
    int w = mw == 1 ? 0 : mw == 3 ? 1 : 2;
    const __m128i sp = _mm_loadu_si128((const __m128i *)(const void *)spread[w]);
    const __m256i sh = _mm256_loadu_si256((const __m256i *)(const void *)shifts[w]);
    const __m256i codem = _mm256_set1_epi32((1 << (mw + 1)) - 1),
                  magm = _mm256_set1_epi32((1 << mw) - 1), zero = _mm256_setzero_si256();
    const unsigned row_bytes = 16 * (mw + 1) / 8;
    /* the flags (sim_tile_src_flags of the result): a vector row's values
     * are 0 or normal with at most mw significant bits, so their low 16
     * bits are clear; their range is tested as products_exact tests it */
    const __m256i lo = _mm256_set1_epi32((int)SIM_EXACT_MAG_LO - 1),
                  hi = _mm256_set1_epi32((int)SIM_EXACT_MAG_HI),
                  abs = _mm256_set1_epi32(0x7fffffff);
    __m256i ok = _mm256_set1_epi32(-1);
    unsigned other = SIM_SRC_IN_RANGE | SIM_SRC_BF16; /* the portable decoder's rows */
    for (int f = 0; f < 4; f++)
        for (int fr = 0; fr < 16; fr++) {
            uint32_t i = 256u * (uint32_t)f + 16u * (uint32_t)fr; /* the row's first element */
            float *dst = t + ((f >> 1) * 16 + fr) * D + (f & 1) * 16;
            uint8_t e = l1[i / 16];
            if (e == TF_BFP8_SPECIAL || e < mw) {
                tf_bfp_unpack_row(l1, mw, i, dst);
                other &= sim_values_flags(dst, 16);
                continue;
            }
            uint8_t raw[16] = {0};
            memcpy(raw, l1 + 64 + i * (mw + 1) / 8, row_bytes);
            __m128i bytes =
                _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)raw), sp);
            const __m256i off =
                _mm256_set1_epi32((int32_t)((uint32_t)(e - 127 - ((int)mw - 1)) << 23));
            for (int h = 0; h < 2; h++) {
                __m256i c = _mm256_cvtepu8_epi32(h ? _mm_srli_si128(bytes, 8) : bytes);
                c = _mm256_and_si256(_mm256_srlv_epi32(c, sh), codem);
                __m256i mag = _mm256_and_si256(c, magm);
                __m256i v = _mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(mag)), off);
                v = _mm256_andnot_si256(_mm256_cmpeq_epi32(mag, zero), v);
                v = _mm256_or_si256(v, _mm256_slli_epi32(_mm256_srli_epi32(c, (int)mw), 31));
                _mm256_storeu_ps(dst + 8 * h, _mm256_castsi256_ps(v));
                __m256i u = _mm256_and_si256(v, abs);
                __m256i in = _mm256_and_si256(_mm256_cmpgt_epi32(u, lo), _mm256_cmpgt_epi32(hi, u));
                ok = _mm256_and_si256(ok, _mm256_or_si256(in, _mm256_cmpeq_epi32(u, zero)));
            }
        }
    if (!_mm256_testc_si256(ok, _mm256_set1_epi32(-1))) other &= ~(unsigned)SIM_SRC_IN_RANGE;
    return SIM_SRC_KNOWN | other;
}

/* A row of 16 bf16 values (32 bytes) widened to fp32, as tf_bf16_widen:
 * each 8 bytes interleaved with zeros, the value in the top half of its
 * word, by a 128-bit unpack (one shuffle for 4 values where the
 * zero-extension and shift took two operations, one of them a shift,
 * which Zen 1 runs on one pipe only), stored 16 bytes at a time (Zen 1
 * stores 16 bytes a cycle, 256-bit stores as two). */
AVX2 static inline void widen_row_avx2(const uint8_t *src, float *dst)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)src),
            b = _mm_loadu_si128((const __m128i *)(const void *)(src + 16));
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_unpacklo_epi16(zero, a));
    _mm_storeu_si128((__m128i *)(void *)(dst + 4), _mm_unpackhi_epi16(zero, a));
    _mm_storeu_si128((__m128i *)(void *)(dst + 8), _mm_unpacklo_epi16(zero, b));
    _mm_storeu_si128((__m128i *)(void *)(dst + 12), _mm_unpackhi_epi16(zero, b));
}

/* The range test of unpack_bf16_avx2 on doubled 16-bit words: for a bf16
 * value v, d = v + v (16 bits) is twice its magnitude bits u, the sign
 * shifted out; the widened value is in range (in_range of
 * sim_tile_src_flags) iff u = 0 or LO >> 16 <= u < HI >> 16, that is d = 0
 * or LO >> 15 <= d < HI >> 15, as the low halves of LO and HI are 0. */
_Static_assert((SIM_EXACT_MAG_LO & 0xffffu) == 0 && (SIM_EXACT_MAG_HI & 0xffffu) == 0 &&
                   SIM_EXACT_MAG_LO >= 0x10000u && SIM_EXACT_MAG_HI < 0x80000000u,
               "the bf16 range test takes LO and HI in 16 bits");

/* sim_tile_unpack of a Float16_b tile: each face row (16 values, 32
 * bytes) widened to fp32 (widen_row_avx2); its flags from d, each word
 * doubled (above): as RANGE_STEP does for fp32, the steps keep the
 * largest d per column (unsigned), one vector for columns 0-15 and one
 * for 16-31, and the smallest d - 1 (a 0 wraps to the largest), no
 * compare a vector: every d < HI >> 15 iff the largest are, every
 * nonzero d >= LO >> 15 iff the smallest d - 1 is >= (LO >> 15) - 1, and
 * column 16 h + k holds a value other than +-0 iff word k of the largest
 * of half h is not 0. On the 2 GHz Zen 1 EPYC (AVX2, no AVX-512) a tile
 * took 180 ns where the compares and ors on the words and the widening by
 * zero-extension and shift took 280 (a microbenchmark, min of 40 runs of
 * 20,000 tiles; in the CNN demo's perf profile 8.3% -> 5.9%). */
AVX2 static unsigned unpack_bf16_avx2(const uint8_t *l1, float *t, uint32_t *cols)
{
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(1);
    __m256i mx[2] = {zero, zero}, mn = _mm256_set1_epi16(-1);
    /* face by face (tf_tile_elem): face f holds rows 16 (f / 2) .. + 15,
     * columns 16 (f % 2) .. + 15, one 32-byte face row after another */
    for (int f = 0; f < 4; f++) {
        const uint8_t *src = l1 + 512 * f;
        float *dst = t + (f >> 1) * 16 * D + (f & 1) * 16;
        __m256i m = mx[f & 1];
        for (int fr = 0; fr < 16; fr++, src += 32, dst += D) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)src);
            __m256i d = _mm256_add_epi16(v, v);
            m = _mm256_max_epu16(m, d);
            mn = _mm256_min_epu16(mn, _mm256_sub_epi16(d, one));
            widen_row_avx2(src, dst);
        }
        mx[f & 1] = m;
    }
    /* the largest's zero tests packed to bytes, in lane order */
    uint32_t nz = 0;
    for (int h = 0; h < 2; h++) {
        __m256i z = _mm256_cmpeq_epi16(mx[h], zero);
        __m128i b = _mm_packs_epi16(_mm256_castsi256_si128(z), _mm256_extracti128_si256(z, 1));
        nz |= (~(uint32_t)_mm_movemask_epi8(b) & 0xffffu) << (16 * h);
    }
    if (cols) *cols = nz;
    const __m256i lo = _mm256_set1_epi16((short)((SIM_EXACT_MAG_LO >> 15) - 1)),
                  hi = _mm256_set1_epi16((short)((SIM_EXACT_MAG_HI >> 15) - 1));
    __m256i top = _mm256_max_epu16(mx[0], mx[1]);
    __m256i ok = _mm256_and_si256(_mm256_cmpeq_epi16(_mm256_max_epu16(top, hi), hi),
                                  _mm256_cmpeq_epi16(_mm256_min_epu16(mn, lo), lo));
    int range = _mm256_testc_si256(ok, _mm256_set1_epi32(-1));
    return SIM_SRC_KNOWN | SIM_SRC_BF16 | (range ? SIM_SRC_IN_RANGE : 0);
}

/* unpack_bf16_avx2 two face rows (64 bytes) at a time (AVX-512 F+BW): the
 * range test on 32 words at once into a mask, each face row widened by
 * one conversion and shift into a 64-byte row of the tile. */
#define AVX512BW __attribute__((target("avx512f,avx512bw")))
AVX512BW static unsigned unpack_bf16_avx512(const uint8_t *l1, float *t, uint32_t *cols)
{
    const __m512i abs = _mm512_set1_epi16(0x7fff),
                  lo = _mm512_set1_epi16((short)(SIM_EXACT_MAG_LO >> 16) - 1);
    const __m512i hi = _mm512_set1_epi16((short)(SIM_EXACT_MAG_HI >> 16)),
                  zero = _mm512_setzero_si512();
    __mmask32 bad = 0;
    __m512i any[2] = {zero, zero};
    for (int f = 0; f < 4; f++) {
        const uint8_t *src = l1 + 512 * f;
        float *dst = t + (f >> 1) * 16 * D + (f & 1) * 16;
        for (int fr = 0; fr < 16; fr += 2, src += 64, dst += 2 * D) {
            __m512i v = _mm512_loadu_si512((const void *)src);
            __m512i u = _mm512_and_si512(v, abs);
            /* a word not zero and outside the range */
            bad |= _mm512_test_epi16_mask(u, u) &
                   ~(_mm512_cmpgt_epi16_mask(u, lo) & _mm512_cmpgt_epi16_mask(hi, u));
            any[f & 1] = _mm512_or_si512(any[f & 1], u);
            __m512i w0 = _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_castsi512_si256(v)), 16);
            __m512i w1 =
                _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(v, 1)), 16);
            _mm512_storeu_si512((void *)dst, w0);
            _mm512_storeu_si512((void *)(dst + D), w1);
        }
    }
    /* column 16 h + k holds a value other than +-0 where word k of either
     * half of any[h] is not zero */
    uint32_t nz = 0;
    for (int h = 0; h < 2; h++) {
        __m512i a = _mm512_or_si512(any[h], _mm512_shuffle_i64x2(any[h], any[h], 0x4e));
        nz |= ((uint32_t)_mm512_test_epi16_mask(a, a) & 0xffffu) << (16 * h);
    }
    if (cols) *cols = nz;
    return SIM_SRC_KNOWN | SIM_SRC_BF16 | (bad ? 0 : SIM_SRC_IN_RANGE);
}

/* tf_bf16_round of the 32-bit words of V (8 or 16 values): NaNs keep
 * their top half with the quiet bit set, the others round to nearest
 * even; NAN_MASK says which are NaNs, BLEND picks its third argument
 * where it is set. */
#define BF16_ROUND(V, SET1, AND, ADD, SRLI, OR, NAN_MASK, BLEND)                                   \
    BLEND(NAN_MASK, SRLI(ADD(ADD(V, SET1(0x7fff)), AND(SRLI(V, 16), SET1(1))), 16),                \
          OR(SRLI(V, 16), SET1(0x40)))
#define NAN512(w)                                                                                  \
    _mm512_cmpgt_epi32_mask(_mm512_and_si512(w, _mm512_set1_epi32(0x7fffffff)),                    \
                            _mm512_set1_epi32(0x7f800000))
#define BLEND512(m, a, b) _mm512_mask_blend_epi32(m, a, b)

/* sim_tile_pack of Float16_b (face order: face f's row fr is 16 values at
 * 512 f + 32 fr), a face row at a time by ROW(src, dst). */
#define PACK_BF16(name, attr, ROW)                                                                 \
    attr static void name(const float *t, uint8_t *l1)                                             \
    {                                                                                              \
        for (int f = 0; f < 4; f++) {                                                              \
            const float *src = t + (f >> 1) * 16 * D + (f & 1) * 16;                               \
            uint8_t *dst = l1 + 512 * f;                                                           \
            for (int fr = 0; fr < 16; fr++, src += D, dst += 32) ROW(src, dst);                    \
        }                                                                                          \
    }

AVX512BW static inline void pack_row_avx512(const float *src, uint8_t *dst)
{
    __m512i w = _mm512_loadu_si512((const void *)src);
    __m512i r = BF16_ROUND(w, _mm512_set1_epi32, _mm512_and_si512, _mm512_add_epi32,
                           _mm512_srli_epi32, _mm512_or_si512, NAN512(w), BLEND512);
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm512_cvtepi32_epi16(r));
}

#define NAN256(w)                                                                                  \
    _mm256_cmpgt_epi32(_mm256_and_si256(w, _mm256_set1_epi32(0x7fffffff)),                         \
                       _mm256_set1_epi32(0x7f800000))
#define BLEND256(m, a, b) _mm256_blendv_epi8(a, b, m)

AVX2 static inline void pack_row_avx2(const float *src, uint8_t *dst)
{
    __m256i h[2];
    for (int k = 0; k < 2; k++) {
        __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(src + 8 * k));
        h[k] = BF16_ROUND(w, _mm256_set1_epi32, _mm256_and_si256, _mm256_add_epi32,
                          _mm256_srli_epi32, _mm256_or_si256, NAN256(w), BLEND256);
    }
    /* each word below 2^16: an unsigned-saturating pack is a narrowing,
     * which interleaves the halves' 128-bit lanes */
    __m256i n = _mm256_permute4x64_epi64(_mm256_packus_epi32(h[0], h[1]), 0xd8);
    _mm256_storeu_si256((__m256i *)(void *)dst, n);
}

PACK_BF16(pack_bf16_avx512, AVX512BW, pack_row_avx512)
PACK_BF16(pack_bf16_nan_avx2, AVX2, pack_row_avx2)

/* pack_row_avx2 as if no value were a NaN, NAN or'ed with the lanes that
 * are (an unordered compare of the row's two halves): a tile or rows with
 * a NaN are packed again by pack_row_avx2, which blends its NaNs in. The
 * same rounding for every other value (tf_bf16_round), with no blend and
 * one bit shift a vector where pack_row_avx2 takes 2 (Zen 1 runs them on
 * one pipe): bit 16 brought down by a byte shift of the 128-bit lanes
 * (bit 0 of each word's byte 2; with a bit shift there the tile took 270
 * ns, below), and the halves loaded 128 bits at a time
 * in the order the in-lane narrowing gives (values 0-3 and 8-11 in one
 * vector, 4-7 and 12-15 in the other), no lane-crossing permute (a
 * multi-uop one on Zen 1). On the 2 GHz Zen 1 EPYC a tile took 240 ns
 * where pack_bf16_nan_avx2 takes 340 (a microbenchmark, min of 40 runs
 * of 20,000 tiles; in the CNN demo's perf profile 4.8% -> 2.9%). */
#define LOAD2(hi, lo)                                                                              \
    _mm256_inserti128_si256(                                                                       \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(lo))),              \
        _mm_loadu_si128((const __m128i *)(const void *)(hi)), 1)
AVX2 static inline __m256i round_finite(__m256i w)
{
    __m256i lsb = _mm256_and_si256(_mm256_bsrli_epi128(w, 2), _mm256_set1_epi32(1));
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(w, _mm256_set1_epi32(0x7fff)), lsb),
                             16);
}

AVX2 static inline void pack_row_finite_avx2(const float *src, uint8_t *dst, __m256 *nan)
{
    __m256i a = LOAD2(src + 8, src), b = LOAD2(src + 12, src + 4);
    *nan = _mm256_or_ps(
        *nan, _mm256_cmp_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _CMP_UNORD_Q));
    _mm256_storeu_si256((__m256i *)(void *)dst,
                        _mm256_packus_epi32(round_finite(a), round_finite(b)));
}

AVX2 static void pack_bf16_avx2(const float *t, uint8_t *l1)
{
    __m256 nan = _mm256_setzero_ps();
    for (int f = 0; f < 4; f++) {
        const float *src = t + (f >> 1) * 16 * D + (f & 1) * 16;
        uint8_t *dst = l1 + 512 * f;
        for (int fr = 0; fr < 16; fr++, src += D, dst += 32) pack_row_finite_avx2(src, dst, &nan);
    }
    if (!_mm256_testz_ps(nan, nan)) pack_bf16_nan_avx2(t, l1);
}

/* sim_tile_unpack_rows and sim_tile_pack_rows of Float16_b (32 rows of
 * 32 values, `stride` values apart in L1): a row widened as
 * unpack_bf16_avx2's (no flags: a tilize's tile is scanned by its matmul),
 * or rounded as a face row of pack_bf16_* (AVX2: as if finite, packed
 * again if a value is a NaN), 16 values at a time. Every
 * activation page of the CNN demo is tilized and every output untilized;
 * the portable loops took about 1,200 and 4,800 host instructions a tile
 * (callgrind). */
AVX2 static void unpack_rows_bf16_avx2(const uint8_t *l1, uint32_t stride, float *t)
{
    for (int r = 0; r < D; r++) {
        const uint8_t *src = l1 + 2 * (size_t)r * stride;
        widen_row_avx2(src, t + r * D);
        widen_row_avx2(src + 32, t + r * D + 16);
    }
}

AVX512BW static void unpack_rows_bf16_avx512(const uint8_t *l1, uint32_t stride, float *t)
{
    for (int r = 0; r < D; r++) {
        __m512i v = _mm512_loadu_si512((const void *)(l1 + 2 * (size_t)r * stride));
        __m512i w0 = _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_castsi512_si256(v)), 16);
        __m512i w1 = _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(v, 1)), 16);
        _mm512_storeu_si512((void *)(t + r * D), w0);
        _mm512_storeu_si512((void *)(t + r * D + 16), w1);
    }
}

#define PACK_ROWS_BF16(name, attr, ROW)                                                            \
    attr static void name(const float *t, uint32_t stride, uint8_t *l1)                            \
    {                                                                                              \
        for (int r = 0; r < D; r++) {                                                              \
            uint8_t *dst = l1 + 2 * (size_t)r * stride;                                            \
            ROW(t + r * D, dst);                                                                   \
            ROW(t + r * D + 16, dst + 32);                                                         \
        }                                                                                          \
    }

PACK_ROWS_BF16(pack_rows_bf16_avx512, AVX512BW, pack_row_avx512)
PACK_ROWS_BF16(pack_rows_bf16_nan_avx2, AVX2, pack_row_avx2)

AVX2 static void pack_rows_bf16_avx2(const float *t, uint32_t stride, uint8_t *l1)
{
    __m256 nan = _mm256_setzero_ps();
    for (int r = 0; r < D; r++) {
        uint8_t *dst = l1 + 2 * (size_t)r * stride;
        pack_row_finite_avx2(t + r * D, dst, &nan);
        pack_row_finite_avx2(t + r * D + 16, dst + 32, &nan);
    }
    if (!_mm256_testz_ps(nan, nan)) pack_rows_bf16_nan_avx2(t, stride, l1);
}

/* sim_tile_dest_bf16: tf_bf16_round then widened (the low half cleared),
 * or tf_bf16_trunc, 8 words at a time with the same integer operations.
 * Every math op's result in a 16-bit DEST goes through it: the decode
 * example's scalar loop took about 8% of its host instructions. */
AVX2 static void dest_bf16_avx2(float *t, int trunc)
{
    const __m256i high = _mm256_set1_epi32((int)0xffff0000u);
    for (int i = 0; i < TF_TILE_ELEMS; i += 8) {
        __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(t + i)), r;
        __m256i nan = NAN256(w);
        if (trunc) {
            r = BLEND256(nan, w, _mm256_or_si256(w, _mm256_set1_epi32(0x00400000)));
            r = _mm256_and_si256(r, high);
        } else {
            r = BF16_ROUND(w, _mm256_set1_epi32, _mm256_and_si256, _mm256_add_epi32,
                           _mm256_srli_epi32, _mm256_or_si256, nan, BLEND256);
            r = _mm256_slli_epi32(r, 16);
        }
        _mm256_storeu_si256((__m256i *)(void *)(t + i), r);
    }
}

/* SFPI's MAD on a command's 32 lanes (tile_sfpi.c's mad(): denormal
 * inputs and result as zeros of their sign, NaN canonical): d = (a ^ na) x
 * b + (c ^ nc) in one rounding, the FMA instruction glibc's fmaf runs on
 * such a host, so the same bits. */
#define FTZ256(w, expo, sign)                                                                      \
    _mm256_andnot_si256(_mm256_andnot_si256(sign, _mm256_cmpeq_epi32(_mm256_and_si256(w, expo),    \
                                                                     _mm256_setzero_si256())),     \
                        w)
AVX2_FMA static void sfpi_mad_fma(uint32_t *d, const uint32_t *a, uint32_t na, const uint32_t *b,
                                  const uint32_t *c, uint32_t nc)
{
    const __m256i expo = _mm256_set1_epi32(0x7f800000), sign = _mm256_set1_epi32((int)0x80000000u);
    const __m256i qnan = _mm256_set1_epi32(0x7fc00000), fa = _mm256_set1_epi32((int)na),
                  fc = _mm256_set1_epi32((int)nc);
    for (int l = 0; l < TF_SFPI_LANES; l += 8) {
        __m256i x =
            _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(a + l)), fa);
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + l));
        __m256i z =
            _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(c + l)), fc);
        __m256 r = _mm256_fmadd_ps(_mm256_castsi256_ps(FTZ256(x, expo, sign)),
                                   _mm256_castsi256_ps(FTZ256(y, expo, sign)),
                                   _mm256_castsi256_ps(FTZ256(z, expo, sign)));
        __m256i w = _mm256_castps_si256(r);
        w = FTZ256(w, expo, sign);
        w = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(w), _mm256_castsi256_ps(qnan),
                                                 _mm256_cmp_ps(r, r, _CMP_UNORD_Q)));
        _mm256_storeu_si256((__m256i *)(void *)(d + l), w);
    }
}
#undef FTZ256

/* (AVX-512's level: every such CPU has FMA3 too, but it is asked) */
static int simd_has_fma(void)
{
    static int fma = -1; /* a benign race: every thread finds the same */
    int b = __atomic_load_n(&fma, __ATOMIC_RELAXED);
    if (b < 0) {
        b = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0;
        __atomic_store_n(&fma, b, __ATOMIC_RELAXED);
    }
    return b;
}

static int simd_has_bw(void)
{
    static int bw = -1; /* a benign race: every thread finds the same */
    int b = __atomic_load_n(&bw, __ATOMIC_RELAXED);
    if (b < 0) {
        b = __builtin_cpu_supports("avx512bw") ? 1 : 0;
        __atomic_store_n(&bw, b, __ATOMIC_RELAXED);
    }
    return b;
}
#endif

int sim_simd_split(const float *x, float *hi, float *lo, uint32_t hi_mask, uint32_t lo_clear)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level >= SIMD_AVX512) {
        split_avx512(x, hi, lo, hi_mask, lo_clear);
        return SIM_SPLIT_DONE;
    }
    if (level)
        return SIM_SPLIT_DONE | SIM_SPLIT_SCANNED |
               (split_avx2(x, hi, lo, hi_mask, lo_clear) ? SIM_SPLIT_IN_RANGE : 0);
#endif
    (void)x, (void)hi, (void)lo, (void)hi_mask, (void)lo_clear;
    return 0;
}

int sim_simd_matmul(float *d, const float *const *xs, const float *const *ys, int n,
                    const float *in0, const float *in1, int simple, unsigned exact, uint32_t cols)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (!level) return 0;
    uint32_t low = simple ? 0xffffu : 0;
    int fused = 0;
    if (level < SIMD_AVX2_FMA)
        fused = 0;
    else if (exact & SIM_SRC_KNOWN) /* the unpacks' flags: products_exact's answer, unscanned */
        fused = (exact & SIM_SRC_IN_RANGE) && (!simple || (exact & SIM_SRC_BF16));
    else if (!simple && (exact & SIM_RANGE_SCANNED)) /* the splits' scans: the same answer */
        fused = (exact & SIM_RANGE_OK) != 0;
    else
        fused = level >= SIMD_AVX512 ? products_exact_avx512(in0, in1, low)
                                     : products_exact(in0, in1, low);
    uint8_t ks[D];
    int nk = D;
    if (fused && (exact & SIM_SRC_KNOWN) && cols != 0xffffffffu &&
        ((exact & SIM_DEST_PLAIN) || dest_plain(d))) {
        nk = 0; /* the unpack's zero columns of in0 left out (dest_plain) */
        for (int k = 0; k < D; k++)
            if (cols >> k & 1) ks[nk++] = (uint8_t)k;
    }
    int zero = (exact & SIM_DEST_ZERO) != 0;
    if (level >= SIMD_AVX512)
        (!fused   ? matmul_avx512
         : nk < D ? matmul_avx512_fma_ks
                  : matmul_avx512_fma)(d, xs, ys, n, ks, nk, zero);
    else
        (!fused   ? matmul_avx2
         : nk < D ? matmul_avx2_fma_ks
                  : matmul_avx2_fma)(d, xs, ys, n, ks, nk, zero);
    return 1;
#else
    (void)d, (void)xs, (void)ys, (void)n, (void)in0, (void)in1, (void)simple, (void)exact,
        (void)cols;
    return 0;
#endif
}

int sim_simd_eltwise(float *d, const float *a, const float *b, uint32_t binop, uint32_t bcast,
                     uint32_t reuse, int acc, int phases, int cleared)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) {
        eltwise_avx2(d, a, b, binop, bcast, reuse, acc, phases, cleared);
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

int sim_simd_sfpu_binary(float *d, const float *x, const float *y, uint32_t op)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) return sfpu_binary_avx2(d, x, y, op);
#endif
    (void)d, (void)x, (void)y, (void)op;
    return 0;
}

int sim_simd_reduce_sum(float *d, const float *a, float s, uint32_t dim, int phases)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd() &&
        (dim == TF_REDUCE_ROW || dim == TF_REDUCE_COL || dim == TF_REDUCE_SCALAR)) {
        reduce_sum_avx2(d, a, s, dim, phases);
        return 1;
    }
#endif
    (void)d, (void)a, (void)s, (void)dim, (void)phases;
    return 0;
}

unsigned sim_simd_unpack_bfp(const uint8_t *l1, unsigned mw, float *t)
{
#ifdef TILE_SIMD_X86
    if ((mw == 7 || mw == 3 || mw == 1) && sim_tile_simd()) return unpack_bfp_avx2(l1, mw, t);
#endif
    (void)l1, (void)mw, (void)t;
    return 0;
}

unsigned sim_simd_unpack_bf16(const uint8_t *l1, float *t, uint32_t *cols)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level >= SIMD_AVX512 && simd_has_bw()) return unpack_bf16_avx512(l1, t, cols);
    if (level) return unpack_bf16_avx2(l1, t, cols);
#endif
    (void)l1, (void)t, (void)cols;
    return 0;
}

int sim_simd_unpack_rows_bf16(const uint8_t *l1, uint32_t stride, float *t)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level >= SIMD_AVX512 && simd_has_bw())
        unpack_rows_bf16_avx512(l1, stride, t);
    else if (level)
        unpack_rows_bf16_avx2(l1, stride, t);
    if (level) return 1;
#endif
    (void)l1, (void)stride, (void)t;
    return 0;
}

int sim_simd_pack_rows_bf16(const float *t, uint32_t stride, uint8_t *l1)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level >= SIMD_AVX512 && simd_has_bw())
        pack_rows_bf16_avx512(t, stride, l1);
    else if (level)
        pack_rows_bf16_avx2(t, stride, l1);
    if (level) return 1;
#endif
    (void)t, (void)stride, (void)l1;
    return 0;
}

int sim_simd_dest_bf16(float *t, int trunc)
{
#ifdef TILE_SIMD_X86
    if (sim_tile_simd()) {
        dest_bf16_avx2(t, trunc);
        return 1;
    }
#endif
    (void)t, (void)trunc;
    return 0;
}

int sim_simd_pack_bf16(const float *t, uint8_t *l1)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level >= SIMD_AVX512 && simd_has_bw())
        pack_bf16_avx512(t, l1);
    else if (level)
        pack_bf16_avx2(t, l1);
    if (level) return 1;
#endif
    (void)t, (void)l1;
    return 0;
}

int sim_simd_sfpi_mad(uint32_t *d, const uint32_t *a, uint32_t na, const uint32_t *b,
                      const uint32_t *c, uint32_t nc)
{
#ifdef TILE_SIMD_X86
    int level = sim_tile_simd();
    if (level == SIMD_AVX2_FMA || (level >= SIMD_AVX512 && simd_has_fma())) {
        sfpi_mad_fma(d, a, na, b, c, nc);
        return 1;
    }
#endif
    (void)d, (void)a, (void)na, (void)b, (void)c, (void)nc;
    return 0;
}
