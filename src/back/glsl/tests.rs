use super::*;

fn glsl(src: &str) -> Result<String, String> {
    let options = crate::Options { targets: vec![crate::Target::Glsl], ..Default::default() };
    match crate::compile(src, &options) {
        Ok(out) => Ok(out.text(crate::Target::Glsl).expect("GLSL text").to_string()),
        Err(d) => Err(d.render_plain()),
    }
}

#[test]
fn matrices_are_transposed_and_products_swap() {
    let out = glsl(
        "RWStructuredBuffer<float4> O; [numthreads(1,1,1)] void main() { float4x3 m = float4x3(1,2,3,4,5,6,7,8,9,10,11,12); float3x4 t = (float3x4)2; O[0] = float4(mul(float3(1,0,0), t).xyz, m[1].x); }",
    )
    .unwrap();
    assert!(out.contains("mat4x3 m = mat4x3("), "{out}");
    assert!(out.contains("(t * vec3(1.0, 0.0, 0.0)).xyz"), "mul(v, M) is M * v on the transposed matrix:\n{out}");
    assert!(out.contains("mat3x4 t = mat3x4(vec4(2), vec4(2), vec4(2))"), "a splat fills every element:\n{out}");
    assert!(out.contains("layout(std430, set = 0, binding = 0) buffer O_block"), "{out}");
}

#[test]
fn options_name_versions() {
    assert_eq!(Version::from_name("glsl_460").map(Version::number), Some(460));
    assert!(Version::from_name("glsl_330").is_none());
    assert!(Options { optional: vec![OptionalCapability::PartitionedNv], ..Default::default() }
        .allows("SPV_NV_shader_subgroup_partitioned"));
}

#[test]
fn integer_matrices_are_arrays_of_rows_and_operate_row_by_row() {
    let out = glsl(
        "RWStructuredBuffer<int> O; [numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { int2x3 m = int2x3(1,2,3,4,5,6); int2x3 n = m * int(id.x); bool2x3 b = m > n; O[0] = n[1][2] + (b[0][1] ? 1 : 0); }",
    )
    .unwrap();
    assert!(out.contains("ivec3 m[2] = ivec3[2](ivec3(1, 2, 3), ivec3(4, 5, 6));"), "{out}");
    assert!(
        out.contains("ivec3[2] wavec_mul(ivec3 a[2], ivec3 b[2]) {\n    return ivec3[2](a[0] * b[0], a[1] * b[1]);"),
        "{out}"
    );
    assert!(out.contains("bvec3[2](greaterThan(a[0], b[0]), greaterThan(a[1], b[1]))"), "{out}");
}

#[test]
fn column_major_integer_matrices_in_buffers_are_refused() {
    let err = glsl(
        "StructuredBuffer<int2x2> I; RWStructuredBuffer<int> O; [numthreads(1,1,1)] void main() { O[0] = I[0][1].x; }",
    )
    .unwrap_err();
    assert!(err.contains("E0622") && err.contains("row_major"), "{err}");
    let ok = glsl(
        "struct S { row_major int2x2 m; }; StructuredBuffer<S> I; RWStructuredBuffer<int> O; [numthreads(1,1,1)] void main() { O[0] = I[0].m[1].x; }",
    )
    .unwrap();
    assert!(ok.contains("ivec2 m[2];") && ok.contains("I[0].m[1].x"), "{ok}");
}

#[test]
fn textures_combine_with_samplers_where_sampled() {
    let out = glsl(
        "Texture2DArray<float4> T; SamplerComparisonState C; Texture2D<float> D; SamplerState S; RWTexture2D<float2> W; [numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { float4 c = T.SampleLevel(S, float3(0.5, 0.5, 2), 1); float d = D.SampleCmpLevelZero(C, float2(0.5, 0.5), 0.25); W[id.xy] = c.xy * d + T.Load(int4(id, 0)).zw; }",
    )
    .unwrap();
    assert!(out.contains("uniform texture2DArray T;") && out.contains("uniform samplerShadow C;"), "{out}");
    assert!(out.contains("textureLod(sampler2DArray(T, S), vec3(0.5, 0.5, 2.0), 1.0)"), "{out}");
    assert!(out.contains("textureLod(sampler2DShadow(D, C), vec3(vec2(0.5, 0.5), 0.25), 0.0)"), "{out}");
    assert!(out.contains("layout(set = 0, binding = 4, rg32f) uniform image2D W;"), "{out}");
    assert!(out.contains("imageStore(W, ivec2(id.xy), vec4("), "{out}");
    assert!(out.contains("texelFetch(T, ivec3(id), 0).zw"), "{out}");
}
