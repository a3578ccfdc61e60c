//! Intrinsics a target cannot emit natively become calls of their portable implementation.
//!
//! A stdlib declaration may have a body, written in the language itself: `WaveMatch` as a
//! waterfall of broadcasts and ballots, `WavePrefixMin` as a loop over the active lanes,
//! `WaveMaskSum` as a sum with the lanes outside the mask contributing the identity. A target
//! that has a native form of the intrinsic (its `[hlsl]`/`[spirv]`/`[cpu]` attributes, asked
//! through [`Target`]) keeps the call; every other target calls an instance of the body, bound
//! to the call's types and constant arguments. Bodies call other intrinsics, which this pass
//! lowers in turn, so an emulation written once serves every target, and a backend only ever
//! sees calls it can emit.
//!
//! Instances are compiled by sema once per process ([`Stdlib::instance`]) and copied into the
//! module once per compilation, under the name `wavec_<Intrinsic>`; the module's functions are
//! then put back in callee-first order.

use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{InstanceKey, Intrinsic, Stdlib};
use std::borrow::Cow;

/// What a target emits itself.
pub trait Target {
    /// `Ok` when the target has a native form of `intr` for this call (`args` in `f`, which
    /// conditions such as "argument 1 is a constant" read); otherwise the error to report if
    /// the intrinsic has no body either, without a label (the pass adds the call's).
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic>;
}

/// The declaration an intrinsic call names, its `[alias_of]` resolved.
pub fn declaration(stdlib: &Stdlib, id: IntrinsicId) -> (usize, &Intrinsic) {
    let intr = &stdlib.intrinsics[id.0 as usize];
    match intr.alias_of.as_deref().and_then(|target| stdlib.find(target)) {
        Some(t) => (t, &stdlib.intrinsics[t]),
        None => (id.0 as usize, intr),
    }
}

/// A call that needs the body: where it is and which instance it needs.
struct Portable {
    expr: ExprId,
    key: InstanceKey,
    /// The argument values of the `constexpr` parameters (they leave the instance's signature).
    constants: Vec<Option<ConstValue>>,
}

/// Lowers every intrinsic call reachable from entry point `entry` that `target` has no native
/// form for. The module is copied only when something changes.
pub fn lower_intrinsics<'m>(
    module: Cow<'m, Module>,
    entry: usize,
    stdlib: &Stdlib,
    target: &dyn Target,
) -> Result<Cow<'m, Module>, Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Ok(module);
    };
    let reachable = super::reachable_functions(&module, ep.function);
    let mut work: Vec<FunctionId> =
        module.functions.iter().filter(|(h, _)| reachable[h.index()]).map(|(h, _)| h).collect();
    let mut module = module;
    let mut errors = Vec::new();
    let mut instances: HashMap<InstanceKey, FunctionId> = HashMap::default();
    let mut changed = false;
    while let Some(fid) = work.pop() {
        let calls = match portable_calls(&module.functions[fid], stdlib, target) {
            Ok(calls) => calls,
            Err(e) => {
                errors.extend(e);
                continue;
            }
        };
        if calls.is_empty() {
            continue;
        }
        let m = module.to_mut();
        changed = true;
        for call in calls {
            let span = m.functions[fid].exprs[call.expr].span;
            let callee = match instances.get(&call.key) {
                Some(&h) => h,
                None => {
                    let intr = &stdlib.intrinsics[call.key.0];
                    let compiled = stdlib
                        .instance(call.key.clone(), || crate::sema::instantiate(intr, &call.key.1, &call.constants));
                    let func = match compiled {
                        Ok(func) => instance_at(&func, &instance_name(intr, &call.constants), span),
                        Err(diags) => {
                            errors.push(stdlib_defect(intr, &diags, span));
                            continue;
                        }
                    };
                    let h = m.functions.append(func);
                    instances.insert(call.key.clone(), h);
                    work.push(h);
                    h
                }
            };
            let f = &mut m.functions[fid];
            let ExprKind::Intrinsic { args, .. } = &f.exprs[call.expr].kind else { unreachable!() };
            let args = args.iter().zip(&call.constants).filter(|(_, c)| c.is_none()).map(|(a, _)| *a).collect();
            f.exprs[call.expr].kind = ExprKind::Call { function: callee, args };
        }
        let f = &mut m.functions[fid];
        f.uses = f.gather_uses();
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if changed {
        module.to_mut().order_callees_first();
    }
    Ok(module)
}

/// The intrinsic calls of `f` that `target` cannot emit, with their instances; the error of
/// each one that has no body either.
fn portable_calls(f: &Function, stdlib: &Stdlib, target: &dyn Target) -> Result<Vec<Portable>, Vec<Diagnostic>> {
    let mut calls = Vec::new();
    let mut errors = Vec::new();
    for (e, expr) in f.live_expr_iter() {
        let ExprKind::Intrinsic { id, args, bound } = &expr.kind else { continue };
        let (index, intr) = declaration(stdlib, *id);
        let Err(missing) = target.native(intr, f, args) else { continue };
        if intr.definition.is_none() {
            let d = if missing.labels.is_empty() { missing.with_label(expr.span, "called here") } else { missing };
            errors.push(d);
            continue;
        }
        let (key, constants) = instance_key(index, intr, f, args, bound);
        calls.push(Portable { expr: e, key, constants });
    }
    if errors.is_empty() {
        Ok(calls)
    } else {
        Err(errors)
    }
}

/// Which instance of declaration `index` (`intr`) a call with `args` in `f` and generic
/// arguments `bound` needs, and the values of its `constexpr` arguments (they leave the
/// instance's signature).
pub(super) fn instance_key(
    index: usize,
    intr: &Intrinsic,
    f: &Function,
    args: &[ExprId],
    bound: &Option<Box<Type>>,
) -> (InstanceKey, Vec<Option<ConstValue>>) {
    let constants: Vec<Option<ConstValue>> =
        intr.params.iter().zip(args).map(|(p, &a)| if p.constexpr { f.const_value(a) } else { None }).collect();
    let key = (
        index,
        bound.iter().map(|b| (**b).clone()).collect(),
        constants.iter().map(|c| c.as_ref().map(|v| format!("{v:?}"))).collect(),
    );
    (key, constants)
}

/// `wavec_WaveMatch`, `wavec_first_lane` (a building block's `__` dropped), and with the
/// values of `constexpr` parameters, which are not in the signature to tell overloads apart:
/// `wavec_WaveMaskBroadcastLaneAt_lane3`.
pub(super) fn instance_name(intr: &Intrinsic, constants: &[Option<ConstValue>]) -> String {
    let mut name = format!("wavec_{}", intr.name.trim_start_matches('_'));
    for (p, c) in intr.params.iter().zip(constants) {
        if let Some(v) = c.as_ref().and_then(ConstValue::as_i64) {
            name.push_str(&format!("_{}{}", p.name, v));
        }
    }
    name
}

/// A module's copy of a compiled instance, placed at the call that first needed it (its own
/// spans are offsets into the stdlib's text, which diagnostics cannot show).
pub(super) fn instance_at(func: &Function, name: &str, call: Span) -> Function {
    let mut func = func.clone();
    func.name = name.to_string();
    func.span = call;
    for (_, e) in func.exprs.iter_mut() {
        e.span = call;
    }
    for (_, l) in func.locals.iter_mut() {
        l.span = call;
    }
    func
}

/// A stdlib body that does not compile for some argument type is a defect of wavec, not of the
/// user's program: say so, with sema's messages.
fn stdlib_defect(intr: &Intrinsic, diags: &[Diagnostic], call: Span) -> Diagnostic {
    let mut d = Diagnostic::error(
        "E0699",
        format!("internal error: the stdlib's implementation of `{}` does not compile for this call", intr.name),
    )
    .with_label(call, "");
    for e in diags.iter().filter(|d| d.is_error()) {
        d = d.with_note(format!("{}: {}", e.code, e.message));
    }
    d
}
