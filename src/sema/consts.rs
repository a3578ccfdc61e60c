//! Constant folding of integer and float expressions: array sizes, `[numthreads]`, case labels,
//! `static const` initializers. Folding works on the syntax tree so it is available where no
//! function is being checked (global declarations, attributes).

use super::Checker;
use crate::ir::{BinaryOp, ConstValue, Scalar, Type};
use crate::syntax::ast;

/// The small integer `v` as a constant of scalar type `s` (`0`, `1` of any type).
pub(super) fn small(v: u8, s: Scalar) -> ConstValue {
    convert(&ConstValue::Uint(v.into()), s).unwrap_or(ConstValue::Uint(v.into()))
}

/// `v` as a constant of scalar type `s`, as the target converts: integers keep their low bits,
/// floats round to `s`'s precision (a `half` constant is a binary16 value), float → integer
/// truncates toward zero and saturates.
pub(super) fn convert(v: &ConstValue, s: Scalar) -> Option<ConstValue> {
    Some(match (v, s) {
        (ConstValue::Composite(_), _) => return None,
        (_, Scalar::Bool) => ConstValue::Bool(v.as_bool()?),
        // A substandard float's value, rounded to it (`lower::substandard_floats` makes it bits).
        (v, s) if s.is_substandard() => {
            let f = as_f64(v)?;
            ConstValue::Float(crate::numeric::substandard_value(crate::numeric::substandard_bits(f, s), s))
        }
        (ConstValue::Float(f), s) if s.is_float() => ConstValue::Float(round_to(*f, s)),
        (ConstValue::Float(f), s) if s.is_signed_int() => ConstValue::Int((*f as i64).clamp(min_of(s), !min_of(s))),
        (ConstValue::Float(f), s) => ConstValue::Uint((*f as u64).min(u64::MAX >> (64 - s.bits()))),
        (v, s) if s.is_float() => ConstValue::Float(round_to(
            match v {
                ConstValue::Int(i) => *i as f64,
                ConstValue::Uint(u) => *u as f64,
                ConstValue::Bool(b) => *b as u8 as f64,
                _ => return None,
            },
            s,
        )),
        (v, s) if s.is_signed_int() => ConstValue::Int(wrap_signed(v.as_i64()?, s)),
        (v, s) => ConstValue::Uint(wrap_unsigned(v.as_i64()? as u64, s)),
    })
}

/// The bits of float constant `v` of type `s`, as the signed integer of its width
/// (`__floatAsInt`).
pub(super) fn float_bits_as_int(v: &ConstValue, s: Scalar) -> Option<ConstValue> {
    let f = as_f64(v)?;
    Some(ConstValue::Int(match s {
        Scalar::F16 => crate::numeric::f16_bits(f) as i16 as i64,
        Scalar::F64 => f.to_bits() as i64,
        _ => (f as f32).to_bits() as i32 as i64,
    }))
}

/// The smallest value of a signed integer type, where a float saturates.
fn min_of(s: Scalar) -> i64 {
    i64::MIN >> (64 - s.bits())
}

fn round_to(f: f64, s: Scalar) -> f64 {
    match s {
        Scalar::F16 => crate::numeric::round_f16(f),
        Scalar::F32 => crate::numeric::round_f32(f),
        _ => f,
    }
}

fn wrap_signed(v: i64, s: Scalar) -> i64 {
    match s.bits() {
        8 => v as i8 as i64,
        16 => v as i16 as i64,
        32 => v as i32 as i64,
        _ => v,
    }
}

fn wrap_unsigned(v: u64, s: Scalar) -> u64 {
    match s.bits() {
        8 => v as u8 as u64,
        16 => v as u16 as u64,
        32 => v as u32 as u64,
        _ => v,
    }
}

/// An integer constant as an `i128` of type `s` (its bits at `s`'s width, sign-extended when
/// `s` is signed).
fn int_in(v: &ConstValue, s: Scalar) -> Option<i128> {
    Some(match convert(v, s)? {
        ConstValue::Int(i) => i as i128,
        ConstValue::Uint(u) => u as i128,
        ConstValue::Bool(b) => b as i128,
        _ => return None,
    })
}

/// An integer result of type `s` from any `i128`: its low bits.
fn int_of(v: i128, s: Scalar) -> ConstValue {
    if s.is_signed_int() {
        ConstValue::Int(wrap_signed(v as i64, s))
    } else {
        ConstValue::Uint(wrap_unsigned(v as u64, s))
    }
}

/// Folds `a op b` computed in `s`, the type both operands take (a shift's left operand type),
/// as a target computes it: integers wrap at their width, floats round to their precision after
/// each operation. A shift by the width or more gives 0 (all sign bits for `>>` of a negative
/// value), as Slang folds it. `None` where the result is left to run time (division by zero).
pub(super) fn binary_in(op: BinaryOp, s: Scalar, a: &ConstValue, b: &ConstValue) -> Option<ConstValue> {
    use BinaryOp::*;
    use ConstValue as C;
    match (a, b) {
        (C::Composite(x), C::Composite(y)) if x.len() == y.len() => {
            return x.iter().zip(y).map(|(x, y)| binary_in(op, s, x, y)).collect::<Option<_>>().map(C::Composite);
        }
        (C::Composite(_), C::Composite(_)) => return None,
        (C::Composite(x), y) => {
            return x.iter().map(|x| binary_in(op, s, x, y)).collect::<Option<_>>().map(C::Composite);
        }
        (x, C::Composite(y)) => {
            return y.iter().map(|y| binary_in(op, s, x, y)).collect::<Option<_>>().map(C::Composite);
        }
        _ => {}
    }
    if op.is_logical() {
        let (x, y) = (a.as_bool()?, b.as_bool()?);
        return Some(C::Bool(if op == LogicAnd { x && y } else { x || y }));
    }
    if s.is_float() {
        let (x, y) = (as_f64(&convert(a, s)?)?, as_f64(&convert(b, s)?)?);
        let value = |v: f64| Some(C::Float(round_to(v, s)));
        return match op {
            Add => value(x + y),
            Sub => value(x - y),
            Mul => value(x * y),
            Div => value(x / y),
            Rem => value(x % y),
            _ => compare(op, x.partial_cmp(&y)),
        };
    }
    if s == Scalar::Bool {
        let (x, y) = (a.as_bool()?, b.as_bool()?);
        return match op {
            BitAnd => Some(C::Bool(x & y)),
            BitOr => Some(C::Bool(x | y)),
            BitXor => Some(C::Bool(x ^ y)),
            _ => compare(op, Some(x.cmp(&y))),
        };
    }
    let (x, y) = (int_in(a, s)?, int_in(b, s)?);
    let bits = s.bits() as i128;
    let shift_out = !(0..bits).contains(&y);
    Some(match op {
        Add => int_of(x + y, s),
        Sub => int_of(x - y, s),
        Mul => int_of(x.wrapping_mul(y), s),
        Div => int_of(x.checked_div(y).filter(|_| y != 0)?, s),
        Rem => int_of(x.checked_rem(y).filter(|_| y != 0)?, s),
        Shl if shift_out => int_of(0, s),
        Shl => int_of(x << y, s),
        Shr if shift_out => int_of(if x < 0 { -1 } else { 0 }, s),
        Shr => int_of(x >> y, s),
        BitAnd => int_of(x & y, s),
        BitOr => int_of(x | y, s),
        BitXor => int_of(x ^ y, s),
        _ => return compare(op, Some(x.cmp(&y))),
    })
}

fn compare(op: BinaryOp, ord: Option<std::cmp::Ordering>) -> Option<ConstValue> {
    use std::cmp::Ordering::*;
    use BinaryOp::*;
    Some(ConstValue::Bool(match (op, ord) {
        (Ne, None) => true,
        (_, None) => false,
        (Eq, Some(o)) => o == Equal,
        (Ne, Some(o)) => o != Equal,
        (Lt, Some(o)) => o == Less,
        (Le, Some(o)) => o != Greater,
        (Gt, Some(o)) => o == Greater,
        (Ge, Some(o)) => o != Less,
        _ => return None,
    }))
}

/// Folds a unary operator on a constant of type `s`.
pub(super) fn unary_in(op: crate::ir::UnaryOp, s: Scalar, v: &ConstValue) -> Option<ConstValue> {
    use crate::ir::UnaryOp;
    match (op, v) {
        (_, ConstValue::Composite(parts)) => {
            parts.iter().map(|p| unary_in(op, s, p)).collect::<Option<_>>().map(ConstValue::Composite)
        }
        (UnaryOp::Not, v) => Some(ConstValue::Bool(!v.as_bool()?)),
        (UnaryOp::Neg, v) if s.is_float() => Some(ConstValue::Float(-as_f64(&convert(v, s)?)?)),
        (UnaryOp::Neg, v) => Some(int_of(-int_in(v, s)?, s)),
        (UnaryOp::BitNot, v) if s.is_int() => Some(int_of(!int_in(v, s)?, s)),
        _ => None,
    }
}

fn as_f64(v: &ConstValue) -> Option<f64> {
    Some(match v {
        ConstValue::Float(f) => *f,
        ConstValue::Int(i) => *i as f64,
        ConstValue::Uint(u) => *u as f64,
        ConstValue::Bool(b) => *b as u8 as f64,
        ConstValue::Composite(_) => return None,
    })
}

/// Whether a type has a size in every data layout (no resources, no runtime-sized arrays).
fn is_sized(ty: &Type) -> bool {
    match ty {
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) | Type::Struct(_) => true,
        Type::Array(e, n) => n.is_some() && is_sized(e),
        _ => false,
    }
}

pub(super) fn scalar_of_const(v: &ConstValue) -> Option<Scalar> {
    Some(match v {
        ConstValue::Bool(_) => Scalar::Bool,
        ConstValue::Int(_) => Scalar::I32,
        ConstValue::Uint(_) => Scalar::U32,
        ConstValue::Float(_) => Scalar::F32,
        ConstValue::Composite(_) => return None,
    })
}

/// A folded constant, its element type, and whether it is an unsuffixed literal (which takes
/// the other operand's type, as in expressions).
struct Typed {
    value: ConstValue,
    scalar: Scalar,
    literal: bool,
}

/// An integer literal's value and type (Slang's and DXC's rule): `u` makes it unsigned, `ll`
/// (or `l`) 64-bit; without a suffix it is an `int` if it fits, else a `uint` if it fits
/// (hex, octal and binary; a decimal too), else an `int64_t`.
pub(super) fn int_literal(i: &ast::IntLit) -> (ConstValue, Scalar) {
    if i.long && i.unsigned {
        (ConstValue::Uint(i.value), Scalar::U64)
    } else if i.long {
        (ConstValue::Int(i.value as i64), Scalar::I64)
    } else if i.unsigned {
        (ConstValue::Uint(i.value & 0xffff_ffff), Scalar::U32)
    } else if i.value > i32::MAX as u64 && i.value <= u32::MAX as u64 {
        (ConstValue::Uint(i.value), Scalar::U32)
    } else if i.value > u32::MAX as u64 {
        (ConstValue::Int(i.value as i64), Scalar::I64)
    } else {
        (ConstValue::Int(i.value as i64), Scalar::I32)
    }
}

/// A float literal's type by its suffix: `h` half, `l` double, else float.
pub(super) fn float_literal_type(f: &ast::FloatLit) -> Scalar {
    match f.suffix {
        Some('h') => Scalar::F16,
        Some('l') => Scalar::F64,
        _ => Scalar::F32,
    }
}

impl Checker {
    /// `sizeof(…)`/`alignof(…)` (`align`), Slang's meaning: the bytes a type (or an
    /// expression's type) takes, or its alignment, in natural layout (`layout::natural`), or in
    /// the data layout named (`sizeof(T, Std430DataLayout)`). Reports what has no size.
    pub(super) fn size_of(&mut self, align: bool, of: &ast::SizeOperand, span: crate::span::Span) -> Option<u64> {
        let (ty, layout) = match of {
            ast::SizeOperand::Type { ty, layout } => {
                let rule = match layout {
                    Some(l) => Some(self.data_layout_rule(l)?),
                    None => None,
                };
                (self.resolve_type(ty), rule)
            }
            ast::SizeOperand::Expr(e) => (self.type_of_unevaluated(e)?, None),
        };
        if ty.is_error() {
            return None;
        }
        let placement = match layout {
            Some(Some(rule)) if is_sized(&ty) => Some(crate::layout::unpadded(&self.module, &ty, rule)),
            _ => crate::layout::natural(&self.module, &ty),
        };
        let Some(p) = placement else {
            let name = self.type_name(&ty);
            let kw = if align { "alignof" } else { "sizeof" };
            self.error("E0402", span, format!("`{kw}` needs a type with a size in memory, not `{name}`"));
            return None;
        };
        Some(if align { p.align } else { p.size } as u64)
    }

    /// `countof(…)`: the elements of a tuple, vector or array type or value.
    pub(super) fn count_of(&mut self, of: &ast::SizeOperand, span: crate::span::Span) -> Option<u64> {
        if let Some(n) = self.pack_count(of) {
            return n;
        }
        let ty = match of {
            ast::SizeOperand::Type { ty, layout: None } => self.resolve_type(ty),
            ast::SizeOperand::Type { layout: Some(l), .. } => {
                self.error("E0402", l.span, "`countof` takes one type or value");
                return None;
            }
            ast::SizeOperand::Expr(e) => self.type_of_unevaluated(e)?,
        };
        if let Some(elems) = self.tuple_elems(&ty) {
            return Some(elems.len() as u64);
        }
        match ty {
            Type::Error => None,
            Type::Vector(_, n) => Some(n as u64),
            Type::Array(_, Some(n)) => Some(n as u64),
            other => {
                let name = self.type_name(&other);
                self.error(
                    "E0402",
                    span,
                    format!("`countof` counts a tuple's, vector's or array's elements, not `{name}`'s"),
                );
                None
            }
        }
    }

    /// The layout rule a data layout type (`Std430DataLayout`…, or a generic parameter bound
    /// to one) stands for: `None` for natural layout (`DefaultDataLayout`, `ScalarDataLayout`).
    fn data_layout_rule(&mut self, t: &ast::TypeExpr) -> Option<Option<crate::layout::Rule>> {
        let ty = self.resolve_type(t);
        match self.data_layout_of(&ty) {
            Some(layout) => Some(layout.rule()),
            None => {
                if !ty.is_error() {
                    let name = self.type_name(&ty);
                    self.error("E0402", t.span, format!("`{name}` is not a data layout (`IBufferDataLayout`)"));
                }
                None
            }
        }
    }

    /// The type of an expression that is measured, not run (`sizeof(x)`): checked as any
    /// expression inside a function, where nothing it computes is kept; outside one, a name
    /// of a global.
    pub(super) fn type_of_unevaluated(&mut self, e: &ast::Expr) -> Option<Type> {
        if self.cur.is_some() {
            let id = self.expr(e);
            return Some(self.ty(id));
        }
        if let Some(ty) = self.global_place_type(e) {
            return Some(ty);
        }
        self.error(
            "E0402",
            e.span,
            "outside a function, `sizeof` measures a type, a global's name, or its element or field",
        );
        None
    }

    /// The type of a global, an element of one or a field of one, as `sizeof(table[0])` (the
    /// `countof` idiom `sizeof(a) / sizeof(a[0])`) names it; the index is not evaluated.
    fn global_place_type(&mut self, e: &ast::Expr) -> Option<Type> {
        match &e.kind {
            ast::ExprKind::Ident(name) => {
                let key = self.scoped(name, |n| self.globals.contains_key(n));
                self.globals.get(&key).map(|g| self.module.globals[*g].ty.clone())
            }
            ast::ExprKind::Index { base, .. } => match self.global_place_type(base)? {
                Type::Array(elem, _) => Some(*elem),
                Type::Vector(s, _) => Some(Type::Scalar(s)),
                Type::Matrix(s, _, c) => Some(Type::Vector(s, c)),
                _ => None,
            },
            ast::ExprKind::Member { base, name } => match self.global_place_type(base)? {
                Type::Struct(h) => {
                    self.module.structs[h].fields.iter().find(|f| f.name == name.name).map(|f| f.ty.clone())
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Folds an AST expression to a constant, or `None` when it is not constant. Names resolve to
    /// `static const` globals and to `const` locals with constant initializers.
    pub(super) fn const_of_ast(&mut self, e: &ast::Expr) -> Option<ConstValue> {
        self.typed_const_of_ast(e).map(|c| c.value)
    }

    /// [`Self::const_of_ast`] with the constant's element type, so that operations fold at the
    /// width the target computes them (`i64max + 1` wraps at 64 bits, `i8max + 1` at 8).
    fn typed_const_of_ast(&mut self, e: &ast::Expr) -> Option<Typed> {
        use ast::ExprKind as K;
        let of_type = |value: ConstValue, ty: &Type| {
            Some(Typed { value, scalar: ty.scalar().unwrap_or(Scalar::I32), literal: false })
        };
        match &e.kind {
            K::IntLit(i) => {
                let (value, ty) = int_literal(i);
                Some(Typed { value, scalar: ty, literal: !i.unsigned && !i.long })
            }
            K::FloatLit(f) => Some(Typed {
                value: ConstValue::Float(f.value),
                scalar: float_literal_type(f),
                literal: f.suffix.is_none(),
            }),
            K::BoolLit(b) => of_type(ConstValue::Bool(*b), &Type::BOOL),
            K::SizeOf { align, of } => of_type(ConstValue::Uint(self.size_of(*align, of, e.span)?), &Type::UINT),
            K::CountOf(of) => of_type(ConstValue::Int(self.count_of(of, e.span)? as i64), &Type::INT),
            K::Ident(name) => {
                if let Some(state) = &self.cur {
                    match state.scopes.iter().rev().find_map(|scope| scope.get(name)) {
                        Some(super::Sym::Local(l)) => {
                            let ty = state.func.locals[*l].ty.clone();
                            return of_type(state.local_consts.get(l)?.clone(), &ty);
                        }
                        Some(super::Sym::Global(g)) => {
                            let g = *g;
                            let v = self.global_consts.get(&g).cloned().or_else(|| self.spec_default(g))?;
                            return of_type(v, &self.module.globals[g].ty);
                        }
                        Some(super::Sym::Const(v, ty)) => return of_type(v.clone(), ty),
                        None => {}
                    }
                }
                if let Some((v, ty)) = self.generic_values.get(name) {
                    return of_type(v.clone(), ty);
                }
                let key = self.scoped(name, |n| self.globals.contains_key(n));
                let Some(g) = self.globals.get(&key) else {
                    if let Some(v) = super::ray_query::builtin_constant(name) {
                        return of_type(ConstValue::Uint(v.into()), &Type::UINT);
                    }
                    // A built-in variable that is a constant (`gl_WorkGroupSize`).
                    return of_type(self.const_call(e)?, &Type::UINT);
                };
                let g = *g;
                let ty = self.module.globals[g].ty.clone();
                if let Some(v) = self.spec_default(g) {
                    return of_type(v, &ty);
                }
                match self.global_consts.get(&g) {
                    Some(v) => of_type(v.clone(), &ty),
                    None if self.folding_global_init => of_type(self.static_inits.get(&g)?.clone(), &ty),
                    None => None,
                }
            }
            K::Path { ty, name } => {
                let ast::TypeExprKind::Named { name: enum_name, .. } = &ty.kind else { return None };
                let key = self.scoped(&format!("{enum_name}::{}", name.name), |n| self.enum_cases.contains_key(n));
                if let Some((v, ty)) = self.enum_cases.get(&key) {
                    return of_type(v.clone(), ty);
                }
                // A struct's static constant, `S::K`.
                let key = self.scoped(&format!("{enum_name}::{}", name.name), |n| self.globals.contains_key(n));
                let g = *self.globals.get(&key)?;
                of_type(self.global_consts.get(&g)?.clone(), &self.module.globals[g].ty)
            }
            K::Unary { op, expr } => {
                let v = self.typed_const_of_ast(expr)?;
                let op = match op {
                    ast::UnOp::Plus => return Some(v),
                    ast::UnOp::Neg => crate::ir::UnaryOp::Neg,
                    ast::UnOp::Not => crate::ir::UnaryOp::Not,
                    ast::UnOp::BitNot => crate::ir::UnaryOp::BitNot,
                    _ => return None,
                };
                let scalar = match (op, v.scalar) {
                    (crate::ir::UnaryOp::Not, _) => Scalar::Bool,
                    (_, Scalar::Bool) => Scalar::I32,
                    (_, s) => s,
                };
                let value = unary_in(op, scalar, &v.value)?;
                Some(Typed { value, scalar, literal: v.literal })
            }
            K::Binary { op, lhs, rhs } => {
                let a = self.typed_const_of_ast(lhs)?;
                let b = self.typed_const_of_ast(rhs)?;
                let op = super::expr::bin_op(*op);
                let within = match op {
                    BinaryOp::Shl | BinaryOp::Shr if a.scalar == Scalar::Bool => Scalar::I32,
                    BinaryOp::Shl | BinaryOp::Shr => a.scalar,
                    _ => super::conv::common_scalar(a.scalar, a.literal, b.scalar, b.literal),
                };
                let scalar = if op.is_comparison() || op.is_logical() { Scalar::Bool } else { within };
                let value = binary_in(op, within, &a.value, &b.value)?;
                Some(Typed { value, scalar, literal: a.literal && b.literal })
            }
            K::Ternary { cond, then, els } => {
                let c = self.const_of_ast(cond)?.as_bool()?;
                if c {
                    self.typed_const_of_ast(then)
                } else {
                    self.typed_const_of_ast(els)
                }
            }
            K::Cast { ty, expr } => {
                let target = self.resolve_type(ty);
                let v = self.const_of_ast(expr)?;
                match target {
                    Type::Scalar(s) => of_type(convert(&v, s)?, &target),
                    _ => None,
                }
            }
            K::Construct { ty, args } if args.len() == 1 => {
                let target = self.resolve_type(ty);
                let v = self.const_of_ast(&args[0])?;
                match target {
                    Type::Scalar(s) => of_type(convert(&v, s)?, &target),
                    _ => None,
                }
            }
            K::Call { callee, args, .. } if args.is_empty() => of_type(self.const_call(callee)?, &Type::UINT),
            K::Call { callee, args, .. }
                if args.len() == 1 && matches!(&callee.kind, K::Ident(n) if n == "__floatAsInt") =>
            {
                let v = self.typed_const_of_ast(&args[0])?;
                let to = Type::Scalar(super::bit_cast::float_as_int_type(v.scalar));
                of_type(float_bits_as_int(&v.value, v.scalar)?, &to)
            }
            K::Call { callee, args, .. }
                if args.len() == 1
                    && matches!(&callee.kind, K::Ident(n) if n == "getStringHash" && !self.functions.contains_key(n)) =>
            {
                let hash = super::expr::stable_string_hash(&self.known_string(&args[0])?);
                of_type(ConstValue::Int(i64::from(hash)), &Type::INT)
            }
            // A swizzle of a constant: `0.5.xx`, `DIMS.yx`.
            K::Member { base, name } if self.swizzlable_constant(base) => {
                let Typed { value: v, scalar, literal } = self.typed_const_of_ast(base)?;
                let parts = match &v {
                    ConstValue::Composite(parts) => parts.clone(),
                    scalar => vec![scalar.clone()],
                };
                let picked: Option<Vec<ConstValue>> = name
                    .name
                    .chars()
                    .map(|c| {
                        let i = "xyzw".find(c).or_else(|| "rgba".find(c))?;
                        parts.get(i).filter(|p| !matches!(p, ConstValue::Composite(_))).cloned()
                    })
                    .collect();
                let picked = picked.filter(|p| (1..=4).contains(&p.len()))?;
                let value = if picked.len() == 1 { picked[0].clone() } else { ConstValue::Composite(picked) };
                Some(Typed { value, scalar, literal })
            }
            _ => None,
        }
    }

    /// Whether `e` is a literal or names a scalar or vector constant: a `.xy` after it is a
    /// swizzle (after a struct constant, a field).
    fn swizzlable_constant(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            ast::ExprKind::IntLit(_) | ast::ExprKind::FloatLit(_) | ast::ExprKind::BoolLit(_) => true,
            ast::ExprKind::Ident(name) => {
                let key = self.scoped(name, |n| self.globals.contains_key(n));
                match self.globals.get(&key) {
                    Some(g) => matches!(self.module.globals[*g].ty, Type::Scalar(_) | Type::Vector(..)),
                    None => self.names_workgroup_size(e),
                }
            }
            ast::ExprKind::Call { callee, args, .. } => args.is_empty() && self.names_workgroup_size(callee),
            _ => false,
        }
    }

    /// A specialization constant's default, where folding needs a value now (noted in
    /// `spec_reads` for the warning the caller gives).
    fn spec_default(&mut self, g: crate::ir::GlobalId) -> Option<ConstValue> {
        let v = self.spec_defaults.get(&g)?.clone();
        self.spec_reads.push(g);
        Some(v)
    }

    /// Whether `callee` names the workgroup size (`WorkgroupSize`, `gl_WorkGroupSize`).
    fn names_workgroup_size(&self, callee: &ast::Expr) -> bool {
        let ast::ExprKind::Ident(name) = &callee.kind else { return false };
        !self.functions.contains_key(name)
            && self.stdlib.find(name).is_some_and(|i| {
                self.stdlib.intrinsics[i].lowerings_for("fold").next().is_some_and(|f| f.kind() == "workgroup_size")
            })
    }

    /// Compile-time calls: `GetGroupWaveCount()` (and its alias) when the wave size is fixed,
    /// `WorkgroupSize()`.
    fn const_call(&mut self, callee: &ast::Expr) -> Option<ConstValue> {
        if let ast::ExprKind::Path { ty, name } = &callee.kind {
            let ty = self.resolve_type(ty);
            return self.builtin_static(&ty, &name.name).map(|(v, _)| v);
        }
        let ast::ExprKind::Ident(name) = &callee.kind else { return None };
        if self.functions.contains_key(name) {
            return None;
        }
        let first = self.stdlib.find(name)?;
        let intr = &self.stdlib.intrinsics[first];
        if intr.lowerings_for("fold").next().is_some_and(|f| f.kind() == "workgroup_size") {
            let signed = intr.ret.instantiate(&[]).scalar() == Some(crate::ir::Scalar::I32);
            let size = self.const_workgroup_size()?;
            let part = |n: u64| if signed { ConstValue::Int(n as i64) } else { ConstValue::Uint(n) };
            return Some(ConstValue::Composite(size.into_iter().map(part).collect()));
        }
        if intr.alias_of.as_deref().unwrap_or(&intr.name) != "GetGroupWaveCount" {
            return None;
        }
        self.const_group_wave_count().map(ConstValue::Uint)
    }

    /// Slang's static methods of the built-in scalar types (IFloat's `float.getPi()`), as a
    /// constant and its type.
    pub(super) fn builtin_static(&self, ty: &Type, name: &str) -> Option<(ConstValue, Type)> {
        match (ty, name) {
            (Type::Scalar(s), "getPi") if s.is_float() => Some((ConstValue::Float(std::f64::consts::PI), ty.clone())),
            _ => None,
        }
    }

    /// The scalar components of a constant expression, constructors flattened
    /// (`float3(1, float2(2, 3))` is 1, 2, 3).
    fn const_components(&mut self, e: &ast::Expr) -> Option<Vec<ConstValue>> {
        if let ast::ExprKind::Construct { args, .. } = &e.kind {
            let mut out = Vec::new();
            for a in args {
                out.extend(self.const_components(a)?);
            }
            return Some(out);
        }
        fn flatten(v: ConstValue, out: &mut Vec<ConstValue>) {
            match v {
                ConstValue::Composite(parts) => parts.into_iter().for_each(|p| flatten(p, out)),
                v => out.push(v),
            }
        }
        let mut out = Vec::new();
        flatten(self.const_of_ast(e)?, &mut out);
        Some(out)
    }

    /// A `static const` initializer: a constant of the declared type. Unsized arrays take their
    /// length from the list.
    pub(super) fn const_initializer(&mut self, init: &ast::Initializer, ty: &mut Type) -> Option<ConstValue> {
        match (init, &mut *ty) {
            (ast::Initializer::Expr(e), Type::Scalar(s)) => {
                let s = *s;
                convert(&self.const_of_ast(e)?, s)
            }
            (ast::Initializer::Expr(e), t @ (Type::Vector(..) | Type::Matrix(..))) => {
                let s = t.scalar()?;
                let n = t.element_count() as usize;
                // `float3 v = 1;` splats; `float2x3(float3(…), float3(…))` folds component-wise.
                let parts = self.const_components(e)?;
                let parts: Vec<ConstValue> = parts.iter().map(|v| convert(v, s)).collect::<Option<_>>()?;
                match parts.len() {
                    1 => Some(ConstValue::Composite(vec![parts[0].clone(); n])),
                    len if len == n => Some(ConstValue::Composite(parts)),
                    _ => None,
                }
            }
            (ast::Initializer::List(items, _), Type::Array(elem, len)) => {
                if len.is_none() {
                    *len = Some(items.len() as u32);
                }
                if *len != Some(items.len() as u32) {
                    return None;
                }
                let mut out = Vec::new();
                for i in items {
                    let mut et = (**elem).clone();
                    out.push(self.const_initializer(i, &mut et)?);
                }
                Some(ConstValue::Composite(out))
            }
            (ast::Initializer::List(items, _), t @ (Type::Vector(..) | Type::Matrix(..))) => {
                let s = t.scalar()?;
                let mut out = Vec::new();
                for i in items {
                    match i {
                        ast::Initializer::Expr(e) => out.push(convert(&self.const_of_ast(e)?, s)?),
                        _ => return None,
                    }
                }
                (out.len() == t.element_count() as usize).then_some(ConstValue::Composite(out))
            }
            (ast::Initializer::List(items, _), Type::Struct(h)) => {
                let fields: Vec<Type> = self.module.structs[*h].fields.iter().map(|f| f.ty.clone()).collect();
                if fields.len() != items.len() {
                    return None;
                }
                let mut out = Vec::new();
                for (i, mut t) in items.iter().zip(fields) {
                    out.push(self.const_initializer(i, &mut t)?);
                }
                Some(ConstValue::Composite(out))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOp::*;
    use ConstValue::{Float, Int, Uint};

    #[test]
    fn folding_computes_in_the_operands_type() {
        assert_eq!(binary_in(Add, Scalar::I64, &Int(i64::MAX), &Int(1)), Some(Int(i64::MIN)));
        assert_eq!(binary_in(Sub, Scalar::U64, &Uint(0), &Uint(1)), Some(Uint(u64::MAX)));
        assert_eq!(binary_in(Add, Scalar::I8, &Int(127), &Int(1)), Some(Int(-128)));
        assert_eq!(binary_in(Mul, Scalar::U16, &Uint(300), &Uint(300)), Some(Uint(90000 % 65536)));
        // A shift by the width or more folds to 0 (or all sign bits), as Slang folds it.
        assert_eq!(binary_in(Shl, Scalar::U32, &Uint(7), &Uint(32)), Some(Uint(0)));
        assert_eq!(binary_in(Shr, Scalar::I32, &Int(-8), &Int(40)), Some(Int(-1)));
        assert_eq!(binary_in(Div, Scalar::I32, &Int(1), &Int(0)), None);
        // Halves round after the operation: 2048 + 3 is 2051, a tie that goes to 2052.
        assert_eq!(binary_in(Add, Scalar::F16, &Float(2048.0), &Float(3.0)), Some(Float(2052.0)));
        assert_eq!(unary_in(crate::ir::UnaryOp::Neg, Scalar::U32, &Uint(1)), Some(Uint(u32::MAX as u64)));
        assert_eq!(convert(&Float(300.0), Scalar::I8), Some(Int(127)));
        assert_eq!(float_bits_as_int(&Float(1.0), Scalar::F16), Some(Int(0x3c00)));
    }
}
