//! The `wavec` program.
//!
//! build.rs links it statically where the C library allows (glibc's `libc.a`): a sample compile
//! takes about 2 ms, and the dynamic loader's work for libc, libm and libgcc_s was a fifth of
//! it. A static program cannot load the system's Vulkan driver, so the Vulkan engine of
//! `wavec run` and `wavec test` runs in `wavec-vulkan` (`src/bin/wavec-vulkan.rs`): the same
//! command line, linked dynamically and installed beside this program, which hands such an
//! invocation over whole.
#![cfg_attr(not(test), no_main)]

mod cli;

/// The program that runs the Vulkan engine, beside this one.
const VULKAN_HOST: Option<&str> = Some("wavec-vulkan");

/// The process entry, called by the C runtime (see [`cli::main`]).
// In the unit tests the harness brings its own `main`; there this is an ordinary function, kept
// (and everything it calls) so the test build sees the same code as the real one.
#[cfg_attr(not(test), export_name = "main")]
#[cfg_attr(test, allow(dead_code))]
pub extern "C" fn entry(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    cli::main()
}
