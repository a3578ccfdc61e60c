//! Slang's zero-length arrays, `T a[0]` (typically `T a[hasT]` in a generic struct, where a
//! `bool` generic argument turns a member off): a type with no elements. Sema checks them as
//! written (`getCount()` is 0; an index into one, in code the argument turns off, is as
//! undefined as any out-of-range one). No target declares an array of no elements, so once
//! checked each becomes an array of one element that nothing reads: the one spelling every
//! backend and the CPU engine already have. That changes a layout, so a buffer, a constant
//! buffer or a push constant that holds one is an error instead.

use super::Checker;
use crate::arena::Arena;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;

/// `ty` with each array of no elements made an array of one.
fn widened(ty: &Type) -> Type {
    match ty {
        Type::Array(e, Some(0)) => Type::Array(Box::new(widened(e)), Some(1)),
        Type::Array(e, n) => Type::Array(Box::new(widened(e)), *n),
        Type::Resource(k, Some(e)) => Type::Resource(*k, Some(Box::new(widened(e)))),
        Type::Pointer(e) => Type::Pointer(Box::new(widened(e))),
        t => t.clone(),
    }
}

/// Whether `ty` holds an array of no elements (through arrays, structs, buffer elements).
fn has_empty(ty: &Type, structs: &Arena<StructDef>, seen: &mut Vec<StructId>) -> bool {
    match ty {
        Type::Array(_, Some(0)) => true,
        Type::Array(e, _) | Type::Resource(_, Some(e)) => has_empty(e, structs, seen),
        Type::Struct(h) if !seen.contains(h) => {
            seen.push(*h);
            structs[*h].fields.iter().any(|f| has_empty(&f.ty, structs, seen))
        }
        _ => false,
    }
}

/// The zero of `ty` (old types: an empty array has no parts), if it is plain data.
pub(super) fn zero_const(ty: &Type, structs: &Arena<StructDef>) -> Option<ConstValue> {
    let scalar = |s: Scalar| match s {
        Scalar::Bool => ConstValue::Bool(false),
        s if s.is_float() => ConstValue::Float(0.0),
        s if s.is_unsigned_int() => ConstValue::Uint(0),
        _ => ConstValue::Int(0),
    };
    Some(match ty {
        Type::Scalar(s) => scalar(*s),
        Type::Vector(s, n) => ConstValue::Composite(vec![scalar(*s); usize::from(*n)]),
        Type::Matrix(s, r, c) => ConstValue::Composite(vec![scalar(*s); usize::from(*r) * usize::from(*c)]),
        Type::Array(e, Some(n)) => {
            let z = zero_const(e, structs)?;
            ConstValue::Composite(vec![z; *n as usize])
        }
        Type::Struct(h) => {
            ConstValue::Composite(structs[*h].fields.iter().map(|f| zero_const(&f.ty, structs)).collect::<Option<_>>()?)
        }
        _ => return None,
    })
}

/// A constant of old type `ty` with each empty array given its one (zero) element.
fn widen_const(v: &mut ConstValue, ty: &Type, structs: &Arena<StructDef>) {
    let ConstValue::Composite(parts) = v else { return };
    match ty {
        Type::Array(e, Some(0)) => {
            if let Some(z) = zero_const(e, structs) {
                let mut z = z;
                widen_const(&mut z, e, structs);
                *parts = vec![z];
            }
        }
        Type::Array(e, _) => parts.iter_mut().for_each(|p| widen_const(p, e, structs)),
        Type::Struct(h) => {
            for (p, f) in parts.iter_mut().zip(&structs[*h].fields) {
                widen_const(p, &f.ty, structs);
            }
        }
        _ => {}
    }
}

impl Checker {
    /// Gives every array of no elements its one unread element (see the module's note).
    pub(super) fn widen_empty_arrays(&mut self) {
        let structs = &self.module.structs;
        let mut any = structs.iter().any(|(_, s)| s.fields.iter().any(|f| has_empty(&f.ty, structs, &mut Vec::new())))
            || self.module.globals.iter().any(|(_, g)| has_empty(&g.ty, structs, &mut Vec::new()));
        any = any
            || self.module.functions.iter().any(|(_, f)| {
                f.locals.iter().any(|(_, l)| has_empty(&l.ty, structs, &mut Vec::new()))
                    || f.exprs.iter().any(|(_, e)| has_empty(&e.ty, structs, &mut Vec::new()))
            });
        if !any {
            return;
        }
        let mut errors: Vec<(String, Span)> = Vec::new();
        for (_, g) in self.module.globals.iter() {
            let shared =
                matches!(g.space, AddressSpace::Resource | AddressSpace::Uniform { .. } | AddressSpace::PushConstant);
            if shared && has_empty(&g.ty, structs, &mut Vec::new()) {
                errors.push((g.name.clone(), g.span));
            }
        }
        for (name, span) in errors {
            let d = Diagnostic::error("E0404", format!("`{name}` holds an array of no elements, which has no buffer layout"))
                .with_label(span, "shared with the host")
                .with_note("a zero-length array can be a member of what a shader keeps to itself (locals, `static`s, `groupshared`)");
            self.push(d);
        }
        // Constants first, while the struct fields still have their old types.
        let old_structs = self.module.structs.clone();
        for (_, g) in self.module.globals.iter_mut() {
            if let Some(v) = g.init.as_mut() {
                widen_const(v, &g.ty, &old_structs);
            }
            g.ty = widened(&g.ty);
        }
        for (_, f) in self.module.functions.iter_mut() {
            f.ret = widened(&f.ret);
            for (_, l) in f.locals.iter_mut() {
                l.ty = widened(&l.ty);
            }
            let ids: Vec<ExprId> = f.exprs.iter().map(|(h, _)| h).collect();
            for id in ids {
                let old = f.exprs[id].ty.clone();
                let span = f.exprs[id].span;
                match &mut f.exprs[id].kind {
                    ExprKind::Const(v) => widen_const(v, &old, &old_structs),
                    ExprKind::Intrinsic { bound: Some(b), .. } => **b = widened(b),
                    _ => {}
                }
                // An empty array's value (`{}`, a default) gains its one element.
                if let (Type::Array(e, Some(0)), ExprKind::Construct(parts)) = (&old, &f.exprs[id].kind) {
                    if parts.is_empty() {
                        if let Some(mut z) = zero_const(e, &old_structs) {
                            widen_const(&mut z, e, &old_structs);
                            let part = f.exprs.append(Expr { kind: ExprKind::Const(z), ty: widened(e), span });
                            f.exprs[id].kind = ExprKind::Construct(vec![part]);
                        }
                    }
                }
                f.exprs[id].ty = widened(&old);
            }
        }
        for (_, s) in self.module.structs.iter_mut() {
            for field in &mut s.fields {
                field.ty = widened(&field.ty);
            }
        }
    }
}
