// BRISC's side of test_ttm_mailbox.c: the RISC mailboxes
// (ckernel::mailbox_write / mailbox_read, as ttnn's matmul readers tell
// the TRISCs a batch's validity) and, in MODE 6-7, the reader and writer
// of a compute kernel that moves its unpacker's fifo_rd_ptr. Runtime arg 0:
// an L1 word array for the results. MODE:
//   0 n values to each TRISC in turn (more than a mailbox holds, so BRISC
//     waits for room), then each TRISC's n answers read back into res;
//     res[3n] whether BRISC's mailboxes are empty after
//   1 two values for TRISC1 that no kernel reads this dispatch
//   2 TRISC1's four answers (mbox_compute.cpp MODE 2) into res
//   3 nothing: TRISC0 waits for a value that never comes (a deadlock)
//   4 five values for TRISC2, which reads none (a deadlock: a full mailbox)
//   5 mailbox_write to mailbox 7 (none: a fault)
//   6-8 tiles 0-1 of Float32 from DRAM (args 1-2) into CB 0; CB 16's one
//     tile to DRAM (args 3-4; not 7); 6: res[0..1] TRISC2's fifo_wr_ptr of
//     CB 16 before and after its push, from its mailbox, res[2] CB 16's
//     address in the same 16-byte units
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

// (test_ttm_mailbox.c's MBOX_N: more values than a mailbox holds)
constexpr uint32_t n = 10;

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *res =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
    using ckernel::ThreadId;
#if MODE == 0
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t t = ThreadId::UnpackThreadId; t <= ThreadId::PackThreadId; t++)
            ckernel::mailbox_write(t, i * 16 + t);
    for (uint32_t t = ThreadId::UnpackThreadId; t <= ThreadId::PackThreadId; t++)
        for (uint32_t i = 0; i < n; i++) res[(t - 1) * n + i] = ckernel::mailbox_read(t);
    res[3 * n] = ckernel::mailbox_not_empty(ThreadId::UnpackThreadId) +
                 ckernel::mailbox_not_empty(ThreadId::MathThreadId) +
                 ckernel::mailbox_not_empty(ThreadId::PackThreadId);
#elif MODE == 1
    ckernel::mailbox_write(ThreadId::MathThreadId, 0xabc);
    ckernel::mailbox_write(ThreadId::MathThreadId, 0xdef);
#elif MODE == 2
    for (uint32_t i = 0; i < 4; i++) res[i] = ckernel::mailbox_read(ThreadId::MathThreadId);
#elif MODE == 4
    for (uint32_t i = 0; i < 5; i++) ckernel::mailbox_write(ThreadId::PackThreadId, i);
#elif MODE == 5
    ckernel::mailbox_write(7, 1);
#elif MODE >= 6 && MODE <= 8
    constexpr uint32_t tile = 4096;
    uint64_t in = (uint64_t)get_arg_val<uint32_t>(2) << 32 | get_arg_val<uint32_t>(1);
    uint64_t out = (uint64_t)get_arg_val<uint32_t>(4) << 32 | get_arg_val<uint32_t>(3);
    cb_reserve_back(0, 2);
    noc_async_read(in, get_write_ptr(0), 2 * tile);
    noc_async_read_barrier();
    cb_push_back(0, 2);
#if MODE == 6
    res[0] = ckernel::mailbox_read(ThreadId::PackThreadId);
    res[1] = ckernel::mailbox_read(ThreadId::PackThreadId);
#endif
#if MODE != 7
    cb_wait_front(16, 1);
    res[2] = get_read_ptr(16) >> 4;
    noc_async_write(get_read_ptr(16), out, tile);
    noc_async_write_barrier();
    cb_pop_front(16, 1);
#endif
#endif
}
