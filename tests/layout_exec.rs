//! Buffer layouts, executed: a struct with every shape (scalars, vectors, `bool`s, matrices
//! of both majornesses, arrays of vectors and matrices, nested structs) is written by a kernel,
//! read back through a storage buffer and through a uniform buffer, under every `--layout` and
//! `--matrix-layout`. lavapipe and the CPU engine must produce the same bytes, and every
//! component must sit at the offset `wavec::layout` gives (the rules its unit tests check
//! against DXC's).

use crate::support::{at_widths, bytes_to_words, spirv_val_with, test_device};
use std::time::Duration;
use wavec::exec::{self, CpuBuffer, CpuOptions};
use wavec::ir::{Majorness, Scalar, Type};
use wavec::layout::{LayoutMode, Rule};
use wavec::run::{run_compute, BufferInit, BufferKind, Dispatch};

const ELEMENTS: usize = 4;

/// The fields of `Big`: (declaration prefix, type, name).
const FIELDS: &[(&str, &str, &str)] = &[
    ("", "float", "f"),
    ("", "float2", "f2"),
    ("", "float3", "f3"),
    ("", "float", "g"),
    ("", "float4", "f4"),
    ("", "int", "i"),
    ("", "uint3", "u3"),
    ("", "bool", "b"),
    ("", "bool2", "b2"),
    ("", "float2x2", "m22"),
    ("", "float3x4", "m34"),
    ("row_major ", "float4x3", "m43"),
    ("row_major ", "float2x3", "m23"),
    ("column_major ", "float3x2", "m32"),
    ("", "float3", "f3s[3]"),
    ("", "float2x2", "ms[2]"),
    ("", "Inner", "inner"),
    ("", "Inner", "inners[2]"),
    ("", "float", "tail"),
];

/// Every scalar component of `Big` as an lvalue path and its element type, in the IR's order.
fn component_paths() -> Vec<(String, Scalar)> {
    fn walk(path: &str, ty: &str, out: &mut Vec<(String, Scalar)>) {
        if ty == "Inner" {
            walk(&format!("{path}.a"), "float", out);
            walk(&format!("{path}.b"), "float3", out);
            return;
        }
        let scalar = match ty.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x') {
            "float" => Scalar::F32,
            "int" => Scalar::I32,
            "uint" => Scalar::U32,
            "bool" => Scalar::Bool,
            other => panic!("{other}"),
        };
        let dims: Vec<usize> =
            ty.trim_start_matches(|c: char| c.is_alphabetic()).split('x').filter_map(|d| d.parse().ok()).collect();
        match dims.as_slice() {
            [] => out.push((path.to_string(), scalar)),
            [n] => (0..*n).for_each(|c| out.push((format!("{path}[{c}]"), scalar))),
            [r, c] => (0..*r).for_each(|i| (0..*c).for_each(|j| out.push((format!("{path}[{i}][{j}]"), scalar)))),
            _ => unreachable!(),
        }
    }
    let mut out = Vec::new();
    for (_, ty, name) in FIELDS {
        match name.split_once('[') {
            Some((base, n)) => {
                for j in 0..n.trim_end_matches(']').parse().unwrap() {
                    walk(&format!("v.{base}[{j}]"), ty, &mut out);
                }
            }
            None => walk(&format!("v.{name}"), ty, &mut out),
        }
    }
    out
}

/// The value component `k` of element `i` holds, plus `bump` (as the word stored).
fn value(s: Scalar, i: usize, k: usize, bump: u32) -> u32 {
    let n = (i * 1000 + k) as u32 + bump;
    match s {
        Scalar::F32 => (n as f32).to_bits(),
        Scalar::Bool => ((k + i + bump as usize) % 2) as u32,
        _ => n,
    }
}

fn shader() -> String {
    let mut src = String::from("struct Inner { float a; float3 b; };\nstruct Big {\n");
    for (prefix, ty, name) in FIELDS {
        src.push_str(&format!("    {prefix}{ty} {name};\n"));
    }
    src.push_str(
        "};\n[[vk::binding(0)]] RWStructuredBuffer<Big> Written;\n[[vk::binding(1)]] StructuredBuffer<Big> In;\n\
         [[vk::binding(2)]] RWStructuredBuffer<Big> FromStorage;\n[[vk::binding(3)]] cbuffer U { Big Uniform; };\n\
         [[vk::binding(4)]] RWStructuredBuffer<Big> FromUniform;\n\
         [[vk::binding(5)]] RWByteAddressBuffer Raw;\n[[vk::binding(6)]] ByteAddressBuffer RawIn;\n\
         [[vk::binding(7)]] RWStructuredBuffer<Big> FromRaw;\n\n\
         [numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n    uint i = id.x;\n    Big v;\n",
    );
    let paths = component_paths();
    // Written: component k of element i is i*1000 + k (bools alternate).
    for (k, (path, s)) in paths.iter().enumerate() {
        let e = match s {
            Scalar::F32 => format!("float(i * 1000u + {k}u)"),
            Scalar::I32 => format!("int(i * 1000u + {k}u)"),
            Scalar::Bool => format!("((i + {k}u) % 2u) == 1u"),
            _ => format!("i * 1000u + {k}u"),
        };
        src.push_str(&format!("    {path} = {e};\n"));
    }
    src.push_str("    Written[i] = v;\n    Raw.Store<Big>(i * PACKED, v);\n");
    // FromStorage / FromUniform / FromRaw: the struct read whole, each component bumped by 1 /
    // 2 / 3 (byte-address buffers pack `Big` by DXC's `Load<T>` rules, `PACKED` bytes apiece).
    for (source, dest, bump) in [
        ("In[i]", "FromStorage[i]", 1),
        ("Uniform", "FromUniform[i]", 2),
        ("RawIn.Load<Big>(i * PACKED)", "FromRaw[i]", 3),
    ] {
        src.push_str(&format!("    v = {source};\n"));
        for (path, s) in &paths {
            let e = match s {
                Scalar::F32 => format!("{path} + {bump}.0"),
                Scalar::Bool if bump % 2 == 1 => format!("!{path}"),
                Scalar::Bool => path.clone(),
                Scalar::I32 => format!("{path} + {bump}"),
                _ => format!("{path} + {bump}u"),
            };
            src.push_str(&format!("    {path} = {e};\n"));
        }
        src.push_str(&format!("    {dest} = v;\n"));
    }
    src.push_str("}\n");
    src
}

struct Case {
    layout: LayoutMode,
    majorness: Majorness,
}

/// The byte image of `ELEMENTS` elements of `Big` (or one, for the uniform) under `rule`, each
/// component at the layout module's offset holding `value(…, bump)`.
fn image(module: &wavec::ir::Module, big: &Type, rule: Rule, elements: usize, bump: u32) -> (Vec<u8>, Vec<Vec<u32>>) {
    let stride = wavec::layout::array_stride(module, big, rule, Majorness::Column) as usize;
    let mut bytes = vec![0u8; stride * elements];
    let mut offsets_per_element = Vec::new();
    for i in 0..elements {
        let mut comps = Vec::new();
        wavec::layout::components(module, big, rule, Majorness::Column, (i * stride) as u32, &mut comps);
        for (k, (off, s)) in comps.iter().enumerate() {
            let w = value(*s, i, k, bump);
            bytes[*off as usize..*off as usize + 4].copy_from_slice(&w.to_le_bytes());
        }
        offsets_per_element.push(comps.iter().map(|(o, _)| *o).collect());
    }
    (bytes, offsets_per_element)
}

/// The byte-address image of `ELEMENTS` elements of `Big`, `packed` bytes apart, each
/// component where `Load<Big>` reads it.
fn packed_image(module: &wavec::ir::Module, big: &Type, rule: Rule, packed: u32, bump: u32) -> Vec<u8> {
    let mut bytes = vec![0u8; packed as usize * ELEMENTS];
    for i in 0..ELEMENTS {
        let mut comps = Vec::new();
        wavec::layout::packed_components(module, big, rule, i as u32 * packed, &mut comps);
        for (k, (off, s)) in comps.iter().enumerate() {
            bytes[*off as usize..*off as usize + 4].copy_from_slice(&value(*s, i, k, bump).to_le_bytes());
        }
    }
    bytes
}

fn run_case(case: &Case, gpu: bool) {
    let src = shader();
    let mut options = wavec::Options {
        targets: vec![wavec::Target::Spirv],
        layout: case.layout,
        matrix_majorness: case.majorness,
        defines: vec![("PACKED".into(), Some("0u".into()))],
        ..Default::default()
    };
    let (checked, _) = wavec::check(&src, &options).unwrap_or_else(|d| panic!("{}\n{src}", d.render_plain()));
    // The byte-address stride of `Big`: what `Load<Big>` spans under the storage rule.
    let packed = {
        let m = &checked.module;
        let big = Type::Struct(m.structs.iter().find(|(_, s)| s.name == "Big").unwrap().0);
        wavec::layout::packed_components(m, &big, case.layout.storage(), 0, &mut Vec::new())
    };
    options.defines = vec![("PACKED".into(), Some(format!("{packed}u")))];
    let (checked, _) = wavec::check(&src, &options).unwrap_or_else(|d| panic!("{}\n{src}", d.render_plain()));
    let module = &checked.module;
    let big = Type::Struct(module.structs.iter().find(|(_, s)| s.name == "Big").unwrap().0);
    let (storage, uniform) = (case.layout.storage(), case.layout.uniform());
    let stride = wavec::layout::array_stride(module, &big, storage, Majorness::Column) as usize;
    let (input, _) = image(module, &big, storage, ELEMENTS, 0);
    let (uniform_input, _) = image(module, &big, uniform, 1, 0);
    let zeros = vec![0u8; stride * ELEMENTS];
    let raw_zeros = vec![0u8; packed as usize * ELEMENTS];
    let raw_input = packed_image(module, &big, storage, packed, 0);
    let what = format!("--layout {:?} --matrix-layout {:?}", case.layout, case.majorness);
    let outputs: Vec<Vec<u8>> = if gpu {
        let out = wavec::compile(&src, &options).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        let spirv = bytes_to_words(out.binary(wavec::Target::Spirv).unwrap());
        let scalar = case.layout.needs_scalar_block_layout();
        let flags: &[&str] = if scalar { &["--scalar-block-layout"] } else { &[] };
        spirv_val_with(&spirv, "vulkan1.1", flags).unwrap_or_else(|e| panic!("{what}: spirv-val: {e}"));
        let buffer = |binding, kind, data: &Vec<u8>| BufferInit {
            set: 0,
            binding,
            kind,
            data: data.clone(),
            addresses: Vec::new(),
        };
        let d = Dispatch {
            spirv: &spirv,
            entry: "main",
            groups: [1, 1, 1],
            buffers: vec![
                buffer(0, BufferKind::Storage, &zeros),
                buffer(1, BufferKind::Storage, &input),
                buffer(2, BufferKind::Storage, &zeros),
                buffer(3, BufferKind::Uniform, &uniform_input),
                buffer(4, BufferKind::Storage, &zeros),
                buffer(5, BufferKind::Storage, &raw_zeros),
                buffer(6, BufferKind::Storage, &raw_input),
                buffer(7, BufferKind::Storage, &zeros),
            ],
            subgroup_size: None,
            timeout: Duration::from_secs(60),
            device: Some(test_device()),
            scalar_block_layout: scalar,
            push_constants: None,
            push_addresses: Vec::new(),
            timed_runs: 0,
            specialization: Vec::new(),
            robust_buffer_access: false,
        };
        let out = run_compute(&d).unwrap_or_else(|e| panic!("{what}: {e}"));
        [0, 2, 4, 5, 7].iter().map(|&b| out.buffers[b].clone()).collect()
    } else {
        let mut buffers = vec![
            CpuBuffer { set: 0, binding: 0, data: zeros.clone(), view: None },
            CpuBuffer { set: 0, binding: 1, data: input.clone(), view: None },
            CpuBuffer { set: 0, binding: 2, data: zeros.clone(), view: None },
            CpuBuffer { set: 0, binding: 3, data: uniform_input.clone(), view: None },
            CpuBuffer { set: 0, binding: 4, data: zeros.clone(), view: None },
            CpuBuffer { set: 0, binding: 5, data: raw_zeros.clone(), view: None },
            CpuBuffer { set: 0, binding: 6, data: raw_input.clone(), view: None },
            CpuBuffer { set: 0, binding: 7, data: zeros.clone(), view: None },
        ];
        exec::run(module, checked.entry, [1, 1, 1], &mut buffers, &CpuOptions { width: 4, ..Default::default() })
            .unwrap_or_else(|d| panic!("{what}: {d:?}"));
        [0, 2, 4, 5, 7].iter().map(|&b| buffers[b].data.clone()).collect()
    };
    // Each output, at the layout module's offsets: Written holds the values, FromStorage the
    // input bumped by 1, FromUniform element i the uniform's (element 0's values) bumped by 2.
    let (written, _) = image(module, &big, storage, ELEMENTS, 0);
    let (from_storage, _) = image(module, &big, storage, ELEMENTS, 1);
    let expected_from_uniform: Vec<u8> = {
        let (one, offsets) = image(module, &big, storage, 1, 2);
        let _ = offsets;
        one.repeat(ELEMENTS)
    };
    let (from_raw, _) = image(module, &big, storage, ELEMENTS, 3);
    let raw_written = packed_image(module, &big, storage, packed, 0);
    if outputs[3] != raw_written {
        panic!(
            "{what} on the {}: Raw (Store<Big>) differs from the packed layout",
            if gpu { "GPU" } else { "CPU engine" }
        );
    }
    for (name, actual, expected) in [
        ("Written", &outputs[0], &written),
        ("FromStorage", &outputs[1], &from_storage),
        ("FromUniform", &outputs[2], &expected_from_uniform),
        ("FromRaw", &outputs[4], &from_raw),
    ] {
        if actual != expected {
            let paths = component_paths();
            let (_, offsets) = image(module, &big, storage, ELEMENTS, 0);
            let wrong: Vec<String> = offsets
                .iter()
                .flatten()
                .enumerate()
                .filter(|(_, &o)| actual[o as usize..o as usize + 4] != expected[o as usize..o as usize + 4])
                .take(6)
                .map(|(k, &o)| {
                    let w = |b: &[u8]| u32::from_le_bytes(b[o as usize..o as usize + 4].try_into().unwrap());
                    format!("{} at {o}: {:#x}, expected {:#x}", paths[k % paths.len()].0, w(actual), w(expected))
                })
                .collect();
            panic!(
                "{what} on the {}: {name} differs ({} bytes): {}",
                if gpu { "GPU" } else { "CPU engine" },
                actual.len(),
                wrong.join("; ")
            );
        }
    }
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for layout in [LayoutMode::Dxc, LayoutMode::Gl, LayoutMode::Scalar, LayoutMode::Dx] {
        for majorness in [Majorness::Column, Majorness::Row] {
            cases.push(Case { layout, majorness });
        }
    }
    cases
}

#[test]
fn every_layout_on_the_cpu_engine_puts_each_component_where_the_layout_module_says() {
    for case in cases() {
        run_case(&case, false);
    }
}

#[test]
fn every_layout_on_lavapipe_puts_each_component_where_the_layout_module_says() {
    at_widths(
        concat!(module_path!(), "::every_layout_on_lavapipe_puts_each_component_where_the_layout_module_says"),
        &[8],
        |_| {
            for case in cases() {
                run_case(&case, true);
            }
        },
    );
}

/// The layouts differ where they should: a test that passed with one rule for everything
/// would prove nothing.
#[test]
fn the_layouts_under_test_differ() {
    let options = wavec::Options { defines: vec![("PACKED".into(), Some("0u".into()))], ..Default::default() };
    let (checked, _) = wavec::check(&shader(), &options).unwrap();
    let m = &checked.module;
    let big = Type::Struct(m.structs.iter().find(|(_, s)| s.name == "Big").unwrap().0);
    let sizes: Vec<u32> = [Rule::RelaxedStd430, Rule::Std430, Rule::Scalar, Rule::RelaxedStd140, Rule::D3dCbuffer]
        .iter()
        .map(|r| wavec::layout::placement(m, &big, *r, Majorness::Column).size)
        .collect();
    let mut distinct = sizes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), sizes.len(), "sizes per rule: {sizes:?}");
}
