//! What a spot batch delivers: the checks of a manager's request, and which of the selected
//! spots each named node receives (those whose county lies in the node's region), as the
//! facts the batch keeps. No HTTP, no SQL.

use geo::Centroid;

use super::store::{Delivery, SpotFacts};
use crate::error::AppError;
use crate::push::store::BatchNode;
use crate::region::index::RegionIndex;
use crate::spot::engine::ThemeSpots;
use crate::spot::export::ExportRow;
use crate::spot::filter::{Scope, Selection};
use crate::spot::query;
use crate::spot::theme::ThemeName;

/// Most spots one batch delivers, over all its nodes.
pub const MAX_SPOTS: u64 = 10_000;

/// A request's name, theme and nodes, checked in that order (name and nodes as image push
/// checks them); the trimmed name and the theme.
pub fn check(name: &str, theme: &str, nodes: &[i64]) -> Result<(String, ThemeName), AppError> {
    let name = crate::push::deliver::check_name(name)?;
    let theme = ThemeName::parse(theme.trim())
        .ok_or_else(|| AppError::bad_request(format!("监测专题不存在：{}", theme.trim())))?;
    crate::push::deliver::check_nodes(nodes)?;
    Ok((name, theme))
}

/// The selected spots each node receives: those in its region (a node whose region code is
/// malformed receives none). Refused beyond [`MAX_SPOTS`] over all nodes, counted before a
/// spot is read.
pub fn deliveries(
    spots: &ThemeSpots,
    sel: &Selection<'_>,
    nodes: &[BatchNode],
    regions: &RegionIndex,
) -> Result<Vec<Delivery>, AppError> {
    let parts: Vec<(i64, Selection<'_>)> = nodes
        .iter()
        .map(|n| {
            let region = Scope::region(&n.region_id).unwrap_or_default();
            (n.node_id, sel.within(&region))
        })
        .collect();
    let total: u64 = parts.iter().map(|(_, part)| query::count(part)).sum();
    if total > MAX_SPOTS {
        return Err(AppError::bad_request(format!(
            "所选图斑推送到各节点共{total}个，超过{MAX_SPOTS}个，请缩小筛选范围或减少节点"
        )));
    }
    let mut out = Vec::new();
    for (node_id, part) in &parts {
        for row in query::export_rows(spots, part, regions)? {
            out.push(Delivery {
                node_id: *node_id,
                spot: facts(spots.theme.name, row),
            });
        }
    }
    Ok(out)
}

/// What a batch keeps of a spot of `theme`.
pub fn facts(theme: ThemeName, row: ExportRow) -> SpotFacts {
    let s = row.summary;
    let [west, south, east, north] = s.bbox;
    let centre = row
        .geom
        .centroid()
        .map_or([(west + east) / 2.0, (south + north) / 2.0], |c| {
            [c.x(), c.y()]
        });
    SpotFacts {
        spot_id: s.id,
        theme: theme.as_str().to_owned(),
        spot_batch: s.batch,
        tblx: s.tblx,
        tblx_label: s.tblx_label,
        xzqdm: s.xzqdm,
        region_name: s.region_name,
        area_m2: s.area_m2,
        name: s.attrs.name,
        geom: row.geom,
        centre,
        bbox: s.bbox,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(r: Result<(String, ThemeName), AppError>) -> String {
        r.expect_err("refused").to_string()
    }

    #[test]
    fn each_bad_part_of_a_request_is_refused_with_its_message() {
        assert_eq!(message(check(" ", "windmill", &[1])), "请输入批次名称");
        assert_eq!(
            message(check(&"批".repeat(101), "windmill", &[1])),
            "批次名称不能超过100个字"
        );
        assert_eq!(
            message(check("a", "volcano", &[1])),
            "监测专题不存在：volcano"
        );
        assert_eq!(message(check("a", "windmill", &[])), "请选择推送节点");
        let many: Vec<i64> = (0..65).collect();
        assert_eq!(
            message(check("a", "windmill", &many)),
            "推送节点不能超过64个"
        );
        let (name, theme) =
            check(&format!(" {} ", "批".repeat(100)), "pvland", &[1]).expect("at the bounds");
        assert_eq!((name.chars().count(), theme), (100, ThemeName::Pvland));
    }
}
