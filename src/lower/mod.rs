use crate::ir::Module;
use crate::span::Span;
use crate::stdlib::Stdlib;
pub fn group_wave_uses(_m: &Module, _e: usize) -> Vec<(String, Span)> {
    Vec::new()
}
pub fn emulate_group_wave(_m: &mut Module, _e: usize, _s: &Stdlib) {}
