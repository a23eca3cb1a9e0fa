/* tt-metal's generated CB descriptor arrays (chlkc_descriptors.h:
 * unpack_src_format, unpack_dst_format, pack_src_format, the tile dims and
 * sizes) in a binary_ng-style compute kernel built at run time with the
 * program's CB formats (tests/ttm/kernels/cb_desc.cpp): the values each
 * TRISC reads at run time, exact, with a 16-bit DEST and an fp32 one; the
 * op the kernel picks by comparing two CBs' descriptors at run time, in the
 * tiles it writes; without the formats the build fails saying to give them.
 * The rules: docs/kernels.md, "CB formats". */
#include "tt_foil/tile.h"
#include "ttm_test.h"

static tf_device *dev;

enum { D = 32, E = D * D, N = 2 };

/* The formats the kernel is built with, -1 where none is given (set in
 * main: CBs 0, 1 and 16 Float16_b, 3 Bfp8_b, 4 Float32) */
static int fmts[17];

static tf_kernel *build(int fp32, int with_formats)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/cb_desc.cpp", TF_TEST_SOURCE_DIR);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = TF_COMPUTE;
    o.fp32_dest_acc = fp32;
    o.cb_formats = fmts;
    o.num_cb_formats = with_formats ? 17 : 0;
    return tf_kernel_build(dev, &o);
}

/* Element (r, c) of input tile t of LHS (b = 0) or RHS (b = 1): small
 * integers, exact in bfloat16, as are their sums and differences. */
static float val(int b, int t, int r, int c)
{
    return (float)(((r * 5 + c * 3 + t * 7 + b * 11) % 19) - 9);
}

/* One dispatch with probe CB `probe`, the descriptors of CBs 0, 3, 4, 5
 * and 16 printed: the text printed is `want`, the tiles LHS + RHS (probe
 * alike CB 0) or LHS - RHS. */
static void run(tf_kernel *cmp, uint32_t probe, int add, const char *want)
{
    static float a[N * E], b[N * E], w[N * E];
    for (int t = 0; t < N; t++)
        for (int i = 0; i < E; i++) {
            a[t * E + i] = val(0, t, i / D, i % D);
            b[t * E + i] = val(1, t, i / D, i % D);
            w[t * E + i] = add ? a[t * E + i] + b[t * E + i] : a[t * E + i] - b[t * E + i];
        }
    tf_buffer *da = rt_dram_tiles(dev, a, N * D, D, TF_TILE_FORMAT_BF16),
              *db = rt_dram_tiles(dev, b, N * D, D, TF_TILE_FORMAT_BF16);
    size_t bytes = tf_tiled_bytes(N * D, D, TF_TILE_FORMAT_BF16);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, bytes));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    tf_kernel *rd = rt_kernel(dev, "cb_loader.ncrisc.elf"),
              *wr = rt_kernel(dev, "tile_writer16.brisc.elf");
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cmp));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    /* every CB the build was given, in its format (the dispatch checks) */
    for (uint32_t c = 0; c < 17; c++)
        if (fmts[c] >= 0)
            MUST(tf_program_set_cb_format(p, c, (tf_data_format)fmts[c], c < 2 || c == 16 ? N : 1));
    uint64_t ea = tf_buffer_noc_addr(da), eb = tf_buffer_noc_addr(db),
             eo = tf_buffer_noc_addr(dout);
    uint32_t ra[] = {2, 0, lo32(ea), hi32(ea), N, 1, lo32(eb), hi32(eb), N},
             wa[] = {lo32(eo), hi32(eo), N}, ca[] = {N, probe, 5, 0, 3, 4, 5, 16};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 9));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    MUST(tf_program_set_args(p, TF_COMPUTE, ca, 8));
    char text[4096];
    ttm_run_captured(p, text, sizeof text);
    /* each line (the TRISCs' lines interleave) */
    for (const char *l = want; *l;) {
        const char *e = strchr(l, '\n');
        char line[160];
        snprintf(line, sizeof line, "%.*s", (int)(e - l + 1), l);
        CHECK_CONTAINS(text, line);
        l = e + 1;
    }
    static unsigned char got[N * E * 2], exp[N * E * 2];
    MUST(tf_buffer_read(dout, 0, got, bytes));
    MUST(tf_tilize(w, N * D, D, TF_TILE_FORMAT_BF16, exp));
    CHECK_TRUE(memcmp(got, exp, bytes) == 0);
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_buffer_free(da);
    tf_buffer_free(db);
    tf_buffer_free(dout);
}

/* Per CB: unpack src, dst, num faces, face rows, partial face, narrow
 * tile, tile rows, cols, bytes, faces down, across (the unpacker); pack
 * src, dst, unpack src, then the same dims (the packer). A Float32 CB
 * unpacks to Float16_b (5) and packs from it with a 16-bit DEST, unpacks to
 * Tf32 (4) and packs from Float32 (0) with an fp32 one; Bfp8_b (6) both
 * ways; CB 5, not set: 255 and 1088 bytes (tt-metal's unset CB). */
static const char *const want16 = "[core (0,0) TRISC0] U 0: 5 5 4 16 0 0 32 32 2048 2 2\n"
                                  "[core (0,0) TRISC0] U 3: 6 6 4 16 0 0 32 32 1088 2 2\n"
                                  "[core (0,0) TRISC0] U 4: 0 5 4 16 0 0 32 32 4096 2 2\n"
                                  "[core (0,0) TRISC0] U 5: 255 255 4 16 0 0 32 32 1088 2 2\n"
                                  "[core (0,0) TRISC0] U 16: 5 5 4 16 0 0 32 32 2048 2 2\n";
static const char *const want16_pack =
    "[core (0,0) TRISC2] P 0: 5 5 5 4 16 0 0 32 32 2048 2 2\n"
    "[core (0,0) TRISC2] P 3: 6 6 6 4 16 0 0 32 32 1088 2 2\n"
    "[core (0,0) TRISC2] P 4: 5 0 0 4 16 0 0 32 32 4096 2 2\n"
    "[core (0,0) TRISC2] P 5: 255 255 255 4 16 0 0 32 32 1088 2 2\n"
    "[core (0,0) TRISC2] P 16: 5 5 5 4 16 0 0 32 32 2048 2 2\n";
static const char *const want32 = "[core (0,0) TRISC0] U 4: 0 4 4 16 0 0 32 32 4096 2 2\n";
static const char *const want32_pack = "[core (0,0) TRISC2] P 4: 0 0 0 4 16 0 0 32 32 4096 2 2\n";

int main(void)
{
    dev = rt_open(1, 1);
    for (int c = 0; c < 17; c++) fmts[c] = -1;
    fmts[0] = fmts[1] = fmts[16] = TF_DATA_FORMAT_Float16_b;
    fmts[3] = TF_DATA_FORMAT_Bfp8_b;
    fmts[4] = TF_DATA_FORMAT_Float32;
    tf_kernel *k16 = build(0, 1);
    if (!k16) fprintf(stderr, "cb_desc: %s\n", tf_last_error());
    tf_kernel *k32 = build(1, 1);
    if (!k32) fprintf(stderr, "cb_desc (fp32 DEST): %s\n", tf_last_error());
    CHECK_TRUE(k16 && k32);
    if (k16 && k32) {
        run(k16, 1, 1, want16); /* CB 1 is CB 0's format: LHS + RHS */
        run(k16, 1, 1, want16_pack);
        run(k16, 3, 0, want16); /* Bfp8_b: LHS - RHS */
        run(k16, 4, 0, want16_pack);
        run(k32, 1, 1, want32);
        run(k32, 16, 1, want32_pack);
    }
    /* without the formats: the arrays' use says to give them */
    CHECK_TRUE(build(0, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(),
                   "tt_foil_unpack_src_format_needs_the_build_given_the_cb_formats");
    if (k16) tf_kernel_free(k16);
    if (k32) tf_kernel_free(k32);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_cb_desc");
}
