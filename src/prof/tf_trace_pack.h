/* Byte-packing of event records (TF_CHUNK_PACKED, tf_trace_format.h):
 * the writer thread packs each full buffer before writing it, the reader
 * unpacks it back into 64-bit records. */
#ifndef TF_TRACE_PACK_H
#define TF_TRACE_PACK_H

#include <stddef.h>
#include <stdint.h>

/* Words of the record that starts with `head` (header word + payload). */
unsigned tf_trace_record_words(uint64_t head);

/* Bytes tf_trace_pack may need for `words` input words. */
#define TF_TRACE_PACK_BOUND(words) (16u * (size_t)(words) + 8u)

/* Pack `words` words of records; returns the packed size (a multiple of
 * 8, zero-padded) and the number of records in *records. */
size_t tf_trace_pack(const uint64_t *in, uint32_t words, uint8_t *out, uint64_t *records);

/* Unpack `n` bytes into at most `cap` words; -1 if malformed. */
int tf_trace_unpack(const uint8_t *in, size_t n, uint64_t *out, size_t cap, size_t *words);

#endif
