enable subgroups;

@group(0) @binding(0) var<storage, read> LightDatas: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> LightStartCounts: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> Output: array<vec4<f32>>;
struct Params_block {
    Width: u32,
    TilesX: u32,
}
@group(0) @binding(3) var<uniform> Params: Params_block;

fn DivRoundUp(a: u32, b: u32) -> u32 {
    return ((a + b) - 1u) / b;
}

fn FirstLane(mask: vec4<u32>) -> u32 {
    if (mask.x != 0u) {
        return u32(firstTrailingBit(mask.x));
    }
    if (mask.y != 0u) {
        return 32u + u32(firstTrailingBit(mask.y));
    }
    if (mask.z != 0u) {
        return 64u + u32(firstTrailingBit(mask.z));
    }
    return 96u + u32(firstTrailingBit(mask.w));
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(workgroup_id) wavec_workgroup_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var gid: vec3<u32> = wavec_workgroup_id;
    var active_1: vec4<u32> = subgroupBallot(true);
    var waveLanes: u32 = ((u32(countOneBits(active_1.x)) + u32(countOneBits(active_1.y))) + u32(countOneBits(active_1.z))) + u32(countOneBits(active_1.w));
    var rank: u32 = subgroupExclusiveAdd(u32(true));
    var lightStartCount: vec2<u32> = LightStartCounts[(gid.y * Params.TilesX) + gid.x];
    var lightAccumulator: vec4<f32> = vec4<f32>(f32(0i));
    {
        var i: u32 = 0u;
        loop {
            let wavec_t = DivRoundUp(lightStartCount.y, waveLanes);
            if !(i < wavec_t) { break; }
            var item: u32 = (i * waveLanes) + rank;
            var lightDataPerLane: vec4<f32> = vec4<f32>(f32(0i));
            if (item < lightStartCount.y) {
                lightDataPerLane = LightDatas[lightStartCount.x + item];
            }
            var loopIters: u32 = min(waveLanes, (lightStartCount.y - (waveLanes * i)));
            var remaining: vec4<u32> = active_1;
            {
                var i2: u32 = 0u;
                for (; i2 < loopIters; i2 = i2 + 1u) {
                    let wavec_t_1 = FirstLane(remaining);
                    var lane: u32 = wavec_t_1;
                    var bit: u32 = 1u << (lane & 31u);
                    var word: u32 = lane >> u32(5i);
                    remaining = remaining & (~vec4<u32>(select(0u, bit, word == 0u), select(0u, bit, word == 1u), select(0u, bit, word == 2u), select(0u, bit, word == 3u)));
                    lightAccumulator = lightAccumulator + subgroupShuffle(lightDataPerLane, lane);
                }
            }
            continuing {
                i = i + 1u;
            }
        }
    }
    Output[(tid.y * Params.Width) + tid.x] = lightAccumulator;
}
