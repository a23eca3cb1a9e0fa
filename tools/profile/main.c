/* tt_foil_profile: run a program with every profiler log switched on and
 * turn what it recorded into the report tree (docs/profiling.md,
 * "tt_foil_profile"), or rebuild the reports of an earlier run.
 *
 *   tt_foil_profile [options] [--] PROGRAM [ARGS...]
 *   tt_foil_profile [options] report DIR */
#include "pf.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_OUTDIR       "generated/profiler"
#define DEFAULT_MAX_TIMELINE 1000000

/* exit statuses of the tool's own failures (documented in --help) */
enum { EXIT_USAGE = 2, EXIT_NOT_EXEC = 126, EXIT_NOT_FOUND = 127 };

static const char usage_text[] =
    "usage: tt_foil_profile [options] [--] PROGRAM [ARGS...]\n"
    "       tt_foil_profile [options] report DIR\n"
    "\n"
    "Runs PROGRAM with the tt-foil profiler logs switched on (TT_FOIL_TRACE and\n"
    "TT_FOIL_MEM_LOG, one file per process under DIR/.logs/; the device markers are\n"
    "in the trace), then writes the reports to DIR/reports/: tt_foil_perf_results.csv,\n"
    "tt_foil_perf_per_call.csv, tt_foil_phases.csv, tt_foil_memory_report.csv,\n"
    "tt_foil_device_perf.csv, tt_foil_trace.json (Perfetto UI, chrome://tracing),\n"
    "tt_foil_report.html and tt_foil_diagnostics.txt, and prints a summary on stderr.\n"
    "'report DIR' rebuilds the reports of DIR/.logs/ without running anything\n"
    "(summary on stdout). Put '--' before PROGRAM if it could be taken for an option\n"
    "or is named 'report'.\n"
    "\n"
    "options:\n"
    "  -o, --output-folder DIR  where .logs/ and reports/ go (default " DEFAULT_OUTDIR ")\n"
    "  --zone-filter SUBSTR     host reports keep only zones whose name contains SUBSTR\n"
    "  --max-timeline N         timeline slices of each kind (host, device, memory events)\n"
    "                           in tt_foil_trace.json, and per view in the HTML (up to\n"
    "                           2000000 zones there), shared fairly by the tracks; runs of short\n"
    "                           zones beyond a track's share are merged into slices that\n"
    "                           say how many zones they stand for (default 1000000; the\n"
    "                           CSVs keep all)\n"
    "  --device-time            tt_foil_trace.json lays each dispatch out in device cycles\n"
    "                           (one row per core and RISC) instead of the host clock\n"
    "  --show-wrappers          the summary's device zones include the firmware's -FW and\n"
    "                           -KERNEL zones (left out by default: they contain the rest)\n"
    "  --zone-prefix PREFIX     host reports keep only zones whose name starts with\n"
    "                           PREFIX (the spec's flag; e.g. TF_ for tt-foil's own)\n"
    "  -v, --verbose            show the environment set, the command run, and timings\n"
    "  --check PROGRAM          say which profilers PROGRAM was built with, and exit\n"
    "  -h, --help               this text\n"
    "\n"
    "Accepted for the spec's Tracy-based wrapper, and not needed here (each prints a\n"
    "line saying why): --capture-port N (there is no capture server: the program\n"
    "writes its trace itself), --kernel-source-dirs DIRS (device zone names come\n"
    "exactly from the ELFs that ran; no source scanning).\n"
    "\n"
    "exit status: the program's own, or 128+N if signal N killed it (the reports are\n"
    "still written from what it recorded). Otherwise: 1 nothing was recorded, a report\n"
    "could not be written or the output folder is unusable; 2 bad usage, or (report\n"
    "mode) some logs could not be read; 126 PROGRAM is not executable; 127 PROGRAM\n"
    "not found.\n";

static int error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PF_TOOL ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the output folder ---------------------------------------------------------------- */

static int mkdir_p(const char *path)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) return errno = ENAMETOOLONG, -1;
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0777) && errno != EEXIST) return -1;
        *p = '/';
    }
    if (mkdir(buf, 0777) && errno != EEXIST) return -1;
    struct stat st;
    if (stat(buf, &st)) return -1;
    if (!S_ISDIR(st.st_mode)) return errno = ENOTDIR, -1;
    return 0;
}

/* Create DIR/.logs and DIR/reports, check they can be written, make DIR
 * absolute (the program may change directory) and clear the previous
 * run's files so nothing stale is reported. */
static int prepare_outdir(const char *dir, char *abs, size_t n)
{
    char sub[PATH_MAX + 16];
    const char *subs[] = {PF_LOGS, PF_REPORTS};
    if (mkdir_p(dir))
        return error(1, "cannot create the output folder '%s': %s (choose another with -o)", dir,
                     strerror(errno));
    for (int i = 0; i < 2; i++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, subs[i]);
        if (mkdir_p(sub) || access(sub, W_OK | X_OK))
            return error(1,
                         "cannot write to the output folder '%s': %s: %s (choose another with "
                         "-o)",
                         dir, sub, strerror(errno));
    }
    char resolved[PATH_MAX];
    if (!realpath(dir, resolved) || strlen(resolved) >= n)
        return error(1, "cannot resolve the output folder '%s': %s", dir, strerror(errno));
    snprintf(abs, n, "%s", resolved);
    const char *stale[] = {PF_TRACE,        PF_MEMLOG,        PF_MEMLOG_CSV,   PF_OPS_CSV,
                           PF_DEVZONES_CSV, PF_CLOCK_SYNC,    PF_PERF_RESULTS, PF_PERF_PER_CALL,
                           PF_PHASES,       PF_MEMORY_REPORT, PF_DEVICE_PERF,  PF_TRACE_JSON,
                           PF_REPORT_HTML,  PF_DIAGNOSTICS,   PF_OPEN_ZONES};
    for (size_t i = 0; i < sizeof stale / sizeof *stale; i++) {
        snprintf(sub, sizeof sub, "%s/%s", abs, stale[i]);
        if (unlink(sub) && errno != ENOENT)
            return error(1, "cannot remove the previous run's %s: %s", sub, strerror(errno));
        /* and a text log's end record (out.c) */
        size_t len = strlen(sub);
        if (strncmp(stale[i], PF_LOGS "/", strlen(PF_LOGS "/")) || len < 4 ||
            strcmp(sub + len - 4, ".csv") || len + strlen(CM_CSV_END_SUFFIX) >= sizeof sub)
            continue;
        strcat(sub, CM_CSV_END_SUFFIX);
        if (unlink(sub) && errno != ENOENT)
            return error(1, "cannot remove the previous run's %s: %s", sub, strerror(errno));
    }
    /* the per-process logs (tt_foil_trace.<pid>.tft, ...) of earlier runs */
    snprintf(sub, sizeof sub, "%s/%s", abs, PF_LOGS);
    DIR *d = opendir(sub);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strncmp(e->d_name, "tt_foil_trace.", 14) && strncmp(e->d_name, "tt_foil_memlog.", 15))
            continue;
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".tft")) continue;
        snprintf(sub, sizeof sub, "%s/%s/%s", abs, PF_LOGS, e->d_name);
        if (unlink(sub) && errno != ENOENT) {
            closedir(d);
            return error(1, "cannot remove the previous run's %s: %s", sub, strerror(errno));
        }
    }
    if (d) closedir(d);
    return 0;
}

/* ---- the program ------------------------------------------------------------------------ */

/* PROGRAM as execv needs it: a path, or found in PATH like a shell would. */
static int find_program(const char *prog, char *out, size_t n)
{
    struct stat st;
    if (strchr(prog, '/')) {
        if (stat(prog, &st))
            return error(EXIT_NOT_FOUND, "program not found: '%s': %s", prog, strerror(errno));
        if (S_ISDIR(st.st_mode))
            return error(EXIT_NOT_EXEC, "'%s' is a directory, not a program", prog);
        if (access(prog, X_OK))
            return error(EXIT_NOT_EXEC, "'%s' is not executable (chmod +x it?)", prog);
        snprintf(out, n, "%s", prog);
        return 0;
    }
    const char *path = getenv("PATH");
    int found_not_exec = 0;
    for (const char *p = path ? path : ""; *p || p == path;) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        snprintf(out, n, "%.*s%s%s", (int)len, p, len ? "/" : "", prog);
        if (!stat(out, &st) && !S_ISDIR(st.st_mode)) {
            if (!access(out, X_OK)) return 0;
            found_not_exec = 1;
        }
        if (!end) break;
        p = end + 1;
    }
    if (found_not_exec) return error(EXIT_NOT_EXEC, "'%s' is in PATH but not executable", prog);
    return error(EXIT_NOT_FOUND,
                 "program not found: '%s' is not in PATH (give a path, e.g. ./build/tests/%s)",
                 prog, prog);
}

static pid_t child_pid;

/* Ctrl-C or SIGTERM while the reports are written: no partial file is left
 * (each is written under a temporary name and renamed when complete). */
static void on_report_signal(int sig)
{
    pf_out_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void report_signals(void)
{
    struct sigaction sa = {.sa_handler = on_report_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static void forward_signal(int sig)
{
    if (child_pid > 0) kill(child_pid, sig);
}

/* Point every log variable of tf_env.h that has a tool log at abs/<log>
 * (one file per process: the logs have "%p" in their names), and unset the
 * runtime's CSV logs: the tool derives them from the traces, and the
 * program must not write them twice (nor where the user's environment
 * happened to point them). */
static int set_log_env(const char *abs, int verbose)
{
    char v[PATH_MAX + 64];
    unsetenv(tf_env_name(TF_ENV_DEVICE_ZONES_CSV));
    unsetenv(tf_env_name(TF_ENV_DEVICE_CLOCK_SYNC));
    for (int e = 0; e < TF_ENV_COUNT; e++) {
        const char *rel = tf_env_log((enum tf_env_id)e), *name = tf_env_name((enum tf_env_id)e);
        if (!rel) continue;
        snprintf(v, sizeof v, "%s/%s", abs, rel);
        if (setenv(name, v, 1)) return error(1, "setenv: %s", strerror(errno));
        if (verbose) fprintf(stderr, PF_TOOL ": %s=%s\n", name, v);
    }
    return 0;
}

/* Run the program with the user's stdin/stdout/stderr; returns its wait
 * status, or -1 after a message. Ctrl-C reaches the program (same process
 * group) but not us, so the reports are still written; SIGTERM and SIGHUP
 * sent to us are passed on. */
static int run_program(const char *path, char **argv, double *secs)
{
    struct sigaction ign = {.sa_handler = SIG_IGN}, fwd = {.sa_handler = forward_signal}, old[4];
    sigemptyset(&ign.sa_mask);
    sigemptyset(&fwd.sa_mask);
    double t0 = now_s();
    fflush(NULL);
    child_pid = fork();
    if (child_pid < 0) return error(-1, "cannot start '%s': fork: %s", argv[0], strerror(errno));
    if (child_pid == 0) {
        execv(path, argv);
        fprintf(stderr, PF_TOOL ": cannot run '%s': %s\n", path, strerror(errno));
        _exit(EXIT_NOT_EXEC);
    }
    sigaction(SIGINT, &ign, &old[0]);
    sigaction(SIGQUIT, &ign, &old[1]);
    sigaction(SIGTERM, &fwd, &old[2]);
    sigaction(SIGHUP, &fwd, &old[3]);
    int status = 0;
    while (waitpid(child_pid, &status, 0) < 0) {
        if (errno != EINTR) {
            status = error(-1, "waiting for '%s': %s", argv[0], strerror(errno));
            break;
        }
    }
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGQUIT, &old[1], NULL);
    sigaction(SIGTERM, &old[2], NULL);
    sigaction(SIGHUP, &old[3], NULL);
    *secs = now_s() - t0;
    return status;
}

/* ---- main ------------------------------------------------------------------------------ */

static int parse_count(const char *opt, const char *v, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (!*v || *end || errno || n == 0 || *v == '-')
        return error(EXIT_USAGE, "%s: invalid value '%s' (a positive number)", opt, v);
    *out = (size_t)n;
    return 0;
}

/* The exit status once the reports are written, in both modes: `status`
 * (the program's own; 0 in report mode) unless nothing was recorded or a
 * report could not be written (then 1 if it was 0), or, in report mode,
 * some logs could not be read (2). `what` names the program or the logs. */
static int final_status(const pf_logs *l, int status, int report_mode, const char *what,
                        const char *diagnostics_dir)
{
    if (pf_nothing_recorded(l))
        error(1,
              "nothing was recorded%s%s: %s was built without the profilers; rebuild it with "
              "-DTT_FOIL_ENABLE_TRACY=ON (host zones, memory) and/or "
              "-DTT_FOIL_DEVICE_PROFILER=ON (device zones)",
              report_mode ? " in " : "", report_mode ? what : "",
              report_mode ? "the program" : what);
    else if (l->write_errors)
        error(1, "some reports could not be written (see above)");
    else if (report_mode && l->errors)
        return error(2, "some logs could not be read; the reports hold the rest (see %s/%s)",
                     diagnostics_dir, PF_DIAGNOSTICS);
    else
        return status;
    return status ? status : 1;
}

int main(int argc, char **argv)
{
    pf_options opt = {.outdir = DEFAULT_OUTDIR, .max_timeline = DEFAULT_MAX_TIMELINE};
    int i = 1, report_mode = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || !a[1]) break; /* the program (or "report") */
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            opt.verbose = 1;
            continue;
        }
        if (!strcmp(a, "--show-wrappers") || !strcmp(a, "--device-time")) {
            *(a[2] == 's' ? &opt.show_wrappers : &opt.device_time) = 1;
            continue;
        }
        static const char *const with_value[] = {"-o",
                                                 "--output-folder",
                                                 "--zone-filter",
                                                 "--max-timeline",
                                                 "--zone-prefix",
                                                 "--capture-port",
                                                 "--kernel-source-dirs",
                                                 "--check"};
        enum { O_OUT, O_OUTDIR, O_FILTER, O_MAXTL, O_PREFIX, O_PORT, O_KSRC, O_CHECK, O_N };
        _Static_assert(sizeof with_value / sizeof *with_value == O_N, "option table");
        int k = -1;
        for (int j = 0; j < O_N; j++) {
            size_t n = strlen(with_value[j]);
            if (!strncmp(a, with_value[j], n) && (a[n] == 0 || (a[n] == '=' && j))) {
                k = j;
                val = a[n] ? a + n + 1 : NULL;
            }
        }
        if (k < 0 && !strncmp(a, "-o", 2)) k = 0, val = a + 2; /* -oDIR */
        if (k < 0)
            return error(EXIT_USAGE,
                         "unknown option '%s' (see --help; put '--' before the "
                         "program if the option is its own)",
                         a);
        if (!val) {
            if (i + 1 >= argc) return error(EXIT_USAGE, "%s needs a value (see --help)", a);
            val = argv[++i];
        }
        if (k == O_OUT || k == O_OUTDIR) {
            if (!*val) return error(EXIT_USAGE, "%s: the output folder is empty", a);
            opt.outdir = val;
        } else if (k == O_FILTER) {
            opt.zone_filter = val;
        } else if (k == O_PREFIX) {
            opt.zone_prefix = val;
        } else if (k == O_PORT) {
            size_t port = 0;
            if (parse_count(a, val, &port)) return EXIT_USAGE;
            if (port > 65535) return error(EXIT_USAGE, "%s: invalid port '%s' (1..65535)", a, val);
            fprintf(stderr,
                    PF_TOOL ": --capture-port %s is not needed: there is no capture server, "
                            "the program writes its trace to .logs/ itself (ignored)\n",
                    val);
        } else if (k == O_KSRC) {
            fprintf(stderr,
                    PF_TOOL
                    ": --kernel-source-dirs %s is not needed: device zone names come "
                    "exactly from the kernel and firmware ELFs that ran, no source scanning "
                    "(ignored)\n",
                    val);
        } else if (k == O_CHECK) {
            if (i + 1 != argc)
                return error(EXIT_USAGE, "--check takes one PROGRAM and nothing after it");
            return pf_check(val, stdout);
        } else if (parse_count(a, val, &opt.max_timeline)) {
            return EXIT_USAGE;
        }
    }
    if (i < argc && !strcmp(argv[i], "report") && (i == 1 || strcmp(argv[i - 1], "--"))) {
        report_mode = 1;
        if (i + 2 != argc)
            return error(EXIT_USAGE, "usage: tt_foil_profile [options] report DIR (see --help)");
        opt.outdir = argv[i + 1];
    } else if (i >= argc) {
        fputs(usage_text, stderr);
        return error(EXIT_USAGE, "no program to run");
    }

    pf_logs l;
    if (report_mode) {
        char logs[PATH_MAX + 16];
        struct stat st;
        snprintf(logs, sizeof logs, "%s/%s", opt.outdir, PF_LOGS);
        if (stat(opt.outdir, &st) || !S_ISDIR(st.st_mode))
            return error(1, "report: '%s' is not a folder (%s)", opt.outdir,
                         errno ? strerror(errno) : "not a directory");
        if (stat(logs, &st) || !S_ISDIR(st.st_mode))
            return error(1,
                         "report: '%s' has no .logs/ folder: run a program under "
                         "tt_foil_profile -o %s first",
                         opt.outdir, opt.outdir);
        char rep[PATH_MAX + 16];
        snprintf(rep, sizeof rep, "%s/%s", opt.outdir, PF_REPORTS);
        if (mkdir_p(rep) || access(rep, W_OK | X_OK))
            return error(1, "report: cannot write to '%s': %s", rep, strerror(errno));
        double t0 = now_s();
        report_signals();
        uint64_t events = pf_generate(&l, opt.outdir, &opt, stdout);
        if (opt.verbose) {
            fprintf(stderr, PF_TOOL ": %llu events in %.3f s\n", (unsigned long long)events,
                    now_s() - t0);
            pf_print_steps(&l, stderr);
        }
        int status = final_status(&l, 0, 1, logs, opt.outdir);
        pf_free(&l);
        return status;
    }

    char path[PATH_MAX], abs[PATH_MAX];
    int rc = find_program(argv[i], path, sizeof path);
    if (rc) return rc;
    if ((rc = prepare_outdir(opt.outdir, abs, sizeof abs))) return rc;
    if ((rc = set_log_env(abs, opt.verbose))) return rc;
    if (opt.verbose) {
        fprintf(stderr, PF_TOOL ": running");
        for (int k = i; k < argc; k++) fprintf(stderr, " %s", argv[k]);
        fputc('\n', stderr);
    }
    double secs = 0;
    int ws = run_program(path, argv + i, &secs);
    if (ws == -1) return 1;
    int status;
    double t0 = now_s();
    report_signals();
    uint64_t events = pf_generate(&l, abs, &opt, stderr);
    if (opt.verbose) {
        fprintf(stderr, PF_TOOL ": %llu events read and reported in %.3f s\n",
                (unsigned long long)events, now_s() - t0);
        pf_print_steps(&l, stderr);
    }
    if (WIFSIGNALED(ws)) {
        int sig = WTERMSIG(ws);
        status = 128 + sig;
        error(status,
              "%s was killed by signal %d (%s) after %.2f s; the reports hold what it "
              "recorded until then",
              argv[i], sig, strsignal(sig), secs);
    } else {
        status = WEXITSTATUS(ws);
        if (opt.verbose || status)
            fprintf(stderr, PF_TOOL ": %s exited with status %d after %.2f s\n", argv[i], status,
                    secs);
    }
    status = final_status(&l, status, 0, argv[i], abs);
    pf_free(&l);
    return status;
}
