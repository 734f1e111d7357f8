//! The cart (`/api/order/v3/ordercart…`): online scenes a user means to
//! order. Adding a scene twice keeps one line; offline scenes are not put in
//! (they go into a data request) and the answer says which; the cart holds at
//! most `cart_cap` scenes (configured, 2000 by default). A scene that has left the catalogue stays in the
//! cart, shown as missing, until its owner removes it.

use std::collections::HashSet;

use axum::extract::State;
use rusqlite::{Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store;
use crate::api::{ApiJson, ApiQuery, ApiResult, Envelope, Page, PageQuery, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::store::SceneRow;
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Most ids one call takes (the cart's cap is at most this).
pub const MAX_IDS: usize = 10_000;

/// Longest scene id accepted.
const MAX_ID_LEN: usize = 128;

/// Checked scenes' ids: for the cart, an order, a data request or the union of their
/// footprints (`normal/v5/unionarea`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SceneIds {
    /// Product ids, at most 10,000 (and the cart's cap).
    pub ids: Vec<String>,
}

/// The ids trimmed and without repeats, in the order sent; 400 when none, too
/// many or malformed.
pub fn checked_ids(ids: Vec<String>) -> Result<Vec<String>, AppError> {
    if ids.is_empty() {
        return Err(AppError::bad_request("请选择影像"));
    }
    if ids.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "一次最多选择{MAX_IDS}景影像"
        )));
    }
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if id.is_empty() || id.len() > MAX_ID_LEN || id.chars().any(char::is_control) {
            return Err(AppError::bad_request("影像编号无效"));
        }
        if seen.insert(id.to_owned()) {
            out.push(id.to_owned());
        }
    }
    Ok(out)
}

/// What adding to the cart did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartAdded {
    /// Scenes newly put in.
    added: usize,
    /// Scenes that were in the cart already.
    already: usize,
    /// Offline scenes, not put in: they can be asked for by a data request.
    offline: Vec<String>,
    /// Ids not in the catalogue.
    missing: Vec<String>,
    /// Scenes in the cart now.
    count: i64,
}

/// The scenes of `ids` as stored, sorted into online, offline and missing ids.
pub fn sort_scenes(
    conn: &Connection,
    ids: &[String],
) -> rusqlite::Result<(Vec<SceneRow>, Vec<String>, Vec<String>)> {
    let found = crate::normal::store::by_ids(conn, ids)?;
    let known: HashSet<&str> = found.iter().map(|s| s.scene_id.as_str()).collect();
    let missing = ids
        .iter()
        .filter(|id| !known.contains(id.as_str()))
        .cloned()
        .collect();
    let (online, offline): (Vec<SceneRow>, Vec<SceneRow>) =
        found.into_iter().partition(|s| s.online);
    Ok((
        online,
        offline.into_iter().map(|s| s.scene_id).collect(),
        missing,
    ))
}

fn add_to_cart(
    conn: &mut Connection,
    user_id: i64,
    ids: &[String],
    cap: i64,
    now: i64,
) -> Result<CartAdded, AppError> {
    // Immediate: two adds of one user at once must not both pass the cap.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let (online, offline, missing) = sort_scenes(&tx, ids)?;
    let online: Vec<String> = online.into_iter().map(|s| s.scene_id).collect();
    let already = store::in_cart(&tx, user_id, &online)?;
    let have = store::cart_count(&tx, user_id)?;
    let new = (online.len() - already.len()) as i64;
    if have + new > cap {
        return Err(AppError::bad_request(format!(
            "购物车最多存放{cap}景影像，当前已有{have}景，本次最多还能加入{}景",
            (cap - have).max(0)
        )));
    }
    let added = store::cart_insert(&tx, user_id, &online, now)?;
    let count = store::cart_count(&tx, user_id)?;
    tx.commit()?;
    Ok(CartAdded {
        added,
        already: already.len(),
        offline,
        missing,
        count,
    })
}

/// Puts scenes into the caller's cart: the checked results of a search, all of
/// its results (`normal/v5/allids`) or the scenes of an uploaded list.
#[utoipa::path(
    post,
    path = "/api/order/v3/ordercart",
    tag = "order",
    request_body = SceneIds,
    responses(
        (status = 200, description = "What was put in, and which ids were offline or unknown", body = Envelope<CartAdded>),
        (status = 400, description = "No ids, too many, or the cart would pass its cap", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn add(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<SceneIds>,
) -> ApiResult<CartAdded> {
    let ids = checked_ids(body.ids)?;
    let user = caller.user_id;
    let cap = state.config.cart_cap;
    let added = state
        .db
        .call(move |c| Ok(add_to_cart(c, user, &ids, cap, now_secs())))
        .await??;
    Ok(ok(added))
}

/// What removing from the cart did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartRemoved {
    /// Lines taken out.
    removed: usize,
    /// Scenes in the cart now.
    count: i64,
}

/// Takes scenes out of the caller's cart.
#[utoipa::path(
    delete,
    path = "/api/order/v3/ordercart",
    tag = "order",
    request_body = SceneIds,
    responses(
        (status = 200, description = "How many lines went, and the count now", body = Envelope<CartRemoved>),
        (status = 400, description = "No ids, or too many", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn remove(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<SceneIds>,
) -> ApiResult<CartRemoved> {
    let ids = checked_ids(body.ids)?;
    let user = caller.user_id;
    let (removed, count) = state
        .db
        .call(move |c| {
            let tx = c.transaction()?;
            let removed = store::cart_remove(&tx, user, &ids)?;
            let count = store::cart_count(&tx, user)?;
            tx.commit()?;
            Ok((removed, count))
        })
        .await?;
    Ok(ok(CartRemoved { removed, count }))
}

/// Whether a cart line can be ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CartAvailability {
    /// Online: can be ordered.
    Online,
    /// Went offline since it was added: ask for it by a data request.
    Offline,
    /// No longer in the catalogue.
    Missing,
}

/// A scene's facts as a cart line shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartScene {
    /// Product file name.
    file_name: String,
    /// Satellite.
    satellite: String,
    /// Sensor.
    sensor: String,
    /// Unix seconds.
    acquired_at: i64,
    /// Cloud cover, percent.
    cloud: f64,
    /// Metres.
    resolution_m: Option<f64>,
    /// MB.
    size_mb: Option<f64>,
    /// Quick-look URL.
    quicklook: Option<String>,
}

/// One line of the cart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    /// Product id.
    scene_id: String,
    /// When it was put in, unix seconds.
    added_at: i64,
    /// Whether it can be ordered.
    availability: CartAvailability,
    /// Its facts; absent when it left the catalogue.
    scene: Option<CartScene>,
}

/// The caller's cart, newest first, with each scene's facts.
#[utoipa::path(
    get,
    path = "/api/order/v3/ordercart/own",
    tag = "order",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the cart", body = Envelope<Page<CartLine>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn own(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<CartLine>> {
    let paging = q.paging()?;
    let user = caller.user_id;
    let (rows, scenes, total) = state
        .db
        .call(move |c| {
            let (rows, total) = store::cart_page(c, user, paging)?;
            let ids: Vec<String> = rows.iter().map(|r| r.scene_id.clone()).collect();
            let scenes = crate::normal::store::by_ids(c, &ids)?;
            Ok((rows, scenes, total))
        })
        .await?;
    let lines = rows
        .into_iter()
        .map(|row| {
            let scene = scenes.iter().find(|s| s.scene_id == row.scene_id);
            CartLine {
                availability: match scene {
                    Some(s) if s.online => CartAvailability::Online,
                    Some(_) => CartAvailability::Offline,
                    None => CartAvailability::Missing,
                },
                scene: scene.map(|s| CartScene {
                    file_name: s.file_name.clone(),
                    satellite: s.satellite.clone(),
                    sensor: s.sensor.clone(),
                    acquired_at: s.acquired_at,
                    cloud: s.cloud,
                    resolution_m: s.resolution_m,
                    size_mb: s.size_mb,
                    quicklook: s.quicklook.clone(),
                }),
                scene_id: row.scene_id,
                added_at: row.added_at,
            }
        })
        .collect();
    Ok(ok(paging.page(lines, total)))
}

/// How many scenes are in the caller's cart (the header's badge).
#[utoipa::path(
    get,
    path = "/api/order/v3/ordercart/count",
    tag = "order",
    responses(
        (status = 200, description = "The count", body = Envelope<i64>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn count(State(state): State<AppState>, caller: Caller) -> ApiResult<i64> {
    let user = caller.user_id;
    Ok(ok(state
        .db
        .call(move |c| store::cart_count(c, user))
        .await?))
}

/// Every scene id in the caller's cart, newest first ("select all").
#[utoipa::path(
    get,
    path = "/api/order/v3/ordercart/allids",
    tag = "order",
    responses(
        (status = 200, description = "The ids", body = Envelope<Vec<String>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn all_ids_in_cart(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<String>> {
    let user = caller.user_id;
    Ok(ok(state.db.call(move |c| store::cart_ids(c, user)).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_trimmed_deduplicated_and_bounded() {
        assert_eq!(
            checked_ids(vec![" A ".into(), "B".into(), "A".into()]).expect("ids"),
            ["A", "B"]
        );
        assert!(checked_ids(vec![]).is_err());
        assert!(checked_ids(vec!["x".repeat(129)]).is_err());
        assert!(checked_ids(vec!["a\u{0}b".into()]).is_err());
        assert!(checked_ids(vec!["A".into(); MAX_IDS + 1]).is_err());
    }
}
