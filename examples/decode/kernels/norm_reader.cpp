// RMSNorm reader (NCRISC): the row's Dt tiles, the reduce scaler tile
// (1/D in row 0 of each face, as tt-metal's scaler tiles: tile_fill.h) and the gain's
// Dt tiles. Arguments and CBs: decode_args.h.
#include "api/dataflow/dataflow_api.h"
#include "decode_args.h"
#include "tile_fill.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
    const uint32_t x = get_arg_val<uint32_t>(DEC_NR_X);
    const uint32_t dt = get_arg_val<uint32_t>(DEC_NR_DT);
    const uint32_t gamma = get_arg_val<uint32_t>(DEC_NR_GAMMA);
    const uint32_t scaler = get_arg_val<uint32_t>(DEC_NR_SCALER);
    const uint32_t tile_bytes = get_tile_size(DEC_NORM_CB_X);
    const InterleavedAddrGenFast<true> s_x = {.bank_base_address = x,
                                              .page_size = tile_bytes,
                                              .data_format = get_dataformat(DEC_NORM_CB_X)};
    const InterleavedAddrGenFast<true> s_g = {.bank_base_address = gamma,
                                              .page_size = tile_bytes,
                                              .data_format = get_dataformat(DEC_NORM_CB_GAMMA)};
    DeviceZoneScopedN("read");
    cb_reserve_back(DEC_NORM_CB_SCALER, 1);
    zero_bf16_tile(get_write_ptr(DEC_NORM_CB_SCALER));
    for (uint32_t f = 0; f < 4; f++)
        set_bf16_face_row0(get_write_ptr(DEC_NORM_CB_SCALER), f, [=](uint32_t) { return scaler; });
    cb_push_back(DEC_NORM_CB_SCALER, 1);
    cb_reserve_back(DEC_NORM_CB_X, dt);
    cb_reserve_back(DEC_NORM_CB_GAMMA, dt);
    for (uint32_t t = 0; t < dt; t++) {
        noc_async_read_tile(t, s_x, get_write_ptr(DEC_NORM_CB_X) + t * tile_bytes);
        noc_async_read_tile(t, s_g, get_write_ptr(DEC_NORM_CB_GAMMA) + t * tile_bytes);
    }
    noc_async_read_barrier();
    cb_push_back(DEC_NORM_CB_X, dt);
    cb_push_back(DEC_NORM_CB_GAMMA, dt);
}
