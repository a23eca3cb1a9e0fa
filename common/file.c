/* Whole files into memory; the tools' check of stdout (cm_file.h). */
#include "cm_file.h"
#include "cm_err.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *cm_file_kind(unsigned mode)
{
    switch (mode & S_IFMT) {
    case S_IFREG: return "regular file";
    case S_IFDIR: return "directory";
    case S_IFIFO: return "FIFO";
    case S_IFSOCK: return "socket";
    case S_IFCHR: return "character device";
    case S_IFBLK: return "block device";
    case S_IFLNK: return "symbolic link";
    }
    return "file of an unknown kind";
}

FILE *cm_file_open_regular(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), err = 0;
    if (fd < 0) {
        err = errno;
        cm_err_set("%s: cannot open: %s", path, strerror(err));
        errno = err;
        return NULL;
    }
    struct stat st;
    int flags = fcntl(fd, F_GETFL);
    FILE *f = NULL;
    if (fstat(fd, &st)) {
        err = errno;
        cm_err_set("%s: cannot read: %s", path, strerror(err));
    } else if (!S_ISREG(st.st_mode)) {
        err = EINVAL;
        cm_err_set("%s: is a %s, not a file", path, cm_file_kind(st.st_mode));
    } else if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) || !(f = fdopen(fd, "rb"))) {
        err = errno;
        cm_err_set("%s: cannot read: %s", path, strerror(err));
    }
    if (f) return f;
    close(fd);
    errno = err;
    return NULL;
}

void *cm_file_read(const char *path, size_t *size)
{
    FILE *f = cm_file_open_regular(path);
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    int err = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            err = ferror(f) ? errno : 0;
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
