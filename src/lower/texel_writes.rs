//! Writes to some components of a storage texture's or typed buffer's texel
//! (`img[px].rgb += c`): GLSL's `imageStore`, WGSL's `textureStore`, Metal's `write` and the
//! like store whole texels only, so the assignment becomes one of the whole texel, read, with
//! the named components replaced.
//! The coordinate and the value are evaluated more than once, so only writes whose coordinate
//! and value have no side effects are rewritten (the rest are left to the backend). A scalar
//! texel's `.x` is the whole texel, so `tex[c].x op= v` becomes `tex[c] op= v` whatever
//! `c` and `v` do.

use crate::ir::{Expr, ExprId, ExprKind, Function, Module, Type};
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

/// `tex[c].x` of a scalar texel (`RWTexture2D<float>`): the whole texel, written in place with
/// nothing read or evaluated twice.
fn scalar_whole(f: &Function, texel: ExprId, components: &[u8]) -> bool {
    matches!(f.exprs[texel].ty, Type::Scalar(_)) && components == [0]
}

fn rewrite(f: &mut Function, site: ExprId) {
    let ExprKind::Assign { op, target, value } = f.exprs[site].kind.clone() else { return };
    let ExprKind::Swizzle { base: texel, components } = f.exprs[target].kind.clone() else { return };
    if scalar_whole(f, texel, &components) {
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
