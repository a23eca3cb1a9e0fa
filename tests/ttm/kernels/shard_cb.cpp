// A data-movement kernel of ttnn's sharded ops: the circular buffer is the
// shard itself (the host put it on an L1 buffer, as tt-metal's
// set_globally_allocated_address), so nothing is read or written over the
// NOC. Compile-time args: 0 the CB, 1 its role: 0 the reader (ttnn's
// reader_unary_sharded: make the shard's pages visible to compute), 1 the
// writer (wait until compute has packed them all into the output shard).
// Runtime arg 0: pages.
#include <cstdint>

void kernel_main()
{
    constexpr uint32_t cb = get_compile_time_arg_val(0);
    constexpr bool writer = get_compile_time_arg_val(1) != 0;
    const uint32_t pages = get_arg_val<uint32_t>(0);
    if constexpr (writer) {
        cb_wait_front(cb, pages);
        cb_pop_front(cb, pages);
    } else {
        cb_reserve_back(cb, pages);
        cb_push_back(cb, pages);
    }
}
