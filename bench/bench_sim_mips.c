/* Guest MIPS of the tt-foil hart on a guest workload (default: mixwork,
 * bench/guest/mixwork.c, built by this tree), beside qemu-riscv32 running
 * the same ELF in the same run (when qemu-user is installed; make bench
 * installs it). Any self-checking bare RV32 ELF that exits 0 works too:
 *   bench_sim_mips [--runs N] [PROGRAM.elf]
 * Prints each engine's best CPU time over N runs, MIPS, and the ratio. */
#include "bench_util.h"
#include "sim/bare.h"
#include "common/cm_err.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

/* Both engines are timed in CPU seconds (user + system) of the process
 * that runs them, not wall time: on a machine shared with other work the
 * wall time of a run depends on how often it was preempted, the CPU time
 * much less. Each figure is the best of N runs. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double tv_s(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* Run `argv` with stdout silenced; returns its CPU seconds or -1. */
static double time_command(char *const argv[], int *status)
{
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) dup2(fd, 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) < 0) return -1;
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return tv_s(ru.ru_utime) + tv_s(ru.ru_stime);
}

int main(int argc, char **argv)
{
    const char *elf = TF_MIXBENCH_ELF;
    int runs = 3;
    bench_args(argc, argv, "bench_sim_mips",
               "bench_sim_mips [--runs N] [PROGRAM.elf]  (default: mixwork)", "--runs=", 1);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[++i]);
        else
            elf = argv[i];
    }
    if (access(elf, R_OK) != 0) {
        fprintf(stderr,
                "bench_sim_mips: %s not found: build the target mixbench_elf (make bench does)\n",
                elf);
        return 1;
    }
    double best = 1e30;
    uint64_t instret = 0;
    for (int r = 0; r < runs; r++) {
        sim_bare *b = sim_bare_load(elf, 64u << 20);
        if (!b) {
            fprintf(stderr, "bench_sim_mips: %s\n", tf_last_error());
            return 1;
        }
        int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        double t0 = cpu_s();
        int status, end = sim_bare_run(b, UINT64_MAX, &status, NULL);
        double dt = cpu_s() - t0;
        dup2(saved, 1);
        close(saved);
        close(devnull);
        if (end != TF_BARE_EXIT || status != 0) {
            fprintf(stderr, "bench_sim_mips: %s failed its checksum under tt-foil (%s)\n", elf,
                    end == TF_BARE_EXIT ? "exit status" : tf_last_error());
            return 1;
        }
        instret = b->hart.instret;
        if (dt < best) best = dt;
        sim_bare_free(b);
    }
    double ours = (double)instret / best / 1e6;
    const char *base = strrchr(elf, '/');
    printf("bench_sim_mips: %s, %" PRIu64 " guest instructions, best of %d runs (CPU time)\n",
           base ? base + 1 : elf, instret, runs);
    printf("  tt-foil hart   %7.3f s  %8.1f MIPS\n", best, ours);
    char *qargv[] = {"qemu-riscv32", (char *)elf, NULL};
    double qbest = 1e30;
    for (int r = 0; r < runs; r++) {
        int st = -1;
        double t = time_command(qargv, &st);
        if (t < 0 || st == 127) {
            qbest = -1;
            break;
        }
        if (st != 0) {
            fprintf(stderr, "bench_sim_mips: qemu-riscv32 exited %d on %s\n", st, elf);
            qbest = -1;
            break;
        }
        if (t < qbest) qbest = t;
    }
    if (qbest > 0) {
        double q = (double)instret / qbest / 1e6;
        printf("  qemu-riscv32   %7.3f s  %8.1f MIPS\n", qbest, q);
        printf("  ratio tt-foil / qemu-riscv32: %.3f\n", ours / q);
    } else {
        printf("  qemu-riscv32   not available (apt-get install qemu-user) - no ratio\n");
    }
    return 0;
}
