//! Slang's `spirv_asm` blocks. Each instruction is checked against the SPIR-V grammar (rspirv's
//! tables) and its operands are encoded by the kind the grammar gives each position: an enumerant
//! name where an id is wanted (`OpMemoryBarrier Device AcquireRelease`) becomes a constant, a
//! `$value` is computed, `&x` is the variable's pointer. Types and constants join the module's
//! own caches, so a block's `OpTypeInt 32 1` is the module's `int` rather than a duplicate (which
//! SPIR-V forbids); capabilities, extensions, names and decorations go to their sections.

use super::*;
use rspirv::grammar::{self, OperandKind as K, OperandQuantifier};
use std::str::FromStr;

/// The ids a block has named so far, and its `result`.
#[derive(Default)]
struct Scope {
    ids: HashMap<String, Word>,
    /// Ids already defined (a name may be used before the instruction that defines it).
    defined: HashSet<Word>,
    /// What a type id of the block stands for, where the block wrote it as a Slang type.
    slang_types: HashMap<Word, Type>,
    result: Option<Word>,
}

fn asm_err(span: Span, msg: impl Into<String>) -> Diagnostic {
    err("E0679", span, format!("in `spirv_asm`: {}", msg.into()))
}

/// `AcquireRelease` as bitflags spells it: `ACQUIRE_RELEASE`.
fn upper_snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let after_lower = i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
        let acronym_end =
            i > 0 && chars[i - 1].is_ascii_uppercase() && chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
        if c.is_ascii_uppercase() && (after_lower || acronym_end) {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The value of enumerant `name` of operand kind `kind`.
fn enumerant(kind: K, name: &str) -> Option<u32> {
    macro_rules! values {
        ($($k:ident),*) => {
            match kind {
                $(K::$k => return spirv::$k::from_str(name).ok().map(|v| v as u32),)*
                _ => {}
            }
        };
    }
    macro_rules! flags {
        ($($k:ident),*) => {
            match kind {
                $(K::$k => {
                    if name == "None" {
                        return Some(0);
                    }
                    return spirv::$k::from_name(&upper_snake(name)).map(|v| v.bits());
                })*
                _ => {}
            }
        };
    }
    values!(
        Scope,
        StorageClass,
        Dim,
        ImageFormat,
        Decoration,
        BuiltIn,
        Capability,
        GroupOperation,
        ExecutionMode,
        ExecutionModel,
        AddressingModel,
        MemoryModel,
        SamplerAddressingMode,
        SamplerFilterMode,
        AccessQualifier,
        FPRoundingMode,
        SourceLanguage,
        FunctionParameterAttribute,
        LinkageType,
        RayQueryIntersection,
        RayQueryCommittedIntersectionType,
        RayQueryCandidateIntersectionType,
        CooperativeMatrixUse,
        CooperativeMatrixLayout
    );
    flags!(
        MemorySemantics,
        MemoryAccess,
        ImageOperands,
        LoopControl,
        SelectionControl,
        FunctionControl,
        FPFastMathMode,
        RayFlags,
        CooperativeMatrixOperands
    );
    None
}

/// The kinds an enumerant may be prefixed with (`MemorySemanticsAcquire`, `ScopeDevice`).
const PREFIXED_KINDS: &[(&str, K)] = &[
    ("MemorySemantics", K::MemorySemantics),
    ("MemoryAccess", K::MemoryAccess),
    ("ImageOperands", K::ImageOperands),
    ("Scope", K::Scope),
    ("StorageClass", K::StorageClass),
    ("Dim", K::Dim),
    ("ImageFormat", K::ImageFormat),
    ("Decoration", K::Decoration),
    ("BuiltIn", K::BuiltIn),
    ("Capability", K::Capability),
    ("GroupOperation", K::GroupOperation),
    ("ExecutionMode", K::ExecutionMode),
    ("LoopControl", K::LoopControl),
    ("SelectionControl", K::SelectionControl),
    ("FunctionControl", K::FunctionControl),
    ("RayFlags", K::RayFlags),
];

/// `name` as an enumerant of `kind`, bare or prefixed with its kind; of any kind when `kind`
/// is `None` (a number whose meaning the context gives, `OpConstant $$int MemorySemanticsAcquire`).
fn enumerant_named(kind: Option<K>, name: &str) -> Option<u32> {
    if let Some(k) = kind {
        if let Some(v) = enumerant(k, name) {
            return Some(v);
        }
    }
    PREFIXED_KINDS.iter().find_map(|(prefix, k)| {
        let rest = name.strip_prefix(prefix)?;
        if kind.is_some_and(|want| want != *k) {
            return None;
        }
        enumerant(*k, rest)
    })
}

/// Operand kinds whose enumerants may take parameters after them (`Lod %lod`, `Aligned 4`,
/// `ArrayStride 16`): operands past the grammar's list follow such a kind.
fn takes_parameters(kind: K) -> bool {
    matches!(kind, K::ImageOperands | K::MemoryAccess | K::Decoration | K::ExecutionMode | K::LoopControl | K::RayFlags)
}

impl<'a> Writer<'a> {
    pub(super) fn spirv_asm(&mut self, block: &AsmBlock, ty: &Type, span: Span) -> R<Word> {
        let mut scope = Scope::default();
        for inst in &block.insts {
            self.asm_inst(inst, &mut scope)?;
        }
        if let Some((name, _)) = scope.ids.iter().find(|(_, id)| !scope.defined.contains(id)) {
            return Err(asm_err(span, format!("`%{name}` is used but never defined")));
        }
        match (ty, scope.result) {
            (Type::Void, _) => Ok(0),
            (_, Some(r)) => Ok(r),
            (_, None) => Err(asm_err(span, "the block defines no `result`")),
        }
    }

    fn asm_id(&mut self, scope: &mut Scope, name: &str) -> Word {
        if let Some(&id) = scope.ids.get(name) {
            return id;
        }
        let id = self.id();
        scope.ids.insert(name.to_string(), id);
        id
    }

    /// The id an instruction defines: a `%name` (allocated at its first mention) or `result`.
    fn asm_result(&mut self, o: &AsmOperand, scope: &mut Scope, span: Span) -> R<Word> {
        let id = match o {
            AsmOperand::Id(n) => self.asm_id(scope, n),
            AsmOperand::Result => {
                let id = self.id();
                scope.result = Some(id);
                id
            }
            _ => return Err(asm_err(span, "the result must be a `%name` or `result`")),
        };
        if !scope.defined.insert(id) {
            return Err(asm_err(span, "an id is defined twice"));
        }
        Ok(id)
    }

    /// A type operand's id, and the Slang type it stands for when the block wrote one.
    fn asm_type_id(&mut self, o: &AsmOperand, scope: &mut Scope, span: Span) -> R<(Word, Option<Type>)> {
        Ok(match o {
            AsmOperand::Type(t) => (self.asm_slang_type(t, span)?, Some(t.clone())),
            AsmOperand::SampledType(s) => {
                let t = Type::Vector(*s, 4);
                (self.ty(&t, Layout::Logical), Some(t))
            }
            AsmOperand::Id(n) => {
                let id = self.asm_id(scope, n);
                (id, scope.slang_types.get(&id).cloned())
            }
            _ => return Err(asm_err(span, "expected a type (`$$T`, `%type` or `__sampledType(T)`)")),
        })
    }

    /// The SPIR-V type of a Slang type written as `$$T`: a texture is its image type.
    fn asm_slang_type(&mut self, t: &Type, span: Span) -> R<Word> {
        match t {
            Type::Resource(ResourceKind::SamplerState | ResourceKind::SamplerComparisonState, _) => {
                Ok(self.sampler_ty())
            }
            Type::Resource(k, Some(elem)) if texture::is_image_kind(*k) => {
                self.image_ty(*k, (**elem).clone(), None, span)
            }
            Type::Resource(..) => {
                Err(asm_err(span, "only textures, typed buffers and samplers have a SPIR-V type here"))
            }
            _ => Ok(self.ty(t, Layout::Logical)),
        }
    }

    /// An operand the grammar wants as an id.
    fn asm_id_operand(&mut self, kind: K, o: &AsmOperand, scope: &mut Scope, span: Span) -> R<Word> {
        Ok(match o {
            AsmOperand::Id(n) => self.asm_id(scope, n),
            AsmOperand::Value(e) => match self.ex(*e).ty {
                Type::Resource(ResourceKind::SamplerState | ResourceKind::SamplerComparisonState, _) => {
                    self.sampler_of(*e)?
                }
                Type::Resource(k, _) if texture::is_image_kind(k) => match self.image_of(*e)? {
                    Some((_, img)) => img,
                    None => return Err(asm_err(span, "this resource has no image here")),
                },
                _ => self.expr(*e)?,
            },
            AsmOperand::Address(e) => match self.pointer(*e)? {
                Some(p) => p.id,
                None => return Err(asm_err(self.ex(*e).span, "this variable has no pointer in SPIR-V")),
            },
            AsmOperand::Type(_) | AsmOperand::SampledType(_) => self.asm_type_id(o, scope, span)?.0,
            AsmOperand::Builtin(name, _) => match spirv::BuiltIn::from_str(name) {
                Ok(b) => self.builtin(b).0,
                Err(()) => return Err(asm_err(span, format!("`{name}` is not a SPIR-V built-in"))),
            },
            AsmOperand::Int(v) => {
                let t = self.scalar_ty(if *v < 0 { Scalar::I32 } else { Scalar::U32 });
                self.const_bits(t, *v as u32 as u64, false)
            }
            AsmOperand::Float(f) => {
                let t = self.scalar_ty(Scalar::F32);
                self.const_bits(t, (*f as f32).to_bits() as u64, false)
            }
            AsmOperand::Enum(parts) => {
                // A scope or memory semantics written as enumerants: the constant of their value.
                let want = match kind {
                    K::IdScope => K::Scope,
                    K::IdMemorySemantics => K::MemorySemantics,
                    _ => return Err(asm_err(span, "expected an id (`%name`, `$value`), not an enumerant")),
                };
                let v = self.asm_enum_value(Some(want), parts, span)?;
                self.const_u32(v)
            }
            AsmOperand::Str(_) | AsmOperand::Result => {
                return Err(asm_err(span, "expected an id (`%name`, `$value`, `&variable`)"))
            }
        })
    }

    fn asm_enum_value(&mut self, kind: Option<K>, parts: &[AsmEnumPart], span: Span) -> R<u32> {
        let mut v = 0;
        for p in parts {
            v |= match p {
                AsmEnumPart::Int(i) => *i as u32,
                AsmEnumPart::Name(n) => enumerant_named(kind, n).ok_or_else(|| {
                    let what = kind.map_or("SPIR-V enumerant".to_string(), |k| format!("`{k:?}` enumerant"));
                    asm_err(span, format!("`{n}` is not a {what}"))
                })?,
            };
        }
        Ok(v)
    }

    /// An operand past the grammar's list (an enumerant's parameters), encoded by its spelling.
    fn asm_loose_operand(&mut self, o: &AsmOperand, scope: &mut Scope, span: Span) -> R<Operand> {
        Ok(match o {
            AsmOperand::Int(v) => Operand::LiteralBit32(*v as u32),
            AsmOperand::Float(f) => Operand::LiteralBit32((*f as f32).to_bits()),
            AsmOperand::Str(s) => Operand::LiteralString(s.clone()),
            AsmOperand::Enum(parts) => Operand::LiteralBit32(self.asm_enum_value(None, parts, span)?),
            _ => Operand::IdRef(self.asm_id_operand(K::IdRef, o, scope, span)?),
        })
    }

    fn asm_inst(&mut self, inst: &AsmInst, scope: &mut Scope) -> R<()> {
        let span = inst.span;
        if inst.opcode == "__truncate" {
            return self.asm_truncate(inst, scope);
        }
        // An opcode by name, or by number (DXC's `vk::spirv_instruction(128)`).
        let by_number = inst.opcode.parse::<u32>().ok().and_then(|n| grammar::INSTRUCTION_TABLE.lookup_opcode(n));
        let by_name = || {
            let name = inst.opcode.strip_prefix("Op")?;
            grammar::INSTRUCTION_TABLE.iter().find(|g| g.opname == name)
        };
        let Some(g) = by_number.or_else(by_name) else {
            return Err(asm_err(span, format!("`{}` is not a SPIR-V opcode", inst.opcode)));
        };
        // What the instruction needs, as the stdlib's opcodes get it; a block may name more.
        self.require_for(g, None);
        let logical = g.operands;
        let has_type = logical.first().is_some_and(|o| o.kind == K::IdResultType);
        let has_result = logical.iter().take(2).any(|o| o.kind == K::IdResult);
        let mut given: Vec<&AsmOperand> = Vec::new();
        let mut rest = inst.operands.as_slice();
        if let Some((id, t)) = &inst.result {
            if !has_result {
                return Err(asm_err(span, format!("`{}` defines no result", inst.opcode)));
            }
            match (has_type, t) {
                (true, Some(t)) => given.push(t),
                // `%x = OpX $$T …`: the type comes first among the operands.
                (true, None) => match rest.split_first() {
                    Some((t, after)) => {
                        given.push(t);
                        rest = after;
                    }
                    None => return Err(asm_err(span, format!("`{}` needs its result's type", inst.opcode))),
                },
                (false, Some(_)) => return Err(asm_err(span, format!("`{}` has no result type", inst.opcode))),
                (false, None) => {}
            }
            given.push(id);
        }
        given.extend(rest);

        let mut result_type: Option<(Word, Option<Type>)> = None;
        let mut result_id = None;
        let mut operands = Vec::new();
        let mut ext_set: Option<&'static grammar::InstructionTable<grammar::ExtInstOp>> = None;
        let mut li = 0;
        for o in given {
            let Some(lo) = logical.get(li) else {
                if logical.last().is_some_and(|l| takes_parameters(l.kind)) {
                    operands.push(self.asm_loose_operand(o, scope, span)?);
                    continue;
                }
                return Err(asm_err(span, format!("too many operands for `{}`", inst.opcode)));
            };
            if lo.quantifier != OperandQuantifier::ZeroOrMore {
                li += 1;
            }
            match lo.kind {
                K::IdResultType => result_type = Some(self.asm_type_id(o, scope, span)?),
                K::IdResult => result_id = Some(self.asm_result(o, scope, span)?),
                K::IdRef if g.opcode == Op::ExtInst && operands.is_empty() => {
                    // The instruction set: `glsl450` (Slang's name) or its SPIR-V name.
                    let set = match o {
                        AsmOperand::Enum(p) => matches!(p.as_slice(), [AsmEnumPart::Name(n)] if n == "glsl450"),
                        AsmOperand::Str(s) => s == "GLSL.std.450",
                        _ => false,
                    };
                    if !set {
                        return Err(asm_err(span, "`OpExtInst` takes the set `glsl450`"));
                    }
                    ext_set = grammar::ext_inst_table("GLSL.std.450");
                    operands.push(Operand::IdRef(self.glsl_set()));
                }
                K::IdRef | K::IdScope | K::IdMemorySemantics => {
                    operands.push(Operand::IdRef(self.asm_id_operand(lo.kind, o, scope, span)?))
                }
                K::LiteralString => match o {
                    AsmOperand::Str(s) => operands.push(Operand::LiteralString(s.clone())),
                    _ => return Err(asm_err(span, "expected a string")),
                },
                K::LiteralExtInstInteger => {
                    let v = match (o, ext_set) {
                        (AsmOperand::Enum(p), Some(table)) => match p.as_slice() {
                            [AsmEnumPart::Name(n)] => table.iter().find(|i| i.opname == n).map(|i| i.opcode.into()),
                            _ => None,
                        },
                        (AsmOperand::Int(v), _) => Some(*v as u32),
                        _ => None,
                    };
                    let Some(v) = v else {
                        return Err(asm_err(span, "expected a GLSL.std.450 instruction's name (`Modf`, `FMix`, …)"));
                    };
                    operands.push(Operand::LiteralBit32(v));
                }
                K::LiteralContextDependentNumber => {
                    let t = result_type.as_ref().and_then(|(_, t)| t.clone());
                    let (wide, float) = match t.as_ref().and_then(Type::scalar) {
                        Some(s) => (s.bits() == 64, s.is_float()),
                        None => (false, false),
                    };
                    let bits: u64 = match o {
                        AsmOperand::Int(v) if float && wide => (*v as f64).to_bits(),
                        AsmOperand::Int(v) if float => (*v as f32).to_bits() as u64,
                        AsmOperand::Int(v) => *v as u64,
                        AsmOperand::Float(f) if wide => f.to_bits(),
                        AsmOperand::Float(f) => (*f as f32).to_bits() as u64,
                        AsmOperand::Enum(parts) => self.asm_enum_value(None, parts, span)? as u64,
                        _ => return Err(asm_err(span, "expected a number")),
                    };
                    operands.push(if wide { Operand::LiteralBit64(bits) } else { Operand::LiteralBit32(bits as u32) });
                }
                K::LiteralSpecConstantOpInteger => {
                    let op = match o {
                        AsmOperand::Enum(p) => match p.as_slice() {
                            [AsmEnumPart::Name(n)] => n
                                .strip_prefix("Op")
                                .and_then(|n| grammar::INSTRUCTION_TABLE.iter().find(|g| g.opname == n))
                                .map(|g| g.opcode as u32),
                            _ => None,
                        },
                        AsmOperand::Int(v) => Some(*v as u32),
                        _ => None,
                    };
                    let Some(op) = op else { return Err(asm_err(span, "expected an opcode")) };
                    operands.push(Operand::LiteralBit32(op));
                }
                K::LiteralInteger | K::LiteralFloat => operands.push(self.asm_loose_operand(o, scope, span)?),
                K::PairLiteralIntegerIdRef | K::PairIdRefLiteralInteger | K::PairIdRefIdRef => {
                    operands.push(self.asm_loose_operand(o, scope, span)?)
                }
                kind => {
                    let v = match o {
                        AsmOperand::Int(v) => *v as u32,
                        AsmOperand::Enum(parts) => self.asm_enum_value(Some(kind), parts, span)?,
                        _ => return Err(asm_err(span, format!("expected a `{kind:?}` enumerant"))),
                    };
                    operands.push(Operand::LiteralBit32(v));
                }
            }
        }
        if let Some(missing) = logical[li.min(logical.len())..].iter().find(|l| l.quantifier == OperandQuantifier::One)
        {
            return Err(asm_err(
                span,
                format!("`{}` needs more operands (a `{:?}` is missing)", inst.opcode, missing.kind),
            ));
        }
        let ty = result_type.as_ref().map(|(w, _)| *w);
        self.asm_place(g.opcode, ty, result_type.and_then(|(_, t)| t), result_id, operands, scope, span)
    }

    /// Puts an instruction where SPIR-V wants it: module sections for capabilities, names,
    /// decorations, types and constants (deduplicated), the function otherwise.
    #[allow(clippy::too_many_arguments)]
    fn asm_place(
        &mut self,
        op: Op,
        ty: Option<Word>,
        slang_ty: Option<Type>,
        id: Option<Word>,
        operands: Vec<Operand>,
        scope: &mut Scope,
        span: Span,
    ) -> R<()> {
        let word = |o: &Operand| match o {
            Operand::LiteralBit32(v) | Operand::IdRef(v) => Some(*v),
            _ => None,
        };
        match op {
            Op::Capability => {
                let cap = operands.first().and_then(word).and_then(Capability::from_u32);
                self.require(cap.ok_or_else(|| asm_err(span, "unknown capability"))?);
                return Ok(());
            }
            Op::Extension => {
                if let Some(Operand::LiteralString(s)) = operands.first() {
                    self.extension(s);
                }
                return Ok(());
            }
            Op::ExtInstImport => {
                let glsl = matches!(operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450");
                if !glsl {
                    return Err(asm_err(span, "only the GLSL.std.450 instruction set can be imported"));
                }
                // The block's id for the set is the module's import.
                let set = self.glsl_set();
                return self.asm_alias(id, set, scope, span);
            }
            Op::Name | Op::MemberName | Op::String => {
                put(&mut self.names, Instruction::new(op, ty, id, operands));
                return Ok(());
            }
            Op::Decorate | Op::MemberDecorate | Op::DecorateString | Op::MemberDecorateString | Op::DecorateId => {
                put(&mut self.annotations, Instruction::new(op, ty, id, operands));
                return Ok(());
            }
            Op::EntryPoint | Op::ExecutionMode | Op::ExecutionModeId | Op::MemoryModel => {
                return Err(asm_err(span, "the entry point, its modes and the memory model are the compiler's"));
            }
            _ => {}
        }
        let name = format!("{op:?}");
        if name.starts_with("Type") {
            let words: Vec<Word> = operands.iter().filter_map(word).collect();
            let key = match (op, words.as_slice()) {
                (Op::TypeVoid, []) => Some(TyKey::Void),
                (Op::TypeBool, []) => Some(TyKey::Bool),
                (Op::TypeInt, [w, s]) => Some(TyKey::Int(*w, *s != 0)),
                (Op::TypeFloat, [w]) => Some(TyKey::Float(*w)),
                (Op::TypeVector, [c, n]) => Some(TyKey::Vector(*c, *n as u8)),
                (Op::TypeMatrix, [c, n]) => Some(TyKey::Matrix(*c, *n as u8)),
                (Op::TypeSampler, []) => Some(TyKey::Sampler),
                (Op::TypeSampledImage, [i]) => Some(TyKey::SampledImage(*i)),
                (Op::TypePointer, [sc, t]) => StorageClass::from_u32(*sc).map(|sc| TyKey::Pointer(*t, sc)),
                _ => None,
            }
            .unwrap_or_else(|| TyKey::Asm(op as u32, operand_words(&operands)));
            let canonical = self.cached_type(key, |_, new| Instruction::new(op, None, Some(new), operands));
            if let Some(t) = slang_ty {
                scope.slang_types.insert(canonical, t);
            }
            return self.asm_alias(id, canonical, scope, span);
        }
        if name.starts_with("Constant") || name.starts_with("SpecConstant") {
            let Some(ty) = ty else { return Err(asm_err(span, "a constant needs a type")) };
            let key = match (op, operands.as_slice()) {
                (Op::Constant, [Operand::LiteralBit32(v)]) => ConstKey::Bits(ty, *v as u64),
                (Op::Constant, [Operand::LiteralBit64(v)]) => ConstKey::Bits(ty, *v),
                (Op::ConstantTrue, []) => ConstKey::Bits(ty, 1),
                (Op::ConstantFalse, []) => ConstKey::Bits(ty, 0),
                _ => ConstKey::Asm(op as u32, ty, operand_words(&operands)),
            };
            let canonical = match self.consts.get(&key) {
                Some(&c) => c,
                None => {
                    let c = self.id();
                    put(&mut self.globals, Instruction::new(op, Some(ty), Some(c), operands));
                    self.consts.insert(key, c);
                    c
                }
            };
            return self.asm_alias(id, canonical, scope, span);
        }
        if op == Op::Variable
            && !matches!(operands.first(), Some(Operand::LiteralBit32(sc)) if *sc == StorageClass::Function as u32)
        {
            put(&mut self.globals, Instruction::new(op, ty, id, operands));
            return Ok(());
        }
        if op == Op::Variable {
            Instruction::new(op, ty, id, operands).assemble_into(&mut self.fx().vars);
            return Ok(());
        }
        self.emit(Instruction::new(op, ty, id, operands));
        Ok(())
    }

    /// The block's id `id` (just defined) stands for `canonical`, a type, constant or set the
    /// module already has: the names the block gave `id` now name `canonical`.
    fn asm_alias(&mut self, id: Option<Word>, canonical: Word, scope: &mut Scope, _span: Span) -> R<()> {
        let Some(id) = id else { return Ok(()) };
        if scope.result == Some(id) {
            scope.result = Some(canonical);
        }
        for v in scope.ids.values_mut() {
            if *v == id {
                *v = canonical;
            }
        }
        scope.defined.insert(canonical);
        Ok(())
    }

    /// Slang's `__truncate $$To result $$From %v`: the first components of a vector (or the
    /// value itself when the types agree).
    fn asm_truncate(&mut self, inst: &AsmInst, scope: &mut Scope) -> R<()> {
        let span = inst.span;
        let [to, id, from, value] = inst.operands.as_slice() else {
            return Err(asm_err(span, "`__truncate` takes `$$To result $$From %value`"));
        };
        let (to_id, to_ty) = self.asm_type_id(to, scope, span)?;
        let (_, from_ty) = self.asm_type_id(from, scope, span)?;
        let v = self.asm_id_operand(K::IdRef, value, scope, span)?;
        let (Some(to_ty), Some(from_ty)) = (to_ty, from_ty) else {
            return Err(asm_err(span, "`__truncate` needs Slang types (`$$T`, `__sampledType(T)`)"));
        };
        let result = self.asm_result(id, scope, span)?;
        let (op, operands) = match (&from_ty, &to_ty) {
            (a, b) if a == b => (Op::CopyObject, vec![Operand::IdRef(v)]),
            (Type::Vector(..), Type::Scalar(_)) => {
                (Op::CompositeExtract, vec![Operand::IdRef(v), Operand::LiteralBit32(0)])
            }
            (Type::Vector(_, n), Type::Vector(_, m)) if m < n => {
                let mut ops = vec![Operand::IdRef(v), Operand::IdRef(v)];
                ops.extend((0..*m as u32).map(Operand::LiteralBit32));
                (Op::VectorShuffle, ops)
            }
            _ => return Err(asm_err(span, "`__truncate` drops components of a vector only")),
        };
        self.emit(Instruction::new(op, Some(to_id), Some(result), operands));
        Ok(())
    }
}

/// Operands as words, for keys: ids and literals are what make two declarations the same.
fn operand_words(operands: &[Operand]) -> Vec<Word> {
    let mut words = Vec::new();
    for o in operands {
        o.assemble_into(&mut words);
    }
    words
}
