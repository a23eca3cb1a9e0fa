/* Top-k on the SFPU (tt-metal's api/compute/topk.h: topk_tile_init,
 * topk_local_sort, topk_merge, topk_rebuild) in tt-metal-style kernels
 * built at run time (tests/ttm/kernels/topk*.cpp), every output word bit for
 * bit against a host model of tt-llk's network written here a second time,
 * as compare-exchanges on a column's 64 values (docs/chip.md "Top-k"), not
 * as the engine's emulation of the LLK's instructions:
 * - the pipeline of ttnn's topk shape (topk.cpp): rows of Wt tiles
 *   transposed, sorted into runs of K, merged and rebuilt until one run is
 *   left, transposed back; K 4 to 32, Wt 2 to 8, largest and smallest, a
 *   16-bit DEST and an fp32 one; values from a small set (many ties, -0
 *   and +0, infinities); the result also checked as a top-k (the values
 *   are the K largest or smallest, each index points at its value);
 * - one call on chosen tiles (topk_direct.cpp): every local-sort phase
 *   range, merge and rebuild for each k and several m_iter, skip_second,
 *   both directions, ties everywhere; the modeled SFPU cycles of a call;
 * - the faults, each naming the kernel's line: no topk_tile_init, another
 *   SFPU init after it, idst not 0, idst beyond DEST, k not a power of two,
 *   k too big, logk not log2(k), an end phase beyond 5, a direction of 2,
 *   a replay of what the call did not record (a later phase first, after a
 *   rebuild; a rebuild after another SFPU init);
 *   and the forms not modeled (stable_sort) refused at compile time. */
#include "tf_perf.h"
#include "tf_tile.h"
#include "ttm_int_tiles.h"

#include <math.h>

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS, N = 64, MAX_WT = 8, MAX_HT = 2 };
#define fb tf_check_bits
#define bf tf_check_float

static uint32_t lcg(void)
{
    static uint32_t s = 4242;
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

/* ---- the model: a column of 64 values and their indices ---------------------------- */

typedef struct col {
    uint32_t v[N], i[N];
} col;

/* the SFPU's order: the 32 bits as sign-magnitude integers (-0 < +0) */
static int sm_lt(uint32_t a, uint32_t b)
{
    int64_t x = a >> 31 ? -(int64_t)(a & 0x7fffffffu) - 1 : (int64_t)a;
    int64_t y = b >> 31 ? -(int64_t)(b & 0x7fffffffu) - 1 : (int64_t)b;
    return x < y;
}

/* The three compare-exchanges the LLK's SFPSWAPs make of positions a < b:
 * DESC a gets the larger, equal values stay (VC = a takes the max); ASC a
 * gets the smaller, equal values trade places (the max then an
 * unconditional swap, or SFPCONFIG's reversal, or the rows where VD takes
 * the max); ASC_STAY a gets the smaller, equal values stay (topk_merge's
 * top_min: VC = b takes the max). */
enum { DESC, ASC, ASC_STAY };
static void ce(col *c, int a, int b, int type)
{
    int sw = type == DESC  ? sm_lt(c->v[a], c->v[b])
             : type == ASC ? !sm_lt(c->v[a], c->v[b])
                           : sm_lt(c->v[b], c->v[a]);
    if (!sw) return;
    uint32_t t = c->v[a];
    c->v[a] = c->v[b];
    c->v[b] = t;
    t = c->i[a];
    c->i[a] = c->i[b];
    c->i[b] = t;
}

/* a bitonic run of len values at base: steps len/2 .. 1 */
static void run(col *c, int base, int len, int type)
{
    for (int d = len / 2; d >= 1; d /= 2)
        for (int j = 0; j < len; j++)
            if (!(j & d)) ce(c, base + j, base + j + d, type);
}

static int dir_type(int dir)
{
    return dir ? ASC : DESC;
}

/* steps S down to E + 1 (distance 16 for step 5, else 32), then steps 4-1
 * of each 16; the direction idir, turned when `seq` values are done */
static void steps_n(col *c, int idir, int S, int E, int seq)
{
    for (int ss = S; ss > E; ss--) {
        int dist = ss == 5 ? 16 : 32, block = ss == 5 ? 32 : 64;
        for (int b = 0; b < N; b += block) {
            int dir = idir ^ (ss == 5 && b == 32 && seq == 32);
            for (int j = 0; j < dist; j++) ce(c, b + j, b + j + dist, dir_type(dir));
        }
    }
    int dir = idir;
    for (int g = 0; g < 4; g++) {
        run(c, 16 * g, 16, dir_type(dir));
        if (16 * (g + 1) == seq) dir = !dir;
    }
}

static void local_sort(col *c, int idir, int end, int start, int end_step, int start_step)
{
    for (int ph = start; ph <= end; ph++) {
        if (ph <= 2) { /* runs of 2, 4, 8: alternating from DESC, whatever idir */
            int len = 2 << ph;
            for (int r = 0; r < N / len; r++) run(c, r * len, len, r % 2 ? ASC : DESC);
        } else if (ph == 3) {
            for (int g = 0; g < 4; g++) run(c, 16 * g, 16, dir_type(idir ^ (g & 1)));
        } else {
            int one = start == end;
            steps_n(c, idir, one ? start_step : ph + 1, one ? end_step : 4, 2 << ph);
        }
    }
}

static void merge(col *c, int m, int top_min, int k)
{
    int kmax = k > 32 ? 32 : k, dist = (kmax << m) > 32 ? 32 : kmax << m;
    int total = (64 >> m) < 2 * kmax ? 2 * kmax : 64 >> m;
    for (int b = 0; b * 2 * kmax < total; b++)
        for (int j = 0; j < kmax; j++)
            ce(c, b * 2 * dist + j, b * 2 * dist + dist + j, top_min ? ASC_STAY : DESC);
}

static void rebuild(col *c, int idir, int m, int k, int logk, int skip)
{
    int rm = m + 1, dist = (k << rm) > 32 ? 32 : k << rm;
    int total = ((64 >> rm) < 2 * k ? 2 * k : 64 >> rm) >> skip;
    int its = (total + 15) / 16;
    if (logk >= 5) {
        steps_n(c, idir, logk, 4, k);
        return;
    }
    for (int it = 0; it < its; it++) {
        int base = 32 * it;
        if (logk == 2 && m >= 2) { /* two runs: at 0 and 32 */
            run(c, base, 4, DESC);
            run(c, base + dist, 4, ASC);
        } else if (logk == 2) { /* four: dist apart */
            for (int s = 0; s < 4; s++) {
                int at = base + (s & 1) * dist + (s >> 1) * 2 * dist;
                run(c, at, 4, s % 2 ? ASC : DESC);
            }
        } else if (logk == 3) {
            run(c, base, 8, DESC);
            run(c, base + dist, 8, ASC);
        } else {
            run(c, base, 16, dir_type(idir ^ (it & 1)));
        }
    }
}

/* DEST's tiles 0-1 (values) and 2-3 (indices) as 32 columns of 64 */
static void to_cols(const uint32_t *v0, const uint32_t *v1, const uint32_t *i0, const uint32_t *i1,
                    col *cs)
{
    for (int c = 0; c < D; c++)
        for (int n = 0; n < N; n++) {
            int at = (n % D) * D + c;
            cs[c].v[n] = n < D ? v0[at] : v1[at];
            cs[c].i[n] = n < D ? i0[at] : i1[at];
        }
}

static void from_cols(const col *cs, uint32_t *v0, uint32_t *v1, uint32_t *i0, uint32_t *i1)
{
    for (int c = 0; c < D; c++)
        for (int n = 0; n < N; n++) {
            int at = (n % D) * D + c;
            (n < D ? v0 : v1)[at] = cs[c].v[n];
            if (i0) (n < D ? i0 : i1)[at] = cs[c].i[n];
        }
}

/* one call, as topk_direct.cpp's arguments: p after idst */
static void model_call(int call, const int *p, uint32_t *v0, uint32_t *v1, uint32_t *i0,
                       uint32_t *i1)
{
    static col cs[D];
    to_cols(v0, v1, i0, i1, cs);
    for (int c = 0; c < D; c++) {
        if (call == 1) local_sort(&cs[c], p[0], p[1], p[2], p[3], p[4]);
        if (call == 2) merge(&cs[c], p[0], p[1], p[2]);
        if (call == 3) rebuild(&cs[c], p[0], p[1], p[2], p[3], p[4]);
    }
    from_cols(cs, v0, v1, i0, i1);
}

static void transpose(const uint32_t *in, uint32_t *out)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) out[c * D + r] = in[r * D + c];
}

/* ---- dispatch --------------------------------------------------------------------- */

static tf_kernel *build(const char *name, tf_risc r, const uint32_t *ct, uint32_t nct, int fp32,
                        const char *def)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/%s.cpp", TF_TEST_SOURCE_DIR, name);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = r;
    o.compile_args = ct;
    o.num_compile_args = nct;
    if (r == TF_COMPUTE) o.fp32_dest_acc = fp32;
    const char *defs[] = {def};
    o.defines = defs;
    o.num_defines = def ? 1 : 0;
    tf_kernel *k = tf_kernel_build(dev, &o);
    if (!k && !def) {
        fprintf(stderr, "%s: %s\n", src, tf_last_error());
        exit(1);
    }
    return k;
}

/* cmp (freed here) on core (0, 0) with topk_reader and topk_writer: nin
 * value and index tiles in (row-major words: fp32 bits of bf16 values,
 * UInt16 indices), nout of each out; cb_pages the transposed CBs' pages
 * (0: none). 0, or the failure in err. */
static int dispatch(tf_kernel *cmp, const uint32_t *vin, const uint32_t *iin, uint32_t idf,
                    uint32_t nin, uint32_t *vout, uint32_t *iout, uint32_t nout, uint32_t cb_pages,
                    const uint32_t *cargs, uint32_t ncargs, tf_perf_core *pc, char *err,
                    size_t errcap)
{
    enum { PAGE = 2048 };
    static uint8_t bytes[MAX_HT * MAX_WT * PAGE];
    tf_buffer *b[4];
    for (int k = 0; k < 4; k++)
        b[k] = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM,
                                                     (uint64_t)PAGE * (k < 2 ? nin : nout), PAGE));
    for (uint32_t t = 0; t < nin; t++) ttm_to_tile(vin + t * E, TF_DF_FLOAT16_B, bytes + t * PAGE);
    MUST(tf_buffer_write(b[0], 0, bytes, (size_t)PAGE * nin));
    for (uint32_t t = 0; t < nin; t++) ttm_to_tile(iin + t * E, idf, bytes + t * PAGE);
    MUST(tf_buffer_write(b[1], 0, bytes, (size_t)PAGE * nin));
    uint32_t rct[4], wct[4];
    CHECK_EQ_U(tf_buffer_accessor_args(b[0], rct, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(b[1], rct + 2, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(b[2], wct, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(b[3], wct + 2, 2), 2);
    tf_kernel *rd = build("topk_reader", TF_NCRISC, rct, 4, 0, NULL);
    tf_kernel *wr = build("topk_writer", TF_BRISC, wct, 4, 0, NULL);
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cmp));
    MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Float16_b, 2));
    MUST(tf_program_set_cb_format(p, 1, (tf_data_format)idf, 2));
    MUST(tf_program_set_cb_format(p, 16, TF_DATA_FORMAT_Float16_b, 2));
    MUST(tf_program_set_cb_format(p, 17, (tf_data_format)idf, 2));
    if (cb_pages) {
        MUST(tf_program_set_cb_format(p, 24, TF_DATA_FORMAT_Float16_b, cb_pages));
        MUST(tf_program_set_cb_format(p, 25, (tf_data_format)idf, cb_pages));
    }
    uint32_t ra[] = {(uint32_t)tf_buffer_address(b[0]), (uint32_t)tf_buffer_address(b[1]), nin};
    uint32_t wa[] = {(uint32_t)tf_buffer_address(b[2]), (uint32_t)tf_buffer_address(b[3]), nout};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 3));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    if (ncargs) MUST(tf_program_set_args(p, TF_COMPUTE, cargs, ncargs));
    int rc = tf_dispatch_execute(p);
    if (rc) snprintf(err, errcap, "%s", tf_last_error());
    if (!rc) {
        MUST(tf_buffer_read(b[2], 0, bytes, (size_t)PAGE * nout));
        for (uint32_t t = 0; t < nout; t++)
            ttm_from_tile(bytes + t * PAGE, TF_DF_FLOAT16_B, vout + t * E);
        MUST(tf_buffer_read(b[3], 0, bytes, (size_t)PAGE * nout));
        for (uint32_t t = 0; t < nout; t++) ttm_from_tile(bytes + t * PAGE, idf, iout + t * E);
        if (pc) MUST(tf_program_counters(p, pc));
    }
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cmp);
    for (int k = 0; k < 4; k++) tf_buffer_free(b[k]);
    return rc;
}

/* ---- inputs ----------------------------------------------------------------------- */

/* The index tiles: UInt16 (a 16-bit DEST holds them for the moves and
 * packs: docs/chip.md "Integer tiles"); fp32 selects the DEST only */
static uint32_t index_df(int fp32)
{
    (void)fp32;
    return TF_DF_UINT16;
}
static uint32_t index_word(uint32_t k, int fp32)
{
    (void)fp32;
    return k & 0xffffu;
}
static uint32_t index_of(uint32_t w, int fp32)
{
    (void)fp32;
    return w;
}

/* a value from a small set (ties everywhere), as fp32 bits of a bf16 */
static uint32_t some_value(void)
{
    static const float set[] = {-0.0f,  0.0f, 1.0f,  -1.0f,  2.5f,    -2.5f,    3.0f,
                                0.125f, 7.0f, -7.0f, 100.0f, 1.0e20f, -1.0e-20f};
    uint32_t r = lcg() % 40;
    if (r < 13) return fb(set[r]) & 0xffff0000u;
    if (r == 13) return fb(INFINITY);
    if (r == 14) return fb(-INFINITY);
    return fb((float)((int)(lcg() % 64) - 32) * 0.5f); /* more ties */
}

static int rows_bad(const char *what, const uint32_t *got, const uint32_t *want, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 4)
            fprintf(stderr, "%s: word %d (tile %d (%d, %d)) = 0x%08x, want 0x%08x\n", what, i,
                    i / E, i / D % D, i % D, got[i], want[i]);
    return bad;
}

/* ---- one call on chosen tiles ----------------------------------------------------- */

static void direct_case(int call, const int *p, int fp32, int ties, uint64_t want_cycles)
{
    static uint32_t v[2 * E], ix[2 * E], wv[2 * E], wi[2 * E], ov[2 * E], oi[2 * E];
    for (int k = 0; k < 2 * E; k++) {
        static const uint32_t few[] = {0x3f800000u, 0x80000000u, 0, 0xbf800000u};
        v[k] = ties ? few[lcg() % 4] : some_value(); /* ties: 1, -0, +0, -1 alone */
        ix[k] = index_word((uint32_t)k, fp32);
    }
    memcpy(wv, v, sizeof v);
    memcpy(wi, ix, sizeof ix);
    /* a local sort from a later phase replays the loads and stores phase 0
     * records: the kernel runs phase 0 first (variation 3) */
    int prelude = call == 1 && p[2] > 0;
    static const int ph0[5] = {0, 0, 0, 0, 0};
    if (prelude) model_call(1, ph0, wv, wv + E, wi, wi + E);
    model_call(call, p, wv, wv + E, wi, wi + E);
    uint32_t ca[8] = {(uint32_t)call,
                      (uint32_t)p[0],
                      (uint32_t)p[1],
                      (uint32_t)p[2],
                      (uint32_t)p[3],
                      (uint32_t)p[4],
                      0,
                      prelude ? 3u : 0u};
    tf_perf_core pc;
    char err[2048], what[160];
    tf_kernel *cmp = build("topk_direct", TF_COMPUTE, NULL, 0, fp32, NULL);
    if (dispatch(cmp, v, ix, index_df(fp32), 2, ov, oi, 2, 0, ca, 8, &pc, err, sizeof err)) {
        fprintf(stderr, "topk call %d (%d %d %d %d %d): %s\n", call, p[0], p[1], p[2], p[3], p[4],
                err);
        CHECK_TRUE(0);
        return;
    }
    snprintf(what, sizeof what, "topk call %d (%d %d %d %d %d) fp32 %d ties %d", call, p[0], p[1],
             p[2], p[3], p[4], fp32, ties);
    CHECK_EQ_U(rows_bad(what, ov, wv, 2 * E), 0);
    CHECK_EQ_U(rows_bad(what, oi, wi, 2 * E), 0);
    if (want_cycles) CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], want_cycles);
}

/* topk_direct.cpp built with MODE=mode (its one call, chosen by call and
 * top_min) faults with msg, at the call's line */
static void direct_fault(int call, const int *p, uint32_t idst, uint32_t variation, int fp32,
                         const char *msg)
{
    int mode = call == 1 ? 1 : call == 2 ? 2 + (p[1] != 0) : 4;
    char def[16];
    snprintf(def, sizeof def, "MODE=%d", mode);
    static uint32_t v[2 * E], ix[2 * E], ov[2 * E], oi[2 * E];
    for (int k = 0; k < 2 * E; k++) v[k] = some_value(), ix[k] = index_word((uint32_t)k, fp32);
    uint32_t ca[8] = {(uint32_t)call, (uint32_t)p[0], (uint32_t)p[1], (uint32_t)p[2],
                      (uint32_t)p[3], (uint32_t)p[4], idst,           variation};
    char err[2048];
    tf_kernel *cmp = build("topk_direct", TF_COMPUTE, NULL, 0, fp32, def);
    CHECK_TRUE(cmp != NULL);
    if (!cmp) return;
    int rc = dispatch(cmp, v, ix, index_df(fp32), 2, ov, oi, 2, 0, ca, 8, NULL, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (!rc) {
        fprintf(stderr, "topk fault (%s): none\n", msg);
        return;
    }
    CHECK_CONTAINS(err, msg);
    TTM_CHECK_KERNEL_LINE(err, "topk_direct.cpp", ttm_mode_line("topk_direct.cpp", mode));
}

/* ---- the pipeline ----------------------------------------------------------------- */

static int log2i(uint32_t x)
{
    int l = 0;
    while ((1u << l) < x) l++;
    return l;
}

/* topk.cpp's calls on the host: tv/ti the Wt transposed tiles of a row */
static void model_row(uint32_t *tv, uint32_t *ti, int Wt, int K, int largest)
{
    int logk = log2i((uint32_t)K), n = Wt * D;
    for (int wt = 0; wt < Wt; wt += 2) {
        int p[5] = {largest ? 0 : 1, logk - 1, 0, 0, 0};
        model_call(1, p, tv + wt * E, tv + (wt + 1) * E, ti + wt * E, ti + (wt + 1) * E);
    }
    static uint32_t zv[E], zi[E];
    for (int m = 0; (K << m) < n; m++) {
        int dp = K << m, sp = 2 * dp;
        int mstep = dp < 32 ? 2 : 2 * dp / 32, mdist = dp < 32 ? 1 : dp / 32;
        for (int a = 0; a + mdist < Wt; a += mstep) {
            int p[5] = {m, !largest, K, 0, 0};
            int b = a + mdist;
            model_call(2, p, tv + a * E, tv + b * E, ti + a * E, ti + b * E);
        }
        int one = sp >= n, rstep = sp < 32 ? 2 : 2 * sp / 32, rdist = sp < 32 ? 1 : sp / 32;
        for (int a = 0; a < Wt; a += rstep) {
            int p[5] = {!largest, m, K, logk, one};
            if (one) { /* DEST 1 and 3 as the acquire left them: zeros, not packed */
                memset(zv, 0, sizeof zv);
                memset(zi, 0, sizeof zi);
                model_call(3, p, tv + a * E, zv, ti + a * E, zi);
            } else {
                int b = a + rdist;
                model_call(3, p, tv + a * E, tv + b * E, ti + a * E, ti + b * E);
            }
        }
    }
}

static void pipeline_case(int Ht, int Wt, int K, int largest, int fp32)
{
    static uint32_t v[MAX_HT * MAX_WT * E], ix[MAX_HT * MAX_WT * E];
    static uint32_t tv[MAX_WT * E], ti[MAX_WT * E], wv[MAX_HT * E], wi[MAX_HT * E];
    static uint32_t ov[MAX_HT * E], oi[MAX_HT * E];
    for (int t = 0; t < Ht * Wt; t++)
        for (int r = 0; r < D; r++)
            for (int c = 0; c < D; c++) {
                v[t * E + r * D + c] = some_value();
                ix[t * E + r * D + c] = index_word((uint32_t)((t % Wt) * D + c), fp32);
            }
    for (int ht = 0; ht < Ht; ht++) {
        for (int wt = 0; wt < Wt; wt++) {
            transpose(v + (ht * Wt + wt) * E, tv + wt * E);
            transpose(ix + (ht * Wt + wt) * E, ti + wt * E);
        }
        model_row(tv, ti, Wt, K, largest);
        transpose(tv, wv + ht * E);
        transpose(ti, wi + ht * E);
    }
    /* the model is a top-k: row r's first K values are its K largest (or
     * smallest) as a multiset, each index naming its value */
    int wrong = 0;
    for (int ht = 0; ht < Ht; ht++)
        for (int r = 0; r < D; r++) {
            uint32_t all[MAX_WT * D];
            int n = Wt * D;
            for (int j = 0; j < n; j++) all[j] = v[(ht * Wt + j / D) * E + r * D + j % D];
            for (int a = 0; a < n; a++) /* sorted, best first */
                for (int b = a + 1; b < n; b++)
                    if (largest ? sm_lt(all[a], all[b]) : sm_lt(all[b], all[a])) {
                        uint32_t t = all[a];
                        all[a] = all[b];
                        all[b] = t;
                    }
            uint32_t got[32];
            for (int j = 0; j < K; j++) {
                got[j] = wv[ht * E + r * D + j];
                uint32_t idx = index_of(wi[ht * E + r * D + j], fp32);
                wrong +=
                    idx >= (uint32_t)n || v[(ht * Wt + idx / D) * E + r * D + idx % D] != got[j];
            }
            for (int a = 0; a < K; a++)
                for (int b = a + 1; b < K; b++)
                    if (largest ? sm_lt(got[a], got[b]) : sm_lt(got[b], got[a])) {
                        uint32_t t = got[a];
                        got[a] = got[b];
                        got[b] = t;
                    }
            for (int j = 0; j < K; j++) wrong += got[j] != all[j];
        }
    CHECK_EQ_U(wrong, 0);
    uint32_t ct[] = {(uint32_t)Ht, (uint32_t)Wt, (uint32_t)K, (uint32_t)log2i((uint32_t)K),
                     (uint32_t)largest};
    tf_kernel *cmp = build("topk", TF_COMPUTE, ct, 5, fp32, NULL);
    tf_perf_core pc;
    char err[2048], what[128];
    snprintf(what, sizeof what, "topk Ht %d Wt %d K %d largest %d fp32 %d", Ht, Wt, K, largest,
             fp32);
    if (dispatch(cmp, v, ix, index_df(fp32), (uint32_t)(Ht * Wt), ov, oi, (uint32_t)Ht,
                 (uint32_t)Wt, NULL, 0, &pc, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    CHECK_EQ_U(rows_bad(what, ov, wv, Ht * E), 0);
    CHECK_EQ_U(rows_bad(what, oi, wi, Ht * E), 0);
    CHECK_TRUE(pc.unit_busy[TF_PERF_UNIT_SFPU] > 0);
}

int main(void)
{
    dev = rt_open(1, 1);
    /* the model's own sense: a local sort of every phase sorts each
     * column's 64 values (descending with idir 0) */
    {
        col c;
        for (int n = 0; n < N; n++) c.v[n] = some_value(), c.i[n] = (uint32_t)n;
        local_sort(&c, 0, 5, 0, 0, 0);
        int bad = 0;
        for (int n = 1; n < N; n++) bad += sm_lt(c.v[n - 1], c.v[n]);
        CHECK_EQ_U(bad, 0);
    }
    /* one call: local sort's phases, alone and in ranges, and a single
     * phase's steps (K > 64's use) */
    static const int ls[][5] = {{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {0, 1, 0, 0, 0}, {1, 2, 0, 0, 0},
                                {0, 3, 0, 0, 0}, {1, 3, 0, 0, 0}, {0, 4, 0, 0, 0}, {1, 4, 0, 0, 0},
                                {0, 5, 0, 0, 0}, {1, 5, 0, 0, 0}, {0, 3, 3, 0, 0}, {1, 4, 4, 4, 5},
                                {0, 5, 5, 4, 6}, {1, 5, 5, 5, 6}, {0, 5, 5, 0, 0}, {1, 5, 2, 0, 0}};
    for (size_t k = 0; k < sizeof ls / sizeof ls[0]; k++) {
        direct_case(1, ls[k], 0, 0, 0);
        direct_case(1, ls[k], 0, 1, 0);
    }
    direct_case(1, ls[9], 1, 0, 0);
    direct_case(1, ls[9], 1, 1, 0);
    /* merge and rebuild for each k, m_iter 0-4, both directions, skip_second */
    for (int logk = 2; logk <= 6; logk++)
        for (int m = 0; m <= 4; m++)
            for (int d = 0; d < 2; d++) {
                int mp[5] = {m, d, 1 << logk, 0, 0};
                direct_case(2, mp, 0, m % 2, 0);
                int rp[5] = {d, m, 1 << logk, logk, (m + d) % 2};
                direct_case(3, rp, m == 1, (m + d) % 2, 0);
            }
    /* the modeled cycles (an estimate, docs/chip.md "Top-k"): phase 0 of a
     * local sort is 4 passes of a SETRWC and 4 groups of 8 loads, the
     * pair step (7 issues and one SFPSWAP stall) and 8 stores, 97 each,
     * plus the 6 set_dst_write_addr: 394 */
    direct_case(1, ls[0], 0, 0, 394);
    /* the pipeline */
    static const int pl[][4] = {{1, 2, 32, 1}, {2, 4, 32, 1}, {2, 4, 16, 1}, {1, 8, 16, 0},
                                {2, 2, 8, 1},  {1, 4, 8, 1},  {2, 4, 4, 1},  {1, 8, 32, 0},
                                {1, 2, 16, 0}, {2, 8, 8, 1}};
    for (size_t k = 0; k < sizeof pl / sizeof pl[0]; k++)
        pipeline_case(pl[k][0], pl[k][1], pl[k][2], pl[k][3], (int)(k % 3 == 2));
    /* the faults, each at the call's line */
    const int lsp[5] = {0, 4, 0, 0, 0}, mgp[5] = {0, 0, 32, 0, 0}, rbp[5] = {0, 0, 32, 5, 0};
    direct_fault(1, lsp, 0, 1, 0,
                 "tile engine TOPK topk_local_sort: used without its init: call the TOPK init "
                 "first (the last SFPU init was EXP)");
    direct_fault(2, mgp, 0, 2, 0, "tile engine TOPK topk_merge: used without its init");
    direct_fault(1, lsp, 1, 0, 0,
                 "tile engine TOPK topk_local_sort: idst 1: tt-llk's top-k works on DEST tiles "
                 "0-3");
    direct_fault(3, rbp, 9, 0, 0, "tile engine TOPK topk_rebuild: the DEST index 9 is beyond");
    direct_fault(3, rbp, 4, 0, 1, "tile engine TOPK topk_rebuild: the DEST index 4 is beyond");
    const int k12[5] = {0, 0, 12, 0, 0}, k128[5] = {0, 1, 128, 0, 0};
    direct_fault(2, k12, 0, 0, 0,
                 "tile engine TOPK topk_merge: k 12: the LLK takes k = 4, 8, 16, 32 or 64");
    direct_fault(2, k128, 0, 0, 0, "tile engine TOPK topk_merge: k 128: the LLK takes k");
    const int logk_bad[5] = {0, 0, 16, 3, 0}, ph6[5] = {0, 6, 0, 0, 0}, dir2[5] = {2, 3, 0, 0, 0};
    direct_fault(3, logk_bad, 0, 0, 0, "tile engine TOPK topk_rebuild: logk 3 is not log2(k)");
    direct_fault(1, ph6, 0, 0, 0, "tile engine TOPK topk_local_sort: i_end_phase 6");
    direct_fault(1, dir2, 0, 0, 0, "tile engine TOPK topk_local_sort: the direction 2");
    /* a replay of what the call did not record: a later phase first in a
     * kernel run, or after a rebuild; a rebuild of the same m_iter after
     * another SFPU init */
    const int ph2[5] = {0, 3, 2, 0, 0}, rb4[5] = {1, 0, 4, 2, 0};
    direct_fault(1, ph2, 0, 0, 0,
                 "tile engine TOPK topk_local_sort: it would replay the SFPU's replay buffer, "
                 "holding nothing of top-k's in this kernel run");
    direct_fault(1, ph2, 0, 4, 1,
                 "tile engine TOPK topk_local_sort: it would replay the SFPU's replay buffer, "
                 "holding topk_rebuild's sequence");
    direct_fault(3, rb4, 0, 5, 0,
                 "tile engine TOPK topk_rebuild: it would replay the SFPU's replay buffer, "
                 "holding what another SFPU op's init recorded");
    /* the forms not modeled: a compile error */
    ttm_refused(dev, "topk_refused", 1,
                "topk with stable_sort = true (the comparator-stable "
                "network) is not modeled by tt-foil");
    ttm_refused(dev, "topk_refused", 3, "top-k's packed value-index keys, rank tags");
    ttm_refused(dev, "topk_refused", 2,
                "topk with fused = true (packed value-index keys) is not "
                "modeled by tt-foil");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_topk");
}
