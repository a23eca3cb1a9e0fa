// tt-metal's api/compute/reduce_custom.h: reduce_block_max_row_init,
// reduce_block_max_row and reduce_block_max_row_uninit (tt_foil/compute.hpp;
// docs/kernels.md). It brings the whole compute API, as every compute
// header here does.
#pragma once
#include "tt_foil/compute.hpp"
