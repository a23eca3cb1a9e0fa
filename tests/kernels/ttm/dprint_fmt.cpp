// DPRINT << ... << ENDL() with numbers, strings and manipulators; then
// DEVICE_PRINT's fields and braces.
// RTA: 0 a uint32 to print (3054).
#include "api/debug/device_print.h"
#include "debug/dprint.h"

enum class Color : uint8_t { red = 2 };

void kernel_main()
{
    uint32_t v = get_arg_val<uint32_t>(0);
    int32_t neg = -42;
    uint64_t big = 0x123456789abcdef0ull;
    DPRINT << "v=" << v << " neg=" << neg << " big=" << big << ENDL();
    DPRINT << HEX() << "hex " << v << " " << big << DEC() << " dec " << v << ENDL();
    DPRINT << "[" << SETW(6) << v << "][" << v << "][" << SETW(4) << "ab"
           << "]" << ENDL();
    DPRINT << 'c' << ' ' << (uint8_t)200 << ' ' << (int16_t)-7 << ' ' << Color::red << ' ' << true
           << ENDL();
    DPRINT << F32(1.5f) << ' ' << SETPRECISION(3) << FIXED() << 2.25f << ' ' << DEFAULTFLOAT()
           << BF16(0x3fc0) << ENDL();
    DPRINT << OCT() << 8u << DEC() << " " << U32(7) << ENDL();
    // Negative numbers in hex and octal: two's complement in their type's
    // width (int8_t widened to 32 bits); a uint8_t is a number in every base.
    int8_t m8 = (int8_t)(v - 3055); // -1
    DPRINT << HEX() << m8 << ' ' << (int16_t)m8 << ' ' << neg << ' ' << (int64_t)m8 << ' '
           << (uint8_t)65 << ' ' << (int16_t)18 << ENDL();
    DPRINT << OCT() << (int8_t)-8 << ' ' << (int16_t)-8 << ' ' << (int32_t)-8 << ' ' << (int64_t)-8
           << DEC() << ' ' << (int8_t)-8 << ' ' << (uint8_t)65 << ENDL();
    DPRINT_DATA0(DPRINT << "data0" << ENDL());
    DPRINT_DATA1(DPRINT << "data1" << ENDL());
    DEVICE_PRINT("v={} of {} at {}, {{braces}} and a text longer than one piece of it\n", v, -42,
                 2.5f);
    DEVICE_PRINT("no fields\n");
    DPRINT << HEX() << SETW(6); /* (DPRINT's settings: a field prints as by default) */
    DEVICE_PRINT("after HEX: {} {}\n", 255u, 2.125f);
    /* 2026's DPRINT(fmt, ...): DEVICE_PRINT */
    DPRINT("call form: {} {}\n", v, "ok");
    /* fmt's bool and pointer: true/false, 0x and the hex address */
    DEVICE_PRINT("{} {} {} {}\n", v == 3054, v != 3054, (const void *)0x1a2b0, "str");
    DEVICE_PRINT_DATA1("on NOC 1's RISC: {}\n", 1);
    DEVICE_PRINT_DATA0("on NOC 0's RISC: {}\n", 0);
    DPRINT << 255u << ENDL(); /* (DPRINT's settings were kept: hex) */
}
