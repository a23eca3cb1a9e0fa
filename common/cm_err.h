/* Internal side of the error convention (see include/tt_foil/error.h). */
#ifndef TF_ERR_H
#define TF_ERR_H

#include "tt_foil/error.h"

/* Record a formatted failure message; returns -1 so callers can write
 * `return cm_err_set(...)`. */
int cm_err_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prefix the current message with more context ("loading x.elf: " + msg). */
int cm_err_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Append more to the current message ("...; what to do"). */
int cm_err_append(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Same as cm_err_set but returns NULL, for constructors. */
void *cm_err_null(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Forget the last message (used by tests). */
void cm_err_clear(void);

#endif
