// ASSERT(condition[, type]): tt-metal's watcher assert. As in tt-metal it
// checks only in a build with the watcher on, which here is a kernel built
// with WATCHER_ENABLED defined (tt_foil_cc --define WATCHER_ENABLED, or
// tf_kernel_build's defines): a false condition stops the RISC with a fault
// naming the kernel's line (TF_FAULT_DETAIL_ASSERT; tt-metal's watcher
// reports the line and hangs the core). Otherwise it expands to nothing, as
// tt-metal's (no modeled cycle; a condition written for the watcher build
// alone, naming what only it declares, builds). The type argument
// (tt-metal's debug_assert_type_t) is accepted and ignored. tt-metal's
// dataflow_api.h includes this.
#ifndef TF_TTM_ASSERT_H
#define TF_TTM_ASSERT_H

#include "tf_device.h"
#include "tf_mailbox.h"

#if defined(WATCHER_ENABLED) && !defined(WATCHER_DISABLE_ASSERT)
#define ASSERT(condition, ...)                                                                     \
    do {                                                                                           \
        if (!(condition)) dev_fault(TF_FAULT_DETAIL_ASSERT, __LINE__, 0);                          \
    } while (0)
#else
#define ASSERT(condition, ...)
#endif

#endif
