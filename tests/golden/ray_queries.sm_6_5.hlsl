RaytracingAccelerationStructure Scene : register(t0);
RaytracingAccelerationStructure Tables[] : register(t0, space1);
StructuredBuffer<uint> TableOf : register(t1);
RWStructuredBuffer<float4> Out : register(u0);

RayDesc MakeRay(float3 origin, float3 direction) {
    RayDesc r = {origin, 0.001f, direction, 1000.0f};
    return r;
}

void Resolve(inout RayQuery<128> q) {
    while (q.Proceed()) {
        if (q.CandidateType() == 1u) {
            if (!q.CandidateProceduralPrimitiveNonOpaque()) {
                q.CommitProceduralPrimitiveHit(q.RayTMin() + 1.0f);
            }
        } else if (q.CandidateTriangleFrontFace() && q.CandidateTriangleRayT() > 0.5f) {
            q.CommitNonOpaqueTriangleHit();
        } else if (q.CandidatePrimitiveIndex() > 100u) {
            q.Abort();
        }
    }
}

uint Status_128(inout RayQuery<128> q) {
    return q.CommittedStatus();
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RayQuery<128> q;
    RayDesc ray;
    ray = MakeRay(float3(float(id.x), 0.0f, -1.0f), float3(0.0f, 0.0f, 1.0f)), q.TraceRayInline(Scene, 128u | 16u, 255u, ray);
    Resolve(q);
    float4 r = float4(q.WorldRayOrigin() + q.WorldRayDirection(), asfloat(q.RayFlags()));
    if (Status_128(q) == 1u) {
        float3x4 toWorld = q.CommittedObjectToWorld3x4();
        float4x3 toObject = q.CommittedWorldToObject4x3();
        r += float4(q.CommittedRayT(), q.CommittedTriangleBarycentrics(), float(q.CommittedInstanceIndex()));
        r += float4(q.CommittedObjectRayOrigin() + q.CommittedObjectRayDirection(), float(q.CommittedInstanceID()));
        r += float4(toWorld[0u][3u], toObject[3u][0u], float(q.CommittedGeometryIndex()), float(q.CommittedPrimitiveIndex()));
        r.w += float(q.CommittedTriangleFrontFace() ? q.CommittedInstanceContributionToHitGroupIndex() : 2u);
        r += mul(q.CommittedObjectToWorld4x3()[3], q.CommittedWorldToObject3x4());
    } else if (Status_128(q) == 2u) {
        r += float4(q.CandidateObjectToWorld3x4()[0].xyz, float(q.CandidateInstanceID()));
    }
    RayDesc shadow = MakeRay(r.xyz, float3(0.0f, 1.0f, 0.0f));
    RayQuery<516> s;
    s.TraceRayInline(Tables[NonUniformResourceIndex(TableOf[id.x])], 516u | 1u, 1u, shadow);
    s.Proceed();
    r.w *= s.CommittedStatus() == 0u ? 1.0f : 0.5f;
    Out[id.x] = r;
}
