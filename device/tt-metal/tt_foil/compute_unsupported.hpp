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
TF_SFPU_NO(dropout_tile);
TF_SFPU_NO(rand_tile);
TF_SFPU_NO(tiled_prod_tile);
// (api/compute/eltwise_unary/*.h, 2026)
TF_SFPU_NO(polygamma_tile);
TF_SFPU_NO(multigammaln_tile);
TF_SFPU_NO(logsigmoid_tile);
TF_SFPU_NO(softcap_tile);
TF_SFPU_NO(soft_clamp_tile);
TF_SFPU_NO(situ_gate_tile);
TF_SFPU_NO(rrelu_tile);
TF_SFPU_NO(alt_complex_rotate90_tile);
TF_SFPU_NO(reshuffle_rows_tile);
TF_UNSUPPORTED_FN(stochastic_round_tile, TF_SFPU_WHY);
TF_UNSUPPORTED_FN(dropout_kernel_init, TF_SFPU_WHY);
#undef TF_SFPU_NO
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
// SFPU ops on two DEST tiles the engine does not model (the ones it does:
// tt_foil/compute_sfpu.hpp).
#define TF_BIN_SFPU_WHY                                                                            \
    "this SFPU binary op on two DEST tiles (the engine models add/sub/mul/div/rsub/power/atan2/"   \
    "fmod/remainder/xlogy/div_no_nan_binary_tile, binary_max/min_tile, max_tile, "                 \
    "clamped_silu_glu_tile, copy_dest_values, mask_tile, mask_posinf_tile and "                    \
    "eq/ne/lt/gt/le/ge_binary_tile; docs/chip.md "                                                 \
    "\"Tile engine\")"
TF_UNSUPPORTED_OP(sfpu_add_top_row, TF_BIN_SFPU_WHY);
// mac_tile: a b + c. tt-metal's newest LLK replays a recording of DEST
// tiles 0, 1, 2 into 0 whatever its arguments, its first one used them:
// what a kernel means by other indices is not known.
TF_UNSUPPORTED_OP(mac_tile, "mac_tile (tt-metal's versions read different DEST tiles); "
                            "addcmul_tile(c, a, b, odst, 0x3f800000u) computes a b + c in one "
                            "multiply-add");
// LLK-level entry points.
TF_UNSUPPORTED_FN(matmul_tiles_math, "math-only matmul (sources already loaded): use matmul_tiles");
TF_UNSUPPORTED_FN(reduce_tile_math, "math-only reduce (sources already loaded): use reduce_tile");
TF_UNSUPPORTED_FN(matmul_block_math_dynamic_throttle,
                  "math-only matmul under Blackhole's firmware throttle (sources already loaded): "
                  "use matmul_block");
TF_UNSUPPORTED_FN(max_reduce_with_indices, "reductions with indices");
TF_UNSUPPORTED_FN(max_reduce_with_indices_init, "reductions with indices");
// The newest tree's re-set-up of the unpacker and math unit for Welford's
// updates after another op (api/compute/welford.h); the other Welford names
// are modeled (tt_foil/compute.hpp).
TF_UNSUPPORTED_FN(welford_reinit,
                  "welford_reinit (the unpacker and math unit set up again for Welford's updates) "
                  "is not modeled: welford_init<WelfordInitMode::PreserveStats>() sets the "
                  "updates up again keeping the statistics, and the unpack's own init");
// The 2026 tree's two-pass statistics in SFPU registers (api/compute/welford.h).
#define TF_TWO_PASS_WHY                                                                            \
    "the two-pass statistics on the SFPU (api/compute/welford.h, 2026) are not modeled: "          \
    "Welford's running statistics are (welford_init, welford_update, welford_finalize_to_row)"
TF_UNSUPPORTED_FN(two_pass_stats_init_shifted, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_update_rows, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_update_shifted_rows, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_finish_shifted_mean, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_clear, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_save_state, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_finalize_split_mean_to_row, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_save_anchor, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_restore_anchor, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_save_anchor_to_state, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_restore_anchor_from_state, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_combine_block, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_finalize_to_row, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_finalize_to_face, TF_TWO_PASS_WHY);
TF_UNSUPPORTED_FN(two_pass_stats_finalize_and_combine_to_face, TF_TWO_PASS_WHY);
#undef TF_TWO_PASS_WHY
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
// Tilize variants.
#define TF_TILIZE_WHY "tilize variants beyond tilize_* and fast_tilize_*"
TF_UNSUPPORTED_FN(fast_tilize_init_skip_remap,
                  "fast_tilize_init without the math unit's DEST remap (the engine models fast "
                  "tilize's values, not its DEST layout): use fast_tilize_init");
TF_UNSUPPORTED_FN(fast_tilize_init_with_dt_skip_remap,
                  "fast_tilize_init without the math unit's DEST remap (the engine models fast "
                  "tilize's values, not its DEST layout): use fast_tilize_init_with_dt");
TF_UNSUPPORTED_FN(tilizeA_B_reduce_init, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilizeA_B_block, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_init_unpack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_block_no_pack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(tilize_init_no_pack, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilize_block, TF_TILIZE_WHY);
TF_UNSUPPORTED_FN(unpack_tilizeA_B_uninit, TF_TILIZE_WHY);
// LLK-level unpack and math inits (below the compute API, which has the
// modeled ones: copy_tile_to_dst_init_short, ...). ttnn's SDPA calls these
// to copy its running max into DEST with each 16 x 16 face transposed (so
// that the hardware's pool in reduce_block_max_row lines up with it): the
// engine's DEST holds values, not the pool's layout, and a transpose
// within faces is not modeled (reduce_block_max_row takes a plain
// copy_tile's value into its max).
#define TF_LLK_INIT_WHY                                                                            \
    "LLK-level unpack/math inits (a copy with each 16x16 face transposed is not modeled): use "    \
    "copy_tile_to_dst_init_short (reduce_block_max_row takes a plain copy_tile's value into its "  \
    "max)"
TF_UNSUPPORTED_FN(llk_unpack_A_init, TF_LLK_INIT_WHY);
TF_UNSUPPORTED_FN(llk_math_eltwise_unary_datacopy_init, TF_LLK_INIT_WHY);
TF_UNSUPPORTED_VAR(UnpackToDestEn, TF_LLK_INIT_WHY);
TF_UNSUPPORTED_VAR(A2D, TF_LLK_INIT_WHY);
#undef TF_LLK_INIT_WHY
// Reading CB contents from a TRISC.
TF_UNSUPPORTED_FN(cb_get_tile, "reading circular-buffer memory from a compute kernel");
TF_UNSUPPORTED_FN(cb_release_tile, "reading circular-buffer memory from a compute kernel");
} // namespace ckernel

#endif
