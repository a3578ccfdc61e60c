//! Re-tags identifiers that name types as [`Token::TypeName`] and template-opening `<` as
//! [`Token::TemplateLt`], after preprocessing and before parsing.
//!
//! C-family grammars are not context free: `(T)x`, `T x;` and `a<b>(c)` need to know what a
//! name is. Rather than feeding a symbol table into the parser (the "lexer hack"), this pass
//! collects every name the file declares as a type (structs, typedefs, generic parameters) in
//! one scan of the whole stream. Types are file-global in HLSL, so declaration order does not
//! matter here; sema still checks that uses come after declarations. A generic parameter is a
//! type only within its declaration (`T` of `T f<T>(T x) {…}` from the return type to the
//! closing brace), so the name stays free for variables elsewhere.

use crate::fast_hash::HashSet;
use crate::span::Span;
use crate::syntax::lexer::SpannedToken;
use crate::syntax::token::Token;

/// Scalars that also come in `N` vector and `NxM` matrix forms (`float4`, `uint2x3`).
const SCALARS: &[&str] = &[
    "bool",
    "int",
    "uint",
    "dword",
    "half",
    "float",
    "double",
    "int64_t",
    "uint64_t",
    "int8_t",
    "uint8_t",
    "int16_t",
    "uint16_t",
    "float16_t",
    "float32_t",
    "float64_t",
    "int32_t",
    "uint32_t",
    "min16float",
    "min10float",
    "min16int",
    "min12int",
    "min16uint",
];

const OTHER_TYPES: &[&str] = &[
    // Slang's substandard floats: scalars with no `N`/`NxM` forms (`vector<BFloat16, 4>`).
    "BFloat16",
    "FloatE4M3",
    "FloatE5M2",
    "void",
    "vector",
    "matrix",
    "string",
    "SamplerState",
    "SamplerComparisonState",
    "StructuredBuffer",
    "RWStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
    "GLSLShaderStorageBuffer",
    "Buffer",
    "RWBuffer",
    "ByteAddressBuffer",
    "RWByteAddressBuffer",
    "Texture1D",
    "Texture2D",
    "Texture3D",
    "TextureCube",
    "Texture2DArray",
    "RWTexture1D",
    "RWTexture2D",
    "RWTexture3D",
    "RWTexture2DArray",
    "Texture1DArray",
    "TextureCubeArray",
    "RWTexture1DArray",
    // Multisampled textures: type names, so a declaration parses and sema can refuse it by name.
    "Texture2DMS",
    "Texture2DMSArray",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "WTexture1D",
    "WTexture1DArray",
    "WTexture2D",
    "WTexture2DArray",
    "WTexture3D",
    "DepthTexture1D",
    "DepthTexture1DArray",
    "DepthTexture2D",
    "DepthTexture2DArray",
    "DepthTexture3D",
    "DepthTextureCube",
    "DepthTextureCubeArray",
    "ConstantBuffer",
    "ParameterBlock",
    "WaveMask",
    "Optional",
    // Slang's `Ref<T>`, a function's result that names a place.
    "Ref",
    // Slang's bindless handle of a resource (`DescriptorHandle<Texture2D>`, `Texture2D.Handle`).
    "DescriptorHandle",
    // Slang's core interfaces of what indexes like an array (`T : IArray<float>`).
    "IArray",
    "IRWArray",
    "Conditional",
    "uint8_t4_packed",
    "int8_t4_packed",
    // Slang's `Array<T, N>`, another spelling of `T[N]`, and `Tuple<T…>`.
    "Array",
    "Tuple",
    "Atomic",
    // DXR's inline ray tracing (`RayDesc` is the core module's struct).
    "RaytracingAccelerationStructure",
    "RayQuery",
    // DXR's enums, `uint`s to the core module (`template<RAY_FLAG F>` takes one as a value).
    "RAY_FLAG",
    "COMMITTED_STATUS",
    "CANDIDATE_TYPE",
    "rayQueryEXT",
    "accelerationStructureEXT",
    // Slang's `Ptr<T, Access, AddressSpace>`, `T*` spelled out.
    "Ptr",
    // Slang's function interfaces (`IFunc<R, P…>`), met by structs with an `operator()` and
    // by lambdas.
    "IFunc",
    "IMutatingFunc",
    "IDifferentiableFunc",
    "IDifferentiableMutatingFunc",
    // Slang's automatic differentiation: `DifferentialPair<T>`, `IDifferentiable`, and the
    // pointer-like kind, `DifferentialPtrPair<T>`, `IDifferentiablePtrType`.
    "DifferentialPair",
    "IDifferentiable",
    "DifferentialPtrPair",
    "IDifferentiablePtrType",
    // A differentiable struct's differential, named inside it.
    "Differential",
    // Slang's buffer data layouts (`sizeof(T, Std430DataLayout)`).
    "DefaultDataLayout",
    "ScalarDataLayout",
    "Std430DataLayout",
    "Std140DataLayout",
    // DXC's `vk::BufferPointer<T>`.
    "BufferPointer",
    // The stdlib's type functions (`__elem<T>`, `__same_shape<uint, T>`): types to the parser.
    "__elem",
    "__same_shape",
    "__unsigned",
    "__transposed",
];

/// Called on every identifier of every file, so it strips a `N`/`NxM` suffix once and looks
/// the rest up, instead of trying each scalar name as a prefix.
pub fn is_builtin_type(name: &str) -> bool {
    let b = name.as_bytes();
    let dim = |c: u8| (b'1'..=b'4').contains(&c);
    let base = match b {
        [.., n, b'x', m] if dim(*n) && dim(*m) => &name[..name.len() - 3],
        [.., n] if dim(*n) => &name[..name.len() - 1],
        _ => return SCALARS.contains(&name) || OTHER_TYPES.contains(&name),
    };
    SCALARS.contains(&base) || OTHER_TYPES.contains(&name)
}

/// GLSL's vector and matrix names, types in GLSL-flavoured source (`stdlib::glsl_type`).
pub fn is_glsl_type(name: &str) -> bool {
    let b = name.as_bytes();
    let dim = |c: u8| (b'2'..=b'4').contains(&c);
    match b {
        [.., b'v', b'e', b'c', n] if dim(*n) => glsl_vector_prefix(&name[..name.len() - 4]).is_some(),
        _ => match name.find("mat") {
            Some(at) if glsl_matrix_prefix(&name[..at]).is_some() => match &b[at + 3..] {
                [n] => dim(*n),
                [n, b'x', m] => dim(*n) && dim(*m),
                _ => false,
            },
            _ => false,
        },
    }
}

/// A GLSL storage image name (`image2D`, `uimage1DArray`, `i64imageBuffer`…): the prefix's
/// scalar name and the shape after `image` (`2D`, `1DArray`, `Buffer`, `Cube`, `2DMS`…).
pub fn glsl_image(name: &str) -> Option<(&'static str, &str)> {
    let at = name.find("image")?;
    let scalar = match &name[..at] {
        "" => "float",
        "i" => "int",
        "u" => "uint",
        "i64" => "int64_t",
        "u64" => "uint64_t",
        _ => return None,
    };
    let shape = &name[at + 5..];
    const SHAPES: &[&str] =
        &["1D", "2D", "3D", "Cube", "1DArray", "2DArray", "CubeArray", "2DRect", "Buffer", "2DMS", "2DMSArray"];
    SHAPES.contains(&shape).then_some((scalar, shape))
}

/// The element scalar's name of a GLSL vector name's prefix: `u16` of `u16vec2`, `` of `vec3`
/// (GL_EXT_shader_explicit_arithmetic_types spells every width).
pub fn glsl_vector_prefix(prefix: &str) -> Option<&'static str> {
    Some(match prefix {
        "" | "f32" => "float",
        "i" | "i32" => "int",
        "u" | "u32" => "uint",
        "b" => "bool",
        "d" | "f64" => "double",
        "f16" => "half",
        "i8" => "int8_t",
        "u8" => "uint8_t",
        "i16" => "int16_t",
        "u16" => "uint16_t",
        "i64" => "int64_t",
        "u64" => "uint64_t",
        _ => return None,
    })
}

/// The element scalar's name of a GLSL matrix name's prefix: `d` of `dmat3`, `f16` of `f16mat2x3`.
pub fn glsl_matrix_prefix(prefix: &str) -> Option<&'static str> {
    Some(match prefix {
        "" | "f32" => "float",
        "d" | "f64" => "double",
        "f16" => "half",
        _ => return None,
    })
}

/// In GLSL-flavoured source (a `#version` line, marked by [`Token::GlslMode`]), GLSL's own
/// words: `buffer` before a block, `layout(…)`, `shared`, its vector and matrix names; memory
/// qualifiers that change nothing here (`readonly`, `coherent`…) are dropped.
fn glsl_words(tokens: &mut Vec<SpannedToken>) {
    if !tokens.iter().any(|t| t.token == Token::GlslMode) {
        return;
    }
    tokens.retain(|t| {
        t.token != Token::GlslMode
            && !matches!(&t.token, Token::Ident(n) if matches!(n.as_str(), "readonly" | "writeonly" | "coherent" | "restrict"))
    });
    drop_precision(tokens);
    layout_first(tokens);
    for i in 0..tokens.len() {
        let next = |k: usize| tokens.get(i + k).map(|t| &t.token);
        let Token::Ident(name) = &tokens[i].token else { continue };
        let retag = match name.as_str() {
            "buffer"
                if matches!(next(1), Some(Token::Ident(_) | Token::TypeName(_))) && next(2) == Some(&Token::LBrace) =>
            {
                Some(Token::Buffer)
            }
            "layout" if next(1) == Some(&Token::LParen) => Some(Token::Layout),
            "shared" if matches!(next(1), Some(Token::Ident(_) | Token::TypeName(_))) => Some(Token::Groupshared),
            n if is_glsl_type(n) || glsl_image(n).is_some() => Some(Token::TypeName(n.to_string())),
            _ => None,
        };
        if let Some(t) = retag {
            tokens[i].token = t;
        }
    }
}

/// Slang takes GLSL's `layout(…)` before a global in its own syntax too
/// (`layout(push_constant) ConstantBuffer<Data> data;`, nvpro_core2's shaders): a `layout(…)`
/// outside every brace that a declaration follows.
fn layout_qualified_globals(tokens: &mut [SpannedToken]) {
    let mut depth = 0usize;
    for i in 0..tokens.len() {
        match tokens[i].token {
            Token::LBrace => depth += 1,
            Token::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
        let is_layout = matches!(&tokens[i].token, Token::Ident(n) if n == "layout");
        if depth != 0 || !is_layout || tokens.get(i + 1).map(|t| &t.token) != Some(&Token::LParen) {
            continue;
        }
        let declaration_follows =
            matching_paren(tokens, i + 1).and_then(|close| tokens.get(close + 1)).is_some_and(|t| {
                matches!(t.token, Token::Ident(_) | Token::TypeName(_) | Token::Uniform | Token::Const | Token::Static)
            });
        if declaration_follows {
            tokens[i].token = Token::Layout;
        }
    }
}

/// GLSL lets `layout(…)` follow `uniform` (`uniform layout(binding = 0, r32i) iimage1D img;`);
/// the grammar reads it before, so it is moved there.
fn layout_first(tokens: &mut [SpannedToken]) {
    let mut i = 0;
    while i + 2 < tokens.len() {
        let moves = tokens[i].token == Token::Uniform
            && matches!(&tokens[i + 1].token, Token::Ident(n) if n == "layout")
            && tokens[i + 2].token == Token::LParen;
        if !moves {
            i += 1;
            continue;
        }
        let mut depth = 0;
        let mut end = None;
        for (j, t) in tokens.iter().enumerate().skip(i + 2) {
            match t.token {
                Token::LParen => depth += 1,
                Token::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else { return };
        tokens[i..=end].rotate_left(1);
        i = end + 1;
    }
}

/// GLSL's precision qualifiers, which Vulkan's GLSL and Slang ignore: a default precision
/// statement (`precision highp float;`) goes whole, a qualifier before a type
/// (`mediump vec3 v;`) goes alone.
fn drop_precision(tokens: &mut Vec<SpannedToken>) {
    let is_precision = |t: &Token| matches!(t, Token::Ident(n) if matches!(n.as_str(), "highp" | "mediump" | "lowp"));
    if !tokens.iter().any(|t| is_precision(&t.token)) {
        return;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let statement = matches!(&tokens[i].token, Token::Ident(n) if n == "precision")
            && tokens.get(i + 1).is_some_and(|t| is_precision(&t.token))
            && tokens.get(i + 3).is_some_and(|t| t.token == Token::Semi);
        if statement {
            i += 4;
            continue;
        }
        let qualifier = is_precision(&tokens[i].token)
            && matches!(tokens.get(i + 1).map(|t| &t.token), Some(Token::Ident(_) | Token::TypeName(_)));
        if !qualifier {
            out.push(tokens[i].clone());
        }
        i += 1;
    }
    *tokens = out;
}

/// HLSL's `unorm`/`snorm` before a float type (`Texture2D<unorm float4>`): the view's format
/// says so already, and the value a shader reads is a float either way, so the words go.
fn drop_norm_qualifiers(tokens: &mut Vec<SpannedToken>) {
    let is_norm = |t: &Token| matches!(t, Token::Ident(n) if n == "unorm" || n == "snorm");
    if !tokens.iter().any(|t| is_norm(&t.token)) {
        return;
    }
    let mut i = 0;
    while i + 1 < tokens.len() {
        let next_is_type = matches!(tokens[i + 1].token, Token::TypeName(_));
        if is_norm(&tokens[i].token) && next_is_type {
            tokens.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Slang's visibility words before a declaration (`public struct S`, `export struct S`,
/// `internal int f()`): a single module has nothing to hide, so they go. So does `override`
/// before a method (`override internal uint f()`): a struct's method takes the place of its
/// interface's default implementation whether or not it says so.
fn visibility(tokens: &mut Vec<SpannedToken>) {
    let is_word = |t: &Token| matches!(t, Token::Ident(n) if matches!(n.as_str(), "public" | "internal" | "private" | "override"));
    let declares = |t: Option<&Token>| {
        matches!(
            t,
            Some(
                Token::Struct
                    | Token::Class
                    | Token::Interface
                    | Token::Enum
                    | Token::Extension
                    | Token::Typealias
                    | Token::Static
                    | Token::Const
                    | Token::Ident(_)
                    | Token::Let
                    | Token::Var
                    | Token::Namespace
                    | Token::Associatedtype
                    | Token::Property
                    | Token::Init
                    | Token::Subscript
                    | Token::Generic
                    | Token::Public
                    | Token::Internal
                    | Token::Private
            )
        )
    };
    // Slang's `dyn interface I`: an interface meant for dynamic dispatch, which any interface
    // here already is where a value needs it.
    let is_dyn = |t: &Token| matches!(t, Token::Ident(n) if n == "dyn");
    if !tokens.iter().any(|t| is_word(&t.token) || t.token == Token::Export || is_dyn(&t.token)) {
        return;
    }
    let mut i = 0;
    while i + 1 < tokens.len() {
        let next = tokens.get(i + 1).map(|t| &t.token);
        let drop = (is_word(&tokens[i].token) && declares(next))
            || (is_dyn(&tokens[i].token) && next == Some(&Token::Interface))
            || (tokens[i].token == Token::Export
                && matches!(next, Some(Token::Struct | Token::Class | Token::Interface | Token::Enum)));
        if drop {
            tokens.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Slang's `let` and `var` are keywords only where a declaration follows (`var x = …`); HLSL
/// code names variables `var` (`float3 var;`, `var += d`). `defer` is one before a statement
/// that starts with a name or a keyword (`defer x = 1;`, `defer { … }`, `defer if …`), not
/// before an operator (`defer = 1;`, `defer(…)`).
fn contextual_keywords(tokens: &mut [SpannedToken]) {
    for i in 0..tokens.len() {
        if matches!(&tokens[i].token, Token::Ident(n) if n == "__target_switch")
            && tokens.get(i + 1).is_some_and(|t| t.token == Token::LBrace)
        {
            tokens[i].token = Token::TargetSwitch;
            continue;
        }
        if matches!(&tokens[i].token, Token::Ident(n) if n == "defer") {
            let after_dot = i > 0 && tokens[i - 1].token == Token::Dot;
            let statement_follows = matches!(
                tokens.get(i + 1).map(|t| &t.token),
                Some(
                    Token::Ident(_)
                        | Token::TypeName(_)
                        | Token::LBrace
                        | Token::If
                        | Token::For
                        | Token::While
                        | Token::Do
                        | Token::Switch
                        | Token::Break
                        | Token::Continue
                        | Token::Return
                        | Token::PlusPlus
                        | Token::MinusMinus
                        | Token::Let
                        | Token::Var
                )
            );
            if statement_follows && !after_dot {
                tokens[i].token = Token::Defer;
            }
            continue;
        }
        if let Some(keyword) = declaration_keyword(tokens, i) {
            tokens[i].token = keyword;
            continue;
        }
        // Slang names values `in` (`float3 actualPow(float3 in, float y)`, `in.x`): the
        // parameter modifier only ever comes before a type or another modifier, so before a
        // separator or an operator it is a name. (GLSL's `layout(…) in;` keeps its `;`.)
        if tokens[i].token == Token::In {
            let operator = |t: &Token| {
                matches!(
                    t,
                    Token::Assign
                        | Token::Plus
                        | Token::Minus
                        | Token::Star
                        | Token::Slash
                        | Token::Question
                        | Token::Colon
                )
            };
            let name_follows = tokens.get(i + 1).is_some_and(|t| {
                operator(&t.token)
                    || matches!(t.token, Token::Comma | Token::RParen | Token::Dot | Token::LBracket | Token::RBracket)
            });
            // `return in;`, `x = y + in;`: an operand ends the statement.
            let operand_ends = tokens.get(i + 1).is_some_and(|t| t.token == Token::Semi)
                && i > 0
                && (tokens[i - 1].token == Token::Return || operator(&tokens[i - 1].token));
            if name_follows || operand_ends {
                tokens[i].token = Token::Ident("in".to_string());
            }
            continue;
        }
        let word = match tokens[i].token {
            Token::Let => "let",
            Token::Var => "var",
            _ => continue,
        };
        let declares = matches!(tokens.get(i + 1).map(|t| &t.token), Some(Token::Ident(_)));
        if !declares {
            tokens[i].token = Token::Ident(word.to_string());
        }
    }
}

/// `[[vk::binding(3, 4), vk::counter_binding(4)]]`, several attributes in one C++-style list,
/// becomes one `[[…]]` each, and Slang's `[shader("compute"), numthreads(8, 1, 1)]` one `[…]`
/// each, as the grammar reads them. A single `[` is a list of attributes only where an index
/// cannot be (after `;`, a brace, another attribute, a label's `:` or `else`): `a[i, j]` stays.
fn split_attribute_lists(tokens: &mut Vec<SpannedToken>) {
    let mut splits = Vec::new();
    let mut i = 0;
    while i + 1 < tokens.len() {
        let double = tokens[i].token == Token::LBracket && tokens[i + 1].token == Token::LBracket;
        let single = !double
            && tokens[i].token == Token::LBracket
            && matches!(tokens[i + 1].token, Token::Ident(_))
            && attribute_position(i.checked_sub(1).map(|p| &tokens[p].token));
        if !double && !single {
            i += 1;
            continue;
        }
        let mut depth = 0i32;
        let mut j = if double { i + 2 } else { i + 1 };
        let mut found = Vec::new();
        while let Some(t) = tokens.get(j) {
            match t.token {
                Token::LParen | Token::LBracket => depth += 1,
                Token::RParen => depth -= 1,
                Token::RBracket if depth == 0 => break,
                Token::RBracket => depth -= 1,
                Token::Comma if depth == 0 => found.push(j),
                Token::Semi | Token::LBrace | Token::RBrace => {
                    found.clear();
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let closed = !double || tokens.get(j + 1).is_some_and(|t| t.token == Token::RBracket);
        if closed {
            splits.extend(found.into_iter().map(|comma| (comma, double)));
        }
        i = j;
    }
    if splits.is_empty() {
        return;
    }
    let input = std::mem::take(tokens);
    let mut out = Vec::with_capacity(input.len() + 3 * splits.len());
    let mut next = splits.iter().peekable();
    for (k, t) in input.into_iter().enumerate() {
        if let Some(&(_, double)) = next.next_if(|(comma, _)| *comma == k) {
            let span = t.span;
            let replacement: &[Token] = if double {
                &[Token::RBracket, Token::RBracket, Token::LBracket, Token::LBracket]
            } else {
                &[Token::RBracket, Token::LBracket]
            };
            for token in replacement {
                out.push(SpannedToken { token: token.clone(), span });
            }
        } else {
            out.push(t);
        }
    }
    *tokens = out;
}

/// C's `struct Line { float4 a, b; } line;` (and `struct { … } line;`, its struct unnamed):
/// the declaration of a struct followed by variables of it, which the grammar reads as
/// `struct Line { … }; Line line;` (an unnamed struct is named `UnnamedStruct1`, `UnnamedStruct2`…). A
/// `typedef struct { … } Name;` names a type, and `struct S { … } S2 s;` (Slang lets the `;`
/// go) starts a new declaration: both stay.
fn struct_declarators(tokens: &mut Vec<SpannedToken>) {
    let mut i = 0;
    let mut unnamed = 0;
    while i < tokens.len() {
        if !matches!(tokens[i].token, Token::Struct | Token::Class) {
            i += 1;
            continue;
        }
        let typedef = i > 0 && tokens[i - 1].token == Token::Typedef;
        let named = matches!(tokens.get(i + 1).map(|t| &t.token), Some(Token::Ident(_)));
        let open = if named { i + 2 } else { i + 1 };
        if tokens.get(open).map(|t| &t.token) != Some(&Token::LBrace) {
            i += 1;
            continue;
        }
        let mut depth = 0usize;
        let mut close = None;
        for (k, t) in tokens.iter().enumerate().skip(open) {
            match t.token {
                Token::LBrace => depth += 1,
                Token::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { return };
        if typedef {
            typedef_struct(tokens, i, named, close);
            i += 1;
            continue;
        }
        let declarator = matches!(tokens.get(close + 1).map(|t| &t.token), Some(Token::Ident(_)))
            && matches!(
                tokens.get(close + 2).map(|t| &t.token),
                Some(Token::Semi | Token::Comma | Token::Assign | Token::LBracket | Token::Colon)
            );
        if declarator {
            let span = tokens[i].span;
            let name = if named {
                let Token::Ident(n) = &tokens[i + 1].token else { unreachable!() };
                n.clone()
            } else {
                unnamed += 1;
                let n = format!("UnnamedStruct{unnamed}");
                tokens.insert(i + 1, SpannedToken { token: Token::Ident(n.clone()), span });
                n
            };
            let close = if named { close } else { close + 1 };
            tokens.splice(
                close + 1..close + 1,
                [SpannedToken { token: Token::Semi, span }, SpannedToken { token: Token::Ident(name), span }],
            );
        }
        i += 1;
    }
}

/// C's `typedef struct { … } Name;` is `struct Name { … };`, and `typedef struct Tag { … } Name;`
/// is `struct Tag { … }; typedef Tag Name;`: tokens `i - 1` (`typedef`) to the name's `;`, the
/// struct's braces closing at `close`. Other forms (several names, pointers) stay as written.
fn typedef_struct(tokens: &mut Vec<SpannedToken>, i: usize, named: bool, close: usize) {
    let Some(Token::Ident(alias)) = tokens.get(close + 1).map(|t| t.token.clone()) else { return };
    if tokens.get(close + 2).map(|t| &t.token) != Some(&Token::Semi) {
        return;
    }
    let span = tokens[i].span;
    if named {
        let tag = tokens[i + 1].clone();
        let alias = tokens[close + 1].clone();
        tokens.splice(
            close + 1..close + 2,
            [SpannedToken { token: Token::Semi, span }, SpannedToken { token: Token::Typedef, span }, tag, alias],
        );
    } else {
        let name = tokens.remove(close + 1);
        tokens.insert(i + 1, SpannedToken { token: Token::Ident(alias), span: name.span });
    }
    tokens.remove(i - 1);
}

/// Whether a `[` after this token opens attributes rather than indexes a value.
fn attribute_position(previous: Option<&Token>) -> bool {
    matches!(
        previous,
        None | Some(Token::Semi | Token::LBrace | Token::RBrace | Token::RBracket | Token::Colon | Token::Else)
    )
}

/// Whether a token can start an expression that is not an operator's operand (`throw x`,
/// `try f()`; `try = 1` and `throw(…)` keep the word a name).
fn expression_follows(next: Option<&Token>) -> bool {
    matches!(
        next,
        Some(Token::Ident(_) | Token::TypeName(_) | Token::IntLit(_) | Token::FloatLit(_) | Token::True | Token::False)
    )
}

/// Slang's `public`/`internal`/`private` where a declaration follows them, and `func` before a
/// function's name and its `(` or `<`: HLSL code may use these words as names.
fn declaration_keyword(tokens: &[SpannedToken], i: usize) -> Option<Token> {
    let Token::Ident(word) = &tokens[i].token else { return None };
    if i > 0 && matches!(tokens[i - 1].token, Token::Dot | Token::ColonColon) {
        return None;
    }
    let next = tokens.get(i + 1).map(|t| &t.token);
    match word.as_str() {
        "public" | "internal" | "private" => {
            let declaration_follows = match next {
                Some(Token::Ident(n)) => n != "is" && n != "as",
                Some(
                    Token::TypeName(_)
                    | Token::Struct
                    | Token::Class
                    | Token::Interface
                    | Token::Enum
                    | Token::Typedef
                    | Token::Typealias
                    | Token::Associatedtype
                    | Token::Extension
                    | Token::Static
                    | Token::Const
                    | Token::Extern
                    | Token::Export
                    | Token::Inline
                    | Token::Groupshared
                    | Token::Uniform
                    | Token::Let
                    | Token::Var
                    | Token::Init
                    | Token::Subscript
                    | Token::Property
                    | Token::Generic
                    | Token::Template,
                ) => true,
                _ => false,
            };
            let keyword = match word.as_str() {
                "public" => Token::Public,
                "internal" => Token::Internal,
                _ => Token::Private,
            };
            declaration_follows.then_some(keyword)
        }
        // `no_diff float y` (a modifier) beside `no_diff(e)` (a call) and `no_diff floor(x)` (an
        // expression's prefix).
        "no_diff" => {
            let after = tokens.get(i + 2).map(|t| &t.token);
            let pointer_type = matches!(next, Some(Token::Ident(n) | Token::TypeName(n)) if is_builtin_type(n))
                && after == Some(&Token::Star);
            // After `return`, `=` or an operator a value follows, never a declaration:
            // `return no_diff apply<T>(x);` is a generic call's.
            let value_expected = i > 0
                && matches!(
                    tokens[i - 1].token,
                    Token::Return | Token::Assign | Token::Question | Token::Plus | Token::Minus | Token::Star
                );
            let type_follows = !value_expected
                && (matches!(next, Some(Token::Ident(_) | Token::TypeName(_)))
                    && matches!(after, Some(Token::Ident(_) | Token::Lt | Token::TemplateLt))
                    || pointer_type);
            // `__subscript(int i) -> no_diff float`: a result type's modifier.
            let modifier_follows = matches!(next, Some(Token::In | Token::Out | Token::Inout | Token::Const))
                || (i > 0 && tokens[i - 1].token == Token::Arrow);
            let expression_follows = matches!(next, Some(Token::Ident(_) | Token::TypeName(_)));
            if type_follows || modifier_follows {
                Some(Token::NoDiff)
            } else {
                expression_follows.then_some(Token::NoDiffExpr)
            }
        }
        "optional" if i > 0 && tokens[i - 1].token == Token::Where => Some(Token::Optional),
        // HLSL 2021's `auto x = e;`: Slang's `var x = e;`, the type the value's.
        "auto"
            if matches!(next, Some(Token::Ident(_)))
                && matches!(tokens.get(i + 2).map(|t| &t.token), Some(Token::Assign)) =>
        {
            Some(Token::Var)
        }
        "countof" if next == Some(&Token::LParen) => Some(Token::Countof),
        "__trimFirst" | "__trimLast" if next == Some(&Token::LParen) => {
            Some(if word == "__trimFirst" { Token::TrimFirst } else { Token::TrimLast })
        }
        "nonempty" if i > 0 && tokens[i - 1].token == Token::Where => Some(Token::Nonempty),
        // `each T`, `each v`, `each __trimFirst(v)`, `each (e)`.
        "each" if matches!(next, Some(Token::Ident(_) | Token::LParen)) => Some(Token::Each),
        // `expand each T`, `expand f(each v)`, `expand (sum += each v)`, `expand S<each T>`.
        "expand" if matches!(next, Some(Token::Ident(_) | Token::LParen)) => Some(Token::Expand),
        // `f(…) throws E`, `throw e;`, `try f(…)`, `} catch (…)`.
        "throws" if i > 0 && tokens[i - 1].token == Token::RParen && matches!(next, Some(Token::Ident(_))) => {
            Some(Token::Throws)
        }
        "throw" | "try" if expression_follows(next) => Some(if word == "throw" { Token::Throw } else { Token::Try }),
        "catch"
            if i > 0 && tokens[i - 1].token == Token::RBrace && matches!(next, Some(Token::LParen | Token::LBrace)) =>
        {
            Some(Token::Catch)
        }
        "func" => {
            let named = matches!(next, Some(Token::Ident(_)));
            let opens = matches!(tokens.get(i + 2).map(|t| &t.token), Some(Token::LParen | Token::Lt));
            (named && opens).then_some(Token::Func)
        }
        _ => None,
    }
}

/// Slang accepts a comma after the last argument or parameter (`f(a, b,)`); C's grammar does
/// not, and no other construct puts a `,` right before a `)`, so the comma is dropped.
fn trailing_commas(tokens: &mut Vec<SpannedToken>) {
    let dangling: Vec<bool> = (0..tokens.len())
        .map(|i| tokens[i].token == Token::Comma && tokens.get(i + 1).is_some_and(|t| t.token == Token::RParen))
        .collect();
    if dangling.contains(&true) {
        let mut i = 0;
        tokens.retain(|_| {
            i += 1;
            !dangling[i - 1]
        });
    }
}

/// Slang's `typedef` ends at its name (and array dimensions): the `;` after it may be left
/// out (`typedef A_Assoc Assoc` on a line of its own), and is put back here. Only where the
/// type is one name (`Box<int>`, `N::T`) and a third word (`typedef T Name int x;`) or the
/// `}` of the struct follows: C's two-word types (`unsigned int`) keep their meaning.
fn typedef_semicolons(tokens: &mut Vec<SpannedToken>) {
    let mut missing = Vec::new();
    for i in 0..tokens.len() {
        if tokens[i].token != Token::Typedef {
            continue;
        }
        let word = |k: usize| match tokens.get(k).map(|t| &t.token) {
            Some(Token::Ident(w)) => Some(w.as_str()),
            _ => None,
        };
        let Some(first) = word(i + 1) else { continue };
        if matches!(first, "unsigned" | "signed" | "long" | "short") {
            continue;
        }
        // The type: names joined by `::` or `.`, each with its balanced argument list.
        let mut k = i + 2;
        loop {
            if tokens.get(k).map(|t| &t.token) == Some(&Token::Lt) {
                let mut depth = 0usize;
                while let Some(t) = tokens.get(k) {
                    match t.token {
                        Token::Lt => depth += 1,
                        Token::Gt => depth -= 1,
                        Token::Shr => depth = depth.saturating_sub(2),
                        Token::Semi | Token::LBrace | Token::RBrace => break,
                        _ => {}
                    }
                    k += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            if matches!(tokens.get(k).map(|t| &t.token), Some(Token::ColonColon | Token::Dot)) && word(k + 1).is_some()
            {
                k += 2;
            } else {
                break;
            }
        }
        if word(k).is_none() {
            continue;
        }
        k += 1;
        while tokens.get(k).map(|t| &t.token) == Some(&Token::LBracket) {
            match tokens[k..].iter().position(|t| t.token == Token::RBracket) {
                Some(close) => k += close + 1,
                None => break,
            }
        }
        if word(k).is_some() || tokens.get(k).map(|t| &t.token) == Some(&Token::RBrace) {
            missing.push(k);
        }
    }
    for k in missing.into_iter().rev() {
        let span = tokens[k - 1].span;
        tokens.insert(k, SpannedToken { token: Token::Semi, span });
    }
}

/// Slang reaches into a namespace with `.` as well as `::` (`linalg.CoopMat`,
/// `geo.Side.Left`): a `.` after the name of a namespace the program (or a core module)
/// declares, at the start of a path, becomes `::`. A variable named as a namespace is not told
/// apart.
fn namespace_dots(tokens: &mut [SpannedToken]) {
    let namespaces: HashSet<String> = tokens
        .windows(2)
        .filter_map(|w| match (&w[0].token, &w[1].token) {
            (Token::Namespace, Token::Ident(n)) => Some(n.clone()),
            _ => None,
        })
        .collect();
    if namespaces.is_empty() {
        return;
    }
    for i in 0..tokens.len().saturating_sub(1) {
        let path_start = i == 0 || !matches!(tokens[i - 1].token, Token::Dot | Token::Namespace);
        let names = matches!(&tokens[i].token, Token::Ident(n) if namespaces.contains(n));
        if path_start && names && tokens[i + 1].token == Token::Dot {
            tokens[i + 1].token = Token::ColonColon;
        }
    }
}

pub fn classify(tokens: &mut Vec<SpannedToken>) {
    namespace_dots(tokens);
    trailing_commas(tokens);
    typedef_semicolons(tokens);
    split_attribute_lists(tokens);
    struct_declarators(tokens);
    contextual_keywords(tokens);
    visibility(tokens);
    glsl_words(tokens);
    layout_qualified_globals(tokens);
    let user = declared_type_names(tokens);
    let shadowed = shadowed_type_names(tokens, &user.global);
    // The generic parameters in scope: a sweep over the ranges, sorted by start.
    let mut next_scope = 0;
    let mut in_scope: Vec<(&str, usize)> = Vec::new();
    for &lt in &user.lists {
        tokens[lt].token = Token::TemplateLt;
    }
    for i in 0..tokens.len() {
        while let Some((name, start, end)) = user.scoped.get(next_scope).filter(|s| s.1 <= i) {
            if *end >= i && *start <= i {
                in_scope.push((name, *end));
            }
            next_scope += 1;
        }
        in_scope.retain(|(_, end)| *end >= i);
        let after_dot = i > 0 && tokens[i - 1].token == Token::Dot;
        let before_lt = tokens.get(i + 1).map(|t| &t.token) == Some(&Token::Lt);
        if let Token::Ident(name) = &mut tokens[i].token {
            // A member name (`.x`, `.Load`) is never a type, whatever else the name means.
            let generic = || in_scope.iter().any(|(n, _)| n == name);
            let variable =
                || !before_lt && shadowed.iter().any(|(n, start, end)| n == name && (*start..=*end).contains(&i));
            if !after_dot && (is_builtin_type(name) || user.global.contains(name) || generic()) && !variable() {
                let name = std::mem::take(name);
                tokens[i].token = Token::TypeName(name);
            }
        }
    }
    // After the type names are known: the qualifier goes where a type follows.
    drop_norm_qualifiers(tokens);
    untyped_accessor_params(tokens);
    value_type_paths(tokens, &user.global);
    nested_type_paths(tokens, &user.global);
    type_tests(tokens);
    mark_templates(tokens);
    partial_specializations(tokens);
    generic_type_members(tokens, &user.global);
    tuple_parens(tokens);
    super::spirv_asm::read_blocks(tokens);
}

/// `template<typename T> struct S<vector<T, 3> >`: the `<` after the name of a struct whose
/// `template` prefix has parameters opens the patterns of a partial specialization.
fn partial_specializations(tokens: &mut [SpannedToken]) {
    for i in 2..tokens.len().saturating_sub(2) {
        let named = matches!(tokens[i + 1].token, Token::Ident(_) | Token::TypeName(_));
        let opens = matches!(tokens[i + 2].token, Token::TemplateLt | Token::Lt);
        if !matches!(tokens[i].token, Token::Struct | Token::Class)
            || !named
            || !opens
            || tokens[i - 1].token != Token::Gt
        {
            continue;
        }
        // Back to the `template <` the `>` closes.
        let mut depth = 0usize;
        let mut j = i - 1;
        let open = loop {
            match tokens[j].token {
                Token::Gt => depth += 1,
                Token::Lt | Token::TemplateLt => {
                    depth -= 1;
                    if depth == 0 {
                        break Some(j);
                    }
                }
                Token::Semi | Token::LBrace | Token::RBrace => break None,
                _ => {}
            }
            if j == 0 {
                break None;
            }
            j -= 1;
        };
        let Some(open) = open else { continue };
        if open >= 1 && tokens[open - 1].token == Token::Template && open + 1 < i - 1 {
            tokens[i + 2].token = Token::SpecializationLt;
        }
    }
}

/// Slang 2026's tuple syntax (`#language slang 2026`): `(a, b)` where a value is expected is
/// `makeTuple(a, b)`. Parentheses after a name, `]` or a closing parenthesis are a call's (or
/// a declaration's), after `if`, `while`, `for` and `switch` a statement's, so only those after
/// an operator, a separator, `return` or a cast (`(MyType)(1, 2)`) are read so.
fn tuple_parens(tokens: &mut Vec<SpannedToken>) {
    let Some(marker) = tokens.iter().position(|t| t.token == Token::Language2026) else { return };
    tokens.remove(marker);
    let mut at = Vec::new();
    for open in 0..tokens.len() {
        if tokens[open].token != Token::LParen || !value_paren(tokens, open) {
            continue;
        }
        let Some(close) = matching_paren(tokens, open) else { continue };
        let mut depth = 0i32;
        let comma = tokens[open + 1..close].iter().any(|t| match t.token {
            Token::LParen | Token::LBracket | Token::LBrace => {
                depth += 1;
                false
            }
            Token::RParen | Token::RBracket | Token::RBrace => {
                depth -= 1;
                false
            }
            Token::Comma => depth == 0,
            _ => false,
        });
        if comma {
            at.push(open);
        }
    }
    for open in at.into_iter().rev() {
        let span = tokens[open].span;
        tokens.insert(open, SpannedToken { token: Token::Ident("makeTuple".into()), span });
    }
}

/// Whether the `(` at `open` starts a parenthesized value rather than a call's or a
/// statement's list.
fn value_paren(tokens: &[SpannedToken], open: usize) -> bool {
    use Token as T;
    let Some(previous) = open.checked_sub(1).map(|i| &tokens[i].token) else { return true };
    match previous {
        T::LParen | T::LBracket | T::LBrace | T::Comma | T::Semi | T::Colon | T::Question | T::Return => true,
        T::Plus | T::Minus | T::Star | T::Slash | T::Percent | T::EqEq | T::NotEq | T::Lt | T::Le | T::Ge => true,
        T::AndAnd | T::OrOr | T::Bang | T::Tilde | T::Amp | T::Pipe | T::Caret | T::Shl | T::Shr => true,
        T::Assign | T::PlusAssign | T::MinusAssign | T::StarAssign | T::SlashAssign | T::PercentAssign => true,
        T::AmpAssign | T::PipeAssign | T::CaretAssign | T::ShlAssign | T::ShrAssign | T::FatArrow => true,
        // `(MyType)(1, 2)`: a cast's parentheses hold one type name.
        T::RParen => {
            open >= 3 && tokens[open - 3].token == T::LParen && matches!(tokens[open - 2].token, T::TypeName(_))
        }
        _ => false,
    }
}

/// `Box<float>.Inner` and `Box<float>::Inner`: after the `>` closing a generic type's argument
/// list, a `.` or `::` and a name declared as a type are one [`Token::TypeMember`], so the
/// grammar reads a type there, not a member of a value. Every resource type has Slang's
/// `.Handle` (`Texture2D.Handle`, `StructuredBuffer<float>.Handle`).
fn generic_type_members(tokens: &mut Vec<SpannedToken>, declared: &HashSet<String>) {
    let member = |tokens: &[SpannedToken], i: usize| -> Option<String> {
        if !matches!(tokens.get(i)?.token, Token::Dot | Token::ColonColon) {
            return None;
        }
        match &tokens.get(i + 1)?.token {
            Token::Ident(n) | Token::TypeName(n) if declared.contains(n) || n == "Handle" || n == "Differential" => {
                Some(n.clone())
            }
            _ => None,
        }
    };
    let resource = |tokens: &[SpannedToken], i: usize| -> bool {
        let is_resource = |n: &str| {
            OTHER_TYPES.contains(&n) && (n.ends_with("Buffer") || n.contains("Texture") || n.starts_with("Sampler"))
        };
        matches!(&tokens[i].token, Token::TypeName(n) if is_resource(n))
            && matches!(tokens.get(i + 2).map(|t| &t.token), Some(Token::Ident(n)) if n == "Handle")
    };
    let closes_type_list = |tokens: &[SpannedToken], gt: usize| -> bool {
        let mut depth = 0usize;
        for k in (0..=gt).rev() {
            match tokens[k].token {
                Token::Gt => depth += 1,
                Token::TemplateLt => {
                    depth -= 1;
                    if depth == 0 {
                        return k > 0 && matches!(tokens[k - 1].token, Token::TypeName(_));
                    }
                }
                Token::Semi | Token::LBrace | Token::RBrace => return false,
                _ => {}
            }
        }
        false
    };
    let mut i = 0;
    while i + 2 < tokens.len() {
        let after = matches!(tokens[i].token, Token::Gt) && closes_type_list(tokens, i)
            || matches!(tokens[i].token, Token::TypeMember(_))
            || resource(tokens, i);
        if after {
            if let Some(name) = member(tokens, i + 1) {
                let span = tokens[i + 1].span.to(tokens[i + 2].span);
                tokens[i + 1] = SpannedToken { token: Token::TypeMember(name), span };
                tokens.remove(i + 2);
            }
        }
        i += 1;
    }
}

/// Slang's `value is T` and `value as T`: `is` and `as` are keywords only between what ends a
/// value and a type name, so HLSL code may still name variables `as`.
fn type_tests(tokens: &mut [SpannedToken]) {
    for i in 1..tokens.len().saturating_sub(1) {
        let word = match &tokens[i].token {
            Token::Ident(w) if w == "is" => Token::Is,
            Token::Ident(w) if w == "as" => Token::As,
            _ => continue,
        };
        let after_value = matches!(
            tokens[i - 1].token,
            Token::Ident(_)
                | Token::TypeName(_)
                | Token::RParen
                | Token::RBracket
                | Token::IntLit(_)
                | Token::FloatLit(_)
                | Token::True
                | Token::False
        );
        if after_value && matches!(tokens[i + 1].token, Token::TypeName(_)) {
            tokens[i].token = word;
        }
    }
}

/// The type Slang's `set(newValue) {…}` accessor gives its parameter: the property's (sema
/// reads this name so).
pub const PROPERTY_TYPE: &str = "__property_type";

/// Slang's `set(newValue) {…}`, its parameter's type left out: the type is written in as
/// [`PROPERTY_TYPE`], so the parameter parses as any other.
fn untyped_accessor_params(tokens: &mut Vec<SpannedToken>) {
    let mut i = 0;
    while i + 4 < tokens.len() {
        let is = |k: usize, t: &Token| tokens[i + k].token == *t;
        if matches!(&tokens[i].token, Token::Ident(n) if n == "set")
            && is(1, &Token::LParen)
            && matches!(tokens[i + 2].token, Token::Ident(_))
            && is(3, &Token::RParen)
            && is(4, &Token::LBrace)
        {
            let span = tokens[i + 2].span;
            tokens.insert(i + 2, SpannedToken { token: Token::TypeName(PROPERTY_TYPE.to_string()), span });
        }
        i += 1;
    }
}

/// Slang's `obj.Assoc x` (an associated type of a value's type) in a declaration: a value's
/// name, `.`, a declared type name and the declared variable's name are one type name,
/// `obj.Assoc`, to the parser.
fn value_type_paths(tokens: &mut Vec<SpannedToken>, declared: &HashSet<String>) {
    let at = |tokens: &[SpannedToken], i: usize| -> bool {
        matches!(
            (tokens.get(i).map(|t| &t.token), tokens.get(i + 1).map(|t| &t.token), tokens.get(i + 2).map(|t| &t.token), tokens.get(i + 3).map(|t| &t.token)),
            (Some(Token::Ident(_)), Some(Token::Dot), Some(Token::Ident(a)), Some(Token::Ident(_))) if declared.contains(a)
        ) && (i == 0
            || matches!(
                tokens[i - 1].token,
                Token::Semi | Token::LBrace | Token::RBrace | Token::LParen | Token::Comma
            ))
    };
    let mut i = 0;
    while i + 3 < tokens.len() {
        if at(tokens, i) {
            let (Token::Ident(v), Token::Ident(a)) = (&tokens[i].token, &tokens[i + 2].token) else { unreachable!() };
            let name = format!("{v}.{a}");
            let span = tokens[i].span.to(tokens[i + 2].span);
            tokens[i] = SpannedToken { token: Token::TypeName(name), span };
            tokens.drain(i + 1..i + 3);
        }
        i += 1;
    }
}

/// Variables, parameters and fields named as a type is (`float3 L1 = …` beside `struct L1`;
/// `int elementSum(int2x2 matrix)`, which Slang allows since `vector` and `matrix` are generic
/// types of its core module, not keywords), as C++ lets a declaration hide a type's name: each
/// as `(name, first token, last token)` of its scope, where the name alone is the variable and
/// only `matrix<…>` the type. A parameter's scope is its function; any other's, the rest of
/// the block or struct that declares it. A `typedef` declares a type, not a variable.
fn shadowed_type_names(tokens: &[SpannedToken], types: &HashSet<String>) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for i in 1..tokens.len() {
        let Token::Ident(name) = &tokens[i].token else { continue };
        if !(types.contains(name) || is_builtin_type(name)) {
            continue;
        }
        // After a type, not after Slang's `value as T` / `value is T`, whose words are still names.
        let after_type = match &tokens[i - 1].token {
            Token::Ident(w) => w != "as" && w != "is",
            Token::TypeName(_) | Token::Gt => true,
            // A pointer's name (`NFloat* matrix`).
            Token::Star => {
                i > 1 && matches!(tokens[i - 2].token, Token::Ident(_) | Token::TypeName(_) | Token::Gt | Token::Star)
            }
            _ => false,
        };
        let declarator_follows = matches!(
            tokens.get(i + 1).map(|t| &t.token),
            Some(Token::Semi | Token::Comma | Token::RParen | Token::Assign | Token::LBracket | Token::Colon)
        );
        if !(after_type && declarator_follows) || in_typedef(tokens, i) {
            continue;
        }
        let mut depth = 0usize;
        let mut parameter = false;
        let mut opener = None;
        for k in (0..i).rev() {
            match tokens[k].token {
                Token::RParen | Token::RBrace => depth += 1,
                Token::LParen if depth == 0 => {
                    parameter = true;
                    break;
                }
                Token::LBrace if depth == 0 => {
                    opener = Some(k);
                    break;
                }
                Token::LParen | Token::LBrace => depth -= 1,
                _ => {}
            }
        }
        let end = match (parameter, opener) {
            (true, _) => declaration_end(tokens, i),
            (false, Some(open)) => declaration_end(tokens, open),
            (false, None) => tokens.len(),
        };
        found.push((name.clone(), i, end));
    }
    found
}

/// Whether the declaration holding token `i` is a `typedef`.
fn in_typedef(tokens: &[SpannedToken], i: usize) -> bool {
    tokens[..i]
        .iter()
        .rev()
        .take_while(|t| !matches!(t.token, Token::Semi | Token::LBrace | Token::RBrace))
        .any(|t| t.token == Token::Typedef)
}

/// `S::Inner`, `T::Assoc` and Slang's `T.Assoc`: a type named inside another type is one type
/// name to the parser, `S::Inner` (its right side is declared as a type somewhere, as a nested
/// struct, typedef or associated type). After an enum's name it is a case (`Use.MatrixA` beside a
/// type `MatrixA`): enums hold no types.
fn nested_type_paths(tokens: &mut Vec<SpannedToken>, declared: &HashSet<String>) {
    let enums: HashSet<String> = tokens
        .windows(3)
        .filter_map(|w| match (&w[0].token, &w[1].token, &w[2].token) {
            (Token::Enum, Token::Ident(n) | Token::TypeName(n), _) => Some(n.clone()),
            (Token::Enum, Token::Struct | Token::Class, Token::Ident(n) | Token::TypeName(n)) => Some(n.clone()),
            _ => None,
        })
        .collect();
    let joins = |prev: &Token, sep: &Token, next: &Token| match (prev, sep, next) {
        (Token::TypeName(outer), Token::ColonColon | Token::Dot, Token::TypeName(inner) | Token::Ident(inner)) => {
            let last = outer.rsplit("::").next().unwrap_or(outer);
            // Slang's `T.Differential` names every differentiable type's differential.
            (declared.contains(inner) && !is_builtin_type(outer) && !enums.contains(last)) || inner == "Differential"
        }
        _ => false,
    };
    // Most files have none: they keep their tokens untouched (no copy of every identifier).
    if !tokens.windows(3).any(|w| joins(&w[0].token, &w[1].token, &w[2].token)) {
        return;
    }
    let mut out: Vec<SpannedToken> = Vec::with_capacity(tokens.len());
    let mut rest = std::mem::take(tokens).into_iter().peekable();
    while let Some(t) = rest.next() {
        let merge = match (out.last(), rest.peek()) {
            (Some(prev), Some(_)) if matches!(t.token, Token::ColonColon | Token::Dot) => {
                // Look one further without consuming: `prev`, `t`, then the next token.
                let next = rest.peek().map(|n| &n.token);
                next.is_some_and(|n| joins(&prev.token, &t.token, n))
            }
            _ => false,
        };
        if merge {
            let next = rest.next().expect("peeked");
            let prev = out.last_mut().expect("a previous token");
            if let (Token::TypeName(outer), Token::TypeName(inner) | Token::Ident(inner)) = (&prev.token, &next.token) {
                prev.token = Token::TypeName(format!("{outer}::{inner}"));
                prev.span = prev.span.to(next.span);
            }
        } else {
            out.push(t);
        }
    }
    *tokens = out;
}

fn ident(tokens: &[SpannedToken], i: usize) -> Option<&str> {
    match tokens.get(i).map(|t| &t.token) {
        Some(Token::Ident(s)) => Some(s),
        _ => None,
    }
}

/// The type names a file declares: file-wide ones (structs, typedefs, enums…), and generic
/// type parameters, each a type only within its declaration (`T` of `struct Pair<T>` is a
/// name again after the struct, so `float3 T;` elsewhere still works), as token ranges.
struct DeclaredTypes {
    global: HashSet<String>,
    /// `(name, first token, last token)`, sorted by first token.
    scoped: Vec<(String, usize, usize)>,
    /// The `<` of each generic function's parameter list (`T f<T, let N : int>(…)`).
    lists: Vec<usize>,
}

/// The index of the `)` closing the `(` at `open`.
fn matching_paren(tokens: &[SpannedToken], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.token {
            Token::LParen => depth += 1,
            Token::RParen => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            Token::LBrace | Token::RBrace | Token::Semi => return None,
            _ => {}
        }
    }
    None
}

fn declared_type_names(tokens: &[SpannedToken]) -> DeclaredTypes {
    let mut names = HashSet::default();
    let mut scoped = Vec::new();
    let mut lists = Vec::new();
    let mut scope = |params: Vec<String>, start: usize, from: usize| {
        let end = declaration_end(tokens, from);
        scoped.extend(params.into_iter().map(|p| (p, start, end)));
    };
    for i in 0..tokens.len() {
        // Slang's `This` (the enclosing type or, in an interface, the conforming one) is a type
        // only inside a type's declaration: HLSL code elsewhere names variables `This`.
        if matches!(tokens[i].token, Token::Struct | Token::Class | Token::Interface | Token::Extension) {
            scope(vec!["This".to_string()], i, i + 1);
        }
        match &tokens[i].token {
            Token::Struct | Token::Class | Token::Interface | Token::Enum => {
                if let Some(name) = ident(tokens, i + 1) {
                    names.insert(name.to_string());
                    if tokens.get(i + 2).map(|t| &t.token) == Some(&Token::Lt) {
                        if let Some((params, _, _)) = generic_params(tokens, i + 3) {
                            scope(params, i, i + 3);
                        }
                    }
                }
            }
            // `__init<T : IInteger>(…)`: a generic constructor.
            Token::Init if tokens.get(i + 1).map(|t| &t.token) == Some(&Token::Lt) => {
                if let Some((params, _, end)) = generic_params(tokens, i + 2) {
                    scope(params, i, end);
                    lists.push(i + 1);
                }
            }
            // `typealias Name = …;`
            Token::Typealias | Token::Associatedtype => {
                names.extend(ident(tokens, i + 1).map(str::to_string));
                if tokens.get(i + 2).map(|t| &t.token) == Some(&Token::Lt) {
                    if let Some((params, _, _)) = generic_params(tokens, i + 3) {
                        scope(params, i, i + 3);
                    }
                }
            }
            // `using Name = …;` (HLSL 2021's alias; `using namespace` names no type)
            Token::Using if tokens.get(i + 2).map(|t| &t.token) == Some(&Token::Assign) => {
                names.extend(ident(tokens, i + 1).map(str::to_string));
            }
            // `extension<T : IFoo> T : IBar { … }`, `__subscript<T>(T i) -> float { … }`
            Token::Extension | Token::Subscript if tokens.get(i + 1).map(|t| &t.token) == Some(&Token::Lt) => {
                if let Some((params, _, _)) = generic_params(tokens, i + 2) {
                    scope(params, i, i + 2);
                }
            }
            // `__generic<T : I, let N : int>` and `template<typename T, int N>`: the type
            // parameters (value parameters stay names).
            Token::Generic | Token::Template if tokens.get(i + 1).map(|t| &t.token) == Some(&Token::Lt) => {
                scope(prefix_type_params(tokens, i + 2), i, i + 2);
            }
            // `T operator+<T>(T a, T b) where …`: a generic operator overload. The `<` follows
            // the operator's symbol (one token, or `[]` and `()`), never `operator` itself.
            Token::Lt if generic_operator_list(tokens, i) => {
                if let Some((params, _, end)) = generic_params(tokens, i + 1) {
                    if tokens.get(end + 1).map(|t| &t.token) == Some(&Token::LParen) {
                        scope(params, declaration_start(tokens, i), end);
                        lists.push(i);
                    }
                }
            }
            Token::Typedef => {
                // The name is the last identifier before the array dimensions or the `;`.
                let mut last = None;
                for t in &tokens[i + 1..] {
                    match &t.token {
                        Token::Ident(s) => last = Some(s.clone()),
                        Token::LBracket | Token::Semi | Token::LBrace | Token::RBrace => break,
                        _ => {}
                    }
                }
                names.extend(last);
            }
            Token::Ident(_) if tokens.get(i + 1).map(|t| &t.token) == Some(&Token::Lt) => {
                // `T f<T : c>(…)` declares `T`; `f<T>(x)` (a call) does not. A declaration has
                // a return type (or `func`) before the name, a constraint, or a body after
                // its parameters.
                let after_type = i > 0
                    && matches!(tokens[i - 1].token, Token::Ident(_) | Token::TypeName(_) | Token::Gt | Token::Func);
                if let Some((params, constrained, end)) = generic_params(tokens, i + 2) {
                    let call_like = tokens.get(end + 1).map(|t| &t.token) == Some(&Token::LParen);
                    let builtin_before = i > 0 && matches!(&tokens[i - 1].token, Token::Ident(s) if is_builtin_type(s));
                    let body_follows = call_like
                        && matching_paren(tokens, end + 1).is_some_and(|close| {
                            matches!(
                                tokens.get(close + 1).map(|t| &t.token),
                                Some(Token::LBrace | Token::Where | Token::Arrow | Token::Colon)
                            )
                        });
                    if call_like && (constrained || after_type || builtin_before || body_follows) {
                        // The return type, before the name, may be a parameter too.
                        scope(params, declaration_start(tokens, i), end);
                        lists.push(i + 1);
                    }
                }
            }
            _ => {}
        }
    }
    scoped.sort_by_key(|s| s.1);
    DeclaredTypes { global: names, scoped, lists }
}

/// Whether the `<` at `lt` comes right after an operator's name (`operator+`, `operator[]`,
/// `operator<`), where it can only open the operator's generic parameters.
fn generic_operator_list(tokens: &[SpannedToken], lt: usize) -> bool {
    let at = |k: usize| lt.checked_sub(k).map(|k| &tokens[k].token);
    let two_token = matches!(
        (at(2), at(1)),
        (Some(Token::LBracket), Some(Token::RBracket)) | (Some(Token::LParen), Some(Token::RParen))
    );
    if two_token {
        return at(3) == Some(&Token::Operator);
    }
    at(2) == Some(&Token::Operator) && !matches!(at(1), Some(Token::LParen | Token::LBracket))
}

/// The first token of the declaration holding token `i`: just after the `;`, `{` or `}`
/// before it.
fn declaration_start(tokens: &[SpannedToken], i: usize) -> usize {
    (0..i).rev().find(|&k| matches!(tokens[k].token, Token::Semi | Token::LBrace | Token::RBrace)).map_or(0, |k| k + 1)
}

/// The last token of the declaration going on at `from`: its `;` (a prototype), or the `}`
/// closing its body.
fn declaration_end(tokens: &[SpannedToken], from: usize) -> usize {
    let mut parens = 0usize;
    let mut k = from;
    while let Some(t) = tokens.get(k) {
        match t.token {
            Token::LParen => parens += 1,
            Token::RParen => parens = parens.saturating_sub(1),
            Token::Semi if parens == 0 => return k,
            Token::LBrace if parens == 0 => {
                let mut depth = 0usize;
                while let Some(t) = tokens.get(k) {
                    match t.token {
                        Token::LBrace => depth += 1,
                        Token::RBrace => {
                            depth -= 1;
                            if depth == 0 {
                                return k;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                return tokens.len();
            }
            _ => {}
        }
        k += 1;
    }
    tokens.len()
}

/// The type parameters of a generic prefix's list starting at `start` (after its `<`): `T`,
/// `T : I`, `typename T`, `class T`; not `let N : int` or `int N`.
fn prefix_type_params(tokens: &[SpannedToken], start: usize) -> Vec<String> {
    let mut names = Vec::new();
    let mut segment: Vec<&Token> = Vec::new();
    let mut flush = |segment: &mut Vec<&Token>| {
        match segment.as_slice() {
            [Token::Typename | Token::Class, Token::Ident(n)] => names.push(n.clone()),
            [Token::Ident(n)] | [Token::Ident(n), Token::Colon, ..] => names.push(n.clone()),
            _ => {}
        }
        segment.clear();
    };
    for t in &tokens[start..] {
        match &t.token {
            Token::Comma => flush(&mut segment),
            Token::Gt | Token::Shr => {
                flush(&mut segment);
                break;
            }
            Token::Semi | Token::LBrace | Token::LParen => break,
            other => segment.push(other),
        }
    }
    names
}

/// Reads a generic parameter list from `start` (after its `<`) to its closing `>`: `T`, `T : I`,
/// `T = int`, `typename T`, `each T` (type parameters), `let N : int`, `int N = 4` (value
/// parameters, which stay names). Returns the type parameters' names, whether any has a
/// constraint, and the index of the `>`; `None` if the tokens are no parameter list.
fn generic_params(tokens: &[SpannedToken], start: usize) -> Option<(Vec<String>, bool, usize)> {
    let mut names = Vec::new();
    let mut constrained = false;
    let mut segment_start = start;
    let (mut angles, mut parens) = (0usize, 0usize);
    let mut i = start;
    loop {
        let closes = match tokens.get(i)?.token {
            Token::Gt if angles == 0 && parens == 0 => true,
            Token::Comma if angles == 0 && parens == 0 => false,
            Token::Lt => {
                angles += 1;
                i += 1;
                continue;
            }
            Token::Gt => {
                angles = angles.checked_sub(1)?;
                i += 1;
                continue;
            }
            // `>>` closes a nested list and this one (`T : IFoo<U>>`), or two nested ones.
            Token::Shr if parens == 0 => match angles {
                0 => return None,
                1 => {
                    angles = 0;
                    true
                }
                _ => {
                    angles -= 2;
                    i += 1;
                    continue;
                }
            },
            Token::LParen => {
                parens += 1;
                i += 1;
                continue;
            }
            Token::RParen => {
                parens = parens.checked_sub(1)?;
                i += 1;
                continue;
            }
            Token::Semi | Token::LBrace | Token::RBrace => return None,
            _ => {
                i += 1;
                continue;
            }
        };
        let segment: Vec<&Token> = tokens[segment_start..i].iter().map(|t| &t.token).collect();
        let word = |t: &Token| matches!(t, Token::Ident(_) | Token::TypeName(_));
        // A value parameter of a type in a namespace, `linalg::MatrixUse U`: the namespaces go.
        let mut unqualified = segment.as_slice();
        while let [ns, Token::ColonColon, rest @ ..] = unqualified {
            if !word(ns) {
                break;
            }
            unqualified = rest;
        }
        let segment: &[&Token] = match unqualified {
            [ty, Token::Ident(_), ..] if word(ty) => unqualified,
            _ => segment.as_slice(),
        };
        match segment {
            [Token::Let, Token::Ident(_), Token::Colon, ..] => {}
            [Token::Each, Token::Ident(n), rest @ ..] => {
                names.push(n.clone());
                constrained |= rest.first() == Some(&&Token::Colon);
            }
            [Token::Typename | Token::Class, Token::Ident(n), ..] => names.push(n.clone()),
            // A value parameter in Slang's other spelling, `int N` or `uint N = 4`.
            [ty, Token::Ident(_), ..] if word(ty) => {}
            [Token::Ident(n)] | [Token::Ident(n), Token::Assign, ..] => names.push(n.clone()),
            [Token::Ident(n), Token::Colon, ..] => {
                names.push(n.clone());
                constrained = true;
            }
            _ => return None,
        }
        if closes {
            return Some((names, constrained, i));
        }
        i += 1;
        segment_start = i;
    }
}

/// What the `<` at `lt`, after an identifier, opens: a generic call's argument list when its
/// matching `>` comes before anything that cannot appear in a type list and is followed by `(`;
/// an instance's (`bwd_diff(apply<Foo>)`) when followed by `)` where a function is named for
/// differentiation; else nothing (a comparison).
fn generic_list_ahead(tokens: &[SpannedToken], lt: usize) -> Option<Token> {
    let mut depth = 1usize;
    let mut i = lt + 1;
    let close = loop {
        let t = tokens.get(i)?;
        match t.token {
            Token::Gt | Token::Shr => {
                let n = if t.token == Token::Gt { 1 } else { 2 };
                if n > depth {
                    return None;
                }
                depth -= n;
                if depth == 0 {
                    break i;
                }
            }
            Token::Lt => depth += 1,
            _ if !in_generic_list(tokens, i) => return None,
            _ => {}
        }
        i += 1;
    };
    match tokens.get(close + 1).map(|t| &t.token) {
        Some(Token::LParen) => Some(Token::TemplateLt),
        Some(Token::RParen) if names_for_derivative(tokens, lt) => Some(Token::InstanceLt),
        // A generic's instance as a value (`twice(scale<int>, 3)`, `let g = scale<int>;`): an
        // argument or initializer of its own.
        Some(Token::RParen | Token::Comma | Token::Semi)
            if lt >= 2 && matches!(tokens[lt - 2].token, Token::LParen | Token::Comma | Token::Assign) =>
        {
            Some(Token::InstanceLt)
        }
        _ => None,
    }
}

/// Whether the function name before the `<` at `lt` is the argument of a differentiation
/// operator (`fwd_diff(f<T>)`) or of an attribute naming a derivative or a substitute.
fn names_for_derivative(tokens: &[SpannedToken], lt: usize) -> bool {
    const NAMING: &[&str] = &[
        "fwd_diff",
        "bwd_diff",
        "__fwd_diff",
        "__bwd_diff",
        "ForwardDerivative",
        "BackwardDerivative",
        "ForwardDerivativeOf",
        "BackwardDerivativeOf",
        "PrimalSubstitute",
        "PrimalSubstituteOf",
    ];
    lt >= 3
        && tokens[lt - 2].token == Token::LParen
        && matches!(&tokens[lt - 3].token, Token::Ident(n) if NAMING.contains(&n.as_str()))
}

/// Whether the token at `i`, inside a `<…>` after a name, can be part of a generic argument list.
fn in_generic_list(tokens: &[SpannedToken], i: usize) -> bool {
    match tokens[i].token {
            Token::TypeName(_)
            | Token::Ident(_)
            | Token::IntLit(_)
            | Token::FloatLit(_)
            | Token::True
            | Token::False
            | Token::Comma
            | Token::Let
            | Token::Colon
            // `f<Color::Red>()`, `f<Color.Red>()`: an enum's case.
            | Token::ColonColon
            | Token::Dot
            // An array type among the arguments: `buf.Load<S[2]>(at)`.
            | Token::LBracket
            | Token::RBracket
            // Packs: `f<expand each T>(…)`, `f<__trimFirst(T)>(…)`.
            | Token::Each
            | Token::Expand
            | Token::TrimFirst
            | Token::TrimLast
            | Token::Countof
            | Token::LParen
            | Token::RParen => true,
            // A pointer type among the arguments (`bit_cast<int*>(x)`).
            Token::Star => matches!(tokens[i - 1].token, Token::TypeName(_) | Token::Star | Token::Gt | Token::TemplateLt),
        _ => false,
    }
}

/// Turns each `<` that opens a template argument list into `template<`, and splits a `>>`
/// that closes two lists into two `>`. Works in place; only a split rebuilds the stream.
fn mark_templates(tokens: &mut Vec<SpannedToken>) {
    let mut open = 0usize;
    let mut splits = Vec::new();
    for i in 0..tokens.len() {
        match tokens[i].token {
            Token::Lt => {
                let opens = match i.checked_sub(1).map(|p| &tokens[p].token) {
                    Some(Token::TypeName(_) | Token::Extension | Token::Subscript) => true,
                    Some(Token::Ident(_)) => match generic_list_ahead(tokens, i) {
                        Some(Token::InstanceLt) => {
                            open += 1;
                            tokens[i].token = Token::InstanceLt;
                            continue;
                        }
                        found => found.is_some(),
                    },
                    _ => false,
                };
                if opens {
                    open += 1;
                    tokens[i].token = Token::TemplateLt;
                }
            }
            // A generic function's parameter list, opened before the stream changed.
            Token::TemplateLt => open += 1,
            Token::Gt if open > 0 => open -= 1,
            // `>>` closing two lists (`Buffer<vector<float, 4>>`) is two `>` tokens.
            Token::Shr if open > 0 => {
                open = open.saturating_sub(2);
                splits.push(i);
            }
            // A list never spans these; a stray `<` must not turn later `>`s into closers.
            Token::Semi | Token::LBrace | Token::RBrace => open = 0,
            _ => {}
        }
    }
    if splits.is_empty() {
        return;
    }
    let input = std::mem::take(tokens);
    let mut out = Vec::with_capacity(input.len() + splits.len());
    let mut next_split = splits.iter().peekable();
    for (i, t) in input.into_iter().enumerate() {
        if next_split.next_if_eq(&&i).is_some() {
            let mid = (t.span.start + 1).min(t.span.end);
            out.push(SpannedToken { token: Token::Gt, span: Span::new(t.span.start, mid) });
            out.push(SpannedToken { token: Token::Gt, span: Span::new(mid, t.span.end) });
        } else {
            out.push(t);
        }
    }
    *tokens = out;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lexer::lex_str;

    fn classified(s: &str) -> Vec<Token> {
        let mut t = lex_str(s, 1);
        t.retain(|t| t.token != Token::Newline);
        classify(&mut t);
        t.into_iter().map(|t| t.token).collect()
    }

    fn tn(s: &str) -> Token {
        Token::TypeName(s.into())
    }

    #[test]
    fn builtin_and_declared_types() {
        assert!(is_builtin_type("float4x4"));
        assert!(is_builtin_type("min16uint3"));
        assert!(!is_builtin_type("float5"));
        assert!(!is_builtin_type("floaty"));
        let t = classified("struct P { float4 a; }; typedef uint2 Pair[2]; P p; Pair q; x.P;");
        assert_eq!(t[1], tn("P"));
        assert_eq!(t[3], tn("float4"));
        assert!(t.contains(&tn("Pair")));
        assert_eq!(t[15], tn("P"));
        // A member name stays an identifier.
        assert_eq!(t.last(), Some(&Token::Semi));
        assert_eq!(t[t.len() - 2], Token::Ident("P".into()));
    }

    #[test]
    fn attribute_lists_split_into_one_list_each() {
        let t = classified("[[vk::binding(3, 4), vk::counter_binding(4)]] int a[2]; a[b[0]];");
        let brackets: String = t
            .iter()
            .map(|t| match t {
                Token::LBracket => '[',
                Token::RBracket => ']',
                Token::Comma => ',',
                _ => '.',
            })
            .filter(|c| *c != '.')
            .collect();
        // The comma between the attributes closes one list and opens the next; the one inside
        // `binding(3, 4)` stays.
        assert_eq!(brackets, "[[,]][[]][][[]]");

        let t = classified("[shader(\"compute\"), numthreads(8, 1, 1)] void f() { a[i, j]; [unroll, loop] for(;;){} }");
        let brackets: String = t
            .iter()
            .filter_map(|t| match t {
                Token::LBracket => Some('['),
                Token::RBracket => Some(']'),
                Token::Comma => Some(','),
                _ => None,
            })
            .collect();
        // Slang's single-bracket lists split the same way; an index keeps its comma.
        assert_eq!(brackets, "[][,,][,][][]");
    }

    #[test]
    fn templates_and_shift_split() {
        let mut t = lex_str("RWStructuredBuffer<vector<float,4>> b;", 1);
        classify(&mut t);
        let kinds: Vec<_> = t.iter().map(|t| t.token.clone()).collect();
        assert_eq!(kinds[1], Token::TemplateLt);
        assert_eq!(kinds[3], Token::TemplateLt);
        assert_eq!(kinds[7], Token::Gt);
        assert_eq!(kinds[8], Token::Gt);
        assert_eq!(t[7].span.end, t[8].span.start);
        assert_eq!(t[8].span.end - t[7].span.start, 2);
    }

    #[test]
    fn a_partial_specialization_opens_patterns_and_an_explicit_one_does_not() {
        let t = classified("template<typename T> struct S; template<typename T> struct S<vector<T, 3> > { T x; };");
        assert_eq!(t.iter().filter(|k| **k == Token::SpecializationLt).count(), 1);
        let t = classified("template<typename T> struct S; template<> struct S<float> { float x; };");
        assert!(!t.contains(&Token::SpecializationLt));
        let t = classified("__generic<T> struct S<U> { };");
        assert!(!t.contains(&Token::SpecializationLt));
    }

    #[test]
    fn generic_parameters_are_types_only_in_their_declaration() {
        let t =
            classified("struct P<T> { T a; } T f<T>(T x) { return x; } float T; template<typename U> U g(U u); U = 1;");
        assert_eq!(t[6], tn("T"), "inside the struct");
        assert_eq!(t[10], tn("T"), "the return type before the function's name");
        assert_eq!(t[16], tn("T"), "a parameter");
        assert_eq!(t[24], tn("float"));
        assert_eq!(t[25], Token::Ident("T".into()), "after both declarations");
        let last_u = t.iter().rposition(|x| matches!(x, Token::Ident(n) | Token::TypeName(n) if n == "U"));
        assert_eq!(t[last_u.unwrap()], Token::Ident("U".into()), "after the prototype's `;`");
    }

    #[test]
    fn generic_calls_and_declarations() {
        let t = classified("x = buf.Load<float4>(a); y = a < b; z = i < n > (c);");
        assert_eq!(t[5], Token::TemplateLt);
        assert!(t.contains(&Token::Lt));
        let t = classified("T WaveActiveSum<T : numeric_svm>(T value);");
        assert_eq!(t[0], tn("T"));
        assert_eq!(t[1], Token::Ident("WaveActiveSum".into()));
        assert_eq!(t[2], Token::TemplateLt);
        assert_eq!(t[3], tn("T"));
        assert_eq!(t[5], Token::Ident("numeric_svm".into()));
        // A generic call does not declare its arguments as types.
        let t = classified("x = f<N>(y);");
        assert_eq!(t[4], Token::Ident("N".into()));
        let t = classified("if (i < count) {} for (j = 0; j < n; ++j) {}");
        assert!(!t.contains(&Token::TemplateLt));
    }
}
