//! Textures and samplers in WGSL's forms: `texture_2d<f32>` and its kin for sampled textures,
//! `texture_storage_2d<format, access>` for `RWTexture*` (the `[[vk::image_format]]`, else the
//! format the element type implies), `sampler`; texel reads are `textureLoad`, writes
//! `textureStore`, sampling `textureSampleLevel`/`textureSampleGrad`, gathers `textureGather`,
//! size queries `textureDimensions`/`textureNumLevels`/`textureNumLayers`.
//!
//! A texture a depth compare reads (`SampleCmpLevelZero`, `GatherCmp`) is a `texture_depth_*`,
//! compared with `textureSampleCompareLevel`/`textureGatherCompare`; its other reads give one
//! `f32`, widened to the element type as Vulkan reads depth (`(d, 0, 0, 1)`).
//!
//! Refused (E0651): 1D arrays (WGSL has none), implicit-LOD sampling (derivatives: compute
//! shaders have none), compares at a level other than 0, gradients or gathers of other
//! components of depth textures, arrays of textures, and min-LOD clamps.

use super::writer::{xyzw, Ctx, Writer};
use crate::ir::bindings::Slot;
use crate::ir::*;
use crate::span::Span;
use std::fmt::Write as _;

/// WGSL's name of an image format (`rgba32f` is `rgba32float`). Every format wavec has is a
/// WGSL texel format (the packed and 16-bit normalized ones since `texture-formats-tier1`).
fn format_name(f: crate::image::Format) -> Option<String> {
    if f == crate::image::Format::R11g11b10f {
        return Some("rg11b10ufloat".into());
    }
    let n = f.name();
    let (stem, kind) = if let Some(s) = n.strip_suffix("ui") {
        (s, "uint")
    } else if let Some(s) = n.strip_suffix('i') {
        (s, "sint")
    } else if let Some(s) = n.strip_suffix('f') {
        (s, "float")
    } else if let Some(s) = n.strip_suffix("snorm") {
        (s, "snorm")
    } else {
        (n, "unorm")
    };
    if stem.starts_with('d') {
        return None;
    }
    Some(format!("{stem}{kind}"))
}

/// The dimension part of a texture type name (`2d_array`), or `None` where WGSL has none.
fn dim(kind: ResourceKind) -> Option<&'static str> {
    match kind {
        ResourceKind::Texture2DMS => return Some("multisampled_2d"),
        ResourceKind::Texture2DMSArray => return None,
        _ => {}
    }
    Some(match kind.texture_shape()? {
        (TextureDim::D1, false) => "1d",
        (TextureDim::D1, true) => return None,
        (TextureDim::D2, false) => "2d",
        (TextureDim::D2, true) => "2d_array",
        (TextureDim::D3, _) => "3d",
        (TextureDim::Cube, false) => "cube",
        (TextureDim::Cube, true) => "cube_array",
    })
}

impl<'a> Writer<'a> {
    /// The declaration of a texture or sampler global.
    pub(super) fn texture_global(&mut self, out: &mut String, h: GlobalId, g: &Global, name: &str) {
        let Type::Resource(kind, elem) = &g.ty else { return };
        let ty = if kind.is_sampler() {
            if *kind == ResourceKind::SamplerComparisonState { "sampler_comparison" } else { "sampler" }.to_string()
        } else {
            let Some(d) = dim(*kind) else {
                let why = if kind.is_multisampled() {
                    "WGSL has no multisampled array texture"
                } else {
                    "WGSL has no such texture"
                };
                return self.refuse(g.span, &format!("a `{}` ({why})", kind.name()));
            };
            let elem = elem.as_deref().cloned().unwrap_or(Type::Vector(Scalar::F32, 4));
            let s = elem.scalar().unwrap_or(Scalar::F32);
            let s = self.scalar_name(s, g.span);
            if kind.is_writable() {
                let format = match g.image_format {
                    Some(f) => format_name(f),
                    None => {
                        // WGSL has no three-component storage format: such a texture is
                        // declared with four (as Slang declares it), and its texels written
                        // widened; `[[vk::image_format]]` names another.
                        let channels = match elem.vector_size().unwrap_or(1) {
                            1 => "r",
                            2 => "rg",
                            _ => "rgba",
                        };
                        let bits = match s {
                            "i32" => "32sint",
                            "u32" => "32uint",
                            _ => "32float",
                        };
                        Some(format!("{channels}{bits}"))
                    }
                };
                let Some(format) = format else {
                    let f = g.image_format.map_or("", |f| f.name());
                    return self.refuse(
                        g.span,
                        &format!("a storage texture of format `{f}` (WGSL has no such storage format)"),
                    );
                };
                let access = if self.texture_read(h) { "read_write" } else { "write" };
                format!("texture_storage_{d}<{format}, {access}>")
            } else if self.compares_depth(h) {
                // A texture a depth compare reads is a depth texture, whose reads give one `f32`.
                if !matches!(d, "2d" | "2d_array" | "cube" | "cube_array") || s != "f32" {
                    return self.refuse(
                        g.span,
                        &format!(
                            "a depth compare on a `{}` (WGSL's depth textures are 2D and cube ones of floats)",
                            kind.name()
                        ),
                    );
                }
                format!("texture_depth_{d}")
            } else {
                format!("texture_{d}<{s}>")
            }
        };
        let (set, binding) = self.binding_of(Slot::Global(h), g.span);
        let _ = writeln!(out, "@group({set}) @binding({binding}) var {name}: {ty};");
    }

    /// Whether a storage texture is read anywhere (then it is `read_write`).
    fn texture_read(&self, h: GlobalId) -> bool {
        self.module.functions.iter().any(|(_, f)| {
            let targets: Vec<ExprId> = f
                .exprs
                .iter()
                .filter_map(|(_, e)| match &e.kind {
                    ExprKind::Assign { op: None, target, .. } => Some(*target),
                    _ => None,
                })
                .collect();
            f.exprs.iter().any(|(id, e)| match &e.kind {
                ExprKind::Index { base, .. } => {
                    matches!(f.exprs[*base].kind, ExprKind::Global(g) if g == h) && !targets.contains(&id)
                }
                ExprKind::Method { object, method, .. } => {
                    matches!(f.exprs[*object].kind, ExprKind::Global(g) if g == h)
                        && !matches!(method, ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip)
                }
                _ => false,
            })
        })
    }

    /// Whether a depth compare (`SampleCmp*`, `GatherCmp*`) reads sampled texture `h`: WGSL
    /// declares it `texture_depth_*`.
    pub(super) fn compares_depth(&self, h: GlobalId) -> bool {
        self.module.functions.iter().any(|(_, f)| {
            f.exprs.iter().any(|(_, e)| match &e.kind {
                ExprKind::Method { object, method: ResourceMethod::Sample(op), .. } => {
                    op.kind.is_compare() && matches!(f.exprs[*object].kind, ExprKind::Global(g) if g == h)
                }
                _ => false,
            })
        })
    }

    /// Whether `e` names a depth texture ([`Self::compares_depth`]).
    fn is_depth(&self, cx: &Ctx<'a>, e: ExprId) -> bool {
        match cx.f.exprs[e].kind {
            ExprKind::Global(g) => {
                matches!(&self.module.globals[g].ty, Type::Resource(k, _) if !k.is_writable() && !k.is_sampler())
                    && self.compares_depth(g)
            }
            _ => false,
        }
    }

    /// A depth texture's read (one `f32`) as the element type: Vulkan reads depth as
    /// `(d, 0, 0, 1)`.
    fn depth_texel(&self, texel: String, elem: &Type) -> String {
        match elem.vector_size().unwrap_or(1) {
            1 => texel,
            _ => self.narrow(format!("vec4<f32>({texel}, 0.0f, 0.0f, 1.0f)"), elem),
        }
    }

    /// The texture a method or index names, its kind and element type.
    fn texture_of(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> Option<(String, ResourceKind, Type)> {
        let x = &cx.f.exprs[e];
        let Type::Resource(kind, elem) = &x.ty else { return None };
        if !matches!(x.kind, ExprKind::Global(_)) {
            self.refuse(span, "a texture that is not a global (arrays of textures, resources as values)");
            return None;
        }
        let elem = elem.as_deref().cloned().unwrap_or(Type::Vector(Scalar::F32, 4));
        Some((self.expr(cx, e), *kind, elem))
    }

    /// A texel of four components narrowed to the element type (`.x`, `.xy`).
    fn narrow(&self, texel: String, elem: &Type) -> String {
        match elem.vector_size().unwrap_or(1) {
            4 => texel,
            n => format!("{texel}.{}", (0..n).map(xyzw).collect::<String>()),
        }
    }

    /// `tex[coord]`: a texel read (`textureLoad`, level 0 for sampled textures).
    pub(super) fn texel_read(&mut self, cx: &Ctx<'a>, base: ExprId, index: ExprId, span: Span) -> String {
        let Some((t, kind, elem)) = self.texture_of(cx, base, span) else { return "0".into() };
        let c = self.expr(cx, index);
        let (coords, layer) = self.split_layer(cx, kind, c, index);
        let level = if kind.is_writable() { String::new() } else { ", 0".to_string() };
        let texel = format!("textureLoad({t}, {coords}{layer}{level})");
        if self.is_depth(cx, base) {
            return self.depth_texel(texel, &elem);
        }
        self.narrow(texel, &elem)
    }

    /// `tex[coord] = value`: a `textureStore` of the value widened to four components.
    pub(super) fn texel_write(&mut self, cx: &Ctx<'a>, target: ExprId, value: String, span: Span) -> String {
        let ExprKind::Index { base, index } = cx.f.exprs[target].kind else { return String::new() };
        let Some((t, kind, elem)) = self.texture_of(cx, base, span) else { return String::new() };
        let c = self.expr(cx, index);
        let (coords, layer) = self.split_layer(cx, kind, c, index);
        let s = elem.scalar().unwrap_or(Scalar::F32);
        let sn = self.scalar_name(s, span);
        let zero = self.constant(&ConstValue::Int(0), &Type::Scalar(s), span);
        let n = elem.vector_size().unwrap_or(1);
        let v = if n == 4 {
            value
        } else {
            let pad = vec![zero; 4 - n as usize].join(", ");
            format!("vec4<{sn}>({value}, {pad})")
        };
        format!("textureStore({t}, {coords}{layer}, {v})")
    }

    /// An arrayed texture's coordinate split into the coordinates and `, layer` (WGSL takes the
    /// layer apart); others unchanged.
    fn split_layer(&mut self, cx: &Ctx<'a>, kind: ResourceKind, c: String, e: ExprId) -> (String, String) {
        match kind.texture_shape() {
            Some((d, true)) => {
                let c = if crate::back::template::has_side_effects(cx.f, self.stdlib, e) {
                    self.hoist(c)
                } else {
                    format!("({c})")
                };
                let n = d.coord_dims();
                let sw: String = (0..n).map(xyzw).collect();
                (format!("{c}.{sw}"), format!(", {c}.{}", xyzw(n)))
            }
            _ => (c, String::new()),
        }
    }

    /// Texture methods: `Load`, `SampleLevel`, `SampleGrad`, `Gather*`, `GetDimensions`,
    /// `mips[level][coord]`.
    pub(super) fn texture_method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        span: Span,
    ) -> String {
        let Some((t, kind, elem)) = self.texture_of(cx, object, span) else { return "0".into() };
        let n = kind.texture_shape().map(|(d, a)| d.coord_dims() + a as u8).unwrap_or(1);
        let depth = self.is_depth(cx, object);
        let texel_of =
            |w: &Self, texel: String| if depth { w.depth_texel(texel, &elem) } else { w.narrow(texel, &elem) };
        match method {
            ResourceMethod::Load(_) if kind.is_writable() => {
                let c = self.expr(cx, args[0]);
                let (coords, layer) = self.split_layer(cx, kind, c, args[0]);
                self.narrow(format!("textureLoad({t}, {coords}{layer})"), &elem)
            }
            ResourceMethod::Load(_) => {
                // The level is the coordinate's last component; a constant offset moves the
                // coordinate (WGSL's `textureLoad` takes none), not the layer.
                let c = self.pure_operand(cx, args[0]);
                let sw: String = (0..n).map(xyzw).collect();
                let (coords, layer) = self.split_layer_of(kind, &c, &sw);
                let coords = match args.get(1) {
                    Some(&o) => format!("({coords} + {})", self.expr(cx, o)),
                    None => coords,
                };
                texel_of(self, format!("textureLoad({t}, {coords}{layer}, {c}.{})", xyzw(n)))
            }
            // A constant offset moves the coordinate (WGSL's `textureLoad` takes none).
            ResourceMethod::LoadSample => {
                let c = self.expr(cx, args[0]);
                let c = match args.get(2) {
                    Some(&o) => format!("({c} + {})", self.expr(cx, o)),
                    None => c,
                };
                let s = self.expr(cx, args[1]);
                self.narrow(format!("textureLoad({t}, {c}, {s})"), &elem)
            }
            ResourceMethod::MipLoad => {
                let level = self.expr(cx, args[0]);
                let c = self.expr(cx, args[1]);
                let (coords, layer) = self.split_layer(cx, kind, c, args[1]);
                texel_of(self, format!("textureLoad({t}, {coords}{layer}, {level})"))
            }
            ResourceMethod::Sample(op) => {
                let o = op.operands();
                if op.kind.needs_derivatives() {
                    self.refuse(span, &format!("`{}` (implicit LOD needs derivatives, which compute shaders have none of: use `SampleLevel`)", op.kind.method_name()));
                    return "0".into();
                }
                if o.clamp.is_some() {
                    self.refuse(span, &format!("`{}` (LOD clamps)", op.kind.method_name()));
                    return "0".into();
                }
                let s = self.expr(cx, args[o.sampler]);
                let c = self.expr(cx, args[o.coord]);
                let (coords, layer) = self.split_layer(cx, kind, c, args[o.coord]);
                // A sampled layer is the coordinate's last component rounded to even, as Vulkan's is.
                let layer = if layer.is_empty() { layer } else { format!(", i32(round({}))", &layer[2..]) };
                let offset = match o.offset {
                    Some(i) => format!(", {}", self.expr(cx, args[i])),
                    None => String::new(),
                };
                let texel = match op.kind {
                    // A depth texture's level is an integer.
                    SampleKind::Level if depth => {
                        let lod = self.expr(cx, args[o.lod.unwrap_or(2)]);
                        format!("textureSampleLevel({t}, {s}, {coords}{layer}, i32({lod}){offset})")
                    }
                    SampleKind::Level => {
                        let lod = self.expr(cx, args[o.lod.unwrap_or(2)]);
                        format!("textureSampleLevel({t}, {s}, {coords}{layer}, {lod}{offset})")
                    }
                    // WGSL compares at level 0 only.
                    SampleKind::CmpLevelZero | SampleKind::CmpLevel => {
                        if let Some(lod) = o.lod {
                            if !matches!(cx.f.const_value(args[lod]), Some(ConstValue::Float(z)) if z == 0.0)
                                && !matches!(cx.f.const_value(args[lod]).and_then(|v| v.as_i64()), Some(0))
                            {
                                self.refuse(
                                    span,
                                    "`SampleCmpLevel` of a level other than 0 (WGSL compares at level 0 only)",
                                );
                                return "0".into();
                            }
                        }
                        let r = self.expr(cx, args[o.compare.unwrap_or(2)]);
                        return format!("textureSampleCompareLevel({t}, {s}, {coords}{layer}, {r}{offset})");
                    }
                    SampleKind::GatherCmp(c) if c.unwrap_or(0) == 0 => {
                        let r = self.expr(cx, args[o.compare.unwrap_or(2)]);
                        return format!("textureGatherCompare({t}, {s}, {coords}{layer}, {r}{offset})");
                    }
                    SampleKind::Gather(c) if depth => {
                        if c.unwrap_or(0) != 0 {
                            self.refuse(
                                span,
                                &format!("`{}` of a depth texture (it has one component)", op.kind.method_name()),
                            );
                        }
                        format!("textureGather({t}, {s}, {coords}{layer}{offset})")
                    }
                    SampleKind::Grad if depth => {
                        self.refuse(span, "`SampleGrad` of a texture a depth compare reads (WGSL has no gradient sampling of depth textures)");
                        return "0".into();
                    }
                    SampleKind::Grad => {
                        let (x, y) = o.grad.unwrap_or((2, 3));
                        let (x, y) = (self.expr(cx, args[x]), self.expr(cx, args[y]));
                        format!("textureSampleGrad({t}, {s}, {coords}{layer}, {x}, {y}{offset})")
                    }
                    SampleKind::Gather(_) => {
                        let c = op.kind.gather_component();
                        format!("textureGather({c}, {t}, {s}, {coords}{layer}{offset})")
                    }
                    _ => {
                        self.refuse(span, &format!("`{}`", op.kind.method_name()));
                        return "0".into();
                    }
                };
                if op.kind.is_gather() {
                    texel
                } else {
                    texel_of(self, texel)
                }
            }
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
                let mip_form = method == ResourceMethod::GetDimensionsMip;
                let level = if mip_form { format!(", {}", self.expr(cx, args[0])) } else { String::new() };
                let outs = if mip_form { &args[1..] } else { args };
                let size_dims = kind.size_dims();
                let dims_of = kind
                    .texture_shape()
                    .map(|(d, _)| if d == TextureDim::Cube { 2 } else { d.coord_dims() })
                    .unwrap_or(1);
                let d = self.hoist(format!("textureDimensions({t}{level})"));
                let mut values: Vec<String> = if dims_of == 1 {
                    vec![d.clone()]
                } else {
                    (0..dims_of).map(|i| format!("{d}.{}", xyzw(i))).collect()
                };
                if size_dims > dims_of {
                    values.push(format!("textureNumLayers({t})"));
                }
                if mip_form {
                    values.push(format!("textureNumLevels({t})"));
                }
                if method == ResourceMethod::GetDimensionsSamples {
                    values.push(format!("textureNumSamples({t})"));
                }
                let mut last = String::new();
                for (a, v) in outs.iter().zip(values) {
                    let ty = cx.f.exprs[*a].ty.clone();
                    let v = if ty == Type::UINT { v } else { format!("{}({v})", self.ty(&ty, span)) };
                    let s = self.store(cx, *a, v);
                    if !last.is_empty() {
                        let _ = writeln!(self.pre, "{last};");
                    }
                    last = s;
                }
                last
            }
            _ => {
                self.refuse(span, &format!("this method of a `{}`", kind.name()));
                "0".into()
            }
        }
    }

    /// [`Self::split_layer`] of a coordinate already in a name, reading components `sw`.
    fn split_layer_of(&self, kind: ResourceKind, c: &str, sw: &str) -> (String, String) {
        match kind.texture_shape() {
            Some((d, true)) => {
                let n = d.coord_dims();
                let coords: String = (0..n).map(xyzw).collect();
                (format!("{c}.{coords}"), format!(", {c}.{}", xyzw(n)))
            }
            _ if sw.len() == 1 => (format!("{c}.x"), String::new()),
            _ => (format!("{c}.{sw}"), String::new()),
        }
    }
}
