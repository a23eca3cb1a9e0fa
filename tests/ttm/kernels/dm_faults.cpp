// Mistakes a data-movement kernel makes, one per define; each must fail
// the dispatch with a message naming the core, the RISC and this file's
// line: the one marked "<- NAME" (test_ttm_dm.c finds it there).
// RTA: 0 L1 scratch (4 KiB), 1/2 a peer's NOC x/y, 3/4 DRAM NOC address
// lo/hi, 5 semaphore 0's L1 address, 6 zero. CB 0: 3 pages of 64 B;
// semaphore 0: 0.
#include "api/dataflow/dataflow_api.h"
#include "experimental/noc.h"

void kernel_main()
{
    const uint32_t l1 = get_arg_val<uint32_t>(0);
    const uint32_t px = get_arg_val<uint32_t>(1), py = get_arg_val<uint32_t>(2);
    const uint64_t dram = ((uint64_t)get_arg_val<uint32_t>(4) << 32) | get_arg_val<uint32_t>(3);
    (void)px, (void)py, (void)dram;
#if defined(BAD_NOC)
    noc_async_read(get_noc_addr(60, 60, 0x1000), l1, 64); // <- BAD_NOC
    noc_async_read_barrier();
#elif defined(L1_PAST_END)
    noc_async_read(dram, 0x7ffff0, 64); // <- L1_PAST_END
    noc_async_read_barrier();
#elif defined(PEER_PAST_END)
    noc_async_write(l1, get_noc_addr(px, py, 0x7ffff0), 64); // <- PEER_PAST_END
    noc_async_write_barrier();
#elif defined(DRAM_PAST_END)
    noc_async_read(dram + 0x7fffffffull, l1, 64); // <- DRAM_PAST_END
    noc_async_read_barrier();
#elif defined(CB_STRADDLE)
    // a CB of 3 pages, reserved 2 at a time: the second reservation runs
    // past the CB's end (tt-metal: pushes must sum to the CB's size)
    for (int i = 0; i < 2; i++) {
        cb_reserve_back(tt::CBIndex::c_0, 2);
        cb_push_back(tt::CBIndex::c_0, 2); // <- CB_STRADDLE
        cb_wait_front(tt::CBIndex::c_0, 2);
        cb_pop_front(tt::CBIndex::c_0, 2);
    }
#elif defined(CB_STRADDLE_POP)
    // pushed one page at a time (fine), popped two at a time: the second
    // pop runs past the end of the 3 pages
    for (int i = 0; i < 2; i++) {
        cb_reserve_back(tt::CBIndex::c_0, 1);
        cb_push_back(tt::CBIndex::c_0, 1);
        cb_reserve_back(tt::CBIndex::c_0, 1);
        cb_push_back(tt::CBIndex::c_0, 1);
        cb_wait_front(tt::CBIndex::c_0, 2);
        cb_pop_front(tt::CBIndex::c_0, 2); // <- CB_STRADDLE_POP
    }
#elif defined(CB_TOO_BIG)
    cb_reserve_back(tt::CBIndex::c_0, 4); // <- CB_TOO_BIG
#elif defined(CB_NEVER_PUSHED)
    cb_wait_front(tt::CBIndex::c_0, 1); // <- CB_NEVER_PUSHED
#elif defined(SEM_NEVER_SET)
    auto *sem = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
    noc_semaphore_wait(sem, 1); // <- SEM_NEVER_SET
#elif defined(SEM_INC_MISALIGNED)
    noc_semaphore_inc(get_noc_addr(px, py, get_semaphore(0) + 2), 1); // <- SEM_INC_MISALIGNED
    noc_async_atomic_barrier();
#elif defined(SEM_INC_ID)
    // the peer's semaphore 0 incremented by its id, not its address: L1
    // word 0 of the peer, in its mailbox
    noc_semaphore_inc(get_noc_addr(px, py, 0), 1); // <- SEM_INC_ID
    noc_async_atomic_barrier();
#elif defined(SEM_ID_RANGE)
    // the semaphore's address where its id belongs (older tt-metal kernels
    // were given the address)
    const uint32_t sem = get_semaphore(get_arg_val<uint32_t>(5)); // <- SEM_ID_RANGE
    noc_semaphore_set(reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem), 1);
#elif defined(ZERO_LENGTH)
    // a size from an argument the host did not set
    noc_async_read(dram, l1, get_arg_val<uint32_t>(6)); // <- ZERO_LENGTH
    noc_async_read_barrier();
#elif defined(SEM_WAIT_MISALIGNED)
    volatile tt_l1_ptr uint32_t *odd =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0) + 2);
    noc_semaphore_wait(odd, 1); // <- SEM_WAIT_MISALIGNED
#elif defined(CB_ID_RANGE)
    // a CB id from a runtime arg: 40, past the last
    const uint32_t cb = get_arg_val<uint32_t>(5) / 0x23800 * 40;
    cb_reserve_back(cb, 1); // <- CB_ID_RANGE
    cb_push_back(cb, 1);
#elif defined(MCAST_WRONG_COUNT)
    uint64_t to = get_noc_multicast_addr(px, py, px, py, l1);
    noc_async_write_multicast(l1, to, 64, 2); // <- MCAST_WRONG_COUNT
    noc_async_write_barrier();
#elif defined(ALIGN_DRAM_READ)
    // 16 bytes into both: the addresses agree modulo 64 (fine), then a read
    // into L1 16 bytes on from the DRAM buffer's 64-byte aligned start
    noc_async_read(dram + 16, l1 + 16, 64);
    noc_async_read_barrier();
    noc_async_read(dram, l1 + 16, 64); // <- ALIGN_DRAM_READ
    noc_async_read_barrier();
#elif defined(ALIGN_L1_WRITE)
    // to L1 the NOC needs agreement modulo 16 only (fine), then a word 4
    // bytes off
    noc_async_write(l1 + 16, get_noc_addr(px, py, l1 + 272), 16);
    noc_async_write_barrier();
    noc_async_write(l1 + 4, get_noc_addr(px, py, l1 + 256), 4); // <- ALIGN_L1_WRITE
    noc_async_write_barrier();
#elif defined(ALIGN_MCAST)
    uint64_t to = get_noc_multicast_addr(px, py, px, py, l1 + 8);
    noc_async_write_multicast(l1, to, 64, 1); // <- ALIGN_MCAST
    noc_async_write_barrier();
#elif defined(STATE_UNSET)
    // the state set on NOC 0, then a one-packet read with it on NOC 1
    noc_async_read_one_packet_set_state(get_noc_addr(MEM_ZEROS_BASE), 64, 0, 0);
    noc_async_read_one_packet_with_state(MEM_ZEROS_BASE, l1, 0, 0);
    noc_async_read_one_packet_with_state(MEM_ZEROS_BASE, l1, 0, 1); // <- STATE_UNSET
    noc_async_read_barrier();
#elif defined(STATE_NO_SIZE)
    // a read_set_state gives no size: a one-packet with_state needs its own
    noc_async_read_set_state(get_noc_addr(MEM_ZEROS_BASE));
    noc_async_read_with_state(MEM_ZEROS_BASE, l1, 64);
    noc_async_read_one_packet_with_state(MEM_ZEROS_BASE, l1); // <- STATE_NO_SIZE
    noc_async_read_barrier();
#elif defined(STATE_WRITE_UNSET)
    noc_async_write_one_packet_with_state(l1, l1 + 64); // <- STATE_WRITE_UNSET
    noc_async_write_barrier();
#elif defined(NOC_WRITE_STATE_UNSET)
    // Device 2.0's stateful write at its default size (any size), no state
    experimental::Noc noc;
    experimental::CoreLocalMem<uint32_t> src(l1);
    experimental::UnicastEndpoint peer;
    // clang-format off
    noc.async_write_with_state(src, peer, 64, {}, {.noc_x = px, .noc_y = py, .addr = l1 + 256}); // <- NOC_WRITE_STATE_UNSET
    // clang-format on
    noc.async_write_barrier();
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 3
    // a reader that forgets its barrier: two pages pushed while the read
    // into the second one is still on its way
    cb_reserve_back(tt::CBIndex::c_0, 2);
    noc_async_read(dram, get_write_ptr(tt::CBIndex::c_0) + 64, 64);
    cb_push_back(tt::CBIndex::c_0, 2); // <- WATCHER_ENABLED=3
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 4
    // a writer that pops its page before the write has read it
    cb_reserve_back(tt::CBIndex::c_0, 1);
    cb_push_back(tt::CBIndex::c_0, 1);
    cb_wait_front(tt::CBIndex::c_0, 1);
    noc_async_write(get_read_ptr(tt::CBIndex::c_0), dram, 64);
    cb_pop_front(tt::CBIndex::c_0, 1); // <- WATCHER_ENABLED=4
    noc_async_write_barrier();
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 5
    // the same done right (no fault): each page pushed once its read has
    // landed and popped once its write has read it, while the NOC works on
    // the page beside it (the check is of the pages handed on alone)
    cb_reserve_back(tt::CBIndex::c_0, 2);
    const uint32_t w = get_write_ptr(tt::CBIndex::c_0);
    noc_async_read(dram, w, 64);
    noc_async_read_barrier();
    noc_async_read(dram + 64, w + 64, 64);
    cb_push_back(tt::CBIndex::c_0, 1);
    noc_async_read_barrier();
    cb_push_back(tt::CBIndex::c_0, 1);
    cb_wait_front(tt::CBIndex::c_0, 2);
    const uint32_t r = get_read_ptr(tt::CBIndex::c_0);
    noc_async_write(r, dram + 128, 64);
    noc_async_writes_flushed();
    noc_async_write(r + 64, dram + 192, 64);
    cb_pop_front(tt::CBIndex::c_0, 1);
    noc_async_write_barrier();
    cb_pop_front(tt::CBIndex::c_0, 1);
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 6
    // one page pushed, two popped: the second was never pushed (no
    // cb_wait_front for it), so what was read from it was never written
    cb_reserve_back(tt::CBIndex::c_0, 1);
    cb_push_back(tt::CBIndex::c_0, 1);
    cb_pop_front(tt::CBIndex::c_0, 2); // <- WATCHER_ENABLED=6
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 7
    // the CB's 3 pages pushed and none popped, then a fourth pushed with no
    // cb_reserve_back: it overwrote the first, still unread
    for (int i = 0; i < 3; i++) {
        cb_reserve_back(tt::CBIndex::c_0, 1);
        cb_push_back(tt::CBIndex::c_0, 1);
    }
    cb_push_back(tt::CBIndex::c_0, 1); // <- WATCHER_ENABLED=7
#elif defined(WATCHER_ENABLED) && WATCHER_ENABLED == 2
    // the host gives 7 args (0..6): an 8th read is a mistake, which the
    // watcher build checks
    volatile uint32_t extra = get_arg_val<uint32_t>(7); // <- WATCHER_ENABLED=2
    (void)extra;
#elif defined(WATCHER_ENABLED) // (tt-metal's watcher build: ASSERT checks)
    ASSERT(get_arg_val<uint32_t>(6) == 1); // <- WATCHER_ENABLED
#endif
}
