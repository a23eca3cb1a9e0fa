// tt-metal's api/compute/eltwise_unary/bitwise_not.h: its integer op, modeled
// (tt_foil/compute_sfpu.hpp; docs/chip.md "Integer tiles"). It brings the
// whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
