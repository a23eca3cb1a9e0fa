/* Waits until the L1 word at arg 0 is 1 (the host sets it), then copies
 * 64 bytes from the NOC address (arg 2, arg 3) to L1 at arg 1: a kernel
 * still running when the host frees what it reads (test_held_buffers). */
#include "dataflow_api.h"

void kernel_main(void)
{
    noc_semaphore_wait((volatile uint32_t *)(uintptr_t)get_arg_val(0), 1);
    uint64_t src = get_arg_val(2) | (uint64_t)get_arg_val(3) << 32;
    noc_async_read(src, get_arg_val(1), 64);
    noc_async_read_barrier();
}
