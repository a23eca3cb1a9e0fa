/* ttnn's kernel_lib block matmul (compute_kernel_lib::matmul_block) in
 * tt-metal-style compute kernels built at run time
 * (tests/ttm/kernels/klib_mm.cpp): C = A x B, M = 2, N = 4, K = 4 tiles in
 * two K blocks (partials spilled to CB 24 and reloaded), 2 x 2 subblocks,
 * one or two batches, each form's every output value against a host
 * reference. fp32 tiles, an fp32 DEST and small integers keep every
 * product and sum exact. The refused forms fail to build with their
 * messages (klib_mm_refused.cpp). */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

static tf_device *dev;

enum { TILE = 4096, D = 32, MT = 2, KT = 4, NT = 4, KB = 2, MAXB = 2 };

/* klib_mm MODE=mode, NB=nb: CB 0 gets in0 (n0 pages), CB 1 in1 (n1), CB
 * 24 (interm) holds 8 pages; tile_writer16 writes CB 16's n_out pages. */
static int mm_run(int mode, int nb, const float *in0, uint32_t n0, const float *in1, uint32_t n1,
                  float *out, uint32_t n_out, char *err, size_t errcap)
{
    char defs[2][24];
    snprintf(defs[0], sizeof defs[0], "MODE=%d", mode);
    snprintf(defs[1], sizeof defs[1], "NB=%d", nb);
    const char *dp[2] = {defs[0], defs[1]};
    tf_kernel *cmp = ttm_compute_fp32(dev, "klib_mm", dp, 2);
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
    MUST(tf_program_set_cb(p, 24, TILE, MT * NT));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE * n_out));
    MUST(tf_program_set_cb(p, 16, TILE, n_out));
    uint64_t b = tf_buffer_noc_addr(dout);
    uint32_t wa[] = {lo32(b), hi32(b), n_out};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 1 + 4 * 2));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    int rc = tf_dispatch_execute(p);
    if (rc)
        snprintf(err, errcap, "%s", tf_last_error());
    else
        MUST(tf_buffer_read(dout, 0, out, (size_t)TILE * n_out));
    ttm_trio_free(&t);
    for (int i = 0; i < 2; i++) tf_buffer_free(din[i]);
    tf_buffer_free(dout);
    return rc;
}

/* Element (i, j) of A's tile (r, k) and B's tile (k, n) of batch b: small
 * integers in -4..4, each tile different. */
static float a_val(int b, int r, int k, int i, int j)
{
    return (float)(((i * 7 + j * 3 + b * 11 + r * 5 + k * 13) % 9) - 4);
}
static float b_val(int b, int k, int n, int i, int j)
{
    return (float)(((i * 5 + j * 11 + b * 3 + k * 7 + n * 2) % 9) - 4);
}

static void put_tile(float *dst, float (*f)(int, int, int, int, int), int b, int x, int y)
{
    static float m[D * D];
    for (int i = 0; i < D * D; i++) m[i] = f(b, x, y, i / D, i % D);
    MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, dst));
}

/* C's tile (r, n) of batch b, row-major, through the mode's last step */
static void c_ref(int mode, int b, int r, int n, float *m)
{
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            float acc = 0;
            for (int k = 0; k < KT; k++)
                for (int l = 0; l < D; l++) acc += a_val(b, r, k, i, l) * b_val(b, k, n, l, j);
            if (mode == 3) acc = -acc;
            if ((mode == 1 || mode == 3) && acc < 0) acc = 0;
            if (mode == 4) acc *= 2;
            m[i * D + j] = acc;
        }
}

static void mm_case(int mode, int nb)
{
    static float in0[MAXB * MT * KT * 1024], in1[MAXB * KT * NT * 1024];
    static float out[MAXB * MT * NT * 1024], want[MAXB * MT * NT * 1024], m[1024];
    uint32_t n0 = 0, n1 = 0, no = 0;
    int kb_w = mode == 7 ? KT : KT / KB; /* MODE 7: K in one block */
    for (int b = 0; b < nb; b++) {
        for (int k0 = 0; k0 < KT; k0 += kb_w) {
            for (int r = 0; r < MT; r++)
                for (int k = k0; k < k0 + kb_w; k++) put_tile(in0 + 1024 * n0++, a_val, b, r, k);
            for (int k = k0; k < k0 + kb_w; k++)
                for (int n = 0; n < NT; n++) put_tile(in1 + 1024 * n1++, b_val, b, k, n);
        }
        int row_major = mode == 1 || mode == 6;
        if (row_major)
            for (int r = 0; r < MT; r++)
                for (int n = 0; n < NT; n++) {
                    c_ref(mode, b, r, n, m);
                    MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, want + 1024 * no++));
                }
        else /* subblock-major: 2 x 2 subblocks along N */
            for (int n0s = 0; n0s < NT; n0s += 2)
                for (int r = 0; r < MT; r++)
                    for (int n = n0s; n < n0s + 2; n++) {
                        c_ref(mode, b, r, n, m);
                        MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, want + 1024 * no++));
                    }
    }
    char err[2048];
    if (mm_run(mode, nb, in0, n0, in1, n1, out, no, err, sizeof err)) {
        fprintf(stderr, "klib_mm MODE=%d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    int bad = -1;
    for (uint32_t i = 0; i < 1024 * no && bad < 0; i++)
        if (out[i] != want[i]) bad = (int)i;
    if (bad >= 0)
        fprintf(stderr, "klib_mm MODE=%d NB=%d: value %d (tile %d) is %g, not %g\n", mode, nb, bad,
                bad / 1024, out[bad], want[bad]);
    CHECK_TRUE(bad < 0);
}

static void refused(int mode, const char *msg)
{
    ttm_refused(dev, "klib_mm_refused", mode, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    mm_case(0, 2); /* the defaults, two batches in the helper */
    mm_case(1, 1); /* TileRowMajor, OutWithRelu */
    mm_case(2, 2); /* LastBlockTarget::Interm, then the kernel copies interm to out */
    mm_case(3, 1); /* the older run-time form: pack_relu, a post-compute (negated) */
    mm_case(4, 1); /* the hooks' form: a post-compute (x 2) */
    mm_case(5, 2); /* the oldest form, the CBs as template arguments */
    mm_case(6, 2); /* InitMode::None, no reconfiguration, the shape at compile time */
    mm_case(7, 2); /* one K block, in0 retained on the last (the kernel pops it) */
    mm_case(8, 1); /* packer_l1_acc */
    {              /* packer_l1_acc with interm = out: faults, saying so */
        static float in[KT * NT * 1024], out[MT * NT * 1024];
        char err[2048] = "";
        CHECK_TRUE(mm_run(9, 1, in, MT * KT, in, KT * NT, out, MT * NT, err, sizeof err) != 0);
        /* at the kernel's line (the helper's own lines in between are
         * shortened to "... (N more)" when the paths are long) */
        if (TF_TEST_HAVE_LIBDW) {
            CHECK_CONTAINS(err, "inlined in kernel_main (");
            CHECK_CONTAINS(err, "tests/ttm/kernels/klib_mm.cpp:");
        } else {
            CHECK_CONTAINS(err, "(no source line: tt-foil was built without libdw");
        }
        CHECK_CONTAINS(err, "compute_kernel_lib::matmul_block with packer_l1_acc and interm the "
                            "same CB as out");
        CHECK_CONTAINS(err, "give interm a CB of its own");
    }
    refused(0, "not supported by tt-foil: compute_kernel_lib::matmul_block with packer_l1_acc "
               "= true, LastBlockTarget::Interm and OutputCBLayout::TileRowMajor");
    refused(1, "not supported by tt-foil: compute_kernel_lib::matmul_block with an Activation");
    refused(2, "compute_kernel_lib::matmul_block: InputPolicy::NoWaitNoPop is for in1 only");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_klib_matmul");
}
