//! Virtual wave widths: the shader runs as if waves were `N` lanes wide on hardware whose waves
//! are `M` lanes (`N` dividing `M`), the Group Wave Index proposal's way of testing every width
//! on one GPU.
//!
//! Each call of a wave primitive `X` becomes a call of `__virtual_X` (`stdlib/virtual.slang`)
//! with `N` as an extra constant argument; those bodies confine the operation to this lane's
//! cluster of `N` hardware lanes. The primitives are the intrinsics without a body; one with a
//! body (`WaveMatch`, `WavePrefixMin`, the lane masks, clustered forms…) is replaced by an
//! instance of its body, rewritten the same way, because its native form would see the
//! hardware wave. Bodies that reach no wave primitive keep their call, and with it their native
//! forms. The group wave index must already be the groupshared fallback ([`super::group_wave`]):
//! its prologue's first-lane election and broadcast then count virtual waves.
//!
//! Quad operations need no change for `N >= 4` (quads never straddle clusters). Below that, a
//! wave is narrower than a quad, which HLSL does not define: the virtual forms read as the CPU
//! engine does at that width, the quad lane clamped to the wave's last lane.

use super::intrinsics::{declaration, instance_at, instance_key};
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{InstanceKey, Intrinsic, Stdlib};

/// The prefix of the virtual forms' names in the stdlib.
const PREFIX: &str = "__virtual_";

/// Rewrites the functions reachable from entry point `entry` for waves of `width` lanes.
pub fn virtual_wave(module: &mut Module, entry: usize, stdlib: &Stdlib, width: u32) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Ok(());
    };
    let reachable = super::reachable_functions(module, ep.function);
    let user: Vec<FunctionId> = module.functions.iter().filter(|(h, _)| reachable[h.index()]).map(|(h, _)| h).collect();
    let mut pass = Pass { stdlib, width, instances: HashMap::default(), errors: Vec::new() };
    for fid in user {
        let mut f = std::mem::replace(&mut module.functions[fid], placeholder());
        pass.rewrite(&mut f, module);
        f.uses = f.gather_uses();
        module.functions[fid] = f;
    }
    if !pass.errors.is_empty() {
        return Err(pass.errors);
    }
    module.order_callees_first();
    Ok(())
}

struct Pass<'s> {
    stdlib: &'s Stdlib,
    width: u32,
    /// Bodies already rewritten: the function that replaces their calls, or `None` when the body
    /// reaches no wave primitive (the call stays).
    instances: HashMap<InstanceKey, Option<FunctionId>>,
    errors: Vec<Diagnostic>,
}

impl Pass<'_> {
    /// Rewrites the calls of `f`; whether anything changed.
    fn rewrite(&mut self, f: &mut Function, module: &mut Module) -> bool {
        let calls: Vec<ExprId> = f
            .live_expr_iter()
            .filter(|(_, e)| matches!(e.kind, ExprKind::Intrinsic { .. } | ExprKind::GroupWave(_)))
            .map(|(h, _)| h)
            .collect();
        let mut changed = false;
        for e in calls {
            let span = f.exprs[e].span;
            let ExprKind::Intrinsic { id, args, bound } = f.exprs[e].kind.clone() else {
                self.errors.push(
                    Diagnostic::error("E0630", "internal error: a native group wave index under a virtual wave width")
                        .with_label(span, "here"),
                );
                continue;
            };
            let (index, intr) = declaration(self.stdlib, id);
            // Quads of 4 lanes never straddle virtual waves of 4 or more.
            let quad_as_is = intr.name.starts_with("Quad") && self.width >= 4;
            let virtual_form = self.stdlib.find(&format!("{PREFIX}{}", intr.name)).filter(|_| !quad_as_is);
            if let Some(virtual_form) = virtual_form {
                let width = ConstValue::Uint(self.width.into());
                let w = f.exprs.append(Expr { kind: ExprKind::Const(width), ty: Type::UINT, span });
                let mut args = args;
                args.push(w);
                f.exprs[e].kind = ExprKind::Intrinsic { id: IntrinsicId(virtual_form as u32), args, bound };
                changed = true;
                continue;
            }
            if intr.definition.is_none() {
                if (intr.wave || is_lane_info(intr)) && !quad_as_is {
                    self.errors.push(self.refusal(intr, span, "it has no virtual-width form yet"));
                }
                continue;
            }
            let (key, constants) = instance_key(index, intr, f, &args, &bound);
            let Some(callee) = self.instance(intr, key, &constants, span, module) else { continue };
            let args = args.iter().zip(&constants).filter(|(_, c)| c.is_none()).map(|(a, _)| *a).collect();
            f.exprs[e].kind = ExprKind::Call { function: callee, args };
            changed = true;
        }
        changed
    }

    /// The rewritten instance of `intr`'s body for `key`, added to the module, or `None` when the
    /// body reaches no wave primitive.
    fn instance(
        &mut self,
        intr: &Intrinsic,
        key: InstanceKey,
        constants: &[Option<ConstValue>],
        span: Span,
        module: &mut Module,
    ) -> Option<FunctionId> {
        if let Some(done) = self.instances.get(&key) {
            return *done;
        }
        // Marked first: a body that reaches itself again keeps the call there.
        self.instances.insert(key.clone(), None);
        let compiled = self.stdlib.instance(key.clone(), || crate::sema::instantiate(intr, &key.1, constants));
        let name = format!("wavec_virtual_{}", intr.name.trim_start_matches('_'));
        let mut func = match compiled {
            Ok(func) => instance_at(&func, &name, span),
            Err(_) => return None,
        };
        if !self.rewrite(&mut func, module) {
            return None;
        }
        func.uses = func.gather_uses();
        let h = module.functions.append(func);
        self.instances.insert(key, Some(h));
        Some(h)
    }

    fn refusal(&self, intr: &Intrinsic, span: Span, why: &str) -> Diagnostic {
        Diagnostic::error(
            "E0631",
            format!("`{}` cannot run at a virtual wave width of {}: {why}", intr.name, self.width),
        )
        .with_label(span, "called here")
    }
}

/// `WaveGetLaneCount`/`WaveGetLaneIndex` and their kind: wave state without the `[wave]` flag.
fn is_lane_info(intr: &Intrinsic) -> bool {
    intr.name.starts_with("WaveGet") || intr.name.starts_with("gl_Subgroup")
}

/// An empty function, held in a function's slot while it is rewritten.
fn placeholder() -> Function {
    Function {
        name: String::new(),
        ret: Type::Void,
        ret_semantic: None,
        params: Vec::new(),
        locals: Default::default(),
        exprs: Default::default(),
        body: Block { stmts: Vec::new() },
        span: Span::DUMMY,
        uses: Default::default(),
    }
}
