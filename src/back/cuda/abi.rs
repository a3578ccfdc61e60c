//! The kernel's parameters: what a launcher passes, in order. One per resource in
//! [`crate::ir::bindings`] order (set, then binding): a pointer for a buffer, followed by its
//! element count, an image or a sampler by value for a texture or a sampler; then the push
//! constants. The CUDA engine (`crate::testing`) and the writer both read this.

use crate::ir::bindings::{bindings, Slot};
use crate::ir::{AddressSpace, Module, ResourceKind, Type};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A device pointer to the buffer at (set, binding): a structured, typed or byte-address
    /// buffer, a `cbuffer`/`ConstantBuffer<T>`/`$Globals` block, or a hidden counter.
    Pointer { set: u32, binding: u32 },
    /// `unsigned`: the buffer's length in elements of `stride` bytes (`GetDimensions`); for
    /// a byte-address buffer, in bytes (`stride` 1).
    Count { set: u32, binding: u32, stride: u32 },
    /// A device pointer to the push-constant block (the entry point's `uniform` values).
    Push,
    /// A texture (`wavec::Image`, by value: its texels' device pointer and its shape), or an
    /// array of them (a device pointer to `wavec::Image`s).
    Image { set: u32, binding: u32, array: bool },
    /// A sampler (`wavec::Sampler`, by value: its state), or an array of them (a device pointer).
    Sampler { set: u32, binding: u32, array: bool },
    /// A resource the kernel cannot use: a null pointer keeps the order.
    Unused,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    pub kind: ParamKind,
    /// The parameter's name in the kernel (before renaming for C++).
    pub name: String,
}

/// A kernel's name: the entry point's, unless C++ reserves it (`main`).
pub fn kernel_name(entry: &str) -> String {
    if super::is_reserved(entry) {
        format!("{entry}_kernel")
    } else {
        entry.to_string()
    }
}

/// Every parameter of the kernel of entry point `entry`, in order.
pub fn kernel_abi(module: &Module, entry: usize) -> Vec<Param> {
    let mut list = bindings(module, entry);
    list.sort_by_key(|b| (b.set, b.binding));
    let mut params = Vec::new();
    for b in &list {
        let (set, binding) = (b.set, b.binding);
        match b.slot {
            Slot::Global(g) => {
                let global = &module.globals[g];
                let name = global.name.clone();
                let (ty, array) = match &global.ty {
                    Type::Array(e, _) => (&**e, true),
                    t => (t, false),
                };
                let Type::Resource(kind, elem) = ty else { continue };
                if kind.is_texture() {
                    params.push(Param { kind: ParamKind::Image { set, binding, array }, name });
                    continue;
                }
                if kind.is_sampler() {
                    params.push(Param { kind: ParamKind::Sampler { set, binding, array }, name });
                    continue;
                }
                if array {
                    continue;
                }
                params.push(Param { kind: ParamKind::Pointer { set, binding }, name: name.clone() });
                if *kind == ResourceKind::ConstantBuffer {
                    continue;
                }
                let stride = if kind.is_byte_address() {
                    1
                } else {
                    let elem = elem.as_deref().cloned().unwrap_or(Type::UINT);
                    crate::layout::array_stride(module, &elem, crate::layout::Rule::Scalar, global.majorness)
                };
                params.push(Param { kind: ParamKind::Count { set, binding, stride }, name: format!("{name}_count") });
            }
            Slot::Cbuffer(i) => {
                params.push(Param { kind: ParamKind::Pointer { set, binding }, name: module.cbuffers[i].name.clone() })
            }
            Slot::LooseUniforms => {
                params.push(Param { kind: ParamKind::Pointer { set, binding }, name: "globals".into() })
            }
            Slot::Counter(g) => params.push(Param {
                kind: ParamKind::Pointer { set, binding },
                name: format!("{}_counter", module.globals[g].name),
            }),
        }
    }
    if module.globals.iter().any(|(_, g)| g.space == AddressSpace::PushConstant) {
        params.push(Param { kind: ParamKind::Push, name: "push".into() });
    }
    params
}

/// The shape words of a `wavec::Image` after its texels' pointer: format (its place in the
/// table of [`crate::image::Format`]), width, height, depth, layers, mips, count.
pub fn image_shape(d: &crate::image::ImageDesc) -> [u32; 7] {
    [d.format.code(), d.size[0], d.size[1], d.size[2], d.layers, d.mips, d.count]
}

/// A `wavec::Sampler`'s bytes: the mag, min and mip filters, the three address modes, the
/// border color, the compare op (0 for none), then the LOD bias, minimum and maximum.
pub fn sampler_bytes(s: &crate::image::SamplerDesc) -> Vec<u8> {
    use crate::image::{Address, Border, CompareOp, Filter};
    let filter = |f: Filter| (f == Filter::Linear) as u32;
    let address = |a: Address| match a {
        Address::Wrap => 0,
        Address::Mirror => 1,
        Address::Clamp => 2,
        Address::Border => 3,
        Address::MirrorOnce => 4,
    };
    let border = match s.border {
        Border::TransparentBlack => 0,
        Border::OpaqueBlack => 1,
        Border::OpaqueWhite => 2,
    };
    let compare = s.compare.map_or(0, |op| {
        1 + [
            CompareOp::Never,
            CompareOp::Less,
            CompareOp::Equal,
            CompareOp::LessEqual,
            CompareOp::Greater,
            CompareOp::NotEqual,
            CompareOp::GreaterEqual,
            CompareOp::Always,
        ]
        .iter()
        .position(|&o| o == op)
        .unwrap_or(0) as u32
    });
    let words = [
        filter(s.mag),
        filter(s.min),
        filter(s.mip),
        address(s.address[0]),
        address(s.address[1]),
        address(s.address[2]),
        border,
        compare,
        s.lod_bias.to_bits(),
        s.min_lod.to_bits(),
        s.max_lod.to_bits(),
    ];
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use crate::image::{Format, NumKind};

    /// The numbers in the prelude's `NAME[N] = {…}` table.
    fn prelude_table(name: &str) -> Vec<u32> {
        let text = super::super::PRELUDE;
        let at = text.find(&format!("{name}[")).unwrap_or_else(|| panic!("no {name} in the prelude"));
        let rest = &text[at..];
        let len: usize = rest[name.len() + 1..rest.find(']').unwrap()].parse().unwrap();
        let body = &rest[rest.find('{').unwrap() + 1..rest.find('}').unwrap()];
        let numbers: Vec<u32> = body.split(',').map(|n| n.trim().parse().unwrap()).collect();
        assert_eq!(numbers.len(), len, "{name}");
        numbers
    }

    /// The prelude's software sampler decodes texels by format code: its tables must say what
    /// `crate::image::Format` says of each code.
    #[test]
    fn prelude_format_tables_match_the_formats() {
        let (channels, widths, kinds) =
            (prelude_table("format_channels"), prelude_table("format_widths"), prelude_table("format_kind"));
        let n = Format::names().len();
        assert_eq!((channels.len(), widths.len(), kinds.len()), (n, 4 * n, n));
        for name in Format::names() {
            let f = Format::from_name(name).unwrap();
            let c = f.code() as usize;
            assert_eq!(channels[c], f.channels() as u32, "{name}");
            assert_eq!(widths[4 * c..4 * c + 4], f.channel_bits().map(u32::from), "{name}");
            let kind = match f.kind() {
                NumKind::Float => 0,
                NumKind::Unorm => 1,
                NumKind::Snorm => 2,
                NumKind::Uint => 3,
                NumKind::Sint => 4,
            };
            assert_eq!(kinds[c], kind, "{name}");
        }
        assert_eq!(n, 43);
    }
}
