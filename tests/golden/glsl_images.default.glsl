#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r32ui) uniform uimage2D histogram;
layout(set = 0, binding = 1, rgba8) uniform image2D picture;
layout(set = 0, binding = 2, rg16f) uniform image2DArray motion;
uvec3 GlobalInvocationID;

vec4 __glslTexel(vec4 v) {
    return v;
}

ivec2 imageSize_picture() {
    uint w;
    uint h;
    w = uint(imageSize(picture).x), h = uint(imageSize(picture).y);
    return ivec2(ivec2(uvec2(w, h)));
}

vec4 imageLoad_picture(ivec2 p) {
    return __glslTexel(imageLoad(picture, ivec2(uvec2(p))));
}

vec4 brighter_picture(ivec2 p) {
    return min(imageLoad_picture(p) * vec4(1.5), vec4(1.0));
}

uint imageAtomicAdd_histogram(ivec2 p, uint data) {
    uint old;
    old = imageAtomicAdd(histogram, ivec2(uvec2(p)), data);
    return old;
}

void imageStore_motion(ivec3 p, vec4 data) {
    imageStore(motion, ivec3(uvec3(p)), vec4(data.xy, 0.0, 0.0));
}

void main() {
    uvec3 wavec_DispatchThreadID = gl_GlobalInvocationID;
    GlobalInvocationID = wavec_DispatchThreadID;
    ivec2 p = ivec2(ivec2(GlobalInvocationID.xy));
    ivec2 size = imageSize_picture();
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    vec4 c = brighter_picture(p);
    uint level = uint(c.y * 15.0);
    imageAtomicAdd_histogram(ivec2(int(level), 0), 1u);
    imageStore_motion(ivec3(p, 1), vec4(c.xy - vec2(0.5), 0.0, 0.0));
}
