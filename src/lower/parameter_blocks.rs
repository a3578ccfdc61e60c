//! Slang's `ParameterBlock<T>`: a descriptor set of its own, holding `T`'s uniform data in a
//! constant buffer and each of `T`'s resources beside it, as Slang lays it out:
//!
//! - Each block takes the next set, after set 0 when anything else is bound there (the
//!   globals outside blocks keep set 0), in declaration order; `[[vk::binding(b, s)]]` on the
//!   block names its set (and first binding) instead.
//! - In its set, the constant buffer of `T`'s data fields takes binding 0 when `T` has any
//!   (none is declared otherwise), then each resource field the next binding, in field order;
//!   a field that is a struct of resources (a `Sampler2D`) is a resource per field, a combined
//!   texture-sampler's texture and sampler at one binding.
//! - A block nested in a block is split in turn where it is met, so sets follow the fields
//!   depth first: a `ParameterBlock<U>` field takes the next set (the outer block's nested
//!   blocks before the next block's), a `ConstantBuffer<U>` field holding resources the next
//!   bindings of the outer block's set. A block with nothing of its own to bind takes no set.
//! - HLSL has no parameter blocks: the parts are globals in register space `set`, each class
//!   (`b`, `t`, `u`, `s`) counted from 0, with the `[[vk::binding]]` above.
//!
//! - A `ConstantBuffer<T>` whose `T` holds resources is split the same way in set 0: its
//!   resources take the bindings right after the buffer's, in field order, as Slang moves them.
//!
//! Runs on sema's module, before every target (HLSL included), so each target, the engines
//! and reflection see ordinary globals: `block.data` reads the constant buffer, `block.tex`
//! the texture's own global (`block_tex`).

use super::resource_values::is_resource;
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::{
    AddressSpace, BlockPart, ExprKind, Field, Global, GlobalId, Module, Register, ResourceKind, SplitBlock, StructDef,
    Type,
};

/// What a field of a split block became: the constant buffer's field of this index, a
/// global of its own, or, for a struct of resources (a `Sampler2D`), a global per field.
#[derive(Clone)]
enum Part {
    Data(u32),
    Resource(GlobalId),
    Resources(Vec<GlobalId>),
    Block { global: GlobalId, index: Option<usize> },
}

/// The struct a `ConstantBuffer<T>`/`ParameterBlock<T>` global holds, if it is one.
fn block_struct(g: &Global) -> Option<crate::ir::StructId> {
    match &g.ty {
        Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) => match **inner {
            Type::Struct(s) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// Where a block places its parts: the next binding of a descriptor set (and, for HLSL, the
/// next register of each class in that space), shared with the blocks nested in it that do not
/// take a set of their own.
struct Cursor {
    set: u32,
    binding: u32,
    counts: HashMap<char, u32>,
}

impl Cursor {
    fn new(set: u32, binding: u32) -> Self {
        Cursor { set, binding, counts: HashMap::default() }
    }

    fn register(&mut self, class: char) -> Register {
        let n = self.counts.entry(class).or_insert(0);
        *n += 1;
        Register { class, index: Some(*n - 1), space: self.set }
    }
}

/// The state of one run: the next free set, and what each field of each split block became.
struct Splitter {
    next_set: u32,
    parts: HashMap<(GlobalId, u32), Part>,
    /// Every block split, nested ones included, in the order they were placed.
    split: Vec<GlobalId>,
    /// The fields that held a nested block, now of its struct's type (what a method's `this`
    /// holds there).
    retyped: HashMap<(crate::ir::StructId, u32), Type>,
    errors: Vec<Diagnostic>,
}

/// Splits every parameter block of `module` into its parts and places them (module docs).
pub fn parameter_blocks(module: &mut Module) -> Vec<Diagnostic> {
    let holds_resources =
        |module: &Module, s: crate::ir::StructId| super::resource_structs::holds_resources(module, &Type::Struct(s));
    let blocks: Vec<GlobalId> = module.globals.iter().filter(|(_, g)| g.parameter_block).map(|(h, _)| h).collect();
    // A `ConstantBuffer<T>` whose `T` holds resources is split the same way, in set 0: its parts
    // keep the buffer's place in declaration order (they share its span), as Slang binds them.
    let buffers: Vec<GlobalId> = module
        .globals
        .iter()
        .filter(|(_, g)| !g.parameter_block && block_struct(g).is_some_and(|s| holds_resources(module, s)))
        .map(|(h, _)| h)
        .collect();
    if blocks.is_empty() && buffers.is_empty() {
        return Vec::new();
    }
    // Set 0 belongs to the globals outside blocks, if there are any.
    let others = !module.cbuffers.is_empty()
        || module.globals.iter().any(|(h, g)| {
            !blocks.contains(&h) && matches!(g.space, AddressSpace::Resource | AddressSpace::Uniform { .. })
        });
    let mut splitter = Splitter {
        next_set: others as u32,
        parts: HashMap::default(),
        split: Vec::new(),
        retyped: HashMap::default(),
        errors: Vec::new(),
    };
    for &h in &blocks {
        let mut cursor = match module.globals[h].vk_binding {
            Some((binding, set)) => Cursor::new(set, binding),
            None => splitter.own_set(module, &module.globals[h]),
        };
        splitter.split_block(module, h, Some(&mut cursor));
    }
    for &h in &buffers {
        splitter.split_block(module, h, None);
    }
    let Splitter { parts, split, mut errors, retyped, .. } = splitter;
    // Reads of the blocks' fields read the parts.
    // The blocks that hold data are still their constant buffers; those without became a resource.
    let data_types: HashMap<GlobalId, Type> = split
        .iter()
        .filter(|&&h| matches!(module.globals[h].ty, Type::Resource(ResourceKind::ConstantBuffer, _)))
        .map(|&h| (h, module.globals[h].ty.clone()))
        .collect();
    let nested: HashMap<GlobalId, (crate::ir::StructId, Vec<Type>)> = parts
        .values()
        .filter_map(|p| match p {
            Part::Block { global, index: Some(i) } => {
                let s = module.split_blocks[*i].ty;
                Some((*global, (s, module.structs[s].fields.iter().map(|f| f.ty.clone()).collect())))
            }
            _ => None,
        })
        .collect();
    let reads = Reads {
        parts,
        data_types,
        globals_ty: module.globals.iter().map(|(h, g)| (h, g.ty.clone())).collect(),
        nested,
        retyped,
    };
    for (_, f) in module.functions.iter_mut() {
        let ids: Vec<_> = f.exprs.iter().map(|(e, _)| e).collect();
        let bases: std::collections::HashSet<crate::ir::ExprId> = f
            .exprs
            .iter()
            .filter_map(|(_, x)| match x.kind {
                ExprKind::Field { base, .. } => Some(base),
                _ => None,
            })
            .collect();
        let mut changed = false;
        let mut done = std::collections::HashSet::new();
        for e in ids {
            // The reads below `e` first: `scene.material.data` reads the nested block's part
            // once `scene.material` reads the nested block's global.
            let mut chain = vec![e];
            while let ExprKind::Field { base, .. } = f.exprs[chain[chain.len() - 1]].kind {
                if !matches!(f.exprs[base].kind, ExprKind::Field { .. }) {
                    break;
                }
                chain.push(base);
            }
            for x in chain.into_iter().rev() {
                if done.insert(x) {
                    reads.retype(f, x);
                    changed |= reads.read_part(f, x, bases.contains(&x));
                }
            }
        }
        // A field of a struct of resources read where it is built (`gMat.albedo.texture`):
        // the resource itself.
        for e in f.exprs.iter().map(|(e, _)| e).collect::<Vec<_>>() {
            let ExprKind::Field { base, index } = f.exprs[e].kind else { continue };
            let ExprKind::Construct(parts) = &f.exprs[base].kind else { continue };
            let Some(&part) = parts.get(index as usize) else { continue };
            if matches!(f.exprs[part].kind, ExprKind::Global(_)) {
                f.exprs[e].kind = f.exprs[part].kind.clone();
                changed = true;
            }
        }
        // A block read whole (copied, passed) has no single value any more.
        let bases: std::collections::HashSet<crate::ir::ExprId> = f
            .live_expr_iter()
            .filter_map(|(_, x)| match x.kind {
                ExprKind::Field { base, .. } => Some(base),
                _ => None,
            })
            .collect();
        for (id, e) in f.live_expr_iter() {
            if matches!(e.kind, ExprKind::Global(g) if reads.data_types.contains_key(&g)) && !bases.contains(&id) {
                errors.push(
                    Diagnostic::error("E0517", "a parameter block used as a whole value: read its fields")
                        .with_label(e.span, "here"),
                );
            }
        }
        if changed {
            f.uses = f.gather_uses();
        }
    }
    errors
}

/// What the reads of split blocks' fields become.
struct Reads {
    parts: HashMap<(GlobalId, u32), Part>,
    /// The constant buffer types of the blocks that kept one.
    data_types: HashMap<GlobalId, Type>,
    globals_ty: HashMap<GlobalId, Type>,
    /// The struct of each nested block and its fields' types, by the block's global.
    nested: HashMap<GlobalId, (crate::ir::StructId, Vec<Type>)>,
    /// The fields of structs that held a nested block and now hold its struct's value.
    retyped: HashMap<(crate::ir::StructId, u32), Type>,
}

impl Reads {
    fn global_ty(&self, g: GlobalId) -> Type {
        self.globals_ty.get(&g).cloned().unwrap_or(Type::Error)
    }

    /// A field read of a struct whose field held a nested block has that block's struct type.
    fn retype(&self, f: &mut crate::ir::Function, e: crate::ir::ExprId) {
        let ExprKind::Field { base, index } = f.exprs[e].kind else { return };
        let Type::Struct(s) = f.exprs[base].ty else { return };
        if let Some(ty) = self.retyped.get(&(s, index)) {
            f.exprs[e].ty = ty.clone();
        }
    }

    /// Rewrites `e`, if it reads a field of a split block, to read the part the field became
    /// (`read_from`: a field of it is read in turn); says whether it did.
    fn read_part(&self, f: &mut crate::ir::Function, e: crate::ir::ExprId, read_from: bool) -> bool {
        let ExprKind::Field { base, index } = f.exprs[e].kind else { return false };
        let ExprKind::Global(g) = f.exprs[base].kind else { return false };
        match self.parts.get(&(g, index)) {
            Some(Part::Data(i)) => {
                f.exprs[e].kind = ExprKind::Field { base, index: *i };
                f.exprs[base].ty = self.data_types[&g].clone();
            }
            Some(Part::Resource(r)) => f.exprs[e].kind = ExprKind::Global(*r),
            Some(Part::Block { global, .. }) if read_from => {
                f.exprs[e].kind = ExprKind::Global(*global);
                f.exprs[e].ty = self.global_ty(*global);
            }
            Some(Part::Block { global, .. }) => {
                // A nested block read whole (the `this` of a method called on its parent) is
                // the value of its struct, built from its parts.
                let span = f.exprs[e].span;
                f.exprs[e].kind = self.block_value(f, *global, span);
                if let Some((s, _)) = self.nested.get(global) {
                    f.exprs[e].ty = Type::Struct(*s);
                }
            }
            Some(Part::Resources(leaves)) => {
                // The struct built from its fields' globals, as a global one reads.
                let span = f.exprs[e].span;
                let reads = leaves
                    .iter()
                    .map(|&r| {
                        f.exprs.append(crate::ir::Expr { kind: ExprKind::Global(r), ty: self.global_ty(r), span })
                    })
                    .collect();
                f.exprs[e].kind = ExprKind::Construct(reads);
            }
            None => return false,
        }
        true
    }

    /// The value of nested block `g`'s struct, each field read from the part it became.
    fn block_value(&self, f: &mut crate::ir::Function, g: GlobalId, span: crate::span::Span) -> ExprKind {
        let fields = self.nested.get(&g).map(|(_, fields)| fields.clone()).unwrap_or_default();
        let mut values = Vec::with_capacity(fields.len());
        for (j, ty) in fields.into_iter().enumerate() {
            let kind = match self.parts.get(&(g, j as u32)) {
                Some(Part::Data(i)) => {
                    let ty = self.data_types.get(&g).cloned().unwrap_or(Type::Error);
                    let base = f.exprs.append(crate::ir::Expr { kind: ExprKind::Global(g), ty, span });
                    ExprKind::Field { base, index: *i }
                }
                Some(Part::Resource(r)) => ExprKind::Global(*r),
                Some(Part::Resources(leaves)) => ExprKind::Construct(
                    leaves
                        .iter()
                        .map(|&r| {
                            f.exprs.append(crate::ir::Expr { kind: ExprKind::Global(r), ty: self.global_ty(r), span })
                        })
                        .collect(),
                ),
                Some(Part::Block { global, .. }) => self.block_value(f, *global, span),
                // A field that could not be placed was reported where the block was split.
                None => continue,
            };
            values.push(f.exprs.append(crate::ir::Expr { kind, ty, span }));
        }
        ExprKind::Construct(values)
    }
}

impl Splitter {
    /// The next set, for block `g`; a block with nothing of its own to bind (no data, no
    /// resource, only blocks nested in it, or nothing at all) takes none, as in Slang: its
    /// cursor places nothing.
    fn own_set(&mut self, module: &Module, g: &Global) -> Cursor {
        let Some(s) = block_struct(g) else { return Cursor::new(self.next_set, 0) };
        let nothing_of_its_own =
            (0..module.structs[s].fields.len() as u32).all(|i| module.parameter_block_fields.contains(&(s, i)));
        if nothing_of_its_own {
            return Cursor::new(self.next_set, 0);
        }
        self.next_set += 1;
        Cursor::new(self.next_set - 1, 0)
    }

    /// Splits block `h` into its parts: placed at `cursor`, or, for a `ConstantBuffer<T>` outside
    /// any block (no cursor), left to set 0's automatic bindings. A block nested in it is split
    /// where it is met, so sets and bindings follow the fields' order depth first, as Slang's.
    /// Returns the index of its `SplitBlock` in the module.
    fn split_block(&mut self, module: &mut Module, h: GlobalId, mut cursor: Option<&mut Cursor>) -> Option<usize> {
        let Some(s) = block_struct(&module.globals[h]) else {
            let g = &module.globals[h];
            self.errors.push(
                Diagnostic::error("E0517", format!("`{}`: a `ParameterBlock<T>` needs a struct `T`", g.name))
                    .with_label(g.span, "here"),
            );
            return None;
        };
        self.split.push(h);
        let def = module.structs[s].clone();
        let block_name = module.globals[h].name.clone();
        let span = module.globals[h].span;
        let mut data: Vec<Field> = Vec::new();
        let mut resources: Vec<(u32, Field)> = Vec::new();
        for (i, f) in def.fields.iter().enumerate() {
            if is_resource(&f.ty) || module.resource_fields(&f.ty).is_some() {
                resources.push((i as u32, f.clone()));
            } else if super::resource_structs::holds_resources(module, &f.ty) {
                self.errors.push(
                    Diagnostic::error(
                        "E0517",
                        format!("`{block_name}.{}`: a struct that holds resources inside a parameter block", f.name),
                    )
                    .with_label(f.span, "here")
                    .with_note("declare its resources as fields of the block's struct itself"),
                );
            } else {
                self.parts.insert((h, i as u32), Part::Data(data.len() as u32));
                data.push(f.clone());
            }
        }
        let mut resources = resources.into_iter().peekable();
        if data.is_empty() {
            // No uniform data, so no constant buffer: the block's global becomes its first
            // resource (a block of nothing, an unused empty struct).
            let first = resources.next_if(|(i, f)| is_resource(&f.ty) && self.nested(module, s, *i, &f.ty).is_none());
            let g = &mut module.globals[h];
            g.parameter_block = false;
            match first {
                Some((i, f)) => {
                    g.name = format!("{block_name}_{}", f.name);
                    g.ty = f.ty.clone();
                    g.majorness = f.majorness;
                    match cursor.as_deref_mut() {
                        Some(c) => {
                            g.vk_binding = Some((c.binding, c.set));
                            g.register = Some(c.register(f.ty.register_class()));
                            c.binding += 1;
                        }
                        None => {
                            if let Some(r) = &mut g.register {
                                r.class = f.ty.register_class();
                            }
                        }
                    }
                    self.parts.insert((h, i), Part::Resource(h));
                }
                None => {
                    // The block's first field is a struct of resources or a block, or it has no
                    // field: its global holds nothing of its own.
                    let ty = if resources.peek().is_some() {
                        Type::Struct(s)
                    } else {
                        let empty = module.structs.append(StructDef {
                            name: format!("{}_data", def.name),
                            fields: Vec::new(),
                            span: def.span,
                        });
                        Type::Struct(empty)
                    };
                    let g = &mut module.globals[h];
                    g.space = AddressSpace::Private;
                    g.ty = ty;
                    g.vk_binding = None;
                    g.register = None;
                }
            }
        } else {
            let data_struct =
                module.structs.append(StructDef { name: format!("{}_data", def.name), fields: data, span: def.span });
            let g = &mut module.globals[h];
            g.ty = Type::Resource(ResourceKind::ConstantBuffer, Some(Box::new(Type::Struct(data_struct))));
            if let Some(c) = cursor.as_deref_mut() {
                g.vk_binding = Some((c.binding, c.set));
                g.register = Some(c.register('b'));
                c.binding += 1;
            }
        }
        for (i, f) in resources {
            if let Some(own_set) = self.nested(module, s, i, &f.ty) {
                // A block in the block: a global of its own, split in turn, in a set of its own
                // (a `ParameterBlock<T>` field) or at the next bindings of this one.
                let mut nested =
                    Global::new(format!("{block_name}_{}", f.name), f.ty.clone(), AddressSpace::Resource, span);
                nested.parameter_block = own_set;
                nested.majorness = f.majorness;
                let id = module.globals.append(nested);
                let index = match (own_set, cursor.as_deref_mut()) {
                    (true, _) => {
                        let mut own = self.own_set(module, &module.globals[id]);
                        self.split_block(module, id, Some(&mut own))
                    }
                    (false, c) => self.split_block(module, id, c),
                };
                if let Some(at) = index {
                    let ty = Type::Struct(module.split_blocks[at].ty);
                    module.structs[s].fields[i as usize].ty = ty.clone();
                    self.retyped.insert((s, i), ty);
                }
                self.parts.insert((h, i), Part::Block { global: id, index });
                continue;
            }
            if let Some(leaves) = module.resource_fields(&f.ty).map(<[Field]>::to_vec) {
                // A struct of resources: a global per field, `block_field_leaf`; a combined
                // texture-sampler's two at one binding (its texture's name `block_field`).
                let combined = matches!(f.ty, Type::Struct(st) if module.combined_samplers.contains(&st));
                let mut ids: Vec<GlobalId> = Vec::new();
                for (k, leaf) in leaves.iter().enumerate() {
                    let name = match (combined, k) {
                        (true, 0) => format!("{block_name}_{}", f.name),
                        _ => format!("{block_name}_{}_{}", f.name, leaf.name),
                    };
                    let mut part = Global::new(name, leaf.ty.clone(), AddressSpace::Resource, span);
                    part.shares_binding = if combined { ids.first().copied() } else { None };
                    if let Some(c) = cursor.as_deref_mut() {
                        let b = if part.shares_binding.is_some() { c.binding - 1 } else { c.binding };
                        part.vk_binding = Some((b, c.set));
                        part.register = Some(c.register(leaf.ty.register_class()));
                        if part.shares_binding.is_none() {
                            c.binding += 1;
                        }
                    }
                    ids.push(module.globals.append(part));
                }
                self.parts.insert((h, i), Part::Resources(ids));
                continue;
            }
            let mut part = Global::new(format!("{block_name}_{}", f.name), f.ty.clone(), AddressSpace::Resource, span);
            if let Some(c) = cursor.as_deref_mut() {
                part.vk_binding = Some((c.binding, c.set));
                part.register = Some(c.register(f.ty.register_class()));
                c.binding += 1;
            }
            part.majorness = f.majorness;
            let id = module.globals.append(part);
            self.parts.insert((h, i), Part::Resource(id));
        }
        let placed = (0..def.fields.len() as u32)
            .map(|i| {
                self.parts.get(&(h, i)).and_then(|p| match p {
                    Part::Data(index) => Some(BlockPart::Data { global: h, index: *index }),
                    Part::Resource(g) => Some(BlockPart::Resource(*g)),
                    Part::Block { index, .. } => index.map(BlockPart::Block),
                    // A combined texture-sampler is its texture's binding, which one
                    // `TextureSampler2D(…)` input fills; another struct of resources would be a
                    // value of its own, which no input gives yet.
                    Part::Resources(leaves) => match leaves.as_slice() {
                        [texture, sampler] if module.globals[*sampler].shares_binding == Some(*texture) => {
                            Some(BlockPart::Resource(*texture))
                        }
                        _ => None,
                    },
                })
            })
            .collect();
        module.split_blocks.push(SplitBlock { name: block_name, ty: s, parts: placed });
        Some(module.split_blocks.len() - 1)
    }

    /// Whether field `i` of struct `s` (of type `ty`) is a block split in turn: `Some(true)`
    /// for a `ParameterBlock<T>` (a set of its own), `Some(false)` for a `ConstantBuffer<T>`
    /// whose `T` holds resources.
    fn nested(&self, module: &Module, s: crate::ir::StructId, i: u32, ty: &Type) -> Option<bool> {
        let Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) = ty else { return None };
        if module.parameter_block_fields.contains(&(s, i)) {
            Some(true)
        } else if super::resource_structs::holds_resources(module, inner) {
            Some(false)
        } else {
            None
        }
    }
}
