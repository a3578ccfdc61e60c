//! HLSL 2021's bit fields (`uint flags : 3;`), rewritten before sema into what the rest of the
//! compiler already knows: consecutive bit fields of one integer type share a storage field of
//! that width (a new one starts where the next field does not fit or the type changes, as DXC
//! lays them out), and each bit field becomes a property of the struct whose accessors shift
//! and mask that storage. Reads, assignments, compound assignments and `++` of a bit field then
//! go through sema's property machinery, and every target and the CPU engine get them at once.
//! The accessors are written as source text, added to the source map as a file of their own
//! (so a diagnostic inside one points somewhere real), and parsed.

use super::ast::{self, Annotation, Item, StructMember};
use crate::diag::Diagnostic;
use crate::span::{SourceMap, Span};
use std::fmt::Write as _;

/// Rewrites the bit fields of every struct in `item` (nested structs and namespaces too).
pub fn lower_item(item: &mut Item, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>) {
    match item {
        Item::Struct(s) => lower_struct(s, sources, diags),
        Item::Namespace(_, items, _) => items.iter_mut().for_each(|i| lower_item(i, sources, diags)),
        _ => {}
    }
}

/// One integer width bit fields may have: the storage's type, its bits, the signed type of the
/// same width (for sign extension).
#[derive(Clone, Copy)]
struct Width {
    storage: &'static str,
    signed: &'static str,
    bits: u32,
}

/// The width of a bit field declared with `ty`, and whether it is signed; `None` for a type that
/// cannot hold bit fields.
fn width_of(ty: &ast::TypeExpr) -> Option<(Width, bool)> {
    let w32 = Width { storage: "uint", signed: "int", bits: 32 };
    let w16 = Width { storage: "uint16_t", signed: "int16_t", bits: 16 };
    let w64 = Width { storage: "uint64_t", signed: "int64_t", bits: 64 };
    Some(match ty.name() {
        "uint" | "uint32_t" | "dword" | "min16uint" => (w32, false),
        "int" | "int32_t" | "min16int" | "min12int" => (w32, true),
        "uint16_t" => (w16, false),
        "int16_t" => (w16, true),
        "uint64_t" => (w64, false),
        "int64_t" => (w64, true),
        _ => return None,
    })
}

/// A bit field as declared.
struct BitField {
    name: ast::Ident,
    ty: String,
    signed: bool,
    /// Its storage field's width.
    unit: Width,
    width: u32,
    /// Its storage field and its lowest bit there.
    storage: usize,
    offset: u32,
}

fn lower_struct(s: &mut ast::StructDecl, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>) {
    for m in &mut s.members {
        if let StructMember::Struct(inner) = m {
            lower_struct(inner, sources, diags);
        }
    }
    let has_bit_fields = s.members.iter().any(|m| match m {
        StructMember::Fields(g) => g.decls.iter().any(|d| bit_width(d).is_some()),
        _ => false,
    });
    if !has_bit_fields {
        return;
    }
    let mut members = Vec::new();
    let mut fields: Vec<BitField> = Vec::new();
    // The storage field being filled, if the last field was a bit field: its width and
    // signedness (a change of either starts a new one, as in DXC), bits used and index.
    let mut open: Option<(&'static str, bool, u32, u32)> = None;
    let mut storages = 0usize;
    for m in std::mem::take(&mut s.members) {
        let StructMember::Fields(mut g) = m else {
            open = None;
            members.push(m);
            continue;
        };
        let mut plain = Vec::new();
        for d in std::mem::take(&mut g.decls) {
            let Some((width, span)) = bit_width(&d) else {
                open = None;
                plain.push(d);
                continue;
            };
            let Some((w, signed)) = width_of(&g.ty) else {
                diags.push(
                    Diagnostic::error("E0204", format!("a bit field of `{}`", g.ty.name()))
                        .with_label(g.ty.span, "not an integer type of 16, 32 or 64 bits")
                        .with_note("bit fields are `int`, `uint`, `int16_t`, `uint16_t`, `int64_t` or `uint64_t`"),
                );
                continue;
            };
            if width == 0 || width > w.bits || !d.array_dims.is_empty() || d.init.is_some() {
                let why = if width == 0 || width > w.bits {
                    format!("a `{}` bit field holds 1 to {} bits", g.ty.name(), w.bits)
                } else {
                    "a bit field is one value, with no array size or default".to_string()
                };
                diags.push(Diagnostic::error("E0204", why).with_label(span, "here"));
                continue;
            }
            // A field holds bit fields of its own type while they fit, as DXC packs them.
            let (storage, offset) = match open {
                Some((ty, sign, used, index)) if ty == w.storage && sign == signed && used + width <= w.bits => {
                    (index as usize, used)
                }
                _ => {
                    if !plain.is_empty() {
                        members.push(StructMember::Fields(ast::VarDeclGroup {
                            decls: std::mem::take(&mut plain),
                            ..g.clone()
                        }));
                    }
                    members.push(StructMember::Fields(storage_field(w.storage, storages, span)));
                    storages += 1;
                    (storages - 1, 0)
                }
            };
            open = Some((w.storage, signed, offset + width, storage as u32));
            fields.push(BitField {
                name: d.name.clone(),
                ty: g.ty.name().to_string(),
                signed,
                unit: w,
                width,
                storage,
                offset,
            });
        }
        if !plain.is_empty() {
            g.decls = plain;
            members.push(StructMember::Fields(g));
        }
    }
    let text = accessors(&fields);
    let file = sources.add(format!("<bit fields of `{}`>", s.name.name), text);
    let mut tokens = super::lexer::lex(sources, file);
    tokens.retain(|t| t.token != super::token::Token::Newline);
    super::classify::classify(&mut tokens);
    let (unit, errors) = super::parser::parse(tokens);
    diags.extend(errors);
    for item in unit.items {
        if let Item::Struct(generated) = item {
            members.extend(generated.members);
        }
    }
    s.members = members;
}

/// The width written after a field's name (`flags : 3`), and where.
fn bit_width(d: &ast::VarDecl) -> Option<(u32, Span)> {
    d.annotations.iter().find_map(|a| match a {
        Annotation::BitWidth { bits, span } => Some((*bits, *span)),
        _ => None,
    })
}

/// How a storage field's name starts: sema knows a struct with bit fields by it.
pub const STORAGE_PREFIX: &str = "wavec_bits";

fn storage_name(index: usize) -> String {
    format!("{STORAGE_PREFIX}{index}")
}

fn storage_field(ty: &str, index: usize, span: Span) -> ast::VarDeclGroup {
    ast::VarDeclGroup {
        attrs: Vec::new(),
        modifiers: ast::Modifiers::default(),
        ty: ast::TypeExpr { kind: ast::TypeExprKind::Named { name: ty.to_string(), args: Vec::new() }, span },
        decls: vec![ast::VarDecl {
            name: ast::Ident { name: storage_name(index), span },
            array_dims: Vec::new(),
            annotations: Vec::new(),
            init: None,
            span,
        }],
        span,
    }
}

/// Each bit field's property, as source text inside a struct of its own.
fn accessors(fields: &[BitField]) -> String {
    let mut text = String::from("struct wavec_bit_fields {\n");
    for f in fields {
        let (w, storage) = (f.unit, f.unit.storage);
        let bits = storage_name(f.storage);
        let mask = if f.width == 64 { u64::MAX } else { (1u64 << f.width) - 1 };
        let mask = format!("{storage}(0x{mask:X}ull)");
        let read = if f.signed {
            // Up to the top, then an arithmetic shift down: the field's top bit is its sign.
            format!(
                "{}({}({bits} << {storage}({})) >> {}({}))",
                f.ty,
                w.signed,
                w.bits - f.offset - f.width,
                w.signed,
                w.bits - f.width
            )
        } else {
            format!("{}(({bits} >> {storage}({})) & {mask})", f.ty, f.offset)
        };
        let _ = writeln!(
            text,
            "    property {ty} {name} {{\n        get {{ return {read}; }}\n        \
             set({ty} value) {{ {bits} = ({bits} & ~({mask} << {storage}({off}))) | \
             (({storage}(value) & {mask}) << {storage}({off})); }}\n    }}",
            ty = f.ty,
            name = f.name.name,
            off = f.offset,
        );
    }
    text.push_str("}\n");
    text
}
