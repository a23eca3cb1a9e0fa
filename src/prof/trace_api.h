/* The trace library's own: the check every public function of
 * tt_foil/trace.h makes of its trace argument (reader.c), and the device
 * site lookup without it, for the walk's per-marker calls (devzones.c).
 * Not part of the installed API. */
#ifndef TF_PROF_TRACE_API_H
#define TF_PROF_TRACE_API_H

#include "common/cm_err.h"
#include "tt_foil/trace.h"

/* 0 if t is a live trace (one tf_trace_load or tf_trace_read returned and
 * tf_trace_free has not freed); else -1 with "<op>: ..." saying which. */
int tf_trace_check_arg(const tf_trace *t, const char *op) CM_CHECK;

/* tf_trace_dev_site without the checks (t and b valid). */
const tf_tr_dev_site *tf_trace_site_of(const tf_trace *t, const tf_tr_dev_block *b, uint32_t zid);

#endif
