// tt-metal's compute_kernel_api/eltwise_unary/rounding.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Of its ops, stochastic_round_tile is not modeled: a use fails at compile
// time, saying why (section 5.2).
#pragma once
#include "tt_foil/compute.hpp"
