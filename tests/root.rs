//! The single integration-test binary (`autotests = false`): one link, shared helpers.

mod bindings;
mod capi;
mod cli;
mod cpu_exec;
mod cuda;
mod diagnostics;
mod execute;
mod expect_output;
mod fuzz;
mod golden;
mod intrinsic_matrix;
mod layering;
mod layout_exec;
mod metal;
mod ray_pipeline;
mod reflection;
mod row_major_matrices;
mod run_cli;
mod spirv_exec;
mod structured;
mod support;
mod textures;
mod virtual_waves;
mod vulkan_runner;
