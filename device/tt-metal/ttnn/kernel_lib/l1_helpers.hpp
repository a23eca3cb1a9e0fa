// ttnn's short include path (ttnn/kernel_lib/...) of the same helper.
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/l1_helpers.hpp"
