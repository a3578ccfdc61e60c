//! The CPU reference executor: runs the typed IR exactly, at any wave width from 1 to 128.
//!
//! No GPU runs a shader at a wave width other than its own, and no compiler's CPU target has wave
//! intrinsics. This engine does: thread groups are split into waves of `width` lanes in
//! `SV_GroupIndex` order (or shuffled, [`LaneOrder`]), and each wave executes in lock step with an
//! *active mask*, so every wave intrinsic sees exactly the lanes HLSL's model says are active.
//!
//! # Design
//!
//! [`compile`] lowers the IR **once** into a compact register bytecode ([`compile::Program`]):
//!
//! - Every value is flattened into scalar components; each component lives in a *virtual
//!   register*, which holds one `u64` per lane (structure of arrays: register `r` of lane `l` is
//!   `regs[r * width + l]`). A component's kind (`bool`, the 8-, 16-, 32- and 64-bit integers,
//!   `half`, `float`, `double`) is known at compile time and baked into the instruction: binary
//!   operators and conversions carry a monomorphized function pointer, so the interpreter loops
//!   over the active lanes without decoding anything per lane.
//! - Functions are inlined at their call sites (HLSL has no recursion); `out`/`inout` arguments
//!   are copied back at the call's end, as HLSL specifies.
//! - Structured control flow becomes mask instructions over a small array of per-wave *mask
//!   slots* (`u128`, one bit per lane): `IfBegin`/`Else`/`Merge`, `LoopBegin`/`LoopCond`/
//!   `LoopContinue`/`LoopBack`/`LoopEnd`, `Case`/`CaseEnd` for `switch`, `Kill` for `break`,
//!   `continue` and `return` (the lanes leave the active mask and rejoin at the merge of the
//!   construct they left: the loop's end, the loop's continue point, or the call's end). A branch
//!   or loop whose mask becomes empty is jumped over. Lanes that return from the entry point
//!   never come back. Scalar `&&`, `||` and `?:` short-circuit (HLSL 2021) through the same
//!   masks, so `i < n && buf[i]` never reads out of bounds.
//! - Memory accesses name a *place*: a root (registers, groupshared words, or a bound buffer),
//!   dynamic indices with their bounds, and one (offset, kind) per component.
//! - Intrinsics are not matched by name: each stdlib declaration carries a `[cpu(...)]` lowering
//!   attribute (`stdlib/README.md`) naming a small family (`reduce`, `scan_exclusive`,
//!   `ballot`, `read_lane`, `math`, `atomic`, `barrier`, …) that this module interprets.
//!
//! Execution: groups run one after the other; within a group, waves run round-robin, each until
//! it reaches a `GroupMemoryBarrierWithGroupSync` (or finishes). When every live wave waits at
//! the same barrier, they are released together. Reductions and atomics proceed in lane order,
//! so every run is deterministic.
//!
//! # Semantics
//!
//! Integers wrap at their width; division by zero gives all ones (D3D's `udiv`), shifts mask
//! their amount; floats are IEEE binary32 through Rust's `f32` (no fast-math, no denormal
//! flushing), `half` is binary16, rounded after every operation ([`crate::numeric`]); `min`/
//! `max` follow `fmin`/`fmax` (a NaN operand yields the other). Buffers are laid out as the
//! SPIR-V backend lays them out, by [`crate::layout`] and the module's `--layout` (DXC's relaxed
//! std430 for storage buffers and relaxed std140 for `cbuffer` and `ConstantBuffer<T>` by
//! default), matrices by their declared majorness; byte-address buffers are read as packed words.
//! Bindings: [`crate::ir::bindings`], the rule the SPIR-V backend follows too; a run needs
//! buffers only for the resources the entry point uses.
//! Memory barriers without group sync and wave barriers are no-ops: sequential execution is
//! already ordered. Textures and samplers are bound images and sampler states
//! ([`crate::image`]); they are read by Vulkan's rules ([`texture`]) and written in their
//! format.
//!
//! # Checks a GPU can't give
//!
//! Each is reported as an error [`Diagnostic`] with the span of the offending expression and the
//! group, thread and lane: `E0701` out-of-bounds buffer or array index, `E0702` read of
//! groupshared memory no thread of the group wrote, `E0703` groupshared data race between two
//! barriers, `E0704` `WaveReadLaneAt` with a lane index that differs across lanes, `E0705` a
//! lane read from an inactive lane that an output depends on (found by running again with
//! another undefined value; a warning `W0705` where no output does), `E0706` a group barrier in divergent control flow, `E0707`
//! the step limit (hang guard), `E0708` a missing or unusable buffer binding, `E0709` something
//! the engine does not support. Each check reports its first few occurrences
//! ([`CpuOptions::max_reports`]); the run goes on (an out-of-bounds load reads 0, a store is
//! dropped) so one run shows them all.

pub mod compile;
mod memory;
pub mod ops;
mod ray_query;
pub mod texture;

use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::Module;
use compile::*;

/// Which thread of a group sits in which lane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LaneOrder {
    /// Thread `SV_GroupIndex = i` is lane `i % width` of wave `i / width`.
    #[default]
    Linear,
    /// The group's threads in reverse `SV_GroupIndex` order.
    Reverse,
    /// A pseudo-random permutation of the group's threads, different for every group.
    Random(u64),
}

impl LaneOrder {
    /// `linear`, `reverse`, `random:SEED`.
    pub fn parse(s: &str) -> Option<LaneOrder> {
        match s {
            "linear" => Some(LaneOrder::Linear),
            "reverse" => Some(LaneOrder::Reverse),
            _ => s.strip_prefix("random:").and_then(|n| n.parse().ok()).map(LaneOrder::Random),
        }
    }
}

#[derive(Clone, Debug)]
pub struct CpuOptions {
    /// Lanes per wave: a power of two, 1 to 128.
    pub width: u32,
    pub lane_order: LaneOrder,
    /// Hang guard: the most instructions (per wave, summed over the dispatch) before E0707.
    pub max_steps: u64,
    /// Run `GetGroupWaveIndex`/`GetGroupWaveCount` through the groupshared fallback pass
    /// instead of natively.
    pub emulate_group_wave: bool,
    /// Occurrences reported per check.
    pub max_reports: usize,
    /// Threads the groups of a dispatch run on (groups are independent; buffers are shared, as
    /// on a GPU). A run that reports a diagnostic runs again on one thread, for a deterministic
    /// report.
    pub threads: usize,
    /// Run the program rewritten for virtual waves of this many lanes
    /// ([`crate::lower::virtual_wave`]) on waves of `width` lanes, a multiple of it.
    pub virtual_wave_size: Option<u32>,
    /// Vulkan's `robustBufferAccess2`: an access past the end of a buffer reads zero and a
    /// write there is dropped, reported as a warning (W0701) rather than an error. Slang's test
    /// harness runs with it on, and some of its tests read past their buffers.
    pub robust_buffer_access: bool,
}

impl Default for CpuOptions {
    fn default() -> CpuOptions {
        CpuOptions {
            width: 32,
            lane_order: LaneOrder::Linear,
            max_steps: 1 << 34,
            emulate_group_wave: false,
            max_reports: 4,
            virtual_wave_size: None,
            robust_buffer_access: false,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A buffer bound at `(set, binding)`; `data` is updated in place by [`run`]. An image or a
/// sampler says so in `view` (an image's `data` is its texels, laid out as [`crate::image`]
/// says; a sampler has none).
#[derive(Clone, Debug)]
pub struct CpuBuffer {
    pub set: u32,
    pub binding: u32,
    pub data: Vec<u8>,
    pub view: Option<crate::image::View>,
}

impl CpuBuffer {
    pub fn words(set: u32, binding: u32, words: &[u32]) -> CpuBuffer {
        CpuBuffer { set, binding, data: words.iter().flat_map(|w| w.to_le_bytes()).collect(), view: None }
    }
    pub fn to_words(&self) -> Vec<u32> {
        self.data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }
}

#[derive(Clone, Debug, Default)]
pub struct RunStats {
    /// Σ over executed instructions of the active lanes.
    pub lane_ops: u64,
    /// Instructions executed (per wave).
    pub instructions: u64,
    pub waves: u64,
    pub groups: u64,
    pub width: u32,
    /// Bytecode size of the compiled program.
    pub program_len: usize,
    /// What the run noticed that is not an error (`W0703`: two threads wrote the same value
    /// to a groupshared word between barriers).
    pub warnings: Vec<Diagnostic>,
}

/// Where each thread of a group runs: entry `gi` is `wave * width + lane` for the thread with
/// `SV_GroupIndex == gi`. `group_linear` is `x + y * groups.x + z * groups.x * groups.y`.
pub fn lane_layout(order: LaneOrder, group_linear: u64, threads: u32) -> Vec<u32> {
    let mut slots: Vec<u32> = (0..threads).collect();
    match order {
        LaneOrder::Linear => {}
        LaneOrder::Reverse => slots.reverse(),
        LaneOrder::Random(seed) => {
            let mut s = seed ^ group_linear.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d;
            let mut next = || {
                s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            };
            for i in (1..slots.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                slots.swap(i, j);
            }
        }
    }
    slots
}

/// Compiles the entry point `entry` of `module` to bytecode (what [`run`] does first). An
/// intrinsic without a `[cpu]` lowering runs its portable implementation from the stdlib, as
/// on any other target ([`crate::lower::intrinsics`]).
pub fn compile_program(module: &Module, entry: usize) -> Result<Program, Vec<Diagnostic>> {
    let stdlib = crate::stdlib::Stdlib::get();
    // The engine answers as a Vulkan device would (`lower::target_switch::Choice::CpuEngine`).
    let selected =
        crate::lower::target_switch::select_for(module, crate::lower::target_switch::Choice::CpuEngine, stdlib);
    let module = selected.as_ref().unwrap_or(module);
    crate::lower::spirv_asm::refuse(module, entry, "the CPU engine")?;
    crate::lower::target_switch::refuse_missing(module, entry, "the CPU engine (`spirv` or `cpp`)", stdlib)?;
    let mut module = std::borrow::Cow::Borrowed(module);
    crate::lower::resource_values(&mut module, entry, &mut Vec::new())?;
    let module = crate::lower::lower_intrinsics(module, entry, stdlib, &Natives)?;
    Compiler::new(&module, entry).compile()
}

/// The resources the entry point declares, bound as the engine binds them, for the runners that
/// execute it elsewhere (Vulkan): a shader the engine cannot run (inline SPIR-V) still has them.
pub fn declared_bindings(module: &Module, entry: usize) -> Result<Vec<Binding>, Vec<Diagnostic>> {
    match compile_program(module, entry) {
        Ok(p) => Ok(p.bindings),
        Err(e) if e.iter().all(|d| d.code == "E0428" || d.code == "E0538") => {
            Ok(Compiler::new(module, entry).bindings_only())
        }
        Err(e) => Err(e),
    }
}

/// What the engine runs natively, for [`crate::lower::intrinsics`]: a `[cpu]` lowering.
pub struct Natives;

impl crate::lower::intrinsics::Target for Natives {
    fn native(
        &self,
        intr: &crate::stdlib::Intrinsic,
        _: &crate::ir::Function,
        _: &[crate::ir::ExprId],
    ) -> Result<(), Diagnostic> {
        match compile::cpu_attr(intr) {
            Some(attr) if attr.first().is_some_and(|k| k == "unsupported") => Err(Diagnostic::error(
                "E0709",
                format!("the CPU engine does not support `{}`: {}", intr.name, attr.get(1).map_or("", |s| s)),
            )),
            Some(_) => Ok(()),
            None => Err(Diagnostic::error(
                "E0709",
                format!("the CPU engine does not support `{}` (no [cpu] lowering)", intr.name),
            )),
        }
    }
}

/// Bits of an address below the buffer's number: a buffer may hold up to 1 TiB.
const ADDRESS_OFFSET_BITS: u32 = 40;

/// The device address the CPU engine gives the buffer at index `i` of the `buffers` passed to
/// [`run`] (a pointer's value: the buffer's number above [`ADDRESS_OFFSET_BITS`], its byte offset
/// below; 0 is the null pointer). A buffer that no binding of the shader takes is there only to
/// be pointed to. Whoever fills a buffer with pointers writes these addresses.
pub fn buffer_address(i: usize) -> u64 {
    (i as u64 + 1) << ADDRESS_OFFSET_BITS
}

/// What a lane holds for an element of an array of buffers out of range (reported there): no
/// access through it reports again.
const UNBOUND_ELEMENT: u64 = u64::MAX;

/// Runs entry point `entry` of a checked module over `groups` thread groups.
pub fn run(
    module: &Module,
    entry: usize,
    groups: [u32; 3],
    buffers: &mut [CpuBuffer],
    opts: &CpuOptions,
) -> Result<RunStats, Vec<Diagnostic>> {
    if !(1..=128).contains(&opts.width) || !opts.width.is_power_of_two() {
        return Err(vec![Diagnostic::error(
            "E0709",
            format!("wave width {} is not a power of two from 1 to 128", opts.width),
        )]);
    }
    if let Some(n) = opts.virtual_wave_size {
        if !n.is_power_of_two() || n > 128 {
            return Err(vec![Diagnostic::error(
                "E0711",
                format!("a virtual wave size must be a power of two from 1 to 128, not {n}"),
            )]);
        }
        // Wider than the engine's waves: several of them make one virtual wave.
        let mut options =
            crate::Options { virtual_wave_size: Some(n), hardware_wave_size: Some(opts.width), ..Default::default() };
        if opts.emulate_group_wave {
            options.emulate = crate::Emulate::Always;
        }
        let mut m = std::borrow::Cow::Borrowed(module);
        crate::virtual_waves(&mut m, entry, &options)?;
        let program = compile_program(&m, entry)?;
        return run_program(&program, groups, buffers, opts);
    }
    // `[WaveSize]` promises the shader a wave size (a folded `GetGroupWaveCount()` relies on it):
    // running it at another width would test a program no GPU runs.
    if let Some(ws) = module.entry_points.get(entry).and_then(|e| e.wave_size) {
        if opts.width < ws.min || opts.width > ws.max {
            let wanted = ws.sizes();
            return Err(vec![Diagnostic::error(
                "E0710",
                format!("the entry point runs at wave size {wanted} (`[WaveSize]`), not at width {}", opts.width),
            )
            .with_label(ws.span, "the wave size is fixed here")]);
        }
    }
    let program = if opts.emulate_group_wave {
        let mut m = module.clone();
        crate::lower::emulate_group_wave(&mut m, entry, crate::stdlib::Stdlib::get()).map_err(|d| vec![d])?;
        compile_program(&m, entry)?
    } else {
        compile_program(module, entry)?
    };
    run_program(&program, groups, buffers, opts)
}

/// Runs the selected entry point of a [`crate::sema::Checked`].
pub fn run_checked(
    checked: &crate::sema::Checked,
    groups: [u32; 3],
    buffers: &mut [CpuBuffer],
    opts: &CpuOptions,
) -> Result<RunStats, Vec<Diagnostic>> {
    run(&checked.module, checked.entry, groups, buffers, opts)
}

/// Runs an already compiled program (benchmarks compile once and run many times).
pub fn run_program(
    p: &Program,
    groups: [u32; 3],
    buffers: &mut [CpuBuffer],
    opts: &CpuOptions,
) -> Result<RunStats, Vec<Diagnostic>> {
    // Bind buffers.
    let mut bufs: Vec<Vec<u8>> = Vec::new();
    let mut views: Vec<Option<crate::image::View>> = Vec::new();
    let mut origin: Vec<Option<usize>> = Vec::new();
    let mut errors = Vec::new();
    for b in &p.bindings {
        match buffers.iter().position(|x| x.set == b.set && x.binding == b.binding) {
            Some(i) => {
                if b.used {
                    if let Err(why) = texture::check_view(b, &buffers[i]) {
                        errors.push(Diagnostic::error("E0708", why).with_label(b.span, "declared here"));
                    }
                }
                views.push(buffers[i].view);
                // A combined image sampler's sampler (bound after its texture) has no data,
                // and gives none back.
                let sampler_half = matches!(buffers[i].view, Some(crate::image::View::SampledImage(..)))
                    && matches!(b.descriptor, compile::Descriptor::Sampler { .. });
                if sampler_half {
                    bufs.push(Vec::new());
                    origin.push(None);
                    continue;
                }
                bufs.push(std::mem::take(&mut buffers[i].data));
                origin.push(Some(i));
            }
            // A resource the entry point never touches needs no buffer.
            None if !b.used => {
                bufs.push(Vec::new());
                views.push(None);
                origin.push(None);
            }
            None => {
                let msg = if (b.set, b.binding) == compile::PUSH_CONSTANTS {
                    "the shader has push constants (the entry point's `uniform` values), but no buffer `push` was supplied"
                        .to_string()
                } else {
                    format!(
                        "the shader uses `{}` at set {}, binding {}, but no buffer was supplied for it",
                        b.name, b.set, b.binding
                    )
                };
                errors.push(Diagnostic::error("E0708", msg).with_label(b.span, "declared here"));
                bufs.push(Vec::new());
                views.push(None);
                origin.push(None);
            }
        }
    }
    // Buffers no binding takes are memory for pointers only, after the bound ones.
    let mut addressed: Vec<Option<u32>> = vec![None; buffers.len()];
    for (slot, o) in origin.iter().enumerate() {
        if let Some(i) = o {
            addressed[*i] = Some(slot as u32);
        }
    }
    for (i, b) in buffers.iter_mut().enumerate() {
        if addressed[i].is_none() && b.view.is_none() {
            addressed[i] = Some(bufs.len() as u32);
            bufs.push(std::mem::take(&mut b.data));
            views.push(None);
            origin.push(Some(i));
        }
    }
    if !errors.is_empty() {
        for (b, o) in bufs.into_iter().zip(origin) {
            if let Some(i) = o {
                buffers[i].data = b;
            }
        }
        return Err(errors);
    }
    // Each acceleration structure's scene, read once.
    let scenes: Vec<Option<std::sync::Arc<crate::scene::SceneDesc>>> = bufs
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let accel = p.bindings.get(i).is_some_and(|d| matches!(d.descriptor, compile::Descriptor::Accel { .. }));
            accel.then(|| crate::scene::SceneDesc::from_bytes(b).map(std::sync::Arc::new)).flatten()
        })
        .collect();
    let total = groups.iter().map(|&g| g as u64).product::<u64>();
    let workers = (opts.threads.max(1) as u64).min(total) as usize;
    // A parallel run keeps the originals of what the shader writes: a run that reports anything
    // runs again alone, so its diagnostics come in the one order a serial run gives.
    // A run whose lanes read undefined values of other lanes runs again from the same inputs.
    let reads_lanes = p.waves.iter().any(|wi| matches!(wi.kind, WaveKind::ReadLane { .. } | WaveKind::RelativeRead(_)));
    let inputs = reads_lanes.then(|| bufs.clone());
    let shared: Vec<memory::SharedBuf> = bufs
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            // Memory for pointers only may be written through them.
            let writable = p.bindings.get(i).is_none_or(|d| d.writable);
            if workers > 1 && writable {
                memory::SharedBuf::keeping_originals(b)
            } else {
                memory::SharedBuf::new(b)
            }
        })
        .collect();
    // The buffers of each array of buffers, in the order given: element k the k-th.
    let elements: Vec<Vec<usize>> = p
        .bindings
        .iter()
        .map(|b| match b.descriptor {
            compile::Descriptor::Buffers { .. } => {
                (0..buffers.len()).filter(|&i| buffers[i].set == b.set && buffers[i].binding == b.binding).collect()
            }
            _ => Vec::new(),
        })
        .collect();
    let bound = Bound { views, scenes, addressed, elements };
    let mut outcome = dispatch_on(p, opts, &shared, &bound, groups, workers, UNDEFINED_VALUES[0]);
    let shared = match &outcome {
        (result, diags, stats)
            if workers > 1 && (result.is_err() || !diags.is_empty() || !stats.warnings.is_empty()) =>
        {
            let again: Vec<memory::SharedBuf> = shared.into_iter().map(memory::SharedBuf::restored).collect();
            outcome = dispatch_on(p, opts, &again, &bound, groups, 1, UNDEFINED_VALUES[0]);
            again
        }
        _ => shared,
    };
    let results: Vec<Vec<u8>> = shared.into_iter().map(memory::SharedBuf::into_vec).collect();
    let (result, mut diags, mut stats) = outcome;
    if let Some(inputs) = inputs {
        if result.is_ok() && diags.is_empty() && stats.warnings.iter().any(|d| d.code == UNDEFINED_READ) {
            check_undefined_reads(p, opts, &bound, groups, inputs, &results, &mut diags, &mut stats);
        }
    }
    for (b, o) in results.into_iter().zip(origin) {
        if let Some(i) = o {
            buffers[i].data = b;
        }
    }
    stats.width = opts.width;
    stats.program_len = p.code.len();
    match result {
        Err(d) => {
            let mut all = diags;
            all.push(d);
            Err(all)
        }
        Ok(()) if !diags.is_empty() => Err(diags),
        Ok(()) => Ok(stats),
    }
}

/// The code of a read of an inactive lane, a warning until an output depends on it.
const UNDEFINED_READ: &str = "W0705";

/// What a read of an inactive lane gives in the run and in the run that checks it: two
/// unrelated bit patterns, so that nearly any use of the value shows in the outputs.
const UNDEFINED_VALUES: [u64; 2] = [0, 0x9e37_79b9_7f4a_7c15];

/// Runs a program whose lanes read undefined values again, from `inputs` and with another
/// undefined value. Where an output or a check differs, each read becomes error `E0705`;
/// otherwise the warnings say that no output depends on them.
#[allow(clippy::too_many_arguments)]
fn check_undefined_reads(
    p: &Program,
    opts: &CpuOptions,
    bound: &Bound,
    groups: [u32; 3],
    inputs: Vec<Vec<u8>>,
    results: &[Vec<u8>],
    diags: &mut Vec<Diagnostic>,
    stats: &mut RunStats,
) {
    let again: Vec<memory::SharedBuf> = inputs.into_iter().map(memory::SharedBuf::new).collect();
    let (result, other_diags, _) = dispatch_on(p, opts, &again, bound, groups, 1, UNDEFINED_VALUES[1]);
    let differs =
        again.into_iter().map(memory::SharedBuf::into_vec).zip(results).enumerate().find_map(|(i, (b, a))| {
            let at = a.iter().zip(&b).position(|(x, y)| x != y)?;
            let name = p.bindings.get(i).map_or("a buffer", |b| b.name.as_str());
            Some(format!("with another undefined value, `{name}` differs at byte {at}"))
        });
    let consequence = match (differs, result) {
        (Some(d), _) => Some(d),
        (None, Err(e)) => Some(format!("with another undefined value, the run fails: {}", e.message)),
        (None, Ok(())) => other_diags
            .first()
            .map(|d| format!("with another undefined value, the run reports {}: {}", d.code, d.message)),
    };
    let (reads, others): (Vec<Diagnostic>, Vec<Diagnostic>) =
        std::mem::take(&mut stats.warnings).into_iter().partition(|d| d.code == UNDEFINED_READ);
    stats.warnings = others;
    for d in reads {
        match &consequence {
            Some(why) => diags.push(
                Diagnostic { severity: crate::diag::Severity::Error, code: "E0705", ..d }
                    .with_note(format!("the value is undefined, and the outputs depend on it: {why}")),
            ),
            None => stats.warnings.push(d.with_note(
                "the value is undefined; no output depends on it (a second run with another value wrote the same buffers)",
            )),
        }
    }
}

/// What each binding holds besides its bytes.
struct Bound {
    views: Vec<Option<crate::image::View>>,
    /// The scene of each acceleration structure binding.
    scenes: Vec<Option<std::sync::Arc<crate::scene::SceneDesc>>>,
    /// The memory (index into the buffers) of each buffer a [`buffer_address`] names.
    addressed: Vec<Option<u32>>,
    /// For each array of buffers binding, its elements: indices of the buffers passed to [`run`].
    elements: Vec<Vec<usize>>,
}

/// Runs every group of the dispatch, spread over `workers` threads (each a contiguous run of
/// groups, which keeps neighbouring groups' memory on one core, with its own registers and
/// groupshared memory); the first error, the diagnostics and the summed statistics.
fn dispatch_on(
    p: &Program,
    opts: &CpuOptions,
    bufs: &[memory::SharedBuf],
    bound: &Bound,
    groups: [u32; 3],
    workers: usize,
    undefined: u64,
) -> (Result<(), Diagnostic>, Vec<Diagnostic>, RunStats) {
    let run = |worker: usize| {
        let mut ex = Exec::new(p, opts, bufs, groups, undefined);
        ex.views = bound.views.clone();
        ex.scenes = bound.scenes.clone();
        ex.addressed = bound.addressed.clone();
        ex.elements = bound.elements.clone();
        let total = groups.iter().map(|&g| g as u64).product::<u64>();
        let (w, n) = (worker as u64, workers.max(1) as u64);
        let result = ex.dispatch(total * w / n..total * (w + 1) / n);
        (result, ex.diags, ex.stats)
    };
    if workers <= 1 {
        return run(0);
    }
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(scope, move || run(w)))
            .collect();
        handles.into_iter().map(|h| h.ok().and_then(|h| h.join().ok())).collect()
    });
    let mut first_error = Ok(());
    let mut diags = Vec::new();
    let mut stats = RunStats::default();
    for r in results {
        let Some((result, d, s)) = r else {
            first_error =
                first_error.and(Err(Diagnostic::error("E0699", "internal error: a CPU engine worker failed")));
            continue;
        };
        if let Err(e) = result {
            first_error = first_error.and(Err(e));
        }
        diags.extend(d);
        stats.lane_ops += s.lane_ops;
        stats.instructions += s.instructions;
        stats.waves += s.waves;
        stats.groups += s.groups;
        stats.warnings.extend(s.warnings);
    }
    (first_error, diags, stats)
}

/// One groupshared access, for the race check.
#[derive(Clone, Copy, Debug)]
enum SharedAccess {
    Read,
    /// `same_value`: the word already holds the value written.
    Write {
        same_value: bool,
    },
    Atomic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Run,
    Barrier,
    Done,
}

#[derive(Clone, Debug)]
struct Wave {
    regs: Vec<u64>,
    slots: Vec<u128>,
    pc: u32,
    exec: u128,
    start: u128,
    /// `SV_GroupIndex` of each lane (`u32::MAX` for lanes without a thread).
    lanes: Vec<u32>,
    index: u32,
    state: State,
    /// Wave barriers this wave has passed (in this group).
    fence: u32,
}

#[derive(Clone, Copy, Debug, Default)]
struct Meta {
    /// Epoch of the last write (0: never written in this group).
    w_epoch: u32,
    writer: u32,
    writer_wave: u32,
    /// The writer's wave's `fence` at the write.
    writer_fence: u32,
    atomic: bool,
    r_epoch: u32,
    reader: u32,
    reader_wave: u32,
    /// Readers from more than one wave this epoch.
    multi: bool,
}

struct Exec<'p> {
    p: &'p Program,
    w: usize,
    opts: &'p CpuOptions,
    bufs: &'p [memory::SharedBuf],
    /// What an image or sampler binding holds (`None` for buffers).
    views: Vec<Option<crate::image::View>>,
    /// The scene of each acceleration structure binding.
    scenes: Vec<Option<std::sync::Arc<crate::scene::SceneDesc>>>,
    /// The memory (index into `bufs`) of each buffer a [`buffer_address`] names.
    addressed: Vec<Option<u32>>,
    /// The buffers of each array of buffers binding ([`Bound::elements`]).
    elements: Vec<Vec<usize>>,
    shared: Vec<u64>,
    meta: Vec<Meta>,
    epoch: u32,
    groups: [u32; 3],
    group: [u32; 3],
    waves: Vec<Wave>,
    nwaves: u32,
    diags: Vec<Diagnostic>,
    reported: HashMap<&'static str, usize>,
    stats: RunStats,
    steps: u64,
    /// What a read of an inactive lane gives.
    undefined: u64,
}

#[inline(always)]
fn lanes(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

fn mask_of_bits(x: u64, y: u64, z: u64, w: u64) -> u128 {
    (x as u32 as u128) | ((y as u32 as u128) << 32) | ((z as u32 as u128) << 64) | ((w as u32 as u128) << 96)
}

impl<'p> Exec<'p> {
    fn new(
        p: &'p Program,
        opts: &'p CpuOptions,
        bufs: &'p [memory::SharedBuf],
        groups: [u32; 3],
        undefined: u64,
    ) -> Exec<'p> {
        Exec {
            p,
            w: opts.width as usize,
            opts,
            bufs,
            views: Vec::new(),
            scenes: Vec::new(),
            addressed: Vec::new(),
            elements: Vec::new(),
            shared: vec![0; p.shared_words as usize],
            meta: vec![Meta::default(); p.shared_words as usize],
            epoch: 1,
            groups,
            group: [0; 3],
            waves: Vec::new(),
            nwaves: 0,
            diags: Vec::new(),
            reported: HashMap::default(),
            stats: RunStats::default(),
            steps: 0,
            undefined,
        }
    }

    fn threads(&self) -> u32 {
        self.p.numthreads.iter().product()
    }

    /// "group (x, y, z), thread (x, y, z) = SV_GroupIndex n, wave w lane l".
    fn who(&self, wave: &Wave, lane: usize) -> String {
        let gi = wave.lanes[lane];
        let [nx, ny, _] = self.p.numthreads;
        let t = [gi % nx, (gi / nx) % ny, gi / (nx * ny)];
        format!(
            "in group ({}, {}, {}), thread ({}, {}, {}) (SV_GroupIndex {gi}), wave {} lane {lane} (width {})",
            self.group[0], self.group[1], self.group[2], t[0], t[1], t[2], wave.index, self.w
        )
    }

    /// A lane read from a lane that is inactive or outside the wave. SPIR-V and DXIL make the
    /// value undefined, not the program: shuffle-up scans read past lane 0 and discard what
    /// they get. It is a warning here, and [`run_program`] makes it an error where an output
    /// depends on the value.
    fn report_undefined_read(&mut self, wave: &Wave, wi: &WaveInst, lane: usize, src: usize, why: &str, active: u128) {
        let d = Diagnostic::warning(UNDEFINED_READ, format!("lane {lane} reads lane {src}, which is {why}"))
            .with_label(wi.span, "reads an inactive lane")
            .with_note(self.who(wave, lane))
            .with_note(format!("active lanes: {active:#x}"));
        self.report(d);
    }

    fn report(&mut self, d: Diagnostic) {
        let n = self.reported.entry(d.code).or_insert(0);
        *n += 1;
        if *n <= self.opts.max_reports {
            if d.is_error() {
                self.diags.push(d);
            } else {
                self.stats.warnings.push(d);
            }
        }
    }

    /// Runs the groups whose linear indices are in `range`.
    fn dispatch(&mut self, range: std::ops::Range<u64>) -> Result<(), Diagnostic> {
        let threads = self.threads();
        let w = self.w as u32;
        self.nwaves = threads.div_ceil(w);
        let nregs = self.p.num_regs as usize * self.w;
        self.waves = (0..self.nwaves)
            .map(|i| Wave {
                regs: vec![0; nregs],
                slots: vec![0; self.p.num_slots as usize],
                pc: 0,
                exec: 0,
                start: 0,
                lanes: vec![u32::MAX; self.w],
                index: i,
                state: State::Done,
                fence: 0,
            })
            .collect();
        let [gx, gy, _] = self.groups.map(u64::from);
        for linear in range {
            self.group = [(linear % gx) as u32, (linear / gx % gy) as u32, (linear / (gx * gy)) as u32];
            self.run_group(linear)?;
            self.stats.groups += 1;
            self.stats.waves += self.nwaves as u64;
        }
        Ok(())
    }

    fn run_group(&mut self, linear: u64) -> Result<(), Diagnostic> {
        let threads = self.threads();
        let layout = lane_layout(self.opts.lane_order, linear, threads);
        let w = self.w;
        for wave in &mut self.waves {
            wave.regs.fill(0);
            wave.slots.fill(0);
            wave.lanes.fill(u32::MAX);
            wave.pc = 0;
            wave.state = State::Run;
            wave.start = 0;
        }
        for (gi, slot) in layout.iter().enumerate() {
            let wave = &mut self.waves[*slot as usize / w];
            let lane = *slot as usize % w;
            wave.lanes[lane] = gi as u32;
            wave.start |= 1u128 << lane;
        }
        for wave in &mut self.waves {
            wave.exec = wave.start;
            for &(r, v) in &self.p.init {
                let b = r as usize * w;
                wave.regs[b..b + w].fill(v);
            }
        }
        self.shared.fill(0);
        self.meta.fill(Meta::default());
        self.epoch = 1;
        loop {
            for i in 0..self.waves.len() {
                if self.waves[i].state == State::Run {
                    let mut wave = std::mem::replace(&mut self.waves[i], EMPTY_WAVE.clone());
                    let r = self.run_wave(&mut wave);
                    self.waves[i] = wave;
                    r?;
                }
            }
            let waiting: Vec<usize> =
                (0..self.waves.len()).filter(|i| self.waves[*i].state == State::Barrier).collect();
            if waiting.is_empty() {
                return Ok(());
            }
            let first = &self.waves[waiting[0]];
            let pc = first.pc;
            let span = self.barrier_span(pc);
            if let Some(done) = self.waves.iter().find(|x| x.state == State::Done) {
                let lane = done.start.trailing_zeros() as usize;
                return Err(Diagnostic::error("E0706", "barrier in divergent control flow: not every wave of the group reaches it")
                    .with_label(span, format!("{} wave(s) wait here", waiting.len()))
                    .with_note(format!("wave {} finished without reaching it; its first thread: {}", done.index, self.who(done, lane)))
                    .with_note("GroupMemoryBarrierWithGroupSync must be reached by every thread of the group (a GPU would hang or misbehave)"));
            }
            if let Some(other) = waiting.iter().map(|i| &self.waves[*i]).find(|x| x.pc != pc) {
                let lane = other.exec.trailing_zeros() as usize;
                return Err(Diagnostic::error(
                    "E0706",
                    "barrier in divergent control flow: the waves of a group wait at different barriers",
                )
                .with_label(span, format!("wave {} waits here", first.index))
                .with_label(self.barrier_span(other.pc), format!("wave {} waits here", other.index))
                .with_note(format!("e.g. {}", self.who(other, lane))));
            }
            self.epoch += 1;
            for i in waiting {
                self.waves[i].pc += 1;
                self.waves[i].state = State::Run;
            }
        }
    }

    fn barrier_span(&self, pc: u32) -> crate::span::Span {
        match self.p.code.get(pc as usize) {
            Some(Inst::Barrier { span }) => self.p.spans[*span as usize],
            _ => Default::default(),
        }
    }

    #[inline(always)]
    fn cond_mask(&self, wave: &Wave, r: Reg, m: u128) -> u128 {
        let base = r as usize * self.w;
        let mut out = 0u128;
        for l in lanes(m) {
            if wave.regs[base + l] != 0 {
                out |= 1 << l;
            }
        }
        out
    }

    fn run_wave(&mut self, wave: &mut Wave) -> Result<(), Diagnostic> {
        let p = self.p;
        let w = self.w;
        let code = &p.code;
        let mut pc = wave.pc as usize;
        let mut steps = 0u64;
        let mut lane_ops = 0u64;
        let full: u128 = if w == 128 { u128::MAX } else { (1u128 << w) - 1 };
        let budget = self.opts.max_steps.saturating_sub(self.steps);
        while pc < code.len() {
            steps += 1;
            let exec = wave.exec;
            lane_ops += exec.count_ones() as u64;
            if steps > budget {
                self.steps += steps;
                let span = self.nearest_span(pc);
                return Err(Diagnostic::error(
                    "E0707",
                    format!("the dispatch ran more than {} instructions: an infinite loop?", self.opts.max_steps),
                )
                .with_label(span, "executing near here")
                .with_note(self.who(wave, exec.trailing_zeros().min(w as u32 - 1) as usize)));
            }
            match code[pc] {
                Inst::Bin { f, d, a, b } => {
                    let (d, a, b) = (d as usize * w, a as usize * w, b as usize * w);
                    let regs = &mut wave.regs;
                    if exec == full {
                        for l in 0..w {
                            regs[d + l] = f(regs[a + l], regs[b + l]);
                        }
                    } else {
                        for l in lanes(exec) {
                            regs[d + l] = f(regs[a + l], regs[b + l]);
                        }
                    }
                }
                Inst::Un { f, d, a } => {
                    let (d, a) = (d as usize * w, a as usize * w);
                    for l in lanes(exec) {
                        wave.regs[d + l] = f(wave.regs[a + l]);
                    }
                }
                Inst::Mov { d, a } => {
                    let (d, a) = (d as usize * w, a as usize * w);
                    if exec == full {
                        wave.regs.copy_within(a..a + w, d);
                    } else {
                        for l in lanes(exec) {
                            wave.regs[d + l] = wave.regs[a + l];
                        }
                    }
                }
                Inst::Select { d, c, a, b } => {
                    let (d, c, a, b) = (d as usize * w, c as usize * w, a as usize * w, b as usize * w);
                    for l in lanes(exec) {
                        wave.regs[d + l] = if wave.regs[c + l] != 0 { wave.regs[a + l] } else { wave.regs[b + l] };
                    }
                }
                Inst::Math { m, k, d, a, b, c } => {
                    let (d, a, b, c) = (d as usize * w, a as usize * w, b as usize * w, c as usize * w);
                    for l in lanes(exec) {
                        wave.regs[d + l] = ops::math_value(m, k, wave.regs[a + l], wave.regs[b + l], wave.regs[c + l]);
                    }
                }
                Inst::Input { d, what } => {
                    let d = d as usize * w;
                    let [nx, ny, nz] = p.numthreads;
                    for l in lanes(exec) {
                        let gi = wave.lanes[l];
                        let t = [gi % nx, (gi / nx) % ny, gi / (nx * ny)];
                        let _ = nz;
                        let v = match what {
                            Input::GroupIndex => gi,
                            Input::GroupThreadId(i) => t[i as usize],
                            Input::GroupId(i) => self.group[i as usize],
                            Input::DispatchThreadId(i) => self.group[i as usize]
                                .wrapping_mul(p.numthreads[i as usize])
                                .wrapping_add(t[i as usize]),
                            Input::LaneIndex => l as u32,
                            Input::LaneCount => w as u32,
                            Input::WaveIndex => wave.index,
                            Input::WaveCount => self.nwaves,
                            Input::GroupCount(i) => self.groups[i as usize],
                            // Deterministic and monotonic: the instructions this engine
                            // thread has run, this one included.
                            Input::Clock(half) => ((self.steps + steps) >> (32 * half as u64)) as u32,
                        };
                        wave.regs[d + l] = v as u64;
                    }
                }
                Inst::Access(i) => self.access(wave, &p.accesses[i as usize]),
                Inst::Wave(i) => self.wave_op(wave, &p.waves[i as usize]),
                Inst::Atomic(i) => self.atomic(wave, &p.atomics[i as usize]),
                Inst::Texture(i) => self.texture(wave, &p.textures[i as usize]),
                Inst::RayQuery(i) => self.ray_query(wave, &p.ray_queries[i as usize]),
                Inst::BufLen { d, buffer, stride } => {
                    let n = self.bufs[buffer as usize].len() as u64 / stride.max(1) as u64;
                    let d = d as usize * w;
                    for l in lanes(exec) {
                        wave.regs[d + l] = n;
                    }
                }
                Inst::PtrLen { d, ptr, stride, span } => {
                    for l in lanes(exec) {
                        let address = wave.regs[ptr as usize * w + l];
                        let n = match self.pointee(wave, address, l, span) {
                            Some((b, off)) => {
                                (self.bufs[b as usize].len() as u64).saturating_sub(off as u64) / stride.max(1) as u64
                            }
                            None => 0,
                        };
                        wave.regs[d as usize * w + l] = n;
                    }
                }
                Inst::BufferElement { d, binding, index, count, span } => {
                    for l in lanes(exec) {
                        let i = wave.regs[index as usize * w + l] as u32;
                        wave.regs[d as usize * w + l] = self.buffer_element(wave, binding, i, count, l, span);
                    }
                }
                Inst::IfBegin { cond, save, els, else_pc } => {
                    let t = self.cond_mask(wave, cond, exec);
                    wave.slots[save as usize] = exec;
                    wave.slots[els as usize] = exec & !t;
                    wave.exec = t;
                    if t == 0 {
                        pc = else_pc as usize;
                        continue;
                    }
                }
                Inst::Else { els, end_pc } => {
                    wave.exec = wave.slots[els as usize];
                    if wave.exec == 0 {
                        pc = end_pc as usize;
                        continue;
                    }
                }
                Inst::Merge { save, kill } => {
                    let s = &wave.slots;
                    wave.exec = s[save as usize] & !(s[kill[0] as usize] | s[kill[1] as usize] | s[kill[2] as usize]);
                }
                Inst::Case { cond, save, fall, kill, skip_pc } => {
                    let s = &wave.slots;
                    let live = s[save as usize] & !(s[kill[0] as usize] | s[kill[1] as usize] | s[kill[2] as usize]);
                    let fallen = s[fall as usize];
                    let t = self.cond_mask(wave, cond, live);
                    wave.exec = live & (t | fallen);
                    if wave.exec == 0 {
                        pc = skip_pc as usize;
                        continue;
                    }
                }
                Inst::CaseEnd { fall } => wave.slots[fall as usize] = exec,
                Inst::LoopBegin { save, brk, cont } => {
                    wave.slots[save as usize] = exec;
                    wave.slots[brk as usize] = 0;
                    wave.slots[cont as usize] = 0;
                }
                Inst::LoopCond { cond, brk, exit_pc } => {
                    let t = self.cond_mask(wave, cond, exec);
                    wave.slots[brk as usize] |= exec & !t;
                    wave.exec = t;
                    if t == 0 {
                        pc = exit_pc as usize;
                        continue;
                    }
                }
                Inst::LoopContinue { save, brk, cont, ret } => {
                    let s = &mut wave.slots;
                    wave.exec = s[save as usize] & !s[brk as usize] & !s[ret as usize];
                    s[cont as usize] = 0;
                }
                Inst::LoopBack { head } => {
                    if exec != 0 {
                        pc = head as usize;
                        continue;
                    }
                }
                Inst::LoopEnd { save, ret } => {
                    wave.exec = wave.slots[save as usize] & !wave.slots[ret as usize];
                }
                Inst::Kill { slot } => {
                    wave.slots[slot as usize] |= exec;
                    wave.exec = 0;
                }
                Inst::CallBegin { save, ret } => {
                    wave.slots[save as usize] = exec;
                    wave.slots[ret as usize] = 0;
                }
                Inst::CallEnd { save } => wave.exec = wave.slots[save as usize],
                Inst::WaveBarrier => wave.fence += 1,
                Inst::Barrier { span } => {
                    if exec != 0 {
                        let live = wave.start & !wave.slots[p.entry_ret as usize];
                        if exec != live {
                            self.steps += steps;
                            let missing = live & !exec;
                            let l = missing.trailing_zeros() as usize;
                            let here = exec.trailing_zeros() as usize;
                            return Err(Diagnostic::error(
                                "E0706",
                                "barrier in divergent control flow: only some lanes of a wave reach it",
                            )
                            .with_label(p.spans[span as usize], format!("{} of {} live lanes get here", exec.count_ones(), live.count_ones()))
                            .with_note(format!("reached {}", self.who(wave, here)))
                            .with_note(format!("not reached {}", self.who(wave, l)))
                            .with_note("GroupMemoryBarrierWithGroupSync must be reached by every thread of the group (a GPU would hang or misbehave)"));
                        }
                        wave.pc = pc as u32;
                        wave.state = State::Barrier;
                        self.steps += steps;
                        self.stats.instructions += steps;
                        self.stats.lane_ops += lane_ops;
                        return Ok(());
                    }
                }
            }
            pc += 1;
        }
        wave.pc = pc as u32;
        wave.state = State::Done;
        self.steps += steps;
        self.stats.instructions += steps;
        self.stats.lane_ops += lane_ops;
        Ok(())
    }

    fn nearest_span(&self, pc: usize) -> crate::span::Span {
        for i in (0..=pc.min(self.p.code.len().saturating_sub(1))).rev() {
            match self.p.code[i] {
                Inst::Access(a) => return self.p.accesses[a as usize].span,
                Inst::Texture(a) => return self.p.textures[a as usize].span,
                Inst::RayQuery(a) => return self.p.ray_queries[a as usize].span,
                Inst::Wave(a) => return self.p.waves[a as usize].span,
                Inst::Atomic(a) => return self.p.atomics[a as usize].span,
                Inst::Barrier { span } => return self.p.spans[span as usize],
                _ => {}
            }
        }
        Default::default()
    }

    /// The dynamic part of a place's offset on one lane, or `None` (reported) when an index is
    /// out of bounds.
    fn offset(&mut self, wave: &Wave, place: &Place, lane: usize) -> Option<u32> {
        let mut off = 0u32;
        for d in &place.dyns {
            let i = wave.regs[d.reg as usize * self.w + lane] as u32;
            let len = match d.len {
                Len::Const(n) => n,
                Len::Buffer(b) => (self.bufs[b as usize].len() as u32).saturating_sub(off) / d.stride.max(1),
                Len::Unbounded => u32::MAX,
            };
            if i >= len {
                let what = match d.len {
                    Len::Const(_) | Len::Unbounded => "an array or vector".to_string(),
                    Len::Buffer(b) => format!("`{}`", self.buffer_name(b)),
                };
                let shown = if (i as i32) < 0 { format!("{} (as int: {})", i, i as i32) } else { i.to_string() };
                let message = format!("out-of-bounds access: index {shown} into {what} of {len} elements");
                let report = match d.len {
                    Len::Buffer(_) => self.past_buffer_end(message),
                    Len::Const(_) | Len::Unbounded => Diagnostic::error("E0701", message),
                };
                let report = report.with_label(d.span, format!("index {shown}")).with_note(self.who(wave, lane));
                self.report(report);
                return None;
            }
            off = off.wrapping_add(i.wrapping_mul(d.stride));
        }
        Some(off)
    }

    /// The report of an access past the end of a buffer: an error, or under robust buffer
    /// access a warning (the caller reads zero and drops the write either way).
    fn past_buffer_end(&self, message: String) -> Diagnostic {
        if self.opts.robust_buffer_access {
            Diagnostic::warning("W0701", format!("{message}; robust buffer access reads zero there and drops writes"))
        } else {
            Diagnostic::error("E0701", message)
        }
    }

    /// A buffer's name in a report: its binding's, or what a pointer reaches it by.
    fn buffer_name(&self, b: u32) -> String {
        match self.p.bindings.get(b as usize) {
            Some(binding) => binding.name.clone(),
            None => {
                let i = self.addressed.iter().position(|a| *a == Some(b)).unwrap_or(0);
                format!("the buffer at address {:#x}", buffer_address(i))
            }
        }
    }

    /// The buffer and byte offset that `root` (a buffer, or a pointer held in a register) and
    /// byte offset `off` name for `lane`; `None` after reporting a pointer that names no buffer.
    fn buffer_place(
        &mut self,
        wave: &Wave,
        root: Root,
        off: u32,
        lane: usize,
        span: crate::span::Span,
    ) -> Option<(u32, u32)> {
        match root {
            Root::Pointer(p) => {
                let address = wave.regs[p as usize * self.w + lane];
                self.pointee(wave, address, lane, span).map(|(b, base)| (b, off.wrapping_add(base)))
            }
            Root::Buffer(b) => Some((b, off)),
            _ => unreachable!("a buffer's place or a pointer's"),
        }
    }

    /// The memory and byte offset pointer `address` names for `lane`, or a report: the null
    /// pointer, or an address no buffer has.
    fn pointee(&mut self, wave: &Wave, address: u64, lane: usize, span: crate::span::Span) -> Option<(u32, u32)> {
        if address == UNBOUND_ELEMENT {
            return None; // reported where the index named it
        }
        let number = address >> ADDRESS_OFFSET_BITS;
        let offset = address & ((1 << ADDRESS_OFFSET_BITS) - 1);
        let memory = number.checked_sub(1).and_then(|i| self.addressed.get(i as usize).copied().flatten());
        match memory {
            Some(b) if offset <= u32::MAX as u64 => Some((b, offset as u32)),
            _ => {
                let msg = if address == 0 {
                    "null pointer dereference".to_string()
                } else {
                    format!("the pointer {address:#x} points into no buffer")
                };
                let d = Diagnostic::error("E0716", msg)
                    .with_label(span, "this access through a pointer")
                    .with_note(self.who(wave, lane));
                self.report(d);
                None
            }
        }
    }

    /// The address of element `i` of the array of buffers at binding `b` (`count` long, 0:
    /// as many as the run gives) for `lane`, or [`UNBOUND_ELEMENT`] after reporting an index
    /// out of range or an element the run gives no buffer for.
    fn buffer_element(&mut self, wave: &Wave, b: u32, i: u32, count: u32, lane: usize, span: crate::span::Span) -> u64 {
        let given = self.elements.get(b as usize).map_or(0, Vec::len);
        let n = if count == texture::RUNTIME_COUNT { given as u32 } else { count };
        let name = self.p.bindings[b as usize].name.clone();
        let d = if i >= n {
            Diagnostic::error("E0701", format!("out-of-bounds access: element {i} of `{name}`, an array of {n}"))
                .with_label(span, format!("index {i}"))
        } else if let Some(&k) = self.elements[b as usize].get(i as usize) {
            return buffer_address(k);
        } else {
            let binding = &self.p.bindings[b as usize];
            Diagnostic::error(
                "E0708",
                format!(
                    "the shader uses element {i} of `{name}` at set {}, binding {}, but the run gives that array {given} \
                     buffer(s)",
                    binding.set, binding.binding
                ),
            )
            .with_label(span, format!("index {i}"))
        };
        let d = d.with_note(self.who(wave, lane));
        self.report(d);
        UNBOUND_ELEMENT
    }

    fn shared_name(&self, word: u32) -> String {
        for v in &self.p.shared_vars {
            if word >= v.base && word < v.base + v.len {
                return if v.len == 1 {
                    format!("`{}`", v.name)
                } else {
                    format!("`{}` (component {})", v.name, word - v.base)
                };
            }
        }
        format!("word {word}")
    }

    /// Race and initialisation checks of one groupshared access.
    fn shared_check(&mut self, wave: &Wave, lane: usize, word: u32, access: SharedAccess, span: crate::span::Span) {
        let (write, atomic, same_value) = match access {
            SharedAccess::Read => (false, false, false),
            SharedAccess::Write { same_value } => (true, false, same_value),
            SharedAccess::Atomic => (true, true, false),
        };
        let gi = wave.lanes[lane];
        let wi = wave.index;
        let e = self.epoch;
        let m = self.meta[word as usize];
        let race = |this: &Self, other: u32, other_wave: u32, verb: &str, other_verb: &str| {
            Diagnostic::error(
                "E0703",
                format!("groupshared data race on {}: {verb} here while another thread {other_verb} it since the last barrier", this.shared_name(word)),
            )
            .with_label(span, format!("thread {gi} (wave {wi}) {verb} it"))
            .with_note(this.who(wave, lane))
            .with_note(format!("the other access: thread with SV_GroupIndex {other} (wave {other_wave})"))
            .with_note("separate the accesses with GroupMemoryBarrierWithGroupSync, or use an Interlocked* atomic")
        };
        if !write && !atomic {
            if m.w_epoch == 0 {
                let d = Diagnostic::error(
                    "E0702",
                    format!("read of groupshared {} that no thread of this group has written", self.shared_name(word)),
                )
                .with_label(span, "uninitialized read")
                .with_note(self.who(wave, lane))
                .with_note("groupshared memory starts undefined in every thread group");
                self.report(d);
            } else if m.w_epoch == e && m.writer_wave != wi {
                let d = race(self, m.writer, m.writer_wave, "reads", "wrote");
                self.report(d);
            }
            let mm = &mut self.meta[word as usize];
            if mm.r_epoch != e {
                mm.r_epoch = e;
                mm.reader = gi;
                mm.reader_wave = wi;
                mm.multi = false;
            } else if mm.reader_wave != wi {
                mm.multi = true;
            }
            return;
        }
        if atomic && m.w_epoch == 0 {
            let d = Diagnostic::error(
                "E0702",
                format!("atomic on groupshared {} that no thread of this group has written", self.shared_name(word)),
            )
            .with_label(span, "uninitialized read")
            .with_note(self.who(wave, lane))
            .with_note("groupshared memory starts undefined in every thread group");
            self.report(d);
        }
        // A wave barrier orders the accesses of its own lanes.
        let fenced = m.writer_wave == wi && m.writer_fence != wave.fence;
        if m.w_epoch == e && m.writer != gi && !fenced && !(atomic && m.atomic) && (!atomic || m.writer_wave != wi) {
            let d = race(self, m.writer, m.writer_wave, "writes", "wrote");
            // Writing the value the word already holds (a filter's apron loaded by two waves)
            // is a race no hardware gets wrong: a warning.
            let d = if same_value && !atomic && !m.atomic {
                Diagnostic { severity: crate::diag::Severity::Warning, code: "W0703", ..d }
                    .with_note("both threads write the same value, so the result does not depend on their order")
            } else {
                d
            };
            self.report(d);
        } else if m.r_epoch == e && (m.multi || m.reader_wave != wi) {
            let d = race(self, m.reader, m.reader_wave, "writes", "read");
            self.report(d);
        }
        let mm = &mut self.meta[word as usize];
        mm.w_epoch = e;
        mm.writer = gi;
        mm.writer_wave = wi;
        mm.writer_fence = wave.fence;
        mm.atomic = atomic;
    }

    fn access(&mut self, wave: &mut Wave, a: &Access) {
        let w = self.w;
        if let Root::Descriptor { .. } = a.place.root {
            for l in lanes(wave.exec) {
                self.texel_access(wave, a, l);
            }
            return;
        }
        for l in lanes(wave.exec) {
            let Some(off) = self.offset(wave, &a.place, l) else {
                if !a.store {
                    for r in &a.regs {
                        wave.regs[*r as usize * w + l] = 0;
                    }
                }
                continue;
            };
            match a.place.root {
                Root::Regs(base) => {
                    for ((o, _), r) in a.place.comps.iter().zip(&a.regs) {
                        let at = (base + off + o) as usize * w + l;
                        let v = *r as usize * w + l;
                        if a.store {
                            wave.regs[at] = wave.regs[v];
                        } else {
                            wave.regs[v] = wave.regs[at];
                        }
                    }
                }
                Root::Shared(base) => {
                    for ((o, _), r) in a.place.comps.iter().zip(&a.regs) {
                        let word = base + off + o;
                        let v = *r as usize * w + l;
                        let access = if a.store {
                            SharedAccess::Write { same_value: self.shared[word as usize] == wave.regs[v] }
                        } else {
                            SharedAccess::Read
                        };
                        self.shared_check(wave, l, word, access, a.span);
                        if a.store {
                            self.shared[word as usize] = wave.regs[v];
                        } else {
                            wave.regs[v] = self.shared[word as usize];
                        }
                    }
                }
                Root::Buffer(_) | Root::Pointer(_) => {
                    let Some((b, off)) = self.buffer_place(wave, a.place.root, off, l, a.span) else {
                        if !a.store {
                            for r in &a.regs {
                                wave.regs[*r as usize * w + l] = 0;
                            }
                        }
                        continue;
                    };
                    for ((o, k), r) in a.place.comps.iter().zip(&a.regs) {
                        let at = off.wrapping_add(*o) as usize;
                        let size = ops::size_of(*k) as usize;
                        let v = *r as usize * w + l;
                        let buf = &self.bufs[b as usize];
                        if at + size > buf.len() {
                            let name = self.buffer_name(b);
                            let d = self
                                .past_buffer_end(format!(
                                    "out-of-bounds access: byte {at} of `{name}`, which has {} bytes",
                                    buf.len()
                                ))
                                .with_label(a.span, "this access")
                                .with_note(self.who(wave, l));
                            self.report(d);
                            if !a.store {
                                wave.regs[v] = 0;
                            }
                            continue;
                        }
                        if a.store {
                            let x = wave.regs[v];
                            let x = if *k == ops::BOOL { (x != 0) as u64 } else { x };
                            buf.store(at, size, x);
                        } else {
                            let x = buf.load(at, size);
                            wave.regs[v] = if *k == ops::BOOL { (x != 0) as u64 } else { x };
                        }
                    }
                }
                // Handled above, lane by lane.
                Root::Descriptor { .. } => {}
            }
        }
    }

    fn atomic(&mut self, wave: &mut Wave, a: &Atomic) {
        let w = self.w;
        let (_, k) = a.place.comps[0];
        for l in lanes(wave.exec) {
            let Some(off) = self.offset(wave, &a.place, l) else {
                wave.regs[a.original as usize * w + l] = 0;
                continue;
            };
            let o = a.place.comps[0].0;
            let value = wave.regs[a.value as usize * w + l];
            let compare = a.compare.map(|c| wave.regs[c as usize * w + l]);
            let new = |old: u64| -> u64 {
                match a.op {
                    AtomicOp::Add => ops::bin_value(ops::ADD, k, old, value),
                    AtomicOp::Min => ops::bin_value(ops::MIN, k, old, value),
                    AtomicOp::Max => ops::bin_value(ops::MAX, k, old, value),
                    AtomicOp::And => ops::bin_value(ops::AND, k, old, value),
                    AtomicOp::Or => ops::bin_value(ops::OR, k, old, value),
                    AtomicOp::Xor => ops::bin_value(ops::XOR, k, old, value),
                    AtomicOp::Exchange => value,
                    AtomicOp::CompareExchange | AtomicOp::CompareStore => {
                        if Some(old) == compare {
                            value
                        } else {
                            old
                        }
                    }
                }
            };
            let old = match a.place.root {
                Root::Shared(base) => {
                    let word = (base + off + o) as usize;
                    self.shared_check(wave, l, word as u32, SharedAccess::Atomic, a.span);
                    let old = self.shared[word];
                    self.shared[word] = new(old);
                    old
                }
                Root::Buffer(_) | Root::Pointer(_) => {
                    let Some((b, off)) = self.buffer_place(wave, a.place.root, off, l, a.span) else { continue };
                    let at = off.wrapping_add(o) as usize;
                    let size = ops::size_of(k) as usize;
                    let buf = &self.bufs[b as usize];
                    if at + size > buf.len() {
                        let name = self.buffer_name(b);
                        let len = buf.len();
                        let d = self
                            .past_buffer_end(format!(
                                "out-of-bounds atomic: byte {at} of `{name}`, which has {len} bytes"
                            ))
                            .with_label(a.span, "this atomic")
                            .with_note(self.who(wave, l));
                        self.report(d);
                        wave.regs[a.original as usize * w + l] = 0;
                        continue;
                    }
                    buf.modify(at, size, new)
                }
                Root::Descriptor { .. } => self.texel_atomic(wave, a.place.root, l, a.span, new),
                // Atomics on locals are refused when compiling.
                Root::Regs(_) => 0,
            };
            wave.regs[a.original as usize * w + l] = old;
        }
    }

    /// `ddx`/`ddy` (`y`) of each active lane's value, over its derivative group: coarse, the
    /// group's first thread's right (lower) neighbour less it; fine, along the lane's own row
    /// (column). The group's four threads must be active lanes of one wave (E0712), as a GPU's
    /// derivatives need them; sema gives every compute shader that takes derivatives groups.
    fn derivative(&mut self, wave: &mut Wave, wi: &WaveInst, y: bool, fine: bool) {
        let w = self.w;
        let Some(group) = self.p.derivative_group else { return };
        let mut pairs = Vec::new();
        for l in lanes(wave.exec) {
            let thread = wave.lanes[l];
            let members = group.members(thread, self.p.numthreads);
            let lane_of =
                |index: u32| wave.lanes.iter().position(|&g| g == index).filter(|&k| k < w && wave.exec >> k & 1 == 1);
            let Some([first, right, below, diagonal]) = members
                .map(lane_of)
                .into_iter()
                .collect::<Option<Vec<_>>>()
                .and_then(|v| <[usize; 4]>::try_from(v).ok())
            else {
                let d = Diagnostic::error(
                    "E0712",
                    format!("a derivative needs the derivative group's four threads ({members:?}) active in one wave"),
                )
                .with_label(wi.span, "takes a derivative here")
                .with_note(self.who(wave, l));
                self.report(d);
                return;
            };
            // (to, from): the pair whose difference is this lane's derivative.
            let second_row = thread == members[2] || thread == members[3];
            let second_column = thread == members[1] || thread == members[3];
            pairs.push(match (y, fine) {
                (false, true) if second_row => (l, diagonal, below),
                (true, true) if second_column => (l, diagonal, right),
                (false, _) => (l, right, first),
                (true, _) => (l, below, first),
            });
        }
        for (&s, &d) in wi.src.iter().zip(&wi.dst) {
            let values: Vec<u64> = pairs
                .iter()
                .map(|&(_, to, from)| {
                    ops::bin_value(ops::SUB, wi.k, wave.regs[s as usize * w + to], wave.regs[s as usize * w + from])
                })
                .collect();
            for (&(l, _, _), v) in pairs.iter().zip(values) {
                wave.regs[d as usize * w + l] = v;
            }
        }
    }

    fn wave_op(&mut self, wave: &mut Wave, wi: &WaveInst) {
        let w = self.w;
        let exec = wave.exec;
        if exec == 0 {
            return;
        }
        let first = exec.trailing_zeros() as usize;
        let reg = |wave: &Wave, r: Reg, l: usize| wave.regs[r as usize * w + l];
        // Participating lanes: the active ones, within the WaveMask if there is one.
        let part = match wi.mask {
            Some(m) => exec & (reg(wave, m, first) as u32 as u128),
            None => exec,
        };
        let k = wi.k;
        let set = |wave: &mut Wave, r: Reg, l: usize, v: u64| wave.regs[r as usize * w + l] = v;
        match wi.kind {
            WaveKind::FirstLane => {
                let f = part.trailing_zeros() as usize;
                for l in lanes(exec) {
                    set(wave, wi.dst[0], l, (l == f) as u64);
                }
            }
            WaveKind::Reduce(op) => {
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let mut it = lanes(part);
                    // No lane of the mask is active: the operation's identity (a vote over no
                    // lanes is `all` true, `any` false).
                    let Some(f0) = it.next() else {
                        for l in lanes(exec) {
                            set(wave, d, l, ops::identity(op, k));
                        }
                        continue;
                    };
                    let mut acc = reg(wave, s, f0);
                    if k == ops::BOOL && (op == ops::AND || op == ops::OR) {
                        acc = (acc != 0) as u64;
                    }
                    for l in it {
                        acc = ops::bin_value(op, k, acc, reg(wave, s, l));
                    }
                    for l in lanes(exec) {
                        set(wave, d, l, acc);
                    }
                }
            }
            WaveKind::Scan(op) => {
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let mut acc = ops::identity(op, k);
                    for l in lanes(exec) {
                        set(wave, d, l, acc);
                        if part >> l & 1 == 1 {
                            acc = ops::bin_value(op, k, acc, reg(wave, s, l));
                        }
                    }
                }
            }
            WaveKind::InclusiveScan(op) => {
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let mut acc = ops::identity(op, k);
                    for l in lanes(exec) {
                        acc = ops::bin_value(op, k, acc, reg(wave, s, l));
                        set(wave, d, l, acc);
                    }
                }
            }
            WaveKind::ClusteredReduce(op) => {
                let size = wi.cluster.map(|c| reg(wave, c, first) as usize).unwrap_or(w);
                if !size.is_power_of_two() {
                    let d = Diagnostic::error("E0706", format!("the cluster size {size} is not a power of two"))
                        .with_label(wi.span, "this clustered operation")
                        .with_note(self.who(wave, first));
                    self.report(d);
                    return;
                }
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    for l in lanes(exec) {
                        let start = l & !(size - 1);
                        let cluster = (start..(start + size).min(w)).filter(|&c| exec >> c & 1 == 1);
                        let acc =
                            cluster.fold(ops::identity(op, k), |acc, c| ops::bin_value(op, k, acc, reg(wave, s, c)));
                        set(wave, d, l, acc);
                    }
                }
            }
            WaveKind::RelativeRead(relative) => {
                let lr = wi.lane.unwrap_or(0);
                let mut reads = Vec::with_capacity(w);
                for l in lanes(exec) {
                    let x = reg(wave, lr, l) as u32 as usize;
                    // GLSL leaves a lane outside the wave undefined; the engine, like the
                    // portable bodies, reads the lane's own value.
                    let src = match relative {
                        Relative::Xor => l ^ x,
                        Relative::Up => l.checked_sub(x).unwrap_or(l),
                        Relative::Down => l.checked_add(x).unwrap_or(l),
                    };
                    let src = if src < w { src } else { l };
                    let defined = exec >> src & 1 != 0;
                    if !defined {
                        self.report_undefined_read(wave, wi, l, src, "inactive", exec);
                    }
                    reads.push((l, defined.then_some(src)));
                }
                let undefined = self.undefined;
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let vals: Vec<u64> =
                        reads.iter().map(|&(_, src)| src.map_or(undefined, |src| reg(wave, s, src))).collect();
                    for (&(l, _), v) in reads.iter().zip(vals) {
                        set(wave, d, l, v);
                    }
                }
            }
            WaveKind::AllEqual { whole } => {
                let f = part.trailing_zeros() as usize;
                let equal: Vec<bool> = wi
                    .src
                    .iter()
                    .map(|&s| {
                        let v0 = if f < w { reg(wave, s, f) } else { 0 };
                        lanes(part).all(|l| {
                            let v = reg(wave, s, l);
                            if ops::is_float(k) {
                                ops::bin_value(ops::EQ, k, v, v0) != 0
                            } else {
                                v == v0
                            }
                        })
                    })
                    .collect();
                // `whole`: one answer for the whole value (GLSL); else one per component.
                let answers = if whole { vec![equal.iter().all(|&e| e)] } else { equal };
                for (&d, eq) in wi.dst.iter().zip(answers) {
                    for l in lanes(exec) {
                        set(wave, d, l, eq as u64);
                    }
                }
            }
            WaveKind::Ballot | WaveKind::ActiveMask | WaveKind::BallotCount { .. } => {
                let bits = match wi.kind {
                    WaveKind::ActiveMask => part,
                    _ => self.cond_mask(wave, wi.src[0], part),
                };
                for l in lanes(exec) {
                    match wi.kind {
                        WaveKind::BallotCount { exclusive } => {
                            let below = if exclusive { bits & ((1u128 << l) - 1) } else { bits };
                            set(wave, wi.dst[0], l, below.count_ones() as u64);
                        }
                        _ => {
                            for (c, &d) in wi.dst.iter().enumerate() {
                                set(wave, d, l, (bits >> (32 * c)) as u32 as u64);
                            }
                        }
                    }
                }
            }
            WaveKind::ReadFirst => {
                // No lane of the mask is active: the first active lane's value.
                let f = if part == 0 { first } else { part.trailing_zeros() as usize };
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let v = reg(wave, s, f);
                    for l in lanes(exec) {
                        set(wave, d, l, v);
                    }
                }
            }
            WaveKind::ReadLane { uniform } => {
                let lr = wi.lane.unwrap_or(0);
                let first_idx = reg(wave, lr, first) as u32;
                if uniform {
                    if let Some(other) = lanes(exec).find(|l| reg(wave, lr, *l) as u32 != first_idx) {
                        let oi = reg(wave, lr, other) as u32;
                        let d = Diagnostic::error(
                            "E0704",
                            format!("the lane index of WaveReadLaneAt is not uniform: lane {first} asks for lane {first_idx}, lane {other} for lane {oi}"),
                        )
                        .with_label(wi.span, "non-uniform lane index")
                        .with_note(self.who(wave, other))
                        .with_note("HLSL requires a wave-uniform lane; use WaveShuffle (Slang), or a waterfall loop over WaveReadLaneFirst");
                        self.report(d);
                    }
                }
                let mut reads = Vec::with_capacity(w);
                for l in lanes(exec) {
                    let src = reg(wave, lr, l) as u32 as usize;
                    let defined = src < w && part >> src & 1 != 0;
                    if !defined {
                        let why =
                            if src >= w { format!("beyond the wave's {w} lanes") } else { "inactive".to_string() };
                        self.report_undefined_read(wave, wi, l, src, &why, part);
                    }
                    reads.push((l, defined.then_some(src)));
                }
                let undefined = self.undefined;
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let vals: Vec<u64> =
                        reads.iter().map(|&(_, src)| src.map_or(undefined, |src| reg(wave, s, src))).collect();
                    for (&(l, _), v) in reads.iter().zip(vals) {
                        set(wave, d, l, v);
                    }
                }
            }
            WaveKind::Rotate { .. } | WaveKind::QuadRead => {
                let clustered = matches!(wi.kind, WaveKind::Rotate { clustered: true });
                let lr = wi.lane.unwrap_or(0);
                let srcs: Vec<(usize, usize)> = lanes(exec)
                    .map(|l| {
                        let x = reg(wave, lr, l) as usize;
                        let src = match wi.kind {
                            WaveKind::QuadRead => (l & !3) | (x & 3),
                            _ if clustered => {
                                let cs = (wi.cluster.map(|c| reg(wave, c, l)).unwrap_or(w as u64) as usize).clamp(1, w);
                                (l & !(cs - 1)) | ((l + x) & (cs - 1))
                            }
                            _ => (l + x) % w,
                        };
                        (l, src.min(w - 1))
                    })
                    .collect();
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let vals: Vec<u64> = srcs.iter().map(|&(_, src)| reg(wave, s, src)).collect();
                    for (&(l, _), v) in srcs.iter().zip(vals) {
                        set(wave, d, l, v);
                    }
                }
            }
            WaveKind::QuadSwap(x) => {
                let srcs: Vec<(usize, usize)> = lanes(exec).map(|l| (l, (l ^ x as usize).min(w - 1))).collect();
                for (&s, &d) in wi.src.iter().zip(&wi.dst) {
                    let vals: Vec<u64> = srcs.iter().map(|&(_, src)| reg(wave, s, src)).collect();
                    for (&(l, _), v) in srcs.iter().zip(vals) {
                        set(wave, d, l, v);
                    }
                }
            }
            WaveKind::Derivative { y, fine } => self.derivative(wave, wi, y, fine),
            WaveKind::QuadVote { all } => {
                let t = self.cond_mask(wave, wi.src[0], exec);
                for l in lanes(exec) {
                    let q = (0xfu128 << (l & !3)) & exec;
                    let v = if all { t & q == q } else { t & q != 0 };
                    set(wave, wi.dst[0], l, v as u64);
                }
            }
            WaveKind::Match => {
                for l in lanes(exec) {
                    let mut bits = 0u128;
                    for m in lanes(part) {
                        if wi.src.iter().all(|&s| reg(wave, s, m) == reg(wave, s, l)) {
                            bits |= 1 << m;
                        }
                    }
                    for (c, &d) in wi.dst.iter().enumerate() {
                        set(wave, d, l, (bits >> (32 * c)) as u32 as u64);
                    }
                }
            }
            WaveKind::MultiPrefix(op, fold) => self.multi_prefix(wave, wi, exec, Some(op), fold),
            WaveKind::MultiPrefixCount => self.multi_prefix(wave, wi, exec, None, MultiFold::Exclusive),
            WaveKind::LaneMask(which) => {
                // Lanes below `n`; `n` may be the width itself (128 lanes: every bit).
                let below = |n: usize| if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
                for l in lanes(exec) {
                    let bits = match which {
                        LaneMask::Eq => 1u128 << l,
                        LaneMask::Ge => below(w) & !below(l),
                        LaneMask::Gt => below(w) & !below(l + 1),
                        LaneMask::Le => below(l + 1),
                        LaneMask::Lt => below(l),
                    };
                    for (c, &d) in wi.dst.iter().enumerate() {
                        set(wave, d, l, (bits >> (32 * c)) as u32 as u64);
                    }
                }
            }
        }
    }

    fn multi_prefix(&mut self, wave: &mut Wave, wi: &WaveInst, exec: u128, op: Option<u8>, fold: MultiFold) {
        let w = self.w;
        let Some(m4) = wi.mask4 else { return };
        let reg = |wave: &Wave, r: Reg, l: usize| wave.regs[r as usize * w + l];
        let mut out: Vec<(usize, Vec<u64>)> = Vec::new();
        for l in lanes(exec) {
            let mask =
                mask_of_bits(reg(wave, m4[0], l), reg(wave, m4[1], l), reg(wave, m4[2], l), reg(wave, m4[3], l)) & exec;
            let below = match fold {
                MultiFold::Exclusive => mask & ((1u128 << l) - 1),
                MultiFold::Inclusive => mask & (((1u128 << l) - 1) | (1u128 << l)),
                MultiFold::Reduce => mask,
            };
            let vals = match op {
                None => vec![lanes(below).filter(|m| reg(wave, wi.src[0], *m) != 0).count() as u64],
                Some(op) => wi
                    .src
                    .iter()
                    .map(|&s| {
                        lanes(below)
                            .fold(ops::identity(op, wi.k), |acc, m| ops::bin_value(op, wi.k, acc, reg(wave, s, m)))
                    })
                    .collect(),
            };
            out.push((l, vals));
        }
        for (l, vals) in out {
            for (&d, v) in wi.dst.iter().zip(vals) {
                wave.regs[d as usize * w + l] = v;
            }
        }
    }
}

static EMPTY_WAVE: Wave = Wave {
    regs: Vec::new(),
    slots: Vec::new(),
    pc: 0,
    exec: 0,
    start: 0,
    lanes: Vec::new(),
    index: 0,
    state: State::Done,
    fence: 0,
};
