/* Live public handles (devices, buffers, kernels, programs, launches, and
 * the trace library's traces), so that an API check can tell a handle the
 * caller already released (a double free, a use after free) from a live
 * one without touching the released memory. One process-wide set: adds and
 * removes take a mutex, checks take no lock (handles are checked by every
 * API call, created and released far less often; common/handle.c says
 * how). */
#ifndef CM_HANDLE_H
#define CM_HANDLE_H

#include "cm_err.h"

#include <stddef.h>

typedef enum cm_handle_kind {
    CM_H_DEVICE = 1,
    CM_H_BUFFER,
    CM_H_KERNEL,
    CM_H_PROGRAM,
    CM_H_LAUNCH,
    CM_H_TRACE, /* tt_foil/trace.h: tf_trace_load, tf_trace_read */
} cm_handle_kind;

/* Register a new handle; -1 (message set) if out of memory. */
int cm_handle_add(const void *h, cm_handle_kind kind) CM_CHECK;
/* 0 if h is a live handle of that kind; else -1 with "<what>: <name>
 * handle %p is not live (already freed, or never created)". */
int cm_handle_check(const void *h, cm_handle_kind kind, const char *what) CM_CHECK;
/* 1 if h is a live handle of that kind (no message). */
int cm_handle_live(const void *h, cm_handle_kind kind);
/* Forget a handle (it is being released). */
void cm_handle_remove(const void *h);
/* free() a removed handle's memory, but only after the next 64 such
 * frees: the allocator would otherwise hand its address to the next
 * object of that size at once, and a stale handle (destroyed twice, or
 * used after) would pass the check as that new, live object. */
void cm_handle_free(void *h);
/* The slots of every table the set keeps (tests: bounded by the most
 * handles live at once, not by how many were ever made). */
size_t cm_handle_kept_slots(void);

#endif
