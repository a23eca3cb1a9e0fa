/* The CNN (cnn.h) on the chip and on the host.
 *
 * Activations live in DRAM as pixels of 32 bf16 channels (HWC, channels
 * padded to 32). A convolution is an implicit GEMM: for each block of 32
 * output pixels, the reader gathers, per 3x3 tap, the 32 input pixels that
 * tap sees as one tile (pixels x input channels), and the compute kernel
 * accumulates tile x weights[tap] (input x output channels) over the 9
 * taps in DEST, adds the bias and applies relu; the writer scatters the
 * tile's rows back to their pixels. The head pools on 4 cores (each a
 * quarter of the pixels), multiplies its partial mean by the fc weights,
 * and the 3 other cores send their partial logits to the root core, which
 * adds them and the fc bias (a semaphore says when they have all landed).
 * The kernels' arguments, circular buffers and semaphore are named in
 * cnn_args.h, which the kernels include too. */
#include "cnn.h"

#include "cnn_args.h"
#include "tt_foil/profiling.h"
#include "tt_foil/tile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TILE       32
#define C1_OUT     CNN_IN            /* conv1 keeps the size (pad 1) */
#define C2_OUT     (CNN_IN / 2)      /* conv2 halves it (stride 2) */
#define HEAD_PIX   (C2_OUT * C2_OUT) /* 256 pixels into the pooling */
#define CONV_CORES 8
#define HEAD_CORES 4

struct cnn {
    tf_device *dev;
    char kdir[1024];
    /* weights, fp32, as generated: w[o][c][ky][kx], fc[o][c] */
    float w1[CNN_C1][CNN_IN_CH][3][3], b1[CNN_C1];
    float w2[CNN_C2][CNN_C1][3][3], b2[CNN_C2];
    float fc[CNN_CLASSES][CNN_C2], bfc[CNN_CLASSES];
    /* the same as tiles in DRAM */
    tf_buffer *tw1, *tb1, *tw2, *tb2, *tfc, *tbfc;
};

/* ---- weights and inputs ----------------------------------------------------------- */

static float uniform(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return (float)(*s % 2000001) / 1000000.0f - 1.0f;
}

void cnn_image(int index, float *image)
{
    /* smooth stripes and blobs, different for every index */
    for (int y = 0; y < CNN_IN; y++)
        for (int x = 0; x < CNN_IN; x++)
            for (int c = 0; c < CNN_IN_CH; c++) {
                float v = 0.5f + 0.25f * sinf(0.3f * (float)(x * (c + 1) + index * 7)) +
                          0.25f * cosf(0.2f * (float)(y * (index % 3 + 1) - c * 5));
                image[(y * CNN_IN + x) * CNN_IN_CH + c] = v;
            }
}

/* The example's own failures (its allocations) have a message of their
 * own: the runtime's last error is another call's. */
static _Thread_local const char *cnn_own;

static int cnn_fail(const char *msg)
{
    cnn_own = msg;
    return -1;
}

const char *cnn_error(void)
{
    return cnn_own ? cnn_own : tf_last_error();
}

/* Tiles for one 3x3 conv: tap t = (ky, kx) is input channels x output
 * channels (32 x 32, zero padded). */
static int conv_tiles(tf_device *dev, int cin, int cout, const float *w, tf_buffer **out)
{
    static float m[CNN_CONV_TAPS][TILE * TILE];
    memset(m, 0, sizeof m);
    for (int o = 0; o < cout; o++)
        for (int c = 0; c < cin; c++)
            for (int t = 0; t < CNN_CONV_TAPS; t++)
                m[t][c * TILE + o] = w[(o * cin + c) * CNN_CONV_TAPS + t];
    uint32_t tb = tf_tile_bytes(TF_TILE_FORMAT_BF16);
    uint8_t *tiles = malloc(CNN_CONV_TAPS * (size_t)tb);
    if (!tiles) return cnn_fail("out of host memory (the convolution weights' tiles)");
    *out = tf_buffer_create_dram(dev, CNN_CONV_TAPS * tb);
    int rc = !*out;
    for (int t = 0; !rc && t < CNN_CONV_TAPS; t++)
        rc = tf_tilize(m[t], TILE, TILE, TF_TILE_FORMAT_BF16, tiles + (size_t)t * tb);
    if (!rc) rc = tf_buffer_write(*out, 0, tiles, CNN_CONV_TAPS * tb);
    free(tiles);
    return rc;
}

/* A tile whose row 0 holds v[0..n) (a bias); or rows x cols of m. */
static int matrix_tile(tf_device *dev, const float *m, int rows, int cols, tf_buffer **out)
{
    float t[TILE * TILE] = {0};
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) t[r * TILE + c] = m[r * cols + c];
    uint8_t tiles[2048];
    *out = tf_buffer_create_dram(dev, sizeof tiles);
    if (!*out || tf_tilize(t, TILE, TILE, TF_TILE_FORMAT_BF16, tiles)) return -1;
    return tf_buffer_write(*out, 0, tiles, sizeof tiles);
}

tf_device *cnn_device_open(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 4, .grid_y = 2};
    cfg.sim = &sim;
    return tf_device_open(&cfg);
}

cnn *cnn_create(tf_device *dev, const char *kernel_dir)
{
    TT_FOIL_ZONE("cnn_create");
    cnn_own = NULL;
    cnn *c = calloc(1, sizeof *c);
    if (!c) {
        cnn_fail("out of host memory (the network)");
        return NULL;
    }
    c->dev = dev;
    snprintf(c->kdir, sizeof c->kdir, "%s", kernel_dir);
    /* uniform in +-sqrt(3 / fan_in) x 2: activations keep their scale */
    uint32_t s = 0x1234567u;
    float a1 = 2.0f * sqrtf(3.0f / (CNN_IN_CH * 9)), a2 = 2.0f * sqrtf(3.0f / (CNN_C1 * 9));
    float a3 = 2.0f * sqrtf(3.0f / CNN_C2);
    for (size_t i = 0; i < sizeof c->w1 / sizeof(float); i++)
        (&c->w1[0][0][0][0])[i] = a1 * uniform(&s);
    for (int i = 0; i < CNN_C1; i++) c->b1[i] = 0.1f * uniform(&s);
    for (size_t i = 0; i < sizeof c->w2 / sizeof(float); i++)
        (&c->w2[0][0][0][0])[i] = a2 * uniform(&s);
    for (int i = 0; i < CNN_C2; i++) c->b2[i] = 0.1f * uniform(&s);
    for (size_t i = 0; i < sizeof c->fc / sizeof(float); i++) (&c->fc[0][0])[i] = a3 * uniform(&s);
    for (int i = 0; i < CNN_CLASSES; i++) c->bfc[i] = 0.1f * uniform(&s);
    /* fc as a tile: input channels x classes */
    float fct[CNN_C2 * CNN_CLASSES];
    for (int o = 0; o < CNN_CLASSES; o++)
        for (int k = 0; k < CNN_C2; k++) fct[k * CNN_CLASSES + o] = c->fc[o][k];
    if (conv_tiles(dev, CNN_IN_CH, CNN_C1, &c->w1[0][0][0][0], &c->tw1) ||
        conv_tiles(dev, CNN_C1, CNN_C2, &c->w2[0][0][0][0], &c->tw2) ||
        matrix_tile(dev, c->b1, 1, CNN_C1, &c->tb1) ||
        matrix_tile(dev, c->b2, 1, CNN_C2, &c->tb2) ||
        matrix_tile(dev, fct, CNN_C2, CNN_CLASSES, &c->tfc) ||
        matrix_tile(dev, c->bfc, 1, CNN_CLASSES, &c->tbfc)) {
        cnn_destroy(c);
        return NULL;
    }
    return c;
}

void cnn_destroy(cnn *c)
{
    if (!c) return;
    tf_buffer *b[] = {c->tw1, c->tb1, c->tw2, c->tb2, c->tfc, c->tbfc};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        if (b[i]) tf_buffer_free(b[i]);
    free(c);
}

/* ---- the host reference ------------------------------------------------------------ */

static void conv_ref(const float *in, int side, int cin, const float *w, const float *b, int cout,
                     int stride, float *out)
{
    int os = side / stride;
    for (int oy = 0; oy < os; oy++)
        for (int ox = 0; ox < os; ox++)
            for (int o = 0; o < cout; o++) {
                float acc = b[o];
                for (int t = 0; t < 9; t++) {
                    int iy = oy * stride + t / 3 - 1, ix = ox * stride + t % 3 - 1;
                    if (iy < 0 || ix < 0 || iy >= side || ix >= side) continue;
                    for (int c = 0; c < cin; c++)
                        acc += in[(iy * side + ix) * cin + c] * w[(o * cin + c) * 9 + t];
                }
                out[(oy * os + ox) * cout + o] = acc > 0 ? acc : 0;
            }
}

void cnn_reference(const cnn *c, const float *image, float logits[CNN_CLASSES])
{
    static float a1[C1_OUT * C1_OUT * CNN_C1], a2[HEAD_PIX * CNN_C2];
    conv_ref(image, CNN_IN, CNN_IN_CH, &c->w1[0][0][0][0], c->b1, CNN_C1, 1, a1);
    conv_ref(a1, C1_OUT, CNN_C1, &c->w2[0][0][0][0], c->b2, CNN_C2, 2, a2);
    float mean[CNN_C2] = {0};
    for (int p = 0; p < HEAD_PIX; p++)
        for (int k = 0; k < CNN_C2; k++) mean[k] += a2[p * CNN_C2 + k];
    for (int k = 0; k < CNN_C2; k++) mean[k] /= HEAD_PIX;
    for (int o = 0; o < CNN_CLASSES; o++) {
        float acc = c->bfc[o];
        for (int k = 0; k < CNN_C2; k++) acc += mean[k] * c->fc[o][k];
        logits[o] = acc;
    }
}

float cnn_tolerance(const float reference[CNN_CLASSES])
{
    float m = 0;
    for (int i = 0; i < CNN_CLASSES; i++) m = fmaxf(m, fabsf(reference[i]));
    /* inputs, weights and two layers of activations rounded to 8
     * significant bits (2^-9 relative each), through sums of up to 288
     * terms of both signs: a few percent of the largest logit */
    return 0.03f * m + 0.01f;
}

/* ---- ops on the chip ------------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static tf_kernel *kernel(cnn *c, const char *file)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", c->kdir, file);
    return tf_kernel_load(c->dev, path);
}

/* Everything an op holds, released in one place. */
typedef struct op {
    tf_kernel *k[3];
    tf_program *p[CONV_CORES];
    int n;
    tf_buffer *l1; /* an L1 buffer of the op's own (released by the reset) */
    uint64_t instr0;
    double t0;
} op;

static void op_begin(cnn *c, op *o)
{
    memset(o, 0, sizeof *o);
    o->t0 = now_s();
    tf_device_counters n;
    if (!tf_device_counters_read(c->dev, &n)) o->instr0 = n.instructions;
}

/* Run the op's programs (if it was set up: rc 0), record its stats, and
 * release it: programs, kernels, then each core's L1. */
static int op_end(cnn *c, op *o, int rc, const char *name, cnn_op_stats *st)
{
    if (!rc) rc = tf_dispatch_execute_multi(o->p, (size_t)o->n);
    uint64_t cycles = 0;
    for (int i = 0; i < o->n && !rc; i++) {
        tf_run_stats s;
        if (!tf_program_last_run(o->p[i], &s) && s.cycles > cycles) cycles = s.cycles;
    }
    TT_FOIL_ZONE("cnn op release");
    for (int i = 0; i < o->n; i++)
        if (o->p[i]) tf_program_destroy(o->p[i]);
    for (int i = 0; i < 3; i++)
        if (o->k[i]) tf_kernel_free(o->k[i]);
    for (int i = 0; i < o->n && !rc; i++) rc = tf_l1_reset(c->dev, (tf_core){i % 4, i / 4});
    if (o->l1) tf_buffer_free(o->l1); /* the handle (the reset released the memory) */
    if (st && !rc) {
        tf_device_counters n = {0, 0};
        tf_device_counters_read(c->dev, &n);
        *st = (cnn_op_stats){name, o->n, cycles, n.instructions - o->instr0, now_s() - o->t0};
    }
    return rc;
}

/* conv3x3 (pad 1) + bias + relu over `side` x `side` pixels, on 8 cores. */
static int conv(cnn *c, const char *name, tf_buffer *in, int side, int stride, tf_buffer *w,
                tf_buffer *b, tf_buffer *out, cnn_op_stats *st)
{
    TT_FOIL_ZONE("cnn conv");
    TT_FOIL_ZONE_TEXT(name);
    op o;
    op_begin(c, &o);
    int os = side / stride, npix = os * os, blocks = (npix + TILE - 1) / TILE;
    o.k[0] = kernel(c, "conv_reader.ncrisc.elf");
    o.k[1] = kernel(c, "conv_compute.compute");
    o.k[2] = kernel(c, "conv_writer.brisc.elf");
    int rc = !o.k[0] || !o.k[1] || !o.k[2];
    uint64_t ni = tf_buffer_noc_addr(in), nw = tf_buffer_noc_addr(w), nb = tf_buffer_noc_addr(b);
    uint64_t no = tf_buffer_noc_addr(out);
    uint32_t page = tf_tile_bytes(TF_TILE_FORMAT_BF16);
    for (int i = 0; i < CONV_CORES && !rc; i++) {
        uint32_t b0 = (uint32_t)(blocks * i / CONV_CORES),
                 b1 = (uint32_t)(blocks * (i + 1) / CONV_CORES);
        tf_program *p = o.p[o.n++] = tf_program_create(c->dev, (tf_core){i % 4, i / 4});
        const uint32_t ra[] = {
            CNN_ARG64(CNN_CONV_READER_IN, ni),
            [CNN_CONV_READER_IN_WIDTH] = (uint32_t)side,
            [CNN_CONV_READER_IN_HEIGHT] = (uint32_t)side,
            [CNN_CONV_READER_OUT_WIDTH] = (uint32_t)os,
            [CNN_CONV_READER_STRIDE] = (uint32_t)stride,
            [CNN_CONV_READER_BLOCK_BEGIN] = b0,
            [CNN_CONV_READER_BLOCK_END] = b1,
            CNN_ARG64(CNN_CONV_READER_WEIGHTS, nw),
            CNN_ARG64(CNN_CONV_READER_BIAS, nb),
            [CNN_CONV_READER_OUT_PIXELS] = (uint32_t)npix,
        };
        const uint32_t ca[] = {[CNN_CONV_COMPUTE_BLOCKS] = b1 - b0};
        const uint32_t wa[] = {
            CNN_ARG64(CNN_CONV_WRITER_OUT, no),
            [CNN_CONV_WRITER_BLOCK_BEGIN] = b0,
            [CNN_CONV_WRITER_BLOCK_END] = b1,
            [CNN_CONV_WRITER_OUT_PIXELS] = (uint32_t)npix,
        };
        CNN_ARGS_CHECK(ra, CNN_CONV_READER_COUNT);
        CNN_ARGS_CHECK(ca, CNN_CONV_COMPUTE_COUNT);
        CNN_ARGS_CHECK(wa, CNN_CONV_WRITER_COUNT);
        /* the gathered pages double-buffered; a block's tilized taps and the
         * weights all at once */
        rc = !p || tf_program_set_kernel(p, TF_NCRISC, o.k[0]) ||
             tf_program_set_kernel(p, TF_COMPUTE, o.k[1]) ||
             tf_program_set_kernel(p, TF_BRISC, o.k[2]) ||
             tf_program_set_cb(p, CNN_CONV_CB_ACT, page, 2) ||
             tf_program_set_cb(p, CNN_CONV_CB_WEIGHTS, page, CNN_CONV_TAPS) ||
             tf_program_set_cb(p, CNN_CONV_CB_BIAS, page, 1) ||
             tf_program_set_cb(p, CNN_CONV_CB_OUT, page, 2) ||
             tf_program_set_cb(p, CNN_CONV_CB_ACT_TILED, page, CNN_CONV_TAPS) ||
             tf_program_set_args(p, TF_NCRISC, ra, CNN_CONV_READER_COUNT) ||
             tf_program_set_args(p, TF_COMPUTE, ca, CNN_CONV_COMPUTE_COUNT) ||
             tf_program_set_args(p, TF_BRISC, wa, CNN_CONV_WRITER_COUNT);
    }
    return op_end(c, &o, rc, name, st);
}

/* Global average pool + fc on 4 cores; core 0 gathers the partial logits. */
static int head(cnn *c, tf_buffer *in, tf_buffer *out, cnn_op_stats *st)
{
    TT_FOIL_ZONE("cnn head");
    op o;
    op_begin(c, &o);
    o.k[0] = kernel(c, "head_reader.ncrisc.elf");
    o.k[1] = kernel(c, "head_compute.compute");
    o.k[2] = kernel(c, "head_writer.brisc.elf");
    int rc = !o.k[0] || !o.k[1] || !o.k[2];
    uint32_t page = tf_tile_bytes(TF_TILE_FORMAT_BF16), senders = HEAD_CORES - 1;
    /* the root's receive buffer: one tile per sender */
    tf_buffer *recv = rc ? NULL : tf_buffer_create_l1(c->dev, (tf_core){0, 0}, senders * page);
    o.l1 = recv;
    rc = rc || !recv;
    uint32_t rx = 0, ry = 0;
    if (!rc) rc = tf_core_noc_xy(c->dev, (tf_core){0, 0}, &rx, &ry);
    uint64_t ni = tf_buffer_noc_addr(in), nw = tf_buffer_noc_addr(c->tfc);
    uint64_t nb = tf_buffer_noc_addr(c->tbfc), nr = recv ? tf_buffer_noc_addr(recv) : 0;
    float scale = 1.0f / HEAD_PIX;
    uint32_t sbits;
    memcpy(&sbits, &scale, 4);
    int per = HEAD_PIX / TILE / HEAD_CORES;
    for (int i = 0; i < HEAD_CORES && !rc; i++) {
        uint32_t root = i == 0;
        uint64_t dst = root ? tf_buffer_noc_addr(out) : nr + (uint64_t)(i - 1) * page;
        tf_program *p = o.p[o.n++] = tf_program_create(c->dev, (tf_core){i % 4, i / 4});
        const uint32_t ra[] = {
            CNN_ARG64(CNN_HEAD_READER_IN, ni),
            [CNN_HEAD_READER_FIRST_TILE] = (uint32_t)(i * per),
            [CNN_HEAD_READER_TILES] = (uint32_t)per,
            CNN_ARG64(CNN_HEAD_READER_WEIGHTS, nw),
            [CNN_HEAD_READER_ROOT] = root,
            CNN_ARG64(CNN_HEAD_READER_BIAS, nb),
            CNN_ARG64(CNN_HEAD_READER_RECV, nr),
            [CNN_HEAD_READER_SENDERS] = senders,
        };
        const uint32_t ca[] = {
            [CNN_HEAD_COMPUTE_TILES] = (uint32_t)per,
            [CNN_HEAD_COMPUTE_SCALE] = sbits,
            [CNN_HEAD_COMPUTE_ROOT] = root,
            [CNN_HEAD_COMPUTE_SENDERS] = senders,
        };
        const uint32_t wa[] = {
            [CNN_HEAD_WRITER_ROOT] = root,
            CNN_ARG64(CNN_HEAD_WRITER_DST, dst),
            [CNN_HEAD_WRITER_ROOT_NOC_X] = rx,
            [CNN_HEAD_WRITER_ROOT_NOC_Y] = ry,
        };
        CNN_ARGS_CHECK(ra, CNN_HEAD_READER_COUNT);
        CNN_ARGS_CHECK(ca, CNN_HEAD_COMPUTE_COUNT);
        CNN_ARGS_CHECK(wa, CNN_HEAD_WRITER_COUNT);
        rc = !p || tf_program_set_kernel(p, TF_NCRISC, o.k[0]) ||
             tf_program_set_kernel(p, TF_COMPUTE, o.k[1]) ||
             tf_program_set_kernel(p, TF_BRISC, o.k[2]) ||
             tf_program_set_cb(p, CNN_HEAD_CB_ACT, page, 2) ||
             tf_program_set_cb(p, CNN_HEAD_CB_ACT_TILED, page, (uint32_t)per) ||
             tf_program_set_cb(p, CNN_HEAD_CB_WEIGHTS, page, 1) ||
             tf_program_set_cb(p, CNN_HEAD_CB_POOLED, page, 1) ||
             tf_program_set_cb(p, CNN_HEAD_CB_OUT, page, 1) ||
             (root && (tf_program_set_cb(p, CNN_HEAD_CB_BIAS, page, 1) ||
                       tf_program_set_cb(p, CNN_HEAD_CB_PARTIALS, page, senders) ||
                       tf_program_set_semaphore(p, CNN_HEAD_SEM_PARTIALS, 0))) ||
             tf_program_set_args(p, TF_NCRISC, ra, CNN_HEAD_READER_COUNT) ||
             tf_program_set_args(p, TF_COMPUTE, ca, CNN_HEAD_COMPUTE_COUNT) ||
             tf_program_set_args(p, TF_BRISC, wa, CNN_HEAD_WRITER_COUNT);
    }
    return op_end(c, &o, rc, "head", st);
}

int cnn_infer(cnn *c, const float *image, float logits[CNN_CLASSES], cnn_op_stats *stats)
{
    TT_FOIL_ZONE("cnn_infer");
    cnn_op_stats scratch[CNN_OPS];
    if (!stats) stats = scratch;
    /* the input, as pixels of 32 bf16 channels */
    static uint16_t px[CNN_IN * CNN_IN * TILE];
    memset(px, 0, sizeof px);
    for (int p = 0; p < CNN_IN * CNN_IN; p++)
        for (int ch = 0; ch < CNN_IN_CH; ch++)
            px[p * TILE + ch] = tf_bf16_from_f32(image[p * CNN_IN_CH + ch]);
    tf_buffer *in = tf_buffer_create_dram(c->dev, sizeof px);
    tf_buffer *a1 = tf_buffer_create_dram(c->dev, C1_OUT * C1_OUT * CNN_PIXEL_BYTES);
    tf_buffer *a2 = tf_buffer_create_dram(c->dev, HEAD_PIX * CNN_PIXEL_BYTES);
    tf_buffer *out = tf_buffer_create_dram(c->dev, 2048);
    int rc = !in || !a1 || !a2 || !out;
    if (!rc) rc = tf_buffer_write(in, 0, px, sizeof px);
    if (!rc) rc = conv(c, "conv1", in, CNN_IN, 1, c->tw1, c->tb1, a1, &stats[0]);
    if (!rc) rc = conv(c, "conv2", a1, C1_OUT, 2, c->tw2, c->tb2, a2, &stats[1]);
    if (!rc) rc = head(c, a2, out, &stats[2]);
    uint8_t tile[2048];
    if (!rc) rc = tf_buffer_read(out, 0, tile, sizeof tile);
    if (!rc) {
        float t[TILE * TILE];
        rc = tf_untilize(tile, TILE, TILE, TF_TILE_FORMAT_BF16, t);
        for (int i = 0; i < CNN_CLASSES; i++) logits[i] = t[i]; /* row 0 */
    }
    tf_buffer *b[] = {in, a1, a2, out};
    for (int i = 0; i < 4; i++)
        if (b[i]) tf_buffer_free(b[i]);
    return rc ? -1 : 0;
}
