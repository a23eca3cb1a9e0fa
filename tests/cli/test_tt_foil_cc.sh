#!/usr/bin/env bash
# tt_foil_cc from the command line: usage, exit statuses, the outputs of a
# RISC and of the compute slot, the same loaded image as the build's
# tt_foil_add_kernel, and every compile-time error a C++ kernel can meet
# (compiler diagnostics, unsupported tt-metal names and std headers,
# compile-time args out of range or unknown, a global constructor).
#   test_tt_foil_cc.sh TT_FOIL_CC TTM_KERNEL_DIR BUILD_KERNEL_DIR
cc=$1
ttm=$2
built=$3
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$OUT" "$ERR"' EXIT

run "$cc" --help
expect_rc 0 "--help"
expect_out "usage: tt_foil_cc --risc RISC" "--help"
expect_out "--compile-args" "--help documents options"
expect_out "exit status: 0 ok, 1 compile error" "--help documents exit statuses"
run_full "$cc" --help
expect_rc 1 "--help to a full disk"
expect_err "tt_foil_cc: cannot write to the standard output: No space left on device" "--help to a full disk"

run "$cc"
expect_rc 2 "no arguments"
run "$cc" --risc dsp -o "$tmp/x" "$ttm/reader_cb.cpp"
expect_rc 2 "bad risc"
expect_err "--risc: 'dsp' is not brisc, ncrisc, trisc0, trisc1, trisc2 or compute" "bad risc"
run "$cc" --risc brisc "$ttm/reader_cb.cpp"
expect_rc 2 "no -o"
run "$cc" --risc brisc --risc ncrisc -o "$tmp/x" "$ttm/reader_cb.cpp"
expect_rc 2 "--risc twice"
expect_err "--risc given twice" "--risc twice"
run "$cc" --risc brisc -o "$tmp/x" -o "$tmp/y" "$ttm/reader_cb.cpp"
expect_rc 2 "-o twice"
expect_err "-o given twice" "-o twice"
run "$cc" --risc brisc -o "$tmp/x" --compile-args 1,x "$ttm/reader_cb.cpp"
expect_rc 2 "bad compile args"
run "$cc" --risc brisc -o "$tmp/x" --bogus "$ttm/reader_cb.cpp"
expect_rc 2 "unknown option"
expect_err "unknown option '--bogus'" "unknown option"
run "$cc" --risc brisc -o "$tmp/x" "$tmp/missing.cpp"
expect_rc 2 "missing source"
expect_err "cannot read $tmp/missing.cpp" "missing source"

# a data-movement kernel: the same loaded sections and build note as the build's
# (their bytes and instructions; objdump's <label+offset> notes are left out:
# the nearest label can be one of the debug info's, whose offsets depend on
# the directory a compile ran in)
run "$cc" --risc brisc --compile-args 2048 --name ttm_loopback -o "$tmp/lb" "$ttm/loopback_dram_copy.cpp"
expect_rc 0 "compile"
checks=$((checks + 1))
[ -f "$tmp/lb.brisc.elf" ] || fail "no $tmp/lb.brisc.elf"
if command -v llvm-objdump >/dev/null; then
    checks=$((checks + 1))
    a=$(llvm-objdump -d -s -j .text -j .rodata -j .data -j .tt_foil_build "$tmp/lb.brisc.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
    b=$(llvm-objdump -d -s -j .text -j .rodata -j .data -j .tt_foil_build "$built/ttm_loopback.brisc.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
    [ "$a" = "$b" ] || fail "tt_foil_cc and tt_foil_add_kernel built different images"
fi
# the compute slot: three variants
echo 'void kernel_main() {}' >"$tmp/c.cpp"
run "$cc" --risc compute -o "$tmp/cmp" "$tmp/c.cpp"
expect_rc 0 "compute"
for t in 0 1 2; do
    checks=$((checks + 1))
    [ -f "$tmp/cmp.trisc$t.elf" ] || fail "no $tmp/cmp.trisc$t.elf"
done

# where the output goes and what compiles it, checked and said (they came
# out as "compile failed", naming the linker's temporary file, or clang's
# "error reading")
run "$cc" --risc brisc -o "$tmp/no/such/dir/x" "$ttm/reader_cb.cpp"
expect_rc 2 "-o in a folder that does not exist"
expect_err "cannot write the output $tmp/no/such/dir/x.*.elf: its folder $tmp/no/such/dir: No such file or directory; create it or choose another output name" \
    "-o in a folder that does not exist"
mkdir -p "$tmp/isdir.brisc.elf" "$tmp/src_dir.cpp"
run "$cc" --risc brisc -o "$tmp/isdir" "$ttm/reader_cb.cpp"
expect_rc 2 "-o NAME whose ELF is a directory"
expect_err "the output $tmp/isdir.brisc.elf is a directory; remove it or choose another output name" \
    "-o NAME whose ELF is a directory"
run "$cc" --risc brisc -o "$tmp/x" "$tmp/src_dir.cpp"
expect_rc 2 "a source that is a directory"
expect_err "$tmp/src_dir.cpp is a directory, not a source file" "a source that is a directory"
TT_FOIL_KERNEL_CC=/bin/true run "$cc" --risc brisc -o "$tmp/t" "$ttm/reader_cb.cpp"
expect_rc 2 "TT_FOIL_KERNEL_CC that compiles nothing"
expect_err "the compiler (/bin/true) exited 0 but linked no ELF ($tmp/t.brisc.elf): is it a compiler?" \
    "TT_FOIL_KERNEL_CC that compiles nothing"

# tt-metal's tile constants (tt-metalium/constants.hpp, as moreh and ttnn
# kernels include them), equal to the formats table's tile sizes
printf '#include "api/dataflow/dataflow_api.h"\n#include "tt-metalium/constants.hpp"\nusing namespace tt::constants;\nstatic_assert(TILE_HW == 1024 && FACE_HW == 256 && TILE_HEIGHT == 32 && FACE_WIDTH == 16);\nstatic_assert(BFLOAT8_B_TILE_HW == 1088 && BFLOAT4_B_TILE_HW == 576);\nvoid kernel_main() {}\n' >"$tmp/consts.cpp"
run "$cc" --risc brisc -o "$tmp/consts" "$tmp/consts.cpp"
expect_rc 0 "tt-metalium/constants.hpp"
# std::min / std::max without <algorithm>, as tt-metal's API headers give them
# (two ttnn kernels rely on it)
printf '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main()\n{\n    uint32_t a = get_arg_val<uint32_t>(0);\n    *(volatile uint32_t *)get_arg_val<uint32_t>(1) = std::min(a, 4u) + std::max(a, 2u);\n}\n' >"$tmp/minmax.cpp"
run "$cc" --risc brisc -o "$tmp/minmax.elf" "$tmp/minmax.cpp"
expect_rc 0 "std::min/max without <algorithm>"

# --cb-formats: the program's CB formats, so that get_tile_size is a constant
# (cb_constexpr.cpp: constexpr get_tile_size(0) / get_dataformat(0))
src_dir=$(cd "$(dirname "$0")/../.." && pwd)
cbk=$src_dir/tests/ttm/kernels/cb_constexpr.cpp
run "$cc" --risc=ncrisc --cb-formats=0:float16_b,16:6 -o "$tmp/cbf" "$cbk"
expect_rc 0 "--cb-formats by name (any case) and number (and --opt=value)"
checks=$((checks + 1))
[ -f "$tmp/cbf.ncrisc.elf" ] || fail "--risc=ncrisc: no $tmp/cbf.ncrisc.elf"
run "$cc" --help=yes
expect_rc 2 "--help=yes"
expect_err "--help takes no value" "--help=yes"
run "$cc" --risc ncrisc -o "$tmp/cbf" "$cbk"
expect_rc 1 "constexpr get_tile_size without --cb-formats"
expect_err "tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr" "the reason, in the note"
run "$cc" --risc ncrisc --cb-formats 1:Float16_b -o "$tmp/cbf" "$cbk"
expect_rc 1 "constexpr get_tile_size of a CB not given"
expect_err "tt_foil_get_tile_size_of_a_cb_whose_format_the_build_was_not_given" "CB 0 not given"
run "$cc" --risc ncrisc --cb-formats 1:Float32 --cb-formats 0:Float16_b -o "$tmp/cbf" "$cbk"
expect_rc 0 "--cb-formats given twice: they add up"
run "$cc" --risc ncrisc --cb-formats 0:Float16_b,1:5 --cb-formats 0:Float32 -o "$tmp/cbf" "$cbk"
expect_rc 2 "--cb-formats: one CB, two formats"
expect_err "--cb-formats: CB 0 given two formats (5 and 0)" "one CB, two formats"
run "$cc" --risc ncrisc --cb-formats 0:Float17 -o "$tmp/cbf" "$cbk"
expect_rc 2 "--cb-formats: not a format"
expect_err "--cb-formats: 'Float17' (CB 0) is not a data format: Float32 (0)" "the formats listed"
run "$cc" --risc ncrisc --cb-formats 32:5 -o "$tmp/cbf" "$cbk"
expect_rc 2 "--cb-formats: CB 32"
expect_err "with ID a circular buffer 0..31" "CB id range"
run "$cc" --risc brisc --cb-formats 0:5 -o "$tmp/cbf" "$src_dir/tests/kernels/add_two.c"
expect_rc 2 "--cb-formats on a C kernel"
expect_err "cb_formats are for C++ (tt-metal) kernels" "C kernel"

# the CB descriptor arrays (tt-metal's generated chlkc_descriptors.h, from
# the same formats): constants with --cb-formats, tt-metal's values (0xff
# and a 1088-byte tile where none is given), the unpacker's and the packer's
cat >"$tmp/cbdesc.cpp" <<'END'
#include "api/compute/common.h"
#include "chlkc_descriptors.h"
#include "chlkc_pack_data_format.h"
#include "chlkc_pack_tile_dims.h"
#include "chlkc_unpack_data_format.h"
#include "chlkc_unpack_tile_dims.h"
#if !defined(TRISC_PACK) && !defined(NO_UNPACK)
static_assert(std::integral_constant<std::int32_t, unpack_src_format[0]>::value == 5 &&
                  unpack_dst_format[1] == 5 && unpack_dst_format[2] == 6 &&
                  unpack_src_format[3] == 0xff && unpack_tile_size[0] == 2048 &&
                  unpack_tile_size[2] == 1088 && unpack_tile_size[3] == 1088 &&
                  unpack_tile_num_faces[0] == 4 && unpack_tile_face_r_dim[0] == 16 &&
                  unpack_tile_r_dim[0] == 32 && unpack_tile_c_dim[0] == 32 &&
                  !unpack_partial_face[0] && !unpack_narrow_tile[0] &&
                  sizeof unpack_src_format == 32 * sizeof(std::int32_t),
              "unpack");
#elif defined(TRISC_PACK)
static_assert(pack_src_format[1] == 5 && pack_dst_format[1] == 0 && pack_src_format[2] == 6 &&
                  pack_dst_format[3] == 0xff && pack_tile_size[1] == 4096 &&
                  unpack_src_format[2] == 6,
              "pack");
#endif
void kernel_main() {}
END
run "$cc" --risc compute --cb-formats 0:Float16_b,1:Float32,2:Bfp8_b -o "$tmp/cbd" "$tmp/cbdesc.cpp"
expect_rc 0 "CB descriptors: constants with --cb-formats"
run "$cc" --risc compute --fp32-dest-acc on --cb-formats 0:Float16_b,1:Float32,2:Bfp8_b \
    -o "$tmp/cbd" "$tmp/cbdesc.cpp"
expect_rc 1 "CB descriptors: a Float32 CB with an fp32 DEST unpacks to Tf32, packs from Float32"
expect_err "unpack_dst_format[1] == 5" "the unpacker's Float32 CB, fp32 DEST"
run "$cc" --risc compute --fp32-dest-acc on --cb-formats 0:Float16_b,1:Float32,2:Bfp8_b \
    -DNO_UNPACK -o "$tmp/cbd" "$tmp/cbdesc.cpp"
expect_rc 1 "CB descriptors: a Float32 CB with an fp32 DEST packs from Float32"
expect_err "pack_src_format[1] == 5" "the packer's Float32 CB, fp32 DEST"
run "$cc" --risc compute -o "$tmp/cbd" "$tmp/cbdesc.cpp"
expect_rc 1 "CB descriptors as constants without --cb-formats"
expect_err "tt_foil_unpack_src_format_needs_the_build_given_the_cb_formats" "the reason, in the note"
run "$cc" --risc compute -DNO_UNPACK -o "$tmp/cbd" "$tmp/cbdesc.cpp"
expect_rc 1 "the packer's CB descriptors as constants without --cb-formats"
expect_err "tt_foil_pack_src_format_needs_the_build_given_the_cb_formats" "the packer's, in its note"
# ... read at run time without them: the error, with the reason
cat >"$tmp/cbdesc_rt.cpp" <<'END'
#include "api/compute/common.h"
void kernel_main()
{
    uint32_t cb = get_arg_val<uint32_t>(0);
    UNPACK(if (unpack_dst_format[cb] == 5) DPRINT << "fp16b" << ENDL());
}
END
run "$cc" --risc compute -o "$tmp/cbd" "$tmp/cbdesc_rt.cpp"
expect_rc 1 "CB descriptors read at run time without --cb-formats"
expect_err "unpack_dst_format[cb]: tt-foil knows the CB descriptors only when the build is given the program's CB formats: tt_foil_cc --cb-formats" "the run-time use's reason"
run "$cc" --risc compute --cb-formats 0:Float16_b -o "$tmp/cbd" "$tmp/cbdesc_rt.cpp"
expect_rc 0 "CB descriptors read at run time with --cb-formats"
# ... mentioned where nothing is compiled (a template not instantiated, a
# discarded if constexpr, an unused inline function): no error without them
cat >"$tmp/cbdesc_mention.cpp" <<'END'
#include "api/compute/common.h"
template <uint32_t a, uint32_t b> constexpr bool alike()
{
    return unpack_src_format[a] == unpack_src_format[b]; // (every TRISC has this one)
}
inline bool fp32(uint32_t cb) { return unpack_src_format[cb] == 0; }
template <bool check> bool maybe()
{
    if constexpr (check) return alike<0, 1>();
    return false;
}
void kernel_main() { (void)maybe<false>(); }
END
run "$cc" --risc compute -o "$tmp/cbd" "$tmp/cbdesc_mention.cpp"
expect_rc 0 "CB descriptors mentioned, never compiled, without --cb-formats"
printf '#include "chlkc_descriptors.h"\nvoid kernel_main() {}\n' >"$tmp/cbdesc_dm.cpp"
run "$cc" --risc brisc -o "$tmp/cbd" "$tmp/cbdesc_dm.cpp"
expect_rc 1 "chlkc_descriptors.h in a data-movement kernel"
expect_err "the compute kernel API is for compute kernels" "chlkc_*.h: compute kernels'"

# compile errors: exit 1 and the compiler's file:line diagnostics
printf 'void kernel_main()\n{\n    int x = ;\n}\n' >"$tmp/bad.cpp"
run "$cc" --risc brisc -o "$tmp/bad" "$tmp/bad.cpp"
expect_rc 1 "syntax error"
expect_err "$tmp/bad.cpp:3:13: error: expected expression" "syntax error diagnostics"
printf 'void kernel_main()\n{\n    uint32_t x = get_compile_time_arg_val(2);\n    (void)x;\n}\n' >"$tmp/cta.cpp"
run "$cc" --risc ncrisc --compile-args 7,8 -o "$tmp/cta" "$tmp/cta.cpp"
expect_rc 1 "compile-time arg out of range"
expect_err "get_compile_time_arg_val: index out of range" "compile-time arg out of range"
printf 'void kernel_main()\n{\n    constexpr uint32_t n = get_named_compile_time_arg_val("nope");\n    (void)n;\n}\n' >"$tmp/named.cpp"
run "$cc" --risc brisc --named-arg num_tiles=4 -o "$tmp/named" "$tmp/named.cpp"
expect_rc 1 "unknown named arg"
expect_err "tf_named_compile_time_arg_not_found" "unknown named arg names the check"
# refused SRC WANT WHAT: a BRISC kernel of source SRC (printf's escapes)
# does not compile, and the error says WANT
refused() {
    printf "$1" >"$tmp/refused.cpp"
    run "$cc" --risc brisc -o "$tmp/refused" "$tmp/refused.cpp"
    expect_rc 1 "$3"
    expect_err "$2" "$3"
}
refused '#include "experimental/circular_buffer.h"\nvoid kernel_main()\n{\n    experimental::CircularBuffer cb(0);\n    (void)cb.read_tile_value(0, 1);\n}\n' \
    "refused.cpp:5:14: error: 'read_tile_value' is unavailable: not supported by tt-foil: CircularBuffer::read_tile_value" \
    "unsupported member of a Device 2.0 object"
refused '#include "debug/dprint.h"\nvoid kernel_main()\n{\n    DPRINT << U32_ARRAY(0, 4) << ENDL();\n}\n' \
    "not supported by tt-foil: U32_ARRAY: print the words in a loop" "unsupported function"
refused '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main()\n{\n    const std::tuple<> a;\n    auto t = make_tensor_accessor_tuple(a, 1, 1, 0, 1);\n}\n' \
    "not supported by tt-foil: make_tensor_accessor_tuple with run-time page sizes" "mid-2025 accessor tuple"
refused '#include <string>\nvoid kernel_main() {}\n' \
    "<string> is not supported by tt-foil device kernels" "unsupported std header"
refused '#include <vector>\nvoid kernel_main()\n{\n    std::vector<int> v;\n}\n' \
    "std::vector is not supported by tt-foil device kernels (no heap on the device): use a fixed-size array" \
    "a use of std::vector"
refused '#include <cstdio>\nvoid kernel_main()\n{\n    std::printf("%%d", 1);\n}\n' \
    "refused.cpp:4:10: error: 'printf' is unavailable: not supported by tt-foil: printf (no OS on the device): print with DPRINT" \
    "a use of printf"
refused '#include <stdio.h>\nvoid kernel_main()\n{\n    char b[8];\n    snprintf(b, 8, "x");\n}\n' \
    "'snprintf' is unavailable: not supported by tt-foil: snprintf" "a use of snprintf"
# ... which ttnn kernels include without using: they build, and so does a
# macro that expands to `defined` (ttnn's legacy binary kernels: a warning,
# as GCC's -Wall gives none)
printf '#include <vector>\n#include <cstdio>\n#include <stdio.h>\n#include <sys/types.h>\n#include "api/dataflow/dataflow_api.h"\n#define BOTH defined A || defined B\n#if BOTH\n#error no\n#endif\nvoid kernel_main()\n{\n    ssize_t n = (ssize_t)get_arg_val<uint32_t>(0);\n    (void)n;\n}\n' >"$tmp/inc.cpp"
run "$cc" --risc brisc -o "$tmp/inc" "$tmp/inc.cpp"
expect_rc 0 "<vector>, <cstdio>, <stdio.h>, <sys/types.h> included, unused; a macro expanding to defined"
# a kernel whose name is longer than its build note's 63 bytes (ttnn's
# conv2d writer_tiled_out_1d_mcast_sender_conv_weights_tiled_col_to_rm_blocks:
# it failed with "initializer-string for char array is too long"): the
# note holds its start and its end
long=writer_tiled_out_1d_mcast_sender_conv_weights_tiled_col_to_rm_blocks
printf '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main() {}\n' >"$tmp/$long.cpp"
run "$cc" --risc brisc -o "$tmp/long" "$tmp/$long.cpp"
expect_rc 0 "a 68-byte kernel name"
checks=$((checks + 1))
grep -aq 'writer_tiled_out_1d_mcast_send\.\._weights_tiled_col_to_rm_blocks' "$tmp/long.brisc.elf" ||
    fail "the build note lacks the shortened name"
# kernel_lib's activation kinds, with tt-metal's values
printf '#include "ttnn/cpp/ttnn/kernel_lib/activation_types.hpp"\nusing namespace compute_kernel_lib;\nstatic_assert((uint32_t)KernelActivation::NONE == 0 && (uint32_t)KernelActivation::SILU == 4 && (uint32_t)KernelActivation::RECIP == 16 && (uint32_t)ActivationThread::Pack == 1, "values");\nvoid kernel_main() {}\n' >"$tmp/act.cpp"
run "$cc" --risc compute -o "$tmp/act" "$tmp/act.cpp"
expect_rc 0 "kernel_lib/activation_types.hpp"
# DEVICE_PRINT's fields against its arguments, and a format spec
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{} {}\\n", 1);\n}\n' \
    "DEVICE_PRINT: the format's {} fields and the arguments differ in number" "DEVICE_PRINT count"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:f}\\n", 1);\n}\n' \
    "DEVICE_PRINT: a field's format spec does not fit its argument" "DEVICE_PRINT spec type"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:.2}\\n", 7);\n}\n' \
    "DEVICE_PRINT: a field's format spec does not fit its argument" "DEVICE_PRINT precision of an integer"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:+}\\n", \"s\");\n}\n' \
    "DEVICE_PRINT: a field's format spec does not fit its argument" "DEVICE_PRINT sign of a string"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:+}\\n", 5u);\n}\n' \
    "DEVICE_PRINT: a field's format spec does not fit its argument" "DEVICE_PRINT sign of an unsigned"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:+d}\\n", true);\n}\n' \
    "DEVICE_PRINT: a field's format spec does not fit its argument" "DEVICE_PRINT sign of a bool"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:#}\\n", 1.0f);\n}\n' \
    "and takes # only with a type" "DEVICE_PRINT # of a float without a type"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:{}}\\n", 1, 2);\n}\n' \
    "DEVICE_PRINT: a field fmt (or tt-foil) cannot read" "DEVICE_PRINT nested width"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("a { b\\n");\n}\n' \
    "DEVICE_PRINT: a field fmt (or tt-foil) cannot read" "DEVICE_PRINT lone {"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("a } b\\n");\n}\n' \
    "DEVICE_PRINT: a lone } in the format" "DEVICE_PRINT lone }"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{0} {}\\n", 1, 2);\n}\n' \
    "DEVICE_PRINT: numbered ({0}) and automatic ({}) fields in one format" "DEVICE_PRINT mixed fields"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{1}\\n", 1);\n}\n' \
    "DEVICE_PRINT: a field's index is past the last argument" "DEVICE_PRINT index"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{1}\\n", 1, 2);\n}\n' \
    "DEVICE_PRINT: with numbered fields every argument must be printed" "DEVICE_PRINT unused argument"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:^8}\\n", 1.5f);\n}\n' \
    "DEVICE_PRINT: tt-foil pads a float's field with spaces or zeros" "DEVICE_PRINT centred float"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:*>8}\\n", 1.5f);\n}\n' \
    "DEVICE_PRINT: tt-foil pads a float's field with spaces or zeros" "DEVICE_PRINT filled float"
refused '#include "api/debug/device_print.h"\nvoid kernel_main()\n{\n    DEVICE_PRINT("{:x}\\n", HEX());\n}\n' \
    "DEVICE_PRINT: this argument (a TileSlice, a CB field, BF16/F32/U32) takes a plain {} field" "DEVICE_PRINT spec of a DPRINT wrapper"
# isclose's other form: its tolerances from the defines
printf '#include "api/compute/isclose.h"\nvoid kernel_main()\n{\n    isclose_binary_tile_init();\n    isclose_binary_tile<true>(0, 1, 2);\n}\n' >"$tmp/iscl.cpp"
run "$cc" --risc compute -DISCLOSE_RTOL_VAL=1e-5f -DISCLOSE_ATOL_VAL=1e-8f -o "$tmp/iscl" "$tmp/iscl.cpp"
expect_rc 0 "isclose_binary_tile<EQUAL_NAN>(idst0, idst1, odst)"
# older and newer compute names (names_2026.cpp in test_ttm_compute_state
# runs the binary inits and 2-argument SFPU ops): these build
printf '#include "api/compute/softmax.h"\n#include "api/compute/reduce.h"\n#include "api/compute/tilize.h"\n#include "debug/assert.h"\n#include "ckernel.h"\nvoid kernel_main()\n{\n    ASSERT(get_arg_val<uint32_t>(0) == 0);\n    ASSERT(only_in_the_watcher_build<1, 2>() == 0);\n    reduce_revert_delta<ReduceDim::REDUCE_ROW>(16);\n    reduce_revert_delta<>();\n    tilize_uninit_with_dt();\n    math_reconfig_data_format_srcb(1);\n    exp_tile_init();\n    recip_tile_init();\n}\n' >"$tmp/names.cpp"
run "$cc" --risc compute -o "$tmp/names" "$tmp/names.cpp"
expect_rc 0 "softmax.h, reduce_revert_delta<dim>, tilize_uninit_with_dt(), math_reconfig_*, ASSERT, ckernel.h"
refused 'struct S { S() { *(volatile int *)0x100000 = 1; } };\nS s;\nvoid kernel_main() {}\n' \
    "has a constructor or destructor that would have to run outside kernel_main" "global ctor"
refused 'struct D { int v; ~D() { v = 0; } };\nvoid kernel_main()\n{\n    static D d{3};\n    (void)d;\n}\n' \
    "a function-local static object has a destructor, which would have to run at exit" \
    "function-local static dtor"
refused 'void kernel_main()\n{\n    int *p = new int;\n    *p = 1;\n}\n' \
    "refused.cpp:3:14: error: 'operator new' is unavailable: operator new is not supported by tt-foil device kernels (no heap)" \
    "operator new"
refused 'void kernel_main()\n{\n    uint32_t n = NUM_DRAM_BANKS;\n    (void)n;\n}\n' \
    "'NUM_DRAM_BANKS' is unavailable: not supported by tt-foil: the DRAM bank count" \
    "a fixed chip's constant"
refused 'void kernel_main()\n{\n    noc_async_read_partial_page(0, 0, 0, 0);\n}\n' \
    "not supported by tt-foil: part of an interleaved page" "partial page"
# the RISC mailboxes: BRISC writes the TRISCs' (ttnn's matmul readers);
# NCRISC has none
printf '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main()\n{\n    ckernel::mailbox_write(ckernel::ThreadId::UnpackThreadId, 1);\n    (void)ckernel::mailbox_read(ckernel::ThreadId::MathThreadId);\n}\n' >"$tmp/mbox.cpp"
run "$cc" --risc brisc -o "$tmp/mbox" "$tmp/mbox.cpp"
expect_rc 0 "BRISC's mailboxes"
run "$cc" --risc ncrisc -o "$tmp/mbox" "$tmp/mbox.cpp"
expect_rc 1 "NCRISC's mailboxes"
expect_err "mbox.cpp:4:14: error: 'mailbox_write' is unavailable: not supported by tt-foil: NCRISC has no mailboxes" "NCRISC's mailboxes"
# more tt-metal names tt-foil does not provide (they were "undeclared
# identifier", one with a misleading suggestion, or "no member named"): one
# error, at the use, naming tt-foil and why. CODE|WANT: a BRISC kernel of
# TensorAccessorArgs 2,2048 whose kernel_main is CODE
ta='constexpr auto args = TensorAccessorArgs<0>(); const auto s = TensorAccessor(args, 0x1000, 2048);'
while IFS='|' read -r code want; do
    printf '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main()\n{\n    %s\n}\n' "$code" >"$tmp/named.cpp"
    run "$cc" --risc brisc --compile-args 2,2048 -o "$tmp/named" "$tmp/named.cpp"
    expect_rc 1 "$code"
    expect_err "named.cpp:4:" "$code: at the use"
    expect_err "$want" "$code"
    expect_err "1 error generated" "$code: one error"
done <<NAMES
get_system_memory_noc_addr(0u, 0u);|is unavailable: not supported by tt-foil: host (PCIe) memory over the NOC
noc_inline_dw_write_set_state(get_noc_addr(0x70000));|is unavailable: not supported by tt-foil: stateful inline (register) NOC writes
noc_inline_dw_write_with_state(5u);|'noc_inline_dw_write_with_state<unsigned int>' is unavailable: not supported by tt-foil: stateful inline (register) NOC writes
ncrisc_noc_fast_write_any_len(noc_index, 0, 0x70000, 0ull, 16u);|is unavailable: not supported by tt-foil: the NOC's internals: use noc_async_write
noc_fast_atomic_increment(noc_index, 0, 0ull, 1u, 31u, false);|is unavailable: not supported by tt-foil: the NOC's internals: use noc_semaphore_inc
(void)get_cb_tiles_received_ptr(0)[0];|is unavailable: not supported by tt-foil: circular-buffer internals: use cb_pages_available_at_front
(void)get_cb_tiles_acked_ptr(0)[0];|is unavailable: not supported by tt-foil: circular-buffer internals: use cb_pages_reservable_at_back
get_local_cb_interface(0).fifo_rd_ptr += 64;|'operator+=' is unavailable: not supported by tt-foil: writing a circular buffer's interface (get_local_cb_interface is read-only here
LocalCBInterface &i = get_local_cb_interface(1); i.fifo_wr_ptr = i.fifo_rd_ptr;|'operator=' is unavailable: not supported by tt-foil: writing a circular buffer's interface
get_local_cb_interface(2) = get_local_cb_interface(3);|'operator=' is unavailable: not supported by tt-foil: writing a circular buffer's interface
(void)get_local_cb_interface(0).tiles_received;|'tiles_received' is unavailable: not supported by tt-foil: circular-buffer internals
$ta (void)s.get_shard_noc_addr(0);|not supported by tt-foil: get_shard_noc_addr (sharded tensors: this accessor is interleaved)
$ta (void)s.is_local_page(0);|not supported by tt-foil: is_local_page (sharded tensors: this accessor is interleaved)
$ta (void)s.is_local_shard(0);|not supported by tt-foil: is_local_shard (sharded tensors: this accessor is interleaved)
$ta for (auto p : s.shard_pages(0)) (void)p;|not supported by tt-foil: shard_pages (sharded tensors: this accessor is interleaved)
$ta for (auto p : s.strided_pages(8)) (void)p;|'strided_pages' is unavailable: not supported by tt-foil: strided_pages (data-movement threads
NAMES
# Device 2.0 kernels (tt-metal's experimental/*.h): the objects build, used
# as ttnn's kernels use them; what tt-foil does not provide of them is one
# error naming the reason, with the kernel's line (at the use, or in the
# note of the instantiation it asked for). CODE|WANT: kernel_main is the
# objects below, then CODE; an empty WANT: it builds
d2objs='experimental::Noc noc; experimental::Noc noc1(1); experimental::CircularBuffer cb(tt::CBIndex::c_0); experimental::Semaphore<> sem(0); experimental::UnicastEndpoint ep; experimental::MulticastEndpoint mc; experimental::CoreLocalMem<uint32_t> mem(get_arg_val<uint32_t>(0)); experimental::AllocatorBank<experimental::AllocatorBankType::DRAM> bank; const auto s = TensorAccessor(TensorAccessorArgs<0>(), 0x1000, 2048);'
while IFS='|' read -r code want; do
    printf '#include "api/dataflow/dataflow_api.h"\n#include "experimental/circular_buffer.h"\n#include "experimental/core_local_mem.h"\n#include "experimental/endpoints.h"\n#include "experimental/noc.h"\n#include "experimental/noc_semaphore.h"\n#include "experimental/tensor.h"\nvoid kernel_main()\n{\n    %s\n    %s\n}\n' "$d2objs" "$code" >"$tmp/dev2.cpp"
    run "$cc" --risc brisc --compile-args 2,2048 -o "$tmp/dev2" "$tmp/dev2.cpp"
    if [ -z "$want" ]; then
        expect_rc 0 "$code"
        continue
    fi
    expect_rc 1 "$code"
    expect_err "dev2.cpp:11:" "$code: the kernel's line"
    expect_err "$want" "$code"
    expect_err "1 error generated" "$code: one error"
done <<DEV2
cb.reserve_back(2); noc.async_read(s, cb, 2048, {.page_id = 3}, {.offset_bytes = 0}); noc.async_read(s, cb, 2048, {.page_id = 4}, {.offset_bytes = 2048}); noc.async_read_barrier(); cb.push_back(2);|
cb.wait_front(1); noc1.async_write(cb, s, 2048, {}, {.page_id = 0}); noc1.async_writes_flushed(); cb.pop_front(1); noc1.async_write_barrier(); noc.async_full_barrier(); noc.async_atomic_barrier();|
noc.async_write(mem, ep, 64, {.offset_bytes = 16}, {.noc_x = 1, .noc_y = 2, .addr = 0x40000}); noc.async_read(bank, mem, 64, {.bank_id = 1, .addr = 0x1000}, {}); sem.up(noc, 1, 2, 1); sem.down(1); sem.wait(0); sem.wait_min(0); sem.set(3); sem.set_multicast(noc, 1, 1, 2, 2, 4);|
noc.async_write_multicast<experimental::Noc::McastMode::INCLUDE_SRC>(experimental::use<experimental::CircularBuffer::AddrSelector::READ_PTR>(cb), mc, 64, 4, {}, {.noc_x_start = 1, .noc_y_start = 1, .noc_x_end = 2, .noc_y_end = 2, .addr = 0x40000}); for (const auto &p : s.pages(0, 2)) noc.async_read(p, mem, 2048, {}, {});|
noc.inline_dw_write(ep, 5u, {.noc_x = 1, .noc_y = 1, .addr = 0x40000});|not supported by tt-foil: Noc::inline_dw_write (inline (register) NOC writes): write the word to L1 and async_write it
noc.inline_dw_write<experimental::Noc::TxnIdMode::DISABLED, InlineWriteDst::L1>(ep, 5u, {.noc_x = 1, .noc_y = 1, .addr = 0x40000});|not supported by tt-foil: Noc::inline_dw_write (inline (register) NOC writes)
sem.inc_multicast(noc, 1, 1, 2, 2, 1, 4); noc.async_atomic_barrier();|
(void)cb.get_tile_address(0);|'get_tile_address' is unavailable: not supported by tt-foil: CircularBuffer::get_tile_address (reading CB memory from a TRISC)
(void)cb.read_tile_value(0, 1);|'read_tile_value' is unavailable: not supported by tt-foil: CircularBuffer::read_tile_value
noc.async_read<experimental::Noc::TxnIdMode::ENABLED, NOC_MAX_BURST_SIZE>(s, cb, 64, {.page_id = 0}, {}, NOC_UNICAST_WRITE_VC, 3); noc.async_write<experimental::Noc::TxnIdMode::ENABLED>(cb, s, 64, {}, {.page_id = 0}, NOC_UNICAST_WRITE_VC, 4); noc.async_read_barrier<experimental::Noc::BarrierMode::TXN_ID>(3); noc.async_writes_flushed<experimental::Noc::ResponseMode::NON_POSTED, experimental::Noc::BarrierMode::TXN_ID>(4); noc.async_write_barrier<experimental::Noc::BarrierMode::TXN_ID>(4);|
noc.async_read<experimental::Noc::TxnIdMode::ENABLED>(s, cb, 64, {.page_id = 0}, {}, NOC_UNICAST_WRITE_VC, 3);|TxnIdMode::ENABLED reads are one-packet reads (max_page_size <= NOC_MAX_BURST_SIZE), as in tt-metal
noc.async_writes_flushed<experimental::Noc::ResponseMode::POSTED, experimental::Noc::BarrierMode::TXN_ID>(3);|posted writes' flush takes no transaction id (as in tt-metal)
const InterleavedAddrGen<true> g = {.bank_base_address = 0, .page_size = 64}; noc.async_read(g, cb, 64, {}, {});|not supported by tt-foil: a Noc source or destination of this type
noc.async_write(cb, cb, 64, {}, {});|this source or destination is in this core's L1: it is the L1 end of a transfer
noc.async_write(mem, bank, 64, {}, {.bank_id = 0, .addr = 0x1000}); noc.async_read(bank, bank, 64, {.bank_id = 0, .addr = 0x1000}, {.bank_id = 0, .addr = 0x1000});|this source or destination is a NOC address: it is the far end of a transfer
noc.async_write_multicast(mem, mem, 64, 1, {}, {});|a CoreLocalMem is no multicast destination (as in tt-metal): use a MulticastEndpoint
experimental::Semaphore<ProgrammableCoreType::ACTIVE_ETH> e(0);|get_semaphore: only Tensix semaphores are supported by tt-foil (no Ethernet cores)
DEV2
# 2026's top-level Device 2.0 objects (api/dataflow/noc.h, dataflow_buffer.h,
# api/tensor/noc_traits.h, endpoints.h, core_local_mem.h, circular_buffer.h):
# they build, used as the newest ttnn kernels use them; what tt-foil does not
# provide of them is one error naming the reason, with the kernel's line.
# CODE|WANT: kernel_main is the objects below, then CODE; an empty WANT: it
# builds
n26objs='Noc noc; DataflowBuffer dfb(0); DataflowBuffer dfb1(DFBBindingToken(1)); CircularBuffer cb(2); UnicastEndpoint ep; MulticastEndpoint mc; CoreLocalMem<uint32_t> mem(get_arg_val<uint32_t>(0)); AllocatorBank<AllocatorBankType::DRAM> bank; const auto s = TensorAccessor(TensorAccessorArgs<0>(), 0x1000, 2048); constexpr NocOptions posted_vc = NocOptions::POSTED | NocOptions::CUSTOM_VC;'
while IFS='|' read -r code want; do
    printf '#include "api/dataflow/dataflow_api.h"\n#include "api/dataflow/noc.h"\n#include "api/dataflow/dataflow_buffer.h"\n#include "api/dataflow/circular_buffer.h"\n#include "api/dataflow/endpoints.h"\n#include "api/core_local_mem.h"\n#include "api/tensor/noc_traits.h"\nvoid kernel_main()\n{\n    %s\n    %s\n}\n' "$n26objs" "$code" >"$tmp/new.cpp"
    run "$cc" --risc brisc --compile-args 2,2048 -o "$tmp/new" "$tmp/new.cpp"
    if [ -z "$want" ]; then
        expect_rc 0 "$code"
        continue
    fi
    expect_rc 1 "$code"
    expect_err "new.cpp:11:" "$code: the kernel's line"
    expect_err "$want" "$code"
    expect_err "1 error generated" "$code: one error"
done <<NEWHDR
cb_reserve_back(0, 1); noc_async_read(get_noc_addr(get_write_ptr(0)), get_write_ptr(0) + 64, 16); noc_async_read_barrier(); cb_push_back(0, 1);|
dfb.reserve_back(2); noc.async_read(s, dfb, dfb.get_entry_size(), {.page_id = 3}, {}); noc.async_read<NocOptions::CUSTOM_VC>(s, dfb, 2048, {.page_id = 4}, {.offset_bytes = 2048}, {.vc = 1}); noc.async_read_barrier(); dfb.push_back(2);|
dfb.wait_front(1); noc.async_write(dfb, s, 2048, {}, {.page_id = 0}); noc.async_writes_flushed(); noc.async_write<posted_vc>(dfb, s, 64, {}, {.page_id = 1}, {.vc = 2}); noc.async_writes_flushed<NocOptions::POSTED>(); dfb.pop_front(1); dfb.write_barrier(noc); dfb.finish(); noc.async_full_barrier(); noc.async_atomic_barrier();|
noc.async_write_multicast<NocOptions::MCAST_INCL_SRC>(use<CircularBuffer::AddrSelector::READ_PTR>(cb), dfb1, 64, 4, {}, {.noc_x_start = 1, .noc_y_start = 1, .noc_x_end = 2, .noc_y_end = 2}); noc.async_write_multicast(mem, mc, 64, 4, {}, {.noc_x_start = 1, .noc_y_start = 1, .noc_x_end = 2, .noc_y_end = 2, .addr = 0x40000}); noc.async_write(mem, ep, 64, {.offset_bytes = 16}, {.noc_x = 1, .noc_y = 2, .addr = 0x40000}); noc.async_read(bank, cb, 64, {.bank_id = 1, .addr = 0x1000}, {}); for (const auto &p : s.pages(0, 2)) noc.async_read(p, mem, 2048, {}, {});|
noc.set_async_read_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(s, 64, {.page_id = 1}); noc.async_read_with_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(s, dfb, 64, {.page_id = 1}, {}); noc.set_async_write_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(ep, 64, {.noc_x = 1, .noc_y = 1, .addr = 0x40000}); noc.async_write_with_state<NocOptions::DEFAULT, NOC_MAX_BURST_SIZE>(dfb, ep, 64, {}, {.noc_x = 1, .noc_y = 1, .addr = 0x40000});|
{ auto l = dfb.scoped_write_lock(); l.get_ptr<uint32_t>()[0] = 1; } { auto r = dfb.scoped_read_lock(2); (void)r.get_ptr<uint16_t>()[1]; } noc.async_write_zeros(dfb, 4096); noc.write_zeros_l1_barrier(); noc.async_write_zeros(s, 2048, {.page_id = 2}, dfb); noc.write_zeros_dram_barrier(); (void)(dfb.get_id() + dfb.get_total_num_entries() + dfb.get_total_size_bytes() + dfb.get_tile_size() + dfb.pages_available_at_front(1) + dfb.get_ring_span_bytes());|
noc.async_read<NocOptions::TXN_ID>(s, dfb, 64, {.page_id = 0}, {}, {.trid = 3}); noc.async_write<NocOptions::TXN_ID>(dfb, s, 64, {}, {.page_id = 0}, {.trid = 4}); noc.async_write_barrier<NocOptions::TXN_ID>({.trid = 4}); noc.async_writes_flushed<NocOptions::TXN_ID>({.trid = 4}); noc.async_read_barrier<NocOptions::TXN_ID>({.trid = 3}); (void)noc.is_read_trid_flushed(3); noc.set_async_read_state<NocOptions::TXN_ID, NOC_MAX_BURST_SIZE>(s, 64, {.page_id = 1}, {.trid = 5}); noc.async_read_with_state<NocOptions::TXN_ID, NOC_MAX_BURST_SIZE>(s, dfb, 64, {.page_id = 1}, {}, {.trid = 5});|
noc.async_read_with_state<NocOptions::TXN_ID>(s, dfb, 64, {.page_id = 1}, {}, {.trid = 5});|NocOptions::TXN_ID on async_read_with_state is for one-packet reads
noc.set_async_write_state<NocOptions::TXN_ID>(ep, 64, {.noc_x = 1, .noc_y = 1, .addr = 0x40000});|NocOptions::TXN_ID is no option of the stateful writes (as in tt-metal)
noc.inline_dw_write<NocOptions::INLINE_L1>(ep, 5u, {.noc_x = 1, .noc_y = 1, .addr = 0x40000});|not supported by tt-foil: Noc::inline_dw_write (inline (register) NOC writes): write the word to L1 and async_write it
dfb.evil_set_write_ptr(0x40000);|'evil_set_write_ptr' is unavailable: not supported by tt-foil: DataflowBuffer::evil_set_write_ptr (moving a CB's pointers by hand
(void)dfb.read_tile_value(0, 1);|'read_tile_value' is unavailable: not supported by tt-foil: DataflowBuffer::read_tile_value
const InterleavedAddrGen<true> g = {.bank_base_address = 0, .page_size = 64}; noc.async_read(g, dfb, 64, {}, {});|not supported by tt-foil: a Noc source or destination of this type
noc.async_write(dfb, dfb, 64, {}, {});|a DataflowBuffer is in this core's L1: it is the L1 end of a transfer
const ShardView v(s); (void)v;|not supported by tt-foil: Device 2.0's ShardView; use PageView
NEWHDR
# 2026's top-level Semaphore (api/dataflow/noc_semaphore.h) and
# noc/noc_parameters.h: what tt-foil does not provide of them is one error
# naming the reason, with the kernel's line (sem26.cpp in test_ttm_device2
# runs what they provide). CODE|WANT as above
while IFS='|' read -r code want; do
    printf '#include "api/dataflow/noc.h"\n#include "api/dataflow/noc_semaphore.h"\n#include "noc/noc_parameters.h"\nvoid kernel_main()\n{\n    Noc noc;\n    Semaphore<> sem(0);\n    constexpr SemaphoreBindingToken<1, SemScope::EXTERNAL> ext{};\n    (void)ext;\n    %s\n}\n' "$code" >"$tmp/sem.cpp"
    run "$cc" --risc brisc -o "$tmp/sem" "$tmp/sem.cpp"
    expect_rc 1 "$code"
    expect_err "sem.cpp:10:" "$code: the kernel's line"
    expect_err "$want" "$code"
    expect_err "1 error generated" "$code: one error"
done <<SEM26
Semaphore<ProgrammableCoreType::TENSIX, SemScope::DM_LOCAL_CACHED> c(2); c.up(1);|not supported by tt-foil: SemScope::DM_LOCAL_CACHED (Quasar's cached-alias RISC-V atomics
Semaphore<> e(ext); e.up(1);|the token's SemScope is not this Semaphore's
(void)(uint32_t)NOC_CTRL;|'NOC_CTRL' is unavailable: not supported by tt-foil: the NOC's registers and command buffers
(void)(uint32_t)NOC_CMD_BUF_INSTANCE_OFFSET(0, 2);|is unavailable: not supported by tt-foil: the NOC's registers and command buffers
(void)(uint64_t)NOC_XY_PCIE_ENCODING(0, 3);|is unavailable: not supported by tt-foil: PCIe over the NOC
SEM26
printf '#include "api/dataflow/noc_semaphore.h"\nvoid kernel_main() {}\n' >"$tmp/csem.cpp"
run "$cc" --risc compute -o "$tmp/csem" "$tmp/csem.cpp"
expect_rc 1 "Semaphore in a compute kernel"
expect_err "not supported by tt-foil: Semaphore in a compute kernel" "Semaphore in a compute kernel"
# a CB's tile size and format as constants (tt-metal's are constexpr): the
# error names why (known only at run time here), at the use; without the
# constexpr they build
refused 'void kernel_main()\n{\n    constexpr uint32_t b = get_tile_size(tt::CBIndex::c_16);\n    (void)b;\n}\n' \
    "refused.cpp:3:24: error: constexpr variable 'b' must be initialized by a constant expression" \
    "constexpr get_tile_size"
expect_err "note: non-constexpr function 'tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr' cannot be used in a constant expression" \
    "constexpr get_tile_size: the note names the reason"
refused 'void kernel_main()\n{\n    constexpr DataFormat f = get_dataformat(0);\n    (void)f;\n}\n' \
    "note: non-constexpr function 'tt_foil_get_dataformat_is_known_only_at_run_time_drop_constexpr' cannot be used in a constant expression" \
    "constexpr get_dataformat: the note names the reason"
printf 'void kernel_main()\n{\n    const uint32_t b = get_tile_size(0);\n    const DataFormat f = get_dataformat(0);\n    *(volatile uint32_t *)get_arg_val<uint32_t>(0) = b + (uint32_t)f;\n}\n' >"$tmp/rt.cpp"
run "$cc" --risc ncrisc -o "$tmp/rt" "$tmp/rt.cpp"
expect_rc 0 "get_tile_size and get_dataformat at run time"
# tt-metal's aggregates take designated initializers; Blackhole's cache and
# wait helpers exist
printf '#include <cstdint>\n#include "api/dataflow/dataflow_api.h"\nvoid kernel_main()\n{\n    const InterleavedPow2AddrGenFast<true> s = {.bank_base_address = get_arg_val<uint32_t>(0), .log_base_2_of_page_size = 11};\n    invalidate_l1_cache();\n    riscv_wait(10);\n    noc_async_read_page(0, s, get_arg_val<uint32_t>(1));\n    noc_async_read_barrier();\n}\n' >"$tmp/pow2.cpp"
run "$cc" --risc brisc -o "$tmp/pow2" "$tmp/pow2.cpp"
expect_rc 0 "InterleavedPow2AddrGenFast with designated initializers"
# tt-metal's JIT defines ARCH_BLACKHOLE on Blackhole: every kernel build has it
for risc in brisc ncrisc compute; do
    printf '#ifndef ARCH_BLACKHOLE\n#error "no ARCH_BLACKHOLE"\n#endif\nvoid kernel_main() {}\n' >"$tmp/arch.cpp"
    run "$cc" --risc $risc -o "$tmp/arch" "$tmp/arch.cpp"
    expect_rc 0 "ARCH_BLACKHOLE on $risc"
done
printf '#ifndef ARCH_BLACKHOLE\n#error "no ARCH_BLACKHOLE"\n#endif\nvoid kernel_main(void) {}\n' >"$tmp/arch.c"
run "$cc" --risc ncrisc -o "$tmp/arch" "$tmp/arch.c"
expect_rc 0 "ARCH_BLACKHOLE in a C kernel"
# C kernels compile too
printf '#include "dataflow_api.h"\nvoid kernel_main(void) { noc_async_read_barrier(); }\n' >"$tmp/k.c"
run "$cc" --risc ncrisc -o "$tmp/k" "$tmp/k.c"
expect_rc 0 "C kernel"
# a user's warnings are tt-metal's whatever TT_FOIL_WERROR: an unused
# parameter and an unused variable build (the suite's build has -Werror)
printf 'FORCE_INLINE void put(uint32_t a, uint32_t start_id) { *(volatile uint32_t *)a = 1; }\nvoid kernel_main()\n{\n    uint32_t unused = get_arg_val<uint32_t>(1);\n    put(get_arg_val<uint32_t>(0), 0);\n}\n' >"$tmp/warn.cpp"
run "$cc" --risc ncrisc -o "$tmp/warn" "$tmp/warn.cpp"
expect_rc 0 "unused parameter and variable"

# Metal 2.0 named args (--rta, --crta, --metal2): the same images as
# tt_foil_add_kernel's with RUNTIME_ARG_NAMES ... and METAL2 (their names
# section too), and the names' checks (exit 2, before compiling)
run "$cc" --help
expect_out "--rta N[,N..]" "--help documents --rta"
expect_out "--crta N[,N..]" "--help documents --crta"
expect_out "--metal2" "--help documents --metal2"
expect_out "at most 64 --rta and 64 --crta" "--help says the limit"
m2=$src_dir/tests/ttm/kernels
run "$cc" --risc brisc --rta out --rta=nvar --crta base,ncvar --named-arg block=0x30 \
    --name ttm_m2_args -o "$tmp/m2" "$m2/m2_args.cpp"
expect_rc 0 "--rta and --crta (repeated, and --opt=value)"
run "$cc" --risc ncrisc --metal2 --named-arg block=48 --name ttm_m2_varargs -o "$tmp/m2v" \
    "$m2/m2_varargs.cpp"
expect_rc 0 "--metal2"
if command -v llvm-objdump >/dev/null; then
    for k in m2:ttm_m2_args.brisc m2v:ttm_m2_varargs.ncrisc; do
        checks=$((checks + 1))
        secs="-j .text -j .rodata -j .data -j .tt_foil_build -j .tt_foil_kernel_args"
        a=$(llvm-objdump -d -s $secs "$tmp/${k%%:*}.${k##*.}.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
        b=$(llvm-objdump -d -s $secs "$built/${k#*:}.elf" | tail -n +3 | sed 's/ <[^>]*>//g')
        [ "$a" = "$b" ] || fail "tt_foil_cc and tt_foil_add_kernel built different images of ${k#*:}"
        checks=$((checks + 1))
        case "$a" in *"Contents of section .tt_foil_kernel_args"*) ;;
        *) fail "${k#*:}: no .tt_foil_kernel_args section" ;; esac
    done
fi
# m2bad ARGS WANT: m2_args.cpp with ARGS is refused (exit 2), saying WANT
m2bad() {
    run "$cc" --risc brisc $1 -o "$tmp/m2" "$m2/m2_args.cpp"
    expect_rc 2 "$1"
    expect_err "$2" "$1"
}
m2bad "--rta out,2nd" "tf_kernel_compile($m2/m2_args.cpp): runtime arg name '2nd' (runtime_arg_names[1]) is not a C identifier"
m2bad "--rta out, --crta base" "runtime arg name '' (runtime_arg_names[1]) is not a C identifier"
m2bad "--rta out --crta new" "common runtime arg name 'new' (common_runtime_arg_names[0]) is a C++ keyword, which cannot name args::new"
m2bad "--rta out,nvar,out" "'out' is named twice: as a runtime arg (runtime_arg_names[0]) and as a runtime arg (runtime_arg_names[2])"
m2bad "--rta out --crta out" "'out' is named twice: as a runtime arg (runtime_arg_names[0]) and as a common runtime arg (common_runtime_arg_names[0])"
m2bad "--crta base --named-arg base=3" "'base' is named twice: as a common runtime arg (common_runtime_arg_names[0]) and as a named compile-time arg (named_args[0])"
m2bad "--rta $(seq -s, -f 'a%g' 0 64)" "65 runtime_arg_names, at most 64 named runtime args a kernel"
m2bad "--crta $(seq -s, -f 'a%g' 0 64)" "65 common_runtime_arg_names, at most 64 named common runtime args a kernel"
m2bad "--metal2=yes" "--metal2 takes no value"
run "$cc" --risc brisc -o "$tmp/m2" "$m2/m2_args.cpp" --rta
expect_rc 2 "--rta without a value"
expect_err "--rta needs a value" "--rta without a value"
run "$cc" --risc brisc --metal2 -o "$tmp/m2" "$src_dir/tests/kernels/add_two.c"
expect_rc 2 "--metal2 on a C kernel"
expect_err "runtime_arg_names, common_runtime_arg_names and metal2 are for C++ (tt-metal Metal 2.0) kernels" "--metal2 on a C kernel"
run "$cc" --risc brisc --crta base -o "$tmp/m2" "$src_dir/tests/kernels/add_two.c"
expect_rc 2 "--crta on a C kernel"
expect_err "are for C++ (tt-metal Metal 2.0) kernels" "--crta on a C kernel"
# a Metal 2.0 kernel built without its names: the error says how to build it
run "$cc" --risc brisc -o "$tmp/m2" "$m2/m2_varargs.cpp"
expect_rc 1 "a Metal 2.0 kernel built as a legacy one"
expect_err "m2_varargs.cpp:9:71: error: 'get_vararg' is unavailable: this kernel was not built as a Metal 2.0 kernel" "get_vararg without --metal2"
expect_err "or the metal2 switch (--metal2, METAL2)" "args:: without --metal2"

finish "test_tt_foil_cc"
