//! Images and samplers of one dispatch: checked against the shader's declarations and the
//! device, created, filled through a staging buffer, and read back through it.
//!
//! Every image lives in `GENERAL` layout while the shader runs, so one image serves a sampled
//! and a storage binding alike. A sampled view covers every level; a storage view level 0
//! (Vulkan lets a storage descriptor see one level). A view that is not arrayed sees the first
//! layer (a cube's first six).

use super::*;
use crate::image::{Address, Border, CompareOp, Filter, Format, ImageDesc, NumKind, SamplerDesc};
use crate::ir::TextureDim;

pub(super) fn vk_format(f: Format) -> vk::Format {
    use Format::*;
    match f {
        Rgba32f => vk::Format::R32G32B32A32_SFLOAT,
        Rg32f => vk::Format::R32G32_SFLOAT,
        R32f => vk::Format::R32_SFLOAT,
        Rgba16f => vk::Format::R16G16B16A16_SFLOAT,
        Rg16f => vk::Format::R16G16_SFLOAT,
        R16f => vk::Format::R16_SFLOAT,
        Rgba8 => vk::Format::R8G8B8A8_UNORM,
        Rg8 => vk::Format::R8G8_UNORM,
        R8 => vk::Format::R8_UNORM,
        Rgba16 => vk::Format::R16G16B16A16_UNORM,
        Rg16 => vk::Format::R16G16_UNORM,
        R16 => vk::Format::R16_UNORM,
        Rgba8Snorm => vk::Format::R8G8B8A8_SNORM,
        Rg8Snorm => vk::Format::R8G8_SNORM,
        R8Snorm => vk::Format::R8_SNORM,
        Rgba32ui => vk::Format::R32G32B32A32_UINT,
        Rg32ui => vk::Format::R32G32_UINT,
        R32ui => vk::Format::R32_UINT,
        Rgba16ui => vk::Format::R16G16B16A16_UINT,
        Rg16ui => vk::Format::R16G16_UINT,
        R16ui => vk::Format::R16_UINT,
        Rgba8ui => vk::Format::R8G8B8A8_UINT,
        Rg8ui => vk::Format::R8G8_UINT,
        R8ui => vk::Format::R8_UINT,
        Rgba32i => vk::Format::R32G32B32A32_SINT,
        Rg32i => vk::Format::R32G32_SINT,
        R32i => vk::Format::R32_SINT,
        Rgba16i => vk::Format::R16G16B16A16_SINT,
        Rg16i => vk::Format::R16G16_SINT,
        R16i => vk::Format::R16_SINT,
        Rgba8i => vk::Format::R8G8B8A8_SINT,
        Rg8i => vk::Format::R8G8_SINT,
        R8i => vk::Format::R8_SINT,
        D32f => vk::Format::D32_SFLOAT,
        D16 => vk::Format::D16_UNORM,
        R11g11b10f => vk::Format::B10G11R11_UFLOAT_PACK32,
        Rgb10a2 => vk::Format::A2B10G10R10_UNORM_PACK32,
        Rgb10a2ui => vk::Format::A2B10G10R10_UINT_PACK32,
        Rgba16Snorm => vk::Format::R16G16B16A16_SNORM,
        Rg16Snorm => vk::Format::R16G16_SNORM,
        R16Snorm => vk::Format::R16_SNORM,
        R64ui => vk::Format::R64_UINT,
        R64i => vk::Format::R64_SINT,
    }
}

/// The aspect a format's texels are: depth for the depth formats.
fn aspect(f: Format) -> vk::ImageAspectFlags {
    if f.is_depth() {
        vk::ImageAspectFlags::DEPTH
    } else {
        vk::ImageAspectFlags::COLOR
    }
}

fn view_type(dim: TextureDim, arrayed: bool) -> vk::ImageViewType {
    match (dim, arrayed) {
        (TextureDim::D1, false) => vk::ImageViewType::TYPE_1D,
        (TextureDim::D1, true) => vk::ImageViewType::TYPE_1D_ARRAY,
        (TextureDim::D2, false) => vk::ImageViewType::TYPE_2D,
        (TextureDim::D2, true) => vk::ImageViewType::TYPE_2D_ARRAY,
        (TextureDim::D3, _) => vk::ImageViewType::TYPE_3D,
        (TextureDim::Cube, false) => vk::ImageViewType::CUBE,
        (TextureDim::Cube, true) => vk::ImageViewType::CUBE_ARRAY,
    }
}

fn dim_name(dim: TextureDim) -> &'static str {
    match dim {
        TextureDim::D1 => "1D",
        TextureDim::D2 => "2D",
        TextureDim::D3 => "3D",
        TextureDim::Cube => "cube",
    }
}

/// Why image `desc` at `(set, binding)` cannot be bound where the shader declares an image of
/// `dim` (arrayed or not, `count` descriptors, `storage` or sampled), on device `p`.
pub(super) fn check_image(
    instance: &ash::Instance,
    p: &Probe,
    at: (u32, u32),
    desc: &ImageDesc,
    (storage, dim, arrayed, count, texel): (bool, TextureDim, bool, u32, NumKind),
) -> Result<(), RunError> {
    let (set, binding) = at;
    let bad = |why: String| Err(RunError::BadBinding(format!("the image at set {set}, binding {binding}: {why}")));
    // A 2D view of a cube-compatible image is valid: a cube's faces are 2D layers.
    if desc.samples != 1 {
        return bad(format!(
            "the image has {} samples a texel, but the shader declares a single-sampled texture",
            desc.samples
        ));
    }
    let fits = desc.dim == dim || (dim == TextureDim::D2 && desc.dim == TextureDim::Cube);
    if !fits {
        return bad(format!(
            "the shader declares a {} texture, but the image is {}",
            dim_name(dim),
            dim_name(desc.dim)
        ));
    }
    if desc.count < count {
        return bad(format!(
            "the shader declares an array of {count} textures, but the image spec gives {} (add `count={count}`)",
            desc.count
        ));
    }
    if texel.shader_type() != desc.format.kind().shader_type() {
        return bad(format!(
            "the shader reads {} texels, but `{}` holds {} ones",
            texel.shader_type(),
            desc.format.name(),
            desc.format.kind().shader_type()
        ));
    }
    if arrayed && dim == TextureDim::Cube && desc.layers % 6 != 0 {
        return bad("a cube array needs a multiple of 6 layers".into());
    }
    let limits = &p.limits;
    let max = match desc.dim {
        TextureDim::D1 => limits.max_image_dimension1_d,
        TextureDim::D2 => limits.max_image_dimension2_d,
        TextureDim::D3 => limits.max_image_dimension3_d,
        TextureDim::Cube => limits.max_image_dimension_cube,
    };
    if desc.size.iter().any(|&s| s > max) {
        return bad(format!("a size of {:?} is more than the device's {max}", desc.size));
    }
    if desc.layers > limits.max_image_array_layers {
        return bad(format!("{} layers is more than the device's {}", desc.layers, limits.max_image_array_layers));
    }
    // SAFETY: a query on a physical device of this instance.
    let props = unsafe { instance.get_physical_device_format_properties(p.pd, vk_format(desc.format)) };
    let needed = if storage { vk::FormatFeatureFlags::STORAGE_IMAGE } else { vk::FormatFeatureFlags::SAMPLED_IMAGE };
    if !props.optimal_tiling_features.contains(needed) {
        let what = if storage { "a storage image" } else { "a sampled image" };
        // VK_EXT_shader_image_atomic_int64 requires no format of its own: a device may have
        // the extension and not the 64-bit formats (lavapipe of Mesa 22.3 can only blit them).
        if desc.format.is_64bit() {
            return Err(RunError::MissingFeature(format!(
                "the image at set {set}, binding {binding}: `{}` (VK_FORMAT_{}) cannot be {what} on `{}`",
                desc.format.name(),
                if desc.format == Format::R64ui { "R64_UINT" } else { "R64_SINT" },
                p.info.name
            )));
        }
        return bad(format!("`{}` cannot be {what} on `{}`", desc.format.name(), p.info.name));
    }
    Ok(())
}

/// The images of one binding, their views, and the staging buffer holding their texels.
pub(super) struct BoundImage {
    pub desc: ImageDesc,
    pub images: Vec<vk::Image>,
    pub views: Vec<vk::ImageView>,
    pub staging: vk::Buffer,
    pub ptr: *mut u8,
}

/// Creates `desc.count` images filled from `data` (through a staging buffer, copied when the
/// command buffer runs) and views of each as the shader declares them.
/// The view shape of an image as its spec gives it (for a combined image sampler whose image
/// the shader does not read: the descriptor still holds one).
pub(super) fn declared_shape(desc: &ImageDesc) -> (TextureDim, bool) {
    let per_element = if desc.dim == TextureDim::Cube { 6 } else { 1 };
    (desc.dim, desc.layers > per_element)
}

pub(super) fn create_image(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    desc: &ImageDesc,
    data: &[u8],
    (storage, dim, arrayed): (bool, TextureDim, bool),
) -> Result<BoundImage, RunError> {
    let device = s.device().clone();
    let (staging, ptr) = host_buffer(
        s,
        mem_props,
        desc.total_bytes().max(4) as u64,
        vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST,
    )?;
    // SAFETY: the mapping holds at least `total_bytes` bytes; the caller checked `data`'s size.
    unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, data.len().min(desc.total_bytes())) };
    let image_type = match desc.dim {
        TextureDim::D1 => vk::ImageType::TYPE_1D,
        TextureDim::D2 | TextureDim::Cube => vk::ImageType::TYPE_2D,
        TextureDim::D3 => vk::ImageType::TYPE_3D,
    };
    let flags = if desc.dim == TextureDim::Cube {
        vk::ImageCreateFlags::CUBE_COMPATIBLE
    } else {
        vk::ImageCreateFlags::empty()
    };
    let usage = vk::ImageUsageFlags::TRANSFER_SRC
        | vk::ImageUsageFlags::TRANSFER_DST
        | if storage { vk::ImageUsageFlags::STORAGE } else { vk::ImageUsageFlags::SAMPLED };
    let format = vk_format(desc.format);
    let mut images = Vec::new();
    let mut views = Vec::new();
    for _ in 0..desc.count {
        let info = vk::ImageCreateInfo::default()
            .flags(flags)
            .image_type(image_type)
            .format(format)
            .extent(vk::Extent3D { width: desc.size[0], height: desc.size[1], depth: desc.size[2] })
            .mip_levels(desc.mips)
            .array_layers(desc.layers)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // SAFETY: objects of this device, recorded in `s` as soon as they exist.
        let image = unsafe { device.create_image(&info, None) }.map_err(vk_err("vkCreateImage"))?;
        s.images.push(image);
        let req = unsafe { device.get_image_memory_requirements(image) };
        let alloc = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(device_memory_type(mem_props, req.memory_type_bits)?);
        let memory = unsafe { device.allocate_memory(&alloc, None) }.map_err(vk_err("vkAllocateMemory"))?;
        s.memories.push(memory);
        unsafe { device.bind_image_memory(image, memory, 0) }.map_err(vk_err("vkBindImageMemory"))?;
        let layers = match (dim, arrayed) {
            (TextureDim::Cube, false) => 6,
            (_, false) => 1,
            (TextureDim::Cube, true) => desc.layers / 6 * 6,
            (_, true) => desc.layers,
        };
        let range = vk::ImageSubresourceRange::default()
            .aspect_mask(aspect(desc.format))
            .base_mip_level(0)
            .level_count(if storage { 1 } else { desc.mips })
            .base_array_layer(0)
            .layer_count(layers);
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(view_type(dim, arrayed))
            .format(format)
            .subresource_range(range);
        let view = unsafe { device.create_image_view(&view_info, None) }.map_err(vk_err("vkCreateImageView"))?;
        s.views.push(view);
        images.push(image);
        views.push(view);
    }
    Ok(BoundImage { desc: *desc, images, views, staging, ptr })
}

/// `count` samplers of state `d`. Integer textures read the border as 0 or 1, float ones as
/// 0.0 or 1.0; the border colors are the float ones (a shader reads integer textures with
/// `Load` and gathers, which the border does not reach).
pub(super) fn create_samplers(s: &mut Session, d: &SamplerDesc, count: u32) -> Result<Vec<vk::Sampler>, RunError> {
    let filter = |f: Filter| match f {
        Filter::Nearest => vk::Filter::NEAREST,
        Filter::Linear => vk::Filter::LINEAR,
    };
    let address = |a: Address| match a {
        Address::Wrap => vk::SamplerAddressMode::REPEAT,
        Address::Mirror => vk::SamplerAddressMode::MIRRORED_REPEAT,
        Address::Clamp => vk::SamplerAddressMode::CLAMP_TO_EDGE,
        Address::Border => vk::SamplerAddressMode::CLAMP_TO_BORDER,
        Address::MirrorOnce => vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE,
    };
    let compare = |c: CompareOp| match c {
        CompareOp::Never => vk::CompareOp::NEVER,
        CompareOp::Less => vk::CompareOp::LESS,
        CompareOp::Equal => vk::CompareOp::EQUAL,
        CompareOp::LessEqual => vk::CompareOp::LESS_OR_EQUAL,
        CompareOp::Greater => vk::CompareOp::GREATER,
        CompareOp::NotEqual => vk::CompareOp::NOT_EQUAL,
        CompareOp::GreaterEqual => vk::CompareOp::GREATER_OR_EQUAL,
        CompareOp::Always => vk::CompareOp::ALWAYS,
    };
    let border = match d.border {
        Border::TransparentBlack => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
        Border::OpaqueBlack => vk::BorderColor::FLOAT_OPAQUE_BLACK,
        Border::OpaqueWhite => vk::BorderColor::FLOAT_OPAQUE_WHITE,
    };
    let info = vk::SamplerCreateInfo::default()
        .mag_filter(filter(d.mag))
        .min_filter(filter(d.min))
        .mipmap_mode(match d.mip {
            Filter::Nearest => vk::SamplerMipmapMode::NEAREST,
            Filter::Linear => vk::SamplerMipmapMode::LINEAR,
        })
        .address_mode_u(address(d.address[0]))
        .address_mode_v(address(d.address[1]))
        .address_mode_w(address(d.address[2]))
        .mip_lod_bias(d.lod_bias)
        .compare_enable(d.compare.is_some())
        .compare_op(d.compare.map_or(vk::CompareOp::NEVER, compare))
        .min_lod(d.min_lod)
        .max_lod(d.max_lod)
        .border_color(border)
        .unnormalized_coordinates(false);
    let device = s.device().clone();
    let mut out = Vec::new();
    for _ in 0..count {
        // SAFETY: a sampler of this device, recorded in `s` at once.
        let sampler = unsafe { device.create_sampler(&info, None) }.map_err(vk_err("vkCreateSampler"))?;
        s.samplers.push(sampler);
        out.push(sampler);
    }
    Ok(out)
}

/// The buffer ↔ image copy regions of one image of `desc`: one per level, every layer.
fn regions(desc: &ImageDesc, element: u32) -> Vec<vk::BufferImageCopy> {
    (0..desc.mips)
        .map(|m| {
            let [w, h, d] = desc.level_size(m);
            vk::BufferImageCopy::default()
                .buffer_offset(desc.level_offset(element, m) as u64)
                .image_subresource(
                    vk::ImageSubresourceLayers::default()
                        .aspect_mask(aspect(desc.format))
                        .mip_level(m)
                        .base_array_layer(0)
                        .layer_count(desc.layers),
                )
                .image_extent(vk::Extent3D { width: w, height: h, depth: d })
        })
        .collect()
}

fn transition(
    device: &ash::Device,
    cb: vk::CommandBuffer,
    images: &[&BoundImage],
    (from, to): (vk::ImageLayout, vk::ImageLayout),
    (src_access, dst_access): (vk::AccessFlags, vk::AccessFlags),
    (src_stage, dst_stage): (vk::PipelineStageFlags, vk::PipelineStageFlags),
) {
    let barriers: Vec<vk::ImageMemoryBarrier> = images
        .iter()
        .flat_map(|b| b.images.iter().map(move |&image| (b, image)))
        .map(|(b, image)| {
            vk::ImageMemoryBarrier::default()
                .src_access_mask(src_access)
                .dst_access_mask(dst_access)
                .old_layout(from)
                .new_layout(to)
                .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .image(image)
                .subresource_range(
                    vk::ImageSubresourceRange::default()
                        .aspect_mask(aspect(b.desc.format))
                        .level_count(b.desc.mips)
                        .layer_count(b.desc.layers),
                )
        })
        .collect();
    if barriers.is_empty() {
        return;
    }
    // SAFETY: recording into a command buffer in the recording state, images of this device.
    unsafe {
        device.cmd_pipeline_barrier(cb, src_stage, dst_stage, vk::DependencyFlags::empty(), &[], &[], &barriers);
    }
}

/// Before the dispatch: every image filled from its staging buffer, then in `GENERAL` layout
/// for the shader.
pub(super) fn record_upload(device: &ash::Device, cb: vk::CommandBuffer, images: &[&BoundImage]) {
    transition(
        device,
        cb,
        images,
        (vk::ImageLayout::UNDEFINED, vk::ImageLayout::TRANSFER_DST_OPTIMAL),
        (vk::AccessFlags::empty(), vk::AccessFlags::TRANSFER_WRITE),
        (vk::PipelineStageFlags::TOP_OF_PIPE, vk::PipelineStageFlags::TRANSFER),
    );
    for b in images {
        for (e, &image) in b.images.iter().enumerate() {
            // SAFETY: as in `transition`.
            unsafe {
                device.cmd_copy_buffer_to_image(
                    cb,
                    b.staging,
                    image,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &regions(&b.desc, e as u32),
                )
            };
        }
    }
    transition(
        device,
        cb,
        images,
        (vk::ImageLayout::TRANSFER_DST_OPTIMAL, vk::ImageLayout::GENERAL),
        (vk::AccessFlags::TRANSFER_WRITE, vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE),
        (vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::COMPUTE_SHADER),
    );
}

/// After the dispatch: every image copied back to its staging buffer, visible to the host.
pub(super) fn record_readback(device: &ash::Device, cb: vk::CommandBuffer, images: &[&BoundImage]) {
    if images.is_empty() {
        return;
    }
    transition(
        device,
        cb,
        images,
        (vk::ImageLayout::GENERAL, vk::ImageLayout::TRANSFER_SRC_OPTIMAL),
        (vk::AccessFlags::SHADER_WRITE, vk::AccessFlags::TRANSFER_READ),
        (vk::PipelineStageFlags::COMPUTE_SHADER, vk::PipelineStageFlags::TRANSFER),
    );
    for b in images {
        for (e, &image) in b.images.iter().enumerate() {
            // SAFETY: as in `transition`.
            unsafe {
                device.cmd_copy_image_to_buffer(
                    cb,
                    image,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    b.staging,
                    &regions(&b.desc, e as u32),
                )
            };
        }
    }
    let barrier = [vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
        .dst_access_mask(vk::AccessFlags::HOST_READ)];
    // SAFETY: as in `transition`.
    unsafe {
        device.cmd_pipeline_barrier(
            cb,
            vk::PipelineStageFlags::TRANSFER,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &barrier,
            &[],
            &[],
        );
    }
}
