// Two-core handshake in the shape of tt-metal's NoC_tile_transfer: the
// receiver signals "ready" by incrementing the sender's semaphore, the
// sender writes the data into the receiver's L1 and then sets the
// receiver's semaphore remotely ("done"). Peers are named by logical
// coordinates (get_noc_addr_from_logical_xy).
// SENDER  RTA: 0/1 receiver logical x/y, 2 semaphore id, 3 source L1,
//              4 receiver's destination L1, 5 bytes, 6 L1 flag word
// RECEIVER RTA: 0/1 sender logical x/y, 2 semaphore id, 3 data L1 (what the
//              sender writes), 4 bytes, 5/6 dst DRAM NOC address lo/hi
#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/common_values.hpp"

void kernel_main()
{
    uint32_t px = get_arg_val<uint32_t>(0), py = get_arg_val<uint32_t>(1);
    uint32_t sem_addr = get_semaphore(get_arg_val<uint32_t>(2));
    volatile tt_l1_ptr uint32_t *sem = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem_addr);
#if defined(SENDER)
    uint32_t src = get_arg_val<uint32_t>(3), dst = get_arg_val<uint32_t>(4),
             bytes = get_arg_val<uint32_t>(5);
    volatile uint32_t *flag = (volatile uint32_t *)get_arg_val<uint32_t>(6);
    volatile uint32_t *w = (volatile uint32_t *)src;
    for (uint32_t i = 0; i < bytes / 4; i++) w[i] = 0xa5000000u + i;
    noc_semaphore_wait(sem, VALID); // the receiver is ready
    noc_semaphore_set(sem, INVALID);
    noc_async_write(src, get_noc_addr_from_logical_xy(px, py, dst), bytes);
    noc_async_write_barrier();
    *flag = VALID;
    noc_semaphore_set_remote((uint32_t)(uintptr_t)flag,
                             get_noc_addr_from_logical_xy(px, py, sem_addr));
    noc_async_write_barrier();
#else
    uint32_t data = get_arg_val<uint32_t>(3), bytes = get_arg_val<uint32_t>(4);
    uint64_t out = ((uint64_t)get_arg_val<uint32_t>(6) << 32) | get_arg_val<uint32_t>(5);
    noc_semaphore_inc(get_noc_addr_from_logical_xy(px, py, sem_addr), 1);
    noc_async_atomic_barrier();
    noc_semaphore_wait_min(sem, VALID); // the data has landed
    noc_semaphore_set(sem, INVALID);
    noc_async_write(data, out, bytes);
    noc_async_write_barrier();
#endif
}
