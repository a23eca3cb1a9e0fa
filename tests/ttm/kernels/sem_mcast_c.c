/* sem_mcast.cpp's sender in the C kernel API: 1 on the kernel's NOC, 10
 * and 100 on NOC 1 (noc_semaphore_inc_multicast and _on), then its own
 * semaphore 0 to result word 0. RTA as sem_mcast.cpp's. */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t x0 = get_arg_val(0), y0 = get_arg_val(1), x1 = get_arg_val(2), y1 = get_arg_val(3);
    uint32_t dests = get_arg_val(4);
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(5);
    uint32_t sem_addr = get_semaphore(0);
    uint64_t to = get_noc_multicast_addr(x0, y0, x1, y1, sem_addr);
    noc_semaphore_inc_multicast(to, 1, dests);
    noc_semaphore_inc_multicast_on(to, 10, dests, 1);
    noc_semaphore_inc_multicast_on(to, 100, dests, 1);
    noc_async_atomic_barrier();
    noc_async_atomic_barrier_on(1);
    res[0] = *(volatile uint32_t *)sem_addr;
}
