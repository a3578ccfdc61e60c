//! Source text to syntax tree: lexer (logos), preprocessor, type-name classification and the
//! LALRPOP parser. This is the only module that knows logos and LALRPOP.

pub mod ast;
pub mod classify;
pub mod lexer;
pub mod parser;
pub mod preprocess;
pub mod prototype;
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
        matches!(i, Item::Struct(_) | Item::Interface(_) | Item::Enum(_) | Item::Typedef(_) | Item::ForwardStruct(..))
    };
    // Generic functions are checked per instance, when called: they come whole.
    let is_generic = |i: &Item| matches!(i, Item::Function(f) if !f.generics.is_empty());
    let (types, rest): (Vec<Item>, Vec<Item>) = unit.items.into_iter().partition(is_type);
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
