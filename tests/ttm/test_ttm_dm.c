/* tt-metal data-movement kernels as tt-metal users write them, built from
 * source at run time (tests/ttm/kernels/dm_*.cpp): a reader/writer pair
 * over interleaved DRAM and L1 buffers with each way of addressing a page,
 * and the faults a data-movement kernel can meet, each naming the core,
 * the RISC and the kernel's own line. Every output word is checked. */
#include "tt_foil/kbuild.h"
#include "ttm_test.h"
#include <math.h>

static tf_device *dev;

/* dm_reader.cpp (generator `gen`) on NCRISC reads tiles [START, START + N)
 * of src into CB 0; dm_writer.cpp on BRISC writes them to dst in reverse
 * order. */
static void reader_writer(const char *gen, tf_buffer_type src_type, tf_buffer_type dst_type,
                          int by_format)
{
    enum { PAGE = 2048, PAGES = 19, START = 3, N = 13 };
    tf_core core = {2, 1};
    static uint32_t in[PAGE * PAGES / 4], out[PAGE * N / 4];
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) in[i] = (uint32_t)(i * 2654435761u) ^ 0x5a5a;
    memset(out, 0xcc, sizeof out);
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, src_type, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, dst_type, sizeof out, PAGE));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    MUST(tf_buffer_write(dst, 0, out, sizeof out));
    uint32_t rct[2] = {src_type == TF_BUFFER_DRAM, 0}, wct[3] = {0};
    if (!strcmp(gen, "GEN_TA") || !strcmp(gen, "GEN_MAKE"))
        CHECK_EQ_U(tf_buffer_accessor_args(src, rct, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(dst, wct + 1, 2), 2);
    tf_kernel *rd = ttm_kernel(dev, "dm_reader", TF_NCRISC, gen, rct, 2);
    tf_kernel *wr = ttm_kernel(dev, "dm_writer", TF_BRISC, NULL, wct, 3);
    tf_chip_info info;
    tf_device_info(dev, &info);
    uint32_t banks = (uint32_t)info.dram_banks;
    MUST(tf_kernel_set_common_args(rd, &banks, 1));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    if (by_format)
        MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Float16_b, 3));
    else
        MUST(tf_program_set_cb(p, 0, PAGE, 3));
    uint32_t ra[] = {(uint32_t)tf_buffer_address(src), N, START};
    uint32_t wa[] = {(uint32_t)tf_buffer_address(dst), N};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 3));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 2));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    int bad = 0;
    for (uint32_t t = 0; t < N; t++)
        for (uint32_t w = 0; w < PAGE / 4; w++)
            bad += out[t * PAGE / 4 + w] != in[(START + N - 1 - t) * PAGE / 4 + w];
    if (bad)
        fprintf(stderr, "reader_writer %s %d %d %d: %d bad words\n", gen, src_type, dst_type,
                by_format, bad);
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_buffer_free(src);
    tf_buffer_free(dst);
}

/* dm_gather_mcast.cpp: the receivers of logical (1,1)..(3,2) gather into
 * the sender (0,0) (noc_async_write + noc_semaphore_inc), which multicasts
 * the sums and then VALID into their semaphore; each receiver reads its slot
 * back (noc_async_read_one_packet) and writes both to DRAM. */
static void gather_mcast(void)
{
    enum { NR = 6, SLOT = 4, OUT = 2 * SLOT + 1 };
    tf_core cores[NR + 1] = {{0, 0}, {1, 1}, {2, 1}, {3, 1}, {1, 2}, {2, 2}, {3, 2}};
    tf_buffer *slots[NR + 1], *data[NR + 1], *scratch[NR + 1], *out[NR];
    for (int i = 0; i <= NR; i++) {
        slots[i] = MUST_PTR(tf_buffer_create_l1(dev, cores[i], NR * SLOT * 4));
        data[i] = MUST_PTR(tf_buffer_create_l1(dev, cores[i], 64));
        scratch[i] = MUST_PTR(tf_buffer_create_l1(dev, cores[i], 64));
        CHECK_EQ_U(tf_buffer_address(data[i]), tf_buffer_address(data[0]));
    }
    uint32_t sl = (uint32_t)tf_buffer_address(slots[0]), da = (uint32_t)tf_buffer_address(data[0]);
    uint32_t ct[] = {0, 1};
    tf_kernel *ks = ttm_kernel(dev, "dm_gather_mcast", TF_BRISC, "SENDER", ct, 2);
    tf_kernel *kr = ttm_kernel(dev, "dm_gather_mcast", TF_BRISC, NULL, ct, 2);
    uint32_t sx, sy, x0, y0, x1, y1;
    MUST(tf_core_noc_xy(dev, cores[0], &sx, &sy));
    MUST(tf_core_noc_xy(dev, cores[1], &x0, &y0));
    MUST(tf_core_noc_xy(dev, cores[NR], &x1, &y1));
    tf_program *p[NR + 1];
    uint32_t want[SLOT] = {0};
    for (int i = 0; i <= NR; i++) {
        p[i] = MUST_PTR(tf_program_create(dev, cores[i]));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, i ? kr : ks));
        MUST(tf_program_set_semaphore(p[i], 0, 0));
        MUST(tf_program_set_semaphore(p[i], 1, 0));
        if (!i) {
            uint32_t a[] = {x0, y0, x1, y1, NR, sl, da};
            MUST(tf_program_set_args(p[i], TF_BRISC, a, 7));
            continue;
        }
        uint32_t nx, ny;
        MUST(tf_core_noc_xy(dev, cores[i], &nx, &ny));
        want[0] += nx, want[1] += ny, want[2] += (uint32_t)cores[i].x,
            want[3] += (uint32_t)cores[i].y;
        out[i - 1] = MUST_PTR(tf_buffer_create_dram(dev, OUT * 4));
        uint64_t o = tf_buffer_noc_addr(out[i - 1]);
        uint32_t a[] = {sx,      sy,     (uint32_t)i - 1,
                        sl,      da,     (uint32_t)tf_buffer_address(scratch[i]),
                        lo32(o), hi32(o)};
        MUST(tf_program_set_args(p[i], TF_BRISC, a, 8));
    }
    char text[8192];
    char path[] = "/tmp/tt_foil_ttm_dm_XXXXXX";
    int fd = mkstemp(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    int rc = tf_dispatch_execute_multi(p, NR + 1);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, text, sizeof text - 1);
    text[n < 0 ? 0 : n] = 0;
    close(fd);
    unlink(path);
    MUST(rc);
    for (int i = 1; i <= NR; i++) {
        uint32_t got[OUT], nx, ny;
        MUST(tf_buffer_read(out[i - 1], 0, got, sizeof got));
        MUST(tf_core_noc_xy(dev, cores[i], &nx, &ny));
        for (int w = 0; w < SLOT; w++) CHECK_EQ_U(got[w], want[w]);
        CHECK_EQ_U(got[SLOT], 0xabcd0000u | NR);
        CHECK_EQ_U(got[SLOT + 1], nx);
        CHECK_EQ_U(got[SLOT + 2], ny);
        CHECK_EQ_U(got[SLOT + 3], (uint32_t)cores[i].x);
        CHECK_EQ_U(got[SLOT + 4], (uint32_t)cores[i].y);
        char line[96];
        snprintf(line, sizeof line, "[core (%d,%d) BRISC] slot %d at noc (%u,%u)\n", cores[i].x,
                 cores[i].y, i - 1, nx, ny);
        CHECK_CONTAINS(text, line);
        tf_buffer_free(out[i - 1]);
    }
    for (int i = 0; i <= NR; i++) {
        tf_program_destroy(p[i]);
        tf_buffer_free(slots[i]);
        tf_buffer_free(data[i]);
        tf_buffer_free(scratch[i]);
    }
    tf_kernel_free(ks);
    tf_kernel_free(kr);
}

/* Run dm_faults.cpp with `def` on BRISC of core (1, 2); its message. */
static const char *fault(const char *def)
{
    static char msg[4096];
    tf_core core = {1, 2}, peer = {3, 3};
    tf_kernel *k = ttm_kernel(dev, "dm_faults", TF_BRISC, def, NULL, 0);
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 4096));
    tf_buffer *d = MUST_PTR(tf_buffer_create_dram(dev, 4096));
    uint32_t px, py;
    MUST(tf_core_noc_xy(dev, peer, &px, &py));
    uint64_t dn = tf_buffer_noc_addr(d);
    uint32_t a[] = {(uint32_t)tf_buffer_address(l1), px, py, lo32(dn), hi32(dn), 0x23800, 0};
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, a, 7));
    MUST(tf_program_set_cb(p, 0, 64, 3));
    MUST(tf_program_set_semaphore(p, 0, 0));
    int rc = tf_dispatch_execute(p);
    snprintf(msg, sizeof msg, "%s", rc ? tf_last_error() : "(no fault)");
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(l1);
    tf_buffer_free(d);
    rt_expect_usable(dev, core);
    return msg;
}

/* dm_misc.cpp on cores A (1,3) and B (2,3): chained TensorAccessorArgs,
 * part of a page (get_noc_addr(id, accessor, offset)), typed args, a
 * multicast that includes its sender, with its semaphore. */
static void misc(void)
{
    enum { PAGE = 2048, PAGES = 8 };
    tf_core a = {1, 3}, b = {2, 3};
    static uint8_t in[PAGE * PAGES], out[PAGE * PAGES], want[PAGE * PAGES];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7 + 3);
    memset(out, 0x11, sizeof out);
    memcpy(want, out, sizeof want);
    memcpy(want + 2 * PAGE + 16, in + 5 * PAGE + 128, 64);
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, sizeof out, PAGE));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    MUST(tf_buffer_write(dst, 0, out, sizeof out));
    tf_buffer *sa = MUST_PTR(tf_buffer_create_l1(dev, a, 64));
    tf_buffer *sb = MUST_PTR(tf_buffer_create_l1(dev, b, 64));
    CHECK_EQ_U(tf_buffer_address(sa), tf_buffer_address(sb));
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, a, 16));
    tf_buffer *bout = MUST_PTR(tf_buffer_create_dram(dev, 16));
    uint32_t ct[5];
    CHECK_EQ_U(tf_buffer_accessor_args(src, ct, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(dst, ct + 2, 2), 2);
    ct[4] = 3;
    tf_kernel *ka = ttm_kernel(dev, "dm_misc", TF_BRISC, "SENDER", ct, 5);
    tf_kernel *kb = ttm_kernel(dev, "dm_misc", TF_BRISC, NULL, ct, 5);
    uint32_t ax, ay, bx, by;
    MUST(tf_core_noc_xy(dev, a, &ax, &ay));
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    float f = -2.75f;
    uint32_t fbits;
    memcpy(&fbits, &f, 4);
    uint64_t bo = tf_buffer_noc_addr(bout);
    uint32_t aa[] = {(uint32_t)tf_buffer_address(src),
                     (uint32_t)tf_buffer_address(dst),
                     (uint32_t)tf_buffer_address(sa),
                     fbits,
                     (uint32_t)-41,
                     bx,
                     by,
                     (uint32_t)tf_buffer_address(res)},
             ba[] = {(uint32_t)tf_buffer_address(sb), lo32(bo), hi32(bo)};
    tf_program *p[2];
    p[0] = MUST_PTR(tf_program_create(dev, a));
    p[1] = MUST_PTR(tf_program_create(dev, b));
    MUST(tf_program_set_kernel(p[0], TF_BRISC, ka));
    MUST(tf_program_set_kernel(p[1], TF_BRISC, kb));
    MUST(tf_program_set_args(p[0], TF_BRISC, aa, 8));
    MUST(tf_program_set_args(p[1], TF_BRISC, ba, 3));
    for (int i = 0; i < 2; i++) MUST(tf_program_set_semaphore(p[i], 3, 0));
    MUST(tf_dispatch_execute_multi(p, 2));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    CHECK_TRUE(memcmp(out, want, sizeof out) == 0);
    uint32_t ra[4], rb[4], w[4] = {(uint32_t)-11, (uint32_t)-123, ax | ay << 8, 0x600d};
    MUST(tf_buffer_read(res, 0, ra, sizeof ra));
    MUST(tf_buffer_read(bout, 0, rb, sizeof rb));
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_U(ra[i], w[i]);
        CHECK_EQ_U(rb[i], w[i]);
    }
    for (int i = 0; i < 2; i++) tf_program_destroy(p[i]);
    tf_kernel_free(ka);
    tf_kernel_free(kb);
    tf_buffer_free(src);
    tf_buffer_free(dst);
    tf_buffer_free(sa);
    tf_buffer_free(sb);
    tf_buffer_free(res);
    tf_buffer_free(bout);
}

/* dm_cb_interface.cpp on one BRISC: get_local_cb_interface's fields in
 * bytes and L1 addresses (tt-metal's data-movement units), before and after
 * a push and a pop, through a reference and a copy, for a CB id known at run
 * time, and printed with DPRINT; the kernel's ARCH_BLACKHOLE path. */
static void cb_interface(void)
{
    enum { PAGE = 2048, PAGES = 4, PAGE3 = 96, PAGES3 = 5 };
    tf_core core = {3, 2};
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, core, 64));
    tf_kernel *k = ttm_kernel(dev, "dm_cb_interface", TF_BRISC, NULL, NULL, 0);
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_cb(p, 0, PAGE, PAGES));
    MUST(tf_program_set_cb(p, 3, PAGE3, PAGES3));
    uint32_t args[] = {(uint32_t)tf_buffer_address(res), 3};
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    static char log[4096];
    ttm_run_captured(p, log, sizeof log);
    CHECK_TRUE(strstr(log, "page 2048 pages 4\n") != NULL);
    uint32_t r[16];
    MUST(tf_buffer_read(res, 0, r, sizeof r));
    uint32_t start = r[3];
    CHECK_TRUE(start != 0 && start % 16 == 0);
    uint32_t want[16] = {PAGE,
                         PAGES,
                         PAGE * PAGES,
                         start,
                         start + PAGE * PAGES, /* fifo_limit: the CB's end */
                         start,                /* fifo_rd_ptr */
                         start,                /* fifo_wr_ptr */
                         start + PAGE,         /* after the push */
                         start + PAGE,         /* the reference reads the CB now */
                         start + PAGE,         /* so does the copy (a view) */
                         start + PAGE,         /* fifo_rd_ptr after the pop */
                         PAGE3,
                         PAGES3,
                         PAGE3 * PAGES3,
                         0,       /* cb_addr_shift */
                         0xb1ac}; /* ARCH_BLACKHOLE is defined */
    for (int i = 0; i < 16; i++) {
        if (r[i] != want[i])
            fprintf(stderr, "cb_interface word %d: %u, want %u\n", i, r[i], want[i]);
        CHECK_EQ_U(r[i], want[i]);
    }
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(res);
}

/* The line of dm_faults.cpp marked "<- name". */
/* dm_state.cpp on core (1,1): MEM_ZEROS and the stateful transfers (the
 * coordinates from set_state, the low 32 bits of the address from each
 * with_state, the size from the one-packet set_state). */
static void state(void)
{
    enum { N = 2048 };
    static uint8_t in[512], scratch[N], out[256];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 5 + 1);
    memset(scratch, 0xee, sizeof scratch);
    memset(out, 0x11, sizeof out);
    tf_core c = {1, 1};
    tf_buffer *src = MUST_PTR(tf_buffer_create_dram(dev, sizeof in));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_dram(dev, sizeof out));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, c, N));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    MUST(tf_buffer_write(dst, 0, out, sizeof out));
    MUST(tf_buffer_write(l1, 0, scratch, sizeof scratch));
    uint64_t s = tf_buffer_noc_addr(src), d = tf_buffer_noc_addr(dst);
    uint32_t args[] = {(uint32_t)tf_buffer_address(l1), lo32(s), hi32(s), lo32(d), hi32(d)};
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    /* first a kernel that writes into the zeros and faults: the core's
     * reboot writes them again */
    tf_kernel *bad = ttm_kernel(dev, "dm_state", TF_NCRISC, "SCRIBBLE", NULL, 0);
    MUST(tf_program_set_kernel(p, TF_NCRISC, bad));
    MUST(tf_program_set_args(p, TF_NCRISC, args, 5));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_TRUE(strstr(tf_last_error(), "x=63 y=63") != NULL);
    tf_kernel *k = ttm_kernel(dev, "dm_state", TF_NCRISC, NULL, NULL, 0);
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(l1, 0, scratch, sizeof scratch));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    uint8_t want[N], want_out[256];
    memset(want, 0, 1024);
    memcpy(want + 1024, in + 256, 128);
    memcpy(want + 1152, in + 64, 64);
    memset(want + 1216, 0xee, N - 1216);
    memcpy(want_out, in + 256, 128);
    memset(want_out + 128, 0x11, 128);
    CHECK_TRUE(memcmp(scratch, want, N) == 0);
    CHECK_TRUE(memcmp(out, want_out, sizeof out) == 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_kernel_free(bad);
    tf_buffer_free(src);
    tf_buffer_free(dst);
    tf_buffer_free(l1);
}

/* cb_constexpr.cpp: a kernel built with its program's CB formats, whose
 * get_tile_size / get_dataformat are constants; a program that gives the
 * CB another format, page size or none is refused at dispatch. */
static void cb_constexpr(void)
{
    enum { PAGE = 2048, N = 4 };
    static uint8_t in[PAGE * N], out[PAGE * N];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 13 + 7);
    tf_core c = {2, 1};
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_dram(dev, sizeof out));
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c, 16));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    char path[512];
    snprintf(path, sizeof path, "%s/tests/ttm/kernels/cb_constexpr.cpp", TF_TEST_SOURCE_DIR);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = path;
    o.risc = TF_NCRISC;
    int fmts[] = {TF_DATA_FORMAT_Float16_b};
    o.cb_formats = fmts;
    o.num_cb_formats = 1;
    tf_kernel *k = tf_kernel_build(dev, &o);
    if (!k) fprintf(stderr, "cb_constexpr: %s\n", tf_last_error());
    CHECK_TRUE(k != NULL);
    /* without the formats: the reason, at compile time */
    o.num_cb_formats = 0;
    CHECK_TRUE(tf_kernel_build(dev, &o) == NULL);
    CHECK_CONTAINS(tf_last_error(),
                   "tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr");
    if (!k) return;
    uint64_t d = tf_buffer_noc_addr(dst);
    uint32_t args[] = {(uint32_t)tf_buffer_address(src), N, lo32(d), hi32(d),
                       (uint32_t)tf_buffer_address(res)};
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    MUST(tf_program_set_args(p, TF_NCRISC, args, 5));
    /* the CB not set, then set to another format: refused, saying which */
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), "was built with CB 0 as Float16_b (its get_tile_size(0) is "
                                    "the constant 2048), but the program for core (2,1) does "
                                    "not set CB 0");
    MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Bfp8_b, 2));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), "gives CB 0 Bfp8_b; set the CB so (tf_program_set_cb_format)");
    MUST(tf_program_set_cb(p, 0, PAGE, 2)); /* the right size, but no format */
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), "gives CB 0 2048-byte pages and no format");
    MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Float16_b, 2));
    MUST(tf_dispatch_execute(p));
    uint32_t r[3];
    MUST(tf_buffer_read(res, 0, r, sizeof r));
    CHECK_EQ_U(r[0], 2048);
    CHECK_EQ_U(r[1], TF_DATA_FORMAT_Float16_b);
    CHECK_EQ_U(r[2], 2048);
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    CHECK_TRUE(memcmp(in, out, sizeof in) == 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(src);
    tf_buffer_free(dst);
    tf_buffer_free(res);
}

static int marked_line(const char *name)
{
    return ttm_marked_line("dm_faults.cpp", name);
}

/* Each mistake of dm_faults.cpp fails its dispatch naming the core, the
 * RISC, the kernel's marked line and the mistake. A push or pop that ran
 * past a CB's end (CB_STRADDLE, CB_STRADDLE_POP) went unnoticed: the
 * pointer wrapped to the wrong page and the pages past the end overwrote
 * whatever L1 followed the CB. get_semaphore of an id past the last
 * (SEM_ID_RANGE: the semaphore's L1 address given as its id) gave an
 * address anywhere in L1, and its noc_semaphore_set wrote there. A NOC
 * transfer of 0 bytes (ZERO_LENGTH) and a wait on a misaligned word
 * (SEM_WAIT_MISALIGNED) said "local L1 address 0x... (and length) is
 * outside L1" of an address inside it. A CB id past the last
 * (CB_ID_RANGE) hung on "the L1 word at 0x23884", or its push damaged
 * another RISC's CB pointers. An atomic increment of a peer's L1 word 0
 * (SEM_INC_ID: a semaphore's id where its address belongs) landed in the
 * peer's mailbox. */
static void faults(void)
{
    static const struct {
        const char *def, *what;
    } cases[] = {
        {"BAD_NOC", "names x=60 y=60, which is neither a Tensix core nor a DRAM bank"},
        {"L1_PAST_END", "local L1 address 0x007ffff0 (and length) is outside L1"},
        {"PEER_PAST_END", "local 0x7ffff0): the transfer runs past the end of that memory"},
        {"DRAM_PAST_END", "local 0x7fffffff): the transfer runs past the end of that memory"},
        {"CB_STRADDLE", "cb_push_back of 2 pages at page 2 of CB 0, which holds 3: the pages run "
                        "past the CB's end (the pages pushed in one trip round a CB must add up "
                        "to its size, as in tt-metal)"},
        {"CB_STRADDLE_POP", "cb_pop_front of 2 pages at page 2 of CB 0, which holds 3: the pages "
                            "run past the CB's end (the pages popped in one trip"},
        {"CB_TOO_BIG", "waits in cb_reserve_back for 4 free pages at the back of CB 0, which has "
                       "3 (0 pushed, 0 popped; it holds 3 pages of 64 B): more than it holds"},
        {"CB_NEVER_PUSHED", "waits in cb_wait_front for 1 page at the front of CB 0, which has 0"},
        {"SEM_NEVER_SET", "waits for semaphore 0 (L1 0x23800) to be == 1 (it is 0)"},
        {"SEM_INC_MISALIGNED", "must target a 4-byte aligned word in a core's L1"},
        {"SEM_INC_ID", "NOC atomic at 0x"},
        {"SEM_INC_ID", "targets L1 0x0 of NOC x="},
        {"SEM_INC_ID", ", core ("},
        {"SEM_INC_ID", ", in the mailbox, which holds no semaphore (the firmware and the runtime "
                       "own it): is a semaphore's id given where its address belongs? "
                       "(get_noc_addr(x, y, get_semaphore(id)))"},
        {"SEM_ID_RANGE", "get_semaphore(145408): there is no semaphore 145408 (ids 0..31, set "
                         "with tf_program_set_semaphore; the kernel takes the id, not the "
                         "semaphore's L1 address)"},
        {"ZERO_LENGTH", "a NOC transfer of 0 bytes (to or from 0x"},
        {"SEM_WAIT_MISALIGNED", "a wait (noc_semaphore_wait, cb_wait_front, ...) on L1 0x00023802, "
                                "which is not a 4-byte aligned word in L1"},
        {"CB_ID_RANGE", "there is no CB 40 (circular buffers 0..31)"},
        {"MCAST_WRONG_COUNT", "with num_dests 2, but it writes 1 core"},
        {"ALIGN_DRAM_READ", "a NOC read into L1 0x"},
        {"ALIGN_DRAM_READ", "the two addresses differ modulo 64 (0x10 against 0x0), and the NOC "
                            "moves data in 64-byte aligned pieces without shifting it (Blackhole's "
                            "rule for a read from DRAM; tt-metal's watcher: invalid address "
                            "alignment in NOC transaction); make them agree modulo 64"},
        {"ALIGN_L1_WRITE", "'s L1 at 0x"},
        {"ALIGN_L1_WRITE", "the two addresses differ modulo 16 (0x4 against 0x0), and the NOC "
                           "moves data in 16-byte aligned pieces without shifting it (Blackhole's "
                           "rule for a write to L1"},
        {"ALIGN_MCAST", "a NOC multicast write from L1 0x"},
        {"ALIGN_MCAST", " to the L1 of its rectangle's cores at 0x"},
        {"ALIGN_MCAST", "differ modulo 16 (0x0 against 0x8)"},
        {"STATE_UNSET", "noc_async_read_one_packet_with_state on NOC 1 before any "
                        "noc_async_read_one_packet_set_state (or Noc::set_async_read_state) on "
                        "that NOC: the transfer takes the far end and the size from that state"},
        {"STATE_NO_SIZE", "noc_async_read_one_packet_with_state on NOC "},
        {"STATE_WRITE_UNSET", "noc_async_write_one_packet_with_state on NOC 0 before any "
                              "noc_async_write_one_packet_set_state"},
        {"NOC_WRITE_STATE_UNSET", "Noc::async_write_with_state on NOC 0 before any "
                                  "Noc::set_async_write_state (or "
                                  "noc_async_write_one_packet_set_state) on that NOC: the "
                                  "transfer takes the far end from that state"},
        {"WATCHER_ENABLED=2", "get_arg_val(7): the host gave this RISC 7 (0..6) runtime args; "
                              "give it every arg it reads (tf_program_set_args)"},
        {"WATCHER_ENABLED=3", "cb_push_back of 2 pages of CB 0 (L1 0x"},
        {"WATCHER_ENABLED=3", ", 128 B) with NOC reads into them still in flight (1): the consumer "
                              "may take them before the data lands (a race on hardware, passing "
                              "or failing with timing); wait for the reads first: "
                              "noc_async_read_barrier() (noc_async_read_barrier_with_trid for "
                              "reads with a transaction id) before cb_push_back (checked in a "
                              "kernel built with WATCHER_ENABLED)"},
        {"WATCHER_ENABLED=4", "cb_pop_front of 1 page of CB 0 (L1 0x"},
        {"WATCHER_ENABLED=4", ", 64 B) with NOC writes from it still in flight (1): the producer "
                              "may refill it before the writes have read it (a race on "
                              "hardware, passing or failing with timing); wait for the writes "
                              "first: noc_async_writes_flushed() (or noc_async_write_barrier()) "
                              "before cb_pop_front (checked in a kernel built with "
                              "WATCHER_ENABLED)"},
        {"WATCHER_ENABLED=6", "cb_pop_front of 2 pages of CB 0, which has 1 at its front (it "
                              "holds 3): it pops pages not yet pushed, which the kernel read "
                              "before they were written; call cb_wait_front(0, 2) before reading "
                              "them (checked in a kernel built with WATCHER_ENABLED)"},
        {"WATCHER_ENABLED=7", "cb_push_back of 1 page to CB 0, which has 3 of its 3 pages at its "
                              "front, not yet popped: the push publishes pages no cb_reserve_back "
                              "made free, so they overwrote pages the consumer had not read; call "
                              "cb_reserve_back(0, 1) before writing them (checked in a kernel "
                              "built with WATCHER_ENABLED)"},
        {"WATCHER_ENABLED", "failed: its condition is false (tt-metal's watcher assert, checked in "
                            "a kernel built with WATCHER_ENABLED)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *e = fault(cases[i].def);
        char want[256];
        CHECK_CONTAINS(e, "on core (1,2)");
        CHECK_CONTAINS(e, "BRISC");
        CHECK_CONTAINS(e, "'dm_faults'");
        CHECK_CONTAINS(e, cases[i].what);
        int line = marked_line(cases[i].def);
        CHECK_TRUE(line > 0);
        snprintf(want, sizeof want, "kernel_main (%s/tests/ttm/kernels/dm_faults.cpp:%d)",
                 TF_TEST_SOURCE_DIR, line);
        if (TF_TEST_HAVE_LIBDW) CHECK_CONTAINS(e, want);
    }
    /* the watcher build's pages handed on once their transfers are done,
     * while the NOC still works on the page beside each: no fault */
    const char *ok = fault("WATCHER_ENABLED=5");
    if (strcmp(ok, "(no fault)")) fprintf(stderr, "%s\n", ok);
    CHECK_TRUE(strcmp(ok, "(no fault)") == 0);
}

/* legacy_dm.cpp on core (1,1), multicasting to core (2,3): the 2023-2024
 * forms move what they name, on NOC 0 (a legacy multicast's `true` went
 * to NOC 1 silently before), ckernel::wait's exact cycles, an unchecked
 * ASSERT. */
static void legacy_dm(void)
{
    tf_core a = {1, 1}, b = {2, 3};
    static uint8_t page[2 * 2048], back[2 * 2048], got[2048];
    for (int i = 0; i < 2 * 2048; i++) page[i] = (uint8_t)(i * 13 + 7);
    tf_buffer *d = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 2 * 2048, 2048));
    MUST(tf_buffer_write(d, 0, page, sizeof page));
    tf_buffer *la = MUST_PTR(tf_buffer_create_l1(dev, a, 2048));
    tf_buffer *lb = MUST_PTR(tf_buffer_create_l1(dev, b, 2048));
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, a, 64));
    CHECK_EQ_U(tf_buffer_address(la), tf_buffer_address(lb));
    static const uint8_t zero[2048];
    MUST(tf_buffer_write(lb, 0, zero, sizeof zero));
    uint32_t bx, by;
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    tf_kernel *k = ttm_kernel(dev, "legacy_dm", TF_BRISC, NULL, NULL, 0);
    tf_program *p = MUST_PTR(tf_program_create(dev, a));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint32_t args[] = {(uint32_t)tf_buffer_address(d),  (uint32_t)tf_buffer_address(la), bx, by,
                       (uint32_t)tf_buffer_address(lb), (uint32_t)tf_buffer_address(res)};
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    MUST(tf_dispatch_execute(p));
    uint32_t r[5];
    MUST(tf_buffer_read(res, 0, r, sizeof r));
    MUST(tf_buffer_read(d, 0, back, sizeof back));
    CHECK_TRUE(memcmp(back + 2048, page, 2048) == 0); /* page 0 to page 1 */
    MUST(tf_buffer_read(lb, 0, got, sizeof got));
    CHECK_TRUE(memcmp(got, page, 64) == 0); /* the multicast reached B */
    uint32_t w;
    memcpy(&w, got + 64, 4);
    CHECK_EQ_U(w, 0x5e3a);
    CHECK_EQ_U(r[0], 1 | 2 << 4); /* on NOC 0, both (the one-packet one too) */
    CHECK_EQ_U(r[1], 1);
    CHECK_EQ_U(r[2], 109); /* ckernel::wait(100): the last clock read past it */
    uint32_t first;
    memcpy(&first, page, 4);
    CHECK_EQ_U(r[3], first);
    CHECK_EQ_U(r[4], 1);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(res);
    tf_buffer_free(lb);
    tf_buffer_free(la);
    tf_buffer_free(d);
}

/* numeric.cpp: api/numeric's float32_greater (IEEE-754's >: NaN never,
 * +0 == -0), bfloat16_greater (tt-metal's sign-magnitude compare: +0
 * above -0) and int32_greater (of the same bits as int32s) on pairs of
 * values, against the host's own comparison. */
static void numeric(void)
{
    static const float v[] = {0.0f,
                              -0.0f,
                              1.0f,
                              -1.0f,
                              2.5f,
                              -2.5f,
                              1e30f,
                              -1e30f,
                              1.5e-38f,
                              -3.0f,
                              (float)INFINITY,
                              -(float)INFINITY,
                              NAN};
    enum { NV = sizeof v / sizeof *v, N = NV * NV };
    uint32_t pairs[2 * N], res[N];
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) {
            memcpy(&pairs[2 * (i * NV + j)], &v[i], 4);
            memcpy(&pairs[2 * (i * NV + j) + 1], &v[j], 4);
        }
    tf_core c = {0, 0};
    tf_buffer *tab = MUST_PTR(tf_buffer_create_l1(dev, c, sizeof pairs));
    tf_buffer *out = MUST_PTR(tf_buffer_create_l1(dev, c, sizeof res));
    MUST(tf_buffer_write(tab, 0, pairs, sizeof pairs));
    char def[16];
    snprintf(def, sizeof def, "NPAIRS=%d", N);
    tf_kernel *k = ttm_kernel(dev, "numeric", TF_BRISC, def, NULL, 0);
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint32_t args[] = {(uint32_t)tf_buffer_address(tab), (uint32_t)tf_buffer_address(out)};
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(out, 0, res, sizeof res));
    int bad = 0;
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) {
            float a = v[i], b = v[j];
            uint32_t ab, bb;
            memcpy(&ab, &a, 4);
            memcpy(&bb, &b, 4);
            uint16_t ha = (uint16_t)(ab >> 16), hb = (uint16_t)(bb >> 16);
            int f32 = a > b;
            /* bf16: the sign-magnitude order of the top halves (NaN's
             * pattern orders as its bits; +0 above -0) */
            int bf = (ha ^ hb) & 0x8000 ? !(ha & 0x8000) : (ha & 0x8000) ? ha < hb : ha > hb;
            int i32 = (int32_t)ab > (int32_t)bb;
            uint32_t want = (uint32_t)f32 | (uint32_t)bf << 1 | (uint32_t)i32 << 2;
            if (res[i * NV + j] != want) {
                if (!bad)
                    fprintf(stderr, "numeric: %g > %g gave %u, want %u\n", a, b, res[i * NV + j],
                            want);
                bad++;
            }
        }
    CHECK_TRUE(bad == 0);
    CHECK_EQ_U(res[0 * NV + 1] >> 1 & 1, 1); /* bf16: +0 above -0 */
    CHECK_EQ_U(res[0 * NV + 1] >> 2, 1);     /* int32: 0 above 0x80000000 */
    CHECK_EQ_U(res[0 * NV + 1] & 1, 0);      /* float32: equal */
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(out);
    tf_buffer_free(tab);
}

int main(void)
{
    dev = rt_open(4, 4);
    reader_writer("GEN_TA", TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    reader_writer("GEN_TA", TF_BUFFER_L1, TF_BUFFER_DRAM, 1);
    reader_writer("GEN_TA", TF_BUFFER_DRAM, TF_BUFFER_L1, 0);
    reader_writer("GEN_MAKE", TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    reader_writer("GEN_MAKE", TF_BUFFER_L1, TF_BUFFER_L1, 1);
    reader_writer("GEN_FAST", TF_BUFFER_DRAM, TF_BUFFER_DRAM, 1);
    reader_writer("GEN_FAST", TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    reader_writer("GEN_FAST", TF_BUFFER_L1, TF_BUFFER_DRAM, 1);
    reader_writer("GEN_BANK", TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    gather_mcast();
    misc();
    state();
    cb_interface();
    cb_constexpr();
    faults();
    legacy_dm();
    numeric();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_dm");
}
