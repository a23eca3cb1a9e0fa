// tt-metal's experimental/circular_buffer.h (Device 2.0): tt-foil's Device 2.0 objects
// (tt_foil/device2.hpp; each of these headers gives them all).
#ifdef TF_COMPUTE_ROLE // a compute kernel's CircularBuffer: the CB calls alone
#include "tt_foil/cb_compute.hpp"
#else
#include "api/dataflow/dataflow_api.h"
#include "tt_foil/device2.hpp"
#endif
