//! Intrinsic calls, lowered from the stdlib's `[spirv(…)]` attributes.
//!
//! The attributes of an intrinsic are tried in the order written; the first whose conditions
//! (`ext =`, `version =`, `constant =`) hold is its native form (README, "More lowering
//! forms"). An intrinsic with no native form never reaches this writer: the
//! [`crate::lower::intrinsics`] pass, asked through [`Natives`], has replaced its calls by
//! calls of its portable implementation from the stdlib. Each form (`kind`) is interpreted
//! here once, for every intrinsic that uses it:
//!
//! - `builtin`: an `OpLoad` of the `Input` built-in.
//! - `op`, `group`, `ballot_count`, `atomic`, `barrier`: instructions whose operands are laid
//!   out from rspirv's grammar (an `IdScope` operand gets `Subgroup`, a `GroupOperation`
//!   operand the form's operation, `IdRef`s the arguments in order); their capability is the
//!   grammar's enabling capability that fits (`require_any`).
//! - `glsl`: a `GLSL.std.450` extended instruction, chosen by element type when several are
//!   given.
//! - `clock`: `OpReadClockKHR` of the named scope.
//! - `ext_inst`: instruction `op` of the extended instruction set `set` (a string), of the
//!   arguments in order (`NonSemantic.DebugBreak`'s `DebugBreak`).
//! - `pack_half` / `unpack_half`: `GLSL.std.450` `PackHalf2x16` of `(x, 0)` / the first half of
//!   `UnpackHalf2x16`, per component (`f32tof16` / `f16tof32`, as DXC writes them).
//!
//! Matrices go column by column through instructions that have no matrix form; a scalar-result
//! opcode (`GroupNonUniformAllEqual`) with a vector or matrix declared result goes component by
//! component; a declared result of another element kind than the instruction's (`sign(float)` is
//! `int`) is converted after the instruction.

use super::layout::Layout;
use super::writer::{err, Writer, R};
use super::Options;
use crate::diag::Diagnostic;
use crate::fast_hash::HashMap;
use crate::ir::{ConstValue, ExprId, Function, IntrinsicId, ParamMode, Scalar, Type};
use crate::span::Span;
use crate::stdlib::{AttrValue, Intrinsic, Lowering};
use rspirv::dr::Operand;
use rspirv::grammar::{OperandKind, INSTRUCTION_TABLE};
use rspirv::spirv::{self, BuiltIn, GroupOperation, Op, Word};
use std::str::FromStr;

/// Opcodes whose result is one `bool` whatever the shape of their operand.
const SCALAR_RESULT: &[&str] = &["GroupNonUniformAllEqual"];

/// The grammar of an opcode by its name (an `NV` name may be spelled `EXT` in the table). The
/// table holds ~700 instructions and a kernel looks names up per intrinsic call, so it is
/// indexed once per process.
fn grammar(name: &str) -> Option<&'static rspirv::grammar::Instruction<'static>> {
    static BY_NAME: std::sync::OnceLock<HashMap<&'static str, &'static rspirv::grammar::Instruction<'static>>> =
        std::sync::OnceLock::new();
    let table = BY_NAME.get_or_init(|| INSTRUCTION_TABLE.iter().map(|i| (i.opname, i)).collect());
    let find = |n: &str| table.get(n).copied();
    find(name).or_else(|| name.strip_suffix("NV").and_then(|b| find(&format!("{b}EXT"))))
}

fn glsl_opcode(name: &str) -> Option<u32> {
    rspirv::grammar::GLSL_STD_450_INSTRUCTION_TABLE.iter().find(|i| i.opname == name).map(|i| i.opcode.into())
}

/// Whether the conditions of a `[spirv]` form hold for a call of `args` in `f`.
fn applies(options: &Options, form: &Lowering, f: &Function, args: &[ExprId]) -> bool {
    for key in ["ext", "cap"] {
        if form.named_ident(key).is_some_and(|name| !options.allows(name)) {
            return false;
        }
    }
    if let Some(v) = form.named_ident("version") {
        let v = v.trim_start_matches("spv_").trim_start_matches("spirv_");
        let parsed = v.split_once('_').and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
        if parsed.is_none_or(|v| options.version < v) {
            return false;
        }
    }
    if let Some(AttrValue::Int(i)) = form.named("constant") {
        if args.get(*i as usize).is_none_or(|&a| f.const_value(a).is_none()) {
            return false;
        }
    }
    // `shape = …` and `when = "…"`, as every target reads them.
    crate::back::template::form_applies(form, f, args, &|name| options.allows(name))
}

/// The native form of a call: the first `[spirv]` attribute whose conditions hold.
pub(super) fn native_form<'i>(
    options: &Options,
    intr: &'i Intrinsic,
    f: &Function,
    args: &[ExprId],
) -> Option<&'i Lowering> {
    intr.lowerings_for("spirv").find(|form| applies(options, form, f, args))
}

/// What SPIR-V emits natively, for [`crate::lower::intrinsics`]: a form that applies, other
/// than `unsupported`.
pub struct Natives<'a>(pub &'a Options);

impl crate::lower::intrinsics::Target for Natives<'_> {
    fn native(&self, intr: &Intrinsic, f: &Function, args: &[ExprId]) -> Result<(), Diagnostic> {
        match native_form(self.0, intr, f, args) {
            Some(form) if form.kind() == "unsupported" => {
                let why = form.string(1).unwrap_or("no SPIR-V equivalent");
                Err(Diagnostic::error("E0611", format!("`{}` is not available on SPIR-V: {why}", intr.name)))
            }
            Some(_) => Ok(()),
            None => Err(Diagnostic::error("E0610", format!("`{}` has no SPIR-V lowering for this profile", intr.name))),
        }
    }
}

impl<'a> Writer<'a> {
    pub(super) fn intrinsic(&mut self, id: IntrinsicId, args: &[ExprId], ty: &Type, span: Span) -> R<Word> {
        let stdlib: &'a crate::stdlib::Stdlib = self.stdlib;
        let (_, intr) = crate::lower::intrinsics::declaration(stdlib, id);
        let f = self.cur_fn();
        let Some(form) = native_form(self.options, intr, f, args) else {
            return Err(err(
                "E0699",
                span,
                format!("internal error: `{}` reached the SPIR-V writer unlowered", intr.name),
            ));
        };
        match form.kind() {
            "builtin" => {
                let name = form.ident(1).unwrap_or_default();
                let b = BuiltIn::from_str(name).map_err(|_| err("E0699", span, format!("unknown BuiltIn `{name}`")))?;
                let (v, bt) = self.load_builtin(b);
                self.convert(v, &bt, ty, span)
            }
            "op" => {
                let vals = self.arg_values(args)?;
                let name = form.ident(1).unwrap_or_default().to_string();
                let mut vals = vals;
                if form.flag("swap") && vals.len() >= 2 {
                    vals.swap(0, 1);
                }
                let ints = form.ints();
                self.apply_op(&name, &vals, &ints, ty, None, form.named_ident("ext"), span)
            }
            "group" => {
                let vals = self.arg_values(args)?;
                let gop_name = form.ident(1).unwrap_or_default();
                let gop = GroupOperation::from_str(gop_name)
                    .map_err(|_| err("E0699", span, format!("unknown GroupOperation `{gop_name}`")))?;
                let elem = vals[0].1.scalar().unwrap_or(Scalar::U32);
                let keys: &[&str] = if elem == Scalar::Bool {
                    &["bop"]
                } else if elem.is_float() {
                    &["fop"]
                } else if elem.is_signed_int() {
                    &["sop", "iop"]
                } else {
                    &["uop", "iop"]
                };
                let Some(name) = keys.iter().find_map(|k| form.named_ident(k)) else {
                    return Err(err(
                        "E0610",
                        span,
                        format!("`{}` has no SPIR-V lowering for `{}`", intr.name, self.m.type_name(&vals[0].1)),
                    ));
                };
                // A partitioned operation takes the trailing mask, a clustered one its
                // (constant) cluster size, as their last operand.
                let operands = if gop_name.starts_with("Partitioned") || gop == GroupOperation::ClusteredReduce {
                    vec![vals[0].clone(), vals[vals.len() - 1].clone()]
                } else {
                    vec![vals[0].clone()]
                };
                self.apply_op(name, &operands, &[], ty, Some(gop), form.named_ident("ext"), span)
            }
            "ballot_count" => {
                let vals = self.arg_values(args)?;
                let gop_name = form.ident(1).unwrap_or_default();
                let gop = GroupOperation::from_str(gop_name)
                    .map_err(|_| err("E0699", span, format!("unknown GroupOperation `{gop_name}`")))?;
                let u4 = Type::Vector(Scalar::U32, 4);
                let ballot = self.apply_op("GroupNonUniformBallot", &vals[..1], &[], &u4, None, None, span)?;
                self.apply_op("GroupNonUniformBallotBitCount", &[(ballot, u4)], &[], ty, Some(gop), None, span)
            }
            "glsl" => {
                let vals = self.arg_values(args)?;
                let elem = vals.first().and_then(|v| v.1.scalar()).unwrap_or(Scalar::F32);
                let name = form.ident(1).map(str::to_string).or_else(|| {
                    let keys: &[&str] = if elem.is_float() {
                        &["f"]
                    } else if elem.is_signed_int() {
                        &["s", "i"]
                    } else {
                        &["u", "i"]
                    };
                    keys.iter().find_map(|k| form.named_ident(k)).map(str::to_string)
                });
                let Some(name) = name else {
                    return Err(err("E0610", span, format!("`{}` has no SPIR-V lowering for this type", intr.name)));
                };
                let op =
                    glsl_opcode(&name).ok_or_else(|| err("E0699", span, format!("unknown GLSL.std.450 `{name}`")))?;
                if form.flag("declared") {
                    // The instruction yields the declared type itself (`PackUnorm4x8`: a uint
                    // from a float4), not one of its argument's element type.
                    let set = self.glsl_set();
                    let rt = self.ty(ty, Layout::Logical);
                    let mut ops = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op)];
                    ops.extend(vals.iter().map(|v| Operand::IdRef(v.0)));
                    return Ok(self.op(Op::ExtInst, rt, ops));
                }
                self.glsl_inst(op, &vals, ty, span)
            }
            "pack_half" | "unpack_half" => self.half(form.kind() == "pack_half", args[0], ty),
            // `OpReadClockKHR` of the form's scope (`Device`: real time; `Subgroup`: the
            // processor's cycles), as the declared `uint2`.
            "clock" => {
                let name = form.ident(1).unwrap_or_default();
                let scope =
                    spirv::Scope::from_str(name).map_err(|_| err("E0699", span, format!("unknown Scope `{name}`")))?;
                self.require(spirv::Capability::ShaderClockKHR);
                self.extension("SPV_KHR_shader_clock");
                let scope_id = self.const_u32(scope as u32);
                let t = self.ty(ty, Layout::Logical);
                Ok(self.op_ids(Op::ReadClockKHR, t, &[scope_id]))
            }
            "ext_inst" => {
                let (Some(AttrValue::Str(name)), Some(AttrValue::Int(op))) = (form.named("set"), form.named("op"))
                else {
                    return Err(err(
                        "E0699",
                        span,
                        format!("`{}`: `ext_inst` needs `set = \"…\"` and `op = N`", intr.name),
                    ));
                };
                let vals = self.arg_values(args)?;
                let set = self.ext_set(name);
                let rt = self.ty(ty, Layout::Logical);
                let mut ops = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(*op as u32)];
                ops.extend(vals.iter().map(|v| Operand::IdRef(v.0)));
                let r = self.op(Op::ExtInst, rt, ops);
                Ok(if *ty == Type::Void { 0 } else { r })
            }
            // `NonUniformResourceIndex(i)`: a copy of `i` decorated `NonUniform`; the descriptor
            // accesses it indexes are decorated where they are made (`load_descriptor`).
            "nonuniform" => {
                let v = self.expr(args[0])?;
                self.require_non_uniform();
                let t = self.ty(ty, Layout::Logical);
                let copy = self.op_ids(Op::CopyObject, t, &[v]);
                self.decorate(copy, spirv::Decoration::NonUniform, vec![]);
                Ok(copy)
            }
            "barrier" => {
                let scope = |s: Option<&str>| s.and_then(|s| spirv::Scope::from_str(s).ok());
                let exec = form.named_ident("exec");
                let mem = scope(form.named_ident("mem")).unwrap_or(spirv::Scope::Workgroup);
                let names: Vec<String> = match form.named("sem") {
                    Some(AttrValue::Bits(b)) => b.clone(),
                    Some(AttrValue::Ident(s)) => vec![s.clone()],
                    _ => Vec::new(),
                };
                let mut sem = spirv::MemorySemantics::ACQUIRE_RELEASE.bits();
                for n in names {
                    sem |= match n.as_str() {
                        "UniformMemory" => spirv::MemorySemantics::UNIFORM_MEMORY,
                        "SubgroupMemory" => spirv::MemorySemantics::SUBGROUP_MEMORY,
                        "WorkgroupMemory" => spirv::MemorySemantics::WORKGROUP_MEMORY,
                        "CrossWorkgroupMemory" => spirv::MemorySemantics::CROSS_WORKGROUP_MEMORY,
                        "ImageMemory" => spirv::MemorySemantics::IMAGE_MEMORY,
                        other => return Err(err("E0699", span, format!("unknown memory semantics `{other}`"))),
                    }
                    .bits();
                }
                let mem_id = self.const_u32(mem as u32);
                let sem_id = self.const_u32(sem);
                match exec.and_then(|e| spirv::Scope::from_str(e).ok()) {
                    Some(ex) => {
                        let ex_id = self.const_u32(ex as u32);
                        self.emit(rspirv::dr::Instruction::new(
                            Op::ControlBarrier,
                            None,
                            None,
                            vec![Operand::IdRef(ex_id), Operand::IdRef(mem_id), Operand::IdRef(sem_id)],
                        ));
                    }
                    None => self.emit(rspirv::dr::Instruction::new(
                        Op::MemoryBarrier,
                        None,
                        None,
                        vec![Operand::IdRef(mem_id), Operand::IdRef(sem_id)],
                    )),
                }
                Ok(0)
            }
            "atomic" => {
                let texel = self.cur_fn().storage_texel(args[0]);
                let texel = match texel {
                    Some((image, coord)) => Some(self.texel_pointer(image, coord, span)?),
                    None => self.pointer(args[0])?,
                };
                let Some(p) = texel else {
                    return Err(err(
                        "E0612",
                        span,
                        "the destination of an atomic must be a groupshared variable or a buffer element",
                    ));
                };
                let elem = p.ty.scalar().unwrap_or(Scalar::U32);
                let name = form
                    .named_ident(if elem.is_signed_int() { "s" } else { "u" })
                    .or_else(|| form.ident(1))
                    .unwrap_or_default()
                    .to_string();
                let op = grammar(&name)
                    .map(|g| g.opcode)
                    .ok_or_else(|| err("E0699", span, format!("unknown opcode `{name}`")))?;
                let has_out = intr.params.last().is_some_and(|q| q.mode == ParamMode::Out);
                let n_in = args.len() - 1 - has_out as usize;
                let mut vals = Vec::new();
                for &a in &args[1..1 + n_in] {
                    let t = self.expr_ty(a);
                    let v = self.expr(a)?;
                    vals.push(self.convert(v, &t, &p.ty, span)?);
                }
                if form.flag("swap") && vals.len() >= 2 {
                    vals.swap(0, 1);
                }
                let r = self.atomic(op, &p, &vals);
                if has_out {
                    self.assign(args[args.len() - 1], r)?;
                }
                Ok(0)
            }
            other => Err(err("E0699", span, format!("unknown [spirv] form `{other}` on `{}`", intr.name))),
        }
    }

    fn arg_values(&mut self, args: &[ExprId]) -> R<Vec<(Word, Type)>> {
        let mut out = Vec::new();
        for &a in args {
            let t = self.expr_ty(a);
            out.push((self.expr(a)?, t));
        }
        Ok(out)
    }

    /// The capability of an opcode: the grammar's enabling capabilities, the one that fits the
    /// group operation (`require_any`).
    pub(super) fn require_for(&mut self, g: &rspirv::grammar::Instruction<'static>, gop: Option<GroupOperation>) {
        let caps = g.capabilities;
        if caps.is_empty() {
            return;
        }
        let want = match gop {
            Some(GroupOperation::PartitionedReduceEXT)
            | Some(GroupOperation::PartitionedInclusiveScanEXT)
            | Some(GroupOperation::PartitionedExclusiveScanEXT) => Some("Partitioned"),
            Some(GroupOperation::ClusteredReduce) => Some("Clustered"),
            _ => None,
        };
        let cap = want.and_then(|w| caps.iter().find(|c| format!("{c:?}").contains(w))).copied().unwrap_or(caps[0]);
        self.require(cap);
    }

    /// Applies the opcode `name` to argument values, with the rules of the module docs.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_op(
        &mut self,
        name: &str,
        vals: &[(Word, Type)],
        ints: &[u32],
        ret: &Type,
        gop: Option<GroupOperation>,
        ext: Option<&str>,
        span: Span,
    ) -> R<Word> {
        let g = grammar(name).ok_or_else(|| err("E0699", span, format!("unknown opcode `{name}`")))?;
        if g.opcode == Op::Bitcast && vals.first().is_some_and(|v| v.1 == *ret) {
            return Ok(vals[0].0);
        }
        self.require_for(g, gop);
        if let Some(e) = ext {
            self.extension(e);
        }
        let first_ty = vals.first().map(|v| v.1.clone()).unwrap_or(Type::Void);
        // A scalar-result opcode over a vector or matrix: per component.
        if SCALAR_RESULT.contains(&g.opname) && !matches!(ret, Type::Scalar(_)) {
            let comps = match &first_ty {
                Type::Matrix(s, r, c) => {
                    let mut rows = Vec::new();
                    for i in 0..*r as u32 {
                        let vt = self.ty(&Type::Vector(*s, *c), Layout::Logical);
                        let row = self.op(
                            Op::CompositeExtract,
                            vt,
                            vec![Operand::IdRef(vals[0].0), Operand::LiteralBit32(i)],
                        );
                        let rt = Type::Vector(Scalar::Bool, *c);
                        rows.push(self.apply_op(name, &[(row, Type::Vector(*s, *c))], ints, &rt, gop, ext, span)?);
                    }
                    let t = self.ty(ret, Layout::Logical);
                    return Ok(self.op_ids(Op::CompositeConstruct, t, &rows));
                }
                Type::Vector(s, n) => {
                    let st = self.ty(&Type::Scalar(*s), Layout::Logical);
                    (0..*n as u32)
                        .map(|i| {
                            self.op(Op::CompositeExtract, st, vec![Operand::IdRef(vals[0].0), Operand::LiteralBit32(i)])
                        })
                        .collect::<Vec<_>>()
                }
                _ => vec![vals[0].0],
            };
            let s = first_ty.scalar().unwrap_or(Scalar::U32);
            let mut parts = Vec::new();
            for c in comps {
                parts.push(self.apply_op(name, &[(c, Type::Scalar(s))], ints, &Type::BOOL, gop, ext, span)?);
            }
            let t = self.ty(ret, Layout::Logical);
            return Ok(self.op_ids(Op::CompositeConstruct, t, &parts));
        }
        // No matrix form: column by column (OpTranspose is one, whatever its name says).
        if matches!(ret, Type::Matrix(..)) && !g.opname.contains("Matrix") && g.opcode != Op::Transpose {
            let ints = ints.to_vec();
            let col_vals = vals.to_vec();
            return self.per_column(&col_vals, ret, |w, cols, _| {
                let vals: Vec<(Word, Type)> = cols
                    .iter()
                    .zip(&col_vals)
                    .map(|(&c, (_, t))| {
                        let ct = match t {
                            Type::Matrix(s, _, n) => Type::Vector(*s, *n),
                            other => other.clone(),
                        };
                        (c, ct)
                    })
                    .collect();
                let rt = match ret {
                    Type::Matrix(s, _, c) => Type::Vector(*s, *c),
                    _ => unreachable!(),
                };
                w.apply_op(name, &vals, &ints, &rt, gop, ext, span)
            });
        }
        let natural = natural_type(g.opcode, &first_ty, ret);
        let rt = self.ty(&natural, Layout::Logical);
        let mut refs: Vec<Word> = vals.iter().map(|v| v.0).collect();
        for &i in ints {
            refs.push(self.const_u32(i));
        }
        let mut refs = refs.into_iter();
        let mut ops = Vec::new();
        for o in g.operands {
            match o.kind {
                OperandKind::IdResultType | OperandKind::IdResult => {}
                OperandKind::IdScope => ops.push(Operand::IdRef(self.const_u32(spirv::Scope::Subgroup as u32))),
                OperandKind::GroupOperation => ops.push(Operand::GroupOperation(gop.unwrap_or(GroupOperation::Reduce))),
                OperandKind::IdRef => match o.quantifier {
                    rspirv::grammar::OperandQuantifier::One | rspirv::grammar::OperandQuantifier::ZeroOrOne => {
                        if let Some(r) = refs.next() {
                            ops.push(Operand::IdRef(r));
                        }
                    }
                    rspirv::grammar::OperandQuantifier::ZeroOrMore => ops.extend(refs.by_ref().map(Operand::IdRef)),
                },
                _ => return Err(err("E0699", span, format!("`{name}` has operands the stdlib forms cannot give"))),
            }
        }
        let v = self.op(g.opcode, rt, ops);
        if natural != *ret {
            return self.convert(v, &natural, ret, span);
        }
        Ok(v)
    }

    fn glsl_inst(&mut self, op: u32, vals: &[(Word, Type)], ret: &Type, span: Span) -> R<Word> {
        if matches!(ret, Type::Matrix(..)) {
            let col_vals = vals.to_vec();
            return self.per_column(&col_vals, ret, |w, cols, _| {
                let vals: Vec<(Word, Type)> = cols
                    .iter()
                    .zip(&col_vals)
                    .map(|(&c, (_, t))| {
                        let ct = match t {
                            Type::Matrix(s, _, n) => Type::Vector(*s, *n),
                            other => other.clone(),
                        };
                        (c, ct)
                    })
                    .collect();
                let rt = match ret {
                    Type::Matrix(s, _, c) => Type::Vector(*s, *c),
                    _ => unreachable!(),
                };
                w.glsl_inst(op, &vals, &rt, span)
            });
        }
        let first = vals.first().map(|v| v.1.clone()).unwrap_or(Type::Void);
        let natural = natural_type(Op::ExtInst, &first, ret);
        let set = self.glsl_set();
        let rt = self.ty(&natural, Layout::Logical);
        let mut ops = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op)];
        ops.extend(vals.iter().map(|v| Operand::IdRef(v.0)));
        let v = self.op(Op::ExtInst, rt, ops);
        if natural != *ret {
            return self.convert(v, &natural, ret, span);
        }
        Ok(v)
    }

    /// `f32tof16` / `f16tof32`: `PackHalf2x16` of `(x, 0)`, or the first half of
    /// `UnpackHalf2x16`, per component.
    fn half(&mut self, pack: bool, arg: ExprId, ty: &Type) -> R<Word> {
        let t = self.expr_ty(arg);
        let v = self.expr(arg)?;
        let comps = match &t {
            Type::Vector(s, n) => {
                let st = self.ty(&Type::Scalar(*s), Layout::Logical);
                (0..*n as u32)
                    .map(|i| self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(i)]))
                    .collect()
            }
            _ => vec![v],
        };
        let set = self.glsl_set();
        let f2t = self.ty(&Type::Vector(Scalar::F32, 2), Layout::Logical);
        let (ut, ft) = (self.uint_ty(), self.scalar_ty(Scalar::F32));
        let zero = self.const_scalar(Scalar::F32, &ConstValue::Float(0.0));
        let mut out = Vec::new();
        for c in comps {
            out.push(if pack {
                let pair = self.op_ids(Op::CompositeConstruct, f2t, &[c, zero]);
                let op = glsl_opcode("PackHalf2x16").expect("in GLSL.std.450");
                self.op(
                    Op::ExtInst,
                    ut,
                    vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op), Operand::IdRef(pair)],
                )
            } else {
                let op = glsl_opcode("UnpackHalf2x16").expect("in GLSL.std.450");
                let pair = self.op(
                    Op::ExtInst,
                    f2t,
                    vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op), Operand::IdRef(c)],
                );
                self.op(Op::CompositeExtract, ft, vec![Operand::IdRef(pair), Operand::LiteralBit32(0)])
            });
        }
        if out.len() == 1 {
            return Ok(out[0]);
        }
        let t = self.ty(ty, Layout::Logical);
        Ok(self.op_ids(Op::CompositeConstruct, t, &out))
    }
}

/// The type an instruction yields before conversion to the declared `ret`: the declared shape
/// with the operand's element type when their kinds (float vs integer) differ (`FSign` of a
/// float is a float; HLSL's `sign` returns `int`).
fn natural_type(op: Op, first: &Type, ret: &Type) -> Type {
    match (first.scalar(), ret.scalar()) {
        (Some(a), Some(r))
            if op != Op::Bitcast && a != Scalar::Bool && r != Scalar::Bool && a.is_float() != r.is_float() =>
        {
            ret.with_scalar(a)
        }
        _ => ret.clone(),
    }
}
