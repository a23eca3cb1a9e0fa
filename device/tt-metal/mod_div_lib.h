// tt-metal's older path of internal/mod_div_lib.h (tt_metal/hw/inc/mod_div_lib.h).
#pragma once
#include "internal/mod_div_lib.h"
