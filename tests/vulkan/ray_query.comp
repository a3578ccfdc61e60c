#version 460
// One ray per invocation through `scene`: opaque triangles commit by themselves, a non-opaque
// triangle commits when its first barycentric exceeds its second, and a box commits the
// nearer crossing of the sphere inscribed in it. Writes the committed hit's every property.
#extension GL_EXT_ray_query : require
layout(local_size_x = 64) in;

struct RayIn {
    vec4 origin_tmin;
    vec4 direction_tmax;
    uvec4 flags_mask;
};
struct Box {
    vec4 lo;
    vec4 hi;
};

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) readonly buffer Rays { RayIn rays[]; };
layout(set = 0, binding = 2) readonly buffer Boxes { Box boxes[]; };
layout(set = 0, binding = 3) writeonly buffer Hits { uint hits[]; };

const uint WORDS = 10;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= rays.length()) {
        return;
    }
    RayIn r = rays[i];
    float tmin = r.origin_tmin.w;
    float tmax = r.direction_tmax.w;
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, r.flags_mask.x, r.flags_mask.y, r.origin_tmin.xyz, tmin,
                          r.direction_tmax.xyz, tmax);
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
            vec2 b = rayQueryGetIntersectionBarycentricsEXT(q, false);
            if (b.x > b.y) {
                rayQueryConfirmIntersectionEXT(q);
            }
        } else {
            vec3 o = rayQueryGetIntersectionObjectRayOriginEXT(q, false);
            vec3 d = rayQueryGetIntersectionObjectRayDirectionEXT(q, false);
            Box box = boxes[rayQueryGetIntersectionPrimitiveIndexEXT(q, false)];
            vec3 oc = o - (box.lo.xyz + box.hi.xyz) * 0.5;
            float radius = (box.hi.x - box.lo.x) * 0.5;
            float a = dot(d, d);
            float half_b = dot(oc, d);
            float disc = half_b * half_b - a * (dot(oc, oc) - radius * radius);
            if (disc >= 0.0) {
                float t = (-half_b - sqrt(disc)) / a;
                bool committed =
                    rayQueryGetIntersectionTypeEXT(q, true) != gl_RayQueryCommittedIntersectionNoneEXT;
                float limit = committed ? rayQueryGetIntersectionTEXT(q, true) : tmax;
                if (t >= tmin && t <= limit) {
                    rayQueryGenerateIntersectionEXT(q, t);
                }
            }
        }
    }
    uint base = i * WORDS;
    uint kind = rayQueryGetIntersectionTypeEXT(q, true);
    hits[base + 0] = kind;
    if (kind == gl_RayQueryCommittedIntersectionNoneEXT) {
        for (uint w = 1; w < WORDS; w++) {
            hits[base + w] = 0;
        }
        return;
    }
    hits[base + 1] = floatBitsToUint(rayQueryGetIntersectionTEXT(q, true));
    hits[base + 2] = uint(rayQueryGetIntersectionInstanceCustomIndexEXT(q, true));
    hits[base + 3] = uint(rayQueryGetIntersectionInstanceIdEXT(q, true));
    hits[base + 4] = uint(rayQueryGetIntersectionPrimitiveIndexEXT(q, true));
    hits[base + 5] = uint(rayQueryGetIntersectionGeometryIndexEXT(q, true));
    vec2 b = kind == gl_RayQueryCommittedIntersectionTriangleEXT ? rayQueryGetIntersectionBarycentricsEXT(q, true)
                                                                 : vec2(0.0);
    hits[base + 6] = floatBitsToUint(b.x);
    hits[base + 7] = floatBitsToUint(b.y);
    hits[base + 8] = kind == gl_RayQueryCommittedIntersectionTriangleEXT && rayQueryGetIntersectionFrontFaceEXT(q, true)
                         ? 1u : 0u;
    hits[base + 9] = 0;
}
