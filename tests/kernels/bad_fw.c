/* Broken firmware for boot-failure tests: BAD_FW=1 never reports INIT,
 * BAD_FW=2 faults before it. */
#include "tf_device.h"

int main(void)
{
#if BAD_FW == 1
    for (;;) dev_wfi();
#else
    __asm__ volatile(".word 0xffffffff");
#endif
    return 0;
}
