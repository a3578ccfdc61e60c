//! Textures and samplers: `texture1d`/`texture2d`/`texture3d`/`texture2d_array`… with
//! `access::sample` (HLSL's `Texture*`) or `access::read_write` (`RWTexture*`) and `sampler`,
//! each a kernel argument (`[[texture(n)]]`, `[[sampler(n)]]`) kept in `wavec_state`. Reads go
//! through the prelude's `texel`/`load`/`sample_level`, which take the coordinate once; what
//! Metal compute kernels cannot do (implicit-LOD sampling, depth comparisons, arrays of
//! textures) is refused with E0665. Cube maps (sampled and gathered) and 1D arrays are
//! `texturecube`, `texturecube_array` and `texture1d_array`.

use super::writer::Writer;
use crate::back::clike::Ctx;
use crate::back::precedence::{P_ASSIGN, P_COMMA, P_POSTFIX, P_PREFIX};
use crate::ir::*;
use crate::span::Span;

/// Metal's texture type for an HLSL texture kind: its name and the coordinate's size (an array
/// layer included).
fn metal_texture(kind: ResourceKind) -> Option<(&'static str, u8)> {
    use ResourceKind::*;
    Some(match kind.read_write() {
        Texture1D | RWTexture1D => ("texture1d", 1),
        Texture2D | RWTexture2D => ("texture2d", 2),
        Texture3D | RWTexture3D => ("texture3d", 3),
        Texture2DArray | RWTexture2DArray => ("texture2d_array", 3),
        Texture1DArray | RWTexture1DArray => ("texture1d_array", 2),
        TextureCube => ("texturecube", 3),
        TextureCubeArray => ("texturecube_array", 4),
        Texture2DMS => ("texture2d_ms", 2),
        Texture2DMSArray => ("texture2d_ms_array", 3),
        _ => return None,
    })
}

fn coord_type(n: u8, s: Scalar) -> Type {
    if n == 1 {
        Type::Scalar(s)
    } else {
        Type::Vector(s, n)
    }
}

/// The first components of a four-component texel, as HLSL's type `ty` has them.
fn narrow(texel: String, ty: &Type) -> String {
    match ty {
        Type::Scalar(_) => format!("{texel}.x"),
        Type::Vector(_, n) if *n < 4 => format!("{texel}.{}", &"xyz"[..*n as usize]),
        _ => texel,
    }
}

impl<'a> Writer<'a> {
    /// The argument type of a texture or sampler global (`None`, refused, for other kinds).
    pub(super) fn texture_arg_type(&mut self, g: &Global) -> Option<(String, &'static str)> {
        let Type::Resource(kind, elem) = &g.ty else {
            self.refuse(g.span, "an array of textures or samplers");
            return None;
        };
        if *kind == ResourceKind::SamplerState {
            return Some(("sampler".into(), "sampler"));
        }
        let Some((name, _)) = metal_texture(*kind) else {
            let why = match kind {
                ResourceKind::SamplerComparisonState => " (depth comparisons need Metal depth textures)",
                _ => "",
            };
            self.refuse(g.span, &format!("a `{}`{why}", kind.name()));
            return None;
        };
        let elem = elem.as_deref().and_then(Type::scalar).unwrap_or(Scalar::F32);
        if !matches!(elem, Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32 | Scalar::I16 | Scalar::U16) {
            self.refuse(g.span, &format!("a texture of `{}` texels", elem.hlsl_name()));
            return None;
        }
        let e = self.ty_at(&Type::Scalar(elem), g.span);
        // Multisampled textures are read only by texel and sample (`access::read`).
        let access = if kind.is_write_only() {
            "write"
        } else if kind.is_multisampled() {
            "read"
        } else if kind.is_writable() {
            "read_write"
        } else {
            "sample"
        };
        Some((format!("{name}<{e}, access::{access}>"), "texture"))
    }

    /// The texture a method or `[]` names, with its kind: `state.T`.
    fn texture(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> Option<(ResourceKind, String, u8)> {
        let Type::Resource(kind, _) = cx.f.exprs[e].ty else { return None };
        let Some((_, n)) = metal_texture(kind) else {
            self.refuse(span, &format!("a `{}`", kind.name()));
            return None;
        };
        match cx.f.exprs[e].kind {
            ExprKind::Global(g) => Some((kind, self.global_access[g.index()].clone(), n)),
            _ => {
                self.refuse(span, "a texture that is not a global (arrays of textures, textures as values)");
                None
            }
        }
    }

    /// `T[c]`: a texel read.
    pub(super) fn texel_read(
        &mut self,
        cx: &Ctx<'a>,
        base: ExprId,
        index: ExprId,
        ty: &Type,
        span: Span,
    ) -> (String, u8) {
        let Some((_, t, n)) = self.texture(cx, base, span) else { return ("0".into(), P_POSTFIX) };
        let c = self.convert_to(cx, index, &coord_type(n, Scalar::U32), span);
        (narrow(format!("wavec::texel({t}, {c})"), ty), P_POSTFIX)
    }

    /// `T[c] = v`: a texel write (compound assignments read and write one texel twice: refused).
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
        if op.is_some() {
            self.refuse(span, "a compound assignment to a texel (read it, then write it)");
        }
        let Some((kind, t, n)) = self.texture(cx, base, span) else { return ("0".into(), P_POSTFIX) };
        if !kind.is_writable() {
            self.refuse(span, &format!("a write to a `{}`", kind.name()));
        }
        let c = self.convert_to(cx, index, &coord_type(n, Scalar::U32), span);
        let v = self.expr(cx, value, P_ASSIGN);
        (format!("wavec::store({t}, {c}, {v})"), P_POSTFIX)
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
        let Some((kind, t, n)) = self.texture(cx, object, span) else { return ("0".into(), P_POSTFIX) };
        match method {
            ResourceMethod::Load(_) if args.len() == 1 && kind.is_writable() => {
                let c = self.convert_to(cx, args[0], &coord_type(n, Scalar::U32), span);
                (narrow(format!("wavec::texel({t}, {c})"), ret), P_POSTFIX)
            }
            ResourceMethod::Load(_) if args.len() <= 2 && !kind.is_writable() => {
                let c = self.convert_to(cx, args[0], &coord_type(n + 1, Scalar::I32), span);
                // An offset moves the texel coordinate (the layer stays).
                let layered = matches!(kind, ResourceKind::Texture2DArray | ResourceKind::Texture1DArray);
                let offset = match args.get(1) {
                    Some(&o) => {
                        let dims = if layered { n - 1 } else { n };
                        format!(", {}", self.convert_to(cx, o, &coord_type(dims, Scalar::I32), span))
                    }
                    None => String::new(),
                };
                (narrow(format!("wavec::load({t}, {c}{offset})"), ret), P_POSTFIX)
            }
            ResourceMethod::LoadSample => {
                let c = self.convert_to(cx, args[0], &coord_type(n, Scalar::I32), span);
                let s = self.convert_to(cx, args[1], &Type::INT, span);
                let offset = match args.get(2) {
                    Some(&o) => format!(", {}", self.convert_to(cx, o, &coord_type(2, Scalar::I32), span)),
                    None => String::new(),
                };
                (narrow(format!("wavec::load_sample({t}, {c}, {s}{offset})"), ret), P_POSTFIX)
            }
            ResourceMethod::MipLoad => {
                let lod = self.convert_to(cx, args[0], &Type::UINT, span);
                let c = self.convert_to(cx, args[1], &coord_type(n, Scalar::U32), span);
                (narrow(format!("wavec::texel({t}, {c}, {lod})"), ret), P_POSTFIX)
            }
            ResourceMethod::Sample(op) => self.sample(cx, kind, &t, n, op, args, ret, span),
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
                let ops = method.dimension_operands(args);
                let (sizes, levels) = (ops.sizes, ops.levels);
                let lod = match ops.level {
                    Some(level) => {
                        if sizes.len() > 1 && crate::back::template::has_side_effects(cx.f, self.stdlib, level) {
                            self.refuse(span, "a `GetDimensions` level with side effects");
                        }
                        self.convert_to(cx, level, &Type::UINT, span)
                    }
                    None => String::new(),
                };
                let queries: &[&str] = match kind {
                    ResourceKind::Texture1D | ResourceKind::RWTexture1D => &["get_width"],
                    ResourceKind::Texture3D | ResourceKind::RWTexture3D => &["get_width", "get_height", "get_depth"],
                    ResourceKind::Texture2DArray
                    | ResourceKind::RWTexture2DArray
                    | ResourceKind::TextureCubeArray
                    | ResourceKind::Texture2DMSArray => &["get_width", "get_height", "get_array_size"],
                    ResourceKind::Texture1DArray | ResourceKind::RWTexture1DArray => &["get_width", "get_array_size"],
                    _ => &["get_width", "get_height"],
                };
                let mut parts = Vec::new();
                for (k, &a) in sizes.iter().enumerate() {
                    let q = queries.get(k).copied().unwrap_or("get_width");
                    let arg = if q == "get_array_size" { String::new() } else { lod.clone() };
                    parts.push(self.assign_converted(cx, a, format!("{t}.{q}({arg})"), span));
                }
                if let Some(l) = levels {
                    parts.push(self.assign_converted(cx, l, format!("{t}.get_num_mip_levels()"), span));
                }
                if let Some(s) = ops.samples {
                    parts.push(self.assign_converted(cx, s, format!("{t}.get_num_samples()"), span));
                }
                (parts.join(", "), P_COMMA)
            }
            other => {
                self.refuse(span, &format!("`{other:?}` of a `{}`", kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }

    /// `target = T(value)`, for a `uint` query result given to an argument of another type.
    fn assign_converted(&mut self, cx: &Ctx<'a>, target: ExprId, value: String, span: Span) -> String {
        let ty = cx.f.exprs[target].ty.clone();
        let lhs = self.expr(cx, target, P_PREFIX);
        if ty == Type::UINT {
            format!("{lhs} = {value}")
        } else {
            let t = self.ty_at(&ty, span);
            format!("{lhs} = {t}({value})")
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sample(
        &mut self,
        cx: &Ctx<'a>,
        kind: ResourceKind,
        t: &str,
        n: u8,
        op: SampleOp,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let o = op.operands();
        if op.kind.is_compare() {
            let m = op.kind.method_name();
            self.refuse(span, &format!("`{m}` (depth comparisons need Metal depth textures)"));
            return ("0".into(), P_POSTFIX);
        }
        let sampler = match cx.f.exprs[args[o.sampler]].kind {
            ExprKind::Global(g)
                if cx.f.exprs[args[o.sampler]].ty == Type::Resource(ResourceKind::SamplerState, None) =>
            {
                self.global_access[g.index()].clone()
            }
            _ => {
                self.refuse(span, "a sampler that is not a global `SamplerState`");
                return ("0".into(), P_POSTFIX);
            }
        };
        let coord = self.convert_to(cx, args[o.coord], &coord_type(n, Scalar::F32), span);
        let offset_dims = if kind == ResourceKind::Texture3D { 3 } else { 2 };
        let offset = match o.offset {
            Some(i)
                if matches!(kind, ResourceKind::Texture2D | ResourceKind::Texture2DArray | ResourceKind::Texture3D) =>
            {
                Some(self.convert_to(cx, args[i], &coord_type(offset_dims, Scalar::I32), span))
            }
            Some(_) => {
                self.refuse(span, &format!("a sampling offset on a `{}`", kind.name()));
                None
            }
            None => None,
        };
        if o.clamp.is_some() {
            self.refuse(span, "a minimum-LOD clamp");
        }
        let offset_arg = offset.map(|o| format!(", {o}")).unwrap_or_default();
        match op.kind {
            SampleKind::Level => {
                let lod = self.convert_to(cx, args[o.lod.unwrap_or(2)], &Type::FLOAT, span);
                (narrow(format!("wavec::sample_level({t}, {sampler}, {coord}, {lod}{offset_arg})"), ret), P_POSTFIX)
            }
            SampleKind::Grad if kind == ResourceKind::Texture2D => {
                let (dx, dy) = o.grad.unwrap_or((2, 3));
                let float2 = Type::Vector(Scalar::F32, 2);
                let dx = self.convert_to(cx, args[dx], &float2, span);
                let dy = self.convert_to(cx, args[dy], &float2, span);
                let offset_arg = if offset_arg.is_empty() { String::new() } else { offset_arg };
                (narrow(format!("{t}.sample({sampler}, {coord}, gradient2d({dx}, {dy}){offset_arg})"), ret), P_POSTFIX)
            }
            SampleKind::Gather(c)
                if matches!(
                    kind,
                    ResourceKind::Texture2D | ResourceKind::Texture2DArray | ResourceKind::TextureCube
                ) =>
            {
                let component = ["x", "y", "z", "w"][c.unwrap_or(0) as usize & 3];
                (format!("wavec::gather<component::{component}>({t}, {sampler}, {coord}{offset_arg})"), P_POSTFIX)
            }
            SampleKind::Sample | SampleKind::Bias => {
                self.refuse(
                    span,
                    &format!("`{}` (implicit-LOD sampling needs derivatives, which Metal kernels have none of: use `SampleLevel`)", op.kind.method_name()),
                );
                ("0".into(), P_POSTFIX)
            }
            other => {
                self.refuse(span, &format!("`{}` of a `{}`", other.method_name(), kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }
}
