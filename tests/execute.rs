//! HLSL output *executed*: wavec → HLSL → glslang (`-D`) → SPIR-V → lavapipe at wave widths 4, 8
//! and 16, compared with answers computed on the CPU. Bindings are glslang's
//! `--auto-map-bindings`: declaration order in set 0.

use crate::support::{
    at_widths, bytes_to_words, check_group_wave_invariants, compile_hlsl, test_device, words_to_bytes,
    GROUP_WAVE_SHADER,
};
use std::path::Path;
use std::time::Duration;
use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};

fn wavec_hlsl(src: &str, options: &wavec::Options) -> String {
    match wavec::compile(src, options) {
        Ok(o) => o.text(wavec::Target::Hlsl).unwrap().to_string(),
        Err(d) => panic!("wavec failed:\n{}", d.render_plain()),
    }
}

fn storage(binding: u32, words: Vec<u32>) -> BufferInit {
    BufferInit { set: 0, binding, kind: BufferKind::Storage, data: words_to_bytes(&words), addresses: Vec::new() }
}

fn run(spirv: &[u32], groups: [u32; 3], buffers: Vec<BufferInit>, lanes: u32) -> Vec<Vec<u32>> {
    let d = Dispatch {
        spirv,
        entry: "main",
        groups,
        buffers,
        subgroup_size: None,
        timeout: Duration::from_secs(60),
        device: Some(test_device()),
        scalar_block_layout: false,
        push_constants: None,
        push_addresses: Vec::new(),
        timed_runs: 0,
        specialization: Vec::new(),
        robust_buffer_access: false,
    };
    let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
    assert_eq!(out.device.subgroup_size, lanes, "the device runs another wave width than asked");
    out.buffers.iter().map(|b| bytes_to_words(b)).collect()
}

fn xorshift(seed: &mut u32) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 17;
    *seed ^= *seed << 5;
    *seed
}

#[test]
fn stream_compaction_sample_through_glslang_on_lavapipe() {
    at_widths(
        concat!(module_path!(), "::stream_compaction_sample_through_glslang_on_lavapipe"),
        &[4, 8, 16],
        |lanes| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/stream_compaction.slang");
            let src = std::fs::read_to_string(path).unwrap();
            let options = wavec::Options { hlsl_shader_model: (6, 5), ..Default::default() };
            let spirv = compile_hlsl(&wavec_hlsl(&src, &options), "main").unwrap_or_else(|e| panic!("{e}"));
            let n = 1024usize;
            let mut seed = 0x1234_5678 ^ lanes;
            let input: Vec<u32> = (0..n).map(|_| xorshift(&mut seed) % 1000).collect();
            let out = run(
                &spirv,
                [(n / 64) as u32, 1, 1],
                vec![storage(0, input.clone()), storage(1, vec![u32::MAX; n]), storage(2, vec![0])],
                lanes,
            );
            let mut expected: Vec<u32> = input.iter().copied().filter(|v| v % 2 == 0).collect();
            let count = out[2][0] as usize;
            assert_eq!(count, expected.len(), "kept-element counter");
            let mut got = out[1][..count].to_vec();
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got, expected, "the kept elements (as a multiset)");
            assert!(out[1][count..].iter().all(|&w| w == u32::MAX), "writes past the kept elements");
        },
    );
}

/// Spec 0048's test plan shapes through the HLSL fallback (sm_6_5): the groupshared counter is
/// right on every shape, including those where lavapipe's native SubgroupId is not.
#[test]
fn group_wave_index_fallback_in_hlsl_on_every_shape() {
    at_widths(concat!(module_path!(), "::group_wave_index_fallback_in_hlsl_on_every_shape"), &[4, 8, 16], |lanes| {
        let shapes = [(8, 1, 1), (8, 8, 1), (16, 16, 1), (32, 32, 1), (4, 4, 4), (10, 1, 1)];
        for (x, y, z) in shapes {
            let options = wavec::Options {
                hlsl_shader_model: (6, 5),
                defines: vec![
                    ("X".into(), Some(x.to_string())),
                    ("Y".into(), Some(y.to_string())),
                    ("Z".into(), Some(z.to_string())),
                ],
                ..Default::default()
            };
            let hlsl = wavec_hlsl(GROUP_WAVE_SHADER, &options);
            assert!(hlsl.contains("InterlockedAdd(wavec_waveCounter"), "fallback missing:\n{hlsl}");
            let spirv = compile_hlsl(&hlsl, "main").unwrap_or_else(|e| panic!("{e}"));
            let threads = x * y * z;
            let groups = 3;
            let out =
                run(&spirv, [groups, 1, 1], vec![storage(0, vec![0; threads as usize * groups as usize * 8])], lanes);
            check_group_wave_invariants(
                &out[0],
                threads as usize,
                groups as usize,
                lanes,
                &format!("shape ({x},{y},{z}) at {lanes} lanes"),
                false,
            );
        }
    });
}
