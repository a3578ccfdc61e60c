//! SPIR-V backend: typed IR to a Vulkan compute module (Logical addressing, GLSL450 memory
//! model, one `GLCompute` entry point with `LocalSize` from `[numthreads]`).
//!
//! This is the only module that uses rspirv. [`write_words`] produces the binary,
//! [`disassemble`] rspirv's text form (the golden `.spvasm` files).
//!
//! # Model
//!
//! - **Versions.** Vulkan 1.1 / SPIR-V 1.3 by default ([`Options::default`]); every wave op
//!   needs 1.3. From SPIR-V 1.4 on the entry point's interface lists every global it uses;
//!   before, only the `Input` built-ins.
//! - **Types and constants** are cached (rspirv deduplicates neither constants nor, usefully,
//!   decorated aggregates), so the module holds each once. A type that lives in a buffer gets its
//!   own decorated copy per [`layout::Layout`] (`Offset`, `ArrayStride`, `MatrixStride`,
//!   `RowMajor` for HLSL's `column_major`, `ColMajor` for `row_major`, all from
//!   [`crate::layout`]); loads and stores convert between that copy and the undecorated one
//!   member by member. `bool` is stored in buffers as a `uint`.
//! - **Capabilities and extensions** are derived from use, naga's `require_any` idea: an opcode
//!   lowered from the stdlib data asks rspirv's grammar which capabilities enable it and takes
//!   the one that fits the operation (a `Partitioned*` group operation takes
//!   `GroupNonUniformPartitionedNV`, others the first listed); extensions come from the
//!   lowering's `ext =` condition. Nothing is declared that the module does not use.
//! - **Resources.** `StructuredBuffer`, `RWStructuredBuffer` and byte-address buffers are
//!   `StorageBuffer` blocks around a runtime array (the module's storage layout, relaxed std430
//!   by default); `ConstantBuffer<T>`, `cbuffer`s and loose uniforms (`$Globals`) are `Uniform`
//!   blocks (its uniform layout, relaxed std140 by default). An array of storage or constant
//!   buffers (`ConstantBuffer<P> c[3]`, unsized `c[]`) is one variable, an array of those blocks,
//!   its element an access chain (`NonUniform` through `NonUniformResourceIndex`, with
//!   `StorageBufferArrayNonUniformIndexing` or `UniformBufferArrayNonUniformIndexing`). Set and binding decorations come from
//!   [`crate::ir::bindings`] (explicit `[[vk::binding]]`, then registers, then `$Globals`, then
//!   declaration order), the table the CPU engine and reflection read too. `groupshared` is `Workgroup`, `static` is `Private`.
//! - **Typed buffers and textures** are `UniformConstant` variables of an `OpTypeImage` of the
//!   element's 32-bit scalar type (float, int, uint scalars and vectors), or of `ulong`/`long`
//!   for a 64-bit integer scalar (`Int64ImageEXT`, SPV_EXT_shader_image_int64, format
//!   `R64ui`/`R64i`); others are E0612.
//!   `Buffer<T>` is Dim `Buffer`, `Texture1D/2D/3D/Cube` Dim `1D/2D/3D/Cube`, their `Array`
//!   forms arrayed. Read-only ones are sampled images (Sampled 1, format `Unknown`, descriptor
//!   type `SAMPLED_IMAGE` / `UNIFORM_TEXEL_BUFFER`), read with `OpImageFetch` (`Load`'s last
//!   coordinate and `mips[level]` are the `Lod`, its offset a `ConstOffset`; `[]` reads level
//!   0; a buffer has no `Lod`). `RW` ones are storage images (Sampled 2, `STORAGE_IMAGE` /
//!   `STORAGE_TEXEL_BUFFER`) with the format of `[[vk::image_format]]`, else of the element
//!   (`R32f`, `Rg32f`, `Rgba32f`, `R32i` …, `Rgba32ui`; three components have no format and stay
//!   `Unknown`), read with `OpImageRead` and written with `OpImageWrite` (the texel widened to
//!   four components). `GetDimensions` is `OpImageQuerySizeLod` (at level 0, or the given one,
//!   with `OpImageQueryLevels` for the level count) on sampled textures, `OpImageQuerySize` on
//!   buffers and storage images; a cube array's count is of cubes. An array of textures or
//!   samplers (`Texture2D t[4]`) is one variable of `OpTypeArray`, read through
//!   `OpAccessChain` (its index must be dynamically uniform: there is no `NonUniform`).
//! - **Samplers** (`SamplerState`, `SamplerComparisonState`) are `UniformConstant` variables of
//!   `OpTypeSampler` (descriptor type `SAMPLER`). `Sample*` and `Gather*` load the image and the
//!   sampler, combine them with `OpSampledImage` right before the one instruction that uses it
//!   (after the other operands, so it stays in its block): `SampleLevel` and `SampleGrad` are
//!   `OpImageSampleExplicitLod` (`Lod` / `Grad`), `SampleCmpLevelZero` and `SampleCmpLevel`
//!   `OpImageSampleDrefExplicitLod` (`Lod` 0 / the level), `Gather*` `OpImageGather` of the
//!   component, `GatherCmp*` `OpImageDrefGather`; offsets are `ConstOffset`, `SampleGrad`'s clamp
//!   `MinLod`. `Sample`, `SampleBias` and `SampleCmp` (`ImplicitLod`) need derivatives: sema
//!   refuses them outside pixel shaders (E0530), which this backend does not write.
//! - Capabilities come from use: `SampledBuffer`/`ImageBuffer` (Dim Buffer),
//!   `Sampled1D`/`Image1D` (Dim 1D), `SampledCubeArray` (a sampled cube array),
//!   `StorageImageExtendedFormats` (the storage formats Vulkan does not require, `Rg32f` …),
//!   `ImageQuery` (`GetDimensions`), `MinLod` (a LOD clamp),
//!   `StorageImageReadWithoutFormat`/`StorageImageWriteWithoutFormat` (a read / write of an
//!   `Unknown`-format storage image).
//! - An atomic on a texel (`InterlockedMax(tex[p], v)`) goes through `OpImageTexelPointer` on
//!   the image variable (or its array element), with Device scope. Vulkan allows it on `r32ui`
//!   and `r32i` images, `r32f` for the float atomics, and `r64ui`/`r64i` (`Int64Atomics`);
//!   other formats are E0612.
//! - **Structured-buffer counters** follow DXC: `AppendStructuredBuffer`,
//!   `ConsumeStructuredBuffer`, and a `RWStructuredBuffer` whose `IncrementCounter` or
//!   `DecrementCounter` the entry point reaches, get a second storage buffer
//!   `counter.var.<name>` (a `Block` of one `int` at offset 0). It is declared right after its
//!   buffer and bound in the buffer's set at the first binding after the buffer's that is not
//!   taken (so usually binding + 1; a later automatically bound resource skips it).
//!   `[[vk::counter_binding]]` is not read. `IncrementCounter` is `OpAtomicIAdd` of 1 and
//!   returns the old value; `DecrementCounter` is `OpAtomicISub` of 1 and returns the new value
//!   (old − 1); `Append(v)` stores at the slot `IncrementCounter` would return and `Consume()`
//!   loads at the one `DecrementCounter` would return (scope `Device`, semantics `None`).
//! - **Functions** are real SPIR-V functions (callees first). `out`/`inout` parameters are
//!   `Function` pointers; an argument that is not a plain local goes through a temporary with
//!   copy-in/copy-out. Every local is an `OpVariable` at the top of the first block.
//! - **Control flow** is structured: `if` gets a selection merge, every loop a header with
//!   `OpLoopMerge`, a continue block (the `for` step, the `do`-`while` condition) and a merge
//!   block; `switch` is `OpSwitch` with fall-through between empty cases. Statements after
//!   `return`, `break` or `continue` in the same block are dead and not written. Scalar `&&`,
//!   `||` and `?:` whose right side has effects (calls, wave ops, assignments) short-circuit.
//! - **Intrinsics** are lowered from the stdlib's `[spirv(…)]` attributes ([`wave`]); there is
//!   no per-intrinsic code. An intrinsic with no native form for the profile is replaced first,
//!   by [`crate::lower::intrinsics`], with a call of its portable implementation (its body in
//!   the stdlib), which becomes an ordinary SPIR-V function.
//! - **Group wave index.** `GetGroupWaveIndex()`/`GetGroupWaveCount()` are the `SubgroupId` /
//!   `NumSubgroups` built-ins (`--emulate auto`/`never`); `--emulate always` runs
//!   [`crate::lower::emulate_group_wave`] first (done by the caller, [`crate::compile`]).
//! - **Quad ops in compute** are written without a `DerivativeGroup*` execution mode: SPIR-V
//!   defines `OpGroupNonUniformQuad*` on subgroup invocation ids (quads are lanes `4k..4k+3`),
//!   which is HLSL's definition in compute; the derivative-group modes only matter for
//!   derivatives and need an extension that lavapipe lacks.
//!
//! # Diagnostics
//!
//! - E0610: no `[spirv]` lowering of an intrinsic applies (none given, or none for the type).
//! - E0611: the stdlib says the intrinsic has no SPIR-V form (`[spirv(unsupported, "why")]`).
//! - E0612: a language feature this backend does not write yet (atomics on texels of formats
//!   other than `r32ui`/`r32i`/`r64ui`/`r64i`, images of 64-bit vectors or of `double`, resources as values, arrays of append and consume buffers, …).
//! - E0613: a non-compute entry point.
//! - E0699: internal error (a malformed stdlib attribute, a stdlib body that fails to compile).

pub mod layout;
mod precise;
mod wave;
mod writer;

use crate::diag::Diagnostic;
use crate::ir::{Module, Stage};
use crate::stdlib::Stdlib;
use std::borrow::Cow;

pub use wave::Natives;

/// A target profile: `--profile vulkan1.1` … `spirv_1_6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    pub version: (u8, u8),
    /// `spirv-val --target-env` for the output.
    pub target_env: &'static str,
}

impl Profile {
    /// `vulkan1.1` (SPIR-V 1.3), `vulkan1.2` (1.5), `vulkan1.3` (1.6), `spirv_1_3` … `spirv_1_6`
    /// (that version for Vulkan: the lowest Vulkan that accepts it), `universal1.3` …
    /// `universal1.6` (that version for no particular API, as DXC's `-fspv-target-env=universal1.5`;
    /// SPIRV-Tools calls that environment `spv1.5`).
    pub fn from_name(name: &str) -> Option<Profile> {
        let p = |major, minor, env| Profile { version: (major, minor), target_env: env };
        Some(match name.to_ascii_lowercase().replace('.', "_").as_str() {
            "vulkan1_1" | "spirv_1_3" => p(1, 3, "vulkan1.1"),
            "spirv_1_4" => p(1, 4, "vulkan1.1spv1.4"),
            "vulkan1_2" | "spirv_1_5" => p(1, 5, "vulkan1.2"),
            "vulkan1_3" | "spirv_1_6" => p(1, 6, "vulkan1.3"),
            "universal1_3" => p(1, 3, "spv1.3"),
            "universal1_4" => p(1, 4, "spv1.4"),
            "universal1_5" => p(1, 5, "spv1.5"),
            "universal1_6" => p(1, 6, "spv1.6"),
            _ => return None,
        })
    }
}

impl Default for Profile {
    fn default() -> Self {
        Profile { version: (1, 3), target_env: "vulkan1.1" }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// SPIR-V version, `(1, 3)` for Vulkan 1.1.
    pub version: (u8, u8),
    /// The Vulkan environment the module is for (`spirv-val --target-env`).
    pub target_env: &'static str,
    /// The optional capabilities the module may declare; the devices it is for have them.
    pub optional: Vec<OptionalCapability>,
}

/// A capability that not every Vulkan device has, so a module uses it only when asked to
/// (`--capability NAME`); without it, the stdlib's portable lowering is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OptionalCapability {
    /// `SPV_NV_shader_subgroup_partitioned`: `WaveMatch`, `WaveMulti*`.
    PartitionedNv,
    /// `SPV_KHR_subgroup_rotate`: `WaveRotate`, `WaveClusteredRotate`.
    RotateKhr,
    /// `GroupNonUniformClustered` (core SPIR-V, an optional Vulkan subgroup feature that
    /// lavapipe lacks): `subgroupClustered*`.
    Clustered,
}

impl OptionalCapability {
    pub const ALL: [OptionalCapability; 3] =
        [OptionalCapability::PartitionedNv, OptionalCapability::RotateKhr, OptionalCapability::Clustered];

    /// The extension's or the capability's SPIR-V name.
    pub fn from_name(name: &str) -> Option<OptionalCapability> {
        Some(match name {
            "SPV_NV_shader_subgroup_partitioned" | "GroupNonUniformPartitionedNV" => OptionalCapability::PartitionedNv,
            "SPV_KHR_subgroup_rotate" | "GroupNonUniformRotateKHR" => OptionalCapability::RotateKhr,
            "GroupNonUniformClustered" => OptionalCapability::Clustered,
            _ => return None,
        })
    }

    /// The name `--capability` is documented with.
    pub fn name(self) -> &'static str {
        match self {
            OptionalCapability::PartitionedNv => "SPV_NV_shader_subgroup_partitioned",
            OptionalCapability::RotateKhr => "SPV_KHR_subgroup_rotate",
            OptionalCapability::Clustered => "GroupNonUniformClustered",
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        let p = Profile::default();
        Options { version: p.version, target_env: p.target_env, optional: Vec::new() }
    }
}

impl Options {
    /// Whether the lowering condition `ext = NAME` or `cap = NAME` holds.
    pub fn allows(&self, name: &str) -> bool {
        OptionalCapability::from_name(name).is_some_and(|c| self.optional.contains(&c))
    }
}

/// Writes entry point `entry` of `module` and everything it calls as SPIR-V words.
pub fn write_words(module: &Module, entry: usize, options: &Options) -> Result<Vec<u32>, Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Err(vec![Diagnostic::error("E0699", format!("internal error: no entry point #{entry}"))]);
    };
    if ep.stage != Stage::Compute {
        return Err(vec![Diagnostic::error(
            "E0613",
            format!("SPIR-V code generation for {} shaders is not supported yet", ep.stage.name()),
        )
        .with_label(ep.span, "this entry point")]);
    }
    let stdlib = Stdlib::get();
    let module = crate::lower::degenerate_matrices(Cow::Borrowed(module), stdlib)?;
    let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives(options))?;
    let module = crate::lower::degenerate_matrices(module, stdlib)?;
    writer::Writer::new(&module, entry, options, stdlib).write()
}

/// A module's SPIR-V version, capabilities and extensions.
pub type Requirements = ((u8, u8), Vec<String>, Vec<String>);

/// The version, capabilities and extensions a module declares, read back from its words (for
/// reflection: what the writer derived from use, as a loader will see it).
pub fn module_requirements(words: &[u32]) -> Option<Requirements> {
    let m = rspirv::dr::load_words(words).ok()?;
    let (major, minor) = m.header.as_ref()?.version();
    let operand = |i: &rspirv::dr::Instruction| match i.operands.first() {
        Some(rspirv::dr::Operand::Capability(c)) => Some(format!("{c:?}")),
        Some(rspirv::dr::Operand::LiteralString(s)) => Some(s.clone()),
        _ => None,
    };
    let capabilities = m.capabilities.iter().filter_map(operand).collect();
    let extensions = m.extensions.iter().filter_map(operand).collect();
    Some(((major, minor), capabilities, extensions))
}

/// How SPIR-V emits a call natively (`op OpGroupNonUniformIAdd`, `builtin SubgroupId`…, with
/// the extension it needs), or `None` when the call takes the stdlib's portable body.
pub fn native_form(
    options: &Options,
    intr: &crate::stdlib::Intrinsic,
    f: &crate::ir::Function,
    args: &[crate::ir::ExprId],
) -> Option<String> {
    let form = wave::native_form(options, intr, f, args)?;
    if form.kind() == "unsupported" {
        return None;
    }
    let mut text = form.kind().to_string();
    for i in 1..form.positional.len() {
        if let Some(word) = form.ident(i) {
            text.push(' ');
            text.push_str(word);
        }
    }
    if let Some(ext) = form.named_ident("ext").or(form.named_ident("cap")) {
        text.push_str(&format!(" ({ext})"));
    }
    Some(text)
}

/// rspirv's text form of a module (what the golden `.spvasm` files hold).
pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    match rspirv::dr::load_words(words) {
        Ok(m) => m.disassemble() + "\n",
        Err(e) => format!("; cannot parse the module: {e}\n"),
    }
}

#[cfg(test)]
mod tests;
