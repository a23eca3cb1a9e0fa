// tt-metal's api/tensor/noc_traits.h: noc_traits_t's specializations that
// let 2026's top-level Noc move TensorAccessor pages. That Noc and its
// noc_traits_t are refused here (api/dataflow/noc.h; experimental::Noc's
// are tt_foil/device2.hpp's), so this header declares nothing more:
// it is here so that a kernel that includes it and uses TensorAccessor with
// the noc_async_* functions builds.
#ifndef TF_TTM_API_TENSOR_NOC_TRAITS_H
#define TF_TTM_API_TENSOR_NOC_TRAITS_H

#include "api/dataflow/noc.h"
#include "api/tensor/tensor_accessor.h"

#endif
