// SFPU ops between DEST tiles beyond the arithmetic and the comparisons:
// atan2, fmod, remainder, xlogy, div_no_nan, copy_dest_values, max_tile,
// clamped_silu_glu, the broadcasts sfpu_add/sub/mul_bcast_col/row, mask_tile
// and mask_posinf_tile, and the ternary where, lerp, addcmul, addcdiv,
// snake_beta, as ttnn's binary_ng and ternary kernels call them. CB 0 holds
// x, y and z; they go to DEST[0], DEST[1] and DEST[2]; the op writes
// DEST[odst] (runtime arg 0), which is packed to CB 16. Runtime arg 1:
// addcmul's and addcdiv's value (fp32 bits), or which mask call MODE 33
// makes. MODE picks the op (test_ttm_sfpu_ternary.c has the expected
// values); MODEs 20 to 32 are the mistakes the engine faults on.
#include <cstdint>

#include "api/compute/atan2.h"
#include "api/compute/binary_fmod.h"
#include "api/compute/binary_remainder.h"
#include "api/compute/clamped_silu_glu.h"
#include "api/compute/copy_dest_values.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/addcdiv.h"
#include "api/compute/eltwise_unary/addcmul.h"
#include "api/compute/eltwise_unary/lerp.h"
#include "api/compute/eltwise_unary/snake_beta.h"
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/mask.h"
#include "api/compute/sfpu_binary_bcast.h"
#include "api/compute/xlogy.h"

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    // the values' format, as ttnn's kernels pass the tensors' dtype
    constexpr DataFormat df = DST_ACCUM_MODE ? DataFormat::Float32 : DataFormat::Float16_b;
    const uint32_t odst = get_arg_val<uint32_t>(0), value = get_arg_val<uint32_t>(1);
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 3);
    cb_reserve_back(cb_out, 1);
    tile_regs_acquire();
    for (uint32_t i = 0; i < 3; i++) copy_tile(cb_in, i, i);
#if MODE == 0
    atan2_binary_tile_init();
    atan2_binary_tile(0, 1, odst);
#elif MODE == 1
    fmod_binary_tile_init();
    fmod_binary_tile(0, 1, odst);
#elif MODE == 2
    remainder_binary_tile_init();
    remainder_binary_tile(0, 1, odst);
#elif MODE == 3
    xlogy_binary_tile_init();
    xlogy_binary_tile(0, 1, odst);
#elif MODE == 4 // its init is div's, as tt-metal's
    div_binary_tile_init();
    div_no_nan_binary_tile<DST_ACCUM_MODE>(0, 1, odst);
#elif MODE == 5 // y
    copy_dest_values_init();
    copy_dest_values<df>(1, odst);
#elif MODE == 6 // z, the deprecated form (a warning, as tt-metal's)
    copy_dest_values_init();
    copy_dest_values(2, odst);
#elif MODE == 7 // DEST[0] = max(x, DEST[1]): the LLK reads the next tile, never idst1
    max_tile_init();
    max_tile(0, 2);
#elif MODE == 8
    where_tile_init();
    where_tile<df>(0, 1, 2, odst);
#elif MODE == 9
    lerp_tile_init<DST_ACCUM_MODE>(); // the newest tree's template parameter
    lerp_tile<df, DST_ACCUM_MODE>(0, 1, 2, odst);
#elif MODE == 10
    addcmul_tile_init();
    addcmul_tile<df>(0, 1, 2, odst, value);
#elif MODE == 11
    addcdiv_tile_init();
    addcdiv_tile<df>(0, 1, 2, odst, value);
#elif MODE == 12 // gate x, up y
    clamped_silu_glu_tile_init();
    clamped_silu_glu_tile(0, 1, odst);
#elif MODE == 13 // x, alpha y, beta z
    snake_beta_tile_init();
    snake_beta_tile<df>(0, 1, 2, odst);
#elif MODE == 14 // the SFPU broadcasts: x op= y's column 0 or row 0 (an fp32 DEST)
    sfpu_bcast_col_init();
    sfpu_add_bcast_col(0, 1);
#elif MODE == 15
    sfpu_sub_bcast_col_init();
    sfpu_sub_bcast_col(0, 1);
#elif MODE == 16
    sfpu_mul_bcast_col_init();
    sfpu_mul_bcast_col(0, 1);
#elif MODE == 17
    sfpu_bcast_row_init();
    sfpu_add_bcast_row(0, 1);
#elif MODE == 18
    sfpu_sub_bcast_row_init();
    sfpu_sub_bcast_row(0, 1);
#elif MODE == 19
    sfpu_mul_bcast_row_init();
    sfpu_mul_bcast_row(0, 1);
#elif MODE == 20 // another op's init
    lerp_tile_init();
    where_tile<df>(0, 1, 2, 0);
#elif MODE == 21 // div_no_nan needs div's init
    atan2_binary_tile_init();
    div_no_nan_binary_tile(0, 1, 0);
#elif MODE == 22 // a source beyond DEST's half
    addcmul_tile_init();
    addcmul_tile<df>(0, 1, 5, 0, value);
#elif MODE == 23 // the output beyond it
    lerp_tile_init();
    lerp_tile<df>(0, 1, 2, 7);
#elif MODE == 24 // an index above 255 (sent as 255)
    where_tile_init();
    where_tile<df>(300, 1, 2, 0);
#elif MODE == 25 // max_tile reads the tile after idst0: DEST[4]
    max_tile_init();
    max_tile(3, 0);
#elif MODE == 26 // a binary op's source beyond the half
    fmod_binary_tile_init();
    fmod_binary_tile(0, 4, 0);
#elif MODE == 28 // no SFPU init at all (the first SFPU op of the core)
    where_tile<df>(0, 1, 2, 0);
#elif MODE == 29 // beyond the 8 tiles of a 16-bit DEST
    addcdiv_tile_init();
    addcdiv_tile<df>(8, 1, 2, 0, value);
#elif MODE == 30 // a row broadcast after the column one's init
    sfpu_bcast_col_init();
    sfpu_add_bcast_row(0, 1);
#elif MODE == 31 // a broadcast on a 16-bit DEST, past the C++ API's compile-time check
    sfpu_bcast_col_init();
    tf_c::sfpu_mul_bcast_col(0, 1);
#elif MODE == 32 // ... and through it: a compile error
    sfpu_bcast_row_init();
    sfpu_add_bcast_row(0, 1);
#elif MODE == 33 // mask.h: the data DEST[odst], the mask DEST[odst + 1]; runtime arg 1 picks
    switch (value) {
    case 0:
        mask_tile_init();
        mask_tile(odst, odst + 1);
        break;
    case 1:
        mask_tile_init();
        mask_posinf_tile(odst, odst + 1);
        break;
    case 2: // idst2_mask is not read (tt-metal's LLK takes odst + 1), Float16's variant
        mask_tile_init();
        mask_tile(odst, 0, DataFormat::Float16);
        break;
    case 3: // a format the LLK has no variant for: faults
        mask_tile_init();
        mask_tile(odst, odst + 1, DataFormat::Float32);
        break;
    case 4: // the integer variant on float tiles: faults
        mask_tile_init();
        mask_tile(odst, odst + 1, DataFormat::Int32);
        break;
    default: // mask_posinf_tile without mask_tile_init: faults
        max_tile_init();
        mask_posinf_tile(odst, odst + 1);
        break;
    }
#endif
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(odst, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 3);
}
