// tt-metal's api/debug/device_print.h: DEVICE_PRINT (fmt-style), with
// DPRINT (api/debug/dprint.h).
#pragma once
#include "api/debug/dprint.h"
