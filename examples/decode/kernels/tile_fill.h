// Constant Float16_b tiles made by a data-movement kernel in a CB page, as
// tt-metal's readers make their reduce scalers: the page zeroed by NOC
// reads of the core's zeros region (MEM_ZEROS_BASE), then row 0 of faces
// written value by value. A tile's element (r, c) is in face
// (r / 16) * 2 + c / 16, at (r % 16) * 16 + c % 16 in it; faces are 512
// bytes (16 x 16 bf16).
#pragma once

#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

constexpr uint32_t bf16_face_bytes = 512;

// the 2048-byte page at l1 zeroed (four 512-byte NOC reads of the zeros)
inline void zero_bf16_tile(uint32_t l1)
{
    static_assert(MEM_ZEROS_SIZE >= bf16_face_bytes, "a face of zeros in one read");
    const uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE);
    for (uint32_t f = 0; f < 4; f++)
        noc_async_read(zeros, l1 + f * bf16_face_bytes, bf16_face_bytes);
    noc_async_read_barrier();
}

// row 0 of face `face` of the page at l1: value(c) in its column c (0..15)
template <typename F> inline void set_bf16_face_row0(uint32_t l1, uint32_t face, F value)
{
    volatile uint32_t *w = reinterpret_cast<volatile uint32_t *>(l1 + face * bf16_face_bytes);
    for (uint32_t c = 0; c < 16; c += 2) w[c / 2] = value(c) | (value(c + 1) << 16);
}
