// tt-metal's api/compute/binary_fmod.h.
// fmod_binary_tile and its init are modeled (tt_foil/compute_sfpu.hpp); the
// integer fmod_int32_tile fails at compile time, saying why.
// It brings the whole compute API, as every compute header here does
// (tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
