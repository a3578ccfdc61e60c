//! wavec's own SPIR-V *executed* on lavapipe at wave widths 4, 8 and 16, against answers
//! computed on the CPU.
//!
//! The wave-family test follows DXC's execution tests (`dxc.md` §4): every thread runs the
//! same operations in both arms of a branch on a divergence mask (all lanes, every other,
//! every third), records `WaveReadLaneFirst(gi)` and `WaveGetLaneIndex()`, and the host groups
//! threads into waves by that first lane. The reference folds over the lanes of the same group
//! (same wave, same branch), so nothing assumes how threads map to lanes. Results that read a
//! lane the group does not hold (a quad partner, a rotate source, a constant lane) are
//! undefined in the language and only checked when that lane is in the group.
//! Bindings: declaration order in set 0 (`ir::bindings`, for shaders without registers or
//! loose uniforms).

use crate::support::{at_widths, bytes_to_words, spirv_val, test_device, wavec_spirv, words_to_bytes};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;
use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};

fn storage(binding: u32, words: Vec<u32>) -> BufferInit {
    BufferInit { set: 0, binding, kind: BufferKind::Storage, data: words_to_bytes(&words), addresses: Vec::new() }
}

fn run(spirv: &[u32], entry: &str, groups: [u32; 3], buffers: Vec<BufferInit>, lanes: u32) -> Vec<Vec<u32>> {
    run_env(spirv, entry, groups, buffers, lanes, "vulkan1.1")
}

fn run_env(
    spirv: &[u32],
    entry: &str,
    groups: [u32; 3],
    buffers: Vec<BufferInit>,
    lanes: u32,
    env: &str,
) -> Vec<Vec<u32>> {
    spirv_val(spirv, env).unwrap_or_else(|e| panic!("spirv-val --target-env {env}: {e}"));
    let d = Dispatch {
        spirv,
        entry,
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

const ROWS: usize = 16;
const THREADS: usize = 64;

const FAMILIES: &str = r#"
StructuredBuffer<uint> In;
StructuredBuffer<uint> Mask;
RWStructuredBuffer<uint4> Out;

/// Index of the `n`-th set bit of `m` (a loop with an early return).
uint NthSetBit(uint m, uint n)
{
    for (uint i = 0; i < 32; ++i)
    {
        if (((m >> i) & 1u) != 0)
        {
            if (n == 0)
                return i;
            n--;
        }
    }
    return 0;
}

void Record(uint gi)
{
    uint x = In[gi];
    int sx = (int)x - 2;
    float fx = x == 3 ? 0.5 : (float)x;
    uint lane = WaveGetLaneIndex();
    uint o = gi * ROWS;
    Out[o + 0] = uint4(WaveReadLaneFirst(gi), lane, WaveGetLaneCount(), WaveIsFirstLane() ? 1 : 0);
    Out[o + 1] = uint4(WaveActiveAnyTrue(x == 3), WaveActiveAllTrue(x < 3), WaveActiveAllEqual(x), WaveActiveAllEqual(WaveReadLaneFirst(x)));
    Out[o + 2] = uint4(WaveActiveBallot(x == 2).x, WaveActiveCountBits(x == 2), WavePrefixCountBits(x == 2), WaveGetActiveMask());
    Out[o + 3] = uint4(WaveActiveSum(x), WaveActiveProduct(x), WaveActiveMin(x), WaveActiveMax(x));
    Out[o + 4] = uint4(WaveActiveBitAnd(x * 0x11u | 0x100u), WaveActiveBitOr(1u << x), WaveActiveBitXor(x), 0);
    Out[o + 5] = uint4(asuint(WaveActiveSum(sx)), asuint(WaveActiveProduct(sx)), asuint(WaveActiveMin(sx)), asuint(WaveActiveMax(sx)));
    Out[o + 6] = uint4(asuint(WaveActiveSum(fx)), asuint(WaveActiveProduct(fx)), asuint(WaveActiveMin(fx)), asuint(WaveActiveMax(fx)));
    Out[o + 7] = uint4(WavePrefixSum(x), WavePrefixProduct(x), asuint(WavePrefixSum(sx)), asuint(WavePrefixProduct(fx)));
    Out[o + 8] = uint4(WavePrefixMin(x), asuint(WavePrefixMax(sx)), WavePrefixBitOr(1u << x), WavePrefixBitXor(x));
    uint active = WaveActiveBallot(true).x;
    uint target = NthSetBit(active, (WavePrefixCountBits(true) + 1) % WaveActiveCountBits(true));
    Out[o + 9] = uint4(WaveReadLaneFirst(x), WaveReadLaneAt(x, WaveReadLaneFirst(lane)), WaveShuffle(x, target), WaveBroadcastLaneAt(x, 0));
    Out[o + 10] = uint4(QuadReadAcrossX(x), QuadReadAcrossY(x), QuadReadAcrossDiagonal(x), QuadReadLaneAt(x, 1));
    Out[o + 11] = uint4(WaveRotate(x, 1), WaveClusteredRotate(x, 1, 4), QuadAny(x == 3) ? 1 : 0, QuadAll(x != 3) ? 1 : 0);
    uint4 m = WaveMatch(x);
    Out[o + 12] = uint4(m.x, WaveMultiPrefixSum(x, m), WaveMultiPrefixCountBits(x == 2, m), WaveMultiPrefixProduct(x, m));
    Out[o + 13] = uint4(WaveMultiPrefixBitAnd(x * 0x11u | 0x100u, m), WaveMultiPrefixBitOr(1u << x, m), WaveMultiPrefixBitXor(x, m), WaveMatch(fx).x);
    WaveMask mask = WaveGetActiveMask();
    Out[o + 14] = uint4(WaveMaskSum(mask, x), WaveMaskBallot(mask, x == 2), WaveMaskPrefixSum(mask, x), WaveMaskMatch(mask, x));
    Out[o + 15] = uint4(QuadReadLaneAt(x, (lane + 1) & 3u), WaveMaskReadLaneFirst(mask, x), WaveMaskCountBits(mask, x == 2), WaveMaskIsFirstLane(mask) ? 1 : 0);
}

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    if (Mask[gi] != 0)
        Record(gi);
    else
        Record(gi);
}
"#;

struct Lane {
    gi: usize,
    lane: u32,
    x: u32,
}

fn f(x: u32) -> f32 {
    if x == 3 {
        0.5
    } else {
        x as f32
    }
}

/// Checks one thread's rows against the reference over its group `peers` (sorted by lane).
fn check_thread(rows: &[[u32; 4]], me: &Lane, peers: &[Lane], width: u32, what: &str) {
    let xs: Vec<u32> = peers.iter().map(|p| p.x).collect();
    let below: Vec<&Lane> = peers.iter().filter(|p| p.lane < me.lane).collect();
    let at = |lane: u32| peers.iter().find(|p| p.lane == lane).map(|p| p.x);
    let bits = |pred: &dyn Fn(&Lane) -> bool| peers.iter().filter(|p| pred(p)).fold(0u32, |m, p| m | 1 << p.lane);
    let sx = |x: u32| x as i32 - 2;
    let ctx = |row: usize| format!("{what}: thread {} lane {} row {row} {:?}", me.gi, me.lane, rows[row]);
    let b = |v: bool| v as u32;
    assert_eq!(rows[0][1], me.lane, "{}", ctx(0));
    assert_eq!(rows[0][2], width, "{}", ctx(0));
    assert_eq!(rows[0][3], b(me.lane == peers[0].lane), "{}: WaveIsFirstLane", ctx(0));
    let all_eq = xs.iter().all(|&v| v == xs[0]);
    assert_eq!(rows[1], [b(xs.contains(&3)), b(xs.iter().all(|&v| v < 3)), b(all_eq), 1], "{}: votes", ctx(1));
    let two = |p: &Lane| p.x == 2;
    let active = bits(&|_| true);
    assert_eq!(
        rows[2],
        [
            bits(&two),
            xs.iter().filter(|&&v| v == 2).count() as u32,
            below.iter().filter(|p| p.x == 2).count() as u32,
            active
        ],
        "{}: ballots",
        ctx(2)
    );
    let sum = xs.iter().fold(0u32, |a, &v| a.wrapping_add(v));
    let prod = xs.iter().fold(1u32, |a, &v| a.wrapping_mul(v));
    assert_eq!(
        rows[3],
        [sum, prod, *xs.iter().min().unwrap(), *xs.iter().max().unwrap()],
        "{}: uint reductions",
        ctx(3)
    );
    let and = xs.iter().fold(!0u32, |a, &v| a & ((v * 0x11) | 0x100));
    let or = xs.iter().fold(0u32, |a, &v| a | 1 << v);
    let xor = xs.iter().fold(0u32, |a, &v| a ^ v);
    assert_eq!(rows[4][..3], [and, or, xor], "{}: bitwise reductions", ctx(4));
    let ss: Vec<i32> = xs.iter().map(|&v| sx(v)).collect();
    let isum = ss.iter().fold(0i32, |a, &v| a.wrapping_add(v));
    let iprod = ss.iter().fold(1i32, |a, &v| a.wrapping_mul(v));
    assert_eq!(
        rows[5],
        [isum as u32, iprod as u32, *ss.iter().min().unwrap() as u32, *ss.iter().max().unwrap() as u32],
        "{}: int reductions",
        ctx(5)
    );
    let fs: Vec<f32> = xs.iter().map(|&v| f(v)).collect();
    let fsum: f32 = fs.iter().sum();
    let fprod: f32 = fs.iter().product();
    let fmin = fs.iter().cloned().fold(f32::INFINITY, f32::min);
    let fmax = fs.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(
        rows[6],
        [fsum.to_bits(), fprod.to_bits(), fmin.to_bits(), fmax.to_bits()],
        "{}: float reductions",
        ctx(6)
    );
    let bx: Vec<u32> = below.iter().map(|p| p.x).collect();
    let psum = bx.iter().fold(0u32, |a, &v| a.wrapping_add(v));
    let pprod = bx.iter().fold(1u32, |a, &v| a.wrapping_mul(v));
    let pisum = bx.iter().fold(0i32, |a, &v| a.wrapping_add(sx(v)));
    let pfprod: f32 = bx.iter().map(|&v| f(v)).product();
    assert_eq!(rows[7], [psum, pprod, pisum as u32, pfprod.to_bits()], "{}: prefixes", ctx(7));
    let pmin = bx.iter().copied().min().unwrap_or(u32::MAX);
    let pmax = bx.iter().map(|&v| sx(v)).max().unwrap_or(i32::MIN);
    let por = bx.iter().fold(0u32, |a, &v| a | 1 << v);
    let pxor = bx.iter().fold(0u32, |a, &v| a ^ v);
    assert_eq!(rows[8], [pmin, pmax as u32, por, pxor], "{}: Slang prefixes", ctx(8));
    let rank = below.len();
    let target = &peers[(rank + 1) % peers.len()];
    assert_eq!(rows[9][..3], [xs[0], xs[0], target.x], "{}: lane reads", ctx(9));
    if let Some(v) = at(0) {
        assert_eq!(rows[9][3], v, "{}: WaveBroadcastLaneAt(x, 0)", ctx(9));
    }
    let quad = me.lane & !3;
    for (i, partner) in [me.lane ^ 1, me.lane ^ 2, me.lane ^ 3, quad | 1].into_iter().enumerate() {
        if let Some(v) = at(partner) {
            assert_eq!(rows[10][i], v, "{}: quad read {i} from lane {partner}", ctx(10));
        }
    }
    if let Some(v) = at((me.lane + 1) % width) {
        assert_eq!(rows[11][0], v, "{}: WaveRotate", ctx(11));
    }
    if let Some(v) = at(quad | ((me.lane + 1) & 3)) {
        assert_eq!(rows[11][1], v, "{}: WaveClusteredRotate", ctx(11));
        assert_eq!(rows[15][0], v, "{}: QuadReadLaneAt (dynamic)", ctx(15));
    }
    let qv: Vec<u32> = (0..4).filter_map(|k| at(quad | k)).collect();
    if qv.len() == 4 {
        assert_eq!(rows[11][2], b(qv.contains(&3)), "{}: QuadAny", ctx(11));
        assert_eq!(rows[11][3], b(!qv.contains(&3)), "{}: QuadAll", ctx(11));
    }
    let same: Vec<&Lane> = below.iter().copied().filter(|p| p.x == me.x).collect();
    let msum = same.iter().fold(0u32, |a, p| a.wrapping_add(p.x));
    let mprod = same.iter().fold(1u32, |a, p| a.wrapping_mul(p.x));
    let mcount = same.iter().filter(|p| p.x == 2).count() as u32;
    let matched = bits(&|p| p.x == me.x);
    assert_eq!(rows[12], [matched, msum, mcount, mprod], "{}: WaveMatch / WaveMultiPrefix", ctx(12));
    let mand = same.iter().fold(!0u32, |a, p| a & ((p.x * 0x11) | 0x100));
    let mor = same.iter().fold(0u32, |a, p| a | 1 << p.x);
    let mxor = same.iter().fold(0u32, |a, p| a ^ p.x);
    assert_eq!(rows[13], [mand, mor, mxor, matched], "{}: WaveMultiPrefixBit*", ctx(13));
    assert_eq!(rows[14], [sum, bits(&two), psum, matched], "{}: WaveMask*", ctx(14));
    assert_eq!(
        rows[15][1..],
        [xs[0], xs.iter().filter(|&&v| v == 2).count() as u32, b(me.lane == peers[0].lane)],
        "{}: WaveMask reads",
        ctx(15)
    );
}

fn run_families(lanes: u32, options: &wavec::Options) {
    let mut options = options.clone();
    options.defines.push(("ROWS".into(), Some(ROWS.to_string())));
    let spirv = wavec_spirv(FAMILIES, &options);
    type MaskFn = fn(usize) -> bool;
    let masks: [(&str, MaskFn); 3] =
        [("all", |_| true), ("every other", |i| i % 2 == 0), ("every third", |i| i % 3 == 0)];
    for (name, mask) in masks {
        let mut seed = 0x9e37_79b9 ^ lanes;
        let input: Vec<u32> = (0..THREADS).map(|_| xorshift(&mut seed) % 3 + 1).collect();
        let mask_words: Vec<u32> = (0..THREADS).map(|i| mask(i) as u32).collect();
        let out = run_env(
            &spirv,
            "main",
            [1, 1, 1],
            vec![storage(0, input.clone()), storage(1, mask_words), storage(2, vec![0; THREADS * ROWS * 4])],
            lanes,
            options.spirv_profile.target_env,
        );
        let rows: Vec<Vec<[u32; 4]>> = (0..THREADS)
            .map(|t| {
                (0..ROWS).map(|r| out[2][(t * ROWS + r) * 4..(t * ROWS + r) * 4 + 4].try_into().unwrap()).collect()
            })
            .collect();
        let mut groups: BTreeMap<u32, Vec<Lane>> = BTreeMap::new();
        for (t, r) in rows.iter().enumerate() {
            groups.entry(r[0][0]).or_default().push(Lane { gi: t, lane: r[0][1], x: input[t] });
        }
        for peers in groups.values_mut() {
            peers.sort_by_key(|p| p.lane);
            let mut seen: Vec<u32> = peers.iter().map(|p| p.lane).collect();
            seen.dedup();
            assert_eq!(seen.len(), peers.len(), "{name}: two threads of one group share a lane");
            assert!(peers.iter().all(|p| p.lane < lanes), "{name}: lane index out of range");
            let m = mask(peers[0].gi);
            assert!(peers.iter().all(|p| mask(p.gi) == m), "{name}: a group spans both branches");
        }
        for peers in groups.values() {
            for me in peers {
                check_thread(&rows[me.gi], me, peers, lanes, &format!("{name} at {lanes} lanes"));
            }
        }
    }
}

/// Every wave family through the portable lowerings (rotate by shuffle, WaveMatch and
/// WaveMultiPrefix* from ballots), under three divergence masks.
#[test]
fn wave_families_under_divergence_on_lavapipe() {
    at_widths(concat!(module_path!(), "::wave_families_under_divergence_on_lavapipe"), &[4, 8, 16], |lanes| {
        run_families(lanes, &wavec::Options::default());
    });
}

/// The same at SPIR-V 1.5 (Vulkan 1.2), where `QuadReadLaneAt` with a dynamic lane becomes
/// `OpGroupNonUniformQuadBroadcast`; still no NV extension.
#[test]
fn wave_families_at_vulkan_1_2_on_lavapipe() {
    at_widths(concat!(module_path!(), "::wave_families_at_vulkan_1_2_on_lavapipe"), &[4, 8, 16], |lanes| {
        let options = wavec::Options {
            spirv_profile: wavec::back::spv::Profile::from_name("vulkan1.2").unwrap(),
            ..Default::default()
        };
        let mut o = options.clone();
        o.defines.push(("ROWS".into(), Some(ROWS.to_string())));
        let text = wavec::back::spv::disassemble(&wavec_spirv(FAMILIES, &o));
        assert!(
            !text.contains("SPV_NV_shader_subgroup_partitioned"),
            "the portable path must not use the NV extension"
        );
        run_families(lanes, &options);
    });
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples").join(name)).unwrap()
}

#[test]
fn stream_compaction_sample_as_spirv_on_lavapipe() {
    at_widths(concat!(module_path!(), "::stream_compaction_sample_as_spirv_on_lavapipe"), &[4, 8, 16], |lanes| {
        let spirv = wavec_spirv(&sample("stream_compaction.slang"), &wavec::Options::default());
        let n = 1024usize;
        let mut seed = 0x1234_5678 ^ lanes;
        let input: Vec<u32> = (0..n).map(|_| xorshift(&mut seed) % 1000).collect();
        let out = run(
            &spirv,
            "main",
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
    });
}

#[test]
fn histogram_sample_both_entry_points_as_spirv_on_lavapipe() {
    at_widths(
        concat!(module_path!(), "::histogram_sample_both_entry_points_as_spirv_on_lavapipe"),
        &[4, 8, 16],
        |lanes| {
            for entry in ["main", "matched"] {
                let options = wavec::Options { entry: Some(entry.into()), ..Default::default() };
                let spirv = wavec_spirv(&sample("histogram.slang"), &options);
                let text = wavec::back::spv::disassemble(&spirv);
                assert!(!text.contains("Partition"), "portable path expected:\n{text}");
                let n = 2048usize;
                let mut seed = 0xdead_beef ^ lanes;
                // Few distinct buckets, so lanes share them.
                let input: Vec<u32> =
                    (0..n).map(|_| (xorshift(&mut seed) % 7) * 37 + 256 * (xorshift(&mut seed) % 3)).collect();
                let out = run(
                    &spirv,
                    entry,
                    [(n / 64) as u32, 1, 1],
                    vec![storage(0, input.clone()), storage(1, vec![0; 256])],
                    lanes,
                );
                let mut expected = vec![0u32; 256];
                for v in &input {
                    expected[(v & 255) as usize] += 1;
                }
                assert_eq!(out[1], expected, "histogram of `{entry}`");
            }
        },
    );
}

fn group_wave_run(shape: (u32, u32, u32), emulate: wavec::Emulate, lanes: u32) -> Result<(), String> {
    let (x, y, z) = shape;
    let options = wavec::Options {
        emulate,
        defines: vec![
            ("X".into(), Some(x.to_string())),
            ("Y".into(), Some(y.to_string())),
            ("Z".into(), Some(z.to_string())),
        ],
        ..Default::default()
    };
    let spirv = wavec_spirv(crate::support::GROUP_WAVE_SHADER, &options);
    let text = wavec::back::spv::disassemble(&spirv);
    let native = text.contains("BuiltIn SubgroupId");
    assert_eq!(native, emulate != wavec::Emulate::Always, "native built-in vs fallback:\n{text}");
    let threads = (x * y * z) as usize;
    let groups = 3usize;
    let out = run(&spirv, "main", [groups as u32, 1, 1], vec![storage(0, vec![0; threads * groups * 8])], lanes);
    let what = format!("shape ({x},{y},{z}) at {lanes} lanes, {emulate:?}");
    std::panic::catch_unwind(|| {
        crate::support::check_group_wave_invariants(&out[0], threads, groups, lanes, &what, false)
    })
    .map_err(|e| e.downcast_ref::<String>().cloned().unwrap_or_else(|| what.clone()))
}

const SHAPES: [(u32, u32, u32); 6] = [(8, 1, 1), (8, 8, 1), (16, 16, 1), (32, 32, 1), (4, 4, 4), (10, 1, 1)];

/// `--emulate always`: the groupshared fallback is right on every shape.
#[test]
fn group_wave_index_fallback_as_spirv_on_every_shape() {
    at_widths(concat!(module_path!(), "::group_wave_index_fallback_as_spirv_on_every_shape"), &[4, 8, 16], |lanes| {
        for shape in SHAPES {
            group_wave_run(shape, wavec::Emulate::Always, lanes).unwrap_or_else(|e| panic!("{e}"));
        }
    });
}

/// Native `SubgroupId`/`NumSubgroups` on the shapes where lavapipe gets them right: shapes
/// whose thread count is a multiple of the wave width and whose rows (`x`) are at least one
/// wave wide. lavapipe numbers subgroups per row of `x` threads (a row narrower than the wave,
/// or a partial last wave, gives wrong ids); `native_group_wave_index_lavapipe_findings` below
/// records which shapes fail.
#[test]
fn group_wave_index_native_as_spirv_where_lavapipe_is_right() {
    at_widths(
        concat!(module_path!(), "::group_wave_index_native_as_spirv_where_lavapipe_is_right"),
        &[4, 8, 16],
        |lanes| {
            let mut checked = 0;
            for shape in SHAPES {
                if lavapipe_native_ok(shape, lanes) {
                    group_wave_run(shape, wavec::Emulate::Auto, lanes).unwrap_or_else(|e| panic!("{e}"));
                    checked += 1;
                }
            }
            assert!(checked > 0, "no shape checked at {lanes} lanes");
        },
    );
}

fn lavapipe_native_ok(shape: (u32, u32, u32), lanes: u32) -> bool {
    let (x, y, z) = shape;
    (x * y * z) % lanes == 0 && x >= lanes
}

/// Documents the excluded shapes: prints which of them lavapipe actually gets wrong.
#[test]
fn native_group_wave_index_lavapipe_findings() {
    at_widths(concat!(module_path!(), "::native_group_wave_index_lavapipe_findings"), &[4, 8, 16], |lanes| {
        for shape in SHAPES {
            if !lavapipe_native_ok(shape, lanes) {
                let r = group_wave_run(shape, wavec::Emulate::Auto, lanes);
                println!(
                    "excluded shape {shape:?} at {lanes} lanes: {}",
                    if r.is_ok() { "passes anyway" } else { "wrong" }
                );
            }
        }
    });
}

/// Structured-buffer counters: `IncrementCounter`, `DecrementCounter`, `Append` and `Consume`
/// from every thread, plus a wave-compacting `Append` from a subset of lanes. Each counter is
/// a `counter.var.<name>` storage buffer holding one int, bound right after its buffer (the
/// backend's documented rule), so the declaration order below gives
/// Slots 0, its counter 1, Down 2, counter 3, Consumed 4, counter 5, Produced 6, counter 7,
/// Out 8.
const COUNTERS: &str = r#"
RWStructuredBuffer<uint> Slots;
RWStructuredBuffer<uint> Down;
ConsumeStructuredBuffer<uint> Consumed;
AppendStructuredBuffer<uint2> Produced;
RWStructuredBuffer<uint4> Out;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint slot = Slots.IncrementCounter();
    Slots[slot] = id.x;
    uint down = Down.DecrementCounter();
    Down[down] = id.x + 1000;
    uint taken = 0xffffffff;
    uint lanes = 0;
    uint first = 0xffffffff;
    if (id.x % 3 != 0)
    {
        taken = Consumed.Consume();
        lanes = WaveActiveCountBits(true);
        first = WaveReadLaneFirst(id.x);
        Produced.Append(uint2(id.x, taken + lanes));
    }
    Out[id.x * 2] = uint4(slot, down, taken, lanes);
    Out[id.x * 2 + 1] = uint4(first, 0, 0, 0);
}
"#;

#[test]
fn structured_buffer_counters_as_spirv() {
    at_widths(concat!(module_path!(), "::structured_buffer_counters_as_spirv"), &[4, 8, 16], |lanes| {
        const GROUPS: usize = 4;
        const N: usize = 64 * GROUPS;
        let spirv = wavec_spirv(COUNTERS, &wavec::Options::default());
        let text = wavec::back::spv::disassemble(&spirv);
        for (name, binding) in [("Slots", 1), ("Down", 3), ("Consumed", 5), ("Produced", 7)] {
            let var = text
                .lines()
                .find_map(|l| {
                    l.strip_prefix("OpName %")
                        .and_then(|r| r.strip_suffix(&format!(" \"counter.var.{name}\"")))
                        .map(str::to_string)
                })
                .unwrap_or_else(|| panic!("no counter.var.{name}:\n{text}"));
            assert!(text.contains(&format!("OpDecorate %{var} Binding {binding}\n")), "counter of {name}:\n{text}");
        }
        let appends = (0..N).filter(|i| i % 3 != 0).count();
        let consumed: Vec<u32> = (0..appends as u32).map(|k| k * 7 + 3).collect();
        let out = run(
            &spirv,
            "main",
            [GROUPS as u32, 1, 1],
            vec![
                storage(0, vec![u32::MAX; N]),
                storage(1, vec![0]),
                storage(2, vec![u32::MAX; N]),
                storage(3, vec![N as u32]),
                storage(4, consumed.clone()),
                storage(5, vec![appends as u32]),
                storage(6, vec![u32::MAX; 2 * appends]),
                storage(7, vec![0]),
                storage(8, vec![0; 8 * N]),
            ],
            lanes,
        );
        let (slots, slot_count, down, down_count) = (&out[0], out[1][0], &out[2], out[3][0]);
        let (consume_count, produced, produce_count, rows) = (out[5][0], &out[6], out[7][0], &out[8]);
        // Increment returns the value before, Decrement the value after.
        assert_eq!(slot_count, N as u32, "Slots counter at {lanes} lanes");
        assert_eq!(down_count, 0, "Down counter at {lanes} lanes");
        assert_eq!(consume_count, 0, "Consumed counter at {lanes} lanes");
        assert_eq!(produce_count, appends as u32, "Produced counter at {lanes} lanes");
        let mut taken_seen = vec![false; appends];
        let mut produced_seen = vec![false; N];
        for t in 0..N {
            let row = &rows[8 * t..8 * t + 4];
            let (slot, d, taken) = (row[0] as usize, row[1] as usize, row[2]);
            assert!(slot < N && slots[slot] == t as u32, "thread {t}: IncrementCounter gave {slot}");
            assert!(d < N && down[d] == t as u32 + 1000, "thread {t}: DecrementCounter gave {d}");
            if t % 3 == 0 {
                assert_eq!(taken, u32::MAX, "thread {t} consumed");
                continue;
            }
            // Consume returns the element at the decremented counter: a distinct one each.
            let k = consumed.iter().position(|&c| c == taken).unwrap_or_else(|| panic!("thread {t} took {taken}"));
            assert!(!std::mem::replace(&mut taken_seen[k], true), "element {k} consumed twice");
            // The lanes in the branch with this thread: those with the same first lane.
            let first = rows[8 * t + 4];
            let active = (0..N).filter(|&o| o % 3 != 0 && rows[8 * o + 4] == first).count();
            assert_eq!(row[3] as usize, active, "thread {t}: WaveActiveCountBits at {lanes} lanes");
            assert!(active as u32 <= lanes);
            let rec = (0..appends)
                .find(|&a| produced[2 * a] == t as u32)
                .unwrap_or_else(|| panic!("thread {t} appended nothing at {lanes} lanes"));
            assert_eq!(produced[2 * rec + 1], taken + active as u32, "thread {t}'s record");
            assert!(!std::mem::replace(&mut produced_seen[t], true));
        }
        assert!(taken_seen.iter().all(|&s| s), "every element consumed once");
    });
}
