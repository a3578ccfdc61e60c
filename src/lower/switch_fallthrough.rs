//! C's fallthrough between `switch` cases, for targets whose cases never fall through (WGSL):
//! a case that reaches its end runs the next case's statements, so those statements (as they
//! are after this rewrite, themselves followed by the next ones where they fall) are copied into
//! a block after its own, and a `break` ends it. The other targets keep C's `switch`.

use crate::ir::flow::list_flow;
use crate::ir::{Block, Module, Stmt, SwitchCase};
use std::borrow::Cow;

/// Rewrites every `switch` with a case that falls into the next (module docs). A module with
/// none is not copied.
pub fn switch_fallthrough(module: &mut Cow<'_, Module>) {
    if !module.functions.iter().any(|(_, f)| any_falls(&f.body.stmts)) {
        return;
    }
    for (_, f) in module.to_mut().functions.iter_mut() {
        rewrite(&mut f.body.stmts);
    }
}

/// Whether case `i` reaches its end with a case after it that has statements: labels with no
/// statements of their own (`case 1: case 2:`) share the next body and are no fallthrough.
fn falls_into_next(cases: &[SwitchCase], i: usize) -> Option<usize> {
    let body = &cases[i].body.stmts;
    if body.is_empty() || !list_flow(body).falls {
        return None;
    }
    (i + 1..cases.len()).find(|&j| !cases[j].body.stmts.is_empty())
}

fn any_falls(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Switch { cases, .. } => {
            (0..cases.len()).any(|i| falls_into_next(cases, i).is_some())
                || cases.iter().any(|c| any_falls(&c.body.stmts))
        }
        Stmt::Block(b) => any_falls(&b.stmts),
        Stmt::If { then, els, .. } => any_falls(&then.stmts) || els.as_ref().is_some_and(|e| any_falls(&e.stmts)),
        Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => any_falls(&body.stmts),
        _ => false,
    })
}

fn rewrite(stmts: &mut [Stmt]) {
    for s in stmts {
        match s {
            Stmt::Block(b) => rewrite(&mut b.stmts),
            Stmt::If { then, els, .. } => {
                rewrite(&mut then.stmts);
                if let Some(e) = els {
                    rewrite(&mut e.stmts);
                }
            }
            Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => rewrite(&mut body.stmts),
            Stmt::Switch { cases, .. } => {
                for c in cases.iter_mut() {
                    rewrite(&mut c.body.stmts);
                }
                // From the last case back, so a copied body already holds what it falls into.
                for i in (0..cases.len()).rev() {
                    if let Some(next) = falls_into_next(cases, i) {
                        let following = cases[next].body.stmts.clone();
                        let body = &mut cases[i].body.stmts;
                        body.push(Stmt::Block(Block { stmts: following }));
                        if list_flow(body).falls {
                            body.push(Stmt::Break);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}
