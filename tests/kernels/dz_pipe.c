/* A reader -> compute -> writer pipeline with a zone inside every loop
 * that waits on a circular buffer, on all five RISCs:
 *   NCRISC (role reader):  DRAM -> CB 0, zone "read tile"
 *   TRISC0 (unpack):       CB 0 -> CB 1 (copy), zone "unpack"
 *   TRISC1 (math):         one zone "math" per tile (no buffers)
 *   TRISC2 (pack):         CB 1 -> CB 2 (add 1 to each word), zone "pack"
 *   BRISC  (role writer):  CB 2 -> DRAM, zone "write tile"
 * args (all RISCs): 0 DRAM src lo, 1 hi, 2 DRAM dst lo, 3 hi, 4 tiles */
#include "dataflow_api.h"

#define TILE 1024

static inline __attribute__((unused)) void copy_words(uint32_t dst, uint32_t src, uint32_t add)
{
    volatile uint32_t *d = (volatile uint32_t *)dst, *s = (volatile uint32_t *)src;
    for (uint32_t i = 0; i < TILE / 4; i++) d[i] = s[i] + add;
}

void kernel_main(void)
{
    uint64_t src = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t dst = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    uint32_t n = get_arg_val(4);
    (void)src;
    (void)dst;
#if defined(TF_COMPUTE_ROLE)
#if TF_COMPUTE_ROLE == 0
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("unpack");
        cb_wait_front(0, 1);
        cb_reserve_back(1, 1);
        copy_words(get_write_ptr(1), get_read_ptr(0), 0);
        cb_push_back(1, 1);
        cb_pop_front(0, 1);
    }
#elif TF_COMPUTE_ROLE == 1
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("math");
    }
#else
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("pack");
        cb_wait_front(1, 1);
        cb_reserve_back(2, 1);
        copy_words(get_write_ptr(2), get_read_ptr(1), 1);
        cb_push_back(2, 1);
        cb_pop_front(1, 1);
    }
#endif
#elif TF_RISC == TF_RISC_NCRISC
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("read tile");
        cb_reserve_back(0, 1);
        noc_async_read(src + (uint64_t)i * TILE, get_write_ptr(0), TILE);
        noc_async_read_barrier();
        cb_push_back(0, 1);
    }
#else
    for (uint32_t i = 0; i < n; i++) {
        DeviceZoneScopedN("write tile");
        cb_wait_front(2, 1);
        noc_async_write(get_read_ptr(2), dst + (uint64_t)i * TILE, TILE);
        noc_async_write_barrier();
        cb_pop_front(2, 1);
    }
#endif
}
