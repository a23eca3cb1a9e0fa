// Two cores through Device 2.0 objects: core A (SENDER) and core B, each
// with an L1 buffer at the same address and semaphores 0 (ready), 1 (data)
// and 2 (flag). B tells A it is ready (Semaphore::up on A over the NOC); A
// waits for it (down), writes its words to B's buffer through a
// UnicastEndpoint in two halves (args' offsets on both ends), multicasts
// its first 16 words to B through a MulticastEndpoint, then raises B's
// `data` (up over the NOC) and multicasts its `flag` (set_multicast). B
// waits for both, reads A's words back through a UnicastEndpoint as the
// source, records its semaphores and writes its buffer to DRAM through an
// AllocatorBank; last it raises A's `ready` by 2 and 3, which A waits for.
// B's buffer (words): [0, n) A's words, [n, 2n) read back, [2n, 2n + 16)
// the multicast, 2n + 16: data after down(1) and up(10), 2n + 17: flag.
// RTA: 0 peer NOC x, 1 peer NOC y, 2 buffer address, 3 n (multiple of 16);
// B also 4 the DRAM address (bank 0).
#include "api/dataflow/dataflow_api.h"
#include "experimental/core_local_mem.h"
#include "experimental/endpoints.h"
#include "experimental/noc.h"
#include "experimental/noc_semaphore.h"

void kernel_main()
{
    const uint32_t px = get_arg_val<uint32_t>(0);
    const uint32_t py = get_arg_val<uint32_t>(1);
    const uint32_t addr = get_arg_val<uint32_t>(2);
    const uint32_t n = get_arg_val<uint32_t>(3);

    experimental::Noc noc;
    experimental::Semaphore<> ready(0);
    experimental::Semaphore data(1);
    experimental::Semaphore<ProgrammableCoreType::TENSIX> flag(2);
    experimental::CoreLocalMem<uint32_t> buf(addr);
    experimental::UnicastEndpoint peer;

#ifdef SENDER
    auto p = buf;
    for (uint32_t i = 0; i < n; i++) *p++ = 0xd2000000u + i * 3;
    if (p - buf != (std::ptrdiff_t)n) return;
    ready.down(1);
    const uint32_t half = n * 2;
    noc.async_write(buf, peer, half, {}, {.noc_x = px, .noc_y = py, .addr = addr});
    noc.async_write(buf, peer, half, {.offset_bytes = half},
                    {.noc_x = px, .noc_y = py, .addr = addr + half});
    experimental::MulticastEndpoint rect;
    noc.async_write_multicast(buf, rect, 64, 1, {},
                              {.noc_x_start = px,
                               .noc_y_start = py,
                               .noc_x_end = px,
                               .noc_y_end = py,
                               .addr = addr + n * 8});
    noc.async_write_barrier();
    data.up(noc, px, py, 1);
    noc.async_atomic_barrier();
    flag.set(7);
    flag.set_multicast(noc, px, py, px, py, 1);
    noc.async_write_barrier();
    ready.wait(5);
#else
    const uint32_t out = get_arg_val<uint32_t>(4);
    for (uint32_t i = 0; i < 2 * n + 32; i++) buf[i] = 0;
    ready.up(noc, px, py, 1);
    data.wait_min(1);
    flag.wait(7);
    experimental::CoreLocalMem<uint32_t> back = buf + n;
    noc.async_read(peer, back, n * 4, {.noc_x = px, .noc_y = py, .addr = addr}, {});
    noc.async_read_barrier();
    data.down(1);
    data.up(10);
    buf[2 * n + 16] = *reinterpret_cast<volatile uint32_t *>(get_semaphore(1));
    buf[2 * n + 17] = *reinterpret_cast<volatile uint32_t *>(get_semaphore(2));
    experimental::AllocatorBank<experimental::AllocatorBankType::DRAM> bank;
    noc.async_write(buf, bank, (2 * n + 32) * 4, {}, {.bank_id = 0, .addr = out});
    noc.async_write_barrier();
    ready.up(noc, px, py, 2);
    ready.up(noc, px, py, 3);
    noc.async_atomic_barrier();
#endif
}
