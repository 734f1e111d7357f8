//! The province node users (`GET /api/usercenter/pushnode`, public, for
//! /about/province): which offices' push nodes are connected and how many
//! accounts each serves. Public, so it says nothing about the accounts
//! themselves: no names, telephones or e-mail addresses, only a count, and the node's id so
//! that a manager's push dialog can name the nodes of a batch. The accounts of each node by
//! name are the administrators' (`pushuser/userlist`).

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::api::{ApiResult, Envelope, ok};
use crate::error::ErrorEnvelope;
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

/// An account that receives a node's pushes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeUser {
    /// Account id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// 0 active, 1 disabled.
    pub status: i64,
}

/// A push node with the accounts related to it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeUsers {
    /// Node id.
    pub node_id: i64,
    /// Node name (the office).
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// Its accounts, by login name.
    pub users: Vec<NodeUser>,
}

/// Every push node with the accounts that receive its pushes (administrators; spec §7
/// usercenter pushuser userlist).
#[utoipa::path(
    get,
    path = "/api/usercenter/pushuser/userlist",
    tag = "usercenter",
    responses(
        (status = 200, description = "The push nodes, by region then name, with their accounts", body = Envelope<Vec<NodeUsers>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn push_node_users(State(state): State<AppState>) -> ApiResult<Vec<NodeUsers>> {
    let (uses, accounts) = state
        .db
        .call(|c| Ok((store::push_node_uses(c)?, store::push_node_accounts(c)?)))
        .await?;
    Ok(ok(uses
        .into_iter()
        .map(|u| NodeUsers {
            users: accounts
                .iter()
                .filter(|a| a.node_id == u.node.id)
                .map(|a| NodeUser {
                    id: a.user_id,
                    username: a.username.clone(),
                    status: a.status,
                })
                .collect(),
            region_name: state
                .regions
                .shape(&u.node.region_id)
                .map(|s| s.name.clone()),
            node_id: u.node.id,
            node_name: u.node.name,
            region_id: u.node.region_id,
        })
        .collect()))
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
