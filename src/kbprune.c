/* The kernel cache's bound (TT_FOIL_CACHE_MAX_SIZE, default 2 GiB). Every
 * change to a kernel, its defines or a header it includes makes new
 * entries and leaves the old ones unused: our build machine's cache grew
 * to 11 GiB (56,000 entries) over a few days of work. So, as ccache does,
 * the entries used longest ago go once the cache is past its size:
 *  - a hit marks its entry used (the directory's modification time, one
 *    utimensat: src/kbuild.c calls rt_kb_touch on kernel and builtins hits);
 *  - after a build that added an entry, at most every RT_KB_PRUNE_EVERY
 *    seconds (a stamp file's time, so that a run of builds scans once), the
 *    cache is measured and the least recently used entries are removed
 *    until it holds at most three quarters of its bound (so the next scans
 *    find nothing to do for a while);
 *  - an entry used in the last RT_KB_PRUNE_MIN_AGE seconds is never
 *    removed (a build in another process may be about to load it or link
 *    with it), nor is a build under way (tmp-*), unless it is older than a
 *    day (a build that was killed);
 *  - an entry goes by rename to a tmp- name first, so a lookup sees it
 *    whole or not at all (tf_kernel_build treats an entry gone between its
 *    lookup and its load as a miss); its <key>.deps goes when no entry of
 *    that key is left.
 * Nothing here fails a build: what cannot be removed stays. */
#include "rt_internal.h"
#include "tf_env.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define RT_KB_PRUNE_EVERY   600
#define RT_KB_PRUNE_MIN_AGE 3600
#define RT_KB_TMP_MAX_AGE   86400
#define RT_KB_DEFAULT_MAX   (2ull << 30)
#define RT_KB_STAMP         ".last-prune"

void rt_kb_touch(const char *entry)
{
    (void)utimensat(AT_FDCWD, entry, NULL, 0);
}

/* TT_FOIL_CACHE_MAX_SIZE: bytes, with K, M or G (powers of 1024); 0: no
 * bound. Anything else is the default, with a warning. */
uint64_t rt_kb_cache_max(void)
{
    const char *v = getenv(tf_env_name(TF_ENV_CACHE_MAX_SIZE));
    if (!v || !*v) return RT_KB_DEFAULT_MAX;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    int shift = *end == 'K' || *end == 'k'   ? 10
                : *end == 'M' || *end == 'm' ? 20
                : *end == 'G' || *end == 'g' ? 30
                                             : 0;
    if (shift) end++;
    if (end == v || *end || errno || v[0] == '-' || (shift && n > (~0ull >> shift))) {
        cm_warn("%s=%s is not a size (bytes, or a number with K, M or G; 0: no limit): the "
                "kernel cache keeps to the default, 2G",
                tf_env_name(TF_ENV_CACHE_MAX_SIZE), v);
        return RT_KB_DEFAULT_MAX;
    }
    return (uint64_t)n << shift;
}

typedef struct {
    char *name;
    uint64_t bytes;
    int64_t used; /* seconds */
} kb_entry;

static int by_use(const void *a, const void *b)
{
    const kb_entry *x = a, *y = b;
    if (x->used != y->used) return x->used < y->used ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bytes a directory's files take (one level: entries hold files). */
static uint64_t dir_bytes(int cfd, const char *name)
{
    int fd = openat(cfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return 0;
    }
    uint64_t n = 4096;
    struct dirent *e;
    struct stat st;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.' && !fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
            n += (uint64_t)st.st_blocks * 512;
    closedir(d);
    return n;
}

/* Remove directory `name` of the cache (its files, then it): renamed to a
 * tmp- name first unless it is one. 0 when it is gone. */
static int remove_entry(int cfd, const char *name, unsigned serial)
{
    char tmp[96];
    const char *at = name;
    if (strncmp(name, "tmp-", 4)) {
        snprintf(tmp, sizeof tmp, "tmp-prune-%d-%u", (int)getpid(), serial);
        if (renameat(cfd, name, cfd, tmp)) return -1;
        at = tmp;
    }
    int fd = openat(cfd, at, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        if (fd >= 0) close(fd);
        return -1;
    }
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) (void)unlinkat(fd, e->d_name, 0);
    closedir(d);
    return unlinkat(cfd, at, AT_REMOVEDIR);
}

/* The entry's key: its name up to the last '-' (<key>-<deps>). */
static size_t key_len(const char *name)
{
    const char *dash = strrchr(name, '-');
    return dash ? (size_t)(dash - name) : strlen(name);
}

void rt_kb_prune_maybe(const char *cache)
{
    uint64_t max = rt_kb_cache_max();
    if (!max) return;
    int cfd = open(cache, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (cfd < 0) return;
    time_t now = time(NULL);
    struct stat st;
    if (!fstatat(cfd, RT_KB_STAMP, &st, 0) && now - st.st_mtime < RT_KB_PRUNE_EVERY &&
        st.st_mtime <= now) {
        close(cfd);
        return;
    }
    /* the stamp first: another process building now skips its scan */
    int sfd = openat(cfd, RT_KB_STAMP, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (sfd >= 0) {
        (void)futimens(sfd, NULL);
        close(sfd);
    }
    DIR *d = fdopendir(dup(cfd));
    if (!d) {
        close(cfd);
        return;
    }
    kb_entry *ents = NULL;
    size_t n = 0, cap = 0;
    uint64_t total = 0;
    struct dirent *e;
    unsigned serial = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || fstatat(cfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW)) continue;
        if (!S_ISDIR(st.st_mode)) { /* <key>.deps and the like */
            total += (uint64_t)st.st_blocks * 512;
            continue;
        }
        if (!strncmp(e->d_name, "tmp-", 4)) { /* a build under way, or one killed */
            if (now - st.st_mtime > RT_KB_TMP_MAX_AGE) remove_entry(cfd, e->d_name, serial++);
            continue;
        }
        if (n == cap) {
            size_t c = cap ? 2 * cap : 256;
            kb_entry *g = realloc(ents, c * sizeof *g);
            if (!g) break;
            ents = g;
            cap = c;
        }
        char *name = strdup(e->d_name);
        if (!name) break;
        uint64_t bytes = dir_bytes(cfd, name);
        ents[n++] = (kb_entry){name, bytes, (int64_t)st.st_mtime};
        total += bytes;
    }
    closedir(d);
    if (total > max) {
        qsort(ents, n, sizeof *ents, by_use);
        uint64_t target = max / 4 * 3;
        for (size_t i = 0; i < n && total > target; i++) {
            if (now - ents[i].used < RT_KB_PRUNE_MIN_AGE)
                break; /* (in use lately, and all after) */
            if (remove_entry(cfd, ents[i].name, serial++) == 0) {
                total -= ents[i].bytes < total ? ents[i].bytes : total;
                free(ents[i].name);
                ents[i].name = NULL;
            }
        }
        /* the deps files whose key has no entry left */
        char **keys = malloc((n ? n : 1) * sizeof *keys);
        size_t nk = 0;
        for (size_t i = 0; keys && i < n; i++)
            if (ents[i].name) {
                ents[i].name[key_len(ents[i].name)] = 0; /* (the names are not needed after) */
                keys[nk++] = ents[i].name;
            }
        if (keys) qsort(keys, nk, sizeof *keys, by_name);
        d = keys ? fdopendir(dup(cfd)) : NULL;
        if (d) rewinddir(d); /* (a dup shares the first listing's offset) */
        while (d && (e = readdir(d))) {
            size_t len = strlen(e->d_name);
            if (fstatat(cfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode)) continue;
            if (strstr(e->d_name, ".deps.tmp")) { /* (a build killed before it published) */
                if (now - st.st_mtime > RT_KB_TMP_MAX_AGE) (void)unlinkat(cfd, e->d_name, 0);
                continue;
            }
            /* (one written lately may be a build's whose entry this scan missed) */
            if (len < 6 || strcmp(e->d_name + len - 5, ".deps") ||
                now - st.st_mtime < RT_KB_PRUNE_MIN_AGE)
                continue;
            char key[256];
            snprintf(key, sizeof key, "%.*s", (int)(len - 5), e->d_name);
            const char *k = key;
            if (!bsearch(&k, keys, nk, sizeof *keys, by_name)) (void)unlinkat(cfd, e->d_name, 0);
        }
        if (d) closedir(d);
        free(keys);
    }
    for (size_t i = 0; i < n; i++) free(ents[i].name);
    free(ents);
    close(cfd);
}
