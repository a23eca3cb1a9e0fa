// Metal 2.0 named arguments in a data-movement kernel, read as a ported
// tt-metal Metal 2.0 kernel reads them (the one include a porter adds is
// experimental/kernel_args.h). Built with runtime arg names out, nvar,
// common runtime arg names base, ncvar and the named compile-time arg
// block; writes what it read to L1 at `out`, in order: 0 nvar, 1 base,
// 2 block x 2 (computed at compile time), 3 ncvar, then the nvar varargs,
// then the ncvar common varargs.
#include "experimental/kernel_args.h"

void kernel_main()
{
    constexpr uint32_t twice_block = 2 * get_arg(args::block); // a constant
    volatile tt_l1_ptr uint32_t *out = (volatile tt_l1_ptr uint32_t *)get_arg(args::out);
    const uint32_t nvar = get_arg(args::nvar), ncvar = get_arg(args::ncvar);
    out[0] = nvar;
    out[1] = get_arg(args::base);
    out[2] = twice_block;
    out[3] = ncvar;
    for (uint32_t i = 0; i < nvar; i++) out[4 + i] = get_vararg(i);
    for (uint32_t i = 0; i < ncvar; i++) out[4 + nvar + i] = get_common_vararg(i);
}
