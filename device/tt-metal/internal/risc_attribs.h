// tt-metal's internal/risc_attribs.h: the RISC memory attributes (tt_l1_ptr,
// tt_reg_ptr, FORCE_INLINE), which tt_foil/base.hpp gives every kernel.
#pragma once
#include "tt_foil/base.hpp"
