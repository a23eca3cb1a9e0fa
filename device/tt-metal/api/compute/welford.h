// tt-metal's api/compute/welford.h: Welford's running statistics, welford_init to
// welford_finalize_to_face (tt_foil/compute.hpp; docs/kernels.md). It
// brings the whole compute API, as every compute header here does.
#pragma once
#include "tt_foil/compute.hpp"
