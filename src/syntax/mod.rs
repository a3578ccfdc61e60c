//! Source text to syntax tree: lexer (logos), preprocessor, type-name classification and the
//! LALRPOP parser. This is the only module that knows logos and LALRPOP.

pub mod ast;
pub mod lexer;
pub mod token;

use crate::diag::Diagnostic;
use crate::span::SourceMap;

/// Parses one file without preprocessing (stdlib and tests).
pub fn parse_str(sources: &mut SourceMap, name: &str, text: &str) -> (ast::TranslationUnit, Vec<Diagnostic>) {
    let _ = sources.add(name, text);
    (ast::TranslationUnit::default(), Vec::new())
}
