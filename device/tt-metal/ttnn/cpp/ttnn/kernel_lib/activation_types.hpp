// ttnn's kernel_lib activation kinds: the activation a fused matmul kernel
// applies (ttnn's bmm_large_block_zm_fused_bias_activation reads it from a
// named compile-time arg and calls the op itself) and the thread it runs
// on. tt-metal's enumerators, in its order (the values are its).
#pragma once

#include <cstdint>

namespace compute_kernel_lib
{
enum class KernelActivation : std::uint32_t {
    NONE,
    GELU,
    GELU_TANH,
    TANH,
    SILU,
    RELU6,
    SIGMOID,
    HARDSIGMOID,
    HARDTANH,
    SELU,
    SOFTPLUS,
    MISH,
    SQRT,
    LEAKY_RELU,
    ELU,
    EXP,
    RECIP
};

enum class ActivationThread : std::uint32_t { Math, Pack };
} // namespace compute_kernel_lib
