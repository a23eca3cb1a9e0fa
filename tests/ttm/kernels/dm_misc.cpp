// More of what tt-metal data-movement kernels do, on a pair of cores A and
// B side by side: two TensorAccessorArgs chained in the compile-time args,
// part of a page by get_noc_addr(id, accessor, offset), typed runtime args,
// a multicast that includes the sender (loopback_src) with its semaphore,
// and the remaining barriers. A (SENDER) RTA: 0 src, 1 dst (interleaved),
// 2 L1 scratch, 3 float, 4 int32, 5/6 B's NOC x/y, 7 results L1.
// B RTA: 0 L1 scratch, 1/2 result NOC address lo/hi.
// CTA: src TensorAccessorArgs, dst TensorAccessorArgs, semaphore id.
#include "api/dataflow/dataflow_api.h"

constexpr auto src_args = TensorAccessorArgs<0>();
constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
constexpr uint32_t sem_id = get_compile_time_arg_val(dst_args.next_compile_time_args_offset());

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *sem =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(sem_id));
#ifdef SENDER
    const uint32_t scratch = get_arg_val<uint32_t>(2);
    const auto src = TensorAccessor(src_args, get_arg_val<uint32_t>(0));
    const auto dst = TensorAccessor(dst_args, get_arg_val<uint32_t>(1));
    // bytes 128..191 of page 5 to bytes 16..79 of page 2 (a DRAM read's two
    // addresses agree modulo 64, a write's modulo 16: the pages, like the
    // scratch, start at multiples of 64)
    noc_async_read(get_noc_addr(5, src, 128), scratch, 64);
    noc_async_read_barrier();
    noc_async_write(scratch, dst.get_noc_addr(2, 16), 64);
    noc_async_posted_writes_flushed();
    noc_async_full_barrier();

    volatile tt_l1_ptr uint32_t *w = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(scratch);
    const float f = get_arg_val<float>(3);
    const int32_t i = get_arg_val<int32_t>(4);
    w[0] = (uint32_t)(int32_t)(f * 4.0f);
    w[1] = (uint32_t)(i * 3);
    w[2] = my_x[noc_index] | my_y[noc_index] << 8;
    w[3] = 0x600d;
    const uint32_t bx = get_arg_val<uint32_t>(5), by = get_arg_val<uint32_t>(6);
    const uint32_t x0 = my_x[noc_index] < bx ? my_x[noc_index] : bx;
    const uint32_t x1 = my_x[noc_index] < bx ? bx : my_x[noc_index];
    // A and B (A included): 16 bytes, then VALID into both semaphores
    noc_async_write_multicast_loopback_src(scratch, get_noc_multicast_addr(x0, by, x1, by, scratch),
                                           16, 2);
    noc_async_writes_flushed();
    *sem = VALID;
    noc_semaphore_set_multicast_loopback_src(
        get_semaphore(sem_id), get_noc_multicast_addr(x0, by, x1, by, get_semaphore(sem_id)), 2);
    noc_async_write_barrier();
    // A's own copy arrived through the loopback
    noc_semaphore_wait(sem, VALID);
    volatile tt_l1_ptr uint32_t *res =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(7));
    for (int k = 0; k < 4; k++) res[k] = w[k];
#else
    const uint32_t scratch = get_arg_val<uint32_t>(0);
    const uint64_t out = ((uint64_t)get_arg_val<uint32_t>(2) << 32) | get_arg_val<uint32_t>(1);
    noc_semaphore_wait_min(sem, VALID);
    noc_async_write(scratch, out, 16);
    noc_async_write_barrier();
#endif
}
