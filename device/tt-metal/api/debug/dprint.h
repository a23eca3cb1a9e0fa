// tt-metal's api/debug/dprint.h: the DPRINT stream (tt_foil/dprint_stream.hpp),
// DPRINT << TileSlice(...) (dprint_tile.h) and DEVICE_PRINT with 2026's
// DPRINT(fmt, args...) (device_print.h), as tt-metal's includes them.
#ifndef TF_TTM_DPRINT_H
#define TF_TTM_DPRINT_H

#include "tt_foil/dprint_stream.hpp"

#include "api/debug/device_print.h"
#include "api/debug/dprint_tile.h"

#endif
