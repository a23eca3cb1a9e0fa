// ttnn's short include path (ttnn/kernel_lib/...) of the same helper.
#pragma once
#include "ttnn/cpp/ttnn/kernel_lib/eltwise_chain.hpp"
