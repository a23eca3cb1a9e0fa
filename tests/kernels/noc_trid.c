/* The C API's transaction ids: on NOC 1 (the _on forms), a 4096-byte write
 * to a peer core tagged 3 and one tagged 5 after it; id 3's flush and
 * barrier end before id 5's writes have landed. Then a read from the peer
 * tagged 7, cleared in flight (reset_noc_trid_barrier_counter_on): id 7's
 * barrier ends at once while noc_async_read_barrier_on still waits for
 * the read. On NOC 0 (this RISC's NOC_INDEX forms), a read tagged 2 and
 * its barrier. Results (words) to L1 at args[4]: 0 cycles to id 3's flush,
 * 1 to its barrier, 2 to id 5's, 3 id 7's test before the clear, 4 after,
 * 5 cycles from the read's issue to id 7's barrier, 6 to the global
 * barrier, 7 cycles of the read tagged 2 on NOC 0.
 * args: 0 peer noc x, 1 peer noc y, 2 L1 source (bytes at args[3]),
 *       3 bytes, 4 results, 5 peer L1 destination */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t px = get_arg_val(0), py = get_arg_val(1), src = get_arg_val(2);
    uint32_t bytes = get_arg_val(3), dst = get_arg_val(5);
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(4);
    uint64_t far = get_noc_addr(px, py, dst);
    reset_noc_trid_barrier_counter_on(NOC_CLEAR_OUTSTANDING_REQ_MASK, 1);
    uint64_t t0 = dev_clock();
    noc_async_write_set_trid_on(3, 1);
    noc_async_write_on(src, far, bytes, 1);
    noc_async_write_set_trid_on(5, 1);
    noc_async_write_on(src, far, bytes, 1);
    noc_async_write_flushed_with_trid_on(3, 1);
    res[0] = (uint32_t)(dev_clock() - t0);
    noc_async_write_barrier_with_trid_on(3, 1);
    res[1] = (uint32_t)(dev_clock() - t0);
    noc_async_write_barrier_with_trid_on(5, 1);
    res[2] = (uint32_t)(dev_clock() - t0);
    noc_async_read_set_trid_on(7, 1);
    t0 = dev_clock();
    noc_async_read_on(far, src, bytes, 1);
    res[3] = dev_noc_trid_wait(1, 7, TF_NOC_TRID_READS, 1);
    reset_noc_trid_barrier_counter_on(1u << 7, 1);
    res[4] = dev_noc_trid_wait(1, 7, TF_NOC_TRID_READS, 1);
    noc_async_read_barrier_with_trid_on(7, 1);
    res[5] = (uint32_t)(dev_clock() - t0);
    noc_async_read_barrier_on(1);
    res[6] = (uint32_t)(dev_clock() - t0);
    noc_async_read_set_trid_on(0, 1);
    noc_async_write_set_trid_on(0, 1);
    noc_async_read_set_trid(2);
    t0 = dev_clock();
    noc_async_read(far, src, 64);
    noc_async_read_barrier_with_trid(2);
    res[7] = (uint32_t)(dev_clock() - t0);
    reset_noc_trid_barrier_counter(NOC_CLEAR_OUTSTANDING_REQ_MASK);
    noc_async_read_set_trid(0);
}
