/* Runtime arguments, for data-movement and compute kernels alike: this
 * RISC's own (tf_program_set_args, per core) and the kernel's common ones
 * (tf_kernel_set_common_args, the same on every core that runs it). */
#ifndef TF_KERNEL_ARGS_H
#define TF_KERNEL_ARGS_H

#include "tf_device.h"

/* L1 address of runtime argument i of this RISC. */
TF_ALWAYS_INLINE uint32_t dev_arg_addr(uint32_t i)
{
    return TF_L1_RTA(TF_RISC) + 4 * i;
}

/* L1 address of common runtime argument i of this RISC's kernel. */
TF_ALWAYS_INLINE uint32_t dev_common_arg_addr(uint32_t i)
{
    return TF_L1_CRTA(TF_RISC) + 4 * i;
}

/* How many runtime args / common runtime args the host set (for range
 * checks). */
TF_ALWAYS_INLINE uint32_t dev_num_args(void)
{
    return ((volatile tf_arg_count *)TF_L1_ARG_COUNT)[TF_RISC].args;
}

TF_ALWAYS_INLINE uint32_t dev_num_common_args(void)
{
    return ((volatile tf_arg_count *)TF_L1_ARG_COUNT)[TF_RISC].common_args;
}

/* tt-metal's watcher check of a runtime arg's index (get_arg_val,
 * get_common_arg_val): in a kernel built with WATCHER_ENABLED, an index
 * past the args the host gave faults, naming it and the count; otherwise
 * nothing (no cycle), as tt-metal without its watcher, where the word read
 * is whatever L1 holds there (a previous dispatch's arg, or 0). */
TF_ALWAYS_INLINE void dev_check_arg(uint32_t i, int common)
{
#if defined(WATCHER_ENABLED) && !defined(WATCHER_DISABLE_ASSERT)
    uint32_t n = common ? dev_num_common_args() : dev_num_args();
    if (i >= n) dev_fault(TF_FAULT_DETAIL_ARG_RANGE, i, n | (common ? TF_ARG_RANGE_COMMON : 0));
#else
    (void)i, (void)common;
#endif
}

/* L1 address of semaphore id (tf_program_set_semaphore; the same on every
 * core). An id past the last faults, naming it: its word would be in the
 * kernel configuration after the semaphores (the arg counts, the CB
 * formats), and an L1 address passed as an id (older tt-metal kernels were
 * given the semaphore's address, not its id) somewhere in the user's L1,
 * both silently. A constant id costs nothing (the check folds away). */
TF_ALWAYS_INLINE uint32_t dev_semaphore_addr(uint32_t id)
{
    if (id >= TF_MAX_SEMAPHORES) dev_fault(TF_FAULT_DETAIL_SEMAPHORE_ID, id, TF_MAX_SEMAPHORES);
    return TF_L1_SEMAPHORE(id);
}

/* The C API (tt-metal's C++ names are templates: the C++ layer defines
 * them on the dev_ functions above). */
#ifndef __cplusplus
/* Runtime argument i of this RISC. */
TF_ALWAYS_INLINE uint32_t get_arg_val(uint32_t i)
{
    dev_check_arg(i, 0);
    return ((volatile uint32_t *)TF_L1_RTA(TF_RISC))[i];
}

/* L1 address of runtime argument i (for passing arrays). */
TF_ALWAYS_INLINE uint32_t get_arg_addr(uint32_t i)
{
    return dev_arg_addr(i);
}

/* Common runtime argument i. */
TF_ALWAYS_INLINE uint32_t get_common_arg_val(uint32_t i)
{
    dev_check_arg(i, 1);
    return ((volatile uint32_t *)TF_L1_CRTA(TF_RISC))[i];
}

TF_ALWAYS_INLINE uint32_t get_common_arg_addr(uint32_t i)
{
    return dev_common_arg_addr(i);
}
#endif

#endif
