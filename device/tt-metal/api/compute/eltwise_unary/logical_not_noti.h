// tt-metal's api/compute/eltwise_unary/logical_not_noti.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Its integer forms (logical_not_unary_tile_int32, _uint32, _uint16) write the
// integers 1 and 0 (docs/chip.md "Integer tiles").
#pragma once
#include "tt_foil/compute.hpp"
