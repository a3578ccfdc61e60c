//! Slang's `__target_switch` for one target: sema made it an `if` chain over `__target_is(t)`
//! (or-ed per case); here each such condition is folded for the target compiled for and the
//! chain is replaced by the branch that runs, so nothing of the other targets' cases (their
//! `spirv_asm`, their intrinsics) reaches this target's passes and backend. A function with a
//! result and no `default` reaches sema's `__target_missing()` marker on the targets without a
//! case: [`refuse_missing`] refuses such a target where the entry point calls the function.

use crate::diag::Diagnostic;
use crate::ir::*;
use crate::stdlib::Stdlib;

/// Which case of each `__target_switch` is compiled.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A target's own cases (else the `default`).
    Target(SwitchTarget),
    /// The CPU engine's, which answers as a Vulkan device would: a switch's `spirv` case,
    /// unless that case holds inline SPIR-V, which the engine cannot run; then its `cpp` case.
    /// Each switch chooses for itself.
    CpuEngine,
}

/// `module` with every target test folded for `target`, or `None` when it has none.
pub fn select(module: &Module, target: SwitchTarget, stdlib: &Stdlib) -> Option<Module> {
    select_for(module, Choice::Target(target), stdlib)
}

/// `module` with every target test folded as `choice` says, or `None` when it has none.
pub fn select_for(module: &Module, choice: Choice, stdlib: &Stdlib) -> Option<Module> {
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
        fold(f, &mut body, choice, marker);
        f.body.stmts = body;
        f.uses = f.gather_uses();
    }
    Some(module)
}

/// E0538 where the entry point reaches a `__target_switch` with no case for `target` (the
/// marker of a missing `default` survived [`select`]); `what` names the target.
pub fn refuse_missing(module: &Module, entry: usize, what: &str, stdlib: &Stdlib) -> Result<(), Vec<Diagnostic>> {
    let Some(marker) = stdlib.find("__target_missing").map(|i| IntrinsicId(i as u32)) else { return Ok(()) };
    let Some(ep) = module.entry_points.get(entry) else { return Ok(()) };
    let reachable = module.reachable_functions(ep.function);
    let errors: Vec<Diagnostic> = module
        .functions
        .iter()
        .filter(|(h, _)| reachable[h.index()])
        .flat_map(|(_, f)| f.live_expr_iter().filter(|(_, e)| is_test(e, marker)).map(|(_, e)| e.span))
        .map(|span| {
            Diagnostic::error("E0538", format!("this `__target_switch` has no case for {what} and no `default`"))
                .with_label(span, "the function must return a value here")
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
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

/// The branch of the chain of target tests that `chain` starts which `target` runs (the
/// `else` of one test holds the next).
fn taken_branch(f: &Function, chain: Stmt, target: SwitchTarget, marker: IntrinsicId) -> Block {
    let Stmt::If { cond, then, els, hint } = chain else { return Block { stmts: vec![chain] } };
    match decide(f, cond, target, marker) {
        Some(true) => then,
        Some(false) => match els {
            Some(Block { mut stmts }) if stmts.len() == 1 && matches!(stmts[0], Stmt::If { .. }) => {
                taken_branch(f, stmts.pop().expect("one statement"), target, marker)
            }
            els => els.unwrap_or_default(),
        },
        None => Block { stmts: vec![Stmt::If { cond, then, els, hint }] },
    }
}

/// The target whose case the CPU engine runs of the chain `chain` starts: `spirv`'s, unless
/// that case holds inline SPIR-V (or there is none: then `cpp`'s, else the `default`).
fn engine_target(f: &Function, chain: &Stmt, marker: IntrinsicId) -> SwitchTarget {
    let mut at = chain;
    while let Stmt::If { cond, then, els, .. } = at {
        if decide(f, *cond, SwitchTarget::Spirv, marker) == Some(true) {
            let live = f.live_exprs_within(Some(then));
            let inline_spirv = f.exprs.iter().any(|(h, e)| live[h.index()] && matches!(e.kind, ExprKind::SpirvAsm(_)));
            return if inline_spirv { SwitchTarget::Cpp } else { SwitchTarget::Spirv };
        }
        match els.as_ref().map(|b| &b.stmts[..]) {
            Some([next]) => at = next,
            _ => break,
        }
    }
    SwitchTarget::Cpp
}

/// Folds the target tests in `stmts`. A block that declares nothing joins the list around it,
/// so the chain leaves no nest of braces behind.
fn fold(f: &Function, stmts: &mut Vec<Stmt>, choice: Choice, marker: IntrinsicId) {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in std::mem::take(stmts) {
        if let Stmt::If { cond, .. } = &s {
            let target = match choice {
                Choice::Target(t) => Some(t),
                Choice::CpuEngine => {
                    decide(f, *cond, SwitchTarget::Spirv, marker).map(|_| engine_target(f, &s, marker))
                }
            };
            if let Some(target) = target {
                s = Stmt::Block(taken_branch(f, s, target, marker));
            }
        }
        match &mut s {
            Stmt::Block(b) => fold(f, &mut b.stmts, choice, marker),
            Stmt::If { then, els, .. } => {
                fold(f, &mut then.stmts, choice, marker);
                if let Some(e) = els {
                    fold(f, &mut e.stmts, choice, marker);
                }
            }
            Stmt::For { init, body, .. } => {
                fold(f, init, choice, marker);
                fold(f, &mut body.stmts, choice, marker);
            }
            Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => fold(f, &mut body.stmts, choice, marker),
            Stmt::Switch { cases, .. } => {
                for c in cases.iter_mut() {
                    fold(f, &mut c.body.stmts, choice, marker);
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
