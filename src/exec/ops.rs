//! Scalar kernels: one `u64` slot holds one component of any type (see the module docs of
//! [`super`]). Binary operators and conversions are monomorphized per (operator, kind) so the
//! compiled instruction carries a plain function pointer and the lane loop does no decoding.
//!
//! A component holds its type's bits, zero-extended: an `int8_t` of -1 is `0xFF`, a `half` its
//! binary16 encoding. 8- and 16-bit integers wrap at their width; `half` arithmetic is done in
//! `f32` and rounded to binary16 after each operation, which is IEEE's correctly rounded result
//! for `+ - * /` (binary32 carries more than twice binary16's precision).

use crate::ir::{BinaryOp, Scalar};
use crate::numeric;

/// The execution kind of a scalar.
pub const BOOL: u8 = 0;
pub const I32: u8 = 1;
pub const U32: u8 = 2;
pub const I64: u8 = 3;
pub const U64: u8 = 4;
pub const F32: u8 = 5;
pub const F64: u8 = 6;
pub const I8: u8 = 7;
pub const U8: u8 = 8;
pub const I16: u8 = 9;
pub const U16: u8 = 10;
pub const F16: u8 = 11;

pub fn kind(s: Scalar) -> u8 {
    match s {
        Scalar::Bool => BOOL,
        Scalar::I8 => I8,
        Scalar::U8 => U8,
        Scalar::I16 => I16,
        Scalar::U16 => U16,
        Scalar::I32 => I32,
        Scalar::U32 => U32,
        Scalar::I64 => I64,
        Scalar::U64 => U64,
        Scalar::F16 => F16,
        Scalar::F32 => F32,
        Scalar::F64 => F64,
        // Made their bits before any target (`lower::substandard_floats`).
        Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => kind(s.storage()),
    }
}

pub fn is_float(k: u8) -> bool {
    matches!(k, F16 | F32 | F64)
}

fn is_signed(k: u8) -> bool {
    matches!(k, I8 | I16 | I32 | I64)
}

/// The 32-bit kind an 8- or 16-bit one widens to (texels are 32-bit values).
pub fn widened_to_32(k: u8) -> u8 {
    match k {
        F16 => F32,
        I8 | I16 => I32,
        U8 | U16 => U32,
        k => k,
    }
}

/// Bytes a component of this kind takes in a buffer (`bool` is a 32-bit word).
pub fn size_of(k: u8) -> u32 {
    match k {
        I8 | U8 => 1,
        I16 | U16 | F16 => 2,
        I64 | U64 | F64 => 8,
        _ => 4,
    }
}

/// The bits of an integer component, sign-extended from its width (zero-extended if unsigned).
pub fn int_value(k: u8, x: u64) -> i128 {
    match k {
        I8 => x as u8 as i8 as i128,
        I16 => x as u16 as i16 as i128,
        I32 => x as u32 as i32 as i128,
        I64 => x as i64 as i128,
        U8 => x as u8 as i128,
        U16 => x as u16 as i128,
        U32 => x as u32 as i128,
        BOOL => (x != 0) as i128,
        _ => x as i128,
    }
}

pub type BinFn = fn(u64, u64) -> u64;
pub type UnFn = fn(u64) -> u64;

pub const ADD: u8 = 0;
pub const SUB: u8 = 1;
pub const MUL: u8 = 2;
pub const DIV: u8 = 3;
pub const REM: u8 = 4;
pub const SHL: u8 = 5;
pub const SHR: u8 = 6;
pub const AND: u8 = 7;
pub const OR: u8 = 8;
pub const XOR: u8 = 9;
pub const LAND: u8 = 10;
pub const LOR: u8 = 11;
pub const EQ: u8 = 12;
pub const NE: u8 = 13;
pub const LT: u8 = 14;
pub const LE: u8 = 15;
pub const GT: u8 = 16;
pub const GE: u8 = 17;
pub const MIN: u8 = 18;
pub const MAX: u8 = 19;

pub fn binary_code(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Add => ADD,
        Sub => SUB,
        Mul => MUL,
        Div => DIV,
        Rem => REM,
        Shl => SHL,
        Shr => SHR,
        BitAnd => AND,
        BitOr => OR,
        BitXor => XOR,
        LogicAnd => LAND,
        LogicOr => LOR,
        Eq => EQ,
        Ne => NE,
        Lt => LT,
        Le => LE,
        Gt => GT,
        Ge => GE,
    }
}

#[inline(always)]
pub fn f(x: u64) -> f32 {
    f32::from_bits(x as u32)
}
#[inline(always)]
pub fn fb(x: f32) -> u64 {
    x.to_bits() as u64
}
/// A `half` component widened (exactly) to `f32`.
#[inline(always)]
pub fn h(x: u64) -> f32 {
    f16_to_f32(x as u32 & 0xffff)
}
/// An `f32` rounded to `half`, as a component.
#[inline(always)]
pub fn hb(x: f32) -> u64 {
    numeric::f16_bits(x as f64) as u64
}

macro_rules! int_ops {
    ($op:expr, $a:expr, $b:expr, $s:ty, $u:ty, $bits:expr) => {{
        let (x, y) = ($a as $u, $b as $u);
        let (sx, sy) = (x as $s, y as $s);
        let signed = <$s>::MIN != 0;
        let r: $u = match $op {
            ADD => x.wrapping_add(y),
            SUB => x.wrapping_sub(y),
            MUL => x.wrapping_mul(y),
            // Division by zero: D3D's UDiv answer (all ones) for both quotient and remainder.
            DIV if y == 0 => <$u>::MAX,
            REM if y == 0 => <$u>::MAX,
            DIV if signed => sx.wrapping_div(sy) as $u,
            REM if signed => sx.wrapping_rem(sy) as $u,
            DIV => x / y,
            REM => x % y,
            SHL => x.wrapping_shl(y as u32 & ($bits - 1)),
            SHR if signed => (sx >> (y as u32 & ($bits - 1))) as $u,
            SHR => x >> (y as u32 & ($bits - 1)),
            AND => x & y,
            OR => x | y,
            XOR => x ^ y,
            LAND => ((x != 0) && (y != 0)) as $u,
            LOR => ((x != 0) || (y != 0)) as $u,
            EQ => (x == y) as $u,
            NE => (x != y) as $u,
            LT if signed => (sx < sy) as $u,
            LE if signed => (sx <= sy) as $u,
            GT if signed => (sx > sy) as $u,
            GE if signed => (sx >= sy) as $u,
            LT => (x < y) as $u,
            LE => (x <= y) as $u,
            GT => (x > y) as $u,
            GE => (x >= y) as $u,
            MIN if signed => sx.min(sy) as $u,
            MAX if signed => sx.max(sy) as $u,
            MIN => x.min(y),
            MAX => x.max(y),
            _ => 0,
        };
        r as u64
    }};
}

macro_rules! float_ops {
    ($op:expr, $x:expr, $y:expr, $back:expr) => {{
        let (x, y) = ($x, $y);
        match $op {
            ADD => $back(x + y),
            SUB => $back(x - y),
            MUL => $back(x * y),
            DIV => $back(x / y),
            // HLSL `%` on floats is fmod (the sign of the dividend), as Rust's `%`.
            REM => $back(x % y),
            EQ => (x == y) as u64,
            NE => (x != y) as u64,
            LT => (x < y) as u64,
            LE => (x <= y) as u64,
            GT => (x > y) as u64,
            GE => (x >= y) as u64,
            // fmin/fmax: a NaN operand yields the other one (HLSL min/max, SPIR-V FMin/NMin).
            MIN => $back(x.min(y)),
            MAX => $back(x.max(y)),
            LAND => ((x != 0.0) && (y != 0.0)) as u64,
            LOR => ((x != 0.0) || (y != 0.0)) as u64,
            _ => 0,
        }
    }};
}

#[inline(always)]
pub fn bin_value(op: u8, k: u8, a: u64, b: u64) -> u64 {
    match k {
        BOOL => {
            let (x, y) = (a != 0, b != 0);
            (match op {
                AND | LAND | MUL | MIN => x & y,
                OR | LOR | ADD | MAX => x | y,
                XOR | NE | SUB => x ^ y,
                EQ => x == y,
                LT => !x & y,
                LE => !x | y,
                GT => x & !y,
                GE => x | !y,
                _ => false,
            }) as u64
        }
        I32 => int_ops!(op, a, b, i32, u32, 32),
        U32 => int_ops!(op, a, b, u32, u32, 32),
        I64 => int_ops!(op, a, b, i64, u64, 64),
        U64 => int_ops!(op, a, b, u64, u64, 64),
        I8 => int_ops!(op, a, b, i8, u8, 8),
        U8 => int_ops!(op, a, b, u8, u8, 8),
        I16 => int_ops!(op, a, b, i16, u16, 16),
        U16 => int_ops!(op, a, b, u16, u16, 16),
        F32 => float_ops!(op, f(a), f(b), fb),
        F16 => float_ops!(op, h(a), h(b), hb),
        _ => float_ops!(op, f64::from_bits(a), f64::from_bits(b), f64::to_bits),
    }
}

fn bin_g<const OP: u8, const K: u8>(a: u64, b: u64) -> u64 {
    bin_value(OP, K, a, b)
}

/// The kernel of a binary operator (`ADD`…`MAX`) on a kind.
pub fn bin_fn(op: u8, k: u8) -> BinFn {
    macro_rules! ks {
        ($o:literal) => {
            match k {
                BOOL => bin_g::<$o, 0> as BinFn,
                I32 => bin_g::<$o, 1>,
                U32 => bin_g::<$o, 2>,
                I64 => bin_g::<$o, 3>,
                U64 => bin_g::<$o, 4>,
                F32 => bin_g::<$o, 5>,
                F64 => bin_g::<$o, 6>,
                I8 => bin_g::<$o, 7>,
                U8 => bin_g::<$o, 8>,
                I16 => bin_g::<$o, 9>,
                U16 => bin_g::<$o, 10>,
                _ => bin_g::<$o, 11>,
            }
        };
    }
    match op {
        0 => ks!(0),
        1 => ks!(1),
        2 => ks!(2),
        3 => ks!(3),
        4 => ks!(4),
        5 => ks!(5),
        6 => ks!(6),
        7 => ks!(7),
        8 => ks!(8),
        9 => ks!(9),
        10 => ks!(10),
        11 => ks!(11),
        12 => ks!(12),
        13 => ks!(13),
        14 => ks!(14),
        15 => ks!(15),
        16 => ks!(16),
        17 => ks!(17),
        18 => ks!(18),
        _ => ks!(19),
    }
}

/// Numeric conversion between kinds (HLSL casts: float → int truncates toward zero and
/// saturates, as Rust's `as`; NaN → 0; integers keep their low bits; to `half` rounds once).
#[inline(always)]
pub fn convert_value(from: u8, to: u8, x: u64) -> u64 {
    if from == to {
        return x;
    }
    // Through a wide intermediate: i128 for integers, f64 for floats.
    enum V {
        I(i128),
        F(f64),
    }
    let v = match from {
        F16 => V::F(h(x) as f64),
        F32 => V::F(f(x) as f64),
        F64 => V::F(f64::from_bits(x)),
        k => V::I(int_value(k, x)),
    };
    match (to, v) {
        (BOOL, V::I(i)) => (i != 0) as u64,
        (BOOL, V::F(g)) => (g != 0.0) as u64,
        (I8 | U8, V::I(i)) => i as u8 as u64,
        (I16 | U16, V::I(i)) => i as u16 as u64,
        (I32 | U32, V::I(i)) => i as u32 as u64,
        (I64 | U64, V::I(i)) => i as u64,
        (F16, V::I(i)) => numeric::f16_bits(i as f64) as u64,
        (F32, V::I(i)) => fb(i as f32),
        (F64, V::I(i)) => (i as f64).to_bits(),
        (I8, V::F(g)) => g as i8 as u8 as u64,
        (U8, V::F(g)) => g as u8 as u64,
        (I16, V::F(g)) => g as i16 as u16 as u64,
        (U16, V::F(g)) => g as u16 as u64,
        (I32, V::F(g)) => g as i32 as u32 as u64,
        (U32, V::F(g)) => g as u32 as u64,
        (I64, V::F(g)) => g as i64 as u64,
        (U64, V::F(g)) => g as u64,
        (F16, V::F(g)) => numeric::f16_bits(g) as u64,
        (F32, V::F(g)) => fb(g as f32),
        (_, V::F(g)) => g.to_bits(),
        (_, V::I(i)) => i as u64,
    }
}

fn conv_g<const A: u8, const B: u8>(x: u64) -> u64 {
    convert_value(A, B, x)
}

pub fn conv_fn(from: u8, to: u8) -> UnFn {
    macro_rules! to {
        ($a:literal) => {
            match to {
                0 => conv_g::<$a, 0> as UnFn,
                1 => conv_g::<$a, 1>,
                2 => conv_g::<$a, 2>,
                3 => conv_g::<$a, 3>,
                4 => conv_g::<$a, 4>,
                5 => conv_g::<$a, 5>,
                6 => conv_g::<$a, 6>,
                7 => conv_g::<$a, 7>,
                8 => conv_g::<$a, 8>,
                9 => conv_g::<$a, 9>,
                10 => conv_g::<$a, 10>,
                _ => conv_g::<$a, 11>,
            }
        };
    }
    match from {
        0 => to!(0),
        1 => to!(1),
        2 => to!(2),
        3 => to!(3),
        4 => to!(4),
        5 => to!(5),
        6 => to!(6),
        7 => to!(7),
        8 => to!(8),
        9 => to!(9),
        10 => to!(10),
        _ => to!(11),
    }
}

pub fn neg_fn(k: u8) -> UnFn {
    match k {
        I8 | U8 => |x| (x as u8).wrapping_neg() as u64,
        I16 | U16 => |x| (x as u16).wrapping_neg() as u64,
        I32 | U32 => |x| (x as u32).wrapping_neg() as u64,
        F16 => |x| x ^ 0x8000,
        F32 => |x| fb(-f(x)),
        F64 => |x| (-f64::from_bits(x)).to_bits(),
        BOOL => |x| x,
        _ => |x: u64| x.wrapping_neg(),
    }
}

pub fn bitnot_fn(k: u8) -> UnFn {
    match k {
        I8 | U8 => |x| !(x as u8) as u64,
        I16 | U16 => |x| !(x as u16) as u64,
        I32 | U32 => |x| !(x as u32) as u64,
        BOOL => |x| (x == 0) as u64,
        _ => |x: u64| !x,
    }
}

pub fn not_fn(k: u8) -> UnFn {
    match k {
        F16 => |x| (x & 0x7fff == 0) as u64,
        F32 => |x| (f(x) == 0.0) as u64,
        F64 => |x| (f64::from_bits(x) == 0.0) as u64,
        _ => |x| (x == 0) as u64,
    }
}

/// The identity of a reduction operator on a kind (for exclusive scans).
pub fn identity(op: u8, k: u8) -> u64 {
    let bits = size_of(k) * 8;
    let ones = u64::MAX >> (64 - bits);
    match (op, k) {
        (MUL, F16) => 0x3c00,
        (MUL, F32) => fb(1.0),
        (MUL, F64) => 1f64.to_bits(),
        (MUL, _) => 1,
        (AND, BOOL) => 1,
        (AND, _) => ones,
        (MIN, F16) => 0x7c00,
        (MIN, F32) => fb(f32::INFINITY),
        (MIN, F64) => f64::INFINITY.to_bits(),
        (MIN, BOOL) => 1,
        (MIN, _) if is_signed(k) => ones >> 1,
        (MIN, _) => ones,
        (MAX, F16) => 0xfc00,
        (MAX, F32) => fb(f32::NEG_INFINITY),
        (MAX, F64) => f64::NEG_INFINITY.to_bits(),
        (MAX, _) if is_signed(k) => 1 << (bits - 1),
        _ => 0,
    }
}

/// Float → half bits (round to nearest even), as `f32tof16`.
pub fn f32_to_f16(x: f32) -> u32 {
    numeric::f16_bits(x as f64) as u32
}

pub fn f16_to_f32(h: u32) -> f32 {
    numeric::f16_to_f32(h as u16)
}

/// A component-wise math function of the stdlib (`[cpu(math, name)]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Math {
    Min,
    Max,
    Clamp,
    Abs,
    Sign,
    Lerp,
    Saturate,
    Step,
    Smoothstep,
    Mad,
    Sqrt,
    Rsqrt,
    Floor,
    Ceil,
    Round,
    Trunc,
    Frac,
    Exp,
    Exp2,
    Log,
    Log2,
    Pow,
    Sin,
    Cos,
    Tan,
    Sinh,
    Cosh,
    Tanh,
    Fma,
    Asin,
    Acos,
    Atan,
    Atan2,
    Fmod,
    IsNan,
    IsInf,
    Select,
    AsUint,
    AsInt,
    AsFloat,
    F32ToF16,
    F16ToF32,
    CountBits,
    FirstBitLow,
    FirstBitHigh,
    ReverseBits,
    Ldexp,
    FrexpExponent,
    FrexpMantissa,
    Asinh,
    Acosh,
    Atanh,
    CopySign,
}

impl Math {
    pub fn from_name(n: &str) -> Option<Math> {
        use Math::*;
        Some(match n {
            "min" => Min,
            "max" => Max,
            "clamp" => Clamp,
            "abs" => Abs,
            "sign" => Sign,
            "lerp" => Lerp,
            "saturate" => Saturate,
            "step" => Step,
            "smoothstep" => Smoothstep,
            "mad" => Mad,
            "sqrt" => Sqrt,
            "rsqrt" => Rsqrt,
            "floor" => Floor,
            "ceil" => Ceil,
            "round" => Round,
            "trunc" => Trunc,
            "frac" => Frac,
            "exp" => Exp,
            "exp2" => Exp2,
            "log" => Log,
            "log2" => Log2,
            "pow" => Pow,
            "sin" => Sin,
            "cos" => Cos,
            "tan" => Tan,
            "sinh" => Sinh,
            "cosh" => Cosh,
            "tanh" => Tanh,
            "fma" => Fma,
            "asin" => Asin,
            "acos" => Acos,
            "atan" => Atan,
            "atan2" => Atan2,
            "fmod" => Fmod,
            "isnan" => IsNan,
            "isinf" => IsInf,
            "select" => Select,
            "asuint" => AsUint,
            "asint" => AsInt,
            "asfloat" => AsFloat,
            "f32tof16" => F32ToF16,
            "f16tof32" => F16ToF32,
            "countbits" => CountBits,
            "firstbitlow" => FirstBitLow,
            "firstbithigh" => FirstBitHigh,
            "reversebits" => ReverseBits,
            "ldexp" => Ldexp,
            "frexp_exponent" => FrexpExponent,
            "frexp_mantissa" => FrexpMantissa,
            "asinh" => Asinh,
            "acosh" => Acosh,
            "atanh" => Atanh,
            "copysign" => CopySign,
            _ => return None,
        })
    }
}

macro_rules! float_math {
    ($m:expr, $t:ty, $x:expr, $y:expr, $z:expr) => {{
        let (x, y, z): ($t, $t, $t) = ($x, $y, $z);
        use Math::*;
        match $m {
            Min => x.min(y),
            Max => x.max(y),
            Clamp => x.max(y).min(z),
            Abs => x.abs(),
            Lerp => x + (y - x) * z,
            Saturate => x.max(0.0).min(1.0),
            Step => (y >= x) as u8 as $t,
            Smoothstep => {
                let t = ((z - x) / (y - x)).max(0.0).min(1.0);
                t * t * (3.0 - 2.0 * t)
            }
            Mad => x * y + z,
            Sqrt => x.sqrt(),
            Rsqrt => 1.0 / x.sqrt(),
            Floor => x.floor(),
            Ceil => x.ceil(),
            Round => x.round_ties_even(),
            Trunc => x.trunc(),
            Frac => x - x.floor(),
            Exp => x.exp(),
            Exp2 => x.exp2(),
            Log => x.ln(),
            Log2 => x.log2(),
            Pow => x.powf(y),
            Sin => x.sin(),
            Cos => x.cos(),
            Tan => x.tan(),
            Sinh => x.sinh(),
            Cosh => x.cosh(),
            Tanh => x.tanh(),
            Fma => x.mul_add(y, z),
            Asin => x.asin(),
            Acos => x.acos(),
            Atan => x.atan(),
            Atan2 => x.atan2(y),
            Asinh => x.asinh(),
            Acosh => x.acosh(),
            Atanh => x.atanh(),
            CopySign => x.copysign(y),
            Fmod => x % y,
            _ => 0.0,
        }
    }};
}

/// One component of a math function; `k` is the kind of the (first value) argument.
pub fn math_value(m: Math, k: u8, a: u64, b: u64, c: u64) -> u64 {
    use Math::*;
    let bits = size_of(k) * 8;
    match m {
        Select => {
            if a != 0 {
                b
            } else {
                c
            }
        }
        AsUint | AsInt | AsFloat => a,
        F32ToF16 => f32_to_f16(f(a)) as u64,
        F16ToF32 => fb(f16_to_f32(a as u32 & 0xffff)),
        IsNan | IsInf if !is_float(k) => 0,
        IsNan => float_value(k, a).is_nan() as u64,
        IsInf => float_value(k, a).is_infinite() as u64,
        Sign => {
            let s: i32 = if is_float(k) {
                let x = float_value(k, a);
                (x > 0.0) as i32 - (x < 0.0) as i32
            } else {
                int_value(k, a).signum() as i32
            };
            s as u32 as u64
        }
        CountBits => a.count_ones() as u64,
        FirstBitLow => {
            if a == 0 {
                u32::MAX as u64
            } else {
                a.trailing_zeros() as u64
            }
        }
        FirstBitHigh => {
            // Signed: the first bit that differs from the sign bit (HLSL/FindSMsb).
            let v = int_value(k, a);
            let v = if v < 0 { !v } else { v };
            if v == 0 {
                u32::MAX as u64
            } else {
                (127 - v.leading_zeros()) as u64
            }
        }
        ReverseBits => a.reverse_bits() >> (64 - bits),
        // Halves and floats are exact in f64, and so are their scalings by powers of two.
        Ldexp => {
            let e = (b as u32 as i32).clamp(-2200, 2200);
            let x = float_value(k, a) * 2f64.powi(e / 2) * 2f64.powi(e - e / 2);
            float_bits(k, x)
        }
        FrexpExponent => frexp(float_value(k, a)).1 as u32 as u64,
        FrexpMantissa => float_bits(k, frexp(float_value(k, a)).0),
        // A fused product of halves is exact in f64: the sum then rounds once, as IEEE's fma.
        Fma if k == F16 => numeric::f16_bits((h(a) as f64).mul_add(h(b) as f64, h(c) as f64)) as u64,
        _ => match k {
            F16 => hb(float_math!(m, f32, h(a), h(b), h(c))),
            F32 => fb(float_math!(m, f32, f(a), f(b), f(c))),
            F64 => float_math!(m, f64, f64::from_bits(a), f64::from_bits(b), f64::from_bits(c)).to_bits(),
            _ => match m {
                Min => bin_value(MIN, k, a, b),
                Max => bin_value(MAX, k, a, b),
                Clamp => bin_value(MIN, k, bin_value(MAX, k, a, b), c),
                Mad => bin_value(ADD, k, bin_value(MUL, k, a, b), c),
                Abs if is_signed(k) => int_value(k, a).unsigned_abs() as u64 & (u64::MAX >> (64 - bits)),
                Abs => a,
                _ => 0,
            },
        },
    }
}

/// `x`'s mantissa in `[0.5, 1)` (signed) and exponent; `x` and 0 for zeros, infinities, NaNs.
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    // A subnormal is scaled into the normal range first.
    let (x, shift) = if x.abs() < f64::MIN_POSITIVE { (x * 2f64.powi(64), 64) } else { (x, 0) };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    (f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52)), exp - 1022 - shift)
}

/// A float component of kind `k` with value `x` (rounded to `k`).
fn float_bits(k: u8, x: f64) -> u64 {
    match k {
        F16 => numeric::f16_bits(x) as u64,
        F32 => fb(x as f32),
        _ => x.to_bits(),
    }
}

/// A float component's value.
fn float_value(k: u8, x: u64) -> f64 {
    match k {
        F16 => h(x) as f64,
        F32 => f(x) as f64,
        _ => f64::from_bits(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_kinds_wrap_and_halves_round_after_each_operation() {
        // int8: 127 + 1 wraps; -128 / -1 stays -128; shifts mask at 8 bits.
        assert_eq!(bin_value(ADD, I8, 0x7f, 1), 0x80);
        assert_eq!(bin_value(DIV, I8, 0x80, 0xff), 0x80);
        assert_eq!(bin_value(SHL, U8, 1, 9), 2);
        assert_eq!(convert_value(I8, I32, 0x80), 0xffff_ff80);
        assert_eq!(convert_value(U16, I8, 0xffff), 0xff);
        // half: 1 + 2^-11 ties to 1; 65504 + 16 overflows to infinity.
        assert_eq!(bin_value(ADD, F16, 0x3c00, 0x1000), 0x3c00);
        assert_eq!(bin_value(ADD, F16, 0x7bff, 0x4c00), 0x7c00);
        assert_eq!(convert_value(F64, F16, 0.1f64.to_bits()), 0x2e66);
        assert_eq!(identity(MIN, I16), 0x7fff);
        assert_eq!(identity(MAX, I8), 0x80);
        assert_eq!(math_value(Math::FirstBitHigh, I16, 0xff80, 0, 0), 6);
        assert_eq!(math_value(Math::ReverseBits, U16, 1, 0, 0), 0x8000);
    }

    #[test]
    fn frexp_and_ldexp_are_exact() {
        // A float subnormal: 0x300 · 2^-149 = 0.75 · 2^-139.
        let tiny = fb(f32::from_bits(0x300));
        assert_eq!(math_value(Math::FrexpMantissa, F32, tiny, 0, 0), fb(0.75));
        assert_eq!(math_value(Math::FrexpExponent, F32, tiny, 0, 0), (-139i32) as u32 as u64);
        assert_eq!(math_value(Math::FrexpExponent, F64, 42.75f64.to_bits(), 0, 0), 6);
        assert_eq!(math_value(Math::FrexpMantissa, F16, 0x8000, 0, 0), 0x8000);
        assert_eq!(math_value(Math::Ldexp, F32, fb(42.75), (-140i32) as u32 as u64, 0), 0x5580);
    }
}
