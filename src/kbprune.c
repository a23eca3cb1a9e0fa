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
 *    lookup and its load as a miss), its time read again just before (a
 *    process may have used it since the scan); its <key>.deps goes when
 *    no entry of that key is left;
 *  - only the names the cache makes are counted or removed (the folder
 *    may be set to one that holds other files: they are never touched);
 *  - one process scans at a time (a lock on the stamp), and a scan removes
 *    at most RT_KB_PRUNE_MOST entries (a cache of 56,000 left from before
 *    shrinks over several scans instead of stopping one build for a
 *    minute: a scan costs about 0.1 s per 1,000 entries here, a removal
 *    about 2 ms).
 * Nothing here fails a build: what cannot be removed stays. */
#include "common/cm_grow.h"
#include "rt_internal.h"
#include "tf_env.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define RT_KB_PRUNE_EVERY   600
#define RT_KB_PRUNE_MIN_AGE 3600
#define RT_KB_TMP_MAX_AGE   86400
#define RT_KB_DEFAULT_MAX   (2ull << 30)
#define RT_KB_STAMP         ".last-prune"
#define RT_KB_PRUNE_MOST    2000

void rt_kb_touch(const char *entry)
{
    (void)utimensat(AT_FDCWD, entry, NULL, 0);
}

/* TT_FOIL_CACHE_MAX_SIZE: bytes, with K, M or G (powers of 1024); 0: no
 * bound. Anything else is the default, with a warning. */
uint64_t rt_kb_cache_max(void)
{
    static _Atomic int warned;
    const char *v = getenv(tf_env_name(TF_ENV_CACHE_MAX_SIZE));
    if (!v || !*v) return RT_KB_DEFAULT_MAX;
    char *end = (char *)v;
    errno = 0;
    unsigned long long n = *v >= '0' && *v <= '9' ? strtoull(v, &end, 10) : 0;
    int shift = *end == 'K' || *end == 'k'   ? 10
                : *end == 'M' || *end == 'm' ? 20
                : *end == 'G' || *end == 'g' ? 30
                                             : 0;
    if (shift) end++;
    if (end == v || *end || errno || (shift && n > (~0ull >> shift))) {
        if (!atomic_exchange(&warned, 1)) /* (once a process, as the other variables) */
            cm_warn("%s='%s' is not a size (a number of bytes, or one with K, M or G; 0: no "
                    "limit): the kernel cache keeps to the default, 2G",
                    tf_env_name(TF_ENV_CACHE_MAX_SIZE), v);
        return RT_KB_DEFAULT_MAX;
    }
    return (uint64_t)n << shift;
}

/* The names the cache makes (src/kbuild.c): hex keys, "builtins-" keys,
 * and the scratch names of builds and removals. */
static int hex_run(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return 0;
    return 1;
}

/* <32 hex>[-<32 hex>] or builtins-<32 hex>[-<32 hex>], then `rest`: its
 * length, 0 if it is not one */
static int is_key(const char *s, int with_deps, const char *rest)
{
    const char *k = strncmp(s, "builtins-", 9) ? s : s + 9;
    if (!hex_run(k, 32)) return 0;
    k += 32;
    if (with_deps && (*k++ != '-' || !hex_run(k, 32))) return 0;
    if (with_deps) k += 32;
    return !strcmp(k, rest);
}

static int is_entry(const char *s)
{
    return is_key(s, 1, "");
}

static int is_deps(const char *s)
{
    return is_key(s, 0, ".deps");
}

static int digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* tmp-<key>-XXXXXX (a kernel's build), tmp-builtins-XXXXXX (mkdtemp's six
 * characters), tmp-prune-<pid>-<n> */
static int is_scratch(const char *s)
{
    if (strncmp(s, "tmp-", 4)) return 0;
    s += 4;
    if (!strncmp(s, "prune-", 6)) {
        const char *dash = strchr(s + 6, '-');
        char pid[16];
        if (!dash || (size_t)(dash - s - 6) >= sizeof pid) return 0;
        snprintf(pid, sizeof pid, "%.*s", (int)(dash - s - 6), s + 6);
        return digits(pid) && digits(dash + 1);
    }
    if (!strncmp(s, "builtins-", 9)) return strlen(s + 9) == 6;
    return hex_run(s, 32) && s[32] == '-' && strlen(s + 33) == 6;
}

/* <key>.deps.tmp<pid> (a deps file not yet published) */
static int is_deps_tmp(const char *s)
{
    const char *t = strstr(s, ".deps.tmp");
    if (!t || !digits(t + 9)) return 0;
    char key[128];
    snprintf(key, sizeof key, "%.*s.deps", (int)(t - s), s);
    return (size_t)(t - s) < sizeof key - 8 && is_deps(key);
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

/* Folder `name`'s files: 1 if it holds regular files only, as every entry
 * the cache makes (one holding anything else is not the cache's), with
 * the bytes they take (and the folder's) added to *bytes; 0 otherwise. */
static int files_of(int cfd, const char *name, uint64_t *bytes)
{
    int fd = openat(cfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        if (fd >= 0) close(fd);
        return 0;
    }
    int ok = 1;
    uint64_t n = 4096;
    struct dirent *e;
    struct stat st;
    while (ok && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            ok = !fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) && S_ISREG(st.st_mode);
            n += (uint64_t)st.st_blocks * 512;
        }
    closedir(d);
    if (ok && bytes) *bytes += n;
    return ok;
}

int rt_kb_rmdir(int dirfd, const char *name)
{
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        if (fd >= 0) close(fd);
        return -1;
    }
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) (void)unlinkat(fd, e->d_name, 0);
    closedir(d);
    return unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* Remove entry or scratch folder `name` (its files, then it): an entry is
 * renamed to a tmp-prune- name first, and only if it was not used since
 * the scan read its time (`used`; 0: a scratch folder, removed as it is).
 * 0 when it is gone. */
static int remove_entry(int cfd, const char *name, int64_t used)
{
    static _Atomic unsigned serial; /* (threads of one process: names apart) */
    char tmp[96];
    const char *at = name;
    if (used) {
        struct stat st;
        if (fstatat(cfd, name, &st, AT_SYMLINK_NOFOLLOW) || (int64_t)st.st_mtime != used ||
            !files_of(cfd, name, NULL))
            return -1;
        snprintf(tmp, sizeof tmp, "tmp-prune-%d-%u", (int)getpid(), atomic_fetch_add(&serial, 1));
        if (renameat(cfd, name, cfd, tmp)) return -1;
        at = tmp;
    }
    return rt_kb_rmdir(cfd, at);
}

/* The entry's key: its name up to the last '-' (<key>-<deps>). */
static size_t key_len(const char *name)
{
    const char *dash = strrchr(name, '-');
    return dash ? (size_t)(dash - name) : strlen(name);
}

/* A deps file as listed: its key (its name without ".deps"), size and
 * time. */
typedef struct {
    char *key;
    uint64_t bytes;
    int64_t time;
} kb_deps;

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
    /* the stamp first, locked while this scan runs: another process
     * building now skips its scan */
    int sfd = openat(cfd, RT_KB_STAMP, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (sfd < 0) {
        static _Atomic int warned;
        if (!atomic_exchange(&warned, 1))
            cm_warn("kernel cache %s: cannot open its %s (%s): its bound (%s) is not kept; "
                    "remove what is there by that name",
                    cache, RT_KB_STAMP, strerror(errno), tf_env_name(TF_ENV_CACHE_MAX_SIZE));
        close(cfd);
        return;
    }
    if (flock(sfd, LOCK_EX | LOCK_NB)) { /* another process is scanning */
        close(sfd);
        close(cfd);
        return;
    }
    (void)futimens(sfd, NULL);
    int dfd = dup(cfd);
    DIR *d = dfd < 0 ? NULL : fdopendir(dfd);
    if (!d) {
        if (dfd >= 0) close(dfd);
        goto out;
    }
    kb_entry *ents = NULL;
    kb_deps *deps = NULL;
    size_t n = 0, cap = 0, nd = 0, capd = 0;
    uint64_t total = 0;
    int oom = 0;
    struct dirent *e;
    while (!oom && (e = readdir(d))) {
        const char *name = e->d_name;
        if (fstatat(cfd, name, &st, AT_SYMLINK_NOFOLLOW)) continue;
        int dir = S_ISDIR(st.st_mode), reg = S_ISREG(st.st_mode);
        if (dir && is_scratch(name)) { /* a build under way, or one killed */
            if (now - st.st_mtime > RT_KB_TMP_MAX_AGE) remove_entry(cfd, name, 0);
            continue;
        }
        if (reg && is_deps_tmp(name)) { /* a deps file a killed build left */
            if (now - st.st_mtime > RT_KB_TMP_MAX_AGE) (void)unlinkat(cfd, name, 0);
            continue;
        }
        if (reg && is_deps(name)) {
            char *key = NULL;
            if (cm_grow((void **)&deps, &capd, nd + 1, sizeof *deps) ||
                !(key = strndup(name, strlen(name) - 5))) {
                oom = 1;
                break;
            }
            deps[nd++] = (kb_deps){key, (uint64_t)st.st_blocks * 512, (int64_t)st.st_mtime};
            total += (uint64_t)st.st_blocks * 512;
            continue;
        }
        uint64_t bytes = 0; /* (not the cache's: never touched) */
        if (!dir || !is_entry(name) || !files_of(cfd, name, &bytes)) continue;
        char *copy = NULL;
        if (cm_grow((void **)&ents, &cap, n + 1, sizeof *ents) || !(copy = strdup(name))) {
            oom = 1;
            break;
        }
        ents[n++] = (kb_entry){copy, bytes, (int64_t)st.st_mtime};
        total += bytes;
    }
    closedir(d);
    /* (out of host memory: the listing is not whole, so nothing goes) */
    if (!oom && total > max) {
        qsort(ents, n, sizeof *ents, by_use);
        uint64_t target = max / 4 * 3;
        size_t removed = 0;
        for (size_t i = 0; i < n && total > target && removed < RT_KB_PRUNE_MOST; i++) {
            if (now - ents[i].used < RT_KB_PRUNE_MIN_AGE)
                break; /* (in use lately, and all after) */
            if (remove_entry(cfd, ents[i].name, ents[i].used) == 0) {
                total -= ents[i].bytes < total ? ents[i].bytes : total;
                free(ents[i].name);
                ents[i].name = NULL;
                removed++;
            }
        }
        /* the deps files whose key has no entry left (not one written
         * lately: a build's whose entry this scan did not see) */
        char **keys = malloc((n ? n : 1) * sizeof *keys);
        size_t nk = 0;
        for (size_t i = 0; keys && i < n; i++)
            if (ents[i].name) {
                ents[i].name[key_len(ents[i].name)] = 0; /* (the names are not needed after) */
                keys[nk++] = ents[i].name;
            }
        if (keys) qsort(keys, nk, sizeof *keys, by_name);
        for (size_t i = 0; keys && i < nd; i++) {
            const char *k = deps[i].key;
            if (now - deps[i].time < RT_KB_PRUNE_MIN_AGE ||
                bsearch(&k, keys, nk, sizeof *keys, by_name))
                continue;
            char file[160];
            snprintf(file, sizeof file, "%s.deps", k);
            /* (still the one listed: one another process published since
             * has its own, new time) */
            if (fstatat(cfd, file, &st, AT_SYMLINK_NOFOLLOW) ||
                (int64_t)st.st_mtime != deps[i].time)
                continue;
            if (!unlinkat(cfd, file, 0)) total -= deps[i].bytes < total ? deps[i].bytes : total;
        }
        free(keys);
    }
    for (size_t i = 0; i < n; i++) free(ents[i].name);
    for (size_t i = 0; i < nd; i++) free(deps[i].key);
    free(ents);
    free(deps);
out:
    flock(sfd, LOCK_UN);
    close(sfd);
    close(cfd);
}
