// tt-metal's older include path.
#include "api/tensor/tensor_accessor.h"
