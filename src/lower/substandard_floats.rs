//! Slang's substandard floats (`BFloat16`, `FloatE4M3`, `FloatE5M2`) as their bit patterns.
//!
//! Sema types them as scalars of their own, so that overloads, conversions and bit casts know
//! them; no target needs to. This pass, run once before any target or the CPU engine sees the
//! module, makes every one of them the unsigned integer of its width (`uint16_t`, `uint8_t`),
//! which every target already stores, loads, moves and lays out, and makes each conversion to
//! or from one a call of its stdlib function (`stdlib/substandard.slang`), whose body every
//! target then runs. Sema never converts directly between a substandard float and its storage
//! integer except to read or write its bits (`bit_cast`, interface payloads), so such a
//! conversion, once both sides are the integer, keeps the bits.

use crate::ir::{ConstValue, Expr, ExprId, ExprKind, Function, IntrinsicId, Module, Scalar, Type};
use crate::stdlib::Stdlib;

/// Rewrites every substandard float of `module` (see the module docs).
pub fn substandard_floats(module: &mut Module, stdlib: &Stdlib) {
    if !uses_substandard(module) {
        return;
    }
    for (_, s) in module.structs.iter_mut() {
        for field in &mut s.fields {
            to_storage(&mut field.ty);
        }
    }
    for (_, g) in module.globals.iter_mut() {
        if let (Some(init), Some(s)) = (&mut g.init, substandard_of(&g.ty)) {
            *init = const_bits(init, s);
        }
        to_storage(&mut g.ty);
    }
    for x in &mut module.existentials {
        for (t, _) in &mut x.types {
            to_storage(t);
        }
    }
    for (_, f) in module.functions.iter_mut() {
        rewrite_function(f, stdlib);
    }
}

fn uses_substandard(module: &Module) -> bool {
    module.structs.iter().any(|(_, s)| s.fields.iter().any(|f| mentions(&f.ty)))
        || module.globals.iter().any(|(_, g)| mentions(&g.ty))
        || module.functions.iter().any(|(_, f)| {
            mentions(&f.ret)
                || f.locals.iter().any(|(_, l)| mentions(&l.ty))
                || f.exprs.iter().any(|(_, e)| mentions(&e.ty))
        })
}

/// Whether `ty` holds a substandard float anywhere.
fn mentions(ty: &Type) -> bool {
    match ty {
        Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) => s.is_substandard(),
        Type::Array(e, _) | Type::Pointer(e) => mentions(e),
        Type::Resource(_, Some(e)) => mentions(e),
        _ => false,
    }
}

/// The substandard scalar of a scalar, vector or matrix type.
fn substandard_of(ty: &Type) -> Option<Scalar> {
    match ty {
        Type::Array(e, _) => substandard_of(e),
        _ => ty.scalar().filter(|s| s.is_substandard()),
    }
}

fn to_storage(ty: &mut Type) {
    match ty {
        Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) => *s = s.storage(),
        Type::Array(e, _) | Type::Pointer(e) => to_storage(e),
        Type::Resource(_, Some(e)) => to_storage(e),
        _ => {}
    }
}

/// A constant of substandard type `s` (its value) as its bits.
fn const_bits(c: &ConstValue, s: Scalar) -> ConstValue {
    match c {
        ConstValue::Composite(parts) => ConstValue::Composite(parts.iter().map(|p| const_bits(p, s)).collect()),
        ConstValue::Float(f) => ConstValue::Uint(crate::numeric::substandard_bits(*f, s)),
        ConstValue::Int(i) => ConstValue::Uint(crate::numeric::substandard_bits(*i as f64, s)),
        ConstValue::Uint(u) => ConstValue::Uint(crate::numeric::substandard_bits(*u as f64, s)),
        ConstValue::Bool(b) => ConstValue::Uint(crate::numeric::substandard_bits(*b as u8 as f64, s)),
    }
}

fn rewrite_function(f: &mut Function, stdlib: &Stdlib) {
    let ids: Vec<ExprId> = f.exprs.iter().map(|(id, _)| id).collect();
    for id in ids {
        let e = &f.exprs[id];
        match &e.kind {
            ExprKind::Const(c) => {
                if let Some(s) = substandard_of(&e.ty) {
                    let bits = const_bits(c, s);
                    f.exprs[id].kind = ExprKind::Const(bits);
                }
            }
            ExprKind::Convert(src) => {
                let src = *src;
                let (Some(from), Some(to)) = (f.exprs[src].ty.scalar(), e.ty.scalar()) else { continue };
                // Same scalar (a splat, a truncation), or a substandard float's bits.
                if from == to || (from.is_substandard() != to.is_substandard() && from.storage() == to.storage()) {
                    continue;
                }
                if !from.is_substandard() && !to.is_substandard() {
                    continue;
                }
                convert(f, stdlib, id, src, from, to);
            }
            _ => {}
        }
    }
    to_storage(&mut f.ret);
    for (_, l) in f.locals.iter_mut() {
        to_storage(&mut l.ty);
    }
    for (_, e) in f.exprs.iter_mut() {
        to_storage(&mut e.ty);
        if let ExprKind::Intrinsic { bound: Some(b), .. } = &mut e.kind {
            to_storage(b);
        }
    }
}

/// Conversion `id` (`Convert(src)`) from scalar `from` to `to`, one of them substandard, as
/// calls of the stdlib's conversions through `float` (exact for every value of the 8- and
/// 16-bit formats; a `double` is first rounded to odd, so the second rounding is right).
fn convert(f: &mut Function, stdlib: &Stdlib, id: ExprId, src: ExprId, from: Scalar, to: Scalar) {
    let span = f.exprs[id].span;
    let src_ty = f.exprs[src].ty.clone();
    let float_ty = src_ty.with_scalar(Scalar::F32);
    let mut target = f.exprs[id].ty.clone();
    to_storage(&mut target);
    // `src` as floats of its shape, then as the bits of `to` where it is substandard: each
    // step a new expression but the last, which becomes `id` itself (or its operand, where
    // `id` also changes the shape).
    let mut steps: Vec<(ExprKind, Type)> = Vec::new();
    match from {
        Scalar::F32 => {}
        Scalar::F64 => steps.push((call(f, stdlib, "__substandardFromDouble", src), float_ty.clone())),
        s if s.is_substandard() => steps.push((call(f, stdlib, decoder(s), src), float_ty.clone())),
        _ => steps.push((ExprKind::Convert(src), float_ty.clone())),
    }
    if to.is_substandard() {
        steps.push((ExprKind::Const(ConstValue::Bool(false)), src_ty.with_scalar(to.storage())));
    }
    let mut value = src;
    let count = steps.len();
    for (i, (kind, ty)) in steps.into_iter().enumerate() {
        // The encoder's argument is the value before it.
        let kind = if matches!(kind, ExprKind::Const(_)) { call(f, stdlib, encoder(to), value) } else { kind };
        if i + 1 == count && ty == target {
            f.exprs[id].kind = kind;
            return;
        }
        value = f.exprs.append(Expr { kind, ty, span });
    }
    f.exprs[id].kind = ExprKind::Convert(value);
}

/// A call of the stdlib's conversion `name` (its `…V` form for a vector).
fn call(f: &Function, stdlib: &Stdlib, name: &str, arg: ExprId) -> ExprKind {
    let vector = matches!(f.exprs[arg].ty, Type::Vector(..));
    let full = if vector { format!("{name}V") } else { name.to_string() };
    let Some(i) = stdlib.find(&full) else { unreachable!("stdlib/substandard.slang declares `{full}`") };
    let mut arg_ty = f.exprs[arg].ty.clone();
    to_storage(&mut arg_ty);
    ExprKind::Intrinsic { id: IntrinsicId(i as u32), args: vec![arg], bound: vector.then(|| Box::new(arg_ty)) }
}

fn decoder(s: Scalar) -> &'static str {
    match s {
        Scalar::BF16 => "__bfloat16ToFloat",
        Scalar::E4M3 => "__floatE4M3ToFloat",
        _ => "__floatE5M2ToFloat",
    }
}

fn encoder(s: Scalar) -> &'static str {
    match s {
        Scalar::BF16 => "__bfloat16FromFloat",
        Scalar::E4M3 => "__floatE4M3FromFloat",
        _ => "__floatE5M2FromFloat",
    }
}
