// Softmax reader (NCRISC): one head's score tile, the reduce scaler (1.0)
// and the causal mask of the cache: in row 0, 0 in the columns (positions)
// written so far, -inf in the rest, which hold no key yet (tile_fill.h). Arguments and CBs:
// decode_args.h.
#include "api/dataflow/dataflow_api.h"
#include "decode_args.h"
#include "tile_fill.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
    const uint32_t scores = get_arg_val<uint32_t>(DEC_SR_SCORES);
    const uint32_t tile = get_arg_val<uint32_t>(DEC_SR_TILE);
    const uint32_t valid = get_arg_val<uint32_t>(DEC_SR_VALID);
    const uint32_t bf16_one = 0x3f80, bf16_minus_inf = 0xff80;
    const InterleavedAddrGenFast<true> s = {.bank_base_address = scores,
                                            .page_size = get_tile_size(DEC_SM_CB_IN),
                                            .data_format = get_dataformat(DEC_SM_CB_IN)};
    DeviceZoneScopedN("read");
    cb_reserve_back(DEC_SM_CB_IN, 1);
    noc_async_read_tile(tile, s, get_write_ptr(DEC_SM_CB_IN));
    cb_reserve_back(DEC_SM_CB_SCALER, 1);
    zero_bf16_tile(get_write_ptr(DEC_SM_CB_SCALER));
    for (uint32_t f = 0; f < 4; f++)
        set_bf16_face_row0(get_write_ptr(DEC_SM_CB_SCALER), f, [=](uint32_t) { return bf16_one; });
    cb_push_back(DEC_SM_CB_SCALER, 1);
    cb_reserve_back(DEC_SM_CB_MASK, 1);
    // row 0 only: the token's row (rows 1-31 carry nothing anyone reads)
    zero_bf16_tile(get_write_ptr(DEC_SM_CB_MASK));
    for (uint32_t f = 0; f < 2; f++)
        set_bf16_face_row0(get_write_ptr(DEC_SM_CB_MASK), f,
                           [=](uint32_t c) { return f * 16 + c < valid ? 0u : bf16_minus_inf; });
    cb_push_back(DEC_SM_CB_MASK, 1);
    noc_async_read_barrier();
    cb_push_back(DEC_SM_CB_IN, 1);
}
