//! Texture reads by Vulkan's rules: the specification's "Image Operations" chapter, step by
//! step, for one lane at a time.
//!
//! - Coordinates: a cube's direction selects a face by its major axis (z wins ties over y, y
//!   over x) and becomes `(s_face, t_face)`; the array layer is `clamp(RNE(a), 0, layers − 1)`.
//! - LOD: the explicit level, or `log2(ρ_max)` of the gradients scaled by the base level's
//!   size (`ρ` the Euclidean length, no anisotropy); plus the sampler's and the instruction's
//!   bias (clamped to ±16, lavapipe's `maxSamplerLodBias`), clamped to `[max(minLod, clamp),
//!   maxLod]`. `λ ≤ 0` magnifies (`magFilter`), else minifies (`minFilter`).
//! - Level: `d' = clamp(λ, 0, levels − 1)`; `mip=nearest` reads level `⌈d' + ½⌉ − 1` (the
//!   preferred rounding), `mip=linear` levels `⌊d'⌋` and the next, weighted by the fraction.
//! - Within a level: `u = s·width + offset`; nearest reads texel `⌊u⌋`, linear texels
//!   `⌊u − ½⌋` and the next, weighted by the fraction (2, 4 or 8 texels by dimension).
//! - Wrapping per coordinate: repeat, mirrored repeat, clamp to edge, clamp to border (the
//!   border color replaces the texel), mirror once. Cubes ignore the modes: nearest clamps to
//!   the face's edge, linear continues onto the neighbouring face (seamless), and a corner
//!   texel is the average of its three neighbours on the incident faces.
//! - Depth compare: each texel's first component against the reference (clamped to `[0, 1]`
//!   for normalized formats) gives 1 or 0, then those are filtered.
//! - Gathers read the base level's 2×2 footprint of linear filtering, as (i0,j1), (i1,j1),
//!   (i1,j0), (i0,j0), one component of each (or the compare result).
//!
//! Arithmetic is `f32`, as a GPU's sampler's is; a GPU quantizes the filter weights (8 bits of
//! sub-texel precision on lavapipe), which this does not, so results may differ from a
//! device's in the last bits: README, "The CPU engine's textures", states the tolerance the
//! tests hold it to.

use crate::image::{texel_type_name, Address, Border, Filter, ImageDesc, NumKind, SamplerDesc};
use crate::ir::TextureDim;

/// An image as a shader's view of it sees it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub desc: &'a ImageDesc,
    pub data: &'a super::memory::SharedBuf,
    /// The descriptor-array element.
    pub element: u32,
    /// The declared dimensionality, and whether the declaration is an array.
    pub dim: TextureDim,
    pub arrayed: bool,
    /// Levels the view covers: every level of a sampled view, level 0 of a storage one.
    pub levels: u32,
}

impl View<'_> {
    /// Layers the view sees: every one of an array, else the first (a cube's first six).
    pub fn layers(&self) -> u32 {
        match (self.arrayed, self.dim) {
            (true, TextureDim::Cube) => self.desc.layers / 6 * 6,
            (true, _) => self.desc.layers,
            (false, TextureDim::Cube) => 6,
            (false, _) => 1,
        }
    }

    pub fn level_size(&self, level: u32) -> [u32; 3] {
        self.desc.level_size(level)
    }

    /// Where texel `xyz` of `layer` at `level` starts, or `None` when any is out of range.
    pub fn texel_offset(&self, level: u32, layer: u32, xyz: [i64; 3]) -> Option<usize> {
        let size = self.level_size(level);
        if level >= self.levels || layer >= self.layers() {
            return None;
        }
        if xyz.iter().zip(size).any(|(&c, s)| c < 0 || c >= s as i64) {
            return None;
        }
        Some(self.desc.texel_offset(self.element, level, layer, xyz.map(|c| c as u32)))
    }

    /// The four components a shader reads from one texel (`Format::decode`), or `None` out of
    /// range.
    pub fn read(&self, level: u32, layer: u32, xyz: [i64; 3]) -> Option<[u32; 4]> {
        self.read_wide(level, layer, xyz).map(|t| t.map(|c| c as u32))
    }

    /// [`View::read`] with 64-bit components (`Format::decode_wide`): a 64-bit texel whole.
    pub fn read_wide(&self, level: u32, layer: u32, xyz: [i64; 3]) -> Option<[u64; 4]> {
        let at = self.texel_offset(level, layer, xyz)?;
        let n = self.desc.format.texel_bytes();
        let mut texel = [0u8; 16];
        self.data.read(at, &mut texel[..n]);
        Some(self.desc.format.decode_wide(&texel[..n]))
    }

    /// One sample of a multisampled image's texel, or `None` when any index is out of range.
    pub fn read_sample(&self, layer: u32, xy: [i64; 2], sample: u32) -> Option<[u64; 4]> {
        let [w, h, _] = self.level_size(0);
        let inside = xy.iter().zip([w, h]).all(|(&c, s)| c >= 0 && c < s as i64);
        if !inside || layer >= self.layers() || sample >= self.desc.samples {
            return None;
        }
        let at = self.desc.sample_offset(self.element, layer, xy.map(|c| c as u32), sample);
        let n = self.desc.format.texel_bytes();
        let mut texel = [0u8; 16];
        self.data.read(at, &mut texel[..n]);
        Some(self.desc.format.decode_wide(&texel[..n]))
    }

    /// `GetDimensions`: the size of `level`, then the layer count (cubes: of cubes), then the
    /// number of levels.
    pub fn dimensions(&self, level: u32) -> (Vec<u32>, u32) {
        let [w, h, d] = self.level_size(level);
        let mut out = match self.dim {
            TextureDim::D1 => vec![w],
            TextureDim::D2 | TextureDim::Cube => vec![w, h],
            TextureDim::D3 => vec![w, h, d],
        };
        if self.arrayed {
            out.push(if self.dim == TextureDim::Cube { self.layers() / 6 } else { self.layers() });
        }
        (out, self.levels)
    }
}

/// Where a sample's LOD comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lod {
    /// `SampleLevel`, `SampleCmpLevelZero` (0), `SampleCmpLevel`.
    Explicit(f32),
    /// `SampleGrad`: the derivatives of the coordinate along x and y.
    Gradients([f32; 3], [f32; 3]),
}

/// One sampling or gathering request of a lane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// The coordinate as the instruction gives it: (s[, t][, r][, a]) or a cube's direction.
    pub coord: [f32; 4],
    pub lod: Lod,
    /// `SampleBias`'s bias.
    pub bias: f32,
    /// A LOD clamp (`SampleGrad`'s last argument), else 0.
    pub min_lod: f32,
    pub offset: [i32; 3],
    /// A depth compare's reference.
    pub dref: Option<f32>,
    /// A gather's component (ignored by a compare gather, which gathers compare results).
    pub gather: Option<u8>,
}

/// A texel's components as floats, or an integer texture's bits.
type Texel = [f32; 4];

/// Samples or gathers `view` through sampler `s`: the four components of the result (`f32`
/// bits for float textures, the integers' bits for integer ones; a depth compare's result is
/// the first component).
pub fn sample(view: &View, s: &SamplerDesc, r: &Request) -> [u32; 4] {
    // Each texel is read as floats; an integer texture's bits ride in the `f32`s untouched,
    // since integer textures are read without filtering (nearest, or gathered).
    let float = view.desc.format.kind().is_float();
    let (st, layer, face) = coordinates(view, r);
    if let Some(comp) = r.gather {
        let fp = footprint(view, s, r, st, 0, layer, face);
        // (i0,j1), (i1,j1), (i1,j0), (i0,j0) of the footprint.
        return [2, 3, 1, 0].map(|k| {
            let t = fp.texels[k];
            let v = match r.dref {
                Some(d) => compare(view, s, d, t),
                None => t[comp as usize & 3],
            };
            v.to_bits()
        });
    }
    let lambda = lod(view, s, r, face);
    let filter = if lambda <= 0.0 { s.mag } else { s.min };
    let q = (view.levels - 1) as f32;
    let d = lambda.clamp(0.0, q);
    let level_value = |level: u32| -> Texel {
        let fp = footprint(view, s, r, st, level, layer, face);
        let texels = match r.dref {
            Some(dref) => fp.texels.map(|t| [compare(view, s, dref, t), 0.0, 0.0, 1.0]),
            None => fp.texels,
        };
        let linear = filter == Filter::Linear && float;
        match linear {
            false => match r.dref {
                Some(dref) => [compare(view, s, dref, fp.nearest), 0.0, 0.0, 1.0],
                None => fp.nearest,
            },
            true => {
                let mut acc = [0.0f32; 4];
                for (t, w) in texels.iter().zip(fp.weights) {
                    for c in 0..4 {
                        acc[c] += w * t[c];
                    }
                }
                acc
            }
        }
    };
    let value = match s.mip {
        Filter::Nearest => level_value(((d + 0.5).ceil() - 1.0).max(0.0) as u32),
        Filter::Linear => {
            let hi = d.floor();
            let delta = d - hi;
            let lo = (hi + 1.0).min(q);
            let a = level_value(hi as u32);
            if delta == 0.0 || !float {
                a
            } else {
                let b = level_value(lo as u32);
                [0, 1, 2, 3].map(|c| (1.0 - delta) * a[c] + delta * b[c])
            }
        }
    };
    value.map(f32::to_bits)
}

/// The coordinate within a level ((s, t, r) normalized), the layer, and a cube's face.
fn coordinates(view: &View, r: &Request) -> ([f32; 3], u32, Option<u32>) {
    let c = r.coord;
    let layer_of = |a: f32, count: u32| (a.round_ties_even().max(0.0) as u32).min(count.saturating_sub(1));
    match (view.dim, view.arrayed) {
        (TextureDim::D1, a) => ([c[0], 0.0, 0.0], if a { layer_of(c[1], view.layers()) } else { 0 }, None),
        (TextureDim::D2, a) => ([c[0], c[1], 0.0], if a { layer_of(c[2], view.layers()) } else { 0 }, None),
        (TextureDim::D3, _) => ([c[0], c[1], c[2]], 0, None),
        (TextureDim::Cube, a) => {
            let (face, s, t) = cube_face([c[0], c[1], c[2]]);
            let cube = if a { layer_of(c[3], view.layers() / 6) } else { 0 };
            ([s, t, 0.0], cube * 6 + face, Some(face))
        }
    }
}

/// The face a direction selects (by its major axis: z wins ties over y, y over x) and the
/// coordinate within it.
fn cube_face(r: [f32; 3]) -> (u32, f32, f32) {
    let [x, y, z] = r;
    let (face, sc, tc, rc) = if z.abs() >= y.abs() && z.abs() >= x.abs() {
        if z >= 0.0 {
            (4, x, -y, z)
        } else {
            (5, -x, -y, z)
        }
    } else if y.abs() >= x.abs() {
        if y >= 0.0 {
            (2, x, z, y)
        } else {
            (3, x, -z, y)
        }
    } else if x >= 0.0 {
        (0, -z, -y, x)
    } else {
        (1, z, -y, x)
    };
    let m = rc.abs();
    // A zero direction has no face (Vulkan leaves it undefined): read a texel of +Z's face,
    // its centre, as GPUs read some texel, rather than a NaN from 0 / 0.
    if m == 0.0 {
        return (face, 0.5, 0.5);
    }
    (face, 0.5 * sc / m + 0.5, 0.5 * tc / m + 0.5)
}

/// The direction of point `(s, t)` of a face (the inverse of [`cube_face`]'s table).
fn cube_direction(face: u32, s: f32, t: f32) -> [f32; 3] {
    let (sc, tc) = (2.0 * s - 1.0, 2.0 * t - 1.0);
    match face {
        0 => [1.0, -tc, -sc],
        1 => [-1.0, -tc, sc],
        2 => [sc, 1.0, tc],
        3 => [sc, -1.0, -tc],
        4 => [sc, -tc, 1.0],
        _ => [-sc, -tc, -1.0],
    }
}

/// `CalculateLevelOfDetail` and `CalculateLevelOfDetailUnclamped` of a request: the LOD a
/// sample would use, clamped as sampling clamps it (the sampler's LOD range, then the view's
/// levels), and the LOD from its derivatives and bias alone.
pub fn level_of_detail(view: &View, s: &SamplerDesc, r: &Request) -> (f32, f32) {
    let (_, _, face) = coordinates(view, r);
    let clamped = lod(view, s, r, face).clamp(0.0, (view.levels - 1) as f32);
    let unclamped = base_lod(view, r, face) + (s.lod_bias + r.bias).clamp(-16.0, 16.0);
    (clamped, unclamped)
}

/// The LOD `λ` of a sample.
fn lod(view: &View, s: &SamplerDesc, r: &Request, face: Option<u32>) -> f32 {
    let base = base_lod(view, r, face);
    let bias = (s.lod_bias + r.bias).clamp(-16.0, 16.0);
    let lo = s.min_lod.max(r.min_lod);
    (base + bias).max(lo).min(s.max_lod)
}

/// The LOD a request's explicit level or gradients give, before bias and clamps.
fn base_lod(view: &View, r: &Request, face: Option<u32>) -> f32 {
    match r.lod {
        Lod::Explicit(l) => l,
        Lod::Gradients(dx, dy) => {
            let [w, h, d] = view.level_size(0);
            let (dx, dy) = match face {
                Some(_) => cube_gradients(r.coord, dx, dy),
                None => (dx, dy),
            };
            let scale = match view.dim {
                TextureDim::D1 => [w as f32, 0.0, 0.0],
                TextureDim::D2 | TextureDim::Cube => [w as f32, h as f32, 0.0],
                TextureDim::D3 => [w as f32, h as f32, d as f32],
            };
            let rho = |g: [f32; 3]| (0..3).map(|i| (g[i] * scale[i]).powi(2)).sum::<f32>().sqrt();
            rho(dx).max(rho(dy)).log2()
        }
    }
}

/// The gradients of `(s_face, t_face)` from those of a cube's direction.
fn cube_gradients(c: [f32; 4], dx: [f32; 3], dy: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    let (face, _, _) = cube_face([c[0], c[1], c[2]]);
    // (sc, tc, rc) of a vector on this face, as the selection table takes them.
    let pick = |v: [f32; 3]| -> [f32; 3] {
        let [x, y, z] = v;
        match face {
            0 => [-z, -y, x],
            1 => [z, -y, x],
            2 => [x, z, y],
            3 => [x, -z, y],
            4 => [x, -y, z],
            _ => [-x, -y, z],
        }
    };
    let [sc, tc, rc] = pick([c[0], c[1], c[2]]);
    let per = |g: [f32; 3]| {
        let [dsc, dtc, drc] = pick(g);
        let ds = 0.5 * (rc.abs() * dsc - sc * drc) / (rc * rc);
        let dt = 0.5 * (rc.abs() * dtc - tc * drc) / (rc * rc);
        [ds, dt, 0.0]
    };
    (per(dx), per(dy))
}

/// The texels a sample reads at one level: the 2×2 (or 2, or 2×2×2) linear footprint with
/// its weights, in the order (i0,j0), (i1,j0), (i0,j1), (i1,j1) (then k1's), and the nearest
/// texel.
struct Footprint {
    texels: [Texel; 8],
    weights: [f32; 8],
    nearest: Texel,
}

fn footprint(
    view: &View,
    s: &SamplerDesc,
    r: &Request,
    st: [f32; 3],
    level: u32,
    layer: u32,
    face: Option<u32>,
) -> Footprint {
    let size = view.level_size(level);
    let dims = match view.dim {
        TextureDim::D1 => 1,
        TextureDim::D2 | TextureDim::Cube => 2,
        TextureDim::D3 => 3,
    };
    let u: [f32; 3] = [0, 1, 2].map(|i| if i < dims { st[i] * size[i] as f32 + r.offset[i] as f32 } else { 0.0 });
    // Linear: the two texels around `u − ½` and the fraction.
    let base: [i64; 3] = u.map(|x| (x - 0.5).floor() as i64);
    let frac: [f32; 3] = [0, 1, 2].map(|i| if i < dims { (u[i] - 0.5) - (u[i] - 0.5).floor() } else { 0.0 });
    let mut texels = [[0.0; 4]; 8];
    let mut weights = [0.0; 8];
    let corners = 1usize << dims;
    for n in 0..corners {
        let bit = |i: usize| ((n >> i) & 1) as i64;
        let ijk = [0, 1, 2].map(|i| if i < dims { base[i] + bit(i) } else { 0 });
        let w: f32 = (0..dims).map(|i| if bit(i) == 1 { frac[i] } else { 1.0 - frac[i] }).product();
        texels[n] = texel(view, s, level, layer, face, ijk, Filter::Linear);
        weights[n] = w;
    }
    let near: [i64; 3] = [0, 1, 2].map(|i| if i < dims { u[i].floor() as i64 } else { 0 });
    let nearest = texel(view, s, level, layer, face, near, Filter::Nearest);
    Footprint { texels, weights, nearest }
}

/// One texel after wrapping: its components as floats (an integer texture's bits), or the
/// border color.
fn texel(
    view: &View,
    s: &SamplerDesc,
    level: u32,
    layer: u32,
    face: Option<u32>,
    ijk: [i64; 3],
    filter: Filter,
) -> Texel {
    let size = view.level_size(level).map(|x| x as i64);
    if let Some(face) = face {
        let cube = (layer - face) / 6;
        return cube_texel(view, level, cube, face, ijk[0], ijk[1], size[0], filter);
    }
    let mut at = [0i64; 3];
    for i in 0..3 {
        let n = size[i];
        let c = ijk[i];
        at[i] = match s.address[i] {
            Address::Wrap => c.rem_euclid(n),
            Address::Mirror => (n - 1) - mirror(c.rem_euclid(2 * n) - n),
            Address::Clamp => c.clamp(0, n - 1),
            Address::Border => c.clamp(-1, n),
            Address::MirrorOnce => mirror(c).clamp(0, n - 1),
        };
    }
    match view.read(level, layer, at) {
        Some(v) => v.map(f32::from_bits),
        None => border(view, s.border),
    }
}

fn mirror(n: i64) -> i64 {
    if n >= 0 {
        n
    } else {
        -(1 + n)
    }
}

/// The border color as the texture's format reads it: its channels, then 0, 0, 1 for the
/// missing ones; integers as 0 or 1.
fn border(view: &View, b: Border) -> Texel {
    let float = view.desc.format.kind().is_float();
    let c = b.rgba();
    let n = view.desc.format.channels() as usize;
    let one = if float { 1.0 } else { f32::from_bits(1) };
    [0, 1, 2, 3].map(|i| match (i < n, float) {
        (true, true) => c[i],
        (true, false) => f32::from_bits(c[i] as u32),
        (false, _) if i == 3 => one,
        (false, _) => 0.0,
    })
}

/// Texel `(i, j)` of `face` of cube `cube`: clamped to the face's edge for nearest filtering;
/// for linear filtering, continued onto the neighbouring face, and at a corner (outside in
/// both `i` and `j`) the average of the three texels around it.
#[allow(clippy::too_many_arguments)]
fn cube_texel(view: &View, level: u32, cube: u32, face: u32, i: i64, j: i64, n: i64, filter: Filter) -> Texel {
    let read = |f: u32, i: i64, j: i64| {
        view.read(level, cube * 6 + f, [i.clamp(0, n - 1), j.clamp(0, n - 1), 0]).map(|v| v.map(f32::from_bits))
    };
    let inside = |c: i64| (0..n).contains(&c);
    let value = match (filter, inside(i), inside(j)) {
        (Filter::Nearest, ..) | (_, true, true) => read(face, i, j),
        (_, false, false) => {
            let a = read(face, i, j);
            let b = neighbour(face, i, j.clamp(0, n - 1), n).and_then(|(f, x, y)| read(f, x, y));
            let c = neighbour(face, i.clamp(0, n - 1), j, n).and_then(|(f, x, y)| read(f, x, y));
            match (a, b, c) {
                (Some(a), Some(b), Some(c)) => Some([0, 1, 2, 3].map(|k| (a[k] + b[k] + c[k]) / 3.0)),
                _ => None,
            }
        }
        _ => neighbour(face, i, j, n).and_then(|(f, x, y)| read(f, x, y)),
    };
    value.unwrap_or([0.0; 4])
}

/// The texel of the neighbouring face that continues texel `(i, j)` of `face` past its edge:
/// the face and texel that the direction of its center selects.
fn neighbour(face: u32, i: i64, j: i64, n: i64) -> Option<(u32, i64, i64)> {
    let s = (i as f32 + 0.5) / n as f32;
    let t = (j as f32 + 0.5) / n as f32;
    let (f, s2, t2) = cube_face(cube_direction(face, s, t));
    let at = |x: f32| ((x * n as f32).floor() as i64).clamp(0, n - 1);
    Some((f, at(s2), at(t2)))
}

/// A depth compare of a texel's first component: 1 where `reference OP texel` holds.
fn compare(view: &View, s: &SamplerDesc, reference: f32, t: Texel) -> f32 {
    let r = if view.desc.format.kind() == NumKind::Unorm { reference.clamp(0.0, 1.0) } else { reference };
    match s.compare {
        Some(op) => op.test(r, t[0]) as u32 as f32,
        None => t[0],
    }
}

// ---- the engine's side: bindings, instructions, texel places --------------------------------

use super::compile::{Binding, Descriptor, Reg, Root, TexInst, TexOp};
use super::ops;
use super::{lanes, Access, CpuBuffer, Exec, Wave};
use crate::diag::Diagnostic;
use crate::image::{Format, View as Bound};
use crate::ir::{ResourceKind, SampleKind, Scalar, Type};
use crate::span::Span;

/// The descriptor count of an array declared without a length (a bindless table): whatever
/// the run binds.
pub(super) const RUNTIME_COUNT: u32 = 0;

/// Why what a run supplies at binding `b` cannot stand for what the shader declares there.
pub(super) fn check_view(b: &Binding, buf: &CpuBuffer) -> Result<(), String> {
    let at = format!("`{}` at set {}, binding {}", b.name, b.set, b.binding);
    match (b.descriptor, buf.view) {
        (Descriptor::Buffer | Descriptor::Buffers { .. }, None) => Ok(()),
        // A typed buffer's texels, given as a one-dimensional image (the format a Vulkan view
        // needs): the engine reads them as the declared elements, so the format must lay them
        // out alike.
        (Descriptor::Buffer, Some(Bound::Image(d))) if b.typed.is_some() => {
            let elem = b.typed.as_ref().map_or(Type::UINT, Type::clone);
            let (scalar, n) = match elem {
                Type::Vector(s, n) => (s, n),
                ref t => (t.scalar().unwrap_or(Scalar::U32), 1),
            };
            let same_kind =
                texel_type_name(scalar.is_float(), scalar.is_unsigned_int()) == d.format.kind().shader_type();
            let one_dimensional = d.dim == TextureDim::D1 && d.layers == 1 && d.mips == 1 && d.count == 1;
            let bits = if scalar.bits() == 64 { 64 } else { 32 };
            if !one_dimensional || !same_kind || d.format.uniform_bits() != Some(bits) || d.format.channels() != n {
                return Err(format!(
                    "{at} is a typed buffer of `{elem}`: the CPU engine reads it as such elements, so its spec is \
                     raw data or a one-dimensional `image:` of the format that lays them out alike ({bits} bits and \
                     {n} channel(s) of that kind, not `{}`)",
                    d.format.name()
                ));
            }
            Ok(())
        }
        (Descriptor::Buffer | Descriptor::Buffers { .. }, Some(_)) => {
            Err(format!("{at} is a buffer, but an image or a sampler was supplied"))
        }
        (Descriptor::Accel { .. }, None) if crate::scene::SceneDesc::from_bytes(&buf.data).is_some() => Ok(()),
        (Descriptor::Accel { .. }, _) => Err(format!("{at} is an acceleration structure; supply an `accel:` spec")),
        (Descriptor::Image { .. }, None | Some(Bound::Sampler(..))) => {
            Err(format!("{at} is a texture; supply an `image:` spec"))
        }
        (Descriptor::Sampler { .. }, None | Some(Bound::Image(_))) => {
            Err(format!("{at} is a sampler; supply a `sampler:` spec"))
        }
        (Descriptor::Sampler { count, .. }, Some(v)) => match v.sampler() {
            Some((_, n)) if n >= count => Ok(()),
            _ => Err(format!("{at} is an array of {count} samplers, but the spec gives fewer (add `count={count}`)")),
        },
        (Descriptor::Image { kind, texel, count }, Some(Bound::Image(d) | Bound::SampledImage(d, _))) => {
            let (dim, _) = kind.texture_shape().unwrap_or((TextureDim::D2, false));
            let name = |d: TextureDim| match d {
                TextureDim::D1 => "1D",
                TextureDim::D2 => "2D",
                TextureDim::D3 => "3D",
                TextureDim::Cube => "cube",
            };
            if !(d.dim == dim || (dim == TextureDim::D2 && d.dim == TextureDim::Cube)) {
                return Err(format!("{at} is a {} texture, but the image is {}", name(dim), name(d.dim)));
            }
            match (kind.is_multisampled(), d.samples) {
                (true, 1) => {
                    return Err(format!("{at} is a multisampled texture; give its image `samples=N` (2 or more)"));
                }
                (false, n) if n != 1 => {
                    return Err(format!("{at} is a single-sampled texture, but the image has {n} samples a texel"));
                }
                _ => {}
            }
            let want = texel_type_name(texel.is_float(), texel.is_unsigned_int());
            let has = d.format.kind().shader_type();
            if want != has {
                return Err(format!("{at} reads {want} texels, but `{}` holds {has} ones", d.format.name()));
            }
            if (texel.bits() == 64) != d.format.is_64bit() {
                let (want, has) = if d.format.is_64bit() { ("32-bit", "64-bit") } else { ("64-bit", "32-bit") };
                return Err(format!("{at} reads {want} texels, but `{}` holds {has} ones", d.format.name()));
            }
            if d.count < count {
                return Err(format!(
                    "{at} is an array of {count} textures, but the image spec gives {} (add `count={count}`)",
                    d.count
                ));
            }
            if kind == ResourceKind::TextureCubeArray && d.layers % 6 != 0 {
                return Err(format!("{at} is a cube array, which needs a multiple of 6 layers"));
            }
            if buf.data.len() != d.total_bytes() {
                return Err(format!(
                    "{at}: the image has {} bytes, but its shape needs {}",
                    buf.data.len(),
                    d.total_bytes()
                ));
            }
            Ok(())
        }
    }
}

impl Exec<'_> {
    /// The element of a descriptor array a lane names, or `None` (reported) out of range.
    pub(super) fn element(
        &mut self,
        wave: &Wave,
        e: Option<(Reg, u32)>,
        binding: u32,
        lane: usize,
        span: crate::span::Span,
        name: &str,
    ) -> Option<u32> {
        let Some((r, n)) = e else { return Some(0) };
        // A bindless table (declared without a length) holds what the run binds.
        let n = match (n, self.views.get(binding as usize).copied().flatten()) {
            (RUNTIME_COUNT, Some(Bound::Image(d) | Bound::SampledImage(d, _))) => d.count,
            (RUNTIME_COUNT, Some(Bound::Sampler(_, k))) => k,
            (n, _) => n,
        };
        let i = wave.regs[r as usize * self.w + lane] as u32;
        if i < n {
            return Some(i);
        }
        let d = Diagnostic::error("E0701", format!("out-of-bounds access: element {i} of `{name}`, an array of {n}"))
            .with_label(span, format!("index {i}"))
            .with_note(self.who(wave, lane));
        self.report(d);
        None
    }

    /// The view of image binding `b`, element `element`.
    fn image_view(&self, b: u32, element: u32) -> Option<View<'_>> {
        let (Some(Bound::Image(desc)) | Some(Bound::SampledImage(desc, _))) = self.views.get(b as usize)? else {
            return None;
        };
        let Descriptor::Image { kind, .. } = self.p.bindings[b as usize].descriptor else { return None };
        let (dim, arrayed) = kind.texture_shape()?;
        let levels = if kind.is_writable() { 1 } else { desc.mips };
        Some(View { desc, data: &self.bufs[b as usize], element, dim, arrayed, levels })
    }

    /// Integer texel coordinates as `kind` lays them out: `[x, y, z]` and the layer.
    fn texel_coord(kind: ResourceKind, c: &[i64]) -> ([i64; 3], i64) {
        let g = |i: usize| c.get(i).copied().unwrap_or(0);
        match kind.texture_shape() {
            Some((TextureDim::D1, true)) => ([g(0), 0, 0], g(1)),
            Some((TextureDim::D2, true)) => ([g(0), g(1), 0], g(2)),
            Some((TextureDim::D3, _)) => ([g(0), g(1), g(2)], 0),
            Some((TextureDim::D2, false)) => ([g(0), g(1), 0], 0),
            _ => ([g(0), 0, 0], 0),
        }
    }

    fn out_of_range(&mut self, wave: &Wave, lane: usize, b: u32, what: String, span: crate::span::Span) {
        let name = self.p.bindings[b as usize].name.clone();
        let d = Diagnostic::error("E0701", format!("out-of-bounds texel: {what} of `{name}`"))
            .with_label(span, "this access")
            .with_note(self.who(wave, lane));
        self.report(d);
    }

    /// Where texel `root` (a descriptor with a coordinate) lies for one lane: its binding,
    /// byte offset and format; `None` (reported) when it lies outside the image.
    fn texel_at(&mut self, wave: &Wave, root: Root, lane: usize, span: Span) -> Option<(u32, usize, Format)> {
        let w = self.w;
        let Root::Descriptor { binding, element, coord: Some((regs, n)) } = root else { return None };
        let Descriptor::Image { kind, .. } = self.p.bindings[binding as usize].descriptor else { return None };
        let name = self.p.bindings[binding as usize].name.clone();
        let e = self.element(wave, element, binding, lane, span, &name)?;
        let c: Vec<i64> = regs[..n as usize].iter().map(|r| wave.regs[*r as usize * w + lane] as u32 as i64).collect();
        let (xyz, layer) = Self::texel_coord(kind, &c);
        let found = self.image_view(binding, e).and_then(|v| {
            let at = v.texel_offset(0, u32::try_from(layer).ok()?, xyz)?;
            Some((binding, at, v.desc.format))
        });
        if found.is_none() {
            self.out_of_range(wave, lane, binding, format!("texel {c:?} (layer {layer})"), span);
        }
        found
    }

    /// The decoded texel at `at` of binding `b` (64-bit components: `Format::decode_wide`).
    fn read_texel(&self, b: u32, at: usize, format: Format) -> [u64; 4] {
        let size = format.texel_bytes();
        let mut bytes = [0u8; 16];
        self.bufs[b as usize].read(at, &mut bytes[..size]);
        format.decode_wide(&bytes[..size])
    }

    fn write_texel(&mut self, b: u32, at: usize, format: Format, texel: [u64; 4]) {
        let size = format.texel_bytes();
        let mut bytes = [0u8; 16];
        format.encode_wide(texel, &mut bytes[..size]);
        self.bufs[b as usize].write(at, &bytes[..size]);
    }

    /// A load from or store to `tex[coord]` on one lane.
    pub(super) fn texel_access(&mut self, wave: &mut Wave, a: &Access, lane: usize) {
        let w = self.w;
        let Some((b, at, format)) = self.texel_at(wave, a.place.root, lane, a.span) else {
            if !a.store {
                for r in &a.regs {
                    wave.regs[*r as usize * w + lane] = 0;
                }
            }
            return;
        };
        let mut texel = self.read_texel(b, at, format);
        for ((o, k), r) in a.place.comps.iter().zip(&a.regs) {
            let v = *r as usize * w + lane;
            // Texels are 32-bit values (or 64-bit integers): a `half` or 16-bit integer
            // component widens and narrows.
            let wide = ops::widened_to_32(*k);
            if a.store {
                let v = ops::convert_value(*k, wide, wave.regs[v]);
                texel[*o as usize] = if format.is_64bit() { v } else { v as u32 as u64 };
            } else {
                wave.regs[v] = ops::convert_value(wide, *k, texel[*o as usize]);
            }
        }
        if a.store {
            self.write_texel(b, at, format, texel);
        }
    }

    /// An atomic read-modify-write of the first component of texel `root` on one lane:
    /// `update` maps the old value to the new; the old value is returned (0 outside the image).
    pub(super) fn texel_atomic(
        &mut self,
        wave: &Wave,
        root: Root,
        lane: usize,
        span: Span,
        update: impl FnOnce(u64) -> u64,
    ) -> u64 {
        let Some((b, at, format)) = self.texel_at(wave, root, lane, span) else { return 0 };
        let mut texel = self.read_texel(b, at, format);
        let old = texel[0];
        texel[0] = update(old);
        self.write_texel(b, at, format, texel);
        old
    }

    /// A `Load`, sample, gather or size query on every active lane.
    pub(super) fn texture(&mut self, wave: &mut Wave, t: &TexInst) {
        let w = self.w;
        let reg = |wave: &Wave, r: Reg, l: usize| wave.regs[r as usize * w + l];
        let name = self.p.bindings[t.image as usize].name.clone();
        for l in lanes(wave.exec) {
            let Some(e) = self.element(wave, t.element, t.image, l, t.span, &name) else { continue };
            let value: Option<Vec<u64>> = match t.op {
                TexOp::Size => {
                    let level = t.level.map_or(0, |r| reg(wave, r, l) as u32);
                    self.image_view(t.image, e).map(|v| {
                        let (mut out, levels) = v.dimensions(level);
                        out.push(if t.kind.is_multisampled() { v.desc.samples } else { levels });
                        out.into_iter().map(u64::from).collect()
                    })
                }
                // Robust access, as Vulkan's `robustImageAccess` gives it: a sample index out
                // of range reads zero, like a coordinate out of range (and is reported, as
                // every out-of-range read of the engine is).
                TexOp::Fetch if t.kind.is_multisampled() => {
                    let c: Vec<i64> = t.coord.iter().map(|r| reg(wave, *r, l) as u32 as i32 as i64).collect();
                    let (mut xyz, layer) = Self::texel_coord(t.kind, &c);
                    for (x, o) in xyz.iter_mut().zip(t.offset) {
                        *x += o as i64;
                    }
                    let sample = t.sample.map_or(0, |r| reg(wave, r, l) as u32);
                    let got = self.image_view(t.image, e).and_then(|v| {
                        v.read_sample(u32::try_from(layer).ok()?, [xyz[0], xyz[1]], sample).map(|x| x.to_vec())
                    });
                    if got.is_none() {
                        let what = format!("sample {} of texel {:?} of layer {layer}", sample as i32, [xyz[0], xyz[1]]);
                        self.out_of_range(wave, l, t.image, what, t.span);
                        Some(vec![0; 4])
                    } else {
                        got
                    }
                }
                TexOp::Fetch => {
                    let c: Vec<i64> = t.coord.iter().map(|r| reg(wave, *r, l) as u32 as i32 as i64).collect();
                    let (mut xyz, layer) = Self::texel_coord(t.kind, &c);
                    for (x, o) in xyz.iter_mut().zip(t.offset) {
                        *x += o as i64;
                    }
                    let level = t.level.map_or(0, |r| reg(wave, r, l) as u32 as i32 as i64);
                    let got = self.image_view(t.image, e).and_then(|v| {
                        v.read_wide(u32::try_from(level).ok()?, u32::try_from(layer).ok()?, xyz).map(|x| x.to_vec())
                    });
                    if got.is_none() {
                        let what = format!("texel {xyz:?} of layer {layer}, level {level}");
                        self.out_of_range(wave, l, t.image, what, t.span);
                        Some(vec![0; 4])
                    } else {
                        got
                    }
                }
                TexOp::Sample(op) => {
                    self.sample_lane(wave, t, op, e, l).map(|v| v.into_iter().map(u64::from).collect())
                }
            };
            let value = value.unwrap_or_default();
            for (i, d) in t.dst.iter().enumerate() {
                wave.regs[*d as usize * w + l] = value.get(i).copied().unwrap_or(0);
            }
        }
    }

    /// The derivatives of lane `l`'s sampling coordinate along x and y, taken over its
    /// derivative group (sema admits implicit LODs in compute code only with one) as Vulkan's
    /// coarse derivatives: the coordinate of the thread to the right of the group's first one,
    /// and of the one below it, less the first one's. The group's four threads must be active
    /// lanes of one wave (E0712), as a GPU's derivatives need them.
    fn group_derivatives(&mut self, wave: &Wave, t: &TexInst, l: usize) -> Option<([f32; 3], [f32; 3])> {
        let w = self.w;
        let group = self.p.derivative_group?;
        let members = group.members(wave.lanes[l], self.p.numthreads);
        let lane_of =
            |index: u32| wave.lanes.iter().position(|&g| g == index).filter(|&k| k < w && wave.exec >> k & 1 == 1);
        let Some([first, right, below, _]) =
            members.map(lane_of).into_iter().collect::<Option<Vec<_>>>().and_then(|v| <[usize; 4]>::try_from(v).ok())
        else {
            let d = Diagnostic::error(
                "E0712",
                format!(
                    "implicit-LOD sampling needs the derivative group's four threads ({members:?}) active in one wave"
                ),
            )
            .with_label(t.span, "takes derivatives here")
            .with_note(self.who(wave, l));
            self.report(d);
            return None;
        };
        let dims = t.kind.texture_shape().map_or(1, |(d, _)| d.coord_dims() as usize);
        let at = |lane: usize, i: usize| f32::from_bits(wave.regs[t.coord[i] as usize * w + lane] as u32);
        let (mut dx, mut dy) = ([0.0f32; 3], [0.0f32; 3]);
        for i in 0..dims.min(t.coord.len()) {
            dx[i] = at(right, i) - at(first, i);
            dy[i] = at(below, i) - at(first, i);
        }
        Some((dx, dy))
    }

    /// One lane's sample or gather.
    fn sample_lane(&mut self, wave: &Wave, t: &TexInst, op: crate::ir::SampleOp, e: u32, l: usize) -> Option<Vec<u32>> {
        let w = self.w;
        let f = |r: Reg| f32::from_bits(wave.regs[r as usize * w + l] as u32);
        let (sb, se) = t.sampler?;
        let sname = self.p.bindings[sb as usize].name.clone();
        self.element(wave, se, sb, l, t.span, &sname)?;
        let (s, _) = self.views.get(sb as usize).copied().flatten().and_then(Bound::sampler)?;
        // A level-of-detail query is no sample: a comparison sampler's filtering serves it.
        let query = matches!(op.kind, crate::ir::SampleKind::Lod(_));
        if op.kind.is_compare() != s.compare.is_some() && !(query && s.compare.is_some()) {
            let why = if op.kind.is_compare() {
                format!("`{}` compares depth, but the sampler `{sname}` has no `compare=` op", op.kind.method_name())
            } else {
                format!(
                    "`{}` does not compare, but the sampler `{sname}` has a `compare=` op (Vulkan forbids the pair)",
                    op.kind.method_name()
                )
            };
            let d = Diagnostic::error("E0708", why).with_label(t.span, "this sample").with_note(self.who(wave, l));
            self.report(d);
            return None;
        }
        let mut coord = [0.0f32; 4];
        for (c, r) in coord.iter_mut().zip(&t.coord) {
            *c = f(*r);
        }
        let g3 = |v: &[Reg]| {
            let mut out = [0.0f32; 3];
            for (o, r) in out.iter_mut().zip(v) {
                *o = f(*r);
            }
            out
        };
        let lod = match (&t.grad, t.level) {
            (Some((dx, dy)), _) => Lod::Gradients(g3(dx), g3(dy)),
            (None, Some(r)) => Lod::Explicit(f(r)),
            (None, None) if op.kind.needs_derivatives() => {
                let (dx, dy) = self.group_derivatives(wave, t, l)?;
                Lod::Gradients(dx, dy)
            }
            (None, None) => Lod::Explicit(0.0),
        };
        let request = Request {
            coord,
            lod,
            bias: t.bias.map_or(0.0, f),
            min_lod: t.min_lod.map_or(0.0, f),
            offset: t.offset,
            dref: t.dref.map(f),
            gather: match op.kind {
                SampleKind::Gather(_) | SampleKind::GatherCmp(_) => Some(op.kind.gather_component()),
                _ => None,
            },
        };
        let view = self.image_view(t.image, e)?;
        if let SampleKind::Lod(unclamped) = op.kind {
            let (clamped, free) = level_of_detail(&view, &s, &request);
            return Some(vec![if unclamped { free } else { clamped }.to_bits(), 0, 0, 0]);
        }
        Some(sample(&view, &s, &request).to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::CompareOp;

    fn image(
        format: Format,
        dim: TextureDim,
        size: [u32; 3],
        layers: u32,
        mips: u32,
        texels: &[[f32; 4]],
    ) -> (ImageDesc, Vec<u8>) {
        let desc = ImageDesc { format, dim, size, layers, mips, count: 1, samples: 1 };
        let n = format.texel_bytes();
        let mut data = vec![0u8; desc.total_bytes()];
        for (k, t) in data.chunks_exact_mut(n).enumerate() {
            format.encode(texels[k % texels.len()].map(f32::to_bits), t);
        }
        (desc, data)
    }

    fn req(coord: [f32; 4], lod: f32) -> Request {
        Request { coord, lod: Lod::Explicit(lod), bias: 0.0, min_lod: 0.0, offset: [0; 3], dref: None, gather: None }
    }

    fn linear() -> SamplerDesc {
        SamplerDesc { mag: Filter::Linear, min: Filter::Linear, mip: Filter::Linear, ..Default::default() }
    }

    #[test]
    fn multisampled_texels_hold_their_samples_in_turn() {
        // 2x1 texels, 2 layers, 4 samples: value = 100 * layer + 10 * x + sample, laid out with
        // each texel's samples consecutive.
        let desc = ImageDesc {
            format: Format::R32f,
            dim: TextureDim::D2,
            size: [2, 1, 1],
            layers: 2,
            mips: 1,
            count: 1,
            samples: 4,
        };
        assert_eq!(desc.check(), Ok(()));
        assert_eq!(desc.total_bytes(), 2 * 2 * 4 * 4);
        let mut data = Vec::new();
        for layer in 0..2 {
            for x in 0..2 {
                for s in 0..4 {
                    data.extend_from_slice(&((100 * layer + 10 * x + s) as f32).to_le_bytes());
                }
            }
        }
        let shared = super::super::memory::SharedBuf::new(data);
        let view = View { desc: &desc, data: &shared, element: 0, dim: TextureDim::D2, arrayed: true, levels: 1 };
        let at = |layer: u32, x: i64, s: u32| view.read_sample(layer, [x, 0], s).map(|t| f32::from_bits(t[0] as u32));
        assert_eq!(at(0, 0, 0), Some(0.0));
        assert_eq!(at(0, 1, 3), Some(13.0));
        assert_eq!(at(1, 0, 2), Some(102.0));
        assert_eq!(at(1, 1, 1), Some(111.0));
        // A sample, texel or layer out of range reads nothing (the engine reports it).
        assert_eq!(at(0, 0, 4), None);
        assert_eq!(at(0, 2, 0), None);
        assert_eq!(at(2, 0, 0), None);
        // Vulkan's sample counts only, one level, 2D only.
        assert!(ImageDesc { samples: 3, ..desc }.check().is_err());
        assert!(ImageDesc { mips: 2, size: [2, 2, 1], ..desc }.check().is_err());
        assert!(ImageDesc { dim: TextureDim::D3, layers: 1, ..desc }.check().is_err());
    }

    #[test]
    fn bilinear_between_four_texels_and_the_edges() {
        // A 2x2 image: 0, 1 / 2, 3 in the red channel.
        let t: Vec<[f32; 4]> = (0..4).map(|i| [i as f32, 0.0, 0.0, 1.0]).collect();
        let (desc, data) = image(Format::Rgba32f, TextureDim::D2, [2, 2, 1], 1, 1, &t);
        let shared = super::super::memory::SharedBuf::new(data.clone());
        let view = View { desc: &desc, data: &shared, element: 0, dim: TextureDim::D2, arrayed: false, levels: 1 };
        let at = |s: &SamplerDesc, u: f32, v: f32| f32::from_bits(sample(&view, s, &req([u, v, 0.0, 0.0], 0.0))[0]);
        let lin = linear();
        assert_eq!(at(&lin, 0.5, 0.5), 1.5);
        assert_eq!(at(&lin, 0.25, 0.25), 0.0);
        assert_eq!(at(&lin, 0.5, 0.25), 0.5);
        // Clamp to the edge, wrap, border.
        assert_eq!(at(&lin, 0.0, 0.25), 0.0);
        let wrap = SamplerDesc { address: [Address::Wrap; 3], ..lin };
        assert_eq!(at(&wrap, 0.0, 0.25), 0.5);
        let border = SamplerDesc { address: [Address::Border; 3], border: Border::OpaqueWhite, ..lin };
        assert_eq!(at(&border, 0.0, 0.25), 0.5);
        let mirror = SamplerDesc { address: [Address::Mirror; 3], ..SamplerDesc::default() };
        assert_eq!(at(&mirror, 1.25, 0.25), 1.0);
        assert_eq!(at(&mirror, 1.75, 0.25), 0.0);
        assert_eq!(at(&SamplerDesc::default(), 0.74, 0.76), 3.0);
    }

    #[test]
    fn levels_gathers_and_compares() {
        // Level 0 of 4x4 is 0.0, level 1 (2x2) 1.0, level 2 (1x1) 2.0: texels in order.
        let (desc, mut data) = image(Format::R32f, TextureDim::D2, [4, 4, 1], 1, 3, &[[0.0; 4]]);
        for (k, v) in [(16usize, 1.0f32), (20, 2.0)] {
            let end = if k == 16 { 20 } else { 21 };
            for t in k..end {
                data[t * 4..t * 4 + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
        let shared = super::super::memory::SharedBuf::new(data.clone());
        let view = View { desc: &desc, data: &shared, element: 0, dim: TextureDim::D2, arrayed: false, levels: 3 };
        let at = |s: &SamplerDesc, lod: f32| f32::from_bits(sample(&view, s, &req([0.3, 0.6, 0.0, 0.0], lod))[0]);
        assert_eq!(at(&linear(), 0.25), 0.25);
        assert_eq!(at(&linear(), 7.0), 2.0);
        let nearest_mip = SamplerDesc { mip: Filter::Nearest, ..linear() };
        assert_eq!(at(&nearest_mip, 0.4), 0.0);
        assert_eq!(at(&nearest_mip, 0.6), 1.0);
        assert_eq!(at(&SamplerDesc { max_lod: 1.0, ..linear() }, 5.0), 1.0);
        let cmp = SamplerDesc { compare: Some(CompareOp::Less), ..linear() };
        let mut r = req([0.3, 0.6, 0.0, 0.0], 1.0);
        r.dref = Some(0.5);
        assert_eq!(f32::from_bits(sample(&view, &cmp, &r)[0]), 1.0);
        r.dref = Some(1.5);
        assert_eq!(f32::from_bits(sample(&view, &cmp, &r)[0]), 0.0);
        // A gather of a 2x2 level: (i0,j1), (i1,j1), (i1,j0), (i0,j0).
        let t: Vec<[f32; 4]> = (0..4).map(|i| [i as f32, 10.0 + i as f32, 0.0, 1.0]).collect();
        let (desc, data) = image(Format::Rg32f, TextureDim::D2, [2, 2, 1], 1, 1, &t);
        let shared = super::super::memory::SharedBuf::new(data.clone());
        let view = View { desc: &desc, data: &shared, element: 0, dim: TextureDim::D2, arrayed: false, levels: 1 };
        let mut g = req([0.5, 0.5, 0.0, 0.0], 0.0);
        g.gather = Some(1);
        let got = sample(&view, &SamplerDesc::default(), &g).map(f32::from_bits);
        assert_eq!(got, [12.0, 13.0, 11.0, 10.0]);
    }

    #[test]
    fn cube_faces_and_seams() {
        // Face f's texels all hold f.
        let t: Vec<[f32; 4]> = (0..6).flat_map(|f| std::iter::repeat_n([f as f32, 0.0, 0.0, 1.0], 4)).collect();
        let (desc, data) = image(Format::Rgba32f, TextureDim::Cube, [2, 2, 1], 6, 1, &t);
        let shared = super::super::memory::SharedBuf::new(data.clone());
        let view = View { desc: &desc, data: &shared, element: 0, dim: TextureDim::Cube, arrayed: false, levels: 1 };
        for (dir, face) in [([1.0, 0.1, 0.2], 0), ([-1.0, 0.1, 0.2], 1), ([0.1, 1.0, 0.2], 2), ([0.1, -1.0, 0.2], 3)] {
            let r = req([dir[0], dir[1], dir[2], 0.0], 0.0);
            assert_eq!(f32::from_bits(sample(&view, &SamplerDesc::default(), &r)[0]), face as f32);
        }
        // Ties: z wins.
        assert_eq!(cube_face([1.0, 1.0, 1.0]).0, 4);
        // A zero direction reads the centre of +Z, not a NaN coordinate.
        assert_eq!(cube_face([0.0, 0.0, 0.0]), (4, 0.5, 0.5));
        let r = req([0.0, 0.0, 0.0, 0.0], 0.0);
        assert_eq!(f32::from_bits(sample(&view, &SamplerDesc::default(), &r)[0]), 4.0);
        // Every texel of a face continues onto a face that leads back to it.
        for face in 0..6 {
            for (i, j) in [(-1, 0), (2, 1), (0, -1), (1, 2)] {
                let (f, x, y) = neighbour(face, i, j, 2).unwrap();
                assert_ne!(f, face);
                let (s, t) = ((x as f32 + 0.5) / 2.0, (y as f32 + 0.5) / 2.0);
                let d = cube_direction(f, s, t);
                let (back, _, _) = cube_face(d);
                assert_eq!(back, f);
            }
        }
        // Linear filtering at a seam mixes both faces.
        let r = req([1.0, 0.0, 0.999, 0.0], 0.0);
        let v = f32::from_bits(sample(&view, &linear(), &r)[0]);
        assert!(v > 0.0 && v < 4.0, "{v}");
    }
}
