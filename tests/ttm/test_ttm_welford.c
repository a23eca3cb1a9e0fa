/* Welford's running statistics (tt-metal's api/compute/welford.h) in a
 * tt-metal-style compute kernel built at run time (tests/ttm/kernels/
 * welford.cpp): tiles streamed through welford_update (and
 * welford_update_rows for a partial last tile), then welford_finalize_to_row
 * or, with the statistics saved, an SFPU op run and the statistics
 * restored, welford_finalize_to_face at a group; welford_save_state's raw
 * layout; a row range inside one tile. Every output value bit for bit
 * against a host reference doing the LLK's operations in its order (one
 * rounded multiply-add each, rows in order, each column its own
 * statistic; the reciprocals from the kernel's LUT, whose odd entries are
 * one ulp off 1 / (n + 1) so the test sees them used, or from the
 * division), with an fp32 DEST and a 16-bit one of bf16 or of halves
 * (Float16 tiles; the SFPU's truncating stores); tiles transposed into
 * DEST as ttnn's layernorm does (transpose_wh_tile); welford_clear; the
 * means and variances close to a double-precision two-pass reference; the
 * modeled SFPU cycles; each fault, with the kernel's line.
 * docs/chip.md "Welford's statistics". */
#include "ttm_sfpu.h"

#include <math.h>
#include <string.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS, MAXT = 4 };

static uint32_t lcg(void)
{
    static uint32_t s = 2463534242u;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* nt input tiles (row-major, tile t = rows 32t..32t+31): each column its
 * own mean and spread (a large mean with a small spread in some, where a
 * one-pass sum of squares would lose the variance), a constant column
 * (variance 0), a column of +-0; bf16: each value kept to bf16 (the CB's
 * format). */
static void inputs(float *in, int nt, int kind)
{
    int bf16 = kind != 1;
    for (int r = 0; r < nt * D; r++)
        for (int c = 0; c < D; c++) {
            float noise = (float)(lcg() >> 8) / (float)(1 << 24) - 0.5f;
            float base = (float)(c - 16) * 37.0f + (c % 3 == 0 ? 4096.0f : 0.0f);
            float v = base + noise * ldexpf(1.0f, c % 7 - 2);
            if (c == 5) v = 3.25f;
            if (c == 9) v = r % 3 ? 0.0f : -0.0f;
            in[r * D + c] = bf16 ? ttm_bf16_rne(v) : v;
        }
    if (kind == 2) { /* as a Float16 tile holds them (all representable) */
        static uint8_t t[MAXT * TF_TILE_BF16];
        MUST(tf_tilize(in, (uint32_t)nt * D, D, TF_TILE_FORMAT_FP16, t));
        MUST(tf_untilize(t, (uint32_t)nt * D, D, TF_TILE_FORMAT_FP16, in));
    }
}

/* the reciprocal of sample n's count as the kernel loads it: its LUT's
 * entry (odd samples one ulp up) or the division */
static float recip(uint32_t n, int lut)
{
    float r = 1.0f / (float)(n + 1);
    return lut ? tf_check_float(tf_check_bits(r) + (n & 1)) : r;
}

typedef struct stats {
    float mean[D], m2[D];
} stats;

/* one row into each column's statistic: tt-llk's six instructions, each
 * a multiply-add rounded once */
static void ref_row(stats *s, const float *x, uint32_t n, int lut)
{
    float rc = recip(n, lut);
    for (int c = 0; c < D; c++) {
        float d = fmaf(-1.0f, s->mean[c], x[c]);
        float next = fmaf(d, rc, s->mean[c]);
        float e = fmaf(-1.0f, next, x[c]);
        s->m2[c] = fmaf(d, e, s->m2[c]);
        s->mean[c] = next;
    }
}

/* a value as a 16-bit DEST holds it after the SFPU's store */
static float stored(float v, int fp32)
{
    if (fp32 == 1) return v;
    if (fp32 == 0) return ttm_bf16_trunc(v);
    /* halves (Float16 data): below 2^-14 a signed zero, else the 13 low
     * bits cut (the values here stay below 2^16) */
    uint32_t w = tf_check_bits(v);
    return tf_check_float((w & 0x7fffffffu) < 0x38800000u ? w & 0x80000000u : w & ~0x1fffu);
}

/* the DEST: 1 fp32 (Float32 tiles), 0 16-bit with Float16_b tiles, 2
 * 16-bit with Float16 tiles (DEST holds halves) */
static const char *dest_name(int fp32)
{
    return fp32 == 1 ? "fp32" : fp32 == 2 ? "fp16" : "bf16";
}

/* tt-llk's raw layout: SFPU lane l (the tile column col_of(l) after its
 * load and transpose) at DEST row 4 g + l / 8, column 2 (l % 8); DEST
 * rows 0-63 are the four 16 x 16 faces in order */
static int col_of(int l)
{
    int b = l / 8;
    return (b & 1) + 2 * (l % 8) + 16 * (b >> 1);
}
static int raw_at(int g, int l)
{
    int dr = 4 * g + l / 8, face = dr / 16;
    return ((face >> 1) * 16 + dr % 16) * D + (face & 1) * 16 + 2 * (l % 8);
}

/* the kernel (MODE, NT, LAST, LUT, G) on nt tiles of in; 0 and the two
 * output tiles (mean, then variance or m2) in out, or the fault in err */
static int run(int fp32, int mode, int nt, int last, int lut, int g, const float *in, float *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char d[5][24];
    snprintf(d[0], 24, "MODE=%d", mode);
    snprintf(d[1], 24, "NT=%d", nt);
    snprintf(d[2], 24, "LAST=%d", last);
    snprintf(d[3], 24, "LUT=%d", lut);
    snprintf(d[4], 24, "G=%d", g);
    const char *defs[] = {d[0], d[1], d[2], d[3], d[4]};
    tf_kernel *cmp = ttm_compute(dev, "welford", defs, 5, fp32 == 1);
    tf_tile_format f = fp32 == 1   ? TF_TILE_FORMAT_FP32
                       : fp32 == 2 ? TF_TILE_FORMAT_FP16
                                   : TF_TILE_FORMAT_BF16;
    if (fp32 != 2)
        return ttm_run_tiles(dev, cmp, f, in, (uint32_t)nt, out, 2, NULL, 0, pc, err, errcap);
    /* Float16 CBs are named by their format (a 2048-byte page alone is
     * Float16_b): ttm_run_tiles with the CBs' formats set */
    tf_buffer *din = rt_dram_tiles(dev, in, 32 * (uint32_t)nt, 32, f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, 2 * TF_TILE_BF16));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, TF_DATA_FORMAT_Float16, 2));
    MUST(tf_program_set_cb_format(t.p, 16, TF_DATA_FORMAT_Float16, 2));
    int rc = ttm_trio_run(&t, din, (uint32_t)nt, dout, 2, NULL, 0, err, errcap);
    if (!rc) {
        rt_read_tiles(dout, 64, 32, f, out);
        MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* got against want, bit for bit; the first few differences printed */
static int same_bits(const char *what, const float *got, const float *want, int n)
{
    int bad = 0;
    for (int k = 0; k < n; k++)
        if (tf_check_bits(got[k]) != tf_check_bits(want[k]) && bad++ < 3)
            fprintf(stderr, "%s: tile %d [%d][%d] is 0x%08x (%g), want 0x%08x (%g)\n", what, k / E,
                    k % E / D, k % D, tf_check_bits(got[k]), (double)got[k], tf_check_bits(want[k]),
                    (double)want[k]);
    return bad == 0;
}

/* the means and variances (of n samples a column from in) near a
 * double-precision two-pass reference */
static void near_two_pass(const char *what, const float *in, int n, const float *mean,
                          const float *var)
{
    int bad = 0;
    for (int c = 0; c < D; c++) {
        double s = 0, q = 0, big = 0;
        for (int r = 0; r < n; r++) s += in[r * D + c];
        double m = s / n;
        for (int r = 0; r < n; r++) {
            double dv = in[r * D + c] - m;
            q += dv * dv;
            if (fabs(in[r * D + c]) > big) big = fabs(in[r * D + c]);
        }
        double v = q / n;
        /* a few fp32 roundings of each step: relative to the values' size */
        if (fabs(mean[c] - m) > 1e-6 * big + 1e-30 ||
            fabs(var[c] - v) > 1e-4 * v + 1e-9 * big * big)
            if (bad++ < 3)
                fprintf(stderr, "%s: column %d mean %.9g var %.9g, two-pass %.9g %.9g\n", what, c,
                        (double)mean[c], (double)var[c], m, v);
    }
    CHECK_EQ_U(bad, 0);
}

/* MODE 0: nt tiles (the last one's first `last` rows), finalize_to_row;
 * tr 1: MODE 5, each tile transposed into DEST (the statistics then are of
 * each tile row's values, the samples its columns); tr 2: MODE 6 (two
 * tiles, a transpose in DEST between them, welford_init<PreserveStats>
 * after its init): the same statistics as MODE 0 */
static void stream_mode(int fp32, int nt, int last, int lut, int tr)
{
    static float in[MAXT * E], out[2 * E], want[2 * E];
    char err[2048], what[64];
    tf_perf_core pc;
    snprintf(what, sizeof what, "%s stream %d tiles, last %d rows, lut %d%s", dest_name(fp32), nt,
             last, lut, tr ? ", transposed" : "");
    inputs(in, nt, fp32);
    if (tr == 1) { /* DEST gets each tile transposed: the reference reads it so */
        static float t[MAXT * E];
        for (int k = 0; k < nt; k++)
            for (int r = 0; r < D; r++)
                for (int c = 0; c < D; c++) t[k * E + c * D + r] = in[k * E + r * D + c];
        if (run(fp32, 5, nt, last, lut, 0, in, out, &pc, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", what, err);
            CHECK_TRUE(0);
            return;
        }
        memcpy(in, t, sizeof t);
    } else if (run(fp32, tr == 2 ? 6 : 0, nt, last, lut, 0, in, out, &pc, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    stats s = {{0}, {0}};
    int n = (nt - 1) * D + last;
    for (int r = 0; r < n; r++) ref_row(&s, in + r * D, (uint32_t)r, lut);
    memset(want, 0, sizeof want);
    float rc = recip((uint32_t)n - 1, lut), var[D];
    for (int c = 0; c < D; c++) {
        var[c] = fmaf(rc, s.m2[c], 0.0f);
        want[c] = stored(s.mean[c], fp32);
        want[E + c] = stored(var[c], fp32);
    }
    CHECK_TRUE(same_bits(what, out, want, 2 * E));
    if (fp32 == 1) near_two_pass(what, in, n, out, out + E);
    /* full tiles 304 each; the last one's blocks of 4 rows 6 each, its
     * rows 8 each; the finalize 19 */
    int blocks = (last + 3) / 4;
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU],
               (uint64_t)(nt - 1) * 304 + (uint64_t)(6 * blocks + 8 * last) + 19);
}

static void stream(int fp32, int nt, int last, int lut)
{
    stream_mode(fp32, nt, last, lut, 0);
}

/* MODE 1: the stream with a save, abs_tile, welford_init<PreserveStats>
 * and a restore after each tile; finalize_to_face at group g */
static void saved_stream(int fp32, int nt, int g)
{
    static float in[MAXT * E], out[2 * E], want[2 * E];
    char err[2048], what[64];
    tf_perf_core pc;
    snprintf(what, sizeof what, "%s save/restore %d tiles group %d", dest_name(fp32), nt, g);
    inputs(in, nt, fp32);
    if (run(fp32, 1, nt, D, 1, g, in, out, &pc, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    stats s = {{0}, {0}};
    for (int t = 0; t < nt; t++) {
        for (int r = 0; r < D; r++) ref_row(&s, in + (t * D + r) * D, (uint32_t)(t * D + r), 1);
        for (int c = 0; c < D; c++) { /* the round trip through DEST */
            s.mean[c] = stored(s.mean[c], fp32);
            s.m2[c] = stored(s.m2[c], fp32);
        }
    }
    /* DEST[1] and [2] held the raw saves at g; the finalize's overwrite them */
    memset(want, 0, sizeof want);
    float rc = recip((uint32_t)(nt * D) - 1, 1);
    for (int l = 0; l < D; l++) {
        want[raw_at(g, l)] = stored(s.mean[col_of(l)], fp32);
        want[E + raw_at(g, l)] = stored(fmaf(rc, s.m2[col_of(l)], 0.0f), fp32);
    }
    CHECK_TRUE(same_bits(what, out, want, 2 * E));
    if (fp32 == 1) {
        float m[D], v[D];
        for (int l = 0; l < D; l++) {
            m[col_of(l)] = out[raw_at(g, l)];
            v[col_of(l)] = out[E + raw_at(g, l)];
        }
        near_two_pass(what, in, nt * D, m, v);
    }
}

/* MODE 2 (a tile's statistics saved at group g) and MODE 3 (rows 5-14,
 * finalize_to_row): the input tile was in DEST[1] and [2] before */
static void one_tile(int fp32, int mode, int g)
{
    static float in[E], out[2 * E], want[2 * E];
    char err[2048], what[64];
    tf_perf_core pc;
    snprintf(what, sizeof what, "%s mode %d group %d", dest_name(fp32), mode, g);
    inputs(in, 1, fp32);
    if (run(fp32, mode, 1, D, 0, g, in, out, &pc, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    stats s = {{0}, {0}};
    memcpy(want, in, sizeof in);
    memcpy(want + E, in, sizeof in);
    if (mode == 2) {
        for (int r = 0; r < D; r++) ref_row(&s, in + r * D, (uint32_t)r, 0);
        for (int l = 0; l < D; l++) {
            want[raw_at(g, l)] = stored(s.mean[col_of(l)], fp32);
            want[E + raw_at(g, l)] = stored(s.m2[col_of(l)], fp32);
        }
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 304 + 2);
    } else {
        for (int k = 0; k < 10; k++) ref_row(&s, in + (5 + k) * D, (uint32_t)k, 0);
        float rc = recip(9, 0);
        for (int c = 0; c < D; c++) {
            want[c] = stored(s.mean[c], fp32);
            want[E + c] = stored(fmaf(rc, s.m2[c], 0.0f), fp32);
            for (int r = 1; r < 4; r++) want[r * D + c] = want[E + r * D + c] = 0.0f;
        }
        if (fp32 == 1) near_two_pass(what, in + 5 * D, 10, out, out + E);
        /* rows 5-14 touch blocks 1, 2, 3: 3 x 6 + 10 x 8, the finalize 19 */
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 3 * 6 + 10 * 8 + 19);
    }
    CHECK_TRUE(same_bits(what, out, want, 2 * E));
}

/* MODE 4: welford_clear between two tiles: the second one's statistics
 * alone (its samples numbered 32-63, as the kernel passes start_idx) */
static void cleared(int fp32)
{
    static float in[2 * E], out[2 * E], want[2 * E];
    char err[2048];
    tf_perf_core pc;
    inputs(in, 2, fp32);
    if (run(fp32, 4, 2, D, 0, 0, in, out, &pc, err, sizeof err)) {
        fprintf(stderr, "clear: %s\n", err);
        CHECK_TRUE(0);
        return;
    }
    stats s = {{0}, {0}};
    for (int r = 0; r < D; r++) ref_row(&s, in + (D + r) * D, (uint32_t)(D + r), 0);
    memset(want, 0, sizeof want);
    float rc = recip(2 * D - 1, 0);
    for (int c = 0; c < D; c++) {
        want[c] = stored(s.mean[c], fp32);
        want[E + c] = stored(fmaf(rc, s.m2[c], 0.0f), fp32);
    }
    CHECK_TRUE(same_bits(dest_name(fp32), out, want, 2 * E));
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 2 * 304 + 2 + 19);
}

/* "welford.cpp:N", N the line of the kernel's source holding `code` (the
 * call a fault names) */
static void line_of(const char *code, char *out, size_t cap)
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/tests/ttm/kernels/welford.cpp", TF_TEST_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    int n = 0, at = 0;
    while (f && !at && fgets(line, sizeof line, f)) {
        n++;
        if (strstr(line, code)) at = n;
    }
    if (f) fclose(f);
    CHECK_TRUE(at != 0);
    snprintf(out, cap, "welford.cpp:%d", at);
}

/* each mistake's fault: the call, why, and the kernel's line (of `code`) */
static void mistakes(int fp32)
{
    static float in[2 * E], out[2 * E];
    char err[2048], where[64];
    tf_perf_core pc;
    inputs(in, 2, fp32);
    static const struct {
        int mode;
        const char *msg, *code;
    } m[] = {
        /* (after a kernel whose last SFPU init was welford_init: the launch forgets it) */
        {10,
         "tile engine WELFORD welford_update: welford_init must be the last SFPU init before an "
         "update (it records the update's instructions; the last SFPU init was none)",
         "welford_update<lut_n>(0, t * 32, recip_lut);"},
        {11,
         "tile engine WELFORD welford_update: the statistics are gone: the SFPU op ABS ran since",
         "welford_update<lut_n>(0, t * 32, recip_lut);"},
        {12,
         "welford_init must be the last SFPU init before an update (it records the update's "
         "instructions; the last SFPU init was ABS)",
         "welford_update<lut_n>(0, t * 32, recip_lut);"},
        {13,
         "tile engine WELFORD welford_update: it reads reciprocal_lut[64], beyond the LUT's 64 "
         "entries",
         "lut_n - 16"},
        {14,
         "tile engine WELFORD welford_update: start_row 20 + num_rows 16 is beyond the tile's 32 "
         "rows",
         "(0, 0, 20, 16, recip_lut)"},
        {15, "tile engine WELFORD welford_save_state: group_id 16: the raw layout has 16 groups",
         "welford_save_state(1, 16)"},
        {16,
         "tile engine WELFORD welford_finalize_to_face: the statistics ended at "
         "welford_finalize_to_row",
         "welford_finalize_to_face<lut_n>(1, 31, recip_lut)"},
        {17,
         "tile engine WELFORD welford_finalize_to_row: it reads reciprocal_lut[64], beyond the "
         "LUT's 64 entries",
         "(1, lut_n, recip_lut)"},
        {18, "tile engine WELFORD welford_save_state: the DEST index", "welford_save_state(DST"},
        {20,
         "tile engine WELFORD welford_update: transpose_wh_dest_init_short ran after "
         "welford_init: tt-llk's records into the replay buffer slots",
         "welford_update<lut_n>(0, t * 32, recip_lut);"},
        {21, "tile engine WELFORD welford_update: it takes float values but is given integers",
         "// of the integers"},
        {19,
         "tile engine SFPU EXP: used without its init: call the EXP init first (the last SFPU "
         "init was welford_init)",
         "exp_tile(0)"},
    };
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++) {
        if (m[k].mode == 21 && fp32 != 1) continue; /* integer tiles: an fp32 DEST */
        err[0] = 0;
        CHECK_TRUE(run(fp32, m[k].mode, 2, D, 1, 0, in, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, m[k].msg);
        line_of(m[k].code, where, sizeof where);
        TTM_CHECK_LINE(err, where);
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    stream(1, 4, D, 0);
    stream(1, 4, D, 1);
    stream(1, 3, 20, 1);
    stream(1, 1, 1, 0);
    stream(0, 3, 20, 0);
    stream(0, 2, D, 1);
    stream_mode(1, 3, D, 1, 1);
    stream_mode(0, 2, 7, 0, 1);
    stream_mode(1, 2, D, 1, 2);
    stream_mode(0, 2, D, 0, 2);
    saved_stream(1, 3, 0);
    saved_stream(1, 2, 13);
    saved_stream(0, 2, 5);
    one_tile(1, 2, 0);
    one_tile(1, 2, 15);
    one_tile(0, 2, 6);
    one_tile(1, 3, 0);
    one_tile(0, 3, 0);
    cleared(1);
    cleared(0);
    /* Float16 data: a 16-bit DEST of halves, the stores truncating to them */
    stream(2, 3, 20, 1);
    saved_stream(2, 2, 9);
    one_tile(2, 2, 3);
    mistakes(1);
    mistakes(0);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_welford");
}
