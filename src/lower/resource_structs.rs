//! Structs that hold resources (`struct TextureImage { Texture2D<float4> tex; int2 size; }`),
//! which HLSL lets engine code build, pass, return and call methods on, and which no target
//! but HLSL can hold in a variable: DXC gets rid of them by inlining and splitting them into
//! their fields, and so does this pass, for every target but HLSL.
//!
//! 1. Every call to a function that takes or returns such a struct is inlined (methods too:
//!    their `this` is such a parameter). Its `in` parameters become locals initialized from the
//!    arguments; `out` and `inout` ones name the argument itself, which must then have no side
//!    effects. A `return` becomes an assignment to a result local, and the statements after an
//!    `if` that returns move into its branches. Calls evaluated conditionally (under `&&`, `||`,
//!    `?:`, in a loop's condition) or after a side effect of the same statement are refused:
//!    inlining would change what runs.
//! 2. Every local of such a struct type is split into one local per field, recursively: a
//!    field read reads that local, and a whole copy copies each field.
//!
//! The resource fields are then resource variables, initialized or assigned once, which
//! [`super::resource_values`] resolves to the resources they name.

use super::resource_values::is_resource;
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::{
    BinaryOp, Block, Expr, ExprId, ExprKind, Function, FunctionId, Local, LocalId, Module, ParamMode, Stmt, SwitchCase,
    Type,
};
use crate::span::Span;

/// How deep inlined calls may nest (HLSL has no recursion; this bounds a malformed module).
const MAX_DEPTH: u32 = 64;

/// Whether a value of `ty` holds a resource inside a struct.
pub(super) fn holds_resources(module: &Module, ty: &Type) -> bool {
    module.holds_resources(ty)
}

/// Whether calls to `f` are inlined: it takes or returns a struct holding resources.
fn is_inlined(module: &Module, f: &Function) -> bool {
    holds_resources(module, &f.ret) || f.params.iter().any(|p| holds_resources(module, &f.locals[*p].ty))
}

fn error(span: Span, what: impl Into<String>) -> Diagnostic {
    Diagnostic::error("E0517", what.into()).with_label(span, "here")
}

/// Whether some struct of the module holds a resource.
pub(super) fn needs_splitting(module: &Module) -> bool {
    module.structs.iter().any(|(_, s)| s.fields.iter().any(|f| is_resource(&f.ty)))
}

/// Inlines and splits the structs holding resources of every function reachable from entry
/// point `entry` (module docs).
pub(super) fn split_resource_structs(module: &mut Module, entry: usize, errors: &mut Vec<Diagnostic>) {
    let Some(ep) = module.entry_points.get(entry) else { return };
    let reachable = module.reachable_functions(ep.function);
    for (h, g) in module.globals.iter() {
        let used = module.functions.iter().any(|(fh, f)| reachable[fh.index()] && f.uses.globals.contains(&h));
        if used && holds_resources(module, &g.ty) {
            errors.push(error(
                g.span,
                format!(
                    "`{}`: a global struct that holds resources is not supported; declare its resources as globals of \
                     their own",
                    g.name
                ),
            ));
        }
    }
    let ids: Vec<FunctionId> = module.functions.iter().map(|(h, _)| h).collect();
    for h in ids {
        if !reachable[h.index()] || is_inlined(module, &module.functions[h]) {
            continue;
        }
        let f = &module.functions[h];
        let involved = f.locals.iter().any(|(_, l)| holds_resources(module, &l.ty))
            || f.exprs.iter().any(|(_, e)| matches!(e.kind, ExprKind::Call { function, .. } if is_inlined(module, &module.functions[function])));
        if !involved {
            continue;
        }
        // Out of the arena while it changes; the callees read stay in it (no recursion).
        let mut f = std::mem::replace(&mut module.functions[h], Function::placeholder());
        let body = std::mem::take(&mut f.body);
        f.body = inline_block(module, &mut f, body, 0, errors);
        split_locals(module, &mut f, errors);
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
    // No value of these structs is left, and the backends declare every struct: they keep
    // their data only.
    for (_, s) in module.structs.iter_mut() {
        s.fields.retain(|f| !is_resource(&f.ty));
    }
}

// ---------------------------------------------------------------------------------------------
// Inlining
// ---------------------------------------------------------------------------------------------

/// `block` with every call to an inlined function expanded before the statement that makes it.
fn inline_block(module: &Module, f: &mut Function, block: Block, depth: u32, errors: &mut Vec<Diagnostic>) -> Block {
    let mut out = Vec::with_capacity(block.stmts.len());
    for stmt in block.stmts {
        // A `for` whose initializer makes such a call: the initializer runs once, before the loop.
        let stmt = match stmt {
            Stmt::For { init, cond, step, body, hint } if init.iter().any(|s| makes_inlined_call(module, f, s)) => {
                out.extend(inline_block(module, f, Block { stmts: init }, depth, errors).stmts);
                Stmt::For { init: Vec::new(), cond, step, body, hint }
            }
            s => s,
        };
        let stmt = inline_nested(module, f, stmt, depth, errors);
        let roots: Vec<ExprId> = match &stmt {
            Stmt::Expr(e) | Stmt::Return(Some(e)) | Stmt::Local { init: Some(e), .. } => vec![*e],
            Stmt::If { cond, .. } => vec![*cond],
            Stmt::Switch { selector, .. } => vec![*selector],
            Stmt::For { cond, step, .. } => {
                for e in cond.iter().chain(step) {
                    refuse_calls_in(module, f, *e, "a loop's condition or step", errors);
                }
                vec![]
            }
            Stmt::While { cond, .. } | Stmt::DoWhile { cond, .. } => {
                refuse_calls_in(module, f, *cond, "a loop's condition", errors);
                vec![]
            }
            _ => vec![],
        };
        let mut dropped = false;
        for root in roots {
            let mut calls = Vec::new();
            collect_calls(module, f, root, false, &mut vec![0], &mut calls, errors);
            for call in calls {
                let whole = matches!(stmt, Stmt::Expr(e) if e == call);
                if f.exprs[call].ty == Type::Void && !whole {
                    errors
                        .push(error(f.exprs[call].span, "a call of a function returning nothing must be a statement"));
                    continue;
                }
                let prelude = expand(module, f, call, depth, errors);
                let prelude = inline_block(module, f, Block { stmts: prelude }, depth + 1, errors);
                out.extend(prelude.stmts);
                // A call that was the whole statement has left nothing to evaluate.
                dropped |= whole;
            }
        }
        if !dropped {
            out.push(stmt);
        }
    }
    Block { stmts: out }
}

fn inline_nested(module: &Module, f: &mut Function, stmt: Stmt, depth: u32, errors: &mut Vec<Diagnostic>) -> Stmt {
    let mut inner = |f: &mut Function, b: Block| inline_block(module, f, b, depth, errors);
    match stmt {
        Stmt::Block(b) => Stmt::Block(inner(f, b)),
        Stmt::If { cond, then, els, hint } => {
            let then = inner(f, then);
            let els = els.map(|e| inner(f, e));
            Stmt::If { cond, then, els, hint }
        }
        Stmt::For { init, cond, step, body, hint } => Stmt::For { init, cond, step, body: inner(f, body), hint },
        Stmt::While { cond, body, hint } => Stmt::While { cond, body: inner(f, body), hint },
        Stmt::DoWhile { body, cond, hint } => Stmt::DoWhile { body: inner(f, body), cond, hint },
        Stmt::Switch { selector, cases } => Stmt::Switch {
            selector,
            cases: cases
                .into_iter()
                .map(|c| SwitchCase { values: c.values, is_default: c.is_default, body: inner(f, c.body) })
                .collect(),
        },
        other => other,
    }
}

fn inlined_call(module: &Module, f: &Function, e: ExprId) -> bool {
    matches!(f.exprs[e].kind, ExprKind::Call { function, .. } if is_inlined(module, &module.functions[function]))
}

/// Whether statement `s` (not its nested blocks) calls an inlined function.
fn makes_inlined_call(module: &Module, f: &Function, s: &Stmt) -> bool {
    fn under(module: &Module, f: &Function, e: ExprId) -> bool {
        let mut found = inlined_call(module, f, e);
        f.exprs[e].kind.for_each_child(|c| found |= under(module, f, c));
        found
    }
    match s {
        Stmt::Expr(e) | Stmt::Local { init: Some(e), .. } => under(module, f, *e),
        _ => false,
    }
}

fn refuse_calls_in(module: &Module, f: &Function, e: ExprId, place: &str, errors: &mut Vec<Diagnostic>) {
    if inlined_call(module, f, e) {
        errors.push(error(
            f.exprs[e].span,
            format!("a call passing or returning a struct that holds resources cannot stand in {place}"),
        ));
    }
    f.exprs[e].kind.for_each_child(|c| refuse_calls_in(module, f, c, place, errors));
}

/// The inlined calls under `e`, innermost first, in evaluation order; refuses those evaluated
/// conditionally or whose inlining would move them before a side effect evaluated first.
///
/// Each inlined call's arguments are evaluated in its prelude, right before its body, so a side
/// effect among them keeps its place; one outside (counted in `pending`, a level per inlined
/// call being visited, the statement's first) would run after the preludes of the calls that
/// follow it.
fn collect_calls(
    module: &Module,
    f: &Function,
    e: ExprId,
    conditional: bool,
    pending: &mut Vec<u32>,
    calls: &mut Vec<ExprId>,
    errors: &mut Vec<Diagnostic>,
) {
    let kind = &f.exprs[e].kind;
    let inlined = inlined_call(module, f, e);
    if inlined {
        pending.push(0);
    }
    let short_circuit = matches!(kind, ExprKind::Binary(BinaryOp::LogicAnd | BinaryOp::LogicOr, ..));
    let mut first = true;
    kind.for_each_child(|c| {
        // The first operand of `&&`, `||` and `?:` always runs; the others may not.
        let cond = conditional || ((short_circuit || matches!(kind, ExprKind::Select { .. })) && !first);
        first = false;
        collect_calls(module, f, c, cond, pending, calls, errors);
    });
    if !inlined {
        if has_own_effect(f, e) {
            if let Some(n) = pending.last_mut() {
                *n += 1;
            }
        }
        return;
    }
    pending.pop();
    if conditional {
        errors.push(error(
            f.exprs[e].span,
            "a call passing or returning a struct that holds resources cannot be evaluated conditionally \
             (under `&&`, `||` or `?:`); give it a statement of its own",
        ));
    } else if pending.iter().any(|&n| n > 0) {
        errors.push(error(
            f.exprs[e].span,
            "a call passing or returning a struct that holds resources is inlined before its statement, which \
             would move it before a side effect evaluated first; give it a statement of its own",
        ));
    }
    calls.push(e);
}

/// Whether evaluating `e` itself, not its operands, may change memory or a local.
fn has_own_effect(f: &Function, e: ExprId) -> bool {
    use crate::ir::ResourceMethod as M;
    match &f.exprs[e].kind {
        ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Call { .. } => true,
        ExprKind::Method { method, .. } => !matches!(method, M::Load(_) | M::Sample(_) | M::MipLoad | M::LoadSample),
        // Atomics, barriers and intrinsics with `out` results return nothing.
        ExprKind::Intrinsic { .. } => f.exprs[e].ty == Type::Void,
        _ => false,
    }
}

/// The statements that do what call `call` does; the call itself becomes a read of the
/// result local (void: left as it is, and only ever a whole statement).
fn expand(module: &Module, f: &mut Function, call: ExprId, depth: u32, errors: &mut Vec<Diagnostic>) -> Vec<Stmt> {
    let ExprKind::Call { function, args } = f.exprs[call].kind.clone() else { return vec![] };
    let callee = &module.functions[function];
    let span = f.exprs[call].span;
    if depth >= MAX_DEPTH {
        errors.push(error(span, format!("`{}` is inlined more than {MAX_DEPTH} calls deep", callee.name)));
        return vec![];
    }
    let mut copy = Copier { src: callee, locals: HashMap::default(), by_reference: HashMap::default(), ret: None };
    let mut prelude = Vec::new();
    for (&p, &arg) in callee.params.iter().zip(&args) {
        let param = &callee.locals[p];
        if param.param == Some(ParamMode::In) {
            let local = f.locals.append(Local::new(param.name.clone(), param.ty.clone(), param.span));
            prelude.push(Stmt::Local { local, init: Some(arg) });
            copy.locals.insert(p, local);
        } else if f.is_pure(arg) {
            copy.by_reference.insert(p, arg);
        } else {
            errors.push(error(
                f.exprs[arg].span,
                format!(
                    "the `{}` argument of `{}`, inlined because it passes or returns a struct that holds resources, \
                     must have no side effects",
                    param.name, callee.name
                ),
            ));
            return vec![];
        }
    }
    if callee.ret != Type::Void {
        let ret = f.locals.append(Local::new(format!("{}_result", callee.name), callee.ret.clone(), span));
        prelude.push(Stmt::Local { local: ret, init: None });
        copy.ret = Some(ret);
        f.exprs[call].kind = ExprKind::Local(ret);
    }
    match copy.block(f, &callee.body.stmts) {
        Ok(body) => prelude.push(Stmt::Block(Block { stmts: body })),
        Err(span) => errors.push(error(
            span,
            format!(
                "`{}` is inlined (it passes or returns a struct that holds resources), so it may return only \
                 outside loops and `switch`",
                callee.name
            ),
        )),
    }
    prelude
}

/// Copies a callee's statements and expressions into the caller.
struct Copier<'a> {
    src: &'a Function,
    /// Callee locals to their copies in the caller.
    locals: HashMap<LocalId, LocalId>,
    /// `out`/`inout` parameters: the caller's argument, copied at each use.
    by_reference: HashMap<LocalId, ExprId>,
    /// The local that receives the returned value.
    ret: Option<LocalId>,
}

/// Copies expression `e` of `f` within `f` (an argument used by reference, at each use).
fn duplicate(f: &mut Function, e: ExprId) -> ExprId {
    let mut x = f.exprs[e].clone();
    x.kind.for_each_child_mut(|c| *c = duplicate(f, *c));
    f.exprs.append(x)
}

impl Copier<'_> {
    fn local(&mut self, dst: &mut Function, l: LocalId) -> LocalId {
        if let Some(&x) = self.locals.get(&l) {
            return x;
        }
        let mut local = self.src.locals[l].clone();
        local.param = None;
        let x = dst.locals.append(local);
        self.locals.insert(l, x);
        x
    }

    fn expr(&mut self, dst: &mut Function, e: ExprId) -> ExprId {
        let x = &self.src.exprs[e];
        if let ExprKind::Local(l) = x.kind {
            if let Some(&arg) = self.by_reference.get(&l) {
                return duplicate(dst, arg);
            }
        }
        let mut kind = x.kind.clone();
        match &mut kind {
            ExprKind::Local(l) => *l = self.local(dst, *l),
            k => k.for_each_child_mut(|c| *c = self.expr(dst, *c)),
        }
        dst.exprs.append(Expr { kind, ty: x.ty.clone(), span: x.span })
    }

    /// Copies `stmts`, turning returns into assignments to the result local: an `if` that
    /// returns takes the statements after it into both branches. `Err`: a return inside a loop
    /// or `switch`, which this cannot move.
    fn block(&mut self, dst: &mut Function, stmts: &[Stmt]) -> Result<Vec<Stmt>, Span> {
        let mut out = Vec::with_capacity(stmts.len());
        for (i, s) in stmts.iter().enumerate() {
            let rest = &stmts[i + 1..];
            let returns_at = first_return(self.src, s);
            match s {
                Stmt::Return(value) => {
                    if let (Some(v), Some(ret)) = (value, self.ret) {
                        let v = self.expr(dst, *v);
                        out.push(Stmt::Expr(assign_local(dst, ret, v)));
                    }
                    return Ok(out);
                }
                Stmt::If { cond, then, els, hint } if returns_at.is_some() => {
                    let cond = self.expr(dst, *cond);
                    let then = self.block(dst, &[&then.stmts[..], rest].concat())?;
                    let els_stmts = els.as_ref().map_or(&[][..], |b| &b.stmts[..]);
                    let els = self.block(dst, &[els_stmts, rest].concat())?;
                    out.push(Stmt::If {
                        cond,
                        then: Block { stmts: then },
                        els: Some(Block { stmts: els }),
                        hint: *hint,
                    });
                    return Ok(out);
                }
                Stmt::Block(b) if returns_at.is_some() => {
                    let inner = self.block(dst, &[&b.stmts[..], rest].concat())?;
                    out.push(Stmt::Block(Block { stmts: inner }));
                    return Ok(out);
                }
                _ if let Some(at) = returns_at => return Err(at),
                _ => out.push(self.stmt(dst, s)),
            }
        }
        Ok(out)
    }

    /// Copies a statement that does not return.
    fn stmt(&mut self, dst: &mut Function, s: &Stmt) -> Stmt {
        let blk = |c: &mut Self, dst: &mut Function, b: &Block| Block {
            stmts: b.stmts.iter().map(|s| c.stmt(dst, s)).collect(),
        };
        match s {
            Stmt::Expr(e) => Stmt::Expr(self.expr(dst, *e)),
            Stmt::Local { local, init } => {
                let init = init.map(|e| self.expr(dst, e));
                // A fresh local at each copy of its declaration (the statements after an `if`
                // that returns are copied into both branches).
                let mut l = self.src.locals[*local].clone();
                l.param = None;
                let x = dst.locals.append(l);
                self.locals.insert(*local, x);
                Stmt::Local { local: x, init }
            }
            Stmt::Block(b) => Stmt::Block(blk(self, dst, b)),
            Stmt::If { cond, then, els, hint } => Stmt::If {
                cond: self.expr(dst, *cond),
                then: blk(self, dst, then),
                els: els.as_ref().map(|b| blk(self, dst, b)),
                hint: *hint,
            },
            Stmt::For { init, cond, step, body, hint } => {
                let init = init.iter().map(|s| self.stmt(dst, s)).collect();
                let cond = cond.map(|e| self.expr(dst, e));
                let step = step.map(|e| self.expr(dst, e));
                Stmt::For { init, cond, step, body: blk(self, dst, body), hint: *hint }
            }
            Stmt::While { cond, body, hint } => {
                Stmt::While { cond: self.expr(dst, *cond), body: blk(self, dst, body), hint: *hint }
            }
            Stmt::DoWhile { body, cond, hint } => {
                let body = blk(self, dst, body);
                Stmt::DoWhile { body, cond: self.expr(dst, *cond), hint: *hint }
            }
            Stmt::Switch { selector, cases } => Stmt::Switch {
                selector: self.expr(dst, *selector),
                cases: cases
                    .iter()
                    .map(|c| SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body: blk(self, dst, &c.body),
                    })
                    .collect(),
            },
            Stmt::Break => Stmt::Break,
            Stmt::Continue => Stmt::Continue,
            Stmt::Discard => Stmt::Discard,
            Stmt::Return(_) => Stmt::Return(None),
        }
    }
}

/// The span of the first `return` under `s`, if there is one.
fn first_return(f: &Function, s: &Stmt) -> Option<Span> {
    let in_block = |b: &Block| b.stmts.iter().find_map(|s| first_return(f, s));
    match s {
        Stmt::Return(v) => Some(v.map_or(f.span, |e| f.exprs[e].span)),
        Stmt::Block(b) | Stmt::While { body: b, .. } | Stmt::DoWhile { body: b, .. } => in_block(b),
        Stmt::For { init, body, .. } => init.iter().find_map(|s| first_return(f, s)).or_else(|| in_block(body)),
        Stmt::If { then, els, .. } => in_block(then).or_else(|| els.as_ref().and_then(in_block)),
        Stmt::Switch { cases, .. } => cases.iter().find_map(|c| in_block(&c.body)),
        _ => None,
    }
}

fn assign_local(f: &mut Function, local: LocalId, value: ExprId) -> ExprId {
    let ty = f.locals[local].ty.clone();
    let span = f.exprs[value].span;
    let target = f.exprs.append(Expr { kind: ExprKind::Local(local), ty: ty.clone(), span });
    f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value }, ty, span })
}

// ---------------------------------------------------------------------------------------------
// Splitting
// ---------------------------------------------------------------------------------------------

/// Splits every local of a struct type holding resources into a local per field, until none
/// is left (a field may be such a struct itself).
fn split_locals(module: &Module, f: &mut Function, errors: &mut Vec<Diagnostic>) {
    // Every local split so far: a struct nested in one (a pair of them) is split a round
    // later, reading the outer one's parts whole until then.
    let mut all_split: HashMap<LocalId, Vec<LocalId>> = HashMap::default();
    loop {
        let mut split: HashMap<LocalId, Vec<LocalId>> = HashMap::default();
        let targets: Vec<LocalId> =
            f.locals.iter().filter(|(_, l)| holds_resources(module, &l.ty)).map(|(h, _)| h).collect();
        if targets.is_empty() {
            // Any other read is of a whole struct, which no longer exists.
            for (_, e) in f.live_expr_iter() {
                if let ExprKind::Local(l) = e.kind {
                    if all_split.contains_key(&l) {
                        errors.push(error(
                            e.span,
                            "a struct that holds resources is used as a whole value here; only its fields, copies \
                             of it and calls taking it can be compiled for this target",
                        ));
                        return;
                    }
                }
            }
            return;
        }
        for l in targets {
            let local = f.locals[l].clone();
            let Type::Struct(s) = local.ty else {
                errors.push(error(
                    local.span,
                    format!("`{}`: an array of structs that hold resources is not supported", local.name),
                ));
                return;
            };
            let fields = module.structs[s]
                .fields
                .iter()
                .map(|field| {
                    let mut part = Local::new(format!("{}_{}", local.name, field.name), field.ty.clone(), local.span);
                    part.is_const = local.is_const;
                    f.locals.append(part)
                })
                .collect();
            // The whole struct is gone: it must not be declared any more.
            f.locals[l].ty = Type::Void;
            split.insert(l, fields);
        }
        let body = std::mem::take(&mut f.body);
        f.body = split_block(module, f, body, &split, errors);
        all_split.extend(split);
        // Field reads of a split local read the field's local.
        let ids: Vec<ExprId> = f.exprs.iter().map(|(h, _)| h).collect();
        for e in ids {
            if let ExprKind::Field { base, index } = f.exprs[e].kind {
                if let ExprKind::Local(l) = f.exprs[base].kind {
                    if let Some(parts) = all_split.get(&l) {
                        f.exprs[e].kind = ExprKind::Local(parts[index as usize]);
                    }
                }
            }
        }
    }
}

fn split_block(
    module: &Module,
    f: &mut Function,
    block: Block,
    split: &HashMap<LocalId, Vec<LocalId>>,
    errors: &mut Vec<Diagnostic>,
) -> Block {
    let mut out = Vec::with_capacity(block.stmts.len());
    let inner = |f: &mut Function, b: Block, errors: &mut Vec<Diagnostic>| split_block(module, f, b, split, errors);
    for stmt in block.stmts {
        match stmt {
            Stmt::Local { local, init } if split.contains_key(&local) => {
                for (i, &part) in split[&local].iter().enumerate() {
                    let init = init.and_then(|e| field_of(module, f, e, i as u32, errors));
                    out.push(Stmt::Local { local: part, init });
                }
            }
            Stmt::Expr(e) if whole_assignment(module, f, e) => {
                let ExprKind::Assign { target, value, .. } = f.exprs[e].kind else { continue };
                let Type::Struct(s) = f.exprs[target].ty else { continue };
                if !f.is_pure(target) || !f.is_pure(value) {
                    errors.push(error(
                        f.exprs[e].span,
                        "a copy of a struct that holds resources must have no side effects on either side",
                    ));
                    continue;
                }
                for i in 0..module.structs[s].fields.len() as u32 {
                    let (Some(t), Some(v)) =
                        (field_of(module, f, target, i, errors), field_of(module, f, value, i, errors))
                    else {
                        continue;
                    };
                    let ty = f.exprs[t].ty.clone();
                    let span = f.exprs[e].span;
                    let a = f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target: t, value: v }, ty, span });
                    out.push(Stmt::Expr(a));
                }
            }
            Stmt::Block(b) => out.push(Stmt::Block(inner(f, b, errors))),
            Stmt::If { cond, then, els, hint } => {
                let then = inner(f, then, errors);
                let els = els.map(|b| inner(f, b, errors));
                out.push(Stmt::If { cond, then, els, hint });
            }
            Stmt::For { init, cond, step, body, hint } => {
                let init = inner(f, Block { stmts: init }, errors).stmts;
                let body = inner(f, body, errors);
                out.push(Stmt::For { init, cond, step, body, hint });
            }
            Stmt::While { cond, body, hint } => out.push(Stmt::While { cond, body: inner(f, body, errors), hint }),
            Stmt::DoWhile { body, cond, hint } => out.push(Stmt::DoWhile { body: inner(f, body, errors), cond, hint }),
            Stmt::Switch { selector, cases } => {
                let cases = cases
                    .into_iter()
                    .map(|c| SwitchCase { values: c.values, is_default: c.is_default, body: inner(f, c.body, errors) })
                    .collect();
                out.push(Stmt::Switch { selector, cases });
            }
            other => out.push(other),
        }
    }
    Block { stmts: out }
}

/// `a = b` of a whole struct that holds resources, as a statement.
fn whole_assignment(module: &Module, f: &Function, e: ExprId) -> bool {
    matches!(f.exprs[e].kind, ExprKind::Assign { op: None, target, .. } if holds_resources(module, &f.exprs[target].ty))
}

/// Field `i` of struct value `e`: the part of a constructor that builds it field by field, or
/// a field read of a copy of `e` (which has no side effects).
fn field_of(module: &Module, f: &mut Function, e: ExprId, i: u32, errors: &mut Vec<Diagnostic>) -> Option<ExprId> {
    let Type::Struct(s) = f.exprs[e].ty else { return None };
    let field_ty = module.structs[s].fields.get(i as usize)?.ty.clone();
    if let ExprKind::Construct(parts) = &f.exprs[e].kind {
        let fields = &module.structs[s].fields;
        let by_field = parts.len() == fields.len() && parts.iter().zip(fields).all(|(p, fd)| f.exprs[*p].ty == fd.ty);
        if by_field {
            return Some(parts[i as usize]);
        }
    }
    if !f.is_pure(e) {
        errors.push(error(f.exprs[e].span, "a struct that holds resources, copied from a value with side effects"));
        return None;
    }
    let base = duplicate(f, e);
    let span = f.exprs[e].span;
    Some(f.exprs.append(Expr { kind: ExprKind::Field { base, index: i }, ty: field_ty, span }))
}
