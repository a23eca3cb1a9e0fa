// tt-metal's api/compute/eltwise_unary/logical_not_noti.h: tt-foil's compute kernel API (all of
// it, tt_foil/compute.hpp; docs/kernels.md "Compute kernels").
// Of its ops, the integer forms (logical_not_unary_tile_int32, _uint16,
// _uint32) are not modeled: a use fails at compile time, saying why (section
// 5.2).
#pragma once
#include "tt_foil/compute.hpp"
