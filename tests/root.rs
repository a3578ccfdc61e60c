//! The single integration-test binary (`autotests = false`): one link, shared helpers.

mod bindings;
mod cli;
mod cpu_exec;
mod cuda;
mod diagnostics;
mod execute;
mod fuzz;
mod golden;
mod intrinsic_matrix;
mod layering;
mod layout_exec;
mod run_cli;
mod spirv_exec;
mod support;
mod textures;
mod virtual_waves;
mod vulkan_runner;
