// A kernel whose argument names (the .tt_foil_kernel_args section that a
// Metal 2.0 build writes: contracts/tf_named_args.h) are not well formed,
// as a damaged or foreign ELF's would be; MODE picks how. The runtime
// refuses to load it.
#include "tf_named_args.h"

// clang-format off
#if MODE == 1 // the text does not end with a NUL
#define NOTE {'R', 'a', '=', '0', '\n'}
#elif MODE == 2 // a kind that is none of R, C, T
#define NOTE "Xa=0\n"
#elif MODE == 3 // the named runtime args out of order
#define NOTE "Ra=0\nRb=2\n"
#elif MODE == 4 // a name twice
#define NOTE "Ra=0\nTa=5\n"
#else // 65 named runtime args, one more than a kernel may have
#define R(i) "Rn" #i "=" #i "\n"
#define NOTE R(0) R(1) R(2) R(3) R(4) R(5) R(6) R(7) R(8) R(9) R(10) R(11) R(12) R(13) R(14) \
    R(15) R(16) R(17) R(18) R(19) R(20) R(21) R(22) R(23) R(24) R(25) R(26) R(27) R(28) R(29) \
    R(30) R(31) R(32) R(33) R(34) R(35) R(36) R(37) R(38) R(39) R(40) R(41) R(42) R(43) R(44) \
    R(45) R(46) R(47) R(48) R(49) R(50) R(51) R(52) R(53) R(54) R(55) R(56) R(57) R(58) R(59) \
    R(60) R(61) R(62) R(63) R(64)
#endif
// clang-format on
__attribute__((section(TF_KERNEL_ARGS_SECTION), used)) const char note[] = NOTE;

void kernel_main() {}
