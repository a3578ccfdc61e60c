//! Which calls of a wide virtual wave's operations the whole group reaches.
//!
//! A wave operation at a virtual width wider than the hardware's exchanges values through
//! groupshared memory between two group barriers ([`super::virtual_wave::wide_virtual_wave`]),
//! so every thread of the group must reach each call, the same number of times: the control
//! flow around the call must be the same for the whole group.
//!
//! The analysis gives every value and every point of the control flow a [`Level`]: the same for
//! the whole group, or possibly different between threads.
//! Values take the level of what they are computed from; a branch, a loop's exit or a `return`
//! under a condition raises the level of the flow after it (a loop that threads leave at
//! different iterations is divergent in every later iteration). Locals take the join of every
//! value assigned to them and of the flow the assignment is in; parameters the join over the
//! calls, functions the join of the flows they are called in. Everything is iterated to a fixed
//! point over the functions reachable from the entry point. The answer is conservative: a call
//! it cannot prove uniform is reported, with the condition that made it divergent.

use super::virtual_wave::WideOp;
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;

/// How far a value or a point of the control flow is the same between threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// The same in every thread of the group.
    Group,
    /// Possibly different between threads (a wave operation's result is the same only within
    /// its wave, which is no help to a group barrier).
    Thread,
}

/// A level of the control flow and the condition that raised it there.
#[derive(Clone, Copy, Debug)]
struct Flow {
    level: Level,
    cause: Option<Span>,
}

impl Flow {
    const GROUP: Flow = Flow { level: Level::Group, cause: None };

    fn join(self, other: Flow) -> Flow {
        if other.level > self.level {
            other
        } else {
            self
        }
    }

    /// The flow under a condition of level `level` written at `span`.
    fn under(self, level: Level, span: Span) -> Flow {
        self.join(Flow { level, cause: Some(span) })
    }
}

/// What the exits inside a statement (`return`, `break`, `continue`) do to the flow after them.
#[derive(Clone, Copy)]
struct Exits {
    ret: Flow,
    brk: Flow,
    cont: Flow,
}

impl Exits {
    const NONE: Exits = Exits { ret: Flow::GROUP, brk: Flow::GROUP, cont: Flow::GROUP };

    fn join(self, o: Exits) -> Exits {
        Exits { ret: self.ret.join(o.ret), brk: self.brk.join(o.brk), cont: self.cont.join(o.cont) }
    }

    fn all(self) -> Flow {
        self.ret.join(self.brk).join(self.cont)
    }
}

/// What the analysis knows of a function from its callers and its body.
#[derive(Clone)]
struct Summary {
    /// The join of the flows it is called in.
    entry: Flow,
    params: Vec<Level>,
    ret: Level,
}

/// The diagnostics for every call of a wide operation (an instance in `ops`) that the analysis
/// cannot prove is reached as the operation needs. `names` gives the source's name of the wave
/// operation called at a span.
pub(super) fn check(
    module: &Module,
    entry_fn: FunctionId,
    ops: &HashMap<FunctionId, WideOp>,
    names: &HashMap<Span, String>,
    width: u32,
    hardware: u32,
) -> Vec<Diagnostic> {
    let reachable = module.reachable_functions(entry_fn);
    let functions: Vec<FunctionId> =
        module.functions.iter().filter(|(h, _)| reachable[h.index()] && !ops.contains_key(h)).map(|(h, _)| h).collect();
    let mut summaries: HashMap<FunctionId, Summary> = HashMap::default();
    for &h in &functions {
        let f = &module.functions[h];
        let params = f
            .params
            .iter()
            .map(|p| if h == entry_fn { entry_param_level(&f.locals[*p]) } else { Level::Group })
            .collect();
        summaries.insert(h, Summary { entry: Flow::GROUP, params, ret: Level::Group });
    }
    let mut globals: HashMap<GlobalId, Level> = HashMap::default();
    let mut sites = Vec::new();
    // Each round can only raise levels, and there are two: it ends.
    loop {
        let mut changed = false;
        sites.clear();
        for &h in &functions {
            let (ret, global_writes, calls, found) = {
                let mut walker = Walker::new(module, h, ops, &summaries, &globals);
                walker.run();
                (walker.ret, walker.global_writes, walker.calls, walker.sites)
            };
            let summary = summaries.get_mut(&h).expect("every reachable function has a summary");
            if ret > summary.ret {
                summary.ret = ret;
                changed = true;
            }
            for (g, level) in global_writes {
                let at = globals.entry(g).or_insert(Level::Group);
                if level > *at {
                    *at = level;
                    changed = true;
                }
            }
            for (callee, flow, args) in calls {
                let Some(s) = summaries.get_mut(&callee) else { continue };
                if flow.level > s.entry.level {
                    s.entry = flow;
                    changed = true;
                }
                for (p, a) in s.params.iter_mut().zip(args) {
                    if a > *p {
                        *p = a;
                        changed = true;
                    }
                }
            }
            sites.extend(found);
        }
        if !changed {
            break;
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut errors = Vec::new();
    for (callee, span, flow) in sites {
        let op = &ops[&callee];
        let needs = needs(&op.name);
        if flow.level <= needs || !seen.insert(span) {
            continue;
        }
        let name = names.get(&span).unwrap_or(&op.name);
        let mut d = Diagnostic::error(
            "E0633",
            format!(
                "`{name}` cannot run at a virtual wave width of {width}, wider than the hardware's {hardware} lanes, \
                 here: it exchanges values through groupshared memory between group barriers, which every thread \
                 of the group must reach"
            ),
        )
        .with_label(span, "the control flow here can differ between the group's threads");
        if let Some(cause) = flow.cause {
            d = d.with_label(cause, "this differs between threads");
        }
        d = d.with_note(format!(
            "call it where the whole group runs (before the branch or loop), or run at a virtual width of at most {hardware}"
        ));
        errors.push(d);
    }
    errors
}

/// The flow an operation needs: lane numbers and the group wave index nothing (they are
/// arithmetic on the thread's index), everything else the whole group (it meets at barriers).
pub(super) fn needs(name: &str) -> Level {
    match name {
        "WaveGetLaneIndex" | "WaveGetLaneCount" | "GetGroupWaveIndex" | "GetGroupWaveCount" => Level::Thread,
        _ => Level::Group,
    }
}

/// The level of an operation's result: only the lane count and the wave count are the group's.
fn result_level(name: &str) -> Level {
    match name {
        "WaveGetLaneCount" | "GetGroupWaveCount" => Level::Group,
        _ => Level::Thread,
    }
}

/// An entry-point parameter: the group's id is the group's, every other input the thread's.
fn entry_param_level(local: &Local) -> Level {
    match local.builtin {
        Some(BuiltinInput::GroupId) => Level::Group,
        _ => Level::Thread,
    }
}

struct Walker<'a> {
    module: &'a Module,
    f: &'a Function,
    ops: &'a HashMap<FunctionId, WideOp>,
    summaries: &'a HashMap<FunctionId, Summary>,
    globals: &'a HashMap<GlobalId, Level>,
    entry: Flow,
    locals: Vec<Level>,
    /// The level each loop's iterations after the first run at (by the loop's place in the walk).
    loops: Vec<Flow>,
    next_loop: usize,
    changed: bool,
    // What the last walk found.
    ret: Level,
    calls: Vec<(FunctionId, Flow, Vec<Level>)>,
    sites: Vec<(FunctionId, Span, Flow)>,
    global_writes: Vec<(GlobalId, Level)>,
}

impl<'a> Walker<'a> {
    fn new(
        module: &'a Module,
        h: FunctionId,
        ops: &'a HashMap<FunctionId, WideOp>,
        summaries: &'a HashMap<FunctionId, Summary>,
        globals: &'a HashMap<GlobalId, Level>,
    ) -> Walker<'a> {
        let f = &module.functions[h];
        let summary = &summaries[&h];
        let mut locals = vec![Level::Group; f.locals.len()];
        for (p, level) in f.params.iter().zip(&summary.params) {
            locals[p.index()] = *level;
        }
        Walker {
            module,
            f,
            ops,
            summaries,
            globals,
            entry: summary.entry,
            locals,
            loops: Vec::new(),
            next_loop: 0,
            changed: false,
            ret: Level::Group,
            calls: Vec::new(),
            sites: Vec::new(),
            global_writes: Vec::new(),
        }
    }

    /// Walks the body until the locals' and loops' levels stop rising; the last walk's findings
    /// are kept.
    fn run(&mut self) {
        loop {
            self.changed = false;
            self.next_loop = 0;
            self.ret = Level::Group;
            self.calls.clear();
            self.sites.clear();
            self.global_writes.clear();
            let body = &self.f.body;
            self.block(body, self.entry);
            if !self.changed {
                break;
            }
        }
    }

    fn raise_local(&mut self, l: LocalId, level: Level) {
        let at = &mut self.locals[l.index()];
        if level > *at {
            *at = level;
            self.changed = true;
        }
    }

    fn block(&mut self, block: &Block, flow: Flow) -> Exits {
        let mut cur = flow;
        let mut exits = Exits::NONE;
        for s in &block.stmts {
            let e = self.stmt(s, cur);
            exits = exits.join(e);
            cur = cur.join(e.all());
        }
        exits
    }

    fn stmt(&mut self, s: &Stmt, flow: Flow) -> Exits {
        match s {
            Stmt::Expr(e) => {
                self.expr(*e, flow);
                Exits::NONE
            }
            Stmt::Local { local, init } => {
                if let Some(init) = init {
                    // Each execution sets it afresh: the value's level, not the flow's.
                    let level = self.expr(*init, flow);
                    self.raise_local(*local, level);
                }
                Exits::NONE
            }
            Stmt::Block(b) => self.block(b, flow),
            Stmt::If { cond, then, els, .. } => {
                let c = self.expr(*cond, flow);
                let inner = flow.under(c, self.f.exprs[*cond].span);
                let mut exits = self.block(then, inner);
                if let Some(els) = els {
                    exits = exits.join(self.block(els, inner));
                }
                exits
            }
            Stmt::For { init, cond, step, body, .. } => {
                let mut exits = Exits::NONE;
                let mut cur = flow;
                for s in init {
                    let e = self.stmt(s, cur);
                    exits = exits.join(e);
                    cur = cur.join(e.all());
                }
                let ret = self.lp(cur, Some(*cond).flatten(), body, *step, false);
                Exits { ret: exits.ret.join(ret), ..Exits::NONE }
            }
            Stmt::While { cond, body, .. } => {
                Exits { ret: self.lp(flow, Some(*cond), body, None, false), ..Exits::NONE }
            }
            Stmt::DoWhile { body, cond, .. } => {
                Exits { ret: self.lp(flow, Some(*cond), body, None, true), ..Exits::NONE }
            }
            Stmt::Switch { selector, cases } => {
                let s = self.expr(*selector, flow);
                let inner = flow.under(s, self.f.exprs[*selector].span);
                let mut exits = Exits::NONE;
                for case in cases {
                    exits = exits.join(self.block(&case.body, inner));
                }
                // A `break` leaves the switch; a `continue` goes on to the enclosing loop.
                Exits { brk: Flow::GROUP, ..exits }
            }
            Stmt::Break => Exits { brk: flow, ..Exits::NONE },
            Stmt::Continue => Exits { cont: flow, ..Exits::NONE },
            Stmt::Return(value) => {
                if let Some(v) = value {
                    let level = self.expr(*v, flow);
                    self.ret = self.ret.max(level).max(flow.level);
                }
                Exits { ret: flow, ..Exits::NONE }
            }
            Stmt::Discard => Exits { ret: flow, ..Exits::NONE },
        }
    }

    /// A loop entered at `flow`; the flow its `return`s leave after it.
    fn lp(&mut self, flow: Flow, cond: Option<ExprId>, body: &Block, step: Option<ExprId>, cond_last: bool) -> Flow {
        let id = self.next_loop;
        self.next_loop += 1;
        if self.loops.len() <= id {
            self.loops.push(Flow::GROUP);
        }
        // Later iterations run at the level of whatever made threads leave earlier ones.
        let iterations = flow.join(self.loops[id]);
        let mut level = iterations;
        if let (Some(c), false) = (cond, cond_last) {
            let l = self.expr(c, iterations);
            level = level.under(l, self.f.exprs[c].span);
        }
        let exits = self.block(body, level);
        let after_body = level.join(exits.cont);
        if let Some(s) = step {
            self.expr(s, after_body);
        }
        let mut leaving = level.join(exits.brk).join(exits.ret);
        if let (Some(c), true) = (cond, cond_last) {
            let l = self.expr(c, after_body);
            leaving = leaving.under(l, self.f.exprs[c].span);
        }
        if leaving.level > self.loops[id].level {
            self.loops[id] = leaving;
            self.changed = true;
        }
        exits.ret
    }

    /// The level of `e`'s value, evaluated in `flow`.
    fn expr(&mut self, e: ExprId, flow: Flow) -> Level {
        let f = self.f;
        let expr = &f.exprs[e];
        match &expr.kind {
            ExprKind::Const(_) => Level::Group,
            ExprKind::Local(l) => self.locals[l.index()],
            ExprKind::Global(g) => self.global(*g),
            ExprKind::Binary(BinaryOp::LogicAnd | BinaryOp::LogicOr, a, b) => {
                let l = self.expr(*a, flow);
                let r = self.expr(*b, flow.under(l, f.exprs[*a].span));
                l.max(r)
            }
            ExprKind::Select { cond, then, els } => {
                let c = self.expr(*cond, flow);
                let inner = flow.under(c, f.exprs[*cond].span);
                c.max(self.expr(*then, inner)).max(self.expr(*els, inner))
            }
            ExprKind::Index { base, index } => {
                let level = self.expr(*base, flow).max(self.expr(*index, flow));
                if writable(&f.exprs[*base].ty) {
                    // Other threads may write it between two reads.
                    Level::Thread
                } else {
                    level
                }
            }
            ExprKind::Call { function, args } => {
                let levels: Vec<Level> = args.iter().map(|a| self.expr(*a, flow)).collect();
                if let Some(op) = self.ops.get(function) {
                    self.sites.push((*function, expr.span, flow));
                    return result_level(&op.name);
                }
                let callee = &self.module.functions[*function];
                for (p, a) in callee.params.iter().zip(args) {
                    if callee.locals[*p].param != Some(ParamMode::In) {
                        self.write_target(*a, Level::Thread);
                    }
                }
                self.calls.push((*function, flow, levels));
                self.summaries.get(function).map_or(Level::Thread, |s| s.ret)
            }
            ExprKind::Intrinsic { id, args, .. } => {
                let levels: Vec<Level> = args.iter().map(|a| self.expr(*a, flow)).collect();
                let stdlib = crate::stdlib::Stdlib::get();
                let intr = stdlib.intrinsics.get(id.0 as usize);
                let atomic = intr.is_some_and(|i| i.name.starts_with("Interlocked") || i.wave);
                let mut level = levels.iter().copied().max().unwrap_or(Level::Group);
                if let Some(intr) = intr {
                    for (p, a) in intr.params.iter().zip(args) {
                        if p.mode != ParamMode::In {
                            self.write_target(*a, Level::Thread);
                        }
                    }
                }
                if atomic {
                    level = Level::Thread;
                }
                level
            }
            ExprKind::Method { object, method, args } => {
                let o = self.expr(*object, flow);
                let levels: Vec<Level> = args.iter().map(|a| self.expr(*a, flow)).collect();
                let sizes = matches!(
                    method,
                    ResourceMethod::GetDimensions
                        | ResourceMethod::GetDimensionsMip
                        | ResourceMethod::GetDimensionsSamples
                );
                if sizes {
                    // A resource's sizes are the same for every thread.
                    for a in args {
                        self.write_target(*a, o.max(flow.level));
                    }
                    return Level::Group;
                }
                let mut level = levels.into_iter().fold(o, Level::max);
                if writable(&f.exprs[*object].ty) || matches!(method, ResourceMethod::Interlocked(_)) {
                    level = Level::Thread;
                }
                level
            }
            ExprKind::Assign { target, value, .. } => {
                let v = self.expr(*value, flow);
                let t = self.target_level(*target, flow);
                self.write_target(*target, v.max(t).max(flow.level));
                v
            }
            ExprKind::IncDec { target, .. } => {
                let t = self.target_level(*target, flow);
                self.write_target(*target, t.max(flow.level));
                self.expr(*target, flow)
            }
            ExprKind::GroupWave(_) => Level::Thread,
            other => {
                let mut level = Level::Group;
                for c in other.children() {
                    level = level.max(self.expr(c, flow));
                }
                level
            }
        }
    }

    /// The level of the indices in an assignment's target (the value itself is not read).
    fn target_level(&mut self, target: ExprId, flow: Flow) -> Level {
        match &self.f.exprs[target].kind {
            ExprKind::Index { base, index } => self.target_level(*base, flow).max(self.expr(*index, flow)),
            ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => self.target_level(*base, flow),
            _ => Level::Group,
        }
    }

    /// Raises the local or private global an assignment target writes.
    fn write_target(&mut self, target: ExprId, level: Level) {
        match &self.f.exprs[target].kind {
            ExprKind::Local(l) => self.raise_local(*l, level),
            ExprKind::Global(g) if self.module.globals[*g].space == AddressSpace::Private => {
                self.global_writes.push((*g, level))
            }
            ExprKind::Index { base, .. } | ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => {
                self.write_target(*base, level)
            }
            _ => {}
        }
    }

    fn global(&self, g: GlobalId) -> Level {
        match self.module.globals[g].space {
            AddressSpace::Private => self.globals.get(&g).copied().unwrap_or(Level::Group),
            _ => Level::Group,
        }
    }
}

/// Whether values of type `ty` live in memory other threads can write while this one reads.
fn writable(ty: &Type) -> bool {
    matches!(ty, Type::Resource(kind, _) if kind.is_writable())
}
