@group(0) @binding(0) var<storage, read_write> Out: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> OutU: array<vec4<u32>>;

fn wavec_saturate(x: f32) -> f32 {
    return clamp(x, 0.0f, 1.0f);
}

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: f32 = f32(id.x) / 32.0f;
    var n: vec3<f32> = normalize(vec3<f32>(x, 1.0f - x, 0.5f));
    let wavec_t = ((min(x, 0.25f) + max(x, 1.0f)) + clamp(x, 0.1f, 0.9f)) + abs((-x));
    let wavec_t_1 = wavec_saturate(x * 2.0f);
    var a: f32 = wavec_t + wavec_t_1;
    var b: f32 = (((mix(0.0f, 10.0f, x) + dot(n, n)) + length(n)) + sqrt(x)) + inverseSqrt((x + 1.0f));
    var c: f32 = ((((((floor((x * 10.0f)) + ceil(x)) + fract((x * 3.0f))) + exp(x)) + log((x + 1.0f))) + pow(x, 2.0f)) + sin(x)) + cos(x);
    var d: vec3<f32> = cross(n, vec3<f32>(0.0f, 0.0f, 1.0f));
    var bits: u32 = (((bitcast<u32>(x) ^ u32(countOneBits(id.x))) ^ u32(firstTrailingBit((id.x | 1u)))) ^ u32(firstLeadingBit((id.x + 1u)))) ^ reverseBits(id.x);
    var packed: u32 = pack2x16float(vec2<f32>(x, 0.0)) | (pack2x16float(vec2<f32>((1.0f - x), 0.0)) << u32(16i));
    var back: f32 = ((unpack2x16float((packed & 65535u)).x) + bitcast<f32>(bitcast<u32>(x))) + f32(bitcast<i32>(x));
    Out[id.x] = vec4<f32>(a, b, c, back) + vec4<f32>(d, 0.0f);
    OutU[id.x] = vec4<u32>(bits, packed, id.x * 3u, u32(a));
}
