//! Inline SPIR-V (Slang's `spirv_asm`, DXC's `vk::spirv_instruction`) is SPIR-V: every other
//! target, the CPU engine included, is refused here, once, at the first block the entry point
//! reaches.

use crate::diag::Diagnostic;
use crate::ir::{ExprKind, Module};

/// `Err` with E0428 when the entry point `entry` of `m` reaches a `spirv_asm` block; `target`
/// names what was asked for.
pub fn refuse(m: &Module, entry: usize, target: &str) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = m.entry_points.get(entry) else { return Ok(()) };
    let reachable = m.reachable_functions(ep.function);
    for (h, f) in m.functions.iter() {
        if !reachable[h.index()] {
            continue;
        }
        if let Some((_, e)) = f.live_expr_iter().find(|(_, e)| matches!(e.kind, ExprKind::SpirvAsm(_))) {
            let d = Diagnostic::error(
                "E0428",
                format!("inline SPIR-V (`spirv_asm`, `vk::spirv_instruction`) cannot be compiled for {target}"),
            )
            .with_label(e.span, "inline SPIR-V")
            .with_note("compile to SPIR-V (`-t spirv`), or run on Vulkan (`wavec run`, `wavec test`)");
            return Err(vec![d]);
        }
    }
    Ok(())
}
