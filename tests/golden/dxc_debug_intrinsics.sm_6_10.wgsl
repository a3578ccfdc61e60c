@group(0) @binding(0) var<storage, read_write> Output: array<u32>;
@group(0) @binding(1) var Canvas: texture_storage_2d<rgba32float, write>;

fn twice(x: ptr<function, u32>) {
    (*x) = (*x) * 2u;
}

fn next(counter: ptr<function, u32>) -> u32 {
    (*counter) = (*counter) + 1u;
    return (*counter);
}

fn wavec_DebugBreak() {
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var id: vec3<u32> = wavec_global_invocation_id;
    var counter: u32 = id.x;
    var wavec_t: u32 = counter;
    let wavec_t_1 = next(&wavec_t);
    counter = wavec_t;
    if (counter > 100u) {
        wavec_DebugBreak();
    }
    counter = counter + 1u;
    var wavec_t_2: u32 = counter;
    twice(&wavec_t_2);
    counter = wavec_t_2;
    counter = counter + 3u;
    var wavec_t_3: u32 = counter;
    twice(&wavec_t_3);
    counter = wavec_t_3;
    textureStore(Canvas, id.xy, vec4<f32>(f32(counter), 0.0f, 0.0f, 1.0f));
    Output[id.x] = counter;
}
