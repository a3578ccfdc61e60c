//! Statements and local declarations.

use super::{consts, Checker, Sym};
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// Whether every path through the block ends in `return` (or `discard`): a non-void function
/// must not fall off its end.
pub(super) fn always_returns(b: &Block) -> bool {
    returns(&b.stmts)
}

/// Whether a statement list returns on every path.
pub(super) fn returns(stmts: &[Stmt]) -> bool {
    crate::ir::flow::returns(stmts)
}

/// Whether an assignment target reaches several elements of a matrix by name (`m._12_21`,
/// `m._m00_m11.yx`): such a target is a list of elements, assigned one by one.
fn names_matrix_elements(lhs: &ast::Expr) -> bool {
    match &lhs.kind {
        ast::ExprKind::Member { base, name } => is_matrix_element_swizzle(&name.name) || names_matrix_elements(base),
        _ => false,
    }
}

/// `_12_21` (one-based) or `_m01_m10` (zero-based): the spelling of matrix elements, not of a
/// field that starts with `_` nor of a tuple's elements (`_0_2`).
fn is_matrix_element_swizzle(name: &str) -> bool {
    let parts: Vec<&str> = name.split('_').skip(1).collect();
    let element = |p: &str| {
        let b = p.as_bytes();
        match b {
            [b'm', r, c] => (b'0'..=b'3').contains(r) && (b'0'..=b'3').contains(c),
            [r, c] => (b'1'..=b'4').contains(r) && (b'1'..=b'4').contains(c),
            _ => false,
        }
    };
    name.starts_with('_') && !parts.is_empty() && parts.iter().all(|p| element(p))
}

fn hint_of(attrs: &[ast::Attribute]) -> (LoopHint, BranchHint) {
    let mut lh = LoopHint::None;
    let mut bh = BranchHint::None;
    for a in attrs {
        match a.name.name.as_str() {
            "unroll" => {
                let n = a.args.first().and_then(|e| match &e.kind {
                    ast::ExprKind::IntLit(i) => u32::try_from(i.value).ok(),
                    _ => None,
                });
                lh = LoopHint::Unroll(n);
            }
            "loop" => lh = LoopHint::Loop,
            "branch" => bh = BranchHint::Branch,
            "flatten" => bh = BranchHint::Flatten,
            _ => {}
        }
    }
    (lh, bh)
}

impl Checker {
    pub(super) fn push_scope(&mut self) {
        if let Some(s) = self.cur.as_mut() {
            s.scopes.push(HashMap::default());
            s.defers.push(Vec::new());
        }
        self.local_types.push(Vec::new());
        self.using_marks.push(self.using.len());
    }

    pub(super) fn pop_scope(&mut self) {
        if let Some(s) = self.cur.as_mut() {
            s.scopes.pop();
            s.defers.pop();
            let depth = s.scopes.len();
            s.for_init_leaks.retain(|(d, _, _)| *d <= depth);
        }
        if let Some(mark) = self.using_marks.pop() {
            self.using.truncate(mark);
        }
        for (name, old) in self.local_types.pop().unwrap_or_default().into_iter().rev() {
            match old {
                Some(t) => self.types.insert(name, t),
                None => self.types.remove(&name),
            };
        }
    }

    /// `m._12_21 op= v`: `v` (or the elements' values `op` it) into a temporary, then each
    /// element assigned its component.
    fn assign_matrix_elements(
        &mut self,
        op: Option<ast::BinOp>,
        target: ExprId,
        elements: &[(ExprId, (u64, u64))],
        rhs: &ast::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let tt = self.ty(target);
        let value = self.expr(rhs);
        let mut seen = Vec::new();
        for (_, at) in elements {
            if seen.contains(at) {
                self.error("E0406", span, "cannot assign to this expression: a swizzle that repeats an element");
                return;
            }
            seen.push(*at);
        }
        if !elements.first().is_some_and(|(e, _)| self.require_lvalue(*e)) {
            return;
        }
        let value = match op {
            None => value,
            Some(op) => {
                let op = super::expr::bin_op(op);
                self.check_binary_operands(op, target, value, span);
                self.binary(op, target, value, span)
            }
        };
        let value = self.coerce(value, &tt, span);
        let Some(scalar) = tt.scalar() else { return };
        let Some(state) = self.cur.as_mut() else { return };
        let temp = state.func.locals.append(Local::new("elements", tt.clone(), span));
        out.push(Stmt::Local { local: temp, init: Some(value) });
        for (k, (element, _)) in elements.iter().enumerate() {
            let whole = self.add_expr(ExprKind::Local(temp), tt.clone(), span);
            let component =
                self.add_expr(ExprKind::Swizzle { base: whole, components: vec![k as u8] }, Type::Scalar(scalar), span);
            let assign = self.add_expr(
                ExprKind::Assign { op: None, target: *element, value: component },
                Type::Scalar(scalar),
                span,
            );
            out.push(Stmt::Expr(assign));
        }
    }

    pub(super) fn block(&mut self, b: &ast::Block) -> Block {
        self.push_scope();
        let mut out = Vec::new();
        for s in &b.stmts {
            self.stmt(s, &mut out);
        }
        self.leave_scope(&mut out);
        self.pop_scope();
        Block { stmts: out }
    }

    /// A statement used as a body (`if (c) x = 1;`): its own scope, always a block.
    pub(super) fn body(&mut self, s: &ast::Stmt) -> Block {
        if let ast::StmtKind::Block(b) = &s.kind {
            return self.block(b);
        }
        self.push_scope();
        let mut out = Vec::new();
        self.stmt(s, &mut out);
        self.leave_scope(&mut out);
        self.pop_scope();
        Block { stmts: out }
    }

    /// The end of the innermost scope, reached by falling through: its deferred statements run,
    /// unless the scope already ended in a jump (which ran them).
    pub(super) fn leave_scope(&mut self, out: &mut Vec<Stmt>) {
        let Some(depth) = self.cur.as_ref().map(|st| st.defers.len()) else { return };
        let jumps = matches!(out.last(), Some(Stmt::Break | Stmt::Continue)) || returns(out);
        if depth > 0 && !jumps {
            self.run_defers(depth - 1, out);
        }
    }

    /// `defer S;`: `S` is checked here, once, for its diagnostics, and again wherever its scope
    /// is left (`leave_scope`, `break`, `continue`, `return`), with the names seen here.
    fn defer(&mut self, deferred: &ast::Stmt) {
        let Some(scopes) = self.cur.as_ref().map(|st| st.scopes.clone()) else { return };
        let mut checked = Vec::new();
        self.deferred_body(deferred, &mut checked);
        if let Some(frame) = self.cur.as_mut().and_then(|st| st.defers.last_mut()) {
            frame.push(super::Deferred { stmt: deferred.clone(), scopes });
        }
    }

    /// The statements deferred in the scopes from index `from` inward, the latest first, each
    /// checked again where it was written (its diagnostics were reported there), into `out`.
    pub(super) fn run_defers(&mut self, from: usize, out: &mut Vec<Stmt>) {
        let Some(st) = self.cur.as_ref() else { return };
        let pending: Vec<super::Deferred> =
            st.defers[from..].iter().rev().flat_map(|frame| frame.iter().rev().cloned()).collect();
        for d in pending {
            let here = match self.cur.as_mut() {
                Some(st) => std::mem::replace(&mut st.scopes, d.scopes),
                None => return,
            };
            let reported = self.diags.len();
            self.deferred_body(&d.stmt, out);
            self.diags.truncate(reported);
            if let Some(st) = self.cur.as_mut() {
                st.scopes = here;
            }
        }
    }

    /// A deferred statement as a body of its own, with no loop, `switch` or function around it
    /// to leave: `break`, `continue` and `return` inside it must stay inside it.
    fn deferred_body(&mut self, deferred: &ast::Stmt, out: &mut Vec<Stmt>) {
        let Some(st) = self.cur.as_mut() else { return };
        let outer = (std::mem::take(&mut st.exits), st.loop_depth, st.switch_depth, st.in_defer);
        (st.loop_depth, st.switch_depth, st.in_defer) = (0, 0, true);
        // Its own scope list: what it defers runs at its own end.
        let frames = std::mem::take(&mut st.defers);
        let b = self.body(deferred);
        if let Some(st) = self.cur.as_mut() {
            st.defers = frames;
            (st.exits, st.loop_depth, st.switch_depth, st.in_defer) = outer;
        }
        out.push(Stmt::Block(b));
    }

    /// Where a jump out of scopes lands: the index of the first scope it leaves (`None`: the
    /// jump has no target, reported by the caller).
    fn jump_exit(&self, continuing: bool) -> Option<usize> {
        let st = self.cur.as_ref()?;
        st.exits.iter().rev().find(|(_, is_loop)| *is_loop || !continuing).map(|(at, _)| *at)
    }

    fn known_attrs(&mut self, attrs: &[ast::Attribute], allowed: &[&str]) {
        for a in attrs {
            if !allowed.contains(&a.name.name.as_str()) {
                self.diags.push(
                    Diagnostic::warning("W0501", format!("attribute `{}` is ignored here", a.name.name))
                        .with_label(a.span, ""),
                );
            }
        }
    }

    /// A `[NoDiscard]` function's result may be dropped only on purpose, by `(void)`.
    fn check_result_used(&mut self, e: ExprId, span: Span) {
        let Some(ExprKind::Call { function, .. }) = self.cur.as_ref().map(|st| &st.func.exprs[e].kind) else {
            return;
        };
        let function = *function;
        let nodiscard = self
            .fn_attrs
            .get(function.index())
            .is_some_and(|attrs| attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("nodiscard")));
        if nodiscard {
            let name = self.sigs[function.index()].name.clone();
            let msg = format!("the result of `{name}` is dropped, and `{name}` is `[NoDiscard]`");
            self.diags.push(
                Diagnostic::error("E0419", msg)
                    .with_label(span, "its result is not used")
                    .with_note("use the result, or write `(void)` before the call to drop it on purpose"),
            );
        }
    }

    pub(super) fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        let at = out.len();
        if let Some(state) = self.cur.as_mut() {
            state.temps.push(Vec::new());
        }
        self.stmt_checked(s, out);
        // The temporaries the statement's expressions made are declared just before it.
        let temps = self.cur.as_mut().and_then(|state| state.temps.pop()).unwrap_or_default();
        for (i, local) in temps.into_iter().enumerate() {
            out.insert(at + i, Stmt::Local { local, init: None });
        }
    }

    /// A variable an expression needs to hold a value for a while (the original value of an
    /// atomic that returns it), declared before the statement being checked.
    pub(super) fn temp(&mut self, name: &str, ty: Type, span: Span) -> Option<LocalId> {
        let state = self.cur.as_mut()?;
        let local = state.func.locals.append(Local::new(name, ty, span));
        state.temps.last_mut()?.push(local);
        Some(local)
    }

    fn stmt_checked(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        // Slang's `try f(…)` calls run before their statement.
        if let Some(rewritten) = self.hoist_tries(s, out) {
            return self.stmt_without_tries(&rewritten, out);
        }
        self.stmt_without_tries(s, out)
    }

    fn stmt_without_tries(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        use ast::StmtKind as K;
        let (lhint, bhint) = hint_of(&s.attrs);
        match &s.kind {
            K::Expr(e) => {
                self.known_attrs(&s.attrs, &[]);
                if let ast::ExprKind::Assign { op, lhs, rhs } = &e.kind {
                    if names_matrix_elements(lhs) {
                        let target = self.expr(lhs);
                        match self.matrix_element_lvalues(target) {
                            Some(elements) => {
                                // Elements of a property's matrix (`s[]._12_21 = v`): read it into
                                // a temporary, assign its elements, set it back.
                                let write_back =
                                    elements.first().and_then(|(first, _)| self.property_part(*first, e.span));
                                if let Some((read, _)) = write_back {
                                    out.push(Stmt::Expr(read));
                                }
                                self.assign_matrix_elements(*op, target, &elements, rhs, e.span, out);
                                if let Some((_, set)) = write_back {
                                    out.push(Stmt::Expr(set));
                                }
                            }
                            None => {
                                let e = self.assign_to(*op, target, lhs, rhs, e.span);
                                out.push(Stmt::Expr(e));
                            }
                        }
                        return;
                    }
                }
                // `(void)f(x)` says the result is dropped on purpose: the call stays.
                let mut e = e;
                let mut dropped = false;
                while let ast::ExprKind::Cast { ty, expr } = &e.kind {
                    if ty.name() != "void" {
                        break;
                    }
                    e = expr;
                    dropped = true;
                }
                let span = e.span;
                self.value_unused = matches!(&e.kind, ast::ExprKind::Unary { .. });
                let e = self.expr(e);
                self.value_unused = false;
                if !dropped {
                    self.check_result_used(e, span);
                }
                // A statement that computes nothing (`static_assert(…)`, checked already) is
                // no statement of the output.
                let nothing = self.ty(e) == Type::Void
                    && self.cur.as_ref().is_some_and(|st| matches!(st.func.exprs[e].kind, ExprKind::Const(_)));
                if !nothing {
                    out.push(Stmt::Expr(e));
                }
            }
            K::Decl(g) => self.local_group(g, out),
            K::Typedef(t) => {
                let base = self.resolve_type(&t.ty);
                let ty = self.array_type(base, &t.array_dims, false);
                let old = self.types.insert(t.name.name.clone(), ty);
                if let Some(shadows) = self.local_types.last_mut() {
                    shadows.push((t.name.name.clone(), old));
                }
            }
            K::Struct(decl) => self.local_struct(decl),
            K::Throw(e) => self.throw(e, s.span, out),
            K::DoCatch { body, catches } => self.do_catch(body, catches, s.span, out),
            K::UsingNamespace(name) => self.using_namespace(name),
            K::Enum(decl) => {
                // Its cases are constants as a global enum's are; the function waits aside.
                // Checked once, however often the body is (`check_deferred_bodies`).
                if self.local_decls.insert(decl.span) {
                    let caller = self.cur.take();
                    self.enum_decl(decl);
                    self.cur = caller;
                }
            }
            K::Block(b) => {
                let b = self.block(b);
                out.push(Stmt::Block(b));
            }
            K::If { bind: Some(name), cond, then, els, .. } => {
                self.known_attrs(&s.attrs, &["branch", "flatten"]);
                self.if_let(name, cond, then, els.as_deref(), bhint, out);
            }
            K::If { constexpr, cond, then, els, .. } => {
                self.known_attrs(&s.attrs, &["branch", "flatten"]);
                if *constexpr {
                    // `if constexpr`: the condition must fold, and the other branch is discarded
                    // unchecked, as in C++ (seed 000 declares `g[GroupGetWaveCount() - 1]` in
                    // a branch that does not exist with one wave).
                    let value = self.const_of_ast(cond);
                    let c = self.expr(cond);
                    let branch = match value.as_ref().and_then(ConstValue::as_bool) {
                        Some(true) => Some(self.body(then)),
                        Some(false) => els.as_ref().map(|e| self.body(e)),
                        None => None,
                    };
                    match (value.as_ref().and_then(ConstValue::as_bool), branch) {
                        // A branch that declares nothing needs no block of its own (an
                        // `else if constexpr` chain would otherwise nest one per link).
                        (Some(_), Some(b)) if !b.stmts.iter().any(|s| matches!(s, Stmt::Local { .. })) => {
                            out.extend(b.stmts)
                        }
                        (Some(_), Some(b)) => out.push(Stmt::Block(b)),
                        (Some(_), None) => {}
                        (None, _) => {
                            if !self.ty(c).is_error() {
                                self.error(
                                    "E0514",
                                    cond.span,
                                    "the condition of `if constexpr` must be a constant expression",
                                );
                            }
                        }
                    }
                    return;
                }
                let c = self.expr(cond);
                let c = self.condition(c);
                let constant = self.cur.as_ref().and_then(|st| match &st.func.exprs[c].kind {
                    ExprKind::Const(v) => v.as_bool(),
                    _ => None,
                });
                // `if (T is IFoo)` in a generic's instance is decided by its arguments: the
                // branch that does not run is left unchecked (it may use what `T` lacks).
                if let Some(runs) = constant.filter(|_| tests_type(cond)) {
                    let live = if runs { Some(&**then) } else { els.as_deref() };
                    if let Some(b) = live.map(|b| self.body(b)) {
                        out.push(Stmt::Block(b));
                    }
                    return;
                }
                let then = self.body(then);
                let els = els.as_ref().map(|e| self.body(e));
                // A constant condition (a folded `GetGroupWaveCount() > 1`, a macro) keeps only
                // the branch that runs; both were checked above.
                match constant {
                    Some(true) => out.push(Stmt::Block(then)),
                    Some(false) => {
                        if let Some(e) = els {
                            out.push(Stmt::Block(e));
                        }
                    }
                    None => out.push(Stmt::If { cond: c, then, els, hint: bhint }),
                }
            }
            K::For { init, cond, step, body } => {
                self.known_attrs(&s.attrs, &["unroll", "loop", "fastopt", "allow_uav_condition"]);
                if let Some(copies) = self.unrolled_loop(init.as_deref(), cond.as_ref(), step.as_ref(), body) {
                    out.extend(copies);
                    return;
                }
                self.push_scope();
                let mut init_out = Vec::new();
                if let Some(i) = init {
                    self.stmt(i, &mut init_out);
                }
                let declared: Vec<(String, Sym)> = self
                    .cur
                    .as_ref()
                    .and_then(|st| st.scopes.last())
                    .map(|scope| scope.iter().map(|(n, s)| (n.clone(), s.clone())).collect())
                    .unwrap_or_default();
                let c = cond.as_ref().map(|c| {
                    let e = self.expr(c);
                    self.condition(e)
                });
                let st = step.as_ref().map(|e| self.expr(e));
                let b = self.loop_body(body);
                self.pop_scope();
                if let Some(st) = self.cur.as_mut() {
                    let depth = st.scopes.len();
                    st.for_init_leaks.extend(declared.into_iter().map(|(n, s)| (depth, n, s)));
                }
                out.push(Stmt::For { init: init_out, cond: c, step: st, body: b, hint: lhint });
                self.after_breakable(s.span, out);
            }
            K::While { cond, body } => {
                self.known_attrs(&s.attrs, &["unroll", "loop", "fastopt", "allow_uav_condition"]);
                let c = self.expr(cond);
                let c = self.condition(c);
                let b = self.loop_body(body);
                out.push(Stmt::While { cond: c, body: b, hint: lhint });
                self.after_breakable(s.span, out);
            }
            K::DoWhile { body, cond } => {
                self.known_attrs(&s.attrs, &["unroll", "loop", "fastopt", "allow_uav_condition"]);
                let b = self.loop_body(body);
                let c = self.expr(cond);
                let c = self.condition(c);
                out.push(Stmt::DoWhile { body: b, cond: c, hint: lhint });
                self.after_breakable(s.span, out);
            }
            K::Switch { selector, cases } => {
                self.switch(selector, cases, out);
                self.after_breakable(s.span, out);
            }
            K::Break => {
                let ok = self.cur.as_ref().is_some_and(|st| st.loop_depth > 0 || st.switch_depth > 0);
                if !ok {
                    let at = if self.in_defer() {
                        "outside of the deferred statement"
                    } else {
                        "outside of a loop or switch"
                    };
                    self.error("E0515", s.span, format!("`break` {at}"));
                }
                if self.jump_leaves_do_body(false) {
                    self.error(
                        "E0515",
                        s.span,
                        "`break` out of a `do`/`catch` body is not supported: end the loop after it",
                    );
                }
                if let Some(from) = self.jump_exit(false) {
                    self.run_defers(from, out);
                }
                out.push(Stmt::Break);
            }
            K::Continue => {
                let ok = self.cur.as_ref().is_some_and(|st| st.loop_depth > 0);
                if !ok {
                    let at = if self.in_defer() { "outside of the deferred statement" } else { "outside of a loop" };
                    self.error("E0515", s.span, format!("`continue` {at}"));
                }
                if self.jump_leaves_do_body(true) {
                    self.error("E0515", s.span, "`continue` out of a `do`/`catch` body is not supported");
                }
                if let Some(from) = self.jump_exit(true) {
                    self.run_defers(from, out);
                }
                out.push(Stmt::Continue);
            }
            K::Defer(deferred) => self.defer(deferred),
            K::TargetSwitch(cases) => self.target_switch(cases, s.span, out),
            K::Return(_) if self.in_defer() => {
                self.error("E0515", s.span, "a deferred statement cannot `return`");
            }
            K::Return(value) if self.has_defers() => {
                // The value is computed before the deferred statements run, as Slang does.
                let ret = self.cur.as_ref().map(|st| st.func.ret.clone()).unwrap_or(Type::Void);
                let result = match value {
                    Some(v) if ret != Type::Void && !ret.is_error() => {
                        let e = self.value_of_type(v, &ret);
                        let st = self.cur.as_mut().expect("in a function");
                        let local = st.func.locals.append(Local::new("deferred_result", ret.clone(), v.span));
                        out.push(Stmt::Local { local, init: Some(e) });
                        Some(local)
                    }
                    _ => None,
                };
                self.run_defers(0, out);
                match result {
                    Some(local) => {
                        let e = self.add_expr(ExprKind::Local(local), ret, s.span);
                        out.push(Stmt::Return(Some(e)));
                    }
                    None => {
                        let plain =
                            ast::Stmt { attrs: Vec::new(), kind: ast::StmtKind::Return(value.clone()), span: s.span };
                        let frames = self.cur.as_mut().map(|st| std::mem::take(&mut st.defers));
                        self.stmt(&plain, out);
                        if let (Some(st), Some(frames)) = (self.cur.as_mut(), frames) {
                            st.defers = frames;
                        }
                    }
                }
            }
            K::Return(value) => {
                if let Some(e) = value.as_ref().and_then(|v| self.lambda_return(v)) {
                    out.push(Stmt::Return(Some(e)));
                    return;
                }
                let ret = self.cur.as_ref().map(|st| st.func.ret.clone()).unwrap_or(Type::Void);
                // `return;` in a constructor returns the object built.
                if let (None, Some((this, h))) = (value, self.cur.as_ref().filter(|st| st.init).and_then(|st| st.this))
                {
                    let object = self.add_expr(ExprKind::Local(this), Type::Struct(h), s.span);
                    out.push(Stmt::Return(Some(object)));
                    return;
                }
                match (value, &ret) {
                    (None, Type::Void) => out.push(Stmt::Return(None)),
                    (Some(v), Type::Void) => {
                        let e = self.expr(v);
                        match self.ty(e) {
                            // C++'s `return f();` of a `void` call: the call, then the return.
                            Type::Void => out.push(Stmt::Expr(e)),
                            t if t.is_error() => {}
                            _ => self.error("E0506", v.span, "a `void` function cannot return a value"),
                        }
                        out.push(Stmt::Return(None));
                    }
                    (None, t) => {
                        if !t.is_error() {
                            let msg = format!("this function must return a `{}`", self.type_name(t));
                            self.error("E0506", s.span, msg);
                        }
                        out.push(Stmt::Return(None));
                    }
                    (Some(v), t) => {
                        let e = self.value_of_type(v, t);
                        out.push(Stmt::Return(Some(e)));
                    }
                }
            }
            K::Discard => out.push(Stmt::Discard),
            K::Empty | K::Error => {}
        }
    }

    /// Slang's `if (let x = opt) then else els`: `{ Optional<T> tmp = opt; if (tmp.hasValue)
    /// { T x = tmp.value; then } else els }`.
    fn if_let(
        &mut self,
        name: &ast::Ident,
        value: &ast::Expr,
        then: &ast::Stmt,
        els: Option<&ast::Stmt>,
        hint: BranchHint,
        out: &mut Vec<Stmt>,
    ) {
        let v = self.expr(value);
        let vt = self.ty(v);
        let Some(inner) = self.optional_of(&vt) else {
            if !vt.is_error() {
                let msg = format!("`if (let …)` needs an `Optional`, found `{}`", self.type_name(&vt));
                self.error("E0405", value.span, msg);
            }
            return;
        };
        let span = value.span;
        let Some(st) = self.cur.as_mut() else { return };
        let tmp = st.func.locals.append(Local::new("optional", vt.clone(), span));
        let mut stmts = vec![Stmt::Local { local: tmp, init: Some(v) }];
        let opt = self.add_expr(ExprKind::Local(tmp), vt.clone(), span);
        let has = self.add_expr(ExprKind::Field { base: opt, index: 1 }, Type::BOOL, span);
        self.push_scope();
        let Some(st) = self.cur.as_mut() else { return };
        let local =
            st.func.locals.append(Local { is_const: true, ..Local::new(name.name.clone(), inner.clone(), name.span) });
        let opt = self.add_expr(ExprKind::Local(tmp), vt, span);
        let value = self.add_expr(ExprKind::Field { base: opt, index: 0 }, inner, span);
        self.declare_local(name, local);
        let mut body = vec![Stmt::Local { local, init: Some(value) }];
        body.extend(self.body(then).stmts);
        self.pop_scope();
        let els = els.map(|e| self.body(e));
        stmts.push(Stmt::If { cond: has, then: Block { stmts: body }, els, hint });
        out.push(Stmt::Block(Block { stmts }));
    }

    /// A struct declared in a function: a struct of the module under a name of its own, its
    /// methods checked apart from the function (they see no locals), and its name as written
    /// a type until the block ends.
    fn local_struct(&mut self, decl: &ast::StructDecl) {
        if let Some(ty) = self.local_structs.get(&decl.span).cloned() {
            let old = self.types.insert(decl.name.name.clone(), ty);
            if let Some(shadows) = self.local_types.last_mut() {
                shadows.push((decl.name.name.clone(), old));
            }
            return;
        }
        let func = self.cur.as_ref().map(|st| st.func.name.clone()).unwrap_or_default();
        let mut renamed = decl.clone();
        renamed.name.name = self.unique_global_name(&format!("{func}_{}", decl.name.name));
        self.used_global_names.remove(&renamed.name.name);
        let caller = self.cur.take();
        let pending_this = self.pending_this.take();
        self.struct_decl(&renamed);
        self.pending_this = pending_this;
        self.cur = caller;
        if let Some(ty) = self.types.get(&renamed.name.name).cloned() {
            self.local_structs.insert(decl.span, ty.clone());
            let old = self.types.insert(decl.name.name.clone(), ty);
            if let Some(shadows) = self.local_types.last_mut() {
                shadows.push((decl.name.name.clone(), old));
            }
        }
    }

    pub(super) fn loop_body(&mut self, body: &ast::Stmt) -> Block {
        if let Some(st) = self.cur.as_mut() {
            st.loop_depth += 1;
            let at = st.defers.len();
            st.exits.push((at, true));
        }
        let b = self.body(body);
        if let Some(st) = self.cur.as_mut() {
            st.loop_depth -= 1;
            st.exits.pop();
        }
        b
    }

    fn in_defer(&self) -> bool {
        self.cur.as_ref().is_some_and(|st| st.in_defer)
    }

    /// Whether a `return` here must run deferred statements first.
    fn has_defers(&self) -> bool {
        self.cur.as_ref().is_some_and(|st| st.defers.iter().any(|f| !f.is_empty()))
    }

    fn switch(&mut self, selector: &ast::Expr, cases: &[ast::SwitchCase], out: &mut Vec<Stmt>) {
        let sel = self.expr(selector);
        let st = self.ty(sel);
        let sel = match st {
            Type::Scalar(s) if s.is_int() => sel,
            Type::Scalar(Scalar::Bool) => self.coerce(sel, &Type::INT, selector.span),
            Type::Error => sel,
            ref other => {
                let msg = format!("a switch selector must be an integer scalar, found `{}`", self.type_name(other));
                self.error("E0405", selector.span, msg);
                sel
            }
        };
        if let Some(s) = self.cur.as_mut() {
            s.switch_depth += 1;
        }
        let mut seen: Vec<(i64, Span)> = Vec::new();
        let mut has_default = false;
        let mut ir_cases = Vec::new();
        for c in cases {
            let mut values = Vec::new();
            let mut is_default = false;
            for l in &c.labels {
                match &l.value {
                    None => {
                        if has_default {
                            self.error("E0516", l.span, "more than one `default` label");
                        }
                        has_default = true;
                        is_default = true;
                    }
                    Some(v) => {
                        if let Some(n) = self.const_int_expr(v, "a case label") {
                            if let Some((_, prev)) = seen.iter().find(|(x, _)| *x == n) {
                                self.push(
                                    Diagnostic::error("E0516", format!("duplicate case value {n}"))
                                        .with_label(v.span, "")
                                        .with_label(*prev, "first used here"),
                                );
                            }
                            seen.push((n, v.span));
                            values.push(n);
                        }
                    }
                }
            }
            self.push_scope();
            if let Some(st) = self.cur.as_mut() {
                let at = st.defers.len() - 1;
                st.exits.push((at, false));
            }
            let mut body = Vec::new();
            for s in &c.body {
                self.stmt(s, &mut body);
            }
            self.leave_scope(&mut body);
            if let Some(st) = self.cur.as_mut() {
                st.exits.pop();
            }
            self.pop_scope();
            ir_cases.push(SwitchCase { values, is_default, body: Block { stmts: body } });
        }
        if let Some(s) = self.cur.as_mut() {
            s.switch_depth -= 1;
        }
        out.push(Stmt::Switch { selector: sel, cases: ir_cases });
    }

    fn declare_local(&mut self, name: &ast::Ident, local: LocalId) {
        self.declare(name, Sym::Local(local));
    }

    fn declare(&mut self, name: &ast::Ident, sym: Sym) {
        let Some(state) = self.cur.as_mut() else { return };
        let scope = state.scopes.last_mut().expect("a function always has a scope");
        // Slang lets the body's own variables hide the parameters (`float v = …` in a function
        // taking `float3 v[3]`): from the declaration on, the name is the variable.
        let hides_parameter = |old: &Sym| matches!(old, Sym::Local(l) if state.func.locals[*l].param.is_some());
        if scope.insert(name.name.clone(), sym).is_some_and(|old| !hides_parameter(&old)) {
            self.diags.push(
                Diagnostic::error("E0302", format!("`{}` is already declared in this scope", name.name))
                    .with_label(name.span, ""),
            );
        }
    }

    fn local_group(&mut self, g: &ast::VarDeclGroup, out: &mut Vec<Stmt>) {
        use ast::Modifier as M;
        if g.ty.kind == ast::TypeExprKind::Inferred {
            return self.inferred_local(g, out);
        }
        // `functype (int) -> int f = negate;`: the function value's own type, which must fit.
        if let Some(c) = self.function_constraint(&g.ty) {
            let mut inferred = g.clone();
            inferred.ty.kind = ast::TypeExprKind::Inferred;
            let start = out.len();
            self.inferred_local(&inferred, out);
            let locals: Vec<LocalId> = out[start..]
                .iter()
                .filter_map(|s| if let Stmt::Local { local, .. } = s { Some(*local) } else { None })
                .collect();
            for local in locals {
                self.function_local_fits(local, &c);
            }
            return;
        }
        let base = self.resolve_type(&g.ty);
        let m = &g.modifiers;
        let func_name = self.cur.as_ref().map(|s| s.func.name.clone()).unwrap_or_default();
        for d in &g.decls {
            let mut ty = self.array_type(base.clone(), &d.array_dims, false);
            // `lower::resource_values` resolves a resource variable to the resource it names, or
            // to a choice made at run time, for the targets that cannot hold one in a variable.
            let resource = matches!(ty, Type::Resource(..));
            if resource && matches!(d.init, Some(ast::Initializer::List(..))) {
                self.error("E0517", d.name.span, "a resource variable's initializer must be a resource");
                continue;
            }
            // A `static` resource with an initializer names the same resource on every call,
            // so it is the local it would be without `static`, kept read-only: an assignment
            // would have to outlive the call.
            let static_resource = resource && m.has(M::Static) && !m.has(M::Groupshared) && d.init.is_some();
            if resource && (m.has(M::Groupshared) || m.has(M::Static)) && !static_resource {
                self.error(
                    "E0517",
                    d.name.span,
                    "a resource variable in a function cannot be `groupshared`, or `static` without an initializer",
                );
                continue;
            }
            if resource && m.has(M::Globallycoherent) {
                self.note_coherent_resource(&ty);
            }
            // A `static const` computed from specialization constants is computed where it is
            // declared, from their specialized values (Slang's), as a `const` local.
            let specialized = m.has(M::Static) && m.has(M::Const) && !m.has(M::Groupshared) && {
                let start = self.spec_reads.len();
                if let Some(ast::Initializer::Expr(e)) = &d.init {
                    let _ = self.const_of_ast(e);
                }
                let reads = self.spec_reads.len() > start;
                self.spec_reads.truncate(start);
                reads
            };
            // Function-scope groupshared/static variables live at module scope in every target;
            // they are hoisted under a unique name (seed 000 wants them "locally declared").
            if (m.has(M::Groupshared) || m.has(M::Static)) && !specialized && !static_resource {
                let space = if m.has(M::Groupshared) {
                    AddressSpace::Groupshared
                } else if m.has(M::Const) {
                    AddressSpace::Constant
                } else {
                    AddressSpace::Private
                };
                let init = match &d.init {
                    Some(init) if space != AddressSpace::Groupshared => {
                        let v = self.const_initializer(init, &mut ty);
                        if v.is_none() {
                            self.error("E0505", init.span(), "a `static` initializer must be a constant expression");
                        }
                        v
                    }
                    Some(init) => {
                        self.error("E0505", init.span(), "groupshared variables cannot have initializers");
                        None
                    }
                    None => None,
                };
                if matches!(ty, Type::Array(_, None)) {
                    self.error("E0404", d.name.span, "array size missing");
                    continue;
                }
                let name = self.unique_global_name(&format!("{}_{}", func_name, d.name.name));
                let majorness = self.majorness(&g.modifiers);
                let h = self.module.globals.append(Global {
                    name,
                    ty,
                    majorness,
                    space: space.clone(),
                    init: init.clone(),
                    register: None,
                    vk_binding: None,
                    packoffset: None,
                    image_format: None,
                    format_unknown: false,
                    entry_param: false,
                    parameter_block: false,
                    layout: None,
                    coherent: false,
                    span: d.name.span,
                    shares_binding: None,
                });
                if let (AddressSpace::Constant, Some(v)) = (&space, init) {
                    self.global_consts.insert(h, v);
                }
                self.scope_global(&d.name, h);
                continue;
            }
            let is_const = m.has(M::Const) || static_resource;
            let local = {
                let Some(state) = self.cur.as_mut() else { return };
                state.func.locals.append(Local {
                    name: d.name.name.clone(),
                    ty: ty.clone(),
                    param: None,
                    builtin: None,
                    semantic: None,
                    is_const,
                    precise: m.has(M::Precise),
                    span: d.name.span,
                })
            };
            // `RayQuery<F> q = RayQuery<F>();` is DXC's spelling of a fresh query, as declared.
            let fresh_query = matches!(ty, Type::RayQuery(_))
                && matches!(&d.init, Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::Construct { args, .. }, .. })) if args.is_empty());
            let init = match &d.init {
                _ if fresh_query => None,
                None => {
                    if is_const {
                        self.error("E0505", d.name.span, "a `const` variable needs an initializer");
                    }
                    if matches!(ty, Type::Array(_, None)) {
                        self.error("E0404", d.name.span, "array size missing");
                    }
                    // Slang: a struct with a constructor that takes no arguments is built by it;
                    // one with field defaults starts from them.
                    match ty {
                        Type::Struct(h) if self.default_constructor(h) => {
                            self.construct_object(h, Vec::new(), d.name.span)
                        }
                        Type::Struct(h) if self.field_defaults.contains_key(&h) => {
                            Some(self.default_object(h, d.name.span))
                        }
                        _ => None,
                    }
                }
                Some(init) => {
                    if is_const {
                        if let Some(v) = self.const_initializer(init, &mut ty.clone()) {
                            if let Some(st) = self.cur.as_mut() {
                                st.local_consts.insert(local, v);
                            }
                        }
                    }
                    let e = self.initializer(init, &mut ty);
                    if let Some(st) = self.cur.as_mut() {
                        st.func.locals[local].ty = ty.clone();
                    }
                    Some(e)
                }
            };
            // Declared after the initializer: `int x = x;` refers to an outer `x`, as in C.
            self.declare_local(&d.name, local);
            out.push(Stmt::Local { local, init });
        }
    }

    /// Slang's `let x = e;` / `var x = e;`: a local of the initializer's type (`let`: read-only).
    fn inferred_local(&mut self, g: &ast::VarDeclGroup, out: &mut Vec<Stmt>) {
        let is_const = g.modifiers.has(ast::Modifier::Const);
        for d in &g.decls {
            let init = match &d.init {
                Some(ast::Initializer::Expr(e)) => self.expr(e),
                Some(ast::Initializer::List(_, span)) => {
                    self.error("E0505", *span, "an initializer list needs a declared type: `let x : T = {…}`");
                    continue;
                }
                None => {
                    self.error("E0505", d.name.span, "a variable without a type needs an initializer to take it from");
                    continue;
                }
            };
            let ty = self.ty(init);
            if ty == Type::Void {
                // Slang accepts `let r = voidCall();`: the call is made, and `r` holds nothing
                // (naming it later finds no variable).
                out.push(Stmt::Expr(init));
                continue;
            }
            let Some(state) = self.cur.as_mut() else { return };
            let local = state.func.locals.append(Local {
                name: d.name.name.clone(),
                ty,
                param: None,
                builtin: None,
                semantic: None,
                is_const,
                precise: g.modifiers.has(ast::Modifier::Precise),
                span: d.name.span,
            });
            if is_const {
                if let Some(v) = self.cur.as_ref().and_then(|s| s.func.const_value(init)) {
                    if let Some(st) = self.cur.as_mut() {
                        st.local_consts.insert(local, v);
                    }
                }
            }
            self.declare_local(&d.name, local);
            out.push(Stmt::Local { local, init: Some(init) });
        }
    }

    fn scope_global(&mut self, name: &ast::Ident, g: GlobalId) {
        self.declare(name, Sym::Global(g));
    }

    /// A local initializer: an expression or a `{…}` list, converted to the declared type.
    pub(super) fn initializer(&mut self, init: &ast::Initializer, ty: &mut Type) -> ExprId {
        match init {
            ast::Initializer::Expr(e) => {
                if let Some(v) = self.heap_read(e, ty) {
                    return v;
                }
                let v = self.expr(e);
                if let Type::Array(_, None) = ty {
                    let vt = self.ty(v);
                    if let Type::Array(..) = vt {
                        *ty = vt;
                    }
                }
                self.coerce(v, ty, e.span)
            }
            ast::Initializer::List(items, span) => {
                let span = *span;
                match ty {
                    Type::Array(elem, len) => {
                        if len.is_none() {
                            *len = Some(items.len() as u32);
                        }
                        let n = len.unwrap_or(0) as usize;
                        // HLSL's brace elision for an array of vectors, matrices or arrays:
                        // `float3 a[2] = {1, 2, 3, 4, 5, 6}` gives each element its scalars.
                        if items.len() > n && n > 0 {
                            if let Some(k) = self.scalar_count(elem).filter(|&k| k > 1) {
                                if items.len() <= n * k && items.iter().all(|i| matches!(i, ast::Initializer::Expr(_)))
                                {
                                    let grouped: Vec<ast::Initializer> =
                                        items.chunks(k).map(|c| ast::Initializer::List(c.to_vec(), span)).collect();
                                    let list = ast::Initializer::List(grouped, span);
                                    return self.initializer(&list, ty);
                                }
                            }
                        }
                        if items.len() > n {
                            let msg = format!("expected at most {n} initializers, found {}", items.len());
                            self.error("E0409", span, msg);
                        }
                        let mut parts = Vec::new();
                        for i in items {
                            let mut et = (**elem).clone();
                            parts.push(self.initializer(i, &mut et));
                        }
                        // Elements past the list start from their defaults (zero), as in C.
                        let elem = (**elem).clone();
                        while parts.len() < n {
                            parts.push(self.zero_value(&elem, span));
                        }
                        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
                    }
                    // Slang's `Optional<T>` is built from its value (`{v}`), or is `none` (`{}`).
                    Type::Struct(_) if self.optional_of(ty).is_some() && items.len() <= 1 => {
                        let target = ty.clone();
                        match items.first() {
                            Some(ast::Initializer::Expr(e)) => {
                                let v = self.expr(e);
                                self.coerce(v, &target, e.span)
                            }
                            Some(list) => {
                                let mut inner = self.optional_of(&target).unwrap_or(Type::Error);
                                let v = self.initializer(list, &mut inner);
                                self.coerce(v, &target, span)
                            }
                            None => {
                                let inner = self.optional_of(&target).unwrap_or(Type::Error);
                                let value = self.zero_value(&inner, span);
                                let has = self.add_expr(ExprKind::Const(ConstValue::Bool(false)), Type::BOOL, span);
                                self.add_expr(ExprKind::Construct(vec![value, has]), target, span)
                            }
                        }
                    }
                    // An interface's value from the one value a list holds.
                    Type::Struct(_) if self.existential_of(ty).is_some() && items.len() == 1 => {
                        let target = ty.clone();
                        let mut inner = Type::Error;
                        match &items[0] {
                            ast::Initializer::Expr(e) => {
                                let v = self.expr(e);
                                self.coerce(v, &target, e.span)
                            }
                            list => {
                                let v = self.initializer(list, &mut inner);
                                self.coerce(v, &target, span)
                            }
                        }
                    }
                    // Slang: a struct with constructors is initialized by the one the list fits
                    // (a C-style struct, whose own declaration has none, by its fields when no
                    // constructor an `extension` gave it takes the list).
                    Type::Struct(h) if self.has_constructor(*h) && !self.c_style_list(*h, items.len()) => {
                        let h = *h;
                        let mut args = Vec::new();
                        for i in items {
                            match i {
                                ast::Initializer::Expr(e) => args.push(self.expr(e)),
                                ast::Initializer::List(_, span) => {
                                    self.error("E0409", *span, "a constructor's arguments cannot be lists");
                                    return self.error_expr(*span);
                                }
                            }
                        }
                        self.construct_object(h, args, span).unwrap_or_else(|| self.error_expr(span))
                    }
                    Type::Struct(h)
                        if !items.is_empty()
                            && self.module.structs[*h]
                                .fields
                                .iter()
                                .any(|f| f.name.starts_with(crate::syntax::bitfields::STORAGE_PREFIX)) =>
                    {
                        let msg = format!(
                            "an initializer list of `{}`, a struct with bit fields",
                            self.module.structs[*h].name
                        );
                        let d = Diagnostic::error("E0409", msg)
                            .with_label(span, "not supported yet")
                            .with_note("start from `{}` (zeros) and set the fields one by one");
                        self.push(d);
                        self.error_expr(span)
                    }
                    Type::Struct(h) => {
                        let h = *h;
                        let fields: Vec<Type> = self.module.structs[h].fields.iter().map(|f| f.ty.clone()).collect();
                        // The fields the list sets: all but those less visible than the struct.
                        let listed: Vec<usize> = match self.list_fields.get(&h) {
                            Some(mask) => (0..fields.len()).filter(|&i| mask.get(i).copied().unwrap_or(true)).collect(),
                            None => (0..fields.len()).collect(),
                        };
                        // C's brace elision: `{ 1, 2, 3 }` for `{ int a[2]; int b; }` gives each
                        // aggregate field as many values as it holds scalars.
                        // A literal set for an aggregate field is one of its scalars, however
                        // many items there are (`{1.0, 2.0}` for `{ B b; float y; }`).
                        let literal_for_aggregate = items.iter().zip(&listed).any(|(item, &i)| {
                            matches!(fields[i], Type::Array(..) | Type::Struct(_)) && is_literal(item)
                        });
                        if items.len() > listed.len() || literal_for_aggregate {
                            if let Some(grouped) = self.brace_elided(items, &fields, &listed, span) {
                                let list = ast::Initializer::List(grouped, span);
                                let mut t = ty.clone();
                                return self.initializer(&list, &mut t);
                            }
                        }
                        if items.len() > listed.len() {
                            let msg = format!("expected at most {} initializers, found {}", listed.len(), items.len());
                            let mut d = Diagnostic::error("E0409", msg).with_label(span, "");
                            if listed.len() < fields.len() {
                                let names: Vec<String> = listed
                                    .iter()
                                    .map(|&i| format!("`{}`", self.module.structs[h].fields[i].name))
                                    .collect();
                                d = d.with_note(format!(
                                    "a list sets the fields as visible as `{}` itself: {}",
                                    self.module.structs[h].name,
                                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                                ));
                            }
                            self.push(d);
                            return self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Error, span);
                        }
                        let mut given: Vec<Option<ExprId>> = vec![None; fields.len()];
                        for (item, &i) in items.iter().zip(&listed) {
                            let mut t = fields[i].clone();
                            given[i] = Some(self.initializer(item, &mut t));
                        }
                        // Fields the list leaves take their defaults (Slang's `int d = 2;`), else zero.
                        let mut parts = Vec::new();
                        for (i, part) in given.into_iter().enumerate() {
                            let part = match part {
                                Some(p) => p,
                                None => self.field_default(h, i, span),
                            };
                            parts.push(part);
                        }
                        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
                    }
                    // Slang's `{}`: the type's default value, zero.
                    Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) if items.is_empty() => {
                        let zero = ty.clone();
                        self.zero_value(&zero, span)
                    }
                    Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) => {
                        let s = ty.scalar().unwrap_or(Scalar::F32);
                        let mut parts = Vec::new();
                        let mut have = 0;
                        // HLSL flattens nested lists of a vector or matrix: `float3x3 m = {{…},
                        // {…}, {…}}` lists nine scalars.
                        let flat;
                        let items = if matches!(ty, Type::Vector(..) | Type::Matrix(..))
                            && items.iter().any(|i| matches!(i, ast::Initializer::List(..)))
                        {
                            flat = flatten_list(items);
                            &flat
                        } else {
                            items
                        };
                        for i in items {
                            let mut et = Type::Scalar(s);
                            if let ast::Initializer::Expr(e) = i {
                                let v = self.expr(e);
                                let vt = self.ty(v);
                                have += vt.element_count().max(1);
                                et = vt.with_scalar(s);
                                parts.push(self.coerce(v, &et, e.span));
                            } else {
                                parts.push(self.initializer(i, &mut et));
                                have += 1;
                            }
                        }
                        // Components past the list are zero (Slang, as for arrays and structs;
                        // `{}` is a zero of any type).
                        if items.is_empty() {
                            return self.zero_value(ty, span);
                        }
                        if have < ty.element_count() && matches!(ty, Type::Vector(..) | Type::Matrix(..)) {
                            while have < ty.element_count() {
                                parts.push(self.zero_value(&Type::Scalar(s), span));
                                have += 1;
                            }
                        }
                        if have != ty.element_count() {
                            let msg = format!(
                                "`{}` needs {} components, the list gives {have}",
                                self.type_name(ty),
                                ty.element_count()
                            );
                            self.error("E0409", span, msg);
                        }
                        if let Type::Scalar(_) = ty {
                            return parts.first().copied().unwrap_or_else(|| {
                                self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Error, span)
                            });
                        }
                        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
                    }
                    Type::Pointer(_) if items.is_empty() => self.zero_value(ty, span),
                    _ => {
                        let msg = format!("`{}` cannot be initialized with a list", self.type_name(ty));
                        self.error("E0409", span, msg);
                        self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::Error, span)
                    }
                }
            }
        }
    }
}

#[allow(unused)]
fn _const_helpers_used() {
    let _ = consts::scalar_of_const;
}

/// Whether condition `e` tests a type (`T is IFoo`, `!(T is int) && …`).
fn tests_type(e: &ast::Expr) -> bool {
    match &e.kind {
        ast::ExprKind::TypeTest { cast: false, .. } => true,
        ast::ExprKind::Unary { expr, .. } => tests_type(expr),
        ast::ExprKind::Binary { lhs, rhs, .. } => tests_type(lhs) || tests_type(rhs),
        _ => false,
    }
}

impl Checker {
    /// A struct's flat initializer list grouped per field (`None` when it does not fit): an
    /// aggregate field takes a list as written, else as many values as it holds scalars.
    /// How many scalars a value of `ty` holds, for brace elision (`None`: a type no list
    /// flattens).
    fn scalar_count(&self, ty: &Type) -> Option<usize> {
        match ty {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(*n as usize),
            Type::Matrix(_, r, c) => Some(*r as usize * *c as usize),
            Type::Array(e, Some(n)) => Some(self.scalar_count(e)? * *n as usize),
            Type::Struct(h) if !self.has_constructor(*h) && self.optional_of(ty).is_none() => {
                self.module.structs[*h].fields.iter().map(|f| self.scalar_count(&f.ty)).sum()
            }
            _ => None,
        }
    }

    fn brace_elided(
        &self,
        items: &[ast::Initializer],
        fields: &[Type],
        listed: &[usize],
        span: Span,
    ) -> Option<Vec<ast::Initializer>> {
        let mut rest = items;
        let mut grouped = Vec::new();
        for &i in listed {
            let Some(first) = rest.first() else { break };
            let aggregate = matches!(fields[i], Type::Array(..) | Type::Struct(_));
            // With no more items than fields, an expression other than a literal may be the
            // aggregate's own value.
            let whole = items.len() <= listed.len() && !is_literal(first);
            if !aggregate || whole || matches!(first, ast::Initializer::List(..)) {
                grouped.push(first.clone());
                rest = &rest[1..];
                continue;
            }
            let n = self.scalar_count(&fields[i])?;
            let take = n.min(rest.len());
            if take == 0 || rest[..take].iter().any(|x| matches!(x, ast::Initializer::List(..))) {
                return None;
            }
            grouped.push(ast::Initializer::List(rest[..take].to_vec(), span));
            rest = &rest[take..];
        }
        rest.is_empty().then_some(grouped)
    }
}

/// The expressions of a list and of the lists nested in it, in order.
fn flatten_list(items: &[ast::Initializer]) -> Vec<ast::Initializer> {
    let mut out = Vec::new();
    for i in items {
        match i {
            ast::Initializer::List(inner, _) => out.extend(flatten_list(inner)),
            e => out.push(e.clone()),
        }
    }
    out
}

/// Whether a list item is a number or `true`/`false` written out (never an aggregate's value).
fn is_literal(item: &ast::Initializer) -> bool {
    let ast::Initializer::Expr(e) = item else { return false };
    let mut e = e;
    while let ast::ExprKind::Unary { expr, .. } = &e.kind {
        e = expr;
    }
    matches!(e.kind, ast::ExprKind::IntLit(_) | ast::ExprKind::FloatLit(_) | ast::ExprKind::BoolLit(_))
}

/// Moves the initializer of each `for` that declares one of `leaked` (a variable used after
/// its loop, pre-2021 HLSL's scoping) to just before the loop, so that every target declares
/// it where its later uses see it. The loop runs the same: its initializer runs once, first.
pub(super) fn hoist_for_inits(stmts: &mut Vec<Stmt>, leaked: &crate::fast_hash::HashSet<LocalId>) {
    let mut i = 0;
    while i < stmts.len() {
        for_each_block(&mut stmts[i], &mut |b| hoist_for_inits(&mut b.stmts, leaked));
        let declares =
            |init: &[Stmt]| init.iter().any(|s| matches!(s, Stmt::Local { local, .. } if leaked.contains(local)));
        if let Stmt::For { init, .. } = &mut stmts[i] {
            if declares(init) {
                let moved = std::mem::take(init);
                let n = moved.len();
                stmts.splice(i..i, moved);
                i += n;
            }
        }
        i += 1;
    }
}

/// Calls `f` on each block directly inside `s`.
fn for_each_block(s: &mut Stmt, f: &mut impl FnMut(&mut Block)) {
    match s {
        Stmt::Block(b) | Stmt::For { body: b, .. } | Stmt::While { body: b, .. } | Stmt::DoWhile { body: b, .. } => {
            f(b)
        }
        Stmt::If { then, els, .. } => {
            f(then);
            if let Some(e) = els {
                f(e);
            }
        }
        Stmt::Switch { cases, .. } => cases.iter_mut().for_each(|c| f(&mut c.body)),
        Stmt::Expr(_) | Stmt::Local { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Discard => {}
    }
}
