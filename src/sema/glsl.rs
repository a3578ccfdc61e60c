//! GLSL-flavoured source, as Slang reads it with `-allow-glsl`: `layout(local_size_x = N) in;`
//! sets the workgroup size of an entry point that has no `[numthreads]`, `buffer` blocks are
//! storage buffers, and the `gl_*` invocation ids read as variables anywhere.
//!
//! A block whose only member is a runtime array (`buffer B { uint data[]; } b;`) is a
//! `RWStructuredBuffer` of the element, reached as `b.data[i]` (or `data[i]` without an
//! instance name); a block of fixed-size members is a one-element structured buffer of a struct
//! of them. An invocation id is a private global, set from an input of the entry point when it
//! starts, so helper functions read it as GLSL's do.
//!
//! A storage image (`layout(binding = 0, r32i) uniform iimage2D img;`) is the RW texture of its
//! shape (`RWTexture2D`, `RWTexture1DArray`, `RWBuffer` for `imageBuffer`…) whose element has
//! the layout format's channels (`int` for `r32i`, `float2` for `rg16f`, four without a
//! format), with that format as `[[vk::image_format]]`; GLSL's `imageLoad`, `imageStore`,
//! `imageSize` and `imageAtomic*` are ordinary code over it (`stdlib/glsl_image.slang`), so
//! every target runs them. Diagnostics: E0533 a layout format of another kind of value than
//! the image holds (`r32f` on an `iimage2D`, `r32i` on an `i64image2D`), E0536 an image shape
//! no target writes (cube, multisampled). A 64-bit image (`u64image2D`) has one channel.

use super::Checker;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::syntax::ast;

/// How the members of a `buffer` block are reached.
#[derive(Clone, Debug)]
pub(super) enum BlockMembers {
    /// The block is the runtime array `member`: `g` is a structured buffer of its elements.
    Array { member: String, global: GlobalId },
    /// The block's members are the fields of element 0 of `global`.
    Fields { global: GlobalId, fields: Vec<String> },
}

/// The GLSL invocation ids, their types and the entry-point input each one is.
pub(super) fn invocation_id(name: &str) -> Option<(BuiltinInput, Type)> {
    Some(match name {
        "gl_GlobalInvocationID" => (BuiltinInput::DispatchThreadId, Type::Vector(Scalar::U32, 3)),
        "gl_LocalInvocationID" => (BuiltinInput::GroupThreadId, Type::Vector(Scalar::U32, 3)),
        "gl_WorkGroupID" => (BuiltinInput::GroupId, Type::Vector(Scalar::U32, 3)),
        "gl_LocalInvocationIndex" => (BuiltinInput::GroupIndex, Type::UINT),
        _ => return None,
    })
}

/// GLSL's atomics of a buffer or shared variable (`atomicAdd(mem, data)`…): the `Interlocked*`
/// each is and how many arguments it takes. Each returns the value before it.
pub(super) fn buffer_atomic(name: &str) -> Option<(&'static str, usize)> {
    Some(match name {
        "atomicAdd" => ("InterlockedAdd", 2),
        "atomicMin" => ("InterlockedMin", 2),
        "atomicMax" => ("InterlockedMax", 2),
        "atomicAnd" => ("InterlockedAnd", 2),
        "atomicOr" => ("InterlockedOr", 2),
        "atomicXor" => ("InterlockedXor", 2),
        "atomicExchange" => ("InterlockedExchange", 2),
        "atomicCompSwap" => ("InterlockedCompareExchange", 3),
        _ => return None,
    })
}

impl Checker {
    /// `atomicAdd(mem, data)` and the others of [`buffer_atomic`]: `Interlocked*(mem, data,
    /// old)` yielding `old`, as `Atomic<T>`'s methods are.
    pub(super) fn glsl_atomic_call(&mut self, name: &str, args: &[ast::Expr], span: Span) -> ExprId {
        let Some((op, count)) = buffer_atomic(name) else { return self.error_expr(span) };
        if args.len() != count {
            let msg = format!("`{name}` takes {count} arguments, found {}", args.len());
            self.error("E0403", span, msg);
            return self.error_expr(span);
        }
        let ids: Vec<ExprId> = args.iter().map(|a| self.expr(a)).collect();
        if ids.iter().any(|a| self.ty(*a).is_error()) {
            return self.error_expr(span);
        }
        let elem = self.ty(ids[0]);
        self.interlocked_old(op, ids[0], ids[1..].to_vec(), &elem, span)
    }

    /// The RW texture a GLSL image name is, with four channels of its scalar (a layout format
    /// narrows it: [`Checker::glsl_image_format`]); `None` for other names.
    pub(super) fn glsl_image_type(&mut self, name: &str, span: Span) -> Option<Type> {
        let (scalar, shape) = crate::syntax::classify::glsl_image(name)?;
        let kind = match shape {
            "1D" => ResourceKind::RWTexture1D,
            "2D" | "2DRect" => ResourceKind::RWTexture2D,
            "3D" => ResourceKind::RWTexture3D,
            "1DArray" => ResourceKind::RWTexture1DArray,
            "2DArray" => ResourceKind::RWTexture2DArray,
            "Buffer" => ResourceKind::RWBuffer,
            _ => {
                let what = if shape.starts_with("Cube") { "cube" } else { "multisampled" };
                let d = Diagnostic::error("E0536", format!("`{name}`: {what} storage images are not supported"))
                    .with_label(span, "here")
                    .with_note("no target of wavec has a writable texture of this shape; HLSL has none either");
                self.push(d);
                return Some(Type::Error);
            }
        };
        let s = crate::stdlib::scalar_from_name(scalar)?;
        // A 64-bit image (GL_EXT_shader_image_int64) has one channel: `r64i`/`r64ui` are the
        // only 64-bit formats.
        let texel = if s.bits() == 64 { Type::Scalar(s) } else { Type::Vector(s, 4) };
        Some(Type::Resource(kind, Some(Box::new(texel))))
    }

    /// A GLSL image global's layout format (`layout(r32f)`, read as the attribute
    /// `layout(r32f)`): its texels have that many channels, and it is the image's
    /// `[[vk::image_format]]`. The format must hold the image's kind of values (`r32i` an
    /// `iimage`'s).
    pub(super) fn glsl_image_format(
        &mut self,
        ty: &ast::TypeExpr,
        attrs: &[ast::Attribute],
        base: Type,
    ) -> (Type, Option<crate::image::Format>) {
        let ast::TypeExprKind::Named { name, args } = &ty.kind else { return (base, None) };
        if !args.is_empty() || crate::syntax::classify::glsl_image(name).is_none() {
            return (base, None);
        }
        let Type::Resource(kind, Some(elem)) = &base else { return (base, None) };
        let Some(s) = elem.scalar() else { return (base, None) };
        let found = attrs.iter().find_map(|a| {
            let q = a.name.name.strip_prefix("layout(")?.strip_suffix(')')?;
            let f = crate::image::Format::from_glsl_name(q).or_else(|| crate::image::Format::from_name(q));
            f.filter(|f| !f.is_depth()).map(|f| (f, a.span))
        });
        let Some((format, span)) = found else { return (base, None) };
        let fits = match format.kind() {
            k if k.is_float() => s.is_float(),
            crate::image::NumKind::Uint => s.is_unsigned_int(),
            _ => s.is_signed_int(),
        } && format.is_64bit() == (s.bits() == 64);
        if !fits {
            let holds = match format.kind().shader_type() {
                _ if format.is_64bit() => "64-bit integers (`i64image…`, `u64image…`)",
                _ if s.bits() == 64 => "32-bit values, not the 64-bit integers of this image",
                "float" => "floats (`image…`)",
                "uint" => "unsigned integers (`uimage…`)",
                _ => "signed integers (`iimage…`)",
            };
            let d = Diagnostic::error(
                "E0533",
                format!("the layout format `{}` does not fit `{name}`: it holds {holds}", format.name()),
            )
            .with_label(span, "this format")
            .with_label(ty.span, "this image");
            self.push(d);
            return (Type::Error, None);
        }
        // `r11f_g11f_b10f` has three channels; its texels are read and written as four (the
        // format drops the fourth), as GLSL does, since `stdlib/glsl_image.slang` has no
        // three-component images.
        let elem = match format.channels() {
            1 => Type::Scalar(s),
            3 => Type::Vector(s, 4),
            n => Type::Vector(s, n),
        };
        (Type::Resource(*kind, Some(Box::new(elem))), Some(format))
    }

    pub(super) fn layout_in(&mut self, quals: &[ast::LayoutQualifier], span: Span) {
        let mut size = self.glsl_local_size.unwrap_or([1, 1, 1]);
        let mut sized = false;
        for q in quals {
            let group = match q.name.name.as_str() {
                "derivative_group_quadsNV" | "derivative_group_quadsKHR" => Some(DerivativeGroup::Quads),
                "derivative_group_linearNV" | "derivative_group_linearKHR" => Some(DerivativeGroup::Linear),
                _ => None,
            };
            if let Some(group) = group {
                self.glsl_derivative_group = Some((group, q.name.span));
                continue;
            }
            let axis = match q.name.name.as_str() {
                "local_size_x" => 0,
                "local_size_y" => 1,
                "local_size_z" => 2,
                other => {
                    self.diags.push(
                        Diagnostic::warning("W0501", format!("layout qualifier `{other}` is ignored here"))
                            .with_label(q.name.span, ""),
                    );
                    continue;
                }
            };
            sized = true;
            let Some(e) = &q.value else {
                self.error("E0510", q.name.span, format!("`{}` needs a value", q.name.name));
                continue;
            };
            match self.const_int_expr(e, "a workgroup size") {
                Some(n) if (1..=1024).contains(&n) => size[axis] = n as u32,
                Some(n) => self.error("E0510", e.span, format!("a workgroup size must be 1 to 1024, found {n}")),
                None => {}
            }
        }
        if sized {
            self.glsl_local_size = Some(size);
            self.glsl_local_size_span = Some(span);
        }
    }

    pub(super) fn buffer_block(&mut self, b: &ast::BufferBlock) {
        let mut fields: Vec<Field> = Vec::new();
        for m in &b.members {
            match m {
                ast::StructMember::Fields(g) => {
                    let base = self.resolve_type(&g.ty);
                    for d in &g.decls {
                        let ty = self.array_type(base.clone(), &d.array_dims, true);
                        let majorness = self.majorness(&g.modifiers);
                        fields.push(Field {
                            name: d.name.name.clone(),
                            ty,
                            semantic: None,
                            majorness,
                            span: d.name.span,
                        });
                    }
                }
                other => self.error("E0502", other.name_span(), "a buffer block holds data only"),
            }
        }
        let mut binding = None::<u32>;
        let mut set = 0u32;
        let mut own_rule = None;
        for q in &b.layout {
            match (q.name.name.as_str(), &q.value) {
                ("binding", Some(e)) => binding = self.const_int_expr(e, "a binding").map(|n| n as u32),
                ("set", Some(e)) => set = self.const_int_expr(e, "a descriptor set").map_or(0, |n| n as u32),
                // The block's own layout (the buffer's `layout` rule).
                ("std430", None) => own_rule = Some(crate::layout::Rule::Std430),
                ("std140", None) => own_rule = Some(crate::layout::Rule::Std140),
                ("scalar", None) => own_rule = Some(crate::layout::Rule::Scalar),
                (other, _) => self.diags.push(
                    Diagnostic::warning("W0501", format!("layout qualifier `{other}` is ignored here"))
                        .with_label(q.name.span, ""),
                ),
            }
        }
        let vk_binding = binding.map(|b| (b, set));
        let runtime = fields.iter().position(|f| matches!(f.ty, Type::Array(_, None)));
        let instance = b.instance.as_ref().map(|i| i.name.clone());
        let (name, ty, members) = match (runtime, fields.len()) {
            (Some(0), 1) => {
                let Type::Array(elem, None) = fields[0].ty.clone() else { return };
                let name = instance.clone().unwrap_or_else(|| fields[0].name.clone());
                (name, Type::Resource(ResourceKind::RWStructuredBuffer, Some(elem)), None)
            }
            (Some(i), _) => {
                self.error(
                    "E0502",
                    fields[i].span,
                    "a buffer block with a runtime array and other members is not supported yet",
                );
                return;
            }
            (None, _) => {
                let h = self.module.structs.append(StructDef {
                    name: b.name.name.clone(),
                    fields: fields.clone(),
                    span: b.span,
                });
                let name = instance.clone().unwrap_or_else(|| self.unique_global_name(&b.name.name));
                let names = fields.iter().map(|f| f.name.clone()).collect();
                (name, Type::Resource(ResourceKind::RWStructuredBuffer, Some(Box::new(Type::Struct(h)))), Some(names))
            }
        };
        let span = b.instance.as_ref().map_or(b.name.span, |i| i.span);
        let g = self.module.globals.append(Global {
            name: name.clone(),
            ty,
            majorness: self.default_majorness,
            space: AddressSpace::Resource,
            init: None,
            register: None,
            vk_binding,
            packoffset: None,
            image_format: None,
            format_unknown: false,
            entry_param: false,
            parameter_block: false,
            layout: own_rule,
            coherent: false,
            span,
            shares_binding: None,
        });
        self.used_global_names.insert(name.clone());
        let how = match members {
            None => BlockMembers::Array { member: fields[0].name.clone(), global: g },
            Some(fields) => BlockMembers::Fields { global: g, fields },
        };
        match instance {
            Some(i) => {
                self.blocks.insert(i, how);
            }
            None => match how {
                BlockMembers::Array { member, global } => {
                    self.globals.insert(member, global);
                }
                BlockMembers::Fields { global, fields } => {
                    for f in fields {
                        self.block_fields.insert(f, global);
                    }
                }
            },
        }
    }

    /// Slang's `GLSLShaderStorageBuffer<T, L> sbuf`: a block whose members are `T`'s fields,
    /// read as `sbuf.field`.
    pub(super) fn shader_storage_block(&mut self, g: GlobalId, span: Span) {
        let fields = match &self.module.globals[g].ty {
            Type::Resource(_, Some(elem)) => match **elem {
                Type::Struct(h) => Some(self.module.structs[h].fields.iter().map(|f| f.name.clone()).collect()),
                _ => None,
            },
            _ => return,
        };
        let Some(fields) = fields else {
            self.error("E0402", span, "`GLSLShaderStorageBuffer<T, L>` needs a struct `T`");
            return;
        };
        let name = self.module.globals[g].name.clone();
        self.blocks.insert(name, BlockMembers::Fields { global: g, fields });
    }

    /// `instance.member` of a buffer block, if `base` names a block instance.
    pub(super) fn block_member(&mut self, base: &ast::Expr, name: &ast::Ident, span: Span) -> Option<ExprId> {
        let ast::ExprKind::Ident(instance) = &base.kind else { return None };
        if self.is_local_name(instance) {
            return None;
        }
        match self.blocks.get(instance)?.clone() {
            BlockMembers::Array { member, global } => {
                if member != name.name {
                    self.error(
                        "E0407",
                        name.span,
                        format!("the buffer block `{instance}` has no member `{}`", name.name),
                    );
                    return Some(self.error_expr(span));
                }
                let ty = self.module.globals[global].ty.clone();
                Some(self.add_expr(ExprKind::Global(global), ty, span))
            }
            BlockMembers::Fields { global, .. } => Some(self.block_field(global, name, span)),
        }
    }

    /// Member `name` of a block of fixed-size members: a field of its buffer's element 0.
    pub(super) fn block_field(&mut self, global: GlobalId, name: &ast::Ident, span: Span) -> ExprId {
        let ty = self.module.globals[global].ty.clone();
        let Type::Resource(_, Some(elem)) = &ty else { return self.error_expr(span) };
        let Type::Struct(h) = **elem else { return self.error_expr(span) };
        let g = self.add_expr(ExprKind::Global(global), ty.clone(), span);
        let zero = self.add_expr(ExprKind::Const(ConstValue::Uint(0)), Type::UINT, span);
        let element = self.index(g, zero, span);
        self.field(element, h, name, span)
    }

    /// A GLSL invocation id read by name: its private global (made at the first read).
    pub(super) fn invocation_id_global(&mut self, name: &str, span: Span) -> Option<ExprId> {
        let (input, ty) = invocation_id(name)?;
        let g = match self.global_inputs.iter().find(|(i, g)| *i == input && self.module.globals[*g].ty == ty) {
            Some((_, g)) => *g,
            None => {
                let unique = self.unique_global_name(name);
                let g = self.module.globals.append(Global {
                    name: unique,
                    ty: ty.clone(),
                    majorness: Majorness::Column,
                    space: AddressSpace::Private,
                    init: None,
                    register: None,
                    vk_binding: None,
                    packoffset: None,
                    image_format: None,
                    format_unknown: false,
                    entry_param: false,
                    parameter_block: false,
                    layout: None,
                    coherent: false,
                    span,
                    shares_binding: None,
                });
                self.global_inputs.push((input, g));
                g
            }
        };
        Some(self.add_expr(ExprKind::Global(g), ty, span))
    }

    /// Gives the entry point an input for each invocation id the program reads and stores it
    /// in the id's global before the body runs.
    pub(super) fn bind_invocation_ids(&mut self, entry: usize) {
        let f = self.module.entry_points[entry].function;
        let inputs = self.global_inputs.clone();
        let func = &mut self.module.functions[f];
        let mut prologue = Vec::new();
        for (input, g) in inputs {
            let (ty, span) = (self.module.globals[g].ty.clone(), self.module.globals[g].span);
            let name = format!("wavec_{}", input.semantic().trim_start_matches("SV_"));
            let local = func.locals.append(Local {
                name,
                ty: ty.clone(),
                param: Some(ParamMode::In),
                builtin: Some(input),
                semantic: Some(input.semantic().to_string()),
                is_const: false,
                precise: false,
                span,
            });
            func.params.push(local);
            let target = func.exprs.append(Expr { kind: ExprKind::Global(g), ty: ty.clone(), span });
            let value = func.exprs.append(Expr { kind: ExprKind::Local(local), ty: ty.clone(), span });
            let assign = func.exprs.append(Expr { kind: ExprKind::Assign { op: None, target, value }, ty, span });
            prologue.push(Stmt::Expr(assign));
        }
        if prologue.is_empty() {
            return;
        }
        prologue.append(&mut func.body.stmts);
        func.body.stmts = prologue;
        func.uses = func.gather_uses();
    }

    /// The entry point's `uniform` parameters become shader parameters, as in Slang: a resource
    /// is a global bound after every other one, a value a member of the push-constant block.
    ///
    /// A compute shader has no varying inputs, so a parameter with neither `uniform` nor a
    /// system-value semantic is uniform too (Slang's rule, with its warning).
    pub(super) fn hoist_uniform_params(&mut self, entry: usize) {
        let f = self.module.entry_points[entry].function;
        let explicit = self.facts.get(&f).map(|x| x.uniform_params.clone()).unwrap_or_default();
        let is_implicit =
            |local: &Local| local.builtin.is_none() && local.semantic.is_none() && local.param == Some(ParamMode::In);
        // In declaration order: the push-constant block's members follow it.
        let params: Vec<LocalId> = self.module.functions[f]
            .params
            .iter()
            .copied()
            .filter(|l| explicit.contains(l) || is_implicit(&self.module.functions[f].locals[*l]))
            .collect();
        for &l in params.iter().filter(|l| !explicit.contains(l)) {
            let local = &self.module.functions[f].locals[l];
            self.diags.push(
                Diagnostic::warning(
                    "W0506",
                    format!("entry-point parameter `{}` has no system-value semantic: it is a `uniform`", local.name),
                )
                .with_label(local.span, "bound as a shader parameter")
                .with_note("declare it `uniform` to say so"),
            );
        }
        for l in params {
            let local = self.module.functions[f].locals[l].clone();
            let space = if matches!(local.ty, Type::Resource(..)) {
                AddressSpace::Resource
            } else {
                AddressSpace::PushConstant
            };
            let name = self.unique_global_name(&local.name);
            let g = self.module.globals.append(Global {
                name,
                ty: local.ty.clone(),
                majorness: self.default_majorness,
                space,
                init: None,
                register: None,
                vk_binding: None,
                packoffset: None,
                image_format: None,
                format_unknown: false,
                entry_param: true,
                parameter_block: false,
                layout: None,
                coherent: false,
                span: local.span,
                shares_binding: None,
            });
            let func = &mut self.module.functions[f];
            func.params.retain(|p| *p != l);
            func.locals[l].param = None;
            for (_, e) in func.exprs.iter_mut() {
                if matches!(e.kind, ExprKind::Local(x) if x == l) {
                    e.kind = ExprKind::Global(g);
                }
            }
            func.uses = func.gather_uses();
        }
    }

    /// Whether `name` is a local or parameter in scope.
    fn is_local_name(&self, name: &str) -> bool {
        self.cur.as_ref().is_some_and(|s| s.scopes.iter().any(|scope| scope.contains_key(name)))
    }
}
