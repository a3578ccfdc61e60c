use super::*;

fn compile(src: &str) -> Vec<u32> {
    let options = crate::Options { targets: vec![crate::Target::Spirv], ..Default::default() };
    let out = crate::compile(src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let bytes = out.binary(crate::Target::Spirv).unwrap();
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn profiles() {
    assert_eq!(Profile::from_name("vulkan1.2").unwrap().version, (1, 5));
    assert_eq!(Profile::from_name("spirv_1_4").unwrap().target_env, "vulkan1.1spv1.4");
    assert_eq!(Profile::from_name("universal1.5").unwrap(), Profile { version: (1, 5), target_env: "spv1.5" });
    assert!(Profile::from_name("universal1.2").is_none(), "SPIR-V below 1.3 has no wave operations");
    assert!(Profile::from_name("sm_6_5").is_none());
}

#[test]
fn a_wave_sum_module() {
    let words = compile(
        "RWStructuredBuffer<uint> o; [numthreads(64,1,1)] void main(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveActiveSum(id.x); }",
    );
    let text = disassemble(&words);
    assert!(text.contains("OpGroupNonUniformIAdd"), "{text}");
    assert!(text.contains("OpCapability GroupNonUniformArithmetic"), "{text}");
    assert!(!text.contains("GroupNonUniformBallot"), "only what is used:\n{text}");
}
