/* An LD_PRELOAD shim that holds back the first thread one process starts:
 * the thread runs its function LATE_MS milliseconds (default 300) after
 * pthread_create returned, as it can on a loaded machine. Active only in
 * the process whose program name is $LATE_PROG (not the programs it runs).
 * test_tt_foil_profile.sh: tt_foil_profile's signal thread, started just
 * before the reports, came late on CI's busy machine and a SIGTERM already
 * pending was taken after the first report had been written. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))

struct start {
    void *(*fn)(void *);
    void *arg;
    long ms;
};

static atomic_int started;

static void *late(void *p)
{
    struct start s = *(struct start *)p;
    free(p);
    struct timespec t = {s.ms / 1000, (s.ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) && errno == EINTR) {
    }
    return s.fn(s.arg);
}

EXPORT int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    if (!real)
        real = (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))dlsym(
            RTLD_NEXT, "pthread_create");
    const char *prog = getenv("LATE_PROG"), *ms = getenv("LATE_MS");
    struct start *s;
    if (!prog || strcmp(prog, program_invocation_short_name) || atomic_fetch_add(&started, 1) ||
        !(s = malloc(sizeof *s)))
        return real(th, attr, fn, arg);
    *s = (struct start){fn, arg, ms ? atol(ms) : 300};
    int rc = real(th, attr, late, s);
    if (rc) free(s);
    return rc;
}
