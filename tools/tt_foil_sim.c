/* tt_foil_sim: run a bare RV32 ELF on one simulated hart.
 *
 * Exit status: the guest's exit code; 1 when a tohost test reports failure;
 * 2 for a guest fault with no trap handler; 3 when --max-cycles stops the
 * run; 128+N when signal N (Ctrl-C, SIGTERM, SIGHUP) stops it, saying
 * where; 125 for tt_foil_sim's own errors (usage, unreadable/rejected ELF). */
#include "sim/bare.h"
#include "common/cm_err.h"
#include "common/cm_file.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOOL        "tt_foil_sim"
#define EXIT_FAULT  2
#define EXIT_LIMIT  3
#define EXIT_TOOL   125
#define DEFAULT_MEM (64u << 20)

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " TOOL " [options] PROGRAM.elf\n"
            "\n"
            "Run a bare RV32IMF ELF on one simulated hart: machine mode, pc = ELF entry,\n"
            "sp = top of RAM. RAM starts at the lowest loadable segment (rounded down to\n"
            "4 KiB) and covers --mem bytes. One instruction = one cycle = 1 ns.\n"
            "\n"
            "options:\n"
            "  --mem SIZE          RAM size (default 64M; suffixes K, M, G)\n"
            "  --max-cycles N      stop a program still running after N cycles (exit 3)\n"
            "  --stats             print instructions, cycles, host seconds and MIPS to stderr\n"
            "  -h, --help          show this help\n"
            "\n"
            "While no trap handler is installed (mtvec = 0) the guest may use Linux-style\n"
            "ecalls: write (a7=64) to fd 1 or 2, exit (93), exit_group (94) and\n"
            "clock_gettime64 (403, modeled time). Any other ecall without a handler stops\n"
            "the run with an error. If the ELF defines `tohost`, a non-zero store there ends\n"
            "the run: 1 means pass (exit 0), v means test v>>1 failed (exit 1).\n"
            "\n"
            "On x86-64 hosts hot blocks of guest code run compiled to host code, with the\n"
            "same results and cycles; TT_FOIL_SIM_JIT=0 interprets every instruction.\n"
            "\n"
            "exit status: the guest's exit code; 1 tohost failure; 2 guest fault or\n"
            "unsupported ecall with no trap handler; 3 --max-cycles reached; 128+N signal N\n"
            "(Ctrl-C: 130) stopped it, with the pc and, with --stats, the counts so far;\n"
            "125 usage or ELF error.\n");
}

static int parse_size(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *s == '-') return -1;
    uint64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1ull << 10, end++;
    else if (*end == 'm' || *end == 'M')
        mul = 1ull << 20, end++;
    else if (*end == 'g' || *end == 'G')
        mul = 1ull << 30, end++;
    if (*end || v == 0 || v > UINT64_MAX / mul) return -1;
    *out = v * mul;
    return 0;
}

static volatile int interrupted; /* the signal that stops the run */

static void on_signal(int sig)
{
    interrupted = sig;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    uint64_t memsize = DEFAULT_MEM, max_cycles = UINT64_MAX;
    int stats = 0;
    const char *prog = NULL;
    cm_stdout_checked_at_exit(TOOL, EXIT_TOOL); /* the guest's output, the usage */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--stats")) {
            stats = 1;
        } else if (!strcmp(a, "--mem") || !strcmp(a, "--max-cycles")) {
            int is_mem = !strcmp(a, "--mem");
            if (i + 1 >= argc) {
                fprintf(stderr, TOOL ": %s needs a value (see --help)\n", a);
                return EXIT_TOOL;
            }
            if (parse_size(argv[++i], is_mem ? &memsize : &max_cycles)) {
                fprintf(stderr, TOOL ": %s: invalid value '%s' (a positive number%s)\n", a, argv[i],
                        is_mem ? ", optionally with K, M or G" : "");
                return EXIT_TOOL;
            }
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, TOOL ": unknown option '%s' (see --help)\n", a);
            return EXIT_TOOL;
        } else if (!prog) {
            prog = a;
        } else {
            fprintf(stderr, TOOL ": more than one program given ('%s' and '%s')\n", prog, a);
            return EXIT_TOOL;
        }
    }
    if (!prog) {
        usage(stderr);
        fprintf(stderr, TOOL ": no program given\n");
        return EXIT_TOOL;
    }
    sim_bare *b = sim_bare_load(prog, memsize);
    if (!b) {
        fprintf(stderr, TOOL ": %s\n", tf_last_error());
        return EXIT_TOOL;
    }
    /* a guest that never ends (a trap handler trapping in a loop) stops
     * on Ctrl-C saying where it was, with its counts */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    double t0 = now_s();
    int status, end = sim_bare_run(b, max_cycles, &status, &interrupted);
    double dt = now_s() - t0;
    fflush(stdout);
    int rc;
    switch (end) {
    case TF_BARE_EXIT: rc = status; break;
    case TF_BARE_TOHOST_PASS: rc = 0; break;
    case TF_BARE_TOHOST_FAIL: rc = 1; break;
    case TF_BARE_LIMIT: rc = EXIT_LIMIT; break;
    case TF_BARE_INTERRUPTED: rc = 128 + interrupted; break;
    default: rc = EXIT_FAULT; break;
    }
    if (end != TF_BARE_EXIT && end != TF_BARE_TOHOST_PASS)
        fprintf(stderr, TOOL ": %s\n", tf_last_error());
    /* the guest's output the host could not write: said, and not a success */
    for (int fd = 1; fd <= 2; fd++) {
        if (!b->lost[fd]) continue;
        fprintf(stderr,
                TOOL ": %" PRIu64 " bytes the guest wrote to %s were lost (%s); it got the "
                     "error back from write\n",
                b->lost[fd], fd == 1 ? "stdout" : "stderr", strerror(b->lost_errno[fd]));
        if (!rc) rc = EXIT_TOOL;
    }
    if (stats) {
        uint64_t ins = b->hart.instret;
        fprintf(stderr,
                TOOL ": instructions %" PRIu64 ", cycles %" PRIu64
                     ", host seconds %.3f, MIPS %.1f\n",
                ins, sim_hart_cycle(&b->hart), dt, dt > 0 ? (double)ins / dt / 1e6 : 0.0);
    }
    sim_bare_free(b);
    return rc;
}
