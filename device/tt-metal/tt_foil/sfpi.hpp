// SFPI, tt-metal's C++ interface to the SFPU (docs/kernels.md "SFPI"): a
// compute kernel's own vector program on DEST, as tt-metal's
// custom_sfpi_add and custom_sfpi_smoothstep examples and ttnn's SDPA
// write them, with the LLK wrappers that walk a tile's faces
// (_llk_math_eltwise_unary_sfpu_params_ and its binary and ternary forms).
//
// tt-metal's SFPI compiler turns these types into SFPU instructions on
// eight vector registers; plain clang cannot, so each value here holds one
// of the engine's SFPI registers (contracts/tf_sfpi.h) from construction
// to destruction and each operation is one TF_TILE_SFPI command on them,
// which the engine runs on the enabled lanes (v_if). The numerics are the
// SFPU's (docs/chip.md "SFPI"); a multiply followed by an add in one
// expression is one fused MAD, as tt-metal's compiler combines them.
#pragma once

#include <cstdint>

#include "tf_device.h"
#include "tt_foil/base.hpp"
#include "tf_sfpi.h"
#include "tf_tile.h"

// tt-llk's helper functions are declared so
#ifndef sfpi_inline
#define sfpi_inline inline __attribute__((always_inline))
#endif

namespace sfpi
{
namespace tf
{
// The layer's state lives in a page of its own (the kernel's linker script
// puts .tt_foil_sfpi on a 4 KiB boundary after the rest): it is stored to at
// every vector operation, and a store into a page the simulator holds
// decoded code for throws that code away (bench_sfpi measured 60x a named
// op's host time with it beside the code).
#define TF_SFPI_STATE __attribute__((section(".tt_foil_sfpi")))
// The registers the program's values hold: a bit each, set when free.
inline std::uint64_t free_regs TF_SFPI_STATE = (1ull << TF_SFPI_NREGS) - 1;
// dst_reg's DEST address (rows of the math thread's half): the wrapper's
// base (the tile), the counter dst_reg++ moves, and its shadow the face
// loop steps (tt-isa-documentation's Dst and Dst_Cr: a face starts 16 rows
// after the last one whatever dst_reg++ did inside it)
inline std::uint32_t dst_base TF_SFPI_STATE = 0, dst_rwc TF_SFPI_STATE = 0,
                              dst_cr TF_SFPI_STATE = 0;
// open v_ifs and v_blocks: none means every lane is enabled, so a value
// computed into a new register can take an assigned variable's place
inline std::uint32_t cc_depth TF_SFPI_STATE = 0;
// each register's version: bumped by every write, allocation and release,
// so that a product kept unrounded (tf_mul) sees its operands change
inline std::uint8_t ver[256] TF_SFPI_STATE = {};

TF_ALWAYS_INLINE std::uint8_t alloc()
{
    if (!free_regs) return TF_SFPI_NO_REG; // the engine faults at its first use
    std::uint8_t r = (std::uint8_t)__builtin_ctzll(free_regs);
    free_regs &= free_regs - 1;
    ver[r]++;
    return r;
}
TF_ALWAYS_INLINE void release(std::uint8_t r)
{
    if (r < TF_SFPI_NREGS) free_regs |= 1ull << r, ver[r]++;
}
TF_ALWAYS_INLINE void cmd(std::uint32_t word)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, word);
    dev_reg_write(TF_MMIO_TILE_CMD, TF_TILE_SFPI);
}
TF_ALWAYS_INLINE void cmd(std::uint32_t word, std::uint32_t arg1)
{
    dev_reg_write(TF_MMIO_TILE_ARG1, arg1);
    cmd(word);
}
// the registers an op writes: d (not for a store, a swap or the lane
// predication), a and b for a swap
TF_ALWAYS_INLINE void wrote(std::uint32_t o, std::uint8_t d, std::uint8_t a, std::uint8_t b)
{
    if (o == TF_SFPI_MINMAX || o == TF_SFPI_SWAP)
        ver[a]++, ver[b]++;
    else if (o == TF_SFPI_TRANSP)
        ver[a]++, ver[b]++; // (and its other two: subvec_transp)
    else if (o != TF_SFPI_STORE && (o < TF_SFPI_CC_IF || o == TF_SFPI_CONFIG || o >= TF_SFPI_FN))
        ver[d]++;
}
TF_ALWAYS_INLINE void op(std::uint32_t o, std::uint8_t d, std::uint8_t a = 0, std::uint8_t b = 0)
{
    wrote(o, d, a, b);
    cmd(TF_SFPI_WORD(o, d, a, b));
}
TF_ALWAYS_INLINE void op(std::uint32_t o, std::uint8_t d, std::uint8_t a, std::uint8_t b,
                         std::uint32_t arg1)
{
    wrote(o, d, a, b);
    cmd(TF_SFPI_WORD(o, d, a, b), arg1);
}
TF_ALWAYS_INLINE std::uint32_t bits(float f)
{
    return __builtin_bit_cast(std::uint32_t, f);
}
struct take_reg { // a register a value takes over (it frees it)
    std::uint8_t r;
};
struct fixed_reg { // a constant register (not freed)
    std::uint8_t r;
};
} // namespace tf

// A 16-bit float immediate: from an integer, its bits (bf16: the top half
// of an fp32; fp16a: a half); from a float, that float cut to the format
// (bf16: the low 16 bits dropped).
struct s2vFloat16b {
    float v;
    constexpr s2vFloat16b(float f)
        : v(__builtin_bit_cast(float, __builtin_bit_cast(std::uint32_t, f) & 0xffff0000u))
    {
    }
    constexpr s2vFloat16b(int b) : v(__builtin_bit_cast(float, (std::uint32_t)(b & 0xffff) << 16))
    {
    }
    constexpr s2vFloat16b(unsigned b) : s2vFloat16b((int)b) {}
    operator float() const
    {
        return v;
    }
};
struct s2vFloat16a {
    float v;
    constexpr s2vFloat16a(float f) : v((float)(_Float16)f) {}
    constexpr s2vFloat16a(int b) : v((float)__builtin_bit_cast(_Float16, (std::uint16_t)b)) {}
    constexpr s2vFloat16a(unsigned b) : s2vFloat16a((int)b) {}
    operator float() const
    {
        return v;
    }
};
using sFloat16b = s2vFloat16b;
using sFloat16a = s2vFloat16a;

class vFloat;
class vInt;
class vUInt;
class vCond;

// DEST's data layouts a load or store can name (tt-metal's newer sfpi.h)
enum class DataLayout { Default, F32, FP16a, FP16b, I32, SM32, U16 };
// dst_reg[n]: the 32 DEST values at the current address + 2n.
struct tf_dreg {
    std::uint32_t addr;
    tf_dreg(const tf_dreg &) = default;
    template <class T> void store(const T &v, std::uint8_t integer) const;
    tf_dreg operator=(const vFloat &v) const;
    tf_dreg operator=(const vInt &v) const;
    tf_dreg operator=(const vUInt &v) const;
    tf_dreg operator=(const tf_dreg &v) const;
    tf_dreg operator=(float f) const;
    tf_dreg operator=(const struct tf_const &c) const;
    // (tt-metal's newer sfpi.h) dst_reg[n].mode<DataLayout::X>(): a load or
    // store in another of DEST's layouts; Default is dst_reg[n] itself
    template <DataLayout L, class... A> tf_dreg mode(A...) const;
};
struct tf_dst_reg {
    tf_dreg operator[](int n) const
    {
        return tf_dreg{tf::dst_base + tf::dst_rwc + 2u * (std::uint32_t)n};
    }
    void operator++(int) const
    {
        tf::dst_rwc += 2;
    }
    void operator++() const
    {
        tf::dst_rwc += 2;
    }
    void operator+=(int k) const
    {
        tf::dst_rwc += 2u * (std::uint32_t)k;
    }
};
constexpr tf_dst_reg dst_reg{};

// A register a value owns: allocated at construction, freed at destruction;
// a copy is a move of the lanes (SFPMOV), a move takes the register over.
class tf_vreg
{
  public:
    std::uint8_t r;
    tf_vreg() : r(tf::alloc()) {}
    explicit tf_vreg(tf::take_reg t) : r(t.r) {}
    explicit tf_vreg(tf::fixed_reg t) : r(t.r) {}
    tf_vreg(const tf_vreg &o) : r(tf::alloc())
    {
        tf::op(TF_SFPI_MOV, r, o.r);
    }
    tf_vreg(tf_vreg &&o) : r(o.r)
    {
        o.r = TF_SFPI_MOVED;
    }
    ~tf_vreg()
    {
        tf::release(r);
    }

  protected:
    // x = value: the enabled lanes (a move, SFPMOV); outside every v_if all
    // of them, so a temporary's register simply becomes x's
    void assign(const tf_vreg &o)
    {
        if (&o != this) tf::op(TF_SFPI_MOV, r, o.r);
    }
    void assign(tf_vreg &&o)
    {
        if (tf::cc_depth || o.r >= TF_SFPI_NREGS) {
            tf::op(TF_SFPI_MOV, r, o.r);
        } else {
            std::uint8_t t = r;
            r = o.r;
            o.r = t;
        }
    }
};

// A constant register by its tt-metal name (vConst0, ...); the
// programmable ones take `vConstFloatPrgm0 = 1.5f` (a float: tf_fprgm) or
// `vConstIntPrgm0 = 7` (an integer: tf_iprgm), as an SFPU init does, by
// SFPCONFIG: lane 0 of the value in every lane.
struct tf_const {
    std::uint8_t r;
};
struct tf_fprgm : tf_const {
    void operator=(const struct tf_farg &v) const;
};
struct tf_iprgm : tf_const {
    void operator=(const struct tf_iarg &v) const;
};

// An operand of a float operation: a value's register, or one made for a
// float or a DEST load (zero: it was the float +-0, which comparisons test
// bit by bit instead of subtracting).
struct tf_farg {
    std::uint8_t r;
    bool own = false, zero = false;
    tf_farg(const vFloat &v);
    tf_farg(vFloat &&v);             // (a temporary: its register is the operand's)
    tf_farg(const struct tf_mul &m); // (rounded: a * b + 0)
    tf_farg(const tf_const &c) : r(c.r) {}
    tf_farg(float f) : r(tf::alloc()), own(true), zero((tf::bits(f) << 1) == 0)
    {
        std::uint32_t b = tf::bits(f);
        tf::op(TF_SFPI_LOADI, r, 0, 0, b);
    }
    tf_farg(struct s2vFloat16b f);
    tf_farg(struct s2vFloat16a f);
    tf_farg(const tf_dreg &d) : r(tf::alloc()), own(true)
    {
        tf::op(TF_SFPI_LOAD, r, 0, 0, d.addr);
    }
    tf_farg(const tf_farg &) = delete;
    tf_farg(tf_farg &&o) : r(o.r), own(o.own), zero(o.zero)
    {
        o.own = false;
    }
    ~tf_farg()
    {
        if (own) tf::release(r);
    }
    std::uint8_t take() // the register, for a result to own
    {
        if (own) {
            own = false;
            return r;
        }
        std::uint8_t t = tf::alloc();
        tf::op(TF_SFPI_MOV, t, r);
        return t;
    }
};

// a * b, not yet rounded: + or - a third value makes one MAD of the three
// (tt-metal's compiler fuses them), anything else rounds it (a * b + 0).
// It holds its operands' registers, so it is used in the expression that
// makes it: kept (`auto p = a * b;`) past a change of a or b, its use
// faults (TF_SFPI_ERR_STALE) rather than read what they hold then.
struct tf_mul {
    tf_farg a, b;
    std::uint8_t va = tf::ver[a.r], vb = tf::ver[b.r];
    void used() const
    {
        if (tf::ver[a.r] != va || tf::ver[b.r] != vb)
            dev_fault(TF_FAULT_DETAIL_TILE, TF_TILE_SFPI | TF_SFPI_MAD << 8,
                      TF_TILE_FAULT_AUX(TF_TILE_ERR_SFPI, TF_SFPI_ERR_STALE, 0, 0));
    }
};

class vFloat : public tf_vreg
{
  public:
    vFloat() = default;
    explicit vFloat(tf::take_reg t) : tf_vreg(t) {}
    vFloat(float f) : tf_vreg(tf::take_reg{tf_farg(f).take()}) {}
    vFloat(struct s2vFloat16b f) : tf_vreg(tf::take_reg{tf_farg(f).take()}) {}
    vFloat(struct s2vFloat16a f) : tf_vreg(tf::take_reg{tf_farg(f).take()}) {}
    vFloat(const tf_dreg &d) : tf_vreg(tf::take_reg{tf_farg(d).take()}) {}
    vFloat(const tf_const &c) : tf_vreg(tf::take_reg{tf_farg(c).take()}) {}
    vFloat(const tf_mul &m);
    vFloat(const vFloat &) = default;
    vFloat(vFloat &&) = default;
    vFloat &operator=(const vFloat &o)
    {
        assign(o);
        return *this;
    }
    vFloat &operator=(vFloat &&o)
    {
        assign(static_cast<tf_vreg &&>(o));
        return *this;
    }
    vFloat &operator+=(tf_farg b);
    vFloat &operator-=(tf_farg b);
    vFloat &operator*=(tf_farg b);
    vFloat &operator+=(const struct tf_mul &m);
    vFloat &operator-=(const struct tf_mul &m);
    vFloat operator-() const
    {
        vFloat t;
        tf::op(TF_SFPI_NEG, t.r, r);
        return t;
    }
};

inline tf_farg::tf_farg(const vFloat &v) : r(v.r) {}
inline tf_farg::tf_farg(vFloat &&v) : r(v.r), own(v.r < TF_SFPI_NREGS)
{
    v.r = TF_SFPI_MOVED;
}

namespace tf
{
// d = (+-a x b) +- c
TF_ALWAYS_INLINE vFloat mad(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint32_t neg)
{
    vFloat d;
    op(TF_SFPI_MAD, d.r, a, b, c | neg);
    return d;
}
} // namespace tf

inline vFloat::vFloat(const tf_mul &m) : tf_vreg(tf::take_reg{tf::alloc()})
{
    m.used();
    tf::op(TF_SFPI_MAD, r, m.a.r, m.b.r, TF_SFPI_C0);
}
inline tf_farg::tf_farg(const tf_mul &m) : tf_farg(vFloat(m)) {}
inline tf_mul operator*(tf_farg a, tf_farg b)
{
    return tf_mul{static_cast<tf_farg &&>(a), static_cast<tf_farg &&>(b)};
}
inline vFloat operator+(tf_farg a, tf_farg b) // 1.0 x a + b
{
    return tf::mad(TF_SFPI_C1, a.r, b.r, 0);
}
inline vFloat operator-(tf_farg a, tf_farg b) // -1.0 x b + a
{
    return tf::mad(TF_SFPI_CNEG1, b.r, a.r, 0);
}
inline vFloat operator+(const tf_mul &m, tf_farg c)
{
    m.used();
    return tf::mad(m.a.r, m.b.r, c.r, 0);
}
inline vFloat operator+(tf_farg c, const tf_mul &m)
{
    m.used();
    return tf::mad(m.a.r, m.b.r, c.r, 0);
}
inline vFloat operator-(const tf_mul &m, tf_farg c)
{
    m.used();
    return tf::mad(m.a.r, m.b.r, c.r, TF_SFPI_MAD_NEG_C);
}
inline vFloat operator-(tf_farg c, const tf_mul &m)
{
    m.used();
    return tf::mad(m.a.r, m.b.r, c.r, TF_SFPI_MAD_NEG_AB);
}
inline vFloat operator+(const tf_mul &m, const tf_mul &n)
{
    return m + vFloat(n);
}
inline vFloat operator-(const tf_mul &m, const tf_mul &n)
{
    return m - vFloat(n);
}
inline tf_mul operator*(const tf_mul &m, tf_farg b)
{
    return vFloat(m) * static_cast<tf_farg &&>(b);
}
inline tf_mul operator*(tf_farg a, const tf_mul &m)
{
    return static_cast<tf_farg &&>(a) * vFloat(m);
}
inline vFloat operator-(const tf_mul &m)
{
    m.used();
    vFloat d;
    tf::op(TF_SFPI_MAD, d.r, m.a.r, m.b.r, TF_SFPI_C0 | TF_SFPI_MAD_NEG_AB);
    return d;
}
inline vFloat operator-(const tf_dreg &d)
{
    return -vFloat(d);
}
inline vFloat &vFloat::operator+=(tf_farg b)
{
    tf::op(TF_SFPI_MAD, r, TF_SFPI_C1, r, b.r);
    return *this;
}
inline vFloat &vFloat::operator-=(tf_farg b)
{
    tf::op(TF_SFPI_MAD, r, TF_SFPI_CNEG1, b.r, r);
    return *this;
}
inline vFloat &vFloat::operator*=(tf_farg b)
{
    tf::op(TF_SFPI_MAD, r, r, b.r, TF_SFPI_C0);
    return *this;
}
// x += a * b and x -= a * b: one MAD, as x = x + a * b
inline vFloat &vFloat::operator+=(const tf_mul &m)
{
    m.used();
    tf::op(TF_SFPI_MAD, r, m.a.r, m.b.r, r);
    return *this;
}
inline vFloat &vFloat::operator-=(const tf_mul &m)
{
    m.used();
    tf::op(TF_SFPI_MAD, r, m.a.r, m.b.r, r | TF_SFPI_MAD_NEG_AB);
    return *this;
}

// ---- integers ----------------------------------------------------------------------------

// An operand of an integer operation: a vInt's or vUInt's register, or one
// made for an integer or a DEST load.
struct tf_iarg {
    std::uint8_t r;
    bool own = false;
    tf_iarg(const vInt &v);
    tf_iarg(const vUInt &v);
    tf_iarg(const tf_const &c) : r(c.r) {}
    tf_iarg(int i) : r(tf::alloc()), own(true)
    {
        tf::op(TF_SFPI_LOADI, r, 0, 1, (std::uint32_t)i);
    }
    tf_iarg(unsigned i) : tf_iarg((int)i) {}
    tf_iarg(long i) : tf_iarg((int)i) {}
    tf_iarg(unsigned long i) : tf_iarg((int)i) {}
    tf_iarg(const tf_dreg &d) : r(tf::alloc()), own(true)
    {
        tf::op(TF_SFPI_LOAD, r, 0, 0, d.addr);
    }
    tf_iarg(const tf_iarg &) = delete;
    tf_iarg(tf_iarg &&o) : r(o.r), own(o.own)
    {
        o.own = false;
    }
    ~tf_iarg()
    {
        if (own) tf::release(r);
    }
};

// vInt and vUInt: the same operations on 32-bit integers; >> is arithmetic
// on a vInt, logical on a vUInt.
template <class Self, std::uint32_t tf_arith_> class tf_vintbase : public tf_vreg
{
  public:
    tf_vintbase() = default;
    explicit tf_vintbase(tf::take_reg t) : tf_vreg(t) {}
    tf_vintbase(int i) : tf_vreg(tf::take_reg{tf::alloc()})
    {
        tf::op(TF_SFPI_LOADI, r, 0, 1, (std::uint32_t)i);
    }
    tf_vintbase(unsigned i) : tf_vintbase((int)i) {}
    tf_vintbase(const tf_dreg &d) : tf_vreg(tf::take_reg{tf::alloc()})
    {
        tf::op(TF_SFPI_LOAD, r, 0, 0, d.addr);
    }
    tf_vintbase(const tf_const &c) : tf_vreg(tf::take_reg{tf::alloc()})
    {
        tf::op(TF_SFPI_MOV, r, c.r);
    }
    tf_vintbase(const tf_vintbase &) = default;
    tf_vintbase(tf_vintbase &&) = default;
    Self &operator=(const tf_vintbase &o)
    {
        assign(o);
        return static_cast<Self &>(*this);
    }
    Self &operator=(tf_vintbase &&o)
    {
        assign(static_cast<tf_vreg &&>(o));
        return static_cast<Self &>(*this);
    }
    Self &operator=(int i)
    {
        return *this = Self(i);
    }
#define TF_SFPI_IOP(sym, code)                                                                     \
    Self operator sym(tf_iarg b) const                                                             \
    {                                                                                              \
        Self d;                                                                                    \
        tf::op(code, d.r, r, b.r);                                                                 \
        return d;                                                                                  \
    }                                                                                              \
    Self &operator sym##=(tf_iarg b)                                                               \
    {                                                                                              \
        tf::op(code, r, r, b.r);                                                                   \
        return static_cast<Self &>(*this);                                                         \
    }
    TF_SFPI_IOP(+, TF_SFPI_IADD)
    TF_SFPI_IOP(-, TF_SFPI_ISUB)
    TF_SFPI_IOP(&, TF_SFPI_AND)
    TF_SFPI_IOP(|, TF_SFPI_OR)
    TF_SFPI_IOP(^, TF_SFPI_XOR)
#undef TF_SFPI_IOP
    Self operator~() const
    {
        Self d;
        tf::op(TF_SFPI_NOT, d.r, r);
        return d;
    }
    Self operator-() const // 0 - x (vConst0's bits are the integer 0)
    {
        Self d;
        tf::op(TF_SFPI_ISUB, d.r, TF_SFPI_C0, r);
        return d;
    }
    // by each lane's amount: << left, >> right (as the int form's)
    Self operator<<(const tf_iarg &n) const
    {
        Self d;
        tf::op(TF_SFPI_SHFT, d.r, r, n.r, 0);
        return d;
    }
    Self operator>>(const tf_iarg &n) const
    {
        Self neg, d;
        tf::op(TF_SFPI_ISUB, neg.r, TF_SFPI_C0, n.r);
        tf::op(TF_SFPI_SHFT, d.r, r, neg.r, tf_arith_);
        return d;
    }
    Self operator<<(int n) const
    {
        Self d;
        tf::op(TF_SFPI_SHFT, d.r, r, 0, 2u | ((std::uint32_t)(n & 0xfff) << 8));
        return d;
    }
    Self operator>>(int n) const
    {
        Self d;
        tf::op(TF_SFPI_SHFT, d.r, r, 0, 2u | tf_arith_ | ((std::uint32_t)(-n & 0xfff) << 8));
        return d;
    }
    Self &operator<<=(int n)
    {
        return *this = *this << n;
    }
    Self &operator>>=(int n)
    {
        return *this = *this >> n;
    }
};

class vInt : public tf_vintbase<vInt, 1>
{
  public:
    using tf_vintbase::tf_vintbase;
    using tf_vintbase::operator=;
    vInt() = default;
    vInt(const vInt &) = default;
    vInt(vInt &&) = default;
    vInt &operator=(const vInt &o) = default;
    vInt &operator=(vInt &&o) = default;
    vInt(const vUInt &u);
};
class vUInt : public tf_vintbase<vUInt, 0>
{
  public:
    using tf_vintbase::tf_vintbase;
    using tf_vintbase::operator=;
    vUInt() = default;
    vUInt(const vUInt &) = default;
    vUInt(vUInt &&) = default;
    vUInt &operator=(const vUInt &o) = default;
    vUInt &operator=(vUInt &&o) = default;
    vUInt(const vInt &i) : tf_vintbase(tf::take_reg{tf::alloc()})
    {
        tf::op(TF_SFPI_MOV, r, i.r);
    }
};
inline vInt::vInt(const vUInt &u) : tf_vintbase(tf::take_reg{tf::alloc()})
{
    tf::op(TF_SFPI_MOV, r, u.r);
}
inline tf_iarg::tf_iarg(const vInt &v) : r(v.r) {}
inline tf_iarg::tf_iarg(const vUInt &v) : r(v.r) {}

// ---- conditions and predication ---------------------------------------------------------

// A comparison's lanes (a mask register: all ones where true); && || !
// combine them.
class vCond : public tf_vreg
{
  public:
    explicit vCond(tf::take_reg t) : tf_vreg(t) {}
    vCond(vCond &&) = default;
};
namespace tf
{
TF_ALWAYS_INLINE vCond fcmp(const tf_farg &a, const tf_farg &b, std::uint32_t test)
{
    vCond c(take_reg{alloc()});
    if (b.zero) // against +-0: SFPSETCC on a's own bits
        op(TF_SFPI_FCMP, c.r, a.r, 0, test | TF_SFPI_CMP_RAW);
    else
        op(TF_SFPI_FCMP, c.r, a.r, b.r, test);
    return c;
}
TF_ALWAYS_INLINE vCond icmp(const tf_iarg &a, const tf_iarg &b, std::uint32_t test)
{
    vCond c(take_reg{alloc()});
    op(TF_SFPI_ICMP, c.r, a.r, b.r, test);
    return c;
}
// the same test with the operands the other way round
constexpr std::uint32_t swapped(std::uint32_t t)
{
    return t == TF_SFPI_CMP_LT   ? TF_SFPI_CMP_GT
           : t == TF_SFPI_CMP_GT ? TF_SFPI_CMP_LT
           : t == TF_SFPI_CMP_LE ? TF_SFPI_CMP_GE
           : t == TF_SFPI_CMP_GE ? TF_SFPI_CMP_LE
                                 : t;
}
} // namespace tf
#define TF_SFPI_CMP(sym, test)                                                                     \
    inline vCond operator sym(tf_farg a, tf_farg b)                                                \
    {                                                                                              \
        return a.zero && !b.zero ? tf::fcmp(b, a, tf::swapped(test)) : tf::fcmp(a, b, test);       \
    }                                                                                              \
    inline vCond operator sym(const tf_mul &a, tf_farg b)                                          \
    {                                                                                              \
        return vFloat(a) sym static_cast<tf_farg &&>(b);                                           \
    }                                                                                              \
    inline vCond operator sym(const tf_dreg &a, tf_farg b)                                         \
    {                                                                                              \
        return tf_farg(a) sym static_cast<tf_farg &&>(b);                                          \
    }                                                                                              \
    inline vCond operator sym(const vInt &a, tf_iarg b)                                            \
    {                                                                                              \
        return tf::icmp(a, b, test);                                                               \
    }                                                                                              \
    inline vCond operator sym(const vUInt &a, tf_iarg b)                                           \
    {                                                                                              \
        return tf::icmp(a, b, test);                                                               \
    }
TF_SFPI_CMP(<, TF_SFPI_CMP_LT)
TF_SFPI_CMP(>=, TF_SFPI_CMP_GE)
TF_SFPI_CMP(==, TF_SFPI_CMP_EQ)
TF_SFPI_CMP(!=, TF_SFPI_CMP_NE)
TF_SFPI_CMP(>, TF_SFPI_CMP_GT)
TF_SFPI_CMP(<=, TF_SFPI_CMP_LE)
#undef TF_SFPI_CMP
inline vCond operator&&(const vCond &a, const vCond &b)
{
    vCond c(tf::take_reg{tf::alloc()});
    tf::op(TF_SFPI_AND, c.r, a.r, b.r);
    return c;
}
inline vCond operator||(const vCond &a, const vCond &b)
{
    vCond c(tf::take_reg{tf::alloc()});
    tf::op(TF_SFPI_OR, c.r, a.r, b.r);
    return c;
}
inline vCond operator!(const vCond &a)
{
    vCond c(tf::take_reg{tf::alloc()});
    tf::op(TF_SFPI_NOT, c.r, a.r);
    return c;
}

namespace tf
{
// One v_if ... v_endif (or v_block ... v_endblock): its lanes pushed at
// the start, popped at the end (also when a break or return leaves it).
class cc_scope
{
    int pushes = 0;

  public:
    cc_scope()
    {
        cc_depth++;
    }
    ~cc_scope()
    {
        for (; pushes; pushes--) op(TF_SFPI_CC_POP, 0);
        cc_depth--;
    }
    cc_scope(const cc_scope &) = delete;
    void open(const vCond &c)
    {
        pushes++;
        op(TF_SFPI_CC_IF, 0, c.r);
    }
    void open()
    {
        pushes++;
        op(TF_SFPI_CC_IF, 0, TF_SFPI_NO_REG);
    }
    void other()
    {
        op(TF_SFPI_CC_ELSE, 0);
    }
    void narrow(const vCond &c)
    {
        op(TF_SFPI_CC_AND, 0, c.r);
    }
};
} // namespace tf

// v_elseif complements the lanes (SFPCOMPC: those pushed and not enabled),
// computes its condition on them and pushes again, as tt-metal's; v_endif
// pops every push.
#define v_if(c)                                                                                    \
    {                                                                                              \
        ::sfpi::tf::cc_scope tf_cc_scope_;                                                         \
        tf_cc_scope_.open(c);                                                                      \
        {
#define v_elseif(c)                                                                                \
    }                                                                                              \
    tf_cc_scope_.other();                                                                          \
    tf_cc_scope_.open(c);                                                                          \
    {
#define v_else                                                                                     \
    }                                                                                              \
    tf_cc_scope_.other();                                                                          \
    {
#define v_endif                                                                                    \
    }                                                                                              \
    }
#define v_block                                                                                    \
    {                                                                                              \
        ::sfpi::tf::cc_scope tf_cc_scope_;                                                         \
        tf_cc_scope_.open();                                                                       \
        {
#define v_endblock                                                                                 \
    }                                                                                              \
    }
#define v_and(c) tf_cc_scope_.narrow(c)

// ---- DEST --------------------------------------------------------------------------------

template <class T> inline void tf_dreg::store(const T &v, std::uint8_t integer) const
{
    tf::op(TF_SFPI_STORE, 0, v.r, integer, addr);
}
inline tf_dreg tf_dreg::operator=(const vFloat &v) const
{
    store(v, 0);
    return *this;
}
inline tf_dreg tf_dreg::operator=(const vInt &v) const
{
    store(v, 1);
    return *this;
}
inline tf_dreg tf_dreg::operator=(const vUInt &v) const
{
    store(v, 1);
    return *this;
}
inline tf_dreg tf_dreg::operator=(const tf_dreg &v) const
{
    return *this = vFloat(v);
}
inline tf_dreg tf_dreg::operator=(float f) const
{
    return *this = vFloat(f);
}
inline tf_dreg tf_dreg::operator=(const tf_const &c) const
{
    store(c, 0);
    return *this;
}

template <DataLayout L, class... A> inline tf_dreg tf_dreg::mode(A...) const
{
    static_assert(L == DataLayout::Default && sizeof...(A) == 0,
                  "not supported by tt-foil: dst_reg[n].mode<DataLayout::...>() in a layout "
                  "other than Default (sign-magnitude, U16, FP16 ... loads and stores, or an "
                  "address mode): the engine's DEST holds the tile's own values; load and "
                  "store a vFloat, vInt or vUInt");
    return *this;
}

// ---- constants ---------------------------------------------------------------------------

inline void tf_fprgm::operator=(const tf_farg &v) const
{
    tf::op(TF_SFPI_CONFIG, r, v.r);
}
inline void tf_iprgm::operator=(const tf_iarg &v) const
{
    tf::op(TF_SFPI_CONFIG, r, v.r);
}
constexpr tf_const vConst0p8373{TF_SFPI_C0P8373};
constexpr tf_const vConst0{TF_SFPI_C0};
constexpr tf_const vConst1{TF_SFPI_C1};
constexpr tf_const vConstNeg1{TF_SFPI_CNEG1};
constexpr tf_fprgm vConstFloatPrgm0{{TF_SFPI_PRGM0}};
constexpr tf_fprgm vConstFloatPrgm1{{TF_SFPI_PRGM1}};
constexpr tf_fprgm vConstFloatPrgm2{{TF_SFPI_PRGM2}};
constexpr tf_iprgm vConstIntPrgm0{{TF_SFPI_PRGM0}};
constexpr tf_iprgm vConstIntPrgm1{{TF_SFPI_PRGM1}};
constexpr tf_iprgm vConstIntPrgm2{{TF_SFPI_PRGM2}};
constexpr tf_const vConstTileId{TF_SFPI_TILEID};

inline tf_farg::tf_farg(s2vFloat16b f) : tf_farg(f.v) {}
inline tf_farg::tf_farg(s2vFloat16a f) : tf_farg(f.v) {}

// ---- intrinsics --------------------------------------------------------------------------

namespace tf
{
template <class R, class A> TF_ALWAYS_INLINE R un(std::uint32_t o, const A &a, std::uint32_t arg1)
{
    R d;
    op(o, d.r, a.r, 0, arg1);
    return d;
}
template <class R, class A, class B> TF_ALWAYS_INLINE R bin(std::uint32_t o, const A &a, const B &b)
{
    R d;
    op(o, d.r, a.r, b.r);
    return d;
}
} // namespace tf
inline vFloat abs(const vFloat &v)
{
    return tf::un<vFloat>(TF_SFPI_ABS, v, 0);
}
inline vInt abs(const vInt &v)
{
    return tf::un<vInt>(TF_SFPI_ABS, v, 1);
}
inline vFloat abs(const tf_dreg &d) // (a DEST value is a vFloat by default)
{
    return abs(vFloat(d));
}
inline vFloat setsgn(tf_farg v, tf_farg s)
{
    return tf::bin<vFloat>(TF_SFPI_SETSGN, v, s);
}
inline vFloat setsgn(tf_farg v, int s)
{
    return tf::bin<vFloat>(TF_SFPI_SETSGN, v, tf_farg(s & 1 ? -1.0f : 1.0f));
}
template <class T> inline T tf_setsgn_int(const T &v, int s)
{
    return tf::bin<T>(TF_SFPI_SETSGN, v, tf_iarg(s & 1 ? -1 : 0));
}
inline vInt setsgn(const vInt &v, int s)
{
    return tf_setsgn_int(v, s);
}
inline vUInt setsgn(const vUInt &v, int s)
{
    return tf_setsgn_int(v, s);
}
inline vFloat copysgn(tf_farg v, tf_farg s)
{
    return setsgn(static_cast<tf_farg &&>(v), static_cast<tf_farg &&>(s));
}
inline vInt exexp(tf_farg v)
{
    return tf::un<vInt>(TF_SFPI_EXEXP, v, 0);
}
inline vInt exexp_nodebias(tf_farg v)
{
    return tf::un<vInt>(TF_SFPI_EXEXP, v, 1);
}
inline vInt exman8(tf_farg v)
{
    return tf::un<vInt>(TF_SFPI_EXMAN, v, 1);
}
inline vInt exman9(tf_farg v)
{
    return tf::un<vInt>(TF_SFPI_EXMAN, v, 0);
}
// (tt-metal's newer sfpi_lib.h) exexp(v, ExponentMode), exman(v,
// MantissaMode), copyexp(v, e): v with e's exponent field
enum class ExponentMode { Debias, NoDebias };
enum class MantissaMode { FractionOnly, WithUnitBit, ImplicitOne = WithUnitBit };
inline vInt exexp(tf_farg v, ExponentMode m)
{
    return tf::un<vInt>(TF_SFPI_EXEXP, v, m == ExponentMode::NoDebias ? 1 : 0);
}
inline vInt exman(tf_farg v, MantissaMode m = MantissaMode::FractionOnly)
{
    return tf::un<vInt>(TF_SFPI_EXMAN, v, m == MantissaMode::WithUnitBit ? 1 : 0);
}
inline vFloat setexp(tf_farg v, tf_iarg e)
{
    return tf::bin<vFloat>(TF_SFPI_SETEXP, v, e);
}
inline vFloat copyexp(tf_farg v, tf_farg e) // (two commands; SFPSETEXP's copy form is one)
{
    return setexp(static_cast<tf_farg &&>(v),
                  exexp(static_cast<tf_farg &&>(e), ExponentMode::NoDebias));
}
inline vFloat setman(tf_farg v, tf_iarg m)
{
    return tf::bin<vFloat>(TF_SFPI_SETMAN, v, m);
}
inline vFloat addexp(tf_farg v, int n)
{
    return tf::un<vFloat>(TF_SFPI_ADDEXP, v, (std::uint32_t)n);
}
inline vInt lz(tf_farg v)
{
    return tf::un<vInt>(TF_SFPI_LZ, v, 0);
}
inline vInt lz(tf_iarg v)
{
    return tf::un<vInt>(TF_SFPI_LZ, v, 0);
}
inline vInt lz(const tf_dreg &d)
{
    return lz(vFloat(d));
}
inline vUInt shft(const vUInt &v, tf_iarg n)
{
    return tf::bin<vUInt>(TF_SFPI_SHFT, v, n);
}
inline vInt shft(const vInt &v, tf_iarg n)
{
    vInt d;
    tf::op(TF_SFPI_SHFT, d.r, v.r, n.r, 1);
    return d;
}
// A rounding argument: 0 or RoundMode::Nearest (to nearest), 1 or
// RoundMode::Stochastic (the default, refused), RoundMode::Zero (refused)
// (tt-metal's newer sfpi_lib.h names them)
enum class RoundMode { NearestEven, Stochastic, Zero, Even = NearestEven, Nearest = NearestEven };
struct tf_rnd {
    int m;
    tf_rnd(int r) : m(r) {}
    tf_rnd(RoundMode r) : m((int)r) {}
};
// float_to_fp16b(v, 0): v at bf16 precision, to nearest (ties away from
// zero); tt-metal's default rounding (1) is stochastic, which the engine
// refuses (a fault naming the argument): pass 0.
inline vUInt float_to_fp16b(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_FP16B, v, (std::uint32_t)round_mode.m);
}
// int32_to_float(v, 0): v read as a sign-magnitude integer (the SFPU's
// SFPCAST), to nearest even; the default rounding (1) as float_to_fp16b's.
inline vFloat int32_to_float(tf_iarg v, tf_rnd round_mode = 1)
{
    return tf::un<vFloat>(TF_SFPI_CAST, v, (std::uint32_t)round_mode.m);
}
// float_to_fp16a(v, 0): v at fp16a precision (10 mantissa bits), as
// float_to_fp16b's; the integers: v rounded to nearest (ties away from
// zero) and clamped, a sign-magnitude int8 (+-127) or int16 (+-32767), or
// |v| as a uint8 (255) or uint16 (65535) (SFPSTOCHRND); int32_to_int8 and
// int32_to_uint8 take a sign-magnitude int32 shifted right by descale
// (its low 5 bits), rounded so. Each refuses the default stochastic
// rounding (1) as float_to_fp16b does.
namespace tf
{
TF_ALWAYS_INLINE std::uint32_t rnd(tf_rnd round_mode)
{
    int m = round_mode.m;
    return (std::uint32_t)(m < 0 || m > 255 ? 255 : m) << 8;
}
} // namespace tf
inline vUInt float_to_fp16a(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v, TF_SFPI_RND_FP16A | tf::rnd(round_mode));
}
inline vUInt float_to_int8(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v, TF_SFPI_RND_INT8 | tf::rnd(round_mode));
}
inline vUInt float_to_uint8(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v, TF_SFPI_RND_UINT8 | tf::rnd(round_mode));
}
inline vUInt float_to_int16(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v, TF_SFPI_RND_INT16 | tf::rnd(round_mode));
}
inline vUInt float_to_uint16(tf_farg v, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v, TF_SFPI_RND_UINT16 | tf::rnd(round_mode));
}
inline vUInt int32_to_int8(tf_iarg v, unsigned descale, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v,
                         TF_SFPI_RND_I2I8 | TF_SFPI_RND_IMM | (descale & 31u) << 16 |
                             tf::rnd(round_mode));
}
inline vUInt int32_to_uint8(tf_iarg v, unsigned descale, tf_rnd round_mode = 1)
{
    return tf::un<vUInt>(TF_SFPI_STOCHRND, v,
                         TF_SFPI_RND_I2U8 | TF_SFPI_RND_IMM | (descale & 31u) << 16 |
                             tf::rnd(round_mode));
}
inline vUInt int32_to_int8(tf_iarg v, const vUInt &descale, tf_rnd round_mode = 1)
{
    vUInt d;
    tf::op(TF_SFPI_STOCHRND, d.r, v.r, descale.r, TF_SFPI_RND_I2I8 | tf::rnd(round_mode));
    return d;
}
inline vUInt int32_to_uint8(tf_iarg v, const vUInt &descale, tf_rnd round_mode = 1)
{
    vUInt d;
    tf::op(TF_SFPI_STOCHRND, d.r, v.r, descale.r, TF_SFPI_RND_I2U8 | tf::rnd(round_mode));
    return d;
}
inline vInt lz_nosgn(tf_farg v) // (the leading zeros of v without its sign bit)
{
    return tf::un<vInt>(TF_SFPI_LZ, v, 1);
}
inline vInt lz_nosgn(tf_iarg v)
{
    return tf::un<vInt>(TF_SFPI_LZ, v, 1);
}
inline vInt lz_nosgn(const tf_dreg &d)
{
    return lz_nosgn(vFloat(d));
}

// lut(v, l0, l1, l2): by |v| < 1, < 2, else, l0, l1 or l2 holds two 8-bit
// coefficients A (bits 8-15) and B (bits 0-7) of SFPLUT's own format;
// A |v| + B as a MAD, with v's sign (lut_sign: the MAD's). lut2 the same
// with fp16-like coefficients (A the high half, B the low; SFPLUTFP32);
// its six-register forms: A0..A2, B0..B2 as floats, or (mode 1 or 2) six
// pairs of halves splitting each range in two (contracts/tf_sfpi.h).
namespace tf
{
TF_ALWAYS_INLINE vFloat lut(std::uint32_t o, std::uint8_t v, std::uint8_t t0, std::uint32_t arg1)
{
    vFloat d;
    op(o, d.r, v, t0, arg1);
    return d;
}
} // namespace tf
inline vFloat lut(tf_farg v, tf_iarg l0, tf_iarg l1, tf_iarg l2)
{
    return tf::lut(TF_SFPI_LUT, v.r, l0.r, TF_SFPI_REG6(l1.r, 0) | TF_SFPI_REG6(l2.r, 1));
}
inline vFloat lut_sign(tf_farg v, tf_iarg l0, tf_iarg l1, tf_iarg l2)
{
    return tf::lut(TF_SFPI_LUT, v.r, l0.r,
                   TF_SFPI_REG6(l1.r, 0) | TF_SFPI_REG6(l2.r, 1) | TF_SFPI_LUT_SIGN);
}
inline vFloat lut2(tf_farg v, tf_iarg l0, tf_iarg l1, tf_iarg l2)
{
    return tf::lut(TF_SFPI_LUT2, v.r, l0.r,
                   TF_SFPI_REG6(l1.r, 0) | TF_SFPI_REG6(l2.r, 1) | TF_SFPI_LUT2_FP16_3 << 30);
}
inline vFloat lut2_sign(tf_farg v, tf_iarg l0, tf_iarg l1, tf_iarg l2)
{
    return tf::lut(TF_SFPI_LUT2_SIGN, v.r, l0.r,
                   TF_SFPI_REG6(l1.r, 0) | TF_SFPI_REG6(l2.r, 1) | TF_SFPI_LUT2_FP16_3 << 30);
}
namespace tf
{
template <class T>
TF_ALWAYS_INLINE vFloat lut6(std::uint32_t o, const tf_farg &v, const T &a0, const T &a1,
                             const T &a2, const T &b0, const T &b1, const T &b2, std::uint32_t mode)
{
    return lut(o, v.r, a0.r,
               TF_SFPI_REG6(a1.r, 0) | TF_SFPI_REG6(a2.r, 1) | TF_SFPI_REG6(b0.r, 2) |
                   TF_SFPI_REG6(b1.r, 3) | TF_SFPI_REG6(b2.r, 4) | mode << 30);
}
} // namespace tf
inline vFloat lut2(tf_farg v, const vFloat &a0, const vFloat &a1, const vFloat &a2,
                   const vFloat &b0, const vFloat &b1, const vFloat &b2)
{
    return tf::lut6(TF_SFPI_LUT2, v, a0, a1, a2, b0, b1, b2, TF_SFPI_LUT2_FP32_3);
}
inline vFloat lut2_sign(tf_farg v, const vFloat &a0, const vFloat &a1, const vFloat &a2,
                        const vFloat &b0, const vFloat &b1, const vFloat &b2)
{
    return tf::lut6(TF_SFPI_LUT2_SIGN, v, a0, a1, a2, b0, b1, b2, TF_SFPI_LUT2_FP32_3);
}
inline vFloat lut2(tf_farg v, const vUInt &a01, const vUInt &a23, const vUInt &a45,
                   const vUInt &b01, const vUInt &b23, const vUInt &b45, int mode = 1)
{
    return tf::lut6(TF_SFPI_LUT2, v, a01, a23, a45, b01, b23, b45,
                    TF_SFPI_LUT2_FP16_6 + (mode == 1 ? 0u : 1u));
}
inline vFloat lut2_sign(tf_farg v, const vUInt &a01, const vUInt &a23, const vUInt &a45,
                        const vUInt &b01, const vUInt &b23, const vUInt &b45, int mode = 1)
{
    return tf::lut6(TF_SFPI_LUT2_SIGN, v, a01, a23, a45, b01, b23, b45,
                    TF_SFPI_LUT2_FP16_6 + (mode == 1 ? 0u : 1u));
}

// approx_recip(v) and approx_exp(v): Blackhole's SFPARECIP, 7 mantissa
// bits from its tables, v's sign kept (docs/chip.md "SFPI"). The
// conditional form (approx_recip<false>) is refused.
template <bool uncond = true> inline vFloat approx_recip(tf_farg v)
{
    static_assert(uncond, "not supported by tt-foil: approx_recip<false> (SFPARECIP's conditional "
                          "reciprocal: which register's sign decides is the SFPI compiler's "
                          "choice); use approx_recip(v) in a v_if");
    return tf::un<vFloat>(TF_SFPI_ARECIP, v, TF_SFPI_ARECIP_RECIP);
}
inline vFloat approx_exp(tf_farg v)
{
    return tf::un<vFloat>(TF_SFPI_ARECIP, v, TF_SFPI_ARECIP_EXP);
}

// subvec_transp(a, b, c, d): seen as rows of 8 lanes (four a register),
// row r of the k-th of them becomes row k of the r-th (SFPTRANSP);
// subvec_shflror1(v) and subvec_shflshr1(v): each lane takes its left
// neighbour's value within the row, the row's first the row's last
// (ror1) or 0 (shr1) (SFPSHFT2).
template <class T> inline void subvec_transp(T &a, T &b, T &c, T &d)
{
    static_assert(__is_base_of(tf_vreg, T), "subvec_transp takes vFloat, vInt or vUInt variables");
    tf::op(TF_SFPI_TRANSP, 0, a.r, b.r, (std::uint32_t)c.r | (std::uint32_t)d.r << 8);
    tf::ver[c.r]++, tf::ver[d.r]++;
}
template <class T> inline T subvec_shflror1(const T &v)
{
    static_assert(__is_base_of(tf_vreg, T), "subvec_shflror1 takes a vFloat, vInt or vUInt");
    return tf::un<T>(TF_SFPI_SHFL, v, 0);
}
template <class T> inline T subvec_shflshr1(const T &v)
{
    static_assert(__is_base_of(tf_vreg, T), "subvec_shflshr1 takes a vFloat, vInt or vUInt");
    return tf::un<T>(TF_SFPI_SHFL, v, 1);
}

// Not modeled: a compile error with the reason.
TF_UNSUPPORTED_FN(rand, "sfpi::rand (the SFPU's PRNG): its values are the hardware's, "
                        "nondeterministic; a simulated run is repeatable");
enum class LRegs { LReg0, LReg1, LReg2, LReg3, LReg4, LReg5, LReg6, LReg7, LRegCount };
TF_UNSUPPORTED_VAR(l_reg, "sfpi::l_reg[LRegs::LRegN] (a value pinned to a physical LREG, shared "
                          "with raw TTI_SFP* instructions the tile engine does not run): keep it "
                          "in a vFloat, vInt or vUInt");

inline void vec_min_max(vFloat &a, vFloat &b)
{
    tf::op(TF_SFPI_MINMAX, 0, a.r, b.r);
}
// (of integers: SFPSWAP orders their bits as sign-magnitude integers too)
inline void vec_min_max(vInt &a, vInt &b)
{
    tf::op(TF_SFPI_MINMAX, 0, a.r, b.r);
}
inline void vec_min_max(vUInt &a, vUInt &b)
{
    tf::op(TF_SFPI_MINMAX, 0, a.r, b.r);
}
// vec_max_min(a, b): a = max, b = min (SFPSWAP's other order)
inline void vec_max_min(vFloat &a, vFloat &b)
{
    tf::op(TF_SFPI_MINMAX, 0, b.r, a.r);
}
// fractional_mul(a, b, half): the low 23 bits of a and b multiplied, the
// product's low or high 23 bits (Blackhole's SFPMUL24)
enum class FractionalHalf { Low, High };
inline vInt fractional_mul(tf_iarg a, tf_iarg b, FractionalHalf half = FractionalHalf::Low)
{
    vInt d;
    tf::op(TF_SFPI_MUL24, d.r, a.r, b.r, half == FractionalHalf::High ? 1 : 0);
    return d;
}
// convert<T>(v, ...) and its narrow types (vSMag, vFloat16a, ...: tt-metal's
// newer sfpi.h) are refused: a compile error with the reason
#define TF_SFPI_NARROW_WHY                                                                         \
    "SFPI's narrow and sign-magnitude vector types and convert<T>() (tt-metal's newer "            \
    "sfpi.h): use vFloat, vInt, vUInt with float_to_*, int32_to_float and reinterpret"
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vSMag {
};
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vSMag16 {
};
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vFloat16a {
};
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vFloat16b {
};
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vUInt16 {
};
struct TF_UNSUPPORTED(TF_SFPI_NARROW_WHY) vUInt8 {
};
TF_UNSUPPORTED_FN(convert, TF_SFPI_NARROW_WHY);
template <class T> inline void vec_swap(T &a, T &b)
{
    tf::op(TF_SFPI_SWAP, 0, a.r, b.r);
}
// (tt-metal's newer sfpi_lib.h) min, max and clamp by the SFPU's swap
inline vFloat min(const vFloat &a, tf_farg b)
{
    vFloat x(a), y(tf::take_reg{b.take()});
    vec_min_max(x, y);
    return x;
}
inline vFloat max(const vFloat &a, tf_farg b)
{
    vFloat x(a), y(tf::take_reg{b.take()});
    vec_min_max(x, y);
    return y;
}
inline vFloat clamp(const vFloat &v, tf_farg lo, tf_farg hi)
{
    return min(max(v, static_cast<tf_farg &&>(lo)), static_cast<tf_farg &&>(hi));
}
// reinterpret<T>(v) (as<T> in newer headers): the same 32 bits as another
// type.
template <class T, class V> inline T reinterpret(const V &v)
{
    T d;
    tf::op(TF_SFPI_MOV, d.r, v.r);
    return d;
}
// (of a temporary: its register, no move)
template <class T> inline T tf_reinterpret_taken(tf_vreg &v)
{
    std::uint8_t r = v.r;
    v.r = TF_SFPI_MOVED;
    return T(tf::take_reg{r});
}
template <class T> inline T reinterpret(vFloat &&v)
{
    return tf_reinterpret_taken<T>(v);
}
template <class T> inline T reinterpret(vInt &&v)
{
    return tf_reinterpret_taken<T>(v);
}
template <class T> inline T reinterpret(vUInt &&v)
{
    return tf_reinterpret_taken<T>(v);
}
template <class T, class V> inline T as(const V &v)
{
    return reinterpret<T>(v);
}
} // namespace sfpi
