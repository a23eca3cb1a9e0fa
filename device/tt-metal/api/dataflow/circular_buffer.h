// tt-metal's api/dataflow/circular_buffer.h: CircularBuffer and
// use<CircularBuffer::AddrSelector::...>(cb) at the top level, the types of
// experimental:: here (tt_foil/device2.hpp), moved by either Noc
// (api/dataflow/noc.h gives the top-level Noc their traits).
#ifndef TF_TTM_API_DATAFLOW_CIRCULAR_BUFFER_H
#define TF_TTM_API_DATAFLOW_CIRCULAR_BUFFER_H

#ifdef TF_COMPUTE_ROLE // a compute kernel's CircularBuffer: the CB calls alone
#include "tt_foil/cb_compute.hpp"

using experimental::CircularBuffer;
#else
#include "api/dataflow/noc.h"

using experimental::CircularBuffer;
using experimental::use;
#endif

#endif
