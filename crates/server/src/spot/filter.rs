//! What a request asks of the engine, checked and bounded before a spot is read: the region
//! and the caller's area ranges as a [`Scope`] of county codes, and the filters (batch,
//! stage, type, file name, legend) as a [`Predicate`] over a block's columns.

use super::engine::{ALL_CHANGES, Block, Label, Predicate, ThemeSpots};
use super::theme::{CHANGES, Stage};
use super::{SpotFilter, TermChoose};
use crate::error::AppError;
use crate::region::index::RegionIndex;
use crate::region::tree::{self, BAD_CODE, COUNTRY, Level};

/// Longest file-name filter, in characters.
pub const MAX_FILENAME: usize = 100;
/// Most legend values one request checks.
pub const MAX_TERMS: usize = 64;
/// Longest dictionary value or batch id looked up; anything longer matches nothing.
const MAX_VALUE: usize = 32;

/// A set of county codes: sorted, disjoint, inclusive intervals. A region is one
/// interval (a province `xx0000` is `xx0000..=xx9999`); a caller's ranges are a few.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope(Vec<(u32, u32)>);

impl Scope {
    /// The counties of a region code (six digits, or 156000000; 100000 is every county).
    pub fn region(code: &str) -> Option<Self> {
        let code = tree::normalize(code)?;
        let n: u32 = code.parse().ok()?;
        let interval = match tree::level_of(code) {
            Level::Country => (0, 999_999),
            Level::Province => (n, n + 9_999),
            Level::City => (n, n + 99),
            Level::County => (n, n),
        };
        Some(Self(vec![interval]))
    }

    /// The counties of a caller's area ranges, as `usercenter::guard::region_in_ranges`
    /// reads them: 100000 (or 156000000) is the country; a malformed range covers nothing.
    pub fn of_ranges(ranges: &[String]) -> Self {
        let mut intervals: Vec<(u32, u32)> = ranges
            .iter()
            .filter_map(|r| Self::region(r))
            .flat_map(|s| s.0)
            .collect();
        intervals.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(intervals.len());
        for (lo, hi) in intervals {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Self(merged)
    }

    /// The counties in both.
    pub fn intersect(&self, other: &Self) -> Self {
        let mut out = Vec::new();
        for &(a, b) in &self.0 {
            for &(c, d) in &other.0 {
                let (lo, hi) = (a.max(c), b.min(d));
                if lo <= hi {
                    out.push((lo, hi));
                }
            }
        }
        out.sort_unstable();
        Self(out)
    }

    /// Whether it holds a county.
    pub fn contains(&self, county: u32) -> bool {
        let i = self.0.partition_point(|&(_, hi)| hi < county);
        self.0.get(i).is_some_and(|&(lo, _)| lo <= county)
    }

    /// Whether it holds no county.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Its intervals, sorted and disjoint.
    pub fn intervals(&self) -> &[(u32, u32)] {
        &self.0
    }
}

/// Disjoint scopes (the regions one level down, each cut to the caller's ranges), to find the
/// one a county belongs to.
#[derive(Debug, Clone, Default)]
pub struct Groups(Vec<(u32, u32, usize)>);

impl Groups {
    /// The groups, numbered in the order given.
    pub fn new(groups: &[Scope]) -> Self {
        let mut owners: Vec<(u32, u32, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, s)| s.intervals().iter().map(move |&(lo, hi)| (lo, hi, g)))
            .collect();
        owners.sort_unstable();
        Self(owners)
    }

    /// The number of the group holding a county, if one does.
    pub fn of(&self, county: u32) -> Option<usize> {
        let i = self.0.partition_point(|&(_, hi, _)| hi < county);
        self.0
            .get(i)
            .filter(|&&(lo, _, _)| lo <= county)
            .map(|&(_, _, g)| g)
    }
}

/// The county code of a spot's `xzqdm` as the engine sorts by it; `None` unless six digits.
pub fn county_code(xzqdm: &str) -> Option<u32> {
    let code = tree::normalize(xzqdm).filter(|c| c.len() == 6)?;
    code.parse().ok()
}

/// Where a caller's statistics start (spec §4): the country if one of the ranges covers it;
/// else the lowest region holding every range (one range: itself), where a city that is not
/// loaded gives way to its province (Beijing's districts hang under 110000).
pub fn home(ranges: &[String], regions: &RegionIndex) -> String {
    let codes: Vec<&str> = ranges.iter().filter_map(|r| tree::normalize(r)).collect();
    if codes.is_empty() || codes.contains(&COUNTRY) {
        return COUNTRY.to_owned();
    }
    // The digits that matter: two of a province, four of a city, six of a county.
    let significant = |code: &str| match tree::level_of(code) {
        Level::Province => 2,
        Level::City => 4,
        _ => 6,
    };
    let mut common = significant(codes[0]);
    for code in &codes[1..] {
        let same = codes[0]
            .bytes()
            .zip(code.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        common = common.min(same).min(significant(code));
    }
    let prefix = &codes[0][..common - common % 2];
    match prefix.len() {
        0 => COUNTRY.to_owned(),
        2 => format!("{prefix}0000"),
        4 => {
            let city = format!("{prefix}00");
            if regions.shape(&city).is_some() {
                city
            } else {
                format!("{}0000", &prefix[..2])
            }
        }
        _ => prefix.to_owned(),
    }
}

/// What a request selects of a theme: one batch's block (`None`: no such batch, so
/// nothing), the region asked for, its counties inside the caller's ranges, and which
/// spots there to keep.
#[derive(Debug)]
pub struct Selection<'a> {
    /// The batch's spots.
    pub block: Option<&'a Block>,
    /// The region asked for (the caller's home region by default), normalized.
    pub region: String,
    /// Its counties inside the caller's ranges.
    pub scope: Scope,
    /// The caller's counties.
    pub ranges: Scope,
    /// Which spots to keep.
    pub pred: Predicate,
}

impl Selection<'_> {
    /// The same selection within `scope` only (e.g. a push node's region).
    pub fn within(&self, scope: &Scope) -> Self {
        Self {
            block: self.block,
            region: self.region.clone(),
            scope: self.scope.intersect(scope),
            ranges: self.ranges.clone(),
            pred: self.pred.clone(),
        }
    }
}

/// A filter's value, trimmed; `None` when absent or empty.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// `values` as "1、2、3": what a refused value is told to be instead.
fn choices<'a>(values: impl Iterator<Item = &'a str>) -> String {
    values.collect::<Vec<_>>().join("、")
}

/// Checks a request's filters against a theme and the caller's ranges.
pub fn select<'a>(
    spots: &'a ThemeSpots,
    filter: &SpotFilter,
    ranges: &[String],
    regions: &RegionIndex,
) -> Result<Selection<'a>, AppError> {
    let region = match given(&filter.xzqdm) {
        Some(code) => tree::normalize(code)
            .ok_or_else(|| AppError::bad_request(BAD_CODE))?
            .to_owned(),
        None => home(ranges, regions),
    };
    let caller = Scope::of_ranges(ranges);
    let scope = Scope::region(&region)
        .unwrap_or_default()
        .intersect(&caller);
    let pred = predicate(spots, filter)?;
    let block = match given(&filter.batch) {
        Some(id) if id.len() > MAX_VALUE => None,
        id => spots.block(id),
    };
    Ok(Selection {
        block,
        region,
        scope,
        ranges: caller,
        pred,
    })
}

/// A set of codes kept, intersected with what was kept before.
fn narrow(kept: &mut Option<Vec<bool>>, with: Vec<bool>) {
    *kept = Some(match kept.take() {
        None => with,
        Some(before) => before.iter().zip(&with).map(|(a, b)| *a && *b).collect(),
    });
}

/// The stage, type, file and legend filters as a predicate.
pub fn predicate(spots: &ThemeSpots, filter: &SpotFilter) -> Result<Predicate, AppError> {
    let mut pred = Predicate::default();
    let stage_values = || choices(spots.stages.iter().map(|l| l.value.as_str()));
    let type_values = || choices(spots.types.iter().map(|l| l.value.as_str()));
    // A stage value as the bit it keeps: of the stage (time) or of the change category.
    let stage_bit = |value: &str| -> Result<u16, AppError> {
        let known = value.len() <= MAX_VALUE && spots.stages.iter().any(|l| l.value == value);
        value
            .parse::<u8>()
            .ok()
            .filter(|&v| known && v < 16)
            .map(|v| 1u16 << v)
            .ok_or_else(|| AppError::bad_request(format!("阶段取值无效：应为 {}", stage_values())))
    };
    let keep_stages = |pred: &mut Predicate, bits: u16| match spots.theme.stage {
        Stage::Change => pred.changes &= bits as u8,
        Stage::Quarter | Stage::HalfYear => {
            pred.stages = Some(pred.stages.unwrap_or(u16::MAX) & bits);
        }
    };
    let type_set = |values: &[&str]| -> Result<Vec<bool>, AppError> {
        if spots.theme.types.is_none() {
            return Err(AppError::bad_request("该专题的图斑没有类型"));
        }
        let mut set = vec![false; spots.types.len() + 1];
        for v in values {
            let code = (v.len() <= MAX_VALUE)
                .then(|| spots.type_code(v))
                .flatten()
                .ok_or_else(|| {
                    AppError::bad_request(format!("图斑类型取值无效：应为 {}", type_values()))
                })?;
            set[usize::from(code)] = true;
        }
        Ok(set)
    };
    if let Some(stage) = given(&filter.stage) {
        let bit = stage_bit(stage)?;
        keep_stages(&mut pred, bit);
    }
    if let Some(tblx) = given(&filter.tblx) {
        narrow(&mut pred.types, type_set(&[tblx])?);
    }
    if let Some(name) = given(&filter.filename) {
        if name.chars().count() > MAX_FILENAME {
            return Err(AppError::bad_request(format!(
                "文件名过长（上限{MAX_FILENAME}个字符）"
            )));
        }
        let name = name.to_lowercase();
        pred.files = Some(
            spots
                .files()
                .iter()
                .map(|f| f.to_lowercase().contains(&name))
                .collect(),
        );
    }
    let choose = filter.term_choose.unwrap_or_default();
    let Some(data) = given(&filter.term_data).filter(|_| choose != TermChoose::All) else {
        return Ok(pred);
    };
    if data.len() > MAX_TERMS * (MAX_VALUE + 1) || data.split(',').count() > MAX_TERMS {
        return Err(AppError::bad_request(format!(
            "图例项过多（上限{MAX_TERMS}项）"
        )));
    }
    let values: Vec<&str> = data
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect();
    if values.is_empty() {
        return Ok(pred);
    }
    match choose {
        TermChoose::All => {}
        TermChoose::Tblx => narrow(&mut pred.types, type_set(&values)?),
        TermChoose::Stage => {
            let mut bits = 0;
            for v in &values {
                bits |= stage_bit(v)?;
            }
            keep_stages(&mut pred, bits);
        }
        TermChoose::Change => {
            let mut bits = 0u8;
            for v in &values {
                let c = v
                    .parse::<u8>()
                    .ok()
                    .filter(|&c| usize::from(c) < CHANGES.len())
                    .ok_or_else(|| AppError::bad_request("变化类别取值无效：应为 0、1、2、3"))?;
                bits |= 1 << c;
            }
            pred.changes &= bits & ALL_CHANGES;
        }
    }
    Ok(pred)
}

/// The label of a value in a dictionary, else the value itself.
pub fn label_of<'a>(labels: &'a [Label], value: &'a str) -> &'a str {
    labels
        .iter()
        .find(|l| l.value == value)
        .map_or(value, |l| l.label.as_str())
}
