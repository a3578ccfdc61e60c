//! Acceleration structures of one dispatch: a scene ([`SceneDesc`]) becomes bottom-level
//! structures and a top-level one on the device, built by the dispatch's own command buffer
//! before the shader runs, and bound as a `VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR`.
//!
//! Vulkan (like D3D12) lets a bottom-level structure hold triangles or boxes, never both, so a
//! scene with both becomes two: each keeps every geometry at its index (the other kind's are
//! empty there, so `GeometryIndex()` is the scene's), and each instance becomes two instances
//! of the top level, its triangles at its own index and its boxes after all of them
//! ([`SceneDesc::instance_index`]).

use super::*;
use crate::scene::{GeometryKind, SceneDesc};

/// What ray queries need of a device besides Vulkan 1.2 (`VK_KHR_deferred_host_operations` is
/// `VK_KHR_acceleration_structure`'s own dependency).
const EXTENSIONS: [&CStr; 3] =
    [vk::KHR_ACCELERATION_STRUCTURE_NAME, vk::KHR_RAY_QUERY_NAME, vk::KHR_DEFERRED_HOST_OPERATIONS_NAME];

/// Whether device `p` can build acceleration structures and run ray queries; the extensions to
/// enable when it can, a [`RunError::MissingFeature`] naming what it lacks when not.
pub(super) fn check_support(instance: &ash::Instance, p: &Probe) -> Result<Vec<*const c_char>, RunError> {
    let name = &p.info.name;
    if p.info.api_version < (1, 2, 0) {
        return Err(RunError::MissingFeature(format!(
            "the shader uses an acceleration structure (ray queries, VK_KHR_ray_query), which needs Vulkan 1.2; \
             `{name}` has {}.{}",
            p.info.api_version.0, p.info.api_version.1
        )));
    }
    // SAFETY: a query on a physical device of this instance.
    let available = unsafe { instance.enumerate_device_extension_properties(p.pd) }
        .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
    let missing: Vec<String> = EXTENSIONS
        .iter()
        .filter(|&&n| !available.iter().any(|e| e.extension_name_as_c_str() == Ok(n)))
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    if !missing.is_empty() {
        return Err(RunError::MissingFeature(format!(
            "the shader uses an acceleration structure (ray queries), which needs {}; `{name}` does not have {}",
            EXTENSIONS.map(|n| n.to_string_lossy()).join(", "),
            missing.join(", ")
        )));
    }
    let mut accel = vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default();
    let mut ray_query = vk::PhysicalDeviceRayQueryFeaturesKHR::default();
    let mut address = vk::PhysicalDeviceBufferDeviceAddressFeatures::default();
    let mut query =
        vk::PhysicalDeviceFeatures2::default().push_next(&mut accel).push_next(&mut ray_query).push_next(&mut address);
    // SAFETY: a query on a physical device of this instance; the chain outlives the call.
    unsafe { instance.get_physical_device_features2(p.pd, &mut query) };
    for (feature, has) in [
        ("accelerationStructure", accel.acceleration_structure),
        ("rayQuery", ray_query.ray_query),
        ("bufferDeviceAddress", address.buffer_device_address),
    ] {
        if has != vk::TRUE {
            return Err(RunError::MissingFeature(format!(
                "the shader uses an acceleration structure (ray queries), which needs the `{feature}` feature; \
                 `{name}` does not have it"
            )));
        }
    }
    Ok(EXTENSIONS.iter().map(|n| n.as_ptr()).collect())
}

/// Where a build reads one geometry from.
enum Source {
    Triangles { data: vk::DeviceAddress, primitives: u32, opaque: bool },
    Aabbs { data: vk::DeviceAddress, primitives: u32, opaque: bool },
    Instances { data: vk::DeviceAddress, count: u32 },
}

impl Source {
    fn geometry(&self) -> (vk::AccelerationStructureGeometryKHR<'static>, u32) {
        let flags = |opaque: bool| {
            if opaque {
                vk::GeometryFlagsKHR::OPAQUE
            } else {
                // Each candidate once, as the CPU engine reports it.
                vk::GeometryFlagsKHR::NO_DUPLICATE_ANY_HIT_INVOCATION
            }
        };
        let address = |a| vk::DeviceOrHostAddressConstKHR { device_address: a };
        match *self {
            Source::Triangles { data, primitives, opaque } => {
                let triangles = vk::AccelerationStructureGeometryTrianglesDataKHR::default()
                    .vertex_format(vk::Format::R32G32B32_SFLOAT)
                    .vertex_data(address(data))
                    .vertex_stride(12)
                    .max_vertex((3 * primitives).max(1) - 1)
                    .index_type(vk::IndexType::NONE_KHR);
                let g = vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(vk::GeometryTypeKHR::TRIANGLES)
                    .geometry(vk::AccelerationStructureGeometryDataKHR { triangles })
                    .flags(flags(opaque));
                (g, primitives)
            }
            Source::Aabbs { data, primitives, opaque } => {
                let aabbs = vk::AccelerationStructureGeometryAabbsDataKHR::default().data(address(data)).stride(24);
                let g = vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(vk::GeometryTypeKHR::AABBS)
                    .geometry(vk::AccelerationStructureGeometryDataKHR { aabbs })
                    .flags(flags(opaque));
                (g, primitives)
            }
            Source::Instances { data, count } => {
                let instances = vk::AccelerationStructureGeometryInstancesDataKHR::default()
                    .array_of_pointers(false)
                    .data(address(data));
                let g = vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(vk::GeometryTypeKHR::INSTANCES)
                    .geometry(vk::AccelerationStructureGeometryDataKHR { instances });
                (g, count)
            }
        }
    }
}

/// One structure to build: its sources, where it goes, its scratch memory.
struct Build {
    level: vk::AccelerationStructureTypeKHR,
    sources: Vec<Source>,
    dst: vk::AccelerationStructureKHR,
    scratch: vk::DeviceAddress,
}

impl Build {
    /// The build's description, and the primitive count of each geometry.
    fn info(&self) -> (Vec<vk::AccelerationStructureGeometryKHR<'static>>, Vec<u32>) {
        self.sources.iter().map(Source::geometry).unzip()
    }
}

/// A scene's structures, created, waiting for [`record_builds`].
pub(super) struct AccelScene {
    pub tlas: vk::AccelerationStructureKHR,
    bottom: Vec<Build>,
    top: Build,
}

/// Device-local memory for a structure or scratch space, with its device address.
fn device_buffer(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    size: u64,
    usage: vk::BufferUsageFlags,
) -> Result<(vk::Buffer, vk::DeviceAddress), RunError> {
    let device = s.device().clone();
    let info = vk::BufferCreateInfo::default()
        .size(size.max(4))
        .usage(usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS)
        .sharing_mode(vk::SharingMode::EXCLUSIVE);
    // SAFETY: objects of this device, recorded in `s` as soon as they exist.
    unsafe {
        let buffer = device.create_buffer(&info, None).map_err(vk_err("vkCreateBuffer"))?;
        s.buffers.push(buffer);
        let req = device.get_buffer_memory_requirements(buffer);
        let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(device_memory_type(mem_props, req.memory_type_bits)?)
            .push_next(&mut flags);
        let memory = device.allocate_memory(&alloc, None).map_err(vk_err("vkAllocateMemory"))?;
        s.memories.push(memory);
        device.bind_buffer_memory(buffer, memory, 0).map_err(vk_err("vkBindBufferMemory"))?;
        let address = device.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
        Ok((buffer, address))
    }
}

/// A host-visible buffer holding `bytes` that builds read, with its device address.
fn input_buffer(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    bytes: &[u8],
) -> Result<vk::DeviceAddress, RunError> {
    let usage = vk::BufferUsageFlags::ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_KHR;
    let (buffer, ptr) = host_buffer(s, mem_props, bytes.len().max(64) as u64, usage)?;
    // SAFETY: the mapping covers at least `bytes.len()` bytes; the buffer has
    // `SHADER_DEVICE_ADDRESS` usage (`s.device_addresses` is set for a run with structures).
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len());
        Ok(s.device().get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer)))
    }
}

fn floats(v: impl IntoIterator<Item = f32>) -> Vec<u8> {
    v.into_iter().flat_map(f32::to_le_bytes).collect()
}

/// The structure of `level` built from `sources`, created with its storage and scratch memory.
fn create_structure(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    scratch_alignment: u64,
    level: vk::AccelerationStructureTypeKHR,
    sources: Vec<Source>,
) -> Result<Build, RunError> {
    let loader = s.accel.clone().ok_or_else(|| RunError::Vk("acceleration structures not enabled".into()))?;
    let build = Build { level, sources, dst: vk::AccelerationStructureKHR::null(), scratch: 0 };
    let (geometries, counts) = build.info();
    let info = vk::AccelerationStructureBuildGeometryInfoKHR::default()
        .ty(level)
        .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
        .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
        .geometries(&geometries);
    let mut sizes = vk::AccelerationStructureBuildSizesInfoKHR::default();
    // SAFETY: a query on this session's device; `info` describes valid geometry.
    unsafe {
        loader.get_acceleration_structure_build_sizes(
            vk::AccelerationStructureBuildTypeKHR::DEVICE,
            &info,
            &counts,
            &mut sizes,
        )
    };
    let (storage, _) = device_buffer(
        s,
        mem_props,
        sizes.acceleration_structure_size,
        vk::BufferUsageFlags::ACCELERATION_STRUCTURE_STORAGE_KHR,
    )?;
    let (_, scratch) = device_buffer(
        s,
        mem_props,
        sizes.build_scratch_size + scratch_alignment,
        vk::BufferUsageFlags::STORAGE_BUFFER,
    )?;
    let create = vk::AccelerationStructureCreateInfoKHR::default()
        .buffer(storage)
        .size(sizes.acceleration_structure_size)
        .ty(level);
    // SAFETY: `storage` is a buffer of this device with storage usage, large enough; the handle
    // is recorded in `s` for teardown before the buffer.
    let dst = unsafe { loader.create_acceleration_structure(&create, None) }
        .map_err(vk_err("vkCreateAccelerationStructureKHR"))?;
    s.accels.push(dst);
    let scratch = scratch.div_ceil(scratch_alignment) * scratch_alignment;
    Ok(Build { dst, scratch, ..build })
}

/// Creates `scene`'s structures (nothing is built yet: [`record_builds`] does that).
pub(super) fn create(
    s: &mut Session,
    p: &Probe,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    scene: &SceneDesc,
) -> Result<AccelScene, RunError> {
    let loader = s.accel.clone().ok_or_else(|| RunError::Vk("acceleration structures not enabled".into()))?;
    let mut props = vk::PhysicalDeviceAccelerationStructurePropertiesKHR::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut props);
    // SAFETY: a query on a physical device of this instance; the chain outlives the call.
    unsafe { s.instance().get_physical_device_properties2(p.pd, &mut props2) };
    let _ = props2;
    let scratch_alignment = u64::from(props.min_acceleration_structure_scratch_offset_alignment.max(1));

    // An empty geometry of the other kind reads nothing, but its address must still be valid.
    let placeholder = input_buffer(s, mem_props, &[0; 64])?;
    let mut data = Vec::new();
    for g in &scene.geometries {
        data.push(match &g.kind {
            GeometryKind::Triangles(v) => input_buffer(s, mem_props, &floats(v.iter().flatten().copied()))?,
            GeometryKind::Aabbs(b) => input_buffer(s, mem_props, &floats(b.iter().flatten().copied()))?,
        });
    }
    let has =
        |triangles: bool| scene.geometries.iter().any(|g| matches!(g.kind, GeometryKind::Triangles(_)) == triangles);
    let mut bottom = Vec::new();
    for triangles in [true, false].into_iter().filter(|&t| has(t)) {
        let sources = scene
            .geometries
            .iter()
            .zip(&data)
            .map(|(g, &address)| {
                let primitives = g.kind.primitive_count() as u32;
                match (&g.kind, triangles) {
                    (GeometryKind::Triangles(_), true) => {
                        Source::Triangles { data: address, primitives, opaque: g.opaque }
                    }
                    (GeometryKind::Aabbs(_), false) => Source::Aabbs { data: address, primitives, opaque: g.opaque },
                    (_, true) => Source::Triangles { data: placeholder, primitives: 0, opaque: true },
                    (_, false) => Source::Aabbs { data: placeholder, primitives: 0, opaque: true },
                }
            })
            .collect();
        bottom.push(create_structure(
            s,
            mem_props,
            scratch_alignment,
            vk::AccelerationStructureTypeKHR::BOTTOM_LEVEL,
            sources,
        )?);
    }

    // Every instance once per bottom-level structure, in that order.
    let mut instances: Vec<u8> = Vec::new();
    for blas in &bottom {
        let info = vk::AccelerationStructureDeviceAddressInfoKHR::default().acceleration_structure(blas.dst);
        // SAFETY: a structure of this device, created above.
        let reference = unsafe { loader.get_acceleration_structure_device_address(&info) };
        for inst in &scene.instances {
            let mut words: Vec<u32> = inst.transform.iter().flatten().map(|f| f.to_bits()).collect();
            // `VkAccelerationStructureInstanceKHR`: custom index and mask, SBT offset (0) and
            // flags (the scene's bits are `VkGeometryInstanceFlagBitsKHR`), the reference.
            words.push((inst.id & 0x00ff_ffff) | (u32::from(inst.mask) << 24));
            words.push((inst.flags & 0xff) << 24);
            words.extend([reference as u32, (reference >> 32) as u32]);
            instances.extend(words.iter().flat_map(|w| w.to_le_bytes()));
        }
    }
    let count = (bottom.len() * scene.instances.len()) as u32;
    let instance_data = input_buffer(s, mem_props, &instances)?;
    let top = create_structure(
        s,
        mem_props,
        scratch_alignment,
        vk::AccelerationStructureTypeKHR::TOP_LEVEL,
        vec![Source::Instances { data: instance_data, count }],
    )?;
    Ok(AccelScene { tlas: top.dst, bottom, top })
}

/// Records the builds of `scenes`: every bottom level, then every top level, then a barrier
/// that makes them visible to the compute shader.
///
/// # Safety
/// `cb` is recording, on `device`, whose structures `scenes` are.
pub(super) unsafe fn record_builds(
    loader: &ash::khr::acceleration_structure::Device,
    device: &ash::Device,
    cb: vk::CommandBuffer,
    scenes: &[AccelScene],
) {
    if scenes.is_empty() {
        return;
    }
    let record = |builds: Vec<&Build>| {
        let described: Vec<_> = builds.iter().map(|b| b.info()).collect();
        let infos: Vec<vk::AccelerationStructureBuildGeometryInfoKHR> = builds
            .iter()
            .zip(&described)
            .map(|(b, (geometries, _))| {
                vk::AccelerationStructureBuildGeometryInfoKHR::default()
                    .ty(b.level)
                    .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
                    .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
                    .dst_acceleration_structure(b.dst)
                    .geometries(geometries)
                    .scratch_data(vk::DeviceOrHostAddressKHR { device_address: b.scratch })
            })
            .collect();
        let ranges: Vec<Vec<vk::AccelerationStructureBuildRangeInfoKHR>> = described
            .iter()
            .map(|(_, counts)| {
                counts
                    .iter()
                    .map(|&n| vk::AccelerationStructureBuildRangeInfoKHR::default().primitive_count(n))
                    .collect()
            })
            .collect();
        let range_slices: Vec<&[vk::AccelerationStructureBuildRangeInfoKHR]> =
            ranges.iter().map(Vec::as_slice).collect();
        if !infos.is_empty() {
            loader.cmd_build_acceleration_structures(cb, &infos, &range_slices);
        }
    };
    let barrier = |dst_stage: vk::PipelineStageFlags| {
        let written = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::ACCELERATION_STRUCTURE_WRITE_KHR)
            .dst_access_mask(vk::AccessFlags::ACCELERATION_STRUCTURE_READ_KHR)];
        device.cmd_pipeline_barrier(
            cb,
            vk::PipelineStageFlags::ACCELERATION_STRUCTURE_BUILD_KHR,
            dst_stage,
            vk::DependencyFlags::empty(),
            &written,
            &[],
            &[],
        );
    };
    record(scenes.iter().flat_map(|a| &a.bottom).collect());
    barrier(vk::PipelineStageFlags::ACCELERATION_STRUCTURE_BUILD_KHR);
    record(scenes.iter().map(|a| &a.top).collect());
    barrier(vk::PipelineStageFlags::COMPUTE_SHADER);
}
