#version 460
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_ray_query : require

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct RayDesc {
    vec3 Origin;
    float TMin;
    vec3 Direction;
    float TMax;
};

layout(set = 0, binding = 0) uniform accelerationStructureEXT Scene;
layout(set = 1, binding = 0) uniform accelerationStructureEXT Tables[];
layout(std430, set = 0, binding = 1) readonly buffer TableOf_block {
    uint TableOf[];
};
layout(std430, set = 0, binding = 0) buffer Out_block {
    vec4 Out[];
};

RayDesc MakeRay(vec3 origin, vec3 direction) {
    RayDesc r = RayDesc(origin, 0.001, direction, 1000.0);
    return r;
}

void Resolve(rayQueryEXT q) {
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == 1u) {
            if (!!rayQueryGetIntersectionCandidateAABBOpaqueEXT(q)) {
                rayQueryGenerateIntersectionEXT(q, rayQueryGetRayTMinEXT(q) + 1.0);
            }
        } else if (rayQueryGetIntersectionFrontFaceEXT(q, false) && rayQueryGetIntersectionTEXT(q, false) > 0.5) {
            rayQueryConfirmIntersectionEXT(q);
        } else if (uint(rayQueryGetIntersectionPrimitiveIndexEXT(q, false)) > 100u) {
            rayQueryTerminateEXT(q);
        }
    }
}

uint Status_128(rayQueryEXT q) {
    return rayQueryGetIntersectionTypeEXT(q, true);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    rayQueryEXT q;
    RayDesc ray;
    ray = MakeRay(vec3(float(id.x), 0.0, -1.0), vec3(0.0, 0.0, 1.0)), rayQueryInitializeEXT(q, Scene, 128u | 16u, 255u, ray.Origin, ray.TMin, ray.Direction, ray.TMax);
    Resolve(q);
    vec4 r = vec4(rayQueryGetWorldRayOriginEXT(q) + rayQueryGetWorldRayDirectionEXT(q), uintBitsToFloat(rayQueryGetRayFlagsEXT(q)));
    if (Status_128(q) == 1u) {
        mat3x4 toWorld = transpose(rayQueryGetIntersectionObjectToWorldEXT(q, true));
        mat4x3 toObject = rayQueryGetIntersectionWorldToObjectEXT(q, true);
        r += vec4(rayQueryGetIntersectionTEXT(q, true), rayQueryGetIntersectionBarycentricsEXT(q, true), float(uint(rayQueryGetIntersectionInstanceIdEXT(q, true))));
        r += vec4(rayQueryGetIntersectionObjectRayOriginEXT(q, true) + rayQueryGetIntersectionObjectRayDirectionEXT(q, true), float(uint(rayQueryGetIntersectionInstanceCustomIndexEXT(q, true))));
        r += vec4(toWorld[0u][3u], toObject[3u][0u], float(uint(rayQueryGetIntersectionGeometryIndexEXT(q, true))), float(uint(rayQueryGetIntersectionPrimitiveIndexEXT(q, true))));
        r.w += float(rayQueryGetIntersectionFrontFaceEXT(q, true) ? rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT(q, true) : 2u);
        r += (transpose(rayQueryGetIntersectionWorldToObjectEXT(q, true)) * rayQueryGetIntersectionObjectToWorldEXT(q, true)[3]);
    } else if (Status_128(q) == 2u) {
        r += vec4(transpose(rayQueryGetIntersectionObjectToWorldEXT(q, false))[0].xyz, float(uint(rayQueryGetIntersectionInstanceCustomIndexEXT(q, false))));
    }
    RayDesc shadow = MakeRay(r.xyz, vec3(0.0, 1.0, 0.0));
    rayQueryEXT s;
    rayQueryInitializeEXT(s, Tables[nonuniformEXT(TableOf[id.x])], 516u | 1u, 1u, shadow.Origin, shadow.TMin, shadow.Direction, shadow.TMax);
    rayQueryProceedEXT(s);
    r.w *= rayQueryGetIntersectionTypeEXT(s, true) == 0u ? 1.0 : 0.5;
    Out[id.x] = r;
}
