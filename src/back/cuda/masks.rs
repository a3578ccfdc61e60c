//! HLSL's active lanes as a mask carried through control flow.
//!
//! CUDA's `__activemask()` names the lanes that happen to execute together, which under
//! independent thread scheduling is neither a branch's lanes nor stable (nvcc also predicates
//! short branches, so the lanes of both sides can be "active" inside one). HLSL defines a wave
//! operation's lanes by control flow, so the generated code computes them: a function that
//! reaches a wave operation keeps the mask of its lanes in a variable, every branch that
//! contains one splits it with `__ballot_sync` of the condition, and every loop that contains
//! one narrows it with a ballot of who iterates again.
//!
//! A ballot is valid only if every lane of its mask executes it, so no lane may jump out of
//! such a construct ahead of the others: there `break`, `continue` and `return` set flags, and
//! the statements after one run under `if (alive)` with the mask ballotted again. Loops and
//! switches without wave operations, returns or continues of an outer loop are written as they
//! are, since the lanes leaving them early only wait at the next ballot after them.

use super::writer::{Ctx, Writer};
use crate::back::clike::CStatements;
use crate::back::precedence::P_ASSIGN;
use crate::back::template::{parse_template, Piece};
use crate::back::Level;
use crate::ir::*;
use std::fmt::Write as _;

/// The state of a function whose code carries a lane mask.
pub(super) struct Masked {
    /// The variable holding the mask of the lanes executing the code being written.
    pub mask: String,
    /// The loops and switches written with flags, innermost last.
    flow: Vec<Flow>,
    /// The flag of lanes that returned, and the variable of their value, in a function whose
    /// returns are flags.
    ret: Option<(String, Option<String>)>,
}

enum Flow {
    Loop { brk: Option<String>, cont: Option<String> },
    Switch { brk: Option<String> },
}

/// Whether `s` can leave itself other than by finishing.
fn leaves(s: &Stmt, in_loop: bool, in_switch: bool) -> bool {
    let block = |b: &Block, l: bool, sw: bool| b.stmts.iter().any(|s| leaves(s, l, sw));
    match s {
        Stmt::Break => !in_loop && !in_switch,
        Stmt::Continue => !in_loop,
        Stmt::Return(_) => true,
        Stmt::Block(b) => block(b, in_loop, in_switch),
        Stmt::If { then, els, .. } => {
            block(then, in_loop, in_switch) || els.as_ref().is_some_and(|e| block(e, in_loop, in_switch))
        }
        Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => block(body, true, true),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| block(&c.body, in_loop, true)),
        Stmt::Expr(_) | Stmt::Local { .. } | Stmt::Discard => false,
    }
}

/// Whether `stmts` contain a statement of the kind `pick` selects, not counting those inside a
/// nested construct that `inner` says captures it.
fn contains(stmts: &[Stmt], pick: &dyn Fn(&Stmt) -> bool, inner: &dyn Fn(&Stmt) -> bool) -> bool {
    stmts.iter().any(|s| {
        pick(s)
            || match s {
                Stmt::Block(b) => contains(&b.stmts, pick, inner),
                Stmt::If { then, els, .. } => {
                    contains(&then.stmts, pick, inner) || els.as_ref().is_some_and(|e| contains(&e.stmts, pick, inner))
                }
                Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => {
                    !inner(s) && contains(&body.stmts, pick, inner)
                }
                Stmt::Switch { cases, .. } => !inner(s) && cases.iter().any(|c| contains(&c.body.stmts, pick, inner)),
                _ => false,
            }
    })
}

fn has_return(stmts: &[Stmt]) -> bool {
    contains(stmts, &|s| matches!(s, Stmt::Return(_)), &|_| false)
}

fn is_loop(s: &Stmt) -> bool {
    matches!(s, Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. })
}

/// A `continue` of the loop around `stmts` (not of a loop inside them).
fn has_continue(stmts: &[Stmt]) -> bool {
    contains(stmts, &|s| matches!(s, Stmt::Continue), &is_loop)
}

/// A `break` of the loop or switch around `stmts`, other than a case's last statement.
fn has_break(stmts: &[Stmt]) -> bool {
    contains(stmts, &|s| matches!(s, Stmt::Break), &|s| is_loop(s) || matches!(s, Stmt::Switch { .. }))
}

impl<'a> Writer<'a> {
    /// Per function (callees first): whether it reaches a wave operation that takes the mask.
    pub(super) fn find_mask_users(&self) -> Vec<bool> {
        let mut uses = vec![false; self.module.functions.len()];
        for (h, f) in self.module.functions.iter() {
            let own = f.live_expr_iter().any(|(_, e)| match &e.kind {
                ExprKind::Intrinsic { id, args, .. } => self.intrinsic_takes_mask(f, *id, args),
                _ => false,
            });
            uses[h.index()] = own || f.uses.calls.iter().any(|c| uses[c.index()]);
        }
        uses
    }

    fn intrinsic_takes_mask(&self, f: &Function, id: IntrinsicId, args: &[ExprId]) -> bool {
        let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, id);
        super::wave::native_form(intr, f, args)
            .and_then(|form| form.string(0))
            .is_some_and(|t| parse_template(t).contains(&Piece::Mask))
    }

    pub(super) fn expr_uses_mask(&self, f: &Function, e: ExprId) -> bool {
        let kind = &f.exprs[e].kind;
        let own = match kind {
            ExprKind::Intrinsic { id, args, .. } => self.intrinsic_takes_mask(f, *id, args),
            ExprKind::Call { function, .. } => self.mask_users[function.index()],
            _ => false,
        };
        own || kind.children().into_iter().any(|c| self.expr_uses_mask(f, c))
    }

    fn stmts_use_mask(&self, f: &Function, stmts: &[Stmt]) -> bool {
        stmts.iter().any(|s| self.stmt_uses_mask(f, s))
    }

    fn stmt_uses_mask(&self, f: &Function, s: &Stmt) -> bool {
        let e = |e: &ExprId| self.expr_uses_mask(f, *e);
        match s {
            Stmt::Expr(x) | Stmt::Return(Some(x)) | Stmt::Local { init: Some(x), .. } => e(x),
            Stmt::Local { init: None, .. } | Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Discard => false,
            Stmt::Block(b) => self.stmts_use_mask(f, &b.stmts),
            Stmt::If { cond, then, els, .. } => {
                e(cond)
                    || self.stmts_use_mask(f, &then.stmts)
                    || els.as_ref().is_some_and(|b| self.stmts_use_mask(f, &b.stmts))
            }
            Stmt::For { init, cond, step, body, .. } => {
                self.stmts_use_mask(f, init) || cond.iter().chain(step).any(e) || self.stmts_use_mask(f, &body.stmts)
            }
            Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
                e(cond) || self.stmts_use_mask(f, &body.stmts)
            }
            Stmt::Switch { selector, cases } => {
                e(selector) || cases.iter().any(|c| self.stmts_use_mask(f, &c.body.stmts))
            }
        }
    }

    /// Starts a function that carries a mask: declares the returned flag and value where its
    /// returns must be flags, and answers whether it then ends with `return VALUE;`.
    pub(super) fn begin_masked(
        &mut self,
        f: &Function,
        mask: String,
        level: Level,
        out: &mut String,
    ) -> Option<String> {
        let stmts = &f.body.stmts;
        let ends_in_return = matches!(stmts.last(), Some(Stmt::Return(_)));
        let early = has_return(&stmts[..stmts.len() - usize::from(ends_in_return)]);
        let mut ret = None;
        let mut value = None;
        if early {
            let flag = self.namer.name("wavec_returned");
            let _ = writeln!(out, "{level}bool {flag} = false;");
            if f.ret != Type::Void {
                let v = self.namer.name("wavec_value");
                let d = self.decl(&f.ret, &v, f.span);
                let _ = writeln!(out, "{level}{d} = {{}};");
                value = Some(v);
            }
            ret = Some((flag, value.clone()));
        }
        self.masked = Some(Masked { mask, flow: Vec::new(), ret });
        value
    }

    fn state(&self) -> &Masked {
        self.masked.as_ref().expect("a masked function")
    }

    fn state_mut(&mut self) -> &mut Masked {
        self.masked.as_mut().expect("a masked function")
    }

    /// The mask of the code being written (`$M`).
    pub(super) fn current_mask(&self) -> Option<&str> {
        self.masked.as_ref().map(|m| m.mask.as_str())
    }

    pub(super) fn with_mask<R>(&mut self, mask: String, write: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.state_mut().mask, mask);
        let r = write(self);
        self.state_mut().mask = saved;
        r
    }

    /// The condition under which a lane still runs the statements that follow: it has not
    /// returned, nor broken out of or continued the innermost flagged loop or switch.
    fn alive(&self) -> String {
        let m = self.state();
        let mut flags = Vec::new();
        for flow in m.flow.iter().rev() {
            match flow {
                Flow::Switch { brk } => flags.extend(brk.iter().map(|b| format!("!{b}"))),
                Flow::Loop { brk, cont } => {
                    flags.extend(brk.iter().chain(cont).map(|b| format!("!{b}")));
                    break;
                }
            }
        }
        if let Some((r, _)) = &m.ret {
            flags.push(format!("!{r}"));
        }
        if flags.is_empty() {
            "true".into()
        } else {
            flags.join(" && ")
        }
    }

    /// A block of a masked function: after a statement that lanes can leave, the rest runs
    /// under `if (alive)`, with the mask ballotted again when the rest needs it.
    pub(super) fn masked_stmts(&mut self, cx: &Ctx<'a>, stmts: &[Stmt], level: Level, out: &mut String) {
        for (i, s) in stmts.iter().enumerate() {
            self.stmt(cx, s, level, out);
            let rest = &stmts[i + 1..];
            if rest.is_empty() || !leaves(s, false, false) {
                continue;
            }
            let alive = self.alive();
            let mask = if self.stmts_use_mask(cx.f, rest) {
                let m = self.namer.name("wavec_mask");
                let _ = writeln!(out, "{level}const unsigned {m} = __ballot_sync({}, {alive});", self.state().mask);
                m
            } else {
                self.state().mask.clone()
            };
            let _ = writeln!(out, "{level}if ({alive}) {{");
            self.with_mask(mask, |w| w.masked_stmts(cx, rest, level.next(), out));
            let _ = writeln!(out, "{level}}}");
            return;
        }
    }

    /// Writes `s` the masked way, or answers false for the statements written as they are.
    pub(super) fn masked_stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) -> bool {
        let f = cx.f;
        match s {
            // A condition is evaluated by all the lanes: only branches with wave operations split them.
            Stmt::If { cond, then, els, .. }
                if self.stmts_use_mask(f, &then.stmts)
                    || els.as_ref().is_some_and(|e| self.stmts_use_mask(f, &e.stmts)) =>
            {
                let c = self.expr(cx, *cond, P_ASSIGN);
                let mut arms = vec![(Some(c), then.stmts.as_slice())];
                arms.extend(els.iter().map(|e| (None, e.stmts.as_slice())));
                self.masked_arms(cx, &arms, level, out);
            }
            Stmt::For { init, cond, step, body, .. } if self.stmt_uses_mask(f, s) || has_return(&body.stmts) => {
                self.masked_loop(cx, init, *cond, *step, &body.stmts, true, level, out);
            }
            Stmt::While { cond, body, .. } if self.stmt_uses_mask(f, s) || has_return(&body.stmts) => {
                self.masked_loop(cx, &[], Some(*cond), None, &body.stmts, true, level, out);
            }
            Stmt::DoWhile { body, cond, .. } if self.stmt_uses_mask(f, s) || has_return(&body.stmts) => {
                self.masked_loop(cx, &[], Some(*cond), None, &body.stmts, false, level, out);
            }
            Stmt::Switch { selector, cases }
                if self.stmt_uses_mask(f, s)
                    || cases.iter().any(|c| has_return(&c.body.stmts) || has_continue(&c.body.stmts)) =>
            {
                self.masked_switch(cx, *selector, cases, level, out);
            }
            // Constructs no lane leaves early and without wave operations: as they are.
            Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. } | Stmt::Switch { .. } => {
                let saved = self.masked.take();
                self.stmt(cx, s, level, out);
                self.masked = saved;
            }
            Stmt::Break => {
                let brk = self.state().flow.last().and_then(|fl| match fl {
                    Flow::Loop { brk, .. } | Flow::Switch { brk } => brk.clone(),
                });
                match brk {
                    Some(b) => {
                        let _ = writeln!(out, "{level}{b} = true;");
                    }
                    None => self.internal(f.span, "a `break` with no flag in a masked function"),
                }
            }
            Stmt::Continue => {
                let cont = self.state().flow.iter().rev().find_map(|fl| match fl {
                    Flow::Loop { cont, .. } => Some(cont.clone()),
                    Flow::Switch { .. } => None,
                });
                match cont.flatten() {
                    Some(c) => {
                        let _ = writeln!(out, "{level}{c} = true;");
                    }
                    None => self.internal(f.span, "a `continue` with no flag in a masked function"),
                }
            }
            Stmt::Return(value) => {
                let Some((flag, var)) = self.state().ret.clone() else {
                    return false;
                };
                if let (Some(e), Some(v)) = (value, var) {
                    let e = self.expr(cx, *e, P_ASSIGN);
                    let _ = writeln!(out, "{level}{v} = {e};");
                }
                let _ = writeln!(out, "{level}{flag} = true;");
            }
            _ => return false,
        }
        true
    }

    /// `if (c0) … else if (c1) … else …`, each arm under the ballot of its condition over the
    /// lanes the arms before it left; an arm without a condition is the last one.
    fn masked_arms(&mut self, cx: &Ctx<'a>, arms: &[(Option<String>, &[Stmt])], level: Level, out: &mut String) {
        let Some(((cond, body), rest)) = arms.split_first() else {
            return;
        };
        let Some(c) = cond else {
            self.masked_stmts(cx, body, level, out);
            return;
        };
        let m = self.state().mask.clone();
        let cond = self.namer.name("wavec_cond");
        let then = self.namer.name("wavec_then");
        let _ = writeln!(out, "{level}const bool {cond} = {c};");
        let _ = writeln!(out, "{level}const unsigned {then} = __ballot_sync({m}, {cond});");
        let _ = writeln!(out, "{level}if ({cond}) {{");
        self.with_mask(then.clone(), |w| w.masked_stmts(cx, body, level.next(), out));
        if !rest.is_empty() {
            let _ = writeln!(out, "{level}}} else {{");
            let other = self.namer.name("wavec_else");
            let _ = writeln!(out, "{}const unsigned {other} = {m} & ~{then};", level.next());
            self.with_mask(other, |w| w.masked_arms(cx, rest, level.next(), out));
        }
        let _ = writeln!(out, "{level}}}");
    }

    /// A loop whose lanes carry a mask: each iteration starts (`test_first`) or ends with a
    /// ballot of the lanes that go on, and the others leave it there, all at once.
    #[allow(clippy::too_many_arguments)]
    fn masked_loop(
        &mut self,
        cx: &Ctx<'a>,
        init: &[Stmt],
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: &[Stmt],
        test_first: bool,
        level: Level,
        out: &mut String,
    ) {
        let inner = level.next();
        let _ = writeln!(out, "{level}{{");
        for s in init {
            self.stmt(cx, s, inner, out);
        }
        let brk = has_break(body).then(|| self.namer.name("wavec_break"));
        let cont = has_continue(body).then(|| self.namer.name("wavec_continue"));
        if let Some(b) = &brk {
            let _ = writeln!(out, "{inner}bool {b} = false;");
        }
        let lanes = self.namer.name("wavec_loop");
        let _ = writeln!(out, "{inner}unsigned {lanes} = {};", self.state().mask);
        let _ = writeln!(out, "{inner}for (;;) {{");
        let l2 = inner.next();
        self.with_mask(lanes.clone(), |w| {
            if test_first {
                w.loop_test(cx, cond, brk.as_deref(), &lanes, l2, out);
            }
            if let Some(c) = &cont {
                let _ = writeln!(out, "{l2}bool {c} = false;");
            }
            w.state_mut().flow.push(Flow::Loop { brk: brk.clone(), cont: cont.clone() });
            w.masked_stmts(cx, body, l2, out);
            w.state_mut().flow.pop();
            if let Some(st) = step {
                if w.expr_uses_mask(cx.f, st) {
                    w.refuse(cx.f.exprs[st].span, "a wave operation in a loop's step expression");
                }
                let s = w.expr(cx, st, 0);
                let done = w.done_flags(brk.as_deref());
                if done.is_empty() {
                    let _ = writeln!(out, "{l2}{s};");
                } else {
                    let _ = writeln!(out, "{l2}if (!({})) {s};", done.join(" || "));
                }
            }
            if !test_first {
                w.loop_test(cx, cond, brk.as_deref(), &lanes, l2, out);
            }
        });
        let _ = writeln!(out, "{inner}}}");
        let _ = writeln!(out, "{level}}}");
    }

    /// The flags of lanes that left the loop being written: its `break`, or a `return`.
    fn done_flags(&self, brk: Option<&str>) -> Vec<String> {
        brk.map(String::from).into_iter().chain(self.state().ret.as_ref().map(|(r, _)| r.clone())).collect()
    }

    /// Which lanes iterate again: a ballot over the loop's lanes, after which the others leave.
    fn loop_test(
        &mut self,
        cx: &Ctx<'a>,
        cond: Option<ExprId>,
        brk: Option<&str>,
        lanes: &str,
        level: Level,
        out: &mut String,
    ) {
        let done = self.done_flags(brk);
        let mut go = Vec::new();
        if cond.is_some_and(|c| self.expr_uses_mask(cx.f, c)) && !done.is_empty() {
            // The condition's own wave operation must see only the lanes still in the loop.
            let any = done.join(" || ");
            let _ = writeln!(out, "{level}{lanes} = __ballot_sync({lanes}, !({any}));");
            let _ = writeln!(out, "{level}if ({any}) break;");
        } else {
            go.extend(done.iter().map(|d| format!("!{d}")));
        }
        if let Some(c) = cond {
            let c = self.expr(cx, c, if go.is_empty() { P_ASSIGN } else { crate::back::precedence::P_LAND + 1 });
            go.push(c);
        }
        if go.is_empty() {
            return;
        }
        let g = self.namer.name("wavec_go");
        let _ = writeln!(out, "{level}const bool {g} = {};", go.join(" && "));
        let _ = writeln!(out, "{level}{lanes} = __ballot_sync({lanes}, {g});");
        let _ = writeln!(out, "{level}if (!{g}) break;");
    }

    /// A switch as a chain of masked arms, one per case (a case's closing `break` dropped);
    /// a non-empty case that falls into the next is refused.
    fn masked_switch(&mut self, cx: &Ctx<'a>, selector: ExprId, cases: &[SwitchCase], level: Level, out: &mut String) {
        let inner = level.next();
        let _ = writeln!(out, "{level}{{");
        let ty = cx.f.exprs[selector].ty.clone();
        let sel = self.namer.name("wavec_selector");
        let d = self.decl(&ty, &sel, cx.f.span);
        let s = self.expr(cx, selector, P_ASSIGN);
        let _ = writeln!(out, "{inner}const {d} = {s};");
        let mut arms: Vec<(Option<String>, &[Stmt])> = Vec::new();
        let mut default: Option<&[Stmt]> = None;
        let mut pending: Vec<i64> = Vec::new();
        let mut any_break = false;
        for (i, c) in cases.iter().enumerate() {
            pending.extend(&c.values);
            let is_default = c.is_default;
            if c.body.stmts.is_empty() && !is_default && i + 1 < cases.len() {
                continue;
            }
            let mut body = c.body.stmts.as_slice();
            match body.last() {
                Some(Stmt::Break) => body = &body[..body.len() - 1],
                Some(Stmt::Return(_) | Stmt::Continue) => {}
                _ if i + 1 == cases.len() => {}
                _ => self.refuse(cx.f.span, "a switch case that falls into the next around a wave operation"),
            }
            any_break |= has_break(body);
            if is_default {
                default = Some(body);
            } else {
                let test: Vec<String> = pending.iter().map(|v| format!("{sel} == {v}")).collect();
                arms.push((Some(test.join(" || ")), body));
            }
            pending.clear();
        }
        arms.extend(default.map(|b| (None, b)));
        let brk = any_break.then(|| self.namer.name("wavec_break"));
        if let Some(b) = &brk {
            let _ = writeln!(out, "{inner}bool {b} = false;");
        }
        self.state_mut().flow.push(Flow::Switch { brk });
        self.masked_arms(cx, &arms, inner, out);
        self.state_mut().flow.pop();
        let _ = writeln!(out, "{level}}}");
    }

    /// An operand only some lanes evaluate, as a lambda that receives their mask.
    fn lazy_operand(&mut self, cx: &Ctx<'a>, e: ExprId) -> String {
        let m = self.namer.name("wavec_mask");
        let v = self.with_mask(m.clone(), |w| w.expr(cx, e, P_ASSIGN));
        format!("[&](const unsigned {m}) {{ return {v}; }}")
    }

    /// `a && b` or `a || b` whose `b` holds a wave operation: `b` runs with the mask of the
    /// lanes that evaluate it.
    pub(super) fn masked_logic(&mut self, cx: &Ctx<'a>, op: BinaryOp, l: ExprId, r: ExprId) -> (String, u8) {
        let name = if op == BinaryOp::LogicAnd { "and_then" } else { "or_else" };
        let m = self.state().mask.clone();
        let a = self.expr(cx, l, P_ASSIGN);
        let b = self.lazy_operand(cx, r);
        (format!("wavec::{name}({m}, {a}, {b})"), crate::back::precedence::P_POSTFIX)
    }

    /// `c ? a : b` whose branches hold a wave operation: each runs with the mask of its lanes.
    pub(super) fn masked_select(&mut self, cx: &Ctx<'a>, c: ExprId, a: ExprId, b: ExprId) -> (String, u8) {
        let m = self.state().mask.clone();
        let c = self.expr(cx, c, P_ASSIGN);
        let a = self.lazy_operand(cx, a);
        let b = self.lazy_operand(cx, b);
        (format!("wavec::select_then({m}, {c}, {a}, {b})"), crate::back::precedence::P_POSTFIX)
    }
}
