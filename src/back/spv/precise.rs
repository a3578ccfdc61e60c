//! `precise` in SPIR-V: HLSL marks a variable, SPIR-V marks instructions (`NoContraction`).
//!
//! Like DXC, the mark flows backwards from a `precise` local through everything that computes
//! the values stored in it, including other locals read on the way (which become precise in
//! turn), so `float t = a * b; precise float r = t + c;` keeps the multiply unfused too.
//! Arithmetic in called functions is not followed: the callee is shared by precise and
//! ordinary callers.

use crate::ir::{Block, ExprId, ExprKind, Function, LocalId, Stmt};

/// One flag per expression of `f`: whether its arithmetic must not be contracted. Empty when
/// the function has no precise local.
pub fn precise_exprs(f: &Function) -> Vec<bool> {
    let mut precise_locals: Vec<bool> = f.locals.iter().map(|(_, l)| l.precise).collect();
    if !precise_locals.contains(&true) {
        return Vec::new();
    }
    // Every place a local gets a value: its initializer, an assignment, an increment.
    let mut sources: Vec<(LocalId, ExprId)> = Vec::new();
    initializers(&f.body, &mut sources);
    for (e, x) in f.exprs.iter() {
        if let ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } = &x.kind {
            if let Some(l) = root_local(f, *target) {
                sources.push((l, e));
            }
        }
    }
    let mut marked = vec![false; f.exprs.len()];
    loop {
        let mut grew = false;
        for &(l, e) in &sources {
            if !precise_locals[l.index()] || marked[e.index()] {
                continue;
            }
            let mut stack = vec![e];
            while let Some(x) = stack.pop() {
                if std::mem::replace(&mut marked[x.index()], true) {
                    continue;
                }
                let kind = &f.exprs[x].kind;
                if let ExprKind::Local(read) = kind {
                    if !std::mem::replace(&mut precise_locals[read.index()], true) {
                        grew = true;
                    }
                }
                kind.for_each_child(|c| stack.push(c));
            }
        }
        if !grew {
            return marked;
        }
    }
}

fn initializers(b: &Block, out: &mut Vec<(LocalId, ExprId)>) {
    for s in &b.stmts {
        stmt_initializers(s, out);
    }
}

fn stmt_initializers(s: &Stmt, out: &mut Vec<(LocalId, ExprId)>) {
    match s {
        Stmt::Local { local, init: Some(e) } => out.push((*local, *e)),
        Stmt::Block(b) | Stmt::While { body: b, .. } | Stmt::DoWhile { body: b, .. } => initializers(b, out),
        Stmt::If { then, els, .. } => {
            initializers(then, out);
            if let Some(e) = els {
                initializers(e, out);
            }
        }
        Stmt::For { init, body, .. } => {
            init.iter().for_each(|s| stmt_initializers(s, out));
            initializers(body, out);
        }
        Stmt::Switch { cases, .. } => cases.iter().for_each(|c| initializers(&c.body, out)),
        _ => {}
    }
}

/// The local an assignment target writes into (through fields, elements and swizzles).
fn root_local(f: &Function, mut e: ExprId) -> Option<LocalId> {
    loop {
        match &f.exprs[e].kind {
            ExprKind::Local(l) => return Some(*l),
            ExprKind::Field { base, .. } | ExprKind::Index { base, .. } | ExprKind::Swizzle { base, .. } => e = *base,
            _ => return None,
        }
    }
}
