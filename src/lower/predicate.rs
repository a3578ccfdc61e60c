//! Divergent code run by the whole group, so that virtual waves wider than the hardware's can
//! meet at group barriers inside it.
//!
//! A wide virtual wave's operations wait at group barriers ([`super::virtual_wave::wide_virtual_wave`]),
//! which every thread of the group must reach, the same number of times. Where a call sits under
//! control flow that differs between threads, this pass makes the whole group run that flow and
//! gives each thread a predicate instead, as a GPU does with its lanes:
//!
//! - an `if` whose branches reach a wave operation evaluates its condition into a local; both
//!   branches then run for everyone, each statement under the predicate and the condition;
//! - a loop that reaches one runs until no thread of the group is left in it
//!   (`__wide_group_any`, itself a barrier the whole group reaches), each thread's statements
//!   under its own `alive` flag; `break`, `continue` and `return` become flags;
//! - a wave operation (or a function that reaches one) is called by every thread, with the
//!   predicate as its `active` argument; its arguments are evaluated first, under the
//!   predicate, and the statement around it runs under the predicate with the result;
//! - a function that reaches one takes the caller's predicate as a last parameter.
//!
//! Statements that reach no wave operation only get the predicate around them; a local's
//! declaration stays where it is (its scope) and its initializer becomes a guarded assignment.
//! A `switch` whose cases reach a wave operation runs every case body for everyone, each
//! statement under "this thread entered here (or fell through to here) and has not left".

use super::uniformity::Level;
use super::virtual_wave::WideOp;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;

/// Converts every function reachable from `entry_fn` that reaches an operation of `ops` needing
/// the whole group. `group_any` is the stdlib's `__wide_group_any`.
pub(super) fn predicate(
    module: &mut Module,
    entry_fn: FunctionId,
    ops: &HashMap<FunctionId, WideOp>,
    group_any: IntrinsicId,
) {
    let reaches = reaching_functions(module, entry_fn, ops);
    // Callers first need their callees' new parameter: add them all before converting.
    let handles: Vec<FunctionId> = module.functions.iter().map(|(h, _)| h).filter(|h| reaches[h.index()]).collect();
    let mut active_params: HashMap<FunctionId, LocalId> = HashMap::default();
    for &h in &handles {
        if h == entry_fn {
            continue;
        }
        let f = &mut module.functions[h];
        let p = f.locals.append(Local::param("wavec_active", Type::BOOL, ParamMode::In, f.span));
        f.params.push(p);
        active_params.insert(h, p);
    }
    let modes: HashMap<FunctionId, Vec<ParamMode>> = handles
        .iter()
        .map(|&h| {
            let f = &module.functions[h];
            (h, f.params.iter().map(|p| f.locals[*p].param.unwrap_or(ParamMode::In)).collect())
        })
        .collect();
    for &h in &handles {
        let mut f = std::mem::replace(&mut module.functions[h], Function::placeholder());
        let mut c = Converter::new(&mut f, ops, &reaches, &modes, group_any, active_params.get(&h).copied());
        let mut stmts = c.prologue();
        let body = std::mem::take(&mut c.f.body);
        stmts.extend(c.block(body).stmts);
        stmts.extend(c.epilogue());
        f.body = Block { stmts };
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
}

/// Functions that call an operation needing the whole group, directly or through others.
fn reaching_functions(module: &Module, entry_fn: FunctionId, ops: &HashMap<FunctionId, WideOp>) -> Vec<bool> {
    // The source's functions (and stdlib bodies it calls), not the operations' own insides.
    let mut reachable = vec![false; module.functions.len()];
    let mut stack = vec![entry_fn];
    while let Some(h) = stack.pop() {
        if ops.contains_key(&h) || std::mem::replace(&mut reachable[h.index()], true) {
            continue;
        }
        stack.extend_from_slice(&module.functions[h].uses.calls);
    }
    let mut reaches = vec![false; module.functions.len()];
    loop {
        let mut changed = false;
        for (h, f) in module.functions.iter() {
            if !reachable[h.index()] || reaches[h.index()] || ops.contains_key(&h) {
                continue;
            }
            let calls_one = f.uses.calls.iter().any(|c| {
                ops.get(c).is_some_and(|op| super::uniformity::needs(&op.name) == Level::Group) || reaches[c.index()]
            });
            // A function with a group barrier of its own is run by everyone too (see
            // `is_group_barrier`).
            let barrier = f.live_expr_iter().any(|(_, e)| is_group_barrier(&e.kind));
            let calls_one = calls_one || (barrier && h != entry_fn);
            if calls_one {
                reaches[h.index()] = true;
                changed = true;
            }
        }
        if !changed {
            return reaches;
        }
    }
}

/// One term of a predicate: a flag local, or its negation.
#[derive(Clone, Copy)]
struct Term {
    local: LocalId,
    negated: bool,
}

/// A converted loop's flags.
#[derive(Clone, Copy)]
struct LoopFlags {
    alive: LocalId,
    cont: LocalId,
}

struct Converter<'a> {
    f: &'a mut Function,
    ops: &'a HashMap<FunctionId, WideOp>,
    reaches: &'a [bool],
    modes: &'a HashMap<FunctionId, Vec<ParamMode>>,
    group_any: IntrinsicId,
    active: Option<LocalId>,
    returned: Option<LocalId>,
    ret_value: Option<LocalId>,
    loops: Vec<LoopFlags>,
    /// Branch conditions (and lazy operands' values) the current statements are under.
    conds: Vec<Term>,
    /// Converted `switch`es: the flag their `break` sets, and how many converted loops enclose
    /// each (a `break` leaves the switch only when no loop is nearer).
    switches: Vec<(LocalId, usize)>,
    temps: usize,
    span: Span,
}

impl<'a> Converter<'a> {
    fn new(
        f: &'a mut Function,
        ops: &'a HashMap<FunctionId, WideOp>,
        reaches: &'a [bool],
        modes: &'a HashMap<FunctionId, Vec<ParamMode>>,
        group_any: IntrinsicId,
        active: Option<LocalId>,
    ) -> Converter<'a> {
        let span = f.span;
        Converter {
            f,
            ops,
            reaches,
            modes,
            group_any,
            active,
            returned: None,
            ret_value: None,
            loops: Vec::new(),
            conds: Vec::new(),
            switches: Vec::new(),
            temps: 0,
            span,
        }
    }

    /// The flags a `return` sets, declared first.
    fn prologue(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        if block_has_return(&self.f.body) {
            let returned = self.temp("wavec_returned", Type::BOOL);
            let f = self.konst(ConstValue::Bool(false), Type::BOOL);
            out.push(Stmt::Local { local: returned, init: Some(f) });
            self.returned = Some(returned);
            if self.f.ret != Type::Void {
                let value = self.temp("wavec_result", self.f.ret.clone());
                out.push(Stmt::Local { local: value, init: None });
                self.ret_value = Some(value);
            }
        }
        out
    }

    fn epilogue(&mut self) -> Vec<Stmt> {
        match self.ret_value {
            Some(v) => {
                let ty = self.f.ret.clone();
                vec![Stmt::Return(Some(self.add(ExprKind::Local(v), ty)))]
            }
            None => Vec::new(),
        }
    }

    fn add(&mut self, kind: ExprKind, ty: Type) -> ExprId {
        self.f.exprs.append(Expr { kind, ty, span: self.span })
    }

    fn konst(&mut self, v: ConstValue, ty: Type) -> ExprId {
        self.add(ExprKind::Const(v), ty)
    }

    fn temp(&mut self, name: &str, ty: Type) -> LocalId {
        self.temps += 1;
        self.f.locals.append(Local::new(format!("{name}{}", self.temps), ty, self.span))
    }

    fn assign(&mut self, target: LocalId, value: ExprId) -> Stmt {
        let ty = self.f.locals[target].ty.clone();
        let t = self.add(ExprKind::Local(target), ty.clone());
        Stmt::Expr(self.add(ExprKind::Assign { op: None, target: t, value }, ty))
    }

    fn set_flag(&mut self, flag: LocalId, value: bool) -> Stmt {
        let v = self.konst(ConstValue::Bool(value), Type::BOOL);
        self.assign(flag, v)
    }

    fn read(&mut self, term: Term) -> ExprId {
        let l = self.add(ExprKind::Local(term.local), Type::BOOL);
        if term.negated {
            self.add(ExprKind::Unary(UnaryOp::Not, l), Type::BOOL)
        } else {
            l
        }
    }

    /// The current predicate, a fresh expression; `None` where it is always true.
    fn pred(&mut self) -> Option<ExprId> {
        let mut terms = Vec::new();
        if let Some(a) = self.active {
            terms.push(Term { local: a, negated: false });
        }
        if let Some(r) = self.returned {
            terms.push(Term { local: r, negated: true });
        }
        for l in self.loops.clone() {
            terms.push(Term { local: l.alive, negated: false });
            terms.push(Term { local: l.cont, negated: true });
        }
        terms.extend(self.conds.iter().copied());
        let mut acc: Option<ExprId> = None;
        for t in terms {
            let e = self.read(t);
            acc = Some(match acc {
                None => e,
                Some(a) => self.add(ExprKind::Binary(BinaryOp::LogicAnd, a, e), Type::BOOL),
            });
        }
        acc
    }

    /// The predicate as a value (`true` where there is none).
    fn pred_value(&mut self) -> ExprId {
        match self.pred() {
            Some(p) => p,
            None => self.konst(ConstValue::Bool(true), Type::BOOL),
        }
    }

    fn guard(&mut self, stmts: Vec<Stmt>) -> Vec<Stmt> {
        if stmts.is_empty() {
            return stmts;
        }
        match self.pred() {
            None => stmts,
            Some(cond) => vec![Stmt::If { cond, then: Block { stmts }, els: None, hint: BranchHint::None }],
        }
    }

    fn is_wide_call(&self, e: ExprId) -> bool {
        match &self.f.exprs[e].kind {
            ExprKind::Call { function, .. } => {
                self.ops.get(function).is_some_and(|op| super::uniformity::needs(&op.name) == Level::Group)
                    || self.reaches.get(function.index()).copied().unwrap_or(false)
            }
            _ => self.is_group_barrier(e),
        }
    }

    fn is_group_barrier(&self, e: ExprId) -> bool {
        is_group_barrier(&self.f.exprs[e].kind)
    }

    /// Whether `e` calls an operation needing the whole group (or a function reaching one).
    fn expr_has_wide(&self, e: ExprId) -> bool {
        self.is_wide_call(e) || self.f.exprs[e].kind.children().into_iter().any(|c| self.expr_has_wide(c))
    }

    fn stmt_has_wide(&self, s: &Stmt) -> bool {
        let mut found = false;
        visit_exprs(s, &mut |e| found |= self.expr_has_wide(e));
        found
    }

    fn block(&mut self, b: Block) -> Block {
        let mut out = Vec::new();
        for s in b.stmts {
            self.stmt(s, &mut out);
        }
        Block { stmts: out }
    }

    fn stmt(&mut self, s: Stmt, out: &mut Vec<Stmt>) {
        let converts = self.stmt_has_wide(&s) || has_exit(&s, !self.loops.is_empty() || !self.switches.is_empty());
        match s {
            Stmt::Local { local, init } => {
                // The declaration keeps its place (its scope); the value comes under the predicate.
                self.f.locals[local].is_const = false;
                out.push(Stmt::Local { local, init: None });
                if let Some(init) = init {
                    let mut prefix = Vec::new();
                    self.hoist(init, &mut prefix);
                    out.extend(prefix);
                    let set = self.assign(local, init);
                    let guarded = self.guard(vec![set]);
                    out.extend(guarded);
                }
            }
            s if !converts => {
                let guarded = self.guard(vec![s]);
                out.extend(guarded);
            }
            Stmt::Expr(e) => {
                let mut prefix = Vec::new();
                self.hoist(e, &mut prefix);
                out.extend(prefix);
                // A void call taken out whole leaves nothing behind.
                if !matches!(self.f.exprs[e].kind, ExprKind::Const(_)) || self.f.exprs[e].ty != Type::Void {
                    let guarded = self.guard(vec![Stmt::Expr(e)]);
                    out.extend(guarded);
                }
            }
            Stmt::Block(b) => out.push(Stmt::Block(self.block(b))),
            Stmt::If { cond, then, els, .. } => {
                let c = self.condition(cond, out);
                self.conds.push(Term { local: c, negated: false });
                let then = self.block(then);
                self.conds.pop();
                out.push(Stmt::Block(then));
                if let Some(els) = els {
                    self.conds.push(Term { local: c, negated: true });
                    let els = self.block(els);
                    self.conds.pop();
                    out.push(Stmt::Block(els));
                }
            }
            Stmt::For { init, cond, step, body, .. } => {
                let mut scope = Vec::new();
                for s in init {
                    self.stmt(s, &mut scope);
                }
                self.lp(cond, body, step, false, &mut scope);
                out.push(Stmt::Block(Block { stmts: scope }));
            }
            Stmt::While { cond, body, .. } => {
                let mut scope = Vec::new();
                self.lp(Some(cond), body, None, false, &mut scope);
                out.push(Stmt::Block(Block { stmts: scope }));
            }
            Stmt::DoWhile { body, cond, .. } => {
                let mut scope = Vec::new();
                self.lp(Some(cond), body, None, true, &mut scope);
                out.push(Stmt::Block(Block { stmts: scope }));
            }
            Stmt::Switch { selector, cases } => self.switch(selector, cases, out),
            Stmt::Break => {
                // The innermost converted loop or `switch` is the one it leaves.
                let flag = match self.switches.last() {
                    Some(&(broke, depth)) if depth == self.loops.len() => (broke, true),
                    _ => (self.loops.last().expect("a converted break is inside a converted loop").alive, false),
                };
                let set = self.set_flag(flag.0, flag.1);
                let guarded = self.guard(vec![set]);
                out.extend(guarded);
            }
            Stmt::Continue => {
                let l = *self.loops.last().expect("a converted continue is inside a converted loop");
                let set = self.set_flag(l.cont, true);
                let guarded = self.guard(vec![set]);
                out.extend(guarded);
            }
            Stmt::Return(value) => {
                let mut prefix = Vec::new();
                if let Some(v) = value {
                    self.hoist(v, &mut prefix);
                }
                out.extend(prefix);
                let sets = self.return_sets(value);
                let guarded = self.guard(sets);
                out.extend(guarded);
            }
            Stmt::Discard => {
                let sets = self.return_sets(None);
                let guarded = self.guard(sets);
                out.extend(guarded);
            }
        }
    }

    /// A `switch` that reaches a wave operation or holds an exit, run by the whole group: the selector
    /// into a local, then every case body in order, each statement under the predicate, a
    /// flag for "entered" (this case's label matched, or an earlier one's and control fell
    /// through) and one for "left by `break`".
    fn switch(&mut self, selector: ExprId, cases: Vec<SwitchCase>, out: &mut Vec<Stmt>) {
        let mut prefix = Vec::new();
        self.hoist(selector, &mut prefix);
        out.extend(prefix);
        let ty = self.f.exprs[selector].ty.clone();
        let sel = self.temp("wavec_selector", ty.clone());
        out.push(Stmt::Local { local: sel, init: None });
        let set = self.assign(sel, selector);
        let guarded = self.guard(vec![set]);
        out.extend(guarded);
        let entered = self.temp("wavec_entered", Type::BOOL);
        let broke = self.temp("wavec_broke", Type::BOOL);
        let mut scope = Vec::new();
        for flag in [entered, broke] {
            let f = self.konst(ConstValue::Bool(false), Type::BOOL);
            scope.push(Stmt::Local { local: flag, init: Some(f) });
        }
        let signed = matches!(ty.scalar(), Some(s) if s.is_signed_int());
        let label = |c: &mut Self, values: &[i64]| -> Option<ExprId> {
            let mut acc: Option<ExprId> = None;
            for &v in values {
                let s = c.add(ExprKind::Local(sel), ty.clone());
                let k = if signed { ConstValue::Int(v) } else { ConstValue::Uint(v as u64) };
                let k = c.konst(k, ty.clone());
                let eq = c.add(ExprKind::Binary(BinaryOp::Eq, s, k), Type::BOOL);
                acc = Some(match acc {
                    None => eq,
                    Some(a) => c.add(ExprKind::Binary(BinaryOp::LogicOr, a, eq), Type::BOOL),
                });
            }
            acc
        };
        let all_values: Vec<i64> = cases.iter().flat_map(|c| c.values.iter().copied()).collect();
        self.switches.push((broke, self.loops.len()));
        for case in cases {
            // Entered here: its own label, or `default` when no label matches.
            let mut hit = label(self, &case.values);
            if case.is_default {
                let none = match label(self, &all_values) {
                    Some(any) => self.add(ExprKind::Unary(UnaryOp::Not, any), Type::BOOL),
                    None => self.konst(ConstValue::Bool(true), Type::BOOL),
                };
                hit = Some(match hit {
                    Some(h) => self.add(ExprKind::Binary(BinaryOp::LogicOr, h, none), Type::BOOL),
                    None => none,
                });
            }
            if let Some(hit) = hit {
                let was = self.add(ExprKind::Local(entered), Type::BOOL);
                let now = self.add(ExprKind::Binary(BinaryOp::LogicOr, was, hit), Type::BOOL);
                let set = self.assign(entered, now);
                let guarded = self.guard(vec![set]);
                scope.extend(guarded);
            }
            self.conds.push(Term { local: entered, negated: false });
            self.conds.push(Term { local: broke, negated: true });
            let body = self.block(case.body);
            self.conds.truncate(self.conds.len() - 2);
            scope.push(Stmt::Block(body));
        }
        self.switches.pop();
        out.push(Stmt::Block(Block { stmts: scope }));
    }

    /// What a `return` does here: keep the value, mark the thread returned, leave every loop.
    fn return_sets(&mut self, value: Option<ExprId>) -> Vec<Stmt> {
        let mut sets = Vec::new();
        if let (Some(v), Some(slot)) = (value, self.ret_value) {
            sets.push(self.assign(slot, v));
        }
        if let Some(r) = self.returned {
            sets.push(self.set_flag(r, true));
        }
        for l in self.loops.clone() {
            sets.push(self.set_flag(l.alive, false));
        }
        sets
    }

    /// Evaluates a branch condition into a new local under the predicate.
    fn condition(&mut self, cond: ExprId, out: &mut Vec<Stmt>) -> LocalId {
        let mut prefix = Vec::new();
        self.hoist(cond, &mut prefix);
        out.extend(prefix);
        let c = self.temp("wavec_cond", Type::BOOL);
        let f = self.konst(ConstValue::Bool(false), Type::BOOL);
        out.push(Stmt::Local { local: c, init: Some(f) });
        let set = self.assign(c, cond);
        let guarded = self.guard(vec![set]);
        out.extend(guarded);
        c
    }

    /// A loop the whole group runs until no thread is left in it.
    fn lp(&mut self, cond: Option<ExprId>, body: Block, step: Option<ExprId>, cond_last: bool, out: &mut Vec<Stmt>) {
        let alive = self.temp("wavec_alive", Type::BOOL);
        let cont = self.temp("wavec_continue", Type::BOOL);
        let start = self.pred_value();
        out.push(Stmt::Local { local: alive, init: Some(start) });
        let f = self.konst(ConstValue::Bool(false), Type::BOOL);
        out.push(Stmt::Local { local: cont, init: Some(f) });
        self.loops.push(LoopFlags { alive, cont });
        let mut iteration = Vec::new();
        let reset = self.set_flag(cont, false);
        iteration.push(reset);
        let check = |c: &mut Self, iteration: &mut Vec<Stmt>| {
            if let Some(cond) = cond {
                let mut prefix = Vec::new();
                c.hoist(cond, &mut prefix);
                iteration.extend(prefix);
                let not = c.add(ExprKind::Unary(UnaryOp::Not, cond), Type::BOOL);
                let leave = c.set_flag(alive, false);
                let stmt =
                    Stmt::If { cond: not, then: Block { stmts: vec![leave] }, els: None, hint: BranchHint::None };
                let guarded = c.guard(vec![stmt]);
                iteration.extend(guarded);
            }
        };
        if !cond_last {
            check(self, &mut iteration);
        }
        // Everyone leaves together, once no thread of the group is in the loop.
        let alive_read = self.add(ExprKind::Local(alive), Type::BOOL);
        let any = self.add(ExprKind::Intrinsic { id: self.group_any, args: vec![alive_read], bound: None }, Type::BOOL);
        let none = self.add(ExprKind::Unary(UnaryOp::Not, any), Type::BOOL);
        let exit = Stmt::If { cond: none, then: Block { stmts: vec![Stmt::Break] }, els: None, hint: BranchHint::None };
        if !cond_last {
            iteration.push(exit.clone());
        }
        let body = self.block(body);
        iteration.push(Stmt::Block(body));
        let reset = self.set_flag(cont, false);
        iteration.push(reset);
        if let Some(step) = step {
            let mut prefix = Vec::new();
            self.hoist(step, &mut prefix);
            iteration.extend(prefix);
            let guarded = self.guard(vec![Stmt::Expr(step)]);
            iteration.extend(guarded);
        }
        if cond_last {
            check(self, &mut iteration);
            iteration.push(exit);
        }
        self.loops.pop();
        let t = self.konst(ConstValue::Bool(true), Type::BOOL);
        out.push(Stmt::While { cond: t, body: Block { stmts: iteration }, hint: LoopHint::None });
    }

    /// Takes every wave-operation call out of `e` (in evaluation order, nested ones first) into
    /// statements of `out` that the whole group runs, leaving a local with its result in its
    /// place. Lazy operands that hold one are evaluated under their own condition.
    fn hoist(&mut self, e: ExprId, out: &mut Vec<Stmt>) {
        if !self.expr_has_wide(e) {
            return;
        }
        let kind = self.f.exprs[e].kind.clone();
        match kind {
            ExprKind::Binary(op @ (BinaryOp::LogicAnd | BinaryOp::LogicOr), a, b) if self.expr_has_wide(b) => {
                let l = self.condition(a, out);
                let negated = op == BinaryOp::LogicOr;
                self.conds.push(Term { local: l, negated });
                let r = self.condition(b, out);
                self.conds.pop();
                let (lr, rr) = (self.add(ExprKind::Local(l), Type::BOOL), self.add(ExprKind::Local(r), Type::BOOL));
                self.f.exprs[e].kind = ExprKind::Binary(op, lr, rr);
            }
            ExprKind::Select { cond, then, els } if self.expr_has_wide(then) || self.expr_has_wide(els) => {
                let c = self.condition(cond, out);
                let ty = self.f.exprs[e].ty.clone();
                let branch = |me: &mut Self, value: ExprId, negated: bool, out: &mut Vec<Stmt>| {
                    me.conds.push(Term { local: c, negated });
                    me.hoist(value, out);
                    let t = me.temp("wavec_value", ty.clone());
                    out.push(Stmt::Local { local: t, init: None });
                    let set = me.assign(t, value);
                    let guarded = me.guard(vec![set]);
                    out.extend(guarded);
                    me.conds.pop();
                    t
                };
                let tv = branch(self, then, false, out);
                let te = branch(self, els, true, out);
                let cond = self.add(ExprKind::Local(c), Type::BOOL);
                let then = self.add(ExprKind::Local(tv), ty.clone());
                let els = self.add(ExprKind::Local(te), ty);
                self.f.exprs[e].kind = ExprKind::Select { cond, then, els };
            }
            ExprKind::Intrinsic { .. } if self.is_group_barrier(e) => {
                let barrier = self.add(self.f.exprs[e].kind.clone(), Type::Void);
                out.push(Stmt::Expr(barrier));
                self.f.exprs[e].kind = ExprKind::Const(ConstValue::Bool(true));
            }
            ExprKind::Call { function, args } if self.is_wide_call(e) => {
                for &a in &args {
                    self.hoist(a, out);
                }
                let modes = self.modes.get(&function).cloned().unwrap_or_default();
                let mut call_args = Vec::new();
                let mut write_back = Vec::new();
                for (i, &a) in args.iter().enumerate() {
                    let mode = modes.get(i).copied().unwrap_or(ParamMode::In);
                    let simple = matches!(self.f.exprs[a].kind, ExprKind::Const(_) | ExprKind::Local(_));
                    if mode == ParamMode::In && simple {
                        call_args.push(a);
                        continue;
                    }
                    let ty = self.f.exprs[a].ty.clone();
                    let t = self.temp("wavec_arg", ty.clone());
                    out.push(Stmt::Local { local: t, init: None });
                    if mode != ParamMode::Out {
                        let value = if mode == ParamMode::InOut { self.copy(a) } else { a };
                        let set = self.assign(t, value);
                        let guarded = self.guard(vec![set]);
                        out.extend(guarded);
                    }
                    if mode != ParamMode::In {
                        let back = self.add(ExprKind::Local(t), ty.clone());
                        let target = self.copy(a);
                        write_back
                            .push(Stmt::Expr(self.add(ExprKind::Assign { op: None, target, value: back }, ty.clone())));
                    }
                    call_args.push(self.add(ExprKind::Local(t), ty));
                }
                // The operation's (or the function's) `active` argument is its last.
                let active = self.pred_value();
                if self.ops.contains_key(&function) {
                    if let Some(last) = call_args.last_mut() {
                        *last = active;
                    }
                } else {
                    call_args.push(active);
                }
                let ty = self.f.exprs[e].ty.clone();
                let call = self.add(ExprKind::Call { function, args: call_args }, ty.clone());
                if ty == Type::Void {
                    out.push(Stmt::Expr(call));
                    self.f.exprs[e].kind = ExprKind::Const(ConstValue::Bool(true));
                } else {
                    let r = self.temp("wavec_wave", ty);
                    out.push(Stmt::Local { local: r, init: Some(call) });
                    self.f.exprs[e].kind = ExprKind::Local(r);
                }
                let guarded = self.guard(write_back);
                out.extend(guarded);
            }
            other => {
                for c in other.children() {
                    self.hoist(c, out);
                }
            }
        }
    }

    /// A copy of expression `e`'s tree (an lvalue read and written back).
    fn copy(&mut self, e: ExprId) -> ExprId {
        let mut expr = self.f.exprs[e].clone();
        let copies: Vec<ExprId> = expr.kind.children().into_iter().map(|c| self.copy(c)).collect();
        let mut at = 0;
        expr.kind.for_each_child_mut(|c| {
            *c = copies[at];
            at += 1;
        });
        self.f.exprs.append(expr)
    }
}

/// A `*WithGroupSync` barrier of the source: the threads that reach it in the source are all
/// that have not left the shader, and here those that left still run on, to meet at the wave
/// operations' barriers. So every thread meets at it too, whatever its predicate.
fn is_group_barrier(kind: &ExprKind) -> bool {
    let ExprKind::Intrinsic { id, .. } = kind else { return false };
    let stdlib = crate::stdlib::Stdlib::get();
    stdlib.intrinsics.get(id.0 as usize).is_some_and(|i| i.name.ends_with("WithGroupSync"))
}

/// Calls `visit` with each expression a statement evaluates directly or in nested statements.
fn visit_exprs(s: &Stmt, visit: &mut dyn FnMut(ExprId)) {
    match s {
        Stmt::Expr(e) => visit(*e),
        Stmt::Local { init, .. } => {
            if let Some(e) = init {
                visit(*e)
            }
        }
        Stmt::Block(b) => b.stmts.iter().for_each(|s| visit_exprs(s, visit)),
        Stmt::If { cond, then, els, .. } => {
            visit(*cond);
            then.stmts.iter().for_each(|s| visit_exprs(s, visit));
            if let Some(els) = els {
                els.stmts.iter().for_each(|s| visit_exprs(s, visit));
            }
        }
        Stmt::For { init, cond, step, body, .. } => {
            init.iter().for_each(|s| visit_exprs(s, visit));
            if let Some(c) = cond {
                visit(*c);
            }
            if let Some(s) = step {
                visit(*s);
            }
            body.stmts.iter().for_each(|s| visit_exprs(s, visit));
        }
        Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
            visit(*cond);
            body.stmts.iter().for_each(|s| visit_exprs(s, visit));
        }
        Stmt::Switch { selector, cases } => {
            visit(*selector);
            for case in cases {
                case.body.stmts.iter().for_each(|s| visit_exprs(s, visit));
            }
        }
        Stmt::Return(Some(e)) => visit(*e),
        Stmt::Break | Stmt::Continue | Stmt::Return(None) | Stmt::Discard => {}
    }
}

/// Whether `s` holds a `return` (or `discard`), or, inside a converted loop (`in_loop`), a
/// `break`/`continue` of that loop (not one of a loop or `switch` nested in `s`).
fn has_exit(s: &Stmt, in_loop: bool) -> bool {
    fn walk(s: &Stmt, loop_exits: bool, switch_break: bool) -> bool {
        let block = |b: &Block, l: bool, sw: bool| b.stmts.iter().any(|s| walk(s, l, sw));
        match s {
            Stmt::Return(_) | Stmt::Discard => true,
            Stmt::Break => loop_exits && !switch_break,
            Stmt::Continue => loop_exits,
            Stmt::Block(b) => block(b, loop_exits, switch_break),
            Stmt::If { then, els, .. } => {
                block(then, loop_exits, switch_break)
                    || els.as_ref().is_some_and(|e| block(e, loop_exits, switch_break))
            }
            Stmt::For { init, body, .. } => init.iter().any(|s| walk(s, false, false)) || block(body, false, false),
            Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => block(body, false, false),
            Stmt::Switch { cases, .. } => cases.iter().any(|c| block(&c.body, loop_exits, true)),
            Stmt::Expr(_) | Stmt::Local { .. } => false,
        }
    }
    walk(s, in_loop, false)
}

fn block_has_return(b: &Block) -> bool {
    b.stmts.iter().any(|s| has_exit(s, false))
}
