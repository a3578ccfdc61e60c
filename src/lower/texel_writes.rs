//! Writes to some components of a storage texture's or typed buffer's texel
//! (`img[px].rgb += c`): GLSL's `imageStore`, WGSL's `textureStore`, Metal's `write` and the
//! like store whole texels only, so the assignment becomes one of the whole texel, read, with
//! the named components replaced.
//! The coordinate and the value are evaluated more than once, so a write that is a statement
//! of its own and whose coordinate or value has side effects (`img[c].xy = next()`) first
//! reads each into a local declared just before it; writes inside larger expressions with such
//! effects are left to the backend. A scalar
//! texel's `.x` is the whole texel, so `tex[c].x op= v` becomes `tex[c] op= v` whatever
//! `c` and `v` do.

use crate::ir::{Block, Expr, ExprId, ExprKind, Function, Local, Module, Stmt, Type};
use std::borrow::Cow;

/// Whether `module` has a write to some components of a storage texel.
fn has_texel_swizzle_writes(module: &Module) -> bool {
    module.functions.iter().any(|(_, f)| {
        f.exprs.iter().any(|(_, e)| match &e.kind {
            ExprKind::Assign { target, .. } => match &f.exprs[*target].kind {
                ExprKind::Swizzle { base, .. } => f.storage_texel(*base).is_some(),
                _ => false,
            },
            _ => false,
        })
    })
}

/// Rewrites every `tex[c].xy op= v` whose coordinate is pure into `tex[c] = t` (module docs).
/// A module with none is not copied.
pub fn texel_writes(module: &mut Cow<'_, Module>) {
    if !has_texel_swizzle_writes(module) {
        return;
    }
    for (_, f) in module.to_mut().functions.iter_mut() {
        let mut body = std::mem::take(&mut f.body);
        let hoisted = hoist_effects(f, &mut body);
        f.body = body;
        if hoisted {
            f.uses = f.gather_uses();
        }
        let sites: Vec<ExprId> = f
            .live_expr_iter()
            .filter(|(_, e)| match &e.kind {
                ExprKind::Assign { target, value, .. } => {
                    matches!(&f.exprs[*target].kind, ExprKind::Swizzle { base, components }
                        if f.storage_texel(*base).is_some()
                            && (scalar_whole(f, *base, components) || (f.is_pure(*base) && f.is_pure(*value))))
                }
                _ => false,
            })
            .map(|(id, _)| id)
            .collect();
        for site in &sites {
            rewrite(f, *site);
        }
        if !sites.is_empty() {
            f.uses = f.gather_uses();
        }
    }
}

/// A texel swizzle write, `tex[c].xy op= v`: its texel `tex[c]`, coordinate `c` and value `v`.
fn swizzle_write(f: &Function, site: ExprId) -> Option<(ExprId, ExprId, ExprId)> {
    let ExprKind::Assign { target, value, .. } = &f.exprs[site].kind else { return None };
    let ExprKind::Swizzle { base, components } = &f.exprs[*target].kind else { return None };
    let (_, index) = f.storage_texel(*base)?;
    (!scalar_whole(f, *base, components)).then_some((*base, index, *value))
}

/// Each statement `tex[c].xy op= v` of `block` (and the blocks in it) whose `c` or `v` has
/// effects becomes `{ c0 = c; v0 = v; tex[c0].xy op= v0; }`, evaluated in that order, once.
/// Whether any did.
fn hoist_effects(f: &mut Function, block: &mut Block) -> bool {
    let mut changed = false;
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Expr(site) => {
                let site = *site;
                let Some((texel, index, value)) = swizzle_write(f, site) else { continue };
                if f.is_pure(index) && f.is_pure(value) {
                    continue;
                }
                let span = f.exprs[site].span;
                let mut stmts = Vec::new();
                let mut held = |f: &mut Function, e: ExprId, name: &str| {
                    let ty = f.exprs[e].ty.clone();
                    let local = f.locals.append(Local::new(name, ty.clone(), span));
                    stmts.push(Stmt::Local { local, init: Some(e) });
                    f.exprs.append(Expr { kind: ExprKind::Local(local), ty, span })
                };
                let c = held(f, index, "texel_coord");
                let v = held(f, value, "texel_value");
                let ExprKind::Index { base: tex, .. } = f.exprs[texel].kind else { continue };
                f.exprs[texel].kind = ExprKind::Index { base: tex, index: c };
                if let ExprKind::Assign { value, .. } = &mut f.exprs[site].kind {
                    *value = v;
                }
                stmts.push(Stmt::Expr(site));
                *stmt = Stmt::Block(Block { stmts });
                changed = true;
            }
            Stmt::Block(b) => changed |= hoist_effects(f, b),
            Stmt::If { then, els, .. } => {
                changed |= hoist_effects(f, then);
                if let Some(e) = els {
                    changed |= hoist_effects(f, e);
                }
            }
            Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => {
                changed |= hoist_effects(f, body)
            }
            Stmt::Switch { cases, .. } => {
                for case in cases {
                    changed |= hoist_effects(f, &mut case.body);
                }
            }
            Stmt::Local { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Discard => {}
        }
    }
    changed
}

/// `tex[c].x` of a scalar texel (`RWTexture2D<float>`): the whole texel, written in place with
/// nothing read or evaluated twice.
fn scalar_whole(f: &Function, texel: ExprId, components: &[u8]) -> bool {
    matches!(f.exprs[texel].ty, Type::Scalar(_)) && components == [0]
}

fn rewrite(f: &mut Function, site: ExprId) {
    let ExprKind::Assign { op, target, value } = f.exprs[site].kind.clone() else { return };
    let ExprKind::Swizzle { base: texel, components } = f.exprs[target].kind.clone() else { return };
    if scalar_whole(f, texel, &components) {
        // A compound write reads the texel first where the coordinate can be read twice, as
        // targets that store whole texels only (Metal) need.
        let value = match (op, f.storage_texel(texel)) {
            (Some(op), Some((tex, index))) if f.is_pure(index) => {
                let ty = f.exprs[texel].ty.clone();
                let span = f.exprs[site].span;
                let old = f.exprs.append(Expr { kind: ExprKind::Index { base: tex, index }, ty: ty.clone(), span });
                let v = f.exprs.append(Expr { kind: ExprKind::Binary(op, old, value), ty, span });
                f.exprs[site].kind = ExprKind::Assign { op: None, target: texel, value: v };
                return;
            }
            _ => value,
        };
        f.exprs[site].kind = ExprKind::Assign { op, target: texel, value };
        return;
    }
    let texel_ty = f.exprs[texel].ty.clone();
    let Type::Vector(s, n) = texel_ty else { return };
    let span = f.exprs[site].span;
    let add = |f: &mut Function, kind: ExprKind, ty: Type| f.exprs.append(Expr { kind, ty, span });
    // The texel as it is: a read of the same place (its coordinate is pure).
    let ExprKind::Index { base: tex, index } = f.exprs[texel].kind.clone() else { return };
    let old = add(f, ExprKind::Index { base: tex, index }, texel_ty.clone());
    let scalar = Type::Scalar(s);
    let parts: Vec<ExprId> = (0..n)
        .map(|k| {
            let kept = add(f, ExprKind::Swizzle { base: old, components: vec![k] }, scalar.clone());
            let Some(j) = components.iter().position(|&c| c == k) else { return kept };
            let given = match &f.exprs[value].ty {
                Type::Vector(..) => {
                    add(f, ExprKind::Swizzle { base: value, components: vec![j as u8] }, scalar.clone())
                }
                _ => value,
            };
            match op {
                Some(op) => add(f, ExprKind::Binary(op, kept, given), scalar.clone()),
                None => given,
            }
        })
        .collect();
    let whole = add(f, ExprKind::Construct(parts), texel_ty);
    f.exprs[site].kind = ExprKind::Assign { op: None, target: texel, value: whole };
}
