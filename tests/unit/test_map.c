/* The open-addressing map (common/cm_map.h): insert and find many keys
 * through growth, and keys that collide (the same hash, told apart by the
 * `same` test). */
#include "tf_check.h"
#include "common/cm_map.h"

static const uint32_t *names; /* value -> "name" for the collision test */

static int same_name(uint32_t value, void *ctx)
{
    return names[value] == *(const uint32_t *)ctx;
}

int main(void)
{
    cm_map m = {0};
    int is_new;
    for (uint32_t i = 1; i <= 10000; i++) {
        uint32_t *v = cm_map_slot(&m, (uint64_t)i * 7919, NULL, NULL, &is_new);
        CHECK_TRUE(v && is_new);
        if (v) *v = i;
    }
    CHECK_EQ_U(m.used, 10000);
    CHECK_TRUE(m.slots >= 20000); /* at most half full */
    int found = 1;
    for (uint32_t i = 1; i <= 10000; i++) {
        uint32_t *v = cm_map_slot(&m, (uint64_t)i * 7919, NULL, NULL, &is_new);
        found &= v && !is_new && *v == i;
    }
    CHECK_TRUE(found);
    cm_map_free(&m);
    CHECK_TRUE(m.keys == NULL && m.used == 0);

    /* three names under one hash: three entries, each found again */
    static const uint32_t table[] = {100, 200, 300};
    names = table;
    for (uint32_t k = 0; k < 3; k++) {
        uint32_t *v = cm_map_slot(&m, 42, same_name, (void *)&table[k], &is_new);
        CHECK_TRUE(v && is_new);
        if (v) *v = k;
    }
    for (uint32_t k = 0; k < 3; k++) {
        uint32_t *v = cm_map_slot(&m, 42, same_name, (void *)&table[k], &is_new);
        CHECK_TRUE(v && !is_new && *v == k);
    }
    CHECK_EQ_U(m.used, 3);
    cm_map_free(&m);
    return tf_check_report("test_map");
}
