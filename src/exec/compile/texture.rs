//! Textures and samplers to bytecode: texel places (`tex[p]`, read and written through
//! [`Root::Descriptor`]), and [`TexInst`]s for `Load`, `mips[][]`, `Sample*`, `Gather*` and
//! `GetDimensions`.

use super::*;

impl Compiler<'_> {
    /// `base[index]` when `base` is an array of textures or samplers (the element) or a
    /// texture (a texel): `Some(place)`, `Some(None)` when the base has no place; `None` for
    /// anything else.
    pub(super) fn descriptor_index(
        &mut self,
        base_ty: &Type,
        base: ExprId,
        index: ExprId,
        func: FunctionId,
        ty: &Type,
    ) -> Option<Option<Place>> {
        let is_descriptor = |t: &Type| matches!(t, Type::Resource(k, _) if k.is_texture() || k.is_sampler());
        match base_ty {
            Type::Array(e, n) if is_descriptor(e) => {
                let p = self.place(base, func);
                let idx_ty = self.ty(index, func).clone();
                let i = self.expr(index, func);
                let i = self.index_u32(i[0], &idx_ty);
                Some(p.map(|mut p| {
                    if let Root::Descriptor { binding, coord, .. } = p.root {
                        p.root = Root::Descriptor {
                            binding,
                            element: Some((i, n.unwrap_or(crate::exec::texture::RUNTIME_COUNT))),
                            coord,
                        };
                    }
                    p.ty = ty.clone();
                    p
                }))
            }
            Type::Resource(k, _) if k.is_texture() => {
                let p = self.place(base, func);
                let c = self.expr(index, func);
                let mut regs = [0; 4];
                for (r, x) in regs.iter_mut().zip(&c) {
                    *r = *x;
                }
                let kinds = self.kinds_of(ty);
                Some(p.map(|mut p| {
                    if let Root::Descriptor { binding, element, .. } = p.root {
                        p.root = Root::Descriptor { binding, element, coord: Some((regs, c.len() as u8)) };
                    }
                    p.comps = kinds.iter().enumerate().map(|(i, k)| (i as u32, *k)).collect();
                    p.ty = ty.clone();
                    p
                }))
            }
            _ => None,
        }
    }

    /// A method of a texture bound at `binding`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn texture_method(
        &mut self,
        binding: u32,
        element: Option<(Reg, u32)>,
        obj_ty: &Type,
        method: ResourceMethod,
        args: &[ExprId],
        func: FunctionId,
        ty: &Type,
        span: Span,
    ) -> Vec<Reg> {
        let Type::Resource(kind, _) = obj_ty else { return vec![] };
        let kind = *kind;
        let mut t = TexInst {
            op: TexOp::Fetch,
            image: binding,
            element,
            sampler: None,
            kind,
            coord: Vec::new(),
            level: None,
            bias: None,
            dref: None,
            min_lod: None,
            grad: None,
            offset: [0; 3],
            sample: None,
            dst: Vec::new(),
            span,
        };
        let n = self.count(ty) as usize;
        match method {
            ResourceMethod::Load(_) => {
                let mut c = self.expr(args[0], func);
                // A sampled texture's coordinate ends with the level.
                if !kind.is_writable() {
                    t.level = c.pop();
                }
                t.coord = c;
                if let Some(&o) = args.get(1) {
                    t.offset = self.const_offset(o, func);
                }
            }
            ResourceMethod::LoadSample => {
                t.coord = self.expr(args[0], func);
                t.sample = Some(self.expr(args[1], func)[0]);
                if let Some(&o) = args.get(2) {
                    t.offset = self.const_offset(o, func);
                }
            }
            ResourceMethod::MipLoad => {
                t.level = Some(self.expr(args[0], func)[0]);
                t.coord = self.expr(args[1], func);
            }
            ResourceMethod::Sample(op) => {
                let o = op.operands();
                let Some(sp) = self.place(args[o.sampler], func) else { return vec![] };
                let Root::Descriptor { binding: sb, element: se, .. } = sp.root else { return vec![] };
                t.op = TexOp::Sample(op);
                t.sampler = Some((sb, se));
                t.coord = self.expr(args[o.coord], func);
                t.dref = o.compare.map(|i| self.expr(args[i], func)[0]);
                t.bias = o.bias.map(|i| self.expr(args[i], func)[0]);
                t.level = o.lod.map(|i| self.expr(args[i], func)[0]);
                t.grad = o.grad.map(|(x, y)| (self.expr(args[x], func), self.expr(args[y], func)));
                if let Some(i) = o.offset {
                    t.offset = self.const_offset(args[i], func);
                }
                t.min_lod = o.clamp.map(|i| self.expr(args[i], func)[0]);
            }
            ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
                let with_mip = method == ResourceMethod::GetDimensionsMip;
                if with_mip {
                    t.level = Some(self.expr(args[0], func)[0]);
                }
                t.op = TexOp::Size;
                let outs = &args[with_mip as usize..];
                let d = self.regs(outs.len() as u32);
                t.dst = (0..outs.len() as u32).map(|i| d + i).collect();
                self.p.textures.push(t);
                self.emit(Inst::Texture(self.p.textures.len() as u32 - 1));
                // Sizes then the level count (or the sample count), as `uint`s, into variables
                // of any numeric type.
                for (i, &a) in outs.iter().enumerate() {
                    let at = self.ty(a, func).clone();
                    let v = self.convert(vec![d + i as u32], &Type::UINT, &at);
                    if let Some(p) = self.place(a, func) {
                        self.store(p, &v, span);
                    }
                }
                return vec![];
            }
            other => {
                self.errors.push(unsupported(span, format!("`{other:?}` on a texture")));
                return vec![];
            }
        }
        let d = self.regs(n as u32);
        t.dst = (0..n as u32).map(|i| d + i).collect();
        self.p.textures.push(t);
        self.emit(Inst::Texture(self.p.textures.len() as u32 - 1));
        // The sampler computes in 32 bits; a `half` or 16-bit texel type narrows its result.
        self.kinds_of(ty)
            .into_iter()
            .enumerate()
            .map(|(i, k)| {
                let wide = ops::widened_to_32(k);
                let r = d + i as u32;
                if wide == k {
                    r
                } else {
                    self.un(ops::conv_fn(wide, k), r)
                }
            })
            .collect()
    }

    /// A constant offset (sema folded it to a constant).
    fn const_offset(&self, e: ExprId, func: FunctionId) -> [i32; 3] {
        let mut out = [0; 3];
        match &self.m.functions[func].exprs[e].kind {
            ExprKind::Const(ConstValue::Composite(parts)) => {
                for (o, p) in out.iter_mut().zip(parts) {
                    *o = p.as_i64().unwrap_or(0) as i32;
                }
            }
            ExprKind::Const(c) => out[0] = c.as_i64().unwrap_or(0) as i32,
            _ => {}
        }
        out
    }
}
