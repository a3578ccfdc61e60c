struct Tile {
    origin: vec2<u32>,
    width: u32,
}

struct Blend {
    weight: f32,
    bias: f32,
}

struct EntryPointParams_block {
    tile: Tile,
    blend: Blend,
}
var<immediate> EntryPointParams: EntryPointParams_block;
@group(0) @binding(0) var<storage, read_write> output: array<f32>;

fn Blended(x: f32) -> f32 {
    return (x * EntryPointParams.blend.weight) + EntryPointParams.blend.bias;
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var index: u32 = (((EntryPointParams.tile.origin.y + id.y) * EntryPointParams.tile.width) + EntryPointParams.tile.origin.x) + id.x;
    let wavec_t = Blended(f32(index));
    output[index] = wavec_t;
}
