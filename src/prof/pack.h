/* The packer's internals, shared by the recorder (src/prof/recorder.c) and
 * the tests, and not part of the installed trace API (tt_foil/trace.h has
 * tf_trace_pack, the whole-buffer form, and TF_TRACE_PACK_BOUND). */
#ifndef TF_PROF_PACK_H
#define TF_PROF_PACK_H

#include <stddef.h>
#include <stdint.h>

/* The same as tf_trace_pack in pieces: `words` words of records that
 * follow those already packed into the same payload (their deltas from the
 * same base; *prev is the last one's delta, 0 before the first, and is
 * updated), written at `out` without the padding (the caller pads the whole
 * payload once); returns the bytes written and adds the records to
 * *records. Pieces packed one after another give the bytes tf_trace_pack
 * gives for them all at once. */
size_t tf_trace_pack_more(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *prev,
                          uint64_t *records);

/* The packer's vector loop, for the whole process (a test hook): `want` 0
 * the portable loop only, 1 AVX2, 2 AVX-512, -1 the best the CPU has (the
 * default); a level the CPU lacks gives the best below it. Returns the
 * level now in use. Every level packs to the same bytes (tests compare
 * them). */
int tf_trace_pack_path(int want);

#endif
