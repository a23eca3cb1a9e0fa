/* Top-k on the SFPU (tt-metal's api/compute/topk.h: topk_local_sort,
 * topk_merge, topk_rebuild): the instruction sequence of tt-llk's Blackhole
 * LLK (tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_topk.h:
 * _bitonic_topk_phases_steps, _bitonic_topk_merge, _bitonic_topk_rebuild)
 * run on a model of the SFPU's registers, so that ties, partly sorted
 * inputs and odd arguments come out as the hardware's network leaves them,
 * not merely as "a" top-k.
 *
 * The model (tt-isa-documentation, Blackhole SFPLOAD/SFPSWAP/SFPTRANSP/
 * SETRWC/INCRWC; docs/chip.md "Top-k"):
 * - DEST address x (rows of 16 values, a tile 64 rows, its faces one after
 *   another) at lane L is row (x & ~3) + L / 8, column 2 (L % 8) + bit 1 of
 *   x: a register holds 4 consecutive values of 8 tile columns.
 * - The values are in DEST tiles 0 and 1, the indices 128 rows (2 tiles)
 *   further; a column's 64 values are tile 0's column then tile 1's, so
 *   value n of a left-face column is at row (n % 16) + 32 (n / 16).
 * - SFPSWAP (VC, VD, mode): mode 0 swaps; mode 1 leaves VD the min and VC
 *   the max, modes 2 and 3 do so in register rows 0-1 (2) or 0 and 2 (3)
 *   and the opposite in the others, comparing the 32 bits as sign-magnitude
 *   integers (-0 < +0). Where VD is to get the min it swaps when VC < VD,
 *   where the max when !(VC < VD) (so equal values swap there). SFPCONFIG's
 *   reversal (ArgMin) inverts the decision. With index tracking (the init's
 *   ENABLE_DEST_INDEX) the same swap moves LREG4 + (VC & 3) and LREG4 +
 *   (VD & 3): an index follows its value.
 * - SFPTRANSP transposes LREG0-3 and LREG4-7 each as 4 x 4 rows of 8 lanes.
 * - The DEST counter: SETRWC sets Dst and Dst_Cr to 0; INCRWC adds to Dst,
 *   or with its carriage-return bit to Dst_Cr and copies it to Dst;
 *   ADDR_MOD_6 (the init's) adds 32 after the store that uses it. The LLK's
 *   set_dst_write_addr sets the base from DEST's tile 0 (whatever idst: the
 *   engine takes idst 0 only).
 * A value load and store is the SFPU's (the 32 bits loaded; the store
 * flushes a denormal, and a 16-bit DEST keeps the top half: a bf16 value
 * unchanged); an index moves as its bits. */
#include "tile_engine.h"

typedef struct topk_sfpu {
    uint32_t r[8][TF_SFPI_LANES];
    float *tile[TF_TOPK_NUM_TILES];
    int narrow, f16[TF_TOPK_NUM_TILES];
    uint32_t base, dst, dst_cr;
    int reverse, after_swap, bad;
    uint32_t cycles;
} topk_sfpu;

/* One issued instruction; SFPSWAP's second cycle stalls any SFPU
 * instruction but an SFPNOP (tt-isa-documentation SFPSWAP.md) */
static void issue(topk_sfpu *s, int nop)
{
    s->cycles += 1 + (s->after_swap && !nop);
    s->after_swap = 0;
}

/* The tile element lane l of DEST address x is, or NULL past the 4 tiles */
static float *lane_at(topk_sfpu *s, uint32_t x, int l)
{
    uint32_t tile = x / TF_SFPI_TILE_ROWS;
    return tile < TF_TOPK_NUM_TILES ? &s->tile[tile][sim_sfpi_lane(x, l)] : NULL;
}

static void load(topk_sfpu *s, int reg, uint32_t imm)
{
    issue(s, 0);
    for (int l = 0; l < TF_SFPI_LANES; l++) {
        float *p = lane_at(s, s->base + s->dst + imm, l);
        if (!p) {
            s->bad = 1;
            return;
        }
        s->r[reg][l] = f_bits(*p);
    }
}

static void store(topk_sfpu *s, int reg, uint32_t imm, int incr)
{
    issue(s, 0);
    uint32_t x = s->base + s->dst + imm;
    int f16 = s->f16[x / TF_SFPI_TILE_ROWS % TF_TOPK_NUM_TILES], value = reg < 4;
    for (int l = 0; l < TF_SFPI_LANES; l++) {
        float *p = lane_at(s, x, l);
        if (!p) {
            s->bad = 1;
            return;
        }
        uint32_t w = s->r[reg][l];
        *p = value ? sim_sfpi_store(w, s->narrow, f16) : bits_f(w);
    }
    if (incr) s->dst += 32;
}

/* sign-magnitude c < d */
static int sm_less(uint32_t c, uint32_t d)
{
    return sim_sm_key(bits_f(c)) < sim_sm_key(bits_f(d));
}

enum { SW_SWAP = 0, SW_ALL = 1, SW_ROWS01 = 2, SW_ROWS02 = 3 };

static void swap(topk_sfpu *s, int vc, int vd, int mode)
{
    issue(s, 0);
    s->after_swap = 1;
    uint32_t vd_min = mode == SW_ALL ? 0xffffffffu : mode == SW_ROWS01 ? 0x0000ffffu : 0x00ff00ffu;
    for (int l = 0; l < TF_SFPI_LANES; l++) {
        uint32_t c = s->r[vc][l], d = s->r[vd][l];
        int sw = mode == SW_SWAP ? 1 : (vd_min >> l & 1) ? sm_less(c, d) : !sm_less(c, d);
        if (mode != SW_SWAP && s->reverse) sw = !sw;
        if (!sw) continue;
        s->r[vc][l] = d;
        s->r[vd][l] = c;
        int ic = 4 + (vc & 3), id = 4 + (vd & 3);
        uint32_t t = s->r[ic][l];
        s->r[ic][l] = s->r[id][l];
        s->r[id][l] = t;
    }
}

static void nop(topk_sfpu *s)
{
    issue(s, 1);
}

static void transp(topk_sfpu *s)
{
    issue(s, 0);
    for (int bank = 0; bank < 8; bank += 4)
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                for (int k = 0; k < 8; k++) {
                    uint32_t *a = &s->r[bank + i][j * 8 + k], *b = &s->r[bank + j][i * 8 + k];
                    uint32_t t = *a;
                    *a = *b;
                    *b = t;
                }
}

/* SFPCONFIG's min/max reversal and the two NOPs the LLK puts after it */
static void reverse(topk_sfpu *s, int on)
{
    issue(s, 0);
    s->reverse = on;
    nop(s);
    nop(s);
}

static void setrwc(topk_sfpu *s)
{
    issue(s, 0);
    s->dst = s->dst_cr = 0;
}

/* n INCRWCs of 8 rows each (with the carriage-return bit: cr) */
static void incrwc(topk_sfpu *s, uint32_t rows, int cr)
{
    for (uint32_t i = 0; i < rows / 8; i++) {
        issue(s, 0);
        if (cr)
            s->dst = s->dst_cr += 8;
        else
            s->dst += 8;
    }
}

static void set_base(topk_sfpu *s, uint32_t x)
{
    issue(s, 0);
    s->base = x;
}

#define IDX 128u /* the indices: 2 tiles of 64 rows on */

/* 4 registers of values at 0, d0, d1, d1 + d0, and their indices */
static void load16(topk_sfpu *s, uint32_t d0, uint32_t d1)
{
    const uint32_t at[4] = {0, d0, d1, d1 + d0};
    for (int k = 0; k < 4; k++) load(s, k, at[k]);
    for (int k = 0; k < 4; k++) load(s, 4 + k, IDX + at[k]);
}

/* ... stored back; alt: the last store by ADDR_MOD_6 (Dst + 32 after it) */
static void store16(topk_sfpu *s, uint32_t d0, uint32_t d1, int alt)
{
    const uint32_t at[4] = {0, d0, d1, d1 + d0};
    for (int k = 0; k < 4; k++) store(s, k, at[k], 0);
    for (int k = 0; k < 4; k++) store(s, 4 + k, IDX + at[k], alt && k == 3);
}

/* 2 registers: value n (4 of them a register) of a column, and dist rows on */
static uint32_t seq_row(uint32_t n)
{
    return (n & 15) + (n >> 4) * 32;
}
static void load8(topk_sfpu *s, uint32_t n, uint32_t dist)
{
    uint32_t x = seq_row(n);
    load(s, 0, x);
    load(s, 1, x + dist);
    load(s, 4, IDX + x);
    load(s, 5, IDX + x + dist);
}
static void store8(topk_sfpu *s, uint32_t n, uint32_t dist)
{
    uint32_t x = seq_row(n);
    store(s, 0, x, 0);
    store(s, 1, x + dist, 0);
    store(s, 4, IDX + x, 0);
    store(s, 5, IDX + x + dist, 0);
}

/* The compare-exchange stages on 16 values a column (4 registers). A
 * register row is then one value a column: SFPTRANSP makes register k hold
 * values k, k + 4, k + 8, k + 12, and back. */
/* Registers 0-1 and 2-3 compared, then 2-3 swapped back: adjacent pairs
 * in alternating directions */
static void pairs_alternating(topk_sfpu *s)
{
    swap(s, 0, 1, SW_ALL);
    swap(s, 2, 3, SW_ALL);
    nop(s);
    swap(s, 2, 3, SW_SWAP);
    nop(s);
}

/* Steps 2 and 1 across the four registers (0-2 and 1-3, then 0-1 and
 * 2-3), each compare in swap mode `mode` */
static void steps2_1(topk_sfpu *s, int mode)
{
    swap(s, 0, 2, mode);
    swap(s, 1, 3, mode);
    nop(s);
    swap(s, 0, 1, mode);
    swap(s, 2, 3, mode);
    nop(s);
}

static void ph0_step1(topk_sfpu *s) /* pairs, alternating direction */
{
    transp(s);
    pairs_alternating(s);
    transp(s);
}

static void ph1_steps2_1(topk_sfpu *s) /* runs of 4, alternating by register row */
{
    transp(s);
    steps2_1(s, SW_ROWS02);
    transp(s);
}

static void ph2_steps3_1(topk_sfpu *s) /* runs of 8, the second reversed */
{
    pairs_alternating(s);
    transp(s);
    steps2_1(s, SW_ROWS01);
    transp(s);
}

/* steps 4 to 1 of a run of 16: descending, or ascending (dir 1: ArgMin,
 * SFPCONFIG's reversal around it) */
static void ph3_steps4_1(topk_sfpu *s, int dir)
{
    if (dir) reverse(s, 1);
    for (int k = 0; k < 2; k++) {
        steps2_1(s, SW_ALL);
        transp(s);
    }
    if (dir) reverse(s, 0);
}

/* A step of distance 16 or 32 (values 2 dist rows apart) */
static void step_n(topk_sfpu *s, int dir)
{
    swap(s, 0, 2, SW_ALL);
    swap(s, 1, 3, SW_ALL);
    if (dir) {
        swap(s, 0, 2, SW_SWAP);
        swap(s, 1, 3, SW_SWAP);
    }
}

/* Steps start_step down to end_step + 1 (each 16 or 32 apart) of runs of
 * seq values, then steps 4 to 1 on each 16, the direction from idir and
 * turned once when seq values are done (the LLK's equality test) */
static void steps_n_to_1(topk_sfpu *s, int idir, uint32_t start_step, uint32_t end_step,
                         uint32_t seq)
{
    int dir;
    uint32_t done;
    for (uint32_t ss = start_step; ss > end_step; ss--) {
        setrwc(s);
        dir = idir;
        uint32_t dist = ss == 5 ? 16 : 32, inner = dist >> 3, off = 0;
        done = 0;
        while (done < 64) {
            for (uint32_t ii = 0; ii < inner; ii++) {
                load16(s, 4, 2 * dist);
                step_n(s, dir);
                store16(s, 4, 2 * dist, 0);
                uint32_t inc = 8;
                int cr = 0;
                off += 8;
                if (ii == inner - 1) {
                    cr = 1;
                    inc = 4 * dist;
                    off = 2 * dist;
                } else if (off == 16) {
                    cr = 1;
                    inc = 32;
                }
                incrwc(s, inc, cr);
                done += 16;
            }
            if (done == seq) dir = !dir;
        }
    }
    dir = idir;
    setrwc(s);
    done = 0;
    while (done < 64) {
        load16(s, 4, 8);
        ph3_steps4_1(s, dir);
        store16(s, 4, 8, 1);
        done += 16;
        if (done == seq) dir = !dir;
    }
}

/* The LLK's four passes: the even then odd columns of the left faces, then
 * of the right ones (the base 0, 2, 16, 18 rows) */
#define FOR_PASSES(s)                                                                              \
    for (int pass = 0; pass < 4; set_base(s, pass == 1 ? 16u : (s)->base + 2), pass++)
/* (set_base after passes 0 and 2 moves 2 rows; after pass 1 the LLK sets
 * 4 then 16: counted as two) */

static void pass_end(topk_sfpu *s, int pass)
{
    if (pass == 1 || pass == 3) issue(s, 0); /* the face loop's second set_dst_write_addr */
}

int sim_topk_run(float *tile[TF_TOPK_NUM_TILES], int narrow, const int f16[TF_TOPK_NUM_TILES],
                 uint32_t sub, const int *p, uint32_t *cycles)
{
    topk_sfpu s;
    memset(&s, 0, sizeof s);
    for (int k = 0; k < TF_TOPK_NUM_TILES; k++) {
        s.tile[k] = tile[k];
        s.f16[k] = f16[k];
    }
    s.narrow = narrow;
    if (sub == TF_TOPK_LOCAL_SORT) {
        int idir = p[0], end = p[1], start = p[2], end_step = p[3], start_step = p[4];
        FOR_PASSES(&s)
        {
            int dir = idir;
            for (int ph = start; ph <= end; ph++) {
                setrwc(&s);
                switch (ph) {
                case 0:
                case 1:
                case 2:
                case 3:
                    for (int d = 0; d < 4; d++) {
                        load16(&s, 4, 8);
                        if (ph == 0) ph0_step1(&s);
                        if (ph == 1) ph1_steps2_1(&s);
                        if (ph == 2) ph2_steps3_1(&s);
                        if (ph == 3) {
                            ph3_steps4_1(&s, dir);
                            dir = !dir;
                        }
                        store16(&s, 4, 8, 1);
                    }
                    break;
                default: {
                    uint32_t steps = (uint32_t)ph + 1, one = start == end;
                    steps_n_to_1(&s, idir, one ? (uint32_t)start_step : steps,
                                 one ? (uint32_t)end_step : 4, 1u << steps);
                }
                }
            }
            pass_end(&s, pass);
        }
    } else if (sub == TF_TOPK_MERGE) {
        int m = p[0], top_min = p[1], k = p[2];
        uint32_t kmax = k > 32 ? 32 : (uint32_t)k, inner = kmax >> 2;
        uint32_t total = (64u >> m) < 2 * kmax ? 2 * kmax : 64u >> m;
        uint32_t dist = (kmax << m) > 32 ? 32 : kmax << m, ld = dist < 16 ? dist : 2 * dist;
        FOR_PASSES(&s)
        {
            setrwc(&s);
            uint32_t done = 0, n = 0, cr = 0;
            while (done < total) {
                for (uint32_t ii = 0; ii < inner; ii++) {
                    load8(&s, n, ld);
                    swap(&s, top_min ? 1 : 0, top_min ? 0 : 1, SW_ALL);
                    store8(&s, n, ld);
                    done += 8;
                    if (ii == inner - 1)
                        n = cr += 2 * dist;
                    else
                        n += 4;
                }
            }
            pass_end(&s, pass);
        }
    } else {
        int idir = p[0], m = p[1], k = p[2], logk = p[3], skip = p[4];
        uint32_t rm = (uint32_t)m + 1;
        uint32_t total = (64u >> rm) < 2u * (uint32_t)k ? 2u * (uint32_t)k : 64u >> rm;
        total >>= skip & 1;
        uint32_t dist = ((uint32_t)k << rm) > 32 ? 32 : (uint32_t)k << rm;
        uint32_t off = (dist >> 4) * 32 + (dist & 15);
        FOR_PASSES(&s)
        {
            setrwc(&s);
            int dir = idir;
            uint32_t done = 0;
            switch (logk - 1) {
            case 1:
                if (m >= 2) {
                    for (; done < total; done += 16) {
                        load8(&s, 0, off);
                        ph1_steps2_1(&s);
                        store8(&s, 0, off);
                        incrwc(&s, 64, 0);
                    }
                } else {
                    uint32_t ld = off < 16 ? 4 * off : 2 * off;
                    for (; done < total; done += 16) {
                        load16(&s, off, ld);
                        ph1_steps2_1(&s);
                        store16(&s, off, ld, 1);
                        incrwc(&s, 32, 0);
                    }
                }
                break;
            case 2:
                for (; done < total; done += 16) {
                    load16(&s, 4, off);
                    ph2_steps3_1(&s);
                    store16(&s, 4, off, 1);
                    incrwc(&s, 32, 0);
                }
                break;
            case 3:
                for (; done < total; done += 16) {
                    load16(&s, 4, 8);
                    ph3_steps4_1(&s, dir);
                    store16(&s, 4, 8, 1);
                    incrwc(&s, 32, 0);
                    dir = !dir;
                }
                break;
            default: /* k 32, 64: the whole 64 (the LLK's own count; skip_second unused) */
                steps_n_to_1(&s, idir, (uint32_t)logk, 4, 1u << logk);
                break;
            }
            pass_end(&s, pass);
        }
    }
    *cycles = s.cycles;
    return s.bad ? -1 : 0;
}
