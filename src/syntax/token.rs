//! Tokens of the HLSL/Slang dialect.
//!
//! One lexer serves both the preprocessor and the parser: the preprocessor needs `#`, `##` and
//! line ends, the parser never sees them. Identifiers that name types are re-tagged as
//! [`Token::TypeName`] after preprocessing (see `classify.rs`), because an LR(1) grammar cannot
//! otherwise tell `(T)x` or `a<b> c;` apart from expressions.

use logos::Logos;
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LexError;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntLit {
    pub value: u64,
    /// `u`/`U` suffix.
    pub unsigned: bool,
    /// `l`/`L`/`ll` suffix: 64-bit.
    pub long: bool,
    /// Written in hex, octal or binary (such literals are unsigned if they do not fit `int`).
    pub radix: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatLit {
    pub value: f64,
    /// The suffix letter, lowercased: `f`, `h`, `l` (double) or none.
    pub suffix: Option<char>,
}

fn parse_int(s: &str) -> Option<IntLit> {
    let lower = s.to_ascii_lowercase();
    let digits_end = lower.trim_end_matches(['u', 'l']).len();
    let (body, suffix) = lower.split_at(digits_end);
    let (radix, digits) = if let Some(h) = body.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = body.strip_prefix("0b") {
        (2, b)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    let value = u64::from_str_radix(digits, radix).ok()?;
    Some(IntLit { value, unsigned: suffix.contains('u'), long: suffix.contains('l'), radix })
}

/// Splits a float literal into its number, whether it is MSVC's `1.#INF`, and its suffix
/// (Slang's: `f`, `h`/`hf`/`fh` half, `l`/`lf`/`fl` double, any case), then reads the number
/// rounded once, to the suffix's type: `8388608.5000000000000000001f` is the float above
/// 8388608.5, which rounding through a double would lose.
fn parse_float(s: &str) -> Option<FloatLit> {
    let number_end = s.find(|c: char| !matches!(c, '0'..='9' | '.' | 'e' | 'E' | '+' | '-')).unwrap_or(s.len());
    let (number, rest) = s.split_at(number_end);
    let (infinity, suffix) = match rest.strip_prefix("#INF") {
        Some(suffix) => (true, suffix),
        None => (false, rest),
    };
    let suffix = match suffix.to_ascii_lowercase().as_str() {
        "" => None,
        "f" => Some('f'),
        "h" | "hf" | "fh" => Some('h'),
        "l" | "lf" | "fl" => Some('l'),
        _ => return None,
    };
    let body = number.strip_suffix('.').unwrap_or(number);
    let value = match suffix {
        _ if infinity => f64::INFINITY,
        Some('f') => body.parse::<f32>().ok()? as f64,
        Some('h') => crate::numeric::parse_f16(body)?,
        _ => body.parse::<f64>().ok()?,
    };
    Some(FloatLit { value, suffix })
}

/// C99's hexadecimal floating literal, which DXC (clang) reads too: `0x1.8p-3f` is
/// `0x18 · 2^(−3 − 4)`, a hexadecimal mantissa scaled by a power of two.
fn parse_hex_float(s: &str) -> Option<FloatLit> {
    let body = &s[2..];
    let p = body.find(['p', 'P'])?;
    let (mantissa, rest) = body.split_at(p);
    let exponent_end = rest[1..].find(|c: char| !matches!(c, '0'..='9' | '+' | '-')).map_or(rest.len(), |i| i + 1);
    let exponent: i32 = rest[1..exponent_end].parse().ok()?;
    let suffix = match rest[exponent_end..].to_ascii_lowercase().as_str() {
        "" => None,
        "f" => Some('f'),
        "h" | "hf" | "fh" => Some('h'),
        "l" | "lf" | "fl" => Some('l'),
        _ => return None,
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut m = 0f64;
    for c in whole.chars().chain(fraction.chars()) {
        m = m * 16.0 + c.to_digit(16)? as f64;
    }
    let scale = exponent.checked_sub(4 * fraction.len() as i32)?;
    let value = m * 2f64.powi(scale);
    let value = match suffix {
        Some('f') => value as f32 as f64,
        Some('h') => crate::numeric::parse_f16(&value.to_string())?,
        _ => value,
    };
    Some(FloatLit { value, suffix })
}

/// A character literal's code point (`'H'`, `'世'`, `'\n'`, `'\377'`, `'\xFF'`, `'\uABCD'`,
/// `'\U12345678'`): Slang reads it as a `uint`.
fn parse_char(s: &str) -> Option<IntLit> {
    let inner = &s[1..s.len() - 1];
    let value = match inner.strip_prefix('\\') {
        None => inner.chars().next()? as u64,
        Some(esc) => {
            let mut chars = esc.chars();
            let kind = chars.next()?;
            let digits = chars.as_str();
            match kind {
                'x' | 'u' | 'U' => u64::from_str_radix(digits, 16).ok()?,
                '0'..='7' => u64::from_str_radix(esc, 8).ok()?,
                'n' => 10,
                't' => 9,
                'r' => 13,
                'a' => 7,
                'b' => 8,
                'f' => 12,
                'v' => 11,
                other => other as u64,
            }
        }
    };
    Some(IntLit { value, unsigned: true, long: false, radix: 10 })
}

fn unquote(s: &str) -> String {
    let inner = &s[1..s.len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('0') => out.push('\0'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\f\r]+")]
#[logos(skip r"\\\r?\n")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
#[logos(skip r"/\*([^*]|\*+[^*/])*\*+/")]
pub enum Token {
    #[regex(r"\r?\n")]
    Newline,

    // Slang takes Unicode letters in names (`π`, `圆周率`).
    #[regex(r"[A-Za-z_\p{XID_Start}][A-Za-z0-9_\p{XID_Continue}]*", |lex| lex.slice().to_string())]
    Ident(String),
    /// Produced by the type-name classification pass, never by the lexer itself.
    TypeName(String),
    /// A `<` that opens a template or generic argument list (`Buffer<float4>`, `f<T>(x)`).
    /// Produced by the classification pass so that the grammar never confuses it with `a < b`.
    TemplateLt,
    /// A `<` after a function's name that opens its generic arguments where the function is
    /// named, not called: `bwd_diff(apply<Foo>)`, `[ForwardDerivative(d_exp<T>)]`. Produced by
    /// the classification pass.
    InstanceLt,
    /// The `<` after the name in a partial specialization of a template struct
    /// (`template<typename T> struct Traits<vector<T, 3> > { … }`), whose arguments are patterns
    /// over the prefix's parameters. Produced by the classification pass.
    SpecializationLt,
    /// `.Inner` (or `::Inner`) after a generic type's argument list, naming a type declared
    /// inside it (`Box<float>.Inner`). Produced by the classification pass.
    TypeMember(String),
    /// Slang's `spirv_asm { … }`, read whole by the classification pass.
    SpirvAsm(Box<crate::syntax::ast::SpirvAsm>),

    #[regex(r"0[xX][0-9a-fA-F]+[uUlL]*", |lex| parse_int(lex.slice()))]
    #[regex(r"0[bB][01]+[uUlL]*", |lex| parse_int(lex.slice()))]
    #[regex(r"[0-9]+[uUlL]*", |lex| parse_int(lex.slice()))]
    #[regex(r"'([^'\\\n]|\\([^\n0-7xuU]|[0-7]{1,3}|x[0-9a-fA-F]{1,8}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}))'", |lex| parse_char(lex.slice()))]
    IntLit(IntLit),

    #[regex(r"[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?(#INF)?([fFhHlL]|[hH][fF]|[fF][hH]|[lL][fF]|[fF][lL])?", |lex| parse_float(lex.slice()))]
    #[regex(r"\.[0-9]+([eE][+-]?[0-9]+)?([fFhHlL]|[hH][fF]|[fF][hH]|[lL][fF]|[fF][lL])?", |lex| parse_float(lex.slice()))]
    #[regex(r"[0-9]+[eE][+-]?[0-9]+([fFhHlL]|[hH][fF]|[fF][hH]|[lL][fF]|[fF][lL])?", |lex| parse_float(lex.slice()))]
    #[regex(r"0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+([fFhHlL]|[hH][fF]|[fF][hH]|[lL][fF]|[fF][lL])?", |lex| parse_hex_float(lex.slice()))]
    FloatLit(FloatLit),

    #[regex(r#""([^"\\\n]|\\.)*""#, |lex| unquote(lex.slice()))]
    StringLit(String),

    /// `0.xx`: Slang's swizzle of an integer literal. The lexer hands it on as the literal, a
    /// `.` and the swizzle, so the grammar never sees this token.
    #[regex(r"[0-9]+\.[xyzwrgba]+", |lex| lex.slice().to_string())]
    IntSwizzle(String),

    // Keywords.
    #[token("struct")]
    Struct,
    #[token("class")]
    Class,
    #[token("cbuffer")]
    Cbuffer,
    #[token("tbuffer")]
    Tbuffer,
    #[token("typedef")]
    Typedef,
    #[token("if")]
    If,
    #[token("else")]
    Else,
    #[token("for")]
    For,
    #[token("while")]
    While,
    #[token("do")]
    Do,
    #[token("switch")]
    Switch,
    #[token("case")]
    Case,
    #[token("default")]
    Default,
    #[token("break")]
    Break,
    #[token("continue")]
    Continue,
    #[token("return")]
    Return,
    #[token("discard")]
    Discard,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("in")]
    // Slang's `__constref`: passed by reference, read only; the same values as `in`.
    #[token("__constref")]
    In,
    #[token("out")]
    Out,
    #[token("inout")]
    Inout,
    #[token("static")]
    Static,
    #[token("const")]
    Const,
    #[token("groupshared")]
    Groupshared,
    #[token("uniform")]
    Uniform,
    #[token("register")]
    Register,
    #[token("packoffset")]
    Packoffset,
    #[token("precise")]
    Precise,
    #[token("nointerpolation")]
    Nointerpolation,
    #[token("volatile")]
    Volatile,
    #[token("row_major")]
    RowMajor,
    #[token("column_major")]
    ColumnMajor,
    #[token("inline")]
    Inline,
    #[token("extern")]
    Extern,
    #[token("export")]
    Export,
    #[token("constexpr")]
    Constexpr,
    /// Slang's `__target_intrinsic(target, "text")`, a function modifier.
    #[token("__target_intrinsic")]
    TargetIntrinsic,
    /// Slang's `__intrinsic_op(cmpGT)`: a prototype that is one of Slang's IR operations.
    #[token("__intrinsic_op")]
    IntrinsicOp,
    #[token("typealias")]
    Typealias,
    #[token("functype")]
    Functype,
    #[token("sizeof")]
    Sizeof,
    #[token("alignof")]
    Alignof,
    #[token("associatedtype")]
    Associatedtype,
    #[token("__generic")]
    Generic,
    #[token("template")]
    Template,
    #[token("typename")]
    Typename,
    #[token("interface")]
    Interface,
    #[token("enum")]
    Enum,
    #[token("namespace")]
    Namespace,
    #[token("using")]
    Using,
    /// GLSL's `buffer Name { … } instance;` (GLSL-flavoured source only).
    Buffer,
    /// GLSL's `layout(…)` qualifiers (GLSL-flavoured source only).
    Layout,
    /// Slang's `defer` before a statement (elsewhere the word is a name).
    Defer,
    /// Slang's `__target_switch` before `{` (elsewhere the word is a name).
    TargetSwitch,
    /// Slang's access modifiers and `func`, where a declaration follows (elsewhere names).
    Public,
    Internal,
    Private,
    Func,
    /// Slang's `no_diff` before a parameter's or a field's type (elsewhere, `no_diff(e)` is a
    /// call).
    NoDiff,
    /// Slang's `no_diff` before an expression that is not parenthesised (`no_diff floor(x)`,
    /// `no_diff obj.sample()`): derivatives do not flow through it.
    NoDiffExpr,
    /// `optional` right after `where` (`where optional T : IFoo`).
    Optional,
    /// Slang's `countof(…)` (elsewhere the word is a name).
    Countof,
    /// Slang's variadic generics: `each T`, `expand e`, `where nonempty(T)`, and the pack
    /// queries `__trimFirst(…)`/`__trimLast(…)` (elsewhere these words are names).
    Each,
    Expand,
    Nonempty,
    TrimFirst,
    TrimLast,
    /// Slang's error handling words, where they can only be that (elsewhere names).
    Throws,
    Throw,
    Try,
    Catch,
    /// Put in the stream by `#version` or `--allow-glsl`: the source is GLSL-flavoured.
    GlslMode,
    /// Put in the stream by `#language slang 2026` (or `latest`): parentheses around a comma
    /// list make a tuple.
    Language2026,
    #[token("let")]
    Let,
    #[token("var")]
    Var,
    /// Slang's `value is T`: an identifier `is` between a value and a type (`classify`).
    Is,
    /// Slang's `value as T`: an identifier `as` between a value and a type (`classify`).
    As,
    #[token("where")]
    Where,
    #[token("operator")]
    Operator,
    #[token("__init")]
    Init,
    #[token("__subscript")]
    Subscript,
    #[token("property")]
    Property,
    #[token("extension")]
    #[token("__extension")]
    Extension,
    #[token("globallycoherent")]
    Globallycoherent,

    // Punctuation.
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("::")]
    ColonColon,
    #[token(":")]
    Colon,
    #[token("?")]
    Question,
    #[token("#")]
    Hash,
    #[token("##")]
    HashHash,

    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("->")]
    Arrow,
    /// A lambda's `=>`.
    #[token("=>")]
    FatArrow,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("!")]
    Bang,
    #[token("~")]
    Tilde,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token("=")]
    Assign,
    #[token("+=")]
    PlusAssign,
    #[token("-=")]
    MinusAssign,
    #[token("*=")]
    StarAssign,
    #[token("/=")]
    SlashAssign,
    #[token("%=")]
    PercentAssign,
    #[token("&=")]
    AmpAssign,
    #[token("|=")]
    PipeAssign,
    #[token("^=")]
    CaretAssign,
    #[token("<<=")]
    ShlAssign,
    #[token(">>=")]
    ShrAssign,

    /// A byte sequence no token matches. Kept as a token so the parser can recover past it
    /// (LALRPOP cannot recover from lexer errors).
    Error(char),
}

impl Token {
    /// The source spelling of a keyword or punctuation token, used to print tokens back
    /// (preprocessor stringizing, messages).
    pub fn spelling(&self) -> String {
        match self {
            Token::Newline => "\n".into(),
            Token::Ident(s) | Token::TypeName(s) => s.clone(),
            Token::TypeMember(s) => format!(".{s}"),
            Token::SpirvAsm(_) => "spirv_asm { … }".into(),
            Token::IntLit(i) => {
                let mut s = if i.radix == 16 { format!("0x{:x}", i.value) } else { i.value.to_string() };
                if i.unsigned {
                    s.push('u');
                }
                if i.long {
                    s.push('l');
                }
                s
            }
            Token::FloatLit(f) => {
                let mut s = format!("{:?}", f.value);
                if let Some(c) = f.suffix {
                    s.push(c);
                }
                s
            }
            Token::StringLit(s) => format!("{s:?}"),
            Token::Error(c) => c.to_string(),
            other => keyword_or_punct(other).unwrap_or("?").to_string(),
        }
    }
}

fn keyword_or_punct(t: &Token) -> Option<&'static str> {
    use Token::*;
    Some(match t {
        Struct => "struct",
        Class => "class",
        Cbuffer => "cbuffer",
        Tbuffer => "tbuffer",
        Typedef => "typedef",
        Sizeof => "sizeof",
        Alignof => "alignof",
        If => "if",
        Else => "else",
        For => "for",
        While => "while",
        Do => "do",
        Switch => "switch",
        Case => "case",
        Default => "default",
        Break => "break",
        Continue => "continue",
        Return => "return",
        Discard => "discard",
        True => "true",
        False => "false",
        In => "in",
        Out => "out",
        Inout => "inout",
        Static => "static",
        Const => "const",
        Groupshared => "groupshared",
        Uniform => "uniform",
        Register => "register",
        Packoffset => "packoffset",
        Precise => "precise",
        Nointerpolation => "nointerpolation",
        Volatile => "volatile",
        RowMajor => "row_major",
        ColumnMajor => "column_major",
        Inline => "inline",
        Extern => "extern",
        Export => "export",
        Constexpr => "constexpr",
        TargetIntrinsic => "__target_intrinsic",
        IntrinsicOp => "__intrinsic_op",
        Typealias => "typealias",
        Functype => "functype",
        Associatedtype => "associatedtype",
        Generic => "__generic",
        Template => "template",
        Typename => "typename",
        Interface => "interface",
        Enum => "enum",
        Namespace => "namespace",
        Using => "using",
        Buffer => "buffer",
        Layout => "layout",
        GlslMode => "#version",
        Language2026 => "#language 2026",
        Defer => "defer",
        TargetSwitch => "__target_switch",
        Public => "public",
        Internal => "internal",
        Private => "private",
        Func => "func",
        NoDiff | NoDiffExpr => "no_diff",
        Optional => "optional",
        Subscript => "__subscript",
        Countof => "countof",
        Each => "each",
        Expand => "expand",
        Nonempty => "nonempty",
        TrimFirst => "__trimFirst",
        TrimLast => "__trimLast",
        Throws => "throws",
        Throw => "throw",
        Try => "try",
        Catch => "catch",
        Arrow => "->",
        FatArrow => "=>",
        Let => "let",
        Var => "var",
        Is => "is",
        As => "as",
        Where => "where",
        Operator => "operator",
        Init => "__init",
        Property => "property",
        Extension => "extension",
        Globallycoherent => "globallycoherent",
        LParen => "(",
        RParen => ")",
        LBracket => "[",
        RBracket => "]",
        LBrace => "{",
        RBrace => "}",
        Semi => ";",
        Comma => ",",
        Dot => ".",
        ColonColon => "::",
        Colon => ":",
        Question => "?",
        Hash => "#",
        HashHash => "##",
        Plus => "+",
        Minus => "-",
        Star => "*",
        Slash => "/",
        Percent => "%",
        PlusPlus => "++",
        MinusMinus => "--",
        EqEq => "==",
        NotEq => "!=",
        Lt | TemplateLt | InstanceLt | SpecializationLt => "<",
        Gt => ">",
        Le => "<=",
        Ge => ">=",
        AndAnd => "&&",
        OrOr => "||",
        Bang => "!",
        Tilde => "~",
        Amp => "&",
        Pipe => "|",
        Caret => "^",
        Shl => "<<",
        Shr => ">>",
        Assign => "=",
        PlusAssign => "+=",
        MinusAssign => "-=",
        StarAssign => "*=",
        SlashAssign => "/=",
        PercentAssign => "%=",
        AmpAssign => "&=",
        PipeAssign => "|=",
        CaretAssign => "^=",
        ShlAssign => "<<=",
        ShrAssign => ">>=",
        _ => return None,
    })
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Newline => f.write_str("end of line"),
            Token::Ident(s) => write!(f, "identifier `{s}`"),
            Token::TypeName(s) => write!(f, "type `{s}`"),
            Token::IntLit(_) | Token::FloatLit(_) => write!(f, "literal `{}`", self.spelling()),
            Token::StringLit(s) => write!(f, "string {s:?}"),
            Token::Error(c) => write!(f, "unexpected character `{c}`"),
            other => write!(f, "`{}`", other.spelling()),
        }
    }
}
