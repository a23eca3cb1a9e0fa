/* A compute kernel between DRAM and DRAM for the compute API tests: the
 * inputs (tilized on the host, or raw bytes) are read into their CBs by
 * cb_loader on NCRISC, the compute kernel runs, tile_writer16 on BRISC
 * writes CB 16 back. Several cores split the inputs marked `split` and
 * the output by tile rows. */
#ifndef TF_COMPUTE_RUN_H
#define TF_COMPUTE_RUN_H

#include "rt_test.h"
#include "tf_perf.h" /* core 0's counters */
#include "tf_tile.h" /* the op and format codes the kernels take as arguments */

#include <string.h>

/* The kernels' names start with this: "" for the C kernels, "ttm_" for
 * their tt-metal C++ versions (tests/kernels/ttm/compute), which take the
 * same CBs and args, so one test checks both. */
#ifndef CR_KERNEL_PREFIX
#define CR_KERNEL_PREFIX ""
#endif

typedef struct cr_input {
    uint32_t cb;
    const float *m;  /* rows x cols, tilized in format f ... */
    const void *raw; /* ... or these bytes as they are */
    uint32_t rows, cols, raw_bytes;
    tf_tile_format f;
    int split; /* cut by tile rows over the cores */
} cr_input;

typedef struct cr_run {
    const char *kernel; /* TF_TEST_KERNELS/<kernel>.compute */
    cr_input in[6];
    int nin;
    uint32_t scratch[4][3];      /* other CBs: cb, page size, pages (0: none) */
    uint32_t out_rows, out_cols; /* the whole output, tilized in out_f ... */
    uint32_t out_raw_bytes;      /* ... or raw bytes (then out_raw) */
    tf_tile_format out_f;
    uint32_t args[8];
    int nargs;
    int cores;
    int cb_formats; /* set each CB's data format (tf_program_set_cb_format), not a page size */
    float *out;
    void *out_raw;
    uint64_t cycles;    /* modeled cycles of the slowest core */
    tf_run_stats core0; /* core 0's per-RISC GO and done cycles */
    tf_perf_core perf0; /* core 0's counters (tile engine units' busy cycles, ...) */
    char err[2048];     /* the message when it failed */
} cr_run;

/* The runtime's data format of a host tile format. */
static inline tf_data_format cr_df(tf_tile_format f)
{
    return f == TF_TILE_FORMAT_FP32       ? TF_DATA_FORMAT_Float32
           : f == TF_TILE_FORMAT_BF16     ? TF_DATA_FORMAT_Float16_b
           : f == TF_TILE_FORMAT_BFP4_B   ? TF_DATA_FORMAT_Bfp4_b
           : f == TF_TILE_FORMAT_BFP2_B   ? TF_DATA_FORMAT_Bfp2_b
           : f == TF_TILE_FORMAT_FP16     ? TF_DATA_FORMAT_Float16
           : f == TF_TILE_FORMAT_BFP8     ? TF_DATA_FORMAT_Bfp8
           : f == TF_TILE_FORMAT_BFP4     ? TF_DATA_FORMAT_Bfp4
           : f == TF_TILE_FORMAT_BFP2     ? TF_DATA_FORMAT_Bfp2
           : f == TF_TILE_FORMAT_FP8_E4M3 ? TF_DATA_FORMAT_Fp8_e4m3
                                          : TF_DATA_FORMAT_Bfp8_b;
}

/* Runs it; returns 0, or -1 with tf_last_error() set (a device fault). */
static inline int cr_execute(tf_device *dev, cr_run *r)
{
    int cores = r->cores ? r->cores : 1, rc = 0;
    tf_buffer *din[6], *dout;
    size_t in_bytes[6];
    for (int i = 0; i < r->nin; i++) {
        cr_input *in = &r->in[i];
        if (in->raw) {
            in_bytes[i] = in->raw_bytes;
            din[i] = MUST_PTR(tf_buffer_create_dram(dev, in_bytes[i]));
            MUST(tf_buffer_write(din[i], 0, in->raw, in_bytes[i]));
        } else {
            in_bytes[i] = tf_tiled_bytes(in->rows, in->cols, in->f);
            din[i] = rt_dram_tiles(dev, in->m, in->rows, in->cols, in->f);
        }
    }
    size_t out_bytes =
        r->out_raw_bytes ? r->out_raw_bytes : tf_tiled_bytes(r->out_rows, r->out_cols, r->out_f);
    dout = MUST_PTR(tf_buffer_create_dram(dev, out_bytes));
    char path[512];
    snprintf(path, sizeof path, "%s/%s%s.compute", TF_TEST_KERNELS, CR_KERNEL_PREFIX, r->kernel);
    tf_kernel *rd = rt_kernel(dev, "cb_loader.ncrisc.elf");
    tf_kernel *wr = rt_kernel(dev, "tile_writer16.brisc.elf");
    tf_kernel *cmp = MUST_PTR(tf_kernel_load(dev, path));
    tf_program *p[16];
    uint32_t out_page = r->out_raw_bytes ? tf_tile_bytes(r->out_f) : tf_tile_bytes(r->out_f);
    for (int c = 0; c < cores; c++) {
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c % 4, c / 4}));
        MUST(tf_program_set_kernel(p[c], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[c], TF_COMPUTE, cmp));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, wr));
        uint32_t ra[1 + 4 * 6], nra = 1;
        ra[0] = (uint32_t)r->nin;
        for (int i = 0; i < r->nin; i++) {
            cr_input *in = &r->in[i];
            uint32_t page = tf_tile_bytes(in->f);
            uint32_t tiles = (uint32_t)(in_bytes[i] / page),
                     mine = in->split ? tiles / cores : tiles;
            uint64_t a = tf_buffer_noc_addr(din[i]) + (in->split ? (uint64_t)c * mine * page : 0);
            if (r->cb_formats)
                MUST(tf_program_set_cb_format(p[c], in->cb, cr_df(in->f), mine));
            else
                MUST(tf_program_set_cb(p[c], in->cb, page, mine));
            ra[nra++] = in->cb;
            ra[nra++] = lo32(a);
            ra[nra++] = hi32(a);
            ra[nra++] = mine;
        }
        for (int s = 0; s < 4; s++)
            if (r->scratch[s][2])
                MUST(tf_program_set_cb(p[c], r->scratch[s][0], r->scratch[s][1], r->scratch[s][2]));
        uint32_t out_tiles = (uint32_t)(out_bytes / out_page) / cores;
        uint64_t o = tf_buffer_noc_addr(dout) + (uint64_t)c * out_tiles * out_page;
        if (r->cb_formats)
            MUST(
                tf_program_set_cb_format(p[c], 16, cr_df(r->out_f), out_tiles < 2 ? 2 : out_tiles));
        else
            MUST(tf_program_set_cb(p[c], 16, out_page, out_tiles < 2 ? 2 : out_tiles));
        uint32_t wa[] = {lo32(o), hi32(o), out_tiles};
        MUST(tf_program_set_args(p[c], TF_NCRISC, ra, nra));
        MUST(tf_program_set_args(p[c], TF_COMPUTE, r->args, (uint32_t)r->nargs));
        MUST(tf_program_set_args(p[c], TF_BRISC, wa, 3));
    }
    rc = cores == 1 ? tf_dispatch_execute(p[0]) : tf_dispatch_execute_multi(p, (size_t)cores);
    if (rc) snprintf(r->err, sizeof r->err, "%s", tf_last_error());
    r->cycles = 0;
    if (!rc) {
        for (int c = 0; c < cores; c++) {
            tf_run_stats s;
            MUST(tf_program_last_run(p[c], &s));
            if (s.cycles > r->cycles) r->cycles = s.cycles;
            if (c == 0) {
                r->core0 = s;
                MUST(tf_program_counters(p[c], &r->perf0));
            }
        }
        if (r->out_raw_bytes)
            MUST(tf_buffer_read(dout, 0, r->out_raw, out_bytes));
        else
            rt_read_tiles(dout, r->out_rows, r->out_cols, r->out_f, r->out);
    }
    for (int c = 0; c < cores; c++) tf_program_destroy(p[c]);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cmp);
    for (int i = 0; i < r->nin; i++) tf_buffer_free(din[i]);
    tf_buffer_free(dout);
    return rc;
}

static inline float cr_bf(float v)
{
    return tf_f32_from_bf16(tf_bf16_from_f32(v));
}

#endif
