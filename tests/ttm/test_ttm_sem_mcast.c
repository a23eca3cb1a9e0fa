/* Multicast atomic increments (tt-metal's noc_semaphore_inc_multicast,
 * 2026's and experimental::Semaphore::inc_multicast, the C API's
 * noc_semaphore_inc_multicast and _on): a sender inside a 3 x 2 rectangle
 * of cores adds 1, 10 and 100 to semaphore 0 of every core of it but
 * itself (tests/ttm/kernels/sem_mcast.cpp); each receiver sees 111, the
 * sender's own stays 0; the atomic barrier ends at an exact cycle. The C
 * API's sender (sem_mcast_c.c), outside the rectangle, on both NOCs. The
 * faults: num_dests counting the sender, a misaligned word. */
#include "ttm_test.h"

#include "tf_perf.h"

#include <string.h>

static tf_device *dev;

enum { W = 3, H = 2, RES = 64 };

/* The rectangle (0,0)-(2,1) with receivers, and a sender at `s` (inside
 * or outside it) running `sender` (a .cpp name built with def, or a C
 * source path); each core's result words into got[core][0..1] (cores in
 * row order, the sender last). 0, or -1 and the error in err. */
static uint64_t sender_mcast; /* the last run's sender's multicast bytes (its counters) */

static int run(tf_core s, tf_kernel *sender, uint32_t dests, uint32_t got[W * H + 1][2], char *err,
               size_t errcap)
{
    tf_core cores[W * H + 1];
    int n = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (x != s.x || y != s.y) cores[n++] = (tf_core){x, y};
    cores[n++] = s;
    tf_kernel *recv = ttm_kernel(dev, "sem_mcast", TF_BRISC, NULL, NULL, 0);
    uint32_t x0, y0, x1, y1;
    MUST(tf_core_noc_xy(dev, (tf_core){0, 0}, &x0, &y0));
    MUST(tf_core_noc_xy(dev, (tf_core){W - 1, H - 1}, &x1, &y1));
    tf_program *p[W * H + 1];
    tf_buffer *res[W * H + 1];
    for (int i = 0; i < n; i++) {
        res[i] = MUST_PTR(tf_buffer_create_l1(dev, cores[i], RES));
        static const uint32_t zero[RES / 4];
        MUST(tf_buffer_write(res[i], 0, zero, RES));
        p[i] = MUST_PTR(tf_program_create(dev, cores[i]));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, i == n - 1 ? sender : recv));
        uint32_t args[] = {x0, y0, x1, y1, dests, (uint32_t)tf_buffer_address(res[i])};
        MUST(tf_program_set_args(p[i], TF_BRISC, args, 6));
        MUST(tf_program_set_semaphore(p[i], 0, 0));
    }
    /* a fault stops the sender first: the receivers would wait forever,
     * so a faulting sender runs alone */
    int rc = err ? tf_dispatch_execute(p[n - 1]) : tf_dispatch_execute_multi(p, n);
    if (rc && err) snprintf(err, errcap, "%s", tf_last_error());
    struct tf_perf_core pc;
    sender_mcast = !rc && !tf_program_counters(p[n - 1], &pc) ? pc.risc[TF_BRISC].mcast : 0;
    for (int i = 0; i < n; i++) {
        MUST(tf_buffer_read(res[i], 0, got[i], 8));
        tf_program_destroy(p[i]);
        tf_buffer_free(res[i]);
    }
    tf_kernel_free(recv);
    return rc;
}

int main(void)
{
    dev = rt_open(4, 4);
    uint32_t got[W * H + 1][2];
    /* the sender inside: 5 destinations */
    tf_kernel *k = ttm_kernel(dev, "sem_mcast", TF_BRISC, "MODE=0", NULL, 0);
    MUST(run((tf_core){1, 1}, k, W * H - 1, got, NULL, 0));
    for (int i = 0; i < W * H - 1; i++) CHECK_EQ_U(got[i][0], 111);
    CHECK_EQ_U(got[W * H - 1][0], 0); /* the sender: never a destination */
    /* (exact: 1 cycle of injection, 40 + 2 x 2 hops to the farthest
     * corner and an ack per destination: 50, as test_noc1's unicast
     * atomic; and 19 of the kernel's own, the address and the count) */
    CHECK_EQ_U(got[W * H - 1][1], 69);
    printf("multicast increment to 5 cores: acked after %u cycles\n", got[W * H - 1][1]);
    CHECK_EQ_U(sender_mcast, 3 * 4 * (W * H - 1)); /* three words to 5 cores each */
    tf_kernel_free(k);
    /* the C API's sender outside the rectangle: all 6 */
    char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/sem_mcast_c.c", TF_TEST_SOURCE_DIR);
    k = ttm_build_def(dev, src, TF_BRISC, NULL, NULL, 0);
    if (!k) {
        fprintf(stderr, "%s: %s\n", src, tf_last_error());
        return 1;
    }
    MUST(run((tf_core){3, 0}, k, W * H, got, NULL, 0));
    for (int i = 0; i < W * H; i++) CHECK_EQ_U(got[i][0], 111);
    CHECK_EQ_U(got[W * H][0], 0);
    tf_kernel_free(k);
    /* the faults */
    char err[1024];
    k = ttm_kernel(dev, "sem_mcast", TF_BRISC, "MODE=1", NULL, 0);
    CHECK_TRUE(run((tf_core){1, 1}, k, W * H - 1, got, err, sizeof err) != 0);
    CHECK_CONTAINS(err,
                   "multicast to rectangle (1,1)-(3,2) (NOC coordinates: cores (0,0)-(2,1)) with "
                   "num_dests 6, but it writes 5 cores");
    TTM_CHECK_LINE(err, "sem_mcast.cpp:");
    tf_kernel_free(k);
    k = ttm_kernel(dev, "sem_mcast", TF_BRISC, "MODE=2", NULL, 0);
    CHECK_TRUE(run((tf_core){1, 1}, k, W * H - 1, got, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "must target a 4-byte aligned word in a core's L1");
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sem_mcast");
}
