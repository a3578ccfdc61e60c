#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r11f_g11f_b10f) uniform image2D hdr;
layout(set = 0, binding = 1, rgb10_a2) uniform image2D ldr;
layout(set = 0, binding = 2, rgb10_a2ui) uniform uimage2D ids;
layout(set = 0, binding = 3, rgba16_snorm) uniform image2D normals;
uvec3 GlobalInvocationID;

vec4 __glslTexel(vec4 v) {
    return v;
}

uvec4 __glslTexel(uvec4 v) {
    return v;
}

vec4 imageLoad_hdr(ivec2 p) {
    return __glslTexel(imageLoad(hdr, ivec2(uvec2(p))));
}

void imageStore_hdr(ivec2 p, vec4 data) {
    imageStore(hdr, ivec2(uvec2(p)), data.xyzw);
}

void imageStore_ldr(ivec2 p, vec4 data) {
    imageStore(ldr, ivec2(uvec2(p)), data.xyzw);
}

uvec4 imageLoad_ids(ivec2 p) {
    return __glslTexel(imageLoad(ids, ivec2(uvec2(p))));
}

void imageStore_ids(ivec2 p, uvec4 data) {
    imageStore(ids, ivec2(uvec2(p)), data.xyzw);
}

vec4 imageLoad_normals(ivec2 p) {
    return __glslTexel(imageLoad(normals, ivec2(uvec2(p))));
}

void imageStore_normals(ivec2 p, vec4 data) {
    imageStore(normals, ivec2(uvec2(p)), data.xyzw);
}

void main() {
    uvec3 wavec_DispatchThreadID = gl_GlobalInvocationID;
    GlobalInvocationID = wavec_DispatchThreadID;
    ivec2 p = ivec2(ivec2(GlobalInvocationID.xy));
    vec4 c = imageLoad_hdr(p) * vec4(0.5);
    imageStore_hdr(p, c);
    imageStore_ldr(p, vec4(c.xyz / (vec3(1.0) + c.xyz), 1.0));
    imageStore_ids(p, imageLoad_ids(p) + uvec4(1u, 0u, 0u, 1u));
    imageStore_normals(p, normalize(imageLoad_normals(p)));
}
