//! Slang's descriptor handles on the GPU targets, as Slang lowers them: a handle is its
//! `uint2`, and the resource it names is element `x` of a descriptor heap.
//!
//! - [`Heaps::Vulkan`] (SPIR-V, GLSL): a heap is a runtime-sized array of one resource type.
//!   Every heap sits in the bindless set, the first set no other binding of the module uses
//!   (Slang's default `bindlessSpaceIndex`), at the binding Slang's `VkMutable` preset gives its
//!   kind: samplers 0, textures and typed buffers 2 (the arrays of one binding alias, as
//!   `VK_EXT_mutable_descriptor_type` lets one array hold descriptors of every type). Heaps of
//!   structured and byte-address buffers are arrays of buffer blocks, which SPIR-V and GLSL
//!   write; constant, append and consume buffers have no heap yet. Such a handle is refused,
//!   under the target's code.
//! - [`Heaps::Hlsl`]: shader model 6.6's `ResourceDescriptorHeap` and `SamplerDescriptorHeap`,
//!   globals of those names the HLSL writer does not declare. HLSL types a heap's element only
//!   where it initializes a variable, so each resource type gets a function of its own,
//!   `T wavec_heapN(uint index) { T r = ResourceDescriptorHeap[index]; return r; }`, and a
//!   handle's resource is a call of it.
//!
//! The handle's `y` is what Slang gives a combined texture-sampler's sampler; nothing here reads
//! it.

use crate::diag::Diagnostic;
use crate::ir::{
    AddressSpace, Block, Expr, ExprKind, Function, FunctionId, Global, GlobalId, Local, Module, ParamMode,
    ResourceKind, Scalar, Stmt, Type,
};
use std::borrow::Cow;

/// Whether `ty` holds a descriptor handle (itself, or in a field or element).
fn holds_handle(m: &Module, ty: &Type) -> bool {
    match ty {
        Type::Pointer(_) => ty.handle_resource().is_some(),
        Type::Array(e, _) => holds_handle(m, e),
        Type::Resource(_, Some(e)) => holds_handle(m, e),
        Type::Struct(h) => m.structs[*h].fields.iter().any(|f| holds_handle(m, &f.ty)),
        _ => false,
    }
}

/// `ty` with every handle its `uint2`.
fn strip(ty: &mut Type) {
    match ty {
        Type::Pointer(_) if ty.handle_resource().is_some() => *ty = Type::Vector(Scalar::U32, 2),
        Type::Array(e, _) | Type::Pointer(e) => strip(e),
        Type::Resource(_, Some(e)) => strip(e),
        _ => {}
    }
}

/// The heap binding of a resource kind, or `None` for a kind the target has no heap of
/// (`buffer_arrays`: it writes arrays of storage buffers).
fn heap_binding(kind: ResourceKind, buffer_arrays: bool) -> Option<u32> {
    if kind.is_sampler() {
        Some(0)
    } else if kind.is_texture()
        || (buffer_arrays && (kind.is_byte_address() || kind.is_structured_storage()))
        || matches!(kind, ResourceKind::Buffer | ResourceKind::RWBuffer)
    {
        Some(2)
    } else {
        None
    }
}

/// The names HLSL gives shader model 6.6's heaps.
pub const HLSL_HEAPS: [&str; 2] = ["ResourceDescriptorHeap", "SamplerDescriptorHeap"];

/// Which heaps a target reads handles' resources from (module docs).
#[derive(Clone, Copy, Debug)]
pub enum Heaps<'a> {
    /// SPIR-V and GLSL; the target's name, its code for a handle it cannot bind, whether it
    /// writes arrays of storage buffers, and the bindless set the options give.
    Vulkan {
        target: &'a str,
        code: &'static str,
        buffer_arrays: bool,
        set: Option<u32>,
    },
    Hlsl,
}

/// Rewrites every descriptor handle of `module` into its `uint2` and every resource one names
/// into an element of its heap (module docs). A module without handles is not copied.
pub fn descriptor_heaps(
    module: &mut Cow<'_, Module>,
    entry: usize,
    heaps_of: Heaps<'_>,
) -> Result<(), Vec<Diagnostic>> {
    let m: &Module = module;
    let any = m.globals.iter().any(|(_, g)| holds_handle(m, &g.ty))
        || m.structs.iter().any(|(_, s)| s.fields.iter().any(|f| holds_handle(m, &f.ty)))
        || m.functions.iter().any(|(_, f)| {
            holds_handle(m, &f.ret)
                || f.locals.iter().any(|(_, l)| holds_handle(m, &l.ty))
                || f.exprs.iter().any(|(_, e)| holds_handle(m, &e.ty))
        });
    if !any {
        return Ok(());
    }
    let set = match heaps_of {
        Heaps::Vulkan { set: Some(set), .. } => set,
        _ => crate::ir::bindings::bindings(m, entry).iter().map(|b| b.set + 1).max().unwrap_or(0),
    };
    let module = module.to_mut();
    let mut heaps: Vec<(Type, GlobalId)> = Vec::new();
    let mut readers: Vec<(Type, FunctionId)> = Vec::new();
    let mut refused: Vec<Type> = Vec::new();
    let mut errors = Vec::new();
    let reachable = match module.entry_points.get(entry) {
        Some(ep) => module.reachable_functions(ep.function),
        None => vec![false; module.functions.len()],
    };
    let handles: Vec<_> = module.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        let mut f = std::mem::replace(&mut module.functions[h], crate::ir::Function::placeholder());
        let ids: Vec<_> = f.exprs.iter().map(|(id, _)| id).collect();
        for id in ids {
            let e = &f.exprs[id];
            match &e.kind {
                ExprKind::Deref(handle) if matches!(e.ty, Type::Resource(..)) => {
                    let (handle, ty, span) = (*handle, e.ty.clone(), e.span);
                    let Type::Resource(kind, _) = ty else { continue };
                    // A heap read's own index (`ResourceDescriptorHeap[NonUniformResourceIndex(i)]`
                    // stays visible to the backends), else the handle's `x`.
                    let index = match &f.exprs[handle].kind {
                        ExprKind::Convert(i) if f.exprs[*i].ty == Type::UINT => *i,
                        ExprKind::Construct(parts) if parts.len() == 2 => parts[0],
                        _ => f.exprs.append(Expr {
                            kind: ExprKind::Swizzle { base: handle, components: vec![0] },
                            ty: Type::UINT,
                            span,
                        }),
                    };
                    let (target, code, buffer_arrays) = match heaps_of {
                        Heaps::Hlsl => {
                            let reader = match readers.iter().find(|(t, _)| *t == ty) {
                                Some((_, r)) => *r,
                                None => {
                                    let r = hlsl_reader(module, &ty, readers.len(), span);
                                    readers.push((ty.clone(), r));
                                    r
                                }
                            };
                            f.exprs[id].kind = ExprKind::Call { function: reader, args: vec![index] };
                            continue;
                        }
                        Heaps::Vulkan { target, code, buffer_arrays, .. } => (target, code, buffer_arrays),
                    };
                    let Some(binding) = heap_binding(kind, buffer_arrays) else {
                        // Once per resource type.
                        if !reachable[h.index()] || refused.contains(&ty) {
                            continue;
                        }
                        refused.push(ty.clone());
                        let d = Diagnostic::error(
                            code,
                            format!("{target} has no descriptor heap of `{}` yet", module.type_name(&ty)),
                        )
                        .with_label(span, "the resource a handle names")
                        .with_note(
                            "constant, append and consume buffers have no heap binding yet; handles of \
                             textures, samplers, typed, structured and byte-address buffers index their heaps, \
                             and handles of every buffer run on the CPU engine",
                        );
                        errors.push(d);
                        continue;
                    };
                    let heap = match heaps.iter().find(|(t, _)| *t == ty) {
                        Some((_, g)) => *g,
                        None => {
                            let name = format!("wavec_heap{}", heaps.len());
                            let array = Type::Array(Box::new(ty.clone()), None);
                            let mut g = Global::new(name, array, AddressSpace::Resource, span);
                            g.vk_binding = Some((binding, set));
                            g.coherent = module.coherent_heap_types.contains(&ty);
                            let g = module.globals.append(g);
                            heaps.push((ty.clone(), g));
                            g
                        }
                    };
                    let array = module.globals[heap].ty.clone();
                    let base = f.exprs.append(Expr { kind: ExprKind::Global(heap), ty: array, span });
                    f.exprs[id].kind = ExprKind::Index { base, index };
                }
                // `ResourceDescriptorHeap[i]`: the handle of heap index `i`.
                ExprKind::Convert(a) if e.ty.handle_resource().is_some() && f.exprs[*a].ty == Type::UINT => {
                    let (a, span) = (*a, e.span);
                    let zero = f.exprs.append(Expr {
                        kind: ExprKind::Const(crate::ir::ConstValue::Uint(0)),
                        ty: Type::UINT,
                        span,
                    });
                    f.exprs[id].kind = ExprKind::Construct(vec![a, zero]);
                }
                // A handle's 64 bits as one integer (`reinterpret<uint2>(h)` goes through one, as
                // every address does): `x` is the low word.
                ExprKind::Convert(a)
                    if e.ty == Type::Scalar(Scalar::U64) && f.exprs[*a].ty.handle_resource().is_some() =>
                {
                    let (a, span) = (*a, e.span);
                    let mut add = |kind, ty| f.exprs.append(Expr { kind, ty, span });
                    let u64_ty = Type::Scalar(Scalar::U64);
                    let x = add(ExprKind::Swizzle { base: a, components: vec![0] }, Type::UINT);
                    let y = add(ExprKind::Swizzle { base: a, components: vec![1] }, Type::UINT);
                    let low = add(ExprKind::Convert(x), u64_ty.clone());
                    let high = add(ExprKind::Convert(y), u64_ty.clone());
                    let shift = add(ExprKind::Const(crate::ir::ConstValue::Uint(32)), u64_ty.clone());
                    let high = add(ExprKind::Binary(crate::ir::BinaryOp::Shl, high, shift), u64_ty);
                    f.exprs[id].kind = ExprKind::Binary(crate::ir::BinaryOp::BitOr, low, high);
                }
                ExprKind::Convert(a)
                    if e.ty.handle_resource().is_some() && f.exprs[*a].ty == Type::Scalar(Scalar::U64) =>
                {
                    let (a, span) = (*a, e.span);
                    let mut add = |kind, ty| f.exprs.append(Expr { kind, ty, span });
                    let u64_ty = Type::Scalar(Scalar::U64);
                    let shift = add(ExprKind::Const(crate::ir::ConstValue::Uint(32)), u64_ty.clone());
                    let high = add(ExprKind::Binary(crate::ir::BinaryOp::Shr, a, shift), u64_ty);
                    let x = add(ExprKind::Convert(a), Type::UINT);
                    let y = add(ExprKind::Convert(high), Type::UINT);
                    f.exprs[id].kind = ExprKind::Construct(vec![x, y]);
                }
                // `(uint2)h`, `DescriptorHandle<T>(bits)`: the handle is its bits.
                ExprKind::Convert(a)
                    if e.ty.handle_resource().is_some() || f.exprs[*a].ty.handle_resource().is_some() =>
                {
                    let a = *a;
                    f.exprs[id].kind = ExprKind::Swizzle { base: a, components: vec![0, 1] };
                }
                _ => {}
            }
        }
        strip(&mut f.ret);
        for (_, l) in f.locals.iter_mut() {
            strip(&mut l.ty);
        }
        for (_, e) in f.exprs.iter_mut() {
            strip(&mut e.ty);
        }
        f.uses = f.gather_uses();
        module.functions[h] = f;
    }
    for (_, s) in module.structs.iter_mut() {
        for field in &mut s.fields {
            strip(&mut field.ty);
        }
    }
    for (_, g) in module.globals.iter_mut() {
        strip(&mut g.ty);
    }
    if !readers.is_empty() {
        module.order_callees_first();
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// HLSL's reader of resource type `ty` from its heap (module docs): function `wavec_heap{n}`.
fn hlsl_reader(module: &mut Module, ty: &Type, n: usize, span: crate::span::Span) -> FunctionId {
    let Type::Resource(kind, _) = ty else { unreachable!("a handle names a resource") };
    let heap_name = HLSL_HEAPS[usize::from(kind.is_sampler())];
    let array = Type::Array(Box::new(ty.clone()), None);
    let found = module.globals.iter().find(|(_, g)| g.name == heap_name && g.ty == array).map(|(g, _)| g);
    let heap = match found {
        Some(g) => g,
        None => module.globals.append(Global::new(heap_name, array.clone(), AddressSpace::Resource, span)),
    };
    let mut f = Function::placeholder();
    f.name = format!("wavec_heap{n}");
    f.ret = ty.clone();
    f.span = span;
    let index = f.locals.append(Local::param("index", Type::UINT, ParamMode::In, span));
    f.params.push(index);
    let read = f.locals.append(Local::new("resource", ty.clone(), span));
    let base = f.exprs.append(Expr { kind: ExprKind::Global(heap), ty: array, span });
    let at = f.exprs.append(Expr { kind: ExprKind::Local(index), ty: Type::UINT, span });
    let element = f.exprs.append(Expr { kind: ExprKind::Index { base, index: at }, ty: ty.clone(), span });
    let value = f.exprs.append(Expr { kind: ExprKind::Local(read), ty: ty.clone(), span });
    f.body = Block { stmts: vec![Stmt::Local { local: read, init: Some(element) }, Stmt::Return(Some(value))] };
    f.uses = f.gather_uses();
    module.functions.append(f)
}
