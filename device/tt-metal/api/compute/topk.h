// tt-metal's api/compute/topk.h: topk_tile_init, topk_local_sort,
// topk_merge and topk_rebuild (tt_foil/compute_sfpu.hpp; docs/kernels.md,
// docs/chip.md "Top-k"). It brings the whole compute API, as every compute
// header here does.
#pragma once
#include "tt_foil/compute.hpp"
