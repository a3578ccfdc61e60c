//! The values of Slang's `TEST_INPUT: set X = …` lines that are not raw buffers: `new
//! StructuredBuffer<IFoo>{new Impl{1}, …}`, `new Impl{…}` for a value of interface type,
//! `new{ field: … }` for a constant buffer, `{…}` aggregates and `[…]` arrays, as Slang's
//! `render-test` reads and binds them (`tools/render-test/shader-input-layout.cpp`).
//!
//! An object of a concrete type stored where an interface-typed value goes is written as
//! `slang-rhi` writes it (`ShaderObject::setObject`): the existential's header (a zero RTTI
//! word pair, then the type id and a zero word) and the object's fields in the payload, at the
//! offsets [`crate::layout::any_value_leaves`] gives them. Numbers are taken as `render-test`
//! takes them: an integer literal is an integer, anything else a float, each converted to the
//! type of the field it fills.

use crate::ir::{Majorness, Module, ResourceKind, Scalar, Type};
use crate::layout::{self, Rule, Step};

/// A value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    /// `{a, name: b}`.
    Aggregate(Vec<(Option<String>, Value)>),
    /// `[a, b]`.
    Array(Vec<Value>),
    /// `new T{…}` (`T` may be absent, and may be a buffer type: `new StructuredBuffer<T>[…]`).
    Object(Option<String>, Box<Value>),
    /// A buffer or texture inside a value, `[out] KIND(OPTIONS)` (a parameter block's
    /// resources), bound as its own input line would bind it.
    Resource {
        out: bool,
        kind: String,
        options: String,
    },
}

/// Reads the value at the start of `text`; the rest must be blank.
pub fn parse(text: &str) -> Result<Value, String> {
    let tokens = tokenize(text)?;
    let mut p = Parser { tokens, at: 0 };
    let v = p.value()?;
    if p.at < p.tokens.len() {
        return Err(format!("unexpected `{}` after the value", p.tokens[p.at]));
    }
    Ok(v)
}

/// Whether a `set` line's value is one of these (not a `ubuffer(…)` or other input kind).
pub fn is_value(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{')
        || t.starts_with('[')
        || t.strip_prefix("new").is_some_and(|r| !r.starts_with(char::is_alphanumeric) || r.starts_with(' '))
}

fn tokenize(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if "{}[](),:=;".contains(c) {
            out.push(c.to_string());
            i += 1;
        } else if c.is_ascii_digit() || c == '-' || c == '.' {
            let start = i;
            i += 1;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '.'
                    || (chars[i] == '-' && matches!(chars[i - 1], 'e' | 'E')))
            {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c.is_alphabetic() || c == '_' {
            // A name, with a type's generic arguments (`StructuredBuffer<IFoo<float> >`).
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                let d = chars[i];
                if d == '<' {
                    depth += 1;
                } else if d == '>' && depth > 0 {
                    depth -= 1;
                } else if !(d.is_alphanumeric() || d == '_' || d == '.' || (depth > 0 && (d == ',' || d == ' '))) {
                    break;
                }
                i += 1;
            }
            let name: String = chars[start..i].iter().filter(|c| !c.is_whitespace()).collect();
            // `ubuffer(data=[1 2], stride=4)`: a resource's options, kept as written.
            let mut open = i;
            while open < chars.len() && chars[open].is_whitespace() {
                open += 1;
            }
            if chars.get(open) == Some(&'(') {
                let mut depth = 0;
                let mut close = None;
                for (j, &d) in chars.iter().enumerate().skip(open) {
                    match d {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                close = Some(j);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let close = close.ok_or_else(|| format!("`{name}(` without its `)`"))?;
                out.push(format!("{name}({})", chars[open + 1..close].iter().collect::<String>()));
                i = close + 1;
                continue;
            }
            out.push(name);
        } else {
            return Err(format!("unexpected `{c}`"));
        }
    }
    while out.last().is_some_and(|t| t == ";") {
        out.pop();
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<String>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn next(&mut self) -> Result<String, String> {
        let t = self.tokens.get(self.at).cloned().ok_or("the value ends early")?;
        self.at += 1;
        Ok(t)
    }

    fn expect(&mut self, t: &str) -> Result<(), String> {
        let got = self.next()?;
        if got != t {
            return Err(format!("expected `{t}`, found `{got}`"));
        }
        Ok(())
    }

    fn value(&mut self) -> Result<Value, String> {
        let t = self.next()?;
        match t.as_str() {
            "{" => {
                let mut fields = Vec::new();
                while self.peek() != Some("}") {
                    let named = self.tokens.get(self.at + 1).map(String::as_str) == Some(":");
                    let name = if named {
                        let n = self.next()?;
                        self.next()?;
                        Some(n)
                    } else {
                        None
                    };
                    fields.push((name, self.value()?));
                    if self.peek() == Some(",") {
                        self.next()?;
                    } else {
                        break;
                    }
                }
                self.expect("}")?;
                Ok(Value::Aggregate(fields))
            }
            "[" => {
                let mut items = Vec::new();
                while self.peek() != Some("]") {
                    items.push(self.value()?);
                    if self.peek() == Some(",") {
                        self.next()?;
                    } else {
                        break;
                    }
                }
                self.expect("]")?;
                Ok(Value::Array(items))
            }
            "new" => {
                let ty = match self.peek() {
                    Some(n) if n.starts_with(|c: char| c.is_alphabetic() || c == '_') => Some(self.next()?),
                    _ => None,
                };
                Ok(Value::Object(ty, Box::new(self.value()?)))
            }
            n if n.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') => number(n),
            "out" if self.peek().is_some_and(|n| n.ends_with(')')) => match self.value()? {
                Value::Resource { kind, options, .. } => Ok(Value::Resource { out: true, kind, options }),
                _ => Err("`out` names a resource: `out ubuffer(…)`".into()),
            },
            resource if resource.ends_with(')') => {
                let (kind, options) = resource.split_once('(').expect("a resource token has its `(`");
                let options = options.strip_suffix(')').unwrap_or(options).to_string();
                Ok(Value::Resource { out: false, kind: kind.to_string(), options })
            }
            // A resource without options (`Sampler`).
            other if super::slang_textures::is_resource(other) => {
                Ok(Value::Resource { out: false, kind: other.to_string(), options: String::new() })
            }
            other => Err(format!("unexpected `{other}` in a value")),
        }
    }
}

fn number(t: &str) -> Result<Value, String> {
    let bad = || format!("`{t}` is not a number");
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let int = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if body.chars().all(|c| c.is_ascii_digit()) {
        body.parse::<i64>().ok()
    } else {
        None
    };
    if let Some(i) = int {
        return Ok(Value::Int(if neg { -i } else { i }));
    }
    let f: f64 = body.trim_end_matches(['f', 'F', 'h', 'H']).parse().map_err(|_| bad())?;
    Ok(Value::Float(if neg { -f } else { f }))
}

/// Writes `value`, a value of `ty`, into `out` at `offset` under `rule` (bytes beyond `out`'s
/// end are added).
pub fn write(
    m: &Module,
    ty: &Type,
    majorness: Majorness,
    value: &Value,
    rule: Rule,
    offset: u32,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    if let Some(x) = m.existentials.iter().find(|x| Type::Struct(x.ty) == *ty) {
        let Value::Object(Some(name), content) = value else {
            return Err(format!("a value of interface `{}` is written `new Type{{…}}`", x.interface));
        };
        let Some((concrete, id)) = x.types.iter().find(|(t, _)| same_name(&m.type_name(t), name)) else {
            return Err(format!("`{name}` does not conform to `{}`", x.interface));
        };
        let Type::Struct(h) = ty else { unreachable!("an existential is a struct") };
        let offsets = layout::field_offsets(m, *h, rule);
        put(out, offset + offsets[1], &id.to_le_bytes());
        if let Some(payload) = offsets.get(2) {
            let leaves = layout::any_value_leaves(m, concrete, majorness)
                .map_err(|t| format!("`{}` holds a `{}`, which has no bytes", name, m.type_name(&t)))?;
            let base = offset + payload;
            for leaf in leaves.iter().filter(|l| l.offset < x.payload_bytes) {
                if let Some(v) = part(m, concrete, content, &leaf.path)? {
                    put(out, base + leaf.offset, &scalar_bytes(leaf.scalar, v));
                }
            }
        }
        return Ok(());
    }
    match (ty, value) {
        (_, Value::Object(_, content)) => write(m, ty, majorness, content, rule, offset, out),
        (Type::Struct(h), Value::Aggregate(fields)) => {
            let offsets = layout::field_offsets(m, *h, rule);
            let def = &m.structs[*h];
            for (i, (name, v)) in fields.iter().enumerate() {
                let at = match name {
                    Some(n) => def
                        .fields
                        .iter()
                        .position(|f| &f.name == n)
                        .ok_or(format!("`{}` has no field `{n}`", def.name))?,
                    None => i,
                };
                let f = def.fields.get(at).ok_or(format!("`{}` has {} fields", def.name, def.fields.len()))?;
                write(m, &f.ty, f.majorness, v, rule, offset + offsets[at], out)?;
            }
            Ok(())
        }
        (Type::Array(e, _), Value::Array(_) | Value::Aggregate(_)) => {
            let items: Vec<&Value> = match value {
                Value::Array(items) => items.iter().collect(),
                Value::Aggregate(f) => f.iter().map(|(_, v)| v).collect(),
                _ => unreachable!(),
            };
            let stride = layout::array_stride(m, e, rule, majorness);
            for (i, v) in items.into_iter().enumerate() {
                write(m, e, majorness, v, rule, offset + stride * i as u32, out)?;
            }
            Ok(())
        }
        // render-test copies a number's word to where the cursor is: a vector's first component.
        (Type::Scalar(s) | Type::Vector(s, _), Value::Int(_) | Value::Float(_)) => {
            put(out, offset, &scalar_bytes(*s, value));
            Ok(())
        }
        // `{1.0, 2.0, 3.0}` too: render-test fills an unnamed aggregate's fields by index, and
        // a vector's elements are its components.
        (Type::Vector(s, n), Value::Array(_) | Value::Aggregate(_)) => {
            let items: Vec<&Value> = match value {
                Value::Array(items) => items.iter().collect(),
                Value::Aggregate(f) if f.iter().all(|(name, _)| name.is_none()) => f.iter().map(|(_, v)| v).collect(),
                _ => return Err(format!("a `{}` takes its components by position", m.type_name(ty))),
            };
            let size = layout::scalar_size(*s);
            for (i, v) in items.into_iter().take(*n as usize).enumerate() {
                put(out, offset + size * i as u32, &scalar_bytes(*s, v));
            }
            Ok(())
        }
        _ => Err(format!("cannot write this value as a `{}`", m.type_name(ty))),
    }
}

/// The part of an aggregate value that `path` reaches in `ty` (`None`: not given).
fn part<'v>(m: &Module, ty: &Type, value: &'v Value, path: &[Step]) -> Result<Option<&'v Value>, String> {
    let Some((step, rest)) = path.split_first() else { return Ok(Some(value)) };
    let (inner, next): (Option<&Value>, Type) = match (step, ty, value) {
        (Step::Field(i), Type::Struct(h), Value::Aggregate(fields)) => {
            let def = &m.structs[*h];
            let f = &def.fields[*i as usize];
            let named = fields.iter().find(|(n, _)| n.as_deref() == Some(f.name.as_str())).map(|(_, v)| v);
            let positional = fields.get(*i as usize).filter(|(n, _)| n.is_none()).map(|(_, v)| v);
            (named.or(positional), f.ty.clone())
        }
        (Step::Field(_), _, Value::Object(_, content)) => return part(m, ty, content, path),
        (Step::Element(i), Type::Array(e, _), Value::Array(items)) => (items.get(*i as usize), (**e).clone()),
        (Step::Component(i), Type::Vector(s, _), Value::Array(items)) => (items.get(*i as usize), Type::Scalar(*s)),
        (Step::Entry(r, c), Type::Matrix(s, _, cols), Value::Array(items)) => {
            (items.get(*r as usize * *cols as usize + *c as usize), Type::Scalar(*s))
        }
        _ => return Err(format!("the value does not fit a `{}`", m.type_name(ty))),
    };
    match inner {
        Some(v) => part(m, &next, v, rest),
        None => Ok(None),
    }
}

fn put(out: &mut Vec<u8>, offset: u32, bytes: &[u8]) {
    let end = offset as usize + bytes.len();
    if out.len() < end {
        out.resize(end, 0);
    }
    out[offset as usize..end].copy_from_slice(bytes);
}

/// A number as the bytes of a scalar of type `s`.
fn scalar_bytes(s: Scalar, v: &Value) -> Vec<u8> {
    let (i, f) = match v {
        Value::Int(i) => (*i, *i as f64),
        Value::Float(f) => (*f as i64, *f),
        _ => (0, 0.0),
    };
    // `render-test` keeps a float literal's bits in an integer slot.
    let i = if matches!(v, Value::Float(_)) && !s.is_float() { (f as f32).to_bits() as i64 } else { i };
    // and an integer literal's bits in a float slot (`v = 0x4500` is a `half` 5.0): it copies
    // the literal's 32-bit word into the slot as it is.
    if let (Value::Int(i), Scalar::F32 | Scalar::F16) = (v, s) {
        return (*i as u32).to_le_bytes()[..(s.bits() / 8) as usize].to_vec();
    }
    match s {
        Scalar::F32 => (f as f32).to_bits().to_le_bytes().to_vec(),
        Scalar::F64 => f.to_bits().to_le_bytes().to_vec(),
        Scalar::F16 => (crate::exec::ops::f32_to_f16(f as f32) as u16).to_le_bytes().to_vec(),
        Scalar::Bool => ((i != 0) as u32).to_le_bytes().to_vec(),
        s => i.to_le_bytes()[..(s.bits() / 8) as usize].to_vec(),
    }
}

/// Whether a type named `a` in the module is the one `b` names in a test (`Impl<float>` is
/// the module's `Impl_float`).
pub fn same_name(a: &str, b: &str) -> bool {
    let word = |s: &str| {
        let mut out = String::new();
        for c in s.chars() {
            if c.is_ascii_alphanumeric() {
                out.push(c);
            } else if !out.ends_with('_') {
                out.push('_');
            }
        }
        out.trim_matches('_').to_string()
    };
    word(a) == word(b)
}

/// The elements of a `new StructuredBuffer<T>{…}` / `[…]` value, for a buffer of `T`.
pub fn buffer_elements(value: &Value) -> Option<Vec<&Value>> {
    let inner = match value {
        Value::Object(Some(t), content) if t.contains("Buffer") => content.as_ref(),
        Value::Object(None, content) => content.as_ref(),
        other => other,
    };
    match inner {
        Value::Array(items) => Some(items.iter().collect()),
        Value::Aggregate(fields) if fields.iter().all(|(n, _)| n.is_none()) => {
            Some(fields.iter().map(|(_, v)| v).collect())
        }
        _ => None,
    }
}

/// The kind of the first resource written inside `value` (`ubuffer` in `{ubuffer(…)}`).
pub fn resource_inside(value: &Value) -> Option<&str> {
    match value {
        Value::Resource { kind, .. } => Some(kind),
        Value::Object(_, inner) => resource_inside(inner),
        Value::Aggregate(fields) => fields.iter().find_map(|(_, v)| resource_inside(v)),
        Value::Array(items) => items.iter().find_map(resource_inside),
        Value::Int(_) | Value::Float(_) => None,
    }
}

/// Whether `kind` is a buffer whose elements a list of values fills.
pub fn is_element_buffer(kind: ResourceKind) -> bool {
    matches!(
        kind,
        ResourceKind::StructuredBuffer
            | ResourceKind::RWStructuredBuffer
            | ResourceKind::AppendStructuredBuffer
            | ResourceKind::ConsumeStructuredBuffer
    )
}
