/* The RV32 decoder, disassembler and hart under hostile input. Input:
 * word 0 configures the run (bits 0-1: mtvec mode 0 none, 1 a handler at
 * the start of memory that skips the faulting instruction, 2 vectored;
 * bit 2: start in user mode via mret), the rest is code at BASE. Every
 * word is decoded and disassembled, then the program runs on a hart with
 * a cycle budget: the run must stop (libFuzzer's -timeout catches a host
 * hang, whatever the guest writes to its CSRs) and never touch host memory
 * outside the guest's (ASan). */
#include "common/cm_rv32.h"
#include "fuzz.h"
#include "sim/hart.h"

#include <stdlib.h>
#include <string.h>

#define BASE   0x10000u
#define MEM    0x10000u
#define BUDGET 20000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    uint32_t cfg;
    memcpy(&cfg, data, 4);
    const uint8_t *code = data + 4;
    size_t ncode = size - 4;
    if (ncode > MEM - 0x100) ncode = MEM - 0x100;
    char dis[128];
    for (size_t i = 0; i + 4 <= ncode; i += 4) {
        uint32_t w;
        memcpy(&w, code + i, 4);
        cm_slot s;
        (void)cm_rv32_decode(w, BASE + 0x100 + (uint32_t)i, &s);
        cm_rv32_disasm(w, BASE + 0x100 + (uint32_t)i, dis, sizeof dis);
    }
    sim_mem *m = sim_mem_new(BASE, MEM);
    sim_hart *h = calloc(1, sizeof *h);
    if (!m || !h) {
        free(h);
        if (m) sim_mem_free(m);
        return 0;
    }
    /* handler at BASE: mepc += 4; mret */
    static const uint32_t handler[] = {0x34102573u, 0x00450513u, 0x34151073u, 0x30200073u};
    sim_mem_write(m, BASE, handler, sizeof handler);
    sim_mem_write(m, BASE + 0x100, code, (uint32_t)ncode);
    sim_hart_reset(h, m, BASE + 0x100, 0);
    if (cfg & 3) h->mtvec = BASE | ((cfg & 3) == 2 ? 1u : 0u);
    if (cfg & 4) h->priv = 0;
    uint64_t limit = BUDGET;
    for (int rounds = 0; rounds < 64; rounds++) {
        int rc = sim_hart_run(h, limit);
        if (rc == TF_STOP_FAULT || rc == TF_STOP_ECALL) break;
        if (rc == TF_STOP_LIMIT && sim_hart_cycle(h) >= limit) break;
        if (rc == TF_STOP_WFI || rc == TF_STOP_BLOCK || rc == TF_STOP_WATCH) break;
    }
    free(h);
    sim_mem_free(m);
    return 0;
}
