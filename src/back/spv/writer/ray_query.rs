//! Inline ray tracing (`SPV_KHR_ray_query`): acceleration structure bindings, `RayQuery`
//! variables, and each `RayQuery` method as its `OpRayQuery*KHR` instruction.

use super::*;

impl Writer<'_> {
    fn require_ray_query(&mut self) {
        self.require(Capability::RayQueryKHR);
        self.extension("SPV_KHR_ray_query");
    }

    pub(super) fn accel_ty(&mut self) -> Word {
        self.require_ray_query();
        self.cached_type(TyKey::Accel, |_, id| {
            Instruction::new(Op::TypeAccelerationStructureKHR, None, Some(id), vec![])
        })
    }

    pub(super) fn ray_query_ty(&mut self) -> Word {
        self.require_ray_query();
        self.cached_type(TyKey::RayQuery, |_, id| Instruction::new(Op::TypeRayQueryKHR, None, Some(id), vec![]))
    }

    /// The `UniformConstant` variable of an acceleration structure, or of an array of them.
    pub(super) fn accel_var(&mut self, name: &str, array: Descriptors) -> GVar {
        let t = self.accel_ty();
        let var_ty = self.descriptors(t, array);
        let var = self.global_var(var_ty, StorageClass::UniformConstant, None, name);
        GVar::Accel { var, array: array != Descriptors::One }
    }

    /// The acceleration structure `e` names, loaded.
    fn accel_of(&mut self, e: ExprId) -> R<Word> {
        let Some(GVar::Accel { var, array }) = self.descriptor_global(e).and_then(|g| self.gvars.get(&g).cloned())
        else {
            let span = self.ex(e).span;
            return Err(err("E0612", span, "this acceleration structure is not one the SPIR-V backend can name"));
        };
        let t = self.accel_ty();
        // Vulkan has no capability of its own for non-uniform indexing of acceleration
        // structures (a device feature covers it); the decoration is what matters.
        self.load_descriptor(var, t, array, e, Capability::ShaderNonUniform)
    }

    pub(super) fn ray_query_method(&mut self, object: ExprId, op: RayQueryOp, args: &[ExprId], ty: &Type) -> R<Word> {
        let span = self.ex(object).span;
        let Some(q) = self.pointer(object)? else {
            return Err(err("E0612", span, "a ray query that is not a variable"));
        };
        let q = q.id;
        let uint = self.uint_ty();
        let void = self.ty(&Type::Void, Layout::Logical);
        let float = self.ty(&Type::FLOAT, Layout::Logical);
        let float3 = self.ty(&Type::Vector(Scalar::F32, 3), Layout::Logical);
        let result = self.ty(ty, Layout::Logical);
        let none = |w: &mut Self, op: Op, ids: &[Word]| {
            w.emit(Instruction::new(op, None, None, ids.iter().map(|&i| Operand::IdRef(i)).collect()));
            Ok(0)
        };
        match op {
            RayQueryOp::TraceRayInline => {
                let accel = self.accel_of(args[0])?;
                let flags = self.expr(args[1])?;
                let mask = self.expr(args[2])?;
                let ray = self.expr(args[3])?;
                let field = |w: &mut Self, t: Word, i: u32| {
                    w.op(Op::CompositeExtract, t, vec![Operand::IdRef(ray), Operand::LiteralBit32(i)])
                };
                let origin = field(self, float3, 0);
                let t_min = field(self, float, 1);
                let direction = field(self, float3, 2);
                let t_max = field(self, float, 3);
                none(self, Op::RayQueryInitializeKHR, &[q, accel, flags, mask, origin, t_min, direction, t_max])
            }
            RayQueryOp::Proceed => Ok(self.op_ids(Op::RayQueryProceedKHR, result, &[q])),
            RayQueryOp::Abort => none(self, Op::RayQueryTerminateKHR, &[q]),
            RayQueryOp::CommitNonOpaqueTriangleHit => none(self, Op::RayQueryConfirmIntersectionKHR, &[q]),
            RayQueryOp::CommitProceduralPrimitiveHit => {
                let t = self.expr(args[0])?;
                none(self, Op::RayQueryGenerateIntersectionKHR, &[q, t])
            }
            RayQueryOp::CandidateType | RayQueryOp::CommittedStatus => {
                let which = self.const_u32((op == RayQueryOp::CommittedStatus) as u32);
                Ok(self.op_ids(Op::RayQueryGetIntersectionTypeKHR, uint, &[q, which]))
            }
            RayQueryOp::CandidateProceduralPrimitiveNonOpaque => {
                let opaque = self.op_ids(Op::RayQueryGetIntersectionCandidateAABBOpaqueKHR, result, &[q]);
                Ok(self.op_ids(Op::LogicalNot, result, &[opaque]))
            }
            RayQueryOp::RayFlags => Ok(self.op_ids(Op::RayQueryGetRayFlagsKHR, result, &[q])),
            RayQueryOp::RayTMin => Ok(self.op_ids(Op::RayQueryGetRayTMinKHR, result, &[q])),
            RayQueryOp::WorldRayOrigin => Ok(self.op_ids(Op::RayQueryGetWorldRayOriginKHR, result, &[q])),
            RayQueryOp::WorldRayDirection => Ok(self.op_ids(Op::RayQueryGetWorldRayDirectionKHR, result, &[q])),
            RayQueryOp::Hit(value, committed) => {
                let which = self.const_u32(committed as u32);
                let spv = match value {
                    HitValue::RayT => Op::RayQueryGetIntersectionTKHR,
                    // DXR's instance index is Vulkan's instance ID; DXR's ID is the custom index.
                    HitValue::InstanceIndex => Op::RayQueryGetIntersectionInstanceIdKHR,
                    HitValue::InstanceID => Op::RayQueryGetIntersectionInstanceCustomIndexKHR,
                    HitValue::InstanceContributionToHitGroupIndex => {
                        Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR
                    }
                    HitValue::GeometryIndex => Op::RayQueryGetIntersectionGeometryIndexKHR,
                    HitValue::PrimitiveIndex => Op::RayQueryGetIntersectionPrimitiveIndexKHR,
                    HitValue::ObjectRayOrigin => Op::RayQueryGetIntersectionObjectRayOriginKHR,
                    HitValue::ObjectRayDirection => Op::RayQueryGetIntersectionObjectRayDirectionKHR,
                    HitValue::ObjectToWorld3x4 | HitValue::ObjectToWorld4x3 => {
                        Op::RayQueryGetIntersectionObjectToWorldKHR
                    }
                    HitValue::WorldToObject3x4 | HitValue::WorldToObject4x3 => {
                        Op::RayQueryGetIntersectionWorldToObjectKHR
                    }
                    HitValue::TriangleBarycentrics => Op::RayQueryGetIntersectionBarycentricsKHR,
                    HitValue::TriangleFrontFace => Op::RayQueryGetIntersectionFrontFaceKHR,
                };
                // The matrices come as four columns of three components: HLSL's `float4x3`, whose
                // rows are SPIR-V's columns; the `3x4` forms are its transpose.
                if matches!(value, HitValue::ObjectToWorld3x4 | HitValue::WorldToObject3x4) {
                    let m43 = self.ty(&Type::Matrix(Scalar::F32, 4, 3), Layout::Logical);
                    let m = self.op_ids(spv, m43, &[q, which]);
                    return Ok(self.op_ids(Op::Transpose, result, &[m]));
                }
                Ok(self.op_ids(spv, result, &[q, which]))
            }
        }
        .map(|id| if id == 0 { void } else { id })
    }
}
