//! Slang's `__target_switch`: the cases become an `if` chain over `__target_is(t)` conditions
//! (one per label, or-ed), the `default` its last `else`. Every case is checked, whatever the
//! target; `lower::target_switch` folds the chain for the target being compiled, so each
//! backend sees only its own case (a `spirv_asm` block in the SPIR-V case reaches no other).
//! Without a `default`, a function with a result gets one that marks the targets without a
//! case, which that pass refuses.

use super::Checker;
use crate::ir::*;
use crate::syntax::ast;

/// Whether `stmts` hold a `break` that leaves the `__target_switch` itself (not one of a loop
/// or `switch` inside it).
fn breaks_out(stmts: &[ast::Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        ast::StmtKind::Break => true,
        ast::StmtKind::Block(b) => breaks_out(&b.stmts),
        ast::StmtKind::If { then, els, .. } => {
            breaks_out(std::slice::from_ref(then)) || els.as_ref().is_some_and(|e| breaks_out(std::slice::from_ref(e)))
        }
        _ => false,
    })
}

impl Checker {
    /// As in Slang, a case may end with `break` (cases never fall through): a last `break`
    /// is dropped, and one elsewhere leaves the chain, which then sits in a `switch` of its
    /// own for the `break` to leave.
    pub(super) fn target_switch(&mut self, cases: &[ast::SwitchCase], span: crate::span::Span, out: &mut Vec<Stmt>) {
        let bodies: Vec<&[ast::Stmt]> = cases
            .iter()
            .map(|c| match c.body.split_last() {
                Some((last, rest)) if matches!(last.kind, ast::StmtKind::Break) => rest,
                _ => &c.body[..],
            })
            .collect();
        let wrapped = bodies.iter().any(|b| breaks_out(b));
        if wrapped {
            if let Some(st) = self.cur.as_mut() {
                st.switch_depth += 1;
            }
        }
        let mut arms: Vec<(ExprId, Block)> = Vec::new();
        let mut default = None;
        for (case, stmts) in cases.iter().zip(bodies) {
            let mut cond: Option<ExprId> = None;
            let mut is_default = false;
            for label in &case.labels {
                let Some(value) = &label.value else {
                    is_default = true;
                    continue;
                };
                let name = match &value.kind {
                    ast::ExprKind::Ident(name) => Some(name.as_str()),
                    _ => None,
                };
                let Some(target) = name.and_then(SwitchTarget::from_label) else {
                    let known: Vec<&str> = SwitchTarget::ALL.iter().map(|t| t.name()).collect();
                    let what = match name {
                        Some(n) => format!("`{n}` is not a target"),
                        None => "a `__target_switch` case must name a target".to_string(),
                    };
                    let d = crate::diag::Diagnostic::error("E0429", what)
                        .with_label(label.span, "this case")
                        .with_note(format!(
                            "the targets are {}, and a capability of one counts as it (`_sm_6_6`, `SPV_…`, `_GL_…`)",
                            known.join(", ")
                        ));
                    self.push(d);
                    continue;
                };
                let code = self.add_expr(ExprKind::Const(ConstValue::Uint(target.code())), Type::UINT, label.span);
                let test = self.call_intrinsic("__target_is", vec![code], label.span, label.span);
                cond = Some(match cond {
                    Some(c) => self.add_expr(ExprKind::Binary(BinaryOp::LogicOr, c, test), Type::BOOL, label.span),
                    None => test,
                });
            }
            let body = self.block(&ast::Block { stmts: stmts.to_vec(), span: case.span });
            if is_default {
                default = Some(body);
            } else if let Some(c) = cond {
                arms.push((c, body));
            }
        }
        // A function with a result needs every target to return: one without a case of its
        // own is refused when it is compiled for (`lower::target_switch`), not here, for it may
        // never be.
        let has_result = self.cur.as_ref().is_some_and(|st| st.func.ret != Type::Void);
        if default.is_none() && has_result && !arms.is_empty() {
            // The keyword alone: the statement spans every case.
            let keyword =
                crate::span::Span::new(span.start, (span.start + "__target_switch".len() as u32).min(span.end));
            let missing = self.call_intrinsic("__target_missing", Vec::new(), keyword, keyword);
            default = Some(Block { stmts: vec![Stmt::Expr(missing), Stmt::Discard] });
        }
        let mut chain = default;
        for (cond, then) in arms.into_iter().rev() {
            let stmt = Stmt::If { cond, then, els: chain, hint: BranchHint::None };
            chain = Some(Block { stmts: vec![stmt] });
        }
        if wrapped {
            if let Some(st) = self.cur.as_mut() {
                st.switch_depth -= 1;
            }
        }
        let Some(chain) = chain else { return };
        if wrapped {
            let span = cases.first().map_or_else(Default::default, |c| c.span);
            let selector = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
            let case = SwitchCase { values: Vec::new(), is_default: true, body: chain };
            out.push(Stmt::Switch { selector, cases: vec![case] });
        } else {
            out.push(Stmt::Block(chain));
        }
    }
}
