/* sfpu_reduce (tt-metal's api/compute/sfpu_reduce.h) in a tt-metal-style
 * compute kernel built at run time (tests/ttm/kernels/sfpu_reduce.cpp):
 * each PoolType (SUM, AVG, MAX, MIN) of each format (Float32 with an fp32
 * DEST, Float16_b with a 16-bit one, Int32, UInt32, UInt16) on a tile with
 * edge values (-0, +-inf, +-NaN, sums that round, overflow, wrapping
 * integers), every output value bit for bit against a host reference in
 * the model's order (docs/chip.md "SFPU reductions": row 0 the result, the
 * other rows kept); the modeled SFPU cycles; the run-time faults (another
 * init, ct_dim or rt_dim not 1, the other kind of tile, a 16-bit DEST for
 * integers) and the compile-time refusals (tt-metal's). REDUCE_ROW (SUM,
 * MAX, MIN) likewise on the transposed tile, the results in column 0. */
#include "tf_perf.h"
#include "tf_tile.h"
#include "ttm_int_tiles.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };
enum { SUM, AVG, MAX, MIN };

/* One dispatch: x (format df) in CB 0, the reduction `pool` along rows
 * (row) or columns with mistake m (the kernel's runtime arguments), CB 16
 * back in out. */
static int run(uint32_t df, int fp32, int pool, int m, int row, const uint32_t *x, uint32_t *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char d[24];
    snprintf(d, sizeof d, "DF=%u", df);
    const char *defs[] = {d};
    tf_kernel *cmp = ttm_compute(dev, "sfpu_reduce", defs, 1, fp32);
    const uint32_t *xs[] = {x};
    uint32_t ca[] = {(uint32_t)pool, (uint32_t)m, (uint32_t)row};
    return ttm_int_dispatch(dev, cmp, df, df, xs, 1, ca, 3, out, pc, err, errcap);
}

/* fp32 bits and back (tf_check.h's) */
#define fb tf_check_bits
#define bf tf_check_float

static uint32_t lcg(void)
{
    static uint32_t s = 12345;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* A float tile: columns 0-10 the edges, the rest mixed magnitudes and
 * signs; bf16: every value kept to bf16 (the CB's format). */
static void float_input(uint32_t *x, int bf16)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            float v = (float)((int32_t)(lcg() >> 8) - (1 << 23)) / (float)(1 << (lcg() % 20));
            switch (c) {
            case 0: v = -0.0f; break;                                       /* -0 everywhere */
            case 1: v = r % 3 ? 0.0f : -0.0f; break;                        /* +-0 */
            case 2: v = r == 7 ? INFINITY : 1.5f; break;                    /* +inf */
            case 3: v = r == 2 ? INFINITY : r == 30 ? -INFINITY : 1; break; /* inf - inf */
            case 4: v = r == 19 ? bf(0x7fc00000u) : (float)r; break;        /* +NaN */
            case 5: v = r == 5 ? bf(0xffc00000u) : -(float)r; break;        /* -NaN */
            case 6: v = r % 4 == 0 ? 16777216.0f : 1.0f; break;             /* sums that round */
            case 7: v = 3.0e38f; break;                                     /* overflow to inf */
            case 8: v = r < 16 ? 1.0e-7f : 1.0e7f; break;                   /* magnitudes apart */
            case 9: v = r == 11 ? -1.0e-30f : -(float)(r + 1) * 1e20f; break;
            case 10: v = r == 15 ? 16777216.0f : r == 1 || r == 2 ? 1.0f : 0.0f; break;
            default: break;
            }
            uint32_t w = fb(v);
            x[r * D + c] = bf16 ? w & 0xffff0000u : w;
        }
}

/* The SFPU's order of fp32 values: sign-magnitude integers. */
static int64_t key(uint32_t w)
{
    return w >> 31 ? -(int64_t)(w & 0x7fffffffu) - 1 : (int64_t)w;
}

static float s4(float a, float b, float c, float d)
{
    return a + (b + (c + d));
}

/* The model's order (docs/chip.md): in each half, rows j, j + 4, j + 8,
 * j + 12 for position j; the halves' position sums added; then the 4
 * positions. */
static float col_sum(const uint32_t *x, int c)
{
    float p[4];
    for (int j = 0; j < 4; j++) {
        float h[2];
        for (int half = 0; half < 2; half++) {
            const uint32_t *q = x + (16 * half + j) * D + c;
            h[half] = s4(bf(q[0]), bf(q[4 * D]), bf(q[8 * D]), bf(q[12 * D]));
        }
        p[j] = h[0] + h[1];
    }
    return s4(p[0], p[1], p[2], p[3]);
}

/* Row r's sum in the model's order (docs/chip.md): lane k's 4 values
 * (columns 2k, 2k + 1, 16 + 2k, 17 + 2k), then the lanes 4, 2 and 1
 * apart. */
static float row_sum(const uint32_t *x, int r)
{
    const uint32_t *q = x + r * D;
    float v[8];
    for (int k = 0; k < 8; k++)
        v[k] = s4(bf(q[2 * k]), bf(q[2 * k + 1]), bf(q[16 + 2 * k]), bf(q[17 + 2 * k]));
    return ((v[7] + v[3]) + (v[5] + v[1])) + ((v[6] + v[2]) + (v[4] + v[0]));
}

/* Line i's values: column i, or with row set row i. */
static uint32_t at(const uint32_t *x, int i, int k, int row)
{
    return row ? x[i * D + k] : x[k * D + i];
}

static uint32_t float_want(const uint32_t *x, int i, int pool, int bf16, int row)
{
    uint32_t w;
    if (pool == SUM || pool == AVG) {
        float s = row ? row_sum(x, i) : col_sum(x, i);
        w = fb(pool == AVG ? s * 0.03125f : s);
    } else {
        w = at(x, i, 0, row);
        for (int k = 1; k < D; k++) {
            uint32_t v = at(x, i, k, row);
            if (pool == MAX ? key(v) > key(w) : key(v) < key(w)) w = v;
        }
    }
    return bf16 ? w & 0xffff0000u : w; /* a 16-bit DEST: the SFPU's store truncates */
}

/* An integer tile of format df: columns 0-5 the edges, the rest mixed. */
static void int_input(uint32_t *x, uint32_t df)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            uint32_t v = lcg();
            switch (c) {
            case 0: v = 0x7fffffffu; break; /* wraps */
            case 1: v = 0x80000000u; break; /* INT32_MIN x 32 */
            case 2: v = r == 9 ? 0xffffffffu : r == 20 ? 0x80000000u : (uint32_t)r; break;
            case 3: v = 0xffffffffu - (uint32_t)r; break;         /* -1 - r; UInt32 near 2^32 */
            case 4: v = (uint32_t) - (int32_t)(r * 7 + 1); break; /* negatives: AVG toward 0 */
            case 5: v = 0xffffu; break;                           /* UInt16's max */
            default: break;
            }
            x[r * D + c] = df == TF_DF_UINT16 ? v & 0xffffu : v;
        }
}

static uint32_t int_want(const uint32_t *x, int i, int pool, uint32_t df, int row)
{
    int s32 = df == TF_DF_INT32;
    uint32_t mask = df == TF_DF_UINT16 ? 0xffffu : 0xffffffffu;
    if (pool == SUM || pool == AVG) {
        uint64_t s = 0;
        for (int k = 0; k < D; k++) s += at(x, i, k, row);
        uint32_t w = (uint32_t)s;
        if (pool == AVG) {
            if (s32) {
                int32_t v = (int32_t)w, q = (int32_t)((v < 0 ? -(int64_t)v : v) >> 5);
                w = (uint32_t)(v < 0 ? -q : q);
            } else {
                /* UInt16: the whole sum's (below 2^21); UInt32: the wrapped sum's */
                w = mask == 0xffffu ? (uint32_t)(s >> 5) : w >> 5;
            }
        }
        return w & mask;
    }
    uint32_t w = at(x, i, 0, row);
    for (int k = 1; k < D; k++) {
        uint32_t v = at(x, i, k, row);
        int gt = s32 ? (int32_t)v > (int32_t)w : v > w;
        int lt = s32 ? (int32_t)v < (int32_t)w : v < w;
        if (pool == MAX ? gt : lt) w = v;
    }
    return w;
}

static uint64_t cycles_want(int pool, uint32_t df, int row)
{
    int is_int = df != TF_DF_FLOAT32 && df != TF_DF_FLOAT16_B;
    if (row) return 176;
    switch (pool) {
    case SUM: return 80;
    case AVG: return !is_int ? 84 : df == TF_DF_INT32 ? 108 : 84;
    default: return is_int && df == TF_DF_INT32 ? 142 : 80;
    }
}

/* x transposed in place (a row reduction's edge rows from the edge
 * columns). */
static void transpose(uint32_t *x)
{
    for (int r = 0; r < D; r++)
        for (int c = r + 1; c < D; c++) {
            uint32_t t = x[r * D + c];
            x[r * D + c] = x[c * D + r];
            x[c * D + r] = t;
        }
}

static void reduce_case(uint32_t df, int fp32, int pool, int row)
{
    static uint32_t x[E], out[E];
    int is_int = df != TF_DF_FLOAT32 && df != TF_DF_FLOAT16_B, bf16 = df == TF_DF_FLOAT16_B;
    if (is_int)
        int_input(x, df);
    else
        float_input(x, bf16);
    if (row) transpose(x);
    tf_perf_core pc;
    char err[2048];
    if (run(df, fp32, pool, 0, row, x, out, &pc, err, sizeof err)) {
        fprintf(stderr, "sfpu_reduce DF=%u pool %d row %d: %s\n", df, pool, row, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (int i = 0; i < E; i++) {
        int r = i / D, c = i % D, line = row ? r : c;
        uint32_t w = (row ? c : r) != 0 ? x[i]
                     : is_int           ? int_want(x, line, pool, df, row)
                                        : float_want(x, line, pool, bf16, row);
        if (out[i] != w && bad++ < 4)
            fprintf(stderr, "sfpu_reduce DF=%u pool %d row %d: (%d, %d) = 0x%08x, want 0x%08x\n",
                    df, pool, row, r, c, out[i], w);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], cycles_want(pool, df, row));
    CHECK_EQ_U(pc.tiles[TF_PERF_FLOP_SFPU], 1);
}

static void fault_case(uint32_t df, int fp32, int pool, int m, int row, const char *msg)
{
    static uint32_t x[E], out[E];
    tf_perf_core pc;
    char err[2048];
    int_input(x, TF_DF_UINT16); /* (small values: any format) */
    int rc = run(df, fp32, pool, m, row, x, out, &pc, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (rc) CHECK_CONTAINS(err, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    /* a few exact values first: the order's rounding and the edges */
    {
        static uint32_t x[E];
        float_input(x, 0);
        /* 2^27 + 24 -> 2^27 + 32 (rows in order would give 8 x 2^24) */
        CHECK_EQ_U(float_want(x, 6, SUM, 0, 0), fb(134217760.0f));
        /* 2^24 + 2 in rows' order or the 2025 LLK's (groups of 4 rows first) */
        CHECK_EQ_U(float_want(x, 10, SUM, 0, 0), fb(16777216.0f));
        CHECK_EQ_U(float_want(x, 0, SUM, 0, 0), 0x80000000u); /* -0 */
        CHECK_EQ_U(float_want(x, 1, MIN, 0, 0), 0x80000000u);
        CHECK_EQ_U(float_want(x, 1, MAX, 0, 0), 0u);
        CHECK_EQ_U(float_want(x, 4, MAX, 0, 0), 0x7fc00000u); /* +NaN ranks highest */
        CHECK_EQ_U(float_want(x, 5, MIN, 0, 0), 0xffc00000u); /* -NaN lowest */
        CHECK_EQ_U(float_want(x, 7, SUM, 0, 0), fb(INFINITY));
    }
    {
        /* the row order: 2^24 + 2 in columns' order, 2^24 here */
        static uint32_t x[E];
        float_input(x, 0);
        transpose(x);
        CHECK_EQ_U(float_want(x, 10, SUM, 0, 1), fb(16777216.0f));
    }
    for (int row = 0; row < 2; row++)
        for (int pool = SUM; pool <= MIN; pool++) {
            if (row && pool == AVG) continue; /* (tt-metal has no row average) */
            reduce_case(TF_DF_FLOAT32, 1, pool, row);
            reduce_case(TF_DF_FLOAT16_B, 0, pool, row);
            reduce_case(TF_DF_INT32, 1, pool, row);
            reduce_case(TF_DF_UINT32, 1, pool, row);
            reduce_case(TF_DF_UINT16, 1, pool, row);
        }
    /* the run-time faults: the kernel's mistake m (sfpu_reduce.cpp) */
    static const struct {
        uint32_t df;
        int fp32, pool, m, row;
        const char *msg;
    } faults[] = {
        {TF_DF_FLOAT32, 1, SUM, 1, 0,
         "tile engine SFPU REDUCE_SUM: used without its init: call the REDUCE_SUM init first "
         "(the last SFPU init was REDUCE_MAX)"},
        {TF_DF_INT32, 1, MIN, 4, 0,
         "tile engine SFPU REDUCE_MIN_INT: used without its init: call the REDUCE_MIN_INT init "
         "first (the last SFPU init was REDUCE_MIN)"},
        {TF_DF_FLOAT32, 1, AVG, 2, 0,
         "tile engine SFPU REDUCE_AVG: ct_dim 2 and rt_dim 1: sfpu_reduce is modeled on one tile"},
        {TF_DF_FLOAT32, 1, MAX, 2, 1,
         "tile engine SFPU REDUCE_MAX: ct_dim 2 and rt_dim 1: sfpu_reduce is modeled on one tile"},
        {TF_DF_UINT16, 1, MAX, 3, 0,
         "tile engine SFPU REDUCE_MAX_INT: ct_dim 1 and rt_dim 255: sfpu_reduce is modeled"},
        {TF_DF_INT32, 1, SUM, 5, 0,
         "tile engine SFPU REDUCE_SUM: it takes float values but is given integers"},
        {TF_DF_FLOAT32, 1, MAX, 5, 0,
         "tile engine SFPU REDUCE_MAX_INT: it takes integer values but is given floats"},
        {TF_DF_UINT16, 0, SUM, 0, 0, "it needs an fp32 DEST (fp32_dest_acc_en)"},
    };
    for (size_t k = 0; k < sizeof faults / sizeof faults[0]; k++)
        fault_case(faults[k].df, faults[k].fp32, faults[k].pool, faults[k].m, faults[k].row,
                   faults[k].msg);
    ttm_refused(dev, "sfpu_reduce_refused", 1,
                "sfpu_reduce takes DataFormat::Float32, Float16_b, Int32, UInt32 or UInt16");
    ttm_refused(dev, "sfpu_reduce_refused", 2,
                "sfpu_reduce takes DataFormat::Float32, Float16_b, Int32, UInt32 or UInt16");
    ttm_refused(dev, "sfpu_reduce_refused", 3,
                "sfpu_reduce: REDUCE_COL takes every PoolType, REDUCE_ROW only SUM, MAX and MIN");
    ttm_refused(dev, "sfpu_reduce_refused", 4,
                "sfpu_reduce: REDUCE_COL takes every PoolType, REDUCE_ROW only SUM, MAX and MIN");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_reduce");
}
