// tt-metal's generated chlkc_unpack_tile_dims.h: the compute kernel's CB descriptors
// (tt_foil/cb_descriptors.hpp; every compute kernel has them already).
#pragma once
#include "tt_foil/compute.hpp"
