// Matmul reader (NCRISC) of one core's output tile columns: the activation
// row's Kt tiles once, then per column the Kt weight tiles (and a gated
// op's second matrix's, and a residual op's residual tile), one tile at a
// time through the weights CB, as tt-metal's matmul readers stream in1.
// Arguments and CBs: decode_args.h.
#include "api/dataflow/dataflow_api.h"
#include "decode_args.h"
#include "tools/profiler/kernel_profiler.hpp"

static void read_tiles(uint32_t cb, const InterleavedAddrGenFast<true> &s, uint32_t first,
                       uint32_t n, uint32_t stride)
{
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(cb, 1);
        noc_async_read_tile(first + i * stride, s, get_write_ptr(cb));
        noc_async_read_barrier();
        cb_push_back(cb, 1);
    }
}

void kernel_main()
{
    const uint32_t in0 = get_arg_val<uint32_t>(DEC_MMR_IN0);
    const uint32_t in0_first = get_arg_val<uint32_t>(DEC_MMR_IN0_FIRST);
    const uint32_t kt = get_arg_val<uint32_t>(DEC_MMR_KT);
    const uint32_t w = get_arg_val<uint32_t>(DEC_MMR_W);
    const uint32_t w_nt = get_arg_val<uint32_t>(DEC_MMR_W_NT);
    const uint32_t n0 = get_arg_val<uint32_t>(DEC_MMR_N0);
    const uint32_t count = get_arg_val<uint32_t>(DEC_MMR_COUNT_N);
    const uint32_t w2 = get_arg_val<uint32_t>(DEC_MMR_W2);
    const uint32_t res = get_arg_val<uint32_t>(DEC_MMR_RES);

    const InterleavedAddrGenFast<true> s_in0 = {.bank_base_address = in0,
                                                .page_size = get_tile_size(DEC_MM_CB_IN0),
                                                .data_format = get_dataformat(DEC_MM_CB_IN0)};
    const InterleavedAddrGenFast<true> s_w = {.bank_base_address = w,
                                              .page_size = get_tile_size(DEC_MM_CB_W),
                                              .data_format = get_dataformat(DEC_MM_CB_W)};
    const InterleavedAddrGenFast<true> s_w2 = {.bank_base_address = w2,
                                               .page_size = get_tile_size(DEC_MM_CB_W),
                                               .data_format = get_dataformat(DEC_MM_CB_W)};
    {
        DeviceZoneScopedN("activations");
        cb_reserve_back(DEC_MM_CB_IN0, kt);
        uint32_t l1 = get_write_ptr(DEC_MM_CB_IN0);
        for (uint32_t k = 0; k < kt; k++)
            noc_async_read_tile(in0_first + k, s_in0, l1 + k * get_tile_size(DEC_MM_CB_IN0));
        noc_async_read_barrier();
        cb_push_back(DEC_MM_CB_IN0, kt);
    }
    DeviceZoneScopedN("weights");
    for (uint32_t n = n0; n < n0 + count; n++) {
        read_tiles(DEC_MM_CB_W, s_w, n, kt, w_nt);
        if (w2) read_tiles(DEC_MM_CB_W, s_w2, n, kt, w_nt);
        if (res) {
            const InterleavedAddrGenFast<true> s_res = {.bank_base_address = res,
                                                        .page_size = get_tile_size(DEC_MM_CB_RES),
                                                        .data_format =
                                                            get_dataformat(DEC_MM_CB_RES)};
            read_tiles(DEC_MM_CB_RES, s_res, n, 1, 1);
        }
    }
}
