// tt-metal's api/compute/div_int32_sfpu.h.
// Its int32 divisions and their inits are modeled (tt_foil/compute_sfpu.hpp;
// docs/kernels.md, "Integer tiles"). It brings the whole compute API, as
// every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
