@group(0) @binding(0) var Heights: texture_storage_2d<r32float, write>;
@group(0) @binding(1) var Tiles: texture_storage_2d_array<rg32uint, write>;
@group(0) @binding(2) var<storage, read_write> Sizes: array<u32>;

fn height(p: vec2<u32>) -> f32 {
    return (f32(p.x) * 0.5f) + (f32(p.y) * 8.0f);
}

@compute @workgroup_size(8, 4, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    let wavec_t = height(id.xy);
    textureStore(Heights, id.xy, vec4<f32>(wavec_t, 0.0f, 0.0f, 0.0f));
    textureStore(Tiles, (vec3<u32>(id.x % 4u, id.y / 2u, (id.x / 4u) + (2u * (id.y % 2u)))).xy, (vec3<u32>(id.x % 4u, id.y / 2u, (id.x / 4u) + (2u * (id.y % 2u)))).z, vec4<u32>(vec2<u32>((id.x * 100u) + id.y, id.y), 0u, 0u));
    if (all((id == vec3<u32>(u32(0i))))) {
        var w: u32;
        var h: u32;
        var layers: u32;
        let wavec_t_1 = textureDimensions(Tiles);
        w = wavec_t_1.x;
        h = wavec_t_1.y;
        layers = textureNumLayers(Tiles);
        let wavec_t_2 = textureDimensions(Heights);
        Sizes[3i] = wavec_t_2.x;
        Sizes[4i] = wavec_t_2.y;
        Sizes[0i] = w;
        Sizes[1i] = h;
        Sizes[2i] = layers;
    }
}
