//! What a batch delivers: the checks of a manager's request, and which of its scenes each
//! named node receives (those whose footprint meets the node's region; touching counts, as in
//! the image query). No HTTP, no SQL.

use geo::{Intersects, Polygon};
use geo_kit::area_grid::AreaGrid;
use geo_types::MultiPolygon;

use super::store::{BatchNode, Item};
use crate::error::AppError;
use crate::normal::index::SceneIndex;

/// Longest batch name, characters.
pub const MAX_NAME: usize = 100;
/// Most scenes one batch names.
pub const MAX_IDS: usize = 10_000;
/// Most nodes one batch names.
pub const MAX_NODES: usize = 64;

/// How a batch travels to its nodes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum PushChannel {
    /// Over the internet (互联网).
    Internet,
    /// Over the private line (专线).
    Privateline,
}

impl PushChannel {
    /// The wire and stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Internet => "internet",
            Self::Privateline => "privateline",
        }
    }
}

/// A batch's name, trimmed: 1–[`MAX_NAME`] characters (spot push names its batches alike).
pub fn check_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::bad_request("请输入批次名称"));
    }
    if name.chars().count() > MAX_NAME {
        return Err(AppError::bad_request(format!(
            "批次名称不能超过{MAX_NAME}个字"
        )));
    }
    Ok(name.to_owned())
}

/// A batch's nodes: 1–[`MAX_NODES`] of them, counted before any is looked up.
pub fn check_nodes(nodes: &[i64]) -> Result<(), AppError> {
    if nodes.is_empty() {
        return Err(AppError::bad_request("请选择推送节点"));
    }
    if nodes.len() > MAX_NODES {
        return Err(AppError::bad_request(format!(
            "推送节点不能超过{MAX_NODES}个"
        )));
    }
    Ok(())
}

/// A request's name, channel, ids and nodes, checked in that order; the trimmed name and
/// the channel. Each count is checked before anything is looked up.
pub fn check(
    name: &str,
    channel: &str,
    ids: &[String],
    nodes: &[i64],
) -> Result<(String, PushChannel), AppError> {
    let name = check_name(name)?;
    let channel = crate::api::from_name(channel).ok_or_else(|| {
        AppError::bad_request(format!(
            "推送方式无效：{channel}（internet 互联网 或 privateline 专线）"
        ))
    })?;
    if ids.is_empty() {
        return Err(AppError::bad_request("请选择要推送的影像"));
    }
    if ids.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "推送的影像超过{MAX_IDS}景，请减少后再试"
        )));
    }
    check_nodes(nodes)?;
    Ok((name, channel))
}

/// The indices of the footprints that meet `region`.
pub fn within(region: &MultiPolygon<f64>, footprints: &[Polygon<f64>]) -> Vec<usize> {
    let grid = AreaGrid::new(region);
    footprints
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            // The grid decides a simple ring; a footprint with holes is tested whole.
            if f.interiors().is_empty() {
                grid.meets_ring(&f.exterior().0)
            } else {
                f.intersects(region)
            }
        })
        .map(|(i, _)| i)
        .collect()
}

/// The deliveries of the scenes at `positions` to `nodes` (whose regions are `regions`, in
/// the same order): each node receives the scenes meeting its region.
pub fn items(
    index: &SceneIndex,
    positions: &[usize],
    nodes: &[BatchNode],
    regions: &[MultiPolygon<f64>],
) -> Vec<Item> {
    let scenes: Vec<_> = positions.iter().filter_map(|&i| index.at(i)).collect();
    let footprints: Vec<Polygon<f64>> = scenes.iter().map(|s| s.footprint()).collect();
    let mut items = Vec::new();
    for (node, region) in nodes.iter().zip(regions) {
        for k in within(region, &footprints) {
            let s = &scenes[k];
            items.push(Item {
                node_id: node.node_id,
                scene_id: s.scene_id().to_owned(),
                file_name: s.file_name().into_owned(),
                satellite: s.satellite().to_owned(),
                sensor: s.sensor().to_owned(),
                acquired_at: s.acquired_at(),
                cloud: s.cloud(),
                resolution_m: s.resolution_m(),
                size_mb: s.size_mb(),
                footprint: footprints[k].clone(),
            });
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    fn ids(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("S{i}")).collect()
    }

    fn message(r: Result<(String, PushChannel), AppError>) -> String {
        r.expect_err("refused").to_string()
    }

    #[test]
    fn each_bad_part_of_a_request_is_refused_with_its_message() {
        assert_eq!(
            message(check("  ", "internet", &ids(1), &[1])),
            "请输入批次名称"
        );
        assert_eq!(
            message(check(&"批".repeat(101), "internet", &ids(1), &[1])),
            "批次名称不能超过100个字"
        );
        assert_eq!(
            message(check("a", "ftp", &ids(1), &[1])),
            "推送方式无效：ftp（internet 互联网 或 privateline 专线）"
        );
        assert_eq!(
            message(check("a", "internet", &[], &[1])),
            "请选择要推送的影像"
        );
        assert_eq!(
            message(check("a", "internet", &ids(10_001), &[1])),
            "推送的影像超过10000景，请减少后再试"
        );
        assert_eq!(
            message(check("a", "internet", &ids(1), &[])),
            "请选择推送节点"
        );
        let many: Vec<i64> = (0..65).collect();
        assert_eq!(
            message(check("a", "internet", &ids(1), &many)),
            "推送节点不能超过64个"
        );
        let (name, channel) = check(
            &format!(" {} ", "批".repeat(100)),
            "privateline",
            &ids(10_000),
            &[1],
        )
        .expect("at the bounds");
        assert_eq!(
            (name.chars().count(), channel),
            (100, PushChannel::Privateline)
        );
    }

    #[test]
    fn only_footprints_meeting_the_region_are_kept_touching_included() {
        let region = MultiPolygon(vec![polygon![
            (x: 0.0, y: 0.0), (x: 10.0, y: 0.0), (x: 10.0, y: 10.0), (x: 0.0, y: 10.0), (x: 0.0, y: 0.0)
        ]]);
        let square = |x: f64, y: f64| polygon![(x: x, y: y), (x: x + 1.0, y: y), (x: x + 1.0, y: y + 1.0), (x: x, y: y + 1.0), (x: x, y: y)];
        let holed = polygon!(
            exterior: [(x: -5.0, y: -5.0), (x: 15.0, y: -5.0), (x: 15.0, y: 15.0), (x: -5.0, y: 15.0), (x: -5.0, y: -5.0)],
            interiors: [[(x: -1.0, y: -1.0), (x: 11.0, y: -1.0), (x: 11.0, y: 11.0), (x: -1.0, y: 11.0), (x: -1.0, y: -1.0)]],
        );
        let footprints = [
            square(4.0, 4.0),
            square(20.0, 20.0),
            square(10.0, 5.0),
            square(9.5, -0.5),
            holed,
        ];
        assert_eq!(within(&region, &footprints), [0, 2, 3]);
    }
}
