//! Array parameters the core modules take by reference (Slang's `__ref`), so that a lane can
//! store some elements of a `groupshared` array through a function (`CoopMat.Store`,
//! `CoopVec.store` of an array): an `inout` parameter copies the whole array in and out, which
//! for groupshared memory writes every element back from every lane, a race that loses the
//! other lanes' stores.
//!
//! A parameter marks itself so by its name, which starts with `__ref` (a reserved spelling no
//! shader uses). Where its argument is a groupshared variable, the callee is specialized once
//! per such variable with the parameter replaced by the variable at each use and dropped from
//! the call; any other argument (a local array) keeps the ordinary copy, which is private to
//! the lane. An `in` parameter so marked is read where it lies instead of being copied. A name
//! that starts with `__ref_groupshared` takes a groupshared variable only (a cooperative
//! matrix's store: each lane holds only its share of the elements, so a local array would
//! receive only some of them): any other argument is an error.

use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::{AddressSpace, ExprKind, FunctionId, GlobalId, Module, Type};

/// The marker a by-reference parameter's name starts with.
const MARKER: &str = "__ref";
/// The marker of one that takes nothing but a groupshared variable.
const SHARED_ONLY: &str = "__ref_groupshared";

/// Per parameter of a callee: the groupshared variable it is replaced by.
type Key = Vec<Option<GlobalId>>;

/// Specializes calls that pass a groupshared array to a by-reference parameter (module docs).
pub fn shared_refs(module: &mut Module) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let by_reference = |module: &Module, callee: FunctionId, i: usize| {
        let f = &module.functions[callee];
        f.params.get(i).is_some_and(|&p| {
            let l = &f.locals[p];
            l.param.is_some() && l.name.starts_with(MARKER) && matches!(l.ty, Type::Array(..))
        })
    };
    let mut specializations: HashMap<(FunctionId, Key), FunctionId> = HashMap::default();
    let mut done: HashSet<FunctionId> = HashSet::default();
    let mut work: Vec<FunctionId> = module.functions.iter().map(|(h, _)| h).collect();
    let mut specialized = false;
    while let Some(h) = work.pop() {
        if !done.insert(h) {
            continue;
        }
        let calls: Vec<_> = module.functions[h]
            .live_expr_iter()
            .filter_map(|(e, x)| match &x.kind {
                ExprKind::Call { function, args } => Some((e, *function, args.clone())),
                _ => None,
            })
            .collect();
        let mut changed = false;
        for (call, callee, args) in calls {
            for (i, &a) in args.iter().enumerate() {
                let f = &module.functions[h];
                let shared = matches!(f.exprs[a].kind, ExprKind::Global(g) if module.globals[g].space == AddressSpace::Groupshared);
                let callee_f = &module.functions[callee];
                let shared_only =
                    callee_f.params.get(i).is_some_and(|&p| callee_f.locals[p].name.starts_with(SHARED_ONLY));
                if shared_only && !shared {
                    errors.push(
                        Diagnostic::error("E0405", "a cooperative matrix is stored into a `groupshared` array only")
                            .with_label(f.exprs[a].span, "not a `groupshared` variable")
                            .with_note(
                                "each lane holds only its share of the matrix's elements, so an array of its own \
                                 would receive only those; store into a `groupshared` array (or a buffer) and read it back",
                            ),
                    );
                }
            }
            let key: Key = args
                .iter()
                .enumerate()
                .map(|(i, &a)| match module.functions[h].exprs[a].kind {
                    ExprKind::Global(g)
                        if module.globals[g].space == AddressSpace::Groupshared && by_reference(module, callee, i) =>
                    {
                        Some(g)
                    }
                    _ => None,
                })
                .collect();
            if key.iter().all(Option::is_none) {
                continue;
            }
            let spec = match specializations.get(&(callee, key.clone())) {
                Some(&s) => s,
                None => {
                    let s = specialize(module, callee, &key);
                    specializations.insert((callee, key.clone()), s);
                    work.push(s);
                    specialized = true;
                    s
                }
            };
            let kept = args.iter().zip(&key).filter(|(_, k)| k.is_none()).map(|(&a, _)| a).collect();
            module.functions[h].exprs[call].kind = ExprKind::Call { function: spec, args: kept };
            changed = true;
        }
        if changed {
            let f = &mut module.functions[h];
            f.uses = f.gather_uses();
        }
    }
    if specialized {
        // The specializations were appended: GLSL, for one, needs a callee defined before its
        // callers.
        module.order_callees_first();
    }
    errors
}

/// A copy of `function` in which each parameter that `key` names a variable for is that
/// variable, read and written where it lies, and no longer a parameter.
fn specialize(module: &mut Module, function: FunctionId, key: &[Option<GlobalId>]) -> FunctionId {
    let mut f = module.functions[function].clone();
    let replaced: HashMap<_, _> = f.params.iter().zip(key).filter_map(|(&p, k)| k.map(|g| (p, g))).collect();
    for (_, e) in f.exprs.iter_mut() {
        if let ExprKind::Local(l) = e.kind {
            if let Some(&g) = replaced.get(&l) {
                e.kind = ExprKind::Global(g);
            }
        }
    }
    f.params.retain(|p| !replaced.contains_key(p));
    for &p in replaced.keys() {
        f.locals[p].param = None;
    }
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
    f.uses = f.gather_uses();
    module.functions.append(f)
}
