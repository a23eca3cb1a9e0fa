// tt-metal's older include path of WAYPOINT.
#include "api/debug/waypoint.h"
