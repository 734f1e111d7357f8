//! The province node users (`GET /api/usercenter/pushnode`, public, for
//! /about/province): which offices' push nodes are connected and how many
//! accounts each serves. Public, so it says nothing about the accounts
//! themselves: no names, telephones or e-mail addresses, only a count. The node's id is
//! there so that a manager's push dialog can name the nodes of a batch.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::api::{ApiResult, Envelope, ok};
use crate::state::AppState;

/// A push node and its use.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushNodeSummary {
    /// Node id (what `POST /api/push/v1/batch` names).
    pub id: i64,
    /// Node name (the office).
    pub name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// Accounts connected to the node.
    pub accounts: i64,
}

/// Every push node with its region and number of connected accounts.
#[utoipa::path(
    get,
    path = "/api/usercenter/pushnode",
    tag = "usercenter",
    responses(
        (status = 200, description = "The push nodes, by region then name", body = Envelope<Vec<PushNodeSummary>>),
    )
)]
pub async fn push_node_list(State(state): State<AppState>) -> ApiResult<Vec<PushNodeSummary>> {
    let uses = state.db.call(|c| store::push_node_uses(c)).await?;
    Ok(ok(uses
        .into_iter()
        .map(|u| PushNodeSummary {
            region_name: state
                .regions
                .shape(&u.node.region_id)
                .map(|s| s.name.clone()),
            id: u.node.id,
            name: u.node.name,
            region_id: u.node.region_id,
            accounts: u.accounts,
        })
        .collect()))
}
