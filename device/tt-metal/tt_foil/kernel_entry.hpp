// Force-included into every C++ kernel: the entry point keeps its C name
// (the linker script's ENTRY), so `void kernel_main()` needs no extern "C".
#ifndef TF_TTM_KERNEL_ENTRY_HPP
#define TF_TTM_KERNEL_ENTRY_HPP
extern "C" void kernel_main();
// (declares operator new as a compile error: there is no heap)
#include <new>
#endif
