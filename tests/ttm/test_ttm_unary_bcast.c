/* Broadcasting copies into DEST (tt-metal's unary_bcast, api/compute/bcast.h)
 * in a tt-metal-style compute kernel built at run time
 * (tests/ttm/kernels/unary_bcast.cpp): tile 0 of CB 0 into DEST with each
 * BroadcastType (NONE, COL, ROW, SCALAR), packed to a Float32 CB, for
 * Float32, Float16_b and Bfp8_b tiles with an fp32 DEST and a 16-bit
 * one, and Int32 and UInt16 tiles (fp32 DEST): every value bit for bit
 * against the host's statement of the rule (row 0 and column 0 of the
 * tile span two faces each; -0, NaNs with payloads, infinities,
 * subnormals and bf16 rounding ties among the values), the modeled cycles
 * of each op (math and unpack),
 * reconfigure_unary_bcast, and the mistakes the engine faults on. The rule:
 * docs/chip.md "Broadcasting copies"; cost: "Modeled cost". */
#include "tt_foil/tile.h"
#include "ttm_int_tiles.h"

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };
enum { NONE = TF_BCAST_NONE, COL = TF_BCAST_COL, ROW = TF_BCAST_ROW, SCALAR = TF_BCAST_SCALAR };
static const char *const bname[] = {"NONE", "COL", "ROW", "SCALAR"};

/* fp32 bits and back (tf_check.h's) */
#define fb tf_check_bits
#define bf tf_check_float

/* The kernels, built once each: [bcast][mode][fp32 DEST] */
static tf_kernel *kern[4][9][2];

static tf_kernel *kernel(int bcast, int mode, int fp32)
{
    if (!kern[bcast][mode][fp32]) {
        char b[24], m[24];
        snprintf(b, sizeof b, "BCAST=%d", bcast);
        snprintf(m, sizeof m, "MODE=%d", mode);
        const char *defs[] = {b, m};
        kern[bcast][mode][fp32] = ttm_compute(dev, "unary_bcast", defs, 2, fp32);
    }
    return kern[bcast][mode][fp32];
}

static uint32_t page_of(uint32_t df)
{
    return df == TF_DF_BFP8_B ? TF_TILE_BFP8 : TF_TILE_ELEMS * ttm_elem_bytes(df);
}

/* One dispatch: the kernel with BCAST, MODE on an fp32 or 16-bit DEST, CB 0
 * one tile of format df (its bytes), CB 1 of format other_df (no tile:
 * the path tests' init CB), CB 16 Float32 (an integer tile's format), the
 * kernel's args reps and idst. 0 with CB 16's words (row-major) in out and
 * the counters in pc, or the failure (its message in err). */
static int run(int bcast, int mode, int fp32, uint32_t df, const uint8_t *tile, uint32_t other_df,
               uint32_t reps, uint32_t idst, uint32_t *out, tf_perf_core *pc, char *err,
               size_t errcap)
{
    uint32_t pin = page_of(df), out_df = TF_DF_INTEGER(df) ? df : TF_DF_FLOAT32;
    static uint8_t tout[TF_TILE_FP32];
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, pin));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, TF_TILE_FP32));
    MUST(tf_buffer_write(din, 0, tile, pin));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, kernel(bcast, mode, fp32));
    MUST(tf_program_set_cb_format(t.p, 0, (tf_data_format)df, 1));
    MUST(tf_program_set_cb_format(t.p, 1, (tf_data_format)other_df, 1));
    MUST(tf_program_set_cb_format(t.p, 16, (tf_data_format)out_df, 1));
    uint32_t ca[] = {reps, idst};
    int rc = ttm_trio_run(&t, din, 1, dout, 1, ca, 2, err, errcap);
    if (!rc) {
        MUST(tf_buffer_read(dout, 0, tout, TF_TILE_FP32));
        ttm_from_tile(tout, out_df, out);
        MUST(tf_program_counters(t.p, pc));
    }
    t.cmp = NULL; /* (kept for the next run) */
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* The input: row-major words. Each value's high 16 bits say where it is
 * (sign, 8 exponents, the place in the mantissa), so a misplaced value
 * shows; a Float32 tile varies the low 16 bits too (a 16-bit DEST rounds
 * them). Row 0 and column 0, the broadcast ones, hold the edge values, in
 * both of their faces; [0][0] is -0 (variant 0) or a bf16 tie rounding
 * down (variant 1). df: Float32 as is, Float16_b the high halves (its
 * edge values as bf16 holds them), Bfp8_b the grid's values with -0s
 * (its codec's output is the reference's source), Int32 the words as
 * integers, UInt16 their low halves. */
static void input(uint32_t *v, uint32_t df, int variant)
{
    int fp32 = df == TF_DF_FLOAT32 || df == TF_DF_INT32;
    for (uint32_t r = 0; r < D; r++)
        for (uint32_t c = 0; c < D; c++) {
            uint32_t pos = r * D + c,
                     hi = ((r + c) % 3 == 0) << 15 | (0x80 + (pos >> 7)) << 7 | (pos & 0x7f);
            uint32_t lo = fp32 ? (pos * 2654435761u) >> 16 : 0;
            v[pos] = hi << 16 | lo;
        }
    static const struct {
        int r, c;
        uint32_t w; /* fp32 bits; the bf16 tile keeps the high half (a NaN's payload there) */
    } edge[] = {
        {0, 5, 0x7fa12345u},  /* a signalling NaN with a payload (bf16: 0x7fa1, also one) */
        {0, 20, 0xff800000u}, /* -inf, in face 1 */
        {0, 16, 0x00010001u}, /* a subnormal, face 1's first */
        {0, 31, 0x80000000u}, /* -0 */
        {0, 9, 0x3f818000u},  /* a bf16 tie rounding up (to 0x3f82) */
        {7, 0, 0x3f838000u},  /* a tie rounding up */
        {5, 0, 0x80000000u},  /* -0 */
        {20, 0, 0xffc0abcdu}, /* a negative quiet NaN with a payload, face 2 */
        {17, 0, 0x807fffffu}, /* the largest negative subnormal */
        {31, 0, 0x7f800000u}, /* +inf */
        {16, 0, 0x7f7fffffu}, /* the largest finite: a 16-bit DEST rounds it to inf */
        {24, 0, 0x3f80ffffu}, /* just below a tie */
    };
    if (df == TF_DF_BFP8_B) { /* finite values only; -0 in row 0 and column 0 */
        v[0] = 0x80000000u;
        v[5 * D] = v[31] = 0x80000000u;
        return;
    }
    for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++) {
        uint32_t w = edge[k].w;
        v[edge[k].r * D + edge[k].c] = fp32 ? w : w & 0xffff0000u;
    }
    v[0] = variant ? 0x3f808000u : 0x80000000u;
    if (df == TF_DF_INT32) v[D + 1] = 0x80000000u; /* INT32_MIN inside */
}

/* The tile's bytes in format df, and its values as the unpacker gives
 * them (fp32 words; Int32 words). */
static void encode(const uint32_t *v, uint32_t df, uint8_t *tile, uint32_t *src)
{
    if (df == TF_DF_BFP8_B) {
        static float f[E];
        for (int i = 0; i < E; i++) f[i] = bf(v[i]);
        MUST(tf_tilize(f, D, D, TF_TILE_FORMAT_BFP8_B, tile));
        MUST(tf_untilize(tile, D, D, TF_TILE_FORMAT_BFP8_B, f));
        for (int i = 0; i < E; i++) src[i] = fb(f[i]);
        return;
    }
    ttm_to_tile(v, df, tile);
    for (int i = 0; i < E; i++) src[i] = df == TF_DF_UINT16 ? v[i] & 0xffffu : v[i];
}

/* The host's statement of the rule (docs/chip.md "Broadcasting copies"):
 * the broadcast value moved whole; through source register B (path32 0)
 * a float COL broadcast is 0 + x (the FPU's add of src A's zeros: -0 gives
 * +0, a signalling NaN comes out quiet); a 16-bit DEST keeps floats as bf16
 * rounded to nearest even (a NaN: quiet, its high half). */
static uint32_t bf16_rne(uint32_t w)
{
    if ((w & 0x7fffffffu) > 0x7f800000u) return (w | 0x00400000u) & 0xffff0000u;
    return (w + 0x7fffu + ((w >> 16) & 1)) & 0xffff0000u;
}

static void reference(const uint32_t *src, int bcast, int path32, int dest16, int integer,
                      uint32_t *want)
{
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            uint32_t w = bcast == COL      ? src[r * D]
                         : bcast == ROW    ? src[c]
                         : bcast == SCALAR ? src[0]
                                           : src[r * D + c];
            if (bcast == COL && !path32 && !integer) {
                volatile float zero = 0.0f;
                w = fb(zero + bf(w));
            }
            if (dest16 && !integer) w = bf16_rne(w);
            want[r * D + c] = w;
        }
}

/* Modeled math cycles of one unary_bcast (docs/chip.md "Modeled cost"):
 * 8 through source register B (a UInt16 COL: 16); the 32-bit path 4 + the
 * broadcast's moves. */
static uint64_t cycles_of(int bcast, int path32, uint32_t df)
{
    static const uint64_t wide[] = {[NONE] = 4, [COL] = 52, [ROW] = 24, [SCALAR] = 22};
    return path32 ? wide[bcast] : bcast == COL && df == TF_DF_UINT16 ? 16 : 8;
}

static int same(const char *what, const uint32_t *got, const uint32_t *want)
{
    int bad = 0;
    for (int k = 0; k < E; k++)
        if (got[k] != want[k] && bad++ < 3)
            fprintf(stderr, "%s: [%d][%d] is 0x%08x, want 0x%08x\n", what, k / D, k % D, got[k],
                    want[k]);
    return bad == 0;
}

static const char *df_name(uint32_t df)
{
    return df == TF_DF_FLOAT32     ? "Float32"
           : df == TF_DF_FLOAT16_B ? "Float16_b"
           : df == TF_DF_BFP8_B    ? "Bfp8_b"
           : df == TF_DF_UINT16    ? "UInt16"
                                   : "Int32";
}

/* Every BroadcastType of a df tile on an fp32 or 16-bit DEST: the values
 * (once, and twice onto the same tile: the same), the cycles of one op. */
static void bcast_case(uint32_t df, int fp32, int variant, int mode)
{
    static uint32_t v[E], src[E], want[E], out[E];
    static uint8_t tile[TF_TILE_FP32];
    char err[2048], what[96];
    int integer = TF_DF_INTEGER(df), path32 = fp32 && (df == TF_DF_FLOAT32 || df == TF_DF_INT32);
    input(v, df, variant);
    encode(v, df, tile, src);
    uint32_t other = df == TF_DF_FLOAT16_B ? TF_DF_FLOAT32 : TF_DF_FLOAT16_B;
    for (int bcast = NONE; bcast <= SCALAR; bcast++) {
        snprintf(what, sizeof what, "%s %s %s DEST variant %d mode %d", bname[bcast], df_name(df),
                 fp32 ? "fp32" : "16-bit", variant, mode);
        reference(src, bcast, path32, !fp32, integer, want);
        tf_perf_core pc[3];
        uint32_t idst = fp32 ? 3 : 7; /* the half's last tile */
        for (uint32_t reps = 1; reps <= 2; reps++) {
            if (run(bcast, mode, fp32, df, tile, other, reps, idst, out, &pc[reps], err,
                    sizeof err)) {
                fprintf(stderr, "%s reps %u: %s\n", what, reps, err);
                CHECK_TRUE(0);
                return;
            }
            CHECK_TRUE(same(what, out, want));
        }
        /* the second op adds its math cycles and its tile's unpack, nothing else */
        CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_FPU] - pc[1].unit_busy[TF_PERF_UNIT_FPU],
                   cycles_of(bcast, path32, df));
        CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_UNPACK] - pc[1].unit_busy[TF_PERF_UNIT_UNPACK],
                   page_of(df) / 64);
        CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_SFPU], 0);
        CHECK_EQ_U(pc[2].tiles[TF_PERF_FLOP_ELTWISE], 0); /* data movement: no FLOPs */
    }
}

/* The rule's own spot checks, independent of the grid: where row 0 and
 * column 0 land across the faces, and what the src-B COL does to -0. */
static void spot_checks(void)
{
    static uint32_t src[E], want[E];
    for (int i = 0; i < E; i++) src[i] = (uint32_t)i;
    reference(src, ROW, 1, 0, 1, want);
    CHECK_EQ_U(want[31 * D + 20], 20); /* face 3 gets face 1's row 0 */
    reference(src, COL, 1, 0, 1, want);
    CHECK_EQ_U(want[17 * D + 30], 17 * D); /* face 3 gets face 2's column 0 */
    src[5 * D] = 0x80000000u;
    reference(src, COL, 0, 0, 0, want);
    CHECK_EQ_U(want[5 * D + 31], 0u); /* 0 + -0 = +0 */
    reference(src, COL, 1, 0, 0, want);
    CHECK_EQ_U(want[5 * D + 31], 0x80000000u); /* moved whole */
    CHECK_EQ_U(bf16_rne(0x3f818000u), 0x3f820000u);
    CHECK_EQ_U(bf16_rne(0x3f808000u), 0x3f800000u);
    CHECK_EQ_U(bf16_rne(0x7f7fffffu), 0x7f800000u);
    CHECK_EQ_U(bf16_rne(0x7fa12345u), 0x7fe10000u);
}

/* A fault: the run fails and its message has msg in it. */
static void fault_case(int bcast, int mode, int fp32, uint32_t df, uint32_t other, uint32_t idst,
                       const char *msg)
{
    static uint32_t v[E], src[E], out[E];
    static uint8_t tile[TF_TILE_FP32];
    char err[2048];
    tf_perf_core pc;
    input(v, df, 0);
    encode(v, df, tile, src);
    int rc = run(bcast, mode, fp32, df, tile, other, 1, idst, out, &pc, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (!rc) {
        fprintf(stderr, "no fault: %s %d\n", bname[bcast], mode);
        return;
    }
    CHECK_CONTAINS(err, msg);
    TTM_CHECK_LINE(err, "unary_bcast.cpp:"); /* the kernel's line */
}

int main(void)
{
    dev = rt_open(1, 1);
    spot_checks();
    static const uint32_t dfs[] = {TF_DF_FLOAT32, TF_DF_FLOAT16_B, TF_DF_BFP8_B};
    for (int fp32 = 1; fp32 >= 0; fp32--)
        for (size_t k = 0; k < sizeof dfs / sizeof dfs[0]; k++) bcast_case(dfs[k], fp32, 0, 0);
    bcast_case(TF_DF_FLOAT32, 0, 1, 0); /* [0][0] a tie */
    bcast_case(TF_DF_FLOAT32, 1, 1, 0);
    bcast_case(TF_DF_INT32, 1, 0, 0);
    bcast_case(TF_DF_UINT16, 1, 0, 0);
    /* reconfigure_unary_bcast from another type on CB 1 (the other format) */
    bcast_case(TF_DF_FLOAT32, 1, 0, 7);
    bcast_case(TF_DF_FLOAT16_B, 0, 0, 7);
    bcast_case(TF_DF_BFP8_B, 1, 0, 7);
    static const struct {
        int bcast, mode, fp32;
        uint32_t df, other, idst;
        const char *msg;
    } faults[] = {
        {ROW, 1, 1, TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0,
         "tile engine UNARY_BCAST: used without its init: call unary_bcast_init with the same "
         "BroadcastType (or reconfigure_unary_bcast) first (the math unit is set up by "
         "copy_tile_init"},
        {COL, 2, 0, TF_DF_FLOAT16_B, TF_DF_FLOAT32, 0,
         "tile engine UNARY_BCAST: used without its init: call unary_bcast_init with the same "
         "BroadcastType (or reconfigure_unary_bcast) first (the math unit is set up by "
         "unary_bcast_init"},
        {SCALAR, 3, 1, TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0,
         "tile engine COPY: used without its init: call copy_tile_init"},
        {NONE, 5, 0, TF_DF_FLOAT16_B, TF_DF_FLOAT32, 0,
         "tile engine UNARY_BCAST: used without its init: call unary_bcast_init with the same "
         "BroadcastType (or reconfigure_unary_bcast) first (the math unit is set up by "
         "compute_kernel_hw_startup)"},
        {ROW, 6, 1, TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0,
         "tile engine UNARY_BCAST: unary_bcast on a tile that takes the 32-bit path, after an "
         "init for a CB whose tiles take the source-B path"},
        {COL, 6, 1, TF_DF_BFP8_B, TF_DF_FLOAT32, 0,
         "tile engine UNARY_BCAST: unary_bcast on a tile that takes the source-B path, after an "
         "init for a CB whose tiles take the 32-bit path"},
        {SCALAR, 8, 1, TF_DF_FLOAT32, TF_DF_FLOAT16_B, 0,
         "tile engine UNARY_BCAST: used without its init: call unary_bcast_init with the same "
         "BroadcastType (or reconfigure_unary_bcast) first (the math unit is set up by "
         "unary_bcast_init"},
        {ROW, 0, 1, TF_DF_FLOAT32, TF_DF_FLOAT16_B, 4,
         "tile engine UNARY_BCAST: the DEST index 4 is beyond the 4 tiles of a half"},
        {COL, 0, 0, TF_DF_FLOAT16_B, TF_DF_FLOAT32, 8,
         "tile engine UNARY_BCAST: the DEST index 8 is beyond the 8 tiles of a half"},
        {ROW, 0, 0, TF_DF_INT32, TF_DF_FLOAT32, 0,
         "tile engine UNARY_BCAST: it needs an fp32 DEST (fp32_dest_acc_en)"},
    };
    for (size_t k = 0; k < sizeof faults / sizeof faults[0]; k++)
        fault_case(faults[k].bcast, faults[k].mode, faults[k].fp32, faults[k].df, faults[k].other,
                   faults[k].idst, faults[k].msg);
    for (int b = 0; b < 4; b++)
        for (int m = 0; m < 9; m++)
            for (int f = 0; f < 2; f++)
                if (kern[b][m][f]) tf_kernel_free(kern[b][m][f]);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_unary_bcast");
}
