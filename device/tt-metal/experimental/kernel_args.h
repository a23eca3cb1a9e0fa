// Metal 2.0's named kernel arguments (tt-metal's experimental/kernel_args.h),
// for data-movement and compute kernels alike: the accessor types a
// kernel's `args::name` constants have (RtaArg: a runtime arg, CrtaArg: a
// common runtime arg, each by its byte offset in the kernel's args;
// CtaVal: a named compile-time arg's value) and get_arg() of each, found
// by argument-dependent lookup (`get_arg(args::count)`).
//
// The constants themselves, get_vararg and get_common_vararg are the
// build's (tt_foil/metal2_args.hpp), for a kernel built as Metal 2.0:
// given runtime or common runtime arg names, or the metal2 switch
// (tf_kernel_build_opts, tt_foil_cc --rta/--crta/--metal2,
// tt_foil_add_kernel RUNTIME_ARG_NAMES/COMMON_RUNTIME_ARG_NAMES/METAL2).
// Metal 2.0 kernels include this header, as tt-metal tells its porters
// to; it gives nothing else.
#ifndef TF_TTM_EXPERIMENTAL_KERNEL_ARGS_H
#define TF_TTM_EXPERIMENTAL_KERNEL_ARGS_H

#include "tt_foil/args.hpp"
#ifdef COMPILE_FOR_TRISC
// (a compute kernel including this alone has the compute API's common
// names, as tt-metal's, which includes api/compute/common.h there)
#include "api/compute/common.h"
#endif

namespace experimental
{
template <typename T> struct RtaArg {
    std::uint32_t byte_offset;
};
template <typename T> struct CrtaArg {
    std::uint32_t byte_offset;
};
template <typename T> struct CtaVal {
    T value;
};

// Words of 4 bytes, as tt-metal's (whose generated constants are all
// uint32_t; a type of another size is refused here as there).
template <typename T> FORCE_INLINE T get_arg(RtaArg<T> arg)
{
    static_assert(sizeof(T) == 4, "get_arg(RtaArg<T>): only 4-byte (uint32_t) named args, as "
                                  "in tt-metal");
    return get_arg_val<T>((int)(arg.byte_offset / sizeof(std::uint32_t)));
}
template <typename T> FORCE_INLINE T get_arg(CrtaArg<T> arg)
{
    static_assert(sizeof(T) == 4, "get_arg(CrtaArg<T>): only 4-byte (uint32_t) named args, as "
                                  "in tt-metal");
    return get_common_arg_val<T>((int)(arg.byte_offset / sizeof(std::uint32_t)));
}
// (a compile-time constant: `constexpr auto n = get_arg(args::n);`)
template <typename T> FORCE_INLINE constexpr T get_arg(CtaVal<T> arg)
{
    return arg.value;
}
} // namespace experimental

// Metal 2.0's TT_KERNEL entry (`template <uint32_t n> TT_KERNEL void
// f(uint32_t a)`, whose kernel_main tt-metal's JIT generates from the
// parameters) is not built by tt-foil: the error is at the marker.
// (one string literal: _Pragma takes no concatenation)
// clang-format off
#define TT_KERNEL _Pragma("GCC error \"TT_KERNEL is not supported by tt-foil: tt-foil generates no kernel_main from an entry's parameters; write void kernel_main() and read each parameter with get_arg(args::name)\"")
// clang-format on

#ifndef TF_M2_ARGS
// A kernel that includes this header but was not built as Metal 2.0 has
// no args:: constants and no varargs (as tt-metal, which fences them off
// so that a legacy kernel may have an `args` of its own: a variable of
// that name hides this type). Using them says how to build it.
#define TF_M2_NOT_BUILT                                                                            \
    "this kernel was not built as a Metal 2.0 kernel, so it has no args:: names and no varargs: "  \
    "give the build its runtime arg names (tf_kernel_build_opts.runtime_arg_names, tt_foil_cc "    \
    "--rta, tt_foil_add_kernel RUNTIME_ARG_NAMES), common runtime arg names (--crta, "             \
    "COMMON_RUNTIME_ARG_NAMES) or the metal2 switch (--metal2, METAL2)"
struct __attribute__((unavailable(TF_M2_NOT_BUILT))) args {
};
__attribute__((unavailable(TF_M2_NOT_BUILT))) std::uint32_t get_vararg(std::uint32_t idx);
__attribute__((unavailable(TF_M2_NOT_BUILT))) std::uint32_t get_common_vararg(std::uint32_t idx);
#undef TF_M2_NOT_BUILT
#endif

#endif
