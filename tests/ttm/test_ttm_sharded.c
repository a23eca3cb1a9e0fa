/* Sharded L1 buffers (tf_buffer_create_sharded: tt-metal's HEIGHT, WIDTH
 * and BLOCK sharding, row- and column-major), as the chip holds them:
 *   - each core's shard, copied out by a kernel on that core
 *     (tests/ttm/kernels/shard_dump.cpp), holds exactly the pages the
 *     layout gives it, row by row, at the buffer's one address, including
 *     the part shards at the tensor's edges; the host reads the tensor
 *     back in page order; tf_buffer_shard_core and _num_shards agree;
 *   - ttnn's sharded op: an input and an output sharded over two cores,
 *     each core's program with its CBs on its shards
 *     (tf_program_set_cb_buffer_format), a reader that only pushes and a
 *     writer that only waits (shard_cb.cpp), copy_compute between: the
 *     output tensor is the input, with no NOC transfer;
 *   - tt-metal's sharded TensorAccessor on the chip (shard_ta.cpp):
 *     pages(), noc_async_read_shard, shard_pages() skipping the slots past
 *     the tensor's edge, locality, dspec(), and page and shard ids past
 *     the tensor faulting with their numbers;
 *   - every mistake in a spec refused with what to do, a CB on a shard of
 *     a core that holds none. */
#include "ttm_test.h"

#include <string.h>

enum { PAGE = 24, STRIDE = 32, TILE = 2048 };

static tf_device *dev;

/* page p's byte k */
static uint8_t page_byte(uint32_t p, uint32_t k)
{
    return (uint8_t)(p * 29 + k * 3 + 1);
}

/* One layout: write the tensor, check each core's shard and the read-back. */
static void check_layout(tf_shard_spec s, const tf_core *want_cores, uint32_t want_shards)
{
    tf_buffer *b = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    uint32_t np = s.pages_h * s.pages_w, rows = (s.pages_h + s.shard_h - 1) / s.shard_h,
             cols = (s.pages_w + s.shard_w - 1) / s.shard_w, sb = s.shard_h * s.shard_w * STRIDE;
    CHECK_EQ_U(tf_buffer_num_shards(b), want_shards);
    CHECK_EQ_U(rows * cols, want_shards);
    CHECK_EQ_U(tf_buffer_size(b), np * PAGE);
    CHECK_EQ_U(tf_buffer_page_size(b), PAGE);
    CHECK_EQ_U(tf_buffer_num_pages(b), np);
    uint8_t t[64 * PAGE], back[64 * PAGE];
    for (uint32_t p = 0; p < np; p++)
        for (uint32_t k = 0; k < PAGE; k++) t[p * PAGE + k] = page_byte(p, k);
    MUST(tf_buffer_write(b, 0, t, np * PAGE));
    MUST(tf_buffer_read(b, 0, back, np * PAGE));
    CHECK_TRUE(memcmp(t, back, np * PAGE) == 0);
    tf_buffer *out = MUST_PTR(tf_buffer_create_dram(dev, want_shards * sb));
    uint64_t o = tf_buffer_noc_addr(out);
    tf_kernel *k = ttm_kernel(dev, "shard_dump", TF_BRISC, NULL, NULL, 0);
    for (uint32_t sh = 0; sh < want_shards; sh++) {
        tf_core c;
        MUST(tf_buffer_shard_core(b, sh, &c));
        CHECK_TRUE(c.x == want_cores[sh].x && c.y == want_cores[sh].y);
        tf_program *p = MUST_PTR(tf_program_create(dev, c));
        uint32_t args[] = {(uint32_t)tf_buffer_address(b), sb, lo32(o), hi32(o), sh * sb};
        MUST(tf_program_set_kernel(p, TF_BRISC, k));
        MUST(tf_program_set_args(p, TF_BRISC, args, 5));
        MUST(tf_dispatch_execute(p));
        MUST(tf_program_destroy(p));
    }
    uint8_t got[64 * STRIDE];
    for (uint32_t sh = 0; sh < want_shards; sh++) {
        MUST(tf_buffer_read(out, sh * sb, got, sb));
        uint32_t i = sh / cols, j = sh % cols;
        for (uint32_t r = 0; r < s.shard_h; r++)
            for (uint32_t q = 0; q < s.shard_w; q++) {
                uint32_t pr = i * s.shard_h + r, pc = j * s.shard_w + q;
                if (pr >= s.pages_h || pc >= s.pages_w) continue; /* (past the edge: unused) */
                uint32_t p = pr * s.pages_w + pc, at = (r * s.shard_w + q) * STRIDE;
                int same = 1;
                for (uint32_t k2 = 0; k2 < PAGE; k2++) same &= got[at + k2] == page_byte(p, k2);
                CHECK_TRUE(same);
                if (!same)
                    fprintf(stderr, "  layout %d: page %u not at shard %u row %u column %u\n",
                            (int)s.layout, p, sh, r, q);
            }
    }
    tf_kernel_free(k);
    MUST(tf_buffer_free(out));
    MUST(tf_buffer_free(b));
}

/* ttnn's sharded op on two cores: input and output CBs on the shards. */
static void sharded_op(void)
{
    enum { N = 3 }; /* tiles a core */
    tf_shard_spec s = {.layout = TF_SHARD_HEIGHT,
                       .start = {0, 0},
                       .end = {1, 0},
                       .page_size = TILE,
                       .pages_h = 2 * N,
                       .pages_w = 1,
                       .shard_h = N,
                       .shard_w = 1};
    tf_buffer *in = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    tf_buffer *out = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    static uint8_t want[2 * N * TILE], got[2 * N * TILE];
    for (uint32_t i = 0; i < sizeof want; i++) want[i] = (uint8_t)(i * 13 + (i >> 11));
    for (uint32_t i = 1; i < sizeof want; i += 2) want[i] &= 0x3f; /* (no NaN bf16) */
    MUST(tf_buffer_write(in, 0, want, sizeof want));
    uint32_t rd_ct[] = {0, 0}, wr_ct[] = {16, 1}, n = N;
    tf_kernel *rd = ttm_kernel(dev, "shard_cb", TF_NCRISC, NULL, rd_ct, 2);
    tf_kernel *wr = ttm_kernel(dev, "shard_cb", TF_BRISC, NULL, wr_ct, 2);
    tf_kernel *cp = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/copy_compute.compute"));
    tf_program *p[2];
    for (int c = 0; c < 2; c++) {
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c, 0}));
        MUST(tf_program_set_kernel(p[c], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[c], TF_COMPUTE, cp));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, wr));
        MUST(tf_program_set_args(p[c], TF_NCRISC, &n, 1));
        MUST(tf_program_set_args(p[c], TF_BRISC, &n, 1));
        MUST(tf_program_set_args(p[c], TF_COMPUTE, &n, 1));
        MUST(tf_program_set_cb_buffer_format(p[c], 0, in, TF_DATA_FORMAT_Float16_b));
        MUST(tf_program_set_cb_buffer_format(p[c], 16, out, TF_DATA_FORMAT_Float16_b));
    }
    MUST(tf_dispatch_execute_multi(p, 2));
    MUST(tf_buffer_read(out, 0, got, sizeof got));
    CHECK_TRUE(memcmp(got, want, sizeof got) == 0);
    /* a core with no shard of it */
    tf_program *q = MUST_PTR(tf_program_create(dev, (tf_core){2, 0}));
    CHECK_TRUE(tf_program_set_cb_buffer(q, 0, in, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb_buffer: circular buffer 0: the sharded "
                                    "buffer has no shard on core (2,0), the program's");
    MUST(tf_program_destroy(q));
    /* a page that does not divide the shard */
    CHECK_TRUE(tf_program_set_cb_buffer(p[0], 1, in, 4096) != 0);
    CHECK_CONTAINS(tf_last_error(), "a page of 4096 bytes does not divide the shard's 6144 bytes");
    for (int c = 0; c < 2; c++) MUST(tf_program_destroy(p[c]));
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cp);
    MUST(tf_buffer_free(in));
    MUST(tf_buffer_free(out));
}

/* tt-metal's sharded TensorAccessor (shard_ta.cpp) over a BLOCK tensor of
 * 5 x 3 pages in 2 x 2 shards (3 rows of 2: the right ones and the last
 * row part shards), run on core (1,0), which holds shard 0. */
enum { TPAGE = 32, TH = 5, TW = 3, TN = TH * TW };

static uint8_t tpage_byte(uint32_t p, uint32_t k)
{
    return (uint8_t)(p * 7 + k * 5 + 3);
}

/* shard_ta.cpp with MODE=mode and id; 0, or -1 and the error in err. The
 * DRAM buffer's pages and the result words are read back. */
static int run_ta(tf_buffer *t, int mode, uint32_t id, uint8_t *dram, uint32_t *res, char *err,
                  size_t errcap)
{
    tf_core c = {1, 0};
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 24 * TPAGE, TPAGE));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, c, 4 * TPAGE + 64));
    uint8_t zero[24 * TPAGE] = {0};
    MUST(tf_buffer_write(dst, 0, zero, sizeof zero));
    uint32_t ct[64];
    int n = tf_buffer_accessor_args(t, ct, 64);
    CHECK_EQ_U((uint32_t)n, 7 + 6); /* 7 words, and one a shard */
    int m = tf_buffer_accessor_args(dst, ct + n, (uint32_t)(64 - n));
    CHECK_EQ_U((uint32_t)m, 2);
    char def[16];
    snprintf(def, sizeof def, "MODE=%d", mode);
    tf_kernel *k = ttm_kernel(dev, "shard_ta", TF_BRISC, def, ct, (uint32_t)(n + m));
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    uint32_t a = (uint32_t)tf_buffer_address(l1);
    uint32_t args[] = {(uint32_t)tf_buffer_address(t), (uint32_t)tf_buffer_address(dst), id, a,
                       a + 4 * TPAGE};
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 5));
    int rc = tf_dispatch_execute(p);
    if (rc) snprintf(err, errcap, "%s", tf_last_error());
    MUST(tf_buffer_read(dst, 0, dram, 24 * TPAGE));
    MUST(tf_buffer_read(l1, 4 * TPAGE, res, 64));
    MUST(tf_program_destroy(p));
    tf_kernel_free(k);
    MUST(tf_buffer_free(l1));
    MUST(tf_buffer_free(dst));
    return rc;
}

/* DRAM page q holds tensor page p */
static int dram_page_is(const uint8_t *dram, uint32_t q, uint32_t p)
{
    for (uint32_t k = 0; k < TPAGE; k++)
        if (dram[q * TPAGE + k] != tpage_byte(p, k)) return 0;
    return 1;
}

static void sharded_accessor(void)
{
    tf_shard_spec s = {.layout = TF_SHARD_BLOCK,
                       .start = {1, 0},
                       .end = {2, 2},
                       .page_size = TPAGE,
                       .pages_h = TH,
                       .pages_w = TW,
                       .shard_h = 2,
                       .shard_w = 2};
    tf_buffer *t = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    uint8_t tensor[TN * TPAGE], dram[24 * TPAGE];
    for (uint32_t p = 0; p < TN; p++)
        for (uint32_t k = 0; k < TPAGE; k++) tensor[p * TPAGE + k] = tpage_byte(p, k);
    MUST(tf_buffer_write(t, 0, tensor, sizeof tensor));
    uint32_t res[16];
    char err[1024];
    /* every page through pages() */
    MUST(run_ta(t, 0, 0, dram, res, err, sizeof err));
    CHECK_TRUE(memcmp(dram, tensor, sizeof tensor) == 0);
    /* shard 3 (rows 2-3, columns 2-3: column 3 is past the edge) whole */
    MUST(run_ta(t, 1, 3, dram, res, err, sizeof err));
    CHECK_TRUE(dram_page_is(dram, 12, 2 * TW + 2) && dram_page_is(dram, 14, 3 * TW + 2));
    /* shard 5 (row 4, columns 2-3): one page in the tensor, the rest skipped */
    MUST(run_ta(t, 2, 5, dram, res, err, sizeof err));
    uint32_t written = 0;
    for (uint32_t q = 0; q < 24; q++)
        for (uint32_t k = 0; k < TPAGE; k++)
            if (dram[q * TPAGE + k]) {
                written |= 1u << q;
                break;
            }
    CHECK_EQ_U(written, 1u << 14);
    CHECK_TRUE(dram_page_is(dram, 14, 14));
    /* shard 0 by shard_pages: its four pages */
    MUST(run_ta(t, 2, 0, dram, res, err, sizeof err));
    CHECK_TRUE(dram_page_is(dram, 0, 0) && dram_page_is(dram, 1, 1) && dram_page_is(dram, 3, 3) &&
               dram_page_is(dram, 4, 4));
    /* locality and the shape: core (1,0) holds shard 0, its 4 pages */
    MUST(run_ta(t, 3, 10, dram, res, err, sizeof err));
    static const uint32_t want[] = {4, 1, 2, 6, TH, TW, 2, 2, 1, 5};
    for (unsigned i = 0; i < sizeof want / sizeof *want; i++) CHECK_EQ_U(res[i], want[i]);
    /* ids past the tensor fault, naming them */
    CHECK_TRUE(run_ta(t, 4, TN, dram, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "page 15 out of range of a sharded tensor of 15 pages (ids 0..14)");
    CHECK_TRUE(run_ta(t, 5, 6, dram, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "shard 6 out of range of a sharded tensor of 6 shards (ids 0..5)");
    /* the accessor's other tt-metal forms (MODE 6): coordinates, the
     * dspec's grid and strides, the packed core list, the iterator's += */
    MUST(run_ta(t, 6, 0, dram, res, err, sizeof err));
    uint32_t x1, y0;
    MUST(tf_core_noc_xy(dev, (tf_core){1, 0}, &x1, &y0));
    static const uint32_t want6[] = {3, 2, 3, 1, 2, 1, 2, 1, 1, 1, 1};
    for (unsigned i = 0; i < sizeof want6 / sizeof *want6; i++) CHECK_EQ_U(res[i], want6[i]);
    CHECK_EQ_U(res[11], x1 << 8 | y0); /* bank 0: core (1,0) */
    CHECK_EQ_U(res[12], 3);            /* page 8, (2,2): shard (1,1) = 3, in bank 3 */
    CHECK_EQ_U(res[13], 0);            /* the shard's first page */
    /* shard_pages(1): pages 2 and 5 (columns 2-3 of rows 0-1; column 3 is
     * past the edge); after += 1 the iterator is at page 5, the last */
    CHECK_EQ_U(res[14], 1);
    CHECK_EQ_U(res[15], 5);
    /* a shard past the tensor by shard_pages: a fault, not an empty range */
    CHECK_TRUE(run_ta(t, 7, 6, dram, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "shard 6 out of range of a sharded tensor of 6 shards (ids 0..5)");
    uint32_t few[8];
    CHECK_TRUE(tf_buffer_accessor_args(t, few, 8) < 0);
    CHECK_CONTAINS(tf_last_error(), "the words of this sharded buffer are 13 (7 and one a core of "
                                    "its rectangle), room for 8");
    /* a reset of a holding core releases the tensor: no args for it */
    MUST(tf_l1_reset(dev, (tf_core){2, 2}));
    CHECK_TRUE(tf_buffer_accessor_args(t, few, 8) < 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_accessor_args: the buffer was released by "
                                    "tf_l1_reset; allocate it again");
    MUST(tf_buffer_free(t));
}

static void refused(tf_shard_spec s, const char *msg)
{
    ttm_shard_refused(dev, s, msg);
}

int main(void)
{
    dev = rt_open_sim((tf_sim_config){.grid_x = 4, .grid_y = 4});
    uint32_t l1_free = tf_l1_free_bytes(dev, (tf_core){0, 0});
    /* HEIGHT: 5 x 3 pages in shards of 2 rows: 3 shards, the last one row */
    tf_shard_spec h = {.layout = TF_SHARD_HEIGHT,
                       .start = {0, 0},
                       .end = {1, 1},
                       .page_size = PAGE,
                       .pages_h = 5,
                       .pages_w = 3,
                       .shard_h = 2,
                       .shard_w = 3};
    check_layout(h, (tf_core[]){{0, 0}, {1, 0}, {0, 1}}, 3);
    h.col_major = 1;
    check_layout(h, (tf_core[]){{0, 0}, {0, 1}, {1, 0}}, 3);
    /* WIDTH: 2 x 5 pages in shards of 2 columns */
    tf_shard_spec w = {.layout = TF_SHARD_WIDTH,
                       .start = {1, 1},
                       .end = {3, 1},
                       .page_size = PAGE,
                       .pages_h = 2,
                       .pages_w = 5,
                       .shard_h = 2,
                       .shard_w = 2};
    check_layout(w, (tf_core[]){{1, 1}, {2, 1}, {3, 1}}, 3);
    /* BLOCK: 5 x 3 pages in 2 x 2 shards: 3 rows of 2 */
    tf_shard_spec b = {.layout = TF_SHARD_BLOCK,
                       .start = {1, 0},
                       .end = {2, 2},
                       .page_size = PAGE,
                       .pages_h = 5,
                       .pages_w = 3,
                       .shard_h = 2,
                       .shard_w = 2};
    check_layout(b, (tf_core[]){{1, 0}, {2, 0}, {1, 1}, {2, 1}, {1, 2}, {2, 2}}, 6);
    b.col_major = 1;
    b.end = (tf_core){3, 1};
    check_layout(b, (tf_core[]){{1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}}, 6);
    /* a CB on a shard of 24-byte pages 32 bytes apart: its pages a whole
     * number of them */
    {
        h.col_major = 0;
        tf_buffer *hb = MUST_PTR(tf_buffer_create_sharded(dev, &h));
        tf_program *q = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
        CHECK_TRUE(tf_program_set_cb_buffer(q, 0, hb, 48) != 0);
        CHECK_CONTAINS(tf_last_error(), "circular buffer 0: a page of 48 bytes is not a whole "
                                        "number of the shard's pages, 32 bytes apart");
        MUST(tf_program_set_cb_buffer(q, 0, hb, 64));
        MUST(tf_program_destroy(q));
        MUST(tf_buffer_free(hb));
    }
    /* BLOCK on a rectangle wider than the shard grid: shard k on the k-th
     * core along the rows, as tt-metal (not the shard grid's shape) */
    tf_shard_spec wide = {.layout = TF_SHARD_BLOCK,
                          .start = {0, 0},
                          .end = {2, 2},
                          .page_size = PAGE,
                          .pages_h = 4,
                          .pages_w = 4,
                          .shard_h = 2,
                          .shard_w = 2};
    check_layout(wide, (tf_core[]){{0, 0}, {1, 0}, {2, 0}, {0, 1}}, 4);
    wide.col_major = 1;
    check_layout(wide, (tf_core[]){{0, 0}, {0, 1}, {0, 2}, {1, 0}}, 4);
    CHECK_EQ_U(tf_l1_free_bytes(dev, (tf_core){0, 0}), l1_free); /* all freed */

    sharded_op();
    sharded_accessor();

    tf_shard_spec bad = h;
    bad.col_major = 0;
    bad.shard_w = 2;
    refused(bad, "HEIGHT sharding: a shard is the tensor's whole width (3 pages), not 2");
    bad = w;
    bad.shard_h = 1;
    refused(bad, "WIDTH sharding: a shard is the tensor's whole height (2 pages), not 1");
    bad = h;
    bad.col_major = 0;
    bad.end = (tf_core){0, 1};
    refused(bad, "HEIGHT sharding: 3 shards and 2 cores in (0,0)..(0,1); make the shards larger "
                 "or the rectangle bigger");
    bad = b;
    bad.col_major = 0;
    bad.end = (tf_core){2, 1};
    refused(bad, "BLOCK sharding: 6 shards and 4 cores in (1,0)..(2,1); make the shards larger or "
                 "the rectangle bigger");
    bad = h;
    bad.pages_h = 0xffffffffu;
    refused(bad, "4294967295 x 3 pages; at most 2147483647 (page ids are 32 bits on the device");
    bad = h;
    bad.end = (tf_core){4, 0};
    refused(bad, "the cores (0,0)..(4,0): no such core (4,0)");
    bad = h;
    bad.start = (tf_core){1, 1};
    bad.end = (tf_core){0, 0};
    refused(bad, "are no rectangle (end below start)");
    bad = h;
    bad.shard_h = 0;
    refused(bad, "must all be non-zero");
    bad = h;
    bad.shard_h = 6;
    refused(bad, "a shard of 6 x 3 pages is larger than the tensor's 5 x 3");
    bad = h;
    bad.layout = (tf_shard_layout)7;
    refused(bad, "layout 7 is none of TF_SHARD_HEIGHT, TF_SHARD_WIDTH, TF_SHARD_BLOCK");
    bad = h;
    bad.page_size = 1u << 20;
    refused(bad, "a shard of 2 x 3 pages of 1048576 bytes (6291456 bytes) is larger than a "
                 "core's L1");
    bad.page_size = 200000;
    refused(bad, "out of Device L1 (0,0): a sharded buffer's shards of 1200000 bytes need that "
                 "much at 0x");
    CHECK_TRUE(tf_buffer_create_sharded(dev, NULL) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_sharded: NULL shard spec");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sharded");
}
