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
    /* fmt's format specs: alignment, fill, sign, #, zeros, bases */
    DEVICE_PRINT("[{:5}][{:<5}][{:^5}][{:*^7}]\n", 42, 42, 42, 42);
    DEVICE_PRINT("[{:x}][{:#X}][{:#o}][{:#b}][{:08x}][{:#010x}][{:#o}]\n", 255, 255, 8, 5, 255u,
                 255, 0);
    DEVICE_PRINT("[{:x}][{:+d}][{: d}][{:06d}][{:c}]\n", -255, 7, 7, -42, 66);
    DEVICE_PRINT("[{}][{:d}][{:>3}][{}][{:d}][{:<6}|][{:x}]\n", 'A', 'A', 'z', true, false, false,
                 true);
    DEVICE_PRINT("[{:>6}][{:<6}][{:^7}][{:.3}][{:>5.2}][{:6}]\n", "ab", "ab", "ab", "abcdef", "xyz",
                 "ab");
    DEVICE_PRINT("[{}][{:p}][{:>12}]\n", (const void *)0x1a2b0, (const void *)0x10,
                 (const void *)0xff);
    /* floats: the shortest digits that read back, fixed from 1e-4 to 1e7 */
    DEVICE_PRINT("[{}][{}][{}][{}][{}][{}][{}]\n", 3.14159274f, 0.1f, 1e6f, 1e7f, 1.5e-5f, 100.0f,
                 0.0001f);
    DEVICE_PRINT("[{:.3f}][{:8.2f}][{:<8.1e}][{:+.2}][{:08.3f}][{:E}][{:G}]\n", 2.5f, -1.25f,
                 1234.5f, 2.5f, -3.14159f, 1.5f, 1e-10f);
    DEVICE_PRINT("[{:8}][{:<8}][{:08}][{:+}]\n", 1.5f, 1.5f, -1.5f, 0.25f);
    /* doubles, as the floats they round to (a subnormal, inf) */
    DEVICE_PRINT("[{}][{}][{}][{}][{}]\n", 2.5, 0.1, 1e-40, -1e300, 16777217.0);
    DEVICE_PRINT("{} {} {} {}\n", __builtin_nanf(""), -__builtin_inff(), -0.0f, 123456.7f);
    /* numbered fields; 64-bit values */
    DEVICE_PRINT("{1} {0} {1}\n", "a", 2);
    DEVICE_PRINT("{} {:x} {:#b}\n", (int64_t)-1234567890123ll, 0xfedcba9876543210ull, (uint8_t)6);
    /* fmt's bool and pointer: true/false, 0x and the hex address */
    DEVICE_PRINT("{} {} {} {}\n", v == 3054, v != 3054, (const void *)0x1a2b0, "str");
    DEVICE_PRINT_DATA1("on NOC 1's RISC: {}\n", 1);
    DEVICE_PRINT_DATA0("on NOC 0's RISC: {}\n", 0);
    DPRINT << 255u << ENDL(); /* (DPRINT's settings were kept: hex) */
    DPRINT << DEC();
    /* a plain "{:}" of a wrapper; a power of two whose shortest digits are
     * a neighbour of the correctly rounded ones (fmt: 1.2379401e+27) */
    DEVICE_PRINT("[{:}] {}\n", U32(7), 0x1p90f);
    /* tt-metal's argument types: CTSTR, bf16_t, bf8_t, bf4_t, dp_typed_array_t */
    DEVICE_PRINT("{} {} {:.2f} {} {}\n", CTSTR("ct"), bf16_t(0x3fc0), bf16_t(0x4049),
                 bf8_t(127, 0x40), bf4_t((uint16_t)(0x0c << 8 | 127)));
    static uint32_t f32[2] = {0x3f800000, 0x40000000}, b16[1] = {0x40003f80}, i8[1] = {0xff01fe80u};
    DEVICE_PRINT("[{}][{}][{}][{}]\n", dp_typed_array_t<2>((uint16_t)DataFormat::Float32, f32),
                 dp_typed_array_t<1>((uint16_t)DataFormat::Float16_b, b16),
                 dp_typed_array_t<1>((uint16_t)DataFormat::Int8, i8),
                 dp_typed_array_t<1>((uint16_t)DataFormat::Bfp8_b, i8));
    /* a string longer than the port reads: cut, and said so */
    static char longs[4200];
    for (uint32_t i = 0; i < sizeof longs - 1; i++) longs[i] = (char)('a' + i % 26);
    DPRINT << longs << ENDL();
}
