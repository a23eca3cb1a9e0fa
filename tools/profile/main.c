/* tt_foil_profile: run a program with every profiler log switched on and
 * turn what it recorded into the report tree (docs/profiling.md,
 * "tt_foil_profile"), or rebuild the reports of an earlier run.
 *
 *   tt_foil_profile [options] [--] PROGRAM [ARGS...]
 *   tt_foil_profile [options] report DIR */
#include "pf.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

#define DEFAULT_OUTDIR       "generated/profiler"
#define DEFAULT_MAX_TIMELINE 1000000
#define DEFAULT_MAX_OPS      10000

/* exit statuses of the tool's own failures (documented in --help) */
enum { EXIT_USAGE = 2, EXIT_NOT_EXEC = 126, EXIT_NOT_FOUND = 127 };

static const char usage_text[] =
    "usage: tt_foil_profile [options] [--] PROGRAM [ARGS...]\n"
    "       tt_foil_profile [options] report DIR\n"
    "       tt_foil_profile compare [--top N] [--csv FILE] [--html FILE] [--fail-above PCT]\n"
    "                               A B\n"
    "\n"
    "Runs PROGRAM with the tt-foil profiler logs switched on (TT_FOIL_TRACE and\n"
    "TT_FOIL_MEM_LOG, one file per process under DIR/.logs/; the device markers are\n"
    "in the trace), then writes the reports to DIR/reports/: tt_foil_perf_results.csv,\n"
    "tt_foil_perf_per_call.csv, tt_foil_phases.csv, tt_foil_memory_report.csv,\n"
    "tt_foil_memory_sites.csv, tt_foil_device_perf.csv, tt_foil_ops_perf.csv,\n"
    "tt_foil_ops_cores.csv,\n"
    "tt_foil_trace.json (Perfetto UI, chrome://tracing),\n"
    "tt_foil_report.html and tt_foil_diagnostics.txt, and prints a summary on stderr.\n"
    "Processes PROGRAM started that still write logs when it exits are waited for\n"
    "(Ctrl-C stops waiting). One run at a time per DIR: a second one is refused.\n"
    "'report DIR' rebuilds the reports of DIR/.logs/ without running anything\n"
    "(summary on stdout). 'compare A B' sets two runs' reports side by side, B against\n"
    "A, and can fail on slower device cycles ('compare --help' says more). Put '--'\n"
    "before PROGRAM if it could be taken for an option or is named 'report' or\n"
    "'compare'.\n"
    "\n"
    "options:\n"
    "  -o, --output-folder DIR  where .logs/ and reports/ go (default " DEFAULT_OUTDIR ")\n"
    "  --zone-filter SUBSTR     host reports keep only zones whose name contains SUBSTR\n"
    "  --max-timeline N         timeline slices of each kind (host, device, memory events,\n"
    "                           frame marks, counter steps) in tt_foil_trace.json, and\n"
    "                           per view in the HTML (up to 2000000 zones there), shared\n"
    "                           fairly by the tracks; runs of short zones beyond a\n"
    "                           track's share are merged into slices that say how many\n"
    "                           zones they stand for, frame marks thinned to one per\n"
    "                           stretch of time, memory and counters to each stretch's\n"
    "                           peak and last value (default 1000000; the CSVs keep all)\n"
    "  --max-ops N              ops in the HTML's Ops section: the N longest (default\n"
    "                           10000; a note says how many were left out; the ops\n"
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
    "could not be written, the output folder is unusable or another run is using it;\n"
    "2 bad usage, or (report mode) some logs could not be read; 126 PROGRAM is not\n"
    "executable; 127 PROGRAM not found; 128+N if signal N (Ctrl-C, SIGTERM, SIGHUP)\n"
    "stopped the tool itself as it made the reports (it says so; the logs are kept).\n";

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

/* Remove dir/<rel> for each of the n names, and a text log's end record
 * (out.c) with it. */
static int remove_files(const char *dir, const char *const *rel, size_t n)
{
    char sub[PATH_MAX + 64];
    for (size_t i = 0; i < n; i++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, rel[i]);
        if (unlink(sub) && errno != ENOENT)
            return error(1,
                         "cannot remove the previous run's %s: %s (remove it, or choose another "
                         "output folder with -o)",
                         sub, strerror(errno));
        size_t len = strlen(sub);
        if (strncmp(rel[i], PF_LOGS "/", strlen(PF_LOGS "/")) || len < 4 ||
            strcmp(sub + len - 4, ".csv") || len + strlen(CM_CSV_END_SUFFIX) >= sizeof sub)
            continue;
        strcat(sub, CM_CSV_END_SUFFIX);
        if (unlink(sub) && errno != ENOENT)
            return error(1,
                         "cannot remove the previous run's %s: %s (remove it, or choose another "
                         "output folder with -o)",
                         sub, strerror(errno));
    }
    return 0;
}

/* Every report a run may write, including those written only sometimes
 * (the open zones, the ops reports): both modes remove them all first, so
 * a report that this run does not write (or fails to) is absent, never the
 * previous run's next to fresh ones. */
static const char *const report_files[] = {PF_PERF_RESULTS,  PF_PERF_PER_CALL, PF_PHASES,
                                           PF_MEMORY_REPORT, PF_DEVICE_PERF,   PF_TRACE_JSON,
                                           PF_REPORT_HTML,   PF_DIAGNOSTICS,   PF_OPEN_ZONES,
                                           PF_OPS_PERF,      PF_OPS_CORES,     PF_MEMORY_SITES};

static int clear_reports(const char *dir)
{
    return remove_files(dir, report_files, sizeof report_files / sizeof *report_files);
}

/* The lock that keeps two runs (or a run and a `report`) out of one output
 * folder: a second run would delete the first one's logs while its program
 * writes them, and each would report the other's processes. flock(), not
 * a file's existence: the kernel releases it when its holder dies, so a
 * killed run leaves no stale lock. Not inherited by the program (O_CLOEXEC).
 * The holder's pid is written in it for the refusal's message. Returns the
 * fd (kept open until exit), or -1 after a message. */
#define LOCK_FILE PF_LOGS "/.tt_foil_profile.lock"
static int lock_outdir(const char *dir)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", dir, LOCK_FILE);
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return error(-1,
                     "cannot create the lock file %s: %s (choose another output folder with -o)", p,
                     strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int err = errno;
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        pid[n > 0 ? n : 0] = 0;
        pid[strcspn(pid, "\n")] = 0;
        close(fd);
        if (err == EWOULDBLOCK)
            return error(-1,
                         "the output folder '%s' is in use by another tt_foil_profile%s%s (it "
                         "holds %s): wait for it to finish, or choose another folder with -o",
                         dir, pid[0] ? ", pid " : "", pid, p);
        return error(-1, "cannot lock %s: %s (choose another output folder with -o)", p,
                     strerror(err));
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) || pwrite(fd, pid, (size_t)n, 0) != n)
        n = 0; /* only the refusal's message reads it: it then names no pid */
    return fd;
}

static int log_writers(const char *abs, char *list, size_t n, int open_only);

/* Create DIR/.logs and DIR/reports, check they can be written, make DIR
 * absolute (the program may change directory), lock it (*lock_fd) and
 * clear the previous run's files so nothing stale is reported. */
static int prepare_outdir(const char *dir, char *abs, size_t n, int *lock_fd)
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
    if ((*lock_fd = lock_outdir(abs)) < 0) return 1;
    /* a run whose tt_foil_profile was killed may have left its program
     * writing here: its logs are not the previous run's to delete */
    char live[512];
    if (log_writers(abs, live, sizeof live, 1))
        return error(1,
                     "the output folder '%s' has logs that running processes still write (%s; "
                     "e.g. an earlier run's tt_foil_profile was killed and left them, or a "
                     "program was started with TT_FOIL_TRACE pointing here); let them finish "
                     "(then `" PF_TOOL " report %s` reports them) or stop them, or choose another "
                     "folder with -o",
                     dir, live, dir);
    static const char *const logs[] = {PF_TRACE,   PF_MEMLOG,       PF_MEMLOG_CSV,
                                       PF_OPS_CSV, PF_DEVZONES_CSV, PF_CLOCK_SYNC};
    int rc = remove_files(abs, logs, sizeof logs / sizeof *logs);
    if (rc || (rc = clear_reports(abs))) return rc;
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

static volatile pid_t child_pid;

/* SIGINT, SIGTERM and SIGHUP: what stops the tool's waits and its reports.
 * From the program's exit to the report writers' guard they are blocked
 * across every change of handler (run_program -> wait_background ->
 * pf_out_guard_signals), so one that comes in between is taken by the next
 * stage's handler instead of ending the tool by the default action: no
 * reports, no message. */
static void stop_set(sigset_t *s)
{
    sigemptyset(s);
    sigaddset(s, SIGINT);
    sigaddset(s, SIGTERM);
    sigaddset(s, SIGHUP);
}

/* Test only (TT_FOIL_PROFILE_PAUSE_AT=stage): held at `stage` (start: the
 * program started, the tool not run since; exited: the program reaped;
 * reports: before the reports' guard) until one of `set`, blocked here,
 * is pending; it then takes its course when it is unblocked. Said on
 * stderr so that a test knows when to send it. */
static void pause_at(const char *stage, const sigset_t *set)
{
    const char *at = getenv(tf_env_name(TF_ENV_PROFILE_PAUSE_AT));
    if (!at || strcmp(at, stage)) return;
    fprintf(stderr, PF_TOOL ": held at %s until a signal comes (%s)\n", stage,
            tf_env_name(TF_ENV_PROFILE_PAUSE_AT));
    for (;;) {
        sigset_t p;
        sigpending(&p);
        for (int s = 1; s < NSIG; s++)
            if (sigismember(set, s) == 1 && sigismember(&p, s) == 1) return;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
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
    char v[2 * PATH_MAX + 64], dir[2 * PATH_MAX];
    unsetenv(tf_env_name(TF_ENV_DEVICE_ZONES_CSV));
    unsetenv(tf_env_name(TF_ENV_DEVICE_CLOCK_SYNC));
    /* the folder's own '%'s doubled: the recorder reads "%p" as the pid and
     * "%%" as '%' (a folder "100%pure" once sent every log to "100<pid>ure") */
    size_t k = 0;
    for (const char *c = abs; *c && k + 2 < sizeof dir; c++) {
        if (*c == '%') dir[k++] = '%';
        dir[k++] = *c;
    }
    dir[k] = 0;
    for (int e = 0; e < TF_ENV_COUNT; e++) {
        const char *rel = tf_env_log((enum tf_env_id)e), *name = tf_env_name((enum tf_env_id)e);
        if (!rel) continue;
        snprintf(v, sizeof v, "%s/%s", dir, rel);
        if (setenv(name, v, 1)) return error(1, "setenv: %s", strerror(errno));
        if (verbose) fprintf(stderr, PF_TOOL ": %s=%s\n", name, v);
    }
    return 0;
}

/* Why execv failed, said the way a user can act on it: ENOENT for a file
 * that exists means its #! interpreter is missing. */
static int exec_failed(const char *path, int err)
{
    char line[256] = "";
    FILE *f = fopen(path, "r");
    if (f) {
        if (!fgets(line, sizeof line, f)) line[0] = 0;
        fclose(f);
    }
    if (err == ENOENT && !strncmp(line, "#!", 2)) {
        char *interp = line + 2;
        interp += strspn(interp, " \t");
        interp[strcspn(interp, " \t\r\n")] = 0;
        return error(EXIT_NOT_EXEC,
                     "cannot execute '%s': its interpreter '%s' (its #! line) was not found; fix "
                     "that line or install the interpreter",
                     path, interp);
    }
    if (err == ENOEXEC)
        return error(EXIT_NOT_EXEC,
                     "cannot execute '%s': it is not a program this system can run (%s); give "
                     "a program built for this machine, or a script with a #! line",
                     path, strerror(err));
    return error(EXIT_NOT_EXEC, "cannot execute '%s': %s", path, strerror(err));
}

/* Run the program with the user's stdin/stdout/stderr; returns its wait
 * status (with stop_set's signals blocked), -1 after a message, or -2 -
 * exit status when it could not be executed (after a message: nothing
 * ran, so there is nothing to report).
 * Ctrl-C reaches the program (same process group) but not us, so the
 * reports are still written; SIGTERM and SIGHUP sent to us are passed on.
 * *alive_fd is the read end of a pipe whose write end every process the
 * program starts inherits (wait_background). */
static int run_program(const char *path, char **argv, double *secs, int *alive_fd)
{
    static const int sigs[4] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP};
    struct sigaction ign = {.sa_handler = SIG_IGN}, fwd = {.sa_handler = forward_signal}, old[4];
    sigemptyset(&ign.sa_mask);
    sigemptyset(&fwd.sa_mask);
    /* execv's errno comes back through a close-on-exec pipe: a program
     * that could not be started is told from one that exited 126 */
    int ex[2], alive[2];
    if (pipe2(ex, O_CLOEXEC))
        return error(-1, "cannot start '%s': pipe: %s", argv[0], strerror(errno));
    if (pipe2(alive, O_CLOEXEC)) {
        close(ex[0]);
        close(ex[1]);
        return error(-1, "cannot start '%s': pipe: %s", argv[0], strerror(errno));
    }
#ifdef __linux__
    /* processes the program leaves running in the background become our
     * children when their parent exits: wait_background reaps them */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
    /* The signals are ours to ignore or pass on from before the fork, not
     * from after the exec handshake: the program runs from its exec on, and
     * a SIGTERM sent to us once it had started (test_tt_foil_profile sends
     * it when the program has printed "flushed") killed us outright if we
     * had not been scheduled since the exec: no reports, no message. TERM
     * and HUP stay blocked until child_pid names the program (one that
     * arrives meanwhile is passed on then); the child puts back our
     * dispositions and mask, which the program inherits through exec. */
    sigset_t pass, mask;
    sigemptyset(&pass);
    sigaddset(&pass, SIGTERM);
    sigaddset(&pass, SIGHUP);
    sigprocmask(SIG_BLOCK, &pass, &mask);
    for (int k = 0; k < 4; k++) sigaction(sigs[k], k < 2 ? &ign : &fwd, &old[k]);
    double t0 = now_s();
    fflush(NULL);
    pid_t parent = getpid(), pid = fork();
    int fork_err = errno;
    if (pid == 0) {
        for (int k = 0; k < 4; k++) sigaction(sigs[k], &old[k], NULL);
    } else if (pid > 0) {
        child_pid = pid;
        pause_at("start", &pass);
    }
    sigprocmask(SIG_SETMASK, &mask, NULL);
    if (pid < 0) {
        for (int k = 0; k < 4; k++) sigaction(sigs[k], &old[k], NULL);
        close(ex[0]), close(ex[1]), close(alive[0]), close(alive[1]);
        return error(-1, "cannot start '%s': fork: %s", argv[0], strerror(fork_err));
    }
    if (pid == 0) {
        fcntl(alive[1], F_SETFD, 0); /* inherited by the program and all it starts */
#ifdef __linux__
        /* the tool killed (kill -9, a CI timeout): the program gets SIGTERM,
         * on which the recorder writes its logs and ends it, rather than
         * running on unseen (`report DIR` then makes the reports) */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(128 + SIGTERM); /* it died already */
#endif
        execv(path, argv);
        int err = errno;
        if (write(ex[1], &err, sizeof err) != (ssize_t)sizeof err) err = 0;
        _exit(EXIT_NOT_EXEC);
    }
    close(ex[1]);
    close(alive[1]);
    int err = 0;
    ssize_t got;
    while ((got = read(ex[0], &err, sizeof err)) < 0 && errno == EINTR) {
    }
    close(ex[0]);
    if (got == (ssize_t)sizeof err) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
        for (int k = 0; k < 4; k++) sigaction(sigs[k], &old[k], NULL);
        close(alive[0]);
        return -2 - exec_failed(path, err);
    }
    *alive_fd = alive[0];
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            status = error(-1, "waiting for '%s': %s", argv[0], strerror(errno));
            break;
        }
    }
    *secs = now_s() - t0;
    sigset_t stop;
    stop_set(&stop);
    sigprocmask(SIG_BLOCK, &stop, NULL); /* until wait_background's handlers */
    for (int k = 0; k < 4; k++) sigaction(sigs[k], &old[k], NULL);
    pause_at("exited", &stop);
    return status;
}

/* ---- processes left running in the background ------------------------------------- */

static volatile sig_atomic_t stop_waiting;
static void on_stop_waiting(int sig)
{
    (void)sig;
    stop_waiting = 1;
}

/* 1 while some process the program started still holds the pipe's write
 * end (waits up to ms for that to change). */
static int descendants_running(int fd, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, ms) <= 0) return 1; /* still open (or a signal: look again) */
    char buf[256];
    return read(fd, buf, sizeof buf) != 0; /* 0: every write end is closed */
}

/* Whether process pid has the file `path` open (its /proc fd links). */
static int has_open(long pid, const char *path)
{
    char fds[64], link[PATH_MAX + 64], target[PATH_MAX + 1];
    snprintf(fds, sizeof fds, "/proc/%ld/fd", pid);
    DIR *d = opendir(fds);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(link, sizeof link, "%s/%s", fds, e->d_name);
        ssize_t k = readlink(link, target, sizeof target - 1);
        if (k <= 0) continue;
        target[k] = 0;
        found = !strcmp(target, path);
    }
    if (d) closedir(d);
    return found;
}

/* The processes with logs in abs/.logs that are still running (a log's
 * pid alive, not a zombie), their "program[pid]" in list; how many. With
 * `open_only`, only those that have their log open (not a process that
 * merely got an old log's pid since). */
static int log_writers(const char *abs, char *list, size_t n, int open_only)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", abs, PF_LOGS);
    DIR *d = opendir(p);
    int count = 0;
    size_t k = 0;
    long seen[64];
    int nseen = 0;
    struct dirent *e;
    list[0] = 0;
    while (d && (e = readdir(d))) {
        const char *name = e->d_name, *num;
        if (!strncmp(name, "tt_foil_trace.", 14))
            num = name + 14;
        else if (!strncmp(name, "tt_foil_memlog.", 15))
            num = name + 15;
        else
            continue;
        char *end;
        long pid = strtol(num, &end, 10);
        if (end == num || pid <= 0 || strcmp(end, ".tft") || pid == (long)getpid()) continue;
        int dup = 0;
        for (int i = 0; i < nseen; i++) dup |= seen[i] == pid;
        if (dup || (kill((pid_t)pid, 0) && errno != EPERM)) continue;
        char stat_path[64], state = 0, comm[64] = "?";
        snprintf(stat_path, sizeof stat_path, "/proc/%ld/stat", pid);
        FILE *f = fopen(stat_path, "r");
        if (f) {
            if (fscanf(f, "%*d (%63[^)]) %c", comm, &state) != 2) state = 0;
            fclose(f);
        }
        if (state == 'Z' || state == 'X') continue;
        char logp[PATH_MAX + 64 + 256];
        snprintf(logp, sizeof logp, "%s/%s", p, name);
        if (open_only && !has_open(pid, logp)) continue;
        if (nseen < 64) seen[nseen++] = pid;
        count++;
        if (k < n)
            k += (size_t)snprintf(list + k, n - k, "%s%s[%ld]", count > 1 ? ", " : "", comm, pid);
    }
    if (d) closedir(d);
    return count;
}

/* How long processes the program left running get to open their logs
 * once it has exited (a profiled program opens them as it starts): 1 s,
 * or TT_FOIL_PROFILE_BG_GRACE seconds (a machine too loaded for that, a
 * background job that starts late). Set by bg_grace_parse. */
static double bg_grace_s = 1.0;

/* TT_FOIL_PROFILE_BG_GRACE, when set: a number of seconds, 0 to 3600. */
static int bg_grace_parse(void)
{
    const char *name = tf_env_name(TF_ENV_PROFILE_BG_GRACE), *v = getenv(name);
    if (!v || !*v) return 0;
    char *end;
    errno = 0;
    double g = strtod(v, &end);
    if (errno || end == v || *end || !(g >= 0 && g <= 3600))
        return error(2,
                     "%s='%s' is not a number of seconds from 0 to 3600 (how long processes "
                     "left running get to open their logs; default 1)",
                     name, v);
    bg_grace_s = g;
    return 0;
}

/* After the program exited: processes it started in the background may
 * still be recording (docs/profiling.md: every process of the capture is
 * reported). Wait while any of them writes logs into abs/.logs; processes
 * that write none (after bg_grace_s) are not waited for. Ctrl-C
 * (or SIGTERM, SIGHUP) stops waiting. Returns the note for the reports
 * (in note[], empty if every process had exited). */
static void wait_background(int fd, const char *abs, const char *prog, char *note, size_t n)
{
    struct sigaction stop = {.sa_handler = on_stop_waiting}, old[3];
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, &old[0]);
    sigaction(SIGTERM, &stop, &old[1]);
    sigaction(SIGHUP, &stop, &old[2]);
    sigset_t set;
    stop_set(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL); /* (blocked since the program's exit) */
    double t0 = now_s();
    int announced = 0, writers = 0;
    char list[512];
    note[0] = 0;
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG) > 0) { /* orphans handed to us (subreaper) */
        }
        if (!descendants_running(fd, 0)) break;
        writers = log_writers(abs, list, sizeof list, 0);
        if (stop_waiting || (!writers && now_s() - t0 >= bg_grace_s)) {
            if (writers)
                snprintf(note, n,
                         "processes started by %s were still running when the reports were "
                         "made (%s; waiting for them was interrupted): their logs are read as far "
                         "as they were written; once they exit, 'tt_foil_profile report %s' "
                         "reports them whole",
                         prog, list, abs);
            else
                snprintf(note, n,
                         "processes started by %s were still running when the reports were "
                         "made, and had written no tt-foil logs: logs they write later are not "
                         "in these reports (run 'tt_foil_profile report %s' once they exit)",
                         prog, abs);
            break;
        }
        if (writers && !announced) {
            fprintf(stderr,
                    PF_TOOL ": %s exited; waiting for the processes it started that are still "
                            "writing logs (%s); Ctrl-C stops waiting and reports what they wrote "
                            "so far\n",
                    prog, list);
            announced = 1;
        }
        descendants_running(fd, 50);
    }
    close(fd);
    sigprocmask(SIG_BLOCK, &set, NULL); /* until the reports' guard (pf_out_guard_signals) */
    sigaction(SIGINT, &old[0], NULL);
    sigaction(SIGTERM, &old[1], NULL);
    sigaction(SIGHUP, &old[2], NULL);
}

/* ---- main ------------------------------------------------------------------------------ */

static int parse_count(const char *opt, const char *v, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (*v && !*end && *v != '-' && (errno == ERANGE || n > SIZE_MAX))
        return error(EXIT_USAGE, "%s: '%s' is out of range (1 to %zu)", opt, v, (size_t)SIZE_MAX);
    if (!*v || *end || errno || n == 0 || *v == '-')
        return error(EXIT_USAGE, "%s: invalid value '%s' (a positive number)", opt, v);
    *out = (size_t)n;
    return 0;
}

/* `status`, or 1 after a message if what went to stdout (`what`) could not
 * all be written (a full disk, a closed pipe): a caller must not take a
 * cut-short text for the whole of it. */
static int stdout_status(int status, const char *what)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return status;
    int err = errno;
    clearerr(stdout);
    error(1, "cannot write %s to the standard output: %s", what, strerror(err));
    return 1;
}

/* The exit status once the reports are written, in both modes: `status`
 * (the program's own; 0 in report mode) unless nothing was recorded or a
 * report could not be written (then 1 if it was 0), or, in report mode,
 * some logs could not be read (2). `what` names the program or the logs. */
static int final_status(const pf_logs *l, int status, int report_mode, const char *what,
                        const char *diagnostics_dir, int background)
{
    if (pf_nothing_recorded(l) && background)
        error(1,
              "nothing was recorded before %s exited, and processes it started are still "
              "running (see the notes): run 'tt_foil_profile report %s' once they exit; if "
              "nothing is recorded then, rebuild them with -DTT_FOIL_ENABLE_TRACY=ON and/or "
              "-DTT_FOIL_DEVICE_PROFILER=ON",
              what, diagnostics_dir);
    else if (pf_nothing_recorded(l) && l->unreadable) {
        if (report_mode)
            error(2,
                  "nothing could be read in %s: %d log%s there could not be read (see the errors "
                  "above and %s/%s); remove what is not a log, or record the run again",
                  what, l->unreadable, l->unreadable == 1 ? "" : "s", diagnostics_dir,
                  PF_DIAGNOSTICS);
        else
            error(1,
                  "nothing could be read from the logs %s left: %d log%s in %s/%s could not be "
                  "read (see the errors above and %s/%s); run it again",
                  what, l->unreadable, l->unreadable == 1 ? "" : "s", diagnostics_dir, PF_LOGS,
                  diagnostics_dir, PF_DIAGNOSTICS);
        return report_mode ? 2 : status ? status : 1;
    } else if (pf_nothing_recorded(l))
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
    pf_options opt = {
        .outdir = DEFAULT_OUTDIR, .max_timeline = DEFAULT_MAX_TIMELINE, .max_ops = DEFAULT_MAX_OPS};
    /* compare takes options of its own, after it */
    if (argc > 1 && !strcmp(argv[1], "compare")) return pf_compare_main(argc - 1, argv + 1);
    int i = 1, report_mode = 0;
    const char *outdir_given = NULL; /* -o, once (twice the same is fine) */
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
            return stdout_status(0, "the help text");
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            opt.verbose = 1;
            continue;
        }
        if (!strcmp(a, "--show-wrappers") || !strcmp(a, "--device-time")) {
            *(a[2] == 's' ? &opt.show_wrappers : &opt.device_time) = 1;
            continue;
        }
        static const char *const with_value[] = {
            "-o",        "--output-folder", "--zone-filter",  "--max-timeline",
            "--max-ops", "--zone-prefix",   "--capture-port", "--kernel-source-dirs",
            "--check"};
        enum {
            O_OUT,
            O_OUTDIR,
            O_FILTER,
            O_MAXTL,
            O_MAXOPS,
            O_PREFIX,
            O_PORT,
            O_KSRC,
            O_CHECK,
            O_N
        };
        _Static_assert(sizeof with_value / sizeof *with_value == O_N, "option table");
        int k = -1;
        for (int j = 0; j < O_N; j++) {
            size_t n = strlen(with_value[j]);
            if (!strncmp(a, with_value[j], n) && (a[n] == 0 || (a[n] == '=' && j))) {
                k = j;
                val = a[n] ? a + n + 1 : NULL;
            }
        }
        /* -o=DIR (as the spec's argparse takes it) and -oDIR; but not -o
         * and a letter: that is a long option with one dash (-output-folder
         * made the folder "utput-folder" and the next argument the
         * program), so it is unknown; -o ./dir or -o dir say a folder */
        if (k < 0 && !strncmp(a, "-o", 2) && !isalpha((unsigned char)a[2]))
            k = 0, val = a + 2 + (a[2] == '=');
        if (k < 0 && !strncmp(a, "-o", 2))
            return error(EXIT_USAGE,
                         "unknown option '%s' (see --help: the output folder is -o DIR or "
                         "--output-folder DIR)",
                         a);
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
            if (outdir_given && strcmp(outdir_given, val))
                return error(EXIT_USAGE, "two output folders ('%s' and '%s'); give one -o",
                             outdir_given, val);
            opt.outdir = outdir_given = val;
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
            return stdout_status(pf_check(val, stdout), "the check's answer");
        } else if (parse_count(a, val, k == O_MAXOPS ? &opt.max_ops : &opt.max_timeline)) {
            return EXIT_USAGE;
        }
    }
    if (i < argc && !strcmp(argv[i], "compare") && strcmp(argv[i - 1], "--"))
        return error(EXIT_USAGE,
                     "compare takes its own options, after it: tt_foil_profile "
                     "compare [--top N] [--csv FILE] [--html FILE] [--fail-above PCT] A B");
    if (i < argc && !strcmp(argv[i], "report") && (i == 1 || strcmp(argv[i - 1], "--"))) {
        report_mode = 1;
        if (i + 2 != argc)
            return error(EXIT_USAGE, "usage: tt_foil_profile [options] report DIR (see --help)");
        if (outdir_given)
            return error(EXIT_USAGE,
                         "-o '%s' with report: the reports go to DIR/reports/ of the DIR given "
                         "(drop -o)",
                         outdir_given);
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
        /* not while a run writes these logs; the previous reports go first,
         * as in a run: one this time does not write must not stay behind */
        int lock_fd = lock_outdir(opt.outdir), rc;
        if (lock_fd < 0) return 1;
        if ((rc = clear_reports(opt.outdir))) return rc;
        double t0 = now_s();
        pf_out_guard_signals(opt.outdir);
        uint64_t events = pf_generate(&l, opt.outdir, &opt, stdout);
        if (opt.verbose) {
            fprintf(stderr, PF_TOOL ": %llu events in %.3f s\n", (unsigned long long)events,
                    now_s() - t0);
            pf_print_steps(&l, stderr);
        }
        int status = final_status(&l, 0, 1, logs, opt.outdir, 0);
        pf_free(&l);
        return stdout_status(status, "the summary");
    }

    char path[PATH_MAX], abs[PATH_MAX];
    int rc = find_program(argv[i], path, sizeof path), lock_fd = -1;
    if (rc) return rc;
    if ((rc = bg_grace_parse())) return rc;
    if ((rc = prepare_outdir(opt.outdir, abs, sizeof abs, &lock_fd))) return rc;
    if ((rc = set_log_env(abs, opt.verbose))) return rc;
    if (opt.verbose) {
        fprintf(stderr, PF_TOOL ": running");
        for (int k = i; k < argc; k++) fprintf(stderr, " %s", argv[k]);
        fputc('\n', stderr);
    }
    double secs = 0;
    int alive_fd = -1;
    int ws = run_program(path, argv + i, &secs, &alive_fd);
    if (ws == -1) return 1;
    if (ws < -1) return -2 - ws; /* not executed: a message said why */
    char note[2 * PATH_MAX];
    wait_background(alive_fd, abs, argv[i], note, sizeof note);
    if (note[0]) {
        opt.run_note = note;
        fprintf(stderr, PF_TOOL ": %s\n", note);
    }
    int status;
    double t0 = now_s();
    sigset_t stop;
    stop_set(&stop);
    pause_at("reports", &stop);
    pf_out_guard_signals(abs);
    uint64_t events = pf_generate(&l, abs, &opt, stderr);
    if (opt.verbose) {
        fprintf(stderr, PF_TOOL ": %llu events read and reported in %.3f s\n",
                (unsigned long long)events, now_s() - t0);
        pf_print_steps(&l, stderr);
    }
    if (WIFSIGNALED(ws)) {
        int sig = WTERMSIG(ws);
        status = 128 + sig;
        /* with nothing recorded final_status says why: no claim of reports
         * holding what it recorded */
        error(status, "%s was killed by signal %d (%s) after %.2f s%s", argv[i], sig,
              strsignal(sig), secs,
              pf_nothing_recorded(&l) ? "" : "; the reports hold what it recorded until then");
    } else {
        status = WEXITSTATUS(ws);
        if (opt.verbose || status)
            fprintf(stderr, PF_TOOL ": %s exited with status %d after %.2f s\n", argv[i], status,
                    secs);
    }
    status = final_status(&l, status, 0, argv[i], abs, note[0] != 0);
    pf_free(&l);
    return status;
}
