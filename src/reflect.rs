//! Reflection: what a host needs to know to bind and dispatch a compiled shader, as a typed
//! value that serialises to the versioned JSON of `docs/reflection.md`.
//!
//! Nothing here decides anything of its own: bindings come from [`crate::ir::bindings`] (the
//! table the SPIR-V writer, the CPU engine and the Vulkan runner read), byte layouts from
//! [`crate::layout`] (the SPIR-V writer's `Offset`/`ArrayStride`/`MatrixStride` source), the
//! SPIR-V capabilities and extensions from the module's own words, and how each intrinsic
//! reached a target from the same [`crate::lower::intrinsics::Target`] answers the backends get.
//! So reflection cannot drift from the output; `tests/reflection.rs` checks it against both.

use crate::ir::bindings::{self, Slot};
use crate::ir::{AddressSpace, ExprId, Function, GlobalId, Majorness, Module, ResourceKind, Type};
use crate::layout::{self, Rule};
use crate::lower::intrinsics::Target as LowerTarget;
use crate::stdlib::{HlslLowering, Intrinsic, Stdlib};
use crate::{sema, Emulate, Options, Target};
use serde::Serialize;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// How a target natively emits a call (its form), or `None` when it takes the portable body.
type Describe<'a> = dyn Fn(&Intrinsic, &Function, &[ExprId]) -> Option<String> + 'a;

/// The version of the JSON schema; bumped on any change a reader could notice.
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reflection {
    pub version: u32,
    /// The file name the compilation was given.
    pub file: String,
    pub entry_point: EntryPoint,
    pub targets: Targets,
    /// Every declared resource with its binding (declaration order, as [`bindings::bindings`]).
    pub resources: Vec<Resource>,
    /// The entry point's `uniform` values: Slang's push-constant block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub push_constants: Option<PushConstants>,
    /// Every intrinsic the entry point reaches, by name, with how each target got it.
    pub intrinsics: Vec<IntrinsicUse>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryPoint {
    pub name: String,
    pub stage: &'static str,
    pub numthreads: Option<[u32; 3]>,
    /// `[WaveSize(min[, max[, preferred]])]` (or `--wave-size`).
    pub wave_size: Option<WaveSize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WaveSize {
    pub min: u32,
    pub max: u32,
    pub preferred: Option<u32>,
}

/// One entry per requested target family (`spirv` and `spirv-asm` are one module).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Targets {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hlsl: Option<HlslTarget>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spirv: Option<SpirvTarget>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HlslTarget {
    /// `sm_6_5`: the shader model the output was written for (DXC's `-T cs_6_5`).
    pub shader_model: String,
    pub groupshared: Groupshared,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpirvTarget {
    /// `1.3`
    pub version: String,
    /// `vulkan1.1`: what `spirv-val --target-env` accepts it for.
    pub target_env: &'static str,
    pub capabilities: Vec<String>,
    pub extensions: Vec<String>,
    pub groupshared: Groupshared,
}

/// The groupshared (`Workgroup`) variables a target's output declares, wavec's own included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Groupshared {
    /// The sum of the variables' sizes (each laid out naturally, `bool` as 4 bytes).
    pub bytes: u32,
    pub variables: Vec<GroupsharedVariable>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupsharedVariable {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub bytes: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resource {
    pub name: String,
    /// `RWStructuredBuffer`, `Texture2D`, `ConstantBuffer`, `cbuffer`, `$Globals`, `counter`…
    pub kind: String,
    /// The Vulkan descriptor type: `storage_buffer`, `uniform_buffer`, `sampled_image`,
    /// `storage_image`, `uniform_texel_buffer`, `storage_texel_buffer`, `sampler`.
    pub descriptor: &'static str,
    pub set: u32,
    pub binding: u32,
    /// Placed by `[[vk::binding]]` or `register`, not by declaration order.
    pub explicit: bool,
    /// The `register(…)` the HLSL output carries (the source's, unshifted); `None` when the
    /// HLSL compiler assigns one.
    pub hlsl_register: Option<HlslRegister>,
    pub writable: bool,
    /// Whether the entry point reaches it (the SPIR-V output declares only those).
    pub used: bool,
    /// The resource's element type (`Texture2D<float4>`'s `float4`), for textures and typed
    /// buffers; buffers with a memory layout have `layouts` instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_type: Option<String>,
    /// The memory layout per target (`hlsl`, `spirv`), for buffers that have one.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub layouts: BTreeMap<&'static str, BufferLayout>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HlslRegister {
    pub class: String,
    /// `None` for `register(space3)`: the HLSL compiler picks the index.
    pub index: Option<u32>,
    pub space: u32,
}

/// A buffer's contents under one layout rule: a structured buffer's `element` (repeated every
/// `stride` bytes), or a uniform block's `members`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BufferLayout {
    pub rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stride: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<TypeLayout>,
    /// The end of the last member (a uniform block's size before any rounding).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<Member>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Member {
    pub name: String,
    pub offset: u32,
    #[serde(flatten)]
    pub layout: TypeLayout,
}

/// A type laid out by one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypeLayout {
    #[serde(rename = "type")]
    pub ty: String,
    pub size: u32,
    pub alignment: u32,
    /// `column` or `row`, for matrices stored as several vectors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub majorness: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matrix_stride: Option<u32>,
    /// Arrays: the element count (`None` for a runtime-sized array), stride and element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_length: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_stride: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<Box<TypeLayout>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<Member>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PushConstants {
    pub size: u32,
    /// Per target; the HLSL output keeps them as `uniform` parameters, so only `spirv` has one.
    pub layouts: BTreeMap<&'static str, BufferLayout>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IntrinsicUse {
    pub name: String,
    /// Per target (`hlsl`, `spirv`).
    pub targets: BTreeMap<&'static str, Lowered>,
}

/// How one target got an intrinsic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lowered {
    /// `native`, `emulated` (the stdlib's portable body, or a lowering pass), or `unused` (not
    /// reached on this target: another intrinsic's emulation calls it elsewhere only).
    pub how: &'static str,
    /// The native form (an HLSL template, a SPIR-V instruction or built-in), or what emulates
    /// it (`stdlib body wavec_WaveMatch`, `lowering pass group_wave`).
    pub via: String,
}

impl Reflection {
    /// Pretty JSON with a final newline: the fields in declaration order, maps sorted, so the
    /// same compilation always writes the same bytes.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    }
}

fn majorness_name(m: Majorness) -> &'static str {
    match m {
        Majorness::Column => "column",
        Majorness::Row => "row",
    }
}

/// `ty` laid out by `rule`, recursively.
pub fn type_layout(m: &Module, ty: &Type, rule: Rule, majorness: Majorness) -> TypeLayout {
    let p = layout::placement(m, ty, rule, majorness);
    let mut t = TypeLayout {
        ty: m.type_name(ty),
        size: p.size,
        alignment: p.align,
        majorness: None,
        matrix_stride: None,
        array_length: None,
        array_stride: None,
        element: None,
        fields: None,
    };
    match ty {
        Type::Matrix(s, r, c) => {
            if let Some(mp) = layout::matrix(*s, *r, *c, majorness, rule) {
                t.majorness = Some(majorness_name(majorness));
                t.matrix_stride = Some(mp.stride);
            }
        }
        Type::Array(e, n) => {
            t.array_length = *n;
            t.array_stride = Some(layout::array_stride(m, e, rule, majorness));
            t.element = Some(Box::new(type_layout(m, e, rule, majorness)));
        }
        Type::Struct(h) => {
            let offsets = layout::field_offsets(m, *h, rule);
            let fields = m.structs[*h]
                .fields
                .iter()
                .zip(offsets)
                .map(|(f, offset)| Member {
                    name: f.name.clone(),
                    offset,
                    layout: type_layout(m, &f.ty, rule, f.majorness),
                })
                .collect();
            t.fields = Some(fields);
        }
        _ => {}
    }
    t
}

/// Loose members (a cbuffer's variables, `$Globals`, push constants) laid out by `rule`.
fn members_layout(m: &Module, globals: &[GlobalId], rule: Rule) -> BufferLayout {
    let placed = globals.iter().map(|&g| (&m.globals[g].ty, m.globals[g].majorness, m.globals[g].packoffset));
    let offsets = layout::member_offsets(m, placed, rule);
    let members: Vec<Member> = globals
        .iter()
        .zip(offsets)
        .map(|(&g, offset)| {
            let gl = &m.globals[g];
            Member { name: gl.name.clone(), offset, layout: type_layout(m, &gl.ty, rule, gl.majorness) }
        })
        .collect();
    let size = members.iter().map(|mb| mb.offset + mb.layout.size).max().unwrap_or(0);
    BufferLayout { rule: rule.name(), stride: None, element: None, size: Some(size), members: Some(members) }
}

/// Which rule each target lays a buffer out by: SPIR-V by `--layout`; the HLSL output is laid
/// out by the HLSL compiler, which packs cbuffers as fxc does and structured buffers as C does.
fn rules(options: &Options, module: &Module, uniform: bool) -> Vec<(&'static str, Rule)> {
    own_rules(options, module, uniform, None)
}

/// [`rules`] for a buffer with its own layout rule (`StructuredBuffer<T, ScalarDataLayout>`),
/// which SPIR-V and GLSL follow; the HLSL output's buffers stay D3D's.
fn own_rules(options: &Options, module: &Module, uniform: bool, own: Option<Rule>) -> Vec<(&'static str, Rule)> {
    let mut out = Vec::new();
    if options.targets.contains(&Target::Hlsl) {
        out.push(("hlsl", if uniform { Rule::D3dCbuffer } else { Rule::D3dStructured }));
    }
    let vulkan = own.unwrap_or(if uniform { module.layout.uniform() } else { module.layout.storage() });
    if options.targets.iter().any(|t| matches!(t, Target::Spirv | Target::SpirvAsm)) {
        out.push(("spirv", vulkan));
    }
    // The GLSL backend writes blocks that match the same rules byte for byte (or refuses).
    if options.targets.contains(&Target::Glsl) {
        out.push(("glsl", vulkan));
    }
    out
}

fn descriptor(kind: ResourceKind) -> &'static str {
    use ResourceKind::*;
    match kind {
        StructuredBuffer
        | RWStructuredBuffer
        | AppendStructuredBuffer
        | ConsumeStructuredBuffer
        | ByteAddressBuffer
        | RWByteAddressBuffer => "storage_buffer",
        ConstantBuffer => "uniform_buffer",
        Buffer => "uniform_texel_buffer",
        RWBuffer => "storage_texel_buffer",
        SamplerState | SamplerComparisonState => "sampler",
        k if k.is_writable() => "storage_image",
        _ => "sampled_image",
    }
}

/// The globals that functions reachable from the entry point read or write.
fn used_globals(m: &Module, entry: usize) -> Vec<bool> {
    let mut used = vec![false; m.globals.len()];
    let reach = m.reachable_functions(m.entry_points[entry].function);
    for (h, f) in m.functions.iter() {
        if reach[h.index()] {
            for g in &f.uses.globals {
                used[g.index()] = true;
            }
        }
    }
    used
}

/// The reflection of a successful compilation.
pub fn reflect(checked: &sema::Checked, options: &Options) -> Reflection {
    let m = &checked.module;
    let ep = &m.entry_points[checked.entry];
    let used = used_globals(m, checked.entry);
    let mut resources = Vec::new();
    for b in bindings::bindings(m, checked.entry) {
        let (kind, desc, register, writable, is_used, element_type, layouts) = match b.slot {
            Slot::Global(h) => {
                let g = &m.globals[h];
                let (kind, elem) = match &g.ty {
                    Type::Resource(k, e) => (*k, e.as_deref()),
                    // An array of textures or samplers.
                    Type::Array(e, _) => match &**e {
                        Type::Resource(k, e) => (*k, e.as_deref()),
                        _ => continue,
                    },
                    _ => continue,
                };
                let mut layouts = BTreeMap::new();
                let mut element_type = None;
                match (kind, elem) {
                    (ResourceKind::ConstantBuffer, Some(e)) => {
                        for (target, rule) in own_rules(options, m, true, g.layout) {
                            let t = type_layout(m, e, rule, g.majorness);
                            let bl = BufferLayout {
                                rule: rule.name(),
                                stride: None,
                                size: Some(t.size),
                                members: t.fields.clone(),
                                element: t.fields.is_none().then_some(t),
                            };
                            layouts.insert(target, bl);
                        }
                    }
                    (k, _) if k.is_byte_address() => {
                        for (target, rule) in rules(options, m, false) {
                            let t = type_layout(m, &Type::UINT, rule, g.majorness);
                            layouts.insert(
                                target,
                                BufferLayout {
                                    rule: rule.name(),
                                    stride: Some(4),
                                    element: Some(t),
                                    size: None,
                                    members: None,
                                },
                            );
                        }
                    }
                    (
                        ResourceKind::StructuredBuffer
                        | ResourceKind::RWStructuredBuffer
                        | ResourceKind::AppendStructuredBuffer
                        | ResourceKind::ConsumeStructuredBuffer,
                        Some(e),
                    ) => {
                        for (target, rule) in own_rules(options, m, false, g.layout) {
                            let stride = layout::array_stride(m, e, rule, g.majorness);
                            let t = type_layout(m, e, rule, g.majorness);
                            layouts.insert(
                                target,
                                BufferLayout {
                                    rule: rule.name(),
                                    stride: Some(stride),
                                    element: Some(t),
                                    size: None,
                                    members: None,
                                },
                            );
                        }
                    }
                    (_, e) => element_type = e.map(|e| m.type_name(e)),
                }
                let register = g.register.as_ref().map(|r| HlslRegister {
                    class: r.class.to_string(),
                    index: r.index,
                    space: r.space,
                });
                (
                    kind.name().to_string(),
                    descriptor(kind),
                    register,
                    kind.is_writable(),
                    used[h.index()],
                    element_type,
                    layouts,
                )
            }
            Slot::Cbuffer(i) => {
                let c = &m.cbuffers[i];
                let members: Vec<GlobalId> = m
                    .globals
                    .iter()
                    .filter(|(_, g)| g.space == AddressSpace::Uniform { cbuffer: Some(i) })
                    .map(|(h, _)| h)
                    .collect();
                let is_used = members.iter().any(|g| used[g.index()]);
                let layouts = rules(options, m, true)
                    .into_iter()
                    .map(|(target, rule)| (target, members_layout(m, &members, rule)))
                    .collect();
                let register = c.register.as_ref().map(|r| HlslRegister {
                    class: r.class.to_string(),
                    index: r.index,
                    space: r.space,
                });
                ("cbuffer".to_string(), "uniform_buffer", register, false, is_used, None, layouts)
            }
            Slot::LooseUniforms => {
                let members: Vec<GlobalId> = m
                    .globals
                    .iter()
                    .filter(|(_, g)| g.space == AddressSpace::Uniform { cbuffer: None })
                    .map(|(h, _)| h)
                    .collect();
                let is_used = members.iter().any(|g| used[g.index()]);
                let layouts = rules(options, m, true)
                    .into_iter()
                    .map(|(target, rule)| (target, members_layout(m, &members, rule)))
                    .collect();
                ("$Globals".to_string(), "uniform_buffer", None, false, is_used, None, layouts)
            }
            Slot::Counter(h) => {
                let layouts = rules(options, m, false)
                    .into_iter()
                    .filter(|(target, _)| *target == "spirv")
                    .map(|(target, rule)| {
                        let t = type_layout(m, &Type::INT, rule, Majorness::Column);
                        let member = Member { name: "counter".into(), offset: 0, layout: t };
                        (
                            target,
                            BufferLayout {
                                rule: rule.name(),
                                stride: None,
                                element: None,
                                size: Some(4),
                                members: Some(vec![member]),
                            },
                        )
                    })
                    .collect();
                ("counter".to_string(), "storage_buffer", None, true, used[h.index()], None, layouts)
            }
        };
        resources.push(Resource {
            name: b.name,
            kind,
            descriptor: desc,
            set: b.set,
            binding: b.binding,
            explicit: b.explicit,
            hlsl_register: register,
            writable,
            used: is_used,
            element_type,
            layouts,
        });
    }

    let push: Vec<GlobalId> =
        m.globals.iter().filter(|(_, g)| g.space == AddressSpace::PushConstant).map(|(h, _)| h).collect();
    let push_constants = (!push.is_empty()).then(|| {
        let layouts: BTreeMap<_, _> = rules(options, m, false)
            .into_iter()
            .filter(|(target, _)| *target == "spirv")
            .map(|(target, rule)| (target, members_layout(m, &push, rule)))
            .collect();
        let size = layouts.values().filter_map(|l| l.size).max().unwrap_or(0);
        PushConstants { size, layouts }
    });

    let stdlib = Stdlib::get();
    let mut intrinsics: BTreeMap<String, BTreeMap<&'static str, Lowered>> = BTreeMap::new();
    let mut hlsl = None;
    if options.targets.contains(&Target::Hlsl) {
        let sm = options.hlsl_shader_model;
        let fallback = options.emulate == Emulate::Always || (sm < (6, 10) && options.emulate == Emulate::Auto);
        let module = target_module(checked, fallback, "hlsl", &mut intrinsics);
        let natives = crate::back::hlsl::Natives { shader_model: sm };
        let describe = |intr: &Intrinsic, _: &Function, _: &[ExprId]| match intr.hlsl_for(sm) {
            Ok(HlslLowering::Template { text, .. }) => Some(text.clone()),
            _ => None,
        };
        record_intrinsics(&module, checked.entry, stdlib, &natives, &describe, "hlsl", &mut intrinsics);
        hlsl = Some(HlslTarget {
            shader_model: format!("sm_{}_{}", sm.0, sm.1),
            groupshared: groupshared(&module, checked.entry),
        });
    }
    let mut spirv = None;
    if options.targets.iter().any(|t| matches!(t, Target::Spirv | Target::SpirvAsm)) {
        let spv_options = crate::spirv_options(options);
        let module = target_module(checked, options.emulate == Emulate::Always, "spirv", &mut intrinsics);
        let natives = crate::back::spv::Natives(&spv_options);
        let describe = |intr: &Intrinsic, f: &Function, args: &[ExprId]| {
            crate::back::spv::native_form(&spv_options, intr, f, args)
        };
        record_intrinsics(&module, checked.entry, stdlib, &natives, &describe, "spirv", &mut intrinsics);
        let (version, capabilities, extensions) = crate::spirv(checked, options, &mut Vec::new())
            .ok()
            .and_then(|words| crate::back::spv::module_requirements(&words))
            .unwrap_or((spv_options.version, Vec::new(), Vec::new()));
        spirv = Some(SpirvTarget {
            version: format!("{}.{}", version.0, version.1),
            target_env: spv_options.target_env,
            capabilities,
            extensions,
            groupshared: groupshared(&module, checked.entry),
        });
    }
    let targets_used: Vec<&'static str> =
        [hlsl.as_ref().map(|_| "hlsl"), spirv.as_ref().map(|_| "spirv")].into_iter().flatten().collect();
    let intrinsics = intrinsics
        .into_iter()
        .map(|(name, mut targets)| {
            for t in &targets_used {
                targets.entry(t).or_insert_with(|| Lowered { how: "unused", via: String::new() });
            }
            IntrinsicUse { name, targets }
        })
        .collect();

    Reflection {
        version: VERSION,
        file: options.file_name.clone(),
        entry_point: EntryPoint {
            name: ep.name.clone(),
            stage: ep.stage.name(),
            numthreads: ep.numthreads,
            wave_size: ep.wave_size.map(|w| WaveSize { min: w.min, max: w.max, preferred: w.preferred }),
        },
        targets: Targets { hlsl, spirv },
        resources,
        push_constants,
        intrinsics,
    }
}

/// The module a target writes from, before its intrinsics are lowered: with the groupshared
/// group-wave-index fallback when `fallback` says the target takes it (which it records).
fn target_module<'m>(
    checked: &'m sema::Checked,
    fallback: bool,
    target: &'static str,
    out: &mut BTreeMap<String, BTreeMap<&'static str, Lowered>>,
) -> Cow<'m, Module> {
    let stdlib = Stdlib::get();
    let mut module = Cow::Borrowed(&checked.module);
    if fallback && crate::lower::uses_group_wave(&module, checked.entry, stdlib) {
        for (name, _) in crate::lower::group_wave_uses(&module, checked.entry, stdlib) {
            let lowered = Lowered { how: "emulated", via: "lowering pass group_wave (groupshared counter)".into() };
            out.entry(name).or_default().insert(target, lowered);
        }
        // The pass fails only where the backend would have failed too, and then no Output exists.
        let _ = crate::lower::emulate_group_wave(module.to_mut(), checked.entry, stdlib);
    }
    module
}

/// Runs the intrinsic lowering a backend runs, noting each call's answer: native (with
/// `describe`'s form) or the stdlib body.
fn record_intrinsics(
    module: &Module,
    entry: usize,
    stdlib: &Stdlib,
    natives: &dyn LowerTarget,
    describe: &Describe<'_>,
    target: &'static str,
    out: &mut BTreeMap<String, BTreeMap<&'static str, Lowered>>,
) {
    struct Recorder<'a> {
        natives: &'a dyn LowerTarget,
        describe: &'a Describe<'a>,
        seen: RefCell<Vec<(String, Lowered)>>,
    }
    impl LowerTarget for Recorder<'_> {
        fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), crate::diag::Diagnostic> {
            let answer = self.natives.native(intr, f, args);
            let lowered = match (&answer, (self.describe)(intr, f, args)) {
                (Ok(()), Some(form)) => Lowered { how: "native", via: form },
                (Ok(()), None) => Lowered { how: "native", via: intr.name.clone() },
                (Err(_), _) => {
                    Lowered { how: "emulated", via: format!("stdlib body wavec_{}", intr.name.trim_start_matches('_')) }
                }
            };
            self.seen.borrow_mut().push((intr.name.clone(), lowered));
            answer
        }
    }
    let recorder = Recorder { natives, describe, seen: RefCell::new(Vec::new()) };
    let _ = crate::lower::lower_intrinsics(Cow::Borrowed(module), entry, stdlib, &recorder);
    for (name, lowered) in recorder.seen.into_inner() {
        // Building blocks of the stdlib's bodies (`__first_lane`) are not the user's to know.
        if name.starts_with("__") {
            continue;
        }
        let slot = out.entry(name).or_default();
        // One call lowered natively and another emulated (a constant argument decides, say):
        // the emulation is what the user needs to hear about.
        match slot.get(target) {
            Some(prev) if prev.how == "emulated" => {}
            _ => {
                slot.insert(target, lowered);
            }
        }
    }
}

/// The groupshared variables that the entry point reaches in `module`.
fn groupshared(module: &Module, entry: usize) -> Groupshared {
    let used = used_globals(module, entry);
    let variables: Vec<GroupsharedVariable> = module
        .globals
        .iter()
        .filter(|(h, g)| g.space == AddressSpace::Groupshared && used[h.index()])
        .map(|(_, g)| GroupsharedVariable {
            name: g.name.clone(),
            ty: module.type_name(&g.ty),
            bytes: layout::placement(module, &g.ty, Rule::Scalar, g.majorness).size,
        })
        .collect();
    Groupshared { bytes: variables.iter().map(|v| v.bytes).sum(), variables }
}
