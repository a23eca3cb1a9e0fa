// Semaphore handshake values kernels use (hostdevcommon/common_values.hpp).
#ifndef TF_TTM_COMMON_VALUES_HPP
#define TF_TTM_COMMON_VALUES_HPP
#include <cstdint>
constexpr static std::uint32_t INVALID = 0;
constexpr static std::uint32_t VALID = 1;
#endif
