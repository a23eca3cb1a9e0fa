/* Kernels that wait for what never comes (a deadlock the runtime reports
 * when the chip stops, not at the timeout), chosen by -DSTALL_KIND:
 * 1 (BRISC) waits for 2 pages of CB 0 while 2 (NCRISC), its producer,
 * pushes 1; 3 reserves and pushes 5 pages into CB 0 (4 pages), which no
 * one pops; 4 reserves 6 pages at once in CB 0; 5 waits until the L1
 * word at arg 0 is 1, then stores 7 at arg 1 (a word the host may set);
 * 6 waits for semaphore 0 to be 1. Not stalls (the chip once stopped on
 * them): 7 (BRISC) and 8 (NCRISC) hand a count back and forth through two
 * L1 words (args 0, 1) arg 2 times; 9 (NCRISC) pushes arg 0 pages into CB
 * 0 one at a time, which 10 (BRISC) pops. */
#include "dataflow_api.h"

void kernel_main(void)
{
#if STALL_KIND == 1
    cb_wait_front(0, 2);
    cb_pop_front(0, 2);
#elif STALL_KIND == 2
    cb_reserve_back(0, 1);
    cb_push_back(0, 1);
#elif STALL_KIND == 3
    for (int i = 0; i < 5; i++) {
        cb_reserve_back(0, 1);
        cb_push_back(0, 1);
    }
#elif STALL_KIND == 4
    cb_reserve_back(0, 6);
#elif STALL_KIND == 5
    noc_semaphore_wait((volatile uint32_t *)(uintptr_t)get_arg_val(0), 1);
    *(volatile uint32_t *)(uintptr_t)get_arg_val(1) = 7;
#elif STALL_KIND == 6
    noc_semaphore_wait((volatile uint32_t *)(uintptr_t)get_semaphore(0), 1);
#elif STALL_KIND == 7 || STALL_KIND == 8
    volatile uint32_t *a = (volatile uint32_t *)(uintptr_t)get_arg_val(0);
    volatile uint32_t *b = (volatile uint32_t *)(uintptr_t)get_arg_val(1);
    for (uint32_t i = 1; i <= get_arg_val(2); i++) {
#if STALL_KIND == 7
        dev_wait_ge(a, i);
        *b = i;
#else
        *a = i;
        dev_wait_ge(b, i);
#endif
    }
#elif STALL_KIND == 9
    for (uint32_t i = 0; i < get_arg_val(0); i++) {
        cb_reserve_back(0, 1);
        cb_push_back(0, 1);
    }
#elif STALL_KIND == 10
    for (uint32_t i = 0; i < get_arg_val(0); i++) {
        cb_wait_front(0, 1);
        cb_pop_front(0, 1);
    }
#elif STALL_KIND == 11 /* semaphore 0 at least arg 0 (unsigned: it may never be), at arg 1 */
    volatile uint32_t *sem = (volatile uint32_t *)(uintptr_t)get_semaphore(0);
    noc_semaphore_wait_min(sem, get_arg_val(0));
    *(volatile uint32_t *)(uintptr_t)get_arg_val(1) = *sem;
#else
#error "STALL_KIND"
#endif
}
