/* Multicast of a tile to a rectangle of cores with semaphore handshakes
 * (tt-metal's multicast example: receivers check in with the sender, the
 * sender multicasts the tile, then a VALID flag with
 * noc_semaphore_set_multicast); every receiver writes what it got to its
 * page of an interleaved DRAM buffer, checked against the source tile.
 * Without loopback (the sender outside the rectangle) and with it (the
 * sender inside, corners given in reverse order). Then the errors: a
 * rectangle leaving the grid, a wrong num_dests. */
#include "rt_test.h"

#include <string.h>

#define GRID 4
#define TILE 2048

static tf_buffer *l1_src[GRID * GRID], *l1_dst[GRID * GRID];

/* Sender `snd`; receivers: every core of the logical rectangle
 * (x0,y0)-(x1,y1) (the sender too when loopback); the rectangle is passed
 * to the kernel with its corners swapped when `reverse`. */
static uint64_t multicast(tf_device *dev, tf_kernel *k, tf_core snd, int x0, int y0, int x1, int y1,
                          int loopback, int reverse)
{
    static uint8_t tile[TILE], got[TILE * GRID * GRID];
    for (int i = 0; i < TILE; i++) tile[i] = (uint8_t)(i * 13 + loopback);
    int nrecv = (x1 - x0 + 1) * (y1 - y0 + 1);
    int inside = snd.x >= x0 && snd.x <= x1 && snd.y >= y0 && snd.y <= y1;
    CHECK_TRUE(inside == loopback);
    uint32_t num_dests = (uint32_t)nrecv; /* loopback: counts the sender, which is inside */
    tf_buffer *in = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, TILE, TILE));
    tf_buffer *out =
        MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, (uint64_t)nrecv * TILE, TILE));
    MUST(tf_buffer_write(in, 0, tile, TILE));
    memset(got, 0, sizeof got);
    MUST(tf_buffer_write(out, 0, got, (uint64_t)nrecv * TILE));
    uint32_t sx, sy, ax, ay, bx, by;
    MUST(tf_core_noc_xy(dev, snd, &sx, &sy));
    MUST(tf_core_noc_xy(dev, (tf_core){x0, y0}, &ax, &ay));
    MUST(tf_core_noc_xy(dev, (tf_core){x1, y1}, &bx, &by));
    if (reverse) {
        uint32_t t = ax;
        ax = bx;
        bx = t;
        t = ay;
        ay = by;
        by = t;
    }
    tf_program *progs[GRID * GRID];
    int n = 0;
    uint32_t page = 0;
    for (int y = 0; y < GRID; y++)
        for (int x = 0; x < GRID; x++) {
            int is_snd = x == snd.x && y == snd.y;
            int in_rect = x >= x0 && x <= x1 && y >= y0 && y <= y1;
            if (!is_snd && !in_rect) continue;
            tf_core c = {x, y};
            int i = y * GRID + x;
            uint32_t args[] = {is_snd ? 0 : 1,
                               sx,
                               sy,
                               ax,
                               ay,
                               bx,
                               by,
                               num_dests,
                               (uint32_t)tf_buffer_address(out),
                               (uint32_t)loopback,
                               (uint32_t)tf_buffer_address(l1_src[i]),
                               (uint32_t)tf_buffer_address(l1_dst[i]),
                               TILE,
                               in_rect ? page++ : 0,
                               (uint32_t)tf_buffer_address(in)};
            tf_program *p = MUST_PTR(tf_program_create(dev, c));
            MUST(tf_program_set_kernel(p, TF_BRISC, k));
            MUST(tf_program_set_args(p, TF_BRISC, args, 15));
            MUST(tf_program_set_semaphore(p, 0, 0));
            MUST(tf_program_set_semaphore(p, 1, 0));
            progs[n++] = p;
        }
    CHECK_EQ_U(page, (uint32_t)nrecv);
    MUST(tf_dispatch_execute_multi(progs, (size_t)n));
    MUST(tf_buffer_read(out, 0, got, (uint64_t)nrecv * TILE));
    int all = 1;
    for (int r = 0; r < nrecv; r++) all &= memcmp(got + r * TILE, tile, TILE) == 0;
    CHECK_TRUE(all);
    /* deterministic */
    tf_run_stats s1, s2;
    MUST(tf_program_last_run(progs[0], &s1));
    MUST(tf_dispatch_execute_multi(progs, (size_t)n));
    MUST(tf_program_last_run(progs[0], &s2));
    CHECK_EQ_U(s1.cycles, s2.cycles);
    printf("multicast to %d cores%s: %llu cycles on the first core\n", nrecv,
           loopback ? " (loopback)" : "", (unsigned long long)s1.cycles);
    for (int i = 0; i < n; i++) tf_program_destroy(progs[i]);
    tf_buffer_free(out);
    tf_buffer_free(in);
    return s1.cycles;
}

static void mcast_fault(tf_device *dev, const char *kfile, const char *want)
{
    tf_kernel *k = rt_kernel(dev, kfile);
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    const char *e = tf_last_error();
    CHECK_CONTAINS(e, "device fault in dispatch");
    CHECK_CONTAINS(e, "on core (0,0) BRISC running kernel '");
    CHECK_CONTAINS(e, "store access fault (mcause 7) at pc 0x0002");
    CHECK_CONTAINS(e, want);
    CHECK_CONTAINS(e, "; core (0,0) was reset");
    tf_program_destroy(p);
    tf_kernel_free(k);
}

/* A device whose scheduler runs rounds of `quantum` cycles, with the
 * L1 buffers the kernel uses: the same addresses on every core. */
static tf_device *open_grid(uint32_t quantum)
{
    tf_device *dev =
        rt_open_sim((tf_sim_config){.grid_x = GRID, .grid_y = GRID, .quantum = quantum});
    for (int i = 0; i < GRID * GRID; i++) {
        tf_core c = {i % GRID, i / GRID};
        l1_src[i] = MUST_PTR(tf_buffer_create_l1(dev, c, TILE));
        l1_dst[i] = MUST_PTR(tf_buffer_create_l1(dev, c, TILE));
        CHECK_EQ_U(tf_buffer_address(l1_dst[i]), tf_buffer_address(l1_dst[0]));
    }
    return dev;
}

int main(void)
{
    tf_device *dev = open_grid(0);
    tf_kernel *k = rt_kernel(dev, "mcast.brisc.elf");
    uint64_t c[3] = {
        multicast(dev, k, (tf_core){0, 0}, 1, 0, 3, 1, 0, 0), /* 6 receivers */
        multicast(dev, k, (tf_core){0, 0}, 0, 0, 1, 1, 1, 1), /* 4 incl. the sender */
        multicast(dev, k, (tf_core){3, 3}, 0, 0, 3, 2, 0, 1), /* 12, corners swapped */
    };
    tf_kernel_free(k);
    /* The handshakes (semaphores the NOC increments and sets) cost the
     * same cycles whatever the scheduler's round: a RISC waiting on a
     * semaphore resumes when the NOC's write met its wait */
    static const uint32_t quanta[] = {16, 1024};
    for (size_t q = 0; q < sizeof quanta / sizeof quanta[0]; q++) {
        tf_device *d = open_grid(quanta[q]);
        tf_kernel *kq = rt_kernel(d, "mcast.brisc.elf");
        CHECK_EQ_U(multicast(d, kq, (tf_core){0, 0}, 1, 0, 3, 1, 0, 0), c[0]);
        CHECK_EQ_U(multicast(d, kq, (tf_core){0, 0}, 0, 0, 1, 1, 1, 1), c[1]);
        CHECK_EQ_U(multicast(d, kq, (tf_core){3, 3}, 0, 0, 3, 2, 0, 1), c[2]);
        tf_kernel_free(kq);
        MUST(tf_device_close(d));
    }
    mcast_fault(
        dev, "fault7.brisc.elf",
        "; multicast rectangle (2,1)-(5,2) (NOC coordinates, address 0x0042085000062000) "
        "is not all Tensix cores: cores are at x 1..4, y 1..4 (cores (0,0)-(3,3): NOC x and y are "
        "a core's plus 1, tf_core_noc_xy)");
    mcast_fault(
        dev, "fault8.brisc.elf",
        "; multicast to rectangle (2,1)-(4,2) (NOC coordinates: cores (1,0)-(3,1)) with num_dests "
        "5, but it writes 6 cores "
        "(the rectangle without the sender; with it for loopback_src)");
    MUST(tf_device_close(dev));
    return tf_check_report("test_multicast");
}
