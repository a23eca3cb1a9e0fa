/* The report tool's log readers under hostile input: the input is split at
 * lines "#%" into the files of a run's .logs/ (device zones CSV, clock
 * sync CSV, host trace, memory log; a part left out is a file missing),
 * and the whole report is made from them (load, analysis, every writer)
 * in a scratch folder. Every input ends in reports and notes, never a
 * crash, a hang or an out-of-bounds read. Seeds: tests/fuzz/CMakeLists.txt. */
#include "fuzz.h"
#include "tools/profile/pf.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const files[] = {PF_DEVZONES_CSV, PF_CLOCK_SYNC, PF_TRACE, PF_MEMLOG};

static char dir[256];

static void put_file(const char *rel, const uint8_t *p, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "wb");
    if (!f) return;
    if (n) fwrite(p, 1, n, f);
    fclose(f);
}

static void remove_tree(void)
{
    char path[512];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    static const char *const reports[] = {PF_PERF_RESULTS,  PF_PERF_PER_CALL, PF_PHASES,
                                          PF_MEMORY_REPORT, PF_DEVICE_PERF,   PF_TRACE_JSON,
                                          PF_REPORT_HTML,   PF_DIAGNOSTICS,   PF_OPEN_ZONES,
                                          PF_MEMLOG_CSV,    PF_OPS_CSV};
    for (size_t i = 0; i < sizeof reports / sizeof *reports; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, reports[i]);
        unlink(path);
    }
}

/* Every file in folder `sub` of the scratch folder (the report writes
 * more than the names above: end records, the lock), then the folder. */
static void remove_folder(const char *sub)
{
    char path[600];
    snprintf(path, sizeof path, "%s%s%s", dir, *sub ? "/" : "", sub);
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));) {
        char f[900];
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(f, sizeof f, "%s/%s", path, e->d_name);
            unlink(f);
        }
    }
    if (d) closedir(d);
    rmdir(path);
}

/* At exit: the scratch folder goes (it was left in /tmp, one a run). */
static void remove_scratch(void)
{
    remove_folder(PF_LOGS);
    remove_folder(PF_REPORTS);
    remove_folder("");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        atexit(remove_scratch);
        snprintf(dir, sizeof dir, "%s/tf_fuzz_logs.%ld",
                 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
        char sub[600];
        mkdir(dir, 0755);
        snprintf(sub, sizeof sub, "%s/%s", dir, PF_LOGS);
        mkdir(sub, 0755);
        snprintf(sub, sizeof sub, "%s/%s", dir, PF_REPORTS);
        mkdir(sub, 0755);
    }
    remove_tree();
    const char sep[] = "\n#%\n";
    const uint8_t *p = data, *end = data + size;
    for (size_t i = 0; i < sizeof files / sizeof *files && p <= end; i++) {
        const uint8_t *q = memmem(p, (size_t)(end - p), sep, sizeof sep - 1);
        size_t n = q ? (size_t)(q - p) : (size_t)(end - p);
        if (n) put_file(files[i], p, n); /* an empty part: the file is missing */
        p += n + sizeof sep - 1;
    }
    pf_options opt = {.outdir = dir, .max_timeline = 1000};
    pf_logs l;
    (void)pf_generate(&l, dir, &opt, NULL);
    for (size_t i = 0; i < l.ndevzones; i++)
        FUZZ_CHECK(l.devzones[i].name < l.names.n && l.devzones[i].hash < l.names.n);
    pf_free(&l);
    return 0;
}
