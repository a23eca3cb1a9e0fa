// Force-included into every C++ kernel: the entry point keeps its C name
// (the linker script's ENTRY), so `void kernel_main()` needs no extern "C".
// Compute kernels get tt-metal's two entry styles (tt_foil/compute_entry.hpp).
// A kernel built as Metal 2.0 gets its named arguments here, before its
// source, as tt-metal's JIT includes its generated headers
// (tt_foil/metal2_args.hpp).
#ifndef TF_TTM_KERNEL_ENTRY_HPP
#define TF_TTM_KERNEL_ENTRY_HPP
#ifdef TF_COMPUTE_ROLE
#include "tt_foil/compute_entry.hpp"
#else
extern "C" void kernel_main();
#endif
// (declares operator new as a compile error: there is no heap)
#include <new>
#ifdef TF_M2_ARGS
#include "tt_foil/metal2_args.hpp"
#endif
#endif
