// Copies this core's shard of a sharded buffer (its L1 address and bytes)
// to a DRAM buffer at an offset, so the test sees what each core holds.
// RTA: 0 shard address, 1 bytes, 2/3 DRAM NOC address lo/hi, 4 offset.
#include <cstdint>

void kernel_main()
{
    const uint32_t shard = get_arg_val<uint32_t>(0), bytes = get_arg_val<uint32_t>(1);
    const uint64_t dst = (uint64_t(get_arg_val<uint32_t>(3)) << 32) | get_arg_val<uint32_t>(2);
    noc_async_write(shard, dst + get_arg_val<uint32_t>(4), bytes);
    noc_async_write_barrier();
}
