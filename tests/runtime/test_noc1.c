/* NOC 0 and NOC 1: a tile from one core to another (tt-metal's
 * NoC_tile_transfer: DRAM -> core A -> core B's L1 -> DRAM, with a two-way
 * semaphore handshake) on each NOC, the same data and the same modeled
 * cycles on both. Then each NOC's own counters and barriers, timed: a
 * write on NOC 1 is pending there only, writes_flushed returns when it has
 * left the core (the source may change from then on without changing what
 * lands), the write barrier when it landed, the atomic barrier when an
 * increment did. The C API's transaction ids, a cleared one among them. */
#include "rt_test.h"

#include <string.h>

#define TILE 2048

static void transfer(tf_device *dev, const char *kfile, tf_run_stats st[2])
{
    tf_core a = {0, 0}, b = {3, 2};
    static uint8_t in[TILE], out[TILE];
    for (int i = 0; i < TILE; i++) in[i] = (uint8_t)(i * 7 + 1);
    tf_buffer *din = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, TILE, TILE));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, TILE, TILE));
    MUST(tf_buffer_write(din, 0, in, TILE));
    tf_buffer *la = MUST_PTR(tf_buffer_create_l1(dev, a, TILE));
    tf_buffer *lb = MUST_PTR(tf_buffer_create_l1(dev, b, TILE));
    CHECK_EQ_U(tf_buffer_address(la), tf_buffer_address(lb)); /* the same address on both */
    uint32_t ax, ay, bx, by;
    MUST(tf_core_noc_xy(dev, a, &ax, &ay));
    MUST(tf_core_noc_xy(dev, b, &bx, &by));
    tf_kernel *k = rt_kernel(dev, kfile);
    tf_program *pa = MUST_PTR(tf_program_create(dev, a)), *pb = MUST_PTR(tf_program_create(dev, b));
    MUST(tf_program_set_kernel(pa, TF_BRISC, k));
    MUST(tf_program_set_kernel(pb, TF_BRISC, k));
    uint32_t l1 = (uint32_t)tf_buffer_address(la);
    uint32_t args_a[] = {0, bx, by, (uint32_t)tf_buffer_address(din), TILE, l1};
    uint32_t args_b[] = {1, ax, ay, (uint32_t)tf_buffer_address(dout), TILE, l1};
    MUST(tf_program_set_args(pa, TF_BRISC, args_a, 6));
    MUST(tf_program_set_args(pb, TF_BRISC, args_b, 6));
    tf_program *both[] = {pa, pb};
    MUST(tf_dispatch_execute_multi(both, 2));
    MUST(tf_buffer_read(dout, 0, out, TILE));
    CHECK_TRUE(memcmp(in, out, TILE) == 0);
    MUST(tf_program_last_run(pa, &st[0]));
    MUST(tf_program_last_run(pb, &st[1]));
    tf_program_destroy(pa);
    tf_program_destroy(pb);
    tf_kernel_free(k);
    tf_buffer_free(lb);
    tf_buffer_free(la);
    tf_buffer_free(dout);
    tf_buffer_free(din);
}

enum { BYTES = 4096 };

/* A kernel on core (0,0) with a peer core (3,2) (NOC (1,1) -> (4,3): 5
 * hops), its args as noc_timing.c's: BYTES of source in its L1, a
 * destination in the peer's; run once, its 8 result words in r. */
typedef struct peer_run {
    tf_buffer *src, *res, *dst;
    tf_kernel *k;
    tf_program *p;
} peer_run;

static void peer_start(tf_device *dev, const char *kfile, peer_run *pr, uint32_t r[8])
{
    tf_core me = {0, 0}, peer = {3, 2};
    pr->src = MUST_PTR(tf_buffer_create_l1(dev, me, BYTES));
    pr->res = MUST_PTR(tf_buffer_create_l1(dev, me, 64));
    pr->dst = MUST_PTR(tf_buffer_create_l1(dev, peer, BYTES));
    uint32_t px, py;
    MUST(tf_core_noc_xy(dev, peer, &px, &py));
    pr->k = rt_kernel(dev, kfile);
    pr->p = MUST_PTR(tf_program_create(dev, me));
    MUST(tf_program_set_kernel(pr->p, TF_BRISC, pr->k));
    uint32_t args[] = {px,
                       py,
                       (uint32_t)tf_buffer_address(pr->src),
                       BYTES,
                       (uint32_t)tf_buffer_address(pr->res),
                       (uint32_t)tf_buffer_address(pr->dst)};
    MUST(tf_program_set_args(pr->p, TF_BRISC, args, 6));
    MUST(tf_dispatch_execute(pr->p));
    MUST(tf_buffer_read(pr->res, 0, r, 8 * sizeof *r));
}

static void peer_end(peer_run *pr)
{
    tf_program_destroy(pr->p);
    tf_kernel_free(pr->k);
    tf_buffer_free(pr->dst);
    tf_buffer_free(pr->res);
    tf_buffer_free(pr->src);
}

static void timing(tf_device *dev)
{
    peer_run pr;
    uint32_t r[8];
    peer_start(dev, "noc_timing.brisc.elf", &pr, r);
    CHECK_EQ_U(r[0], 0); /* NOC 0: nothing pending */
    CHECK_EQ_U(r[1], 1); /* NOC 1: the write */
    /* flushed once the port sent 4096 bytes: 64 cycles at 64 bytes per
     * cycle, plus 11 of the kernel's own (the command and the counter reads) */
    CHECK_EQ_U(r[6], 64 + 11);
    /* flushed -> landed: exactly the NOC's 40 cycles + 2 per hop x 5 hops
     * (both clock reads follow a wake-up at a modeled time) */
    CHECK_EQ_U(r[2], 50);
    /* an atomic: 1 cycle on the port + the same 50 */
    CHECK_EQ_U(r[3], 51);
    CHECK_EQ_U(r[4], 1);
    CHECK_EQ_U(r[5], 0);
    /* a multicast completes 40 + 2 x hops to the farthest core + 1 per
     * core after its one injection: 9 cores 5 hops away vs 2 cores 2 hops
     * away is 2 x 3 + 7 cycles more */
    CHECK_EQ_U(r[7], 2 * 3 + 7);
    /* what landed is the source as it was when flushed */
    static uint32_t got[BYTES / 4];
    MUST(tf_buffer_read(pr.dst, 0, got, BYTES));
    int same = 1;
    for (uint32_t i = 0; i < BYTES / 4; i++) same &= got[i] == 0x1000 + i;
    CHECK_TRUE(same);
    printf("NOC 1 to 5 hops: flushed after %u cycles, landed %u later, atomic %u\n", r[6], r[2],
           r[3]);
    peer_end(&pr);
}

/* The C API's transaction ids (kernels/noc_trid.c): exact cycles */
static void trid(tf_device *dev)
{
    peer_run pr;
    uint32_t r[8];
    peer_start(dev, "noc_trid.brisc.elf", &pr, r);
    /* id 3's 4096 bytes leave the port after 64 cycles (+15 of the
     * kernel's), land 50 later; id 5's follow them through the port */
    CHECK_EQ_U(r[0], 79);
    CHECK_EQ_U(r[1], 79 + 50);
    CHECK_EQ_U(r[2], 79 + 64 + 50);
    CHECK_EQ_U(r[3], 1);   /* id 7's read in flight */
    CHECK_EQ_U(r[4], 0);   /* cleared */
    CHECK_EQ_U(r[5], 21);  /* its barrier: the tests and the clear only */
    CHECK_EQ_U(r[6], 122); /* the read itself */
    CHECK_EQ_U(r[7], 59);  /* 64 bytes tagged 2 on NOC 0 */
    printf("transaction ids: write 3 flushed %u, acked %u, write 5 acked %u; read 7 cleared: "
           "barrier %u, landed %u\n",
           r[0], r[1], r[2], r[5], r[6]);
    peer_end(&pr);
}

/* A flush after the write has left the port (kernels/noc_flush_late.c):
 * it returns at once, and what lands is the source as it was then, not
 * what the kernel stored after the flush */
static void flush_late(tf_device *dev)
{
    peer_run pr;
    uint32_t r[8], got[4];
    peer_start(dev, "noc_flush_late.brisc.elf", &pr, r);
    CHECK_EQ_U(r[0], 3); /* the flush's read and a clock read: no wait */
    CHECK_EQ_U(r[1], 0xdead);
    MUST(tf_buffer_read(pr.dst, 0, got, sizeof got));
    for (uint32_t i = 0; i < 4; i++) CHECK_EQ_U(got[i], 0x2000 + i);
    peer_end(&pr);
}

int main(void)
{
    tf_device *dev = rt_open(4, 4);
    tf_run_stats n0[2], n1[2];
    transfer(dev, "noc_xfer0.brisc.elf", n0);
    transfer(dev, "noc_xfer1.brisc.elf", n1);
    /* NOC 1 is modeled as NOC 0: the same cycles on both cores */
    CHECK_EQ_U(n0[0].cycles, n1[0].cycles);
    CHECK_EQ_U(n0[1].cycles, n1[1].cycles);
    printf("tile transfer: sender %llu cycles, receiver %llu cycles on either NOC\n",
           (unsigned long long)n0[0].cycles, (unsigned long long)n0[1].cycles);
    timing(dev);
    trid(dev);
    flush_late(dev);
    MUST(tf_device_close(dev));
    return tf_check_report("test_noc1");
}
