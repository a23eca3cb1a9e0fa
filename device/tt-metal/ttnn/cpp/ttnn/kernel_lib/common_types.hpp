// ttnn's compute kernel helper library (ttnn/cpp/ttnn/kernel_lib), tt-foil's
// own implementation over its compute API: the types the helpers share.
// docs/kernels.md "5.4 ttnn's kernel_lib" says what is supported and refused.
#pragma once

#include <type_traits>

#include "api/compute/compute_kernel_api.h"

namespace compute_kernel_lib
{
// No accumulation across calls (the default of reduce and the binary ops).
struct NoAccumulation {
};

// No post-op (a helper calls its post-op with the DEST index of each result).
struct NoOp {
    ALWI void operator()(std::uint32_t = 0) const {}
};
} // namespace compute_kernel_lib

namespace tf_klib
{
// A CB given as its index (an integer or tt::CBIndex) or as an object:
// Device 2.0's CircularBuffer (get_cb_id) or a DataflowBuffer (get_id).
template <class T, class = void> struct has_get_cb_id : std::false_type {
};
template <class T>
struct has_get_cb_id<T, std::void_t<decltype(std::declval<const T &>().get_cb_id())>>
    : std::true_type {
};
template <class T, class = void> struct has_get_id : std::false_type {
};
template <class T>
struct has_get_id<T, std::void_t<decltype(std::declval<const T &>().get_id())>> : std::true_type {
};
// A post-op that sets the FPU up for itself (an sfpu_chain holding a
// DestReuseOp says so with clashes_with_fpu): the helper calling it sets its
// own op up again after it, as ttnn's.
template <class T, class = void> struct clashes_with_fpu : std::false_type {
};
template <class T>
struct clashes_with_fpu<T, std::void_t<decltype(T::clashes_with_fpu)>>
    : std::bool_constant<T::clashes_with_fpu> {
};
template <class T> inline constexpr bool clashes_with_fpu_v = clashes_with_fpu<T>::value;

template <class T> ALWI std::uint32_t cb_index(const T &cb)
{
    if constexpr (std::is_integral_v<T> || std::is_enum_v<T>)
        return (std::uint32_t)cb;
    else if constexpr (has_get_cb_id<T>::value)
        return cb.get_cb_id();
    else if constexpr (has_get_id<T>::value)
        return cb.get_id();
    else {
        static_assert(std::is_integral_v<T>, "compute_kernel_lib: a CB is an index, a "
                                             "CircularBuffer or a DataflowBuffer");
        return 0;
    }
}
} // namespace tf_klib
