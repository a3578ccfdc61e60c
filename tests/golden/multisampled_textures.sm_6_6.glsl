#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2DMS DepthMS;
layout(set = 0, binding = 1) uniform texture2DMSArray ColorMS;
layout(std430, set = 0, binding = 2) buffer Resolved_block {
    vec4 Resolved[];
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    uint width;
    uint height;
    uint samples;
    width = uint(textureSize(DepthMS).x), height = uint(textureSize(DepthMS).y), samples = uint(textureSamples(DepthMS));
    if (id.x >= width || id.y >= height) {
        return;
    }
    float nearest = 1.0;
    float farthest = 0.0;
    for (uint s = 0u; s < samples; s++) {
        float d = texelFetch(DepthMS, ivec2(ivec2(id.xy)), int(s)).x;
        nearest = min(nearest, d);
        farthest = max(farthest, d);
    }
    float moved = texelFetch(DepthMS, (ivec2(ivec2(id.xy)) + ivec2(-1, 1)), 0).x + texelFetch(DepthMS, ivec2(id.xy), 0).x + texelFetch(DepthMS, ivec2(id.xy), 1).x;
    vec4 color = vec4(0);
    float w;
    float h;
    float layers;
    float colorSamples;
    w = float(textureSize(ColorMS).x), h = float(textureSize(ColorMS).y), layers = float(textureSize(ColorMS).z), colorSamples = float(textureSamples(ColorMS));
    for (uint layer = 0u; layer < uint(layers); layer++) {
        for (int c = 0; c < int(colorSamples); c++) {
            color += texelFetch(ColorMS, ivec3(ivec2(id.xy), int(layer)), c);
        }
    }
    color /= layers * colorSamples;
    color += texelFetch(ColorMS, ivec3(uvec3(id.xy, 0u)), 1) * vec4(0.5) + texelFetch(ColorMS, (ivec3(ivec2(id.xy), 1) + ivec3(ivec2(1, 0), 0)), 0);
    Resolved[id.y * width + id.x] = vec4(nearest, farthest, moved, 0.0) + color;
}
