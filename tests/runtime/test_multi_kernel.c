/* Multi-kernel dispatch on 6 cores: three producer/consumer pairs that
 * hand 40 blocks through a 2-slot window with credits, so each pair only
 * finishes if both of its cores run at the same time. Then the same work as
 * an asynchronous launch, with host work while it runs. */
#include "rt_test.h"

#define PAIRS  3
#define BLOCKS 40
#define WORDS  64

static uint32_t expected_sum(uint32_t seed)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < BLOCKS; i++)
        for (uint32_t w = 0; w < WORDS; w++) s += seed + i * WORDS + w;
    return s;
}

static void setup(tf_device *dev, tf_kernel *k, tf_program **progs, tf_buffer *out, uint32_t salt)
{
    for (int i = 0; i < PAIRS; i++) {
        tf_core pc = {i, 0}, cc = {i, 2};
        uint32_t px, py, cx, cy;
        MUST(tf_core_noc_xy(dev, pc, &px, &py));
        MUST(tf_core_noc_xy(dev, cc, &cx, &cy));
        tf_buffer *pscr = MUST_PTR(tf_buffer_create_l1(dev, pc, WORDS * 4));
        tf_buffer *cscr = MUST_PTR(tf_buffer_create_l1(dev, cc, 64));
        tf_buffer *win = MUST_PTR(tf_buffer_create_l1(dev, cc, 2 * WORDS * 4));
        /* a sum every 16 bytes: a NOC write's L1 source (the scratch's
         * start) and DRAM destination agree modulo 16 */
        uint64_t o = tf_buffer_noc_addr(out) + 16u * (uint32_t)i;
        uint32_t seed = 1000u * (uint32_t)i + salt;
        uint32_t ap[] = {0,
                         BLOCKS,
                         WORDS,
                         seed,
                         (uint32_t)tf_buffer_address(pscr),
                         (uint32_t)tf_buffer_address(win),
                         cx,
                         cy,
                         0,
                         0};
        uint32_t ac[] = {1,
                         BLOCKS,
                         WORDS,
                         seed,
                         (uint32_t)tf_buffer_address(cscr),
                         (uint32_t)tf_buffer_address(win),
                         px,
                         py,
                         lo32(o),
                         hi32(o)};
        progs[2 * i] = MUST_PTR(tf_program_create(dev, pc));
        progs[2 * i + 1] = MUST_PTR(tf_program_create(dev, cc));
        MUST(tf_program_set_kernel(progs[2 * i], TF_BRISC, k));
        MUST(tf_program_set_kernel(progs[2 * i + 1], TF_BRISC, k));
        MUST(tf_program_set_args(progs[2 * i], TF_BRISC, ap, 10));
        MUST(tf_program_set_args(progs[2 * i + 1], TF_BRISC, ac, 10));
    }
}

static void check(tf_buffer *out, uint32_t salt)
{
    uint32_t sums[4 * PAIRS];
    MUST(tf_buffer_read(out, 0, sums, sizeof sums));
    for (int i = 0; i < PAIRS; i++)
        CHECK_EQ_U(sums[4 * i], expected_sum(1000u * (uint32_t)i + salt));
}

int main(void)
{
    tf_device *dev = rt_open(4, 4);
    tf_kernel *k = rt_kernel(dev, "stream.brisc.elf");
    tf_buffer *out = MUST_PTR(tf_buffer_create_dram(dev, 64));
    tf_program *progs[2 * PAIRS];

    setup(dev, k, progs, out, 7);
    MUST(tf_dispatch_execute_multi(progs, 2 * PAIRS));
    check(out, 7);
    /* Deterministic across cores that interact: the same multi-core
     * dispatch takes the same modeled cycles on every core, every time. */
    tf_run_stats first[2 * PAIRS], again[2 * PAIRS];
    for (int i = 0; i < 2 * PAIRS; i++) MUST(tf_program_last_run(progs[i], &first[i]));
    for (int rep = 0; rep < 3; rep++) {
        MUST(tf_dispatch_execute_multi(progs, 2 * PAIRS));
        for (int i = 0; i < 2 * PAIRS; i++) {
            MUST(tf_program_last_run(progs[i], &again[i]));
            CHECK_EQ_U(again[i].cycles, first[i].cycles);
            /* every core saw its GO at the same modeled time */
            CHECK_EQ_U(again[i].go_cycle[0], again[0].go_cycle[0]);
        }
    }
    check(out, 7);
    printf("stream pairs: producer %llu cycles, consumer %llu cycles\n",
           (unsigned long long)first[0].cycles, (unsigned long long)first[1].cycles);

    /* Asynchronous: launch, do host work, wait. */
    for (int i = 0; i < 2 * PAIRS; i++) tf_program_destroy(progs[i]);
    for (int y = 0; y < 4; y += 2)
        for (int x = 0; x < PAIRS; x++) MUST(tf_l1_reset(dev, (tf_core){x, y}));
    setup(dev, k, progs, out, 99);
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(progs, 2 * PAIRS));
    /* While it runs: the cores are busy, other cores are free. */
    CHECK_TRUE(tf_dispatch_execute(progs[0]) != 0);
    CHECK_CONTAINS(tf_last_error(), "still running an asynchronous launch");
    CHECK_TRUE(tf_l1_reset(dev, (tf_core){0, 0}) != 0);
    CHECK_CONTAINS(tf_last_error(), "asynchronous launch");
    volatile uint64_t host_work = 0;
    for (int i = 0; i < 1000000; i++) host_work += (uint64_t)i;
    (void)host_work;
    MUST(tf_launch_wait(l));
    check(out, 99);

    /* Destroying a program waits for the launch that runs it. */
    l = MUST_PTR(tf_dispatch_launch_async(progs, 2 * PAIRS));
    (void)l;
    for (int i = 0; i < 2 * PAIRS; i++) MUST(tf_program_destroy(progs[i]));
    check(out, 99);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_multi_kernel");
}
