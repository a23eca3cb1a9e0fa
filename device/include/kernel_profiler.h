/* Device zones: DeviceZoneScopedN("name") times the rest of the enclosing
 * block on this RISC. Without -DTT_FOIL_DEVICE_PROFILER=ON this header
 * compiles to nothing. (The profiler itself arrives with the device
 * profiler; see docs/profiling.md.) */
#ifndef TF_KERNEL_PROFILER_H
#define TF_KERNEL_PROFILER_H

#define DeviceZoneScopedN(name)
#define DeviceZoneBegin(name) 0
#define DeviceZoneEnd(token)  ((void)(token))

#endif
