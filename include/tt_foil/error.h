/* tt-foil error convention: functions that can fail return an int status
 * (0 = ok, non-zero = failed) and constructors return NULL; either way the
 * reason is a formatted message kept per thread until the next failure. */
#ifndef TT_FOIL_ERROR_H
#define TT_FOIL_ERROR_H

#include "tt_foil/export.h"

#ifdef __cplusplus
extern "C" {
#endif
TF_API_BEGIN

/* The message of the last failure on this thread ("" if none yet). */
const char *tf_last_error(void);

/* Warnings: something the library noticed and survived (a device zone
 * buffer overflowed, a kernel's ELF changed...). The library does not
 * write to stderr itself: it calls the handler, which by default prints
 * "tt-foil: warning: <msg>" to stderr. Pass NULL to restore the default.
 * The handler may be called from any thread. One exception: the host
 * profiler's recorder writes its own lines ("tt-foil profiler: ...": a
 * trace file it cannot write, records lost or texts cut, counted at exit,
 * a TT_FOIL_PROF_CLOCK value it does not take) straight to stderr, as they
 * come before main (it starts with the process), at exit or in a crash
 * handler, where calling back into the program is not safe. */
typedef void (*tf_warning_fn)(void *ctx, const char *msg);
void tf_set_warning_handler(tf_warning_fn fn, void *ctx);

TF_API_END
#ifdef __cplusplus
}
#endif
#endif
