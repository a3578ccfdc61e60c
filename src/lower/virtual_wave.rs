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

use super::intrinsics::{declaration, instance_at, instance_key, instance_name};
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::*;
use crate::span::Span;
use crate::stdlib::{InstanceKey, Intrinsic, Stdlib};

/// The prefix of the virtual forms' names in the stdlib.
const PREFIX: &str = "__virtual_";
/// The prefix of the wide forms' names in the stdlib (`stdlib/wide.slang`).
const WIDE_PREFIX: &str = "__wide_";

/// Rewrites the functions reachable from entry point `entry` for waves of `width` lanes.
pub fn virtual_wave(module: &mut Module, entry: usize, stdlib: &Stdlib, width: u32) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Ok(());
    };
    let mut pass = Pass { stdlib, width, instances: HashMap::default(), errors: Vec::new(), wide: None };
    pass.rewrite_reachable(module, ep.function);
    if !pass.errors.is_empty() {
        return Err(pass.errors);
    }
    module.order_callees_first();
    Ok(())
}

/// Rewrites the functions reachable from entry point `entry` for virtual waves of `width`
/// lanes that are wider than the hardware's `hardware`-lane waves: virtual wave `k` is the
/// group's threads `[k·width, (k+1)·width)` by flat group index, and every wave operation is
/// an instance of its form in `stdlib/wide.slang`, which exchanges values through groupshared
/// memory between two group barriers. The group wave index and count are those of the virtual
/// waves, computed from the flat group index (no fallback is needed). Every call that waits at
/// a barrier must be reached by the whole group: where [`super::uniformity`] cannot prove it,
/// [`super::predicate`] makes the whole group run the divergent code, each thread under its
/// predicate, which becomes the operations' `active` flag (E0633 if the proof still fails
/// after it: a defect of the pass).
pub fn wide_virtual_wave(
    module: &mut Module,
    entry: usize,
    stdlib: &Stdlib,
    width: u32,
    hardware: u32,
) -> Result<(), Vec<Diagnostic>> {
    let Some(ep) = module.entry_points.get(entry) else {
        return Ok(());
    };
    let (entry_fn, span) = (ep.function, ep.span);
    let Some([x, y, z]) = ep.numthreads else {
        return Err(vec![Diagnostic::error(
            "E0633",
            format!(
                "a virtual wave width of {width}, wider than the hardware's {hardware} lanes, needs `[numthreads]`"
            ),
        )
        .with_label(span, "this entry point")]);
    };
    let thread = module.globals.append(Global::new("wavec_wideThread", Type::UINT, AddressSpace::Private, span));
    let index_intrinsic = stdlib.find("GetGroupWaveIndex").map(|i| IntrinsicId(i as u32));
    prepare_entry(&mut module.functions[entry_fn], thread, index_intrinsic, span);
    let wide = Wide {
        threads: x * y * z,
        thread,
        scratch: Vec::new(),
        flags: None,
        ops: HashMap::default(),
        names: HashMap::default(),
        depth: 0,
    };
    let mut pass = Pass { stdlib, width, instances: HashMap::default(), errors: Vec::new(), wide: Some(wide) };
    pass.rewrite_reachable(module, entry_fn);
    if !pass.errors.is_empty() {
        return Err(pass.errors);
    }
    // Before the functions are reordered: `ops` knows the instances by their handles now.
    let check = |pass: &Pass, module: &Module| {
        let wide = pass.wide.as_ref().expect("the wide pass keeps its state");
        super::uniformity::check(module, entry_fn, &wide.ops, &wide.names, width, hardware)
    };
    if !check(&pass, module).is_empty() {
        // Divergent code reaches an operation: the whole group runs it, under predicates.
        let Some(group_any) = stdlib.find("__wide_group_any").map(|i| IntrinsicId(i as u32)) else {
            return Err(check(&pass, module));
        };
        let ops = pass.wide.as_ref().map(|w| w.ops.clone()).unwrap_or_default();
        super::predicate::predicate(module, entry_fn, &ops, group_any);
        pass.rewrite_reachable(module, entry_fn);
        if !pass.errors.is_empty() {
            return Err(pass.errors);
        }
        let errors = check(&pass, module);
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    module.order_callees_first();
    Ok(())
}

/// The entry point's prologue for wide virtual waves: the flat group index kept in a private
/// global (the stdlib bodies read it), and an `SV_GroupWaveIndex` parameter made a local
/// initialized by `GetGroupWaveIndex()`, which the pass then rewrites like any other call.
fn prepare_entry(f: &mut Function, thread: GlobalId, index_intrinsic: Option<IntrinsicId>, span: Span) {
    let group_index = super::group_wave::group_index_param(f, span);
    let target = f.exprs.append(Expr { kind: ExprKind::Global(thread), ty: Type::UINT, span });
    let value = f.exprs.append(Expr { kind: ExprKind::Local(group_index), ty: Type::UINT, span });
    let set = f.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value }, ty: Type::UINT, span });
    let mut prologue = vec![Stmt::Expr(set)];
    // `stdlib` always has `GetGroupWaveIndex`; without it the parameter would stay as written.
    let param = index_intrinsic.and_then(|id| Some((id, super::group_wave::take_wave_index_param(f)?)));
    if let Some((id, p)) = param {
        let kind = ExprKind::Intrinsic { id, args: Vec::new(), bound: None };
        let value = f.exprs.append(Expr { kind, ty: Type::UINT, span });
        prologue.push(Stmt::Local { local: p, init: Some(value) });
    }
    f.body.stmts.splice(0..0, prologue);
}

/// What the wide rewrite keeps besides the narrow one's state.
struct Wide {
    /// Threads in the group.
    threads: u32,
    /// The private global holding the flat group index.
    thread: GlobalId,
    /// One groupshared array of a slot per thread for each type the operations exchange.
    scratch: Vec<(Type, GlobalId)>,
    /// The groupshared flags of the threads taking part in an operation.
    flags: Option<GlobalId>,
    /// Each instance of a `__wide_` form, with the operation it stands for.
    ops: HashMap<FunctionId, WideOp>,
    /// The source's name of the wave operation called at each span, for diagnostics.
    names: HashMap<Span, String>,
    /// How deep in stdlib bodies the rewrite is (0: the source's own functions).
    depth: u32,
}

/// A wide form's instance: the operation it stands for.
#[derive(Clone, Debug)]
pub(super) struct WideOp {
    pub name: String,
}

struct Pass<'s> {
    stdlib: &'s Stdlib,
    width: u32,
    /// Bodies already rewritten: the function that replaces their calls, or `None` when the body
    /// reaches no wave primitive (the call stays).
    instances: HashMap<InstanceKey, Option<FunctionId>>,
    errors: Vec<Diagnostic>,
    /// Set for virtual waves wider than the hardware's ([`wide_virtual_wave`]).
    wide: Option<Wide>,
}

impl Pass<'_> {
    /// Rewrites every function reachable from `entry_fn`.
    fn rewrite_reachable(&mut self, module: &mut Module, entry_fn: FunctionId) {
        let reachable = super::reachable_functions(module, entry_fn);
        let user: Vec<FunctionId> =
            module.functions.iter().filter(|(h, _)| reachable[h.index()]).map(|(h, _)| h).collect();
        for fid in user {
            let mut f = std::mem::replace(&mut module.functions[fid], Function::placeholder());
            self.rewrite(&mut f, module);
            f.uses = f.gather_uses();
            module.functions[fid] = f;
        }
    }

    /// Rewrites the calls of `f`; whether anything changed.
    fn rewrite(&mut self, f: &mut Function, module: &mut Module) -> bool {
        let calls: Vec<ExprId> = f
            .live_expr_iter()
            .filter(|(_, e)| matches!(e.kind, ExprKind::Intrinsic { .. } | ExprKind::GroupWave(_)))
            .map(|(h, _)| h)
            .collect();
        let mut changed = false;
        for e in calls {
            if self.wide.is_some() {
                changed |= self.rewrite_wide(f, e, module);
                continue;
            }
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
            let Some(callee) = self.instance(intr, key, &constants, span, module, false) else { continue };
            let args = args.iter().zip(&constants).filter(|(_, c)| c.is_none()).map(|(a, _)| *a).collect();
            f.exprs[e].kind = ExprKind::Call { function: callee, args };
            changed = true;
        }
        changed
    }

    /// [`Pass::rewrite`] of call `e` for wide virtual waves: the pass's own operations become
    /// memory accesses, a wave operation with a `__wide_` form an instance of it, and one
    /// without a body that has none is refused.
    fn rewrite_wide(&mut self, f: &mut Function, e: ExprId, module: &mut Module) -> bool {
        let span = f.exprs[e].span;
        let (id, args, bound) = match f.exprs[e].kind.clone() {
            ExprKind::Intrinsic { id, args, bound } => (id, args, bound),
            ExprKind::GroupWave(v) => {
                let name = match v {
                    GroupWaveValue::Index => "GetGroupWaveIndex",
                    GroupWaveValue::Count => "GetGroupWaveCount",
                };
                let Some(i) = self.stdlib.find(name) else { return false };
                (IntrinsicId(i as u32), Vec::new(), None)
            }
            _ => return false,
        };
        let (index, intr) = declaration(self.stdlib, id);
        if self.provide(f, e, intr, &args, &bound, module) {
            return true;
        }
        let wide = self.wide.as_mut().expect("rewrite_wide runs in the wide pass");
        if wide.depth == 0 {
            wide.names.entry(span).or_insert_with(|| intr.name.clone());
        }
        let form = wide_form(self.stdlib, &intr.name, bound.as_deref());
        if let Some(form) = form {
            let form_intr = &self.stdlib.intrinsics[form];
            // Whether the thread takes part: every thread, until `predicate` says otherwise.
            let active = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Bool(true)), ty: Type::BOOL, span });
            let width = ConstValue::Uint(self.width.into());
            let w = f.exprs.append(Expr { kind: ExprKind::Const(width), ty: Type::UINT, span });
            let mut args = args;
            args.extend([active, w]);
            let (key, constants) = instance_key(form, form_intr, f, &args, &bound);
            let Some(callee) = self.instance(form_intr, key, &constants, span, module, true) else { return false };
            let wide = self.wide.as_mut().expect("rewrite_wide runs in the wide pass");
            wide.ops.entry(callee).or_insert_with(|| WideOp { name: intr.name.clone() });
            let args = args.iter().zip(&constants).filter(|(_, c)| c.is_none()).map(|(a, _)| *a).collect();
            f.exprs[e].kind = ExprKind::Call { function: callee, args };
            return true;
        }
        if intr.definition.is_none() {
            if intr.wave || is_lane_info(intr) || intr.name.starts_with("GetGroupWave") {
                self.errors.push(self.refusal(intr, span, "it has no form for waves wider than the hardware's yet"));
            }
            return false;
        }
        let (key, constants) = instance_key(index, intr, f, &args, &bound);
        let Some(callee) = self.instance(intr, key, &constants, span, module, false) else { return false };
        let args = args.iter().zip(&constants).filter(|(_, c)| c.is_none()).map(|(a, _)| *a).collect();
        f.exprs[e].kind = ExprKind::Call { function: callee, args };
        true
    }

    /// Replaces a call of one of the operations the wide pass provides to `stdlib/wide.slang`
    /// (`__wide_thread`, `__wide_threads`, `__wide_store`, `__wide_load`) by what it stands
    /// for; whether `intr` was one.
    fn provide(
        &mut self,
        f: &mut Function,
        e: ExprId,
        intr: &Intrinsic,
        args: &[ExprId],
        bound: &Option<Box<Type>>,
        module: &mut Module,
    ) -> bool {
        let wide = self.wide.as_mut().expect("provide runs in the wide pass");
        let span = f.exprs[e].span;
        let kind = match (intr.name.as_str(), args) {
            ("__wide_thread", []) => ExprKind::Global(wide.thread),
            ("__wide_threads", []) => ExprKind::Const(ConstValue::Uint(wide.threads.into())),
            ("__wide_store", &[value]) => {
                let ty = f.exprs[value].ty.clone();
                let slots = wide.slots(&ty, module, span);
                let base =
                    f.exprs.append(Expr { kind: ExprKind::Global(slots), ty: slots_type(&ty, wide.threads), span });
                let index = f.exprs.append(Expr { kind: ExprKind::Global(wide.thread), ty: Type::UINT, span });
                let target = f.exprs.append(Expr { kind: ExprKind::Index { base, index }, ty: ty.clone(), span });
                f.exprs[e].ty = ty;
                ExprKind::Assign { op: None, target, value }
            }
            ("__wide_store_flag", &[value]) => {
                let flags = wide.flags(module, span);
                let base = f.exprs.append(Expr {
                    kind: ExprKind::Global(flags),
                    ty: slots_type(&Type::UINT, wide.threads),
                    span,
                });
                let index = f.exprs.append(Expr { kind: ExprKind::Global(wide.thread), ty: Type::UINT, span });
                let target = f.exprs.append(Expr { kind: ExprKind::Index { base, index }, ty: Type::UINT, span });
                let one = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(1)), ty: Type::UINT, span });
                let zero = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(0)), ty: Type::UINT, span });
                let bit = f.exprs.append(Expr {
                    kind: ExprKind::Select { cond: value, then: one, els: zero },
                    ty: Type::UINT,
                    span,
                });
                f.exprs[e].ty = Type::UINT;
                ExprKind::Assign { op: None, target, value: bit }
            }
            ("__wide_flag", &[thread]) => {
                let flags = wide.flags(module, span);
                let base = f.exprs.append(Expr {
                    kind: ExprKind::Global(flags),
                    ty: slots_type(&Type::UINT, wide.threads),
                    span,
                });
                let slot = f.exprs.append(Expr { kind: ExprKind::Index { base, index: thread }, ty: Type::UINT, span });
                let zero = f.exprs.append(Expr { kind: ExprKind::Const(ConstValue::Uint(0)), ty: Type::UINT, span });
                ExprKind::Binary(BinaryOp::Ne, slot, zero)
            }
            ("__wide_load", &[_, index]) => {
                let ty = bound.as_deref().cloned().unwrap_or_else(|| f.exprs[e].ty.clone());
                let slots = wide.slots(&ty, module, span);
                let base =
                    f.exprs.append(Expr { kind: ExprKind::Global(slots), ty: slots_type(&ty, wide.threads), span });
                ExprKind::Index { base, index }
            }
            _ => return false,
        };
        f.exprs[e].kind = kind;
        true
    }

    /// The rewritten instance of `intr`'s body for `key`, added to the module, or `None` when the
    /// body reaches no wave primitive (unless `always`: a wide form is the operation itself).
    fn instance(
        &mut self,
        intr: &Intrinsic,
        key: InstanceKey,
        constants: &[Option<ConstValue>],
        span: Span,
        module: &mut Module,
        always: bool,
    ) -> Option<FunctionId> {
        if let Some(done) = self.instances.get(&key) {
            return *done;
        }
        // Marked first: a body that reaches itself again keeps the call there.
        self.instances.insert(key.clone(), None);
        let compiled = self.stdlib.instance(key.clone(), || crate::sema::instantiate(intr, &key.1, constants));
        // `wavec_virtual_wide_wave_fold_op0_scan2`: the constants tell instances apart, and no
        // run of underscores is left (GLSL reserves `__`, WGSL names may not start with it).
        let name = instance_name(intr, constants).replacen("wavec_", "wavec_virtual_", 1);
        let name = name.split('_').filter(|part| !part.is_empty()).collect::<Vec<_>>().join("_");
        let mut func = match compiled {
            Ok(func) => instance_at(&func, &name, span),
            Err(diags) if self.wide.is_some() => {
                let why = diags.first().map(|d| d.message.clone()).unwrap_or_default();
                self.errors.push(
                    Diagnostic::error(
                        "E0699",
                        format!("internal error: the stdlib body of `{}` does not compile: {why}", intr.name),
                    )
                    .with_label(span, "called here"),
                );
                return None;
            }
            Err(_) => return None,
        };
        if let Some(wide) = self.wide.as_mut() {
            wide.depth += 1;
        }
        let changed = self.rewrite(&mut func, module);
        if let Some(wide) = self.wide.as_mut() {
            wide.depth -= 1;
        }
        if !changed && !always {
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

impl Wide {
    /// The groupshared array of one flag (a `uint`) per thread: whether it takes part.
    fn flags(&mut self, module: &mut Module, span: Span) -> GlobalId {
        if let Some(g) = self.flags {
            return g;
        }
        let g = self.array("wavec_wideFlags".to_string(), Type::UINT, module, span);
        self.flags = Some(g);
        g
    }

    /// The groupshared array of one `ty` slot per thread, declared at its first use.
    fn slots(&mut self, ty: &Type, module: &mut Module, span: Span) -> GlobalId {
        if let Some((_, g)) = self.scratch.iter().find(|(t, _)| t == ty) {
            return *g;
        }
        let g = self.array(format!("wavec_wideSlots{}", self.scratch.len()), ty.clone(), module, span);
        self.scratch.push((ty.clone(), g));
        g
    }

    fn array(&self, name: String, ty: Type, module: &mut Module, span: Span) -> GlobalId {
        module.globals.append(Global::new(name, slots_type(&ty, self.threads), AddressSpace::Groupshared, span))
    }
}

fn slots_type(ty: &Type, threads: u32) -> Type {
    Type::Array(Box::new(ty.clone()), Some(threads))
}

/// The `__wide_` form of wave operation `name` whose generic parameter admits `bound` (the
/// signed and boolean overloads of the bitwise reductions have none: their bodies convert to
/// the unsigned one).
fn wide_form(stdlib: &Stdlib, name: &str, bound: Option<&Type>) -> Option<usize> {
    stdlib.overloads(&format!("{WIDE_PREFIX}{name}")).iter().copied().find(|&i| {
        let generics = &stdlib.intrinsics[i].generics;
        match (generics.first(), bound) {
            (Some((_, class)), Some(ty)) => class.accepts(ty),
            (None, None) => true,
            _ => false,
        }
    })
}

/// `WaveGetLaneCount`/`WaveGetLaneIndex` and their kind: wave state without the `[wave]` flag.
fn is_lane_info(intr: &Intrinsic) -> bool {
    intr.name.starts_with("WaveGet") || intr.name.starts_with("gl_Subgroup")
}
