/* The decode example on the chip (decode.h).
 *
 * Every activation is one row (the token's) of a 32-row tile row in DRAM:
 * D = 128 values are 4 bf16 tiles whose rows 1-31 the ops carry along and
 * nothing reads. Buffers are interleaved over the DRAM banks, a tile a
 * page. The key and value caches are, per layer, one bf16 tile a head:
 * position p is row p, written by the QKV projection's writer. Each op
 * is a dispatch: programs made for the cores it uses (circular buffers,
 * arguments), run together, destroyed, and each core's L1 reset; the
 * kernels are loaded once. The kernels' arguments and CBs are named in
 * decode_args.h. */
#include "decode.h"

#include "decode_args.h"
#include "tt_foil/profiling.h"
#include "tt_foil/tile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TILE    32
#define GRID_X  4
#define GRID_Y  2
#define CORES   (GRID_X * GRID_Y)
#define DT      (DEC_D / TILE)
#define FT      (DEC_FF / TILE)
#define VT      (DEC_VOCAB / TILE)
#define NO_TILE 0xffffffffu /* tile_writer's CACHE_FROM when nothing goes to the cache */

#define ARGS_CHECK(a, count)                                                                       \
    _Static_assert(sizeof(a) / sizeof((a)[0]) == (count), #a ": one value per slot of " #count)

_Static_assert(DEC_HEAD_DIM == TILE, "a head is one tile column");
_Static_assert(DEC_MAX_TOKENS == TILE, "the cache is one tile of positions a head");

/* ---- errors ---------------------------------------------------------------------- */

static char last_error[1024];

const char *decode_last_error(void)
{
    return last_error;
}

int decode_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- the model on the chip ------------------------------------------------------------ */

enum {
    K_MM_READER,
    K_NORM_READER,
    K_SM_READER,
    K_WRITER,
    K_RMSNORM,
    K_SOFTMAX,
    K_QKV,
    K_SCORES,
    K_ATTN_V,
    K_OUT_PROJ,
    K_GATE_UP,
    K_DOWN,
    K_LM_HEAD,
    K_COUNT
};
static const char *const kernel_files[K_COUNT] = {
    "dec_mm_reader.ncrisc.elf",
    "dec_norm_reader.ncrisc.elf",
    "dec_softmax_reader.ncrisc.elf",
    "dec_tile_writer.brisc.elf",
    "dec_rmsnorm.compute",
    "dec_softmax.compute",
    "dec_qkv_proj.compute",
    "dec_attn_scores.compute",
    "dec_attn_v.compute",
    "dec_out_proj_residual.compute",
    "dec_mlp_gate_up_silu.compute",
    "dec_mlp_down_residual.compute",
    "dec_lm_head.compute",
};

typedef struct layer_bufs {
    tf_buffer *attn_norm, *mlp_norm, *wqkv, *wo, *wgate, *wup, *wdown, *k_cache, *v_cache;
} layer_bufs;

struct decode_model {
    tf_device *dev;
    const decode_weights *w;
    tf_kernel *k[K_COUNT];
    layer_bufs L[DEC_MAX_LAYERS];
    tf_buffer *final_norm, *lm_head;
    /* activations: x and x2 the residual stream (in turn), h a norm's
     * output, then the attention's q, scores, probs, attn, the MLP's
     * hidden row and the logits */
    tf_buffer *x, *x2, *h, *q, *scores, *probs, *attn, *mlp, *logits;
};

tf_device *decode_device_open(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = GRID_X, .grid_y = GRID_Y};
    cfg.sim = &sim;
    tf_device *d = tf_device_open(&cfg);
    if (!d) decode_fail("decode_device_open: %s", tf_last_error());
    return d;
}

static uint32_t addr(const tf_buffer *b)
{
    return (uint32_t)tf_buffer_address(b);
}

/* An interleaved DRAM buffer of `tiles` tiles of format f, holding the
 * rows x cols matrix m (tiled; NULL: zeros). */
static tf_buffer *tiles_buffer(tf_device *dev, const float *m, uint32_t rows, uint32_t cols,
                               tf_tile_format f)
{
    size_t bytes = tf_tiled_bytes(rows, cols, f);
    uint8_t *t = calloc(1, bytes);
    tf_buffer *b =
        t ? tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, bytes, tf_tile_bytes(f)) : NULL;
    int rc = !b || (m && tf_tilize(m, rows, cols, f, t)) || tf_buffer_write(b, 0, t, bytes);
    free(t);
    if (rc && b) {
        tf_buffer_free(b);
        b = NULL;
    }
    return b;
}

/* A gain as DEC_D / 32 bf16 tiles, every row the gain (the dest-reuse
 * multiply takes it element by element). */
static tf_buffer *gain_buffer(tf_device *dev, const float *g)
{
    static float m[TILE][DEC_D];
    for (int r = 0; r < TILE; r++) memcpy(m[r], g, sizeof m[r]);
    return tiles_buffer(dev, &m[0][0], TILE, DEC_D, TF_TILE_FORMAT_BF16);
}

void decode_destroy(decode_model *m)
{
    if (!m) return;
    for (int i = 0; i < K_COUNT; i++)
        if (m->k[i]) tf_kernel_free(m->k[i]);
    tf_buffer *all[] = {m->final_norm, m->lm_head, m->x,    m->x2,  m->h,     m->q,
                        m->scores,     m->probs,   m->attn, m->mlp, m->logits};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (all[i]) tf_buffer_free(all[i]);
    for (int l = 0; l < DEC_MAX_LAYERS; l++) {
        layer_bufs *L = &m->L[l];
        tf_buffer *lb[] = {L->attn_norm, L->mlp_norm, L->wqkv,    L->wo,     L->wgate,
                           L->wup,       L->wdown,    L->k_cache, L->v_cache};
        for (size_t i = 0; i < sizeof lb / sizeof *lb; i++)
            if (lb[i]) tf_buffer_free(lb[i]);
    }
    free(m);
}

decode_model *decode_create(tf_device *dev, const decode_weights *w, const char *kernel_dir)
{
    TT_FOIL_ZONE("decode_create");
    decode_model *m = calloc(1, sizeof *m);
    if (!m) {
        decode_fail("decode_create: out of memory");
        return NULL;
    }
    m->dev = dev;
    m->w = w;
    for (int i = 0; i < K_COUNT; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", kernel_dir, kernel_files[i]);
        if (!(m->k[i] = tf_kernel_load(dev, path))) {
            decode_fail("decode_create: loading kernel %s: %s (build the decode_kernels target)",
                        path, tf_last_error());
            decode_destroy(m);
            return NULL;
        }
    }
    const tf_tile_format q = TF_TILE_FORMAT_BFP4_B, a = TF_TILE_FORMAT_BF16;
    int ok = 1;
    for (int l = 0; l < w->layers && ok; l++) {
        const decode_layer_weights *W = &w->layer[l];
        layer_bufs *L = &m->L[l];
        ok = (L->attn_norm = gain_buffer(dev, W->attn_norm)) &&
             (L->mlp_norm = gain_buffer(dev, W->mlp_norm)) &&
             (L->wqkv = tiles_buffer(dev, &W->wqkv[0][0], DEC_D, 3 * DEC_D, q)) &&
             (L->wo = tiles_buffer(dev, &W->wo[0][0], DEC_D, DEC_D, q)) &&
             (L->wgate = tiles_buffer(dev, &W->wgate[0][0], DEC_D, DEC_FF, q)) &&
             (L->wup = tiles_buffer(dev, &W->wup[0][0], DEC_D, DEC_FF, q)) &&
             (L->wdown = tiles_buffer(dev, &W->wdown[0][0], DEC_FF, DEC_D, q)) &&
             (L->k_cache = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
             (L->v_cache = tiles_buffer(dev, NULL, TILE, DEC_D, a));
    }
    ok = ok && (m->final_norm = gain_buffer(dev, w->final_norm)) &&
         (m->lm_head = tiles_buffer(dev, &w->lm_head[0][0], DEC_D, DEC_VOCAB, q)) &&
         (m->x = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
         (m->x2 = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
         (m->h = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
         (m->q = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
         (m->scores = tiles_buffer(dev, NULL, TILE, DEC_HEADS * TILE, a)) &&
         (m->probs = tiles_buffer(dev, NULL, TILE, DEC_HEADS * TILE, a)) &&
         (m->attn = tiles_buffer(dev, NULL, TILE, DEC_D, a)) &&
         (m->mlp = tiles_buffer(dev, NULL, TILE, DEC_FF, a)) &&
         (m->logits = tiles_buffer(dev, NULL, TILE, DEC_VOCAB, a));
    if (!ok) {
        decode_fail("decode_create: uploading the weights: %s", tf_last_error());
        decode_destroy(m);
        return NULL;
    }
    return m;
}

/* ---- ops -------------------------------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The programs of one op, one a core. */
typedef struct op {
    tf_program *p[CORES];
    int n;
} op;

/* A program on the op's next core with the three kernels, or NULL. */
static tf_program *op_core(decode_model *m, op *o, int rd, int cmp)
{
    tf_program *p = tf_program_create(m->dev, (tf_core){o->n % GRID_X, o->n / GRID_X});
    if (!p) return NULL;
    o->p[o->n++] = p;
    if (tf_program_set_kernel(p, TF_NCRISC, m->k[rd]) ||
        tf_program_set_kernel(p, TF_COMPUTE, m->k[cmp]) ||
        tf_program_set_kernel(p, TF_BRISC, m->k[K_WRITER]))
        return NULL;
    return p;
}

/* Run the op (if set up: rc 0), add its slowest core's cycles to the
 * step's, release its programs and reset its cores' L1. */
static int op_run(decode_model *m, op *o, int rc, const char *name, decode_step_stats *st)
{
    if (!rc) rc = tf_dispatch_execute_multi(o->p, (size_t)o->n);
    uint64_t cycles = 0;
    for (int i = 0; i < o->n && !rc; i++) {
        tf_run_stats s;
        if (!tf_program_last_run(o->p[i], &s) && s.cycles > cycles) cycles = s.cycles;
    }
    if (rc) decode_fail("%s: %s", name, tf_last_error());
    for (int i = 0; i < o->n; i++)
        if (o->p[i]) tf_program_destroy(o->p[i]);
    for (int i = 0; i < o->n && !rc; i++)
        if ((rc = tf_l1_reset(m->dev, (tf_core){i % GRID_X, i / GRID_X})))
            decode_fail("%s: resetting L1: %s", name, tf_last_error());
    st->cycles += cycles;
    st->dispatches++;
    return rc;
}

/* The writer's arguments: tiles [n0, n0 + count) to out. */
static int set_writer(tf_program *p, const tf_buffer *out, uint32_t n0, uint32_t count,
                      uint32_t cache_from, const layer_bufs *L, uint32_t row)
{
    const uint32_t wa[] = {
        [DEC_TW_OUT] = out ? addr(out) : 0,
        [DEC_TW_N0] = n0,
        [DEC_TW_COUNT_N] = count,
        [DEC_TW_CACHE_FROM] = cache_from,
        [DEC_TW_K_CACHE] = L ? addr(L->k_cache) : 0,
        [DEC_TW_V_CACHE] = L ? addr(L->v_cache) : 0,
        [DEC_TW_HEADS] = DEC_HEADS,
        [DEC_TW_ROW] = row,
    };
    ARGS_CHECK(wa, DEC_TW_COUNT);
    return tf_program_set_args(p, TF_BRISC, wa, DEC_TW_COUNT);
}

/* What a matmul op multiplies: the activation row in0 (kt tiles from
 * in0_first; with per_column, tile n of in0 for output column n, kt 1)
 * by w (w_nt tile columns; Bfp4_b, or bf16 for the cache), nt output
 * columns split over min(8, nt) cores; w2 a gated op's second matrix, res
 * a residual; outputs to out, or from cache_from on into L's cache at
 * row `row`. */
typedef struct mm_desc {
    int compute;
    const tf_buffer *in0;
    int per_column;
    uint32_t kt;
    const tf_buffer *w, *w2, *res, *out;
    tf_data_format wfmt;
    uint32_t w_nt, nt, cache_from;
    const layer_bufs *L;
    uint32_t row;
} mm_desc;

static int matmul_op(decode_model *m, const char *name, const mm_desc *d, decode_step_stats *st)
{
    op o = {{0}, 0};
    int cores = d->nt < CORES ? (int)d->nt : CORES, rc = 0;
    for (int i = 0; i < cores && !rc; i++) {
        uint32_t n0 = d->nt * (uint32_t)i / (uint32_t)cores;
        uint32_t n1 = d->nt * (uint32_t)(i + 1) / (uint32_t)cores;
        tf_program *p = op_core(m, &o, K_MM_READER, d->compute);
        const uint32_t ra[] = {
            [DEC_MMR_IN0] = addr(d->in0),
            [DEC_MMR_IN0_FIRST] = d->per_column ? n0 : 0,
            [DEC_MMR_KT] = d->kt,
            [DEC_MMR_W] = addr(d->w),
            [DEC_MMR_W_NT] = d->w_nt,
            [DEC_MMR_N0] = n0,
            [DEC_MMR_COUNT_N] = n1 - n0,
            [DEC_MMR_W2] = d->w2 ? addr(d->w2) : 0,
            [DEC_MMR_RES] = d->res ? addr(d->res) : 0,
        };
        const uint32_t ca[] = {[DEC_MMC_KT] = d->kt, [DEC_MMC_COUNT_N] = n1 - n0};
        ARGS_CHECK(ra, DEC_MMR_COUNT);
        ARGS_CHECK(ca, DEC_MMC_COUNT);
        rc = !p || tf_program_set_cb_format(p, DEC_MM_CB_IN0, TF_DATA_FORMAT_Float16_b, d->kt) ||
             tf_program_set_cb_format(p, DEC_MM_CB_W, d->wfmt, 2) ||
             (d->res && tf_program_set_cb_format(p, DEC_MM_CB_RES, TF_DATA_FORMAT_Float16_b, 1)) ||
             tf_program_set_cb_format(p, DEC_CB_OUT, TF_DATA_FORMAT_Float16_b, 2) ||
             tf_program_set_args(p, TF_NCRISC, ra, DEC_MMR_COUNT) ||
             tf_program_set_args(p, TF_COMPUTE, ca, DEC_MMC_COUNT) ||
             set_writer(p, d->out, n0, n1 - n0, d->cache_from, d->L, d->row);
    }
    return op_run(m, &o, rc, name, st);
}

static int rmsnorm_op(decode_model *m, const char *name, const tf_buffer *x, const tf_buffer *gain,
                      decode_step_stats *st)
{
    op o = {{0}, 0};
    tf_program *p = op_core(m, &o, K_NORM_READER, K_RMSNORM);
    float eps = DEC_EPS;
    uint32_t eps_bits;
    memcpy(&eps_bits, &eps, 4);
    const uint32_t ra[] = {
        [DEC_NR_X] = addr(x),
        [DEC_NR_DT] = DT,
        [DEC_NR_GAMMA] = addr(gain),
        [DEC_NR_SCALER] = tf_bf16_from_f32(1.0f / DEC_D),
    };
    const uint32_t ca[] = {[DEC_NC_DT] = DT, [DEC_NC_EPS] = eps_bits};
    ARGS_CHECK(ra, DEC_NR_COUNT);
    ARGS_CHECK(ca, DEC_NC_COUNT);
    const tf_data_format bf = TF_DATA_FORMAT_Float16_b;
    int rc = !p || tf_program_set_cb_format(p, DEC_NORM_CB_X, bf, DT) ||
             tf_program_set_cb_format(p, DEC_NORM_CB_SCALER, bf, 1) ||
             tf_program_set_cb_format(p, DEC_NORM_CB_GAMMA, bf, DT) ||
             tf_program_set_cb_format(p, DEC_NORM_CB_SQ, bf, DT) ||
             tf_program_set_cb_format(p, DEC_NORM_CB_RINV, bf, 1) ||
             tf_program_set_cb_format(p, DEC_CB_OUT, bf, 2) ||
             tf_program_set_args(p, TF_NCRISC, ra, DEC_NR_COUNT) ||
             tf_program_set_args(p, TF_COMPUTE, ca, DEC_NC_COUNT) ||
             set_writer(p, m->h, 0, DT, NO_TILE, NULL, 0);
    return op_run(m, &o, rc, name, st);
}

/* softmax of each head's scores over positions 0..pos, a head a core */
static int softmax_op(decode_model *m, int pos, decode_step_stats *st)
{
    op o = {{0}, 0};
    int rc = 0;
    const tf_data_format bf = TF_DATA_FORMAT_Float16_b;
    for (uint32_t h = 0; h < DEC_HEADS && !rc; h++) {
        tf_program *p = op_core(m, &o, K_SM_READER, K_SOFTMAX);
        const uint32_t ra[] = {
            [DEC_SR_SCORES] = addr(m->scores),
            [DEC_SR_TILE] = h,
            [DEC_SR_VALID] = (uint32_t)pos + 1,
        };
        ARGS_CHECK(ra, DEC_SR_COUNT);
        rc = !p || tf_program_set_args(p, TF_NCRISC, ra, DEC_SR_COUNT) ||
             set_writer(p, m->probs, h, 1, NO_TILE, NULL, 0);
        static const uint32_t cbs[] = {DEC_SM_CB_IN,  DEC_SM_CB_SCALER, DEC_SM_CB_MASK, DEC_SM_CB_X,
                                       DEC_SM_CB_MAX, DEC_SM_CB_EXP,    DEC_SM_CB_RSUM, DEC_CB_OUT};
        for (size_t c = 0; c < sizeof cbs / sizeof *cbs && !rc; c++)
            rc = tf_program_set_cb_format(p, cbs[c], bf, 1);
    }
    return op_run(m, &o, rc, "softmax", st);
}

/* One layer of the step: the token's row x in m->x, out the same. */
static int layer(decode_model *m, int l, int pos, decode_step_stats *st)
{
    const layer_bufs *L = &m->L[l];
    const tf_data_format q4 = TF_DATA_FORMAT_Bfp4_b, bf = TF_DATA_FORMAT_Float16_b;
    int rc;
    {
        TT_FOIL_ZONE("attn_norm");
        rc = rmsnorm_op(m, "attn_norm", m->x, L->attn_norm, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("qkv_proj");
        mm_desc d = {.compute = K_QKV,
                     .in0 = m->h,
                     .kt = DT,
                     .w = L->wqkv,
                     .wfmt = q4,
                     .w_nt = 3 * DT,
                     .nt = 3 * DT,
                     .out = m->q,
                     .cache_from = DEC_HEADS,
                     .L = L,
                     .row = (uint32_t)pos};
        rc = matmul_op(m, "qkv_proj", &d, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("attn_scores");
        mm_desc d = {.compute = K_SCORES,
                     .in0 = m->q,
                     .per_column = 1,
                     .kt = 1,
                     .w = L->k_cache,
                     .wfmt = bf,
                     .w_nt = DEC_HEADS,
                     .nt = DEC_HEADS,
                     .out = m->scores,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "attn_scores", &d, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("softmax");
        rc = softmax_op(m, pos, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("attn_v");
        mm_desc d = {.compute = K_ATTN_V,
                     .in0 = m->probs,
                     .per_column = 1,
                     .kt = 1,
                     .w = L->v_cache,
                     .wfmt = bf,
                     .w_nt = DEC_HEADS,
                     .nt = DEC_HEADS,
                     .out = m->attn,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "attn_v", &d, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("out_proj");
        mm_desc d = {.compute = K_OUT_PROJ,
                     .in0 = m->attn,
                     .kt = DT,
                     .w = L->wo,
                     .wfmt = q4,
                     .w_nt = DT,
                     .nt = DT,
                     .res = m->x,
                     .out = m->x2,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "out_proj", &d, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("mlp_norm");
        rc = rmsnorm_op(m, "mlp_norm", m->x2, L->mlp_norm, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("mlp_gate_up");
        mm_desc d = {.compute = K_GATE_UP,
                     .in0 = m->h,
                     .kt = DT,
                     .w = L->wgate,
                     .w2 = L->wup,
                     .wfmt = q4,
                     .w_nt = FT,
                     .nt = FT,
                     .out = m->mlp,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "mlp_gate_up", &d, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("mlp_down");
        mm_desc d = {.compute = K_DOWN,
                     .in0 = m->mlp,
                     .kt = FT,
                     .w = L->wdown,
                     .wfmt = q4,
                     .w_nt = DT,
                     .nt = DT,
                     .res = m->x2,
                     .out = m->x,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "mlp_down", &d, st);
    }
    return rc;
}

int decode_step(decode_model *m, int token, int pos, float logits[DEC_VOCAB],
                decode_step_stats *stats)
{
    TT_FOIL_ZONE("decode_step");
    decode_step_stats scratch;
    decode_step_stats *st = stats ? stats : &scratch;
    memset(st, 0, sizeof *st);
    if (token < 0 || token >= DEC_VOCAB || pos < 0 || pos >= DEC_MAX_TOKENS)
        return decode_fail("decode_step: token %d at position %d: tokens are 0 to %d and "
                           "positions 0 to %d (the cache holds %d)",
                           token, pos, DEC_VOCAB - 1, DEC_MAX_TOKENS - 1, DEC_MAX_TOKENS);
    double t0 = now_s();
    tf_device_counters c0 = {0, 0}, c1 = {0, 0};
    tf_device_counters_read(m->dev, &c0);
    /* the embedding row (a host lookup) as row 0 of the input tiles */
    static float row[TILE][DEC_D];
    memcpy(row[0], m->w->embed[token], sizeof row[0]);
    static uint8_t tiles[DT * 2048];
    int rc = tf_tilize(&row[0][0], TILE, DEC_D, TF_TILE_FORMAT_BF16, tiles) ||
             tf_buffer_write(m->x, 0, tiles, sizeof tiles);
    if (rc) decode_fail("decode_step: writing the token's embedding: %s", tf_last_error());
    for (int l = 0; l < m->w->layers && !rc; l++) {
        TT_FOIL_ZONE("layer");
        char text[32];
        snprintf(text, sizeof text, "layer %d", l);
        TT_FOIL_ZONE_TEXT(text);
        rc = layer(m, l, pos, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("final_norm");
        rc = rmsnorm_op(m, "final_norm", m->x, m->final_norm, st);
    }
    if (!rc) {
        TT_FOIL_ZONE("lm_head");
        mm_desc d = {.compute = K_LM_HEAD,
                     .in0 = m->h,
                     .kt = DT,
                     .w = m->lm_head,
                     .wfmt = TF_DATA_FORMAT_Bfp4_b,
                     .w_nt = VT,
                     .nt = VT,
                     .out = m->logits,
                     .cache_from = NO_TILE};
        rc = matmul_op(m, "lm_head", &d, st);
    }
    static uint8_t out[VT * 2048];
    static float lt[TILE][DEC_VOCAB];
    if (!rc && (tf_buffer_read(m->logits, 0, out, sizeof out) ||
                tf_untilize(out, TILE, DEC_VOCAB, TF_TILE_FORMAT_BF16, &lt[0][0])))
        rc = decode_fail("decode_step: reading the logits: %s", tf_last_error());
    if (!rc) memcpy(logits, lt[0], sizeof lt[0]);
    tf_device_counters_read(m->dev, &c1);
    st->instructions = c1.instructions - c0.instructions;
    st->host_s = now_s() - t0;
    return rc;
}
