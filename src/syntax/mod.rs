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
