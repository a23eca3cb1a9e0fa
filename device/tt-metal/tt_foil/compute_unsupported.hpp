// tt-metal compute names tt-foil does not provide: any use is a compile
// error at the use, "'<name>' is unavailable: not supported by tt-foil:
// <why>" (clang's `unavailable` attribute; never a link error or a silent
// no-op). docs/kernels.md lists them. Included by tt_foil/compute.hpp.
#ifndef TF_TTM_COMPUTE_UNSUPPORTED_HPP
#define TF_TTM_COMPUTE_UNSUPPORTED_HPP

#include "tt_foil/unsupported.hpp"

namespace ckernel
{
// SFPU ops the tile engine does not model (docs/chip.md lists those it does).
#define TF_SFPU_WHY "an SFPU op the tile engine does not model (docs/chip.md, \"Tile engine\")"
// An op and its init, both unsupported for `why`.
#define TF_UNSUPPORTED_OP(name, why)                                                               \
    TF_UNSUPPORTED_FN(name##_init, why);                                                           \
    TF_UNSUPPORTED_FN(name, why)
#define TF_SFPU_NO(name) TF_UNSUPPORTED_OP(name, TF_SFPU_WHY)
TF_SFPU_NO(tan_tile);
TF_SFPU_NO(asin_tile);
TF_SFPU_NO(acos_tile);
TF_SFPU_NO(atan_tile);
TF_SFPU_NO(sinh_tile);
TF_SFPU_NO(cosh_tile);
TF_SFPU_NO(asinh_tile);
TF_SFPU_NO(acosh_tile);
TF_SFPU_NO(atanh_tile);
TF_SFPU_NO(expm1_tile);
TF_SFPU_NO(log1p_tile);
TF_SFPU_NO(log_with_base_tile);
TF_SFPU_NO(sign_tile);
TF_SFPU_NO(signbit_tile);
TF_SFPU_NO(heaviside_tile);
TF_SFPU_NO(gelu_derivative_tile);
TF_SFPU_NO(erf_tile);
TF_SFPU_NO(erfc_tile);
TF_SFPU_NO(erfinv_tile);
TF_SFPU_NO(elu_tile);
TF_SFPU_NO(selu_tile);
TF_SFPU_NO(softplus_tile);
TF_SFPU_NO(hardsigmoid_tile);
TF_SFPU_NO(hardtanh_tile);
TF_SFPU_NO(clamp_tile);
TF_SFPU_NO(threshold_tile);
TF_SFPU_NO(unary_max_tile);
TF_SFPU_NO(unary_min_tile);
TF_SFPU_NO(isinf_tile);
TF_SFPU_NO(isnan_tile);
TF_SFPU_NO(isfinite_tile);
TF_SFPU_NO(logical_not_unary_tile);
TF_SFPU_NO(floor_tile);
TF_SFPU_NO(ceil_tile);
TF_SFPU_NO(round_tile);
TF_SFPU_NO(trunc_tile);
TF_SFPU_NO(dropout_tile);
TF_SFPU_NO(rand_tile);
TF_SFPU_NO(identity_tile);
TF_SFPU_NO(tiled_prod_tile);
TF_SFPU_NO(cumsum_tile);
TF_SFPU_NO(eqz_tile);
TF_SFPU_NO(nez_tile);
TF_SFPU_NO(ltz_tile);
TF_SFPU_NO(lez_tile);
TF_SFPU_NO(gtz_tile);
TF_SFPU_NO(gez_tile);
TF_SFPU_NO(unary_ne_tile);
TF_SFPU_NO(unary_eq_tile);
TF_SFPU_NO(unary_gt_tile);
TF_SFPU_NO(unary_lt_tile);
TF_SFPU_NO(mask_tile);
TF_SFPU_NO(tanh_derivative_tile);
TF_SFPU_NO(hardswish_tile);
TF_SFPU_NO(mish_tile);
TF_SFPU_NO(celu_tile);
TF_SFPU_NO(prelu_tile);
TF_SFPU_NO(i0_tile);
TF_SFPU_NO(frac_tile);
TF_SFPU_NO(fmod_tile);
TF_SFPU_NO(remainder_tile);
TF_UNSUPPORTED_FN(rounding_op_tile_init, TF_SFPU_WHY);
// (api/compute/eltwise_unary/*.h, 2026)
TF_SFPU_NO(rpow_tile);
TF_SFPU_NO(cbrt_tile);
TF_SFPU_NO(lgamma_tile);
TF_SFPU_NO(digamma_tile);
TF_SFPU_NO(polygamma_tile);
TF_SFPU_NO(multigammaln_tile);
TF_SFPU_NO(i1_tile);
TF_SFPU_NO(logit_tile);
TF_SFPU_NO(logsigmoid_tile);
TF_SFPU_NO(swish_tile);
TF_SFPU_NO(hardmish_tile);
TF_SFPU_NO(tanhshrink_tile);
TF_SFPU_NO(softsign_tile);
TF_SFPU_NO(softshrink_tile);
TF_SFPU_NO(hardshrink_tile);
TF_SFPU_NO(softcap_tile);
TF_SFPU_NO(soft_clamp_tile);
TF_SFPU_NO(situ_gate_tile);
TF_SFPU_NO(rrelu_tile);
TF_SFPU_NO(isposinf_tile);
TF_SFPU_NO(isneginf_tile);
TF_SFPU_NO(logical_not_tile);
TF_SFPU_NO(unary_ge_tile);
TF_SFPU_NO(unary_le_tile);
TF_SFPU_NO(alt_complex_rotate90_tile);
TF_SFPU_NO(reshuffle_rows_tile);
TF_UNSUPPORTED_FN(stochastic_round_tile, TF_SFPU_WHY);
TF_UNSUPPORTED_FN(mask_posinf_tile, TF_SFPU_WHY);
TF_UNSUPPORTED_FN(dropout_kernel_init, TF_SFPU_WHY);
// tt-llk's enum that only unsupported names take as template arguments
// (rdiv_tile<RoundingMode::Floor>): declared so that such a use is the
// name's own error, not an undeclared enum.
enum class RoundingMode : std::uint8_t { None = 0, Trunc = 1, Floor = 2 };
// rdiv_tile(i, v): v / x. recip_tile then mul_unary_tile gives the quantity, not
// tt-metal's rounding (and rdiv_tile's RoundingMode).
TF_UNSUPPORTED_OP(rdiv_tile,
                  "an SFPU op the tile engine does not model (docs/chip.md, \"Tile engine\"); "
                  "recip_tile then mul_unary_tile computes v / x with their rounding");
#undef TF_SFPU_NO
#define TF_INT_WHY                                                                                 \
    "integer DEST formats (Int32, UInt16, UInt32: the engine has Float32, Float16_b, Bfp8_b)"
TF_UNSUPPORTED_FN(relu_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(abs_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(negative_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(fill_tile_int, TF_INT_WHY);
TF_UNSUPPORTED_FN(add_unary_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(sub_unary_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(relu_max_tile_int32, TF_INT_WHY);
TF_UNSUPPORTED_FN(relu_min_tile_int32, TF_INT_WHY);
#define TF_INT_NO(name) TF_UNSUPPORTED_OP(name, TF_INT_WHY)
TF_INT_NO(bitwise_and_tile);
TF_INT_NO(bitwise_or_tile);
TF_INT_NO(bitwise_xor_tile);
TF_INT_NO(bitwise_not_tile);
TF_INT_NO(left_shift_tile);
TF_INT_NO(right_shift_tile);
TF_INT_NO(add_int32_tile);
TF_INT_NO(signbit_tile_int32);
TF_INT_NO(unary_max_int32_tile);
TF_INT_NO(unary_max_uint32_tile);
TF_INT_NO(unary_min_int32_tile);
TF_INT_NO(unary_min_uint32_tile);
TF_INT_NO(rsub_unary_int32_tile);
TF_INT_NO(add_int_tile);
TF_INT_NO(sub_int_tile);
TF_INT_NO(rsub_int_tile);
TF_INT_NO(mul_int_tile);
TF_INT_NO(div_int32_tile);
TF_INT_NO(div_int32_floor_tile);
TF_INT_NO(div_int32_trunc_tile);
TF_INT_NO(fmod_int32_tile);
TF_INT_NO(remainder_int32_tile);
TF_INT_NO(gcd_tile);
TF_INT_NO(lcm_tile);
TF_INT_NO(lt_int_tile);
TF_INT_NO(gt_int_tile);
TF_INT_NO(le_int_tile);
TF_INT_NO(ge_int_tile);
TF_INT_NO(binary_max_int32_tile);
TF_INT_NO(binary_max_uint32_tile);
TF_INT_NO(binary_min_int32_tile);
TF_INT_NO(binary_min_uint32_tile);
#undef TF_INT_NO
// Integer forms whose init is shared (the float op's, or binary_bitwise_tile_init,
// binary_shift_tile_init, sfpu_sum_int_init below).
#define TF_INT_FN(name) TF_UNSUPPORTED_FN(name, TF_INT_WHY)
TF_INT_FN(unary_ne_tile_int32);
TF_INT_FN(unary_eq_tile_int32);
TF_INT_FN(unary_gt_tile_int32);
TF_INT_FN(unary_ge_tile_int32);
TF_INT_FN(unary_lt_tile_int32);
TF_INT_FN(unary_le_tile_int32);
TF_INT_FN(gtz_tile_int32);
TF_INT_FN(gez_tile_int32);
TF_INT_FN(ltz_tile_int32);
TF_INT_FN(lez_tile_int32);
TF_INT_FN(eqz_tile_int32);
TF_INT_FN(nez_tile_int32);
TF_INT_FN(eqz_tile_uint16);
TF_INT_FN(eqz_tile_uint32);
TF_INT_FN(nez_tile_uint16);
TF_INT_FN(nez_tile_uint32);
TF_INT_FN(relu_max_tile_uint32);
TF_INT_FN(relu_max_tile_uint16);
TF_INT_FN(relu_min_tile_uint32);
TF_INT_FN(relu_min_tile_uint16);
TF_INT_FN(clamp_tile_int32);
TF_INT_FN(identity_tile_uint32);
TF_INT_FN(logical_not_unary_tile_int32);
TF_INT_FN(logical_not_unary_tile_uint32);
TF_INT_FN(logical_not_unary_tile_uint16);
TF_INT_FN(bitwise_and_binary_tile);
TF_INT_FN(bitwise_or_binary_tile);
TF_INT_FN(bitwise_xor_binary_tile);
TF_INT_FN(binary_bitwise_tile_init);
TF_INT_FN(binary_left_shift_tile);
TF_INT_FN(binary_right_shift_tile);
TF_INT_FN(binary_logical_right_shift_tile);
TF_INT_FN(binary_shift_tile_init);
TF_INT_FN(sfpu_sum_int_init);
TF_INT_FN(sfpu_sum_int_col);
TF_INT_FN(sfpu_sum_int_row);
TF_INT_FN(sfpu_add_int);
#undef TF_INT_FN
// Quantization (api/compute/quantization.h): int32/int8/uint8 results in DEST.
#define TF_QUANT_NO(name)                                                                          \
    TF_UNSUPPORTED_OP(name, "quantization (Int32, Int8 and UInt8 values in DEST: the engine has "  \
                            "Float32, Float16_b, Bfp8_b)")
TF_QUANT_NO(quant_tile);
TF_QUANT_NO(quant_int8_tile);
TF_QUANT_NO(quant_uint8_tile);
TF_QUANT_NO(requant_tile);
TF_QUANT_NO(requant_int8_tile);
TF_QUANT_NO(requant_uint8_tile);
TF_QUANT_NO(requant_int8_in_tile);
TF_QUANT_NO(requant_int8_in_uint8_out_tile);
TF_QUANT_NO(requant_int8_in_int8_out_tile);
TF_QUANT_NO(dequant_tile);
TF_QUANT_NO(dequant_int8_tile);
#undef TF_QUANT_NO
// Older names tt-metal has since replaced.
TF_UNSUPPORTED_FN(add_tiles_init_nof, "the old name: use add_tiles_init");
TF_UNSUPPORTED_FN(rsub_tile, "use rsub_unary_tile (the scalar as float bits)");
TF_UNSUPPORTED_FN(rsub_tile_init, "use binop_with_scalar_tile_init and rsub_unary_tile");
// Transposing inside DEST.
TF_UNSUPPORTED_FN(transpose_wh_dest, "a transpose inside DEST: use transpose_wh_tile from a CB");
TF_UNSUPPORTED_FN(transpose_wh_dest_init_short, "a transpose inside DEST: use transpose_wh_init");
// SFPU ops on two DEST tiles the engine does not model (the ones it does:
// tt_foil/compute_sfpu.hpp).
#define TF_BIN_SFPU_WHY                                                                            \
    "this SFPU binary op on two DEST tiles (the engine models add/sub/mul/div/rsub/power/atan2/"   \
    "fmod/remainder/xlogy/div_no_nan_binary_tile, binary_max/min_tile, max_tile, "                 \
    "clamped_silu_glu_tile, copy_dest_values and eq/ne/lt/gt/le/ge_binary_tile; docs/chip.md "     \
    "\"Tile engine\")"
TF_UNSUPPORTED_OP(sfpu_add_top_row, TF_BIN_SFPU_WHY);
// mac_tile: a b + c. tt-metal's newest LLK replays a recording of DEST
// tiles 0, 1, 2 into 0 whatever its arguments, its first one used them:
// what a kernel means by other indices is not known.
TF_UNSUPPORTED_OP(mac_tile, "mac_tile (tt-metal's versions read different DEST tiles); "
                            "addcmul_tile(c, a, b, odst, 0x3f800000u) computes a b + c in one "
                            "multiply-add");
// Pack-thread and LLK-level entry points.
TF_UNSUPPORTED_FN(exp_packthread_tile, "SFPU ops on the pack thread: use exp_tile");
TF_UNSUPPORTED_FN(exp_packthread_tile_init, "SFPU ops on the pack thread: use exp_tile_init");
TF_UNSUPPORTED_FN(silu_tile_pack, "SFPU ops on the pack thread: use silu_tile");
TF_UNSUPPORTED_FN(relu_max_tile_pack, "SFPU ops on the pack thread: use relu_max_tile");
#define TF_PACK_NO(name, use) TF_UNSUPPORTED_FN(name, "SFPU ops on the pack thread: use " use)
TF_PACK_NO(relu_max_tile_init_pack, "relu_max_tile_init");
TF_PACK_NO(silu_tile_init_pack, "silu_tile_init");
TF_PACK_NO(sigmoid_tile_pack, "sigmoid_tile");
TF_PACK_NO(sigmoid_tile_init_pack, "sigmoid_tile_init");
TF_PACK_NO(tanh_tile_pack, "tanh_tile");
TF_PACK_NO(tanh_tile_init_pack, "tanh_tile_init");
TF_PACK_NO(gelu_tile_pack, "gelu_tile");
TF_PACK_NO(gelu_tile_init_pack, "gelu_tile_init");
TF_PACK_NO(gelu_tanh_tile_pack, "gelu_tanh_tile");
TF_PACK_NO(gelu_tanh_tile_init_pack, "gelu_tanh_tile_init");
#undef TF_PACK_NO
#define TF_PACK_SFPU_NO(name)                                                                      \
    TF_UNSUPPORTED_FN(name, "SFPU ops on the pack thread, of an op the tile engine does not "      \
                            "model")
TF_PACK_SFPU_NO(hardsigmoid_tile_pack);
TF_PACK_SFPU_NO(hardsigmoid_tile_init_pack);
TF_PACK_SFPU_NO(hardtanh_tile_pack);
TF_PACK_SFPU_NO(hardtanh_tile_init_pack);
TF_PACK_SFPU_NO(softplus_tile_pack);
TF_PACK_SFPU_NO(softplus_tile_init_pack);
TF_PACK_SFPU_NO(selu_tile_pack);
TF_PACK_SFPU_NO(selu_tile_init_pack);
#undef TF_PACK_SFPU_NO
TF_UNSUPPORTED_FN(matmul_tiles_math, "math-only matmul (sources already loaded): use matmul_tiles");
TF_UNSUPPORTED_FN(reduce_tile_math, "math-only reduce (sources already loaded): use reduce_tile");
TF_UNSUPPORTED_FN(matmul_block_math_dynamic_throttle,
                  "math-only matmul under Blackhole's firmware throttle (sources already loaded): "
                  "use matmul_block");
TF_UNSUPPORTED_FN(sfpu_reduce, "SFPU reductions: use reduce_tile");
TF_UNSUPPORTED_FN(sfpu_reduce_init, "SFPU reductions: use reduce_init");
TF_UNSUPPORTED_FN(topk_local_sort, "top-k on the SFPU");
TF_UNSUPPORTED_FN(topk_merge, "top-k on the SFPU");
TF_UNSUPPORTED_FN(topk_rebuild, "top-k on the SFPU");
TF_UNSUPPORTED_FN(topk_tile_init, "top-k on the SFPU");
TF_UNSUPPORTED_FN(max_reduce_with_indices, "reductions with indices");
TF_UNSUPPORTED_FN(max_reduce_with_indices_init, "reductions with indices");
// Welford's running mean and variance, held in SFPU registers (api/compute/welford.h).
#define TF_WELFORD_WHY                                                                             \
    "Welford's running statistics in SFPU registers: compute the mean and variance with "          \
    "mul_tiles and reduce_tile"
TF_UNSUPPORTED_FN(welford_init, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_clear, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_update, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_update_rows, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_save_state, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_restore_state, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_finalize_to_row, TF_WELFORD_WHY);
TF_UNSUPPORTED_FN(welford_finalize_to_face, TF_WELFORD_WHY);
#undef TF_WELFORD_WHY
// The Tensix debug interface and status registers (api/compute/compute_kernel_api.h).
#define TF_DBG_WHY                                                                                 \
    "halting the TRISCs and reading DEST rows (the debug interface): pack the tile and DPRINT "    \
    "it from a data-movement kernel"
TF_UNSUPPORTED_FN(dbg_halt, TF_DBG_WHY);
TF_UNSUPPORTED_FN(dbg_unhalt, TF_DBG_WHY);
TF_UNSUPPORTED_FN(dbg_read_dest_acc_row, TF_DBG_WHY);
#undef TF_DBG_WHY
#define TF_FLAGS_WHY                                                                               \
    "the FPU/SFPU special-value (NaN, Inf) flag registers, which the tile engine does not model"
TF_UNSUPPORTED_FN(get_compute_special_value_flags, TF_FLAGS_WHY);
TF_UNSUPPORTED_FN(get_compute_special_value_flags_fpu, TF_FLAGS_WHY);
TF_UNSUPPORTED_FN(get_compute_special_value_flags_sfpu, TF_FLAGS_WHY);
TF_UNSUPPORTED_FN(clear_compute_special_value_flags, TF_FLAGS_WHY);
#undef TF_FLAGS_WHY
// Broadcasting copies (the B-to-DEST path).
#define TF_UBCAST_WHY                                                                              \
    "broadcasting copies into DEST (unary_bcast); use add_tiles_bcast with a zero tile"
TF_UNSUPPORTED_FN(unary_bcast_init, TF_UBCAST_WHY);
TF_UNSUPPORTED_FN(unary_bcast, TF_UBCAST_WHY);
TF_UNSUPPORTED_FN(unary_bcast_uninit, TF_UBCAST_WHY);
TF_UNSUPPORTED_FN(reconfigure_unary_bcast, TF_UBCAST_WHY);
// Packer features.
TF_UNSUPPORTED_FN(pack_reconfig_l1_acc,
                  "packer L1 accumulation: pack partials to a CB and add them "
                  "back (copy_tile + add or binary_dest_reuse_tiles)");
TF_UNSUPPORTED_FN(pack_relu_config, "the packer's fused ReLU: use relu_tile");
TF_UNSUPPORTED_FN(pack_rows_init, "packing part of a tile");
TF_UNSUPPORTED_FN(pack_rows, "packing part of a tile");
TF_UNSUPPORTED_FN(pack_rows_uninit, "packing part of a tile");
// Tilize variants.
#define TF_TILIZE_WHY "tilize variants beyond tilize_init/tilize_block/tilize_uninit"
TF_UNSUPPORTED_FN(fast_tilize_init, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(fast_tilize_block, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(fast_tilize_uninit, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilizeA_B_reduce_init, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilizeA_B_block, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_init_unpack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_block_no_pack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_init_no_pack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilize_block, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(fast_tilize_init_with_dt, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilizeA_B_uninit, TF_TILIZE_WHY);
// Reading CB contents from a TRISC.
TF_UNSUPPORTED_FN(get_tile_address, "reading circular-buffer memory from a compute kernel");
TF_UNSUPPORTED_FN(read_tile_value, "reading circular-buffer memory from a compute kernel");
TF_UNSUPPORTED_FN(cb_get_tile, "reading circular-buffer memory from a compute kernel");
TF_UNSUPPORTED_FN(cb_release_tile, "reading circular-buffer memory from a compute kernel");
} // namespace ckernel

#endif
