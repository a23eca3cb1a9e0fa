/* Check the software binary32 against the host's IEEE hardware (x86 SSE,
 * which also detects tininess after rounding) in the four rounding modes the
 * host has, on special values and random operands; RMM and the RISC-V
 * specific rules (canonical NaN, saturating conversions, minimumNumber) are
 * checked by hand. */
#include "sim/f32.h"
#include "tf_check.h"

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static const int host_rm[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

static float fb(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t bf(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static unsigned host_flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);
    return ((e & FE_INEXACT) ? TF_FX_NX : 0) | ((e & FE_UNDERFLOW) ? TF_FX_UF : 0) |
           ((e & FE_OVERFLOW) ? TF_FX_OF : 0) | ((e & FE_DIVBYZERO) ? TF_FX_DZ : 0) |
           ((e & FE_INVALID) ? TF_FX_NV : 0);
}

static const uint32_t specials[] = {
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x40000000, 0x3f000000, 0x7f800000,
    0xff800000, 0x7fc00000, 0x7f800001, 0xffc00000, 0x00000001, 0x80000001, 0x007fffff,
    0x00800000, 0x00800001, 0x7f7fffff, 0xff7fffff, 0x3f7fffff, 0x3f800001, 0x4b800000,
    0x4f000000, 0xcf000000, 0x4f800000, 0x3eaaaaab, 0x34000000, 0x0c000000, 0x5f000000};
#define NSPEC ((int)(sizeof specials / sizeof specials[0]))

/* Random operands: raw bit patterns, values near another operand (so that
 * sums cancel), magnitudes around 2^-60 and tiny ones (so that products and
 * quotients land near the subnormal range). */
static uint32_t random_operand(uint32_t other)
{
    switch (tf_check_rand() & 3) {
    case 0: return tf_check_rand();
    case 1: return (other ^ (tf_check_rand() & 0xff)) ^ (tf_check_rand() & 0x80000000u);
    case 2: return (tf_check_rand() & 0x80ffffffu) | ((0x30u + (tf_check_rand() & 0x1fu)) << 23);
    default: return (tf_check_rand() & 0x807fffffu) | ((tf_check_rand() & 0x1fu) << 23);
    }
}

static int is_nan(uint32_t a)
{
    return (a & 0x7fffffffu) > 0x7f800000u;
}

static int mismatches;
static void compare(const char *op, int rm, uint32_t a, uint32_t b, uint32_t c, uint32_t got,
                    unsigned gotfl, uint32_t want, unsigned wantfl)
{
    int same = got == want || (is_nan(want) && got == TF_F32_QNAN);
    if (same && gotfl == wantfl) return;
    if (++mismatches <= 20)
        fprintf(stderr,
                "%s rm=%d a=%08x b=%08x c=%08x: got %08x flags %02x, host %08x flags %02x\n", op,
                rm, a, b, c, got, gotfl, want, wantfl);
}

enum { ADD, SUB, MUL, DIV, SQRT, FMA, NOPS };
static const char *opname[NOPS] = {"add", "sub", "mul", "div", "sqrt", "fma"};

static void arith(int op, int rm, uint32_t a, uint32_t b, uint32_t c)
{
    volatile float x = fb(a), y = fb(b), z = fb(c), r = 0;
    fesetround(host_rm[rm]);
    feclearexcept(FE_ALL_EXCEPT);
    switch (op) {
    case ADD: r = x + y; break;
    case SUB: r = x - y; break;
    case MUL: r = x * y; break;
    case DIV: r = x / y; break;
    case SQRT: r = sqrtf(x); break;
    case FMA: r = fmaf(x, y, z); break;
    }
    unsigned hf = host_flags();
    uint32_t want = bf(r);
    fesetround(FE_TONEAREST);
    unsigned fl = 0;
    uint32_t got = 0;
    switch (op) {
    case ADD: got = sim_f32_add(a, b, rm, &fl); break;
    case SUB: got = sim_f32_sub(a, b, rm, &fl); break;
    case MUL: got = sim_f32_mul(a, b, rm, &fl); break;
    case DIV: got = sim_f32_div(a, b, rm, &fl); break;
    case SQRT: got = sim_f32_sqrt(a, rm, &fl); break;
    case FMA: got = sim_f32_fma(a, b, c, rm, &fl); break;
    }
    compare(opname[op], rm, a, b, c, got, fl, want, hf);
}

static void conversions(int rm, uint32_t a, int32_t iv)
{
    /* float -> int32/uint32: compare values in range, NV outside */
    volatile float x = fb(a);
    fesetround(host_rm[rm]);
    feclearexcept(FE_ALL_EXCEPT);
    volatile long long r = llrintf(x);
    unsigned hf = host_flags();
    fesetround(FE_TONEAREST);
    int in_i32 = !is_nan(a) && !(hf & TF_FX_NV) && r >= INT32_MIN && r <= INT32_MAX;
    unsigned fl = 0;
    int32_t gi = sim_f32_to_i32(a, rm, &fl);
    if (in_i32)
        compare("to_i32", rm, a, 0, 0, (uint32_t)gi, fl, (uint32_t)(int32_t)r, hf);
    else if (!(fl & TF_FX_NV))
        compare("to_i32 range", rm, a, 0, 0, (uint32_t)gi, fl, (uint32_t)gi, TF_FX_NV);
    int in_u32 = !is_nan(a) && !(hf & TF_FX_NV) && r >= 0 && r <= (long long)UINT32_MAX;
    fl = 0;
    uint32_t gu = sim_f32_to_u32(a, rm, &fl);
    if (in_u32)
        compare("to_u32", rm, a, 0, 0, gu, fl, (uint32_t)r, hf);
    else if (!(fl & TF_FX_NV))
        compare("to_u32 range", rm, a, 0, 0, gu, fl, gu, TF_FX_NV);
    /* int -> float */
    volatile int32_t vi = iv;
    volatile uint32_t vu = (uint32_t)iv;
    fesetround(host_rm[rm]);
    feclearexcept(FE_ALL_EXCEPT);
    volatile float fi = (float)vi;
    unsigned hfi = host_flags();
    feclearexcept(FE_ALL_EXCEPT);
    volatile float fu = (float)(long long)vu;
    unsigned hfu = host_flags();
    fesetround(FE_TONEAREST);
    fl = 0;
    uint32_t g = sim_f32_from_i32(iv, rm, &fl);
    compare("from_i32", rm, (uint32_t)iv, 0, 0, g, fl, bf(fi), hfi);
    fl = 0;
    g = sim_f32_from_u32((uint32_t)iv, rm, &fl);
    compare("from_u32", rm, (uint32_t)iv, 0, 0, g, fl, bf(fu), hfu);
}

static void compares(uint32_t a, uint32_t b)
{
    volatile float x = fb(a), y = fb(b);
    feclearexcept(FE_ALL_EXCEPT);
    volatile int eq = x == y;
    unsigned feq = host_flags();
    feclearexcept(FE_ALL_EXCEPT);
    volatile int lt = isless(x, y) ? 1 : 0;
    (void)lt;
    unsigned fl = 0;
    int g = sim_f32_eq(a, b, &fl);
    compare("eq", 0, a, b, 0, (uint32_t)g, fl, (uint32_t)eq, feq);
    /* signaling compares: invalid for any NaN operand */
    fl = 0;
    g = sim_f32_lt(a, b, &fl);
    unsigned wf = (is_nan(a) || is_nan(b)) ? TF_FX_NV : 0;
    int wl = !wf && fb(a) < fb(b);
    compare("lt", 0, a, b, 0, (uint32_t)g, fl, (uint32_t)wl, wf);
    fl = 0;
    g = sim_f32_le(a, b, &fl);
    int wle = !wf && fb(a) <= fb(b);
    compare("le", 0, a, b, 0, (uint32_t)g, fl, (uint32_t)wle, wf);
}

/* RMM and RISC-V specific rules, by hand. */
static void by_hand(void)
{
    unsigned fl = 0;
    CHECK_EQ_U(sim_f32_from_i32(16777217, TF_RM_RMM, &fl), 0x4b800001);
    CHECK_EQ_U(fl, TF_FX_NX);
    fl = 0;
    CHECK_EQ_U(sim_f32_from_i32(16777219, TF_RM_RNE, &fl), 0x4b800002); /* tie to even: up */
    fl = 0;
    CHECK_EQ_U(sim_f32_to_i32(0x40200000, TF_RM_RMM, &fl), 3);  /* 2.5 */
    CHECK_EQ_U(sim_f32_to_i32(0xc0200000, TF_RM_RMM, &fl), -3); /* -2.5 */
    CHECK_EQ_U(sim_f32_to_i32(0x3fc00000, TF_RM_RMM, &fl), 2);  /* 1.5 */
    CHECK_EQ_U(sim_f32_to_i32(0x3f000000, TF_RM_RMM, &fl), 1);  /* 0.5 */
    fl = 0;
    CHECK_EQ_U(sim_f32_mul(0x00800001, 0x3f000000, TF_RM_RMM, &fl), 0x00400001);
    CHECK_EQ_U(fl, TF_FX_UF | TF_FX_NX);
    fl = 0;
    CHECK_EQ_U(sim_f32_mul(0x7f7fffff, 0x40000000, TF_RM_RMM, &fl), 0x7f800000);
    CHECK_EQ_U(fl, TF_FX_OF | TF_FX_NX);
    fl = 0;
    CHECK_EQ_U(sim_f32_add(0x3f800000, 0x33800000, TF_RM_RMM, &fl), 0x3f800001); /* 1 + 2^-24 */
    fl = 0;
    CHECK_EQ_U(sim_f32_add(0x3f800000, 0x33800000, TF_RM_RNE, &fl), 0x3f800000);
    /* canonical NaN and saturation */
    fl = 0;
    CHECK_EQ_U(sim_f32_add(0x7fc12345, 0x3f800000, TF_RM_RNE, &fl), TF_F32_QNAN);
    CHECK_EQ_U(fl, 0);
    fl = 0;
    CHECK_EQ_U(sim_f32_to_i32(0x7fc00000, TF_RM_RTZ, &fl), 0x7fffffff);
    CHECK_EQ_U(fl, TF_FX_NV);
    fl = 0;
    CHECK_EQ_U(sim_f32_to_u32(0xff800000, TF_RM_RTZ, &fl), 0);
    CHECK_EQ_U(sim_f32_to_u32(0xbf000000, TF_RM_RNE, &fl), 0); /* -0.5 rounds to -0: fine */
    CHECK_EQ_U(fl, TF_FX_NV | TF_FX_NX);
    /* minimumNumber / maximumNumber */
    fl = 0;
    CHECK_EQ_U(sim_f32_min(0x80000000, 0x00000000, &fl), 0x80000000);
    CHECK_EQ_U(sim_f32_max(0x80000000, 0x00000000, &fl), 0x00000000);
    CHECK_EQ_U(sim_f32_min(0x7fc00000, 0x3f800000, &fl), 0x3f800000);
    CHECK_EQ_U(fl, 0);
    CHECK_EQ_U(sim_f32_max(0x7f800001, 0x7fc00000, &fl), TF_F32_QNAN);
    CHECK_EQ_U(fl, TF_FX_NV);
    /* fma: inf*0 + qNaN is invalid on RISC-V */
    fl = 0;
    CHECK_EQ_U(sim_f32_fma(0x7f800000, 0, 0x7fc00000, TF_RM_RNE, &fl), TF_F32_QNAN);
    CHECK_EQ_U(fl, TF_FX_NV);
    /* classify */
    CHECK_EQ_U(sim_f32_classify(0x7f800001), 1u << 8);
    CHECK_EQ_U(sim_f32_classify(0x80000001), 1u << 2);
}

int main(void)
{
    by_hand();
    int n = 150000;
    for (int rm = 0; rm < 4; rm++) {
        for (int op = 0; op < NOPS; op++) {
            for (int i = 0; i < NSPEC * NSPEC; i++)
                arith(op, rm, specials[i / NSPEC], specials[i % NSPEC], specials[(i * 7) % NSPEC]);
            for (int i = 0; i < n; i++) {
                uint32_t a = random_operand(tf_check_rand());
                uint32_t b = random_operand(a), c = random_operand(a);
                arith(op, rm, a, b, c);
            }
        }
        for (int i = 0; i < NSPEC; i++) conversions(rm, specials[i], (int32_t)tf_check_rand());
        for (int i = 0; i < n; i++) {
            uint32_t a = random_operand(tf_check_rand());
            if ((i & 3) == 0) /* magnitudes near 2^31 and 2^32 */
                a = (a & 0x80000000u) | ((0x9cu + (tf_check_rand() & 3u)) << 23) |
                    (tf_check_rand() & 0x7fffffu);
            else if ((i & 3) == 1) /* small values with fractions */
                a = (a & 0x80000000u) | ((0x7cu + (tf_check_rand() & 0xfu)) << 23) |
                    (tf_check_rand() & 0x7fffffu);
            conversions(rm, a, (int32_t)tf_check_rand() >> (tf_check_rand() & 31));
        }
    }
    for (int i = 0; i < NSPEC * NSPEC; i++) compares(specials[i / NSPEC], specials[i % NSPEC]);
    for (int i = 0; i < n; i++) {
        uint32_t a = random_operand(tf_check_rand());
        compares(a, random_operand(a));
    }
    tf_check_count++;
    if (mismatches) {
        tf_check_failures++;
        fprintf(stderr, "test_f32: %d mismatches against the host FPU\n", mismatches);
    }
    return tf_check_report("test_f32");
}
