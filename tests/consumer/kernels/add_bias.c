/* A C kernel (tt-foil's kernel API, dataflow_api.h) of the consumer project:
 * out[i] = in[i] + bias for n words, through an L1 scratch buffer.
 * args: 0/1 input NOC address lo/hi, 2/3 output lo/hi, 4 L1 scratch
 *       (4 * n bytes), 5 n, 6 bias. A device zone "bias" around the add
 * (recorded when the kernel is built with the device profiler). */
#include "dataflow_api.h"
#include "kernel_profiler.h"

void kernel_main(void)
{
    uint64_t in = ((uint64_t)get_arg_val(1) << 32) | get_arg_val(0);
    uint64_t out = ((uint64_t)get_arg_val(3) << 32) | get_arg_val(2);
    volatile uint32_t *buf = (volatile uint32_t *)get_arg_val(4);
    uint32_t n = get_arg_val(5), bias = get_arg_val(6);
    noc_async_read(in, (uint32_t)(uintptr_t)buf, 4 * n);
    noc_async_read_barrier();
    {
        DeviceZoneScopedN("bias");
        for (uint32_t i = 0; i < n; i++) buf[i] += bias;
    }
    noc_async_write((uint32_t)(uintptr_t)buf, out, 4 * n);
    noc_async_write_barrier();
}
