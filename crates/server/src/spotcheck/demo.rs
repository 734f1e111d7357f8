//! The demo spot batch: the demo spots over 湖北 of one theme's latest batch, sent to the demo
//! 湖北 node and marked 演示, written once (only while no spot batch exists), so `hubei` has
//! spots to verify.

use rusqlite::Connection;

use super::deliver;
use super::store::{self, Delivery, NewBatch};
use crate::push::store::BatchNode;
use crate::region::index::RegionIndex;
use crate::region::tree::COUNTRY;
use crate::spot::engine::SpotIndex;
use crate::spot::filter::{self, Scope};
use crate::spot::theme::THEMES;
use crate::spot::{SpotFilter, query};

/// The region of the demo batch's node.
const REGION: &str = "420000";
/// The batch's name.
pub const NAME: &str = "演示：湖北省图斑核查";
/// Fewest spots a theme's demo spots over 湖北 should number to be taken whole.
const FEWEST: usize = 20;
/// Most spots the demo batch holds: without a theme of [`FEWEST`] to this many, the theme
/// with the most is taken, cut to its largest spots.
const MOST: usize = 60;

/// Writes the demo batch, sent (stamped `now`); how many spots it holds. Nothing is written
/// when a batch exists, or without the 湖北 node or demo spots over 湖北.
pub fn store(
    conn: &mut Connection,
    spots: &SpotIndex,
    regions: &RegionIndex,
    now: i64,
) -> rusqlite::Result<usize> {
    if store::has_batches(conn)? {
        return Ok(0);
    }
    let Some(node) = crate::usercenter::store::push_node_uses(conn)?
        .into_iter()
        .find(|u| u.node.region_id == REGION)
    else {
        return Ok(0);
    };
    let country = [COUNTRY.to_owned()];
    let hubei = Scope::region(REGION).unwrap_or_default();
    // Each theme's demo spots over 湖北 in its latest batch, largest first.
    let mut candidates = Vec::new();
    for theme in &THEMES {
        let theme_spots = spots.theme(theme.name);
        let Ok(sel) = filter::select(theme_spots, &SpotFilter::default(), &country, regions) else {
            continue;
        };
        let Ok(rows) = query::export_rows(theme_spots, &sel.within(&hubei), regions) else {
            continue;
        };
        let demo: Vec<_> = rows.into_iter().filter(|r| r.summary.demo).collect();
        candidates.push((theme.name, demo));
    }
    let chosen = match candidates
        .iter()
        .position(|(_, d)| (FEWEST..=MOST).contains(&d.len()))
    {
        Some(i) => candidates.swap_remove(i),
        None => match candidates.into_iter().max_by_key(|(_, d)| d.len()) {
            Some(c) => c,
            None => return Ok(0),
        },
    };
    let (theme, rows) = chosen;
    let deliveries: Vec<Delivery> = rows
        .into_iter()
        .take(MOST)
        .map(|row| Delivery {
            node_id: node.node.id,
            spot: deliver::facts(theme, row),
        })
        .collect();
    if deliveries.is_empty() {
        return Ok(0);
    }
    let batch = NewBatch {
        name: NAME.to_owned(),
        theme: theme.as_str(),
        filter: serde_json::json!({"xzqdm": REGION}).to_string(),
        created_by: crate::usercenter::store::user_id(conn, "admin")?.unwrap_or_default(),
        creator: "admin".into(),
        demo: true,
    };
    let node = BatchNode {
        node_id: node.node.id,
        node_name: node.node.name,
        region_id: node.node.region_id,
    };
    let tx = conn.transaction()?;
    let id = store::create(&tx, &batch, &[node], &deliveries, now)?;
    store::send(&tx, id, "admin", now)?;
    tx.commit()?;
    Ok(deliveries.len())
}
