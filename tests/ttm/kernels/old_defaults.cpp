// tt-metal's 2023-2024 compute signatures with their default arguments and
// names, as kernels of then call them: binary_op_init_common(icb0, icb1)
// (ocb 16), add/sub/mul_tiles_init() (CBs 0 and 1), the broadcast inits
// with no arguments, transpose_wh_init(icb) (ocb 16), tilize_init_short(icb,
// block), unpack_reconfig_data_format*. CB 0: tiles A and B; CB 16, in
// order: 0 A + B, 1 A - B, 2 A * B, 3 A * B[0][0], 4 A + B's row 0, 5 A - B's
// column 0, 6 A * B's row 0, 7 A transposed, 8 A + B's column 0, 9 A +
// B[0][0], 10 A * B's column 0, 11 A - B[0][0], 12 tilize_block of A's
// page read as 32 rows of 32.
#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/tilize.h"
#include "api/compute/transpose_wh.h"

constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

template <class Op> void one(Op op)
{
    tile_regs_acquire();
    op();
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
}

void kernel_main()
{
    binary_op_init_common(in, in);
    cb_wait_front(in, 2);
    cb_reserve_back(out, 13);
    unpack_reconfig_data_format(in, in);
    add_tiles_init();
    one([] { add_tiles(in, in, 0, 1, 0); });
    unpack_reconfig_data_format(in, in, in, in);
    sub_tiles_init();
    one([] { sub_tiles(in, in, 0, 1, 0); });
    unpack_reconfig_data_format_srca(in);
    unpack_reconfig_data_format_srcb(in);
    mul_tiles_init();
    one([] { mul_tiles(in, in, 0, 1, 0); });
    unpack_reconfig_data_format_srca(in, in);
    unpack_reconfig_data_format_srcb(in, in);
    mul_tiles_bcast_scalar_init_short();
    one([] { mul_tiles_bcast_scalar(in, in, 0, 1, 0); });
    add_bcast_rows_init_short();
    one([] { add_tiles_bcast_rows(in, in, 0, 1, 0); });
    sub_bcast_cols_init_short();
    one([] { sub_tiles_bcast_cols(in, in, 0, 1, 0); });
    mul_bcast_rows_init_short();
    one([] { mul_tiles_bcast_rows(in, in, 0, 1, 0); });
    transpose_wh_init(in);
    one([] { transpose_wh_tile(in, 0, 0); });
    add_bcast_cols_init_short();
    one([] { add_tiles_bcast_cols(in, in, 0, 1, 0); });
    add_bcast_scalar_init_short();
    one([] { add_tiles_bcast_scalar(in, in, 0, 1, 0); });
    mul_bcast_cols_init_short();
    one([] { mul_tiles_bcast_cols(in, in, 0, 1, 0); });
    sub_tiles_bcast_scalar_init_short();
    one([] { sub_tiles_bcast_scalar(in, in, 0, 1, 0); });
    tilize_init_short(in, 1);
    tilize_block(in, 1, out);
    tilize_uninit(in, out);
    cb_push_back(out, 13);
    cb_pop_front(in, 2);
}
