//! Slang's `constexpr` parameters of user functions (`float4 sample(float2 uv, constexpr int2
//! ofs)`): a call whose argument for one is known when compiled calls an instance of the
//! function in which the parameter is that constant, so the body may use it where a constant
//! is required (a texel offset). A call with an argument not known so calls the instance in
//! which the parameter is an ordinary one, as if it were not `constexpr`.
//!
//! A `for` loop over constant bounds whose body passes the counter to such a parameter is
//! unrolled, as Slang does: the body once per value, the counter a constant in each copy.
//!
//! HLSL has no `constexpr`, but its helpers take texel offsets as parameters (`float
//! LoadDepth(int2 coord, int2 offset) { return g_Depth.Load(int3(coord, 0), offset); }`),
//! which DXC compiles by inlining them into callers that pass constants. A free function whose
//! body needs a constant computed from its parameters alone (a texel offset, or such a
//! parameter of a function it calls) makes those parameters `constexpr` implicitly, unless it
//! assigns them; a call that passes no constant is then the error, at the place that needs it.

use super::{Checker, FnSig, Sym};
use crate::ir::*;
use crate::syntax::ast;
use std::rc::Rc;

/// Unrolling stops at this many iterations: past it the loop is left as it is.
const MAX_UNROLL: i64 = 64;

/// A user function with `constexpr` parameters, as declared: checked once per combination
/// of constants its calls give.
#[derive(Clone)]
pub(super) struct ConstexprFn {
    decl: Rc<ast::FunctionDecl>,
    params: Vec<(Type, ParamMode)>,
    ret: Type,
    namespaces: Vec<String>,
    /// A method's struct (its `this`) and a constructor's, as the declaration had them.
    this: Option<StructId>,
    init: Option<StructId>,
    /// Each instance made: the constants (or `None`, a parameter left ordinary) and its handle.
    instances: Vec<(Vec<Option<ConstValue>>, FunctionId)>,
}

/// The parameters a body needs to be constants (indices into its parameters), and the errors
/// reported if they cannot be.
#[derive(Clone, Debug, Default)]
pub(super) struct ImplicitConstexpr {
    params: std::collections::BTreeSet<usize>,
    suppressed: Vec<crate::diag::Diagnostic>,
}

/// Whether `e` is computed from constants and the function's `in` parameters alone: then those
/// parameters' indices are added to `params`.
fn parameter_dependence(f: &Function, e: ExprId, params: &mut Vec<usize>) -> bool {
    match &f.exprs[e].kind {
        ExprKind::Const(_) => true,
        // Not an entry point's input (a semantic), which no call gives.
        ExprKind::Local(l) => match f.params.iter().position(|p| p == l) {
            Some(i)
                if f.locals[*l].param == Some(ParamMode::In)
                    && f.locals[*l].semantic.is_none()
                    && f.locals[*l].builtin.is_none() =>
            {
                params.push(i);
                true
            }
            _ => false,
        },
        ExprKind::Convert(_)
        | ExprKind::Construct(_)
        | ExprKind::Swizzle { .. }
        | ExprKind::Unary(..)
        | ExprKind::Binary(..) => {
            let mut ok = true;
            f.exprs[e].kind.for_each_child(|c| ok &= parameter_dependence(f, c, params));
            ok
        }
        _ => false,
    }
}

impl Checker {
    /// Where the body being checked may make its parameters implicitly `constexpr` and `e`, an
    /// expression that must be a constant, is computed from them: records them and holds
    /// `diag` back (reported only if they cannot be). Whether it did.
    pub(super) fn defer_constant_to_callers(&mut self, e: ExprId, diag: crate::diag::Diagnostic) -> bool {
        let Some(state) = self.cur.as_mut() else { return false };
        let Some(implicit) = state.facts.implicit_constexpr.as_mut() else { return false };
        let mut params = Vec::new();
        if !parameter_dependence(&state.func, e, &mut params) || params.is_empty() {
            return false;
        }
        implicit.params.extend(params);
        implicit.suppressed.push(diag);
        true
    }

    /// After checking function `id`'s body `func`: its parameters that must be constants
    /// become `constexpr` (calls make instances, as of a Slang `constexpr` parameter), unless
    /// the body assigns one: then the errors held back are reported.
    pub(super) fn implicit_constexpr(
        &mut self,
        id: FunctionId,
        decl: &ast::FunctionDecl,
        func: &Function,
        implicit: ImplicitConstexpr,
        params: &[(Type, ParamMode)],
        ret: &Type,
    ) {
        if implicit.params.is_empty() {
            return;
        }
        let mut written = Vec::new();
        self.written_locals(func, &func.body.stmts, &mut written);
        if implicit.params.iter().any(|&i| func.params.get(i).is_none_or(|l| written.contains(l))) {
            for d in implicit.suppressed {
                self.push(d);
            }
            return;
        }
        let mut marked = decl.clone();
        for &i in &implicit.params {
            let span = marked.params[i].name.span;
            marked.params[i].modifiers.list.push((ast::Modifier::Constexpr, span));
        }
        self.constexpr_function(id, &marked, params, ret);
        self.implicit_constexpr_fns.insert(id);
    }

    /// Records `f` (declared as `id`, with a body) for instances per call when it has
    /// `constexpr` parameters. Whether it did.
    pub(super) fn constexpr_function(
        &mut self,
        id: FunctionId,
        f: &ast::FunctionDecl,
        params: &[(Type, ParamMode)],
        ret: &Type,
    ) -> bool {
        if f.body.is_none() || !f.params.iter().any(|p| p.modifiers.has(ast::Modifier::Constexpr)) {
            return false;
        }
        self.constexpr_names.insert(f.name.name.clone());
        self.constexpr_fns.insert(
            id,
            ConstexprFn {
                decl: Rc::new(f.clone()),
                params: params.to_vec(),
                ret: ret.clone(),
                namespaces: self.namespaces.clone(),
                this: self.pending_this,
                init: self.pending_init,
                instances: Vec::new(),
            },
        );
        true
    }

    /// For a call of a function with `constexpr` parameters: the instance to call and the
    /// arguments it takes (those of its constant parameters gone).
    pub(super) fn constexpr_call(&mut self, id: FunctionId, args: Vec<ExprId>) -> (FunctionId, Vec<ExprId>) {
        let Some(cf) = self.constexpr_fns.get(&id) else { return (id, args) };
        let flags: Vec<bool> = cf.decl.params.iter().map(|p| p.modifiers.has(ast::Modifier::Constexpr)).collect();
        let constants: Vec<Option<ConstValue>> =
            args.iter().zip(&flags).map(|(&a, &c)| if c { self.known_value(a) } else { None }).collect();
        // An implicitly `constexpr` parameter given a value the caller's own parameters make:
        // the caller's become `constexpr` too, and until then this calls the function as it is.
        if self.implicit_constexpr_fns.contains(&id) {
            let callee = self.module.functions[id].name.clone();
            let unknown: Vec<(usize, ExprId)> = (0..args.len())
                .filter(|&i| flags.get(i) == Some(&true) && constants[i].is_none())
                .map(|i| (i, args[i]))
                .collect();
            for &(i, a) in &unknown {
                let name = self.constexpr_fns[&id].decl.params[i].name.name.clone();
                let at = self.span_of(a);
                let diag = crate::diag::Diagnostic::error(
                    "E0532",
                    format!("`{callee}` needs a constant for its parameter `{name}`"),
                )
                .with_label(at, "not known at compile time")
                .with_note(format!("`{callee}` uses `{name}` where a constant is required (a texel offset)"));
                if !self.defer_constant_to_callers(a, diag.clone()) {
                    self.push(diag);
                }
            }
            if !unknown.is_empty() {
                return (id, args);
            }
        }
        let kept: Vec<ExprId> = args.iter().zip(&constants).filter(|(_, c)| c.is_none()).map(|(&a, _)| a).collect();
        let instance = match self.constexpr_fns[&id].instances.iter().find(|(c, _)| *c == constants) {
            Some((_, inst)) => *inst,
            None => self.constexpr_instance(id, constants),
        };
        (instance, kept)
    }

    /// The value of a checked expression known when compiled: a constant, or an integer
    /// scalar or vector folded from constants.
    fn known_value(&self, e: ExprId) -> Option<ConstValue> {
        let f = &self.cur.as_ref()?.func;
        if let ExprKind::Const(c) = &f.exprs[e].kind {
            return Some(c.clone());
        }
        let ty = f.exprs[e].ty.clone();
        let s = ty.scalar().filter(|s| s.is_int())?;
        let ints = super::texture::const_ints(f, &self.global_consts, e)?;
        let one = |v: i64| if s.is_unsigned_int() { ConstValue::Uint(v as u64) } else { ConstValue::Int(v) };
        match ty {
            Type::Scalar(_) if ints.len() == 1 => Some(one(ints[0])),
            Type::Vector(_, n) if ints.len() == usize::from(n) => {
                Some(ConstValue::Composite(ints.into_iter().map(one).collect()))
            }
            _ => None,
        }
    }

    /// Checks the function `id` declares with `constants` for its `constexpr` parameters.
    fn constexpr_instance(&mut self, id: FunctionId, constants: Vec<Option<ConstValue>>) -> FunctionId {
        let cf = self.constexpr_fns[&id].clone();
        let body = cf.decl.body.as_ref().expect("recorded with a body");
        let name = format!("{}_k{}", self.module.functions[id].name, cf.instances.len());
        let kept: Vec<usize> = (0..cf.params.len()).filter(|&i| constants.get(i).is_none_or(Option::is_none)).collect();
        let inst = self.module.functions.append(Function {
            name: name.clone(),
            ret: cf.ret.clone(),
            ret_semantic: None,
            locals: Default::default(),
            params: Vec::new(),
            exprs: Default::default(),
            body: Block::default(),
            span: cf.decl.span,
            uses: Uses::default(),
        });
        self.sigs.push(FnSig {
            name: name.clone(),
            params: kept.iter().map(|&i| cf.params[i].clone()).collect(),
            defaults: kept.iter().map(|&i| cf.decl.params[i].default.clone()).collect(),
            ret: cf.ret.clone(),
            defined: true,
            span: cf.decl.name.span,
        });
        self.fn_attrs.push(Vec::new());
        if let Some(c) = self.constexpr_fns.get_mut(&id) {
            c.instances.push((constants.clone(), inst));
        }
        // Checked as a function of its own: the caller's state waits aside.
        let caller = self.cur.take();
        let outer = std::mem::replace(&mut self.namespaces, cf.namespaces.clone());
        let pending =
            (std::mem::replace(&mut self.pending_this, cf.this), std::mem::replace(&mut self.pending_init, cf.init));
        let (mut func, facts) = self.definition(&cf.decl, body, &cf.ret, &cf.params, &constants);
        (self.pending_this, self.pending_init) = pending;
        self.namespaces = outer;
        self.cur = caller;
        func.name = name;
        self.module.functions[inst] = func;
        self.facts.insert(inst, facts);
        self.made_instances = true;
        inst
    }

    /// `for (int i = A; i < B; i++) body` unrolled when `body` passes `i` to a `constexpr`
    /// parameter (see the module's note): the copies of the body, or `None` to check the
    /// loop as a loop (other bounds, a body that changes `i`, `break` or `continue`).
    pub(super) fn unrolled_loop(
        &mut self,
        init: Option<&ast::Stmt>,
        cond: Option<&ast::Expr>,
        step: Option<&ast::Expr>,
        body: &ast::Stmt,
    ) -> Option<Vec<Stmt>> {
        if self.constexpr_names.is_empty() {
            return None;
        }
        let ast::StmtKind::Decl(g) = &init?.kind else { return None };
        let [d] = g.decls.as_slice() else { return None };
        let Some(ast::Initializer::Expr(start)) = &d.init else { return None };
        if !d.array_dims.is_empty() {
            return None;
        }
        let name = d.name.name.as_str();
        let counter = |e: &ast::Expr| matches!(&e.kind, ast::ExprKind::Ident(n) if n == name);
        // Only the pattern is looked at before anything is checked.
        let ast::ExprKind::Binary { op, lhs, rhs } = &cond?.kind else { return None };
        if !counter(lhs) {
            return None;
        }
        let step = step?;
        let delta = match &step.kind {
            ast::ExprKind::Unary { op: ast::UnOp::PostInc | ast::UnOp::PreInc, expr } if counter(expr) => 1,
            ast::ExprKind::Unary { op: ast::UnOp::PostDec | ast::UnOp::PreDec, expr } if counter(expr) => -1,
            _ => return None,
        };
        let mut scan = Scan { counter: name, constexpr: &self.constexpr_names, passes: false, blocked: false };
        scan.stmt(body);
        if !scan.passes || scan.blocked {
            return None;
        }
        let ty = self.resolve_type(&g.ty);
        let Type::Scalar(s) = ty else { return None };
        if !s.is_int() {
            return None;
        }
        let a = self.const_of_ast(start)?.as_i64()?;
        let b = self.const_of_ast(rhs)?.as_i64()?;
        let holds = |i: i64| match op {
            ast::BinOp::Lt => i < b,
            ast::BinOp::Le => i <= b,
            ast::BinOp::Gt => i > b,
            ast::BinOp::Ge => i >= b,
            ast::BinOp::Ne => i != b,
            _ => false,
        };
        let mut values = Vec::new();
        let mut i = a;
        while holds(i) {
            if values.len() as i64 >= MAX_UNROLL {
                return None;
            }
            values.push(i);
            i += delta;
        }
        let mut out = Vec::new();
        for v in values {
            self.push_scope();
            let value = if s.is_unsigned_int() { ConstValue::Uint(v as u64) } else { ConstValue::Int(v) };
            if let Some(scope) = self.cur.as_mut().and_then(|st| st.scopes.last_mut()) {
                scope.insert(name.to_string(), Sym::Const(value, ty.clone()));
            }
            let b = self.body(body);
            self.pop_scope();
            out.push(Stmt::Block(b));
        }
        Some(out)
    }
}

/// What a loop body does with its counter.
struct Scan<'a> {
    counter: &'a str,
    constexpr: &'a crate::fast_hash::HashSet<String>,
    /// A call of a function with `constexpr` parameters has an argument that names the counter.
    passes: bool,
    /// The body changes the counter, or jumps (`break`, `continue`).
    blocked: bool,
}

impl Scan<'_> {
    fn stmt(&mut self, s: &ast::Stmt) {
        use ast::StmtKind as K;
        match &s.kind {
            K::Expr(e) | K::Throw(e) | K::Return(Some(e)) => self.expr(e),
            K::Decl(g) => g.decls.iter().filter_map(|d| d.init.as_ref()).for_each(|i| self.init(i)),
            K::Block(b) => b.stmts.iter().for_each(|s| self.stmt(s)),
            K::DoCatch { body, catches } => {
                body.stmts.iter().for_each(|s| self.stmt(s));
                catches.iter().flat_map(|c| &c.body.stmts).for_each(|s| self.stmt(s));
            }
            K::If { cond, then, els, .. } => {
                self.expr(cond);
                self.stmt(then);
                if let Some(e) = els {
                    self.stmt(e);
                }
            }
            K::For { init, cond, step, body } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                cond.iter().chain(step).for_each(|e| self.expr(e));
                self.stmt(body);
            }
            K::While { cond, body } | K::DoWhile { body, cond } => {
                self.expr(cond);
                self.stmt(body);
            }
            K::Switch { selector, cases } => {
                self.expr(selector);
                cases.iter().flat_map(|c| &c.body).for_each(|s| self.stmt(s));
            }
            K::TargetSwitch(cases) => cases.iter().flat_map(|c| &c.body).for_each(|s| self.stmt(s)),
            K::Defer(s) => self.stmt(s),
            K::Break | K::Continue => self.blocked = true,
            _ => {}
        }
    }

    fn init(&mut self, i: &ast::Initializer) {
        match i {
            ast::Initializer::Expr(e) => self.expr(e),
            ast::Initializer::List(items, _) => items.iter().for_each(|i| self.init(i)),
        }
    }

    fn names_counter(&self, e: &ast::Expr) -> bool {
        let mut found = false;
        walk(e, &mut |x| found |= matches!(&x.kind, ast::ExprKind::Ident(n) if n == self.counter));
        found
    }

    fn expr(&mut self, e: &ast::Expr) {
        use ast::ExprKind as K;
        let mut calls = Vec::new();
        let mut writes = false;
        walk(e, &mut |x| match &x.kind {
            K::Call { callee, args, .. } if matches!(&callee.kind, K::Ident(n) if self.constexpr.contains(n)) => {
                calls.push(args.clone())
            }
            K::Assign { lhs, .. } if matches!(&lhs.kind, K::Ident(n) if n == self.counter) => writes = true,
            K::Unary { op: ast::UnOp::PreInc | ast::UnOp::PreDec | ast::UnOp::PostInc | ast::UnOp::PostDec, expr }
                if matches!(&expr.kind, K::Ident(n) if n == self.counter) =>
            {
                writes = true
            }
            // `&i`, or `i` as an `out` argument, could change it too: the check of the
            // unrolled body, where `i` is a constant, reports that.
            _ => {}
        });
        self.blocked |= writes;
        self.passes |= calls.iter().flatten().any(|a| self.names_counter(a));
    }
}

/// Calls `f` on `e` and every expression inside it.
fn walk(e: &ast::Expr, f: &mut dyn FnMut(&ast::Expr)) {
    use ast::ExprKind as K;
    f(e);
    match &e.kind {
        K::Binary { lhs, rhs, .. } | K::Assign { lhs, rhs, .. } | K::Comma { lhs, rhs } => {
            walk(lhs, f);
            walk(rhs, f);
        }
        K::Index { base, index } => {
            walk(base, f);
            walk(index, f);
        }
        K::Unary { expr, .. } | K::Cast { expr, .. } => walk(expr, f),
        K::Member { base, .. } | K::EmptyIndex(base) => walk(base, f),
        K::Ternary { cond, then, els } => {
            walk(cond, f);
            walk(then, f);
            walk(els, f);
        }
        K::Call { callee, args, .. } => {
            walk(callee, f);
            args.iter().for_each(|a| walk(a, f));
        }
        K::Construct { args, .. } => args.iter().for_each(|a| walk(a, f)),
        _ => {}
    }
}
