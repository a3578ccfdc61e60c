//! Slang's `__target_switch`: the cases become an `if` chain over `__target_is(t)` conditions
//! (one per label, or-ed), the `default` its last `else`. Every case is checked, whatever the
//! target; `lower::target_switch` folds the chain for the target being compiled, so each
//! backend sees only its own case (a `spirv_asm` block in the SPIR-V case reaches no other).

use super::Checker;
use crate::ir::*;
use crate::syntax::ast;

impl Checker {
    pub(super) fn target_switch(&mut self, cases: &[ast::SwitchCase], out: &mut Vec<Stmt>) {
        let mut arms: Vec<(ExprId, Block)> = Vec::new();
        let mut default = None;
        for case in cases {
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
            let body = self.block(&ast::Block { stmts: case.body.clone(), span: case.span });
            if is_default {
                default = Some(body);
            } else if let Some(c) = cond {
                arms.push((c, body));
            }
        }
        let mut chain = default;
        for (cond, then) in arms.into_iter().rev() {
            let stmt = Stmt::If { cond, then, els: chain, hint: BranchHint::None };
            chain = Some(Block { stmts: vec![stmt] });
        }
        if let Some(b) = chain {
            out.push(Stmt::Block(b));
        }
    }
}
