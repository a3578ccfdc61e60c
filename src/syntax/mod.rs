//! Source text to syntax tree: lexer (logos), preprocessor, type-name classification and the
//! LALRPOP parser. This is the only module that knows logos and LALRPOP.

pub mod ast;
pub mod bitfields;
pub mod classify;
pub mod lexer;
pub mod parser;
pub mod preprocess;
pub mod prototype;
pub mod spirv_asm;
pub mod token;

pub use parser::parse;

use crate::diag::Diagnostic;
use crate::span::SourceMap;

/// Adds `text` as a file, lexes and parses it without preprocessing (`#` lines are syntax
/// errors here). For tests and tools; compilations go through the preprocessor.
pub fn parse_str(sources: &mut SourceMap, name: &str, text: &str) -> (ast::TranslationUnit, Vec<Diagnostic>) {
    let file = sources.add(name, text);
    let mut tokens = lexer::lex(sources, file);
    tokens.retain(|t| t.token != token::Token::Newline);
    parse(tokens)
}

/// The items of `unit` reordered for Slang's order-free declarations: the types (structs,
/// interfaces, enums, typedefs, in their order), the generic functions, a prototype of each
/// other function defined, then the rest in order. Only a program that fails to check in source order is checked so.
pub fn declarations_first(unit: ast::TranslationUnit) -> ast::TranslationUnit {
    use ast::Item;
    let is_type = |i: &Item| {
        matches!(
            i,
            Item::Struct(_)
                | Item::Interface(_)
                | Item::Enum(_)
                | Item::Typedef(_)
                | Item::ForwardStruct(..)
                | Item::Specialization(..)
                | Item::PartialSpecialization(..)
                | Item::ForwardGenericStruct(..)
        )
    };
    // Generic functions are checked per instance, when called: they come whole.
    let is_generic = |i: &Item| matches!(i, Item::Function(f) if !f.generics.is_empty());
    let (types, rest): (Vec<Item>, Vec<Item>) = unit.items.into_iter().partition(is_type);
    let types = uses_after_declarations(types);
    let (generics, rest): (Vec<Item>, Vec<Item>) = rest.into_iter().partition(is_generic);
    let prototypes = rest.iter().filter_map(|i| match i {
        Item::Function(f) if f.body.is_some() && f.generics.is_empty() && !f.name.name.contains("::") => {
            Some(Item::Function(ast::FunctionDecl { body: None, ..f.clone() }))
        }
        _ => None,
    });
    let prototypes: Vec<Item> = prototypes.collect();
    let items = types.into_iter().chain(generics).chain(prototypes).chain(rest).collect();
    ast::TranslationUnit { items }
}

/// Type declarations reordered so that each comes after the ones its fields, bases and aliased
/// type name (a struct holding a struct declared below it), keeping the written order
/// otherwise; a cycle keeps its written order.
fn uses_after_declarations(types: Vec<ast::Item>) -> Vec<ast::Item> {
    use ast::Item;
    let declared = |i: &Item| match i {
        Item::Struct(s) | Item::Interface(s) => Some(s.name.name.clone()),
        Item::Typedef(t) => Some(t.name.name.clone()),
        Item::Enum(e) => Some(e.name.name.clone()),
        _ => None,
    };
    let uses = |i: &Item| {
        let mut names = Vec::new();
        match i {
            Item::Struct(s) | Item::Interface(s) => {
                s.bases.iter().for_each(|b| named_types(b, &mut names));
                for m in &s.members {
                    if let ast::StructMember::Fields(g) = m {
                        named_types(&g.ty, &mut names);
                    }
                }
            }
            Item::Typedef(t) => named_types(&t.ty, &mut names),
            _ => {}
        }
        names
    };
    let names: Vec<Option<String>> = types.iter().map(declared).collect();
    let wants: Vec<Vec<usize>> = types
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let used = uses(item);
            (0..types.len()).filter(|&j| j != i && names[j].as_ref().is_some_and(|n| used.contains(n))).collect()
        })
        .collect();
    let mut placed = vec![false; types.len()];
    let mut order = Vec::with_capacity(types.len());
    while order.len() < types.len() {
        // The first in written order whose uses are placed; on a cycle, the first unplaced.
        let next = (0..types.len())
            .find(|&i| !placed[i] && wants[i].iter().all(|&j| placed[j]))
            .or_else(|| (0..types.len()).find(|&i| !placed[i]))
            .expect("an unplaced item");
        placed[next] = true;
        order.push(next);
    }
    let mut items: Vec<Option<ast::Item>> = types.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| items[i].take()).collect()
}

/// Every type name `t` mentions, its generic arguments' too.
fn named_types(t: &ast::TypeExpr, out: &mut Vec<String>) {
    match &t.kind {
        ast::TypeExprKind::Named { name, args } => {
            out.push(name.clone());
            for a in args {
                if let ast::GenericArg::Type(t) = a {
                    named_types(t, out);
                }
            }
        }
        ast::TypeExprKind::Array { elem, .. } => named_types(elem, out),
        _ => {}
    }
}
