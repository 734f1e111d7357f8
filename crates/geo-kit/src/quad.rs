//! Where an image's corners go on the map: the four corners of a scene
//! footprint in image order, and the world file that places a picture there.

use geo::BoundingRect;
use geo::orient::{Direction, Orient};
use geo_types::{Coord, Polygon};

/// The corners of a footprint as an image shows it north up: top-left,
/// top-right, bottom-right, bottom-left. A four-corner footprint gives its own
/// corners, the top-left being the north-westernmost; any other shape gives
/// its bounding box.
pub fn image_corners(footprint: &Polygon<f64>) -> Option<[Coord<f64>; 4]> {
    let ring = footprint.exterior();
    if ring.0.len() == 5 {
        let ccw = Polygon::new(ring.clone(), Vec::new()).orient(Direction::Default);
        let c = &ccw.exterior().0;
        let start = (0..4).min_by(|&a, &b| (c[a].x - c[a].y).total_cmp(&(c[b].x - c[b].y)))?;
        // Counter-clockwise from the top-left runs down the west side: TL, BL, BR, TR.
        let at = |k: usize| c[(start + k) % 4];
        return Some([at(0), at(3), at(2), at(1)]);
    }
    let b = footprint.bounding_rect()?;
    Some([
        Coord {
            x: b.min().x,
            y: b.max().y,
        },
        b.max(),
        Coord {
            x: b.max().x,
            y: b.min().y,
        },
        b.min(),
    ])
}

/// An ESRI world file (six lines: x per column, y per column, x per row, y per
/// row, then the centre of the top-left pixel) that stretches a `width` ×
/// `height` picture over the corners (top-left, top-right, bottom-right,
/// bottom-left), rotation included. The bottom-right corner follows from the
/// other three, as an affine map allows.
pub fn world_file(corners: &[Coord<f64>; 4], width: u32, height: u32) -> String {
    let [tl, tr, _, bl] = *corners;
    let (w, h) = (f64::from(width), f64::from(height));
    let a = (tr.x - tl.x) / w;
    let d = (tr.y - tl.y) / w;
    let b = (bl.x - tl.x) / h;
    let e = (bl.y - tl.y) / h;
    let c = tl.x + (a + b) / 2.0;
    let f = tl.y + (d + e) / 2.0;
    format!("{a:.12}\n{d:.12}\n{b:.12}\n{e:.12}\n{c:.12}\n{f:.12}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn a_rotated_quad_gives_its_corners_from_the_north_west_clockwise() {
        // Given clockwise, starting elsewhere.
        let quad = polygon![(x: 11.0, y: 9.0), (x: 1.0, y: 10.0), (x: 0.0, y: 0.0), (x: 10.0, y: -1.0), (x: 11.0, y: 9.0)];
        let [tl, tr, br, bl] = image_corners(&quad).expect("corners");
        assert_eq!((tl.x, tl.y), (1.0, 10.0));
        assert_eq!((tr.x, tr.y), (11.0, 9.0));
        assert_eq!((br.x, br.y), (10.0, -1.0));
        assert_eq!((bl.x, bl.y), (0.0, 0.0));
    }

    #[test]
    fn other_shapes_give_their_bounding_box() {
        let pentagon = polygon![(x: 0.0, y: 0.0), (x: 4.0, y: 0.0), (x: 5.0, y: 2.0), (x: 2.0, y: 4.0), (x: -1.0, y: 2.0), (x: 0.0, y: 0.0)];
        let corners = image_corners(&pentagon).expect("corners");
        let xy: Vec<(f64, f64)> = corners.iter().map(|c| (c.x, c.y)).collect();
        assert_eq!(xy, vec![(-1.0, 4.0), (5.0, 4.0), (5.0, 0.0), (-1.0, 0.0)]);
    }

    #[test]
    fn the_world_file_maps_pixel_corners_onto_the_footprint() {
        let corners = [
            Coord { x: 1.0, y: 10.0 },
            Coord { x: 11.0, y: 9.0 },
            Coord { x: 10.0, y: -1.0 },
            Coord { x: 0.0, y: 0.0 },
        ];
        let v: Vec<f64> = world_file(&corners, 100, 50)
            .lines()
            .map(|l| l.parse().expect("number"))
            .collect();
        let map = |col: f64, row: f64| {
            (
                v[0] * col + v[2] * row + v[4],
                v[1] * col + v[3] * row + v[5],
            )
        };
        // Pixel-centre convention: the outer corner of the top-left pixel is at (-0.5, -0.5).
        let close =
            |(x, y): (f64, f64), c: Coord<f64>| (x - c.x).abs() < 1e-9 && (y - c.y).abs() < 1e-9;
        assert!(close(map(-0.5, -0.5), corners[0]));
        assert!(close(map(99.5, -0.5), corners[1]));
        assert!(close(map(99.5, 49.5), corners[2]));
        assert!(close(map(-0.5, 49.5), corners[3]));
    }
}
