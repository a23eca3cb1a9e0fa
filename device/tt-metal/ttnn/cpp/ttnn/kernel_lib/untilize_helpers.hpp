// ttnn's kernel_lib untilize (compute_kernel_lib::untilize): tt-foil's own
// implementation over its compute API, with ttnn's names and semantics.
// Each block is one tile row of block_width_tiles tiles, packed untilized
// (pack_untilize) into block_width_tiles pages of the output: in one pass
// when the row fits DEST (DEST_AUTO_LIMIT tiles), else in column blocks of
// the largest divisor of the width that fits. Forms:
//   untilize<width, in, out[, init mode, wait mode, reconfig]>(num_blocks)
//   untilize<width, in, out, init, uninit[, wait_upfront]>(num_rows[,
//       block_rt_dim, total_tiles])   (older: bools; wait_upfront and rows
//       wider than DEST of a float format take untilize_block)
//   untilize<width>(in, out, num_rows)  (older: CBs as arguments)
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/kernel_lib_types.hpp"

namespace compute_kernel_lib
{
namespace untilize_config
{
enum class InitUninitMode : std::uint8_t { InitAndUninit, InitOnly, UninitOnly, Neither };
enum class WaitMode : std::uint8_t { WaitBlock, WaitUpfront, NoWait };
enum class ReconfigureRegisterDatatypeMode : std::uint8_t {
    NoReconfigure,
    UnpackReconfigure,
    PackReconfigure,
    UnpackAndPackReconfigure,
};
} // namespace untilize_config

// Column blocks a row of total_width tiles splits into: the widest block
// that divides the row and fits max_block_width.
constexpr std::uint32_t compute_num_blocks(std::uint32_t total_width, std::uint32_t max_block_width)
{
    for (std::uint32_t w = max_block_width; w >= 1; w--)
        if (total_width % w == 0) return total_width / w;
    return total_width;
}

namespace untilize_detail
{
template <std::uint32_t W> constexpr std::uint32_t sub_width()
{
    return W / compute_num_blocks(W, DEST_AUTO_LIMIT);
}
} // namespace untilize_detail

template <std::uint32_t block_width_tiles, std::uint32_t input_cb, std::uint32_t output_cb>
ALWI void untilize_init()
{
    constexpr std::uint32_t sub = untilize_detail::sub_width<block_width_tiles>();
    pack_untilize_init<sub, block_width_tiles>(input_cb, output_cb);
}
template <std::uint32_t block_width_tiles, std::uint32_t input_cb, std::uint32_t output_cb>
ALWI void untilize_uninit()
{
    pack_untilize_uninit(output_cb);
}

template <std::uint32_t block_width_tiles, std::uint32_t input_cb, std::uint32_t output_cb,
          untilize_config::InitUninitMode init_uninit_mode =
              untilize_config::InitUninitMode::InitAndUninit,
          untilize_config::WaitMode wait_mode = untilize_config::WaitMode::WaitBlock,
          untilize_config::ReconfigureRegisterDatatypeMode reconfig_mode =
              untilize_config::ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure>
ALWI void untilize(std::uint32_t num_blocks)
{
    using namespace untilize_config;
    constexpr std::uint32_t W = block_width_tiles;
    static_assert(W > 0, "compute_kernel_lib::untilize: block_width_tiles > 0");
    static_assert(input_cb != output_cb, "compute_kernel_lib::untilize: the input and output CBs "
                                         "differ (no untilize in place)");
    static_assert(input_cb < 32 && output_cb < 32,
                  "compute_kernel_lib::untilize: CB indices are below 32");
    constexpr std::uint32_t sub = untilize_detail::sub_width<W>();
    constexpr std::uint32_t parts = W / sub;

    if constexpr (reconfig_mode == ReconfigureRegisterDatatypeMode::UnpackReconfigure ||
                  reconfig_mode == ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure)
        reconfig_data_format_srca(input_cb);
    if constexpr (reconfig_mode == ReconfigureRegisterDatatypeMode::PackReconfigure ||
                  reconfig_mode == ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure)
        pack_reconfig_data_format(output_cb);
    if constexpr (init_uninit_mode == InitUninitMode::InitAndUninit ||
                  init_uninit_mode == InitUninitMode::InitOnly)
        pack_untilize_init<sub, W>(input_cb, output_cb);
    if constexpr (wait_mode == WaitMode::WaitUpfront) cb_wait_front(input_cb, W * num_blocks);

    for (std::uint32_t r = 0; r < num_blocks; r++) {
        cb_reserve_back(output_cb, W);
        // Each column block packs at its place in the row's pages.
        for (std::uint32_t b = 0; b < parts; b++) {
            if constexpr (wait_mode == WaitMode::WaitBlock) cb_wait_front(input_cb, sub);
            pack_untilize_block<sub, W>(input_cb, 1, output_cb, b);
            cb_pop_front(input_cb, sub);
        }
        cb_push_back(output_cb, W);
    }

    if constexpr (init_uninit_mode == InitUninitMode::InitAndUninit ||
                  init_uninit_mode == InitUninitMode::UninitOnly)
        pack_untilize_uninit(output_cb);
}

// The older form with bools: init, uninit, wait_upfront (which, as there,
// takes untilize_block: pack_untilize has no upfront wait). A row wider
// than DEST takes untilize_block too unless the format is Float32 (ttnn's
// choice of path: the same bytes here either way).
template <std::uint32_t tile_width, std::uint32_t icb_id, std::uint32_t ocb_id, bool init,
          bool uninit = true, bool wait_upfront = false>
ALWI void untilize(std::uint32_t num_rows, std::uint32_t block_rt_dim = 1,
                   std::uint32_t total_tiles = 0)
{
    static_assert(icb_id != ocb_id, "compute_kernel_lib::untilize: the input and output CBs "
                                    "differ (no untilize in place)");
    constexpr std::uint32_t W = tile_width;
    if constexpr (wait_upfront || W > DEST_AUTO_LIMIT) {
        (void)block_rt_dim;
        if constexpr (init) ::ckernel::untilize_init(icb_id);
        if constexpr (wait_upfront) cb_wait_front(icb_id, total_tiles ? total_tiles : W * num_rows);
        for (std::uint32_t r = 0; r < num_rows; r++) {
            if constexpr (!wait_upfront) cb_wait_front(icb_id, W);
            cb_reserve_back(ocb_id, W);
            untilize_block(icb_id, W, ocb_id);
            cb_push_back(ocb_id, W);
            cb_pop_front(icb_id, W);
        }
        if constexpr (uninit) ::ckernel::untilize_uninit(icb_id);
    } else {
        (void)total_tiles;
        if constexpr (init) pack_untilize_init<W, W>(icb_id, ocb_id);
        const std::uint32_t n = W * block_rt_dim;
        for (std::uint32_t r = 0; r < num_rows; r++) {
            cb_wait_front(icb_id, n);
            cb_reserve_back(ocb_id, n);
            pack_untilize_block<W, W>(icb_id, block_rt_dim, ocb_id, 0);
            cb_pop_front(icb_id, n);
            cb_push_back(ocb_id, n);
        }
        if constexpr (uninit) pack_untilize_uninit(ocb_id);
    }
}

// The oldest forms (the untilize_helpers.h era): the CBs as arguments, an
// init and an uninit that take them too, and flags for which this call does.
template <std::uint32_t tile_width> ALWI void untilize_init(std::uint32_t icb, std::uint32_t ocb)
{
    if constexpr (tile_width > DEST_AUTO_LIMIT)
        ::ckernel::untilize_init(icb);
    else
        pack_untilize_init<tile_width, tile_width>(icb, ocb);
}
template <std::uint32_t tile_width> ALWI void untilize_uninit(std::uint32_t icb, std::uint32_t ocb)
{
    if constexpr (tile_width > DEST_AUTO_LIMIT)
        ::ckernel::untilize_uninit(icb);
    else
        pack_untilize_uninit(ocb);
}
template <std::uint32_t tile_width, bool init = true, bool uninit = true>
ALWI void untilize(std::uint32_t icb, std::uint32_t ocb, std::uint32_t num_rows)
{
    constexpr std::uint32_t W = tile_width;
    if constexpr (init) untilize_init<W>(icb, ocb);
    for (std::uint32_t r = 0; r < num_rows; r++) {
        cb_wait_front(icb, W);
        cb_reserve_back(ocb, W);
        if constexpr (W > DEST_AUTO_LIMIT)
            untilize_block(icb, W, ocb);
        else
            pack_untilize_block<W, W>(icb, 1, ocb, 0);
        cb_push_back(ocb, W);
        cb_pop_front(icb, W);
    }
    if constexpr (uninit) untilize_uninit<W>(icb, ocb);
}

// The config form: untilize<UntilizeConfig<WidthInTiles<w>, InputCB<in>,
// OutputCB<out>[, flags]>>(num_rows[, block_rt_dim, total_tiles]), the
// flags form of the bool one above; init and uninit apart.
template <class Config>
ALWI void untilize(std::uint32_t num_rows, std::uint32_t block_rt_dim = 1,
                   std::uint32_t total_tiles = 0)
{
    static_assert(std::is_base_of_v<UntilizeConfigBase, Config>,
                  "compute_kernel_lib::untilize<Config>: an UntilizeConfig<WidthInTiles<N>, "
                  "InputCB<N>, OutputCB<N>>");
    constexpr UntilizeFlags f = Config::flags;
    untilize<Config::width_in_tiles, Config::input_cb, Config::output_cb,
             !has_flag(f, UntilizeFlags::SKIP_INIT), !has_flag(f, UntilizeFlags::SKIP_UNINIT),
             has_flag(f, UntilizeFlags::WAIT_UPFRONT)>(num_rows, block_rt_dim, total_tiles);
}
template <class Config> ALWI void untilize_init()
{
    static_assert(std::is_base_of_v<UntilizeConfigBase, Config>,
                  "compute_kernel_lib::untilize_init<Config>: an UntilizeConfig");
    if constexpr (has_flag(Config::flags, UntilizeFlags::WAIT_UPFRONT))
        ::ckernel::untilize_init(Config::input_cb);
    else
        untilize_init<Config::width_in_tiles>(Config::input_cb, Config::output_cb);
}
template <class Config> ALWI void untilize_uninit()
{
    static_assert(std::is_base_of_v<UntilizeConfigBase, Config>,
                  "compute_kernel_lib::untilize_uninit<Config>: an UntilizeConfig");
    if constexpr (has_flag(Config::flags, UntilizeFlags::WAIT_UPFRONT))
        ::ckernel::untilize_uninit(Config::input_cb);
    else
        untilize_uninit<Config::width_in_tiles>(Config::input_cb, Config::output_cb);
}
} // namespace compute_kernel_lib

using compute_kernel_lib::InputCB;
using compute_kernel_lib::OutputCB;
using compute_kernel_lib::UntilizeConfig;
using compute_kernel_lib::UntilizeFlags;
using compute_kernel_lib::WidthInTiles;
