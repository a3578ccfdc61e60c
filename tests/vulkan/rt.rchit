#version 460
// The committed hit, as the ray query shader writes it: kind (1 triangle, 2 procedural), t,
// custom index, instance index, primitive, geometry, barycentrics, front face.
#extension GL_EXT_ray_tracing : require
struct Payload {
    uint w[10];
};
layout(location = 0) rayPayloadInEXT Payload payload;
hitAttributeEXT vec2 attributes;
void main() {
    bool triangle = gl_HitKindEXT == gl_HitKindFrontFacingTriangleEXT || gl_HitKindEXT == gl_HitKindBackFacingTriangleEXT;
    payload.w[0] = triangle ? 1u : 2u;
    payload.w[1] = floatBitsToUint(gl_HitTEXT);
    payload.w[2] = uint(gl_InstanceCustomIndexEXT);
    payload.w[3] = uint(gl_InstanceID);
    payload.w[4] = uint(gl_PrimitiveID);
    payload.w[5] = uint(gl_GeometryIndexEXT);
    payload.w[6] = triangle ? floatBitsToUint(attributes.x) : 0u;
    payload.w[7] = triangle ? floatBitsToUint(attributes.y) : 0u;
    payload.w[8] = gl_HitKindEXT == gl_HitKindFrontFacingTriangleEXT ? 1u : 0u;
    payload.w[9] = 0;
}
