// ttnn's older name of untilize_helpers.hpp (kernels still include it).
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/untilize_helpers.hpp"
