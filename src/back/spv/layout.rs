//! Memory layouts of buffer contents: std430 (storage buffers) and std140 (uniform buffers).
//!
//! Sizes and alignments follow the Vulkan spec's "Offset and Stride Assignment" for the two
//! standard layouts. An HLSL `floatRxC` is R SPIR-V columns of C components (see the module
//! docs), so a matrix is laid out as an array of R vectors of C components. `bool` is stored as
//! a 32-bit `uint` (Vulkan has no boolean in memory).

use crate::ir::{Module, Scalar, Type};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layout {
    /// Not in memory that the host sees: no explicit layout decorations.
    Logical,
    /// Storage buffers.
    Std430,
    /// Uniform buffers: arrays and structs are aligned to 16 bytes.
    Std140,
}

fn scalar_size(s: Scalar) -> u32 {
    match s {
        Scalar::Bool => 4,
        other => other.bits() / 8,
    }
}

fn round_up(x: u32, a: u32) -> u32 {
    x.div_ceil(a) * a
}

/// `(size, alignment)` of `ty` in `layout` (not `Logical`).
pub fn size_align(module: &Module, ty: &Type, layout: Layout) -> (u32, u32) {
    match ty {
        Type::Scalar(s) => (scalar_size(*s), scalar_size(*s)),
        Type::Vector(s, n) => {
            let e = scalar_size(*s);
            let align = if *n == 2 { 2 * e } else { 4 * e };
            (e * *n as u32, align)
        }
        Type::Matrix(s, r, c) => {
            let stride = matrix_stride(*s, *c, layout);
            (stride * *r as u32, stride)
        }
        Type::Array(e, n) => {
            let stride = array_stride(module, e, layout);
            let (_, a) = size_align(module, e, layout);
            let align = if layout == Layout::Std140 { round_up(a, 16) } else { a };
            (stride * n.unwrap_or(1), align)
        }
        Type::Struct(h) => {
            let mut offset = 0;
            let mut align = 1;
            for f in &module.structs[*h].fields {
                let (s, a) = size_align(module, &f.ty, layout);
                offset = round_up(offset, a) + s;
                align = align.max(a);
            }
            if layout == Layout::Std140 {
                align = round_up(align, 16);
            }
            (round_up(offset, align), align)
        }
        _ => (4, 4),
    }
}

/// Byte offset of each field of struct `fields`.
pub fn field_offsets(module: &Module, fields: &[crate::ir::Field], layout: Layout) -> Vec<u32> {
    let mut offset = 0;
    fields
        .iter()
        .map(|f| {
            let (s, a) = size_align(module, &f.ty, layout);
            let at = round_up(offset, a);
            offset = at + s;
            at
        })
        .collect()
}

/// The `ArrayStride` of an array of `elem`.
pub fn array_stride(module: &Module, elem: &Type, layout: Layout) -> u32 {
    let (s, a) = size_align(module, elem, layout);
    let stride = round_up(s, a);
    if layout == Layout::Std140 {
        round_up(stride, 16)
    } else {
        stride
    }
}

/// The `MatrixStride` of a matrix whose SPIR-V columns have `c` components.
pub fn matrix_stride(s: Scalar, c: u8, layout: Layout) -> u32 {
    let e = scalar_size(s);
    let v = if c == 2 { 2 * e } else { 4 * e };
    if layout == Layout::Std140 {
        round_up(v, 16)
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std430_and_std140_sizes() {
        let m = Module::default();
        let f3 = Type::Vector(Scalar::F32, 3);
        assert_eq!(size_align(&m, &f3, Layout::Std430), (12, 16));
        assert_eq!(array_stride(&m, &Type::FLOAT, Layout::Std430), 4);
        assert_eq!(array_stride(&m, &Type::FLOAT, Layout::Std140), 16);
        assert_eq!(array_stride(&m, &f3, Layout::Std430), 16);
        assert_eq!(size_align(&m, &Type::Matrix(Scalar::F32, 3, 4), Layout::Std430), (48, 16));
    }
}
