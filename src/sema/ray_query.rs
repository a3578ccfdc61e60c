//! Inline ray tracing in the checker: DXR's constants, `RayQuery<FLAGS>` and its methods.
//! `RayDesc` is the core module's (`stdlib/raytracing.slang`), an ordinary struct that HLSL
//! output leaves to HLSL's own ([`crate::ir::Module::is_ray_desc`]).

use super::*;
use crate::ir::{BinaryOp, RayQueryOp};

/// DXR's predeclared constants (`RAY_FLAG`, `COMMITTED_STATUS`, `CANDIDATE_TYPE`, `HIT_KIND`), all
/// `uint`. A shader's own declaration of one of these names hides it.
pub(super) fn builtin_constant(name: &str) -> Option<u32> {
    Some(match name {
        "RAY_FLAG_NONE" => 0,
        "RAY_FLAG_FORCE_OPAQUE" => 0x01,
        "RAY_FLAG_FORCE_NON_OPAQUE" => 0x02,
        "RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH" => 0x04,
        "RAY_FLAG_SKIP_CLOSEST_HIT_SHADER" => 0x08,
        "RAY_FLAG_CULL_BACK_FACING_TRIANGLES" => 0x10,
        "RAY_FLAG_CULL_FRONT_FACING_TRIANGLES" => 0x20,
        "RAY_FLAG_CULL_OPAQUE" => 0x40,
        "RAY_FLAG_CULL_NON_OPAQUE" => 0x80,
        "RAY_FLAG_SKIP_TRIANGLES" => 0x100,
        "RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES" => 0x200,
        "COMMITTED_NOTHING" => 0,
        "COMMITTED_TRIANGLE_HIT" => 1,
        "COMMITTED_PROCEDURAL_PRIMITIVE_HIT" => 2,
        "CANDIDATE_NON_OPAQUE_TRIANGLE" => 0,
        "CANDIDATE_PROCEDURAL_PRIMITIVE" => 1,
        "HIT_KIND_TRIANGLE_FRONT_FACE" => 0xfe,
        "HIT_KIND_TRIANGLE_BACK_FACE" => 0xff,
        // GL_EXT_ray_query's spellings of the same values.
        "gl_RayFlagsNoneEXT" => 0,
        "gl_RayFlagsOpaqueEXT" => 0x01,
        "gl_RayFlagsNoOpaqueEXT" => 0x02,
        "gl_RayFlagsTerminateOnFirstHitEXT" => 0x04,
        "gl_RayFlagsSkipClosestHitShaderEXT" => 0x08,
        "gl_RayFlagsCullBackFacingTrianglesEXT" => 0x10,
        "gl_RayFlagsCullFrontFacingTrianglesEXT" => 0x20,
        "gl_RayFlagsCullOpaqueEXT" => 0x40,
        "gl_RayFlagsCullNoOpaqueEXT" => 0x80,
        "gl_RayFlagsSkipTrianglesEXT" => 0x100,
        "gl_RayFlagsSkipAABBEXT" => 0x200,
        "gl_RayQueryCommittedIntersectionNoneEXT" => 0,
        "gl_RayQueryCommittedIntersectionTriangleEXT" => 1,
        "gl_RayQueryCommittedIntersectionGeneratedEXT" => 2,
        "gl_RayQueryCandidateIntersectionTriangleEXT" => 0,
        "gl_RayQueryCandidateIntersectionAABBEXT" => 1,
        _ => return None,
    })
}

/// The ray flags that mean something to a traversal.
const KNOWN_FLAGS: u64 = 0x3ff;

impl Checker {
    fn module_expr_kind(&self, e: ExprId) -> Option<&ExprKind> {
        self.cur.as_ref().map(|st| &st.func.exprs[e].kind)
    }

    /// `RayQuery<FLAGS>` (`RayQuery` alone: no flags).
    pub(super) fn ray_query_type(&mut self, args: &[ast::GenericArg], span: Span) -> Type {
        let value = match args {
            [] => return Type::RayQuery(0),
            [ast::GenericArg::Expr(e)] => self.const_of_ast(e),
            // `RayQuery<RAY_FLAG_NONE>` reads as a type argument until the name is looked up.
            [ast::GenericArg::Type(t)] if t.args().is_empty() && !t.name().is_empty() => {
                let e = ast::Expr { kind: ast::ExprKind::Ident(t.name().to_string()), span: t.span };
                self.const_of_ast(&e)
            }
            _ => None,
        };
        match value.as_ref().and_then(ConstValue::as_u64) {
            Some(flags) if flags & !KNOWN_FLAGS == 0 => Type::RayQuery(flags as u32),
            Some(flags) => {
                self.error("E0402", span, format!("`RayQuery<{flags:#x}>`: only ray flags up to 0x200 mean something"));
                Type::Error
            }
            None => {
                self.error("E0402", span, "expected `RayQuery<FLAGS>`: one constant of ray flags");
                Type::Error
            }
        }
    }

    /// `q.Method(args)` of a `RayQuery<flags>` variable.
    pub(super) fn ray_query_method(
        &mut self,
        object: ExprId,
        flags: u32,
        name: &ast::Ident,
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let Some(op) = RayQueryOp::from_name(&name.name) else {
            let msg = format!("`RayQuery` has no method `{}`", name.name);
            self.error("E0407", name.span, msg);
            return self.error_expr(span);
        };
        self.ray_query_op(object, flags, op, name, args, span)
    }

    /// Method `op` of a `RayQuery<flags>` variable, written as `name`.
    fn ray_query_op(
        &mut self,
        object: ExprId,
        flags: u32,
        op: RayQueryOp,
        name: &ast::Ident,
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let wanted = match op {
            RayQueryOp::TraceRayInline => 4,
            RayQueryOp::CommitProceduralPrimitiveHit => 1,
            _ => 0,
        };
        if args.len() != wanted {
            let msg = format!("`RayQuery.{}` takes {wanted} arguments, found {}", name.name, args.len());
            self.error("E0403", name.span, msg);
            return self.error_expr(span);
        }
        if !self.require_lvalue(object) {
            return self.error_expr(span);
        }
        // Targets read the ray's fields one by one: a value that is not a variable is computed
        // once, into one, before the trace.
        let mut ray_store = None;
        let args = match op {
            RayQueryOp::TraceRayInline => {
                let accel = args[0];
                let accel_ty = self.ty(accel);
                if !matches!(accel_ty, Type::Resource(ResourceKind::RaytracingAccelerationStructure, _) | Type::Error) {
                    let msg =
                        format!("expected a `RaytracingAccelerationStructure`, found `{}`", self.type_name(&accel_ty));
                    let at = self.span_of(accel);
                    self.error("E0405", at, msg);
                    return self.error_expr(span);
                }
                let ray_flags = self.coerce(args[1], &Type::UINT, span);
                // The type's flags apply to every trace, as if or-ed into each call's.
                let ray_flags = if flags == 0 {
                    ray_flags
                } else {
                    let c = self.add_expr(ExprKind::Const(ConstValue::Uint(flags.into())), Type::UINT, span);
                    self.add_expr(ExprKind::Binary(BinaryOp::BitOr, c, ray_flags), Type::UINT, span)
                };
                let mask = self.coerce(args[2], &Type::UINT, span);
                let mut ray = args[3];
                let ray_ty = self.ty(ray);
                if !matches!(ray_ty, Type::Struct(h) if self.module.is_ray_desc(h)) && !ray_ty.is_error() {
                    let msg = format!("expected a `RayDesc`, found `{}`", self.type_name(&ray_ty));
                    let at = self.span_of(ray);
                    self.error("E0405", at, msg);
                    return self.error_expr(span);
                }
                if !matches!(self.module_expr_kind(ray), Some(ExprKind::Local(_))) {
                    let Some(t) = self.temp("ray", ray_ty.clone(), span) else { return self.error_expr(span) };
                    let target = self.add_expr(ExprKind::Local(t), ray_ty.clone(), span);
                    let value = ray;
                    ray_store = Some(self.add_expr(ExprKind::Assign { op: None, target, value }, ray_ty.clone(), span));
                    ray = self.add_expr(ExprKind::Local(t), ray_ty, span);
                }
                vec![accel, ray_flags, mask, ray]
            }
            RayQueryOp::CommitProceduralPrimitiveHit => vec![self.coerce(args[0], &Type::FLOAT, span)],
            _ => Vec::new(),
        };
        let method = ResourceMethod::RayQuery(op);
        let call = self.add_expr(ExprKind::Method { object, method, args }, op.ty(), span);
        match ray_store {
            Some(store) => self.add_expr(ExprKind::Comma(store, call), op.ty(), span),
            None => call,
        }
    }

    /// GL_EXT_ray_query's functions (`rayQueryProceedEXT(q)`, …), as Slang's GLSL mode takes
    /// them: each is the `RayQuery` method of the same meaning, `committed` a constant that picks
    /// the candidate's or the committed intersection's value. `None`: not one of them.
    pub(super) fn glsl_ray_query_call(&mut self, name: &str, args: &[ExprId], span: Span) -> Option<ExprId> {
        use crate::ir::HitValue as V;
        let rest = name.strip_prefix("rayQuery")?.strip_suffix("EXT")?;
        let plain = |op: RayQueryOp| Some((op, false));
        let (op, committed_arg) = match rest {
            "Initialize" => plain(RayQueryOp::TraceRayInline),
            "Proceed" => plain(RayQueryOp::Proceed),
            "Terminate" => plain(RayQueryOp::Abort),
            "ConfirmIntersection" => plain(RayQueryOp::CommitNonOpaqueTriangleHit),
            "GenerateIntersection" => plain(RayQueryOp::CommitProceduralPrimitiveHit),
            "GetIntersectionCandidateAABBOpaque" => plain(RayQueryOp::CandidateProceduralPrimitiveNonOpaque),
            "GetRayFlags" => plain(RayQueryOp::RayFlags),
            "GetRayTMin" => plain(RayQueryOp::RayTMin),
            "GetWorldRayOrigin" => plain(RayQueryOp::WorldRayOrigin),
            "GetWorldRayDirection" => plain(RayQueryOp::WorldRayDirection),
            "GetIntersectionType" => Some((RayQueryOp::CandidateType, true)),
            other => {
                let value = match other.strip_prefix("GetIntersection")? {
                    "T" => V::RayT,
                    // GLSL's instance ID is DXR's instance index; its custom index DXR's ID.
                    "InstanceId" => V::InstanceIndex,
                    "InstanceCustomIndex" => V::InstanceID,
                    "InstanceShaderBindingTableRecordOffset" => V::InstanceContributionToHitGroupIndex,
                    "GeometryIndex" => V::GeometryIndex,
                    "PrimitiveIndex" => V::PrimitiveIndex,
                    "Barycentrics" => V::TriangleBarycentrics,
                    "FrontFace" => V::TriangleFrontFace,
                    "ObjectRayOrigin" => V::ObjectRayOrigin,
                    "ObjectRayDirection" => V::ObjectRayDirection,
                    "ObjectToWorld" => V::ObjectToWorld4x3,
                    "WorldToObject" => V::WorldToObject4x3,
                    _ => return None,
                };
                Some((RayQueryOp::Hit(value, false), true))
            }
        }?;
        let Some((&query, rest_args)) = args.split_first() else {
            self.error("E0403", span, format!("`{name}` takes the ray query first"));
            return Some(self.error_expr(span));
        };
        if !matches!(self.ty(query), Type::RayQuery(_)) {
            let shown = self.type_name(&self.ty(query));
            let at = self.span_of(query);
            self.error("E0405", at, format!("`{name}` takes a `rayQueryEXT`, found `{shown}`"));
            return Some(self.error_expr(span));
        }
        let mut op = op;
        let mut rest_args = rest_args.to_vec();
        if committed_arg {
            let Some(&which) = rest_args.first() else {
                self.error(
                    "E0403",
                    span,
                    format!("`{name}` takes the query and whether the intersection is the committed one"),
                );
                return Some(self.error_expr(span));
            };
            let committed = self.cur.as_ref().and_then(|st| st.func.const_value(which)?.as_bool());
            let Some(committed) = committed else {
                let at = self.span_of(which);
                self.error("E0402", at, format!("`{name}`'s second argument must be a constant `bool`"));
                return Some(self.error_expr(span));
            };
            rest_args.remove(0);
            op = match op {
                RayQueryOp::CandidateType if committed => RayQueryOp::CommittedStatus,
                RayQueryOp::Hit(v, _) => RayQueryOp::Hit(v, committed),
                other => other,
            };
        }
        if op == RayQueryOp::TraceRayInline {
            // `(q, accel, flags, mask, origin, tMin, direction, tMax)`: the ray as a `RayDesc`.
            if rest_args.len() != 7 {
                self.error("E0403", span, format!("`{name}` takes 8 arguments, found {}", args.len()));
                return Some(self.error_expr(span));
            }
            let Some(Type::Struct(h)) = self.types.get("RayDesc").cloned() else {
                self.error("E0401", span, "`RayDesc` is not declared");
                return Some(self.error_expr(span));
            };
            let fields: Vec<Type> = self.module.structs[h].fields.iter().map(|f| f.ty.clone()).collect();
            let parts: Vec<ExprId> =
                rest_args[3..].iter().zip(&fields).map(|(&a, t)| self.coerce(a, t, span)).collect();
            let ray = self.add_expr(ExprKind::Construct(parts), Type::Struct(h), span);
            rest_args.truncate(3);
            rest_args.push(ray);
        }
        let Type::RayQuery(flags) = self.ty(query) else { return None };
        let written = ast::Ident { name: name.to_string(), span };
        let call = self.ray_query_op(query, flags, op, &written, rest_args, span);
        // GLSL's indices are `int`s.
        let signed =
            matches!(op, RayQueryOp::Hit(V::InstanceIndex | V::InstanceID | V::GeometryIndex | V::PrimitiveIndex, _));
        Some(if signed {
            self.add_expr(ExprKind::Convert(call), Type::INT, span)
        } else if op == RayQueryOp::CandidateProceduralPrimitiveNonOpaque {
            self.add_expr(ExprKind::Unary(crate::ir::UnaryOp::Not, call), Type::BOOL, span)
        } else {
            call
        })
    }
}
