/* Whole files into memory; the tools' check of stdout (cm_file.h). */
#include "cm_file.h"
#include "cm_err.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *cm_file_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return cm_err_null("%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    int err = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            err = ferror(f) ? errno : 0; /* (a directory opens, then reads EISDIR) */
            break;
        }
        char *nb = realloc(buf, cap * 2 + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int failed = ferror(f);
    fclose(f);
    if (!buf) return cm_err_null("%s: out of host memory", path);
    if (failed) {
        free(buf);
        if (err == EISDIR) return cm_err_null("%s: is a directory, not a file", path);
        return cm_err_null("%s: read error: %s", path, err ? strerror(err) : "unknown");
    }
    buf[n] = 0;
    *size = n;
    return buf;
}

static const char *cm_stdout_tool;
static int cm_stdout_status;

static void stdout_check(void)
{
    int bad = ferror(stdout); /* an earlier write failed: errno is long gone */
    errno = 0;
    if (fflush(stdout) == 0 && !bad) return;
    const char *why = errno ? strerror(errno) : "a write failed";
    fprintf(stderr, "%s: cannot write to the standard output: %s\n", cm_stdout_tool, why);
    _exit(cm_stdout_status);
}

void cm_stdout_checked_at_exit(const char *tool, int status)
{
    cm_stdout_tool = tool;
    cm_stdout_status = status;
    atexit(stdout_check);
}
