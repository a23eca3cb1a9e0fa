/* The live-handle set (common/cm_handle.h): what a check answers for live,
 * removed, mistyped and never-made handles; that a program making and
 * releasing handles forever keeps a bounded set (it used to double its
 * table at every rebuild); and that lock-free checks on two threads never
 * miss a live handle while a third makes and releases others, through
 * hundreds of rebuilds (also run under ThreadSanitizer: make test-tsan).
 * The "handles" are addresses never dereferenced. */
#include "tf_check.h"
#include "common/cm_handle.h"
#include "tt_foil/error.h"

#include <pthread.h>
#include <stdint.h>

#define STABLE 64
#define CHURN  200000

/* Fake handles: 16-byte aligned, as the allocator gives. */
static const void *stable_h(int i)
{
    return (const void *)(uintptr_t)(0x10000000u + 16u * (unsigned)i);
}
static const void *churn_h(long i)
{
    return (const void *)(uintptr_t)(0x40000000u + 16u * (unsigned long)i);
}
static const void *never_h(int i)
{
    return (const void *)(uintptr_t)(0x20000000u + 16u * (unsigned)i);
}

static int stop;
static long misses[2]; /* per reader: wrong answers */

static void *reader(void *arg)
{
    long *bad = arg;
    long rounds = 0;
    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE) || rounds < 10) {
        for (int i = 0; i < STABLE; i++) {
            if (!cm_handle_live(stable_h(i), CM_H_BUFFER)) ++*bad;
            if (cm_handle_live(stable_h(i), CM_H_PROGRAM)) ++*bad;
            if (cm_handle_live(never_h(i), CM_H_BUFFER)) ++*bad;
        }
        rounds++;
    }
    return NULL;
}

int main(void)
{
    /* answers and messages */
    static int x;
    const void *h = &x;
    CHECK_TRUE(!cm_handle_live(h, CM_H_PROGRAM));
    CHECK_TRUE(cm_handle_check(h, CM_H_PROGRAM, "tf_program_destroy") < 0);
    CHECK_CONTAINS(tf_last_error(), "tf_program_destroy: program handle");
    CHECK_CONTAINS(tf_last_error(), "is not live (already freed, or never created)");
    CHECK_TRUE(cm_handle_add(h, CM_H_PROGRAM) == 0);
    CHECK_TRUE(cm_handle_check(h, CM_H_PROGRAM, "tf_program_destroy") == 0);
    CHECK_TRUE(cm_handle_live(h, CM_H_PROGRAM));
    CHECK_TRUE(cm_handle_check(h, CM_H_BUFFER, "tf_buffer_free") < 0);
    CHECK_CONTAINS(tf_last_error(), "is a program handle, not a buffer");
    CHECK_TRUE(cm_handle_check(NULL, CM_H_BUFFER, "tf_buffer_free") < 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_free: NULL buffer");
    CHECK_TRUE(!cm_handle_live(NULL, CM_H_BUFFER));
    /* the set's own markers are no handles (an empty and a removed slot) */
    cm_handle_remove(h);
    CHECK_TRUE(!cm_handle_live(h, CM_H_PROGRAM));
    CHECK_TRUE(!cm_handle_live((const void *)(uintptr_t)1, CM_H_PROGRAM));
    CHECK_TRUE(cm_handle_check((const void *)(uintptr_t)1, CM_H_PROGRAM, "f") < 0);

    /* churn alone: a million handles made and released, at most 100 live */
    for (long i = 0; i < 1000000; i++) {
        if (cm_handle_add(churn_h(i), CM_H_LAUNCH)) {
            CHECK_TRUE(0);
            break;
        }
        if (i >= 100) cm_handle_remove(churn_h(i - 100));
    }
    for (long i = 1000000 - 100; i < 1000000; i++) {
        CHECK_TRUE(cm_handle_live(churn_h(i), CM_H_LAUNCH));
        cm_handle_remove(churn_h(i));
    }
    CHECK_TRUE(!cm_handle_live(churn_h(5), CM_H_LAUNCH));
    /* 100 live need 512 slots; a spare of each size up to it */
    size_t kept = cm_handle_kept_slots();
    CHECK_TRUE(kept <= 2 * (256 + 512));
    if (kept > 2 * (256 + 512)) fprintf(stderr, "kept %zu slots\n", kept);

    /* lock-free checks during churn */
    for (int i = 0; i < STABLE; i++) CHECK_TRUE(cm_handle_add(stable_h(i), CM_H_BUFFER) == 0);
    pthread_t t[2];
    for (int k = 0; k < 2; k++) CHECK_TRUE(!pthread_create(&t[k], NULL, reader, &misses[k]));
    for (long i = 0; i < CHURN; i++) {
        /* up to 300 live at once: rebuilds at 512 and 2048 slots, and
         * same-size ones into the spare as removed slots fill the table */
        if (cm_handle_add(churn_h(1000000 + i), CM_H_KERNEL)) break;
        if (i >= 300) cm_handle_remove(churn_h(1000000 + i - 300));
    }
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    for (int k = 0; k < 2; k++) pthread_join(t[k], NULL);
    CHECK_EQ_U(misses[0], 0);
    CHECK_EQ_U(misses[1], 0);
    for (int i = 0; i < STABLE; i++) CHECK_TRUE(cm_handle_live(stable_h(i), CM_H_BUFFER));
    return tf_check_report("test_handle");
}
