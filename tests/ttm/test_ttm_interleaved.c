/* tt-metal-style kernels on the host half of issue 11 (interleaved buffers,
 * TensorAccessor, InterleavedAddrGen, common args, NOC 1, multicast). Built
 * only when device/include/dev_banks.h exists (tests/CMakeLists.txt). */
#include "tt_foil/kbuild.h"
#include "ttm_test.h"

static void test_interleaved_copy(tf_device *dev, tf_buffer_type src_type, tf_buffer_type dst_type)
{
    enum { PAGE = 2048, PAGES = 13 };
    tf_core core = {0, 0};
    static uint32_t in[PAGE * PAGES / 4], out[PAGE * PAGES / 4];
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) in[i] = (uint32_t)(i * 2246822519u);
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, src_type, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, dst_type, sizeof out, PAGE));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, PAGE));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    uint32_t ct[8];
    int n = tf_buffer_accessor_args(src, ct, 8);
    CHECK_EQ_U(n, 2);
    CHECK_EQ_U(ct[0], src_type == TF_BUFFER_DRAM ? 2 : 0);
    n += tf_buffer_accessor_args(dst, ct + n, 8 - (uint32_t)n);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = TF_TEST_TTM "/interleaved_copy.cpp";
    o.risc = TF_BRISC;
    o.compile_args = ct;
    o.num_compile_args = (uint32_t)n;
    tf_kernel *k = MUST_PTR(tf_kernel_build(dev, &o));
    uint32_t bump = 1000;
    MUST(tf_kernel_set_common_args(k, &bump, 1));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint32_t args[] = {(uint32_t)tf_buffer_address(l1), (uint32_t)tf_buffer_address(src),
                       (uint32_t)tf_buffer_address(dst), PAGES};
    MUST(tf_program_set_args(p, TF_BRISC, args, 4));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    int bad = 0;
    for (size_t i = 0; i < PAGE * PAGES / 4; i++)
        if (out[i] != in[i] + (i % (PAGE / 4) == 0 ? bump : 0)) bad++;
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(src);
    tf_buffer_free(dst);
    tf_buffer_free(l1);
}

static void test_add_interleaved(tf_device *dev)
{
    tf_core core = {1, 0};
    tf_buffer *b[3];
    uint32_t v[2] = {14, 7};
    for (int i = 0; i < 3; i++)
        b[i] = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 4, 4));
    MUST(tf_buffer_write(b[0], 0, &v[0], 4));
    MUST(tf_buffer_write(b[1], 0, &v[1], 4));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 48));
    uint32_t s = (uint32_t)tf_buffer_address(l1);
    uint32_t args[] = {(uint32_t)tf_buffer_address(b[0]),
                       (uint32_t)tf_buffer_address(b[1]),
                       (uint32_t)tf_buffer_address(b[2]),
                       s,
                       s + 16,
                       s + 32};
    tf_kernel *k = rt_kernel(dev, "ttm_add2_interleaved.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    MUST(tf_dispatch_execute(p));
    uint32_t sum = 0;
    MUST(tf_buffer_read(b[2], 0, &sum, 4));
    CHECK_EQ_U(sum, 21);
    tf_program_destroy(p);
    tf_kernel_free(k);
    for (int i = 0; i < 3; i++) tf_buffer_free(b[i]);
    tf_buffer_free(l1);
}

/* InterleavedAddrGenFast with the page size and format of a CB (as
 * tt-metal writers make it): by format (the stride is the format's tile
 * size), and with a CB set by page size alone, whose format is Invalid
 * (the stride is then page_size; it was Bfp8_b's 1088 bytes, which put
 * every page past the 8th bank at the wrong place). */
static void test_fast_gen(tf_device *dev, int by_format)
{
    enum { PAGE = 2048, PAGES = 13 };
    tf_core core = {2, 1};
    static uint32_t in[PAGE * PAGES / 4], out[PAGE * PAGES / 4];
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) {
        in[i] = (uint32_t)(i * 2654435761u + 7u + (uint32_t)by_format);
        out[i] = 0;
    }
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof out, PAGE));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    MUST(tf_buffer_write(dst, 0, out, sizeof out)); /* (not an earlier run's copy) */
    tf_kernel *k = rt_kernel(dev, "ttm_fast_gen_copy.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    if (by_format)
        MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Float16_b, 2));
    else
        MUST(tf_program_set_cb(p, 0, PAGE, 2));
    uint32_t args[] = {(uint32_t)tf_buffer_address(src), (uint32_t)tf_buffer_address(dst), PAGES};
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    int bad = 0;
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) bad += out[i] != in[i];
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(src);
    tf_buffer_free(dst);
}

/* Core (0,0) multicasts a tile to (1,0)..(3,0) on NOC `noc`. */
static void test_multicast(tf_device *dev, int noc)
{
    enum { BYTES = 2048, N = 3 };
    tf_core cores[N + 1] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
    tf_buffer *tile[N + 1], *out[N];
    for (int i = 0; i <= N; i++) tile[i] = MUST_PTR(tf_buffer_create_l1(dev, cores[i], BYTES));
    uint32_t taddr = (uint32_t)tf_buffer_address(tile[0]);
    for (int i = 1; i <= N; i++) CHECK_EQ_U(tf_buffer_address(tile[i]), taddr);
    uint32_t sx, sy, x0, y0, x1, y1;
    MUST(tf_core_noc_xy(dev, cores[0], &sx, &sy));
    MUST(tf_core_noc_xy(dev, cores[1], &x0, &y0));
    MUST(tf_core_noc_xy(dev, cores[N], &x1, &y1));
    tf_kernel *ks =
        rt_kernel(dev, noc ? "ttm_mcast_sender1.brisc.elf" : "ttm_mcast_sender0.brisc.elf");
    tf_kernel *kr = rt_kernel(dev, "ttm_mcast_receiver.brisc.elf");
    tf_program *p[N + 1];
    for (int i = 0; i <= N; i++) {
        p[i] = MUST_PTR(tf_program_create(dev, cores[i]));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, i ? kr : ks));
        MUST(tf_program_set_semaphore(p[i], 0, 0));
        MUST(tf_program_set_semaphore(p[i], 1, 0));
    }
    /* NOC 1 routes the other way: its rectangle starts at the far corner */
    uint32_t sa[] = {noc ? x1 : x0, noc ? y1 : y0, noc ? x0 : x1, noc ? y0 : y1, N, 0, 1,
                     taddr,         BYTES};
    MUST(tf_program_set_args(p[0], TF_BRISC, sa, 9));
    for (int i = 1; i <= N; i++) {
        out[i - 1] = MUST_PTR(tf_buffer_create_dram(dev, BYTES));
        uint64_t o = tf_buffer_noc_addr(out[i - 1]);
        uint32_t ra[] = {sx, sy, 0, 1, taddr, BYTES, lo32(o), hi32(o)};
        MUST(tf_program_set_args(p[i], TF_BRISC, ra, 8));
    }
    MUST(tf_dispatch_execute_multi(p, N + 1));
    for (int i = 0; i < N; i++) {
        uint32_t w[BYTES / 4];
        MUST(tf_buffer_read(out[i], 0, w, sizeof w));
        int bad = 0;
        for (uint32_t k = 0; k < BYTES / 4; k++) bad += w[k] != 0x77000000u + k;
        CHECK_EQ_U(bad, 0);
        tf_buffer_free(out[i]);
    }
    for (int i = 0; i <= N; i++) {
        tf_program_destroy(p[i]);
        tf_buffer_free(tile[i]);
    }
    tf_kernel_free(ks);
    tf_kernel_free(kr);
}

int main(void)
{
    tf_device *dev = rt_open(4, 4);
    test_interleaved_copy(dev, TF_BUFFER_DRAM, TF_BUFFER_DRAM);
    test_interleaved_copy(dev, TF_BUFFER_L1, TF_BUFFER_DRAM);
    test_add_interleaved(dev);
    test_fast_gen(dev, 1);
    test_fast_gen(dev, 0);
    test_multicast(dev, 0);
    test_multicast(dev, 1);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_interleaved");
}
