//! WGSL to SPIR-V through naga (its WGSL front end, validator and SPIR-V backend): how
//! `--via wgsl` runs wavec's WGSL on a Vulkan device, and how the tests validate every golden
//! WGSL output. The only module that uses naga.

use naga::valid::{Capabilities, ValidationFlags, Validator};

/// Parses and validates WGSL: the validated module, or naga's message.
///
/// naga 30 implements the subgroup built-ins and functions without the directive and rejects
/// `enable subgroups;` as "not yet implemented": the directive (which browsers require) is
/// blanked out, keeping line numbers, before naga reads the text.
fn validated(wgsl: &str) -> Result<(naga::Module, naga::valid::ModuleInfo), String> {
    let text = wgsl.replacen("enable subgroups;", "                 ", 1);
    let wgsl = text.as_str();
    let module = naga::front::wgsl::parse_str(wgsl)
        .map_err(|e| format!("naga rejects the WGSL:\n{}", e.emit_to_string(wgsl)))?;
    let info = Validator::new(ValidationFlags::all(), Capabilities::all())
        .subgroup_stages(naga::valid::ShaderStages::all())
        .subgroup_operations(naga::valid::SubgroupOperationSet::all())
        .validate(&module)
        .map_err(|e| format!("naga's validator rejects the WGSL:\n{}", e.emit_to_string(wgsl)))?;
    Ok((module, info))
}

/// Whether naga's WGSL front end and validator accept `wgsl`.
pub fn validate(wgsl: &str) -> Result<(), String> {
    validated(wgsl).map(|_| ())
}

/// The SPIR-V words of `wgsl` (SPIR-V 1.3, Vulkan's subgroup operations): bindings are the
/// WGSL's `@group`/`@binding`, which the writer took from [`crate::ir::bindings`]. Its
/// `override`s (specialization constants) take `constants` (by `@id`) or their defaults: naga
/// writes SPIR-V only once they are resolved.
pub fn spirv(wgsl: &str, constants: &[(u32, f64)]) -> Result<Vec<u32>, String> {
    let (module, info) = validated(wgsl)?;
    let constants: naga::back::PipelineConstants = constants.iter().map(|(id, v)| (id.to_string(), *v)).collect();
    let (module, info) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &constants)
        .map_err(|e| format!("naga cannot specialize the WGSL: {e}"))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        flags: naga::back::spv::WriterFlags::empty(),
        // HLSL's loops may run forever, and its groupshared memory starts undefined: neither
        // the loop counters nor the zeroing pass that naga would add has a meaning here.
        force_loop_bounding: false,
        zero_initialize_workgroup_memory: naga::back::spv::ZeroInitializeWorkgroupMemoryMode::None,
        // HLSL leaves integer division by zero undefined, as wavec's own SPIR-V does.
        emit_int_div_checks: false,
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| format!("naga cannot write SPIR-V: {e}"))
}
