use crate::testing::spec::{parse_spec, BufferId};
use crate::testing::{execute, Engine, Job, Via};
use std::path::Path;
use std::time::Duration;

fn wgsl(src: &str) -> Result<String, String> {
    let options = crate::Options { targets: vec![crate::Target::Wgsl], ..Default::default() };
    match crate::compile(src, &options) {
        Ok(out) => Ok(out.text(crate::Target::Wgsl).expect("WGSL text").to_string()),
        Err(d) => Err(d.render_plain()),
    }
}

/// HLSL's side effects inside expressions, in the order HLSL evaluates them: post-increments,
/// `inout` arguments, comma expressions, assignments as values, `&&` and `?:` whose other
/// operand has effects, swizzle stores, `out` parameters, `do`/`while` with `continue`, a loop
/// condition that calls a function, an atomic buffer read plainly.
const SIDE_EFFECTS: &str = r#"
RWStructuredBuffer<uint> Out;
RWStructuredBuffer<uint> Count;
uint Bump(inout uint x) { x += 3; return x * 2; }
bool Check(uint v, inout uint hits) { hits++; return v > 2; }
void Split(float v, out int whole, out float rest) { whole = int(v); rest = v - whole; }
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    uint hits = 0;
    uint k = 0;
    uint a = i++ + Bump(k);
    uint b = (k += 2, k * 3);
    if (i > 4 && Check(i, hits)) b += 100;
    if (i > 6 || Check(i + 1, hits)) b += 1000;
    uint c = i < 3 ? Bump(k) : 7;
    uint arr[4] = { 1, 2, 3, 4 };
    arr[k & 3]++;
    uint3 v = uint3(1, 2, 3);
    v.zx = v.xy;
    int w;
    float r;
    Split(float(i) * 1.25, w, r);
    uint d = 0;
    do { d += 2; if (d == 4) continue; d += 1; } while (d < 9);
    for (uint j = 0; j < Bump(k) % 5; j++) d++;
    uint e = 0;
    e += (k = k + 1);
    InterlockedAdd(Count[0], 1u);
    uint base = id.x * 12;
    Out[base + 0] = a;
    Out[base + 1] = b;
    Out[base + 2] = c;
    Out[base + 3] = hits;
    Out[base + 4] = arr[0] + arr[1] * 10 + arr[2] * 100 + arr[3] * 1000;
    Out[base + 5] = v.x + v.y * 10 + v.z * 100;
    Out[base + 6] = uint(w);
    Out[base + 7] = asuint(r);
    Out[base + 8] = d;
    Out[base + 9] = k;
    Out[base + 10] = e;
    Out[base + 11] = Count[0] > 0 ? 1 : 0;
}
"#;

#[test]
fn side_effects_in_expressions_become_statements_that_naga_accepts() {
    let out = wgsl(SIDE_EFFECTS).unwrap();
    super::naga_spv::validate(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert!(out.contains("enable subgroups;") || !out.contains("subgroup"), "{out}");
    assert!(out.contains("fn Bump(x: ptr<function, u32>) -> u32"), "inout parameters are pointers:\n{out}");
    assert!(out.contains("var<storage, read_write> Count: array<atomic<u32>>;"), "atomic buffer:\n{out}");
    assert!(out.contains("atomicAdd(&Count[0i], 1u)"), "{out}");
    assert!(out.contains("atomicLoad(&Count[0i])"), "a plain read of an atomic element:\n{out}");
    // `i > 4 && Check(…)`: the call runs only when the left side holds.
    assert!(out.contains("if wavec_t"), "short-circuit through an `if`:\n{out}");
}

/// Runs `src` through WGSL (naga's SPIR-V) and through wavec's SPIR-V on lavapipe with buffers of
/// these specs (`wavec run --buffer`'s, binding order): every byte of every buffer must be the same.
fn same_as_spirv(src: &str, specs: &[&str]) {
    let base = Path::new(".");
    let buffers: Vec<(BufferId, crate::testing::spec::BufferSpec)> = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| (BufferId { set: 0, binding: i as u32, element: 0 }, parse_spec(spec, base).unwrap()))
        .collect();
    let job = Job {
        source: src,
        options: crate::Options::default(),
        groups: [1, 1, 1],
        buffers: buffers.clone(),
        timeout: Duration::from_secs(60),
        robust_buffer_access: false,
    };
    let run = |via: Via| {
        let ran = execute(&job, &Engine::Vulkan { width: None, device: None, via }).unwrap_or_else(|e| panic!("{e}"));
        buffers.iter().map(|(b, _)| ran.buffer(*b).unwrap().to_vec()).collect::<Vec<_>>()
    };
    let (wgsl, spirv) = (run(Via::Wgsl), run(Via::Spirv));
    assert!(spirv.iter().flatten().any(|b| *b != 0));
    assert_eq!(wgsl, spirv);
}

/// The same program through WGSL and through wavec's SPIR-V: the hoisting keeps HLSL's order
/// and meaning.
#[test]
fn side_effects_run_as_through_spirv() {
    same_as_spirv(SIDE_EFFECTS, &["384", "4"]);
}

/// Byte-address loads, stores, bit casts, atomics and sizes; structured-buffer counters,
/// `Append` and `Consume`.
#[test]
fn byte_address_buffers_and_counters_run_as_through_spirv() {
    let src = r#"
        RWByteAddressBuffer Bytes;
        RWStructuredBuffer<uint> Items;
        AppendStructuredBuffer<uint> Kept;
        ConsumeStructuredBuffer<uint> Taken;
        [numthreads(8, 1, 1)]
        void main(uint3 id : SV_DispatchThreadID)
        {
            Bytes.Store2(8 + id.x * 8, uint2(id.x, id.x * 3));
            float f = asfloat(Bytes.Load(4));
            uint old;
            Bytes.InterlockedAdd(0, id.x + 1, old);
            Bytes.InterlockedMax(4, id.x);
            uint size;
            Bytes.GetDimensions(size);
            uint slot = Items.IncrementCounter();
            Items[id.x] = slot < 8 ? size : 0;
            if (id.x % 2 == 0) Kept.Append(id.x * 10 + uint(f));
            if (id.x < 3) Items[8 + id.x] = Taken.Consume();
        }
    "#;
    // `Taken` holds 5, 6, 7 and its counter 3.
    same_as_spirv(src, &["96", "64", "4", "32", "4", "u32:5,6,7,0,0,0,0,0", "u32:3"]);
}

#[test]
fn column_major_matrices_in_buffers_are_stored_transposed() {
    let out = wgsl(
        "cbuffer C { float3x2 m; row_major float2x3 r; }; RWStructuredBuffer<float2> O; [numthreads(1,1,1)] void main() { O[0] = mul(float3(1, 2, 3), m) + mul(r, float3(1, 0, 0)); }",
    )
    .unwrap();
    super::naga_spv::validate(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert!(out.contains("m: mat2x3<f32>,"), "column-major float3x2 is two columns of three:\n{out}");
    assert!(out.contains("r: mat2x3<f32>,"), "row-major float2x3 is two rows of three:\n{out}");
    assert!(out.contains("transpose(C.m)"), "{out}");
}

#[test]
fn a_layout_gap_becomes_size_padding() {
    // packoffset(c1) puts `b` at byte 16, past WGSL's 4: `a` gets @size(16).
    let out = wgsl(
        "cbuffer C { float a : packoffset(c0); float b : packoffset(c1); }; RWStructuredBuffer<float> O; [numthreads(1,1,1)] void main() { O[0] = a + b; }",
    )
    .unwrap();
    super::naga_spv::validate(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert!(out.contains("@size(16) a: f32,"), "{out}");
}

#[test]
fn a_constant_shift_amount_is_taken_modulo_32() {
    // HLSL masks the amount; WGSL rejects a constant amount of 32 or more.
    let out =
        wgsl("RWStructuredBuffer<uint> O; [numthreads(1,1,1)] void main() { O[1] = O[0] << 33; O[2] = O[0] >> -1; }")
            .unwrap();
    super::naga_spv::validate(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert!(out.contains("<< 1u") && out.contains(">> 31u"), "{out}");
}

#[test]
fn an_operand_is_read_before_a_later_call_changes_it() {
    let src = r#"
        RWStructuredBuffer<uint> Out;
        static uint g = 1;
        uint Bump() { g += 10; return g; }
        [numthreads(1, 1, 1)]
        void main() { uint a = g + Bump(); uint b = Bump() + g; Out[0] = a; Out[1] = b; Out[2] = max(g, Bump()); }
    "#;
    same_as_spirv(src, &["12"]);
}
