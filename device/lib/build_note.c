/* The build note of a firmware or kernel ELF (tf_build_note.h), placed in
 * the unloaded `.tt_foil_build` section. Compiled into every image with
 * TF_BUILD_KIND, TF_RISC, TF_BUILD_NAME and the profiler settings: on its
 * own, or (tf_kernel_build, src/kbuild.c) force-included into the kernel's
 * own C or C++ translation unit, so it is C and C++ alike. */
/* Once a unit: the build's script for `#pragma GCC unroll 0`
 * (cmake/tf_rv32_cxx.sh) compiles a text that has the note in it already
 * with the flags that force-include it. */
#ifndef TF_BUILD_NOTE_C
#define TF_BUILD_NOTE_C
#include "tf_build_note.h"

#ifndef TT_FOIL_DEVICE_PROFILER
#define TT_FOIL_DEVICE_PROFILER 0
#endif
#ifndef PROFILE_KERNEL
#define PROFILE_KERNEL 0
#endif
#ifndef TF_BUILD_NAME
#define TF_BUILD_NAME ""
#endif

#ifdef __cplusplus
/* a namespace-scope const has internal linkage in C++: the note keeps its
 * C name and external linkage, as in C */
extern "C" const tf_build_note tf_build_note_v;
#endif

__attribute__((section(".tt_foil_build"), used)) const tf_build_note tf_build_note_v = {
    .magic = TF_BUILD_NOTE_MAGIC,
    .abi_version = TF_DEVICE_ABI_VERSION,
    .kind = TF_BUILD_KIND,
    .risc = TF_RISC,
    .profiler = TT_FOIL_DEVICE_PROFILER,
    .profiler_bitmask = PROFILE_KERNEL,
    .name = TF_BUILD_NAME,
};
#endif
