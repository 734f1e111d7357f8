use std::collections::{HashMap, HashSet};

use super::*;

/// No regions imported: the spots go around the provincial capitals.
fn capitals() -> RegionIndex {
    RegionIndex::load(&crate::db::memory()).expect("index")
}

fn spots(seed: u64, count: usize) -> Vec<SpotRecord> {
    let regions = capitals();
    let places = Places::new(&regions);
    let made = generate(&SpotPlan { seed, count }, &places);
    assert_eq!(made.len(), count, "the length is known before generating");
    made.collect()
}

fn of(spots: &[SpotRecord], theme: ThemeName) -> impl Iterator<Item = &SpotRecord> {
    spots.iter().filter(move |s| s.theme == theme)
}

#[test]
fn a_seed_gives_the_same_spots_every_time_and_exactly_as_many_as_asked() {
    let a = spots(1, 3_001);
    assert_eq!(a.len(), 3_001);
    assert_eq!(a, spots(1, 3_001));
    assert_ne!(a, spots(2, 3_001));
    for theme in THEMES {
        let n = of(&a, theme.name).count();
        assert!((375..=376).contains(&n), "{:?}: {n}", theme.name);
    }
}

#[test]
fn every_demo_spot_is_marked_drawn_valid_and_typed_from_its_dictionary() {
    let all = spots(5, 4_000);
    let conn = crate::db::memory();
    for theme in THEMES {
        let batches: HashSet<&str> = of(&all, theme.name).map(|s| s.batch.as_str()).collect();
        assert_eq!(batches.len(), BATCHES, "{:?}", theme.name);
        let types: Vec<String> = theme
            .types
            .map(|d| crate::dict::store::items(&conn, d).expect("dict"))
            .unwrap_or_default()
            .into_iter()
            .map(|i| i.value)
            .collect();
        for s in of(&all, theme.name) {
            assert!(s.demo);
            assert!(
                s.source
                    .as_deref()
                    .is_some_and(|x| x.starts_with(DEMO_SOURCE))
            );
            assert_eq!(s.before_image.as_deref(), Some(DRAWN));
            assert_eq!(s.after_image.as_deref(), Some(DRAWN));
            assert!(theme.batches.type_name(&s.batch).is_some(), "{}", s.batch);
            assert!(
                geo_kit::validity::check_multi_polygon(&s.geom).is_ok(),
                "{:?} {:?}",
                theme.name,
                s.geom
            );
            assert!(s.area_m2 > 0.0);
            assert!(crate::spot::import::is_county(&s.xzqdm), "{}", s.xzqdm);
            assert_eq!(s.tblx.is_some(), theme.types.is_some());
            if let Some(t) = &s.tblx {
                assert!(types.contains(t), "{t}");
            }
            for &attr in theme.attrs {
                if attr != crate::spot::theme::Attr::Turbines
                    || s.source.as_deref() == Some(DEMO_SOURCE)
                {
                    assert!(s.attrs.get(attr).is_some(), "{:?} {attr:?}", theme.name);
                }
            }
        }
    }
}

/// Per batch, the sum of `value` over a theme's spots that `keep` keeps.
fn per_batch(
    all: &[SpotRecord],
    theme: ThemeName,
    keep: impl Fn(&SpotRecord) -> bool,
    value: impl Fn(&SpotRecord) -> f64,
) -> Vec<f64> {
    let mut sums: HashMap<&str, f64> = HashMap::new();
    for s in of(all, theme).filter(|s| keep(s)) {
        *sums.entry(s.batch.as_str()).or_default() += value(s);
    }
    (0..BATCHES)
        .map(|b| sums.get(batch_id(theme, b)).copied().unwrap_or(0.0))
        .collect()
}

#[test]
fn pv_land_grows_in_the_north_west_and_steel_capacity_shrinks() {
    let all = spots(7, 16_000);
    let north_west =
        |s: &SpotRecord| NORTH_WEST.contains(&s.xzqdm[..2].parse::<u8>().expect("province"));
    let pv = per_batch(&all, ThemeName::Pvland, north_west, |s| s.area_m2);
    assert!(pv[7] > 2.0 * pv[0], "north-west PV area by batch: {pv:?}");
    assert!(pv.windows(2).all(|w| w[1] >= w[0]), "never shrinks: {pv:?}");
    let steel = per_batch(
        &all,
        ThemeName::Steelplant,
        |_| true,
        |s| s.attrs.capacity_kt.unwrap_or(0.0) * if s.change == 2 { 0.0 } else { 1.0 },
    );
    assert!(
        steel[7] < 0.9 * steel[0],
        "standing steel capacity by batch: {steel:?}"
    );
    let demolished = per_batch(&all, ThemeName::Steelplant, |s| s.change >= 2, |_| 1.0);
    let standing = per_batch(&all, ThemeName::Steelplant, |_| true, |_| 1.0);
    let share = |b: usize| (demolished[b] + demolished[b + 1]) / (standing[b] + standing[b + 1]);
    assert!(
        share(6) > 1.5 * share(0),
        "demolished {demolished:?} of {standing:?} by batch"
    );
    let rates: Vec<f64> = of(&all, ThemeName::SurfaceDeform)
        .filter_map(|s| s.attrs.rate_mm)
        .collect();
    let sinking = rates.iter().filter(|r| **r < 0.0).count();
    assert!(
        sinking * 10 >= rates.len() * 8,
        "{sinking} of {}",
        rates.len()
    );
}

#[test]
fn real_plants_keep_their_name_and_say_where_they_come_from() {
    let all = spots(3, 8_000);
    let steel: Vec<&SpotRecord> = of(&all, ThemeName::Steelplant).collect();
    assert!(steel.iter().all(|s| {
        s.source.as_deref()
            == Some(
                "演示数据（位置：Global Energy Monitor, Global Iron and Steel Tracker, CC BY 4.0）",
            )
    }));
    // 湖北's plants come first: 武钢 is among them.
    assert!(
        steel.iter().any(|s| s
            .attrs
            .name
            .as_deref()
            .is_some_and(|n| n.contains("武汉钢铁"))),
        "{:?}",
        steel
            .iter()
            .take(30)
            .map(|s| &s.attrs.name)
            .collect::<Vec<_>>()
    );
}
