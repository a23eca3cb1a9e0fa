// Named compile-time arguments: KERNEL_COMPILE_TIME_ARG_MAP = {"name",v},...
// (tt_foil_add_kernel NAMED_COMPILE_ARGS name=v, tt_foil_cc --named-arg,
// tf_kernel_build_opts.named_args). A name not in the map is a compile
// error naming tf_named_compile_time_arg_not_found.
#ifndef TF_TTM_NAMED_COMPILE_TIME_ARGS_H
#define TF_TTM_NAMED_COMPILE_TIME_ARGS_H

#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tf_ttm
{
struct named_ct_arg {
    std::string_view name;
    std::uint32_t value;
};
#ifdef KERNEL_COMPILE_TIME_ARG_MAP
inline constexpr named_ct_arg named_args_map[] = {KERNEL_COMPILE_TIME_ARG_MAP};
inline constexpr std::size_t num_named_args = sizeof named_args_map / sizeof named_args_map[0];
#else
inline constexpr named_ct_arg named_args_map[1] = {{"", 0}};
inline constexpr std::size_t num_named_args = 0;
#endif
// Not constexpr on purpose: reaching it in a constant expression is the
// compile error for an unknown name.
std::uint32_t tf_named_compile_time_arg_not_found(std::string_view name);
} // namespace tf_ttm

constexpr std::uint32_t get_named_ct_arg(std::string_view name)
{
    for (std::size_t i = 0; i < tf_ttm::num_named_args; i++)
        if (tf_ttm::named_args_map[i].name == name) return tf_ttm::named_args_map[i].value;
    return tf_ttm::tf_named_compile_time_arg_not_found(name);
}
#define get_named_compile_time_arg_val(name)                                                       \
    (std::integral_constant<std::uint32_t, get_named_ct_arg(name)>::value)

#endif
