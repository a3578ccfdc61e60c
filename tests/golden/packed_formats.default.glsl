#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r11f_g11f_b10f) uniform image2D Bloom;
layout(set = 0, binding = 1, rgb10_a2) uniform image2D Color;
layout(set = 0, binding = 2, rgb10_a2ui) uniform uimage2D Ids;
layout(set = 0, binding = 3, rgba16_snorm) uniform image2D Normals;
layout(set = 0, binding = 4, rg16_snorm) uniform image2D Motion;
layout(set = 0, binding = 5, r16_snorm) uniform image2D Height;

void main() {
    uvec3 id = gl_GlobalInvocationID;
    vec3 hdr = imageLoad(Bloom, ivec2(id.xy)).xyz * vec3(0.5);
    imageStore(Bloom, ivec2(id.xy), vec4(hdr, 0.0));
    imageStore(Color, ivec2(id.xy), vec4(hdr / (vec3(1.0) + hdr), 1.0));
    imageStore(Ids, ivec2(id.xy), uvec4(id.x, id.y, imageLoad(Ids, ivec2(id.xy)).z + 1u, 3u));
    imageStore(Normals, ivec2(id.xy), normalize(imageLoad(Normals, ivec2(id.xy))));
    imageStore(Motion, ivec2(id.xy), vec4(-imageLoad(Motion, ivec2(id.xy)).xy, 0.0, 0.0));
    imageStore(Height, ivec2(id.xy), vec4(imageLoad(Height, ivec2(id.xy)).x * 0.5, 0.0, 0.0, 0.0));
}
