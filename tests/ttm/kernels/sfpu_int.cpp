// Integer tiles in a tt-metal-style compute kernel (test_ttm_sfpu_int.c):
// CB 0 holds x and y (format DF, an integer one, or a float one for the
// typecasts and the faults), x goes to DEST[0], y to DEST[1]; the mode's op
// writes DEST[odst], which is packed to CB 16 (mode, odst and the scalars:
// runtime arguments 0-3). Modes 20-27 and 99 are the mistakes the engine
// faults on. IN and OUT: the typecast's formats (build defines, as DF).
#include <cstdint>

#include "api/compute/add_int_sfpu.h"
#include "api/compute/binary_bitwise_sfpu.h"
#include "api/compute/binary_comp.h"
#include "api/compute/binary_fmod.h"
#include "api/compute/binary_remainder.h"
#include "api/compute/compute_kernel_api.h"
#include "api/compute/div_int32_floor.h"
#include "api/compute/div_int32_sfpu.h"
#include "api/compute/gcd.h"
#include "api/compute/lcm.h"
#include "api/compute/mask.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/binary_shift.h"
#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/bitwise_and.h"
#include "api/compute/eltwise_unary/bitwise_not.h"
#include "api/compute/eltwise_unary/bitwise_or.h"
#include "api/compute/eltwise_unary/bitwise_xor.h"
#include "api/compute/eltwise_unary/clamp.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/identity.h"
#include "api/compute/eltwise_unary/left_shift.h"
#include "api/compute/eltwise_unary/logical_not_noti.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/right_shift.h"
#include "api/compute/eltwise_unary/rsub.h"
#include "api/compute/eltwise_unary/sfpu_int_sum.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/mul_int_sfpu.h"
#include "api/compute/sub_int_sfpu.h"

#ifndef IN
#define IN DF
#endif
#ifndef OUT
#define OUT DF
#endif

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    constexpr auto df = static_cast<DataFormat>(DF);
    // (the integer ops' templates take an integer format only)
    constexpr bool int_df =
        df == DataFormat::Int32 || df == DataFormat::UInt32 || df == DataFormat::UInt16;
    // the op, DEST's index it writes, its scalars: runtime arguments, so
    // that one build of each format serves every op
    const uint32_t mode = get_arg_val<uint32_t>(0), odst = get_arg_val<uint32_t>(1);
    const uint32_t param = get_arg_val<uint32_t>(2), param2 = get_arg_val<uint32_t>(3);
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 2);
    cb_reserve_back(cb_out, 1);
    tile_regs_acquire();
    if (mode == 23) { // the FPU on integer tiles
        binary_op_init_common(cb_in, cb_in, cb_out);
        add_tiles_init(cb_in, cb_in);
        add_tiles(cb_in, cb_in, 0, 1, 0);
    } else {
        copy_tile_init(cb_in);
        copy_tile(cb_in, 0, 0);
        copy_tile(cb_in, 1, 1);
    }
    switch (mode) {
    case 0:
        if constexpr (int_df) {
            add_int_tile_init();
            add_int_tile<df>(0, 1, odst);
        }
        break;
    case 21: // an integer op on float tiles
        add_int_tile_init();
        add_int_tile<DataFormat::Int32>(0, 1, odst);
        break;
    case 1:
        if constexpr (int_df) {
            sub_int_tile_init();
            sub_int_tile<df>(0, 1, odst);
        }
        break;
    case 2:
        if constexpr (int_df) {
            rsub_int_tile_init();
            rsub_int_tile<df>(0, 1, odst);
        }
        break;
    case 3:
        if constexpr (int_df) {
            mul_int_tile_init<df>();
            mul_int_tile<df>(0, 1, odst);
        }
        break;
    case 4:
        if constexpr (int_df) {
            binary_bitwise_tile_init();
            bitwise_and_binary_tile<df>(0, 1, odst);
        }
        break;
    case 5:
        if constexpr (int_df) {
            binary_bitwise_tile_init();
            bitwise_or_binary_tile<df>(0, 1, odst);
        }
        break;
    case 6:
        if constexpr (int_df) {
            binary_bitwise_tile_init();
            bitwise_xor_binary_tile<df>(0, 1, odst);
        }
        break;
    case 7:
        if constexpr (int_df) {
            binary_shift_tile_init();
            binary_left_shift_tile<df>(0, 1, odst);
        }
        break;
    case 8:
        if constexpr (int_df) {
            binary_shift_tile_init();
            binary_right_shift_tile<df>(0, 1, odst);
        }
        break;
    case 9:
        if constexpr (int_df) {
            binary_shift_tile_init();
            binary_logical_right_shift_tile<df>(0, 1, odst);
        }
        break;
    case 10:
        binary_max_int32_tile_init();
        binary_max_int32_tile(0, 1, odst);
        break;
    case 11:
        binary_min_int32_tile_init();
        binary_min_int32_tile<DST_ACCUM_MODE>(0, 1, odst);
        break;
    case 12:
        binary_max_uint32_tile_init();
        binary_max_uint32_tile(0, 1, odst);
        break;
    case 13:
        binary_min_uint32_tile_init();
        binary_min_uint32_tile(0, 1, odst);
        break;
    case 14: // the 2024 form: into idst0
        add_int32_tile_init();
        add_int32_tile(0, 1);
        break;
    case 15: // x copied through DEST and packed as it is
        break;
    case 16:
        typecast_tile_init<IN, OUT>();
        typecast_tile<IN, OUT>(odst);
        break;
    case 30: // the unary integer ops, DEST[0] in place, the scalar param
        bitwise_and_tile_init();
        bitwise_and_tile(0, param);
        break;
    case 31:
        bitwise_or_tile_init();
        bitwise_or_tile(0, param);
        break;
    case 32:
        bitwise_xor_tile_init();
        bitwise_xor_tile(0, param);
        break;
    case 33:
        bitwise_not_tile_init();
        bitwise_not_tile(0);
        break;
    case 34:
        left_shift_tile_init();
        left_shift_tile(0, param);
        break;
    case 35:
        right_shift_tile_init();
        right_shift_tile(0, param);
        break;
    case 40: // the integer comparisons between DEST tiles
        if constexpr (int_df) {
            lt_int_tile_init<df>();
            lt_int_tile<df>(0, 1, odst);
        }
        break;
    case 41:
        if constexpr (int_df) {
            gt_int_tile_init<df>();
            gt_int_tile<df>(0, 1, odst);
        }
        break;
    case 42:
        if constexpr (int_df) {
            le_int_tile_init<df>();
            le_int_tile<df, DST_ACCUM_MODE>(0, 1, odst);
        }
        break;
    case 43:
        if constexpr (int_df) {
            ge_int_tile_init<df, DST_ACCUM_MODE>();
            ge_int_tile<df>(0, 1, odst);
        }
        break;
    case 50: // with zero, DEST[0] in place, after the float forms' inits
        eqz_tile_init();
        eqz_tile_int32(0);
        break;
    case 51:
        nez_tile_init();
        nez_tile_int32(0);
        break;
    case 52:
        ltz_tile_init();
        ltz_tile_int32(0);
        break;
    case 53:
        lez_tile_init();
        lez_tile_int32<DST_ACCUM_MODE>(0);
        break;
    case 54:
        gtz_tile_init();
        gtz_tile_int32(0);
        break;
    case 55:
        gez_tile_init();
        gez_tile_int32(0);
        break;
    case 56: // with the scalar param
        unary_eq_tile_init();
        unary_eq_tile_int32(0, param);
        break;
    case 57:
        unary_ne_tile_init();
        unary_ne_tile_int32(0, param);
        break;
    case 58:
        unary_lt_tile_init();
        unary_lt_tile_int32(0, param);
        break;
    case 59:
        unary_le_tile_init();
        unary_le_tile_int32<DST_ACCUM_MODE>(0, param);
        break;
    case 60:
        unary_gt_tile_init();
        unary_gt_tile_int32(0, param);
        break;
    case 61:
        unary_ge_tile_init();
        unary_ge_tile_int32(0, param);
        break;
    case 62:
        eqz_tile_init();
        eqz_tile_uint32(0);
        break;
    case 63:
        nez_tile_init();
        nez_tile_uint32(0);
        break;
    case 64:
        eqz_tile_init();
        eqz_tile_uint16(0);
        break;
    case 65:
        nez_tile_init();
        nez_tile_uint16(0);
        break;
    case 66: // eqz_tile_uint16 reads the low 16 bits: ~x's high ones are set
        bitwise_not_tile_init();
        bitwise_not_tile(0);
        eqz_tile_init();
        eqz_tile_uint16(0);
        break;
    case 70: // the float ops' integer forms, DEST[0] in place, the scalar param
        relu_tile_init();
        relu_tile_int32(0);
        break;
    case 71:
        relu_max_tile_init();
        relu_max_tile_uint32(0, param);
        break;
    case 72:
        relu_max_tile_init();
        relu_max_tile_uint16(0, param);
        break;
    case 73:
        relu_min_tile_init();
        relu_min_tile_uint32(0, param);
        break;
    case 74:
        relu_min_tile_init();
        relu_min_tile_uint16(0, param);
        break;
    case 75:
        abs_tile_init();
        abs_tile_int32(0);
        break;
    case 76:
        negative_tile_init();
        negative_tile_int32<DST_ACCUM_MODE>(0);
        break;
    case 77:
        unary_max_int32_tile_init();
        unary_max_int32_tile(0, param);
        break;
    case 78:
        unary_min_int32_tile_init();
        unary_min_int32_tile(0, param);
        break;
    case 79:
        unary_max_uint32_tile_init();
        unary_max_uint32_tile(0, param);
        break;
    case 80:
        unary_min_uint32_tile_init();
        unary_min_uint32_tile(0, param);
        break;
    case 81:
        binop_with_scalar_tile_init();
        add_unary_tile_int32(0, param);
        break;
    case 82:
        binop_with_scalar_tile_init();
        sub_unary_tile_int32(0, param);
        break;
    case 83:
        rsub_unary_int32_tile_init();
        rsub_unary_int32_tile(0, param);
        break;
    case 84:
        logical_not_unary_tile_init();
        logical_not_unary_tile_int32(0);
        break;
    case 85:
        logical_not_unary_tile_init();
        logical_not_unary_tile_uint32(0);
        break;
    case 86:
        logical_not_unary_tile_init();
        logical_not_unary_tile_uint16(0);
        break;
    case 87:
        identity_tile_init();
        identity_tile_uint32(0);
        break;
    case 88: // clamp to [TEST_PARAM, TEST_PARAM2]
        clamp_tile_init();
        clamp_tile_int32(0, param, param2);
        break;
    case 89: // fill_tile_int over the integer tile
        if constexpr (int_df) {
            fill_tile_init();
            fill_tile_int<df>(0, param);
        }
        break;
    case 90: // over a float tile: it becomes one of integers
        fill_tile_init();
        fill_tile_int<DataFormat::Int32>(0, param);
        break;
    case 91: // the int32 divisions between DEST tiles: div_int32_tile's quotient is fp32
        div_int32_tile_init();
        div_int32_tile(0, 1, odst);
        break;
    case 92:
        div_int32_floor_tile_init();
        div_int32_floor_tile(0, 1, odst);
        break;
    case 93:
        div_int32_trunc_tile_init();
        div_int32_trunc_tile<DST_ACCUM_MODE>(0, 1, odst);
        break;
    case 94:
        fmod_int32_tile_init();
        fmod_int32_tile(0, 1, odst);
        break;
    case 95:
        remainder_int32_tile_init();
        remainder_int32_tile(0, 1, odst);
        break;
    case 96: // param: fp32 bits, truncated to int32
        relu_max_tile_init();
        relu_max_tile_int32(0, param);
        break;
    case 97:
        relu_min_tile_init();
        relu_min_tile_int32(0, param);
        break;
    case 98:
        signbit_tile_int32_init();
        signbit_tile_int32(0);
        break;
    case 100: // the int32 sums within DEST[0]
        sfpu_sum_int_init();
        sfpu_sum_int_col(0);
        break;
    case 101:
        sfpu_sum_int_init();
        sfpu_sum_int_row(0);
        break;
    case 102: // DEST[0] += DEST[1]: param, the dst_offset, changes nothing
        sfpu_sum_int_init();
        sfpu_add_int(0, param);
        break;
    case 103:
        gcd_tile_init();
        gcd_tile(0, 1, odst);
        break;
    case 104:
        lcm_tile_init();
        lcm_tile(0, 1, odst);
        break;
    case 105: // the older two-index form: into DEST[0]
        gcd_tile_init();
        gcd_tile(0, 1);
        break;
    case 106: // mask.h on integer tiles: DEST[0] = 0 where DEST[1] is 0
        mask_tile_init();
        mask_tile(0, 1, DataFormat::Int32);
        break;
    case 99: // an integer op on div_int32_tile's float quotient
        div_int32_tile_init();
        div_int32_tile(0, 1, 0);
        add_int_tile_init();
        add_int_tile<DataFormat::Int32>(0, 1, odst);
        break;
    case 27: // an integer form on a float tile
        abs_tile_init();
        abs_tile_int32(0);
        break;
    case 25: // an integer comparison on a float tile
        gtz_tile_init();
        gtz_tile_int32(0);
        break;
    case 26:
        lt_int_tile_init<DataFormat::Int32>();
        lt_int_tile<DataFormat::Int32>(0, 1, odst);
        break;
    case 24: // a unary integer op on a float tile
        bitwise_not_tile_init();
        bitwise_not_tile(0);
        break;
    case 20: // a float op on an integer tile
        exp_tile_init();
        exp_tile(0);
        break;
    case 22: // an integer tile packed to CB 16 (a float CB in the test)
        break;
    default: break;
    }
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(odst, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 2);
}
