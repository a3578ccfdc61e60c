//! How control leaves statements: whether a function returns on every path, whether a switch
//! case falls through into the next.

use super::Stmt;

/// Whether a statement list returns (or discards) on every path.
pub fn returns(stmts: &[Stmt]) -> bool {
    let flow = list_flow(stmts);
    !flow.falls && !flow.breaks && !flow.continues
}

/// How control can leave a statement: by reaching its end, by a `break` or a `continue` meant
/// for an enclosing loop or switch. Whatever it cannot leave by, it leaves by returning.
#[derive(Clone, Copy, Default)]
pub struct Flow {
    pub falls: bool,
    pub breaks: bool,
    pub continues: bool,
}

pub fn list_flow(stmts: &[Stmt]) -> Flow {
    let mut flow = Flow { falls: true, ..Flow::default() };
    for s in stmts {
        if !flow.falls {
            break;
        }
        let f = stmt_flow(s);
        flow.breaks |= f.breaks;
        flow.continues |= f.continues;
        flow.falls = f.falls;
    }
    flow
}

fn stmt_flow(s: &Stmt) -> Flow {
    let nothing = Flow::default();
    match s {
        Stmt::Return(_) | Stmt::Discard => nothing,
        Stmt::Break => Flow { breaks: true, ..nothing },
        Stmt::Continue => Flow { continues: true, ..nothing },
        Stmt::Block(b) => list_flow(&b.stmts),
        Stmt::If { then, els, .. } => {
            let t = list_flow(&then.stmts);
            let e = els.as_ref().map_or(Flow { falls: true, ..nothing }, |e| list_flow(&e.stmts));
            Flow { falls: t.falls || e.falls, breaks: t.breaks || e.breaks, continues: t.continues || e.continues }
        }
        // A loop's own breaks and continues stay inside it; one without a condition is left only
        // by a break (or a return).
        Stmt::For { cond, body, .. } => {
            let b = list_flow(&body.stmts);
            Flow { falls: cond.is_some() || b.breaks, ..nothing }
        }
        Stmt::While { .. } => Flow { falls: true, ..nothing },
        Stmt::DoWhile { body, .. } => {
            let b = list_flow(&body.stmts);
            Flow { falls: b.falls || b.breaks || b.continues, ..nothing }
        }
        // A case that reaches its end falls into the next one (C's fallthrough); the switch
        // completes when a case breaks, the last case reaches its end, or no case is the default.
        Stmt::Switch { cases, .. } => {
            let mut flow = Flow { falls: !cases.iter().any(|c| c.is_default), ..nothing };
            let mut falls_through = false;
            for case in cases {
                let c = list_flow(&case.body.stmts);
                flow.falls |= c.breaks;
                flow.continues |= c.continues;
                falls_through = c.falls;
            }
            flow.falls |= falls_through || cases.is_empty();
            flow
        }
        Stmt::Expr(_) | Stmt::Local { .. } => Flow { falls: true, ..nothing },
    }
}
