@group(0) @binding(0) var<storage, read> inputBuffer: array<i32>;
@group(0) @binding(1) var<storage, read_write> outputBuffer: array<i32>;

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var tid: vec3<u32> = wavec_global_invocation_id;
    var i: i32 = i32(tid.x);
    var x: f32 = f32(inputBuffer[i]);
    var a: mat2x2<f32> = mat2x2<f32>(1.0f, 2.0f, 3.0f, 4.0f);
    var b: mat2x2<f32> = mat2x2<f32>(x, 1.0f, 0.0f, 2.0f);
    var p: mat2x2<f32> = a * b;
    outputBuffer[i] = i32(((p[0i][0i] + (10.0f * p[0i][1i])) + (100.0f * p[1i][0i])) + (1000.0f * p[1i][1i]));
    var v: vec2<f32> = a * vec2<f32>(1.0f, x);
    outputBuffer[4i + i] = i32((v.x * 100.0f) + v.y);
    var w: vec2<f32> = vec2<f32>(1.0f, x) * a;
    outputBuffer[8i + i] = i32((w.x * 100.0f) + w.y);
    var d: mat2x2<f32> = mat2x2<f32>(5.0f, 0.0f, 0.0f, 5.0f);
    var e: mat3x3<f32> = mat3x3<f32>(a[0u][0u], a[0u][1u], 0.0f, a[1u][0u], a[1u][1u], 0.0f, 0.0f, 0.0f, 1.0f);
    var f: mat2x2<f32> = mat2x2<f32>(mat3x3<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f)[0].xy, mat3x3<f32>(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f)[1].xy);
    outputBuffer[12i + i] = i32(((((d[0i][0i] * 10.0f) + d[0i][1i]) + (e[2i][2i] * 100.0f)) + (e[1i][0i] * 1000.0f)) + (e[2i][0i] * 10000.0f));
    outputBuffer[16i + i] = i32(((f[0i][0i] + (f[0i][1i] * 10.0f)) + (f[1i][0i] * 100.0f)) + (f[1i][1i] * 1000.0f));
    var eq: i32 = select(0i, 1i, all((vec2<f32>(x, 1.0f) == vec2<f32>(1.0f, 1.0f))));
    var ne: i32 = select(0i, 10i, any((vec3<f32>(x) != vec3<f32>(x, x, 0.0f))));
    outputBuffer[20i + i] = eq + ne;
    var c: mat2x2<f32> = a;
    c = c * b;
    outputBuffer[24i + i] = i32(c[0i][1i]);
}
