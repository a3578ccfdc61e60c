//! Which globals hold atomics. MSL's atomic operations take `atomic_uint`/`atomic_int` objects,
//! so a buffer or `groupshared` variable that any `Interlocked*` call targets is declared with
//! the atomic type, and every other access to it becomes an atomic load or store. What cannot be
//! declared so (a struct member, a thread's own variable) is refused; byte-address buffers
//! reinterpret a word instead (`wave.rs`).

use crate::diag::Diagnostic;
use crate::fast_hash::HashSet;
use crate::ir::*;
use crate::stdlib::Stdlib;

/// Whether intrinsic `id` is one of the `Interlocked*` family (its first argument is the target).
pub(super) fn is_interlocked(stdlib: &Stdlib, id: IntrinsicId) -> bool {
    crate::lower::intrinsics::declaration(stdlib, id).1.name.starts_with("Interlocked")
}

/// The global an atomic target names, if MSL can hold it as an atomic: `Buf[i]` of a
/// read-write structured or typed buffer of 32-bit integers, `shared[i]` or `shared` of a
/// `groupshared` 32-bit integer (array).
pub(super) fn atomic_root(module: &Module, f: &Function, target: ExprId) -> Option<GlobalId> {
    let int32 = |t: &Type| matches!(t, Type::Scalar(Scalar::I32 | Scalar::U32));
    match &f.exprs[target].kind {
        ExprKind::Global(g) => {
            let global = &module.globals[*g];
            (global.space == AddressSpace::Groupshared && int32(&global.ty)).then_some(*g)
        }
        ExprKind::Index { base, .. } => {
            let ExprKind::Global(g) = f.exprs[*base].kind else { return None };
            let global = &module.globals[g];
            match (&global.space, &global.ty) {
                (AddressSpace::Groupshared, Type::Array(e, Some(_))) if int32(e) => Some(g),
                (AddressSpace::Resource, Type::Resource(kind, Some(e)))
                    if int32(e) && matches!(kind, ResourceKind::RWStructuredBuffer | ResourceKind::RWBuffer) =>
                {
                    Some(g)
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The atomic globals of the functions marked in `reachable`, and refusals of atomic targets
/// the backend cannot declare atomic.
pub(super) fn atomic_globals(
    module: &Module,
    reachable: &[bool],
    stdlib: &Stdlib,
) -> (HashSet<GlobalId>, Vec<Diagnostic>) {
    let mut atomic = HashSet::default();
    let mut refusals = Vec::new();
    for (h, f) in module.functions.iter() {
        if !reachable[h.index()] {
            continue;
        }
        for (_, e) in f.exprs.iter() {
            let ExprKind::Intrinsic { id, args, .. } = &e.kind else { continue };
            if !is_interlocked(stdlib, *id) {
                continue;
            }
            let Some(&target) = args.first() else { continue };
            match atomic_root(module, f, target) {
                Some(g) => {
                    atomic.insert(g);
                }
                None => refusals.push(
                    Diagnostic::error("E0663", "the Metal backend cannot make this location atomic")
                        .with_label(f.exprs[target].span, "the target of an atomic operation")
                        .with_note(
                            "MSL atomics need `atomic_uint`/`atomic_int` objects: the backend declares elements of \
                             read-write structured or typed buffers of `uint`/`int` and `groupshared` `uint`/`int` \
                             variables and arrays so, not struct members",
                        ),
                ),
            }
        }
    }
    (atomic, refusals)
}
