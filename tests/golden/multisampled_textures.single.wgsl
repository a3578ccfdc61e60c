@group(0) @binding(0) var DepthMS: texture_multisampled_2d<f32>;
@group(0) @binding(2) var<storage, read_write> Resolved: array<vec4<f32>>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var width: u32;
    var height: u32;
    var samples: u32;
    let wavec_t = textureDimensions(DepthMS);
    width = wavec_t.x;
    height = wavec_t.y;
    samples = textureNumSamples(DepthMS);
    if ((id.x >= width) || (id.y >= height)) {
        return;
    }
    var nearest: f32 = 1.0f;
    var farthest: f32 = 0.0f;
    {
        var s: u32 = 0u;
        for (; s < samples; s = s + 1u) {
            let wavec_t_1 = textureLoad(DepthMS, vec2<i32>(vec2<i32>(id.xy)), i32(s)).x;
            var d: f32 = wavec_t_1;
            nearest = min(nearest, d);
            farthest = max(farthest, d);
        }
    }
    let wavec_t_2 = textureLoad(DepthMS, (vec2<i32>(vec2<i32>(id.xy)) + vec2<i32>(-1i, 1i)), 0i).x;
    let wavec_t_3 = textureLoad(DepthMS, vec2<i32>(id.xy), 0i).x;
    let wavec_t_4 = textureLoad(DepthMS, vec2<i32>(id.xy), 1i).x;
    var moved: f32 = (wavec_t_2 + wavec_t_3) + wavec_t_4;
    var color: vec4<f32> = vec4<f32>(f32(0i));
    Resolved[(id.y * width) + id.x] = vec4<f32>(nearest, farthest, moved, 0.0f) + color;
}
