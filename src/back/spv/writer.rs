//! Module, types, constants, globals, functions, control flow and expressions.

use super::layout::Layout;
use super::Options;
use crate::diag::Diagnostic;
use crate::fast_hash::{HashMap, HashSet};
use crate::ir::bindings::{Binding, Slot};
use crate::ir::*;
use crate::layout as rules;
use crate::span::Span;
use crate::stdlib::Stdlib;
use rspirv::binary::Assemble;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{self, BuiltIn, Capability, Decoration, Op, StorageClass, Word};
use std::collections::{BTreeSet, VecDeque};

mod asm;
mod ray_query;
mod texture;
use texture::Descriptors;

/// A pointer to a value of IR type `ty`, stored with `layout`.
#[derive(Clone, Debug)]
pub(super) struct Ptr {
    pub id: Word,
    pub ty: Type,
    pub layout: Layout,
    pub sc: StorageClass,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum TyKey {
    Void,
    Bool,
    Int(u32, bool),
    Float(u32),
    Vector(Word, u8),
    Matrix(Word, u8),
    Array(Type, Option<u32>, Layout),
    Struct(StructId, Layout),
    /// A buffer block: a struct around `Type` (a runtime array or a cbuffer's members).
    Block(String, Layout),
    Pointer(Word, StorageClass),
    Function(Word, Vec<Word>),
    /// `OpTypeImage`: sampled type, dim, arrayed, sampled (1 or 2), format.
    /// Sampled type, dim, arrayed, multisampled, sampled (1) or storage (2), format.
    Image(Word, u32, bool, bool, u32, u32),
    Sampler,
    /// `OpTypeSampledImage` of an image type.
    SampledImage(Word),
    /// An array of descriptors: element type, length.
    Descriptors(Word, u32),
    RuntimeDescriptors(Word),
    Accel,
    RayQuery,
    /// A type a `spirv_asm` block declares that the module has no key of its own for: its
    /// opcode and operand words.
    Asm(u32, Vec<Word>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ConstKey {
    Bits(Word, u64),
    Composite(Word, Vec<Word>),
    /// A constant a `spirv_asm` block declares: opcode, type and operand words.
    Asm(u32, Word, Vec<Word>),
}

#[derive(Clone, Debug)]
enum GVar {
    /// A variable holding the value directly (`Private`, `Workgroup`, `Uniform` block member
    /// reached through `member`).
    Plain(Ptr),
    /// A member of a uniform (or push-constant, `sc`) block variable, laid out by `layout`.
    Member { var: Word, index: u32, ty: Type, layout: Layout, sc: StorageClass },
    /// A storage buffer: a block whose member 0 is a runtime array of `elem` (`uint` for
    /// byte-address buffers) with `majorness`; `counter` is its `counter.var.<name>` block (one
    /// `int`); `rule` lays its elements out. `array`: the variable is an array of such blocks,
    /// this one (a `RWStructuredBuffer<float> b[4]` binding, a descriptor heap).
    Buffer {
        var: Word,
        elem: Type,
        majorness: Majorness,
        rule: rules::Rule,
        counter: Option<Word>,
        array: Option<Word>,
    },
    /// A typed buffer or texture: a `UniformConstant` variable of image type `image`.
    Image(ImageVar),
    /// A sampler (`array`: an array of them).
    Sampler { var: Word, array: bool },
    /// The sampler of a combined texture-sampler: held by texture `texture`'s variable, an
    /// `OpTypeSampledImage` one.
    CombinedSampler { texture: GlobalId },
    /// An acceleration structure (`array`: an array of them).
    Accel { var: Word, array: bool },
    /// An array of constant buffers (`ConstantBuffer<P> cbs[3]`): a `Uniform` variable, an array
    /// of blocks whose member 0 is a `ty` laid out by `layout`; an element's contents are
    /// `var[k].0`.
    ConstantBuffers { var: Word, ty: Type, layout: Layout },
}

#[derive(Clone, Debug)]
struct ImageVar {
    var: Word,
    image: Word,
    kind: ResourceKind,
    /// The element type (`float4`, `uint`, …).
    elem: Type,
    /// `Sampled = 2`: read with `OpImageRead`, written with `OpImageWrite`.
    storage: bool,
    /// The declared format (`Unknown` for sampled images and three-component texels).
    format: spirv::ImageFormat,
    /// The variable is an array of images (`Texture2D t[4]`).
    array: bool,
    /// The variable holds combined image samplers of this `OpTypeSampledImage` type (the
    /// texture of Slang's `Sampler2D`): its image is `OpImage` of what it holds.
    combined: Option<Word>,
}

/// A module function waiting to be written, with its id.
pub(super) struct PendingFn<'a> {
    pub id: Word,
    pub func: &'a Function,
    pub entry: bool,
}

struct Loop {
    /// `None` for a switch (break only).
    cont: Option<Word>,
    merge: Word,
}

/// Per-function state. Instructions are assembled as they are emitted: blocks follow each
/// other in the order they are begun (only one is open at a time), so the body is one stream.
pub(super) struct FnCtx<'a> {
    pub f: &'a Function,
    /// The `OpVariable`s, which go at the top of the first block.
    vars: Vec<Word>,
    /// The blocks so far, the open one last.
    body: Vec<Word>,
    /// Where the open block's `OpLabel` starts in `body`; `None` after a terminator.
    open: Option<usize>,
    /// The labels that finished blocks branch to.
    branch_targets: HashSet<Word>,
    locals: HashMap<LocalId, Ptr>,
    loops: Vec<Loop>,
    /// Per expression: computes a `precise` value ([`super::precise`]); empty if none does.
    precise: Vec<bool>,
    /// Set while such an expression is being written: its arithmetic gets `NoContraction`.
    no_contraction: bool,
}

pub(super) struct Writer<'a> {
    pub m: &'a Module,
    entry: usize,
    pub options: &'a Options,
    pub stdlib: &'a Stdlib,
    next_id: Word,
    caps: BTreeSet<u32>,
    exts: BTreeSet<String>,
    glsl: Option<Word>,
    /// The `OpString`s of the module (`printf` formats), assembled before the names, and the
    /// id of each text.
    strings: Vec<Word>,
    string_ids: Vec<(Box<str>, Word)>,
    /// Other imported extended instruction sets (`NonSemantic.DebugBreak`), in import order.
    ext_sets: Vec<(String, Word)>,
    /// Memory is reached through a pointer: `PhysicalStorageBuffer64` addressing.
    uses_addresses: bool,
    // The module's sections, assembled as their instructions are made: most of them live until
    // the end, and holding them as `dr` objects made a large shader's heap many small blocks.
    annotations: Vec<Word>,
    names: Vec<Word>,
    globals: Vec<Word>,
    /// The functions written so far, already assembled, in chunks: a growing single buffer
    /// would copy everything written so far at each doubling.
    function_words: Vec<Vec<Word>>,
    /// The last function's body and variable buffers, emptied, for the next one to reuse.
    spare_buffers: (Vec<Word>, Vec<Word>),
    types: HashMap<TyKey, Word>,
    consts: HashMap<ConstKey, Word>,
    gvars: HashMap<GlobalId, GVar>,
    /// Each specialization constant's `OpSpecConstant`.
    spec_consts: HashMap<GlobalId, Word>,
    /// A byte-address buffer seen as an array of 64-bit integers or floats, for the atomics on
    /// such values (`InterlockedAdd64`, `InterlockedAddF32`): a second variable at its binding.
    byte_views: HashMap<(GlobalId, Scalar), Word>,
    /// Descriptors loaded through a `NonUniformResourceIndex` index: what is made from them
    /// (a sampled image) is `NonUniform` too.
    non_uniform: HashSet<Word>,
    /// Each image taken out of a combined image sampler (`OpImage`), and the combined image
    /// sampler it came from: sampling that image reads the latter.
    combined_loads: HashMap<Word, Word>,
    cbuffers: HashMap<Option<usize>, (Word, Vec<GlobalId>)>,
    builtins: HashMap<BuiltIn, Word>,
    interface: Vec<Word>,
    /// Where each resource is bound (`ir::bindings`).
    bindings: Vec<Binding>,
    /// The push-constant block of the entry point's `uniform` values, once declared.
    push_block: Option<Word>,
    fn_ids: HashMap<FunctionId, Word>,
    pub pending: VecDeque<PendingFn<'a>>,
    pub errors: Vec<Diagnostic>,
    pub fx: Option<FnCtx<'a>>,
}

pub(super) type R<T> = Result<T, Diagnostic>;

pub(super) fn err(code: &'static str, span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(code, msg).with_label(span, "")
}

/// Assembles `inst` onto the end of a module section.
fn put(section: &mut Vec<Word>, inst: Instruction) {
    inst.assemble_into(section);
}

/// `OpName %id "name"`, assembled directly (a shader names every variable).
fn put_name(section: &mut Vec<Word>, id: Word, name: &str) {
    let bytes = name.as_bytes();
    // The string's bytes, a terminating NUL, zero padding to a whole word.
    let string_words = bytes.len() / 4 + 1;
    section.reserve(2 + string_words);
    section.push((((2 + string_words) as u32) << 16) | Op::Name as u32);
    section.push(id);
    for chunk in 0..string_words {
        let mut word = [0u8; 4];
        let from = chunk * 4;
        let to = bytes.len().min(from + 4);
        word[..to - from].copy_from_slice(&bytes[from..to]);
        section.push(u32::from_le_bytes(word));
    }
}

fn cap_from_u32(v: u32) -> Capability {
    Capability::from_u32(v).expect("capability")
}

impl<'a> Writer<'a> {
    pub fn new(m: &'a Module, entry: usize, options: &'a Options, stdlib: &'a Stdlib) -> Writer<'a> {
        let bindings = crate::ir::bindings::bindings(m, entry);
        Writer {
            m,
            entry,
            options,
            stdlib,
            next_id: 1,
            caps: BTreeSet::new(),
            exts: BTreeSet::new(),
            glsl: None,
            ext_sets: Vec::new(),
            strings: Vec::new(),
            string_ids: Vec::new(),
            uses_addresses: false,
            annotations: Vec::new(),
            names: Vec::new(),
            globals: Vec::new(),
            function_words: Vec::new(),
            spare_buffers: (Vec::new(), Vec::new()),
            types: HashMap::default(),
            consts: HashMap::default(),
            gvars: HashMap::default(),
            spec_consts: HashMap::default(),
            byte_views: HashMap::default(),
            non_uniform: HashSet::default(),
            combined_loads: HashMap::default(),
            cbuffers: HashMap::default(),
            builtins: HashMap::default(),
            interface: Vec::new(),
            bindings,
            push_block: None,
            fn_ids: HashMap::default(),
            pending: VecDeque::new(),
            errors: Vec::new(),
            fx: None,
        }
    }

    pub fn id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub fn require(&mut self, cap: Capability) {
        self.caps.insert(cap as u32);
        let name = format!("{cap:?}");
        if name.starts_with("GroupNonUniform") && cap != Capability::GroupNonUniform {
            self.caps.insert(Capability::GroupNonUniform as u32);
        }
    }

    /// `ShaderNonUniform`: core in SPIR-V 1.5, `SPV_EXT_descriptor_indexing` before.
    pub fn require_non_uniform(&mut self) {
        self.require(Capability::ShaderNonUniform);
        if self.options.version < (1, 5) {
            self.extension("SPV_EXT_descriptor_indexing");
        }
    }

    pub fn extension(&mut self, name: &str) {
        self.exts.insert(name.to_string());
    }

    /// The id of extended instruction set `name` other than GLSL.std.450, imported on first
    /// use; a `NonSemantic.*` set needs `SPV_KHR_non_semantic_info` before SPIR-V 1.6.
    pub fn ext_set(&mut self, name: &str) -> Word {
        if let Some(&(_, id)) = self.ext_sets.iter().find(|(n, _)| n == name) {
            return id;
        }
        if name.starts_with("NonSemantic.") && self.options.version < (1, 6) {
            self.extension("SPV_KHR_non_semantic_info");
        }
        let id = self.id();
        self.ext_sets.push((name.to_string(), id));
        id
    }

    /// The `OpString` of `text`, made once per text.
    fn string_id(&mut self, text: &str) -> Word {
        if let Some(&(_, id)) = self.string_ids.iter().find(|(t, _)| &**t == text) {
            return id;
        }
        let id = self.id();
        put(
            &mut self.strings,
            Instruction::new(Op::String, None, Some(id), vec![Operand::LiteralString(text.to_string())]),
        );
        self.string_ids.push((text.into(), id));
        id
    }

    /// `printf(format, args…)`: `NonSemantic.DebugPrintf`'s instruction 1 with the format's
    /// `OpString`. DebugPrintf prints 32- and 64-bit numbers: a `bool` goes as a `uint`, a
    /// narrower number widened to 32 bits.
    fn printf(&mut self, format: &str, args: &[ExprId], span: Span) -> R<Word> {
        let mut ops = Vec::new();
        for &a in args {
            let v = self.expr(a)?;
            let ty = self.cur_fn().exprs[a].ty.clone();
            let wide = match ty.scalar() {
                Some(Scalar::Bool | Scalar::U8 | Scalar::U16) => Some(Scalar::U32),
                Some(Scalar::I8 | Scalar::I16) => Some(Scalar::I32),
                Some(Scalar::F16) => Some(Scalar::F32),
                _ => None,
            };
            let v = match wide {
                Some(s) => self.convert(v, &ty, &ty.with_scalar(s), span)?,
                None => v,
            };
            ops.push(Operand::IdRef(v));
        }
        let set = self.ext_set("NonSemantic.DebugPrintf");
        let fmt = self.string_id(format);
        let void = self.ty(&Type::Void, Layout::Logical);
        let mut all = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(1), Operand::IdRef(fmt)];
        all.extend(ops);
        self.op(Op::ExtInst, void, all);
        Ok(0)
    }

    pub fn glsl_set(&mut self) -> Word {
        if let Some(g) = self.glsl {
            return g;
        }
        let g = self.id();
        self.glsl = Some(g);
        g
    }

    fn name(&mut self, id: Word, name: &str) {
        put_name(&mut self.names, id, name);
    }

    fn member_name(&mut self, id: Word, member: u32, name: &str) {
        let operands =
            vec![Operand::IdRef(id), Operand::LiteralBit32(member), Operand::LiteralString(name.to_string())];
        put(&mut self.names, Instruction::new(Op::MemberName, None, None, operands));
    }

    pub(super) fn decorate(&mut self, id: Word, d: Decoration, extra: Vec<Operand>) {
        let mut ops = vec![Operand::IdRef(id), Operand::Decoration(d)];
        ops.extend(extra);
        put(&mut self.annotations, Instruction::new(Op::Decorate, None, None, ops));
    }

    fn member_decorate(&mut self, id: Word, member: u32, d: Decoration, extra: Vec<Operand>) {
        let mut ops = vec![Operand::IdRef(id), Operand::LiteralBit32(member), Operand::Decoration(d)];
        ops.extend(extra);
        put(&mut self.annotations, Instruction::new(Op::MemberDecorate, None, None, ops));
    }

    // ------------------------------------------------------------------------------------------
    // Types
    // ------------------------------------------------------------------------------------------

    fn cached_type(&mut self, key: TyKey, build: impl FnOnce(&mut Self, Word) -> Instruction) -> Word {
        if let Some(&id) = self.types.get(&key) {
            return id;
        }
        let id = self.id();
        let inst = build(self, id);
        put(&mut self.globals, inst);
        self.types.insert(key, id);
        id
    }

    pub fn scalar_ty(&mut self, s: Scalar) -> Word {
        match s {
            Scalar::Bool => {
                self.cached_type(TyKey::Bool, |_, id| Instruction::new(Op::TypeBool, None, Some(id), vec![]))
            }
            s if s.is_float() => {
                let bits = s.bits();
                match bits {
                    16 => self.require(Capability::Float16),
                    64 => self.require(Capability::Float64),
                    _ => {}
                }
                self.cached_type(TyKey::Float(bits), |_, id| {
                    Instruction::new(Op::TypeFloat, None, Some(id), vec![Operand::LiteralBit32(bits)])
                })
            }
            s => {
                let bits = s.bits();
                let signed = s.is_signed_int();
                match bits {
                    8 => self.require(Capability::Int8),
                    16 => self.require(Capability::Int16),
                    64 => self.require(Capability::Int64),
                    _ => {}
                }
                self.cached_type(TyKey::Int(bits, signed), |_, id| {
                    Instruction::new(
                        Op::TypeInt,
                        None,
                        Some(id),
                        vec![Operand::LiteralBit32(bits), Operand::LiteralBit32(signed as u32)],
                    )
                })
            }
        }
    }

    pub fn uint_ty(&mut self) -> Word {
        self.scalar_ty(Scalar::U32)
    }

    /// The SPIR-V type of `ty` as stored with `layout` (`Logical`: a value).
    pub fn ty(&mut self, ty: &Type, layout: Layout) -> Word {
        match ty {
            Type::Void => self.cached_type(TyKey::Void, |_, id| Instruction::new(Op::TypeVoid, None, Some(id), vec![])),
            Type::Scalar(Scalar::Bool) if layout != Layout::Logical => self.uint_ty(),
            Type::Scalar(s) => self.scalar_ty(*s),
            Type::Vector(s, n) => {
                let elem = self.ty(&Type::Scalar(*s), layout);
                self.cached_type(TyKey::Vector(elem, *n), |_, id| {
                    Instruction::new(
                        Op::TypeVector,
                        None,
                        Some(id),
                        vec![Operand::IdRef(elem), Operand::LiteralBit32(*n as u32)],
                    )
                })
            }
            Type::Matrix(s, r, c) if !s.is_float() => {
                // SPIR-V's matrices hold floats only: an integer or bool matrix is an array of its
                // rows, which every composite instruction reads the way it reads a matrix.
                self.ty(&Type::Array(Box::new(Type::Vector(*s, *c)), Some(*r as u32)), layout)
            }
            Type::Matrix(s, r, c) => {
                let col = self.ty(&Type::Vector(*s, *c), layout);
                self.require(Capability::Matrix);
                self.cached_type(TyKey::Matrix(col, *r), |_, id| {
                    Instruction::new(
                        Op::TypeMatrix,
                        None,
                        Some(id),
                        vec![Operand::IdRef(col), Operand::LiteralBit32(*r as u32)],
                    )
                })
            }
            Type::Array(e, n) => {
                let key = TyKey::Array(ty.clone(), *n, layout);
                if let Some(&id) = self.types.get(&key) {
                    return id;
                }
                let elem = self.ty(e, layout);
                let id = self.id();
                let inst = match n {
                    Some(n) => {
                        let len = self.const_u32(*n);
                        Instruction::new(Op::TypeArray, None, Some(id), vec![Operand::IdRef(elem), Operand::IdRef(len)])
                    }
                    None => Instruction::new(Op::TypeRuntimeArray, None, Some(id), vec![Operand::IdRef(elem)]),
                };
                put(&mut self.globals, inst);
                if let Layout::Explicit(rule, majorness) = layout {
                    let stride = rules::array_stride(self.m, e, rule, majorness);
                    self.decorate(id, Decoration::ArrayStride, vec![Operand::LiteralBit32(stride)]);
                }
                self.types.insert(key, id);
                id
            }
            Type::Struct(h) => {
                let layout = layout.of_struct();
                let key = TyKey::Struct(*h, layout);
                if let Some(&id) = self.types.get(&key) {
                    return id;
                }
                let def = &self.m.structs[*h];
                let fields: Vec<(Type, Majorness)> =
                    self.struct_members(*h).into_iter().map(|(t, m, _)| (t, m)).collect();
                let members: Vec<Word> = fields.iter().map(|(t, maj)| self.ty(t, layout.member(*maj))).collect();
                let id = self.id();
                put(
                    &mut self.globals,
                    Instruction::new(
                        Op::TypeStruct,
                        None,
                        Some(id),
                        members.iter().map(|&m| Operand::IdRef(m)).collect(),
                    ),
                );
                let name = if layout == Layout::Logical {
                    def.name.clone()
                } else {
                    format!("{}_{}", def.name, layout.suffix())
                };
                self.name(id, &name);
                let names: Vec<String> = self.struct_members(*h).into_iter().map(|(_, _, n)| n).collect();
                for (i, n) in names.iter().enumerate() {
                    self.member_name(id, i as u32, n);
                }
                if let Layout::Explicit(rule, _) = layout {
                    let mut offsets = rules::field_offsets(self.m, *h, rule);
                    offsets.resize(fields.len(), 0);
                    self.decorate_members(id, &fields, &offsets, rule);
                }
                self.types.insert(key, id);
                id
            }
            Type::Resource(..) | Type::String | Type::Error => {
                // Never a value; callers report these before asking.
                self.uint_ty()
            }
            Type::RayQuery(_) => self.ray_query_ty(),
            // A pointer is its address, a `uint64_t`: it converts to a `PhysicalStorageBuffer`
            // pointer only where memory is reached through it (`physical`), so arithmetic,
            // comparisons, casts and pointers stored in memory are plain integer work.
            Type::Pointer(_) => self.scalar_ty(Scalar::U64),
        }
    }

    /// `Offset`s, and each matrix member's (or array of matrices') `MatrixStride` and majorness:
    /// HLSL's rows are SPIR-V's columns, so an HLSL `column_major` matrix is `RowMajor` (DXC).
    fn decorate_members(&mut self, id: Word, members: &[(Type, Majorness)], offsets: &[u32], rule: rules::Rule) {
        for (i, ((t, majorness), off)) in members.iter().zip(offsets).enumerate() {
            self.member_decorate(id, i as u32, Decoration::Offset, vec![Operand::LiteralBit32(*off)]);
            let mut inner = t;
            while let Type::Array(e, _) = inner {
                inner = e;
            }
            if let Type::Matrix(s, r, c) = inner {
                if s.is_float() {
                    if let Some(mp) = rules::matrix(*s, *r, *c, *majorness, rule) {
                        let order = match majorness {
                            Majorness::Column => Decoration::RowMajor,
                            Majorness::Row => Decoration::ColMajor,
                        };
                        self.member_decorate(id, i as u32, order, vec![]);
                        let stride = vec![Operand::LiteralBit32(mp.stride)];
                        self.member_decorate(id, i as u32, Decoration::MatrixStride, stride);
                    }
                }
            }
        }
    }

    pub fn ptr_ty(&mut self, pointee: Word, sc: StorageClass) -> Word {
        self.cached_type(TyKey::Pointer(pointee, sc), |_, id| {
            Instruction::new(Op::TypePointer, None, Some(id), vec![Operand::StorageClass(sc), Operand::IdRef(pointee)])
        })
    }

    fn fn_ty(&mut self, ret: Word, params: Vec<Word>) -> Word {
        let ops: Vec<Operand> =
            std::iter::once(Operand::IdRef(ret)).chain(params.iter().map(|&p| Operand::IdRef(p))).collect();
        self.cached_type(TyKey::Function(ret, params), |_, id| Instruction::new(Op::TypeFunction, None, Some(id), ops))
    }

    // ------------------------------------------------------------------------------------------
    // Constants
    // ------------------------------------------------------------------------------------------

    fn const_bits(&mut self, ty: Word, bits: u64, wide: bool) -> Word {
        let key = ConstKey::Bits(ty, bits);
        if let Some(&id) = self.consts.get(&key) {
            return id;
        }
        let id = self.id();
        let op = if wide { Operand::LiteralBit64(bits) } else { Operand::LiteralBit32(bits as u32) };
        put(&mut self.globals, Instruction::new(Op::Constant, Some(ty), Some(id), vec![op]));
        self.consts.insert(key, id);
        id
    }

    pub fn const_u32(&mut self, v: u32) -> Word {
        let t = self.uint_ty();
        self.const_bits(t, v as u64, false)
    }

    pub fn const_bool(&mut self, v: bool) -> Word {
        let t = self.scalar_ty(Scalar::Bool);
        let key = ConstKey::Bits(t, v as u64);
        if let Some(&id) = self.consts.get(&key) {
            return id;
        }
        let id = self.id();
        let op = if v { Op::ConstantTrue } else { Op::ConstantFalse };
        put(&mut self.globals, Instruction::new(op, Some(t), Some(id), vec![]));
        self.consts.insert(key, id);
        id
    }

    pub fn const_composite(&mut self, ty: Word, parts: Vec<Word>) -> Word {
        let key = ConstKey::Composite(ty, parts.clone());
        if let Some(&id) = self.consts.get(&key) {
            return id;
        }
        let id = self.id();
        put(
            &mut self.globals,
            Instruction::new(
                Op::ConstantComposite,
                Some(ty),
                Some(id),
                parts.iter().map(|&p| Operand::IdRef(p)).collect(),
            ),
        );
        self.consts.insert(key, id);
        id
    }

    /// A scalar constant of type `s` from a folded value (converted as a cast would).
    /// Specialization constant `g` (id `spec_id`): `OpSpecConstant` of its default
    /// (`OpSpecConstantTrue`/`False` for a bool) with its `SpecId`, made once.
    pub fn spec_constant(&mut self, g: GlobalId, spec_id: u32) -> Word {
        if let Some(&id) = self.spec_consts.get(&g) {
            return id;
        }
        let glob = &self.m.globals[g];
        let (s, v, name) = (glob.ty.scalar().unwrap_or(Scalar::I32), glob.init.clone(), glob.name.clone());
        let v = v.unwrap_or(ConstValue::Int(0));
        let ty = self.scalar_ty(s);
        let id = self.id();
        let inst = if s == Scalar::Bool {
            let op = if v.as_bool().unwrap_or(false) { Op::SpecConstantTrue } else { Op::SpecConstantFalse };
            Instruction::new(op, Some(ty), Some(id), vec![])
        } else {
            let (bits, wide) = scalar_bits(s, &v);
            let op = if wide { Operand::LiteralBit64(bits) } else { Operand::LiteralBit32(bits as u32) };
            Instruction::new(Op::SpecConstant, Some(ty), Some(id), vec![op])
        };
        put(&mut self.globals, inst);
        self.decorate(id, Decoration::SpecId, vec![Operand::LiteralBit32(spec_id)]);
        self.name(id, &name);
        self.spec_consts.insert(g, id);
        id
    }

    /// A workgroup size some dimensions of which a pipeline specializes: the `WorkgroupSize`
    /// built-in, a `uvec3` spec-constant composite of those constants (as `uint`) and the other
    /// dimensions, which takes the place of `LocalSize` on every Vulkan version (`LocalSizeId`
    /// needs Vulkan 1.3's maintenance4).
    fn specialized_workgroup_size(&mut self, size: [u32; 3], spec: [Option<GlobalId>; 3]) {
        let uint = self.uint_ty();
        let mut dims = Vec::new();
        for (n, g) in size.into_iter().zip(spec) {
            let id = match g.and_then(|g| Some((g, self.m.spec_id(g)?))) {
                Some((g, spec_id)) => {
                    let c = self.spec_constant(g, spec_id);
                    if self.m.globals[g].ty == Type::UINT {
                        c
                    } else {
                        // The same value as a `uint`: integer addition keeps the bits whatever
                        // the operands' signedness.
                        let zero = self.const_u32(0);
                        let id = self.id();
                        let ops = vec![
                            Operand::LiteralSpecConstantOpInteger(Op::IAdd),
                            Operand::IdRef(c),
                            Operand::IdRef(zero),
                        ];
                        put(&mut self.globals, Instruction::new(Op::SpecConstantOp, Some(uint), Some(id), ops));
                        id
                    }
                }
                None => self.const_u32(n),
            };
            dims.push(Operand::IdRef(id));
        }
        let uvec3 = self.ty(&Type::Vector(Scalar::U32, 3), Layout::Logical);
        let id = self.id();
        put(&mut self.globals, Instruction::new(Op::SpecConstantComposite, Some(uvec3), Some(id), dims));
        self.decorate(id, Decoration::BuiltIn, vec![Operand::BuiltIn(BuiltIn::WorkgroupSize)]);
    }

    pub fn const_scalar(&mut self, s: Scalar, v: &ConstValue) -> Word {
        if let ConstValue::Composite(c) = v {
            let first = c.first().cloned().unwrap_or(ConstValue::Int(0));
            return self.const_scalar(s, &first);
        }
        let ty = self.scalar_ty(s);
        match s {
            Scalar::Bool => self.const_bool(v.as_bool().unwrap_or(false)),
            _ => {
                let (bits, wide) = scalar_bits(s, v);
                self.const_bits(ty, bits, wide)
            }
        }
    }

    /// A constant of IR type `ty`.
    pub fn constant(&mut self, v: &ConstValue, ty: &Type) -> Word {
        match (ty, v) {
            (Type::Scalar(s), _) => self.const_scalar(*s, v),
            (Type::Pointer(_), _) => self.const_scalar(Scalar::U64, v),
            (Type::Vector(s, n), _) => {
                let parts: Vec<Word> = (0..*n as usize)
                    .map(|i| match v {
                        ConstValue::Composite(c) => self.const_scalar(*s, c.get(i).unwrap_or(&ConstValue::Int(0))),
                        other => self.const_scalar(*s, other),
                    })
                    .collect();
                let t = self.ty(ty, Layout::Logical);
                self.const_composite(t, parts)
            }
            (Type::Matrix(s, r, c), _) => {
                let flat: Vec<ConstValue> = match v {
                    ConstValue::Composite(parts) => flatten(parts),
                    other => vec![other.clone(); (*r as usize) * (*c as usize)],
                };
                let col_ty = Type::Vector(*s, *c);
                let cols: Vec<Word> = (0..*r as usize)
                    .map(|i| {
                        let row: Vec<ConstValue> =
                            flat.iter().skip(i * *c as usize).take(*c as usize).cloned().collect();
                        self.constant(&ConstValue::Composite(row), &col_ty)
                    })
                    .collect();
                let t = self.ty(ty, Layout::Logical);
                self.const_composite(t, cols)
            }
            (Type::Array(e, Some(n)), ConstValue::Composite(parts)) => {
                let elems: Vec<Word> =
                    (0..*n as usize).map(|i| self.constant(parts.get(i).unwrap_or(&ConstValue::Int(0)), e)).collect();
                let t = self.ty(ty, Layout::Logical);
                self.const_composite(t, elems)
            }
            (Type::Struct(h), ConstValue::Composite(parts)) => {
                let fields: Vec<Type> = self.struct_members(*h).into_iter().map(|(t, _, _)| t).collect();
                let elems: Vec<Word> = fields
                    .iter()
                    .enumerate()
                    .map(|(i, t)| self.constant(parts.get(i).unwrap_or(&ConstValue::Int(0)), t))
                    .collect();
                let t = self.ty(ty, Layout::Logical);
                self.const_composite(t, elems)
            }
            _ => {
                let t = self.ty(ty, Layout::Logical);
                let key = ConstKey::Composite(t, vec![u32::MAX]);
                if let Some(&id) = self.consts.get(&key) {
                    return id;
                }
                let id = self.id();
                put(&mut self.globals, Instruction::new(Op::ConstantNull, Some(t), Some(id), vec![]));
                self.consts.insert(key, id);
                id
            }
        }
    }

    /// A struct's members as SPIR-V declares them: its fields, or for a struct without any
    /// (a Slang struct that only has methods) one unused `uint`, since llvmpipe fails to compile
    /// loads and stores of an empty struct.
    fn struct_members(&self, h: StructId) -> Vec<(Type, Majorness, String)> {
        let fields = &self.m.structs[h].fields;
        if fields.is_empty() {
            return vec![(Type::UINT, Majorness::Column, "wavec_empty".into())];
        }
        fields.iter().map(|f| (f.ty.clone(), f.majorness, f.name.clone())).collect()
    }

    pub fn zero(&mut self, ty: &Type) -> Word {
        self.constant(&ConstValue::Int(0), ty)
    }

    // ------------------------------------------------------------------------------------------
    // Globals
    // ------------------------------------------------------------------------------------------

    fn global_var(&mut self, ty: Word, sc: StorageClass, init: Option<Word>, name: &str) -> Word {
        let p = self.ptr_ty(ty, sc);
        let id = self.id();
        let mut ops = vec![Operand::StorageClass(sc)];
        if let Some(i) = init {
            ops.push(Operand::IdRef(i));
        }
        put(&mut self.globals, Instruction::new(Op::Variable, Some(p), Some(id), ops));
        self.name(id, name);
        if sc == StorageClass::Input || self.options.version >= (1, 4) {
            self.interface.push(id);
        }
        id
    }

    /// Decorates `var` with the set and binding `ir::bindings` gives `slot`.
    fn bind(&mut self, var: Word, slot: Slot) {
        let (set, binding) = Binding::of(&self.bindings, slot).map_or((0, 0), |b| (b.set, b.binding));
        self.decorate(var, Decoration::DescriptorSet, vec![Operand::LiteralBit32(set)]);
        self.decorate(var, Decoration::Binding, vec![Operand::LiteralBit32(binding)]);
    }

    /// The counter of structured buffer `g`: `counter.var.<name>`, a storage buffer block
    /// holding one `int` (DXC's `counter.var`), bound where `ir::bindings` puts it.
    fn counter_var(&mut self, name: &str, g: GlobalId) -> Word {
        self.counters_var(name, g, Descriptors::One)
    }

    /// The counters of `count` buffers (one, or an array of buffers): `counter.var.<name>`.
    fn counters_var(&mut self, name: &str, g: GlobalId, count: Descriptors) -> Word {
        let block = self.counter_block();
        let var_ty = self.descriptors(block, count);
        let var = self.global_var(var_ty, StorageClass::StorageBuffer, None, &format!("counter.var.{name}"));
        self.bind(var, Slot::Counter(g));
        var
    }

    /// The block of one counter (an `int` at offset 0).
    fn counter_block(&mut self) -> Word {
        let members = [(Type::INT, Majorness::Column)];
        let rule = self.m.layout.storage();
        let key =
            TyKey::Block(format!("counter {members:?} {:?}", [None::<u32>]), Layout::Explicit(rule, Majorness::Column));
        let first = !self.types.contains_key(&key);
        let block = self.block_type("counter".into(), &members, rule, "type_ACSBuffer_counter");
        if first {
            self.member_name(block, 0, "counter");
        }
        block
    }

    /// A block struct around `members` (each with its majorness), laid out by `rule` and
    /// decorated `Block`.
    fn block_type(&mut self, key: String, members: &[(Type, Majorness)], rule: rules::Rule, name: &str) -> Word {
        self.block_type_at(key, members, &vec![None; members.len()], rule, name)
    }

    /// [`Self::block_type`] with members that may have explicit offsets (`packoffset`).
    fn block_type_at(
        &mut self,
        key: String,
        members: &[(Type, Majorness)],
        explicit: &[Option<u32>],
        rule: rules::Rule,
        name: &str,
    ) -> Word {
        let tk = TyKey::Block(format!("{key} {members:?} {explicit:?}"), Layout::Explicit(rule, Majorness::Column));
        if let Some(&id) = self.types.get(&tk) {
            return id;
        }
        let ids: Vec<Word> = members.iter().map(|(t, maj)| self.ty(t, Layout::Explicit(rule, *maj))).collect();
        let id = self.id();
        put(
            &mut self.globals,
            Instruction::new(Op::TypeStruct, None, Some(id), ids.iter().map(|&m| Operand::IdRef(m)).collect()),
        );
        self.name(id, name);
        self.decorate(id, Decoration::Block, vec![]);
        let placed = members.iter().zip(explicit).map(|((t, maj), at)| (t, *maj, *at));
        let offsets = rules::member_offsets(self.m, placed, rule);
        self.decorate_members(id, members, &offsets, rule);
        self.types.insert(tk, id);
        id
    }

    /// The layout of storage buffers (structured, byte-address, counters) for matrices of
    /// `majorness`.
    pub fn storage_layout(&self, majorness: Majorness) -> Layout {
        Layout::Explicit(self.m.layout.storage(), majorness)
    }

    /// Declares the buffers and cbuffers in declaration order, so automatic bindings follow the
    /// source, not the order of first use.
    fn declare_resources(&mut self) -> R<()> {
        let m = self.m;
        let (used, counters) = self.used_globals();
        for (h, g) in m.globals.iter() {
            if !used[h.index()] {
                continue;
            }
            let in_memory =
                matches!(g.space, AddressSpace::Resource | AddressSpace::Uniform { .. } | AddressSpace::PushConstant);
            let stored = match &g.ty {
                Type::Resource(_, Some(elem)) => elem,
                other => other,
            };
            if in_memory && self.m.stores_integer_matrix_by_columns(stored, g.majorness) {
                return Err(err(
                    "E0612",
                    g.span,
                    format!(
                        "`{}` stores an integer or bool matrix column by column, which SPIR-V cannot describe (its matrices hold floats only); declare the matrix `row_major`",
                        g.name
                    ),
                ));
            }
            match (&g.space, &g.ty) {
                (AddressSpace::Resource, Type::Resource(kind, elem)) => {
                    use ResourceKind::*;
                    match kind {
                        StructuredBuffer
                        | RWStructuredBuffer
                        | AppendStructuredBuffer
                        | ConsumeStructuredBuffer
                        | ByteAddressBuffer
                        | RWByteAddressBuffer => {
                            let (block, elem, storage) = self.storage_block(*kind, elem.as_deref(), g);
                            let var = self.global_var(block, StorageClass::StorageBuffer, None, &g.name);
                            if g.coherent {
                                self.decorate(var, Decoration::Coherent, vec![]);
                            }
                            self.bind(var, Slot::Global(h));
                            let counter = if matches!(kind, AppendStructuredBuffer | ConsumeStructuredBuffer)
                                || counters[h.index()]
                            {
                                Some(self.counter_var(&g.name, h))
                            } else {
                                None
                            };
                            let rule = storage;
                            let majorness = g.majorness;
                            self.gvars.insert(h, GVar::Buffer { var, elem, majorness, rule, counter, array: None });
                        }
                        ConstantBuffer => {
                            let (block, elem, uniform) = self.constant_block(elem.as_deref(), g);
                            let var = self.global_var(block, StorageClass::Uniform, None, &g.name);
                            self.bind(var, Slot::Global(h));
                            let layout = Layout::Explicit(uniform, g.majorness);
                            let sc = StorageClass::Uniform;
                            self.gvars.insert(h, GVar::Member { var, index: 0, ty: elem, layout, sc });
                        }
                        k if texture::is_image_kind(*k) => {
                            let elem = elem.as_deref().cloned().unwrap_or(Type::Vector(Scalar::F32, 4));
                            let combined = self.m.combined_sampler_of(h).is_some();
                            let iv = self.image_var(g, *kind, elem, Descriptors::One, combined)?;
                            if g.coherent {
                                self.decorate(iv.var, Decoration::Coherent, vec![]);
                            }
                            if kind.is_write_only() {
                                self.decorate(iv.var, Decoration::NonReadable, vec![]);
                            }
                            self.bind(iv.var, Slot::Global(h));
                            self.gvars.insert(h, GVar::Image(iv));
                        }
                        SamplerState | SamplerComparisonState if g.shares_binding.is_some() => {
                            let texture = g.shares_binding.unwrap_or(h);
                            self.gvars.insert(h, GVar::CombinedSampler { texture });
                        }
                        SamplerState | SamplerComparisonState => {
                            let v = self.sampler_var(&g.name, Descriptors::One);
                            if let GVar::Sampler { var, .. } = v {
                                self.bind(var, Slot::Global(h));
                            }
                            self.gvars.insert(h, v);
                        }
                        RaytracingAccelerationStructure => {
                            let v = self.accel_var(&g.name, Descriptors::One);
                            if let GVar::Accel { var, .. } = v {
                                self.bind(var, Slot::Global(h));
                            }
                            self.gvars.insert(h, v);
                        }
                        other => {
                            return Err(err(
                                "E0612",
                                g.span,
                                format!("`{}` resources are not supported by the SPIR-V backend yet", other.name()),
                            ));
                        }
                    }
                }
                (AddressSpace::Resource, Type::Array(inner, len)) => {
                    let count = len.map_or(Descriptors::Runtime, Descriptors::Fixed);
                    match &**inner {
                        Type::Resource(kind, elem) if texture::is_image_kind(*kind) => {
                            let elem = elem.as_deref().cloned().unwrap_or(Type::Vector(Scalar::F32, 4));
                            let combined = self.m.combined_sampler_of(h).is_some();
                            let iv = self.image_var(g, *kind, elem, count, combined)?;
                            if g.coherent {
                                self.decorate(iv.var, Decoration::Coherent, vec![]);
                            }
                            if kind.is_write_only() {
                                self.decorate(iv.var, Decoration::NonReadable, vec![]);
                            }
                            self.bind(iv.var, Slot::Global(h));
                            self.gvars.insert(h, GVar::Image(iv));
                        }
                        Type::Resource(kind, _) if kind.is_sampler() && g.shares_binding.is_some() => {
                            let texture = g.shares_binding.unwrap_or(h);
                            self.gvars.insert(h, GVar::CombinedSampler { texture });
                        }
                        Type::Resource(kind, _) if kind.is_sampler() => {
                            let v = self.sampler_var(&g.name, count);
                            if let GVar::Sampler { var, .. } = v {
                                self.bind(var, Slot::Global(h));
                            }
                            self.gvars.insert(h, v);
                        }
                        Type::Resource(ResourceKind::RaytracingAccelerationStructure, _) => {
                            let v = self.accel_var(&g.name, count);
                            if let GVar::Accel { var, .. } = v {
                                self.bind(var, Slot::Global(h));
                            }
                            self.gvars.insert(h, v);
                        }
                        Type::Resource(kind, elem) if kind.is_byte_address() || kind.is_structured_storage() => {
                            let (block, elem, rule) = self.storage_block(*kind, elem.as_deref(), g);
                            let var_ty = self.descriptors(block, count);
                            let var = self.global_var(var_ty, StorageClass::StorageBuffer, None, &g.name);
                            if g.coherent {
                                self.decorate(var, Decoration::Coherent, vec![]);
                            }
                            self.bind(var, Slot::Global(h));
                            // As DXC gives a heap's buffers theirs: an array of counters, as long.
                            let counter = counters[h.index()].then(|| self.counters_var(&g.name, h, count));
                            let majorness = g.majorness;
                            let array = Some(block);
                            self.gvars.insert(h, GVar::Buffer { var, elem, majorness, rule, counter, array });
                        }
                        Type::Resource(ResourceKind::ConstantBuffer, elem) => {
                            let (block, elem, uniform) = self.constant_block(elem.as_deref(), g);
                            let var_ty = self.descriptors(block, count);
                            let var = self.global_var(var_ty, StorageClass::Uniform, None, &g.name);
                            self.bind(var, Slot::Global(h));
                            let layout = Layout::Explicit(uniform, g.majorness);
                            self.gvars.insert(h, GVar::ConstantBuffers { var, ty: elem, layout });
                        }
                        _ => {
                            return Err(err(
                                "E0612",
                                g.span,
                                "arrays of append and consume buffers are not supported by the SPIR-V backend yet \
                             (arrays of textures, samplers, storage and constant buffers are)",
                            ))
                        }
                    }
                }
                (AddressSpace::Resource, _) => {
                    return Err(err("E0612", g.span, "this resource is not supported by the SPIR-V backend yet"));
                }
                (AddressSpace::Uniform { cbuffer }, _) => {
                    if self.cbuffers.contains_key(cbuffer) {
                        continue;
                    }
                    let members: Vec<GlobalId> = m
                        .globals
                        .iter()
                        .filter(|(_, o)| o.space == AddressSpace::Uniform { cbuffer: *cbuffer })
                        .map(|(i, _)| i)
                        .collect();
                    let tys: Vec<(Type, Majorness)> =
                        members.iter().map(|&i| (m.globals[i].ty.clone(), m.globals[i].majorness)).collect();
                    let (name, slot) = match cbuffer {
                        Some(i) => (m.cbuffers[*i].name.clone(), Slot::Cbuffer(*i)),
                        None => ("$Globals".to_string(), Slot::LooseUniforms),
                    };
                    let uniform = self.m.layout.uniform();
                    let explicit: Vec<Option<u32>> = members.iter().map(|&i| m.globals[i].packoffset).collect();
                    let key = format!("cbuffer {name}");
                    let block = self.block_type_at(key, &tys, &explicit, uniform, &format!("type_{name}"));
                    for (i, &g) in members.iter().enumerate() {
                        self.member_name(block, i as u32, &m.globals[g].name);
                    }
                    let var = self.global_var(block, StorageClass::Uniform, None, &name);
                    self.bind(var, slot);
                    for (i, &g) in members.iter().enumerate() {
                        let layout = Layout::Explicit(uniform, m.globals[g].majorness);
                        let ty = m.globals[g].ty.clone();
                        let sc = StorageClass::Uniform;
                        self.gvars.insert(g, GVar::Member { var, index: i as u32, ty, layout, sc });
                    }
                    self.cbuffers.insert(*cbuffer, (var, members));
                }
                (AddressSpace::PushConstant, _) => {
                    if self.push_block.is_some() {
                        continue;
                    }
                    // The entry point's `uniform` values, in parameter order, one block.
                    let members: Vec<GlobalId> = m
                        .globals
                        .iter()
                        .filter(|(_, o)| o.space == AddressSpace::PushConstant)
                        .map(|(i, _)| i)
                        .collect();
                    let tys: Vec<(Type, Majorness)> =
                        members.iter().map(|&i| (m.globals[i].ty.clone(), m.globals[i].majorness)).collect();
                    let rule = self.m.layout.storage();
                    let explicit = vec![None; members.len()];
                    let block =
                        self.block_type_at("push constants".into(), &tys, &explicit, rule, "type_EntryPointParams");
                    for (i, &g) in members.iter().enumerate() {
                        self.member_name(block, i as u32, &m.globals[g].name);
                    }
                    let var = self.global_var(block, StorageClass::PushConstant, None, "entryPointParams");
                    for (i, &g) in members.iter().enumerate() {
                        let layout = Layout::Explicit(rule, m.globals[g].majorness);
                        let ty = m.globals[g].ty.clone();
                        let sc = StorageClass::PushConstant;
                        self.gvars.insert(g, GVar::Member { var, index: i as u32, ty, layout, sc });
                    }
                    self.push_block = Some(var);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Globals named by any reachable function.
    /// Per global: whether a function reachable from the entry point refers to it, and whether
    /// one calls `IncrementCounter`/`DecrementCounter` on it (a `RWStructuredBuffer` gets a
    /// counter only then).
    fn used_globals(&self) -> (Vec<bool>, Vec<bool>) {
        let ep = &self.m.entry_points[self.entry];
        let reach = crate::lower::reachable_functions(self.m, ep.function);
        let mut used = vec![false; self.m.globals.len()];
        let mut counters = vec![false; self.m.globals.len()];
        for (h, f) in self.m.functions.iter() {
            if reach[h.index()] {
                f.uses.globals.iter().for_each(|g| used[g.index()] = true);
                f.uses.counters.iter().for_each(|g| counters[g.index()] = true);
            }
        }
        (used, counters)
    }

    /// The pointer to global `g` (declared on first use).
    fn global_ptr(&mut self, g: GlobalId, span: Span) -> R<Ptr> {
        if let Some(v) = self.gvars.get(&g).cloned() {
            return match v {
                GVar::Plain(p) => Ok(p),
                GVar::Member { var, index, ty, layout, sc } => {
                    let idx = self.const_u32(index);
                    let p = Ptr { id: var, ty: Type::Void, layout, sc };
                    Ok(self.access(&p, ty, vec![idx]))
                }
                GVar::Buffer { .. }
                | GVar::Image(_)
                | GVar::Sampler { .. }
                | GVar::CombinedSampler { .. }
                | GVar::Accel { .. }
                | GVar::ConstantBuffers { .. } => Err(err("E0612", span, "a resource is used as a value")),
            };
        }
        let glob = &self.m.globals[g];
        let (sc, init) = match glob.space {
            AddressSpace::Groupshared => (StorageClass::Workgroup, None),
            AddressSpace::Private | AddressSpace::Constant => {
                let init = match self.m.spec_id(g) {
                    Some(spec_id) => Some(self.spec_constant(g, spec_id)),
                    None => glob.init.clone().map(|v| self.constant(&v, &glob.ty)),
                };
                (StorageClass::Private, init)
            }
            _ => return Err(err("E0699", span, "internal error: undeclared resource")),
        };
        let t = self.ty(&glob.ty, Layout::Logical);
        let name = glob.name.clone();
        let var = self.global_var(t, sc, init, &name);
        let p = Ptr { id: var, ty: glob.ty.clone(), layout: Layout::Logical, sc };
        self.gvars.insert(g, GVar::Plain(p.clone()));
        Ok(p)
    }

    /// The `Input` variable of a built-in (declared on first use).
    pub fn builtin(&mut self, b: BuiltIn) -> (Word, Type) {
        let ty = match b {
            BuiltIn::GlobalInvocationId
            | BuiltIn::LocalInvocationId
            | BuiltIn::WorkgroupId
            | BuiltIn::NumWorkgroups => Type::Vector(Scalar::U32, 3),
            BuiltIn::SubgroupEqMask
            | BuiltIn::SubgroupGeMask
            | BuiltIn::SubgroupGtMask
            | BuiltIn::SubgroupLeMask
            | BuiltIn::SubgroupLtMask => Type::Vector(Scalar::U32, 4),
            _ => Type::UINT,
        };
        match b {
            BuiltIn::SubgroupSize
            | BuiltIn::SubgroupLocalInvocationId
            | BuiltIn::SubgroupId
            | BuiltIn::NumSubgroups => self.require(Capability::GroupNonUniform),
            // The lane masks come with the ballot operations.
            BuiltIn::SubgroupEqMask
            | BuiltIn::SubgroupGeMask
            | BuiltIn::SubgroupGtMask
            | BuiltIn::SubgroupLeMask
            | BuiltIn::SubgroupLtMask => self.require(Capability::GroupNonUniformBallot),
            _ => {}
        }
        if let Some(&v) = self.builtins.get(&b) {
            return (v, ty);
        }
        let t = self.ty(&ty, Layout::Logical);
        let v = self.global_var(t, StorageClass::Input, None, &format!("gl_{b:?}"));
        self.decorate(v, Decoration::BuiltIn, vec![Operand::BuiltIn(b)]);
        self.builtins.insert(b, v);
        (v, ty)
    }

    pub fn load_builtin(&mut self, b: BuiltIn) -> (Word, Type) {
        let (v, ty) = self.builtin(b);
        let t = self.ty(&ty, Layout::Logical);
        (self.op(Op::Load, t, vec![Operand::IdRef(v)]), ty)
    }

    // ------------------------------------------------------------------------------------------
    // Instructions in the current function
    // ------------------------------------------------------------------------------------------

    pub fn fx(&mut self) -> &mut FnCtx<'a> {
        self.fx.as_mut().expect("in a function")
    }

    pub fn emit(&mut self, inst: Instruction) {
        if self.fx().open.is_none() {
            // Unreachable code (after a terminator): give it a block of its own.
            let l = self.id();
            self.begin_block(l);
        }
        inst.assemble_into(&mut self.fx().body);
    }

    pub fn op(&mut self, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let id = self.id();
        self.emit(Instruction::new(op, Some(ty), Some(id), operands));
        if self.fx.as_ref().is_some_and(|f| f.no_contraction) && is_contractible(op) {
            self.decorate(id, Decoration::NoContraction, vec![]);
        }
        id
    }

    pub fn op_ids(&mut self, op: Op, ty: Word, ids: &[Word]) -> Word {
        self.op(op, ty, ids.iter().map(|&i| Operand::IdRef(i)).collect())
    }

    fn terminate(&mut self, inst: Instruction) {
        if matches!(inst.class.opcode, Op::Branch | Op::BranchConditional | Op::Switch) {
            let targets = inst.operands.iter().filter_map(|o| match o {
                Operand::IdRef(id) => Some(*id),
                _ => None,
            });
            self.fx.as_mut().expect("in a function").branch_targets.extend(targets);
        }
        self.emit(inst);
        self.fx().open = None;
    }

    /// Opens block `label`; a block still open (never terminated) is dropped.
    fn begin_block(&mut self, label: Word) {
        let fx = self.fx();
        if let Some(start) = fx.open {
            fx.body.truncate(start);
        }
        fx.open = Some(fx.body.len());
        fx.body.extend_from_slice(&[(2 << 16) | Op::Label as u32, label]);
    }

    fn branch(&mut self, target: Word) {
        self.terminate(Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(target)]));
    }

    fn reachable(&self) -> bool {
        self.fx.as_ref().is_some_and(|f| f.open.is_some())
    }

    /// A `Function` variable at the top of the first block.
    pub fn local_var(&mut self, ty: &Type, name: Option<&str>) -> Ptr {
        let t = self.ty(ty, Layout::Logical);
        let p = self.ptr_ty(t, StorageClass::Function);
        let id = self.id();
        self.fx().vars.extend_from_slice(&[(4 << 16) | Op::Variable as u32, p, id, StorageClass::Function as u32]);
        if let Some(n) = name {
            self.name(id, n);
        }
        Ptr { id, ty: ty.clone(), layout: Layout::Logical, sc: StorageClass::Function }
    }

    // ------------------------------------------------------------------------------------------
    // Loads, stores, access chains, layout conversion
    // ------------------------------------------------------------------------------------------

    pub fn access(&mut self, base: &Ptr, ty: Type, indices: Vec<Word>) -> Ptr {
        let t = self.ty(&ty, base.layout);
        let pt = self.ptr_ty(t, base.sc);
        let mut ops = vec![Operand::IdRef(base.id)];
        ops.extend(indices.into_iter().map(Operand::IdRef));
        let id = self.op(Op::AccessChain, pt, ops);
        Ptr { id, ty, layout: base.layout, sc: base.sc }
    }

    pub fn load(&mut self, p: &Ptr) -> Word {
        let t = self.ty(&p.ty, p.layout);
        let mut ops = vec![Operand::IdRef(p.id)];
        ops.extend(self.aligned(p));
        let v = self.op(Op::Load, t, ops);
        if p.layout == Layout::Logical {
            v
        } else {
            self.unpack_layout(v, &p.ty.clone(), p.layout)
        }
    }

    pub fn store(&mut self, p: &Ptr, v: Word) {
        let v = if p.layout == Layout::Logical { v } else { self.pack_layout(v, &p.ty.clone(), p.layout) };
        let mut ops = vec![Operand::IdRef(p.id), Operand::IdRef(v)];
        ops.extend(self.aligned(p));
        self.emit(Instruction::new(Op::Store, None, None, ops));
    }

    /// The `Aligned` memory operand an access through a `PhysicalStorageBuffer` pointer must
    /// carry: what it reads is aligned as the pointee's layout aligns it, given an address
    /// aligned for what the pointer points to.
    fn aligned(&self, p: &Ptr) -> Vec<Operand> {
        if p.sc != StorageClass::PhysicalStorageBuffer {
            return Vec::new();
        }
        let align = rules::placement(self.m, &p.ty, rules::POINTEE, Majorness::Column).align.max(1);
        vec![Operand::MemoryAccess(spirv::MemoryAccess::ALIGNED), Operand::LiteralBit32(align)]
    }

    /// `*p`: the memory at address `addr` (a `uint64_t`) as a `PhysicalStorageBuffer` pointer
    /// to `ty`, laid out as Slang lays out what a pointer points to.
    fn physical(&mut self, addr: Word, ty: &Type) -> Ptr {
        if !self.uses_addresses {
            self.uses_addresses = true;
            self.require(Capability::PhysicalStorageBufferAddresses);
            if self.options.version < (1, 5) {
                self.extension("SPV_KHR_physical_storage_buffer");
            }
        }
        let layout = Layout::Explicit(rules::POINTEE, Majorness::Column);
        let mut inner = ty;
        while let Type::Array(e, _) = inner {
            inner = e;
        }
        if matches!(inner, Type::Matrix(s, ..) if s.is_float()) {
            // Only a struct member carries a matrix's stride and order: a matrix (or an array
            // of them) is reached through a struct around it, as HLSL's default orders it.
            let wrapper =
                self.block_type("pointee".into(), &[(ty.clone(), Majorness::Column)], rules::POINTEE, "wavec_pointee");
            let pt = self.ptr_ty(wrapper, StorageClass::PhysicalStorageBuffer);
            let id = self.op_ids(Op::ConvertUToPtr, pt, &[addr]);
            let base = Ptr { id, ty: Type::Void, layout, sc: StorageClass::PhysicalStorageBuffer };
            let zero = self.const_u32(0);
            return self.access(&base, ty.clone(), vec![zero]);
        }
        let t = self.ty(ty, layout);
        let pt = self.ptr_ty(t, StorageClass::PhysicalStorageBuffer);
        let id = self.op_ids(Op::ConvertUToPtr, pt, &[addr]);
        Ptr { id, ty: ty.clone(), layout, sc: StorageClass::PhysicalStorageBuffer }
    }

    /// `p + n`, `p - n`: the address `n` pointees on (back), `n` a 64-bit integer.
    fn pointer_step(&mut self, op: BinaryOp, p: Word, pointee: &Type, n: Word, nt: &Type) -> Word {
        let u64t = self.scalar_ty(Scalar::U64);
        let n = if nt.scalar() == Some(Scalar::U64) { n } else { self.op_ids(Op::Bitcast, u64t, &[n]) };
        let stride = rules::array_stride(self.m, pointee, rules::POINTEE, Majorness::Column);
        let size = self.const_scalar(Scalar::U64, &ConstValue::Uint(stride as u64));
        let bytes = self.op_ids(Op::IMul, u64t, &[n, size]);
        let o = if op == BinaryOp::Sub { Op::ISub } else { Op::IAdd };
        self.op_ids(o, u64t, &[p, bytes])
    }

    fn needs_layout_conversion(ty: &Type) -> bool {
        matches!(ty, Type::Struct(_) | Type::Array(..))
            || matches!(ty.scalar(), Some(s) if !s.is_float() && (s == Scalar::Bool || matches!(ty, Type::Matrix(..))))
    }

    fn unpack_layout(&mut self, v: Word, ty: &Type, layout: Layout) -> Word {
        if !Self::needs_layout_conversion(ty) {
            return v;
        }
        match ty {
            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => {
                let u = ty.with_scalar(Scalar::U32);
                let z = self.zero(&u);
                let bt = self.ty(ty, Layout::Logical);
                self.op_ids(Op::INotEqual, bt, &[v, z])
            }
            _ => self.convert_members(v, ty, layout, true),
        }
    }

    fn pack_layout(&mut self, v: Word, ty: &Type, layout: Layout) -> Word {
        if !Self::needs_layout_conversion(ty) {
            return v;
        }
        match ty {
            Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => {
                let u = ty.with_scalar(Scalar::U32);
                let one = self.constant(&ConstValue::Uint(1), &u);
                let z = self.zero(&u);
                let ut = self.ty(&u, layout);
                self.op_ids(Op::Select, ut, &[v, one, z])
            }
            _ => self.convert_members(v, ty, layout, false),
        }
    }

    fn convert_members(&mut self, v: Word, ty: &Type, layout: Layout, from: bool) -> Word {
        let dst_layout = if from { Layout::Logical } else { layout };
        // Each member with the layout it was declared with (a struct field's own majorness).
        let members: Vec<(Type, Layout)> = match ty {
            Type::Array(e, Some(n)) => vec![((**e).clone(), layout); *n as usize],
            Type::Struct(h) => self.struct_members(*h).into_iter().map(|(t, maj, _)| (t, layout.member(maj))).collect(),
            Type::Matrix(s, r, c) if !s.is_float() => vec![(Type::Vector(*s, *c), layout); *r as usize],
            _ => return v,
        };
        let mut parts = Vec::new();
        for (i, (mt, member_layout)) in members.iter().enumerate() {
            let src = if from { *member_layout } else { Layout::Logical };
            let st = self.ty(mt, src);
            let x = self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(i as u32)]);
            let x =
                if from { self.unpack_layout(x, mt, *member_layout) } else { self.pack_layout(x, mt, *member_layout) };
            parts.push(x);
        }
        let t = self.ty(ty, dst_layout);
        self.op_ids(Op::CompositeConstruct, t, &parts)
    }

    // ------------------------------------------------------------------------------------------
    // The module
    // ------------------------------------------------------------------------------------------

    pub fn write(mut self) -> Result<Vec<u32>, Vec<Diagnostic>> {
        self.require(Capability::Shader);
        if let Err(d) = self.declare_resources() {
            return Err(vec![d]);
        }
        let ep = self.m.entry_points[self.entry].clone();
        let entry_id = self.function_id(ep.function);
        self.pending.push_front(PendingFn { id: entry_id, func: &self.m.functions[ep.function], entry: true });
        // The queue was seeded by function_id too; drop that duplicate.
        self.pending.retain({
            let mut seen = false;
            move |p| {
                if p.id == entry_id {
                    let first = !seen;
                    seen = true;
                    first
                } else {
                    true
                }
            }
        });
        while let Some(p) = self.pending.pop_front() {
            if let Err(d) = self.function(p) {
                self.errors.push(d);
                self.fx = None;
            }
        }
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        let size = ep.numthreads.unwrap_or([1, 1, 1]);
        if ep.numthreads_spec.iter().any(Option::is_some) {
            self.specialized_workgroup_size(size, ep.numthreads_spec);
        }
        let derivatives = ep.derivative_group.map(|g| match g {
            DerivativeGroup::Quads => {
                (Capability::ComputeDerivativeGroupQuadsKHR, spirv::ExecutionMode::DerivativeGroupQuadsKHR)
            }
            DerivativeGroup::Linear => {
                (Capability::ComputeDerivativeGroupLinearKHR, spirv::ExecutionMode::DerivativeGroupLinearKHR)
            }
        });
        if let Some((cap, _)) = derivatives {
            self.require(cap);
            self.extension("SPV_NV_compute_shader_derivatives");
        }
        let mut module = dr::Module::new();
        let mut header = dr::ModuleHeader::new(self.next_id);
        header.set_version(self.options.version.0, self.options.version.1);
        module.header = Some(header);
        for &c in &self.caps {
            module.capabilities.push(Instruction::new(
                Op::Capability,
                None,
                None,
                vec![Operand::Capability(cap_from_u32(c))],
            ));
        }
        for e in &self.exts {
            module.extensions.push(Instruction::new(
                Op::Extension,
                None,
                None,
                vec![Operand::LiteralString(e.clone())],
            ));
        }
        if let Some(g) = self.glsl {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(g),
                vec![Operand::LiteralString("GLSL.std.450".into())],
            ));
        }
        for (name, id) in &self.ext_sets {
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(*id),
                vec![Operand::LiteralString(name.clone())],
            ));
        }
        module.memory_model = Some(Instruction::new(
            Op::MemoryModel,
            None,
            None,
            vec![
                Operand::AddressingModel(if self.uses_addresses {
                    spirv::AddressingModel::PhysicalStorageBuffer64
                } else {
                    spirv::AddressingModel::Logical
                }),
                Operand::MemoryModel(spirv::MemoryModel::GLSL450),
            ],
        ));
        let mut ops = vec![
            Operand::ExecutionModel(spirv::ExecutionModel::GLCompute),
            Operand::IdRef(entry_id),
            Operand::LiteralString(ep.name.clone()),
        ];
        ops.extend(self.interface.iter().map(|&v| Operand::IdRef(v)));
        module.entry_points.push(Instruction::new(Op::EntryPoint, None, None, ops));
        let [x, y, z] = size;
        module.execution_modes.push(Instruction::new(
            Op::ExecutionMode,
            None,
            None,
            vec![
                Operand::IdRef(entry_id),
                Operand::ExecutionMode(spirv::ExecutionMode::LocalSize),
                Operand::LiteralBit32(x),
                Operand::LiteralBit32(y),
                Operand::LiteralBit32(z),
            ],
        ));
        if let Some((_, mode)) = derivatives {
            module.execution_modes.push(Instruction::new(
                Op::ExecutionMode,
                None,
                None,
                vec![Operand::IdRef(entry_id), Operand::ExecutionMode(mode)],
            ));
        }
        // The module-level instructions are a few dozen words; the sections are the bulk.
        let mut words = module.assemble();
        let sections =
            [&self.strings, &self.names, &self.annotations, &self.globals].into_iter().chain(&self.function_words);
        words.reserve_exact(sections.clone().map(|s| s.len()).sum());
        for section in sections {
            words.extend_from_slice(section);
        }
        Ok(words)
    }

    /// The SPIR-V id of a module function, queued for writing on first use.
    fn function_id(&mut self, f: FunctionId) -> Word {
        if let Some(&id) = self.fn_ids.get(&f) {
            return id;
        }
        let id = self.id();
        self.fn_ids.insert(f, id);
        self.pending.push_back(PendingFn { id, func: &self.m.functions[f], entry: false });
        id
    }

    fn function(&mut self, p: PendingFn<'a>) -> R<()> {
        let f = p.func;
        let ret = if p.entry { Type::Void } else { f.ret.clone() };
        let ret_t = self.ty(&ret, Layout::Logical);
        let mut param_types = Vec::new();
        let mut params = Vec::new();
        if !p.entry {
            for &l in &f.params {
                let local = &f.locals[l];
                let t = self.ty(&local.ty, Layout::Logical);
                let t = match local.param {
                    _ if by_pointer(local) => self.ptr_ty(t, StorageClass::Function),
                    _ => t,
                };
                param_types.push(t);
            }
        }
        let fty = self.fn_ty(ret_t, param_types.clone());
        let mut func = dr::Function::new();
        func.def = Some(Instruction::new(
            Op::Function,
            Some(ret_t),
            Some(p.id),
            vec![Operand::FunctionControl(spirv::FunctionControl::NONE), Operand::IdRef(fty)],
        ));
        self.name(p.id, &f.name.clone());
        for (i, &t) in param_types.iter().enumerate() {
            let id = self.id();
            func.parameters.push(Instruction::new(Op::FunctionParameter, Some(t), Some(id), vec![]));
            params.push(id);
            let name = f.locals[f.params[i]].name.clone();
            self.name(id, &name);
        }
        let (body, vars) = std::mem::take(&mut self.spare_buffers);
        self.fx = Some(FnCtx {
            f,
            vars,
            body,
            open: None,
            branch_targets: HashSet::default(),
            locals: HashMap::default(),
            loops: Vec::new(),
            precise: super::precise::precise_exprs(f),
            no_contraction: false,
        });
        let l = self.id();
        self.begin_block(l);
        // Locals: one variable each; `out`/`inout` parameters are the caller's pointers. A
        // resource variable the resource passes left unread has none: no storage class but the
        // descriptors' may hold a resource (an unsized array of them least of all).
        let read: crate::fast_hash::HashSet<LocalId> = f
            .live_expr_iter()
            .filter_map(|(_, e)| if let ExprKind::Local(l) = e.kind { Some(l) } else { None })
            .collect();
        for (lid, local) in f.locals.iter() {
            if local.ty.is_resource_or_array() && !read.contains(&lid) && local.param.is_none() {
                continue;
            }
            let pos = f.params.iter().position(|&q| q == lid);
            match (pos, local.param) {
                (Some(i), Some(_)) if !p.entry && by_pointer(local) => {
                    let ptr = Ptr {
                        id: params[i],
                        ty: local.ty.clone(),
                        layout: Layout::Logical,
                        sc: StorageClass::Function,
                    };
                    self.fx().locals.insert(lid, ptr);
                }
                _ => {
                    let v = self.local_var(&local.ty, Some(&local.name.clone()));
                    self.fx().locals.insert(lid, v);
                }
            }
        }
        for (i, &lid) in f.params.iter().enumerate() {
            let local = f.locals[lid].clone();
            let ptr = self.fx().locals[&lid].clone();
            if p.entry {
                let b =
                    match local.builtin {
                        Some(BuiltinInput::DispatchThreadId) => BuiltIn::GlobalInvocationId,
                        Some(BuiltinInput::GroupId) => BuiltIn::WorkgroupId,
                        Some(BuiltinInput::GroupThreadId) => BuiltIn::LocalInvocationId,
                        Some(BuiltinInput::GroupIndex) => BuiltIn::LocalInvocationIndex,
                        Some(BuiltinInput::GroupWaveIndex) => BuiltIn::SubgroupId,
                        None => return Err(err(
                            "E0612",
                            local.span,
                            "entry-point parameters other than system values are not supported by the SPIR-V backend",
                        )),
                    };
                let (v, ty) = self.load_builtin(b);
                let v = self.convert(v, &ty, &local.ty, local.span)?;
                self.store(&ptr, v);
            } else if !by_pointer(&local) {
                self.store(&ptr, params[i]);
            }
        }
        self.block(&f.body)?;
        if self.reachable() {
            if ret == Type::Void {
                self.terminate(Instruction::new(Op::Return, None, None, vec![]));
            } else {
                self.terminate(Instruction::new(Op::Unreachable, None, None, vec![]));
            }
        }
        let fx = self.fx.take().unwrap();
        let mut header = Vec::new();
        func.assemble_into(&mut header);
        let len = header.len() + fx.vars.len() + fx.body.len() + 1;
        const CHUNK: usize = 1 << 16;
        let out = match self.function_words.last_mut() {
            Some(chunk) if chunk.capacity() - chunk.len() >= len => chunk,
            _ => {
                self.function_words.push(Vec::with_capacity(len.max(CHUNK)));
                self.function_words.last_mut().unwrap()
            }
        };
        out.extend_from_slice(&header);
        // The first block's label, its variables, then the rest of the body.
        let (first_label, rest) = fx.body.split_at(2);
        out.extend_from_slice(first_label);
        out.extend_from_slice(&fx.vars);
        out.extend_from_slice(rest);
        out.push((1 << 16) | Op::FunctionEnd as u32);
        let (mut body, mut vars) = (fx.body, fx.vars);
        body.clear();
        vars.clear();
        self.spare_buffers = (body, vars);
        Ok(())
    }

    // ------------------------------------------------------------------------------------------
    // Statements
    // ------------------------------------------------------------------------------------------

    fn block(&mut self, b: &Block) -> R<()> {
        for s in &b.stmts {
            if !self.reachable() {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    fn cond_branch(&mut self, c: Word, t: Word, f: Word) {
        self.terminate(Instruction::new(
            Op::BranchConditional,
            None,
            None,
            vec![Operand::IdRef(c), Operand::IdRef(t), Operand::IdRef(f)],
        ));
    }

    fn selection_merge(&mut self, merge: Word) {
        self.emit(Instruction::new(
            Op::SelectionMerge,
            None,
            None,
            vec![Operand::IdRef(merge), Operand::SelectionControl(spirv::SelectionControl::NONE)],
        ));
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        match s {
            Stmt::Expr(e) => {
                self.expr(*e)?;
            }
            Stmt::Local { local, init } => {
                if let Some(i) = init {
                    let v = self.expr(*i)?;
                    let p = self.fx().locals[local].clone();
                    self.store(&p, v);
                }
            }
            Stmt::Block(b) => self.block(b)?,
            Stmt::If { cond, then, els, .. } => {
                let c = self.expr(*cond)?;
                let (t, merge) = (self.id(), self.id());
                let f = if els.is_some() { self.id() } else { merge };
                self.selection_merge(merge);
                self.cond_branch(c, t, f);
                self.begin_block(t);
                self.block(then)?;
                if self.reachable() {
                    self.branch(merge);
                }
                let mut merged = f == merge;
                if let Some(e) = els {
                    self.begin_block(f);
                    self.block(e)?;
                    if self.reachable() {
                        self.branch(merge);
                        merged = true;
                    }
                }
                let then_ends = self.blocks_branch_to(merge) || merged;
                self.begin_block(merge);
                if !then_ends {
                    self.terminate(Instruction::new(Op::Unreachable, None, None, vec![]));
                }
            }
            Stmt::For { init, cond, step, body, .. } => {
                for s in init {
                    self.stmt(s)?;
                }
                self.looped(*cond, body, *step, false)?;
            }
            Stmt::While { cond, body, .. } => self.looped(Some(*cond), body, None, false)?,
            Stmt::DoWhile { body, cond, .. } => self.looped(Some(*cond), body, None, true)?,
            Stmt::Switch { selector, cases } => self.switch(*selector, cases)?,
            Stmt::Break => {
                let target = self.fx().loops.last().map(|l| l.merge);
                if let Some(t) = target {
                    self.branch(t);
                }
            }
            Stmt::Continue => {
                let target = self.fx().loops.iter().rev().find_map(|l| l.cont);
                if let Some(t) = target {
                    self.branch(t);
                }
            }
            Stmt::Return(v) => match v {
                Some(e) => {
                    let v = self.expr(*e)?;
                    self.terminate(Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(v)]));
                }
                None => self.terminate(Instruction::new(Op::Return, None, None, vec![])),
            },
            Stmt::Discard => {
                return Err(Diagnostic::error("E0612", "`discard` is not allowed in compute shaders"));
            }
        }
        Ok(())
    }

    /// Whether any finished block of the current function branches to `label`.
    fn blocks_branch_to(&self, label: Word) -> bool {
        self.fx.as_ref().unwrap().branch_targets.contains(&label)
    }

    fn looped(&mut self, cond: Option<ExprId>, body: &Block, step: Option<ExprId>, do_while: bool) -> R<()> {
        let (header, body_l, cont, merge) = (self.id(), self.id(), self.id(), self.id());
        self.branch(header);
        self.begin_block(header);
        self.emit(Instruction::new(
            Op::LoopMerge,
            None,
            None,
            vec![Operand::IdRef(merge), Operand::IdRef(cont), Operand::LoopControl(spirv::LoopControl::NONE)],
        ));
        match (cond, do_while) {
            (Some(c), false) => {
                let check = self.id();
                self.branch(check);
                self.begin_block(check);
                let c = self.expr(c)?;
                self.cond_branch(c, body_l, merge);
            }
            _ => self.branch(body_l),
        }
        self.begin_block(body_l);
        self.fx().loops.push(Loop { cont: Some(cont), merge });
        self.block(body)?;
        self.fx().loops.pop();
        if self.reachable() {
            self.branch(cont);
        }
        self.begin_block(cont);
        if let Some(s) = step {
            self.expr(s)?;
        }
        match (cond, do_while) {
            (Some(c), true) => {
                let c = self.expr(c)?;
                self.cond_branch(c, header, merge);
            }
            _ => self.branch(header),
        }
        self.begin_block(merge);
        Ok(())
    }

    fn switch(&mut self, selector: ExprId, cases: &[SwitchCase]) -> R<()> {
        let sel = self.expr(selector)?;
        let sel_ty = self.fx().f.exprs[selector].ty.clone();
        let merge = self.id();
        let labels: Vec<Word> = cases.iter().map(|_| self.id()).collect();
        let default = cases.iter().position(|c| c.is_default).map_or(merge, |i| labels[i]);
        self.selection_merge(merge);
        let mut ops = vec![Operand::IdRef(sel), Operand::IdRef(default)];
        let wide = sel_ty.scalar().is_some_and(|s| s.bits() == 64);
        for (c, &l) in cases.iter().zip(&labels) {
            for &v in &c.values {
                ops.push(if wide { Operand::LiteralBit64(v as u64) } else { Operand::LiteralBit32(v as u32) });
                ops.push(Operand::IdRef(l));
            }
        }
        self.terminate(Instruction::new(Op::Switch, None, None, ops));
        self.fx().loops.push(Loop { cont: None, merge });
        for (i, c) in cases.iter().enumerate() {
            self.begin_block(labels[i]);
            self.block(&c.body)?;
            if self.reachable() {
                let next = labels.get(i + 1).copied().unwrap_or(merge);
                self.branch(next);
            }
        }
        self.fx().loops.pop();
        let reached = self.blocks_branch_to(merge) || default == merge;
        self.begin_block(merge);
        if !reached {
            self.terminate(Instruction::new(Op::Unreachable, None, None, vec![]));
        }
        Ok(())
    }

    // ------------------------------------------------------------------------------------------
    // Expressions
    // ------------------------------------------------------------------------------------------

    /// The function being written; a cheap handle, so expressions can be read while `self`
    /// is borrowed mutably.
    pub fn cur_fn(&self) -> &'a Function {
        self.fx.as_ref().expect("in a function").f
    }

    pub fn ex(&self, e: ExprId) -> &Expr {
        &self.fx.as_ref().unwrap().f.exprs[e]
    }

    pub fn expr_ty(&self, e: ExprId) -> Type {
        self.ex(e).ty.clone()
    }

    /// The folded value of a constant expression (constants and casts of constants).
    pub fn const_of(&self, e: ExprId) -> Option<ConstValue> {
        let x = self.ex(e);
        match &x.kind {
            ExprKind::Const(v) => Some(v.clone()),
            ExprKind::Convert(a) if x.ty.vector_size() == Some(1) => self.const_of(*a),
            _ => None,
        }
    }

    /// Whether evaluating `e` could have effects or depends on the active lanes.
    pub fn has_effects(&self, e: ExprId) -> bool {
        let f = &self.fx.as_ref().unwrap().f;
        fn walk(f: &Function, e: ExprId) -> bool {
            match &f.exprs[e].kind {
                ExprKind::Call { .. }
                | ExprKind::Intrinsic { .. }
                | ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Method { .. } => true,
                ExprKind::Unary(_, a)
                | ExprKind::Convert(a)
                | ExprKind::Swizzle { base: a, .. }
                | ExprKind::Field { base: a, .. } => walk(f, *a),
                ExprKind::Binary(_, a, b) | ExprKind::Index { base: a, index: b } | ExprKind::Comma(a, b) => {
                    walk(f, *a) || walk(f, *b)
                }
                ExprKind::Select { cond, then, els } => walk(f, *cond) || walk(f, *then) || walk(f, *els),
                ExprKind::Construct(parts) => parts.iter().any(|&p| walk(f, p)),
                _ => false,
            }
        }
        walk(f, e)
    }

    /// A pointer to the storage of an lvalue-like expression, if it has one.
    pub fn pointer(&mut self, e: ExprId) -> R<Option<Ptr>> {
        let f = self.cur_fn();
        let x = &f.exprs[e];
        Ok(match &x.kind {
            ExprKind::Local(l) => Some(self.fx().locals[l].clone()),
            ExprKind::Deref(a) => {
                let addr = self.expr(*a)?;
                Some(self.physical(addr, &x.ty.clone()))
            }
            ExprKind::Global(g) => {
                if matches!(self.m.globals[*g].ty, Type::Resource(k, _) if k != ResourceKind::ConstantBuffer) {
                    None
                } else {
                    Some(self.global_ptr(*g, x.span)?)
                }
            }
            ExprKind::Field { base, index } => match self.pointer(*base)? {
                Some(p) => {
                    let i = self.const_u32(*index);
                    // The field's matrices are laid out by its own majorness.
                    let majorness = match &p.ty {
                        Type::Struct(h) => self.m.structs[*h].fields[*index as usize].majorness,
                        _ => Majorness::Column,
                    };
                    let member = Ptr { layout: p.layout.member(majorness), ..p };
                    Some(self.access(&member, x.ty.clone(), vec![i]))
                }
                None => None,
            },
            ExprKind::Index { base, index } => {
                let bt = self.expr_ty(*base);
                // A constant buffer of an array of them (`Params[k]`): its contents.
                if let ExprKind::Global(g) = self.ex(*base).kind {
                    if let Some(GVar::ConstantBuffers { var, ty, layout }) = self.gvars.get(&g).cloned() {
                        let non_uniform = self.is_non_uniform_index(*index);
                        let k = self.expr(*index)?;
                        let zero = self.const_u32(0);
                        let p = Ptr { id: var, ty: Type::Void, layout, sc: StorageClass::Uniform };
                        let at = self.access(&p, ty, vec![k, zero]);
                        if non_uniform {
                            self.require_non_uniform();
                            self.require(Capability::UniformBufferArrayNonUniformIndexing);
                            self.decorate(at.id, Decoration::NonUniform, vec![]);
                        }
                        return Ok(Some(at));
                    }
                }
                // An element of a buffer in an array of them (`Buffers[k][i]`).
                if let Some((block, elem, layout, _, _)) = self.buffer_element_of(*base)? {
                    let i = self.expr(*index)?;
                    let zero = self.const_u32(0);
                    let p = Ptr { id: block, ty: Type::Void, layout, sc: StorageClass::StorageBuffer };
                    return Ok(Some(self.access(&p, elem, vec![zero, i])));
                }
                if let (ExprKind::Global(g), Type::Resource(..)) = (&self.ex(*base).kind, &bt) {
                    let g = *g;
                    match self.gvars.get(&g).cloned() {
                        Some(GVar::Image(_)) => return Ok(None),
                        Some(GVar::Buffer { var, elem, majorness, rule, .. }) => {
                            let i = self.expr(*index)?;
                            let zero = self.const_u32(0);
                            let layout = Layout::Explicit(rule, majorness);
                            let p = Ptr { id: var, ty: Type::Void, layout, sc: StorageClass::StorageBuffer };
                            return Ok(Some(self.access(&p, elem, vec![zero, i])));
                        }
                        _ => {
                            return Err(err(
                                "E0612",
                                x.span,
                                "this resource cannot be indexed by the SPIR-V backend yet",
                            ))
                        }
                    }
                }
                if matches!(bt, Type::Vector(..)) && self.const_of(*index).is_none() {
                    // A dynamic vector component: still addressable in memory.
                }
                match self.pointer(*base)? {
                    Some(p) => {
                        let i = self.expr(*index)?;
                        Some(self.access(&p, x.ty.clone(), vec![i]))
                    }
                    None => None,
                }
            }
            // One component of a vector in memory (`InterlockedMin(lds_min.x, v)`).
            ExprKind::Swizzle { base, components } if components.len() == 1 => match self.pointer(*base)? {
                Some(p) if matches!(p.ty, Type::Vector(..)) => {
                    let i = self.const_u32(u32::from(components[0]));
                    Some(self.access(&p, x.ty.clone(), vec![i]))
                }
                _ => None,
            },
            _ => None,
        })
    }

    pub fn expr(&mut self, e: ExprId) -> R<Word> {
        let fx = self.fx();
        let outer = fx.no_contraction;
        fx.no_contraction = outer || fx.precise.get(e.index()).copied().unwrap_or(false);
        let v = self.expr_value(e);
        self.fx().no_contraction = outer;
        v
    }

    fn expr_value(&mut self, e: ExprId) -> R<Word> {
        let f = self.cur_fn();
        let x = &f.exprs[e];
        let ty = x.ty.clone();
        match &x.kind {
            ExprKind::Const(v) => Ok(self.constant(v, &ty)),
            ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::Field { .. } | ExprKind::Index { .. } => {
                if let Some(v) = self.const_of(e) {
                    return Ok(self.constant(&v, &ty));
                }
                if let Some((iv, img, index)) = self.texel_of(e)? {
                    let c = self.expr(index)?;
                    return self.image_load(&iv, img, c, None, None, &ty);
                }
                if let Some(p) = self.pointer(e)? {
                    return Ok(self.load(&p));
                }
                match &x.kind {
                    ExprKind::Field { base, index } => {
                        let b = self.expr(*base)?;
                        let t = self.ty(&ty, Layout::Logical);
                        Ok(self.op(Op::CompositeExtract, t, vec![Operand::IdRef(b), Operand::LiteralBit32(*index)]))
                    }
                    ExprKind::Index { base, index } => {
                        let bt = self.expr_ty(*base);
                        let b = self.expr(*base)?;
                        let t = self.ty(&ty, Layout::Logical);
                        if let Some(c) = self.const_of(*index).and_then(|c| c.as_u64()) {
                            return Ok(self.op(
                                Op::CompositeExtract,
                                t,
                                vec![Operand::IdRef(b), Operand::LiteralBit32(c as u32)],
                            ));
                        }
                        let i = self.expr(*index)?;
                        if matches!(bt, Type::Vector(..)) {
                            return Ok(self.op_ids(Op::VectorExtractDynamic, t, &[b, i]));
                        }
                        // A dynamic index into an array or matrix value: through a temporary.
                        let tmp = self.local_var(&bt, None);
                        self.store(&tmp, b);
                        let p = self.access(&tmp, ty.clone(), vec![i]);
                        Ok(self.load(&p))
                    }
                    _ => Err(err("E0699", x.span, "internal error: a value without storage")),
                }
            }
            ExprKind::Unary(op, a) => {
                let v = self.expr(*a)?;
                let t = self.ty(&ty, Layout::Logical);
                let s = ty.scalar().unwrap_or(Scalar::I32);
                let op = match op {
                    UnaryOp::Neg if s.is_float() => Op::FNegate,
                    UnaryOp::Neg => Op::SNegate,
                    UnaryOp::Not => Op::LogicalNot,
                    UnaryOp::BitNot => Op::Not,
                };
                if let Type::Matrix(..) = ty {
                    // Column by column (row by row for the arrays of rows integer and bool
                    // matrices are).
                    let at = self.expr_ty(*a);
                    return self.per_column(&[(v, at)], &ty, |w, cols, ct| Ok(w.op_ids(op, ct, &[cols[0]])));
                }
                Ok(self.op_ids(op, t, &[v]))
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, *a, *b, &ty, x.span),
            ExprKind::Select { cond, then, els } => {
                let ct = self.expr_ty(*cond);
                let scalar_cond = ct.vector_size() == Some(1);
                let simple = matches!(ty, Type::Scalar(_) | Type::Vector(..));
                if scalar_cond && (!simple || self.has_effects(*then) || self.has_effects(*els)) {
                    let c = self.expr(*cond)?;
                    return self.branchy(c, *then, Some(*els), &ty);
                }
                let c = self.expr(*cond)?;
                let t = self.expr(*then)?;
                let f = self.expr(*els)?;
                let c = match (&ty, scalar_cond) {
                    (Type::Vector(_, n), true) => {
                        let bt = self.ty(&Type::Vector(Scalar::Bool, *n), Layout::Logical);
                        self.op_ids(Op::CompositeConstruct, bt, &vec![c; *n as usize])
                    }
                    _ => c,
                };
                let rt = self.ty(&ty, Layout::Logical);
                Ok(self.op_ids(Op::Select, rt, &[c, t, f]))
            }
            ExprKind::Convert(a) => {
                if let (Some(v), Type::Scalar(s)) = (self.const_of(e), &ty) {
                    return Ok(self.const_scalar(*s, &v));
                }
                let from = self.expr_ty(*a);
                let v = self.expr(*a)?;
                self.convert(v, &from, &ty, x.span)
            }
            ExprKind::Construct(parts) => {
                let mut vals = Vec::new();
                for &p in parts {
                    vals.push((self.expr(p)?, self.expr_ty(p)));
                }
                self.construct(&vals, &ty)
            }
            ExprKind::Swizzle { base, components } => {
                let bt = self.expr_ty(*base);
                let b = self.expr(*base)?;
                let t = self.ty(&ty, Layout::Logical);
                match (&bt, components.len()) {
                    (Type::Scalar(_), 1) => Ok(b),
                    (Type::Scalar(_), n) => Ok(self.op_ids(Op::CompositeConstruct, t, &vec![b; n])),
                    (_, 1) => Ok(self.op(
                        Op::CompositeExtract,
                        t,
                        vec![Operand::IdRef(b), Operand::LiteralBit32(components[0] as u32)],
                    )),
                    _ => {
                        let mut ops = vec![Operand::IdRef(b), Operand::IdRef(b)];
                        ops.extend(components.iter().map(|&c| Operand::LiteralBit32(c as u32)));
                        Ok(self.op(Op::VectorShuffle, t, ops))
                    }
                }
            }
            ExprKind::Call { function, args } => self.call(*function, args, &ty),
            ExprKind::Intrinsic { id, args, .. } => self.intrinsic(*id, args, &ty, x.span),
            ExprKind::Method { object, method, args } => self.method(*object, *method, args, &ty, x.span),
            ExprKind::Assign { op, target, value } => {
                let v = match op {
                    Some(bop) => {
                        // Compound: the value is computed from the target's current value.
                        self.binary(*bop, *target, *value, &self.expr_ty(*target), x.span)?
                    }
                    None => self.expr(*value)?,
                };
                self.assign(*target, v)?;
                Ok(v)
            }
            ExprKind::IncDec { op, target } => {
                let old = self.expr(*target)?;
                let tt = self.expr_ty(*target);
                let one = self.constant(&ConstValue::Int(1), &tt);
                let s = tt.scalar().unwrap_or(Scalar::I32);
                let inc = matches!(op, IncDec::PreInc | IncDec::PostInc);
                let o = match (s.is_float(), inc) {
                    (true, true) => Op::FAdd,
                    (true, false) => Op::FSub,
                    (false, true) => Op::IAdd,
                    (false, false) => Op::ISub,
                };
                let t = self.ty(&tt, Layout::Logical);
                let new = self.op_ids(o, t, &[old, one]);
                self.assign(*target, new)?;
                Ok(if matches!(op, IncDec::PreInc | IncDec::PreDec) { new } else { old })
            }
            ExprKind::Comma(a, b) => {
                self.expr(*a)?;
                self.expr(*b)
            }
            ExprKind::Deref(_) => {
                let p = self.pointer(e)?.expect("a dereference is a place");
                Ok(self.load(&p))
            }
            ExprKind::AddressOf(place) => {
                // A vector's component (`&v.y`) is addressable too.
                let p = match &f.exprs[*place].kind {
                    ExprKind::Swizzle { base, components } if components.len() == 1 => {
                        let (base, component) = (*base, components[0]);
                        match self.pointer(base)? {
                            Some(b) => {
                                let i = self.const_u32(component as u32);
                                Some(self.access(&b, ty.pointee().cloned().unwrap_or(Type::Void), vec![i]))
                            }
                            None => None,
                        }
                    }
                    _ => self.pointer(*place)?,
                };
                let Some(p) = p else {
                    return Err(err("E0670", x.span, "this place has no address the SPIR-V backend can take"));
                };
                let u64t = self.scalar_ty(Scalar::U64);
                if p.sc == StorageClass::PhysicalStorageBuffer {
                    Ok(self.op_ids(Op::ConvertPtrToU, u64t, &[p.id]))
                } else {
                    Err(err("E0670", x.span, "only memory reached through a pointer has an address in SPIR-V"))
                }
            }
            ExprKind::GroupWave(v) => {
                let b = match v {
                    GroupWaveValue::Index => BuiltIn::SubgroupId,
                    GroupWaveValue::Count => BuiltIn::NumSubgroups,
                };
                Ok(self.load_builtin(b).0)
            }
            ExprKind::SpirvAsm(block) => self.spirv_asm(block, &ty, x.span),
            ExprKind::Printf { format, args } => self.printf(format, args, x.span),
        }
    }

    /// Evaluates `then` or `els` by a branch (short-circuit); `els: None` means `false`
    /// (`a && b` is `a ? b : false`).
    fn branchy(&mut self, c: Word, then: ExprId, els: Option<ExprId>, ty: &Type) -> R<Word> {
        let tmp = self.local_var(ty, None);
        let (t, f, merge) = (self.id(), self.id(), self.id());
        self.selection_merge(merge);
        self.cond_branch(c, t, f);
        self.begin_block(t);
        let v = self.expr(then)?;
        self.store(&tmp, v);
        self.branch(merge);
        self.begin_block(f);
        let v = match els {
            Some(e) => self.expr(e)?,
            None => self.const_bool(false),
        };
        self.store(&tmp, v);
        self.branch(merge);
        self.begin_block(merge);
        Ok(self.load(&tmp))
    }

    pub fn assign(&mut self, target: ExprId, v: Word) -> R<()> {
        let f = self.cur_fn();
        let x = &f.exprs[target];
        if let ExprKind::Swizzle { base, components } = &x.kind {
            let bt = self.expr_ty(*base);
            let Some(p) = self.pointer(*base)? else {
                // No pointer (a texel of a storage texture): read the whole value, replace the
                // named components, write it back.
                let (base, components, span) = (*base, components.clone(), x.span);
                let Type::Vector(_, n) = bt else {
                    return Err(err("E0612", span, "this swizzle cannot be assigned by the SPIR-V backend"));
                };
                let old = self.expr(base)?;
                let t = self.ty(&bt, Layout::Logical);
                let new = if components.len() == 1 {
                    self.op(
                        Op::CompositeInsert,
                        t,
                        vec![Operand::IdRef(v), Operand::IdRef(old), Operand::LiteralBit32(components[0] as u32)],
                    )
                } else {
                    let mut ops = vec![Operand::IdRef(old), Operand::IdRef(v)];
                    for k in 0..n {
                        let from = components.iter().position(|&c| c == k).map_or(k as u32, |j| n as u32 + j as u32);
                        ops.push(Operand::LiteralBit32(from));
                    }
                    self.op(Op::VectorShuffle, t, ops)
                };
                return self.assign(base, new);
            };
            let s = bt.scalar().unwrap_or(Scalar::F32);
            if let Type::Scalar(_) = bt {
                self.store(&p, v);
                return Ok(());
            }
            let st = self.ty(&Type::Scalar(s), Layout::Logical);
            for (i, &c) in components.iter().enumerate() {
                let part = if components.len() == 1 {
                    v
                } else {
                    self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(i as u32)])
                };
                let ci = self.const_u32(c as u32);
                let cp = self.access(&p, Type::Scalar(s), vec![ci]);
                self.store(&cp, part);
            }
            return Ok(());
        }
        if let Some((iv, img, index)) = self.texel_of(target)? {
            let c = self.expr(index)?;
            return self.image_store(&iv, img, c, v, &x.ty);
        }
        match self.pointer(target)? {
            Some(p) => {
                self.store(&p, v);
                Ok(())
            }
            None => Err(err("E0612", x.span, "this expression cannot be assigned by the SPIR-V backend")),
        }
    }

    fn call(&mut self, f: FunctionId, args: &[ExprId], ty: &Type) -> R<Word> {
        let callee = &self.m.functions[f];
        let modes: Vec<(Option<ParamMode>, Type)> =
            callee.params.iter().map(|&l| (callee.locals[l].param, callee.locals[l].ty.clone())).collect();
        let fid = self.function_id(f);
        let mut ops = vec![Operand::IdRef(fid)];
        let mut copy_out = Vec::new();
        for (&a, (mode, pty)) in args.iter().zip(&modes) {
            match mode {
                // A ray query is passed as itself (it cannot be copied): the callee's changes
                // are the caller's, as DXR's query objects are.
                _ if matches!(pty, Type::RayQuery(_)) => {
                    let Some(p) = self.pointer(a)? else {
                        return Err(err("E0612", self.ex(a).span, "a ray query argument that is not a variable"));
                    };
                    ops.push(Operand::IdRef(p.id));
                }
                Some(ParamMode::Out | ParamMode::InOut) => {
                    let direct = match self.ex(a).kind {
                        ExprKind::Local(l) => Some(self.fx().locals[&l].clone()),
                        _ => None,
                    };
                    match direct {
                        Some(p) => ops.push(Operand::IdRef(p.id)),
                        None => {
                            let tmp = self.local_var(pty, None);
                            if *mode == Some(ParamMode::InOut) {
                                let v = self.expr(a)?;
                                self.store(&tmp, v);
                            }
                            ops.push(Operand::IdRef(tmp.id));
                            copy_out.push((a, tmp));
                        }
                    }
                }
                _ => {
                    let v = self.expr(a)?;
                    ops.push(Operand::IdRef(v));
                }
            }
        }
        let rt = self.ty(ty, Layout::Logical);
        let r = self.op(Op::FunctionCall, rt, ops);
        for (a, tmp) in copy_out {
            let v = self.load(&tmp);
            self.assign(a, v)?;
        }
        Ok(r)
    }

    fn binary(&mut self, op: BinaryOp, a: ExprId, b: ExprId, ty: &Type, span: Span) -> R<Word> {
        let at = self.expr_ty(a);
        if let Some(pointee) = ty.pointee() {
            let (p, n) = (self.expr(a)?, self.expr(b)?);
            let nt = self.expr_ty(b);
            return Ok(self.pointer_step(op, p, &pointee.clone(), n, &nt));
        }
        // Pointers compare as their addresses.
        let at = address_as_integer(at);
        if op.is_logical() && at.vector_size() == Some(1) && self.has_effects(b) {
            let c = self.expr(a)?;
            return match op {
                BinaryOp::LogicAnd => self.branchy(c, b, None, ty),
                _ => self.or_branch(c, b, ty),
            };
        }
        let x = self.expr(a)?;
        let y = self.expr(b)?;
        let bt = address_as_integer(self.expr_ty(b));
        // Compound assignments keep the value's own type (`v *= s`): splat or convert it.
        let (y, bt) = if bt != at && !matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            (self.convert(y, &bt, &at, span)?, at.clone())
        } else {
            (y, bt)
        };
        self.binary_values(op, x, &at, y, &bt, ty, span)
    }

    fn or_branch(&mut self, c: Word, b: ExprId, ty: &Type) -> R<Word> {
        let tmp = self.local_var(ty, None);
        let (t, f, merge) = (self.id(), self.id(), self.id());
        self.selection_merge(merge);
        self.cond_branch(c, t, f);
        self.begin_block(t);
        let tr = self.const_bool(true);
        self.store(&tmp, tr);
        self.branch(merge);
        self.begin_block(f);
        let v = self.expr(b)?;
        self.store(&tmp, v);
        self.branch(merge);
        self.begin_block(merge);
        Ok(self.load(&tmp))
    }

    #[allow(clippy::too_many_arguments)]
    pub fn binary_values(
        &mut self,
        op: BinaryOp,
        x: Word,
        at: &Type,
        y: Word,
        bt: &Type,
        ty: &Type,
        _span: Span,
    ) -> R<Word> {
        if let (Type::Matrix(s, _, n), Type::Matrix(rs, _, _)) = (at, ty) {
            // Column by column (a comparison's columns are bool vectors).
            let (col_t, res_t) = (Type::Vector(*s, *n), Type::Vector(*rs, *n));
            return self.per_column(&[(x, at.clone()), (y, bt.clone())], ty, |w, c, _| {
                w.binary_values(op, c[0], &col_t, c[1], &col_t, &res_t, _span)
            });
        }
        let s = at.scalar().unwrap_or(Scalar::I32);
        let t = self.ty(ty, Layout::Logical);
        use BinaryOp::*;
        let (f, signed, b) = (s.is_float(), s.is_signed_int(), s == Scalar::Bool);
        let o = match op {
            Add if f => Op::FAdd,
            Add => Op::IAdd,
            Sub if f => Op::FSub,
            Sub => Op::ISub,
            Mul if f => Op::FMul,
            Mul => Op::IMul,
            Div if f => Op::FDiv,
            Div if signed => Op::SDiv,
            Div => Op::UDiv,
            Rem if f => Op::FRem,
            // Vulkan leaves `OpSRem` undefined for a negative operand (NVIDIA's driver computes
            // it as unsigned) unless `VK_KHR_maintenance8`: HLSL's remainder, which takes the
            // dividend's sign, is `a - b * (a / b)`, `OpSDiv` truncating as HLSL's `/` does.
            Rem if signed => {
                let q = self.op_ids(Op::SDiv, t, &[x, y]);
                let p = self.op_ids(Op::IMul, t, &[q, y]);
                return Ok(self.op_ids(Op::ISub, t, &[x, p]));
            }
            Rem => Op::UMod,
            Shl | Shr => {
                // HLSL masks the shift amount to the bit width.
                let mask = self.constant(&ConstValue::Uint((s.bits() - 1) as u64), bt);
                let bty = self.ty(bt, Layout::Logical);
                let y = self.op_ids(Op::BitwiseAnd, bty, &[y, mask]);
                let o = match (op, signed) {
                    (Shl, _) => Op::ShiftLeftLogical,
                    (_, true) => Op::ShiftRightArithmetic,
                    _ => Op::ShiftRightLogical,
                };
                return Ok(self.op_ids(o, t, &[x, y]));
            }
            BitAnd | LogicAnd if b => Op::LogicalAnd,
            BitOr | LogicOr if b => Op::LogicalOr,
            BitXor if b => Op::LogicalNotEqual,
            BitAnd => Op::BitwiseAnd,
            BitOr => Op::BitwiseOr,
            BitXor => Op::BitwiseXor,
            LogicAnd => Op::LogicalAnd,
            LogicOr => Op::LogicalOr,
            Eq if f => Op::FOrdEqual,
            Eq if b => Op::LogicalEqual,
            Eq => Op::IEqual,
            Ne if f => Op::FUnordNotEqual,
            Ne if b => Op::LogicalNotEqual,
            Ne => Op::INotEqual,
            Lt if f => Op::FOrdLessThan,
            Lt if signed => Op::SLessThan,
            Lt => Op::ULessThan,
            Le if f => Op::FOrdLessThanEqual,
            Le if signed => Op::SLessThanEqual,
            Le => Op::ULessThanEqual,
            Gt if f => Op::FOrdGreaterThan,
            Gt if signed => Op::SGreaterThan,
            Gt => Op::UGreaterThan,
            Ge if f => Op::FOrdGreaterThanEqual,
            Ge if signed => Op::SGreaterThanEqual,
            Ge => Op::UGreaterThanEqual,
        };
        Ok(self.op_ids(o, t, &[x, y]))
    }

    /// Applies `f` to the columns of the matrix operands (other operands pass whole) and builds
    /// the result matrix `ty` from the column results.
    pub fn per_column(
        &mut self,
        args: &[(Word, Type)],
        ty: &Type,
        mut f: impl FnMut(&mut Self, &[Word], Word) -> R<Word>,
    ) -> R<Word> {
        let rows =
            args.iter().find_map(|(_, t)| if let Type::Matrix(_, r, _) = t { Some(*r) } else { None }).unwrap_or(1);
        let col_ty = match ty {
            Type::Matrix(s, _, c) => Type::Vector(*s, *c),
            other => other.clone(),
        };
        let ct = self.ty(&col_ty, Layout::Logical);
        let mut cols = Vec::new();
        for r in 0..rows {
            let mut parts = Vec::new();
            for (v, t) in args {
                if let Type::Matrix(s, _, c) = t {
                    let vt = self.ty(&Type::Vector(*s, *c), Layout::Logical);
                    parts.push(self.op(
                        Op::CompositeExtract,
                        vt,
                        vec![Operand::IdRef(*v), Operand::LiteralBit32(r as u32)],
                    ));
                } else {
                    parts.push(*v);
                }
            }
            cols.push(f(self, &parts, ct)?);
        }
        let t = self.ty(ty, Layout::Logical);
        Ok(self.op_ids(Op::CompositeConstruct, t, &cols))
    }

    /// Scalar components of a scalar or vector value.
    fn components(&mut self, v: Word, ty: &Type) -> Vec<(Word, Scalar)> {
        match ty {
            Type::Scalar(s) => vec![(v, *s)],
            Type::Vector(s, n) => {
                let st = self.ty(&Type::Scalar(*s), Layout::Logical);
                (0..*n as u32)
                    .map(|i| (self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(i)]), *s))
                    .collect()
            }
            Type::Matrix(s, r, c) => {
                let vt = self.ty(&Type::Vector(*s, *c), Layout::Logical);
                let mut out = Vec::new();
                for i in 0..*r as u32 {
                    let col = self.op(Op::CompositeExtract, vt, vec![Operand::IdRef(v), Operand::LiteralBit32(i)]);
                    out.extend(self.components(col, &Type::Vector(*s, *c)));
                }
                out
            }
            _ => vec![(v, Scalar::U32)],
        }
    }

    fn construct(&mut self, vals: &[(Word, Type)], ty: &Type) -> R<Word> {
        let t = self.ty(ty, Layout::Logical);
        match ty {
            Type::Vector(..) => {
                let ids: Vec<Word> = vals.iter().map(|(v, _)| *v).collect();
                if ids.len() == 1 && vals[0].1 == *ty {
                    return Ok(ids[0]);
                }
                Ok(self.op_ids(Op::CompositeConstruct, t, &ids))
            }
            Type::Matrix(s, r, c) => {
                if vals.len() == *r as usize && vals.iter().all(|(_, vt)| *vt == Type::Vector(*s, *c)) {
                    let ids: Vec<Word> = vals.iter().map(|(v, _)| *v).collect();
                    return Ok(self.op_ids(Op::CompositeConstruct, t, &ids));
                }
                let mut comps = Vec::new();
                for (v, vt) in vals {
                    comps.extend(self.components(*v, vt).into_iter().map(|(w, _)| w));
                }
                let ct = self.ty(&Type::Vector(*s, *c), Layout::Logical);
                let cols: Vec<Word> = comps
                    .chunks(*c as usize)
                    .take(*r as usize)
                    .map(|ch| self.op_ids(Op::CompositeConstruct, ct, ch))
                    .collect();
                Ok(self.op_ids(Op::CompositeConstruct, t, &cols))
            }
            Type::Scalar(_) => Ok(vals.first().map(|(v, _)| *v).unwrap_or(0)),
            // A struct without fields has one placeholder member here (see `struct_members`).
            Type::Struct(h) if self.m.structs[*h].fields.is_empty() => {
                let z = self.const_u32(0);
                Ok(self.op_ids(Op::CompositeConstruct, t, &[z]))
            }
            _ => {
                let ids: Vec<Word> = vals.iter().map(|(v, _)| *v).collect();
                Ok(self.op_ids(Op::CompositeConstruct, t, &ids))
            }
        }
    }

    /// Converts a value between IR types: numeric casts, splats, truncations.
    pub fn convert(&mut self, v: Word, from: &Type, to: &Type, span: Span) -> R<Word> {
        let (from, to) = (&address_as_integer(from.clone()), &address_as_integer(to.clone()));
        if from == to {
            return Ok(v);
        }
        match (from, to) {
            (Type::Scalar(_), Type::Vector(s, n)) => {
                let c = self.convert(v, from, &Type::Scalar(*s), span)?;
                let t = self.ty(to, Layout::Logical);
                Ok(self.op_ids(Op::CompositeConstruct, t, &vec![c; *n as usize]))
            }
            (Type::Scalar(_), Type::Matrix(s, r, c)) => {
                let col = Type::Vector(*s, *c);
                let cv = self.convert(v, from, &col, span)?;
                let t = self.ty(to, Layout::Logical);
                Ok(self.op_ids(Op::CompositeConstruct, t, &vec![cv; *r as usize]))
            }
            (Type::Vector(fs, n), Type::Scalar(_)) | (Type::Vector(fs, n), Type::Vector(_, _))
                if {
                    let tn = to.vector_size().unwrap_or(1);
                    tn < *n
                } =>
            {
                let tn = to.vector_size().unwrap_or(1);
                let narrowed = Type::Vector(*fs, tn);
                let nt = if tn == 1 { Type::Scalar(*fs) } else { narrowed };
                let t = self.ty(&nt, Layout::Logical);
                let w = if tn == 1 {
                    self.op(Op::CompositeExtract, t, vec![Operand::IdRef(v), Operand::LiteralBit32(0)])
                } else {
                    let mut ops = vec![Operand::IdRef(v), Operand::IdRef(v)];
                    ops.extend((0..tn as u32).map(Operand::LiteralBit32));
                    self.op(Op::VectorShuffle, t, ops)
                };
                self.convert(w, &nt, to, span)
            }
            (Type::Matrix(fs, fr, fc), Type::Matrix(ts, tr, tc)) if fr == tr && fc == tc => {
                let (fcol, tcol) = (Type::Vector(*fs, *fc), Type::Vector(*ts, *tc));
                self.per_column(&[(v, from.clone())], to, |w, c, _| w.convert(c[0], &fcol, &tcol, span))
            }
            // HLSL's truncation keeps the top left: the first rows (SPIR-V columns), each cut.
            (Type::Matrix(fs, fr, fc), Type::Matrix(_, tr, tc)) if tr <= fr && tc <= fc && *tr > 1 && *tc > 1 => {
                let (fcol, tcol) = (Type::Vector(*fs, *fc), Type::Vector(*fs, *tc));
                let ft = self.ty(&fcol, Layout::Logical);
                let mut cols = Vec::with_capacity(*tr as usize);
                for i in 0..*tr as u32 {
                    let col = self.op(Op::CompositeExtract, ft, vec![Operand::IdRef(v), Operand::LiteralBit32(i)]);
                    cols.push(self.convert(col, &fcol, &tcol, span)?);
                }
                let narrow = Type::Matrix(*fs, *tr, *tc);
                let nt = self.ty(&narrow, Layout::Logical);
                let w = self.op_ids(Op::CompositeConstruct, nt, &cols);
                self.convert(w, &narrow, to, span)
            }
            (Type::Scalar(fs), Type::Scalar(ts)) => self.convert_elem(v, *fs, *ts, from, to),
            (Type::Vector(fs, n), Type::Vector(ts, m)) if n == m => self.convert_elem(v, *fs, *ts, from, to),
            _ => Err(err(
                "E0612",
                span,
                format!(
                    "the SPIR-V backend cannot convert `{}` to `{}` yet",
                    self.m.type_name(from),
                    self.m.type_name(to)
                ),
            )),
        }
    }

    fn convert_elem(&mut self, v: Word, fs: Scalar, ts: Scalar, from: &Type, to: &Type) -> R<Word> {
        let t = self.ty(to, Layout::Logical);
        if fs == ts {
            return Ok(v);
        }
        if fs == Scalar::Bool {
            let one = self.constant(&ConstValue::Int(1), to);
            let zero = self.zero(to);
            return Ok(self.op_ids(Op::Select, t, &[v, one, zero]));
        }
        if ts == Scalar::Bool {
            let zero = self.zero(from);
            let o = if fs.is_float() { Op::FUnordNotEqual } else { Op::INotEqual };
            return Ok(self.op_ids(o, t, &[v, zero]));
        }
        match (fs.is_float(), ts.is_float()) {
            (true, true) => Ok(self.op_ids(Op::FConvert, t, &[v])),
            (true, false) => {
                let o = if ts.is_signed_int() { Op::ConvertFToS } else { Op::ConvertFToU };
                Ok(self.op_ids(o, t, &[v]))
            }
            (false, true) => {
                let o = if fs.is_signed_int() { Op::ConvertSToF } else { Op::ConvertUToF };
                Ok(self.op_ids(o, t, &[v]))
            }
            (false, false) => {
                if fs.bits() == ts.bits() {
                    return Ok(self.op_ids(Op::Bitcast, t, &[v]));
                }
                // Widen or narrow keeping the source's signedness, then reinterpret.
                let same_sign = match (ts.bits(), fs.is_signed_int()) {
                    (8, true) => Scalar::I8,
                    (8, false) => Scalar::U8,
                    (16, true) => Scalar::I16,
                    (16, false) => Scalar::U16,
                    (64, true) => Scalar::I64,
                    (64, false) => Scalar::U64,
                    (_, true) => Scalar::I32,
                    (_, false) => Scalar::U32,
                };
                let mid = to.with_scalar(same_sign);
                let mt = self.ty(&mid, Layout::Logical);
                let o = if fs.is_signed_int() { Op::SConvert } else { Op::UConvert };
                let w = self.op_ids(o, mt, &[v]);
                if same_sign == ts {
                    Ok(w)
                } else {
                    Ok(self.op_ids(Op::Bitcast, t, &[w]))
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Resource methods
    // ------------------------------------------------------------------------------------------

    /// The storage buffer a method is called on: its variable, element type, the layout of its
    /// elements, its kind and its counter.
    #[allow(clippy::type_complexity)]
    fn buffer_of(&mut self, object: ExprId, span: Span) -> R<(Word, Type, Layout, ResourceKind, Option<Word>)> {
        if let Some(found) = self.buffer_element_of(object)? {
            return Ok(found);
        }
        let f = self.cur_fn();
        let o = &f.exprs[object];
        if let (ExprKind::Global(g), Type::Resource(kind, _)) = (&o.kind, &o.ty) {
            if let Some(GVar::Buffer { var, elem, majorness, rule, counter, array: None }) = self.gvars.get(g).cloned()
            {
                return Ok((var, elem, Layout::Explicit(rule, majorness), *kind, counter));
            }
            return Err(err(
                "E0612",
                span,
                format!("`{}` methods are not supported by the SPIR-V backend yet", kind.name()),
            ));
        }
        Err(err("E0612", span, "methods on resources passed around as values are not supported by the SPIR-V backend"))
    }

    /// A buffer of an array of them (`Buffers[k]`, a descriptor heap's element): the pointer to
    /// its block, as [`Self::buffer_of`] gives a buffer's variable. Through a
    /// `NonUniformResourceIndex` index the pointer is `NonUniform`. `None` for anything else.
    #[allow(clippy::type_complexity)]
    fn buffer_element_of(&mut self, e: ExprId) -> R<Option<(Word, Type, Layout, ResourceKind, Option<Word>)>> {
        let x = self.ex(e);
        let (ExprKind::Index { base, index }, Type::Resource(kind, _)) = (&x.kind, &x.ty) else { return Ok(None) };
        let (base, index, kind) = (*base, *index, *kind);
        let ExprKind::Global(g) = self.ex(base).kind else { return Ok(None) };
        let Some(GVar::Buffer { var, elem, majorness, rule, array: Some(block), counter }) =
            self.gvars.get(&g).cloned()
        else {
            return Ok(None);
        };
        let non_uniform = self.is_non_uniform_index(index);
        let k = self.expr(index)?;
        let p = self.ptr_ty(block, StorageClass::StorageBuffer);
        let at = self.op_ids(Op::AccessChain, p, &[var, k]);
        let counter = counter.map(|c| {
            let block = self.counter_block();
            let p = self.ptr_ty(block, StorageClass::StorageBuffer);
            self.op_ids(Op::AccessChain, p, &[c, k])
        });
        if non_uniform {
            self.require_non_uniform();
            self.require(Capability::StorageBufferArrayNonUniformIndexing);
            for id in std::iter::once(at).chain(counter) {
                self.decorate(id, Decoration::NonUniform, vec![]);
            }
        }
        Ok(Some((at, elem, Layout::Explicit(rule, majorness), kind, counter)))
    }

    /// The block of a `ConstantBuffer<elem>` declared as global `g`: the block type, the
    /// element type and its layout rule.
    fn constant_block(&mut self, elem: Option<&Type>, g: &crate::ir::Global) -> (Word, Type, rules::Rule) {
        let elem = elem.cloned().unwrap_or(Type::UINT);
        let name = format!("type_ConstantBuffer_{}", self.m.type_name(&elem));
        let uniform = self.m.uniform_rule(g);
        let block = self.block_type(format!("cb<{elem:?}>"), &[(elem.clone(), g.majorness)], uniform, &name);
        (block, elem, uniform)
    }

    /// The block of a storage buffer of `kind` holding `elem`s, declared as global `g`: the
    /// block type, the element type (`uint` for byte-address buffers) and its layout rule.
    fn storage_block(
        &mut self,
        kind: ResourceKind,
        elem: Option<&Type>,
        g: &crate::ir::Global,
    ) -> (Word, Type, rules::Rule) {
        let m = self.m;
        let elem = if kind.is_byte_address() { Type::UINT } else { elem.cloned().unwrap_or(Type::UINT) };
        let arr = Type::Array(Box::new(elem.clone()), None);
        let name = format!("type_{}_{}", kind.name(), m.type_name(&elem).replace(['[', ']'], "_"));
        let storage = m.storage_rule(g);
        let key = format!("{}<{:?}>", kind.name(), elem);
        let block = self.block_type(key, &[(arr, g.majorness)], storage, &name);
        if !kind.is_writable() {
            self.member_decorate(block, 0, Decoration::NonWritable, vec![]);
        }
        (block, elem, storage)
    }

    fn method(&mut self, object: ExprId, method: ResourceMethod, args: &[ExprId], ty: &Type, span: Span) -> R<Word> {
        if let ResourceMethod::RayQuery(op) = method {
            return self.ray_query_method(object, op, args, ty);
        }
        if let Some((iv, img)) = self.image_of(object)? {
            return self.image_method(&iv, img, method, args, ty, span);
        }
        let (var, elem, layout, kind, counter) = self.buffer_of(object, span)?;
        let base = Ptr { id: var, ty: Type::Void, layout, sc: StorageClass::StorageBuffer };
        let zero = self.const_u32(0);
        let uint = self.uint_ty();
        if let (
            ResourceMethod::IncrementCounter
            | ResourceMethod::DecrementCounter
            | ResourceMethod::Append
            | ResourceMethod::Consume,
            Some(c),
        ) = (method, counter)
        {
            // The counter: `OpAtomicIAdd` returns the old value (Increment, the slot Append
            // writes); `OpAtomicISub` too, so Decrement and Consume subtract one more.
            // The appended value is an argument: evaluated before the call's own effects.
            let value = match method {
                ResourceMethod::Append => {
                    let vt = self.expr_ty(args[0]);
                    let v = self.expr(args[0])?;
                    Some(self.convert(v, &vt, &elem, span)?)
                }
                _ => None,
            };
            let cp = Ptr {
                id: c,
                ty: Type::Void,
                layout: self.storage_layout(Majorness::Column),
                sc: StorageClass::StorageBuffer,
            };
            let cp = self.access(&cp, Type::INT, vec![zero]);
            let one = self.constant(&ConstValue::Int(1), &Type::INT);
            let int = self.ty(&Type::INT, Layout::Logical);
            let inc = matches!(method, ResourceMethod::IncrementCounter | ResourceMethod::Append);
            let old = self.atomic(if inc { Op::AtomicIAdd } else { Op::AtomicISub }, &cp, &[one]);
            let slot = if inc { old } else { self.op_ids(Op::ISub, int, &[old, one]) };
            return match method {
                ResourceMethod::Append => {
                    let p = self.access(&base, elem, vec![zero, slot]);
                    self.store(&p, value.unwrap_or(0));
                    Ok(0)
                }
                ResourceMethod::Consume => {
                    let p = self.access(&base, elem, vec![zero, slot]);
                    Ok(self.load(&p))
                }
                _ => Ok(self.op_ids(Op::Bitcast, uint, &[slot])),
            };
        }
        match method {
            ResourceMethod::Load(_) if !kind.is_byte_address() => {
                let i = self.expr(args[0])?;
                let p = self.access(&base, elem, vec![zero, i]);
                Ok(self.load(&p))
            }
            ResourceMethod::Load(_) => {
                // Every component from its word(s), at the offset the layout module gives.
                let addr = self.expr(args[0])?;
                let mut comps = Vec::new();
                rules::packed_components(self.m, ty, self.m.layout.storage(), 0, &mut comps);
                let mut vals = Vec::new();
                for (off, s) in comps {
                    vals.push(self.load_word_scalar(&base, addr, off, s, span)?);
                }
                Ok(self.compose(ty, &mut vals.into_iter()))
            }
            ResourceMethod::Store(_) => {
                let addr = self.expr(args[0])?;
                let vt = self.expr_ty(args[1]);
                let v = self.expr(args[1])?;
                let mut comps = Vec::new();
                rules::packed_components(self.m, &vt, self.m.layout.storage(), 0, &mut comps);
                let parts = self.decompose(v, &vt);
                for ((off, s), part) in comps.into_iter().zip(parts) {
                    self.store_word_scalar(&base, addr, off, s, part, span)?;
                }
                Ok(0)
            }
            ResourceMethod::GetDimensions => {
                let len = self.op(Op::ArrayLength, uint, vec![Operand::IdRef(var), Operand::LiteralBit32(0)]);
                if kind.is_byte_address() {
                    let four = self.const_u32(4);
                    let bytes = self.op_ids(Op::IMul, uint, &[len, four]);
                    self.assign_converted(args[0], bytes, &Type::UINT, span)?;
                } else {
                    self.assign_converted(args[0], len, &Type::UINT, span)?;
                    if let Some(&a) = args.get(1) {
                        let Layout::Explicit(rule, majorness) = layout else { unreachable!("a buffer is laid out") };
                        let stride = rules::array_stride(self.m, &elem, rule, majorness);
                        let s = self.const_u32(stride);
                        self.assign_converted(a, s, &Type::UINT, span)?;
                    }
                }
                Ok(0)
            }
            ResourceMethod::Interlocked(op)
                if self.expr_ty(args[1]).scalar().is_some_and(|s| s.is_float() || s.bits() == 64) =>
            {
                let value_ty = self.expr_ty(args[1]);
                let elem = value_ty.scalar().unwrap_or(Scalar::U64);
                let (view, element) = self.byte_view(object, elem, span)?;
                let off = self.expr(args[0])?;
                let shift = self.const_u32(if elem.bits() == 64 { 3 } else { 2 });
                let idx = self.op_ids(Op::ShiftRightLogical, uint, &[off, shift]);
                let view = Ptr { id: view, ty: Type::Void, layout: base.layout, sc: StorageClass::StorageBuffer };
                let chain = element.into_iter().chain([zero, idx]).collect();
                let p = self.access(&view, value_ty.clone(), chain);
                let (o, nvals) = match (op, elem.is_float(), elem.is_signed_int()) {
                    (AtomicOp::Add, true, _) => (Op::AtomicFAddEXT, 1),
                    (AtomicOp::Min, true, _) => (Op::AtomicFMinEXT, 1),
                    (AtomicOp::Max, true, _) => (Op::AtomicFMaxEXT, 1),
                    (AtomicOp::Exchange, _, _) => (Op::AtomicExchange, 1),
                    (_, true, _) => {
                        return Err(err(
                            "E0612",
                            span,
                            format!("`{}` of a float has no SPIR-V instruction", op.method_name()),
                        ))
                    }
                    (AtomicOp::Add, ..) => (Op::AtomicIAdd, 1),
                    (AtomicOp::Min, _, true) => (Op::AtomicSMin, 1),
                    (AtomicOp::Min, ..) => (Op::AtomicUMin, 1),
                    (AtomicOp::Max, _, true) => (Op::AtomicSMax, 1),
                    (AtomicOp::Max, ..) => (Op::AtomicUMax, 1),
                    (AtomicOp::And, ..) => (Op::AtomicAnd, 1),
                    (AtomicOp::Or, ..) => (Op::AtomicOr, 1),
                    (AtomicOp::Xor, ..) => (Op::AtomicXor, 1),
                    (AtomicOp::CompareExchange | AtomicOp::CompareStore, ..) => (Op::AtomicCompareExchange, 2),
                };
                let mut vals = Vec::new();
                for &a in &args[1..1 + nvals] {
                    let t = self.expr_ty(a);
                    let v = self.expr(a)?;
                    vals.push(self.convert(v, &t, &value_ty, span)?);
                }
                if nvals == 2 {
                    vals.swap(0, 1);
                }
                let r = self.atomic(o, &p, &vals);
                if let Some(&out) = args.get(1 + nvals) {
                    self.assign_converted(out, r, &value_ty, span)?;
                }
                Ok(0)
            }
            ResourceMethod::Interlocked(op) => {
                let off = self.expr(args[0])?;
                let two = self.const_u32(2);
                let idx = self.op_ids(Op::ShiftRightLogical, uint, &[off, two]);
                let p = self.access(&base, Type::UINT, vec![zero, idx]);
                let (o, nvals) = match op {
                    AtomicOp::Add => (Op::AtomicIAdd, 1),
                    AtomicOp::Min => (Op::AtomicUMin, 1),
                    AtomicOp::Max => (Op::AtomicUMax, 1),
                    AtomicOp::And => (Op::AtomicAnd, 1),
                    AtomicOp::Or => (Op::AtomicOr, 1),
                    AtomicOp::Xor => (Op::AtomicXor, 1),
                    AtomicOp::Exchange => (Op::AtomicExchange, 1),
                    AtomicOp::CompareExchange | AtomicOp::CompareStore => (Op::AtomicCompareExchange, 2),
                };
                let mut vals = Vec::new();
                for &a in &args[1..1 + nvals] {
                    let t = self.expr_ty(a);
                    let v = self.expr(a)?;
                    vals.push(self.convert(v, &t, &Type::UINT, span)?);
                }
                if nvals == 2 {
                    vals.swap(0, 1);
                }
                let r = self.atomic(o, &p, &vals);
                if let Some(&out) = args.get(1 + nvals) {
                    self.assign_converted(out, r, &Type::UINT, span)?;
                }
                Ok(0)
            }
            other => Err(err("E0612", span, format!("`{other:?}` is not supported by the SPIR-V backend yet"))),
        }
    }

    /// The variable that views the byte-address buffer `object` as an array of `elem`s, with
    /// the index of `object` in its array of buffers where it is an element of one (the view
    /// is then an array as long).
    fn byte_view(&mut self, object: ExprId, elem: Scalar, span: Span) -> R<(Word, Option<Word>)> {
        let f = self.cur_fn();
        let named = match f.exprs[object].kind {
            ExprKind::Global(g) => Some((g, None)),
            ExprKind::Index { base, index } => match f.exprs[base].kind {
                ExprKind::Global(g) => Some((g, Some(index))),
                _ => None,
            },
            _ => None,
        };
        let (g, element) =
            named.ok_or_else(|| err("E0612", span, "an atomic on a byte-address buffer passed around as a value"))?;
        let element = element.map(|i| self.expr(i)).transpose()?;
        if let Some(v) = self.byte_views.get(&(g, elem)) {
            return Ok((*v, element));
        }
        let arr = Type::Array(Box::new(Type::Scalar(elem)), None);
        let storage = self.m.layout.storage();
        let name = format!("type_RWByteAddressBuffer_{}", elem.hlsl_name());
        let block = self.block_type(format!("byte view<{elem:?}>"), &[(arr, Majorness::Column)], storage, &name);
        let global = &self.m.globals[g];
        let count = match &global.ty {
            Type::Array(_, len) => len.map_or(Descriptors::Runtime, Descriptors::Fixed),
            _ => Descriptors::One,
        };
        let var_ty = self.descriptors(block, count);
        let global = &self.m.globals[g];
        let var = self.global_var(
            var_ty,
            StorageClass::StorageBuffer,
            None,
            &format!("{}.{}", global.name, elem.hlsl_name()),
        );
        if global.coherent {
            self.decorate(var, Decoration::Coherent, vec![]);
        }
        self.bind(var, Slot::Global(g));
        self.byte_views.insert((g, elem), var);
        Ok((var, element))
    }

    fn assign_converted(&mut self, target: ExprId, v: Word, from: &Type, span: Span) -> R<()> {
        let tt = self.expr_ty(target);
        let v = self.convert(v, from, &tt, span)?;
        self.assign(target, v)
    }

    /// Bit-preserving conversion between 32-bit types of one shape (bool: `!= 0` / 0 or 1).
    pub fn reinterpret(&mut self, v: Word, from: &Type, to: &Type, span: Span) -> R<Word> {
        let (from, to) = (&address_as_integer(from.clone()), &address_as_integer(to.clone()));
        if from == to {
            return Ok(v);
        }
        match (from.scalar(), to.scalar()) {
            (Some(Scalar::Bool), _) | (_, Some(Scalar::Bool)) => self.convert(v, from, to, span),
            _ => {
                let t = self.ty(to, Layout::Logical);
                Ok(self.op_ids(Op::Bitcast, t, &[v]))
            }
        }
    }

    /// Byte `addr + off` of a byte-address buffer.
    fn byte_at(&mut self, addr: Word, off: u32) -> Word {
        if off == 0 {
            return addr;
        }
        let uint = self.uint_ty();
        let o = self.const_u32(off);
        self.op_ids(Op::IAdd, uint, &[addr, o])
    }

    /// The index of the word of a byte-address buffer at byte `addr + off`.
    fn word_index(&mut self, addr: Word, off: u32) -> Word {
        let uint = self.uint_ty();
        let at = self.byte_at(addr, off);
        let two = self.const_u32(2);
        self.op_ids(Op::ShiftRightLogical, uint, &[at, two])
    }

    /// One scalar of type `s` at byte `addr + off` of the byte-address buffer `base` (a word, or
    /// two for a 64-bit value, low first).
    fn load_word_scalar(&mut self, base: &Ptr, addr: Word, off: u32, s: Scalar, span: Span) -> R<Word> {
        let zero = self.const_u32(0);
        let word = |w: &mut Self, off: u32| {
            let i = w.word_index(addr, off);
            let p = w.access(base, Type::UINT, vec![zero, i]);
            w.load(&p)
        };
        match s.bits() {
            32 => {
                let w = word(self, off);
                self.reinterpret(w, &Type::UINT, &Type::Scalar(s), span)
            }
            64 => {
                let (lo, hi) = (word(self, off), word(self, off + 4));
                let u2 = Type::Vector(Scalar::U32, 2);
                let t = self.ty(&u2, Layout::Logical);
                let pair = self.op_ids(Op::CompositeConstruct, t, &[lo, hi]);
                let st = self.ty(&Type::Scalar(s), Layout::Logical);
                Ok(self.op_ids(Op::Bitcast, st, &[pair]))
            }
            // A narrow value is part of one word (a byte-address buffer's addresses of 16-bit
            // values are even): the word shifted down, narrowed, then bit cast to `s`.
            bits => {
                let w = word(self, off);
                let shift = self.byte_shift(addr, off);
                let uint = self.uint_ty();
                let down = self.op_ids(Op::ShiftRightLogical, uint, &[w, shift]);
                let narrow_u = if bits == 8 { Scalar::U8 } else { Scalar::U16 };
                let nt = self.ty(&Type::Scalar(narrow_u), Layout::Logical);
                let narrow = self.op_ids(Op::UConvert, nt, &[down]);
                self.reinterpret(narrow, &Type::Scalar(narrow_u), &Type::Scalar(s), span)
            }
        }
    }

    /// How far the bytes at `addr + off` sit above the bottom of their word, in bits.
    fn byte_shift(&mut self, addr: Word, off: u32) -> Word {
        let uint = self.uint_ty();
        let at = self.byte_at(addr, off);
        let three = self.const_u32(3);
        let byte = self.op_ids(Op::BitwiseAnd, uint, &[at, three]);
        self.op_ids(Op::ShiftLeftLogical, uint, &[byte, three])
    }

    /// Stores one scalar `v` of type `s` at byte `addr + off` of the byte-address buffer `base`.
    fn store_word_scalar(&mut self, base: &Ptr, addr: Word, off: u32, s: Scalar, v: Word, span: Span) -> R<()> {
        let zero = self.const_u32(0);
        let words = match s.bits() {
            32 => vec![(off, self.reinterpret(v, &Type::Scalar(s), &Type::UINT, span)?)],
            64 => {
                let u2 = Type::Vector(Scalar::U32, 2);
                let t = self.ty(&u2, Layout::Logical);
                let pair = self.op_ids(Op::Bitcast, t, &[v]);
                let uint = self.uint_ty();
                let lo = self.op(Op::CompositeExtract, uint, vec![Operand::IdRef(pair), Operand::LiteralBit32(0)]);
                let hi = self.op(Op::CompositeExtract, uint, vec![Operand::IdRef(pair), Operand::LiteralBit32(1)]);
                vec![(off, lo), (off + 4, hi)]
            }
            // A narrow value changes only its bytes of the word: cleared and then set by two
            // atomics, so that lanes writing the other bytes of the word at once keep theirs.
            bits => {
                let narrow_u = if bits == 8 { Scalar::U8 } else { Scalar::U16 };
                let narrow = self.reinterpret(v, &Type::Scalar(s), &Type::Scalar(narrow_u), span)?;
                let uint = self.uint_ty();
                let wide = self.op_ids(Op::UConvert, uint, &[narrow]);
                let shift = self.byte_shift(addr, off);
                let placed = self.op_ids(Op::ShiftLeftLogical, uint, &[wide, shift]);
                let ones = self.const_u32(if bits == 8 { 0xFF } else { 0xFFFF });
                let mask = self.op_ids(Op::ShiftLeftLogical, uint, &[ones, shift]);
                let keep = self.op_ids(Op::Not, uint, &[mask]);
                let i = self.word_index(addr, off);
                let p = self.access(base, Type::UINT, vec![zero, i]);
                self.atomic(Op::AtomicAnd, &p, &[keep]);
                self.atomic(Op::AtomicOr, &p, &[placed]);
                return Ok(());
            }
        };
        for (off, w) in words {
            let i = self.word_index(addr, off);
            let p = self.access(base, Type::UINT, vec![zero, i]);
            self.store(&p, w);
        }
        Ok(())
    }

    /// A value of `ty` built from its scalar components, in the IR's order (a matrix row by
    /// row, arrays and struct fields in order).
    fn compose(&mut self, ty: &Type, parts: &mut impl Iterator<Item = Word>) -> Word {
        let members: Vec<Type> = match ty {
            Type::Scalar(_) => return parts.next().unwrap_or(0),
            Type::Vector(s, n) => vec![Type::Scalar(*s); *n as usize],
            Type::Matrix(s, r, c) => vec![Type::Vector(*s, *c); *r as usize],
            Type::Array(e, Some(n)) => vec![(**e).clone(); *n as usize],
            Type::Struct(h) => self.struct_members(*h).into_iter().map(|(t, _, _)| t).collect(),
            _ => return parts.next().unwrap_or(0),
        };
        let ids: Vec<Word> = members.iter().map(|m| self.compose(m, parts)).collect();
        let t = self.ty(ty, Layout::Logical);
        self.op_ids(Op::CompositeConstruct, t, &ids)
    }

    /// The scalar components of a value of `ty`, in the IR's order ([`Self::compose`] undone).
    fn decompose(&mut self, v: Word, ty: &Type) -> Vec<Word> {
        let members: Vec<Type> = match ty {
            Type::Vector(s, n) => vec![Type::Scalar(*s); *n as usize],
            Type::Matrix(s, r, c) => vec![Type::Vector(*s, *c); *r as usize],
            Type::Array(e, Some(n)) => vec![(**e).clone(); *n as usize],
            Type::Struct(h) => self.struct_members(*h).into_iter().map(|(t, _, _)| t).collect(),
            _ => return vec![v],
        };
        let mut out = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let t = self.ty(m, Layout::Logical);
            let part = self.op(Op::CompositeExtract, t, vec![Operand::IdRef(v), Operand::LiteralBit32(i as u32)]);
            out.extend(self.decompose(part, m));
        }
        out
    }

    /// An atomic instruction on `p`: scope Workgroup for groupshared memory, Device otherwise;
    /// semantics None (both for compare-exchange).
    pub fn atomic(&mut self, o: Op, p: &Ptr, vals: &[Word]) -> Word {
        let scope = if p.sc == StorageClass::Workgroup { spirv::Scope::Workgroup } else { spirv::Scope::Device };
        let scope = self.const_u32(scope as u32);
        let none = self.const_u32(0);
        let mut ops = vec![Operand::IdRef(p.id), Operand::IdRef(scope), Operand::IdRef(none)];
        if o == Op::AtomicCompareExchange {
            ops.push(Operand::IdRef(none));
        }
        ops.extend(vals.iter().map(|&v| Operand::IdRef(v)));
        match (o, p.ty.scalar()) {
            // Float atomics are SPV_EXT_shader_atomic_float_add / _min_max, by width.
            (Op::AtomicFAddEXT, Some(s)) => {
                self.extension("SPV_EXT_shader_atomic_float_add");
                self.require(match s.bits() {
                    16 => Capability::AtomicFloat16AddEXT,
                    64 => Capability::AtomicFloat64AddEXT,
                    _ => Capability::AtomicFloat32AddEXT,
                });
            }
            (Op::AtomicFMinEXT | Op::AtomicFMaxEXT, Some(s)) => {
                self.extension("SPV_EXT_shader_atomic_float_min_max");
                self.require(match s.bits() {
                    16 => Capability::AtomicFloat16MinMaxEXT,
                    64 => Capability::AtomicFloat64MinMaxEXT,
                    _ => Capability::AtomicFloat32MinMaxEXT,
                });
            }
            (_, Some(s)) if s.is_int() && s.bits() == 64 => self.require(Capability::Int64Atomics),
            _ => {}
        }
        let t = self.ty(&p.ty, Layout::Logical);
        self.op(o, t, ops)
    }
}

/// A pointer's value as the integer it is (its address); other types as they are.
fn address_as_integer(ty: Type) -> Type {
    match ty {
        Type::Pointer(_) => Type::Scalar(Scalar::U64),
        other => other,
    }
}

fn flatten(parts: &[ConstValue]) -> Vec<ConstValue> {
    let mut out = Vec::new();
    for p in parts {
        match p {
            ConstValue::Composite(c) => out.extend(flatten(c)),
            other => out.push(other.clone()),
        }
    }
    out
}

/// IEEE binary16 bits of `f` (round to nearest even).
fn half_bits(f: f32) -> u16 {
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let r = if rem > mid || (rem == mid && half & 1 == 1) { half + 1 } else { half };
        return sign | r as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let r = if rem > 0x1000 || (rem == 0x1000 && half & 1 == 1) { half + 1 } else { half };
    sign | r as u16
}

/// The float arithmetic that `NoContraction` applies to.
fn is_contractible(op: Op) -> bool {
    matches!(
        op,
        Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::FNegate
            | Op::VectorTimesScalar
            | Op::MatrixTimesScalar
            | Op::VectorTimesMatrix
            | Op::MatrixTimesVector
            | Op::MatrixTimesMatrix
            | Op::OuterProduct
            | Op::Dot
    )
}

/// The bits of scalar constant `v` as a non-bool `s`, and whether they take two words.
fn scalar_bits(s: Scalar, v: &ConstValue) -> (u64, bool) {
    let f = match *v {
        ConstValue::Bool(b) => b as i64 as f64,
        ConstValue::Int(i) => i as f64,
        ConstValue::Uint(u) => u as f64,
        ConstValue::Float(f) => f,
        ConstValue::Composite(_) => 0.0,
    };
    let int = match *v {
        ConstValue::Int(i) => i,
        ConstValue::Uint(u) => u as i64,
        ConstValue::Bool(b) => b as i64,
        ConstValue::Float(f) => f as i64,
        _ => 0,
    };
    match s {
        Scalar::F16 => (half_bits(f as f32) as u64, false),
        Scalar::F32 => ((f as f32).to_bits() as u64, false),
        Scalar::F64 => (f.to_bits(), true),
        Scalar::I64 | Scalar::U64 => (int as u64, true),
        // A literal of a narrower type fills its word: sign-extended when the type is signed,
        // zero-extended when not (SPIR-V's rule for literal numbers).
        Scalar::I16 => (int as i16 as i32 as u32 as u64, false),
        Scalar::U16 => (int as u64 & 0xffff, false),
        Scalar::I8 => (int as i8 as i32 as u32 as u64, false),
        Scalar::U8 => (int as u64 & 0xff, false),
        _ => (int as u64 & 0xffff_ffff, false),
    }
}

/// Whether a parameter is the caller's pointer: `out`/`inout` ones, and ray queries, which are
/// objects no instruction copies.
fn by_pointer(local: &Local) -> bool {
    matches!(local.param, Some(ParamMode::Out | ParamMode::InOut)) || matches!(local.ty, Type::RayQuery(_))
}
