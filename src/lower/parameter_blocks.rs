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

/// Splits every parameter block of `module` into its parts and places them (module docs).
pub fn parameter_blocks(module: &mut Module) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
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
        return errors;
    }
    // Set 0 belongs to the globals outside blocks, if there are any.
    let others = !module.cbuffers.is_empty()
        || module.globals.iter().any(|(h, g)| {
            !blocks.contains(&h) && matches!(g.space, AddressSpace::Resource | AddressSpace::Uniform { .. })
        });
    let mut next_set = others as u32;
    let mut parts: HashMap<(GlobalId, u32), Part> = HashMap::default();
    let split: Vec<GlobalId> = blocks.iter().chain(&buffers).copied().collect();
    for &h in &split {
        // A block has its own set and places its parts; a buffer's parts take the next free
        // bindings of set 0 after it.
        let own_set = module.globals[h].parameter_block;
        let Some(s) = block_struct(&module.globals[h]) else {
            let g = &module.globals[h];
            errors.push(
                Diagnostic::error("E0517", format!("`{}`: a `ParameterBlock<T>` needs a struct `T`", g.name))
                    .with_label(g.span, "here"),
            );
            continue;
        };
        let (set, first) = match (own_set, module.globals[h].vk_binding) {
            (false, _) => (0, 0),
            (true, Some((binding, set))) => (set, binding),
            (true, None) => {
                next_set += 1;
                (next_set - 1, 0)
            }
        };
        let def = module.structs[s].clone();
        let block_name = module.globals[h].name.clone();
        let span = module.globals[h].span;
        let mut data: Vec<Field> = Vec::new();
        let mut resources: Vec<(u32, Field)> = Vec::new();
        for (i, f) in def.fields.iter().enumerate() {
            let nested = match &f.ty {
                Type::Resource(ResourceKind::ConstantBuffer, Some(inner)) => {
                    super::resource_structs::holds_resources(module, inner)
                }
                _ => false,
            };
            if nested {
                errors.push(
                    Diagnostic::error(
                        "E0517",
                        format!(
                            "`{block_name}.{}`: a parameter block or constant buffer holding resources inside a \
                             parameter block is not supported",
                            f.name
                        ),
                    )
                    .with_label(f.span, "here")
                    .with_note("declare its fields in the outer block's struct, or make it a block of its own"),
                );
            } else if is_resource(&f.ty) || module.resource_fields(&f.ty).is_some() {
                resources.push((i as u32, f.clone()));
            } else if super::resource_structs::holds_resources(module, &f.ty) {
                errors.push(
                    Diagnostic::error(
                        "E0517",
                        format!("`{block_name}.{}`: a struct that holds resources inside a parameter block", f.name),
                    )
                    .with_label(f.span, "here")
                    .with_note("declare its resources as fields of the block's struct itself"),
                );
            } else {
                parts.insert((h, i as u32), Part::Data(data.len() as u32));
                data.push(f.clone());
            }
        }
        let mut binding = first;
        let mut counts: HashMap<char, u32> = HashMap::default();
        let mut register = |class: char| {
            let n = counts.entry(class).or_insert(0);
            *n += 1;
            Register { class, index: *n - 1, space: set }
        };
        let mut resources = resources.into_iter().peekable();
        if data.is_empty() {
            // No uniform data, so no constant buffer: the block's global becomes its first
            // resource (a block of nothing, an unused empty struct).
            let g = &mut module.globals[h];
            g.parameter_block = false;
            match resources.next_if(|(_, f)| is_resource(&f.ty)) {
                Some((i, f)) => {
                    g.name = format!("{block_name}_{}", f.name);
                    g.ty = f.ty.clone();
                    g.majorness = f.majorness;
                    if own_set {
                        g.vk_binding = Some((binding, set));
                        g.register = Some(register(f.ty.register_class()));
                    } else if let Some(r) = &mut g.register {
                        r.class = f.ty.register_class();
                    }
                    binding += 1;
                    parts.insert((h, i), Part::Resource(h));
                }
                None if resources.peek().is_some() => {
                    // The block's first field is a struct of resources: the block's global holds
                    // nothing of its own.
                    g.space = AddressSpace::Private;
                    g.ty = Type::Struct(s);
                    g.vk_binding = None;
                    g.register = None;
                }
                None => {
                    let empty = module.structs.append(StructDef {
                        name: format!("{}_data", def.name),
                        fields: Vec::new(),
                        span: def.span,
                    });
                    g.space = AddressSpace::Private;
                    g.ty = Type::Struct(empty);
                    g.vk_binding = None;
                }
            }
        } else {
            let data_struct =
                module.structs.append(StructDef { name: format!("{}_data", def.name), fields: data, span: def.span });
            let g = &mut module.globals[h];
            g.ty = Type::Resource(ResourceKind::ConstantBuffer, Some(Box::new(Type::Struct(data_struct))));
            if own_set {
                g.vk_binding = Some((binding, set));
                g.register = Some(register('b'));
            }
            binding += 1;
        }
        for (i, f) in resources {
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
                    if own_set {
                        let b = if combined && k > 0 { binding - 1 } else { binding };
                        part.vk_binding = Some((b, set));
                        part.register = Some(register(leaf.ty.register_class()));
                    }
                    part.shares_binding = if combined { ids.first().copied() } else { None };
                    if part.shares_binding.is_none() {
                        binding += 1;
                    }
                    ids.push(module.globals.append(part));
                }
                parts.insert((h, i), Part::Resources(ids));
                continue;
            }
            let mut part = Global::new(format!("{block_name}_{}", f.name), f.ty.clone(), AddressSpace::Resource, span);
            if own_set {
                part.vk_binding = Some((binding, set));
                part.register = Some(register(f.ty.register_class()));
            }
            part.majorness = f.majorness;
            binding += 1;
            let id = module.globals.append(part);
            parts.insert((h, i), Part::Resource(id));
        }
        let placed = (0..def.fields.len() as u32)
            .map(|i| {
                parts.get(&(h, i)).and_then(|p| match p {
                    Part::Data(index) => Some(BlockPart::Data { global: h, index: *index }),
                    Part::Resource(g) => Some(BlockPart::Resource(*g)),
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
    }
    // Reads of the blocks' fields read the parts.
    // The blocks that hold data are still their constant buffers; those without became a resource.
    let data_types: HashMap<GlobalId, Type> = split
        .iter()
        .filter(|&&h| matches!(module.globals[h].ty, Type::Resource(ResourceKind::ConstantBuffer, _)))
        .map(|&h| (h, module.globals[h].ty.clone()))
        .collect();
    let globals_ty: HashMap<GlobalId, Type> = module.globals.iter().map(|(h, g)| (h, g.ty.clone())).collect();
    for (_, f) in module.functions.iter_mut() {
        let ids: Vec<_> = f.exprs.iter().map(|(e, _)| e).collect();
        let mut changed = false;
        for e in ids {
            let ExprKind::Field { base, index } = f.exprs[e].kind else { continue };
            let ExprKind::Global(g) = f.exprs[base].kind else { continue };
            match parts.get(&(g, index)) {
                Some(Part::Data(i)) => {
                    f.exprs[e].kind = ExprKind::Field { base, index: *i };
                    f.exprs[base].ty = data_types[&g].clone();
                }
                Some(Part::Resource(r)) => f.exprs[e].kind = ExprKind::Global(*r),
                Some(Part::Resources(leaves)) => {
                    // The struct built from its fields' globals, as a global one reads.
                    let span = f.exprs[e].span;
                    let reads = leaves
                        .iter()
                        .map(|&r| {
                            let ty = module_globals_ty(&globals_ty, r);
                            f.exprs.append(crate::ir::Expr { kind: ExprKind::Global(r), ty, span })
                        })
                        .collect();
                    f.exprs[e].kind = ExprKind::Construct(reads);
                }
                None => continue,
            }
            changed = true;
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
            if matches!(e.kind, ExprKind::Global(g) if data_types.contains_key(&g)) && !bases.contains(&id) {
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

fn module_globals_ty(types: &HashMap<GlobalId, Type>, g: GlobalId) -> Type {
    types.get(&g).cloned().unwrap_or(Type::Error)
}
