#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 1) uniform texture1D Line;
layout(set = 0, binding = 0) uniform texture2D Color;
layout(set = 0, binding = 2) uniform texture2D Depth;
layout(set = 0, binding = 3) uniform utexture2D Ids;
layout(set = 0, binding = 4) uniform texture2DArray Layers;
layout(set = 0, binding = 5) uniform texture3D Volume;
layout(set = 0, binding = 6) uniform textureCube Sky;
layout(set = 0, binding = 7) uniform textureCubeArray Skies;
layout(set = 0, binding = 8) uniform texture1DArray Lines;
layout(set = 0, binding = 0) uniform sampler Linear;
layout(set = 0, binding = 9, rgba32f) uniform image2D Out;
layout(set = 0, binding = 10, r32ui) uniform uimage1D LineOut;
layout(set = 0, binding = 11, rg32i) uniform iimage2DArray LayersOut;
layout(set = 0, binding = 12, r32f) uniform image3D VolumeOut;
layout(set = 0, binding = 13, rg32i) uniform iimage1DArray LinesOut;

vec4 Blur(vec2 uv) {
    return textureLodOffset(sampler2D(Color, Linear), uv, 1.0, ivec2(1, -1)) + textureLod(sampler2D(Color, Linear), uv, 0.0);
}

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = (vec2(id.xy) + vec2(0.5)) / vec2(64.0);
    vec4 c = Blur(uv) + textureGrad(sampler2D(Color, Linear), uv, vec2(0.01, 0.0), vec2(0.0, 0.01));
    c += textureLod(sampler2DArray(Layers, Linear), vec3(uv, float(id.z)), 0.0) + textureLod(sampler3D(Volume, Linear), vec3(uv, 0.5), 2.0);
    c.xy += textureLod(sampler1D(Line, Linear), uv.x, 0.0).xy + texelFetch(Line, int(id.x), 0).xy;
    vec4 g = textureGather(sampler2D(Depth, Linear), uv) + textureGatherOffset(sampler2D(Color, Linear), uv, ivec2(1, 1), 1);
    uvec4 ids = textureGather(usampler2D(Ids, Linear), uv);
    c += texelFetch(Color, ivec2(id.xy), 1) + texelFetch(Color, ivec2(id.xy), 0) + texelFetch(Color, ivec2(id.xy / uvec2(2)), int(1u)) + texelFetch(Layers, ivec3(ivec2(id.xy), 1), 0);
    c += textureLod(samplerCube(Sky, Linear), vec3(uv * vec2(2) - vec2(1), 1.0), 0.0) + textureGather(samplerCube(Sky, Linear), vec3(uv, 1.0));
    c.xyz += textureLod(samplerCubeArray(Skies, Linear), vec4(uv * vec2(2) - vec2(1), -1.0, 1.0), 0.0).xyz;
    c.x += textureLod(sampler1DArray(Lines, Linear), uv, 1.0).x + texelFetch(Lines, ivec2(int(id.x), 2), 0).x + texelFetchOffset(Lines, ivec2(int(id.x), 1), 0, 1).x + texelFetch(Lines, ivec2(uvec2(id.x, 1u)), 0).x;
    c += texelFetchOffset(Color, ivec2(id.xy), 1, ivec2(-1, 0)) + textureGatherOffset(sampler2DArray(Layers, Linear), vec3(uv, 2.0), ivec2(1, 0), 3);
    c.x += texelFetch(Depth, ivec2(id.xy), 0).x + texelFetch(Volume, ivec3(id), 0).w + float(texelFetch(Ids, ivec2(id.xy), 0).xy.y);
    uint w;
    uint h;
    uint levels;
    float fw;
    float fh;
    float layers;
    w = uint(textureSize(Color, 0).x), h = uint(textureSize(Color, 0).y);
    w = uint(textureSize(Color, int(1u)).x), h = uint(textureSize(Color, int(1u)).y), levels = uint(textureQueryLevels(Color));
    fw = float(textureSize(Layers, 0).x), fh = float(textureSize(Layers, 0).y), layers = float(textureSize(Layers, 0).z);
    imageStore(Out, ivec2(id.xy), c + g + vec4(vec4(ids)) + vec4(float(w), float(h), float(levels), fw + fh + layers));
    imageStore(LineOut, int(id.x), uvec4(imageLoad(Out, ivec2(id.xy)).x > 0.5 ? 1u : 0u, 0u, 0u, 0u));
    imageStore(LayersOut, ivec3(uvec3(id.xy, 2u)), ivec4(ivec2(ivec2(id.xy)), 0, 0));
    imageStore(VolumeOut, ivec3(id), vec4(imageLoad(Out, ivec2(id.xy)).y, 0.0, 0.0, 0.0));
    imageStore(LinesOut, ivec2(uvec2(id.x, 3u)), ivec4(ivec2(ivec2(id.xy)), 0, 0));
}
