/* SFPI: a compute kernel's own SFPU functions (tests/ttm/kernels/sfpi.cpp,
 * built at run time): custom_sfpi_smoothstep's and custom_sfpi_add's
 * shapes, tt-llk's dst_reg++ shape with exponents, mantissas, v_if /
 * v_elseif / v_else and vec_min_max, VectorMode::C with dst_reg += 2
 * (ttnn SDPA's first column), integers with v_block / v_and; each value
 * bit for bit against a host model of the SFPU's numerics (docs/chip.md
 * "SFPI": one rounding a MAD, denormals flushed, a 16-bit DEST's store
 * truncated), the modeled SFPU cycles, and the faults' messages. */
#include "tf_perf.h"
#include "tf_sfpi.h"
#include "tf_tile.h"
#include "ttm_sfpu.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };

#define fb tf_check_bits
#define bf tf_check_float

static uint32_t ftz(uint32_t w)
{
    return (w & 0x7f800000u) ? w : w & 0x80000000u;
}
static float mad(float a, float b, float c)
{
    float r = fmaf(bf(ftz(fb(a))), bf(ftz(fb(b))), bf(ftz(fb(c))));
    return r != r ? bf(0x7fc00000u) : bf(ftz(fb(r)));
}
static float store16(float v) /* the SFPU's store into a 16-bit DEST */
{
    return bf(ftz(fb(v)) & 0xffff0000u);
}
static int64_t sm_key(float v)
{
    uint32_t w = fb(v);
    return w >> 31 ? -(int64_t)(w & 0x7fffffffu) - 1 : (int64_t)w;
}

static uint32_t lcg(void)
{
    static uint32_t s = 4242;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* -8..8 in steps of 1/64 and the edges (+-0, 1, -1), kept to bf16 for a
 * bf16 CB; random: fp32 values with every mantissa bit used */
static void input(float *x, int n, int fp32, int random)
{
    for (int k = 0; k < n * E; k++) {
        float v = (float)((k * 37) % 1025 - 512) / 64.0f;
        if (random) v = bf((lcg() & 0x807fffffu) | ((120u + lcg() % 16) << 23));
        x[k] = fp32 ? v : ttm_bf16_rne(v);
    }
    x[0] = 0.0f, x[1] = -0.0f, x[2] = 1.0f, x[3] = -1.0f;
}

static int run(int mode, int fp32, const float *in, uint32_t n, float *out, tf_perf_core *pc,
               char *err, size_t cap)
{
    char m[24];
    snprintf(m, sizeof m, "MODE=%d", mode);
    const char *defs[] = {m};
    tf_kernel *cmp = ttm_compute(dev, "sfpi", defs, 1, fp32);
    uint32_t args[] = {n};
    int rc = ttm_sfpu_dispatch(dev, cmp, fp32, in, n, args, 1, out, pc, err, cap);
    tf_kernel_free(cmp);
    return rc;
}

/* value k of the tile against the expected one, bit for bit */
static int check_tile(const char *what, const float *out, const float *want)
{
    int bad = 0;
    for (int k = 0; k < E; k++)
        if (!ttm_same(out[k], want[k]) && bad++ < 3)
            fprintf(stderr, "%s: [%d][%d] got %a (0x%08x), want %a (0x%08x)\n", what, k / D, k % D,
                    out[k], fb(out[k]), want[k], fb(want[k]));
    CHECK_EQ_U((uint64_t)(bad), 0);
    return bad;
}

static float smoothstep(float x)
{
    float t = mad(-1.0f, -1.0f, x); /* x - lo, lo = -1 */
    t = mad(t, 0.5f, 0.0f);
    if (fb(mad(0.0f, -1.0f, t)) >> 31) /* t - 0 < 0 */
        t = 0.0f;
    else {
        uint32_t d = fb(mad(1.0f, -1.0f, t)); /* t - 1 > 0 */
        if (!(d >> 31) && d) t = 1.0f;
    }
    return mad(mad(t, t, 0.0f), mad(-2.0f, t, 3.0f), 0.0f);
}

static float mixed(float x)
{
    uint32_t w = fb(x);
    int32_t e = (int32_t)((w >> 23) & 0xff) - 127;
    float m = bf((w & 0x807fffffu) | 127u << 23);
    if (e >= 1)
        m = mad(1.0f, m, 1.0f);
    else if (w >> 31)
        m = bf(fb(m) ^ 0x80000000u);
    else
        m = mad(bf(w & 0x7fffffffu), 2.0f, 0.0f);
    float a = x, b = m;
    if (sm_key(b) < sm_key(a)) a = m, b = x;
    return mad(b, 0.5f, a);
}

static float integers(float x)
{
    uint32_t w = fb(x), e = (w >> 23) & 0xff;
    uint32_t r = e == 0     ? 0
                 : e == 255 ? (w & 0x80000000u) | 0x7f800000u
                            : (w & 0xffff0000u) + ((w & 0x8000u) ? 0x10000u : 0);
    int32_t low = (int32_t)((w & 0xffffu) >> 4);
    if (low > 100 && low < 3000) r |= 1;
    return mad(1.0f, bf(r), (float)low);
}

static uint32_t lzc(uint32_t w)
{
    uint32_t n = 0;
    while (n < 32 && !(w & (0x80000000u >> n))) n++;
    return n;
}

/* value k of a tile: its SFPU lane (contracts/tf_sfpi.h: 4 rows a unit,
 * lane L row L / 8 of them, column 2 (L % 8) + odd) */
static uint32_t lane_of(int k)
{
    int r = k / D % 16, c = k % D % 16;
    return (uint32_t)((r % 4) * 8 + c / 2);
}

static float bits_ref(float x, int k)
{
    uint32_t w = fb(x), tid = 2 * lane_of(k), e = (w >> 23) & 0xff;
    float a = bf((w & 0xff800000u) | ((tid << 10) & 0x7fffffu));
    float b = e == 255 ? x : bf((w & 0x807fffffu) | ((e - 3) & 0xff) << 23); /* (SFPDIVP2) */
    uint32_t z = lzc(w), zi = z - 16;
    float c = (float)(zi & 0x7fffffffu); /* sign-magnitude */
    if (zi >> 31) c = -c;
    float r = mad(1.0f, a, b);
    if (z == 1) r = c;
    float s = bf((fb(c) & 0x7fffffffu) | (w & 0x80000000u));
    return mad(r, 0.75f, mad(s, 2.0f, 0.0f)); /* (the second product rounded: one MAD) */
}

static void test_values(void)
{
    static float in[2 * E], out[E], want[E];
    tf_perf_core pc;
    char err[1024];
    /* smoothstep and add on a 16-bit DEST (the examples' set-up) and an fp32 one */
    for (int fp32 = 0; fp32 < 2; fp32++) {
        input(in, 2, fp32, 0);
        for (int k = 0; k < E; k++) { /* the second tile: other values */
            float v = (float)((k * 11) % 257 - 128) / 16.0f;
            in[E + k] = fp32 ? v : ttm_bf16_rne(v);
        }
        CHECK_EQ_U((uint64_t)(run(0, fp32, in, 1, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) {
            float v = smoothstep(in[k]);
            want[k] = fp32 ? v : store16(v);
        }
        check_tile("smoothstep", out, want);
        /* per face: 8 x (load, mad, mad, 2 compares of 2, mov, mov, 3 mads,
         * store) and the v_if's push, else, and, pop; the loads of the
         * constants -1 (bf16: 1), 0.5, 3, 2 */
        uint64_t smooth = pc.unit_busy[TF_PERF_UNIT_SFPU];
        CHECK_TRUE(smooth > 0);

        CHECK_EQ_U((uint64_t)(run(1, fp32, in, 2, out, &pc, err, sizeof err)), 0);
        for (int k = 0; k < E; k++) {
            float v = mad(1.0f, in[k], in[E + k]);
            want[k] = fp32 ? v : store16(v);
        }
        check_tile("add", out, want);
        /* 4 faces x 8 x (2 loads, an add, a store) */
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 4 * 8 * 4);
        /* a value stored, one SFPU flop: the tile's 1024 */
        CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], E);
    }
    /* the op shapes on an fp32 DEST, exact */
    input(in, 1, 1, 0);
    CHECK_EQ_U((uint64_t)(run(2, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mixed(in[k]);
    check_tile("mixed", out, want);

    CHECK_EQ_U((uint64_t)(run(3, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        want[k] = c < 16 && c % 2 == 0 ? mad(in[k], 2.0f, 0.0f) : in[k];
    }
    check_tile("first column", out, want);
    /* faces 0 and 2, 4 x (load, the 2.0's load, mad, store) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 2 * 4 * 4);
    CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], 2 * 4 * 32);

    input(in, 1, 1, 1);
    CHECK_EQ_U((uint64_t)(run(4, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = integers(in[k]);
    check_tile("integers", out, want);

    /* the bits, on random values and the edges: zeros (lz 32), negative
     * numbers (lz 0), the smallest normal, an infinity, a NaN */
    in[4] = bf(0x00800000u), in[5] = bf(0x7f800000u), in[6] = bf(0x7fc00000u);
    in[7] = bf(0x40000000u); /* lz 1: the integer == */
    CHECK_EQ_U((uint64_t)(run(5, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = bits_ref(in[k], k);
    check_tile("bits", out, want);

    /* tt-metal's v_elseif case on faces 0 and 1 (VectorMode::R): 2, 3, 1
     * and 0.5 steps around the edges, faces 2 and 3 as they were */
    for (int k = 0; k < E; k++) in[k] = (float)(k % 9) * 0.5f - 0.5f;
    in[0] = -0.0f;
    CHECK_EQ_U((uint64_t)(run(6, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++)
        want[k] = k / D >= 16 ? in[k] : in[k] < 1.0f ? 1.0f : in[k] <= 2.0f ? 2.0f : 0.0f;
    check_tile("elseif", out, want);

    /* v_and in a v_if, then v_else: the pushed lanes not enabled (x <= 2) */
    for (int k = 0; k < E; k++) in[k] = (float)(k % 9) * 0.5f - 0.5f;
    in[0] = -0.0f;
    CHECK_EQ_U((uint64_t)(run(8, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = in[k] > 2.0f ? 1.0f : 2.0f;
    check_tile("v_and, v_else", out, want);

    /* x += a * a: one MAD (the pair below: 2^-24 fused, 0 rounded twice) */
    static float in2[2 * E];
    input(in2, 2, 1, 1);
    in2[0] = bf(0x3f800800u), in2[E] = bf(0xbf801000u); /* 1 + 2^-12, -(1 + 2^-11) */
    CHECK_EQ_U((uint64_t)(run(9, 1, in2, 2, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mad(in2[k], in2[k], in2[E + k]);
    CHECK_EQ_U(fb(out[0]), 0x33800000u); /* 2^-24 */
    check_tile("x += a * a", out, want);

    /* shifts by 32 and more: the amount mod 32 (SFPSHFT) */
    input(in, 1, 1, 1);
    CHECK_EQ_U((uint64_t)(run(16, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        uint32_t w = fb(in[k]);
        uint32_t r = ((w >> 1) ^ w) + (uint32_t)((int32_t)w >> 3);
        want[k] = bf(ftz(r));
    }
    check_tile("shifts", out, want);

    /* SDPA decode's first column: tt-llk's library functions as the named
     * ops compute (recip exact, rounded to bf16 by float_to_fp16b; exp of
     * x / 2 exact in fp32), the even columns of faces 0 and 2 */
    input(in, 1, 1, 0);
    in[0] = 0.25f; /* (1/x of +0 and -0: infinities, kept by float_to_fp16b) */
    in[1] = -0.5f;
    CHECK_EQ_U((uint64_t)(run(18, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        uint32_t w = fb(1.0f / in[k]), e = (w >> 23) & 0xff;
        uint32_t r = e == 0     ? 0
                     : e == 255 ? (w & 0x80000000u) | 0x7f800000u
                                : (w & 0xffff0000u) + ((w & 0x8000u) ? 0x10000u : 0);
        want[k] = c < 16 && c % 2 == 0 ? bf(r) : in[k];
    }
    check_tile("recip first column", out, want);
    /* 2 faces x 4 x (load, the copy of the argument tt-llk's function
     * takes by value, the recip: 256 / 32, fp16b, store) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 2 * 4 * (1 + 1 + 8 + 1 + 1));
    CHECK_EQ_U((uint64_t)(run(19, 1, in, 1, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) {
        int c = k % D;
        want[k] = c < 16 && c % 2 == 0 ? (float)exp((double)mad(in[k], 0.5f, 0.0f)) : in[k];
    }
    check_tile("exp first column", out, want);

    /* the ternary wrapper: one rounding of x y + z */
    static float in3[3 * E];
    input(in3, 3, 1, 1);
    CHECK_EQ_U((uint64_t)(run(7, 1, in3, 3, out, &pc, err, sizeof err)), 0);
    for (int k = 0; k < E; k++) want[k] = mad(in3[k], in3[E + k], in3[2 * E + k]);
    check_tile("fma", out, want);
}

static void test_faults(void)
{
    static float in[E], out[E];
    tf_perf_core pc;
    char err[1024];
    input(in, 1, 0, 0);
    static const struct {
        int mode;
        const char *mark, *msg;
    } cases[] = {
        {10, "round", "SFPI FP16B: rounding argument 1: only 0 (to nearest) is modeled"},
        {11, "regs", "more than 48 SFPI vector values (vFloat, vInt, vUInt, conditions) are live"},
        {12, "addr",
         "SFPI STORE: dst_reg's DEST address (row 528 of the math thread's half) is "
         "beyond its 8 tiles"},
        {13, "depth", "SFPI CC_IF: v_if nested more than 8 deep"},
        {14, "stale", "SFPI MAD: a product (a * b, which SFPI rounds where it is used"},
        {15, "elseifs", "SFPI CC_IF: v_if nested more than 8 deep"},
        {17, "moved", "SFPI STORE: it reads a value after it was moved from"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK_TRUE(run(cases[i].mode, 0, in, 1, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, cases[i].msg);
        CHECK_CONTAINS(err, "TRISC1");
        /* (the pc is in the SFPI layer's inlined code: the kernel's own line
         * is not always among the frames the message shows) */
        CHECK_TRUE(ttm_marked_line("sfpi.cpp", cases[i].mark) > 1);
        TTM_CHECK_KERNEL_LINE(err, "sfpi.cpp", ttm_marked_line("sfpi.cpp", cases[i].mark));
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    test_values();
    test_faults();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpi");
}
