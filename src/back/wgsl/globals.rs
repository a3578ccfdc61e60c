//! Module-scope declarations (buffers, uniforms, `var<workgroup>`, `var<private>`, constants),
//! their layout checked against [`crate::layout`], atomic memory, and buffer methods.

use super::writer::{Ctx, Writer};
use crate::diag::Diagnostic;
use crate::ir::bindings::{Binding, Slot};
use crate::ir::*;
use crate::layout::{self, Rule};
use crate::lower::uniform_words::UniformBlock;
use crate::span::Span;
use std::fmt::Write as _;

/// How a struct is laid out in buffers: each field's `@size` (where the layout pads it) and
/// the struct's size and alignment under WGSL's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct StructPlan {
    pub sizes: Vec<Option<u32>>,
    pub size: u32,
    pub align: u32,
    /// The size of a stand-in member before the first, where the layout leaves a gap there.
    pub lead: Option<u32>,
}

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
                if let ExprKind::Method { object, method: ResourceMethod::Interlocked(_), .. } = &e.kind {
                    if let ExprKind::Global(g) = f.exprs[*object].kind {
                        atomic[g.index()] = true;
                    }
                    continue;
                }
                let ExprKind::Intrinsic { id, args, .. } = &e.kind else { continue };
                let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
                if !intr.lowerings_for("wgsl").any(|l| l.string(0).is_some_and(|t| t.contains("(&$0"))) {
                    continue;
                }
                let Some(mut a) = args.first().copied() else { continue };
                if f.storage_texel(a).is_some() {
                    self.refuse_code("E0653", e.span, "an atomic operation on a texel (WGSL has no texture atomics)");
                    continue;
                }
                // The field the path goes through first (from the element up), if any: that
                // field is declared atomic, not the whole global.
                let mut field = None;
                loop {
                    match &f.exprs[a].kind {
                        ExprKind::Global(g) => {
                            match field {
                                Some(sf) => {
                                    self.atomic_fields.insert(sf);
                                }
                                None => atomic[g.index()] = true,
                            }
                            break;
                        }
                        ExprKind::Index { base, .. } => a = *base,
                        ExprKind::Field { base, index } if field.is_none() => {
                            match f.exprs[*base].ty.field_struct() {
                                Some(s) => field = Some((s, *index)),
                                None => {
                                    self.refuse_code("E0653", e.span, "an atomic operation on this field");
                                    break;
                                }
                            }
                            a = *base;
                        }
                        ExprKind::Field { base, .. } => a = *base,
                        _ => {
                            // A swizzle, a local: WGSL declares none of these atomic.
                            self.refuse_code("E0653", e.span, "an atomic operation on memory that is not a 32-bit integer element of a buffer or `groupshared` variable");
                            break;
                        }
                    }
                }
            }
        }
        // WGSL's atomics are neither copied nor built: a struct holding one is only ever a place
        // its fields are reached through.
        if !self.atomic_fields.is_empty() {
            for (h, f) in self.module.functions.iter() {
                if !reachable[h.index()] {
                    continue;
                }
                let mut field_bases = vec![false; f.exprs.len()];
                for (_, e) in f.exprs.iter() {
                    if let ExprKind::Field { base, .. } = e.kind {
                        field_bases[base.index()] = true;
                    }
                }
                for (id, e) in f.live_expr_iter() {
                    let holds = matches!(e.ty, Type::Struct(s) if self.atomic_fields.iter().any(|(t, _)| *t == s));
                    if holds && !field_bases[id.index()] {
                        self.refuse_code(
                            "E0653",
                            e.span,
                            "a struct with an atomic field used as a whole value (WGSL copies no atomics)",
                        );
                    }
                }
            }
        }
        atomic
    }

    /// A type with its 32-bit integers atomic (for atomic globals).
    pub(super) fn atomic_ty(&mut self, ty: &Type, span: Span) -> String {
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

    pub(super) fn binding_of(&mut self, slot: Slot, span: Span) -> (u32, u32) {
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
                    let kw = match (g.space == AddressSpace::Constant, self.module.spec_id(h)) {
                        (true, Some(id)) => format!("@id({id}) override"),
                        (true, None) => "const".to_string(),
                        (false, _) => "var<private>".to_string(),
                    };
                    let _ = writeln!(out, "{kw} {name}: {t}{init};");
                }
            }
        }
        out
    }

    /// The uniform blocks (`cbuffer`s and `$Globals`) and the push constants whose members
    /// WGSL's fixed rules cannot place where `--layout` does: [`crate::lower::uniform_words`]
    /// reads them as words. A struct a storage buffer also holds must keep its layout there.
    pub(super) fn blocks_read_as_words(mut self) -> Vec<UniformBlock> {
        use ResourceKind::*;
        let module = self.module;
        for (_, g) in module.globals.iter() {
            if let (AddressSpace::Resource, Type::Resource(kind, elem)) = (&g.space, &g.ty) {
                if matches!(
                    kind,
                    StructuredBuffer | RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer
                ) {
                    let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                    let rule = module.storage_rule(g);
                    self.check_layout(&Type::Array(Box::new(elem), None), g.majorness, rule, false, g.span);
                }
            }
        }
        let mut blocks: Vec<UniformBlock> = Vec::new();
        // The push constants are laid out as storage: where WGSL places them so, a struct they
        // hold keeps that layout in the uniform blocks too.
        if module.globals.iter().any(|(_, g)| g.space == AddressSpace::PushConstant) {
            let storage_only = self.struct_plans.clone();
            if !self.members_fit(&AddressSpace::PushConstant) {
                blocks.push(UniformBlock::Members(AddressSpace::PushConstant));
                self.struct_plans = storage_only;
            }
        }
        let storage_plans = self.struct_plans.clone();
        let mut seen: Vec<&AddressSpace> = Vec::new();
        for (h, g) in module.globals.iter() {
            self.diags.clear();
            self.struct_plans = storage_plans.clone();
            if let (AddressSpace::Resource, Type::Resource(ConstantBuffer, Some(elem))) = (&g.space, &g.ty) {
                self.check_layout(elem, g.majorness, module.uniform_rule(g), true, g.span);
                if self.diags.iter().any(|d| d.code == "E0652") {
                    blocks.push(UniformBlock::ConstantBuffer(h));
                }
                continue;
            }
            // `cbuffer`s and `$Globals`.
            if !matches!(g.space, AddressSpace::Uniform { .. }) || seen.contains(&&g.space) {
                continue;
            }
            seen.push(&g.space);
            if !self.members_fit(&g.space) {
                blocks.push(UniformBlock::Members(g.space.clone()));
            }
        }
        blocks
    }

    /// Whether WGSL's fixed rules place the globals of block `space` (a `cbuffer`, `$Globals`
    /// or the push constants) where `--layout` does, planning their structs' padding.
    fn members_fit(&mut self, space: &AddressSpace) -> bool {
        let module = self.module;
        let (rule, uniform) = (module.block_rule(space), *space != AddressSpace::PushConstant);
        let members: Vec<&Global> = module.globals.iter().map(|(_, o)| o).filter(|o| o.space == *space).collect();
        let offsets = layout::member_offsets(module, members.iter().map(|o| (&o.ty, o.majorness, o.packoffset)), rule);
        for o in &members {
            self.check_layout(&o.ty, o.majorness, rule, uniform, o.span);
        }
        let planned: Vec<(Type, String, Span)> =
            members.iter().map(|o| (o.ty.clone(), o.name.clone(), o.span)).collect();
        self.plan_members(&planned, &offsets, 0, uniform, rule);
        !self.diags.iter().any(|d| d.code == "E0652")
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
        for (_, o) in &members {
            self.check_layout(&o.ty, o.majorness, rule, space == "uniform", o.span);
        }
        let planned: Vec<(Type, String, Span)> =
            members.iter().map(|(_, o)| (o.ty.clone(), o.name.clone(), o.span)).collect();
        let (sizes, _, _) = self.plan_members(&planned, &offsets, 0, space == "uniform", rule);
        let mut fields = String::new();
        if let Some(lead) = self.lead {
            let _ = writeln!(fields, "    @size({lead}) wavec_pad: u32,");
        }
        for (k, (m, o)) in members.iter().enumerate() {
            let t = self.ty(&o.ty, o.span);
            let field = self.global_names[m.index()].clone();
            let size = sizes[k].map(|n| format!("@size({n}) ")).unwrap_or_default();
            let _ = writeln!(fields, "    {size}{field}: {t},");
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

    /// WGSL's size and alignment of `ty` (its fixed rules; `uniform` rounds the alignment of
    /// structs and arrays to 16), structs with the padding their plan gave them.
    fn wgsl_placement(&self, ty: &Type, uniform: bool) -> (u32, u32) {
        // `f16` is two bytes; every other scalar WGSL has, four.
        let bytes = |s: &Scalar| if *s == Scalar::F16 { 2 } else { 4 };
        let vector = |e: u32, n: u8| (e * n as u32, if n == 2 { 2 * e } else { 4 * e });
        match ty {
            Type::Scalar(s) => (bytes(s), bytes(s)),
            Type::Vector(s, n) => vector(bytes(s), *n),
            // As spelled: `matRxC` holds R vectors of C (a column-major one is spelled `matCxR`,
            // the caller swaps).
            Type::Matrix(s, r, c) => {
                let (size, align) = vector(bytes(s), *c);
                (*r as u32 * layout::round_up(size, align), align)
            }
            Type::Array(e, n) => {
                let (size, align) = self.wgsl_placement(e, uniform);
                let stride = layout::round_up(size, align);
                let align = if uniform { layout::round_up(align, 16) } else { align };
                (stride * n.unwrap_or(1), align)
            }
            Type::Struct(h) => match self.struct_plans.get(&h.index()) {
                Some(p) => (p.size, if uniform { layout::round_up(p.align, 16) } else { p.align }),
                None => (4, 4),
            },
            _ => (4, 4),
        }
    }

    /// Places members as WGSL does, each at the offset `want` gives it: where that is past
    /// WGSL's, the member before gets an `@size`; where it is before, E0652. Returns each
    /// member's `@size` and the struct's size and alignment.
    #[allow(clippy::type_complexity)]
    fn plan_members(
        &mut self,
        members: &[(Type, String, Span)],
        want: &[u32],
        want_size: u32,
        uniform: bool,
        rule: Rule,
    ) -> (Vec<Option<u32>>, u32, u32) {
        let mut sizes: Vec<Option<u32>> = vec![None; members.len()];
        self.lead = None;
        let mut offset = 0u32;
        let mut align = 1u32;
        let mut prev: Option<(usize, u32, u32)> = None; // (index, offset, natural size)
        for (i, (ty, name, span)) in members.iter().enumerate() {
            let (size, a) = self.wgsl_placement(ty, uniform);
            align = align.max(a);
            let natural = layout::round_up(offset, a);
            let at = want[i];
            if at < natural || at % a != 0 {
                self.diags.push(layout_error(name, at, natural, rule, *span));
            } else if at > natural {
                match prev {
                    Some((k, o, _)) => sizes[k] = Some(at - o),
                    // A gap before the first member: a stand-in `u32` of that size fills it.
                    None => self.lead = Some(at),
                }
            }
            prev = Some((i, at, size));
            offset = at + size;
        }
        let mut size = layout::round_up(offset, align);
        if want_size > size {
            if let Some((k, o, _)) = prev {
                sizes[k] = Some(want_size - o);
                size = layout::round_up(want_size, align);
            }
        }
        (sizes, size, align)
    }

    /// Checks that WGSL's fixed rules can place `ty` as `rule` does, planning the `@size`
    /// padding of its structs (E0652 otherwise).
    fn check_layout(&mut self, ty: &Type, majorness: Majorness, rule: Rule, uniform: bool, span: Span) {
        let module = self.module;
        match ty {
            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => {
                self.diags.push(
                    Diagnostic::error("E0652", "a `bool` in a buffer: WGSL's buffers hold no bools")
                        .with_label(span, "here"),
                );
            }
            Type::Matrix(s, r, c) => {
                // `lower::row_major_matrices` stored every matrix of a buffer by rows.
                let n = *c;
                if let Some(mp) = layout::matrix(*s, *r, *c, majorness, rule) {
                    let (size, align) = self.wgsl_placement(&Type::Vector(*s, n), uniform);
                    if mp.stride != layout::round_up(size, align) {
                        self.diags.push(
                            Diagnostic::error(
                                "E0652",
                                format!(
                                    "a matrix whose rows are {} bytes apart ({} layout), where WGSL's are {}",
                                    mp.stride,
                                    rule.name(),
                                    layout::round_up(size, align)
                                ),
                            )
                            .with_label(span, "here"),
                        );
                    }
                }
            }
            // Not 32 bits: refused as a type (E0651), with no layout to check.
            Type::Array(e, _) if e.scalar().is_some_and(|s| s.bits() != 32 && s != Scalar::F16) => {}
            Type::Array(e, _) => {
                self.check_layout(e, majorness, rule, uniform, span);
                let want = layout::array_stride(module, e, rule, majorness);
                let (size, align) = self.wgsl_placement(e, uniform);
                let natural = layout::round_up(size, align);
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
            }
            Type::Struct(h) => {
                let s = &module.structs[*h];
                for f in &s.fields {
                    self.check_layout(&f.ty, f.majorness, rule, uniform, f.span);
                }
                let want = layout::field_offsets(module, *h, rule);
                let want_size = layout::placement(module, ty, rule, majorness).size;
                let members: Vec<(Type, String, Span)> =
                    s.fields.iter().map(|f| (f.ty.clone(), f.name.clone(), f.span)).collect();
                let (sizes, size, align) = self.plan_members(&members, &want, want_size, uniform, rule);
                let plan = StructPlan { sizes, size, align, lead: self.lead };
                match self.struct_plans.get(&h.index()) {
                    Some(p) if *p != plan => self.diags.push(
                        Diagnostic::error(
                            "E0652",
                            format!("`{}` is laid out two ways in buffers, and a WGSL struct has one layout", s.name),
                        )
                        .with_label(s.span, "this struct"),
                    ),
                    _ => {
                        self.struct_plans.insert(h.index(), plan);
                    }
                }
            }
            _ => {}
        }
    }

    fn resource(&mut self, out: &mut String, h: GlobalId, g: &Global, name: &str) {
        let Type::Resource(kind, elem) = &g.ty else { return };
        use ResourceKind::*;
        match kind {
            StructuredBuffer | RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                self.check_layout(
                    &Type::Array(Box::new(elem.clone()), None),
                    g.majorness,
                    self.module.storage_rule(g),
                    false,
                    g.span,
                );
                let arr = Type::Array(Box::new(elem), None);
                let t = if self.atomic[h.index()] { self.atomic_ty(&arr, g.span) } else { self.ty(&arr, g.span) };
                let access = if *kind == StructuredBuffer { "read" } else { "read_write" };
                let (set, binding) = self.binding_of(Slot::Global(h), g.span);
                let _ = writeln!(out, "@group({set}) @binding({binding}) var<storage, {access}> {name}: {t};");
                // The hidden counter: one `atomic<i32>` in its own storage buffer.
                if let Some(c) = Binding::of(&self.bindings, Slot::Counter(h)).map(|b| (b.set, b.binding)) {
                    let counter = self.namer.name(&format!("{}_counter", g.name));
                    let _ = writeln!(
                        out,
                        "@group({}) @binding({}) var<storage, read_write> {counter}: atomic<i32>;",
                        c.0, c.1
                    );
                    self.counters.insert(h.index(), counter);
                }
            }
            ByteAddressBuffer | RWByteAddressBuffer => {
                // Words: addresses are bytes, 4-aligned.
                let word = if self.atomic[h.index()] { "atomic<u32>" } else { "u32" };
                let access = if *kind == ByteAddressBuffer { "read" } else { "read_write" };
                let (set, binding) = self.binding_of(Slot::Global(h), g.span);
                let _ =
                    writeln!(out, "@group({set}) @binding({binding}) var<storage, {access}> {name}: array<{word}>;");
            }
            ConstantBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                self.check_layout(&elem, g.majorness, self.module.uniform_rule(g), true, g.span);
                let t = self.ty(&elem, g.span);
                let (set, binding) = self.binding_of(Slot::Global(h), g.span);
                let _ = writeln!(out, "@group({set}) @binding({binding}) var<uniform> {name}: {t};");
            }
            _ if kind.is_texture() || kind.is_sampler() => self.texture_global(out, h, g, name),
            _ => self.refuse(
                g.span,
                &format!(
                    "a `{}` of this format or with atomics (WGSL has no typed buffers; those of 32-bit channels are storage buffers of their texels)",
                    kind.name()
                ),
            ),
        }
    }

    pub(super) fn method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
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
        if kind.is_texture() {
            return self.texture_method(cx, object, method, args, span);
        }
        let name = self.operand(cx, object);
        use ResourceKind::*;
        match (kind, method) {
            (
                RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer,
                ResourceMethod::IncrementCounter
                | ResourceMethod::DecrementCounter
                | ResourceMethod::Append
                | ResourceMethod::Consume,
            ) => {
                let ExprKind::Global(g) = f.exprs[object].kind else { return "0".into() };
                let Some(counter) = self.counters.get(&g.index()).cloned() else {
                    self.internal(span, "a counter without a binding");
                    return "0".into();
                };
                // DXC's meaning: the old value after an increment, the new one after a decrement.
                let inc = format!("u32(atomicAdd(&{counter}, 1i))");
                let dec = format!("u32(atomicSub(&{counter}, 1i) - 1i)");
                match method {
                    ResourceMethod::IncrementCounter => inc,
                    ResourceMethod::DecrementCounter => dec,
                    ResourceMethod::Append => {
                        let slot = self.hoist(inc);
                        let v = self.expr(cx, args[0]);
                        format!("{name}[{slot}] = {v}")
                    }
                    _ => {
                        let slot = self.hoist(dec);
                        format!("{name}[{slot}]")
                    }
                }
            }
            (StructuredBuffer | RWStructuredBuffer | ConsumeStructuredBuffer, ResourceMethod::Load(_)) => {
                let i = self.expr(cx, args[0]);
                format!("{name}[{i}]")
            }
            (
                StructuredBuffer | RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer,
                ResourceMethod::GetDimensions,
            ) => {
                let count = format!("arrayLength(&{name})");
                let mut parts = vec![count];
                if args.len() > 1 {
                    let elem = match &f.exprs[object].ty {
                        Type::Resource(_, Some(e)) => (**e).clone(),
                        _ => Type::UINT,
                    };
                    let (rule, majorness) = match f.exprs[object].kind {
                        ExprKind::Global(g) => {
                            let g = &self.module.globals[g];
                            (self.module.storage_rule(g), g.majorness)
                        }
                        _ => (self.module.layout.storage(), Majorness::Column),
                    };
                    let stride = layout::array_stride(self.module, &elem, rule, majorness);
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
            (ByteAddressBuffer | RWByteAddressBuffer, _) => {
                self.byte_method(cx, object, &name, method, args, ret, span)
            }
            _ => {
                self.refuse(span, &format!("`{:?}` of a `{}`", method, kind.name()));
                "0".into()
            }
        }
    }

    /// Methods of byte-address buffers (`array<u32>`): word `address >> 2`, values of other
    /// 32-bit types through `bitcast`, atomics on the word.
    #[allow(clippy::too_many_arguments)]
    fn byte_method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        name: &str,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> String {
        let f = cx.f;
        let atomic = matches!(f.exprs[object].kind, ExprKind::Global(g) if self.atomic[g.index()]);
        let word = |w: &mut Self, i: &str, k: usize| {
            let place = if k == 0 { format!("{name}[{i}]") } else { format!("{name}[{i} + {k}u]") };
            if atomic {
                format!("atomicLoad(&{place})")
            } else {
                let _ = w;
                place
            }
        };
        // The value type of a load or store: 32-bit scalars and vectors only.
        let words_of = |w: &mut Self, ty: &Type| -> Option<(usize, Scalar)> {
            match ty {
                Type::Scalar(s) if s.bits() == 32 && *s != Scalar::Bool => Some((1, *s)),
                Type::Vector(s, n) if s.bits() == 32 && *s != Scalar::Bool => Some((*n as usize, *s)),
                _ => {
                    w.refuse(
                        span,
                        &format!(
                            "a byte-address access of a `{}` (32-bit scalars and vectors only)",
                            w.module.type_name(ty)
                        ),
                    );
                    None
                }
            }
        };
        match method {
            ResourceMethod::GetDimensions => {
                let v = format!("arrayLength(&{name}) * 4u");
                self.store(cx, args[0], v)
            }
            ResourceMethod::Load(_) => {
                let Some((n, s)) = words_of(self, ret) else { return "0".into() };
                let a = self.operand(cx, args[0]);
                let i = if n == 1 { format!("({a} >> 2u)") } else { self.hoist(format!("{a} >> 2u")) };
                let words: Vec<String> = (0..n).map(|k| word(self, &i, k)).collect();
                let u = if n == 1 { words[0].clone() } else { format!("vec{n}<u32>({})", words.join(", ")) };
                if s == Scalar::U32 {
                    u
                } else {
                    format!("bitcast<{}>({u})", self.ty(ret, span))
                }
            }
            ResourceMethod::Store(_) => {
                let vt = f.exprs[args[1]].ty.clone();
                let Some((n, s)) = words_of(self, &vt) else { return String::new() };
                let a = self.operand(cx, args[0]);
                let i = self.hoist(format!("{a} >> 2u"));
                let v = self.expr(cx, args[1]);
                let v = if s == Scalar::U32 {
                    v
                } else if n == 1 {
                    format!("bitcast<u32>({v})")
                } else {
                    format!("bitcast<vec{n}<u32>>({v})")
                };
                let v = if n == 1 { v } else { self.hoist(v) };
                let mut stores: Vec<String> = (0..n)
                    .map(|k| {
                        let place = if k == 0 { format!("{name}[{i}]") } else { format!("{name}[{i} + {k}u]") };
                        let value = if n == 1 { v.clone() } else { format!("{v}.{}", super::writer::xyzw(k as u8)) };
                        if atomic {
                            format!("atomicStore(&{place}, {value})")
                        } else {
                            format!("{place} = {value}")
                        }
                    })
                    .collect();
                let last = stores.pop().unwrap_or_default();
                for st in stores {
                    let _ = writeln!(self.pre, "{st};");
                }
                last
            }
            ResourceMethod::Interlocked(op) => {
                if let Some(s) = args.get(1).and_then(|v| f.exprs[*v].ty.scalar()).filter(|s| s.is_float()) {
                    self.refuse_code(
                        "E0653",
                        span,
                        &format!(
                            "an atomic of a `{}` on a byte-address buffer (WGSL's atomics hold integers)",
                            s.hlsl_name()
                        ),
                    );
                    return "0u".into();
                }
                let a = self.operand(cx, args[0]);
                let place = format!("&{name}[{a} >> 2u]");
                let value = |w: &mut Self, i: usize| {
                    let v = w.expr(cx, args[i]);
                    if f.exprs[args[i]].ty == Type::UINT {
                        v
                    } else {
                        format!("u32({v})")
                    }
                };
                let (call, original) = match op {
                    AtomicOp::CompareExchange | AtomicOp::CompareStore => {
                        let (c, v) = (value(self, 1), value(self, 2));
                        let call = format!("atomicCompareExchangeWeak({place}, {c}, {v}).old_value");
                        (call, (op == AtomicOp::CompareExchange).then_some(3))
                    }
                    _ => {
                        let f = match op {
                            AtomicOp::Add => "atomicAdd",
                            AtomicOp::Min => "atomicMin",
                            AtomicOp::Max => "atomicMax",
                            AtomicOp::And => "atomicAnd",
                            AtomicOp::Or => "atomicOr",
                            AtomicOp::Xor => "atomicXor",
                            _ => "atomicExchange",
                        };
                        let v = value(self, 1);
                        (format!("{f}({place}, {v})"), args.get(2).map(|_| 2))
                    }
                };
                match original {
                    Some(o) => {
                        let ty = f.exprs[args[o]].ty.clone();
                        let call = if ty == Type::UINT { call } else { format!("{}({call})", self.ty(&ty, span)) };
                        self.store(cx, args[o], call)
                    }
                    None if matches!(op, AtomicOp::CompareStore) => format!("_ = {call}"),
                    None => call,
                }
            }
            _ => {
                self.refuse(span, &format!("`{:?}` of a byte-address buffer", method));
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
