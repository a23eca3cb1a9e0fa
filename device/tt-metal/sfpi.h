// tt-metal's sfpi.h: SFPI, the SFPU's C++ interface (tt_foil/sfpi.hpp;
// docs/kernels.md "SFPI"), with the LLK calls that run an SFPI function on
// DEST tiles.
#pragma once
#include "tt_foil/compute.hpp"
