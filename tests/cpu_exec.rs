//! The CPU engine (`wavec::exec`): wave intrinsics under divergence at every width 1..128 and
//! lane order, the spec-0048 invariants natively and through the fallback pass, every sample
//! with answers computed here in Rust, the runtime checks, and a differential test against
//! lavapipe.

use crate::support::{
    at_widths, bytes_to_words, check_group_wave_invariants, compile_hlsl, test_device, words_to_bytes,
    GROUP_WAVE_SHADER,
};
use std::path::Path;
use wavec::diag::Diagnostic;
use wavec::exec::{self, CpuBuffer, CpuOptions, LaneOrder};
use wavec::span::SourceMap;

const WIDTHS: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
const ORDERS: [LaneOrder; 3] = [LaneOrder::Linear, LaneOrder::Reverse, LaneOrder::Random(0xC0FFEE)];

struct Failure {
    diags: Vec<Diagnostic>,
    sources: std::sync::Arc<SourceMap>,
}

impl Failure {
    fn render(&self) -> String {
        wavec::diag::render_all(&self.diags, &self.sources, false)
    }
    /// 1-based line of the first diagnostic's primary span.
    fn line(&self) -> usize {
        let span = self.diags[0].primary_span().expect("a span");
        let (file, start, _) = self.sources.resolve(span).expect("resolvable span");
        self.sources.file(file).line_col(start as u32).0
    }
}

struct Run {
    src: String,
    defines: Vec<(String, Option<String>)>,
    entry: Option<String>,
    groups: [u32; 3],
    opts: CpuOptions,
}

fn run_src(r: &Run, buffers: Vec<CpuBuffer>) -> Result<Vec<CpuBuffer>, Failure> {
    let options = wavec::Options { defines: r.defines.clone(), entry: r.entry.clone(), ..Default::default() };
    let (checked, warnings) = match wavec::check(&r.src, &options) {
        Ok(x) => x,
        Err(d) => panic!("front end failed:\n{}", d.render_plain()),
    };
    let mut buffers = buffers;
    match exec::run_checked(&checked, r.groups, &mut buffers, &r.opts) {
        Ok(_) => Ok(buffers),
        Err(diags) => Err(Failure { diags, sources: warnings.sources }),
    }
}

fn run_ok(r: &Run, buffers: Vec<CpuBuffer>) -> Vec<Vec<u32>> {
    match run_src(r, buffers) {
        Ok(b) => b.iter().map(|b| b.to_words()).collect(),
        Err(f) => panic!("run failed at width {} ({:?}):\n{}", r.opts.width, r.opts.lane_order, f.render()),
    }
}

fn words(binding: u32, w: &[u32]) -> CpuBuffer {
    CpuBuffer::words(0, binding, w)
}

fn floats(binding: u32, f: &[f32]) -> CpuBuffer {
    CpuBuffer::words(0, binding, &f.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
}

fn opts(width: u32, order: LaneOrder) -> CpuOptions {
    CpuOptions { width, lane_order: order, ..Default::default() }
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples").join(name)).unwrap()
}

fn xorshift(seed: &mut u32) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 17;
    *seed ^= *seed << 5;
    *seed
}

/// `(wave, lane)` of every thread of group `linear`, from the engine's documented layout.
fn placement(order: LaneOrder, linear: u64, threads: u32, width: u32) -> Vec<(u32, u32)> {
    exec::lane_layout(order, linear, threads).into_iter().map(|s| (s / width, s % width)).collect()
}

/// Every intrinsic runs on the CPU: natively (`[cpu]`), or through its portable body; the
/// building blocks of bodies (`__…`) are bodies, folded by sema, or provided by a lowering pass
/// (`[provided(…)]`, the wide virtual waves' memory). Wave and quad intrinsics
/// (and GLSL's cross-lane `subgroup*`) always run natively: the engine is the reference their
/// bodies are tested against.
#[test]
fn every_stdlib_intrinsic_has_a_cpu_lowering() {
    let lib = wavec::stdlib::Stdlib::get();
    let mut missing = Vec::new();
    for i in lib.intrinsics.iter() {
        // An alias is resolved to the intrinsic it names before anything runs.
        if i.alias_of.is_some() {
            continue;
        }
        let folded = i.lowerings_for("fold").next().is_some();
        // A lowering pass replaces these before any backend or the engine sees them.
        let provided = i.lowerings_for("provided").next().is_some();
        if exec::compile::cpu_attr(i).is_none() && i.definition.is_none() && !folded && !provided {
            missing.push(i.name.clone());
        }
        let wave =
            i.name.starts_with("Wave") || i.name.starts_with("Quad") || (i.name.starts_with("subgroup") && i.wave);
        if wave && exec::compile::cpu_attr(i).is_none() {
            missing.push(format!("{} (a wave intrinsic runs natively on the reference engine)", i.name));
        }
    }
    assert!(missing.is_empty(), "no [cpu(...)] on {missing:?}");
}

fn stream_input(n: usize, seed: u32) -> Vec<u32> {
    let mut s = seed;
    (0..n).map(|_| xorshift(&mut s) % 1000).collect()
}

#[test]
fn stream_compaction_sample_at_every_width_and_order() {
    let n = 1024usize;
    let input = stream_input(n, 0x1234_5678);
    let mut expected: Vec<u32> = input.iter().copied().filter(|v| v % 2 == 0).collect();
    expected.sort_unstable();
    for width in WIDTHS {
        for order in ORDERS {
            let r = Run {
                src: sample("stream_compaction.slang"),
                defines: vec![],
                entry: None,
                groups: [(n / 64) as u32, 1, 1],
                opts: opts(width, order),
            };
            let out = run_ok(&r, vec![words(0, &input), words(1, &vec![u32::MAX; n]), words(2, &[0])]);
            let count = out[2][0] as usize;
            assert_eq!(count, expected.len(), "counter at width {width}");
            let mut got = out[1][..count].to_vec();
            got.sort_unstable();
            assert_eq!(got, expected, "kept elements at width {width} {order:?}");
            assert!(out[1][count..].iter().all(|&w| w == u32::MAX));
            // Within a wave, kept elements keep their lane order: each wave's run is sorted by lane.
        }
    }
}

const FAMILIES: &str = r#"
[[vk::binding(0)]] StructuredBuffer<uint> In;
[[vk::binding(1)]] RWStructuredBuffer<uint> Out;
#define K 24
[numthreads(96, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID)
{
    uint t = gid.x * 96 + gi;
    uint v = In[t];
    uint o = t * K;
    if (PRED)
    {
        Out[o + 0] = WaveActiveSum(v);
        Out[o + 1] = WavePrefixSum(v);
        Out[o + 2] = WaveActiveProduct(v | 1);
        Out[o + 3] = WaveActiveMin(v);
        Out[o + 4] = WaveActiveMax(v);
        Out[o + 5] = WaveActiveBitAnd(v);
        Out[o + 6] = WaveActiveBitOr(v);
        Out[o + 7] = WaveActiveBitXor(v);
        Out[o + 8] = WaveActiveCountBits((v & 1) != 0);
        Out[o + 9] = WavePrefixCountBits((v & 1) != 0);
        uint4 b = WaveActiveBallot((v & 1) != 0);
        Out[o + 10] = b.x;
        Out[o + 11] = countbits(b.x) + countbits(b.y) + countbits(b.z) + countbits(b.w);
        Out[o + 12] = WaveReadLaneFirst(v);
        Out[o + 13] = WaveIsFirstLane() ? 1 : 0;
        Out[o + 14] = WaveActiveAllEqual(v / 2000u) ? 1 : 0;
        Out[o + 15] = (WaveActiveAnyTrue(v > 990) ? 1 : 0) | (WaveActiveAllTrue(v > 5) ? 2 : 0);
        Out[o + 16] = WavePrefixProduct(v % 3 + 1);
        Out[o + 17] = WaveReadLaneAt(v, WaveReadLaneFirst(WaveGetLaneIndex()));
        Out[o + 18] = WaveMatch(v % 4).x;
        Out[o + 19] = WaveMultiPrefixSum(v, WaveActiveBallot((v & 2) == 0));
        Out[o + 20] = WavePrefixMin(v);
        Out[o + 21] = asuint(WaveActiveSum(float(v % 8)));
        Out[o + 22] = WaveActiveSum(int(v) - 500);
        Out[o + 23] = WaveGetLaneIndex();
    }
}
"#;

fn pred(variant: u32, gi: u32, v: u32) -> bool {
    match variant {
        0 => true,
        1 => gi % 2 == 0,
        2 => gi % 3 == 0,
        _ => v % 5 != 0,
    }
}

const PREDS: [&str; 4] = ["true", "(gi % 2) == 0", "(gi % 3) == 0", "(v % 5) != 0"];

/// The reference for FAMILIES: each wave's active lanes in lane order, from the layout.
fn families_expected(input: &[u32], groups: u32, width: u32, order: LaneOrder, variant: u32) -> Vec<u32> {
    let threads = 96u32;
    let k = 24usize;
    let mut out = vec![0xDEAD_BEEFu32; input.len() * k];
    for g in 0..groups {
        let place = placement(order, g as u64, threads, width);
        let waves = threads.div_ceil(width);
        for w in 0..waves {
            // (lane, thread) of the active lanes, in lane order.
            let mut act: Vec<(u32, usize)> = (0..threads)
                .filter(|gi| place[*gi as usize].0 == w)
                .map(|gi| (place[gi as usize].1, (g * threads + gi) as usize))
                .filter(|(_, t)| pred(variant, *t as u32 % threads, input[*t]))
                .collect();
            act.sort_unstable();
            let vals: Vec<u32> = act.iter().map(|(_, t)| input[*t]).collect();
            let ballot: u128 = act.iter().filter(|(_, t)| input[*t] & 1 != 0).map(|(l, _)| 1u128 << l).sum();
            for (i, &(lane, t)) in act.iter().enumerate() {
                let v = input[t];
                let before = &vals[..i];
                let r = &mut out[t * k..t * k + k];
                r[0] = vals.iter().fold(0u32, |a, x| a.wrapping_add(*x));
                r[1] = before.iter().fold(0u32, |a, x| a.wrapping_add(*x));
                r[2] = vals.iter().fold(1u32, |a, x| a.wrapping_mul(x | 1));
                r[3] = *vals.iter().min().unwrap();
                r[4] = *vals.iter().max().unwrap();
                r[5] = vals.iter().fold(!0, |a, x| a & x);
                r[6] = vals.iter().fold(0, |a, x| a | x);
                r[7] = vals.iter().fold(0, |a, x| a ^ x);
                r[8] = vals.iter().filter(|x| *x & 1 != 0).count() as u32;
                r[9] = before.iter().filter(|x| *x & 1 != 0).count() as u32;
                r[10] = ballot as u32;
                r[11] = ballot.count_ones();
                r[12] = vals[0];
                r[13] = (i == 0) as u32;
                r[14] = vals.iter().all(|x| x / 2000 == vals[0] / 2000) as u32;
                r[15] = vals.iter().any(|x| *x > 990) as u32 | ((vals.iter().all(|x| *x > 5) as u32) << 1);
                r[16] = before.iter().fold(1u32, |a, x| a.wrapping_mul(x % 3 + 1));
                r[17] = vals[0];
                r[18] = act.iter().filter(|(l, t)| *l < 32 && input[*t] % 4 == v % 4).map(|(l, _)| 1u32 << l).sum();
                r[19] = act[..i]
                    .iter()
                    .filter(|(_, t)| input[*t] & 2 == 0)
                    .map(|(_, t)| input[*t])
                    .fold(0u32, |a, x| a.wrapping_add(x));
                r[20] = before.iter().copied().min().unwrap_or(u32::MAX);
                r[21] = vals.iter().fold(0f32, |a, x| a + (x % 8) as f32).to_bits();
                r[22] = vals.iter().fold(0i32, |a, x| a.wrapping_add(*x as i32 - 500)) as u32;
                r[23] = lane;
            }
        }
    }
    out
}

#[test]
fn wave_families_under_divergence_at_every_width_and_order() {
    let groups = 2u32;
    let n = (96 * groups) as usize;
    let mut seed = 99;
    let input: Vec<u32> = (0..n).map(|_| xorshift(&mut seed) % 1000 + 1).collect();
    for (variant, p) in PREDS.iter().enumerate() {
        for width in WIDTHS {
            for order in ORDERS {
                let r = Run {
                    src: FAMILIES.to_string(),
                    defines: vec![("PRED".into(), Some(p.to_string()))],
                    entry: None,
                    groups: [groups, 1, 1],
                    opts: opts(width, order),
                };
                let out = run_ok(&r, vec![words(0, &input), words(1, &vec![0xDEAD_BEEF; n * 24])]);
                let expected = families_expected(&input, groups, width, order, variant as u32);
                for t in 0..n {
                    assert_eq!(
                        out[1][t * 24..t * 24 + 24],
                        expected[t * 24..t * 24 + 24],
                        "thread {t}, predicate `{p}`, width {width}, {order:?}"
                    );
                }
            }
        }
    }
}

const LOOPS: &str = r#"
[[vk::binding(0)]] StructuredBuffer<uint> In;
[[vk::binding(1)]] RWStructuredBuffer<uint> Out;
uint Count(uint v)
{
    uint acc = 0;
    for (uint i = 0; i < 8; ++i)
    {
        if (i >= v % 6) break;
        if ((i & 1) == 1) continue;
        acc += WaveActiveCountBits(true) << (4 * (i / 2));
    }
    if (v % 7 == 0) return acc + 1000000;
    uint j = 0;
    while (true)
    {
        j++;
        if (j > v % 3) break;
    }
    switch (v % 4)
    {
    case 0: acc += 1u << 20;
    case 1: acc += WaveActiveCountBits(true) << 24; break;
    default: acc += 3u << 28; break;
    }
    return acc + j * 0;
}
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID)
{
    uint t = gid.x * 64 + gi;
    uint v = In[t];
    uint r = Count(v);
    if (v % 11 == 0) return;
    Out[t * 2] = r;
    Out[t * 2 + 1] = WaveActiveCountBits(true);
}
"#;

#[test]
fn loops_breaks_continues_returns_and_switch_reconverge_exactly() {
    let groups = 2u32;
    let n = 128usize;
    let mut seed = 7;
    let input: Vec<u32> = (0..n).map(|_| xorshift(&mut seed) % 100).collect();
    for width in WIDTHS {
        for order in ORDERS {
            let r = Run {
                src: LOOPS.to_string(),
                defines: vec![],
                entry: None,
                groups: [groups, 1, 1],
                opts: opts(width, order),
            };
            let out = run_ok(&r, vec![words(0, &input), words(1, &vec![0; n * 2])]);
            let mut expected = vec![0u32; n * 2];
            for g in 0..groups {
                let place = placement(order, g as u64, 64, width);
                for w in 0..64u32.div_ceil(width) {
                    let members: Vec<usize> =
                        (0..64).filter(|gi| place[*gi].0 == w).map(|gi| g as usize * 64 + gi).collect();
                    for &t in &members {
                        let v = input[t];
                        let mut acc = 0u32;
                        for i in 0..8u32 {
                            if i >= v % 6 {
                                break;
                            }
                            if i & 1 == 1 {
                                continue;
                            }
                            let c = members.iter().filter(|u| i < input[**u] % 6).count() as u32;
                            acc += c << (4 * (i / 2));
                        }
                        let r = if v % 7 == 0 {
                            acc + 1_000_000
                        } else {
                            let live = members.iter().filter(|u| input[**u] % 7 != 0);
                            let sw = live.filter(|u| input[**u] % 4 <= 1).count() as u32;
                            match v % 4 {
                                0 => acc + (1 << 20) + (sw << 24),
                                1 => acc + (sw << 24),
                                _ => acc + (3 << 28),
                            }
                        };
                        if v % 11 != 0 {
                            expected[t * 2] = r;
                            expected[t * 2 + 1] = members.iter().filter(|u| input[**u] % 11 != 0).count() as u32;
                        }
                    }
                }
            }
            assert_eq!(out[1], expected, "width {width} {order:?}");
        }
    }
}

const SHAPES: [(u32, u32, u32); 6] = [(8, 1, 1), (8, 8, 1), (16, 16, 1), (32, 32, 1), (4, 4, 4), (10, 1, 1)];

#[test]
fn group_wave_invariants_native_and_fallback_on_every_shape_width_and_order() {
    for (x, y, z) in SHAPES {
        let threads = x * y * z;
        for width in WIDTHS {
            for order in ORDERS {
                for emulate in [false, true] {
                    let mut o = opts(width, order);
                    o.emulate_group_wave = emulate;
                    let r = Run {
                        src: GROUP_WAVE_SHADER.to_string(),
                        defines: vec![
                            ("X".into(), Some(x.to_string())),
                            ("Y".into(), Some(y.to_string())),
                            ("Z".into(), Some(z.to_string())),
                        ],
                        entry: None,
                        groups: [3, 1, 1],
                        opts: o,
                    };
                    let out = run_ok(&r, vec![words(0, &vec![0; threads as usize * 3 * 8])]);
                    let what = format!("shape ({x},{y},{z}) width {width} {order:?} emulate {emulate}");
                    check_group_wave_invariants(&out[0], threads as usize, 3, width, &what, true);
                    // The engine's own layout: the lane each thread reports is where it was placed.
                    for g in 0..3u64 {
                        let place = placement(order, g, threads, width);
                        for (gi, at) in place.iter().enumerate() {
                            let row = (g as usize * threads as usize + gi) * 8;
                            assert_eq!(out[0][row + 2], at.1, "{what}: lane of thread {gi}");
                            if !emulate {
                                assert_eq!(out[0][row], at.0, "{what}: native wave index of thread {gi}");
                            }
                        }
                    }
                }
            }
        }
    }
}

fn each_config(f: impl FnMut(CpuOptions)) {
    each_config_from(1, f)
}

/// Every width from `min` up, in every lane order.
fn each_config_from(min: u32, mut f: impl FnMut(CpuOptions)) {
    for width in WIDTHS.into_iter().filter(|w| *w >= min) {
        for order in ORDERS {
            f(opts(width, order));
        }
    }
}

#[test]
fn histogram_sample_both_entries() {
    let n = 1024usize;
    let mut seed = 5;
    let input: Vec<u32> = (0..n).map(|_| xorshift(&mut seed) % 4096).collect();
    let mut expected = vec![0u32; 256];
    for v in &input {
        expected[(*v & 255) as usize] += 1;
    }
    for entry in ["main", "matched"] {
        each_config(|o| {
            let what = format!("{entry} width {} {:?}", o.width, o.lane_order);
            let r = Run {
                src: sample("histogram.slang"),
                defines: vec![],
                entry: Some(entry.into()),
                groups: [(n / 64) as u32, 1, 1],
                opts: o,
            };
            let out = run_ok(&r, vec![words(0, &input), words(1, &[0; 256])]);
            assert_eq!(out[1], expected, "{what}");
        });
    }
}

#[test]
fn light_loop_sample_both_entries() {
    let (tiles_x, tiles_y) = (3u32, 2u32);
    let width = tiles_x * 8;
    let lights: Vec<[f32; 4]> = (0..40).map(|i| [i as f32, (i * 2) as f32 * 0.5, 1.0 / (i + 1) as f32, 0.25]).collect();
    let starts: Vec<[u32; 2]> = (0..tiles_x * tiles_y).map(|t| [t * 3 % 20, (t * 7) % 21]).collect();
    let flat_lights: Vec<f32> = lights.iter().flatten().copied().collect();
    let flat_starts: Vec<u32> = starts.iter().flatten().copied().collect();
    let pixels = (width * tiles_y * 8) as usize;
    let mut expected = vec![0f32; pixels * 4];
    for ty in 0..tiles_y {
        for tx in 0..tiles_x {
            let [s, c] = starts[(ty * tiles_x + tx) as usize];
            let mut acc = [0f32; 4];
            for i in 0..c {
                for k in 0..4 {
                    acc[k] += lights[(s + i) as usize][k];
                }
            }
            for y in 0..8 {
                for x in 0..8 {
                    let p = ((ty * 8 + y) * width + tx * 8 + x) as usize;
                    expected[p * 4..p * 4 + 4].copy_from_slice(&acc);
                }
            }
        }
    }
    let expected: Vec<u32> = expected.iter().map(|f| f.to_bits()).collect();
    for entry in ["naive", "main"] {
        each_config(|o| {
            let what = format!("{entry} width {} {:?}", o.width, o.lane_order);
            let r = Run {
                src: sample("light_loop.slang"),
                defines: vec![],
                entry: Some(entry.into()),
                groups: [tiles_x, tiles_y, 1],
                opts: o,
            };
            let out = run_ok(
                &r,
                vec![
                    floats(0, &flat_lights),
                    words(1, &flat_starts),
                    words(2, &vec![0; pixels * 4]),
                    words(3, &[width, tiles_x, 0, 0]),
                ],
            );
            assert_eq!(out[2], expected, "{what}");
        });
    }
}

#[test]
fn border_loads_sample() {
    let (w, h) = (40u32, 20u32);
    let img: Vec<f32> = (0..w * h).map(|i| ((i * 37) % 101) as f32 * 0.125).collect();
    let at = |x: i32, y: i32| img[(y.clamp(0, h as i32 - 1) as u32 * w + x.clamp(0, w as i32 - 1) as u32) as usize];
    let (gx, gy) = (w.div_ceil(16), h.div_ceil(16));
    let mut expected = vec![0u32; (w * h) as usize];
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let mut sum = 0f32;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    sum += at(x + dx, y + dy);
                }
            }
            expected[(y as u32 * w + x as u32) as usize] = (sum / 9.0).to_bits();
        }
    }
    each_config(|o| {
        let what = format!("width {} {:?}", o.width, o.lane_order);
        let r = Run { src: sample("border_loads.slang"), defines: vec![], entry: None, groups: [gx, gy, 1], opts: o };
        let out = run_ok(&r, vec![floats(0, &img), words(1, &vec![0; (w * h) as usize]), words(2, &[w, h, 0, 0])]);
        assert_eq!(out[1], expected, "{what}");
    });
}

/// Half bits of a float that a half represents exactly (normal numbers only).
fn exact_half(x: f32) -> u32 {
    let b = x.to_bits();
    assert_eq!(b & 0x1fff, 0, "{x} is not exact in half");
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    ((b >> 16) & 0x8000) | ((e as u32) << 10) | ((b >> 13) & 0x3ff)
}

#[test]
fn min_max_z_tile_sample() {
    let (tx, ty) = (2u32, 2u32);
    let w = tx * 16;
    let mut seed = 3;
    let depth: Vec<f32> = (0..w * ty * 16).map(|_| (xorshift(&mut seed) % 1023 + 1) as f32 / 1024.0).collect();
    let mut expected = vec![0u32; (tx * ty) as usize];
    for t in 0..tx * ty {
        let (bx, by) = (t % tx * 16, t / tx * 16);
        let vals: Vec<f32> = (0..256).map(|i| depth[((by + i / 16) * w + bx + i % 16) as usize]).collect();
        let mn = vals.iter().copied().fold(f32::INFINITY, f32::min);
        let mx = vals.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        expected[t as usize] = (exact_half(mx) << 16) | exact_half(mn);
    }
    each_config_from(1, |o| {
        let what = format!("width {} {:?}", o.width, o.lane_order);
        let r = Run { src: sample("minmax_z_tile.slang"), defines: vec![], entry: None, groups: [tx, ty, 1], opts: o };
        let out = run_ok(&r, vec![floats(0, &depth), words(1, &vec![0; (tx * ty) as usize]), words(2, &[w, tx, 0, 0])]);
        assert_eq!(out[1], expected, "{what}");
    });
}

#[test]
fn wave_lerp_sample() {
    let points = 3usize;
    let colors: Vec<[f32; 4]> =
        (0..64).map(|i| [i as f32 / 64.0, 1.0 - i as f32 / 64.0, (i % 5) as f32 * 0.2, 0.0]).collect();
    let mut seed = 11;
    let weights: Vec<f32> = (0..64 * points).map(|_| (xorshift(&mut seed) % 100) as f32 / 100.0).collect();
    let flat: Vec<f32> = colors.iter().flatten().copied().collect();
    each_config_from(1, |o| {
        let what = format!("width {} {:?}", o.width, o.lane_order);
        let r = Run {
            src: sample("wave_lerp.slang"),
            defines: vec![],
            entry: None,
            groups: [points as u32, 1, 1],
            opts: o,
        };
        let out = run_ok(&r, vec![floats(0, &flat), floats(1, &weights), words(2, &vec![0; points * 4])]);
        for p in 0..points {
            // The serial chain: color = c[0]; color = lerp(color, c[i], t[i]).
            let mut c = [colors[0][0], colors[0][1], colors[0][2]];
            for i in 1..64 {
                let t = weights[p * 64 + i];
                for k in 0..3 {
                    c[k] += (colors[i][k] - c[k]) * t;
                }
            }
            for k in 0..3 {
                let got = f32::from_bits(out[2][p * 4 + k]);
                assert!((got - c[k]).abs() < 1e-4, "{what}: point {p} channel {k}: {got} vs {}", c[k]);
            }
            assert_eq!(f32::from_bits(out[2][p * 4 + 3]), 1.0, "{what}");
        }
    });
}

/// Runs `src` (one group of 8 threads, width 4) and returns its failure.
fn failing(src: &str) -> Failure {
    let r =
        Run { src: src.to_string(), defines: vec![], entry: None, groups: [1, 1, 1], opts: opts(4, LaneOrder::Linear) };
    match run_src(&r, vec![words(0, &[0; 8]), words(1, &[0; 8])]) {
        Ok(_) => panic!("expected a runtime error"),
        Err(f) => f,
    }
}

fn assert_check(f: &Failure, code: &str, message: &str, line: usize, note: &str) {
    let text = f.render();
    let d = &f.diags[0];
    assert_eq!(d.code, code, "{text}");
    assert!(d.message.contains(message), "message `{}` lacks `{message}`", d.message);
    assert_eq!(f.line(), line, "{text}");
    assert!(d.notes.iter().any(|n| n.contains(note)), "notes {:?} lack `{note}`", d.notes);
}

#[test]
fn check_out_of_bounds_buffer_index() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    B[gi + 1] = 1;\n}\n",
    );
    assert_check(
        &f,
        "E0701",
        "out-of-bounds access: index 8 into `B` of 8 elements",
        6,
        "thread (7, 0, 0) (SV_GroupIndex 7), wave 1 lane 3",
    );
}

#[test]
fn robust_buffer_access_reads_zero_and_drops_writes_past_a_buffer_but_not_past_an_array() {
    let src = "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    A[gi + 4] = 7;\n    uint old;\n    InterlockedAdd(A[gi + 6], 1, old);\n    B[gi] = A[gi + 2] * 10 + old;\n}\n";
    let mut o = opts(4, LaneOrder::Linear);
    o.robust_buffer_access = true;
    o.threads = 1;
    let r = Run { src: src.to_string(), defines: vec![], entry: None, groups: [1, 1, 1], opts: o.clone() };
    let (checked, _) = wavec::check(src, &wavec::Options::default()).expect("compiles");
    let mut bufs = vec![words(0, &[0; 6]), words(1, &[0; 8])];
    let stats = exec::run_checked(&checked, r.groups, &mut bufs, &o).expect("robust access is no error");
    // Threads 0 and 1 write A[4] and A[5]; every other write and every atomic (A[6..13]) is
    // past the end, so is dropped, and the atomics' original values are zero.
    assert_eq!(bufs[0].to_words(), vec![0, 0, 0, 0, 7, 7]);
    // The first wave stores before it loads, so threads 2 and 3 read the 7s; the second
    // wave's reads (A[6..9]) are past the end and give zero.
    assert_eq!(bufs[1].to_words(), vec![0, 0, 70, 70, 0, 0, 0, 0]);
    assert!(stats.warnings.iter().all(|d| d.code == "W0701"), "{:?}", stats.warnings);
    assert!(!stats.warnings.is_empty());
    // A local array has no robustness: past its end is still an error.
    let src = "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint a[4] = { 1, 2, 3, 4 };\n    B[gi] = a[gi];\n}\n";
    let (checked, _) = wavec::check(src, &wavec::Options::default()).expect("compiles");
    let mut bufs = vec![words(0, &[0; 8]), words(1, &[0; 8])];
    let e = exec::run_checked(&checked, [1, 1, 1], &mut bufs, &o).expect_err("a local array past its end");
    assert_eq!(e[0].code, "E0701");
}

#[test]
fn check_out_of_bounds_local_array_index() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint a[4] = { 1, 2, 3, 4 };\n    B[gi] = a[gi];\n}\n",
    );
    assert_check(&f, "E0701", "index 4 into an array or vector of 4 elements", 7, "SV_GroupIndex 4), wave 1 lane 0");
}

#[test]
fn check_uninitialized_groupshared_read() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\ngroupshared uint s[8];\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    if (gi != 5) s[gi] = gi;\n    GroupMemoryBarrierWithGroupSync();\n    B[gi] = s[7 - gi];\n}\n",
    );
    assert_check(
        &f,
        "E0702",
        "read of groupshared `s` (component 5) that no thread of this group has written",
        9,
        "SV_GroupIndex 2), wave 0 lane 2",
    );
}

#[test]
fn check_groupshared_race_between_barriers() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\ngroupshared uint s[8];\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    s[gi] = 0;\n    GroupMemoryBarrierWithGroupSync();\n    s[gi] = gi;\n    B[gi] = s[(gi + 4) % 8];\n}\n",
    );
    // Wave 0 wrote s[0..4] and read s[4..8] before wave 1 ran: wave 1's writes race with those reads.
    assert_check(
        &f,
        "E0703",
        "groupshared data race on `s` (component 4)",
        9,
        "the other access: thread with SV_GroupIndex 0 (wave 0)",
    );
    // With the barrier the same shader is fine.
    let r = Run {
        src: "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\ngroupshared uint s[8];\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    s[gi] = gi;\n    GroupMemoryBarrierWithGroupSync();\n    B[gi] = s[(gi + 4) % 8];\n}\n".into(),
        defines: vec![],
        entry: None,
        groups: [1, 1, 1],
        opts: opts(4, LaneOrder::Linear),
    };
    let out = run_ok(&r, vec![words(0, &[0; 8]), words(1, &[0; 8])]);
    assert_eq!(out[1], vec![4, 5, 6, 7, 0, 1, 2, 3]);
}

#[test]
fn check_non_uniform_read_lane_at() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint lane = WaveGetLaneIndex() / 2;\n    B[gi] = WaveReadLaneAt(gi, lane);\n}\n",
    );
    assert_check(&f, "E0704", "lane 0 asks for lane 0, lane 2 for lane 1", 7, "wave 0 lane 2");
}

#[test]
fn check_read_of_inactive_lane() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    if (WaveGetLaneIndex() != 0)\n        B[gi] = WaveShuffle(gi, 0);\n}\n",
    );
    assert_check(&f, "E0705", "lane 1 reads lane 0, which is inactive", 7, "wave 0 lane 1");
    assert!(f.diags[0].notes.iter().any(|n| n.contains("`B` differs at byte")), "{:?}", f.diags[0].notes);
}

/// A shuffle-up scan reads past lane 0 and throws the value away, as SPIR-V allows (the value
/// of a read outside the wave is undefined, not the program): a warning, and the right sums. The
/// same scan that keeps the value it read is an error.
#[test]
fn undefined_lane_reads_are_errors_only_where_an_output_depends_on_them() {
    let scan = |keep: &str| {
        format!(
            "RWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{{\n    uint lane = WaveGetLaneIndex();\n    uint v = gi + 1;\n    for (uint d = 1; d < WaveGetLaneCount(); d *= 2)\n    {{\n        uint up = WaveShuffle(v, lane - d);\n        if ({keep}) v += up;\n    }}\n    B[gi] = v;\n}}\n"
        )
    };
    for width in [4, 8] {
        let (checked, _) = wavec::check(&scan("lane >= d"), &wavec::Options::default()).expect("compiles");
        let mut buffers = vec![words(0, &[0; 8])];
        let stats = exec::run_checked(&checked, [1, 1, 1], &mut buffers, &opts(width, LaneOrder::Linear))
            .unwrap_or_else(|d| panic!("a discarded undefined read is no error: {d:?}"));
        let w = width as usize;
        let expected: Vec<u32> = (0..8).map(|i| (i / w * w..=i).map(|j| j as u32 + 1).sum()).collect();
        assert_eq!(buffers[0].to_words(), expected);
        let warning = stats.warnings.iter().find(|d| d.code == "W0705").expect("a warning");
        assert!(warning.message.contains("lane 0 reads lane 4294967295"), "{}", warning.message);
        assert!(warning.notes.iter().any(|n| n.contains("no output depends on it")), "{:?}", warning.notes);

        let (checked, _) = wavec::check(&scan("true"), &wavec::Options::default()).expect("compiles");
        let mut buffers = vec![words(0, &[0; 8])];
        let diags = exec::run_checked(&checked, [1, 1, 1], &mut buffers, &opts(width, LaneOrder::Linear))
            .expect_err("an output depends on the undefined value");
        assert!(
            diags.iter().any(|d| d.code == "E0705" && d.message.contains("lane 0 reads lane 4294967295")),
            "{diags:?}"
        );
    }
}

#[test]
fn check_barrier_in_divergent_code() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    if (gi < 6)\n    {\n        GroupMemoryBarrierWithGroupSync();\n    }\n    B[gi] = 1;\n}\n",
    );
    assert_check(
        &f,
        "E0706",
        "only some lanes of a wave reach it",
        8,
        "not reached in group (0, 0, 0), thread (6, 0, 0) (SV_GroupIndex 6), wave 1 lane 2",
    );
    // A whole wave skipping the barrier: the other waves wait for it in vain.
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    if (gi < 4)\n    {\n        GroupMemoryBarrierWithGroupSync();\n    }\n    B[gi] = 1;\n}\n",
    );
    assert_check(&f, "E0706", "not every wave of the group reaches it", 8, "wave 1 finished without reaching it");
}

#[test]
fn check_hang_guard() {
    let r = Run {
        src: "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint i = 0;\n    while (B[0] == 0) { i++; }\n}\n".into(),
        defines: vec![],
        entry: None,
        groups: [1, 1, 1],
        opts: CpuOptions { max_steps: 10_000, ..opts(4, LaneOrder::Linear) },
    };
    let Err(f) = run_src(&r, vec![words(0, &[0; 8]), words(1, &[0; 8])]) else { panic!("no hang report") };
    assert_eq!(f.diags[0].code, "E0707", "{}", f.render());
}

fn lavapipe(spirv: &[u32], groups: [u32; 3], buffers: Vec<Vec<u32>>, lanes: u32) -> Vec<Vec<u32>> {
    use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};
    let buffers = buffers
        .into_iter()
        .enumerate()
        .map(|(i, w)| BufferInit {
            set: 0,
            binding: i as u32,
            kind: BufferKind::Storage,
            data: words_to_bytes(&w),
            addresses: Vec::new(),
        })
        .collect();
    let d = Dispatch {
        spirv,
        entry: "main",
        groups,
        buffers,
        subgroup_size: None,
        timeout: std::time::Duration::from_secs(60),
        device: Some(test_device()),
        scalar_block_layout: false,
        push_constants: None,
        push_addresses: Vec::new(),
        timed_runs: 0,
        specialization: Vec::new(),
        robust_buffer_access: false,
    };
    let out = run_compute(&d).unwrap_or_else(|e| panic!("lavapipe run failed: {e}"));
    assert_eq!(out.device.subgroup_size, lanes);
    out.buffers.iter().map(|b| bytes_to_words(b)).collect()
}

fn hlsl_of(src: &str, defines: Vec<(String, Option<String>)>) -> Vec<u32> {
    let options = wavec::Options { hlsl_shader_model: (6, 5), defines, ..Default::default() };
    let hlsl = match wavec::compile(src, &options) {
        Ok(o) => o.text(wavec::Target::Hlsl).unwrap().to_string(),
        Err(d) => panic!("wavec failed:\n{}", d.render_plain()),
    };
    compile_hlsl(&hlsl, "main").unwrap_or_else(|e| panic!("{e}"))
}

/// The CPU engine against lavapipe at the same widths, on what does not depend on which
/// thread the driver puts in which lane: the stream compaction's count and kept multiset, and
/// the group-wave rows' lane count and group index (plus the invariants on both).
#[test]
fn differential_against_lavapipe_at_4_8_16() {
    at_widths(concat!(module_path!(), "::differential_against_lavapipe_at_4_8_16"), &[4, 8, 16], |lanes| {
        let n = 1024usize;
        let input = stream_input(n, 0xABCD ^ lanes);
        let src = sample("stream_compaction.slang");
        let gpu = lavapipe(&hlsl_of(&src, vec![]), [16, 1, 1], vec![input.clone(), vec![u32::MAX; n], vec![0]], lanes);
        let r = Run {
            src: src.clone(),
            defines: vec![],
            entry: None,
            groups: [16, 1, 1],
            opts: opts(lanes, LaneOrder::Linear),
        };
        let cpu = run_ok(&r, vec![words(0, &input), words(1, &vec![u32::MAX; n]), words(2, &[0])]);
        assert_eq!(cpu[2], gpu[2], "counter at {lanes} lanes");
        let count = cpu[2][0] as usize;
        let (mut a, mut b) = (cpu[1][..count].to_vec(), gpu[1][..count].to_vec());
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "kept elements at {lanes} lanes");
        assert_eq!(cpu[1][count..], gpu[1][count..], "untouched tail at {lanes} lanes");

        for (x, y, z) in SHAPES {
            let threads = (x * y * z) as usize;
            let defines: Vec<(String, Option<String>)> = vec![
                ("X".into(), Some(x.to_string())),
                ("Y".into(), Some(y.to_string())),
                ("Z".into(), Some(z.to_string())),
            ];
            let gpu = lavapipe(
                &hlsl_of(GROUP_WAVE_SHADER, defines.clone()),
                [3, 1, 1],
                vec![vec![0; threads * 3 * 8]],
                lanes,
            );
            let mut o = opts(lanes, LaneOrder::Linear);
            o.emulate_group_wave = true;
            let r = Run { src: GROUP_WAVE_SHADER.into(), defines, entry: None, groups: [3, 1, 1], opts: o };
            let cpu = run_ok(&r, vec![words(0, &vec![0; threads * 3 * 8])]);
            let what = format!("shape ({x},{y},{z}) at {lanes} lanes");
            check_group_wave_invariants(&gpu[0], threads, 3, lanes, &format!("lavapipe {what}"), false);
            check_group_wave_invariants(&cpu[0], threads, 3, lanes, &format!("cpu {what}"), true);
            // The wave count is the driver's packing choice, not layout-independent: not compared.
            for row in 0..threads * 3 {
                for field in [4, 5] {
                    assert_eq!(cpu[0][row * 8 + field], gpu[0][row * 8 + field], "{what}: row {row} field {field}");
                }
            }
        }
    });
}

/// Two waves writing the same value to a groupshared word between barriers (a filter's apron
/// loaded twice) is a warning; different values stay an error; a wave barrier orders the
/// writes of one wave's lanes.
#[test]
fn same_value_groupshared_writes_warn_and_wave_barriers_order_a_wave() {
    let run = |body: &str, width: u32| {
        let src = format!(
            "RWStructuredBuffer<uint> B;\ngroupshared uint s[4];\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{{\n{body}\n    GroupMemoryBarrierWithGroupSync();\n    B[gi] = s[gi % 4];\n}}\n"
        );
        let (checked, _) = wavec::check(&src, &wavec::Options::default()).expect("compiles");
        let mut buffers = vec![words(0, &[0; 8])];
        let result = exec::run_checked(&checked, [1, 1, 1], &mut buffers, &opts(width, LaneOrder::Linear));
        (result, buffers[0].to_words())
    };
    // Every thread writes s[gi % 4] = gi % 4: waves 0 and 1 (at width 4) write the same values.
    let (result, out) = run("    s[gi % 4] = gi % 4;", 4);
    let stats = result.expect("a benign race is not an error");
    assert_eq!(out, vec![0, 1, 2, 3, 0, 1, 2, 3]);
    assert!(
        stats.warnings.iter().any(|w| w.code == "W0703" && w.message.contains("`s` (component 0)")),
        "{:?}",
        stats.warnings
    );
    // Different values: an error.
    let (result, _) = run("    s[gi % 4] = gi;", 4);
    let diags = result.expect_err("a race of different values");
    assert!(diags.iter().any(|d| d.code == "E0703"), "{diags:?}");
    // In one wave of 8, lanes 4..7 overwrite what lanes 0..3 wrote: after a wave barrier the
    // writes are ordered; without one they race.
    let ordered = "    if (gi < 4) s[gi] = 9;\n    GroupMemoryBarrierWithWaveSync();\n    if (gi >= 4) s[gi - 4] = gi;";
    let (result, out) = run(ordered, 8);
    let stats = result.expect("a wave barrier orders its lanes");
    assert!(stats.warnings.is_empty(), "{:?}", stats.warnings);
    assert_eq!(out, vec![4, 5, 6, 7, 4, 5, 6, 7]);
    let (result, _) = run(&ordered.replace("    GroupMemoryBarrierWithWaveSync();\n", ""), 8);
    assert!(result.expect_err("no barrier").iter().any(|d| d.code == "E0703"));
}

/// Groups run on several threads share the buffers as a GPU's do: atomics from every group add
/// up (the histogram, run on one thread and on four, gives the same counts, and the counts sum
/// to the input's length), and a run that reports a diagnostic is reported as a serial run
/// reports it (the same first out-of-bounds access, whatever the threads).
#[test]
fn groups_on_several_threads_share_buffers_and_report_as_one() {
    let src = sample("histogram.slang");
    let mut seed = 0x1234_5678u32;
    let input: Vec<u32> = (0..64 * 64).map(|_| xorshift(&mut seed)).collect();
    let run = |threads: usize| {
        let r = Run {
            src: src.clone(),
            defines: Vec::new(),
            entry: None,
            groups: [64, 1, 1],
            opts: CpuOptions { threads, ..opts(32, LaneOrder::Linear) },
        };
        run_ok(&r, vec![words(0, &input), words(1, &[0; 256])])[1].clone()
    };
    let serial = run(1);
    assert_eq!(serial.iter().map(|&c| c as usize).sum::<usize>(), input.len(), "counts lost");
    assert_eq!(run(4), serial, "four threads counted otherwise than one");

    let oob = "RWStructuredBuffer<uint> Out;\n[numthreads(8, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n    Out[id.x * 3u] = id.x;\n}\n";
    let report = |threads: usize| {
        let r = Run {
            src: oob.into(),
            defines: Vec::new(),
            entry: None,
            groups: [16, 1, 1],
            opts: CpuOptions { threads, ..opts(8, LaneOrder::Linear) },
        };
        match run_src(&r, vec![words(0, &[0; 128])]) {
            Ok(_) => panic!("an out-of-bounds write was not reported"),
            Err(f) => f.render(),
        }
    };
    assert_eq!(report(4), report(1));
}

/// A parallel run that warns runs again alone from the buffers as they were: every page a
/// group wrote is put back first, so an atomic counter counts each group once, not twice.
#[test]
fn a_warning_run_again_alone_starts_from_the_original_buffers() {
    let src = "RWStructuredBuffer<uint> Count;\nRWStructuredBuffer<uint> B;\ngroupshared uint s[4];\n\
               [numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex, uint3 g : SV_GroupID)\n{\n\
               s[gi % 4] = gi % 4;\n    GroupMemoryBarrierWithGroupSync();\n\
               if (gi == 0) InterlockedAdd(Count[0], 1);\n    B[g.x * 8 + gi] = s[gi % 4] + 7;\n}\n";
    let (checked, _) = wavec::check(src, &wavec::Options::default()).expect("compiles");
    // 3000 groups write 96 KB of `B`: many pages, saved by whichever thread touches each first.
    let groups = 3000u32;
    let mut buffers = vec![words(0, &[5]), words(1, &vec![1u32; 8 * groups as usize])];
    let opts = CpuOptions { threads: 4, ..opts(4, LaneOrder::Linear) };
    let stats = exec::run_checked(&checked, [groups, 1, 1], &mut buffers, &opts).expect("a benign race");
    assert!(stats.warnings.iter().any(|w| w.code == "W0703"), "{:?}", stats.warnings);
    assert_eq!(buffers[0].to_words(), vec![5 + groups], "the counter counted a group twice");
    let b = buffers[1].to_words();
    assert!(b.iter().enumerate().all(|(i, &v)| v == (i as u32 % 8) % 4 + 7), "B");
}

#[test]
fn check_null_pointer_dereference() {
    let f = failing(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint* p = gi == 3 ? nullptr : (uint*)(uint64_t(1) << 40);\n    B[gi] = *p;\n}\n",
    );
    assert_check(&f, "E0716", "null pointer dereference", 7, "SV_GroupIndex 3), wave 0 lane 3");
}

#[test]
fn check_pointer_past_its_buffer_and_into_no_buffer() {
    // `exec::buffer_address(0)` is buffer A's address; 8 words from it is its end.
    let a = exec::buffer_address(0);
    let src = format!(
        "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{{\n    uint* p = (uint*)uint64_t({a}ull);\n    B[gi] = p[gi + 1];\n}}\n"
    );
    assert_check(
        &failing(&src),
        "E0701",
        "out-of-bounds access: byte 32 of `A`, which has 32 bytes",
        7,
        "SV_GroupIndex 7)",
    );
    let src = "RWStructuredBuffer<uint> A;\nRWStructuredBuffer<uint> B;\n[numthreads(8, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint* p = (uint*)(uint64_t(77) << 40);\n    B[gi] = *p;\n}\n";
    assert_check(&failing(src), "E0716", "the pointer 0x4d0000000000 points into no buffer", 7, "SV_GroupIndex 0)");
}

/// What the engine cannot index at run time is refused with E0709, never a panic: a swizzle
/// that reorders its components (no even step between them). An evenly spaced swizzle is
/// still indexed (and an array of buffers: `arrays_of_buffers_take_per_lane_indices`).
#[test]
fn run_time_indices_the_engine_cannot_step_through_are_errors() {
    let run = |body: &str| {
        let src = format!(
            "RWStructuredBuffer<float> B;\nStructuredBuffer<float> T[2];\ncbuffer C {{ uint which; }};\n[numthreads(4, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{{\n    float3 v = float3(1, 2, 3);\n    B[gi] = {body};\n}}\n"
        );
        let (checked, _) = wavec::check(&src, &wavec::Options::default()).expect("compiles");
        exec::compile_program(&checked.module, checked.entry).map(|_| ())
    };
    assert!(run("T[which][gi]").is_ok());
    let diags = run("v.zyx[gi % 3]").expect_err("a reordering swizzle");
    assert!(diags.iter().any(|d| d.code == "E0709"), "{diags:?}");
    assert!(run("v.xz[gi % 2]").is_ok());
}

/// An array of buffers takes one buffer per element at its binding, in order: each lane's
/// index (`NonUniformResourceIndex`, read from memory) reaches its own element's buffer, for
/// reads, `GetDimensions` and writes, at every width and lane order; an index past an array's
/// end (E0701; an unsized array's is the buffers given) and an element of a sized one the run
/// gives no buffer for (E0708) are reported with the lane.
#[test]
fn arrays_of_buffers_take_per_lane_indices() {
    let src = "StructuredBuffer<uint> T[2];\nRWStructuredBuffer<uint> O[];\nRWStructuredBuffer<uint> B;\n[numthreads(4, 1, 1)]\nvoid main(uint gi : SV_GroupIndex)\n{\n    uint k = B[gi];\n    uint n, s;\n    T[NonUniformResourceIndex(k)].GetDimensions(n, s);\n    O[NonUniformResourceIndex(k)][gi] = n;\n    B[gi] = T[NonUniformResourceIndex(k)][gi];\n}\n";
    let given = |picks: &[u32], outs: usize| {
        let mut b = vec![words(0, &[10, 11, 12, 13]), words(0, &[20, 21, 22, 23, 24])];
        b.extend((0..outs).map(|_| words(1, &[0; 4])));
        b.push(words(2, picks));
        b
    };
    for width in WIDTHS {
        for order in ORDERS {
            let r = Run { src: src.into(), defines: vec![], entry: None, groups: [1, 1, 1], opts: opts(width, order) };
            let out = run_ok(&r, given(&[0, 1, 1, 0], 2));
            // T[0] has 4 elements, T[1] 5; lanes 0 and 3 name element 0, lanes 1 and 2 element 1.
            assert_eq!(&out[0], &[10, 11, 12, 13]);
            assert_eq!(out[2..4], [vec![4, 0, 0, 4], vec![0, 5, 5, 0]], "width {width}");
            assert_eq!(out[4], [10, 21, 22, 13], "width {width}");
        }
    }
    let r = Run { src: src.into(), defines: vec![], entry: None, groups: [1, 1, 1], opts: opts(4, LaneOrder::Linear) };
    let f = run_src(&r, given(&[0, 2, 0, 0], 2)).expect_err("an index past the end");
    assert_check(&f, "E0701", "element 2 of `T`, an array of 2", 9, "lane 1");
    // An unsized array is as long as the buffers given.
    let f = run_src(&r, given(&[0, 1, 0, 0], 1)).expect_err("an index past the buffers given");
    assert_check(&f, "E0701", "element 1 of `O`, an array of 1", 10, "lane 1");
    let one_table = vec![words(0, &[10, 11, 12, 13]), words(1, &[0; 4]), words(1, &[0; 4]), words(2, &[0, 1, 0, 0])];
    let f = run_src(&r, one_table).expect_err("an element given no buffer");
    assert_check(&f, "E0708", "element 1 of `T`", 9, "lane 1");
    assert!(f.diags[0].message.contains("gives that array 1 buffer(s)"), "{}", f.render());
}
