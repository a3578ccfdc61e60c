//! Memory layouts of the data a host sees: buffer contents, byte for byte as DXC lays them out.
//!
//! One module answers "where does this value live" for the SPIR-V writer (its `Offset`,
//! `ArrayStride` and `MatrixStride` decorations), the CPU engine (which reads and writes the
//! same bytes) and reflection. The rules follow DXC's SPIR-V backend
//! (`AlignmentSizeCalculator.cpp`, `docs/SPIR-V.rst` "Memory layout rules"), checked against
//! the offsets its tests expect:
//!
//! | [`Rule`] | sizes and alignments |
//! |---|---|
//! | `Std430` | Vulkan's std430: a vector aligns to 2 or 4 elements, an array or struct to its largest member |
//! | `Std140` | std430, with arrays, array strides, matrix strides and structs rounded up to 16 |
//! | `RelaxedStd430`, `RelaxedStd140` | the same, except that a vector *struct member* aligns to its element when it does not then straddle a 16-byte boundary (DXC's default; Vulkan 1.1's relaxed block layout) |
//! | `D3dCbuffer` | D3D's cbuffer packing (fxc): 16-byte rows that no scalar or vector straddles; arrays, structs and matrices start a row; an array element is a row; a struct's or array's unused tail is *not* padding, so the next value may use it |
//! | `D3dStructured` | D3D's structured buffers: natural C layout (every alignment is the element's) |
//! | `Scalar` | `VK_EXT_scalar_block_layout`: the same as `D3dStructured` |
//!
//! Which buffers get which rule is [`LayoutMode`] (DXC's `-fvk-use-gl-layout`,
//! `-fvk-use-dx-layout`, `-fvk-use-scalar-layout`):
//!
//! | mode | `cbuffer`, `ConstantBuffer<T>`, `$Globals` | structured and byte-address buffers |
//! |---|---|---|
//! | `Dxc` (default) | `RelaxedStd140` | `RelaxedStd430` |
//! | `Gl` | `Std140` | `Std430` |
//! | `Dx` | `D3dCbuffer` | `D3dStructured` |
//! | `Scalar` | `Scalar` | `Scalar` |
//!
//! Matrices: HLSL's `floatRxC` is stored as C *columns* of R components (`column_major`, the
//! default) or R *rows* of C components (`row_major`); each of those storage vectors is aligned
//! as a vector of its length and the distance between them is the matrix stride:
//! `m[r][c]` lives at `c·stride + r·e` (column-major) or `r·stride + c·e` (row-major), `e` the
//! element size. A matrix with one row or one column is a plain vector in every rule but
//! `D3dCbuffer`. `bool` occupies 4 bytes everywhere (Vulkan has no boolean in memory); 16-bit
//! types occupy 2. groupshared memory, locals and statics have no host-visible layout.

use crate::ir::{Majorness, Module, Scalar, StructId, Type};

/// How memory a pointer points to is laid out: Slang's default for pointers, the scalar (C-like)
/// layout, every value aligned to its scalars (a `float3x4`'s columns 12 bytes apart).
pub const POINTEE: Rule = Rule::Scalar;

/// A set of size, alignment and stride rules (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    Std140,
    Std430,
    RelaxedStd140,
    RelaxedStd430,
    D3dCbuffer,
    D3dStructured,
    Scalar,
}

impl Rule {
    /// std140's rounding of arrays, structs and matrix strides to 16 bytes.
    fn rows_of_16(self) -> bool {
        matches!(self, Rule::Std140 | Rule::RelaxedStd140 | Rule::D3dCbuffer)
    }
    /// Vectors align to their element (then the 16-byte straddle rule, where it applies).
    fn element_aligned_vectors(self) -> bool {
        matches!(self, Rule::D3dCbuffer | Rule::D3dStructured | Rule::Scalar)
    }
    /// A vector member may not straddle a 16-byte boundary (DXC's relaxed rules, fxc's rows).
    fn no_straddle(self) -> bool {
        matches!(self, Rule::RelaxedStd140 | Rule::RelaxedStd430 | Rule::D3dCbuffer)
    }
    pub fn name(self) -> &'static str {
        match self {
            Rule::Std140 => "std140",
            Rule::Std430 => "std430",
            Rule::RelaxedStd140 => "relaxed std140",
            Rule::RelaxedStd430 => "relaxed std430",
            Rule::D3dCbuffer => "D3D cbuffer",
            Rule::D3dStructured => "D3D structured",
            Rule::Scalar => "scalar",
        }
    }
}

/// Which [`Rule`] each kind of buffer gets (`--layout`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LayoutMode {
    /// DXC's default: relaxed std140 for uniform buffers, relaxed std430 for storage buffers.
    #[default]
    Dxc,
    /// Strict std140 / std430 (`-fvk-use-gl-layout`).
    Gl,
    /// D3D's cbuffer packing and natural structured-buffer layout (`-fvk-use-dx-layout`).
    Dx,
    /// Scalar block layout for every buffer (`-fvk-use-scalar-layout`).
    Scalar,
}

impl LayoutMode {
    /// `dxc` (or `default`), `gl`, `dx`, `scalar`.
    pub fn from_name(name: &str) -> Option<LayoutMode> {
        Some(match name {
            "dxc" | "default" => LayoutMode::Dxc,
            "gl" => LayoutMode::Gl,
            "dx" => LayoutMode::Dx,
            "scalar" => LayoutMode::Scalar,
            _ => return None,
        })
    }
    /// The rule of `cbuffer`s, `ConstantBuffer<T>` and `$Globals`.
    pub fn uniform(self) -> Rule {
        match self {
            LayoutMode::Dxc => Rule::RelaxedStd140,
            LayoutMode::Gl => Rule::Std140,
            LayoutMode::Dx => Rule::D3dCbuffer,
            LayoutMode::Scalar => Rule::Scalar,
        }
    }
    /// The rule of structured, byte-address and other storage buffers.
    pub fn storage(self) -> Rule {
        match self {
            LayoutMode::Dxc => Rule::RelaxedStd430,
            LayoutMode::Gl => Rule::Std430,
            LayoutMode::Dx => Rule::D3dStructured,
            LayoutMode::Scalar => Rule::Scalar,
        }
    }
    /// Whether a Vulkan device needs `scalarBlockLayout` for these layouts (DXC's docs: the dx
    /// and scalar layouts do).
    pub fn needs_scalar_block_layout(self) -> bool {
        matches!(self, LayoutMode::Dx | LayoutMode::Scalar)
    }
}

/// Size and alignment of a value in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub size: u32,
    pub align: u32,
}

/// How a matrix is stored: `vectors` storage vectors (columns when column-major) of `length`
/// elements, `stride` bytes apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixPlacement {
    pub vectors: u32,
    pub length: u32,
    pub stride: u32,
    pub size: u32,
    pub align: u32,
}

pub fn round_up(x: u32, to: u32) -> u32 {
    x.div_ceil(to.max(1)) * to.max(1)
}

/// Bytes of one element in memory (`bool` is a 32-bit word).
pub fn scalar_size(s: Scalar) -> u32 {
    match s {
        Scalar::Bool => 4,
        other => other.bits() / 8,
    }
}

/// Whether DXC treats a type as a vector when placing a member (`vecN`, `1xN`, `Nx1`).
fn vector_like(ty: &Type) -> Option<(Scalar, u32)> {
    match ty {
        Type::Vector(s, n) => Some((*s, *n as u32)),
        // A descriptor handle is placed as its `uint2`.
        Type::Pointer(_) if ty.handle_resource().is_some() => Some((Scalar::U32, 2)),
        Type::Matrix(s, r, c) if (*r == 1) != (*c == 1) => Some((*s, (*r).max(*c) as u32)),
        _ => None,
    }
}

fn vector(s: Scalar, n: u32, rule: Rule) -> Placement {
    let e = scalar_size(s);
    let align = if rule.element_aligned_vectors() { e } else { e * if n == 3 { 4 } else { n } };
    Placement { size: e * n, align }
}

/// The storage of a `R×C` matrix of `s` with `majorness` under `rule` (`None` for a matrix that
/// is stored as a plain vector or scalar: one row or one column).
pub fn matrix(s: Scalar, r: u8, c: u8, majorness: Majorness, rule: Rule) -> Option<MatrixPlacement> {
    let (r, c) = (r as u32, c as u32);
    let e = scalar_size(s);
    let (length, vectors) = match majorness {
        Majorness::Column => (r, c),
        Majorness::Row => (c, r),
    };
    if rule == Rule::D3dCbuffer && vectors > 1 {
        // Every storage vector starts a 16-byte row; the last one is not padded.
        let a = round_up(e * if length == 3 { 4 } else { length }, 16);
        return Some(MatrixPlacement { vectors, length, stride: a, size: a * (vectors - 1) + length * e, align: a });
    }
    if r == 1 || c == 1 {
        return None;
    }
    if matches!(rule, Rule::D3dStructured | Rule::Scalar) {
        return Some(MatrixPlacement { vectors, length, stride: length * e, size: r * c * e, align: e });
    }
    let mut a = e * if length == 3 { 4 } else { length };
    if rule.rows_of_16() {
        a = round_up(a, 16);
    }
    Some(MatrixPlacement { vectors, length, stride: a, size: vectors * a, align: a })
}

/// Size and alignment of `ty` under `rule`; `majorness` applies to matrices met directly (a
/// struct's fields carry their own).
pub fn placement(m: &Module, ty: &Type, rule: Rule, majorness: Majorness) -> Placement {
    match ty {
        Type::Scalar(s) => {
            let e = scalar_size(*s);
            Placement { size: e, align: e }
        }
        Type::Vector(s, n) => vector(*s, *n as u32, rule),
        Type::Matrix(s, r, c) => match matrix(*s, *r, *c, majorness, rule) {
            Some(mp) => Placement { size: mp.size, align: mp.align },
            None if *r == 1 && *c == 1 => placement(m, &Type::Scalar(*s), rule, majorness),
            None => vector(*s, (*r).max(*c) as u32, rule),
        },
        Type::Array(e, n) => {
            let n = n.unwrap_or(1);
            let elem = placement(m, e, rule, majorness);
            let stride = array_stride(m, e, rule, majorness);
            match rule {
                Rule::D3dStructured | Rule::Scalar => Placement { size: elem.size * n, align: elem.align },
                Rule::D3dCbuffer => {
                    Placement { size: elem.size + stride * n.saturating_sub(1), align: round_up(elem.align, 16) }
                }
                _ => {
                    let align = if rule.rows_of_16() { round_up(elem.align, 16) } else { elem.align };
                    Placement { size: round_up(stride * n, align), align }
                }
            }
        }
        Type::Struct(h) => {
            let (offsets, end, align) = struct_layout(m, *h, rule);
            let _ = offsets;
            let size = if rule == Rule::D3dCbuffer { end } else { round_up(end, align) };
            Placement { size, align }
        }
        // A descriptor handle is placed as its `uint2`.
        Type::Pointer(_) if ty.handle_resource().is_some() => {
            placement(m, &Type::Vector(Scalar::U32, 2), rule, majorness)
        }
        // A device address, as a `uint64_t` (SPIR-V's `PhysicalStorageBuffer64`).
        Type::Pointer(_) => Placement { size: 8, align: 8 },
        _ => Placement { size: 4, align: 4 },
    }
}

/// The `ArrayStride` of an array of `elem`.
pub fn array_stride(m: &Module, elem: &Type, rule: Rule, majorness: Majorness) -> u32 {
    let p = placement(m, elem, rule, majorness);
    let align = if rule.rows_of_16() { round_up(p.align, 16) } else { p.align };
    round_up(p.size, align)
}

/// Where one member goes after `offset`: DXC's relaxed placement of vectors, else alignment.
fn place_member(m: &Module, ty: &Type, rule: Rule, majorness: Majorness, offset: u32) -> (u32, Placement) {
    let p = placement(m, ty, rule, majorness);
    let relaxed_vector = match vector_like(ty) {
        Some((s, _)) if rule.no_straddle() => {
            // A matrix with one row or column is a vector here, but D3D cbuffers store it as a
            // matrix (rows of 16) unless it is a single storage vector.
            let d3d_matrix = rule == Rule::D3dCbuffer
                && matches!(ty, Type::Matrix(..))
                && matches!(ty, Type::Matrix(s2, r, c) if matrix(*s2, *r, *c, majorness, rule).is_some());
            (!d3d_matrix).then_some(s)
        }
        _ => None,
    };
    let Some(elem) = relaxed_vector else {
        return (round_up(offset, p.align), p);
    };
    // Relaxed: the element's alignment (up to 4 bytes), then no straddling of 16 bytes.
    let e = scalar_size(elem);
    let mut at = round_up(offset, if e <= 4 { e } else { p.align });
    let straddles = if p.size <= 16 { at / 16 != (at + p.size - 1) / 16 } else { at % 16 != 0 };
    if straddles {
        at = round_up(at, 16);
    }
    (at, p)
}

/// Each field's offset, the end of the last field and the struct's alignment.
fn struct_layout(m: &Module, h: StructId, rule: Rule) -> (Vec<u32>, u32, u32) {
    let mut offset = 0;
    let mut align = 1;
    let mut offsets = Vec::new();
    for f in &m.structs[h].fields {
        let (at, p) = place_member(m, &f.ty, rule, f.majorness, offset);
        offsets.push(at);
        offset = at + p.size;
        // The struct aligns to its members' own alignments, not their relaxed placements.
        align = align.max(p.align);
    }
    if rule.rows_of_16() {
        align = round_up(align, 16);
    }
    (offsets, offset, align)
}

/// Byte offset of each field of struct `h`.
pub fn field_offsets(m: &Module, h: StructId, rule: Rule) -> Vec<u32> {
    struct_layout(m, h, rule).0
}

/// Offsets of loose members placed one after the other (a `cbuffer`'s variables, `$Globals`),
/// each with its own majorness, as the fields of a struct would be. A member with an explicit
/// offset (`packoffset`) sits there, and the members after it follow the furthest end so far
/// (DXC's rule).
pub fn member_offsets<'t>(
    m: &Module,
    members: impl IntoIterator<Item = (&'t Type, Majorness, Option<u32>)>,
    rule: Rule,
) -> Vec<u32> {
    let mut offset = 0;
    members
        .into_iter()
        .map(|(ty, maj, explicit)| {
            let (at, p) = match explicit {
                Some(at) => (at, placement(m, ty, rule, maj)),
                None => place_member(m, ty, rule, maj, offset),
            };
            offset = offset.max(at + p.size);
            at
        })
        .collect()
}

/// Slang's natural layout, what `sizeof` and `alignof` measure without a data layout: a
/// scalar aligned to its own size (`bool` is one byte, `void` none), vectors, matrices and
/// arrays their elements in a row, a struct its fields in order, each at its alignment. A size
/// is not padded to its alignment (the next value may use the tail); only an array's stride
/// is. `None` for what has no size in memory (resources, runtime-sized arrays).
pub fn natural(m: &Module, ty: &Type) -> Option<Placement> {
    let elements = |e: Placement, n: u32| match n {
        0 => Placement { size: 0, align: e.align },
        n => Placement { size: round_up(e.size, e.align) * (n - 1) + e.size, align: e.align },
    };
    Some(match ty {
        Type::Void => Placement { size: 0, align: 1 },
        Type::Scalar(s) => {
            let e = if *s == Scalar::Bool { 1 } else { s.bits() / 8 };
            Placement { size: e, align: e }
        }
        Type::Vector(s, n) => elements(natural(m, &Type::Scalar(*s))?, *n as u32),
        Type::Matrix(s, r, c) => elements(natural(m, &Type::Scalar(*s))?, *r as u32 * *c as u32),
        Type::Array(e, Some(n)) => elements(natural(m, e)?, *n),
        Type::Struct(h) => {
            let mut at = Placement { size: 0, align: 1 };
            for f in &m.structs[*h].fields {
                let p = natural(m, &f.ty)?;
                at = Placement { size: round_up(at.size, p.align) + p.size, align: at.align.max(p.align) };
            }
            at
        }
        Type::Pointer(_) if ty.handle_resource().is_some() => Placement { size: 8, align: 4 },
        Type::Pointer(_) => Placement { size: 8, align: 8 },
        _ => return None,
    })
}

/// What `sizeof(T, L)` and `alignof(T, L)` measure in a buffer data layout's `rule`: the
/// alignment `rule` gives, and the bytes up to the end of the last component, without the tail
/// padding that only an array's stride adds.
pub fn unpadded(m: &Module, ty: &Type, rule: Rule) -> Placement {
    let p = placement(m, ty, rule, Majorness::Column);
    let size = match ty {
        Type::Struct(h) => struct_layout(m, *h, rule).1,
        Type::Array(e, Some(n)) if *n > 0 => {
            array_stride(m, e, rule, Majorness::Column) * (n - 1) + unpadded(m, e, rule).size
        }
        _ => p.size,
    };
    Placement { size, align: p.align }
}

/// The byte offset and element type of every scalar component of a `ty` stored at `base`, in
/// the order the IR flattens values: vector components in order, matrix elements row by row
/// (`m[0][0], m[0][1], …`), array elements, struct fields.
pub fn components(m: &Module, ty: &Type, rule: Rule, majorness: Majorness, base: u32, out: &mut Vec<(u32, Scalar)>) {
    match ty {
        Type::Scalar(s) => out.push((base, *s)),
        Type::Vector(s, n) => {
            let e = scalar_size(*s);
            out.extend((0..*n as u32).map(|i| (base + i * e, *s)));
        }
        Type::Matrix(s, r, c) => {
            let e = scalar_size(*s);
            let mp = matrix(*s, *r, *c, majorness, rule);
            for i in 0..*r as u32 {
                for j in 0..*c as u32 {
                    let at = match (mp, majorness) {
                        // One row or one column: a plain vector.
                        (None, _) => (i + j) * e,
                        (Some(mp), Majorness::Column) => j * mp.stride + i * e,
                        (Some(mp), Majorness::Row) => i * mp.stride + j * e,
                    };
                    out.push((base + at, *s));
                }
            }
        }
        Type::Array(e, Some(n)) => {
            let stride = array_stride(m, e, rule, majorness);
            for i in 0..*n {
                components(m, e, rule, majorness, base + i * stride, out);
            }
        }
        Type::Struct(h) => {
            let offsets = field_offsets(m, *h, rule);
            for (f, off) in m.structs[*h].fields.iter().zip(offsets) {
                components(m, &f.ty, rule, f.majorness, base + off, out);
            }
        }
        // An address, stored as a `uint64_t`.
        Type::Pointer(_) => out.push((base, Scalar::U64)),
        _ => {}
    }
}

/// The byte offset and element type of every scalar component of a `ty` read or written at
/// `base` of a byte-address buffer by `Load<T>`/`Store<T>` (DXC's rules): scalars, vectors,
/// matrices and arrays packed tightly, a matrix's elements in column-major order whatever its
/// majorness, a struct's fields at the offsets of the storage `rule` (a struct then takes its
/// size rounded up to its alignment). Components come in the IR's order, as for
/// [`components`]. Returns the bytes the value spans.
pub fn packed_components(m: &Module, ty: &Type, rule: Rule, base: u32, out: &mut Vec<(u32, Scalar)>) -> u32 {
    match ty {
        Type::Scalar(s) => {
            out.push((base, *s));
            scalar_size(*s)
        }
        Type::Vector(s, n) => {
            let e = scalar_size(*s);
            out.extend((0..*n as u32).map(|i| (base + i * e, *s)));
            e * *n as u32
        }
        Type::Matrix(s, r, c) => {
            let (e, r, c) = (scalar_size(*s), *r as u32, *c as u32);
            for i in 0..r {
                for j in 0..c {
                    out.push((base + (j * r + i) * e, *s));
                }
            }
            e * r * c
        }
        Type::Array(e, n) => {
            let mut at = base;
            for _ in 0..n.unwrap_or(0) {
                at += packed_components(m, e, rule, at, out);
            }
            at - base
        }
        Type::Struct(h) => {
            for (f, off) in m.structs[*h].fields.iter().zip(field_offsets(m, *h, rule)) {
                packed_components(m, &f.ty, rule, base + off, out);
            }
            let p = placement(m, ty, rule, Majorness::Column);
            round_up(p.size, p.align)
        }
        // An address or a descriptor handle: 64 bits.
        Type::Pointer(_) => {
            out.push((base, Scalar::U64));
            8
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Field, StructDef};
    use crate::span::Span;
    use Majorness::{Column, Row};

    const F: Scalar = Scalar::F32;

    fn module_with(fields: &[(&str, Type, Majorness)]) -> (Module, StructId) {
        let mut m = Module::default();
        let h = m.structs.append(StructDef {
            name: "T".into(),
            fields: fields
                .iter()
                .map(|(n, t, maj)| Field {
                    name: n.to_string(),
                    ty: t.clone(),
                    semantic: None,
                    majorness: *maj,
                    span: Span::DUMMY,
                })
                .collect(),
            span: Span::DUMMY,
        });
        (m, h)
    }

    fn v(n: u8) -> Type {
        Type::Vector(F, n)
    }

    fn arr(t: Type, n: u32) -> Type {
        Type::Array(Box::new(t), Some(n))
    }

    /// DXC's `docs/SPIR-V.rst` table: `struct S { float3 f; }` and `T` under every rule.
    #[test]
    fn the_member_offsets_of_dxcs_layout_table() {
        let mut m = Module::default();
        let s = m.structs.append(StructDef {
            name: "S".into(),
            fields: vec![Field { name: "f".into(), ty: v(3), semantic: None, majorness: Column, span: Span::DUMMY }],
            span: Span::DUMMY,
        });
        let t = m.structs.append(StructDef {
            name: "T".into(),
            fields: [
                ("a", Type::FLOAT, Column),
                ("b", v(3), Column),
                ("c", Type::Struct(s), Column),
                ("d", Type::Matrix(F, 2, 3), Column),
                ("e", Type::Matrix(F, 2, 3), Row),
                ("f", arr(Type::INT, 3), Column),
                ("g", arr(v(2), 2), Column),
            ]
            .iter()
            .map(|(n, ty, maj)| Field {
                name: n.to_string(),
                ty: ty.clone(),
                semantic: None,
                majorness: *maj,
                span: Span::DUMMY,
            })
            .collect(),
            span: Span::DUMMY,
        });
        let expect: [(Rule, [u32; 7]); 7] = [
            (Rule::RelaxedStd140, [0, 4, 16, 32, 80, 112, 160]),
            (Rule::D3dCbuffer, [0, 4, 16, 32, 80, 112, 160]),
            (Rule::Std140, [0, 16, 32, 48, 96, 128, 176]),
            (Rule::Scalar, [0, 4, 16, 28, 52, 76, 88]),
            (Rule::RelaxedStd430, [0, 4, 16, 32, 64, 96, 112]),
            (Rule::D3dStructured, [0, 4, 16, 28, 52, 76, 88]),
            (Rule::Std430, [0, 16, 32, 48, 80, 112, 128]),
        ];
        for (rule, offsets) in expect {
            assert_eq!(field_offsets(&m, t, rule), offsets, "{rule:?}");
        }
    }

    /// `float3x4` (3 rows, 4 columns) in a structured buffer: DXC's worked example.
    #[test]
    fn a_float3x4_in_each_majorness() {
        let m = Module::default();
        let mat = Type::Matrix(F, 3, 4);
        let at = |maj, rule| {
            let mut out = Vec::new();
            components(&m, &mat, rule, maj, 0, &mut out);
            out.iter().map(|(o, _)| *o).collect::<Vec<_>>()
        };
        // m[r][c] row by row.
        assert_eq!(at(Column, Rule::RelaxedStd430), [0, 16, 32, 48, 4, 20, 36, 52, 8, 24, 40, 56]);
        assert_eq!(placement(&m, &mat, Rule::RelaxedStd430, Column), Placement { size: 64, align: 16 });
        assert_eq!(at(Row, Rule::RelaxedStd430), [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44]);
        assert_eq!(placement(&m, &mat, Rule::RelaxedStd430, Row), Placement { size: 48, align: 16 });
        assert_eq!(at(Column, Rule::Scalar), [0, 12, 24, 36, 4, 16, 28, 40, 8, 20, 32, 44]);
        assert_eq!(array_stride(&m, &mat, Rule::RelaxedStd430, Column), 64);
        assert_eq!(array_stride(&m, &mat, Rule::RelaxedStd430, Row), 48);
    }

    /// `float4x3` and `float2x2` in cbuffers (std140 and D3D).
    #[test]
    fn cbuffer_matrices() {
        let m = Module::default();
        let f43 = Type::Matrix(F, 4, 3);
        assert_eq!(placement(&m, &f43, Rule::RelaxedStd140, Column).size, 48);
        assert_eq!(placement(&m, &f43, Rule::RelaxedStd140, Row).size, 64);
        assert_eq!(placement(&m, &f43, Rule::D3dCbuffer, Row).size, 60);
        let f22 = Type::Matrix(F, 2, 2);
        assert_eq!(placement(&m, &f22, Rule::RelaxedStd140, Column).size, 32);
        assert_eq!(placement(&m, &f22, Rule::D3dCbuffer, Column).size, 24);
        assert_eq!(array_stride(&m, &f22, Rule::D3dCbuffer, Column), 32);
        assert_eq!(placement(&m, &arr(f22.clone(), 4), Rule::D3dCbuffer, Column).size, 120);
        assert_eq!(array_stride(&m, &f22, Rule::Std430, Column), 16);
        let mut out = Vec::new();
        components(&m, &f22, Rule::RelaxedStd140, Column, 0, &mut out);
        assert_eq!(out.iter().map(|(o, _)| *o).collect::<Vec<_>>(), [0, 16, 4, 20]);
    }

    /// DXC's relaxed vector placement (vk.layout.vector.relaxed.hlsl, docs/SPIR-V.rst).
    #[test]
    fn relaxed_vectors_align_to_their_element_unless_they_straddle() {
        let (m, h) = module_with(&[("a", Type::FLOAT, Column), ("b", v(3), Column)]);
        assert_eq!(field_offsets(&m, h, Rule::RelaxedStd430), [0, 4]);
        assert_eq!(field_offsets(&m, h, Rule::Std430), [0, 16]);
        let (m, h) = module_with(&[("a", v(2), Column), ("b", v(3), Column)]);
        assert_eq!(field_offsets(&m, h, Rule::RelaxedStd430), [0, 16], "8..19 would straddle");
        let (m, h) = module_with(&[("a", Type::FLOAT, Column), ("b", v(4), Column)]);
        assert_eq!(field_offsets(&m, h, Rule::RelaxedStd430), [0, 16]);
        let (m, h) = module_with(&[("a", v(3), Column), ("b", v(2), Column)]);
        assert_eq!(field_offsets(&m, h, Rule::RelaxedStd430), [0, 16]);
        // A struct aligns to its members' own alignments: {float; float2} is 16 bytes.
        let (m, h) = module_with(&[("a", Type::FLOAT, Column), ("b", v(2), Column)]);
        assert_eq!(field_offsets(&m, h, Rule::RelaxedStd430), [0, 4]);
        assert_eq!(placement(&m, &Type::Struct(h), Rule::RelaxedStd430, Column).size, 16);
        assert_eq!(placement(&m, &Type::Struct(h), Rule::Scalar, Column).size, 12);
        // An array element is not relaxed: float3[2] has stride 16.
        assert_eq!(array_stride(&m, &v(3), Rule::RelaxedStd430, Column), 16);
        assert_eq!(array_stride(&m, &v(3), Rule::Scalar, Column), 12);
    }

    /// D3D cbuffer packing, against the rules' documented examples (each row is 16 bytes).
    #[test]
    fn d3d_cbuffer_packing() {
        let m = Module::default();
        let cases: &[(&[Type], &[u32])] = &[
            (&[v(4), v(2), v(2)], &[0, 16, 24]),
            (&[v(2), v(4), v(2)], &[0, 16, 32]),
            (&[Type::FLOAT, Type::FLOAT, v(2)], &[0, 4, 8]),
            (&[Type::FLOAT, v(2), Type::FLOAT], &[0, 4, 12]),
            (&[Type::FLOAT, Type::FLOAT, Type::FLOAT, v(2)], &[0, 4, 8, 16]),
            (&[v(3), Type::FLOAT], &[0, 12]),
            (&[Type::FLOAT, v(3)], &[0, 4]),
            (&[Type::FLOAT, Type::FLOAT, v(3)], &[0, 4, 16]),
            // Arrays: one row per element; the next value may use the tail of the last row.
            (&[arr(Type::FLOAT, 3), Type::FLOAT], &[0, 36]),
            (&[arr(Type::INT, 3), v(3)], &[0, 36]),
        ];
        for (types, offsets) in cases {
            let got = member_offsets(&m, types.iter().map(|t| (t, Column, None)), Rule::D3dCbuffer);
            assert_eq!(&got, offsets, "{types:?}");
        }
        // A struct starts a row, and the next value uses the rest of its last row (DXC and
        // the HLSL spec; the older docs page says it starts a new row).
        let (m, s) = module_with(&[("a", v(4), Column), ("b", Type::FLOAT, Column)]);
        let members = [Type::FLOAT, Type::Struct(s), Type::FLOAT];
        assert_eq!(member_offsets(&m, members.iter().map(|t| (t, Column, None)), Rule::D3dCbuffer), [0, 16, 36]);
        let (m, s) = module_with(&[("a", Type::FLOAT, Column)]);
        let members = [Type::FLOAT, Type::Struct(s), Type::FLOAT, Type::Struct(s)];
        assert_eq!(member_offsets(&m, members.iter().map(|t| (t, Column, None)), Rule::D3dCbuffer), [0, 16, 20, 32]);
        // `packoffset`: an explicit member sits where it says; the next follows the furthest end.
        let members = [(Type::FLOAT, Some(32)), (v(2), None), (Type::FLOAT, Some(4)), (Type::FLOAT, None)];
        let got = member_offsets(&m, members.iter().map(|(t, o)| (t, Column, *o)), Rule::RelaxedStd140);
        assert_eq!(got, [32, 36, 4, 44]);
    }

    /// `ByteAddressBuffer.Load<T>`: tight vectors and matrices (column-major elements), struct
    /// fields at the storage rule's offsets (DXC's templated-load tests).
    #[test]
    fn byte_address_loads_pack_tightly_but_place_struct_fields_by_the_rule() {
        let (m, h) = module_with(&[("a", Type::FLOAT, Column), ("b", v(4), Row)]);
        let at = |ty: &Type, rule| {
            let mut out = Vec::new();
            let size = packed_components(&m, ty, rule, 8, &mut out);
            (out.iter().map(|(o, _)| *o).collect::<Vec<_>>(), size)
        };
        assert_eq!(at(&Type::Struct(h), Rule::RelaxedStd430), (vec![8, 24, 28, 32, 36], 32));
        assert_eq!(at(&Type::Struct(h), Rule::D3dStructured), (vec![8, 12, 16, 20, 24], 20));
        assert_eq!(at(&v(3), Rule::RelaxedStd430), (vec![8, 12, 16], 12));
        // float2x3 row by row: m[0][0] m[0][1] m[0][2] m[1][0] …, stored column by column.
        assert_eq!(at(&Type::Matrix(F, 2, 3), Rule::RelaxedStd430), (vec![8, 16, 24, 12, 20, 28], 24));
        assert_eq!(at(&arr(v(3), 2), Rule::RelaxedStd430), (vec![8, 12, 16, 20, 24, 28], 24));
    }

    #[test]
    fn modes_choose_rules_as_dxcs_options() {
        assert_eq!(LayoutMode::default().uniform(), Rule::RelaxedStd140);
        assert_eq!(LayoutMode::default().storage(), Rule::RelaxedStd430);
        assert_eq!(LayoutMode::from_name("gl").map(|l| (l.uniform(), l.storage())), Some((Rule::Std140, Rule::Std430)));
        assert_eq!(LayoutMode::Dx.uniform(), Rule::D3dCbuffer);
        assert!(LayoutMode::Scalar.needs_scalar_block_layout());
        let m = Module::default();
        // `StructuredBuffer<uint3>`: stride 16 by default, 12 with dx or scalar layouts.
        let u3 = Type::Vector(Scalar::U32, 3);
        assert_eq!(array_stride(&m, &u3, LayoutMode::Dxc.storage(), Column), 16);
        assert_eq!(array_stride(&m, &u3, LayoutMode::Dx.storage(), Column), 12);
        // bool is a word; 16-bit types are two bytes.
        assert_eq!(placement(&m, &Type::BOOL, Rule::Scalar, Column).size, 4);
        assert_eq!(placement(&m, &Type::Vector(Scalar::F16, 3), Rule::Std430, Column), Placement { size: 6, align: 8 });
    }
}

/// One step from a value to a part of it, for [`any_value_leaves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Field(u32),
    Element(u32),
    Component(u8),
    /// A matrix entry: row, column.
    Entry(u8, u8),
}

/// A scalar of a value packed into an `AnyValue` (Slang's payload of an interface-typed value):
/// how to reach it, its type and its byte offset in the payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyValueLeaf {
    pub path: Vec<Step>,
    pub scalar: Scalar,
    pub offset: u32,
}

/// Slang's "natural" size and alignment of `ty`, the layout an `AnyValue` payload packs
/// values in: scalars aligned to their size (`bool` 4 bytes), vectors and matrices their
/// elements side by side, an array's stride its element's size rounded to its alignment, and a
/// struct's size the end of its last field (not rounded up). `None` for a type with no bytes to
/// pack (resources, strings, runtime arrays).
pub fn natural_size(m: &Module, ty: &Type) -> Option<(u32, u32)> {
    Some(match ty {
        Type::Scalar(s) => (scalar_size(*s), scalar_size(*s)),
        Type::Vector(s, n) => (scalar_size(*s) * *n as u32, scalar_size(*s)),
        Type::Matrix(s, r, c) => (scalar_size(*s) * *r as u32 * *c as u32, scalar_size(*s)),
        Type::Array(e, Some(n)) => {
            let (size, align) = natural_size(m, e)?;
            if *n == 0 {
                return Some((0, 1));
            }
            (round_up(size, align) * (n - 1) + size, align)
        }
        Type::Struct(h) => {
            let (mut size, mut align) = (0, 1);
            for f in &m.structs[*h].fields {
                let (s, a) = natural_size(m, &f.ty)?;
                size = round_up(size, a) + s;
                align = align.max(a);
            }
            (size, align)
        }
        Type::Pointer(_) if ty.handle_resource().is_some() => (8, 4),
        Type::Pointer(_) => (8, 8),
        _ => return None,
    })
}

/// The scalars of `ty` in the order and at the offsets Slang's `AnyValue` marshalling puts
/// them: each at the next multiple of its size (8-bit ones at the next byte), a struct started
/// at its natural alignment and padded to its natural size, a matrix column by column unless
/// stored `row_major`. `Err` names a type with no bytes to pack.
pub fn any_value_leaves(m: &Module, ty: &Type, majorness: Majorness) -> Result<Vec<AnyValueLeaf>, Type> {
    fn walk(
        m: &Module,
        ty: &Type,
        majorness: Majorness,
        path: &mut Vec<Step>,
        offset: &mut u32,
        out: &mut Vec<AnyValueLeaf>,
    ) -> Result<(), Type> {
        let scalar = |s: Scalar, path: &[Step], offset: &mut u32, out: &mut Vec<AnyValueLeaf>| {
            let size = scalar_size(s);
            *offset = round_up(*offset, size);
            out.push(AnyValueLeaf { path: path.to_vec(), scalar: s, offset: *offset });
            *offset += size;
        };
        match ty {
            Type::Scalar(s) => scalar(*s, path, offset, out),
            // An address: a `uint64_t`.
            Type::Pointer(_) => scalar(Scalar::U64, path, offset, out),
            Type::Vector(s, n) => {
                for i in 0..*n {
                    path.push(Step::Component(i));
                    scalar(*s, path, offset, out);
                    path.pop();
                }
            }
            Type::Matrix(s, r, c) => {
                let entries: Vec<(u8, u8)> = match majorness {
                    Majorness::Column => (0..*c).flat_map(|col| (0..*r).map(move |row| (row, col))).collect(),
                    Majorness::Row => (0..*r).flat_map(|row| (0..*c).map(move |col| (row, col))).collect(),
                };
                for (row, col) in entries {
                    path.push(Step::Entry(row, col));
                    scalar(*s, path, offset, out);
                    path.pop();
                }
            }
            Type::Array(e, Some(n)) => {
                for i in 0..*n {
                    path.push(Step::Element(i));
                    walk(m, e, majorness, path, offset, out)?;
                    path.pop();
                }
            }
            Type::Struct(h) => {
                let Some((size, align)) = natural_size(m, ty) else {
                    // Name the field that has no bytes.
                    let fields = &m.structs[*h].fields;
                    let bad = fields.iter().find(|f| natural_size(m, &f.ty).is_none()).map(|f| &f.ty);
                    return Err(match bad {
                        Some(t) => walk(m, t, majorness, path, offset, out).err().unwrap_or_else(|| t.clone()),
                        None => ty.clone(),
                    });
                };
                *offset = round_up(*offset, align);
                let start = *offset;
                for (i, f) in m.structs[*h].fields.iter().enumerate() {
                    path.push(Step::Field(i as u32));
                    walk(m, &f.ty, f.majorness, path, offset, out)?;
                    path.pop();
                }
                *offset = (*offset).max(start + size);
            }
            other => return Err(other.clone()),
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(m, ty, majorness, &mut Vec::new(), &mut 0, &mut out)?;
    Ok(out)
}
