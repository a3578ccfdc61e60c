//! Reflection (`Output::reflection`, `docs/reflection.md`): golden JSON for every sample and
//! for `tests/reflection/layout_stress.slang` (`BLESS=1` rewrites them), and the reflected
//! bindings, offsets, strides and majorness checked against what consumers actually see: the
//! SPIR-V module's own decorations (parsed from its words here) and the descriptors the
//! Vulkan runner asks buffers for.

use crate::support::check_golden;
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn slang_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(root().join(dir))
        .expect("read folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "slang"))
        .collect();
    files.sort();
    files
}

/// The inputs and their options: the samples as their golden files compile them (sm_6_5), the
/// stress case at the default shader model ([WaveSize] needs 6.6).
fn inputs() -> Vec<(String, String, wavec::Options)> {
    let mut out = Vec::new();
    for path in slang_files("samples").into_iter().chain(slang_files("tests/reflection")) {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        let options = wavec::Options {
            targets: vec![wavec::Target::Hlsl, wavec::Target::Spirv],
            hlsl_shader_model: if rel.starts_with("samples") { (6, 5) } else { (6, 6) },
            file_name: rel.clone(),
            ..Default::default()
        };
        out.push((stem, std::fs::read_to_string(&path).expect("read source"), options));
    }
    assert!(out.len() >= 9, "the samples or the stress case went missing");
    out
}

#[test]
fn reflection_golden_files() {
    let mut failures = Vec::new();
    for (stem, src, options) in inputs() {
        let out = wavec::compile(&src, &options).unwrap_or_else(|d| panic!("{stem}: {d}"));
        let json = out.reflection().to_json();
        let golden = root().join("tests/reflection").join(format!("{stem}.json"));
        if let Err(e) = std::panic::catch_unwind(|| check_golden(&golden, &json)) {
            failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| format!("{stem}: mismatch")));
        }
        let value: Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(value["version"], 1, "{stem}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Decorations by target: (decoration, its literal operands).
type Decorations = Vec<(u32, Vec<u32>)>;

/// What the tests read back from a SPIR-V module.
#[derive(Default)]
struct Spirv {
    names: HashMap<u32, String>,
    decorations: HashMap<u32, Decorations>,
    member_decorations: HashMap<(u32, u32), Decorations>,
    structs: HashMap<u32, Vec<u32>>,
    arrays: HashMap<u32, u32>,
    pointers: HashMap<u32, u32>,
    variables: HashMap<u32, u32>,
}

const DEC_ROW_MAJOR: u32 = 4;
const DEC_COL_MAJOR: u32 = 5;
const DEC_ARRAY_STRIDE: u32 = 6;
const DEC_MATRIX_STRIDE: u32 = 7;
const DEC_BINDING: u32 = 33;
const DEC_SET: u32 = 34;
const DEC_OFFSET: u32 = 35;

impl Spirv {
    fn parse(words: &[u32]) -> Spirv {
        assert_eq!(words[0], 0x0723_0203, "SPIR-V magic");
        let mut s = Spirv::default();
        let mut i = 5;
        while i < words.len() {
            let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
            let w = &words[i + 1..i + count];
            match op {
                5 => {
                    let bytes: Vec<u8> = w[1..].iter().flat_map(|x| x.to_le_bytes()).take_while(|&b| b != 0).collect();
                    s.names.insert(w[0], String::from_utf8(bytes).unwrap());
                }
                71 => s.decorations.entry(w[0]).or_default().push((w[1], w[2..].to_vec())),
                72 => s.member_decorations.entry((w[0], w[1])).or_default().push((w[2], w[3..].to_vec())),
                30 => {
                    s.structs.insert(w[0], w[1..].to_vec());
                }
                28 | 29 => {
                    s.arrays.insert(w[0], w[1]);
                }
                32 => {
                    s.pointers.insert(w[0], w[2]);
                }
                59 => {
                    s.variables.insert(w[1], w[0]);
                }
                _ => {}
            }
            i += count.max(1);
        }
        s
    }
    fn decoration(&self, id: u32, d: u32) -> Option<u32> {
        self.decorations.get(&id)?.iter().find(|(k, _)| *k == d).map(|(_, v)| v.first().copied().unwrap_or(1))
    }
    fn member_decoration(&self, id: u32, member: u32, d: u32) -> Option<u32> {
        self.member_decorations
            .get(&(id, member))?
            .iter()
            .find(|(k, _)| *k == d)
            .map(|(_, v)| v.first().copied().unwrap_or(1))
    }
    fn variable(&self, name: &str) -> Option<u32> {
        self.variables.keys().copied().find(|v| self.names.get(v).is_some_and(|n| n == name))
    }
    /// The block struct a variable points to.
    fn pointee(&self, var: u32) -> u32 {
        self.pointers[&self.variables[&var]]
    }
}

/// Compares reflected members with the members of struct `id`; returns how many numbers
/// were compared.
fn compare_members(spv: &Spirv, id: u32, members: &[Value], what: &str, errors: &mut Vec<String>) -> usize {
    let types = &spv.structs[&id];
    if types.len() != members.len() {
        errors.push(format!("{what}: {} members reflected, {} in SPIR-V", members.len(), types.len()));
        return 0;
    }
    let mut compared = 0;
    for (i, m) in members.iter().enumerate() {
        let i32_ = i as u32;
        let name = format!("{what}.{}", m["name"].as_str().unwrap());
        let mut check = |label: &str, reflected: Option<u64>, actual: Option<u32>| {
            compared += 1;
            if reflected.map(|r| r as u32) != actual {
                errors.push(format!("{name}: {label} reflected {reflected:?}, SPIR-V {actual:?}"));
            }
        };
        check("offset", m["offset"].as_u64(), spv.member_decoration(id, i32_, DEC_OFFSET));
        // Arrays of matrices carry the matrix decorations on the member too.
        let mut inner = m;
        let mut ty = types[i];
        while let Some(stride) = inner["array_stride"].as_u64() {
            check("array stride", Some(stride), spv.decoration(ty, DEC_ARRAY_STRIDE));
            inner = &inner["element"];
            ty = spv.arrays[&ty];
        }
        if let Some(stride) = inner["matrix_stride"].as_u64() {
            check("matrix stride", Some(stride), spv.member_decoration(id, i32_, DEC_MATRIX_STRIDE));
            // HLSL's rows are SPIR-V's columns: column_major is `RowMajor`.
            let decoration = if inner["majorness"] == "column" { DEC_ROW_MAJOR } else { DEC_COL_MAJOR };
            check("majorness", Some(1), spv.member_decoration(id, i32_, decoration).map(|_| 1));
        }
        if let Some(fields) = inner["fields"].as_array() {
            compared += compare_members(spv, ty, fields, &name, errors);
        }
    }
    compared
}

/// Checks a compilation's reflection against its SPIR-V and the runner; returns the number of
/// values compared.
fn check_against_spirv(name: &str, src: &str, options: &wavec::Options) -> usize {
    let out = wavec::compile(src, options).unwrap_or_else(|d| panic!("{name}: {d}"));
    let reflection: Value = serde_json::from_str(&out.reflection().to_json()).unwrap();
    let words: Vec<u32> = out
        .binary(wavec::Target::Spirv)
        .expect("SPIR-V")
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let spv = Spirv::parse(&words);
    let mut errors = Vec::new();
    let mut compared = 0;
    let mut reflected_bindings = Vec::new();
    for r in reflection["resources"].as_array().unwrap() {
        let rname = r["name"].as_str().unwrap();
        let (set, binding) = (r["set"].as_u64().unwrap() as u32, r["binding"].as_u64().unwrap() as u32);
        let var = spv.variable(rname);
        if r["used"] == false {
            if var.is_some() {
                errors.push(format!("{rname}: reflected unused, but the SPIR-V declares it"));
            }
            continue;
        }
        reflected_bindings.push((set, binding, r["descriptor"].as_str().unwrap().replace('_', " ")));
        let Some(var) = var else {
            errors.push(format!("{rname}: reflected used, but the SPIR-V has no such variable"));
            continue;
        };
        compared += 2;
        if spv.decoration(var, DEC_SET) != Some(set) || spv.decoration(var, DEC_BINDING) != Some(binding) {
            errors.push(format!(
                "{rname}: reflected set {set} binding {binding}, SPIR-V {:?} {:?}",
                spv.decoration(var, DEC_SET),
                spv.decoration(var, DEC_BINDING)
            ));
        }
        let layout = &r["layouts"]["spirv"];
        if layout.is_null() {
            continue;
        }
        let block = spv.pointee(var);
        if let Some(members) = layout["members"].as_array() {
            // `ConstantBuffer<T>`'s block holds one T.
            let id = if r["kind"] == "ConstantBuffer" { spv.structs[&block][0] } else { block };
            compared += compare_members(&spv, id, members, rname, &mut errors);
        } else if let Some(stride) = layout["stride"].as_u64() {
            let array = spv.structs[&block][0];
            compared += 1;
            if spv.decoration(array, DEC_ARRAY_STRIDE) != Some(stride as u32) {
                errors.push(format!("{rname}: stride {stride}, SPIR-V {:?}", spv.decoration(array, DEC_ARRAY_STRIDE)));
            }
            if let Some(fields) = layout["element"]["fields"].as_array() {
                compared += compare_members(&spv, spv.arrays[&array], fields, rname, &mut errors);
            }
        }
    }
    if let Some(members) = reflection["push_constants"]["layouts"]["spirv"]["members"].as_array() {
        let var = spv.variable("entryPointParams").expect("the push-constant block");
        compared += compare_members(&spv, spv.pointee(var), members, "push constants", &mut errors);
    }

    // The runner asks for exactly the used resources, at the reflected places, of that kind.
    let entry = reflection["entry_point"]["name"].as_str().unwrap();
    let mut runner = wavec::run::required_bindings(&words, entry).expect("the runner reads the module");
    runner.sort();
    reflected_bindings.sort();
    compared += runner.len();
    if runner != reflected_bindings {
        errors.push(format!("the runner binds {runner:?}, reflection says {reflected_bindings:?}"));
    }
    assert!(errors.is_empty(), "{name}: reflection disagrees with the SPIR-V:\n{}", errors.join("\n"));
    compared
}

#[test]
fn reflection_matches_spirv_decorations_and_the_runner() {
    let mut compared = 0;
    for (stem, src, options) in inputs() {
        compared += check_against_spirv(&stem, &src, &options);
    }
    assert!(compared > 100, "only {compared} values compared");
}

/// Every layout mode and both default majornesses give different offsets in the stress case;
/// reflection must follow each.
#[test]
fn reflection_follows_every_layout_mode() {
    let path = root().join("tests/reflection/layout_stress.slang");
    let src = std::fs::read_to_string(&path).unwrap();
    let mut strides = std::collections::BTreeSet::new();
    for mode in ["dxc", "gl", "dx", "scalar"] {
        for majorness in [wavec::ir::Majorness::Column, wavec::ir::Majorness::Row] {
            let options = wavec::Options {
                targets: vec![wavec::Target::Spirv],
                layout: wavec::layout::LayoutMode::from_name(mode).unwrap(),
                matrix_majorness: majorness,
                ..Default::default()
            };
            let name = format!("layout_stress --layout {mode} {majorness:?}");
            let n = check_against_spirv(&name, &src, &options);
            assert!(n > 60, "{name}: only {n} values compared");
            let out = wavec::compile(&src, &options).unwrap();
            let r = out.reflection();
            let dst = r.resources.iter().find(|r| r.name == "dst").unwrap();
            strides.insert(dst.layouts["spirv"].stride);
        }
    }
    assert!(strides.len() >= 3, "the layout modes should differ: {strides:?}");
}
