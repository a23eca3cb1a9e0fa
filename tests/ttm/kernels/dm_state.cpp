// tt-metal's stateful transfers and its L1 region of zeros, as ttnn's
// readers use them: a scratch page half zeroed from MEM_ZEROS with
// one-packet reads that reuse one set_state (the reduce scaler's way),
// two reads of a DRAM buffer through noc_async_read_set_state /
// _with_state, and two one-packet writes back to DRAM through
// noc_async_write_one_packet_set_state / _with_state. SCRIBBLE: spoil the
// zeros (by a NOC write to this core: a kernel's store there faults), then
// fault.
// RTA: 0 L1 scratch (2048 bytes), 1/2 DRAM source NOC address lo/hi,
// 3/4 DRAM destination NOC address lo/hi.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    const uint32_t scratch = get_arg_val<uint32_t>(0);
    const uint64_t src = ((uint64_t)get_arg_val<uint32_t>(2) << 32) | get_arg_val<uint32_t>(1);
    const uint64_t dst = ((uint64_t)get_arg_val<uint32_t>(4) << 32) | get_arg_val<uint32_t>(3);

#ifdef SCRIBBLE
    // a kernel that writes the region spoils it for every later reader, as
    // on the hardware, until the core boots again (here: the fault below
    // has the runtime reboot it)
    *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(scratch + 8) = 0xffffffffu;
    noc_async_write(scratch + 8, get_noc_addr(MEM_ZEROS_BASE + 8), 4);
    noc_async_write_barrier();
    noc_async_read(NOC_XY_ADDR(63, 63, 0), scratch, 64); // no such endpoint: a fault
    noc_async_read_barrier();
    return;
#endif
    static_assert(MEM_ZEROS_SIZE == 512, "Blackhole's region of zeros");
    const uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE);
    noc_async_read_one_packet_set_state(zeros, MEM_ZEROS_SIZE);
    for (uint32_t a = scratch; a < scratch + 1024; a += MEM_ZEROS_SIZE)
        noc_async_read_one_packet_with_state<false>(MEM_ZEROS_BASE, a);
    noc_async_read_inc_num_issued(1024 / MEM_ZEROS_SIZE);

    noc_async_read_set_state(src);
    noc_async_read_with_state((uint32_t)src + 256, scratch + 1024, 128);
    noc_async_read_with_state((uint32_t)src + 64, scratch + 1152, 64);
    noc_async_read_barrier();

    noc_async_write_one_packet_set_state(dst, 64);
    noc_async_write_one_packet_with_state(scratch + 1024, (uint32_t)dst);
    noc_async_write_one_packet_with_state(scratch + 1088, (uint32_t)dst + 64);
    noc_async_write_barrier();
}
