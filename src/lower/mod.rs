//! IR-to-IR lowering passes that backends run on a copy of the module before writing it.
//!
//! Passes here are target-independent: they rewrite the IR into a form every backend can print
//! with its ordinary rules (for example, a software fallback built from other intrinsics).

pub mod group_wave;

pub use group_wave::{emulate_group_wave, group_wave_uses, uses_group_wave};

use crate::ir::{FunctionId, Module};

/// Functions reachable from `entry` through calls, as a flag per function handle.
pub fn reachable_functions(module: &Module, entry: FunctionId) -> Vec<bool> {
    let mut seen = vec![false; module.functions.len()];
    let mut stack = vec![entry];
    while let Some(h) = stack.pop() {
        if std::mem::replace(&mut seen[h.index()], true) {
            continue;
        }
        stack.extend_from_slice(&module.functions[h].uses.calls);
    }
    seen
}
