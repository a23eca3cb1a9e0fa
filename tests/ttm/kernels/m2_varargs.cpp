// A Metal 2.0 kernel whose only named arg is a compile-time one (built
// with the metal2 switch: no runtime arg names), so its varargs are its
// runtime args from word 0: vararg 0 is where to write, vararg 1 a value.
// Writes block, then vararg 1.
#include "experimental/kernel_args.h"

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *out = (volatile tt_l1_ptr uint32_t *)get_vararg(0);
    out[0] = get_arg(args::block);
    out[1] = get_vararg(1);
}
