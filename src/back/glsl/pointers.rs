//! Slang's pointers as `GL_EXT_buffer_reference`: a pointer is its address, a `uint64_t`, so
//! arithmetic, comparisons, casts and pointers held in memory are integer work; `*p` converts
//! the address to a reference to a one-member block of the pointee, laid out by the scalar rule
//! as Slang lays out what a pointer points to (`layout::POINTEE`).

use super::writer::{Ctx, Writer, P_ADD, P_POSTFIX};
use crate::ir::*;
use crate::layout as rules;
use crate::span::Span;
use std::fmt::Write as _;

/// A struct ending in a runtime-sized array, which GLSL declares only as a block's last member:
/// its reference block holds its fields themselves.
pub(super) fn unsized_tail(m: &Module, ty: &Type) -> bool {
    match ty {
        Type::Struct(h) => m.structs[*h].fields.last().is_some_and(|f| matches!(f.ty, Type::Array(_, None))),
        _ => false,
    }
}

/// Whether memory of type `ty` holds float matrices stored `column_major`, and `row_major`.
fn matrix_orders(m: &Module, ty: &Type, majorness: Majorness) -> (bool, bool) {
    match ty {
        Type::Matrix(s, ..) if s.is_float() => (majorness == Majorness::Column, majorness == Majorness::Row),
        Type::Array(e, _) => matrix_orders(m, e, majorness),
        Type::Struct(h) => m.structs[*h].fields.iter().fold((false, false), |(c, r), f| {
            let (fc, fr) = matrix_orders(m, &f.ty, f.majorness);
            (c || fc, r || fr)
        }),
        _ => (false, false),
    }
}

impl<'a> Writer<'a> {
    /// The reference block type for memory of type `ty`, declared on first use.
    fn reference_block(&mut self, ty: &Type, span: Span) -> String {
        for e in ["GL_EXT_buffer_reference", "GL_EXT_scalar_block_layout"] {
            self.extensions.insert(e);
        }
        self.scalar_name(Scalar::U64);
        let spelled = self.ty_at(ty, span);
        let key: String = spelled.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let name = self.helper_name(&format!("wavec_ref_{key}"));
        if self.helpers_written.insert(format!("reference {name}")) {
            let align = rules::placement(self.module, ty, rules::POINTEE, Majorness::Column).align.max(1);
            let members = match ty {
                Type::Struct(h) if unsized_tail(self.module, ty) => {
                    let fields: Vec<(Type, Span)> =
                        self.module.structs[*h].fields.iter().map(|f| (f.ty.clone(), f.span)).collect();
                    let mut out = String::new();
                    for (i, (t, s)) in fields.iter().enumerate() {
                        let field = self.field_names[h.index()][i].clone();
                        let _ = writeln!(out, "    {};", self.decl(t, &field, *s));
                    }
                    out
                }
                _ => format!("    {};\n", self.decl(ty, "value", span)),
            };
            // HLSL's rows are GLSL's columns: a pointee's matrices are HLSL's `column_major`, so
            // GLSL's `row_major`. A struct field declared `row_major` would need the other order
            // for that field alone, which a reference block cannot give.
            let (column, row) = matrix_orders(self.module, ty, Majorness::Column);
            if row {
                self.refuse(span, "a pointer to a struct with a `row_major` matrix field");
            }
            let order = if column { "row_major, " } else { "" };
            if !self.helpers.is_empty() {
                self.helpers.push('\n');
            }
            let _ = write!(
                self.helpers,
                "layout(buffer_reference, scalar, {order}buffer_reference_align = {align}) buffer {name} {{\n{members}}};\n"
            );
        }
        name
    }

    /// `*p`: the memory at address `p`. A struct whose block holds its fields is reached only
    /// through them (`p->field`).
    pub(super) fn deref(&mut self, cx: &Ctx<'a>, p: ExprId, ty: &Type, span: Span) -> String {
        let block = self.reference_block(ty, span);
        let a = self.expr(cx, p, 0);
        if unsized_tail(self.module, ty) {
            format!("{block}({a})")
        } else {
            format!("{block}({a}).value")
        }
    }

    /// `p + n`, `p - n`: the address `n` pointees on (back).
    pub(super) fn pointer_step(&mut self, cx: &Ctx<'a>, op: BinaryOp, p: ExprId, n: ExprId) -> (String, u8) {
        let pointee = cx.f.exprs[p].ty.pointee().cloned().unwrap_or(Type::Void);
        let stride = rules::array_stride(self.module, &pointee, rules::POINTEE, Majorness::Column);
        let a = self.sub(cx, p, P_ADD);
        let n = self.expr(cx, n, 0);
        (format!("{a} {} uint64_t({n}) * {stride}ul", op.symbol()), P_ADD)
    }

    /// `&x`: the address of a place reached through a pointer, from the pointer's address and
    /// the offsets of the fields and elements on the way (the pointee's layout).
    pub(super) fn address_of(&mut self, cx: &Ctx<'a>, place: ExprId, span: Span) -> (String, u8) {
        let f = cx.f;
        let step = |w: &mut Self, base: ExprId, offset: String| -> (String, u8) {
            let b = w.address_of(cx, base, span);
            let b = if b.1 < P_ADD { format!("({})", b.0) } else { b.0 };
            (format!("{b} + {offset}"), P_ADD)
        };
        match &f.exprs[place].kind {
            ExprKind::Deref(p) => (self.expr(cx, *p, P_ADD), P_ADD),
            ExprKind::Field { base, index } => {
                let offset = match &f.exprs[*base].ty {
                    Type::Struct(h) => rules::field_offsets(self.module, *h, rules::POINTEE)[*index as usize],
                    _ => 0,
                };
                step(self, *base, format!("{offset}ul"))
            }
            ExprKind::Index { base, index } => {
                let elem = match &f.exprs[*base].ty {
                    Type::Array(e, _) => (**e).clone(),
                    Type::Vector(s, _) => Type::Scalar(*s),
                    Type::Matrix(s, _, c) => Type::Vector(*s, *c),
                    _ => Type::Void,
                };
                let stride = rules::array_stride(self.module, &elem, rules::POINTEE, Majorness::Column);
                let i = self.expr(cx, *index, 0);
                step(self, *base, format!("uint64_t({i}) * {stride}ul"))
            }
            ExprKind::Swizzle { base, components } if components.len() == 1 => {
                let size = f.exprs[place].ty.scalar().map_or(4, rules::scalar_size);
                step(self, *base, format!("{}ul", components[0] as u32 * size))
            }
            _ => {
                self.internal(span, "an address of a place not reached through a pointer");
                ("0ul".into(), P_POSTFIX)
            }
        }
    }
}
