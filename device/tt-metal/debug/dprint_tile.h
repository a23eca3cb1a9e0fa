// tt-metal's older include path of the TileSlice print.
#include "api/debug/dprint_tile.h"
