//! The CPU engine's texture reads against lavapipe's: every case samples, gathers or loads at
//! 256 pseudo-random coordinates (a grid of 1/32 texel, so neither side's sub-texel rounding
//! moves a coordinate) and LODs (sixteenths, never a half, where the two roundings of a nearest
//! mip selection differ), on both engines, and every component must agree within
//! [`TOLERANCE`] (README, "The CPU engine's textures"). The largest difference of each case is
//! printed, so `cargo test textures -- --nocapture` shows the measurement.

use crate::support::{at_widths, bytes_to_words, test_device};
use std::path::Path;
use std::time::Duration;
use wavec::testing::spec::{parse_spec, BufferId};
use wavec::testing::{execute, Engine, Job};

/// The largest difference of a component between the CPU engine and lavapipe, for values in
/// [0, 1]: lavapipe filters with 8 bits of sub-texel and of mip-level precision (weights in
/// 1/256), the engine in `f32`.
pub const TOLERANCE: f32 = 1.0 / 128.0;

/// `SampleGrad` with gradients of any length: lavapipe computes `λ` as half a piecewise-linear
/// `log2` of `ρ²` (within Vulkan's 4 bits of `mipmapPrecisionBits`: 1/16), the engine exactly,
/// so a filtered value between two levels may differ by up to 1/16 of their difference.
pub const GRADIENT_TOLERANCE: f32 = 1.0 / 16.0;

struct Case {
    name: &'static str,
    texture: &'static str,
    sampler: &'static str,
    call: &'static str,
    image: &'static str,
    sampler_spec: &'static str,
}

const fn case(
    name: &'static str,
    texture: &'static str,
    sampler: &'static str,
    call: &'static str,
    image: &'static str,
    sampler_spec: &'static str,
) -> Case {
    Case { name, texture, sampler, call, image, sampler_spec }
}

const T2: &str = "Texture2D<float4>";
const S: &str = "SamplerState";
const SC: &str = "SamplerComparisonState";
const MIPS16: &str = "rgba32f:16x16:mips=full:random:1";

const CASES: &[Case] = &[
    case("2D linear, clamp", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", MIPS16, "linear,clamp"),
    case("2D nearest, wrap", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", MIPS16, "nearest,wrap"),
    case(
        "2D linear, mip nearest, mirror",
        T2,
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        MIPS16,
        "linear,mip=nearest,mirror",
    ),
    case(
        "2D linear, border",
        T2,
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        MIPS16,
        "linear,border,border_color=opaque_white",
    ),
    // lavapipe picks the min or mag filter once per SIMD vector of 8 lanes (Vulkan: per
    // invocation), so this case's LOD is the same across each 8 threads.
    case("2D nearest min, linear mag", T2, S, "Tex.SampleLevel(Smp, c.xy, lod8)", MIPS16, "nearest,mag=linear"),
    case("2D mirror once, nearest", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", MIPS16, "nearest,mirror_once"),
    case("2D mirror once, linear", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", MIPS16, "linear,mirror_once"),
    case(
        "2D LOD bias and clamp",
        T2,
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        MIPS16,
        "linear,wrap,lod_bias=0.75,min_lod=1,max_lod=3",
    ),
    case("2D offset", T2, S, "Tex.SampleLevel(Smp, c.xy, lod, int2(-3, 2))", MIPS16, "linear,wrap"),
    case("2D rgba8", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", "rgba8:16x16:mips=full:random:2", "linear,wrap"),
    case(
        "2D r16f",
        "Texture2D<float>",
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        "r16f:16x8:mips=full:random:3",
        "linear,mirror",
    ),
    case(
        "2D rg8snorm",
        "Texture2D<float2>",
        S,
        "float4(Tex.SampleLevel(Smp, c.xy, lod), 0, 0)",
        "rg8snorm:8x16:mips=2:random:4",
        "linear",
    ),
    // The packed formats and 16-bit snorm: every bit pattern of `rgb10a2`, `rgb10a2ui` and
    // `rgba16snorm`, `r11g11b10f` the random floats rounded to its mantissas.
    case(
        "2D r11g11b10f",
        T2,
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        "r11g11b10f:16x16:mips=full:random:19",
        "linear,wrap",
    ),
    case("2D rgb10a2", T2, S, "Tex.SampleLevel(Smp, c.xy, lod)", "rgb10a2:16x8:mips=full:random:20", "linear,mirror"),
    case(
        "2D rgba16snorm",
        T2,
        S,
        "Tex.SampleLevel(Smp, c.xy, lod)",
        "rgba16snorm:8x8:mips=2:random:21",
        "linear,clamp",
    ),
    case(
        "Load rgb10a2ui",
        "Texture2D<uint4>",
        S,
        "float4(Tex.Load(int3(r.xy * 8, 0)))",
        "rgb10a2ui:8x8:random:22",
        "nearest",
    ),
    // Gradients of power-of-two lengths (2^-6 to 2^0 texels of level 0): an exact LOD on both
    // sides. Other lengths are the next case.
    case(
        "2D SampleGrad",
        T2,
        S,
        "Tex.SampleGrad(Smp, c.xy, float2(exp2(-floor(r.z * 7)), 0) / 16, float2(0, exp2(-floor(r.w * 7))) / 16)",
        MIPS16,
        "linear,wrap",
    ),
    case(
        "2D SampleGrad, any gradient",
        T2,
        S,
        "Tex.SampleGrad(Smp, c.xy, float2(r.z * 0.25, r.x * 0.0625), float2(r.y * 0.03125, r.w * 0.125))",
        MIPS16,
        "linear,wrap",
    ),
    case(
        "2D array",
        "Texture2DArray<float4>",
        S,
        "Tex.SampleLevel(Smp, float3(c.xy, r.z * 5 - 1), lod)",
        "rgba32f:16x16:layers=3:mips=full:random:5",
        "linear,mirror",
    ),
    case(
        "3D",
        "Texture3D<float4>",
        S,
        "Tex.SampleLevel(Smp, c.xyz, lod)",
        "rgba32f:8x8x4:mips=full:random:6",
        "linear,wrap",
    ),
    case(
        "1D",
        "Texture1D<float4>",
        S,
        "Tex.SampleLevel(Smp, c.x, lod)",
        "rgba32f:32:mips=full:random:7",
        "linear,mirror",
    ),
    case(
        "1D array",
        "Texture1DArray<float4>",
        S,
        "Tex.SampleLevel(Smp, float2(c.x, r.y * 3), lod)",
        "rgba32f:32:layers=2:mips=full:random:8",
        "linear,border,border_color=opaque_black",
    ),
    case(
        "cube linear",
        "TextureCube<float4>",
        S,
        "Tex.SampleLevel(Smp, dir, lod)",
        "rgba32f:8x8:cube:mips=full:random:9",
        "linear",
    ),
    case(
        "cube nearest",
        "TextureCube<float4>",
        S,
        "Tex.SampleLevel(Smp, dir, lod)",
        "rgba32f:8x8:cube:mips=full:random:9",
        "nearest",
    ),
    case(
        "cube array",
        "TextureCubeArray<float4>",
        S,
        "Tex.SampleLevel(Smp, float4(dir, r.w * 2), lod)",
        "rgba32f:4x4:cube:layers=2:mips=full:random:10",
        "linear",
    ),
    case(
        "SampleCmpLevelZero linear",
        "Texture2D<float>",
        SC,
        "Tex.SampleCmpLevelZero(Smp, c.xy, r.z)",
        "d32f:16x16:random:11",
        "linear,compare=less_equal",
    ),
    case(
        "SampleCmpLevelZero nearest, offset",
        "Texture2D<float>",
        SC,
        "Tex.SampleCmpLevelZero(Smp, c.xy, r.z, int2(1, -1))",
        "d16:16x16:random:12",
        "nearest,wrap,compare=greater",
    ),
    case(
        "SampleCmpLevel",
        "Texture2D<float>",
        SC,
        "Tex.SampleCmpLevel(Smp, c.xy, r.z, lod)",
        "d32f:16x16:mips=full:random:13",
        "linear,compare=less",
    ),
    case("Gather", "Texture2D<float>", S, "Tex.Gather(Smp, c.xy)", "r32f:16x16:random:14", "linear,wrap"),
    case("GatherGreen, offset", T2, S, "Tex.GatherGreen(Smp, c.xy, int2(2, -1))", MIPS16, "nearest,mirror"),
    case("GatherAlpha, border", T2, S, "Tex.GatherAlpha(Smp, c.xy)", MIPS16, "linear,border,border_color=opaque_white"),
    case(
        "GatherCmp",
        "Texture2D<float>",
        SC,
        "Tex.GatherCmp(Smp, c.xy, r.z)",
        "d32f:16x16:random:15",
        "linear,compare=less",
    ),
    case("Gather cube", "TextureCube<float4>", S, "Tex.GatherBlue(Smp, dir)", "rgba32f:8x8:cube:random:16", "linear"),
    case(
        "Gather 2D array",
        "Texture2DArray<float4>",
        S,
        "Tex.GatherRed(Smp, float3(c.xy, r.z * 2))",
        "rgba32f:8x8:layers=2:random:17",
        "linear,wrap",
    ),
    case(
        "Gather uint",
        "Texture2D<uint4>",
        S,
        "float4(Tex.GatherRed(Smp, c.xy))",
        "rgba8ui:16x16:random:18",
        "nearest,clamp",
    ),
    case(
        "Load, offset, mips",
        T2,
        S,
        "Tex.Load(int3(r.xy * 4 + 2, 1), int2(-2, 1)) + Tex.mips[2][uint2(r.zw * 4)] + Tex[uint2(r.xy * 16)]",
        MIPS16,
        "nearest",
    ),
    case("GetDimensions", "Texture2DArray<float4>", S, "Dims()", "rgba32f:16x8:layers=3:mips=3:zero", "nearest"),
];

/// The sizes of a `Texture2DArray` both ways, for the case that calls it.
const DIMS: &str = r#"
float4 Dims()
{
    uint w, h, layers, levels;
    Tex.GetDimensions(1, w, h, layers, levels);
    float fw, fh, fl;
    Tex.GetDimensions(fw, fh, fl);
    return float4(w * 100 + h, layers, levels, fw + fh + fl);
}
"#;

fn shader(c: &Case) -> String {
    format!(
        r#"{texture} Tex;
{sampler} Smp;
StructuredBuffer<float4> Rand;
RWStructuredBuffer<float4> Out;
{dims}
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{{
    float4 r = Rand[id.x];
    // Coordinates from -0.5 to 1.5 on a grid of 1/512, LODs from -1 to 5 in sixteenths.
    float4 c = r * 2.0 - 0.5;
    float k = floor(r.w * 96.0);
    float lod = (k + (fmod(k, 16.0) == 8.0 ? 1.0 : 0.0)) / 16.0 - 1.0;
    float3 dir = r.xyz * 2.0 - 1.0;
    float k8 = floor(Rand[id.x & ~7u].w * 96.0);
    float lod8 = (k8 + (fmod(k8, 16.0) == 8.0 ? 1.0 : 0.0)) / 16.0 - 1.0;
    Out[id.x] = float4({call});
}}
"#,
        texture = c.texture,
        sampler = c.sampler,
        call = c.call,
        dims = if c.call.contains("Dims()") { DIMS } else { "" },
    )
}

/// A case's run: its image at binding 0, its sampler at 1, the random inputs at 2, the
/// results at 3.
fn job<'a>(c: &Case, src: &'a str, base: &Path) -> Job<'a> {
    let buffers = vec![
        (BufferId { set: 0, binding: 0, element: 0 }, parse_spec(&format!("image:{}", c.image), base).unwrap()),
        (
            BufferId { set: 0, binding: 1, element: 0 },
            parse_spec(&format!("sampler:{}", c.sampler_spec), base).unwrap(),
        ),
        (BufferId { set: 0, binding: 2, element: 0 }, parse_spec("random:77:f32:1024", base).unwrap()),
        (BufferId { set: 0, binding: 3, element: 0 }, parse_spec("4096", base).unwrap()),
    ];
    Job {
        source: src,
        options: wavec::Options { file_name: format!("{}.slang", c.name), ..Default::default() },
        groups: [4, 1, 1],
        buffers,
        timeout: Duration::from_secs(60),
        robust_buffer_access: false,
    }
}

/// Every case through `via` and through wavec's SPIR-V, both on lavapipe: the same sampler
/// state, image and coordinates must give the same texels, bit for bit. Returns the cases
/// compared and those the backend refuses with one of `refusals` (never an error otherwise).
fn same_texels_as_spirv(via: wavec::testing::Via, refusals: &str) -> (Vec<&'static str>, Vec<String>) {
    use wavec::testing::Via;
    let base = Path::new(".");
    let mut failures = Vec::new();
    let (mut compared, mut refused) = (Vec::new(), Vec::new());
    for c in CASES {
        let src = shader(c);
        let job = job(c, &src, base);
        let run = |via: Via| {
            let engine = Engine::Vulkan { width: None, device: Some(test_device()), via };
            execute(&job, &engine)
                .map(|r| bytes_to_words(r.buffer(BufferId { set: 0, binding: 3, element: 0 }).unwrap()))
        };
        match (run(via), run(Via::Spirv)) {
            (Ok(other), Ok(spirv)) => {
                compared.push(c.name);
                if let Some(i) = (0..other.len()).find(|&i| other[i] != spirv[i]) {
                    failures.push(format!(
                        "{}: word {i} is {} through {via:?}, {} through SPIR-V",
                        c.name,
                        f32::from_bits(other[i]),
                        f32::from_bits(spirv[i])
                    ));
                }
            }
            (Err(e), Ok(_)) if e.contains(refusals) => {
                refused.push(format!("{}: {}", c.name, e.lines().nth(1).unwrap_or("")))
            }
            (a, b) => failures.push(format!("{}: {via:?} {:?}, spirv {:?}", c.name, a.err(), b.err())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (compared, refused)
}

/// Every case through GLSL (`--via glsl`: glslang's SPIR-V of wavec's GLSL) gives the texels the
/// SPIR-V path gives, so the GLSL backend's mapping of HLSL's coordinates, levels, offsets,
/// compares, gathers and size queries is HLSL's.
#[test]
fn glsl_path_reads_textures_as_the_spirv_path_does() {
    at_widths(concat!(module_path!(), "::glsl_path_reads_textures_as_the_spirv_path_does"), &[8], |_| {
        let (compared, refused) = same_texels_as_spirv(wavec::testing::Via::Glsl, "[E062");
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(compared.len(), CASES.len());
    });
}

/// The same through WGSL (`--via wgsl`: naga's SPIR-V of wavec's WGSL): the cases WGSL can
/// express give the SPIR-V path's texels; the others (1D arrays, depth compares, LOD clamps) are
/// refused with the WGSL backend's E0651, never miscompiled.
#[test]
fn wgsl_path_reads_textures_as_the_spirv_path_does() {
    at_widths(concat!(module_path!(), "::wgsl_path_reads_textures_as_the_spirv_path_does"), &[8], |_| {
        let (compared, refused) = same_texels_as_spirv(wavec::testing::Via::Wgsl, "[E065");
        println!("compared through WGSL: {compared:?}\nrefused: {refused:#?}");
        // 1D arrays, three depth compares, a compare gather and a `Load` with an offset.
        assert!(refused.len() <= 6, "more refusals than expected: {refused:#?}");
        assert_eq!(compared.len() + refused.len(), CASES.len());
    });
}

/// Every case on the CPU engine and on lavapipe; the largest difference of each.
#[test]
fn cpu_engine_samples_as_lavapipe_does() {
    at_widths(concat!(module_path!(), "::cpu_engine_samples_as_lavapipe_does"), &[8], |_| {
        let base = Path::new(".");
        let mut failures = Vec::new();
        let mut overall = 0.0f32;
        for c in CASES {
            let src = shader(c);
            let job = job(c, &src, base);
            let run = |engine: &Engine| {
                execute(&job, engine)
                    .map(|r| bytes_to_words(r.buffer(BufferId { set: 0, binding: 3, element: 0 }).unwrap()))
            };
            let cpu = run(&Engine::Cpu { width: 4, lane_order: Default::default() });
            let gpu = run(&Engine::Vulkan { width: None, device: Some(test_device()), via: Default::default() });
            let (cpu, gpu) = match (cpu, gpu) {
                (Ok(a), Ok(b)) => (a, b),
                (a, b) => {
                    failures.push(format!("{}: cpu {:?}, lavapipe {:?}", c.name, a.err(), b.err()));
                    continue;
                }
            };
            let mut worst = (0.0f32, 0usize);
            for (i, (a, b)) in cpu.iter().zip(&gpu).enumerate() {
                let (a, b) = (f32::from_bits(*a), f32::from_bits(*b));
                let d = if a == b { 0.0 } else { (a - b).abs() };
                if d > worst.0 || d.is_nan() {
                    worst = (if d.is_nan() { f32::INFINITY } else { d }, i);
                }
            }
            let (d, i) = worst;
            println!(
                "{:<45} max |cpu - lavapipe| = {d:.3e} (word {i}: {} vs {})",
                c.name,
                f32::from_bits(cpu[i]),
                f32::from_bits(gpu[i])
            );
            let tolerance = if c.name.contains("any gradient") { GRADIENT_TOLERANCE } else { TOLERANCE };
            if c.name.contains("any gradient") {
                println!("{:<45} (its tolerance: {tolerance:.3e})", "");
            } else {
                overall = overall.max(d);
            }
            if d > tolerance {
                failures.push(format!(
                    "{}: word {i} is {} on the CPU engine, {} on lavapipe",
                    c.name,
                    f32::from_bits(cpu[i]),
                    f32::from_bits(gpu[i])
                ));
            }
        }
        println!("largest difference over the other cases: {overall:.3e} (tolerance {TOLERANCE:.3e})");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

/// Runs `src` on the CPU engine with the given specs bound at bindings 0, 1, …; the texts of
/// its diagnostics on failure.
fn cpu(src: &str, specs: &[&str]) -> Result<Vec<Vec<u8>>, String> {
    let base = Path::new(".");
    let buffers = specs
        .iter()
        .enumerate()
        .map(|(i, s)| (BufferId { set: 0, binding: i as u32, element: 0 }, parse_spec(s, base).unwrap()))
        .collect();
    let job = Job {
        source: src,
        options: Default::default(),
        groups: [1, 1, 1],
        buffers,
        timeout: Duration::from_secs(30),
        robust_buffer_access: false,
    };
    let ran = execute(&job, &Engine::Cpu { width: 4, lane_order: Default::default() })?;
    Ok(ran.buffers.into_iter().map(|(_, b)| b).collect())
}

/// Storage texels are read, modified in one component and written back in the image's
/// format; the engine refuses texels outside the image, images and samplers that do not fit
/// the declaration, and a sampler whose compare op does not fit the method.
#[test]
fn cpu_engine_texture_writes_and_refusals() {
    let rmw = "[[vk::image_format(\"rgba8\")]] RWTexture2D<float4> Img;\n\
               [numthreads(4, 2, 1)]\n\
               void main(uint3 id : SV_DispatchThreadID) { Img[id.xy].y = 0.5; Img[id.xy].x += 1.0 / 255.0; }\n";
    let out = cpu(rmw, &["image:rgba8:4x2:fill:0.2,0.9,0.3,1"]).unwrap();
    for t in out[0].chunks_exact(4) {
        assert_eq!(t, [52, 128, 77, 255], "0.2 → 51, +1; 0.5 → 128; 0.3 → 77; 1 → 255");
    }
    let outside = "RWTexture2D<float> Img;\n[numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { Img[uint2(id.x * 2, 0)] = 1.0; }\n";
    let e = cpu(outside, &["image:r32f:4x4:zero"]).unwrap_err();
    assert!(e.contains("E0701") && e.contains("out-of-bounds texel: texel [4, 0] (layer 0)"), "{e}");
    let sample = "Texture2D<float> Tex;\nSamplerComparisonState Smp;\nRWStructuredBuffer<float> Out;\n\
                  [numthreads(1, 1, 1)]\nvoid main() { Out[0] = Tex.SampleCmpLevelZero(Smp, float2(0.5, 0.5), 0.5); }\n";
    let e = cpu(sample, &["image:d32f:4x4:zero", "sampler:linear", "4"]).unwrap_err();
    assert!(e.contains("E0708") && e.contains("has no `compare=` op"), "{e}");
    let e = cpu(sample, &["image:d32f:4:zero", "sampler:linear,compare=less", "4"]).unwrap_err();
    assert!(e.contains("E0708") && e.contains("is a 2D texture, but the image is 1D"), "{e}");
    let e = cpu(sample, &["image:r32ui:4x4:zero", "sampler:linear,compare=less", "4"]).unwrap_err();
    assert!(e.contains("reads float texels, but `r32ui` holds uint ones"), "{e}");
    let e = cpu(sample, &["4", "sampler:linear,compare=less", "4"]).unwrap_err();
    assert!(e.contains("is a texture; supply an `image:` spec"), "{e}");
    let ok = cpu(sample, &["image:d32f:4x4:fill:0.75", "sampler:linear,compare=less", "4"]).unwrap();
    assert_eq!(ok[2], 1.0f32.to_le_bytes(), "0.5 < 0.75 everywhere");
}

/// Typed buffers (`Buffer<T>`, `RWBuffer<T>`) are texel buffers on Vulkan: a sampled one
/// takes its view's format from a one-dimensional `image:` spec, a storage one from the format
/// it declares when the spec is raw data. The CPU engine reads the same bytes as the declared
/// elements. Both give the answer computed here, texel atomics included; the specs that cannot
/// stand for the declaration are refused with the reason.
#[test]
fn typed_buffers_run_as_texel_buffers_on_both_engines() {
    let src = "Buffer<float4> Colors;\nRWBuffer<uint> Bins;\nRWBuffer<float2> Out;\n\
               [numthreads(16, 1, 1)]\n\
               void main(uint3 id : SV_DispatchThreadID) {\n\
                   float4 c = Colors[id.x];\n\
                   Out[id.x] = c.xy * 2.0 + c.zw;\n\
                   InterlockedAdd(Bins[uint(c.x * 4.0)], 1u + id.x);\n\
               }\n";
    let colors: Vec<f32> = (0..64).map(|i| ((i * 37) % 64) as f32 / 64.0).collect();
    let dir = crate::support::unique_temp_dir("typed-buffers");
    let path = dir.join("colors.bin");
    std::fs::write(&path, colors.iter().flat_map(|c| c.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let colors_spec = format!("image:rgba32f:16:@{}", path.display());
    let mut bins = [0u32; 4];
    let mut out = Vec::new();
    for (i, c) in colors.chunks_exact(4).enumerate() {
        bins[(c[0] * 4.0) as usize] += 1 + i as u32;
        out.extend([c[0] * 2.0 + c[2], c[1] * 2.0 + c[3]]);
    }
    let base = Path::new(".");
    let run = |engine: &Engine, specs: [&str; 3]| {
        let buffers = specs
            .iter()
            .enumerate()
            .map(|(i, s)| (BufferId { set: 0, binding: i as u32, element: 0 }, parse_spec(s, base).unwrap()))
            .collect();
        let job = Job {
            source: src,
            options: Default::default(),
            groups: [1, 1, 1],
            buffers,
            timeout: Duration::from_secs(60),
            robust_buffer_access: false,
        };
        execute(&job, engine).map(|r| r.buffers.into_iter().map(|(_, b)| bytes_to_words(&b)).collect::<Vec<_>>())
    };
    let vulkan = Engine::Vulkan { width: None, device: Some(test_device()), via: Default::default() };
    let cpu = Engine::Cpu { width: 4, lane_order: Default::default() };
    for engine in [&vulkan, &cpu] {
        let got = run(engine, [&colors_spec, "fill:0:4", "fill:0:32"]).unwrap();
        assert_eq!(got[1], bins, "{engine:?}: the bins");
        let floats: Vec<f32> = got[2].iter().map(|w| f32::from_bits(*w)).collect();
        assert_eq!(floats, out, "{engine:?}: the texels written");
    }
    let e = run(&vulkan, ["random:1:f32:64", "fill:0:4", "fill:0:32"]).unwrap_err();
    assert!(e.contains("declares no texel format") && e.contains("image:FORMAT:N"), "{e}");
    let e = run(&vulkan, [&colors_spec, "image:r32i:4:zero", "fill:0:32"]).unwrap_err();
    assert!(e.contains("the shader declares `r32ui` texels, but the spec gives `r32i`"), "{e}");
    let e = run(&cpu, ["image:rgba8:16:zero", "fill:0:4", "fill:0:32"]).unwrap_err();
    assert!(e.contains("is a typed buffer of `float4`") && e.contains("not `rgba8`"), "{e}");
}
