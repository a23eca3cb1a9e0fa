// ttnn's compute half of cb_helpers.hpp (the same helpers here).
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/cb_helpers.hpp"
