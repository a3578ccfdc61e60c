//! Buffer specifications (`--buffer B=SPEC`, `//! buffer B = SPEC`), buffer ids and dump formats.

use crate::image::{Address, Border, CompareOp, Filter, Format, ImageDesc, NumKind, SamplerDesc};
use crate::ir::TextureDim;
use crate::run::BufferKind;
use std::fmt;
use std::path::Path;

/// A buffer's place: `[SET.]BINDING[[ELEMENT]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BufferId {
    pub set: u32,
    pub binding: u32,
    /// The buffer's place in an array of buffers at that binding (`2[1]`); a binding of one
    /// buffer is element 0.
    pub element: u32,
}

impl BufferId {
    /// The set of buffers no binding takes, there to be pointed to (a Slang test's
    /// `set p = ubuffer(…)` for a pointer `p`): `BufferId { set: ADDRESSED, binding: k, element: 0 }`.
    pub const ADDRESSED: u32 = u32::MAX - 1;

    /// The push constants (the entry point's `uniform` values): `push`.
    pub const PUSH: BufferId = BufferId {
        set: crate::exec::compile::PUSH_CONSTANTS.0,
        binding: crate::exec::compile::PUSH_CONSTANTS.1,
        element: 0,
    };

    /// `3` (set 0), `1.3` (set 1, binding 3), `3[2]` (element 2 of the array of buffers at
    /// binding 3; `3[0]` is `3`) or `push` (the push constants).
    pub fn parse(s: &str) -> Result<BufferId, String> {
        let s = s.trim();
        if s == "push" {
            return Ok(BufferId::PUSH);
        }
        let bad = || {
            format!(
                "`{s}` is not a binding (expected BINDING, SET.BINDING, either with [ELEMENT] for a buffer of an \
                 array of buffers, or push, e.g. `2`, `1.0` or `2[1]`)"
            )
        };
        let (place, element) = match s.split_once('[') {
            Some((place, rest)) => {
                let element = rest.strip_suffix(']').and_then(|e| e.trim().parse::<u32>().ok()).ok_or_else(bad)?;
                (place.trim(), element)
            }
            None => (s, 0),
        };
        let (set, binding) = match place.split_once('.') {
            Some((a, b)) => (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?),
            None => (0, place.parse().map_err(|_| bad())?),
        };
        Ok(BufferId { set, binding, element })
    }
    /// Element `element` of the array of buffers at this one's binding.
    pub fn at(self, element: u32) -> BufferId {
        BufferId { element, ..self }
    }
    /// The file name `--out-dir` writes: `<binding>.bin`, or `<set>.<binding>.bin` for set > 0,
    /// an element of an array of buffers `<binding>_<element>.bin`.
    pub fn file_name(self) -> String {
        format!("{self}.bin").replace('[', "_").replace(']', "")
    }
}

impl fmt::Display for BufferId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == BufferId::PUSH {
            write!(f, "push")
        } else if self.set == BufferId::ADDRESSED {
            write!(f, "pointee{}", self.binding)
        } else if self.set == 0 {
            write!(f, "{}", self.binding)?;
            self.element_suffix(f)
        } else {
            write!(f, "{}.{}", self.set, self.binding)?;
            self.element_suffix(f)
        }
    }
}

impl BufferId {
    fn element_suffix(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.element != 0 {
            write!(f, "[{}]", self.element)?;
        }
        Ok(())
    }
}

/// A buffer's initial contents and, when the spec says so (`uniform:`/`storage:`), its kind.
/// Without a prefix the kind is taken from the shader's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpec {
    pub kind: Option<BufferKind>,
    pub data: Vec<u8>,
    /// Pointers in `data`: the 8 bytes at each byte offset hold the device address of the
    /// buffer named, which only the engine knows (written when the buffers are bound).
    pub pointers: Vec<(u32, BufferId)>,
}

/// The element type of a generator or literal list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    U32,
    I32,
    F32,
}

impl Elem {
    fn parse(s: &str) -> Result<Elem, String> {
        match s {
            "u32" | "uint" => Ok(Elem::U32),
            "i32" | "int" => Ok(Elem::I32),
            "f32" | "float" => Ok(Elem::F32),
            _ => Err(format!("unknown element type `{s}` (expected u32, i32 or f32)")),
        }
    }
}

/// The largest buffer a spec may ask for (1 GiB): a typo should not eat the machine's memory.
const MAX_BYTES: u64 = 1 << 30;

fn count(s: &str, what: &str) -> Result<usize, String> {
    let n: u64 = parse_uint(s).ok_or_else(|| format!("`{s}` is not a {what}"))?;
    if n.saturating_mul(4) > MAX_BYTES {
        return Err(format!("{n} words is more than the 1 GiB a buffer may have"));
    }
    Ok(n as usize)
}

pub fn parse_uint(s: &str) -> Option<u64> {
    let s = s.trim().replace('_', "");
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// One 32-bit word from a literal: `0x…` (bits), a decimal `u32`, a negative `i32`, or a
/// float (has `.`, `e`, `inf` or `nan`) stored as `f32` bits. `elem` forces the reading.
pub fn parse_word(s: &str, elem: Option<Elem>) -> Result<u32, String> {
    let t = s.trim();
    let bad = || format!("`{t}` is not a 32-bit value");
    if t.starts_with("0x") || t.starts_with("0X") {
        return parse_uint(t).filter(|&v| v <= u64::from(u32::MAX)).map(|v| v as u32).ok_or_else(bad);
    }
    let looks_float = t.contains(['.', 'e', 'E']) || t.ends_with("inf") || t.ends_with("nan");
    match elem {
        Some(Elem::F32) => t.parse::<f32>().map(f32::to_bits).map_err(|_| bad()),
        Some(Elem::I32) => t.parse::<i32>().map(|v| v as u32).map_err(|_| bad()),
        Some(Elem::U32) => t.parse::<u32>().map_err(|_| bad()),
        None if looks_float => t.parse::<f32>().map(f32::to_bits).map_err(|_| bad()),
        None if t.starts_with('-') => t.parse::<i32>().map(|v| v as u32).map_err(|_| bad()),
        None => t.parse::<u32>().map_err(|_| bad()),
    }
}

/// A list of words, `1 2 3` or `1, 2, 3`, optionally led by `u32:`, `i32:` or `f32:`.
pub fn parse_word_list(s: &str) -> Result<Vec<u32>, String> {
    let s = s.trim();
    let (elem, rest) = match s.split_once(':') {
        Some((e, rest)) if !e.contains(char::is_whitespace) => (Some(Elem::parse(e.trim())?), rest),
        _ => (None, s),
    };
    rest.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).map(|w| parse_word(w, elem)).collect()
}

/// splitmix64: the `random:` generator (stable across versions: tests depend on it).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn words_to_bytes(words: impl IntoIterator<Item = u32>) -> Vec<u8> {
    words.into_iter().flat_map(u32::to_le_bytes).collect()
}

/// Parses a buffer spec. `base` is the folder `@file` paths are relative to.
///
/// * `N` — N zero bytes;
/// * `@file.bin` — the file's bytes;
/// * `iota:u32|i32|f32:N` — 0, 1, 2, … N-1;
/// * `fill:VALUE:N` — N copies of one word (`0xDEADBEEF`, `7`, `-1`, `0.5`);
/// * `random:SEED:u32|i32|f32:N` — N pseudo-random words (splitmix64 of SEED): u32/i32 cover
///   every bit pattern, f32 are multiples of 1/1024 in [0, 1), exact in half precision;
/// * `words:1 2 3`, `u32:…`, `i32:-1 2`, `f32:1.0 2.5` — literal words;
/// * a `uniform:` or `storage:` prefix fixes the descriptor kind;
/// * `image:…+sampler:…` — an image and the sampler it is read through, one combined image
///   sampler descriptor (Slang's `Sampler2D`).
pub fn parse_spec(spec: &str, base: &Path) -> Result<BufferSpec, String> {
    let spec = spec.trim();
    if let Some(rest) = spec.strip_prefix("image:") {
        // `image:…+sampler:…`: a combined image sampler (Slang's `Sampler2D`), one binding.
        let (image, sampler) = match rest.split_once("+sampler:") {
            Some((image, sampler)) => (image, Some(sampler)),
            None => (rest, None),
        };
        let (desc, data) = parse_image(image, base).map_err(|e| format!("bad image spec `{spec}`: {e}"))?;
        let kind = match sampler {
            Some(s) => {
                let (sampler, count) = parse_sampler(s).map_err(|e| format!("bad sampler spec `{spec}`: {e}"))?;
                if count != 1 {
                    return Err(format!(
                        "bad image spec `{spec}`: a combined image sampler has one sampler per image (`count=` of the image)"
                    ));
                }
                BufferKind::SampledImage(desc, sampler)
            }
            None => BufferKind::Image(desc),
        };
        return Ok(BufferSpec { kind: Some(kind), data, pointers: Vec::new() });
    }
    if let Some(rest) = spec.strip_prefix("sampler:") {
        let (desc, count) = parse_sampler(rest).map_err(|e| format!("bad sampler spec `{spec}`: {e}"))?;
        return Ok(BufferSpec { kind: Some(BufferKind::Sampler(desc, count)), data: Vec::new(), pointers: Vec::new() });
    }
    if let Some(rest) = spec.strip_prefix("accel:") {
        let scene =
            crate::scene::parse_spec(rest).map_err(|e| format!("bad acceleration structure spec `{spec}`: {e}"))?;
        return Ok(BufferSpec { kind: Some(BufferKind::Accel), data: scene.to_bytes(), pointers: Vec::new() });
    }
    let (kind, body) = if let Some(rest) = spec.strip_prefix("uniform:") {
        (Some(BufferKind::Uniform), rest.trim())
    } else if let Some(rest) = spec.strip_prefix("storage:") {
        (Some(BufferKind::Storage), rest.trim())
    } else {
        (None, spec)
    };
    let data = parse_body(body, base).map_err(|e| format!("bad buffer spec `{spec}`: {e}"))?;
    if data.is_empty() {
        return Err(format!("bad buffer spec `{spec}`: a buffer cannot be empty"));
    }
    Ok(BufferSpec { kind, data, pointers: Vec::new() })
}

fn parse_body(body: &str, base: &Path) -> Result<Vec<u8>, String> {
    if let Some(file) = body.strip_prefix('@') {
        let path = base.join(file.trim());
        return std::fs::read(&path).map_err(|e| format!("cannot read `{}`: {e}", path.display()));
    }
    if let Some(n) = parse_uint(body) {
        if n > MAX_BYTES {
            return Err(format!("{n} bytes is more than the 1 GiB a buffer may have"));
        }
        return Ok(vec![0; n as usize]);
    }
    let Some((head, rest)) = body.split_once(':') else {
        return Err("expected a byte size, @file, iota:, fill:, random:, words:, u32:, i32: or f32:".into());
    };
    let fields: Vec<&str> = rest.split(':').collect();
    match head.trim() {
        "iota" => {
            let [elem, n] = fields[..] else { return Err("expected iota:u32|i32|f32:N".into()) };
            let (elem, n) = (Elem::parse(elem)?, count(n, "word count")?);
            Ok(words_to_bytes((0..n as u32).map(|i| if elem == Elem::F32 { (i as f32).to_bits() } else { i })))
        }
        "fill" => {
            let [value, n] = fields[..] else { return Err("expected fill:VALUE:N".into()) };
            let (value, n) = (parse_word(value, None)?, count(n, "word count")?);
            Ok(words_to_bytes(std::iter::repeat_n(value, n)))
        }
        "random" => {
            let [seed, elem, n] = fields[..] else { return Err("expected random:SEED:u32|i32|f32:N".into()) };
            let seed = parse_uint(seed).ok_or_else(|| format!("`{seed}` is not a seed"))?;
            let (elem, n) = (Elem::parse(elem)?, count(n, "word count")?);
            let mut g = SplitMix(seed);
            Ok(words_to_bytes((0..n).map(|_| {
                let r = g.next();
                match elem {
                    Elem::F32 => ((r >> 54) as f32 / 1024.0).to_bits(),
                    _ => (r >> 32) as u32,
                }
            })))
        }
        "words" => Ok(words_to_bytes(parse_word_list(rest)?)),
        "u32" | "i32" | "f32" => Ok(words_to_bytes(parse_word_list(body)?)),
        other => Err(format!("unknown generator `{other}`")),
    }
}

/// `FORMAT:SIZE[:OPTION]…:CONTENTS` of an `image:` spec (README, "Images and samplers"):
/// SIZE is `W`, `WxH` or `WxHxD` (1D, 2D, 3D); the options are `cube` (the layers are cubes
/// of six faces), `layers=N`, `mips=N` or `mips=full`, `count=N` (an array of N images),
/// `samples=N` (a multisampled image, each texel's N samples consecutive);
/// CONTENTS is `zero`, `fill:V[,V,V,V]`, `random:SEED` or `@file`.
fn parse_image(rest: &str, base: &Path) -> Result<(ImageDesc, Vec<u8>), String> {
    let parts: Vec<&str> = rest.split(':').map(str::trim).collect();
    let [format, size, tail @ ..] = parts.as_slice() else {
        return Err("expected image:FORMAT:SIZE[:OPTION…]:CONTENTS".into());
    };
    let format = Format::from_name(format)
        .ok_or_else(|| format!("unknown format `{format}` (known: {})", Format::names().join(", ")))?;
    let dims: Vec<u32> = size
        .split('x')
        .map(|d| d.trim().parse::<u32>().map_err(|_| format!("`{size}` is not a size (W, WxH or WxHxD)")))
        .collect::<Result<_, _>>()?;
    let (dim, size) = match dims.as_slice() {
        [w] => (TextureDim::D1, [*w, 1, 1]),
        [w, h] => (TextureDim::D2, [*w, *h, 1]),
        [w, h, d] => (TextureDim::D3, [*w, *h, *d]),
        _ => return Err(format!("`{size}` is not a size (W, WxH or WxHxD)")),
    };
    let mut desc = ImageDesc { format, dim, size, layers: 1, mips: 1, count: 1, samples: 1 };
    // Options until the contents, which start with a generator's name or `@`.
    let mut i = 0;
    let mut cube = false;
    while i < tail.len() {
        let t = tail[i];
        let number = |v: &str| v.parse::<u32>().map_err(|_| format!("`{t}`: `{v}` is not a count"));
        match t.split_once('=') {
            None if t == "cube" => cube = true,
            Some(("layers", v)) => desc.layers = number(v)?,
            Some(("mips", "full")) => desc.mips = ImageDesc::full_mips(desc.size),
            Some(("mips", v)) => desc.mips = number(v)?,
            Some(("count", v)) => desc.count = number(v)?,
            Some(("samples", v)) => desc.samples = number(v)?,
            _ => break,
        }
        i += 1;
    }
    if cube {
        if dim != TextureDim::D2 {
            return Err("a cube's faces are 2D (WxH)".into());
        }
        desc.dim = TextureDim::Cube;
        desc.layers = desc.layers.saturating_mul(6);
    }
    desc.check()?;
    let contents = tail[i..].join(":");
    let n = desc.total_bytes();
    let texel = format.texel_bytes();
    let data = match contents.split_once(':').map_or((contents.as_str(), ""), |(a, b)| (a, b)) {
        ("zero", "") => vec![0; n],
        // A 64-bit channel takes one 64-bit value: `0x…` bits, a decimal or a negative one.
        ("fill", value) if format.is_64bit() => {
            let t = value.trim();
            let v = match t.strip_prefix('-') {
                Some(_) => t.parse::<i64>().ok().map(|v| v as u64),
                None => parse_uint(t),
            }
            .ok_or_else(|| format!("`{t}` is not a 64-bit integer (`fill:` of `{}` takes one)", format.name()))?;
            let mut one = vec![0; texel];
            format.encode_wide([v, 0, 0, 0], &mut one);
            one.iter().copied().cycle().take(n).collect()
        }
        ("fill", values) => {
            let words = values
                .split(',')
                .map(|v| parse_word(v, if format.kind().is_float() { Some(Elem::F32) } else { None }))
                .collect::<Result<Vec<u32>, _>>()?;
            if words.is_empty() || words.len() > 4 {
                return Err("`fill:` takes 1 to 4 values, one per channel".into());
            }
            let mut v = [0u32; 4];
            for (c, w) in v.iter_mut().enumerate() {
                *w = words[c.min(words.len() - 1)];
            }
            let mut one = vec![0; texel];
            format.encode(v, &mut one);
            one.iter().copied().cycle().take(n).collect()
        }
        ("random", seed) => {
            let seed = parse_uint(seed).ok_or_else(|| format!("`{seed}` is not a seed"))?;
            let mut g = SplitMix(seed);
            let mut out = vec![0u8; n];
            for t in out.chunks_exact_mut(texel) {
                if format.is_64bit() {
                    format.encode_wide([g.next(), 0, 0, 0], t);
                    continue;
                }
                // Floats as the buffer generator makes them (exact in half precision); other
                // formats every bit pattern.
                let v = [0; 4].map(|_| {
                    let r = g.next();
                    match format.kind() {
                        NumKind::Float => ((r >> 54) as f32 / 1024.0).to_bits(),
                        _ => (r >> 32) as u32,
                    }
                });
                match format.kind() {
                    NumKind::Float => format.encode(v, t),
                    _ => format.pack(v, t),
                }
            }
            out
        }
        (file, "") if file.starts_with('@') => {
            let path = base.join(file[1..].trim());
            let bytes = std::fs::read(&path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
            if bytes.len() != n {
                return Err(format!("`{}` has {} bytes; the image has {n}", path.display(), bytes.len()));
            }
            bytes
        }
        _ => return Err(format!("`{contents}` is not the contents (zero, fill:V[,V…], random:SEED or @file)")),
    };
    Ok((desc, data))
}

/// `ITEM[,ITEM]…` of a `sampler:` spec (README, "Images and samplers"): `nearest`, `linear`,
/// `min=`/`mag=`/`mip=` (`nearest`|`linear`), `wrap`, `mirror`, `clamp`, `border`,
/// `mirror_once`, `u=`/`v=`/`w=` (an address mode), `border_color=…`, `compare=…`,
/// `lod_bias=F`, `min_lod=F`, `max_lod=F`, `count=N`.
fn parse_sampler(rest: &str) -> Result<(SamplerDesc, u32), String> {
    let mut d = SamplerDesc::default();
    let mut count = 1;
    let filter = |v: &str| match v {
        "nearest" => Ok(Filter::Nearest),
        "linear" => Ok(Filter::Linear),
        _ => Err(format!("`{v}` is not a filter (nearest or linear)")),
    };
    let address = |v: &str| {
        Address::from_name(v)
            .ok_or_else(|| format!("`{v}` is not an address mode (wrap, mirror, clamp, border, mirror_once)"))
    };
    let float = |k: &str, v: &str| match v.parse::<f32>() {
        Ok(f) if f.is_finite() => Ok(f),
        _ => Err(format!("`{k}={v}`: `{v}` is not a number")),
    };
    for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match item.split_once('=') {
            None => match item {
                "nearest" | "linear" => {
                    let f = filter(item)?;
                    (d.min, d.mag, d.mip) = (f, f, f);
                }
                other => d.address = [address(other)?; 3],
            },
            Some(("min", v)) => d.min = filter(v)?,
            Some(("mag", v)) => d.mag = filter(v)?,
            Some(("mip", v)) => d.mip = filter(v)?,
            Some(("u", v)) => d.address[0] = address(v)?,
            Some(("v", v)) => d.address[1] = address(v)?,
            Some(("w", v)) => d.address[2] = address(v)?,
            Some(("border_color", v)) => {
                d.border = Border::from_name(v)
                    .ok_or_else(|| format!("`{v}` is not a border color (transparent_black, opaque_black, opaque_white)"))?
            }
            Some(("compare", v)) => {
                d.compare = Some(CompareOp::from_name(v).ok_or_else(|| {
                    format!("`{v}` is not a compare op (never, less, equal, less_equal, greater, not_equal, greater_equal, always)")
                })?)
            }
            Some(("lod_bias", v)) => d.lod_bias = float("lod_bias", v)?,
            Some(("min_lod", v)) => d.min_lod = float("min_lod", v)?,
            Some(("max_lod", v)) => d.max_lod = float("max_lod", v)?,
            Some(("count", v)) => {
                count = v.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| format!("`count={v}` is not a count"))?
            }
            Some((k, _)) => return Err(format!("unknown sampler setting `{k}`")),
        }
    }
    if d.min_lod > d.max_lod {
        return Err("`min_lod` is above `max_lod`".into());
    }
    Ok((d, count))
}

/// How `--dump` prints a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpFormat {
    U32,
    I32,
    F32,
    Hex,
}

impl DumpFormat {
    pub fn parse(s: &str) -> Option<DumpFormat> {
        match s {
            "u32" => Some(DumpFormat::U32),
            "i32" => Some(DumpFormat::I32),
            "f32" => Some(DumpFormat::F32),
            "hex" => Some(DumpFormat::Hex),
            _ => None,
        }
    }
    pub fn word(self, w: u32) -> String {
        match self {
            DumpFormat::U32 => w.to_string(),
            DumpFormat::I32 => (w as i32).to_string(),
            DumpFormat::F32 => format!("{:?}", f32::from_bits(w)),
            DumpFormat::Hex => format!("0x{w:08x}"),
        }
    }
}

/// A buffer as text: 8 words a line, each line led by the index of its first word.
pub fn dump(data: &[u8], format: DumpFormat) -> String {
    let words: Vec<u32> = data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let cells: Vec<String> = words.iter().map(|&w| format.word(w)).collect();
    let width = cells.iter().map(String::len).max().unwrap_or(0);
    let digits = words.len().saturating_sub(1).to_string().len();
    let mut out = String::new();
    for (row, chunk) in cells.chunks(8).enumerate() {
        out.push_str(&format!("  {:>digits$}:", row * 8));
        for c in chunk {
            out.push_str(&format!(" {c:>width$}"));
        }
        out.push('\n');
    }
    let tail = &data[words.len() * 4..];
    if !tail.is_empty() {
        out.push_str(&format!("  (+{} trailing bytes: {:02x?})\n", tail.len(), tail));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(spec: &str) -> Vec<u32> {
        let b = parse_spec(spec, Path::new(".")).unwrap().data;
        b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    #[test]
    fn specs() {
        assert_eq!(parse_spec("12", Path::new(".")).unwrap().data, vec![0; 12]);
        assert_eq!(words("iota:u32:4"), [0, 1, 2, 3]);
        assert_eq!(words("iota:f32:2"), [0, 1.0f32.to_bits()]);
        assert_eq!(words("fill:0xDEADBEEF:3"), [0xdead_beef; 3]);
        assert_eq!(words("fill:-1:1"), [u32::MAX]);
        assert_eq!(words("words:1 2, 0x10"), [1, 2, 16]);
        assert_eq!(words("i32:-1 2"), [u32::MAX, 2]);
        assert_eq!(words("f32:1.0 2.5"), [1.0f32.to_bits(), 2.5f32.to_bits()]);
        let u = parse_spec("uniform:words:64 4", Path::new(".")).unwrap();
        assert_eq!(u.kind, Some(BufferKind::Uniform));
        let r = words("random:7:u32:16");
        assert_eq!(r, words("random:7:u32:16"));
        assert_ne!(r, words("random:8:u32:16"));
        assert!(words("random:1:f32:100").iter().all(|&w| {
            let f = f32::from_bits(w);
            (0.0..1.0).contains(&f) && (f * 1024.0).fract() == 0.0
        }));
        for bad in ["", "0", "iota:u64:4", "fill:x:3", "random:1:u32", "nonsense:1", "words:1 zz", "@/no/such/file"] {
            assert!(parse_spec(bad, Path::new(".")).is_err(), "{bad}");
        }
    }

    #[test]
    fn image_and_sampler_specs() {
        let base = Path::new(".");
        let s = parse_spec("image:rgba8:4x2:mips=full:count=2:fill:1,0.5,0,1", base).unwrap();
        let Some(BufferKind::Image(d)) = s.kind else { panic!("{s:?}") };
        assert_eq!((d.format, d.dim, d.size, d.mips, d.count), (Format::Rgba8, TextureDim::D2, [4, 2, 1], 3, 2));
        assert_eq!(s.data.len(), (8 + 2 + 1) * 4 * 2);
        assert_eq!(&s.data[..8], &[255, 128, 0, 255, 255, 128, 0, 255]);
        let c = parse_spec("image:r32f:8x8:cube:layers=2:random:3", base).unwrap();
        let Some(BufferKind::Image(d)) = c.kind else { panic!() };
        assert_eq!((d.dim, d.layers), (TextureDim::Cube, 12));
        let again = parse_spec("image:r32f:8x8:cube:layers=2:random:3", base).unwrap();
        assert_eq!(c.data, again.data);
        assert!(c.data.chunks_exact(4).all(|w| {
            let f = f32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            (0.0..1.0).contains(&f) && (f * 1024.0).fract() == 0.0
        }));
        assert_eq!(parse_spec("image:r32ui:16:zero", base).unwrap().data, vec![0; 64]);
        let s = parse_spec("sampler:linear,wrap,mip=nearest,v=border,compare=less_equal,count=3", base).unwrap();
        let Some(BufferKind::Sampler(d, 3)) = s.kind else { panic!("{s:?}") };
        assert_eq!((d.min, d.mag, d.mip), (Filter::Linear, Filter::Linear, Filter::Nearest));
        assert_eq!(d.address, [Address::Wrap, Address::Border, Address::Wrap]);
        assert_eq!(d.compare, Some(CompareOp::LessEqual));
        for bad in [
            "image:rgb8:4x4:zero",
            "image:rgba8:4x4",
            "image:rgba8:4x4:mips=4:zero",
            "image:rgba8:4x2:cube:zero",
            "image:rgba8:4x4x4:layers=2:zero",
            "image:rgba8:0x4:zero",
            "image:rgba8:4x4:fill:1,2,3,4,5",
            "image:rgba8:4x4:@/no/such/file",
            "sampler:linear,bilinear",
            "sampler:min_lod=2,max_lod=1",
            "sampler:lod_bias=nan",
        ] {
            assert!(parse_spec(bad, base).is_err(), "{bad}");
        }
    }

    #[test]
    fn ids_and_dumps() {
        assert_eq!(BufferId::parse("3").unwrap(), BufferId { set: 0, binding: 3, element: 0 });
        assert_eq!(BufferId::parse("1.2").unwrap().file_name(), "1.2.bin");
        assert!(BufferId::parse("x").is_err());
        let e = BufferId::parse("1.2[3]").unwrap();
        assert_eq!(e, BufferId { set: 1, binding: 2, element: 3 });
        assert_eq!((e.to_string(), e.file_name()), ("1.2[3]".to_string(), "1.2_3.bin".to_string()));
        assert_eq!(BufferId::parse("4[0]").unwrap(), BufferId::parse("4").unwrap());
        for bad in ["2[", "2[x]", "2[1", "[1]", "2[-1]", "2[1]]"] {
            let why = BufferId::parse(bad).expect_err(bad);
            assert!(why.contains("[ELEMENT]"), "{why}");
        }
        let d = dump(&words_to_bytes(0..10), DumpFormat::U32);
        assert_eq!(d, "  0: 0 1 2 3 4 5 6 7\n  8: 8 9\n");
        assert_eq!(DumpFormat::Hex.word(255), "0x000000ff");
        assert_eq!(DumpFormat::I32.word(u32::MAX), "-1");
        assert_eq!(DumpFormat::F32.word(0.5f32.to_bits()), "0.5");
    }
}
