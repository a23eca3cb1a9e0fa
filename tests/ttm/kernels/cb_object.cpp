// Device 2.0's CircularBuffer in a compute kernel, as current ttnn compute
// kernels hold their CBs (softmax, moreh_sum_w): the object of
// api/dataflow/circular_buffer.h and of experimental/circular_buffer.h (in a
// compute kernel both are the compute one: the CB calls, no memory). Copies
// NT tiles of CB 0 to CB 16 one at a time through the objects, checking
// their page size: output tile t is input tile t.
#include "api/compute/tile_move_copy.h"
#include "api/dataflow/circular_buffer.h"
#include "experimental/circular_buffer.h"

void kernel_main()
{
    CircularBuffer cb_in(tt::CBIndex::c_0);
    experimental::CircularBuffer cb_out(tt::CBIndex::c_16);
    unary_op_init_common(cb_in.get_cb_id(), cb_out.get_cb_id());
    for (uint32_t t = 0; t < NT; t++) {
        cb_in.wait_front(1);
        cb_out.reserve_back(1);
        // (a page of 4096 bytes: fp32 tiles both ways; else a fault stops it)
        if (cb_in.get_tile_size() != 4096 || cb_out.get_tile_hw() != 1024) __builtin_trap();
        tile_regs_acquire();
        copy_tile(cb_in.get_cb_id(), 0, 0);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, cb_out.get_cb_id());
        tile_regs_release();
        cb_out.push_back(1);
        cb_in.pop_front(1);
    }
}
