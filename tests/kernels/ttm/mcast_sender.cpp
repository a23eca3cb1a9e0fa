// One tile to a rectangle of cores (tt-metal's multicast example protocol):
// wait until every receiver checked in on the sender semaphore, multicast
// the data, then multicast VALID into the receivers' semaphore, on NOC `NOC`.
// RTA: 0-3 NOC rectangle (x0, y0, x1, y1), 4 receivers, 5 sender sem id,
//      6 receiver sem id, 7 tile L1 (the same address on every core),
//      8 bytes.
void kernel_main()
{
    uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
    uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
    uint32_t n = get_arg_val<uint32_t>(4);
    uint32_t sender_sem = get_semaphore(get_arg_val<uint32_t>(5));
    uint32_t recv_sem = get_semaphore(get_arg_val<uint32_t>(6));
    uint32_t tile = get_arg_val<uint32_t>(7), bytes = get_arg_val<uint32_t>(8);
    volatile uint32_t *w = (volatile uint32_t *)tile;
    for (uint32_t i = 0; i < bytes / 4; i++) w[i] = 0x77000000u + i;
    noc_semaphore_wait((volatile uint32_t *)sender_sem, n);
    noc_semaphore_set((volatile uint32_t *)sender_sem, 0);
    noc_async_write_multicast(tile, get_noc_multicast_addr(x0, y0, x1, y1, tile, NOC), bytes, n,
                              false, NOC);
    noc_async_writes_flushed(NOC);
    *(volatile uint32_t *)recv_sem = VALID;
    noc_semaphore_set_multicast(recv_sem, get_noc_multicast_addr(x0, y0, x1, y1, recv_sem, NOC), n,
                                false, NOC);
    noc_async_write_barrier(NOC);
}
