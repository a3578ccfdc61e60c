//! `wavec run` and `wavec test` without the command line: buffer specs ([`spec`]), test
//! directives ([`directive`]), running one dispatch on the Vulkan runner ([`crate::run`]) or the
//! CPU engine ([`crate::exec`]), checking the results, and the file × width matrix.
//!
//! Bindings follow the rule the SPIR-V backend and the CPU engine share ([`crate::ir::bindings`]).

pub mod directive;
pub mod filecheck;
pub mod slang;
pub mod slang_textures;
pub mod slang_values;
pub mod spec;

use crate::exec::{CpuBuffer, CpuOptions, LaneOrder};
use crate::run::{BufferInit, BufferKind, Dispatch};
use directive::{Check, TestFile, WordCount};
use spec::{BufferId, BufferSpec, DumpFormat};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where a dispatch runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The CPU engine at `width` lanes.
    Cpu { width: u32, lane_order: LaneOrder },
    /// A Vulkan device; `width` pins the subgroup size (else the device default).
    Vulkan { width: Option<u32>, device: Option<String>, via: Via },
    /// The first CUDA device, through the CUDA backend, nvcc and the driver API (32 lanes).
    Cuda,
}

/// How a shader reaches the Vulkan device.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Via {
    /// wavec's SPIR-V.
    #[default]
    Spirv,
    /// wavec's GLSL, compiled to SPIR-V by `glslangValidator -V` (`--via glsl`).
    Glsl,
    /// wavec's WGSL, compiled to SPIR-V by naga (`--via wgsl`).
    Wgsl,
}

impl Via {
    pub fn from_name(name: &str) -> Option<Via> {
        match name {
            "spirv" => Some(Via::Spirv),
            "glsl" => Some(Via::Glsl),
            "wgsl" => Some(Via::Wgsl),
            _ => None,
        }
    }
}

/// Compiles a job to SPIR-V words the way `via` says, with the entry point's name in them.
fn spirv_for(job: &Job, via: Via, entry: &str, scalar_layout: bool) -> Result<(Vec<u32>, String), String> {
    let mut options = job.options.clone();
    // The module keeps its defaults: the pipeline specializes it, as an application would.
    let specialization = std::mem::take(&mut options.specialization);
    let compile_error = |d: crate::diag::Diagnostics| format!("compile error:\n{}", d.render_plain());
    match via {
        Via::Spirv => {
            options.targets = vec![crate::Target::Spirv];
            let out = crate::compile(job.source, &options).map_err(compile_error)?;
            let spirv = words(out.binary(crate::Target::Spirv).unwrap_or_default());
            validate(&spirv, options.spirv_profile.target_env, scalar_layout)?;
            Ok((spirv, entry.to_string()))
        }
        Via::Glsl => {
            options.targets = vec![crate::Target::Glsl];
            let out = crate::compile(job.source, &options).map_err(compile_error)?;
            let glsl = out.text(crate::Target::Glsl).unwrap_or_default();
            // GLSL's entry point is always `main`.
            Ok((glslang(glsl)?, "main".to_string()))
        }
        Via::Wgsl => {
            options.targets = vec![crate::Target::Wgsl];
            let out = crate::compile(job.source, &options).map_err(compile_error)?;
            let wgsl = out.text(crate::Target::Wgsl).unwrap_or_default();
            // The WGSL entry point is always `main`.
            Ok((crate::back::wgsl::naga_spv::spirv(wgsl, &specialization)?, "main".to_string()))
        }
    }
}

/// `spirv-val` of wavec's SPIR-V before a run, where spirv-tools is installed: drivers run
/// much invalid SPIR-V without a word, so a test that passes on one would hide the module's
/// fault from the next.
fn validate(spirv: &[u32], target_env: &str, scalar_layout: bool) -> Result<(), String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut command = Command::new("spirv-val");
    command.args(["--target-env", target_env]);
    if scalar_layout {
        command.arg("--scalar-block-layout");
    }
    let child = command.arg("-").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    // Without spirv-tools there is nothing to check with; the run goes ahead.
    let Ok(mut child) = child else { return Ok(()) };
    let bytes: Vec<u8> = spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(&bytes).map_err(|e| format!("cannot give spirv-val the module: {e}"))?;
    }
    let out = child.wait_with_output().map_err(|e| format!("spirv-val did not finish: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "spirv-val --target-env {target_env} rejects wavec's SPIR-V (a wavec bug):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// `glslangValidator -V --target-env vulkan1.1` of a compute shader's GLSL: its SPIR-V words.
pub fn glslang(glsl: &str) -> Result<Vec<u32>, String> {
    let dir = std::env::temp_dir().join(format!("wavec-glsl-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (src, spv) = (dir.join("shader.comp"), dir.join("shader.spv"));
    std::fs::write(&src, glsl).map_err(|e| format!("cannot write {}: {e}", src.display()))?;
    let out = std::process::Command::new("glslangValidator")
        .args(["-V", "--target-env", "vulkan1.1", "-S", "comp", "-o"])
        .arg(&spv)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run glslangValidator (package glslang-tools): {e}"))?;
    let result = if out.status.success() {
        std::fs::read(&spv).map(|b| words(&b)).map_err(|e| format!("cannot read {}: {e}", spv.display()))
    } else {
        Err(format!(
            "glslangValidator rejects the GLSL:\n{}{}\n{glsl}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// One dispatch to run.
#[derive(Clone, Debug)]
pub struct Job<'a> {
    pub source: &'a str,
    /// Entry, defines, include folders, emulation, SPIR-V profile; `file_name` is the path.
    pub options: crate::Options,
    pub groups: [u32; 3],
    pub buffers: Vec<(BufferId, BufferSpec)>,
    pub timeout: Duration,
    /// Reads past a buffer's end give zero and writes there are dropped (Vulkan's robust
    /// buffer access), instead of being errors on the CPU engine.
    pub robust_buffer_access: bool,
}

/// The buffers after a dispatch, in the job's order, and where it ran.
#[derive(Clone, Debug)]
pub struct Ran {
    pub buffers: Vec<(BufferId, Vec<u8>)>,
    /// `llvmpipe (LLVM 15.0.7, 256 bits), 8 lanes` or `CPU engine, 8 lanes`.
    pub device: String,
    pub width: u32,
    /// What the CPU engine noticed that is not an error (a benign groupshared race), as text.
    pub warnings: String,
    /// The times of the timed runs ([`execute_timed`]): device time on Vulkan, wall time on the
    /// CPU engine.
    pub times: Vec<Duration>,
}

impl Ran {
    pub fn buffer(&self, id: BufferId) -> Option<&[u8]> {
        self.buffers.iter().find(|(b, _)| *b == id).map(|(_, d)| d.as_slice())
    }
}

fn words(data: &[u8]) -> Vec<u32> {
    data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Runs `job` on `engine`. Every failure (compile errors, bad bindings, device errors,
/// runtime checks of the CPU engine, timeouts) is an `Err` with a message for a person.
pub fn execute(job: &Job, engine: &Engine) -> Result<Ran, String> {
    execute_timed(job, engine, 0)
}

/// [`execute`], then `timed_runs` more dispatches timed (`wavec run --time`): on Vulkan from
/// timestamps around each dispatch, after warm-up dispatches, on the buffers as the first run
/// left them; on the CPU engine the wall time of each whole run, each from the job's buffers.
/// The buffers that come back are the first run's.
pub fn execute_timed(job: &Job, engine: &Engine, timed_runs: u32) -> Result<Ran, String> {
    execute_with(job, engine, timed_runs, None, false)
}

/// The job's options with the engine's wave size as `hardware_wave_size`, where a virtual wave
/// size is asked for without one: a virtual size above it then takes the wide rewrite.
fn hardware_for_virtual(job: &Job, engine: &Engine) -> Option<crate::Options> {
    job.options.virtual_wave_size?;
    if job.options.hardware_wave_size.is_some() {
        return None;
    }
    let hardware = match engine {
        Engine::Vulkan { width: None, device, .. } => crate::run::select_device(device.as_deref()).ok()?.subgroup_size,
        other => engine_width(other)?,
    };
    Some(crate::Options { hardware_wave_size: Some(hardware), ..job.options.clone() })
}

/// The job's buffers with each array of buffers' elements after one another in element order
/// (the engines take an array's buffers in the order given), where some binding has several;
/// an error where an element is given twice or one below a given one is missing.
fn elements_in_order(job: &Job) -> Result<Option<Vec<(BufferId, BufferSpec)>>, String> {
    if job.buffers.iter().all(|(id, _)| id.element == 0) {
        return Ok(None);
    }
    for (id, _) in &job.buffers {
        let given = |e: u32| job.buffers.iter().filter(|(b, _)| *b == id.at(e)).count();
        if given(id.element) > 1 {
            return Err(format!("buffer {id} is given twice"));
        }
        if let Some(missing) = (0..id.element).find(|&e| given(e) == 0) {
            return Err(format!(
                "buffer {id} is given, but not {}: the buffers of an array of buffers are its elements from 0 on",
                id.at(missing)
            ));
        }
    }
    let mut buffers = job.buffers.clone();
    // Stable: buffers of one element (every single buffer is element 0) keep their order.
    buffers.sort_by_key(|(id, _)| id.element);
    Ok(Some(buffers))
}

/// A serial reference entry point (`//! reference`): on the CPU engine, its groups one after
/// another, as a reference that updates a buffer from several groups expects.
fn execute_reference(job: &Job) -> Result<Ran, String> {
    execute_with(job, &Engine::Cpu { width: 1, lane_order: LaneOrder::Linear }, 0, None, true)
}

/// [`execute_timed`] on Vulkan with SPIR-V from elsewhere (another compiler's, `wavec run
/// --spirv`) and its entry point's name: the job's source still says what the bindings are.
pub fn execute_spirv(job: &Job, engine: &Engine, timed_runs: u32, spirv: &[u32], entry: &str) -> Result<Ran, String> {
    if matches!(engine, Engine::Cpu { .. }) {
        return Err("the CPU engine runs wavec's own programs, not SPIR-V".into());
    }
    execute_with(job, engine, timed_runs, Some((spirv, entry)), false)
}

fn execute_with(
    job: &Job,
    engine: &Engine,
    timed_runs: u32,
    prebuilt: Option<(&[u32], &str)>,
    serial: bool,
) -> Result<Ran, String> {
    let with_hardware;
    let job = match hardware_for_virtual(job, engine) {
        Some(options) => {
            with_hardware = Job { options, ..job.clone() };
            &with_hardware
        }
        None => job,
    };
    let in_order;
    let job = match elements_in_order(job)? {
        Some(buffers) => {
            in_order = Job { buffers, ..job.clone() };
            &in_order
        }
        None => job,
    };
    let (checked, warnings) =
        crate::check(job.source, &job.options).map_err(|d| format!("compile error:\n{}", d.render_plain()))?;
    let entry_name = checked.module.entry_points[checked.entry].name.clone();
    match engine {
        Engine::Cpu { width, lane_order } => {
            let opts = CpuOptions {
                width: *width,
                lane_order: *lane_order,
                emulate_group_wave: job.options.emulate == crate::Emulate::Always,
                virtual_wave_size: job.options.virtual_wave_size,
                threads: if serial { 1 } else { CpuOptions::default().threads },
                robust_buffer_access: job.robust_buffer_access,
                ..Default::default()
            };
            let mut bufs: Vec<CpuBuffer> = job
                .buffers
                .iter()
                .map(|(id, s)| {
                    let view = match s.kind {
                        Some(BufferKind::Image(d)) => Some(crate::image::View::Image(d)),
                        Some(BufferKind::Sampler(d, n)) => Some(crate::image::View::Sampler(d, n)),
                        Some(BufferKind::SampledImage(d, s)) => Some(crate::image::View::SampledImage(d, s)),
                        _ => None,
                    };
                    CpuBuffer { set: id.set, binding: id.binding, data: s.data.clone(), view }
                })
                .collect();
            // The CPU engine's addresses are known before the run: each buffer's by its place.
            for (i, (_, s)) in job.buffers.iter().enumerate() {
                for (offset, target) in &s.pointers {
                    let Some(t) = job.buffers.iter().position(|(b, _)| b == target) else {
                        return Err(format!("a pointer to buffer {target}, which the run has not"));
                    };
                    let at = *offset as usize;
                    let address = crate::exec::buffer_address(t).to_le_bytes();
                    bufs[i]
                        .data
                        .get_mut(at..at + 8)
                        .ok_or("a pointer past the end of its buffer")?
                        .copy_from_slice(&address);
                }
            }
            let groups = job.groups;
            let (tx, rx) = std::sync::mpsc::channel();
            // A thread so a kernel that never finishes can be abandoned at the timeout (it is
            // left running; the process exits soon after).
            let bufs_at_start = if timed_runs > 0 { bufs.clone() } else { Vec::new() };
            let spawned = std::thread::Builder::new().name("wavec-cpu".into()).stack_size(64 << 20).spawn(move || {
                let r = crate::exec::run_checked(&checked, groups, &mut bufs, &opts);
                let mut times = Vec::new();
                if r.is_ok() {
                    for _ in 0..timed_runs {
                        let mut fresh: Vec<CpuBuffer> = bufs_at_start.clone();
                        let start = std::time::Instant::now();
                        let _ = crate::exec::run_checked(&checked, groups, &mut fresh, &opts);
                        times.push(start.elapsed());
                    }
                }
                let _ = tx.send((r, bufs, times));
            });
            spawned.map_err(|e| format!("cannot start the CPU engine: {e}"))?;
            let timeout = job.timeout * (1 + timed_runs);
            let (result, bufs, times) = match rx.recv_timeout(timeout) {
                Ok(r) => r,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the dispatch did not finish within {:?} on the CPU engine \
                         (infinite loop, or a barrier that never completes?)",
                        job.timeout
                    ))
                }
                Err(_) => return Err("the CPU engine stopped unexpectedly (internal error)".into()),
            };
            let stats = match result {
                Ok(stats) => stats,
                Err(diags) => {
                    let d = crate::diag::Diagnostics { list: diags, sources: warnings.sources.clone() };
                    return Err(format!("the CPU engine reports:\n{}", d.render_plain()));
                }
            };
            let noticed = crate::diag::Diagnostics { list: stats.warnings, sources: warnings.sources.clone() };
            Ok(Ran {
                buffers: job.buffers.iter().map(|(id, _)| *id).zip(bufs.into_iter().map(|b| b.data)).collect(),
                device: format!("CPU engine, {width} lanes"),
                width: *width,
                warnings: if noticed.list.is_empty() { String::new() } else { noticed.render_plain() },
                times,
            })
        }
        Engine::Cuda => execute_cuda(job, timed_runs),
        Engine::Vulkan { width, device, via } => {
            // Descriptor kinds the spec leaves open come from the shader's declarations.
            let declared = crate::exec::declared_bindings(&checked.module, checked.entry).unwrap_or_default();
            let (spirv, entry_name) = match prebuilt {
                Some((words, entry)) => (words.to_vec(), entry.to_string()),
                None => spirv_for(job, *via, &entry_name, checked.module.needs_scalar_block_layout())?,
            };
            // The push constants travel apart from the descriptors.
            let push = job.buffers.iter().find(|(id, _)| *id == BufferId::PUSH).map(|(_, s)| s.data.clone());
            let bound: Vec<&(BufferId, BufferSpec)> =
                job.buffers.iter().filter(|(id, _)| *id != BufferId::PUSH).collect();
            // Pointers name their buffers by place among those the run binds.
            let addresses = |s: &BufferSpec| -> Result<Vec<(u32, usize)>, String> {
                s.pointers
                    .iter()
                    .map(|(offset, target)| match bound.iter().position(|(b, _)| b == target) {
                        Some(i) => Ok((*offset, i)),
                        None => Err(format!("a pointer to buffer {target}, which the run has not")),
                    })
                    .collect()
            };
            let mut buffers = Vec::with_capacity(bound.len());
            for (id, s) in &bound {
                let uniform = declared.iter().any(|b| b.set == id.set && b.binding == id.binding && b.uniform);
                let kind = match s.kind {
                    _ if id.set == BufferId::ADDRESSED => BufferKind::Addressed,
                    Some(k) => k,
                    None if uniform => BufferKind::Uniform,
                    None => BufferKind::Storage,
                };
                buffers.push(BufferInit {
                    set: id.set,
                    binding: id.binding,
                    kind,
                    data: s.data.clone(),
                    addresses: addresses(s)?,
                });
            }
            if *via == Via::Wgsl {
                separate_combined_samplers(&checked.module, checked.entry, &mut buffers);
            }
            let push_addresses = match job.buffers.iter().find(|(id, _)| *id == BufferId::PUSH) {
                Some((_, s)) => addresses(s)?,
                None => Vec::new(),
            };
            let d = Dispatch {
                spirv: &spirv,
                entry: &entry_name,
                groups: job.groups,
                buffers,
                subgroup_size: *width,
                timeout: job.timeout,
                device: device.clone(),
                scalar_block_layout: checked.module.needs_scalar_block_layout(),
                push_constants: push.clone(),
                push_addresses,
                timed_runs,
                robust_buffer_access: job.robust_buffer_access,
                specialization: match via {
                    Via::Wgsl => Vec::new(),
                    _ => specialization_bytes(&checked.module, &job.options.specialization),
                },
            };
            let out = crate::run::run_compute(&d).map_err(|e| e.to_string())?;
            let w = out.device.subgroup_size;
            if let Some(want) = width {
                if *want != w {
                    return Err(format!("asked for {want} lanes, but `{}` runs {w}", out.device.name));
                }
            }
            let mut buffers: Vec<(BufferId, Vec<u8>)> = bound.iter().map(|(id, _)| *id).zip(out.buffers).collect();
            buffers.extend(push.map(|p| (BufferId::PUSH, p)));
            Ok(Ran {
                buffers,
                device: format!("{}, {w} lanes", out.device.name),
                width: w,
                warnings: String::new(),
                times: out.times,
            })
        }
    }
}

/// WGSL binds a combined texture-sampler's sampler apart from its texture
/// ([`crate::ir::bindings::separate_combined_samplers`]): the `image:…+sampler:…` spec given
/// for the pair becomes the image, and the sampler at the sampler's own binding (appended:
/// what the run gives back is the buffers given).
fn separate_combined_samplers(module: &crate::ir::Module, entry: usize, buffers: &mut Vec<BufferInit>) {
    use crate::ir::bindings::{bindings, separate_combined_samplers, Binding, Slot};
    let together = bindings(module, entry);
    let apart = separate_combined_samplers(module, together.clone());
    for (h, g) in module.globals.iter() {
        let Some(texture) = g.shares_binding else { continue };
        let (Some(t), Some(s)) = (Binding::of(&together, Slot::Global(texture)), Binding::of(&apart, Slot::Global(h)))
        else {
            continue;
        };
        let Some(b) = buffers.iter_mut().find(|b| b.set == t.set && b.binding == t.binding) else { continue };
        let BufferKind::SampledImage(image, sampler) = b.kind else { continue };
        b.kind = BufferKind::Image(image);
        let kind = BufferKind::Sampler(sampler, image.count);
        buffers.push(BufferInit { set: s.set, binding: s.binding, kind, data: Vec::new(), addresses: Vec::new() });
    }
}

/// The bytes a Vulkan pipeline specializes each constant with (`VkSpecializationInfo`): the
/// value as its constant's type stores it (a `bool` as a 32-bit `VkBool32`).
fn specialization_bytes(module: &crate::ir::Module, values: &[(u32, f64)]) -> Vec<(u32, Vec<u8>)> {
    use crate::ir::Scalar as S;
    values
        .iter()
        .filter_map(|&(id, v)| {
            let sc = module.spec_constants.iter().find(|s| s.id == id)?;
            let bytes = match module.globals[sc.global].ty.scalar()? {
                S::Bool => u32::from(v != 0.0).to_le_bytes().to_vec(),
                S::F16 => (crate::exec::ops::f32_to_f16(v as f32) as u16).to_le_bytes().to_vec(),
                S::F32 => (v as f32).to_le_bytes().to_vec(),
                S::F64 => v.to_le_bytes().to_vec(),
                S::I64 => (v as i64).to_le_bytes().to_vec(),
                S::U64 => (v as u64).to_le_bytes().to_vec(),
                S::I16 | S::U16 => (v as i64 as u16).to_le_bytes().to_vec(),
                S::I8 | S::U8 => vec![v as i64 as u8],
                _ => (v as i64 as u32).to_le_bytes().to_vec(),
            };
            Some((id, bytes))
        })
        .collect()
}

/// The buffer layout `engine` fills its buffers by, in `options`: the CUDA engine's buffers
/// are C structs (`--layout scalar`); the others take the compilation's.
fn lay_out_for(engine: &Engine, options: &mut crate::Options) {
    if matches!(engine, Engine::Cuda) {
        options.layout = crate::layout::LayoutMode::Scalar;
    }
}

/// A dispatch on the CUDA engine: the kernel's parameters ([`crate::back::cuda::kernel_abi`])
/// filled from the job's buffers, laid out as C structs (`--layout scalar`).
fn execute_cuda(job: &Job, timed_runs: u32) -> Result<Ran, String> {
    use crate::run::cuda::{launch, Arg, Launch};
    let mut options = job.options.clone();
    lay_out_for(&Engine::Cuda, &mut options);
    options.targets = vec![crate::Target::Cuda];
    let compile_error = |d: crate::diag::Diagnostics| format!("compile error:\n{}", d.render_plain());
    let (checked, _) = crate::check(job.source, &options).map_err(compile_error)?;
    let out = crate::compile(job.source, &options).map_err(compile_error)?;
    let source = out.text(crate::Target::Cuda).unwrap_or_default().to_string();
    let ep = &checked.module.entry_points[checked.entry];
    let kernel = crate::back::cuda::kernel_name(&ep.name);
    let block = ep.numthreads.unwrap_or([1, 1, 1]);
    let abi = crate::back::cuda::kernel_abi(&checked.module, checked.entry);
    let find = |id: BufferId| job.buffers.iter().find(|(b, _)| *b == id).map(|(_, s)| s.data.clone());
    let mut args = Vec::new();
    let mut ids = Vec::new();
    for p in &abi {
        use crate::back::cuda::ParamKind;
        match p.kind {
            ParamKind::Pointer { set, binding } => {
                let id = BufferId { set, binding, element: 0 };
                args.push(Arg::Buffer(find(id).unwrap_or_default()));
                ids.push(id);
            }
            ParamKind::Count { set, binding, stride } => {
                let len = find(BufferId { set, binding, element: 0 }).map(|d| d.len()).unwrap_or(0) as u32;
                args.push(Arg::Uint(len / stride.max(1)));
            }
            ParamKind::Push => {
                args.push(Arg::Buffer(find(BufferId::PUSH).unwrap_or_default()));
                ids.push(BufferId::PUSH);
            }
            ParamKind::Image { set, binding, array } => {
                let id = BufferId { set, binding, element: 0 };
                let spec = job.buffers.iter().find(|(b, _)| *b == id).map(|(_, s)| s);
                let Some((desc, data)) = spec.and_then(|s| match s.kind {
                    Some(BufferKind::Image(d)) => Some((d, s.data.clone())),
                    _ => None,
                }) else {
                    return Err(format!(
                        "`{}` at set {set}, binding {binding} is a texture; supply an `image:` spec",
                        p.name
                    ));
                };
                let shape = crate::back::cuda::image_shape(&desc);
                args.push(match array {
                    false => Arg::Image(data, shape),
                    true => Arg::Images { data, shape, element_bytes: desc.element_bytes() },
                });
                ids.push(id);
            }
            ParamKind::Sampler { set, binding, array } => {
                let id = BufferId { set, binding, element: 0 };
                let spec = job.buffers.iter().find(|(b, _)| *b == id).map(|(_, s)| s);
                let Some(desc) = spec.and_then(|s| match s.kind {
                    Some(BufferKind::Sampler(d, n)) => Some((d, n)),
                    _ => None,
                }) else {
                    return Err(format!(
                        "`{}` at set {set}, binding {binding} is a sampler; supply a `sampler:` spec",
                        p.name
                    ));
                };
                let (desc, count) = desc;
                let bytes = crate::back::cuda::sampler_bytes(&desc);
                args.push(match array {
                    false => Arg::Value(bytes),
                    true => Arg::Device(bytes.repeat(count.max(1) as usize)),
                });
            }
            ParamKind::Unused => args.push(Arg::Null),
        }
    }
    let ran = launch(&Launch { source: &source, kernel: &kernel, grid: job.groups, block, args, timed_runs })?;
    let mut buffers: Vec<(BufferId, Vec<u8>)> = ids.into_iter().zip(ran.buffers).collect();
    // Buffers the kernel has no parameter for come back as they went.
    for (id, s) in &job.buffers {
        if !buffers.iter().any(|(b, _)| b == id) {
            buffers.push((*id, s.data.clone()));
        }
    }
    Ok(Ran {
        buffers,
        device: format!("{}, 32 lanes", ran.device),
        width: 32,
        warnings: String::new(),
        times: ran.times,
    })
}

/// The result of one file at one width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    /// Not run at this width, and why (`//! widths`, a Slang-format test this runner cannot run).
    Skip(String),
    /// A check failed; the text names each failing check and its first differing words.
    Fail(String),
    /// The file could not be run (directives, compile error, device error, timeout).
    Error(String),
}

impl Outcome {
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Pass => "PASS",
            Outcome::Skip(_) => "SKIP",
            Outcome::Fail(_) | Outcome::Error(_) => "FAIL",
        }
    }
    pub fn failed(&self) -> bool {
        matches!(self, Outcome::Fail(_) | Outcome::Error(_))
    }
    /// One line for a child process's report: `@@wavec-cell INDEX KIND ESCAPED-TEXT`.
    pub fn to_line(&self, index: usize) -> String {
        let esc = |s: &str| s.replace('\\', "\\\\").replace('\n', "\\n");
        match self {
            Outcome::Pass => format!("{CELL_TAG} {index} PASS"),
            Outcome::Skip(s) => format!("{CELL_TAG} {index} SKIP {}", esc(s)),
            Outcome::Fail(s) => format!("{CELL_TAG} {index} FAIL {}", esc(s)),
            Outcome::Error(s) => format!("{CELL_TAG} {index} ERROR {}", esc(s)),
        }
    }
    /// Reads a line written by [`Outcome::to_line`].
    /// A child's line of a passing file's timed dispatches: `@@wavec-time INDEX US,US,…`.
    pub fn times_line(index: usize, times: &[Duration]) -> String {
        let us: Vec<String> = times.iter().map(|t| format!("{:.3}", t.as_secs_f64() * 1e6)).collect();
        format!("{TIME_TAG} {index} {}", us.join(","))
    }

    pub fn times_from_line(line: &str) -> Option<(usize, Vec<Duration>)> {
        let (index, us) = line.strip_prefix(TIME_TAG)?.strip_prefix(' ')?.split_once(' ')?;
        let times: Option<Vec<Duration>> =
            us.split(',').map(|u| u.parse::<f64>().ok().map(|u| Duration::from_secs_f64(u / 1e6))).collect();
        Some((index.parse().ok()?, times?))
    }

    pub fn from_line(line: &str) -> Option<(usize, Outcome)> {
        let rest = line.strip_prefix(CELL_TAG)?.strip_prefix(' ')?;
        let mut parts = rest.splitn(3, ' ');
        let index = parts.next()?.parse().ok()?;
        let kind = parts.next()?;
        let mut text = String::new();
        let mut chars = parts.next().unwrap_or("").chars();
        while let Some(c) = chars.next() {
            match (c, c == '\\') {
                (_, true) => match chars.next() {
                    Some('n') => text.push('\n'),
                    Some(o) => text.push(o),
                    None => {}
                },
                (c, false) => text.push(c),
            }
        }
        let o = match kind {
            "PASS" => Outcome::Pass,
            "SKIP" => Outcome::Skip(text),
            "FAIL" => Outcome::Fail(text),
            "ERROR" => Outcome::Error(text),
            _ => return None,
        };
        Some((index, o))
    }
}

/// Marks a child's result lines.
pub const CELL_TAG: &str = "@@wavec-cell";
/// The tag of a child's line of timed dispatches ([`Outcome::times_line`]).
pub const TIME_TAG: &str = "@@wavec-time";

/// At most this many differing words are shown per failing check.
pub const MAX_DIFFS: usize = 8;

fn diff_report(
    expected: &[u32],
    actual: &[u32],
    same: impl Fn(u32, u32) -> bool,
    show: impl Fn(u32) -> String,
) -> Option<String> {
    let diffs: Vec<usize> = (0..expected.len()).filter(|&i| !same(expected[i], actual[i])).collect();
    if diffs.is_empty() {
        return None;
    }
    let mut s = format!("{} of {} words differ", diffs.len(), expected.len());
    for &i in diffs.iter().take(MAX_DIFFS) {
        s.push_str(&format!("\n    [{i}] expected {}, actual {}", show(expected[i]), show(actual[i])));
    }
    if diffs.len() > MAX_DIFFS {
        s.push_str(&format!("\n    … and {} more", diffs.len() - MAX_DIFFS));
    }
    Some(s)
}

fn close(tolerance: f32) -> impl Fn(u32, u32) -> bool {
    move |e, a| {
        let (e, a) = (f32::from_bits(e), f32::from_bits(a));
        (e.is_nan() && a.is_nan()) || e == a || (e - a).abs() <= tolerance * e.abs().max(1.0)
    }
}

/// Evaluates one check; `Ok(None)` passes, `Ok(Some(why))` fails, `Err` cannot be evaluated.
fn evaluate(check: &Check, ran: &Ran, reference: Option<&Ran>) -> Result<Option<String>, String> {
    let get = |r: &Ran, b: BufferId| r.buffer(b).map(words).ok_or_else(|| format!("no buffer {b} in the run"));
    match check {
        Check::Expect { buffer, words: expected, format } => {
            let actual = get(ran, *buffer)?;
            if actual.len() < expected.len() {
                return Ok(Some(format!(
                    "buffer {buffer} has {} words, but {} are expected",
                    actual.len(),
                    expected.len()
                )));
            }
            Ok(diff_report(expected, &actual[..expected.len()], |e, a| e == a, |w| format.word(w)))
        }
        Check::ExpectFile { buffer, path } => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
            let actual = ran.buffer(*buffer).ok_or_else(|| format!("no buffer {buffer} in the run"))?;
            if actual.len() != bytes.len() {
                return Ok(Some(format!(
                    "buffer {buffer} has {} bytes, `{}` has {}",
                    actual.len(),
                    path.display(),
                    bytes.len()
                )));
            }
            let mut r = diff_report(&words(&bytes), &words(actual), |e, a| e == a, |w| DumpFormat::Hex.word(w));
            if r.is_none() && actual != bytes.as_slice() {
                r = Some("the trailing bytes differ".into());
            }
            Ok(r)
        }
        Check::Compare { buffer, sorted, tolerance, words: count } => {
            let reference = reference.ok_or("no reference run")?;
            let mut expected = get(reference, *buffer)?;
            let mut actual = get(ran, *buffer)?;
            let n = match count {
                WordCount::All => expected.len(),
                WordCount::Fixed(n) => *n,
                WordCount::From { buffer: b, index } => {
                    let w = get(reference, *b)?;
                    *w.get(*index).ok_or_else(|| format!("buffer {b} of the reference run has no word {index}"))?
                        as usize
                }
            };
            if n > expected.len() || n > actual.len() {
                return Ok(Some(format!(
                    "{n} words compared, but buffer {buffer} has {} words (reference: {})",
                    actual.len(),
                    expected.len()
                )));
            }
            if actual.len() != expected.len() && matches!(count, WordCount::All) {
                return Ok(Some(format!(
                    "buffer {buffer} has {} words, the reference {}",
                    actual.len(),
                    expected.len()
                )));
            }
            expected.truncate(n);
            actual.truncate(n);
            if *sorted {
                expected.sort_unstable();
                actual.sort_unstable();
            }
            Ok(match tolerance {
                Some(t) => diff_report(&expected, &actual, close(*t), |w| DumpFormat::F32.word(w)),
                None => diff_report(&expected, &actual, |e, a| e == a, |w| DumpFormat::U32.word(w)),
            })
        }
        Check::Slang { outputs, expect } => {
            let text = slang::render(outputs, |b| ran.buffer(b).map(<[u8]>::to_vec))?;
            Ok(slang::compare(expect, &text).map(|why| {
                let shown: Vec<&str> = text.lines().take(40).collect();
                let more = text.lines().count().saturating_sub(shown.len());
                let more = if more > 0 { format!("\n… and {more} more lines") } else { String::new() };
                format!("{why}\n  output:\n{}{}", indent(&indent(&shown.join("\n"))), indent(&indent(&more)))
            }))
        }
    }
}

/// The engine's wave width (`None`: the Vulkan device default).
fn engine_width(engine: &Engine) -> Option<u32> {
    match engine {
        Engine::Cpu { width, .. } => Some(*width),
        Engine::Vulkan { width, .. } => *width,
        Engine::Cuda => Some(32),
    }
}

/// Runs a test file at one width and evaluates its checks. `device` is the Vulkan device's
/// name (for `skip-device`), empty on the CPU engine.
pub fn run_file(t: &TestFile, engine: &Engine, device: &str, timeout: Duration) -> Outcome {
    run_file_at(t, engine, device, timeout, None)
}

/// [`run_file`] at a virtual wave width (`--virtual-wave-size`), when `virtual_width` is given:
/// the file's widths, `[WaveSize]` and skips are read at that width, the engine's own waves
/// must be a multiple of it.
pub fn run_file_at(
    t: &TestFile,
    engine: &Engine,
    device: &str,
    timeout: Duration,
    virtual_width: Option<u32>,
) -> Outcome {
    run_file_timed(t, engine, device, timeout, virtual_width, 0).0
}

/// [`run_file_at`], then `timed_runs` more dispatches timed as `wavec run --time` times them
/// (none when the file did not pass): `wavec test --time`.
pub fn run_file_timed(
    t: &TestFile,
    engine: &Engine,
    device: &str,
    timeout: Duration,
    virtual_width: Option<u32>,
    timed_runs: u32,
) -> (Outcome, Vec<Duration>) {
    let mut times = Vec::new();
    let outcome = run_checked(t, engine, device, timeout, virtual_width, timed_runs, &mut times);
    if outcome != Outcome::Pass {
        times.clear();
    }
    (outcome, times)
}

fn run_checked(
    t: &TestFile,
    engine: &Engine,
    device: &str,
    timeout: Duration,
    virtual_width: Option<u32>,
    timed_runs: u32,
    times: &mut Vec<Duration>,
) -> Outcome {
    // A `--virtual-widths` column decides; otherwise a `//! virtual-widths` row's own width.
    let virtual_width = virtual_width.or(t.virtual_width);
    if let Some(why) = &t.blocked {
        return Outcome::Skip(why.clone());
    }
    if t.cpu_only && matches!(engine, Engine::Vulkan { .. } | Engine::Cuda) {
        return Outcome::Skip("a Slang `-cpu` test: it runs on the CPU engine only".into());
    }
    if let Some(w) = virtual_width.or(engine_width(engine)) {
        if !t.runs_at(w) {
            let why = t.widths_reason.clone().unwrap_or_else(|| "`//! widths` leaves this width out".into());
            return Outcome::Skip(why);
        }
        if matches!(engine, Engine::Vulkan { .. }) && t.skips_device(device, w) {
            return Outcome::Skip(format!("`//! skip-device` leaves `{device}` out at this width"));
        }
        // A `[WaveSize]` entry point runs only at the sizes it names.
        if let Ok((checked, _)) = crate::check(&t.source, &t.options(None)) {
            if let Some(ws) = checked.module.entry_points[checked.entry].wave_size {
                if w < ws.min || w > ws.max {
                    return Outcome::Skip(format!("the entry point's `[WaveSize]` is {}..{}", ws.min, ws.max));
                }
            }
        }
    }
    let mut options = t.options(None);
    // At the hardware's own width the rewrite is off: the program is the one that would run.
    options.virtual_wave_size = virtual_width.filter(|&n| engine_width(engine) != Some(n));
    let job = Job {
        source: &t.source,
        options,
        groups: t.dispatch,
        buffers: t.buffers.clone(),
        timeout,
        robust_buffer_access: t.robust_buffer_access,
    };
    if let Some(why) =
        backend_refusal(&job, engine).or_else(|| wide_refusal(&job, engine)).or_else(|| heap_refusal(&job, engine))
    {
        return Outcome::Skip(why);
    }
    let ran = match execute_timed(&job, engine, timed_runs) {
        Ok(r) => r,
        Err(e) if e.contains(crate::run::MISSING_FEATURE) => return Outcome::Skip(e),
        Err(e) => return Outcome::Error(e),
    };
    times.clone_from(&ran.times);
    let reference = match &t.reference {
        None if t.reference_cpu => {
            // At a virtual width, the CPU engine's own waves of that width.
            let width = virtual_width.unwrap_or(ran.width);
            let mut options = job.options.clone();
            options.virtual_wave_size = None;
            // The bytes compared are the run's.
            lay_out_for(engine, &mut options);
            let engine = Engine::Cpu { width, lane_order: LaneOrder::Linear };
            match execute_with(&Job { options, ..job.clone() }, &engine, 0, None, false) {
                Ok(r) => Some(r),
                Err(e) => return Outcome::Error(format!("the CPU engine at {width} lanes: {e}")),
            }
        }
        None => None,
        Some((name, groups)) => {
            let mut options = t.options(Some(name));
            lay_out_for(engine, &mut options);
            let job = Job { options, groups: groups.unwrap_or(t.dispatch), ..job.clone() };
            match execute_reference(&job) {
                Ok(r) => Some(r),
                Err(e) => return Outcome::Error(format!("reference entry point `{name}`: {e}")),
            }
        }
    };
    let mut failures = Vec::new();
    for c in &t.checks {
        match evaluate(&c.check, &ran, reference.as_ref()) {
            Ok(None) => {}
            Ok(Some(why)) => failures.push(format!("line {}: `{}`: {why}", c.line, c.text)),
            Err(e) => return Outcome::Error(format!("line {}: `{}`: {e}", c.line, c.text)),
        }
    }
    if failures.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(failures.join("\n"))
    }
}

/// Why a virtual wave width wider than the engine's waves cannot run the shader, where the wide
/// rewrite refuses it (E0633: a wave operation under control flow that differs between the
/// group's threads): a limit of the emulation the README states, a SKIP with its reason.
fn wide_refusal(job: &Job, engine: &Engine) -> Option<String> {
    let options = hardware_for_virtual(job, engine)?;
    if !crate::wide_virtual(&options) {
        return None;
    }
    let options = crate::Options { targets: vec![crate::Target::Hlsl], ..options };
    let Err(d) = crate::compile(job.source, &options) else { return None };
    let refusal = d.list.iter().find(|d| d.code == "E0633")?;
    let at = refusal.labels.first().map(|l| d.sources.describe(l.span)).unwrap_or_default();
    Some(format!("{} {} ({at})", refusal.code, refusal.message))
}

/// Why the backend that `--via` goes through refuses the shader, where it does with its own
/// diagnostics only (WGSL's E0650–E0655, GLSL's E0620–E0624: what the language has no form for
/// is a SKIP, not a failure; SPIR-V's E0670: an address it cannot take or a handle it has no
/// heap for), and why the CPU engine or CUDA cannot run it: inline SPIR-V (E0428), which only
/// SPIR-V has.
fn backend_refusal(job: &Job, engine: &Engine) -> Option<String> {
    let (target, name, codes) = match engine {
        Engine::Vulkan { via: Via::Wgsl, .. } => (crate::Target::Wgsl, "WGSL", "E065"),
        Engine::Vulkan { via: Via::Glsl, .. } => (crate::Target::Glsl, "GLSL", "E062"),
        Engine::Vulkan { via: Via::Spirv, .. } => (crate::Target::Spirv, "SPIR-V", "E0670"),
        Engine::Cuda => (crate::Target::Cuda, "CUDA", "E0428"),
        Engine::Cpu { .. } => {
            if !job.source.contains("spirv_asm") {
                return None;
            }
            let (checked, _) = crate::check(job.source, &job.options).ok()?;
            let stdlib = crate::stdlib::Stdlib::get();
            let selected = crate::lower::target_switch::select_for(
                &checked.module,
                crate::lower::target_switch::Choice::CpuEngine,
                stdlib,
            );
            let module = selected.as_ref().unwrap_or(&checked.module);
            let d = crate::lower::spirv_asm::refuse(module, checked.entry, "the CPU engine").err()?;
            return Some(format!("not on the CPU engine: {} {}", d[0].code, d[0].message));
        }
    };
    let mut options = job.options.clone();
    options.targets = vec![target];
    let Err(d) = crate::compile(job.source, &options) else { return None };
    let errors: Vec<&crate::diag::Diagnostic> = d.list.iter().filter(|d| d.is_error()).collect();
    let refused = |d: &&crate::diag::Diagnostic| d.code.starts_with(codes) || d.code == "E0428";
    if errors.is_empty() || !errors.iter().all(refused) {
        return None;
    }
    Some(format!("not through {name}: {} {}", errors[0].code, errors[0].message))
}

/// Why a Vulkan run cannot give the shader its inputs: a buffer given to a descriptor handle
/// (`uniform StructuredBuffer<float>.Handle h;`) belongs in the descriptor heap, which the
/// Vulkan runner does not fill (the CPU engine gives the handle the buffer's address).
fn heap_refusal(job: &Job, engine: &Engine) -> Option<String> {
    if !matches!(engine, Engine::Vulkan { .. }) || !job.buffers.iter().any(|(id, _)| id.set == BufferId::ADDRESSED) {
        return None;
    }
    let (checked, _) = crate::check(job.source, &job.options).ok()?;
    let handle = checked.module.globals.iter().find(|(_, g)| g.ty.handle_resource().is_some())?;
    Some(format!(
        "the buffer given to descriptor handle `{}` belongs in the descriptor heap, which the Vulkan runner does not fill",
        handle.1.name
    ))
}

/// How one `//! expect-output` check went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputCheck {
    Pass,
    /// Written (BLESS=1 or `--bless`).
    Blessed,
    /// The output differs from the file, or the file or the compilation is missing.
    Fail(String),
}

/// Compiles `t` for each of its `expect-output` directives and compares the output with the
/// file, or writes the file when `bless`: (the directive's `file:line`, the outcome).
pub fn check_expected_outputs(t: &TestFile, bless: bool) -> Vec<(String, OutputCheck)> {
    t.expect_outputs
        .iter()
        .map(|e| {
            let at = format!("{}:{}", t.path.display(), e.line);
            let options = crate::Options { targets: vec![e.target], ..t.options(None) };
            let actual = match crate::compile(&t.source, &options) {
                Ok(out) => out.text(e.target).unwrap_or_default().to_string(),
                Err(d) => return (at, OutputCheck::Fail(format!("does not compile:\n{}", d.render_plain()))),
            };
            if bless {
                return match std::fs::write(&e.path, &actual) {
                    Ok(()) => (at, OutputCheck::Blessed),
                    Err(err) => (at, OutputCheck::Fail(format!("cannot write `{}`: {err}", e.path.display()))),
                };
            }
            let expected = match std::fs::read_to_string(&e.path) {
                Ok(x) => x,
                Err(err) => {
                    let why = format!("cannot read `{}`: {err} (BLESS=1 or --bless writes it)", e.path.display());
                    return (at, OutputCheck::Fail(why));
                }
            };
            if expected == actual {
                return (at, OutputCheck::Pass);
            }
            let (exp, act): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
            let n = (0..exp.len().max(act.len())).find(|&i| exp.get(i) != act.get(i)).unwrap_or(0);
            let why = format!(
                "the {} output differs from `{}` at line {}:\n  expected: {}\n  actual:   {}\n(BLESS=1 or --bless rewrites it)",
                e.target.name(),
                e.path.display(),
                n + 1,
                exp.get(n).copied().unwrap_or("<end of file>"),
                act.get(n).copied().unwrap_or("<end of output>")
            );
            (at, OutputCheck::Fail(why))
        })
        .collect()
}

/// The files `wavec test PATH…` runs: files as given; folders give every `*.slang` with a
/// `//! dispatch` directive or in Slang's test format (not recursive), sorted.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| format!("cannot read folder `{}`: {e}", p.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "slang") && f.is_file())
                .filter(|f| {
                    crate::syntax::preprocess::read_source(f)
                        .is_ok_and(|s| directive::has_directives(&s) || slang::is_slang_test(&s))
                })
                .collect();
            found.sort();
            files.extend(found);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("`{}` does not exist", p.display()));
        }
    }
    if files.is_empty() {
        return Err(
            "no test files (a test is a .slang file with a `//! dispatch` directive, or in Slang's test format)".into(),
        );
    }
    Ok(files)
}

/// The test cases of a file: one for a file of `//!` directives, one per Vulkan
/// `COMPARE_COMPUTE` line for a file in Slang's format.
/// `module_dirs`: the standard-module folders `import` searches (a Slang test's inputs are
/// bound as its compiled shader declares them, so they are needed already here).
pub fn load(path: &Path, module_dirs: &[std::path::PathBuf]) -> Vec<slang::Case> {
    let name = path.display().to_string();
    let source = match crate::syntax::preprocess::read_source(path) {
        Ok(s) => s,
        Err(e) => return vec![slang::Case { name, test: Err(format!("cannot read `{}`: {e}", path.display())) }],
    };
    if slang::is_slang_test(&source) && !directive::has_directives(&source) {
        let mut cases = slang::parse(path, &source, module_dirs);
        match slang::own_widths(&source) {
            Ok(Some(w)) => {
                for t in cases.iter_mut().filter_map(|c| c.test.as_mut().ok()) {
                    t.widths = Some(w.clone());
                    t.widths_reason = None;
                }
            }
            Ok(None) => {}
            Err(e) => return vec![slang::Case { name, test: Err(format!("`//! widths`: {e}")) }],
        }
        return cases;
    }
    let test = directive::parse(path, &source).map(|t| TestFile { module_dirs: module_dirs.to_vec(), ..t });
    let virtual_widths = test.as_ref().map(|t| t.virtual_widths.clone()).unwrap_or_default();
    let mut cases = vec![slang::Case { name: name.clone(), test }];
    // `//! virtual-widths`: a row per virtual width, run at it on every hardware width.
    for n in virtual_widths {
        let test = cases[0].test.clone().map(|t| TestFile { virtual_width: Some(n), ..t });
        cases.push(slang::Case { name: format!("{name} @virtual {n}"), test });
    }
    cases
}

/// The matrix (file rows × width columns), then every failure in full.
/// The median time of each passing file at each width, in µs (`wavec test --time`).
pub fn render_times(files: &[String], widths: &[u32], times: &[Vec<Vec<Duration>>]) -> String {
    let name_w = files.iter().map(String::len).max().unwrap_or(4).max(4);
    let runs = times.iter().flatten().map(Vec::len).max().unwrap_or(0);
    let mut s = format!("\nmedian time of {runs} timed dispatches, µs\n{:<name_w$}", "file");
    for w in widths {
        s.push_str(&format!("  {w:>9}"));
    }
    s.push('\n');
    for (f, row) in files.iter().zip(times) {
        s.push_str(&format!("{f:<name_w$}"));
        for t in row {
            let mut us: Vec<f64> = t.iter().map(|t| t.as_secs_f64() * 1e6).collect();
            us.sort_by(f64::total_cmp);
            match us.len() {
                0 => s.push_str(&format!("  {:>9}", "-")),
                n if n % 2 == 1 => s.push_str(&format!("  {:>9.1}", us[n / 2])),
                n => s.push_str(&format!("  {:>9.1}", (us[n / 2 - 1] + us[n / 2]) / 2.0)),
            }
        }
        s.push('\n');
    }
    s
}

pub fn render_report(files: &[String], widths: &[u32], cells: &[Vec<Outcome>]) -> String {
    let name_w = files.iter().map(String::len).max().unwrap_or(4).max(4);
    let mut s = format!("{:<name_w$}", "file");
    for w in widths {
        s.push_str(&format!("  {:>4}", w));
    }
    s.push('\n');
    for (f, row) in files.iter().zip(cells) {
        s.push_str(&format!("{f:<name_w$}"));
        for c in row {
            s.push_str(&format!("  {:>4}", c.label()));
        }
        s.push('\n');
    }
    let count = |p: fn(&Outcome) -> bool| cells.iter().flatten().filter(|c| p(c)).count();
    let (pass, fail, skip) =
        (count(|c| *c == Outcome::Pass), count(Outcome::failed), count(|c| matches!(c, Outcome::Skip(_))));
    s.push_str(&format!("\n{pass} passed, {fail} failed, {skip} skipped\n"));
    // Skips, one line per file and reason, with the widths it covers.
    for (f, row) in files.iter().zip(cells) {
        let mut reasons: Vec<(&str, Vec<String>)> = Vec::new();
        for (w, c) in widths.iter().zip(row) {
            if let Outcome::Skip(why) = c {
                match reasons.iter_mut().find(|(r, _)| r == why) {
                    Some((_, ws)) => ws.push(w.to_string()),
                    None => reasons.push((why, vec![w.to_string()])),
                }
            }
        }
        for (why, ws) in reasons {
            let at =
                if ws.len() == widths.len() { "every width".to_string() } else { format!("width {}", ws.join(", ")) };
            s.push_str(&format!("\nSKIP {f} at {at}: {why}\n"));
        }
    }
    for (f, row) in files.iter().zip(cells) {
        for (w, c) in widths.iter().zip(row) {
            match c {
                Outcome::Fail(why) => s.push_str(&format!("\nFAIL {f} at width {w}:\n{}\n", indent(why))),
                Outcome::Error(why) => s.push_str(&format!("\nFAIL {f} at width {w}: error:\n{}\n", indent(why))),
                _ => {}
            }
        }
    }
    s
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_lines_round_trip() {
        for o in [
            Outcome::Pass,
            Outcome::Skip("the wave size".into()),
            Outcome::Fail("line 3: a\\b\n  [0] expected 1, actual 2".into()),
            Outcome::Error(String::new()),
        ] {
            assert_eq!(Outcome::from_line(&o.to_line(7)), Some((7, o)));
        }
        assert_eq!(Outcome::from_line("noise"), None);
    }

    #[test]
    fn diffs_show_at_most_eight_words() {
        let e: Vec<u32> = (0..20).collect();
        let a: Vec<u32> = (0..20).map(|i| if i % 2 == 0 { i } else { i + 100 }).collect();
        let r = diff_report(&e, &a, |x, y| x == y, |w| w.to_string()).unwrap();
        assert!(r.starts_with("10 of 20 words differ\n    [1] expected 1, actual 101"), "{r}");
        assert_eq!(r.matches("expected").count(), MAX_DIFFS);
        assert!(r.ends_with("… and 2 more"), "{r}");
        assert!(close(1e-5)(1.0f32.to_bits(), 1.000001f32.to_bits()));
        assert!(!close(1e-5)(1.0f32.to_bits(), 1.001f32.to_bits()));
    }
}
