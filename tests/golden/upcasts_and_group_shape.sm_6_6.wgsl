struct Shape {
    sides: i32,
    scale: i32,
}

struct Polygon {
    sides: i32,
    scale: i32,
    color: i32,
}

struct Tile {
    sides: i32,
    scale: i32,
    color: i32,
    layer: i32,
}

@group(0) @binding(0) var<storage, read> inputBuffer: array<i32>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<i32>;
@group(0) @binding(2) var<storage, read_write> scratch: array<u32>;
struct EntryPointParams_block {
    tint: vec4<f32>,
}
var<immediate> EntryPointParams: EntryPointParams_block;

fn Shape_area(this_1: Shape) -> i32 {
    return this_1.sides * this_1.scale;
}

fn describe(s: Shape) -> i32 {
    let wavec_t = Shape_area(s);
    return (wavec_t * 10i) + s.sides;
}

fn paint(p: Polygon) -> i32 {
    return (p.color * 100i) + p.sides;
}

fn groupThreads() -> i32 {
    var size: vec3<i32> = vec3<i32>(4i, 2i, 1i);
    return (size.x * size.y) * size.z;
}

@compute @workgroup_size(4, 2, 1)
fn main(@builtin(local_invocation_id) wavec_local_invocation_id: vec3<u32>, @builtin(local_invocation_index) wavec_local_invocation_index: u32) {
    var tid: vec3<u32> = wavec_local_invocation_id;
    var gi: u32 = wavec_local_invocation_index;
    var i: i32 = i32(gi);
    var x: i32 = inputBuffer[i];
    var t: Tile;
    t.sides = 3i + x;
    t.scale = 2i;
    t.color = 7i;
    t.layer = 9i;
    let wavec_t = describe(Shape(t.sides, t.scale));
    let wavec_t_1 = paint(Polygon(t.sides, t.scale, t.color));
    outputBuffer[i] = wavec_t + (wavec_t_1 * 1000i);
    var slots: array<i32, 4>;
    {
        var k: i32 = 0i;
        for (; k < vec3<i32>(4i, 2i, 1i).x; k = k + 1i) {
            slots[k] = k * x;
        }
    }
    let wavec_t_2 = groupThreads();
    outputBuffer[8i + i] = ((wavec_t_2 * 100i) + slots[3i]) + (i32(vec3<u32>(4u, 2u, 1u).y) * 1000i);
    var m: mat4x4<f32> = mat4x4<f32>(mat4x4<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f)[0] * mat4x4<f32>(vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)))[0], mat4x4<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f)[1] * mat4x4<f32>(vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)))[1], mat4x4<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f)[2] * mat4x4<f32>(vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)))[2], mat4x4<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f)[3] * mat4x4<f32>(vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)), vec4<f32>(f32(x + 1i)))[3]);
    var top: mat3x3<f32> = mat3x3<f32>(m[0].xyz, m[1].xyz, m[2].xyz);
    outputBuffer[16i + i] = i32(((top[0i][0i] + top[1i][1i]) + top[2i][2i]) + top[2i][0i]);
    let wavec_t_3 = (u32(i) * 8u) >> 2u;
    let wavec_t_4 = bitcast<vec2<u32>>(vec2<i32>(x, -x));
    scratch[wavec_t_3] = wavec_t_4.x;
    scratch[wavec_t_3 + 1u] = wavec_t_4.y;
    let wavec_t_5 = (u32(i) * 8u) >> 2u;
    outputBuffer[24i + i] = bitcast<vec2<i32>>(vec2<u32>(scratch[wavec_t_5], scratch[wavec_t_5 + 1u])).y;
    outputBuffer[32i + i] = i32(((EntryPointParams.tint.x + EntryPointParams.tint.y) + EntryPointParams.tint.z) + EntryPointParams.tint.w) + 5i;
}
