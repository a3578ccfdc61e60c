//! A generated compute shader of any size, in the subset every compiler we compare with accepts
//! (slangc, glslang's HLSL front end, wavec): plain HLSL with shader model 6.0 wave intrinsics.
//! Each function is about 20 lines; `main` calls every one, so nothing is dead code.

use std::fmt::Write as _;

/// A shader of roughly `lines` lines.
pub fn shader(lines: usize) -> String {
    let functions = (lines / 21).max(1);
    let mut s = String::new();
    s.push_str("RWStructuredBuffer<uint> Data;\nRWStructuredBuffer<float4> Colors;\n\n");
    for i in 0..functions {
        let _ = write!(
            s,
            "\
uint Step{i}(uint x, float4 c, inout float4 acc)
{{
    uint lane = WaveGetLaneIndex();
    uint sum = WaveActiveSum(x + {i}u);
    uint prefix = WavePrefixSum(x ^ {k}u);
    if ((x & 1u) == 0u)
    {{
        acc += c * (float)(prefix % 7u) + float4(0.5, 0.25, 0.125, 1.0);
    }}
    else
    {{
        acc -= WaveReadLaneFirst(c) * 0.5;
    }}
    for (uint j = 0; j < 4u; ++j)
    {{
        sum += (x >> j) & 3u;
    }}
    uint4 ballot = WaveActiveBallot(sum > {i}u);
    return sum + prefix + countbits(ballot.x) + lane * {m}u + WaveActiveMax(x);
}}

",
            k = i * 7 + 3,
            m = i % 13 + 1
        );
    }
    s.push_str("[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n");
    s.push_str("    uint x = Data[id.x];\n    float4 acc = Colors[id.x];\n");
    for i in 0..functions {
        let _ = writeln!(s, "    x = Step{i}(x, acc, acc);");
    }
    s.push_str("    Data[id.x] = x;\n    Colors[id.x] = acc;\n}\n");
    s
}
