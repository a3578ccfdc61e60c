//! Source text to syntax tree: lexer (logos), preprocessor, type-name classification and the
//! LALRPOP parser. This is the only module that knows logos and LALRPOP.

pub mod ast;
pub mod lexer;
pub mod preprocess;
pub mod token;
