// tt-metal's 2026 and 2024 compute names beside each other, as ttnn's
// shared helpers call them: the binary inits add_init / sub_init / mul_init
// (2026), the SFPU binary ops' 2024 form op(idst0, idst1) (the result into
// idst0), math_reconfig_data_format_srca (2024); and a compute kernel
// holding both a CircularBuffer and a DataflowBuffer (batch_norm's
// includes). CB 0: tiles A and B; CB 16, in order: 0 A + B, 1 A * B, 2
// A - B, 3 A + B (add_binary_tile(0, 1)), 4 A * B (mul_binary_tile(0, 1)).
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/tile_move_copy.h"
#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/dataflow_buffer.h"

constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

template <class Op> void one(DataflowBuffer &o, Op op)
{
    o.reserve_back(1);
    tile_regs_acquire();
    op();
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    o.push_back(1);
}

void kernel_main()
{
    CircularBuffer cin(in);
    DataflowBuffer dout(out);
    binary_op_init_common(in, in, out);
    cin.wait_front(2);
    add_init(in, in);
    one(dout, [] { add_tiles(in, in, 0, 1, 0); });
    mul_init(in, in);
    one(dout, [] { mul_tiles(in, in, 0, 1, 0); });
    math_reconfig_data_format_srca(in, in);
    sub_init(in, in, false);
    one(dout, [] { sub_tiles(in, in, 0, 1, 0); });
    copy_tile_to_dst_init_short(in);
    one(dout, [] {
        copy_tile(in, 0, 0);
        copy_tile(in, 1, 1);
        add_binary_tile_init();
        add_binary_tile(0, 1);
    });
    copy_tile_to_dst_init_short(in);
    one(dout, [] {
        copy_tile(in, 0, 0);
        copy_tile(in, 1, 1);
        mul_binary_tile_init();
        mul_binary_tile(0, 1);
    });
    cin.pop_front(2);
}
