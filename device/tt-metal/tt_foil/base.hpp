// Base of tt-foil's C++ kernel API (tt-metal's names over our C kernel API):
// attribute macros, noc_index, which device primitives this build has, and
// the mechanism that turns a tt-metal name we do not provide into a compile
// error saying so. Included by every header of device/tt-metal.
#ifndef TF_TTM_BASE_HPP
#define TF_TTM_BASE_HPP

#ifndef __cplusplus
#error "device/tt-metal is tt-metal's C++ kernel API: compile the kernel as C++ (.cpp); C kernels use device/include"
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "circular_buffer.h"
#include "kernel_args.h"
#include "kernel_profiler.h"
#include "tf_device.h"

#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif
#define tt_l1_ptr
#define tt_reg_ptr
#define ATTR_PACK __attribute__((packed))

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif
#ifndef NOC_MODE
#define NOC_MODE 0
#endif
constexpr std::uint8_t noc_index = NOC_INDEX;
constexpr std::uint8_t noc_mode = NOC_MODE;
#define NUM_NOCS 2

// The device primitives of issue 11's host half (two NOCs, multicast,
// interleaved buffers, common args, CB formats, dev_fault). Until they are
// in the tree, the names built on them fail at compile time saying so.
#if __has_include("dev_noc.h") && __has_include("dev_banks.h") && __has_include("tf_formats.h")
#define TF_TTM_HAVE_HOST_PRIMITIVES 1
#include "dev_banks.h"
#include "dev_noc.h"
#include "tf_formats.h"
#elif __has_include("dev_noc.h") || __has_include("dev_banks.h") || __has_include("tf_formats.h")
#error "tt-foil: only part of dev_noc.h, dev_banks.h and tf_formats.h exists: the C++ kernel API needs all three (or none)"
#else
#define TF_TTM_HAVE_HOST_PRIMITIVES 0
#endif

// A tt-metal name tt-foil does not provide: any use is a compile error
// "'<name>' is unavailable: not supported by tt-foil: <why>" (clang's
// `unavailable` attribute, diagnosed by the front end at the use).
#define TF_UNSUPPORTED(why) __attribute__((unavailable("not supported by tt-foil: " why)))
// A name that needs the host half of issue 11 (see above).
#define TF_NEEDS_HOST(what)                                                                        \
    __attribute__((unavailable(what " needs tt-foil's two-NOC / interleaved-buffer device "        \
                                    "primitives (dev_noc.h, dev_banks.h), which this tree does "   \
                                    "not have yet")))
// Declare function `name` unsupported, whatever its arguments.
#define TF_UNSUPPORTED_FN(name, why)                                                               \
    template <auto... tf_v_, class... tf_a_> TF_UNSUPPORTED(why) void name(tf_a_ &&...)

namespace tf_ttm {
template <class... T> inline constexpr bool dependent_false = false;
} // namespace tf_ttm

#endif
