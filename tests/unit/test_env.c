/* The simulator's switches read one way (common/cm_env.h): every
 * documented spelling of TT_FOIL_SIM_THREADS, TT_FOIL_SIM_RECHECK,
 * TT_FOIL_SIM_PARALLEL, TT_FOIL_SIM_HOST_RUNS, TT_FOIL_SIM_JIT and
 * TT_FOIL_TILE_SIMD gives
 * its value where the simulator reads it, silently; any other value gives
 * the default and one warning per variable naming the variable, the value,
 * what it takes and what is used instead.
 *
 *   test_env */
#include "tf_check.h"
#include "common/cm_env.h"
#include "sim/chip.h"
#include "sim/tile_engine.h"
#include "tt_foil/error.h"
#include "tt_foil/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* where the harts compile hot blocks (sim/jit.h) */
#if defined(__x86_64__) && defined(__linux__)
#define JIT_HOST 1
#else
#define JIT_HOST 0
#endif

#define CHECK_EQ_I(a, b) CHECK_EQ_U((int64_t)(a), (int64_t)(b))

static char warnings[8][512];
static int nwarnings;

static void on_warning(void *ctx, const char *msg)
{
    (void)ctx;
    if (nwarnings < 8) snprintf(warnings[nwarnings], sizeof warnings[0], "%s", msg);
    nwarnings++;
}

/* A 2 x 1 chip opened with `var` set to `value` (NULL: unset); the
 * config leaves the thread count to the environment. */
static sim_chip *chip_with(const char *var, const char *value)
{
    if (value)
        setenv(var, value, 1);
    else
        unsetenv(var);
    tf_sim_config cfg = {.grid_x = 2, .grid_y = 1};
    sim_chip *c = (sim_chip *)tf_sim_transport_open(&cfg);
    CHECK_TRUE(c != NULL);
    unsetenv(var);
    return c;
}

static void chip_close(sim_chip *c)
{
    if (c) c->base.ops->close(&c->base);
}

/* The chip's reading of `var` = `value`. */
static int chip_reads(const char *var, const char *value)
{
    sim_chip *c = chip_with(var, value);
    if (!c) return -100;
    int v = !strcmp(var, "TT_FOIL_SIM_THREADS")     ? c->nworkers
            : !strcmp(var, "TT_FOIL_SIM_RECHECK")   ? c->recheck
            : !strcmp(var, "TT_FOIL_SIM_HOST_RUNS") ? c->host_run_ok
            : !strcmp(var, "TT_FOIL_SIM_JIT")       ? c->cores[0].l1->jit_threshold > 0
                                                    : c->parallel_mode;
    chip_close(c);
    return v;
}

/* The tile engine's reading of TT_FOIL_TILE_SIMD = `value`. */
static int simd_reads(const char *value)
{
    if (value)
        setenv("TT_FOIL_TILE_SIMD", value, 1);
    else
        unsetenv("TT_FOIL_TILE_SIMD");
    sim_tile_simd_set(-1); /* decided again from the environment */
    unsetenv("TT_FOIL_TILE_SIMD");
    return sim_tile_simd();
}

static const char *const ones[] = {"1", "ON", "on"}, *const zeros[] = {"0", "OFF", "off"};

static void accepted(int cpus)
{
    int best = simd_reads(NULL);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", ones[i]), 1);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", zeros[i]), 0);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_PARALLEL", ones[i]), 1);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_PARALLEL", zeros[i]), 0);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", ones[i]), 1);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", zeros[i]), 0);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", ones[i]), JIT_HOST);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", zeros[i]), 0);
        CHECK_EQ_U(simd_reads(ones[i]), best);
        CHECK_EQ_U(simd_reads(zeros[i]), 0);
    }
    /* unset and empty: the defaults */
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", NULL), 1);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", ""), 1);
    CHECK_EQ_I(chip_reads("TT_FOIL_SIM_PARALLEL", NULL), -1);
    CHECK_EQ_I(chip_reads("TT_FOIL_SIM_PARALLEL", ""), -1);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", NULL), 1);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", ""), 1);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", NULL), JIT_HOST); /* the chip compiles */
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", ""), JIT_HOST);
    CHECK_EQ_U(simd_reads(""), best);
    /* counts: at most one thread per core (two here) */
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", "1"), 1);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", "2"), 2);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", "64"), 2);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", "all"), cpus);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", NULL), cpus);
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", ""), cpus);
    CHECK_EQ_U(nwarnings, 0);
}

/* The one warning of a bad value says all it should. */
static void check_warning(const char *var, const char *value, const char *takes, const char *uses)
{
    CHECK_EQ_U(nwarnings, 1);
    char want[128];
    snprintf(want, sizeof want, "%s=\"%s\"", var, value);
    CHECK_CONTAINS(warnings[0], want);
    CHECK_CONTAINS(warnings[0], takes);
    CHECK_CONTAINS(warnings[0], "using the default");
    CHECK_CONTAINS(warnings[0], uses);
    nwarnings = 0;
}

static void bad_values(int cpus)
{
    int best = simd_reads(NULL);
    /* each variable: the default and one warning */
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", "yes"), 1);
    check_warning("TT_FOIL_SIM_RECHECK", "yes", CM_ENV_SWITCH_VALUES, "re-checks");
    CHECK_EQ_I(chip_reads("TT_FOIL_SIM_PARALLEL", "2"), -1);
    check_warning("TT_FOIL_SIM_PARALLEL", "2", CM_ENV_SWITCH_VALUES, "model of the round");
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", "sync"), 1);
    check_warning("TT_FOIL_SIM_HOST_RUNS", "sync", CM_ENV_SWITCH_VALUES, "thread that waits");
#if JIT_HOST
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", "jit"), 1);
    check_warning("TT_FOIL_SIM_JIT", "jit", CM_ENV_SWITCH_VALUES, "hot blocks compiled");
#endif
    CHECK_EQ_U(simd_reads("avx2"), best);
    check_warning("TT_FOIL_TILE_SIMD", "avx2", CM_ENV_SWITCH_VALUES, "vector unit");
    CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", "two"), cpus);
    check_warning("TT_FOIL_SIM_THREADS", "two", CM_ENV_COUNT_VALUES, "CPUs");
    /* once per variable: more bad values are read the same, silently */
    static const char *const counts[] = {"0",  "-2",  "+2",  "2x",          " 2",
                                         "2 ", "1.5", "0x2", "99999999999", "ALL"};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_THREADS", counts[i]), cpus);
    static const char *const switches[] = {"true", "On", "01", "1 ", "-1", "none"};
    for (size_t i = 0; i < sizeof switches / sizeof switches[0]; i++) {
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_RECHECK", switches[i]), 1);
        CHECK_EQ_I(chip_reads("TT_FOIL_SIM_PARALLEL", switches[i]), -1);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_HOST_RUNS", switches[i]), 1);
        CHECK_EQ_U(chip_reads("TT_FOIL_SIM_JIT", switches[i]), JIT_HOST);
        CHECK_EQ_U(simd_reads(switches[i]), best);
    }
    CHECK_EQ_U(nwarnings, 0);
    /* the parser's own answers for those counts, on a variable not yet
     * warned of (the runtime reads it so: src/device.c, test_runtime_errors) */
    setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", "2x", 1);
    CHECK_EQ_I(cm_env_count(TF_ENV_DISPATCH_TIMEOUT_MS, 99, 7, "seven"), 7);
    check_warning("TT_FOIL_DISPATCH_TIMEOUT_MS", "2x", CM_ENV_COUNT_VALUES, "seven");
    setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", "2147483647", 1);
    CHECK_EQ_I(cm_env_count(TF_ENV_DISPATCH_TIMEOUT_MS, 99, 7, "seven"), 2147483647);
    setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", "2147483648", 1);
    CHECK_EQ_I(cm_env_count(TF_ENV_DISPATCH_TIMEOUT_MS, 99, 7, "seven"), 7);
    setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", "all", 1);
    CHECK_EQ_I(cm_env_count(TF_ENV_DISPATCH_TIMEOUT_MS, 99, 7, "seven"), 99);
    unsetenv("TT_FOIL_DISPATCH_TIMEOUT_MS");
    /* a long value is cut in the message */
    char longv[200];
    memset(longv, 'x', sizeof longv - 1);
    longv[sizeof longv - 1] = 0;
    setenv("TT_FOIL_PERF_COUNTERS", longv, 1);
    CHECK_EQ_I(cm_env_switch(TF_ENV_PERF_COUNTERS, 1, "on"), 1);
    CHECK_EQ_U(nwarnings, 1);
    CHECK_TRUE(strlen(warnings[0]) < 300 && strstr(warnings[0], "xxx...\""));
    unsetenv("TT_FOIL_PERF_COUNTERS");
    nwarnings = 0;
}

int main(void)
{
    tf_set_warning_handler(on_warning, NULL);
    static const char *const vars[] = {"TT_FOIL_SIM_THREADS", "TT_FOIL_SIM_RECHECK",
                                       "TT_FOIL_SIM_PARALLEL", "TT_FOIL_SIM_HOST_RUNS",
                                       "TT_FOIL_TILE_SIMD"};
    for (int i = 0; i < 5; i++) unsetenv(vars[i]); /* whatever the caller set */
    sim_chip *c = chip_with("TT_FOIL_SIM_THREADS", NULL);
    int cpus = c ? c->nworkers : 1; /* the default: this process's CPUs, at most two */
    chip_close(c);
    accepted(cpus);
    bad_values(cpus);
    return tf_check_report("test_env");
}
