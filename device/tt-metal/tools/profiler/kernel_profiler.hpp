// tt-metal's device-profiler macros (tools/profiler/kernel_profiler.hpp) on
// tt-foil's device zones (device/include/kernel_profiler.h): every one shows
// up in the device profile and the reports with its name, file and line.
// Without -DTT_FOIL_DEVICE_PROFILER=ON they compile to nothing, as tt-metal's
// without PROFILE_KERNEL.
//
//   DeviceZoneScopedN(name)           a zone: START and END markers
//   DeviceZoneScopedMainN(name)       the same (tt-metal's firmware-level
//   DeviceZoneScopedMainChildN(name)  "guaranteed" zones; here zones are
//                                     never split, so ordinary zones)
//   DeviceZoneScopedSumN1/N2(name)    accumulated: one total per dispatch
//   DeviceTimestampedData(name, v)    timestamp + 64-bit value
//   DeviceRecordEvent(id)             timestamp + event id
//   DeviceValidateProfiler(cond)      false: this RISC's data of the
//                                     dispatch is discarded (and reported)
#ifndef TF_TTM_KERNEL_PROFILER_HPP
#define TF_TTM_KERNEL_PROFILER_HPP

#include "tt_foil/base.hpp"

#define DeviceZoneScopedMainN(name)      DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)

// Firmware bookkeeping of tt-metal's profiler; tt-foil's firmware does it.
#define DeviceZoneSetCounter(counter) tf_unsupported_DeviceZoneSetCounter(counter)
#define DeviceProfilerInit()          tf_unsupported_DeviceProfilerInit()
#define DeviceTraceOnlyProfilerInit() tf_unsupported_DeviceTraceOnlyProfilerInit()
#define DeviceIncrementTraceCount()   tf_unsupported_DeviceIncrementTraceCount()
TF_UNSUPPORTED_FN(
    tf_unsupported_DeviceZoneSetCounter,
    "DeviceZoneSetCounter (firmware bookkeeping: tt-foil's firmware owns the profiler buffers)");
TF_UNSUPPORTED_FN(tf_unsupported_DeviceProfilerInit,
                  "DeviceProfilerInit (tt-foil's firmware sets the profiler up at every dispatch)");
TF_UNSUPPORTED_FN(tf_unsupported_DeviceTraceOnlyProfilerInit,
                  "DeviceTraceOnlyProfilerInit (no trace-only profiler mode)");
TF_UNSUPPORTED_FN(tf_unsupported_DeviceIncrementTraceCount,
                  "DeviceIncrementTraceCount (no trace replay)");

#endif
