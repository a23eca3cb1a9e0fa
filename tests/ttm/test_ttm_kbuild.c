/* Kernels built from source at run time (tf_kernel_build): the same
 * workloads as test_ttm_dataflow, compiled into a fresh cache (miss), then
 * again (hit: the compiler is not run, checked with a wrapper that logs each
 * invocation), a header change (miss again), and the errors: compiler
 * diagnostics with file:line, an unsupported tt-metal name, a compile-time
 * arg index out of range; a compute kernel's settings and their errors;
 * faults naming the kernel's own line through the API's inlined calls; a
 * user's warning flags (tt-metal's) in this -Werror build; the build's
 * steps side by side, the shared builtins and the build note's name; the
 * cache's bound (TT_FOIL_CACHE_MAX_SIZE: the entries used longest ago go). */
#include "common/cm_srcloc.h" /* a pc as "function (file:line)": a message's length limit */
#include "tt_foil/kbuild.h"
#include "ttm_test.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char work[256], logf[300];

static int compiles(void)
{
    FILE *f = fopen(logf, "r");
    if (!f) return 0;
    int n = 0, c;
    while ((c = fgetc(f)) != EOF) n += c == '\n';
    fclose(f);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        perror(path);
        exit(1);
    }
}

/* Run kernel k (BRISC of core (0,0)) with args a; the dispatch faults:
 * its message. */
static const char *fault_of(tf_device *dev, tf_kernel *k, const uint32_t *a, uint32_t n)
{
    static char msg[4096];
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, a, n));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    snprintf(msg, sizeof msg, "%s", tf_last_error());
    tf_program_destroy(p);
    return msg;
}

/* A fault deep in the API names the calls out to the kernel's own line:
 * a NOC address that names no core five calls under noc_async_read, a
 * page out of range (the check's trap is inlined where the check is: not
 * "in dev_fault" alone), and a chain longer than six callers, whose middle
 * is elided and whose outermost callers stay when the text is short. */
static void fault_lines(tf_device *dev)
{
    char src[300], want[1600];
    snprintf(src, sizeof src, "%s/noc_fault.cpp", work);
    write_file(src, "void kernel_main()\n{\n    uint32_t l1 = get_arg_val<uint32_t>(0);\n"
                    "    noc_async_read(get_noc_addr(40, 40, 0x1000), l1, 64);\n"
                    "    noc_async_read_barrier();\n}\n");
    tf_kernel *k = MUST_PTR(ttm_build(dev, src, TF_BRISC, NULL, 0));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 256));
    tf_buffer *ib = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 64 * 4, 64));
    uint32_t a[] = {(uint32_t)tf_buffer_address(l1), (uint32_t)tf_buffer_address(ib)};
    const char *e = fault_of(dev, k, a, 2);
    CHECK_CONTAINS(e, "names x=40 y=40, which is neither a Tensix core nor a DRAM bank");
    snprintf(want, sizeof want, ", inlined in kernel_main (%s:4), insn ", src);
    if (TF_TEST_HAVE_LIBDW) {
        CHECK_CONTAINS(e, ", inlined in noc_async_read<");
        CHECK_CONTAINS(e, want);
    }
    tf_kernel_free(k);

    snprintf(src, sizeof src, "%s/page_fault.cpp", work);
    write_file(
        src, "void kernel_main()\n{\n    const InterleavedAddrGen<true> s = {.bank_base_address = "
             "get_arg_val<uint32_t>(1), .page_size = 64};\n"
             "    for (uint32_t i = 0; i < 10; i++) {\n"
             "        noc_async_read_page(i, s, get_arg_val<uint32_t>(0));\n"
             "        noc_async_read_barrier();\n    }\n}\n");
    k = MUST_PTR(ttm_build(dev, src, TF_BRISC, NULL, 0));
    e = fault_of(dev, k, a, 2);
    CHECK_CONTAINS(e, "page 4 out of range of an interleaved buffer of 4 pages (ids 0..3)");
    snprintf(want, sizeof want, ", inlined in kernel_main (%s:5)): page 4 out of range", src);
    if (TF_TEST_HAVE_LIBDW) {
        CHECK_CONTAINS(e, " in dev_fault (" TF_TEST_SOURCE_DIR "/device/include/tf_device.h:");
        CHECK_CONTAINS(e, ", inlined in noc_async_read_page<");
        CHECK_CONTAINS(e, want);
    }
    tf_kernel_free(k);

    /* three helpers of the kernel's own around it: more than six callers */
    snprintf(src, sizeof src, "%s/deep_fault.cpp", work);
    write_file(src, "FORCE_INLINE void one(uint32_t i, uint32_t l1, uint32_t base)\n{\n"
                    "    const InterleavedAddrGen<true> s = {.bank_base_address = base, "
                    ".page_size = 64};\n    noc_async_read_page(i, s, l1);\n}\n"
                    "FORCE_INLINE void two(uint32_t i, uint32_t l1, uint32_t base) { one(i, l1, "
                    "base); }\n"
                    "FORCE_INLINE void three(uint32_t i, uint32_t l1, uint32_t base) { two(i, l1, "
                    "base); }\n"
                    "void kernel_main()\n{\n"
                    "    three(get_arg_val<uint32_t>(2), get_arg_val<uint32_t>(0), "
                    "get_arg_val<uint32_t>(1));\n}\n");
    k = MUST_PTR(ttm_build(dev, src, TF_BRISC, NULL, 0));
    uint32_t a3[] = {a[0], a[1], 9};
    e = fault_of(dev, k, a3, 3);
    CHECK_CONTAINS(e, "page 9 out of range of an interleaved buffer of 4 pages");
    if (TF_TEST_HAVE_LIBDW) {
        snprintf(want, sizeof want,
                 " more), inlined in one (%s:4), inlined in two (%s:6), inlined in three (%s:7), "
                 "inlined in kernel_main (%s:10)): page 9",
                 src, src, src, src);
        CHECK_CONTAINS(e, ", inlined in dev_interleaved_noc_addr (");
        CHECK_CONTAINS(e, want);
        /* room for the pc's function and two callers: the middle gives
         * way, the kernel's own line stays */
        const char *pc = strstr(e, "(pc 0x");
        const char *elf = strstr(e, "running kernel 'deep_fault' (");
        CHECK_TRUE(pc && elf);
        if (pc && elf) {
            char path[600], loc[2000];
            size_t room = strlen(TF_TEST_SOURCE_DIR) + 2 * strlen(src) + 120;
            elf += strlen("running kernel 'deep_fault' (");
            snprintf(path, sizeof path, "%.*s", (int)(strchr(elf, ')') - elf), elf);
            MUST(cm_srcloc(path, (uint32_t)strtoul(pc + 4, NULL, 16), loc, room));
            snprintf(want, sizeof want, ", inlined in kernel_main (%s:10)", src);
            CHECK_TRUE(strlen(loc) >= strlen(want) &&
                       !strcmp(loc + strlen(loc) - strlen(want), want));
            CHECK_CONTAINS(loc, "dev_fault (" TF_TEST_SOURCE_DIR "/device/include/tf_device.h:");
            snprintf(want, sizeof want, " more), inlined in three (%s:7), inlined in kernel_main",
                     src);
            CHECK_CONTAINS(loc, want);
        }
    }
    tf_kernel_free(k);
    tf_buffer_free(l1);
    tf_buffer_free(ib);
}

/* A user's kernel gets tt-metal's warnings whatever TT_FOIL_WERROR (this
 * build's is ON, as `make test` configures it): unused parameters,
 * variables and functions, a variable set and never read, and warnings of
 * clang alone (an unused private field, a constant logical operand) build; a -Wall warning tt-metal
 * makes an error (a function that may not return a value) fails. What
 * the compiler warned of reaches the warning handler. */
static char warned[8192];

static void on_warning(void *ctx, const char *msg)
{
    (void)ctx;
    snprintf(warned + strlen(warned), sizeof warned - strlen(warned), "%s\n", msg);
}

static void warnings(tf_device *dev)
{
    char src[300];
    snprintf(src, sizeof src, "%s/warn.cpp", work);
    write_file(src, "static uint32_t helper() { return 3; }\n"
                    "struct Acc {\n    uint32_t sum;\n  private:\n    uint32_t spare;\n};\n"
                    "FORCE_INLINE void put(uint32_t addr, uint32_t v, uint32_t start_id)\n"
                    "{\n    *(volatile uint32_t *)addr = v;\n}\n"
                    "void kernel_main()\n{\n    uint32_t start_id = get_arg_val<uint32_t>(1);\n"
                    "    uint32_t count = 0;\n    count++;\n    if (start_id && 4) count++;\n"
                    "    Acc acc;\n    acc.sum = 41;\n"
                    "    put(get_arg_val<uint32_t>(0), acc.sum + 1, 0);\n}\n");
    tf_set_warning_handler(on_warning, NULL);
    tf_kernel *k = ttm_build(dev, src, TF_NCRISC, NULL, 0);
    tf_set_warning_handler(NULL, NULL);
    CHECK_TRUE(k != NULL);
    if (!k) fprintf(stderr, "%s\n", tf_last_error());
    CHECK_CONTAINS(warned, "warn.cpp: the compiler warned (the kernel was built):");
    CHECK_CONTAINS(warned, "warn.cpp:5:14: warning: private field 'spare' is not used "
                           "[-Wunused-private-field]");
    /* clang's alone: GCC (tt-metal's compiler) has no such warning; ttnn's
     * layer_norm_rm kernel has one */
    CHECK_CONTAINS(warned, "[-Wconstant-logical-operand]");
    if (k) {
        CHECK_EQ_U(ttm_word_written(dev, k, TF_NCRISC, (tf_core){1, 0}), 42);
        tf_kernel_free(k);
    }
    write_file(
        src, "uint32_t pick(uint32_t x)\n{\n    if (x) return 1;\n}\n"
             "void kernel_main() { *(volatile uint32_t *)get_arg_val<uint32_t>(0) = pick(1); }\n");
    CHECK_TRUE(ttm_build(dev, src, TF_NCRISC, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "warn.cpp:4:1: error: non-void function does not return a "
                                    "value in all control paths [-Werror,-Wreturn-type]");
}

/* The cache's entries whose names start with `prefix`. */
static int cache_entries(const char *cache, const char *prefix)
{
    DIR *d = opendir(cache);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) n += !strncmp(e->d_name, prefix, strlen(prefix));
    if (d) closedir(d);
    return n;
}

/* The steps of a build run side by side (src/jobs.c): a compute kernel
 * whose math and pack variants both fail reports the math one, the first
 * a sequential build meets, and leaves no child process and nothing
 * half-written; with the build's own compiler the builtins are compiled
 * once for every kernel (one entry in the cache); the build note's name
 * at the note's limits. */
static void build_steps(tf_device *dev, const char *cache, const char *wrapper)
{
    char src[300];
    snprintf(src, sizeof src, "%s/roles.c", work);
    write_file(src, "#include \"compute_api.h\"\n#if TF_COMPUTE_ROLE == 1\n#error math variant "
                    "fails first\n#elif TF_COMPUTE_ROLE == 2\n#error pack variant fails too\n"
                    "#endif\nvoid kernel_main(void) {}\n");
    int n = compiles();
    CHECK_TRUE(ttm_build(dev, src, TF_COMPUTE, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "roles.c: compile failed");
    CHECK_CONTAINS(tf_last_error(), "error: math variant fails first");
    CHECK_TRUE(!strstr(tf_last_error(), "pack variant"));
    CHECK_TRUE(compiles() > n); /* (it ran) */
    errno = 0;
    CHECK_TRUE(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD); /* every child reaped */
    CHECK_EQ_U(cache_entries(cache, "tmp-"), 0);

    /* the build's own compiler: the builtins once, whatever the kernel */
    unsetenv("TT_FOIL_KERNEL_CC");
    CHECK_EQ_U(cache_entries(cache, "builtins-"), 0); /* (the wrapper's builds keep none) */
    uint32_t page = 2048;
    tf_kernel *k =
        MUST_PTR(ttm_build(dev, TF_TEST_TTM "/loopback_dram_copy.cpp", TF_BRISC, &page, 1));
    ttm_check_loopback(dev, k, (tf_core){1, 0}, 2);
    tf_kernel_free(k);
    snprintf(src, sizeof src, "%s/roles.c", work);
    write_file(src, "#include \"compute_api.h\"\nvoid kernel_main(void) {}\n");
    k = MUST_PTR(ttm_build(dev, src, TF_COMPUTE, NULL, 0));
    tf_kernel_free(k);
    CHECK_EQ_U(cache_entries(cache, "builtins-"), 2); /* its deps file and its entry */
    CHECK_EQ_U(cache_entries(cache, "tmp-"), 0);

    /* the note's name: 63 bytes and its NUL whole; longer (it failed to
     * build at 65), its first 30 and last 31 bytes around ".." */
    char name[80];
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = TF_TEST_TTM "/loopback_dram_copy.cpp";
    o.risc = TF_BRISC;
    o.compile_args = &page;
    o.num_compile_args = 1;
    o.name = name;
    memset(name, 'n', sizeof name);
    name[63] = 0;
    k = tf_kernel_build(dev, &o);
    CHECK_TRUE(k && !strcmp(tf_kernel_name(k), name));
    tf_kernel_free(k);
    /* two names alike in their first 30 and last 31 bytes: two kernels
     * (their cache entries were one, and the second's ELF was not there) */
    for (int v = 0; v < 2; v++) {
        memset(name, 'n', 70);
        name[35] = (char)('x' + v);
        name[70] = 0;
        k = tf_kernel_build(dev, &o);
        CHECK_TRUE(k != NULL);
        if (!k) fprintf(stderr, "  long name %d: %s\n", v, tf_last_error());
        tf_kernel_free(k);
    }
    for (int len = 64; len <= 79; len += 15) {
        for (int i = 0; i < len; i++) name[i] = (char)('a' + i % 26);
        name[len] = 0;
        char want[96];
        snprintf(want, sizeof want, "%.30s..%s", name, name + len - 31);
        k = tf_kernel_build(dev, &o);
        CHECK_TRUE(k != NULL);
        CHECK_TRUE(k && !strcmp(tf_kernel_name(k), want));
        if (k && strcmp(tf_kernel_name(k), want))
            fprintf(stderr, "  note name '%s', want '%s'\n", tf_kernel_name(k), want);
        tf_kernel_free(k);
    }
    setenv("TT_FOIL_KERNEL_CC", wrapper, 1);
}

/* log lines (compiler runs) since line `from` that contain `what` */
static int logged(int from, const char *what)
{
    FILE *f = fopen(logf, "r");
    if (!f) return 0;
    char line[16384];
    int n = 0, at = 0;
    while (fgets(line, sizeof line, f))
        if (at++ >= from && strstr(line, what)) n++;
    fclose(f);
    return n;
}

/* A kernel with tt-llk's `#pragma GCC unroll 0` builds through its
 * rewritten text; its next variant in this process goes there directly,
 * without the failed compile first. */
static void unroll0_once(tf_device *dev)
{
    char src[300], direct[320];
    snprintf(src, sizeof src, "%s/unroll0.cpp", work);
    snprintf(direct, sizeof direct, "-c %s ", src);
    write_file(src, "void kernel_main() {\n"
                    "    volatile uint32_t *p = (volatile uint32_t *)get_arg_val<uint32_t>(0);\n"
                    "#pragma GCC unroll 0\n"
                    "    for (uint32_t i = 0; i < get_compile_time_arg_val(0); i++) p[i] = i;\n"
                    "}\n");
    for (uint32_t v = 3; v <= 4; v++) {
        int n0 = compiles();
        tf_kernel *k = ttm_build(dev, src, TF_BRISC, &v, 1);
        CHECK_TRUE(k != NULL);
        if (!k) fprintf(stderr, "  unroll 0 (%u): %s\n", v, tf_last_error());
        tf_kernel_free(k);
        CHECK_EQ_U(logged(n0, "-frewrite-includes"), 1);
        /* the plain compile that fails on the pragma: the first time only */
        CHECK_EQ_U(logged(n0, direct), v == 3);
    }
}

/* ---- the cache's bound (src/kbprune.c) ---- */

/* A kernel named `name` (its own cache entry) built into the cache. */
static void bound_build(tf_device *dev, const char *name)
{
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = TF_TEST_TTM "/loopback_dram_copy.cpp";
    o.risc = TF_BRISC;
    o.name = name;
    uint32_t page = 2048;
    o.compile_args = &page;
    o.num_compile_args = 1;
    tf_kernel *k = tf_kernel_build(dev, &o);
    CHECK_TRUE(k != NULL);
    if (!k) fprintf(stderr, "  %s: %s\n", name, tf_last_error());
    tf_kernel_free(k);
}

/* The cache's entry holding kernel `name` (its directory), or "" */
static void bound_entry(const char *cache, const char *name, char *out, size_t cap)
{
    out[0] = 0;
    DIR *d = opendir(cache);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char p[700];
        snprintf(p, sizeof p, "%s/%s/%s.brisc.elf", cache, e->d_name, name);
        if (!access(p, F_OK)) snprintf(out, cap, "%s/%s", cache, e->d_name);
    }
    if (d) closedir(d);
}

/* Every file and directory in the cache (not the stamp) `age` seconds old. */
static void bound_age(const char *cache, long age)
{
    struct timespec t[2];
    clock_gettime(CLOCK_REALTIME, &t[0]);
    t[0].tv_sec -= age;
    t[1] = t[0];
    DIR *d = opendir(cache);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') utimensat(dirfd(d), e->d_name, t, 0);
    if (d) closedir(d);
}

static int bound_count(const char *cache, const char *suffix)
{
    int n = 0;
    DIR *d = opendir(cache);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t a = strlen(e->d_name), b = strlen(suffix);
        n += a > b && !strcmp(e->d_name + a - b, suffix) && strncmp(e->d_name, "builtins", 8);
    }
    if (d) closedir(d);
    return n;
}

/* TT_FOIL_CACHE_MAX_SIZE: past it, the entries used longest ago go after a
 * build (none used within the hour), at most every 10 minutes, with their
 * deps files; a hit marks its entry used; a killed build's folder goes
 * after a day; a bad size is the default, with a warning. */
static void cache_bound(tf_device *dev)
{
    char cache[300], old[300], a[800], b[800], c[800], d[800], stamp[320];
    snprintf(cache, sizeof cache, "%s/bound", work);
    snprintf(stamp, sizeof stamp, "%s/.last-prune", cache);
    char cc[300] = "";
    snprintf(old, sizeof old, "%s", getenv("TT_FOIL_CACHE_DIR"));
    if (getenv("TT_FOIL_KERNEL_CC")) snprintf(cc, sizeof cc, "%s", getenv("TT_FOIL_KERNEL_CC"));
    setenv("TT_FOIL_CACHE_DIR", cache, 1);
    unsetenv("TT_FOIL_KERNEL_CC"); /* (the builtins are cached only with the build's compiler) */
    bound_build(dev, "ka");
    bound_build(dev, "kb");
    bound_build(dev, "kc");
    CHECK_EQ_U(bound_count(cache, ".deps"), 3);
    /* under the default bound nothing goes */
    bound_age(cache, 3 * 3600);
    unlink(stamp);
    bound_build(dev, "kd");
    CHECK_EQ_U(bound_count(cache, ".deps"), 4);
    CHECK_TRUE(!access(stamp, F_OK)); /* it scanned */
    /* a killed build's folder: a day old goes, a fresh one stays; what
     * the cache did not make is never touched, however old */
    char t1[400], t2[400], own[3][400];
    snprintf(t1, sizeof t1, "%s/tmp-0123456789abcdef0123456789abcdef-Ab3xYz", cache);
    snprintf(t2, sizeof t2, "%s/tmp-0123456789abcdef0123456789abcdef-Qr7tUv", cache);
    snprintf(own[0], sizeof own[0], "%s/tmp-userstuff", cache);
    snprintf(own[1], sizeof own[1], "%s/photos", cache);
    snprintf(own[2], sizeof own[2], "%s/todo.deps", cache);
    mkdir(t1, 0755);
    mkdir(t2, 0755);
    mkdir(own[0], 0755);
    mkdir(own[1], 0755);
    write_file(own[2], "mine\n");
    struct timespec old2[2];
    clock_gettime(CLOCK_REALTIME, &old2[0]);
    old2[0].tv_sec -= 3 * 86400;
    old2[1] = old2[0];
    bound_age(cache, 3 * 3600);
    for (int i = 0; i < 3; i++) utimensat(AT_FDCWD, own[i], old2, 0);
    struct timespec day[2];
    clock_gettime(CLOCK_REALTIME, &day[0]);
    day[0].tv_sec -= 2 * 86400;
    day[1] = day[0];
    utimensat(AT_FDCWD, t1, day, 0);
    utimensat(AT_FDCWD, t2, NULL, 0);
    /* ka used again (a hit): now the most recent; the bound at one byte */
    bound_build(dev, "ka");
    setenv("TT_FOIL_CACHE_MAX_SIZE", "1", 1);
    unlink(stamp);
    bound_build(dev, "ke"); /* a new entry: the scan */
    bound_entry(cache, "ka", a, sizeof a);
    bound_entry(cache, "kb", b, sizeof b);
    bound_entry(cache, "kc", c, sizeof c);
    bound_entry(cache, "kd", d, sizeof d);
    CHECK_TRUE(a[0] != 0);               /* used within the hour */
    CHECK_TRUE(!b[0] && !c[0] && !d[0]); /* used longest ago, past the bound */
    bound_entry(cache, "ke", b, sizeof b);
    CHECK_TRUE(b[0] != 0);
    /* kb, kc, kd's went with them (todo.deps is not the cache's) */
    CHECK_EQ_U(bound_count(cache, ".deps"), 3);
    CHECK_TRUE(access(t1, F_OK) != 0);
    CHECK_TRUE(access(t2, F_OK) == 0);
    rmdir(t2);
    for (int i = 0; i < 3; i++) CHECK_TRUE(access(own[i], F_OK) == 0);
    rmdir(own[0]);
    rmdir(own[1]);
    unlink(own[2]);
    /* a killed build's unpublished deps file goes after a day (the name
     * tf_kernel_build writes); a folder shaped like an entry but holding a
     * folder is not the cache's and stays whole */
    char dtmp[400], shaped[420], inner[440];
    snprintf(dtmp, sizeof dtmp, "%s/%032x.deps.tmp4242", cache, 0xabcu);
    snprintf(shaped, sizeof shaped, "%s/%032x-%032x", cache, 0xdefu, 0xdefu);
    snprintf(inner, sizeof inner, "%s/sub", shaped);
    write_file(dtmp, "x\n");
    mkdir(shaped, 0755);
    mkdir(inner, 0755);
    utimensat(AT_FDCWD, dtmp, old2, 0);
    utimensat(AT_FDCWD, inner, old2, 0);
    utimensat(AT_FDCWD, shaped, old2, 0);
    unlink(stamp);
    bound_build(dev, "kj");
    CHECK_TRUE(access(dtmp, F_OK) != 0);
    CHECK_TRUE(access(inner, F_OK) == 0);
    rmdir(inner);
    rmdir(shaped);
    /* the builtins' deps file gone while their entry stayed: the next
     * build that compiles them puts it back */
    DIR *bd = opendir(cache);
    for (struct dirent *be; bd && (be = readdir(bd));)
        if (!strncmp(be->d_name, "builtins-", 9) && strstr(be->d_name, ".deps")) {
            char bp[600];
            snprintf(bp, sizeof bp, "%s/%s", cache, be->d_name);
            unlink(bp);
        }
    if (bd) closedir(bd);
    bound_build(dev, "kk");
    int bdeps = 0;
    bd = opendir(cache);
    for (struct dirent *be; bd && (be = readdir(bd));)
        bdeps += !strncmp(be->d_name, "builtins-", 9) && strstr(be->d_name, ".deps") != NULL;
    if (bd) closedir(bd);
    CHECK_EQ_U(bdeps, 1);
    /* another process scanning (the stamp locked): this one does not */
    bound_age(cache, 3 * 3600);
    int lk = open(stamp, O_WRONLY);
    CHECK_TRUE(lk >= 0 && flock(lk, LOCK_EX) == 0);
    struct timespec old3[2] = {old2[0], old2[0]};
    futimens(lk, old3);
    bound_build(dev, "kl");
    bound_entry(cache, "ke", b, sizeof b);
    CHECK_TRUE(b[0] != 0);
    if (lk >= 0) close(lk);
    /* the builtins' entry was used by every build: it stays */
    int builtins = 0;
    DIR *dir = opendir(cache);
    struct dirent *e;
    while (dir && (e = readdir(dir))) builtins += !strncmp(e->d_name, "builtins-", 9);
    if (dir) closedir(dir);
    CHECK_EQ_U(builtins, 2); /* its folder and its deps file */
    /* within 10 minutes of a scan there is none */
    bound_age(cache, 3 * 3600);
    utimensat(AT_FDCWD, stamp, NULL, 0);
    bound_build(dev, "kf");
    bound_entry(cache, "ka", a, sizeof a);
    CHECK_TRUE(a[0] != 0);
    /* a removed entry is built again */
    unlink(stamp);
    bound_build(dev, "kg");
    bound_entry(cache, "ka", a, sizeof a);
    CHECK_TRUE(a[0] == 0);
    bound_build(dev, "ka");
    bound_entry(cache, "ka", a, sizeof a);
    CHECK_TRUE(a[0] != 0);
    /* a bad size: the default (nothing goes), said on stderr */
    setenv("TT_FOIL_CACHE_MAX_SIZE", "lots", 1);
    bound_age(cache, 3 * 3600);
    unlink(stamp);
    fflush(stderr);
    char errf[320];
    snprintf(errf, sizeof errf, "%s/bound.err", work);
    int fd = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644), saved = dup(2);
    dup2(fd, 2);
    bound_build(dev, "kh");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    char msg[1024] = "";
    FILE *f = fopen(errf, "r");
    size_t got = f ? fread(msg, 1, sizeof msg - 1, f) : 0;
    msg[got] = 0;
    if (f) fclose(f);
    CHECK_CONTAINS(msg, "TT_FOIL_CACHE_MAX_SIZE='lots' is not a size (a number of bytes, or one "
                        "with K, M or G; 0: no limit): the kernel cache keeps to the default, 2G");
    bound_entry(cache, "ka", a, sizeof a);
    CHECK_TRUE(a[0] != 0);
    /* at most 2000 entries a scan (a cache of tens of thousands left from
     * before shrinks over several builds, none stopped for a minute) */
    for (int i = 0; i < 2100; i++) {
        char fake[480];
        snprintf(fake, sizeof fake, "%s/%032x-%032x", cache, 0xfee0000u + (unsigned)i, 7u);
        mkdir(fake, 0755);
    }
    bound_age(cache, 3 * 3600);
    unlink(stamp);
    setenv("TT_FOIL_CACHE_MAX_SIZE", "1", 1);
    bound_build(dev, "km");
    int fakes = 0;
    DIR *fd2 = opendir(cache);
    struct dirent *e2;
    while (fd2 && (e2 = readdir(fd2)))
        fakes += !strncmp(e2->d_name, "0000000000000000000000000fee", 28);
    if (fd2) closedir(fd2);
    CHECK_EQ_U(fakes, 100); /* 2000 went: the oldest (all of one age: by name, the fakes first) */
    unsetenv("TT_FOIL_CACHE_MAX_SIZE");
    setenv("TT_FOIL_CACHE_DIR", old, 1);
    if (cc[0]) setenv("TT_FOIL_KERNEL_CC", cc, 1);
}

int main(void)
{
    snprintf(work, sizeof work, "%s/kbuild.XXXXXX", TF_TEST_WORK);
    if (!mkdtemp(work)) {
        perror(work);
        return 1;
    }
    char cache[300], wrapper[300], text[1024];
    snprintf(cache, sizeof cache, "%s/cache", work);
    snprintf(logf, sizeof logf, "%s/cc.log", work);
    snprintf(wrapper, sizeof wrapper, "%s/cc.sh", work);
    snprintf(text, sizeof text, "#!/bin/sh\necho \"$*\" >>'%s'\nexec '%s' \"$@\"\n", logf,
             TF_TEST_CLANG);
    write_file(wrapper, text);
    chmod(wrapper, 0755);
    setenv("TT_FOIL_CACHE_DIR", cache, 1);
    setenv("TT_FOIL_KERNEL_CC", wrapper, 1);
    tf_device *dev = rt_open(2, 2);

    /* miss, then hit */
    uint32_t page = 2048;
    tf_kernel *k =
        MUST_PTR(ttm_build(dev, TF_TEST_TTM "/loopback_dram_copy.cpp", TF_BRISC, &page, 1));
    int n1 = compiles();
    CHECK_EQ_U(n1, 3); /* kernel (its build note included), builtins, link */
    CHECK_TRUE(!strcmp(tf_kernel_name(k), "loopback_dram_copy"));
    ttm_check_loopback(dev, k, (tf_core){0, 0}, 3);
    tf_kernel_free(k);
    k = MUST_PTR(ttm_build(dev, TF_TEST_TTM "/loopback_dram_copy.cpp", TF_BRISC, &page, 1));
    CHECK_EQ_U(compiles(), n1); /* a hit runs no compiler */
    ttm_check_loopback(dev, k, (tf_core){0, 0}, 3);
    tf_kernel_free(k);
    /* another compile-time arg is another entry */
    uint32_t page2 = 1024;
    k = MUST_PTR(ttm_build(dev, TF_TEST_TTM "/loopback_dram_copy.cpp", TF_BRISC, &page2, 1));
    CHECK_EQ_U(compiles(), 2 * n1);
    tf_kernel_free(k);

    /* a header the kernel includes changes: miss; unchanged again: hit */
    char src[300], hdr[300];
    snprintf(src, sizeof src, "%s/k.cpp", work);
    snprintf(hdr, sizeof hdr, "%s/val.h", work);
    write_file(hdr, "#define VAL 1\n");
    write_file(src, "#include \"val.h\"\nvoid kernel_main() { *(volatile uint32_t *)get_arg_val<"
                    "uint32_t>(0) = VAL; }\n");
    k = MUST_PTR(ttm_build(dev, src, TF_NCRISC, NULL, 0));
    tf_kernel_free(k);
    int n2 = compiles();
    CHECK_EQ_U(n2, 3 * n1);
    k = MUST_PTR(ttm_build(dev, src, TF_NCRISC, NULL, 0));
    tf_kernel_free(k);
    CHECK_EQ_U(compiles(), n2);
    write_file(hdr, "#define VAL 2\n");
    k = MUST_PTR(ttm_build(dev, src, TF_NCRISC, NULL, 0));
    tf_kernel_free(k);
    CHECK_EQ_U(compiles(), n2 + n1);

    /* add_2_integers built at run time, with its DPRINT */
    k = MUST_PTR(ttm_build(dev, TF_TEST_TTM "/add_2_integers_in_riscv.cpp", TF_BRISC, NULL, 0));
    ttm_check_add2(dev, k, (tf_core){1, 1}, 1000, 234);
    tf_kernel_free(k);

    /* errors: the compiler's diagnostics, file:line */
    snprintf(src, sizeof src, "%s/bad.cpp", work);
    write_file(src, "void kernel_main()\n{\n    int x = ;\n}\n");
    CHECK_TRUE(ttm_build(dev, src, TF_BRISC, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "compile failed");
    CHECK_CONTAINS(tf_last_error(), "bad.cpp:3:13: error: expected expression");
    /* a tt-metal name tt-foil does not provide */
    snprintf(src, sizeof src, "%s/unsup.cpp", work);
    write_file(src, "void kernel_main()\n{\n    get_system_memory_noc_addr(0u, 0u);\n}\n");
    CHECK_TRUE(ttm_build(dev, src, TF_NCRISC, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "unsup.cpp:3:5: error: 'get_system_memory_noc_addr");
    CHECK_CONTAINS(tf_last_error(),
                   "is unavailable: not supported by tt-foil: host (PCIe) memory over the NOC");
    /* one taking a type as template argument says so too (it was "no
     * matching function", the reason only in a note) */
    write_file(src, "void kernel_main()\n{\n    uint32_t a = rt_args::get<uint32_t>(0);\n"
                    "    (void)a;\n}\n");
    CHECK_TRUE(ttm_build(dev, src, TF_NCRISC, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "unsup.cpp:3:27: error: 'get<unsigned int, int>' is "
                                    "unavailable: not supported by tt-foil: named runtime args");
    CHECK_CONTAINS(tf_last_error(), "1 error generated");
    /* no kernel_main: refused at link (it loaded as an image with no code) */
    write_file(src, "int foo;\n");
    CHECK_TRUE(ttm_build(dev, src, TF_BRISC, NULL, 0) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tt-foil: the kernel defines no kernel_main: define void "
                                    "kernel_main()");
    /* a compile-time arg index out of range */
    snprintf(src, sizeof src, "%s/cta.cpp", work);
    write_file(src,
               "void kernel_main()\n{\n    constexpr uint32_t v = get_compile_time_arg_val(1);\n"
               "    (void)v;\n}\n");
    CHECK_TRUE(ttm_build(dev, src, TF_BRISC, &page, 1) == NULL);
    CHECK_CONTAINS(tf_last_error(), "get_compile_time_arg_val: index out of range of this "
                                    "kernel's compile-time args");
    CHECK_CONTAINS(tf_last_error(), "cta.cpp:3:");
    /* a compute kernel's settings (tt-metal's ComputeConfig): the kernel
     * static_asserts that MATH_FIDELITY and DST_ACCUM_MODE follow them */
    {
        char mm[512];
        snprintf(mm, sizeof mm, "%s/compute/ops_matmul.cpp", TF_TEST_TTM);
        const char *lofi[] = {"TF_TEST_FIDELITY=LoFi", "TF_TEST_FP32=true"};
        const char *dflt[] = {"TF_TEST_FIDELITY=HiFi4", "TF_TEST_FP32=false"};
        tf_kernel_build_opts c;
        tf_kernel_build_opts_init(&c);
        CHECK_TRUE(c.math_fidelity == -1 && c.fp32_dest_acc == -1 && c.math_approx == -1);
        c.source = mm;
        c.risc = TF_COMPUTE;
        c.defines = dflt;
        c.num_defines = 2;
        tf_kernel *k = tf_kernel_build(dev, &c);
        CHECK_TRUE(k != NULL); /* the defaults: HiFi4, a 16-bit DEST */
        tf_kernel_free(k);
        c.math_fidelity = TF_MATH_LOFI;
        c.fp32_dest_acc = 1;
        c.math_approx = 1;
        c.defines = lofi;
        k = tf_kernel_build(dev, &c);
        CHECK_TRUE(k != NULL);
        tf_kernel_free(k);
        c.defines = dflt; /* the kernel expects the defaults: the settings reach it */
        CHECK_TRUE(tf_kernel_build(dev, &c) == NULL);
        CHECK_CONTAINS(tf_last_error(), "MATH_FIDELITY follows the option");
        c.math_fidelity = 1;
        CHECK_TRUE(tf_kernel_build(dev, &c) == NULL);
        CHECK_CONTAINS(tf_last_error(), "math_fidelity 1 is not a tf_math_fidelity");
        c.math_fidelity = -1;
        c.fp32_dest_acc = 2;
        CHECK_TRUE(tf_kernel_build(dev, &c) == NULL);
        CHECK_CONTAINS(tf_last_error(), "fp32_dest_acc and math_approx are 0, 1 or -1");
        c.fp32_dest_acc = 1;
        c.risc = TF_NCRISC;
        CHECK_TRUE(tf_kernel_build(dev, &c) == NULL);
        CHECK_CONTAINS(tf_last_error(), "are settings of compute kernels");
    }
    unroll0_once(dev);
    cache_bound(dev);
    fault_lines(dev);
    warnings(dev);
    build_steps(dev, cache, wrapper);
    /* nothing half-written was left in the cache by the failures */
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    CHECK_TRUE(tf_kernel_build(dev, &o) == NULL);
    CHECK_CONTAINS(tf_last_error(), "no source file");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_kbuild");
}
