// ttnn's kernel_lib: how many tiles DEST holds for this kernel (tt-foil's
// implementation). Half-sync only here (DST_SYNC_MODE is SyncHalf): 8 tiles
// of 16 bits, 4 with fp32_dest_acc_en, as the tile engine's DEST half.
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"

namespace compute_kernel_lib
{
constexpr std::uint32_t get_dest_limit()
{
    return DST_ACCUM_MODE ? 4 : 8;
}
constexpr std::uint32_t DEST_AUTO_LIMIT = get_dest_limit();

constexpr bool get_fp32_dest_acc_enabled()
{
    return DST_ACCUM_MODE;
}
constexpr bool get_dst_full_sync_enabled()
{
    return false;
}
} // namespace compute_kernel_lib
