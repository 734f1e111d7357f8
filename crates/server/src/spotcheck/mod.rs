//! Spot push and verification (issue 18): a manager (the `admin` role) pushes a theme's
//! monitoring change spots to named push nodes (`/api/spotbatch/v1/…`, `batch.rs`); each
//! node receives the selected spots whose county lies in its region, kept as they were. Once
//! the batch is sent, each (batch, node, spot) is a verification record (变化核实, bjhs) that
//! the node's users fill in and submit with photos (`process.rs`) and a manager approves or
//! returns (`machine.rs` holds the rules); the records are listed, counted, exported and
//! located by one engine (`records.rs`) that the key-change (重点变化) and review routes
//! configure. Node users see only their nodes' part: anything else answers 404.

mod batch;
pub mod deliver;
pub mod demo;
pub mod layer;
pub mod machine;
mod process;
mod records;
pub mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::spot::engine::SpotIndex;
use crate::spot::filter::label_of;
use crate::spot::theme::ThemeName;
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::Caller;
use machine::State;
use store::{RecordRow, SpotFacts};

/// The spot push routes: making, sending and listing every batch and the review queue are
/// the managers'; the rest is for any logged-in caller, within the nodes they see.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(batch::create_spot_batch))
        .routes(routes!(batch::send_spot_batch))
        .routes(routes!(batch::manager_spot_batches))
        .routes(routes!(records::review::query))
        .routes(routes!(records::review::export))
        .routes(routes!(records::review::statistics))
        .route_layer(Require::admin())
        .merge(
            OpenApiRouter::new()
                .routes(routes!(batch::own_spot_batches))
                .routes(routes!(batch::spot_batch))
                .routes(routes!(batch::spot_batch_vector))
                .routes(routes!(batch::spot_batch_excel))
                .routes(routes!(records::bjhs::query))
                .routes(routes!(records::bjhs::export))
                .routes(routes!(records::bjhs::statistics))
                .routes(routes!(records::bjhs::detail))
                .routes(routes!(records::bjhs::position))
                .routes(routes!(records::zdbh::query))
                .routes(routes!(records::zdbh::export))
                .routes(routes!(records::zdbh::statistics))
                .routes(routes!(records::zdbh::detail))
                .routes(routes!(records::zdbh::position))
                .routes(routes!(spot_types))
                .routes(routes!(process::process_spot_check))
                .merge(process::photo::upload_router())
                .routes(routes!(process::photo::delete_photo))
                .routes(routes!(process::photo::photo))
                .route_layer(Require::login()),
        )
}

/// The answer to a batch the caller may not see, or that does not exist.
pub const NO_BATCH: &str = "图斑推送批次不存在";
/// The answer to a record the caller may not see, or that does not exist.
pub const NO_RECORD: &str = "核查记录不存在";

/// Records counted by state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateCounts {
    /// 待核查.
    pub pending: i64,
    /// 核查中.
    pub draft: i64,
    /// 已提交.
    pub submitted: i64,
    /// 已退回.
    pub returned: i64,
    /// 已通过.
    pub approved: i64,
}

impl StateCounts {
    /// From counts in the order of [`STATES`].
    pub fn of(by_state: [i64; 5]) -> Self {
        let [pending, draft, submitted, returned, approved] = by_state;
        Self {
            pending,
            draft,
            submitted,
            returned,
            approved,
        }
    }

    /// Adds `n` records in `state`.
    pub fn add(&mut self, state: State, n: i64) {
        let slot = match state {
            State::Pending => &mut self.pending,
            State::Draft => &mut self.draft,
            State::Submitted => &mut self.submitted,
            State::Returned => &mut self.returned,
            State::Approved => &mut self.approved,
        };
        *slot += n;
    }

    /// Every record counted.
    pub fn total(&self) -> i64 {
        self.pending + self.draft + self.submitted + self.returned + self.approved
    }
}

impl std::ops::AddAssign for StateCounts {
    fn add_assign(&mut self, o: Self) {
        self.pending += o.pending;
        self.draft += o.draft;
        self.submitted += o.submitted;
        self.returned += o.returned;
        self.approved += o.approved;
    }
}

/// A verification record as lists show it: the spot as pushed and what was found.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotCheck {
    /// Record id.
    pub id: i64,
    /// Batch id.
    pub batch_id: i64,
    /// Batch name.
    pub batch_name: String,
    /// Push node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// The spot's id when pushed.
    pub spot_id: i64,
    /// Theme.
    pub theme: ThemeName,
    /// The theme's title, e.g. 风电设施监测.
    pub theme_title: String,
    /// The spot's batch id, e.g. 2024Q3.
    pub spot_batch: String,
    /// Spot type value.
    pub tblx: Option<String>,
    /// Its label.
    pub tblx_label: Option<String>,
    /// County code.
    pub xzqdm: String,
    /// 省 市 县 names.
    pub region_name: String,
    /// Area, m².
    pub area_m2: f64,
    /// The site's name, for the themes that name their spots.
    pub name: Option<String>,
    /// Verification state.
    pub state: State,
    /// Its label (SPOT_BJHS_STATE).
    pub state_label: String,
    /// Result: 1 真实变化, 2 伪变化, 3 其他 (SPOT_BJHS_RESULT).
    pub result: Option<i64>,
    /// Its label.
    pub result_label: Option<String>,
    /// Verified type: a value of the theme's type dictionary.
    pub verified_type: Option<String>,
    /// Its label.
    pub verified_type_label: Option<String>,
    /// Note.
    pub note: String,
    /// Where the photos were taken: longitude.
    pub lon: Option<f64>,
    /// Latitude.
    pub lat: Option<f64>,
    /// The manager's reason of the last return.
    pub reason: Option<String>,
    /// The last step, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: Option<String>,
    /// Who took it.
    pub updated_by: Option<String>,
}

impl SpotCheck {
    /// A record as lists show it; `spots` labels the verified type.
    pub fn of(spots: &SpotIndex, r: &RecordRow) -> Self {
        let s: &SpotFacts = &r.spot;
        // A stored theme this binary no longer knows reads as the first one; the migration's
        // snapshot never writes one.
        let theme = ThemeName::parse(&s.theme).unwrap_or(ThemeName::Landcover);
        let f = &r.finding;
        Self {
            id: r.id,
            batch_id: r.batch_id,
            batch_name: r.batch_name.clone(),
            node_id: r.node_id,
            node_name: r.node_name.clone(),
            spot_id: s.spot_id,
            theme,
            theme_title: theme.theme().title.to_owned(),
            spot_batch: s.spot_batch.clone(),
            tblx: s.tblx.clone(),
            tblx_label: s.tblx_label.clone(),
            xzqdm: s.xzqdm.clone(),
            region_name: s.region_name.clone(),
            area_m2: s.area_m2,
            name: s.name.clone(),
            state: r.state,
            state_label: r.state.label().to_owned(),
            result: f.result,
            result_label: f.result.and_then(machine::result_label).map(str::to_owned),
            verified_type: f.verified_type.clone(),
            verified_type_label: f
                .verified_type
                .as_deref()
                .map(|v| label_of(&spots.theme(theme).types, v).to_owned()),
            note: f.note.clone(),
            lon: f.position.map(|p| p[0]),
            lat: f.position.map(|p| p[1]),
            reason: r.reason.clone(),
            updated_at: r
                .updated
                .as_ref()
                .map(|(at, _)| crate::beijing::minute(*at)),
            updated_by: r.updated.as_ref().map(|(_, by)| by.clone()),
        }
    }
}

/// A record the caller may see (of a sent batch, and of one of their nodes unless a
/// manager), else 404.
async fn visible_record(state: &AppState, caller: &Caller, id: i64) -> Result<RecordRow, AppError> {
    let scope = crate::push::scope_of(caller);
    let row = state.db.call(move |c| store::record(c, id)).await?;
    row.filter(|r| r.sent && scope.as_ref().is_none_or(|s| s.contains(&r.node_id)))
        .ok_or_else(|| AppError::NotFound(NO_RECORD.into()))
}

/// Spots of one theme and type that reached the caller's nodes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushedSpotType {
    /// Theme.
    pub theme: ThemeName,
    /// The theme's title, e.g. 风电设施监测.
    pub theme_title: String,
    /// Spot type value (none for themes that do not type their spots).
    pub tblx: Option<String>,
    /// Its label.
    pub tblx_label: Option<String>,
    /// Spots pushed by sent batches.
    pub spots: i64,
}

/// The spot types that sent batches pushed to the caller's nodes (every node for a manager),
/// with how many spots of each: what a node user filters their records by (spec §7
/// usercenter pushuser spot typelist).
#[utoipa::path(
    get,
    path = "/api/usercenter/pushuser/spot/typelist",
    tag = "spotcheck",
    responses(
        (status = 200, description = "Per theme and type", body = Envelope<Vec<PushedSpotType>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
async fn spot_types(
    axum::extract::State(state): axum::extract::State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<PushedSpotType>> {
    let scope = crate::push::scope_of(&caller);
    let rows = state
        .db
        .call(move |c| store::spot_types(c, scope.as_deref()))
        .await?;
    Ok(ok(rows
        .into_iter()
        // A theme this binary no longer knows is left out: nothing could show it.
        .filter_map(|t| {
            let theme = ThemeName::parse(&t.theme)?;
            Some(PushedSpotType {
                theme,
                theme_title: theme.theme().title.to_owned(),
                tblx: t.tblx,
                tblx_label: t.tblx_label,
                spots: t.spots,
            })
        })
        .collect()))
}
