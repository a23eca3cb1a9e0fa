/* A transpose inside DEST (tt-metal's transpose_wh_dest, and the 2026
 * names transpose_dest_init/transpose_dest) in a tt-metal-style compute
 * kernel built at run time (tests/ttm/kernels/transpose_dest.cpp): a tile
 * copied from CB 0 into DEST, transposed there, packed. With an fp32 DEST
 * (Float32 tiles, is_32bit) and a 16-bit one (Float16_b tiles): every value
 * lands at its transposed place bit for bit (the values name their place;
 * -0, NaNs with payloads, infinities, subnormals among them), twice gives
 * the tile back, a transpose within faces (32-bit) keeps each face in its
 * place; an Int32 tile's integers move as they are; the modeled FPU
 * cycles of each transpose; and the mistakes the
 * engine faults on (is_32bit against the DEST's width, no init, copy_tile
 * after the transpose init, the init for other faces). Cost: docs/chip.md
 * "Modeled cost". */
#include "ttm_sfpu.h"

static tf_device *dev;

enum { D = TF_TILE_DIM, E = TF_TILE_ELEMS };

/* the tile: each value's bits say where it is (r * 32 + c), in the high 16
 * bits, so a 16-bit DEST holds it whole; an fp32 tile also varies the low
 * 16, which a transpose of 16-bit values would lose; the edge values at
 * places off the diagonal, in different faces */
static void input(float *in, int fp32)
{
    for (uint32_t r = 0; r < D; r++)
        for (uint32_t c = 0; c < D; c++) {
            uint32_t pos = r * D + c,
                     hi = (r % 3 == 0) << 15 | (0x80 + (pos >> 7)) << 7 | (pos & 0x7f);
            uint32_t lo = fp32 ? (pos * 2654435761u) >> 16 : 0;
            in[pos] = tf_check_float(hi << 16 | lo);
        }
    static const struct {
        int r, c;
        uint32_t fp32, bf16; /* the fp32 tile's bits, the bf16 one's (<< 16) */
    } edge[] = {
        {0, 1, 0x80000000u, 0x8000u},   /* -0 */
        {1, 0, 0x00000000u, 0x0000u},   /* +0 */
        {2, 5, 0x7fa12345u, 0x7fc5u},   /* NaN with a payload (fp32: signalling) */
        {5, 20, 0xffc0abcdu, 0xffe3u},  /* a negative quiet NaN with a payload */
        {3, 30, 0x7f800000u, 0x7f80u},  /* +inf */
        {30, 3, 0xff800000u, 0xff80u},  /* -inf */
        {17, 4, 0x00000001u, 0x0001u},  /* the smallest subnormal */
        {4, 17, 0x807fffffu, 0x807fu},  /* the largest negative subnormal */
        {16, 31, 0x7f7fffffu, 0x7f7fu}, /* the largest finite */
    };
    for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++)
        in[edge[k].r * D + edge[k].c] =
            tf_check_float(fp32 ? edge[k].fp32 : (uint32_t)edge[k].bf16 << 16);
}

/* tests/ttm/kernels/transpose_dest.cpp with MODE, REPS and IDST, fp32 DEST
 * or 16-bit; 0 and its output and counters, or the failure's message */
static int run(int fp32, int mode, int reps, int idst, const float *in, float *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char m[24], r[24], i[24];
    snprintf(m, sizeof m, "MODE=%d", mode);
    snprintf(r, sizeof r, "REPS=%d", reps);
    snprintf(i, sizeof i, "IDST=%d", idst);
    const char *defs[] = {m, r, i};
    tf_kernel *cmp = ttm_compute(dev, "transpose_dest", defs, 3, fp32);
    int rc = ttm_sfpu_dispatch(dev, cmp, fp32, in, 1, NULL, 0, out, pc, err, errcap);
    tf_kernel_free(cmp);
    return rc;
}

/* got against want, bit for bit; the first few differences printed */
static int same_bits(const char *what, const float *got, const float *want)
{
    int bad = 0;
    for (int k = 0; k < E; k++)
        if (tf_check_bits(got[k]) != tf_check_bits(want[k]) && bad++ < 3)
            fprintf(stderr, "%s: [%d][%d] is 0x%08x, want 0x%08x\n", what, k / D, k % D,
                    tf_check_bits(got[k]), tf_check_bits(want[k]));
    return bad == 0;
}

/* The modeled cycles of one transpose: 38 for 16-bit values, 80 for
 * 32-bit ones (docs/chip.md "Modeled cost"). */
static uint64_t cycles_of(int fp32)
{
    return fp32 ? 80 : 38;
}

static void transposes(int fp32)
{
    static float in[E], tr[E], faces[E], out[E];
    char err[2048];
    input(in, fp32);
    for (int r = 0; r < D; r++)
        for (int c = 0; c < D; c++) {
            tr[c * D + r] = in[r * D + c];
            int fr = r & 16, fc = c & 16; /* within its face only */
            faces[(fr + c - fc) * D + fc + r - fr] = in[r * D + c];
        }
    const char *name = fp32 ? "fp32" : "bf16";
    tf_perf_core pc[3];
    int idst = fp32 ? 3 : 7; /* the half's last tile */
    for (int reps = 0; reps < 3; reps++) {
        if (run(fp32, 0, reps, idst, in, out, &pc[reps], err, sizeof err)) {
            fprintf(stderr, "%s reps %d: %s\n", name, reps, err);
            CHECK_TRUE(0);
            return;
        }
        /* none or twice: the tile as it came; once: transposed */
        CHECK_TRUE(same_bits(name, out, reps == 1 ? tr : in));
        CHECK_EQ_U(pc[reps].tiles[TF_PERF_FLOP_SFPU], 0); /* data movement: no FLOPs */
    }
    /* each transpose adds its cycles to the math unit's, and nothing else */
    CHECK_EQ_U(pc[1].unit_busy[TF_PERF_UNIT_FPU] - pc[0].unit_busy[TF_PERF_UNIT_FPU],
               cycles_of(fp32));
    CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_FPU] - pc[0].unit_busy[TF_PERF_UNIT_FPU],
               2 * cycles_of(fp32));
    CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_SFPU], 0);
    if (!fp32) return;
    /* transpose_dest<true, false>: each face transposed in its place; twice: the tile */
    for (int reps = 1; reps < 3; reps++) {
        if (run(1, 1, reps, 1, in, out, &pc[reps], err, sizeof err)) {
            fprintf(stderr, "faces reps %d: %s\n", reps, err);
            CHECK_TRUE(0);
            continue;
        }
        CHECK_TRUE(same_bits("within faces", out, reps == 1 ? faces : in));
    }
    CHECK_EQ_U(pc[2].unit_busy[TF_PERF_UNIT_FPU] - pc[1].unit_busy[TF_PERF_UNIT_FPU], 80);
}

/* An Int32 tile (fp32 DEST, is_32bit): its words transposed as they are
 * (integer tiles: docs/chip.md "Integer tiles"). */
static void int32_case(void)
{
    static uint32_t v[E], got[E];
    static uint8_t tile[TF_TILE_FP32];
    for (uint32_t r = 0; r < D; r++)
        for (uint32_t c = 0; c < D; c++) /* the place in the low bits, the high ones varied */
            v[r * D + c] = (r * D + c) | (r * 2654435761u) << 10 | (c & 1) << 31;
    /* an Int32 tile is laid out as a Float32 one: 4-byte words in face order */
    MUST(tf_tilize((const float *)v, D, D, TF_TILE_FORMAT_FP32, tile));
    const char *defs[] = {"MODE=0", "REPS=1", "IDST=2"};
    tf_kernel *cmp = ttm_compute(dev, "transpose_dest", defs, 3, 1);
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, TF_TILE_FP32));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, TF_TILE_FP32));
    MUST(tf_buffer_write(din, 0, tile, TF_TILE_FP32));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb_format(t.p, 0, TF_DATA_FORMAT_Int32, 1));
    MUST(tf_program_set_cb_format(t.p, 16, TF_DATA_FORMAT_Int32, 1));
    char err[1024];
    MUST(ttm_trio_run(&t, din, 1, dout, 1, NULL, 0, err, sizeof err));
    MUST(tf_buffer_read(dout, 0, tile, TF_TILE_FP32));
    MUST(tf_untilize(tile, D, D, TF_TILE_FORMAT_FP32, (float *)got));
    int bad = 0;
    for (uint32_t r = 0; r < D; r++)
        for (uint32_t c = 0; c < D; c++)
            if (got[r * D + c] != v[c * D + r] && bad++ < 3)
                fprintf(stderr, "int32: [%u][%u] is 0x%08x, want 0x%08x\n", r, c, got[r * D + c],
                        v[c * D + r]);
    CHECK_EQ_U(bad, 0);
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
}

/* the faults, each naming the op and why */
static void mistakes(int fp32)
{
    static float in[E], out[E];
    char err[2048];
    tf_perf_core pc;
    input(in, fp32);
    CHECK_TRUE(run(fp32, 2, 1, 0, in, out, &pc, err, sizeof err) != 0);
    CHECK_CONTAINS(err, fp32 ? "tile engine TRANSPOSE_DEST: transpose_wh_dest with is_32bit = "
                               "false on an fp32 DEST"
                             : "tile engine TRANSPOSE_DEST: transpose_wh_dest with is_32bit = "
                               "true on a 16-bit DEST");
    CHECK_CONTAINS(err, "pass is_32bit = fp32_dest_acc_en");
    CHECK_TRUE(run(fp32, 3, 1, 0, in, out, &pc, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "tile engine TRANSPOSE_DEST: used without its init: call "
                        "transpose_wh_dest_init_short with the same is_32bit");
    CHECK_TRUE(run(fp32, 4, 1, 0, in, out, &pc, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "tile engine COPY: used without its init: call copy_tile_init");
    CHECK_TRUE(run(fp32, 5, 1, 0, in, out, &pc, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "tile engine TRANSPOSE_DEST: used without its init");
}

int main(void)
{
    dev = rt_open(1, 1);
    transposes(1);
    transposes(0);
    int32_case();
    mistakes(1);
    mistakes(0);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_transpose_dest");
}
