//! Which targets address memory through Slang's pointers. SPIR-V and GLSL write them (device
//! addresses) and the CPU engine runs them (a buffer and a byte offset); a target without them
//! is refused here, once, with the first place the entry point uses one, before its backend
//! sees the module. Slang's descriptor handles are pointers to resources in the IR: a target
//! whose heaps do not hold a handle's resource is refused the same way, under its code.

use crate::diag::Diagnostic;
use crate::ir::{Module, Type};

/// Whether `ty` holds a pointer (itself, or in a field or element); with `handles`, only a
/// descriptor handle counts.
fn holds(m: &Module, ty: &Type, handles: bool) -> bool {
    match ty {
        Type::Pointer(_) => !handles || ty.handle_resource().is_some(),
        Type::Array(e, _) => holds(m, e, handles),
        Type::Resource(_, Some(e)) => holds(m, e, handles),
        Type::Struct(h) => m.structs[*h].fields.iter().any(|f| holds(m, &f.ty, handles)),
        _ => false,
    }
}

/// `Err` with diagnostic `code` when the entry point `entry` of `m` uses a pointer: `target`
/// (its name, as a person reads it) has no pointers, or none wavec writes yet (`why` says).
pub fn refuse(m: &Module, entry: usize, target: &str, code: &'static str, why: &str) -> Result<(), Vec<Diagnostic>> {
    refuse_uses(m, entry, target, code, Some(why))
}

/// `Err` with diagnostic `code` when the entry point `entry` of `m` still holds a descriptor
/// handle, on a target that writes pointers but has no heap for the handle's resource.
pub fn refuse_handles(m: &Module, entry: usize, target: &str, code: &'static str) -> Result<(), Vec<Diagnostic>> {
    refuse_uses(m, entry, target, code, None)
}

fn refuse_uses(
    m: &Module,
    entry: usize,
    target: &str,
    code: &'static str,
    pointers: Option<&str>,
) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = m.entry_points.get(entry) else { return Ok(()) };
    let reachable = m.reachable_functions(ep.function);
    for (h, f) in m.functions.iter() {
        if !reachable[h.index()] {
            continue;
        }
        let found = |handles: bool| {
            f.live_expr_iter()
                .find(|(_, e)| holds(m, &e.ty, handles))
                .map(|(_, e)| e.span)
                .or_else(|| f.locals.iter().find(|(_, l)| holds(m, &l.ty, handles)).map(|(_, l)| l.span))
        };
        // Slang's descriptor handles: the CPU engine's are the buffers' addresses; a target
        // indexes a descriptor heap, which no backend writes yet for this resource.
        if let Some(span) = found(true) {
            let d = Diagnostic::error(code, format!("{target} has no descriptor handles yet"))
                .with_label(span, "a `DescriptorHandle<T>` is used here")
                .with_note(
                    "handles of buffers run on the CPU engine (`--engine cpu`), where a handle is the buffer's address",
                );
            return Err(vec![d]);
        }
        if let Some(why) = pointers {
            if let Some(span) = found(false) {
                let d = Diagnostic::error(code, format!("{target} has no pointers: {why}"))
                    .with_label(span, "a pointer is used here")
                    .with_note("pointers compile to SPIR-V and GLSL, and run on the CPU engine (`--engine cpu`)");
                return Err(vec![d]);
            }
        }
    }
    Ok(())
}
