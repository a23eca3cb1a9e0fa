// tt-metal's older include path.
#include "api/compile_time_args.h"
