/* Fast tilize (tt-metal's fast_tilize_init, fast_tilize_init_with_dt,
 * fast_tilize_block, fast_tilize_uninit) in a tt-metal-style compute
 * kernel built at run time (tests/ttm/kernels/fast_tilize.cpp): row blocks
 * of 1 to 9 tiles (chunks of 4, 2 + 3, 2, 3; 1 is tilize's) from Float32
 * or Float16_b rows into Float16_b or Bfp8_b tiles, with a 16-bit DEST and
 * an fp32 one. Every output byte against a host reference (the values as
 * bf16, nearest even, tilized by tt_foil/tile.h) and against tilize_block's
 * tiles where the two paths hold the same values; the packer's ReLU on
 * fast tilize's packs; the modeled cycles of a
 * row block on the unpacker, math unit and packer; and the mistakes the
 * engine faults on, at the kernel's line. Cost: docs/chip.md "Fast
 * tilize". */
#include "ttm_test.h"

#include "tf_perf.h"
#include "tf_tile.h"
#include "tt_foil/tile.h"

static tf_device *dev;

enum { D = TF_TILE_DIM, MAXB = 9, MAXR = 2, MAXV = MAXR * D * MAXB * D };

typedef struct ft_case {
    uint32_t in_df, out_df;
    int fp32; /* DEST */
    int mode, block, rows;
} ft_case;

static uint32_t in_bytes(uint32_t df)
{
    return df == TF_DF_FLOAT32 ? 4 : 2; /* (Float16_b, Float16) */
}

static uint32_t out_tile(uint32_t df)
{
    return df == TF_DF_BFP8_B ? TF_TILE_BFP8 : TF_TILE_ELEMS * (df == TF_DF_FLOAT32 ? 4 : 2);
}

static tf_tile_format tile_format(uint32_t df)
{
    return df == TF_DF_BFP8_B    ? TF_TILE_FORMAT_BFP8_B
           : df == TF_DF_FLOAT32 ? TF_TILE_FORMAT_FP32
                                 : TF_TILE_FORMAT_BF16;
}

/* Float32 bits to bf16's as the engine narrows them (nearest even; a NaN
 * keeps its top half, quieted) */
static uint32_t to_bf16(uint32_t w)
{
    if ((w & 0x7fffffffu) > 0x7f800000u) return (w >> 16) | 0x40;
    return (w + 0x7fffu + ((w >> 16) & 1)) >> 16;
}

/* The input matrix (rows x cols, fp32 bits): for Float16_b input, bf16
 * values (low halves zero); each names its place in its high bits, the
 * edge values among them: -0, +-inf, NaNs with payloads, subnormals,
 * Float32 ties that round to even, the largest finite (inf in bf16). */
static void input(uint32_t df, uint32_t rows, uint32_t cols, uint32_t *v)
{
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            uint32_t i = r * cols + c, h = i * 2654435761u;
            uint32_t w = (0x3c00u + (r << 5) + c % 32 + (c / 32 << 10)) << 16 | (h >> 16);
            v[i] = df == TF_DF_FLOAT32 ? w : w & 0xffff0000u;
        }
    static const struct {
        uint32_t r, c, w;
    } edge[] = {
        {0, 1, 0x80000000u},   {1, 0, 0x7f800000u},  {2, 5, 0x7fa12345u},  {5, 20, 0xffc0abcdu},
        {3, 30, 0xff800000u},  {17, 4, 0x00010000u}, {4, 17, 0x807f0000u}, {31, 31, 0x7f7fffffu},
        {16, 16, 0x3f808000u}, {20, 3, 0x3f818000u}, {9, 9, 0x3f80c000u},
    };
    for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++) {
        uint32_t c = edge[k].c + (cols > 32 ? 32 : 0); /* the second tile, when there is one */
        uint32_t w = edge[k].w;
        v[edge[k].r * cols + c] = df == TF_DF_FLOAT32 ? w : w & 0xffff0000u;
    }
}

/* tests/ttm/kernels/fast_tilize.cpp with k's MODE, BLOCK and ROWS on the
 * rows of v; 0 with CB 16's rows x block tiles in out and the counters, or
 * the failure's message */
static int run(const ft_case *k, const uint32_t *v, uint8_t *out, tf_perf_core *pc, char *err,
               size_t errcap)
{
    char d[3][24];
    snprintf(d[0], sizeof d[0], "MODE=%d", k->mode);
    snprintf(d[1], sizeof d[1], "BLOCK=%d", k->block);
    snprintf(d[2], sizeof d[2], "ROWS=%d", k->rows);
    const char *defs[] = {d[0], d[1], d[2]};
    tf_kernel *cmp = ttm_compute(dev, "fast_tilize", defs, 3, k->fp32);
    uint32_t es = in_bytes(k->in_df), n = (uint32_t)(k->block * k->rows);
    uint32_t values = n * TF_TILE_ELEMS, pout = out_tile(k->out_df);
    static uint8_t rows[MAXV * 4];
    for (uint32_t i = 0; i < values; i++) {
        uint32_t w = es == 4 ? v[i] : v[i] >> 16;
        memcpy(rows + i * es, &w, es);
    }
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, values * es));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, n * pout));
    MUST(tf_buffer_write(din, 0, rows, values * es));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, (tf_data_format)k->in_df, (uint32_t)k->block));
    MUST(tf_program_set_cb_format(t.p, 16, (tf_data_format)k->out_df, (uint32_t)k->block));
    int rc = ttm_trio_run(&t, din, n, dout, n, NULL, 0, err, errcap);
    if (!rc) {
        MUST(tf_buffer_read(dout, 0, out, n * pout));
        MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* got against want (n bytes), the first differences printed */
static int same(const char *what, const ft_case *k, const uint8_t *got, const uint8_t *want,
                uint32_t n)
{
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 3)
            fprintf(stderr,
                    "%s (in %u, out %u, fp32 %d, block %d): byte %u is 0x%02x, want 0x%02x\n", what,
                    k->in_df, k->out_df, k->fp32, k->block, i, got[i], want[i]);
    return bad == 0;
}

/* The chunks of a row block (tt-metal's split: 4s, then 2 and 3 for 5) */
static uint32_t chunks(uint32_t block)
{
    uint32_t n = 0;
    for (uint32_t left = block; left;) {
        uint32_t u = left > 5 ? 4 : left == 5 ? 2 : left;
        left -= u;
        n++;
    }
    return n;
}

/* Every byte against the host's tiles of the bf16 values, and (same:
 * where the two paths hold the same values) against tilize_block's; the
 * cycles of one row block by difference (2 rows less 1): unpack the
 * input's bytes at 64 a cycle a tile, math 32 a chunk and 2 hand-overs,
 * pack 16 a tile and 2 hand-overs a chunk (tilize_block: a COPY of 8 and
 * the output's bytes at 64 a cycle, hand-overs a tile). */
static void one(ft_case k, int same_as_tilize)
{
    static uint32_t v[MAXV];
    static float bf[MAXV];
    static uint8_t got[MAXR * MAXB * TF_TILE_FP32], want[MAXR * MAXB * TF_TILE_FP32],
        ref[MAXR * MAXB * TF_TILE_FP32];
    char err[2048];
    tf_perf_core pc[2], pt[2];
    uint32_t rows = D * (uint32_t)k.rows, cols = D * (uint32_t)k.block;
    uint32_t n = (uint32_t)(k.rows * k.block) * out_tile(k.out_df);
    input(k.in_df, rows, cols, v);
    for (uint32_t i = 0; i < rows * cols; i++) {
        uint32_t w = to_bf16(v[i]) << 16;
        memcpy(&bf[i], &w, 4);
        /* MODE 7: the packer's ZERO_RELU on them (IEEE's compare: -0 to
         * +0, a NaN passes) */
        if (k.mode == 7 && bf[i] <= 0) bf[i] = 0;
    }
    MUST(tf_tilize(bf, rows, cols, tile_format(k.out_df), want));
    ft_case one_row = k, t = k, t1 = k;
    one_row.rows = 1;
    t.mode = t1.mode = 1;
    t1.rows = 1;
    if (run(&k, v, got, &pc[1], err, sizeof err) ||
        run(&one_row, v, ref, &pc[0], err, sizeof err)) {
        fprintf(stderr, "fast tilize (in %u, out %u, block %d): %s\n", k.in_df, k.out_df, k.block,
                err);
        CHECK_TRUE(0);
        return;
    }
    CHECK_TRUE(same("fast tilize", &k, got, want, n));
    if (run(&t, v, ref, &pt[1], err, sizeof err) || run(&t1, v, ref + n, &pt[0], err, sizeof err)) {
        fprintf(stderr, "tilize_block (in %u, out %u, block %d): %s\n", k.in_df, k.out_df, k.block,
                err);
        CHECK_TRUE(0);
        return;
    }
    if (same_as_tilize) CHECK_TRUE(same("fast tilize vs tilize_block", &k, got, ref, n));
    uint32_t b = (uint32_t)k.block, c = k.block == 1 ? 1 : chunks(b);
    uint64_t unpack = pc[1].unit_busy[TF_PERF_UNIT_UNPACK] - pc[0].unit_busy[TF_PERF_UNIT_UNPACK];
    uint64_t fpu = pc[1].unit_busy[TF_PERF_UNIT_FPU] - pc[0].unit_busy[TF_PERF_UNIT_FPU];
    uint64_t pack = pc[1].unit_busy[TF_PERF_UNIT_PACK] - pc[0].unit_busy[TF_PERF_UNIT_PACK];
    uint64_t in_tile = TF_TILE_ELEMS * in_bytes(k.in_df) / 64, out_cyc = out_tile(k.out_df) / 64;
    CHECK_EQ_U(unpack, b * in_tile);
    if (k.block == 1) { /* tilize's path */
        CHECK_EQ_U(fpu, 2 + 8);
        CHECK_EQ_U(pack, 2 + out_cyc);
    } else {
        CHECK_EQ_U(fpu, c * (2 + 32));
        CHECK_EQ_U(pack, c * 2 + 16 * b);
    }
    /* tilize_block's, for comparison */
    CHECK_EQ_U(pt[1].unit_busy[TF_PERF_UNIT_FPU] - pt[0].unit_busy[TF_PERF_UNIT_FPU], b * (2 + 8));
    CHECK_EQ_U(pt[1].unit_busy[TF_PERF_UNIT_PACK] - pt[0].unit_busy[TF_PERF_UNIT_PACK],
               b * (2 + out_cyc));
}

static void values(void)
{
    /* in, out, fp32 DEST, mode, block, rows; the same tiles as tilize_block's? */
    static const struct {
        ft_case k;
        int same;
    } cases[] = {
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 4, 2}, 1},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 1, 0, 5, 2}, 1}, /* 2 + 3 */
        {{TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 0, 9, 2}, 1}, /* 4 + 2 + 3: rounded once either way */
        {{TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0, 0, 2, 2}, 1},
        {{TF_DF_FLOAT16_B, TF_DF_BFP8_B, 0, 0, 3, 2}, 1},
        /* Float32 into Bfp8_b on an fp32 DEST: fast tilize holds bf16 (tt-llk's
         * compat 16-bit DEST), tilize_block fp32: their blocks may differ */
        {{TF_DF_FLOAT32, TF_DF_BFP8_B, 1, 0, 6, 2}, 0},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 2, 4, 2}, 1}, /* _with_dt, the older uninit */
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 1, 2}, 1}, /* 1: tilize's path */
        {{TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 0, 7, 2}, 1},   /* 4 + 3 */
        {{TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 7, 4, 2}, 0},   /* the packer's ReLU */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) one(cases[i].k, cases[i].same);
}

static void mistakes(void)
{
    static const struct {
        ft_case k;
        int line_of;
        const char *trisc, *what;
    } cases[] = {
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 3, 4, 1},
         3,
         "TRISC1",
         "tile engine COPY: used without its init: call fast_tilize_init (or "
         "fast_tilize_init_with_dt) with full_dim = the block first (the math unit is set up by "
         "tilize_init)"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 4, 4, 1},
         4,
         "TRISC1",
         "tile engine COPY: used without its init: call fast_tilize_init (or "
         "fast_tilize_init_with_dt) with full_dim = the block first (the math unit is set up by "
         "fast_tilize_init"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 5, 4, 1},
         5,
         "TRISC2",
         "tile engine PACK: a pack while the packer runs fast_tilize_init's program (it packs "
         "fast_tilize_block's tiles only): call fast_tilize_uninit first"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 6, 4, 1},
         6,
         "TRISC1",
         "tile engine INIT: fast_tilize_init with full_dim 0, or 256 or more: fast tilize takes 2 "
         "to 255 tiles a row"},
        {{TF_DF_FLOAT16, TF_DF_FLOAT16_B, 1, 0, 4, 1},
         0,
         "TRISC1",
         "tile engine COPY: fast tilize of data format 1 (Float16): it reads Float32 or Float16_b "
         "rows"},
        {{TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 4, 1},
         0,
         "TRISC2",
         "tile engine PACK: fast tilize into data format 0 (Float32): its packer reads DEST 16 "
         "bits a value"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 8, 4, 1},
         0,
         "TRISC2",
         "tile engine PACK: fast tilize with packer L1 accumulation (pack_reconfig_l1_acc(1)) is "
         "not modeled"},
    };
    static uint32_t v[MAXV];
    static uint8_t out[MAXR * MAXB * TF_TILE_FP32];
    char err[2048];
    tf_perf_core pc;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ft_case *k = &cases[i].k;
        input(k->in_df, D * (uint32_t)k->rows, D * (uint32_t)k->block, v);
        CHECK_TRUE(run(k, v, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, cases[i].what);
        CHECK_CONTAINS(err, cases[i].trisc);
        TTM_CHECK_KERNEL_LINE(err, "fast_tilize.cpp",
                              ttm_mode_line("fast_tilize.cpp", cases[i].line_of));
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    values();
    mistakes();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_fast_tilize");
}
