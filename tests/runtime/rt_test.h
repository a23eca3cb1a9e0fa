/* Helpers for runtime tests: open a small device, load a test kernel, and
 * fail loudly with the runtime's message. */
#ifndef TF_RT_TEST_H
#define TF_RT_TEST_H

#include "tests/unit/tf_check.h"
#include "tt_foil/kbuild.h"
#include "tt_foil/runtime.h"
#include "tt_foil/tile.h"
#include "tt_foil/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MUST(expr)                                                                                 \
    do {                                                                                           \
        if ((expr) != 0) {                                                                         \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, tf_last_error()); \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define MUST_PTR(expr)                                                                             \
    ({                                                                                             \
        __typeof__(expr) v_ = (expr);                                                              \
        if (!v_) {                                                                                 \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, tf_last_error()); \
            exit(1);                                                                               \
        }                                                                                          \
        v_;                                                                                        \
    })

/* What dispatching the n programs (tf_dispatch_execute for one,
 * tf_dispatch_execute_multi for more) printed on stderr (the simulator's
 * debug prints), NUL-terminated, malloc'd; the dispatch's status in *rc. */
static inline char *rt_dispatch_captured(tf_program *const *p, size_t n, int *rc)
{
    fflush(stderr);
    FILE *log = MUST_PTR(tmpfile());
    int saved = dup(2);
    dup2(fileno(log), 2);
    *rc = n == 1 ? tf_dispatch_execute(p[0]) : tf_dispatch_execute_multi(p, n);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    long bytes = ftell(log);
    char *text = MUST_PTR(malloc(bytes > 0 ? (size_t)bytes + 1 : 1));
    rewind(log);
    size_t got = bytes > 0 ? fread(text, 1, (size_t)bytes, log) : 0;
    text[got] = 0;
    fclose(log);
    return text;
}

/* A device on the chip `sim` describes, all cores booted. */
static inline tf_device *rt_open_sim(tf_sim_config sim)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.sim = &sim;
    return MUST_PTR(tf_device_open(&cfg));
}

/* A device of gx x gy cores (0 = default), all booted. */
static inline tf_device *rt_open(int gx, int gy)
{
    return rt_open_sim((tf_sim_config){.grid_x = gx, .grid_y = gy});
}

/* A device on a simulated gx x gy chip whose transport operations are
 * `ops` (filled here with the simulator's, for the caller to change some:
 * a wrapper of wait, a transport without stalled, ...): the simulator's
 * own table in *inner; timeout_ms 0: the default. */
static inline tf_device *rt_open_with_ops(int gx, int gy, tf_transport_ops *ops,
                                          void (*patch)(tf_transport_ops *ops),
                                          const tf_transport_ops **inner, tf_transport **tr,
                                          uint32_t timeout_ms)
{
    tf_sim_config sim = {.grid_x = gx, .grid_y = gy};
    tf_transport *t = MUST_PTR(tf_sim_transport_open(&sim));
    if (inner) *inner = t->ops;
    *ops = *t->ops;
    patch(ops);
    t->ops = ops;
    if (tr) *tr = t;
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.transport = t;
    if (timeout_ms) cfg.dispatch_timeout_ms = timeout_ms;
    return MUST_PTR(tf_device_open(&cfg));
}

/* o is refused before anything is compiled, by tf_kernel_build and by
 * tf_kernel_compile (into out), each message naming its call and saying
 * want. */
static inline void rt_build_refused(tf_device *dev, const tf_kernel_build_opts *o, const char *out,
                                    const char *want)
{
    CHECK_TRUE(tf_kernel_build(dev, o) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_build(");
    CHECK_CONTAINS(tf_last_error(), want);
    CHECK_EQ_U(tf_kernel_compile(o, out), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_compile(");
    CHECK_CONTAINS(tf_last_error(), want);
}

/* Load TF_TEST_KERNELS/<file>. */
static inline tf_kernel *rt_kernel(tf_device *dev, const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", TF_TEST_KERNELS, file);
    return MUST_PTR(tf_kernel_load(dev, path));
}

/* The counter kernel (tests/kernels/counter.c: sum 0..9) runs on core c:
 * the device is usable (after a failure that reset c). */
static inline void rt_expect_usable(tf_device *dev, tf_core c)
{
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c, 16));
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    uint32_t args[] = {10, (uint32_t)tf_buffer_address(res), 0}, out[2];
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(res, 0, out, 8));
    CHECK_EQ_U(out[1], 45);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(res);
}

/* A new DRAM buffer holding the rows x cols matrix m as tiles of format f. */
static inline tf_buffer *rt_dram_tiles(tf_device *dev, const float *m, uint32_t rows, uint32_t cols,
                                       tf_tile_format f)
{
    size_t bytes = tf_tiled_bytes(rows, cols, f);
    void *t = MUST_PTR(malloc(bytes));
    MUST(tf_tilize(m, rows, cols, f, t));
    tf_buffer *b = MUST_PTR(tf_buffer_create_dram(dev, bytes));
    MUST(tf_buffer_write(b, 0, t, bytes));
    free(t);
    return b;
}

/* The rows x cols matrix held as tiles in b, back into m. */
static inline void rt_read_tiles(tf_buffer *b, uint32_t rows, uint32_t cols, tf_tile_format f,
                                 float *m)
{
    size_t bytes = tf_tiled_bytes(rows, cols, f);
    void *t = MUST_PTR(malloc(bytes));
    MUST(tf_buffer_read(b, 0, t, bytes));
    MUST(tf_untilize(t, rows, cols, f, m));
    free(t);
}

static inline uint32_t lo32(uint64_t v)
{
    return (uint32_t)v;
}
static inline uint32_t hi32(uint64_t v)
{
    return (uint32_t)(v >> 32);
}

#endif
