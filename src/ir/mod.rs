//! The typed IR that sema produces and every backend and lowering pass consumes.
//!
//! It is a typed syntax tree rather than SSA: statements keep their structured form (for, while,
//! do, switch) so the HLSL backend can print readable code, and expressions keep source order so
//! every backend evaluates side effects left to right, as HLSL does. Invariants:
//!
//! - Every expression has its final type; implicit conversions are explicit `Convert` nodes, so
//!   backends never re-derive HLSL's conversion rules.
//! - Function parameters are locals (`Local::param` is set), in declaration order.
//! - Function-scope `groupshared` and `static` variables are hoisted to module globals by sema
//!   (HLSL and SPIR-V only allow them at module scope); their `Global::name` is made unique.
//! - Functions are stored callees first, and there is no recursion (HLSL forbids it).
//! - Calls of stdlib intrinsics are `Intrinsic` nodes naming their declaration in
//!   [`crate::stdlib::Stdlib`]; the per-target lowering is data there, not code here.

pub mod bindings;
pub mod flow;

use crate::arena::{Arena, Handle};
use crate::span::Span;
use std::fmt;

pub type FunctionId = Handle<Function>;
pub type GlobalId = Handle<Global>;
pub type StructId = Handle<StructDef>;
pub type LocalId = Handle<Local>;
pub type ExprId = Handle<Expr>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    F32,
    F64,
    /// Slang's substandard floats, storage types with explicit conversions and no arithmetic:
    /// `BFloat16` (binary32's top 16 bits), `FloatE4M3` and `FloatE5M2` (OCP's 8-bit floats).
    /// Only sema sees them: `lower::substandard_floats` makes them their bit patterns
    /// (`uint16_t`, `uint8_t`) and their conversions stdlib calls before any target does.
    BF16,
    E4M3,
    E5M2,
}

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }
    pub fn is_int(self) -> bool {
        !self.is_float() && self != Scalar::Bool && !self.is_substandard()
    }
    pub fn is_substandard(self) -> bool {
        matches!(self, Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2)
    }
    /// The unsigned integer holding a substandard float's bits (the scalar itself otherwise).
    pub fn storage(self) -> Scalar {
        match self {
            Scalar::BF16 => Scalar::U16,
            Scalar::E4M3 | Scalar::E5M2 => Scalar::U8,
            other => other,
        }
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64)
    }
    pub fn bits(self) -> u32 {
        match self {
            Scalar::Bool => 32,
            Scalar::I8 | Scalar::U8 | Scalar::E4M3 | Scalar::E5M2 => 8,
            Scalar::I16 | Scalar::U16 | Scalar::F16 | Scalar::BF16 => 16,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 64,
        }
    }
    /// HLSL's promotion rank: the wider operand of a binary operation wins.
    pub fn rank(self) -> u32 {
        match self {
            Scalar::Bool => 0,
            Scalar::I8 => 1,
            Scalar::U8 => 2,
            Scalar::I16 => 3,
            Scalar::U16 => 4,
            Scalar::I32 => 5,
            Scalar::U32 => 6,
            Scalar::I64 => 7,
            Scalar::U64 => 8,
            Scalar::F16 => 9,
            Scalar::F32 => 10,
            Scalar::F64 => 11,
            Scalar::E4M3 | Scalar::E5M2 | Scalar::BF16 => 0,
        }
    }
    pub fn hlsl_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "int8_t",
            Scalar::U8 => "uint8_t",
            Scalar::I16 => "int16_t",
            Scalar::U16 => "uint16_t",
            Scalar::I32 => "int",
            Scalar::U32 => "uint",
            Scalar::I64 => "int64_t",
            Scalar::U64 => "uint64_t",
            Scalar::F16 => "half",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::BF16 => "BFloat16",
            Scalar::E4M3 => "FloatE4M3",
            Scalar::E5M2 => "FloatE5M2",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    StructuredBuffer,
    RWStructuredBuffer,
    AppendStructuredBuffer,
    ConsumeStructuredBuffer,
    Buffer,
    RWBuffer,
    ByteAddressBuffer,
    RWByteAddressBuffer,
    Texture1D,
    Texture2D,
    Texture3D,
    Texture2DArray,
    TextureCube,
    RWTexture1D,
    RWTexture2D,
    RWTexture3D,
    RWTexture2DArray,
    ConstantBuffer,
    Texture1DArray,
    TextureCubeArray,
    RWTexture1DArray,
    SamplerState,
    SamplerComparisonState,
    /// Slang's write-only textures: storage images a shader may only write whole texels of.
    WTexture1D,
    WTexture1DArray,
    WTexture2D,
    WTexture2DArray,
    WTexture3D,
    /// DXR's top-level acceleration structure, which ray queries trace against.
    RaytracingAccelerationStructure,
    /// Multisampled 2D textures (`Texture2DMS<T, N>`): N samples per texel, one level, read
    /// by texel and sample index only.
    Texture2DMS,
    Texture2DMSArray,
}

impl ResourceKind {
    pub fn from_name(name: &str) -> Option<ResourceKind> {
        use ResourceKind::*;
        Some(match name {
            "StructuredBuffer" => StructuredBuffer,
            "RWStructuredBuffer" => RWStructuredBuffer,
            "AppendStructuredBuffer" => AppendStructuredBuffer,
            "ConsumeStructuredBuffer" => ConsumeStructuredBuffer,
            "Buffer" => Buffer,
            "RWBuffer" => RWBuffer,
            "ByteAddressBuffer" => ByteAddressBuffer,
            "RWByteAddressBuffer" => RWByteAddressBuffer,
            "Texture1D" => Texture1D,
            "Texture2D" => Texture2D,
            "Texture3D" => Texture3D,
            "Texture2DArray" => Texture2DArray,
            "TextureCube" => TextureCube,
            "RWTexture1D" => RWTexture1D,
            "RWTexture2D" => RWTexture2D,
            "RWTexture3D" => RWTexture3D,
            "RWTexture2DArray" => RWTexture2DArray,
            "ConstantBuffer" => ConstantBuffer,
            "Texture1DArray" => Texture1DArray,
            "TextureCubeArray" => TextureCubeArray,
            "RWTexture1DArray" => RWTexture1DArray,
            "SamplerState" => SamplerState,
            "SamplerComparisonState" => SamplerComparisonState,
            "WTexture1D" => WTexture1D,
            "WTexture1DArray" => WTexture1DArray,
            "WTexture2D" => WTexture2D,
            "WTexture2DArray" => WTexture2DArray,
            "WTexture3D" => WTexture3D,
            "RaytracingAccelerationStructure" => RaytracingAccelerationStructure,
            "Texture2DMS" => Texture2DMS,
            "Texture2DMSArray" => Texture2DMSArray,
            // Rasterizer-ordered views order the accesses of overlapping pixel-shader
            // invocations; in a compute shader nothing overlaps, so they are the RW resources.
            "RasterizerOrderedBuffer" => RWBuffer,
            "RasterizerOrderedByteAddressBuffer" => RWByteAddressBuffer,
            "RasterizerOrderedStructuredBuffer" => RWStructuredBuffer,
            "RasterizerOrderedTexture1D" => RWTexture1D,
            "RasterizerOrderedTexture1DArray" => RWTexture1DArray,
            "RasterizerOrderedTexture2D" => RWTexture2D,
            "RasterizerOrderedTexture2DArray" => RWTexture2DArray,
            "RasterizerOrderedTexture3D" => RWTexture3D,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        use ResourceKind::*;
        match self {
            StructuredBuffer => "StructuredBuffer",
            RWStructuredBuffer => "RWStructuredBuffer",
            AppendStructuredBuffer => "AppendStructuredBuffer",
            ConsumeStructuredBuffer => "ConsumeStructuredBuffer",
            Buffer => "Buffer",
            RWBuffer => "RWBuffer",
            ByteAddressBuffer => "ByteAddressBuffer",
            RWByteAddressBuffer => "RWByteAddressBuffer",
            Texture1D => "Texture1D",
            Texture2D => "Texture2D",
            Texture3D => "Texture3D",
            Texture2DArray => "Texture2DArray",
            TextureCube => "TextureCube",
            RWTexture1D => "RWTexture1D",
            RWTexture2D => "RWTexture2D",
            RWTexture3D => "RWTexture3D",
            RWTexture2DArray => "RWTexture2DArray",
            ConstantBuffer => "ConstantBuffer",
            Texture1DArray => "Texture1DArray",
            TextureCubeArray => "TextureCubeArray",
            RWTexture1DArray => "RWTexture1DArray",
            SamplerState => "SamplerState",
            SamplerComparisonState => "SamplerComparisonState",
            WTexture1D => "WTexture1D",
            WTexture1DArray => "WTexture1DArray",
            WTexture2D => "WTexture2D",
            WTexture2DArray => "WTexture2DArray",
            WTexture3D => "WTexture3D",
            RaytracingAccelerationStructure => "RaytracingAccelerationStructure",
            Texture2DMS => "Texture2DMS",
            Texture2DMSArray => "Texture2DMSArray",
        }
    }
    /// A write-only texture (`WTexture2D`): its texels are written, never read.
    pub fn is_write_only(self) -> bool {
        use ResourceKind::*;
        matches!(self, WTexture1D | WTexture1DArray | WTexture2D | WTexture2DArray | WTexture3D)
    }
    /// The read-write texture of a write-only one's shape (what HLSL, which has no write-only
    /// textures, declares); any other kind itself.
    pub fn read_write(self) -> ResourceKind {
        use ResourceKind::*;
        match self {
            WTexture1D => RWTexture1D,
            WTexture1DArray => RWTexture1DArray,
            WTexture2D => RWTexture2D,
            WTexture2DArray => RWTexture2DArray,
            WTexture3D => RWTexture3D,
            other => other,
        }
    }
    pub fn is_writable(self) -> bool {
        use ResourceKind::*;
        matches!(
            self,
            RWStructuredBuffer
                | AppendStructuredBuffer
                | RWBuffer
                | RWByteAddressBuffer
                | RWTexture1D
                | RWTexture2D
                | RWTexture3D
                | RWTexture2DArray
                | RWTexture1DArray
        ) || self.is_write_only()
    }
    pub fn is_texture(self) -> bool {
        use ResourceKind::*;
        matches!(
            self,
            Texture1D
                | Texture2D
                | Texture3D
                | Texture2DArray
                | TextureCube
                | RWTexture1D
                | RWTexture2D
                | RWTexture3D
                | RWTexture2DArray
                | Texture1DArray
                | TextureCubeArray
                | RWTexture1DArray
                | Texture2DMS
                | Texture2DMSArray
        ) || self.is_write_only()
    }
    /// A multisampled texture: its texels hold several samples, read one at a time by index.
    pub fn is_multisampled(self) -> bool {
        matches!(self, ResourceKind::Texture2DMS | ResourceKind::Texture2DMSArray)
    }
    /// A resource whose elements are texels a shader may write and update atomically: a
    /// read-write texture or typed buffer (an image to SPIR-V and GLSL).
    pub fn is_storage_image(self) -> bool {
        self.is_writable() && (self.is_texture() || self == ResourceKind::RWBuffer)
    }
    pub fn is_sampler(self) -> bool {
        matches!(self, ResourceKind::SamplerState | ResourceKind::SamplerComparisonState)
    }
    /// `StructuredBuffer` and `RWStructuredBuffer`, which have no counter of their own.
    pub fn is_structured_storage(self) -> bool {
        matches!(self, ResourceKind::StructuredBuffer | ResourceKind::RWStructuredBuffer)
    }
    pub fn is_byte_address(self) -> bool {
        matches!(self, ResourceKind::ByteAddressBuffer | ResourceKind::RWByteAddressBuffer)
    }
    /// Number of coordinates that index the resource with `[]`.
    pub fn index_dims(self) -> u8 {
        use ResourceKind::*;
        match self.read_write() {
            Texture2D | RWTexture2D | Texture1DArray | RWTexture1DArray | Texture2DMS => 2,
            Texture3D | RWTexture3D | Texture2DArray | RWTexture2DArray | TextureCube | Texture2DMSArray => 3,
            TextureCubeArray => 4,
            _ => 1,
        }
    }
    /// Whether the element type is written as a template argument (`ByteAddressBuffer` and
    /// samplers have none).
    pub fn has_element(self) -> bool {
        !self.is_byte_address() && !self.is_sampler() && self != ResourceKind::RaytracingAccelerationStructure
    }
    /// A texture's shape: its dimensionality and whether it is an array of layers.
    pub fn texture_shape(self) -> Option<(TextureDim, bool)> {
        use ResourceKind::*;
        Some(match self.read_write() {
            Texture1D | RWTexture1D => (TextureDim::D1, false),
            Texture1DArray | RWTexture1DArray => (TextureDim::D1, true),
            Texture2D | RWTexture2D | Texture2DMS => (TextureDim::D2, false),
            Texture2DArray | RWTexture2DArray | Texture2DMSArray => (TextureDim::D2, true),
            Texture3D | RWTexture3D => (TextureDim::D3, false),
            TextureCube => (TextureDim::Cube, false),
            TextureCubeArray => (TextureDim::Cube, true),
            _ => return None,
        })
    }
    /// Components of a sampling coordinate: the dimensions, a cube's direction, then the layer.
    pub fn sample_dims(self) -> u8 {
        match self.texture_shape() {
            Some((d, arrayed)) => d.coord_dims() + arrayed as u8,
            None => 1,
        }
    }
    /// Components of a texel offset (`Load`, `Sample*`, `Gather*`): cubes take none.
    pub fn offset_dims(self) -> u8 {
        match self.texture_shape() {
            Some((TextureDim::Cube, _)) | None => 0,
            Some((d, _)) => d.coord_dims(),
        }
    }
    /// The values `GetDimensions` gives before the mip count: width, height, depth, then the
    /// layer count (a cube's size is that of one face).
    pub fn size_dims(self) -> u8 {
        match self.texture_shape() {
            Some((TextureDim::Cube, arrayed)) => 2 + arrayed as u8,
            Some((d, arrayed)) => d.coord_dims() + arrayed as u8,
            None => 1,
        }
    }
}

/// The dimensionality of a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureDim {
    D1,
    D2,
    D3,
    Cube,
}

impl TextureDim {
    /// Components of a coordinate (a cube's is a direction).
    pub fn coord_dims(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D2 => 2,
            TextureDim::D3 | TextureDim::Cube => 3,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Scalar(Scalar),
    Vector(Scalar, u8),
    /// rows × columns, as HLSL writes `float3x4` (3 rows, 4 columns).
    Matrix(Scalar, u8, u8),
    /// `None` length: a runtime-sized array (only inside resources).
    Array(Box<Type>, Option<u32>),
    Struct(StructId),
    /// Buffers, textures and samplers (`SamplerState` has no element).
    Resource(ResourceKind, Option<Box<Type>>),
    String,
    /// Slang's `T*`: a 64-bit address of a `T` in device memory (a buffer's, through its
    /// device address); `Void` for `void*` and `nullptr`. A pointer to a resource is Slang's
    /// `DescriptorHandle<T>` (`T.Handle`): 8 bytes, a `uint2` in memory, and the resource a
    /// `Deref` of it names (no source form points to a resource otherwise).
    Pointer(Box<Type>),
    /// An inline ray tracing query, `RayQuery<FLAGS>`: the state of one traversal, held by a
    /// local variable and changed only by its methods ([`RayQueryOp`]). The flags of its type
    /// are or-ed into every trace it starts.
    RayQuery(u32),
    /// The type of an expression that failed to check; suppresses follow-up errors.
    Error,
}

impl Type {
    pub const BOOL: Type = Type::Scalar(Scalar::Bool);
    pub const INT: Type = Type::Scalar(Scalar::I32);
    pub const UINT: Type = Type::Scalar(Scalar::U32);
    pub const FLOAT: Type = Type::Scalar(Scalar::F32);

    /// The struct whose fields `.name` reaches on a value of this type: the struct itself, or
    /// the `S` a resource holds (`cb.field` on a `ConstantBuffer<S>`).
    pub fn field_struct(&self) -> Option<StructId> {
        match self {
            Type::Struct(s) => Some(*s),
            Type::Resource(_, Some(inner)) => match inner.as_ref() {
                Type::Struct(s) => Some(*s),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix(s, _, _) => Some(*s),
            _ => None,
        }
    }
    pub fn is_numeric_like(&self) -> bool {
        matches!(self, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..))
    }
    /// Components of a scalar or vector (1 for scalars).
    pub fn vector_size(&self) -> Option<u8> {
        match self {
            Type::Scalar(_) => Some(1),
            Type::Vector(_, n) => Some(*n),
            _ => None,
        }
    }
    /// The same shape with another element type.
    pub fn with_scalar(&self, s: Scalar) -> Type {
        match self {
            Type::Scalar(_) => Type::Scalar(s),
            Type::Vector(_, n) => Type::Vector(s, *n),
            Type::Matrix(_, r, c) => Type::Matrix(s, *r, *c),
            other => other.clone(),
        }
    }
    pub fn is_error(&self) -> bool {
        matches!(self, Type::Error)
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Pointer(_))
    }
    /// The resource a descriptor handle (`DescriptorHandle<T>`) names.
    pub fn handle_resource(&self) -> Option<&Type> {
        match self {
            Type::Pointer(t) if matches!(**t, Type::Resource(..)) => Some(t),
            _ => None,
        }
    }
    /// The type a pointer points to.
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Pointer(t) => Some(t),
            _ => None,
        }
    }
    pub fn element_count(&self) -> u32 {
        match self {
            Type::Scalar(_) => 1,
            Type::Vector(_, n) => *n as u32,
            Type::Matrix(_, r, c) => *r as u32 * *c as u32,
            _ => 0,
        }
    }
}

/// Prints types in HLSL spelling (struct names need the module, so they print as `struct#N`;
/// use [`Module::type_name`] for real output).
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::Scalar(s) => f.write_str(s.hlsl_name()),
            Type::Vector(s, n) if s.is_substandard() => write!(f, "vector<{}, {}>", s.hlsl_name(), n),
            Type::Matrix(s, r, c) if s.is_substandard() => write!(f, "matrix<{}, {}, {}>", s.hlsl_name(), r, c),
            Type::Vector(s, n) => write!(f, "{}{}", s.hlsl_name(), n),
            Type::Matrix(s, r, c) => write!(f, "{}{}x{}", s.hlsl_name(), r, c),
            Type::Array(e, Some(n)) => write!(f, "{e}[{n}]"),
            Type::Array(e, None) => write!(f, "{e}[]"),
            Type::Struct(h) => write!(f, "struct#{}", h.index()),
            Type::Resource(k, Some(e)) => write!(f, "{}<{}>", k.name(), e),
            Type::Resource(k, None) => f.write_str(k.name()),
            Type::String => f.write_str("string"),
            Type::Pointer(t) if matches!(**t, Type::Resource(..)) => write!(f, "DescriptorHandle<{t}>"),
            Type::Pointer(t) => write!(f, "{t}*"),
            Type::RayQuery(flags) => write!(f, "RayQuery<{flags}>"),
            Type::Error => f.write_str("<error>"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct StructDef {
    pub name: String,
    pub fields: Vec<Field>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Type,
    pub semantic: Option<String>,
    /// How the field's matrices are stored in a buffer (resolved by sema: the `row_major` /
    /// `column_major` qualifier, else the compilation's default).
    pub majorness: Majorness,
    pub span: Span,
}

/// The storage order of a matrix in memory: HLSL's `column_major` (the default: each column's
/// elements together) or `row_major`. See [`crate::layout`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Majorness {
    #[default]
    Column,
    Row,
}

/// A compile-time value: folded constants, `static const` initializers, array sizes.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Composite(Vec<ConstValue>),
}

impl ConstValue {
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            ConstValue::Int(i) if i >= 0 => Some(i as u64),
            ConstValue::Uint(u) => Some(u),
            ConstValue::Bool(b) => Some(b as u64),
            _ => None,
        }
    }
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            ConstValue::Int(i) => Some(i),
            ConstValue::Uint(u) => Some(u as i64),
            ConstValue::Bool(b) => Some(b as i64),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            ConstValue::Bool(b) => Some(b),
            ConstValue::Int(i) => Some(i != 0),
            ConstValue::Uint(u) => Some(u != 0),
            ConstValue::Float(f) => Some(f != 0.0),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddressSpace {
    /// A shader resource (buffer, texture, sampler, ConstantBuffer<T>).
    Resource,
    Groupshared,
    /// `static` (per-thread private) variables.
    Private,
    /// `static const`: a compile-time constant.
    Constant,
    /// A member of a `cbuffer` (or a global with no storage class: the implicit `$Globals`).
    Uniform {
        cbuffer: Option<usize>,
    },
    /// A `uniform` value parameter of the entry point: Slang gathers them in a push-constant
    /// block (the members in parameter order).
    PushConstant,
}

/// `register(u3, space1)` as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    /// `t`, `u`, `b`, `s`, `c`; for `register(space3)`, the class the resource's kind has.
    pub class: char,
    /// `None` for `register(space3)`: a space, with the binding left to declaration order.
    pub index: Option<u32>,
    pub space: u32,
}

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    /// How matrices of `ty` (or of a buffer's element type) are stored, as for [`Field`].
    pub majorness: Majorness,
    pub space: AddressSpace,
    pub init: Option<ConstValue>,
    pub register: Option<Register>,
    /// `[[vk::binding(binding, set)]]`.
    pub vk_binding: Option<(u32, u32)>,
    /// `[[vk::image_format("rgba8")]]` of a storage texture.
    pub image_format: Option<crate::image::Format>,
    /// `[[vk::image_format("unknown")]]`: a storage image declared with no format (SPIR-V's
    /// `Unknown`, with `StorageImageReadWithoutFormat`/`…WriteWithoutFormat`), where the
    /// element type would otherwise give one. Targets whose images always carry their
    /// element type's format (WGSL) or none (GLSL, CUDA, Metal, the CPU engine) read it as if
    /// no format were written.
    pub format_unknown: bool,
    /// `globallycoherent` (a writable resource): its writes are made visible to every group on
    /// the device, not just the writer's.
    pub coherent: bool,
    /// A `cbuffer` member's `packoffset(cR.x)`, as a byte offset (16·R + 4·component).
    pub packoffset: Option<u32>,
    /// A `uniform` parameter of the entry point (a resource bound after every global).
    pub entry_param: bool,
    /// Declared `ParameterBlock<T>` (Slang): a descriptor set of its own, split into its
    /// uniform data and its resources by [`crate::lower::parameter_blocks`].
    pub parameter_block: bool,
    /// A buffer's own layout rule (Slang's `StructuredBuffer<T, ScalarDataLayout>`, GLSL's
    /// `layout(scalar) buffer`), in place of the one `--layout` gives its kind:
    /// [`Module::storage_rule`].
    pub layout: Option<crate::layout::Rule>,
    /// The global whose binding this one shares: the sampler of a combined texture-sampler
    /// (Slang's `Sampler2D`), bound with its texture as one combined image sampler.
    pub shares_binding: Option<GlobalId>,
    pub span: Span,
}

impl Type {
    /// Whether this is a resource or an array (of arrays) of them: what binds as descriptors.
    pub fn is_resource_or_array(&self) -> bool {
        match self {
            Type::Resource(..) => true,
            Type::Array(e, _) => e.is_resource_or_array(),
            _ => false,
        }
    }

    /// The HLSL register class of a resource (or an array of them): `s` samplers, `b`
    /// constant buffers, `u` writable resources, `t` the others.
    pub fn register_class(&self) -> char {
        match self {
            Type::Array(e, _) => e.register_class(),
            Type::Resource(k, _) if k.is_sampler() => 's',
            Type::Resource(ResourceKind::ConstantBuffer, _) => 'b',
            Type::Resource(k, _) if k.is_writable() => 'u',
            _ => 't',
        }
    }
}

impl Module {
    /// The fields of struct type `ty` when every one is a single resource (a combined
    /// texture-sampler, a struct of buffers): a global or block field of it is a resource per
    /// field.
    /// Whether a value of `ty` holds a resource inside a struct (a field, or an element of an
    /// array of such structs).
    pub fn holds_resources(&self, ty: &Type) -> bool {
        match ty {
            Type::Struct(h) => {
                self.structs[*h].fields.iter().any(|f| f.ty.is_resource_or_array() || self.holds_resources(&f.ty))
            }
            Type::Array(e, _) => self.holds_resources(e),
            _ => false,
        }
    }

    pub fn resource_fields(&self, ty: &Type) -> Option<&[Field]> {
        let Type::Struct(s) = ty else { return None };
        let fields = &self.structs[*s].fields;
        let all = !fields.is_empty() && fields.iter().all(|f| matches!(f.ty, Type::Resource(..)));
        all.then_some(fields.as_slice())
    }

    /// The sampler combined with texture `texture` (Slang's `Sampler2D`), if any: the global
    /// that shares its binding.
    pub fn combined_sampler_of(&self, texture: GlobalId) -> Option<GlobalId> {
        self.globals.iter().find(|(_, g)| g.shares_binding == Some(texture)).map(|(h, _)| h)
    }
}

impl Global {
    /// A variable a pass adds: no binding, initializer or storage qualifiers of the source's.
    pub fn new(name: impl Into<String>, ty: Type, space: AddressSpace, span: Span) -> Global {
        Global {
            name: name.into(),
            ty,
            majorness: Majorness::default(),
            space,
            init: None,
            register: None,
            vk_binding: None,
            image_format: None,
            format_unknown: false,
            coherent: false,
            packoffset: None,
            entry_param: false,
            parameter_block: false,
            layout: None,
            shares_binding: None,
            span,
        }
    }
}

/// `-fvk-t-shift 10 0`: registers of `class` in `space` (every space when `None`) become
/// binding `index + shift`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisterShift {
    pub class: char,
    pub shift: u32,
    pub space: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct Cbuffer {
    pub name: String,
    pub register: Option<Register>,
    pub vk_binding: Option<(u32, u32)>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamMode {
    In,
    Out,
    InOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuiltinInput {
    DispatchThreadId,
    GroupId,
    GroupThreadId,
    GroupIndex,
    /// Seed 000's entry-point spelling of `GetGroupWaveIndex()`.
    GroupWaveIndex,
}

impl BuiltinInput {
    pub fn from_semantic(s: &str) -> Option<BuiltinInput> {
        Some(match s.to_ascii_uppercase().as_str() {
            "SV_DISPATCHTHREADID" => BuiltinInput::DispatchThreadId,
            "SV_GROUPID" => BuiltinInput::GroupId,
            "SV_GROUPTHREADID" => BuiltinInput::GroupThreadId,
            "SV_GROUPINDEX" => BuiltinInput::GroupIndex,
            "SV_GROUPWAVEINDEX" => BuiltinInput::GroupWaveIndex,
            _ => return None,
        })
    }
    pub fn semantic(self) -> &'static str {
        match self {
            BuiltinInput::DispatchThreadId => "SV_DispatchThreadID",
            BuiltinInput::GroupId => "SV_GroupID",
            BuiltinInput::GroupThreadId => "SV_GroupThreadID",
            BuiltinInput::GroupIndex => "SV_GroupIndex",
            BuiltinInput::GroupWaveIndex => "SV_GroupWaveIndex",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: Type,
    /// `Some(mode)` for parameters.
    pub param: Option<ParamMode>,
    /// Entry-point inputs: `uint3 tid : SV_DispatchThreadID`.
    pub builtin: Option<BuiltinInput>,
    /// The semantic as written (kept for non-compute stages, whose semantics we only echo).
    pub semantic: Option<String>,
    pub is_const: bool,
    /// `precise`: the arithmetic that computes its value keeps IEEE order and rounding (no
    /// fused multiply-add, no reassociation).
    pub precise: bool,
    pub span: Span,
}

impl Local {
    /// A variable a pass adds: no semantic, not `const` or `precise`.
    pub fn new(name: impl Into<String>, ty: Type, span: Span) -> Local {
        Local {
            name: name.into(),
            ty,
            param: None,
            builtin: None,
            semantic: None,
            is_const: false,
            precise: false,
            span,
        }
    }

    /// A parameter a pass adds, taken with `mode`.
    pub fn param(name: impl Into<String>, ty: Type, mode: ParamMode, span: Span) -> Local {
        Local { param: Some(mode), ..Local::new(name, ty, span) }
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub ret: Type,
    pub ret_semantic: Option<String>,
    pub locals: Arena<Local>,
    /// Parameters in order (each also in `locals`).
    pub params: Vec<LocalId>,
    pub exprs: Arena<Expr>,
    pub body: Block,
    pub span: Span,
    /// What the body refers to: whoever changes `exprs` or `body` sets it again from
    /// [`Function::gather_uses`].
    pub uses: Uses,
}

/// What a function's body can evaluate refers to: its callees and the globals a backend must
/// declare. Gathered once per function, while the function is fresh (sema, when it finishes one;
/// a lowering pass, after it rewrites one), so that passes over the whole call graph, such as a
/// backend deciding what to declare, need not walk every expression of the module again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uses {
    /// Module functions called, in handle order, each once.
    pub calls: Vec<FunctionId>,
    /// Globals referred to, in handle order, each once.
    pub globals: Vec<GlobalId>,
    /// Globals whose hidden counter is used (`IncrementCounter`/`DecrementCounter`), in handle
    /// order, each once.
    pub counters: Vec<GlobalId>,
}

/// What Slang's `__target_switch` cases name: a target, or one of its capability atoms
/// (`_sm_6_6`, `SPV_KHR_compute_shader_derivatives`, `_GL_NV_compute_shader_derivatives`), which
/// counts as its target. `Cpp`, Slang's CPU target, is the CPU engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwitchTarget {
    Hlsl,
    Spirv,
    Glsl,
    Cuda,
    Metal,
    Wgsl,
    Cpp,
}

impl SwitchTarget {
    pub const ALL: [SwitchTarget; 7] = [
        SwitchTarget::Hlsl,
        SwitchTarget::Spirv,
        SwitchTarget::Glsl,
        SwitchTarget::Cuda,
        SwitchTarget::Metal,
        SwitchTarget::Wgsl,
        SwitchTarget::Cpp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SwitchTarget::Hlsl => "hlsl",
            SwitchTarget::Spirv => "spirv",
            SwitchTarget::Glsl => "glsl",
            SwitchTarget::Cuda => "cuda",
            SwitchTarget::Metal => "metal",
            SwitchTarget::Wgsl => "wgsl",
            SwitchTarget::Cpp => "cpp",
        }
    }

    /// The target a case label names: a target's name, or a capability atom of one.
    pub fn from_label(label: &str) -> Option<SwitchTarget> {
        use SwitchTarget::*;
        if let Some(t) = SwitchTarget::ALL.iter().find(|t| t.name() == label) {
            return Some(*t);
        }
        let prefixed = |prefixes: &[&str]| prefixes.iter().any(|p| label.starts_with(p));
        Some(if prefixed(&["_sm_", "sm_", "hlsl_", "_hlsl_"]) {
            Hlsl
        } else if prefixed(&["spirv_", "_spirv_", "SPV_", "spv"]) {
            Spirv
        } else if prefixed(&["glsl_", "_glsl_", "GL_", "_GL_"]) {
            Glsl
        } else if prefixed(&["cuda_", "_cuda_", "ptx"]) {
            Cuda
        } else if prefixed(&["metal_", "_metal_", "metallib"]) {
            Metal
        } else if prefixed(&["wgsl_", "_wgsl_"]) {
            Wgsl
        } else if prefixed(&["cpp_", "_cpp_"]) || label == "c" {
            Cpp
        } else {
            return None;
        })
    }

    /// The number `__target_is` takes for this target.
    pub fn code(self) -> u64 {
        SwitchTarget::ALL.iter().position(|t| *t == self).unwrap_or(0) as u64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Compute,
    Vertex,
    Pixel,
    Geometry,
    Hull,
    Domain,
    Mesh,
    Amplification,
}

impl Stage {
    pub fn from_name(s: &str) -> Option<Stage> {
        Some(match s.to_ascii_lowercase().as_str() {
            "compute" => Stage::Compute,
            "vertex" => Stage::Vertex,
            "pixel" | "fragment" => Stage::Pixel,
            "geometry" => Stage::Geometry,
            "hull" => Stage::Hull,
            "domain" => Stage::Domain,
            "mesh" => Stage::Mesh,
            "amplification" | "task" => Stage::Amplification,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Stage::Compute => "compute",
            Stage::Vertex => "vertex",
            Stage::Pixel => "pixel",
            Stage::Geometry => "geometry",
            Stage::Hull => "hull",
            Stage::Domain => "domain",
            Stage::Mesh => "mesh",
            Stage::Amplification => "amplification",
        }
    }
    /// Stages with thread groups (numthreads, groupshared, group wave index).
    pub fn has_groups(self) -> bool {
        matches!(self, Stage::Compute | Stage::Mesh | Stage::Amplification)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveSize {
    pub min: u32,
    /// Equal to `min` for the one-argument form.
    pub max: u32,
    pub preferred: Option<u32>,
    /// Written with the range form (two or three arguments).
    pub range_form: bool,
    /// The attribute, for diagnostics about target support.
    pub span: Span,
}

impl WaveSize {
    /// `32`, or `16 to 64` for a range.
    pub fn sizes(&self) -> String {
        if self.min == self.max {
            self.min.to_string()
        } else {
            format!("{} to {}", self.min, self.max)
        }
    }
}

#[derive(Clone, Debug)]
pub struct EntryPoint {
    pub name: String,
    pub function: FunctionId,
    pub stage: Stage,
    pub numthreads: Option<[u32; 3]>,
    /// The dimensions of `numthreads` given by a specialization constant (its global; the
    /// default is in `numthreads`): SPIR-V's `LocalSizeId`, GLSL's `local_size_x_id`.
    pub numthreads_spec: [Option<GlobalId>; 3],
    pub wave_size: Option<WaveSize>,
    /// `[RootSignature("…")]`: D3D12 reads it from the DXIL, so HLSL output keeps it; no other
    /// target has root signatures.
    pub root_signature: Option<String>,
    /// How a compute shader's threads form the 2×2 groups that implicit-LOD sampling takes
    /// derivatives over; `None`: it has no derivatives.
    pub derivative_group: Option<DerivativeGroup>,
    pub span: Span,
}

/// The derivative groups of a compute shader (Slang's `[DerivativeGroupQuad]` and
/// `[DerivativeGroupLinear]`, GLSL's `derivative_group_quadsNV`/`…linearNV`; SPIR-V's
/// `DerivativeGroupQuadsKHR`/`…LinearKHR`). Each group is four threads, read as a 2×2 block:
/// its first thread, the one to its right, the one below, and the one below and right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DerivativeGroup {
    /// 2×2 blocks of `SV_GroupThreadID.xy` (x and y of the group even).
    Quads,
    /// Four consecutive `SV_GroupIndex`es (a group of a multiple of four threads).
    Linear,
}

impl DerivativeGroup {
    /// The four `SV_GroupIndex`es of the group holding thread `index` of a group of `size`, in
    /// the order first, right, below, below-right.
    pub fn members(self, index: u32, size: [u32; 3]) -> [u32; 4] {
        match self {
            DerivativeGroup::Linear => {
                let base = index & !3;
                [base, base + 1, base + 2, base + 3]
            }
            DerivativeGroup::Quads => {
                let row = size[0];
                let plane = size[0] * size[1];
                let (x, y, z) = (index % row, index % plane / row, index / plane);
                let at = |dx: u32, dy: u32| (x & !1) + dx + ((y & !1) + dy) * row + z * plane;
                [at(0, 0), at(1, 0), at(0, 1), at(1, 1)]
            }
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Which memory layout each kind of buffer gets: every consumer of the module (the SPIR-V
    /// writer, the CPU engine, reflection) places buffer contents by it.
    pub layout: crate::layout::LayoutMode,
    /// DXC's `-fvk-{b,s,t,u}-shift N M`: added to the binding a `register` gives.
    pub register_shifts: Vec<RegisterShift>,
    pub structs: Arena<StructDef>,
    pub globals: Arena<Global>,
    pub cbuffers: Vec<Cbuffer>,
    pub functions: Arena<Function>,
    pub entry_points: Vec<EntryPoint>,
    /// The structs that stand for interface-typed values (Slang's existentials), for whoever
    /// fills or reads their bytes (tests, reflection).
    pub existentials: Vec<Existential>,
    /// Specialization constants, by id: globals of space `Constant` holding their default
    /// values, which a pipeline may replace.
    pub spec_constants: Vec<SpecConstant>,
    /// The parameter blocks (and `ConstantBuffer<T>`s holding resources) that
    /// [`crate::lower::parameter_blocks`] split into globals, for whoever fills them field by
    /// field (tests).
    pub split_blocks: Vec<SplitBlock>,
    /// The fields declared `ParameterBlock<T>` (their type is the `ConstantBuffer<T>` it holds):
    /// a descriptor set of their own where a parameter block holds them.
    pub parameter_block_fields: crate::fast_hash::HashSet<(StructId, u32)>,
    /// The structs standing for Slang's `Atomic<T>` (one field, `value`): a buffer of them
    /// holds `T`s, as reflection and Slang's test output see it.
    pub atomic_structs: Vec<StructId>,
    /// The structs that are combined texture-samplers (the core module's `Sampler2D<T>`…): a
    /// texture and a sampler bound together wherever a global holds one.
    pub combined_samplers: Vec<StructId>,
    /// The resource types declared `globallycoherent` where a descriptor heap may give them:
    /// a heap of one of these is coherent ([`crate::lower::descriptor_heaps`]).
    pub coherent_heap_types: Vec<Type>,
}

/// A block as declared (`name`, of struct `ty`) and where each of `ty`'s fields went, in field
/// order (`None`: a field no part holds).
#[derive(Clone, Debug)]
pub struct SplitBlock {
    pub name: String,
    pub ty: StructId,
    pub parts: Vec<Option<BlockPart>>,
}

/// Where a field of a split block lives: field `index` of the constant buffer `global` (the
/// block's data), a resource global of its own, or a block nested in it, split in turn
/// (`Module::split_blocks[i]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockPart {
    Data { global: GlobalId, index: u32 },
    Resource(GlobalId),
    Block(usize),
}

/// An interface used as a type: its values are struct `ty`, laid out as Slang lays out an
/// existential, `{ uint2 rtti; uint2 witness; AnyValue payload; }` (the payload's `uint`
/// fields omitted when it has no bytes). `witness.x` is the type id of the concrete type held,
/// whose value fills the payload as [`crate::layout::any_value_leaves`] places it.
#[derive(Clone, Debug)]
pub struct Existential {
    /// As written: `IFoo`, `IFoo<float>`.
    pub interface: String,
    pub ty: StructId,
    /// Bytes of payload (Slang's `[anyValueSize(N)]`, or the largest conforming type's).
    pub payload_bytes: u32,
    /// Each concrete type a value may hold, with its type id, in id order.
    pub types: Vec<(Type, u32)>,
}

/// A specialization constant (`[SpecializationConstant]`, `[vk::constant_id(N)]`): global
/// `global`, a `Constant` whose `init` is the default, given another value by a pipeline
/// under `id` (SPIR-V's `SpecId`, GLSL's `constant_id`, WGSL's `@id`, Metal's function constant
/// index). Targets without specialization (HLSL, CUDA) read the default.
#[derive(Clone, Debug)]
pub struct SpecConstant {
    pub global: GlobalId,
    pub id: u32,
}

impl Module {
    /// The rule storage buffer `g` is laid out by: its own, else `--layout`'s.
    pub fn storage_rule(&self, g: &Global) -> crate::layout::Rule {
        g.layout.unwrap_or(self.layout.storage())
    }

    /// Whether a Vulkan device needs `scalarBlockLayout` for this module's buffers: by
    /// `--layout`, or by a buffer's own layout.
    pub fn needs_scalar_block_layout(&self) -> bool {
        use crate::layout::Rule;
        self.layout.needs_scalar_block_layout()
            || self.reaches_through_pointers()
            || self
                .globals
                .iter()
                .any(|(_, g)| matches!(g.layout, Some(Rule::Scalar | Rule::D3dStructured | Rule::D3dCbuffer)))
    }

    /// Whether a function reaches memory through a pointer, which Slang lays out by the
    /// scalar rule (`layout::POINTEE`).
    pub fn reaches_through_pointers(&self) -> bool {
        self.functions.iter().any(|(_, f)| f.exprs.iter().any(|(_, e)| matches!(e.kind, ExprKind::Deref(_))))
    }

    /// The rule constant buffer `g` is laid out by: its own, else `--layout`'s.
    pub fn uniform_rule(&self, g: &Global) -> crate::layout::Rule {
        g.layout.unwrap_or(self.layout.uniform())
    }

    /// The rule of the block the globals of `space` make: the push constants are laid out as
    /// storage buffers are, `cbuffer`s and `$Globals` as uniform buffers.
    pub fn block_rule(&self, space: &AddressSpace) -> crate::layout::Rule {
        if *space == AddressSpace::PushConstant {
            self.layout.storage()
        } else {
            self.layout.uniform()
        }
    }

    /// The specialization constant id of global `g`, when it is one.
    pub fn spec_id(&self, g: GlobalId) -> Option<u32> {
        self.spec_constants.iter().find(|s| s.global == g).map(|s| s.id)
    }

    /// Gives specialization constants other values (`(id, value)`), as a pipeline would: for
    /// the engines that compile the module themselves (the CPU engine, CUDA). An id the module
    /// does not have is an error naming it.
    pub fn specialize(&mut self, values: &[(u32, f64)]) -> Result<(), String> {
        for &(id, value) in values {
            let Some(sc) = self.spec_constants.iter().find(|s| s.id == id) else {
                return Err(format!("the shader has no specialization constant {id}"));
            };
            let g = sc.global;
            let ty = self.globals[g].ty.clone();
            let name = &self.globals[g].name;
            let refuse =
                |what: &str| Err(format!("specialization constant {id} (`{name}`) is {what}; {value} does not fit"));
            let v = match ty.scalar() {
                Some(Scalar::Bool) if value == 0.0 || value == 1.0 => ConstValue::Bool(value != 0.0),
                Some(Scalar::Bool) => return refuse("a bool (0 or 1, false or true)"),
                Some(s) if s.is_float() => ConstValue::Float(value),
                Some(s) if value.fract() != 0.0 => return refuse(&format!("an integer ({})", s.hlsl_name())),
                Some(s) if s.is_signed_int() => {
                    let half = 2f64.powi(s.bits() as i32 - 1);
                    if value < -half || value >= half {
                        return refuse(&format!("a {}", s.hlsl_name()));
                    }
                    ConstValue::Int(value as i64)
                }
                Some(s) => {
                    if value < 0.0 || value >= 2f64.powi(s.bits() as i32) {
                        return refuse(&format!("a {}", s.hlsl_name()));
                    }
                    ConstValue::Uint(value as u64)
                }
                None => return refuse("not a scalar"),
            };
            self.globals[g].init = Some(v.clone());
            for ep in &mut self.entry_points {
                for (d, spec) in ep.numthreads_spec.iter().enumerate() {
                    if *spec == Some(g) {
                        let Some(size) = ep.numthreads.as_mut() else { continue };
                        match v.as_u64() {
                            Some(n) if (1..=1024).contains(&n) => size[d] = n as u32,
                            _ => {
                                let axis = ["x", "y", "z"][d];
                                return Err(format!("specialization constant {id} sizes the group's {axis} dimension, which {value} cannot be"));
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether `ty`, stored with `majorness`, holds an integer or bool matrix laid out by
    /// columns. SPIR-V and GLSL have float matrices only and give the others as arrays of their
    /// rows, so only row-major storage of those matches the bytes HLSL gives them.
    pub fn stores_integer_matrix_by_columns(&self, ty: &Type, majorness: Majorness) -> bool {
        match ty {
            Type::Matrix(s, _, _) => !s.is_float() && majorness == Majorness::Column,
            Type::Array(e, _) => self.stores_integer_matrix_by_columns(e, majorness),
            Type::Struct(h) => {
                self.structs[*h].fields.iter().any(|f| self.stores_integer_matrix_by_columns(&f.ty, f.majorness))
            }
            _ => false,
        }
    }
    /// HLSL spelling of a type, struct names resolved.
    pub fn type_name(&self, ty: &Type) -> String {
        match ty {
            Type::Struct(h) => self.structs[*h].name.clone(),
            Type::Array(e, Some(n)) => format!("{}[{}]", self.type_name(e), n),
            Type::Array(e, None) => format!("{}[]", self.type_name(e)),
            Type::Resource(k, Some(e)) => format!("{}<{}>", k.name(), self.type_name(e)),
            Type::Pointer(t) if matches!(**t, Type::Resource(..)) => format!("DescriptorHandle<{}>", self.type_name(t)),
            Type::Pointer(t) => format!("{}*", self.type_name(t)),
            other => other.to_string(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
}

impl Block {
    /// Every statement of the block and of the blocks nested in it, each before those inside
    /// it (a `for`'s initializers before its body).
    pub fn visit_stmts(&self, visit: &mut impl FnMut(&Stmt)) {
        for s in &self.stmts {
            visit_stmt(s, visit);
        }
    }
}

impl Stmt {
    /// Calls `visit` on each block directly inside this statement, a `for`'s initializers
    /// among them (as a block of their own, put back after).
    pub fn for_each_block_mut(&mut self, mut visit: impl FnMut(&mut Block)) {
        match self {
            Stmt::Block(b) | Stmt::While { body: b, .. } | Stmt::DoWhile { body: b, .. } => visit(b),
            Stmt::If { then, els, .. } => {
                visit(then);
                if let Some(e) = els {
                    visit(e);
                }
            }
            Stmt::For { init, body, .. } => {
                let mut head = Block { stmts: std::mem::take(init) };
                visit(&mut head);
                *init = head.stmts;
                visit(body);
            }
            Stmt::Switch { cases, .. } => cases.iter_mut().for_each(|c| visit(&mut c.body)),
            Stmt::Expr(_) | Stmt::Local { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Discard => {}
        }
    }
}

fn visit_stmt(s: &Stmt, visit: &mut impl FnMut(&Stmt)) {
    visit(s);
    match s {
        Stmt::Block(b) => b.visit_stmts(visit),
        Stmt::If { then, els, .. } => {
            then.visit_stmts(visit);
            if let Some(b) = els {
                b.visit_stmts(visit);
            }
        }
        Stmt::For { init, body, .. } => {
            for s in init {
                visit_stmt(s, visit);
            }
            body.visit_stmts(visit);
        }
        Stmt::While { body, .. } | Stmt::DoWhile { body, .. } => body.visit_stmts(visit),
        Stmt::Switch { cases, .. } => {
            for c in cases {
                c.body.visit_stmts(visit);
            }
        }
        _ => {}
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopHint {
    None,
    Unroll(Option<u32>),
    Loop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchHint {
    None,
    Branch,
    Flatten,
}

#[derive(Clone, Debug)]
pub struct SwitchCase {
    /// Empty for `default:` alone; `default` is flagged separately so `case 1: default:` works.
    pub values: Vec<i64>,
    pub is_default: bool,
    pub body: Block,
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Expr(ExprId),
    /// The declaration point of a local, with its initializer.
    Local {
        local: LocalId,
        init: Option<ExprId>,
    },
    Block(Block),
    If {
        cond: ExprId,
        then: Block,
        els: Option<Block>,
        hint: BranchHint,
    },
    For {
        init: Vec<Stmt>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: Block,
        hint: LoopHint,
    },
    While {
        cond: ExprId,
        body: Block,
        hint: LoopHint,
    },
    DoWhile {
        body: Block,
        cond: ExprId,
        hint: LoopHint,
    },
    Switch {
        selector: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    Discard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    LogicAnd,
    LogicOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            LogicAnd => "&&",
            LogicOr => "||",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
        }
    }
    pub fn is_comparison(self) -> bool {
        use BinaryOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
    pub fn is_logical(self) -> bool {
        matches!(self, BinaryOp::LogicAnd | BinaryOp::LogicOr)
    }
    pub fn is_bitwise(self) -> bool {
        use BinaryOp::*;
        matches!(self, Shl | Shr | BitAnd | BitOr | BitXor)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IncDec {
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

/// Methods of resource objects (`buf.Load(i)`, `tex.GetDimensions(w, h)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceMethod {
    /// `Load`, `Load2`, `Load3`, `Load4` (byte-address: the number of words), `Load<T>` and the
    /// typed `Load` of buffers and textures.
    Load(u8),
    Store(u8),
    GetDimensions,
    IncrementCounter,
    DecrementCounter,
    Append,
    Consume,
    /// Byte-address buffer atomics: `buf.InterlockedAdd(offset, value[, original])`.
    Interlocked(AtomicOp),
    /// `Sample*` and `Gather*`: the arguments are laid out by [`SampleOp::operands`].
    Sample(SampleOp),
    /// `GetDimensions(mip, width[, height[, depth or layers]], levels)` of a sampled texture:
    /// the size of level `mip` and the number of levels.
    GetDimensionsMip,
    /// `tex.mips[level][coord]`: the arguments are the level, then the coordinate.
    MipLoad,
    /// A multisampled texture's `Load(coord, sample[, offset])`, `tex.sample[s][coord]` and
    /// `tex[coord]` (sample 0): the arguments are the coordinate (with the layer last), the
    /// sample index, then a constant offset if any.
    LoadSample,
    /// A multisampled texture's `GetDimensions(width, height[, layers], samples)`.
    GetDimensionsSamples,
    /// A method of a `RayQuery`; the object is the query's variable.
    RayQuery(RayQueryOp),
}

/// The methods of a `RayQuery` (DXR 1.1's inline ray tracing, SPIR-V's `SPV_KHR_ray_query`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RayQueryOp {
    /// `TraceRayInline(accel, flags, mask, ray)`: the flags already or-ed with the type's; the
    /// ray a `RayDesc`.
    TraceRayInline,
    /// `Proceed()`: `true` while a candidate waits for the shader.
    Proceed,
    Abort,
    CommitNonOpaqueTriangleHit,
    /// `CommitProceduralPrimitiveHit(t)`.
    CommitProceduralPrimitiveHit,
    /// `CandidateType()`: `CANDIDATE_NON_OPAQUE_TRIANGLE` (0) or `CANDIDATE_PROCEDURAL_PRIMITIVE`.
    CandidateType,
    /// `CommittedStatus()`: `COMMITTED_NOTHING` (0), `_TRIANGLE_HIT`, `_PROCEDURAL_PRIMITIVE_HIT`.
    CommittedStatus,
    CandidateProceduralPrimitiveNonOpaque,
    RayFlags,
    WorldRayOrigin,
    WorldRayDirection,
    RayTMin,
    /// A value of the candidate (`false`) or the committed (`true`) intersection.
    Hit(HitValue, bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HitValue {
    RayT,
    InstanceIndex,
    InstanceID,
    InstanceContributionToHitGroupIndex,
    GeometryIndex,
    PrimitiveIndex,
    ObjectRayOrigin,
    ObjectRayDirection,
    ObjectToWorld3x4,
    ObjectToWorld4x3,
    WorldToObject3x4,
    WorldToObject4x3,
    TriangleBarycentrics,
    TriangleFrontFace,
}

impl HitValue {
    pub const ALL: [HitValue; 14] = [
        HitValue::RayT,
        HitValue::InstanceIndex,
        HitValue::InstanceID,
        HitValue::InstanceContributionToHitGroupIndex,
        HitValue::GeometryIndex,
        HitValue::PrimitiveIndex,
        HitValue::ObjectRayOrigin,
        HitValue::ObjectRayDirection,
        HitValue::ObjectToWorld3x4,
        HitValue::ObjectToWorld4x3,
        HitValue::WorldToObject3x4,
        HitValue::WorldToObject4x3,
        HitValue::TriangleBarycentrics,
        HitValue::TriangleFrontFace,
    ];
    /// The method's name after `Candidate`/`Committed` (`CandidateTriangleRayT`, `CommittedRayT`).
    pub fn name(self, committed: bool) -> &'static str {
        match self {
            HitValue::RayT if committed => "RayT",
            HitValue::RayT => "TriangleRayT",
            HitValue::InstanceIndex => "InstanceIndex",
            HitValue::InstanceID => "InstanceID",
            HitValue::InstanceContributionToHitGroupIndex => "InstanceContributionToHitGroupIndex",
            HitValue::GeometryIndex => "GeometryIndex",
            HitValue::PrimitiveIndex => "PrimitiveIndex",
            HitValue::ObjectRayOrigin => "ObjectRayOrigin",
            HitValue::ObjectRayDirection => "ObjectRayDirection",
            HitValue::ObjectToWorld3x4 => "ObjectToWorld3x4",
            HitValue::ObjectToWorld4x3 => "ObjectToWorld4x3",
            HitValue::WorldToObject3x4 => "WorldToObject3x4",
            HitValue::WorldToObject4x3 => "WorldToObject4x3",
            HitValue::TriangleBarycentrics => "TriangleBarycentrics",
            HitValue::TriangleFrontFace => "TriangleFrontFace",
        }
    }
    pub fn ty(self) -> Type {
        match self {
            HitValue::RayT => Type::FLOAT,
            HitValue::ObjectRayOrigin | HitValue::ObjectRayDirection => Type::Vector(Scalar::F32, 3),
            HitValue::ObjectToWorld3x4 | HitValue::WorldToObject3x4 => Type::Matrix(Scalar::F32, 3, 4),
            HitValue::ObjectToWorld4x3 | HitValue::WorldToObject4x3 => Type::Matrix(Scalar::F32, 4, 3),
            HitValue::TriangleBarycentrics => Type::Vector(Scalar::F32, 2),
            HitValue::TriangleFrontFace => Type::BOOL,
            _ => Type::UINT,
        }
    }
}

impl RayQueryOp {
    /// The HLSL method name.
    pub fn name(self) -> String {
        match self {
            RayQueryOp::Hit(v, committed) => {
                format!("{}{}", if committed { "Committed" } else { "Candidate" }, v.name(committed))
            }
            other => format!("{other:?}"),
        }
    }
    /// The op a method name spells.
    pub fn from_name(name: &str) -> Option<RayQueryOp> {
        use RayQueryOp::*;
        let plain = [
            TraceRayInline,
            Proceed,
            Abort,
            CommitNonOpaqueTriangleHit,
            CommitProceduralPrimitiveHit,
            CandidateType,
            CommittedStatus,
            CandidateProceduralPrimitiveNonOpaque,
            RayFlags,
            WorldRayOrigin,
            WorldRayDirection,
            RayTMin,
        ];
        let hits = HitValue::ALL.into_iter().flat_map(|v| [Hit(v, false), Hit(v, true)]);
        plain.into_iter().chain(hits).find(|op| op.name() == name)
    }
    /// The result type.
    pub fn ty(self) -> Type {
        use RayQueryOp::*;
        match self {
            TraceRayInline | Abort | CommitNonOpaqueTriangleHit | CommitProceduralPrimitiveHit => Type::Void,
            Proceed | CandidateProceduralPrimitiveNonOpaque => Type::BOOL,
            CandidateType | CommittedStatus | RayFlags => Type::UINT,
            WorldRayOrigin | WorldRayDirection => Type::Vector(Scalar::F32, 3),
            RayTMin => Type::FLOAT,
            Hit(v, _) => v.ty(),
        }
    }
}

/// The operands of a `GetDimensions` call of a texture: the level asked about
/// (`GetDimensionsMip`'s first), the outputs of the sizes, then the output of the number of
/// levels (`GetDimensionsMip`'s last).
#[derive(Clone, Copy, Debug)]
pub struct DimensionOperands<'a> {
    pub level: Option<ExprId>,
    pub sizes: &'a [ExprId],
    pub levels: Option<ExprId>,
    /// The output of a multisampled texture's number of samples.
    pub samples: Option<ExprId>,
}

impl ResourceMethod {
    /// Where the operands of `GetDimensions`/`GetDimensionsMip` are among `args`.
    pub fn dimension_operands(self, args: &[ExprId]) -> DimensionOperands<'_> {
        match (self, args) {
            (ResourceMethod::GetDimensionsMip, [level, sizes @ .., levels]) => {
                DimensionOperands { level: Some(*level), sizes, levels: Some(*levels), samples: None }
            }
            (ResourceMethod::GetDimensionsSamples, [sizes @ .., samples]) => {
                DimensionOperands { level: None, sizes, levels: None, samples: Some(*samples) }
            }
            _ => DimensionOperands { level: None, sizes: args, levels: None, samples: None },
        }
    }
}

/// One sampling or gathering method of a texture, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampleOp {
    pub kind: SampleKind,
    /// A texel offset argument (a constant) follows the operands of the kind.
    pub offset: bool,
    /// A minimum-LOD clamp argument follows (`Sample`, `SampleBias`, `SampleGrad`, `SampleCmp`).
    pub clamp: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampleKind {
    /// `Sample(s, coord)`: implicit LOD, from derivatives (pixel shaders only).
    Sample,
    /// `SampleBias(s, coord, bias)`: implicit LOD plus a bias (pixel shaders only).
    Bias,
    /// `SampleLevel(s, coord, lod)`.
    Level,
    /// `SampleGrad(s, coord, ddx, ddy)`.
    Grad,
    /// `SampleCmp(s, coord, compare)`: implicit LOD, depth compare (pixel shaders only).
    Cmp,
    /// `SampleCmpLevelZero(s, coord, compare)`.
    CmpLevelZero,
    /// `SampleCmpLevel(s, coord, compare, lod)` (shader model 6.7).
    CmpLevel,
    /// `Gather(s, coord)` (`None`) or `GatherRed`/`Green`/`Blue`/`Alpha` (component 0–3).
    Gather(Option<u8>),
    /// `GatherCmp(s, coord, compare)` or `GatherCmpRed`/`Green`/`Blue`/`Alpha`.
    GatherCmp(Option<u8>),
    /// `CalculateLevelOfDetail(s, coord)` (`false`: the level sampling would read, clamped to
    /// the texture's levels) or `CalculateLevelOfDetailUnclamped` (`true`): a `float`, from
    /// derivatives as `Sample`'s LOD is.
    Lod(bool),
}

/// Where each operand of a [`SampleOp`] is among a method's arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SampleOperands {
    pub sampler: usize,
    pub coord: usize,
    pub compare: Option<usize>,
    pub bias: Option<usize>,
    pub lod: Option<usize>,
    pub grad: Option<(usize, usize)>,
    pub offset: Option<usize>,
    pub clamp: Option<usize>,
    /// The number of arguments.
    pub count: usize,
}

impl SampleKind {
    pub fn method_name(self) -> &'static str {
        match self {
            SampleKind::Sample => "Sample",
            SampleKind::Bias => "SampleBias",
            SampleKind::Level => "SampleLevel",
            SampleKind::Grad => "SampleGrad",
            SampleKind::Cmp => "SampleCmp",
            SampleKind::CmpLevelZero => "SampleCmpLevelZero",
            SampleKind::CmpLevel => "SampleCmpLevel",
            SampleKind::Gather(None) => "Gather",
            SampleKind::Gather(Some(c)) => ["GatherRed", "GatherGreen", "GatherBlue", "GatherAlpha"][c as usize & 3],
            SampleKind::GatherCmp(None) => "GatherCmp",
            SampleKind::GatherCmp(Some(c)) => {
                ["GatherCmpRed", "GatherCmpGreen", "GatherCmpBlue", "GatherCmpAlpha"][c as usize & 3]
            }
            SampleKind::Lod(false) => "CalculateLevelOfDetail",
            SampleKind::Lod(true) => "CalculateLevelOfDetailUnclamped",
        }
    }
    /// The kind a method name spells.
    pub fn from_method_name(name: &str) -> Option<SampleKind> {
        let all = [
            SampleKind::Sample,
            SampleKind::Bias,
            SampleKind::Level,
            SampleKind::Grad,
            SampleKind::Cmp,
            SampleKind::CmpLevelZero,
            SampleKind::CmpLevel,
            SampleKind::Lod(false),
            SampleKind::Lod(true),
        ];
        let gathers = [None, Some(0), Some(1), Some(2), Some(3)];
        all.into_iter()
            .chain(gathers.iter().map(|c| SampleKind::Gather(*c)))
            .chain(gathers.iter().map(|c| SampleKind::GatherCmp(*c)))
            .find(|k| k.method_name() == name)
    }
    /// The LOD comes from screen-space derivatives, which only pixel shaders have.
    pub fn needs_derivatives(self) -> bool {
        matches!(self, SampleKind::Sample | SampleKind::Bias | SampleKind::Cmp | SampleKind::Lod(_))
    }
    /// A depth compare against a reference value.
    pub fn is_compare(self) -> bool {
        matches!(self, SampleKind::Cmp | SampleKind::CmpLevelZero | SampleKind::CmpLevel | SampleKind::GatherCmp(_))
    }
    pub fn is_gather(self) -> bool {
        matches!(self, SampleKind::Gather(_) | SampleKind::GatherCmp(_))
    }
    /// The component a gather reads (red for the plain `Gather`).
    pub fn gather_component(self) -> u8 {
        match self {
            SampleKind::Gather(c) | SampleKind::GatherCmp(c) => c.unwrap_or(0),
            _ => 0,
        }
    }
    /// Whether the method takes a minimum-LOD clamp after its offset.
    pub fn takes_clamp(self) -> bool {
        matches!(self, SampleKind::Sample | SampleKind::Bias | SampleKind::Grad | SampleKind::Cmp)
    }
}

impl SampleOp {
    /// The argument layout: sampler, coordinate, compare value, bias / LOD / gradients,
    /// offset, clamp, in that order (HLSL's).
    pub fn operands(self) -> SampleOperands {
        let mut o = SampleOperands { sampler: 0, coord: 1, ..Default::default() };
        let mut next = 2;
        let mut take = || {
            next += 1;
            next - 1
        };
        if self.kind.is_compare() {
            o.compare = Some(take());
        }
        match self.kind {
            SampleKind::Bias => o.bias = Some(take()),
            SampleKind::Level | SampleKind::CmpLevel => o.lod = Some(take()),
            SampleKind::Grad => o.grad = Some((take(), take())),
            _ => {}
        }
        if self.offset {
            o.offset = Some(take());
        }
        if self.clamp {
            o.clamp = Some(take());
        }
        o.count = next;
        o
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
    Exchange,
    CompareExchange,
    CompareStore,
}

impl AtomicOp {
    pub fn method_name(self) -> &'static str {
        match self {
            AtomicOp::Add => "InterlockedAdd",
            AtomicOp::Min => "InterlockedMin",
            AtomicOp::Max => "InterlockedMax",
            AtomicOp::And => "InterlockedAnd",
            AtomicOp::Or => "InterlockedOr",
            AtomicOp::Xor => "InterlockedXor",
            AtomicOp::Exchange => "InterlockedExchange",
            AtomicOp::CompareExchange => "InterlockedCompareExchange",
            AtomicOp::CompareStore => "InterlockedCompareStore",
        }
    }
}

/// Handle of an intrinsic declaration in the process-wide stdlib.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntrinsicId(pub u32);

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Const(ConstValue),
    Local(LocalId),
    Global(GlobalId),
    Unary(UnaryOp, ExprId),
    Binary(BinaryOp, ExprId, ExprId),
    /// `c ? a : b`; component-wise when `c` is a vector.
    Select {
        cond: ExprId,
        then: ExprId,
        els: ExprId,
    },
    /// Implicit or explicit conversion to `Expr::ty`: numeric casts, splats (scalar to vector or
    /// matrix), truncations (vector to fewer components).
    Convert(ExprId),
    /// Vector, matrix, array or struct built from parts (HLSL flattens nested vectors:
    /// `float4(a.xy, b, c)` has three parts).
    Construct(Vec<ExprId>),
    Swizzle {
        base: ExprId,
        components: Vec<u8>,
    },
    Field {
        base: ExprId,
        index: u32,
    },
    /// Array, vector, matrix-row or resource element access.
    Index {
        base: ExprId,
        index: ExprId,
    },
    Call {
        function: FunctionId,
        args: Vec<ExprId>,
    },
    Intrinsic {
        id: IntrinsicId,
        args: Vec<ExprId>,
        /// Boxed: rare, and inline it would make every expression 16 bytes larger.
        bound: Option<Box<Type>>,
    },
    Method {
        object: ExprId,
        method: ResourceMethod,
        args: Vec<ExprId>,
    },
    Assign {
        op: Option<BinaryOp>,
        target: ExprId,
        value: ExprId,
    },
    IncDec {
        op: IncDec,
        target: ExprId,
    },
    Comma(ExprId, ExprId),
    /// `*p`, `p->f`'s `*p`, `p[i]`'s `*(p + i)`: the place pointer `p` points to, an lvalue of
    /// the pointee type. Pointer arithmetic is `Binary(Add | Sub, pointer, integer)`, typed as
    /// the pointer and counted in pointees; comparisons compare addresses.
    Deref(ExprId),
    /// `&x`, `__getAddress(x)`: the address of a place reached through a pointer (a `Deref`
    /// and fields and indices of it).
    AddressOf(ExprId),
    /// The group wave index/count computed by the fallback pass, or an `SV_GroupWaveIndex`
    /// parameter read: backends print what their target has.
    GroupWave(GroupWaveValue),
    /// Slang's `spirv_asm { … }`, typed as its `result` (or `void`). Only the SPIR-V backend
    /// writes it; other targets are refused before their backends see it.
    SpirvAsm(Box<AsmBlock>),
    /// `printf(format, args…)` (HLSL's debug print), of type `void`: HLSL writes it as it is,
    /// SPIR-V as `NonSemantic.DebugPrintf`, GLSL as `debugPrintfEXT`, CUDA as `printf`; WGSL,
    /// Metal and the CPU engine, which have no print, evaluate the arguments and print nothing
    /// (with warning W0620 from the driver for the first two).
    Printf {
        format: Box<str>,
        args: Vec<ExprId>,
    },
}

#[derive(Clone, Debug)]
pub struct AsmBlock {
    pub insts: Vec<AsmInst>,
}

/// One instruction of a `spirv_asm` block, its operands resolved to Slang's types, values and
/// places. Whether an operand is the result type, the result id or an input is the SPIR-V
/// grammar's business, which only the backend knows.
#[derive(Clone, Debug)]
pub struct AsmInst {
    pub opcode: String,
    /// The id (`%x` or `result`) named before `=`, and the type after its `:`.
    pub result: Option<(AsmOperand, Option<AsmOperand>)>,
    pub operands: Vec<AsmOperand>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum AsmOperand {
    Type(Type),
    Value(ExprId),
    /// A place (a local, a global, a field or element of one): its pointer.
    Address(ExprId),
    Id(String),
    Result,
    Int(i64),
    Float(f64),
    Str(String),
    Enum(Vec<AsmEnumPart>),
    /// The four-component vector of this scalar, which image reads give.
    SampledType(Scalar),
    Builtin(String, Type),
}

#[derive(Clone, Debug)]
pub enum AsmEnumPart {
    Name(String),
    Int(u64),
}

impl AsmBlock {
    /// The Slang values and places the block reads, in order.
    fn operands(&self) -> impl Iterator<Item = &AsmOperand> {
        self.insts
            .iter()
            .flat_map(|i| i.result.iter().flat_map(|(a, b)| std::iter::once(a).chain(b)).chain(&i.operands))
    }
    fn operands_mut(&mut self) -> impl Iterator<Item = &mut AsmOperand> {
        self.insts
            .iter_mut()
            .flat_map(|i| i.result.iter_mut().flat_map(|(a, b)| std::iter::once(a).chain(b)).chain(&mut i.operands))
    }
}

impl ExprKind {
    /// The operands, in evaluation order.
    pub fn children(&self) -> Vec<ExprId> {
        let mut out = Vec::new();
        self.for_each_child(|c| out.push(c));
        out
    }

    /// Calls `visit` on each operand, in evaluation order, without collecting them: the
    /// whole-module walks (liveness, reachability) run this once per expression.
    pub fn for_each_child(&self, mut visit: impl FnMut(ExprId)) {
        match self {
            ExprKind::Unary(_, a)
            | ExprKind::Convert(a)
            | ExprKind::Swizzle { base: a, .. }
            | ExprKind::Field { base: a, .. }
            | ExprKind::Deref(a)
            | ExprKind::AddressOf(a)
            | ExprKind::IncDec { target: a, .. } => visit(*a),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index { base: a, index: b }
            | ExprKind::Comma(a, b)
            | ExprKind::Assign { target: a, value: b, .. } => {
                visit(*a);
                visit(*b);
            }
            ExprKind::Select { cond, then, els } => {
                visit(*cond);
                visit(*then);
                visit(*els);
            }
            ExprKind::Construct(parts) => parts.iter().copied().for_each(visit),
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } | ExprKind::Printf { args, .. } => {
                args.iter().copied().for_each(visit)
            }
            ExprKind::Method { object, args, .. } => {
                visit(*object);
                args.iter().copied().for_each(visit);
            }
            ExprKind::SpirvAsm(block) => {
                for o in block.operands() {
                    if let AsmOperand::Value(e) | AsmOperand::Address(e) = o {
                        visit(*e);
                    }
                }
            }
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::GroupWave(_) => {}
        }
    }

    /// [`ExprKind::for_each_child`] with each operand's handle open to change, in the same order.
    pub fn for_each_child_mut(&mut self, mut visit: impl FnMut(&mut ExprId)) {
        match self {
            ExprKind::Unary(_, a)
            | ExprKind::Convert(a)
            | ExprKind::Swizzle { base: a, .. }
            | ExprKind::Field { base: a, .. }
            | ExprKind::Deref(a)
            | ExprKind::AddressOf(a)
            | ExprKind::IncDec { target: a, .. } => visit(a),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index { base: a, index: b }
            | ExprKind::Comma(a, b)
            | ExprKind::Assign { target: a, value: b, .. } => {
                visit(a);
                visit(b);
            }
            ExprKind::Select { cond, then, els } => {
                visit(cond);
                visit(then);
                visit(els);
            }
            ExprKind::Construct(parts) => parts.iter_mut().for_each(visit),
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } | ExprKind::Printf { args, .. } => {
                args.iter_mut().for_each(visit)
            }
            ExprKind::Method { object, args, .. } => {
                visit(object);
                args.iter_mut().for_each(visit);
            }
            ExprKind::SpirvAsm(block) => {
                for o in block.operands_mut() {
                    if let AsmOperand::Value(e) | AsmOperand::Address(e) = o {
                        visit(e);
                    }
                }
            }
            ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::GroupWave(_) => {}
        }
    }
}

impl Module {
    /// Functions reachable from `entry` through calls, as a flag per function handle.
    /// Whether struct `h` is DXR's `RayDesc` (the core module's, or a shader's own of the same
    /// fields): HLSL has it built in, and `TraceRayInline` reads its fields by position.
    pub fn is_ray_desc(&self, h: StructId) -> bool {
        let s = &self.structs[h];
        let v3 = Type::Vector(Scalar::F32, 3);
        let want = [("Origin", &v3), ("TMin", &Type::FLOAT), ("Direction", &v3), ("TMax", &Type::FLOAT)];
        s.name == "RayDesc"
            && s.fields.len() == 4
            && s.fields.iter().zip(want).all(|(f, (n, t))| f.name == n && &f.ty == t)
    }

    /// Whether struct `h` is one HLSL declares itself: [`Module::is_ray_desc`], or DXR's
    /// `BuiltInTriangleIntersectionAttributes` (its `barycentrics`), which shared ray-tracing
    /// headers name in helpers that compute shaders include.
    pub fn is_hlsl_builtin_struct(&self, h: StructId) -> bool {
        let s = &self.structs[h];
        let triangle_attributes = s.name == "BuiltInTriangleIntersectionAttributes"
            && matches!(&s.fields[..], [f] if f.name == "barycentrics" && f.ty == Type::Vector(Scalar::F32, 2));
        triangle_attributes || self.is_ray_desc(h)
    }

    pub fn reachable_functions(&self, entry: FunctionId) -> Vec<bool> {
        let mut seen = vec![false; self.functions.len()];
        let mut stack = vec![entry];
        while let Some(h) = stack.pop() {
            if std::mem::replace(&mut seen[h.index()], true) {
                continue;
            }
            stack.extend_from_slice(&self.functions[h].uses.calls);
        }
        seen
    }

    /// Restores the invariant that callees come before their callers, after a pass added
    /// functions at the end of the arena (the instances of stdlib bodies). Functions already
    /// in order keep their handles; an added one moves to just before its first caller.
    pub fn order_callees_first(&mut self) {
        fn visit(m: &Module, f: FunctionId, placed: &mut [bool], order: &mut Vec<FunctionId>) {
            if std::mem::replace(&mut placed[f.index()], true) {
                return;
            }
            for &callee in &m.functions[f].uses.calls {
                visit(m, callee, placed, order);
            }
            order.push(f);
        }
        let mut placed = vec![false; self.functions.len()];
        let mut order = Vec::with_capacity(self.functions.len());
        for (f, _) in self.functions.iter() {
            visit(self, f, &mut placed, &mut order);
        }
        if order.iter().enumerate().all(|(i, f)| f.index() == i) {
            return;
        }
        let mut new_handle = vec![Handle::new(0); order.len()];
        for (i, f) in order.iter().enumerate() {
            new_handle[f.index()] = Handle::new(i);
        }
        let mut old: Vec<Option<Function>> =
            std::mem::take(&mut self.functions).into_vec().into_iter().map(Some).collect();
        for f in &order {
            let mut func = old[f.index()].take().expect("each function once");
            for (_, e) in func.exprs.iter_mut() {
                if let ExprKind::Call { function, .. } = &mut e.kind {
                    *function = new_handle[function.index()];
                }
            }
            for callee in &mut func.uses.calls {
                *callee = new_handle[callee.index()];
            }
            func.uses.calls.sort_unstable();
            self.functions.append(func);
        }
        for ep in &mut self.entry_points {
            ep.function = new_handle[ep.function.index()];
        }
    }
}

impl Function {
    /// An empty function: what a pass leaves in a function's slot while it rewrites it.
    pub fn placeholder() -> Function {
        Function {
            name: String::new(),
            ret: Type::Void,
            ret_semantic: None,
            params: Vec::new(),
            locals: Default::default(),
            exprs: Default::default(),
            body: Block { stmts: Vec::new() },
            span: Span::DUMMY,
            uses: Default::default(),
        }
    }

    /// The value of a constant expression: a constant, or a conversion of one to a scalar.
    /// A `ConstantBuffer<S>` read whole as its `S` (sema's construct of every field in order,
    /// [`ExprKind::Construct`] of [`ExprKind::Field`]s of one buffer): the buffer's expression.
    /// Targets that read such a buffer as a value (HLSL) write the buffer itself.
    pub fn constant_buffer_read(&self, e: ExprId) -> Option<ExprId> {
        let ExprKind::Construct(parts) = &self.exprs[e].kind else { return None };
        let mut base = None;
        for (i, p) in parts.iter().enumerate() {
            let ExprKind::Field { base: b, index } = self.exprs[*p].kind else { return None };
            if index as usize != i || base.is_some_and(|prev| prev != b) {
                return None;
            }
            if !matches!(self.exprs[b].ty, Type::Resource(ResourceKind::ConstantBuffer, _)) {
                return None;
            }
            base = Some(b);
        }
        base
    }

    /// Whether evaluating `e` changes nothing, so that evaluating it twice, or moving it, is
    /// the same as once where it stands (conservative: any call counts as a change).
    pub fn is_pure(&self, e: ExprId) -> bool {
        let mut ok = !matches!(
            self.exprs[e].kind,
            ExprKind::Call { .. }
                | ExprKind::Intrinsic { .. }
                | ExprKind::Method { .. }
                | ExprKind::Printf { .. }
                | ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
        );
        self.exprs[e].kind.for_each_child(|c| ok &= self.is_pure(c));
        ok
    }

    /// `Img[coord]` on a storage image ([`ResourceKind::is_storage_image`]): the image
    /// expression and the coordinate.
    pub fn storage_texel(&self, e: ExprId) -> Option<(ExprId, ExprId)> {
        let ExprKind::Index { base, index } = self.exprs[e].kind else { return None };
        matches!(self.exprs[base].ty, Type::Resource(k, _) if k.is_storage_image()).then_some((base, index))
    }

    pub fn const_value(&self, e: ExprId) -> Option<ConstValue> {
        let x = &self.exprs[e];
        match &x.kind {
            ExprKind::Const(v) => Some(v.clone()),
            ExprKind::Convert(a) if x.ty.vector_size() == Some(1) => self.const_value(*a),
            _ => None,
        }
    }

    /// Which expressions the body can evaluate, as a flag per expression handle. The arena may
    /// hold others: sema checks both branches of an `if` on a constant and keeps only one, and
    /// passes that ask "is X used" must not see the dropped one.
    pub fn live_exprs(&self) -> Vec<bool> {
        self.live_exprs_within(None)
    }

    /// The expressions block `within` (of this function's body) can evaluate, or the whole
    /// body's for `None`, as [`Function::live_exprs`] gives them.
    pub fn live_exprs_within(&self, within: Option<&Block>) -> Vec<bool> {
        fn visit(f: &Function, e: ExprId, live: &mut Vec<bool>) {
            if std::mem::replace(&mut live[e.index()], true) {
                return;
            }
            f.exprs[e].kind.for_each_child(|c| visit(f, c, live));
        }
        fn block(f: &Function, b: &Block, live: &mut Vec<bool>) {
            for s in &b.stmts {
                stmt(f, s, live);
            }
        }
        fn stmt(f: &Function, s: &Stmt, live: &mut Vec<bool>) {
            match s {
                Stmt::Expr(e) | Stmt::Return(Some(e)) | Stmt::Local { init: Some(e), .. } => visit(f, *e, live),
                Stmt::Local { init: None, .. } | Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Discard => {}
                Stmt::Block(b) => block(f, b, live),
                Stmt::If { cond, then, els, .. } => {
                    visit(f, *cond, live);
                    block(f, then, live);
                    if let Some(e) = els {
                        block(f, e, live);
                    }
                }
                Stmt::For { init, cond, step, body, .. } => {
                    for s in init {
                        stmt(f, s, live);
                    }
                    for e in cond.iter().chain(step) {
                        visit(f, *e, live);
                    }
                    block(f, body, live);
                }
                Stmt::While { cond, body, .. } | Stmt::DoWhile { body, cond, .. } => {
                    visit(f, *cond, live);
                    block(f, body, live);
                }
                Stmt::Switch { selector, cases } => {
                    visit(f, *selector, live);
                    for c in cases {
                        block(f, &c.body, live);
                    }
                }
            }
        }
        let mut live = vec![false; self.exprs.len()];
        block(self, within.unwrap_or(&self.body), &mut live);
        live
    }

    /// The expressions the body can evaluate (see [`Function::live_exprs`]).
    pub fn live_expr_iter(&self) -> impl Iterator<Item = (ExprId, &Expr)> {
        let live = self.live_exprs();
        self.exprs.iter().filter(move |(h, _)| live[h.index()])
    }

    /// What the body refers to, from its live expressions (the value of [`Function::uses`]).
    pub fn gather_uses(&self) -> Uses {
        let mut uses = Uses::default();
        for (_, e) in self.live_expr_iter() {
            match &e.kind {
                ExprKind::Call { function, .. } => uses.calls.push(*function),
                ExprKind::Global(g) => uses.globals.push(*g),
                ExprKind::Method {
                    object,
                    method: ResourceMethod::IncrementCounter | ResourceMethod::DecrementCounter,
                    ..
                } => {
                    // A buffer's counter, or the counters of its array (`Buffers[i]`).
                    let mut at = *object;
                    if let ExprKind::Index { base, .. } = self.exprs[at].kind {
                        at = base;
                    }
                    if let ExprKind::Global(g) = self.exprs[at].kind {
                        uses.counters.push(g);
                    }
                }
                _ => {}
            }
        }
        fn each_once<T>(list: &mut Vec<Handle<T>>) {
            list.sort_unstable();
            list.dedup();
        }
        each_once(&mut uses.calls);
        each_once(&mut uses.globals);
        each_once(&mut uses.counters);
        uses
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupWaveValue {
    Index,
    Count,
}
