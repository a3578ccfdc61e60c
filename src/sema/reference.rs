//! Functions returning Slang's `Ref<T>`: a place the caller may read or assign
//! (`table<N>(i) = v;`), such as an element of a `static groupshared` array the function holds.
//!
//! The IR has no references, so such a function becomes one that returns the value and can also
//! store one: `T f(params, bool __ref_write = false, T __ref_value = (T)0)`, each `return place;` of
//! its body made `{ if (__ref_write) place = __ref_value; return place; }`. A call reads; an
//! assignment to a call is the same call with the value to store. One function does both, so a
//! `static` local of it (and its hoisted `groupshared` array) is the same place for reads and
//! writes, in every instance of a generic one.

use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// The parameter that says whether a call stores its value.
const REF_WRITE: &str = "__ref_write";
/// The parameter holding the value a call stores.
const REF_VALUE: &str = "__ref_value";

/// `Ref<T>`'s `T`; `None` for another type.
fn referenced(t: &ast::TypeExpr) -> Option<&ast::TypeExpr> {
    match &t.kind {
        ast::TypeExprKind::Named { name, args } if name == "Ref" => match args.as_slice() {
            [ast::GenericArg::Type(inner)] => Some(inner),
            _ => None,
        },
        _ => None,
    }
}

/// Whether declaration `f` is one made by [`Checker::with_ref_params`].
pub(super) fn returns_ref(f: &ast::FunctionDecl) -> bool {
    f.params.last().is_some_and(|p| p.name.name == REF_VALUE)
}

/// Each `return place;` in `stmts` (nested statements too) made one that stores
/// `__ref_value` into the place first when `__ref_write` is set.
fn store_before_returns(stmts: &mut [ast::Stmt]) {
    for s in stmts {
        store_before_return(s);
    }
}

fn store_before_return(s: &mut ast::Stmt) {
    let span = s.span;
    match &mut s.kind {
        ast::StmtKind::Return(Some(place)) => {
            let ident = |name: &str| ast::Expr { kind: ast::ExprKind::Ident(name.into()), span };
            let store = ast::Expr {
                kind: ast::ExprKind::Assign { op: None, lhs: Box::new(place.clone()), rhs: Box::new(ident(REF_VALUE)) },
                span,
            };
            let guarded = ast::Stmt {
                attrs: Vec::new(),
                kind: ast::StmtKind::If {
                    constexpr: false,
                    bind: None,
                    cond: ident(REF_WRITE),
                    then: Box::new(ast::Stmt { attrs: Vec::new(), kind: ast::StmtKind::Expr(store), span }),
                    els: None,
                },
                span,
            };
            let ret = ast::Stmt { attrs: Vec::new(), kind: s.kind.clone(), span };
            s.kind = ast::StmtKind::Block(ast::Block { stmts: vec![guarded, ret], span });
        }
        ast::StmtKind::Block(b) => store_before_returns(&mut b.stmts),
        ast::StmtKind::If { then, els, .. } => {
            store_before_return(then);
            if let Some(e) = els {
                store_before_return(e);
            }
        }
        ast::StmtKind::For { body, .. } | ast::StmtKind::While { body, .. } | ast::StmtKind::DoWhile { body, .. } => {
            store_before_return(body)
        }
        ast::StmtKind::Switch { cases, .. } | ast::StmtKind::TargetSwitch(cases) => {
            for c in cases {
                store_before_returns(&mut c.body);
            }
        }
        ast::StmtKind::DoCatch { body, catches } => {
            store_before_returns(&mut body.stmts);
            for c in catches {
                store_before_returns(&mut c.body.stmts);
            }
        }
        _ => {}
    }
}

impl Checker {
    /// A function returning `Ref<T>` as one returning `T` that stores a value when asked (see
    /// the module's comment); `None` for any other function.
    pub(super) fn with_ref_params(f: &ast::FunctionDecl) -> Option<ast::FunctionDecl> {
        let inner = referenced(&f.ret)?.clone();
        let span = f.ret.span;
        let param = |name: &str, ty: ast::TypeExpr, default: ast::ExprKind| ast::Param {
            attrs: Vec::new(),
            modifiers: ast::Modifiers::default(),
            ty,
            name: ast::Ident { name: name.into(), span },
            array_dims: Vec::new(),
            annotations: Vec::new(),
            default: Some(ast::Expr { kind: default, span }),
            span,
        };
        let mut g = f.clone();
        let boolean = ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "bool".into(), args: Vec::new() }, span };
        g.params.push(param(REF_WRITE, boolean, ast::ExprKind::BoolLit(false)));
        // `(T)0`: a zero of any type, a struct's too.
        let literal = crate::syntax::token::IntLit { value: 0, unsigned: false, long: false, radix: 10 };
        let zero = ast::ExprKind::Cast {
            ty: Box::new(inner.clone()),
            expr: Box::new(ast::Expr { kind: ast::ExprKind::IntLit(literal), span }),
        };
        g.params.push(param(REF_VALUE, inner.clone(), zero));
        g.ret = inner;
        if let Some(body) = &mut g.body {
            store_before_returns(&mut body.stmts);
        }
        Some(g)
    }

    /// Records `call` as a read through a `Ref<T>` when its function returns one: an
    /// assignment to it stores.
    pub(super) fn note_ref_read(&mut self, call: ExprId, function: FunctionId) {
        if self.ref_functions.contains(&function) {
            if let Some(st) = self.cur.as_mut() {
                st.ref_reads.insert(call);
            }
        }
    }

    /// Whether `e` reads through a `Ref<T>`.
    pub(super) fn is_ref_read(&self, e: ExprId) -> bool {
        self.cur.as_ref().is_some_and(|st| st.ref_reads.contains(&e))
    }

    /// `f(args) = v` (or `op=`) where `f` returns a `Ref<T>`: the same call, storing the value.
    pub(super) fn ref_assign(
        &mut self,
        op: Option<ast::BinOp>,
        target: ExprId,
        lhs: &ast::Expr,
        rhs: &ast::Expr,
        span: Span,
    ) -> ExprId {
        let ty = self.ty(target);
        let value = self.expr(rhs);
        let value = match op {
            None => value,
            // `f(i) += v` reads the place again and stores the sum.
            Some(op) => {
                let current = self.expr(lhs);
                let op = super::expr::bin_op(op);
                match self.user_operator(op.symbol(), vec![current, value], span) {
                    Some(v) => v,
                    None => self.binary(op, current, value, span),
                }
            }
        };
        if self.ty(value).is_error() || ty.is_error() {
            return self.error_expr(span);
        }
        let value = self.coerce(value, &ty, span);
        let Some(ExprKind::Call { function, args }) = self.cur.as_ref().map(|st| st.func.exprs[target].kind.clone())
        else {
            return self.error_expr(span);
        };
        let mut args = args;
        args.truncate(args.len().saturating_sub(2));
        args.push(self.add_expr(ExprKind::Const(ConstValue::Bool(true)), Type::BOOL, span));
        args.push(value);
        self.add_expr(ExprKind::Call { function, args }, ty, span)
    }

    /// `Ref<T>` anywhere but a function's result: refused.
    pub(super) fn misplaced_ref(&mut self, span: Span) -> Type {
        let d = Diagnostic::error("E0438", "`Ref<T>` is only a function's result type")
            .with_label(span, "a reference cannot be stored or passed")
            .with_note("return `Ref<T>` from a function to let callers assign the place it names");
        self.push(d);
        Type::Error
    }
}
