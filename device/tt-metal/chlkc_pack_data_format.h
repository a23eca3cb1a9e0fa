// tt-metal's generated chlkc_pack_data_format.h: the compute kernel's CB descriptors
// (tt_foil/cb_descriptors.hpp; every compute kernel has them already).
#pragma once
#include "tt_foil/compute.hpp"
