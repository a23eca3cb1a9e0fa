/* Interleaved buffers: pages round-robin over the DRAM banks and over the
 * cores' L1, scattered and gathered by the host, addressed by kernels
 * through the bank tables. A loopback copy page by page (as tt-metal's
 * loopback example) checks the data against the host's copy and every
 * page's NOC address against the layout; a page id past the end faults
 * with a message naming the kernel and the page. Also: accessor args, odd
 * page sizes, partial host copies, the errors of the API. */
#include "rt_test.h"

#include <string.h>

#define GRID 4 /* 16 cores: 16 L1 banks; 8 DRAM banks */

static tf_kernel *copy_k;

#define TF_NOC_X_OF(na) ((uint32_t)((na) >> 36) & 0x3f)
#define TF_NOC_Y_OF(na) ((uint32_t)((na) >> 42) & 0x3f)

/* 1 for a DRAM buffer (its TensorAccessorArgs flags say IsDram). */
static uint32_t in_dram(const tf_buffer *b)
{
    uint32_t w[2];
    MUST(tf_buffer_accessor_args(b, w, 2) == 2 ? 0 : -1);
    return w[0] == 2;
}

/* Copy `pages` pages from src to dst (from page `first`) on core c with
 * il_copy; the NOC address of each source page goes to `table` if given. */
static int run_copy(tf_device *dev, tf_core c, tf_buffer *src, tf_buffer *dst, uint32_t pages,
                    uint32_t first, tf_buffer *table, tf_run_stats *stats)
{
    uint32_t page = tf_buffer_page_size(src);
    tf_buffer *scratch = MUST_PTR(tf_buffer_create_l1(dev, c, page));
    uint32_t args[] = {(uint32_t)tf_buffer_address(src),
                       in_dram(src),
                       (uint32_t)tf_buffer_address(dst),
                       in_dram(dst),
                       pages,
                       page,
                       (uint32_t)tf_buffer_address(scratch),
                       table ? (uint32_t)tf_buffer_address(table) : 0,
                       first};
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, TF_BRISC, copy_k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 9));
    int rc = tf_dispatch_execute(p);
    if (!rc && stats) MUST(tf_program_last_run(p, stats));
    tf_program_destroy(p);
    tf_buffer_free(scratch);
    return rc;
}

/* The NOC addresses il_copy wrote to `table` for `pages` pages of buf are
 * tt-metal's interleaved layout: page i in bank i % banks (DRAM bank b at
 * NOC (0, b + 1); L1 bank b = core b, row-major over the grid, at NOC
 * (x + 1, y + 1)) at base + (i / banks) * stride. */
static int layout_ok(tf_buffer *table, uint32_t pages, const tf_buffer *buf, uint32_t banks,
                     uint32_t stride)
{
    static uint32_t addrs[2 * 256];
    MUST(tf_buffer_read(table, 0, addrs, pages * 8u));
    int ok = 1, dram = (int)in_dram(buf);
    for (uint32_t i = 0; i < pages; i++) {
        uint64_t na = ((uint64_t)addrs[2 * i + 1] << 32) | addrs[2 * i];
        uint32_t b = i % banks, x = dram ? 0 : b % GRID + 1, y = dram ? b + 1 : b / GRID + 1;
        ok &= TF_NOC_X_OF(na) == x && TF_NOC_Y_OF(na) == y &&
              (na & 0xfffffffffull) == tf_buffer_address(buf) + (i / banks) * stride;
    }
    return ok;
}

static void fill(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)((i * 131 + seed) ^ (i >> 7));
}

static void dram_loopback(tf_device *dev)
{
    enum { PAGES = 64, PAGE = 2048 };
    static uint8_t in[PAGES * PAGE], out[PAGES * PAGE];
    fill(in, sizeof in, 3);
    tf_buffer *a = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    tf_buffer *b = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    CHECK_EQ_U(tf_buffer_num_pages(a), PAGES);
    CHECK_EQ_U(tf_buffer_address(a) % 64, 0);
    uint32_t words[4] = {0};
    CHECK_EQ_U(tf_buffer_accessor_args(a, words, 4), 2);
    CHECK_EQ_U(words[0], 2); /* ArgConfig IsDram */
    CHECK_EQ_U(words[1], 2048);
    MUST(tf_buffer_write(a, 0, in, sizeof in));
    tf_core c = {0, 0};
    tf_buffer *table = MUST_PTR(tf_buffer_create_l1(dev, c, PAGES * 8));
    tf_run_stats s1, s2;
    MUST(run_copy(dev, c, a, b, PAGES, 0, table, &s1));
    MUST(tf_buffer_read(b, 0, out, sizeof out));
    CHECK_TRUE(memcmp(in, out, sizeof in) == 0);
    CHECK_TRUE(layout_ok(table, PAGES, a, 8, 2048)); /* 8 DRAM banks */
    /* what the host wrote is where the kernel looked: a page-sized host
     * write of page 9 changes exactly page 9 of the copy */
    memset(in + 9 * PAGE, 0x5a, PAGE);
    MUST(tf_buffer_write(a, 9 * PAGE, in + 9 * PAGE, PAGE));
    MUST(run_copy(dev, c, a, b, PAGES, 0, NULL, &s2));
    MUST(tf_buffer_read(b, 0, out, sizeof out));
    CHECK_TRUE(memcmp(in, out, sizeof in) == 0);
    MUST(run_copy(dev, c, a, b, PAGES, 0, NULL, &s2));
    MUST(run_copy(dev, c, a, b, PAGES, 0, NULL, &s1));
    CHECK_EQ_U(s1.cycles, s2.cycles); /* deterministic */
    printf("interleaved DRAM loopback: 64 pages of 2 KiB in %llu cycles\n",
           (unsigned long long)s1.cycles);

    /* a page id past the end: the kernel's check faults, naming the page */
    CHECK_TRUE(run_copy(dev, c, a, b, 1, 70, NULL, NULL) != 0);
    const char *e = tf_last_error();
    CHECK_CONTAINS(e, "on core (0,0) BRISC running kernel 'il_copy' (");
    CHECK_CONTAINS(e, "(pc 0x0002");
    CHECK_CONTAINS(e, "): page 70 out of range of an interleaved buffer of 64 pages (ids 0..63)");
    if (TF_TEST_HAVE_LIBDW) /* the check's trap is inlined at the call: the kernel's line */
        CHECK_CONTAINS(e, ", inlined in kernel_main (" TF_TEST_SOURCE_DIR
                          "/tests/kernels/il_copy.c:22)): page 70");
    CHECK_CONTAINS(e, "; core (0,0) was reset");
    MUST(run_copy(dev, c, a, b, PAGES, 0, NULL, NULL)); /* usable again */
    tf_buffer_free(table);
    tf_buffer_free(a);
    tf_buffer_free(b);
}

/* 1000-byte pages: strides 1024 in DRAM, 1008 in L1; DRAM -> L1 -> DRAM. */
static void odd_pages_and_l1(tf_device *dev)
{
    enum { PAGES = 37, PAGE = 1000 };
    static uint8_t in[PAGES * PAGE], out[PAGES * PAGE], model[PAGES * PAGE];
    fill(in, sizeof in, 11);
    tf_buffer *d = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    tf_buffer *l = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, sizeof in, PAGE));
    tf_buffer *d2 = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    uint32_t w[2];
    CHECK_EQ_U(tf_buffer_accessor_args(d, w, 2), 2);
    CHECK_EQ_U(w[0], 2);
    CHECK_EQ_U(w[1], 1024);
    CHECK_EQ_U(tf_buffer_accessor_args(l, w, 2), 2);
    CHECK_EQ_U(w[0], 0);
    CHECK_EQ_U(w[1], 1008);
    /* partial host writes across page boundaries, then the rest */
    memset(model, 0, sizeof model);
    MUST(tf_buffer_write(d, 0, model, sizeof model));
    MUST(tf_buffer_write(d, 700, in + 700, 3000));
    memcpy(model + 700, in + 700, 3000);
    MUST(tf_buffer_read(d, 0, out, sizeof out));
    CHECK_TRUE(memcmp(model, out, sizeof out) == 0);
    MUST(tf_buffer_read(d, 1999, out, 2)); /* across pages 1 and 2 */
    CHECK_TRUE(out[0] == in[1999] && out[1] == in[2000]);
    MUST(tf_buffer_write(d, 0, in, sizeof in));

    tf_core c = {2, 1};
    tf_buffer *table = MUST_PTR(tf_buffer_create_l1(dev, c, PAGES * 8));
    MUST(run_copy(dev, c, d, l, PAGES, 0, NULL, NULL)); /* DRAM -> L1 interleaved */
    MUST(tf_buffer_read(l, 0, out, sizeof out));
    CHECK_TRUE(memcmp(in, out, sizeof in) == 0);
    MUST(run_copy(dev, c, l, d2, PAGES, 0, table, NULL)); /* L1 interleaved -> DRAM */
    MUST(tf_buffer_read(d2, 0, out, sizeof out));
    CHECK_TRUE(memcmp(in, out, sizeof in) == 0);
    CHECK_TRUE(layout_ok(table, PAGES, l, 16, 1008)); /* 16 cores' L1 */
    /* each core's L1 pool holds its pages: 3 pages on cores 0..4, 2 after
     * (2 x 1008 bytes, 2048 with the pool's 64-byte rounding) */
    uint32_t before = tf_l1_free_bytes(dev, (tf_core){3, 3});
    tf_buffer_free(table);
    tf_buffer_free(l);
    CHECK_EQ_U(tf_l1_free_bytes(dev, (tf_core){3, 3}) - before, 2048);
    tf_buffer_free(d);
    tf_buffer_free(d2);
}

static void errors(tf_device *dev)
{
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 1000, 300) == NULL);
    CHECK_CONTAINS(tf_last_error(), "DRAM buffer of 1000 bytes in pages of 300: the size must be "
                                    "a non-zero multiple of the page size");
    CHECK_TRUE(tf_buffer_create_interleaved(dev, (tf_buffer_type)7, 1024, 256) == NULL);
    CHECK_CONTAINS(tf_last_error(), "buffer type 7 is neither TF_BUFFER_DRAM nor TF_BUFFER_L1");
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 64u << 20, 1u << 20) == NULL);
    CHECK_CONTAINS(tf_last_error(), "out of Device L1 (");
    CHECK_CONTAINS(tf_last_error(), "an interleaved buffer of 64 pages of 1048576 bytes needs");
    /* a page size that aligns past 32 bits (it became a stride of 0: a
     * buffer every other one overlapped) */
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 0xffffffffu, 0xffffffffu) == NULL);
    CHECK_CONTAINS(tf_last_error(), "L1 pages of 4294967295 bytes: larger than a bank");
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 0xffffffc1u, 0xffffffc1u) == NULL);
    CHECK_CONTAINS(tf_last_error(), "DRAM pages of 4294967233 bytes: larger than a bank");
    tf_buffer *plain = MUST_PTR(tf_buffer_create_dram(dev, 4096));
    uint32_t w[2];
    CHECK_TRUE(tf_buffer_accessor_args(plain, w, 2) < 0);
    CHECK_CONTAINS(tf_last_error(), "the buffer is neither interleaved nor sharded");
    tf_buffer *l = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 32 * 64, 64));
    CHECK_TRUE(tf_buffer_accessor_args(l, w, 1) < 0);
    CHECK_CONTAINS(tf_last_error(), "the words of an interleaved buffer are 2, room for 1");
    /* a pool reset of one of its cores takes the whole buffer */
    MUST(tf_l1_reset(dev, (tf_core){1, 1}));
    uint8_t b[64] = {0};
    CHECK_TRUE(tf_buffer_write(l, 0, b, sizeof b) != 0);
    CHECK_CONTAINS(tf_last_error(), "released by tf_l1_reset");
    tf_buffer_free(l);
    tf_buffer_free(plain);
}

int main(void)
{
    tf_device *dev = rt_open(GRID, GRID);
    copy_k = rt_kernel(dev, "il_copy.brisc.elf");
    dram_loopback(dev);
    odd_pages_and_l1(dev);
    errors(dev);
    tf_kernel_free(copy_k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_interleaved");
}
