//! Metal backend: typed IR to one Metal Shading Language 2.4 source (`.metal`) holding one
//! compute kernel.
//!
//! # Model
//!
//! - **The kernel.** `kernel void NAME(…)`: the entry point's name (`main` is reserved in
//!   MSL: it becomes `main_kernel`). Its threadgroup size is the dispatcher's choice in Metal;
//!   the header comment states `[numthreads]`.
//! - **Argument table.** Resources are kernel arguments in [`crate::ir::bindings`] order (set,
//!   then binding), the same order as the CUDA kernel's parameters ([`crate::back::cuda::kernel_abi`]):
//!   every buffer is `device T* NAME [[buffer(n)]]` (`const device T*` when read-only), followed
//!   by `constant uint& NAME_count [[buffer(n + 1)]]`, its length in elements (`GetDimensions`);
//!   `cbuffer`s, `$Globals` and push constants are `constant BLOCK& NAME [[buffer(n)]]`, a hidden
//!   counter `device atomic_uint* NAME_counter [[buffer(n)]]`. Buffer indices count up from 0
//!   over buffers only; the textures the kernel uses take `[[texture(n)]]` and its samplers
//!   `[[sampler(n)]]`, each counting from 0 in the same order.
//! - **Functions reach resources through `wavec_state`**, a struct the kernel fills with its
//!   arguments, pointers to its `threadgroup` variables, the thread's `static` variables and the
//!   SIMD-group built-ins; a function that reaches any of them takes `thread wavec_state&`.
//!   `groupshared` variables are `threadgroup` variables declared in the kernel (MSL has no
//!   program-scope threadgroup memory); `static const` ones are program-scope `constant`.
//! - **Waves are SIMD groups** (32 lanes on Apple GPUs; the count is read from
//!   `[[threads_per_simdgroup]]`, the lane from `[[thread_index_in_simdgroup]]`). Intrinsics
//!   the stdlib spells `[metal("…")]` are MSL's `simd_*`/`quad_*` functions or helpers of the
//!   prelude ([`PRELUDE`], namespace `wavec`); the others take their stdlib body
//!   ([`crate::lower::intrinsics`]). `WaveActiveBallot` converts `simd_ballot`'s `simd_vote`
//!   (64 bits) to HLSL's `uint4`: `.x` lanes 0–31, `.y` lanes 32–63, `.z`/`.w` zero.
//! - **Group wave index**: native, `[[simdgroup_index_in_threadgroup]]` and
//!   `[[simdgroups_per_threadgroup]]`; `--emulate always` runs
//!   [`crate::lower::emulate_group_wave`] first (the caller), whose counter becomes a
//!   `threadgroup atomic_uint`.
//! - **Barriers**: `GroupMemoryBarrierWithGroupSync` is
//!   `threadgroup_barrier(mem_flags::mem_threadgroup)`; MSL has no fence without an execution
//!   barrier, so `GroupMemoryBarrier`/`DeviceMemoryBarrier`/`AllMemoryBarrier` are barriers too
//!   (they must then be reached by the whole threadgroup).
//! - **Atomics**: a buffer (or `groupshared` variable) that an `Interlocked*` call targets is
//!   declared with MSL's atomic type (`device atomic_uint*`, `threadgroup atomic_int`); its other
//!   reads and writes become `atomic_load_explicit`/`atomic_store_explicit`, every atomic is
//!   `memory_order_relaxed` (HLSL's atomics order nothing either). A byte-address buffer's
//!   atomics reinterpret the addressed word as `device atomic_uint*`/`atomic_int*`.
//! - **Types**: vectors are MSL's (`float3`, `int2`, `bool4`, `half4`); arrays are
//!   `metal::array<T, N>` (they copy by value, as HLSL's do). Matrices: HLSL `floatRxC` (R rows
//!   of C) is written as MSL `floatRxC`, which MSL reads as R *columns* of C: each MSL column
//!   holds one HLSL row, so `m[i]` and `m[i][j]` mean what they mean in HLSL, and `mul(a, b)`
//!   is written `b * a` (the transposes cancel). Only `float` and `half` matrices exist in MSL.
//! - **Textures** (`texture` module): `Texture1D/2D/3D/1DArray/2DArray/Cube/CubeArray` are
//!   `texture1d`… with `access::sample`, their `RW` forms `access::read_write`, `SamplerState`
//!   is `sampler`: texel reads and writes, `Load` (with offsets), `mips[][]`, `SampleLevel`, 2D
//!   `SampleGrad`, `Gather*` (2D, 2D array, cube), `GetDimensions`. Comparison sampling,
//!   minimum-LOD clamps and arrays of textures are refused (implicit-LOD `Sample` sema refuses
//!   in compute already).
//! - **Layout**: buffers hold MSL's own structs: a vector is aligned to its size rounded up to a
//!   power of two (`float3` takes 16 bytes), a matrix is an array of such columns. That is none
//!   of HLSL's buffer layouts in general (`--layout` does not apply), and a host must lay data
//!   out as MSL does. A `bool` in a buffer is refused (E0662). A `column_major` matrix is stored
//!   as its transpose ([`crate::lower::row_major_matrices`]).
//!
//! # Diagnostics
//!
//! - E0660: a type MSL lacks: `double`, integer or bool matrices.
//! - E0661: an intrinsic with no Metal form for this call and no portable implementation
//!   (64-bit wave operations, `WaveActiveAllEqual` of a matrix). Element-wise math and wave
//!   operations of matrices are the prelude's `wavec::m_*`, column by column.
//! - E0662: a buffer whose contents MSL cannot lay out as HLSL does (`bool`), or a write to a
//!   `column_major` matrix in a buffer that its stored transpose cannot take (one row alone).
//! - E0663: an atomic MSL lacks or that the backend cannot place: 64-bit and float atomics,
//!   atomics on a struct member.
//! - E0664: an access to an atomic location that is not a plain read or write
//!   (`+=`, `++`, passing it as `out`).
//! - E0665: a construct the Metal backend does not write: non-compute stages, the textures and
//!   sampling methods above that it refuses, resources as values, `out` arguments outside
//!   thread memory, more arguments than Metal's tables hold (31 buffers, 128 textures, 16
//!   samplers).

mod atomics;
mod expr;
mod keywords;
mod texture;
mod wave;
mod writer;

pub use keywords::is_reserved;
pub use wave::Natives;

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::stdlib::Stdlib;
use std::borrow::Cow;

/// The helpers every output carries (after `#include <metal_stdlib>`).
pub const PRELUDE: &str = include_str!("prelude.h");

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {}

/// A kernel's name: the entry point's, unless MSL reserves it (`main`).
pub fn kernel_name(entry: &str) -> String {
    if is_reserved(entry) {
        format!("{entry}_kernel")
    } else {
        entry.to_string()
    }
}

/// Writes entry point `entry` of `module`, and everything it calls, as one `.metal` file.
pub fn write_string(module: &Module, entry: usize, options: &Options) -> Result<String, Vec<Diagnostic>> {
    write_entries(&[(module, entry)], options)
}

/// Writes a kernel per entry point ([`crate::back::clike::write_kernels`]); `lib.rs` passes
/// the selected one only.
pub fn write_entries(units: &[(&Module, usize)], options: &Options) -> Result<String, Vec<Diagnostic>> {
    let file = crate::back::clike::KernelFile {
        target: "Metal",
        refusal: "E0665",
        launch: "dispatched with threadgroups",
        intro: "// Kernel arguments, in order: see README.md, \"Metal\".\n#include <metal_stdlib>\nusing namespace metal;\n",
        prelude: PRELUDE,
    };
    let stdlib = Stdlib::get();
    crate::back::clike::write_kernels(units, &file, &mut |module, entry| {
        let module = crate::lower::degenerate_matrices(Cow::Borrowed(module), stdlib)?;
        let module = crate::lower::row_major_matrices(module, stdlib, "E0662")?;
        let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives)?;
        let module = crate::lower::degenerate_matrices(module, stdlib)?;
        writer::Writer::new(&module, entry, options, stdlib).write()
    })
}
