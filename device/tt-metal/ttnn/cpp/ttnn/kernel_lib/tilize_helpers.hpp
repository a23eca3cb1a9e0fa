// ttnn's kernel_lib tilize (compute_kernel_lib::tilize): tt-foil's own
// implementation over its compute API, with ttnn's names and semantics.
// Each block: wait for the input (as the wait mode says), reserve
// block_width_tiles pages of the output, tilize_block, push them, pop the
// input (block_width_tiles pages, or the non-tile-aligned count). Both call
// forms: tilize<block_w, in, out[, ...]>(num_blocks[, config]) and the
// older tilize<in, out[, ...]>(block_w, num_blocks[, config]). Fast tilize
// (ttnn's choice where the hardware allows) is the standard tilize here:
// the same tiles, exact for Float32 and Float16_b (docs/kernels.md "5.4").
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/kernel_lib_types.hpp"

namespace compute_kernel_lib
{
namespace tilize_config
{
constexpr std::uint32_t INVALID_CB = 32; // no CB (NUM_CIRCULAR_BUFFERS)

// Which of init and uninit this call does (chains of calls skip them).
enum class InitUninitMode : std::uint8_t { InitAndUninit, InitOnly, UninitOnly, Neither };
// WaitBlock: before each block; WaitUpfront: everything first; NoWait: the
// caller waited.
enum class WaitMode : std::uint8_t { WaitBlock, WaitUpfront, NoWait };
enum class ReconfigureRegisterDatatypeMode : std::uint8_t {
    NoReconfigure,
    UnpackReconfigure,
    PackReconfigure,
    UnpackAndPackReconfigure,
};
// Fast truncates Float32 to tf32 on hardware; here both are exact.
enum class Fp32Mode : std::uint8_t { Fast, Lossless };
enum class NonTileAlignedMode : std::uint8_t { Disabled, PerIteration, TotalBatched };

// An input CB whose pages are not tiles (row-major sticks): PerIteration
// waits for and pops `value` pages a block; TotalBatched for 32 rows a block
// of `value` rows in all (the last block the rest).
struct NonTileAlignedCBWaitConfig {
    NonTileAlignedMode mode;
    std::uint32_t value;

  private:
    constexpr NonTileAlignedCBWaitConfig(NonTileAlignedMode m, std::uint32_t v) : mode(m), value(v)
    {
    }

  public:
    static constexpr NonTileAlignedCBWaitConfig disabled()
    {
        return {NonTileAlignedMode::Disabled, 0};
    }
    static constexpr NonTileAlignedCBWaitConfig per_iteration(std::uint32_t pages)
    {
        return {NonTileAlignedMode::PerIteration, pages};
    }
    static constexpr NonTileAlignedCBWaitConfig total_batched(std::uint32_t total_pages)
    {
        return {NonTileAlignedMode::TotalBatched, total_pages};
    }
};
} // namespace tilize_config

namespace tilize_detail
{
using namespace tilize_config;

template <std::uint32_t in, std::uint32_t out, InitUninitMode IM, WaitMode WM,
          ReconfigureRegisterDatatypeMode RM>
ALWI void run(std::uint32_t block_w, std::uint32_t num_blocks, NonTileAlignedCBWaitConfig config)
{
    static_assert(in != out, "compute_kernel_lib::tilize: the input and output CBs differ (no "
                             "tilize in place)");
    static_assert(in < 32 && out < 32, "compute_kernel_lib::tilize: CB indices are below 32");

    if constexpr (RM == ReconfigureRegisterDatatypeMode::UnpackReconfigure ||
                  RM == ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure)
        reconfig_data_format_srca(in);
    if constexpr (RM == ReconfigureRegisterDatatypeMode::PackReconfigure ||
                  RM == ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure)
        pack_reconfig_data_format(out);
    if constexpr (IM == InitUninitMode::InitAndUninit || IM == InitUninitMode::InitOnly)
        ::ckernel::tilize_init(in, block_w, out);

    const bool batched = config.mode == NonTileAlignedMode::TotalBatched;
    // Input pages one block consumes (TotalBatched: set per block below).
    const std::uint32_t per_block =
        config.mode == NonTileAlignedMode::PerIteration ? config.value : block_w;
    if constexpr (WM == WaitMode::WaitUpfront)
        cb_wait_front(in, batched ? config.value : block_w * num_blocks);

    std::uint32_t rows_left = config.value;
    for (std::uint32_t b = 0; b < num_blocks; b++) {
        std::uint32_t take = per_block;
        if (batched) {
            take = rows_left < 32 ? rows_left : 32;
            rows_left -= take;
        }
        if constexpr (WM == WaitMode::WaitBlock) cb_wait_front(in, take);
        cb_reserve_back(out, block_w);
        tilize_block(in, block_w, out);
        cb_push_back(out, block_w);
        cb_pop_front(in, take);
    }

    if constexpr (IM == InitUninitMode::InitAndUninit || IM == InitUninitMode::UninitOnly)
        ::ckernel::tilize_uninit(in, out);
}
} // namespace tilize_detail

// Block width and CBs as template arguments (ttnn's newest form).
template <
    std::uint32_t block_width_tiles, std::uint32_t input_cb, std::uint32_t output_cb,
    tilize_config::InitUninitMode init_uninit_mode = tilize_config::InitUninitMode::InitAndUninit,
    tilize_config::WaitMode wait_mode = tilize_config::WaitMode::WaitBlock,
    tilize_config::ReconfigureRegisterDatatypeMode reconfig_mode =
        tilize_config::ReconfigureRegisterDatatypeMode::UnpackAndPackReconfigure,
    tilize_config::Fp32Mode fp32_mode = tilize_config::Fp32Mode::Fast>
ALWI void tilize(std::uint32_t num_blocks,
                 tilize_config::NonTileAlignedCBWaitConfig config =
                     tilize_config::NonTileAlignedCBWaitConfig::disabled())
{
    static_assert(block_width_tiles > 0, "compute_kernel_lib::tilize: block_width_tiles > 0");
    (void)fp32_mode;
    tilize_detail::run<input_cb, output_cb, init_uninit_mode, wait_mode, reconfig_mode>(
        block_width_tiles, num_blocks, config);
}

// The block width as an argument (ttnn's form before it became a template
// argument).
template <
    std::uint32_t input_cb, std::uint32_t output_cb,
    tilize_config::InitUninitMode init_uninit_mode = tilize_config::InitUninitMode::InitAndUninit,
    tilize_config::WaitMode wait_mode = tilize_config::WaitMode::WaitBlock,
    tilize_config::ReconfigureRegisterDatatypeMode reconfig_mode =
        tilize_config::ReconfigureRegisterDatatypeMode::NoReconfigure>
ALWI void tilize(std::uint32_t block_width_tiles, std::uint32_t num_blocks,
                 tilize_config::NonTileAlignedCBWaitConfig config =
                     tilize_config::NonTileAlignedCBWaitConfig::disabled())
{
    tilize_detail::run<input_cb, output_cb, init_uninit_mode, wait_mode, reconfig_mode>(
        block_width_tiles, num_blocks, config);
}

// The oldest form (the tilize_helpers.h era): the CBs and sizes as
// arguments, the steps as flags. use_fast: the standard tilize here (the
// same tiles); use_dt: the unpacker's format switched from old_icb's to
// icb's for the call and back after; skip_wait: the caller waited.
// input_count: input pages a block waits for and pops instead of block_w
// (row-major sticks); total_rows: blocks of 32 such rows, the last the rest.
// subblock_h: blocks of that many tile rows (num_blocks x subblock_h in all).
template <bool init = true, bool uninit = true, bool use_fast = false, bool use_dt = false,
          bool skip_wait = false>
ALWI void tilize(std::uint32_t icb, std::uint32_t block_w, std::uint32_t ocb,
                 std::uint32_t num_blocks, std::uint32_t subblock_h = 1, std::uint32_t old_icb = 0,
                 std::uint32_t input_count = 0, std::uint32_t total_rows = 0)
{
    if constexpr (init) {
        if constexpr (use_dt)
            tilize_init_short_with_dt(old_icb, icb, block_w, ocb);
        else
            ::ckernel::tilize_init(icb, block_w, ocb);
    }
    const std::uint32_t per = input_count ? input_count : block_w;
    std::uint32_t rows_left = total_rows;
    for (std::uint32_t b = 0; b < num_blocks; b++)
        for (std::uint32_t h = 0; h < subblock_h; h++) {
            std::uint32_t take = per;
            if (total_rows) {
                take = rows_left < 32 ? rows_left : 32;
                rows_left -= take;
            }
            if constexpr (!skip_wait) cb_wait_front(icb, take);
            cb_reserve_back(ocb, block_w);
            tilize_block(icb, block_w, ocb);
            cb_push_back(ocb, block_w);
            cb_pop_front(icb, take);
        }
    if constexpr (uninit) {
        if constexpr (use_dt && !use_fast) // (ttnn's fast uninit keeps the new format)
            tilize_uninit_with_dt(icb, old_icb, ocb);
        else
            ::ckernel::tilize_uninit(icb, ocb);
    }
}

// The flags form (ttnn's between the .h era and the config form): the .h
// era's arguments, its bools as TilizeFlags (no default: a call without
// template arguments is the .h era's).
template <TilizeFlags flags>
ALWI void tilize(std::uint32_t icb, std::uint32_t block_w, std::uint32_t ocb,
                 std::uint32_t num_blocks, std::uint32_t subblock_h = 1, std::uint32_t old_icb = 0,
                 std::uint32_t input_count = 0, std::uint32_t total_rows = 0)
{
    tilize<!has_flag(flags, TilizeFlags::SKIP_INIT), !has_flag(flags, TilizeFlags::SKIP_UNINIT),
           has_flag(flags, TilizeFlags::FAST), has_flag(flags, TilizeFlags::DT_RECONFIG),
           has_flag(flags, TilizeFlags::SKIP_WAIT)>(icb, block_w, ocb, num_blocks, subblock_h,
                                                    old_icb, input_count, total_rows);
}

// The config form: tilize<TilizeConfig<InputCB<in>, OutputCB<out>[, flags,
// PreviousCB<old>]>>(tiles_per_row, num_blocks[, subblock_height,
// override_input_count, total_rows]), the same steps as the .h era's.
template <class Config>
ALWI void tilize(std::uint32_t tiles_per_row, std::uint32_t num_blocks,
                 std::uint32_t subblock_height = 1, std::uint32_t override_input_count = 0,
                 std::uint32_t total_rows = 0)
{
    static_assert(std::is_base_of_v<TilizeConfigBase, Config>,
                  "compute_kernel_lib::tilize<Config>: a TilizeConfig<InputCB<N>, OutputCB<N>>");
    tilize<Config::flags>(Config::input_cb, tiles_per_row, Config::output_cb, num_blocks,
                          subblock_height, Config::previous_cb, override_input_count, total_rows);
}
template <class Config> ALWI void tilize_init(std::uint32_t tiles_per_row)
{
    static_assert(std::is_base_of_v<TilizeConfigBase, Config>,
                  "compute_kernel_lib::tilize_init<Config>: a TilizeConfig");
    if constexpr (has_flag(Config::flags, TilizeFlags::DT_RECONFIG))
        tilize_init_short_with_dt(Config::previous_cb, Config::input_cb, tiles_per_row,
                                  Config::output_cb);
    else
        ::ckernel::tilize_init(Config::input_cb, tiles_per_row, Config::output_cb);
}
template <class Config> ALWI void tilize_uninit()
{
    static_assert(std::is_base_of_v<TilizeConfigBase, Config>,
                  "compute_kernel_lib::tilize_uninit<Config>: a TilizeConfig");
    if constexpr (has_flag(Config::flags, TilizeFlags::DT_RECONFIG) &&
                  !has_flag(Config::flags, TilizeFlags::FAST))
        tilize_uninit_with_dt(Config::input_cb, Config::previous_cb, Config::output_cb);
    else
        ::ckernel::tilize_uninit(Config::input_cb, Config::output_cb);
}
} // namespace compute_kernel_lib

// (as ttnn's: kernels name the config types without the namespace)
using compute_kernel_lib::InputCB;
using compute_kernel_lib::OutputCB;
using compute_kernel_lib::PreviousCB;
using compute_kernel_lib::TilizeConfig;
using compute_kernel_lib::TilizeFlags;
