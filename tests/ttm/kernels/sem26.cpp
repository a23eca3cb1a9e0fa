// 2026's top-level Semaphore (api/dataflow/noc_semaphore.h) and the NOC
// address macros of noc/noc_parameters.h, on two neighbouring cores: A
// (SENDER) and B, each with an L1 buffer at the same address and semaphores
// 0 (ready), 1 (data, EXTERNAL, from a binding token), 2 (flag), 3 (A's
// value to relay), 4 (relayed) and 5 (relayed to both).
//  B raises A's ready (remote up); A takes it (down), raises B's data by 3
//  (remote up); B waits for at least 3, takes 2 (EXTERNAL down: a NOC
//  atomic), adds 5 (EXTERNAL up) and keeps the value. A sets its flag to 7
//  and multicasts it to B (set_multicast, this core excluded); sets its
//  semaphore 3 to 9 and relays it into B's semaphore 4 (relay_unicast),
//  then to 11 and into semaphore 5 of both cores (relay_multicast,
//  MCAST_INCL_SRC). Last B raises A's ready by 2, which A waits for.
// B's buffer (words): 0 data, 1 flag, 2 relayed, 3 relayed to both, 4 A's
// semaphore 5 as A saw it (A writes it over the NOC), 5.. the macros'
// results (sem26 in test_ttm_device2.c lists them).
// RTA: 0 peer NOC x, 1 peer NOC y, 2 buffer address.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "noc/noc_parameters.h"

static_assert(NOC_MAX_BURST_SIZE == 16384 && NOC_WORD_BYTES == 64, "the NOC's sizes");
static_assert(L1_ALIGNMENT == NOC_L1_READ_ALIGNMENT_BYTES && DRAM_ALIGNMENT == 64, "alignments");

constexpr SemaphoreBindingToken<1, SemScope::EXTERNAL> data_token{};

void kernel_main()
{
    const uint32_t px = get_arg_val<uint32_t>(0);
    const uint32_t py = get_arg_val<uint32_t>(1);
    const uint32_t addr = get_arg_val<uint32_t>(2);
    volatile uint32_t *buf = reinterpret_cast<volatile uint32_t *>(addr);

    Noc noc;
    Semaphore<> ready(0);
    Semaphore data(data_token); // Semaphore<TENSIX, SemScope::EXTERNAL>
    Semaphore<ProgrammableCoreType::TENSIX> flag(2);
    Semaphore value(3), relayed(4), both(5);

#ifdef SENDER
    ready.down(1);
    data.up(noc, px, py, 3);
    flag.set(7);
    flag.set_multicast(noc, px, py, px, py, 1);
    value.set(9);
    value.relay_unicast(noc, relayed, px, py);
    noc.async_write_barrier();
    value.set(11);
    const uint32_t x0 = my_x[noc.get_noc_id()] < px ? my_x[noc.get_noc_id()] : px;
    const uint32_t x1 = my_x[noc.get_noc_id()] < px ? px : my_x[noc.get_noc_id()];
    value.relay_multicast<NocOptions::MCAST_INCL_SRC>(noc, both, x0, py, x1, py, 2);
    noc.async_write_barrier();
    both.wait(11);
    buf[0] = both.value();
    noc_async_write(addr, get_noc_addr(px, py, addr + 16), 4);
    noc.async_write_barrier();
    noc.async_atomic_barrier();
    ready.wait(2);
#else
    for (uint32_t i = 0; i < 32; i++) buf[i] = 0;
    ready.up(noc, px, py, 1);
    data.wait_min(3);
    data.down(2);
    data.up(5);
    buf[0] = data.value();
    flag.wait(7);
    buf[1] = flag.value();
    relayed.wait(9);
    buf[2] = relayed.value();
    both.wait(11);
    buf[3] = both.value();
    // noc/noc_parameters.h: take addresses apart and build them
    const uint64_t n = get_noc_addr(px, py, 0x1230);
    buf[5] = (uint32_t)NOC_UNICAST_ADDR_X(n);
    buf[6] = (uint32_t)NOC_UNICAST_ADDR_Y(n);
    buf[7] = (uint32_t)NOC_LOCAL_ADDR_OFFSET(n);
    buf[8] = NOC_XY_ADDR(px, py, 0x1230) == n;
    const uint64_t m = NOC_MULTICAST_ADDR(1, 2, 3, 4, 0x40);
    buf[9] = m == get_noc_multicast_addr(1, 2, 3, 4, 0x40);
    buf[10] = (uint32_t)(NOC_MCAST_ADDR_START_X(m) << 24 | NOC_MCAST_ADDR_START_Y(m) << 16 |
                         NOC_MCAST_ADDR_END_X(m) << 8 | NOC_MCAST_ADDR_END_Y(m));
    buf[11] = my_x[0] - VIRTUAL_TENSIX_START_X;
    buf[12] = my_y[0] - VIRTUAL_TENSIX_START_Y;
    const uint32_t xy = NOC_XY_ENCODING(5, 6);
    buf[13] = (uint32_t)(NOC_UNICAST_COORDINATE_X(xy) << 8 | NOC_UNICAST_COORDINATE_Y(xy));
    const uint32_t mc = NOC_MULTICAST_ENCODING(1, 2, 3, 4);
    buf[14] =
        (uint32_t)(NOC_MCAST_COORDINATE_START_X(mc) << 24 | NOC_MCAST_COORDINATE_START_Y(mc) << 16 |
                   NOC_MCAST_COORDINATE_END_X(mc) << 8 | NOC_MCAST_COORDINATE_END_Y(mc));
    buf[15] = get_noc_addr_helper(xy, 0x40) == NOC_XY_ADDR(5, 6, 0x40);
    ready.up(noc, px, py, 2);
    noc.async_atomic_barrier();
#endif
}
