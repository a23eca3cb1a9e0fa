/* ttnn's kernel_lib block matmul (compute_kernel_lib::matmul_block) in
 * tt-metal-style compute kernels built at run time
 * (tests/ttm/kernels/klib_mm.cpp): C = A x B, M = 2, N = 4, K = 4 tiles in
 * two K blocks (partials spilled to CB 24 and reloaded), 2 x 2 subblocks,
 * one or two batches, each form's every output value against a host
 * reference. fp32 tiles, an fp32 DEST and small integers keep every
 * product and sum exact. With packer_l1_acc the K blocks' sums are added
 * in L1 instead: into Float32 CBs (exact), and into Float16_b ones, where
 * each K block's sum is rounded to bf16 and the sums are added in bf16
 * (the reference rounds the same way), on an fp32 and a 16-bit DEST;
 * into a Bfp8_b CB it faults. The refused forms fail to build with their
 * messages (klib_mm_refused.cpp). */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

static tf_device *dev;

enum { TILE = 4096, D = 32, MT = 2, KT = 4, NT = 4, KB = 2, MAXB = 2 };

/* The output CBs' (16 and 24) format and the DEST of a run. */
typedef struct mm_fmt {
    tf_data_format df; /* Float32: CBs given by page size, as before formats were given */
    tf_tile_format tf; /* the same as a tile format */
    int fp32_dest;
} mm_fmt;
static const mm_fmt FP32 = {TF_DATA_FORMAT_Float32, TF_TILE_FORMAT_FP32, 1};

/* klib_mm MODE=mode, NB=nb: CB 0 gets in0 (n0 pages), CB 1 in1 (n1), CB
 * 24 (interm) holds 8 pages; tile_writer16 writes CB 16's n_out pages. */
static int mm_run(int mode, int nb, mm_fmt f, const float *in0, uint32_t n0, const float *in1,
                  uint32_t n1, void *out, uint32_t n_out, char *err, size_t errcap)
{
    char defs[2][24];
    snprintf(defs[0], sizeof defs[0], "MODE=%d", mode);
    snprintf(defs[1], sizeof defs[1], "NB=%d", nb);
    const char *dp[2] = {defs[0], defs[1]};
    tf_kernel *cmp = ttm_compute(dev, "klib_mm", dp, 2, f.fp32_dest);
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    tf_program *p = t.p;
    const float *bytes[2] = {in0, in1};
    uint32_t pages[2] = {n0, n1};
    tf_buffer *din[2];
    uint32_t ra[1 + 4 * 2] = {2};
    for (int i = 0; i < 2; i++) {
        din[i] = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE * pages[i]));
        MUST(tf_buffer_write(din[i], 0, bytes[i], (size_t)TILE * pages[i]));
        MUST(tf_program_set_cb(p, (uint32_t)i, TILE, pages[i]));
        uint64_t a = tf_buffer_noc_addr(din[i]);
        ra[1 + 4 * i] = (uint32_t)i;
        ra[2 + 4 * i] = lo32(a);
        ra[3 + 4 * i] = hi32(a);
        ra[4 + 4 * i] = pages[i];
    }
    uint32_t page = tf_tile_bytes(f.tf);
    if (f.df == TF_DATA_FORMAT_Float32) {
        MUST(tf_program_set_cb(p, 24, TILE, MT * NT));
        MUST(tf_program_set_cb(p, 16, TILE, n_out));
    } else {
        MUST(tf_program_set_cb_format(p, 24, f.df, MT * NT));
        MUST(tf_program_set_cb_format(p, 16, f.df, n_out));
    }
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)page * n_out));
    uint64_t b = tf_buffer_noc_addr(dout);
    uint32_t wa[] = {lo32(b), hi32(b), n_out};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 1 + 4 * 2));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    int rc = tf_dispatch_execute(p);
    if (rc)
        snprintf(err, errcap, "%s", tf_last_error());
    else
        MUST(tf_buffer_read(dout, 0, out, (size_t)page * n_out));
    ttm_trio_free(&t);
    for (int i = 0; i < 2; i++) tf_buffer_free(din[i]);
    tf_buffer_free(dout);
    return rc;
}

/* Element (i, j) of A's tile (r, k) and B's tile (k, n) of batch b: small
 * integers in -4..4, each tile different; with `wide`, in -30..30 (the
 * packer_l1_acc modes: K blocks' sums beyond bf16's 8 significant bits,
 * so that its rounding shows; still exact in fp32 and as bf16 inputs). */
static int wide;
static float a_val(int b, int r, int k, int i, int j)
{
    int w = wide ? 61 : 9;
    return (float)(((i * 7 + j * 3 + b * 11 + r * 5 + k * 13) % w) - w / 2);
}
static float b_val(int b, int k, int n, int i, int j)
{
    int w = wide ? 61 : 9;
    return (float)(((i * 5 + j * 11 + b * 3 + k * 7 + n * 2) % w) - w / 2);
}

static void put_tile(float *dst, float (*f)(int, int, int, int, int), int b, int x, int y)
{
    static float m[D * D];
    for (int i = 0; i < D * D; i++) m[i] = f(b, x, y, i / D, i % D);
    MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, dst));
}

/* The packer_l1_acc modes (8-12), those whose output is tile-row-major */
static int l1_mode(int mode)
{
    return mode >= 8;
}
static int row_major_mode(int mode)
{
    return mode == 1 || mode == 6 || mode == 10 || mode == 12;
}

/* C's tile (r, n) of batch b, row-major, through the mode's last step.
 * packer_l1_acc: each K block's sum in a fresh DEST (a 16-bit DEST rounds
 * to bf16 after each k tile's products), packed into the CB's format (a
 * Float16_b CB: rounded to bf16), the next K blocks' added to it there (a
 * Float16_b CB: the bf16 values' sum rounded once to bf16; Float32: one
 * fp32 addition), in K-block order. (The products and each tile's 32-term
 * dot product are small integers: exact.) */
static void c_ref(int mode, mm_fmt f, int b, int r, int n, float *m)
{
    int bf = f.df == TF_DATA_FORMAT_Float16_b;
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            float acc = 0;
            for (int kb = 0; kb < KB; kb++) {
                float dst = 0;
                for (int k = kb * KT / KB; k < (kb + 1) * KT / KB; k++) {
                    float dot = 0;
                    for (int l = 0; l < D; l++) dot += a_val(b, r, k, i, l) * b_val(b, k, n, l, j);
                    dst = f.fp32_dest ? dst + dot : ttm_bf16_rne(dst + dot);
                }
                if (!l1_mode(mode))
                    acc += dst; /* exact */
                else if (bf)
                    acc = ttm_bf16_rne(acc + ttm_bf16_rne(dst));
                else
                    acc += dst;
            }
            if (mode == 3) acc = -acc;
            if ((mode == 1 || mode == 3 || mode == 11) && acc <= 0) acc = 0; /* (+0) */
            if (mode == 4) acc *= 2;
            m[i * D + j] = acc;
        }
}

static void mm_case_f(int mode, int nb, mm_fmt f)
{
    static float in0[MAXB * MT * KT * 1024], in1[MAXB * KT * NT * 1024];
    static uint8_t out[MAXB * MT * NT * TILE], want[MAXB * MT * NT * TILE];
    static float m[1024], got[1024];
    uint32_t page = tf_tile_bytes(f.tf);
    uint32_t n0 = 0, n1 = 0, no = 0;
    int kb_w = mode == 7 ? KT : KT / KB; /* MODE 7: K in one block */
    wide = l1_mode(mode);
    for (int b = 0; b < nb; b++) {
        for (int k0 = 0; k0 < KT; k0 += kb_w) {
            for (int r = 0; r < MT; r++)
                for (int k = k0; k < k0 + kb_w; k++) put_tile(in0 + 1024 * n0++, a_val, b, r, k);
            for (int k = k0; k < k0 + kb_w; k++)
                for (int n = 0; n < NT; n++) put_tile(in1 + 1024 * n1++, b_val, b, k, n);
        }
        if (row_major_mode(mode))
            for (int r = 0; r < MT; r++)
                for (int n = 0; n < NT; n++) {
                    c_ref(mode, f, b, r, n, m);
                    MUST(tf_tilize(m, D, D, f.tf, want + page * no++));
                }
        else /* subblock-major: 2 x 2 subblocks along N */
            for (int n0s = 0; n0s < NT; n0s += 2)
                for (int r = 0; r < MT; r++)
                    for (int n = n0s; n < n0s + 2; n++) {
                        c_ref(mode, f, b, r, n, m);
                        MUST(tf_tilize(m, D, D, f.tf, want + page * no++));
                    }
    }
    char err[2048];
    if (mm_run(mode, nb, f, in0, n0, in1, n1, out, no, err, sizeof err)) {
        fprintf(stderr, "klib_mm MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = -1; /* the first tile that differs, bit for bit */
    for (uint32_t t = 0; t < no && bad < 0; t++)
        if (memcmp(out + page * t, want + page * t, page)) bad = (int)t;
    if (bad >= 0) {
        MUST(tf_untilize(out + page * bad, D, D, f.tf, got));
        MUST(tf_untilize(want + page * bad, D, D, f.tf, m));
        for (int i = 0; i < 1024; i++)
            if (!ttm_same(got[i], m[i])) {
                fprintf(stderr,
                        "klib_mm MODE=%d NB=%d df %d dest %d: tile %d value %d is %g, not %g\n",
                        mode, nb, (int)f.df, f.fp32_dest ? 32 : 16, bad, i, got[i], m[i]);
                break;
            }
    }
    CHECK_TRUE(bad < 0);
}

static void mm_case(int mode, int nb)
{
    mm_case_f(mode, nb, FP32);
}

static void refused(int mode, const char *msg)
{
    ttm_refused(dev, "klib_mm_refused", mode, msg);
}

/* matmul_tile (klib_mm_tile.cpp: MT x NT tiles of KT products, NB
 * batches, Float32 CBs and an fp32 DEST: exact), A's and B's tiles
 * streamed in the helper's loop order; MODE 1 negated by a post-compute
 * functor. */
static void mm_tile(int mode, int nb)
{
    enum { N = MAXB * MT * NT * KT };
    static float in0[N * 1024], in1[N * 1024], m[1024], got[1024];
    static uint8_t out[MAXB * MT * NT * TILE];
    uint32_t n = 0;
    wide = 0;
    for (int b = 0; b < nb; b++)
        for (int r = 0; r < MT; r++)
            for (int c = 0; c < NT; c++)
                for (int k = 0; k < KT; k++, n++) {
                    put_tile(in0 + 1024 * n, a_val, b, r, k);
                    put_tile(in1 + 1024 * n, b_val, b, k, c);
                }
    char defs[5][16];
    snprintf(defs[0], sizeof defs[0], "MODE=%d", mode);
    snprintf(defs[1], sizeof defs[1], "NB=%d", nb);
    snprintf(defs[2], sizeof defs[2], "MT=%d", MT);
    snprintf(defs[3], sizeof defs[3], "NT=%d", NT);
    snprintf(defs[4], sizeof defs[4], "KT=%d", KT);
    const char *dp[5] = {defs[0], defs[1], defs[2], defs[3], defs[4]};
    ttm_trio t =
        ttm_trio_create(dev, (tf_core){0, 0}, NULL, ttm_compute(dev, "klib_mm_tile", dp, 5, 1));
    const float *bytes[2] = {in0, in1};
    tf_buffer *din[2];
    uint32_t ra[1 + 4 * 2] = {2};
    for (int i = 0; i < 2; i++) {
        din[i] = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE * n));
        MUST(tf_buffer_write(din[i], 0, bytes[i], (size_t)TILE * n));
        MUST(tf_program_set_cb(t.p, (uint32_t)i, TILE, n));
        uint64_t a = tf_buffer_noc_addr(din[i]);
        ra[1 + 4 * i] = (uint32_t)i;
        ra[2 + 4 * i] = lo32(a);
        ra[3 + 4 * i] = hi32(a);
        ra[4 + 4 * i] = n;
    }
    uint32_t no = (uint32_t)(nb * MT * NT);
    MUST(tf_program_set_cb(t.p, 16, TILE, no));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE * no));
    uint64_t b = tf_buffer_noc_addr(dout);
    uint32_t wa[] = {lo32(b), hi32(b), no};
    MUST(tf_program_set_args(t.p, TF_NCRISC, ra, 1 + 4 * 2));
    MUST(tf_program_set_args(t.p, TF_BRISC, wa, 3));
    int rc = tf_dispatch_execute(t.p);
    CHECK_TRUE(rc == 0);
    if (rc) fprintf(stderr, "klib_mm_tile MODE=%d: %s\n", mode, tf_last_error());
    if (!rc) MUST(tf_buffer_read(dout, 0, out, (size_t)TILE * no));
    int bad = 0;
    for (int bb = 0; bb < nb && !rc; bb++)
        for (int r = 0; r < MT; r++)
            for (int c = 0; c < NT; c++) {
                MUST(tf_untilize(out + (size_t)TILE * ((bb * MT + r) * NT + c), D, D,
                                 TF_TILE_FORMAT_FP32, got));
                for (int i = 0; i < D; i++)
                    for (int j = 0; j < D; j++) {
                        float dot = 0;
                        for (int k = 0; k < KT; k++)
                            for (int l = 0; l < D; l++)
                                dot += a_val(bb, r, k, i, l) * b_val(bb, k, c, l, j);
                        m[i * D + j] = mode == 1 ? -dot : dot;
                    }
                for (int i = 0; i < 1024; i++) bad += got[i] != m[i];
            }
    if (bad) fprintf(stderr, "klib_mm_tile MODE=%d NB=%d: %d values differ\n", mode, nb, bad);
    CHECK_TRUE(bad == 0);
    ttm_trio_free(&t);
    for (int i = 0; i < 2; i++) tf_buffer_free(din[i]);
    tf_buffer_free(dout);
}

int main(void)
{
    dev = rt_open(1, 1);
    mm_tile(0, 2); /* matmul_tile, two batches */
    mm_tile(1, 1); /* with a post-compute functor */
    mm_case(0, 2); /* the defaults, two batches in the helper */
    mm_case(1, 1); /* TileRowMajor, OutWithRelu */
    mm_case(2, 2); /* LastBlockTarget::Interm, then the kernel copies interm to out */
    mm_case(3, 1); /* the older run-time form: pack_relu, a post-compute (negated) */
    mm_case(4, 1); /* the hooks' form: a post-compute (x 2) */
    mm_case(5, 2); /* the oldest form, the CBs as template arguments */
    mm_case(6, 2); /* InitMode::None, no reconfiguration, the shape at compile time */
    mm_case(7, 2); /* one K block, in0 retained on the last (the kernel pops it) */
    /* packer_l1_acc (8: interm a CB of its own, 9: interm = out, 10: to
     * interm tile-row-major, 11: OutWithRelu, 12: TileRowMajor): Float32
     * CBs and an fp32 DEST (exact); Float16_b CBs (each K block's sum
     * rounded to bf16, added in bf16) on an fp32 DEST (summed in interm,
     * then copied to out, or in out itself) and on a 16-bit one (8: summed
     * in out itself, interm unused, out published a subblock at a time) */
    const mm_fmt bf_fp32 = {TF_DATA_FORMAT_Float16_b, TF_TILE_FORMAT_BF16, 1};
    const mm_fmt bf_bf16 = {TF_DATA_FORMAT_Float16_b, TF_TILE_FORMAT_BF16, 0};
    for (int mode = 8; mode <= 12; mode++) {
        mm_case_f(mode, 2, FP32);
        mm_case_f(mode, 2, bf_fp32);
    }
    mm_case_f(8, 2, bf_bf16);
    mm_case_f(9, 1, bf_bf16);
    { /* into a Bfp8_b CB (interm = out): the packer's fault, naming the CB
       * and the format, at the kernel's line */
        static float in[KT * NT * 1024];
        static uint8_t out[MT * NT * TILE];
        const mm_fmt bfp8 = {TF_DATA_FORMAT_Bfp8_b, TF_TILE_FORMAT_BFP8_B, 1};
        char err[2048] = "";
        CHECK_TRUE(mm_run(9, 1, bfp8, in, MT * KT, in, KT * NT, out, MT * NT, err, sizeof err) !=
                   0);
        CHECK_CONTAINS(err, "packer L1 accumulation (pack_reconfig_l1_acc(1)) into CB 16, of data "
                            "format Bfp8_b, is not modeled");
        TTM_CHECK_LINE(err, "inlined in kernel_main (");
        TTM_CHECK_LINE(err, "tests/ttm/kernels/klib_mm.cpp:");
    }
    refused(1, "not supported by tt-foil: compute_kernel_lib::matmul_block with an Activation");
    refused(2, "compute_kernel_lib::matmul_block: InputPolicy::NoWaitNoPop is for in1 only");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_klib_matmul");
}
