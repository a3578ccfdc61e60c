//! Textures and samplers: each a kernel parameter by value (`wavec::Image`, `wavec::Sampler`),
//! read, written and sampled by the prelude's software sampler, which follows the rules the
//! CPU engine follows (`src/exec/texture.rs`), cubes included; an array of textures or
//! samplers is a device pointer to their structs.

use super::writer::{Ctx, Writer};
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_POSTFIX};
use crate::ir::*;
use crate::span::Span;

/// The prelude's view of a texture kind: the coordinates within a layer (a cube's: within a
/// face), whether it is an array of layers, whether it is a cube.
#[derive(Clone, Copy)]
struct Shape {
    coords: u8,
    arrayed: bool,
    cube: bool,
}

fn shape(kind: ResourceKind) -> Option<Shape> {
    let (dim, arrayed) = kind.texture_shape()?;
    let coords = match dim {
        TextureDim::D1 => 1,
        TextureDim::D2 | TextureDim::Cube => 2,
        TextureDim::D3 => 3,
    };
    Some(Shape { coords, arrayed, cube: dim == TextureDim::Cube })
}

/// The view template arguments of a texture kind: `D, Arrayed, Storage` (then `Cube` for a
/// cube, which is only sampled and measured).
fn view_args(kind: ResourceKind) -> Option<String> {
    let Shape { coords, arrayed, cube } = shape(kind)?;
    let cube = if cube { ", true" } else { "" };
    Some(format!("{coords}, {arrayed}, {}{cube}", kind.is_writable()))
}

/// Whether `e` names a global resource or an element of a global array of them.
fn names_global(f: &Function, e: ExprId) -> bool {
    match f.exprs[e].kind {
        ExprKind::Global(_) => true,
        ExprKind::Index { base, .. } => matches!(f.exprs[base].kind, ExprKind::Global(_)),
        _ => false,
    }
}

impl<'a> Writer<'a> {
    /// The texture a method or index names: its kind, element type, and the image expression.
    fn texture_of(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> Option<(ResourceKind, Type, String)> {
        let Type::Resource(kind, elem) = cx.f.exprs[e].ty.clone() else { return None };
        if !names_global(cx.f, e) {
            self.refuse(span, "a texture that is not a global or an element of one (resources as values)");
            return None;
        }
        let elem = elem.map(|t| *t).unwrap_or(Type::Vector(Scalar::F32, 4));
        Some((kind, elem, self.expr(cx, e, P_POSTFIX)))
    }

    /// `T[c]`.
    pub(super) fn texel_read(&mut self, cx: &Ctx<'a>, base: ExprId, index: ExprId, span: Span) -> (String, u8) {
        let Some((kind, elem, t)) = self.texture_of(cx, base, span) else { return ("0".into(), P_POSTFIX) };
        let Some(args) = view_args(kind) else { return ("0".into(), P_POSTFIX) };
        let r = self.ty_at(&elem, span);
        let c = self.expr(cx, index, P_ASSIGN);
        (format!("wavec::texel_load<{r}, {args}>({t}, {c})"), P_POSTFIX)
    }

    /// `T[c]` as the word an atomic updates, when `e` is a texel (an `Interlocked*` on it).
    pub(super) fn texel_lvalue(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> Option<String> {
        let (base, index) = cx.f.storage_texel(e)?;
        let (kind, elem, t) = self.texture_of(cx, base, span)?;
        let Shape { coords: d, arrayed, .. } = shape(kind)?;
        let r = self.ty_at(&elem, span);
        let c = self.expr(cx, index, P_ASSIGN);
        Some(format!("wavec::texel_word<{r}, {d}, {arrayed}>({t}, {c})"))
    }

    /// `T[c] = v` and `T[c] op= v` (the coordinate then evaluated twice: it must have no side
    /// effects).
    pub(super) fn texel_write(
        &mut self,
        cx: &Ctx<'a>,
        target: ExprId,
        op: Option<BinaryOp>,
        value: ExprId,
        span: Span,
    ) -> (String, u8) {
        let ExprKind::Index { base, index } = cx.f.exprs[target].kind else {
            self.internal(span, "a texel write without an index");
            return ("0".into(), P_POSTFIX);
        };
        let Some((kind, _, t)) = self.texture_of(cx, base, span) else { return ("0".into(), P_POSTFIX) };
        let Some(Shape { coords: d, arrayed, .. }) = shape(kind) else { return ("0".into(), P_POSTFIX) };
        let c = self.expr(cx, index, P_ASSIGN);
        let v = match op {
            None => self.expr(cx, value, P_ASSIGN),
            Some(op) => {
                if !cx.f.is_pure(index) {
                    self.refuse(span, "a compound assignment to a texel whose coordinate has side effects");
                }
                // `T[c] op v` reads the texel as an ordinary operand.
                let tt = cx.f.exprs[target].ty.clone();
                self.binary(cx, op, target, value, &tt, span).0
            }
        };
        (format!("wavec::texel_store<{d}, {arrayed}>({t}, {c}, {v})"), P_POSTFIX)
    }

    pub(super) fn texture_method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let Some((kind, _, t)) = self.texture_of(cx, object, span) else { return ("0".into(), P_POSTFIX) };
        // Its declaration is refused already (CUDA has no multisampled textures).
        if kind.is_multisampled() {
            return ("0".into(), P_POSTFIX);
        }
        let Some(view) = view_args(kind) else { return ("0".into(), P_POSTFIX) };
        let r = self.ty_at(ret, span);
        let arg = |w: &mut Self, i: usize| w.expr(cx, args[i], P_ASSIGN);
        match method {
            ResourceMethod::Load(_) => {
                let c = arg(self, 0);
                let offset = match args.get(1) {
                    Some(_) => format!("wavec::pad_int3({})", arg(self, 1)),
                    None => "wavec::pad_int3(0)".into(),
                };
                (format!("wavec::texel_fetch<{r}, {view}>({t}, {c}, {offset})"), P_POSTFIX)
            }
            ResourceMethod::MipLoad => {
                let level = arg(self, 0);
                let c = arg(self, 1);
                (format!("wavec::texel_load<{r}, {view}>({t}, {c}, (unsigned)({level}))"), P_POSTFIX)
            }
            ResourceMethod::Sample(op) => self.sample(cx, kind, &t, op, args, ret, span),
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip => {
                let ops = method.dimension_operands(args);
                let level = match ops.level {
                    Some(l) => {
                        if !cx.f.is_pure(l) {
                            self.refuse(span, "a `GetDimensions` level with side effects");
                        }
                        format!("(unsigned)({})", self.expr(cx, l, P_ASSIGN))
                    }
                    None => "0u".into(),
                };
                let q = format!("wavec::dimensions<{view}>({t}, {level})");
                let mut parts = Vec::new();
                for (k, &a) in ops.sizes.iter().enumerate() {
                    let c = ["x", "y", "z"][k.min(2)];
                    parts.push(self.assign_query(cx, a, format!("{q}.{c}"), span));
                }
                if let Some(l) = ops.levels {
                    parts.push(self.assign_query(cx, l, format!("{q}.w"), span));
                }
                (parts.join(", "), P_COMMA)
            }
            other => {
                self.refuse(span, &format!("`{other:?}` of a `{}`", kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }

    /// `target = T(value)`, a query's `unsigned` given to an argument of its own type.
    fn assign_query(&mut self, cx: &Ctx<'a>, target: ExprId, value: String, span: Span) -> String {
        let ty = cx.f.exprs[target].ty.clone();
        let lhs = self.expr(cx, target, P_ASSIGN);
        let t = self.ty_at(&ty, span);
        format!("{lhs} = ({t})({value})")
    }

    #[allow(clippy::too_many_arguments)]
    fn sample(
        &mut self,
        cx: &Ctx<'a>,
        kind: ResourceKind,
        t: &str,
        op: SampleOp,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let o = op.operands();
        let Some(Shape { coords: d, arrayed, cube }) = shape(kind) else { return ("0".into(), P_POSTFIX) };
        if !names_global(cx.f, args[o.sampler]) {
            self.refuse(span, "a sampler that is not a global or an element of one (resources as values)");
            return ("0".into(), P_POSTFIX);
        }
        let sampler = self.expr(cx, args[o.sampler], P_POSTFIX);
        let arg = |w: &mut Self, i: usize| w.expr(cx, args[i], P_ASSIGN);
        let coord = format!("wavec::pad_float4({})", arg(self, o.coord));
        let offset = match o.offset {
            Some(i) => format!("wavec::pad_int3({})", arg(self, i)),
            None => "wavec::pad_int3(0)".into(),
        };
        let min_lod = match o.clamp {
            Some(i) => format!("(float)({})", arg(self, i)),
            None => "0.0f".into(),
        };
        let (dref, has_dref) = match o.compare {
            Some(i) => (format!("(float)({})", arg(self, i)), "true"),
            None => ("0.0f".into(), "false"),
        };
        let zero3 = "wavec::pad_float3(0.0f)";
        let (lod_kind, lod, dx, dy) = match op.kind {
            SampleKind::Level | SampleKind::CmpLevel => {
                (0, format!("(float)({})", arg(self, o.lod.unwrap_or(2))), zero3.to_string(), zero3.to_string())
            }
            SampleKind::CmpLevelZero | SampleKind::Gather(_) | SampleKind::GatherCmp(_) => {
                (0, "0.0f".into(), zero3.to_string(), zero3.to_string())
            }
            SampleKind::Grad => {
                let (x, y) = o.grad.unwrap_or((2, 3));
                let dx = format!("wavec::pad_float3({})", arg(self, x));
                let dy = format!("wavec::pad_float3({})", arg(self, y));
                (1, "0.0f".into(), dx, dy)
            }
            SampleKind::Sample | SampleKind::Bias | SampleKind::Cmp | SampleKind::Lod(_) => {
                self.refuse(
                    span,
                    &format!("`{}` (an implicit LOD needs derivatives: use `SampleLevel`)", op.kind.method_name()),
                );
                return ("0".into(), P_POSTFIX);
            }
        };
        let gather = match op.kind {
            SampleKind::Gather(c) | SampleKind::GatherCmp(c) => c.unwrap_or(0) as i32,
            _ => -1,
        };
        let call = format!(
            "wavec::sample<{d}, {arrayed}, {cube}>({t}, {sampler}, {coord}, {lod_kind}, {lod}, {dx}, {dy}, {min_lod}, {offset}, {has_dref}, {dref}, {gather})"
        );
        let r = self.ty_at(ret, span);
        (format!("wavec::from_bits<{r}>::f({call})"), P_POSTFIX)
    }
}
