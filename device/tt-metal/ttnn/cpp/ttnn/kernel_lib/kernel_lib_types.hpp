// ttnn's kernel_lib_types.hpp, for tt-foil: the configuration types of the
// tilize and untilize helpers' config form (tilize<TilizeConfig<...>>,
// untilize<UntilizeConfig<...>>): named wrappers for the numbers, and flags
// that each name a departure from the default (NONE: init, uninit, standard
// tilize, no format switch, waiting). Our own; the names and their meaning
// are ttnn's.
#pragma once

#include <cstdint>

namespace compute_kernel_lib
{
template <std::uint32_t N> struct WidthInTiles {
    static constexpr std::uint32_t value = N;
};
template <std::uint32_t N> struct InputCB {
    static constexpr std::uint32_t value = N;
};
template <std::uint32_t N> struct OutputCB {
    static constexpr std::uint32_t value = N;
};
template <std::uint32_t N> struct PreviousCB {
    static constexpr std::uint32_t value = N;
};
// the older short names
template <std::uint32_t N> using TileWidth = WidthInTiles<N>;
template <std::uint32_t N> using InCB = InputCB<N>;
template <std::uint32_t N> using OutCB = OutputCB<N>;
template <std::uint32_t N> using OldCB = PreviousCB<N>;

namespace types_detail
{
// A wrapper of the wrong kind in a slot leaves the primary undefined: the
// error names the slot ("incomplete type ... of_kind<WidthInTiles, ...>").
template <template <std::uint32_t> class W, class T> struct of_kind;
template <template <std::uint32_t> class W, std::uint32_t N> struct of_kind<W, W<N>> {
    static constexpr std::uint32_t value = N;
};
template <class E> constexpr E flags_or(E a, E b)
{
    return static_cast<E>(static_cast<std::uint32_t>(a) | static_cast<std::uint32_t>(b));
}
template <class E> constexpr E flags_and(E a, E b)
{
    return static_cast<E>(static_cast<std::uint32_t>(a) & static_cast<std::uint32_t>(b));
}
} // namespace types_detail

enum class TilizeFlags : std::uint32_t {
    NONE = 0,
    SKIP_INIT = 1u << 0,   // no tilize_init (an earlier call did it)
    SKIP_UNINIT = 1u << 1, // no tilize_uninit (a later call does it)
    FAST = 1u << 2,        // fast tilize: the standard one here (the same tiles)
    DT_RECONFIG = 1u << 3, // the unpacker's format from PreviousCB's to the input's, and back
    SKIP_WAIT = 1u << 4,   // the caller waited for the input
};
enum class UntilizeFlags : std::uint32_t {
    NONE = 0,
    SKIP_INIT = 1u << 0,
    SKIP_UNINIT = 1u << 1,
    WAIT_UPFRONT = 1u << 2, // every input tile first, then row by row
    // block-wise pack_untilize for wide Float32 rows on the hardware: the
    // same bytes here, whichever way
    FORCE_PACK_UNTILIZE_WIDE_FP32 = 1u << 3,
};
constexpr TilizeFlags operator|(TilizeFlags a, TilizeFlags b)
{
    return types_detail::flags_or(a, b);
}
constexpr TilizeFlags operator&(TilizeFlags a, TilizeFlags b)
{
    return types_detail::flags_and(a, b);
}
constexpr bool has_flag(TilizeFlags all, TilizeFlags f)
{
    return (static_cast<std::uint32_t>(all) & static_cast<std::uint32_t>(f)) != 0;
}
constexpr UntilizeFlags operator|(UntilizeFlags a, UntilizeFlags b)
{
    return types_detail::flags_or(a, b);
}
constexpr UntilizeFlags operator&(UntilizeFlags a, UntilizeFlags b)
{
    return types_detail::flags_and(a, b);
}
constexpr bool has_flag(UntilizeFlags all, UntilizeFlags f)
{
    return (static_cast<std::uint32_t>(all) & static_cast<std::uint32_t>(f)) != 0;
}

struct TilizeConfigBase {
};
struct UntilizeConfigBase {
};

template <class InputCBT, class OutputCBT, TilizeFlags Flags = TilizeFlags::NONE,
          class PreviousCBT = PreviousCB<0>>
struct TilizeConfig : TilizeConfigBase {
    static constexpr std::uint32_t input_cb = types_detail::of_kind<InputCB, InputCBT>::value;
    static constexpr std::uint32_t output_cb = types_detail::of_kind<OutputCB, OutputCBT>::value;
    static constexpr std::uint32_t previous_cb =
        types_detail::of_kind<PreviousCB, PreviousCBT>::value;
    static constexpr TilizeFlags flags = Flags;
    static_assert(input_cb < 32 && output_cb < 32 && previous_cb < 32,
                  "TilizeConfig: CB indices are below 32");
    static_assert(input_cb != output_cb, "TilizeConfig: the input and output CBs differ");
};

template <class WidthInTilesT, class InputCBT, class OutputCBT,
          UntilizeFlags Flags = UntilizeFlags::NONE>
struct UntilizeConfig : UntilizeConfigBase {
    static constexpr std::uint32_t width_in_tiles =
        types_detail::of_kind<WidthInTiles, WidthInTilesT>::value;
    static constexpr std::uint32_t input_cb = types_detail::of_kind<InputCB, InputCBT>::value;
    static constexpr std::uint32_t output_cb = types_detail::of_kind<OutputCB, OutputCBT>::value;
    static constexpr UntilizeFlags flags = Flags;
    static_assert(width_in_tiles > 0, "UntilizeConfig: WidthInTiles above 0");
    static_assert(input_cb < 32 && output_cb < 32, "UntilizeConfig: CB indices are below 32");
    static_assert(input_cb != output_cb, "UntilizeConfig: the input and output CBs differ");
};
} // namespace compute_kernel_lib
