// tt-metal's compute_kernel_api/sfpu_reduce.h: sfpu_reduce_init and sfpu_reduce
// (tt_foil/compute_sfpu.hpp; docs/kernels.md). It brings the whole compute
// API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
