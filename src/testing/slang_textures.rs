//! Textures and samplers of Slang's test format (`//TEST_INPUT: Texture2D(size=4, content = one)`,
//! `RWTexture1D(format=R32Uint, …)`, `Sampler(filteringMode=point)`), made into the image and
//! sampler specs `wavec run` binds ([`crate::image`]), with the texels Slang's `render-test`
//! gives them.
//!
//! What `render-test` does, and so what this does:
//! - a texture is `size` texels along each of its dimensions (default 4, 2D), format
//!   `RGBA8Unorm` unless `format=` names another, `mipMaps=N` levels (0 or absent: the whole
//!   chain), `arrayLength=N` layers (an array texture from 2 on), six faces per cube,
//!   `sampleCount=two|four|…|sixtyFour` samples a texel (one level; each sample holds the
//!   texel's pattern, what an upload of one value per texel gives);
//! - the contents are an RGBA8 pattern per texel, then converted to the format: float formats
//!   get `byte / 255` (so `one` is 1.0), integer formats the byte itself (`one` is 1); `one`
//!   fills every channel, `zero` none, `chessboard` halves each dimension (float formats 1 and
//!   128/255 with alpha 1, integer formats 1 and 0), `gradient` (any other word) is x, y, z over
//!   `size - 1` of the level in the red, green and blue channels, alpha 1 (integer formats keep
//!   only the whole part: 1 at the last texel of a row);
//! - every layer and level holds the same pattern, at its own size;
//! - a sampler filters linearly (`filteringMode=point`: nearest) and wraps; `depthCompare` makes
//!   it a `less` comparison sampler;
//! - a sampler the test gives no input is slang-rhi's default one: nearest, clamped to an
//!   opaque black border, level 0 only;
//! - `TextureSampler2D(…)` (`1D`, `3D`, `Cube`) is a texture and a sampler in one input, for a
//!   combined texture-sampler (`Sampler2D`): the texture's options and the sampler's.

use super::spec::BufferSpec;
use crate::image::{Address, CompareOp, Filter, Format, ImageDesc, NumKind, SamplerDesc};
use crate::ir::TextureDim;
use crate::run::BufferKind;

/// Whether `kind` is one of `render-test`'s texture or sampler inputs.
pub fn is_resource(kind: &str) -> bool {
    kind == "Sampler"
        || kind == "AccelerationStructure"
        || kind == "RWTextureBuffer"
        || texture_shape(kind).is_some()
        || kind.starts_with("TextureSampler")
}

/// `(dimension, cube)` of a texture kind; `RW` and read-only textures are made alike.
fn texture_shape(kind: &str) -> Option<(u32, bool)> {
    Some(match kind.strip_prefix("RW").unwrap_or(kind) {
        "Texture1D" => (1, false),
        "Texture2D" => (2, false),
        "Texture3D" => (3, false),
        "TextureCube" => (2, true),
        _ => return None,
    })
}

/// The spec of input `kind(opts)`. An error starting with `SKIP:` is a form wavec cannot
/// reproduce; any other is a malformed line.
pub fn resource(kind: &str, opts: &str) -> Result<BufferSpec, String> {
    // `render-test` builds one scene for every acceleration structure input.
    if kind == "AccelerationStructure" {
        let data = crate::scene::SceneDesc::slang_test_scene().to_bytes();
        return Ok(BufferSpec { kind: Some(BufferKind::Accel), data, pointers: Vec::new() });
    }
    if kind == "Sampler" {
        return sampler(opts).map(|d| BufferSpec {
            kind: Some(BufferKind::Sampler(d, 1)),
            data: Vec::new(),
            pointers: Vec::new(),
        });
    }
    // `TextureSampler2D(…)`: a texture and a sampler in one input (a combined texture-sampler),
    // each option the texture's if it is one, else the sampler's.
    if let Some(shape) = kind.strip_prefix("TextureSampler") {
        let Some((dimension, cube)) = texture_shape(&format!("Texture{shape}")) else {
            return Err(format!("SKIP:the input kind `{kind}` is not supported"));
        };
        let (texture_opts, sampler_opts): (Vec<&str>, Vec<&str>) = opts
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .partition(|o| !matches!(o.split('=').next().map(str::trim), Some("filteringMode" | "depthCompare")));
        let t = texture(dimension, cube, &texture_opts.join(","))?;
        let s = sampler(&sampler_opts.join(","))?;
        let (desc, data) = t.image()?;
        return Ok(BufferSpec { kind: Some(BufferKind::SampledImage(desc, s)), data, pointers: Vec::new() });
    }
    if kind == "RWTextureBuffer" {
        return texel_buffer(opts);
    }
    let Some((dimension, cube)) = texture_shape(kind) else {
        return Err(format!("SKIP:the input kind `{kind}` is not supported"));
    };
    let t = texture(dimension, cube, opts)?;
    if t.samples > 1 && kind.starts_with("RW") {
        return Err("SKIP:read-write multisampled textures are not supported".into());
    }
    let (desc, data) = t.image()?;
    Ok(BufferSpec { kind: Some(BufferKind::Image(desc)), data, pointers: Vec::new() })
}

/// `RWTextureBuffer(format=R32Float, stride=4, data=[1.0 2.0])`: a storage texel buffer whose
/// texels hold the data's values, channel after channel, in the format (the shader's
/// declaration gives the view its format). `stride` says nothing the format does not.
fn texel_buffer(opts: &str) -> Result<BufferSpec, String> {
    let (list, rest) = match opts.find("data") {
        Some(at) => {
            let open = opts[at..].find('[').ok_or("`data=` without its `[…]`")? + at;
            let close = opts[open..].find(']').ok_or("a `[` without its `]`")? + open;
            (&opts[open + 1..close], format!("{}{}", &opts[..at], &opts[close + 1..]))
        }
        None => ("", opts.to_string()),
    };
    let mut format_name = None;
    for (k, v) in options(&rest) {
        match (k, v) {
            ("format", Some(v)) => format_name = Some(v),
            ("stride", Some(_)) => {}
            (other, _) => return Err(format!("SKIP:the texel buffer option `{other}` is not supported")),
        }
    }
    let f = format(format_name.ok_or("a `RWTextureBuffer` needs its `format=`")?)?;
    if f.uniform_bits() != Some(32) && !f.is_64bit() {
        return Err(format!("SKIP:texel buffer data in the format `{}` is not supported", f.name()));
    }
    let mut words = Vec::new();
    for v in list.split([' ', ',']).map(str::trim).filter(|v| !v.is_empty()) {
        let bad = || format!("`{v}` is not a number");
        let word = if f.kind().is_float() {
            v.trim_end_matches(['f', 'F']).parse::<f32>().map_err(|_| bad())?.to_bits()
        } else if let Some(hex) = v.strip_prefix("0x") {
            u32::from_str_radix(hex, 16).map_err(|_| bad())?
        } else {
            v.parse::<i64>().map_err(|_| bad())? as u32
        };
        words.push(word);
    }
    // A 64-bit texel is two of the words, its low one first (slang-rhi's `data=` lists 32-bit
    // words whatever the format).
    if f.is_64bit() {
        let mut data: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        data.resize(words.len().div_ceil(2) * 8, 0);
        return Ok(BufferSpec { kind: Some(BufferKind::Storage), data, pointers: Vec::new() });
    }
    let channels = f.channels() as usize;
    let mut data = vec![0u8; words.len().div_ceil(channels) * f.texel_bytes()];
    for (i, texel) in words.chunks(channels).enumerate() {
        let mut v = [0u32; 4];
        v[..texel.len()].copy_from_slice(texel);
        f.encode(v, &mut data[i * f.texel_bytes()..]);
    }
    Ok(BufferSpec { kind: Some(BufferKind::Storage), data, pointers: Vec::new() })
}

/// `render-test`'s pattern of the texels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Zero,
    One,
    ChessBoard,
    Gradient,
}

/// A texture input as `render-test` reads it.
#[derive(Clone, Debug, PartialEq)]
struct Texture {
    dimension: u32,
    cube: bool,
    size: u32,
    array_length: u32,
    mips: u32,
    format: Format,
    content: Content,
    /// Samples a texel (`sampleCount`); every sample holds the texel's pattern.
    samples: u32,
}

/// `KEY = VALUE` or a bare `KEY`, comma-separated.
fn options(opts: &str) -> impl Iterator<Item = (&str, Option<&str>)> {
    opts.split(',').map(str::trim).filter(|o| !o.is_empty()).map(|o| match o.split_once('=') {
        Some((k, v)) => (k.trim(), Some(v.trim())),
        None => (o, None),
    })
}

fn texture(dimension: u32, cube: bool, opts: &str) -> Result<Texture, String> {
    let mut t = Texture {
        dimension,
        cube,
        size: 4,
        array_length: 0,
        mips: 0,
        format: Format::Rgba8,
        content: Content::One,
        samples: 1,
    };
    for (key, value) in options(opts) {
        let number = || {
            value
                .and_then(|v| v.parse::<u32>().ok())
                .ok_or_else(|| format!("`{key}` takes a number, not `{}`", value.unwrap_or("")))
        };
        match key {
            "size" => t.size = number()?,
            "arrayLength" => t.array_length = number()?,
            "mipMaps" => t.mips = number()?,
            "format" => t.format = format(value.unwrap_or(""))?,
            "content" => {
                t.content = match value.unwrap_or("") {
                    "zero" => Content::Zero,
                    "one" => Content::One,
                    "chessboard" => Content::ChessBoard,
                    // render-test reads every other word as a gradient.
                    _ => Content::Gradient,
                }
            }
            "sampleCount" => {
                let names = ["one", "two", "four", "eight", "sixteen", "thirtyTwo", "sixtyFour"];
                let Some(k) = names.iter().position(|n| Some(*n) == value) else {
                    return Err(format!("`sampleCount` is one of {}, not `{}`", names.join(", "), value.unwrap_or("")));
                };
                t.samples = 1 << k;
            }
            "depth" => return Err("SKIP:the texture option `depth` is not supported".into()),
            other => return Err(format!("SKIP:the texture option `{other}` is not supported")),
        }
    }
    if t.size == 0 {
        return Err("a texture of size 0".into());
    }
    if t.cube && t.dimension != 2 {
        return Err("a cube texture is 2D".into());
    }
    Ok(t)
}

/// The wavec format of a `render-test` format name; those wavec's images lack are SKIPs.
fn format(name: &str) -> Result<Format, String> {
    let ours = match name {
        "RGBA8Unorm" => "rgba8",
        "R16Float" => "r16f",
        "RG16Float" => "rg16f",
        "RGBA16Float" => "rgba16f",
        "R32Float" => "r32f",
        "RG32Float" => "rg32f",
        "RGBA32Float" => "rgba32f",
        "D32Float" => "d32f",
        "R32Uint" => "r32ui",
        "RG32Uint" => "rg32ui",
        "RGBA32Uint" => "rgba32ui",
        "R16Uint" => "r16ui",
        "RG16Uint" => "rg16ui",
        "RGBA16Uint" => "rgba16ui",
        "R8Uint" => "r8ui",
        "RG8Uint" => "rg8ui",
        "RGBA8Uint" => "rgba8ui",
        "R32Sint" => "r32i",
        "RG32Sint" => "rg32i",
        "RGBA32Sint" => "rgba32i",
        "R16Sint" => "r16i",
        "RG16Sint" => "rg16i",
        "RGBA16Sint" => "rgba16i",
        "R8Sint" => "r8i",
        "RG8Sint" => "rg8i",
        "RGBA8Sint" => "rgba8i",
        "R8Unorm" => "r8",
        "RG8Unorm" => "rg8",
        "R16Unorm" => "r16",
        "RG16Unorm" => "rg16",
        "RGBA16Unorm" => "rgba16",
        "R8Snorm" => "r8snorm",
        "RG8Snorm" => "rg8snorm",
        "RGBA8Snorm" => "rgba8snorm",
        "R16Snorm" => "r16snorm",
        "RG16Snorm" => "rg16snorm",
        "RGBA16Snorm" => "rgba16snorm",
        "R11G11B10Float" => "r11g11b10f",
        "RGB10A2Unorm" => "rgb10a2",
        "RGB10A2Uint" => "rgb10a2ui",
        "R64Uint" => "r64ui",
        "R64Sint" => "r64i",
        other => return Err(format!("SKIP:the texture format `{other}` is not supported")),
    };
    Ok(Format::from_name(ours).expect("every name above is a wavec format"))
}

impl Texture {
    /// The image's shape and its texels in wavec's order (levels, then layers, then texels).
    fn image(&self) -> Result<(ImageDesc, Vec<u8>), String> {
        let s = self.size;
        let (dim, size) = match (self.dimension, self.cube) {
            (1, _) => (TextureDim::D1, [s, 1, 1]),
            (2, false) => (TextureDim::D2, [s, s, 1]),
            (2, true) => (TextureDim::Cube, [s, s, 1]),
            _ => (TextureDim::D3, [s, s, s]),
        };
        let full = ImageDesc::full_mips(size);
        // A multisampled image has one level.
        let mips = if self.samples > 1 {
            1
        } else if self.mips == 0 {
            full
        } else {
            self.mips.min(full)
        };
        let layers = self.array_length.max(1) * if self.cube { 6 } else { 1 };
        let desc = ImageDesc { format: self.format, dim, size, layers, mips, count: 1, samples: self.samples };
        desc.check()?;
        let mut data = vec![0u8; desc.total_bytes()];
        let texel = self.format.texel_bytes();
        for mip in 0..mips {
            let [w, h, d] = desc.level_size(mip);
            for layer in 0..layers {
                for z in 0..d {
                    for y in 0..h {
                        for x in 0..w {
                            let at = desc.texel_offset(0, mip, layer, [x, y, z]);
                            let rgba = self.pattern(s >> mip, [x, y, z]);
                            for k in 0..self.samples as usize {
                                let at = at + k * texel;
                                self.format.encode(self.channels(rgba), &mut data[at..at + texel]);
                            }
                        }
                    }
                }
            }
        }
        Ok((desc, data))
    }

    /// The RGBA8 texel `render-test` generates at `xyz` of a level `size` texels wide.
    fn pattern(&self, size: u32, [x, y, z]: [u32; 3]) -> [u8; 4] {
        let float = self.format.kind().is_float();
        let half = size >> 1;
        match self.content {
            Content::Zero => [0; 4],
            Content::One if float => [255; 4],
            Content::One => [1; 4],
            Content::ChessBoard => {
                let light = (x < half) ^ (y < half) ^ (z < half);
                match (light, float) {
                    (true, true) => [255; 4],
                    (false, true) => [128, 128, 128, 255],
                    (true, false) => [1; 4],
                    (false, false) => [0; 4],
                }
            }
            Content::Gradient => {
                // A level one texel wide divides 0 by 0; render-test's conversion of that NaN
                // gives 0 on the machines it runs on.
                let scale = if float { 255.0 } else { 1.0 };
                let ramp = |v: u32| if size > 1 { (v as f32 / (size - 1) as f32 * scale) as u8 } else { 0 };
                [ramp(x), ramp(y), ramp(z), if float { 255 } else { 1 }]
            }
        }
    }

    /// One texel's channels as [`Format::encode`] takes them: float formats `byte / 255` (the
    /// RGBA8 format keeps its byte exactly), integer formats the byte.
    fn channels(&self, rgba: [u8; 4]) -> [u32; 4] {
        match self.format.kind() {
            NumKind::Uint | NumKind::Sint => rgba.map(u32::from),
            _ => rgba.map(|b| (f32::from(b) / 255.0).to_bits()),
        }
    }
}

/// `Sampler(filteringMode=point|linear, depthCompare)`: render-test's defaults otherwise.
fn sampler(opts: &str) -> Result<SamplerDesc, String> {
    let mut d = SamplerDesc {
        min: Filter::Linear,
        mag: Filter::Linear,
        mip: Filter::Linear,
        address: [Address::Wrap; 3],
        ..SamplerDesc::default()
    };
    for (key, value) in options(opts) {
        match key {
            // render-test reads every word but `point` as linear.
            "filteringMode" => {
                let f = if value == Some("point") { Filter::Nearest } else { Filter::Linear };
                (d.min, d.mag, d.mip) = (f, f, f);
            }
            "depthCompare" => d.compare = Some(CompareOp::Less),
            other => return Err(format!("SKIP:the sampler option `{other}` is not supported")),
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(kind: &str, opts: &str) -> (ImageDesc, Vec<u8>) {
        match resource(kind, opts) {
            Ok(BufferSpec { kind: Some(BufferKind::Image(d)), data, .. }) => (d, data),
            other => panic!("{kind}({opts}): {other:?}"),
        }
    }

    #[test]
    fn texture_defaults_and_shapes() {
        // RGBA8, 4 wide, a full mip chain, content one.
        let (d, data) = image("Texture2D", "");
        assert_eq!((d.format, d.dim, d.size, d.layers, d.mips), (Format::Rgba8, TextureDim::D2, [4, 4, 1], 1, 3));
        assert_eq!(data.len(), (16 + 4 + 1) * 4);
        assert!(data.iter().all(|&b| b == 255));
        let (d, _) = image("RWTexture1D", "format=R32Uint, size=8, content = zero, mipMaps = 1");
        assert_eq!((d.format, d.dim, d.size, d.mips), (Format::R32ui, TextureDim::D1, [8, 1, 1], 1));
        let (d, _) = image("TextureCube", "size=4, arrayLength=2");
        assert_eq!((d.dim, d.layers), (TextureDim::Cube, 12));
        let (d, data) = image("Texture3D", "size=4, mipMaps=9");
        assert_eq!((d.dim, d.size, d.mips, data.len()), (TextureDim::D3, [4, 4, 4], 3, (64 + 8 + 1) * 4));
        // One layer is no array.
        assert_eq!(image("Texture2D", "arrayLength=1").0.layers, 1);
    }

    #[test]
    fn texture_contents_per_format() {
        let (_, one_f) = image("Texture1D", "size=2, format=R32Float, mipMaps=1");
        assert_eq!(one_f, [1.0f32.to_le_bytes(), 1.0f32.to_le_bytes()].concat());
        let (_, one_h) = image("Texture1D", "size=1, format=RG16Float");
        assert_eq!(one_h, [0x00, 0x3c, 0x00, 0x3c]);
        let (_, one_i) = image("RWTexture1D", "size=1, format=RGBA8Sint");
        assert_eq!(one_i, [1, 1, 1, 1]);
        let (_, chess) = image("Texture2D", "size=2, mipMaps=1, content=chessboard");
        assert_eq!(chess[..4], [255; 4]);
        assert_eq!(chess[4..8], [128, 128, 128, 255]);
        let (_, chess_u) = image("Texture2D", "size=2, mipMaps=1, content=chessboard, format=R32Uint");
        assert_eq!(chess_u, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
        let (_, grad) = image("Texture1D", "size=4, mipMaps=1, content=gradient");
        assert_eq!(grad.chunks(4).map(|t| t[0]).collect::<Vec<_>>(), [0, 85, 170, 255]);
        let (_, grad_u) = image("Texture1D", "size=4, mipMaps=1, content=gradient, format=RGBA32Uint");
        assert_eq!(grad_u[48..64], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    }

    /// Slang's names of the packed, 16-bit snorm and 64-bit formats; `one` is 1.0 or 1 in each
    /// channel: 11-bit 0x3C0 and 10-bit 0x1E0 floats, all ones of the 10/10/10/2 unorms.
    #[test]
    fn packed_and_snorm16_formats() {
        let word = |f: &str| {
            let (d, data) = image("Texture2D", &format!("size=1, format={f}"));
            let mut w = [0u8; 4];
            w[..data.len().min(4)].copy_from_slice(&data[..data.len().min(4)]);
            (d.format, u32::from_le_bytes(w), data.len())
        };
        assert_eq!(word("R11G11B10Float"), (Format::R11g11b10f, 0x3C0 | 0x3C0 << 11 | 0x1E0 << 22, 4));
        assert_eq!(word("RGB10A2Unorm"), (Format::Rgb10a2, 0xFFFF_FFFF, 4));
        assert_eq!(word("RGB10A2Uint"), (Format::Rgb10a2ui, 1 | 1 << 10 | 1 << 20 | 1 << 30, 4));
        assert_eq!(word("RG16Snorm"), (Format::Rg16Snorm, 0x7FFF_7FFF, 4));
        assert_eq!(word("RGBA16Snorm"), (Format::Rgba16Snorm, 0x7FFF_7FFF, 8));
        assert_eq!(word("R16Snorm"), (Format::R16Snorm, 0x7FFF, 2));
        assert_eq!(word("RG16Unorm"), (Format::Rg16, 0xFFFF_FFFF, 4));
        // 64-bit integers: 1 in the low word of each 8-byte texel.
        assert_eq!(word("R64Uint"), (Format::R64ui, 1, 8));
        assert_eq!(word("R64Sint"), (Format::R64i, 1, 8));
        let Ok(BufferSpec { data, .. }) = resource("RWTextureBuffer", "format=R64Uint, stride=8, data=[7 1 2]") else {
            panic!()
        };
        assert_eq!(data, [7, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn multisampled_inputs_repeat_the_pattern_in_every_sample() {
        let Ok(BufferSpec { kind: Some(BufferKind::Image(d)), data, .. }) =
            resource("Texture2D", "size=2, format=R32Float, content=chessboard, sampleCount=four, arrayLength=2")
        else {
            panic!()
        };
        assert_eq!((d.samples, d.mips, d.layers), (4, 1, 2));
        let word = |i: usize| f32::from_le_bytes(data[4 * i..4 * i + 4].try_into().unwrap());
        // Texel (0, 0) is light, (1, 0) dark: four samples each.
        assert!((0..4).all(|s| word(s) == 1.0));
        assert!((4..8).all(|s| word(s) == 128.0 / 255.0));
        assert!(resource("Texture2D", "sampleCount=three").is_err());
    }

    #[test]
    fn samplers_and_refusals() {
        let Ok(BufferSpec { kind: Some(BufferKind::Sampler(s, 1)), .. }) = resource("Sampler", "") else { panic!() };
        assert_eq!((s.min, s.address, s.compare), (Filter::Linear, [Address::Wrap; 3], None));
        let Ok(BufferSpec { kind: Some(BufferKind::Sampler(s, 1)), .. }) =
            resource("Sampler", "filteringMode=point, depthCompare")
        else {
            panic!()
        };
        assert_eq!((s.mag, s.compare), (Filter::Nearest, Some(CompareOp::Less)));
        for (kind, opts) in [
            ("Texture2D", "format=BC1Unorm"),
            ("RWTexture2D", "sampleCount=two"),
            ("TextureSampler4D", "size=4"),
            ("Sampler", "anisotropy=4"),
        ] {
            let e = resource(kind, opts).unwrap_err();
            assert!(e.starts_with("SKIP:"), "{kind}({opts}): {e}");
        }
        assert!(resource("Texture2D", "size=x").is_err());
    }

    #[test]
    fn combined_texture_samplers() {
        let Ok(BufferSpec { kind: Some(BufferKind::SampledImage(d, s)), data, .. }) =
            resource("TextureSamplerCube", "size=8, content=zero, filteringMode=point, depthCompare")
        else {
            panic!()
        };
        assert_eq!((d.dim, d.size, d.layers), (TextureDim::Cube, [8, 8, 1], 6));
        assert_eq!((s.min, s.compare), (Filter::Nearest, Some(CompareOp::Less)));
        assert!(data.iter().all(|&b| b == 0) && data.len() == d.total_bytes());
    }
}
