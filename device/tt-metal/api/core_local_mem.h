// tt-metal's api/core_local_mem.h: CoreLocalMem at the top level, the type
// experimental::CoreLocalMem is here (tt_foil/device2.hpp), moved by either
// Noc (api/dataflow/noc.h gives the top-level Noc its traits).
#ifndef TF_TTM_API_CORE_LOCAL_MEM_H
#define TF_TTM_API_CORE_LOCAL_MEM_H

#include "api/dataflow/noc.h"

using experimental::CoreLocalMem;

#endif
