//! Textures, samplers and typed buffers, as Vulkan GLSL writes them: separate `texture2D` and
//! `sampler` uniforms combined where they are used (`sampler2D(tex, samp)`, the `…Shadow`
//! constructor for depth compares), `image2D` with the `[[vk::image_format]]` (else the one
//! SPIR-V derives from the element type), `textureBuffer`/`imageBuffer` for typed buffers.
//! Texel reads and size queries of sampled images need no sampler: they use
//! `GL_EXT_samplerless_texture_functions`, so every descriptor has the type SPIR-V gives it
//! and the runners bind the same descriptors for both.
//!
//! HLSL's conventions become GLSL's here: `Load`'s level is the coordinate's last component,
//! a depth compare's reference is the coordinate's last component (a separate argument for
//! cube arrays and gathers), sampled texels always have four components.

use super::writer::{Ctx, Writer, P_ASSIGN, P_COMMA, P_POSTFIX};
use crate::ir::bindings::Slot;
use crate::ir::*;
use crate::span::Span;
use std::fmt::Write as _;

/// Whether a resource of this kind is an image to GLSL (a texture or a typed buffer).
pub(super) fn is_image_kind(k: ResourceKind) -> bool {
    k.is_texture() || matches!(k, ResourceKind::Buffer | ResourceKind::RWBuffer)
}

/// The 32-bit scalar of the texels of an image of `s` elements: narrower elements (`uint8_t`,
/// `half`) are converted from and to it, as SPIR-V's images hold 32-bit texels.
fn texel_scalar(s: Scalar) -> Scalar {
    match s {
        Scalar::F16 => Scalar::F32,
        Scalar::I8 | Scalar::I16 => Scalar::I32,
        Scalar::U8 | Scalar::U16 => Scalar::U32,
        other => other,
    }
}

/// GLSL's name of a dimensionality: `2DArray` in `texture2DArray`, `image2DArray`.
fn dim_suffix(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::Texture2DMS => return "2DMS",
        ResourceKind::Texture2DMSArray => return "2DMSArray",
        _ => {}
    }
    match kind.texture_shape() {
        None => "Buffer",
        Some((TextureDim::D1, false)) => "1D",
        Some((TextureDim::D1, true)) => "1DArray",
        Some((TextureDim::D2, false)) => "2D",
        Some((TextureDim::D2, true)) => "2DArray",
        Some((TextureDim::D3, _)) => "3D",
        Some((TextureDim::Cube, false)) => "Cube",
        Some((TextureDim::Cube, true)) => "CubeArray",
    }
}

/// What one texture expression names: its kind, element type and GLSL spelling (`Tex`,
/// `Textures[i]`).
pub(super) struct Image {
    kind: ResourceKind,
    elem: Type,
    text: String,
}

impl Image {
    /// The texel's 32-bit scalar ([`texel_scalar`]).
    fn scalar(&self) -> Scalar {
        texel_scalar(self.elem.scalar().unwrap_or(Scalar::F32))
    }
    fn storage(&self) -> bool {
        self.kind.is_writable()
    }
    /// `i`/`u` before `texture2D`, `vec4`; `i64`/`u64` before `image2D` (`u64vec4`).
    fn prefix(&self) -> &'static str {
        match self.scalar() {
            Scalar::I32 => "i",
            Scalar::U32 => "u",
            Scalar::I64 => "i64",
            Scalar::U64 => "u64",
            _ => "",
        }
    }
}

impl<'a> Writer<'a> {
    /// Declares a texture, sampler or typed buffer, or an array of them (a runtime-sized one,
    /// a bindless table, through `GL_EXT_nonuniform_qualifier`).
    pub(super) fn texture_global(&mut self, out: &mut String, h: GlobalId, g: &Global, name: &str) {
        let (kind, elem, dims) = match &g.ty {
            Type::Resource(k, e) => (*k, e, String::new()),
            Type::Array(inner, n) => match inner.as_ref() {
                Type::Resource(k, e)
                    if is_image_kind(*k) || k.is_sampler() || *k == ResourceKind::RaytracingAccelerationStructure =>
                {
                    let dims = match n {
                        Some(n) => format!("[{n}]"),
                        None => {
                            self.extensions.insert("GL_EXT_nonuniform_qualifier");
                            "[]".to_string()
                        }
                    };
                    (*k, e, dims)
                }
                _ => {
                    self.refuse(
                        g.span,
                        &format!("the array of buffers `{}` (arrays of textures and samplers only)", g.name),
                    );
                    return;
                }
            },
            _ => {
                self.refuse(g.span, &format!("the resource array `{}`", g.name));
                return;
            }
        };
        // A combined texture-sampler's sampler is its texture's `sampler2D`, declared once.
        if g.shares_binding.is_some() {
            return;
        }
        let combined = self.module.combined_sampler_of(h).map(|s| &self.module.globals[s].ty);
        let mut qualifiers = Vec::new();
        if let Some(b) = crate::ir::bindings::Binding::of(&self.bindings, Slot::Global(h)) {
            qualifiers.push(format!("set = {}", b.set));
            qualifiers.push(format!("binding = {}", b.binding));
        } else {
            self.internal(g.span, "a resource without a binding");
        }
        let ty = if kind.is_sampler() {
            if kind == ResourceKind::SamplerComparisonState { "samplerShadow" } else { "sampler" }.to_string()
        } else if kind == ResourceKind::RaytracingAccelerationStructure {
            self.extensions.insert("GL_EXT_ray_query");
            "accelerationStructureEXT".to_string()
        } else {
            let elem = elem.as_deref().cloned().unwrap_or(Type::Vector(Scalar::F32, 4));
            let Some(image) = self.image_elem(kind, &elem, g.span) else { return };
            let suffix = dim_suffix(kind);
            if kind.is_writable() {
                if let Some(f) = self.storage_format(&image, g.image_format) {
                    qualifiers.push(f);
                }
                format!("{}image{suffix}", image.prefix())
            } else if let Some(sampler) = combined {
                let compare = matches!(sampler, Type::Resource(ResourceKind::SamplerComparisonState, _))
                    || matches!(sampler, Type::Array(e, _) if matches!(**e, Type::Resource(ResourceKind::SamplerComparisonState, _)));
                let shadow = if compare { "Shadow" } else { "" };
                format!("{}sampler{suffix}{shadow}", image.prefix())
            } else {
                format!("{}texture{suffix}", image.prefix())
            }
        };
        let coherent = if g.coherent { "coherent " } else { "" };
        let access = if kind.is_write_only() { "writeonly " } else { "" };
        let _ = writeln!(out, "layout({}) uniform {coherent}{access}{ty} {name}{dims};", qualifiers.join(", "));
    }

    /// Checks the element type a texture holds (32-bit scalars and vectors, as in SPIR-V, and
    /// the 64-bit integer scalars of a storage image: `GL_EXT_shader_image_int64`'s
    /// `u64image2D`, which has no sampled texture type).
    fn image_elem(&mut self, kind: ResourceKind, elem: &Type, span: Span) -> Option<Image> {
        if matches!(elem, Type::Scalar(Scalar::I64 | Scalar::U64)) {
            if !kind.is_writable() {
                let msg = format!(
                    "`{}<{}>`: GL_EXT_shader_image_int64 has 64-bit storage images (`u64image2D`) but no 64-bit \
                     sampled textures; declare it `RW`",
                    kind.name(),
                    self.module.type_name(elem)
                );
                self.refuse(span, &msg);
                return None;
            }
            self.extensions.insert("GL_EXT_shader_image_int64");
            self.extensions.insert("GL_EXT_shader_explicit_arithmetic_types_int64");
            return Some(Image { kind, elem: elem.clone(), text: String::new() });
        }
        let ok = matches!(elem, Type::Scalar(s) | Type::Vector(s, _) if !matches!(s, Scalar::Bool | Scalar::I64 | Scalar::U64 | Scalar::F64));
        if !ok {
            self.refuse(
                span,
                &format!(
                    "`{}<{}>`: typed buffers and textures of float, half and 8-, 16- and 32-bit integer scalars and \
                     vectors, and storage images of 64-bit integer scalars, only",
                    kind.name(),
                    self.module.type_name(elem)
                ),
            );
            return None;
        }
        Some(Image { kind, elem: elem.clone(), text: String::new() })
    }

    /// A storage image's `layout` format: the declared one, else the one of its element type
    /// (as SPIR-V chooses it). Three components have no format: reads then need
    /// `GL_EXT_shader_image_load_formatted`.
    fn storage_format(&mut self, image: &Image, declared: Option<crate::image::Format>) -> Option<String> {
        if let Some(f) = declared {
            return Some(f.glsl_name());
        }
        let n = image.elem.vector_size().unwrap_or(1);
        let channels = match n {
            1 => "r",
            2 => "rg",
            4 => "rgba",
            _ => {
                self.extensions.insert("GL_EXT_shader_image_load_formatted");
                return None;
            }
        };
        let bits = match image.scalar() {
            Scalar::I32 => "32i",
            Scalar::U32 => "32ui",
            Scalar::I64 => "64i",
            Scalar::U64 => "64ui",
            _ => "32f",
        };
        Some(format!("{channels}{bits}"))
    }

    /// The texture or sampler a resource expression names: a global or an element of a global
    /// array of them.
    fn descriptor(&mut self, cx: &Ctx<'a>, e: ExprId) -> Option<(ResourceKind, Option<Type>, String)> {
        let x = &cx.f.exprs[e];
        let Type::Resource(kind, elem) = &x.ty else { return None };
        let named = match &x.kind {
            ExprKind::Global(_) => true,
            ExprKind::Index { base, .. } => matches!(cx.f.exprs[*base].kind, ExprKind::Global(_)),
            _ => false,
        };
        if !named {
            self.refuse(x.span, "a texture or sampler that is not a global (resources as values)");
            return None;
        }
        let text = self.expr(cx, e, P_POSTFIX);
        Some((*kind, elem.as_deref().cloned(), text))
    }

    /// The texture whose combined texture-sampler sampler `e` names, if it is one.
    fn combined_texture(&self, cx: &Ctx<'a>, e: ExprId) -> Option<GlobalId> {
        self.module.globals[root_global(cx, e)?].shares_binding
    }

    fn image(&mut self, cx: &Ctx<'a>, e: ExprId) -> Option<Image> {
        let (kind, elem, text) = self.descriptor(cx, e)?;
        let elem = elem.unwrap_or(Type::Vector(Scalar::F32, 4));
        let mut image = self.image_elem(kind, &elem, cx.f.exprs[e].span)?;
        image.text = text;
        Some(image)
    }

    /// An integer texel coordinate, as GLSL's `int`/`ivecN` (HLSL takes unsigned ones too).
    fn int_coord(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> String {
        let ty = cx.f.exprs[e].ty.clone();
        if ty.scalar() == Some(Scalar::I32) {
            return self.expr(cx, e, P_ASSIGN);
        }
        let t = self.ty_at(&ty.with_scalar(Scalar::I32), span);
        format!("{t}({})", self.expr(cx, e, P_ASSIGN))
    }

    /// The first components of a four-component 32-bit texel, as `ty` (converted to a
    /// narrower element: `uint8_t(imageLoad(…).x)`).
    fn texel_as(&mut self, texel: String, ty: &Type) -> String {
        let part = match ty.vector_size().unwrap_or(1) {
            4 => texel,
            1 => format!("{texel}.x"),
            2 => format!("{texel}.xy"),
            _ => format!("{texel}.xyz"),
        };
        match ty.scalar() {
            Some(s) if texel_scalar(s) != s => {
                let t = self.ty_at(ty, Span::default());
                format!("{t}({part})")
            }
            _ => part,
        }
    }

    /// The four-component texel a read gives: `imageLoad`, or `texelFetch` at `lod`.
    fn fetch(&mut self, image: &Image, coord: String, lod: Option<String>, offset: Option<String>) -> String {
        if image.storage() {
            return format!("imageLoad({}, {coord})", image.text);
        }
        self.extensions.insert("GL_EXT_samplerless_texture_functions");
        if image.kind == ResourceKind::Buffer {
            return format!("texelFetch({}, {coord})", image.text);
        }
        let lod = lod.unwrap_or_else(|| "0".into());
        match offset {
            Some(o) => format!("texelFetchOffset({}, {coord}, {lod}, {o})", image.text),
            None => format!("texelFetch({}, {coord}, {lod})", image.text),
        }
    }

    /// `Tex[coord]`: the texel at level 0.
    pub(super) fn texel_read(
        &mut self,
        cx: &Ctx<'a>,
        base: ExprId,
        index: ExprId,
        ty: &Type,
        span: Span,
    ) -> (String, u8) {
        let Some(image) = self.image(cx, base) else { return ("0".into(), P_POSTFIX) };
        let c = self.int_coord(cx, index, span);
        let texel = self.fetch(&image, c, None, None);
        (self.texel_as(texel, ty), P_POSTFIX)
    }

    /// `image, ivecN(coord)`: the operands that name texel `Tex[coord]` to an `imageAtomic*`.
    pub(super) fn texel_operands(&mut self, cx: &Ctx<'a>, texel: ExprId, span: Span) -> String {
        let Some((base, index)) = cx.f.storage_texel(texel) else {
            self.internal(span, "a texel form without a texel");
            return "0".into();
        };
        let Some(image) = self.image(cx, base) else { return "0".into() };
        let c = self.int_coord(cx, index, span);
        format!("{}, {c}", image.text)
    }

    /// `Tex[coord] = value` or `Tex[coord] op= value`: an `imageStore` of the texel widened to
    /// four components (the format drops the ones it lacks). It has no value, so it stands only
    /// as a statement.
    pub(super) fn texel_write(
        &mut self,
        cx: &Ctx<'a>,
        target: ExprId,
        op: Option<BinaryOp>,
        value: Option<ExprId>,
        statement: bool,
        span: Span,
    ) -> (String, u8) {
        let ExprKind::Index { base, index } = cx.f.exprs[target].kind else {
            self.internal(span, "a texel write without a texel");
            return ("0".into(), P_POSTFIX);
        };
        if !statement {
            self.refuse(span, "an assignment to a texel used as a value (GLSL's `imageStore` has none)");
            return ("0".into(), P_POSTFIX);
        }
        let Some(image) = self.image(cx, base) else { return ("0".into(), P_POSTFIX) };
        let ty = cx.f.exprs[target].ty.clone();
        let c = self.int_coord(cx, index, span);
        let v = if let Some(op) = op {
            if has_effects(self, cx, index) {
                self.refuse(span, "a compound assignment to a texel whose coordinate has side effects");
                return ("0".into(), P_POSTFIX);
            }
            if op == BinaryOp::Rem && ty.scalar().is_some_and(Scalar::is_float) {
                self.refuse(span, "`%=` of a floating-point texel");
                return ("0".into(), P_POSTFIX);
            }
            let texel = self.fetch(&image, c.clone(), None, None);
            let old = self.texel_as(texel, &ty);
            // `++tex[c]` and `--tex[c]` add or take one.
            let rhs = match value {
                Some(value) => self.expr(cx, value, super::writer::P_PREFIX),
                None => match ty.scalar() {
                    Some(Scalar::U32) => "1u".to_string(),
                    Some(Scalar::I32) => "1".to_string(),
                    Some(Scalar::U64) => "1ul".to_string(),
                    Some(Scalar::I64) => "1l".to_string(),
                    _ => "1.0".to_string(),
                },
            };
            if op == BinaryOp::Rem && ty.scalar().is_some_and(Scalar::is_signed_int) {
                let rem = self.rem_helper(&ty, span);
                format!("{rem}({old}, {rhs})")
            } else {
                format!("{old} {} {rhs}", op.symbol())
            }
        } else if let Some(value) = value {
            self.expr(cx, value, P_ASSIGN)
        } else {
            self.internal(span, "a texel write without a value");
            return ("0".into(), P_POSTFIX);
        };
        let n = ty.vector_size().unwrap_or(1);
        let narrow = ty.scalar().is_some_and(|s| texel_scalar(s) != s);
        let texel = if n == 4 && !narrow {
            v
        } else if n == 4 {
            format!("{}vec4({v})", image.prefix())
        } else {
            let zero = match image.scalar() {
                Scalar::I32 => "0",
                Scalar::U32 => "0u",
                Scalar::I64 => "0l",
                Scalar::U64 => "0ul",
                _ => "0.0",
            };
            let mut parts = vec![v];
            parts.extend(std::iter::repeat_n(zero.to_string(), 4 - n as usize));
            format!("{}vec4({})", image.prefix(), parts.join(", "))
        };
        (format!("imageStore({}, {c}, {texel})", image.text), P_POSTFIX)
    }

    /// `Load`, `mips[][]`, `Sample*`, `Gather*` and `GetDimensions` of textures and typed
    /// buffers.
    pub(super) fn texture_method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let Some(image) = self.image(cx, object) else { return ("0".into(), P_POSTFIX) };
        match method {
            ResourceMethod::Load(_) if image.storage() || image.kind == ResourceKind::Buffer => {
                let c = self.int_coord(cx, args[0], span);
                {
                    let texel = self.fetch(&image, c, None, None);
                    (self.texel_as(texel, ret), P_POSTFIX)
                }
            }
            ResourceMethod::Load(_) => {
                let Some((c, lod)) = self.split_level(cx, args[0], span) else { return ("0".into(), P_POSTFIX) };
                let offset = args.get(1).map(|&o| self.int_coord(cx, o, span));
                {
                    let texel = self.fetch(&image, c, Some(lod), offset);
                    (self.texel_as(texel, ret), P_POSTFIX)
                }
            }
            // GLSL has no `texelFetchOffset` of a multisampled texture: the constant offset
            // moves the coordinate, which is all SPIR-V's `ConstOffset` does.
            ResourceMethod::LoadSample => {
                self.extensions.insert("GL_EXT_samplerless_texture_functions");
                let c = self.int_coord(cx, args[0], span);
                let s = self.int_coord(cx, args[1], span);
                let c = match args.get(2) {
                    Some(&o) if image.kind == ResourceKind::Texture2DMSArray => {
                        let o = self.int_coord(cx, o, span);
                        format!("({c} + ivec3({o}, 0))")
                    }
                    Some(&o) => {
                        let o = self.int_coord(cx, o, span);
                        format!("({c} + {o})")
                    }
                    None => c,
                };
                let texel = format!("texelFetch({}, {c}, {s})", image.text);
                (self.texel_as(texel, ret), P_POSTFIX)
            }
            ResourceMethod::MipLoad => {
                let lod = self.int_coord(cx, args[0], span);
                let c = self.int_coord(cx, args[1], span);
                {
                    let texel = self.fetch(&image, c, Some(lod), None);
                    (self.texel_as(texel, ret), P_POSTFIX)
                }
            }
            ResourceMethod::Sample(op) => self.sample(cx, (object, &image), op, args, ret, span),
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
                self.dimensions(cx, &image, method, args, span)
            }
            other => {
                self.refuse(span, &format!("`{other:?}` of a `{}`", image.kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }

    /// `Load(int3(x, y, mip))`'s coordinate and level: the parts of a constructor when the
    /// level is its own last part, else swizzles of a coordinate that is read twice.
    fn split_level(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> Option<(String, String)> {
        let x = &cx.f.exprs[e];
        let n = x.ty.vector_size().unwrap_or(1);
        let int_ty = |k: u8| if k == 1 { Type::INT } else { Type::Vector(Scalar::I32, k) };
        if let ExprKind::Construct(parts) = &x.kind {
            if let Some((&last, rest)) = parts.split_last() {
                if matches!(cx.f.exprs[last].ty, Type::Scalar(_)) && !rest.is_empty() {
                    let lod = self.int_coord(cx, last, span);
                    let c = if let [one] = rest {
                        self.int_coord(cx, *one, span)
                    } else {
                        let t = self.ty_at(&int_ty(n - 1), span);
                        format!("{t}({})", self.args(cx, rest))
                    };
                    return Some((c, lod));
                }
            }
        }
        if has_effects(self, cx, e) {
            self.refuse(span, "a `Load` whose coordinate has side effects and is not a constructor");
            return None;
        }
        let whole = self.int_coord(cx, e, span);
        let whole = if whole.ends_with(')') || whole.chars().all(|c| c.is_alphanumeric() || c == '_') {
            whole
        } else {
            format!("({whole})")
        };
        let sw = ["x", "xy", "xyz"][(n as usize).saturating_sub(2).min(2)];
        let last = ["x", "y", "z", "w"][(n as usize - 1).min(3)];
        Some((format!("{whole}.{sw}"), format!("{whole}.{last}")))
    }

    /// `Sample*` and `Gather*`: GLSL's `texture`, `textureLod`, `textureGrad` or
    /// `textureGather`, with `Offset` and `ClampARB` forms, on the image and sampler combined.
    fn sample(
        &mut self,
        cx: &Ctx<'a>,
        (image_expr, image): (ExprId, &Image),
        op: SampleOp,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let o = op.operands();
        let shape = image.kind.texture_shape();
        let compare = op.kind.is_compare();
        let cube_array = matches!(shape, Some((TextureDim::Cube, true)));
        let shadow = if compare { "Shadow" } else { "" };
        // A combined texture-sampler samples through its own `sampler2D`; its sampler cannot
        // be taken out of it for another texture.
        let combined = match self.combined_texture(cx, args[o.sampler]) {
            Some(texture) if Some(texture) == root_global(cx, image_expr) => image.text.clone(),
            Some(_) => {
                let at = cx.f.exprs[args[o.sampler]].span;
                self.refuse(at, "the sampler of a combined texture-sampler sampling another texture");
                return ("0".into(), P_POSTFIX);
            }
            None => {
                let Some((_, _, sampler)) = self.descriptor(cx, args[o.sampler]) else {
                    return ("0".into(), P_POSTFIX);
                };
                format!("{}sampler{}{shadow}({}, {sampler})", image.prefix(), dim_suffix(image.kind), image.text)
            }
        };
        let mut coord = self.expr(cx, args[o.coord], P_ASSIGN);
        let mut reference = None;
        if let Some(i) = o.compare {
            let r = self.expr(cx, args[i], P_ASSIGN);
            if op.kind.is_gather() || cube_array {
                reference = Some(r);
            } else {
                // The reference is the coordinate's last component (a 1D one's third).
                let dims = image.kind.sample_dims();
                coord = match dims {
                    1 => format!("vec3({coord}, 0.0, {r})"),
                    d => format!("vec{}({coord}, {r})", d + 1),
                };
            }
        }
        let offset = o.offset.map(|i| self.int_coord(cx, args[i], span));
        let clamp = o.clamp.map(|i| self.expr(cx, args[i], P_ASSIGN));
        let mut call = vec![combined, coord];
        if let SampleKind::Lod(unclamped) = op.kind {
            // x: the level sampling would read; y: the LOD before clamping.
            let which = if unclamped { "y" } else { "x" };
            return (format!("textureQueryLod({}).{which}", call.join(", ")), P_POSTFIX);
        }
        let name = match op.kind {
            SampleKind::Gather(_) | SampleKind::GatherCmp(_) => {
                let mut name = "textureGather".to_string();
                match (reference, &offset) {
                    (Some(r), Some(off)) => {
                        call.push(r);
                        call.push(off.clone());
                        name.push_str("Offset");
                    }
                    (Some(r), None) => call.push(r),
                    (None, off) => {
                        if let Some(off) = off {
                            call.push(off.clone());
                            name.push_str("Offset");
                        }
                        let c = op.kind.gather_component();
                        if c != 0 {
                            call.push(c.to_string());
                        }
                    }
                }
                let texel = format!("{name}({})", call.join(", "));
                return (self.texel_as(texel, ret), P_POSTFIX);
            }
            SampleKind::Level | SampleKind::CmpLevel | SampleKind::CmpLevelZero => {
                call.extend(reference);
                let lod = match o.lod {
                    Some(i) => self.float_arg(cx, args[i], span),
                    None => "0.0".into(),
                };
                // Depth compares at a level on arrays and cubes are GL_EXT_texture_shadow_lod's.
                if compare && !matches!(shape, Some((TextureDim::D1, _)) | Some((TextureDim::D2, false))) {
                    self.extensions.insert("GL_EXT_texture_shadow_lod");
                }
                call.push(lod);
                "textureLod"
            }
            SampleKind::Grad => {
                let (dx, dy) = o.grad.unwrap_or((0, 0));
                call.push(self.expr(cx, args[dx], P_ASSIGN));
                call.push(self.expr(cx, args[dy], P_ASSIGN));
                "textureGrad"
            }
            SampleKind::Sample | SampleKind::Bias | SampleKind::Cmp | SampleKind::Lod(_) => {
                call.extend(reference);
                "texture"
            }
        };
        let mut name = name.to_string();
        if let Some(off) = offset {
            call.push(off);
            name.push_str("Offset");
        }
        if let Some(c) = clamp {
            self.extensions.insert("GL_ARB_sparse_texture_clamp");
            call.push(c);
            name.push_str("ClampARB");
        }
        if let Some(b) = o.bias {
            call.push(self.float_arg(cx, args[b], span));
        }
        let v = format!("{name}({})", call.join(", "));
        if compare {
            (v, P_POSTFIX)
        } else {
            (self.texel_as(v, ret), P_POSTFIX)
        }
    }

    fn float_arg(&mut self, cx: &Ctx<'a>, e: ExprId, span: Span) -> String {
        let ty = cx.f.exprs[e].ty.clone();
        if ty == Type::FLOAT {
            return self.expr(cx, e, P_ASSIGN);
        }
        let t = self.ty_at(&ty.with_scalar(Scalar::F32), span);
        format!("{t}({})", self.expr(cx, e, P_ASSIGN))
    }

    /// `GetDimensions`: each size, then the level count, assigned in a comma expression;
    /// `textureSize` at the given level (0 without one), `imageSize` of storage images.
    fn dimensions(
        &mut self,
        cx: &Ctx<'a>,
        image: &Image,
        method: ResourceMethod,
        args: &[ExprId],
        span: Span,
    ) -> (String, u8) {
        let ops = method.dimension_operands(args);
        let (sizes, levels) = (ops.sizes, ops.levels);
        let size = if image.storage() {
            format!("imageSize({})", image.text)
        } else {
            self.extensions.insert("GL_EXT_samplerless_texture_functions");
            if image.kind == ResourceKind::Buffer || image.kind.is_multisampled() {
                format!("textureSize({})", image.text)
            } else {
                let lod = match ops.level {
                    Some(level) => {
                        if has_effects(self, cx, level) && sizes.len() > 1 {
                            self.refuse(span, "a `GetDimensions` level with side effects");
                        }
                        self.int_coord(cx, level, span)
                    }
                    None => "0".into(),
                };
                format!("textureSize({}, {lod})", image.text)
            }
        };
        let mut parts = Vec::new();
        for (k, &a) in sizes.iter().enumerate() {
            let v = if sizes.len() == 1 { size.clone() } else { format!("{size}.{}", ["x", "y", "z"][k.min(2)]) };
            parts.push(self.assign_converted(cx, a, v, span));
        }
        if let Some(l) = levels {
            let v = format!("textureQueryLevels({})", image.text);
            parts.push(self.assign_converted(cx, l, v, span));
        }
        if let Some(n) = ops.samples {
            let v = format!("textureSamples({})", image.text);
            parts.push(self.assign_converted(cx, n, v, span));
        }
        (parts.join(", "), P_COMMA)
    }

    /// `target = T(value)`, for an `int` query result given to a `uint` or `float` argument.
    fn assign_converted(&mut self, cx: &Ctx<'a>, target: ExprId, value: String, span: Span) -> String {
        let ty = cx.f.exprs[target].ty.clone();
        let t = self.ty_at(&ty, span);
        let lhs = self.expr(cx, target, super::writer::P_PREFIX);
        format!("{lhs} = {t}({value})")
    }
}

/// The global a descriptor expression names (`t`, `t[i]`).
fn root_global(cx: &Ctx<'_>, e: ExprId) -> Option<GlobalId> {
    match cx.f.exprs[e].kind {
        ExprKind::Global(g) => Some(g),
        ExprKind::Index { base, .. } => match cx.f.exprs[base].kind {
            ExprKind::Global(g) => Some(g),
            _ => None,
        },
        _ => None,
    }
}

fn has_effects(w: &Writer<'_>, cx: &Ctx<'_>, e: ExprId) -> bool {
    crate::back::template::has_side_effects(cx.f, w.stdlib, e)
}
