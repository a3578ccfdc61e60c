//! IR-to-IR lowering passes that backends run on a copy of the module before writing it.
//!
//! Passes here are target-independent: they rewrite the IR into a form every backend can print
//! with its ordinary rules. [`group_wave`] is the software group wave index; [`intrinsics`]
//! replaces each intrinsic a target lacks by its portable implementation from the stdlib. A
//! target says what it emits natively through [`intrinsics::Target`]; the emulations
//! themselves are written once, for every target. [`virtual_wave`] runs a shader at another
//! wave width: slices of the hardware's waves, or several of them meeting in groupshared
//! memory, with `uniformity` (which calls the whole group reaches) and `predicate` (divergent
//! code run by the whole group) behind the wider case. [`resource_values`] resolves resource
//! variables and parameters to the resources they name, for the targets that cannot hold one.

pub mod buffer_arrays;
mod byte_address_words;
mod degenerate_matrices;
pub mod descriptor_heaps;
pub mod group_wave;
pub mod intrinsics;
pub mod parameter_blocks;
pub mod pointers;
mod predicate;
pub mod ray_queries;
mod resource_choice;
mod resource_structs;
mod resource_values;
mod row_major_matrices;
mod shared_pointers;
mod shared_refs;
pub mod spirv_asm;
mod substandard_floats;
mod switch_fallthrough;
pub mod target_switch;
mod texel_writes;
mod typed_buffer_words;
pub mod uniform_words;
mod uniformity;
pub mod virtual_wave;

pub use byte_address_words::byte_address_words;
pub use degenerate_matrices::degenerate_matrices;
pub use descriptor_heaps::descriptor_heaps;
pub use group_wave::{emulate_group_wave, group_wave_uses, uses_group_wave};
pub use intrinsics::lower_intrinsics;
pub use parameter_blocks::parameter_blocks;
pub use resource_choice::chooses_resources;
pub(crate) use resource_values::non_uniform_mark;
pub use resource_values::resource_values;
pub use row_major_matrices::row_major_matrices;
pub use shared_pointers::shared_pointers;
pub use shared_refs::shared_refs;
pub use substandard_floats::substandard_floats;
pub use switch_fallthrough::switch_fallthrough;
pub use texel_writes::texel_writes;
pub use typed_buffer_words::typed_buffer_words;
pub use uniform_words::uniform_words;
pub use virtual_wave::{virtual_wave, wide_virtual_wave};

use crate::ir::{FunctionId, Module};

/// Functions reachable from `entry` through calls, as a flag per function handle.
pub fn reachable_functions(module: &Module, entry: FunctionId) -> Vec<bool> {
    module.reachable_functions(entry)
}
