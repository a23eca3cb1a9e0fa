/* A C guest that faults inside a function of its own: tt_foil_sim's
 * message names the function and line (built with -g) or the function and
 * offset (built with -g0). The load reads 0x10, below the guest's RAM. */
#include <stdint.h>

__attribute__((noinline)) static uint32_t read_sensor(const volatile uint32_t *reg)
{
    return *reg + 1; /* the faulting load: line 8 */
}

int main(void)
{
    const volatile uint32_t *reg = (const volatile uint32_t *)0x10;
    return (int)read_sensor(reg);
}
