// The three raw Tensix instructions ttnn's matmul writes around its fused
// activation on the pack thread (bmm_fused_activation.hpp's
// apply_activation_from_pack), in the forms it writes them:
//   TTI_SEMWAIT(p_stall::STALL_TDMA | p_stall::STALL_CFG,
//               semaphore::t6_sem(semaphore::MATH_PACK), p_stall::STALL_ON_ZERO)
//     the packer's wait for a DEST half math committed: tile_regs_wait
//     (tt-llk's llk_packer_wait_for_math_done is this wait);
//   TT_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32,
//             ckernel::packer::get_packer_dest_offset())
//     points the SFPU at the packer's half: here the *_tile_pack ops always
//     work on that half, so it sets nothing;
//   TTI_STALLWAIT(p_stall::STALL_PACK, p_stall::WAIT_SFPU)
//     the packer waits for the SFPU: here the pack TRISC's clock already
//     runs past each *_tile_pack op, so it waits for nothing more.
// Any other operands are a compile error saying so; any other raw
// instruction is not declared (tt-foil does not run Tensix instructions:
// docs/kernels.md). Only the pack thread compiles them (inside PACK(...)).
#ifndef TF_TTM_TENSIX_RAW_HPP
#define TF_TTM_TENSIX_RAW_HPP

#include <cstdint>

namespace ckernel
{
// tt-llk's stall resources and wait conditions (ckernel_instr_params.h),
// as far as the forms above use them: distinct bits, not its encoding.
namespace p_stall
{
constexpr std::uint32_t STALL_TDMA = 1u << 0, STALL_CFG = 1u << 1, STALL_PACK = 1u << 2,
                        STALL_SYNC = 1u << 3, STALL_MATH = 1u << 4, STALL_UNPACK = 1u << 5;
constexpr std::uint32_t STALL_ON_ZERO = 1u << 8, STALL_ON_MAX = 1u << 9, WAIT_SFPU = 1u << 10;
} // namespace p_stall
namespace semaphore
{
constexpr std::uint32_t UNPACK_TO_DEST = 0, MATH_PACK = 1, PACK_DONE = 2, FPU_SFPU = 3;
constexpr std::uint32_t t6_sem(std::uint32_t s)
{
    return 1u << s;
}
} // namespace semaphore
namespace packer
{
// (the packer's half of DEST, as TT_SETC16's operand: TT_SETC16 above)
constexpr std::uint32_t tf_packer_dest_offset = 0x7f7f0001u;
constexpr std::uint32_t get_packer_dest_offset()
{
    return tf_packer_dest_offset;
}
} // namespace packer
} // namespace ckernel
constexpr std::uint32_t DEST_TARGET_REG_CFG_MATH_Offset_ADDR32 = 0x7f7f0002u;

namespace tf_ttm
{
template <std::uint32_t res, std::uint32_t sem, std::uint32_t cond> inline void tti_semwait()
{
    static_assert(sem == ckernel::semaphore::t6_sem(ckernel::semaphore::MATH_PACK) &&
                      cond == ckernel::p_stall::STALL_ON_ZERO,
                  "not supported by tt-foil: TTI_SEMWAIT other than the packer's wait for math "
                  "(semaphore MATH_PACK, STALL_ON_ZERO): tile_regs_wait");
    (void)res;
    tf_c::tile_regs_wait();
}
template <std::uint32_t reg, std::uint32_t value> inline void tt_setc16()
{
    static_assert(reg == DEST_TARGET_REG_CFG_MATH_Offset_ADDR32 &&
                      value == ckernel::packer::tf_packer_dest_offset,
                  "not supported by tt-foil: TT_SETC16 other than pointing the SFPU at the "
                  "packer's DEST half (DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, "
                  "get_packer_dest_offset())");
}
template <std::uint32_t res, std::uint32_t cond> inline void tti_stallwait()
{
    static_assert(res == ckernel::p_stall::STALL_PACK && cond == ckernel::p_stall::WAIT_SFPU,
                  "not supported by tt-foil: TTI_STALLWAIT other than the packer's wait for the "
                  "SFPU (STALL_PACK, WAIT_SFPU)");
}
} // namespace tf_ttm

#define TTI_SEMWAIT(res, sem, cond) tf_ttm::tti_semwait<(res), (sem), (cond)>()
#define TT_SETC16(reg, value)       tf_ttm::tt_setc16<(reg), (value)>()
#define TTI_STALLWAIT(res, cond)    tf_ttm::tti_stallwait<(res), (cond)>()

#endif
