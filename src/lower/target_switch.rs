//! Slang's `__target_switch` for one target: sema made it an `if` chain over `__target_is(t)`
//! (or-ed per case); here each such condition is folded for the target compiled for and the
//! chain is replaced by the branch that runs, so nothing of the other targets' cases (their
//! `spirv_asm`, their intrinsics) reaches this target's passes and backend. (A function with a
//! result needs a `default` for the targets without a case: sema's E0506 says so.)

use crate::ir::*;
use crate::stdlib::Stdlib;

/// `module` with every target test folded for `target`, or `None` when it has none.
pub fn select(module: &Module, target: SwitchTarget, stdlib: &Stdlib) -> Option<Module> {
    let marker = IntrinsicId(stdlib.find("__target_is")? as u32);
    let tests = |f: &Function| f.live_expr_iter().any(|(_, e)| is_test(e, marker));
    if !module.functions.iter().any(|(_, f)| tests(f)) {
        return None;
    }
    let mut module = module.clone();
    for (_, f) in module.functions.iter_mut() {
        if !tests(f) {
            continue;
        }
        let mut body = std::mem::take(&mut f.body.stmts);
        fold(f, &mut body, target, marker);
        f.body.stmts = body;
        f.uses = f.gather_uses();
    }
    Some(module)
}

fn is_test(e: &Expr, marker: IntrinsicId) -> bool {
    matches!(e.kind, ExprKind::Intrinsic { id, .. } if id == marker)
}

/// The value of a condition sema built from target tests, `None` for any other condition.
fn decide(f: &Function, e: ExprId, target: SwitchTarget, marker: IntrinsicId) -> Option<bool> {
    match &f.exprs[e].kind {
        ExprKind::Intrinsic { id, args, .. } if *id == marker => match args.first().map(|a| &f.exprs[*a].kind) {
            Some(ExprKind::Const(ConstValue::Uint(code))) => Some(*code == target.code()),
            _ => None,
        },
        ExprKind::Binary(BinaryOp::LogicOr, a, b) => {
            Some(decide(f, *a, target, marker)? || decide(f, *b, target, marker)?)
        }
        _ => None,
    }
}

/// Folds the target tests in `stmts`. A block that declares nothing joins the list around it,
/// so the chain leaves no nest of braces behind.
fn fold(f: &Function, stmts: &mut Vec<Stmt>, target: SwitchTarget, marker: IntrinsicId) {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in std::mem::take(stmts) {
        if let Stmt::If { cond, then, els, .. } = &mut s {
            if let Some(runs) = decide(f, *cond, target, marker) {
                s = Stmt::Block(if runs { std::mem::take(then) } else { els.take().unwrap_or_default() });
            }
        }
        match &mut s {
            Stmt::Block(b) => fold(f, &mut b.stmts, target, marker),
            Stmt::If { then, els, .. } => {
                fold(f, &mut then.stmts, target, marker);
                if let Some(e) = els {
                    fold(f, &mut e.stmts, target, marker);
                }
            }
            Stmt::For { init, body, .. } => {
                fold(f, init, target, marker);
                fold(f, &mut body.stmts, target, marker);
            }
            Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => fold(f, &mut body.stmts, target, marker),
            Stmt::Switch { cases, .. } => {
                for c in cases.iter_mut() {
                    fold(f, &mut c.body.stmts, target, marker);
                }
            }
            _ => {}
        }
        match s {
            Stmt::Block(b) if !b.stmts.iter().any(|s| matches!(s, Stmt::Local { .. })) => out.extend(b.stmts),
            s => out.push(s),
        }
    }
    *stmts = out;
}
