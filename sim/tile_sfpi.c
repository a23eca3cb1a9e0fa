/* SFPI on the tile engine (contracts/tf_sfpi.h; docs/chip.md "SFPI"): the
 * vector registers, the lane predication and the operations of a compute
 * kernel's own SFPU program. sim/tile.c checks the command's place (the
 * math thread's DEST half), keeps DEST's bookkeeping and the time; this
 * file computes. The figures and bit rules are tt-isa-documentation's
 * functional models of the Blackhole SFPU instructions (SFPMAD, SFPSETCC,
 * SFPEXEXP, SFPSTOCHRND, SFPCAST, SFPSWAP, SFPLOAD, SFPSTORE, SFPLUT,
 * SFPLUTFP32, SFPARECIP, SFPTRANSP, SFPSHFT2, SFPMUL24). */
#include "tile_engine.h"

#include <math.h>

/* ---- values ------------------------------------------------------------------------- */

/* A denormal as a zero of its sign: the SFPU's MAD reads and writes no
 * denormal. */
static uint32_t ftz(uint32_t w)
{
    return (w & 0x7f800000u) ? w : w & 0x80000000u;
}

/* The MAD: (a x b) + c with one rounding to nearest even (fmaf), denormal
 * inputs as zero, a denormal result a zero of its sign, NaN canonical. */
static uint32_t mad(uint32_t a, uint32_t b, uint32_t c)
{
    float r = fmaf(bits_f(ftz(a)), bits_f(ftz(b)), bits_f(ftz(c)));
    if (isnan(r)) return 0x7fc00000u;
    return ftz(f_bits(r));
}

/* SFPSETCC's tests of t's 32 bits as an int32 (so -0 is negative and not
 * zero), as the three cases of t each test accepts (all ones: accepted),
 * so that a command's lanes are tested in a loop without branches */
static const uint32_t cmp_takes[TF_SFPI_CMP_LE + 1][3] = {
    /* negative, zero, positive */
    [TF_SFPI_CMP_LT] = {~0u, 0, 0}, [TF_SFPI_CMP_GE] = {0, ~0u, ~0u},
    [TF_SFPI_CMP_EQ] = {0, ~0u, 0}, [TF_SFPI_CMP_NE] = {~0u, 0, ~0u},
    [TF_SFPI_CMP_GT] = {0, 0, ~0u}, [TF_SFPI_CMP_LE] = {~0u, ~0u, 0},
};

/* d = the mask of test cmp on each lane of t (other arrays: a loop the
 * host's compiler vectorizes) */
static void test_lanes(uint32_t *restrict d, const uint32_t *restrict t, uint32_t cmp)
{
    uint32_t tn = cmp_takes[cmp][0], tz = cmp_takes[cmp][1], tp = cmp_takes[cmp][2];
    for (int l = 0; l < TF_SFPI_LANES; l++) {
        uint32_t neg = (uint32_t)((int32_t)t[l] >> 31), zero = t[l] ? 0 : ~0u;
        d[l] = (neg & tn) | (zero & tz) | (~(neg | zero) & tp);
    }
}

/* d = mad(a ^ na, b, c ^ nc) on every lane (na, nc: sign bits to flip):
 * the host's FMA instruction where it has one (tile_simd.c; fmaf rounds
 * once, as the instruction does: the same bits) */
static void mad_lanes(uint32_t *d, const uint32_t *a, uint32_t na, const uint32_t *b,
                      const uint32_t *c, uint32_t nc)
{
    if (sim_simd_sfpi_mad(d, a, na, b, c, nc)) return;
    for (int l = 0; l < TF_SFPI_LANES; l++) d[l] = mad(a[l] ^ na, b[l], c[l] ^ nc);
}

/* SFPSHFT: n >= 0 left by n % 32, else right by -n % 32 (arithmetic:
 * the sign fills) */
static uint32_t shift(uint32_t v, int32_t n, int arith)
{
    if (n >= 0) return v << (n & 31);
    uint32_t k = (0u - (uint32_t)n) & 31;
    if (arith && (int32_t)v < 0) return ~(~v >> k);
    return v >> k;
}

/* SFPCAST of a sign-magnitude int32 to fp32, to nearest even (the float
 * conversion of the magnitude rounds so) */
static uint32_t cast_sm(uint32_t v)
{
    float m = (float)(v & 0x7fffffffu);
    return f_bits(v >> 31 ? -m : m);
}

/* SFPSTOCHRND to bf16 precision, its "nearest" mode: ties away from zero
 * (tt-isa-documentation: a carry when the dropped bits are >= 0x8000) */
static uint32_t fp16b(uint32_t v)
{
    uint32_t e = (v >> 23) & 0xff;
    if (e == 0) return 0;
    if (e == 255) return (v & 0x80000000u) | 0x7f800000u;
    uint32_t r = (v & 0xffff0000u) + ((v & 0x8000u) ? 0x10000u : 0);
    return r; /* (a carry into exponent 255 gives an infinity) */
}

static uint32_t addexp(uint32_t v, int32_t n)
{
    uint32_t e = (v >> 23) & 0xff;
    if (e == 255) return v; /* (an infinity, a NaN) */
    return (v & 0x807fffffu) | (((e + (uint32_t)n) & 0xff) << 23);
}

static uint32_t lz(uint32_t v)
{
    uint32_t n = 0;
    while (n < 32 && !(v & (0x80000000u >> n))) n++;
    return n;
}

/* SFPLUT's 8-bit coefficient: sign, a 3-bit exponent below 0 (2^-e), 4
 * mantissa bits; 0xff is 0 */
static uint32_t lut8(uint32_t x)
{
    x &= 0xff;
    if (x == 0xff) return 0;
    return (x >> 7) << 31 | (127u - ((x >> 4) & 7)) << 23 | (x & 15u) << 19;
}

/* SFPLUTFP32's 16-bit coefficient: a half's fields, but exponent 0 is
 * 2^-15 (no denormals) and 31 a zero */
static uint32_t lut16(uint32_t x)
{
    uint32_t e = (x >> 10) & 0x1f;
    return (x >> 15 & 1) << 31 | (e == 31 ? 0 : 112u + e) << 23 | (x & 0x3ffu) << 13;
}

/* SFPARECIP's reciprocal of |x|: exponent 253 - x's, then 7 mantissa bits
 * of 2 / m for x's mantissa m, from a table of 128 entries (x's top 7
 * mantissa bits). The table's rule, found to give each of the 128 entries
 * tt-isa-documentation lists: 2 / m at the middle of the entry's interval
 * of m, (257 + 2i) / 256, to nearest; as 128 + the entry that is
 * 65536 / (257 + 2i) rounded (never a tie). */
static uint32_t arecip(uint32_t x)
{
    if (x < 0x00800000u) return 0x7f800000u; /* below 2^-126: infinity */
    if (x >= 0x7e800000u) return 0;          /* from 2^126 (and NaN): 0 */
    uint32_t q = 257u + 2u * ((x >> 16) & 0x7f);
    uint32_t lut = (131072u + q) / (2u * q) - 128u;
    return (253u - (x >> 23)) << 23 | lut << 16;
}

/* SFPARECIP's exp of |x| (useful for x < 2): 1 below 2^-126; the bits of 1 +
 * 2^-7 with x's low 16 bits below 2^-6; from there to 2, an 8-bit field
 * from a table of the 896 bf16 values x's top 16 bits are (2^-6 .. 2), its
 * low 16 bits x's: 1.f below 0.6953125, 2 x 1.f above (a field over 127
 * carries into the exponent: 4 x ...); from 2, the bits of 4 with x's low
 * 16. The table's rule, found to give each of the 896 entries
 * tt-isa-documentation lists: e^v of the entry's bf16 value v, its bits
 * 16-23 under that exponent (1, 2 or 4) cut toward zero. */
static uint32_t aexp(uint32_t x)
{
    uint32_t lo = x & 0xffffu;
    if (x < 0x00800000u) return 0x3f800000u;
    if (x < 0x3c800000u) return 0x3f810000u | lo;
    if (x >= 0x40000000u) return 0x40800000u | lo;
    double y = exp((double)bits_f(x & 0xffff0000u)), l;
    int low = x < 0x3f320000u;
    if (low)
        l = floor((y - 1.0) * 128.0);
    else if (y < 4.0)
        l = floor((y / 2.0 - 1.0) * 128.0);
    else
        l = floor(128.0 + (y / 4.0 - 1.0) * 128.0);
    return (low ? 0x3f800000u : 0x40000000u) | (uint32_t)l << 16 | lo;
}

/* SFPSTOCHRND to nearest (ties away from zero: a carry when the dropped
 * bits are >= half): fp32 to fp16a precision, to a sign-magnitude int8,
 * uint8 (of |x|), int16, uint16; or a sign-magnitude int32 shifted right
 * by n (0..31) to int8, uint8 */
static uint32_t stochrnd(uint32_t v, uint32_t mod, uint32_t n)
{
    if (mod == TF_SFPI_RND_FP16B) return fp16b(v);
    if (mod == TF_SFPI_RND_FP16A) {
        uint32_t e = (v >> 23) & 0xff;
        if (e == 0) return 0;
        if (e == 255) return v & 0xff800000u;
        return (v & ~0x1fffu) + ((v & 0x1fffu) >= 0x1000u ? 0x2000u : 0);
    }
    uint32_t sign = v & 0x80000000u, max;
    uint64_t mag;
    if (mod == TF_SFPI_RND_I2U8 || mod == TF_SFPI_RND_I2I8) {
        mag = ((uint64_t)(v & 0x7fffffffu) << 23) >> n;
        max = mod == TF_SFPI_RND_I2U8 ? 255 : 127;
    } else {
        max = mod == TF_SFPI_RND_INT8    ? 127
              : mod == TF_SFPI_RND_UINT8 ? 255
              : mod == TF_SFPI_RND_INT16 ? 32767
                                         : 65535;
        int32_t e = (int32_t)((v >> 23) & 0xff) - 127;
        if (e < -1) return 0; /* |x| < 0.5 */
        if (e >= 16) {        /* (and infinities, NaNs) */
            mag = max;
            goto done;
        }
        mag = 0x800000u | (v & 0x7fffffu);
        mag = e >= 0 ? mag << e : mag >> 1;
    }
    mag = (mag >> 23) + ((mag & 0x7fffffu) >= 0x400000u);
    if (mag > max) mag = max;
done:
    if (mod == TF_SFPI_RND_UINT8 || mod == TF_SFPI_RND_UINT16 || mod == TF_SFPI_RND_I2U8 || !mag)
        sign = 0;
    return sign | (uint32_t)mag;
}

/* A register in 6 bits of ARG1 (TF_SFPI_REG6): 62 and 63 are the C++
 * layer's TF_SFPI_MOVED and TF_SFPI_NO_REG */
static uint32_t reg6(uint32_t x, int k)
{
    uint32_t r = TF_SFPI_REG6_AT(x, k);
    return r >= 62 ? r + 192 : r;
}

/* ---- registers -------------------------------------------------------------------------- */

#define OP_CYCLES(name, code, cycles, doc) [code] = cycles,
static const uint8_t op_cycles[TF_SFPI_NUM_OPS] = {TF_SFPI_OPS(OP_CYCLES)};
#undef OP_CYCLES
#define CONST_INIT(name, reg, bits, w, tt) [reg] = bits,
static const uint32_t const_bits[TF_SFPI_NUM_REGS] = {TF_SFPI_CONSTS(CONST_INIT)};
#undef CONST_INIT
#define CONST_W(name, reg, bits, w, tt) [reg] = (w) + 1,
static const uint8_t const_w[TF_SFPI_NUM_REGS] = {TF_SFPI_CONSTS(CONST_W)}; /* 1 no, 2 yes */
#undef CONST_W

/* The constant registers' values (a boot or reset zeroes the engine; the
 * programmable ones then keep what a kernel writes, as the SFPU's do) */
static void ready(sim_sfpi *s)
{
    if (s->ready) return;
    for (int r = TF_SFPI_NREGS; r < TF_SFPI_NUM_REGS; r++)
        for (int l = 0; l < TF_SFPI_LANES; l++) s->reg[r][l] = const_bits[r];
    for (int l = 0; l < TF_SFPI_LANES; l++) s->reg[TF_SFPI_TILEID][l] = 2u * (uint32_t)l;
    s->enable = 0xffffffffu;
    s->ready = 1;
}

void sim_sfpi_go(sim_sfpi *s)
{
    /* a run starts with every lane enabled (a fault inside a v_if of the
     * last run left its stack) */
    s->enable = 0xffffffffu;
    s->depth = 0;
}

/* Each lane's bit in a lane mask (en & lane_bit[l]: a loop the host's
 * compiler vectorizes without a shift by a lane's own count) */
#define LANE_BITS4(n) 1u << (n), 1u << ((n) + 1), 1u << ((n) + 2), 1u << ((n) + 3)
static const uint32_t lane_bit[TF_SFPI_LANES] = {
    LANE_BITS4(0),  LANE_BITS4(4),  LANE_BITS4(8),  LANE_BITS4(12),
    LANE_BITS4(16), LANE_BITS4(20), LANE_BITS4(24), LANE_BITS4(28),
};
#undef LANE_BITS4

/* The lanes of a condition register that are set */
static uint32_t mask_of(const uint32_t *m)
{
    uint32_t k = 0;
    for (int l = 0; l < TF_SFPI_LANES; l++) k |= m[l] ? lane_bit[l] : 0;
    return k;
}

/* The enabled lanes (en) of register d = v's */
static void write_lanes(uint32_t *d, const uint32_t *v, uint32_t en)
{
    if (en == 0xffffffffu) {
        memcpy(d, v, TF_SFPI_LANES * sizeof *d);
        return;
    }
    for (int l = 0; l < TF_SFPI_LANES; l++) {
        uint32_t m = en & lane_bit[l] ? ~0u : 0;
        d[l] = (v[l] & m) | (d[l] & ~m);
    }
}

/* Lane L of the access at DEST address x (contracts/tf_sfpi.h): its index
 * in the row-major tile whose rows x's rows are (x % 64: the tile's own
 * 64 rows, face after face) */
int sim_sfpi_lane(uint32_t x, int l)
{
    uint32_t row = (x & 60u) + (uint32_t)l / 8, col = 2u * ((uint32_t)l % 8) + ((x >> 1) & 1);
    uint32_t face = row / 16, r = row % 16;
    return (int)(((face >> 1) * 16 + r) * TF_TILE_DIM + (face & 1) * 16 + col);
}

/* An access's four rows (x & 60: from a multiple of 4) are in one face, so
 * lane L's element is lane 0's, L / 8 rows and 2 (L % 8) columns on */
#define LANE_STEP(l) ((l) / 8 * TF_TILE_DIM + 2 * ((l) % 8))

/* A float stored into DEST, its bits: an fp32 DEST flushes a denormal, a
 * 16-bit one truncates to bf16 (or to a half in its Float16 mode: f16) */
static inline uint32_t store_bits(uint32_t w, int narrow, int f16)
{
    if (!narrow) return ftz(w);
    if (f16) return f_bits(sim_fp16_dest(bits_f(w), 1));
    return ftz(w) & 0xffff0000u;
}

float sim_sfpi_store(uint32_t w, int narrow, int f16)
{
    return bits_f(store_bits(w, narrow, f16));
}

/* STORE's values: register r's lanes as floats into DEST (store_bits), or
 * as integers (raw: their bits); a loop for each DEST, with its
 * conversion inlined */
static void store_values(uint32_t *v, const uint32_t *r, int raw, int narrow, int f16)
{
    if (raw)
        memcpy(v, r, TF_SFPI_LANES * sizeof *v);
    else if (!narrow)
        for (int l = 0; l < TF_SFPI_LANES; l++) v[l] = store_bits(r[l], 0, 0);
    else if (!f16)
        for (int l = 0; l < TF_SFPI_LANES; l++) v[l] = store_bits(r[l], 1, 0);
    else
        for (int l = 0; l < TF_SFPI_LANES; l++) v[l] = store_bits(r[l], 1, 1);
}

/* ---- the operands ------------------------------------------------------------------------- */

/* A register the command names that does not exist (TF_SFPI_NO_REG: the
 * C++ layer ran out of them), or a constant one it would write */
static int bad_reg(uint32_t r, sim_sfpi_fault *f)
{
    if (r < TF_SFPI_NUM_REGS) return 0;
    f->why = TF_SFPI_ERR_REGS, f->b = r;
    return 1;
}

static int read_only(uint32_t r, sim_sfpi_fault *f)
{
    if (r < TF_SFPI_NREGS || const_w[r] == 2) return 0;
    f->why = TF_SFPI_ERR_CONST, f->b = r;
    return 1;
}

/* Every check of a command's operands, in the order that decides which
 * fault a command with several wrong ones gets: 0, or -1 with the fault */
static int check_full(uint32_t op, uint32_t d, uint32_t a, uint32_t b, uint32_t x,
                      sim_sfpi_fault *f)
{
    if (op == 0 || op >= TF_SFPI_NUM_OPS) {
        f->why = TF_SFPI_ERR_OP, f->b = op;
        return -1;
    }
    /* the registers each op names (d written; a, b read, MINMAX and SWAP
     * write them too; CC_IF's a may be none: v_block's push) */
    int uses_a = op != TF_SFPI_LOADI && op != TF_SFPI_LOAD && op != TF_SFPI_CC_ELSE &&
                 op != TF_SFPI_CC_POP && !(op == TF_SFPI_CC_IF && a == TF_SFPI_NO_REG);
    int uses_b = op == TF_SFPI_MAD || (op == TF_SFPI_FCMP && !(x & TF_SFPI_CMP_RAW)) ||
                 op == TF_SFPI_ICMP || (op >= TF_SFPI_AND && op <= TF_SFPI_XOR) ||
                 op == TF_SFPI_IADD || op == TF_SFPI_ISUB || (op == TF_SFPI_SHFT && !(x & 2)) ||
                 (op >= TF_SFPI_SETSGN && op <= TF_SFPI_SETMAN) || op == TF_SFPI_MINMAX ||
                 op == TF_SFPI_SWAP;
    uint32_t lut2 = TF_SFPI_LUT2_MODE(x), rmod = x & 0xff;
    int lut = op == TF_SFPI_LUT || op == TF_SFPI_LUT2 || op == TF_SFPI_LUT2_SIGN;
    /* (a table in three registers: b and ARG1's first two; six: four more) */
    int nreg6 = op == TF_SFPI_LUT || (lut && lut2 == TF_SFPI_LUT2_FP16_3) ? 2 : lut ? 5 : 0;
    uses_b = uses_b || lut || op == TF_SFPI_TRANSP || op == TF_SFPI_MUL24 ||
             (op == TF_SFPI_STOCHRND && (rmod == TF_SFPI_RND_I2U8 || rmod == TF_SFPI_RND_I2I8) &&
              !(x & TF_SFPI_RND_IMM));
    int uses_d =
        (op != TF_SFPI_STORE && op != TF_SFPI_MINMAX && op != TF_SFPI_SWAP && op < TF_SFPI_CC_IF) ||
        op == TF_SFPI_CONFIG || (op >= TF_SFPI_FN && op != TF_SFPI_TRANSP);
    uint32_t cr = x & 0xff, cr2 = (x >> 8) & 0xff;
    int pairs = op == TF_SFPI_MINMAX || op == TF_SFPI_SWAP || op == TF_SFPI_TRANSP;
    if ((uses_d && bad_reg(d, f)) || (uses_a && bad_reg(a, f)) || (uses_b && bad_reg(b, f)) ||
        ((op == TF_SFPI_MAD || op == TF_SFPI_TRANSP) && bad_reg(cr, f)) ||
        (op == TF_SFPI_TRANSP && bad_reg(cr2, f)))
        return -1;
    for (int k = 0; k < nreg6; k++)
        if (bad_reg(reg6(x, k), f)) return -1;
    if ((uses_d && read_only(d, f)) || (pairs && (read_only(a, f) || read_only(b, f))) ||
        (op == TF_SFPI_TRANSP && (read_only(cr, f) || read_only(cr2, f))))
        return -1;
    if (((op == TF_SFPI_CAST || op == TF_SFPI_FP16B) && x) ||
        (op == TF_SFPI_STOCHRND && (x >> 8) & 0xff)) {
        uint32_t rnd = op == TF_SFPI_STOCHRND ? (x >> 8) & 0xff : x;
        f->why = TF_SFPI_ERR_ROUND, f->b = rnd > 255 ? 255 : rnd;
        return -1;
    }
    /* the operands ARG1 holds, where the C++ layer sends a few values */
    uint32_t cmp = x & 0xff;
    if (((op == TF_SFPI_FCMP || op == TF_SFPI_ICMP) &&
         (cmp > TF_SFPI_CMP_LE || (x & ~0x1ffu) || (op == TF_SFPI_ICMP && (x >> 8)))) ||
        (op == TF_SFPI_MAD && (x >> 10)) || (op == TF_SFPI_SHFT && (x & ~0xfff03u)) ||
        ((op == TF_SFPI_ABS || op == TF_SFPI_EXEXP || op == TF_SFPI_EXMAN) && x > 1) ||
        (op == TF_SFPI_FN && ((x & ~(0xffu | TF_SFPU_APPROX)) || !TF_SFPI_FN_OK(x & 0xff))) ||
        ((op == TF_SFPI_LZ || op == TF_SFPI_SHFL || op == TF_SFPI_MUL24) && x > 1) ||
        (op == TF_SFPI_LUT && (x & ~(TF_SFPI_LUT_SIGN | 0xfffu))) ||
        (lut && op != TF_SFPI_LUT && lut2 == TF_SFPI_LUT2_FP16_3 && (x & 0x3ffff000u)) ||
        (op == TF_SFPI_ARECIP && x != TF_SFPI_ARECIP_RECIP && x != TF_SFPI_ARECIP_EXP) ||
        (op == TF_SFPI_STOCHRND &&
         (rmod > TF_SFPI_RND_INT16 || (x >> 22) ||
          ((x & (TF_SFPI_RND_IMM | 0x1f0000u)) &&
           !((x & TF_SFPI_RND_IMM) && (rmod == TF_SFPI_RND_I2U8 || rmod == TF_SFPI_RND_I2I8))))) ||
        (op == TF_SFPI_TRANSP && (x >> 16))) {
        f->why = TF_SFPI_ERR_ARG, f->b = x > 255 ? 255 : x;
        return -1;
    }
    return 0;
}

/* The operands of the ops most commands are, checked by a few comparisons
 * (sim_sfpi_run): FORM_FAST the op has a form; the registers it names:
 * FORM_D d (written: one of the kernel's), FORM_A a, FORM_B b, FORM_C
 * ARG1's low byte; FORM_CMP ARG1's low byte a test; and the ARG1 bits it
 * may set. A command its form passes, check_full passes (a form asks as
 * much or more: FCMP's b even for a raw test, where the C++ layer sends
 * 0); the others, and the ops without a form, go to check_full, which
 * finds the fault. */
enum { FORM_FAST = 1, FORM_D = 2, FORM_A = 4, FORM_B = 8, FORM_C = 16, FORM_CMP = 32 };
typedef struct op_form {
    uint8_t uses;
    uint32_t arg;
} op_form;
#define FORM_DA  (FORM_FAST | FORM_D | FORM_A)
#define FORM_DAB (FORM_DA | FORM_B)
static const op_form forms[256] = {
    [TF_SFPI_LOADI] = {FORM_FAST | FORM_D, ~0u},
    [TF_SFPI_MOV] = {FORM_DA, ~0u},
    [TF_SFPI_LOAD] = {FORM_FAST | FORM_D, ~0u},
    [TF_SFPI_STORE] = {FORM_FAST | FORM_A, ~0u},
    [TF_SFPI_MAD] = {FORM_DAB | FORM_C, 0x3ffu},
    [TF_SFPI_FCMP] = {FORM_DAB | FORM_CMP, 0x1ffu},
    [TF_SFPI_ICMP] = {FORM_DAB | FORM_CMP, 0xffu},
    [TF_SFPI_AND] = {FORM_DAB, ~0u},
    [TF_SFPI_OR] = {FORM_DAB, ~0u},
    [TF_SFPI_XOR] = {FORM_DAB, ~0u},
    [TF_SFPI_NOT] = {FORM_DA, ~0u},
    [TF_SFPI_IADD] = {FORM_DAB, ~0u},
    [TF_SFPI_ISUB] = {FORM_DAB, ~0u},
    [TF_SFPI_SHFT] = {FORM_DAB, 0xfff03u},
    [TF_SFPI_ABS] = {FORM_DA, 1u},
    [TF_SFPI_NEG] = {FORM_DA, ~0u},
    [TF_SFPI_SETSGN] = {FORM_DAB, ~0u},
    [TF_SFPI_SETEXP] = {FORM_DAB, ~0u},
    [TF_SFPI_SETMAN] = {FORM_DAB, ~0u},
    [TF_SFPI_ADDEXP] = {FORM_DA, ~0u},
    [TF_SFPI_EXEXP] = {FORM_DA, 1u},
    [TF_SFPI_EXMAN] = {FORM_DA, 1u},
    [TF_SFPI_LZ] = {FORM_DA, 1u},
    [TF_SFPI_CC_IF] = {FORM_FAST | FORM_A, ~0u}, /* (v_block's TF_SFPI_NO_REG: check_full) */
    [TF_SFPI_CC_ELSE] = {FORM_FAST, ~0u},
    [TF_SFPI_CC_AND] = {FORM_FAST | FORM_A, ~0u},
    [TF_SFPI_CC_POP] = {FORM_FAST, ~0u},
    [TF_SFPI_SHFL] = {FORM_DA, 1u},
    [TF_SFPI_MUL24] = {FORM_DAB, 1u},
};
#undef FORM_DA
#undef FORM_DAB

static int form_ok(uint32_t op, uint32_t d, uint32_t a, uint32_t b, uint32_t x)
{
    uint32_t u = forms[op].uses;
    return (u & FORM_FAST) && !(x & ~forms[op].arg) && (!(u & FORM_D) || d < TF_SFPI_NREGS) &&
           (!(u & FORM_A) || a < TF_SFPI_NUM_REGS) && (!(u & FORM_B) || b < TF_SFPI_NUM_REGS) &&
           (!(u & FORM_C) || (x & 0xff) < TF_SFPI_NUM_REGS) &&
           (!(u & FORM_CMP) || (x & 0xff) <= TF_SFPI_CMP_LE);
}

/* FCMP's b operand of its MAD: -1 in every lane */
#define MINUS_ONE4 0xbf800000u, 0xbf800000u, 0xbf800000u, 0xbf800000u
static const uint32_t minus_one[TF_SFPI_LANES] = {MINUS_ONE4, MINUS_ONE4, MINUS_ONE4, MINUS_ONE4,
                                                  MINUS_ONE4, MINUS_ONE4, MINUS_ONE4, MINUS_ONE4};
#undef MINUS_ONE4

/* ---- the command -------------------------------------------------------------------------- */

int sim_sfpi_run(sim_sfpi *s, const sim_sfpi_cmd *c, sim_sfpi_fault *f, uint32_t *cycles)
{
    ready(s);
    uint32_t op = TF_SFPI_OP(c->word), d = TF_SFPI_D(c->word), a = TF_SFPI_A(c->word),
             b = TF_SFPI_B(c->word), x = c->arg1;
    memset(f, 0, sizeof *f);
    if (!form_ok(op, d, a, b, x) && check_full(op, d, a, b, x, f)) return -1;
    uint32_t lut2 = TF_SFPI_LUT2_MODE(x), rmod = x & 0xff, cmp = x & 0xff, cr = x & 0xff,
             cr2 = (x >> 8) & 0xff;
    *cycles = op_cycles[op];
    if (op == TF_SFPI_FN) /* the tile op's cost, a 32nd of it (32 units a tile) */
        *cycles = (sim_sfpu_cycles(cmp, (x & TF_SFPU_APPROX) != 0, 1, 0) + 31) / 32;
    uint32_t en = s->enable;
    /* (the registers the op reads, checked; CC_IF's a may be none:
     * v_block's push) */
    const uint32_t *ra = a < TF_SFPI_NUM_REGS ? s->reg[a] : NULL,
                   *rb = b < TF_SFPI_NUM_REGS ? s->reg[b] : NULL;
    uint32_t out[TF_SFPI_LANES];
    switch (op) {
    case TF_SFPI_CC_IF:
        if (s->depth == TF_SFPI_CC_DEPTH) {
            f->why = TF_SFPI_ERR_DEPTH;
            return -1;
        }
        s->saved[s->depth++] = en;
        if (ra) s->enable = en & mask_of(ra);
        return 0;
    case TF_SFPI_CC_ELSE:
    case TF_SFPI_CC_AND:
    case TF_SFPI_CC_POP:
        if (!s->depth) {
            f->why = TF_SFPI_ERR_NO_IF;
            return -1;
        }
        if (op == TF_SFPI_CC_ELSE) /* SFPCOMPC: the pushed lanes not enabled now */
            s->enable = s->saved[s->depth - 1] & ~en;
        else if (op == TF_SFPI_CC_AND)
            s->enable = en & mask_of(ra);
        else
            s->enable = s->saved[--s->depth];
        return 0;
    case TF_SFPI_CONFIG:
        for (int l = 0; l < TF_SFPI_LANES; l++) s->reg[d][l] = ra[0];
        return 0;
    case TF_SFPI_LOAD: {
        const float *t = c->tile + sim_sfpi_lane(x, 0);
        for (int l = 0; l < TF_SFPI_LANES; l++) out[l] = f_bits(t[LANE_STEP(l)]);
        break;
    }
    case TF_SFPI_STORE: {
        float *t = c->tile + sim_sfpi_lane(x, 0);
        store_values(out, ra, b == 1, c->narrow, c->f16);
        if (en == 0xffffffffu) /* (the usual store: a loop without a test) */
            for (int l = 0; l < TF_SFPI_LANES; l++) t[LANE_STEP(l)] = bits_f(out[l]);
        else
            for (int l = 0; l < TF_SFPI_LANES; l++)
                if (en & lane_bit[l]) t[LANE_STEP(l)] = bits_f(out[l]);
        return 0;
    }
    case TF_SFPI_TRANSP: { /* row r of the k-th register = row k of the r-th, as they were */
        uint32_t *q[4] = {s->reg[a], s->reg[b], s->reg[cr], s->reg[cr2]}, old[4][TF_SFPI_LANES];
        for (int k = 0; k < 4; k++) memcpy(old[k], q[k], sizeof old[k]);
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < TF_SFPI_LANES; l++)
                if (en >> l & 1) q[k][l] = old[l / 8][k * 8 + l % 8];
        return 0;
    }
    case TF_SFPI_MINMAX:
    case TF_SFPI_SWAP:
        for (int l = 0; l < TF_SFPI_LANES; l++) {
            if (!(en >> l & 1)) continue;
            uint32_t u = s->reg[a][l], v = s->reg[b][l];
            if (op == TF_SFPI_SWAP ||
                sim_sm_key(bits_f(v)) < sim_sm_key(bits_f(u))) { /* a tie keeps the order */
                s->reg[a][l] = v;
                s->reg[b][l] = u;
            }
        }
        return 0;
    default: break;
    }
    /* SFPLOADI takes 16 bits: a float's top half (bf16), or an integer
     * sign- or zero-extended; anything else is two of them */
    if (op == TF_SFPI_LOADI)
        *cycles = (b == 1 ? x < 0x10000u || (int32_t)x >= -32768 : !(x & 0xffffu)) ? 1 : 2;
    /* a comparison: SFPMAD's subtraction (not for +-0: the raw test), then
     * SFPSETCC, two of them for > and <= (and one more for == and != of
     * integers, whose SFPIADD tests the sign alone) */
    if (op == TF_SFPI_FCMP || op == TF_SFPI_ICMP) {
        int two = cmp == TF_SFPI_CMP_GT || cmp == TF_SFPI_CMP_LE;
        *cycles = (op == TF_SFPI_FCMP && !(x & TF_SFPI_CMP_RAW) ? 2 : 1) + two +
                  (op == TF_SFPI_ICMP && (cmp == TF_SFPI_CMP_EQ || cmp == TF_SFPI_CMP_NE));
    }
    /* each op's lanes in a loop of its own (a loop the host's compiler can
     * vectorize), then the enabled ones into d */
#define LANES(expr)                                                                                \
    for (int l = 0; l < TF_SFPI_LANES; l++) out[l] = (expr);                                       \
    break
    const uint32_t *ua = ra, *vb = rb;
    uint32_t t[TF_SFPI_LANES];
    switch (op) {
    case TF_SFPI_LOADI: LANES(x);
    case TF_SFPI_LOAD: break; /* (out: loaded above) */
    case TF_SFPI_MOV: LANES(ua[l]);
    case TF_SFPI_MAD:
        mad_lanes(out, ua, x & TF_SFPI_MAD_NEG_AB ? 0x80000000u : 0, vb, s->reg[cr],
                  x & TF_SFPI_MAD_NEG_C ? 0x80000000u : 0);
        break;
    case TF_SFPI_FCMP: /* t = a - b: (b x -1) + a */
        if (x & TF_SFPI_CMP_RAW) {
            test_lanes(out, ua, cmp);
            break;
        }
        mad_lanes(t, vb, 0, minus_one, ua, 0);
        test_lanes(out, t, cmp);
        break;
    case TF_SFPI_ICMP:
        for (int l = 0; l < TF_SFPI_LANES; l++) t[l] = ua[l] - vb[l];
        test_lanes(out, t, cmp);
        break;
    case TF_SFPI_AND: LANES(ua[l] & vb[l]);
    case TF_SFPI_OR: LANES(ua[l] | vb[l]);
    case TF_SFPI_XOR: LANES(ua[l] ^ vb[l]);
    case TF_SFPI_NOT: LANES(~ua[l]);
    case TF_SFPI_IADD: LANES(ua[l] + vb[l]);
    case TF_SFPI_ISUB: LANES(ua[l] - vb[l]);
    case TF_SFPI_SHFT:
        if (x & 2) { /* (the immediate: 12 bits, signed) */
            int32_t n = (int32_t)((x >> 8) & 0xfff) - (int32_t)((x >> 8) & 0x800) * 2;
            LANES(shift(ua[l], n, (int)(x & 1)));
        }
        LANES(shift(ua[l], (int32_t)vb[l], (int)(x & 1)));
    case TF_SFPI_ABS:
        if (x & 1) {
            LANES((int32_t)ua[l] < 0 && ua[l] != 0x80000000u ? 0u - ua[l] : ua[l]);
        }
        LANES(ua[l] & 0x7fffffffu);
    case TF_SFPI_NEG: LANES(ua[l] ^ 0x80000000u);
    case TF_SFPI_SETSGN: LANES((ua[l] & 0x7fffffffu) | (vb[l] & 0x80000000u));
    case TF_SFPI_SETEXP: LANES((ua[l] & 0x807fffffu) | ((vb[l] & 0xffu) << 23));
    case TF_SFPI_SETMAN: LANES((ua[l] & 0xff800000u) | (vb[l] & 0x7fffffu));
    case TF_SFPI_ADDEXP: LANES(addexp(ua[l], (int32_t)x));
    case TF_SFPI_EXEXP:
        if (x & 1) {
            LANES((ua[l] >> 23) & 0xff);
        }
        LANES(((ua[l] >> 23) & 0xff) - 127u);
    case TF_SFPI_EXMAN: LANES((ua[l] & 0x7fffffu) | (x & 1 ? 0x800000u : 0));
    case TF_SFPI_LZ: LANES(lz(x ? ua[l] & 0x7fffffffu : ua[l])); /* (1: lz_nosgn) */
    case TF_SFPI_LUT: {
        const uint32_t *t1 = s->reg[reg6(x, 0)], *t2 = s->reg[reg6(x, 1)];
        for (int l = 0; l < TF_SFPI_LANES; l++) {
            uint32_t m = ua[l] & 0x7fffffffu;
            uint32_t t = m < 0x3f800000u ? vb[l] : m < 0x40000000u ? t1[l] : t2[l];
            uint32_t r = mad(lut8(t >> 8), m, lut8(t));
            out[l] = x & TF_SFPI_LUT_SIGN ? r : (r & 0x7fffffffu) | (ua[l] & 0x80000000u);
        }
        break;
    }
    case TF_SFPI_LUT2:
    case TF_SFPI_LUT2_SIGN: {
        int six = lut2 != TF_SFPI_LUT2_FP16_3; /* (a table of six registers) */
        const uint32_t *t[6] = {vb,
                                s->reg[reg6(x, 0)],
                                s->reg[reg6(x, 1)],
                                six ? s->reg[reg6(x, 2)] : vb,
                                six ? s->reg[reg6(x, 3)] : vb,
                                six ? s->reg[reg6(x, 4)] : vb};
        float cut = lut2 == TF_SFPI_LUT2_FP16_6 + 1 ? 4.0f : 3.0f;
        for (int l = 0; l < TF_SFPI_LANES; l++) {
            uint32_t m = ua[l] & 0x7fffffffu, A, B;
            float v = bits_f(m); /* (a NaN: the last entry) */
            int i = v < 1.0f ? 0 : v < 2.0f ? 1 : 2;
            if (lut2 == TF_SFPI_LUT2_FP16_3) {
                A = lut16(t[i][l] >> 16), B = lut16(t[i][l] & 0xffffu);
            } else if (lut2 == TF_SFPI_LUT2_FP32_3) {
                A = t[i][l], B = t[3 + i][l];
            } else {
                int hi = v < 0.5f   ? 0
                         : v < 1.0f ? 1
                         : v < 1.5f ? 0
                         : v < 2.0f ? 1
                         : v < cut  ? 0
                                    : 1;
                A = lut16(t[i][l] >> (16 * hi)), B = lut16(t[3 + i][l] >> (16 * hi));
            }
            uint32_t r = mad(A, m, B);
            out[l] = op == TF_SFPI_LUT2_SIGN ? r : (r & 0x7fffffffu) | (ua[l] & 0x80000000u);
        }
        break;
    }
    case TF_SFPI_ARECIP:
        if (x == TF_SFPI_ARECIP_EXP) {
            LANES((ua[l] & 0x80000000u) | aexp(ua[l] & 0x7fffffffu));
        }
        LANES((ua[l] & 0x80000000u) | arecip(ua[l] & 0x7fffffffu));
    case TF_SFPI_STOCHRND: {
        uint32_t n = (x >> 16) & 31;
        if ((rmod == TF_SFPI_RND_I2U8 || rmod == TF_SFPI_RND_I2I8) && !(x & TF_SFPI_RND_IMM)) {
            LANES(stochrnd(ua[l], rmod, vb[l] & 31));
        }
        LANES(stochrnd(ua[l], rmod, n));
    }
    case TF_SFPI_MUL24:
        if (x) {
            LANES((uint32_t)(((uint64_t)(ua[l] & 0x7fffffu) * (vb[l] & 0x7fffffu)) >> 23));
        }
        LANES((ua[l] * vb[l]) & 0x7fffffu);
    case TF_SFPI_SHFL: /* lane L from L - 1 of its row of 8; the row's first */
        LANES(l & 7 ? ua[l - 1] : x ? 0 : ua[l + 7]);
    case TF_SFPI_CAST: LANES(cast_sm(ua[l]));
    case TF_SFPI_FN: LANES(f_bits(sim_sfpu_unary1(bits_f(ua[l]), cmp, (x & TF_SFPU_APPROX) != 0)));
    default: LANES(fp16b(ua[l])); /* FP16B */
    }
#undef LANES
    write_lanes(s->reg[d], out, en);
    return 0;
}
