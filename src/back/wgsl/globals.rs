//! Module-scope declarations (buffers, uniforms, `var<workgroup>`, `var<private>`, constants),
//! their layout checked against [`crate::layout`], atomic memory, and buffer methods.

use super::writer::{Ctx, Writer};
use crate::diag::Diagnostic;
use crate::ir::bindings::{Binding, Slot};
use crate::ir::*;
use crate::layout::{self, Rule};
use crate::span::Span;
use std::fmt::Write as _;

impl<'a> Writer<'a> {
    /// Globals that an atomic operation touches (the root of its `dest` argument): their
    /// integers become `atomic<…>`.
    pub(super) fn atomic_globals(&mut self, reachable: &[bool]) -> Vec<bool> {
        let mut atomic = vec![false; self.module.globals.len()];
        for (h, f) in self.module.functions.iter() {
            if !reachable[h.index()] {
                continue;
            }
            for (_, e) in f.exprs.iter() {
                let ExprKind::Intrinsic { id, args, .. } = &e.kind else { continue };
                let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
                if !intr.lowerings_for("wgsl").any(|l| l.string(0).is_some_and(|t| t.contains("(&$0"))) {
                    continue;
                }
                let Some(mut a) = args.first().copied() else { continue };
                loop {
                    match &f.exprs[a].kind {
                        ExprKind::Global(g) => {
                            atomic[g.index()] = true;
                            break;
                        }
                        ExprKind::Index { base, .. } => a = *base,
                        _ => {
                            // A struct field, a swizzle, a local: WGSL declares none of these atomic.
                            self.refuse_code("E0653", e.span, "an atomic operation on memory that is not a 32-bit integer element of a buffer or `groupshared` variable");
                            break;
                        }
                    }
                }
            }
        }
        atomic
    }

    /// A type with its 32-bit integers atomic (for atomic globals).
    fn atomic_ty(&mut self, ty: &Type, span: Span) -> String {
        match ty {
            Type::Scalar(Scalar::U32) => "atomic<u32>".into(),
            Type::Scalar(Scalar::I32) => "atomic<i32>".into(),
            Type::Array(e, n) => {
                let e = self.atomic_ty(e, span);
                match n {
                    Some(n) => format!("array<{e}, {n}>"),
                    None => format!("array<{e}>"),
                }
            }
            _ => {
                self.refuse_code(
                    "E0653",
                    span,
                    &format!(
                        "atomic operations on a `{}` (WGSL's atomics are 32-bit integers)",
                        self.module.type_name(ty)
                    ),
                );
                self.ty(ty, span)
            }
        }
    }

    fn binding_of(&mut self, slot: Slot, span: Span) -> (u32, u32) {
        match Binding::of(&self.bindings, slot) {
            Some(b) => (b.set, b.binding),
            None => {
                self.internal(span, "a resource without a binding");
                (0, 0)
            }
        }
    }

    pub(super) fn globals(&mut self, used: &[bool]) -> String {
        let module = self.module;
        let mut out = String::new();
        let mut blocks_done: Vec<AddressSpace> = Vec::new();
        for (h, g) in module.globals.iter() {
            if !used[h.index()] {
                continue;
            }
            let name = self.global_names[h.index()].clone();
            match &g.space {
                AddressSpace::Uniform { .. } | AddressSpace::PushConstant => {
                    if blocks_done.contains(&g.space) {
                        continue;
                    }
                    blocks_done.push(g.space.clone());
                    self.uniform_block(&mut out, g, used);
                }
                AddressSpace::Resource => self.resource(&mut out, h, g, &name),
                AddressSpace::Groupshared => {
                    let t = if self.atomic[h.index()] { self.atomic_ty(&g.ty, g.span) } else { self.ty(&g.ty, g.span) };
                    let _ = writeln!(out, "var<workgroup> {name}: {t};");
                }
                AddressSpace::Private | AddressSpace::Constant => {
                    let t = self.ty(&g.ty, g.span);
                    let init = match &g.init {
                        Some(v) => format!(" = {}", self.constant(v, &g.ty, g.span)),
                        None if g.space == AddressSpace::Constant => format!(" = {t}()"),
                        None => String::new(),
                    };
                    let kw = if g.space == AddressSpace::Constant { "const" } else { "var<private>" };
                    let _ = writeln!(out, "{kw} {name}: {t}{init};");
                }
            }
        }
        out
    }

    /// A `cbuffer`, `$Globals` or the entry point's `uniform` values: one struct, one variable;
    /// the members are spelled `variable.member`.
    fn uniform_block(&mut self, out: &mut String, g: &Global, used: &[bool]) {
        let module = self.module;
        let (slot, base, space, rule) = match &g.space {
            AddressSpace::Uniform { cbuffer: Some(i) } => {
                (Some(Slot::Cbuffer(*i)), module.cbuffers[*i].name.clone(), "uniform", module.layout.uniform())
            }
            AddressSpace::Uniform { cbuffer: None } => {
                (Some(Slot::LooseUniforms), "Globals".to_string(), "uniform", module.layout.uniform())
            }
            _ => (None, "EntryPointParams".to_string(), "immediate", module.layout.storage()),
        };
        let members: Vec<(GlobalId, &Global)> =
            module.globals.iter().filter(|(m, o)| o.space == g.space && used[m.index()]).collect();
        let struct_name = self.namer.name(&format!("{base}_block"));
        let var = self.namer.name(&base);
        let offsets =
            layout::member_offsets(module, members.iter().map(|(_, o)| (&o.ty, o.majorness, o.packoffset)), rule);
        let natural =
            layout::member_offsets(module, members.iter().map(|(_, o)| (&o.ty, o.majorness, None)), Rule::Std430);
        let mut fields = String::new();
        for (k, (m, o)) in members.iter().enumerate() {
            self.check_layout(&o.ty, o.majorness, rule, space == "uniform", o.span);
            if offsets[k] != natural[k] {
                self.diags.push(layout_error(&o.name, offsets[k], natural[k], rule, o.span));
            }
            let t = self.ty(&o.ty, o.span);
            let field = self.global_names[m.index()].clone();
            let _ = writeln!(fields, "    {field}: {t},");
            self.global_names[m.index()] = format!("{var}.{field}");
        }
        let _ = writeln!(out, "struct {struct_name} {{\n{fields}}}");
        match slot {
            Some(slot) => {
                let (set, binding) = self.binding_of(slot, g.span);
                let _ = writeln!(out, "@group({set}) @binding({binding}) var<uniform> {var}: {struct_name};");
            }
            None => {
                let _ = writeln!(out, "var<immediate> {var}: {struct_name};");
            }
        }
    }

    /// Checks that WGSL's fixed rules place `ty` as `rule` does (E0652 otherwise).
    fn check_layout(&mut self, ty: &Type, majorness: Majorness, rule: Rule, uniform: bool, span: Span) {
        let module = self.module;
        match ty {
            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => {
                self.diags.push(
                    Diagnostic::error("E0652", "a `bool` in a buffer: WGSL's buffers hold no bools")
                        .with_label(span, "here"),
                );
            }
            Type::Matrix(_, r, _) if majorness == Majorness::Column && *r > 1 => {
                self.diags.push(
                    Diagnostic::error(
                        "E0652",
                        "a `column_major` matrix in a buffer: WGSL stores a `floatRxC` row by row",
                    )
                    .with_label(span, "here")
                    .with_note("declare it `row_major` (or compile with `-Zpr`)"),
                );
            }
            Type::Array(e, _) => {
                let want = layout::array_stride(module, e, rule, majorness);
                let natural = layout::array_stride(module, e, Rule::Std430, majorness);
                if want != natural || (uniform && natural % 16 != 0) {
                    self.diags.push(
                        Diagnostic::error(
                            "E0652",
                            format!(
                                "an array of stride {want} bytes ({} layout), where WGSL's is {natural}{}",
                                rule.name(),
                                if uniform { " and uniform buffers need multiples of 16" } else { "" }
                            ),
                        )
                        .with_label(span, "here"),
                    );
                }
                self.check_layout(e, majorness, rule, uniform, span);
            }
            Type::Struct(h) => {
                let want = layout::field_offsets(module, *h, rule);
                let natural = layout::field_offsets(module, *h, Rule::Std430);
                let s = &module.structs[*h];
                for (i, f) in s.fields.iter().enumerate() {
                    if want[i] != natural[i] {
                        self.diags.push(layout_error(&f.name, want[i], natural[i], rule, f.span));
                    }
                    self.check_layout(&f.ty, f.majorness, rule, uniform, f.span);
                }
                let size = layout::placement(module, ty, rule, majorness).size;
                let wsize = layout::placement(module, ty, Rule::Std430, majorness).size;
                if size != wsize {
                    self.diags.push(
                        Diagnostic::error(
                            "E0652",
                            format!(
                                "`{}` takes {size} bytes ({} layout), where WGSL's takes {wsize}",
                                s.name,
                                rule.name()
                            ),
                        )
                        .with_label(s.span, "this struct"),
                    );
                }
            }
            _ => {}
        }
    }

    fn resource(&mut self, out: &mut String, h: GlobalId, g: &Global, name: &str) {
        let Type::Resource(kind, elem) = &g.ty else { return };
        use ResourceKind::*;
        match kind {
            StructuredBuffer | RWStructuredBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                self.check_layout(
                    &Type::Array(Box::new(elem.clone()), None),
                    g.majorness,
                    self.module.layout.storage(),
                    false,
                    g.span,
                );
                let arr = Type::Array(Box::new(elem), None);
                let t = if self.atomic[h.index()] { self.atomic_ty(&arr, g.span) } else { self.ty(&arr, g.span) };
                let access = if *kind == StructuredBuffer { "read" } else { "read_write" };
                let (set, binding) = self.binding_of(Slot::Global(h), g.span);
                let _ = writeln!(out, "@group({set}) @binding({binding}) var<storage, {access}> {name}: {t};");
                if Binding::of(&self.bindings, Slot::Counter(h)).is_some() {
                    self.refuse(g.span, "a structured buffer's hidden counter");
                }
            }
            ConstantBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                self.check_layout(&elem, g.majorness, self.module.layout.uniform(), true, g.span);
                let t = self.ty(&elem, g.span);
                let (set, binding) = self.binding_of(Slot::Global(h), g.span);
                let _ = writeln!(out, "@group({set}) @binding({binding}) var<uniform> {name}: {t};");
            }
            _ => self
                .refuse(g.span, &format!("a `{}` (textures, samplers, typed and byte-address buffers)", kind.name())),
        }
    }

    pub(super) fn method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        _ret: &Type,
        span: Span,
    ) -> String {
        let f = cx.f;
        let Type::Resource(kind, _) = &f.exprs[object].ty else {
            self.internal(span, "a method of a value that is not a resource");
            return "0".into();
        };
        let kind = *kind;
        let ExprKind::Global(_) = f.exprs[object].kind else {
            self.refuse(span, "a method of a resource that is not a global (resources as values)");
            return "0".into();
        };
        let name = self.operand(cx, object);
        use ResourceKind::*;
        match (kind, method) {
            (StructuredBuffer | RWStructuredBuffer, ResourceMethod::Load(_)) => {
                let i = self.expr(cx, args[0]);
                format!("{name}[{i}]")
            }
            (StructuredBuffer | RWStructuredBuffer, ResourceMethod::GetDimensions) => {
                let count = format!("arrayLength(&{name})");
                let mut parts = vec![count];
                if args.len() > 1 {
                    let elem = match &f.exprs[object].ty {
                        Type::Resource(_, Some(e)) => (**e).clone(),
                        _ => Type::UINT,
                    };
                    let stride =
                        layout::array_stride(self.module, &elem, self.module.layout.storage(), Majorness::Column);
                    parts.push(format!("{stride}u"));
                }
                let mut last = String::new();
                for (a, v) in args.iter().zip(parts) {
                    let s = self.store(cx, *a, v);
                    if !last.is_empty() {
                        let _ = writeln!(self.pre, "{last};");
                    }
                    last = s;
                }
                last
            }
            _ => {
                self.refuse(span, &format!("`{:?}` of a `{}`", method, kind.name()));
                "0".into()
            }
        }
    }
}

fn layout_error(name: &str, want: u32, natural: u32, rule: Rule, span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0652",
        format!(
            "`{name}` sits at byte {want} under the {} layout, where WGSL's fixed rules place it at {natural}",
            rule.name()
        ),
    )
    .with_label(span, "here")
    .with_note("WGSL cannot move a member below its natural offset; use `--layout gl` or reorder the members")
}
