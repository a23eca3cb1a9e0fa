/* An LD_PRELOAD shim that makes malloc, calloc, realloc, aligned_alloc and
 * posix_memalign fail (errno ENOMEM) in one process: the one whose program
 * name is $OOM_PROG, not the processes it starts or forks.
 *   OOM_FAIL_AT=n  the allocation numbered n (from 0) fails, and with
 *                  OOM_FAIL_N=k the k from n on (default 1)
 *   OOM_COUNT=1    prints "oom_shim: N allocations" on stderr at exit
 * Allocations made before the shim's constructor ran (the loader's and the
 * C library's start-up) are neither counted nor failed. test_oom.sh. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t k, size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t a, size_t n);

#define EXPORT __attribute__((visibility("default")))

static atomic_long count;
static long fail_at = -1, fail_n = 1;
static int active, report;

static void in_child(void)
{
    active = 0;
}

__attribute__((constructor)) static void init(void)
{
    const char *prog = getenv("OOM_PROG"), *e;
    if (!prog || strcmp(prog, program_invocation_short_name)) return;
    if ((e = getenv("OOM_FAIL_AT"))) fail_at = atol(e);
    if ((e = getenv("OOM_FAIL_N"))) fail_n = atol(e);
    report = getenv("OOM_COUNT") != NULL;
    pthread_atfork(NULL, NULL, in_child);
    active = 1;
}

__attribute__((destructor)) static void fini(void)
{
    if (!active || !report) return;
    char b[64];
    int k = snprintf(b, sizeof b, "oom_shim: %ld allocations\n", (long)atomic_load(&count));
    if (write(2, b, (size_t)k) != k) active = 0;
}

static int fails(void)
{
    if (!active) return 0;
    long c = atomic_fetch_add(&count, 1);
    if (fail_at < 0 || c < fail_at || c - fail_at >= fail_n) return 0;
    errno = ENOMEM;
    return 1;
}

EXPORT void *malloc(size_t n)
{
    return fails() ? NULL : __libc_malloc(n);
}

EXPORT void *calloc(size_t k, size_t n)
{
    return fails() ? NULL : __libc_calloc(k, n);
}

EXPORT void *realloc(void *p, size_t n)
{
    return fails() ? NULL : __libc_realloc(p, n);
}

EXPORT void *aligned_alloc(size_t a, size_t n)
{
    return fails() ? NULL : __libc_memalign(a, n);
}

EXPORT int posix_memalign(void **p, size_t a, size_t n)
{
    if (fails()) return ENOMEM;
    void *q = __libc_memalign(a, n);
    if (!q) return ENOMEM;
    *p = q;
    return 0;
}
