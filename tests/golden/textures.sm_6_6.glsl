#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 2) uniform texture1D Line;
layout(set = 0, binding = 3) uniform texture1DArray Lines;
layout(set = 0, binding = 0) uniform texture2D Color;
layout(set = 1, binding = 3) uniform texture2D Depth;
layout(set = 1, binding = 2) uniform utexture2D Ids;
layout(set = 0, binding = 4) uniform texture2DArray Layers;
layout(set = 0, binding = 5) uniform texture3D Volume;
layout(set = 0, binding = 6) uniform textureCube Sky;
layout(set = 0, binding = 7) uniform textureCubeArray Skies;
layout(set = 0, binding = 8) uniform texture2D Materials[4];
layout(set = 0, binding = 0) uniform sampler Linear;
layout(set = 0, binding = 1) uniform samplerShadow Shadow;
layout(set = 0, binding = 9) uniform sampler Filters[2];
layout(set = 0, binding = 10, rgba8) uniform image2D Out;
layout(set = 0, binding = 11, r16f) uniform image2D Half;
layout(set = 0, binding = 12, r32ui) uniform uimage1D LineOut;
layout(set = 0, binding = 13, rg32i) uniform iimage1DArray LinesOut;
layout(set = 0, binding = 14, r32ui) uniform uimage2DArray LayersOut;
layout(set = 0, binding = 15, rgba32f) uniform image3D VolumeOut;
layout(std140, set = 0, binding = 16) uniform Params_block {
    uint Material;
    uint Filter;
};

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec2 uv = (vec2(id.xy) + vec2(0.5)) / vec2(64.0);
    vec4 c = textureLod(sampler2D(Color, Linear), uv, 0.0);
    c += textureLodOffset(sampler2D(Color, Linear), uv, 1.5, ivec2(1, -1));
    c += textureGrad(sampler2D(Color, Filters[1]), uv, vec2(0.01, 0.0), vec2(0.0, 0.01));
    c += textureGradOffset(sampler2D(Color, Linear), uv, vec2(0.01, 0.0), vec2(0.0, 0.01), ivec2(2, 2));
    c += textureLod(sampler2DArray(Layers, Linear), vec3(uv, float(id.z)), 0.0);
    c += textureLodOffset(sampler3D(Volume, Linear), vec3(uv, 0.5), 2.0, ivec3(0, 1, -8));
    c += textureLod(samplerCube(Sky, Linear), vec3(uv * vec2(2) - vec2(1), 1.0), 0.0);
    c.xyz += textureLod(samplerCubeArray(Skies, Linear), vec4(uv * vec2(2) - vec2(1), -1.0, 1.0), 0.0).xyz;
    c += textureLod(sampler2D(Materials[Material], Filters[Filter]), uv, 0.0) + texelFetch(Materials[3], ivec2(id.xy), 0);
    c.xy += textureLod(sampler1D(Line, Linear), uv.x, 0.0).xy + vec2(textureLodOffset(sampler1DArray(Lines, Linear), uv, 1.0, 3).x);
    float lit = textureLod(sampler2DShadow(Depth, Shadow), vec3(uv, 0.5), 0.0);
    lit += textureLodOffset(sampler2DShadow(Depth, Shadow), vec3(uv, 0.5), 0.0, ivec2(-1, 0));
    vec4 g = textureGather(sampler2D(Depth, Linear), uv) + textureGatherOffset(sampler2D(Color, Linear), uv, ivec2(1, 1), 1);
    g += textureGather(sampler2D(Color, Linear), uv) + textureGather(sampler2D(Color, Linear), uv, 2) + textureGather(sampler2D(Color, Linear), uv, 3);
    g += textureGather(sampler2DShadow(Depth, Shadow), uv, 0.25) + textureGatherOffset(sampler2DShadow(Depth, Shadow), uv, 0.75, ivec2(0, 1));
    g += textureGather(samplerCube(Sky, Linear), vec3(uv, 1.0)) + textureGather(sampler2DArray(Layers, Linear), vec3(uv, 2.0), 3);
    uvec4 ids = textureGather(usampler2D(Ids, Linear), uv, 1);
    c += texelFetch(Color, ivec2(id.xy), 0) + texelFetchOffset(Color, ivec2(id.xy), 1, ivec2(-1, 0)) + texelFetch(Color, ivec2(id.xy), 0);
    c += texelFetch(Color, ivec2(id.xy / uvec2(2)), int(1u)) + texelFetch(Layers, ivec3(ivec2(id.xy), 1), 0) + texelFetch(Volume, ivec3(id / uvec3(4)), int(2u));
    c.x += texelFetch(Lines, ivec2(int(id.x), 2), 0).x + texelFetch(Lines, ivec2(uvec2(id.x, 1u)), int(0u)).x + texelFetchOffset(Line, int(id.x), 1, 1).xy.y;
    uint w;
    uint h;
    uint d;
    uint levels;
    w = uint(textureSize(Color, 0).x), h = uint(textureSize(Color, 0).y);
    w = uint(textureSize(Color, int(1u)).x), h = uint(textureSize(Color, int(1u)).y), levels = uint(textureQueryLevels(Color));
    w = uint(textureSize(Sky, int(0u)).x), h = uint(textureSize(Sky, int(0u)).y), levels = uint(textureQueryLevels(Sky));
    w = uint(textureSize(Skies, 0).x), h = uint(textureSize(Skies, 0).y), d = uint(textureSize(Skies, 0).z);
    float fw;
    float fh;
    float fd;
    float fl;
    fw = float(textureSize(Layers, int(0u)).x), fh = float(textureSize(Layers, int(0u)).y), fd = float(textureSize(Layers, int(0u)).z), fl = float(textureQueryLevels(Layers));
    w = uint(textureSize(Volume, 0).x), h = uint(textureSize(Volume, 0).y), d = uint(textureSize(Volume, 0).z);
    w = uint(textureSize(Line, int(0u))), levels = uint(textureQueryLevels(Line));
    w = uint(textureSize(Lines, 0).x), d = uint(textureSize(Lines, 0).y);
    w = uint(imageSize(Out).x), h = uint(imageSize(Out).y);
    fw = float(imageSize(LayersOut).x), fh = float(imageSize(LayersOut).y), fd = float(imageSize(LayersOut).z);
    imageStore(Out, ivec2(id.xy), c * vec4(lit) + g + vec4(vec4(ids.xyxy)) + vec4(float(w), float(h), float(levels), fw));
    imageStore(Half, ivec2(id.xy), vec4(imageLoad(Half, ivec2(id.xy)).x * 0.5 + fh, 0.0, 0.0, 0.0));
    imageStore(LineOut, int(id.x), uvec4(imageLoad(LineOut, int(id.x)).x + ids.x, 0u, 0u, 0u));
    imageStore(LinesOut, ivec2(id.xy), ivec4(ivec2(imageLoad(LinesOut, ivec2(id.yx)).xy.y, -1), 0, 0));
    imageStore(LayersOut, ivec3(id), uvec4(uint(fd + fl) + imageLoad(LayersOut, ivec3(ivec3(id.yxz))).x, 0u, 0u, 0u));
    imageStore(VolumeOut, ivec3(id), texelFetch(Volume, ivec3(id), 0) + imageLoad(VolumeOut, ivec3(id.zyx)));
}
