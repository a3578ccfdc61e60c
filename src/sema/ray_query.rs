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
                let ray = args[3];
                let ray_ty = self.ty(ray);
                if !matches!(ray_ty, Type::Struct(h) if self.module.is_ray_desc(h)) && !ray_ty.is_error() {
                    let msg = format!("expected a `RayDesc`, found `{}`", self.type_name(&ray_ty));
                    let at = self.span_of(ray);
                    self.error("E0405", at, msg);
                    return self.error_expr(span);
                }
                // Targets read the ray's fields one by one: a value that is not a variable is
                // computed once, into one.
                if !matches!(self.module_expr_kind(ray), Some(ExprKind::Local(_))) {
                    let Some(t) = self.temp("ray", ray_ty.clone(), span) else { return self.error_expr(span) };
                    let target = self.add_expr(ExprKind::Local(t), ray_ty.clone(), span);
                    let store = self.add_expr(ExprKind::Assign { op: None, target, value: ray }, ray_ty.clone(), span);
                    let read = self.add_expr(ExprKind::Local(t), ray_ty, span);
                    let method = ResourceMethod::RayQuery(op);
                    let call = self.add_expr(
                        ExprKind::Method { object, method, args: vec![accel, ray_flags, mask, read] },
                        Type::Void,
                        span,
                    );
                    return self.add_expr(ExprKind::Comma(store, call), Type::Void, span);
                }
                vec![accel, ray_flags, mask, ray]
            }
            RayQueryOp::CommitProceduralPrimitiveHit => vec![self.coerce(args[0], &Type::FLOAT, span)],
            _ => Vec::new(),
        };
        let method = ResourceMethod::RayQuery(op);
        self.add_expr(ExprKind::Method { object, method, args }, op.ty(), span)
    }
}
