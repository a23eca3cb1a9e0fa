/* Firmware-side hooks of the device profiler; empty without it. */
#ifndef TF_FW_PROFILER_H
#define TF_FW_PROFILER_H

#define tf_fw_profiler_init()   ((void)0)
#define TF_FW_ZONE_BEGIN(v)     ((void)0)
#define TF_FW_ZONE_END(v)       ((void)0)
#define TF_KERNEL_ZONE_BEGIN(v) ((void)0)
#define TF_KERNEL_ZONE_END(v)   ((void)0)

#endif
