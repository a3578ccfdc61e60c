//! Module-scope declarations: buffer and uniform blocks (their layout checked against
//! [`crate::layout`]), `shared` and private variables, constants.

use super::writer::Writer;
use crate::diag::Diagnostic;
use crate::ir::bindings::{Binding, Slot};
use crate::ir::*;
use crate::layout::{self, Rule};
use crate::lower::uniform_words::UniformBlock;
use crate::span::Span;
use std::fmt::Write as _;

/// One member of a block: its type, name, majorness and `packoffset`.
#[derive(Clone)]
struct Member {
    ty: Type,
    name: String,
    majorness: Majorness,
    packoffset: Option<u32>,
}

/// How a block is written: its GLSL layout and each member's explicit offset, if it needs one.
struct BlockLayout {
    qualifier: &'static str,
    offsets: Vec<Option<u32>>,
    /// `row_major`/`column_major` for every matrix in the block (`None`: it has none).
    majorness: Option<&'static str>,
}

impl<'a> Writer<'a> {
    pub(super) fn globals(&mut self, used: &[bool]) -> String {
        let module = self.module;
        let mut out = String::new();
        let mut cbuffer_done = vec![false; module.cbuffers.len()];
        let mut loose_done = false;
        let mut push_done = false;
        for (h, g) in module.globals.iter() {
            if !used[h.index()] {
                continue;
            }
            let name = self.global_names[h.index()].clone();
            match &g.space {
                AddressSpace::Uniform { cbuffer } => {
                    let slot = match cbuffer {
                        Some(i) if !cbuffer_done[*i] => {
                            cbuffer_done[*i] = true;
                            Slot::Cbuffer(*i)
                        }
                        None if !loose_done => {
                            loose_done = true;
                            Slot::LooseUniforms
                        }
                        _ => continue,
                    };
                    let space = g.space.clone();
                    // Unused members are left out, but keep their room: a used member sits
                    // where the whole block places it (the offsets the host writes).
                    let all: Vec<_> = module.globals.iter().filter(|(_, o)| o.space == space).collect();
                    let rule = module.layout.uniform();
                    let placed = layout::member_offsets(
                        module,
                        all.iter().map(|(_, o)| (&o.ty, o.majorness, o.packoffset)),
                        rule,
                    );
                    let gaps = all.iter().any(|(m, _)| !used[m.index()]);
                    let members: Vec<Member> = all
                        .iter()
                        .zip(&placed)
                        .filter(|((m, _), _)| used[m.index()])
                        .map(|((m, o), &at)| Member {
                            ty: o.ty.clone(),
                            name: self.global_names[m.index()].clone(),
                            majorness: o.majorness,
                            packoffset: if gaps { Some(at) } else { o.packoffset },
                        })
                        .collect();
                    let block = match cbuffer {
                        Some(i) => format!("{}_block", module.cbuffers[*i].name),
                        None => "Globals_block".to_string(),
                    };
                    let binding = self.binding_of(slot, g.span);
                    self.block(&mut out, "uniform", &block, binding, &members, module.layout.uniform(), g.span, None);
                }
                AddressSpace::PushConstant => {
                    if push_done {
                        continue;
                    }
                    push_done = true;
                    let members: Vec<Member> = module
                        .globals
                        .iter()
                        .filter(|(m, o)| o.space == AddressSpace::PushConstant && used[m.index()])
                        .map(|(m, o)| Member {
                            ty: o.ty.clone(),
                            name: self.global_names[m.index()].clone(),
                            majorness: o.majorness,
                            packoffset: None,
                        })
                        .collect();
                    self.block(
                        &mut out,
                        "push_constant",
                        "EntryPointParams",
                        None,
                        &members,
                        module.layout.storage(),
                        g.span,
                        None,
                    );
                }
                AddressSpace::Resource => self.resource(&mut out, h, g, &name),
                AddressSpace::Groupshared => {
                    let d = self.decl(&g.ty, &name, g.span);
                    let _ = writeln!(out, "shared {d};");
                }
                AddressSpace::Private | AddressSpace::Constant => {
                    let d = self.decl(&g.ty, &name, g.span);
                    let init = match &g.init {
                        Some(v) => format!(" = {}", self.constant(v, &g.ty, g.span).0),
                        None => String::new(),
                    };
                    let konst = if g.space == AddressSpace::Constant { "const " } else { "" };
                    let spec = match module.spec_id(h) {
                        Some(id) => format!("layout(constant_id = {id}) "),
                        None => String::new(),
                    };
                    let _ = writeln!(out, "{spec}{konst}{d}{init};");
                }
            }
        }
        out
    }

    fn binding_of(&mut self, slot: Slot, span: Span) -> Option<(u32, u32)> {
        match Binding::of(&self.bindings, slot) {
            Some(b) => Some((b.set, b.binding)),
            None => {
                self.internal(span, "a resource without a binding");
                None
            }
        }
    }

    fn resource(&mut self, out: &mut String, h: GlobalId, g: &Global, name: &str) {
        let (kind, elem, array) = match &g.ty {
            Type::Resource(kind, elem) => (kind, elem, None),
            Type::Array(inner, n) => match inner.as_ref() {
                Type::Resource(kind, elem) if is_buffer_kind(*kind) => (kind, elem, Some(*n)),
                _ => return self.texture_global(out, h, g, name),
            },
            _ => return self.texture_global(out, h, g, name),
        };
        let binding = self.binding_of(Slot::Global(h), g.span);
        let rule = self.module.storage_rule(g);
        let block = format!("{}_block", g.name);
        // An array of buffers: a named instance per element, `name[k].member`; an unsized one
        // (a bindless table) through `GL_EXT_nonuniform_qualifier`.
        let instance = array.map(|n| match n {
            Some(n) => format!("{name}[{n}]"),
            None => {
                self.extensions.insert("GL_EXT_nonuniform_qualifier");
                format!("{name}[]")
            }
        });
        let member_name = |w: &mut Self, what: &str| {
            if array.is_some() {
                w.buffer_members.insert(h.index(), what.to_string());
                what.to_string()
            } else {
                name.to_string()
            }
        };
        let instance = instance.as_deref();
        use ResourceKind::*;
        match kind {
            StructuredBuffer | RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                let members = [Member {
                    ty: Type::Array(Box::new(elem), None),
                    name: member_name(self, "elements"),
                    majorness: g.majorness,
                    packoffset: None,
                }];
                let access = match (*kind == StructuredBuffer, g.coherent) {
                    (true, _) => "readonly buffer",
                    (false, true) => "coherent buffer",
                    (false, false) => "buffer",
                };
                self.block(out, access, &block, binding, &members, rule, g.span, instance);
                if let Some(c) = Binding::of(&self.bindings, Slot::Counter(h)).map(|b| (b.set, b.binding)) {
                    let counter = self.namer.name(&format!("{}_counter", g.name));
                    let members =
                        [Member { ty: Type::INT, name: counter.clone(), majorness: g.majorness, packoffset: None }];
                    let block = format!("{}_counter_block", g.name);
                    // An array's counters: an array of counter blocks as long, `c[k].count`.
                    let counters = instance.map(|i| i.replacen(name, &counter, 1));
                    let members = match counters {
                        Some(_) => [Member { ty: Type::INT, name: "count".into(), ..members[0].clone() }],
                        None => members,
                    };
                    self.block(out, "buffer", &block, Some(c), &members, rule, g.span, counters.as_deref());
                    self.counter_names.insert(h.index(), counter);
                }
            }
            ByteAddressBuffer | RWByteAddressBuffer => {
                let members = [Member {
                    ty: Type::Array(Box::new(Type::UINT), None),
                    name: member_name(self, "words"),
                    majorness: g.majorness,
                    packoffset: None,
                }];
                let access = match (*kind == ByteAddressBuffer, g.coherent) {
                    (true, _) => "readonly buffer",
                    (false, true) => "coherent buffer",
                    (false, false) => "buffer",
                };
                self.block(out, access, &block, binding, &members, rule, g.span, instance);
                // The atomics on 64-bit or float values see the same memory as arrays of them
                // (an array of buffers: an array of such views as long, `view[k].values`).
                for elem in wide_atomic_elements(self.module, h) {
                    let view = self.namer.name(&format!("{name}_{}", elem.hlsl_name()));
                    let members = [Member {
                        ty: Type::Array(Box::new(Type::Scalar(elem)), None),
                        name: if array.is_some() { "values".into() } else { view.clone() },
                        majorness: g.majorness,
                        packoffset: None,
                    }];
                    let block = format!("{}_{}_block", g.name, elem.hlsl_name());
                    let views = instance.map(|i| i.replacen(name, &view, 1));
                    self.block(out, access, &block, binding, &members, rule, g.span, views.as_deref());
                    self.byte_views.insert((h.index(), elem), view);
                }
            }
            ConstantBuffer => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                let member = member_name(self, "value");
                let members = [Member { ty: elem, name: member, majorness: g.majorness, packoffset: None }];
                let rule = self.module.uniform_rule(g);
                self.block(out, "uniform", &block, binding, &members, rule, g.span, instance);
            }
            _ => self.texture_global(out, h, g, name),
        }
    }

    /// The uniform blocks (`cbuffer`s and `$Globals`) and the push constants that no GLSL block
    /// layout can declare as `--layout` places them: [`crate::lower::uniform_words`] reads them
    /// as words.
    pub(super) fn blocks_read_as_words(mut self) -> Vec<UniformBlock> {
        let module = self.module;
        let mut blocks: Vec<UniformBlock> = Vec::new();
        let mut seen: Vec<&AddressSpace> = Vec::new();
        for (h, g) in module.globals.iter() {
            let (block, members, rule) = match (&g.space, &g.ty) {
                (AddressSpace::Resource, Type::Resource(ResourceKind::ConstantBuffer, Some(elem))) => {
                    let member =
                        Member { ty: (**elem).clone(), name: g.name.clone(), majorness: g.majorness, packoffset: None };
                    (UniformBlock::ConstantBuffer(h), vec![member], module.uniform_rule(g))
                }
                // `cbuffer`s and `$Globals`, and the push constants.
                (AddressSpace::Uniform { .. } | AddressSpace::PushConstant, _) if !seen.contains(&&g.space) => {
                    seen.push(&g.space);
                    let members: Vec<Member> = module
                        .globals
                        .iter()
                        .filter(|(_, o)| o.space == g.space)
                        .map(|(_, o)| Member {
                            ty: o.ty.clone(),
                            name: o.name.clone(),
                            majorness: o.majorness,
                            packoffset: o.packoffset,
                        })
                        .collect();
                    (UniformBlock::Members(g.space.clone()), members, module.block_rule(&g.space))
                }
                _ => continue,
            };
            let uniform = g.space != AddressSpace::PushConstant;
            let integer_by_columns =
                members.iter().any(|m| module.stores_integer_matrix_by_columns(&m.ty, m.majorness));
            if integer_by_columns || self.block_layout(&members, rule, uniform, g.span).is_none() {
                blocks.push(block);
            }
        }
        blocks
    }

    #[allow(clippy::too_many_arguments)]
    fn block(
        &mut self,
        out: &mut String,
        storage: &str,
        block: &str,
        binding: Option<(u32, u32)>,
        members: &[Member],
        rule: Rule,
        span: Span,
        instance: Option<&str>,
    ) {
        let push = storage == "push_constant";
        if let Some(m) = members.iter().find(|m| self.module.stores_integer_matrix_by_columns(&m.ty, m.majorness)) {
            self.diags.push(
                Diagnostic::error(
                    "E0622",
                    format!(
                        "`{}` stores an integer or bool matrix column by column, which a GLSL block cannot describe",
                        m.name
                    ),
                )
                .with_label(span, "declared here")
                .with_note("GLSL has float matrices only and writes the others as arrays of their rows; declare the matrix `row_major`"),
            );
            return;
        }
        let Some(layout) = self.block_layout(members, rule, !push && storage == "uniform", span) else {
            return;
        };
        if layout.qualifier == "scalar" {
            self.extensions.insert("GL_EXT_scalar_block_layout");
        }
        let mut qualifiers = vec![layout.qualifier.to_string()];
        qualifiers.extend(layout.majorness.map(String::from));
        if push {
            qualifiers.push("push_constant".into());
        }
        if let Some((set, b)) = binding {
            qualifiers.push(format!("set = {set}"));
            qualifiers.push(format!("binding = {b}"));
        }
        let keyword = if push { "uniform" } else { storage };
        let block_name = self.namer.name(block);
        let _ = writeln!(out, "layout({}) {keyword} {block_name} {{", qualifiers.join(", "));
        for (m, offset) in members.iter().zip(&layout.offsets) {
            let d = self.decl(&m.ty, &m.name, span);
            match offset {
                Some(o) => {
                    let _ = writeln!(out, "    layout(offset = {o}) {d};");
                }
                None => {
                    let _ = writeln!(out, "    {d};");
                }
            }
        }
        match instance {
            Some(i) => {
                let _ = writeln!(out, "}} {i};");
            }
            None => out.push_str("};\n"),
        }
    }

    /// The first GLSL layout that places every byte of the block where `rule` does: GLSL's
    /// std140/std430, then scalar, each with explicit offsets on the block's own members where
    /// needed (nested structs and arrays must agree by themselves, as GLSL allows offsets on
    /// block members only).
    fn block_layout(&mut self, members: &[Member], rule: Rule, uniform: bool, span: Span) -> Option<BlockLayout> {
        let m = self.module;
        let majorness = self.block_majorness(members, span)?;
        let wanted = layout::member_offsets(m, members.iter().map(|x| (&x.ty, x.majorness, x.packoffset)), rule);
        // A storage block may be std140 too (a buffer's own `Std140DataLayout`).
        let candidates: &[(Rule, &str)] = if uniform {
            &[(Rule::Std140, "std140"), (Rule::Scalar, "scalar")]
        } else {
            &[(Rule::Std430, "std430"), (Rule::Std140, "std140"), (Rule::Scalar, "scalar")]
        };
        for &(candidate, qualifier) in candidates {
            let own = layout::member_offsets(m, members.iter().map(|x| (&x.ty, x.majorness, None)), candidate);
            let mut offsets = Vec::new();
            let mut fits = true;
            let mut end = 0;
            for ((x, &want), &at) in members.iter().zip(&wanted).zip(&own) {
                if !same_bytes(m, &x.ty, x.majorness, rule, candidate) {
                    fits = false;
                    break;
                }
                let p = layout::placement(m, &x.ty, candidate, x.majorness);
                if want == at && want >= end {
                    offsets.push(None);
                } else if want % p.align == 0 && want >= end {
                    offsets.push(Some(want));
                } else {
                    fits = false;
                    break;
                }
                end = want + p.size;
            }
            if fits {
                // Once one member has an explicit offset, GLSL places the next ones after it by
                // its own rule: they get theirs too when the rules differ there.
                return Some(BlockLayout { qualifier, offsets: explicit_after_first(offsets, &wanted), majorness });
            }
        }
        self.diags.push(
            Diagnostic::error(
                "E0622",
                format!("this buffer's layout ({}) cannot be written as a GLSL block", rule.name()),
            )
            .with_label(span, "declared here")
            .with_note(
                "a nested struct or array is placed differently by GLSL's std140/std430 and scalar layouts; \
                 `--layout gl` or `--layout scalar` compiles it",
            ),
        );
        None
    }

    /// The one majorness every matrix in the block has, as GLSL's qualifier of the transposed
    /// matrix; E0622 when they differ (GLSL takes a layout qualifier per block member only).
    fn block_majorness(&mut self, members: &[Member], span: Span) -> Option<Option<&'static str>> {
        let mut found = Vec::new();
        for x in members {
            matrices(self.module, &x.ty, x.majorness, &mut found);
        }
        found.sort();
        found.dedup();
        match found.as_slice() {
            [] => Some(None),
            [Majorness::Column] => Some(Some("row_major")),
            [Majorness::Row] => Some(Some("column_major")),
            _ => {
                self.diags.push(
                    Diagnostic::error("E0622", "this buffer mixes row-major and column-major matrices")
                        .with_label(span, "declared here")
                        .with_note("GLSL output gives every matrix of a block one majorness"),
                );
                None
            }
        }
    }
}

/// The majorness of every matrix `ty` holds.
fn matrices(m: &Module, ty: &Type, majorness: Majorness, out: &mut Vec<Majorness>) {
    match ty {
        // Integer and bool matrices are arrays of rows, which no qualifier affects.
        Type::Matrix(s, ..) if !s.is_float() => {}
        Type::Matrix(..) => out.push(majorness),
        Type::Array(e, _) => matrices(m, e, majorness, out),
        Type::Struct(h) => {
            for f in &m.structs[*h].fields {
                matrices(m, &f.ty, f.majorness, out);
            }
        }
        _ => {}
    }
}

/// Whether every scalar of `ty` (and the stride of a runtime array's elements) sits at the
/// same offset under both rules.
fn same_bytes(m: &Module, ty: &Type, majorness: Majorness, a: Rule, b: Rule) -> bool {
    if let Type::Array(e, None) = ty {
        return layout::array_stride(m, e, a, majorness) == layout::array_stride(m, e, b, majorness)
            && same_bytes(m, e, majorness, a, b);
    }
    let (mut x, mut y) = (Vec::new(), Vec::new());
    layout::components(m, ty, a, majorness, 0, &mut x);
    layout::components(m, ty, b, majorness, 0, &mut y);
    x == y
}

fn explicit_after_first(offsets: Vec<Option<u32>>, wanted: &[u32]) -> Vec<Option<u32>> {
    let mut seen = false;
    offsets
        .into_iter()
        .zip(wanted)
        .map(|(o, &w)| {
            seen |= o.is_some();
            if seen {
                Some(w)
            } else {
                None
            }
        })
        .collect()
}

/// The element types of the atomics on 64-bit or float values that some function makes on
/// byte-address buffer `h` (or on an element of `h`, an array of them), each once.
fn wide_atomic_elements(module: &crate::ir::Module, h: GlobalId) -> Vec<Scalar> {
    let mut out = Vec::new();
    for (_, f) in module.functions.iter() {
        for (_, e) in f.exprs.iter() {
            let ExprKind::Method { object, method: ResourceMethod::Interlocked(_), args } = &e.kind else { continue };
            // The buffer, or an element of the array of them.
            let buffer = match f.exprs[*object].kind {
                ExprKind::Index { base, .. } => base,
                _ => *object,
            };
            if !matches!(f.exprs[buffer].kind, ExprKind::Global(g) if g == h) {
                continue;
            }
            let elem = args.get(1).and_then(|a| f.exprs[*a].ty.scalar());
            if let Some(s) = elem.filter(|s| s.is_float() || s.bits() == 64) {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// Whether a resource of `kind` is a GLSL buffer or uniform block.
pub(super) fn is_buffer_kind(kind: ResourceKind) -> bool {
    use ResourceKind::*;
    matches!(
        kind,
        StructuredBuffer
            | RWStructuredBuffer
            | AppendStructuredBuffer
            | ConsumeStructuredBuffer
            | ByteAddressBuffer
            | RWByteAddressBuffer
            | ConstantBuffer
    )
}
