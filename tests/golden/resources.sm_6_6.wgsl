struct Settings {
    stride: u32,
    @size(12) bias: f32,
}

@group(1) @binding(0) var<uniform> settings: Settings;
@group(0) @binding(0) var<storage, read> Raw: array<u32>;
@group(0) @binding(1) var<storage, read_write> RawOut: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read> Typed: array<u32>;
@group(0) @binding(3) var<storage, read_write> Counters: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> Counters_counter: atomic<i32>;
@group(0) @binding(5) var Image: texture_2d<f32>;
@group(0) @binding(6) var Target: texture_storage_2d<rgba32float, write>;
var<workgroup> g_total: atomic<u32>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var gi: u32 = wavec_local_invocation_index;
    if (gi == 0u) {
        atomicStore(&g_total, 0u);
    }
    workgroupBarrier();
    var word: u32 = Raw[((id.x * 4u) >> 2u)];
    let wavec_t = (id.x * settings.stride) >> 2u;
    var pair: vec2<u32> = vec2<u32>(Raw[wavec_t], Raw[wavec_t + 1u]);
    var value: f32 = bitcast<f32>(Raw[(16u >> 2u)]);
    let wavec_t_1 = (id.x * 4u) >> 2u;
    atomicStore(&RawOut[wavec_t_1], word + pair.y);
    let wavec_t_2 = 64u >> 2u;
    let wavec_t_3 = pair;
    atomicStore(&RawOut[wavec_t_2], wavec_t_3.x);
    atomicStore(&RawOut[wavec_t_2 + 1u], wavec_t_3.y);
    var previous: u32;
    previous = atomicAdd(&RawOut[0u >> 2u], 1u);
    var size: u32;
    size = arrayLength(&Raw) * 4u;
    var width: u32;
    var height: u32;
    let wavec_t_4 = textureDimensions(Target);
    width = wavec_t_4.x;
    height = wavec_t_4.y;
    let wavec_t_5 = (id.x * 16u) >> 2u;
    var texel: vec4<f32> = (textureLoad(Image, vec3<i32>(vec2<i32>(id.xy), 0i).xy, vec3<i32>(vec2<i32>(id.xy), 0i).z) + bitcast<vec4<f32>>(vec4<u32>(Typed[wavec_t_5], Typed[wavec_t_5 + 1u], Typed[wavec_t_5 + 2u], Typed[wavec_t_5 + 3u]))) + vec4<f32>(settings.bias);
    textureStore(Target, id.xy, texel * vec4<f32>(value));
    var original: u32;
    original = atomicAdd(&g_total, word);
    atomicMax(&Counters[1i], previous);
    original = atomicCompareExchangeWeak(&Counters[2i], 0u, id.x).old_value;
    let wavec_t_6 = u32(atomicAdd(&Counters_counter, 1i));
    var slot: u32 = wavec_t_6;
    storageBarrier(); textureBarrier();
    workgroupBarrier();
    if (gi == 0u) {
        atomicStore(&Counters[0i], ((atomicLoad(&g_total) + slot) + size) + (width * height));
    }
}
