// TensorAccessorArgs configuration flags (the first compile-time word of a
// tensor's args; tt-metal's values, which tf_buffer_accessor_args emits).
#ifndef TF_TTM_ARG_CONFIG_HPP
#define TF_TTM_ARG_CONFIG_HPP
#include <cstdint>
namespace tensor_accessor
{
enum class ArgConfig : std::uint8_t {
    None = 0,
    Sharded = 1 << 0,
    IsDram = 1 << 1,
    RuntimeRank = 1 << 2,
    RuntimeNumBanks = 1 << 3,
    RuntimeTensorShape = 1 << 4,
    RuntimeShardShape = 1 << 5,
    RuntimeBankCoords = 1 << 6,
    Runtime =
        RuntimeRank | RuntimeNumBanks | RuntimeTensorShape | RuntimeShardShape | RuntimeBankCoords,
};
struct ArgsConfig {
    std::uint32_t bits;
    constexpr explicit ArgsConfig(std::uint32_t b) : bits(b) {}
    constexpr bool test(ArgConfig f) const
    {
        return (bits & std::uint32_t(f)) != 0;
    }
};
} // namespace tensor_accessor
#endif
