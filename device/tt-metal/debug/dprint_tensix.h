// tt-metal's older include path of dprint_tensix.h; tt_foil/dprint_tensix.hpp.
#include "tt_foil/dprint_tensix.hpp"
