//! Inline ray tracing for the targets that have none of their own (CUDA without OptiX, Metal's
//! intersection queries, WGSL): a shader that traces rays is refused by name where it does,
//! rather than written as code that would not compile there.

use crate::diag::Diagnostic;
use crate::ir::bindings::{bindings, Slot};
use crate::ir::{Module, ResourceKind, Type};

fn is_accel(ty: &Type) -> bool {
    match ty {
        Type::Resource(ResourceKind::RaytracingAccelerationStructure, _) => true,
        Type::Array(e, _) => is_accel(e),
        _ => false,
    }
}

/// E`code` for the first ray query and the first acceleration structure entry point `entry`
/// uses.
pub fn refuse(module: &Module, entry: usize, target: &str, code: &'static str) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else { return Ok(()) };
    let note = "compile this shader to SPIR-V, GLSL or HLSL, or run it on the CPU engine";
    let mut errors = Vec::new();
    let reachable = module.reachable_functions(ep.function);
    let query = module
        .functions
        .iter()
        .filter(|(h, _)| reachable[h.index()])
        .flat_map(|(_, f)| f.locals.iter().map(|(_, l)| l))
        .find(|l| matches!(l.ty, Type::RayQuery(_)));
    if let Some(l) = query {
        errors.push(
            Diagnostic::error(code, format!("{target} has no inline ray tracing: `{}` is a `RayQuery`", l.name))
                .with_label(l.span, "declared here")
                .with_note(note),
        );
    }
    let accel = bindings(module, entry).iter().find_map(|b| match b.slot {
        Slot::Global(g) if is_accel(&module.globals[g].ty) => Some(&module.globals[g]),
        _ => None,
    });
    if let Some(g) = accel {
        errors.push(
            Diagnostic::error(code, format!("{target} cannot bind the acceleration structure `{}`", g.name))
                .with_label(g.span, "declared here")
                .with_note(note),
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
