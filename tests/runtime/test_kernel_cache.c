/* Kernel images by file (src/kcache.c): a second load of an unchanged file
 * is served from the device's copy and runs the same; a file replaced
 * (a new inode) or rewritten in place (another size or modification time)
 * is read again; a file gone fails with the reader's message; a load that
 * fails keeps nothing; the RISC a .compute kernel asks of each file is
 * checked on a copy too; a kernel freed leaves the others' copies alone.
 *
 *   test_kernel_cache */
#include "rt_test.h"

#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* (src/rt_internal.h: the runtime's own count, for this test) */
void rt_kcache_stats(const tf_device *dev, uint64_t *hits, uint64_t *misses);

static char dir[] = "/tmp/tt_foil_kcache.XXXXXX";

static void copy_file(const char *from, const char *to)
{
    size_t n = 0;
    FILE *f = fopen(from, "rb");
    CHECK_TRUE(f != NULL);
    static char buf[1 << 20];
    if (f) n = fread(buf, 1, sizeof buf, f), fclose(f);
    FILE *g = fopen(to, "wb"); /* in place when it exists: the same inode */
    CHECK_TRUE(g != NULL);
    if (g) fwrite(buf, 1, n, g), fclose(g);
}

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static void stats(tf_device *dev, uint64_t hits, uint64_t misses)
{
    uint64_t h, m;
    rt_kcache_stats(dev, &h, &m);
    CHECK_EQ_U(h, hits);
    CHECK_EQ_U(m, misses);
}

/* The counter kernel k on core (0,0)'s RISC r counting to 1000: its sum. */
static uint32_t run(tf_device *dev, tf_kernel *k, tf_risc r, tf_buffer *out)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    uint32_t args[] = {1000, (uint32_t)tf_buffer_address(out), 0}, got[2] = {0, 0};
    MUST(tf_program_set_kernel(p, r, k));
    MUST(tf_program_set_args(p, r, args, 3));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(out, 0, got, sizeof got));
    tf_program_destroy(p);
    return got[1];
}

int main(void)
{
    CHECK_TRUE(mkdtemp(dir) != NULL);
    char k[600], next[600], t0[600], compute[600];
    path_of(k, sizeof k, "k.elf");
    path_of(next, sizeof next, "next.elf");
    path_of(t0, sizeof t0, "m.trisc0.elf");
    path_of(compute, sizeof compute, "m.compute");
    const char *brisc = TF_TEST_KERNELS "/counter.brisc.elf",
               *ncrisc = TF_TEST_KERNELS "/counter_nc.ncrisc.elf";
    tf_device *dev = rt_open(1, 1);
    tf_buffer *out = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 64));
    const uint32_t sum = 1000u * 999u / 2;

    /* read once, then copied */
    copy_file(brisc, k);
    tf_kernel *a = MUST_PTR(tf_kernel_load(dev, k));
    stats(dev, 0, 1);
    tf_kernel *b = MUST_PTR(tf_kernel_load(dev, k));
    stats(dev, 1, 1);
    CHECK_EQ_U(tf_kernel_risc(b), TF_BRISC);
    CHECK_TRUE(!strcmp(tf_kernel_name(a), tf_kernel_name(b)));
    tf_kernel_free(a); /* b has its own copy */
    CHECK_EQ_U(run(dev, b, TF_BRISC, out), sum);
    tf_kernel_free(b);

    /* replaced by another file (rename: a new inode): read again */
    copy_file(ncrisc, next);
    CHECK_TRUE(rename(next, k) == 0);
    a = MUST_PTR(tf_kernel_load(dev, k));
    stats(dev, 1, 2);
    CHECK_EQ_U(tf_kernel_risc(a), TF_NCRISC);
    CHECK_EQ_U(run(dev, a, TF_NCRISC, out), sum);
    tf_kernel_free(a);

    /* rewritten in place (the same inode), its time set apart: read again */
    copy_file(brisc, k);
    struct timespec later[2] = {{0, UTIME_OMIT}, {0, 0}};
    clock_gettime(CLOCK_REALTIME, &later[1]);
    later[1].tv_sec += 100;
    CHECK_TRUE(utimensat(AT_FDCWD, k, later, 0) == 0);
    a = MUST_PTR(tf_kernel_load(dev, k));
    stats(dev, 1, 3);
    CHECK_EQ_U(tf_kernel_risc(a), TF_BRISC);
    b = MUST_PTR(tf_kernel_load(dev, k));
    stats(dev, 2, 3);
    tf_kernel_free(a);
    tf_kernel_free(b);

    /* gone: the reader's message, not a copy */
    CHECK_TRUE(unlink(k) == 0);
    CHECK_TRUE(tf_kernel_load(dev, k) == NULL);
    CHECK_CONTAINS(tf_last_error(), "cannot open");

    /* a file of the wrong RISC for a .compute kernel: refused on the read
     * and on the copy alike, and a failed read keeps nothing */
    copy_file(brisc, t0);
    CHECK_TRUE(tf_kernel_load(dev, compute) == NULL);
    CHECK_CONTAINS(tf_last_error(), "built for BRISC, not TRISC0");
    uint64_t h0, m0, h1, m1;
    rt_kcache_stats(dev, &h0, &m0);
    CHECK_TRUE(tf_kernel_load(dev, compute) == NULL);
    rt_kcache_stats(dev, &h1, &m1);
    CHECK_EQ_U(h1, h0);
    CHECK_EQ_U(m1, m0 + 1);
    a = MUST_PTR(tf_kernel_load(dev, t0)); /* as a kernel of its own: BRISC's, kept */
    CHECK_TRUE(tf_kernel_load(dev, compute) == NULL);
    CHECK_CONTAINS(tf_last_error(), "built for BRISC, not TRISC0");
    rt_kcache_stats(dev, &h1, &m1);
    CHECK_EQ_U(h1, h0 + 1); /* the copy, refused */
    tf_kernel_free(a);

    unlink(t0);
    rmdir(dir);
    tf_buffer_free(out);
    MUST(tf_device_close(dev));
    return tf_check_report("test_kernel_cache");
}
