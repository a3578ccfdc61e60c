//! Execution tests of the Vulkan runner (`wavec::run`) on Mesa lavapipe.
//!
//! Every test that touches Vulkan runs its body in a child process (see
//! `support::at_widths`): lavapipe fixes its subgroup size per process, and
//! the child must run with `MESA_SHADER_CACHE_DISABLE=true`.

use std::time::{Duration, Instant};

use wavec::run::{list_devices, run_compute, BufferInit, BufferKind, Dispatch, RunError};

use crate::support::{at_widths, bytes_to_words, compile_glsl, compile_glsl_for, test_device, words_to_bytes};

/// The subgroup size the non-width-specific tests run at.
const DEFAULT_LANES: &[u32] = &[8];

fn dispatch<'a>(spirv: &'a [u32], groups: u32, buffers: Vec<BufferInit>) -> Dispatch<'a> {
    Dispatch {
        spirv,
        entry: "main",
        groups: [groups, 1, 1],
        buffers,
        subgroup_size: None,
        timeout: Duration::from_secs(30),
        device: Some(test_device()),
        scalar_block_layout: false,
        push_constants: None,
        push_addresses: Vec::new(),
        timed_runs: 0,
        specialization: Vec::new(),
    }
}

fn storage(set: u32, binding: u32, words: &[u32]) -> BufferInit {
    BufferInit { set, binding, kind: BufferKind::Storage, data: words_to_bytes(words), addresses: Vec::new() }
}

const SUBGROUP_BUILTINS: &str = r#"
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i * 4u + 0u] = gl_SubgroupSize;
    o[i * 4u + 1u] = gl_SubgroupInvocationID;
    o[i * 4u + 2u] = subgroupAdd(1u);
    o[i * 4u + 3u] = subgroupExclusiveAdd(gl_LocalInvocationIndex);
}
"#;

/// Subgroup builtins at 4, 8 and 16 lanes against a CPU model.  The model
/// assumes the usual linear mapping of a 1-D workgroup onto subgroups
/// (lane = local index % size), which lavapipe, NVIDIA and AMD all use
/// although Vulkan does not promise it.
#[test]
fn subgroup_builtins_at_widths() {
    at_widths(concat!(module_path!(), "::subgroup_builtins_at_widths"), &[4, 8, 16], |lanes| {
        let spirv = compile_glsl(SUBGROUP_BUILTINS);
        const GROUPS: u32 = 2;
        const LOCAL: u32 = 64;
        let threads = (GROUPS * LOCAL) as usize;
        // Poison, so an unwritten word cannot pass by accident.
        let init = vec![0xdead_beef_u32; threads * 4];
        let mut d = dispatch(&spirv, GROUPS, vec![storage(0, 0, &init)]);
        d.subgroup_size = Some(lanes);
        let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
        println!("device: {:?}, elapsed {:?}", out.device, out.elapsed);
        assert_eq!(out.device.subgroup_size, lanes, "DeviceInfo.subgroup_size");
        assert!(out.device.supported_ops.contains(&"arithmetic"));

        let got = bytes_to_words(&out.buffers[0]);
        let mut expected = Vec::with_capacity(threads * 4);
        for t in 0..threads as u32 {
            let local = t % LOCAL;
            let lane = local % lanes;
            let first = local - lane; // local index of lane 0
            expected.extend([lanes, lane, lanes, (first..local).sum::<u32>()]);
        }
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(
                g,
                e,
                "thread {} word {} ({}) at {lanes} lanes",
                i / 4,
                i % 4,
                ["gl_SubgroupSize", "gl_SubgroupInvocationID", "subgroupAdd(1)", "subgroupExclusiveAdd"][i % 4]
            );
        }
        assert_eq!(got.len(), expected.len());

        // The device list agrees with what the run reported.
        let devices = list_devices().unwrap_or_else(|e| panic!("list_devices: {e}"));
        let dev = devices.iter().find(|dev| dev.name == out.device.name).expect("run's device is listed");
        assert_eq!(dev.subgroup_size, lanes);
        assert!(dev.min_subgroup_size <= lanes && lanes <= dev.max_subgroup_size);
    });
}

/// `list_devices` finds the test device with compute subgroup support and
/// a consistent size range (printed, to record what a machine offers).
#[test]
fn list_devices_reports_subgroups() {
    at_widths(concat!(module_path!(), "::list_devices_reports_subgroups"), DEFAULT_LANES, |_| {
        let devices = list_devices().unwrap_or_else(|e| panic!("list_devices: {e}"));
        for dev in &devices {
            println!("{dev:?}");
        }
        let wanted = test_device().to_lowercase();
        let dev = devices
            .iter()
            .find(|d| d.name.to_lowercase().contains(&wanted))
            .unwrap_or_else(|| panic!("no device matching `{wanted}` in {devices:?}"));
        assert!(dev.supported_ops.contains(&"basic"), "{dev:?}");
        assert!(dev.subgroup_size.is_power_of_two(), "{dev:?}");
        assert!(dev.min_subgroup_size <= dev.subgroup_size && dev.subgroup_size <= dev.max_subgroup_size, "{dev:?}");
        assert!(dev.api_version >= (1, 1, 0), "{dev:?}");
    });
}

const DOUBLE: &str = r#"
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint b[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    b[i] = a[i] * 2u;
}
"#;

#[test]
fn storage_buffer_iota_doubled() {
    at_widths(concat!(module_path!(), "::storage_buffer_iota_doubled"), DEFAULT_LANES, |_| {
        let spirv = compile_glsl(DOUBLE);
        let iota: Vec<u32> = (0..256).collect();
        let d = dispatch(&spirv, 4, vec![storage(0, 0, &iota), storage(0, 1, &[0; 256])]);
        let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
        assert_eq!(out.buffers.len(), 2);
        assert_eq!(bytes_to_words(&out.buffers[0]), iota, "input unchanged");
        let doubled: Vec<u32> = iota.iter().map(|x| x * 2).collect();
        assert_eq!(bytes_to_words(&out.buffers[1]), doubled);
    });
}

const UNIFORM: &str = r#"
#version 450
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint b[]; };
layout(set = 1, binding = 0) uniform Params { uint scale; uint offset; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    b[i] = i * scale + offset;
}
"#;

/// A uniform buffer in a second descriptor set, plus an extra buffer the
/// shader does not use (which must be harmless) and an empty one.
#[test]
fn uniform_buffer_input() {
    at_widths(concat!(module_path!(), "::uniform_buffer_input"), DEFAULT_LANES, |_| {
        let spirv = compile_glsl(UNIFORM);
        let params = BufferInit {
            set: 1,
            binding: 0,
            kind: BufferKind::Uniform,
            data: words_to_bytes(&[3, 7, 0, 0]),
            addresses: Vec::new(),
        };
        let d =
            dispatch(&spirv, 2, vec![storage(0, 0, &[0; 64]), params, storage(0, 5, &[1, 2, 3]), storage(2, 0, &[])]);
        let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
        let expected: Vec<u32> = (0..64).map(|i| i * 3 + 7).collect();
        assert_eq!(bytes_to_words(&out.buffers[0]), expected);
        assert_eq!(bytes_to_words(&out.buffers[2]), [1, 2, 3]);
        assert!(out.buffers[3].is_empty());
    });
}

const DOUBLE_WITH_UNUSED: &str = r#"
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint b[]; };
layout(set = 3, binding = 7) buffer Unused { uint u[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    b[i] = a[i] * 2u;
}
"#;

/// SPIR-V 1.3 (resources found via function bodies) and 1.6 (via the
/// entry point interface, `StorageBuffer` class) both run, and a declared
/// but unused buffer needs no binding in either.
#[test]
fn spirv_versions_and_unused_declarations() {
    at_widths(concat!(module_path!(), "::spirv_versions_and_unused_declarations"), DEFAULT_LANES, |_| {
        for env in ["vulkan1.1", "vulkan1.3"] {
            let spirv = compile_glsl_for(DOUBLE_WITH_UNUSED, env);
            let iota: Vec<u32> = (0..64).collect();
            let d = dispatch(&spirv, 1, vec![storage(0, 0, &iota), storage(0, 1, &[0; 64])]);
            let out = run_compute(&d).unwrap_or_else(|e| panic!("{env}: run failed: {e}"));
            let doubled: Vec<u32> = iota.iter().map(|x| x * 2).collect();
            assert_eq!(bytes_to_words(&out.buffers[1]), doubled, "{env}");
        }
    });
}

const PUSH_CONSTANT: &str = r#"
#version 450
layout(local_size_x = 1) in;
layout(push_constant) uniform P { uint v; };
layout(set = 0, binding = 0) buffer Out { uint b[]; };
void main() { b[0] = v; }
"#;

#[test]
fn missing_and_mismatched_bindings() {
    at_widths(concat!(module_path!(), "::missing_and_mismatched_bindings"), DEFAULT_LANES, |_| {
        let spirv = compile_glsl(DOUBLE);
        let d = dispatch(&spirv, 1, vec![storage(0, 0, &[0; 64])]);
        match run_compute(&d) {
            Err(RunError::MissingBinding { set: 0, binding: 1, declared }) => {
                assert_eq!(declared, "storage buffer")
            }
            other => panic!("expected MissingBinding(0, 1), got {other:?}"),
        }

        let mut wrong_kind = storage(0, 1, &[0; 64]);
        wrong_kind.kind = BufferKind::Uniform;
        let d = dispatch(&spirv, 1, vec![storage(0, 0, &[0; 64]), wrong_kind]);
        assert!(
            matches!(run_compute(&d), Err(RunError::BadBinding(_))),
            "a uniform buffer where the shader has a storage buffer must be refused"
        );

        let d = dispatch(&spirv, 1, vec![storage(0, 0, &[0; 64]), storage(0, 0, &[0])]);
        assert!(matches!(run_compute(&d), Err(RunError::BadBinding(_))));

        // Push constants have no buffer to bind; refused, not ignored.
        let spirv = compile_glsl(PUSH_CONSTANT);
        let d = dispatch(&spirv, 1, vec![storage(0, 0, &[0])]);
        let result = run_compute(&d);
        assert!(matches!(&result, Err(RunError::BadBinding(m)) if m.contains("push constants")), "{result:?}");
    });
}

#[test]
fn invalid_spirv_is_an_error() {
    let good = compile_glsl(DOUBLE);
    let buffers = || vec![storage(0, 0, &[0; 64]), storage(0, 1, &[0; 64])];
    let garbage: Vec<u32> = (0..64u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
    // A valid header followed by noise: exercises the instruction walk.
    let noisy_body: Vec<u32> = good[..5].iter().copied().chain(garbage.iter().copied()).collect();
    let truncated = &good[..good.len() - 3];
    let mut swapped = good.clone();
    for w in &mut swapped {
        *w = w.swap_bytes();
    }
    let cases: [(&str, &[u32]); 6] = [
        ("header only", &[0x0723_0203, 0, 0]),
        ("empty", &[]),
        ("garbage", &garbage),
        ("valid header, garbage body", &noisy_body),
        ("truncated", truncated),
        ("byte-swapped", &swapped),
    ];
    for (what, spirv) in cases {
        match run_compute(&dispatch(spirv, 1, buffers())) {
            Err(RunError::InvalidShader(msg)) => println!("{what}: {msg}"),
            other => panic!("{what}: expected InvalidShader, got {other:?}"),
        }
    }
    let mut d = dispatch(&good, 1, buffers());
    d.entry = "not_main";
    match run_compute(&d) {
        Err(e @ RunError::InvalidShader(_)) => {
            assert!(e.to_string().contains("`main`"), "lists entry points: {e}")
        }
        other => panic!("wrong entry point: expected InvalidShader, got {other:?}"),
    }
}

#[test]
fn unsupported_subgroup_size_and_device() {
    at_widths(concat!(module_path!(), "::unsupported_subgroup_size_and_device"), DEFAULT_LANES, |lanes| {
        let spirv = compile_glsl(DOUBLE);
        let buffers = || vec![storage(0, 0, &[0; 64]), storage(0, 1, &[0; 64])];
        for requested in [3, lanes * 2, 1024] {
            let mut d = dispatch(&spirv, 1, buffers());
            d.subgroup_size = Some(requested);
            match run_compute(&d) {
                Err(e @ RunError::SubgroupSizeUnsupported { .. }) => {
                    let RunError::SubgroupSizeUnsupported { min, max, hint, .. } = &e else { unreachable!() };
                    println!("{e}");
                    assert_eq!((*min, *max), (lanes, lanes), "lavapipe has one size");
                    assert!(hint.contains("LP_NATIVE_VECTOR_WIDTH=128"), "{hint}");
                    assert!(e.to_string().contains("LP_NATIVE_VECTOR_WIDTH"));
                }
                other => {
                    panic!("size {requested}: expected SubgroupSizeUnsupported, got {other:?}")
                }
            }
        }

        let mut d = dispatch(&spirv, 1, buffers());
        d.device = Some("no-such-device-xyz".into());
        match run_compute(&d) {
            Err(e @ RunError::NoDevice { .. }) => {
                assert!(e.to_string().contains("llvmpipe"), "lists devices: {e}")
            }
            other => panic!("expected NoDevice, got {other:?}"),
        }
    });
}

const SPIN: &str = r#"
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer B { uint stop; uint counter; };
void main() {
    // `stop` is 0 and nothing sets it, so this loop never ends; the atomic
    // is a side effect, so the compiler may not delete it.
    while (stop == 0u) {
        atomicAdd(counter, 1u);
    }
}
"#;

/// An endless shader must come back as `Timeout` once the timeout passes,
/// not hang.
///
/// Observed on lavapipe (Mesa 22.3.6): a shader loop is never endless
/// there.  gallivm guards every invocation with a loop limiter and leaves
/// the loop after 65535 iterations in total (the counter then reads
/// 0xffff, after ~50 ms), so a single endless invocation "finishes".  The
/// test therefore launches a huge grid of such invocations (~65535 x 64 x
/// 65535 loop iterations, hours of CPU time), which does not finish within
/// the 2 s timeout on any device.  The fence wait times out on schedule;
/// lavapipe cannot cancel the work, so its threads keep running (the
/// runner leaks the device on purpose) until this child process exits,
/// which it does promptly.
#[test]
fn endless_shader_times_out() {
    at_widths(concat!(module_path!(), "::endless_shader_times_out"), DEFAULT_LANES, |_| {
        let spirv = compile_glsl(SPIN);
        let mut d = dispatch(&spirv, 65535, vec![storage(0, 0, &[0, 0])]);
        d.timeout = Duration::from_secs(2);
        let start = Instant::now();
        let result = run_compute(&d);
        let took = start.elapsed();
        println!("endless shader: {result:?} after {took:?}");
        assert!(
            matches!(result, Err(RunError::Timeout(t)) if t == Duration::from_secs(2)),
            "expected Timeout, got {result:?}"
        );
        assert!(took >= Duration::from_secs(2), "returned before the timeout: {took:?}");
        assert!(took < Duration::from_secs(20), "timeout not honoured: {took:?}");
    });
}

const IMAGES: &str = r#"
#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0) uniform texture2DArray tex;
layout(set = 0, binding = 1) uniform sampler smp;
layout(set = 0, binding = 2, rgba8) uniform writeonly image2D outImg;
layout(set = 0, binding = 3) buffer Out { vec4 o[]; };
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    o[p.y * 4 + p.x] = texelFetch(sampler2DArray(tex, smp), ivec3(p / 2, 1), 1);
    vec2 uv = (vec2(p) + 0.5) / 4.0;
    imageStore(outImg, p, textureLod(sampler2DArray(tex, smp), vec3(uv, 0.0), 0.0));
}
"#;

/// Images go up level by level and layer by layer as `wavec::image` lays them out, a sampler
/// binds, and a storage image comes back: a fetch of level 1, layer 1 and a nearest sample of
/// level 0, layer 0 written to an `rgba8` image, against the texels of the spec.
#[test]
fn images_and_samplers_round_trip() {
    use wavec::image::Format;
    use wavec::testing::spec::parse_spec;
    at_widths(concat!(module_path!(), "::images_and_samplers_round_trip"), DEFAULT_LANES, |_| {
        let spirv = compile_glsl(IMAGES);
        let base = std::path::Path::new(".");
        let spec = |s: &str, binding: u32| {
            let p = parse_spec(s, base).unwrap();
            BufferInit { set: 0, binding, kind: p.kind.unwrap(), data: p.data, addresses: Vec::new() }
        };
        let tex = spec("image:rgba32f:4x4:layers=2:mips=3:random:5", 0);
        let BufferKind::Image(desc) = tex.kind else { unreachable!() };
        let input = tex.data.clone();
        let texel = |mip: u32, layer: u32, x: u32, y: u32| -> [f32; 4] {
            let at = desc.texel_offset(0, mip, layer, [x, y, 0]);
            Format::Rgba32f.decode(&input[at..at + 16]).map(f32::from_bits)
        };
        let buffers = vec![
            tex.clone(),
            spec("sampler:nearest,clamp", 1),
            spec("image:rgba8:4x4:fill:0,0,0,0", 2),
            storage(0, 3, &[0; 64]),
        ];
        let mut d = dispatch(&spirv, 1, buffers.clone());
        d.groups = [1, 1, 1];
        let out = run_compute(&d).unwrap_or_else(|e| panic!("run failed: {e}"));
        assert_eq!(out.buffers[0], input, "a sampled image comes back unchanged");
        let fetched = bytes_to_words(&out.buffers[3]);
        let written = &out.buffers[2];
        for y in 0..4 {
            for x in 0..4 {
                let i = (y * 4 + x) as usize;
                let want = texel(1, 1, x / 2, y / 2);
                let got: Vec<f32> = fetched[i * 4..i * 4 + 4].iter().map(|w| f32::from_bits(*w)).collect();
                assert_eq!(got, want, "texelFetch of level 1, layer 1 at ({x}, {y})");
                let want8 = texel(0, 0, x, y).map(|c| (c * 255.0).round() as i32);
                for c in 0..4 {
                    let g = written[i * 4 + c] as i32;
                    assert!((g - want8[c]).abs() <= 1, "rgba8 texel ({x}, {y}) channel {c}: {g} vs {}", want8[c]);
                }
            }
        }

        // What the shader declares must be what is supplied.
        let d = dispatch(&spirv, 1, buffers[1..].to_vec());
        match run_compute(&d) {
            Err(RunError::MissingBinding { binding: 0, declared, .. }) => assert_eq!(declared, "sampled image"),
            other => panic!("expected a missing sampled image, got {other:?}"),
        }
        for (i, wrong, why) in [
            (0, spec("image:rgba32f:16:zero", 0), "declares a 2D texture, but the image is 1D"),
            (0, spec("image:r32ui:4x4:zero", 0), "reads float texels, but `r32ui` holds uint ones"),
            (1, spec("image:rgba32f:4x4:zero", 1), "declares a sampler"),
            (3, spec("sampler:linear", 3), "declares a storage buffer"),
        ] {
            let mut b = buffers.clone();
            b[i] = wrong;
            let r = run_compute(&dispatch(&spirv, 1, b));
            assert!(matches!(&r, Err(RunError::BadBinding(m)) if m.contains(why)), "{why}: {r:?}");
        }
    });
}
