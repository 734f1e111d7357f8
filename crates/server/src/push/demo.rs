//! The demo push batch: the demo scenes over 湖北 sent to the demo 湖北 node, marked 演示,
//! written once (only while no batch exists), so `hubei` has a batch to open.

use rusqlite::Connection;

use super::deliver;
use super::store::{self, BatchNode, NewBatch};
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::region::index::RegionIndex;

/// The region of the demo batch's node.
const REGION: &str = "420000";
/// Most scenes the demo batch sends.
const SCENES: usize = 200;

/// Writes the demo batch (stamped `now`); how many deliveries it holds. Nothing is written
/// when a batch exists, or without the 湖北 node, its boundary or demo scenes over it.
pub fn store(
    conn: &mut Connection,
    index: &SceneIndex,
    regions: &RegionIndex,
    now: i64,
) -> rusqlite::Result<usize> {
    if store::has_batches(conn)? {
        return Ok(0);
    }
    let Some(region) = regions.shape(REGION) else {
        return Ok(0);
    };
    let Some(node) = crate::usercenter::store::push_node_uses(conn)?
        .into_iter()
        .find(|u| u.node.region_id == REGION)
    else {
        return Ok(0);
    };
    let positions: Vec<usize> = index
        .search(&region.geom, &Filter::default(), Sort::Time)
        .into_iter()
        .filter(|&i| index.at(i).is_some_and(|s| s.demo()))
        .take(SCENES)
        .collect();
    if positions.is_empty() {
        return Ok(0);
    }
    let node = BatchNode {
        node_id: node.node.id,
        node_name: node.node.name,
        region_id: node.node.region_id,
    };
    let items = deliver::items(
        index,
        &positions,
        std::slice::from_ref(&node),
        std::slice::from_ref(&region.geom),
    );
    let batch = NewBatch {
        name: format!("演示：{}影像推送", region.name),
        channel: deliver::PushChannel::Internet.as_str(),
        created_by: crate::usercenter::store::user_id(conn, "admin")?.unwrap_or_default(),
        creator: "admin".into(),
        demo: true,
    };
    let tx = conn.transaction()?;
    store::create(&tx, &batch, &[node], &items, now)?;
    tx.commit()?;
    Ok(items.len())
}
