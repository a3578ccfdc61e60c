//! Uniform blocks (and the push constants) read as words, for targets whose own struct layout
//! cannot place a block's members where `--layout` puts them (WGSL's fixed rules: a `float2` at
//! byte 20, a `float3` right after a `float`, a `float` array of 16-byte stride, a `bool`, a
//! matrix with 16-byte rows).
//!
//! Such a block keeps its binding and its bytes but declares one member, a `uint4` array
//! covering them, which every target lays out alike. Each read of a member (a member, a field
//! of it, an element of an array of it, any depth deep) becomes a call of a function that
//! assembles the value from its words, each component at the offset [`layout::components`]
//! gives it under the uniform rule, as the SPIR-V writer and the runners place it. The index
//! of an array on the way adds its stride to the address; an index into a vector or a matrix,
//! and a swizzle, apply to the value once read.

use super::byte_address_words::{compose, load_scalar, Builder, Words};
use crate::ir::{
    AddressSpace, BinaryOp, Block, ConstValue, ExprId, ExprKind, FunctionId, Global, GlobalId, Majorness, Module,
    ResourceKind, Scalar, Stmt, Type,
};
use crate::layout;
use std::borrow::Cow;
use std::collections::HashMap;

/// Where a member of a block read as words lies: the block's `uint4` array, its length, and
/// the member's byte offset.
#[derive(Clone, Copy)]
struct Member {
    words: GlobalId,
    length: u32,
    offset: u32,
    rule: layout::Rule,
}

/// A place inside a block read as words: the word array, the constant part of its byte
/// address, the indices (and strides) of the arrays on the way, and how matrices there are
/// stored.
struct Place {
    member: Member,
    offset: u32,
    indices: Vec<(ExprId, u32)>,
    majorness: Majorness,
}

/// A uniform block read as words.
#[derive(Clone, Debug, PartialEq)]
pub enum UniformBlock {
    /// A `cbuffer`'s members, or `$Globals` (a `Uniform` address space).
    Members(AddressSpace),
    /// A `ConstantBuffer<T>`.
    ConstantBuffer(GlobalId),
}

/// Rewrites the blocks `blocks` of `module` to be read as words.
pub fn uniform_words(module: &mut Cow<Module>, blocks: &[UniformBlock]) {
    if blocks.is_empty() {
        return;
    }
    let m = module.to_mut();
    let mut members: HashMap<GlobalId, Member> = HashMap::new();
    for block in blocks {
        let (ids, offsets, rule) = match block {
            UniformBlock::Members(space) => {
                let ids: Vec<GlobalId> = m.globals.iter().filter(|(_, g)| g.space == *space).map(|(h, _)| h).collect();
                let rule = m.block_rule(space);
                let offsets = layout::member_offsets(
                    m,
                    ids.iter().map(|h| (&m.globals[*h].ty, m.globals[*h].majorness, m.globals[*h].packoffset)),
                    rule,
                );
                (ids, offsets, rule)
            }
            UniformBlock::ConstantBuffer(g) => (vec![*g], vec![0], m.uniform_rule(&m.globals[*g])),
        };
        let Some(first) = ids.first() else { continue };
        let end = ids
            .iter()
            .zip(&offsets)
            .map(|(h, at)| at + layout::placement(m, value_type(&m.globals[*h].ty), rule, m.globals[*h].majorness).size)
            .max()
            .unwrap_or(0);
        let length = layout::round_up(end, 16).max(16) / 16;
        let array = Type::Array(Box::new(Type::Vector(Scalar::U32, 4)), Some(length));
        let words = match block {
            UniformBlock::Members(space) => {
                let name = match space {
                    AddressSpace::Uniform { cbuffer: Some(i) } => format!("{}_words", m.cbuffers[*i].name),
                    AddressSpace::PushConstant => "PushConstants_words".to_string(),
                    _ => "Globals_words".to_string(),
                };
                let span = m.globals[*first].span;
                let mut words = Global::new(name, array, space.clone(), span);
                words.majorness = Majorness::Row;
                words.packoffset = Some(0);
                m.globals.append(words)
            }
            // The buffer keeps its binding and now holds the words.
            UniformBlock::ConstantBuffer(g) => {
                m.globals[*g].ty = Type::Resource(ResourceKind::ConstantBuffer, Some(Box::new(array)));
                *g
            }
        };
        for (h, offset) in ids.iter().zip(offsets) {
            members.insert(*h, Member { words, length, offset, rule });
            // Read through the words from now on: the block declares the words alone.
            if *h != words {
                m.globals[*h].space = AddressSpace::Private;
            }
        }
    }

    let mut loaders: Vec<(GlobalId, Type, Majorness, FunctionId)> = Vec::new();
    let handles: Vec<FunctionId> = m.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        // The places read through a field or an array element: the outermost step is rewritten.
        let f = &m.functions[h];
        let live = f.live_exprs();
        let mut inner = vec![false; f.exprs.len()];
        for (_, e) in f.live_expr_iter() {
            match &e.kind {
                ExprKind::Field { base, .. } => inner[base.index()] = true,
                ExprKind::Index { base, .. } if matches!(f.exprs[*base].ty, Type::Array(..)) => {
                    inner[base.index()] = true
                }
                _ => {}
            }
        }
        let ids: Vec<ExprId> = f.exprs.iter().map(|(id, _)| id).collect();
        let mut changed = false;
        for id in ids {
            if inner[id.index()] || !live[id.index()] {
                continue;
            }
            let Some(place) = place_of(m, h, id, &members) else { continue };
            let rule = place.member.rule;
            let ty = value_type(&m.functions[h].exprs[id].ty).clone();
            let span = m.functions[h].exprs[id].span;
            let loader = match loaders
                .iter()
                .find(|(w, t, mj, _)| *w == place.member.words && *t == ty && *mj == place.majorness)
            {
                Some((.., f)) => *f,
                None => {
                    let n = loaders.len();
                    let name: String =
                        m.type_name(&ty).chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
                    let mut b = Builder::new(format!("wavec_uniform_load{n}_{name}"), ty.clone(), span);
                    let address = b.param("address", Type::UINT);
                    let mut comps = Vec::new();
                    layout::components(m, &ty, rule, place.majorness, 0, &mut comps);
                    let words = Words::Uniform(place.member.words, place.member.length);
                    let parts: Vec<ExprId> =
                        comps.into_iter().map(|(offset, s)| load_scalar(&mut b, words, address, offset, s)).collect();
                    let whole = compose(m, &mut b, &ty, &mut parts.into_iter());
                    b.f.body = Block { stmts: vec![Stmt::Return(Some(whole))] };
                    b.f.uses = b.f.gather_uses();
                    let f = m.functions.append(b.f);
                    loaders.push((place.member.words, ty.clone(), place.majorness, f));
                    f
                }
            };
            let f = &mut m.functions[h];
            let mut address = f.exprs.append(crate::ir::Expr {
                kind: ExprKind::Const(ConstValue::Uint(u64::from(place.offset))),
                ty: Type::UINT,
                span,
            });
            for (index, stride) in place.indices {
                let index = if f.exprs[index].ty == Type::UINT {
                    index
                } else {
                    f.exprs.append(crate::ir::Expr { kind: ExprKind::Convert(index), ty: Type::UINT, span })
                };
                let stride = f.exprs.append(crate::ir::Expr {
                    kind: ExprKind::Const(ConstValue::Uint(u64::from(stride))),
                    ty: Type::UINT,
                    span,
                });
                let scaled = f.exprs.append(crate::ir::Expr {
                    kind: ExprKind::Binary(BinaryOp::Mul, index, stride),
                    ty: Type::UINT,
                    span,
                });
                address = f.exprs.append(crate::ir::Expr {
                    kind: ExprKind::Binary(BinaryOp::Add, address, scaled),
                    ty: Type::UINT,
                    span,
                });
            }
            f.exprs[id].kind = ExprKind::Call { function: loader, args: vec![address] };
            f.exprs[id].ty = ty;
            changed = true;
        }
        if changed {
            let f = &mut m.functions[h];
            f.uses = f.gather_uses();
        }
    }
    m.order_callees_first();
}

/// The place `id` of function `h` reads, when it lies in a block read as words.
fn place_of(m: &Module, h: FunctionId, id: ExprId, members: &HashMap<GlobalId, Member>) -> Option<Place> {
    let f = &m.functions[h];
    match &f.exprs[id].kind {
        ExprKind::Global(g) => {
            let member = *members.get(g)?;
            Some(Place { member, offset: member.offset, indices: Vec::new(), majorness: m.globals[*g].majorness })
        }
        ExprKind::Field { base, index } => {
            let mut place = place_of(m, h, *base, members)?;
            let Type::Struct(s) = *value_type(&f.exprs[*base].ty) else { return None };
            place.offset += layout::field_offsets(m, s, place.member.rule)[*index as usize];
            place.majorness = m.structs[s].fields[*index as usize].majorness;
            Some(place)
        }
        ExprKind::Index { base, index } => {
            let Type::Array(e, _) = value_type(&f.exprs[*base].ty) else { return None };
            let mut place = place_of(m, h, *base, members)?;
            let stride = layout::array_stride(m, e, place.member.rule, place.majorness);
            match f.exprs[*index].kind {
                ExprKind::Const(ConstValue::Int(i)) => place.offset += i as u32 * stride,
                ExprKind::Const(ConstValue::Uint(i)) => place.offset += i as u32 * stride,
                _ => place.indices.push((*index, stride)),
            }
            Some(place)
        }
        _ => None,
    }
}

/// The value a place of type `ty` holds: a `ConstantBuffer<T>`'s `T`.
fn value_type(ty: &Type) -> &Type {
    match ty {
        Type::Resource(ResourceKind::ConstantBuffer, Some(t)) => t,
        t => t,
    }
}
