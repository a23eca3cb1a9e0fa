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
    tf_kernel *k =
        MUST_PTR(ttm_build(dev, TF_TEST_TTM "/interleaved_copy.cpp", TF_BRISC, ct, (uint32_t)n));
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
    /* a word each, 64 bytes apart (a DRAM read's L1 and DRAM addresses
     * agree modulo 64) */
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 192));
    uint32_t s = (uint32_t)tf_buffer_address(l1);
    uint32_t args[] = {(uint32_t)tf_buffer_address(b[0]),
                       (uint32_t)tf_buffer_address(b[1]),
                       (uint32_t)tf_buffer_address(b[2]),
                       s,
                       s + 64,
                       s + 128};
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

/* The bytes one page call moves (tests/kernels/ttm/page_bytes.cpp), for
 * every address generator and page call, in DRAM and L1 buffers: the
 * generator's page size, never the page stride. A 100-byte row-major stick
 * (pages 128 apart in a DRAM bank, 112 in L1) moves 100 bytes; the Pow2
 * generators' pages, a power of 2 below the alignment, move that; only
 * TensorAccessor(args, addr), whose page size is the args' aligned one (as
 * tt-metal's), moves the stride. noc_async_read_page/_tile of an
 * InterleavedAddrGen or a TensorAccessor(args, addr, 100) moved the stride:
 * 28 bytes past the stick in L1, silently (and the writes 28 bytes of the
 * bank's padding). Each buffer's pages are a whole stride here, so every
 * byte around the page is known: a read leaves the canary after the page
 * size in L1, a write every byte of the buffer but the page's first bytes. */
enum { PB_STICK = 100, PB_PAGE = 3, PB_PAGES = 5, PB_L1 = 256, PB_CANARY = 0xee, PB_FILL = 0x55 };
enum { PB_READ_PAGE, PB_READ_TILE, PB_WRITE_PAGE, PB_WRITE_TILE, PB_WRITE_SIZE, PB_OPS };
static const char *const pb_gen[] = {"InterleavedAddrGen",
                                     "InterleavedAddrGenFast",
                                     "InterleavedPow2AddrGen",
                                     "InterleavedPow2AddrGenFast",
                                     "TensorAccessor(args, addr, size)",
                                     "TensorAccessor(args, addr)",
                                     "get_interleaved_addr_gen<dram, 100>(addr)",
                                     "get_interleaved_addr_gen<dram, pow2>(addr)",
                                     "get_interleaved_addr_gen<dram, false>(addr, size, log2)",
                                     "get_interleaved_addr_gen<dram, true>(addr, size, log2)",
                                     "get_interleaved_addr_gen<dram, false>(addr, size)",
                                     "get_interleaved_addr_gen<dram, true>(addr, log2)"};
static const char *const pb_op[] = {"noc_async_read_page", "noc_async_read_tile",
                                    "noc_async_write_page (size 0)", "noc_async_write_tile",
                                    "noc_async_write_page (size page - 4)"};
enum { PB_GENS = sizeof pb_gen / sizeof pb_gen[0] };

static uint8_t pb_byte(uint32_t i, uint32_t seed)
{
    uint8_t b = (uint8_t)(i * 131u + seed);
    return b == PB_CANARY || b == PB_FILL ? 0x11 : b;
}

static void test_page_bytes(tf_device *dev, tf_buffer_type type)
{
    const int dram = type == TF_BUFFER_DRAM;
    const uint32_t align = dram ? 64 : 16, stick_stride = dram ? 128 : 112;
    const uint32_t pow2 = align / 2, log2 = dram ? 5 : 3;
    tf_core core = {0, 0};
    /* buffers of a stick's and a Pow2 page's stride */
    tf_buffer *stick =
        MUST_PTR(tf_buffer_create_interleaved(dev, type, PB_PAGES * stick_stride, stick_stride));
    tf_buffer *small = MUST_PTR(tf_buffer_create_interleaved(dev, type, PB_PAGES * align, align));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, PB_L1));
    uint32_t ct[4];
    CHECK_EQ_U(tf_buffer_accessor_args(stick, ct, 2), 2);
    CHECK_EQ_U(ct[1], stick_stride); /* what TensorAccessor(args, addr) moves */
    ct[2] = PB_STICK;
    ct[3] = pow2;
    tf_kernel *k = MUST_PTR(ttm_build(dev, TF_TEST_TTM "/page_bytes.cpp", TF_BRISC, ct, 4));
    static uint8_t buf[PB_PAGES * 128], mem[PB_L1];
    for (int g = 0; g < PB_GENS; g++) {
        int is_pow2 = g == 2 || g == 3 || g == 7 || g == 9 || g == 11;
        tf_buffer *b = is_pow2 ? small : stick;
        uint32_t stride = is_pow2 ? align : stick_stride, page = is_pow2 ? pow2 : PB_STICK;
        uint32_t size = (uint32_t)tf_buffer_size(b);
        for (int op = 0; op < PB_OPS; op++) {
            int write = op >= PB_WRITE_PAGE;
            uint32_t want = op == PB_WRITE_SIZE ? page - 4 : g == 5 ? stick_stride : page;
            uint32_t at = PB_PAGE * stride; /* the page in the buffer, as the host sees it */
            for (uint32_t i = 0; i < size; i++) buf[i] = write ? PB_FILL : pb_byte(i, 7);
            for (uint32_t i = 0; i < PB_L1; i++) mem[i] = write ? pb_byte(i, 3) : PB_CANARY;
            MUST(tf_buffer_write(b, 0, buf, size));
            MUST(tf_buffer_write(l1, 0, mem, PB_L1));
            tf_program *p = MUST_PTR(tf_program_create(dev, core));
            MUST(tf_program_set_kernel(p, TF_BRISC, k));
            uint32_t args[] = {(uint32_t)tf_buffer_address(b),
                               (uint32_t)tf_buffer_address(l1),
                               PB_PAGE,
                               (uint32_t)g,
                               (uint32_t)op,
                               page,
                               is_pow2 ? log2 : 0,
                               page - 4};
            MUST(tf_program_set_args(p, TF_BRISC, args, 8));
            MUST(tf_dispatch_execute(p));
            tf_program_destroy(p);
            int bad = 0;
            uint32_t moved = 0;
            if (write) {
                MUST(tf_buffer_read(b, 0, buf, size));
                for (uint32_t i = 0; i < size; i++) {
                    uint8_t w = i >= at && i < at + want ? pb_byte(i - at, 3) : PB_FILL;
                    bad += buf[i] != w;
                    moved += buf[i] != PB_FILL;
                }
            } else {
                MUST(tf_buffer_read(l1, 0, mem, PB_L1));
                for (uint32_t i = 0; i < PB_L1; i++) {
                    uint8_t w = i < want ? pb_byte(at + i, 7) : PB_CANARY;
                    bad += mem[i] != w;
                    moved += mem[i] != PB_CANARY;
                }
            }
            if (bad)
                fprintf(stderr, "%s buffer, %s, %s: %u bytes moved, want %u\n",
                        dram ? "DRAM" : "L1", pb_gen[g], pb_op[op], moved, want);
            CHECK_EQ_U(bad, 0);
        }
    }
    tf_kernel_free(k);
    tf_buffer_free(stick);
    tf_buffer_free(small);
    tf_buffer_free(l1);
}

/* tt-metal names that work as in tt-metal (tests/kernels/ttm/metal_names.cpp):
 * pages [2, 11) of a DRAM and an L1 interleaved buffer through
 * TensorAccessor::pages, each read from the address the bank tables give
 * (dram_bank_to_noc_xy and bank_to_dram_offset; l1_bank_to_noc_xy,
 * bank_to_l1_offset and DYNAMIC_NOC_X/Y), after wait_for_sync_register_value
 * saw semaphore 0 become 0x1234 (NCRISC sets 5 first: it waits on). They
 * were compile errors. */
static void test_metal_names(tf_device *dev, tf_buffer_type type)
{
    enum { PAGE = 2048, PAGES = 13, START = 2, END = 11, N = END - START, VAL = 0x1234 };
    tf_core core = {1, 1};
    static uint32_t in[PAGE * PAGES / 4], got[PAGE * N / 4];
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) in[i] = (uint32_t)(i * 2246822519u) ^ type;
    tf_buffer *b = MUST_PTR(tf_buffer_create_interleaved(dev, type, sizeof in, PAGE));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, sizeof got));
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, core, 4 * (2 + 2 * N)));
    MUST(tf_buffer_write(b, 0, in, sizeof in));
    uint32_t ct[2];
    CHECK_EQ_U(tf_buffer_accessor_args(b, ct, 2), 2);
    tf_kernel *k = MUST_PTR(ttm_build(dev, TF_TEST_TTM "/metal_names.cpp", TF_BRISC, ct, 2));
    tf_kernel *ks = rt_kernel(dev, "ttm_wait_min_setter.ncrisc.elf");
    tf_chip_info info;
    tf_device_info(dev, &info);
    uint32_t banks = type == TF_BUFFER_DRAM ? (uint32_t)info.dram_banks : 16; /* the 4x4 cores */
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_kernel(p, TF_NCRISC, ks));
    MUST(tf_program_set_semaphore(p, 0, 0));
    uint32_t args[] =
        {(uint32_t)tf_buffer_address(b),  (uint32_t)tf_buffer_address(l1), START, END, VAL, banks,
         (uint32_t)tf_buffer_address(res)},
             sa[] = {VAL, 2000};
    MUST(tf_program_set_args(p, TF_BRISC, args, 7));
    MUST(tf_program_set_args(p, TF_NCRISC, sa, 2));
    MUST(tf_dispatch_execute(p));
    uint32_t r[2 + 2 * N];
    MUST(tf_buffer_read(res, 0, r, sizeof r));
    MUST(tf_buffer_read(l1, 0, got, sizeof got));
    CHECK_EQ_U(r[0], VAL);
    CHECK_EQ_U(r[1], N);
    for (uint32_t i = 0; i < N; i++) {
        CHECK_EQ_U(r[2 + 2 * i], START + i);
        CHECK_EQ_U(r[3 + 2 * i], 1);
    }
    CHECK_TRUE(memcmp(got, in + START * PAGE / 4, sizeof got) == 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_kernel_free(ks);
    tf_buffer_free(b);
    tf_buffer_free(l1);
    tf_buffer_free(res);
}

/* make_tensor_accessor_args_tuple, make_tensor_accessor_tuple and
 * make_abstract_tensor_accessor_wrappers (accessor_tuple.cpp): three
 * interleaved sources (DRAM pages of 64 bytes, L1 of 128, DRAM of 256;
 * more pages than banks, so a page's place depends on the page size)
 * concatenated into one DRAM buffer by tensors picked at run time. With
 * page_args the accessors take their page sizes from the compile-time args
 * before the tensors' args, whose page-size words are then made wrong (32):
 * the output is still exact only if those page sizes are the ones used.
 * def: the kernel's define (NOC_OBJ: 2026's Noc reads through the
 * wrappers). */
static void test_accessor_tuple(tf_device *dev, int page_args, const char *def)
{
    static const uint32_t size[3] = {64, 128, 256}, pages[3] = {20, 19, 11};
    static const tf_buffer_type type[3] = {TF_BUFFER_DRAM, TF_BUFFER_L1, TF_BUFFER_DRAM};
    tf_core core = {2, 1};
    tf_buffer *src[3];
    uint32_t ct[3 + 3 * 2], total = 0;
    static uint8_t want[64 * 20 + 128 * 19 + 256 * 11], got[sizeof want];
    for (int t = 0; t < 3; t++) {
        uint8_t *b = want + total;
        for (uint32_t i = 0; i < size[t] * pages[t]; i++) b[i] = (uint8_t)(i * 7 + t * 101 + 3);
        src[t] = MUST_PTR(tf_buffer_create_interleaved(dev, type[t], size[t] * pages[t], size[t]));
        MUST(tf_buffer_write(src[t], 0, b, size[t] * pages[t]));
        ct[t] = size[t];
        CHECK_EQ_U(tf_buffer_accessor_args(src[t], ct + 3 + 2 * t, 2), 2);
        CHECK_EQ_U(ct[3 + 2 * t + 1], size[t]); /* the args' aligned page size */
        if (page_args) ct[3 + 2 * t + 1] = 32;
        total += size[t] * pages[t];
    }
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 256));
    tf_buffer *out = MUST_PTR(tf_buffer_create_dram(dev, total));
    tf_kernel *k =
        MUST_PTR(ttm_build_def(dev, TF_TEST_TTM "/accessor_tuple.cpp", TF_BRISC, def, ct, 9));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint64_t o = tf_buffer_noc_addr(out);
    uint32_t args[] = {(uint32_t)tf_buffer_address(l1),
                       (uint32_t)tf_buffer_address(src[0]),
                       (uint32_t)tf_buffer_address(src[1]),
                       (uint32_t)tf_buffer_address(src[2]),
                       lo32(o),
                       hi32(o),
                       pages[0],
                       pages[1],
                       pages[2]};
    MUST(tf_program_set_args(p, TF_BRISC, args, 9));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(out, 0, got, total));
    CHECK_TRUE(memcmp(got, want, total) == 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    for (int t = 0; t < 3; t++) tf_buffer_free(src[t]);
    tf_buffer_free(l1);
    tf_buffer_free(out);
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
    test_page_bytes(dev, TF_BUFFER_DRAM);
    test_page_bytes(dev, TF_BUFFER_L1);
    test_metal_names(dev, TF_BUFFER_DRAM);
    test_metal_names(dev, TF_BUFFER_L1);
    test_accessor_tuple(dev, 0, NULL);
    test_accessor_tuple(dev, 1, "PAGE_ARGS");
    test_accessor_tuple(dev, 0, "NOC_OBJ");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_interleaved");
}
