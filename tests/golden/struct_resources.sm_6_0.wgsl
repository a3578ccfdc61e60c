struct Surface {
    lod: f32,
}

@group(0) @binding(0) var Albedo: texture_2d<f32>;
@group(0) @binding(1) var Linear: sampler;
@group(0) @binding(2) var<storage, read_write> Out: array<vec4<f32>>;

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var Surface_make_result_lod: f32;
    {
        var r_lod: f32;
        r_lod = 0.0f;
        Surface_make_result_lod = r_lod;
    }
    var s_lod: f32 = Surface_make_result_lod;
    var t_lod: f32 = s_lod;
    t_lod = 1.0f;
    var this_lod: f32 = s_lod;
    var uv: vec2<f32> = vec2<f32>(f32(id.x) / 8.0f, 0.5f);
    var Surface_shade_result: vec4<f32>;
    {
        if (uv.x < 0.0f) {
            Surface_shade_result = vec4<f32>(f32(0i));
        } else {
            let wavec_t = textureSampleLevel(Albedo, Linear, uv, this_lod);
            Surface_shade_result = wavec_t;
        }
    }
    var this_lod_1: f32 = t_lod;
    var uv_1: vec2<f32> = vec2<f32>(0.5f, f32(id.x) / 8.0f);
    var Surface_shade_result_1: vec4<f32>;
    {
        if (uv_1.x < 0.0f) {
            Surface_shade_result_1 = vec4<f32>(f32(0i));
        } else {
            let wavec_t_1 = textureSampleLevel(Albedo, Linear, uv_1, this_lod_1);
            Surface_shade_result_1 = wavec_t_1;
        }
    }
    Out[id.x] = Surface_shade_result + Surface_shade_result_1;
}
