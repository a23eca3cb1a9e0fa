/* Device numbers (tf_device.number, src/device.c): each open device has the
 * lowest number from 1 that no other device open in the process has, so a
 * program that opens one device at a time always has device 1 (its reports
 * unchanged), and devices open at once have numbers of their own, also
 * when threads open them at the same time.
 *
 *   test_device_numbers */
#include "rt_test.h"

#include <pthread.h>
#include <stdint.h>

/* (src/rt_internal.h: the runtime's own number, for this test) */
uint32_t rt_dev_number(const tf_device *dev);

static const tf_sim_config small = {.grid_x = 1, .grid_y = 1};

static tf_device *opened(void)
{
    return rt_open_sim(small);
}

/* One after another, at once, closed in another order: the lowest free. */
static void reused(void)
{
    for (int i = 0; i < 3; i++) { /* one at a time: always 1 */
        tf_device *d = opened();
        CHECK_EQ_U(rt_dev_number(d), 1);
        MUST(tf_device_close(d));
    }
    tf_device *a = opened(), *b = opened(), *c = opened();
    CHECK_EQ_U(rt_dev_number(a), 1);
    CHECK_EQ_U(rt_dev_number(b), 2);
    CHECK_EQ_U(rt_dev_number(c), 3);
    MUST(tf_device_close(b));
    tf_device *d = opened(); /* 2 is free again, and the lowest */
    CHECK_EQ_U(rt_dev_number(d), 2);
    MUST(tf_device_close(a));
    MUST(tf_device_close(c));
    tf_device *e = opened(), *f = opened(); /* 1, then 3 (2 is d's) */
    CHECK_EQ_U(rt_dev_number(e), 1);
    CHECK_EQ_U(rt_dev_number(f), 3);
    MUST(tf_device_close(d));
    MUST(tf_device_close(e));
    MUST(tf_device_close(f));
    tf_device *g = opened(); /* none open: 1 again */
    CHECK_EQ_U(rt_dev_number(g), 1);
    MUST(tf_device_close(g));
}

/* A device that failed to open gives its number back. */
static void failed_open(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.firmware_dir = "/nonexistent/tt_foil_firmware";
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    tf_device *d = opened();
    CHECK_EQ_U(rt_dev_number(d), 1);
    MUST(tf_device_close(d));
}

#define NTHREADS 8
static pthread_barrier_t start;
static tf_device *devs[NTHREADS];

static void *open_one(void *arg)
{
    pthread_barrier_wait(&start);
    devs[(intptr_t)arg] = tf_device_open(&(tf_device_config){.sim = (tf_sim_config *)&small});
    return NULL;
}

/* Threads opening devices at once: numbers 1 to NTHREADS, each once. */
static void threads(void)
{
    pthread_t t[NTHREADS];
    pthread_barrier_init(&start, NULL, NTHREADS);
    for (intptr_t i = 0; i < NTHREADS; i++) pthread_create(&t[i], NULL, open_one, (void *)i);
    unsigned seen = 0;
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK_TRUE(devs[i] != NULL);
        if (!devs[i]) continue;
        uint32_t n = rt_dev_number(devs[i]);
        CHECK_TRUE(n >= 1 && n <= NTHREADS && !(seen & (1u << n)));
        seen |= 1u << n;
    }
    CHECK_EQ_U(seen, ((1u << NTHREADS) - 1) << 1);
    for (int i = 0; i < NTHREADS; i++)
        if (devs[i]) MUST(tf_device_close(devs[i]));
    pthread_barrier_destroy(&start);
}

int main(void)
{
    reused();
    failed_open();
    threads();
    return tf_check_report("test_device_numbers");
}
