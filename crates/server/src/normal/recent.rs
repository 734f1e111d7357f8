//! What was worked out for the areas searched most recently, found again by
//! the area's exact coordinates (or the exact text it was sent as). The same
//! areas come back: a user pages through results (a STAC client sends the
//! same `intersects` for every page), many users search the same provinces,
//! an uploaded area is searched again with other filters. What is kept is
//! bounded by its size, not by a count: a rotation of a few more areas than a
//! fixed number of slots would miss every time.

use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex};

use geo_types::MultiPolygon;

/// What a kept value is found by: hashed to look, then compared whole.
pub trait Key {
    /// The key as kept.
    type Owned;
    /// A hash of the whole key.
    fn fingerprint(&self) -> u64;
    /// Whether a kept key is this one.
    fn is(&self, kept: &Self::Owned) -> bool;
    /// The key to keep.
    fn to_kept(&self) -> Self::Owned;
    /// Bytes the kept key holds.
    fn bytes(&self) -> usize;
}

/// An area, by its exact coordinates.
impl Key for MultiPolygon<f64> {
    type Owned = MultiPolygon<f64>;
    fn fingerprint(&self) -> u64 {
        geo_kit::fingerprint(self)
    }
    fn is(&self, kept: &Self::Owned) -> bool {
        self == kept
    }
    fn to_kept(&self) -> Self::Owned {
        self.clone()
    }
    fn bytes(&self) -> usize {
        geo_kit::aoi::vertices(self) * std::mem::size_of::<geo_types::Coord<f64>>()
    }
}

/// An area as the text it was sent in: hashing the text is cheaper than reading it.
impl Key for str {
    type Owned = Box<str>;
    fn fingerprint(&self) -> u64 {
        let mut h = foldhash::fast::FixedState::default().build_hasher();
        h.write(self.as_bytes());
        h.finish()
    }
    fn is(&self, kept: &Self::Owned) -> bool {
        self == &**kept
    }
    fn to_kept(&self) -> Self::Owned {
        self.into()
    }
    fn bytes(&self) -> usize {
        self.len()
    }
}

/// One key and what was worked out for it.
struct Kept<K, V> {
    hash: u64,
    key: K,
    value: Arc<V>,
    bytes: usize,
}

/// The values of the most recently used keys, newest first, within a budget of bytes.
pub struct Recent<K: Key + ?Sized, V> {
    budget: usize,
    /// The bytes a value holds (the key kept with it is counted apart).
    size: fn(&V) -> usize,
    kept: Mutex<Vec<Kept<K::Owned, V>>>,
}

impl<K: Key + ?Sized, V> Recent<K, V> {
    /// Keeps values (and their keys) up to `budget` bytes in all, `size` saying what a value holds.
    pub fn new(budget: usize, size: fn(&V) -> usize) -> Self {
        Self {
            budget,
            size,
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The value kept for exactly this key, if any (it becomes the newest).
    pub fn get(&self, key: &K) -> Option<Arc<V>> {
        let hash = key.fingerprint();
        let mut kept = self.kept.lock().ok()?;
        let i = kept.iter().position(|k| k.hash == hash && key.is(&k.key))?;
        let hit = kept.remove(i);
        let value = hit.value.clone();
        kept.insert(0, hit);
        Some(value)
    }

    /// Keeps a value worked out for a key as the newest, dropping the
    /// oldest beyond the budget; one larger than the whole budget is not kept.
    pub fn keep(&self, key: &K, value: V) -> Arc<V> {
        let value = Arc::new(value);
        let bytes = (self.size)(&value) + key.bytes();
        if bytes > self.budget {
            return value;
        }
        if let Ok(mut kept) = self.kept.lock() {
            // Two searches missing at once both work it out; the later one is kept.
            let hash = key.fingerprint();
            kept.retain(|k| !(k.hash == hash && key.is(&k.key)));
            kept.insert(
                0,
                Kept {
                    hash,
                    key: key.to_kept(),
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
        let recent: Recent<MultiPolygon<f64>, u32> = Recent::new(1_000, |_| 36);
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
        let huge: Recent<MultiPolygon<f64>, u32> = Recent::new(1_000, |_| 2_000);
        huge.keep(&square(0.0), 1);
        assert!(huge.get(&square(0.0)).is_none());
    }

    #[test]
    fn areas_written_alike_but_not_equal_are_different_areas() {
        let recent: Recent<MultiPolygon<f64>, u32> = Recent::new(1_000, |_| 0);
        recent.keep(&square(0.0), 1);
        let mut moved = square(0.0);
        moved.0[0].exterior_mut(|r| r.0[1].x += 1e-12);
        assert!(recent.get(&moved).is_none());
    }

    #[test]
    fn a_text_is_found_by_its_exact_bytes_within_the_budget_of_its_length() {
        let recent: Recent<str, u32> = Recent::new(100, |_| 0);
        let sent = r#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}"#;
        recent.keep(sent, 7);
        assert_eq!(recent.get(sent).as_deref(), Some(&7));
        assert!(
            recent.get(&sent.replace(": ", ":")).is_none(),
            "written otherwise"
        );
        // 72 bytes fit the budget of 100; a second text pushes the first out.
        recent.keep(&sent.replace("1, 1", "2, 2"), 8);
        assert!(recent.get(sent).is_none());
    }
}
