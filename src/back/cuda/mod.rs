//! CUDA backend: typed IR to one CUDA C++ translation unit (`.cu`) for nvcc or NVRTC.
//!
//! # Model
//!
//! - **The prelude.** HLSL's vectors, matrices and intrinsics are a header written into every
//!   output (`prelude.cuh`, namespace `wavec`): `wavec::float3` is a struct with HLSL's
//!   operators (CUDA's own `float3` has none), `wavec::mat<T, R, C>` stores rows, and each
//!   intrinsic the stdlib spells `[cuda("wavec::Name($0)")]` is a device function there.
//! - **Waves** are warps: 32 lanes of consecutive linear thread ids. A wave operation acts on
//!   the lanes HLSL calls active, whose mask the generated code carries through its control
//!   flow ([`masks`]: `__activemask()` names only the lanes that happen to run together):
//!   reductions and scans fold those lanes with `__shfl_sync` in lane order (sm_80's
//!   `__reduce_*_sync` for 32-bit integers), votes and ballots are
//!   `__any_sync`/`__all_sync`/`__ballot_sync`. Intrinsics with no `[cuda]` form take their
//!   stdlib body ([`crate::lower::intrinsics`]).
//! - **Group wave index**: the linear thread id over 32 (native: CUDA forms warps from linear
//!   ids); `--emulate always` runs [`crate::lower::emulate_group_wave`] first (the caller).
//! - **Resources** are kernel parameters in [`crate::ir::bindings`] order ([`abi`]), gathered
//!   into a `wavec_state` that the kernel passes by reference to every function that reaches
//!   one, with the thread's `static` variables. `groupshared` is file-scope `__shared__`.
//! - **Layout**: buffers hold C structs, which is `--layout scalar` (the engine lays buffers
//!   out so). A `bool` inside a buffer has no C form: E0642. A `column_major` matrix is stored
//!   as its transpose ([`crate::lower::row_major_matrices`]).
//!
//! # Diagnostics
//!
//! - E0640: an intrinsic with no CUDA form for this call and no portable implementation.
//! - E0641: a construct the CUDA backend does not write (yet): textures, samplers, resources as
//!   values, non-compute stages.
//! - E0642: a buffer whose contents C structs cannot lay out (bool), or a write to a
//!   `column_major` matrix in a buffer that its stored transpose cannot take (one row alone).

mod abi;
mod keywords;
mod masks;
mod texture;
mod wave;
mod writer;

pub use abi::{image_shape, kernel_abi, kernel_name, sampler_bytes, Param, ParamKind};
pub use keywords::is_reserved;
pub use wave::Natives;

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::stdlib::Stdlib;
use std::borrow::Cow;

/// The header every output starts with.
pub const PRELUDE: &str = include_str!("prelude.cuh");

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {}

/// Writes entry point `entry` of `module`, and everything it calls, as one `.cu` file.
pub fn write_string(module: &Module, entry: usize, options: &Options) -> Result<String, Vec<Diagnostic>> {
    write_entries(&[(module, entry)], options)
}

/// Writes one kernel per entry point ([`crate::back::clike::write_kernels`]).
pub fn write_entries(units: &[(&Module, usize)], options: &Options) -> Result<String, Vec<Diagnostic>> {
    let file = crate::back::clike::KernelFile {
        target: "CUDA",
        refusal: "E0641",
        launch: "launched with blocks",
        intro: "// Kernel parameters, in order: see README.md, \"CUDA\".\n",
        prelude: PRELUDE,
    };
    let stdlib = Stdlib::get();
    crate::back::clike::write_kernels(units, &file, &mut |module, entry| {
        let module = crate::lower::degenerate_matrices(Cow::Borrowed(module), stdlib)?;
        let module = crate::lower::row_major_matrices(module, stdlib, "E0642")?;
        let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives)?;
        let module = crate::lower::degenerate_matrices(module, stdlib)?;
        writer::Writer::new(&module, entry, options, stdlib).write()
    })
}
