//! A static R-tree packed bottom-up (sort-tile-recursive): items are put in
//! leaf order once, so whoever stores their data in that order reads it
//! contiguously during a search. Nodes hold boxes only; items are ranges.

use std::ops::Range;

use crate::Envelope;
use crate::area_grid::Cover;

/// Children per node.
const FANOUT: usize = 16;

/// Node boxes level by level; level 0 nodes cover `FANOUT` consecutive items.
#[derive(Debug, Clone, Default)]
pub struct PackedRTree {
    levels: Vec<Vec<Envelope>>,
    items: usize,
}

fn union(boxes: &[Envelope]) -> Envelope {
    let mut u = boxes[0];
    for b in &boxes[1..] {
        u.absorb(b);
    }
    u
}

/// The sort-tile-recursive order of items for leaves of `fanout` items:
/// `order[k]` is the index (in `boxes`) of the k-th item in leaf order.
pub fn sort_tile_recursive(boxes: &[Envelope], fanout: usize) -> Vec<u32> {
    let cx = |i: &u32| {
        let b = &boxes[*i as usize];
        b.min_x + b.max_x
    };
    let cy = |i: &u32| {
        let b = &boxes[*i as usize];
        b.min_y + b.max_y
    };
    let mut order: Vec<u32> = (0..boxes.len() as u32).collect();
    let leaves = boxes.len().div_ceil(fanout);
    let slabs = (leaves as f64).sqrt().ceil().max(1.0) as usize;
    order.sort_by(|a, b| cx(a).total_cmp(&cx(b)));
    for slab in order.chunks_mut(slabs * fanout) {
        slab.sort_by(|a, b| cy(a).total_cmp(&cy(b)));
    }
    order
}

impl PackedRTree {
    /// The sort-tile-recursive order of items: `order[k]` is the index (in
    /// `boxes`) of the k-th item in leaf order.
    pub fn order(boxes: &[Envelope]) -> Vec<u32> {
        sort_tile_recursive(boxes, FANOUT)
    }

    /// The tree over item boxes already in leaf order.
    pub fn new(boxes: &[Envelope]) -> Self {
        let mut levels = Vec::new();
        let mut level: Vec<Envelope> = boxes.chunks(FANOUT).map(union).collect();
        while level.len() > 1 {
            let up = level.chunks(FANOUT).map(union).collect();
            levels.push(level);
            level = up;
        }
        if !level.is_empty() {
            levels.push(level);
        }
        Self {
            levels,
            items: boxes.len(),
        }
    }

    /// Calls `emit(items, inside)` for the item ranges under nodes the
    /// classifier does not rule out; `inside` says the whole node box was
    /// inside, so its items need no further test.
    pub fn search(
        &self,
        classify: impl Fn(&Envelope) -> Cover,
        mut emit: impl FnMut(Range<usize>, bool),
    ) {
        let Some(top) = self.levels.len().checked_sub(1) else {
            return;
        };
        let mut stack: Vec<(usize, usize)> =
            (0..self.levels[top].len()).map(|j| (top, j)).collect();
        while let Some((level, j)) = stack.pop() {
            let cover = classify(&self.levels[level][j]);
            if cover == Cover::Outside {
                continue;
            }
            let (mut lo, mut hi) = (j, j + 1);
            for _ in 0..=level {
                lo *= FANOUT;
                hi *= FANOUT;
            }
            let items = lo..hi.min(self.items);
            if cover == Cover::Inside || level == 0 {
                emit(items, cover == Cover::Inside);
            } else {
                let children = j * FANOUT..((j + 1) * FANOUT).min(self.levels[level - 1].len());
                stack.extend(children.rev().map(|c| (level - 1, c)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_reaches_every_item_whose_box_is_not_ruled_out() {
        let boxes: Vec<Envelope> = (0..1000)
            .map(|i| {
                let (x, y) = ((i % 40) as f64, (i / 40) as f64);
                Envelope {
                    min_x: x,
                    max_x: x + 0.5,
                    min_y: y,
                    max_y: y + 0.5,
                }
            })
            .collect();
        let order = PackedRTree::order(&boxes);
        let sorted: Vec<Envelope> = order.iter().map(|&i| boxes[i as usize]).collect();
        let tree = PackedRTree::new(&sorted);
        let query = Envelope {
            min_x: 10.2,
            max_x: 14.7,
            min_y: 3.0,
            max_y: 8.1,
        };
        let meets = |b: &Envelope| b.meets(&query);
        let mut found = Vec::new();
        tree.search(
            |b| {
                if meets(b) {
                    Cover::Mixed
                } else {
                    Cover::Outside
                }
            },
            |items, _| found.extend(items.filter(|&k| meets(&sorted[k])).map(|k| order[k])),
        );
        found.sort_unstable();
        let expected: Vec<u32> = (0..1000).filter(|&i| meets(&boxes[i as usize])).collect();
        assert_eq!(found, expected);
    }
}
