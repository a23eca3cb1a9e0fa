/* The host profiler end to end: run prof_emit with TT_FOIL_TRACE /
 * TT_FOIL_MEM_LOG set and read the files back with the reader library.
 * Nesting, text, frame marks, memory events and pools, threads, the time
 * base, an unwritable path, a full disk, a long text, abort and SIGKILL. */
#include "tests/unit/tf_check.h"
#include "tt_foil/trace.h"
#include "tf_env.h"
#include "tt_foil/error.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
static const char *emit, *dir;

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Run prof_emit with the given environment additions; returns the wait
 * status; stderr goes to `errfile` if set. */
static int run(const char *trace, const char *mem, const char *errfile, const char *const *args)
{
    if (trace)
        setenv(tf_env_name(TF_ENV_TRACE), trace, 1);
    else
        unsetenv(tf_env_name(TF_ENV_TRACE));
    if (mem)
        setenv(tf_env_name(TF_ENV_MEM_LOG), mem, 1);
    else
        unsetenv(tf_env_name(TF_ENV_MEM_LOG));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (errfile)
        posix_spawn_file_actions_addopen(&fa, 2, errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char *argv[8] = {(char *)emit};
    for (int i = 0; args && args[i] && i < 6; i++) argv[i + 1] = (char *)args[i];
    pid_t pid;
    int st = -1;
    if (posix_spawn(&pid, emit, &fa, NULL, argv, environ) == 0) waitpid(pid, &st, 0);
    posix_spawn_file_actions_destroy(&fa);
    return st;
}

static char *slurp(const char *path)
{
    static char buf[8192];
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[n] = 0;
    return buf;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

static const tf_tr_zone *zone_named(const tf_trace *t, const char *name, int nth)
{
    for (size_t i = 0; i < t->nzones; i++)
        if (!strcmp(t->locs[t->zones[i].loc].name, name) && nth-- == 0) return &t->zones[i];
    return NULL;
}

/* Runs prof_emit's `mode` (on the clock_gettime clock when `monotonic`)
 * into `trace` (and `mem`, or none), checks that it exited 0 and loads the
 * trace; t0 and t1 bracket the run on CLOCK_MONOTONIC. NULL: not loaded. */
static tf_trace *run_load(const char *mode, int monotonic, const char *trace, const char *mem,
                          uint64_t *t0, uint64_t *t1)
{
    if (monotonic) setenv(tf_env_name(TF_ENV_PROF_CLOCK), "monotonic", 1);
    *t0 = mono_ns();
    const char *args[] = {mode, NULL};
    int st = run(trace, mem, NULL, args);
    *t1 = mono_ns();
    unsetenv(tf_env_name(TF_ENV_PROF_CLOCK));
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (!t) fprintf(stderr, "%s\n", tf_last_error());
    return t;
}

/* Nested zones, texts, frames and memory events; with `monotonic` timed
 * with clock_gettime (TT_FOIL_PROF_CLOCK), whose zones take their own path
 * (tf_prof_zone_begin_ns, the token's TF_PROF_TOKEN_NS). */
static void test_nest(int monotonic)
{
    char trace[512], mem[512];
    snprintf(trace, sizeof trace, "%s/nest.trace", dir);
    snprintf(mem, sizeof mem, "%s/nest.mem", dir);
    uint64_t t0, t1;
    tf_trace *t = run_load("nest", monotonic, trace, mem, &t0, &t1);
    if (!t) return;
    CHECK_TRUE(t->has_trailer);
    if (monotonic) CHECK_TRUE(t->header.flags & TF_TRACE_FLAG_NS_CLOCK);
    CHECK_EQ_U(t->trailer.lost_records, 0);
    CHECK_EQ_U(t->trailer.records, 14); /* 5 zones x 2, 2 texts, 2 frames */
    CHECK_EQ_U(t->nzones, 5);
    CHECK_EQ_U(t->nframes, 2);
    CHECK_EQ_U(t->nwarnings, 0);
    const tf_tr_zone *a = zone_named(t, "A", 0), *b1 = zone_named(t, "B", 0),
                     *c = zone_named(t, "C", 0), *b2 = zone_named(t, "B", 1),
                     *d = zone_named(t, "D, with \"quotes\"", 0);
    CHECK_TRUE(a && b1 && c && b2 && d);
    if (!a || !b1 || !c || !b2 || !d) return;
    CHECK_EQ_U(a->depth, 0);
    CHECK_EQ_U(b1->depth, 1);
    CHECK_EQ_U(c->depth, 2);
    CHECK_EQ_U(b2->depth, 1);
    CHECK_EQ_U(d->depth, 0);
    CHECK_TRUE(&t->zones[b1->parent] == a && &t->zones[c->parent] == b1);
    CHECK_TRUE(&t->zones[b2->parent] == a && d->parent == TF_NONE);
    CHECK_TRUE(a->text && !strcmp(a->text, "alpha"));
    CHECK_TRUE(b1->text && !strcmp(b1->text, "beta"));
    CHECK_TRUE(c->text == NULL && b2->text == NULL);
    CHECK_TRUE(a->start_ns <= b1->start_ns && b1->start_ns <= c->start_ns);
    CHECK_TRUE(c->end_ns <= b1->end_ns && b1->end_ns <= b2->start_ns && b2->end_ns <= a->end_ns);
    CHECK_TRUE(a->end_ns <= t->frames[1].ns && t->frames[1].ns <= d->start_ns);
    CHECK_TRUE(b1->end_ns <= t->frames[0].ns && t->frames[0].ns <= b2->start_ns);
    /* one time base: the host's monotonic clock */
    CHECK_TRUE(a->start_ns >= t0 && d->end_ns <= t1);
    const tf_tr_loc *lc = &t->locs[c->loc];
    CHECK_TRUE(!strcmp(lc->function, "inner"));
    CHECK_CONTAINS(lc->file, "prof_emit.c");
    CHECK_TRUE(lc->line > 0);
    CHECK_EQ_U(t->nthreads, 1);
    CHECK_TRUE(!strcmp(t->threads[0].name, "main"));
    tf_trace_free(t);

    t = tf_trace_load(mem);
    CHECK_TRUE(t != NULL);
    if (!t) return;
    CHECK_EQ_U(t->nzones, 0);
    CHECK_EQ_U(t->nmem, 6);
    int ops[6] = {TF_MEM_ALLOC, TF_MEM_ALLOC, TF_MEM_FREE, TF_MEM_RESET, TF_MEM_ALLOC, TF_MEM_FREE};
    const char *pools[6] = {"Host pool", "Host pool",    "Host pool",
                            "Host pool", "Dev L1 (1,2)", "Dev L1 (1,2)"};
    uint64_t ptrs[6] = {0x10, 0x20, 0x10, 0, 0x100, 0x100}, sizes[6] = {100, 50, 0, 0, 64, 0};
    for (int i = 0; i < 6 && i < (int)t->nmem; i++) {
        CHECK_EQ_U(t->mem[i].op, ops[i]);
        CHECK_TRUE(!strcmp(t->pools[t->mem[i].pool], pools[i]));
        CHECK_EQ_U(t->mem[i].ptr, ptrs[i]);
        CHECK_EQ_U(t->mem[i].size, sizes[i]);
        if (i) CHECK_TRUE(t->mem[i].ns >= t->mem[i - 1].ns);
    }
    CHECK_TRUE(t->nmem && t->mem[0].ns >= t0 && t->mem[t->nmem - 1].ns <= t1);
    CHECK_EQ_U(tf_trace_pool_capacity(t, "Host pool"), 4096); /* TT_FOIL_POOL_CAPACITY */
    tf_trace_free(t);
}

/* A zone begun at a time stamp read before (tf_prof_zone_begin_at, the
 * runtime's TF_ZONE_BEGIN_AT) ends with the plain tf_prof_zone_end and the
 * other way round, on either clock: the tokens are the same, so the end
 * reads the clock the trace is on. (A bare location id from begin_at took
 * the TSC branch of the plain end on the clock_gettime clock, and the plain
 * begin's TF_PROF_TOKEN_NS reached end_at's record.) */
static void test_at(int monotonic)
{
    char trace[512];
    snprintf(trace, sizeof trace, "%s/at.trace", dir);
    uint64_t t0, t1;
    tf_trace *t = run_load("at", monotonic, trace, NULL, &t0, &t1);
    if (!t) return;
    CHECK_EQ_U(!!(t->header.flags & TF_TRACE_FLAG_NS_CLOCK), monotonic);
    CHECK_EQ_U(t->trailer.records, 6);
    CHECK_EQ_U(t->nzones, 3);
    CHECK_EQ_U(t->unterminated, 0);
    CHECK_EQ_U(t->mismatched_ends + t->orphan_ends + t->unknown_records, 0);
    CHECK_EQ_U(t->nwarnings, 0);
    const char *names[3] = {"at+plain", "plain+at", "at+at"};
    uint64_t prev_end = t0;
    for (int i = 0; i < 3; i++) {
        const tf_tr_zone *z = zone_named(t, names[i], 0);
        CHECK_TRUE(z != NULL);
        if (!z) continue;
        CHECK_EQ_U(z->depth, 0);
        CHECK_TRUE(!z->unterminated);
        CHECK_TRUE(z->start_ns >= prev_end && z->start_ns <= z->end_ns && z->end_ns <= t1);
        prev_end = z->end_ns;
    }
    tf_trace_free(t);
}

static void test_threads(void)
{
    char trace[512], mem[512];
    snprintf(trace, sizeof trace, "%s/threads.trace", dir);
    snprintf(mem, sizeof mem, "%s/threads.mem", dir);
    const char *args[] = {"threads", "4", "20000", NULL};
    int st = run(trace, mem, NULL, args);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* the blocks allocated ahead of the writes (8 MiB at a time, where the
     * file system can) were given back at exit: the file holds its size */
    struct stat sb;
    CHECK_TRUE(stat(trace, &sb) == 0 && sb.st_size > 0);
    CHECK_TRUE((uint64_t)sb.st_blocks * 512 <= (uint64_t)sb.st_size + (256u << 10));
    if ((uint64_t)sb.st_blocks * 512 > (uint64_t)sb.st_size + (256u << 10))
        fprintf(stderr, "  %s: %lld bytes, %lld allocated\n", trace, (long long)sb.st_size,
                (long long)sb.st_blocks * 512);
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (!t) return;
    CHECK_EQ_U(t->nzones, 4 * 20000 * 2);
    CHECK_EQ_U(t->trailer.records, 4 * 20000 * 4);
    CHECK_EQ_U(t->trailer.lost_records, 0);
    CHECK_EQ_U(t->nwarnings, 0);
    /* every inner zone sits inside an outer zone of the same thread */
    int bad = 0, named = 0;
    for (size_t i = 0; i < t->nzones; i++) {
        const tf_tr_zone *z = &t->zones[i];
        const char *n = t->locs[z->loc].name;
        if (!strcmp(n, "inner")) {
            const tf_tr_zone *p = z->parent == TF_NONE ? NULL : &t->zones[z->parent];
            if (!p || strcmp(t->locs[p->loc].name, "outer") || p->thread != z->thread ||
                p->start_ns > z->start_ns || p->end_ns < z->end_ns)
                bad++;
        } else if (z->depth != 0) {
            bad++;
        }
    }
    CHECK_EQ_U(bad, 0);
    for (uint32_t i = 0; i < t->nthreads; i++) named += !strncmp(t->threads[i].name, "worker ", 7);
    CHECK_EQ_U(named, 4);
    tf_trace_free(t);
    t = tf_trace_load(mem);
    CHECK_TRUE(t != NULL);
    if (!t) return;
    CHECK_EQ_U(t->nmem, 4 * 2000 * 2);
    CHECK_EQ_U(t->npools, 4); /* "Thread pool (0,0)" .. "(3,0)" */
    tf_trace_free(t);
}

static void test_failures(void)
{
    char err[512];
    snprintf(err, sizeof err, "%s/stderr.txt", dir);
    const char *nest[] = {"nest", NULL};
    /* unwritable path: the program succeeds, one line at start, the count at exit */
    int st = run("/nonexistent/dir/x.trace", NULL, err, nest);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    char *e = slurp(err);
    CHECK_CONTAINS(e, "tt-foil profiler: cannot write the trace /nonexistent/dir/x.trace: No such "
                      "file or directory; the program continues and lost records are counted\n");
    CHECK_CONTAINS(e, "tt-foil profiler: 14 of 14 records of the trace /nonexistent/dir/x.trace "
                      "were lost (No such file or directory)\n");
    CHECK_EQ_U(count_lines(e), 2);
    /* a full disk */
    st = run("/dev/full", NULL, err, nest);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    e = slurp(err);
    CHECK_CONTAINS(e, "cannot write the trace /dev/full: No space left on device");
    CHECK_CONTAINS(e, "14 of 14 records of the trace /dev/full were lost");
    CHECK_EQ_U(count_lines(e), 2);
    /* a FIFO nobody reads: the program no longer waits for a reader for
     * ever before main; it waits a moment, says so, and runs */
    char fifo[512];
    snprintf(fifo, sizeof fifo, "%s/unread.fifo", dir);
    unlink(fifo);
    CHECK_TRUE(mkfifo(fifo, 0600) == 0);
    st = run(fifo, NULL, err, nest);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    e = slurp(err);
    CHECK_CONTAINS(e, "tt-foil profiler: the trace ");
    CHECK_CONTAINS(e, "unread.fifo is a FIFO that no process opened for reading within 2000 ms; "
                      "start its reader first. The program continues and lost records are "
                      "counted\n");
    CHECK_CONTAINS(e, "unread.fifo were lost (no process opened the FIFO for reading)\n");
    CHECK_EQ_U(count_lines(e), 2);
    /* a FIFO with a reader gets the whole trace, as a file would */
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    CHECK_TRUE(rfd >= 0);
    st = run(fifo, NULL, err, nest);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_EQ_U(strlen(slurp(err)), 0);
    char copy[512], buf[65536];
    snprintf(copy, sizeof copy, "%s/from_fifo.trace", dir);
    FILE *cf = fopen(copy, "wb");
    ssize_t got;
    while (rfd >= 0 && cf && (got = read(rfd, buf, sizeof buf)) > 0)
        fwrite(buf, 1, (size_t)got, cf);
    if (cf) fclose(cf);
    if (rfd >= 0) close(rfd);
    unlink(fifo);
    tf_trace *ft = tf_trace_load(copy);
    CHECK_TRUE(ft && ft->has_trailer && ft->nwarnings == 0 && ft->nzones > 0);
    tf_trace_free(ft);
    /* OFF disables */
    st = run("OFF", "", err, nest);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_EQ_U(strlen(slurp(err)), 0);
    /* a text longer than the limit is truncated, counted and reported */
    char trace[512];
    snprintf(trace, sizeof trace, "%s/big.trace", dir);
    const char *big[] = {"bigtext", NULL};
    st = run(trace, NULL, err, big);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_CONTAINS(slurp(err), "1 zone texts longer than 4096 bytes were truncated");
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t && t->trailer.truncated_texts == 1 && t->nzones == 1 && t->zones[0].text &&
               strlen(t->zones[0].text) == 4096);
    /* and the reader says so (the reports' notes: it was in the counts only) */
    CHECK_TRUE(t && t->nwarnings == 1);
    if (t && t->nwarnings == 1)
        CHECK_CONTAINS(t->warnings[0], "1 zone text longer than 4096 bytes was cut to that length");
    tf_trace_free(t);
}

/* NULL names and texts given to the public macros: recorded as "(NULL)",
 * one warning each on stderr, never a crash. */
static void test_null_names(void)
{
    char trace[512], mem[512], err[512];
    snprintf(trace, sizeof trace, "%s/null.trace", dir);
    snprintf(mem, sizeof mem, "%s/null.mem", dir);
    snprintf(err, sizeof err, "%s/null.err", dir);
    const char *args[] = {"nullnames", NULL};
    int st = run(trace, mem, err, args);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    char *e = slurp(err);
    CHECK_CONTAINS(e, "tt-foil: warning: TT_FOIL_POOL_CAPACITY: the name is NULL; recorded as "
                      "\"(NULL)\" (name it with a string)\n");
    CHECK_CONTAINS(e, "tt-foil: warning: TT_FOIL_ZONE: the name is NULL; recorded as \"(NULL)\"");
    CHECK_CONTAINS(e, "tt-foil: warning: TT_FOIL_ZONE_TEXT: the text is NULL; recorded as "
                      "\"(NULL)\" (pass a string)\n");
    CHECK_CONTAINS(e, "tt-foil: warning: TT_FOIL_ALLOC/FREE/POOL_RESET: the name is NULL");
    CHECK_EQ_U(count_lines(e), 6); /* one a call site; the text's once */
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t && t->nzones == 1);
    if (t && t->nzones == 1) {
        CHECK_TRUE(!strcmp(t->locs[t->zones[0].loc].name, "(NULL)"));
        CHECK_TRUE(t->zones[0].text && !strcmp(t->zones[0].text, "(NULL); (NULL)"));
        CHECK_TRUE(t->nthreads == 1 && !strcmp(t->threads[0].name, "main"));
    }
    tf_trace_free(t);
    t = tf_trace_load(mem);
    CHECK_TRUE(t && t->npools == 1 && t->nmem == 3);
    if (t && t->npools == 1) {
        CHECK_TRUE(!strcmp(t->pools[0], "(NULL)"));
        CHECK_EQ_U(tf_trace_pool_capacity(t, "(NULL)"), 4096);
    }
    tf_trace_free(t);
}

static void test_abort_and_kill(void)
{
    char trace[512];
    snprintf(trace, sizeof trace, "%s/abort.trace", dir);
    const char *ab[] = {"abort", NULL};
    int st = run(trace, NULL, "/dev/null", ab);
    CHECK_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (t) {
        CHECK_EQ_U(t->nzones, 4);
        const tf_tr_zone *open = zone_named(t, "open at abort", 0);
        CHECK_TRUE(open && open->unterminated);
        CHECK_EQ_U(t->unterminated, 1);
        tf_trace_free(t);
    }
    /* every signal whose default action ends the process writes the
     * trace as abort() does (SIGPIPE, the most common, lost it all) */
    static const int sigs[] = {SIGPIPE, SIGALRM,   SIGUSR1, SIGUSR2, SIGXCPU,
                               SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,  SIGTRAP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char num[16];
        snprintf(num, sizeof num, "%d", sigs[i]);
        const char *rs[] = {"raise", num, NULL};
        signal(sigs[i], SIG_DFL); /* not ignored in the child (an ignored one stays so) */
        st = run(trace, NULL, "/dev/null", rs);
        CHECK_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == sigs[i]);
        t = tf_trace_load(trace);
        CHECK_TRUE(t != NULL);
        if (!t) continue;
        CHECK_EQ_U(t->nzones, 4);
        CHECK_TRUE(t->has_trailer);
        const tf_tr_zone *open = zone_named(t, "open at signal", 0);
        CHECK_TRUE(open && open->unterminated);
        tf_trace_free(t);
    }
    /* more zones than a buffer holds and fewer than fill a packing area:
     * the packed area in hand is written at the abort and at exit too */
    for (int exits = 0; exits < 2; exits++) {
        const char *many[] = {exits ? "many" : "abort", "30000", NULL};
        st = run(trace, NULL, "/dev/null", many);
        CHECK_TRUE(exits ? WIFEXITED(st) && WEXITSTATUS(st) == 0
                         : WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
        t = tf_trace_load(trace);
        CHECK_TRUE(t != NULL);
        if (t) {
            CHECK_EQ_U(t->nzones, (exits ? 30000 : 30001));
            CHECK_EQ_U(t->trailer.records, (exits ? 60000 : 60001));
            CHECK_EQ_U(t->trailer.lost_records, 0);
            CHECK_EQ_U(t->bad_bytes, 0);
            tf_trace_free(t);
        }
    }
    /* SIGKILL: no trailer, but everything flushed before is readable */
    snprintf(trace, sizeof trace, "%s/kill.trace", dir);
    setenv(tf_env_name(TF_ENV_TRACE), trace, 1);
    unsetenv(tf_env_name(TF_ENV_MEM_LOG));
    int pipefd[2];
    CHECK_TRUE(pipe(pipefd) == 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
    posix_spawn_file_actions_addclose(&fa, pipefd[0]);
    char *argv[] = {(char *)emit, "kill", NULL};
    pid_t pid;
    CHECK_TRUE(posix_spawn(&pid, emit, &fa, NULL, argv, environ) == 0);
    close(pipefd[1]);
    char line[32] = "";
    ssize_t n = read(pipefd[0], line, sizeof line - 1);
    CHECK_TRUE(n > 0 && !strncmp(line, "flushed", 7));
    usleep(20000); /* let it fill and write some more buffers */
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    close(pipefd[0]);
    posix_spawn_file_actions_destroy(&fa);
    CHECK_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    t = tf_trace_load(trace);
    CHECK_TRUE(t != NULL);
    if (t) {
        CHECK_TRUE(!t->has_trailer);
        CHECK_TRUE(t->nzones >= 100001);
        CHECK_EQ_U(t->bad_bytes, 0);
        int found = 0;
        for (int i = 0; i < t->nwarnings; i++)
            found |= strstr(t->warnings[i], "no trailer") != NULL;
        CHECK_TRUE(found);
        tf_trace_free(t);
    }
}

/* A new capture into the path of an old one makes a new file (inode): a
 * report still reading the old one keeps it whole, and the path never
 * names a file cut short. No temporary name is left behind. */
static void test_fresh_file(void)
{
    char trace[512];
    snprintf(trace, sizeof trace, "%s/fresh.trace", dir);
    const char *args[] = {"nest", NULL};
    CHECK_TRUE(run(trace, NULL, NULL, args) == 0);
    int fd = open(trace, O_RDONLY);
    struct stat a, b;
    CHECK_TRUE(fd >= 0 && fstat(fd, &a) == 0);
    if (fd < 0) return;
    char *old = malloc((size_t)a.st_size + 1), *again = malloc((size_t)a.st_size + 1);
    CHECK_TRUE(old && again && pread(fd, old, (size_t)a.st_size, 0) == a.st_size);
    const char *threads[] = {"threads", NULL};
    CHECK_TRUE(run(trace, NULL, NULL, threads) == 0);
    CHECK_TRUE(stat(trace, &b) == 0 && b.st_ino != a.st_ino);
    /* the file the reader holds is the old one, as it was */
    struct stat held;
    CHECK_TRUE(fstat(fd, &held) == 0 && held.st_ino == a.st_ino && held.st_size == a.st_size);
    CHECK_TRUE(old && again && pread(fd, again, (size_t)a.st_size, 0) == a.st_size &&
               !memcmp(old, again, (size_t)a.st_size));
    close(fd);
    free(old);
    free(again);
    tf_trace *t = tf_trace_load(trace);
    CHECK_TRUE(t && t->has_trailer && t->nwarnings == 0 && t->nthreads > 1);
    tf_trace_free(t);
    DIR *d = opendir(dir);
    int leftovers = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        leftovers += strstr(e->d_name, "fresh.trace.") != NULL;
    if (d) closedir(d);
    CHECK_EQ_U(leftovers, 0);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_prof PROF_EMIT WORKDIR\n");
        return 2;
    }
    emit = argv[1];
    dir = argv[2];
    test_nest(0);
    test_nest(1);
    test_at(0);
    test_at(1);
    test_threads();
    test_failures();
    test_null_names();
    test_abort_and_kill();
    test_fresh_file();
    return tf_check_report("test_prof");
}
