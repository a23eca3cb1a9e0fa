/* tt-foil error convention: functions that can fail return an int status
 * (0 = ok, non-zero = failed) and constructors return NULL; either way the
 * reason is a formatted message kept per thread until the next failure. */
#ifndef TT_FOIL_ERROR_H
#define TT_FOIL_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

/* The message of the last failure on this thread ("" if none yet). */
const char *tf_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
