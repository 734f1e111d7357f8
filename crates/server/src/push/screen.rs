//! The push screen (spec §7 push-screen node, issue 18): every province node on a map with
//! what it has received of images and change spots, and what it received last. A display
//! screen's read-only session sees the nodes inside its area ranges (the demo screens range
//! over the country); a manager sees every node; anyone else the nodes of their ranges and
//! their own.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::distribute::{PushTally, Verified};
use super::store::{self, Deliveries};
use crate::api::{ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::spot::theme::ThemeName;
use crate::spotcheck::StateCounts;
use crate::state::AppState;
use crate::usercenter::guard::region_in_ranges;
use crate::usercenter::session::Caller;

/// The image batch a node received last.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestImages {
    /// Batch id.
    pub batch_id: i64,
    /// Batch name.
    pub batch_name: String,
    /// When sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub sent_at: String,
    /// Scenes the node received of it.
    pub scenes: i64,
    /// Their size, MB.
    pub size_mb: f64,
}

/// The spot batch a node received last.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestSpots {
    /// Batch id.
    pub batch_id: i64,
    /// Batch name.
    pub batch_name: String,
    /// The theme's title, e.g. 风电设施监测.
    pub theme_title: String,
    /// When sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub sent_at: String,
    /// Spots the node received of it, and how far it verified them.
    #[serde(flatten)]
    pub verified: Verified,
}

/// One node on the push screen.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenNode {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// Where to put the node on the map (the region's label point), when the boundaries are
    /// imported: `[longitude, latitude]`.
    pub position: Option<[f64; 2]>,
    /// Every image delivery to it, by both channels.
    pub images: PushTally,
    /// The image batch it received last.
    pub latest_images: Option<LatestImages>,
    /// Every spot pushed to it, by verification state.
    pub spots: Verified,
    /// The spot batch it received last.
    pub latest_spots: Option<LatestSpots>,
}

/// The nodes the push screen shows the caller: every node for a manager, else those whose
/// region lies in the caller's area ranges and those their account is related to.
async fn screen_nodes(
    state: &AppState,
    caller: &Caller,
) -> Result<Vec<crate::usercenter::store::PushNodeRow>, AppError> {
    let all = state
        .db
        .call(|c| crate::usercenter::store::push_node_uses(c))
        .await?;
    Ok(all
        .into_iter()
        .map(|u| u.node)
        .filter(|n| {
            caller.is_admin()
                || region_in_ranges(&n.region_id, &caller.regions)
                || caller.push_nodes.contains(&n.id)
        })
        .collect())
}

/// Every node the caller may see with what it received, and where to draw it (spec §7
/// push-screen node).
#[utoipa::path(
    get,
    path = "/api/push-screen/node",
    tag = "push",
    responses(
        (status = 200, description = "The nodes, by region code", body = Envelope<Vec<ScreenNode>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_screen_nodes(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<ScreenNode>> {
    let nodes = screen_nodes(&state, &caller).await?;
    let ids: Vec<i64> = nodes.iter().map(|n| n.id).collect();
    // One round trip: per node its latest image delivery and latest spot batch (a few dozen
    // nodes, each an indexed lookup), and the all-time sums of both.
    let (sums, latest_images, progress, latest_spots) = state
        .db
        .call(move |c| {
            let all = Deliveries {
                channel: None,
                from: i64::MIN,
                to: i64::MAX,
                nodes: Some(ids.clone()),
            };
            let mut images = Vec::new();
            let mut spots = Vec::new();
            for &id in &ids {
                let one = Deliveries {
                    nodes: Some(vec![id]),
                    ..all.clone()
                };
                images.push(store::deliveries(c, &one, 0, 1)?.0.pop());
                let (batches, _) = crate::spotcheck::store::batches(c, Some(&[id]), 0, 1)?;
                spots.push(match batches.into_iter().next() {
                    Some(b) => {
                        let tally = crate::spotcheck::store::tallies(c, &[b.id], Some(&[id]))?;
                        Some((b, tally.into_iter().next().map(|(_, t)| t.by_state)))
                    }
                    None => None,
                });
            }
            let progress = crate::spotcheck::store::progress(c, i64::MIN, i64::MAX, Some(&ids))?;
            Ok((store::sums_by_node(c, &all)?, images, progress, spots))
        })
        .await?;
    let list = nodes
        .into_iter()
        .zip(latest_images.into_iter().zip(latest_spots))
        .map(|(n, (image, spot))| {
            let shape = state.regions.shape(&n.region_id);
            let mut spots = Verified::default();
            progress
                .iter()
                .filter(|p| p.node_id == n.id)
                .for_each(|p| spots.add(p));
            ScreenNode {
                region_name: shape.map(|s| s.name.clone()),
                position: shape
                    .and_then(crate::region::index::label_point)
                    .map(|c| [c.x, c.y]),
                images: sums
                    .iter()
                    .find(|(id, _)| *id == n.id)
                    .map(|(_, s)| *s)
                    .unwrap_or_default()
                    .into(),
                latest_images: image.map(|d| LatestImages {
                    batch_id: d.batch.id,
                    batch_name: d.batch.name,
                    sent_at: crate::beijing::minute(d.batch.created_at),
                    scenes: d.sum.scenes,
                    size_mb: d.sum.size_mb,
                }),
                spots,
                latest_spots: spot.map(|(b, by_state)| {
                    let states = StateCounts::of(by_state.unwrap_or_default());
                    LatestSpots {
                        batch_id: b.id,
                        theme_title: ThemeName::parse(&b.theme)
                            .map_or_else(|| b.theme.clone(), |t| t.theme().title.to_owned()),
                        batch_name: b.name,
                        sent_at: b.sent_at.map(crate::beijing::minute).unwrap_or_default(),
                        verified: Verified {
                            pushed: states.total(),
                            states,
                        },
                    }
                }),
                node_id: n.id,
                node_name: n.name,
                region_id: n.region_id,
            }
        })
        .collect();
    Ok(ok(list))
}
