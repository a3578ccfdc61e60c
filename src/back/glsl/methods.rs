//! Methods of buffers: structured buffers (element access, `GetDimensions`, the hidden counter
//! of `IncrementCounter`/`Append`/`Consume`) and byte-address buffers (words of a `uint[]`).
//! Textures and typed buffers are [`super::texture`]'s.

use super::writer::{Ctx, Writer, P_ASSIGN, P_POSTFIX};
use crate::ir::*;
use crate::span::Span;
use std::fmt::Write as _;

impl<'a> Writer<'a> {
    pub(super) fn method(
        &mut self,
        cx: &Ctx<'a>,
        object: ExprId,
        method: ResourceMethod,
        args: &[ExprId],
        ret: &Type,
        span: Span,
    ) -> (String, u8) {
        let obj_ty = cx.f.exprs[object].ty.clone();
        if let ResourceMethod::RayQuery(op) = method {
            return self.ray_query_method(cx, object, op, args);
        }
        let Type::Resource(kind, elem) = &obj_ty else {
            self.internal(span, "a method of a value that is not a resource");
            return ("0".into(), P_POSTFIX);
        };
        if super::texture::is_image_kind(*kind) {
            return self.texture_method(cx, object, method, args, ret, span);
        }
        // A global buffer, or an element of an array of them (`element`: the array and index).
        let (g, name, element) = match cx.f.exprs[object].kind {
            ExprKind::Global(g) => (g, self.global_names[g.index()].clone(), None),
            ExprKind::Index { base, index } if self.buffer_member(cx, base).is_some() => {
                let ExprKind::Global(g) = cx.f.exprs[base].kind else { unreachable!("a global array") };
                let text = self.expr(cx, object, P_POSTFIX);
                let i = self.expr(cx, index, P_ASSIGN);
                (g, text, Some((self.global_names[g.index()].clone(), i)))
            }
            _ => {
                self.refuse(span, "a method of a resource that is not a global (resources as values)");
                return ("0".into(), P_POSTFIX);
            }
        };
        let arg = |w: &mut Self, i: usize| w.expr(cx, args[i], P_ASSIGN);
        use ResourceKind::*;
        match (kind, method) {
            (StructuredBuffer | RWStructuredBuffer, ResourceMethod::Load(_)) => {
                let i = arg(self, 0);
                (format!("{name}[{i}]"), P_POSTFIX)
            }
            (
                StructuredBuffer | RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer,
                ResourceMethod::GetDimensions,
            ) => {
                let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                let mut parts = vec![format!("{} = uint({name}.length())", arg(self, 0))];
                if args.len() > 1 {
                    let global = &self.module.globals[g];
                    let stride = crate::layout::array_stride(
                        self.module,
                        &elem,
                        self.module.storage_rule(global),
                        global.majorness,
                    );
                    parts.push(format!("{} = {stride}u", arg(self, 1)));
                }
                (parts.join(", "), crate::back::glsl::writer::P_COMMA)
            }
            (
                RWStructuredBuffer | AppendStructuredBuffer | ConsumeStructuredBuffer,
                ResourceMethod::IncrementCounter
                | ResourceMethod::DecrementCounter
                | ResourceMethod::Append
                | ResourceMethod::Consume,
            ) => {
                let Some(counter) = self.counter_names.get(&g.index()).cloned() else {
                    self.internal(span, "a counter without a declaration");
                    return ("0".into(), P_POSTFIX);
                };
                let counter = match &element {
                    Some((_, i)) => format!("{counter}[{i}].count"),
                    None => counter,
                };
                // DXC's meaning: the old value after an increment, the new one after a decrement.
                match method {
                    ResourceMethod::IncrementCounter => (format!("uint(atomicAdd({counter}, 1))"), P_POSTFIX),
                    ResourceMethod::DecrementCounter => (format!("uint(atomicAdd({counter}, -1) - 1)"), P_POSTFIX),
                    ResourceMethod::Append => {
                        let v = arg(self, 0);
                        (format!("{name}[atomicAdd({counter}, 1)] = {v}"), P_ASSIGN)
                    }
                    _ => (format!("{name}[atomicAdd({counter}, -1) - 1]"), P_POSTFIX),
                }
            }
            (ByteAddressBuffer | RWByteAddressBuffer, ResourceMethod::GetDimensions) => {
                let d = arg(self, 0);
                (format!("{d} = uint({name}.length()) * 4u"), P_ASSIGN)
            }
            (ByteAddressBuffer | RWByteAddressBuffer, ResourceMethod::Load(_)) => {
                let words = self.word_array(g, &element);
                let helper = self.byte_load_helper(&words, ret, span);
                let a = arg(self, 0);
                (format!("{helper}({}{a})", words.index_arg()), P_POSTFIX)
            }
            (RWByteAddressBuffer, ResourceMethod::Store(_)) => {
                let value_ty = args.get(1).map(|v| cx.f.exprs[*v].ty.clone()).unwrap_or(Type::UINT);
                let words = self.word_array(g, &element);
                let helper = self.byte_store_helper(&words, &value_ty, span);
                let a = self.args(cx, args);
                (format!("{helper}({}{a})", words.index_arg()), P_POSTFIX)
            }
            (RWByteAddressBuffer, ResourceMethod::Interlocked(op)) => {
                let f = match op {
                    AtomicOp::Add => "atomicAdd",
                    AtomicOp::Min => "atomicMin",
                    AtomicOp::Max => "atomicMax",
                    AtomicOp::And => "atomicAnd",
                    AtomicOp::Or => "atomicOr",
                    AtomicOp::Xor => "atomicXor",
                    AtomicOp::Exchange => "atomicExchange",
                    AtomicOp::CompareExchange | AtomicOp::CompareStore => "atomicCompSwap",
                };
                // A 64-bit or float value: its element of the view that holds such values.
                let elem = args.get(1).and_then(|a| cx.f.exprs[*a].ty.scalar()).unwrap_or(Scalar::U32);
                let (array, shift) = match self.byte_views.get(&(g.index(), elem)).cloned() {
                    Some(view) => {
                        let view = match &element {
                            Some((_, i)) => format!("{view}[{i}].values"),
                            None => view,
                        };
                        self.extensions.insert(if elem.is_float() {
                            if op == AtomicOp::Add {
                                "GL_EXT_shader_atomic_float"
                            } else {
                                "GL_EXT_shader_atomic_float2"
                            }
                        } else {
                            "GL_EXT_shader_atomic_int64"
                        });
                        (view, if elem.bits() == 64 { 3 } else { 2 })
                    }
                    None => (name.clone(), 2),
                };
                let word =
                    format!("{array}[{} >> {shift}]", self.expr(cx, args[0], crate::back::glsl::writer::P_PREFIX));
                let (operands, original) = match op {
                    AtomicOp::CompareExchange => (vec![1, 2], Some(3)),
                    AtomicOp::CompareStore => (vec![1, 2], None),
                    _ => (vec![1], args.get(2).map(|_| 2)),
                };
                // The words of a byte-address buffer are `uint`: an `int` operation goes through
                // them and gives its original value back as an `int`.
                let signed = elem == Scalar::I32 && !self.byte_views.contains_key(&(g.index(), elem));
                let mut call = word;
                for i in operands {
                    let v = arg(self, i);
                    if signed {
                        let _ = write!(call, ", uint({v})");
                    } else {
                        let _ = write!(call, ", {v}");
                    }
                }
                let call = if signed { format!("int({f}({call}))") } else { format!("{f}({call})") };
                match original {
                    Some(o) => {
                        let t = self.expr(cx, args[o], crate::back::glsl::writer::P_PREFIX);
                        (format!("{t} = {call}"), P_ASSIGN)
                    }
                    None => (call, P_POSTFIX),
                }
            }
            _ => {
                self.refuse(span, &format!("`{}` of a `{}` yet", method_name(method), kind.name()));
                ("0".into(), P_POSTFIX)
            }
        }
    }

    /// The words of byte-address buffer `g`, or of element `element` (array name, index) of an
    /// array of them.
    fn word_array(&self, g: GlobalId, element: &Option<(String, String)>) -> WordArray {
        match element {
            None => WordArray { name: self.global_names[g.index()].clone(), element: None },
            Some((array, index)) => {
                let member = self.buffer_members.get(&g.index()).cloned().unwrap_or_default();
                // The helper's own index parameter keeps the call's non-uniformity.
                let nonuniform = index.starts_with("nonuniformEXT(");
                let k = if nonuniform { "nonuniformEXT(k)" } else { "k" };
                let suffix = if nonuniform { "_nonuniform" } else { "" };
                WordArray {
                    name: format!("{array}{suffix}"),
                    element: Some((index.clone(), format!("{array}[{k}].{member}"))),
                }
            }
        }
    }

    /// `uvecN name_LoadN([uint k, ]uint address)` and its bit casts: a byte-address load of N
    /// words.
    fn byte_load_helper(&mut self, array: &WordArray, ret: &Type, span: Span) -> String {
        let buffer = array.access();
        let buffer = buffer.as_str();
        let n = ret.vector_size().unwrap_or(1);
        let s = ret.scalar().unwrap_or(Scalar::U32);
        if !matches!(s, Scalar::U32 | Scalar::I32 | Scalar::F32) || !matches!(ret, Type::Scalar(_) | Type::Vector(..)) {
            self.refuse(span, &format!("a byte-address load of `{ret}` (32-bit scalars and vectors only)"));
            return "0".into();
        }
        let t = self.ty_at(ret, span);
        let name = self.helper_name(&format!("{}_Load_{t}", array.name));
        if self.helpers_written.insert(name.clone()) {
            let words: Vec<String> = (0..n).map(|i| format!("{buffer}[i + {i}u]")).collect();
            let u = if n == 1 { words[0].clone() } else { format!("uvec{n}({})", words.join(", ")) };
            let value = match s {
                Scalar::F32 => format!("uintBitsToFloat({u})"),
                Scalar::I32 => format!("{t}({u})"),
                _ => u,
            };
            if !self.helpers.is_empty() {
                self.helpers.push('\n');
            }
            let _ = writeln!(
                self.helpers,
                "{t} {name}({}uint address) {{\n    uint i = address >> 2;\n    return {value};\n}}",
                array.index_param()
            );
        }
        name
    }

    /// `void name_StoreN([uint k, ]uint address, T value)`: a byte-address store of N words.
    fn byte_store_helper(&mut self, words: &WordArray, value: &Type, span: Span) -> String {
        let buffer = words.access();
        let buffer = buffer.as_str();
        let n = value.vector_size().unwrap_or(1);
        let s = value.scalar().unwrap_or(Scalar::U32);
        if !matches!(s, Scalar::U32 | Scalar::I32 | Scalar::F32) || !matches!(value, Type::Scalar(_) | Type::Vector(..))
        {
            self.refuse(span, &format!("a byte-address store of `{value}` (32-bit scalars and vectors only)"));
            return "0".into();
        }
        let t = self.ty_at(value, span);
        let name = self.helper_name(&format!("{}_Store_{t}", words.name));
        if self.helpers_written.insert(name.clone()) {
            let u = if n == 1 { "uint".to_string() } else { format!("uvec{n}") };
            let bits = match s {
                Scalar::F32 => "floatBitsToUint(value)".to_string(),
                Scalar::I32 => format!("{u}(value)"),
                _ => "value".to_string(),
            };
            let mut body = format!("    uint i = address >> 2;\n    {u} bits = {bits};\n");
            let comps = ["x", "y", "z", "w"];
            for (i, comp) in comps.iter().enumerate().take(n as usize) {
                let c = if n == 1 { "bits".to_string() } else { format!("bits.{comp}") };
                let _ = writeln!(body, "    {buffer}[i + {i}u] = {c};");
            }
            if !self.helpers.is_empty() {
                self.helpers.push('\n');
            }
            let k = words.index_param();
            let _ = write!(self.helpers, "void {name}({k}uint address, {t} value) {{\n{body}}}\n");
        }
        name
    }
}

impl<'a> Writer<'a> {
    /// A `RayQuery` method as its `GL_EXT_ray_query` function.
    fn ray_query_method(&mut self, cx: &Ctx<'a>, object: ExprId, op: RayQueryOp, args: &[ExprId]) -> (String, u8) {
        let q = self.expr(cx, object, P_ASSIGN);
        let call = |f: &str, rest: &[String]| {
            let mut all = vec![q.clone()];
            all.extend_from_slice(rest);
            (format!("{f}({})", all.join(", ")), P_POSTFIX)
        };
        match op {
            RayQueryOp::TraceRayInline => {
                let mut rest: Vec<String> = args[..3].iter().map(|&a| self.expr(cx, a, P_ASSIGN)).collect();
                // Sema made the ray a variable: its fields are read, not recomputed.
                let ray = self.expr(cx, args[3], P_POSTFIX);
                let fields = self.struct_field_names(&cx.f.exprs[args[3]].ty);
                rest.extend(fields.iter().map(|f| format!("{ray}.{f}")));
                call("rayQueryInitializeEXT", &rest)
            }
            RayQueryOp::Proceed => call("rayQueryProceedEXT", &[]),
            RayQueryOp::Abort => call("rayQueryTerminateEXT", &[]),
            RayQueryOp::CommitNonOpaqueTriangleHit => call("rayQueryConfirmIntersectionEXT", &[]),
            RayQueryOp::CommitProceduralPrimitiveHit => {
                let t = self.expr(cx, args[0], P_ASSIGN);
                call("rayQueryGenerateIntersectionEXT", &[t])
            }
            RayQueryOp::CandidateType => call("rayQueryGetIntersectionTypeEXT", &["false".into()]),
            RayQueryOp::CommittedStatus => call("rayQueryGetIntersectionTypeEXT", &["true".into()]),
            RayQueryOp::CandidateProceduralPrimitiveNonOpaque => {
                let (opaque, _) = call("rayQueryGetIntersectionCandidateAABBOpaqueEXT", &[]);
                (format!("!{opaque}"), super::writer::P_PREFIX)
            }
            RayQueryOp::RayFlags => call("rayQueryGetRayFlagsEXT", &[]),
            RayQueryOp::RayTMin => call("rayQueryGetRayTMinEXT", &[]),
            RayQueryOp::WorldRayOrigin => call("rayQueryGetWorldRayOriginEXT", &[]),
            RayQueryOp::WorldRayDirection => call("rayQueryGetWorldRayDirectionEXT", &[]),
            RayQueryOp::Hit(value, committed) => {
                let which = [committed.to_string()];
                let (f, int) = match value {
                    HitValue::RayT => ("rayQueryGetIntersectionTEXT", false),
                    // DXR's instance index is Vulkan's instance ID; DXR's ID is the custom index.
                    HitValue::InstanceIndex => ("rayQueryGetIntersectionInstanceIdEXT", true),
                    HitValue::InstanceID => ("rayQueryGetIntersectionInstanceCustomIndexEXT", true),
                    HitValue::InstanceContributionToHitGroupIndex => {
                        ("rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT", false)
                    }
                    HitValue::GeometryIndex => ("rayQueryGetIntersectionGeometryIndexEXT", true),
                    HitValue::PrimitiveIndex => ("rayQueryGetIntersectionPrimitiveIndexEXT", true),
                    HitValue::ObjectRayOrigin => ("rayQueryGetIntersectionObjectRayOriginEXT", false),
                    HitValue::ObjectRayDirection => ("rayQueryGetIntersectionObjectRayDirectionEXT", false),
                    HitValue::ObjectToWorld3x4 | HitValue::ObjectToWorld4x3 => {
                        ("rayQueryGetIntersectionObjectToWorldEXT", false)
                    }
                    HitValue::WorldToObject3x4 | HitValue::WorldToObject4x3 => {
                        ("rayQueryGetIntersectionWorldToObjectEXT", false)
                    }
                    HitValue::TriangleBarycentrics => ("rayQueryGetIntersectionBarycentricsEXT", false),
                    HitValue::TriangleFrontFace => ("rayQueryGetIntersectionFrontFaceEXT", false),
                };
                let (v, p) = call(f, &which);
                // The matrices are `mat4x3`, HLSL's `float4x3` (its rows are GLSL's columns).
                if matches!(value, HitValue::ObjectToWorld3x4 | HitValue::WorldToObject3x4) {
                    return (format!("transpose({v})"), P_POSTFIX);
                }
                if int {
                    return (format!("uint({v})"), P_POSTFIX);
                }
                (v, p)
            }
        }
    }

    /// The output names of a struct type's fields, in order.
    fn struct_field_names(&self, ty: &Type) -> Vec<String> {
        match ty {
            Type::Struct(h) => self.field_names[h.index()].clone(),
            _ => Vec::new(),
        }
    }
}

fn method_name(m: ResourceMethod) -> String {
    match m {
        ResourceMethod::Load(_) | ResourceMethod::MipLoad | ResourceMethod::LoadSample => "Load".into(),
        ResourceMethod::Store(_) => "Store".into(),
        ResourceMethod::GetDimensions | ResourceMethod::GetDimensionsMip | ResourceMethod::GetDimensionsSamples => {
            "GetDimensions".into()
        }
        ResourceMethod::IncrementCounter => "IncrementCounter".into(),
        ResourceMethod::DecrementCounter => "DecrementCounter".into(),
        ResourceMethod::Append => "Append".into(),
        ResourceMethod::Consume => "Consume".into(),
        ResourceMethod::Interlocked(op) => op.method_name().into(),
        ResourceMethod::Sample(op) => op.kind.method_name().into(),
        ResourceMethod::RayQuery(op) => op.name(),
    }
}

/// The words a byte-address helper reads or writes: a buffer's, or (`element`: the index the
/// call passes, and the words of element `k`) one of an array of buffers', whose index the
/// helper takes first.
struct WordArray {
    /// What the helper is named after.
    name: String,
    element: Option<(String, String)>,
}

impl WordArray {
    fn access(&self) -> String {
        match &self.element {
            Some((_, words)) => words.clone(),
            None => self.name.clone(),
        }
    }
    fn index_param(&self) -> &'static str {
        if self.element.is_some() {
            "uint k, "
        } else {
            ""
        }
    }
    fn index_arg(&self) -> String {
        match &self.element {
            Some((index, _)) => format!("{index}, "),
            None => String::new(),
        }
    }
}
