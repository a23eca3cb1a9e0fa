/* A C guest program that exercises clang's RV32IMF output broadly and checks
 * its own results: recursion, function pointers, jump tables, struct copies,
 * bit-fields, varargs, 64-bit arithmetic through libcalls, float arithmetic
 * and conversions, string and memory routines. Exit 0 iff every check holds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
size_t strlen(const char *);

static long sys_write(int fd, const void *buf, size_t n)
{
    register long a0 __asm__("a0") = fd;
    register long a1 __asm__("a1") = (long)buf;
    register long a2 __asm__("a2") = (long)n;
    register long a7 __asm__("a7") = 64;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

static void puts_(const char *s)
{
    sys_write(1, s, strlen(s));
}

static void putu(uint32_t v)
{
    char b[12];
    int n = 0;
    do b[n++] = (char)('0' + v % 10), v /= 10;
    while (v);
    char o[12];
    for (int i = 0; i < n; i++) o[i] = b[n - 1 - i];
    sys_write(1, o, (size_t)n);
}

static int checks, failures;
static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        puts_("cprog: FAILED: ");
        puts_(what);
        puts_("\n");
    }
}

static uint32_t crc_table[256];
static uint32_t crc32(const char *s, size_t n)
{
    if (!crc_table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            crc_table[i] = c;
        }
    uint32_t c = 0xffffffffu;
    while (n--) c = crc_table[(c ^ (uint8_t)*s++) & 0xff] ^ (c >> 8);
    return ~c;
}

static uint32_t fib(uint32_t n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static uint32_t ack(uint32_t m, uint32_t n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void isort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
    char tmp[16];
    char *b = base;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp(b + (j - 1) * sz, b + j * sz) > 0; j--) {
            memcpy(tmp, b + j * sz, sz);
            memcpy(b + j * sz, b + (j - 1) * sz, sz);
            memcpy(b + (j - 1) * sz, tmp, sz);
        }
}

/* A tiny stack VM: the switch becomes a jump table. */
enum { OP_PUSH, OP_MUL, OP_DEC, OP_DUP, OP_JNZ, OP_SWAP, OP_DROP, OP_HALT, OP_OVER, OP_ADD };
static int32_t run_vm(const int32_t *code)
{
    int32_t st[16];
    int sp = 0, pc = 0;
    for (;;) {
        switch (code[pc++]) {
        case OP_PUSH: st[sp++] = code[pc++]; break;
        case OP_MUL: sp--, st[sp - 1] *= st[sp]; break;
        case OP_ADD: sp--, st[sp - 1] += st[sp]; break;
        case OP_DEC: st[sp - 1]--; break;
        case OP_DUP: st[sp] = st[sp - 1], sp++; break;
        case OP_OVER: st[sp] = st[sp - 2], sp++; break;
        case OP_SWAP: {
            int32_t t = st[sp - 1];
            st[sp - 1] = st[sp - 2];
            st[sp - 2] = t;
            break;
        }
        case OP_DROP: sp--; break;
        case OP_JNZ: {
            int32_t target = code[pc++];
            if (st[--sp]) pc = target;
            break;
        }
        case OP_HALT: return st[sp - 1];
        default: return -1;
        }
    }
}

struct rec {
    char name[10];
    uint16_t a : 5, b : 7, c : 4;
    int32_t v;
    double pad_free_for_alignment_check_is_not_used;
};

static int sum_va(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static volatile int32_t vneg = -7;
static volatile float vf_neg = -7.9f, vf_big = 3e9f;
static volatile uint64_t vbig = 0xDEADBEEFCAFEBABEull;
static volatile int64_t vsneg = -1234567890123ll;

int main(void)
{
    check(crc32("123456789", 9) == 0xCBF43926u, "crc32");
    check(fib(25) == 75025, "fib");
    check(ack(2, 3) == 9, "ackermann");

    int arr[200];
    uint32_t x = 12345, sum0 = 0, sum1 = 0;
    for (int i = 0; i < 200; i++) {
        x = x * 1103515245u + 12345u;
        arr[i] = (int)(x >> 8) - (1 << 22);
        sum0 += (uint32_t)arr[i];
    }
    isort(arr, 200, sizeof arr[0], cmp_int);
    int sorted = 1;
    for (int i = 0; i < 200; i++) {
        sum1 += (uint32_t)arr[i];
        if (i && arr[i - 1] > arr[i]) sorted = 0;
    }
    check(sorted && sum0 == sum1, "sort via function pointer");

    /* 10! computed by the VM: acc=1, n=10; loop: acc*=n; n--; while n */
    static const int32_t prog[] = {OP_PUSH, 1,      OP_PUSH, 10,      OP_DUP,  OP_JNZ,
                                   8,       OP_HALT, OP_SWAP, OP_OVER, OP_MUL,  OP_SWAP,
                                   OP_DEC,  OP_DUP, OP_JNZ,  8,       OP_DROP, OP_HALT};
    check(run_vm(prog) == 3628800, "switch jump table VM");

    struct rec r1 = {"tt-foil", 17, 100, 9, -5, 0}, r2;
    r2 = r1; /* struct copy */
    r2.b++;
    check(r2.a == 17 && r2.b == 101 && r2.c == 9 && r2.v == -5 && !memcmp(r2.name, "tt-foil", 8),
          "struct copy and bit-fields");
    check(sum_va(5, 1, 2, 3, 4, -5) == 5, "varargs");

    /* 64-bit through __udivdi3 & co. */
    uint64_t big = vbig;
    check(big / 12345 == 0x49e22db9a1e4aull && big % 12345 == 0x1c44, "64-bit unsigned div/mod");
    int64_t sn = vsneg;
    check(sn / 777 == -1588890463ll && sn % 777 == -372, "64-bit signed div/mod");
    check((0x123456789ull * 0x987654321ull) == 0xd77d742cce1833a9ull, "64-bit multiply");
    check((big >> 40) == 0xdeadbeull && (big << 52) == 0xabe0000000000000ull, "64-bit shifts");
    check((vneg >> 1) == -4 && ((uint32_t)vneg >> 28) == 0xf, "shifts of negative numbers");
    int8_t c8 = (int8_t)200;
    int16_t s16 = (int16_t)40000;
    check(c8 == -56 && s16 == -25536 && (uint8_t)c8 == 200, "narrow integer conversions");

    /* float */
    float s = 0.0f;
    for (int i = 1; i <= 100; i++) s += 1.0f / (float)i;
    check(fbits(s) == 0x40a5ff00u, "harmonic sum in float");
    float r = 1.0f;
    for (int i = 0; i < 6; i++) r = 0.5f * (r + 2.0f / r);
    check(fbits(r) == 0x3fb504f3u, "Newton sqrt(2)");
    check((int)vf_neg == -7 && (unsigned)vf_big == 3000000000u, "float to int conversions");
    check(fbits((float)16777217) == 0x4b800000u && (float)vneg == -7.0f, "int to float conversions");
    check(vf_neg < -7.0f && !(vf_neg > 0.0f), "float compares");

    /* memory routines with overlap */
    char buf[32];
    memset(buf, 'x', sizeof buf);
    memcpy(buf, "abcdefghij", 10);
    memmove(buf + 2, buf, 8);
    check(!memcmp(buf, "ababcdefgh", 10) && buf[10] == 'x', "memmove overlap");

    puts_("cprog: ");
    putu((uint32_t)(checks - failures));
    puts_("/");
    putu((uint32_t)checks);
    puts_(" checks passed\n");
    return failures ? 1 : 0;
}
