//! Quick-look pictures of generated scenes: drawn from the scene's id and cloud
//! cover, so they need no storage and are the same every time. The quick-look
//! route (`normal::quicklook`) gets this drawing from start-up
//! (`AppState::draw_quicklook`), so `normal` does not depend on
//! the demo. The ground (noise, fields, hills, rivers) and the PNG encoding are
//! shared with the pictures of demo spots (`spots.rs`).

use crate::normal::quicklook::SIZE;

/// FNV-1a of a text: the seed of a scene's picture.
fn seed_of(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A lattice value in [0, 1) for integer coordinates.
pub(super) fn lattice(seed: u64, x: i64, y: i64) -> f64 {
    let mut h = seed
        ^ (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 29)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (h >> 11) as f64 / (1_u64 << 53) as f64
}

/// Smooth value noise in [0, 1).
fn noise(seed: u64, x: f64, y: f64) -> f64 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let top = lattice(seed, ix, iy) * (1.0 - sx) + lattice(seed, ix + 1, iy) * sx;
    let bottom = lattice(seed, ix, iy + 1) * (1.0 - sx) + lattice(seed, ix + 1, iy + 1) * sx;
    top * (1.0 - sy) + bottom * sy
}

/// Four octaves of value noise, in [0, 1).
pub(super) fn fbm(seed: u64, x: f64, y: f64) -> f64 {
    let mut sum = 0.0;
    let mut amplitude = 0.5;
    let mut frequency = 1.0;
    for octave in 0..4 {
        sum += amplitude * noise(seed.wrapping_add(octave), x * frequency, y * frequency);
        amplitude /= 2.0;
        frequency *= 2.0;
    }
    sum / 0.9375
}

/// Farmland in fields of 14 × 10 pixels at pixel (`x`, `y`).
pub(super) fn field(seed: u64, x: f64, y: f64) -> [f64; 3] {
    let field = lattice(seed ^ 0xF1E1, (x / 14.0) as i64, (y / 10.0) as i64) - 0.5;
    [
        85.0 + 40.0 * field,
        120.0 + 35.0 * field,
        70.0 + 20.0 * field,
    ]
}

/// The ground at pixel (`x`, `y`): lowlands in fields, higher ground brown hills, and a river.
pub(super) fn land(seed: u64, x: f64, y: f64) -> [f64; 3] {
    if (fbm(seed ^ 0x21E5, x / 96.0, y / 96.0) - 0.5).abs() < 0.012 {
        return [55.0, 85.0, 120.0];
    }
    let relief = fbm(seed, x / 64.0, y / 64.0);
    let low = field(seed, x, y);
    let high = [140.0, 125.0, 95.0];
    let t = ((relief - 0.45) * 4.0).clamp(0.0, 1.0);
    [0, 1, 2].map(|k| low[k] * (1.0 - t) + high[k] * t)
}

/// Draws a quick-look: land with fields and a river under clouds covering
/// `cloud` percent, or speckled grey for radar; PNG bytes.
pub fn draw(id: &str, cloud: f64, radar: bool) -> Vec<u8> {
    let seed = seed_of(id);
    let n = SIZE as usize;
    let mut rgb = Vec::with_capacity(n * n * 3);
    let clouds: Vec<f64> = (0..n * n)
        .map(|i| fbm(seed ^ 0xC10D, (i % n) as f64 / 48.0, (i / n) as f64 / 48.0))
        .collect();
    // The threshold above which exactly `cloud` percent of the pixels are cloud.
    let mut sorted = clouds.clone();
    sorted.sort_by(f64::total_cmp);
    let covered = ((cloud / 100.0) * (n * n) as f64).round() as usize;
    let threshold = if covered == 0 {
        f64::INFINITY
    } else {
        sorted[n * n - covered.min(n * n)]
    };
    for (i, &c) in clouds.iter().enumerate() {
        let (x, y) = ((i % n) as f64, (i / n) as f64);
        let pixel = if radar {
            let relief = fbm(seed, x / 64.0, y / 64.0);
            let speckle = lattice(seed ^ 0x5EC1, x as i64, y as i64) - 0.5;
            let grey = (50.0 + 150.0 * relief + 60.0 * speckle).clamp(0.0, 255.0);
            [grey; 3]
        } else {
            let land = land(seed, x, y);
            let alpha = if c >= threshold {
                ((c - threshold) / 0.04 + 0.6).min(1.0)
            } else {
                0.0
            };
            [0, 1, 2].map(|k| land[k] * (1.0 - alpha) + 245.0 * alpha)
        };
        rgb.extend(pixel.map(|v| v as u8));
    }
    encode(&rgb)
}

/// PNG bytes of a SIZE × SIZE RGB raster.
pub(super) fn encode(rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, SIZE, SIZE);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    // Writing into memory fails only on a size mismatch, which SIZE rules out.
    if let Ok(mut writer) = encoder.write_header() {
        let _ = writer.write_image_data(rgb);
    }
    out
}

/// The RGB pixels of a drawn picture, checked to be SIZE × SIZE (for the tests).
#[cfg(test)]
pub(super) fn pixels(png_bytes: &[u8]) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    assert_eq!((info.width, info.height), (SIZE, SIZE));
    buf
}

#[cfg(test)]
mod tests {
    use super::*;

    fn white_share(rgb: &[u8]) -> f64 {
        let white = rgb.chunks(3).filter(|p| p.iter().all(|&v| v > 200)).count();
        white as f64 / (rgb.len() / 3) as f64
    }

    #[test]
    fn pictures_are_stable_per_id_and_as_cloudy_as_the_scene() {
        let a = draw("GF1_PMS1_E114.3_N30.6_20250301_L1A0001234567", 40.0, false);
        assert_eq!(
            a,
            draw("GF1_PMS1_E114.3_N30.6_20250301_L1A0001234567", 40.0, false)
        );
        assert_ne!(
            a,
            draw("GF1_PMS2_E114.3_N30.6_20250301_L1A0001234568", 40.0, false)
        );
        let cloudy = white_share(&pixels(&a));
        assert!((cloudy - 0.4).abs() < 0.05, "{cloudy}");
        let clear = white_share(&pixels(&draw("x", 0.0, false)));
        assert!(clear < 0.01, "{clear}");
        let radar = pixels(&draw("x", 0.0, true));
        assert!(radar.chunks(3).all(|p| p[0] == p[1] && p[1] == p[2]));
    }
}
