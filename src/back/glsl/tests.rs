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
