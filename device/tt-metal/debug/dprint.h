// tt-metal's older include path of DPRINT.
#include "api/debug/dprint.h"
