//! Slang's error handling: `R f(…) throws E`, `throw e;`, `try f(…)` and
//! `do { … } catch (err : E) { … } catch { … }`, lowered here so every target gets plain code.
//!
//! A function that throws takes two more parameters, `out bool wavec_threw` and
//! `out E wavec_error`, clears the flag on entry, and `throw e` stores the error, sets the flag
//! and returns (a zero value: the caller ignores it). `try f(a)` is hoisted before the statement
//! it is in: `f` is called with two temporaries, and a set flag sends the error on (the rest of
//! the statement then reads the call's value from a third). An error goes to the innermost
//! `do`/`catch` with a clause of its type, or out of a throwing function of the same error type.
//! A `do` body is a loop run once: an error records which clause takes it and leaves the loop
//! (and every loop or `switch` inside it, each followed by a check of that record), and the
//! clause runs after it. Errors are matched by their type's name, so two enums are two error
//! types even though both are integers here.

use super::{Checker, Sym};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// The parameters a throwing function gets.
pub(super) const THREW: &str = "wavec_threw";
pub(super) const ERROR: &str = "wavec_error";

/// An error type: the type, and its name as written, which tells errors apart.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ErrorType {
    pub ty: Type,
    pub name: String,
}

/// An open `do`/`catch`: the local recording which clause takes an error (0: none) and, per
/// clause, its error type and the local holding the error.
#[derive(Clone, Debug)]
pub(super) struct CatchRegion {
    which: LocalId,
    clauses: Vec<(Option<ErrorType>, Option<LocalId>)>,
    /// `exits.len()` inside the region's loop: a loop or `switch` deeper than this is inside it.
    depth: usize,
}

impl Checker {
    /// `f` as sema declares it: a throwing function with its two error parameters.
    pub(super) fn with_error_params(f: &ast::FunctionDecl) -> Option<ast::FunctionDecl> {
        let e = f.throws.as_ref()?;
        if f.params.iter().any(|p| p.name.name == THREW) {
            return None;
        }
        let span = e.span;
        let param = |name: &str, ty: ast::TypeExpr| ast::Param {
            attrs: Vec::new(),
            modifiers: ast::Modifiers { list: vec![(ast::Modifier::Out, span)] },
            ty,
            name: ast::Ident { name: name.into(), span },
            array_dims: Vec::new(),
            annotations: Vec::new(),
            default: None,
            span,
        };
        let mut g = f.clone();
        let boolean = ast::TypeExpr { kind: ast::TypeExprKind::Named { name: "bool".into(), args: Vec::new() }, span };
        g.params.push(param(THREW, boolean));
        g.params.push(param(ERROR, e.clone()));
        Some(g)
    }

    /// The error type a `throws` clause names.
    pub(super) fn error_type(&mut self, t: &ast::TypeExpr) -> ErrorType {
        let ty = self.resolve_type(t);
        let name = match &t.kind {
            ast::TypeExprKind::Named { name, .. } => self.scoped(name, |n| self.types.contains_key(n)),
            _ => self.type_name(&ty),
        };
        ErrorType { ty, name }
    }

    /// A throwing function's body starts with its flag cleared.
    pub(super) fn start_throwing_body(&mut self, out: &mut Vec<Stmt>) {
        let Some(threw) = self.named_local(THREW) else { return };
        let span = self.cur.as_ref().map_or(Span::new(0, 0), |st| st.func.span);
        let target = self.add_expr(ExprKind::Local(threw), Type::BOOL, span);
        let value = self.add_expr(ExprKind::Const(ConstValue::Bool(false)), Type::BOOL, span);
        let clear = self.add_expr(ExprKind::Assign { op: None, target, value }, Type::BOOL, span);
        out.push(Stmt::Expr(clear));
    }

    fn named_local(&self, name: &str) -> Option<LocalId> {
        let st = self.cur.as_ref()?;
        match st.scopes.iter().rev().find_map(|s| s.get(name)) {
            Some(Sym::Local(l)) => Some(*l),
            _ => None,
        }
    }

    /// A local of the statement being checked, declared before it (and, when `name` is given,
    /// by that name in the scope).
    fn declared_temp(
        &mut self,
        name: &str,
        ty: Type,
        init: Option<ExprId>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<LocalId> {
        let st = self.cur.as_mut()?;
        let local = st.func.locals.append(Local::new(name, ty, span));
        out.push(Stmt::Local { local, init });
        st.scopes.last_mut()?.insert(name.to_string(), Sym::Local(local));
        Some(local)
    }

    fn fresh_name(&mut self, base: &str) -> String {
        self.temp_counter += 1;
        format!("{base}_{}", self.temp_counter)
    }

    /// The `try` calls of a statement, hoisted before it in evaluation order: each call made
    /// into temporaries and its error sent on. Returns the statement with each `try` replaced
    /// by its value's temporary, or `None` when it has none.
    pub(super) fn hoist_tries(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) -> Option<ast::Stmt> {
        use ast::StmtKind as K;
        let mut tries = Vec::new();
        match &s.kind {
            K::Expr(e) | K::Return(Some(e)) | K::Throw(e) => collect_tries(e, false, &mut tries),
            K::Decl(g) => {
                for d in &g.decls {
                    if let Some(init) = &d.init {
                        collect_init_tries(init, &mut tries);
                    }
                }
            }
            K::If { cond, .. } | K::Switch { selector: cond, .. } => collect_tries(cond, false, &mut tries),
            K::While { cond, .. } | K::DoWhile { cond, .. } => collect_tries(cond, true, &mut tries),
            K::For { cond, step, .. } => {
                for e in cond.iter().chain(step) {
                    collect_tries(e, true, &mut tries);
                }
            }
            _ => {}
        }
        if tries.is_empty() {
            return None;
        }
        let mut replaced = Vec::new();
        for (t, conditional) in tries {
            if conditional {
                let d = Diagnostic::error(
                    "E0520",
                    "`try` where its call may not run: a loop's condition or step, or under `&&`, `||` or `?:`",
                )
                .with_label(t.span, "here")
                .with_note("call it in a statement of its own: `let v = try f(…);`");
                self.push(d);
                replaced.push((t.span, None));
                continue;
            }
            match self.hoisted_try(t, out) {
                Some(value) => {
                    let whole_statement = matches!(&s.kind, K::Expr(e) if e.span == t.span);
                    if value.is_none() && !whole_statement {
                        self.error("E0520", t.span, "this call returns nothing: its `try` is a statement, not a value");
                    }
                    replaced.push((t.span, value));
                }
                None => replaced.push((t.span, None)),
            }
        }
        let mut s = s.clone();
        // `try f();` of a call that returns nothing: the statement is done.
        if let K::Expr(e) = &s.kind {
            if replaced.iter().any(|(span, v)| *span == e.span && v.is_none()) {
                s.kind = K::Empty;
                return Some(s);
            }
        }
        for_each_expr_mut(&mut s, &mut |e| {
            if let ast::ExprKind::Try(_) = e.kind {
                if let Some((_, v)) = replaced.iter().find(|(span, _)| *span == e.span) {
                    e.kind = match v {
                        Some(name) => ast::ExprKind::Ident(name.clone()),
                        None => ast::ExprKind::Error,
                    };
                }
            }
        });
        Some(s)
    }

    /// One `try f(…)`, before its statement: the call with two temporaries for its error, the
    /// error sent on if it threw; the name of the temporary holding the value (`Some(None)`: the
    /// call returns nothing; `None`: a mistake, reported).
    fn hoisted_try(&mut self, t: &ast::Expr, out: &mut Vec<Stmt>) -> Option<Option<String>> {
        let ast::ExprKind::Try(call) = &t.kind else { return None };
        let span = t.span;
        let ast::ExprKind::Call { callee, generic_args, args } = &call.kind else {
            self.error("E0520", span, "`try` goes before a call of a function that throws");
            return None;
        };
        let Some(error) = self.error_type_of_call(callee) else {
            self.error("E0520", span, "`try` goes before a call of a function that throws (`… throws E`)");
            return None;
        };
        let threw_name = self.fresh_name("wavec_threw");
        let error_name = self.fresh_name("wavec_caught");
        let falsity = self.add_expr(ExprKind::Const(ConstValue::Bool(false)), Type::BOOL, span);
        let threw = self.declared_temp(&threw_name, Type::BOOL, Some(falsity), span, out)?;
        self.declared_temp(&error_name, error.ty.clone(), None, span, out)?;
        let mut all = args.clone();
        for name in [&threw_name, &error_name] {
            all.push(ast::Expr { kind: ast::ExprKind::Ident(name.to_string()), span });
        }
        let call = ast::Expr {
            kind: ast::ExprKind::Call { callee: callee.clone(), generic_args: generic_args.clone(), args: all },
            span: call.span,
        };
        let value = self.expr(&call);
        let ty = self.ty(value);
        if ty.is_error() {
            return None;
        }
        let result = if ty == Type::Void {
            out.push(Stmt::Expr(value));
            None
        } else {
            let name = self.fresh_name("wavec_tried");
            self.declared_temp(&name, ty, Some(value), span, out)?;
            Some(name)
        };
        // `if (threw) { send the error on }`
        let mut then = Vec::new();
        let error_local = self.named_local(&error_name)?;
        let caught = self.add_expr(ExprKind::Local(error_local), error.ty.clone(), span);
        self.send_error(caught, &error, span, &mut then);
        let cond = self.add_expr(ExprKind::Local(threw), Type::BOOL, span);
        out.push(Stmt::If { cond, then: Block { stmts: then }, els: None, hint: BranchHint::None });
        Some(result)
    }

    /// The error type of the function a `try` calls (`f(…)` by name, or `obj.m(…)`, a method
    /// of a local's or parameter's struct).
    fn error_type_of_call(&mut self, callee: &ast::Expr) -> Option<ErrorType> {
        let key = match &callee.kind {
            ast::ExprKind::Ident(name) => {
                self.scoped(name, |n| self.functions.contains_key(n) || self.generic_fns.contains_key(n))
            }
            ast::ExprKind::Member { base, name } if matches!(base.kind, ast::ExprKind::Ident(_)) => {
                let object = self.expr(base);
                let Type::Struct(h) = self.ty(object) else { return None };
                super::methods::method_key(&self.module.structs[h].name, &name.name)
            }
            _ => return None,
        };
        if let Some(e) = self.functions.get(&key).and_then(|ids| ids.iter().find_map(|id| self.throws_of.get(id))) {
            return Some(e.clone());
        }
        let decl = self.generic_fns.get(&key)?.iter().find_map(|&g| self.generics[g].decl.throws.clone())?;
        Some(self.error_type(&decl))
    }

    /// A call of a function that throws without `try` (`f(a)` where `f(a, threw, error)` is
    /// declared): the error that says so, `None` when `name` takes `count` arguments as is.
    pub(super) fn untried_call(&self, name: &str, count: usize) -> Option<Diagnostic> {
        let key = self.scoped(name, |n| self.functions.contains_key(n));
        let ids = self.functions.get(&key)?;
        if ids.iter().any(|id| self.sigs[id.index()].params.len() == count) {
            return None;
        }
        let error = ids
            .iter()
            .find_map(|id| self.throws_of.get(id).filter(|_| self.sigs[id.index()].params.len() == count + 2))?;
        Some(Diagnostic::error("E0520", format!("`{name}` throws `{}`: call it with `try`", error.name)).with_note(
            format!("`let v = try {name}(…);`, in a `do {{ … }} catch` or a function that `throws {}`", error.name),
        ))
    }

    /// `throw e;`
    pub(super) fn throw(&mut self, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        let Some(error) = self.error_type_of_value(e) else {
            let d = Diagnostic::error("E0520", "the type of this error is not known")
                .with_label(e.span, "thrown here")
                .with_note("throw a value of a named type: `E.Case`, `E(…)` or a caught error");
            self.push(d);
            return;
        };
        let value = self.expr(e);
        let value = self.coerce(value, &error.ty, e.span);
        self.send_error(value, &error, span, out);
    }

    /// The error type of a thrown value: an enum's case (`E.Fail`), a constructed struct
    /// (`E(…)`), a caught error, else the throwing function's own.
    fn error_type_of_value(&mut self, e: &ast::Expr) -> Option<ErrorType> {
        let written = match &e.kind {
            ast::ExprKind::Path { ty, .. } | ast::ExprKind::Construct { ty, .. } | ast::ExprKind::Cast { ty, .. } => {
                Some((**ty).clone())
            }
            ast::ExprKind::Ident(n) => {
                let st = self.cur.as_ref()?;
                if let Some(e) = st.caught_errors.iter().rev().find(|(name, _)| name == n).map(|(_, e)| e.clone()) {
                    return Some(e);
                }
                None
            }
            _ => None,
        };
        match written {
            Some(t) => Some(self.error_type(&t)),
            None => self.cur.as_ref().and_then(|st| st.throws.clone()),
        }
    }

    /// An error `value` of type `error` leaves here: to the innermost `do`/`catch` with a
    /// clause for it, else out of the function if it throws that type.
    fn send_error(&mut self, value: ExprId, error: &ErrorType, span: Span, out: &mut Vec<Stmt>) {
        let regions = self.cur.as_ref().map(|st| st.catch_regions.clone()).unwrap_or_default();
        for region in regions.iter().rev() {
            let Some(k) = region.clauses.iter().position(|(e, _)| e.as_ref().is_none_or(|e| e.name == error.name))
            else {
                continue;
            };
            if let Some(holder) = region.clauses[k].1 {
                let target = self.add_expr(ExprKind::Local(holder), error.ty.clone(), span);
                let keep = self.add_expr(ExprKind::Assign { op: None, target, value }, error.ty.clone(), span);
                out.push(Stmt::Expr(keep));
            }
            let target = self.add_expr(ExprKind::Local(region.which), Type::INT, span);
            let clause = self.add_expr(ExprKind::Const(ConstValue::Int(k as i64 + 1)), Type::INT, span);
            let set = self.add_expr(ExprKind::Assign { op: None, target, value: clause }, Type::INT, span);
            out.push(Stmt::Expr(set));
            self.leave_innermost(out);
            return;
        }
        let own = self.cur.as_ref().and_then(|st| st.throws.clone());
        match own {
            Some(own) if own.name == error.name => {
                let (Some(threw), Some(slot)) = (self.named_local(THREW), self.named_local(ERROR)) else { return };
                let target = self.add_expr(ExprKind::Local(slot), own.ty.clone(), span);
                let keep = self.add_expr(ExprKind::Assign { op: None, target, value }, own.ty.clone(), span);
                out.push(Stmt::Expr(keep));
                let target = self.add_expr(ExprKind::Local(threw), Type::BOOL, span);
                let truth = self.add_expr(ExprKind::Const(ConstValue::Bool(true)), Type::BOOL, span);
                let set = self.add_expr(ExprKind::Assign { op: None, target, value: truth }, Type::BOOL, span);
                out.push(Stmt::Expr(set));
                // Return (a zero value, which the caller does not read), running what is deferred.
                let ret = self.cur.as_ref().map(|st| st.func.ret.clone()).unwrap_or(Type::Void);
                let value = (ret != Type::Void).then(|| ast::Expr { kind: ast::ExprKind::InitList(Vec::new()), span });
                let stmt = ast::Stmt { attrs: Vec::new(), kind: ast::StmtKind::Return(value), span };
                self.stmt(&stmt, out);
            }
            Some(own) => {
                let d = Diagnostic::error(
                    "E0520",
                    format!("an error of type `{}` leaves a function that throws `{}`", error.name, own.name),
                )
                .with_label(span, "not caught here")
                .with_note("catch it: `do { … } catch (e : …) { … }`");
                self.push(d);
            }
            None => {
                let d = Diagnostic::error("E0520", format!("an error of type `{}` is not caught", error.name))
                    .with_label(span, "thrown here")
                    .with_note(format!(
                        "catch it (`do {{ … }} catch (e : {}) {{ … }}`) or declare the function `throws {}`",
                        error.name, error.name
                    ));
                self.push(d);
            }
        }
    }

    /// Leaves the innermost loop or `switch` (running what its scopes deferred); the checks
    /// after each loop inside a `do` body carry the error on from there.
    fn leave_innermost(&mut self, out: &mut Vec<Stmt>) {
        let from = self.cur.as_ref().and_then(|st| st.exits.last().map(|(at, _)| *at));
        if let Some(from) = from {
            self.run_defers(from, out);
        }
        out.push(Stmt::Break);
    }

    /// After a loop or `switch` inside `do` bodies: leave the next loop out if one of them
    /// has taken an error.
    pub(super) fn after_breakable(&mut self, span: Span, out: &mut Vec<Stmt>) {
        let Some(st) = self.cur.as_ref() else { return };
        let depth = st.exits.len();
        let pending: Vec<LocalId> = st.catch_regions.iter().filter(|r| r.depth <= depth).map(|r| r.which).collect();
        for which in pending {
            let flag = self.add_expr(ExprKind::Local(which), Type::INT, span);
            let zero = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
            let cond = self.add_expr(ExprKind::Binary(BinaryOp::Ne, flag, zero), Type::BOOL, span);
            let mut then = Vec::new();
            self.leave_innermost(&mut then);
            out.push(Stmt::If { cond, then: Block { stmts: then }, els: None, hint: BranchHint::None });
        }
    }

    /// `do { body } catch (err : E) { handler } …`
    pub(super) fn do_catch(
        &mut self,
        body: &ast::Block,
        catches: &[ast::CatchClause],
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let which_name = self.fresh_name("wavec_which");
        let zero = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
        let Some(which) = self.declared_temp(&which_name, Type::INT, Some(zero), span, out) else { return };
        let mut clauses = Vec::new();
        for c in catches {
            match &c.error {
                Some((_, t)) => {
                    let error = self.error_type(t);
                    let holder_name = self.fresh_name("wavec_error_held");
                    let holder = self.declared_temp(&holder_name, error.ty.clone(), None, c.span, out);
                    clauses.push((Some(error), holder));
                }
                None => clauses.push((None, None)),
            }
        }
        let depth = self.cur.as_ref().map_or(0, |st| st.exits.len()) + 1;
        if let Some(st) = self.cur.as_mut() {
            st.catch_regions.push(CatchRegion { which, clauses: clauses.clone(), depth });
            st.catch_depths.push(depth);
        }
        let body_stmt = ast::Stmt { attrs: Vec::new(), kind: ast::StmtKind::Block(body.clone()), span: body.span };
        let b = self.loop_body(&body_stmt);
        if let Some(st) = self.cur.as_mut() {
            st.catch_regions.pop();
            st.catch_depths.pop();
        }
        let once = self.add_expr(ExprKind::Const(ConstValue::Bool(false)), Type::BOOL, span);
        out.push(Stmt::DoWhile { body: b, cond: once, hint: LoopHint::None });
        // Outer regions' errors keep going out.
        self.after_breakable(span, out);
        // The clauses, in order: the first of the error's type runs. A body that cannot end by
        // falling through left the loop for an error: then the last clause runs unless another
        // does (an `else`, which tells a function's return checks that this path returns too).
        let body_ends =
            matches!(body.stmts.last().map(|s| &s.kind), Some(ast::StmtKind::Return(_) | ast::StmtKind::Throw(_)));
        let mut chain: Vec<(Option<ExprId>, Block)> = Vec::new();
        for (k, (c, (error, holder))) in catches.iter().zip(clauses).enumerate() {
            let flag = self.add_expr(ExprKind::Local(which), Type::INT, c.span);
            let index = self.add_expr(ExprKind::Const(ConstValue::Int(k as i64 + 1)), Type::INT, c.span);
            let cond = self.add_expr(ExprKind::Binary(BinaryOp::Eq, flag, index), Type::BOOL, c.span);
            self.push_scope();
            let mut handler = Vec::new();
            if let (Some((name, _)), Some(error), Some(holder)) = (&c.error, &error, holder) {
                let value = self.add_expr(ExprKind::Local(holder), error.ty.clone(), c.span);
                self.declared_temp(&name.name, error.ty.clone(), Some(value), name.span, &mut handler);
                if let Some(st) = self.cur.as_mut() {
                    st.caught_errors.push((name.name.clone(), error.clone()));
                }
            }
            let block = self.block(&c.body);
            handler.push(Stmt::Block(block));
            if let Some(st) = self.cur.as_mut() {
                if c.error.is_some() {
                    st.caught_errors.pop();
                }
            }
            self.leave_scope(&mut handler);
            self.pop_scope();
            let last = k + 1 == catches.len();
            chain.push(((!(last && body_ends)).then_some(cond), Block { stmts: handler }));
        }
        // `if (which == 1) {…} else if (which == 2) {…} …`, built from the end.
        let mut tail: Option<Block> = None;
        for (cond, then) in chain.into_iter().rev() {
            tail = Some(match cond {
                Some(cond) => Block { stmts: vec![Stmt::If { cond, then, els: tail, hint: BranchHint::None }] },
                None => then,
            });
        }
        if let Some(block) = tail {
            out.extend(block.stmts);
        }
    }

    /// Whether a `break` or `continue` here would leave a `do` body (not supported: the body is
    /// a loop of its own).
    pub(super) fn jump_leaves_do_body(&self, continuing: bool) -> bool {
        let Some(st) = self.cur.as_ref() else { return false };
        let Some(at) = st.exits.iter().rposition(|(_, is_loop)| *is_loop || !continuing) else { return false };
        st.catch_depths.contains(&(at + 1))
    }
}

/// The `try` expressions in `e`, in the order they run, each with whether it may not run
/// (under `&&`, `||`, `?:`, or in a loop's condition).
fn collect_tries<'e>(e: &'e ast::Expr, conditional: bool, out: &mut Vec<(&'e ast::Expr, bool)>) {
    use ast::ExprKind as K;
    match &e.kind {
        K::Try(inner) => {
            collect_tries(inner, conditional, out);
            out.push((e, conditional));
        }
        K::Binary { op: ast::BinOp::LogicAnd | ast::BinOp::LogicOr, lhs, rhs } => {
            collect_tries(lhs, conditional, out);
            collect_tries(rhs, true, out);
        }
        K::Ternary { cond, then, els } => {
            collect_tries(cond, conditional, out);
            collect_tries(then, true, out);
            collect_tries(els, true, out);
        }
        _ => for_each_child(e, &mut |c| collect_tries(c, conditional, out)),
    }
}

fn collect_init_tries<'e>(init: &'e ast::Initializer, out: &mut Vec<(&'e ast::Expr, bool)>) {
    match init {
        ast::Initializer::Expr(e) => collect_tries(e, false, out),
        ast::Initializer::List(items, _) => items.iter().for_each(|i| collect_init_tries(i, out)),
    }
}

/// Each direct subexpression of `e`, in evaluation order.
fn for_each_child<'e>(e: &'e ast::Expr, f: &mut dyn FnMut(&'e ast::Expr)) {
    use ast::ExprKind as K;
    match &e.kind {
        K::Binary { lhs, rhs, .. } | K::Assign { lhs, rhs, .. } | K::Comma { lhs, rhs } => {
            f(lhs);
            f(rhs);
        }
        K::Index { base, index } => {
            f(base);
            f(index);
        }
        K::Unary { expr, .. } | K::Cast { expr, .. } | K::Try(expr) => f(expr),
        K::Member { base, .. } | K::EmptyIndex(base) => f(base),
        K::Ternary { cond, then, els } => {
            f(cond);
            f(then);
            f(els);
        }
        K::Call { callee, args, .. } => {
            f(callee);
            args.iter().for_each(&mut *f);
        }
        K::Construct { args, .. } => args.iter().for_each(&mut *f),
        K::InitList(items) => {
            fn walk<'e>(i: &'e ast::Initializer, f: &mut dyn FnMut(&'e ast::Expr)) {
                match i {
                    ast::Initializer::Expr(e) => f(e),
                    ast::Initializer::List(items, _) => items.iter().for_each(|i| walk(i, f)),
                }
            }
            items.iter().for_each(|i| walk(i, f));
        }
        _ => {}
    }
}

/// Each expression of a statement's own (not of the statements inside it), children first.
fn for_each_expr_mut(s: &mut ast::Stmt, f: &mut dyn FnMut(&mut ast::Expr)) {
    use ast::StmtKind as K;
    match &mut s.kind {
        K::Expr(e) | K::Return(Some(e)) | K::Throw(e) => walk_mut(e, f),
        K::Decl(g) => {
            for d in &mut g.decls {
                if let Some(init) = &mut d.init {
                    init_mut(init, f);
                }
            }
        }
        K::If { cond, .. } | K::Switch { selector: cond, .. } | K::While { cond, .. } | K::DoWhile { cond, .. } => {
            walk_mut(cond, f)
        }
        K::For { cond, step, .. } => {
            for e in cond.iter_mut().chain(step.iter_mut()) {
                walk_mut(e, f);
            }
        }
        _ => {}
    }
}

fn init_mut(i: &mut ast::Initializer, f: &mut dyn FnMut(&mut ast::Expr)) {
    match i {
        ast::Initializer::Expr(e) => walk_mut(e, f),
        ast::Initializer::List(items, _) => items.iter_mut().for_each(|i| init_mut(i, f)),
    }
}

fn walk_mut(e: &mut ast::Expr, f: &mut dyn FnMut(&mut ast::Expr)) {
    use ast::ExprKind as K;
    match &mut e.kind {
        K::Binary { lhs, rhs, .. } | K::Assign { lhs, rhs, .. } | K::Comma { lhs, rhs } => {
            walk_mut(lhs, f);
            walk_mut(rhs, f);
        }
        K::Index { base, index } => {
            walk_mut(base, f);
            walk_mut(index, f);
        }
        K::Unary { expr, .. } | K::Cast { expr, .. } => walk_mut(expr, f),
        K::Member { base, .. } | K::EmptyIndex(base) => walk_mut(base, f),
        K::Ternary { cond, then, els } => {
            walk_mut(cond, f);
            walk_mut(then, f);
            walk_mut(els, f);
        }
        K::Call { callee, args, .. } => {
            walk_mut(callee, f);
            args.iter_mut().for_each(|a| walk_mut(a, f));
        }
        K::Construct { args, .. } => args.iter_mut().for_each(|a| walk_mut(a, f)),
        K::InitList(items) => items.iter_mut().for_each(|i| init_mut(i, f)),
        // A `try` is replaced whole; what it calls is not looked into.
        K::Try(_) => {}
        _ => {}
    }
    f(e);
}
