//! Any byte string through the preprocessor, parser, sema and HLSL backend: no panic, no hang,
//! and every failure carries an error diagnostic that renders. Includes resolve against an
//! empty in-memory file set, so the fuzzer never touches the file system.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    for shader_model in [(6, 5), (6, 10)] {
        let options = wavec::Options { hlsl_shader_model: shader_model, ..Default::default() };
        let loader = wavec::syntax::preprocess::MemoryLoader::new();
        if let Err(diags) = wavec::compile_with_loader(source, &options, &loader) {
            assert!(diags.has_errors());
            let _ = diags.render_plain();
        }
    }
});
