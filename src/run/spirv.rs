//! A minimal SPIR-V word scan: just enough to check a module before handing
//! it to a driver, and to learn which descriptors the entry point uses.
//!
//! Drivers are allowed to crash on malformed SPIR-V (the spec makes valid
//! SPIR-V a precondition of `vkCreateShaderModule`), so we at least check
//! the header, that every instruction's word count stays in bounds, and
//! that the requested compute entry point exists.  Full validation is
//! `spirv-val`'s job; this is a cheap guard, not a validator.

use std::collections::{HashMap, HashSet};

use super::{BufferKind, RunError};
use crate::image::{Format, NumKind};
use crate::ir::TextureDim;

const MAGIC: u32 = 0x0723_0203;

// Opcodes (SPIR-V spec, section 3.52).
const OP_CAPABILITY: u32 = 17;
const OP_ENTRY_POINT: u32 = 15;
const OP_EXECUTION_MODE: u32 = 16;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_TYPE_IMAGE: u32 = 25;
const OP_TYPE_SAMPLER: u32 = 26;
const OP_TYPE_SAMPLED_IMAGE: u32 = 27;
const OP_TYPE_ARRAY: u32 = 28;
const OP_TYPE_RUNTIME_ARRAY: u32 = 29;
const OP_TYPE_POINTER: u32 = 32;
const OP_CONSTANT: u32 = 43;
const OP_FUNCTION: u32 = 54;
const OP_VARIABLE: u32 = 59;
const OP_DECORATE: u32 = 71;
const OP_TYPE_ACCELERATION_STRUCTURE: u32 = 5341;

// Decorations.
const DEC_BLOCK: u32 = 2;
const DEC_BUFFER_BLOCK: u32 = 3;
const DEC_BINDING: u32 = 33;
const DEC_DESCRIPTOR_SET: u32 = 34;

// Storage classes.
const SC_UNIFORM: u32 = 2;
const SC_PUSH_CONSTANT: u32 = 9;
const SC_STORAGE_BUFFER: u32 = 12;

const DIM_1D: u32 = 0;
const DIM_2D: u32 = 1;
const DIM_3D: u32 = 2;
const DIM_CUBE: u32 = 3;
const DIM_BUFFER: u32 = 5;

const EXEC_MODEL_GLCOMPUTE: u32 = 5;
const EXEC_MODE_LOCAL_SIZE: u32 = 17;

/// What a resource variable is, as far as descriptor layout goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ResourceKind {
    Buffer(BufferKind),
    /// An image (`storage`: read and written without a sampler) seen through a view of
    /// `dim`, arrayed or not; `count` descriptors (an array of images has several).
    /// `texel`: what the shader reads, `Float`, `Uint` or `Sint`; `multisampled`: several
    /// samples a texel (`Texture2DMS`).
    Image {
        storage: bool,
        dim: TextureDim,
        arrayed: bool,
        count: u32,
        texel: NumKind,
        multisampled: bool,
    },
    Sampler {
        count: u32,
    },
    /// A combined image sampler: an `OpTypeSampledImage` variable, or a sampled image and a
    /// sampler at one binding.
    SampledImage {
        dim: TextureDim,
        arrayed: bool,
        count: u32,
        texel: NumKind,
    },
    /// A top-level acceleration structure (`RaytracingAccelerationStructure`), `count`
    /// descriptors (an array of them has several).
    Accel {
        count: u32,
    },
    /// A typed buffer (`Buffer<T>`, `RWBuffer<T>`: a texel buffer), read as `texel`; the
    /// storage format the shader declares, if any (a sampled one declares none).
    TexelBuffer {
        storage: bool,
        texel: NumKind,
        format: Option<Format>,
    },
    /// An array of `count` storage or uniform buffers at one binding ([`RUNTIME_COUNT`]: unsized),
    /// each the buffer given for that element.
    Buffers {
        kind: BufferKind,
        count: u32,
    },
    /// Anything we cannot bind (arrays of texel buffers, ...), with a description
    /// for the error message.
    Unsupported(&'static str),
}

impl ResourceKind {
    pub(crate) fn describe(&self) -> String {
        match self {
            ResourceKind::Buffer(k) => k.to_string(),
            ResourceKind::Buffers { kind, .. } => format!("array of {kind}s"),
            ResourceKind::Image { storage, .. } => if *storage { "storage image" } else { "sampled image" }.to_string(),
            ResourceKind::Sampler { .. } => "sampler".into(),
            ResourceKind::SampledImage { .. } => "combined image sampler".into(),
            ResourceKind::Accel { .. } => BufferKind::Accel.to_string(),
            ResourceKind::TexelBuffer { storage, .. } => {
                if *storage { "storage texel buffer" } else { "uniform texel buffer" }.to_string()
            }
            ResourceKind::Unsupported(what) => (*what).to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Resource {
    pub set: u32,
    pub binding: u32,
    pub kind: ResourceKind,
}

/// `OpCapability` operands of the optional arithmetic types.
pub(crate) const CAPABILITY_FLOAT64: u32 = 10;
pub(crate) const CAPABILITY_INT64: u32 = 11;
pub(crate) const CAPABILITY_PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;
pub(crate) const CAPABILITY_INT16: u32 = 22;
pub(crate) const CAPABILITY_FLOAT16: u32 = 9;
pub(crate) const CAPABILITY_INT8: u32 = 39;
/// Float atomics (SPV_EXT_shader_atomic_float_add / _min_max).
pub(crate) const CAPABILITY_ATOMIC_FLOAT32_ADD: u32 = 6033;
pub(crate) const CAPABILITY_ATOMIC_FLOAT64_ADD: u32 = 6034;
pub(crate) const CAPABILITY_ATOMIC_FLOAT32_MIN_MAX: u32 = 5612;
pub(crate) const CAPABILITY_ATOMIC_FLOAT64_MIN_MAX: u32 = 5613;
pub(crate) const CAPABILITY_IMAGE_GATHER_EXTENDED: u32 = 25;
/// Derivative groups of compute shaders (SPV_NV_compute_shader_derivatives).
pub(crate) const CAPABILITY_COMPUTE_DERIVATIVE_GROUP_QUADS: u32 = 5288;
pub(crate) const CAPABILITY_COMPUTE_DERIVATIVE_GROUP_LINEAR: u32 = 5350;
pub(crate) const CAPABILITY_MIN_LOD: u32 = 42;
/// `OpReadClockKHR` (SPV_KHR_shader_clock).
pub(crate) const CAPABILITY_SHADER_CLOCK: u32 = 5055;
/// Images of 64-bit integers (SPV_EXT_shader_image_int64): Vulkan's
/// `shaderImageInt64Atomics` of VK_EXT_shader_image_atomic_int64.
pub(crate) const CAPABILITY_INT64_IMAGE: u32 = 5016;
pub(crate) const CAPABILITY_SAMPLED_CUBE_ARRAY: u32 = 45;
pub(crate) const CAPABILITY_STORAGE_IMAGE_EXTENDED_FORMATS: u32 = 49;
pub(crate) const CAPABILITY_STORAGE_IMAGE_READ_WITHOUT_FORMAT: u32 = 55;
pub(crate) const CAPABILITY_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT: u32 = 56;
pub(crate) const CAPABILITY_RUNTIME_DESCRIPTOR_ARRAY: u32 = 5302;
pub(crate) const CAPABILITY_SAMPLED_IMAGE_ARRAY_NON_UNIFORM_INDEXING: u32 = 5307;
pub(crate) const CAPABILITY_STORAGE_IMAGE_ARRAY_NON_UNIFORM_INDEXING: u32 = 5309;
pub(crate) const CAPABILITY_UNIFORM_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5306;
pub(crate) const CAPABILITY_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING: u32 = 5308;
/// Inline ray tracing (SPV_KHR_ray_query).
pub(crate) const CAPABILITY_RAY_QUERY: u32 = 4472;
/// The descriptor count of a runtime-sized (bindless) array: as many as the binding is given.
pub(crate) const RUNTIME_COUNT: u32 = 0;

#[derive(Clone, Debug, Default)]
pub(crate) struct ModuleInfo {
    /// Descriptor-bound variables the entry point may use.
    pub resources: Vec<Resource>,
    /// `LocalSize` execution mode of the entry point, when given literally.
    pub local_size: Option<[u32; 3]>,
    /// SPIR-V version (major, minor) from the header.
    pub version: (u32, u32),
    /// The entry point may use a push-constant block.
    pub uses_push_constants: bool,
    /// Every `OpCapability` the module declares.
    pub capabilities: Vec<u32>,
}

/// The subgroup feature (as `DeviceInfo::supported_ops` names it) each subgroup capability needs.
pub(crate) fn subgroup_feature(capability: u32) -> Option<&'static str> {
    Some(match capability {
        61 => "basic",
        62 => "vote",
        63 => "arithmetic",
        64 => "ballot",
        65 => "shuffle",
        66 => "shuffle_relative",
        67 => "clustered",
        68 => "quad",
        5297 => "partitioned_nv",
        6026 => "rotate_khr",
        _ => return None,
    })
}

/// Decodes a SPIR-V literal string starting at `words[0]`; returns the
/// string and the number of words it occupies.
fn literal_string(words: &[u32]) -> (String, usize) {
    let mut bytes = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return (String::from_utf8_lossy(&bytes).into_owned(), i + 1);
            }
            bytes.push(b);
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), words.len())
}

/// Scans `words` and returns the resources and local size of the
/// `GLCompute` entry point called `entry`.
pub(crate) fn scan(words: &[u32], entry: &str) -> Result<ModuleInfo, RunError> {
    let bad = |why: String| Err(RunError::InvalidShader(why));
    if words.len() < 5 {
        return bad(format!("SPIR-V module is {} words long; the header alone is 5", words.len()));
    }
    if words[0] != MAGIC {
        if words[0] == MAGIC.swap_bytes() {
            return bad("SPIR-V module has the wrong byte order".into());
        }
        return bad(format!("not a SPIR-V module (magic number {:#010x}, expected {MAGIC:#010x})", words[0]));
    }
    let version = words[1];
    let (major, minor) = ((version >> 16) & 0xff, (version >> 8) & 0xff);
    if major != 1 || version & 0xff00_00ff != 0 {
        return bad(format!("unsupported SPIR-V version word {version:#010x}"));
    }

    // Gathered in one pass; resolved after, since decorations come before
    // the types and variables they name.
    let mut entry_points: Vec<(u32, String, u32, Vec<u32>)> = Vec::new();
    let mut local_sizes: HashMap<u32, [u32; 3]> = HashMap::new();
    let mut sets: HashMap<u32, u32> = HashMap::new();
    let mut bindings: HashMap<u32, u32> = HashMap::new();
    let mut block: HashSet<u32> = HashSet::new();
    let mut buffer_block: HashSet<u32> = HashSet::new();
    let mut arrays: HashMap<u32, u32> = HashMap::new(); // array type → element type
    let mut array_lengths: HashMap<u32, u32> = HashMap::new(); // array type → length constant
    let mut constants: HashMap<u32, u32> = HashMap::new(); // 32-bit constant → value
    let mut images: HashMap<u32, (u32, bool, bool, u32, u32, bool)> = HashMap::new(); // image type → (dim, arrayed, storage, sampled type, format, multisampled)
    let mut scalars: HashMap<u32, NumKind> = HashMap::new();
    let mut samplers: HashSet<u32> = HashSet::new();
    // `OpTypeSampledImage`: the image type it combines with a sampler.
    let mut sampled_images: HashMap<u32, u32> = HashMap::new();
    let mut accels: HashSet<u32> = HashSet::new();
    let mut pointers: HashMap<u32, (u32, u32)> = HashMap::new(); // ptr type → (storage class, pointee)
    let mut variables: HashMap<u32, (u32, u32)> = HashMap::new(); // variable → (pointer type, storage class)
                                                                  // Every operand word of every instruction inside a function body: a
                                                                  // superset of the ids the code uses (literals may collide with ids,
                                                                  // which only makes the binding check stricter).
    let mut referenced: HashSet<u32> = HashSet::new();
    let mut capabilities: Vec<u32> = Vec::new();
    let mut in_functions = false;

    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let op = words[i] & 0xffff;
        if count == 0 || i + count > words.len() {
            return bad(format!(
                "malformed instruction at word {i} (opcode {op}, word count {count}, \
                 module has {} words)",
                words.len()
            ));
        }
        let ops = &words[i + 1..i + count];
        in_functions |= op == OP_FUNCTION;
        if in_functions {
            referenced.extend(ops.iter().copied());
        }
        match (op, ops.len()) {
            (OP_CAPABILITY, 1) => capabilities.push(ops[0]),
            (OP_ENTRY_POINT, n) if n >= 3 => {
                let (name, used) = literal_string(&ops[2..]);
                let interface = ops[2 + used..].to_vec();
                entry_points.push((ops[0], name, ops[1], interface));
            }
            (OP_EXECUTION_MODE, n) if n >= 5 && ops[1] == EXEC_MODE_LOCAL_SIZE => {
                local_sizes.insert(ops[0], [ops[2], ops[3], ops[4]]);
            }
            (OP_DECORATE, n) if n >= 2 => match ops[1] {
                DEC_BINDING if n >= 3 => {
                    bindings.insert(ops[0], ops[2]);
                }
                DEC_DESCRIPTOR_SET if n >= 3 => {
                    sets.insert(ops[0], ops[2]);
                }
                DEC_BLOCK => {
                    block.insert(ops[0]);
                }
                DEC_BUFFER_BLOCK => {
                    buffer_block.insert(ops[0]);
                }
                _ => {}
            },
            (OP_TYPE_ARRAY | OP_TYPE_RUNTIME_ARRAY, n) if n >= 2 => {
                arrays.insert(ops[0], ops[1]);
                if op == OP_TYPE_ARRAY && n >= 3 {
                    array_lengths.insert(ops[0], ops[2]);
                }
            }
            (OP_CONSTANT, 3) => {
                constants.insert(ops[1], ops[2]);
            }
            (OP_TYPE_IMAGE, n) if n >= 8 => {
                images.insert(ops[0], (ops[2], ops[4] != 0, ops[6] == 2, ops[1], ops[7], ops[5] != 0));
            }
            (OP_TYPE_INT, 3) => {
                scalars.insert(ops[0], if ops[2] != 0 { NumKind::Sint } else { NumKind::Uint });
            }
            (OP_TYPE_FLOAT, n) if n >= 2 => {
                scalars.insert(ops[0], NumKind::Float);
            }
            (OP_TYPE_SAMPLER, 1) => {
                samplers.insert(ops[0]);
            }
            (OP_TYPE_SAMPLED_IMAGE, 2) => {
                sampled_images.insert(ops[0], ops[1]);
            }
            (OP_TYPE_ACCELERATION_STRUCTURE, 1) => {
                accels.insert(ops[0]);
            }
            (OP_TYPE_POINTER, n) if n >= 3 => {
                pointers.insert(ops[0], (ops[1], ops[2]));
            }
            (OP_VARIABLE, n) if n >= 3 => {
                variables.insert(ops[1], (ops[0], ops[2]));
            }
            _ => {}
        }
        i += count;
    }

    let Some((_, _, entry_id, interface)) =
        entry_points.iter().find(|(model, name, _, _)| *model == EXEC_MODEL_GLCOMPUTE && name == entry)
    else {
        let found: Vec<String> =
            entry_points
                .iter()
                .map(|(model, name, _, _)| {
                    if *model == EXEC_MODEL_GLCOMPUTE {
                        format!("`{name}`")
                    } else {
                        format!("`{name}` (not compute)")
                    }
                })
                .collect();
        return bad(format!(
            "no GLCompute entry point named `{entry}` (module has: {})",
            if found.is_empty() { "none".to_string() } else { found.join(", ") }
        ));
    };

    // A resource counts as used when some function refers to it.  From
    // SPIR-V 1.4 on, the entry point's interface must also list every
    // global it uses, which excludes other entry points' resources (it
    // may list more: glslang lists every global, used or not, so the
    // interface alone is not enough).  Skipping unused declarations
    // matters because front ends keep them.
    let used: HashSet<u32> = if (major, minor) >= (1, 4) {
        interface.iter().copied().filter(|id| referenced.contains(id)).collect()
    } else {
        referenced
    };
    let uses_push_constants = variables.iter().any(|(id, &(_, class))| class == SC_PUSH_CONSTANT && used.contains(id));

    let mut resources = Vec::new();
    let mut ids: Vec<u32> = bindings.keys().copied().collect();
    ids.sort_unstable();
    for id in ids {
        let Some(&(ptr_type, _)) = variables.get(&id) else {
            continue; // decorated something other than a variable
        };
        if !used.contains(&id) {
            continue;
        }
        let binding = bindings[&id];
        let set = sets.get(&id).copied().unwrap_or(0);
        let kind = match pointers.get(&ptr_type) {
            Some(&(storage, pointee)) => {
                // An array of images, samplers or acceleration structures is one binding of
                // `count` descriptors.
                let opaque = |t: &u32| {
                    images.contains_key(t)
                        || samplers.contains(t)
                        || accels.contains(t)
                        || sampled_images.contains_key(t)
                };
                let (pointee, count) = match (arrays.get(&pointee), array_lengths.get(&pointee)) {
                    (Some(&elem), Some(len)) if opaque(&elem) => (elem, constants.get(len).copied().unwrap_or(1)),
                    (Some(&elem), None) if opaque(&elem) => (elem, RUNTIME_COUNT),
                    _ => (pointee, 1),
                };
                let combined = sampled_images.get(&pointee).copied();
                if let Some(&(dim, arrayed, storage, sampled, format, multisampled)) =
                    images.get(&combined.unwrap_or(pointee))
                {
                    let texel = scalars.get(&sampled).copied().unwrap_or(NumKind::Float);
                    if dim == DIM_BUFFER && count == 1 {
                        let format = Format::from_spirv_code(format);
                        resources.push(Resource {
                            set,
                            binding,
                            kind: ResourceKind::TexelBuffer { storage, texel, format },
                        });
                        continue;
                    }
                    let dim = match dim {
                        DIM_1D => Some(TextureDim::D1),
                        DIM_2D => Some(TextureDim::D2),
                        DIM_3D => Some(TextureDim::D3),
                        DIM_CUBE => Some(TextureDim::Cube),
                        _ => None,
                    };
                    match dim {
                        Some(dim) if combined.is_some() => ResourceKind::SampledImage { dim, arrayed, count, texel },
                        Some(dim) => ResourceKind::Image { storage, dim, arrayed, count, texel, multisampled },
                        None => ResourceKind::Unsupported("array of texel buffers or image of another dimension"),
                    }
                } else if samplers.contains(&pointee) {
                    ResourceKind::Sampler { count }
                } else if accels.contains(&pointee) {
                    ResourceKind::Accel { count }
                } else if let Some(&block_type) = arrays.get(&pointee) {
                    // An array of buffer blocks: one binding of `count` buffer descriptors.
                    let count = match array_lengths.get(&pointee) {
                        Some(len) => constants.get(len).copied().unwrap_or(1),
                        None => RUNTIME_COUNT,
                    };
                    if storage == SC_STORAGE_BUFFER || (storage == SC_UNIFORM && buffer_block.contains(&block_type)) {
                        ResourceKind::Buffers { kind: BufferKind::Storage, count }
                    } else if storage == SC_UNIFORM && block.contains(&block_type) {
                        ResourceKind::Buffers { kind: BufferKind::Uniform, count }
                    } else {
                        ResourceKind::Unsupported("descriptor array")
                    }
                } else if storage == SC_STORAGE_BUFFER || (storage == SC_UNIFORM && buffer_block.contains(&pointee)) {
                    // SPIR-V 1.3+ uses the StorageBuffer class; older
                    // modules (glslang for vulkan1.0/1.1) use Uniform +
                    // BufferBlock.
                    ResourceKind::Buffer(BufferKind::Storage)
                } else if storage == SC_UNIFORM && block.contains(&pointee) {
                    ResourceKind::Buffer(BufferKind::Uniform)
                } else {
                    ResourceKind::Unsupported("non-buffer resource of an unknown kind")
                }
            }
            None => ResourceKind::Unsupported("resource of unknown type"),
        };
        resources.push(Resource { set, binding, kind });
    }
    // A sampled image and a sampler at one binding (a combined texture-sampler, DXC's
    // `register(t0)` and `register(s0)`) read one combined image sampler descriptor, as
    // Vulkan lets separate image and sampler variables alias it.
    let mut merged: Vec<Resource> = Vec::with_capacity(resources.len());
    for r in resources {
        let other = merged.iter_mut().find(|m| m.set == r.set && m.binding == r.binding);
        match (other, &r.kind) {
            (Some(m), ResourceKind::Sampler { .. }) | (Some(m), ResourceKind::Image { storage: false, .. }) => {
                let image = match (&m.kind, &r.kind) {
                    (
                        ResourceKind::Image { storage: false, dim, arrayed, count, texel, multisampled: false },
                        ResourceKind::Sampler { .. },
                    )
                    | (
                        ResourceKind::Sampler { .. },
                        ResourceKind::Image { storage: false, dim, arrayed, count, texel, multisampled: false },
                    ) => Some((*dim, *arrayed, *count, *texel)),
                    _ => None,
                };
                match image {
                    Some((dim, arrayed, count, texel)) => {
                        m.kind = ResourceKind::SampledImage { dim, arrayed, count, texel };
                    }
                    None => merged.push(r),
                }
            }
            _ => merged.push(r),
        }
    }
    let resources = merged;

    Ok(ModuleInfo {
        resources,
        local_size: local_sizes.get(entry_id).copied(),
        version: (major, minor),
        uses_push_constants,
        capabilities,
    })
}
