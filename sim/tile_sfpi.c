/* SFPI on the tile engine (contracts/tf_sfpi.h; docs/chip.md "SFPI"): the
 * vector registers, the lane predication and the operations of a compute
 * kernel's own SFPU program. sim/tile.c checks the command's place (the
 * math thread's DEST half), keeps DEST's bookkeeping and the time; this
 * file computes. The figures and bit rules are tt-isa-documentation's
 * functional models of the Blackhole SFPU instructions (SFPMAD, SFPSETCC,
 * SFPEXEXP, SFPSTOCHRND, SFPCAST, SFPSWAP, SFPLOAD, SFPSTORE). */
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
 * zero) */
static int test(uint32_t t, uint32_t cmp)
{
    int neg = (int32_t)t < 0, zero = t == 0;
    switch (cmp) {
    case TF_SFPI_CMP_LT: return neg;
    case TF_SFPI_CMP_GE: return !neg;
    case TF_SFPI_CMP_EQ: return zero;
    case TF_SFPI_CMP_NE: return !zero;
    case TF_SFPI_CMP_GT: return !neg && !zero;
    default: return neg || zero; /* LE */
    }
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

/* The lanes of a condition register that are set */
static uint32_t mask_of(const uint32_t *m)
{
    uint32_t k = 0;
    for (int l = 0; l < TF_SFPI_LANES; l++)
        if (m[l]) k |= 1u << l;
    return k;
}

/* Lane L of the access at DEST address x (contracts/tf_sfpi.h): its index
 * in the row-major tile whose rows x's rows are (x % 64: the tile's own
 * 64 rows, face after face) */
static int lane_index(uint32_t x, int l)
{
    uint32_t row = (x & 60u) + (uint32_t)l / 8, col = 2u * ((uint32_t)l % 8) + ((x >> 1) & 1);
    uint32_t face = row / 16, r = row % 16;
    return (int)(((face >> 1) * 16 + r) * TF_TILE_DIM + (face & 1) * 16 + col);
}

/* A float stored into DEST: an fp32 DEST flushes a denormal, a 16-bit one
 * truncates to bf16 (or to a half in its Float16 mode: f16) */
static float store_conv(uint32_t w, int narrow, int f16)
{
    if (!narrow) return bits_f(ftz(w));
    if (f16) return sim_fp16_dest(bits_f(w), 1);
    return bits_f(((w & 0x7f800000u) ? w : w & 0x80000000u) & 0xffff0000u);
}

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

/* ---- the command -------------------------------------------------------------------------- */

int sim_sfpi_run(sim_sfpi *s, const sim_sfpi_cmd *c, sim_sfpi_fault *f, uint32_t *cycles)
{
    ready(s);
    uint32_t op = TF_SFPI_OP(c->word), d = TF_SFPI_D(c->word), a = TF_SFPI_A(c->word),
             b = TF_SFPI_B(c->word), x = c->arg1;
    memset(f, 0, sizeof *f);
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
    int uses_d =
        (op != TF_SFPI_STORE && op != TF_SFPI_MINMAX && op != TF_SFPI_SWAP && op < TF_SFPI_CC_IF) ||
        op == TF_SFPI_CONFIG;
    uint32_t cr = x & 0xff;
    int pairs = op == TF_SFPI_MINMAX || op == TF_SFPI_SWAP;
    if ((uses_d && bad_reg(d, f)) || (uses_a && bad_reg(a, f)) || (uses_b && bad_reg(b, f)) ||
        (op == TF_SFPI_MAD && bad_reg(cr, f)))
        return -1;
    if ((uses_d && read_only(d, f)) || (pairs && (read_only(a, f) || read_only(b, f)))) return -1;
    if ((op == TF_SFPI_CAST || op == TF_SFPI_FP16B) && x) {
        f->why = TF_SFPI_ERR_ROUND, f->b = x > 255 ? 255 : x;
        return -1;
    }
    /* the operands ARG1 holds, where the C++ layer sends a few values */
    uint32_t cmp = x & 0xff;
    if (((op == TF_SFPI_FCMP || op == TF_SFPI_ICMP) &&
         (cmp > TF_SFPI_CMP_LE || (x & ~0x1ffu) || (op == TF_SFPI_ICMP && (x >> 8)))) ||
        (op == TF_SFPI_MAD && (x >> 10)) || (op == TF_SFPI_SHFT && (x & ~0xfff03u)) ||
        ((op == TF_SFPI_ABS || op == TF_SFPI_EXEXP || op == TF_SFPI_EXMAN) && x > 1) ||
        (op == TF_SFPI_FN && ((x & ~(0xffu | TF_SFPU_APPROX)) || !TF_SFPI_FN_OK(x & 0xff)))) {
        f->why = TF_SFPI_ERR_ARG, f->b = x > 255 ? 255 : x;
        return -1;
    }
    *cycles = op_cycles[op];
    if (op == TF_SFPI_FN) /* the tile op's cost, a 32nd of it (32 units a tile) */
        *cycles = (sim_sfpu_cycles(cmp, (x & TF_SFPU_APPROX) != 0, 1, 0) + 31) / 32;
    uint32_t en = s->enable;
    const uint32_t *ra = uses_a ? s->reg[a] : NULL, *rb = uses_b ? s->reg[b] : NULL;
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
    case TF_SFPI_LOAD:
        for (int l = 0; l < TF_SFPI_LANES; l++) out[l] = f_bits(c->tile[lane_index(x, l)]);
        break;
    case TF_SFPI_STORE:
        for (int l = 0; l < TF_SFPI_LANES; l++)
            if (en >> l & 1)
                c->tile[lane_index(x, l)] =
                    b == 1 ? bits_f(ra[l]) : store_conv(ra[l], c->narrow, c->f16);
        return 0;
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
    switch (op) {
    case TF_SFPI_LOADI: LANES(x);
    case TF_SFPI_LOAD: break; /* (out: loaded above) */
    case TF_SFPI_MOV: LANES(ua[l]);
    case TF_SFPI_MAD: {
        uint32_t na = x & TF_SFPI_MAD_NEG_AB ? 0x80000000u : 0,
                 nc = x & TF_SFPI_MAD_NEG_C ? 0x80000000u : 0;
        const uint32_t *wc = s->reg[cr];
        LANES(mad(ua[l] ^ na, vb[l], wc[l] ^ nc));
    }
    case TF_SFPI_FCMP:
        if (x & TF_SFPI_CMP_RAW) {
            LANES(test(ua[l], cmp) ? 0xffffffffu : 0);
        }
        LANES(test(mad(vb[l], 0xbf800000u, ua[l]), cmp) ? 0xffffffffu : 0);
    case TF_SFPI_ICMP: LANES(test(ua[l] - vb[l], cmp) ? 0xffffffffu : 0);
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
    case TF_SFPI_LZ: LANES(lz(ua[l]));
    case TF_SFPI_CAST: LANES(cast_sm(ua[l]));
    case TF_SFPI_FN: LANES(f_bits(sim_sfpu_unary1(bits_f(ua[l]), cmp, (x & TF_SFPU_APPROX) != 0)));
    default: LANES(fp16b(ua[l])); /* FP16B */
    }
#undef LANES
    if (en == 0xffffffffu) {
        memcpy(s->reg[d], out, sizeof out);
    } else {
        for (int l = 0; l < TF_SFPI_LANES; l++)
            if (en >> l & 1) s->reg[d][l] = out[l];
    }
    return 0;
}
