// tt-metal's compute_kernel_api/isclose.h: tt-foil's compute kernel API (all of it,
// tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
