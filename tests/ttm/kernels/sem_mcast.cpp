// Multicast atomic increments (tt-metal's noc_semaphore_inc_multicast) over
// a rectangle of cores, semaphore 0 of each. The sender (MODE defined) adds 1
// (the legacy call; result word 1: cycles from its issue to
// noc_async_atomic_barrier's end), 10 (2026's Semaphore::inc_multicast) and
// 100 (experimental::Semaphore's) to every core of the rectangle but
// itself, then writes its own semaphore 0 (no increment reaches it) to
// result word 0. A receiver waits until its semaphore 0 is 111 and writes
// it to result word 0.
//   MODE 0 (sender): as above
//   MODE 1 (sender): num_dests one too many (the rectangle with the
//          sender): a fault
//   MODE 2 (sender): the semaphore's address + 2: a fault
// RTA: 0..3 the rectangle's NOC corners x0, y0, x1, y1; 4 num_dests; 5 the
// result words' L1 address.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "experimental/noc.h"
#include "experimental/noc_semaphore.h"

void kernel_main()
{
    const uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
    const uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
    const uint32_t dests = get_arg_val<uint32_t>(4);
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(5));
    const uint32_t sem_addr = get_semaphore(0);
    auto *sem = reinterpret_cast<volatile uint32_t *>(sem_addr);
#ifdef MODE
#if MODE == 1
    noc_semaphore_inc_multicast(get_noc_multicast_addr(x0, y0, x1, y1, sem_addr), 1, dests + 1);
#elif MODE == 2
    noc_semaphore_inc_multicast(get_noc_multicast_addr(x0, y0, x1, y1, sem_addr + 2), 1, dests);
#else
    std::uint64_t t0 = dev_clock();
    noc_semaphore_inc_multicast(get_noc_multicast_addr(x0, y0, x1, y1, sem_addr), 1, dests);
    noc_async_atomic_barrier();
    res[1] = (uint32_t)(dev_clock() - t0);
    Noc noc;
    Semaphore<> s26(0);
    s26.inc_multicast(noc, x0, y0, x1, y1, 10, dests);
    experimental::Noc xnoc;
    experimental::Semaphore<> sx(0);
    sx.inc_multicast(xnoc, x0, y0, x1, y1, 100, dests);
    noc_async_atomic_barrier();
    res[0] = *sem;
#endif
#else
    noc_semaphore_wait(sem, 111);
    res[0] = *sem;
#endif
}
