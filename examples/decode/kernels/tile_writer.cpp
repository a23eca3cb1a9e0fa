// Output writer (BRISC) of every op: each output tile from CB 16 to its
// tile of the output buffer, or, for the QKV projection's new key and
// value tiles, their row 0 into the layer's cache at the token's position
// (row ROW of the head's cache tile: two 32-byte face rows). Arguments:
// decode_args.h.
#include "api/dataflow/dataflow_api.h"
#include "decode_args.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
    const uint32_t out = get_arg_val<uint32_t>(DEC_TW_OUT);
    const uint32_t n0 = get_arg_val<uint32_t>(DEC_TW_N0);
    const uint32_t count = get_arg_val<uint32_t>(DEC_TW_COUNT_N);
    const uint32_t cache_from = get_arg_val<uint32_t>(DEC_TW_CACHE_FROM);
    const uint32_t k_cache = get_arg_val<uint32_t>(DEC_TW_K_CACHE);
    const uint32_t v_cache = get_arg_val<uint32_t>(DEC_TW_V_CACHE);
    const uint32_t heads = get_arg_val<uint32_t>(DEC_TW_HEADS);
    const uint32_t row = get_arg_val<uint32_t>(DEC_TW_ROW);

    const uint32_t tile_bytes = get_tile_size(DEC_CB_OUT);
    const DataFormat df = get_dataformat(DEC_CB_OUT);
    const InterleavedAddrGenFast<true> s_out = {
        .bank_base_address = out, .page_size = tile_bytes, .data_format = df};
    const InterleavedAddrGenFast<true> s_k = {
        .bank_base_address = k_cache, .page_size = tile_bytes, .data_format = df};
    const InterleavedAddrGenFast<true> s_v = {
        .bank_base_address = v_cache, .page_size = tile_bytes, .data_format = df};
    // row `row` of a bf16 tile: face row row % 16 of faces 0 and 1 (rows
    // 0-15) or 2 and 3; 16 values, 32 bytes each
    const uint32_t face_row_bytes = 32, face_bytes = 512;
    const uint32_t row_at = (row / 16) * 2 * face_bytes + (row % 16) * face_row_bytes;

    DeviceZoneScopedN("write");
    for (uint32_t n = n0; n < n0 + count; n++) {
        cb_wait_front(DEC_CB_OUT, 1);
        uint32_t l1 = get_read_ptr(DEC_CB_OUT);
        if (n < cache_from) {
            noc_async_write_tile(n, s_out, l1);
        } else {
            uint32_t c = n - cache_from, head = c % heads;
            const InterleavedAddrGenFast<true> &s = c < heads ? s_k : s_v;
            noc_async_write(l1, get_noc_addr(head, s, row_at), face_row_bytes);
            noc_async_write(l1 + face_bytes, get_noc_addr(head, s, row_at + face_bytes),
                            face_row_bytes);
        }
        noc_async_write_barrier();
        cb_pop_front(DEC_CB_OUT, 1);
    }
}
