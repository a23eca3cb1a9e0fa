// tt-metal's compute_kernel_api/eltwise_unary/right_shift.h.
// tt-foil models none of its ops: a use of one fails at compile time, saying
// why for the names tt_foil/compute_unsupported.hpp lists (docs/kernels.md,
// section 5.2). It brings the whole compute API, as every compute header here
// does.
#pragma once
#include "tt_foil/compute.hpp"
