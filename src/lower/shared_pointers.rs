//! Pointers into groupshared memory (Slang's `Ptr<T, Access::ReadWrite, AddressSpace::GroupShared>`,
//! `__getAddress(gs)`, `__getAddress(gs[i])`), resolved at compile time to the variable they
//! point into and an element index, so that no target holds one: HLSL and WGSL have no such
//! pointers, GLSL none at all, and SPIR-V's Workgroup pointers are logical (passing one to a
//! function or choosing between them needs `VariablePointers`).
//!
//! Each such pointer becomes an `int`: the index of the element it points to in its variable
//! (0 for a variable that is no array). `*p` is `gs[p]`, `p + n` is `p + n`, `p[i]` is
//! `gs[p + i]`, comparisons compare indices. A local holds pointers into one variable only; a
//! function taking such pointers is specialized once per combination of variables it is called
//! with, the index passed as an ordinary value (as `resource_values` passes a resource's). What
//! cannot be resolved so (a pointer into two variables, one returned, stored in memory or
//! reinterpreted as another type) is an error here, for every target alike.

use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{
    AddressSpace, BinaryOp, Block, ConstValue, Expr, ExprId, ExprKind, Function, FunctionId, GlobalId, LocalId, Module,
    ParamMode, Scalar, Stmt, Type,
};
use crate::span::Span;

/// Per parameter of a callee: the groupshared variable its pointer argument points into.
type SpecializationKey = Vec<Option<GlobalId>>;

/// The groupshared variable whose address, or an element's, `place` is (the shapes sema lets
/// `__getAddress` take).
fn place_root(module: &Module, f: &Function, place: ExprId) -> Option<GlobalId> {
    let at = match f.exprs[place].kind {
        ExprKind::Index { base, .. } => base,
        _ => place,
    };
    match f.exprs[at].kind {
        ExprKind::Global(g) if module.globals[g].space == AddressSpace::Groupshared => Some(g),
        _ => None,
    }
}

/// Whether any function takes the address of groupshared memory: only then does
/// [`shared_pointers`] change anything.
fn takes_shared_addresses(module: &Module) -> bool {
    module.functions.iter().any(|(_, f)| {
        f.live_expr_iter().any(|(_, e)| matches!(e.kind, ExprKind::AddressOf(p) if place_root(module, f, p).is_some()))
    })
}

/// Resolves every pointer into groupshared memory reachable from an entry point to its
/// variable and an element index (module docs).
pub fn shared_pointers(module: &mut Module) -> Vec<Diagnostic> {
    if !takes_shared_addresses(module) {
        return Vec::new();
    }
    let mut errors = Vec::new();
    let mut specializations: HashMap<(FunctionId, SpecializationKey), FunctionId> = HashMap::default();
    let mut seeds: HashMap<FunctionId, Vec<(LocalId, GlobalId)>> = HashMap::default();
    let mut done: HashSet<FunctionId> = HashSet::default();
    let mut work: Vec<FunctionId> = module.entry_points.iter().map(|ep| ep.function).collect();
    let mut specialized = false;
    while let Some(h) = work.pop() {
        if !done.insert(h) {
            continue;
        }
        // Out of the arena while it changes (no function calls itself, so no specialization
        // below copies it).
        let mut f = std::mem::replace(&mut module.functions[h], Function::placeholder());
        let seed = seeds.remove(&h).unwrap_or_default();
        let roots = local_roots(module, &f, &seed, &mut errors);
        let calls = rewrite(module, &mut f, &roots, &mut errors);
        for (call, key) in calls {
            let ExprKind::Call { function, .. } = f.exprs[call].kind else { continue };
            if key.iter().all(Option::is_none) {
                work.push(function);
                continue;
            }
            let callee = &module.functions[function];
            let mut ok = true;
            for (&p, k) in callee.params.iter().zip(&key) {
                let param = &callee.locals[p];
                if k.is_some() && param.param != Some(ParamMode::In) {
                    errors.push(
                        Diagnostic::error(
                            "E0405",
                            format!("a pointer into groupshared memory is passed to `{}` by value only", param.name),
                        )
                        .with_label(param.span, "an `out` or `inout` parameter")
                        .with_note("pass it as an `in` parameter and return what changes otherwise"),
                    );
                    ok = false;
                }
            }
            if !ok {
                continue;
            }
            let spec = match specializations.get(&(function, key.clone())) {
                Some(&s) => s,
                None => {
                    let s = specialize(module, function, &key);
                    let params = &module.functions[s].params;
                    let seed = params.iter().zip(&key).filter_map(|(&p, k)| k.map(|g| (p, g))).collect();
                    seeds.insert(s, seed);
                    specializations.insert((function, key), s);
                    specialized = true;
                    s
                }
            };
            if let ExprKind::Call { function, .. } = &mut f.exprs[call].kind {
                *function = spec;
            }
            work.push(spec);
        }
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
    if specialized {
        // The specializations were appended: GLSL, for one, needs a callee defined before its
        // callers.
        module.order_callees_first();
    }
    errors
}

/// The groupshared variable a pointer-valued expression points into, given the locals'.
fn root_of(module: &Module, f: &Function, roots: &HashMap<LocalId, GlobalId>, e: ExprId) -> Option<GlobalId> {
    match f.exprs[e].kind {
        ExprKind::AddressOf(place) => place_root(module, f, place),
        ExprKind::Local(l) => roots.get(&l).copied(),
        ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, _) if f.exprs[a].ty.is_pointer() => {
            root_of(module, f, roots, a)
        }
        ExprKind::Comma(_, b) => root_of(module, f, roots, b),
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => root_of(module, f, roots, target),
        ExprKind::Select { then, els, .. } => {
            let r = root_of(module, f, roots, then);
            (r.is_some() && r == root_of(module, f, roots, els)).then_some(r).flatten()
        }
        _ => None,
    }
}

/// Each local's initializer, for [`local_roots`].
fn initializers(block: &Block, out: &mut Vec<(LocalId, ExprId)>) {
    block.visit_stmts(&mut |s| {
        if let Stmt::Local { local, init: Some(e) } = s {
            out.push((*local, *e));
        }
    });
}

/// The groupshared variable each pointer local of `f` points into: from the parameters'
/// `seed` and whatever is stored in the local. A local given pointers into two variables, or
/// into one and device memory, is an error.
fn local_roots(
    module: &Module,
    f: &Function,
    seed: &[(LocalId, GlobalId)],
    errors: &mut Vec<Diagnostic>,
) -> HashMap<LocalId, GlobalId> {
    let mut roots: HashMap<LocalId, GlobalId> = seed.iter().copied().collect();
    let mut stores = Vec::new();
    initializers(&f.body, &mut stores);
    for (_, e) in f.live_expr_iter() {
        if let ExprKind::Assign { op: None, target, value } = e.kind {
            if let ExprKind::Local(l) = f.exprs[target].kind {
                stores.push((l, value));
            }
        }
    }
    stores.retain(|(l, _)| f.locals[*l].ty.is_pointer());
    // A store may copy a local whose variable a later store decides: repeat until none changes.
    loop {
        let mut changed = false;
        for &(l, value) in &stores {
            if let Some(g) = root_of(module, f, &roots, value) {
                if let std::collections::hash_map::Entry::Vacant(v) = roots.entry(l) {
                    v.insert(g);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut refused = HashSet::default();
    for &(l, value) in &stores {
        let Some(&g) = roots.get(&l) else { continue };
        if root_of(module, f, &roots, value) != Some(g) && refused.insert(l) {
            let d = Diagnostic::error(
                "E0405",
                format!(
                    "`{}` points into groupshared `{}`, and this store gives it another pointer",
                    f.locals[l].name, module.globals[g].name
                ),
            )
            .with_label(f.exprs[value].span, "not known to point into the same variable")
            .with_note("a pointer into groupshared memory is resolved at compile time: a variable holds pointers into one groupshared variable");
            errors.push(d);
        }
    }
    roots
}

/// Rewrites `f`'s pointers into groupshared memory to element indices; returns its calls, each
/// with the variables its pointer arguments point into.
fn rewrite(
    module: &Module,
    f: &mut Function,
    roots: &HashMap<LocalId, GlobalId>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(ExprId, SpecializationKey)> {
    let live: Vec<ExprId> = f.live_expr_iter().map(|(h, _)| h).collect();
    // Decided on the expressions as sema wrote them, before any changes.
    let shared: HashMap<ExprId, GlobalId> = live
        .iter()
        .filter(|&&e| f.exprs[e].ty.is_pointer())
        .filter_map(|&e| root_of(module, f, roots, e).map(|g| (e, g)))
        .collect();
    let mut calls = Vec::new();
    for &e in &live {
        let span = f.exprs[e].span;
        let kind = f.exprs[e].kind.clone();
        match kind {
            ExprKind::Call { args, .. } => {
                calls.push((e, args.iter().map(|a| shared.get(a).copied()).collect()));
            }
            ExprKind::Deref(p) => {
                if let Some(&g) = shared.get(&p) {
                    element(module, f, e, p, g, errors);
                }
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let (ra, rb) = (shared.get(&a), shared.get(&b));
                if (ra.is_some() || rb.is_some()) && ra != rb {
                    errors.push(
                        Diagnostic::error(
                            "E0405",
                            "a pointer into groupshared memory compares with pointers into the same variable only",
                        )
                        .with_label(span, "not known to point into the same variable"),
                    );
                }
            }
            ExprKind::Convert(p) if shared.contains_key(&p) => errors.push(
                Diagnostic::error("E0405", "a pointer into groupshared memory cannot be cast")
                    .with_label(span, "it reaches its variable's elements as their own type only"),
            ),
            ExprKind::Assign { target, value, .. } if shared.contains_key(&value) && !shared.contains_key(&target) => {
                errors.push(
                    Diagnostic::error("E0405", "a pointer into groupshared memory is held by a local variable only")
                        .with_label(span, "stored here")
                        .with_note("it is resolved at compile time, and memory is read at run time"),
                )
            }
            ExprKind::Construct(parts) if parts.iter().any(|p| shared.contains_key(p)) => errors.push(
                Diagnostic::error("E0405", "a pointer into groupshared memory is held by a local variable only")
                    .with_label(span, "stored in a value here")
                    .with_note("it is resolved at compile time, and memory is read at run time"),
            ),
            _ => {}
        }
    }
    returns(&f.body, &shared, f, errors);
    for &e in shared.keys() {
        let span = f.exprs[e].span;
        match f.exprs[e].kind.clone() {
            ExprKind::AddressOf(place) => {
                f.exprs[e].kind = match f.exprs[place].kind {
                    // The index is read here only (the element's place is no longer read).
                    ExprKind::Index { index, .. } if f.exprs[index].ty == Type::INT => f.exprs[index].kind.clone(),
                    ExprKind::Index { index, .. } => ExprKind::Convert(index),
                    _ => ExprKind::Const(ConstValue::Int(0)),
                };
            }
            ExprKind::Binary(op, a, n) => {
                let n = index_value(f, n, span);
                f.exprs[e].kind = ExprKind::Binary(op, a, n);
            }
            ExprKind::Assign { op: Some(op), target, value } => {
                let value = index_value(f, value, span);
                f.exprs[e].kind = ExprKind::Assign { op: Some(op), target, value };
            }
            _ => {}
        }
        f.exprs[e].ty = Type::INT;
    }
    for &l in roots.keys() {
        f.locals[l].ty = Type::INT;
    }
    calls
}

/// `*p` at `deref`: the element `p` indexes in groupshared `g` (the variable itself when it is
/// no array). A pointer reads the elements as their own type only.
fn element(module: &Module, f: &mut Function, deref: ExprId, p: ExprId, g: GlobalId, errors: &mut Vec<Diagnostic>) {
    let global = &module.globals[g];
    let (span, pointee) = (f.exprs[deref].span, f.exprs[deref].ty.clone());
    let element = match &global.ty {
        Type::Array(e, _) => e.as_ref(),
        other => other,
    };
    if *element != pointee {
        errors.push(
            Diagnostic::error(
                "E0405",
                format!(
                    "a pointer to `{}` reads groupshared `{}`, whose elements are `{}`",
                    module.type_name(&pointee),
                    global.name,
                    module.type_name(element)
                ),
            )
            .with_label(span, "read through the pointer here")
            .with_note("a pointer into groupshared memory reaches its variable's elements as their own type only"),
        );
        return;
    }
    f.exprs[deref].kind = match global.ty {
        Type::Array(..) => {
            let base = f.exprs.append(Expr { kind: ExprKind::Global(g), ty: global.ty.clone(), span });
            ExprKind::Index { base, index: p }
        }
        _ => ExprKind::Global(g),
    };
}

/// A pointer offset `n` (sema's 64-bit integer) as an `int` element count: the 32-bit value it
/// was widened from where it was one, so that no 64-bit integer reaches a target without them.
fn index_value(f: &mut Function, n: ExprId, span: Span) -> ExprId {
    match f.exprs[n].kind.clone() {
        ExprKind::Convert(inner) if f.exprs[inner].ty == Type::INT => inner,
        ExprKind::Convert(inner) if matches!(f.exprs[inner].ty, Type::Scalar(s) if (s.is_int() && s.bits() <= 32) || s == Scalar::Bool) =>
        {
            f.exprs[n].ty = Type::INT;
            n
        }
        ExprKind::Const(v) => {
            if let Some(i) = v.as_i64() {
                f.exprs[n].kind = ExprKind::Const(ConstValue::Int(i));
                f.exprs[n].ty = Type::INT;
            }
            n
        }
        _ => f.exprs.append(Expr { kind: ExprKind::Convert(n), ty: Type::INT, span }),
    }
}

/// A `return` of a pointer into groupshared memory is an error: the caller could not tell
/// which variable it points into.
fn returns(block: &Block, shared: &HashMap<ExprId, GlobalId>, f: &Function, errors: &mut Vec<Diagnostic>) {
    for s in &block.stmts {
        match s {
            Stmt::Return(Some(e)) if shared.contains_key(e) => errors.push(
                Diagnostic::error("E0405", "a function cannot return a pointer into groupshared memory")
                    .with_label(f.exprs[*e].span, "returned here")
                    .with_note("take the address where it is used, or pass the pointer in"),
            ),
            Stmt::Block(b) => returns(b, shared, f, errors),
            Stmt::If { then, els, .. } => {
                returns(then, shared, f, errors);
                if let Some(b) = els {
                    returns(b, shared, f, errors);
                }
            }
            Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => {
                returns(body, shared, f, errors)
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    returns(&c.body, shared, f, errors);
                }
            }
            _ => {}
        }
    }
}

/// A copy of `function` named for the groupshared variables its pointer parameters (`Some` in
/// `key`) point into; [`shared_pointers`] rewrites it when it reaches it.
fn specialize(module: &mut Module, function: FunctionId, key: &[Option<GlobalId>]) -> FunctionId {
    let mut f = module.functions[function].clone();
    let suffix: Vec<&str> = key.iter().flatten().map(|g| module.globals[*g].name.as_str()).collect();
    let base = format!("{}_{}", f.name, suffix.join("_"));
    let taken = |n: &str| module.functions.iter().any(|(_, g)| g.name == n);
    let mut name = base.clone();
    let mut n = 1;
    while taken(&name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    f.name = name;
    module.functions.append(f)
}
