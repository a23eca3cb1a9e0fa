// tt-metal's experimental/noc_semaphore.h (Device 2.0): tt-foil's Device 2.0 objects
// (tt_foil/device2.hpp; each of these headers gives them all).
#include "api/dataflow/dataflow_api.h"
#include "tt_foil/device2.hpp"
