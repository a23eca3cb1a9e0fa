// tt-metal's older include path of the data-movement API.
#include "api/dataflow/dataflow_api.h"
