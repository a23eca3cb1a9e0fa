// tt-metal's api/dataflow/dataflow_buffer.h (Metal 2.0's DataflowBuffer, the
// object over a circular buffer, and its binding tokens): the header is here
// so that a kernel that includes it and uses the legacy cb_* functions
// builds; its names are refused at their use, with the reason
// (docs/kernels.md section 3; experimental::CircularBuffer is provided).
#ifndef TF_TTM_API_DATAFLOW_DATAFLOW_BUFFER_H
#define TF_TTM_API_DATAFLOW_DATAFLOW_BUFFER_H

#include "api/dataflow/noc.h"

TF_UNSUPPORTED_CLASS_AS(DataflowBuffer, "DataflowBuffer", "use the cb_* functions");
TF_UNSUPPORTED_CLASS_AS(DFBBindingToken, "DFBBindingToken (DataflowBuffer bindings)",
                        "use the cb_* functions with a CB id");
TF_UNSUPPORTED_CLASS_AS(RelayDFBBindingToken, "RelayDFBBindingToken (DataflowBuffer bindings)",
                        "use the cb_* functions with a CB id");

#endif
