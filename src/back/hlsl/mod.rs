//! HLSL backend: typed IR back to readable HLSL for DXC (and glslang's HLSL front end).
//!
//! The output keeps the source's names, struct layouts, `register(…)` and `[[vk::binding]]`
//! annotations, so the bindings an application set up for the original shader still hold after
//! DXC or glslang compile the output. Only the functions reachable from the chosen entry point
//! are written, callees first (HLSL needs a declaration before use).
//!
//! Intrinsics are lowered from the stdlib's `[hlsl(…)]` attributes (see [`wave`]); there is no
//! per-intrinsic code here. Two passes run first, on a private copy of the module (the
//! caller's IR is never changed): [`crate::lower::emulate_group_wave`] provides
//! `GetGroupWaveIndex()`/`GetGroupWaveCount()` below shader model 6.10, and
//! [`crate::lower::intrinsics`] replaces every other intrinsic that has no template at the
//! target shader model by a call of its portable implementation from the stdlib.
//!
//! Only compute entry points can be written for now; other stages get E0603.

mod aggregates;
mod keywords;
mod wave;
mod writer;

pub use keywords::{is_reserved, RESERVED};

use crate::diag::Diagnostic;
use crate::ir::{Module, Stage};
use crate::stdlib::Stdlib;
use std::borrow::Cow;

pub use wave::Natives;

/// Shader model from which `GetGroupWaveIndex()`/`GetGroupWaveCount()` exist natively (spec 0048).
pub const GROUP_WAVE_NATIVE_SM: (u32, u32) = (6, 10);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The target shader model, `(6, 6)` for `sm_6_6`. Intrinsic lowerings are chosen for it and
    /// intrinsics that need a later model are errors (E0601).
    pub shader_model: (u32, u32),
}

impl Default for Options {
    fn default() -> Self {
        Options { shader_model: (6, 6) }
    }
}

/// Writes entry point `entry` of `module` and everything it uses as HLSL, lowering intrinsics
/// with the process-wide stdlib.
pub fn write_string(module: &Module, entry: usize, options: &Options) -> Result<String, Vec<Diagnostic>> {
    write_string_with(module, entry, options, Stdlib::get())
}

/// [`write_string`] with an explicit stdlib: the one whose `IntrinsicId`s the module's
/// `Intrinsic` nodes refer to.
pub fn write_string_with(
    module: &Module,
    entry: usize,
    options: &Options,
    stdlib: &Stdlib,
) -> Result<String, Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Err(vec![Diagnostic::error("E0699", format!("internal error: no entry point #{entry}"))]);
    };
    if ep.stage != Stage::Compute {
        return Err(vec![Diagnostic::error(
            "E0603",
            format!("code generation for {} shaders is not supported yet", ep.stage.name()),
        )
        .with_label(ep.span, "this entry point")]);
    }
    if let Some(ws) = &ep.wave_size {
        let sm = options.shader_model;
        let (need, msg) = if ws.range_form {
            ((6, 8), "WaveSize only takes multiple arguments in shader model 6.8 or higher")
        } else {
            ((6, 6), "attribute WaveSize requires shader model 6.6 or greater")
        };
        if sm < need {
            return Err(vec![
                Diagnostic::error("E0605", msg).with_label(ws.span, format!("the target is sm_{}_{}", sm.0, sm.1))
            ]);
        }
    }
    let mut module = Cow::Borrowed(module);
    if options.shader_model < GROUP_WAVE_NATIVE_SM && crate::lower::uses_group_wave(&module, entry, stdlib) {
        crate::lower::emulate_group_wave(module.to_mut(), entry, stdlib).map_err(|d| vec![d])?;
    }
    let natives = wave::Natives { shader_model: options.shader_model };
    let module = crate::lower::lower_intrinsics(module, entry, stdlib, &natives)?;
    refuse_8_bit(&module, entry)?;
    writer::Writer::new(&module, entry, options, stdlib).write()
}

/// HLSL has no 8-bit scalar (DXC only packs four into `int8_t4_packed`): the first
/// expression or variable of such a type reachable from the entry point is an error.
fn refuse_8_bit(module: &Module, entry: usize) -> Result<(), Vec<Diagnostic>> {
    use crate::ir::{Scalar, Type};
    fn eight(t: &Type) -> bool {
        match t {
            Type::Array(e, _) | Type::Resource(_, Some(e)) => eight(e),
            t => matches!(t.scalar(), Some(Scalar::I8 | Scalar::U8)),
        }
    }
    let reachable = crate::lower::reachable_functions(module, module.entry_points[entry].function);
    for (_, f) in module.functions.iter().filter(|(h, _)| reachable[h.index()]) {
        let local = f.locals.iter().find(|(_, l)| eight(&l.ty)).map(|(_, l)| (l.span, &l.ty));
        let found = local.or_else(|| f.live_expr_iter().find(|(_, e)| eight(&e.ty)).map(|(_, e)| (e.span, &e.ty)));
        if let Some((span, ty)) = found {
            return Err(vec![Diagnostic::error(
                "E0606",
                format!(
                    "HLSL has no 8-bit integer type (`{}`); compile for SPIR-V, or use 16 or 32 bits",
                    module.type_name(ty)
                ),
            )
            .with_label(span, "an 8-bit value")]);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
