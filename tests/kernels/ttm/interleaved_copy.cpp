// Loopback through interleaved buffers, as tt-metal's loopback example:
// TensorAccessorArgs for the source (CTA 0..) and the destination (after
// it), pages moved one at a time through one L1 page.
// RTA: 0 L1 scratch, 1 src base, 2 dst base, 3 pages. Common arg 0: a value
// added to the first word of every page (get_common_arg_val).
void kernel_main()
{
    uint32_t l1 = get_arg_val<uint32_t>(0), src = get_arg_val<uint32_t>(1);
    uint32_t dst = get_arg_val<uint32_t>(2), n = get_arg_val<uint32_t>(3);
    uint32_t bump = get_common_arg_val<uint32_t>(0);
    constexpr auto in_args = TensorAccessorArgs<0>();
    constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
    const auto in = TensorAccessor(in_args, src);
    const auto out = TensorAccessor(out_args, dst);
    for (uint32_t i = 0; i < n; i++) {
        noc_async_read_tile(i, in, l1);
        noc_async_read_barrier();
        *(volatile uint32_t *)l1 += bump;
        noc_async_write_tile(i, out, l1);
        noc_async_write_barrier();
    }
}
