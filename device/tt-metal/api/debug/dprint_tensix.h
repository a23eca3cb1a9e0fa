// tt-metal's include path of dprint_tensix.h (since 2025); tt_foil/dprint_tensix.hpp.
#include "tt_foil/dprint_tensix.hpp"
