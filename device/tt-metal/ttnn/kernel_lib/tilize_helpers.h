// ttnn's older name of tilize_helpers.hpp (kernels still include it).
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/tilize_helpers.hpp"
