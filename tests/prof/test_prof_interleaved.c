/* Interleaved buffers in the memory log: a buffer's pages in each DRAM bank
 * are an allocation in pool "Device DRAM bank <b>", its pages in each
 * core's L1 one in that core's "Device L1 (x,y)" pool, so per-bank balance
 * is visible; each is freed with the buffer. Runs itself (argument "run")
 * with TT_FOIL_MEM_LOG set, then reads the log. */
#include "tests/unit/tf_check.h"
#include "tests/unit/tf_check_child.h"
#include "tt_foil/runtime.h"
#include "tt_foil/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int workload(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    tf_device *dev = tf_device_open(&cfg);
    if (!dev) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    /* 20 pages of 1000 bytes (stride 1024) over 8 banks: 3 pages in banks
     * 0..3, 2 in banks 4..7; 3 pages of 1000 (stride 1008) over 2 cores */
    tf_buffer *d = tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 20 * 1000, 1000);
    tf_buffer *l = tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 3 * 1000, 1000);
    if (!d || !l) return fprintf(stderr, "%s\n", tf_last_error()), 1;
    tf_buffer_free(d);
    tf_buffer_free(l);
    return tf_device_close(dev) ? 1 : 0;
}

/* Allocation sizes of pool `pool`, their count and (via *frees) frees. */
static int allocs(const tf_trace *t, const char *pool, uint64_t *size, int *frees)
{
    int n = 0;
    *frees = 0;
    for (size_t i = 0; i < t->nmem; i++) {
        if (strcmp(t->pools[t->mem[i].pool], pool)) continue;
        if (t->mem[i].op == TF_MEM_ALLOC) {
            *size = t->mem[i].size;
            n++;
        }
        *frees += t->mem[i].op == TF_MEM_FREE;
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "run")) return workload();
    if (argc < 2) return 2;
    char mem[512];
    snprintf(mem, sizeof mem, "%s/interleaved.mem", argv[1]);
    setenv("TT_FOIL_MEM_LOG", mem, 1);
    unsetenv("TT_FOIL_TRACE");
    char *av[] = {argv[0], "run", NULL};
    CHECK_TRUE(tf_check_run(av));
    tf_trace *t = tf_trace_load(mem);
    CHECK_TRUE(t != NULL);
    if (!t) return tf_check_report("test_prof_interleaved");
    for (int b = 0; b < 8; b++) {
        char pool[64];
        snprintf(pool, sizeof pool, "Device DRAM bank %d", b);
        uint64_t size = 0;
        int frees;
        CHECK_EQ_U(allocs(t, pool, &size, &frees), 1);
        CHECK_EQ_U(size, b < 4 ? 3 * 1024 : 2 * 1024);
        CHECK_EQ_U(frees, 1);
    }
    uint64_t size = 0;
    int frees;
    CHECK_EQ_U(allocs(t, "Device DRAM", &size, &frees), 0); /* not the plain DRAM pool */
    CHECK_EQ_U(allocs(t, "Device L1 (0,0)", &size, &frees), 1);
    CHECK_EQ_U(size, 2 * 1008);
    CHECK_EQ_U(frees, 1);
    CHECK_EQ_U(allocs(t, "Device L1 (1,0)", &size, &frees), 1);
    CHECK_EQ_U(size, 1008);
    CHECK_EQ_U(frees, 1);
    tf_trace_free(t);
    return tf_check_report("test_prof_interleaved");
}
