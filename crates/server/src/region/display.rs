//! Display copies of region boundaries, one per band of map zooms, so tiles
//! and drawing answers stay small while analysis keeps the full boundary.

use geo_types::MultiPolygon;

/// The bands: (band number, deepest zoom it serves). A band's copy is
/// simplified to about one pixel at its deepest zoom; deeper than the last
/// band, the full boundary is used.
pub const BANDS: [(i64, u8); 3] = [(0, 4), (1, 7), (2, 10)];

/// The band that serves a zoom; `None` means the full boundary.
pub fn band_for_zoom(zoom: u8) -> Option<i64> {
    BANDS
        .iter()
        .find(|(_, deepest)| zoom <= *deepest)
        .map(|(band, _)| *band)
}

/// The display copies of one boundary. A region too small to show at a band
/// gets no copy there; one that cannot be simplified without becoming invalid
/// (or arrives invalid) keeps its full boundary, which is never wrong to draw.
pub fn bands(geom: &MultiPolygon<f64>) -> Vec<(i64, MultiPolygon<f64>)> {
    BANDS
        .iter()
        .filter_map(
            |&(band, zoom)| match geo_kit::simplify::simplify_for_zoom(geom, zoom) {
                Ok(simple) if simple.0.is_empty() => None,
                Ok(simple) => Some((band, simple)),
                Err(_) => Some((band, geom.clone())),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zooms_map_to_bands_then_the_full_boundary() {
        assert_eq!(band_for_zoom(0), Some(0));
        assert_eq!(band_for_zoom(4), Some(0));
        assert_eq!(band_for_zoom(5), Some(1));
        assert_eq!(band_for_zoom(10), Some(2));
        assert_eq!(band_for_zoom(11), None);
    }
}
