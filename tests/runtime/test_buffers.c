/* Buffers and pools: bump allocation with LIFO reclamation, L1 pool resets
 * that keep persistent buffers, released handles, out-of-memory messages,
 * DRAM round-robin over banks, host copies and bounds. */
#include "rt_test.h"

#include <string.h>

int main(void)
{
    tf_device *dev = rt_open_sim(
        (tf_sim_config){.grid_x = 2, .grid_y = 1, .dram_banks = 2, .dram_bank_size = 1u << 20});
    tf_core c = {1, 0};
    uint32_t free0 = tf_l1_free_bytes(dev, c);
    CHECK_EQ_U(free0, 0x180000 - 0x62000);

    /* persistent first, then transient */
    tf_buffer *keep = MUST_PTR(tf_buffer_create_l1_persistent(dev, c, 1000));
    tf_buffer *a = MUST_PTR(tf_buffer_create_l1(dev, c, 100));
    tf_buffer *b = MUST_PTR(tf_buffer_create_l1(dev, c, 4096));
    CHECK_EQ_U(tf_buffer_address(keep), 0x62000);
    CHECK_EQ_U(tf_buffer_address(a), 0x62000 + 1024); /* 64-byte aligned */
    CHECK_EQ_U(tf_buffer_address(b), 0x62000 + 1024 + 128);
    CHECK_TRUE(tf_buffer_create_l1_persistent(dev, c, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "persistent L1 buffers must be allocated before transient");

    /* LIFO reclamation: freeing a, then b, gives both back */
    MUST(tf_buffer_free(a));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0 - 1024 - 128 - 4096);
    MUST(tf_buffer_free(b));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0 - 1024);

    /* a reset releases transient buffers, keeps persistent ones */
    uint8_t pattern[1000];
    for (int i = 0; i < 1000; i++) pattern[i] = (uint8_t)i;
    MUST(tf_buffer_write(keep, 0, pattern, 1000));
    tf_buffer *t1 = MUST_PTR(tf_buffer_create_l1(dev, c, 2048));
    MUST(tf_l1_reset(dev, c));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0 - 1024);
    uint8_t back[1000];
    MUST(tf_buffer_read(keep, 0, back, 1000));
    CHECK_TRUE(memcmp(back, pattern, 1000) == 0);
    CHECK_TRUE(tf_buffer_write(t1, 0, pattern, 4) != 0);
    CHECK_CONTAINS(tf_last_error(), "released by tf_l1_reset");
    MUST(tf_buffer_free(t1)); /* the handle is still freed by the user */

    /* out of L1: names the pool, the request and what is left */
    tf_buffer *huge = tf_buffer_create_l1(dev, c, 2u << 20);
    CHECK_TRUE(huge == NULL);
    CHECK_CONTAINS(tf_last_error(), "out of Device L1 (1,0): requested 2097152 bytes, 1170432 "
                                    "bytes left");
    /* out of DRAM */
    tf_buffer *d0 = MUST_PTR(tf_buffer_create_dram(dev, 600000));
    tf_buffer *d1 = MUST_PTR(tf_buffer_create_dram(dev, 600000));
    CHECK_TRUE(d0 != NULL && d1 != NULL);
    CHECK_TRUE(tf_buffer_noc_addr(d0) != tf_buffer_noc_addr(d1)); /* different banks */
    CHECK_TRUE(tf_buffer_create_dram(dev, 600000) == NULL);
    CHECK_CONTAINS(tf_last_error(), "out of Device DRAM: requested 600000 bytes");
    CHECK_CONTAINS(tf_last_error(), "448576 bytes");
    /* sizes whose alignment wraps (they became 0-byte buffers at address 0) */
    CHECK_TRUE(tf_buffer_create_dram(dev, UINT64_MAX) == NULL);
    CHECK_CONTAINS(tf_last_error(), "out of Device DRAM: requested 18446744073709551615 bytes");
    CHECK_TRUE(tf_buffer_create_dram(dev, UINT64_MAX - 30) == NULL);
    CHECK_CONTAINS(tf_last_error(), "out of Device DRAM: requested 18446744073709551585 bytes");

    /* bounds */
    CHECK_TRUE(tf_buffer_write(d0, 599999, pattern, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "outside the 600000-byte buffer");
    /* no such core */
    CHECK_TRUE(tf_buffer_create_l1(dev, (tf_core){5, 0}, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "no such core (5,0): the grid is 2x1");
    CHECK_TRUE(tf_program_create(dev, (tf_core){0, 3}) == NULL);
    CHECK_CONTAINS(tf_last_error(), "no such core (0,3)");

    /* DRAM content round trip, large */
    uint8_t *big = malloc(600000), *big2 = malloc(600000);
    for (int i = 0; i < 600000; i++) big[i] = (uint8_t)(i * 13);
    MUST(tf_buffer_write(d1, 0, big, 600000));
    MUST(tf_buffer_read(d1, 0, big2, 600000));
    CHECK_TRUE(memcmp(big, big2, 600000) == 0);
    free(big);
    free(big2);
    MUST(tf_buffer_free(d0));
    MUST(tf_buffer_free(d1));
    MUST(tf_buffer_free(keep));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0);

    /* a program whose first CB went with a tf_l1_reset and whose second was
     * set after it: destroying it frees the live one (and the released
     * one's handle) */
    tf_program *pr = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_cb(pr, 0, 1024, 2));
    MUST(tf_l1_reset(dev, c));
    MUST(tf_program_set_cb(pr, 1, 1024, 2));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0 - 2048);
    MUST(tf_program_destroy(pr));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0);
    MUST(tf_device_close(dev));

    /* only some cores booted */
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim2 = {.grid_x = 3, .grid_y = 1};
    cfg.sim = &sim2;
    tf_core boot[] = {{2, 0}};
    cfg.boot_cores = boot;
    cfg.num_boot_cores = 1;
    dev = MUST_PTR(tf_device_open(&cfg));
    CHECK_TRUE(tf_buffer_create_l1(dev, (tf_core){0, 0}, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "core (0,0) was not booted");
    MUST(tf_device_close(dev));
    return tf_check_report("test_buffers");
}
