// noc_semaphore_wait_min compares as unsigned numbers, as tt-metal's
// (while *sem < val). The waiter (BRISC) waits until semaphore 0 is at
// least arg 0, then stores the value it saw at L1 arg 1. The setter
// (NCRISC, SETTER) waits arg 1 cycles, sets the semaphore to 5 (not at
// least a value of 2^31 or more, though (int32)(5 - val) >= 0 for one
// below 2^31 + 5), waits as long again and sets it to arg 0.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *sem =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
    uint32_t val = get_arg_val<uint32_t>(0);
#ifdef SETTER
    riscv_wait(get_arg_val<uint32_t>(1));
    noc_semaphore_set(sem, 5);
    riscv_wait(get_arg_val<uint32_t>(1));
    noc_semaphore_set(sem, val);
#else
    noc_semaphore_wait_min(sem, val);
    *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(1)) = *sem;
#endif
}
