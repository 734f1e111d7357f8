//! The steps of a verification record (`/api/process-spot-bjhs/process`): a node's users save
//! and submit what they found, a manager approves or returns it. Each step runs in one
//! immediate transaction that reads the record, asks the machine and writes the record, its
//! history and its node's status, so two steps at once cannot both pass. The photos
//! (`photo`) follow the same rules.

pub mod photo;

use axum::extract::State as AxumState;
use geo::Intersects;
use serde::Deserialize;
use utoipa::ToSchema;

use super::machine::{Action, Actor, RESULTS, State};
use super::store::{self, Finding, RecordRow};
use super::{NO_RECORD, SpotCheck, visible_record};
use crate::api::{ApiJson, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::spot::theme::ThemeName;
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Longest note, and longest return reason, characters.
pub const MAX_NOTE: usize = 500;

/// The refusal of a node user taking a manager's step.
pub const NOT_MANAGER: &str = "仅系统管理员可审核核查记录";
/// The refusal of anyone but the record's node users taking a node's step.
pub const NOT_NODE: &str = "仅该推送节点的用户可核查此图斑";

/// A step of a record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessSpotCheck {
    /// Record id.
    id: i64,
    /// `save`, `submit` (the node's), `approve` or `return` (a manager's).
    // A name, checked here so that a wrong one gets its Chinese message.
    #[serde(default)]
    #[schema(value_type = Action)]
    action: String,
    /// Save, submit: 1 真实变化, 2 伪变化, 3 其他 (submit needs one, given now or saved).
    #[serde(default)]
    result: Option<i64>,
    /// Save, submit: a value of the theme's type dictionary.
    #[serde(default)]
    verified_type: Option<String>,
    /// Save, submit: note (at most 500 characters).
    #[serde(default)]
    note: Option<String>,
    /// Save, submit: where the photos were taken, inside the node's region (with `lat`).
    #[serde(default)]
    lon: Option<f64>,
    /// Latitude, with `lon`.
    #[serde(default)]
    lat: Option<f64>,
    /// Return: why (required, at most 500 characters).
    #[serde(default)]
    reason: Option<String>,
}

/// 403 unless the caller may take `action` on `row`: a manager's step needs a manager, a
/// node's step a user of the record's node.
pub(super) fn may_act(caller: &Caller, actor: Actor, row: &RecordRow) -> Result<(), AppError> {
    match actor {
        Actor::Manager if caller.is_admin() => Ok(()),
        Actor::Manager => Err(AppError::Forbidden(NOT_MANAGER.into())),
        // A manager may be a node's user too.
        Actor::Node if caller.push_nodes.contains(&row.node_id) => Ok(()),
        Actor::Node => Err(AppError::Forbidden(NOT_NODE.into())),
    }
}

/// What the node's step changes, checked: each field given replaces the stored one.
#[derive(Debug, Clone, Default)]
struct Change {
    result: Option<i64>,
    verified_type: Option<String>,
    note: Option<String>,
    position: Option<[f64; 2]>,
}

impl Change {
    /// The stored finding with this change applied.
    fn applied(&self, to: &Finding) -> Finding {
        Finding {
            result: self.result.or(to.result),
            verified_type: self
                .verified_type
                .clone()
                .or_else(|| to.verified_type.clone()),
            note: self.note.clone().unwrap_or_else(|| to.note.clone()),
            position: self.position.or(to.position),
        }
    }
}

/// Text bounded to [`MAX_NOTE`] characters, trimmed.
fn bounded(text: &str, what: &str) -> Result<String, AppError> {
    let t = text.trim();
    if t.chars().count() > MAX_NOTE {
        return Err(AppError::bad_request(format!(
            "{what}不能超过{MAX_NOTE}个字"
        )));
    }
    Ok(t.to_owned())
}

/// The node's change, checked against the record's theme and node region.
fn change_of(state: &AppState, b: &ProcessSpotCheck, row: &RecordRow) -> Result<Change, AppError> {
    if let Some(r) = b.result
        && !RESULTS.iter().any(|(v, _)| *v == r)
    {
        return Err(AppError::bad_request("核查结果取值无效：应为 1、2、3"));
    }
    let verified_type = match b.verified_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(v) => {
            let theme = ThemeName::parse(&row.spot.theme)
                .ok_or_else(|| AppError::bad_request("该专题的图斑没有类型"))?;
            if theme.theme().types.is_none() {
                return Err(AppError::bad_request("该专题的图斑没有类型"));
            }
            let spots = state.spots.now();
            let types = &spots.theme(theme).types;
            if !types.iter().any(|l| l.value == v) {
                let values: Vec<&str> = types.iter().map(|l| l.value.as_str()).collect();
                return Err(AppError::bad_request(format!(
                    "核实类型取值无效：应为 {}",
                    values.join("、")
                )));
            }
            Some(v.to_owned())
        }
    };
    let note = b
        .note
        .as_deref()
        .map(|n| bounded(n, "核查说明"))
        .transpose()?;
    let position = match (b.lon, b.lat) {
        (None, None) => None,
        (Some(lon), Some(lat)) => {
            // The ranges hold no NaN or infinity.
            if !((-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat)) {
                return Err(AppError::bad_request("核查位置的经纬度无效"));
            }
            // Inside the node's region when its boundary is imported.
            if let Some(region) = state.regions.shape(&row.region_id)
                && !geo_types::Point::new(lon, lat).intersects(&region.geom)
            {
                return Err(AppError::bad_request(format!(
                    "核查位置不在推送节点的行政区（{}）内",
                    region.name
                )));
            }
            Some([lon, lat])
        }
        _ => return Err(AppError::bad_request("请同时填写核查位置的经度和纬度")),
    };
    Ok(Change {
        result: b.result,
        verified_type,
        note,
        position,
    })
}

/// Takes a step of a record: a node's user saves (待核查, 核查中 or 已退回 → 核查中) or submits
/// (→ 已提交, with a result); a manager approves (已提交 → 已通过) or returns (已提交 → 已退回,
/// with a reason). The first save or submit moves the node to 核查中, the last approval of its
/// part to 已完成. Answers the record as it is now.
#[utoipa::path(
    post,
    path = "/api/process-spot-bjhs/process",
    tag = "spotcheck",
    request_body = ProcessSpotCheck,
    responses(
        (status = 200, description = "The record after the step", body = Envelope<SpotCheck>),
        (status = 400, description = "A bad action or value, a submit without a result, a return without a reason", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "A node's step by someone not of the record's node, or a manager's step by someone not a manager", body = ErrorEnvelope),
        (status = 404, description = "No such record for the caller", body = ErrorEnvelope),
        (status = 409, description = "The step may not be taken in the record's state", body = ErrorEnvelope),
    )
)]
pub(super) async fn process_spot_check(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiJson(b): ApiJson<ProcessSpotCheck>,
) -> ApiResult<SpotCheck> {
    let action: Action = crate::api::from_name(b.action.trim()).ok_or_else(|| {
        AppError::bad_request("核查操作无效：应为 save、submit、approve 或 return")
    })?;
    let row = visible_record(&state, &caller, b.id).await?;
    may_act(&caller, action.actor(), &row)?;
    let (change, reason) = match action {
        Action::Save | Action::Submit => (change_of(&state, &b, &row)?, None),
        Action::Approve => (Change::default(), None),
        Action::Return => {
            let reason = bounded(b.reason.as_deref().unwrap_or_default(), "退回原因")?;
            if reason.is_empty() {
                return Err(AppError::bad_request("请填写退回原因"));
            }
            (Change::default(), Some(reason))
        }
    };
    let id = b.id;
    let row = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let Some(now_row) = store::record(&tx, id)? else {
                return Ok(Err(AppError::NotFound(NO_RECORD.into())));
            };
            let Some(to) = action.next(now_row.state) else {
                return Ok(Err(AppError::Conflict(action.refused(now_row.state))));
            };
            let finding = change.applied(&now_row.finding);
            if to == State::Submitted && finding.result.is_none() {
                return Ok(Err(AppError::bad_request("提交前请选择核查结果")));
            }
            store::step(
                &tx,
                &now_row,
                action.as_str(),
                to,
                &finding,
                reason.as_deref(),
                (caller.user_id, &caller.username),
                now_secs(),
            )?;
            let after = store::record(&tx, id)?;
            tx.commit()?;
            Ok(after.ok_or_else(|| AppError::NotFound(NO_RECORD.into())))
        })
        .await??;
    Ok(ok(SpotCheck::of(&state.spots.now(), &row)))
}
