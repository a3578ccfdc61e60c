//! Typed buffers (`Buffer<T>`, `RWBuffer<T>`) as byte-address buffers, for targets without
//! texel buffers (WGSL): texel `i` is the bytes `i * size .. (i + 1) * size` of a storage
//! buffer the host fills with the same texels it would give a texel buffer. Formats of 32-bit
//! channels only (`r32f`, `rg32ui`, `rgba32i`…, and what `T` implies without
//! `[[vk::image_format]]`: a `float3` is three floats), whose texels are words the shader reads
//! as they are; other formats stay typed buffers, which such a target refuses.
//!
//! - `buf[i]` and `buf.Load(i)` read the texel at byte `i * size`; `buf[i] = v` writes it.
//! - `buf[i] op= v` and `++buf[i]` read and write it, when `i` has no effects to repeat.
//! - `buf.GetDimensions(n)` is the buffer's bytes over the texel size.
//!
//! Atomics on a texel stay as they are (the target refuses them).

use crate::ir::{
    BinaryOp, ConstValue, Expr, ExprId, ExprKind, Function, GlobalId, IncDec, Module, ResourceKind, ResourceMethod,
    Scalar, Stmt, Type,
};
use crate::span::Span;
use std::borrow::Cow;
use std::collections::HashMap;

/// The texel size in bytes of typed buffer `g`, when its format has 32-bit channels.
fn texel_bytes(m: &Module, g: GlobalId) -> Option<u32> {
    let global = &m.globals[g];
    let Type::Resource(ResourceKind::Buffer | ResourceKind::RWBuffer, Some(elem)) = &global.ty else { return None };
    let s = elem.scalar()?;
    if !matches!(s, Scalar::F32 | Scalar::I32 | Scalar::U32) {
        return None;
    }
    let components = u32::from(elem.vector_size().unwrap_or(1));
    match global.image_format {
        Some(f) if f.uniform_bits() == Some(32) && u32::from(f.channels()) >= components => {
            Some(4 * u32::from(f.channels()))
        }
        Some(_) => None,
        None => Some(4 * components),
    }
}

/// Rewrites every typed buffer of 32-bit channels in `module` into a byte-address buffer.
pub fn typed_buffer_words(module: &mut Cow<Module>) {
    let sizes: HashMap<GlobalId, u32> =
        module.globals.iter().filter_map(|(h, _)| texel_bytes(module, h).map(|n| (h, n))).collect();
    if sizes.is_empty() {
        return;
    }
    let m = module.to_mut();
    for &h in sizes.keys() {
        let g = &mut m.globals[h];
        let kind = match g.ty {
            Type::Resource(ResourceKind::RWBuffer, _) => ResourceKind::RWByteAddressBuffer,
            _ => ResourceKind::ByteAddressBuffer,
        };
        g.ty = Type::Resource(kind, None);
        g.image_format = None;
    }
    for (_, f) in m.functions.iter_mut() {
        for (_, e) in f.exprs.iter_mut() {
            if let ExprKind::Global(g) = e.kind {
                if sizes.contains_key(&g) {
                    e.ty = m.globals[g].ty.clone();
                }
            }
        }
        if rewrite(f, &sizes) {
            f.uses = f.gather_uses();
        }
    }
}

/// The typed buffer `e` names, with its texel size.
fn buffer_of(f: &Function, e: ExprId, sizes: &HashMap<GlobalId, u32>) -> Option<u32> {
    match f.exprs[e].kind {
        ExprKind::Global(g) => sizes.get(&g).copied(),
        _ => None,
    }
}

fn add(f: &mut Function, kind: ExprKind, ty: Type, span: Span) -> ExprId {
    f.exprs.append(Expr { kind, ty, span })
}

/// `index * size` as a `uint` byte address.
fn address(f: &mut Function, index: ExprId, size: u32, span: Span) -> ExprId {
    let index =
        if f.exprs[index].ty == Type::UINT { index } else { add(f, ExprKind::Convert(index), Type::UINT, span) };
    let size = add(f, ExprKind::Const(ConstValue::Uint(u64::from(size))), Type::UINT, span);
    add(f, ExprKind::Binary(BinaryOp::Mul, index, size), Type::UINT, span)
}

/// A second expression computing what `e` does, when evaluating it twice is harmless.
fn repeat(f: &mut Function, e: ExprId) -> Option<ExprId> {
    let x = f.exprs[e].clone();
    let kind = match x.kind {
        ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Global(_) => x.kind,
        ExprKind::Unary(op, a) => ExprKind::Unary(op, repeat(f, a)?),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(op, repeat(f, a)?, repeat(f, b)?),
        ExprKind::Convert(a) => ExprKind::Convert(repeat(f, a)?),
        ExprKind::Swizzle { base, components } => ExprKind::Swizzle { base: repeat(f, base)?, components },
        ExprKind::Field { base, index } => ExprKind::Field { base: repeat(f, base)?, index },
        ExprKind::Index { base, index } => ExprKind::Index { base: repeat(f, base)?, index: repeat(f, index)? },
        _ => return None,
    };
    Some(add(f, kind, x.ty, x.span))
}

fn load(f: &mut Function, buffer: ExprId, at: ExprId, ty: &Type, span: Span) -> ExprId {
    let n = ty.vector_size().unwrap_or(1);
    add(f, ExprKind::Method { object: buffer, method: ResourceMethod::Load(n), args: vec![at] }, ty.clone(), span)
}

fn store(f: &Function, buffer: ExprId, at: ExprId, value: ExprId) -> ExprKind {
    let n = f.exprs[value].ty.vector_size().unwrap_or(1);
    ExprKind::Method { object: buffer, method: ResourceMethod::Store(n), args: vec![at, value] }
}

/// The expressions whose value nothing reads: statements and `for` steps.
fn statements(f: &Function) -> Vec<bool> {
    let mut out = vec![false; f.exprs.len()];
    f.body.visit_stmts(&mut |s| match s {
        Stmt::Expr(e) | Stmt::For { step: Some(e), .. } => out[e.index()] = true,
        _ => {}
    });
    out
}

/// Rewrites `f`'s accesses of the buffers in `sizes`; whether it changed anything.
fn rewrite(f: &mut Function, sizes: &HashMap<GlobalId, u32>) -> bool {
    let live = f.live_exprs();
    let statement = statements(f);
    // The texels written: their `Index` is rewritten with the write.
    let mut written = vec![false; f.exprs.len()];
    for (_, e) in f.exprs.iter() {
        if let ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } = e.kind {
            written[target.index()] = true;
        }
    }
    let ids: Vec<ExprId> = f.exprs.iter().map(|(id, _)| id).collect();
    let mut changed = false;
    for id in ids {
        if !live[id.index()] {
            continue;
        }
        let e = f.exprs[id].clone();
        let span = e.span;
        let (kind, ty) = match e.kind {
            ExprKind::Index { base, index } if !written[id.index()] => {
                let Some(size) = buffer_of(f, base, sizes) else { continue };
                let at = address(f, index, size, span);
                let n = e.ty.vector_size().unwrap_or(1);
                (ExprKind::Method { object: base, method: ResourceMethod::Load(n), args: vec![at] }, e.ty)
            }
            ExprKind::Method { object, method: ResourceMethod::Load(n), ref args } if args.len() == 1 => {
                let Some(size) = buffer_of(f, object, sizes) else { continue };
                let at = address(f, args[0], size, span);
                (ExprKind::Method { object, method: ResourceMethod::Load(n), args: vec![at] }, e.ty)
            }
            ExprKind::Method { object, method: ResourceMethod::GetDimensions, ref args } if args.len() == 1 => {
                let Some(size) = buffer_of(f, object, sizes) else { continue };
                let Some(again) = repeat(f, args[0]) else { continue };
                let method = ExprKind::Method { object, method: ResourceMethod::GetDimensions, args: vec![args[0]] };
                let bytes = add(f, method, Type::Void, span);
                let ty = f.exprs[again].ty.clone();
                let size = add(f, ExprKind::Const(ConstValue::Uint(u64::from(size))), ty.clone(), span);
                let texels =
                    add(f, ExprKind::Assign { op: Some(BinaryOp::Div), target: again, value: size }, ty.clone(), span);
                (ExprKind::Comma(bytes, texels), ty)
            }
            // A write whose value is read (`a = buf[i] = v`) stays a typed buffer's.
            ExprKind::Assign { op, target, value } if statement[id.index()] => {
                let ExprKind::Index { base, index } = f.exprs[target].kind else { continue };
                let Some(size) = buffer_of(f, base, sizes) else { continue };
                let ty = f.exprs[target].ty.clone();
                let value = match op {
                    None => value,
                    Some(op) => {
                        let Some(index_again) = repeat(f, index) else { continue };
                        let at = address(f, index_again, size, span);
                        let old = load(f, base, at, &ty, span);
                        add(f, ExprKind::Binary(op, old, value), ty, span)
                    }
                };
                let at = address(f, index, size, span);
                (store(f, base, at, value), Type::Void)
            }
            ExprKind::IncDec { op, target } if statement[id.index()] => {
                let ExprKind::Index { base, index } = f.exprs[target].kind else { continue };
                let Some(size) = buffer_of(f, base, sizes) else { continue };
                let ty = f.exprs[target].ty.clone();
                let Some(index_again) = repeat(f, index) else { continue };
                let at = address(f, index_again, size, span);
                let old = load(f, base, at, &ty, span);
                let one = add(f, ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
                let one = add(f, ExprKind::Convert(one), ty.clone(), span);
                let op = if matches!(op, IncDec::PreInc | IncDec::PostInc) { BinaryOp::Add } else { BinaryOp::Sub };
                let new = add(f, ExprKind::Binary(op, old, one), ty, span);
                let at = address(f, index, size, span);
                (store(f, base, at, new), Type::Void)
            }
            _ => continue,
        };
        f.exprs[id].kind = kind;
        f.exprs[id].ty = ty;
        changed = true;
    }
    changed
}
