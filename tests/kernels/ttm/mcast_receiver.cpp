// A multicast receiver: check in with the sender, wait for VALID, copy the
// tile that landed to DRAM. RTA: 0/1 sender NOC x/y, 2 sender sem id,
// 3 receiver sem id, 4 tile L1, 5 bytes, 6/7 dst NOC address lo/hi.
void kernel_main()
{
    uint32_t sx = get_arg_val<uint32_t>(0), sy = get_arg_val<uint32_t>(1);
    uint32_t sender_sem = get_semaphore(get_arg_val<uint32_t>(2));
    volatile uint32_t *recv = (volatile uint32_t *)get_semaphore(get_arg_val<uint32_t>(3));
    uint32_t tile = get_arg_val<uint32_t>(4), bytes = get_arg_val<uint32_t>(5);
    uint64_t dst = ((uint64_t)get_arg_val<uint32_t>(7) << 32) | get_arg_val<uint32_t>(6);
    noc_semaphore_set(recv, INVALID);
    noc_semaphore_inc(get_noc_addr(sx, sy, sender_sem), 1);
    noc_async_atomic_barrier();
    noc_semaphore_wait(recv, VALID);
    noc_async_write(tile, dst, bytes);
    noc_async_write_barrier();
}
