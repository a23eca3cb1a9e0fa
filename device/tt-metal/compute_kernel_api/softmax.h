// tt-metal's older compute_kernel_api/softmax.h (which only brings in the exp and recip
// ops): tt-foil's compute kernel API (all of it, tt_foil/compute.hpp;
// docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
