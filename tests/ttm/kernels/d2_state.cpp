// Device 2.0's stateful transfers, run: experimental::Noc's set_*_state and
// *_with_state, one packet (ONE_PACKET) or the default max_page_size (any
// size), reading 64 bytes of a peer's L1 buffer into this core's and
// writing them back to the peer 128 bytes on. TOP: the same through
// 2026's top-level Noc.
// RTA: 0 the buffer (the same L1 address on both cores), 1/2 the peer's NOC x/y.
#include "api/dataflow/noc.h"
#include "experimental/noc.h"

constexpr uint32_t page = MODE & 1 ? NOC_MAX_BURST_SIZE : NOC_MAX_BURST_SIZE + 1;

void kernel_main()
{
    const uint32_t buf = get_arg_val<uint32_t>(0), bx = get_arg_val<uint32_t>(1),
                   by = get_arg_val<uint32_t>(2);
    experimental::CoreLocalMem<uint32_t> mine(buf);
    experimental::UnicastEndpoint peer;
#if MODE & 2
    Noc noc;
    noc.set_async_read_state<NocOptions::DEFAULT, page>(peer, 64,
                                                        {.noc_x = bx, .noc_y = by, .addr = buf});
    noc.async_read_with_state<NocOptions::DEFAULT, page>(
        peer, mine, 64, {.noc_x = bx, .noc_y = by, .addr = buf}, {.offset_bytes = 64});
    noc.async_read_barrier();
    noc.set_async_write_state<NocOptions::DEFAULT, page>(
        peer, 64, {.noc_x = bx, .noc_y = by, .addr = buf + 128});
    noc.async_write_with_state<NocOptions::DEFAULT, page>(
        mine, peer, 64, {.offset_bytes = 64}, {.noc_x = bx, .noc_y = by, .addr = buf + 128});
#else
    experimental::Noc noc;
    noc.set_async_read_state<experimental::Noc::VcSelection::DEFAULT, page>(
        peer, 64, {.noc_x = bx, .noc_y = by, .addr = buf});
    noc.async_read_with_state<experimental::Noc::VcSelection::DEFAULT, page>(
        peer, mine, 64, {.noc_x = bx, .noc_y = by, .addr = buf}, {.offset_bytes = 64});
    noc.async_read_barrier();
    noc.set_async_write_state<experimental::Noc::ResponseMode::NON_POSTED, page>(
        peer, 64, {.noc_x = bx, .noc_y = by, .addr = buf + 128});
    noc.async_write_with_state<experimental::Noc::ResponseMode::NON_POSTED, page>(
        mine, peer, 64, {.offset_bytes = 64}, {.noc_x = bx, .noc_y = by, .addr = buf + 128});
#endif
    noc.async_write_barrier();
}
