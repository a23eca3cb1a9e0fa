#!/usr/bin/env bash
# tt_foil_cc and C++ compute kernels: the compute settings (--math-fidelity,
# --fp32-dest-acc, --math-approx) give the images tt_foil_add_kernel's
# MATH_FIDELITY / FP32_DEST_ACC give, bad values are usage errors, and every
# compile-time error of tt-metal's compute API says what is not supported
# (unsupported names, template arguments and formats) at the use.
#   test_tt_foil_cc_compute.sh TT_FOIL_CC TTM_COMPUTE_KERNEL_DIR BUILD_KERNEL_DIR
cc=$1
ttmc=$2
built=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

run "$cc" --help
expect_out "--math-fidelity F" "--help documents the compute settings"
expect_out "--fp32-dest-acc on|off" "--help documents fp32_dest_acc_en"

# the settings: the same images as the build's ttm_ops_matmul_lofi
run "$cc" --risc compute --math-fidelity LoFi --fp32-dest-acc on --define TF_TEST_FIDELITY=LoFi \
    --define TF_TEST_FP32=true --name ttm_ops_matmul_lofi -o "$tmp/mm" "$ttmc/ops_matmul.cpp"
expect_rc 0 "compile with the settings"
if command -v llvm-objdump >/dev/null; then
    for t in 0 1 2; do
        checks=$((checks + 1))
        a=$(llvm-objdump -d -s -j .text -j .rodata -j .data -j .tt_foil_build "$tmp/mm.trisc$t.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
        b=$(llvm-objdump -d -s -j .text -j .rodata -j .data -j .tt_foil_build "$built/ttm_ops_matmul_lofi.trisc$t.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
        [ "$a" = "$b" ] || fail "tt_foil_cc --math-fidelity LoFi and MATH_FIDELITY LoFi built different trisc$t images"
    done
fi
# the kernel checks MATH_FIDELITY and DST_ACCUM_MODE against the settings
run "$cc" --risc compute --math-fidelity hifi2 --define TF_TEST_FIDELITY=LoFi \
    --define TF_TEST_FP32=false -o "$tmp/mm2" "$ttmc/ops_matmul.cpp"
expect_rc 1 "MATH_FIDELITY follows --math-fidelity"
expect_err "MATH_FIDELITY follows the option" "MATH_FIDELITY follows --math-fidelity"
run "$cc" --risc compute --math-fidelity HiFi2 --define TF_TEST_FIDELITY=HiFi2 \
    --define TF_TEST_FP32=true -o "$tmp/mm3" "$ttmc/ops_matmul.cpp"
expect_rc 1 "DST_ACCUM_MODE follows --fp32-dest-acc"
expect_err "DST_ACCUM_MODE follows FP32_DEST_ACC" "DST_ACCUM_MODE follows --fp32-dest-acc"
run "$cc" --risc compute --math-fidelity MedFi -o "$tmp/x" "$ttmc/ops_matmul.cpp"
expect_rc 2 "bad fidelity"
expect_err "--math-fidelity: 'MedFi' is not LoFi, HiFi2, HiFi3 or HiFi4" "bad fidelity"
run "$cc" --risc compute --fp32-dest-acc yes -o "$tmp/x" "$ttmc/ops_matmul.cpp"
expect_rc 2 "bad fp32-dest-acc"
expect_err "--fp32-dest-acc: give on or off" "bad fp32-dest-acc"
echo 'void kernel_main() {}' >"$tmp/dm.cpp"
run "$cc" --risc brisc --math-approx on -o "$tmp/x" "$tmp/dm.cpp"
expect_rc 2 "compute settings on a data-movement kernel"
expect_err "are settings of compute kernels" "compute settings on a data-movement kernel"

# compile-time errors at the use: unsupported names, template arguments, formats
k() { # NAME BODY: a compute kernel with BODY in kernel_main
    printf '#include "api/compute/compute_kernel_api.h"\nvoid kernel_main()\n{\n    %s\n}\n' "$2" >"$tmp/$1.cpp"
    run "$cc" --risc compute -o "$tmp/$1" "$tmp/$1.cpp"
}
k bin 'sfpu_add_top_row_init(); sfpu_add_top_row<DataFormat::Float32>(0, 1, 0);'
expect_rc 1 "SFPU binary op"
expect_err "bin.cpp:4:5: error: 'sfpu_add_top_row_init" "SFPU binary op: at the use"
expect_err "is unavailable: not supported by tt-foil: this SFPU binary op on two DEST tiles" "SFPU binary op"
k poly 'polygamma_tile_init(); polygamma_tile(0, 2);'
expect_rc 1 "polygamma_tile"
expect_err "error: 'polygamma_tile_init" "polygamma_tile"
expect_err "is unavailable: not supported by tt-foil: an SFPU op the tile engine does not model" "polygamma_tile"
# tt-llk's names below the compute API, undeclared here: each said to be
# unsupported after clang's error (once, however often it is used)
k llk 'llk_math_wait_for_dest_available(); UNPACK((llk_unpack_AB_init<BroadcastType::NONE>(0, 1))); llk_math_wait_for_dest_available(); UNPACK((TTI_SETADCXX(1, 15, 0)));'
expect_rc 1 "tt-llk names"
expect_err "error: use of undeclared identifier 'llk_math_wait_for_dest_available'" "tt-llk names: clang's error"
expect_err "not supported by tt-foil: 'llk_math_wait_for_dest_available' is a tt-llk (LLK) function, below tt-metal's compute API; tt-foil models the compute API's calls (api/compute/*.h) and provides only the few tt-llk names docs/kernels.md lists: call the compute API instead" \
    "tt-llk names: a math LLK function"
expect_err "not supported by tt-foil: 'llk_unpack_AB_init' is a tt-llk (LLK) function" "tt-llk names: an unpack LLK function"
expect_err "not supported by tt-foil: 'TTI_SETADCXX' is a raw Tensix instruction (tt-llk's ckernel_ops.h)" \
    "tt-llk names: a raw instruction"
checks=$((checks + 1))
[ "$(grep -c "'llk_math_wait_for_dest_available' is a tt-llk" "$ERR")" = 1 ] ||
    fail "tt-llk names: said once for a name used twice"
k l1acc 'pack_reconfig_l1_acc(1); pack_reconfig_l1_acc(0);'
expect_rc 0 "packer L1 accumulation is supported"
k prelu 'pack_relu_config(ReluType::ZERO_RELU); pack_relu_config(MAX_THRESHOLD_RELU | 0x40000000u);'
expect_rc 0 "the packer's ReLU is supported"
k prows 'pack_rows_init(4); pack_rows(0, 16); pack_rows(1, 16, 1); pack_rows_uninit();'
expect_rc 0 "pack_rows (with and without output_index) is supported"
k tilize_idx 'tilize_block(0, 1, 16, 2, 0);'
expect_rc 1 "tilize_block with indices"
expect_err "'tilize_block' is unavailable: not supported by tt-foil: tilize_block with input/output tile indices" "tilize_block with indices"
k int32 'sfpu_sum_int_init(); sfpu_sum_int_col(0); sfpu_sum_int_row(0); sfpu_add_int(0, 1); gcd_tile_init(); gcd_tile(0, 1, 2); lcm_tile_init(); lcm_tile(0, 1);'
expect_rc 0 "sfpu_sum_int_col/row, sfpu_add_int, gcd_tile, lcm_tile are supported"
# names a helper's tt-metal kernels used that were only "undeclared identifier"
k cmp 'ltz_tile_init(); ltz_tile(0); tan_tile_init(); tan_tile(0);'
expect_rc 0 "comparison with zero, tan_tile are supported"
k bitand 'bitwise_and_tile_init(); bitwise_and_tile(0, 1); left_shift_tile_init(); left_shift_tile(0, 2);'
expect_rc 0 "bitwise_and_tile, left_shift_tile are supported"
k umax 'unary_max_int32_tile_init(); unary_max_int32_tile(0, 1); relu_tile_init(); relu_tile_int32(0); clamp_tile_init(); clamp_tile_int32(0, 1, 2);'
expect_rc 0 "unary_max_int32_tile, relu_tile_int32, clamp_tile_int32 are supported"
k fillint 'fill_tile_init(); fill_tile_int<DataFormat::Float32>(0, 1u);'
expect_rc 1 "fill_tile_int of Float32"
expect_err "takes DataFormat::Int32, UInt32 or UInt16" "fill_tile_int of Float32"
k sbit 'signbit_tile_int32_init(); signbit_tile_int32(0); relu_max_tile_init(); relu_max_tile_int32(0, 0x42c80000u); relu_min_tile_init(); relu_min_tile_int32(0, 1);'
expect_rc 0 "signbit_tile_int32, relu_max/min_tile_int32 are supported"
k oldname 'add_tiles_init_nof();'
expect_rc 1 "old name"
expect_err "not supported by tt-foil: the old name: use add_tiles_init" "old name"
# tt-metal's 2023-2024 default arguments and reconfig names build
k olddefaults 'binary_op_init_common(0, 1); add_tiles_init(); sub_tiles_init(); mul_tiles_init();
    add_bcast_rows_init_short(); add_bcast_cols_init_short(); add_bcast_scalar_init_short();
    mul_bcast_rows_init_short(); mul_bcast_cols_init_short(); mul_tiles_bcast_scalar_init_short();
    sub_bcast_cols_init_short(); sub_tiles_bcast_scalar_init_short(); transpose_wh_init(0);
    tilize_init_short(0, 1); unpack_reconfig_data_format(0, 1); unpack_reconfig_data_format(0, 1, 0, 1);
    unpack_reconfig_data_format_srca(1); unpack_reconfig_data_format_srca(0, 1);
    unpack_reconfig_data_format_srcb(1); unpack_reconfig_data_format_srcb(0, 1);'
expect_rc 0 "older default arguments"
k tdest 'transpose_wh_dest_init_short(); transpose_wh_dest(0); transpose_wh_dest_init_short<true>(); transpose_wh_dest<true>(1);
    transpose_wh_dest_init_short<true, false>(0); transpose_dest_init<true, false>(); transpose_dest<true, false>(2);'
expect_rc 0 "transpose in DEST (both names, both widths)"
k ubcast 'unary_bcast_init<BroadcastType::ROW>(0, 16); unary_bcast<BroadcastType::ROW>(0, 0, 1);
    reconfigure_unary_bcast<BroadcastType::ROW, BroadcastType::SCALAR>(0, 1, 16, 16);
    unary_bcast<BroadcastType::SCALAR>(1, 0, 2); unary_bcast_uninit<BroadcastType::SCALAR>(1);
    unary_bcast_init<BroadcastType::COL>(0, 16, 7); unary_bcast<BroadcastType::COL>(0, 0, 0);'
expect_rc 0 "unary_bcast, its init, uninit and reconfigure build"
k tdest16 'transpose_wh_dest<false, false>(0);'
expect_rc 1 "16-bit transpose within faces"
expect_err "transpose_of_faces = false needs is_32bit" "16-bit transpose within faces"
k pmin 'reduce_init<PoolType::MIN, ReduceDim::REDUCE_ROW>(0, 1, 16);'
expect_rc 1 "PoolType::MIN"
expect_err "not supported by tt-foil: PoolType::MIN" "PoolType::MIN"
k div 'binary_dest_reuse_tiles_init<ELWDIV, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(0);'
expect_rc 1 "ELWDIV"
expect_err "not supported by tt-foil: ELWDIV and ELWLESS" "ELWDIV"
k tc 'typecast_tile_init(); typecast_tile<8u, 24u>(0);'
expect_rc 1 "unsupported format"
expect_err "not supported by tt-foil: typecast_tile between these formats" "unsupported format"
k tc2 'typecast_tile_init(); typecast_tile<DataFormat::Float32, DataFormat::Lf8>(0);'
expect_rc 1 "unsupported format (DataFormat)"
expect_err "typecast_tile between these formats (the tile engine has Float32 (0), Float16 (1), Float16_b (5), Bfp8_b (6), Bfp4_b (7), Bfp2_b (15), Int32 (8), UInt16 (9), UInt32 (24), UInt8 (30), Fp8_e4m3 (26) and the exponent-A Bfp8 (2), Bfp4 (3), Bfp2 (11)" "unsupported format (DataFormat)"
k int8 'reconfig_data_format<true>(0, 1);'
expect_rc 1 "int8 reconfig"
expect_err "not supported by tt-foil: int8 formats" "int8 reconfig"
k vm 'sigmoid_tile_init(); sigmoid_tile<VectorMode::R>(0);'
expect_rc 0 "vector mode (faces 0 and 1)"
k pu 'pack_untilize_init<16>(0, 16);'
expect_rc 1 "pack_untilize block wider than DEST"
expect_err "pack_untilize: block_ct_dim must fit the DEST half" "pack_untilize block wider than DEST"
k puoff 'pack_untilize_dest<4, 4, false, false, 32, 5>(16);'
expect_rc 1 "pack_untilize_dest offset beyond DEST"
expect_err "tile_dst_ct_offset + block_ct_dim must fit the DEST half" "pack_untilize_dest offset beyond DEST"
k fp32acc 'reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW, true>(0, 1, 16);'
expect_rc 1 "enforce_fp32_accumulation with a 16-bit DEST"
expect_err "enforce_fp32_accumulation with a 16-bit DEST" "enforce_fp32_accumulation"
run "$cc" --risc compute --fp32-dest-acc on -o "$tmp/fp32acc_on" "$tmp/fp32acc.cpp"
expect_rc 0 "enforce_fp32_accumulation with FP32_DEST_ACC on"
# older and newer tt-metal names mapped onto the API (compile and link)
k names 'unary_op_init_common_no_pack(0); binary_op_specific_init<true, ELWADD>(0, 1);
    binary_op_specific_init<false, ELWMUL>(); reduce_init_short<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 1);
    reduce_init_delta_no_pack<PoolType::MAX, ReduceDim::REDUCE_COL>(); reduce_init_delta_no_pack<false>();
    reduce_init_delta_math<PoolType::SUM, ReduceDim::REDUCE_SCALAR>(); reduce_init_delta_math<false>();
    pack_untilize_init_short<1>(0, 16); pack_untilize_dst_init_short<1>(16); pack_untilize_dst_init_short<2>();
    pack_untilize_dst<1>(16); pack_untilize_dst<2, 4>(16, 1, 1, 16, 4);
    typecast_tile_init<0, 5>(); typecast_tile<0, 5, false>(0); typecast_tile<DataFormat::Float32, DataFormat::Float16_b, true>(0);
    reduce_init_short(PoolType::SUM, ReduceDim::REDUCE_ROW, 0, 1); reduce_init_short(PoolType::MAX, ReduceDim::REDUCE_COL, 0, 1, 16);
    reduce_init<true>(PoolType::SUM, ReduceDim::REDUCE_ROW, 0, 1); reduce_init_delta<false>(PoolType::MAX, ReduceDim::REDUCE_COL);
    pack_tile_with_dt(0, 16); uint32_t ts = get_tile_size(0) + get_tile_hw(0) + get_tile_num_faces(0);
    DataFormat df = get_dataformat(16); (void)ts, (void)df;
    uint8_t xy = get_absolute_logical_x() + get_absolute_logical_y() + get_relative_logical_x() + get_relative_logical_y(); (void)xy;'
expect_rc 0 "older and newer names"
# pack_tile_with_dt is ttnn's helper (moreh_common.hpp): a kernel's own, global
# or in ckernel, is the one its calls take (no ambiguity with ours)
printf '#include "api/compute/compute_kernel_api.h"\nALWI void pack_tile_with_dt(uint32_t d, uint32_t cb) { pack_tile(d, cb); }\nnamespace ckernel {\nALWI void pack_tile_with_dt(uint32_t d, uint32_t cb, uint32_t) { pack_tile(d, cb); }\n}\nvoid kernel_main()\n{\n    constexpr int dst0 = 0;\n    pack_tile_with_dt(dst0, 16);\n    pack_tile_with_dt(0u, 16u, 1u);\n}\n' >"$tmp/own_dt.cpp"
run "$cc" --risc compute -o "$tmp/own_dt" "$tmp/own_dt.cpp"
expect_rc 0 "a kernel's own pack_tile_with_dt"
# dprint_tensix.h (both paths) is there; its prints of DEST and the Tensix
# registers say why not
for h in debug/dprint_tensix.h api/debug/dprint_tensix.h; do
    printf '#include "%s"\nvoid kernel_main()\n{\n}\n' "$h" >"$tmp/dpt.cpp"
    run "$cc" --risc compute -o "$tmp/dpt" "$tmp/dpt.cpp"
    expect_rc 0 "$h included"
done
printf '#include "debug/dprint_tensix.h"\nvoid kernel_main()\n{\n    dprint_tensix_dest_reg(0);\n    dprint_tensix_dest_reg<true>();\n    dprint_tensix_pack_config();\n    dprint_cfg_reg_field(HW_CFG_0, ALU_FORMAT_SPEC_REG2_Dstacc);\n}\n' >"$tmp/dpt2.cpp"
run "$cc" --risc compute -o "$tmp/dpt2" "$tmp/dpt2.cpp"
expect_rc 1 "dprint_tensix_dest_reg"
expect_err "dpt2.cpp:4:5: error: 'dprint_tensix_dest_reg<int>' is unavailable: not supported by tt-foil: printing DEST: a kernel cannot read the tile engine's DEST" "dprint_tensix_dest_reg"
expect_err "dpt2.cpp:5:5: error: 'dprint_tensix_dest_reg<true>' is unavailable: not supported by tt-foil: printing DEST" "dprint_tensix_dest_reg<print_by_face>"
expect_err "dpt2.cpp:6:5: error: 'dprint_tensix_pack_config<>' is unavailable: not supported by tt-foil: printing Tensix configuration registers" "dprint_tensix_pack_config"
expect_err "dpt2.cpp:7:5: error: 'dprint_cfg_reg_field<>' is unavailable: not supported by tt-foil: printing Tensix configuration registers" "dprint_cfg_reg_field"
k sfpubc 'sfpu_sub_bcast_row_init(); sfpu_sub_bcast_row(0, 1);'
expect_rc 1 "SFPU broadcasts on a 16-bit DEST"
expect_err "not supported by tt-foil: sfpu_sub_bcast_row on a 16-bit DEST (tt-metal's needs fp32_dest_acc_en" "SFPU broadcasts on a 16-bit DEST"
run "$cc" --risc compute --fp32-dest-acc on -o "$tmp/sfpubc32" "$tmp/sfpubc.cpp"
expect_rc 0 "SFPU broadcasts on an fp32 DEST"
# spellings tt-metal never had (sub_bcast_rows_init_short, unary_bcast_init
# are its names): the compiler's own error, which suggests the right one
k notmetal 'sub_bcast_row_init_short(0, 1);'
expect_rc 1 "sub_bcast_row_init_short is not tt-metal's"
expect_err "use of undeclared identifier 'sub_bcast_row_init_short'; did you mean 'sub_bcast_rows_init_short'?" "sub_bcast_row_init_short"
k notmetal2 'bcast_unary_init<BroadcastType::ROW>(0, 16);'
expect_rc 1 "bcast_unary_init is not tt-metal's"
expect_err "use of undeclared identifier 'bcast_unary_init'" "bcast_unary_init"
# get_local_cb_interface: the settings read (16-byte units); the pointers and
# any write say why not
k cbread 'uint32_t p = get_local_cb_interface(0).fifo_page_size + get_local_cb_interface(16).fifo_limit; (void)p;'
expect_rc 0 "get_local_cb_interface's settings"
k cbptr 'uint32_t p = get_local_cb_interface(0).fifo_rd_ptr << cb_addr_shift; (void)p;'
expect_rc 1 "fifo_rd_ptr outside UNPACK"
expect_err "cbptr.cpp:4:44: error: 'fifo_rd_ptr' is unavailable: not supported by tt-foil: a CB's fifo_rd_ptr outside the unpacker's code" "fifo_rd_ptr outside UNPACK"
k cbptrw 'uint32_t p = get_local_cb_interface(16).fifo_wr_ptr; (void)p;'
expect_rc 1 "fifo_wr_ptr outside PACK"
expect_err "error: 'fifo_wr_ptr' is unavailable: not supported by tt-foil: a CB's fifo_wr_ptr outside the packer's code" "fifo_wr_ptr outside PACK"
# each on its own TRISC: read, set from another CB's, moved (ttnn's matmul)
k cbptrok 'UNPACK((get_local_cb_interface(1).fifo_rd_ptr = get_local_cb_interface(0).fifo_rd_ptr)); UNPACK((get_local_cb_interface(1).fifo_rd_ptr += 8)); PACK((get_local_cb_interface(16).fifo_wr_ptr = get_local_cb_interface(16).fifo_wr_ptr + 0));'
expect_rc 0 "fifo_rd_ptr in UNPACK, fifo_wr_ptr in PACK"
# the raw instructions ttnn's fused activation writes: its three forms build,
# other operands are refused saying which forms are taken
k rawok 'PACK(TTI_SEMWAIT(p_stall::STALL_TDMA | p_stall::STALL_CFG, semaphore::t6_sem(semaphore::MATH_PACK), p_stall::STALL_ON_ZERO)); PACK(TT_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, ckernel::packer::get_packer_dest_offset())); silu_tile_init_pack(); silu_tile_pack(0); PACK(TTI_STALLWAIT(p_stall::STALL_PACK, p_stall::WAIT_SFPU)); tile_regs_release();'
expect_rc 0 "TTI_SEMWAIT, TT_SETC16, TTI_STALLWAIT as ttnn writes them"
k rawbad 'PACK(TTI_SEMWAIT(p_stall::STALL_TDMA, semaphore::t6_sem(semaphore::PACK_DONE), p_stall::STALL_ON_ZERO));'
expect_rc 1 "TTI_SEMWAIT on another semaphore"
expect_err "not supported by tt-foil: TTI_SEMWAIT other than the packer's wait for math" "TTI_SEMWAIT on another semaphore"
# the LLK names ttnn's matmul kernels call, ReluConfig, the mailboxes,
# internal/mod_div_lib.h
printf '#include "api/compute/compute_kernel_api.h"\n#include "internal/mod_div_lib.h"\nvoid kernel_main()\n{\n    PACK((llk_pack_relu_config(ReluConfig::none())));\n    PACK((llk_pack_relu_config(ReluType::ZERO_RELU)));\n    PACK((llk_pack_relu_config(ReluConfig::max_threshold(0x4000))));\n    PACK((llk_pack_reconfig_l1_acc(1)));\n    pack_relu_config(ReluConfig::zero());\n    uint32_t v = mulsi3(3, 4) + udivsi3_const_divisor<12>(25) + fast_udiv_7(8);\n    UNPACK(v += mailbox_read(ckernel::ThreadId::BriscThreadId);)\n    MATH(mailbox_write(ckernel::ThreadId::PackThreadId, v);)\n    PACK(v = ckernel::mailbox_not_empty(ckernel::ThreadId::MathThreadId);)\n    (void)v;\n}\n' >"$tmp/llkmm.cpp"
run "$cc" --risc compute -o "$tmp/llkmm" "$tmp/llkmm.cpp"
expect_rc 0 "llk_pack_relu_config, llk_pack_reconfig_l1_acc, ReluConfig, mulsi3, mailboxes"
k cbset 'get_local_cb_interface(16).fifo_page_size = 64;'
expect_rc 1 "writing fifo_page_size"
expect_err "error: 'operator=' is unavailable: not supported by tt-foil: writing a circular buffer's interface" "writing fifo_page_size"
k throttle 'matmul_block_math_dynamic_throttle(0, 1, 0, 0, 1, 1);'
expect_rc 1 "matmul_block_math_dynamic_throttle"
expect_err "'matmul_block_math_dynamic_throttle<int, int, int, int, int, int>' is unavailable: not supported by tt-foil: math-only matmul" "matmul_block_math_dynamic_throttle"
k opcode 'binary_op_specific_init(0);'
expect_rc 1 "binary_op_specific_init(op_code)"
expect_err "not supported by tt-foil: binary_op_specific_init(op_code), the 2023 form" "binary_op_specific_init(op_code)"
k tnp 'tilize_init_no_pack(0, 1);'
expect_rc 1 "tilize_init_no_pack"
expect_err "'tilize_init_no_pack<int, int>' is unavailable: not supported by tt-foil: tilize variants" "tilize_init_no_pack"
# api/compute/layernorm.h (and the older tree's): the compute API with rsqrt,
# as layernorm kernels include it
for d in api/compute compute_kernel_api; do
    printf '#include "%s/layernorm.h"\nvoid kernel_main()\n{\n    rsqrt_tile_init();\n    rsqrt_tile(0);\n}\n' "$d" >"$tmp/ln.cpp"
    run "$cc" --risc compute -o "$tmp/ln" "$tmp/ln.cpp"
    expect_rc 0 "$d/layernorm.h"
done
# names of tt-metal's 2026 api/compute that were only "undeclared identifier"
# (eltwise_unary/*.h, the binary, ternary, integer and quantization headers,
# welford.h, compute_kernel_api.h): each says why, whatever its arguments
k rdiv 'rdiv_tile_init(); rdiv_tile(0, 0x40000000u); rdiv_tile<RoundingMode::Floor>(0, 0x40000000u);'
expect_rc 0 "rdiv_tile, rdiv_tile<RoundingMode::Floor> are supported"
k mgl 'multigammaln_tile_init(); multigammaln_tile(0);'
expect_rc 1 "multigammaln_tile"
expect_err "mgl.cpp:4:5: error: 'multigammaln_tile_init<>' is unavailable: not supported by tt-foil: an SFPU op the tile engine does not model" "multigammaln_tile_init"
expect_err "error: 'multigammaln_tile<int>' is unavailable: not supported by tt-foil: an SFPU op" "multigammaln_tile"
k addrne 'add_binary_tile_init(); add_binary_tile<DstRoundingMode::NearestEven>(0, 1, 0);'
expect_rc 0 "add_binary_tile<DstRoundingMode::NearestEven> is supported"
k cmpbin 'eq_binary_tile_init(); eq_binary_tile(0, 1, 0); ge_binary_tile_init(); ge_binary_tile<false>(0, 1, 2);'
expect_rc 0 "eq/ge_binary_tile are supported"
k rpow 'rpow_tile_init(); rpow_tile(0, 0x40000000u); cbrt_tile_init(); cbrt_tile(0);'
expect_rc 0 "rpow_tile, cbrt_tile are supported"
k lnot 'logical_not_tile_init(); logical_not_tile<DataFormat::Float16_b>(0); isposinf_tile_init();'
expect_rc 0 "logical_not_tile<Float16_b>, isposinf_tile_init are supported"
k lnotint 'logical_not_tile<DataFormat::Int32>(0); rrelu_tile_init();'
expect_rc 1 "logical_not_tile<Int32>, rrelu_tile_init"
expect_err "not supported by tt-foil: logical_not_tile of this data format" "logical_not_tile<Int32>"
expect_err "error: 'rrelu_tile_init<>' is unavailable: not supported by tt-foil: an SFPU op" "rrelu_tile_init"
k mulint 'mul_int_tile_init<DataFormat::Int32>(); mul_int_tile<DataFormat::Int32>(0, 1, 2); typecast_tile<8u, 5u>(0);'
expect_rc 0 "mul_int_tile, typecast_tile<Int32, Float16_b> are supported"
k divint 'div_int32_tile_init(); div_int32_tile(0, 1, 2); div_int32_floor_tile_init(); div_int32_floor_tile(0, 1, 2); div_int32_trunc_tile_init(); div_int32_trunc_tile(0, 1, 2); fmod_int32_tile_init(); fmod_int32_tile(0, 1, 2); remainder_int32_tile_init(); remainder_int32_tile<false>(0, 1, 2);'
expect_rc 0 "div_int32(_floor/_trunc)_tile, fmod/remainder_int32_tile are supported"
k cmpint 'unary_gt_tile_init(); unary_gt_tile_int32(0, 5u); gtz_tile_init(); gtz_tile_int32(0); lt_int_tile_init<DataFormat::Int32>(); lt_int_tile<DataFormat::Int32>(0, 1, 2);'
expect_rc 0 "integer comparisons are supported"
k cmpintf 'lt_int_tile_init<DataFormat::Float32>(); lt_int_tile<DataFormat::Float32>(0, 1, 2);'
expect_rc 1 "lt_int_tile of Float32"
expect_err "takes DataFormat::Int32, UInt32 or UInt16" "lt_int_tile of Float32"
k atan2 'atan2_binary_tile_init(); atan2_binary_tile(0, 1, 0); div_binary_tile_init(); div_no_nan_binary_tile<false>(0, 1, 2); max_tile_init(); max_tile(0, 1); copy_dest_values_init(); copy_dest_values<DataFormat::Float16_b>(0, 1);'
expect_rc 0 "atan2_binary_tile, div_no_nan_binary_tile, max_tile, copy_dest_values are supported"
k csg 'clamped_silu_glu_tile_init(); clamped_silu_glu_tile(0, 1, 2); snake_beta_tile_init(); snake_beta_tile<DataFormat::Float32>(0, 1, 2, 3);'
expect_rc 0 "clamped_silu_glu_tile, snake_beta_tile are supported"
k mask 'mask_tile_init(); mask_tile(0, 1); mask_tile(2, 3, DataFormat::Int32); mask_posinf_tile(0, 1);'
expect_rc 0 "mask_tile, mask_posinf_tile are supported"
k cdv 'copy_dest_values(0, 1);'
expect_rc 0 "the untemplated copy_dest_values is supported"
expect_err "warning: 'copy_dest_values' is deprecated: Use copy_dest_values<DataFormat> instead" "the untemplated copy_dest_values is deprecated, as tt-metal's"
k cdvi 'copy_dest_values<DataFormat::Int32>(0, 1);'
expect_rc 1 "copy_dest_values of Int32"
expect_err "not supported by tt-foil: copy_dest_values of this DataFormat" "copy_dest_values of Int32"
k lerp 'lerp_tile_init(); lerp_tile<DataFormat::Float16_b>(0, 1, 2, 0); where_tile_init<false>(); where_tile<DataFormat::Float32, false>(0, 1, 2, 3); addcmul_tile_init(); addcmul_tile<DataFormat::Bfp8_b>(0, 1, 2, 0, 0x3f800000u); addcdiv_tile_init(); addcdiv_tile<DataFormat::Float16_b>(0, 1, 2, 0, 0x3f800000u);'
expect_rc 0 "lerp/where/addcmul/addcdiv_tile are supported"
k wherei 'where_tile_init(); where_tile<DataFormat::Int32>(0, 1, 2, 0);'
expect_rc 1 "where_tile on Int32"
expect_err "not supported by tt-foil: this DataFormat for a ternary SFPU op" "where_tile on Int32"
k addcdivb 'addcdiv_tile_init(); addcdiv_tile<DataFormat::Bfp8_b>(0, 1, 2, 0, 0u);'
expect_rc 1 "addcdiv_tile on Bfp8_b"
expect_err "not supported by tt-foil: this DataFormat for a ternary SFPU op" "addcdiv_tile on Bfp8_b"
k mac 'mac_tile_init<DataFormat::Float16_b>(); mac_tile<DataFormat::Float16_b>(0, 1, 2, 0);'
expect_rc 1 "mac_tile"
expect_err "error: 'mac_tile<DataFormat::Float16_b, int, int, int, int>' is unavailable: not supported by tt-foil: mac_tile (tt-metal's versions read different DEST tiles); addcmul_tile(c, a, b, odst, 0x3f800000u)" "mac_tile"
k gelupack 'gelu_tile_init_pack(); softplus_tile_init_pack(); tile_regs_wait(); gelu_tile_pack(0); softplus_tile_pack(0, 1u, 1u, 20u); tile_regs_release();'
expect_rc 0 "pack-thread SFPU ops"
k exppack 'exp_packthread_tile_init<true, 0x3f000000u, InputClamping::None>(); tile_regs_wait(); exp_packthread_tile<true, true, InputClamping::None, 8>(0, VectorMode::RC); tile_regs_release();'
expect_rc 0 "exp on the pack thread"
k quant 'quant_tile_init(0); dequant_tile(0, 1, 0);'
expect_rc 1 "quantization"
expect_err "error: 'quant_tile_init<int>' is unavailable: not supported by tt-foil: quantization (Int32, Int8 and UInt8 values in DEST" "quant_tile_init"
expect_err "error: 'dequant_tile<int, int, int>' is unavailable: not supported by tt-foil: quantization" "dequant_tile"
k welford 'welford_init(); welford_update<0>(0, 0, {}); welford_update_rows<0>(0, 32, 0, 5, {}); welford_save_state(1, 2); welford_restore_state(1, 2); welford_init<WelfordInitMode::PreserveStats>(); welford_clear(); welford_finalize_to_row<0>(1, 36, {}); welford_finalize_to_face<0>(1, 3, 36, {}); welford_finalize_to_face<0>(1, 36, {});'
expect_rc 0 "welford_init .. welford_finalize_to_face are supported"
k wreinit 'welford_reinit(0);'
expect_rc 1 "welford_reinit"
expect_err "error: 'welford_reinit<int>' is unavailable: not supported by tt-foil: welford_reinit" "welford_reinit"
k twopass 'two_pass_stats_init_shifted(); two_pass_stats_update_rows<false>(0, 0, 32); two_pass_stats_finalize_to_row(1, 0x3c000000u);'
expect_rc 1 "two_pass_stats_*"
expect_err "error: 'two_pass_stats_update_rows<false, int, int, int>' is unavailable: not supported by tt-foil: the two-pass statistics on the SFPU" "two_pass_stats_update_rows"
k dbg 'uint32_t f = get_compute_special_value_flags(); (void)f; dbg_halt();'
expect_rc 1 "debug interface and flag registers"
expect_err "error: 'get_compute_special_value_flags<>' is unavailable: not supported by tt-foil: the FPU/SFPU special-value (NaN, Inf) flag registers" "get_compute_special_value_flags"
expect_err "error: 'dbg_halt<>' is unavailable: not supported by tt-foil: halting the TRISCs" "dbg_halt"
k ftdt 'fast_tilize_init_with_dt(0, 4, 16); fast_tilize_init(0, 4, 16); fast_tilize_block(0, 4, 16); fast_tilize_uninit(0, 16); fast_tilize_uninit(0, 16, 4);'
expect_rc 0 "fast tilize (both uninits) is supported"
k ftskip 'fast_tilize_init_skip_remap(0, 4, 16);'
expect_rc 1 "fast_tilize_init_skip_remap"
expect_err "error: 'fast_tilize_init_skip_remap<int, int, int>' is unavailable: not supported by tt-foil: fast_tilize_init without the math unit's DEST remap" "fast_tilize_init_skip_remap"
k ftidx 'fast_tilize_block(0, 4, 16, 0, 0);'
expect_rc 1 "fast_tilize_block with indices"
expect_err "'fast_tilize_block' is unavailable: not supported by tt-foil: fast_tilize_block with input/output tile indices" "fast_tilize_block with indices"
# the headers of tt-metal's compute ops exist, those of ops tt-foil does not
# model too (they were "file not found" before any name was seen): a kernel
# including them all builds, and a use of an unmodeled op says why
ttm=$(cd "$(dirname "$0")/../../device/tt-metal" && pwd)
grep -rl --include='*.h' "tt-foil models none of its ops" "$ttm" | sed "s|^$ttm/||" | sort >"$tmp/unmodeled"
(cd "$ttm" && find api/compute compute_kernel_api -name '*.h' | sort) >"$tmp/stubs"
checks=$((checks + 1))
[ "$(grep -c '^api/compute/' "$tmp/stubs")" -ge 110 ] && [ "$(grep -c '^compute_kernel_api/' "$tmp/stubs")" -ge 110 ] &&
    [ "$(grep -c '^api/compute/' "$tmp/unmodeled")" -ge 15 ] && [ "$(grep -c '^compute_kernel_api/' "$tmp/unmodeled")" -ge 15 ] ||
    fail "the compute headers: $(wc -l <"$tmp/stubs") found ($(wc -l <"$tmp/unmodeled") of unmodeled ops), expected 110 or more (15 or more) in each tree"
{
    sed 's|.*|#include "&"|' "$tmp/stubs"
    printf 'void kernel_main()\n{\n}\n'
} >"$tmp/stubs.cpp"
run "$cc" --risc compute -o "$tmp/stubs" "$tmp/stubs.cpp"
expect_rc 0 "a kernel including every header of unmodeled ops"
printf '#include "api/compute/eltwise_unary/rrelu.h"\nvoid kernel_main()\n{\n    rrelu_tile_init();\n}\n' >"$tmp/rrelu.cpp"
run "$cc" --risc compute -o "$tmp/rrelu" "$tmp/rrelu.cpp"
expect_rc 1 "rrelu_tile through its own header"
expect_err "rrelu.cpp:4:5: error: 'rrelu_tile_init<>' is unavailable: not supported by tt-foil" "rrelu_tile through its own header"
# the headers of the unary ops modeled since (their float forms): a kernel
# including them all builds and calls one op of each
printf '#include "api/compute/eltwise_unary/%s.h"\n' atanh cbrt clamp comp cosh digamma elu erf_erfc erfinv \
    fmod frac hardmish hardsigmoid hardswish hardtanh i0 i1 identity isinf_isnan lgamma log1p logical_not \
    logical_not_noti logit mish prelu rdiv remainder rounding rpow selu sinh softplus softshrink softsign swish \
    tanh_derivative tanhshrink threshold >"$tmp/modeled.cpp"
printf 'void kernel_main()\n{\n    atanh_tile(0); cbrt_tile(0); clamp_tile(0, 0u, 1u); gez_tile(0); cosh_tile(0);
    digamma_tile(0); elu_tile(0, 1u); erfc_tile(0); erfinv_tile(0); fmod_tile(0, 1u, 1u); frac_tile(0);
    hardmish_tile(0); hardsigmoid_tile(0); hardswish_tile(0); hardtanh_tile(0, 0u, 1u); i0_tile(0); i1_tile(0);
    identity_tile(0); isfinite_tile(0); lgamma_tile(0); log1p_tile(0); logical_not_tile<DataFormat::Float32>(0);
    logical_not_unary_tile(0); logit_tile(0); mish_tile<false>(0); prelu_tile(0, 1u); rdiv_tile(0, 1u);
    remainder_tile(0, 1u, 1u); round_tile(0, 2); rpow_tile(0, 1u); selu_tile(0, 1u, 1u); sinh_tile(0);
    softplus_tile(0, 1u, 1u, 1u); softshrink_tile(0, 1u); softsign_tile(0); swish_tile(0);
    tanh_derivative_tile(0); tanhshrink_tile(0); threshold_tile(0, 1u, 1u);\n}\n' >>"$tmp/modeled.cpp"
run "$cc" --risc compute -o "$tmp/modeled" "$tmp/modeled.cpp"
expect_rc 0 "a kernel including every header of the modeled unary ops"
# the C compute API's names of them (C has no templates: rdiv_tile_floor for
# rdiv_tile<RoundingMode::Floor>, logical_not_tile for logical_not_tile<df>)
printf '#include "compute_api.h"\nvoid kernel_main(void)\n{\n    eqz_tile_init(); eqz_tile(0); unary_le_tile_init();
    unary_le_tile(0, 1u); isnan_tile_init(); isneginf_tile(0); logical_not_tile_init(); logical_not_tile(0);
    clamp_tile_init(); clamp_tile(0, 0u, 1u); celu_tile(0, 1u, 1u); softplus_tile(0, 1u, 1u, 1u);
    rdiv_tile_init(); rdiv_tile_floor(0, 1u); rdiv_tile_trunc(0, 1u); rounding_op_tile_init(); round_tile(0, -1);
    frac_tile(0); fmod_tile_init(1u, 1u); fmod_tile(0, 1u, 1u); gelu_derivative_tile_init(); gelu_derivative_tile(0);\n}\n' >"$tmp/cnames.c"
run "$cc" --risc compute -o "$tmp/cnames" "$tmp/cnames.c"
expect_rc 0 "the C compute API's unary op names"
# tt-metal's watcher waypoints compile to nothing, as with its watcher off
printf '#include "debug/waypoint.h"\n#include "api/compute/common.h"\nvoid kernel_main()\n{\n    WAYPOINT("UPKW");\n}\n' >"$tmp/wp.cpp"
run "$cc" --risc compute -o "$tmp/wp" "$tmp/wp.cpp"
expect_rc 0 "WAYPOINT in a compute kernel"
# a CB's tile size as a constant (tt-metal's is constexpr): the note names why
k tsize 'constexpr uint32_t b = get_tile_size(0); (void)b;'
expect_rc 1 "constexpr get_tile_size"
expect_err "note: non-constexpr function 'tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr' cannot be used in a constant expression" "constexpr get_tile_size"
# Device 2.0's CircularBuffer in a compute kernel is the compute object: the
# CB calls build, its memory pointers are refused with the reason, and the
# data-movement API does not come with it
printf '#include "api/dataflow/circular_buffer.h"\nvoid kernel_main()\n{\n    CircularBuffer cb(0);\n    cb.wait_front(1);\n    cb.pop_front(1);\n}\n' >"$tmp/cbo.cpp"
run "$cc" --risc compute -o "$tmp/cbo" "$tmp/cbo.cpp"
expect_rc 0 "CircularBuffer in a compute kernel"
printf '#include "experimental/circular_buffer.h"\nvoid kernel_main()\n{\n    experimental::CircularBuffer cb(0);\n    (void)cb.get_read_ptr();\n}\n' >"$tmp/cbp.cpp"
run "$cc" --risc compute -o "$tmp/cbp" "$tmp/cbp.cpp"
expect_rc 1 "CircularBuffer::get_read_ptr in a compute kernel"
expect_err "cbp.cpp:5:14: error: 'get_read_ptr' is unavailable: not supported by tt-foil: a compute kernel's CircularBuffer has no memory pointers" \
    "CircularBuffer::get_read_ptr in a compute kernel"
printf '#include "experimental/circular_buffer.h"\nvoid kernel_main()\n{\n    noc_async_read_barrier();\n}\n' >"$tmp/cbn.cpp"
run "$cc" --risc compute -o "$tmp/cbn" "$tmp/cbn.cpp"
expect_rc 1 "the NOC does not come with a compute kernel's CircularBuffer"
# the names of ttnn's SDPA decode compute kernel that only need to build
# (test_ttm_sdpa_names runs the others): the re-inits and the geometry
# reconfigs, both include paths of reduce_custom.h, <tuple> and <optional>
printf '%s\n' '#include "api/compute/reduce_custom.h"' '#include "compute_kernel_api/reduce_custom.h"' \
    '#include <optional>' '#include <tuple>' \
    'static std::tuple<uint32_t, uint32_t, bool> f(std::optional<uint32_t> w) { return {w.value_or(7), 2, w.has_value()}; }' \
    'void kernel_main()' '{' \
    '    reduce_block_max_row_reinit_short<2>(); reduce_block_max_row_reinit_minimal<2>();' \
    '    reduce_block_max_row_reinit_short_runtime(2); reduce_block_max_row_reinit_minimal_runtime(2);' \
    '    reduce_block_max_row_uninit<false>(0); reduce_block_max_row_uninit();' \
    '    reconfig_full_operand(0, 1); reconfig_full_operand<SrcOrder::Reverse>(0, 0, 1, 1);' \
    '    reconfig_full_operand_srca(0, 1); reconfig_full_operand_srcb(1); reconfig_full_operand_srcb(0, 1);' \
    '    reconfig_tile_shape(0, 1); reconfig_tile_shape<SrcOrder::Reverse>(0, 0, 1, 1);' \
    '    reconfig_tile_shape_srca(0); reconfig_tile_shape_srca(0, 1); reconfig_tile_shape_srcb(1); reconfig_tile_shape_srcb(0, 1);' \
    '    reconfig_data_format<SrcOrder::Reverse>(0, 0, 1, 1); reconfig_data_format(0, 1);' \
    '    auto [a, b, c] = f(std::nullopt); uint32_t x, y; std::tie(x, y, std::ignore) = std::make_tuple(a, b, c);' \
    '    (void)std::get<1>(f(3)); std::optional<uint32_t> o; o = std::nullopt; o.emplace(x + y); (void)*o;' \
    '}' >"$tmp/sdpa.cpp"
run "$cc" --risc compute -o "$tmp/sdpa" "$tmp/sdpa.cpp"
expect_rc 0 "reduce_custom.h's re-inits, reconfig_full_operand, reconfig_tile_shape, <tuple>, <optional>"
# what SDPA decode uses that stays refused: respect_trigger, the LLK-level
# face-transposing copy init
k trig 'reduce_block_max_row_init<4, true>();'
expect_rc 1 "respect_trigger"
expect_err "not supported by tt-foil: respect_trigger (the unpacker waits on a Tensix semaphore" "respect_trigger"
k llka 'UNPACK((llk_unpack_A_init<BroadcastType::NONE, false, EltwiseBinaryReuseDestType::NONE, UnpackToDestEn>(0, true, 0)));'
expect_rc 1 "llk_unpack_A_init"
expect_err "'UnpackToDestEn' is unavailable: not supported by tt-foil: LLK-level unpack/math inits (a copy with each 16x16 face transposed is not modeled)" "llk_unpack_A_init"
k llkm 'MATH((llk_math_eltwise_unary_datacopy_init<A2D, DST_ACCUM_MODE, BroadcastType::NONE, false, false>(0)));'
expect_rc 1 "llk_math_eltwise_unary_datacopy_init"
expect_err "'A2D' is unavailable: not supported by tt-foil: LLK-level unpack/math inits" "llk_math_eltwise_unary_datacopy_init"
# its own SFPU functions (SFPI, SDPA's first-column shape) build; the
# wrapper called outside MATH((...)) is a compile error saying so
printf '%s\n' '#include "api/compute/compute_kernel_api.h"' '#ifdef TRISC_MATH' \
    'void col() { for (int d = 0; d < 4; d++) { sfpi::vFloat v = sfpi::dst_reg[0];' \
    '  sfpi::dst_reg[0] = sfpi::reinterpret<sfpi::vFloat>(float_to_fp16b(v * 2.0f, 0)); sfpi::dst_reg += 2; } }' \
    'void run(uint32_t i) { _llk_math_eltwise_unary_sfpu_params_<false>(col, i, (int)VectorMode::C); }' \
    '#endif' 'void kernel_main() { MATH((run(0))); }' >"$tmp/sfpi.cpp"
run "$cc" --risc compute -o "$tmp/sfpi" "$tmp/sfpi.cpp"
expect_rc 0 "SFPI"
# tt-llk's `#pragma GCC unroll 0` (clang 14 refuses 0): built again through
# the kernel's text with the pragma made `unroll 1`; the scratch folder in
# TMPDIR is removed after, that text included
sed 's/for (int d/\n#pragma GCC unroll 0\n  for (int d/' \
    "$tmp/sfpi.cpp" >"$tmp/sfpi_u0.cpp"
mkdir "$tmp/scratch"
TMPDIR="$tmp/scratch" run "$cc" --risc compute -o "$tmp/sfpi_u0" "$tmp/sfpi_u0.cpp"
expect_rc 0 "#pragma GCC unroll 0"
checks=$((checks + 1))
[ -z "$(ls -A "$tmp/scratch")" ] || fail "tt_foil_cc left $(ls -A "$tmp/scratch") in TMPDIR after an unroll-0 build"
# its ELF names the kernel's source, as a plain compile's does: the compile
# unit and the FILE symbol (not the scratch text's name)
if command -v llvm-readelf >/dev/null && command -v llvm-dwarfdump >/dev/null; then
    checks=$((checks + 1))
    llvm-readelf -s "$tmp/sfpi_u0.trisc1.elf" | grep -q 'FILE .* sfpi_u0\.cpp$' ||
        fail "the unroll-0 build's FILE symbol: $(llvm-readelf -s "$tmp/sfpi_u0.trisc1.elf" | grep -m1 FILE)"
    checks=$((checks + 1))
    llvm-dwarfdump --debug-info "$tmp/sfpi_u0.trisc1.elf" | grep -m1 DW_AT_name | grep -qF "$tmp/sfpi_u0.cpp" ||
        fail "the unroll-0 build's compile unit: $(llvm-dwarfdump --debug-info "$tmp/sfpi_u0.trisc1.elf" | grep -m1 DW_AT_name)"
fi
# a build that fails at one TRISC's link replaces none of the set's ELFs
# (each went into place as its link succeeded: a new trisc0 beside the old
# trisc1 and trisc2 would load as one kernel)
printf '%s\n' '#include "api/compute/compute_kernel_api.h"' 'void nowhere();' \
    'void kernel_main() { MATH((nowhere())); }' >"$tmp/mathlink.cpp"
run "$cc" --risc compute -o "$tmp/set" "$tmp/sfpi.cpp"
expect_rc 0 "a compute kernel's set"
before=$(cat "$tmp"/set.trisc*.elf | cksum)
run "$cc" --risc compute -o "$tmp/set" "$tmp/mathlink.cpp"
expect_rc 1 "TRISC1's link fails"
expect_err "nowhere" "TRISC1's link fails, naming the symbol"
checks=$((checks + 1))
[ "$(cat "$tmp"/set.trisc*.elf | cksum)" = "$before" ] || fail "a failed build replaced some of the set's ELFs"
checks=$((checks + 1))
[ -z "$(ls "$tmp" | grep '\.tmp[0-9]')" ] || fail "a failed build left $(ls "$tmp" | grep '\.tmp[0-9]')"
# the forms tt-metal's SFPI code writes build: integer and double
# literals with floats, s2vFloat16b operands, sfpi_inline, integer shifts
# by a vector, -vInt, setsgn of integers, DEST values in abs/lz and
# comparisons, the programmable constants from both kinds, x += a * b
printf '%s\n' '#include "api/compute/compute_kernel_api.h"' '#ifdef TRISC_MATH' \
    'using namespace sfpi;' \
    'sfpi_inline vFloat twice(vFloat v) { return v * 2; }' \
    'void forms(int scale_bf16) {' \
    '  vFloat x = dst_reg[0], z = 0, y = s2vFloat16b(1.0f);' \
    '  x = x + 1; x = 0.5 * x; z = 0; dst_reg[0] = dst_reg[1] * 2 + 1;' \
    '  v_if (x < 0) { x = twice(x) * s2vFloat16b(scale_bf16); } v_endif;' \
    '  v_if (x < s2vFloat16b(0.25f) && dst_reg[0] < 0.0f) { x = x + s2vFloat16b(2.0f); } v_endif;' \
    '  vInt i = 3; vUInt u = vUInt(0xffff) | vUInt(0xffff) << 16; u = u << i; i = -i;' \
    '  vUInt s = setsgn(vUInt(1), 1); vInt l = lz(dst_reg[0]); vFloat a = abs(dst_reg[1]);' \
    '  vConstIntPrgm0 = 0xffu; vConstFloatPrgm1 = 2; vConstFloatPrgm2 = x;' \
    '  x += a * y; x -= a * z;' \
    '  dst_reg[2] = x + reinterpret<vFloat>(u ^ s) + int32_to_float(i + l, 0); }' \
    'void run() { _llk_math_eltwise_unary_sfpu_params_<false>(forms, 0, (int)VectorMode::RC, 0x3f80); }' \
    '#endif' 'void kernel_main() { MATH((run())); }' >"$tmp/sfpi_forms.cpp"
run "$cc" --risc compute -o "$tmp/sfpi_forms" "$tmp/sfpi_forms.cpp"
expect_rc 0 "SFPI forms"
# the lookup tables, SFPARECIP, SFPSTOCHRND's integers, the lane moves
# build in the forms tt-llk writes them (integer tables, DEST operands,
# vInt lanes); what is not modeled is a compile error saying why
printf '%s\n' '#include "api/compute/compute_kernel_api.h"' '#ifdef TRISC_MATH' \
    'using namespace sfpi;' \
    'void more() {' \
    '  vFloat x = dst_reg[0]; vUInt l0 = 0x3c1f, l1 = 0xa57e, l2 = 0x81ff;' \
    '  x = lut(x, l0, l1, l2) + lut_sign(dst_reg[1], 0x3c1f, l1, 7) + lut2(x, l0, l1, l2);' \
    '  x = lut2_sign(x, x, x, x, x, x, x) + lut2(x, l0, l1, l2, l0, l1, l2, 2);' \
    '  x = approx_recip(x) + approx_exp(dst_reg[2]);' \
    '  vUInt i = float_to_int8(x, 0) | float_to_uint8(x, 0) | float_to_int16(dst_reg[1], 0);' \
    '  i = i | float_to_uint16(x, 0) | float_to_fp16a(x, 0) | int32_to_uint8(vInt(i), 2u, 0);' \
    '  i = i | int32_to_int8(vInt(i), l0, 0) | reinterpret<vUInt>(lz_nosgn(x));' \
    '  vInt a = 1, b = 2, c = 3, d = 4; subvec_transp(a, b, c, d); vec_min_max(a, b); vFloat s = subvec_shflror1(x);' \
    '  i = subvec_shflshr1(i) + reinterpret<vUInt>(a + b + c + d);' \
    '  a = exexp(x, ExponentMode::NoDebias) + exman(x, MantissaMode::WithUnitBit) + fractional_mul(a, b);' \
    '  vec_max_min(x, s); x = copyexp(x, s) + int32_to_float(float_to_int16(x, RoundMode::Nearest), 0);' \
    '  dst_reg[3].mode<DataLayout::Default>() = s + reinterpret<vFloat>(i); }' \
    'void run() { _llk_math_eltwise_unary_sfpu_params_<false>(more, 0, (int)VectorMode::RC); }' \
    '#endif' 'void kernel_main() { MATH((run())); }' >"$tmp/sfpi_more.cpp"
run "$cc" --risc compute -o "$tmp/sfpi_more" "$tmp/sfpi_more.cpp"
expect_rc 0 "SFPI lut, approx_*, float_to_*, subvec_*"
sfpi_no() { # sfpi_no NAME STATEMENT: STATEMENT in an SFPI function fails to build
    printf '%s\n' '#include "api/compute/compute_kernel_api.h"' '#ifdef TRISC_MATH' \
        'using namespace sfpi;' "void f() { vFloat x = dst_reg[0]; $2 }" \
        'void run() { _llk_math_eltwise_unary_sfpu_params_<false>(f, 0); }' \
        '#endif' 'void kernel_main() { MATH((run())); }' >"$tmp/$1.cpp"
    run "$cc" --risc compute -o "$tmp/$1" "$tmp/$1.cpp"
    expect_rc 1 "$1"
}
sfpi_no sfpi_rand 'vInt r = sfpi::rand(); dst_reg[0] = x + int32_to_float(r, 0);'
expect_err "sfpi_rand.cpp:4:50: error: 'rand<>' is unavailable: not supported by tt-foil: sfpi::rand (the SFPU's PRNG): its values are the hardware's, nondeterministic" "sfpi::rand"
sfpi_no sfpi_lreg 'l_reg[LRegs::LReg3] = x; vFloat y = l_reg[LRegs::LReg0]; dst_reg[0] = y;'
expect_err "sfpi_lreg.cpp:4:35: error: 'l_reg' is unavailable: not supported by tt-foil: sfpi::l_reg[LRegs::LRegN] (a value pinned to a physical LREG" "sfpi::l_reg"
sfpi_no sfpi_crecip 'dst_reg[0] = approx_recip<false>(x);'
expect_err "not supported by tt-foil: approx_recip<false> (SFPARECIP's conditional reciprocal" "approx_recip<false>"
expect_err "sfpi_crecip.cpp:4:48: note: in instantiation of function template specialization 'sfpi::approx_recip<false>'" "approx_recip<false> at the use"
sfpi_no sfpi_mode 'vInt i = dst_reg[1].mode<DataLayout::SM32>(); dst_reg[0] = x + int32_to_float(i, 0);'
expect_err "not supported by tt-foil: dst_reg[n].mode<DataLayout::...>() in a layout other than Default" "dst_reg[n].mode<SM32>"
expect_err "sfpi_mode.cpp:4:55: note: in instantiation of function template specialization 'sfpi::tf_dreg::mode<sfpi::DataLayout::SM32>'" "dst_reg[n].mode<SM32> at the use"
sfpi_no sfpi_convert 'vSMag m = convert<vSMag>(dst_reg[1]); (void)m; dst_reg[0] = x;'
expect_err "sfpi_convert.cpp:4:35: error: 'vSMag' is unavailable: not supported by tt-foil: SFPI's narrow and sign-magnitude vector types and convert<T>()" "sfpi::vSMag"
expect_err "sfpi_convert.cpp:4:45: error: 'convert<sfpi::vSMag, sfpi::tf_dreg>' is unavailable: not supported by tt-foil: SFPI's narrow" "sfpi::convert"
printf '%s\n' '#include "api/compute/compute_kernel_api.h"' \
    'void col() { sfpi::dst_reg[0] = sfpi::vConst1; }' \
    'void kernel_main() { ckernel::_llk_math_eltwise_unary_sfpu_params_<false>(col, 0); }' >"$tmp/sfpi_nomath.cpp"
run "$cc" --risc compute -o "$tmp/sfpi_nomath" "$tmp/sfpi_nomath.cpp"
expect_rc 1 "SFPI outside MATH"
expect_err "an SFPU function runs on the math TRISC: call it inside MATH((...))" "SFPI outside MATH"
# an attribute only GCC (tt-metal's compiler) knows is a warning, not an
# error: ttnn's SDPA decode marks a function noinline, noclone
printf '%s\n' '#include "api/compute/common.h"' '__attribute__((noinline, noclone)) void f() {}' \
    'void kernel_main() { f(); }' >"$tmp/gccattr.cpp"
run "$cc" --risc compute -o "$tmp/gccattr" "$tmp/gccattr.cpp"
expect_rc 0 "a GCC-only attribute"
expect_err "gccattr.cpp:2:26: warning: unknown attribute 'noclone' ignored [-Wunknown-attributes]" "a GCC-only attribute"
# the compute API outside a compute kernel: the three ways to build one
# (tf_kernel_build's was not said)
printf '#include "api/compute/common.h"\nvoid kernel_main() {}\n' >"$tmp/dm2.cpp"
run "$cc" --risc brisc -o "$tmp/dm2" "$tmp/dm2.cpp"
expect_rc 1 "compute API on BRISC"
expect_err "the compute kernel API is for compute kernels: tt_foil_add_kernel(NAME RISC compute ...), tt_foil_cc --risc compute or tf_kernel_build(TF_COMPUTE)" \
    "compute API on BRISC"
# and the C kernel API's compute header says the same
printf '#include "compute_api.h"\nvoid kernel_main(void) {}\n' >"$tmp/dm3.c"
run "$cc" --risc brisc -o "$tmp/dm3" "$tmp/dm3.c"
expect_rc 1 "C compute API on BRISC"
expect_err "compute kernels are built with tt_foil_add_kernel(NAME RISC compute ...), tt_foil_cc --risc compute or tf_kernel_build(TF_COMPUTE)" \
    "C compute API on BRISC"
finish "test_tt_foil_cc_compute"
