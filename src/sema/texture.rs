//! Texture methods: `Sample*`, `Gather*`, `Load`, `GetDimensions`, `mips[][]`, a
//! multisampled texture's `Load(coord, sample)`, `sample[][]` and `[coord, sample]`
//! ([`ResourceMethod::LoadSample`]), and the `[[vk::image_format]]` attribute.
//!
//! These are IR operations ([`ResourceMethod::Sample`] and friends), not stdlib intrinsics: a
//! texture method takes a resource and a sampler, and each target writes it as one instruction
//! built from the same operands (SPIR-V's image operands, HLSL's method, the CPU engine's
//! sampler), so one description of the operands ([`SampleOp::operands`]) serves every backend.
//! The rules are HLSL's (DXC's overloads), with Vulkan's limits where they are stricter:
//! offsets are constants from −8 to 7 and cubes take none; gathers read 2D and cube textures;
//! depth compares do not read 3D ones; sampling (other than a gather) reads float textures.
//!
//! Diagnostics: E0530 a method that needs derivatives in a shader without them (found per
//! entry point, `check_call_graph`), E0531 the wrong kind of sampler, E0532 an offset that is
//! not a constant in range, E0533 a method or attribute the texture's type does not allow,
//! E0534 a read of a write-only texture (`WTexture2D`), E0535 derivative groups a compute
//! shader's group cannot form.

use super::Checker;
use crate::diag::Diagnostic;
use crate::image::Format;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

impl Checker {
    /// Whether `[[vk::image_format("unknown")]]` is written: [`Global::format_unknown`].
    pub(super) fn image_format_unknown(attrs: &[ast::Attribute]) -> bool {
        attrs.iter().any(|a| {
            a.name.name == "vk::image_format"
                && matches!(a.args.as_slice(), [ast::Expr { kind: ast::ExprKind::StringLit(s), .. }] if s.eq_ignore_ascii_case("unknown"))
        })
    }

    /// `[[vk::image_format("rgba8")]]` of a global of type `ty` (`"unknown"` is no format:
    /// [`Self::image_format_unknown`]), or Slang's `[format("rgba8")]`. Both take DXC's names
    /// and GLSL's (`rgba16_snorm`, `r11f_g11f_b10f`), as Slang does; a `[format]` of a name
    /// wavec has no format of (`bgra8`) leaves the format to the binding.
    pub(super) fn image_format_attr(&mut self, attrs: &[ast::Attribute], ty: &Type) -> Option<Format> {
        let slang = |a: &&ast::Attribute| {
            a.name.name == "format"
                && matches!(a.args.as_slice(), [ast::Expr { kind: ast::ExprKind::StringLit(s), .. }] if format_named(s).is_some())
        };
        let a = attrs.iter().find(|a| a.name.name == "vk::image_format").or_else(|| attrs.iter().find(slang))?;
        let name = match a.args.as_slice() {
            [ast::Expr { kind: ast::ExprKind::StringLit(s), .. }] => s.clone(),
            _ => {
                self.error("E0503", a.span, "expected `[[vk::image_format(\"rgba8\")]]`");
                return None;
            }
        };
        if name.eq_ignore_ascii_case("unknown") {
            return None;
        }
        let Some(format) = format_named(&name) else {
            let names: Vec<&str> = Format::names().into_iter().filter(|n| !n.starts_with('d')).collect();
            let msg = format!("unknown image format `{name}` (known: {})", names.join(", "));
            self.error("E0533", a.span, msg);
            return None;
        };
        let mut inner = ty;
        while let Type::Array(e, _) = inner {
            inner = e;
        }
        let (elem, writable) = match inner {
            Type::Resource(k, Some(e))
                if k.is_texture() || matches!(k, ResourceKind::Buffer | ResourceKind::RWBuffer) =>
            {
                (e.scalar(), k.is_writable())
            }
            _ => {
                self.error("E0533", a.span, "`vk::image_format` applies to textures and typed buffers");
                return None;
            }
        };
        let fits = match (format.kind(), elem) {
            (k, Some(s)) if k.is_float() => s.is_float(),
            // A read-only texture's format is not part of its type on any target (SPIR-V's
            // sampled images are `Unknown`), so DXC's `rgba16ui` on a `Buffer<int4>` only
            // needs the same kind of number; a storage image's must match its signedness.
            (crate::image::NumKind::Uint | crate::image::NumKind::Sint, Some(s)) if !writable => s.is_int(),
            (crate::image::NumKind::Uint, Some(s)) => s.is_unsigned_int(),
            (crate::image::NumKind::Sint, Some(s)) => s.is_signed_int(),
            _ => false,
        } && format.is_64bit() == elem.is_some_and(|s| s.bits() == 64);
        if !fits {
            let msg = format!("the format `{name}` does not hold `{}` elements", self.type_name(inner));
            self.error("E0533", a.span, msg);
            return None;
        }
        Some(format)
    }

    /// A method of a texture, or `None` when `name` is not one this module handles (then the
    /// resource methods common to buffers apply).
    pub(super) fn texture_method(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        if kind.is_multisampled() {
            return self.multisampled_method(object, kind, elem, name, args, span);
        }
        if let Some(sk) = SampleKind::from_method_name(&name.name) {
            return Some(self.sample_method(object, kind, elem, sk, name, args, span));
        }
        match name.name.as_str() {
            "Load" if kind.is_write_only() => Some(self.write_only_read(kind, name.span)),
            "Load" => Some(self.texture_load(object, kind, elem, name, args, span)),
            "Store" if kind.is_writable() => Some(self.texture_store(object, kind, elem, name, args, span)),
            "InterlockedAddF32"
                if kind.is_writable()
                    && !kind.is_write_only()
                    && matches!(kind.texture_shape(), Some((_, false)))
                    && *elem == Type::FLOAT =>
            {
                Some(self.texel_add_f32(object, kind, name, args, span))
            }
            "GetDimensions" => Some(self.texture_dimensions(object, kind, name, args, span)),
            _ => None,
        }
    }

    /// The derivative groups of an entry point: `[DerivativeGroupQuad]`,
    /// `[DerivativeGroupLinear]`, or GLSL's `layout(derivative_group_quadsNV) in;`. They let a
    /// compute shader sample with implicit LODs; the group's shape must hold whole groups of
    /// four (E0535).
    pub(super) fn derivative_group(
        &mut self,
        attrs: &[ast::Attribute],
        stage: Stage,
        numthreads: Option<[u32; 3]>,
    ) -> Option<DerivativeGroup> {
        let written =
            [("DerivativeGroupQuad", DerivativeGroup::Quads), ("DerivativeGroupLinear", DerivativeGroup::Linear)]
                .into_iter()
                .find_map(|(name, g)| Self::attr(attrs, name).map(|a| (g, a.span)))
                .or(self.glsl_derivative_group.filter(|_| stage == Stage::Compute));
        let (group, at) = written?;
        if stage != Stage::Compute {
            self.error("E0535", at, format!("derivative groups are for compute shaders, not {} shaders", stage.name()));
            return None;
        }
        let [x, y, z] = numthreads.unwrap_or([1, 1, 1]);
        let fits = match group {
            DerivativeGroup::Quads => x % 2 == 0 && y % 2 == 0,
            DerivativeGroup::Linear => (x * y * z) % 4 == 0,
        };
        if !fits {
            let need = match group {
                DerivativeGroup::Quads => "2×2 blocks of threads: the group's x and y must be even",
                DerivativeGroup::Linear => "four consecutive threads: the group must hold a multiple of 4 threads",
            };
            let msg = format!("a group of {x}×{y}×{z} threads cannot form derivative groups of {need}");
            self.push(Diagnostic::error("E0535", msg).with_label(at, "derivative groups asked for here"));
            return None;
        }
        Some(group)
    }

    fn write_only_read(&mut self, kind: ResourceKind, at: Span) -> ExprId {
        self.write_only_error(kind, at);
        self.error_expr(at)
    }

    fn write_only_error(&mut self, kind: ResourceKind, at: Span) {
        let msg = format!("`{}` is write-only: its texels cannot be read", kind.name());
        self.push(
            Diagnostic::error("E0534", msg)
                .with_label(at, "reads a texel")
                .with_note(format!("declare it `{}` to read it too", kind.read_write().name())),
        );
    }

    /// `tex.Store(coord, value)`: Slang's spelling of `tex[coord] = value`.
    fn texture_store(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> ExprId {
        let [coord, value] = args else {
            let msg = format!("`{}.Store` takes 2 arguments, found {}", kind.name(), args.len());
            return self.texture_error("E0403", name.span, msg);
        };
        let target = self.index(object, *coord, span);
        if self.ty(target).is_error() {
            return target;
        }
        let value = self.coerce(*value, elem, span);
        self.add_expr(ExprKind::Assign { op: None, target, value }, Type::Void, span)
    }

    /// Slang's `tex.InterlockedAddF32(coord, value[, out original])` of a `float` storage
    /// texture: `InterlockedAdd(tex[coord], value[, original])`, an atomic float add on the
    /// texel; the two-argument form returns the original value.
    fn texel_add_f32(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> ExprId {
        let (coord, value, original) = match args {
            [c, v] => (*c, *v, None),
            [c, v, o] => (*c, *v, Some(*o)),
            _ => {
                let msg = format!("`{}.InterlockedAddF32` takes 2 or 3 arguments, found {}", kind.name(), args.len());
                return self.texture_error("E0403", name.span, msg);
            }
        };
        let texel = self.index(object, coord, span);
        if self.ty(texel).is_error() {
            return texel;
        }
        let value = self.coerce(value, &Type::FLOAT, span);
        if let Some(original) = original {
            return self.call_intrinsic("InterlockedAdd", vec![texel, value, original], span, name.span);
        }
        let Some(temp) = self.temp("original", Type::FLOAT, span) else { return self.error_expr(span) };
        let out = self.add_expr(ExprKind::Local(temp), Type::FLOAT, span);
        let call = self.call_intrinsic("InterlockedAdd", vec![texel, value, out], span, name.span);
        let read = self.add_expr(ExprKind::Local(temp), Type::FLOAT, span);
        self.add_expr(ExprKind::Comma(call, read), Type::FLOAT, span)
    }

    /// Refuses every read of a write-only texture's texels in `f`: a `[]` that is not the whole
    /// target of a plain assignment (`tex[p] += v`, `tex[p].x = v` and atomics read the texel).
    pub(super) fn check_write_only_reads(&mut self, f: &Function) {
        let written: std::collections::HashSet<ExprId> = f
            .exprs
            .iter()
            .filter_map(|(_, e)| match e.kind {
                ExprKind::Assign { op: None, target, .. } => Some(target),
                _ => None,
            })
            .collect();
        for (id, e) in f.exprs.iter() {
            let ExprKind::Index { base, .. } = e.kind else { continue };
            if let Type::Resource(kind, _) = f.exprs[base].ty {
                if kind.is_write_only() && !written.contains(&id) {
                    self.write_only_error(kind, e.span);
                }
            }
        }
    }

    fn texture_error(&mut self, code: &'static str, at: Span, msg: String) -> ExprId {
        self.error(code, at, msg);
        self.error_expr(at)
    }

    #[allow(clippy::too_many_arguments)]
    fn sample_method(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        sk: SampleKind,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> ExprId {
        let method = sk.method_name();
        let Some((dim, _)) = kind.texture_shape().filter(|_| !kind.is_writable()) else {
            return self.texture_error("E0407", name.span, format!("`{}` has no method `{method}`", kind.name()));
        };
        if sk.is_gather() && !matches!(dim, TextureDim::D2 | TextureDim::Cube) {
            let msg = format!("`{method}` reads 2D and cube textures, not `{}`", kind.name());
            return self.texture_error("E0533", name.span, msg);
        }
        if sk.is_compare() && dim == TextureDim::D3 {
            let msg = format!("`{method}` compares depth, which 3D textures cannot do");
            return self.texture_error("E0533", name.span, msg);
        }
        let scalar = elem.scalar().unwrap_or(Scalar::F32);
        if !sk.is_gather() && !scalar.is_float() {
            let msg = format!(
                "`{method}` filters texels, which `{}` elements cannot be; read them with `Load` or a `Gather`",
                self.type_name(elem)
            );
            return self.texture_error("E0533", name.span, msg);
        }
        // The optional arguments after the fixed ones: an offset (none on cubes), then a clamp.
        let base = SampleOp { kind: sk, offset: false, clamp: false }.operands().count;
        let extra = args.len().saturating_sub(base);
        let has_offset = kind.offset_dims() > 0 && !matches!(sk, SampleKind::Lod(_));
        let max_extra = has_offset as usize + sk.takes_clamp() as usize;
        if args.len() < base || extra > max_extra {
            let mut forms = vec![format!("{base}")];
            if max_extra > 0 {
                forms.push(format!("{}", base + max_extra));
            }
            let msg = format!(
                "`{}.{method}` takes {} arguments, found {}{}",
                kind.name(),
                forms.join(" to "),
                args.len(),
                if !has_offset && extra == max_extra + 1 {
                    " (cubes take no offset)"
                } else if extra > max_extra {
                    " (the status argument of tiled resources is not supported)"
                } else {
                    ""
                }
            );
            return self.texture_error("E0403", name.span, msg);
        }
        let op = SampleOp { kind: sk, offset: has_offset && extra >= 1, clamp: extra == max_extra && sk.takes_clamp() };
        let o = op.operands();
        // The sampler must be the kind the method needs.
        let want = if sk.is_compare() { ResourceKind::SamplerComparisonState } else { ResourceKind::SamplerState };
        let st = self.ty(args[o.sampler]);
        // A level-of-detail query reads the sampler's filtering only, which both kinds have.
        let either =
            matches!(sk, SampleKind::Lod(_)) && st == Type::Resource(ResourceKind::SamplerComparisonState, None);
        if !st.is_error() && st != Type::Resource(want, None) && !either {
            let at = self.span_of(args[o.sampler]);
            let msg = format!("`{method}` takes a `{}`, found `{}`", want.name(), self.type_name(&st));
            let mut d = Diagnostic::error("E0531", msg).with_label(at, format!("this is `{}`", self.type_name(&st)));
            if sk.is_compare() {
                d = d.with_note("depth compares read through a `SamplerComparisonState`");
            } else if st == Type::Resource(ResourceKind::SamplerComparisonState, None) {
                d = d.with_note("a `SamplerComparisonState` is for `SampleCmp*` and `GatherCmp*`");
            }
            self.push(d);
            return self.error_expr(span);
        }
        let float = |n: u8| if n == 1 { Type::FLOAT } else { Type::Vector(Scalar::F32, n) };
        let mut conv: Vec<ExprId> = args.to_vec();
        // A level of detail is of the location within a layer: an array's index is not there.
        let coord_dims = if let SampleKind::Lod(_) = sk { dim.coord_dims() } else { kind.sample_dims() };
        conv[o.coord] = self.coerce(args[o.coord], &float(coord_dims), span);
        for i in [o.compare, o.bias, o.lod, o.clamp].into_iter().flatten() {
            conv[i] = self.coerce(args[i], &Type::FLOAT, span);
        }
        if let Some((dx, dy)) = o.grad {
            let g = float(dim.coord_dims());
            conv[dx] = self.coerce(args[dx], &g, span);
            conv[dy] = self.coerce(args[dy], &g, span);
        }
        if let Some(i) = o.offset {
            conv[i] = self.constant_offset(args[i], kind, method);
        }
        if sk.needs_derivatives() {
            if let Some(state) = self.cur.as_mut() {
                state.facts.derivatives.push((method, name.span));
            }
        }
        let ret = if let SampleKind::Lod(_) = sk {
            Type::FLOAT
        } else if sk.is_gather() {
            let s = if sk.is_compare() { Scalar::F32 } else { scalar };
            Type::Vector(s, 4)
        } else if sk.is_compare() {
            Type::FLOAT
        } else {
            elem.clone()
        };
        self.add_expr(ExprKind::Method { object, method: ResourceMethod::Sample(op), args: conv }, ret, span)
    }

    /// A texel offset: an `int` vector of the texture's offset size, folded to a constant from
    /// −8 to 7 (SPIR-V's `ConstOffset`; DXC's immediate offsets).
    fn constant_offset(&mut self, e: ExprId, kind: ResourceKind, method: &str) -> ExprId {
        let n = kind.offset_dims();
        let ty = if n == 1 { Type::INT } else { Type::Vector(Scalar::I32, n) };
        let at = self.span_of(e);
        let c = self.coerce(e, &ty, at);
        let globals = &self.global_consts;
        let values = self.cur.as_ref().and_then(|s| const_ints(&s.func, globals, c));
        match values {
            Some(v) if v.len() == n as usize && v.iter().all(|x| (-8..=7).contains(x)) => {
                let value = if n == 1 {
                    ConstValue::Int(v[0])
                } else {
                    ConstValue::Composite(v.into_iter().map(ConstValue::Int).collect())
                };
                self.add_expr(ExprKind::Const(value), ty, at)
            }
            Some(v) if v.len() == n as usize => {
                let shown: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                let msg = format!("the offset of `{method}` must be from -8 to 7, found ({})", shown.join(", "));
                self.push(Diagnostic::error("E0532", msg).with_label(at, "out of range"));
                c
            }
            _ => {
                if !self.ty(c).is_error() {
                    let msg = format!("the offset of `{method}` must be a constant");
                    let diag = Diagnostic::error("E0532", msg).with_label(at, "not known at compile time");
                    if !self.defer_constant_to_callers(c, diag.clone()) {
                        self.push(diag);
                    }
                }
                c
            }
        }
    }

    fn texture_load(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> ExprId {
        if matches!(kind.texture_shape(), Some((TextureDim::Cube, _))) {
            let msg = format!("`{}` has no `Load`; sample it, or read the faces as a `Texture2DArray`", kind.name());
            return self.texture_error("E0407", name.span, msg);
        }
        // A sampled texture's coordinate ends with the mip level; an offset may follow.
        let sampled = !kind.is_writable();
        let n = kind.index_dims() + sampled as u8;
        let max = 1 + (sampled && kind.offset_dims() > 0) as usize;
        if args.is_empty() || args.len() > max {
            let forms = if max == 2 { "1 or 2" } else { "1" };
            let msg = format!("`{}.Load` takes {forms} arguments, found {}", kind.name(), args.len());
            return self.texture_error("E0403", name.span, msg);
        }
        let coord = if n == 1 { Type::INT } else { Type::Vector(Scalar::I32, n) };
        let mut conv = vec![self.coerce(args[0], &coord, span)];
        if let Some(&off) = args.get(1) {
            conv.push(self.constant_offset(off, kind, "Load"));
        }
        self.add_expr(ExprKind::Method { object, method: ResourceMethod::Load(1), args: conv }, elem.clone(), span)
    }

    fn texture_dimensions(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> ExprId {
        let n = kind.size_dims() as usize;
        // Sampled textures also have `GetDimensions(mip, …sizes, levels)`.
        let mip = !kind.is_writable() && args.len() == n + 2;
        if args.len() != n && !mip {
            let forms = if kind.is_writable() { format!("{n}") } else { format!("{n} or {}", n + 2) };
            let msg = format!("`{}.GetDimensions` takes {forms} arguments, found {}", kind.name(), args.len());
            return self.texture_error("E0403", name.span, msg);
        }
        let mut conv = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            if mip && i == 0 {
                conv.push(self.coerce(a, &Type::UINT, span));
                continue;
            }
            self.require_lvalue(a);
            let t = self.ty(a);
            if !t.is_error() && !matches!(t, Type::Scalar(Scalar::U32 | Scalar::I32 | Scalar::F32)) {
                let at = self.span_of(a);
                let msg = format!("expected a `uint` or `float` variable, found `{}`", self.type_name(&t));
                self.error("E0405", at, msg);
            }
            conv.push(a);
        }
        let method = if mip { ResourceMethod::GetDimensionsMip } else { ResourceMethod::GetDimensions };
        self.add_expr(ExprKind::Method { object, method, args: conv }, Type::Void, span)
    }

    /// `tex.mips[level][coord]`, spotted in the syntax (`.mips` is no value of its own).
    pub(super) fn mips_index(&mut self, base: &ast::Expr, coord: &ast::Expr, span: Span) -> Option<ExprId> {
        let ast::ExprKind::Index { base: mips, index: level } = &base.kind else { return None };
        let ast::ExprKind::Member { base: tex, name } = &mips.kind else { return None };
        if name.name != "mips" {
            return None;
        }
        let t = self.expr(tex);
        let tt = self.ty(t);
        let (kind, elem) = match &tt {
            Type::Error => return Some(self.error_expr(span)),
            Type::Resource(k, Some(e))
                if !k.is_writable()
                    && !k.is_multisampled()
                    && matches!(k.texture_shape(), Some((d, _)) if d != TextureDim::Cube) =>
            {
                (*k, (**e).clone())
            }
            other => {
                let msg = format!("`{}` has no member `mips`", self.type_name(other));
                return Some(self.texture_error("E0407", name.span, msg));
            }
        };
        let l = self.expr(level);
        let l = self.coerce(l, &Type::UINT, span);
        let c = self.expr(coord);
        let n = kind.index_dims();
        let ct = if n == 1 { Type::UINT } else { Type::Vector(Scalar::U32, n) };
        let c = self.coerce(c, &ct, span);
        Some(self.add_expr(
            ExprKind::Method { object: t, method: ResourceMethod::MipLoad, args: vec![l, c] },
            elem,
            span,
        ))
    }
}

impl Checker {
    /// The methods of a multisampled texture: `Load(coord, sample[, offset])` and
    /// `GetDimensions(width, height[, layers], samples)`. It has one level and no filtering,
    /// so no `Sample*`, `Gather*` or `mips`.
    fn multisampled_method(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        name: &ast::Ident,
        args: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        match name.name.as_str() {
            "Load" => {
                if !(2..=3).contains(&args.len()) {
                    let msg = format!(
                        "`{}.Load` takes 2 or 3 arguments (coord, sample[, offset]), found {}",
                        kind.name(),
                        args.len()
                    );
                    return Some(self.texture_error("E0403", name.span, msg));
                }
                let n = kind.index_dims();
                let coord = self.coerce(args[0], &Type::Vector(Scalar::I32, n), span);
                let offset = args.get(2).map(|&o| self.constant_offset(o, kind, "Load"));
                Some(self.multisample_load(object, kind, elem, coord, Some(args[1]), offset, span))
            }
            "GetDimensions" => {
                let n = kind.size_dims() as usize + 1;
                if args.len() != n {
                    let shape = if n == 3 { "width, height, samples" } else { "width, height, elements, samples" };
                    let msg =
                        format!("`{}.GetDimensions` takes {n} arguments ({shape}), found {}", kind.name(), args.len());
                    return Some(self.texture_error("E0403", name.span, msg));
                }
                for &a in args {
                    self.require_lvalue(a);
                    let t = self.ty(a);
                    if !t.is_error() && !matches!(t, Type::Scalar(Scalar::U32 | Scalar::I32 | Scalar::F32)) {
                        let at = self.span_of(a);
                        let msg = format!("expected a `uint` or `float` variable, found `{}`", self.type_name(&t));
                        self.error("E0405", at, msg);
                    }
                }
                let method = ResourceMethod::GetDimensionsSamples;
                Some(self.add_expr(ExprKind::Method { object, method, args: args.to_vec() }, Type::Void, span))
            }
            "GetSamplePosition" => {
                let msg = format!(
                    "`{}.GetSamplePosition` is not supported: SPIR-V, GLSL, WGSL and Metal have no query of a texture's sample positions",
                    kind.name()
                );
                Some(self.texture_error("E0533", name.span, msg))
            }
            _ => {
                let msg = format!(
                    "`{}` has no method `{}`; a multisampled texture is read with `Load(coord, sample)`",
                    kind.name(),
                    name.name
                );
                Some(self.texture_error("E0407", name.span, msg))
            }
        }
    }

    /// A read of one sample of a multisampled texture at `coord` (an integer vector of the
    /// texture's index size): sample `sample`, or sample 0 when `None` (`tex[coord]`), moved
    /// by a constant `offset`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn multisample_load(
        &mut self,
        object: ExprId,
        kind: ResourceKind,
        elem: &Type,
        coord: ExprId,
        sample: Option<ExprId>,
        offset: Option<ExprId>,
        span: Span,
    ) -> ExprId {
        let coord_ty = Type::Vector(Scalar::I32, kind.index_dims());
        let coord = if self.ty(coord) == coord_ty { coord } else { self.coerce(coord, &coord_ty, span) };
        let sample = match sample {
            Some(s) => {
                let t = self.ty(s);
                if !t.is_error() && !matches!(t, Type::Scalar(s) if s.is_int()) {
                    let at = self.span_of(s);
                    let msg = format!(
                        "the sample index of `{}` must be an integer, found `{}`",
                        kind.name(),
                        self.type_name(&t)
                    );
                    self.push(Diagnostic::error("E0405", msg).with_label(at, "not an integer"));
                }
                self.coerce(s, &Type::INT, span)
            }
            None => self.add_expr(ExprKind::Const(ConstValue::Int(0)), Type::INT, span),
        };
        let method = ResourceMethod::LoadSample;
        let args = [coord, sample].into_iter().chain(offset).collect();
        self.add_expr(ExprKind::Method { object, method, args }, elem.clone(), span)
    }

    /// `tex.sample[s][coord]` of a multisampled texture, spotted in the syntax (`.sample` is
    /// no value of its own).
    pub(super) fn sample_index(&mut self, base: &ast::Expr, coord: &ast::Expr, span: Span) -> Option<ExprId> {
        let ast::ExprKind::Index { base: samples, index: sample } = &base.kind else { return None };
        let ast::ExprKind::Member { base: tex, name } = &samples.kind else { return None };
        if name.name != "sample" {
            return None;
        }
        let t = self.expr(tex);
        let (kind, elem) = match self.ty(t) {
            Type::Error => return Some(self.error_expr(span)),
            Type::Resource(k, Some(e)) if k.is_multisampled() => (k, *e),
            other => {
                let msg = format!("`{}` has no member `sample`", self.type_name(&other));
                return Some(self.texture_error("E0407", name.span, msg));
            }
        };
        let s = self.expr(sample);
        let c = self.expr(coord);
        Some(self.multisample_load(t, kind, &elem, c, Some(s), None, span))
    }
}

/// The integer components of a constant expression (literals, constructors, casts, swizzles,
/// arithmetic and bitwise operators, `static const` globals of constants), or `None`.
pub(super) fn const_ints(
    f: &Function,
    globals: &crate::fast_hash::HashMap<GlobalId, ConstValue>,
    e: ExprId,
) -> Option<Vec<i64>> {
    let x = &f.exprs[e];
    let n = x.ty.vector_size()? as usize;
    // A float constant converts as HLSL converts it to `int` (DXC folds `float2(1, 1)` given
    // as an offset so).
    let int_of = |c: &ConstValue| match c {
        ConstValue::Float(v) if v.is_finite() => Some(v.trunc() as i64),
        c => c.as_i64(),
    };
    let of_const = |c: &ConstValue| match c {
        ConstValue::Composite(parts) => parts.iter().map(int_of).collect(),
        c => Some(vec![int_of(c)?; n]),
    };
    match &x.kind {
        ExprKind::Const(c) => of_const(c),
        ExprKind::Global(g) => of_const(globals.get(g)?),
        ExprKind::Convert(a) => {
            let v = match &f.exprs[*a].kind {
                ExprKind::Const(ConstValue::Float(v)) => vec![*v as i64],
                _ => const_ints(f, globals, *a)?,
            };
            match v.len() {
                1 => Some(vec![v[0]; n]),
                m if m >= n => Some(v[..n].to_vec()),
                _ => None,
            }
        }
        ExprKind::Construct(parts) => {
            let mut out = Vec::new();
            for p in parts {
                out.extend(const_ints(f, globals, *p)?);
            }
            (out.len() == n).then_some(out)
        }
        ExprKind::Swizzle { base, components } => {
            let v = const_ints(f, globals, *base)?;
            components.iter().map(|&c| v.get(c as usize).copied()).collect()
        }
        ExprKind::Unary(UnaryOp::Neg, a) => {
            Some(const_ints(f, globals, *a)?.into_iter().map(|v| v.wrapping_neg()).collect())
        }
        ExprKind::Unary(UnaryOp::BitNot, a) => Some(const_ints(f, globals, *a)?.into_iter().map(|v| !v).collect()),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_ints(f, globals, *a)?, const_ints(f, globals, *b)?);
            let at = |v: &Vec<i64>, i: usize| if v.len() == 1 { v[0] } else { v[i] };
            if (a.len() != n && a.len() != 1) || (b.len() != n && b.len() != 1) {
                return None;
            }
            (0..n)
                .map(|i| {
                    let (l, r) = (at(&a, i), at(&b, i));
                    match op {
                        BinaryOp::Add => l.checked_add(r),
                        BinaryOp::Sub => l.checked_sub(r),
                        BinaryOp::Mul => l.checked_mul(r),
                        BinaryOp::Div => l.checked_div(r),
                        BinaryOp::Rem => l.checked_rem(r),
                        BinaryOp::Shl => u32::try_from(r).ok().and_then(|r| l.checked_shl(r)),
                        BinaryOp::Shr => u32::try_from(r).ok().and_then(|r| l.checked_shr(r)),
                        BinaryOp::BitAnd => Some(l & r),
                        BinaryOp::BitOr => Some(l | r),
                        BinaryOp::BitXor => Some(l ^ r),
                        _ => None,
                    }
                })
                .collect()
        }
        _ => None,
    }
}

/// The storage format `name` names, in DXC's spelling or GLSL's.
fn format_named(name: &str) -> Option<Format> {
    let format = Format::from_name(name).or_else(|| Format::from_glsl_name(&name.to_ascii_lowercase()));
    format.filter(|f| !f.is_depth())
}
