//! `[stages(…)]` on a function: only entry points of those stages may reach it. The core
//! module marks DXR's ray-tracing functions so (`TraceRay`, `WorldRayOrigin`…): engines' shared
//! headers define helpers that call them beside helpers for compute passes, and DXC accepts such
//! a file until a compute entry point reaches one. wavec compiles no ray-tracing stage, so
//! reaching one is always E0512.

use super::{Checker, FunctionId, HashMap, Span};
use crate::diag::Diagnostic;
use crate::ir::{EntryPoint, Stage};
use crate::syntax::ast;

/// DXR's stages, which a `[stages]` list may name though wavec compiles none of them.
pub(super) const RAY_TRACING_STAGES: [&str; 6] =
    ["raygeneration", "intersection", "anyhit", "closesthit", "miss", "callable"];

#[derive(Clone, Debug, Default)]
pub(super) struct StageLimits {
    /// The stages each function may be reached from, the stage names as written, and the
    /// function's name as declared (a generic's instance has its own).
    by_function: HashMap<FunctionId, (Vec<Stage>, Vec<String>, String)>,
}

impl Checker {
    /// Records function `id`'s (declared as `name`) `[stages(…)]`, if its attributes have one.
    pub(super) fn note_stage_limit(&mut self, id: FunctionId, name: &str, attrs: &[ast::Attribute]) {
        let Some(a) = attrs.iter().find(|a| a.name.name == "stages") else { return };
        let (mut stages, mut names) = (Vec::new(), Vec::new());
        for arg in &a.args {
            let name = crate::stdlib::ident_of(arg).unwrap_or_default();
            match Stage::from_name(name) {
                Some(s) => stages.push(s),
                None if RAY_TRACING_STAGES.contains(&name) => {}
                None => {
                    self.error("E0509", arg.span, format!("unknown shader stage `{name}`"));
                    continue;
                }
            }
            names.push(name.to_string());
        }
        self.stage_limits.by_function.insert(id, (stages, names, name.to_string()));
    }

    /// Whether entry point `ep` may call `callee` (at `span`); E0512 when it may not.
    pub(super) fn reachable_in_stage(&mut self, callee: FunctionId, ep: &EntryPoint, span: Span) -> bool {
        let Some((stages, names, name)) = self.stage_limits.by_function.get(&callee) else { return true };
        if stages.contains(&ep.stage) {
            return true;
        }
        let list = match names.as_slice() {
            [] => "no".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        let d = Diagnostic::error("E0512", format!("`{name}` is only valid in {list} shaders"))
            .with_label(span, format!("reached from the {} shader `{}`", ep.stage.name(), ep.name))
            .with_note("a function that calls it is fine where no entry point of another stage reaches it");
        self.push(d);
        false
    }
}
