// ttnn's kernel_lib eltwise_math.hpp (the math op elements of
// eltwise_chain: Exp, Log, Sqrt, Rsqrt, Recip, Square, ...): tt-foil's
// own implementation. The op structs are sfpu_helpers' (one set for
// sfpu_chain and eltwise_chain); docs/kernels.md "5.4".
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/eltwise_chain.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/sfpu_helpers.hpp"
