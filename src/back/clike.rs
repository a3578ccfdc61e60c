//! What the C-family text backends (CUDA C++ and the Metal Shading Language) write alike:
//! statements, scalar literals and the expansion of an intrinsic's template. Each backend
//! implements [`CStatements`] with its own expressions and declarations; the control flow,
//! which C, C++ and MSL spell the same, is written here once.

use crate::back::precedence::{binary_prec, clarify, P_ADD, P_ASSIGN, P_COMMA, P_POSTFIX, P_PREFIX};
use crate::back::template::{in_argument_slot, is_call_like, parse_template, Piece};
use crate::back::{Level, Namer};
use crate::ir::*;
use crate::span::Span;
use std::fmt::Write as _;

/// The function being written and the output names of its locals.
pub struct Ctx<'a> {
    pub f: &'a Function,
    pub names: Vec<String>,
}

/// Statements of a C-family language, given the backend's expressions and declarations.
pub trait CStatements<'a> {
    /// Expression `e`, parenthesized if it binds looser than `min` ([`crate::back::precedence`]).
    fn expr(&mut self, cx: &Ctx<'a>, e: ExprId, min: u8) -> String;
    /// `T name = init` (without the `;`).
    fn local_decl(&mut self, cx: &Ctx<'a>, local: LocalId, init: Option<ExprId>) -> String;
    /// A `discard`, which compute kernels cannot hold: the backend's refusal.
    fn discard(&mut self, cx: &Ctx<'a>);

    /// Writes a block its own way and answers true, or answers false to have it written here
    /// (CUDA writes the blocks of functions that carry a lane mask its own way).
    fn own_stmts(&mut self, _cx: &Ctx<'a>, _stmts: &[Stmt], _level: Level, _out: &mut String) -> bool {
        false
    }

    /// Writes a statement its own way and answers true, or answers false to have it written here.
    fn own_stmt(&mut self, _cx: &Ctx<'a>, _s: &Stmt, _level: Level, _out: &mut String) -> bool {
        false
    }

    fn stmts(&mut self, cx: &Ctx<'a>, stmts: &[Stmt], level: Level, out: &mut String) {
        if self.own_stmts(cx, stmts, level, out) {
            return;
        }
        for s in stmts {
            self.stmt(cx, s, level, out);
        }
    }

    fn block_body(&mut self, cx: &Ctx<'a>, b: &Block, level: Level, out: &mut String) {
        out.push_str("{\n");
        self.stmts(cx, &b.stmts, level.next(), out);
        let _ = write!(out, "{level}}}");
    }

    fn stmt(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        if self.own_stmt(cx, s, level, out) {
            return;
        }
        match s {
            Stmt::Expr(e) => {
                let e = self.expr(cx, *e, 0);
                let _ = writeln!(out, "{level}{e};");
            }
            Stmt::Local { local, init } => {
                let d = self.local_decl(cx, *local, *init);
                let _ = writeln!(out, "{level}{d};");
            }
            Stmt::Block(b) => {
                let _ = write!(out, "{level}");
                self.block_body(cx, b, level, out);
                out.push('\n');
            }
            Stmt::If { .. } => {
                let _ = write!(out, "{level}");
                self.if_chain(cx, s, level, out);
                out.push('\n');
            }
            Stmt::For { init, cond, step, body, .. } => {
                // One declaration fits the header; anything else goes in a block around it.
                let header = match init.as_slice() {
                    [] => Some(String::new()),
                    [Stmt::Local { local, init }] => Some(self.local_decl(cx, *local, *init)),
                    [Stmt::Expr(e)] => Some(self.expr(cx, *e, 0)),
                    _ => None,
                };
                let (level, wrapped) = match header {
                    Some(_) => (level, false),
                    None => {
                        let _ = writeln!(out, "{level}{{");
                        self.stmts(cx, init, level.next(), out);
                        (level.next(), true)
                    }
                };
                let init = header.unwrap_or_default();
                let cond = cond.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                let step = step.map(|c| format!(" {}", self.expr(cx, c, 0))).unwrap_or_default();
                let _ = write!(out, "{level}for ({init};{cond};{step}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
                if wrapped {
                    let _ = writeln!(out, "{}}}", Level(level.0 - 1));
                }
            }
            Stmt::While { cond, body, .. } => {
                let c = self.expr(cx, *cond, 0);
                let _ = write!(out, "{level}while ({c}) ");
                self.block_body(cx, body, level, out);
                out.push('\n');
            }
            Stmt::DoWhile { body, cond, .. } => {
                let _ = write!(out, "{level}do ");
                self.block_body(cx, body, level, out);
                let c = self.expr(cx, *cond, 0);
                let _ = writeln!(out, " while ({c});");
            }
            Stmt::Switch { selector, cases } => {
                let sel = self.expr(cx, *selector, 0);
                let _ = writeln!(out, "{level}switch ({sel}) {{");
                let inner = level.next();
                for c in cases {
                    for v in &c.values {
                        let _ = writeln!(out, "{inner}case {v}:");
                    }
                    if c.is_default {
                        let _ = writeln!(out, "{inner}default:");
                    }
                    if !c.body.stmts.is_empty() {
                        let _ = write!(out, "{} ", inner.next());
                        self.block_body(cx, &c.body, inner.next(), out);
                        out.push('\n');
                    }
                }
                let _ = writeln!(out, "{inner};\n{level}}}");
            }
            Stmt::Break => {
                let _ = writeln!(out, "{level}break;");
            }
            Stmt::Continue => {
                let _ = writeln!(out, "{level}continue;");
            }
            Stmt::Return(None) => {
                let _ = writeln!(out, "{level}return;");
            }
            Stmt::Return(Some(e)) => {
                let e = self.expr(cx, *e, 0);
                let _ = writeln!(out, "{level}return {e};");
            }
            Stmt::Discard => self.discard(cx),
        }
    }

    fn if_chain(&mut self, cx: &Ctx<'a>, s: &Stmt, level: Level, out: &mut String) {
        let Stmt::If { cond, then, els, .. } = s else {
            return;
        };
        let c = self.expr(cx, *cond, 0);
        let _ = write!(out, "if ({c}) ");
        self.block_body(cx, then, level, out);
        if let Some(els) = els {
            out.push_str(" else ");
            match els.stmts.as_slice() {
                [inner @ Stmt::If { .. }] => self.if_chain(cx, inner, level, out),
                _ => self.block_body(cx, els, level, out),
            }
        }
    }
}

/// The output name of every function of `module`: the entry point's is `kernel`; overloads
/// keep their shared name, as C++ overloads by parameter types too, unless two functions of one
/// name take the same parameters (instances of one stdlib body, such as the virtual-wave
/// folds), which get fresh names.
pub fn function_names(module: &Module, entry: FunctionId, kernel: &str, namer: &mut Namer) -> Vec<String> {
    /// Parameter types, and whether each is passed by reference (`out`/`inout`).
    type Signature = Vec<(Type, bool)>;
    let signature = |f: &Function| -> Signature {
        f.params
            .iter()
            .map(|p| (f.locals[*p].ty.clone(), matches!(f.locals[*p].param, Some(ParamMode::Out | ParamMode::InOut))))
            .collect()
    };
    // Per source name: the output name of its first function, and the signatures taken.
    let mut overloads: crate::fast_hash::HashMap<&str, (String, Vec<Signature>)> = Default::default();
    let mut names = Vec::with_capacity(module.functions.len());
    for (h, f) in module.functions.iter() {
        if h == entry {
            names.push(kernel.to_string());
            continue;
        }
        let sig = signature(f);
        let name = match overloads.get_mut(f.name.as_str()) {
            Some((shared, taken)) if !taken.contains(&sig) => {
                taken.push(sig);
                shared.clone()
            }
            Some(_) => namer.name(&f.name),
            None => {
                let n = namer.name(&f.name);
                overloads.insert(&f.name, (n.clone(), vec![sig]));
                n
            }
        };
        names.push(name);
    }
    names
}

/// How a dialect spells what C has no literal for.
pub struct LiteralSpelling {
    /// A `double` from its bits (non-finite values).
    pub f64_bits: fn(u64) -> String,
    /// A `float` from its bits (non-finite values).
    pub f32_bits: fn(u32) -> String,
    /// A `half` from a `float` literal.
    pub half: fn(String) -> String,
    /// Suffixes of 64-bit integer literals: signed, unsigned (`ll`, `ull` in CUDA).
    pub i64_suffix: &'static str,
    pub u64_suffix: &'static str,
}

/// Float literals use Rust's shortest round-trip form, so the value survives bit for bit;
/// non-finite values have no literal and are spelled as bit casts.
fn float_literal(v: f64, s: Scalar, sp: &LiteralSpelling) -> (String, u8) {
    if s == Scalar::F64 {
        if !v.is_finite() {
            return ((sp.f64_bits)(v.to_bits()), P_POSTFIX);
        }
        return sign_prec(plain_float(format!("{v:?}")));
    }
    let f = v as f32;
    let text = if f.is_finite() { format!("{}f", plain_float(format!("{f:?}"))) } else { (sp.f32_bits)(f.to_bits()) };
    if s == Scalar::F16 {
        return ((sp.half)(text), P_POSTFIX);
    }
    sign_prec(text)
}

fn plain_float(s: String) -> String {
    if s.contains('.') || s.contains("inf") || s.contains("NaN") {
        return s;
    }
    match s.split_once('e') {
        Some((m, e)) => format!("{m}.0e{e}"),
        None => format!("{s}.0"),
    }
}

fn sign_prec(s: String) -> (String, u8) {
    let p = if s.starts_with('-') { P_PREFIX } else { P_POSTFIX };
    (s, p)
}

pub fn scalar_literal(v: &ConstValue, s: Scalar, sp: &LiteralSpelling) -> (String, u8) {
    let as_f64 = |v: &ConstValue| match *v {
        ConstValue::Float(f) => f,
        ConstValue::Int(i) => i as f64,
        ConstValue::Uint(u) => u as f64,
        ConstValue::Bool(b) => b as u8 as f64,
        ConstValue::Composite(_) => 0.0,
    };
    let as_i128 = |v: &ConstValue| -> i128 {
        match *v {
            ConstValue::Float(f) => f as i128,
            ConstValue::Int(i) => i as i128,
            ConstValue::Uint(u) => u as i128,
            ConstValue::Bool(b) => b as i128,
            ConstValue::Composite(_) => 0,
        }
    };
    match s {
        Scalar::Bool => (v.as_bool().unwrap_or(false).to_string(), P_POSTFIX),
        Scalar::F16 | Scalar::F32 | Scalar::F64 => float_literal(as_f64(v), s, sp),
        Scalar::I32 => {
            let i = as_i128(v) as i32;
            if i == i32::MIN {
                ("(-2147483647 - 1)".to_string(), P_POSTFIX)
            } else {
                sign_prec(i.to_string())
            }
        }
        Scalar::U32 => (format!("{}u", as_i128(v) as u32), P_POSTFIX),
        Scalar::I64 => {
            let i = as_i128(v) as i64;
            if i == i64::MIN {
                (format!("(-9223372036854775807{0} - 1{0})", sp.i64_suffix), P_ADD)
            } else {
                sign_prec(format!("{i}{}", sp.i64_suffix))
            }
        }
        Scalar::U64 => (format!("{}{}", as_i128(v) as u64, sp.u64_suffix), P_POSTFIX),
        Scalar::I16 => (format!("(short){}", as_i128(v) as i16), P_PREFIX),
        Scalar::U16 => (format!("(unsigned short){}u", as_i128(v) as u16), P_PREFIX),
        Scalar::I8 => (format!("(signed char){}", as_i128(v) as i8), P_PREFIX),
        Scalar::U8 => (format!("(unsigned char){}u", as_i128(v) as u8), P_PREFIX),
        // Made their bits before any target (`lower::substandard_floats`).
        Scalar::BF16 | Scalar::E4M3 | Scalar::E5M2 => scalar_literal(v, s.storage(), sp),
    }
}

/// Expands an intrinsic's template. `fill(piece, min)` writes a `$N` argument at precedence
/// `min` (`None` when the call has no such argument) or the type of `$T`/`$R`. Returns the text
/// and its precedence: a call-like expansion needs no parentheses, a list of calls is a comma
/// expression, anything else is parenthesized.
pub fn expand_template(
    text: &str,
    fill: &mut dyn FnMut(&Piece<'_>, u8) -> Option<String>,
) -> Result<(String, u8), String> {
    let pieces = parse_template(text);
    let mut out = String::new();
    for (k, p) in pieces.iter().enumerate() {
        match p {
            Piece::Text(t) => out.push_str(t),
            _ => {
                let min = if in_argument_slot(&pieces, k) { P_ASSIGN } else { P_POSTFIX };
                match fill(p, min) {
                    Some(a) => out.push_str(&a),
                    None => return Err(format!("the template names a missing argument or type ({p:?})")),
                }
            }
        }
    }
    // `wavec::f(…)` is a call: `::` is no operator to parenthesize against; `state.lane` is a
    // member access.
    let primary = |t: &str| {
        is_call_like(&t.replace("::", "_")) || t.chars().all(|c| c.is_ascii_alphanumeric() || "_.".contains(c))
    };
    // `$2 = f(…)`: an assignment of a call's result (an atomic's original value).
    let assigned = match pieces.as_slice() {
        [Piece::Arg(_), Piece::Text(t), ..] => t.strip_prefix(" = ").is_some_and(|rest| {
            let call = text.split_once(" = ").map(|(_, c)| c).unwrap_or(rest);
            primary(call) && !call.contains(" = ")
        }),
        _ => false,
    };
    if primary(&out) {
        Ok((out, P_POSTFIX))
    } else if assigned {
        Ok((out, P_ASSIGN))
    } else if text.split("), ").all(|part| is_call_like(&format!("{part})")) || is_call_like(part)) {
        Ok((out, P_COMMA))
    } else {
        Ok((format!("({out})"), P_POSTFIX))
    }
}

/// `l op r` at C's precedence (the operands through `sub`, which parenthesizes below `min`),
/// with an operand parenthesized where C's reading would surprise a reader ([`clarify`]):
/// the text and its precedence.
pub fn infix(
    f: &Function,
    op: BinaryOp,
    l: ExprId,
    r: ExprId,
    sub: &mut dyn FnMut(ExprId, u8) -> String,
) -> (String, u8) {
    let p = binary_prec(op);
    let mut operand = |e: ExprId, min: u8| {
        let forced = matches!(f.exprs[e].kind, ExprKind::Binary(c, ..) if clarify(op, c));
        let s = sub(e, min);
        if forced && !s.starts_with('(') {
            format!("({s})")
        } else {
            s
        }
    };
    let ls = operand(l, p);
    let rs = operand(r, p + 1);
    (format!("{ls} {} {rs}", op.symbol()), p)
}

/// What a buffer holding C-family structs cannot lay out as HLSL does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutProblem {
    /// C's `bool` is one byte, HLSL's four.
    Bool,
}

/// Every place in `ty` (a buffer's element, or a member) that C structs cannot lay out.
pub fn layout_problems(module: &Module, ty: &Type, span: Span, found: &mut Vec<(LayoutProblem, Span)>) {
    match ty {
        Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) | Type::Matrix(Scalar::Bool, ..) => {
            found.push((LayoutProblem::Bool, span))
        }
        Type::Array(e, _) => layout_problems(module, e, span, found),
        Type::Struct(h) => {
            for f in &module.structs[*h].fields {
                layout_problems(module, &f.ty, f.span, found);
            }
        }
        _ => {}
    }
}

/// What a C-family backend's file says around its kernels.
pub struct KernelFile<'s> {
    /// `CUDA`, `Metal`: in the refusal of other stages.
    pub target: &'s str,
    /// The code refusing a non-compute entry point.
    pub refusal: &'static str,
    /// `launched with blocks`, `dispatched with threadgroups`.
    pub launch: &'s str,
    /// Lines after the first comment line: the argument note, includes.
    pub intro: &'s str,
    pub prelude: &'s str,
}

/// Writes one entry point's kernel and what it reaches, from its module as lowered for it.
pub type WriteKernel<'w> = dyn FnMut(&Module, usize) -> Result<String, Vec<crate::diag::Diagnostic>> + 'w;

/// One file with a kernel per entry point, each written by `write_one` from its module as
/// lowered for it (the group wave fallback and virtual waves depend on the entry point): the
/// prelude once, then each kernel with the functions, structs and state it reaches. With
/// several, each kernel's part is a namespace of its own (`wavec_entry_NAME`), so two parts
/// may hold functions of one name lowered two ways; the kernels keep their names.
pub fn write_kernels(
    units: &[(&Module, usize)],
    file: &KernelFile<'_>,
    write_one: &mut WriteKernel<'_>,
) -> Result<String, Vec<crate::diag::Diagnostic>> {
    use crate::diag::Diagnostic;
    let mut parts = Vec::new();
    let mut errors = Vec::new();
    for &(module, entry) in units {
        let Some(ep) = module.entry_points.get(entry) else {
            return Err(vec![Diagnostic::error("E0699", format!("internal error: no entry point #{entry}"))]);
        };
        if ep.stage != Stage::Compute {
            let msg = format!("{} code generation for {} shaders is not supported", file.target, ep.stage.name());
            errors.push(Diagnostic::error(file.refusal, msg).with_label(ep.span, "this entry point"));
            continue;
        }
        let [x, y, z] = ep.numthreads.unwrap_or([1, 1, 1]);
        match write_one(module, entry) {
            Ok(body) => parts.push((ep.name.clone(), format!("{x}x{y}x{z}"), body)),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (launch, groups) = file.launch.rsplit_once(' ').unwrap_or((file.launch, ""));
    let header = match parts.as_slice() {
        [(name, size, _)] => {
            format!("// Generated by wavec: entry point `{name}`, {launch} {groups} of {size} threads.\n")
        }
        _ => {
            let each: Vec<String> =
                parts.iter().map(|(n, size, _)| format!("`{n}` ({groups} of {size} threads)")).collect();
            format!("// Generated by wavec: one kernel per entry point: {}.\n", each.join(", "))
        }
    };
    let mut out = format!("{header}{}\n{}", file.intro, file.prelude);
    for (name, _, body) in &parts {
        out.push('\n');
        if parts.len() == 1 {
            out.push_str(body);
        } else {
            let ns = format!("wavec_entry_{name}");
            out.push_str(&format!("namespace {ns} {{\n\n{body}\n}} // namespace {ns}\n"));
        }
    }
    Ok(out)
}
