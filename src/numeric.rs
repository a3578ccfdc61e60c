//! IEEE 754 binary16 (`half`) arithmetic the whole compiler shares: rounding from wider floats,
//! widening, and correctly rounded decimal literals. Literals, constant folding, the writers'
//! constants and the CPU engine all round through here, so a `half` is the same value everywhere.
//!
//! Rounding is IEEE's default: to nearest, ties to even, with subnormals, overflow to infinity,
//! and NaNs kept quiet (their sign and top payload bits survive).

use std::cmp::Ordering;

/// `x` rounded to binary16: its 16 bits.
pub fn f16_bits(x: f64) -> u16 {
    f16_bits_and_tie(x).0
}

/// `x` rounded to binary16, and whether `x` lay exactly halfway between two binary16 values.
fn f16_bits_and_tie(x: f64) -> (u16, bool) {
    let bits = x.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let man = bits & ((1 << 52) - 1);
    if exp == 0x7ff {
        let nan = if man != 0 { 0x200 | (man >> 42) as u16 } else { 0 };
        return (sign | 0x7c00 | nan, false);
    }
    if exp == 0 {
        // An f64 subnormal is far below half's smallest subnormal (2^-24).
        return (sign, false);
    }
    // x = full · 2^(e - 52); the result is a multiple of 2^(max(e, -14) - 10), half's ulp there.
    let e = exp - 1023;
    let full = man | (1 << 52);
    let shift = 42 + (-14 - e).max(0) as u32;
    let (r, tie) = if shift >= 64 {
        (0, false)
    } else {
        let rest = full & ((1u64 << shift) - 1);
        let halfway = 1u64 << (shift - 1);
        let mut r = full >> shift;
        if rest > halfway || (rest == halfway && r & 1 == 1) {
            r += 1;
        }
        (r, rest == halfway)
    };
    if e > 15 {
        return (sign | 0x7c00, false);
    }
    // Below 2^-14 the value is a subnormal (r < 1024, or the smallest normal once it rounds up);
    // above, r is 1024..=2048 and the carry of 2048 moves into the exponent.
    let biased = (e.max(-14) + 14) as u32;
    let magnitude = (biased << 10) + r as u32;
    (sign | magnitude.min(0x7c00) as u16, tie)
}

/// The value of half bits `h`, exactly (every half is a float).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = match exp {
        // A subnormal half, man · 2^-24, is a normal float: shift its leading one into place.
        0 if man == 0 => sign,
        0 => {
            let shift = man.leading_zeros() - 21;
            sign | ((113 - shift) << 23) | (((man << shift) & 0x3ff) << 13)
        }
        0x1f => sign | 0x7f80_0000 | (man << 13),
        _ => sign | ((exp + 112) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// The value of half bits `h`, as an `f64`.
pub fn f16_value(h: u16) -> f64 {
    f16_to_f32(h) as f64
}

/// `x` rounded to the nearest binary16 value, as an `f64`.
pub fn round_f16(x: f64) -> f64 {
    f16_value(f16_bits(x))
}

/// `x` rounded to the nearest binary32 value, as an `f64` (Rust's `as` rounds to nearest even).
pub fn round_f32(x: f64) -> f64 {
    x as f32 as f64
}

/// A decimal literal (`61456.0001`, `1e-3`, `2.`) correctly rounded to binary16, as an `f64`.
/// Parsing to `f64` first is exact enough except when that `f64` is itself halfway between two
/// halves: then the decimal's own digits decide.
pub fn parse_f16(decimal: &str) -> Option<f64> {
    let x: f64 = decimal.parse().ok()?;
    let (bits, tie) = f16_bits_and_tie(x);
    if !tie {
        return Some(f16_value(bits));
    }
    let toward_zero = f16_value(bits).abs() < x.abs();
    let away = match compare_decimal(decimal.trim_start_matches(['-', '+']), x.abs())? {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => return Some(f16_value(bits)),
    };
    // `bits` is the even neighbour; the exact value picks the neighbour on its side instead.
    let step = |b: u16, up: bool| if up { b + 1 } else { b - 1 };
    let magnitude = bits & 0x7fff;
    let fixed = match (away, toward_zero) {
        (true, true) => step(magnitude, true),
        (false, false) => step(magnitude, false),
        _ => magnitude,
    };
    Some(f16_value(fixed | (bits & 0x8000)))
}

/// Compares a non-negative decimal (`digits[.digits][e±n]`) with a finite `x ≥ 0`, exactly.
fn compare_decimal(decimal: &str, x: f64) -> Option<Ordering> {
    let (mantissa, exp10) = match decimal.find(['e', 'E']) {
        Some(at) => (&decimal[..at], decimal[at + 1..].parse::<i32>().ok()?),
        None => (decimal, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: Vec<u32> = int.chars().chain(frac.chars()).map(|c| c.to_digit(10)).collect::<Option<_>>()?;
    let exp10 = exp10 - frac.len() as i32;
    // decimal = D · 10^exp10, x = M · 2^exp2; compare D·10^exp10·2^-exp2 with M, cleared of
    // negative powers by multiplying the other side.
    let bits = x.to_bits();
    let (m, exp2) = match ((bits >> 52) & 0x7ff) as i32 {
        0 => (bits & ((1 << 52) - 1), -1074),
        e => ((bits & ((1 << 52) - 1)) | (1 << 52), e - 1075),
    };
    let mut d = Big::from_digits(&digits);
    let mut mm = Big::from(m);
    if exp10 >= 0 {
        d.mul_pow10(exp10 as u32);
    } else {
        mm.mul_pow10((-exp10) as u32);
    }
    if exp2 >= 0 {
        mm.shl(exp2 as u32);
    } else {
        d.shl((-exp2) as u32);
    }
    Some(d.cmp(&mm))
}

/// A little-endian natural number, only as large as a literal's exact comparison needs.
#[derive(PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from(x: u64) -> Big {
        let mut b = Big(vec![x as u32, (x >> 32) as u32]);
        b.trim();
        b
    }
    fn from_digits(digits: &[u32]) -> Big {
        let mut b = Big(Vec::new());
        for &d in digits {
            b.mul_add(10, d);
        }
        b
    }
    fn mul_add(&mut self, k: u32, add: u32) {
        let mut carry = add as u64;
        for limb in &mut self.0 {
            let v = *limb as u64 * k as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn mul_pow10(&mut self, n: u32) {
        for _ in 0..n {
            self.mul_add(10, 0);
        }
    }
    fn shl(&mut self, n: u32) {
        let (words, bits) = ((n / 32) as usize, n % 32);
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = ((*limb as u64) << bits) | carry as u64;
                *limb = v as u32;
                carry = (v >> 32) as u32;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
        self.trim();
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_to_nearest_even_with_subnormals_and_overflow() {
        assert_eq!(f16_bits(1.0), 0x3c00);
        assert_eq!(f16_bits(-2.0), 0xc000);
        assert_eq!(f16_bits(65504.0), 0x7bff);
        // 65520 is halfway to 65536, which is out of range: infinity.
        assert_eq!(f16_bits(65519.99), 0x7bff);
        assert_eq!(f16_bits(65520.0), 0x7c00);
        assert_eq!(f16_bits(2f64.powi(-24)), 0x0001);
        // Half of the smallest subnormal ties to zero; a little more rounds up to it.
        assert_eq!(f16_bits(2f64.powi(-25)), 0x0000);
        assert_eq!(f16_bits(2f64.powi(-25) * 1.0001), 0x0001);
        assert_eq!(f16_bits(2f64.powi(-14) * (1.0 - 2f64.powi(-12))), 0x0400);
        assert_eq!(f16_bits(-0.0), 0x8000);
        assert_eq!(f16_bits(f64::NEG_INFINITY), 0xfc00);
        assert_eq!(f16_bits(f64::NAN) & 0x7e00, 0x7e00);
        // 2049 is halfway between 2048 and 2050: even is 2048; 2051 goes up to 2052.
        assert_eq!(f16_value(f16_bits(2049.0)), 2048.0);
        assert_eq!(f16_value(f16_bits(2051.0)), 2052.0);
        for h in (0u16..0x7c00).step_by(7) {
            assert_eq!(f16_bits(f16_value(h)), h);
        }
        // Subnormals: 5 · 2^-24 is 1.25 · 2^-22.
        assert_eq!(f16_to_f32(5), 1.25 * 2f32.powi(-22));
        assert_eq!(f16_to_f32(0x3ff), 1023.0 * 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x8001), -(2f32.powi(-24)));
        assert!(f16_to_f32(0x7e00).is_nan());
    }

    #[test]
    fn decimal_literals_round_once() {
        // 61456 is halfway between 61440 (0x7B80) and 61472 (0x7B81).
        assert_eq!(parse_f16("61456").map(f16_bits), Some(0x7b80));
        assert_eq!(parse_f16("61456.0001").map(f16_bits), Some(0x7b81));
        // A tie that f64 cannot see: just above 2049 by less than f64's precision.
        assert_eq!(parse_f16("2049.00000000000000000001"), Some(2050.0));
        assert_eq!(parse_f16("2048.99999999999999999999"), Some(2048.0));
        assert_eq!(parse_f16("2051.0e0"), Some(2052.0));
        assert_eq!(parse_f16("0.1").map(f16_bits), Some(0x2e66));
    }
}

/// `x` rounded to the nearest value of substandard float `s` (ties to even), as its bits:
/// `BFloat16` overflows to infinity, `FloatE4M3` saturates at ±448 (OCP's saturating
/// conversion: it has no infinity), `FloatE5M2` overflows to infinity; a NaN stays a NaN.
pub fn substandard_bits(x: f64, s: crate::ir::Scalar) -> u64 {
    use crate::ir::Scalar;
    let (mantissa, min_exponent, sign_bit, nan, max) = match s {
        Scalar::BF16 => (7u32, -126i32, 0x8000u64, 0x7FC0u64, 0x7F80u64),
        Scalar::E4M3 => (3, -6, 0x80, 0x7F, 0x7E),
        _ => (2, -14, 0x80, 0x7E, 0x7C),
    };
    let bits = x.to_bits();
    let sign = if bits >> 63 == 1 { sign_bit } else { 0 };
    if x.is_nan() {
        return sign | nan;
    }
    if x.is_infinite() {
        return sign | max;
    }
    let biased = ((bits >> 52) & 0x7FF) as i32;
    let exponent = biased.max(1) - 1023;
    let significand = (bits & ((1u64 << 52) - 1)) | if biased != 0 { 1u64 << 52 } else { 0 };
    let shift = 52 - mantissa + (min_exponent - exponent).max(0) as u32;
    let rounded = if shift > 54 {
        0
    } else {
        let kept = significand >> shift;
        let rest = significand & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        kept + u64::from(rest > half || (rest == half && kept & 1 == 1))
    };
    let magnitude =
        if exponent < min_exponent { rounded } else { (((exponent - min_exponent) as u64) << mantissa) + rounded };
    sign | magnitude.min(max)
}

/// The value of substandard float `s` whose bits are `bits`.
pub fn substandard_value(bits: u64, s: crate::ir::Scalar) -> f64 {
    use crate::ir::Scalar;
    if s == Scalar::BF16 {
        return f32::from_bits((bits as u32 & 0xFFFF) << 16) as f64;
    }
    let (mantissa, bias) = if s == Scalar::E4M3 { (3, 7) } else { (2, 15) };
    let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
    let magnitude = bits & 0x7F;
    let exponent = (magnitude >> mantissa) as i32;
    let m = (magnitude & ((1 << mantissa) - 1)) as f64;
    let top = (1u64 << (7 - mantissa)) - 1;
    if s == Scalar::E4M3 && magnitude == 0x7F {
        return f64::NAN;
    }
    if s == Scalar::E5M2 && exponent as u64 == top {
        return if m == 0.0 { sign * f64::INFINITY } else { f64::NAN };
    }
    let scale = (1u64 << mantissa) as f64;
    if exponent == 0 {
        return sign * m / scale * 2f64.powi(1 - bias);
    }
    sign * (1.0 + m / scale) * 2f64.powi(exponent - bias)
}

#[cfg(test)]
mod substandard_tests {
    use super::*;
    use crate::ir::Scalar;

    #[test]
    fn substandard_rounding() {
        assert_eq!(substandard_bits(1.25, Scalar::BF16), 0x3FA0);
        assert_eq!(substandard_bits(1.25, Scalar::E4M3), 0x3A);
        assert_eq!(substandard_bits(1.25, Scalar::E5M2), 0x3D);
        assert_eq!(substandard_bits(3.0, Scalar::E4M3), 0x44);
        assert_eq!(substandard_bits(3.0, Scalar::E5M2), 0x42);
        // 1 + 2^-8 lies halfway between BFloat16's 1 and 1 + 2^-7: to even, 1.
        assert_eq!(substandard_bits(1.0 + 1.0 / 256.0, Scalar::BF16), 0x3F80);
        assert_eq!(substandard_bits(1.0 + 3.0 / 256.0, Scalar::BF16), 0x3F82);
        assert_eq!(substandard_bits(1000.0, Scalar::E4M3), 0x7E);
        assert_eq!(substandard_bits(-1e9, Scalar::E5M2), 0xFC);
        assert_eq!(substandard_bits(f64::NAN, Scalar::E4M3), 0x7F);
        assert_eq!(substandard_value(0x7E, Scalar::E4M3), 448.0);
        assert_eq!(substandard_value(0x01, Scalar::E4M3), 2f64.powi(-9));
        assert_eq!(substandard_value(0x7B, Scalar::E5M2), 57344.0);
        assert_eq!(substandard_value(0x3FA0, Scalar::BF16), 1.25);
    }
}
