//! GLSL backend: typed IR to GLSL 4.50/4.60 compute shaders for Vulkan (`glslangValidator -V`).
//!
//! # Model
//!
//! - **Matrices.** HLSL's `floatRxC` is written as GLSL's `matRxC`: R columns of C components,
//!   so GLSL's column `i` holds HLSL's row `i`. Indexing (`m[i]`), constructors (`float2x2(a, b,
//!   c, d)` fills row by row, `mat2x2(a, b, c, d)` column by column) and element order keep
//!   their meaning; products swap operands (`mul(v, M)` is `M * v`: the stdlib's
//!   `[glsl("$1 * $0")]`), HLSL's component-wise `*` of two matrices is `matrixCompMult`, and
//!   HLSL's `column_major` storage is GLSL's `row_major` of the transposed matrix (blocks say
//!   so). Integer and bool matrices have no GLSL type: they are arrays of their rows
//!   ([`matrix`]), as in SPIR-V.
//! - **Textures, samplers and typed buffers** are Vulkan GLSL's separate descriptors, combined
//!   where they are sampled ([`texture`]).
//! - **Blocks.** Storage buffers are `buffer` blocks holding a runtime array named like the
//!   resource (`Out[i]` reads as written); `cbuffer`s, `ConstantBuffer<T>` and the loose
//!   uniforms are `uniform` blocks; the entry point's `uniform` values a `push_constant`
//!   block. Offsets come from [`crate::layout`] under the compilation's `--layout`: a block is
//!   written `std430`/`std140` when GLSL's own rules give the same bytes, with `layout(offset
//!   = N)` on the block members that the rules place elsewhere, else `scalar`
//!   (`GL_EXT_scalar_block_layout`) under the same conditions; a nested struct or array that
//!   neither can place as the mode does is E0622 in a storage buffer; a uniform block is read
//!   as `uint4` words instead ([`crate::lower::uniform_words`]). Bindings come from [`crate::ir::bindings`],
//!   the table the SPIR-V writer and the runners read. An array of buffers (and a descriptor
//!   heap of them) is an array of named block instances, `name[k].member`, unsized through
//!   `GL_EXT_nonuniform_qualifier`; its counters and its byte-address views for 64-bit and
//!   float atomics are arrays of blocks as long.
//! - **Intrinsics** are the stdlib's `[glsl("template", EXT…, cond = …)]` attributes ([`wave`]):
//!   the first whose conditions hold for the call is the native form, and its extension keys
//!   become `#extension … : require` lines; every other intrinsic is replaced first by the
//!   stdlib's portable implementation ([`crate::lower::intrinsics`]).
//! - **Group wave index.** `gl_SubgroupID`/`gl_NumSubgroups` (`--emulate auto`/`never`);
//!   `--emulate always` runs [`crate::lower::emulate_group_wave`] first (done by the caller).
//! - **Names** are the source's, kept by [`crate::back::Namer`] unless GLSL reserves them; the
//!   entry point is GLSL's `main`.
//!
//! # Diagnostics
//!
//! - E0620: an intrinsic with no GLSL form for this call and no portable implementation.
//! - E0621: a language feature GLSL has no form for, or this backend does not write yet
//!   (resources as values, textures of 16- or 64-bit elements, a texel store used as a value).
//! - E0622: a storage buffer or push-constant block whose layout under `--layout` no GLSL block layout can express (an
//!   integer or bool matrix stored column by column among them).
//! - E0623: a non-compute entry point.

mod blocks;
mod keywords;
mod matrix;
mod methods;
mod pointers;
mod texture;
mod wave;
mod writer;

pub use keywords::is_reserved;

use crate::back::spv::OptionalCapability;
use crate::diag::Diagnostic;
use crate::ir::{Module, Stage};
use crate::stdlib::Stdlib;
use std::borrow::Cow;

pub use wave::Natives;

/// `--profile glsl_450` / `glsl_460`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    Glsl450,
    Glsl460,
}

impl Version {
    pub fn from_name(name: &str) -> Option<Version> {
        match name {
            "glsl_450" | "glsl450" => Some(Version::Glsl450),
            "glsl_460" | "glsl460" => Some(Version::Glsl460),
            _ => None,
        }
    }
    pub fn number(self) -> u32 {
        match self {
            Version::Glsl450 => 450,
            Version::Glsl460 => 460,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub version: Version,
    /// `--capability`: the optional subgroup features the target devices have (the same names
    /// as for SPIR-V: `SPV_NV_shader_subgroup_partitioned` allows
    /// `GL_NV_shader_subgroup_partitioned`).
    pub optional: Vec<OptionalCapability>,
}

impl Default for Options {
    fn default() -> Self {
        Options { version: Version::Glsl450, optional: Vec::new() }
    }
}

impl Options {
    /// Whether the lowering condition `cap = NAME` holds.
    pub fn allows(&self, name: &str) -> bool {
        OptionalCapability::from_name(name).is_some_and(|c| self.optional.contains(&c))
    }
}

/// Writes entry point `entry` of `module` and everything it calls as GLSL.
pub fn write_string(module: &Module, entry: usize, options: &Options) -> Result<String, Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Err(vec![Diagnostic::error("E0699", format!("internal error: no entry point #{entry}"))]);
    };
    if ep.stage != Stage::Compute {
        return Err(vec![Diagnostic::error(
            "E0623",
            format!("GLSL code generation for {} shaders is not supported yet", ep.stage.name()),
        )
        .with_label(ep.span, "this entry point")]);
    }
    let stdlib = Stdlib::get();
    let mut module = crate::lower::degenerate_matrices(Cow::Borrowed(module), stdlib)?;
    let blocks = writer::Writer::new(&module, entry, options, stdlib).blocks_read_as_words();
    crate::lower::uniform_words(&mut module, &blocks);
    let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives(options))?;
    let module = crate::lower::degenerate_matrices(module, stdlib)?;
    writer::Writer::new(&module, entry, options, stdlib).write()
}

#[cfg(test)]
mod tests;
