// Gather, then broadcast (tt-metal's semaphore and multicast protocol):
// each receiver writes what it knows of itself into its slot on the sender
// and increments the sender's semaphore; the sender waits for all of them,
// sums the slots, multicasts the sums to the rectangle of receivers and
// then VALID into their semaphore; each receiver reads one more word back
// from the sender (one packet) and writes what it got to DRAM.
// Sender (SENDER) RTA: 0-3 NOC rectangle, 4 receivers, 5 slots L1, 6 data L1.
// Receiver RTA: 0/1 sender NOC x/y, 2 slot index, 3 slots L1, 4 data L1,
//               5 scratch L1, 6/7 output NOC address lo/hi.
// CTA: 0 sender semaphore id, 1 receiver semaphore id.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

constexpr uint32_t sender_sem_id = get_compile_time_arg_val(0);
constexpr uint32_t receiver_sem_id = get_compile_time_arg_val(1);
constexpr uint32_t slot_words = 4;

void kernel_main()
{
    const uint32_t sender_sem_addr = get_semaphore(sender_sem_id);
    const uint32_t receiver_sem_addr = get_semaphore(receiver_sem_id);
    volatile tt_l1_ptr uint32_t *sender_sem =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sender_sem_addr);
    volatile tt_l1_ptr uint32_t *receiver_sem =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(receiver_sem_addr);
#ifdef SENDER
    const uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
    const uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
    const uint32_t num_receivers = get_arg_val<uint32_t>(4);
    const uint32_t slots = get_arg_val<uint32_t>(5), data = get_arg_val<uint32_t>(6);

    noc_semaphore_wait(sender_sem, num_receivers);
    volatile tt_l1_ptr uint32_t *s = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(slots);
    volatile tt_l1_ptr uint32_t *d = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(data);
    for (uint32_t w = 0; w < slot_words; w++) {
        uint32_t sum = 0;
        for (uint32_t r = 0; r < num_receivers; r++) sum += s[r * slot_words + w];
        d[w] = sum;
    }
    d[slot_words] = 0xabcd0000u | num_receivers;
    uint64_t mcast = get_noc_multicast_addr(x0, y0, x1, y1, data);
    noc_async_write_multicast(data, mcast, (slot_words + 1) * 4, num_receivers);
    noc_async_writes_flushed();
    noc_semaphore_set(receiver_sem, VALID);
    noc_semaphore_set_multicast(receiver_sem_addr,
                                get_noc_multicast_addr(x0, y0, x1, y1, receiver_sem_addr),
                                num_receivers);
    noc_async_write_barrier();
#else
    const uint32_t sx = get_arg_val<uint32_t>(0), sy = get_arg_val<uint32_t>(1);
    const uint32_t idx = get_arg_val<uint32_t>(2);
    const uint32_t slots = get_arg_val<uint32_t>(3), data = get_arg_val<uint32_t>(4);
    const uint32_t scratch = get_arg_val<uint32_t>(5);
    const uint64_t out = ((uint64_t)get_arg_val<uint32_t>(7) << 32) | get_arg_val<uint32_t>(6);

    volatile tt_l1_ptr uint32_t *me = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(scratch);
    me[0] = my_x[noc_index];
    me[1] = my_y[noc_index];
    me[2] = get_absolute_logical_x();
    me[3] = get_absolute_logical_y();
    DPRINT << "slot " << idx << " at noc (" << (uint32_t)my_x[noc_index] << ","
           << (uint32_t)my_y[noc_index] << ")" << ENDL();
    noc_async_write(scratch, get_noc_addr(sx, sy, slots + idx * slot_words * 4), slot_words * 4);
    noc_async_write_barrier();
    noc_semaphore_inc(get_noc_addr(sx, sy, sender_sem_addr), 1);
    noc_async_atomic_barrier();

    noc_semaphore_wait(receiver_sem, VALID);
    // the multicast sums, then this slot again, read back from the sender
    // (into scratch + 32: a NOC read's two addresses agree modulo 16, and the
    // slot is at a multiple of 16 in the sender's 64-byte aligned buffer)
    noc_async_read_one_packet(get_noc_addr(sx, sy, slots + idx * slot_words * 4), scratch + 32,
                              slot_words * 4);
    noc_async_read_barrier();
    for (uint32_t w = 0; w < slot_words + 1; w++)
        me[w] = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(data)[w];
    for (uint32_t w = 0; w < slot_words; w++) me[slot_words + 1 + w] = me[8 + w];
    noc_async_write(scratch, out, (2 * slot_words + 1) * 4);
    noc_async_write_barrier();
#endif
}
