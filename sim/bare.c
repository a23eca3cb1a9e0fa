/* The bare-ELF runner behind tt_foil_sim (see bare.h). */
#include "bare.h"
#include "common/cm_elf.h"
#include "common/cm_err.h"
#include "common/cm_srcloc.h"

#include <inttypes.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Linux rv32 syscall numbers emulated when no trap handler is installed. */
#define SYS_WRITE           64
#define SYS_EXIT            93
#define SYS_EXIT_GROUP      94
#define SYS_CLOCK_GETTIME64 403

void sim_bare_free(sim_bare *b)
{
    if (!b) return;
    sim_mem_free(b->mem);
    free(b->prog);
    free(b);
}

sim_bare *sim_bare_load(const char *path, uint64_t memsize)
{
    cm_elf *e = cm_elf_open(path);
    if (!e) return NULL;
    uint32_t lo;
    uint64_t hi;
    cm_elf_extent(e, &lo, &hi);
    uint32_t base = lo & ~0xfffu;
    memsize = (memsize + 0xfff) & ~0xfffull;
    sim_bare *b = NULL;
    if (memsize == 0 || (uint64_t)base + memsize > 0xfffff000ull) {
        cm_err_set("%s: RAM [0x%08x, +%" PRIu64 " bytes) does not fit the 32-bit address space; "
                   "use a smaller --mem",
                   path, base, memsize);
        goto fail;
    }
    if (cm_elf_check_range(e, base, memsize, "RAM (see --mem)")) goto fail;
    b = calloc(1, sizeof *b);
    if (!b || !(b->prog = strdup(path)) || !(b->mem = sim_mem_new(base, (uint32_t)memsize))) {
        cm_err_set("%s: cannot reserve %" PRIu64 " bytes of guest RAM", path, memsize);
        goto fail;
    }
    for (int i = 0; i < e->nseg; i++)
        sim_mem_write(b->mem, e->seg[i].vaddr, e->data + e->seg[i].offset, e->seg[i].filesz);
    uint32_t tohost;
    if (cm_elf_symbol(e, "tohost", &tohost) == 0 && tohost - base <= b->mem->size - 4)
        sim_mem_set_watch(b->mem, tohost);
    sim_hart_reset(&b->hart, b->mem, e->entry, 0);
    b->hart.x[2] = (uint32_t)(base + b->mem->size) & ~15u; /* sp: top of RAM */
    cm_elf_free(e);
    return b;
fail:
    cm_elf_free(e);
    sim_bare_free(b);
    return NULL;
}

static uint8_t *guest_ptr(sim_bare *b, uint32_t addr, uint32_t len)
{
    uint32_t off = addr - b->mem->base;
    if (off > b->mem->size || len > b->mem->size - off) return NULL;
    return b->mem->data + off;
}

/* Where pc is in the guest, for a message: " in function (file:line)"
 * from its debug info, else " in symbol+0xoff" from its symbol table with
 * why there is no line, else why neither says (docs/simulator.md,
 * "tt_foil_sim"). Only messages call it: the ELF is read again each time. */
static const char *where(const sim_bare *b, uint32_t pc, char *buf, size_t n)
{
    char loc[1000];
    int line = cm_srcloc(b->prog, pc, loc, sizeof loc) == 0;
    cm_elf *e = cm_elf_open(b->prog);
    uint32_t off = 0;
    const char *fn = e ? cm_elf_function_at(e, pc, &off) : NULL;
    if (line && fn && !strncmp(loc, "? (", 3)) /* assembly: lines, no function */
        snprintf(buf, n, " in %s+0x%x%s", fn, off, loc + 1);
    else if (line)
        snprintf(buf, n, " in %s", loc);
    else if (fn)
        snprintf(buf, n, " in %s+0x%x (%s)", fn, off, cm_srcloc_missing());
    else
        snprintf(buf, n, " (no symbol for it in the ELF; %s)", cm_srcloc_missing());
    cm_elf_free(e);
    return buf;
}

static int do_ecall(sim_bare *b, int *status)
{
    sim_hart *h = &b->hart;
    uint32_t nr = h->x[17], a0 = h->x[10], a1 = h->x[11], a2 = h->x[12];
    int32_t ret = 0;
    switch (nr) {
    case SYS_WRITE: {
        uint8_t *p = guest_ptr(b, a1, a2);
        if (a0 != 1 && a0 != 2)
            ret = -9; /* EBADF */
        else if (!p)
            ret = -14; /* EFAULT */
        else {
            fflush(stdout);
            ssize_t w = write((int)a0, p, a2);
            int err = errno;
            ret = w < 0 ? -err : (int32_t)w; /* the host's errno: Linux's numbers, as the guest's */
            if (w < 0) { /* (a short write is no loss: the guest has the count, may retry) */
                if (!b->lost_errno[a0]) b->lost_errno[a0] = err;
                b->lost[a0] += a2;
            }
        }
        break;
    }
    case SYS_EXIT:
    case SYS_EXIT_GROUP:
        *status = (int)(a0 & 0xff);
        h->instret++;
        return TF_BARE_EXIT;
    case SYS_CLOCK_GETTIME64: {
        if (!guest_ptr(b, a1, 16)) {
            ret = -14;
            break;
        }
        uint64_t ns = sim_hart_cycle(h); /* modeled time: 1 GHz, one cycle per ns */
        int64_t ts[2] = {(int64_t)(ns / 1000000000u), (int64_t)(ns % 1000000000u)};
        sim_mem_write(b->mem, a1, ts, sizeof ts);
        break;
    }
    default: {
        char loc[1100];
        cm_err_set("%s: unsupported ecall a7=%u (a0=0x%08x) at pc 0x%08x%s with no trap "
                   "handler installed; tt_foil_sim emulates write (64), exit (93), exit_group "
                   "(94) and clock_gettime64 (403); set mtvec to handle other ecalls yourself",
                   b->prog, nr, a0, h->pc, where(b, h->pc, loc, sizeof loc));
        return TF_BARE_BAD_ECALL;
    }
    }
    h->x[10] = (uint32_t)ret;
    h->pc += 4;
    h->instret++;
    return -1;
}

static void fault_message(sim_bare *b)
{
    sim_hart *h = &b->hart;
    char dis[96], insn[160] = "";
    int fetch =
        h->fault_cause == TF_CAUSE_FETCH_ACCESS || h->fault_cause == TF_CAUSE_FETCH_MISALIGNED;
    if (!fetch) {
        cm_rv32_disasm(h->fault_insn, h->fault_pc, dis, sizeof dis);
        snprintf(insn, sizeof insn, ", insn 0x%08x (%s)", h->fault_insn, dis);
    }
    char addr[32] = "";
    if (cm_rv32_cause_has_address(h->fault_cause))
        snprintf(addr, sizeof addr, ", address 0x%08x", h->fault_tval);
    char loc[1100];
    cm_err_set("%s: guest fault: %s (mcause %u) at pc 0x%08x%s%s%s; no trap handler installed "
               "(mtvec = 0x%08x)",
               b->prog, cm_rv32_cause_name(h->fault_cause), h->fault_cause, h->fault_pc,
               where(b, h->fault_pc, loc, sizeof loc), insn, addr, h->mtvec);
}

int sim_bare_run(sim_bare *b, uint64_t max_cycles, int *status, volatile int *interrupt)
{
    char loc[1100];
    *status = 0;
    for (;;) {
        /* in slices when it can be interrupted (a guest looping in its own
         * trap handler runs forever without --max-cycles); a slice's end is
         * only a stop and a resume: the same cycles either way */
        uint64_t now = sim_hart_cycle(&b->hart), until = max_cycles;
        if (interrupt && max_cycles - now > TF_BARE_SLICE) until = now + TF_BARE_SLICE;
        if (interrupt && *interrupt) {
            cm_err_set("%s: interrupted by signal %d after %" PRIu64 " cycles at pc 0x%08x%s",
                       b->prog, *interrupt, now, b->hart.pc, where(b, b->hart.pc, loc, sizeof loc));
            return TF_BARE_INTERRUPTED;
        }
        int rc = sim_hart_run(&b->hart, until), end;
        switch (rc) {
        case TF_STOP_ECALL:
            if ((end = do_ecall(b, status)) >= 0) return end;
            break;
        case TF_STOP_WFI: break; /* nothing can wake a lone hart: wfi is a hint */
        case TF_STOP_WATCH: {
            uint32_t v;
            memcpy(&v, b->mem->data + (b->mem->watch_addr - b->mem->base), 4);
            if (v == 1) return TF_BARE_TOHOST_PASS;
            *status = (int)(v >> 1);
            cm_err_set("%s: tohost reports test %u failed (tohost = 0x%08x)", b->prog, v >> 1, v);
            return TF_BARE_TOHOST_FAIL;
        }
        case TF_STOP_LIMIT:
            if (sim_hart_cycle(&b->hart) < max_cycles) break;
            cm_err_set("%s: stopped after %" PRIu64 " cycles (--max-cycles %" PRIu64
                       ") at pc 0x%08x%s",
                       b->prog, sim_hart_cycle(&b->hart), max_cycles, b->hart.pc,
                       where(b, b->hart.pc, loc, sizeof loc));
            return TF_BARE_LIMIT;
        case TF_STOP_FAULT: fault_message(b); return TF_BARE_FAULT;
        default: /* TF_STOP_BLOCK needs a device, and there is none */
            cm_err_set("%s: hart stopped for a device at pc 0x%08x%s, but there are no devices",
                       b->prog, b->hart.pc, where(b, b->hart.pc, loc, sizeof loc));
            return TF_BARE_FAULT;
        }
    }
}
