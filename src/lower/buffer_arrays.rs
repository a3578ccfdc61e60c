//! Arrays of buffers (`StructuredBuffer<T> b[]`, `Buffer<float4> t[4]`) for the targets whose
//! backends bind buffers one pointer each: each is refused by name where the entry point uses
//! it, rather than written as a member the kernel never declares.

use crate::diag::Diagnostic;
use crate::ir::bindings::{bindings, Slot};
use crate::ir::{Module, Type};

/// E`code` for each array of buffers entry point `entry` uses; arrays of textures and samplers
/// are the backend's own business.
pub fn refuse(module: &Module, entry: usize, target: &str, code: &'static str) -> Result<(), Vec<Diagnostic>> {
    let errors: Vec<Diagnostic> = bindings(module, entry)
        .iter()
        .filter_map(|b| match b.slot {
            Slot::Global(g) => Some(&module.globals[g]),
            _ => None,
        })
        .filter(|g| matches!(&g.ty, Type::Array(e, _) if matches!(**e, Type::Resource(k, _) if !k.is_texture() && !k.is_sampler())))
        .map(|g| {
            Diagnostic::error(code, format!("{target} cannot bind the array of buffers `{}`", g.name))
                .with_label(g.span, "declared here")
                .with_note("compile this shader to SPIR-V or HLSL, or declare one buffer per binding")
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
