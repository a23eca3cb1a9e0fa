/* Per-NOC counters and barriers, timed on the wall clock: a write to a
 * peer core on NOC 1 is pending on NOC 1 only; writes_flushed returns when
 * it has left the core, the write barrier when it landed; the source may
 * change after the flush without changing what lands; an atomic increment
 * is waited for by the atomic barrier. Results (words) to L1 at args[4]:
 * 0 NOC 0 writes pending, 1 NOC 1 writes pending, 2 cycles from flushed
 * to barrier, 3 cycles of the atomic barrier after issue, 4 NOC 1 atomics
 * pending after issue, 5 NOC 1 atomics pending after the barrier, 6 cycles
 * of the flush after issue, 7 how much longer a multicast from NOC (1,1)
 * to NOC (2,1)-(4,3) (9 cores, 5 hops to the farthest) takes than one to
 * (2,1)-(3,1) (2 cores, 2 hops), both of 64 bytes on NOC 0.
 * args: 0 peer noc x, 1 peer noc y, 2 L1 source (bytes at args[3]),
 *       3 bytes, 4 results, 5 peer L1 destination */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t px = get_arg_val(0), py = get_arg_val(1), src = get_arg_val(2);
    uint32_t bytes = get_arg_val(3), dst = get_arg_val(5);
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(4);
    volatile uint32_t *s = (volatile uint32_t *)src;
    for (uint32_t i = 0; i < bytes / 4; i++) s[i] = 0x1000 + i;
    uint64_t t0 = dev_clock();
    dev_noc_write(1, src, get_noc_addr(px, py, dst), bytes);
    uint32_t p0 = dev_reg_read(TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITES_PENDING));
    uint32_t p1 = dev_reg_read(TF_MMIO_NOC_REG(1, TF_NOC_REG_WRITES_PENDING));
    dev_noc_write_barrier(0); /* nothing pending on NOC 0: returns at once */
    dev_noc_writes_flushed(1);
    uint64_t t1 = dev_clock();
    s[0] = 0xdead; /* the source may be reused now: the data in flight keeps 0x1000 */
    dev_noc_write_barrier(1);
    uint64_t t2 = dev_clock();
    dev_noc_atomic_inc(1, get_noc_addr(px, py, get_semaphore(1)), 5);
    uint64_t t3 = dev_clock();
    uint32_t a0 = dev_reg_read(TF_MMIO_NOC_REG(1, TF_NOC_REG_ATOMICS_PENDING));
    dev_noc_atomic_barrier(1);
    uint64_t t4 = dev_clock();
    res[0] = p0;
    res[1] = p1;
    res[2] = (uint32_t)(t2 - t1);
    res[3] = (uint32_t)(t4 - t3);
    res[4] = a0;
    res[5] = dev_reg_read(TF_MMIO_NOC_REG(1, TF_NOC_REG_ATOMICS_PENDING));
    res[6] = (uint32_t)(t1 - t0);
    uint32_t d[2];
    for (int i = 0; i < 2; i++) {
        uint64_t m = i ? get_noc_multicast_addr(2, 1, 4, 3, TF_L1_SIZE - 64)
                       : get_noc_multicast_addr(2, 1, 3, 1, TF_L1_SIZE - 64); /* unused L1 */
        uint32_t n = i ? 9 : 2, len = 64;
        __asm__ volatile("" : "+r"(m), "+r"(n), "+r"(len)); /* ready before the clock starts */
        uint64_t a = dev_clock();
        noc_async_write_multicast(src, m, len, n);
        noc_async_write_barrier();
        d[i] = (uint32_t)(dev_clock() - a);
    }
    res[7] = d[1] - d[0];
}
