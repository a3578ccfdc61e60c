//! Matrices of one row or one column (`float1x3`, `float3x1`, `float1x1`) become the vector or
//! scalar they hold, for every target but HLSL (which has them): SPIR-V has no matrix of one
//! column nor a vector of one component, and GLSL, WGSL and Metal no matrix type of that shape.
//! DXC's SPIR-V does the same (`1xN` and `Nx1` are `vN`, `1x1` the scalar), and its memory
//! layouts place them as those vectors ([`crate::layout`]), so a buffer's bytes do not change.
//! The one layout that stores such a matrix as rows of 16 bytes, D3D's cbuffer packing
//! (`--layout dx`), is refused.
//!
//! Types change everywhere (declarations, expressions, generic arguments, constants), and
//! the operations that see the matrix shape are rewritten:
//! - `m[i]` of a `1xN` or `1x1` matrix is the matrix itself (the only row); of an `Nx1` one it
//!   is already the vector's component (sema reads a row of one as its element);
//! - a constructor of a `1x1` matrix is its one value, converted;
//! - a conversion from a larger matrix (a truncation) reads its elements;
//! - `transpose` of such a matrix is the same vector.
//!
//! The pass runs before [`super::lower_intrinsics`], so that a native form is chosen for the
//! shape the target sees, and again after it, for the stdlib bodies it brought in.

use crate::diag::Diagnostic;
use crate::ir::*;
use crate::stdlib::Stdlib;
use std::borrow::Cow;

/// The vector or scalar a degenerate matrix type becomes (`None`: `ty` holds none).
fn flat(ty: &Type) -> Option<Type> {
    Some(match ty {
        // A row of an `Nx1` matrix, where a pass spelled it as a vector of one.
        Type::Matrix(s, 1, 1) | Type::Vector(s, 1) => Type::Scalar(*s),
        Type::Matrix(s, 1, n) | Type::Matrix(s, n, 1) => Type::Vector(*s, *n),
        Type::Array(e, n) => Type::Array(Box::new(flat(e)?), *n),
        Type::Resource(k, Some(e)) => Type::Resource(*k, Some(Box::new(flat(e)?))),
        Type::Pointer(e) => Type::Pointer(Box::new(flat(e)?)),
        _ => return None,
    })
}

fn degenerate(ty: &Type) -> bool {
    matches!(ty, Type::Matrix(_, r, c) if *r == 1 || *c == 1) || matches!(ty, Type::Vector(_, 1))
}

/// Rewrites `ty` in place.
fn retype(ty: &mut Type) {
    if let Some(t) = flat(ty) {
        *ty = t;
    }
}

/// The scalars of a constant, in order (a matrix constant is its rows).
fn leaves(c: &ConstValue, out: &mut Vec<ConstValue>) {
    match c {
        ConstValue::Composite(parts) => parts.iter().for_each(|p| leaves(p, out)),
        other => out.push(other.clone()),
    }
}

fn flat_const(c: &ConstValue, to: &Type) -> ConstValue {
    let mut all = Vec::new();
    leaves(c, &mut all);
    match to {
        Type::Scalar(_) if all.len() == 1 => all.pop().unwrap_or(ConstValue::Int(0)),
        Type::Vector(..) => ConstValue::Composite(all),
        _ => c.clone(),
    }
}

/// Rewrites a constant of type `ty` (before the pass) to its new form.
fn const_of(c: &ConstValue, ty: &Type) -> ConstValue {
    match (ty, c) {
        _ if degenerate(ty) => flat_const(c, &flat(ty).unwrap_or(Type::Error)),
        (Type::Array(e, _), ConstValue::Composite(parts)) => {
            ConstValue::Composite(parts.iter().map(|p| const_of(p, e)).collect())
        }
        _ => c.clone(),
    }
}

fn holds_degenerate(m: &Module, ty: &Type, seen: &mut Vec<StructId>) -> bool {
    match ty {
        Type::Matrix(..) | Type::Vector(..) => degenerate(ty),
        Type::Array(e, _) | Type::Pointer(e) | Type::Resource(_, Some(e)) => holds_degenerate(m, e, seen),
        Type::Struct(h) if !seen.contains(h) => {
            seen.push(*h);
            m.structs[*h].fields.iter().any(|f| holds_degenerate(m, &f.ty, seen))
        }
        _ => false,
    }
}

fn uses_degenerate(m: &Module) -> bool {
    m.structs.iter().any(|(_, s)| s.fields.iter().any(|f| holds_degenerate(m, &f.ty, &mut Vec::new())))
        || m.globals.iter().any(|(_, g)| holds_degenerate(m, &g.ty, &mut Vec::new()))
        || m.functions.iter().any(|(_, f)| {
            holds_degenerate(m, &f.ret, &mut Vec::new())
                || f.locals.iter().any(|(_, l)| holds_degenerate(m, &l.ty, &mut Vec::new()))
                || f.exprs.iter().any(|(_, e)| {
                    holds_degenerate(m, &e.ty, &mut Vec::new())
                        || matches!(&e.kind, ExprKind::Intrinsic { bound: Some(b), .. } if holds_degenerate(m, b, &mut Vec::new()))
                })
        })
}

/// D3D's cbuffer packing stores a `1xN` column-major (or `Nx1` row-major) matrix as N rows of
/// 16 bytes, which no vector is: such a member is refused under `--layout dx`.
fn refuse_d3d_rows(m: &Module) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    if m.layout != crate::layout::LayoutMode::Dx {
        return errors;
    }
    let rows = |ty: &Type, majorness: Majorness| {
        let mut t = ty;
        while let Type::Array(e, _) = t {
            t = e;
        }
        match t {
            Type::Matrix(s, r, c) if degenerate(t) => {
                crate::layout::matrix(*s, *r, *c, majorness, crate::layout::Rule::D3dCbuffer).is_some()
            }
            _ => false,
        }
    };
    let say = |span, ty: &Type| {
        Diagnostic::error(
            "E0680",
            format!(
                "a `{}` in a constant buffer under `--layout dx` is stored as rows of 16 bytes, which this target's vector cannot be",
                m.type_name(ty)
            ),
        )
        .with_label(span, "declared here")
        .with_note("the default and `gl` layouts store it as a vector; or declare a `1xN` matrix `row_major` (an `Nx1` one `column_major`): one row")
    };
    // The structs a constant buffer holds, at any depth.
    fn structs_in(m: &Module, ty: &Type, out: &mut Vec<StructId>) {
        match ty {
            Type::Array(e, _) | Type::Resource(_, Some(e)) => structs_in(m, e, out),
            Type::Struct(h) if !out.contains(h) => {
                out.push(*h);
                m.structs[*h].fields.iter().for_each(|f| structs_in(m, &f.ty, out));
            }
            _ => {}
        }
    }
    let mut structs = Vec::new();
    for (_, g) in m.globals.iter() {
        let uniform = matches!(g.space, AddressSpace::Uniform { .. } | AddressSpace::PushConstant)
            || matches!(g.ty, Type::Resource(ResourceKind::ConstantBuffer, _));
        if uniform {
            if rows(&g.ty, g.majorness) {
                errors.push(say(g.span, &g.ty));
            }
            structs_in(m, &g.ty, &mut structs);
        }
    }
    for h in structs {
        for f in &m.structs[h].fields {
            if rows(&f.ty, f.majorness) {
                errors.push(say(f.span, &f.ty));
            }
        }
    }
    errors
}

/// Rewrites every degenerate matrix of `module` (module docs); the module is copied only when
/// it holds one.
pub fn degenerate_matrices<'m>(module: Cow<'m, Module>, stdlib: &Stdlib) -> Result<Cow<'m, Module>, Vec<Diagnostic>> {
    if !uses_degenerate(&module) {
        return Ok(module);
    }
    let errors = refuse_d3d_rows(&module);
    if !errors.is_empty() {
        return Err(errors);
    }
    let transpose = stdlib.find("transpose").map(|t| IntrinsicId(t as u32));
    let mut module = module.into_owned();
    for (_, s) in module.structs.iter_mut() {
        for f in &mut s.fields {
            retype(&mut f.ty);
        }
    }
    for (_, g) in module.globals.iter_mut() {
        if let Some(init) = &g.init {
            g.init = Some(const_of(init, &g.ty));
        }
        retype(&mut g.ty);
    }
    let ids: Vec<FunctionId> = module.functions.iter().map(|(h, _)| h).collect();
    for h in ids {
        let f = &mut module.functions[h];
        rewrite(f, transpose);
        f.uses = f.gather_uses();
    }
    // Overloads told apart by a matrix and its vector (`f(float1x3)`, `f(float3)`, or the
    // stdlib's `mul`s, whose instances share a name) would now have one signature.
    let mut seen: Vec<(String, Vec<Type>)> = Vec::new();
    for (_, f) in module.functions.iter_mut() {
        let signature = |f: &Function, name: &str| {
            (name.to_string(), f.params.iter().map(|&p| f.locals[p].ty.clone()).collect::<Vec<_>>())
        };
        let mut name = f.name.clone();
        let mut k = 1;
        while seen.contains(&signature(f, &name)) {
            name = format!("{}_{k}", f.name);
            k += 1;
        }
        seen.push(signature(f, &name));
        f.name = name;
    }
    Ok(Cow::Owned(module))
}

fn rewrite(f: &mut Function, transpose: Option<IntrinsicId>) {
    retype(&mut f.ret);
    for (_, l) in f.locals.iter_mut() {
        retype(&mut l.ty);
    }
    // The types before the pass decide which operations see a matrix shape.
    let before: Vec<Type> = f.exprs.iter().map(|(_, e)| e.ty.clone()).collect();
    let ids: Vec<ExprId> = f.exprs.iter().map(|(h, _)| h).collect();
    let was = |e: ExprId| &before[e.index()];
    for &e in &ids {
        let span = f.exprs[e].span;
        let ty = was(e).clone();
        let kind = f.exprs[e].kind.clone();
        let new_kind = match kind {
            ExprKind::Const(c) if flat(&ty).is_some() => Some(ExprKind::Const(const_of(&c, &ty))),
            // The one row of a `1xN` (or `1x1`) matrix is the matrix.
            ExprKind::Index { base, index } if matches!(was(base), Type::Matrix(_, 1, _)) => {
                Some(forward(f, base, Some(index)))
            }
            // A vector of one read as one: the scalar itself.
            ExprKind::Index { base, index } if matches!(was(base), Type::Vector(_, 1)) => {
                Some(forward(f, base, Some(index)))
            }
            ExprKind::Swizzle { base, components } if matches!(was(base), Type::Vector(_, 1)) => {
                Some(if components.len() == 1 { forward(f, base, None) } else { ExprKind::Convert(base) })
            }
            ExprKind::Construct(parts)
                if matches!(ty, Type::Matrix(_, 1, 1) | Type::Vector(_, 1)) && parts.len() == 1 =>
            {
                let part = parts[0];
                let part_ty = flat(was(part)).unwrap_or_else(|| was(part).clone());
                Some(if ty.scalar().map(Type::Scalar) == Some(part_ty) {
                    forward(f, part, None)
                } else {
                    ExprKind::Convert(part)
                })
            }
            ExprKind::Convert(x) if degenerate(&ty) || degenerate(was(x)) => convert(f, x, was(x), &ty, span),
            ExprKind::Intrinsic { id, args, .. }
                if Some(id) == transpose && args.len() == 1 && degenerate(was(args[0])) =>
            {
                Some(forward(f, args[0], None))
            }
            ExprKind::Intrinsic { id, args, bound: Some(mut b) } => {
                retype(&mut b);
                Some(ExprKind::Intrinsic { id, args, bound: Some(b) })
            }
            ExprKind::SpirvAsm(mut block) => {
                for inst in &mut block.insts {
                    let result = inst.result.iter_mut().flat_map(|(r, t)| std::iter::once(r).chain(t.as_mut()));
                    for op in inst.operands.iter_mut().chain(result) {
                        if let AsmOperand::Type(t) = op {
                            retype(t);
                        }
                    }
                }
                Some(ExprKind::SpirvAsm(block))
            }
            _ => None,
        };
        if let Some(k) = new_kind {
            f.exprs[e].kind = k;
        }
        retype(&mut f.exprs[e].ty);
    }
}

/// The kind that evaluates as `x` does where `x` had one parent (which now takes its place):
/// `x`'s own kind, after `index` for its effects when it has any.
fn forward(f: &Function, x: ExprId, index: Option<ExprId>) -> ExprKind {
    match index {
        Some(i) if !f.is_pure(i) => ExprKind::Comma(i, x),
        _ => f.exprs[x].kind.clone(),
    }
}

/// A conversion into or out of a degenerate matrix, in the new types (`None`: it stays a
/// conversion the backends write, between scalars and vectors).
fn convert(f: &mut Function, x: ExprId, from: &Type, to: &Type, span: crate::span::Span) -> Option<ExprKind> {
    let new_from = flat(from).unwrap_or_else(|| from.clone());
    let new_to = flat(to).unwrap_or_else(|| to.clone());
    if new_from == new_to {
        return Some(f.exprs[x].kind.clone());
    }
    let Type::Matrix(s, _, c) = *from else {
        // A scalar or vector into a degenerate matrix: a splat, a truncation or an element
        // conversion of vectors, which every target writes.
        return None;
    };
    if degenerate(from) {
        return None;
    }
    // A larger matrix truncated to one row, one column or one element: its elements.
    let (rows, cols) = match to {
        Type::Matrix(_, r2, c2) => (*r2, *c2),
        _ => (1, 1),
    };
    // A column is read element by element: a source with effects is evaluated once, into a
    // temporary, first.
    let mut setup = None;
    let mut x = x;
    if rows > 1 && !f.is_pure(x) {
        let t = f.locals.append(Local::new(format!("wavec_truncated{}", f.locals.len()), from.clone(), span));
        f.body.stmts.insert(0, Stmt::Local { local: t, init: None });
        let target = f.exprs.append(Expr { kind: ExprKind::Local(t), ty: from.clone(), span });
        let assign = ExprKind::Assign { op: None, target, value: x };
        setup = Some(f.exprs.append(Expr { kind: assign, ty: from.clone(), span }));
        x = f.exprs.append(Expr { kind: ExprKind::Local(t), ty: from.clone(), span });
    }
    let mut elements = Vec::new();
    for i in 0..rows {
        let ri = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(i.into())), ty: Type::UINT, span });
        let row = f.exprs.append(Expr { kind: ExprKind::Index { base: x, index: ri }, ty: Type::Vector(s, c), span });
        for j in 0..cols {
            let ci = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(j.into())), ty: Type::UINT, span });
            let el = f.exprs.append(Expr { kind: ExprKind::Index { base: row, index: ci }, ty: Type::Scalar(s), span });
            elements.push(el);
        }
    }
    let elem = new_to.scalar().unwrap_or(s);
    let convert = |f: &mut Function, e: ExprId| {
        if elem == s {
            e
        } else {
            f.exprs.append(Expr { kind: ExprKind::Convert(e), ty: Type::Scalar(elem), span })
        }
    };
    let elements: Vec<ExprId> = elements.into_iter().map(|e| convert(f, e)).collect();
    let value = match elements.as_slice() {
        [one] => f.exprs[*one].kind.clone(),
        _ => ExprKind::Construct(elements),
    };
    Some(match setup {
        Some(setup) => {
            let value = f.exprs.append(Expr { kind: value, ty: new_to, span });
            ExprKind::Comma(setup, value)
        }
        None => value,
    })
}
