// tt-metal's api/dataflow/endpoints.h: UnicastEndpoint, MulticastEndpoint
// and AllocatorBank<AllocatorBankType::L1 or DRAM> at the top level, the
// types of experimental:: here (tt_foil/device2.hpp), moved by either Noc
// (api/dataflow/noc.h gives the top-level Noc their traits).
#ifndef TF_TTM_API_DATAFLOW_ENDPOINTS_H
#define TF_TTM_API_DATAFLOW_ENDPOINTS_H

#include "api/dataflow/noc.h"

using experimental::AllocatorBank;
using experimental::AllocatorBankType;
using experimental::MulticastEndpoint;
using experimental::UnicastEndpoint;

#endif
