// tt-metal's api/dataflow/noc.h (Device 2.0's Noc object, outside
// `experimental` since 2026, with its NocOptions, NocOptVals and the
// noc_traits_t customization point, and its NocOptions flags instead of
// experimental::Noc's template enums): the header is here so that a kernel
// that includes it and uses the legacy functions or experimental::'s
// objects (tt_foil/device2.hpp) builds; its own names are refused at their
// use, with the reason (docs/kernels.md section 3).
#ifndef TF_TTM_API_DATAFLOW_NOC_H
#define TF_TTM_API_DATAFLOW_NOC_H

#include "api/dataflow/dataflow_api.h"

TF_UNSUPPORTED_CLASS_AS(Noc, "Noc", "use the noc_async_* functions");
// (its flags, so that NocOptions::TXN_ID is the reason, not "no member")
enum class TF_UNSUPPORTED("NocOptions (options of Noc) (Device 2.0 objects): use the "
                          "noc_async_* functions") NocOptions : std::uint32_t {
    DEFAULT = 0,
    TXN_ID = 1u << 0,
    POSTED = 1u << 1,
    CUSTOM_VC = 1u << 2,
    MCAST_INCL_SRC = 1u << 3,
    INLINE_L1 = 1u << 4,
    INLINE_REG = 1u << 5,
};
TF_UNSUPPORTED_CLASS_AS(NocOptVals, "NocOptVals (options of Noc)", "use the noc_async_* functions");
TF_UNSUPPORTED_CLASS_AS(DataflowBufferArgs, "DataflowBufferArgs (arguments of Noc)",
                        "use the noc_async_* functions");
template <class T> struct noc_traits_t {
    static_assert(tf_ttm::dependent_false<T>,
                  "not supported by tt-foil: noc_traits_t (Device 2.0 objects): use the "
                  "noc_async_* functions");
};

#endif
