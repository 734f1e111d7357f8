//! The before and after pictures of demo spots: the ground around the spot (the quick-looks'
//! fields, hills and rivers, seeded by the spot's id), the spot outlined in yellow at the
//! same place in both, and inside it what was there before the change and what is there
//! after: PV panels in dark blue rows, wind turbines as white crosses, steel works as grey
//! blocks, cleared land where something was demolished, a road as a pale band, water,
//! orchards, crops, deformation fringes. Outside the spot the two pictures are the same, so
//! a swipe between them shows only the change.

use geo::BoundingRect;
use geo_types::MultiPolygon;

use super::{Class, M_PER_DEGREE, look};
use crate::demo::hash;
use crate::demo::quicklook::{encode, fbm, field, land, lattice};
use crate::normal::quicklook::SIZE;
use crate::spot::model::ImageSubject;
use crate::spot::theme::ThemeName;

/// Pixels a side.
const N: usize = SIZE as usize;

/// How much of the picture's width or height the spot spans.
const SPAN: f64 = 0.6;

/// The outline's colour.
const OUTLINE: [f64; 3] = [250.0, 215.0, 60.0];

/// What the ground inside a spot looks like.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Surface {
    /// As around it.
    Ground,
    Panels,
    Turbines,
    Works,
    Cleared,
    Road,
    Class(Class),
    Orchard,
    Greenbelt,
    Ponds,
    Fallow,
    /// A harvested field.
    Stubble,
    Crop(&'static str),
    /// Deformation fringes, cycles from the edge to the centre.
    Fringes(f64),
}

/// The inside of a spot: its west half and its east half (the same but for a partial change).
#[derive(Debug, Clone, Copy, PartialEq)]
struct State(Surface, Surface);

fn whole(s: Surface) -> State {
    State(s, s)
}

/// What the spot shows before and after its change.
fn states(subject: &ImageSubject<'_>) -> (State, State) {
    let look = look(subject.theme, subject.geom);
    let change = subject.change;
    let site = match subject.theme {
        ThemeName::Pvland => Some(Surface::Panels),
        ThemeName::Windmill => Some(Surface::Turbines),
        ThemeName::Steelplant => Some(Surface::Works),
        _ => None,
    };
    if let Some(built) = site {
        // A steel works grows from a part of it; a farm from bare ground.
        let before_growth = if subject.theme == ThemeName::Steelplant {
            State(built, Surface::Ground)
        } else {
            whole(Surface::Ground)
        };
        return match change {
            0 => (whole(built), whole(built)),
            1 => (before_growth, whole(built)),
            2 => (whole(built), whole(Surface::Cleared)),
            _ => (whole(built), State(built, Surface::Cleared)),
        };
    }
    let (from, to) = match subject.theme {
        ThemeName::Landcover => {
            let (from, to) = look.classes.unwrap_or((Class::Cropland, Class::Built));
            (Surface::Class(from), Surface::Class(to))
        }
        ThemeName::Nonagricultural => (
            Surface::Class(Class::Cropland),
            match look.tblx {
                Some("1") => Surface::Orchard,
                Some("2") => Surface::Greenbelt,
                Some("3") => Surface::Class(Class::Water),
                Some("4") => Surface::Ponds,
                _ => Surface::Fallow,
            },
        ),
        ThemeName::Plantingstructure => (Surface::Stubble, Surface::Crop(look.crop.unwrap_or(""))),
        ThemeName::SurfaceDeform => (
            Surface::Ground,
            Surface::Fringes((look.rate_mm.unwrap_or(-20.0).abs() / 10.0).max(1.0)),
        ),
        _ => (Surface::Ground, Surface::Road),
    };
    if change == 0 {
        (whole(to), whole(to))
    } else {
        (whole(from), whole(to))
    }
}

/// Where the picture lies: its north-west corner and the degrees a pixel spans, the spot
/// centred and spanning [`SPAN`] of it (at least 150 m across).
struct Frame {
    west: f64,
    north: f64,
    dx: f64,
    dy: f64,
}

impl Frame {
    fn around(geom: &MultiPolygon<f64>) -> Self {
        let (min, max) = geom
            .bounding_rect()
            .map_or(((0.0, 0.0), (0.0, 0.0)), |r| (r.min().x_y(), r.max().x_y()));
        let (cx, cy) = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
        let cos = cy.to_radians().cos().max(0.01);
        let wide = (max.0 - min.0) * M_PER_DEGREE * cos;
        let high = (max.1 - min.1) * M_PER_DEGREE;
        let metres = (wide.max(high) / SPAN).max(150.0) / N as f64;
        let (dx, dy) = (metres / (M_PER_DEGREE * cos), metres / M_PER_DEGREE);
        Self {
            west: cx - dx * N as f64 / 2.0,
            north: cy + dy * N as f64 / 2.0,
            dx,
            dy,
        }
    }

    /// The pixels whose centre is inside the outline (even-odd, so holes stay out), a row
    /// at a time.
    fn inside(&self, geom: &MultiPolygon<f64>) -> Vec<bool> {
        let mut inside = vec![false; N * N];
        let mut xs: Vec<f64> = Vec::new();
        for row in 0..N {
            let lat = self.north - (row as f64 + 0.5) * self.dy;
            xs.clear();
            for ring in geom.0.iter().flat_map(geo_kit::rings) {
                for line in ring.lines() {
                    let (a, b) = (line.start, line.end);
                    if (a.y <= lat) != (b.y <= lat) {
                        xs.push(a.x + (lat - a.y) * (b.x - a.x) / (b.y - a.y));
                    }
                }
            }
            xs.sort_by(f64::total_cmp);
            for pair in xs.chunks_exact(2) {
                let column = |x: f64| {
                    ((x - self.west) / self.dx - 0.5)
                        .ceil()
                        .clamp(0.0, N as f64) as usize
                };
                for i in column(pair[0])..column(pair[1]) {
                    inside[row * N + i] = true;
                }
            }
        }
        inside
    }
}

/// A demo spot's picture before or after its change, 256 × 256 PNG; the same every time for
/// the same spot.
pub fn draw_image(subject: &ImageSubject<'_>) -> Vec<u8> {
    let frame = Frame::around(subject.geom);
    let inside = frame.inside(subject.geom);
    let at = |x: i64, y: i64| {
        (0..N as i64).contains(&x)
            && (0..N as i64).contains(&y)
            && inside[y as usize * N + x as usize]
    };
    let seed = hash(&[subject.id as u64, subject.theme as u64]);
    let (before, after) = states(subject);
    let state = if subject.after { after } else { before };
    let mut rgb = Vec::with_capacity(N * N * 3);
    for (k, &is_inside) in inside.iter().enumerate() {
        let (i, j) = ((k % N) as i64, (k / N) as i64);
        let (x, y) = (i as f64, j as f64);
        let ground = land(seed, x, y);
        let pixel = if !is_inside {
            ground
        } else if !(at(i - 1, j) && at(i + 1, j) && at(i, j - 1) && at(i, j + 1)) {
            OUTLINE
        } else {
            let surface = if i < N as i64 / 2 { state.0 } else { state.1 };
            paint(surface, seed, x, y, ground, &at)
        };
        rgb.extend(pixel.map(|v| v.clamp(0.0, 255.0) as u8));
    }
    encode(&rgb)
}

/// Value noise around 0 (−0.5 to 0.5) at a scale of `scale` pixels.
fn grain(seed: u64, x: f64, y: f64, scale: f64) -> f64 {
    fbm(seed, x / scale, y / scale) - 0.5
}

/// A colour varied by noise `n` (−0.5 to 0.5) times `by`.
fn tint(base: [f64; 3], n: f64, by: f64) -> [f64; 3] {
    base.map(|v| v + n * by)
}

/// Buildings in cells of `w` × `h` pixels: roofs grey, rust or blue, yards between.
fn blocks(seed: u64, x: f64, y: f64, w: f64, h: f64, yard: [f64; 3]) -> [f64; 3] {
    let (cx, cy) = (x.rem_euclid(w), y.rem_euclid(h));
    if cx < 2.0 || cx >= w - 2.0 || cy < 2.0 || cy >= h - 2.0 {
        return yard;
    }
    let r = lattice(seed ^ 0x57EE, (x / w) as i64, (y / h) as i64);
    if r < 0.2 {
        [146.0, 86.0, 58.0]
    } else if r < 0.35 {
        [78.0, 108.0, 150.0]
    } else {
        let g = 95.0 + 100.0 * (r - 0.35);
        [g, g, g + 4.0]
    }
}

/// Colour of a crop's fields.
fn crop_colour(crop: &str) -> [f64; 3] {
    match crop {
        "水稻" => [84.0, 164.0, 72.0],
        "小麦" => [204.0, 182.0, 92.0],
        "玉米" => [58.0, 118.0, 42.0],
        "大豆" => [108.0, 150.0, 62.0],
        "棉花" => [172.0, 186.0, 152.0],
        "油菜" => [226.0, 206.0, 58.0],
        "甘蔗" => [48.0, 110.0, 52.0],
        "马铃薯" => [118.0, 140.0, 72.0],
        _ => [100.0, 150.0, 70.0],
    }
}

/// A colour of the hue circle (0 to 1), bright and fairly saturated.
fn hue(h: f64) -> [f64; 3] {
    let h6 = h.rem_euclid(1.0) * 6.0;
    let f = h6.fract();
    let (hi, lo) = (240.0, 60.0);
    let up = lo + (hi - lo) * f;
    let down = hi - (hi - lo) * f;
    match h6 as u8 {
        0 => [hi, up, lo],
        1 => [down, hi, lo],
        2 => [lo, hi, up],
        3 => [lo, down, hi],
        4 => [up, lo, hi],
        _ => [hi, lo, down],
    }
}

/// A pixel inside a spot of surface `s`; `at` tells whether another pixel is inside.
fn paint(
    s: Surface,
    seed: u64,
    x: f64,
    y: f64,
    ground: [f64; 3],
    at: &dyn Fn(i64, i64) -> bool,
) -> [f64; 3] {
    match s {
        Surface::Ground => ground,
        Surface::Panels => {
            // Rows of panels 4 px deep, a service track every 48 px.
            if y.rem_euclid(6.0) < 4.0 && x.rem_euclid(48.0) >= 2.0 {
                let v = 10.0 * lattice(seed ^ 0x9A9E, (x / 24.0) as i64, (y / 6.0) as i64);
                [28.0 + v, 42.0 + v, 92.0 + v]
            } else {
                [168.0, 162.0, 150.0]
            }
        }
        Surface::Turbines => {
            let grass = tint([118.0, 148.0, 82.0], grain(seed ^ 0x6A55, x, y, 20.0), 30.0);
            // One turbine per 24 px cell, placed within it at random, if on the site.
            let cross = |x: f64, y: f64| {
                let (gx, gy) = ((x / 24.0).floor(), (y / 24.0).floor());
                let cx = gx * 24.0 + 6.0 + 12.0 * lattice(seed ^ 0x7B1, gx as i64, gy as i64);
                let cy = gy * 24.0 + 6.0 + 12.0 * lattice(seed ^ 0x7B2, gx as i64, gy as i64);
                let (dx, dy) = ((x - cx.round()).abs(), (y - cy.round()).abs());
                at(cx as i64, cy as i64) && ((dx <= 1.0 && dy <= 6.0) || (dy <= 1.0 && dx <= 6.0))
            };
            if cross(x, y) {
                [245.0, 245.0, 245.0]
            } else if cross(x - 2.0, y - 2.0) {
                [70.0, 85.0, 60.0]
            } else {
                grass
            }
        }
        Surface::Works => blocks(seed, x, y, 18.0, 14.0, [176.0, 172.0, 164.0]),
        Surface::Cleared => {
            if lattice(seed ^ 0xC1EA, x as i64, y as i64) > 0.9 {
                [118.0, 108.0, 98.0]
            } else {
                tint([180.0, 155.0, 120.0], grain(seed ^ 0xC1EB, x, y, 8.0), 30.0)
            }
        }
        Surface::Road => tint([214.0, 208.0, 198.0], grain(seed ^ 0x20AD, x, y, 4.0), 12.0),
        Surface::Class(c) => {
            let n = grain(seed ^ 0xC1A5, x, y, 6.0);
            match c {
                Class::Cropland => field(seed, x, y),
                Class::Forest => [36.0 + 40.0 * n, 80.0 + 50.0 * n, 42.0 + 30.0 * n],
                Class::Grassland => tint([126.0, 156.0, 86.0], n, 40.0),
                Class::Water => tint([42.0, 80.0, 126.0], n, 16.0),
                Class::Built => blocks(seed, x, y, 10.0, 8.0, [190.0, 186.0, 178.0]),
                Class::Bare => tint([190.0, 172.0, 132.0], n, 30.0),
            }
        }
        Surface::Orchard => {
            let (dx, dy) = (x.rem_euclid(6.0) - 3.0, y.rem_euclid(6.0) - 3.0);
            if dx * dx + dy * dy <= 4.0 {
                [50.0, 104.0, 46.0]
            } else {
                [150.0, 136.0, 102.0]
            }
        }
        Surface::Greenbelt => tint([62.0, 124.0, 58.0], grain(seed ^ 0x6B, x, y, 5.0), 50.0),
        Surface::Ponds => {
            let (cx, cy) = (x.rem_euclid(20.0), y.rem_euclid(16.0));
            if (2.0..18.0).contains(&cx) && (2.0..14.0).contains(&cy) {
                [52.0, 96.0, 128.0]
            } else {
                [172.0, 162.0, 130.0]
            }
        }
        Surface::Fallow => tint([152.0, 142.0, 96.0], grain(seed ^ 0xFA11, x, y, 3.0), 40.0),
        Surface::Stubble => {
            let furrow = (x + y).rem_euclid(5.0) < 1.0;
            if furrow {
                [150.0, 132.0, 94.0]
            } else {
                [176.0, 156.0, 112.0]
            }
        }
        Surface::Crop(crop) => {
            let base = crop_colour(crop);
            if (x + 0.5 * y).rem_euclid(4.0) < 2.0 {
                base.map(|v| v * 0.9)
            } else {
                base
            }
        }
        Surface::Fringes(cycles) => {
            let centre = N as f64 / 2.0;
            let r = ((x - centre).powi(2) + (y - centre).powi(2)).sqrt() / (centre * SPAN);
            let colour = hue(r * cycles);
            [0, 1, 2].map(|k| ground[k] * 0.45 + colour[k] * 0.55)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::quicklook::pixels;
    use crate::demo::spots::{Places, SpotPlan, generate};
    use crate::region::index::RegionIndex;
    use crate::spot::theme::THEMES;

    #[test]
    fn before_and_after_differ_inside_the_spot_and_agree_outside_it() {
        let regions = RegionIndex::load(&crate::db::memory()).expect("index");
        let places = Places::new(&regions);
        let spots: Vec<_> = generate(
            &SpotPlan {
                seed: 3,
                count: 4_000,
            },
            &places,
        )
        .collect();
        for theme in THEMES {
            for change in [1, 2] {
                let Some((id, spot)) = spots
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.theme == theme.name && s.change == change)
                else {
                    assert_eq!(change, 2, "{:?} has new spots", theme.name);
                    continue;
                };
                let subject = |after| ImageSubject {
                    theme: theme.name,
                    id: id as i64,
                    geom: &spot.geom,
                    change,
                    after,
                };
                let before = draw_image(&subject(false));
                assert_eq!(before, draw_image(&subject(false)), "the same every time");
                let (before, after) = (pixels(&before), pixels(&draw_image(&subject(true))));
                let frame = Frame::around(&spot.geom);
                let inside = frame.inside(&spot.geom);
                let (mut differ, mut within) = (0, 0);
                for (k, &is_inside) in inside.iter().enumerate() {
                    let (b, a) = (&before[3 * k..3 * k + 3], &after[3 * k..3 * k + 3]);
                    if is_inside {
                        within += 1;
                        differ += usize::from(a != b);
                    } else {
                        assert_eq!(a, b, "{:?}: pixel {k} outside the spot", theme.name);
                    }
                }
                assert!(
                    within > 1_000,
                    "{:?}: the spot spans the picture ({within})",
                    theme.name
                );
                assert!(
                    differ * 10 > within * 4,
                    "{:?} change {change}: {differ} of {within} pixels inside changed",
                    theme.name
                );
            }
        }
    }
}
