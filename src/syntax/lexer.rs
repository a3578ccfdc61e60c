//! Runs the logos lexer over one file and attaches global spans.

use crate::span::{FileId, SourceMap, Span};
use crate::syntax::token::Token;
use logos::Logos;

#[derive(Clone, Debug, PartialEq)]
pub struct SpannedToken {
    pub token: Token,
    pub span: Span,
}

/// All tokens of a file, `Newline`s included (the preprocessor needs them). Bytes no token
/// matches become `Token::Error` so the parser can recover past them.
pub fn lex(sources: &SourceMap, file: FileId) -> Vec<SpannedToken> {
    let f = sources.file(file);
    lex_str(&f.text, f.base)
}

/// Lexes `text` whose first byte sits at global position `base`.
pub fn lex_str(text: &str, base: u32) -> Vec<SpannedToken> {
    // Shader source runs at four to six bytes a token. Reserving for three costs address space
    // only (pages are touched as tokens are written), where an estimate that falls short
    // copies the whole list and abandons the first buffer.
    let mut out = Vec::with_capacity(text.len() / 3 + 16);
    let mut lexer = Token::lexer(text);
    while let Some(result) = lexer.next() {
        let range = lexer.span();
        let span = Span::new(base + range.start as u32, base + range.end as u32);
        let token = match result {
            Ok(t) => t,
            Err(_) => Token::Error(text[range.clone()].chars().next().unwrap_or('?')),
        };
        out.push(SpannedToken { token, span });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::token::{FloatLit, IntLit};

    fn kinds(s: &str) -> Vec<Token> {
        lex_str(s, 1).into_iter().map(|t| t.token).collect()
    }

    #[test]
    fn literals_and_operators() {
        let t = kinds("x <<= 0x1Fu + 1.5f // c\n/* b */ 2.");
        assert_eq!(t[0], Token::Ident("x".into()));
        assert_eq!(t[1], Token::ShlAssign);
        assert_eq!(t[2], Token::IntLit(IntLit { value: 31, unsigned: true, long: false, radix: 16 }));
        assert_eq!(t[4], Token::FloatLit(FloatLit { value: 1.5, suffix: Some('f') }));
        assert_eq!(t[5], Token::Newline);
        assert_eq!(t[6], Token::FloatLit(FloatLit { value: 2.0, suffix: None }));
    }

    #[test]
    fn unknown_bytes_become_error_tokens() {
        assert_eq!(kinds("a $ b")[1], Token::Error('$'));
        assert_eq!(kinds("a \\\n b").len(), 2);
    }
}
