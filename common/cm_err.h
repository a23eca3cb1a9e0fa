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

/* Report a warning through the handler of tf_set_warning_handler. */
void cm_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The two kinds of check (docs/architecture.md, "Errors"):
 * - caller misuse (NULL handle, double free, wrong device): an API check
 *   that sets the message and returns -1 / NULL, always on;
 * - internal invariants: CM_ASSERT, on in Debug and sanitizer builds
 *   (TT_FOIL_ASSERTS), compiled out elsewhere. */
#if defined(TT_FOIL_ASSERTS) && TT_FOIL_ASSERTS
#define CM_ASSERT(cond) ((cond) ? (void)0 : cm_assert_fail(#cond, __FILE__, __LINE__, __func__))
#else
#define CM_ASSERT(cond) ((void)0)
#endif
_Noreturn void cm_assert_fail(const char *cond, const char *file, int line, const char *func);

/* Internal status functions whose result must be looked at. */
#define CM_CHECK __attribute__((warn_unused_result))

#endif
