// tt-metal's llk_defs.h (tt-llk's enums, namespace ckernel), which
// compute kernels get through the compute API and data-movement kernels
// include for the reduce type and dimension a reduce scaler is prepared
// for (ttnn's reduce_helpers_dataflow.hpp).
#ifndef TF_TTM_LLK_DEFS_H
#define TF_TTM_LLK_DEFS_H

#include <cstdint>

#include "tf_tile.h"

namespace ckernel
{
// tt-llk's enums (llk_defs.h); the values the tile engine's operands use
// (contracts/tf_tile.h: TF_POOL_*, TF_REDUCE_*, TF_BCAST_*, TF_REUSE_*).
enum class PoolType : std::uint8_t { SUM = TF_POOL_SUM, AVG = TF_POOL_AVG, MAX = TF_POOL_MAX, MIN };
enum class ReduceDim : std::uint8_t {
    REDUCE_ROW = TF_REDUCE_ROW,
    REDUCE_COL = TF_REDUCE_COL,
    REDUCE_SCALAR = TF_REDUCE_SCALAR,
};
enum class BroadcastType : std::uint8_t {
    NONE = TF_BCAST_NONE,
    COL = TF_BCAST_COL,
    ROW = TF_BCAST_ROW,
    SCALAR = TF_BCAST_SCALAR,
};
// Unscoped, as kernels write ELWADD bare (Wormhole/Blackhole's order).
enum EltwiseBinaryType : std::uint8_t { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWLESS };
enum class EltwiseBinaryReuseDestType : std::uint8_t {
    NONE = TF_REUSE_NONE,
    DEST_TO_SRCA = TF_REUSE_DEST_TO_SRCA,
    DEST_TO_SRCB = TF_REUSE_DEST_TO_SRCB,
};
enum class MathFidelity : std::uint8_t {
    LoFi = TF_FIDELITY_LOFI,
    HiFi2 = TF_FIDELITY_HIFI2,
    HiFi3 = TF_FIDELITY_HIFI3,
    HiFi4 = TF_FIDELITY_HIFI4,
    Invalid = 0xff,
};
enum class VectorMode : std::uint8_t {
    None = 0,
    R = 1,
    C = 2,
    RC = 4,
    RC_custom = 6,
    Invalid = 0xff
};
enum class DstSync : std::uint8_t { SyncHalf = 0, SyncFull = 1 };
// The packer's ReLU modes (pack_relu_config's bits 0-3), unscoped as tt-llk's.
enum ReluType { NO_RELU, ZERO_RELU, MIN_THRESHOLD_RELU, MAX_THRESHOLD_RELU };
// tt-llk's newer form of that word (ttnn's matmul kernels pass
// ReluConfig::zero() to llk_pack_relu_config): a mode and a 16-bit
// threshold (the threshold's bf16 bits), packed as the word above.
struct ReluConfig {
    static constexpr ReluConfig none()
    {
        return ReluConfig(NO_RELU);
    }
    static constexpr ReluConfig zero()
    {
        return ReluConfig(ZERO_RELU);
    }
    static constexpr ReluConfig min_threshold(std::uint32_t t)
    {
        return ReluConfig(MIN_THRESHOLD_RELU, t);
    }
    static constexpr ReluConfig max_threshold(std::uint32_t t)
    {
        return ReluConfig(MAX_THRESHOLD_RELU, t);
    }
    static constexpr ReluConfig from_packed(std::uint32_t packed)
    {
        return ReluConfig((ReluType)(packed & 0x3), packed >> 16 & 0xffff);
    }
    constexpr ReluType get_mode() const
    {
        return mode;
    }
    constexpr std::uint32_t get_threshold() const
    {
        return threshold;
    }
    // (pack_relu_config's word)
    constexpr std::uint32_t packed() const
    {
        return (std::uint32_t)mode | threshold << 16;
    }

  private:
    constexpr explicit ReluConfig(ReluType m, std::uint32_t t = 0) : mode(m), threshold(t & 0xffff)
    {
    }
    ReluType mode;
    std::uint32_t threshold;
};
enum class SrcOrder : std::uint8_t { Regular = 0, Reverse = 1 };
enum class InputClamping : std::uint8_t { None = 0, ClampToNegative = 1 };
} // namespace ckernel

#endif
