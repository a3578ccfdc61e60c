//! Golden files: every `tests/golden/*.slang` and every sample is compiled to HLSL and compared
//! with the committed output beside it (`BLESS=1` rewrites them). Each HLSL output is also
//! compiled by glslang's HLSL front end, which catches output a real compiler rejects.
//!
//! A source lists its variants in header lines `//> NAME: ARGS` (e.g.
//! `//> sm_6_5: --profile sm_6_5`); the output of variant NAME is `<stem>.NAME.hlsl`. A variant
//! whose line ends in `[no-glslang]` skips the glslang check (glslang 12 does not know
//! shader model 6.10's `GetGroupWaveIndex()`, for one).
//!
//! Every variant is also compiled to SPIR-V: `<stem>.NAME.spvasm` holds rspirv's disassembly
//! (blessable like the HLSL), and the binary must pass `spirv-val --target-env` of the variant's
//! SPIR-V profile (`vulkan1.1` unless the arguments name another `--profile`). A variant whose
//! line contains `[no-spirv]` is HLSL-only (a feature the SPIR-V backend does not write yet).
//!
//! Every variant is compiled to GLSL too: `<stem>.NAME.glsl` is blessable like the others, and
//! `glslangValidator -V --target-env vulkan1.1` must compile it. A variant marked `[no-glsl]`
//! uses what the GLSL backend refuses (a buffer layout no GLSL block expresses): its GLSL compile must fail
//! with one of the GLSL backend's own diagnostics (E0620–E0623), never succeed or panic.
//!
//! And to CUDA: `<stem>.NAME.cu` is blessable (the prelude every output carries is checked
//! present and shown there as one marker line), and `g++ -fsyntax-only` must accept it against
//! the CUDA declarations of `tests/cuda/cuda_stub.h` (nvcc itself runs on a CUDA machine:
//! `scripts/cuda-on-device.sh`). A variant marked `[no-cuda]` must be refused with one of the
//! CUDA output's diagnostics (E0640–E0644).
//!
//! And to WGSL: `<stem>.NAME.wgsl` is blessable, and naga's WGSL front end and validator must
//! accept it (`wavec::back::wgsl::naga_spv::validate`). A variant marked `[no-wgsl]` must be
//! refused with one of the WGSL backend's diagnostics (E0650–E0659).
//! And to Metal: `<stem>.NAME.metal` is blessable (the prelude shown as one marker line, as for
//! CUDA), and `g++ -fsyntax-only` must accept it against our MSL declarations in
//! `tests/metal/metal_stub.h` (no Metal compiler runs here). A variant marked `[no-metal]` must
//! be refused with one of the Metal backend's diagnostics (E0660–E0669).
//!
//! A variant marked `[spirv-only]` holds inline SPIR-V (`spirv_asm`): only its `.spvasm` is
//! written, and every other target must refuse it with E0428.
//! A variant marked `[no-hlsl]` uses what HLSL has no form for (pointers): its HLSL compile must
//! be refused with E0673, and only the other targets are checked.

use crate::support::{bytes_to_words, check_golden, compile_hlsl, options_from_args, spirv_val_with};
use std::path::{Path, PathBuf};

pub struct Variant {
    pub name: String,
    pub args: String,
    pub hlsl: bool,
    pub glslang: bool,
    pub spirv: bool,
    pub glsl: bool,
    pub cuda: bool,
    pub wgsl: bool,
    pub metal: bool,
    pub spirv_only: bool,
}

pub fn variants(src: &str, default: &[(&str, &str)]) -> Vec<Variant> {
    let parse = |name: &str, args: &str| Variant {
        name: name.trim().to_string(),
        args: args
            .replace("[no-glslang]", "")
            .replace("[no-spirv]", "")
            .replace("[no-glsl]", "")
            .replace("[no-cuda]", "")
            .replace("[no-wgsl]", "")
            .replace("[no-metal]", "")
            .replace("[spirv-only]", "")
            .replace("[no-hlsl]", "")
            .trim()
            .to_string(),
        hlsl: !args.contains("[no-hlsl]"),
        glslang: !args.contains("[no-glslang]"),
        spirv: !args.contains("[no-spirv]"),
        glsl: !args.contains("[no-glsl]"),
        cuda: !args.contains("[no-cuda]"),
        wgsl: !args.contains("[no-wgsl]"),
        metal: !args.contains("[no-metal]"),
        spirv_only: args.contains("[spirv-only]"),
    };
    let listed: Vec<Variant> = src
        .lines()
        .filter_map(|l| l.strip_prefix("//> "))
        .filter_map(|l| l.split_once(':'))
        .map(|(name, args)| parse(name, args))
        .collect();
    if listed.is_empty() {
        default.iter().map(|(n, a)| parse(n, a)).collect()
    } else {
        listed
    }
}

fn sources_in(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "slang"))
        .collect();
    files.sort();
    files
}

/// Compiles every variant of every file and checks it; reports all failures at once.
fn run_golden(dir: &str, out_dir: &str, default: &[(&str, &str)]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in sources_in(dir) {
        let src = std::fs::read_to_string(&path).expect("read source");
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        for v in variants(&src, default) {
            let mut options = options_from_args(&v.args);
            options.file_name = format!("{dir}/{stem}.slang");
            options.include_dirs.push(root.join(dir));
            if v.spirv_only {
                let spvasm = root.join(out_dir).join(format!("{stem}.{}.spvasm", v.name));
                check_spirv(&src, &options, &spvasm, &stem, &v.name, &mut failures);
                check_spirv_only(&src, &options, &stem, &v.name, &mut failures);
                checked += 1;
                continue;
            }
            let out = match wavec::compile(&src, &options) {
                Ok(_) if !v.hlsl => {
                    failures.push(format!("{stem} [{}] is marked [no-hlsl] but compiles to HLSL", v.name));
                    continue;
                }
                Err(d) if !v.hlsl => {
                    if !d.list.iter().filter(|d| d.is_error()).all(|d| d.code == "E0673") {
                        failures.push(format!(
                            "{stem} [{}]: [no-hlsl], but not refused by E0673:\n{}",
                            v.name,
                            d.render_plain()
                        ));
                    }
                    None
                }
                Ok(o) => Some(o),
                Err(d) => {
                    failures.push(format!("{stem} [{}] failed to compile:\n{}", v.name, d.render_plain()));
                    continue;
                }
            };
            if v.spirv {
                check_spirv(
                    &src,
                    &options,
                    &root.join(out_dir).join(format!("{stem}.{}.spvasm", v.name)),
                    &stem,
                    &v.name,
                    &mut failures,
                );
            }
            check_glsl(
                &src,
                &options,
                &root.join(out_dir).join(format!("{stem}.{}.glsl", v.name)),
                &stem,
                &v,
                &mut failures,
            );
            check_cuda(
                &src,
                &options,
                &root.join(out_dir).join(format!("{stem}.{}.cu", v.name)),
                &stem,
                &v,
                &mut failures,
            );
            check_wgsl(
                &src,
                &options,
                &root.join(out_dir).join(format!("{stem}.{}.wgsl", v.name)),
                &stem,
                &v,
                &mut failures,
            );
            check_metal(
                &src,
                &options,
                &root.join(out_dir).join(format!("{stem}.{}.metal", v.name)),
                &stem,
                &v,
                &mut failures,
            );
            let Some(out) = out else {
                checked += 1;
                continue;
            };
            let hlsl = out.text(wavec::Target::Hlsl).expect("HLSL output").to_string();
            let golden = root.join(out_dir).join(format!("{stem}.{}.hlsl", v.name));
            let result = std::panic::catch_unwind(|| check_golden(&golden, &hlsl));
            if let Err(e) = result {
                let msg = e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into());
                failures.push(msg);
            }
            if v.glslang {
                let entry = options.entry.clone().unwrap_or_else(|| "main".to_string());
                if let Err(e) = compile_hlsl(&hlsl, &entry) {
                    failures.push(format!("{stem} [{}]: the HLSL does not compile with glslang:\n{e}\n{hlsl}", v.name));
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no golden inputs found in {dir}");
    assert!(failures.is_empty(), "{} golden failure(s):\n\n{}", failures.len(), failures.join("\n\n"));
}

/// Every target but SPIR-V refuses a variant of inline SPIR-V, with E0428 alone.
fn check_spirv_only(src: &str, options: &wavec::Options, stem: &str, variant: &str, failures: &mut Vec<String>) {
    use wavec::Target::*;
    for target in [Hlsl, Glsl, Cuda, Wgsl, Metal] {
        let mut options = options.clone();
        options.targets = vec![target];
        match wavec::compile(src, &options) {
            Ok(_) => failures.push(format!("{stem} [{variant}] is [spirv-only] but compiles to {target:?}")),
            Err(d) if d.list.iter().filter(|d| d.is_error()).all(|d| d.code == "E0428") => {}
            Err(d) => {
                failures.push(format!("{stem} [{variant}]: {target:?} refuses it otherwise:\n{}", d.render_plain()))
            }
        }
    }
}

/// The SPIR-V of one variant: golden disassembly and `spirv-val`.
fn check_spirv(
    src: &str,
    options: &wavec::Options,
    golden: &Path,
    stem: &str,
    variant: &str,
    failures: &mut Vec<String>,
) {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Spirv, wavec::Target::SpirvAsm];
    let out = match wavec::compile(src, &options) {
        Ok(o) => o,
        Err(d) => {
            failures.push(format!("{stem} [{variant}] failed to compile to SPIR-V:\n{}", d.render_plain()));
            return;
        }
    };
    let text = out.text(wavec::Target::SpirvAsm).expect("SPIR-V text").to_string();
    if let Err(e) = std::panic::catch_unwind(|| check_golden(golden, &text)) {
        failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into()));
    }
    let words = bytes_to_words(out.binary(wavec::Target::Spirv).expect("SPIR-V binary"));
    let env = options.spirv_profile.target_env;
    // By `--layout`, or by a buffer's own layout (`StructuredBuffer<T, ScalarDataLayout>`).
    let scalar = wavec::check(src, &options).is_ok_and(|(c, _)| c.module.needs_scalar_block_layout());
    let flags: &[&str] = if scalar { &["--scalar-block-layout"] } else { &[] };
    if let Err(e) = spirv_val_with(&words, env, flags) {
        failures.push(format!("{stem} [{variant}]: spirv-val --target-env {env} rejects the module:\n{e}\n{text}"));
    }
}

/// The GLSL of one variant: golden text and glslang, or the backend's refusal for `[no-glsl]`.
fn check_glsl(src: &str, options: &wavec::Options, golden: &Path, stem: &str, v: &Variant, failures: &mut Vec<String>) {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Glsl];
    let variant = &v.name;
    match (wavec::compile(src, &options), v.glsl) {
        (Ok(out), true) => {
            let text = out.text(wavec::Target::Glsl).expect("GLSL text").to_string();
            if let Err(e) = std::panic::catch_unwind(|| check_golden(golden, &text)) {
                failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into()));
            }
            if let Err(e) = wavec::testing::glslang(&text) {
                failures.push(format!("{stem} [{variant}]: glslangValidator rejects the GLSL:\n{e}"));
            }
        }
        (Err(d), true) => {
            failures.push(format!("{stem} [{variant}] failed to compile to GLSL:\n{}", d.render_plain()));
        }
        (Ok(_), false) => failures.push(format!("{stem} [{variant}] is marked [no-glsl] but compiles to GLSL")),
        (Err(d), false) => {
            let own =
                d.list.iter().filter(|d| d.is_error()).all(|d| ["E0620", "E0621", "E0622", "E0623"].contains(&d.code));
            if !own {
                failures.push(format!(
                    "{stem} [{variant}]: [no-glsl], but not refused by the GLSL backend:\n{}",
                    d.render_plain()
                ));
            }
        }
    }
}

/// What the golden `.cu` files hold in place of the prelude every CUDA output starts with.
const PRELUDE_MARKER: &str = "// (the prelude, src/back/cuda/prelude.cuh, stands here)\n";

/// The CUDA of one variant: golden text and a C++ front end's check (`g++ -fsyntax-only`
/// against `tests/cuda/cuda_stub.h`), or the backend's refusal for `[no-cuda]`.
fn check_cuda(src: &str, options: &wavec::Options, golden: &Path, stem: &str, v: &Variant, failures: &mut Vec<String>) {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Cuda];
    let variant = &v.name;
    match (wavec::compile(src, &options), v.cuda) {
        (Ok(out), true) => {
            let text = out.text(wavec::Target::Cuda).expect("CUDA text").to_string();
            // Every output carries the same prelude (`src/back/cuda/prelude.cuh`): it must be
            // there whole, once, and the golden file holds what differs, with a marker for it.
            let prelude = wavec::back::cuda::PRELUDE;
            if text.matches(prelude).count() != 1 {
                failures.push(format!("{stem} [{variant}]: the CUDA does not hold the prelude exactly once"));
            }
            let shown = text.replacen(prelude, PRELUDE_MARKER, 1);
            if let Err(e) = std::panic::catch_unwind(|| check_golden(golden, &shown)) {
                failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into()));
            }
            if let Err(e) = crate::cuda::cxx_check(&text) {
                failures.push(format!("{stem} [{variant}]: g++ rejects the CUDA:\n{e}"));
            }
        }
        (Err(d), true) => {
            failures.push(format!("{stem} [{variant}] failed to compile to CUDA:\n{}", d.render_plain()));
        }
        (Ok(_), false) => failures.push(format!("{stem} [{variant}] is marked [no-cuda] but compiles to CUDA")),
        (Err(d), false) => {
            let own = d
                .list
                .iter()
                .filter(|d| d.is_error())
                .all(|d| ["E0640", "E0641", "E0642", "E0643", "E0644"].contains(&d.code));
            if !own {
                failures.push(format!(
                    "{stem} [{variant}]: [no-cuda], but not refused by the CUDA backend:\n{}",
                    d.render_plain()
                ));
            }
        }
    }
}

/// The WGSL of one variant: golden text and naga's validation, or the backend's refusal for
/// `[no-wgsl]`.
fn check_wgsl(src: &str, options: &wavec::Options, golden: &Path, stem: &str, v: &Variant, failures: &mut Vec<String>) {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Wgsl];
    let variant = &v.name;
    match (wavec::compile(src, &options), v.wgsl) {
        (Ok(out), true) => {
            let text = out.text(wavec::Target::Wgsl).expect("WGSL text").to_string();
            if let Err(e) = std::panic::catch_unwind(|| check_golden(golden, &text)) {
                failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into()));
            }
            if let Err(e) = wavec::back::wgsl::naga_spv::validate(&text) {
                failures.push(format!(
                    "{stem} [{variant}]: {e}
{text}"
                ));
            }
        }
        (Err(d), true) => {
            failures.push(format!("{stem} [{variant}] failed to compile to WGSL:\n{}", d.render_plain()));
        }
        (Ok(_), false) => failures.push(format!("{stem} [{variant}] is marked [no-wgsl] but compiles to WGSL")),
        (Err(d), false) => {
            let own = d.list.iter().filter(|d| d.is_error()).all(|d| d.code.starts_with("E065"));
            if !own {
                failures.push(format!(
                    "{stem} [{variant}]: [no-wgsl], but not refused by the WGSL backend:\n{}",
                    d.render_plain()
                ));
            }
        }
    }
}

/// What the golden `.metal` files hold in place of the prelude every Metal output carries.
const METAL_PRELUDE_MARKER: &str = "// (the prelude, src/back/msl/prelude.h, stands here)\n";

/// The Metal of one variant: golden text and a C++ front end's check (`g++ -fsyntax-only`
/// against `tests/metal/metal_stub.h`), or the backend's refusal for `[no-metal]`.
fn check_metal(
    src: &str,
    options: &wavec::Options,
    golden: &Path,
    stem: &str,
    v: &Variant,
    failures: &mut Vec<String>,
) {
    let mut options = options.clone();
    options.targets = vec![wavec::Target::Metal];
    let variant = &v.name;
    match (wavec::compile(src, &options), v.metal) {
        (Ok(out), true) => {
            let text = out.text(wavec::Target::Metal).expect("Metal text").to_string();
            let prelude = wavec::back::msl::PRELUDE;
            if text.matches(prelude).count() != 1 {
                failures.push(format!("{stem} [{variant}]: the Metal does not hold the prelude exactly once"));
            }
            let shown = text.replacen(prelude, METAL_PRELUDE_MARKER, 1);
            if let Err(e) = std::panic::catch_unwind(|| check_golden(golden, &shown)) {
                failures.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| "golden mismatch".into()));
            }
            if let Err(e) = crate::metal::cxx_check(&text) {
                failures.push(format!("{stem} [{variant}]: g++ rejects the Metal:\n{e}"));
            }
        }
        (Err(d), true) => {
            failures.push(format!("{stem} [{variant}] failed to compile to Metal:\n{}", d.render_plain()));
        }
        (Ok(_), false) => failures.push(format!("{stem} [{variant}] is marked [no-metal] but compiles to Metal")),
        (Err(d), false) => {
            let own = d.list.iter().filter(|d| d.is_error()).all(|d| d.code.starts_with("E066"));
            if !own {
                failures.push(format!(
                    "{stem} [{variant}]: [no-metal], but not refused by the Metal backend:\n{}",
                    d.render_plain()
                ));
            }
        }
    }
}

#[test]
fn golden_inputs() {
    run_golden("tests/golden", "tests/golden", &[("sm_6_6", "")]);
}

#[test]
fn samples_compile_to_hlsl_for_sm_6_5_and_sm_6_10() {
    run_golden(
        "samples",
        "tests/golden/samples",
        &[("sm_6_5", "--profile sm_6_5"), ("sm_6_10", "--profile sm_6_10 [no-glslang]")],
    );
}

/// Users keep golden files of our output: the same input must give byte-identical output,
/// whichever thread compiles it and however often.
#[test]
fn output_is_deterministic_across_runs_and_threads() {
    let files = std::sync::Arc::new(sources_in("samples"));
    let compile_all = move || -> Vec<String> {
        files
            .iter()
            .map(|p| {
                let src = std::fs::read_to_string(p).unwrap();
                let options = wavec::Options { hlsl_shader_model: (6, 5), ..Default::default() };
                wavec::compile(&src, &options).map(|o| o.text(wavec::Target::Hlsl).unwrap().to_string()).unwrap()
            })
            .collect()
    };
    let threads: Vec<_> = (0..4).map(|_| std::thread::spawn(compile_all.clone())).collect();
    let results: Vec<Vec<String>> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(!results[0].is_empty());
    for r in &results[1..] {
        assert_eq!(&results[0], r);
    }
    assert_eq!(results[0], compile_all());
}

/// `sema::check_owned` (it frees each item once checked) and `sema::ItemStream` (what
/// compilations use: items checked as the parser hands them over) must build the very module
/// `sema::check` builds from a borrowed tree, with the same diagnostics.
#[test]
fn owned_and_borrowed_checks_agree() {
    use wavec::span::SourceMap;
    use wavec::syntax::preprocess::{preprocess, FsLoader, PreprocessOptions};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs: Vec<PathBuf> = Vec::new();
    for dir in ["tests/golden", "samples", "tests/diagnostics"] {
        for e in std::fs::read_dir(root.join(dir)).expect("corpus folder") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "slang") {
                inputs.push(p);
            }
        }
    }
    inputs.sort();
    assert!(inputs.len() > 20, "the corpus went missing: {inputs:?}");
    let (mut compared_modules, mut streamed_modules, mut needed_whole_tree, mut guessed_modules) = (0, 0, 0, 0);
    for path in &inputs {
        let text = std::fs::read_to_string(path).expect("read");
        let mut sources = SourceMap::new();
        let file = sources.add(path.display().to_string(), text.as_str());
        let (tokens, _) = preprocess(&mut sources, file, &PreprocessOptions::default(), &FsLoader);
        let tokens_again = || tokens.clone();
        let (unit, parse_diags) = wavec::syntax::parse(tokens.clone());
        let (borrowed, borrowed_diags) = wavec::sema::check(&unit, &Default::default());
        let (owned, owned_diags) = wavec::sema::check_owned(unit, &Default::default());
        assert_eq!(format!("{borrowed_diags:?}"), format!("{owned_diags:?}"), "{}", path.display());
        let (b, o) = (borrowed.map(|c| format!("{:?}", c.module)), owned.map(|c| format!("{:?}", c.module)));
        compared_modules += usize::from(b.is_some());
        assert!(b == o, "{}: the modules differ", path.display());

        // Item by item, as compilations check a program that parsed: the same module and
        // diagnostics, unless the program needed the entry point's attributes up front.
        let mut stream = wavec::sema::ItemStream::new(&Default::default());
        let streamed_parse_diags = wavec::syntax::parser::parse_each(tokens.clone(), &mut |item, _| stream.item(&item));
        assert_eq!(format!("{parse_diags:?}"), format!("{streamed_parse_diags:?}"), "{}", path.display());
        if parse_diags.iter().any(|d| d.is_error()) {
            continue;
        }
        match stream.finish(&Default::default()) {
            Some((streamed, streamed_diags)) => {
                assert_eq!(format!("{owned_diags:?}"), format!("{streamed_diags:?}"), "{}", path.display());
                let s = streamed.map(|c| format!("{:?}", c.module));
                assert!(s == o, "{}: the streamed module differs", path.display());
                streamed_modules += usize::from(s.is_some());
            }
            None => {
                needed_whole_tree += 1;
                // Told the entry point's attributes (as a token scan would guess them), the
                // stream checks the program item by item after all; told wrong ones, it asks
                // for the whole tree again.
                let unit = wavec::syntax::parse(tokens_again()).0;
                let definitions = unit.items.iter().filter_map(|i| match i {
                    wavec::syntax::ast::Item::Function(f) if f.body.is_some() => {
                        Some((f.name.name.as_str(), f.attrs.clone()))
                    }
                    _ => None,
                });
                let marked = |attrs: &Vec<wavec::syntax::ast::Attribute>| {
                    attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("numthreads"))
                };
                let entry_attrs = wavec::sema::choose_entry(definitions, &Default::default(), marked);
                // Out-of-line member definitions need the whole tree whatever the guess: a
                // member declared without its value may be defined further on.
                let defined_later = unit.items.iter().any(|i| {
                    matches!(
                        i,
                        wavec::syntax::ast::Item::MemberDefinition(_) | wavec::syntax::ast::Item::MethodDefinition(_)
                    )
                });
                if defined_later {
                    continue;
                }
                for (guess, right) in [(entry_attrs.clone(), true), (Some(Vec::new()), entry_attrs == Some(Vec::new()))]
                {
                    let mut stream = wavec::sema::ItemStream::with_entry_attributes(guess, &Default::default());
                    wavec::syntax::parser::parse_each(tokens_again(), &mut |item, _| stream.item(&item));
                    match stream.finish(&Default::default()) {
                        Some((streamed, _)) => {
                            assert!(right, "{}: a wrong guess went unnoticed", path.display());
                            let s = streamed.map(|c| format!("{:?}", c.module));
                            assert!(s == o, "{}: the module streamed with a guess differs", path.display());
                            guessed_modules += 1;
                        }
                        None => assert!(!right, "{}: the right guess was refused", path.display()),
                    }
                }
            }
        }
    }
    assert!(compared_modules > 15, "too few inputs compiled: {compared_modules}");
    assert!(streamed_modules > 15, "too few inputs checked item by item: {streamed_modules}");
    assert!(needed_whole_tree > 0, "no input needed the whole tree: that path went untested");
    assert!(guessed_modules > 0, "no input was checked with a guess of the entry point's attributes");
}

/// Each function's `uses` (which backends read instead of walking every expression) must match
/// its body after sema and after the fallback pass rewrites the module; and it must see only
/// what the body can evaluate.
#[test]
fn function_uses_match_their_bodies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked_functions = 0;
    for dir in ["tests/golden", "samples"] {
        for e in std::fs::read_dir(root.join(dir)).expect("corpus folder") {
            let path = e.expect("entry").path();
            if path.extension().is_none_or(|x| x != "slang") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            let options = wavec::Options { file_name: path.display().to_string(), ..Default::default() };
            let Ok((checked, _)) = wavec::check(&text, &options) else { continue };
            let mut lowered = checked.module.clone();
            wavec::lower::emulate_group_wave(&mut lowered, checked.entry, wavec::stdlib::Stdlib::get())
                .expect("the fallback applies");
            for (stage, module) in [("sema", &checked.module), ("the fallback pass", &lowered)] {
                for (_, f) in module.functions.iter() {
                    assert_eq!(f.uses, f.gather_uses(), "{}: `{}` after {stage}", path.display(), f.name);
                    checked_functions += 1;
                }
            }
        }
    }
    assert!(checked_functions > 40, "too few functions checked: {checked_functions}");

    let source = r#"
        RWStructuredBuffer<uint> Out;
        RWStructuredBuffer<uint> Never;
        RWStructuredBuffer<uint> Counted;
        uint helper(uint x) { return x + Out[0]; }
        uint unused(uint x) { return x; }
        [numthreads(4, 1, 1)]
        void main(uint3 id : SV_DispatchThreadID) {
            if (false) { Never[0] = unused(1u); }
            Out[id.x] = helper(id.x) + Counted.IncrementCounter();
        }
    "#;
    let (checked, _) = wavec::check(source, &wavec::Options::default()).expect("compiles");
    let m = &checked.module;
    let id_of = |name: &str| m.functions.iter().find(|(_, f)| f.name == name).expect("function").0;
    let global_of = |name: &str| m.globals.iter().find(|(_, g)| g.name == name).expect("global").0;
    let main = &m.functions[id_of("main")];
    assert_eq!(main.uses.calls, vec![id_of("helper")], "the call in the dropped branch does not count");
    assert_eq!(main.uses.globals, vec![global_of("Out"), global_of("Counted")]);
    assert_eq!(main.uses.counters, vec![global_of("Counted")]);
    assert_eq!(m.functions[id_of("helper")].uses.globals, vec![global_of("Out")]);
}

/// A compilation whose look-ahead guess of the entry point's attributes is wrong (here the
/// token scan takes a `numthreads` argument for the attribute, sees two candidates and guesses
/// none) still folds `GetGroupWaveCount()` as the whole tree says: sema notices the fold read
/// the wrong attributes and the program is checked again as a whole.
#[test]
fn a_wrong_guess_of_the_entry_attributes_is_caught() {
    let source = r#"
        static const uint numthreads = 16;
        RWStructuredBuffer<uint> Out;
        uint waves() { return GetGroupWaveCount() * 10u; }
        [WaveSize(numthreads)] void helper() {}
        [numthreads(64, 1, 1)]
        void kernel(uint3 id : SV_DispatchThreadID) { Out[id.x] = waves(); }
    "#;
    let options = wavec::Options { wave_size: Some(32), ..Default::default() };
    let output = wavec::compile(source, &options).expect("compiles");
    let hlsl = output.text(wavec::Target::Hlsl).expect("hlsl");
    assert!(hlsl.contains("2u * 10u") || hlsl.contains("return 20u"), "the count is folded to 64 / 32:\n{hlsl}");
    assert!(!hlsl.contains(wavec::lower::group_wave::COUNT), "no fallback for a constant:\n{hlsl}");
}
