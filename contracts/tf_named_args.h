/* Metal 2.0 named kernel arguments (docs/kernels.md, "Named arguments"):
 * the rules for their names, which the three builds check alike
 * (src/kbuild.c for tf_kernel_build and tt_foil_cc; tt_foil_add_kernel in
 * cmake/tt_foil_kernel.cmake reads the limit and the keywords from this
 * file), and the unloaded section in which a kernel built with them
 * carries them, written by device/tt-metal/tt_foil/metal2_args.hpp and
 * read by the runtime (src/kargs.c). */
#ifndef TF_NAMED_ARGS_H
#define TF_NAMED_ARGS_H

/* Named runtime args of a kernel at most, and named common runtime args
 * at most (the runtime keeps which were given in a 64-bit mask). */
#define TF_MAX_NAMED_ARGS 64

/* The section: a NUL-terminated string of records, one a line,
 * "<kind><name>=<number>\n", in the order the build was given them:
 * kind TF_KARG_RTA (number: the word of the kernel's runtime args it is,
 * 0, 1, ... in order), TF_KARG_CRTA (the word of its common runtime
 * args, likewise), TF_KARG_CTA (the compile-time value built in, as the
 * build was given it: decimal or 0x hex). An empty string: a Metal 2.0
 * kernel without names (its varargs start at word 0). A kernel built
 * without Metal 2.0 has no such section. */
#define TF_KERNEL_ARGS_SECTION ".tt_foil_kernel_args"
#define TF_KARG_RTA            "R"
#define TF_KARG_CRTA           "C"
#define TF_KARG_CTA            "T"

/* C++ keywords and alternative tokens (C++20's included: a kernel may
 * be built as C++20 some day), which no name may be: `args::int` is no
 * declaration. One a X(...), nothing else in this file written so. */
#define TF_CXX_KEYWORDS(X)                                                                         \
    X(alignas) X(alignof) X(and) X(and_eq) X(asm) X(auto) X(bitand) X(bitor) X(bool) X(break)      \
    X(case) X(catch) X(char) X(char8_t) X(char16_t) X(char32_t) X(class) X(compl) X(concept)       \
    X(const) X(consteval) X(constexpr) X(constinit) X(const_cast) X(continue) X(co_await)          \
    X(co_return) X(co_yield) X(decltype) X(default) X(delete) X(do) X(double) X(dynamic_cast)      \
    X(else) X(enum) X(explicit) X(export) X(extern) X(false) X(float) X(for) X(friend) X(goto)     \
    X(if) X(inline) X(int) X(long) X(mutable) X(namespace) X(new) X(noexcept) X(not) X(not_eq)     \
    X(nullptr) X(operator) X(or) X(or_eq) X(private) X(protected) X(public) X(register)            \
    X(reinterpret_cast) X(requires) X(return) X(short) X(signed) X(sizeof) X(static)               \
    X(static_assert) X(static_cast) X(struct) X(switch) X(template) X(this) X(thread_local)        \
    X(throw) X(true) X(try) X(typedef) X(typeid) X(typename) X(union) X(unsigned) X(using)         \
    X(virtual) X(void) X(volatile) X(wchar_t) X(while) X(xor) X(xor_eq)

#endif
