@group(0) @binding(0) var hdr: texture_storage_2d<rg11b10ufloat, read_write>;
@group(0) @binding(1) var ldr: texture_storage_2d<rgb10a2unorm, write>;
@group(0) @binding(2) var ids: texture_storage_2d<rgb10a2uint, read_write>;
@group(0) @binding(3) var normals: texture_storage_2d<rgba16snorm, read_write>;
var<private> gl_GlobalInvocationID: vec3<u32>;

fn glslTexel(v: vec4<f32>) -> vec4<f32> {
    return v;
}

fn glslTexel_1(v: vec4<u32>) -> vec4<u32> {
    return v;
}

fn imageLoad_hdr(p: vec2<i32>) -> vec4<f32> {
    let wavec_t = glslTexel(textureLoad(hdr, vec2<u32>(p)));
    return wavec_t;
}

fn imageStore_hdr(p: vec2<i32>, data: vec4<f32>) {
    textureStore(hdr, vec2<u32>(p), data.xyzw);
}

fn imageStore_ldr(p: vec2<i32>, data: vec4<f32>) {
    textureStore(ldr, vec2<u32>(p), data.xyzw);
}

fn imageLoad_ids(p: vec2<i32>) -> vec4<u32> {
    let wavec_t = glslTexel_1(textureLoad(ids, vec2<u32>(p)));
    return wavec_t;
}

fn imageStore_ids(p: vec2<i32>, data: vec4<u32>) {
    textureStore(ids, vec2<u32>(p), data.xyzw);
}

fn imageLoad_normals(p: vec2<i32>) -> vec4<f32> {
    let wavec_t = glslTexel(textureLoad(normals, vec2<u32>(p)));
    return wavec_t;
}

fn imageStore_normals(p: vec2<i32>, data: vec4<f32>) {
    textureStore(normals, vec2<u32>(p), data.xyzw);
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) wavec_global_invocation_id: vec3<u32>) {
    var wavec_DispatchThreadID: vec3<u32> = wavec_global_invocation_id;
    gl_GlobalInvocationID = wavec_DispatchThreadID;
    var p: vec2<i32> = vec2<i32>(vec2<i32>(gl_GlobalInvocationID.xy));
    let wavec_t = imageLoad_hdr(p);
    var c: vec4<f32> = wavec_t * vec4<f32>(0.5f);
    imageStore_hdr(p, c);
    imageStore_ldr(p, vec4<f32>(c.xyz / (vec3<f32>(1.0f) + c.xyz), 1.0f));
    let wavec_t_1 = imageLoad_ids(p);
    imageStore_ids(p, wavec_t_1 + vec4<u32>(1u, 0u, 0u, 1u));
    let wavec_t_2 = imageLoad_normals(p);
    let wavec_t_3 = normalize(wavec_t_2);
    imageStore_normals(p, wavec_t_3);
}
