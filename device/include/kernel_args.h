/* Runtime arguments, for data-movement and compute kernels alike (set by
 * the host with tf_program_set_args). */
#ifndef TF_KERNEL_ARGS_H
#define TF_KERNEL_ARGS_H

#include "tf_device.h"

/* Runtime argument i of this RISC. */
TF_ALWAYS_INLINE uint32_t get_arg_val(uint32_t i)
{
    return ((volatile uint32_t *)TF_L1_RTA(TF_RISC))[i];
}

/* L1 address of runtime argument i (for passing arrays). */
TF_ALWAYS_INLINE uint32_t get_arg_addr(uint32_t i)
{
    return TF_L1_RTA(TF_RISC) + 4 * i;
}

#endif
