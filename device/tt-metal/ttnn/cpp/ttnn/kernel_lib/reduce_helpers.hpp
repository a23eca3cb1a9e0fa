// ttnn's older name of reduce_helpers_compute.hpp.
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_compute.hpp"
