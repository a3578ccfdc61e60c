//! Images and samplers as data: texel formats, an image's shape and where each texel lives in
//! its bytes, and a sampler's state. Everything that binds textures shares these definitions:
//! `[[vk::image_format]]` in the IR, the `image:`/`sampler:` SPECs of `wavec run` and `wavec
//! test` ([`crate::testing::spec`]), the Vulkan runner, which uploads and reads back the bytes,
//! and the CPU engine, which samples them by Vulkan's rules ([`crate::exec::texture`]).
//!
//! # Bytes
//!
//! An image's bytes hold each descriptor-array element in turn (a `Texture2D t[4]` binding has
//! four), each element its mip levels from 0, each level its layers (a cube's six faces per
//! cube, in Vulkan's order +X, −X, +Y, −Y, +Z, −Z), each layer its texels row by row (x fastest,
//! then y, then z), tightly packed. That is what `vkCmdCopyBufferToImage` reads for one level
//! with a zero row length, so the runner copies level by level.

use crate::ir::TextureDim;

/// How a format's channels are stored and what a shader reads from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumKind {
    Float,
    /// Unsigned normalized: `c / (2^bits − 1)`.
    Unorm,
    /// Signed normalized: `max(c / (2^(bits−1) − 1), −1)`.
    Snorm,
    Uint,
    Sint,
}

impl NumKind {
    /// Read as floats by a shader (`float4` textures).
    pub fn is_float(self) -> bool {
        matches!(self, NumKind::Float | NumKind::Unorm | NumKind::Snorm)
    }
    /// What a shader reads from texels of this kind (`float`, `uint` or `int`), for comparing
    /// a format with a declaration's element type.
    pub fn shader_type(self) -> &'static str {
        texel_type_name(self.is_float(), self == NumKind::Uint)
    }
}

/// `float`, `uint` or `int`: the name of the texel type a shader reads, from whether it is a
/// float and whether it is unsigned.
pub fn texel_type_name(float: bool, unsigned: bool) -> &'static str {
    match (float, unsigned) {
        (true, _) => "float",
        (false, true) => "uint",
        (false, false) => "int",
    }
}

/// The texel formats wavec binds, named as `[[vk::image_format]]` and GLSL's `layout(…)` name
/// them, and two depth formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Rgba32f,
    Rg32f,
    R32f,
    Rgba16f,
    Rg16f,
    R16f,
    Rgba8,
    Rg8,
    R8,
    Rgba16,
    Rg16,
    R16,
    Rgba8Snorm,
    Rg8Snorm,
    R8Snorm,
    Rgba32ui,
    Rg32ui,
    R32ui,
    Rgba16ui,
    Rg16ui,
    R16ui,
    Rgba8ui,
    Rg8ui,
    R8ui,
    Rgba32i,
    Rg32i,
    R32i,
    Rgba16i,
    Rg16i,
    R16i,
    Rgba8i,
    Rg8i,
    R8i,
    /// Depth formats: sampled textures only (depth compares read them).
    D32f,
    D16,
    /// Packed into one 32-bit word, red in the low bits: unsigned 11-, 11- and 10-bit floats
    /// (Vulkan's `B10G11R11_UFLOAT_PACK32`), and 10/10/10/2 normalized or unsigned integers
    /// (`A2B10G10R10_UNORM_PACK32`, `…_UINT_PACK32`).
    R11g11b10f,
    Rgb10a2,
    Rgb10a2ui,
    Rgba16Snorm,
    Rg16Snorm,
    R16Snorm,
    /// One 64-bit integer channel (VK_EXT_shader_image_atomic_int64's `R64_UINT`/`R64_SINT`):
    /// storage images of `uint64_t`/`int64_t`, whose texels the 32-bit component interface of
    /// [`Format::decode`] cannot carry: they go through [`Format::decode_wide`].
    R64ui,
    R64i,
}

/// Name, bits of each channel (red first; 0 for a channel the format lacks), numeric kind.
///
/// The channels lie in the texel's bits from the lowest up, red first, the texel a little-endian
/// number: for the formats of 8-, 16- and 32-bit channels that is each channel in its own bytes,
/// for the packed ones one 32-bit word. A format's place here is its code ([`Format::code`],
/// which the CUDA prelude's tables follow): new formats go at the end.
const FORMATS: [(Format, &str, [u8; 4], NumKind); 43] = {
    use Format::*;
    use NumKind::*;
    [
        (Rgba32f, "rgba32f", [32, 32, 32, 32], Float),
        (Rg32f, "rg32f", [32, 32, 0, 0], Float),
        (R32f, "r32f", [32, 0, 0, 0], Float),
        (Rgba16f, "rgba16f", [16, 16, 16, 16], Float),
        (Rg16f, "rg16f", [16, 16, 0, 0], Float),
        (R16f, "r16f", [16, 0, 0, 0], Float),
        (Rgba8, "rgba8", [8, 8, 8, 8], Unorm),
        (Rg8, "rg8", [8, 8, 0, 0], Unorm),
        (R8, "r8", [8, 0, 0, 0], Unorm),
        (Rgba16, "rgba16", [16, 16, 16, 16], Unorm),
        (Rg16, "rg16", [16, 16, 0, 0], Unorm),
        (R16, "r16", [16, 0, 0, 0], Unorm),
        (Rgba8Snorm, "rgba8snorm", [8, 8, 8, 8], Snorm),
        (Rg8Snorm, "rg8snorm", [8, 8, 0, 0], Snorm),
        (R8Snorm, "r8snorm", [8, 0, 0, 0], Snorm),
        (Rgba32ui, "rgba32ui", [32, 32, 32, 32], Uint),
        (Rg32ui, "rg32ui", [32, 32, 0, 0], Uint),
        (R32ui, "r32ui", [32, 0, 0, 0], Uint),
        (Rgba16ui, "rgba16ui", [16, 16, 16, 16], Uint),
        (Rg16ui, "rg16ui", [16, 16, 0, 0], Uint),
        (R16ui, "r16ui", [16, 0, 0, 0], Uint),
        (Rgba8ui, "rgba8ui", [8, 8, 8, 8], Uint),
        (Rg8ui, "rg8ui", [8, 8, 0, 0], Uint),
        (R8ui, "r8ui", [8, 0, 0, 0], Uint),
        (Rgba32i, "rgba32i", [32, 32, 32, 32], Sint),
        (Rg32i, "rg32i", [32, 32, 0, 0], Sint),
        (R32i, "r32i", [32, 0, 0, 0], Sint),
        (Rgba16i, "rgba16i", [16, 16, 16, 16], Sint),
        (Rg16i, "rg16i", [16, 16, 0, 0], Sint),
        (R16i, "r16i", [16, 0, 0, 0], Sint),
        (Rgba8i, "rgba8i", [8, 8, 8, 8], Sint),
        (Rg8i, "rg8i", [8, 8, 0, 0], Sint),
        (R8i, "r8i", [8, 0, 0, 0], Sint),
        (D32f, "d32f", [32, 0, 0, 0], Float),
        (D16, "d16", [16, 0, 0, 0], Unorm),
        (R11g11b10f, "r11g11b10f", [11, 11, 10, 0], Float),
        (Rgb10a2, "rgb10a2", [10, 10, 10, 2], Unorm),
        (Rgb10a2ui, "rgb10a2ui", [10, 10, 10, 2], Uint),
        (Rgba16Snorm, "rgba16snorm", [16, 16, 16, 16], Snorm),
        (Rg16Snorm, "rg16snorm", [16, 16, 0, 0], Snorm),
        (R16Snorm, "r16snorm", [16, 0, 0, 0], Snorm),
        (R64ui, "r64ui", [64, 0, 0, 0], Uint),
        (R64i, "r64i", [64, 0, 0, 0], Sint),
    ]
};

impl Format {
    fn row(self) -> (Format, &'static str, [u8; 4], NumKind) {
        FORMATS[FORMATS.iter().position(|r| r.0 == self).unwrap_or(0)]
    }
    pub fn from_name(name: &str) -> Option<Format> {
        let n = name.to_ascii_lowercase();
        FORMATS.iter().find(|r| r.1 == n).map(|r| r.0)
    }
    pub fn name(self) -> &'static str {
        self.row().1
    }
    /// Every format's name, for messages.
    pub fn names() -> Vec<&'static str> {
        FORMATS.iter().map(|r| r.1).collect()
    }
    /// GLSL's `layout(…)` name: `rgba8_snorm`, `r11f_g11f_b10f`, `rgb10_a2ui`.
    pub fn glsl_name(self) -> String {
        match self {
            Format::R11g11b10f => "r11f_g11f_b10f".into(),
            Format::Rgb10a2 => "rgb10_a2".into(),
            Format::Rgb10a2ui => "rgb10_a2ui".into(),
            f => f.name().replace("snorm", "_snorm"),
        }
    }
    /// The format GLSL's `layout(…)` name names.
    pub fn from_glsl_name(name: &str) -> Option<Format> {
        FORMATS.iter().map(|r| r.0).find(|f| f.glsl_name() == name)
    }
    pub fn channels(self) -> u8 {
        self.row().2.iter().filter(|&&b| b != 0).count() as u8
    }
    /// The bits of each channel, red first, 0 past the last.
    pub fn channel_bits(self) -> [u8; 4] {
        self.row().2
    }
    /// The bits of every channel where each has its own 1, 2 or 4 bytes alike (`rgba16f`: 16),
    /// `None` for a format packed into one word (`rgb10a2`).
    pub fn uniform_bits(self) -> Option<u8> {
        let b = self.row().2;
        let first = b[0];
        (first % 8 == 0 && b.iter().all(|&c| c == first || c == 0)).then_some(first)
    }
    pub fn kind(self) -> NumKind {
        self.row().3
    }
    /// The SPIR-V `ImageFormat` operand of a storage image of this format (0, `Unknown`, for
    /// the depth formats, which are never storage images).
    pub fn spirv_code(self) -> u32 {
        use Format::*;
        match self {
            Rgba32f => 1,
            Rgba16f => 2,
            R32f => 3,
            Rgba8 => 4,
            Rgba8Snorm => 5,
            Rg32f => 6,
            Rg16f => 7,
            R11g11b10f => 8,
            R16f => 9,
            Rgba16 => 10,
            Rgb10a2 => 11,
            Rg16 => 12,
            Rg8 => 13,
            R16 => 14,
            R8 => 15,
            Rgba16Snorm => 16,
            Rg16Snorm => 17,
            Rg8Snorm => 18,
            R16Snorm => 19,
            R8Snorm => 20,
            Rgba32i => 21,
            Rgba16i => 22,
            Rgba8i => 23,
            R32i => 24,
            Rg32i => 25,
            Rg16i => 26,
            Rg8i => 27,
            R16i => 28,
            R8i => 29,
            Rgba32ui => 30,
            Rgba16ui => 31,
            Rgba8ui => 32,
            R32ui => 33,
            Rgb10a2ui => 34,
            Rg32ui => 35,
            Rg16ui => 36,
            Rg8ui => 37,
            R16ui => 38,
            R8ui => 39,
            R64ui => 40,
            R64i => 41,
            D32f | D16 => 0,
        }
    }
    /// The format's place in the table of formats (the CUDA prelude's format code).
    pub fn code(self) -> u32 {
        FORMATS.iter().position(|f| f.0 == self).unwrap_or(0) as u32
    }
    /// The format whose [`Format::spirv_code`] is `code`.
    pub fn from_spirv_code(code: u32) -> Option<Format> {
        FORMATS.iter().map(|f| f.0).find(|f| code != 0 && f.spirv_code() == code)
    }
    /// A depth format (`d32f`, `d16`): sampled, never stored by a shader.
    pub fn is_depth(self) -> bool {
        matches!(self, Format::D32f | Format::D16)
    }
    /// A format of one 64-bit integer channel (`r64ui`, `r64i`).
    pub fn is_64bit(self) -> bool {
        matches!(self, Format::R64ui | Format::R64i)
    }
    pub fn texel_bytes(self) -> usize {
        self.row().2.iter().map(|&b| b as usize).sum::<usize>() / 8
    }

    /// The bits each channel holds, as stored (not yet converted), from one texel's bytes.
    pub fn unpack(self, bytes: &[u8]) -> [u32; 4] {
        let mut at = 0;
        self.channel_bits().map(|w| {
            let w = w as usize;
            let mut raw = 0u64;
            for (i, byte) in bytes[at / 8..(at + w).div_ceil(8)].iter().enumerate() {
                raw |= (*byte as u64) << (8 * i);
            }
            let v = (raw >> (at % 8)) & low_bits(w);
            at += w;
            v as u32
        })
    }

    /// One texel's bytes from the bits of each channel (each cut to its width).
    pub fn pack(self, raw: [u32; 4], out: &mut [u8]) {
        let mut at = 0;
        for (c, w) in self.channel_bits().into_iter().enumerate() {
            let w = w as usize;
            let v = (raw[c] as u64 & low_bits(w)) << (at % 8);
            for (i, byte) in out[at / 8..(at + w).div_ceil(8)].iter_mut().enumerate() {
                let keep = !(low_bits(w) << (at % 8)) >> (8 * i);
                *byte = (*byte & keep as u8) | (v >> (8 * i)) as u8;
            }
            at += w;
        }
    }

    /// The four components a shader reads from one texel: `f32` bits for float, normalized
    /// and 16-, 11- and 10-bit float formats, the integer's bits (sign-extended) for integer
    /// ones; missing components are 0, 0, 0, 1 (Vulkan's "conversion to RGBA").
    pub fn decode(self, bytes: &[u8]) -> [u32; 4] {
        if self.is_64bit() {
            return self.decode_wide(bytes).map(|c| c as u32);
        }
        let kind = self.kind();
        let one = if kind.is_float() { 1.0f32.to_bits() } else { 1 };
        let raw = self.unpack(bytes);
        let mut out = [0, 0, 0, one];
        for (c, bits) in self.channel_bits().into_iter().enumerate().filter(|&(_, b)| b != 0) {
            let (raw, bits) = (raw[c], bits as u32);
            let max = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
            let signed = |r: u32| ((r << (32 - bits)) as i32) >> (32 - bits);
            out[c] = match kind {
                NumKind::Float if bits == 16 => crate::exec::ops::f16_to_f32(raw).to_bits(),
                NumKind::Float if bits < 16 => ufloat_to_f32(raw, bits - 5),
                NumKind::Float | NumKind::Uint => raw,
                NumKind::Sint => signed(raw) as u32,
                NumKind::Unorm => (raw as f32 / max as f32).to_bits(),
                NumKind::Snorm => {
                    let m = ((1u32 << (bits - 1)) - 1) as f32;
                    (signed(raw) as f32 / m).max(-1.0).to_bits()
                }
            };
        }
        out
    }

    /// One texel's bytes from the components a shader writes (as [`Format::decode`] gives
    /// them): floats to normalized values are clamped and rounded to nearest, to `half` and the
    /// unsigned 11- and 10-bit floats rounded to nearest even (those clamp negatives to 0);
    /// integers keep their low bits.
    pub fn encode(self, v: [u32; 4], out: &mut [u8]) {
        if self.is_64bit() {
            return self.encode_wide(v.map(u64::from), out);
        }
        let kind = self.kind();
        let mut raw = [0u32; 4];
        for (c, bits) in self.channel_bits().into_iter().enumerate().filter(|&(_, b)| b != 0) {
            let (x, bits) = (v[c], bits as u32);
            let f = f32::from_bits(x);
            raw[c] = match kind {
                NumKind::Float if bits == 16 => crate::exec::ops::f32_to_f16(f),
                NumKind::Float if bits < 16 => f32_to_ufloat(f, bits - 5),
                NumKind::Float | NumKind::Uint | NumKind::Sint => x,
                NumKind::Unorm => {
                    let max = ((1u64 << bits) - 1) as f32;
                    let f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                    (f * max).round() as u32
                }
                NumKind::Snorm => {
                    let m = ((1u32 << (bits - 1)) - 1) as f32;
                    let f = if f.is_nan() { 0.0 } else { f.clamp(-1.0, 1.0) };
                    ((f * m).round() as i32) as u32
                }
            };
        }
        self.pack(raw, out);
    }
}

impl Format {
    /// [`Format::decode`] with 64-bit components: a 64-bit format's channel whole (its bits;
    /// missing components 0, 0, 1), any other format's components as `decode` gives them.
    /// ([`Format::decode`] of a 64-bit format gives the low 32 bits.)
    pub fn decode_wide(self, bytes: &[u8]) -> [u64; 4] {
        if self.is_64bit() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[..8]);
            return [u64::from_le_bytes(b), 0, 0, 1];
        }
        self.decode(bytes).map(u64::from)
    }

    /// [`Format::encode`] with 64-bit components: a 64-bit format keeps the first whole, any
    /// other format takes the low 32 bits of each.
    pub fn encode_wide(self, v: [u64; 4], out: &mut [u8]) {
        if self.is_64bit() {
            out[..8].copy_from_slice(&v[0].to_le_bytes());
            return;
        }
        self.encode(v.map(|c| c as u32), out);
    }
}

/// The mask of the low `w` bits of a word (every bit for 64).
fn low_bits(w: usize) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// An unsigned float of a 5-bit exponent (bias 15) and `mbits` bits of mantissa (Vulkan's
/// 11- and 10-bit floats: 6 and 5) as `f32` bits: exponent 0 is `M · 2^(−14 − mbits)`,
/// exponent 31 infinity (mantissa 0) or NaN.
fn ufloat_to_f32(raw: u32, mbits: u32) -> u32 {
    let (e, m) = (raw >> mbits, raw & ((1 << mbits) - 1));
    match e {
        0 => (m as f32 * (-14.0 - mbits as f32).exp2()).to_bits(),
        31 if m == 0 => f32::INFINITY.to_bits(),
        31 => 0x7FC0_0000 | (m << (23 - mbits)),
        _ => ((e + 127 - 15) << 23) | (m << (23 - mbits)),
    }
}

/// An `f32` as such an unsigned float, by Vulkan's conversion to one: negative values and −∞
/// become 0, NaN a NaN, +∞ infinity; other values round to nearest even, and one beyond the
/// largest finite value becomes infinity (as half precision's conversion does).
fn f32_to_ufloat(f: f32, mbits: u32) -> u32 {
    let inf = 31 << mbits;
    if f.is_nan() {
        return inf | (1 << (mbits - 1));
    }
    if f.is_infinite() || f <= 0.0 {
        return if f > 0.0 { inf } else { 0 };
    }
    let v = f as f64;
    // The exponent of `v`'s leading bit, no lower than the denormals' −14.
    let e = (((f.to_bits() >> 23) & 0xFF) as i32 - 127).max(-14);
    // `v` in units of the last mantissa bit at that exponent, rounded; a carry out of the
    // mantissa moves to the next exponent by itself.
    let units = (v * 2f64.powi(mbits as i32 - e)).round_ties_even() as u64;
    let bits = if units >> mbits == 0 { units } else { (((e + 15) as u64) << mbits) + units - (1 << mbits) };
    bits.min(inf as u64) as u32
}

/// The shape of a bound image (or of each element of an array of images).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageDesc {
    pub format: Format,
    pub dim: TextureDim,
    /// Width, height, depth of level 0 (1 where the dimension has none).
    pub size: [u32; 3],
    /// Array layers; a cube has six per cube.
    pub layers: u32,
    pub mips: u32,
    /// Descriptor-array elements (`Texture2D t[4]`: 4), each an image of this shape.
    pub count: u32,
    /// Samples per texel: 1, or a multisampled image's 2, 4, 8, 16, 32 or 64 (2D, one level),
    /// each texel's samples consecutive in the bytes.
    pub samples: u32,
}

impl ImageDesc {
    /// The number of levels of a full mip chain for `size`.
    pub fn full_mips(size: [u32; 3]) -> u32 {
        32 - size.iter().copied().max().unwrap_or(1).max(1).leading_zeros()
    }
    /// Width, height, depth of level `mip`.
    pub fn level_size(&self, mip: u32) -> [u32; 3] {
        self.size.map(|s| (s >> mip.min(31)).max(1))
    }
    /// Bytes of one level, every layer.
    pub fn level_bytes(&self, mip: u32) -> usize {
        let [w, h, d] = self.level_size(mip);
        w as usize * h as usize * d as usize * self.layers as usize * self.samples as usize * self.format.texel_bytes()
    }
    /// Bytes of one descriptor-array element.
    pub fn element_bytes(&self) -> usize {
        (0..self.mips).map(|m| self.level_bytes(m)).sum()
    }
    pub fn total_bytes(&self) -> usize {
        self.element_bytes() * self.count as usize
    }
    /// Where level `mip` of element `element` starts.
    pub fn level_offset(&self, element: u32, mip: u32) -> usize {
        element as usize * self.element_bytes() + (0..mip).map(|m| self.level_bytes(m)).sum::<usize>()
    }
    /// Where texel `(x, y, z)` of layer `layer`, level `mip`, element `element` starts; the
    /// arguments must be in range.
    pub fn texel_offset(&self, element: u32, mip: u32, layer: u32, xyz: [u32; 3]) -> usize {
        let [w, h, d] = self.level_size(mip);
        let texel = ((layer as usize * d as usize + xyz[2] as usize) * h as usize + xyz[1] as usize) * w as usize
            + xyz[0] as usize;
        self.level_offset(element, mip) + texel * self.samples as usize * self.format.texel_bytes()
    }
    /// Where sample `sample` of texel `(x, y)` of layer `layer`, element `element` of a
    /// multisampled image starts; the arguments must be in range.
    pub fn sample_offset(&self, element: u32, layer: u32, xy: [u32; 2], sample: u32) -> usize {
        self.texel_offset(element, 0, layer, [xy[0], xy[1], 0]) + sample as usize * self.format.texel_bytes()
    }
    /// Why the shape cannot be an image, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.size.contains(&0) || self.layers == 0 || self.count == 0 || self.mips == 0 {
            return Err("every size, the layer count, the mip count and the count must be at least 1".into());
        }
        if self.samples != 1 {
            if !self.samples.is_power_of_two() || self.samples > 64 {
                return Err(format!("{} samples: a multisampled image has 2, 4, 8, 16, 32 or 64", self.samples));
            }
            if self.dim != TextureDim::D2 || self.mips != 1 {
                return Err("a multisampled image is 2D (WxH, with layers) and has one mip level".into());
            }
        }
        let full = ImageDesc::full_mips(self.size);
        if self.mips > full {
            return Err(format!("{} mips is more than the {full} a full chain of this size has", self.mips));
        }
        match self.dim {
            TextureDim::Cube if self.size[0] != self.size[1] || self.layers % 6 != 0 => {
                return Err("a cube's faces are square and its layers a multiple of 6".into())
            }
            TextureDim::D3 if self.layers != 1 => return Err("a 3D image has one layer".into()),
            TextureDim::D1 if self.size[1] != 1 || self.size[2] != 1 => {
                return Err("a 1D image has a height and depth of 1".into())
            }
            TextureDim::D2 | TextureDim::Cube if self.size[2] != 1 => return Err("a 2D image has a depth of 1".into()),
            _ => {}
        }
        let total = (self.total_bytes() as u64).max(1);
        if total > 1 << 30 {
            return Err(format!("{total} bytes is more than the 1 GiB an image may have"));
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filter {
    Nearest,
    Linear,
}

/// What a coordinate outside `[0, 1)` reads (Vulkan's `VkSamplerAddressMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Address {
    /// `wrap`: repeat.
    Wrap,
    /// `mirror`: mirrored repeat.
    Mirror,
    /// `clamp`: clamp to the edge texel.
    Clamp,
    /// `border`: the border color outside.
    Border,
    /// `mirror_once`: mirror once, then clamp to the edge (`VK_KHR_sampler_mirror_clamp_to_edge`).
    MirrorOnce,
}

impl Address {
    pub fn from_name(s: &str) -> Option<Address> {
        Some(match s {
            "wrap" | "repeat" => Address::Wrap,
            "mirror" => Address::Mirror,
            "clamp" => Address::Clamp,
            "border" => Address::Border,
            "mirror_once" => Address::MirrorOnce,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Border {
    TransparentBlack,
    OpaqueBlack,
    OpaqueWhite,
}

impl Border {
    pub fn from_name(s: &str) -> Option<Border> {
        Some(match s {
            "transparent_black" | "transparent" => Border::TransparentBlack,
            "opaque_black" | "black" => Border::OpaqueBlack,
            "opaque_white" | "white" => Border::OpaqueWhite,
            _ => return None,
        })
    }
    /// The color, as floats (integer textures read 0 or 1).
    pub fn rgba(self) -> [f32; 4] {
        match self {
            Border::TransparentBlack => [0.0; 4],
            Border::OpaqueBlack => [0.0, 0.0, 0.0, 1.0],
            Border::OpaqueWhite => [1.0; 4],
        }
    }
}

/// A depth compare's operator: the result is 1 where `reference OP texel` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

impl CompareOp {
    pub fn from_name(s: &str) -> Option<CompareOp> {
        Some(match s {
            "never" => CompareOp::Never,
            "less" => CompareOp::Less,
            "equal" => CompareOp::Equal,
            "less_equal" => CompareOp::LessEqual,
            "greater" => CompareOp::Greater,
            "not_equal" => CompareOp::NotEqual,
            "greater_equal" => CompareOp::GreaterEqual,
            "always" => CompareOp::Always,
            _ => return None,
        })
    }
    pub fn test(self, reference: f32, texel: f32) -> bool {
        match self {
            CompareOp::Never => false,
            CompareOp::Less => reference < texel,
            CompareOp::Equal => reference == texel,
            CompareOp::LessEqual => reference <= texel,
            CompareOp::Greater => reference > texel,
            CompareOp::NotEqual => reference != texel,
            CompareOp::GreaterEqual => reference >= texel,
            CompareOp::Always => true,
        }
    }
}

/// A sampler's state (Vulkan's `VkSamplerCreateInfo`, normalized coordinates, no anisotropy).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    pub mag: Filter,
    pub min: Filter,
    pub mip: Filter,
    /// Per coordinate: u, v, w.
    pub address: [Address; 3],
    pub border: Border,
    /// A comparison sampler's operator (`SamplerComparisonState`).
    pub compare: Option<CompareOp>,
    pub lod_bias: f32,
    pub min_lod: f32,
    pub max_lod: f32,
}

// The LOD fields are never NaN (the SPEC parser refuses one), so equality is total.
impl Eq for SamplerDesc {}

impl Default for SamplerDesc {
    fn default() -> Self {
        SamplerDesc {
            mag: Filter::Nearest,
            min: Filter::Nearest,
            mip: Filter::Nearest,
            address: [Address::Clamp; 3],
            border: Border::TransparentBlack,
            compare: None,
            lod_bias: 0.0,
            min_lod: 0.0,
            max_lod: 1000.0,
        }
    }
}

/// What a descriptor that is not a buffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Image(ImageDesc),
    /// A sampler, `count` copies of it (an array of samplers).
    Sampler(SamplerDesc, u32),
    /// An image and the sampler it is read through (a combined image sampler): the texture and
    /// the sampler at its binding each see their part.
    SampledImage(ImageDesc, SamplerDesc),
}

impl View {
    /// The image a texture at this binding reads.
    pub fn image(self) -> Option<ImageDesc> {
        match self {
            View::Image(d) | View::SampledImage(d, _) => Some(d),
            View::Sampler(..) => None,
        }
    }
    /// The sampler at this binding and how many descriptors hold it.
    pub fn sampler(self) -> Option<(SamplerDesc, u32)> {
        match self {
            View::Sampler(s, n) => Some((s, n)),
            View::SampledImage(d, s) => Some((s, d.count)),
            View::Image(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip() {
        for f in FORMATS.iter().map(|r| r.0) {
            assert_eq!(Format::from_name(f.name()), Some(f));
            let mut bytes = vec![0u8; f.texel_bytes()];
            let v = match f.kind() {
                NumKind::Float => [0.25f32, 0.5, 1.0, 0.0].map(f32::to_bits),
                NumKind::Unorm => [0.0f32, 1.0, 1.0, 0.0].map(f32::to_bits),
                NumKind::Snorm => [-1.0f32, 0.0, 1.0, -1.0].map(f32::to_bits),
                NumKind::Uint => [1, 2, 3, 2],
                NumKind::Sint => [-1i32 as u32, 2, -3i32 as u32, 4],
            };
            f.encode(v, &mut bytes);
            let back = f.decode(&bytes);
            let n = f.channels() as usize;
            assert_eq!(back[..n], v[..n], "{}", f.name());
            let one = if f.kind().is_float() { 1.0f32.to_bits() } else { 1 };
            assert_eq!(back[3], if n == 4 { v[3] } else { one }, "{}", f.name());
        }
        let mut b = [0u8; 1];
        Format::R8.encode([0.5f32.to_bits(), 0, 0, 0], &mut b);
        assert_eq!(b[0], 128);
        assert_eq!(f32::from_bits(Format::R8Snorm.decode(&[0x80])[0]), -1.0);
    }

    /// A 64-bit texel is its 8 bytes, little-endian, whole through `decode_wide`/`encode_wide`
    /// (and its low word through the 32-bit `decode`).
    #[test]
    fn wide_formats_keep_all_64_bits() {
        for f in [Format::R64ui, Format::R64i] {
            assert_eq!((f.texel_bytes(), f.channels(), f.uniform_bits()), (8, 1, Some(64)));
            let mut b = [0u8; 8];
            f.encode_wide([0x0123_4567_89AB_CDEF, 9, 9, 9], &mut b);
            assert_eq!(b, [0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01]);
            assert_eq!(f.decode_wide(&b), [0x0123_4567_89AB_CDEF, 0, 0, 1]);
            assert_eq!(f.decode(&b), [0x89AB_CDEF, 0, 0, 1]);
            assert_eq!(Format::from_spirv_code(f.spirv_code()), Some(f));
        }
        assert_eq!((Format::R64ui.spirv_code(), Format::R64i.spirv_code()), (40, 41));
        let mut b = [0u8; 8];
        Format::R64i.encode_wide([(-2i64) as u64, 0, 0, 0], &mut b);
        assert_eq!(b, [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
    }

    /// The packed formats' words, worked out by hand from Vulkan's layouts: `B10G11R11` has
    /// red in bits 0–10, green 11–21, blue 22–31; `A2B10G10R10` red in bits 0–9, alpha 30–31.
    #[test]
    fn packed_formats_bit_layout() {
        let word = |f: Format, v: [u32; 4]| {
            let mut b = [0u8; 4];
            f.encode(v, &mut b);
            u32::from_le_bytes(b)
        };
        let f = |v: [f32; 4]| v.map(f32::to_bits);
        let r11 = Format::R11g11b10f;
        assert_eq!((r11.texel_bytes(), r11.channels(), r11.uniform_bits()), (4, 3, None));
        // 1.0 is exponent 15, mantissa 0: 0x3C0 in 11 bits, 0x1E0 in 10.
        assert_eq!(word(r11, f([1.0, 0.0, 0.0, 0.0])), 0x3C0);
        assert_eq!(word(r11, f([0.0, 1.0, 0.0, 0.0])), 0x3C0 << 11);
        assert_eq!(word(r11, f([0.0, 0.0, 1.0, 0.0])), 0x1E0 << 22);
        // 1.0, 0.5, 2.0 (and alpha, which the format lacks, read as 1).
        assert_eq!(word(r11, f([1.0, 0.5, 2.0, 7.0])), 0x801C_03C0);
        assert_eq!(r11.decode(&0x801C_03C0u32.to_le_bytes()), f([1.0, 0.5, 2.0, 1.0]));
        let rgb10a2 = Format::Rgb10a2;
        assert_eq!((rgb10a2.texel_bytes(), rgb10a2.channels(), rgb10a2.uniform_bits()), (4, 4, None));
        assert_eq!(word(rgb10a2, f([1.0, 0.0, 0.0, 0.0])), 0x3FF);
        assert_eq!(word(rgb10a2, f([0.0, 1.0, 0.0, 0.0])), 0x3FF << 10);
        assert_eq!(word(rgb10a2, f([0.0, 0.0, 1.0, 0.0])), 0x3FF << 20);
        assert_eq!(word(rgb10a2, f([0.0, 0.0, 0.0, 1.0])), 0xC000_0000);
        // round(0.3 * 1023) = 307, clamps, round(0.7 * 3) = 2.
        assert_eq!(word(rgb10a2, f([0.3, 1.5, -0.2, 0.7])), 307 | 1023 << 10 | 2 << 30);
        assert_eq!(rgb10a2.decode(&0x4000_0000u32.to_le_bytes()), f([0.0, 0.0, 0.0, 1.0 / 3.0]));
        assert_eq!(rgb10a2.decode(&(512u32 << 10).to_le_bytes())[1], (512.0f32 / 1023.0).to_bits());
        let ui = Format::Rgb10a2ui;
        assert_eq!(word(ui, [1, 2, 3, 3]), 0xC030_0801);
        // Integers keep their low bits.
        assert_eq!(word(ui, [1024 + 5, 0, 0, 6]), 5 | 2 << 30);
        assert_eq!(ui.decode(&0xC030_0801u32.to_le_bytes()), [1, 2, 3, 3]);
        // 16-bit snorm: two bytes a channel; -32768 reads as -1 like -32767.
        let s16 = Format::Rgba16Snorm;
        assert_eq!((s16.texel_bytes(), Format::Rg16Snorm.texel_bytes(), Format::R16Snorm.texel_bytes()), (8, 4, 2));
        let mut b = [0u8; 8];
        s16.encode(f([1.0, -1.0, 0.25, -2.0]), &mut b);
        assert_eq!(b, [0xFF, 0x7F, 0x01, 0x80, 0x00, 0x20, 0x01, 0x80]);
        assert_eq!(Format::R16Snorm.decode(&[0x00, 0x80]), f([-1.0, 0.0, 0.0, 1.0]));
        assert_eq!(Format::Rg16Snorm.decode(&[0xFF, 0x7F, 0x00, 0xC0]), f([1.0, -16384.0 / 32767.0, 0.0, 1.0]));
    }

    /// Vulkan's unsigned 11- and 10-bit floats: a 5-bit exponent of bias 15, 6 or 5 bits of
    /// mantissa, no sign. Stores round to nearest even, clamp negatives to 0, keep infinity.
    #[test]
    fn unsigned_small_floats() {
        let r = |x: f32| {
            let mut b = [0u8; 4];
            Format::R11g11b10f.encode([x.to_bits(), 0, 0, 0], &mut b);
            u32::from_le_bytes(b)
        };
        let b = |x: f32| {
            let mut b = [0u8; 4];
            Format::R11g11b10f.encode([0, 0, x.to_bits(), 0], &mut b);
            u32::from_le_bytes(b) >> 22
        };
        let read_r = |raw: u32| f32::from_bits(Format::R11g11b10f.decode(&raw.to_le_bytes())[0]);
        let read_b = |raw: u32| f32::from_bits(Format::R11g11b10f.decode(&(raw << 22).to_le_bytes())[2]);
        // Exact values.
        assert_eq!((r(1.0), r(0.5), r(2.0), r(3.0), r(0.0)), (0x3C0, 0x380, 0x400, 0x420, 0));
        assert_eq!((b(1.0), b(0.75), b(2.0)), (0x1E0, 0x1D0, 0x200));
        // The largest finite values: 2^15 * (1 + 63/64) and 2^15 * (1 + 31/32).
        assert_eq!((r(65024.0), read_r(0x7BF)), (0x7BF, 65024.0));
        assert_eq!((b(64512.0), read_b(0x3DF)), (0x3DF, 64512.0));
        // Denormals: exponent 0 is M * 2^-14 / 64 (11 bits), M * 2^-14 / 32 (10 bits).
        assert_eq!((r(2f32.powi(-20)), read_r(1)), (1, 2f32.powi(-20)));
        assert_eq!((b(2f32.powi(-19)), read_b(1)), (1, 2f32.powi(-19)));
        assert_eq!((r(2f32.powi(-14)), read_r(0x40)), (0x40, 2f32.powi(-14)));
        assert_eq!(read_r(0x3F), 63.0 * 2f32.powi(-20));
        // Rounding to nearest, ties to even: 1 + 1/128 is half a unit above 1 (mantissa 0,
        // even), 1 + 3/128 halfway between mantissas 1 and 2, 1 + 7/256 nearer 2.
        assert_eq!((r(1.0 + 1.0 / 128.0), r(1.0 + 3.0 / 128.0), r(1.0 + 7.0 / 256.0)), (0x3C0, 0x3C2, 0x3C2));
        assert_eq!(r(1.0 + 1.0 / 256.0), 0x3C0);
        assert_eq!(r(1.999), 0x400, "a carry out of the mantissa moves to the next exponent");
        assert_eq!((r(2f32.powi(-21)), r(3.0 * 2f32.powi(-21))), (0, 2), "denormal ties go to even");
        assert_eq!(r(f32::from_bits(1)), 0, "an f32 denormal is far below the smallest");
        assert_eq!(r(0.0636), 0x2C1, "0.0636 = 2^-4 * 1.0176: mantissa 1.13 rounds to 1");
        // Negatives and -inf become 0; +inf stays; past the largest finite value is infinity.
        assert_eq!((r(-3.0), r(-0.0), r(f32::NEG_INFINITY), r(-1e-30)), (0, 0, 0, 0));
        assert_eq!((r(f32::INFINITY), b(f32::INFINITY)), (0x7C0, 0x3E0));
        assert_eq!((r(1e6), r(65280.0), r(65279.0)), (0x7C0, 0x7C0, 0x7BF));
        assert_eq!((read_r(0x7C0), read_b(0x3E0)), (f32::INFINITY, f32::INFINITY));
        // NaN stays a NaN: exponent 31, a mantissa other than 0.
        let nan = r(f32::NAN);
        assert!(nan >> 6 == 31 && nan & 0x3F != 0, "{nan:#x}");
        assert!(b(f32::NAN) >> 5 == 31 && b(f32::NAN) & 0x1F != 0);
        assert!(read_r(0x7C1).is_nan() && read_b(0x3FF).is_nan());
        // Every 11- and 10-bit pattern but NaNs survives a decode and encode.
        for raw in 0..0x7C1 {
            assert_eq!(r(read_r(raw)), raw, "{raw:#x}");
        }
        for raw in 0..0x3E1 {
            assert_eq!(b(read_b(raw)), raw, "{raw:#x}");
        }
    }

    #[test]
    fn offsets() {
        let d = ImageDesc {
            format: Format::Rgba8,
            dim: TextureDim::D2,
            size: [8, 4, 1],
            layers: 2,
            mips: 3,
            count: 2,
            samples: 1,
        };
        assert_eq!(ImageDesc::full_mips([8, 4, 1]), 4);
        assert_eq!(d.level_size(2), [2, 1, 1]);
        assert_eq!(d.element_bytes(), (32 + 8 + 2) * 2 * 4);
        assert_eq!(d.texel_offset(1, 1, 1, [3, 1, 0]), d.element_bytes() + 32 * 2 * 4 + (8 + 4 + 3) * 4);
        assert!(d.check().is_ok());
        assert!(ImageDesc { mips: 5, ..d }.check().is_err());
        assert!(ImageDesc { dim: TextureDim::Cube, ..d }.check().is_err());
    }
}
