/* reports/tt_foil_device_open_zones.csv: the device zones that were still
 * open when a dispatch timed out, faulted or was interrupted (the runtime
 * read every RISC's markers back before resetting the cores), each with
 * where its RISC stood (the trace's DEVICE_PC records). Written only when
 * there are some; the notes count them and list the pcs. */
#include "pf.h"
#include "common/cm_risc.h"

static const pf_devpc *pc_of(const pf_logs *l, const pf_devzone *z)
{
    for (size_t i = 0; i < l->ndevpcs; i++) {
        const pf_devpc *p = &l->devpcs[i];
        if (p->process == z->process && p->dispatch == z->dispatch && p->x == z->x &&
            p->y == z->y && p->risc == z->risc)
            return p;
    }
    return NULL;
}

void pf_write_open_zones(pf_logs *l)
{
    if (!l->dev_open) return;
    pf_out *o = pf_out_open(l, PF_OPEN_ZONES);
    if (!o) return;
    pf_put_header(o, &tf_csv_device_open_zones);
    for (size_t i = 0; i < l->nopen_zones; i++) {
        const pf_devzone *z = &l->open_zones[i];
        const pf_devpc *pc = pc_of(l, z);
        const pf_process *pr = z->process < l->nprocs ? &l->procs[z->process] : NULL;
        cm_csv_value v[TF_OZ_NCOLS] = {{0}};
        v[TF_OZ_pid] = pr ? CM_CSV_U(pr->pid) : CM_CSV_EMPTY;
        v[TF_OZ_program] = CM_CSV_S(pr ? pr->program : "");
        v[TF_OZ_dispatch_idx] = CM_CSV_U(z->dispatch);
        v[TF_OZ_core_x] = CM_CSV_U((uint64_t)z->x);
        v[TF_OZ_core_y] = CM_CSV_U((uint64_t)z->y);
        v[TF_OZ_risc] = CM_CSV_S(cm_risc_name(z->risc));
        v[TF_OZ_reason] =
            CM_CSV_S(tf_csv_stop_reason[z->reason < TF_STOP_NREASONS ? z->reason : 0]);
        v[TF_OZ_zone_name] = CM_CSV_S(l->names.s[z->name]);
        v[TF_OZ_src_file] = CM_CSV_S(l->names.s[z->file]);
        v[TF_OZ_src_line] = z->line ? CM_CSV_U(z->line) : CM_CSV_EMPTY;
        v[TF_OZ_depth] = CM_CSV_U(z->depth);
        v[TF_OZ_start_cycle] = CM_CSV_U(z->start);
        v[TF_OZ_stop_cycle] = CM_CSV_U(z->end);
        v[TF_OZ_open_cycles] = CM_CSV_U(z->end > z->start ? z->end - z->start : 0);
        v[TF_OZ_pc] = pc ? CM_CSV_U(pc->pc) : CM_CSV_EMPTY; /* kind H: written in hex */
        v[TF_OZ_pc_where] = CM_CSV_S(pc ? pc->where : "");
        v[TF_OZ_device] = CM_CSV_U(z->device ? z->device : 1);
        pf_put_row(o, &tf_csv_device_open_zones, v);
    }
    pf_out_close(o);
}
