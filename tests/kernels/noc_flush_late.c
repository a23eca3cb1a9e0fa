/* A flush that comes after its write has left the port: writes_flushed
 * returns at once, and the source may change after it all the same
 * without changing what lands (on hardware the data left with the write;
 * the simulator copied a pending write's source only when a flush had to
 * wait, so a 16-byte write, one port cycle, landed with what the kernel
 * stored after its flush). Results (words) to L1 at args[4]: 0 cycles of
 * the flush, 1 the write's first source word stored after it.
 * args: as noc_timing.c (the peer's NOC x and y, an L1 source, its size,
 * the results, the peer's L1 destination) */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t px = get_arg_val(0), py = get_arg_val(1), src = get_arg_val(2);
    uint32_t dst = get_arg_val(5);
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(4);
    volatile uint32_t *s = (volatile uint32_t *)src;
    for (uint32_t i = 0; i < 4; i++) s[i] = 0x2000 + i;
    dev_noc_write(1, src, get_noc_addr(px, py, dst), 16);
    uint64_t t0 = dev_clock(); /* (the port sent the write meanwhile: 1 cycle) */
    dev_noc_writes_flushed(1);
    uint64_t t1 = dev_clock();
    s[0] = 0xdead; /* the source may be reused now: what lands keeps 0x2000 */
    dev_noc_write_barrier(1);
    res[0] = (uint32_t)(t1 - t0);
    res[1] = s[0];
}
