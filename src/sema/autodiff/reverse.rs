//! Slang's reverse-mode differentiation: `bwd_diff(f)` written from `f`'s checked body by
//! carrying adjoints backward. Each statement is undone in reverse order: an assignment hands
//! its target's adjoint to the values it read, a call calls its callee's backward derivative
//! (the user's `[BackwardDerivative]`, or one written here) with the adjoint of its result,
//! `if` takes the branch the primal took, and a loop runs its iterations backward. No tape is
//! kept: what a statement read is recomputed. A block runs forward once, keeping a copy of the
//! locals each statement changes from there on (a checkpoint), and each statement is undone
//! with the locals put back as they were before it; iteration `k` of a loop is reached by
//! running the loop `k` times from its start (checkpointing by recomputation: quadratic in the
//! iteration count, with no bound needed).
//!
//! The body is first made one whose statements all fall through: `return`, `break` and
//! `continue` set flags that guard what follows them and end their loops. Calls nested in
//! expressions are made statements of their own, so each runs once forward and is undone once.
//! A `switch` whose cases each end (`break`, `return`) is first made an `if` chain. A body this
//! cannot undo (a `switch` case falling through, `discard`, an assignment inside an
//! expression, taking an address) is differentiated by the forward-derivative path instead
//! (`write_backward_derivative`).

use super::{Mapped, Writer};
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::*;
use crate::sema::Checker;
use crate::span::Span;

/// Whether `body` is one [`Checker::write_reverse_derivative`] can undo.
pub(super) fn reversible(f: &Function) -> bool {
    fn expr_ok(f: &Function, e: ExprId, top: bool) -> bool {
        let kind = &f.exprs[e].kind;
        let here = match kind {
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } => top,
            // Memory reached through a pointer is read and written as a buffer's is: its values
            // carry no derivative. Taking an address is not undone.
            ExprKind::Comma(..) | ExprKind::AddressOf(_) | ExprKind::SpirvAsm(_) => false,
            // `%` of floats: its derivative in the divisor needs `trunc`, not written here.
            ExprKind::Binary(BinaryOp::Rem, _, _) => !matches!(
                f.exprs[e].ty,
                Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) if s.is_float()
            ),
            _ => true,
        };
        let mut ok = here;
        kind.for_each_child(|c| ok &= expr_ok(f, c, false));
        // An assignment's target and value are checked as parts of one statement.
        if let ExprKind::Assign { target, value, .. } = kind {
            ok = here && expr_ok(f, *target, false) && expr_ok(f, *value, false);
        }
        if let ExprKind::IncDec { target, .. } = kind {
            ok = here && expr_ok(f, *target, false);
        }
        ok
    }
    fn stmts_ok(f: &Function, stmts: &[Stmt], in_loop: bool) -> bool {
        stmts.iter().all(|s| match s {
            Stmt::Expr(e) => expr_ok(f, *e, true),
            Stmt::Local { init, .. } => init.is_none_or(|e| expr_ok(f, e, false)),
            Stmt::Block(b) => stmts_ok(f, &b.stmts, in_loop),
            Stmt::If { cond, then, els, .. } => {
                expr_ok(f, *cond, false)
                    && stmts_ok(f, &then.stmts, in_loop)
                    && els.as_ref().is_none_or(|b| stmts_ok(f, &b.stmts, in_loop))
            }
            Stmt::For { init, cond, step, body, .. } => {
                stmts_ok(f, init, in_loop)
                    && cond.is_none_or(|c| expr_ok(f, c, false))
                    && step.is_none_or(|s| expr_ok(f, s, true))
                    && stmts_ok(f, &body.stmts, true)
            }
            Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
                expr_ok(f, *cond, false) && stmts_ok(f, &body.stmts, true)
            }
            Stmt::Return(value) => value.is_none_or(|e| expr_ok(f, e, false)),
            Stmt::Break | Stmt::Continue => in_loop,
            Stmt::Switch { .. } | Stmt::Discard => false,
        })
    }
    if has_switch(&f.body.stmts) {
        let mut g = f.clone();
        let body = std::mem::take(&mut g.body.stmts);
        let Some(body) = switches_to_ifs(&mut g, body) else { return false };
        return stmts_ok(&g, &body, false);
    }
    stmts_ok(f, &f.body.stmts, false)
}

fn has_switch(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Switch { .. } => true,
        Stmt::Block(b) => has_switch(&b.stmts),
        Stmt::If { then, els, .. } => has_switch(&then.stmts) || els.as_ref().is_some_and(|b| has_switch(&b.stmts)),
        Stmt::For { init, body, .. } => has_switch(init) || has_switch(&body.stmts),
        Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => has_switch(&body.stmts),
        _ => false,
    })
}

/// Whether `stmts` hold a `break` that leaves the statement they belong to (not one of a loop
/// inside them).
fn breaks_out(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break => true,
        Stmt::Block(b) => breaks_out(&b.stmts),
        Stmt::If { then, els, .. } => breaks_out(&then.stmts) || els.as_ref().is_some_and(|b| breaks_out(&b.stmts)),
        _ => false,
    })
}

/// `stmts` with each `switch` made an `if`/`else` chain on its selector (held in a local), so
/// that reverse mode undoes it as it undoes `if`. `None` when a case falls through into the
/// next one's statements, or leaves the switch by a `break` before its end: an `if` chain does
/// not say those.
fn switches_to_ifs(f: &mut Function, stmts: Vec<Stmt>) -> Option<Vec<Stmt>> {
    let mut out = Vec::with_capacity(stmts.len());
    for s in stmts {
        out.push(match s {
            Stmt::Switch { selector, cases } => switch_to_ifs(f, selector, cases)?,
            Stmt::Block(b) => Stmt::Block(Block { stmts: switches_to_ifs(f, b.stmts)? }),
            Stmt::If { cond, then, els, hint } => {
                let then = Block { stmts: switches_to_ifs(f, then.stmts)? };
                let els = match els {
                    Some(b) => Some(Block { stmts: switches_to_ifs(f, b.stmts)? }),
                    None => None,
                };
                Stmt::If { cond, then, els, hint }
            }
            Stmt::For { init, cond, step, mut body, hint } => {
                let init = switches_to_ifs(f, init)?;
                body.stmts = switches_to_ifs(f, body.stmts)?;
                Stmt::For { init, cond, step, body, hint }
            }
            Stmt::While { cond, mut body, hint } => {
                body.stmts = switches_to_ifs(f, body.stmts)?;
                Stmt::While { cond, body, hint }
            }
            Stmt::DoWhile { mut body, cond, hint } => {
                body.stmts = switches_to_ifs(f, body.stmts)?;
                Stmt::DoWhile { body, cond, hint }
            }
            s => s,
        });
    }
    Some(out)
}

fn switch_to_ifs(f: &mut Function, selector: ExprId, cases: Vec<SwitchCase>) -> Option<Stmt> {
    let span = f.exprs[selector].span;
    let ty = f.exprs[selector].ty.clone();
    let unsigned = matches!(ty, Type::Scalar(s) if s.is_unsigned_int());
    // Labels with no statements of their own run the next case's.
    let mut arms: Vec<(Vec<i64>, bool, Vec<Stmt>)> = Vec::new();
    let mut labels: (Vec<i64>, bool) = (Vec::new(), false);
    let count = cases.len();
    for (i, c) in cases.into_iter().enumerate() {
        labels.0.extend(c.values);
        labels.1 |= c.is_default;
        if c.body.stmts.is_empty() && i + 1 < count {
            continue;
        }
        let mut body = c.body.stmts;
        let ends = matches!(body.last(), Some(Stmt::Break | Stmt::Return(_) | Stmt::Continue | Stmt::Discard));
        if !ends && i + 1 < count {
            return None;
        }
        if matches!(body.last(), Some(Stmt::Break)) {
            body.pop();
        }
        if breaks_out(&body) {
            return None;
        }
        let body = switches_to_ifs(f, body)?;
        let (values, default) = std::mem::take(&mut labels);
        arms.push((values, default, body));
    }
    let held = f.locals.append(Local::new("selector", ty.clone(), span));
    let mut chain: Option<Vec<Stmt>> = arms.iter().find(|a| a.1).map(|a| a.2.clone());
    for (values, default, body) in arms.into_iter().rev() {
        if default {
            continue;
        }
        let mut cond = None;
        for v in values {
            let read = f.exprs.append(Expr { kind: ExprKind::Local(held), ty: ty.clone(), span });
            let c = if unsigned { ConstValue::Uint(v as u64) } else { ConstValue::Int(v) };
            let c = f.exprs.append(Expr { kind: ExprKind::Const(c), ty: ty.clone(), span });
            let eq = f.exprs.append(Expr { kind: ExprKind::Binary(BinaryOp::Eq, read, c), ty: Type::BOOL, span });
            cond = Some(match cond {
                Some(t) => {
                    f.exprs.append(Expr { kind: ExprKind::Binary(BinaryOp::LogicOr, t, eq), ty: Type::BOOL, span })
                }
                None => eq,
            });
        }
        let Some(cond) = cond else { continue };
        let els = chain.take().map(|stmts| Block { stmts });
        chain = Some(vec![Stmt::If { cond, then: Block { stmts: body }, els, hint: BranchHint::None }]);
    }
    let mut stmts = vec![Stmt::Local { local: held, init: Some(selector) }];
    stmts.extend(chain.unwrap_or_default());
    Some(Stmt::Block(Block { stmts }))
}

fn returns(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Return(_) => true,
        Stmt::Block(b) => returns(&b.stmts),
        Stmt::If { then, els, .. } => returns(&then.stmts) || els.as_ref().is_some_and(|b| returns(&b.stmts)),
        Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => returns(&body.stmts),
        _ => false,
    })
}

/// The locals whose values `f`'s body reads: all but those only ever the whole target of a plain
/// assignment.
fn locals_read(f: &Function) -> HashSet<LocalId> {
    let mut targets = HashSet::default();
    for (_, e) in f.exprs.iter() {
        if let ExprKind::Assign { op: None, target, .. } = &e.kind {
            targets.insert(*target);
        }
    }
    let mut read = HashSet::default();
    for (h, e) in f.exprs.iter() {
        if let (ExprKind::Local(l), false) = (&e.kind, targets.contains(&h)) {
            read.insert(*l);
        }
    }
    read
}

/// The local an lvalue is a part of (`a` of `a.x[i]`).
fn root_local(f: &Function, e: ExprId) -> Option<LocalId> {
    match &f.exprs[e].kind {
        ExprKind::Local(l) => Some(*l),
        ExprKind::Field { base, .. } | ExprKind::Index { base, .. } | ExprKind::Swizzle { base, .. } => {
            root_local(f, *base)
        }
        _ => None,
    }
}

/// A value of this type can be copied into a checkpoint and back.
fn plain(c: &Checker, ty: &Type) -> bool {
    match ty {
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..) | Type::Pointer(_) => true,
        Type::Array(e, Some(_)) => plain(c, e),
        Type::Struct(h) => c.module.structs[*h].fields.iter().all(|f| plain(c, &f.ty)),
        _ => false,
    }
}

impl Checker {
    /// The locals statements `stmts` of `f` may change, in order of first change.
    pub(in crate::sema) fn written_locals(&self, f: &Function, stmts: &[Stmt], into: &mut Vec<LocalId>) {
        fn add(into: &mut Vec<LocalId>, l: Option<LocalId>) {
            if let Some(l) = l.filter(|l| !into.contains(l)) {
                into.push(l);
            }
        }
        fn expr(c: &Checker, f: &Function, e: ExprId, into: &mut Vec<LocalId>) {
            let kind = &f.exprs[e].kind;
            match kind {
                ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => add(into, root_local(f, *target)),
                ExprKind::Call { function, args } => {
                    for (a, (_, mode)) in args.iter().zip(&c.sigs[function.index()].params) {
                        if *mode != ParamMode::In {
                            add(into, root_local(f, *a));
                        }
                    }
                }
                ExprKind::Intrinsic { id, args, .. } => {
                    let params = &c.stdlib.intrinsics[id.0 as usize].params;
                    for (a, p) in args.iter().zip(params) {
                        if p.mode != ParamMode::In {
                            add(into, root_local(f, *a));
                        }
                    }
                }
                _ => {}
            }
            kind.for_each_child(|ch| expr(c, f, ch, into));
        }
        for s in stmts {
            match s {
                Stmt::Expr(e) => expr(self, f, *e, into),
                Stmt::Local { local, init } => {
                    if let Some(e) = init {
                        expr(self, f, *e, into);
                    }
                    add(into, Some(*local));
                }
                Stmt::Block(b) => self.written_locals(f, &b.stmts, into),
                Stmt::If { cond, then, els, .. } => {
                    expr(self, f, *cond, into);
                    self.written_locals(f, &then.stmts, into);
                    if let Some(b) = els {
                        self.written_locals(f, &b.stmts, into);
                    }
                }
                Stmt::For { init, cond, step, body, .. } => {
                    self.written_locals(f, init, into);
                    for e in cond.iter().chain(step) {
                        expr(self, f, *e, into);
                    }
                    self.written_locals(f, &body.stmts, into);
                }
                Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
                    expr(self, f, *cond, into);
                    self.written_locals(f, &body.stmts, into);
                }
                Stmt::Switch { selector, cases } => {
                    expr(self, f, *selector, into);
                    for case in cases {
                        self.written_locals(f, &case.body.stmts, into);
                    }
                }
                Stmt::Return(Some(e)) => expr(self, f, *e, into),
                Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Discard => {}
            }
        }
    }

    /// `f`'s body with no early exit ([`fall_through`]); the local that holds the result is
    /// returned.
    fn fall_through_returns(&mut self, f: &mut Function) -> Option<LocalId> {
        if !exits(&f.body.stmts, false) {
            return None;
        }
        let span = f.span;
        let result = (f.ret != Type::Void).then(|| f.locals.append(Local::new("result", f.ret.clone(), span)));
        let returned = f.locals.append(Local::new("returned", Type::BOOL, span));
        let no = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Bool(false)), ty: Type::BOOL, span });
        let body = std::mem::take(&mut f.body.stmts);
        let mut stmts = vec![Stmt::Local { local: returned, init: Some(no) }];
        if let Some(r) = result {
            stmts.push(Stmt::Local { local: r, init: None });
        }
        let x = Exits { result, returned: Some(returned), broken: None, continued: None };
        stmts.extend(fall_through(f, &body, x));
        f.body.stmts = stmts;
        result
    }

    /// `stmts` with each `if` condition that changes a local (`if (step(x))` with an `inout`
    /// `x`) evaluated into a local of its own first, so that its branches are undone from the
    /// locals as the condition left them and the condition after them.
    fn hoist_conditions(&self, f: &mut Function, stmts: Vec<Stmt>) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            match s {
                Stmt::If { cond, then, els, hint } => {
                    let then = Block { stmts: self.hoist_conditions(f, then.stmts) };
                    let els = els.map(|b| Block { stmts: self.hoist_conditions(f, b.stmts) });
                    let mut changed = Vec::new();
                    let test = Stmt::Expr(cond);
                    self.written_locals(f, std::slice::from_ref(&test), &mut changed);
                    if changed.is_empty() {
                        out.push(Stmt::If { cond, then, els, hint });
                        continue;
                    }
                    let span = f.exprs[cond].span;
                    let ty = f.exprs[cond].ty.clone();
                    let c = f.locals.append(Local::new("condition", ty.clone(), span));
                    out.push(Stmt::Local { local: c, init: Some(cond) });
                    let read = f.exprs.append(Expr { kind: ExprKind::Local(c), ty, span });
                    out.push(Stmt::If { cond: read, then, els, hint });
                }
                Stmt::Block(b) => out.push(Stmt::Block(Block { stmts: self.hoist_conditions(f, b.stmts) })),
                Stmt::For { init, cond, step, body, hint } => {
                    let body = Block { stmts: self.hoist_conditions(f, body.stmts) };
                    out.push(Stmt::For { init, cond, step, body, hint });
                }
                Stmt::While { cond, body, hint } => {
                    let body = Block { stmts: self.hoist_conditions(f, body.stmts) };
                    out.push(Stmt::While { cond, body, hint });
                }
                Stmt::DoWhile { body, cond, hint } => {
                    let body = Block { stmts: self.hoist_conditions(f, body.stmts) };
                    out.push(Stmt::DoWhile { body, cond, hint });
                }
                s => out.push(s),
            }
        }
        out
    }

    /// `stmts` with each call nested in an expression made a local of its own before the
    /// statement (`t = load(i); r = t * t;`): the call then runs once, forward, and is undone
    /// once, rather than run again wherever the reverse pass reads its value (where what the
    /// backward derivatives did may have changed its result). Calls under `&&`, `||` and `?:`,
    /// which may not run, stay where they are.
    fn hoist_calls(&self, f: &mut Function, no_diff: &mut HashSet<ExprId>, stmts: Vec<Stmt>) -> Vec<Stmt> {
        fn walk(
            c: &Checker,
            f: &mut Function,
            no_diff: &mut HashSet<ExprId>,
            e: ExprId,
            root: bool,
            out: &mut Vec<Stmt>,
        ) {
            let kind = f.exprs[e].kind.clone();
            match &kind {
                ExprKind::Binary(BinaryOp::LogicAnd | BinaryOp::LogicOr, l, _) => {
                    walk(c, f, no_diff, *l, false, out);
                    return;
                }
                ExprKind::Select { cond, .. } => {
                    walk(c, f, no_diff, *cond, false, out);
                    return;
                }
                // An assignment's target is a place, not a value to hoist.
                ExprKind::Assign { value, .. } => {
                    walk(c, f, no_diff, *value, true, out);
                    return;
                }
                _ => {}
            }
            let mut children = Vec::new();
            kind.for_each_child(|ch| children.push(ch));
            let place_args: Vec<bool> = match &kind {
                ExprKind::Call { function, .. } => {
                    c.sigs[function.index()].params.iter().map(|(_, m)| *m != ParamMode::In).collect()
                }
                ExprKind::Intrinsic { id, .. } => {
                    c.stdlib.intrinsics[id.0 as usize].params.iter().map(|p| p.mode != ParamMode::In).collect()
                }
                _ => Vec::new(),
            };
            for (i, ch) in children.into_iter().enumerate() {
                // An `out` argument is a place too.
                if !place_args.get(i).copied().unwrap_or(false) {
                    walk(c, f, no_diff, ch, false, out);
                }
            }
            let ty = f.exprs[e].ty.clone();
            if root || !matches!(kind, ExprKind::Call { .. }) || ty == Type::Void || !plain(c, &ty) {
                return;
            }
            let span = f.exprs[e].span;
            let call = f.exprs.append(f.exprs[e].clone());
            if no_diff.contains(&e) {
                no_diff.insert(call);
            }
            let t = f.locals.append(Local::new("value", ty, span));
            out.push(Stmt::Local { local: t, init: Some(call) });
            f.exprs[e].kind = ExprKind::Local(t);
        }
        let mut out = Vec::new();
        for s in stmts {
            match s {
                Stmt::Expr(e) | Stmt::Local { init: Some(e), .. } | Stmt::Return(Some(e)) => {
                    walk(self, f, no_diff, e, true, &mut out);
                    out.push(s);
                }
                Stmt::If { cond, then, els, hint } => {
                    walk(self, f, no_diff, cond, true, &mut out);
                    let then = Block { stmts: self.hoist_calls(f, no_diff, then.stmts) };
                    let els = els.map(|b| Block { stmts: self.hoist_calls(f, no_diff, b.stmts) });
                    out.push(Stmt::If { cond, then, els, hint });
                }
                Stmt::Block(b) => out.push(Stmt::Block(Block { stmts: self.hoist_calls(f, no_diff, b.stmts) })),
                Stmt::For { init, cond, step, body, hint } => {
                    let body = Block { stmts: self.hoist_calls(f, no_diff, body.stmts) };
                    out.push(Stmt::For { init, cond, step, body, hint });
                }
                Stmt::While { cond, body, hint } => {
                    let body = Block { stmts: self.hoist_calls(f, no_diff, body.stmts) };
                    out.push(Stmt::While { cond, body, hint });
                }
                Stmt::DoWhile { body, cond, hint } => {
                    let body = Block { stmts: self.hoist_calls(f, no_diff, body.stmts) };
                    out.push(Stmt::DoWhile { body, cond, hint });
                }
                s => out.push(s),
            }
        }
        out
    }

    /// `bwd_diff(primal)` written by reverse-mode differentiation into `bwd`, whose parameters
    /// [`Checker::backward_signature`] gave.
    pub(super) fn write_reverse_derivative(&mut self, primal: FunctionId, bwd: FunctionId) {
        let mut src = self.module.functions[primal].clone();
        let body = std::mem::take(&mut src.body.stmts);
        let body = if has_switch(&body) { switches_to_ifs(&mut src, body.clone()).unwrap_or(body) } else { body };
        let mut no_diff = self.facts.get(&primal).map(|f| f.no_diff.clone()).unwrap_or_default();
        let body = self.hoist_calls(&mut src, &mut no_diff, body);
        src.body.stmts = self.hoist_conditions(&mut src, body);
        let result = self.fall_through_returns(&mut src);
        let psig = self.sigs[primal.index()].clone();
        let bsig = self.sigs[bwd.index()].clone();
        let span = psig.span;
        // Which parameters take derivatives (a pair, or an `out` one's differential).
        let taken: Vec<bool> = match self.autodiff.derivatives.get(&primal).copied() {
            Some(fwd) => self.backward_signature(primal, fwd).1,
            None => bsig.params.iter().zip(&psig.params).map(|(b, p)| b.0 != p.0).collect(),
        };
        // Each parameter's place among the backward derivative's (a plain `out` one has none).
        let slots = self.backward_slots(primal, &taken);
        let kept = slots.iter().flatten().count();
        let mut names: Vec<String> = src
            .params
            .iter()
            .enumerate()
            .filter(|(i, _)| slots[*i].is_some())
            .map(|(i, l)| {
                let name = &src.locals[*l].name;
                if taken[i] {
                    format!("{name}_pair")
                } else {
                    name.clone()
                }
            })
            .collect();
        names.push("dOut".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.generate_body(bwd, &names, |c, params| {
            let mut w = Writer {
                src,
                no_diff,
                locals: HashMap::default(),
                pair_params: Vec::new(),
                ret_pair: None,
                zero: false,
                read: HashSet::default(),
                companions: HashMap::default(),
            };
            w.read = locals_read(&w.src);
            let mut stmts = Vec::new();
            let src_locals: Vec<(LocalId, Local)> = w.src.locals.iter().map(|(h, l)| (h, l.clone())).collect();
            for (h, l) in &src_locals {
                let param = w.src.params.iter().position(|p| p == h);
                // A parameter taken as it is stays the parameter.
                if let Some(k) = param.filter(|i| !taken[*i]).and_then(|i| slots[i]) {
                    w.locals.insert(*h, Mapped { primal: params[k], diff: None });
                    continue;
                }
                let copy = Local { param: None, builtin: None, is_const: false, ..l.clone() };
                let st = c.cur.as_mut().expect("the derivative being written");
                let primal_local = st.func.locals.append(copy);
                let init = plain(c, &l.ty).then(|| c.zero_value(&l.ty, span));
                stmts.push(Stmt::Local { local: primal_local, init });
                let diff = match c.differential_type(&l.ty) {
                    Some(t) => {
                        let st = c.cur.as_mut().expect("the derivative being written");
                        let d = st.func.locals.append(Local::new(format!("{}_adjoint", l.name), t.clone(), l.span));
                        let zero = c.differential_zero(&t, span);
                        stmts.push(Stmt::Local { local: d, init: Some(zero) });
                        Some(d)
                    }
                    None => None,
                };
                w.locals.insert(*h, Mapped { primal: primal_local, diff });
                let carries = param.is_some() || c.ptr_struct_based(&l.ty);
                if let Some(t) = c.ptr_differential(&l.ty).filter(|_| carries) {
                    let st = c.cur.as_mut().expect("the derivative being written");
                    let companion = st.func.locals.append(Local::new(format!("{}_dp", l.name), t, l.span));
                    stmts.push(Stmt::Local { local: companion, init: None });
                    w.companions.insert(*h, companion);
                }
            }
            // Pairs give the primal values; an `inout` one's differential and an `out`
            // parameter's are the adjoints of their values at the end, the last parameter the
            // result's.
            for (i, p) in w.src.params.clone().iter().enumerate() {
                let Some(k) = slots[i].filter(|_| taken[i]) else { continue };
                let (bty, _) = bsig.params[k].clone();
                let m = w.locals[p];
                let pmode = psig.params[i].1;
                if pmode == ParamMode::Out {
                    if let Some(d) = m.diff {
                        let value = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                        c.assign_local(d, value, &mut stmts, span);
                    }
                    continue;
                }
                let Type::Struct(h) = bty else { continue };
                let fields = c.module.structs[h].fields.clone();
                let read = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                let value = c.add_expr(ExprKind::Field { base: read, index: 0 }, fields[0].ty.clone(), span);
                let value = c.coerce(value, &w.src.locals[*p].ty, span);
                c.assign_local(m.primal, value, &mut stmts, span);
                if let Some(companion) = w.companions.get(p).copied() {
                    let read = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                    let value = c.add_expr(ExprKind::Field { base: read, index: 1 }, fields[1].ty.clone(), span);
                    c.assign_local(companion, value, &mut stmts, span);
                }
                if let (ParamMode::InOut, Some(d)) = (pmode, m.diff) {
                    let read = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                    let value = c.add_expr(ExprKind::Field { base: read, index: 1 }, fields[1].ty.clone(), span);
                    c.assign_local(d, value, &mut stmts, span);
                }
            }
            if let (Some(r), true) = (result, bsig.params.len() > kept) {
                if let Some(d) = w.locals[&r].diff {
                    let dty = c.local_ty(d);
                    let value = c.add_expr(ExprKind::Local(params[kept]), dty, span);
                    c.assign_local(d, value, &mut stmts, span);
                }
            }
            let body = w.src.body.stmts.clone();
            let reversed = c.rev_block(&mut w, &body);
            stmts.extend(reversed);
            // Each pair's differential becomes the gradient of its input.
            for (i, p) in w.src.params.clone().iter().enumerate() {
                let Some(k) = slots[i].filter(|_| taken[i] && psig.params[i].1 != ParamMode::Out) else { continue };
                let bty = bsig.params[k].0.clone();
                let Type::Struct(h) = bty.clone() else { continue };
                // A pointer-like parameter's pair is an input: its gradient went through it.
                if c.is_ptr_pair(h) {
                    continue;
                }
                let fields = c.module.structs[h].fields.clone();
                let read = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                let primal_value = c.add_expr(ExprKind::Field { base: read, index: 0 }, fields[0].ty.clone(), span);
                let d = match w.locals[p].diff {
                    Some(d) => c.add_expr(ExprKind::Local(d), fields[1].ty.clone(), span),
                    None => c.differential_zero(&fields[1].ty, span),
                };
                let d = c.coerce(d, &fields[1].ty, span);
                let value = c.add_expr(ExprKind::Construct(vec![primal_value, d]), bty.clone(), span);
                let target = c.add_expr(ExprKind::Local(params[k]), bty.clone(), span);
                stmts.push(Stmt::Expr(c.add_expr(ExprKind::Assign { op: None, target, value }, bty, span)));
            }
            stmts
        });
        self.made_instances = true;
    }

    fn assign_local(&mut self, l: LocalId, value: ExprId, out: &mut Vec<Stmt>, span: Span) {
        let ty = self.local_ty(l);
        let target = self.add_expr(ExprKind::Local(l), ty.clone(), span);
        let value = self.coerce(value, &ty, span);
        out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target, value }, ty, span)));
    }

    fn read_local(&mut self, l: LocalId, span: Span) -> ExprId {
        let ty = self.local_ty(l);
        self.add_expr(ExprKind::Local(l), ty, span)
    }

    /// A temporary holding `value`.
    fn hold(&mut self, value: ExprId, out: &mut Vec<Stmt>) -> LocalId {
        let (ty, span) = (self.ty(value), self.expr_span(value));
        let t = self.temp_local("adj", &ty, span);
        out.push(Stmt::Local { local: t, init: Some(value) });
        t
    }

    fn expr_span(&self, e: ExprId) -> Span {
        self.cur.as_ref().map(|st| st.func.exprs[e].span).unwrap_or_default()
    }

    /// `place += value` of a differential.
    fn accumulate(&mut self, place: ExprId, value: ExprId, out: &mut Vec<Stmt>, span: Span) {
        let ty = self.ty(place);
        let current = self.dup(place);
        let value = self.coerce(value, &ty, span);
        let sum = self.differential_sum(current, value, &ty, span);
        out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target: place, value: sum }, ty, span)));
    }

    fn set_zero(&mut self, place: ExprId, out: &mut Vec<Stmt>, span: Span) {
        let ty = self.ty(place);
        let zero = self.differential_zero(&ty, span);
        out.push(Stmt::Expr(self.add_expr(ExprKind::Assign { op: None, target: place, value: zero }, ty, span)));
    }

    /// Copies of `locals` (of the primal), to put them back with [`Checker::restore`].
    fn checkpoint(&mut self, w: &Writer, locals: &[LocalId], out: &mut Vec<Stmt>) -> Vec<(LocalId, LocalId)> {
        let mut saved = Vec::new();
        for l in locals {
            let m = w.locals[l];
            let ty = self.local_ty(m.primal);
            if !plain(self, &ty) || !w.read.contains(l) {
                continue;
            }
            let span = w.src.locals[*l].span;
            let t = self.temp_local("saved", &ty, span);
            let read = self.read_local(m.primal, span);
            out.push(Stmt::Local { local: t, init: Some(read) });
            saved.push((m.primal, t));
        }
        saved
    }

    fn restore(&mut self, saved: &[(LocalId, LocalId)], out: &mut Vec<Stmt>, span: Span) {
        for (l, t) in saved {
            let value = self.read_local(*t, span);
            self.assign_local(*l, value, out, span);
        }
    }

    /// Statements `stmts` undone: run forward with a checkpoint before each, then undone last
    /// to first, each from its checkpoint.
    fn rev_block(&mut self, w: &mut Writer, stmts: &[Stmt]) -> Vec<Stmt> {
        let mut out = Vec::new();
        let n = stmts.len();
        let span = w.src.span;
        let mut changed_from: Vec<Vec<LocalId>> = vec![Vec::new(); n];
        let mut changed = Vec::new();
        for k in (0..n).rev() {
            self.written_locals(&w.src, &stmts[k..=k], &mut changed);
            changed_from[k] = changed.clone();
        }
        let mut saved = Vec::new();
        for k in 0..n.saturating_sub(1) {
            saved.push(self.checkpoint(w, &changed_from[k], &mut out));
            self.primal_stmt(w, &stmts[k], &mut out);
        }
        for k in (0..n).rev() {
            if k + 1 < n {
                self.restore(&saved[k], &mut out, span);
            }
            self.rev_stmt(w, &stmts[k], &mut out);
        }
        out
    }

    /// Statement `s` of the primal as it runs (its locals declared at the top already).
    fn primal_stmt(&mut self, w: &mut Writer, s: &Stmt, out: &mut Vec<Stmt>) {
        match s {
            Stmt::Expr(e) => {
                if let ExprKind::Assign { op: None, target, value } = w.src.exprs[*e].kind {
                    if let ExprKind::Local(l) = w.src.exprs[target].kind {
                        if w.companions.contains_key(&l) {
                            self.primal_ptr_assign(w, l, value, out);
                            return;
                        }
                    }
                }
                let e = self.copy_expr(w, *e);
                out.push(Stmt::Expr(e));
            }
            Stmt::Local { local, init } => {
                if let Some(e) = init {
                    if w.companions.contains_key(local) {
                        self.primal_ptr_assign(w, *local, *e, out);
                        return;
                    }
                    let value = self.copy_expr(w, *e);
                    let span = w.src.locals[*local].span;
                    self.assign_local(w.locals[local].primal, value, out, span);
                }
            }
            Stmt::Block(b) => {
                let mut inner = Vec::new();
                for s in &b.stmts {
                    self.primal_stmt(w, s, &mut inner);
                }
                out.push(Stmt::Block(Block { stmts: inner }));
            }
            Stmt::If { cond, then, els, hint } => {
                let cond = self.copy_expr(w, *cond);
                let then = self.primal_block(w, &then.stmts);
                let els = els.as_ref().map(|b| self.primal_block(w, &b.stmts));
                out.push(Stmt::If { cond, then, els, hint: *hint });
            }
            Stmt::For { init, cond, step, body, hint } => {
                let mut head = Vec::new();
                for s in init {
                    self.primal_stmt(w, s, &mut head);
                }
                let cond = cond.map(|c| self.copy_expr(w, c));
                let step = step.map(|s| self.copy_expr(w, s));
                let body = self.primal_block(w, &body.stmts);
                head.push(Stmt::For { init: Vec::new(), cond, step, body, hint: *hint });
                out.push(Stmt::Block(Block { stmts: head }));
            }
            Stmt::While { cond, body, hint } => {
                let cond = self.copy_expr(w, *cond);
                let body = self.primal_block(w, &body.stmts);
                out.push(Stmt::While { cond, body, hint: *hint });
            }
            Stmt::DoWhile { body, cond, hint } => {
                let body = self.primal_block(w, &body.stmts);
                let cond = self.copy_expr(w, *cond);
                out.push(Stmt::DoWhile { body, cond, hint: *hint });
            }
            Stmt::Switch { .. } | Stmt::Return(_) | Stmt::Discard => {}
            Stmt::Break => out.push(Stmt::Break),
            Stmt::Continue => out.push(Stmt::Continue),
        }
    }

    /// `local = value` run forward for a pointer-like `local`: its differential location goes
    /// with it, read from a pointer-like local, or given by the forward derivative of the call
    /// that makes the value (which gives both, as a `DifferentialPtrPair`).
    fn primal_ptr_assign(&mut self, w: &mut Writer, local: LocalId, value: ExprId, out: &mut Vec<Stmt>) {
        let span = w.src.exprs[value].span;
        let primal = w.locals[&local].primal;
        let companion = w.companions[&local];
        if let ExprKind::Call { function, args } = w.src.exprs[value].kind.clone() {
            if let Some(pair) = self.ptr_call_forward(w, function, &args, span, out) {
                let ty = self.local_ty(pair);
                let Type::Struct(h) = ty.clone() else { unreachable!("a pair") };
                let fields = self.module.structs[h].fields.clone();
                for (index, to) in [(0, primal), (1, companion)] {
                    let read = self.read_local(pair, span);
                    let v =
                        self.add_expr(ExprKind::Field { base: read, index }, fields[index as usize].ty.clone(), span);
                    self.assign_local(to, v, out, span);
                }
                return;
            }
        }
        let p = self.copy_expr(w, value);
        self.assign_local(primal, p, out, span);
        match self.companion_value(w, value) {
            Some(d) => self.assign_local(companion, d, out, span),
            None => {
                let ty = w.src.exprs[value].ty.clone();
                self.unknown_location(&ty, span);
            }
        }
    }

    /// The differential location of pointer-like expression `e` (a local's companion).
    fn companion_value(&mut self, w: &Writer, e: ExprId) -> Option<ExprId> {
        let span = w.src.exprs[e].span;
        match w.src.exprs[e].kind {
            ExprKind::Local(l) => w.companions.get(&l).map(|c| self.read_local(*c, span)),
            // An element of an array of pointer-like values: the element of its locations.
            ExprKind::Index { base, index } => {
                let dty = self.ptr_differential(&w.src.exprs[e].ty)?;
                let base = self.companion_value(w, base)?;
                let index = self.copy_expr(w, index);
                Some(self.add_expr(ExprKind::Index { base, index }, dty, span))
            }
            _ => None,
        }
    }

    /// A call returning a pointer-like value, made through its forward derivative: each
    /// pointer-like argument with its differential location, each differentiable one with a
    /// zero differential. The temporary holding the `DifferentialPtrPair` it returns; `None`
    /// when the callee has no forward derivative returning one.
    fn ptr_call_forward(
        &mut self,
        w: &Writer,
        function: FunctionId,
        args: &[ExprId],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<LocalId> {
        let ret = self.sigs[function.index()].ret.clone();
        self.ptr_differential(&ret)?;
        let fwd = self.forward_derivative(function, span)?;
        let fsig = self.sigs[fwd.index()].clone();
        if !matches!(fsig.ret, Type::Struct(h) if self.is_ptr_pair(h)) || fsig.params.len() != args.len() {
            return None;
        }
        let mut call_args = Vec::new();
        for (&a, (pty, _)) in args.iter().zip(&fsig.params) {
            let p = self.copy_expr(w, a);
            let pair = match pty {
                Type::Struct(h) if self.ty(p) != *pty && (self.is_pair(*h) || self.is_ptr_pair(*h)) => *h,
                _ => {
                    call_args.push(self.coerce(p, pty, span));
                    continue;
                }
            };
            let fields = self.module.structs[pair].fields.clone();
            let p = self.coerce(p, &fields[0].ty, span);
            let d = match self.companion_value(w, a).filter(|_| self.is_ptr_pair(pair)) {
                Some(d) => d,
                None => self.differential_zero(&fields[1].ty, span),
            };
            call_args.push(self.add_expr(ExprKind::Construct(vec![p, d]), pty.clone(), span));
        }
        let call = self.call_function(fwd, call_args, span);
        Some(self.hold(call, out))
    }

    fn primal_block(&mut self, w: &mut Writer, stmts: &[Stmt]) -> Block {
        let mut out = Vec::new();
        for s in stmts {
            self.primal_stmt(w, s, &mut out);
        }
        Block { stmts: out }
    }

    /// Statement `s` undone, the primal's locals as they were before it.
    fn rev_stmt(&mut self, w: &mut Writer, s: &Stmt, out: &mut Vec<Stmt>) {
        let span = w.src.span;
        match s {
            Stmt::Expr(e) => match w.src.exprs[*e].kind.clone() {
                ExprKind::Assign { op, target, value } => {
                    let Some(place) = self.adjoint_place(w, target) else {
                        self.rev_expr(w, value, None, out);
                        return;
                    };
                    let current = self.dup(place);
                    let adj = self.hold(current, out);
                    // The value may be a scalar spread over the target (`v += s`).
                    match op {
                        None => {
                            self.set_zero(place, out, span);
                            let a = self.read_local(adj, span);
                            self.rev_value(w, value, a, out);
                        }
                        Some(BinaryOp::Add) => {
                            let a = self.read_local(adj, span);
                            self.rev_value(w, value, a, out);
                        }
                        Some(BinaryOp::Sub) => {
                            let a = self.read_local(adj, span);
                            let ty = self.ty(a);
                            let neg = self.add_expr(ExprKind::Unary(UnaryOp::Neg, a), ty, span);
                            self.rev_value(w, value, neg, out);
                        }
                        Some(op) => {
                            // `x op= v` is `x = x op v`, whose `x` reads the value before.
                            let ty = w.src.exprs[target].ty.clone();
                            let read = w.src.exprs.append(w.src.exprs[target].clone());
                            let combined =
                                w.src.exprs.append(Expr { kind: ExprKind::Binary(op, read, value), ty, span });
                            self.set_zero(place, out, span);
                            self.rev_expr(w, combined, Some(adj), out);
                        }
                    }
                }
                ExprKind::IncDec { .. } => {}
                _ => self.rev_expr(w, *e, None, out),
            },
            Stmt::Local { local, init } => {
                let adjoint = w.locals[local].diff;
                match (init, adjoint) {
                    (Some(e), Some(d)) => {
                        let current = self.read_local(d, span);
                        let adj = self.hold(current, out);
                        let place = self.read_local(d, span);
                        self.set_zero(place, out, span);
                        self.rev_expr(w, *e, Some(adj), out);
                    }
                    (Some(e), None) => self.rev_expr(w, *e, None, out),
                    (None, Some(d)) => {
                        let place = self.read_local(d, span);
                        self.set_zero(place, out, span);
                    }
                    (None, None) => {}
                }
            }
            Stmt::Block(b) => {
                let stmts = self.rev_block(w, &b.stmts);
                out.push(Stmt::Block(Block { stmts }));
            }
            Stmt::If { cond, then, els, hint } => {
                let cond = self.copy_expr(w, *cond);
                let then = Block { stmts: self.rev_block(w, &then.stmts) };
                let els = els.as_ref().map(|b| Block { stmts: self.rev_block(w, &b.stmts) });
                // Nothing to undo in either branch (a loop's step of integers): no `if`.
                if !then.stmts.is_empty() || els.as_ref().is_some_and(|b| !b.stmts.is_empty()) {
                    out.push(Stmt::If { cond, then, els, hint: *hint });
                }
            }
            Stmt::For { init, cond, step, body, hint } => {
                self.rev_loop(w, s, init, (*cond, *step, false), body, *hint, out)
            }
            Stmt::While { cond, body, hint } => self.rev_loop(w, s, &[], (Some(*cond), None, false), body, *hint, out),
            Stmt::DoWhile { body, cond, hint } => self.rev_loop(w, s, &[], (Some(*cond), None, true), body, *hint, out),
            Stmt::Switch { .. } | Stmt::Return(_) | Stmt::Break | Stmt::Continue | Stmt::Discard => {}
        }
    }

    /// A loop undone: counted by running it, then for each iteration from the last, the loop
    /// run up to it from a checkpoint and its body and step undone.
    #[allow(clippy::too_many_arguments)]
    fn rev_loop(
        &mut self,
        w: &mut Writer,
        whole: &Stmt,
        init: &[Stmt],
        (cond, step, do_while): (Option<ExprId>, Option<ExprId>, bool),
        body: &Block,
        hint: LoopHint,
        out: &mut Vec<Stmt>,
    ) {
        let span = w.src.span;
        let mut changed = Vec::new();
        self.written_locals(&w.src, std::slice::from_ref(whole), &mut changed);
        let saved = self.checkpoint(w, &changed, out);
        let count = self.temp_local("count", &Type::INT, span);
        let zero = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
        out.push(Stmt::Local { local: count, init: Some(zero) });
        // Counted.
        let mut counting = Vec::new();
        for s in init {
            self.primal_stmt(w, s, &mut counting);
        }
        let mut counted = self.primal_block(w, &body.stmts);
        if let Some(s) = step {
            let s = self.copy_expr(w, s);
            counted.stmts.push(Stmt::Expr(s));
        }
        counted.stmts.push(self.add_one(count, BinaryOp::Add, span));
        let copied_cond = cond.map(|c| self.copy_expr(w, c));
        counting.push(match (do_while, copied_cond) {
            (true, Some(c)) => Stmt::DoWhile { body: counted, cond: c, hint },
            (_, c) => Stmt::For { init: Vec::new(), cond: c, step: None, body: counted, hint },
        });
        out.push(Stmt::Block(Block { stmts: counting }));
        // Each iteration, last first.
        let k = self.temp_local("iteration", &Type::INT, span);
        let last = {
            let c = self.read_local(count, span);
            let one = self.add_expr(ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
            self.binary(BinaryOp::Sub, c, one, span)
        };
        let mut each = Vec::new();
        self.restore(&saved, &mut each, span);
        for s in init {
            self.primal_stmt(w, s, &mut each);
        }
        let j = self.temp_local("replayed", &Type::INT, span);
        let mut replay = self.primal_block(w, &body.stmts);
        if let Some(s) = step {
            let s = self.copy_expr(w, s);
            replay.stmts.push(Stmt::Expr(s));
        }
        let zero = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
        let below = {
            let a = self.read_local(j, span);
            let b = self.read_local(k, span);
            self.binary(BinaryOp::Lt, a, b, span)
        };
        let next = self.add_one_expr(j, BinaryOp::Add, span);
        each.push(Stmt::For {
            init: vec![Stmt::Local { local: j, init: Some(zero) }],
            cond: Some(below),
            step: Some(next),
            body: replay,
            hint: LoopHint::None,
        });
        let mut undone: Vec<Stmt> = body.stmts.clone();
        if let Some(s) = step {
            undone.push(Stmt::Expr(s));
        }
        let reversed = self.rev_block(w, &undone);
        each.push(Stmt::Block(Block { stmts: reversed }));
        let not_done = {
            let a = self.read_local(k, span);
            let zero = self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span);
            self.binary(BinaryOp::Ge, a, zero, span)
        };
        let back = self.add_one_expr(k, BinaryOp::Sub, span);
        out.push(Stmt::For {
            init: vec![Stmt::Local { local: k, init: Some(last) }],
            cond: Some(not_done),
            step: Some(back),
            body: Block { stmts: each },
            hint: LoopHint::None,
        });
        self.restore(&saved, out, span);
        let reversed = self.rev_block(w, init);
        out.extend(reversed);
    }

    fn add_one_expr(&mut self, l: LocalId, op: BinaryOp, span: Span) -> ExprId {
        let target = self.read_local(l, span);
        let one = self.add_expr(ExprKind::Const(ConstValue::Int(1)), Type::INT, span);
        self.add_expr(ExprKind::Assign { op: Some(op), target, value: one }, Type::INT, span)
    }

    fn add_one(&mut self, l: LocalId, op: BinaryOp, span: Span) -> Stmt {
        Stmt::Expr(self.add_one_expr(l, op, span))
    }

    /// The adjoint of lvalue `e` of the primal, as an lvalue of the derivative: the same path
    /// into its local's adjoint. `None` when no adjoint is kept for it.
    fn adjoint_place(&mut self, w: &mut Writer, e: ExprId) -> Option<ExprId> {
        let Expr { kind, ty, span } = w.src.exprs[e].clone();
        let dty = self.differential_type(&ty)?;
        match kind {
            ExprKind::Local(l) => {
                let d = w.locals.get(&l)?.diff?;
                Some(self.add_expr(ExprKind::Local(d), dty, span))
            }
            ExprKind::Field { base, index } => {
                let Type::Struct(h) = w.src.exprs[base].ty.clone() else { return None };
                let field = self.differential_fields(h).get(index as usize).copied().flatten()?;
                let base = self.adjoint_place(w, base)?;
                Some(self.add_expr(ExprKind::Field { base, index: field }, dty, span))
            }
            ExprKind::Index { base, index } => {
                let base = self.adjoint_place(w, base)?;
                let index = self.copy_expr(w, index);
                Some(self.add_expr(ExprKind::Index { base, index }, dty, span))
            }
            ExprKind::Swizzle { base, components } => {
                let mut seen = HashSet::default();
                if !components.iter().all(|c| seen.insert(*c)) {
                    return None;
                }
                let base = self.adjoint_place(w, base)?;
                Some(self.add_expr(ExprKind::Swizzle { base, components }, dty, span))
            }
            _ => None,
        }
    }

    /// Whether derivatives can flow out of `e` (it reads a local with an adjoint, or calls).
    fn active(&self, w: &Writer, e: ExprId) -> bool {
        if w.no_diff.contains(&e) {
            return false;
        }
        let kind = &w.src.exprs[e].kind;
        let mut any = match kind {
            ExprKind::Local(l) => w.locals.get(l).is_some_and(|m| m.diff.is_some()) || w.companions.contains_key(l),
            ExprKind::Call { .. } => true,
            _ => false,
        };
        kind.for_each_child(|c| any |= self.active(w, c));
        any
    }

    /// `rev_expr` of `e` given the adjoint `value` (an expression of the derivative).
    fn rev_value(&mut self, w: &mut Writer, e: ExprId, value: ExprId, out: &mut Vec<Stmt>) {
        if !self.active(w, e) {
            return;
        }
        let ty = w.src.exprs[e].ty.clone();
        let Some(dty) = self.differential_type(&ty) else {
            self.rev_expr(w, e, None, out);
            return;
        };
        let span = w.src.exprs[e].span;
        let value = self.reduce_to(value, &dty, span, out);
        let adj = self.hold(value, out);
        self.rev_expr(w, e, Some(adj), out);
    }

    /// `value` (an adjoint of a broadcast operation's result) as an adjoint of type `to`: the sum
    /// of its components where a scalar was spread over a vector or matrix.
    fn reduce_to(&mut self, value: ExprId, to: &Type, span: Span, out: &mut Vec<Stmt>) -> ExprId {
        let from = self.ty(value);
        if from == *to {
            return value;
        }
        match (&from, to) {
            (Type::Vector(..) | Type::Matrix(..), Type::Scalar(_)) => {
                let held = self.hold(value, out);
                let mut sum: Option<ExprId> = None;
                for leaf in self.leaves(&from) {
                    let root = self.read_local(held, span);
                    let part = self.leaf_place(root, &leaf, span);
                    sum = Some(match sum {
                        Some(s) => self.binary(BinaryOp::Add, s, part, span),
                        None => part,
                    });
                }
                let sum = sum.unwrap_or_else(|| self.differential_zero(to, span));
                self.coerce(sum, to, span)
            }
            _ => self.convert_to(value, to, span),
        }
    }

    /// The adjoint of a truncation's source: `kept` (rows, columns) of it from the adjoint
    /// (`first`, then a fresh read by `again` for each further component), zeros for the rest of
    /// `full`. `rows` is the adjoint's row length when it is a matrix (read `[i][j]`), `None`
    /// for a vector (read `[j]`).
    #[allow(clippy::too_many_arguments)]
    fn padded_adjoint(
        &mut self,
        first: ExprId,
        again: &dyn Fn(&mut Checker) -> ExprId,
        kept: (u8, u8),
        full: (u8, u8),
        s: Scalar,
        rows: Option<u8>,
        ty: &Type,
        span: Span,
    ) -> ExprId {
        let mut first = Some(first);
        let mut parts = Vec::new();
        for i in 0..full.0 {
            for j in 0..full.1 {
                if i >= kept.0 || j >= kept.1 {
                    parts.push(self.add_expr(ExprKind::Const(ConstValue::Float(0.0)), Type::Scalar(s), span));
                    continue;
                }
                let whole = first.take().unwrap_or_else(|| again(self));
                let base = match rows {
                    Some(c) => {
                        let at = self.add_expr(ExprKind::Const(ConstValue::Int(i64::from(i))), Type::INT, span);
                        self.add_expr(ExprKind::Index { base: whole, index: at }, Type::Vector(s, c), span)
                    }
                    None => whole,
                };
                parts.push(self.add_expr(ExprKind::Swizzle { base, components: vec![j] }, Type::Scalar(s), span));
            }
        }
        self.add_expr(ExprKind::Construct(parts), ty.clone(), span)
    }

    /// `value` converted to `to` (nothing when it has that type).
    pub(in crate::sema) fn convert_to(&mut self, value: ExprId, to: &Type, span: Span) -> ExprId {
        if self.ty(value) == *to {
            return value;
        }
        self.add_expr(ExprKind::Convert(value), to.clone(), span)
    }

    /// Adds the adjoint `adj` of primal expression `e`'s value to the adjoints of what it read;
    /// without one (a call's value unused), only the calls in `e` that write their arguments are
    /// undone.
    fn rev_expr(&mut self, w: &mut Writer, e: ExprId, adj: Option<LocalId>, out: &mut Vec<Stmt>) {
        if w.no_diff.contains(&e) {
            return;
        }
        let Expr { kind, ty, span } = w.src.exprs[e].clone();
        if let ExprKind::Call { function, args } = &kind {
            self.rev_call(w, *function, args, adj, span, e, out);
            return;
        }
        if let ExprKind::Intrinsic { id, args, .. } = &kind {
            self.rev_intrinsic(w, *id, args, adj, span, e, out);
            return;
        }
        let Some(adj) = adj else {
            kind.for_each_child(|c| self.rev_expr(w, c, None, out));
            return;
        };
        let a = |c: &mut Checker| c.read_local(adj, span);
        match kind {
            ExprKind::Local(_) | ExprKind::Field { .. } | ExprKind::Index { .. } | ExprKind::Swizzle { .. }
                if self.adjoint_place(w, e).is_some() =>
            {
                let place = self.adjoint_place(w, e).expect("an adjoint");
                let value = a(self);
                self.accumulate(place, value, out, span);
            }
            ExprKind::Field { base, index } => {
                let Type::Struct(h) = w.src.exprs[base].ty.clone() else { return };
                let Some(bty) = self.differential_type(&Type::Struct(h)) else { return };
                let Some(field) = self.differential_fields(h).get(index as usize).copied().flatten() else { return };
                let zero = self.differential_zero(&bty, span);
                let t = self.hold(zero, out);
                let root = self.read_local(t, span);
                let fty = self.ty_field(&bty, field);
                let place = self.add_expr(ExprKind::Field { base: root, index: field }, fty, span);
                let value = a(self);
                self.accumulate(place, value, out, span);
                self.rev_expr(w, base, Some(t), out);
            }
            ExprKind::Index { base, index } => {
                let Some(bty) = self.differential_type(&w.src.exprs[base].ty.clone()) else { return };
                let zero = self.differential_zero(&bty, span);
                let t = self.hold(zero, out);
                let root = self.read_local(t, span);
                let index = self.copy_expr(w, index);
                let dty = self.local_ty(adj);
                let place = self.add_expr(ExprKind::Index { base: root, index }, dty, span);
                let value = a(self);
                self.accumulate(place, value, out, span);
                self.rev_expr(w, base, Some(t), out);
            }
            ExprKind::Swizzle { base, components } => {
                let Some(bty) = self.differential_type(&w.src.exprs[base].ty.clone()) else { return };
                let zero = self.differential_zero(&bty, span);
                let t = self.hold(zero, out);
                let scalar = match &bty {
                    Type::Vector(s, _) => Type::Scalar(*s),
                    t => t.clone(),
                };
                for (i, comp) in components.iter().enumerate() {
                    let root = self.read_local(t, span);
                    let place =
                        self.add_expr(ExprKind::Swizzle { base: root, components: vec![*comp] }, scalar.clone(), span);
                    let whole = a(self);
                    let part = if components.len() == 1 {
                        whole
                    } else {
                        self.add_expr(
                            ExprKind::Swizzle { base: whole, components: vec![i as u8] },
                            scalar.clone(),
                            span,
                        )
                    };
                    self.accumulate(place, part, out, span);
                }
                self.rev_expr(w, base, Some(t), out);
            }
            ExprKind::Unary(UnaryOp::Neg, x) => {
                let v = a(self);
                let neg = self.add_expr(ExprKind::Unary(UnaryOp::Neg, v), ty.clone(), span);
                self.rev_value(w, x, neg, out);
            }
            ExprKind::Binary(op, l, r) => {
                let (lt, rt) = (w.src.exprs[l].ty.clone(), w.src.exprs[r].ty.clone());
                let (Some(ld), Some(rd)) = (self.differential_type(&lt), self.differential_type(&rt)) else {
                    // `float * int` and the like: only the float side carries a derivative.
                    self.rev_mixed(w, op, l, r, adj, span, out);
                    return;
                };
                let _ = (ld, rd);
                match op {
                    BinaryOp::Add | BinaryOp::Sub => {
                        let v = a(self);
                        self.rev_value(w, l, v, out);
                        let v = a(self);
                        let v = if op == BinaryOp::Sub {
                            self.add_expr(ExprKind::Unary(UnaryOp::Neg, v), ty.clone(), span)
                        } else {
                            v
                        };
                        self.rev_value(w, r, v, out);
                    }
                    BinaryOp::Mul => {
                        if self.active(w, l) {
                            let (v, rv) = (a(self), self.copy_expr(w, r));
                            let p = self.binary(BinaryOp::Mul, v, rv, span);
                            self.rev_value(w, l, p, out);
                        }
                        if self.active(w, r) {
                            let (v, lv) = (a(self), self.copy_expr(w, l));
                            let p = self.binary(BinaryOp::Mul, v, lv, span);
                            self.rev_value(w, r, p, out);
                        }
                    }
                    BinaryOp::Div => {
                        if self.active(w, l) {
                            let (v, rv) = (a(self), self.copy_expr(w, r));
                            let q = self.binary(BinaryOp::Div, v, rv, span);
                            self.rev_value(w, l, q, out);
                        }
                        if self.active(w, r) {
                            // d(l / r)/dr = -l / r².
                            let (v, lv) = (a(self), self.copy_expr(w, l));
                            let p = self.binary(BinaryOp::Mul, v, lv, span);
                            let (r1, r2) = (self.copy_expr(w, r), self.copy_expr(w, r));
                            let sq = self.binary(BinaryOp::Mul, r1, r2, span);
                            let q = self.binary(BinaryOp::Div, p, sq, span);
                            let qty = self.ty(q);
                            let neg = self.add_expr(ExprKind::Unary(UnaryOp::Neg, q), qty, span);
                            self.rev_value(w, r, neg, out);
                        }
                    }
                    _ => {}
                }
            }
            ExprKind::Convert(x) => {
                let xty = w.src.exprs[x].ty.clone();
                let Some(xd) = self.differential_type(&xty) else { return };
                let v = a(self);
                let value = match (&ty, &xd) {
                    // A truncation (`float3` to `float2`, `float2x2(m)` of a `float2x3`): the
                    // kept top left gets the adjoint, the dropped components nothing.
                    (Type::Vector(_, n), Type::Vector(s, m)) if n < m => {
                        self.padded_adjoint(v, &a, (1, *n), (1, *m), *s, None, &xd, span)
                    }
                    (Type::Matrix(_, r, c), Type::Matrix(s, big_r, big_c))
                        if r <= big_r && c <= big_c && (r, c) != (big_r, big_c) =>
                    {
                        self.padded_adjoint(v, &a, (*r, *c), (*big_r, *big_c), *s, Some(*c), &xd, span)
                    }
                    (Type::Vector(..) | Type::Matrix(..), Type::Scalar(_)) => self.reduce_to(v, &xd, span, out),
                    _ => self.convert_to(v, &xd, span),
                };
                self.rev_value(w, x, value, out);
            }
            ExprKind::Construct(parts) => self.rev_construct(w, &ty, &parts, adj, span, out),
            ExprKind::Select { cond, then, els } => {
                let cty = w.src.exprs[cond].ty.clone();
                if cty == Type::BOOL {
                    let c = self.copy_expr(w, cond);
                    let mut yes = Vec::new();
                    let v = a(self);
                    self.rev_value(w, then, v, &mut yes);
                    let mut no = Vec::new();
                    let v = a(self);
                    self.rev_value(w, els, v, &mut no);
                    out.push(Stmt::If {
                        cond: c,
                        then: Block { stmts: yes },
                        els: Some(Block { stmts: no }),
                        hint: BranchHint::None,
                    });
                } else {
                    for (taken, branch) in [(true, then), (false, els)] {
                        let c = self.copy_expr(w, cond);
                        let v = a(self);
                        let dty = self.local_ty(adj);
                        let zero = self.differential_zero(&dty, span);
                        let (t, f) = if taken { (v, zero) } else { (zero, v) };
                        let value = self.add_expr(ExprKind::Select { cond: c, then: t, els: f }, dty, span);
                        self.rev_value(w, branch, value, out);
                    }
                }
            }
            _ => kind.for_each_child(|c| self.rev_expr(w, c, None, out)),
        }
    }

    fn ty_field(&self, ty: &Type, index: u32) -> Type {
        match ty {
            Type::Struct(h) => self.module.structs[*h].fields[index as usize].ty.clone(),
            _ => Type::Error,
        }
    }

    /// `l op r` where one side has no derivative (`x * 2` with an `int` 2, a comparison).
    #[allow(clippy::too_many_arguments)]
    fn rev_mixed(
        &mut self,
        w: &mut Writer,
        op: BinaryOp,
        l: ExprId,
        r: ExprId,
        adj: LocalId,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let (lt, rt) = (w.src.exprs[l].ty.clone(), w.src.exprs[r].ty.clone());
        let (ld, rd) = (self.differential_type(&lt).is_some(), self.differential_type(&rt).is_some());
        let v = self.read_local(adj, span);
        match (op, ld, rd) {
            (BinaryOp::Add, true, _) | (BinaryOp::Sub, true, _) => self.rev_value(w, l, v, out),
            (BinaryOp::Add, _, true) => self.rev_value(w, r, v, out),
            (BinaryOp::Sub, _, true) => {
                let ty = self.ty(v);
                let neg = self.add_expr(ExprKind::Unary(UnaryOp::Neg, v), ty, span);
                self.rev_value(w, r, neg, out)
            }
            (BinaryOp::Mul, true, _) | (BinaryOp::Div, true, _) => {
                let other = self.copy_expr(w, r);
                let p = self.binary(op, v, other, span);
                self.rev_value(w, l, p, out)
            }
            (BinaryOp::Mul, _, true) => {
                let other = self.copy_expr(w, l);
                let p = self.binary(op, v, other, span);
                self.rev_value(w, r, p, out)
            }
            _ => {}
        }
    }

    /// A vector, matrix, array or struct built from parts: each part gets its share.
    fn rev_construct(
        &mut self,
        w: &mut Writer,
        ty: &Type,
        parts: &[ExprId],
        adj: LocalId,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let index = |c: &mut Checker, base: ExprId, i: u32, ety: Type| {
            let at = c.add_expr(ExprKind::Const(ConstValue::Int(i as i64)), Type::INT, span);
            c.add_expr(ExprKind::Index { base, index: at }, ety, span)
        };
        match ty {
            Type::Vector(s, _) => {
                let mut at = 0u8;
                for p in parts {
                    let pty = w.src.exprs[*p].ty.clone();
                    let n = match pty {
                        Type::Vector(_, n) => n,
                        _ => 1,
                    };
                    let whole = self.read_local(adj, span);
                    let piece = if n == 1 {
                        self.add_expr(ExprKind::Swizzle { base: whole, components: vec![at] }, Type::Scalar(*s), span)
                    } else {
                        let components = (at..at + n).collect();
                        self.add_expr(ExprKind::Swizzle { base: whole, components }, Type::Vector(*s, n), span)
                    };
                    self.rev_value(w, *p, piece, out);
                    at += n;
                }
            }
            Type::Matrix(s, r, c) => {
                let rows = parts.len() as u32 == *r as u32;
                for (i, p) in parts.iter().enumerate() {
                    let whole = self.read_local(adj, span);
                    let piece = if rows {
                        index(self, whole, i as u32, Type::Vector(*s, *c))
                    } else {
                        let row = index(self, whole, i as u32 / *c as u32, Type::Vector(*s, *c));
                        index(self, row, i as u32 % *c as u32, Type::Scalar(*s))
                    };
                    self.rev_value(w, *p, piece, out);
                }
            }
            Type::Array(e, _) => {
                let Some(ed) = self.differential_type(e) else { return };
                for (i, p) in parts.iter().enumerate() {
                    let whole = self.read_local(adj, span);
                    let piece = index(self, whole, i as u32, ed.clone());
                    self.rev_value(w, *p, piece, out);
                }
            }
            Type::Struct(h) => {
                let fields = self.differential_fields(*h);
                let dty = self.local_ty(adj);
                for (p, field) in parts.iter().zip(fields) {
                    let Some(field) = field else { continue };
                    let whole = self.read_local(adj, span);
                    let fty = self.ty_field(&dty, field);
                    let piece = self.add_expr(ExprKind::Field { base: whole, index: field }, fty, span);
                    self.rev_value(w, *p, piece, out);
                }
            }
            _ => {}
        }
    }

    /// A call undone: the callee's backward derivative called with the arguments' primal
    /// values and the adjoint of its result, its `inout` arguments' adjoints coming in with
    /// their pairs; the gradients it gives go on to the argument expressions.
    #[allow(clippy::too_many_arguments)]
    fn rev_call(
        &mut self,
        w: &mut Writer,
        function: FunctionId,
        args: &[ExprId],
        adj: Option<LocalId>,
        span: Span,
        e: ExprId,
        out: &mut Vec<Stmt>,
    ) {
        let psig = self.sigs[function.index()].clone();
        let flows_in = args.iter().zip(&psig.params).any(|(a, (_, m))| *m != ParamMode::Out && self.active(w, *a));
        let flows_out = adj.is_some()
            || args
                .iter()
                .zip(&psig.params)
                .any(|(a, (_, m))| *m != ParamMode::In && self.adjoint_place(w, *a).is_some());
        // A backward derivative of the user's own is called whenever an adjoint reaches the
        // call: it may do more than hand gradients to the arguments (add them into a buffer).
        let users = self.has_user_backward(function);
        // With no adjoint reaching it, a differentiable callee's backward derivative may still
        // give its inputs gradients (one of the user's own further down may read them from a
        // buffer); a callee that is not differentiable gives none.
        let differentiable = users || self.autodiff.info.contains_key(&function);
        // A backward derivative of the user's further down is called too when nothing flows
        // in: it may hand gradients out to memory, or to the call's `out` arguments.
        let user_below = differentiable && !users && self.only_backward_below(function).is_some();
        // A call making a pointer-like value ran through its forward derivative; it hands
        // nothing back.
        let makes_ptr = self.ptr_differential(&psig.ret).is_some() && !users;
        if !(flows_in || users || user_below) || !(flows_out || differentiable) || makes_ptr {
            // Nothing to hand back; the arguments may still hold calls.
            for a in args {
                self.rev_expr(w, *a, None, out);
            }
            return;
        }
        let Some(bwd) = self.backward_derivative(function, span) else {
            if flows_out && !w.no_diff.contains(&e) && !self.autodiff.info.contains_key(&function) {
                let name = psig.name.clone();
                let d = crate::diag::Diagnostic::error(
                    "E0471",
                    format!("derivative cannot be propagated through call to non-differentiable function `{name}`"),
                )
                .with_label(span, "called here with differentiable arguments")
                .with_note("use `no_diff(…)` to clarify the intention, or mark the function `[Differentiable]`");
                self.push(d);
            }
            return;
        };
        let bsig = self.sigs[bwd.index()].clone();
        // Which parameters take derivatives: those `fwd_diff` takes pairs for.
        let (fparams, _) = self.forward_signature(function, span);
        let taken: Vec<bool> = fparams.iter().zip(&psig.params).map(|(f, p)| f.0 != p.0).collect();
        let slots = self.backward_slots(function, &taken);
        let mut call_args = Vec::new();
        let mut pairs: Vec<(ExprId, LocalId, Type)> = Vec::new();
        let mut zeroed_after = Vec::new();
        for (i, &arg) in args.iter().enumerate() {
            // A plain `out` argument has no place: the backward derivative gives no primal values.
            let Some(k) = slots.get(i).copied().flatten() else { continue };
            let Some((bty, _)) = bsig.params.get(k) else { continue };
            let (_, pmode) = psig.params[i].clone();
            if !taken.get(i).copied().unwrap_or(false) {
                let value = self.copy_expr(w, arg);
                let value = self.coerce(value, bty, span);
                call_args.push(value);
                continue;
            }
            if pmode == ParamMode::Out {
                let value = match self.adjoint_place(w, arg) {
                    Some(place) => {
                        let v = self.dup(place);
                        zeroed_after.push(place);
                        self.coerce(v, bty, span)
                    }
                    None => self.differential_zero(bty, span),
                };
                let t = self.hold(value, out);
                call_args.push(self.read_local(t, span));
                continue;
            }
            let Type::Struct(h) = bty.clone() else { continue };
            let fields = self.module.structs[h].fields.clone();
            let p = self.copy_expr(w, arg);
            let p = self.coerce(p, &fields[0].ty, span);
            if self.is_ptr_pair(h) {
                let d = match self.companion_value(w, arg) {
                    Some(d) => d,
                    None => self.differential_zero(&fields[1].ty, span),
                };
                call_args.push(self.add_expr(ExprKind::Construct(vec![p, d]), bty.clone(), span));
                continue;
            }
            let d = match (pmode, self.adjoint_place(w, arg)) {
                (ParamMode::InOut, Some(place)) => {
                    let v = self.dup(place);
                    zeroed_after.push(place);
                    self.coerce(v, &fields[1].ty, span)
                }
                _ => self.differential_zero(&fields[1].ty, span),
            };
            let value = self.add_expr(ExprKind::Construct(vec![p, d]), bty.clone(), span);
            let t = self.hold(value, out);
            call_args.push(self.read_local(t, span));
            pairs.push((arg, t, fields[1].ty.clone()));
        }
        if let Some((bty, _)) = bsig.params.get(slots.iter().flatten().count()) {
            // The result's adjoint.
            let value = match adj {
                Some(a) => {
                    let v = self.read_local(a, span);
                    self.coerce(v, bty, span)
                }
                None => self.differential_zero(bty, span),
            };
            call_args.push(value);
        }
        for place in zeroed_after {
            self.set_zero(place, out, span);
        }
        let call = self.call_function(bwd, call_args, span);
        out.push(Stmt::Expr(call));
        for (arg, t, dty) in pairs {
            let read = self.read_local(t, span);
            let d = self.add_expr(ExprKind::Field { base: read, index: 1 }, dty, span);
            self.rev_value(w, arg, d, out);
        }
    }

    /// An intrinsic call undone through the backward derivative of a function calling it
    /// (made from the stdlib's forward derivative of the intrinsic).
    #[allow(clippy::too_many_arguments)]
    fn rev_intrinsic(
        &mut self,
        w: &mut Writer,
        id: IntrinsicId,
        args: &[ExprId],
        adj: Option<LocalId>,
        span: Span,
        e: ExprId,
        out: &mut Vec<Stmt>,
    ) {
        let active = args.iter().any(|a| self.active(w, *a));
        let (Some(_), true) = (adj, active) else {
            for a in args {
                self.rev_expr(w, *a, None, out);
            }
            return;
        };
        let intr = &self.stdlib.intrinsics[id.0 as usize];
        let name = intr.alias_of.clone().unwrap_or_else(|| intr.name.clone());
        let probes: Vec<ExprId> = args.iter().map(|a| self.copy_expr(w, *a)).collect();
        let Some(wrapper) = self.wrapped_intrinsic(&name, &probes, probes.len(), span) else { return };
        // The wrapper's parameters are the intrinsic's argument types: a call of it stands for
        // the intrinsic's.
        let _ = e;
        self.rev_call(w, wrapper, args, adj, span, e, out);
    }
}

/// How control leaves a statement early, made flags by [`fall_through`]: the function's
/// `returned` (and its `result`), and the innermost loop's `broken` and `continued`.
#[derive(Clone, Copy)]
struct Exits {
    result: Option<LocalId>,
    returned: Option<LocalId>,
    broken: Option<LocalId>,
    continued: Option<LocalId>,
}

/// Whether `stmts` may leave early: by `return`, or by `break`/`continue` of the loop they are
/// in (not of one nested in them).
fn exits(stmts: &[Stmt], in_loop: bool) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Return(_) => true,
        Stmt::Break | Stmt::Continue => in_loop,
        Stmt::Block(b) => exits(&b.stmts, in_loop),
        Stmt::If { then, els, .. } => {
            exits(&then.stmts, in_loop) || els.as_ref().is_some_and(|b| exits(&b.stmts, in_loop))
        }
        Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => returns(&body.stmts),
        _ => false,
    })
}

fn set_flag(f: &mut Function, flag: LocalId, value: bool, out: &mut Vec<Stmt>) {
    let span = f.span;
    let target = f.exprs.append(Expr { kind: ExprKind::Local(flag), ty: Type::BOOL, span });
    let v = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Bool(value)), ty: Type::BOOL, span });
    let e = f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value: v }, ty: Type::BOOL, span });
    out.push(Stmt::Expr(e));
}

/// `!a && !b && …` of the flags set, and `then` after them (`None`: no flag, no test).
fn none_set(f: &mut Function, flags: &[Option<LocalId>], then: Option<ExprId>) -> Option<ExprId> {
    let span = f.span;
    let mut test = None;
    for flag in flags.iter().flatten() {
        let read = f.exprs.append(Expr { kind: ExprKind::Local(*flag), ty: Type::BOOL, span });
        let not = f.exprs.append(Expr { kind: ExprKind::Unary(UnaryOp::Not, read), ty: Type::BOOL, span });
        test = Some(match test {
            Some(t) => {
                f.exprs.append(Expr { kind: ExprKind::Binary(BinaryOp::LogicAnd, t, not), ty: Type::BOOL, span })
            }
            None => not,
        });
    }
    match (test, then) {
        (Some(t), Some(c)) => {
            Some(f.exprs.append(Expr { kind: ExprKind::Binary(BinaryOp::LogicAnd, t, c), ty: Type::BOOL, span }))
        }
        (t, c) => t.or(c),
    }
}

/// Statements `stmts` with no early exit: `return value` made `result = value; returned = true;`,
/// `break` and `continue` flags of their loop, what follows a statement that may leave early
/// guarded by the flags, and a loop with such exits tested on them.
fn fall_through(f: &mut Function, stmts: &[Stmt], x: Exits) -> Vec<Stmt> {
    let in_loop = x.broken.is_some();
    let mut out = Vec::new();
    for (i, s) in stmts.iter().enumerate() {
        let may_exit = exits(std::slice::from_ref(s), in_loop);
        match s {
            Stmt::Return(value) => {
                if let (Some(r), Some(v)) = (x.result, value) {
                    let span = f.span;
                    let ty = f.locals[r].ty.clone();
                    let target = f.exprs.append(Expr { kind: ExprKind::Local(r), ty: ty.clone(), span });
                    let e = f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value: *v }, ty, span });
                    out.push(Stmt::Expr(e));
                }
                if let Some(flag) = x.returned {
                    set_flag(f, flag, true, &mut out);
                }
                // What follows never runs.
                return out;
            }
            Stmt::Break | Stmt::Continue if in_loop => {
                let flag = if matches!(s, Stmt::Break) { x.broken } else { x.continued };
                set_flag(f, flag.expect("a loop's flags"), true, &mut out);
                return out;
            }
            Stmt::Block(b) => out.push(Stmt::Block(Block { stmts: fall_through(f, &b.stmts, x) })),
            Stmt::If { cond, then, els, hint } => {
                let then = Block { stmts: fall_through(f, &then.stmts, x) };
                let els = els.as_ref().map(|b| Block { stmts: fall_through(f, &b.stmts, x) });
                out.push(Stmt::If { cond: *cond, then, els, hint: *hint });
            }
            Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. }
                if exits(&body.stmts, true) =>
            {
                fall_through_loop(f, s, x, &mut out);
            }
            s => out.push(s.clone()),
        }
        if may_exit && i + 1 < stmts.len() {
            let rest = fall_through(f, &stmts[i + 1..], x);
            let cond = none_set(f, &[x.returned, x.broken, x.continued], None).expect("a flag");
            out.push(Stmt::If { cond, then: Block { stmts: rest }, els: None, hint: BranchHint::None });
            return out;
        }
    }
    out
}

/// A loop whose body may leave early, with flags of its own: tested before each iteration, and
/// its step run only when the iteration was not left by `break` or `return`.
fn fall_through_loop(f: &mut Function, s: &Stmt, outer: Exits, out: &mut Vec<Stmt>) {
    let span = f.span;
    let broken = f.locals.append(Local::new("broken", Type::BOOL, span));
    let continued = f.locals.append(Local::new("continued", Type::BOOL, span));
    let no = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Bool(false)), ty: Type::BOOL, span });
    let x = Exits { broken: Some(broken), continued: Some(continued), ..outer };
    let body_of = |f: &mut Function, body: &Block, step: Option<ExprId>| {
        let mut stmts = Vec::new();
        set_flag(f, continued, false, &mut stmts);
        stmts.extend(fall_through(f, &body.stmts, x));
        if let Some(step) = step {
            let cond = none_set(f, &[x.returned, Some(broken)], None).expect("a flag");
            stmts.push(Stmt::If {
                cond,
                then: Block { stmts: vec![Stmt::Expr(step)] },
                els: None,
                hint: BranchHint::None,
            });
        }
        Block { stmts }
    };
    let mut head = Vec::new();
    match s {
        Stmt::For { init, cond, step, body, hint } => {
            head.extend(init.iter().cloned());
            head.push(Stmt::Local { local: broken, init: Some(no) });
            head.push(Stmt::Local { local: continued, init: None });
            let body = body_of(f, body, *step);
            let cond = none_set(f, &[x.returned, Some(broken)], *cond);
            head.push(Stmt::For { init: Vec::new(), cond, step: None, body, hint: *hint });
        }
        Stmt::While { cond, body, hint } => {
            head.push(Stmt::Local { local: broken, init: Some(no) });
            head.push(Stmt::Local { local: continued, init: None });
            let body = body_of(f, body, None);
            let cond = none_set(f, &[x.returned, Some(broken)], Some(*cond)).expect("a condition");
            head.push(Stmt::While { cond, body, hint: *hint });
        }
        Stmt::DoWhile { body, cond, hint } => {
            head.push(Stmt::Local { local: broken, init: Some(no) });
            head.push(Stmt::Local { local: continued, init: None });
            let body = body_of(f, body, None);
            let cond = none_set(f, &[x.returned, Some(broken)], Some(*cond)).expect("a condition");
            head.push(Stmt::DoWhile { body, cond, hint: *hint });
        }
        _ => unreachable!("a loop"),
    }
    out.push(Stmt::Block(Block { stmts: head }));
}
