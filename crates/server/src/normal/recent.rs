//! What was worked out for the areas searched most recently, found again by
//! the area's exact coordinates. The same areas come back: a user pages
//! through results (a STAC client sends the same `intersects` for every
//! page), many users search the same provinces, an uploaded area is searched
//! again with other filters. What is kept is bounded by its size, not by a
//! count: a rotation of a few more areas than a fixed number of slots would
//! miss every time.

use std::sync::{Arc, Mutex};

use geo_types::MultiPolygon;

/// One area and what was worked out for it.
struct Kept<V> {
    key: u64,
    area: MultiPolygon<f64>,
    value: Arc<V>,
    bytes: usize,
}

/// The values of the most recently used areas, newest first, within a budget of bytes.
pub struct Recent<V> {
    budget: usize,
    /// The bytes a value holds (the area kept with it is counted apart).
    size: fn(&V) -> usize,
    kept: Mutex<Vec<Kept<V>>>,
}

/// Bytes an area holds: its coordinates.
fn area_bytes(area: &MultiPolygon<f64>) -> usize {
    geo_kit::aoi::vertices(area) * std::mem::size_of::<geo_types::Coord<f64>>()
}

impl<V> Recent<V> {
    /// Keeps values (and their areas) up to `budget` bytes in all, `size` saying what a value holds.
    pub fn new(budget: usize, size: fn(&V) -> usize) -> Self {
        Self {
            budget,
            size,
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The value kept for exactly this area, if any (it becomes the newest).
    pub fn get(&self, area: &MultiPolygon<f64>) -> Option<Arc<V>> {
        let key = geo_kit::fingerprint(area);
        let mut kept = self.kept.lock().ok()?;
        let i = kept.iter().position(|k| k.key == key && k.area == *area)?;
        let hit = kept.remove(i);
        let value = hit.value.clone();
        kept.insert(0, hit);
        Some(value)
    }

    /// Keeps a value worked out for an area as the newest, dropping the
    /// oldest beyond the budget; one larger than the whole budget is not kept.
    pub fn keep(&self, area: &MultiPolygon<f64>, value: V) -> Arc<V> {
        let value = Arc::new(value);
        let bytes = (self.size)(&value) + area_bytes(area);
        if bytes > self.budget {
            return value;
        }
        if let Ok(mut kept) = self.kept.lock() {
            // Two searches missing at once both work it out; the later one is kept.
            let key = geo_kit::fingerprint(area);
            kept.retain(|k| !(k.key == key && k.area == *area));
            kept.insert(
                0,
                Kept {
                    key,
                    area: area.clone(),
                    value: value.clone(),
                    bytes,
                },
            );
            let mut total = 0;
            let within = kept
                .iter()
                .take_while(|k| {
                    total += k.bytes;
                    total <= self.budget
                })
                .count();
            kept.truncate(within);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    fn square(x: f64) -> MultiPolygon<f64> {
        MultiPolygon(vec![
            polygon![(x: x, y: 0.0), (x: x + 1.0, y: 0.0), (x: x + 1.0, y: 1.0), (x: x, y: 0.0)],
        ])
    }

    #[test]
    fn the_same_area_gets_the_same_value_and_the_newest_are_kept_within_the_budget() {
        // Each square is four coordinates, 64 bytes, and its value 36 more: 100 each.
        let recent: Recent<u32> = Recent::new(1_000, |_| 36);
        assert!(recent.get(&square(0.0)).is_none());
        let first = recent.keep(&square(0.0), 0);
        assert!(Arc::ptr_eq(
            &first,
            &recent.get(&square(0.0)).expect("kept")
        ));
        assert!(recent.get(&square(5.0)).is_none());
        // Ten fit; the eleventh pushes out the one used longest ago.
        for i in 1..10 {
            recent.keep(&square(10.0 + i as f64), i);
        }
        assert!(recent.get(&square(0.0)).is_some(), "ten fit");
        recent.keep(&square(30.0), 30);
        assert!(recent.get(&square(11.0)).is_none(), "the oldest went");
        assert!(recent.get(&square(0.0)).is_some(), "used again, so kept");
        assert_eq!(recent.kept.lock().expect("lock").len(), 10);
        // A value larger than the whole budget is given back but not kept.
        let huge: Recent<u32> = Recent::new(1_000, |_| 2_000);
        huge.keep(&square(0.0), 1);
        assert!(huge.get(&square(0.0)).is_none());
    }

    #[test]
    fn areas_written_alike_but_not_equal_are_different_areas() {
        let recent: Recent<u32> = Recent::new(1_000, |_| 0);
        recent.keep(&square(0.0), 1);
        let mut moved = square(0.0);
        moved.0[0].exterior_mut(|r| r.0[1].x += 1e-12);
        assert!(recent.get(&moved).is_none());
    }
}
