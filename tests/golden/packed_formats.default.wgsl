@group(0) @binding(0) var Bloom: texture_storage_2d<rg11b10ufloat, read_write>;
@group(0) @binding(1) var Color: texture_storage_2d<rgb10a2unorm, write>;
@group(0) @binding(2) var Ids: texture_storage_2d<rgb10a2uint, read_write>;
@group(0) @binding(3) var Normals: texture_storage_2d<rgba16snorm, read_write>;
@group(0) @binding(4) var Motion: texture_storage_2d<rg16snorm, read_write>;
@group(0) @binding(5) var Height: texture_storage_2d<r16snorm, read_write>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var hdr: vec3<f32> = textureLoad(Bloom, id.xy).xyz * vec3<f32>(0.5f);
    textureStore(Bloom, id.xy, vec4<f32>(hdr, 0.0f));
    textureStore(Color, id.xy, vec4<f32>(hdr / (vec3<f32>(1.0f) + hdr), 1.0f));
    textureStore(Ids, id.xy, vec4<u32>(id.x, id.y, textureLoad(Ids, id.xy).z + 1u, 3u));
    textureStore(Normals, id.xy, normalize(textureLoad(Normals, id.xy)));
    textureStore(Motion, id.xy, vec4<f32>(-textureLoad(Motion, id.xy).xy, 0.0f, 0.0f));
    textureStore(Height, id.xy, vec4<f32>(textureLoad(Height, id.xy).x * 0.5f, 0.0f, 0.0f, 0.0f));
}
