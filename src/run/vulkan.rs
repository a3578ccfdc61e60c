//! The Vulkan side of the runner: instance, device selection, resources,
//! one dispatch, read-back, teardown.
//!
//! Every Vulkan object is recorded in a [`Session`] the moment it is
//! created, and `Session`'s `Drop` destroys them in reverse dependency
//! order, so early returns (`?`) never leak.  The one exception is a
//! timeout, where the work may still be running; see [`RunError::Timeout`].

use std::collections::{BTreeMap, HashSet};
use std::ffi::{c_char, CStr, CString};
use std::time::{Duration, Instant};

use ash::vk;

use super::spirv::{self, ResourceKind};
use super::{BufferKind, DeviceInfo, Dispatch, RunError, RunOutput};

mod accel;
mod images;
mod texel_buffers;

/// Maps a failed Vulkan call to a [`RunError`], keeping device loss
/// distinguishable from everything else.
fn vk_err(what: &'static str) -> impl Fn(vk::Result) -> RunError {
    move |e| match e {
        vk::Result::ERROR_DEVICE_LOST => RunError::DeviceLost,
        e => RunError::Vk(format!("{what} failed: {e}")),
    }
}

fn version_triple(v: u32) -> (u32, u32, u32) {
    (vk::api_version_major(v), vk::api_version_minor(v), vk::api_version_patch(v))
}

/// Owns every Vulkan object of one call and destroys them on drop.
#[derive(Default)]
struct Session {
    // Field order does not matter: `Drop::drop` tears down explicitly.
    entry: Option<&'static ash::Entry>,
    instance: Option<ash::Instance>,
    device: Option<ash::Device>,
    buffers: Vec<vk::Buffer>,
    /// Buffers get device addresses (`bufferDeviceAddress`): the shader holds pointers.
    device_addresses: bool,
    buffer_views: Vec<vk::BufferView>,
    images: Vec<vk::Image>,
    views: Vec<vk::ImageView>,
    samplers: Vec<vk::Sampler>,
    /// The acceleration structure functions, loaded when the shader uses a structure.
    accel: Option<ash::khr::acceleration_structure::Device>,
    accels: Vec<vk::AccelerationStructureKHR>,
    memories: Vec<vk::DeviceMemory>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    descriptor_pool: vk::DescriptorPool,
    pipeline_layout: vk::PipelineLayout,
    shader: vk::ShaderModule,
    pipeline: vk::Pipeline,
    command_pool: vk::CommandPool,
    fence: vk::Fence,
    query_pool: vk::QueryPool,
    /// Set when work may still be executing (timeout): nothing may be
    /// destroyed, and the loader library must stay mapped because driver
    /// threads may still run code from it.
    leak: bool,
}

impl Drop for Session {
    fn drop(&mut self) {
        if self.leak {
            // Not destroying anything keeps the device and instance alive
            // (ash handles have no `Drop`); libvulkan stays loaded (it is
            // never unloaded). The process is expected to report the timeout
            // and exit.
            return;
        }
        // SAFETY: every handle was created from `device`/`instance`, is
        // destroyed exactly once, and no work is pending: we only get here
        // after the fence signalled, after device loss, or before submit.
        unsafe {
            if let Some(device) = self.device.take() {
                // Guarantees idleness even if we bail out between submit and
                // the fence wait (e.g. a failed wait); ignore its result,
                // a lost device is idle by definition.
                if self.fence != vk::Fence::null() {
                    let _ = device.device_wait_idle();
                }
                if self.fence != vk::Fence::null() {
                    device.destroy_fence(self.fence, None);
                }
                if self.query_pool != vk::QueryPool::null() {
                    device.destroy_query_pool(self.query_pool, None);
                }
                if self.command_pool != vk::CommandPool::null() {
                    device.destroy_command_pool(self.command_pool, None);
                }
                if self.pipeline != vk::Pipeline::null() {
                    device.destroy_pipeline(self.pipeline, None);
                }
                if self.shader != vk::ShaderModule::null() {
                    device.destroy_shader_module(self.shader, None);
                }
                if self.pipeline_layout != vk::PipelineLayout::null() {
                    device.destroy_pipeline_layout(self.pipeline_layout, None);
                }
                if self.descriptor_pool != vk::DescriptorPool::null() {
                    device.destroy_descriptor_pool(self.descriptor_pool, None);
                }
                for &l in &self.set_layouts {
                    device.destroy_descriptor_set_layout(l, None);
                }
                if let Some(accel) = &self.accel {
                    for &a in &self.accels {
                        accel.destroy_acceleration_structure(a, None);
                    }
                }
                for &v in &self.buffer_views {
                    device.destroy_buffer_view(v, None);
                }
                for &b in &self.buffers {
                    device.destroy_buffer(b, None);
                }
                for &v in &self.views {
                    device.destroy_image_view(v, None);
                }
                for &i in &self.images {
                    device.destroy_image(i, None);
                }
                for &x in &self.samplers {
                    device.destroy_sampler(x, None);
                }
                // Freeing mapped memory implicitly unmaps it.
                for &m in &self.memories {
                    device.free_memory(m, None);
                }
                device.destroy_device(None);
            }
            if let Some(instance) = self.instance.take() {
                instance.destroy_instance(None);
            }
        }
    }
}

impl Session {
    fn instance(&self) -> &ash::Instance {
        // Only called after `create_instance` succeeded.
        self.instance.as_ref().expect("instance created")
    }
    fn device(&self) -> &ash::Device {
        self.device.as_ref().expect("device created")
    }
}

/// The Vulkan loader, loaded once per process and never unloaded, with one instance that lives
/// as long as the process. The loader unloads the drivers when their last instance goes, and
/// NVIDIA's does not survive being unloaded and loaded again: after a few dozen dispatches in
/// one process it ran out of static TLS and the loader found no driver.
fn loader_entry() -> Result<&'static ash::Entry, RunError> {
    static ENTRY: std::sync::OnceLock<Result<ash::Entry, String>> = std::sync::OnceLock::new();
    let loaded = ENTRY.get_or_init(|| {
        // SAFETY: `dlopen`s libvulkan; ash marks it unsafe because the library runs
        // initialisation code, which is the point.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| e.to_string())?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
        let info = vk::InstanceCreateInfo::default().application_info(&app);
        // SAFETY: a plain instance; it is never destroyed, on purpose (above). Without a
        // driver it fails, and the caller's own instance reports why.
        // (ash's `Instance` has no `Drop`: dropping the handle leaves the instance alive.)
        let _keepalive = unsafe { entry.create_instance(&info, None) };
        Ok(entry)
    });
    loaded.as_ref().map_err(|e| RunError::NoVulkan(format!("could not load libvulkan: {e}")))
}

/// Loads the Vulkan loader and creates an instance in `s`.
fn create_instance(s: &mut Session) -> Result<(), RunError> {
    let entry = loader_entry()?;
    // SAFETY: plain global query on a loaded entry.
    let loader = unsafe { entry.try_enumerate_instance_version() }
        .map_err(vk_err("vkEnumerateInstanceVersion"))?
        .unwrap_or(vk::API_VERSION_1_0);
    if loader < vk::API_VERSION_1_1 {
        return Err(RunError::NoVulkan(format!(
            "the Vulkan loader only supports {}.{}; subgroup support needs 1.1",
            vk::api_version_major(loader),
            vk::api_version_minor(loader)
        )));
    }
    // The instance version caps what device features we may use; ask for
    // 1.3 (subgroup size control is core there) when the loader has it.
    let api = loader.min(vk::API_VERSION_1_3);
    let app = vk::ApplicationInfo::default().application_name(c"wavec").engine_name(c"wavec").api_version(api);

    // On portability implementations (MoltenVK) devices are only listed
    // when the app opts in; harmless elsewhere.
    // SAFETY: global query.
    let available = unsafe { entry.enumerate_instance_extension_properties(None) }
        .map_err(vk_err("vkEnumerateInstanceExtensionProperties"))?;
    let has_portability =
        available.iter().any(|e| e.extension_name_as_c_str() == Ok(vk::KHR_PORTABILITY_ENUMERATION_NAME));
    let mut extensions: Vec<*const c_char> = Vec::new();
    let mut flags = vk::InstanceCreateFlags::empty();
    if has_portability {
        extensions.push(vk::KHR_PORTABILITY_ENUMERATION_NAME.as_ptr());
        flags |= vk::InstanceCreateFlags::ENUMERATE_PORTABILITY_KHR;
    }
    let info =
        vk::InstanceCreateInfo::default().application_info(&app).enabled_extension_names(&extensions).flags(flags);
    // SAFETY: `info` and what it points to outlive the call.
    let instance = unsafe { entry.create_instance(&info, None) }.map_err(|e| match e {
        vk::Result::ERROR_INCOMPATIBLE_DRIVER => {
            RunError::NoVulkan("the loader found no compatible driver (ICD); is one installed?".into())
        }
        e => RunError::Vk(format!("vkCreateInstance failed: {e}")),
    })?;
    s.entry = Some(entry);
    s.instance = Some(instance);
    Ok(())
}

/// Everything we learn about a physical device before choosing it.
struct Probe {
    pd: vk::PhysicalDevice,
    info: DeviceInfo,
    device_type: vk::PhysicalDeviceType,
    limits: vk::PhysicalDeviceLimits,
    api: u32,
    /// Compute queue family, if any.
    queue_family: Option<u32>,
    /// Compute stage listed in `subgroupSupportedStages`.
    compute_subgroups: bool,
    /// Subgroup size control is usable; `true` in the tuple means it comes
    /// from `VK_EXT_subgroup_size_control`, which must then be enabled.
    size_control: Option<bool>,
    max_compute_workgroup_subgroups: u32,
    portability_subset: bool,
    /// `scalarBlockLayout` (Vulkan 1.2 core, or `VK_EXT_scalar_block_layout`).
    scalar_block_layout: bool,
}

const OP_NAMES: [(vk::SubgroupFeatureFlags, &str); 10] = [
    (vk::SubgroupFeatureFlags::BASIC, "basic"),
    (vk::SubgroupFeatureFlags::VOTE, "vote"),
    (vk::SubgroupFeatureFlags::ARITHMETIC, "arithmetic"),
    (vk::SubgroupFeatureFlags::BALLOT, "ballot"),
    (vk::SubgroupFeatureFlags::SHUFFLE, "shuffle"),
    (vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE, "shuffle_relative"),
    (vk::SubgroupFeatureFlags::CLUSTERED, "clustered"),
    (vk::SubgroupFeatureFlags::QUAD, "quad"),
    (vk::SubgroupFeatureFlags::PARTITIONED_NV, "partitioned_nv"),
    (vk::SubgroupFeatureFlags::ROTATE_KHR, "rotate_khr"),
];

fn probe(instance: &ash::Instance, pd: vk::PhysicalDevice) -> Result<Probe, RunError> {
    // SAFETY (whole function): queries on a physical device enumerated from
    // `instance`; every chained struct outlives the call and is only chained
    // when the device's version or extensions define it.
    let props = unsafe { instance.get_physical_device_properties(pd) };
    let name = props
        .device_name_as_c_str()
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "<unnamed device>".into());
    let api = props.api_version;
    let extensions = unsafe { instance.enumerate_device_extension_properties(pd) }
        .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
    let has_ext = |n: &CStr| extensions.iter().any(|e| e.extension_name_as_c_str() == Ok(n));

    let families = unsafe { instance.get_physical_device_queue_family_properties(pd) };
    let queue_family = families
        .iter()
        .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE) && f.queue_count > 0)
        .map(|i| i as u32);

    let mut info = DeviceInfo {
        name,
        api_version: version_triple(api),
        driver: format!("driver version {:#x}", props.driver_version),
        subgroup_size: 1,
        min_subgroup_size: 1,
        max_subgroup_size: 1,
        required_size_in_compute: false,
        supported_ops: Vec::new(),
    };
    let mut probe = Probe {
        pd,
        info: info.clone(),
        device_type: props.device_type,
        limits: props.limits,
        api,
        queue_family,
        compute_subgroups: false,
        size_control: None,
        max_compute_workgroup_subgroups: 0,
        portability_subset: has_ext(vk::KHR_PORTABILITY_SUBSET_NAME),
        scalar_block_layout: false,
    };
    if api < vk::API_VERSION_1_1 {
        // Subgroup properties are a 1.1 query; such a device is listed but
        // reports no subgroup support.
        return Ok(probe);
    }

    let size_control_ext = api < vk::API_VERSION_1_3 && has_ext(vk::EXT_SUBGROUP_SIZE_CONTROL_NAME);
    let size_control_known = api >= vk::API_VERSION_1_3 || size_control_ext;
    let driver_props_known = api >= vk::API_VERSION_1_2 || has_ext(vk::KHR_DRIVER_PROPERTIES_NAME);

    let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
    let mut size_props = vk::PhysicalDeviceSubgroupSizeControlProperties::default();
    let mut driver = vk::PhysicalDeviceDriverProperties::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut subgroup);
    if size_control_known {
        props2 = props2.push_next(&mut size_props);
    }
    if driver_props_known {
        props2 = props2.push_next(&mut driver);
    }
    unsafe { instance.get_physical_device_properties2(pd, &mut props2) };
    let _ = props2; // ends the borrows of the chained structs

    if driver_props_known {
        let n = driver.driver_name_as_c_str().map(|c| c.to_string_lossy().into_owned());
        let i = driver.driver_info_as_c_str().map(|c| c.to_string_lossy().into_owned());
        if let (Ok(n), Ok(i)) = (n, i) {
            info.driver = if i.is_empty() { n } else { format!("{n} ({i})") };
        }
    }

    if api >= vk::API_VERSION_1_2 || has_ext(vk::EXT_SCALAR_BLOCK_LAYOUT_NAME) {
        let mut scalar = vk::PhysicalDeviceScalarBlockLayoutFeatures::default();
        let mut features2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut scalar);
        unsafe { instance.get_physical_device_features2(pd, &mut features2) };
        let _ = features2;
        probe.scalar_block_layout = scalar.scalar_block_layout == vk::TRUE;
    }

    let mut size_control_feature = false;
    if size_control_known {
        let mut features = vk::PhysicalDeviceSubgroupSizeControlFeatures::default();
        let mut features2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut features);
        unsafe { instance.get_physical_device_features2(pd, &mut features2) };
        let _ = features2;
        size_control_feature = features.subgroup_size_control == vk::TRUE;
    }

    probe.compute_subgroups = subgroup.supported_stages.contains(vk::ShaderStageFlags::COMPUTE);
    info.subgroup_size = subgroup.subgroup_size;
    info.min_subgroup_size = subgroup.subgroup_size;
    info.max_subgroup_size = subgroup.subgroup_size;
    if probe.compute_subgroups {
        info.supported_ops = OP_NAMES
            .iter()
            .filter(|(flag, _)| subgroup.supported_operations.contains(*flag))
            .map(|&(_, n)| n)
            .collect();
    }
    if size_control_known && size_control_feature {
        info.min_subgroup_size = size_props.min_subgroup_size;
        info.max_subgroup_size = size_props.max_subgroup_size;
        info.required_size_in_compute =
            size_props.required_subgroup_size_stages.contains(vk::ShaderStageFlags::COMPUTE);
        probe.size_control = Some(size_control_ext);
        probe.max_compute_workgroup_subgroups = size_props.max_compute_workgroup_subgroups;
    }
    probe.info = info;
    Ok(probe)
}

fn probe_all(s: &Session) -> Result<Vec<Probe>, RunError> {
    let instance = s.instance();
    // SAFETY: enumeration on a live instance.
    let pds = unsafe { instance.enumerate_physical_devices() }.map_err(vk_err("vkEnumeratePhysicalDevices"))?;
    pds.into_iter().map(|pd| probe(instance, pd)).collect()
}

/// Lists every Vulkan device the loader reports, with its subgroup
/// capabilities.
pub fn list_devices() -> Result<Vec<DeviceInfo>, RunError> {
    let mut s = Session::default();
    create_instance(&mut s)?;
    Ok(probe_all(&s)?.into_iter().map(|p| p.info).collect())
}

/// The device [`run_compute`] would pick for `wanted` (a case-insensitive substring of its
/// name; `None` takes the first discrete GPU, then integrated, then anything else), with the
/// same errors: no such device, or no subgroup support in compute shaders.
pub fn select_device(wanted: Option<&str>) -> Result<DeviceInfo, RunError> {
    let mut s = Session::default();
    create_instance(&mut s)?;
    Ok(choose(probe_all(&s)?, wanted)?.info)
}

/// Picks the device to run on: name filter first, then device type.
fn choose(probes: Vec<Probe>, wanted: Option<&str>) -> Result<Probe, RunError> {
    let available: Vec<String> = probes.iter().map(|p| p.info.name.clone()).collect();
    let no_device = || RunError::NoDevice { wanted: wanted.map(str::to_string), available: available.clone() };
    let mut candidates: Vec<Probe> = probes
        .into_iter()
        .filter(|p| match wanted {
            Some(w) => p.info.name.to_lowercase().contains(&w.to_lowercase()),
            None => true,
        })
        .collect();
    if candidates.is_empty() {
        return Err(no_device());
    }
    let rank = |p: &Probe| {
        let usable = p.queue_family.is_some() && p.compute_subgroups;
        let ty = match p.device_type {
            vk::PhysicalDeviceType::DISCRETE_GPU => 0,
            vk::PhysicalDeviceType::INTEGRATED_GPU => 1,
            vk::PhysicalDeviceType::VIRTUAL_GPU => 2,
            vk::PhysicalDeviceType::CPU => 3,
            _ => 4,
        };
        (!usable, ty)
    };
    candidates.sort_by_key(rank); // stable: enumeration order breaks ties
    let best = candidates.swap_remove(0);
    if best.queue_family.is_none() {
        return Err(RunError::NoSubgroupSupport(format!("device `{}` has no compute queue", best.info.name)));
    }
    if best.api < vk::API_VERSION_1_1 {
        return Err(RunError::NoSubgroupSupport(format!(
            "device `{}` only supports Vulkan {}.{}; subgroups need 1.1",
            best.info.name, best.info.api_version.0, best.info.api_version.1
        )));
    }
    if !best.compute_subgroups {
        return Err(RunError::NoSubgroupSupport(format!(
            "device `{}` does not list the compute stage in subgroupSupportedStages",
            best.info.name
        )));
    }
    Ok(best)
}

/// Decides whether a required subgroup size must be chained into the
/// pipeline: `Ok(None)` means the device default already is the request.
fn plan_subgroup_size(p: &Probe, requested: Option<u32>) -> Result<Option<u32>, RunError> {
    let Some(n) = requested else {
        return Ok(None);
    };
    let info = &p.info;
    let fixed = info.min_subgroup_size == info.max_subgroup_size;
    if fixed && n == info.subgroup_size {
        // The device has exactly one size: nothing to pin.
        return Ok(None);
    }
    let pinnable = p.size_control.is_some() && info.required_size_in_compute;
    if pinnable && n.is_power_of_two() && (info.min_subgroup_size..=info.max_subgroup_size).contains(&n) {
        return Ok(Some(n));
    }
    if !pinnable && n == info.subgroup_size {
        // No size control, but the default matches; that is the size compute
        // pipelines get on every driver we know of.
        return Ok(None);
    }
    let hint = if info.is_lavapipe() {
        "lavapipe has one subgroup size, chosen when the driver loads: run with \
         LP_NATIVE_VECTOR_WIDTH=128 for 4 lanes, 256 for 8 or 512 for 16 \
         (and MESA_SHADER_CACHE_DISABLE=true so cached shaders of another width are not reused)"
            .to_string()
    } else if !pinnable {
        format!(
            "`{}` cannot pin a compute subgroup size (no subgroupSizeControl for compute); \
             it always uses {}",
            info.name, info.subgroup_size
        )
    } else {
        format!("`{}` accepts powers of two from {} to {}", info.name, info.min_subgroup_size, info.max_subgroup_size)
    };
    Err(RunError::SubgroupSizeUnsupported {
        requested: n,
        min: info.min_subgroup_size,
        max: info.max_subgroup_size,
        hint,
    })
}

/// Checks the caller's buffers against the shader and the device before
/// any object is created, so mistakes give errors instead of undefined
/// behaviour in the driver.
fn check_request(
    instance: &ash::Instance,
    d: &Dispatch,
    module: &spirv::ModuleInfo,
    p: &Probe,
    required_size: Option<u32>,
) -> Result<Vec<u8>, RunError> {
    // A subgroup feature the device lacks would only surface as an opaque pipeline error.
    for &c in &module.capabilities {
        if let Some(feature) = spirv::subgroup_feature(c) {
            if !p.info.supported_ops.contains(&feature) {
                return Err(RunError::NoSubgroupSupport(format!(
                    "the shader needs subgroup `{feature}` operations (SPIR-V capability {c}), which `{}` does not \
                     support in compute shaders (it has: {}); compile without the capability that enables them",
                    p.info.name,
                    p.info.supported_ops.join(", ")
                )));
            }
        }
    }
    if d.scalar_block_layout && !p.scalar_block_layout {
        return Err(RunError::MissingFeature(format!(
            "the shader lays out its buffers with scalar alignment (`--layout dx` or `scalar`), which needs the \
             `scalarBlockLayout` feature; `{}` does not have it (use `--layout dxc` or `gl`)",
            p.info.name
        )));
    }
    // Drivers need not accept SPIR-V newer than their core version maps to
    // (1.1 → 1.3, 1.2 → 1.5, 1.3 → 1.6); feeding them one is undefined.
    let max_spirv = match p.info.api_version {
        (1, 1, _) => (1, 3),
        (1, 2, _) => (1, 5),
        _ => (1, 6),
    };
    if module.version > max_spirv {
        return Err(RunError::InvalidShader(format!(
            "SPIR-V {}.{} is newer than `{}` (Vulkan {}.{}) accepts (up to {}.{}); \
             compile for an older target environment",
            module.version.0,
            module.version.1,
            p.info.name,
            p.info.api_version.0,
            p.info.api_version.1,
            max_spirv.0,
            max_spirv.1
        )));
    }
    let push =
        match (&d.push_constants, module.uses_push_constants) {
            (Some(data), true) => data.clone(),
            (None, true) => return Err(RunError::BadBinding(
                "the shader has push constants (the entry point's `uniform` values); supply them as a buffer `push`"
                    .into(),
            )),
            _ => Vec::new(),
        };
    if push.len() > p.limits.max_push_constants_size as usize {
        return Err(RunError::BadBinding(format!(
            "{} bytes of push constants, but `{}` takes at most {}",
            push.len(),
            p.info.name,
            p.limits.max_push_constants_size
        )));
    }
    let mut seen = HashSet::new();
    // An array of buffers takes a buffer for each element, in order, at its one binding.
    let array_at = |set: u32, binding: u32| {
        module
            .resources
            .iter()
            .any(|r| r.set == set && r.binding == binding && matches!(r.kind, ResourceKind::Buffers { .. }))
    };
    for b in &d.buffers {
        if !seen.insert((b.set, b.binding)) && !array_at(b.set, b.binding) {
            return Err(RunError::BadBinding(format!("two buffers supplied for set {}, binding {}", b.set, b.binding)));
        }
        let (limit, what) = match b.kind {
            BufferKind::Storage => (p.limits.max_storage_buffer_range, "maxStorageBufferRange"),
            BufferKind::Uniform => (p.limits.max_uniform_buffer_range, "maxUniformBufferRange"),
            BufferKind::Image(desc) | BufferKind::SampledImage(desc, _) => {
                if b.data.len() != desc.total_bytes() {
                    return Err(RunError::BadBinding(format!(
                        "the image at set {}, binding {} has {} bytes of texels, but its shape needs {}",
                        b.set,
                        b.binding,
                        b.data.len(),
                        desc.total_bytes()
                    )));
                }
                continue;
            }
            BufferKind::Sampler(..) => continue,
            BufferKind::Addressed => (u32::MAX, "address range"),
            BufferKind::Accel => {
                if crate::scene::SceneDesc::from_bytes(&b.data).is_none() {
                    return Err(RunError::BadBinding(format!(
                        "the acceleration structure at set {}, binding {} is not a scene (`accel:` spec)",
                        b.set, b.binding
                    )));
                }
                continue;
            }
        };
        if b.data.len() as u64 > u64::from(limit) {
            return Err(RunError::BadBinding(format!(
                "{} at set {}, binding {} is {} bytes; the device's {what} is {limit}",
                b.kind,
                b.set,
                b.binding,
                b.data.len()
            )));
        }
    }
    let max_set = d.buffers.iter().filter(|b| b.kind != BufferKind::Addressed).map(|b| b.set).max();
    if let Some(max_set) = max_set {
        if max_set >= p.limits.max_bound_descriptor_sets {
            return Err(RunError::BadBinding(format!(
                "set {max_set} is out of range; the device binds at most {} sets",
                p.limits.max_bound_descriptor_sets
            )));
        }
    }
    for r in &module.resources {
        let supplied = d.buffers.iter().find(|b| b.set == r.set && b.binding == r.binding);
        match (&r.kind, supplied) {
            (_, None) => {
                return Err(RunError::MissingBinding { set: r.set, binding: r.binding, declared: r.kind.describe() })
            }
            (ResourceKind::Accel { .. }, Some(b)) if b.kind != BufferKind::Accel => {
                return Err(RunError::BadBinding(format!(
                    "the shader declares an acceleration structure at set {}, binding {}, but a {} was supplied \
                     (use an `accel:` spec)",
                    r.set, r.binding, b.kind
                )))
            }
            // Typed buffers compiled for a target without texel buffers (WGSL): a storage
            // buffer of the spec's texels.
            (ResourceKind::Buffer(BufferKind::Storage), Some(b)) if texel_bytes_as_storage(b) => {}
            (ResourceKind::Buffer(k), Some(b)) if *k != b.kind => {
                return Err(RunError::BadBinding(format!(
                    "the shader declares a {k} at set {}, binding {}, but a {} was supplied",
                    r.set, r.binding, b.kind
                )))
            }
            // A multisampled image cannot be the destination of a buffer-to-image copy, the only
            // way this runner fills images; filling one would take a pass of the runner's own
            // that stores every sample (`shaderStorageImageMultisample`) or renders them.
            (ResourceKind::Image { multisampled: true, .. }, Some(_)) => {
                return Err(RunError::MissingFeature(format!(
                    "the multisampled texture at set {}, binding {}: the Vulkan runner cannot fill a multisampled \
                     image (a buffer copy cannot write one); run it on the CPU engine",
                    r.set, r.binding
                )));
            }
            (
                ResourceKind::Image { storage: false, dim, arrayed, count, texel, .. },
                Some(super::BufferInit { kind: BufferKind::SampledImage(desc, _), .. }),
            ) => {
                images::check_image(instance, p, (r.set, r.binding), desc, (false, *dim, *arrayed, *count, *texel))?;
            }
            (ResourceKind::Sampler { .. }, Some(super::BufferInit { kind: BufferKind::SampledImage(..), .. })) => {}
            (ResourceKind::Image { storage, dim, arrayed, count, texel, .. }, Some(b)) => {
                let BufferKind::Image(desc) = &b.kind else {
                    return Err(RunError::BadBinding(format!(
                        "the shader declares a {} at set {}, binding {}, but a {} was supplied (use an `image:` spec)",
                        r.kind.describe(),
                        r.set,
                        r.binding,
                        b.kind
                    )));
                };
                images::check_image(instance, p, (r.set, r.binding), desc, (*storage, *dim, *arrayed, *count, *texel))?;
            }
            (ResourceKind::SampledImage { dim, arrayed, count, texel }, Some(b)) => {
                let BufferKind::SampledImage(desc, _) = &b.kind else {
                    return Err(RunError::BadBinding(format!(
                        "the shader reads a texture through a sampler at set {}, binding {} (a combined image \
                         sampler), but a {} was supplied (use an `image:…+sampler:…` spec)",
                        r.set, r.binding, b.kind
                    )));
                };
                images::check_image(instance, p, (r.set, r.binding), desc, (false, *dim, *arrayed, *count, *texel))?;
            }
            (ResourceKind::TexelBuffer { storage, texel, format }, Some(b)) => {
                texel_buffers::view_format(instance, p, b, (*storage, *texel, *format))?;
            }
            (ResourceKind::Sampler { count }, Some(b)) => match b.kind {
                BufferKind::Sampler(_, n) if n >= *count => {}
                BufferKind::Sampler(_, n) => {
                    return Err(RunError::BadBinding(format!(
                    "the shader declares an array of {count} samplers at set {}, binding {}, but the spec gives {n} \
                         (add `count={count}`)",
                    r.set, r.binding
                )))
                }
                _ => {
                    return Err(RunError::BadBinding(format!(
                        "the shader declares a sampler at set {}, binding {}, but a {} was supplied (use a `sampler:` \
                         spec)",
                        r.set, r.binding, b.kind
                    )))
                }
            },
            (ResourceKind::Buffer(_), Some(b)) if matches!(b.kind, BufferKind::Image(_) | BufferKind::Sampler(..)) => {
                return Err(RunError::BadBinding(format!(
                    "the shader declares a {} at set {}, binding {}, but an {} was supplied",
                    r.kind.describe(),
                    r.set,
                    r.binding,
                    b.kind
                )))
            }
            (ResourceKind::Buffers { kind, count }, Some(_)) => {
                let given: Vec<&super::BufferInit> =
                    d.buffers.iter().filter(|b| b.set == r.set && b.binding == r.binding).collect();
                if let Some(b) = given.iter().find(|b| b.kind != *kind) {
                    return Err(RunError::BadBinding(format!(
                        "the shader declares an array of {kind}s at set {}, binding {}, but a {} was supplied for it",
                        r.set, r.binding, b.kind
                    )));
                }
                if *count != spirv::RUNTIME_COUNT && (given.len() as u32) < *count {
                    let place = if r.set == 0 { r.binding.to_string() } else { format!("{}.{}", r.set, r.binding) };
                    return Err(RunError::BadBinding(format!(
                        "the shader declares an array of {count} {kind}s at set {}, binding {}, but {} buffer(s) are \
                         given for it (give one for each element, `{place}[0]` to `{place}[{}]`)",
                        r.set,
                        r.binding,
                        given.len(),
                        count - 1
                    )));
                }
            }
            (ResourceKind::Unsupported(what), Some(_)) => {
                return Err(RunError::BadBinding(format!(
                    "the shader declares a {what} at set {}, binding {}; only storage and \
                     uniform buffers, images, samplers and acceleration structures can be bound",
                    r.set, r.binding
                )))
            }
            _ => {}
        }
    }
    for (axis, (&n, &max)) in d.groups.iter().zip(&p.limits.max_compute_work_group_count).enumerate() {
        if n > max {
            return Err(RunError::BadBinding(format!("{n} workgroups along axis {axis}; the device allows {max}")));
        }
    }
    if let Some([x, y, z]) = module.local_size {
        let total = u64::from(x) * u64::from(y) * u64::from(z);
        if total > u64::from(p.limits.max_compute_work_group_invocations) {
            return Err(RunError::InvalidShader(format!(
                "workgroup size {x}x{y}x{z} exceeds the device's \
                 maxComputeWorkGroupInvocations ({})",
                p.limits.max_compute_work_group_invocations
            )));
        }
        // With a required subgroup size the workgroup may hold at most
        // `maxComputeWorkgroupSubgroups` subgroups (Vulkan valid usage).
        if let Some(n) = required_size {
            let cap = u64::from(n) * u64::from(p.max_compute_workgroup_subgroups);
            if total > cap {
                return Err(RunError::SubgroupSizeUnsupported {
                    requested: n,
                    min: p.info.min_subgroup_size,
                    max: p.info.max_subgroup_size,
                    hint: format!(
                        "a workgroup of {total} invocations needs more than the device's \
                         maxComputeWorkgroupSubgroups ({}) subgroups of {n}",
                        p.max_compute_workgroup_subgroups
                    ),
                });
            }
        }
    }
    Ok(push)
}

/// Picks a host-visible, host-coherent memory type (coherent so no
/// flush/invalidate is needed), preferring host-cached for fast read-back.
fn memory_type(props: &vk::PhysicalDeviceMemoryProperties, type_bits: u32) -> Result<u32, RunError> {
    let base = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
    let find = |wanted: vk::MemoryPropertyFlags| {
        (0..props.memory_type_count)
            .find(|&i| type_bits & (1 << i) != 0 && props.memory_types[i as usize].property_flags.contains(wanted))
    };
    find(base | vk::MemoryPropertyFlags::HOST_CACHED)
        .or_else(|| find(base))
        .ok_or_else(|| RunError::Vk("no host-visible, host-coherent memory type for a buffer".into()))
}

/// Whether `b` is a typed buffer's spec (one-dimensional texels, no layers or mips), whose bytes
/// a storage buffer may hold where the target has no texel buffers.
fn texel_bytes_as_storage(b: &super::BufferInit) -> bool {
    matches!(&b.kind, BufferKind::Image(d) if d.dim == crate::ir::TextureDim::D1 && d.layers == 1 && d.mips == 1 && d.count == 1)
}

/// What one supplied resource became.
enum Bound {
    /// A host-visible buffer, its mapping and its descriptor type (`None`: reached only by its
    /// device address).
    Buffer(vk::Buffer, *mut u8, Option<vk::DescriptorType>),
    /// Images bound as storage images (`true`) or sampled ones, `count` descriptors.
    Image(images::BoundImage, bool, u32),
    /// Samplers, `count` descriptors.
    Sampler(Vec<vk::Sampler>, u32),
    /// Images each read through its sampler: `count` combined image sampler descriptors.
    SampledImage(images::BoundImage, Vec<vk::Sampler>, u32),
    /// A typed buffer: its view, the buffer's mapping, and whether it is a storage one.
    TexelBuffer(vk::BufferView, *mut u8, bool),
    /// A top-level acceleration structure, in each of `count` descriptors.
    Accel(vk::AccelerationStructureKHR, u32),
    /// An image or sampler the entry point does not use.
    Unused,
}

impl Bound {
    /// The descriptor type and count of its binding (`None`: not bound).
    fn descriptor(&self) -> Option<(vk::DescriptorType, u32)> {
        match self {
            Bound::Buffer(_, _, ty) => ty.map(|t| (t, 1)),
            Bound::Image(_, true, n) => Some((vk::DescriptorType::STORAGE_IMAGE, *n)),
            Bound::Image(_, false, n) => Some((vk::DescriptorType::SAMPLED_IMAGE, *n)),
            Bound::Sampler(_, n) => Some((vk::DescriptorType::SAMPLER, *n)),
            Bound::SampledImage(_, _, n) => Some((vk::DescriptorType::COMBINED_IMAGE_SAMPLER, *n)),
            Bound::TexelBuffer(_, _, true) => Some((vk::DescriptorType::STORAGE_TEXEL_BUFFER, 1)),
            Bound::TexelBuffer(_, _, false) => Some((vk::DescriptorType::UNIFORM_TEXEL_BUFFER, 1)),
            Bound::Accel(_, n) => Some((vk::DescriptorType::ACCELERATION_STRUCTURE_KHR, *n)),
            Bound::Unused => None,
        }
    }
}

/// Device memory for an image: device-local where there is such a type.
fn device_memory_type(props: &vk::PhysicalDeviceMemoryProperties, type_bits: u32) -> Result<u32, RunError> {
    let find = |wanted: vk::MemoryPropertyFlags| {
        (0..props.memory_type_count)
            .find(|&i| type_bits & (1 << i) != 0 && props.memory_types[i as usize].property_flags.contains(wanted))
    };
    find(vk::MemoryPropertyFlags::DEVICE_LOCAL)
        .or_else(|| find(vk::MemoryPropertyFlags::empty()))
        .ok_or_else(|| RunError::Vk("no memory type for an image".into()))
}

/// A host-visible buffer of `size` bytes, zeroed and mapped for as long as it lives, recorded
/// in `s`.
fn host_buffer(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    size: u64,
    usage: vk::BufferUsageFlags,
) -> Result<(vk::Buffer, *mut u8), RunError> {
    let device = s.device().clone();
    let usage = if s.device_addresses { usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS } else { usage };
    let info = vk::BufferCreateInfo::default().size(size).usage(usage).sharing_mode(vk::SharingMode::EXCLUSIVE);
    // SAFETY: objects of this device, recorded in `s` as soon as they exist; the mapping
    // covers `req.size >= size` bytes and nothing else aliases it yet.
    unsafe {
        let buffer = device.create_buffer(&info, None).map_err(vk_err("vkCreateBuffer"))?;
        s.buffers.push(buffer);
        let req = device.get_buffer_memory_requirements(buffer);
        let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let mut alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(memory_type(mem_props, req.memory_type_bits)?);
        if s.device_addresses {
            alloc = alloc.push_next(&mut flags);
        }
        let memory = device.allocate_memory(&alloc, None).map_err(vk_err("vkAllocateMemory"))?;
        s.memories.push(memory);
        device.bind_buffer_memory(buffer, memory, 0).map_err(vk_err("vkBindBufferMemory"))?;
        let ptr = device
            .map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
            .map_err(vk_err("vkMapMemory"))?
            .cast::<u8>();
        std::ptr::write_bytes(ptr, 0, req.size as usize);
        Ok((buffer, ptr))
    }
}

/// What physical device `pd` supports of one feature structure (`T`'s own fields).
fn device_features<T: vk::ExtendsPhysicalDeviceFeatures2 + Default>(
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
) -> T {
    let mut has = T::default();
    let mut query = vk::PhysicalDeviceFeatures2::default().push_next(&mut has);
    // SAFETY: a query on a physical device of this instance; the chain outlives the call.
    unsafe { instance.get_physical_device_features2(pd, &mut query) };
    has
}

/// Runs one compute dispatch and returns every buffer's contents after it.
pub fn run_compute(d: &Dispatch) -> Result<RunOutput, RunError> {
    // Cheap checks first: they need no Vulkan at all.
    let module = spirv::scan(d.spirv, d.entry)?;
    let entry_name =
        CString::new(d.entry).map_err(|_| RunError::InvalidShader("entry point name contains a NUL byte".into()))?;

    let mut s = Session::default();
    create_instance(&mut s)?;
    let p = choose(probe_all(&s)?, d.device.as_deref())?;
    let required_size = plan_subgroup_size(&p, d.subgroup_size)?;
    // The checks hand back the push constants the pipeline takes.
    let push = check_request(s.instance(), d, &module, &p, required_size)?;
    let queue_family = p.queue_family.ok_or_else(|| RunError::Vk("no compute queue".into()))?;

    // --- device -----------------------------------------------------------
    let priorities = [1.0f32];
    let queue_info =
        [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
    let mut extensions: Vec<*const c_char> = Vec::new();
    if required_size.is_some() && p.size_control == Some(true) {
        extensions.push(vk::EXT_SUBGROUP_SIZE_CONTROL_NAME.as_ptr());
    }
    if p.portability_subset {
        // The spec requires enabling it whenever the device exposes it.
        extensions.push(vk::KHR_PORTABILITY_SUBSET_NAME.as_ptr());
    }
    // `requiredSubgroupSize` is only honoured with this feature enabled.
    let mut size_feature = vk::PhysicalDeviceSubgroupSizeControlFeatures::default().subgroup_size_control(true);
    let scalar_ext = d.scalar_block_layout && p.info.api_version < (1, 2, 0);
    if scalar_ext {
        extensions.push(vk::EXT_SCALAR_BLOCK_LAYOUT_NAME.as_ptr());
    }
    let mut scalar_feature = vk::PhysicalDeviceScalarBlockLayoutFeatures::default().scalar_block_layout(true);
    // 64- and 16-bit arithmetic (SPIR-V capabilities Float64, Int64, Int16) are optional
    // features: enabled when the module declares them and the device has them.
    // SAFETY: a query on a physical device of this instance.
    let supported = unsafe { s.instance().get_physical_device_features(p.pd) };
    let declares = |c: u32| module.capabilities.contains(&c);
    // Image capabilities are features too, which a device must have: without one the
    // pipeline would be invalid.
    let image_features: [(u32, &str, vk::Bool32); 6] = [
        (spirv::CAPABILITY_SAMPLED_CUBE_ARRAY, "imageCubeArray", supported.image_cube_array),
        (
            spirv::CAPABILITY_STORAGE_IMAGE_EXTENDED_FORMATS,
            "shaderStorageImageExtendedFormats",
            supported.shader_storage_image_extended_formats,
        ),
        (
            spirv::CAPABILITY_STORAGE_IMAGE_READ_WITHOUT_FORMAT,
            "shaderStorageImageReadWithoutFormat",
            supported.shader_storage_image_read_without_format,
        ),
        (
            spirv::CAPABILITY_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT,
            "shaderStorageImageWriteWithoutFormat",
            supported.shader_storage_image_write_without_format,
        ),
        (spirv::CAPABILITY_MIN_LOD, "shaderResourceMinLod", supported.shader_resource_min_lod),
        (spirv::CAPABILITY_IMAGE_GATHER_EXTENDED, "shaderImageGatherExtended", supported.shader_image_gather_extended),
    ];
    for (cap, name, has) in image_features {
        if declares(cap) && has != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader needs `{name}` (SPIR-V capability {cap}), which `{}` does not have",
                p.info.name
            )));
        }
    }
    // A descriptor array indexed by a uniform value needs the dynamic-indexing features.
    let arrays = module.resources.iter().any(|r| match r.kind {
        ResourceKind::Image { count, .. }
        | ResourceKind::Sampler { count }
        | ResourceKind::SampledImage { count, .. } => count != 1,
        _ => false,
    });
    let buffer_arrays = |kind: BufferKind| {
        module.resources.iter().any(|r| matches!(r.kind, ResourceKind::Buffers { kind: k, .. } if k == kind))
    };
    let (storage_arrays, uniform_arrays) = (buffer_arrays(BufferKind::Storage), buffer_arrays(BufferKind::Uniform));
    for (wanted, name, has) in [
        (
            storage_arrays,
            "shaderStorageBufferArrayDynamicIndexing",
            supported.shader_storage_buffer_array_dynamic_indexing,
        ),
        (
            uniform_arrays,
            "shaderUniformBufferArrayDynamicIndexing",
            supported.shader_uniform_buffer_array_dynamic_indexing,
        ),
    ] {
        if wanted && has != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader indexes an array of buffers, which needs `{name}`; `{}` does not have it",
                p.info.name
            )));
        }
    }
    let core_features = vk::PhysicalDeviceFeatures::default()
        .robust_buffer_access(d.robust_buffer_access && supported.robust_buffer_access == vk::TRUE)
        .shader_float64(declares(spirv::CAPABILITY_FLOAT64) && supported.shader_float64 == vk::TRUE)
        .shader_int64(declares(spirv::CAPABILITY_INT64) && supported.shader_int64 == vk::TRUE)
        .shader_int16(declares(spirv::CAPABILITY_INT16) && supported.shader_int16 == vk::TRUE)
        .image_cube_array(declares(spirv::CAPABILITY_SAMPLED_CUBE_ARRAY))
        .shader_storage_image_extended_formats(declares(spirv::CAPABILITY_STORAGE_IMAGE_EXTENDED_FORMATS))
        .shader_storage_image_read_without_format(declares(spirv::CAPABILITY_STORAGE_IMAGE_READ_WITHOUT_FORMAT))
        .shader_storage_image_write_without_format(declares(spirv::CAPABILITY_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT))
        .shader_resource_min_lod(declares(spirv::CAPABILITY_MIN_LOD))
        .shader_image_gather_extended(declares(spirv::CAPABILITY_IMAGE_GATHER_EXTENDED))
        .shader_sampled_image_array_dynamic_indexing(
            arrays && supported.shader_sampled_image_array_dynamic_indexing == vk::TRUE,
        )
        .shader_storage_image_array_dynamic_indexing(
            arrays && supported.shader_storage_image_array_dynamic_indexing == vk::TRUE,
        )
        .shader_storage_buffer_array_dynamic_indexing(storage_arrays)
        .shader_uniform_buffer_array_dynamic_indexing(uniform_arrays);
    // A `mirror_once` sampler needs VK_KHR_sampler_mirror_clamp_to_edge (or Vulkan 1.2's
    // feature of the same name, whose struct would clash with the 1.2 structs chained below).
    let mirror_once = d
        .buffers
        .iter()
        .any(|b| matches!(b.kind, BufferKind::Sampler(s, _) if s.address.contains(&crate::image::Address::MirrorOnce)));
    if mirror_once {
        // SAFETY: a query on a physical device of this instance.
        let available = unsafe { s.instance().enumerate_device_extension_properties(p.pd) }
            .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
        let name = vk::KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_NAME;
        if !available.iter().any(|e| e.extension_name_as_c_str() == Ok(name)) {
            return Err(RunError::MissingFeature(format!(
                "a `mirror_once` sampler needs VK_KHR_sampler_mirror_clamp_to_edge, which `{}` does not have",
                p.info.name
            )));
        }
        extensions.push(name.as_ptr());
    }
    // `half` and 8-bit arithmetic, and subgroup operations on 8/16/64-bit types, are Vulkan
    // 1.2 features (VK_KHR_shader_float16_int8, VK_KHR_shader_subgroup_extended_types).
    let mut f16i8_supported = vk::PhysicalDeviceShaderFloat16Int8Features::default();
    let mut extended_supported = vk::PhysicalDeviceShaderSubgroupExtendedTypesFeatures::default();
    let mut indexing_supported = vk::PhysicalDeviceDescriptorIndexingFeatures::default();
    if p.info.api_version >= (1, 2, 0) {
        let mut query = vk::PhysicalDeviceFeatures2::default()
            .push_next(&mut f16i8_supported)
            .push_next(&mut extended_supported)
            .push_next(&mut indexing_supported);
        // SAFETY: a query on a physical device of this instance; the chain outlives the call.
        unsafe { s.instance().get_physical_device_features2(p.pd, &mut query) };
    }
    let narrow = [
        spirv::CAPABILITY_FLOAT16,
        spirv::CAPABILITY_INT8,
        spirv::CAPABILITY_INT16,
        spirv::CAPABILITY_INT64,
        spirv::CAPABILITY_FLOAT64,
    ];
    let mut f16i8 = vk::PhysicalDeviceShaderFloat16Int8Features::default()
        .shader_float16(declares(spirv::CAPABILITY_FLOAT16) && f16i8_supported.shader_float16 == vk::TRUE)
        .shader_int8(declares(spirv::CAPABILITY_INT8) && f16i8_supported.shader_int8 == vk::TRUE);
    let mut extended = vk::PhysicalDeviceShaderSubgroupExtendedTypesFeatures::default().shader_subgroup_extended_types(
        narrow.iter().any(|&c| declares(c)) && extended_supported.shader_subgroup_extended_types == vk::TRUE,
    );
    // Bindless tables (runtime-sized descriptor arrays) and `NonUniformResourceIndex`: Vulkan
    // 1.2's descriptor indexing.
    let mut indexing = vk::PhysicalDeviceDescriptorIndexingFeatures::default()
        .runtime_descriptor_array(
            declares(spirv::CAPABILITY_RUNTIME_DESCRIPTOR_ARRAY)
                && indexing_supported.runtime_descriptor_array == vk::TRUE,
        )
        .shader_sampled_image_array_non_uniform_indexing(
            declares(spirv::CAPABILITY_SAMPLED_IMAGE_ARRAY_NON_UNIFORM_INDEXING)
                && indexing_supported.shader_sampled_image_array_non_uniform_indexing == vk::TRUE,
        )
        .shader_storage_image_array_non_uniform_indexing(
            declares(spirv::CAPABILITY_STORAGE_IMAGE_ARRAY_NON_UNIFORM_INDEXING)
                && indexing_supported.shader_storage_image_array_non_uniform_indexing == vk::TRUE,
        )
        .shader_storage_buffer_array_non_uniform_indexing(
            declares(spirv::CAPABILITY_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING)
                && indexing_supported.shader_storage_buffer_array_non_uniform_indexing == vk::TRUE,
        )
        .shader_uniform_buffer_array_non_uniform_indexing(
            declares(spirv::CAPABILITY_UNIFORM_BUFFER_ARRAY_NON_UNIFORM_INDEXING)
                && indexing_supported.shader_uniform_buffer_array_non_uniform_indexing == vk::TRUE,
        );
    for (cap, name, has) in [
        (
            spirv::CAPABILITY_RUNTIME_DESCRIPTOR_ARRAY,
            "runtimeDescriptorArray",
            indexing_supported.runtime_descriptor_array,
        ),
        (
            spirv::CAPABILITY_SAMPLED_IMAGE_ARRAY_NON_UNIFORM_INDEXING,
            "shaderSampledImageArrayNonUniformIndexing",
            indexing_supported.shader_sampled_image_array_non_uniform_indexing,
        ),
        (
            spirv::CAPABILITY_STORAGE_IMAGE_ARRAY_NON_UNIFORM_INDEXING,
            "shaderStorageImageArrayNonUniformIndexing",
            indexing_supported.shader_storage_image_array_non_uniform_indexing,
        ),
        (
            spirv::CAPABILITY_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
            "shaderStorageBufferArrayNonUniformIndexing",
            indexing_supported.shader_storage_buffer_array_non_uniform_indexing,
        ),
        (
            spirv::CAPABILITY_UNIFORM_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
            "shaderUniformBufferArrayNonUniformIndexing",
            indexing_supported.shader_uniform_buffer_array_non_uniform_indexing,
        ),
    ] {
        if declares(cap) && has != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader needs `{name}` (descriptor indexing, SPIR-V capability {cap}), which `{}` does not have",
                p.info.name
            )));
        }
    }
    // Float atomics (`InterlockedAdd` of a float): VK_EXT_shader_atomic_float(2), on buffers,
    // groupshared memory and `r32f` texels alike, as the module declares them.
    let float_atomic_caps = [
        spirv::CAPABILITY_ATOMIC_FLOAT32_ADD,
        spirv::CAPABILITY_ATOMIC_FLOAT64_ADD,
        spirv::CAPABILITY_ATOMIC_FLOAT32_MIN_MAX,
        spirv::CAPABILITY_ATOMIC_FLOAT64_MIN_MAX,
    ];
    let mut float_atomics = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
    let mut float_min_max = vk::PhysicalDeviceShaderAtomicFloat2FeaturesEXT::default();
    if float_atomic_caps.iter().any(|&c| declares(c)) {
        let mut has_add = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
        let mut has_min_max = vk::PhysicalDeviceShaderAtomicFloat2FeaturesEXT::default();
        let mut query = vk::PhysicalDeviceFeatures2::default().push_next(&mut has_add).push_next(&mut has_min_max);
        // SAFETY: a query on a physical device of this instance; the chain outlives the call.
        unsafe { s.instance().get_physical_device_features2(p.pd, &mut query) };
        let wanted = [
            (
                spirv::CAPABILITY_ATOMIC_FLOAT32_ADD,
                "shaderBufferFloat32AtomicAdd",
                has_add.shader_buffer_float32_atomic_add,
            ),
            (
                spirv::CAPABILITY_ATOMIC_FLOAT64_ADD,
                "shaderBufferFloat64AtomicAdd",
                has_add.shader_buffer_float64_atomic_add,
            ),
            (
                spirv::CAPABILITY_ATOMIC_FLOAT32_MIN_MAX,
                "shaderBufferFloat32AtomicMinMax",
                has_min_max.shader_buffer_float32_atomic_min_max,
            ),
            (
                spirv::CAPABILITY_ATOMIC_FLOAT64_MIN_MAX,
                "shaderBufferFloat64AtomicMinMax",
                has_min_max.shader_buffer_float64_atomic_min_max,
            ),
        ];
        for (cap, name, has) in wanted {
            if declares(cap) && has != vk::TRUE {
                return Err(RunError::MissingFeature(format!(
                    "the shader needs `{name}` (float atomics, SPIR-V capability {cap}), which `{}` does not have",
                    p.info.name
                )));
            }
        }
        let f32_add = declares(spirv::CAPABILITY_ATOMIC_FLOAT32_ADD);
        let f64_add = declares(spirv::CAPABILITY_ATOMIC_FLOAT64_ADD);
        float_atomics = float_atomics
            .shader_buffer_float32_atomic_add(f32_add)
            .shader_shared_float32_atomic_add(f32_add && has_add.shader_shared_float32_atomic_add == vk::TRUE)
            .shader_image_float32_atomic_add(f32_add && has_add.shader_image_float32_atomic_add == vk::TRUE)
            .shader_buffer_float64_atomic_add(f64_add)
            .shader_shared_float64_atomic_add(f64_add && has_add.shader_shared_float64_atomic_add == vk::TRUE);
        let f32_mm = declares(spirv::CAPABILITY_ATOMIC_FLOAT32_MIN_MAX);
        let f64_mm = declares(spirv::CAPABILITY_ATOMIC_FLOAT64_MIN_MAX);
        float_min_max = float_min_max
            .shader_buffer_float32_atomic_min_max(f32_mm)
            .shader_shared_float32_atomic_min_max(
                f32_mm && has_min_max.shader_shared_float32_atomic_min_max == vk::TRUE,
            )
            .shader_image_float32_atomic_min_max(f32_mm && has_min_max.shader_image_float32_atomic_min_max == vk::TRUE)
            .shader_buffer_float64_atomic_min_max(f64_mm)
            .shader_shared_float64_atomic_min_max(
                f64_mm && has_min_max.shader_shared_float64_atomic_min_max == vk::TRUE,
            );
        if f32_add || f64_add {
            extensions.push(vk::EXT_SHADER_ATOMIC_FLOAT_NAME.as_ptr());
        }
        if f32_mm || f64_mm {
            extensions.push(vk::EXT_SHADER_ATOMIC_FLOAT2_NAME.as_ptr());
        }
    }
    // Implicit-LOD sampling in compute code: VK_NV_compute_shader_derivatives, with the
    // derivative groups the module declares.
    let quads = declares(spirv::CAPABILITY_COMPUTE_DERIVATIVE_GROUP_QUADS);
    let linear = declares(spirv::CAPABILITY_COMPUTE_DERIVATIVE_GROUP_LINEAR);
    let mut derivatives = vk::PhysicalDeviceComputeShaderDerivativesFeaturesNV::default();
    if quads || linear {
        let has: vk::PhysicalDeviceComputeShaderDerivativesFeaturesNV = device_features(s.instance(), p.pd);
        for (used, name, has) in [
            (quads, "computeDerivativeGroupQuads", has.compute_derivative_group_quads),
            (linear, "computeDerivativeGroupLinear", has.compute_derivative_group_linear),
        ] {
            if used && has != vk::TRUE {
                return Err(RunError::MissingFeature(format!(
                    "the shader needs `{name}` (VK_NV_compute_shader_derivatives: implicit-LOD sampling in compute \
                     code), which `{}` does not have",
                    p.info.name
                )));
            }
        }
        derivatives = derivatives.compute_derivative_group_quads(quads).compute_derivative_group_linear(linear);
        extensions.push(vk::NV_COMPUTE_SHADER_DERIVATIVES_NAME.as_ptr());
    }
    // Clocks: VK_KHR_shader_clock, whose two features are the scopes a shader may read.
    let clock = declares(spirv::CAPABILITY_SHADER_CLOCK);
    let mut clock_feature = vk::PhysicalDeviceShaderClockFeaturesKHR::default();
    if clock {
        let has: vk::PhysicalDeviceShaderClockFeaturesKHR = device_features(s.instance(), p.pd);
        if has.shader_device_clock != vk::TRUE && has.shader_subgroup_clock != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader reads a clock, which needs VK_KHR_shader_clock, which `{}` does not have",
                p.info.name
            )));
        }
        clock_feature = clock_feature
            .shader_device_clock(has.shader_device_clock == vk::TRUE)
            .shader_subgroup_clock(has.shader_subgroup_clock == vk::TRUE);
        extensions.push(vk::KHR_SHADER_CLOCK_NAME.as_ptr());
    }
    // Images of 64-bit integers (`r64ui`/`r64i`, SPV_EXT_shader_image_int64):
    // VK_EXT_shader_image_atomic_int64, whose `shaderImageInt64Atomics` the capability needs
    // whether or not the module does atomics on them.
    let int64_images = declares(spirv::CAPABILITY_INT64_IMAGE);
    let mut int64_image_feature = vk::PhysicalDeviceShaderImageAtomicInt64FeaturesEXT::default();
    if int64_images {
        let has: vk::PhysicalDeviceShaderImageAtomicInt64FeaturesEXT = device_features(s.instance(), p.pd);
        if has.shader_image_int64_atomics != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader has images of 64-bit integers, which need `shaderImageInt64Atomics` \
                 (VK_EXT_shader_image_atomic_int64), which `{}` does not have",
                p.info.name
            )));
        }
        int64_image_feature = int64_image_feature.shader_image_int64_atomics(true);
        extensions.push(vk::EXT_SHADER_IMAGE_ATOMIC_INT64_NAME.as_ptr());
    }
    // Ray queries: acceleration structures built on the device, which reads their inputs by
    // device address.
    let ray_queries = declares(spirv::CAPABILITY_RAY_QUERY)
        || module.resources.iter().any(|r| matches!(r.kind, ResourceKind::Accel { .. }));
    let mut accel_feature = vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default().acceleration_structure(true);
    let mut ray_query_feature = vk::PhysicalDeviceRayQueryFeaturesKHR::default().ray_query(true);
    if ray_queries {
        extensions.extend(accel::check_support(s.instance(), &p)?);
    }
    // Pointers: the shader reaches memory by device addresses (`PhysicalStorageBuffer64`), and
    // the buffers whose addresses it is given have them (a Vulkan 1.2 feature).
    let addressing = declares(spirv::CAPABILITY_PHYSICAL_STORAGE_BUFFER_ADDRESSES)
        || !d.push_addresses.is_empty()
        || d.buffers.iter().any(|b| b.kind == BufferKind::Addressed || !b.addresses.is_empty());
    let mut device_address = vk::PhysicalDeviceBufferDeviceAddressFeatures::default().buffer_device_address(true);
    if addressing {
        let has: vk::PhysicalDeviceBufferDeviceAddressFeatures =
            if p.info.api_version >= (1, 2, 0) { device_features(s.instance(), p.pd) } else { Default::default() };
        if has.buffer_device_address != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader reaches memory through pointers, which needs `bufferDeviceAddress` (Vulkan 1.2), \
                 which `{}` does not have",
                p.info.name
            )));
        }
    }
    let indexing_used = indexing.runtime_descriptor_array == vk::TRUE
        || indexing.shader_sampled_image_array_non_uniform_indexing == vk::TRUE
        || indexing.shader_storage_image_array_non_uniform_indexing == vk::TRUE;
    let mut device_info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queue_info)
        .enabled_extension_names(&extensions)
        .enabled_features(&core_features);
    if f16i8.shader_float16 == vk::TRUE || f16i8.shader_int8 == vk::TRUE {
        device_info = device_info.push_next(&mut f16i8);
    }
    if extended.shader_subgroup_extended_types == vk::TRUE {
        device_info = device_info.push_next(&mut extended);
    }
    if indexing_used {
        device_info = device_info.push_next(&mut indexing);
    }
    if float_atomics.shader_buffer_float32_atomic_add == vk::TRUE
        || float_atomics.shader_buffer_float64_atomic_add == vk::TRUE
    {
        device_info = device_info.push_next(&mut float_atomics);
    }
    if float_min_max.shader_buffer_float32_atomic_min_max == vk::TRUE
        || float_min_max.shader_buffer_float64_atomic_min_max == vk::TRUE
    {
        device_info = device_info.push_next(&mut float_min_max);
    }
    if required_size.is_some() {
        device_info = device_info.push_next(&mut size_feature);
    }
    if quads || linear {
        device_info = device_info.push_next(&mut derivatives);
    }
    if clock {
        device_info = device_info.push_next(&mut clock_feature);
    }
    if int64_images {
        device_info = device_info.push_next(&mut int64_image_feature);
    }
    if d.scalar_block_layout {
        device_info = device_info.push_next(&mut scalar_feature);
    }
    if addressing || ray_queries {
        device_info = device_info.push_next(&mut device_address);
    }
    if ray_queries {
        device_info = device_info.push_next(&mut accel_feature).push_next(&mut ray_query_feature);
    }
    // SAFETY: `p.pd` belongs to this instance; the create info and its
    // chain outlive the call.
    let device = unsafe { s.instance().create_device(p.pd, &device_info, None) }.map_err(vk_err("vkCreateDevice"))?;
    s.device = Some(device);
    let device = s.device().clone();
    // SAFETY (rest of function): all calls use objects created above from
    // `device`, recorded in `s` for teardown, with create infos that
    // outlive each call.
    let queue = unsafe { device.get_device_queue(queue_family, 0) };
    let mem_props = unsafe { s.instance().get_physical_device_memory_properties(p.pd) };

    // --- buffers, images, samplers ----------------------------------------
    // Each buffer gets its own allocation: simple, and test-sized buffers
    // are far below maxMemoryAllocationCount.  Memory stays mapped until
    // it is freed.  Images and samplers the entry point does not use are
    // not created (their view would depend on a declaration there is not).
    let declared = |b: &super::BufferInit| {
        module.resources.iter().find(|r| r.set == b.set && r.binding == b.binding).map(|r| r.kind.clone())
    };
    s.device_addresses = addressing || ray_queries;
    if ray_queries {
        s.accel = Some(ash::khr::acceleration_structure::Device::new(s.instance(), &device));
    }
    let mut scenes: Vec<accel::AccelScene> = Vec::new();
    let mut bound: Vec<Bound> = Vec::with_capacity(d.buffers.len());
    for b in &d.buffers {
        if let Some(ResourceKind::TexelBuffer { storage, texel, format }) = declared(b) {
            let format = texel_buffers::view_format(s.instance(), &p, b, (storage, texel, format))?;
            let (view, ptr) = texel_buffers::create(&mut s, &mem_props, &b.data, format, storage)?;
            bound.push(Bound::TexelBuffer(view, ptr, storage));
            continue;
        }
        bound.push(match b.kind {
            BufferKind::Storage | BufferKind::Uniform | BufferKind::Addressed => {
                let size = (b.data.len().max(4).div_ceil(4) * 4) as u64;
                let (usage, ty) = match b.kind {
                    BufferKind::Storage => {
                        (vk::BufferUsageFlags::STORAGE_BUFFER, Some(vk::DescriptorType::STORAGE_BUFFER))
                    }
                    BufferKind::Uniform => {
                        (vk::BufferUsageFlags::UNIFORM_BUFFER, Some(vk::DescriptorType::UNIFORM_BUFFER))
                    }
                    _ => (vk::BufferUsageFlags::STORAGE_BUFFER, None),
                };
                let (buffer, ptr) = host_buffer(&mut s, &mem_props, size, usage)?;
                // SAFETY: the mapping covers at least `size >= data.len()` bytes.
                unsafe { std::ptr::copy_nonoverlapping(b.data.as_ptr(), ptr, b.data.len()) };
                Bound::Buffer(buffer, ptr, ty)
            }
            BufferKind::Image(_)
                if texel_bytes_as_storage(b) && declared(b) == Some(ResourceKind::Buffer(BufferKind::Storage)) =>
            {
                let size = (b.data.len().max(4).div_ceil(4) * 4) as u64;
                let (buffer, ptr) = host_buffer(&mut s, &mem_props, size, vk::BufferUsageFlags::STORAGE_BUFFER)?;
                // SAFETY: the mapping covers at least `size >= data.len()` bytes.
                unsafe { std::ptr::copy_nonoverlapping(b.data.as_ptr(), ptr, b.data.len()) };
                Bound::Buffer(buffer, ptr, Some(vk::DescriptorType::STORAGE_BUFFER))
            }
            BufferKind::Image(desc) => match declared(b) {
                Some(ResourceKind::Image { storage, dim, arrayed, count, .. }) => {
                    let image = images::create_image(&mut s, &mem_props, &desc, &b.data, (storage, dim, arrayed))?;
                    // A bindless table holds every image the spec gives.
                    let count = if count == spirv::RUNTIME_COUNT { desc.count } else { count };
                    Bound::Image(image, storage, count)
                }
                _ => Bound::Unused,
            },
            BufferKind::Sampler(desc, n) => match declared(b) {
                Some(ResourceKind::Sampler { count }) => {
                    let count = if count == spirv::RUNTIME_COUNT { n } else { count };
                    Bound::Sampler(images::create_samplers(&mut s, &desc, n.max(count))?, count)
                }
                _ => Bound::Unused,
            },
            // The shader may read only the image, or only the sampler, of the pair: the one
            // descriptor holds both either way.
            BufferKind::SampledImage(desc, sampler) => match declared(b) {
                Some(
                    ResourceKind::SampledImage { dim, arrayed, count, .. }
                    | ResourceKind::Image { storage: false, dim, arrayed, count, .. },
                ) => {
                    let image = images::create_image(&mut s, &mem_props, &desc, &b.data, (false, dim, arrayed))?;
                    let count = if count == spirv::RUNTIME_COUNT { desc.count } else { count };
                    let samplers = images::create_samplers(&mut s, &sampler, count)?;
                    Bound::SampledImage(image, samplers, count)
                }
                Some(ResourceKind::Sampler { count }) => {
                    let (dim, arrayed) = images::declared_shape(&desc);
                    let image = images::create_image(&mut s, &mem_props, &desc, &b.data, (false, dim, arrayed))?;
                    let count = if count == spirv::RUNTIME_COUNT { desc.count } else { count };
                    let samplers = images::create_samplers(&mut s, &sampler, count)?;
                    Bound::SampledImage(image, samplers, count)
                }
                _ => Bound::Unused,
            },
            BufferKind::Accel => match declared(b) {
                Some(ResourceKind::Accel { count }) => {
                    let scene = crate::scene::SceneDesc::from_bytes(&b.data)
                        .ok_or_else(|| RunError::BadBinding("an acceleration structure's data is no scene".into()))?;
                    let built = accel::create(&mut s, &p, &mem_props, &scene)?;
                    let tlas = built.tlas;
                    scenes.push(built);
                    // A bindless table of structures holds the one the binding gives.
                    Bound::Accel(tlas, if count == spirv::RUNTIME_COUNT { 1 } else { count })
                }
                _ => Bound::Unused,
            },
        });
    }

    // Each pointer a buffer or the push constants hold: the device address of its buffer.
    let address_of = |target: usize| -> Result<[u8; 8], RunError> {
        match bound.get(target) {
            Some(Bound::Buffer(buffer, ..)) => {
                let info = vk::BufferDeviceAddressInfo::default().buffer(*buffer);
                // SAFETY: a buffer of this device, created with `SHADER_DEVICE_ADDRESS` usage.
                Ok(unsafe { device.get_buffer_device_address(&info) }.to_le_bytes())
            }
            _ => Err(RunError::BadBinding(format!("a pointer to buffer #{target}, which is no buffer of this run"))),
        }
    };
    for (b, r) in d.buffers.iter().zip(&bound) {
        let Bound::Buffer(_, ptr, _) = r else { continue };
        for &(offset, target) in &b.addresses {
            if offset as usize + 8 > b.data.len() {
                return Err(RunError::BadBinding(format!(
                    "a pointer at byte {offset} of a {}-byte buffer",
                    b.data.len()
                )));
            }
            let address = address_of(target)?;
            // SAFETY: the mapping covers `data.len() >= offset + 8` bytes.
            unsafe { std::ptr::copy_nonoverlapping(address.as_ptr(), ptr.add(offset as usize), 8) };
        }
    }
    let mut push = push;
    for &(offset, target) in &d.push_addresses {
        let at = offset as usize;
        let Some(place) = push.get_mut(at..at + 8) else {
            return Err(RunError::BadBinding(format!("a pointer at byte {offset} of the push constants")));
        };
        place.copy_from_slice(&address_of(target)?);
    }

    // --- descriptors ------------------------------------------------------
    // One layout per set number from 0 to the highest used: a pipeline
    // layout's sets are indexed by position, so gaps get empty layouts.
    let mut by_set: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, b) in d.buffers.iter().enumerate() {
        if bound[i].descriptor().is_some() {
            by_set.entry(b.set).or_default().push(i);
        }
    }
    // The buffers given for the binding of buffer `i` (the first, and all in element order):
    // several for an array of buffers.
    let elements_of = |i: usize| -> (usize, Vec<usize>) {
        let b = &d.buffers[i];
        let all: Vec<usize> = (0..d.buffers.len())
            .filter(|&j| {
                d.buffers[j].set == b.set
                    && d.buffers[j].binding == b.binding
                    && matches!(bound[j], Bound::Buffer(_, _, Some(_)))
            })
            .collect();
        (all.first().copied().unwrap_or(i), all)
    };
    let set_count = by_set.keys().next_back().map_or(0, |&m| m + 1);
    for set in 0..set_count {
        let bindings: Vec<vk::DescriptorSetLayoutBinding> = by_set
            .get(&set)
            .into_iter()
            .flatten()
            .filter_map(|&i| {
                let (ty, count) = bound[i].descriptor()?;
                let (first, elements) = elements_of(i);
                if first != i {
                    return None; // an array of buffers' later element: the first's binding holds it
                }
                let count = if elements.len() > 1 { elements.len() as u32 } else { count };
                Some(
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(d.buffers[i].binding)
                        .descriptor_type(ty)
                        .descriptor_count(count)
                        .stage_flags(vk::ShaderStageFlags::COMPUTE),
                )
            })
            .collect();
        let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
        let layout = unsafe { device.create_descriptor_set_layout(&info, None) }
            .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
        s.set_layouts.push(layout);
    }
    let mut sets: Vec<vk::DescriptorSet> = Vec::new();
    if set_count > 0 {
        // A pool size with count 0 is invalid, so only list kinds in use.
        let mut pool_sizes: Vec<vk::DescriptorPoolSize> = Vec::new();
        for (ty, count) in bound.iter().filter_map(Bound::descriptor) {
            match pool_sizes.iter_mut().find(|p| p.ty == ty) {
                Some(p) => p.descriptor_count += count,
                None => pool_sizes.push(vk::DescriptorPoolSize { ty, descriptor_count: count }),
            }
        }
        let info = vk::DescriptorPoolCreateInfo::default().max_sets(set_count).pool_sizes(&pool_sizes);
        s.descriptor_pool =
            unsafe { device.create_descriptor_pool(&info, None) }.map_err(vk_err("vkCreateDescriptorPool"))?;
        let alloc =
            vk::DescriptorSetAllocateInfo::default().descriptor_pool(s.descriptor_pool).set_layouts(&s.set_layouts);
        // Sets are freed with their pool.
        sets = unsafe { device.allocate_descriptor_sets(&alloc) }.map_err(vk_err("vkAllocateDescriptorSets"))?;
        // The infos first: the writes point into them.
        // A buffer's binding: it, or every element of its array of buffers.
        let buffer_infos: Vec<Vec<vk::DescriptorBufferInfo>> = (0..bound.len())
            .map(|i| match bound[i] {
                Bound::Buffer(..) => elements_of(i)
                    .1
                    .iter()
                    .filter_map(|&j| match bound[j] {
                        Bound::Buffer(buffer, ..) => {
                            Some(vk::DescriptorBufferInfo { buffer, offset: 0, range: vk::WHOLE_SIZE })
                        }
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        let image_infos: Vec<Vec<vk::DescriptorImageInfo>> = bound
            .iter()
            .map(|r| match r {
                Bound::Image(image, _, count) => image.views[..*count as usize]
                    .iter()
                    .map(|&v| vk::DescriptorImageInfo::default().image_view(v).image_layout(vk::ImageLayout::GENERAL))
                    .collect(),
                Bound::Sampler(samplers, count) => {
                    samplers[..*count as usize].iter().map(|&x| vk::DescriptorImageInfo::default().sampler(x)).collect()
                }
                Bound::SampledImage(image, samplers, count) => image.views[..*count as usize]
                    .iter()
                    .zip(samplers)
                    .map(|(&v, &x)| {
                        vk::DescriptorImageInfo::default()
                            .image_view(v)
                            .sampler(x)
                            .image_layout(vk::ImageLayout::GENERAL)
                    })
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        let accel_handles: Vec<Vec<vk::AccelerationStructureKHR>> = bound
            .iter()
            .map(|r| match r {
                Bound::Accel(tlas, count) => vec![*tlas; *count as usize],
                _ => Vec::new(),
            })
            .collect();
        let mut accel_infos: Vec<vk::WriteDescriptorSetAccelerationStructureKHR> = accel_handles
            .iter()
            .map(|h| vk::WriteDescriptorSetAccelerationStructureKHR::default().acceleration_structures(h))
            .collect();
        let mut writes: Vec<vk::WriteDescriptorSet> = Vec::new();
        for ((i, b), accel_info) in d.buffers.iter().enumerate().zip(accel_infos.iter_mut()) {
            let Some((ty, count)) = bound[i].descriptor() else { continue };
            if matches!(bound[i], Bound::Buffer(..)) && elements_of(i).0 != i {
                continue; // written with its array's first element
            }
            let w = vk::WriteDescriptorSet::default()
                .dst_set(sets[b.set as usize])
                .dst_binding(b.binding)
                .descriptor_type(ty);
            writes.push(match &bound[i] {
                Bound::Buffer(..) => w.buffer_info(&buffer_infos[i]),
                Bound::TexelBuffer(view, ..) => w.texel_buffer_view(std::slice::from_ref(view)),
                Bound::Accel(..) => w.descriptor_count(count).push_next(accel_info),
                _ => w.image_info(&image_infos[i]),
            });
        }
        unsafe { device.update_descriptor_sets(&writes, &[]) };
    }
    let bound_images: Vec<&images::BoundImage> = bound
        .iter()
        .filter_map(|r| match r {
            Bound::Image(image, ..) | Bound::SampledImage(image, ..) => Some(image),
            _ => None,
        })
        .collect();

    // --- pipeline ---------------------------------------------------------
    let push_size = (push.len().div_ceil(4) * 4) as u32;
    let push_ranges =
        [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).offset(0).size(push_size)];
    let mut layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&s.set_layouts);
    if push_size > 0 {
        layout_info = layout_info.push_constant_ranges(&push_ranges);
    }
    s.pipeline_layout =
        unsafe { device.create_pipeline_layout(&layout_info, None) }.map_err(vk_err("vkCreatePipelineLayout"))?;
    let shader_info = vk::ShaderModuleCreateInfo::default().code(d.spirv);
    s.shader = unsafe { device.create_shader_module(&shader_info, None) }.map_err(|e| match e {
        vk::Result::ERROR_INVALID_SHADER_NV => RunError::InvalidShader("the driver rejected the SPIR-V module".into()),
        e => vk_err("vkCreateShaderModule")(e),
    })?;
    let mut required = vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo::default()
        .required_subgroup_size(required_size.unwrap_or(0));
    let mut stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(s.shader)
        .name(&entry_name);
    if required_size.is_some() {
        stage = stage.push_next(&mut required);
    }
    let mut spec_data = Vec::new();
    let mut spec_entries = Vec::new();
    for (id, bytes) in &d.specialization {
        spec_entries.push(
            vk::SpecializationMapEntry::default().constant_id(*id).offset(spec_data.len() as u32).size(bytes.len()),
        );
        spec_data.extend_from_slice(bytes);
    }
    let spec_info = vk::SpecializationInfo::default().map_entries(&spec_entries).data(&spec_data);
    if !spec_entries.is_empty() {
        stage = stage.specialization_info(&spec_info);
    }
    let pipeline_info = [vk::ComputePipelineCreateInfo::default().stage(stage).layout(s.pipeline_layout)];
    let pipelines = unsafe { device.create_compute_pipelines(vk::PipelineCache::null(), &pipeline_info, None) };
    s.pipeline = match pipelines {
        Ok(v) => v.first().copied().unwrap_or_default(),
        Err((v, e)) => {
            // Some drivers hand back partially created pipelines.
            for pl in v.into_iter().filter(|&pl| pl != vk::Pipeline::null()) {
                unsafe { device.destroy_pipeline(pl, None) };
            }
            return Err(match e {
                vk::Result::ERROR_INVALID_SHADER_NV => {
                    RunError::InvalidShader("the driver could not compile the shader".into())
                }
                e => vk_err("vkCreateComputePipelines")(e),
            });
        }
    };

    // --- record -----------------------------------------------------------
    let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(queue_family);
    s.command_pool = unsafe { device.create_command_pool(&pool_info, None) }.map_err(vk_err("vkCreateCommandPool"))?;
    let cb_info = vk::CommandBufferAllocateInfo::default()
        .command_pool(s.command_pool)
        .level(vk::CommandBufferLevel::PRIMARY)
        .command_buffer_count(1);
    let cb = unsafe { device.allocate_command_buffers(&cb_info) }
        .map_err(vk_err("vkAllocateCommandBuffers"))?
        .first()
        .copied()
        .ok_or_else(|| RunError::Vk("vkAllocateCommandBuffers returned nothing".into()))?;
    let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
    unsafe {
        device.begin_command_buffer(cb, &begin).map_err(vk_err("vkBeginCommandBuffer"))?;
        if let Some(loader) = &s.accel {
            accel::record_builds(loader, &device, cb, &scenes);
        }
        images::record_upload(&device, cb, &bound_images);
        device.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, s.pipeline);
        if !sets.is_empty() {
            device.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, s.pipeline_layout, 0, &sets, &[]);
        }
        if push_size > 0 {
            let mut bytes = push.clone();
            bytes.resize(push_size as usize, 0);
            device.cmd_push_constants(cb, s.pipeline_layout, vk::ShaderStageFlags::COMPUTE, 0, &bytes);
        }
        device.cmd_dispatch(cb, d.groups[0], d.groups[1], d.groups[2]);
        // A fence signal does not make shader writes visible to the host;
        // this barrier does (host writes before submit need none: queue
        // submission makes them visible).
        let barrier = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ)];
        device.cmd_pipeline_barrier(
            cb,
            vk::PipelineStageFlags::COMPUTE_SHADER,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &barrier,
            &[],
            &[],
        );
        images::record_readback(&device, cb, &bound_images);
        device.end_command_buffer(cb).map_err(vk_err("vkEndCommandBuffer"))?;
    }

    // --- submit and wait --------------------------------------------------
    s.fence = unsafe { device.create_fence(&vk::FenceCreateInfo::default(), None) }.map_err(vk_err("vkCreateFence"))?;
    let cbs = [cb];
    let submit = [vk::SubmitInfo::default().command_buffers(&cbs)];
    let start = Instant::now();
    unsafe { device.queue_submit(queue, &submit, s.fence) }.map_err(vk_err("vkQueueSubmit"))?;
    let timeout_ns = u64::try_from(d.timeout.as_nanos()).unwrap_or(u64::MAX);
    match unsafe { device.wait_for_fences(&[s.fence], true, timeout_ns) } {
        Ok(()) => {}
        Err(vk::Result::TIMEOUT) => {
            s.leak = true;
            return Err(RunError::Timeout(d.timeout));
        }
        Err(e) => return Err(vk_err("vkWaitForFences")(e)),
    }
    let elapsed = start.elapsed();

    // --- read back --------------------------------------------------------
    let buffers = d
        .buffers
        .iter()
        .zip(&bound)
        // SAFETY: the mapping is live (memory not yet freed), at least
        // `data.len()` bytes long (an image's staging buffer holds its
        // texels, as many bytes as `data` has), and the device is done
        // writing it.
        .map(|(b, r)| match r {
            Bound::Buffer(_, ptr, _) => unsafe { std::slice::from_raw_parts(*ptr, b.data.len()) }.to_vec(),
            Bound::Image(image, ..) | Bound::SampledImage(image, ..) => {
                unsafe { std::slice::from_raw_parts(image.ptr, b.data.len()) }.to_vec()
            }
            Bound::TexelBuffer(_, ptr, _) => unsafe { std::slice::from_raw_parts(*ptr, b.data.len()) }.to_vec(),
            Bound::Sampler(..) | Bound::Accel(..) | Bound::Unused => b.data.clone(),
        })
        .collect();
    let times = if d.timed_runs > 0 {
        let mut padded = push.clone();
        padded.resize(push_size as usize, 0);
        time_dispatches(&mut s, &p, queue, queue_family, d, &sets, &padded)?
    } else {
        Vec::new()
    };
    Ok(RunOutput { buffers, device: p.info.clone(), elapsed, times })
}

/// Dispatches unrelated to the results: a few warm-up runs, then `d.timed_runs` runs, each
/// between two timestamps and each waiting for the previous one (a compute-to-compute barrier),
/// so a time is one dispatch alone. They run on the buffers as the measured run left them.
#[allow(clippy::too_many_arguments)]
fn time_dispatches(
    s: &mut Session,
    p: &Probe,
    queue: vk::Queue,
    queue_family: u32,
    d: &Dispatch,
    sets: &[vk::DescriptorSet],
    push: &[u8],
) -> Result<Vec<Duration>, RunError> {
    const WARM_UP: u32 = 3;
    // SAFETY: queries on a physical device of this instance.
    let families = unsafe { s.instance().get_physical_device_queue_family_properties(p.pd) };
    let valid_bits = families.get(queue_family as usize).map_or(0, |f| f.timestamp_valid_bits);
    if valid_bits == 0 || p.limits.timestamp_period <= 0.0 {
        return Err(RunError::MissingFeature("timestamps on the compute queue (for --time)".into()));
    }
    let device = s.device.clone().ok_or_else(|| RunError::Vk("no device".into()))?;
    let runs = d.timed_runs;
    let pool_info = vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::TIMESTAMP).query_count(2 * runs);
    s.query_pool = unsafe { device.create_query_pool(&pool_info, None) }.map_err(vk_err("vkCreateQueryPool"))?;
    let serialize = [vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::SHADER_READ)
        .dst_access_mask(vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::SHADER_READ)];
    let cb_info = vk::CommandBufferAllocateInfo::default()
        .command_pool(s.command_pool)
        .level(vk::CommandBufferLevel::PRIMARY)
        .command_buffer_count(1);
    let cb = unsafe { device.allocate_command_buffers(&cb_info) }
        .map_err(vk_err("vkAllocateCommandBuffers"))?
        .first()
        .copied()
        .ok_or_else(|| RunError::Vk("vkAllocateCommandBuffers returned nothing".into()))?;
    // SAFETY: a fresh command buffer of this session's pool; every handle recorded belongs to
    // this session's device, and the first submission has completed (its fence signalled).
    unsafe {
        let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        device.begin_command_buffer(cb, &begin).map_err(vk_err("vkBeginCommandBuffer"))?;
        device.cmd_reset_query_pool(cb, s.query_pool, 0, 2 * runs);
        device.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, s.pipeline);
        if !sets.is_empty() {
            device.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, s.pipeline_layout, 0, sets, &[]);
        }
        if !push.is_empty() {
            device.cmd_push_constants(cb, s.pipeline_layout, vk::ShaderStageFlags::COMPUTE, 0, push);
        }
        for i in 0..WARM_UP + runs {
            let timed = i.checked_sub(WARM_UP);
            device.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::DependencyFlags::empty(),
                &serialize,
                &[],
                &[],
            );
            if let Some(t) = timed {
                device.cmd_write_timestamp(cb, vk::PipelineStageFlags::TOP_OF_PIPE, s.query_pool, 2 * t);
            }
            device.cmd_dispatch(cb, d.groups[0], d.groups[1], d.groups[2]);
            if let Some(t) = timed {
                device.cmd_write_timestamp(cb, vk::PipelineStageFlags::BOTTOM_OF_PIPE, s.query_pool, 2 * t + 1);
            }
        }
        device.end_command_buffer(cb).map_err(vk_err("vkEndCommandBuffer"))?;
        device.reset_fences(&[s.fence]).map_err(vk_err("vkResetFences"))?;
        let cbs = [cb];
        let submit = [vk::SubmitInfo::default().command_buffers(&cbs)];
        device.queue_submit(queue, &submit, s.fence).map_err(vk_err("vkQueueSubmit"))?;
    }
    let timeout_ns = u64::try_from(d.timeout.as_nanos()).unwrap_or(u64::MAX).saturating_mul(u64::from(WARM_UP + runs));
    match unsafe { device.wait_for_fences(&[s.fence], true, timeout_ns) } {
        Ok(()) => {}
        Err(vk::Result::TIMEOUT) => {
            s.leak = true;
            return Err(RunError::Timeout(d.timeout));
        }
        Err(e) => return Err(vk_err("vkWaitForFences")(e)),
    }
    let mut ticks = vec![0u64; 2 * runs as usize];
    // SAFETY: the queries were written by the completed submission; WAIT makes the call block
    // until they are available (they are).
    unsafe {
        device.get_query_pool_results(
            s.query_pool,
            0,
            &mut ticks,
            vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
        )
    }
    .map_err(vk_err("vkGetQueryPoolResults"))?;
    let mask = if valid_bits >= 64 { u64::MAX } else { (1u64 << valid_bits) - 1 };
    let period = f64::from(p.limits.timestamp_period);
    Ok(ticks
        .chunks_exact(2)
        .map(|t| Duration::from_nanos((((t[1].wrapping_sub(t[0])) & mask) as f64 * period) as u64))
        .collect())
}

// Keep the unit tests of the pure helpers next to them.
#[cfg(test)]
mod tests {
    use super::*;

    fn probe_with(min: u32, max: u32, default: u32, name: &str, control: bool) -> Probe {
        Probe {
            pd: vk::PhysicalDevice::null(),
            info: DeviceInfo {
                name: name.into(),
                api_version: (1, 3, 0),
                driver: String::new(),
                subgroup_size: default,
                min_subgroup_size: min,
                max_subgroup_size: max,
                required_size_in_compute: control,
                supported_ops: vec!["basic"],
            },
            device_type: vk::PhysicalDeviceType::DISCRETE_GPU,
            limits: vk::PhysicalDeviceLimits::default(),
            api: vk::API_VERSION_1_3,
            queue_family: Some(0),
            compute_subgroups: true,
            size_control: control.then_some(false),
            max_compute_workgroup_subgroups: 32,
            portability_subset: false,
            scalar_block_layout: false,
        }
    }

    #[test]
    fn subgroup_size_plan() {
        let fixed = probe_with(8, 8, 8, "llvmpipe (LLVM 15, 256 bits)", true);
        assert_eq!(plan_subgroup_size(&fixed, None), Ok(None));
        assert_eq!(plan_subgroup_size(&fixed, Some(8)), Ok(None));
        let Err(RunError::SubgroupSizeUnsupported { hint, .. }) = plan_subgroup_size(&fixed, Some(16)) else {
            panic!("16 must be rejected on a fixed-8 device");
        };
        assert!(hint.contains("LP_NATIVE_VECTOR_WIDTH"), "{hint}");

        let amd = probe_with(32, 64, 64, "AMD", true);
        assert_eq!(plan_subgroup_size(&amd, Some(32)), Ok(Some(32)));
        assert_eq!(plan_subgroup_size(&amd, Some(64)), Ok(Some(64)));
        assert!(plan_subgroup_size(&amd, Some(48)).is_err());
        assert!(plan_subgroup_size(&amd, Some(16)).is_err());

        let old = probe_with(32, 32, 32, "old", false);
        assert_eq!(plan_subgroup_size(&old, Some(32)), Ok(None));
        assert!(plan_subgroup_size(&old, Some(16)).is_err());
    }
}
