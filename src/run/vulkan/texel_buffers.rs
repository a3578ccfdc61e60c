//! Typed buffers (`Buffer<T>`, `RWBuffer<T>`): texel buffers, a host-visible buffer seen
//! through a `VkBufferView` of one format.
//!
//! The view's format comes from the supplied spec when it is a one-dimensional `image:` spec,
//! else from the storage format the shader declares (a plain data spec: its bytes are the
//! texels). A uniform texel buffer declares no format, so it needs the `image:` spec.

use super::*;
use crate::image::{Format, NumKind};
use crate::ir::TextureDim;

/// The format of the view of texel buffer `supplied`, checked against the declaration and
/// the device.
pub(super) fn view_format(
    instance: &ash::Instance,
    p: &Probe,
    supplied: &super::super::BufferInit,
    (storage, texel, declared): (bool, NumKind, Option<Format>),
) -> Result<Format, RunError> {
    let (set, binding) = (supplied.set, supplied.binding);
    let bad =
        |why: String| Err(RunError::BadBinding(format!("the typed buffer at set {set}, binding {binding}: {why}")));
    let format = match (&supplied.kind, declared) {
        (BufferKind::Image(desc), _) => {
            if desc.dim != TextureDim::D1 || desc.layers != 1 || desc.mips != 1 || desc.count != 1 {
                return bad(
                    "a typed buffer takes a one-dimensional `image:FORMAT:N:…` spec (no layers, mips or count)".into(),
                );
            }
            if let Some(d) = declared.filter(|&d| d != desc.format) {
                return bad(format!(
                    "the shader declares `{}` texels, but the spec gives `{}`",
                    d.name(),
                    desc.format.name()
                ));
            }
            desc.format
        }
        (BufferKind::Storage, Some(d)) => {
            if supplied.data.len() % d.texel_bytes() != 0 {
                return bad(format!(
                    "{} bytes are not a whole number of `{}` texels ({} bytes each)",
                    supplied.data.len(),
                    d.name(),
                    d.texel_bytes()
                ));
            }
            d
        }
        (kind, _) => {
            return bad(format!(
                "a {kind} was supplied; the shader declares no texel format, so give one with an \
                 `image:FORMAT:N:…` spec (e.g. `image:rgba32f:64:random:1`)"
            ))
        }
    };
    if texel.shader_type() != format.kind().shader_type() {
        return bad(format!(
            "the shader reads {} texels, but `{}` holds {} ones",
            texel.shader_type(),
            format.name(),
            format.kind().shader_type()
        ));
    }
    let texels = supplied.data.len() / format.texel_bytes();
    if texels as u64 > u64::from(p.limits.max_texel_buffer_elements) {
        return bad(format!("{texels} texels is more than the device's {}", p.limits.max_texel_buffer_elements));
    }
    // SAFETY: a query on a physical device of this instance.
    let props = unsafe { instance.get_physical_device_format_properties(p.pd, images::vk_format(format)) };
    let needed = if storage {
        vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER
    } else {
        vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER
    };
    if !props.buffer_features.contains(needed) {
        let what = if storage { "a storage texel buffer" } else { "a uniform texel buffer" };
        // As for images (`images::check_image`): the 64-bit formats are a device's to have.
        if format.is_64bit() {
            return Err(RunError::MissingFeature(format!("`{}` cannot be {what} on `{}`", format.name(), p.info.name)));
        }
        return bad(format!("`{}` cannot be {what} on `{}`", format.name(), p.info.name));
    }
    Ok(format)
}

/// The buffer and view of a texel buffer holding `data`, recorded in `s`; the buffer's
/// mapping.
pub(super) fn create(
    s: &mut Session,
    mem_props: &vk::PhysicalDeviceMemoryProperties,
    data: &[u8],
    format: Format,
    storage: bool,
) -> Result<(vk::BufferView, *mut u8), RunError> {
    let usage =
        if storage { vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER } else { vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER };
    let size = data.len().max(format.texel_bytes()) as u64;
    let (buffer, ptr) = host_buffer(s, mem_props, size, usage)?;
    // SAFETY: the mapping covers at least `size >= data.len()` bytes; the view covers the
    // whole buffer, a whole number of texels (checked by `view_format`); both are recorded
    // in `s` for teardown.
    unsafe {
        std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, data.len());
        let info = vk::BufferViewCreateInfo::default()
            .buffer(buffer)
            .format(images::vk_format(format))
            .offset(0)
            .range(vk::WHOLE_SIZE);
        let view = s.device().create_buffer_view(&info, None).map_err(vk_err("vkCreateBufferView"))?;
        s.buffer_views.push(view);
        Ok((view, ptr))
    }
}
