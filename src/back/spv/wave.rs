//! Intrinsic calls, lowered from the stdlib's `[spirv(…)]` attributes.
//!
//! The attributes of an intrinsic are tried in the order written; the first whose conditions
//! (`ext =`, `version =`, `constant =`) hold is used (README, "More lowering forms"). Each form
//! (`kind`) is interpreted here once, for every intrinsic that uses it:
//!
//! - `builtin`: an `OpLoad` of the `Input` built-in.
//! - `op`, `group`, `ballot_count`, `atomic`, `barrier`: instructions whose operands are laid
//!   out from rspirv's grammar (an `IdScope` operand gets `Subgroup`, a `GroupOperation`
//!   operand the form's operation, `IdRef`s the arguments in order); their capability is the
//!   grammar's enabling capability that fits (`require_any`).
//! - `glsl`: a `GLSL.std.450` extended instruction, chosen by element type when several are
//!   given.
//! - `via` and `polyfill`: a helper function written in the shading language, compiled by the
//!   ordinary front end (so it is type-checked like user code) and called; one helper per
//!   intrinsic, argument types and constant arguments. Constant arguments are written into the
//!   helper as literals, so a `constexpr` lane stays a constant (`OpGroupNonUniformBroadcast`
//!   needs one before SPIR-V 1.5).
//!
//! Matrices go column by column through instructions that have no matrix form; a scalar-result
//! opcode (`GroupNonUniformAllEqual`) with a vector or matrix declared result goes component by
//! component; a declared result of another element kind than the instruction's (`sign(float)` is
//! `int`) is converted after the instruction.

use super::layout::Layout;
use super::writer::{err, Writer, R};
use crate::fast_hash::HashMap;
use crate::ir::{ConstValue, ExprId, IntrinsicId, ParamMode, Scalar, Type};
use crate::span::Span;
use crate::stdlib::{ident_of, Intrinsic};
use crate::syntax::ast;
use rspirv::dr::Operand;
use rspirv::grammar::{OperandKind, INSTRUCTION_TABLE};
use rspirv::spirv::{self, BuiltIn, GroupOperation, Op, Word};
use std::rc::Rc;
use std::str::FromStr;

/// Opcodes whose result is one `bool` whatever the shape of their operand.
const SCALAR_RESULT: &[&str] = &["GroupNonUniformAllEqual"];

#[derive(Clone, Debug)]
enum Arg {
    Ident(String),
    Int(u64),
    Str(String),
    Bits(Vec<String>),
}

/// One `[spirv(…)]` lowering of an intrinsic, parsed once per intrinsic and compilation.
#[derive(Clone, Debug)]
pub(super) struct Form {
    kind: String,
    positional: Vec<Arg>,
    named: HashMap<String, Arg>,
}

impl Form {
    fn parse(a: &ast::Attribute) -> Option<Form> {
        let kind = ident_of(a.args.first()?)?.to_string();
        let mut f = Form { kind, positional: Vec::new(), named: HashMap::default() };
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
        let value = |e: &ast::Expr| -> Option<Arg> {
            Some(match &e.kind {
                ast::ExprKind::Ident(n) => Arg::Ident(n.clone()),
                ast::ExprKind::IntLit(i) => Arg::Int(i.value),
                ast::ExprKind::StringLit(s) => Arg::Str(s.clone()),
                _ => {
                    let mut v = Vec::new();
                    if !bits(e, &mut v) {
                        return None;
                    }
                    Arg::Bits(v)
                }
            })
        };
        for e in &a.args[1..] {
            match &e.kind {
                ast::ExprKind::Assign { op: None, lhs, rhs } => {
                    f.named.insert(ident_of(lhs)?.to_string(), value(rhs)?);
                }
                _ => f.positional.push(value(e)?),
            }
        }
        Some(f)
    }

    fn ident(&self, i: usize) -> Option<&str> {
        match self.positional.get(i) {
            Some(Arg::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn named_ident(&self, k: &str) -> Option<&str> {
        match self.named.get(k) {
            Some(Arg::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn flag(&self, name: &str) -> bool {
        self.positional.iter().any(|a| matches!(a, Arg::Ident(s) if s == name))
    }

    fn ints(&self) -> Vec<u32> {
        self.positional.iter().filter_map(|a| if let Arg::Int(i) = a { Some(*i as u32) } else { None }).collect()
    }
}

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

/// HLSL spelling of a literal of scalar type `ty`.
fn literal(v: &ConstValue, ty: &Type) -> Option<String> {
    let s = ty.scalar()?;
    let text = match (s, v) {
        (Scalar::Bool, v) => v.as_bool()?.to_string(),
        (s, ConstValue::Float(f)) if s.is_float() => format!("{f:?}"),
        (s, v) if s.is_float() => format!("{}.0", v.as_i64()?),
        (s, v) if s.is_unsigned_int() => format!("{}u", v.as_u64().or_else(|| v.as_i64().map(|i| i as u64))?),
        (_, v) => format!("{}", v.as_i64()?),
    };
    Some(format!("(({})({text}))", ty))
}

impl<'a> Writer<'a> {
    fn intrinsic_decl(&self, id: IntrinsicId) -> &'a Intrinsic {
        let lib: &'a crate::stdlib::Stdlib = self.stdlib;
        let i = &lib.intrinsics[id.0 as usize];
        if let Some(target) = &i.alias_of {
            if let Some(t) = lib.find(target) {
                return &lib.intrinsics[t];
            }
        }
        i
    }

    fn applies(&self, f: &Form, args: &[ExprId]) -> bool {
        if let Some(ext) = f.named_ident("ext") {
            if !self.options.allows_extension(ext) {
                return false;
            }
        }
        if let Some(v) = f.named_ident("version") {
            let v = v.trim_start_matches("spv_").trim_start_matches("spirv_");
            let parsed = v.split_once('_').and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
            if parsed.is_none_or(|v| self.options.version < v) {
                return false;
            }
        }
        if let Some(Arg::Int(i)) = f.named.get("constant") {
            if args.get(*i as usize).is_none_or(|&a| self.const_of(a).is_none()) {
                return false;
            }
        }
        true
    }

    /// The `[spirv]` lowerings of intrinsic `id`, parsed on its first call in this compile.
    fn spirv_forms(&mut self, id: IntrinsicId, intr: &Intrinsic, span: Span) -> R<Rc<[Form]>> {
        if let Some(forms) = self.spirv_forms.get(&id) {
            return Ok(forms.clone());
        }
        let forms: Rc<[Form]> = intr
            .attr("spirv")
            .map(Form::parse)
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                err("E0699", span, format!("internal error: malformed [spirv] attribute of `{}`", intr.name))
            })?
            .into();
        self.spirv_forms.insert(id, forms.clone());
        Ok(forms)
    }

    pub(super) fn intrinsic(
        &mut self,
        e: ExprId,
        id: IntrinsicId,
        args: &[ExprId],
        bound: Option<&Type>,
        ty: &Type,
        span: Span,
    ) -> R<Word> {
        let _ = e;
        let intr = self.intrinsic_decl(id);
        let forms = self.spirv_forms(id, intr, span)?;
        let Some(form) = forms.iter().find(|f| self.applies(f, args)) else {
            return Err(err("E0610", span, format!("`{}` has no SPIR-V lowering for this profile", intr.name)));
        };
        match form.kind.as_str() {
            "unsupported" => {
                let why = match form.positional.first() {
                    Some(Arg::Str(s)) => s.clone(),
                    _ => "no SPIR-V equivalent".into(),
                };
                Err(err("E0611", span, format!("`{}` is not available on SPIR-V: {why}", intr.name)))
            }
            "builtin" => {
                let name = form.ident(0).unwrap_or_default();
                let b = BuiltIn::from_str(name).map_err(|_| err("E0699", span, format!("unknown BuiltIn `{name}`")))?;
                let (v, bt) = self.load_builtin(b);
                self.convert(v, &bt, ty, span)
            }
            "op" => {
                let vals = self.arg_values(args)?;
                let name = form.ident(0).unwrap_or_default().to_string();
                let mut vals = vals;
                if form.flag("swap") && vals.len() >= 2 {
                    vals.swap(0, 1);
                }
                let ints = form.ints();
                self.apply_op(&name, &vals, &ints, ty, None, form.named_ident("ext"), span)
            }
            "group" => {
                let vals = self.arg_values(args)?;
                let gop_name = form.ident(0).unwrap_or_default();
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
                let partitioned = gop_name.starts_with("Partitioned");
                let operands = if partitioned {
                    vec![vals[0].clone(), vals[vals.len() - 1].clone()]
                } else {
                    vec![vals[0].clone()]
                };
                self.apply_op(name, &operands, &[], ty, Some(gop), form.named_ident("ext"), span)
            }
            "ballot_count" => {
                let vals = self.arg_values(args)?;
                let gop_name = form.ident(0).unwrap_or_default();
                let gop = GroupOperation::from_str(gop_name)
                    .map_err(|_| err("E0699", span, format!("unknown GroupOperation `{gop_name}`")))?;
                let u4 = Type::Vector(Scalar::U32, 4);
                let ballot = self.apply_op("GroupNonUniformBallot", &vals[..1], &[], &u4, None, None, span)?;
                self.apply_op("GroupNonUniformBallotBitCount", &[(ballot, u4)], &[], ty, Some(gop), None, span)
            }
            "glsl" => {
                let vals = self.arg_values(args)?;
                let elem = vals.first().and_then(|v| v.1.scalar()).unwrap_or(Scalar::F32);
                let name = form.ident(0).map(str::to_string).or_else(|| {
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
                self.glsl_inst(op, &vals, ty, span)
            }
            "via" => {
                let Some(Arg::Str(t)) = form.positional.first() else {
                    return Err(err("E0699", span, "malformed via"));
                };
                self.via(intr, t.clone(), args, bound, ty, span)
            }
            "polyfill" => {
                let name = form.ident(0).unwrap_or_default().to_string();
                self.polyfill(intr, &name, args, ty, span)
            }
            "barrier" => {
                let scope = |s: Option<&str>| s.and_then(|s| spirv::Scope::from_str(s).ok());
                let exec = form.named_ident("exec");
                let mem = scope(form.named_ident("mem")).unwrap_or(spirv::Scope::Workgroup);
                let names: Vec<String> = match form.named.get("sem") {
                    Some(Arg::Bits(b)) => b.clone(),
                    Some(Arg::Ident(s)) => vec![s.clone()],
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
                let Some(p) = self.pointer(args[0])? else {
                    return Err(err(
                        "E0612",
                        span,
                        "the destination of an atomic must be a groupshared variable or a buffer element",
                    ));
                };
                let elem = p.ty.scalar().unwrap_or(Scalar::U32);
                let name = form
                    .named_ident(if elem.is_signed_int() { "s" } else { "u" })
                    .or_else(|| form.ident(0))
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
    fn require_for(&mut self, g: &rspirv::grammar::Instruction<'static>, gop: Option<GroupOperation>) {
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
        // No matrix form: column by column.
        if matches!(ret, Type::Matrix(..)) && !g.opname.contains("Matrix") {
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

    // ------------------------------------------------------------------------------------------
    // Helpers written in the language: `via` and the polyfills
    // ------------------------------------------------------------------------------------------

    /// Compiles `ret wavec_helper(params) body` with the ordinary front end and queues it.
    fn helper(&mut self, key: String, ret: &Type, params: &[Type], body: &str, span: Span) -> R<Word> {
        if let Some((id, _)) = self.helpers.get(&key) {
            return Ok(*id);
        }
        let plist: Vec<String> =
            params.iter().enumerate().map(|(i, t)| format!("{} p{i}", self.m.type_name(t))).collect();
        let src = format!(
            "{} wavec_helper({}) {body}\n[numthreads(1, 1, 1)] void wavec_helper_entry() {{}}\n",
            self.m.type_name(ret),
            plist.join(", ")
        );
        let mut sources = crate::span::SourceMap::new();
        let (unit, mut diags) = crate::syntax::parse_str(&mut sources, "wavec-helper", &src);
        let mut func = None;
        if !diags.iter().any(|d| d.is_error()) {
            let opts = crate::sema::SemaOptions { entry: Some("wavec_helper_entry".into()), ..Default::default() };
            let (checked, d) = crate::sema::check(&unit, &opts);
            diags.extend(d);
            if let Some(c) = checked {
                func = c.module.functions.iter().find(|(_, f)| f.name == "wavec_helper").map(|(_, f)| f.clone());
            }
        }
        let Some(mut func) = func else {
            let text = crate::diag::render_all(&diags, &sources, false);
            return Err(err(
                "E0699",
                span,
                format!("internal error: a SPIR-V helper does not compile:\n{src}\n{text}"),
            ));
        };
        func.name = format!("wavec_{}", key.split(':').next().unwrap_or("helper"));
        let id = self.id();
        self.helpers.insert(key, (id, ret.clone()));
        self.pending.push_back(super::writer::PendingFn {
            id,
            func: super::writer::FnRef::Helper(Rc::new(func)),
            entry: false,
        });
        Ok(id)
    }

    /// Evaluates the arguments that are not constants and returns the template text of each
    /// argument (`pN` or a literal) with the parameter types.
    fn helper_args(&mut self, args: &[ExprId]) -> R<(Vec<String>, Vec<Type>, Vec<Word>)> {
        let mut texts = Vec::new();
        let mut types = Vec::new();
        let mut vals = Vec::new();
        for &a in args {
            let t = self.expr_ty(a);
            let lit = self.const_of(a).and_then(|c| literal(&c, &t)).filter(|_| matches!(t, Type::Scalar(_)));
            match lit {
                Some(l) => texts.push(l),
                None => {
                    texts.push(format!("p{}", types.len()));
                    types.push(t);
                    vals.push(self.expr(a)?);
                }
            }
        }
        Ok((texts, types, vals))
    }

    fn via(
        &mut self,
        intr: &Intrinsic,
        template: String,
        args: &[ExprId],
        bound: Option<&Type>,
        ty: &Type,
        span: Span,
    ) -> R<Word> {
        let (texts, types, vals) = self.helper_args(args)?;
        let bound_name = bound.map(|b| self.m.type_name(b)).unwrap_or_default();
        let mut text = String::new();
        let mut chars = template.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '$' {
                text.push(c);
                continue;
            }
            match chars.peek() {
                Some('T') => {
                    chars.next();
                    text.push_str(&bound_name);
                }
                Some('R') => {
                    chars.next();
                    text.push_str(&self.m.type_name(ty));
                }
                Some(d) if d.is_ascii_digit() => {
                    let mut n = String::new();
                    while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        n.push(*d);
                        chars.next();
                    }
                    let i: usize = n.parse().unwrap_or(0);
                    text.push_str(&format!("({})", texts.get(i).cloned().unwrap_or_default()));
                }
                _ => text.push('$'),
            }
        }
        let body = if *ty == Type::Void { format!("{{ {text}; }}") } else { format!("{{ return {text}; }}") };
        let key = format!("{}:{:?}:{:?}:{}", intr.name, types, ty, texts.join(","));
        let id = self.helper(key, ty, &types, &body, span)?;
        Ok(self.call_helper(id, ty, &vals))
    }

    fn polyfill(&mut self, intr: &Intrinsic, name: &str, args: &[ExprId], ty: &Type, span: Span) -> R<Word> {
        match name {
            "f32tof16" | "f16tof32" => {
                let t = self.expr_ty(args[0]);
                let v = self.expr(args[0])?;
                let comps = match &t {
                    Type::Vector(s, n) => {
                        let st = self.ty(&Type::Scalar(*s), Layout::Logical);
                        (0..*n as u32)
                            .map(|i| {
                                self.op(Op::CompositeExtract, st, vec![Operand::IdRef(v), Operand::LiteralBit32(i)])
                            })
                            .collect()
                    }
                    _ => vec![v],
                };
                let set = self.glsl_set();
                let f2 = Type::Vector(Scalar::F32, 2);
                let f2t = self.ty(&f2, Layout::Logical);
                let (ut, ft) = (self.uint_ty(), self.scalar_ty(Scalar::F32));
                let zero = self.const_scalar(Scalar::F32, &ConstValue::Float(0.0));
                let mut out = Vec::new();
                for c in comps {
                    out.push(if name == "f32tof16" {
                        let pair = self.op_ids(Op::CompositeConstruct, f2t, &[c, zero]);
                        let op = glsl_opcode("PackHalf2x16").unwrap();
                        self.op(
                            Op::ExtInst,
                            ut,
                            vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op), Operand::IdRef(pair)],
                        )
                    } else {
                        let op = glsl_opcode("UnpackHalf2x16").unwrap();
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
            "rotate" => {
                let body = if args.len() == 3 {
                    "{ uint lane = WaveGetLaneIndex(); return WaveShuffle(p0, (lane & ~(p2 - 1u)) | ((lane + p1) & (p2 - 1u))); }"
                } else {
                    "{ return WaveShuffle(p0, (WaveGetLaneIndex() + p1) % WaveGetLaneCount()); }"
                };
                self.plain_helper(intr, "rotate", args, ty, body, span)
            }
            "int_dot" => {
                let t = self.expr_ty(args[0]);
                let n = t.vector_size().unwrap_or(1);
                let terms: Vec<String> = (0..n).map(|i| format!("p.{}", ["x", "y", "z", "w"][i as usize])).collect();
                let body = format!("{{ {} p = p0 * p1; return {}; }}", self.m.type_name(&t), terms.join(" + "));
                self.plain_helper(intr, "int_dot", args, ty, &body, span)
            }
            "wave_match" => {
                let t = self.expr_ty(args[0]);
                let body = wave_match_body(&t).ok_or_else(|| {
                    err(
                        "E0611",
                        span,
                        format!("`{}` of `{}` has no portable SPIR-V lowering", intr.name, self.m.type_name(&t)),
                    )
                })?;
                self.plain_helper(intr, "wave_match", args, ty, &body, span)
            }
            "multi_prefix" => {
                let counterpart = intr.name.replacen("Multi", "", 1);
                if self.stdlib.find(&counterpart).is_none() {
                    return Err(err("E0699", span, format!("multi_prefix: no `{counterpart}` for `{}`", intr.name)));
                }
                let body = format!(
                    "{{\n    {r} result = ({r})0;\n    uint4 remaining = WaveActiveBallot(true);\n    \
                     while (any(remaining != 0u)) {{\n        \
                     uint first = remaining.x != 0u ? firstbitlow(remaining.x) : remaining.y != 0u ? 32u + firstbitlow(remaining.y) : remaining.z != 0u ? 64u + firstbitlow(remaining.z) : 96u + firstbitlow(remaining.w);\n        \
                     uint4 group = WaveReadLaneAt(p1, first);\n        bool mine = all(p1 == group);\n        \
                     if (mine) {{ result = {counterpart}(p0); }}\n        remaining &= ~WaveActiveBallot(mine);\n    }}\n    return result;\n}}",
                    r = self.m.type_name(ty)
                );
                self.plain_helper(intr, "multi_prefix", args, ty, &body, span)
            }
            other => Err(err("E0699", span, format!("unknown polyfill `{other}` on `{}`", intr.name))),
        }
    }

    /// A polyfill helper over all arguments as parameters `p0`, `p1`, ….
    fn plain_helper(
        &mut self,
        intr: &Intrinsic,
        tag: &str,
        args: &[ExprId],
        ty: &Type,
        body: &str,
        span: Span,
    ) -> R<Word> {
        let mut types = Vec::new();
        let mut vals = Vec::new();
        for &a in args {
            types.push(self.expr_ty(a));
            vals.push(self.expr(a)?);
        }
        let key = format!("{tag}:{}:{types:?}:{ty:?}", intr.name);
        let id = self.helper(key, ty, &types, body, span)?;
        Ok(self.call_helper(id, ty, &vals))
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

/// `WaveMatch`'s portable body: one ballot per bit of the key.
fn wave_match_body(t: &Type) -> Option<String> {
    let s = t.scalar()?;
    let comps: Vec<String> = match t {
        Type::Scalar(_) => vec!["p0".into()],
        Type::Vector(_, n) => (0..*n).map(|i| format!("p0[{i}]")).collect(),
        Type::Matrix(_, r, c) => (0..*r).flat_map(|i| (0..*c).map(move |j| format!("p0[{i}][{j}]"))).collect(),
        _ => return None,
    };
    let words = |c: &str| -> Option<Vec<String>> {
        Some(match s {
            Scalar::I32 | Scalar::U32 | Scalar::F32 => vec![format!("asuint({c})")],
            Scalar::I16 | Scalar::U16 => vec![format!("(uint){c}")],
            Scalar::F16 => vec![format!("asuint((float){c})")],
            Scalar::I64 | Scalar::U64 => vec![format!("(uint){c}"), format!("(uint)({c} >> 32)")],
            _ => return None,
        })
    };
    let mut body = String::from("{\n    uint4 mask = WaveActiveBallot(true);\n");
    for c in &comps {
        for w in words(c)? {
            body.push_str(&format!(
                "    {{\n        uint key = {w};\n        for (uint b = 0u; b < 32u; ++b)\n        {{\n            \
                 bool bit = ((key >> b) & 1u) != 0u;\n            uint4 ballot = WaveActiveBallot(bit);\n            \
                 mask &= bit ? ballot : ~ballot;\n        }}\n    }}\n"
            ));
        }
    }
    body.push_str("    return mask;\n}");
    Some(body)
}
