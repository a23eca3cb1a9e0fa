// tt-metal's experimental/endpoints.h (Device 2.0): its objects are not supported here;
// tt_foil/unsupported.hpp declares them with the reason, so a kernel that
// includes this header gets that reason at the use, not "file not found".
#include "api/dataflow/dataflow_api.h"
