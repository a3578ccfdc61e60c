//! Running compiled compute shaders on a real device.
//!
//! This is the engine behind `wavec run` / `wavec test` and behind the
//! execution tests: it takes a SPIR-V module, a set of host buffers and a
//! dispatch size, runs the entry point once through Vulkan, and hands the
//! buffers back.  Everything is created per call and destroyed before
//! returning, so a call is self-contained (and slow-ish: this is a test
//! harness, not a benchmark; `elapsed` covers only submit → fence).
//!
//! Vulkan is loaded at run time (ash's `loaded` feature, `dlopen` of
//! `libvulkan.so.1`), so the crate builds and the rest of wavec works on
//! machines without a Vulkan loader; only these functions then fail, with
//! [`RunError::NoVulkan`].
//!
//! Documented driver quirks:
//! * Mesa lavapipe (`llvmpipe` device) has one subgroup size, chosen from
//!   the environment variable `LP_NATIVE_VECTOR_WIDTH` when the driver is
//!   loaded (128 → 4 lanes, 256 → 8, 512 → 16).  It is read once per
//!   process.  Its on-disk shader cache ignores that width, so set
//!   `MESA_SHADER_CACHE_DISABLE=true` whenever the width is changed.
//! * lavapipe cannot interrupt a running shader; see [`RunError::Timeout`].

pub mod cuda;
mod spirv;
mod vulkan;

use crate::image::{ImageDesc, SamplerDesc};
use std::fmt;
use std::time::Duration;

pub use vulkan::{list_devices, run_compute, select_device};

/// The descriptors the runner will ask buffers for, read from a module as it reads them
/// before a dispatch: (set, binding, kind as its messages name it). Reflection is checked
/// against this (`tests/reflection.rs`).
pub fn required_bindings(words: &[u32], entry: &str) -> Result<Vec<(u32, u32, String)>, RunError> {
    let info = spirv::scan(words, entry)?;
    Ok(info.resources.iter().map(|r| (r.set, r.binding, r.kind.describe())).collect())
}

/// Which kind of descriptor a buffer is bound as.  It must match the
/// shader's declaration (`buffer` / `RWStructuredBuffer` → `Storage`,
/// `uniform` / `cbuffer` → `Uniform`, a texture → `Image`, a sampler →
/// `Sampler`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    Storage,
    Uniform,
    /// An image of this shape, its texels the data ([`crate::image`] says
    /// where each lives); sampled or storage as the shader declares it.
    Image(ImageDesc),
    /// A sampler (`count` of them when the shader declares an array); no data.
    Sampler(SamplerDesc, u32),
    /// An image and the sampler it is read through: one combined image sampler descriptor per
    /// element (Slang's `Sampler2D`, a texture and a sampler at one binding); the texels the data.
    SampledImage(ImageDesc, SamplerDesc),
    /// Memory no descriptor binds, which the shader reaches through its device address (a
    /// pointer another buffer or the push constants hold, [`BufferInit::addresses`]).
    Addressed,
    /// A top-level acceleration structure (`RaytracingAccelerationStructure`); the data is the
    /// scene it is built from ([`crate::scene::SceneDesc::to_bytes`]).
    Accel,
}

impl fmt::Display for BufferKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BufferKind::Storage => "storage buffer",
            BufferKind::Uniform => "uniform buffer",
            BufferKind::Image(_) => "image",
            BufferKind::Sampler(..) => "sampler",
            BufferKind::SampledImage(..) => "image and sampler",
            BufferKind::Addressed => "buffer reached by its address",
            BufferKind::Accel => "acceleration structure",
        })
    }
}

/// One buffer bound at `(set, binding)`, initialised with `data`.
///
/// The device buffer is `data.len()` rounded up to 4 bytes (at least 4,
/// since Vulkan has no empty buffers); the padding is zeroed.  Read-back
/// returns exactly `data.len()` bytes.  An image's data is its texels, and
/// its read-back is the texels after the dispatch; a sampler has none.
#[derive(Clone, Debug)]
pub struct BufferInit {
    pub set: u32,
    pub binding: u32,
    pub kind: BufferKind,
    pub data: Vec<u8>,
    /// Pointers in `data`: at each byte offset, the device address (8 bytes) of the buffer at
    /// that index of [`Dispatch::buffers`], written once the buffers exist.
    pub addresses: Vec<(u32, usize)>,
}

/// One compute dispatch.
#[derive(Clone, Debug)]
pub struct Dispatch<'a> {
    /// The SPIR-V module, as words.
    pub spirv: &'a [u32],
    /// Name of the `GLCompute` entry point to run.
    pub entry: &'a str,
    /// Number of workgroups in x, y, z.
    pub groups: [u32; 3],
    /// Buffers to bind; read back in the same order.
    pub buffers: Vec<BufferInit>,
    /// Subgroup (wave) size the pipeline must run with; `None` takes the
    /// device default.
    pub subgroup_size: Option<u32>,
    /// How long to wait for the dispatch to finish.
    pub timeout: Duration,
    /// Case-insensitive substring of the device name to use; `None` takes
    /// the first discrete GPU, then integrated, then anything else.
    pub device: Option<String>,
    /// The module lays buffers out by the scalar rules (`--layout dx|scalar`): the device's
    /// `scalarBlockLayout` feature is enabled, and a device without it is an error.
    pub scalar_block_layout: bool,
    /// The push constants (the entry point's `uniform` values), for a module that has them.
    pub push_constants: Option<Vec<u8>>,
    /// Pointers in the push constants, as [`BufferInit::addresses`].
    pub push_addresses: Vec<(u32, usize)>,
    /// After the run whose buffers come back, this many more dispatches timed on the device
    /// (`wavec run --time`), after a few warm-up ones; 0 for none.
    pub timed_runs: u32,
    /// Specialization constants the pipeline gives values: each id and its value's bytes.
    pub specialization: Vec<(u32, Vec<u8>)>,
    /// Enable the device's `robustBufferAccess` (where it has it).
    pub robust_buffer_access: bool,
}

/// What a device can do, as far as wavec cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    pub name: String,
    /// Device API version (major, minor, patch).
    pub api_version: (u32, u32, u32),
    /// Driver name and info (`VkPhysicalDeviceDriverProperties`), or the
    /// raw driver version where the device predates Vulkan 1.2.
    pub driver: String,
    /// Default subgroup size (`VkPhysicalDeviceSubgroupProperties`).
    pub subgroup_size: u32,
    /// Smallest / largest subgroup size a pipeline can require; both equal
    /// `subgroup_size` without subgroup size control.
    pub min_subgroup_size: u32,
    pub max_subgroup_size: u32,
    /// Whether a compute pipeline can require a size in `[min, max]`.
    pub required_size_in_compute: bool,
    /// Subgroup operation classes the compute stage supports: `basic`,
    /// `vote`, `arithmetic`, `ballot`, `shuffle`, `shuffle_relative`,
    /// `clustered`, `quad`, `partitioned_nv`, `rotate_khr`.  Empty when the
    /// compute stage has no subgroup support at all.
    pub supported_ops: Vec<&'static str>,
}

impl DeviceInfo {
    /// Whether this is Mesa's CPU driver (lavapipe), whose subgroup size is
    /// chosen by `LP_NATIVE_VECTOR_WIDTH`.
    pub fn is_lavapipe(&self) -> bool {
        self.name.contains("llvmpipe") || self.driver.contains("llvmpipe")
    }
}

/// Result of a successful [`run_compute`].
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// Contents of every buffer after the dispatch, in `Dispatch::buffers`
    /// order.
    pub buffers: Vec<Vec<u8>>,
    /// The device it ran on.
    pub device: DeviceInfo,
    /// Time from queue submission until the fence was seen signalled.
    pub elapsed: Duration,
    /// The device time of each timed dispatch ([`Dispatch::timed_runs`]), from timestamps.
    pub times: Vec<Duration>,
}

/// How a [`RunError::MissingFeature`] reads: `wavec test` makes such a run a SKIP naming the
/// feature (the device cannot run the test), never a failure.
pub const MISSING_FEATURE: &str = "the device lacks a feature the shader needs";

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// No Vulkan loader, no driver, or a loader older than Vulkan 1.1.
    NoVulkan(String),
    /// No device matched `wanted` (or there is none at all).
    NoDevice { wanted: Option<String>, available: Vec<String> },
    /// The chosen device cannot run subgroup operations in compute shaders.
    NoSubgroupSupport(String),
    /// The shader needs a device feature the device lacks (`scalarBlockLayout`).
    MissingFeature(String),
    /// The requested subgroup size cannot be pinned on this device.
    SubgroupSizeUnsupported { requested: u32, min: u32, max: u32, hint: String },
    /// The SPIR-V is malformed, lacks the entry point, or the driver
    /// rejected it.
    InvalidShader(String),
    /// The shader declares a resource at `(set, binding)` that no
    /// `BufferInit` supplies.
    MissingBinding {
        set: u32,
        binding: u32,
        /// What the shader declares there, e.g. "storage buffer".
        declared: String,
    },
    /// A supplied buffer does not fit the shader's declaration or the
    /// device's limits (wrong descriptor kind, duplicate binding, too big,
    /// too many groups, ...).
    BadBinding(String),
    /// The dispatch did not finish within the timeout.  The device, its
    /// memory and the loader are deliberately leaked: the work may still be
    /// running and destroying what it uses would be undefined behaviour.
    /// (lavapipe cannot interrupt a shader, so its worker thread keeps
    /// spinning until the process exits.)
    Timeout(Duration),
    /// The driver reported `VK_ERROR_DEVICE_LOST` (GPU hang/reset).
    DeviceLost,
    /// Any other Vulkan failure.
    Vk(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::NoVulkan(why) => write!(
                f,
                "Vulkan is not available: {why}\n  hint: install a Vulkan loader and driver \
                 (on Debian/Ubuntu: `libvulkan1`, plus `mesa-vulkan-drivers` for the CPU \
                 driver lavapipe); `vulkaninfo --summary` shows what the loader finds"
            ),
            RunError::NoDevice { wanted, available } => {
                match wanted {
                    Some(w) => write!(f, "no Vulkan device whose name contains `{w}`")?,
                    None => write!(f, "no usable Vulkan device")?,
                }
                if available.is_empty() {
                    write!(f, "; the loader reports no devices (is a driver/ICD installed?)")
                } else {
                    write!(f, "; available: {}", available.join(", "))
                }
            }
            RunError::NoSubgroupSupport(why) => {
                write!(f, "no subgroup (wave) support in compute shaders: {why}")
            }
            RunError::MissingFeature(why) => write!(f, "{MISSING_FEATURE}: {why}"),
            RunError::SubgroupSizeUnsupported { requested, min, max, hint } => {
                write!(f, "subgroup size {requested} is not supported (device range {min}..={max})")?;
                if !hint.is_empty() {
                    write!(f, "\n  hint: {hint}")?;
                }
                Ok(())
            }
            RunError::InvalidShader(why) => write!(f, "invalid shader: {why}"),
            RunError::MissingBinding { set, binding, declared } => write!(
                f,
                "the shader uses a {declared} at set {set}, binding {binding}, \
                 but no buffer was supplied for it"
            ),
            RunError::BadBinding(why) => write!(f, "bad buffer binding: {why}"),
            RunError::Timeout(t) => write!(
                f,
                "the dispatch did not finish within {t:?} (infinite loop, or a \
                 barrier/subgroup operation that never completes?); its device \
                 resources were leaked because the work may still be running"
            ),
            RunError::DeviceLost => write!(
                f,
                "the Vulkan device was lost while running the shader (GPU hang, \
                 out-of-bounds access or watchdog reset)"
            ),
            RunError::Vk(why) => write!(f, "Vulkan error: {why}"),
        }
    }
}

impl std::error::Error for RunError {}
