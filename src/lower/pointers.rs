//! Which targets address memory through Slang's pointers. SPIR-V and GLSL write them (device
//! addresses) and the CPU engine runs them (a buffer and a byte offset); a target without them
//! is refused here, once, with the first place the entry point uses one, before its backend
//! sees the module.

use crate::diag::Diagnostic;
use crate::ir::{Module, Type};

/// Whether `ty` holds a pointer (itself, or in a field or element).
fn holds_pointer(m: &Module, ty: &Type) -> bool {
    match ty {
        Type::Pointer(_) => true,
        Type::Array(e, _) => holds_pointer(m, e),
        Type::Resource(_, Some(e)) => holds_pointer(m, e),
        Type::Struct(h) => m.structs[*h].fields.iter().any(|f| holds_pointer(m, &f.ty)),
        _ => false,
    }
}

/// `Err` with diagnostic `code` when the entry point `entry` of `m` uses a pointer: `target`
/// (its name, as a person reads it) has no pointers, or none wavec writes yet (`why` says).
pub fn refuse(m: &Module, entry: usize, target: &str, code: &'static str, why: &str) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = m.entry_points.get(entry) else { return Ok(()) };
    let reachable = m.reachable_functions(ep.function);
    for (h, f) in m.functions.iter() {
        if !reachable[h.index()] {
            continue;
        }
        let found = f
            .live_expr_iter()
            .find(|(_, e)| holds_pointer(m, &e.ty))
            .map(|(_, e)| e.span)
            .or_else(|| f.locals.iter().find(|(_, l)| holds_pointer(m, &l.ty)).map(|(_, l)| l.span));
        if let Some(span) = found {
            let d = Diagnostic::error(code, format!("{target} has no pointers: {why}"))
                .with_label(span, "a pointer is used here")
                .with_note("pointers compile to SPIR-V and GLSL, and run on the CPU engine (`--engine cpu`)");
            return Err(vec![d]);
        }
    }
    Ok(())
}
