/* The RV32 decoder, disassembler and hart under hostile input. Input:
 * word 0 configures the run (bits 0-1: mtvec mode 0 none, 1 a handler at
 * the start of memory that skips the faulting instruction, 2 vectored;
 * bit 2: start in user mode via mret), the rest is code at BASE. Every
 * word is decoded and disassembled, then the program runs on a hart with
 * a cycle budget: the run must stop (libFuzzer's -timeout catches a host
 * hang, whatever the guest writes to its CSRs) and never touch host memory
 * outside the guest's (ASan). It runs twice, interpreted and with every
 * block compiled at its first entry (sim/jit.h): the two must agree on the
 * stop, pc, instret, cycles, registers, trap CSRs and memory. */
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
    /* the same run interpreted and with every block compiled at its first
     * entry (sim/jit.h): every result must be the same */
    sim_mem *m[2];
    sim_hart *h[2];
    int rc[2];
    for (int v = 0; v < 2; v++) {
        m[v] = sim_mem_new(BASE, MEM);
        h[v] = calloc(1, sizeof *h[v]);
        if (!m[v] || !h[v]) abort();
        m[v]->jit_threshold = v;
        /* handler at BASE: mepc += 4; mret */
        static const uint32_t handler[] = {0x34102573u, 0x00450513u, 0x34151073u, 0x30200073u};
        sim_mem_write(m[v], BASE, handler, sizeof handler);
        sim_mem_write(m[v], BASE + 0x100, code, (uint32_t)ncode);
        sim_hart_reset(h[v], m[v], BASE + 0x100, 0);
        if (cfg & 3) h[v]->mtvec = BASE | ((cfg & 3) == 2 ? 1u : 0u);
        if (cfg & 4) h[v]->priv = 0;
        uint64_t limit = BUDGET;
        for (int rounds = 0; rounds < 64; rounds++) {
            rc[v] = sim_hart_run(h[v], limit);
            if (rc[v] == TF_STOP_FAULT || rc[v] == TF_STOP_ECALL) break;
            if (rc[v] == TF_STOP_LIMIT && sim_hart_cycle(h[v]) >= limit) break;
            if (rc[v] == TF_STOP_WFI || rc[v] == TF_STOP_BLOCK || rc[v] == TF_STOP_WATCH) break;
        }
    }
    if (rc[0] != rc[1] || h[0]->pc != h[1]->pc || h[0]->instret != h[1]->instret ||
        sim_hart_cycle(h[0]) != sim_hart_cycle(h[1]) || memcmp(h[0]->x, h[1]->x, 32 * 4) ||
        h[0]->mcause != h[1]->mcause || h[0]->mepc != h[1]->mepc ||
        memcmp(m[0]->data, m[1]->data, MEM))
        abort(); /* compiled blocks differ from the interpreter */
    for (int v = 0; v < 2; v++) {
        free(h[v]);
        sim_mem_free(m[v]);
    }
    return 0;
}
