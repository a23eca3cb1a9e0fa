/* Files (cm_file.h): whole files into memory, regular files only, where
 * an installed runtime keeps its own, and the tools' check of stdout. */
#include "cm_file.h"
#include "cm_err.h"
#include "tf_env.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* dir_of(file)/rel if it holds the BRISC firmware: resolved into out. */
static int share_try(const char *file, const char *rel, char *out, size_t n)
{
    char self[PATH_MAX], cand[PATH_MAX + 64], probe[PATH_MAX + 128], found[PATH_MAX];
    if (!file || !rel || !realpath(file, self)) return 0;
    char *slash = strrchr(self, '/');
    if (!slash) return 0;
    *slash = 0;
    snprintf(cand, sizeof cand, "%s/%s", self, rel);
    snprintf(probe, sizeof probe, "%s/device/firmware/brisc.elf", cand);
    if (access(probe, R_OK) || !realpath(cand, found) || strlen(found) >= n) return 0;
    memcpy(out, found, strlen(found) + 1);
    return 1;
}

int cm_file_share_dir(const char *object, const char *exe, const char *rel_lib, const char *rel_bin,
                      char *out, size_t n)
{
    if (n) out[0] = 0;
    const struct {
        const char *file, *rel;
    } tries[] = {{object, rel_lib}, {object, rel_bin}, {exe, rel_bin}};
    for (size_t i = 0; i < sizeof tries / sizeof *tries; i++) {
        if (i == 2 && exe && object && !strcmp(exe, object)) break;
        if (share_try(tries[i].file, tries[i].rel, out, n)) return 0;
    }
    return -1;
}

int cm_file_firmware_dir(const char *share, const char *build_dir, char *out, size_t n)
{
    const char *env = getenv(tf_env_name(TF_ENV_FIRMWARE_DIR));
    if (env && *env) {
        snprintf(out, n, "%s", env);
        return CM_FW_FROM_ENV;
    }
    if (share && *share) {
        snprintf(out, n, "%s/device/firmware", share);
        return CM_FW_FROM_SHARE;
    }
    snprintf(out, n, "%s", build_dir);
    return CM_FW_FROM_BUILD;
}

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

int cm_file_set_blocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) ? -1 : 0;
}

FILE *cm_file_fdopen_blocking(int fd)
{
    return cm_file_set_blocking(fd) ? NULL : fdopen(fd, "rb");
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
    FILE *f = NULL;
    if (fstat(fd, &st)) {
        err = errno;
        cm_err_set("%s: cannot read: %s", path, strerror(err));
    } else if (!S_ISREG(st.st_mode)) {
        err = EINVAL;
        cm_err_set("%s: is a %s, not a file", path, cm_file_kind(st.st_mode));
    } else if (!(f = cm_file_fdopen_blocking(fd))) {
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
