//! The binding rule (`ir::bindings`): explicit places, registers (with DXC's shifts), the loose
//! uniforms first, then declaration order, counters after their buffers; every declared resource
//! takes one, used or not. The SPIR-V output and the CPU engine follow the same table, and a
//! buffer bound there is read by both.

use crate::support::{bytes_to_words, test_device, words_to_bytes};
use wavec::ir::bindings::{bindings, Slot};

const SOURCE: &str = r#"
struct Extra { uint v; };
StructuredBuffer<uint> Unused;
float Scale;
RWStructuredBuffer<uint> Output;
[[vk::binding(0, 0)]] StructuredBuffer<uint> Input;
cbuffer Params : register(b5) { uint Offset; }
AppendStructuredBuffer<uint> Log;
ConstantBuffer<Extra> Again : register(b1, space2);
uint Bias;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Output[id.x] = Input[id.x] * uint(Scale) + Offset + Bias;
}
"#;

fn table(source: &str, options: &wavec::Options) -> Vec<(String, u32, u32)> {
    let (checked, _) = wavec::check(source, options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    bindings(&checked.module, checked.entry).into_iter().map(|b| (b.name, b.set, b.binding)).collect()
}

#[test]
fn the_rule_places_explicit_register_loose_then_declared_resources() {
    let got = table(SOURCE, &wavec::Options::default());
    let want: Vec<(String, u32, u32)> = [
        // `Input` holds binding 0 and `Params` register b5: the rest fill around them, the loose
        // uniforms (`Scale`, `Bias`) first.
        ("$Globals", 0, 1),
        ("Unused", 0, 2),
        ("Output", 0, 3),
        ("Input", 0, 0),
        ("Params", 0, 5),
        ("Log", 0, 4),
        ("counter.var.Log", 0, 6),
        ("Again", 2, 1),
    ]
    .iter()
    .map(|(n, s, b)| (n.to_string(), *s, *b))
    .collect();
    assert_eq!(got, want);
    // DXC's -fvk-b-shift 10 0 moves b registers of space 0 (not space 2's).
    let shifted = wavec::Options {
        register_shifts: vec![wavec::ir::RegisterShift { class: 'b', shift: 10, space: Some(0) }],
        ..Default::default()
    };
    let got = table(SOURCE, &shifted);
    assert!(got.contains(&("Params".to_string(), 0, 15)) && got.contains(&("Again".to_string(), 2, 1)), "{got:?}");
}

#[test]
fn spirv_and_the_cpu_engine_bind_as_the_table_says() {
    let src = SOURCE.replace("AppendStructuredBuffer<uint> Log;\n", "");
    let (checked, _) = wavec::check(&src, &wavec::Options::default()).unwrap();
    let table = bindings(&checked.module, checked.entry);
    let asm = wavec::compile(&src, &wavec::Options { targets: vec![wavec::Target::SpirvAsm], ..Default::default() })
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let asm = asm.text(wavec::Target::SpirvAsm).unwrap().to_string();
    // Every used resource is decorated with its table entry; the unused one is not declared.
    for name in ["Output", "Input", "Params"] {
        let b = table.iter().find(|b| b.name == name).unwrap();
        let id = asm
            .lines()
            .find_map(|l| l.strip_prefix("OpName ").and_then(|r| r.strip_suffix(&format!(" \"{name}\""))))
            .unwrap_or_else(|| panic!("no OpName for {name}:\n{asm}"))
            .to_string();
        assert!(asm.contains(&format!("OpDecorate {id} Binding {}\n", b.binding)), "{name} at {}:\n{asm}", b.binding);
        assert!(asm.contains(&format!("OpDecorate {id} DescriptorSet {}\n", b.set)), "{name}:\n{asm}");
    }
    assert!(!asm.contains("\"Unused\""));
    assert!(table.iter().any(|b| b.slot == Slot::LooseUniforms && b.binding == 1));

    // The same buffers, bound by number, give the same answer on lavapipe and the CPU engine
    // (`$Globals` packs `Scale` and `Bias` into its first 8 bytes);
    // the CPU engine asks for no buffer the entry point does not touch (`Unused`, `Again`).
    let globals: Vec<u8> = [2.0f32.to_bits(), 7, 0, 0].iter().flat_map(|w| w.to_le_bytes()).collect();
    let params = words_to_bytes(&[100, 0, 0, 0]);
    let input = words_to_bytes(&[1, 2, 3, 4]);
    let mut cpu = vec![
        wavec::exec::CpuBuffer { set: 0, binding: 1, data: globals.clone(), view: None },
        wavec::exec::CpuBuffer { set: 0, binding: 3, data: vec![0; 16], view: None },
        wavec::exec::CpuBuffer { set: 0, binding: 0, data: input.clone(), view: None },
        wavec::exec::CpuBuffer { set: 0, binding: 5, data: params.clone(), view: None },
    ];
    let options = wavec::exec::CpuOptions { width: 4, ..Default::default() };
    wavec::exec::run_checked(&checked, [1, 1, 1], &mut cpu, &options).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(bytes_to_words(&cpu[1].data), vec![109, 111, 113, 115]);

    let spirv =
        wavec::compile(&src, &wavec::Options { targets: vec![wavec::Target::Spirv], ..Default::default() }).unwrap();
    let words = bytes_to_words(spirv.binary(wavec::Target::Spirv).unwrap());
    use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};
    let buffer =
        |binding, kind, data: &[u8]| BufferInit { set: 0, binding, kind, data: data.to_vec(), addresses: Vec::new() };
    let d = Dispatch {
        spirv: &words,
        entry: "main",
        groups: [1, 1, 1],
        buffers: vec![
            buffer(1, BufferKind::Uniform, &globals),
            buffer(3, BufferKind::Storage, &[0; 16]),
            buffer(0, BufferKind::Storage, &input),
            buffer(5, BufferKind::Uniform, &params),
        ],
        subgroup_size: None,
        timeout: std::time::Duration::from_secs(20),
        device: Some(test_device()),
        scalar_block_layout: false,
        push_constants: None,
        push_addresses: Vec::new(),
        timed_runs: 0,
        specialization: Vec::new(),
        robust_buffer_access: false,
    };
    let out = run_compute(&d).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bytes_to_words(&out.buffers[1]), vec![109, 111, 113, 115]);
}
