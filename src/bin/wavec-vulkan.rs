//! `wavec-vulkan`: the wavec command line linked dynamically, so that it can load the system's
//! Vulkan driver. `wavec` is linked statically and hands `wavec run` and `wavec test` on the
//! Vulkan engine to this program (see `src/main.rs`); every other invocation works here too.
#![no_main]

#[path = "../cli/mod.rs"]
mod cli;

/// This program runs the Vulkan engine itself.
const VULKAN_HOST: Option<&str> = None;

/// The process entry, called by the C runtime (see [`cli::main`]).
#[export_name = "main"]
pub extern "C" fn entry(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    cli::main()
}
