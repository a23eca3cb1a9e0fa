// tt-metal's older include path of ASSERT.
#include "api/debug/assert.h"
