/* Part of a tile packed (tt-metal's pack_rows_init, pack_rows,
 * pack_rows_uninit) in a tt-metal-style compute kernel built at run time
 * (tests/ttm/kernels/pack_rows.cpp): a tile copied into DEST, a background
 * tile packed whole into both pages of CB 16, then the first num_rows of
 * DEST's 64 rows of 16 values (face 0's rows, then faces 1, 2, 3) packed
 * one after another at the start of a page. Every byte of both pages is
 * checked against a host reference (the rows where they belong, the
 * background everywhere else) for each format a row pack takes: Float32,
 * Float16_b (16-bit DEST), Float32 into Float16_b (the packer's rounding),
 * Float16, Fp8_e4m3, Int32, UInt32, UInt16, UInt8; row counts 1 to 64,
 * both pages, the DEST half's last tile; the packer's ReLU on the rows,
 * and a whole pack_tile after the uninit; the packer's modeled cycles of
 * each pack_rows; and the mistakes the engine faults on, at the kernel's
 * line. Cost: docs/chip.md "Packing rows". */
#include "ttm_int_tiles.h"

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS, ROW = 16 };

/* bytes of one value of format df (the row-packable ones) */
static uint32_t es_of(uint32_t df)
{
    switch (df) {
    case TF_DF_FLOAT32:
    case TF_DF_INT32:
    case TF_DF_UINT32: return 4;
    case TF_DF_FLOAT16_B:
    case TF_DF_FLOAT16:
    case TF_DF_UINT16: return 2;
    default: return 1; /* Fp8_e4m3, UInt8 */
    }
}

/* codes (row-major, each value's es low bytes) -> a tile's bytes (face order) */
static void to_tile(const uint32_t *v, uint32_t es, uint8_t *t)
{
    for (uint32_t r = 0; r < D; r++)
        for (uint32_t c = 0; c < D; c++) memcpy(t + ttm_face_index(r, c) * es, &v[r * D + c], es);
}

/* Float32 bits to Float16_b's as the packer rounds (nearest even; a NaN
 * keeps its top half, quieted) */
static uint32_t to_bf16(uint32_t w)
{
    if ((w & 0x7fffffffu) > 0x7f800000u) return (w >> 16) | 0x40;
    return (w + 0x7fffu + ((w >> 16) & 1)) >> 16;
}

/* a value of the input's format into the output's: the same format, or
 * Float32 into Float16_b */
static uint32_t conv(uint32_t in_df, uint32_t out_df, uint32_t code)
{
    return in_df == out_df ? code : to_bf16(code);
}

/* Input codes of format df: each value names its place (r * 32 + c, in the
 * bits a 16-bit value keeps) and varies the rest; salt tells the data tile
 * from the background. Float16 and Fp8_e4m3 values are ones their
 * widening and narrowing keep (no NaN; no Fp8 subnormal: their rules are
 * the pack's, tested elsewhere); the other formats' NaNs
 * with payloads, infinities, -0 and subnormals go through as they are. */
static void codes(uint32_t df, uint32_t salt, uint32_t *v)
{
    for (uint32_t i = 0; i < E; i++) {
        uint32_t h = (i + salt) * 2654435761u, w;
        switch (df) {
        case TF_DF_FLOAT32:
        case TF_DF_INT32:
        case TF_DF_UINT32: /* (every third value negative, for the ReLU) */
            w = (uint32_t)(i % 3 == 0) << 31 | (0x40u + (i >> 7) + salt) << 24 | (i & 0x7f) << 17 |
                h >> 15;
            break;
        case TF_DF_FLOAT16_B:
        case TF_DF_UINT16: w = (0x40u + (i >> 7) + salt) << 8 | (i & 0x7f) << 1 | (h >> 31); break;
        case TF_DF_FLOAT16:
            w = (i + salt * 3) & 0xffffu;
            if ((w & 0x7c00) == 0x7c00) w &= ~0x4000u; /* not inf or NaN */
            break;
        case TF_DF_FP8_E4M3:
            /* exponent 1 to 14: tt-metal's Fp8_e4m3 has no subnormals (0:
             * zero) and no inf (15: NaN) */
            w = ((i * 7 + salt) & 0x87u) | (1 + (i + salt) % 14) << 3;
            break;
        default: w = (i * 13 + salt) & 0xffu; break; /* UInt8 */
        }
        v[i] = w;
    }
    if (df == TF_DF_FLOAT32 && !salt) { /* the edge values, in different faces */
        v[1] = 0x80000000u;             /* -0 */
        v[2 * D + 5] = 0x7fa12345;      /* a signalling NaN with a payload */
        v[5 * D + 20] = 0xff800000u;
        v[17 * D + 4] = 0x00000001u; /* the smallest subnormal */
        v[16 * D + 31] = 0x3f808000; /* ties: Float16_b rounds them to even */
        v[20 * D + 3] = 0x3f818000;
        v[31 * D + 31] = 0x7f7fffff; /* rounds to +inf in Float16_b */
    } else if (df == TF_DF_FLOAT16_B && !salt) {
        v[1] = 0x8000;
        v[2 * D + 5] = 0x7fc5; /* a NaN with a payload */
        v[3 * D + 30] = 0x7f80;
        v[17 * D + 4] = 0x0001;
    }
}

typedef struct pr_case {
    uint32_t in_df, out_df;
    int fp32; /* DEST */
    int mode, rows, reps, idst, index;
} pr_case;

/* tests/ttm/kernels/pack_rows.cpp on the data and background tiles of
 * format k->in_df; 0 with CB 16's two pages (format k->out_df) in out and
 * the counters, or the failure's message */
static int run(const pr_case *k, const uint32_t *data, const uint32_t *bg, uint8_t *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char d[5][24];
    snprintf(d[0], sizeof d[0], "MODE=%d", k->mode);
    snprintf(d[1], sizeof d[1], "NUM_ROWS=%d", k->rows);
    snprintf(d[2], sizeof d[2], "REPS=%d", k->reps);
    snprintf(d[3], sizeof d[3], "IDST=%d", k->idst);
    snprintf(d[4], sizeof d[4], "OUT_INDEX=%d", k->index);
    const char *defs[] = {d[0], d[1], d[2], d[3], d[4]};
    tf_kernel *cmp = ttm_compute(dev, "pack_rows", defs, 5, k->fp32);
    uint32_t pin = E * es_of(k->in_df);
    uint32_t pout = k->out_df == TF_DF_BFP8_B ? TF_TILE_BFP8 : E * es_of(k->out_df);
    static uint8_t tiles[2 * TF_TILE_FP32];
    to_tile(data, es_of(k->in_df), tiles);
    to_tile(bg, es_of(k->in_df), tiles + pin);
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, 2 * pin));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, 2 * pout));
    MUST(tf_buffer_write(din, 0, tiles, 2 * pin));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, (tf_data_format)k->in_df, 2));
    MUST(tf_program_set_cb_format(t.p, 16, (tf_data_format)k->out_df, 2));
    int rc = ttm_trio_run(&t, din, 2, dout, 2, NULL, 0, err, errcap);
    if (!rc) {
        MUST(tf_buffer_read(dout, 0, out, 2 * pout));
        MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* The packer's ZERO_RELU zeroes this value of format df (Float32 or
 * Float16_b bits): x <= 0 by IEEE's compare (-0 too; a NaN passes) */
static int relu_zero(uint32_t df, uint32_t code)
{
    uint32_t w = df == TF_DF_FLOAT16_B ? code << 16 : code;
    float f;
    memcpy(&f, &w, 4);
    return f <= 0;
}

/* CB 16's two pages as they should be: the background packed whole in
 * both, then each written page's first rows * 16 values DEST's rows */
static void expected(const pr_case *k, const uint32_t *data, const uint32_t *bg, uint8_t *want)
{
    uint32_t es = es_of(k->out_df), page = E * es;
    static uint32_t bgo[E];
    for (uint32_t i = 0; i < E; i++) bgo[i] = conv(k->in_df, k->out_df, bg[i]);
    to_tile(bgo, es, want);
    to_tile(bgo, es, want + page);
    if (k->mode == 5) { /* the whole tile into the other page (no ReLU) */
        static uint32_t all[E];
        for (uint32_t i = 0; i < E; i++) all[i] = conv(k->in_df, k->out_df, data[i]);
        to_tile(all, es, want + (uint32_t)(1 - k->index) * page);
    }
    for (int rep = 0; rep < k->reps; rep++) {
        uint8_t *p = want + (uint32_t)((k->index + rep) % 2) * page;
        /* DEST row j: row j % 16 of face j / 16, faces 0 1 above 2 3 */
        for (uint32_t j = 0; j < (uint32_t)k->rows; j++) {
            uint32_t f = j / 16, r = f / 2 * 16 + j % 16, c0 = f % 2 * 16;
            for (uint32_t x = 0; x < ROW; x++) {
                uint32_t code = conv(k->in_df, k->out_df, data[r * D + c0 + x]);
                if (k->mode == 5 && relu_zero(k->out_df, code)) code = 0;
                memcpy(p + (j * ROW + x) * es, &code, es);
            }
        }
    }
}

static const char *df_name(uint32_t df)
{
    switch (df) {
    case TF_DF_FLOAT32: return "Float32";
    case TF_DF_FLOAT16_B: return "Float16_b";
    case TF_DF_FLOAT16: return "Float16";
    case TF_DF_FP8_E4M3: return "Fp8_e4m3";
    case TF_DF_INT32: return "Int32";
    case TF_DF_UINT32: return "UInt32";
    case TF_DF_UINT16: return "UInt16";
    default: return "UInt8";
    }
}

/* a row pack's modeled packer cycles: its bytes at 64 a cycle, a part
 * of a cycle counted whole (docs/chip.md "Modeled cost") */
static uint64_t rows_cycles(uint32_t rows, uint32_t es)
{
    return (rows * ROW * es + 63) / 64;
}

/* every byte of both pages, and the packer's busy cycles: the background
 * alone (MODE 4) plus pack_rows_init and _uninit (1 each) plus each
 * pack_rows' */
static void one(pr_case k)
{
    static uint32_t data[E], bg[E];
    static uint8_t got[2 * TF_TILE_FP32], want[2 * TF_TILE_FP32];
    char err[2048];
    tf_perf_core pc, base;
    codes(k.in_df, 0, data);
    codes(k.in_df, 1, bg);
    pr_case b = k;
    b.mode = 4;
    b.reps = 0;
    if (run(&b, data, bg, got, &base, err, sizeof err)) {
        fprintf(stderr, "background %s: %s\n", df_name(k.out_df), err);
        CHECK_TRUE(0);
        return;
    }
    if (run(&k, data, bg, got, &pc, err, sizeof err)) {
        fprintf(stderr, "%s rows %d: %s\n", df_name(k.out_df), k.rows, err);
        CHECK_TRUE(0);
        return;
    }
    expected(&k, data, bg, want);
    uint32_t es = es_of(k.out_df), n = 2 * E * es, bad = 0;
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 3)
            fprintf(stderr,
                    "%s -> %s, %d rows x %d at page %d, DEST[%d]: byte %u (page %u, value %u) is "
                    "0x%02x, want 0x%02x\n",
                    df_name(k.in_df), df_name(k.out_df), k.rows, k.reps, k.index, k.idst, i,
                    i / (E * es), i % (E * es) / es, got[i], want[i]);
    CHECK_EQ_U(bad, 0);
    /* (MODE 5: the two ReLU settings, 1 each, and the whole tile's pack) */
    CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_PACK] - base.unit_busy[TF_PERF_UNIT_PACK],
               2 + (uint64_t)k.reps * rows_cycles((uint32_t)k.rows, es) +
                   (k.mode == 5 ? 2 + E * es / 64 : 0));
}

static void layouts(void)
{
    /* in, out, fp32 DEST, mode, rows, reps, DEST index, page */
    static const pr_case cases[] = {
        {TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 64, 1, 0, 0},     /* the whole tile */
        {TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 1, 1, 3, 1},      /* a row, the half's last tile */
        {TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 17, 2, 2, 1},     /* into face 1; both pages */
        {TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 33, 0, 1, 0},     /* init and uninit alone */
        {TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 64, 1, 7, 1}, /* 16-bit DEST: its last tile */
        {TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 3, 1, 0, 0},  /* part of a 64-byte cycle */
        {TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 48, 2, 5, 0},
        {TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 0, 64, 1, 0, 0}, /* the packer's rounding */
        {TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 0, 23, 1, 1, 1},
        {TF_DF_FLOAT16, TF_DF_FLOAT16, 1, 0, 40, 1, 0, 1},
        {TF_DF_FP8_E4M3, TF_DF_FP8_E4M3, 1, 0, 64, 1, 2, 0},
        {TF_DF_FP8_E4M3, TF_DF_FP8_E4M3, 1, 0, 5, 2, 0, 0}, /* 80 bytes: 2 cycles */
        {TF_DF_INT32, TF_DF_INT32, 1, 0, 64, 1, 0, 0},
        {TF_DF_UINT32, TF_DF_UINT32, 1, 0, 31, 1, 3, 1},
        {TF_DF_UINT16, TF_DF_UINT16, 1, 0, 16, 1, 0, 0},
        {TF_DF_UINT8, TF_DF_UINT8, 1, 0, 50, 1, 1, 1},
        /* the ReLU on the rows; tiles again after the uninit */
        {TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 5, 40, 1, 2, 0},
        {TF_DF_FLOAT32, TF_DF_FLOAT16_B, 1, 5, 64, 1, 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) one(cases[i]);
}

/* Each mistake fails the dispatch naming the op, why, and the kernel's line */
static void mistakes(void)
{
    static const struct {
        pr_case k;
        int line_of; /* the MODE whose marked line it is */
        const char *what;
    } cases[] = {
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 0, 1, 0, 0},
         0,
         "tile engine PACK_MODE: pack_rows_init(0): num_rows is 1 to 64"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 0, 65, 1, 0, 0},
         0,
         "tile engine PACK_MODE: pack_rows_init(65): num_rows is 1 to 64"},
        {{TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 0, 300, 1, 0, 0},
         0,
         "tile engine PACK_MODE: pack_rows_init(255 or more): num_rows is 1 to 64"},
        {{TF_DF_FLOAT16_B, TF_DF_FLOAT16_B, 0, 1, 8, 1, 0, 0},
         1,
         "tile engine PACK_ROWS: pack_rows without pack_rows_init: call "
         "pack_rows_init(num_rows) first"},
        {{TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 2, 5, 1, 0, 0},
         2,
         "tile engine PACK: a tile pack while the packer runs pack_rows_init(5)'s row program: "
         "call pack_rows_uninit first"},
        {{TF_DF_FLOAT32, TF_DF_FLOAT32, 1, 3, 5, 1, 0, 0},
         3,
         "tile engine PACK_ROWS: packer L1 accumulation (pack_reconfig_l1_acc(1)) into CB 16's "
         "row-major rows (data format Float32) is not modeled"},
        {{TF_DF_FLOAT16_B, TF_DF_BFP8_B, 0, 0, 4, 1, 0, 0},
         0,
         "tile engine PACK_ROWS: data format 6 (Bfp8_b) has no rows of its own: pack_rows "
         "writes rows of 16 whole-byte values"},
    };
    static uint32_t data[E], bg[E];
    static uint8_t out[2 * TF_TILE_FP32];
    char err[2048];
    tf_perf_core pc;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pr_case *k = &cases[i].k;
        codes(k->in_df, 0, data);
        codes(k->in_df, 1, bg);
        CHECK_TRUE(run(k, data, bg, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, cases[i].what);
        CHECK_CONTAINS(err, "TRISC2"); /* the packer's */
        int line = ttm_mode_line("pack_rows.cpp", cases[i].line_of) +
                   (i == 6); /* (the Bfp8_b one: pack_rows) */
        TTM_CHECK_KERNEL_LINE(err, "pack_rows.cpp", line);
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    layouts();
    mistakes();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_pack_rows");
}
