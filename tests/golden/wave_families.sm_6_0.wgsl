enable subgroups;

@group(0) @binding(0) var<storage, read_write> Out: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> OutF: array<vec4<f32>>;

var<private> wavec_subgroup_size: u32;
var<private> wavec_subgroup_invocation_id: u32;

fn wavec_WaveActiveAllEqual(a0: u32) -> bool {
    return subgroupAll(a0 == subgroupBroadcastFirst(a0));
}

fn wavec_WaveGetActiveMask() -> u32 {
    return subgroupBallot(true).x;
}

fn wavec_in_wave_mask(mask: u32) -> bool {
    var lane: u32 = wavec_subgroup_invocation_id;
    return (lane < 32u) && (((mask >> lane) & 1u) != 0u);
}

fn wavec_WaveMaskSum(mask: u32, value: u32) -> u32 {
    let wavec_t = wavec_in_wave_mask(mask);
    let wavec_t_1 = subgroupAdd(select(0u, value, wavec_t));
    return wavec_t_1;
}

fn wavec_WaveMaskBallot(mask: u32, condition: bool) -> u32 {
    let wavec_t = wavec_in_wave_mask(mask);
    let wavec_t_1 = subgroupBallot((wavec_t && (condition)));
    return wavec_t_1.x;
}

fn wavec_WaveMaskMax(mask: u32, value: u32) -> u32 {
    let wavec_t = wavec_in_wave_mask(mask);
    let wavec_t_1 = subgroupMax(select(0u, value, wavec_t));
    return wavec_t_1;
}

fn wavec_WaveMaskMin(mask: u32, value: u32) -> u32 {
    let wavec_t = wavec_in_wave_mask(mask);
    let wavec_t_1 = subgroupMin(select(4294967295u, value, wavec_t));
    return wavec_t_1;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>, @builtin(subgroup_size) wavec_subgroup_size_in: u32, @builtin(subgroup_invocation_id) wavec_subgroup_invocation_id_in: u32) {
    wavec_subgroup_size = wavec_subgroup_size_in;
    wavec_subgroup_invocation_id = wavec_subgroup_invocation_id_in;
    var id: vec3<u32> = wavec_global_invocation_id;
    var x: u32 = id.x;
    var f: f32 = f32(x) * 0.5f;
    var lane: u32 = wavec_subgroup_invocation_id;
    var info: vec4<u32> = vec4<u32>(wavec_subgroup_size, lane, u32(subgroupBroadcastFirst(wavec_subgroup_invocation_id) == wavec_subgroup_invocation_id), u32(subgroupAny((x > 3u))));
    info.w = info.w + u32(i32(subgroupAll((x < 1000u))) + i32(wavec_WaveActiveAllEqual(x / 64u)));
    var ballot: vec4<u32> = subgroupBallot(((x % 3u) == 0u));
    var counts: u32 = dot(countOneBits(subgroupBallot(bool(x & 1u))), vec4<u32>(1u)) + subgroupExclusiveAdd(u32(bool(x & 2u)));
    var sum: u32 = ((subgroupAdd(x) + subgroupMul((x | 1u))) + subgroupMin(x)) + subgroupMax(x);
    var bits: u32 = (subgroupAnd(x) ^ subgroupOr(x)) ^ subgroupXor(x);
    var scans: vec4<f32> = vec4<f32>(subgroupExclusiveAdd(f), subgroupExclusiveMul(f), subgroupAdd(f), subgroupMin(f));
    var first: u32 = ((subgroupBroadcastFirst(x) + subgroupShuffle(x, 1u)) + subgroupShuffle(x, (lane ^ 1u))) + subgroupShuffle(x, 0u);
    let wavec_t = wavec_WaveGetActiveMask();
    let wavec_t_1 = wavec_WaveMaskSum(wavec_t, x);
    let wavec_t_2 = wavec_WaveGetActiveMask();
    let wavec_t_3 = wavec_WaveMaskBallot(wavec_t_2, x > 2u);
    let wavec_t_4 = wavec_WaveMaskMax(wavec_t_3, x);
    var masked: u32 = wavec_t_1 + wavec_t_4;
    var calls: u32 = 0u;
    let wavec_t_5 = masked;
    calls = calls + 1u;
    let wavec_t_6 = wavec_WaveMaskMin(calls, x);
    masked = wavec_t_5 + wavec_t_6;
    var quad: u32 = ((quadSwapX(x) + quadSwapY(x)) + quadSwapDiagonal(x)) + quadBroadcast(x, 2u);
    Out[x] = ((info + ballot) + vec4<u32>(counts, sum, bits, first)) + vec4<u32>(calls, masked, quad, 0u);
    OutF[x] = scans;
}
