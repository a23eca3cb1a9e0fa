/* tt-metal's Device 2.0 data-movement objects (namespace experimental:
 * Noc, CircularBuffer, Semaphore, CoreLocalMem, UnicastEndpoint,
 * MulticastEndpoint, AllocatorBank, TensorAccessor pages) in our own
 * kernels written as current ttnn kernels are (tests/ttm/kernels/d2_*.cpp,
 * built at run time), and 2026's top-level Noc and DataflowBuffer
 * (api/dataflow/noc.h, dataflow_buffer.h) in kernels written as the newest
 * ttnn reader and writer are (dfb_reader.cpp, dfb_writer.cpp). Every output
 * byte is checked. */
#include "tt_foil/kbuild.h"
#include "ttm_test.h"

static tf_device *dev;

/* A reader (NCRISC, NOC 1 by default) reads pages [START, START + N) of src
 * into a CB, BATCH a reservation (or one Page of pages() at a time:
 * d2_reader's ONE_PAGE_VIEW, dfb_reader's PAGES); a writer (BRISC) writes
 * them to dst from page OUT0 on: d2_writer.cpp on NOC 1 by its Noc's
 * number, each page in two halves; dfb_writer.cpp on NOC 0 a page at a
 * time, posted (WR_POSTED), through a multicast to its own core
 * (WR_MCAST), or then zeroing the ZPAGES pages after them (WR_ZEROS). The
 * bytes of dst outside those pages are untouched. */
static void pair(const char *reader, const char *def, const char *writer, const char *wdef,
                 uint32_t batch, tf_buffer_type src_type, tf_buffer_type dst_type, int by_format)
{
    enum { PAGE = 2048, PAGES = 23, START = 4, N = 15, OUT0 = 5, DPAGES = 24, ZPAGES = 2 };
    tf_core core = {1, 2};
    static uint8_t in[PAGE * PAGES], out[PAGE * DPAGES], want[PAGE * DPAGES];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 131 + (i >> 11) * 7 + 1);
    memset(out, 0x5c, sizeof out);
    memcpy(want, out, sizeof want);
    memcpy(want + OUT0 * PAGE, in + START * PAGE, (size_t)N * PAGE);
    /* dfb_writer.cpp's WR_ZEROS: the ZPAGES pages after those are zeroed */
    const uint32_t zpages = wdef && !strcmp(wdef, "WR_ZEROS") ? ZPAGES : 0;
    memset(want + (OUT0 + N) * PAGE, 0, (size_t)zpages * PAGE);
    tf_buffer *src = MUST_PTR(tf_buffer_create_interleaved(dev, src_type, sizeof in, PAGE));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_interleaved(dev, dst_type, sizeof out, PAGE));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    MUST(tf_buffer_write(dst, 0, out, sizeof out));
    const uint32_t cb = 0; /* the reader's c_0, the writer's by its CTA 0 */
    uint32_t rct[3] = {batch}, wct[3] = {cb};
    CHECK_EQ_U(tf_buffer_accessor_args(src, rct + 1, 2), 2);
    CHECK_EQ_U(tf_buffer_accessor_args(dst, wct + 1, 2), 2);
    tf_kernel *rd = ttm_kernel(dev, reader, TF_NCRISC, def, rct, 3);
    tf_kernel *wr = ttm_kernel(dev, writer, TF_BRISC, wdef, wct, 3);
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    if (by_format)
        MUST(tf_program_set_cb_format(p, cb, TF_DATA_FORMAT_Float16_b, 4));
    else
        MUST(tf_program_set_cb(p, cb, PAGE, 4));
    MUST(tf_program_set_cb(p, 1, PAGE, 1)); /* dfb_writer.cpp's scratch (WR_ZEROS) */
    MUST(tf_program_set_cb(p, 2, PAGE, 1)); /* and bounce buffer (WR_MCAST) */
    uint32_t ra[] = {(uint32_t)tf_buffer_address(src), N, START};
    uint32_t wa[] = {(uint32_t)tf_buffer_address(dst), N, OUT0, zpages};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 3));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 4));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < sizeof out; i++)
        if (out[i] != want[i] && !bad++) first = i;
    if (bad)
        fprintf(stderr, "%s %s + %s %s, batch %u: %zu bad bytes, the first at %zu (page %zu)\n",
                reader, def ? def : "-", writer, wdef ? wdef : "-", batch, bad, first,
                first / PAGE);
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_buffer_free(src);
    tf_buffer_free(dst);
}

/* d2_state.cpp on core A (1,1) with peer B (2,1): the Noc objects'
 * stateful read and write, one packet and any size, experimental and
 * top-level (mode 0..3): B's words 0..15 come to A's 16..31 and go back to
 * B's 32..47. */
static void state_forms(int mode)
{
    char def[24]; /* (room for any int: the sanitizer build's -Wformat-truncation) */
    snprintf(def, sizeof def, "MODE=%d", mode);
    tf_core a = {1, 1}, b = {2, 1};
    tf_buffer *ba = MUST_PTR(tf_buffer_create_l1(dev, a, 256));
    tf_buffer *bb = MUST_PTR(tf_buffer_create_l1(dev, b, 256));
    CHECK_EQ_U(tf_buffer_address(ba), tf_buffer_address(bb));
    uint32_t wa[64], wb[64], got[64];
    for (int i = 0; i < 64; i++)
        wa[i] = 0xa0000000u + (uint32_t)i, wb[i] = 0xb0000000u + (uint32_t)i;
    MUST(tf_buffer_write(ba, 0, wa, sizeof wa));
    MUST(tf_buffer_write(bb, 0, wb, sizeof wb));
    uint32_t bx, by;
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    tf_kernel *k = ttm_kernel(dev, "d2_state", TF_BRISC, def, NULL, 0);
    uint32_t args[] = {(uint32_t)tf_buffer_address(ba), bx, by};
    tf_program *p = MUST_PTR(tf_program_create(dev, a));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(ba, 0, got, sizeof got));
    for (int i = 0; i < 64; i++) CHECK_EQ_U(got[i], i >= 16 && i < 32 ? wb[i - 16] : wa[i]);
    MUST(tf_buffer_read(bb, 0, got, sizeof got));
    for (int i = 0; i < 64; i++) CHECK_EQ_U(got[i], i >= 32 && i < 48 ? wb[i - 32] : wb[i]);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(ba);
    tf_buffer_free(bb);
}

/* d2_sem.cpp on cores A (0,1) (SENDER) and B (3,2): Semaphore up/down/
 * wait/wait_min/set/set_multicast, UnicastEndpoint both ways, a
 * MulticastEndpoint, CoreLocalMem and an AllocatorBank (d2_sem.cpp says
 * how B's buffer is laid out). */
static void sem_pair(void)
{
    enum { N = 64, W = 2 * N + 32 };
    tf_core a = {0, 1}, b = {3, 2};
    tf_buffer *la = MUST_PTR(tf_buffer_create_l1(dev, a, W * 4));
    tf_buffer *lb = MUST_PTR(tf_buffer_create_l1(dev, b, W * 4));
    CHECK_EQ_U(tf_buffer_address(la), tf_buffer_address(lb));
    tf_buffer *out = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, W * 4, W * 4));
    static uint32_t junk[W];
    memset(junk, 0xa5, sizeof junk);
    MUST(tf_buffer_write(out, 0, junk, sizeof junk));
    MUST(tf_buffer_write(lb, 0, junk, sizeof junk));
    uint32_t ax, ay, bx, by;
    MUST(tf_core_noc_xy(dev, a, &ax, &ay));
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    uint32_t addr = (uint32_t)tf_buffer_address(la);
    tf_kernel *ka = ttm_kernel(dev, "d2_sem", TF_BRISC, "SENDER", NULL, 0);
    tf_kernel *kb = ttm_kernel(dev, "d2_sem", TF_BRISC, NULL, NULL, 0);
    tf_program *p[2];
    p[0] = MUST_PTR(tf_program_create(dev, a));
    p[1] = MUST_PTR(tf_program_create(dev, b));
    MUST(tf_program_set_kernel(p[0], TF_BRISC, ka));
    MUST(tf_program_set_kernel(p[1], TF_BRISC, kb));
    uint32_t aa[] = {bx, by, addr, N}, ba[] = {ax, ay, addr, N, (uint32_t)tf_buffer_address(out)};
    MUST(tf_program_set_args(p[0], TF_BRISC, aa, 4));
    MUST(tf_program_set_args(p[1], TF_BRISC, ba, 5));
    for (int i = 0; i < 2; i++)
        for (uint32_t s = 0; s < 3; s++) MUST(tf_program_set_semaphore(p[i], s, 0));
    MUST(tf_dispatch_execute_multi(p, 2));
    uint32_t got[W], want[W];
    memset(want, 0, sizeof want);
    for (uint32_t i = 0; i < N; i++) want[i] = want[N + i] = 0xd2000000u + i * 3;
    for (uint32_t i = 0; i < 16; i++) want[2 * N + i] = 0xd2000000u + i * 3;
    want[2 * N + 16] = 10; /* data: 1 (A's up), down(1), up(10) */
    want[2 * N + 17] = 7;  /* flag: A's set_multicast */
    MUST(tf_buffer_read(out, 0, got, sizeof got));
    int bad = 0;
    for (uint32_t i = 0; i < W; i++)
        if (got[i] != want[i]) {
            if (bad++ < 4)
                fprintf(stderr, "sem_pair word %u: %08x, want %08x\n", i, got[i], want[i]);
        }
    CHECK_EQ_U(bad, 0);
    for (int i = 0; i < 2; i++) tf_program_destroy(p[i]);
    tf_kernel_free(ka);
    tf_kernel_free(kb);
    tf_buffer_free(la);
    tf_buffer_free(lb);
    tf_buffer_free(out);
}

/* sem26.cpp on neighbouring cores A (1,1) (SENDER) and B (2,1): 2026's
 * top-level Semaphore (from an id and from an EXTERNAL binding token: up,
 * down, wait, wait_min, set, value, set_multicast, relay_unicast,
 * relay_multicast with MCAST_INCL_SRC) and noc/noc_parameters.h's address
 * macros; B's buffer as sem26.cpp lays it out. */
static void sem26(void)
{
    tf_core a = {1, 1}, b = {2, 1};
    tf_buffer *la = MUST_PTR(tf_buffer_create_l1(dev, a, 128));
    tf_buffer *lb = MUST_PTR(tf_buffer_create_l1(dev, b, 128));
    CHECK_EQ_U(tf_buffer_address(la), tf_buffer_address(lb));
    uint32_t ax, ay, bx, by;
    MUST(tf_core_noc_xy(dev, a, &ax, &ay));
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    uint32_t addr = (uint32_t)tf_buffer_address(la);
    tf_kernel *ka = ttm_kernel(dev, "sem26", TF_BRISC, "SENDER", NULL, 0);
    tf_kernel *kb = ttm_kernel(dev, "sem26", TF_BRISC, NULL, NULL, 0);
    tf_program *p[2];
    p[0] = MUST_PTR(tf_program_create(dev, a));
    p[1] = MUST_PTR(tf_program_create(dev, b));
    MUST(tf_program_set_kernel(p[0], TF_BRISC, ka));
    MUST(tf_program_set_kernel(p[1], TF_BRISC, kb));
    uint32_t aa[] = {bx, by, addr}, ba[] = {ax, ay, addr};
    MUST(tf_program_set_args(p[0], TF_BRISC, aa, 3));
    MUST(tf_program_set_args(p[1], TF_BRISC, ba, 3));
    for (int i = 0; i < 2; i++)
        for (uint32_t s = 0; s < 6; s++) MUST(tf_program_set_semaphore(p[i], s, 0));
    MUST(tf_dispatch_execute_multi(p, 2));
    uint32_t got[16];
    MUST(tf_buffer_read(lb, 0, got, sizeof got));
    const uint32_t want[16] = {
        6,  /* data: A's 3, down(2), up(5) */
        7,  /* flag: A's set_multicast */
        9,  /* relayed: relay_unicast of A's 9 */
        11, /* relayed to both: relay_multicast of A's 11 ... */
        11, /* ... which reached A too (MCAST_INCL_SRC) */
        ax,
        ay,
        0x1230,
        1, /* NOC_UNICAST_ADDR_X/Y, NOC_LOCAL_ADDR_OFFSET, NOC_XY_ADDR */
        1,
        0x01020304u, /* NOC_MULTICAST_ADDR, its corners */
        (uint32_t)b.x,
        (uint32_t)b.y, /* my_x/y - VIRTUAL_TENSIX_START_X/Y: B's logical */
        0x0506,
        0x01020304u,
        1, /* NOC_XY_ENCODING, NOC_MULTICAST_ENCODING */
    };
    for (int i = 0; i < 16; i++)
        if (got[i] != want[i]) fprintf(stderr, "sem26 word %d: %u, want %u\n", i, got[i], want[i]);
    CHECK_TRUE(memcmp(got, want, sizeof want) == 0);
    for (int i = 0; i < 2; i++) tf_program_destroy(p[i]);
    tf_kernel_free(ka);
    tf_kernel_free(kb);
    tf_buffer_free(la);
    tf_buffer_free(lb);
}

int main(void)
{
    dev = rt_open(4, 4);
    pair("d2_reader", NULL, "d2_writer", NULL, 1, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    pair("d2_reader", NULL, "d2_writer", NULL, 2, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 1);
    pair("d2_reader", NULL, "d2_writer", NULL, 4, TF_BUFFER_L1, TF_BUFFER_DRAM, 0);
    pair("d2_reader", "ONE_PAGE_VIEW", "d2_writer", NULL, 1, TF_BUFFER_DRAM, TF_BUFFER_L1, 1);
    /* 2026's top-level Noc and DataflowBuffer, and the two worlds mixed */
    pair("dfb_reader", NULL, "dfb_writer", NULL, 1, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    pair("dfb_reader", NULL, "dfb_writer", "WR_POSTED", 2, TF_BUFFER_DRAM, TF_BUFFER_L1, 1);
    pair("dfb_reader", "PAGES", "dfb_writer", "WR_ZEROS", 1, TF_BUFFER_L1, TF_BUFFER_DRAM, 0);
    pair("dfb_reader", NULL, "dfb_writer", "WR_MCAST", 2, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 1);
    pair("d2_reader", NULL, "dfb_writer", NULL, 2, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    pair("dfb_reader", NULL, "d2_writer", NULL, 4, TF_BUFFER_DRAM, TF_BUFFER_DRAM, 0);
    /* the accessors' PageView as the tensor end, top-level and experimental */
    pair("dfb_reader", "PAGE_VIEW", "d2_writer", "PAGE_VIEW", 2, TF_BUFFER_L1, TF_BUFFER_DRAM, 0);
    sem_pair();
    sem26();
    for (int m = 0; m < 4; m++) state_forms(m);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_device2");
}
