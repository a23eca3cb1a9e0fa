// tt-metal's compute_kernel_api/eltwise_unary/rsub.h.
// Its rsub_unary_int32_tile (and init), v - x on a tile of integers, is
// modeled (tt_foil/compute_sfpu.hpp; docs/chip.md "Integer tiles"); its
// rsub_tile, an older name, fails at compile time, saying why
// (tt_foil/compute_unsupported.hpp; docs/kernels.md, section 5.2). It brings
// the whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
