// Base of tt-foil's C++ kernel API (tt-metal's names over our C kernel API):
// attribute macros, noc_index, which device primitives this build has, and
// the mechanism that turns a tt-metal name we do not provide into a compile
// error saying so. Included by every header of device/tt-metal.
#ifndef TF_TTM_BASE_HPP
#define TF_TTM_BASE_HPP

#ifndef __cplusplus
#error                                                                                             \
    "device/tt-metal is tt-metal's C++ kernel API: compile the kernel as C++ (.cpp); C kernels use device/include"
#endif

#include <algorithm> // std::min/max: tt-metal's API headers pull them in (libstdc++'s
                     // <tuple>/<array> include stl_algobase.h), and kernels use them
                     // without including <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "api/debug/waypoint.h"
#include "circular_buffer.h"
#include "kernel_args.h"
#include "kernel_profiler.h"
#include "tf_device.h"
#include "tt_foil/risc_mailbox.hpp"

#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif

// Blackhole's RISCs cache what they read from L1, and a kernel reading a
// word another RISC or core writes (a data-movement kernel polling, a
// compute kernel reading a CB's tile) invalidates that cache first; these
// RISCs read L1 itself: there is nothing to invalidate.
FORCE_INLINE void invalidate_l1_cache() {}
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
// noc_mode's values: each RISC on its own NOC (the only mode here) or any.
#define DM_DEDICATED_NOC 0
#define DM_DYNAMIC_NOC   1
#define NUM_NOCS         2

// The device primitives everything below is built on (two NOCs,
// multicast, interleaved buffers, common args, CB formats, dev_fault).
#include "dev_banks.h"
#include "dev_noc.h"
#include "tf_formats.h"

// A tt-metal name tt-foil does not provide: any use is a compile error
// "'<name>' is unavailable: not supported by tt-foil: <why>" (clang's
// `unavailable` attribute, diagnosed by the front end at the use).
#define TF_UNSUPPORTED(why) __attribute__((unavailable("not supported by tt-foil: " why)))
// Declare function `name` unsupported, whatever its arguments: template
// arguments that are values (noc_async_read_one_packet_set_state<true>) or
// types (rt_args::get<uint32_t>(0): without the second form that was "no
// matching function", the reason only in a note), or none. The result
// converts to anything, so that the use's only error is the reason.
namespace tf_ttm
{
struct unsupported_result {
    template <class T> operator T() const;
    // (a range-for over one, as over shard_pages(), is the same one error)
    const unsupported_result *begin() const;
    const unsupported_result *end() const;
    // (so is indexing one, as a pointer (get_cb_tiles_received_ptr(cb)[0]),
    // or computing with one (MEM_ZEROS_SIZE / sizeof(uint32_t)))
    template <class T> const unsupported_result &operator[](T) const;
    template <class T> const unsupported_result &operator=(T) const;
    template <class T> const unsupported_result &operator+=(T) const;
    template <class T> const unsupported_result &operator-=(T) const;
};
#define TF_UNSUPPORTED_OP(op)                                                                      \
    template <class T> unsupported_result operator op(const unsupported_result &, const T &);      \
    template <class T> unsupported_result operator op(const T &, const unsupported_result &);      \
    unsupported_result operator op(const unsupported_result &, const unsupported_result &);
TF_UNSUPPORTED_OP(+)
TF_UNSUPPORTED_OP(-)
TF_UNSUPPORTED_OP(*)
TF_UNSUPPORTED_OP(/)
TF_UNSUPPORTED_OP(%)
TF_UNSUPPORTED_OP(<<)
TF_UNSUPPORTED_OP(>>)
TF_UNSUPPORTED_OP(&)
TF_UNSUPPORTED_OP(|)
TF_UNSUPPORTED_OP(<)
TF_UNSUPPORTED_OP(>)
TF_UNSUPPORTED_OP(<=)
TF_UNSUPPORTED_OP(>=)
TF_UNSUPPORTED_OP(==)
TF_UNSUPPORTED_OP(!=)
#undef TF_UNSUPPORTED_OP
} // namespace tf_ttm
#define TF_UNSUPPORTED_FN(name, why)                                                               \
    template <auto... tf_v_, class... tf_a_>                                                       \
    TF_UNSUPPORTED(why)                                                                            \
    tf_ttm::unsupported_result name(tf_a_ &&...);                                                  \
    template <class tf_t0_, class... tf_t_, class... tf_a_>                                        \
    TF_UNSUPPORTED(why)                                                                            \
    tf_ttm::unsupported_result name(tf_a_ &&...)
// A member function of a tt-metal class we do not provide (inside the
// class): any call, whatever its arguments, is the error, with the reason
// (once: a member template was diagnosed twice).
#define TF_UNSUPPORTED_MEMBER(name, why)                                                           \
    TF_UNSUPPORTED(why) tf_ttm::unsupported_result name(...) const
// A constant (NUM_DRAM_BANKS): any use is the error, with the reason.
#define TF_UNSUPPORTED_VAR(name, why)                                                              \
    extern const tf_ttm::unsupported_result name TF_UNSUPPORTED(why)

namespace tf_ttm
{
template <class... T> inline constexpr bool dependent_false = false;
} // namespace tf_ttm

#endif
