/* Emits a known pattern of host-profiler events, for test_prof. Built with
 * the profiler (prof_emit) and without it (prof_emit_off). Modes:
 *   nest             nested zones with text, frame marks, an explicit zone,
 *                    memory events in a plain and a per-core pool
 *   threads N M      N threads, each M zones of depth 2 and M/10 memory events
 *   abort [N]        three zones (or N), then abort() inside one more
 *   raise SIG        three zones, then signal SIG (a number) raised inside
 *                    one more, "open at signal": every signal whose default
 *                    action ends the process (SIGPIPE, SIGALRM, ...)
 *   hook N           the same with a crash hook (tf_prof_set_crash_hook)
 *                    that records N zones "in hook": more than a buffer
 *                    holds, so that the recorder makes room in the handler
 *   many N           N zones on the main thread, then a normal exit
 *   kill             zones forever; prints "flushed" after a flush
 *   bigtext          one zone with a 10000-byte text
 *   orphantext       zone texts with no zone open, before and after a zone
 *                    "texted" with its own text
 *   longname         a zone whose name is 5000 bytes ("n" x 4999, then "!")
 *   exit             exit(3) 30 ms into a zone "open_at_exit" (of a
 *                    thread that records nothing after its begin)
 *   at               zones begun or ended at a time stamp read before
 *                    (tf_prof_zone_begin_at / _end_at) paired with the
 *                    plain end or begin, both ways, and with each other
 *   nullnames        every macro that takes a name or text given NULL
 *                    (recorded as "(NULL)", with warnings: never a crash) */
#include "tt_foil/profiling.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the public macros (profiling.h), as a program uses them */
#define MEM_ALLOC(ptr, size, pool) TT_FOIL_ALLOC(pool, ptr, size)
#define MEM_FREE(ptr, pool)        TT_FOIL_FREE(pool, ptr)
#define MEM_RESET(pool)            TT_FOIL_POOL_RESET(pool)
#ifdef TT_FOIL_ENABLE_TRACY
/* a pool per core, named by the program as the runtime names its own */
static uint32_t core_pool(const char *pool, int x, int y)
{
    char name[64];
    snprintf(name, sizeof name, "%s (%d,%d)", pool, x, y);
    return tf_prof_pool_id(name);
}
#define MEM_ALLOC_CORE(ptr, size, pool, x, y) tf_prof_alloc_id(core_pool(pool, x, y), ptr, size)
#define MEM_FREE_CORE(ptr, pool, x, y)        tf_prof_free_id(core_pool(pool, x, y), ptr)
#define FLUSH()                               tf_prof_flush()
#else
#define MEM_ALLOC_CORE(ptr, size, pool, x, y) ((void)0)
#define MEM_FREE_CORE(ptr, pool, x, y)        ((void)0)
#define FLUSH()                               ((void)0)
#endif

static volatile unsigned sink;

static void work(unsigned n)
{
    for (unsigned i = 0; i < n; i++) sink += i;
}

static void inner(void)
{
    TT_FOIL_ZONE("C");
    work(100);
}

static void nest(void)
{
    {
        TT_FOIL_ZONE("A");
        TT_FOIL_ZONE_TEXT("alpha");
        work(100);
        {
            TT_FOIL_ZONE("B");
            TT_FOIL_ZONE_TEXT("beta");
            inner();
        }
        TT_FOIL_FRAME_MARK();
        {
            TT_FOIL_ZONE("B");
            work(100);
        }
    }
    TT_FOIL_FRAME_MARK();
    tt_foil_zone_t d = TT_FOIL_ZONE_BEGIN("D, with \"quotes\"");
    work(100);
    TT_FOIL_ZONE_END(d);
    TT_FOIL_POOL_CAPACITY("Host pool", 4096);
    MEM_ALLOC(0x10, 100, "Host pool");
    MEM_ALLOC(0x20, 50, "Host pool");
    MEM_FREE(0x10, "Host pool");
    MEM_RESET("Host pool");
    MEM_ALLOC_CORE(0x100, 64, "Dev L1", 1, 2);
    MEM_FREE_CORE(0x100, "Dev L1", 1, 2);
}

static int zones_per_thread;

static void *thread_main(void *arg)
{
    char name[32];
    snprintf(name, sizeof name, "worker %d", (int)(long)arg);
    TT_FOIL_THREAD_NAME(name);
    for (int i = 0; i < zones_per_thread; i++) {
        TT_FOIL_ZONE("outer");
        {
            TT_FOIL_ZONE("inner");
        }
        if (i % 10 == 0) {
            MEM_ALLOC_CORE((uint64_t)i, 32, "Thread pool", (int)(long)arg, 0);
            MEM_FREE_CORE((uint64_t)i, "Thread pool", (int)(long)arg, 0);
        }
    }
    return NULL;
}

#ifdef TT_FOIL_ENABLE_TRACY
static int hook_zones;

static void crash_hook(void)
{
    for (int i = 0; i < hook_zones; i++) {
        TT_FOIL_ZONE("in hook");
    }
}
#endif

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "nest";
    if (!strcmp(mode, "nest")) {
        nest();
    } else if (!strcmp(mode, "threads")) {
        int n = argc > 2 ? atoi(argv[2]) : 4;
        zones_per_thread = argc > 3 ? atoi(argv[3]) : 1000;
        pthread_t th[64];
        for (int i = 0; i < n && i < 64; i++)
            pthread_create(&th[i], NULL, thread_main, (void *)(long)i);
        for (int i = 0; i < n && i < 64; i++) pthread_join(th[i], NULL);
    } else if (!strcmp(mode, "abort") || !strcmp(mode, "hook")) {
        int n = argc > 2 && mode[0] == 'a' ? atoi(argv[2]) : 3;
#ifdef TT_FOIL_ENABLE_TRACY
        hook_zones = mode[0] == 'h' && argc > 2 ? atoi(argv[2]) : 0;
        if (hook_zones) tf_prof_set_crash_hook(crash_hook);
#endif
        for (int i = 0; i < n; i++) {
            TT_FOIL_ZONE("done");
            work(10);
        }
        TT_FOIL_ZONE("open at abort");
        abort();
    } else if (!strcmp(mode, "raise") && argc > 2) {
        for (int i = 0; i < 3; i++) {
            TT_FOIL_ZONE("done");
            work(10);
        }
        TT_FOIL_ZONE("open at signal");
        raise(atoi(argv[2]));
        return 0; /* not reached: the signal ends the process */
    } else if (!strcmp(mode, "many")) {
        int n = argc > 2 ? atoi(argv[2]) : 1000;
        for (int i = 0; i < n; i++) {
            TT_FOIL_ZONE("many");
            work(1);
        }
    } else if (!strcmp(mode, "kill")) {
        for (long i = 0;; i++) {
            {
                TT_FOIL_ZONE("spin");
                work(10);
            }
            if (i == 100000) {
                FLUSH();
                printf("flushed\n");
                fflush(stdout);
            }
        }
    } else if (!strcmp(mode, "at")) {
#ifdef TT_FOIL_ENABLE_TRACY
        static tf_prof_loc at_plain = {"at+plain", 0, __FILE__, __LINE__, 0};
        static tf_prof_loc at_at = {"at+at", 0, __FILE__, __LINE__, 0};
        uint32_t z = tf_prof_zone_begin_at(&at_plain, __func__, tf_prof_stamp());
        work(100);
        tf_prof_zone_end(z);
        z = TF_PROF_ZONE_BEGIN("plain+at");
        work(100);
        tf_prof_zone_end_at(z, tf_prof_stamp());
        z = tf_prof_zone_begin_at(&at_at, __func__, tf_prof_stamp());
        work(100);
        tf_prof_zone_end_at(z, tf_prof_stamp());
#endif
    } else if (!strcmp(mode, "longname")) {
#ifdef TT_FOIL_ENABLE_TRACY
        static char name[5001];
        static tf_prof_loc loc = {name, 0, __FILE__, __LINE__, 0};
        memset(name, 'n', 4999);
        name[4999] = '!';
        tf_prof_zone_end(tf_prof_zone_begin_at(&loc, __func__, tf_prof_stamp()));
#endif
    } else if (!strcmp(mode, "exit")) {
        TT_FOIL_ZONE("open_at_exit");
        usleep(30000);
        exit(3);
    } else if (!strcmp(mode, "orphantext")) {
        /* texts with no zone open, before and after one with its own text:
         * the reader counts the two, the zone keeps only its text */
        TT_FOIL_ZONE_TEXT("before any zone");
        {
            TT_FOIL_ZONE("texted");
            TT_FOIL_ZONE_TEXT("its own");
        }
        TT_FOIL_ZONE_TEXT("after it");
    } else if (!strcmp(mode, "nullnames")) {
        const char *none = NULL; /* (zones and pools take constants: NULL itself) */
        (void)none;              /* (prof_emit_off) */
        TT_FOIL_THREAD_NAME(none);
        TT_FOIL_POOL_CAPACITY(none, 4096);
        {
            TT_FOIL_ZONE(NULL);
            TT_FOIL_ZONE_TEXT(none);
            TT_FOIL_ZONE_TEXT(none); /* (one warning) */
            TT_FOIL_ALLOC(NULL, 0x100, 64);
            TT_FOIL_FREE(NULL, 0x100);
            TT_FOIL_POOL_RESET(NULL);
        }
    } else if (!strcmp(mode, "bigtext")) {
        static char text[10001];
        memset(text, 'x', 10000);
        TT_FOIL_ZONE("big");
        TT_FOIL_ZONE_TEXT(text);
    } else {
        fprintf(stderr, "prof_emit: unknown mode %s\n", mode);
        return 2;
    }
    return 0;
}
