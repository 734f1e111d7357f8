//! Dynamic analysis (issue 15): what became of a theme's spots between two batches. A spot of
//! the later batch (`to`) is matched to the spots of the earlier one (`from`) whose outlines
//! intersect it (found through the `from` block's R-tree, then tested exactly):
//!
//! - no match: it **appeared**;
//! - its area more than [`CHANGE_SHARE`] above the matched spots' area: it **grew**; that
//!   much below: it **shrank**; else it is **unchanged**;
//! - a `from` spot that no `to` spot matches **vanished**.
//!
//! Matching only ever looks at spots inside the caller's ranges, whatever region is counted,
//! so a spot's kind is the same in every region's answer and on the map, and nothing outside
//! the ranges shows through a match. No HTTP and no SQL.

use geo::Intersects;
use geo_kit::deadline::{Deadline, TimedOut};

use super::engine::{Block, Predicate};
use super::filter::{Groups, Scope};
use super::{DynamicTallies, Tally};

/// How much larger or smaller (a share of the matched area) a spot must be to count as grown
/// or shrunk. Outlines of the same site are drawn again each batch from other images, so
/// their areas wobble by a few per cent without any change on the ground; 10 % is well above
/// that wobble and well below the growth a land office asks about.
pub const CHANGE_SHARE: f64 = 0.10;

/// What became of a spot between two batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A `to` spot no `from` spot overlaps.
    Appeared,
    /// A `to` spot larger than what it overlaps.
    Grew,
    /// A `to` spot smaller than what it overlaps.
    Shrank,
    /// A `from` spot no `to` spot overlaps.
    Vanished,
    /// A `to` spot about as large as what it overlaps.
    Unchanged,
}

impl Kind {
    /// Every kind, in the order of the tables.
    pub const ALL: [Kind; 5] = [
        Kind::Appeared,
        Kind::Grew,
        Kind::Shrank,
        Kind::Vanished,
        Kind::Unchanged,
    ];

    /// The name the map layer gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Appeared => "appeared",
            Kind::Grew => "grew",
            Kind::Shrank => "shrank",
            Kind::Vanished => "vanished",
            Kind::Unchanged => "unchanged",
        }
    }

    /// What tables call it.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Appeared => "新增",
            Kind::Grew => "扩大",
            Kind::Shrank => "缩小",
            Kind::Vanished => "消失",
            Kind::Unchanged => "不变",
        }
    }
}

/// The kind of a `to` spot of area `to_area`, given the area of the `from` spots it overlaps
/// (`None`: it overlaps none).
pub fn kind_of(to_area: f64, matched_area: Option<f64>) -> Kind {
    match matched_area {
        None => Kind::Appeared,
        Some(from) if to_area > from * (1.0 + CHANGE_SHARE) => Kind::Grew,
        Some(from) if to_area < from * (1.0 - CHANGE_SHARE) => Kind::Shrank,
        Some(_) => Kind::Unchanged,
    }
}

impl DynamicTallies {
    /// The tally of a kind.
    pub fn get(&self, kind: Kind) -> Tally {
        match kind {
            Kind::Appeared => self.appeared,
            Kind::Grew => self.grew,
            Kind::Shrank => self.shrank,
            Kind::Vanished => self.vanished,
            Kind::Unchanged => self.unchanged,
        }
    }

    fn add(&mut self, kind: Kind, area: f64) {
        let tally = match kind {
            Kind::Appeared => &mut self.appeared,
            Kind::Grew => &mut self.grew,
            Kind::Shrank => &mut self.shrank,
            Kind::Vanished => &mut self.vanished,
            Kind::Unchanged => &mut self.unchanged,
        };
        tally.count += 1;
        tally.area_m2 += area;
    }
}

/// Two batches of a theme compared for one caller.
#[derive(Debug)]
pub struct Comparison<'a> {
    /// The earlier batch.
    pub from: &'a Block,
    /// The later batch.
    pub to: &'a Block,
    /// The caller's counties: matches are only looked for there.
    pub ranges: &'a Scope,
    /// Which spots of either batch take part.
    pub pred: &'a Predicate,
}

impl Comparison<'_> {
    /// Calls `each` with every spot of `other` inside the ranges, kept by the predicate, whose
    /// outline intersects that of the spot at `pos` of `block`.
    fn overlapping(&self, block: &Block, pos: usize, other: &Block, mut each: impl FnMut(usize)) {
        let Some(bbox) = block.envelope(pos) else {
            return;
        };
        let outline = block.outline(pos);
        other.in_box(&bbox, |p| {
            if self.ranges.contains(other.county(p))
                && other.keeps(self.pred, p)
                && other.outline(p).intersects(&outline)
            {
                each(p);
            }
        });
    }

    /// The kind of the `to` spot at `pos`, and the area of the `from` spots it overlaps.
    pub fn of_to(&self, pos: usize) -> (Kind, f64) {
        let (mut matched, mut area) = (false, 0.0);
        self.overlapping(self.to, pos, self.from, |p| {
            matched = true;
            area += self.from.area(p);
        });
        (kind_of(self.to.area(pos), matched.then_some(area)), area)
    }

    /// Whether the `from` spot at `pos` overlaps a `to` spot (else it vanished).
    pub fn from_matched(&self, pos: usize) -> bool {
        let mut matched = false;
        self.overlapping(self.from, pos, self.to, |_| matched = true);
        matched
    }

    /// The kinds of the spots in `scope` inside the ranges (counted where each spot lies: a vanished spot by
    /// its `from` county), in all and per group (disjoint scopes, e.g. the regions one level
    /// down); stops with [`TimedOut`] when the deadline passes.
    pub fn tallies(
        &self,
        scope: &Scope,
        groups: &[Scope],
        deadline: &Deadline,
    ) -> Result<(DynamicTallies, Vec<DynamicTallies>), TimedOut> {
        let owners = Groups::new(groups);
        // Only what the caller may see is counted, whatever scope is asked for.
        let scope = scope.intersect(self.ranges);
        let mut total = DynamicTallies::default();
        let mut per_group = vec![DynamicTallies::default(); groups.len()];
        let mut count = |kind: Kind, county: u32, area: f64| {
            total.add(kind, area);
            if let Some(g) = owners.of(county) {
                per_group[g].add(kind, area);
            }
        };
        // The `from` spots a `to` spot in scope matched: those need no search of their own.
        let mut matched = vec![false; self.from.len()];
        // Each spot asks the deadline (a clock read, small beside its R-tree search).
        let mut result = Ok(());
        let go_on = |result: &mut Result<(), TimedOut>| {
            if result.is_ok() {
                *result = deadline.check();
            }
            result.is_ok()
        };
        self.to.each(&self.to.runs(&scope), self.pred, |pos| {
            if !go_on(&mut result) {
                return;
            }
            let mut area = None;
            self.overlapping(self.to, pos, self.from, |p| {
                matched[p] = true;
                *area.get_or_insert(0.0) += self.from.area(p);
            });
            let to_area = self.to.area(pos);
            count(kind_of(to_area, area), self.to.county(pos), to_area);
        });
        self.from.each(&self.from.runs(&scope), self.pred, |pos| {
            if !go_on(&mut result) {
                return;
            }
            if !matched[pos] && !self.from_matched(pos) {
                count(Kind::Vanished, self.from.county(pos), self.from.area(pos));
            }
        });
        result.map(|()| (total, per_group))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spot::engine::SpotIndex;
    use crate::spot::tests::{record, square, store_spots};
    use crate::spot::theme::ThemeName;

    #[test]
    fn a_spot_counts_as_grown_or_shrunk_only_beyond_a_tenth_of_what_it_overlaps() {
        assert_eq!(kind_of(100.0, None), Kind::Appeared);
        assert_eq!(kind_of(110.0, Some(100.0)), Kind::Unchanged);
        assert_eq!(kind_of(110.5, Some(100.0)), Kind::Grew);
        assert_eq!(kind_of(90.0, Some(100.0)), Kind::Unchanged);
        assert_eq!(kind_of(89.5, Some(100.0)), Kind::Shrank);
        // Two spots merged into one about their size: unchanged, not grown.
        assert_eq!(kind_of(200.0, Some(95.0 + 100.0)), Kind::Unchanged);
    }

    /// A PV spot of `batch` in 洪山区 (420111) or 荔湾区 (440103): a square of `side`
    /// degrees at (x, y), of area `area`.
    fn pv(
        batch: &str,
        county: &str,
        area: f64,
        (x, y): (f64, f64),
        side: f64,
    ) -> crate::spot::model::SpotRecord {
        let mut s = record(ThemeName::Pvland, batch, county, area, (x, y));
        s.geom = square(x, y, side);
        s
    }

    #[test]
    fn spots_are_matched_by_overlap_and_only_inside_the_callers_ranges() {
        let mut conn = crate::db::memory();
        let hongshan = (114.40, 30.50);
        let liwan = (113.24, 23.12);
        let at = |(x, y): (f64, f64), dx: f64| (x + dx, y);
        store_spots(
            &mut conn,
            "pv.geojson",
            &[
                // Grew: the same place, twice the area.
                pv("2025Q1", "420111", 100.0, at(hongshan, 0.0), 0.01),
                pv("2025Q2", "420111", 200.0, at(hongshan, 0.005), 0.01),
                // Unchanged: two `from` spots under one `to` spot of their summed area.
                pv("2025Q1", "420111", 50.0, at(hongshan, 0.1), 0.004),
                pv("2025Q1", "420111", 50.0, at(hongshan, 0.105), 0.004),
                pv("2025Q2", "420111", 105.0, at(hongshan, 0.1), 0.01),
                // Vanished, and appeared far from it.
                pv("2025Q1", "420111", 70.0, at(hongshan, 0.2), 0.01),
                pv("2025Q2", "420111", 30.0, at(hongshan, 0.3), 0.01),
                // Shrank, across a county border the ranges cut.
                pv("2025Q1", "440103", 100.0, at(liwan, 0.0), 0.01),
                pv("2025Q2", "440103", 40.0, at(liwan, 0.0), 0.01),
            ],
        );
        let index = SpotIndex::load(&conn).expect("load");
        let spots = index.theme(ThemeName::Pvland);
        let (from, to) = (
            spots.block(Some("2025Q1")).expect("from"),
            spots.block(Some("2025Q2")).expect("to"),
        );
        let country = Scope::region("100000").expect("country");
        let pred = Predicate::default();
        let compare = |ranges: &Scope, scope: &Scope| {
            Comparison {
                from,
                to,
                ranges,
                pred: &pred,
            }
            .tallies(scope, &[], &Deadline::never())
            .expect("in time")
            .0
        };
        let all = compare(&country, &country);
        let counts: Vec<u64> = Kind::ALL.iter().map(|&k| all.get(k).count).collect();
        assert_eq!(
            counts,
            [1, 1, 1, 1, 1],
            "appeared, grew, shrank, vanished, unchanged"
        );
        assert_eq!(all.grew.area_m2, 200.0);
        assert_eq!(
            all.vanished.area_m2, 70.0,
            "a vanished spot counts its old area"
        );
        // 广东 alone: its shrunk spot. 湖北 alone: no trace of 广东.
        let guangdong = Scope::region("440000").expect("province");
        assert_eq!(compare(&guangdong, &country).shrank.count, 1);
        let hubei = Scope::region("420000").expect("province");
        let mine = compare(&hubei, &country);
        assert_eq!(mine.shrank.count, 0);
        assert_eq!(
            mine.appeared.count + mine.grew.count + mine.unchanged.count,
            3
        );
    }

    #[test]
    fn a_spot_matched_across_a_border_keeps_its_kind_in_each_region_and_groups_add_up() {
        let mut conn = crate::db::memory();
        // A `to` spot of 江岸区 over a `from` spot of 洪山区 (they are neighbours here).
        store_spots(
            &mut conn,
            "pv.geojson",
            &[
                pv("2025Q1", "420111", 100.0, (114.35, 30.55), 0.01),
                pv("2025Q2", "420102", 100.0, (114.352, 30.55), 0.01),
            ],
        );
        let index = SpotIndex::load(&conn).expect("load");
        let spots = index.theme(ThemeName::Pvland);
        let pred = Predicate::default();
        let hubei = Scope::region("420000").expect("province");
        let compare = Comparison {
            from: spots.block(Some("2025Q1")).expect("from"),
            to: spots.block(Some("2025Q2")).expect("to"),
            ranges: &hubei,
            pred: &pred,
        };
        let county = |code: &str| Scope::region(code).expect("county");
        let groups = [county("420102"), county("420111")];
        let (total, rows) = compare
            .tallies(&hubei, &groups, &Deadline::never())
            .expect("in time");
        assert_eq!((total.unchanged.count, total.vanished.count), (1, 0));
        assert_eq!(rows[0].unchanged.count, 1);
        assert_eq!(
            rows[1],
            DynamicTallies::default(),
            "洪山区's spot did not vanish"
        );
        // Counting 洪山区 alone still finds its spot's match in 江岸区.
        let (alone, _) = compare
            .tallies(&county("420111"), &[], &Deadline::never())
            .expect("in time");
        assert_eq!(alone, DynamicTallies::default());
        assert!(compare.from_matched(0));
        assert_eq!(compare.of_to(0), (Kind::Unchanged, 100.0));
        let stopped = compare.tallies(&hubei, &groups, &Deadline::after_checks(1));
        assert_eq!(
            stopped,
            Err(TimedOut),
            "the second spot finds the time spent"
        );
    }
}
