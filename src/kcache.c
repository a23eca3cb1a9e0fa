/* A device's kernel images by file. Programs written the tt-metal way
 * create their kernels again for every program they build (the CNN demo:
 * nine kernel files an inference), and reading, checking and staging an
 * ELF costs 3-10 us a file here (src/image.c; the zone table too). An
 * image read once is kept, and a later load of the same path, while the
 * file is unchanged (the same inode, size and modification time, in
 * nanoseconds), gets a copy of it instead (about 1 us): the same bytes,
 * zones and checks. A file rebuilt or replaced is read again; a file gone
 * fails as before; a load that fails keeps nothing. Each kernel owns its
 * copy, so freeing one never touches the cache, which the device frees at
 * close. */
#include "rt_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { RT_KCACHE_MAX = 64 }; /* files kept; past that the oldest entry goes */

typedef struct rt_kcache_entry {
    char *path;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    rt_image img;
} rt_kcache_entry;

struct rt_kcache {
    pthread_mutex_t lock; /* (a device's kernels may be loaded from two threads) */
    rt_kcache_entry e[RT_KCACHE_MAX];
    int n, next; /* entries in use; the one replaced next when full */
    uint64_t hits, misses;
};

static int same_file(const rt_kcache_entry *e, const struct stat *st)
{
    return e->dev == st->st_dev && e->ino == st->st_ino && e->size == st->st_size &&
           e->mtime.tv_sec == st->st_mtim.tv_sec && e->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

static rt_kcache_entry *find(struct rt_kcache *kc, const char *path)
{
    for (int i = 0; i < kc->n; i++)
        if (!strcmp(kc->e[i].path, path)) return &kc->e[i];
    return NULL;
}

static void entry_free(rt_kcache_entry *e)
{
    free(e->path);
    rt_image_free(&e->img);
    memset(e, 0, sizeof *e);
}

/* Keep a copy of img, read from path as st says, in place of what was
 * kept for path before (best effort: without memory nothing is kept, and
 * the next load reads the file again). */
static void keep(struct rt_kcache *kc, const char *path, const struct stat *st, const rt_image *img)
{
    rt_kcache_entry *old = find(kc, path);
    if (old) { /* stale: the file changed */
        entry_free(old);
        *old = kc->e[--kc->n];
        memset(&kc->e[kc->n], 0, sizeof kc->e[kc->n]);
        if (kc->next > kc->n) kc->next = 0;
    }
    rt_kcache_entry n = {
        .dev = st->st_dev, .ino = st->st_ino, .size = st->st_size, .mtime = st->st_mtim};
    n.path = strdup(path);
    if (!n.path || rt_image_copy(&n.img, img)) {
        free(n.path);
        return;
    }
    rt_kcache_entry *e;
    if (kc->n < RT_KCACHE_MAX) {
        e = &kc->e[kc->n++];
    } else { /* full: the slots in turn */
        e = &kc->e[kc->next];
        kc->next = (kc->next + 1) % RT_KCACHE_MAX;
        entry_free(e);
    }
    *e = n;
}

int rt_kcache_load(tf_device *dev, rt_image *img, const char *path, int risc)
{
    struct stat st;
    if (stat(path, &st)) return rt_image_load(img, path, TF_BUILD_KERNEL, risc); /* its message */
    static pthread_mutex_t made = PTHREAD_MUTEX_INITIALIZER; /* the first load's */
    pthread_mutex_lock(&made);
    if (!dev->kcache && (dev->kcache = calloc(1, sizeof *dev->kcache)))
        pthread_mutex_init(&dev->kcache->lock, NULL);
    struct rt_kcache *kc = dev->kcache;
    pthread_mutex_unlock(&made);
    if (!kc) return rt_image_load(img, path, TF_BUILD_KERNEL, risc); /* out of memory: no cache */
    pthread_mutex_lock(&kc->lock);
    rt_kcache_entry *e = find(kc, path);
    int rc;
    if (e && same_file(e, &st)) {
        kc->hits++;
        rc = rt_image_copy(img, &e->img);
        if (!rc && rt_image_check_risc(img, path, TF_BUILD_KERNEL, risc)) {
            rt_image_free(img);
            rc = -1;
        }
    } else {
        kc->misses++;
        rc = rt_image_load(img, path, TF_BUILD_KERNEL, risc);
        if (!rc) keep(kc, path, &st, img);
    }
    pthread_mutex_unlock(&kc->lock);
    return rc;
}

void rt_kcache_free(tf_device *dev)
{
    struct rt_kcache *kc = dev->kcache;
    if (!kc) return;
    for (int i = 0; i < kc->n; i++) entry_free(&kc->e[i]);
    pthread_mutex_destroy(&kc->lock);
    free(kc);
    dev->kcache = NULL;
}

void rt_kcache_stats(const tf_device *dev, uint64_t *hits, uint64_t *misses)
{
    *hits = dev->kcache ? dev->kcache->hits : 0;
    *misses = dev->kcache ? dev->kcache->misses : 0;
}
