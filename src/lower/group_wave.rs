//! Software `GetGroupWaveIndex()`/`GetGroupWaveCount()` (spec 0048) for targets without them.
//!
//! `SV_GroupIndex / WaveGetLaneCount()` is not a valid fallback: waves need not be packed by
//! group index (spec 0048 says so, and lavapipe proves it). Instead each wave takes a ticket from
//! a groupshared counter, once, in the entry point's prologue:
//!
//! ```hlsl
//! if (groupIndex == 0u) { wavec_waveCounter = 0u; }   // groupshared memory starts undefined
//! GroupMemoryBarrierWithGroupSync();
//! uint wavec_waveSlot = 0u;
//! if (WaveIsFirstLane()) { InterlockedAdd(wavec_waveCounter, 1u, wavec_waveSlot); }
//! wavec_groupWaveIndex = WaveReadLaneFirst(wavec_waveSlot);  // the first *active* lane
//! GroupMemoryBarrierWithGroupSync();
//! wavec_groupWaveCount = wavec_waveCounter;
//! ```
//!
//! The prologue is where control flow is still uniform, so every thread reaches both barriers,
//! and reading the first active lane (not lane 0) stays right when lane 0 is inactive. The
//! results live in two `static` globals, so calls anywhere in the call graph just read them.

use crate::diag::Diagnostic;
use crate::ir::*;
use crate::stdlib::{Intrinsic, Stdlib};

pub const COUNTER: &str = "wavec_waveCounter";
pub const INDEX: &str = "wavec_groupWaveIndex";
pub const COUNT: &str = "wavec_groupWaveCount";

/// Which value an expression asks for, if it is one this pass provides.
fn value_of(e: &Expr, stdlib: &Stdlib) -> Option<GroupWaveValue> {
    match &e.kind {
        ExprKind::Intrinsic { id, .. } => {
            let intr = stdlib.intrinsics.get(id.0 as usize)?;
            match intr.alias_of.as_deref().unwrap_or(&intr.name) {
                "GetGroupWaveIndex" => Some(GroupWaveValue::Index),
                "GetGroupWaveCount" => Some(GroupWaveValue::Count),
                _ => None,
            }
        }
        ExprKind::GroupWave(v) => Some(*v),
        _ => None,
    }
}

/// An `SV_GroupWaveIndex` entry-point parameter (seed 000's spelling of the index).
fn wave_index_param(f: &Function) -> Option<LocalId> {
    f.params.iter().copied().find(|p| f.locals[*p].builtin == Some(BuiltinInput::GroupWaveIndex))
}

/// Whether the entry point's call graph asks for the group wave index or count.
pub fn uses_group_wave(module: &Module, entry: usize, stdlib: &Stdlib) -> bool {
    let Some(ep) = module.entry_points.get(entry) else {
        return false;
    };
    let reachable = super::reachable_functions(module, ep.function);
    wave_index_param(&module.functions[ep.function]).is_some()
        || module
            .functions
            .iter()
            .filter(|(h, _)| reachable[h.index()])
            .any(|(_, f)| f.live_expr_iter().any(|(_, e)| value_of(e, stdlib).is_some()))
}

/// Every read of the group wave index or count reachable from the entry point, with the name
/// the source used and its span: what `--emulate never` reports where the target lacks them.
pub fn group_wave_uses(module: &Module, entry: usize, stdlib: &Stdlib) -> Vec<(String, crate::span::Span)> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Vec::new();
    };
    let reachable = super::reachable_functions(module, ep.function);
    let mut uses = Vec::new();
    for (h, f) in module.functions.iter() {
        if !reachable[h.index()] {
            continue;
        }
        for (_, e) in f.live_expr_iter() {
            if let ExprKind::Intrinsic { id, .. } = &e.kind {
                if value_of(e, stdlib).is_some() {
                    uses.push((stdlib.intrinsics[id.0 as usize].name.clone(), e.span));
                }
            }
        }
    }
    uses.sort_by_key(|(_, s)| *s);
    uses
}

/// The overload of `name` that takes `arity` parameters, all `uint` once its generic (if any) is
/// bound to `uint`, and whose last parameter has mode `last_mode`.
fn find_uint_overload(
    stdlib: &Stdlib,
    name: &str,
    arity: usize,
    last_mode: ParamMode,
) -> Result<(IntrinsicId, Option<Type>, Type), Diagnostic> {
    let fits = |i: &Intrinsic| {
        let bound = vec![Type::UINT; i.generics.len()];
        i.params.len() == arity
            && i.generics.iter().all(|(_, c)| c.accepts(&Type::UINT))
            && i.params.iter().all(|p| p.ty.instantiate(&bound) == Type::UINT)
            && i.params.last().is_none_or(|p| p.mode == last_mode)
    };
    for &idx in stdlib.overloads(name) {
        let i = &stdlib.intrinsics[idx];
        if fits(i) {
            let bound_list = vec![Type::UINT; i.generics.len()];
            let bound = (!i.generics.is_empty()).then_some(Type::UINT);
            return Ok((IntrinsicId(idx as u32), bound, i.ret.instantiate(&bound_list)));
        }
    }
    Err(Diagnostic::error(
        "E0699",
        format!(
            "internal error: the group wave index fallback needs a stdlib `{name}` taking {arity} uint parameter(s)"
        ),
    ))
}

/// Replaces every group wave index/count read in `module` by the software fallback, adding the
/// prologue to entry point `entry`. Leaves the module untouched when the entry point's call
/// graph does not use them. Fails (changing nothing) if the stdlib lacks an intrinsic the
/// fallback is built from.
pub fn emulate_group_wave(module: &mut Module, entry: usize, stdlib: &Stdlib) -> Result<(), Diagnostic> {
    if !uses_group_wave(module, entry, stdlib) {
        return Ok(());
    }
    let first_lane = find_uint_overload(stdlib, "WaveIsFirstLane", 0, ParamMode::In)?;
    let read_first = find_uint_overload(stdlib, "WaveReadLaneFirst", 1, ParamMode::In)?;
    let atomic_add = find_uint_overload(stdlib, "InterlockedAdd", 3, ParamMode::Out)?;
    let barrier = find_uint_overload(stdlib, "GroupMemoryBarrierWithGroupSync", 0, ParamMode::In)?;

    let ep = &module.entry_points[entry];
    let (entry_fn, span) = (ep.function, ep.span);
    let global = |name: &str, space| Global::new(name, Type::UINT, space, span);
    let counter = module.globals.append(global(COUNTER, AddressSpace::Groupshared));
    let index = module.globals.append(global(INDEX, AddressSpace::Private));
    let count = module.globals.append(global(COUNT, AddressSpace::Private));

    for (_, f) in module.functions.iter_mut() {
        for (_, e) in f.exprs.iter_mut() {
            if let Some(v) = value_of(e, stdlib) {
                e.kind = ExprKind::Global(match v {
                    GroupWaveValue::Index => index,
                    GroupWaveValue::Count => count,
                });
                e.ty = Type::UINT;
            }
        }
    }

    let f = &mut module.functions[entry_fn];
    let group_index = group_index_param(f, span);
    let slot = f.locals.append(Local::new("wavec_waveSlot", Type::UINT, span));

    let mut add = |kind, ty| f.exprs.append(Expr { kind, ty, span });
    let call = |add: &mut dyn FnMut(ExprKind, Type) -> ExprId,
                (id, bound, ret): &(IntrinsicId, Option<Type>, Type),
                args: Vec<ExprId>| {
        add(ExprKind::Intrinsic { id: *id, args, bound: bound.clone().map(Box::new) }, ret.clone())
    };
    let uint = |v| ExprKind::Const(ConstValue::Uint(v));
    let assign = |add: &mut dyn FnMut(ExprKind, Type) -> ExprId, target, value| {
        add(ExprKind::Assign { op: None, target, value }, Type::UINT)
    };

    let gi = add(ExprKind::Local(group_index), Type::UINT);
    let zero = add(uint(0), Type::UINT);
    let is_first_thread = add(ExprKind::Binary(BinaryOp::Eq, gi, zero), Type::BOOL);
    let counter_ref = add(ExprKind::Global(counter), Type::UINT);
    let zero = add(uint(0), Type::UINT);
    let reset = assign(&mut add, counter_ref, zero);
    let sync1 = call(&mut add, &barrier, vec![]);
    let slot_init = add(uint(0), Type::UINT);
    let elect = call(&mut add, &first_lane, vec![]);
    let counter_ref = add(ExprKind::Global(counter), Type::UINT);
    let one = add(uint(1), Type::UINT);
    let slot_ref = add(ExprKind::Local(slot), Type::UINT);
    let ticket = call(&mut add, &atomic_add, vec![counter_ref, one, slot_ref]);
    let index_ref = add(ExprKind::Global(index), Type::UINT);
    let slot_ref = add(ExprKind::Local(slot), Type::UINT);
    let broadcast = call(&mut add, &read_first, vec![slot_ref]);
    let set_index = assign(&mut add, index_ref, broadcast);
    let sync2 = call(&mut add, &barrier, vec![]);
    let count_ref = add(ExprKind::Global(count), Type::UINT);
    let counter_ref = add(ExprKind::Global(counter), Type::UINT);
    let set_count = assign(&mut add, count_ref, counter_ref);

    let block = |stmts| Block { stmts };
    let mut prologue = vec![
        Stmt::If { cond: is_first_thread, then: block(vec![Stmt::Expr(reset)]), els: None, hint: BranchHint::None },
        Stmt::Expr(sync1),
        Stmt::Local { local: slot, init: Some(slot_init) },
        Stmt::If { cond: elect, then: block(vec![Stmt::Expr(ticket)]), els: None, hint: BranchHint::None },
        Stmt::Expr(set_index),
        Stmt::Expr(sync2),
        Stmt::Expr(set_count),
    ];

    // An `SV_GroupWaveIndex` parameter has no HLSL or SPIR-V counterpart: it becomes an
    // ordinary local initialized from the fallback.
    if let Some(p) = take_wave_index_param(f) {
        let value = f.exprs.append(Expr { kind: ExprKind::Global(index), ty: Type::UINT, span });
        prologue.push(Stmt::Local { local: p, init: Some(value) });
    }

    f.body.stmts.splice(0..0, prologue);
    for (_, f) in module.functions.iter_mut() {
        f.uses = f.gather_uses();
    }
    Ok(())
}

/// The entry point's `SV_GroupWaveIndex` parameter, made an ordinary local for the caller to
/// initialize (it has no HLSL or SPIR-V counterpart).
pub(super) fn take_wave_index_param(f: &mut Function) -> Option<LocalId> {
    let p = wave_index_param(f)?;
    f.params.retain(|q| *q != p);
    let local = &mut f.locals[p];
    local.param = None;
    local.builtin = None;
    local.semantic = None;
    Some(p)
}

/// The entry point's `SV_GroupIndex` parameter, added when the source has none.
pub(super) fn group_index_param(f: &mut Function, span: crate::span::Span) -> LocalId {
    if let Some(p) = f.params.iter().copied().find(|p| f.locals[*p].builtin == Some(BuiltinInput::GroupIndex)) {
        return p;
    }
    let p = f.locals.append(Local {
        builtin: Some(BuiltinInput::GroupIndex),
        ..Local::param("wavec_groupIndex", Type::UINT, ParamMode::In, span)
    });
    f.params.push(p);
    p
}
