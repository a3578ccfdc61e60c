//! The kernel's parameters: what a launcher passes, in order. One pointer per resource in
//! [`crate::ir::bindings`] order (set, then binding), each buffer followed by its element count,
//! then the push constants. The CUDA engine (`crate::testing`) and the writer both read this.

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
    /// A resource the kernel cannot use (a texture or sampler): a null pointer keeps the order.
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
                let Type::Resource(kind, elem) = &global.ty else { continue };
                let name = global.name.clone();
                if kind.is_texture() || kind.is_sampler() {
                    params.push(Param { kind: ParamKind::Unused, name });
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
