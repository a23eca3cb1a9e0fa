/* Per-thread error message storage for the int-status + message convention. */
#include "cm_err.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define TF_ERR_MAX 4096

static __thread char cm_err_buf[TF_ERR_MAX];

const char *tf_last_error(void)
{
    return cm_err_buf;
}

static void cm_err_vset(const char *fmt, va_list ap)
{
    vsnprintf(cm_err_buf, sizeof cm_err_buf, fmt, ap);
}

int cm_err_set(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cm_err_vset(fmt, ap);
    va_end(ap);
    return -1;
}

void *cm_err_null(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cm_err_vset(fmt, ap);
    va_end(ap);
    return NULL;
}

int cm_err_prefix(const char *fmt, ...)
{
    char old[TF_ERR_MAX];
    memcpy(old, cm_err_buf, sizeof old);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(cm_err_buf, sizeof cm_err_buf, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof cm_err_buf)
        snprintf(cm_err_buf + n, sizeof cm_err_buf - (size_t)n, "%s", old);
    return -1;
}

int cm_err_append(const char *fmt, ...)
{
    size_t n = strlen(cm_err_buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cm_err_buf + n, sizeof cm_err_buf - n, fmt, ap);
    va_end(ap);
    return -1;
}

void cm_err_clear(void)
{
    cm_err_buf[0] = 0;
}

/* ---- warnings ------------------------------------------------------------ */

static void default_warning(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "tt-foil: warning: %s\n", msg);
}

static tf_warning_fn warn_fn = default_warning;
static void *warn_ctx;

void tf_set_warning_handler(tf_warning_fn fn, void *ctx)
{
    __atomic_store_n(&warn_ctx, ctx, __ATOMIC_RELAXED);
    __atomic_store_n(&warn_fn, fn ? fn : default_warning, __ATOMIC_RELEASE);
}

void cm_warn(const char *fmt, ...)
{
    char msg[TF_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tf_warning_fn fn = __atomic_load_n(&warn_fn, __ATOMIC_ACQUIRE);
    fn(__atomic_load_n(&warn_ctx, __ATOMIC_RELAXED), msg);
}

void cm_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    fprintf(stderr, "tt-foil: internal error: assertion `%s` failed at %s:%d (%s)\n", cond, file,
            line, func);
    abort();
}
