use super::*;

struct Run {
    sources: SourceMap,
    toks: Vec<SpannedToken>,
    diags: Vec<Diagnostic>,
}

impl Run {
    fn text(&self) -> String {
        self.toks.iter().map(|t| t.token.spelling()).collect::<Vec<_>>().join(" ")
    }

    fn codes(&self) -> Vec<&'static str> {
        self.diags.iter().map(|d| d.code).collect()
    }

    /// `file:line:col` of the first diagnostic with `code`.
    fn at(&self, code: &str) -> String {
        let d = self.diags.iter().find(|d| d.code == code).unwrap_or_else(|| panic!("no {code} in {:?}", self.diags));
        self.sources.describe(d.primary_span().expect("diagnostic without a label"))
    }

    /// `file:line:col` of the first output token spelled `s`.
    fn tok_at(&self, s: &str) -> String {
        let t =
            self.toks.iter().find(|t| t.token.spelling() == s).unwrap_or_else(|| panic!("no `{s}` in {}", self.text()));
        self.sources.describe(t.span)
    }
}

fn run_with(files: &[(&str, &str)], opts: PreprocessOptions) -> Run {
    run_limited(files, opts, MAX_TOKENS)
}

fn run_limited(files: &[(&str, &str)], opts: PreprocessOptions, max: usize) -> Run {
    let mut sources = SourceMap::new();
    let main = sources.add(files[0].0, files[0].1);
    let loader = files[1..].iter().fold(MemoryLoader::new(), |l, (p, t)| l.with(*p, *t));
    let (toks, diags) = preprocess_limited(&mut sources, main, &opts, &loader, max);
    Run { sources, toks, diags }
}

fn run(src: &str) -> Run {
    run_with(&[("main.hlsl", src)], PreprocessOptions::default())
}

/// Output of an input that must preprocess without diagnostics.
fn pp(src: &str) -> String {
    let r = run(src);
    assert!(r.diags.is_empty(), "unexpected diagnostics: {:?}", r.diags);
    r.text()
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn plain_text_passes_through_without_newlines() {
    let r = run("float4 x;\n\n  int y = 1;\n");
    assert_eq!(r.text(), "float4 x ; int y = 1 ;");
    assert!(r.toks.iter().all(|t| t.token != Token::Newline));
    assert_eq!(r.tok_at("y"), "main.hlsl:3:7");
}

#[test]
fn object_macros_and_invocation_spans() {
    let r = run("#define N 4\n#define M N * 2\nint a[M];\nx = N;");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "int a [ 4 * 2 ] ; x = 4 ;");
    // Body tokens point at the invocation in the user's text, even through two macros.
    assert_eq!(r.tok_at("*"), "main.hlsl:3:7");
    assert_eq!(r.sources.describe(r.toks[10].span), "main.hlsl:4:5");
}

#[test]
fn function_macros_keep_argument_spans() {
    let r = run("#define MAX(a, b) ((a) > (b) ? (a) : (b))\ny = MAX(1, f(2, 3));");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "y = ( ( 1 ) > ( f ( 2 , 3 ) ) ? ( 1 ) : ( f ( 2 , 3 ) ) ) ;");
    assert_eq!(r.tok_at("1"), "main.hlsl:2:9");
    assert_eq!(r.tok_at("f"), "main.hlsl:2:12");
    // The invocation span covers `MAX(...)`.
    assert_eq!(r.tok_at(">"), "main.hlsl:2:5");
    let gt = r.toks.iter().find(|t| t.token == Token::Gt).map(|t| t.span);
    assert_eq!(gt.map(|s| r.sources.snippet(s)), Some("MAX(1, f(2, 3))"));
}

#[test]
fn function_macro_name_without_paren_is_not_expanded() {
    assert_eq!(pp("#define F(x) [x]\nF + F(2) F\n(3) F"), "F + [ 2 ] [ 3 ] F");
    assert_eq!(pp("#define ADD(a, b) a + b\nADD(1,\n  2) ADD((1, 2), (3))"), "1 + 2 ( 1 , 2 ) + ( 3 )");
    assert_eq!(pp("#define E() e\nE() E ( )"), "e e");
}

#[test]
fn arguments_are_expanded_before_substitution_except_for_stringize() {
    let src = "#define A 1\n#define ID(x) x\n#define STR(x) #x\n#define XSTR(x) STR(x)\nSTR(A) XSTR(A) ID(ID(A))";
    assert_eq!(pp(src), "\"A\" \"1\" 1");
}

#[test]
fn stringize_keeps_text_and_normalises_whitespace() {
    assert_eq!(pp("#define S(x) #x\nS(a+b   c( d )) S(1.50f) S() S(\"q\")"), r#""a+b c( d )" "1.50f" "" "\"q\"""#);
    let r = run("#define S(x) #x\n  S(z)");
    assert_eq!(r.tok_at("\"z\""), "main.hlsl:2:3");
}

#[test]
fn token_pasting() {
    let src = "#define CAT(a, b) a ## b\n#define xy 42\n#define VAR(n) var_##n\nCAT(x, 1) CAT(1, 2) CAT(+, =) CAT(, y) CAT(z, ) CAT(x, y) VAR(3) CAT(0x1, F)";
    assert_eq!(pp(src), "x1 12 += y z 42 var_3 0x1f");
    // Pasted tokens are new tokens: they take the invocation's span.
    let r = run("#define CAT(a, b) a ## b\n  CAT(p, q)");
    assert_eq!(r.tok_at("pq"), "main.hlsl:2:3");
}

/// A number with letters written right after it is one C preprocessing number when pasted
/// (`T##16_t`), though the lexer reads `16_t` as `16` and `_t`; elsewhere it stays two tokens.
#[test]
fn pasting_a_preprocessing_number() {
    let src = "#define W(T) typedef T##16_t T##16;\n#define V(T, N) vector<T##16_t, N>\n#define N(x) 16_t x\n\
               W(uint) V(float, 2) N(y)";
    assert_eq!(pp(src), "typedef uint16_t uint16 ; vector < float16_t , 2 > 16 _t y");
}

#[test]
fn recursion_terminates() {
    let src = "#define A A\n#define B C\n#define C B\n#define f(x) f(x) + x\n#define foo foo a\nA B C f(1) foo";
    assert_eq!(pp(src), "A B C f ( 1 ) + 1 foo a");
}

#[test]
fn c_standard_example_of_rescanning() {
    // ISO C 6.10.3.5 example 3, the classic test of hide-set handling.
    let src = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n\
               #define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n\
               #define q(x) x\n#define r(x,y) x ## y\n#define str(x) # x\n\
               f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n\
               p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n";
    let want = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\
                f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\
                int i[] = { 1, 23, 4, 5, };";
    assert_eq!(squash(&pp(src)), squash(want));
}

#[test]
fn variadic_macros() {
    let src = "#define V(fmt, ...) f(fmt, __VA_ARGS__)\n#define G(fmt, ...) g(fmt, ## __VA_ARGS__)\n\
               #define N(args...) n(args)\nV(1, 2, (3, 4)) G(1) G(1, 2) N(a, b) N()";
    assert_eq!(pp(src), "f ( 1 , 2 , ( 3 , 4 ) ) g ( 1 ) g ( 1 , 2 ) n ( a , b ) n ( )");
}

#[test]
fn keywords_can_be_macro_names_and_parameters() {
    assert_eq!(pp("#define inline\n#define W(in) in + 1\ninline void f(); W(2)"), "void f ( ) ; 2 + 1");
}

#[test]
fn builtin_macros() {
    let r = run("a\n  __LINE__ __FILE__ __WAVEC__\n#if __WAVEC__ && defined(__WAVEC__)\nok\n#endif");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "a 2 \"main.hlsl\" 1 ok");
}

#[test]
fn every_conditional_form() {
    let src = "#define ONE 1\n\
               #if ONE\na\n#endif\n\
               #ifdef ONE\nb\n#endif\n\
               #ifndef TWO\nc\n#endif\n\
               #if defined(ONE) && !defined TWO\nd\n#elif 1\nno\n#endif\n\
               #if 0\nno\n#elif ONE + 1 == 2\ne\n#else\nno\n#endif\n\
               #if 0\n# if 1\nno\n# else\nno\n# endif\n#else\nf\n#endif\n\
               #if TWO\nno\n#elif 0\nno\n#else\ng\n#endif\n\
               #ifdef TWO\nno\n#else\nh\n#endif\n\
               #if 0\n#bogus directive\n#include \"missing.h\"\n#error no\n#endif\n\
               #if 1\ni\n#elif 1 / 0\nno\n#endif";
    assert_eq!(pp(src), "a b c d e f g h i");
}

#[test]
fn expression_operators() {
    let truths = [
        "1 + 2 * 3 == 7",
        "(1 + 2) * 3 == 9",
        "10 / 3 == 3",
        "10 % 3 == 1",
        "-10 / 3 == -3",
        "-10 % 3 == -1",
        "1 << 4 == 16",
        "-16 >> 2 == -4",
        "(5 & 3) == 1",
        "(5 | 3) == 7",
        "(5 ^ 3) == 6",
        "~0 == -1",
        "!0",
        "!5 == 0",
        "1 < 2",
        "2 > 1",
        "2 <= 2",
        "!(2 >= 3)",
        "1 != 2",
        "1 ? 2 : 0",
        "(0 ? 0 : 3) == 3",
        "(1 ? 2 : 3 ? 4 : 5) == 2",
        "-1 < 0",
        "-1 > 0u",
        "0xFFFFFFFFFFFFFFFF == -1",
        "1 || 1 / 0",
        "!(0 && 1 / 0)",
        "0 ? 1 / 0 : 1",
        "UNKNOWN == 0",
        "(2, 3) == 3",
        "true",
        "!false",
        "10L + 5ul == 15",
        "0x10 == 16",
        "010 == 8",
        "+3 == 3",
        "- -3 == 3",
        "1 << 64 == 0",
        "(-9223372036854775807 - 1) / -1 < 0",
        "defined UNKNOWN == 0",
        "3 - 2 - 1 == 0",
        "2 * 3 % 4 == 2",
        "(1 | 2 ^ 3 & 4) == 3",
        "1 == 1 == 1",
    ];
    for e in truths {
        let r = run(&format!("#if {e}\nyes\n#else\nno\n#endif"));
        assert!(r.diags.is_empty(), "{e}: {:?}", r.diags);
        assert_eq!(r.text(), "yes", "#if {e}");
    }
}

#[test]
fn if_expression_errors() {
    let r = run("#if 1 / 0\nx\n#endif\n#if 2 % (1 - 1)\ny\n#endif\nz");
    assert_eq!(r.codes(), ["E0106", "E0106"]);
    assert_eq!(r.at("E0106"), "main.hlsl:1:7");
    assert!(r.diags[0].message.contains("division by zero"));
    assert_eq!(r.text(), "z");
    for bad in ["1 +", "(1", "1.5", "defined(", "defined(X", "\"s\"", "1 2", "F(1)", "", "1 ? 2"] {
        let r = run(&format!("#if {bad}\nx\n#endif\nok"));
        assert_eq!(r.codes(), ["E0106"], "#if {bad}");
        assert_eq!(r.text(), "ok", "#if {bad}");
        assert!(r.at("E0106").starts_with("main.hlsl:1:"), "#if {bad}");
    }
}

#[test]
fn include_relative_then_include_dirs() {
    let files = [
        ("src/main.hlsl", "#include \"util/a.hlsl\"\n#include <lib.hlsl>\n#include \"both.hlsl\"\nmain"),
        ("src/util/a.hlsl", "a\n#include \"b.hlsl\""),
        ("src/util/b.hlsl", "b"),
        ("inc/lib.hlsl", "lib"),
        ("src/both.hlsl", "local"),
        ("inc/both.hlsl", "from_dir"),
    ];
    let opts = PreprocessOptions { include_dirs: vec![PathBuf::from("inc")], ..Default::default() };
    let r = run_with(&files, opts);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "a b lib local main");
    assert_eq!(r.tok_at("b"), "src/util/b.hlsl:1:1");
    assert_eq!(r.tok_at("lib"), "inc/lib.hlsl:1:1");
    assert_eq!(r.tok_at("main"), "src/main.hlsl:4:1");
}

#[test]
fn include_by_macro_and_macros_cross_files() {
    let files =
        [("main.hlsl", "#define HDR \"h.hlsl\"\n#include HDR\nTWICE(3)"), ("h.hlsl", "#define TWICE(x) x * 2\n")];
    let r = run_with(&files, PreprocessOptions::default());
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "3 * 2");
}

#[test]
fn pragma_once_and_include_guards() {
    let files = [
        ("main.hlsl", "#include \"a.h\"\n#include \"a.h\"\n#include \"./a.h\"\n#include \"g.h\"\n#include \"g.h\"\n#pragma pack_matrix(row_major)\nend"),
        ("a.h", "#pragma once\nint x;"),
        ("g.h", "#ifndef G_H\n#define G_H\nint y;\n#endif"),
    ];
    let r = run_with(&files, PreprocessOptions::default());
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "int x ; int y ; end");
}

#[test]
fn command_line_defines() {
    let opts = PreprocessOptions {
        defines: vec![
            ("FOO".into(), None),
            ("BAR".into(), Some("2+3".into())),
            ("EMPTY".into(), Some(String::new())),
            ("SQ(x)".into(), Some("x*x".into())),
        ],
        ..Default::default()
    };
    let r = run_with(&[("main.hlsl", "FOO BAR EMPTY SQ(4)\n#ifdef EMPTY\nyes\n#endif")], opts);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "1 2 + 3 4 * 4 yes");
    assert!(r.sources.files().any(|(_, f)| f.name == "<command line>"));
    // A bad -D still points somewhere real.
    let opts = PreprocessOptions { defines: vec![("1x".into(), None)], ..Default::default() };
    let r = run_with(&[("main.hlsl", "a")], opts);
    assert_eq!(r.codes(), ["E0104"]);
    assert!(r.at("E0104").starts_with("<command line>:1:"));
}

#[test]
fn e0101_unterminated_if() {
    let r = run("a\n#if 1\nb\n#ifdef X\n");
    assert_eq!(r.codes(), ["E0101", "E0101"]);
    assert_eq!(r.at("E0101"), "main.hlsl:2:1");
    assert_eq!(r.sources.describe(r.diags[1].primary_span().unwrap()), "main.hlsl:4:1");
    assert_eq!(r.text(), "a b");
    // Conditionals do not span files.
    let r = run_with(&[("main.hlsl", "#include \"h\"\nafter"), ("h", "#if 1\nin")], PreprocessOptions::default());
    assert_eq!(r.codes(), ["E0101"]);
    assert_eq!(r.at("E0101"), "h:1:1");
    assert_eq!(r.text(), "in after");
}

#[test]
fn e0102_error_directive() {
    let r = run("ok\n  #error bad thing here\nx");
    assert_eq!(r.codes(), ["E0102"]);
    assert_eq!(r.diags[0].message, "#error bad thing here");
    assert_eq!(r.at("E0102"), "main.hlsl:2:3");
    assert_eq!(r.text(), "ok x");
    assert!(run("#warning careful\n").diags.iter().all(|d| !d.is_error()));
}

#[test]
fn e0103_include_not_found() {
    let opts =
        PreprocessOptions { include_dirs: vec![PathBuf::from("inc"), PathBuf::from("sys")], ..Default::default() };
    let r = run_with(&[("main.hlsl", "a\n#include \"nope.h\"\nb")], opts);
    assert_eq!(r.codes(), ["E0103"]);
    assert_eq!(r.at("E0103"), "main.hlsl:2:1");
    assert_eq!(r.diags[0].notes, ["searched: ., inc, sys"]);
    assert_eq!(r.text(), "a b");
}

#[test]
fn e0104_malformed_directives() {
    let src = "#define\n#define 3\n#define F(a,\n#define G(a,a) a\n#define H(x) #y\n#define K ## x\n\
               #define L x ##\n#include\n#include foo\n#undef\n#ifdef\n#endif\n#define defined 1\nend";
    let r = run(src);
    assert_eq!(r.codes(), ["E0104"; 12]);
    assert_eq!(r.at("E0104"), "main.hlsl:1:1");
    assert_eq!(r.sources.describe(r.diags[1].primary_span().unwrap()), "main.hlsl:2:9");
    assert_eq!(r.text(), "end");
}

#[test]
fn e0105_wrong_argument_count() {
    let r = run("#define F(a, b) a\n#define Z() z\n#define V(a, ...) a\nF(1) x Z(2) F(1, 2, 3) V()\nF(1, 2)");
    assert_eq!(r.codes(), ["E0105", "E0105", "E0105"]);
    assert_eq!(r.at("E0105"), "main.hlsl:4:1");
    assert_eq!(r.sources.describe(r.diags[1].primary_span().unwrap()), "main.hlsl:4:8");
    assert_eq!(r.text(), "x 1");
}

#[test]
fn e0107_include_cycle() {
    let files = [("main.hlsl", "#include \"a.h\"\nend"), ("a.h", "a\n#include \"a.h\"\n#include \"a.h\"\n")];
    let r = run_with(&files, PreprocessOptions::default());
    assert_eq!(r.codes(), ["E0107"]);
    assert_eq!(r.at("E0107"), "a.h:2:1");
    assert_eq!(r.toks.len(), MAX_INCLUDE_DEPTH);
    assert_eq!(r.toks.last().map(|t| t.token.spelling()), Some("end".to_string()));
}

#[test]
fn e0108_unknown_directive() {
    let r = run("#foo bar\n# 12 \"x.hlsl\"\n#\n#+\n#line 3\nok");
    assert_eq!(r.codes(), ["E0108", "E0108"]);
    assert_eq!(r.at("E0108"), "main.hlsl:1:1");
    assert_eq!(r.sources.describe(r.diags[1].primary_span().unwrap()), "main.hlsl:4:1");
    assert_eq!(r.text(), "ok");
}

#[test]
fn e0109_unbalanced_conditionals() {
    let r = run("#endif\n#else\n#if 1\na\n#else\n#else\n#elif 1\n#endif\n#elif 1\nb");
    assert_eq!(r.codes(), ["E0109"; 5]);
    assert_eq!(r.at("E0109"), "main.hlsl:1:1");
    let lines: Vec<String> = r.diags.iter().map(|d| r.sources.describe(d.primary_span().unwrap())).collect();
    assert_eq!(lines, ["main.hlsl:1:1", "main.hlsl:2:1", "main.hlsl:6:1", "main.hlsl:7:1", "main.hlsl:9:1"]);
    assert_eq!(r.text(), "a b");
}

#[test]
fn e0110_unterminated_arguments() {
    let r = run("#define F(x) x\na F(1, (2)\n");
    assert_eq!(r.codes(), ["E0110"]);
    assert_eq!(r.at("E0110"), "main.hlsl:2:3");
    assert_eq!(r.text(), "a");
    let r = run("#define F(x) x\n#if F(1\n#endif\nok");
    assert_eq!(r.codes(), ["E0110", "E0106"]);
    assert_eq!(r.text(), "ok");
}

#[test]
fn several_errors_in_one_run() {
    let r = run("#foo\n#define F(a) a\nF()\nF(1,2)\n#error one\nok\n#if\n#endif");
    assert_eq!(r.codes(), ["E0108", "E0105", "E0102", "E0106"]);
    assert_eq!(r.text(), "ok");
}

#[test]
fn e0111_expansion_is_capped() {
    let mut src = String::new();
    let names = ["A", "B", "C", "D", "E", "F", "G"];
    for w in names.windows(2) {
        src.push_str(&format!("#define {} {}\n", w[0], [w[1]; 10].join(" ")));
    }
    src.push_str("A\n");
    let r = run_limited(&[("main.hlsl", &src)], PreprocessOptions::default(), 10_000);
    assert_eq!(r.codes(), ["E0111"]);
    assert!(r.toks.len() <= 10_000);
    assert_eq!(r.at("E0111"), "main.hlsl:7:1");
    // Exponential function-like growth too.
    let src = "#define D(x) x x\nD(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(1))))))))))))))))";
    let r = run_limited(&[("main.hlsl", src)], PreprocessOptions::default(), 10_000);
    assert_eq!(r.codes(), ["E0111"]);
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_stack_overflow() {
    let n = 5000;
    let src = format!("#define F(x) x\n{}1{}\nok", "F(".repeat(n), ")".repeat(n));
    let r = run(&src);
    assert_eq!(r.codes(), ["E0111"]);
    let src = format!("#if {}1{}\n#endif\nok", "(".repeat(n), ")".repeat(n));
    let r = run(&src);
    assert_eq!(r.codes(), ["E0106"]);
    assert_eq!(r.text(), "ok");
    let src = format!("#if {}1\n#endif\nok", "-".repeat(n));
    assert_eq!(run(&src).codes(), ["E0106"]);
}

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn mutated_inputs_never_panic() {
    let seeds = [
        "#define F(a, b) a ## b #a\n#define G(...) F(__VA_ARGS__, 1)\nG(x, y) F(1,\n2)\n",
        "#if defined(A) && (1 << 3) / 2 ? 4 : 5\n#include \"h.h\"\n#elif B\n#else\n#endif\n",
        "#define A B\n#define B A C\n#define C(x) #x x ## A\nA B C(A)\n#pragma once\n#error x\n",
        "#ifdef X\n#undef X\n#endif\n#define S(x) #x\nS(\"a\\\\\" 'c') __LINE__\n#include <h.h>\n",
    ];
    let pieces = [
        "#",
        "##",
        "(",
        ")",
        ",",
        "\n",
        "\\\n",
        "\"",
        "#define ",
        "#if ",
        "#endif\n",
        "#include \"h.h\"\n",
        "A",
        "F(",
        "...",
        "__VA_ARGS__",
        "/",
        "0",
        "defined",
        "\u{e9}",
        "\0",
        "/*",
        "#define A A A\n",
        "#define F(x) F(x x)\n",
        "#elif ",
        "#else\n",
        "x",
        " ",
        "#x",
        "1 / 0",
        "?",
        ":",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // `WAVEC_PP_FUZZ_ROUNDS` runs a longer search locally.
    let rounds = std::env::var("WAVEC_PP_FUZZ_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(400);
    let mut checked = 0;
    for round in 0..rounds {
        let mut text: Vec<u8> = if round % 5 == 4 {
            // Pure soup of directive fragments, to reach states no seed is near.
            (0..rng.below(60)).flat_map(|_| pieces[rng.below(pieces.len())].bytes()).collect()
        } else {
            seeds[round % seeds.len()].as_bytes().to_vec()
        };
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(text.len() + 1);
            match rng.below(4) {
                0 => {
                    let p = pieces[rng.below(pieces.len())];
                    text.splice(at..at, p.bytes());
                }
                1 if at < text.len() => {
                    let end = (at + rng.below(8)).min(text.len());
                    text.drain(at..end);
                }
                2 if at < text.len() => text[at] = rng.next() as u8,
                _ => {
                    let end = (at + rng.below(30)).min(text.len());
                    let chunk = text[at..end].to_vec();
                    text.splice(at..at, chunk);
                }
            }
        }
        let text = String::from_utf8_lossy(&text).into_owned();
        let header = if round % 3 == 0 { "#include \"h.h\"\nA F(" } else { "#pragma once\nh" };
        let r = run_limited(&[("main.hlsl", &text), ("h.h", header)], PreprocessOptions::default(), 100_000);
        for d in &r.diags {
            let span = d.primary_span().unwrap_or_else(|| panic!("unlabelled {d:?} for {text:?}"));
            assert!(r.sources.lookup(span.start).is_some(), "{d:?} points nowhere for {text:?}");
        }
        for t in &r.toks {
            assert!(r.sources.lookup(t.span.start).is_some(), "{t:?} points nowhere for {text:?}");
            assert!(t.token != Token::Newline);
        }
        checked += 1;
    }
    assert_eq!(checked, rounds);
}

#[test]
fn include_fan_out_is_capped() {
    // Each file includes the next ten times: 10^6 includes without a limit.
    let lines = |next: &str| format!("#include \"{next}\"\n").repeat(10);
    let names = ["main.hlsl", "a", "b", "c", "d", "e", "f"];
    let texts: Vec<String> = names.windows(2).map(|w| lines(w[1])).collect();
    let mut files: Vec<(&str, &str)> = names.iter().zip(&texts).map(|(n, t)| (*n, t.as_str())).collect();
    files.push(("f", "x"));
    let r = run_with(&files, PreprocessOptions::default());
    assert_eq!(r.codes(), ["E0107"]);
    // Nine in ten includes are of the leaf, each giving one token.
    assert!((80_000..MAX_INCLUDES).contains(&r.toks.len()), "{}", r.toks.len());
}

#[test]
fn long_macro_chain_finishes() {
    let n = 2000;
    let mut src: String = (0..n).map(|i| format!("#define M{i} M{}\n", i + 1)).collect();
    src.push_str(&format!("#define M{n} end\nM0"));
    assert_eq!(pp(&src), "end");
}

/// GLSL's image functions come from a core module put in front of a shader that calls them; an
/// HLSL shader that defines its own `imageLoad` keeps its own, with no second definition.
#[test]
fn a_core_module_stays_out_of_a_shader_defining_its_functions() {
    let helpers = |src: &str| {
        let mut sources = SourceMap::new();
        let main = sources.add("main.hlsl", src);
        let (toks, diags) = preprocess(&mut sources, main, &PreprocessOptions::default(), &MemoryLoader::new());
        assert!(diags.is_empty(), "{diags:?}");
        toks.iter().filter(|t| matches!(&t.token, Token::Ident(n) if n == "__glslTexel")).count()
    };
    assert!(helpers("void f(RWTexture2D<float4> t) { float4 v = imageLoad(t, int2(0, 0)); }") > 0);
    assert_eq!(helpers("float4 imageLoad(RWTexture2D<float4> t, int2 p) { return t[p]; }"), 0);
}

/// Sources that are not UTF-8 are read as DXC reads them: Latin-1 bytes (a licence comment's
/// `©`) as their characters, UTF-16 by its byte order mark; a UTF-8 byte order mark is dropped.
#[test]
fn sources_decode_latin1_utf16_and_byte_order_marks() {
    use super::decode_source;
    assert_eq!(decode_source(b"// \xA9 2021\nint x;".to_vec()), "// \u{a9} 2021\nint x;");
    assert_eq!(decode_source("\u{feff}int x;".as_bytes().to_vec()), "int x;");
    let utf16le: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain("int \u{e9};".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    assert_eq!(decode_source(utf16le), "int \u{e9};");
    let utf16be: Vec<u8> = [0xFE, 0xFF].into_iter().chain("int y;".encode_utf16().flat_map(u16::to_be_bytes)).collect();
    assert_eq!(decode_source(utf16be), "int y;");
    assert_eq!(decode_source(b"int z;".to_vec()), "int z;");
}
