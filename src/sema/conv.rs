//! HLSL's implicit conversion rules and the common type of binary operations.

use crate::ir::{Scalar, Type};

/// How an implicit conversion changes a value; the cost orders overload candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ConvCost {
    Exact = 0,
    /// Same shape, another element type of the same kind: `int` to `uint`, `half` to `float`.
    /// It ranks before a change of kind, as DXC's overload resolution does (`f(int2)` over
    /// `f(float2)` for a `uint2`).
    SameKind = 1,
    /// Same shape, another kind of element type (`int` to `float`, `bool` to `int`).
    Scalar = 2,
    /// Scalar to vector or matrix (a splat).
    Splat = 3,
    /// Vector or matrix to fewer components; DXC warns about it.
    Truncate = 4,
    /// Into a wider kind of value: a struct into an interface it conforms to, a value into an
    /// `Optional` (Slang's); sema decides these, knowing the structs and interfaces.
    Wrap = 5,
}

/// The cost of converting `from` to `to` implicitly, or `None` when HLSL forbids it.
pub fn implicit_cost(from: &Type, to: &Type) -> Option<ConvCost> {
    if from == to {
        return Some(ConvCost::Exact);
    }
    if from.is_error() || to.is_error() {
        return Some(ConvCost::Exact);
    }
    // Slang's substandard floats convert explicitly only; one splats to a vector of itself.
    if let (Some(a), Some(b)) = (from.scalar(), to.scalar()) {
        if a != b && (a.is_substandard() || b.is_substandard()) {
            return None;
        }
    }
    let elem_cost = |a: Scalar, b: Scalar| {
        if a == b {
            ConvCost::Exact
        } else if (a.is_int() && b.is_int()) || (a.is_float() && b.is_float()) {
            ConvCost::SameKind
        } else {
            ConvCost::Scalar
        }
    };
    match (from, to) {
        (Type::Scalar(a), Type::Scalar(b)) => Some(elem_cost(*a, *b)),
        (Type::Scalar(_), Type::Vector(..) | Type::Matrix(..)) => Some(ConvCost::Splat),
        (Type::Vector(a, n), Type::Vector(b, m)) if n == m => Some(elem_cost(*a, *b)),
        (Type::Vector(_, n), Type::Vector(_, m)) if m < n => Some(ConvCost::Truncate),
        (Type::Vector(..), Type::Scalar(_)) => Some(ConvCost::Truncate),
        (Type::Matrix(a, r, c), Type::Matrix(b, r2, c2)) if r == r2 && c == c2 => Some(elem_cost(*a, *b)),
        (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) if r2 <= r && c2 <= c => Some(ConvCost::Truncate),
        (Type::Matrix(_, 1, _) | Type::Matrix(_, _, 1), Type::Vector(_, _)) => {
            (from.element_count() >= to.element_count()).then_some(ConvCost::Truncate)
        }
        // A `1x1` matrix is its one element (no truncation); it ranks as a splat, below the
        // overloads taking the matrix itself.
        (Type::Matrix(_, 1, 1), Type::Scalar(_)) => Some(ConvCost::Splat),
        (Type::Matrix(..), Type::Scalar(_)) => Some(ConvCost::Truncate),
        (Type::Array(a, n), Type::Array(b, m)) if n == m && implicit_cost(a, b) == Some(ConvCost::Exact) => {
            Some(ConvCost::Exact)
        }
        // An unsized array of resources or of structs holding them (a bindless table, the only
        // unsized array parameter that is not generic over its length) takes a sized one; the
        // parameter of its own length ranks first.
        (Type::Array(a, Some(_)), Type::Array(b, None))
            if a == b && matches!(**a, Type::Resource(..) | Type::Struct(_)) =>
        {
            Some(ConvCost::SameKind)
        }
        // `nullptr` and other `void*`s meet every pointer, and every pointer is a `void*`.
        (Type::Pointer(a), Type::Pointer(b))
            if (**a == Type::Void || **b == Type::Void)
                && !matches!(**a, Type::Resource(..))
                && !matches!(**b, Type::Resource(..)) =>
        {
            Some(ConvCost::SameKind)
        }
        // A descriptor handle converts to the resource it names.
        (Type::Pointer(a), Type::Resource(..)) if **a == *to => Some(ConvCost::SameKind),
        // A `ConstantBuffer<S>` reads as the `S` it holds (Slang's and DXC's).
        (Type::Resource(crate::ir::ResourceKind::ConstantBuffer, Some(inner)), _) if **inner == *to => {
            Some(ConvCost::Exact)
        }
        _ => None,
    }
}

/// Whether an explicit cast `(to)from` is allowed: every implicit conversion, plus reshaping
/// between same-sized numeric types and casting a scalar to a struct (the `(S)0` idiom).
pub fn explicit_ok(from: &Type, to: &Type) -> bool {
    if implicit_cost(from, to).is_some() {
        return true;
    }
    if let (Some(a), Some(b)) = (from.scalar(), to.scalar()) {
        if a != b && (a.is_substandard() || b.is_substandard()) {
            // Scalars and vectors only: a matrix of them converts element by element, by hand.
            let matrix = matches!(from, Type::Matrix(..)) || matches!(to, Type::Matrix(..));
            return !matrix && substandard_conversion(b) && from.element_count() >= to.element_count();
        }
    }
    match (from, to) {
        (a, b) if a.is_numeric_like() && b.is_numeric_like() => a.element_count() >= b.element_count(),
        (Type::Scalar(_), Type::Struct(_)) => true,
        // A descriptor handle is no address: it casts to and from its `uint2` only.
        (Type::Pointer(a), _) | (_, Type::Pointer(a)) if matches!(**a, Type::Resource(..)) => false,
        // A pointer is an address: it casts to another pointer and to and from an integer.
        (Type::Pointer(_), Type::Pointer(_)) => true,
        (Type::Pointer(_), Type::Scalar(s)) | (Type::Scalar(s), Type::Pointer(_)) => s.is_int(),
        _ => false,
    }
}

/// Whether Slang converts scalar `from` to `to` explicitly where one is a substandard float:
/// into one from any number or `bool`, out of one into a float (`half`, `float`, `double`) or
/// another substandard float; never out of one into an integer (`int(x)`: through `float`).
pub fn substandard_conversion(to: Scalar) -> bool {
    to.is_substandard() || to.is_float()
}

/// The element type two operands promote to. An untyped literal adopts the other operand's
/// type, as HLSL's literal types do (`uint u; u + 1` is `uint`, `float f; f * 0.5` is `float`).
pub fn common_scalar(a: Scalar, a_lit: bool, b: Scalar, b_lit: bool) -> Scalar {
    match (a_lit, b_lit) {
        (true, false) if !a.is_float() || b.is_float() => b,
        (false, true) if !b.is_float() || a.is_float() => a,
        (true, false) | (false, true) => {
            // A float literal meeting an integer: the result is float, not double.
            Scalar::F32
        }
        _ => {
            if a.rank() >= b.rank() {
                a
            } else {
                b
            }
        }
    }
}

/// The shape two operands of a component-wise operation share: scalars splat, vectors of
/// different sizes truncate to the smaller one (with a warning in DXC).
pub fn common_shape(a: &Type, b: &Type, elem: Scalar) -> Option<Type> {
    Some(match (a, b) {
        (Type::Scalar(_), Type::Scalar(_)) => Type::Scalar(elem),
        (Type::Scalar(_), other) | (other, Type::Scalar(_)) => other.with_scalar(elem),
        (Type::Vector(_, n), Type::Vector(_, m)) => {
            let k = (*n).min(*m);
            if k == 1 {
                Type::Scalar(elem)
            } else {
                Type::Vector(elem, k)
            }
        }
        (Type::Matrix(_, r, c), Type::Matrix(_, r2, c2)) => Type::Matrix(elem, (*r).min(*r2), (*c).min(*c2)),
        (Type::Vector(_, n), Type::Matrix(_, r, c)) | (Type::Matrix(_, r, c), Type::Vector(_, n))
            if (*r == 1 || *c == 1) && *n as u32 == *r as u32 * *c as u32 =>
        {
            Type::Vector(elem, *n)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_adopt_the_other_type() {
        assert_eq!(common_scalar(Scalar::U32, false, Scalar::I32, true), Scalar::U32);
        assert_eq!(common_scalar(Scalar::F32, false, Scalar::F64, true), Scalar::F32);
        assert_eq!(common_scalar(Scalar::I32, false, Scalar::F64, true), Scalar::F32);
        assert_eq!(common_scalar(Scalar::I32, false, Scalar::U32, false), Scalar::U32);
        assert_eq!(common_scalar(Scalar::F32, false, Scalar::F64, false), Scalar::F64);
    }

    #[test]
    fn conversions() {
        let f4 = Type::Vector(Scalar::F32, 4);
        assert_eq!(implicit_cost(&Type::FLOAT, &f4), Some(ConvCost::Splat));
        assert_eq!(implicit_cost(&f4, &Type::Vector(Scalar::F32, 2)), Some(ConvCost::Truncate));
        assert_eq!(implicit_cost(&Type::Vector(Scalar::F32, 2), &f4), None);
        assert_eq!(implicit_cost(&Type::INT, &Type::FLOAT), Some(ConvCost::Scalar));
        assert!(explicit_ok(&Type::INT, &Type::Struct(crate::arena::Handle::new(0))));
        assert_eq!(common_shape(&Type::FLOAT, &f4, Scalar::F32), Some(Type::Vector(Scalar::F32, 4)));
    }
}
