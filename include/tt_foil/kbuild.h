/* Kernels from source at run time, as tt-metal's CreateKernel: compile a C
 * (our kernel API) or C++ (tt-metal's kernel API, docs/kernels.md) kernel
 * for a RISC or the compute slot with compile-time args and defines, with
 * exactly the flags tt_foil_add_kernel() uses in the build this library
 * belongs to (compiler, device profiler setting, build note).
 *
 * tf_kernel_build caches the ELFs under $TT_FOIL_CACHE_DIR (default
 * ~/.cache/tt-foil/kernels), keyed by a hash of everything that affects
 * them: the compiler and its version, every flag and option, the source and
 * every header the compiler read (its dependency output). A hit runs no
 * compiler. Entries appear by an atomic rename, so processes sharing the
 * cache never see a half-written ELF. $TT_FOIL_KERNEL_CC replaces the
 * compiler (C and C++). A compile error fails with the compiler's
 * diagnostics (file:line: ...) in tf_last_error(). Host zone:
 * TF_kernel_compile, with "hit" or "miss" as its text. */
#ifndef TT_FOIL_KBUILD_H
#define TT_FOIL_KBUILD_H

#include "tt_foil/runtime.h"

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

typedef struct tf_kernel_build_opts {
    const char *source;           /* .c, or .cpp/.cc/.cxx */
    tf_risc risc;                 /* TF_BRISC .. TF_TRISC2, or TF_COMPUTE (three TRISC variants) */
    const char *name;             /* kernel name (build note); NULL: the source's base name */
    const uint32_t *compile_args; /* KERNEL_COMPILE_TIME_ARGS (get_compile_time_arg_val) */
    uint32_t num_compile_args;
    const char *const *named_args; /* "name=u32" (get_named_compile_time_arg_val) */
    uint32_t num_named_args;
    const char *const *defines; /* "NAME" or "NAME=VALUE" */
    uint32_t num_defines;
    const char *const *include_dirs;
    uint32_t num_include_dirs;
    int noc;      /* NOC_INDEX: 0 or 1; -1 = the RISC's default (BRISC 0, NCRISC 1) */
    int profiler; /* -1: the build's TT_FOIL_DEVICE_PROFILER; 0/1: off/on */
    /* A compute kernel's settings (TF_COMPUTE only; tt-metal's ComputeConfig):
     * -1 the default, else the value. */
    int math_fidelity; /* a tf_math_fidelity; default TF_MATH_HIFI4 */
    int fp32_dest_acc; /* fp32_dest_acc_en: 0/1; default 0 (16-bit DEST) */
    int math_approx;   /* math_approx_mode: 0/1; default 0 */
    /* C++ kernels: the program's circular-buffer formats, as tt-metal's
     * build knows them: cb_formats[id] is CB id's tf_data_format, or -1
     * for a CB not given (num_cb_formats <= 32). The kernel's
     * get_tile_size(id) / get_dataformat(id) of a given CB are then
     * constants (`constexpr uint32_t bytes = get_tile_size(cb);`), and a
     * dispatch whose program gives that CB another format or page size is
     * refused. Without them those are known at run time only. */
    const int *cb_formats;
    uint32_t num_cb_formats;
    /* C++ kernels: Metal 2.0's named arguments (tt-metal's KernelSpec
     * runtime_arguments_schema; docs/kernels.md, "Named arguments"). The
     * kernel reads runtime arg word i as get_arg(args::NAME) for NAME =
     * runtime_arg_names[i], common runtime arg word i likewise for
     * common_runtime_arg_names[i], each named compile-time arg
     * (named_args) also as get_arg(args::NAME), a constant, and the args
     * past the named ones as get_vararg(i) / get_common_vararg(i). The host
     * sets them by name (tf_program_set_named_arg,
     * tf_kernel_set_named_common_arg). Names are C identifiers, not C++
     * keywords, each once among the three kinds; at most 64 runtime and 64
     * common runtime arg names. metal2 = 1 builds the kernel as Metal 2.0
     * without them too (its only named args compile-time ones, or only
     * varargs). A kernel given neither is a legacy one: no args:: (it may
     * have an `args` of its own), as tt-metal's. */
    const char *const *runtime_arg_names;
    uint32_t num_runtime_arg_names;
    const char *const *common_runtime_arg_names;
    uint32_t num_common_runtime_arg_names;
    int metal2; /* 0 or 1 */
} tf_kernel_build_opts;

/* Math fidelity: tt-metal's MathFidelity values (= the multiplier's phases;
 * LoFi is 1). */
typedef enum tf_math_fidelity {
    TF_MATH_LOFI = 0,
    TF_MATH_HIFI2 = 2,
    TF_MATH_HIFI3 = 3,
    TF_MATH_HIFI4 = 4
} tf_math_fidelity;

/* Defaults: everything empty (no arg names, metal2 0), noc, profiler and
 * the compute settings -1; NULL: nothing, and a message. */
void tf_kernel_build_opts_init(tf_kernel_build_opts *o);

/* Compile and load (through the cache). */
tf_kernel *tf_kernel_build(tf_device *dev, const tf_kernel_build_opts *o);

/* Compile only, into <out>.<risc>.elf (TF_COMPUTE: <out>.trisc0/1/2.elf),
 * each written to a temporary file and renamed into place. No cache. */
int tf_kernel_compile(const tf_kernel_build_opts *o, const char *out);

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
