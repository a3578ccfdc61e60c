//! The intrinsic library: `stdlib/*.slang`, parsed once per process by the ordinary front end.
//!
//! Each bodiless function declaration there becomes an [`Intrinsic`]: its overloads are a
//! generic parameter constrained by a [`TypeClass`], and its per-target lowering is the raw
//! attribute data, which backends interpret generically (see `stdlib/README.md`). Nothing in
//! the Rust code names an individual intrinsic except the few that lowering passes provide
//! (`GetGroupWaveIndex`/`GetGroupWaveCount`), and those are looked up by name.

use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::{Function, ParamMode, Scalar, Stage, Type};
use crate::span::SourceMap;
use crate::syntax::ast;
use std::sync::{Arc, Mutex, OnceLock};

pub const FILES: &[(&str, &str)] = &[
    ("stdlib/wave.slang", include_str!("../stdlib/wave.slang")),
    ("stdlib/math.slang", include_str!("../stdlib/math.slang")),
    ("stdlib/sync.slang", include_str!("../stdlib/sync.slang")),
    ("stdlib/subgroup.slang", include_str!("../stdlib/subgroup.slang")),
    ("stdlib/virtual.slang", include_str!("../stdlib/virtual.slang")),
    ("stdlib/wide.slang", include_str!("../stdlib/wide.slang")),
    ("stdlib/glsl.slang", include_str!("../stdlib/glsl.slang")),
    ("stdlib/autodiff.slang", include_str!("../stdlib/autodiff.slang")),
    ("stdlib/substandard.slang", include_str!("../stdlib/substandard.slang")),
];

/// Core modules: types and functions of Slang's core module written in the language itself
/// (generic structs with methods, enums, namespaces), compiled as part of a shader that names
/// one of them, as if it imported the module. Unlike the intrinsics of [`FILES`], their
/// declarations are ordinary code: each instance a shader uses is emitted like the shader's
/// own, so every target and the CPU engine get them with no backend change.
pub struct CoreModule {
    pub path: &'static str,
    pub text: &'static str,
    /// A shader brings the module in when one of its identifiers is one of these…
    pub names: &'static [&'static str],
    /// …or starts with one of these.
    pub prefixes: &'static [&'static str],
    /// A shader's own function of one of `names` overloads the module's rather than replacing
    /// the module (DXR's `TraceRay` beside an engine's `TraceRay(RayDesc)`).
    pub overloadable: bool,
    /// Names of other core modules this one's declarations use: naming this module brings
    /// those in too.
    pub needs: &'static [&'static str],
}

impl CoreModule {
    /// Whether identifier `n` names something of this module.
    pub fn names(&self, n: &str) -> bool {
        self.names.contains(&n) || self.prefixes.iter().any(|p| n.starts_with(p))
    }
}

/// The combined texture-samplers of `stdlib/combined.slang`: a global of one is a texture and
/// a sampler bound together.
pub const COMBINED_SAMPLERS: &[&str] = &[
    "Sampler1D",
    "Sampler2D",
    "Sampler3D",
    "SamplerCube",
    "Sampler1DArray",
    "Sampler2DArray",
    "SamplerCubeArray",
    "Sampler1DShadow",
    "Sampler2DShadow",
    "SamplerCubeShadow",
    "Sampler1DArrayShadow",
    "Sampler2DArrayShadow",
    "SamplerCubeArrayShadow",
];

pub const CORE_MODULES: &[CoreModule] = &[
    CoreModule {
        path: "stdlib/coopvec.slang",
        text: include_str!("../stdlib/coopvec.slang"),
        names: &[],
        prefixes: &["CoopVec", "coopVec"],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/coopmat.slang",
        text: include_str!("../stdlib/coopmat.slang"),
        names: &[
            "linalg",
            "CoopMat",
            "CoopMatMatrixUse",
            "CoopMatMatrixLayout",
            "coopMatMulAdd",
            "coopMatLoad",
            "MemoryScope",
        ],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/combined.slang",
        text: include_str!("../stdlib/combined.slang"),
        names: COMBINED_SAMPLERS,
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/memory_order.slang",
        text: include_str!("../stdlib/memory_order.slang"),
        names: &["MemoryOrder"],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/glsl_image.slang",
        text: include_str!("../stdlib/glsl_image.slang"),
        names: &[
            "imageLoad",
            "imageStore",
            "imageSize",
            "imageAtomicAdd",
            "imageAtomicMin",
            "imageAtomicMax",
            "imageAtomicAnd",
            "imageAtomicOr",
            "imageAtomicXor",
            "imageAtomicExchange",
            "imageAtomicCompSwap",
        ],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/raytracing.slang",
        text: include_str!("../stdlib/raytracing.slang"),
        names: &["RayDesc", "rayQueryInitializeEXT", "RAY_FLAG", "COMMITTED_STATUS", "CANDIDATE_TYPE"],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    CoreModule {
        path: "stdlib/ray_tracing_stages.slang",
        text: include_str!("../stdlib/ray_tracing_stages.slang"),
        names: &[
            "DispatchRaysIndex",
            "DispatchRaysDimensions",
            "WorldRayOrigin",
            "WorldRayDirection",
            "RayTMin",
            "RayTCurrent",
            "RayFlags",
            "ObjectRayOrigin",
            "ObjectRayDirection",
            "ObjectToWorld3x4",
            "ObjectToWorld4x3",
            "WorldToObject3x4",
            "WorldToObject4x3",
            "ObjectToWorld",
            "WorldToObject",
            "InstanceIndex",
            "InstanceID",
            "GeometryIndex",
            "PrimitiveIndex",
            "HitKind",
            "IgnoreHit",
            "AcceptHitAndEndSearch",
            "ReportHit",
            "TraceRay",
            "CallShader",
        ],
        prefixes: &[],
        overloadable: true,
        needs: &["RayDesc"],
    },
    CoreModule {
        path: "stdlib/hit_object.slang",
        text: include_str!("../stdlib/hit_object.slang"),
        names: &["HitObject", "ReorderThread"],
        prefixes: &[],
        overloadable: false,
        needs: &["RayDesc", "TraceRay"],
    },
    CoreModule {
        path: "stdlib/half_atomics.slang",
        text: include_str!("../stdlib/half_atomics.slang"),
        names: &["InterlockedAddF16", "InterlockedAddF16Emulated", "_NvInterlockedAddFp16x2"],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
    // A module of its own, so that shaders naming `RayDesc` get no unused struct.
    CoreModule {
        path: "stdlib/hit_attributes.slang",
        text: include_str!("../stdlib/hit_attributes.slang"),
        names: &["BuiltInTriangleIntersectionAttributes"],
        prefixes: &[],
        overloadable: false,
        needs: &[],
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemClass {
    Any,
    Numeric,
    Float,
    Float32,
    Int,
    SInt,
    UInt,
    Int32,
    Bool,
    Any32,
    FloatLike,
    Int64,
    UInt32,
    Float64,
    /// `int16_t`, `uint16_t`, `half` (16-bit bit casts).
    Any16,
    /// `int64_t`, `uint64_t`, `double`.
    Any64,
    /// `int16_t`, `uint16_t`.
    Int16,
    /// `int8_t`, `uint8_t`.
    Int8,
    /// `int`.
    SInt32,
}

impl ElemClass {
    pub fn accepts(self, s: Scalar) -> bool {
        use Scalar::*;
        match self {
            ElemClass::Any => true,
            ElemClass::Numeric => s != Bool && !s.is_substandard(),
            ElemClass::Float => s.is_float(),
            ElemClass::Float32 => s == F32,
            ElemClass::Int => s.is_int(),
            ElemClass::SInt => s.is_signed_int(),
            ElemClass::UInt => s.is_unsigned_int(),
            ElemClass::Int32 => matches!(s, I32 | U32),
            ElemClass::Bool => s == Bool,
            ElemClass::Any32 => matches!(s, I32 | U32 | F32),
            ElemClass::FloatLike => matches!(s, F16 | F32),
            ElemClass::Int64 => matches!(s, I64 | U64),
            ElemClass::UInt32 => s == U32,
            ElemClass::Float64 => s == F64,
            ElemClass::Any16 => matches!(s, I16 | U16 | F16),
            ElemClass::Any64 => matches!(s, I64 | U64 | F64),
            ElemClass::Int16 => matches!(s, I16 | U16),
            ElemClass::Int8 => matches!(s, I8 | U8),
            ElemClass::SInt32 => s == I32,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeClass {
    Scalar,
    Vector,
    ScalarVector,
    Matrix,
    Any,
}

impl ShapeClass {
    pub fn accepts(self, ty: &Type) -> bool {
        matches!(
            (self, ty),
            (ShapeClass::Scalar, Type::Scalar(_))
                | (ShapeClass::Vector, Type::Vector(..))
                | (ShapeClass::ScalarVector, Type::Scalar(_) | Type::Vector(..))
                | (ShapeClass::Matrix, Type::Matrix(..))
                | (ShapeClass::Any, Type::Scalar(_) | Type::Vector(..) | Type::Matrix(..))
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeClass {
    pub elem: ElemClass,
    pub shape: ShapeClass,
}

impl TypeClass {
    pub fn parse(name: &str) -> Option<TypeClass> {
        let (elem, shape) = name.rsplit_once('_')?;
        let elem = match elem {
            "any" => ElemClass::Any,
            "numeric" => ElemClass::Numeric,
            "float" => ElemClass::Float,
            "float32" => ElemClass::Float32,
            "int" => ElemClass::Int,
            "sint" => ElemClass::SInt,
            "uint" => ElemClass::UInt,
            "int32" => ElemClass::Int32,
            "bool" => ElemClass::Bool,
            "any32" => ElemClass::Any32,
            "floatlike" => ElemClass::FloatLike,
            "int64" => ElemClass::Int64,
            "uint32" => ElemClass::UInt32,
            "float64" => ElemClass::Float64,
            "any16" => ElemClass::Any16,
            "any64" => ElemClass::Any64,
            "int16" => ElemClass::Int16,
            "int8" => ElemClass::Int8,
            "sint32" => ElemClass::SInt32,
            _ => return None,
        };
        let shape = match shape {
            "s" => ShapeClass::Scalar,
            "v" => ShapeClass::Vector,
            "sv" => ShapeClass::ScalarVector,
            "svm" => ShapeClass::Any,
            "m" => ShapeClass::Matrix,
            _ => return None,
        };
        Some(TypeClass { elem, shape })
    }
    pub fn accepts(&self, ty: &Type) -> bool {
        self.shape.accepts(ty) && ty.scalar().is_some_and(|s| self.elem.accepts(s))
    }
}

/// A parameter or return type in a signature, before the generic parameter is bound.
#[derive(Clone, Debug, PartialEq)]
pub enum TypePat {
    Concrete(Type),
    Generic(usize),
    /// `__elem<T>`
    Elem(usize),
    /// `__same_shape<E, T>`
    SameShape(Scalar, usize),
    /// `__transposed<T>`: a matrix's columns as rows.
    Transposed(usize),
}

impl TypePat {
    pub fn instantiate(&self, bound: &[Type]) -> Type {
        match self {
            TypePat::Concrete(t) => t.clone(),
            TypePat::Generic(i) => bound[*i].clone(),
            TypePat::Elem(i) => bound[*i].scalar().map(Type::Scalar).unwrap_or(Type::Error),
            TypePat::SameShape(s, i) => bound[*i].with_scalar(*s),
            TypePat::Transposed(i) => transposed(&bound[*i]),
        }
    }
}

#[derive(Clone, Debug)]
pub struct IntrinsicParam {
    pub name: String,
    pub mode: ParamMode,
    pub ty: TypePat,
    /// `constexpr`: the argument must be a compile-time constant (a lane that SPIR-V's
    /// `OpGroupNonUniformBroadcast` needs as a constant).
    pub constexpr: bool,
}

/// One argument of a lowering attribute, as data: backends read lowerings without the syntax
/// tree.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    Ident(String),
    Int(u64),
    Str(String),
    Bool(bool),
    /// `A | B | C`: a set of flag names (memory semantics).
    Bits(Vec<String>),
}

impl AttrValue {
    /// The value as text, whatever its kind (the CPU engine's form names).
    pub fn text(&self) -> String {
        match self {
            AttrValue::Ident(s) | AttrValue::Str(s) => s.clone(),
            AttrValue::Int(i) => i.to_string(),
            AttrValue::Bool(b) => b.to_string(),
            AttrValue::Bits(b) => b.join(" | "),
        }
    }
}

/// A lowering attribute (`[spirv(group, Reduce, iop = GroupNonUniformIAdd)]`): its target,
/// positional arguments and `key = value` arguments, in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct Lowering {
    pub target: String,
    pub positional: Vec<AttrValue>,
    pub named: Vec<(String, AttrValue)>,
}

impl Lowering {
    fn from_attribute(a: &ast::Attribute) -> Option<Lowering> {
        fn bits(e: &ast::Expr, out: &mut Vec<String>) -> bool {
            match &e.kind {
                ast::ExprKind::Ident(n) => {
                    out.push(n.clone());
                    true
                }
                ast::ExprKind::Binary { op: ast::BinOp::BitOr, lhs, rhs } => bits(lhs, out) && bits(rhs, out),
                _ => false,
            }
        }
        fn value(e: &ast::Expr) -> Option<AttrValue> {
            Some(match &e.kind {
                ast::ExprKind::Ident(n) => AttrValue::Ident(n.clone()),
                ast::ExprKind::IntLit(i) => AttrValue::Int(i.value),
                ast::ExprKind::StringLit(s) => AttrValue::Str(s.clone()),
                ast::ExprKind::BoolLit(b) => AttrValue::Bool(*b),
                _ => {
                    let mut v = Vec::new();
                    if !bits(e, &mut v) {
                        return None;
                    }
                    AttrValue::Bits(v)
                }
            })
        }
        let mut l = Lowering { target: a.name.name.clone(), positional: Vec::new(), named: Vec::new() };
        for e in &a.args {
            match &e.kind {
                ast::ExprKind::Assign { op: None, lhs, rhs } => l.named.push((ident_of(lhs)?.to_string(), value(rhs)?)),
                _ => l.positional.push(value(e)?),
            }
        }
        Some(l)
    }

    /// The form: the first positional argument when it is a name (`group` in
    /// `[spirv(group, Reduce)]`).
    pub fn kind(&self) -> &str {
        self.ident(0).unwrap_or("")
    }

    pub fn ident(&self, i: usize) -> Option<&str> {
        match self.positional.get(i) {
            Some(AttrValue::Ident(s)) => Some(s),
            _ => None,
        }
    }

    pub fn string(&self, i: usize) -> Option<&str> {
        match self.positional.get(i) {
            Some(AttrValue::Str(s)) => Some(s),
            _ => None,
        }
    }

    pub fn named(&self, key: &str) -> Option<&AttrValue> {
        self.named.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn named_ident(&self, key: &str) -> Option<&str> {
        match self.named(key) {
            Some(AttrValue::Ident(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether a positional argument is the name `flag` (`swap`, `mask`).
    pub fn flag(&self, flag: &str) -> bool {
        self.positional.iter().any(|a| matches!(a, AttrValue::Ident(s) if s == flag))
    }

    /// The positional integer arguments, in order.
    pub fn ints(&self) -> Vec<u32> {
        self.positional.iter().filter_map(|a| if let AttrValue::Int(i) = a { Some(*i as u32) } else { None }).collect()
    }
}

/// One `[hlsl(...)]` attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum HlslLowering {
    Template {
        text: String,
        min_sm: (u32, u32),
    },
    Unsupported(String),
    /// Provided by a lowering pass (`group_wave_index`) where no template applies.
    Emulated(String),
}

#[derive(Clone, Debug)]
pub struct Intrinsic {
    pub name: String,
    pub generics: Vec<(String, TypeClass)>,
    pub params: Vec<IntrinsicParam>,
    pub ret: TypePat,
    pub wave: bool,
    pub stages: Option<Vec<Stage>>,
    /// `[derivatives]`: takes screen-space derivatives, which compute shaders have only with
    /// derivative groups.
    pub derivatives: bool,
    pub alias_of: Option<String>,
    pub hlsl: Vec<HlslLowering>,
    /// Every lowering attribute, as data, in the order written; backends read theirs on demand.
    pub lowerings: Vec<Lowering>,
    /// The portable implementation, written in the language: every target that has no native
    /// form of the intrinsic calls an instance of this body (`lower::intrinsics`).
    pub definition: Option<Arc<ast::FunctionDecl>>,
}

impl Intrinsic {
    /// `T WaveActiveSum<T : numeric_svm>(T value)`, for "candidates are" notes.
    pub fn signature(&self) -> String {
        let pat = |p: &TypePat| match p {
            TypePat::Concrete(t) => t.to_string(),
            TypePat::Generic(i) => self.generics[*i].0.clone(),
            TypePat::Elem(i) => format!("__elem<{}>", self.generics[*i].0),
            TypePat::SameShape(s, i) => format!("__same_shape<{}, {}>", s.hlsl_name(), self.generics[*i].0),
            TypePat::Transposed(i) => format!("__transposed<{}>", self.generics[*i].0),
        };
        let generics = if self.generics.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = self.generics.iter().map(|(n, c)| format!("{n} : {}", class_name(c))).collect();
            format!("<{}>", parts.join(", "))
        };
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                let mode = match p.mode {
                    ParamMode::In => "",
                    ParamMode::Out => "out ",
                    ParamMode::InOut => "inout ",
                };
                format!("{mode}{} {}", pat(&p.ty), p.name)
            })
            .collect();
        format!("{} {}{}({})", pat(&self.ret), self.name, generics, params.join(", "))
    }

    /// The lowering for an HLSL shader model: the template with the highest minimum model that
    /// applies, else `Emulated`/`Unsupported` if given. `Err(min)` names the lowest model that
    /// would work when none applies.
    pub fn hlsl_for(&self, sm: (u32, u32)) -> Result<&HlslLowering, Option<(u32, u32)>> {
        let template_min = |l: &HlslLowering| match l {
            HlslLowering::Template { min_sm, .. } => Some(*min_sm),
            _ => None,
        };
        if let Some(best) =
            self.hlsl.iter().filter(|l| template_min(l).is_some_and(|m| m <= sm)).max_by_key(|l| template_min(l))
        {
            return Ok(best);
        }
        // A lowering pass provides it where no template applies.
        if let Some(e) = self.hlsl.iter().find(|l| matches!(l, HlslLowering::Emulated(_))) {
            return Ok(e);
        }
        // A later shader model has it: say which, rather than "unsupported".
        if let Some(min) = self.hlsl.iter().filter_map(template_min).min() {
            return Err(Some(min));
        }
        match self.hlsl.iter().find(|l| matches!(l, HlslLowering::Unsupported(_))) {
            Some(u) => Ok(u),
            None => Err(None),
        }
    }

    /// The lowering attributes for `target` (`hlsl`, `spirv`, `cpu`), in the order written.
    pub fn lowerings_for<'s>(&'s self, target: &'s str) -> impl Iterator<Item = &'s Lowering> {
        self.lowerings.iter().filter(move |l| l.target == target)
    }
}

fn class_name(c: &TypeClass) -> String {
    let e = match c.elem {
        ElemClass::Any => "any",
        ElemClass::Numeric => "numeric",
        ElemClass::Float => "float",
        ElemClass::Float32 => "float32",
        ElemClass::Int => "int",
        ElemClass::SInt => "sint",
        ElemClass::UInt => "uint",
        ElemClass::Int32 => "int32",
        ElemClass::Bool => "bool",
        ElemClass::Any32 => "any32",
        ElemClass::FloatLike => "floatlike",
        ElemClass::Int64 => "int64",
        ElemClass::UInt32 => "uint32",
        ElemClass::Float64 => "float64",
        ElemClass::Any16 => "any16",
        ElemClass::Any64 => "any64",
        ElemClass::Int16 => "int16",
        ElemClass::Int8 => "int8",
        ElemClass::SInt32 => "sint32",
    };
    let s = match c.shape {
        ShapeClass::Scalar => "s",
        ShapeClass::Vector => "v",
        ShapeClass::ScalarVector => "sv",
        ShapeClass::Any => "svm",
        ShapeClass::Matrix => "m",
    };
    format!("{e}_{s}")
}

mod index {
    include!(concat!(env!("OUT_DIR"), "/stdlib_index.rs"));
}

/// The intrinsic declarations, indexed by `IntrinsicId`. The shipped ones are parsed the first
/// time they are used: build.rs indexes every declaration (name, byte range and overloads), so
/// a compilation pays only for the intrinsics it calls, and looking one up allocates nothing.
pub struct Intrinsics {
    slots: Vec<OnceLock<Intrinsic>>,
    /// Names of hand-made declarations ([`Stdlib::from_intrinsics`]); empty for the shipped ones,
    /// whose names are in the build-time index.
    names: Vec<String>,
    /// Whether the slots are the shipped declarations of [`index::INTRINSICS`].
    shipped: bool,
    typedefs: HashMap<String, Type>,
}

impl Intrinsics {
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&Intrinsic> {
        let slot = self.slots.get(i)?;
        Some(slot.get_or_init(|| match self.parse(i) {
            Ok(intr) => intr,
            // The stdlib ships inside the binary and its tests parse every declaration, so a
            // failure here is a build defect, not a user error.
            Err(d) => panic!("stdlib declaration `{}` does not parse: {}", self.name(i), d.message),
        }))
    }

    /// Every declaration (parsing all of them).
    pub fn iter(&self) -> impl Iterator<Item = &Intrinsic> {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Every declaration's name, without parsing anything.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        (0..self.len()).map(|i| self.name(i))
    }

    fn name(&self, i: usize) -> &str {
        if self.shipped {
            index::INTRINSICS[i].3
        } else {
            &self.names[i]
        }
    }

    fn parse(&self, i: usize) -> Result<Intrinsic, Diagnostic> {
        if !self.shipped {
            return Err(Diagnostic::error("E0309", "a hand-made declaration has no text"));
        }
        let (file, start, end, _) = index::INTRINSICS[i];
        let (_, text) = FILES[file];
        // Lexed straight from the embedded text: no source map (spans only matter in the
        // stdlib's own tests, which parse through `Stdlib::load`), no copy of the text. The
        // prototype reader builds the tree the parser would, without its cost; anything it
        // does not know goes through the parser.
        let tokens = declaration_tokens(&text[start..end]);
        if let Some(f) = crate::syntax::prototype::read(&tokens) {
            return intrinsic_from(&f, &self.typedefs);
        }
        let (unit, errs) = crate::syntax::parse(declaration_tokens(&text[start..end]));
        if let Some(e) = errs.into_iter().find(Diagnostic::is_error) {
            return Err(e);
        }
        match unit.items.as_slice() {
            [ast::Item::Function(f)] => intrinsic_from(f, &self.typedefs),
            _ => Err(Diagnostic::error("E0309", "expected one intrinsic declaration")),
        }
    }
}

impl std::ops::Index<usize> for Intrinsics {
    type Output = Intrinsic;
    fn index(&self, i: usize) -> &Intrinsic {
        match self.get(i) {
            Some(intr) => intr,
            None => panic!("no intrinsic #{i} (the table has {})", self.len()),
        }
    }
}

pub struct Stdlib {
    pub intrinsics: Intrinsics,
    /// Overloads by name for hand-made declarations; the shipped ones use [`index::BY_NAME`].
    by_name: HashMap<String, Vec<usize>>,
    /// `typedef uint WaveMask;` and friends.
    pub typedefs: HashMap<String, Type>,
    /// The portable implementations compiled so far ([`Stdlib::instance`]).
    instances: Mutex<HashMap<InstanceKey, Instance>>,
}

/// A compiled instance of a body, or sema's errors (a defect of the stdlib).
pub type Instance = Result<Arc<Function>, Vec<Diagnostic>>;

/// One instance of an intrinsic's body: the declaration, its bound generic types, and the
/// values of its `constexpr` parameters (as text, one per parameter; `None` for the others).
pub type InstanceKey = (usize, Vec<Type>, Vec<Option<String>>);

impl Stdlib {
    /// The instance `key` of an intrinsic's body, compiled by `compile` the first time any
    /// compilation in the process asks for it, and shared from then on, as the declarations
    /// themselves are. The lock is held while compiling: a body is small, and two threads
    /// never compile the same instance twice.
    pub fn instance(&self, key: InstanceKey, compile: impl FnOnce() -> Result<Function, Vec<Diagnostic>>) -> Instance {
        let mut cache = self.instances.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        cache.entry(key).or_insert_with(|| compile().map(Arc::new)).clone()
    }

    /// The process-wide stdlib. Building it reads only the build-time index and the typedefs;
    /// intrinsics are parsed on first use. It is shared read-only afterwards, so concurrent
    /// compilations use it freely.
    pub fn get() -> &'static Stdlib {
        static STDLIB: OnceLock<Stdlib> = OnceLock::new();
        STDLIB.get_or_init(|| match Stdlib::indexed() {
            Ok(s) => s,
            Err(d) => panic!("stdlib failed to load: {}", d.message),
        })
    }

    /// A stdlib made of the given declarations only (no typedefs): lets backend and pass tests
    /// use hand-made intrinsics instead of the shipped `.slang` files.
    pub fn from_intrinsics(intrinsics: Vec<Intrinsic>) -> Stdlib {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::default();
        for (i, intr) in intrinsics.iter().enumerate() {
            by_name.entry(intr.name.clone()).or_default().push(i);
        }
        let names = intrinsics.iter().map(|i| i.name.clone()).collect();
        let slots = intrinsics.into_iter().map(OnceLock::from).collect();
        Stdlib {
            intrinsics: Intrinsics { slots, names, shipped: false, typedefs: HashMap::default() },
            by_name,
            typedefs: HashMap::default(),
            instances: Mutex::default(),
        }
    }

    pub fn overloads(&self, name: &str) -> &[usize] {
        if self.intrinsics.shipped {
            return match index::BY_NAME.binary_search_by(|(n, _)| (*n).cmp(name)) {
                Ok(at) => index::BY_NAME[at].1,
                Err(_) => &[],
            };
        }
        self.by_name.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }

    pub fn find(&self, name: &str) -> Option<usize> {
        self.overloads(name).first().copied()
    }

    /// The name of the declarations that are `[ForwardDerivativeOf(name)]`: what automatic
    /// differentiation calls where the primal calls `name`.
    pub fn forward_derivative(&self, name: &str) -> Option<&'static str> {
        if !self.intrinsics.shipped {
            return None;
        }
        index::DERIVATIVES.iter().find(|(primal, _)| *primal == name).map(|(_, d)| *d)
    }

    /// Whether `name` is a declaration that is `[ForwardDerivativeOf(…)]` another.
    pub fn is_forward_derivative(&self, name: &str) -> bool {
        self.intrinsics.shipped && index::DERIVATIVES.iter().any(|(_, d)| *d == name)
    }

    /// Every name `name` can be called by: itself and the declarations that are
    /// `[alias_of(name)]`. Parses nothing for the shipped stdlib (build.rs lists the aliases).
    pub fn spellings<'s>(&'s self, name: &'s str) -> Vec<&'s str> {
        let mut names = vec![name];
        if self.intrinsics.shipped {
            names.extend(index::ALIASES.iter().filter(|(_, target)| *target == name).map(|(alias, _)| *alias));
        } else {
            for i in 0..self.intrinsics.len() {
                if let Some(intr) = self.intrinsics.get(i) {
                    if intr.alias_of.as_deref() == Some(name) && !names.contains(&intr.name.as_str()) {
                        names.push(&intr.name);
                    }
                }
            }
        }
        names
    }

    /// The shipped stdlib from the build-time index, typedefs parsed, intrinsics not yet.
    fn indexed() -> Result<Stdlib, Diagnostic> {
        let mut typedefs = HashMap::default();
        for &(file, start, end, name) in index::TYPEDEFS {
            let (unit, _) = crate::syntax::parse(declaration_tokens(&FILES[file].1[start..end]));
            let ty = match unit.items.as_slice() {
                [ast::Item::Typedef(t)] => builtin_type(&t.ty),
                _ => None,
            };
            let ty = ty.ok_or_else(|| Diagnostic::error("E0309", format!("stdlib typedef `{name}` is malformed")))?;
            typedefs.insert(name.to_string(), ty);
        }
        let slots = index::INTRINSICS.iter().map(|_| OnceLock::new()).collect();
        let intrinsics = Intrinsics { slots, names: Vec::new(), shipped: true, typedefs: typedefs.clone() };
        Ok(Stdlib { intrinsics, by_name: HashMap::default(), typedefs, instances: Mutex::default() })
    }

    /// Loads and parses every declaration, reporting every problem: what the stdlib tests use
    /// to prove that each declaration parses and that the index saw every one of them.
    pub fn load() -> Result<Stdlib, (SourceMap, Vec<Diagnostic>)> {
        let lib = Stdlib::indexed().map_err(|d| (SourceMap::new(), vec![d]))?;
        let mut sources = SourceMap::new();
        let mut diags = Vec::new();
        for (i, slot) in lib.intrinsics.slots.iter().enumerate() {
            match lib.intrinsics.parse(i) {
                Ok(intr) => {
                    let _ = slot.set(intr);
                }
                Err(d) => diags.push(d.with_note(format!("in the declaration of `{}`", lib.intrinsics.name(i)))),
            }
        }
        // Every function prototype in the files must have been indexed.
        let mut declared = 0;
        for (name, text) in FILES {
            let (unit, errs) = crate::syntax::parse_str(&mut sources, name, text);
            diags.extend(errs);
            for item in &unit.items {
                match item {
                    ast::Item::Function(_) => declared += 1,
                    ast::Item::Typedef(_) | ast::Item::Empty(_) => {}
                    other => diags.push(
                        Diagnostic::error("E0309", "the stdlib may only declare intrinsics and typedefs")
                            .with_label(item_span(other), ""),
                    ),
                }
            }
        }
        if declared != lib.intrinsics.len() {
            diags.push(Diagnostic::error(
                "E0309",
                format!("the build-time index holds {} intrinsics, the files declare {declared}", lib.intrinsics.len()),
            ));
        }
        if diags.iter().any(|d| d.is_error()) {
            return Err((sources, diags));
        }
        Ok(lib)
    }
}

/// The classified tokens of one declaration's text, lexed at position 0.
fn declaration_tokens(text: &str) -> Vec<crate::syntax::lexer::SpannedToken> {
    let mut tokens = crate::syntax::lexer::lex_str(text, 0);
    tokens.retain(|t| !matches!(t.token, crate::syntax::token::Token::Newline));
    crate::syntax::classify::classify(&mut tokens);
    tokens
}

fn intrinsic_from(f: &ast::FunctionDecl, typedefs: &HashMap<String, Type>) -> Result<Intrinsic, Diagnostic> {
    let bad = |span, msg: &str| Diagnostic::error("E0309", msg.to_string()).with_label(span, "");
    let mut generics = Vec::new();
    for g in &f.generics {
        let class = g
            .constraint
            .as_ref()
            .and_then(|c| TypeClass::parse(c.name()))
            .ok_or_else(|| bad(g.name.span, "generic parameter needs a type class such as `numeric_svm`"))?;
        generics.push((g.name.name.clone(), class));
    }
    let pat = |t: &ast::TypeExpr| -> Result<TypePat, Diagnostic> {
        type_pat(t, &generics, typedefs).ok_or_else(|| bad(t.span, "unknown type in stdlib signature"))
    };
    let mut params = Vec::new();
    for p in &f.params {
        let mode = if p.modifiers.has(ast::Modifier::Inout) {
            ParamMode::InOut
        } else if p.modifiers.has(ast::Modifier::Out) {
            ParamMode::Out
        } else {
            ParamMode::In
        };
        let constexpr = p.modifiers.has(ast::Modifier::Constexpr);
        params.push(IntrinsicParam { name: p.name.name.clone(), mode, ty: pat(&p.ty)?, constexpr });
    }
    let ret = pat(&f.ret)?;
    let mut wave = false;
    let mut derivatives = false;
    let mut stages = None;
    let mut alias_of = None;
    let mut hlsl = Vec::new();
    let mut lowerings = Vec::new();
    for a in &f.attrs {
        match a.name.name.as_str() {
            "wave" => wave = true,
            "derivatives" => derivatives = true,
            "stages" => {
                let mut list = Vec::new();
                for arg in &a.args {
                    let s = ident_of(arg).and_then(Stage::from_name).ok_or_else(|| bad(arg.span, "unknown stage"))?;
                    list.push(s);
                }
                stages = Some(list);
            }
            // Read from the build-time index ([`Stdlib::forward_derivative`]).
            "ForwardDerivativeOf" => {}
            "alias_of" => {
                alias_of = a.args.first().and_then(ident_of).map(str::to_string);
            }
            "hlsl" => hlsl.push(hlsl_lowering(a).ok_or_else(|| bad(a.span, "malformed [hlsl] attribute"))?),
            _ => {}
        }
        if !matches!(a.name.name.as_str(), "wave" | "derivatives" | "stages" | "alias_of" | "ForwardDerivativeOf") {
            lowerings.push(Lowering::from_attribute(a).ok_or_else(|| bad(a.span, "malformed lowering attribute"))?);
        }
    }
    Ok(Intrinsic {
        name: f.name.name.clone(),
        generics,
        params,
        ret,
        wave,
        stages,
        derivatives,
        alias_of,
        hlsl,
        lowerings,
        definition: f.body.is_some().then(|| Arc::new(f.clone())),
    })
}

/// A matrix type with rows and columns swapped (`__transposed<T>`); other types unchanged.
pub fn transposed(ty: &Type) -> Type {
    match ty {
        Type::Matrix(s, r, c) => Type::Matrix(*s, *c, *r),
        other => other.clone(),
    }
}

fn type_pat(t: &ast::TypeExpr, generics: &[(String, TypeClass)], typedefs: &HashMap<String, Type>) -> Option<TypePat> {
    let ast::TypeExprKind::Named { name, args } = &t.kind else { return None };
    if let Some(i) = generics.iter().position(|(g, _)| g == name) {
        return Some(TypePat::Generic(i));
    }
    let generic_arg = |a: &ast::GenericArg| -> Option<usize> {
        let n = match a {
            ast::GenericArg::Type(ast::TypeExpr { kind: ast::TypeExprKind::Named { name, .. }, .. }) => name,
            ast::GenericArg::Expr(e) => match &e.kind {
                ast::ExprKind::Ident(n) => n,
                _ => return None,
            },
            _ => return None,
        };
        generics.iter().position(|(g, _)| g == n)
    };
    match name.as_str() {
        "__elem" => return Some(TypePat::Elem(generic_arg(args.first()?)?)),
        "__transposed" => return Some(TypePat::Transposed(generic_arg(args.first()?)?)),
        "__same_shape" => {
            let ast::GenericArg::Type(e) = args.first()? else { return None };
            let Type::Scalar(s) = builtin_type(e)? else { return None };
            return Some(TypePat::SameShape(s, generic_arg(args.get(1)?)?));
        }
        _ => {}
    }
    if let Some(t) = typedefs.get(name) {
        return Some(TypePat::Concrete(t.clone()));
    }
    builtin_type(t).map(TypePat::Concrete)
}

fn item_span(item: &ast::Item) -> crate::span::Span {
    match item {
        ast::Item::Function(f) => f.span,
        ast::Item::Struct(s)
        | ast::Item::Interface(s)
        | ast::Item::Specialization(_, s)
        | ast::Item::PartialSpecialization(_, s)
        | ast::Item::ForwardGenericStruct(s) => s.span,
        ast::Item::MemberDefinition(def) => def.group.span,
        ast::Item::MethodDefinition(def) => def.function.span,
        ast::Item::Extension(e) => e.span,
        ast::Item::LayoutIn(_, s) => *s,
        ast::Item::Enum(e) => e.span,
        ast::Item::Namespace(_, _, s) | ast::Item::UsingNamespace(_, s) => *s,
        ast::Item::BufferBlock(b) => b.span,
        ast::Item::Typedef(t) => t.span,
        ast::Item::Variables(v) => v.span,
        ast::Item::Cbuffer(c) => c.span,
        ast::Item::Empty(s) | ast::Item::Error(s) | ast::Item::ForwardStruct(_, s) => *s,
    }
}

pub fn ident_of(e: &ast::Expr) -> Option<&str> {
    match &e.kind {
        ast::ExprKind::Ident(n) => Some(n),
        _ => None,
    }
}

/// `sm_6_5` → (6, 5).
pub fn parse_shader_model(s: &str) -> Option<(u32, u32)> {
    let rest = s.strip_prefix("sm_").or_else(|| s.strip_prefix("cs_")).unwrap_or(s);
    let (a, b) = rest.split_once(['_', '.'])?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn hlsl_lowering(a: &ast::Attribute) -> Option<HlslLowering> {
    let first = a.args.first()?;
    match &first.kind {
        ast::ExprKind::StringLit(text) => {
            let min_sm = match a.args.get(1) {
                Some(e) => parse_shader_model(ident_of(e)?)?,
                None => (6, 0),
            };
            Some(HlslLowering::Template { text: text.clone(), min_sm })
        }
        ast::ExprKind::Ident(kind) if kind == "unsupported" => match &a.args.get(1)?.kind {
            ast::ExprKind::StringLit(why) => Some(HlslLowering::Unsupported(why.clone())),
            _ => None,
        },
        ast::ExprKind::Ident(kind) if kind == "emulated" => {
            Some(HlslLowering::Emulated(ident_of(a.args.get(1)?)?.to_string()))
        }
        _ => None,
    }
}

/// Built-in scalar, vector and matrix type names (`float`, `uint3`, `float4x4`, `vector<T,N>`).
/// Structs and resources are not built-ins here; sema handles those.
pub fn builtin_type(t: &ast::TypeExpr) -> Option<Type> {
    let ast::TypeExprKind::Named { name, args } = &t.kind else { return None };
    if args.is_empty() {
        return builtin_type_name(name);
    }
    let int_arg = |a: &ast::GenericArg| -> Option<u8> {
        match a {
            ast::GenericArg::Expr(ast::Expr { kind: ast::ExprKind::IntLit(i), .. }) => u8::try_from(i.value).ok(),
            _ => None,
        }
    };
    let elem = |a: &ast::GenericArg| -> Option<Scalar> {
        match a {
            // Vectors of vectors are sema's to judge.
            ast::GenericArg::Type(t) => match builtin_type(t)? {
                Type::Scalar(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    };
    match (name.as_str(), args.as_slice()) {
        ("vector", [e, n]) => {
            let (e, n) = (elem(e)?, int_arg(n)?);
            match n {
                1 => Some(Type::Scalar(e)),
                2..=4 => Some(Type::Vector(e, n)),
                _ => None,
            }
        }
        ("matrix", [e, r, c]) => {
            let (r, c) = (int_arg(r)?, int_arg(c)?);
            ((1..=4).contains(&r) && (1..=4).contains(&c)).then_some(Type::Matrix(elem(e)?, r, c))
        }
        _ => None,
    }
}

pub fn scalar_from_name(name: &str) -> Option<Scalar> {
    Some(match name {
        "bool" => Scalar::Bool,
        "int" | "int32_t" | "min16int" | "min12int" => Scalar::I32,
        "uint" | "uint32_t" | "dword" | "min16uint" => Scalar::U32,
        "int8_t" => Scalar::I8,
        "uint8_t" => Scalar::U8,
        "int16_t" => Scalar::I16,
        "uint16_t" => Scalar::U16,
        "int64_t" => Scalar::I64,
        "uint64_t" => Scalar::U64,
        "half" | "float16_t" => Scalar::F16,
        "float" | "float32_t" | "min16float" | "min10float" => Scalar::F32,
        "double" | "float64_t" => Scalar::F64,
        "BFloat16" => Scalar::BF16,
        "FloatE4M3" => Scalar::E4M3,
        "FloatE5M2" => Scalar::E5M2,
        _ => return None,
    })
}

/// GLSL's `vec3`, `uvec4`, `mat3`, `mat2x3`: GLSL's column `i` is HLSL's row `i`, so `mat2x3`
/// (2 columns of 3) is HLSL's `float2x3` and GLSL's `m * v` is `mul(v, m)`.
fn glsl_type(name: &str) -> Option<Type> {
    if !crate::syntax::classify::is_glsl_type(name) {
        return None;
    }
    use crate::syntax::classify::{glsl_matrix_prefix, glsl_vector_prefix};
    let dim = |c: u8| c - b'0';
    let b = name.as_bytes();
    if let Some(prefix) = name.strip_suffix(|c: char| c.is_ascii_digit()).and_then(|p| p.strip_suffix("vec")) {
        let s = scalar_from_name(glsl_vector_prefix(prefix)?)?;
        return Some(Type::Vector(s, dim(b[b.len() - 1])));
    }
    let at = name.find("mat")?;
    let s = scalar_from_name(glsl_matrix_prefix(&name[..at])?)?;
    Some(match &b[at + 3..] {
        [n] => Type::Matrix(s, dim(*n), dim(*n)),
        [c, _, r] => Type::Matrix(s, dim(*c), dim(*r)),
        _ => return None,
    })
}

pub fn builtin_type_name(name: &str) -> Option<Type> {
    if name == "void" {
        return Some(Type::Void);
    }
    if let Some(t) = glsl_type(name) {
        return Some(t);
    }
    if let Some(s) = scalar_from_name(name) {
        return Some(Type::Scalar(s));
    }
    // `float4`, `uint3x4`, `int64_t2`: the longest scalar name that prefixes it, then dimensions.
    const SCALARS: &[&str] = &[
        "min16float",
        "min10float",
        "min16uint",
        "min16int",
        "min12int",
        "float16_t",
        "float32_t",
        "float64_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "uint8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "int8_t",
        "double",
        "float",
        "dword",
        "half",
        "uint",
        "bool",
        "int",
    ];
    let base = SCALARS.iter().find(|b| name.starts_with(**b))?;
    let s = scalar_from_name(base)?;
    match &name.as_bytes()[base.len()..] {
        [n] if (b'1'..=b'4').contains(n) => {
            let n = n - b'0';
            Some(if n == 1 { Type::Scalar(s) } else { Type::Vector(s, n) })
        }
        [r, b'x', c] if (b'1'..=b'4').contains(r) && (b'1'..=b'4').contains(c) => {
            Some(Type::Matrix(s, r - b'0', c - b'0'))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_type_names() {
        assert_eq!(builtin_type_name("float4"), Some(Type::Vector(Scalar::F32, 4)));
        assert_eq!(builtin_type_name("uint"), Some(Type::UINT));
        assert_eq!(builtin_type_name("float3x4"), Some(Type::Matrix(Scalar::F32, 3, 4)));
        assert_eq!(builtin_type_name("int64_t2"), Some(Type::Vector(Scalar::I64, 2)));
        assert_eq!(builtin_type_name("uint16_t"), Some(Type::Scalar(Scalar::U16)));
        assert_eq!(builtin_type_name("min16float3"), Some(Type::Vector(Scalar::F32, 3)));
        assert_eq!(builtin_type_name("float1"), Some(Type::FLOAT));
        assert_eq!(builtin_type_name("float5"), None);
        assert_eq!(builtin_type_name("foo4"), None);
    }

    #[test]
    fn type_classes() {
        let c = TypeClass::parse("uint_sv").unwrap();
        assert!(c.accepts(&Type::Vector(Scalar::U32, 3)));
        assert!(!c.accepts(&Type::FLOAT));
        assert!(!c.accepts(&Type::Matrix(Scalar::U32, 2, 2)));
        assert!(TypeClass::parse("numeric_svm").unwrap().accepts(&Type::Matrix(Scalar::F32, 2, 2)));
        assert_eq!(parse_shader_model("sm_6_10"), Some((6, 10)));
    }
}

#[cfg(test)]
mod load_tests {
    use super::*;

    #[test]
    fn the_prototype_reader_builds_the_parsers_tree_for_every_declaration() {
        for (i, &(file, start, end, name)) in index::INTRINSICS.iter().enumerate() {
            let text = &FILES[file].1[start..end];
            let fast = crate::syntax::prototype::read(&declaration_tokens(text));
            let (unit, errs) = crate::syntax::parse(declaration_tokens(text));
            assert!(errs.is_empty(), "#{i} `{name}`: {errs:?}");
            let [ast::Item::Function(full)] = unit.items.as_slice() else {
                panic!("#{i} `{name}` is not one function")
            };
            if full.body.is_some() {
                assert_eq!(fast, None, "#{i} `{name}`: the prototype reader reads prototypes only");
            } else {
                assert_eq!(fast.as_ref(), Some(full), "#{i} `{name}`: the prototype reader differs from the parser");
            }
        }
        // And it declines what it does not know rather than guess.
        for other in [
            "T f<T : c>(T x) { return x; }",
            "[a(1 + 2)] void f();",
            "uint f(uint x[4]);",
            "uint f(uint x) : SV_Target;",
        ] {
            let mut tokens = crate::syntax::lexer::lex_str(other, 0);
            crate::syntax::classify::classify(&mut tokens);
            assert_eq!(crate::syntax::prototype::read(&tokens), None, "{other}");
        }
    }

    /// build.rs finds `[alias_of]` by reading text; the parsed declarations must agree.
    #[test]
    fn the_build_time_alias_list_matches_the_declarations() {
        let lib = Stdlib::get();
        let mut parsed: Vec<(String, String)> = (0..lib.intrinsics.len())
            .filter_map(|i| {
                let intr = lib.intrinsics.get(i)?;
                Some((intr.name.clone(), intr.alias_of.clone()?))
            })
            .collect();
        parsed.dedup();
        let listed: Vec<(String, String)> =
            index::ALIASES.iter().map(|(a, t)| (a.to_string(), t.to_string())).collect();
        assert_eq!(listed, parsed);
        assert_eq!(
            lib.spellings("GetGroupWaveCount"),
            ["GetGroupWaveCount", "GroupGetWaveCount", "WaveGetNumWaves", "gl_NumSubgroups"]
        );
        assert_eq!(lib.spellings("GetGroupWaveIndex"), ["GetGroupWaveIndex", "WaveGetWaveIndex", "gl_SubgroupID"]);
        assert_eq!(lib.spellings("WaveActiveSum"), ["WaveActiveSum", "subgroupAdd"]);
        assert_eq!(lib.spellings("WavePrefixCountBits"), ["WavePrefixCountBits"]);
    }

    #[test]
    fn stdlib_loads_and_declares_the_wave_families() {
        let lib = match Stdlib::load() {
            Ok(l) => l,
            Err((sources, diags)) => panic!("{}", crate::diag::render_all(&diags, &sources, false)),
        };
        for name in [
            "WaveActiveSum",
            "WaveMatch",
            "WaveMultiPrefixSum",
            "WaveMaskBallot",
            "WaveRotate",
            "QuadReadAcrossX",
            "GetGroupWaveIndex",
            "GetGroupWaveCount",
            "GroupGetWaveCount",
            "WavePrefixMin",
            "InterlockedAdd",
            "GroupMemoryBarrierWithGroupSync",
            "f32tof16",
        ] {
            assert!(!lib.overloads(name).is_empty(), "{name} missing");
        }
        assert_eq!(lib.typedefs.get("WaveMask"), Some(&Type::UINT));
    }
}

#[cfg(test)]
mod slang_names {
    use super::Stdlib;

    /// Every wave, quad and subgroup function of Slang's `hlsl.meta.slang` and
    /// `glsl.meta.slang` (the list of stdlib/README.md's table), declared under its name.
    #[test]
    fn every_slang_wave_name_is_declared() {
        let mut names = vec![
            "WaveGetLaneCount",
            "WaveGetLaneIndex",
            "WaveIsFirstLane",
            "WaveGetWaveIndex",
            "WaveGetNumWaves",
            "WaveActiveAllTrue",
            "WaveActiveAnyTrue",
            "WaveActiveBallot",
            "WaveActiveCountBits",
            "WavePrefixCountBits",
            "WaveActiveAllEqual",
            "WaveReadLaneFirst",
            "WaveReadLaneAt",
            "WaveBroadcastLaneAt",
            "WaveShuffle",
            "WaveRotate",
            "WaveClusteredRotate",
            "WaveMatch",
            "WaveMultiPrefixCountBits",
            "WaveGetActiveMask",
            "WaveGetConvergedMask",
            "WaveGetActiveMulti",
            "WaveGetConvergedMulti",
            "AllMemoryBarrierWithWaveSync",
            "GroupMemoryBarrierWithWaveSync",
            "AllMemoryBarrierWithWaveMaskSync",
            "GroupMemoryBarrierWithWaveMaskSync",
            "QuadReadLaneAt",
            "QuadReadAcrossX",
            "QuadReadAcrossY",
            "QuadReadAcrossDiagonal",
            "QuadAny",
            "QuadAll",
            "IsHelperLane",
            "subgroupElect",
            "subgroupAll",
            "subgroupAny",
            "subgroupAllEqual",
            "subgroupBallot",
            "subgroupBroadcast",
            "subgroupBroadcastFirst",
            "subgroupShuffle",
            "subgroupShuffleXor",
            "subgroupShuffleUp",
            "subgroupShuffleDown",
            "subgroupBallotBitCount",
            "subgroupBallotInclusiveBitCount",
            "subgroupBallotExclusiveBitCount",
            "subgroupBallotFindLSB",
            "subgroupBallotFindMSB",
            "subgroupBallotBitExtract",
            "subgroupInverseBallot",
            "subgroupQuadBroadcast",
            "subgroupQuadSwapHorizontal",
            "subgroupQuadSwapVertical",
            "subgroupQuadSwapDiagonal",
            "subgroupRotate",
            "subgroupClusteredRotate",
            "subgroupPartitionNV",
            "subgroupBarrier",
            "subgroupMemoryBarrier",
            "subgroupMemoryBarrierBuffer",
            "subgroupMemoryBarrierImage",
            "subgroupMemoryBarrierShared",
            "gl_SubgroupSize",
            "gl_SubgroupInvocationID",
            "gl_SubgroupID",
            "gl_NumSubgroups",
        ];
        let ops = ["Sum", "Product", "Min", "Max", "BitAnd", "BitOr", "BitXor"];
        let glsl_ops = ["Add", "Mul", "Min", "Max", "And", "Or", "Xor"];
        let mut owned: Vec<String> = Vec::new();
        for m in ["Eq", "Ge", "Gt", "Le", "Lt"] {
            owned.push(format!("WaveGetLane{m}Mask"));
            owned.push(format!("gl_Subgroup{m}Mask"));
        }
        for op in ops {
            owned.push(format!("WaveActive{op}"));
            owned.push(format!("WavePrefix{op}"));
            owned.push(format!("WaveMulti{op}"));
            owned.push(format!("WaveMultiPrefixInclusive{op}"));
            owned.push(format!("WaveMultiPrefixExclusive{op}"));
            owned.push(format!("WaveMask{op}"));
            owned.push(format!("WaveMaskPrefix{op}"));
        }
        for op in ["Sum", "Product", "BitAnd", "BitOr", "BitXor"] {
            owned.push(format!("WaveMultiPrefix{op}"));
        }
        for m in ["IsFirstLane", "AllTrue", "AnyTrue", "Ballot", "CountBits", "AllEqual", "ReadLaneFirst", "ReadLaneAt"]
        {
            owned.push(format!("WaveMask{m}"));
        }
        for m in ["BroadcastLaneAt", "Shuffle", "Match", "PrefixCountBits"] {
            owned.push(format!("WaveMask{m}"));
        }
        for op in glsl_ops {
            owned.push(format!("subgroup{op}"));
            owned.push(format!("subgroupInclusive{op}"));
            owned.push(format!("subgroupExclusive{op}"));
            owned.push(format!("subgroupClustered{op}"));
            owned.push(format!("subgroupPartitioned{op}NV"));
            owned.push(format!("subgroupPartitionedInclusive{op}NV"));
            owned.push(format!("subgroupPartitionedExclusive{op}NV"));
        }
        names.extend(owned.iter().map(String::as_str));
        let lib = Stdlib::get();
        let missing: Vec<&str> = names.into_iter().filter(|n| lib.overloads(n).is_empty()).collect();
        assert!(missing.is_empty(), "not declared: {missing:?}");
    }
}
