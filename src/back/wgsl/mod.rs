//! WGSL backend: typed IR to WGSL compute shaders for WebGPU with `enable subgroups;`.
//!
//! # Model
//!
//! - **Statements, not expressions.** WGSL has no comma operator, no assignment or `++` inside
//!   an expression, and immutable parameters. The writer keeps HLSL's left-to-right order by
//!   hoisting: an assignment, increment, comma or call with side effects met inside an
//!   expression is written as a statement before the one being written (its value read from a
//!   `let` temporary), and a right operand of `&&`/`||` or an arm of a scalar `?:` that needs
//!   such statements becomes an `if`, so it still runs only when HLSL would run it. An operand
//!   before one that is hoisted is kept in a `let` first, unless it reads only locals that the
//!   hoisted code cannot write (`g + f()` reads `g` before `f` runs, as in HLSL). Loops whose
//!   condition or step needs statements become `loop { … continuing { … } }`.
//! - **Matrices.** HLSL's `floatRxC` is WGSL's `matRxC<f32>`: R columns of C components, so WGSL's
//!   column `i` holds HLSL's row `i` and products swap operands (`mul(v, M)` is `M * v`: the
//!   stdlib's `[wgsl("$1 * $0")]`). A buffer stores a `row_major` matrix as WGSL does; a
//!   `column_major` one in a buffer is E0652. Integer and bool matrices have no WGSL type (E0651).
//! - **Out parameters** are `ptr<function, T>`: the caller passes a temporary and copies it back,
//!   HLSL's copy-in/copy-out. Parameters the body assigns are copied into a `var`.
//! - **Buffers** are `var<storage, read>` / `var<storage, read_write>` runtime arrays named like the
//!   resource; `cbuffer`s and `$Globals` are a `var<uniform>` struct each, `ConstantBuffer<T>` a
//!   `var<uniform>` of `T`, the entry point's `uniform` values a `var<immediate>` struct (push
//!   constants). `@group`/`@binding` come from [`crate::ir::bindings`], the table the SPIR-V
//!   writer and the runners read. WGSL's layout rules are fixed: every struct and member offset
//!   that `--layout` gives ([`crate::layout`]) must be the one WGSL gives (its storage rules are
//!   std430's), else E0652; but a uniform block (`cbuffer`, `$Globals`, `ConstantBuffer<T>`)
//!   or the push constants that WGSL cannot declare are read as `uint4` words
//!   ([`crate::lower::uniform_words`]). `groupshared` is `var<workgroup>`. Byte-address buffers are
//!   `array<u32>` (word `address >> 2`, other 32-bit types through `bitcast`); a structured
//!   buffer's hidden counter is an `atomic<i32>` in its own storage buffer.
//! - **Atomics.** A buffer or `groupshared` variable that an `Interlocked*` call touches holds
//!   `atomic<u32>`/`atomic<i32>` elements ([`globals`]); its plain reads and writes become
//!   `atomicLoad`/`atomicStore`. An atomic on a struct field (`buf[0].counter[i]`) makes that
//!   field `atomic<…>` instead, and a struct holding one may then only be reached into, never
//!   copied (E0653); an atomic on a byte-address buffer is E0653 too.
//! - **Intrinsics** are the stdlib's `[wgsl("template", cond = …)]` attributes ([`wave`]), read as
//!   the GLSL backend reads `[glsl]` ones (shared: [`crate::back::template`]); every other
//!   intrinsic is replaced first by the stdlib's portable implementation
//!   ([`crate::lower::intrinsics`]). Built-in values (`subgroup_size`, `subgroup_invocation_id`,
//!   `subgroup_id`, `num_subgroups`) are entry-point inputs that the entry point copies into
//!   `var<private>` globals, so any function can read them.
//! - **Group wave index.** `@builtin(subgroup_id)` / `@builtin(num_subgroups)` (naga accepts
//!   both in compute shaders) for `--emulate auto`/`never`; `--emulate always` runs
//!   [`crate::lower::emulate_group_wave`] first (the caller), whose counter is an `atomicAdd` on
//!   a `var<workgroup>` atomic.
//! - **Textures** ([`texture`]): `texture_2d<f32>` and kin, `texture_storage_2d<format, write>`
//!   (`read_write` where the shader reads it), `sampler`; `textureLoad`, `textureStore`,
//!   `textureSampleLevel`, `textureSampleGrad`, `textureGather`, `textureDimensions`.
//! - **Not kept**: `precise` (WGSL has no qualifier for it) and `globallycoherent` (WGSL's
//!   storage buffers have one coherence) leave no trace in the output.
//! - **Execution.** `wavec test --via wgsl` compiles the output to SPIR-V with naga's SPIR-V
//!   backend ([`naga_spv`], the one module that uses naga) and runs it on the Vulkan runner.
//!
//! # Diagnostics
//!
//! - E0650: an intrinsic with no WGSL form for this call and no portable implementation.
//! - E0651: a language feature WGSL has no form for, or this backend does not write yet:
//!   64-bit types and 8- and 16-bit integers (`half` is `f16`, with `enable f16;`), integer and
//!   bool matrices, textures and samplers beyond the
//!   forms listed above (1D arrays, implicit-LOD sampling, depth compares, LOD clamps), typed
//!   buffers of formats other than 32-bit channels and atomics on typed buffers (WGSL has no
//!   texel buffers: the others reach this backend as byte-address buffers of their texels,
//!   `lower::typed_buffer_words`), resources as values. A byte-address `Load<T>` or
//!   `Store<T>` of another type than a 32-bit scalar or vector reaches this backend as word
//!   accesses (`lower::byte_address_words`). A `switch` case that falls into the next reaches this
//!   backend already rewritten by `lower::switch_fallthrough`.
//! - E0652: a storage buffer whose layout under `--layout` WGSL's fixed rules do not give (bool
//!   members, `column_major` matrices, packings other than WGSL's own).
//! - E0653: an atomic operation on memory WGSL cannot declare atomic.
//! - E0654: a non-compute entry point.
//! - E0657: two resources at one `@group`/`@binding` (HLSL's `t0` and `u0` both bind at 0 unless
//!   `--fvk-t-shift`/`--fvk-u-shift`… move a register class), which WGSL forbids.

mod globals;
mod keywords;
pub mod naga_spv;
mod texture;
mod wave;
mod writer;

pub use keywords::is_reserved;
pub use wave::Natives;

use crate::diag::Diagnostic;
use crate::ir::{Module, Stage};
use crate::stdlib::Stdlib;
use std::borrow::Cow;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {}

/// Writes entry point `entry` of `module` and everything it calls as WGSL.
pub fn write_string(module: &Module, entry: usize, options: &Options) -> Result<String, Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Err(vec![Diagnostic::error("E0699", format!("internal error: no entry point #{entry}"))]);
    };
    if ep.stage != Stage::Compute {
        return Err(vec![Diagnostic::error(
            "E0654",
            format!("WGSL code generation for {} shaders is not supported", ep.stage.name()),
        )
        .with_label(ep.span, "this entry point")]);
    }
    let stdlib = Stdlib::get();
    let mut module = Cow::Borrowed(module);
    // naga takes `@builtin(subgroup_id)` in one-dimensional workgroups only: the others count
    // their waves with the groupshared fallback.
    if ep.numthreads.is_some_and(|[_, y, z]| y > 1 || z > 1) && crate::lower::uses_group_wave(&module, entry, stdlib) {
        crate::lower::emulate_group_wave(module.to_mut(), entry, stdlib).map_err(|d| vec![d])?;
    }
    // WGSL's `matRxC` holds an HLSL matrix by rows, as CUDA's and Metal's do.
    let module = crate::lower::degenerate_matrices(module, stdlib)?;
    let mut module = crate::lower::row_major_matrices(module, stdlib, "E0652")?;
    let blocks = writer::Writer::new(&module, entry, options, stdlib).blocks_read_as_words();
    crate::lower::uniform_words(&mut module, &blocks);
    let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives)?;
    let module = crate::lower::degenerate_matrices(module, stdlib)?;
    writer::Writer::new(&module, entry, options, stdlib).write()
}

#[cfg(test)]
mod tests;
