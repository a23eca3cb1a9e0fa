// tt-metal's compute_kernel_api/binary_max_min.h.
// binary_max_tile and binary_min_tile (and their inits) are modeled
// (tt_foil/compute_sfpu.hpp); the integer forms fail at compile time, saying
// why (tt_foil/compute_unsupported.hpp; docs/kernels.md, section 5.2). It
// brings the whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
