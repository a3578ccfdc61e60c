//! The scenes and rays of `vulkan_runner::ray_queries_match_the_cpu_traversal` traced through a
//! Vulkan ray tracing pipeline, on drivers that have ray tracing pipelines but no ray queries
//! (NVIDIA's for the H100 and H200). It checks `wavec::scene`'s traversal rules (facing,
//! barycentrics, culling, masks, instance flags, the instance indices of a scene of triangles
//! and boxes) against a real driver, with the structures built as the runner builds them.
//!
//! The runner runs compute shaders only, so this harness drives Vulkan itself; it skips where
//! the device lacks `VK_KHR_ray_tracing_pipeline` (lavapipe of Mesa 22.3), unless
//! `WAVEC_TEST_NEEDS_RAY_PIPELINE=1` says it must run.

use ash::vk;
use std::ffi::CStr;

use wavec::scene::{GeometryKind, SceneDesc};

use crate::support::{at_widths, bytes_to_words, test_device};
use crate::vulkan_runner::{
    disagreements, ray_case, ray_spirv, RayCase, BOX_SCENE, HIT_WORDS, RAYS, RAY_SCENE, TRIANGLE_SCENE,
};

const EXTENSIONS: [&CStr; 3] =
    [vk::KHR_ACCELERATION_STRUCTURE_NAME, vk::KHR_RAY_TRACING_PIPELINE_NAME, vk::KHR_DEFERRED_HOST_OPERATIONS_NAME];

const SHADERS: [(&str, &str, vk::ShaderStageFlags); 5] = [
    ("rt.rgen", include_str!("vulkan/rt.rgen"), vk::ShaderStageFlags::RAYGEN_KHR),
    ("rt.rmiss", include_str!("vulkan/rt.rmiss"), vk::ShaderStageFlags::MISS_KHR),
    ("rt.rchit", include_str!("vulkan/rt.rchit"), vk::ShaderStageFlags::CLOSEST_HIT_KHR),
    ("rt.rahit", include_str!("vulkan/rt.rahit"), vk::ShaderStageFlags::ANY_HIT_KHR),
    ("rt.rint", include_str!("vulkan/rt.rint"), vk::ShaderStageFlags::INTERSECTION_KHR),
];

#[test]
fn ray_pipeline_matches_the_cpu_traversal() {
    at_widths(concat!(module_path!(), "::ray_pipeline_matches_the_cpu_traversal"), &[8], |_| {
        for spec in [RAY_SCENE, TRIANGLE_SCENE, BOX_SCENE] {
            let case = ray_case(spec);
            // SAFETY: the harness below follows Vulkan's valid usage; it owns every object.
            let Some(words) = (unsafe { trace(&case) }) else { return };
            let mismatches = disagreements(&case, &words);
            assert!(mismatches.is_empty(), "{} rays disagree:\n{}", mismatches.len(), mismatches.join("\n"));
        }
    });
}

struct Gpu {
    device: ash::Device,
    props: vk::PhysicalDeviceMemoryProperties,
    /// Every buffer and its memory, freed at the end.
    owned: Vec<(vk::Buffer, vk::DeviceMemory)>,
}

impl Gpu {
    /// A buffer with a device address; host-visible (mapped) when `host`.
    unsafe fn buffer(&mut self, size: u64, usage: vk::BufferUsageFlags, host: bool) -> (vk::Buffer, *mut u8, u64) {
        let d = &self.device;
        let info = vk::BufferCreateInfo::default()
            .size(size.max(64))
            .usage(usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS);
        let buffer = d.create_buffer(&info, None).unwrap();
        let req = d.get_buffer_memory_requirements(buffer);
        let wanted = if host {
            vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT
        } else {
            vk::MemoryPropertyFlags::DEVICE_LOCAL
        };
        let index = (0..self.props.memory_type_count)
            .find(|&i| {
                req.memory_type_bits & (1 << i) != 0
                    && self.props.memory_types[i as usize].property_flags.contains(wanted)
            })
            .expect("a memory type");
        let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let alloc =
            vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(index).push_next(&mut flags);
        let memory = d.allocate_memory(&alloc, None).unwrap();
        d.bind_buffer_memory(buffer, memory, 0).unwrap();
        let ptr = if host {
            d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()).unwrap().cast::<u8>()
        } else {
            std::ptr::null_mut()
        };
        let address = d.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
        self.owned.push((buffer, memory));
        (buffer, ptr, address)
    }

    unsafe fn upload(&mut self, bytes: &[u8], usage: vk::BufferUsageFlags) -> (vk::Buffer, u64) {
        let (buffer, ptr, address) = self.buffer(bytes.len() as u64, usage, true);
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len());
        (buffer, address)
    }
}

fn floats(v: impl IntoIterator<Item = f32>) -> Vec<u8> {
    v.into_iter().flat_map(f32::to_le_bytes).collect()
}

fn word_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Traces `case`'s rays; `None` where the device has no ray tracing pipelines.
unsafe fn trace(case: &RayCase) -> Option<Vec<u32>> {
    let entry = ash::Entry::load().expect("libvulkan");
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_2);
    let instance = entry.create_instance(&vk::InstanceCreateInfo::default().application_info(&app), None).unwrap();
    let wanted = test_device().to_lowercase();
    let pd = instance
        .enumerate_physical_devices()
        .unwrap()
        .into_iter()
        .find(|&pd| {
            let p = instance.get_physical_device_properties(pd);
            p.device_name_as_c_str().unwrap().to_string_lossy().to_lowercase().contains(&wanted)
        })
        .unwrap_or_else(|| panic!("no device matching `{wanted}`"));
    let name =
        instance.get_physical_device_properties(pd).device_name_as_c_str().unwrap().to_string_lossy().into_owned();
    let available = instance.enumerate_device_extension_properties(pd).unwrap();
    let missing: Vec<&CStr> =
        EXTENSIONS.into_iter().filter(|&n| !available.iter().any(|e| e.extension_name_as_c_str() == Ok(n))).collect();
    if !missing.is_empty() {
        assert!(
            std::env::var("WAVEC_TEST_NEEDS_RAY_PIPELINE").is_err(),
            "WAVEC_TEST_NEEDS_RAY_PIPELINE is set, but `{name}` lacks {missing:?}"
        );
        println!("`{name}` has no ray tracing pipelines (lacks {missing:?})");
        return None;
    }
    let mut rt_props = vk::PhysicalDeviceRayTracingPipelinePropertiesKHR::default();
    let mut as_props = vk::PhysicalDeviceAccelerationStructurePropertiesKHR::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut rt_props).push_next(&mut as_props);
    instance.get_physical_device_properties2(pd, &mut props2);
    let _ = props2;
    println!("tracing on `{name}`");

    let family = instance
        .get_physical_device_queue_family_properties(pd)
        .iter()
        .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
        .unwrap() as u32;
    let priorities = [1.0];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
    let extensions: Vec<_> = EXTENSIONS.iter().map(|n| n.as_ptr()).collect();
    let mut address = vk::PhysicalDeviceBufferDeviceAddressFeatures::default().buffer_device_address(true);
    let mut accel = vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default().acceleration_structure(true);
    let mut pipeline_feature = vk::PhysicalDeviceRayTracingPipelineFeaturesKHR::default().ray_tracing_pipeline(true);
    let info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queues)
        .enabled_extension_names(&extensions)
        .push_next(&mut address)
        .push_next(&mut accel)
        .push_next(&mut pipeline_feature);
    let device = instance.create_device(pd, &info, None).unwrap();
    let queue = device.get_device_queue(family, 0);
    let as_fns = ash::khr::acceleration_structure::Device::new(&instance, &device);
    let rt_fns = ash::khr::ray_tracing_pipeline::Device::new(&instance, &device);
    let mut gpu =
        Gpu { device: device.clone(), props: instance.get_physical_device_memory_properties(pd), owned: vec![] };

    // --- the structures, as `src/run/vulkan/accel.rs` lays them out --------------------------
    let scene: &SceneDesc = &case.scene_desc;
    let input = vk::BufferUsageFlags::ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_KHR;
    let (_, placeholder) = gpu.upload(&[0; 64], input);
    let data: Vec<u64> = scene
        .geometries
        .iter()
        .map(|g| match &g.kind {
            GeometryKind::Triangles(v) => gpu.upload(&floats(v.iter().flatten().copied()), input).1,
            GeometryKind::Aabbs(b) => gpu.upload(&floats(b.iter().flatten().copied()), input).1,
        })
        .collect();
    let align = u64::from(as_props.min_acceleration_structure_scratch_offset_alignment.max(1));
    let mut structures: Vec<vk::AccelerationStructureKHR> = Vec::new();
    let pool_info =
        vk::CommandPoolCreateInfo::default().queue_family_index(family).flags(vk::CommandPoolCreateFlags::TRANSIENT);
    let pool = device.create_command_pool(&pool_info, None).unwrap();
    let fence = device.create_fence(&vk::FenceCreateInfo::default(), None).unwrap();
    // One structure built and waited for at a time: simple, and the harness is not timed.
    let mut build = |gpu: &mut Gpu,
                     level: vk::AccelerationStructureTypeKHR,
                     geometries: &[vk::AccelerationStructureGeometryKHR],
                     counts: &[u32]|
     -> vk::AccelerationStructureKHR {
        let mut info = vk::AccelerationStructureBuildGeometryInfoKHR::default()
            .ty(level)
            .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
            .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
            .geometries(geometries);
        let mut sizes = vk::AccelerationStructureBuildSizesInfoKHR::default();
        as_fns.get_acceleration_structure_build_sizes(
            vk::AccelerationStructureBuildTypeKHR::DEVICE,
            &info,
            counts,
            &mut sizes,
        );
        let (storage, _, _) = gpu.buffer(
            sizes.acceleration_structure_size,
            vk::BufferUsageFlags::ACCELERATION_STRUCTURE_STORAGE_KHR,
            false,
        );
        let (_, _, scratch) = gpu.buffer(sizes.build_scratch_size + align, vk::BufferUsageFlags::STORAGE_BUFFER, false);
        let create = vk::AccelerationStructureCreateInfoKHR::default()
            .buffer(storage)
            .size(sizes.acceleration_structure_size)
            .ty(level);
        let structure = as_fns.create_acceleration_structure(&create, None).unwrap();
        structures.push(structure);
        info = info
            .dst_acceleration_structure(structure)
            .scratch_data(vk::DeviceOrHostAddressKHR { device_address: scratch.div_ceil(align) * align });
        let ranges: Vec<_> =
            counts.iter().map(|&n| vk::AccelerationStructureBuildRangeInfoKHR::default().primitive_count(n)).collect();
        let cb = device
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1),
            )
            .unwrap()[0];
        device
            .begin_command_buffer(
                cb,
                &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )
            .unwrap();
        as_fns.cmd_build_acceleration_structures(cb, &[info], &[&ranges]);
        device.end_command_buffer(cb).unwrap();
        let cbs = [cb];
        device.reset_fences(&[fence]).unwrap();
        device.queue_submit(queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence).unwrap();
        device.wait_for_fences(&[fence], true, u64::MAX).unwrap();
        structure
    };
    let address = |a| vk::DeviceOrHostAddressConstKHR { device_address: a };
    let has = |tri: bool| scene.geometries.iter().any(|g| matches!(g.kind, GeometryKind::Triangles(_)) == tri);
    let mut bottom = Vec::new();
    for triangles in [true, false].into_iter().filter(|&t| has(t)) {
        let mut geometries = Vec::new();
        let mut counts = Vec::new();
        for (g, &at) in scene.geometries.iter().zip(&data) {
            let own = matches!(g.kind, GeometryKind::Triangles(_)) == triangles;
            let count = if own { g.kind.primitive_count() as u32 } else { 0 };
            let flags = if !own || g.opaque {
                vk::GeometryFlagsKHR::OPAQUE
            } else {
                vk::GeometryFlagsKHR::NO_DUPLICATE_ANY_HIT_INVOCATION
            };
            let at = if own { at } else { placeholder };
            let geometry = if triangles {
                let t = vk::AccelerationStructureGeometryTrianglesDataKHR::default()
                    .vertex_format(vk::Format::R32G32B32_SFLOAT)
                    .vertex_data(address(at))
                    .vertex_stride(12)
                    .max_vertex((3 * count).max(1) - 1)
                    .index_type(vk::IndexType::NONE_KHR);
                vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(vk::GeometryTypeKHR::TRIANGLES)
                    .geometry(vk::AccelerationStructureGeometryDataKHR { triangles: t })
            } else {
                let b = vk::AccelerationStructureGeometryAabbsDataKHR::default().data(address(at)).stride(24);
                vk::AccelerationStructureGeometryKHR::default()
                    .geometry_type(vk::GeometryTypeKHR::AABBS)
                    .geometry(vk::AccelerationStructureGeometryDataKHR { aabbs: b })
            };
            geometries.push(geometry.flags(flags));
            counts.push(count);
        }
        bottom.push(build(&mut gpu, vk::AccelerationStructureTypeKHR::BOTTOM_LEVEL, &geometries, &counts));
    }
    let mut instances: Vec<u32> = Vec::new();
    for &blas in &bottom {
        let info = vk::AccelerationStructureDeviceAddressInfoKHR::default().acceleration_structure(blas);
        let reference = as_fns.get_acceleration_structure_device_address(&info);
        for inst in &scene.instances {
            instances.extend(inst.transform.iter().flatten().map(|f| f.to_bits()));
            instances.push((inst.id & 0x00ff_ffff) | (u32::from(inst.mask) << 24));
            instances.push((inst.flags & 0xff) << 24);
            instances.extend([reference as u32, (reference >> 32) as u32]);
        }
    }
    let (_, instance_data) = gpu.upload(&word_bytes(&instances), input);
    let top_geometry = [vk::AccelerationStructureGeometryKHR::default()
        .geometry_type(vk::GeometryTypeKHR::INSTANCES)
        .geometry(vk::AccelerationStructureGeometryDataKHR {
            instances: vk::AccelerationStructureGeometryInstancesDataKHR::default().data(address(instance_data)),
        })];
    let count = (bottom.len() * scene.instances.len()) as u32;
    let tlas = build(&mut gpu, vk::AccelerationStructureTypeKHR::TOP_LEVEL, &top_geometry, &[count]);

    // --- the pipeline ---------------------------------------------------------------------------
    let ray_stages = vk::ShaderStageFlags::RAYGEN_KHR
        | vk::ShaderStageFlags::CLOSEST_HIT_KHR
        | vk::ShaderStageFlags::INTERSECTION_KHR
        | vk::ShaderStageFlags::ANY_HIT_KHR
        | vk::ShaderStageFlags::MISS_KHR;
    let binding = |b: u32, ty: vk::DescriptorType| {
        vk::DescriptorSetLayoutBinding::default()
            .binding(b)
            .descriptor_type(ty)
            .descriptor_count(1)
            .stage_flags(ray_stages)
    };
    let bindings = [
        binding(0, vk::DescriptorType::ACCELERATION_STRUCTURE_KHR),
        binding(1, vk::DescriptorType::STORAGE_BUFFER),
        binding(2, vk::DescriptorType::STORAGE_BUFFER),
        binding(3, vk::DescriptorType::STORAGE_BUFFER),
    ];
    let set_layout = device
        .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
        .unwrap();
    let set_layouts = [set_layout];
    let layout = device
        .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None)
        .unwrap();
    let modules: Vec<vk::ShaderModule> = SHADERS
        .iter()
        .map(|(file, source, _)| {
            let code = ray_spirv(file, source);
            device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None).unwrap()
        })
        .collect();
    let stages: Vec<_> = SHADERS
        .iter()
        .zip(&modules)
        .map(|((_, _, stage), &module)| {
            vk::PipelineShaderStageCreateInfo::default().stage(*stage).module(module).name(c"main")
        })
        .collect();
    let unused = vk::SHADER_UNUSED_KHR;
    let group = |ty, general, closest, any, intersection| {
        vk::RayTracingShaderGroupCreateInfoKHR::default()
            .ty(ty)
            .general_shader(general)
            .closest_hit_shader(closest)
            .any_hit_shader(any)
            .intersection_shader(intersection)
    };
    // Groups: ray generation, miss, triangles (closest and any hit), boxes (closest hit and
    // intersection).
    let groups = [
        group(vk::RayTracingShaderGroupTypeKHR::GENERAL, 0, unused, unused, unused),
        group(vk::RayTracingShaderGroupTypeKHR::GENERAL, 1, unused, unused, unused),
        group(vk::RayTracingShaderGroupTypeKHR::TRIANGLES_HIT_GROUP, unused, 2, 3, unused),
        group(vk::RayTracingShaderGroupTypeKHR::PROCEDURAL_HIT_GROUP, unused, 2, unused, 4),
    ];
    let pipeline_info = [vk::RayTracingPipelineCreateInfoKHR::default()
        .stages(&stages)
        .groups(&groups)
        .max_pipeline_ray_recursion_depth(1)
        .layout(layout)];
    let pipeline = rt_fns
        .create_ray_tracing_pipelines(vk::DeferredOperationKHR::null(), vk::PipelineCache::null(), &pipeline_info, None)
        .map_err(|(_, e)| e)
        .unwrap()[0];
    let handle_size = rt_props.shader_group_handle_size as usize;
    let handles = rt_fns.get_ray_tracing_shader_group_handles(pipeline, 0, 4, 4 * handle_size).unwrap();
    // The shader binding table: a region per kind, each starting on the base alignment; the hit
    // region one record per geometry (the trace's stride is 1), its group by the geometry's kind.
    let base = u64::from(rt_props.shader_group_base_alignment);
    let stride = (handle_size as u64).div_ceil(u64::from(rt_props.shader_group_handle_alignment))
        * u64::from(rt_props.shader_group_handle_alignment);
    let hit_groups: Vec<usize> =
        scene.geometries.iter().map(|g| if matches!(g.kind, GeometryKind::Triangles(_)) { 2 } else { 3 }).collect();
    let region = |records: u64| (records * stride).div_ceil(base) * base;
    let table_size = region(1) * 2 + region(hit_groups.len() as u64) + base;
    let (_, table_ptr, table_address) = gpu.buffer(table_size, vk::BufferUsageFlags::SHADER_BINDING_TABLE_KHR, true);
    let start = table_address.div_ceil(base) * base;
    let write = |offset: u64, group: usize| {
        let at = (start - table_address + offset) as usize;
        std::ptr::copy_nonoverlapping(handles[group * handle_size..].as_ptr(), table_ptr.add(at), handle_size);
    };
    write(0, 0);
    write(region(1), 1);
    for (i, &g) in hit_groups.iter().enumerate() {
        write(2 * region(1) + i as u64 * stride, g);
    }
    let sbt = |offset: u64, size: u64, stride: u64| {
        vk::StridedDeviceAddressRegionKHR::default().device_address(start + offset).stride(stride).size(size)
    };
    let raygen = sbt(0, stride, stride);
    let miss = sbt(region(1), stride, stride);
    let hit = sbt(2 * region(1), stride * hit_groups.len() as u64, stride);
    let callable = vk::StridedDeviceAddressRegionKHR::default();

    // --- descriptors, trace, read back ----------------------------------------------------------
    let storage = vk::BufferUsageFlags::STORAGE_BUFFER;
    let (rays, _) = gpu.upload(&word_bytes(&case.ray_words), storage);
    let (boxes, _) = gpu.upload(&word_bytes(&case.box_words), storage);
    let (hits, hits_ptr, _) = gpu.buffer((RAYS * HIT_WORDS * 4) as u64, storage, true);
    let sizes = [
        vk::DescriptorPoolSize { ty: vk::DescriptorType::ACCELERATION_STRUCTURE_KHR, descriptor_count: 1 },
        vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 3 },
    ];
    let descriptor_pool = device
        .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
        .unwrap();
    let set = device
        .allocate_descriptor_sets(
            &vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&set_layouts),
        )
        .unwrap()[0];
    let tlases = [tlas];
    let mut accel_write = vk::WriteDescriptorSetAccelerationStructureKHR::default().acceleration_structures(&tlases);
    let infos = [rays, boxes, hits].map(|b| [vk::DescriptorBufferInfo { buffer: b, offset: 0, range: vk::WHOLE_SIZE }]);
    let mut writes = vec![vk::WriteDescriptorSet::default()
        .dst_set(set)
        .dst_binding(0)
        .descriptor_type(vk::DescriptorType::ACCELERATION_STRUCTURE_KHR)
        .descriptor_count(1)
        .push_next(&mut accel_write)];
    for (i, info) in infos.iter().enumerate() {
        writes.push(
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(i as u32 + 1)
                .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                .buffer_info(info),
        );
    }
    device.update_descriptor_sets(&writes, &[]);
    let cb = device
        .allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1))
        .unwrap()[0];
    device.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).unwrap();
    device.cmd_bind_pipeline(cb, vk::PipelineBindPoint::RAY_TRACING_KHR, pipeline);
    device.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::RAY_TRACING_KHR, layout, 0, &[set], &[]);
    rt_fns.cmd_trace_rays(cb, &raygen, &miss, &hit, &callable, RAYS as u32, 1, 1);
    let barrier = [vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::HOST_READ)];
    device.cmd_pipeline_barrier(
        cb,
        vk::PipelineStageFlags::RAY_TRACING_SHADER_KHR,
        vk::PipelineStageFlags::HOST,
        vk::DependencyFlags::empty(),
        &barrier,
        &[],
        &[],
    );
    device.end_command_buffer(cb).unwrap();
    let cbs = [cb];
    device.reset_fences(&[fence]).unwrap();
    device.queue_submit(queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence).unwrap();
    device.wait_for_fences(&[fence], true, 30_000_000_000).unwrap();
    let out = bytes_to_words(std::slice::from_raw_parts(hits_ptr, RAYS * HIT_WORDS * 4));

    device.device_wait_idle().unwrap();
    device.destroy_pipeline(pipeline, None);
    for m in modules {
        device.destroy_shader_module(m, None);
    }
    device.destroy_pipeline_layout(layout, None);
    device.destroy_descriptor_pool(descriptor_pool, None);
    device.destroy_descriptor_set_layout(set_layout, None);
    for s in structures {
        as_fns.destroy_acceleration_structure(s, None);
    }
    device.destroy_fence(fence, None);
    device.destroy_command_pool(pool, None);
    for (buffer, memory) in gpu.owned.drain(..) {
        device.destroy_buffer(buffer, None);
        device.free_memory(memory, None);
    }
    device.destroy_device(None);
    instance.destroy_instance(None);
    Some(out)
}
