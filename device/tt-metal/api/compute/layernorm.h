// tt-metal's api/compute/layernorm.h: the compute API with rsqrt (tt-metal's
// brings nothing else; layernorm kernels include it). tt_foil/compute.hpp is
// all of tt-foil's compute API (docs/kernels.md "Compute kernels").
#pragma once
#include "tt_foil/compute.hpp"
