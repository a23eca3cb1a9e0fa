/* Per-thread error message storage for the int-status + message convention. */
#include "tf_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TF_ERR_MAX 2048

static __thread char tf_err_buf[TF_ERR_MAX];

const char *tf_last_error(void)
{
    return tf_err_buf;
}

static void tf_err_vset(const char *fmt, va_list ap)
{
    vsnprintf(tf_err_buf, sizeof tf_err_buf, fmt, ap);
}

int tf_err_set(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tf_err_vset(fmt, ap);
    va_end(ap);
    return -1;
}

void *tf_err_null(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tf_err_vset(fmt, ap);
    va_end(ap);
    return NULL;
}

int tf_err_prefix(const char *fmt, ...)
{
    char old[TF_ERR_MAX];
    memcpy(old, tf_err_buf, sizeof old);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tf_err_buf, sizeof tf_err_buf, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof tf_err_buf)
        snprintf(tf_err_buf + n, sizeof tf_err_buf - (size_t)n, "%s", old);
    return -1;
}

int tf_err_append(const char *fmt, ...)
{
    size_t n = strlen(tf_err_buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tf_err_buf + n, sizeof tf_err_buf - n, fmt, ap);
    va_end(ap);
    return -1;
}

void tf_err_clear(void)
{
    tf_err_buf[0] = 0;
}
