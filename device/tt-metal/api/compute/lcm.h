// tt-metal's api/compute/lcm.h: its
// integer ops, modeled (tt_foil/compute_sfpu.hpp; docs/kernels.md 5.1,
// docs/chip.md "Integer tiles"). It brings the whole compute API, as every
// compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
