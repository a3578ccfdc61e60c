//! Execution tests of the Vulkan runner (`wavec::run`) on Mesa lavapipe.
//!
//! Every test that touches Vulkan runs its body in a child process (see
//! `support::at_widths`): lavapipe fixes its subgroup size per process, and
//! the child must run with `MESA_SHADER_CACHE_DISABLE=true`.

use std::time::{Duration, Instant};

use wavec::run::{list_devices, run_compute, BufferInit, BufferKind, Dispatch, RunError};

use crate::support::{
    at_widths, bytes_to_words, compile_glsl, compile_glsl_for, compile_glsl_stage, test_device, words_to_bytes,
};

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
        robust_buffer_access: false,
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

const RAY_QUERY: &str = include_str!("vulkan/ray_query.comp");

/// The scene of `ray_queries_match_the_cpu_traversal`: opaque triangles of both windings, a
/// non-opaque triangle and opaque boxes, placed by five instances with translations, masks,
/// every instance flag and two full transforms (a scaled rotation, a mirror: facing is decided
/// in object space).
pub(crate) const RAY_SCENE: &str = "accel:\
    tri=0,0,0,2,0,0,0,2,0,-2,-2,0.25,-2,0,0.25,0,-2,0.25:\
    tri-nonopaque=-1,-1,-0.5,1,-1,-0.5,0,1.5,-0.5:\
    aabb=0.5,-1.5,-1,1.5,-0.5,0,-1.5,0.5,-2,-0.5,1.5,-1:\
    instance=100,0x01,0,0,0,4:\
    instance=200,0x02,1,0.5,0.25,6:\
    instance=300,0x04,2,-0.25,0.5,8:\
    instance=400,0x08,8,0,-1.5,0,0.3,1.5,0,0,-0.2,0,0,1.5,10:\
    instance=500,0x10,4,-1,0,0,0,0,1,0,0,0,0,1,12";

/// A committed hit as the shader writes it (`WORDS` words a ray).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hit {
    /// 0 none, 1 triangle, 2 generated (a box).
    kind: u32,
    t: f32,
    custom_index: u32,
    instance_index: u32,
    primitive: u32,
    geometry: u32,
    barycentrics: [f32; 2],
    front_face: bool,
}

const NO_HIT: Hit = Hit {
    kind: 0,
    t: 0.0,
    custom_index: 0,
    instance_index: 0,
    primitive: 0,
    geometry: 0,
    barycentrics: [0.0; 2],
    front_face: false,
};

/// The sphere inscribed in box `b` (its x extent the diameter): the nearer crossing's `t`.
fn sphere_t(o: [f32; 3], d: [f32; 3], b: &[f32; 6]) -> Option<(f32, f32)> {
    let centre = [(b[0] + b[3]) / 2.0, (b[1] + b[4]) / 2.0, (b[2] + b[5]) / 2.0];
    let radius = (b[3] - b[0]) / 2.0;
    let oc = [o[0] - centre[0], o[1] - centre[1], o[2] - centre[2]];
    let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let a = dot(d, d);
    let half_b = dot(oc, d);
    let disc = half_b * half_b - a * (dot(oc, oc) - radius * radius);
    // The discriminant relative to its scale: near 0 the ray grazes the sphere.
    let grazing = disc.abs() / (a * radius * radius);
    (disc >= 0.0).then(|| ((-half_b - disc.sqrt()) / a, grazing))
}

/// The hit the shader must commit, from `SceneDesc::next_candidate`'s traversal with the
/// shader's rules, and whether the ray is too close to a decision (an edge, a tie, a grazed
/// sphere, a confirm rule's boundary) for two correct implementations to be held to agree.
fn reference_hit(scene: &wavec::scene::SceneDesc, ray: &wavec::scene::Ray, t_max: f32) -> (Hit, bool) {
    use wavec::scene::{object_ray, Candidate, GeometryKind};
    let mut ambiguous = near_an_edge(scene, ray);
    // The shader's decision on a candidate: the distance it commits at, if any.
    let mut decide = |c: &Candidate, limit: f32| -> Option<f32> {
        if c.triangle {
            let [u, v] = c.barycentrics;
            if !c.opaque && (u - v).abs() < 1e-3 {
                ambiguous = true;
            }
            (c.opaque || u > v).then_some(c.t)
        } else {
            let inst = &scene.instances[c.instance as usize];
            let GeometryKind::Aabbs(boxes) = &scene.geometries[c.geometry as usize].kind else { unreachable!() };
            let (o, d) = object_ray(&inst.transform, ray.origin, ray.direction);
            let (t, grazing) = sphere_t(o, d, &boxes[c.primitive as usize])?;
            if grazing < 1e-3 {
                ambiguous = true;
            }
            (t >= ray.t_min && t <= limit).then_some(t)
        }
    };
    // The traversal a ray query makes: each commit shortens the ray.
    let mut committed = NO_HIT;
    let (mut limit, mut cursor) = (t_max, 0);
    while let Some(c) = scene.next_candidate(ray, limit, cursor) {
        cursor = c.cursor;
        let Some(t) = decide(&c, limit) else { continue };
        limit = t;
        committed = Hit {
            kind: if c.triangle { 1 } else { 2 },
            t,
            custom_index: scene.instances[c.instance as usize].id,
            instance_index: scene.instance_index(&c),
            primitive: c.primitive,
            geometry: c.geometry,
            barycentrics: if c.triangle { c.barycentrics } else { [0.0; 2] },
            front_face: c.triangle && c.front_face,
        };
    }
    // Every hit the shader would accept on the whole ray: a near tie between the two nearest,
    // or one near the ray's ends, could go either way on a GPU.
    let mut accepted: Vec<f32> = Vec::new();
    let mut cursor = 0;
    while let Some(c) = scene.next_candidate(ray, t_max + 1e-2, cursor) {
        cursor = c.cursor;
        if let Some(t) = decide(&c, t_max + 1e-2) {
            accepted.push(t);
        }
    }
    accepted.sort_by(f32::total_cmp);
    if accepted.windows(2).take(1).any(|w| w[1] - w[0] < 1e-3)
        || accepted.first().is_some_and(|&t| (t - t_max).abs() < 1e-2)
        || scene.next_candidate(&wavec::scene::Ray { t_min: ray.t_min - 1e-2, ..*ray }, ray.t_min + 1e-2, 0).is_some()
    {
        ambiguous = true;
    }
    (committed, ambiguous)
}

/// Whether the ray passes within a small margin of any triangle's edge (inside or out), where
/// watertight and non-watertight tests may disagree.
fn near_an_edge(scene: &wavec::scene::SceneDesc, ray: &wavec::scene::Ray) -> bool {
    use wavec::scene::{object_ray, GeometryKind};
    scene.instances.iter().any(|inst| {
        let (o, d) = object_ray(&inst.transform, ray.origin, ray.direction);
        scene.geometries.iter().any(|g| {
            let GeometryKind::Triangles(v) = &g.kind else { return false };
            v.chunks_exact(3).any(|tri| {
                let s = |a: [f32; 3], b: [f32; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
                let x = |a: [f32; 3], b: [f32; 3]| {
                    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
                };
                let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
                let (e1, e2) = (s(tri[1], tri[0]), s(tri[2], tri[0]));
                let p = x(d, e2);
                let det = dot(e1, p);
                if det.abs() < 1e-6 {
                    return false;
                }
                let tv = s(o, tri[0]);
                let u = dot(tv, p) / det;
                let v = dot(d, x(tv, e1)) / det;
                [u, v, 1.0 - u - v].iter().all(|&b| b > -1e-3) && [u, v, 1.0 - u - v].iter().any(|&b| b < 1e-3)
            })
        })
    })
}

/// The SPIR-V of a ray tracing shader of `tests/vulkan/` (stage from its extension): compiled
/// here when glslangValidator is installed, else read from `$WAVEC_TEST_RAY_SPV_DIR/NAME.spv`
/// (a machine with a GPU but no glslang gets them precompiled).
pub(crate) fn ray_spirv(name: &str, source: &str) -> Vec<u32> {
    match std::env::var("WAVEC_TEST_RAY_SPV_DIR") {
        Ok(dir) => {
            let path = std::path::Path::new(&dir).join(format!("{name}.spv"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            bytes_to_words(&bytes)
        }
        Err(_) => {
            let stage = name.rsplit('.').next().unwrap_or("comp");
            compile_glsl_stage(source, "vulkan1.2", stage)
        }
    }
}

/// An acceleration structure binding is checked like any other before the device is asked for
/// ray queries: the runner scans it (reflection agrees), and refuses a buffer where the shader
/// declares a structure, a structure where it declares a buffer, and bytes that are no scene.
#[test]
fn acceleration_structure_bindings_are_checked() {
    at_widths(concat!(module_path!(), "::acceleration_structure_bindings_are_checked"), DEFAULT_LANES, |_| {
        let spirv = ray_spirv("ray_query.comp", RAY_QUERY);
        let kinds = wavec::run::required_bindings(&spirv, "main").unwrap();
        assert!(kinds.contains(&(0, 0, "acceleration structure".to_string())), "{kinds:?}");
        let scene = wavec::testing::spec::parse_spec("accel:slang", std::path::Path::new(".")).unwrap().data;
        let others = || vec![storage(0, 1, &[0; 12]), storage(0, 2, &[0; 8]), storage(0, 3, &[0; 10])];
        let accel = |data: Vec<u8>| BufferInit { set: 0, binding: 0, kind: BufferKind::Accel, data, addresses: vec![] };
        let refused = |buffers: Vec<BufferInit>, spirv: &[u32], why: &str| {
            let result = run_compute(&dispatch(spirv, 1, buffers));
            assert!(matches!(&result, Err(RunError::BadBinding(m)) if m.contains(why)), "{why}: {result:?}");
        };
        refused([vec![storage(0, 0, &[0; 16])], others()].concat(), &spirv, "use an `accel:` spec");
        refused([vec![accel(vec![1, 2, 3, 4])], others()].concat(), &spirv, "is not a scene");
        let double = compile_glsl(DOUBLE);
        refused(vec![accel(scene), storage(0, 1, &[0; 64])], &double, "acceleration structure was supplied");
    });
}

/// A scene built on the device and traversed by ray queries (triangles opaque and not, with
/// `rayQueryConfirmIntersectionEXT`; boxes, with `rayQueryGenerateIntersectionEXT`; instance
/// masks, flags and transforms; the ray flags that cull and force opacity) gives, ray by ray,
/// the hit `SceneDesc::next_candidate`'s traversal gives. A device without ray queries
/// (lavapipe of Mesa 22.3) must say so, naming the extension; with
/// `WAVEC_TEST_NEEDS_RAY_QUERY=1` it must run them.
/// (`ray_pipeline.rs` traces the same rays through a ray tracing pipeline.)
#[test]
fn ray_queries_match_the_cpu_traversal() {
    at_widths(concat!(module_path!(), "::ray_queries_match_the_cpu_traversal"), DEFAULT_LANES, |_| {
        // The mixed scene, and scenes of one kind of primitive, whose instances are placed once.
        for spec in [RAY_SCENE, TRIANGLE_SCENE, BOX_SCENE] {
            if !rays_agree(spec) {
                return;
            }
        }
    });
}

pub(crate) const TRIANGLE_SCENE: &str = "accel:\
    tri=0,0,0,2,0,0,0,2,0,-2,-2,0.25,-2,0,0.25,0,-2,0.25:\
    tri-nonopaque=-1,-1,-0.5,1,-1,-0.5,0,1.5,-0.5:\
    instance=100,0x03,0,0,0,4:\
    instance=500,0x1c,2,-1,0,0,0,0,1,0,0,0,0,1,12";

pub(crate) const BOX_SCENE: &str = "accel:\
    aabb=0.5,-1.5,-1,1.5,-0.5,0,-1.5,0.5,-2,-0.5,1.5,-1:\
    instance=100,0x03,0,0,0,4:\
    instance=300,0x1c,0,-0.25,0.5,8";

/// Rays through a scene and the hits the CPU traversal gives them (`reference_hit`).
pub(crate) struct RayCase {
    /// The scene's bytes (the acceleration structure binding's data).
    pub scene: Vec<u8>,
    pub scene_desc: wavec::scene::SceneDesc,
    /// The boxes of the scene's box geometry, `min.xyz, _, max.xyz, _` each.
    pub box_words: Vec<u32>,
    /// Per ray: origin and t_min, direction and t_max, flags and mask (three `uvec4`s).
    pub ray_words: Vec<u32>,
    pub rays: Vec<(wavec::scene::Ray, f32)>,
    pub expected: Vec<(Hit, bool)>,
}

pub(crate) const RAYS: usize = 1024;
/// The words a shader writes per ray: kind, t, custom index, instance index, primitive,
/// geometry, barycentrics, front face, padding.
pub(crate) const HIT_WORDS: usize = 10;

/// The rays of scene `spec` and their expected hits; for `RAY_SCENE`, a check that the clear
/// cases cover every kind of hit (else agreeing would prove little).
pub(crate) fn ray_case(spec: &str) -> RayCase {
    use wavec::scene::{ray_flags, GeometryKind, Ray, SceneDesc};
    use wavec::testing::spec::parse_spec;
    println!("scene {spec}");
    let parsed = parse_spec(spec, std::path::Path::new(".")).unwrap();
    assert_eq!(parsed.kind, Some(BufferKind::Accel));
    let scene = SceneDesc::from_bytes(&parsed.data).unwrap();
    let boxes = scene.geometries.iter().find_map(|g| match &g.kind {
        GeometryKind::Aabbs(b) => Some(b.clone()),
        GeometryKind::Triangles(_) => None,
    });
    let box_words: Vec<u32> = boxes
        .unwrap_or_else(|| vec![[0.0; 6]])
        .iter()
        .flat_map(|b| [b[0], b[1], b[2], 0.0, b[3], b[4], b[5], 0.0])
        .map(f32::to_bits)
        .collect();
    let flag_cycle = [
        0,
        ray_flags::CULL_BACK_FACING_TRIANGLES,
        ray_flags::CULL_FRONT_FACING_TRIANGLES,
        ray_flags::FORCE_OPAQUE,
        ray_flags::FORCE_NON_OPAQUE,
        ray_flags::CULL_OPAQUE,
        ray_flags::CULL_NON_OPAQUE,
    ];
    let mask_cycle = [0xff, 0x01, 0x02, 0x04, 0x08, 0x10, 0x06, 0x18];
    let mut rays = Vec::new();
    let mut ray_words: Vec<u32> = Vec::new();
    for i in 0..RAYS {
        let (gx, gy) = ((i % 32) as f32, (i / 32) as f32);
        let origin = [-2.3 + gx * 0.1513, -2.25 + gy * 0.1487, -1.0];
        let direction = [0.05 * (i as f32).sin(), 0.05 * (1.3 * i as f32).cos(), 1.0];
        let t_min = if i % 5 == 0 { 5.0 } else { 0.0 };
        let t_max = if i % 3 == 0 { 9.5 } else { 1000.0 };
        let flags = flag_cycle[i % flag_cycle.len()];
        let mask = mask_cycle[(i / flag_cycle.len()) % mask_cycle.len()];
        rays.push((Ray { origin, direction, t_min, flags, mask }, t_max));
        ray_words.extend([origin[0], origin[1], origin[2], t_min].map(f32::to_bits));
        ray_words.extend([direction[0], direction[1], direction[2], t_max].map(f32::to_bits));
        ray_words.extend([flags, mask, 0, 0]);
    }
    let expected: Vec<(Hit, bool)> = rays.iter().map(|(r, t_max)| reference_hit(&scene, r, *t_max)).collect();
    let clear: Vec<&Hit> = expected.iter().filter(|(_, a)| !a).map(|(h, _)| h).collect();
    let kinds = [
        ("misses", clear.iter().filter(|h| h.kind == 0).count()),
        ("front-facing triangle hits", clear.iter().filter(|h| h.kind == 1 && h.front_face).count()),
        ("back-facing triangle hits", clear.iter().filter(|h| h.kind == 1 && !h.front_face).count()),
        ("non-opaque triangle hits", clear.iter().filter(|h| h.kind == 1 && h.geometry == 1).count()),
        ("box hits", clear.iter().filter(|h| h.kind == 2).count()),
        ("mirrored-instance hits", clear.iter().filter(|h| h.custom_index == 500).count()),
        ("scaled-instance hits", clear.iter().filter(|h| h.custom_index == 400).count()),
    ];
    for (what, count) in kinds {
        println!("{what}: {count}");
        assert!(count >= 3 || spec != RAY_SCENE, "only {count} {what} among the rays the reference decides clearly");
    }
    assert!(clear.len() >= RAYS * 3 / 4, "only {} of {RAYS} rays are clear", clear.len());
    RayCase { scene: parsed.data, scene_desc: scene, box_words, ray_words, rays, expected }
}

/// Every ray whose hit in `words` (`HIT_WORDS` a ray) differs from the expected one where the
/// reference is clear; ambiguous rays' differences are printed only.
pub(crate) fn disagreements(case: &RayCase, words: &[u32]) -> Vec<String> {
    let mut mismatches = Vec::new();
    for (i, ((want, ambiguous), w)) in case.expected.iter().zip(words.chunks_exact(HIT_WORDS)).enumerate() {
        let got = Hit {
            kind: w[0],
            t: f32::from_bits(w[1]),
            custom_index: w[2],
            instance_index: w[3],
            primitive: w[4],
            geometry: w[5],
            barycentrics: [f32::from_bits(w[6]), f32::from_bits(w[7])],
            front_face: w[8] != 0,
        };
        let close = |a: f32, b: f32| (a - b).abs() <= 1e-4 * a.abs().max(1.0);
        let agree = got.kind == want.kind
            && (want.kind == 0
                || (close(got.t, want.t)
                    && got.custom_index == want.custom_index
                    && got.instance_index == want.instance_index
                    && got.primitive == want.primitive
                    && got.geometry == want.geometry
                    && (want.kind == 2
                        || (close(got.barycentrics[0], want.barycentrics[0])
                            && close(got.barycentrics[1], want.barycentrics[1])
                            && got.front_face == want.front_face))));
        if !agree {
            let (r, t_max) = &case.rays[i];
            let line = format!("ray {i} {r:?} t_max {t_max}:\n  device {got:?}\n  CPU    {want:?}");
            println!("{}{line}", if *ambiguous { "(ambiguous, not counted) " } else { "" });
            if !ambiguous {
                mismatches.push(line);
            }
        }
    }
    let clear = case.expected.iter().filter(|(_, a)| !a).count();
    if mismatches.is_empty() {
        println!("all {clear} clear rays agree with the CPU traversal");
    }
    mismatches
}

/// Runs `RAY_QUERY` over scene `spec` and compares every ray with the CPU traversal; `false`
/// when the device has no ray queries (and may lack them).
fn rays_agree(spec: &str) -> bool {
    let case = ray_case(spec);
    let spirv = ray_spirv("ray_query.comp", RAY_QUERY);
    let accel = BufferInit { set: 0, binding: 0, kind: BufferKind::Accel, data: case.scene.clone(), addresses: vec![] };
    let poison = vec![0xdead_beef_u32; RAYS * HIT_WORDS];
    let d = dispatch(
        &spirv,
        (RAYS / 64) as u32,
        vec![accel, storage(0, 1, &case.ray_words), storage(0, 2, &case.box_words), storage(0, 3, &poison)],
    );
    let out = match run_compute(&d) {
        Ok(out) => out,
        Err(RunError::MissingFeature(why)) => {
            assert!(why.contains("VK_KHR_ray_query"), "the missing feature must name the extension: {why}");
            assert!(
                std::env::var("WAVEC_TEST_NEEDS_RAY_QUERY").is_err(),
                "WAVEC_TEST_NEEDS_RAY_QUERY is set, but the device has no ray queries: {why}"
            );
            println!("no ray queries here: {why}");
            return false;
        }
        Err(e) => panic!("run failed: {e}"),
    };
    println!("ran on {:?}", out.device);
    assert_eq!(out.buffers[0], case.scene, "an acceleration structure's read-back is its scene");
    let mismatches = disagreements(&case, &bytes_to_words(&out.buffers[3]));
    assert!(mismatches.is_empty(), "{} rays disagree:\n{}", mismatches.len(), mismatches.join("\n"));
    true
}
