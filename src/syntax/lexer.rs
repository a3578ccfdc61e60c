//! Runs the logos lexer over one file and attaches global spans.

use crate::span::{FileId, SourceMap, Span};
use crate::syntax::token::Token;
use logos::Logos;
use std::sync::Arc;

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
    out.extend(spanned_tokens(text, base));
    out
}

/// The logos lexer over `text`, with global spans; bytes no token matches become
/// `Token::Error`.
fn spanned_tokens(text: &str, base: u32) -> impl Iterator<Item = SpannedToken> + '_ {
    let mut lexer = Token::lexer(text);
    let mut split: Vec<SpannedToken> = Vec::new();
    std::iter::from_fn(move || {
        if let Some(t) = split.pop() {
            return Some(t);
        }
        let result = lexer.next()?;
        let range = lexer.span();
        let span = |start: usize, end: usize| Span::new(base + start as u32, base + end as u32);
        let token = match result {
            Ok(Token::IntSwizzle(s)) => {
                let dot = range.start + s.find('.').unwrap_or(0);
                split.push(SpannedToken {
                    token: Token::Ident(s[dot - range.start + 1..].to_string()),
                    span: span(dot + 1, range.end),
                });
                split.push(SpannedToken { token: Token::Dot, span: span(dot, dot + 1) });
                let digits = &text[range.start..dot];
                return Some(SpannedToken {
                    token: Token::lexer(digits).next().and_then(Result::ok).unwrap_or(Token::Error('0')),
                    span: span(range.start, dot),
                });
            }
            Ok(t) => t,
            Err(_) => Token::Error(text[range.clone()].chars().next().unwrap_or('?')),
        };
        Some(SpannedToken { token, span: span(range.start, range.end) })
    })
}

/// A file's tokens, lexed a batch at a time as they are read. The preprocessor reads each
/// token of a file once, front to back, so the file's whole token list (40 bytes a token,
/// written in full and then read back) need never exist.
pub struct LexCursor {
    text: Arc<str>,
    base: u32,
    /// Where the next batch starts: a token boundary, and a lexer restarted at a token
    /// boundary finds exactly the tokens a single run over the file would.
    offset: usize,
    batch: std::vec::IntoIter<SpannedToken>,
}

impl LexCursor {
    const BATCH: usize = 512;

    /// A cursor at the start of `text`, whose first byte sits at global position `base`.
    pub fn new(text: Arc<str>, base: u32) -> LexCursor {
        LexCursor { text, base, offset: 0, batch: Vec::new().into_iter() }
    }

    pub fn of_file(sources: &SourceMap, file: FileId) -> LexCursor {
        let f = sources.file(file);
        LexCursor::new(f.text.clone(), f.base)
    }

    /// The next token, taken, unless `keep` refuses it (then it stays next).
    pub fn next_if(&mut self, keep: impl FnOnce(&SpannedToken) -> bool) -> Option<SpannedToken> {
        if self.batch.as_slice().is_empty() {
            self.refill();
        }
        if keep(self.batch.as_slice().first()?) {
            self.batch.next()
        } else {
            None
        }
    }

    fn refill(&mut self) {
        let mut batch = Vec::with_capacity(Self::BATCH);
        batch.extend(spanned_tokens(&self.text[self.offset..], self.base + self.offset as u32).take(Self::BATCH));
        if let Some(last) = batch.last() {
            self.offset = (last.span.end - self.base) as usize;
        }
        self.batch = batch.into_iter();
    }
}

impl Iterator for LexCursor {
    type Item = SpannedToken;
    fn next(&mut self) -> Option<SpannedToken> {
        self.next_if(|_| true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::token::{FloatLit, IntLit};

    /// The cursor restarts the lexer at every batch boundary; it must find the very tokens,
    /// spans included, that one run over the whole text does.
    #[test]
    fn cursor_matches_one_run_across_batches() {
        let mut text = String::new();
        for i in 0..400 {
            text.push_str(&format!(
                "#define M{i}(a) ((a) << {i}u)\nfloat f{i} = 1.5e-3f * x /* é {i} */ + M{i}(y);// ü\n\t$ 0x{i:X}u \"s{i}\"\n"
            ));
        }
        let whole = lex_str(&text, 7);
        assert!(whole.len() > 5 * LexCursor::BATCH, "the text must span several batches");
        let streamed: Vec<SpannedToken> = LexCursor::new(text.as_str().into(), 7).collect();
        assert_eq!(streamed, whole);
        let mut cursor = LexCursor::new("a b".into(), 0);
        assert!(cursor.next_if(|t| t.token == Token::Semi).is_none(), "a refused token stays");
        assert_eq!(cursor.map(|t| t.token).collect::<Vec<_>>(), kinds("a b"));
    }

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
    fn hexadecimal_floats_scale_by_powers_of_two() {
        let float = |s: &str| match kinds(s).as_slice() {
            [Token::FloatLit(f)] => (f.value, f.suffix),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(float("0x1.0p-24f"), (1.0 / 16777216.0, Some('f')));
        assert_eq!(float("0x1.8p1"), (3.0, None));
        assert_eq!(float("0X.8P+2"), (2.0, None));
        assert_eq!(float("0xAp0h"), (10.0, Some('h')));
        assert_eq!(float("0x1.fffffep127f"), (f32::MAX as f64, Some('f')));
        // Without the binary exponent it stays a hexadecimal integer.
        assert!(matches!(kinds("0x1A")[..], [Token::IntLit(IntLit { value: 26, .. })]));
    }

    #[test]
    fn unknown_bytes_become_error_tokens() {
        assert_eq!(kinds("a $ b")[1], Token::Error('$'));
        assert_eq!(kinds("a \\\n b").len(), 2);
    }
}
