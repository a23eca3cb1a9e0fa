// The entry of a C++ compute kernel (force-included through
// kernel_entry.hpp into the three TRISC builds of a `RISC compute` kernel).
//
// The C compute API comes first: it tells circular_buffer.h that this is a
// compute kernel (the unpacker consumes, the packer produces), and its
// kernel-facing names live in namespace tf_c, under tt-metal's C++ layer
// (tt_foil/compute.hpp).
//
// Both of tt-metal's entry styles are accepted, as its jit build does:
//   void kernel_main() { ... }                        (2025 on)
//   namespace NAMESPACE { void MAIN { ... } }          (NAMESPACE=chlkc_<role>)
// The firmware calls the ELF's kernel_main, defined here: it puts the tile
// engine in tt-metal mode (every FPU and SFPU op then needs its init, as on
// hardware; docs/chip.md "Inits") with this kernel's settings
// (TF_MATH_FIDELITY, TF_FP32_DEST_ACC), then runs whichever of the two the
// kernel defined.
#ifndef TF_TTM_COMPUTE_ENTRY_HPP
#define TF_TTM_COMPUTE_ENTRY_HPP

#include "compute_api.h"

#ifndef NAMESPACE
#error                                                                                             \
    "compute kernels are built with tt_foil_add_kernel(NAME RISC compute ...), tt_foil_cc --risc compute or tf_kernel_build(TF_COMPUTE)"
#endif

// The two forms: weak, so the kernel defines one of them.
void kernel_main() __attribute__((weak));
namespace NAMESPACE
{
void kernel_main() __attribute__((weak));
} // namespace NAMESPACE
#define MAIN kernel_main()

extern "C" void tf_compute_entry() __asm__("kernel_main");
extern "C" void tf_compute_entry()
{
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0); // compute_kernel_hw_startup: tt-metal mode
    if (&::kernel_main)
        ::kernel_main();
    else if (&NAMESPACE::kernel_main)
        NAMESPACE::kernel_main();
    else                  // (a breakpoint fault here)
        __builtin_trap(); // this kernel defines neither void kernel_main() nor namespace NAMESPACE
                          // { void MAIN }
}

#endif
