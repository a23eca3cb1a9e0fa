/* Producer/consumer through a 2-slot window in the consumer's L1, with
 * credits: the transfer only completes if both cores run at once.
 * Producer (role 0): for each of n blocks, wait for a free slot (credits on
 * own semaphore 0), write block i = (seed + i) words into slot i % 2 of the
 * consumer, bump the consumer's semaphore 0 (data count).
 * Consumer (role 1): for each block, wait for data count > i, add its words
 * into a running sum, return a credit to the producer's semaphore 0.
 * Writes the sum to DRAM at the end.
 * args: 0 role, 1 n blocks, 2 words per block, 3 seed, 4 own L1 scratch,
 *       5 peer L1 window, 6 peer noc x, 7 peer noc y, 8 out lo, 9 out hi */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t role = get_arg_val(0), n = get_arg_val(1), words = get_arg_val(2);
    uint32_t seed = get_arg_val(3), mine = get_arg_val(4), window = get_arg_val(5);
    uint32_t px = get_arg_val(6), py = get_arg_val(7);
    uint64_t out = ((uint64_t)get_arg_val(9) << 32) | get_arg_val(8);
    volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(0);
    uint64_t peer_sem = get_noc_addr(px, py, get_semaphore(0));
    uint32_t block_bytes = words * 4;
    if (role == 0) {
        volatile uint32_t *buf = (volatile uint32_t *)mine;
        for (uint32_t i = 0; i < n; i++) {
            noc_semaphore_wait_min(sem, i >= 2 ? i - 1 : 0); /* slot i % 2 is free */
            for (uint32_t w = 0; w < words; w++) buf[w] = seed + i * words + w;
            noc_async_write(mine, get_noc_addr(px, py, window + (i % 2) * block_bytes),
                            block_bytes);
            noc_async_write_barrier();
            noc_semaphore_inc(peer_sem, 1);
        }
    } else {
        uint32_t sum = 0;
        for (uint32_t i = 0; i < n; i++) {
            noc_semaphore_wait_min(sem, i + 1);
            volatile uint32_t *slot = (volatile uint32_t *)(window + (i % 2) * block_bytes);
            for (uint32_t w = 0; w < words; w++) sum += slot[w];
            noc_semaphore_inc(peer_sem, 1); /* credit */
        }
        volatile uint32_t *res = (volatile uint32_t *)mine;
        res[0] = sum;
        noc_async_write(mine, out, 4);
        noc_async_write_barrier();
    }
}
