// tt-metal's short include path of the profiler macros.
#include "tools/profiler/kernel_profiler.hpp"
