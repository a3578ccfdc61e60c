//! Typed buffers, textures and samplers: their declarations, texel reads and writes, sampling,
//! gathers and size queries (the module docs of [`crate::back::spv`] list the mapping).

use super::*;
use crate::image::Format;

/// The SPIR-V image format of a `[[vk::image_format]]`, and whether it is one of the formats
/// that need `StorageImageExtendedFormats` for storage images.
fn spirv_format(f: Format) -> (spirv::ImageFormat, bool) {
    use spirv::ImageFormat as S;
    use Format::*;
    match f {
        Rgba32f => (S::Rgba32f, false),
        Rg32f => (S::Rg32f, true),
        R32f => (S::R32f, false),
        Rgba16f => (S::Rgba16f, false),
        Rg16f => (S::Rg16f, true),
        R16f => (S::R16f, true),
        Rgba8 => (S::Rgba8, false),
        Rg8 => (S::Rg8, true),
        R8 => (S::R8, true),
        Rgba16 => (S::Rgba16, true),
        Rg16 => (S::Rg16, true),
        R16 => (S::R16, true),
        Rgba8Snorm => (S::Rgba8Snorm, false),
        Rg8Snorm => (S::Rg8Snorm, true),
        R8Snorm => (S::R8Snorm, true),
        Rgba32ui => (S::Rgba32ui, false),
        Rg32ui => (S::Rg32ui, true),
        R32ui => (S::R32ui, false),
        Rgba16ui => (S::Rgba16ui, false),
        Rg16ui => (S::Rg16ui, true),
        R16ui => (S::R16ui, true),
        Rgba8ui => (S::Rgba8ui, false),
        Rg8ui => (S::Rg8ui, true),
        R8ui => (S::R8ui, true),
        Rgba32i => (S::Rgba32i, false),
        Rg32i => (S::Rg32i, true),
        R32i => (S::R32i, false),
        Rgba16i => (S::Rgba16i, false),
        Rg16i => (S::Rg16i, true),
        R16i => (S::R16i, true),
        Rgba8i => (S::Rgba8i, false),
        Rg8i => (S::Rg8i, true),
        R8i => (S::R8i, true),
        R11g11b10f => (S::R11fG11fB10f, true),
        Rgb10a2 => (S::Rgb10A2, true),
        Rgb10a2ui => (S::Rgb10a2ui, true),
        Rgba16Snorm => (S::Rgba16Snorm, true),
        Rg16Snorm => (S::Rg16Snorm, true),
        R16Snorm => (S::R16Snorm, true),
        // Int64ImageEXT, which `image_ty_with` declares for every 64-bit image.
        R64ui => (S::R64ui, false),
        R64i => (S::R64i, false),
        // Sema refuses depth formats in `[[vk::image_format]]`.
        D32f => (S::R32f, false),
        D16 => (S::R16, true),
    }
}

/// Whether a resource of this kind is an image to SPIR-V.
pub(super) fn is_image_kind(k: ResourceKind) -> bool {
    k.is_texture() || matches!(k, ResourceKind::Buffer | ResourceKind::RWBuffer)
}

/// The 32-bit scalar of an image holding `s` elements: Vulkan's images hold 32-bit texels,
/// which narrower elements (`uint8_t`, `int16_t`, `half`) are converted from and to; 64-bit
/// integers are their own (SPV_EXT_shader_image_int64's `R64ui`/`R64i` images).
fn texel_scalar(s: Scalar) -> Option<Scalar> {
    match s {
        Scalar::F16 | Scalar::F32 => Some(Scalar::F32),
        Scalar::I8 | Scalar::I16 | Scalar::I32 => Some(Scalar::I32),
        Scalar::U8 | Scalar::U16 | Scalar::U32 => Some(Scalar::U32),
        Scalar::I64 | Scalar::U64 => Some(s),
        _ => None,
    }
}

/// How many descriptors a resource variable holds: one, a fixed array, or a runtime-sized
/// (bindless) array, whose length is the binding's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Descriptors {
    One,
    Fixed(u32),
    Runtime,
}

impl<'a> Writer<'a> {
    /// The image type and `UniformConstant` variable of a typed buffer or texture, or of an
    /// array of them.
    pub(super) fn image_var(
        &mut self,
        g: &Global,
        kind: ResourceKind,
        elem: Type,
        array: Descriptors,
        combined: bool,
    ) -> R<ImageVar> {
        let name = g.name.as_str();
        let (image, format) = if g.format_unknown && kind.is_writable() {
            self.image_ty_unknown(kind, elem.clone(), g.span)?
        } else {
            self.image_ty_format(kind, elem.clone(), g.image_format, g.span)?
        };
        let storage = kind.is_writable();
        let combined = combined.then(|| self.sampled_image_ty(image));
        let var_ty = self.descriptors(combined.unwrap_or(image), array);
        let var = self.global_var(var_ty, StorageClass::UniformConstant, None, name);
        let array = array != Descriptors::One;
        Ok(ImageVar { var, image, kind, elem, storage, format, array, combined })
    }

    /// `OpTypeSampledImage` of image type `image_ty`.
    fn sampled_image_ty(&mut self, image_ty: Word) -> Word {
        self.cached_type(TyKey::SampledImage(image_ty), |_, id| {
            Instruction::new(Op::TypeSampledImage, None, Some(id), vec![Operand::IdRef(image_ty)])
        })
    }

    /// The image type of a typed buffer or texture of `elem`, as `image_var` declares it.
    pub(super) fn image_ty(&mut self, kind: ResourceKind, elem: Type, format: Option<Format>, span: Span) -> R<Word> {
        Ok(self.image_ty_format(kind, elem, format, span)?.0)
    }

    fn image_ty_format(
        &mut self,
        kind: ResourceKind,
        elem: Type,
        format: Option<Format>,
        span: Span,
    ) -> R<(Word, spirv::ImageFormat)> {
        self.image_ty_with(kind, elem, format, false, span)
    }

    /// A storage image of `[[vk::image_format("unknown")]]`: no format whatever its element.
    fn image_ty_unknown(&mut self, kind: ResourceKind, elem: Type, span: Span) -> R<(Word, spirv::ImageFormat)> {
        self.image_ty_with(kind, elem, None, true, span)
    }

    fn image_ty_with(
        &mut self,
        kind: ResourceKind,
        elem: Type,
        format: Option<Format>,
        unknown: bool,
        span: Span,
    ) -> R<(Word, spirv::ImageFormat)> {
        use spirv::{Dim, ImageFormat as F};
        let (s, n) = match elem {
            Type::Scalar(s) => (s, 1),
            Type::Vector(s, n) => (s, n),
            _ => (Scalar::Bool, 0),
        };
        let Some(s) = texel_scalar(s).filter(|_| n > 0) else {
            return Err(err(
                "E0612",
                span,
                format!(
                    "`{}<{}>`: the SPIR-V backend writes typed buffers and textures of float, half and 8-, 16- and \
                     32-bit integer scalars and vectors, and of 64-bit integer scalars, only",
                    kind.name(),
                    self.m.type_name(&elem)
                ),
            ));
        };
        // 64-bit texels: SPV_EXT_shader_image_int64, whose images have one channel (`R64ui`,
        // `R64i`, the only 64-bit formats).
        if s.bits() == 64 {
            if n != 1 {
                return Err(err(
                    "E0612",
                    span,
                    format!(
                        "`{}<{}>`: 64-bit images have one channel (`r64ui`, `r64i`); use `uint64_t` or `int64_t`",
                        kind.name(),
                        self.m.type_name(&elem)
                    ),
                ));
            }
            self.require(Capability::Int64ImageEXT);
            self.extension("SPV_EXT_shader_image_int64");
        }
        let storage = kind.is_writable();
        let (dim, arrayed) = match kind.texture_shape() {
            None => (Dim::DimBuffer, false),
            Some((TextureDim::D1, a)) => (Dim::Dim1D, a),
            Some((TextureDim::D2, a)) => (Dim::Dim2D, a),
            Some((TextureDim::D3, a)) => (Dim::Dim3D, a),
            Some((TextureDim::Cube, a)) => (Dim::DimCube, a),
        };
        // Sampled images need no format; storage images get the declared one, else the one of
        // their element type (there is no three-component format: those stay `Unknown`).
        let format = match (storage, s, n) {
            (false, ..) => F::Unknown,
            _ if unknown => F::Unknown,
            _ if format.is_some() => {
                let (f, extended) = spirv_format(format.unwrap_or(Format::Rgba32f));
                if extended {
                    self.require(Capability::StorageImageExtendedFormats);
                }
                f
            }
            (true, Scalar::F32, 1) => F::R32f,
            (true, Scalar::F32, 2) => F::Rg32f,
            (true, Scalar::F32, 4) => F::Rgba32f,
            (true, Scalar::I32, 1) => F::R32i,
            (true, Scalar::I32, 2) => F::Rg32i,
            (true, Scalar::I32, 4) => F::Rgba32i,
            (true, Scalar::U32, 1) => F::R32ui,
            (true, Scalar::U32, 2) => F::Rg32ui,
            (true, Scalar::U32, 4) => F::Rgba32ui,
            (true, Scalar::U64, 1) => F::R64ui,
            (true, Scalar::I64, 1) => F::R64i,
            _ => F::Unknown,
        };
        if matches!(format, F::Rg32f | F::Rg32i | F::Rg32ui) {
            self.require(Capability::StorageImageExtendedFormats);
        }
        match (dim, storage, arrayed) {
            (Dim::DimBuffer, false, _) => self.require(Capability::SampledBuffer),
            (Dim::DimBuffer, true, _) => self.require(Capability::ImageBuffer),
            (Dim::Dim1D, false, _) => self.require(Capability::Sampled1D),
            (Dim::Dim1D, true, _) => self.require(Capability::Image1D),
            (Dim::DimCube, false, true) => self.require(Capability::SampledCubeArray),
            _ => {}
        }
        let st = self.scalar_ty(s);
        let sampled = if storage { 2 } else { 1 };
        let ms = kind.is_multisampled();
        let key = TyKey::Image(st, dim as u32, arrayed, ms, sampled, format as u32);
        let image = self.cached_type(key, |_, id| {
            Instruction::new(
                Op::TypeImage,
                None,
                Some(id),
                vec![
                    Operand::IdRef(st),
                    Operand::Dim(dim),
                    Operand::LiteralBit32(0),
                    Operand::LiteralBit32(arrayed as u32),
                    Operand::LiteralBit32(ms as u32),
                    Operand::LiteralBit32(sampled),
                    Operand::ImageFormat(format),
                ],
            )
        });
        Ok((image, format))
    }

    /// The variable type of `count` descriptors of type `elem`.
    pub(super) fn descriptors(&mut self, elem: Word, count: Descriptors) -> Word {
        match count {
            Descriptors::One => elem,
            Descriptors::Fixed(len) => self.descriptor_array(elem, len),
            Descriptors::Runtime => {
                self.require(Capability::RuntimeDescriptorArray);
                if self.options.version < (1, 5) {
                    self.extension("SPV_EXT_descriptor_indexing");
                }
                self.cached_type(TyKey::RuntimeDescriptors(elem), |_, id| {
                    Instruction::new(Op::TypeRuntimeArray, None, Some(id), vec![Operand::IdRef(elem)])
                })
            }
        }
    }

    /// `OpTypeArray` of `len` descriptors of type `elem` (a `Texture2D t[4]` binding).
    fn descriptor_array(&mut self, elem: Word, len: u32) -> Word {
        let n = self.const_u32(len);
        self.cached_type(TyKey::Descriptors(elem, len), |_, id| {
            Instruction::new(Op::TypeArray, None, Some(id), vec![Operand::IdRef(elem), Operand::IdRef(n)])
        })
    }

    pub(super) fn sampler_ty(&mut self) -> Word {
        self.cached_type(TyKey::Sampler, |_, id| Instruction::new(Op::TypeSampler, None, Some(id), vec![]))
    }

    /// The `UniformConstant` variable of a sampler, or of an array of `array` of them
    /// (`SamplerState` and `SamplerComparisonState` are both `OpTypeSampler`).
    pub(super) fn sampler_var(&mut self, name: &str, array: Descriptors) -> GVar {
        let t = self.sampler_ty();
        let var_ty = self.descriptors(t, array);
        let var = self.global_var(var_ty, StorageClass::UniformConstant, None, name);
        GVar::Sampler { var, array: array != Descriptors::One }
    }

    /// The descriptor an expression names, loaded: a global, or an element of an array global
    /// (`Textures[i]`: an access chain, then the load). Through a `NonUniformResourceIndex`
    /// index both are `NonUniform`, and the array needs `non_uniform_cap`.
    pub(super) fn load_descriptor(
        &mut self,
        var: Word,
        ty: Word,
        array: bool,
        e: ExprId,
        non_uniform_cap: Capability,
    ) -> R<Word> {
        let x = self.ex(e);
        match (&x.kind, array) {
            (ExprKind::Global(_), false) => Ok(self.op_ids(Op::Load, ty, &[var])),
            (ExprKind::Index { index, .. }, true) => {
                let index = *index;
                let non_uniform = self.is_non_uniform_index(index);
                let i = self.expr(index)?;
                let p = self.ptr_ty(ty, StorageClass::UniformConstant);
                let at = self.op_ids(Op::AccessChain, p, &[var, i]);
                let loaded = self.op_ids(Op::Load, ty, &[at]);
                if non_uniform {
                    self.require_non_uniform();
                    self.require(non_uniform_cap);
                    for id in [at, loaded] {
                        self.decorate(id, spirv::Decoration::NonUniform, vec![]);
                    }
                    self.non_uniform.insert(loaded);
                }
                Ok(loaded)
            }
            _ => Err(err("E0612", x.span, "an array of resources is used as a value")),
        }
    }

    /// Whether `index` is `NonUniformResourceIndex(…)` (through conversions).
    pub(super) fn is_non_uniform_index(&self, index: ExprId) -> bool {
        match &self.ex(index).kind {
            ExprKind::Convert(a) => self.is_non_uniform_index(*a),
            ExprKind::Intrinsic { id, .. } => {
                let (_, intr) = crate::lower::intrinsics::declaration(self.stdlib, *id);
                intr.lowerings_for("spirv").next().is_some_and(|form| form.kind() == "nonuniform")
            }
            _ => false,
        }
    }

    /// The global (and whether the expression indexes an array of it) that a resource
    /// expression names: `T` or `T[i]`.
    pub(super) fn descriptor_global(&self, e: ExprId) -> Option<GlobalId> {
        match self.ex(e).kind {
            ExprKind::Global(g) => Some(g),
            ExprKind::Index { base, .. } => match self.ex(base).kind {
                ExprKind::Global(g) if matches!(self.m.globals[g].ty, Type::Array(..)) => Some(g),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The capability an array of `iv`'s images indexed by a non-uniform value needs: typed
/// buffers are texel buffers to Vulkan, whose capabilities are their own.
fn non_uniform_indexing(iv: &ImageVar) -> Capability {
    let texel_buffer = matches!(iv.kind, ResourceKind::Buffer | ResourceKind::RWBuffer);
    match (iv.storage, texel_buffer) {
        (true, true) => Capability::StorageTexelBufferArrayNonUniformIndexing,
        (false, true) => Capability::UniformTexelBufferArrayNonUniformIndexing,
        (true, false) => Capability::StorageImageArrayNonUniformIndexing,
        (false, false) => Capability::SampledImageArrayNonUniformIndexing,
    }
}

impl Writer<'_> {
    /// The image a texture or typed-buffer expression names, loaded; `None` when `e` is not
    /// one.
    pub(super) fn image_of(&mut self, e: ExprId) -> R<Option<(ImageVar, Word)>> {
        if !matches!(self.ex(e).ty, Type::Resource(k, _) if is_image_kind(k)) {
            return Ok(None);
        }
        let Some(GVar::Image(iv)) = self.descriptor_global(e).and_then(|g| self.gvars.get(&g).cloned()) else {
            let span = self.ex(e).span;
            return Err(err(
                "E0612",
                span,
                "a texture passed as a value (a function parameter) is not supported by the SPIR-V backend; \
                 use the global",
            ));
        };
        let img = match iv.combined {
            Some(sit) => {
                let si = self.load_descriptor(iv.var, sit, iv.array, e, non_uniform_indexing(&iv))?;
                let img = self.op_ids(Op::Image, iv.image, &[si]);
                if self.non_uniform.contains(&si) {
                    self.decorate(img, spirv::Decoration::NonUniform, vec![]);
                    self.non_uniform.insert(img);
                }
                self.combined_loads.insert(img, si);
                img
            }
            None => self.load_descriptor(iv.var, iv.image, iv.array, e, non_uniform_indexing(&iv))?,
        };
        Ok(Some((iv, img)))
    }

    /// The combined image sampler that sampling loaded image `img` through sampler `e` reads,
    /// when `e` is the sampler of a combined texture-sampler: it samples its own texture only
    /// (SPIR-V cannot take the sampler out of a combined image sampler).
    fn combined_with(&mut self, e: ExprId, iv: &ImageVar, img: Word) -> R<Option<Word>> {
        let Some(GVar::CombinedSampler { texture }) =
            self.descriptor_global(e).and_then(|g| self.gvars.get(&g).cloned())
        else {
            return Ok(None);
        };
        let own = matches!(self.gvars.get(&texture), Some(GVar::Image(t)) if t.var == iv.var);
        match self.combined_loads.get(&img) {
            Some(&si) if own => Ok(Some(si)),
            _ => Err(err(
                "E0612",
                self.ex(e).span,
                "the sampler of a combined texture-sampler samples its own texture only in SPIR-V",
            )),
        }
    }

    /// The sampler `e` names, loaded.
    pub(super) fn sampler_of(&mut self, e: ExprId) -> R<Word> {
        let Some(GVar::Sampler { var, array }) = self.descriptor_global(e).and_then(|g| self.gvars.get(&g).cloned())
        else {
            let span = self.ex(e).span;
            return Err(err(
                "E0612",
                span,
                "a sampler passed as a value (a function parameter) is not supported by the SPIR-V backend; \
                 use the global",
            ));
        };
        let t = self.sampler_ty();
        self.load_descriptor(var, t, array, e, Capability::SampledImageArrayNonUniformIndexing)
    }

    /// `Tex[i]` on a typed buffer or texture: the image, loaded, and the index expression.
    pub(super) fn texel_of(&mut self, e: ExprId) -> R<Option<(ImageVar, Word, ExprId)>> {
        let ExprKind::Index { base, index } = self.ex(e).kind else { return Ok(None) };
        Ok(self.image_of(base)?.map(|(iv, img)| (iv, img, index)))
    }

    /// `OpImageTexelPointer` to texel `Img[coord]` of a storage image: an atomic's destination.
    /// Vulkan allows atomics only on single-channel 32-bit formats: integer ones, and `r32f`
    /// for the float atomics of VK_EXT_shader_atomic_float (spirv-val checks the rest), and on
    /// the 64-bit `r64ui`/`r64i` of VK_EXT_shader_image_atomic_int64 (`Int64Atomics`); others
    /// are refused here with the reason.
    pub(in crate::back::spv) fn texel_pointer(&mut self, image: ExprId, coord: ExprId, span: Span) -> R<Ptr> {
        use spirv::ImageFormat as F;
        let Some(GVar::Image(iv)) = self.descriptor_global(image).and_then(|g| self.gvars.get(&g).cloned()) else {
            return Err(err("E0612", span, "an atomic on a texel of a texture that is not a global"));
        };
        let float = iv.format == F::R32f && iv.elem == Type::FLOAT;
        let wide = matches!(iv.format, F::R64i | F::R64ui);
        if wide {
            self.require(Capability::Int64Atomics);
        }
        if !matches!(iv.format, F::R32i | F::R32ui) && !float && !wide {
            return Err(err(
                "E0612",
                span,
                format!(
                    "an atomic on a texel of `{}<{}>` (format `{}`): Vulkan's image atomics need a single-channel \
                     32- or 64-bit integer format (`r32ui`, `r32i`, `r64ui`, `r64i`), or `r32f` for a `float`",
                    iv.kind.name(),
                    self.m.type_name(&iv.elem),
                    Format::from_spirv_code(iv.format as u32).map_or("unknown", Format::name)
                ),
            ));
        }
        let image_ptr = if iv.array {
            let ExprKind::Index { index, .. } = self.ex(image).kind else {
                return Err(err("E0612", span, "an array of resources is used as a value"));
            };
            let non_uniform = self.is_non_uniform_index(index);
            let i = self.expr(index)?;
            let p = self.ptr_ty(iv.image, StorageClass::UniformConstant);
            let at = self.op_ids(Op::AccessChain, p, &[iv.var, i]);
            if non_uniform {
                self.require_non_uniform();
                self.require(non_uniform_indexing(&iv));
                self.decorate(at, spirv::Decoration::NonUniform, vec![]);
            }
            at
        } else {
            iv.var
        };
        let c = self.expr(coord)?;
        let sample = self.const_u32(0);
        let scalar = iv.elem.scalar().unwrap_or(Scalar::U32);
        let st = self.scalar_ty(scalar);
        let pt = self.ptr_ty(st, StorageClass::Image);
        let id = self.op_ids(Op::ImageTexelPointer, pt, &[image_ptr, c, sample]);
        Ok(Ptr { id, ty: Type::Scalar(scalar), layout: Layout::Logical, sc: StorageClass::Image })
    }

    /// The image's texel scalar (32 bits wide: [`texel_scalar`]) and its four-component texel
    /// type.
    fn texel_ty(&mut self, iv: &ImageVar) -> (Scalar, Word) {
        let s = iv.elem.scalar().and_then(texel_scalar).unwrap_or(Scalar::F32);
        (s, self.ty(&Type::Vector(s, 4), Layout::Logical))
    }

    /// The first components of a four-component 32-bit `texel`, as `ty` (a scalar or a
    /// shorter vector, of a narrower scalar converted).
    fn texel_as(&mut self, texel: Word, ty: &Type) -> R<Word> {
        let s = ty.scalar().unwrap_or(Scalar::F32);
        let wide_ty = ty.with_scalar(texel_scalar(s).unwrap_or(s));
        let t = self.ty(&wide_ty, Layout::Logical);
        let v = match ty.vector_size().unwrap_or(1) {
            4 => texel,
            1 => self.op(Op::CompositeExtract, t, vec![Operand::IdRef(texel), Operand::LiteralBit32(0)]),
            n => {
                let mut ops = vec![Operand::IdRef(texel), Operand::IdRef(texel)];
                ops.extend((0..n as u32).map(Operand::LiteralBit32));
                self.op(Op::VectorShuffle, t, ops)
            }
        };
        self.convert(v, &wide_ty, ty, crate::span::Span::default())
    }

    /// Reads texel `coord` of `img`: `OpImageRead` from a storage image, `OpImageFetch` from a
    /// sampled one (at mip level `lod`, 0 when `None`, moved by a constant `offset`; a typed
    /// buffer has no levels).
    pub(super) fn image_load(
        &mut self,
        iv: &ImageVar,
        img: Word,
        coord: Word,
        lod: Option<Word>,
        offset: Option<Word>,
        ty: &Type,
    ) -> R<Word> {
        let (_, v4) = self.texel_ty(iv);
        let texel = if iv.storage {
            if iv.format == spirv::ImageFormat::Unknown {
                self.require(Capability::StorageImageReadWithoutFormat);
            }
            self.op_ids(Op::ImageRead, v4, &[img, coord])
        } else {
            let mut ops = vec![Operand::IdRef(img), Operand::IdRef(coord)];
            if iv.kind != ResourceKind::Buffer {
                let lod = match lod {
                    Some(l) => l,
                    None => self.constant(&ConstValue::Int(0), &Type::INT),
                };
                let mut mask = spirv::ImageOperands::LOD;
                let mut ids = vec![lod];
                if let Some(o) = offset {
                    mask |= spirv::ImageOperands::CONST_OFFSET;
                    ids.push(o);
                }
                ops.push(Operand::ImageOperands(mask));
                ops.extend(ids.into_iter().map(Operand::IdRef));
            }
            self.op(Op::ImageFetch, v4, ops)
        };
        self.texel_as(texel, ty)
    }

    /// Writes `v` (of type `ty`) to texel `coord` of a storage image, widened to four
    /// components (the format ignores the ones it does not have).
    pub(super) fn image_store(&mut self, iv: &ImageVar, img: Word, coord: Word, v: Word, ty: &Type) -> R<()> {
        if !iv.storage {
            return Err(Diagnostic::error("E0699", "internal error: a write to a read-only image"));
        }
        if iv.format == spirv::ImageFormat::Unknown {
            self.require(Capability::StorageImageWriteWithoutFormat);
        }
        let (s, v4) = self.texel_ty(iv);
        let n = ty.vector_size().unwrap_or(1);
        // A narrower element (`uint8_t`, `half`) is written widened to the texel's 32 bits.
        let wide_ty = ty.with_scalar(s);
        let v = self.convert(v, ty, &wide_ty, crate::span::Span::default())?;
        let texel = if n == 4 {
            v
        } else {
            let z = self.constant(&ConstValue::Int(0), &Type::Scalar(s));
            let mut parts = Vec::new();
            for k in 0..n as u32 {
                parts.push(if n == 1 {
                    v
                } else {
                    let st = self.scalar_ty(s);
                    self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(k)])
                });
            }
            parts.resize(4, z);
            self.op_ids(Op::CompositeConstruct, v4, &parts)
        };
        self.emit(Instruction::new(
            Op::ImageWrite,
            None,
            None,
            vec![Operand::IdRef(img), Operand::IdRef(coord), Operand::IdRef(texel)],
        ));
        Ok(())
    }

    /// `Load`, `mips[][]`, `Sample*`, `Gather*` and `GetDimensions` of typed buffers and
    /// textures.
    pub(super) fn image_method(
        &mut self,
        iv: &ImageVar,
        img: Word,
        method: ResourceMethod,
        args: &[ExprId],
        ty: &Type,
        span: Span,
    ) -> R<Word> {
        match method {
            ResourceMethod::Load(_) => {
                let ct = self.expr_ty(args[0]);
                let c = self.expr(args[0])?;
                if iv.storage || iv.kind == ResourceKind::Buffer {
                    return self.image_load(iv, img, c, None, None, ty);
                }
                // `Load(int3(x, y, mip))`: the last component is the mip level.
                let n = ct.vector_size().unwrap_or(1) as u32;
                let s = ct.scalar().unwrap_or(Scalar::I32);
                let st = self.scalar_ty(s);
                let lod = self.op(Op::CompositeExtract, st, vec![Operand::IdRef(c), Operand::LiteralBit32(n - 1)]);
                let coord = if n == 2 {
                    self.op(Op::CompositeExtract, st, vec![Operand::IdRef(c), Operand::LiteralBit32(0)])
                } else {
                    let vt = self.ty(&Type::Vector(s, (n - 1) as u8), Layout::Logical);
                    let mut ops = vec![Operand::IdRef(c), Operand::IdRef(c)];
                    ops.extend((0..n - 1).map(Operand::LiteralBit32));
                    self.op(Op::VectorShuffle, vt, ops)
                };
                let offset = match args.get(1) {
                    Some(&o) => Some(self.expr(o)?),
                    None => None,
                };
                self.image_load(iv, img, coord, Some(lod), offset, ty)
            }
            // `OpImageFetch … Sample s` of a multisampled image, which has no level operand.
            ResourceMethod::LoadSample => {
                let coord = self.expr(args[0])?;
                let sample = self.expr(args[1])?;
                let (_, v4) = self.texel_ty(iv);
                let mut mask = spirv::ImageOperands::SAMPLE;
                let mut ids = Vec::new();
                if let Some(&o) = args.get(2) {
                    mask |= spirv::ImageOperands::CONST_OFFSET;
                    ids.push(self.expr(o)?);
                }
                ids.push(sample);
                let mut ops = vec![Operand::IdRef(img), Operand::IdRef(coord), Operand::ImageOperands(mask)];
                ops.extend(ids.into_iter().map(Operand::IdRef));
                let texel = self.op(Op::ImageFetch, v4, ops);
                self.texel_as(texel, ty)
            }
            ResourceMethod::MipLoad => {
                let lod = self.expr(args[0])?;
                let coord = self.expr(args[1])?;
                self.image_load(iv, img, coord, Some(lod), None, ty)
            }
            ResourceMethod::Sample(op) => self.sample(iv, img, op, args, ty),
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
                self.require(Capability::ImageQuery);
                let ops = method.dimension_operands(args);
                let (sizes, levels) = (ops.sizes, ops.levels);
                let n = sizes.len();
                let rt = if n == 1 { Type::UINT } else { Type::Vector(Scalar::U32, n as u8) };
                let rtid = self.ty(&rt, Layout::Logical);
                // A multisampled image has one level: `OpImageQuerySizeLod` is not allowed on it.
                let size = if iv.storage || iv.kind == ResourceKind::Buffer || iv.kind.is_multisampled() {
                    self.op_ids(Op::ImageQuerySize, rtid, &[img])
                } else {
                    let lod = match ops.level {
                        Some(level) => self.expr(level)?,
                        None => self.constant(&ConstValue::Int(0), &Type::INT),
                    };
                    self.op_ids(Op::ImageQuerySizeLod, rtid, &[img, lod])
                };
                let uint = self.uint_ty();
                for (k, &a) in sizes.iter().enumerate() {
                    let v = if n == 1 {
                        size
                    } else {
                        self.op(Op::CompositeExtract, uint, vec![Operand::IdRef(size), Operand::LiteralBit32(k as u32)])
                    };
                    self.assign_converted(a, v, &Type::UINT, span)?;
                }
                if let Some(l) = levels {
                    let v = self.op_ids(Op::ImageQueryLevels, uint, &[img]);
                    self.assign_converted(l, v, &Type::UINT, span)?;
                }
                if let Some(n) = ops.samples {
                    let v = self.op_ids(Op::ImageQuerySamples, uint, &[img]);
                    self.assign_converted(n, v, &Type::UINT, span)?;
                }
                Ok(0)
            }
            other => Err(err(
                "E0612",
                span,
                format!("`{other:?}` on `{}` is not supported by the SPIR-V backend yet", iv.kind.name()),
            )),
        }
    }

    /// `OpSampledImage` of a loaded image (of type `image_ty`) and sampler, `NonUniform` where
    /// either is.
    fn sampled_image(&mut self, image_ty: Word, img: Word, sampler: Word) -> Word {
        let sit = self.sampled_image_ty(image_ty);
        let si = self.op_ids(Op::SampledImage, sit, &[img, sampler]);
        if self.non_uniform.contains(&img) || self.non_uniform.contains(&sampler) {
            self.decorate(si, spirv::Decoration::NonUniform, vec![]);
        }
        si
    }

    /// `Sample*` and `Gather*`: the image and sampler combined by `OpSampledImage`, then one
    /// `OpImageSample*`, `OpImageGather` or `OpImageDrefGather` with the image operands the
    /// method's arguments give (bias, LOD, gradients, constant offset, minimum LOD).
    fn sample(&mut self, iv: &ImageVar, img: Word, op: SampleOp, args: &[ExprId], ty: &Type) -> R<Word> {
        let o = op.operands();
        let combined = self.combined_with(args[o.sampler], iv, img)?;
        let sampler = match combined {
            Some(_) => 0,
            None => self.sampler_of(args[o.sampler])?,
        };
        let coord = self.expr(args[o.coord])?;
        let dref = match o.compare {
            Some(i) => Some(self.expr(args[i])?),
            None => None,
        };
        // Image operands, in the order of their mask bits.
        let mut mask = spirv::ImageOperands::NONE;
        let mut ids = Vec::new();
        if let Some(i) = o.bias {
            mask |= spirv::ImageOperands::BIAS;
            ids.push(self.expr(args[i])?);
        }
        let lod = match (op.kind, o.lod) {
            (_, Some(i)) => Some(self.expr(args[i])?),
            (SampleKind::CmpLevelZero, None) => Some(self.constant(&ConstValue::Float(0.0), &Type::FLOAT)),
            _ => None,
        };
        if let Some(l) = lod {
            mask |= spirv::ImageOperands::LOD;
            ids.push(l);
        }
        if let Some((dx, dy)) = o.grad {
            mask |= spirv::ImageOperands::GRAD;
            ids.push(self.expr(args[dx])?);
            ids.push(self.expr(args[dy])?);
        }
        if let Some(i) = o.offset {
            mask |= spirv::ImageOperands::CONST_OFFSET;
            ids.push(self.expr(args[i])?);
        }
        if let Some(i) = o.clamp {
            self.require(Capability::MinLod);
            mask |= spirv::ImageOperands::MIN_LOD;
            ids.push(self.expr(args[i])?);
        }
        let (_, v4) = self.texel_ty(iv);
        if let SampleKind::Lod(unclamped) = op.kind {
            // `OpImageQueryLod`: x the level sampling would read, y the LOD before clamping.
            self.require(Capability::ImageQuery);
            let si = combined.unwrap_or_else(|| self.sampled_image(iv.image, img, sampler));
            let v2 = self.ty(&Type::Vector(Scalar::F32, 2), Layout::Logical);
            let both = self.op_ids(Op::ImageQueryLod, v2, &[si, coord]);
            let f = self.scalar_ty(Scalar::F32);
            return Ok(self.op(
                Op::CompositeExtract,
                f,
                vec![Operand::IdRef(both), Operand::LiteralBit32(unclamped as u32)],
            ));
        }
        let implicit = lod.is_none() && o.grad.is_none();
        let (opcode, result) = match op.kind {
            SampleKind::Gather(_) => (Op::ImageGather, v4),
            SampleKind::GatherCmp(_) => (Op::ImageDrefGather, self.ty(&Type::Vector(Scalar::F32, 4), Layout::Logical)),
            k if k.is_compare() && implicit => (Op::ImageSampleDrefImplicitLod, self.scalar_ty(Scalar::F32)),
            k if k.is_compare() => (Op::ImageSampleDrefExplicitLod, self.scalar_ty(Scalar::F32)),
            _ if implicit => (Op::ImageSampleImplicitLod, v4),
            _ => (Op::ImageSampleExplicitLod, v4),
        };
        // After the operands, whose code may branch: a sampled image is used in its block.
        let si = combined.unwrap_or_else(|| self.sampled_image(iv.image, img, sampler));
        let mut operands = vec![Operand::IdRef(si), Operand::IdRef(coord)];
        if let SampleKind::Gather(_) = op.kind {
            let c = self.constant(&ConstValue::Uint(op.kind.gather_component() as u64), &Type::UINT);
            operands.push(Operand::IdRef(c));
        }
        if let Some(d) = dref {
            operands.push(Operand::IdRef(d));
        }
        if !mask.is_empty() {
            operands.push(Operand::ImageOperands(mask));
            operands.extend(ids.into_iter().map(Operand::IdRef));
        }
        let v = self.op(opcode, result, operands);
        if op.kind.is_compare() && !op.kind.is_gather() {
            return Ok(v);
        }
        self.texel_as(v, ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runner reads storage formats back by their numbers ([`Format::spirv_code`]).
    #[test]
    fn format_codes_match_rspirv() {
        for name in Format::names() {
            let f = Format::from_name(name).unwrap();
            if !f.is_depth() {
                assert_eq!(spirv_format(f).0 as u32, f.spirv_code(), "{name}");
                assert_eq!(Format::from_spirv_code(f.spirv_code()), Some(f), "{name}");
            }
        }
    }
}
