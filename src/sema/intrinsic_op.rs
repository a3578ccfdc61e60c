//! Slang's `__intrinsic_op(cmpGT) vector<bool, N> greaterThan<T, let N : int>(vector<T, N> x,
//! vector<T, N> y);`: a prototype that *is* one of Slang's IR operations, named by its mnemonic
//! (nvpro_core2's `slang_types.h` declares GLSL's `greaterThan` so). Such a prototype is given
//! the body the operation means, `return x > y;`, so that every target compiles it as any
//! other function.

use super::Checker;
use crate::diag::Diagnostic;
use crate::syntax::ast::{self, BinOp, ExprKind, StmtKind, UnOp};

/// What a mnemonic computes from the parameters.
enum Operation {
    Binary(BinOp),
    Unary(UnOp),
    Select,
}

impl Operation {
    fn operands(&self) -> usize {
        match self {
            Operation::Unary(_) => 1,
            Operation::Binary(_) => 2,
            Operation::Select => 3,
        }
    }
}

/// Slang's mnemonics (`slang-ir-insts.lua`) of the operations a source operator spells.
fn operation(mnemonic: &str) -> Option<Operation> {
    use Operation::*;
    Some(match mnemonic {
        "add" => Binary(BinOp::Add),
        "sub" => Binary(BinOp::Sub),
        "mul" => Binary(BinOp::Mul),
        "div" => Binary(BinOp::Div),
        "irem" | "frem" => Binary(BinOp::Rem),
        "shl" => Binary(BinOp::Shl),
        "shr" => Binary(BinOp::Shr),
        "cmpEQ" => Binary(BinOp::Eq),
        "cmpNE" => Binary(BinOp::Ne),
        "cmpGT" => Binary(BinOp::Gt),
        "cmpLT" => Binary(BinOp::Lt),
        "cmpGE" => Binary(BinOp::Ge),
        "cmpLE" => Binary(BinOp::Le),
        "and" => Binary(BinOp::BitAnd),
        "or" => Binary(BinOp::BitOr),
        "xor" => Binary(BinOp::BitXor),
        "logicalAnd" => Binary(BinOp::LogicAnd),
        "logicalOr" => Binary(BinOp::LogicOr),
        "neg" => Unary(UnOp::Neg),
        "not" => Unary(UnOp::Not),
        "bitnot" => Unary(UnOp::BitNot),
        "select" => Select,
        _ => return None,
    })
}

impl Checker {
    /// `f` with the body its `__intrinsic_op` means, if it has one and no body; E0537 when the
    /// operation is not one wavec knows or the parameters do not fit it.
    pub(super) fn with_intrinsic_op_body(&mut self, f: &ast::FunctionDecl) -> Option<ast::FunctionDecl> {
        let a = f.attrs.iter().find(|a| a.name.name == "__intrinsic_op")?;
        if f.body.is_some() {
            return None;
        }
        let mnemonic = match a.args.as_slice() {
            [e] => crate::stdlib::ident_of(e).unwrap_or_default(),
            _ => "",
        };
        let op = match operation(mnemonic) {
            Some(op) => op,
            None => {
                let d = Diagnostic::error("E0537", format!("`{}` has no body", f.name.name))
                    .with_label(a.span, format!("`__intrinsic_op({mnemonic})` is not an operation wavec knows"))
                    .with_note("the operators' operations are known (`add`, `cmpGT`, `neg`, `select`…); give the function a body otherwise");
                self.push(d);
                return None;
            }
        };
        let arity = op.operands();
        if f.params.len() != arity {
            let d = Diagnostic::error("E0537", format!("`{}` has no body", f.name.name)).with_label(
                a.span,
                format!("`{mnemonic}` takes {arity} operands, and the function {} parameters", f.params.len()),
            );
            self.push(d);
            return None;
        }
        let span = f.span;
        let param = |i: usize| Box::new(ast::Expr { kind: ExprKind::Ident(f.params[i].name.name.clone()), span });
        let value = match op {
            Operation::Binary(op) => ExprKind::Binary { op, lhs: param(0), rhs: param(1) },
            Operation::Unary(op) => ExprKind::Unary { op, expr: param(0) },
            Operation::Select => ExprKind::Ternary { cond: param(0), then: param(1), els: param(2) },
        };
        let ret = ast::Stmt { attrs: Vec::new(), kind: StmtKind::Return(Some(ast::Expr { kind: value, span })), span };
        let mut g = f.clone();
        g.attrs.retain(|x| x.name.name != "__intrinsic_op");
        g.body = Some(ast::Block { stmts: vec![ret], span });
        Some(g)
    }
}
