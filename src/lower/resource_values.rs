//! Resources as values: resource variables in functions (`SamplerState s = gSampler;`) and
//! parameters (`float4 Fetch(Texture2D<float4> t, …)`), which HLSL allows wherever the compiler
//! can tell which resource is meant, and which SPIR-V, GLSL, WGSL, CUDA, Metal and the CPU
//! engine cannot hold in a variable.
//!
//! Every use of such a value becomes the resource it names: a global, or an element of an
//! array of them. A function taking resources is specialized once per combination of
//! resources it is called with (DXC and Slang legalize the same way); an array element's
//! indices travel to it as ordinary values, and a variable's indices are read once, where the
//! variable is declared, as HLSL evaluates its initializer. A resource a descriptor handle
//! names (`StructuredBuffer<float> b = handle;`) is resolved the same way: the handle is the
//! one subscript, read once, and each use is the resource the handle names.

use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{
    Block, ConstValue, Expr, ExprId, ExprKind, Function, FunctionId, GlobalId, IntrinsicId, Local, LocalId, Module,
    ParamMode, Stmt, Type,
};
use crate::span::Span;
use std::borrow::Cow;

/// A resource value's origin: a global, then array subscripts, outermost first; or the
/// resource a descriptor handle names, the handle its one subscript.
pub(super) struct ResourcePath {
    pub(super) root: PathRoot,
    pub(super) indices: Vec<ExprId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum PathRoot {
    Global(GlobalId),
    Handle,
}

/// Per parameter of a callee: for a resource, the root its argument names and, per subscript
/// of the argument, its type and its `NonUniformResourceIndex` mark (the callee marks each read
/// of that subscript again, as a variable holding one does). A callee has one specialization
/// per distinct key.
type SpecializationKey = Vec<Option<(PathRoot, Vec<SubscriptKey>)>>;
type SubscriptKey = (Type, Option<(IntrinsicId, Option<Box<Type>>)>);

/// Where a resolved value reads one subscript: a constant, or a local holding its value.
#[derive(Clone)]
pub(super) enum Subscript {
    Const(ConstValue, Type),
    Local(LocalId),
    /// A local holding a `NonUniformResourceIndex(i)` value: each read is marked again (the
    /// intrinsic, its bound type), as SPIR-V's `NonUniform` and GLSL's `nonuniformEXT` mark
    /// the index at the descriptor access, not the variable it came from.
    NonUniform(LocalId, IntrinsicId, Option<Box<Type>>),
}

pub(super) fn is_resource(ty: &Type) -> bool {
    ty.is_resource_or_array()
}

/// Whether a function reachable from entry point `entry` holds a resource in a variable or
/// takes one as a parameter: only then does [`resource_values`] change anything.
fn needs_resource_values(module: &Module, entry: usize) -> bool {
    let Some(ep) = module.entry_points.get(entry) else { return false };
    let reachable = module.reachable_functions(ep.function);
    module.functions.iter().any(|(h, f)| {
        reachable[h.index()]
            && (is_resource(&f.ret)
                || f.locals.iter().any(|(_, l)| is_resource(&l.ty))
                || super::resource_choice::has_resource_conditions(f))
    }) || super::resource_structs::needs_splitting(module)
}

/// Resolves every resource variable and parameter reachable from entry point `entry` to the
/// resource it names (module docs). Errors where a value cannot be resolved at compile time:
/// a resource chosen by a condition, say. A module with none is not copied.
///
/// Warnings (reads of a variable no resource may reach) are added to `warnings`.
pub fn resource_values(
    module: &mut Cow<'_, Module>,
    entry: usize,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), Vec<Diagnostic>> {
    if !needs_resource_values(module, entry) {
        return Ok(());
    }
    let module = module.to_mut();
    let mut errors = Vec::new();
    if super::resource_structs::needs_splitting(module) {
        super::resource_structs::split_resource_structs(module, entry, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    let Some(ep) = module.entry_points.get(entry) else { return Ok(()) };
    let mut specializations: HashMap<(FunctionId, SpecializationKey), FunctionId> = HashMap::default();
    let mut choice_functions = HashMap::default();
    let mut done: HashSet<FunctionId> = HashSet::default();
    let mut work = vec![ep.function];
    while let Some(h) = work.pop() {
        if !done.insert(h) {
            continue;
        }
        // Out of the arena while it changes (no function calls itself, so no specialization
        // below copies it).
        let mut f = std::mem::replace(&mut module.functions[h], crate::ir::Function::placeholder());
        let preset = super::resource_choice::hoist_choice_calls(module, &mut f, &mut choice_functions, &mut errors, 0);
        work.extend(choice_functions.values().map(|c| c.function));
        inline_resource_results(module, &mut f, &mut errors);
        resolve_variables(module, &mut f, preset, None, &mut errors);
        let calls: Vec<ExprId> =
            f.live_expr_iter().filter(|(_, e)| matches!(e.kind, ExprKind::Call { .. })).map(|(id, _)| id).collect();
        for call in calls {
            let ExprKind::Call { function, args } = f.exprs[call].kind.clone() else { continue };
            let callee = &module.functions[function];
            if !callee.params.iter().any(|p| is_resource(&callee.locals[*p].ty)) {
                work.push(function);
                continue;
            }
            let mut key = Vec::with_capacity(args.len());
            let mut new_args = Vec::with_capacity(args.len());
            let mut ok = true;
            for (&p, &arg) in callee.params.iter().zip(&args) {
                let param = &callee.locals[p];
                if !is_resource(&param.ty) {
                    key.push(None);
                    new_args.push(arg);
                    continue;
                }
                if param.param != Some(ParamMode::In) {
                    errors.push(
                        Diagnostic::error("E0517", format!("resource parameter `{}` must be `in`", param.name))
                            .with_label(param.span, "a resource is passed, never returned"),
                    );
                    ok = false;
                    continue;
                }
                match path_of(&f, arg) {
                    Some(path) => {
                        let subscripts = path.indices.iter().map(|&i| (f.exprs[i].ty.clone(), non_uniform_mark(&f, i)));
                        key.push(Some((path.root, subscripts.collect())));
                        new_args.extend(path.indices);
                    }
                    None => {
                        errors.push(unresolvable(f.exprs[arg].span, "this argument"));
                        ok = false;
                    }
                }
            }
            if !ok {
                continue;
            }
            let spec = match specializations.get(&(function, key.clone())) {
                Some(&s) => s,
                None => {
                    let s = specialize(module, function, &key);
                    specializations.insert((function, key), s);
                    s
                }
            };
            f.exprs[call].kind = ExprKind::Call { function: spec, args: new_args };
            work.push(spec);
        }
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
    // The specializations were appended: GLSL, for one, needs a callee defined before its callers.
    module.order_callees_first();
    let (warned, errors): (Vec<_>, Vec<_>) = errors.into_iter().partition(|d| !d.is_error());
    if errors.is_empty() {
        warnings.extend(warned);
        Ok(())
    } else {
        Err(errors)
    }
}

/// Each call in `f` of a function that returns a resource (`RWStructuredBuffer<uint> Get() {
/// return gBuffer; }`, `Texture2D<float4> GetTexture() { return gTextures[this.index]; }`)
/// becomes the resource it returns: such a function's body must be one `return` of a resource
/// named by globals and parameters (a global, an element of an array of them at an index
/// computed from constants, globals, parameters and intrinsics, another such call), which is
/// then computed where the call was, each parameter read as its argument. Arguments with effects
/// are still evaluated once; such an argument cannot also pick the resource.
pub(super) fn inline_resource_results(module: &Module, f: &mut Function, errors: &mut Vec<Diagnostic>) {
    let calls: Vec<ExprId> = f
        .live_expr_iter()
        .filter(|(_, e)| matches!(e.kind, ExprKind::Call { .. }) && is_resource(&e.ty))
        .map(|(id, _)| id)
        .collect();
    for call in calls {
        let ExprKind::Call { function, args } = f.exprs[call].kind.clone() else { continue };
        if super::resource_choice::chooses(module, function) {
            // Left where `resource_choice` could not make its choice, which it reported.
            continue;
        }
        let span = f.exprs[call].span;
        let Some(returned) = copy_returned(module, function, &args, f, 0) else {
            let name = &module.functions[function].name;
            errors.push(
                Diagnostic::error("E0517", format!("`{name}` returns a resource the compiler cannot resolve"))
                    .with_label(span, "called here")
                    .with_note(
                        "a function returning a resource must be one `return` of a global resource, or an element of an \
                         array of them at an index computed from constants, globals and parameters whose arguments have no side effects",
                    ),
            );
            continue;
        };
        // The arguments' effects, then the resource.
        let mut value = returned;
        for &a in args.iter().rev() {
            if !f.is_pure(a) {
                let ty = f.exprs[value].ty.clone();
                value = f.exprs.append(Expr { kind: ExprKind::Comma(a, value), ty, span });
            }
        }
        f.exprs[call].kind = f.exprs[value].kind.clone();
    }
}

/// The resource `function` returns, copied into `into` with its parameters read as `args`
/// (expressions of `into`); see [`inline_resource_results`].
fn copy_returned(
    module: &Module,
    function: FunctionId,
    args: &[ExprId],
    into: &mut Function,
    depth: u32,
) -> Option<ExprId> {
    let callee = &module.functions[function];
    let [Stmt::Return(Some(e))] = callee.body.stmts.as_slice() else { return None };
    (depth < 16).then_some(())?;
    copy_closed(module, callee, args, *e, into, depth)
}

/// `e` of `from` copied into `into`, when it reads no local, has no effect but an intrinsic's,
/// and reads parameters only where their arguments in `args` have no effect (each read a copy
/// of the argument).
fn copy_closed(
    module: &Module,
    from: &Function,
    args: &[ExprId],
    e: ExprId,
    into: &mut Function,
    depth: u32,
) -> Option<ExprId> {
    let x = &from.exprs[e];
    let copy = |into: &mut Function, c: ExprId| copy_closed(module, from, args, c, into, depth);
    let kind = match &x.kind {
        ExprKind::Const(c) => ExprKind::Const(c.clone()),
        ExprKind::Global(g) => ExprKind::Global(*g),
        ExprKind::Local(l) => {
            let i = from.params.iter().position(|p| p == l)?;
            let arg = *args.get(i)?;
            if !into.is_pure(arg) {
                return None;
            }
            return Some(duplicate(into, arg));
        }
        ExprKind::Call { function, args: inner } if is_resource(&x.ty) => {
            let mut copied = Vec::new();
            for &a in inner {
                copied.push(copy(into, a)?);
            }
            return copy_returned(module, *function, &copied, into, depth + 1);
        }
        ExprKind::Intrinsic { id, args: inner, bound } => {
            let mut copied = Vec::new();
            for &a in inner {
                copied.push(copy(into, a)?);
            }
            ExprKind::Intrinsic { id: *id, args: copied, bound: bound.clone() }
        }
        ExprKind::Select { cond, then, els } => {
            ExprKind::Select { cond: copy(into, *cond)?, then: copy(into, *then)?, els: copy(into, *els)? }
        }
        ExprKind::Construct(parts) => {
            let mut copied = Vec::new();
            for &a in parts {
                copied.push(copy(into, a)?);
            }
            ExprKind::Construct(copied)
        }
        ExprKind::Index { base, index } => ExprKind::Index { base: copy(into, *base)?, index: copy(into, *index)? },
        ExprKind::Field { base, index } => ExprKind::Field { base: copy(into, *base)?, index: *index },
        ExprKind::Convert(a) => ExprKind::Convert(copy(into, *a)?),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, copy(into, *a)?),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, copy(into, *a)?, copy(into, *b)?),
        ExprKind::Swizzle { base, components } => {
            ExprKind::Swizzle { base: copy(into, *base)?, components: components.clone() }
        }
        _ => return None,
    };
    Some(into.exprs.append(Expr { kind, ty: x.ty.clone(), span: x.span }))
}

/// A copy of expression `e` of `f`, every sub-expression new (an expression has one parent).
fn duplicate(f: &mut Function, e: ExprId) -> ExprId {
    let mut x = f.exprs[e].clone();
    let mut children = Vec::new();
    x.kind.for_each_child(|c| children.push(c));
    let copies: Vec<ExprId> = children.into_iter().map(|c| duplicate(f, c)).collect();
    let mut next = copies.into_iter();
    x.kind.for_each_child_mut(|c| {
        if let Some(n) = next.next() {
            *c = n;
        }
    });
    f.exprs.append(x)
}

/// The `NonUniformResourceIndex` intrinsic (and its bound type) an index is a call of, under
/// conversions.
pub(crate) fn non_uniform_mark(f: &Function, index: ExprId) -> Option<(IntrinsicId, Option<Box<Type>>)> {
    match &f.exprs[index].kind {
        ExprKind::Convert(a) => non_uniform_mark(f, *a),
        ExprKind::Intrinsic { id, bound, args } if args.len() == 1 => {
            let (_, intr) = crate::lower::intrinsics::declaration(crate::stdlib::Stdlib::get(), *id);
            let marks = intr.lowerings_for("spirv").next().is_some_and(|form| form.kind() == "nonuniform");
            marks.then(|| (*id, bound.clone()))
        }
        _ => None,
    }
}

pub(super) fn unresolvable(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0517", format!("{what} must name one resource the compiler can resolve"))
        .with_label(span, "not a global resource or an element of an array of them")
        .with_note("a resource cannot be chosen at run time, by a condition or a loaded value; index an array of resources instead")
}

/// The global and subscripts `e` reads, if it is a resource named without run-time choice.
pub(super) fn path_of(f: &Function, e: ExprId) -> Option<ResourcePath> {
    match &f.exprs[e].kind {
        ExprKind::Global(g) => Some(ResourcePath { root: PathRoot::Global(*g), indices: Vec::new() }),
        ExprKind::Deref(h) if is_resource(&f.exprs[e].ty) => {
            Some(ResourcePath { root: PathRoot::Handle, indices: vec![*h] })
        }
        ExprKind::Index { base, index } if is_resource(&f.exprs[*base].ty) => {
            let mut path = path_of(f, *base)?;
            path.indices.push(*index);
            Some(path)
        }
        _ => None,
    }
}

/// Rewrites expression `at` (of the value's resource type) into `root` read through
/// `subscripts`.
pub(super) fn write_path(module: &Module, f: &mut Function, at: ExprId, root: PathRoot, subscripts: &[Subscript]) {
    let span = f.exprs[at].span;
    let subscript = |f: &mut Function, s: &Subscript| match s {
        Subscript::Const(v, t) => f.exprs.append(Expr { kind: ExprKind::Const(v.clone()), ty: t.clone(), span }),
        Subscript::Local(l) => {
            let t = f.locals[*l].ty.clone();
            f.exprs.append(Expr { kind: ExprKind::Local(*l), ty: t, span })
        }
        Subscript::NonUniform(l, id, bound) => {
            let t = f.locals[*l].ty.clone();
            let read = f.exprs.append(Expr { kind: ExprKind::Local(*l), ty: t.clone(), span });
            let kind = ExprKind::Intrinsic { id: *id, args: vec![read], bound: bound.clone() };
            f.exprs.append(Expr { kind, ty: t, span })
        }
    };
    let root = match root {
        PathRoot::Global(g) => g,
        PathRoot::Handle => {
            if let Some(handle) = subscripts.first() {
                let handle = subscript(f, handle);
                f.exprs[at].kind = ExprKind::Deref(handle);
            }
            return;
        }
    };
    let Some((last, outer)) = subscripts.split_last() else {
        f.exprs[at].kind = ExprKind::Global(root);
        return;
    };
    let mut ty = module.globals[root].ty.clone();
    let mut base = f.exprs.append(Expr { kind: ExprKind::Global(root), ty: ty.clone(), span });
    for s in outer {
        ty = match ty {
            Type::Array(e, _) => *e,
            other => other,
        };
        let index = subscript(f, s);
        base = f.exprs.append(Expr { kind: ExprKind::Index { base, index }, ty: ty.clone(), span });
    }
    let index = subscript(f, last);
    f.exprs[at].kind = ExprKind::Index { base, index };
}

/// Every expression of `f` that reads local `l` (not the target of an assignment to it).
fn reads_of(f: &Function, l: LocalId) -> Vec<ExprId> {
    let written: HashSet<ExprId> = f
        .exprs
        .iter()
        .filter_map(|(_, e)| match e.kind {
            ExprKind::Assign { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    f.exprs
        .iter()
        .filter(|(id, e)| matches!(e.kind, ExprKind::Local(x) if x == l) && !written.contains(id))
        .map(|(id, _)| id)
        .collect()
}

/// Resolves the resource variables declared in `f`'s body, in statement order (a later one's
/// initializer may name an earlier one): each declaration becomes the declarations of locals
/// holding its non-constant subscripts, and each read the resource itself.
///
/// Variables given a resource more than once or by a condition are chosen at run time
/// (`resource_choice`), with those in `preset` (the results of calls of functions that choose),
/// and `returned`, the result of a function that chooses, whose candidates this returns.
pub(super) fn resolve_variables(
    module: &Module,
    f: &mut Function,
    preset: HashMap<LocalId, super::resource_choice::Choice>,
    returned: Option<LocalId>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<super::resource_choice::Candidate>> {
    let variables =
        f.locals.iter().any(|(l, local)| is_resource(&local.ty) && local.param.is_none() && !f.params.contains(&l));
    if !variables && !super::resource_choice::has_resource_conditions(f) {
        return None;
    }
    let chosen = super::resource_choice::chosen_variables(f, returned.into_iter().chain(preset.keys().copied()), None);
    let mut body = std::mem::take(&mut f.body);
    let mut vars = Variables { module, errors, chosen: &chosen, set: HashSet::default(), unset: HashSet::default() };
    vars.block(f, &mut body);
    f.body = body;
    // A variable never given a resource may be copied (a struct's field left unset and copied
    // whole); a read of one is a choice among no resources.
    let mut preset = preset;
    for &l in &vars.unset {
        preset.insert(l, super::resource_choice::Choice::undefined());
    }
    super::resource_choice::resolve_choices(module, f, &chosen, preset, returned, errors)
}

/// The resource variables of one function as its statements give them their resources.
struct Variables<'m, 'e, 'c> {
    module: &'m Module,
    errors: &'e mut Vec<Diagnostic>,
    /// Left to `resource_choice`.
    chosen: &'c HashSet<LocalId>,
    /// Given their resource (reads already rewritten).
    set: HashSet<LocalId>,
    /// Declared without one, or copied from one that has none: they may be given one later.
    unset: HashSet<LocalId>,
}

impl Variables<'_, '_, '_> {
    fn block(&mut self, f: &mut Function, block: &mut Block) {
        let stmts = std::mem::take(&mut block.stmts);
        for mut stmt in stmts {
            if let Stmt::Local { local, init } = stmt {
                if is_resource(&f.locals[local].ty) && !self.chosen.contains(&local) {
                    match init {
                        Some(value) => self.assign(f, local, value, &mut block.stmts),
                        None => {
                            self.unset.insert(local);
                        }
                    }
                    continue;
                }
            }
            if let Stmt::Expr(e) = stmt {
                if let ExprKind::Assign { op: None, target, value } = f.exprs[e].kind {
                    if let ExprKind::Local(local) = f.exprs[target].kind {
                        if is_resource(&f.locals[local].ty) && !self.chosen.contains(&local) {
                            self.assign(f, local, value, &mut block.stmts);
                            continue;
                        }
                    }
                }
            }
            // A branch a constant rules out gives no resource (`if (USE_X) s = s.with_x(t);`
            // with `USE_X` false).
            if let Stmt::If { cond, then, els, .. } = &mut stmt {
                if let Some(taken) = f.const_value(*cond).and_then(|c| c.as_bool()) {
                    let mut kept = if taken { std::mem::take(then) } else { els.take().unwrap_or_default() };
                    self.block(f, &mut kept);
                    block.stmts.push(Stmt::Block(kept));
                    continue;
                }
            }
            self.nested(f, &mut stmt);
            block.stmts.push(stmt);
        }
    }

    fn nested(&mut self, f: &mut Function, stmt: &mut Stmt) {
        stmt.for_each_block_mut(|b| self.block(f, b));
    }

    /// Resource variable `local` is given `value`: a resource, or another variable's (unset:
    /// then so is this one). Its non-constant subscripts are held in locals declared in `out`.
    fn assign(&mut self, f: &mut Function, local: LocalId, value: ExprId, out: &mut Vec<Stmt>) {
        let span = f.exprs[value].span;
        if self.set.contains(&local) {
            self.errors.push(
                Diagnostic::error(
                    "E0517",
                    format!(
                        "`{}` is given a second resource; a resource variable names one resource",
                        f.locals[local].name
                    ),
                )
                .with_label(span, "the second"),
            );
            return;
        }
        if matches!(f.exprs[value].kind, ExprKind::Local(u) if self.unset.contains(&u)) {
            self.unset.insert(local);
            return;
        }
        let Some(path) = path_of(f, value) else {
            self.errors.push(unresolvable(span, "a resource variable's value"));
            return;
        };
        self.unset.remove(&local);
        self.set.insert(local);
        let mut subscripts = Vec::with_capacity(path.indices.len());
        for (k, index) in path.indices.into_iter().enumerate() {
            match f.const_value(index) {
                Some(v) => subscripts.push(Subscript::Const(v, f.exprs[index].ty.clone())),
                None => {
                    let name = format!("{}_index{}", f.locals[local].name, k);
                    let ty = f.exprs[index].ty.clone();
                    let held = f.locals.append(Local::new(name, ty, f.locals[local].span));
                    out.push(Stmt::Local { local: held, init: Some(index) });
                    subscripts.push(match non_uniform_mark(f, index) {
                        Some((id, bound)) => Subscript::NonUniform(held, id, bound),
                        None => Subscript::Local(held),
                    });
                }
            }
        }
        for read in reads_of(f, local) {
            write_path(self.module, f, read, path.root, &subscripts);
        }
    }
}

/// A copy of `function` whose resource parameters (`Some` in `key`: the global each names, and
/// its subscripts' types) are the globals themselves; each subscript becomes a parameter, in
/// the order of the call's new arguments.
fn specialize(module: &mut Module, function: FunctionId, key: &SpecializationKey) -> FunctionId {
    let mut f = module.functions[function].clone();
    let old_params = std::mem::take(&mut f.params);
    let mut suffix = Vec::new();
    for (&p, k) in old_params.iter().zip(key) {
        let Some((root, types)) = k.clone() else {
            f.params.push(p);
            continue;
        };
        let span = f.locals[p].span;
        let mut subscripts = Vec::with_capacity(types.len());
        for (j, (ty, mark)) in types.into_iter().enumerate() {
            let name = format!("{}_index{}", f.locals[p].name, j);
            let param = f.locals.append(Local::param(name, ty, ParamMode::In, span));
            f.params.push(param);
            subscripts.push(match mark {
                Some((id, bound)) => Subscript::NonUniform(param, id, bound),
                None => Subscript::Local(param),
            });
        }
        for read in reads_of(&f, p) {
            write_path(module, &mut f, read, root, &subscripts);
        }
        // No longer a parameter: nothing reads it, and no declaration names it.
        f.locals[p].param = None;
        suffix.push(match root {
            PathRoot::Global(g) => module.globals[g].name.clone(),
            PathRoot::Handle => "handle".to_string(),
        });
    }
    let base = format!("{}_{}", f.name, suffix.join("_"));
    let taken = |n: &str| module.functions.iter().any(|(_, g)| g.name == n);
    let mut name = base.clone();
    let mut n = 1;
    while taken(&name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    f.name = name;
    f.uses = f.gather_uses();
    module.functions.append(f)
}
