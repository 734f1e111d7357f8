//! The spot engine (`/api/spot/v2/{theme}/…`): monitoring spots of the eight themes (spec §2,
//! §3, §7), stored once, counted, listed, drawn and exported by one engine that each theme
//! configures (`theme.rs`). Every route needs the theme's permission and an area range, and
//! answers only what lies inside the caller's ranges.

pub mod dynamic;
pub mod engine;
pub mod export;
pub mod filter;
pub mod grid;
pub mod import;
pub mod layers;
pub mod model;
pub mod query;
pub mod sites;
pub mod store;
#[cfg(test)]
mod tests;
pub mod theme;
pub mod zones;

use std::net::IpAddr;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::engine::ThemeSpots;
use self::filter::Selection;
use self::model::{Attrs, DRAWN, ImageSubject};
use self::theme::{Attr, Ramp, THEMES, ThemeMode, ThemeName};
use crate::api::{
    ApiPath, ApiQuery, ApiResult, ClientIp, Envelope, Page, PageQuery, attachment, blocking, ok,
};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::region::index::RegionIndex;
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::perm::Perm;
use crate::usercenter::session::Caller;
use crate::vector::schema::MultiPolygon;

/// The spot routes, each behind its theme's permission and an area range.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(themes))
        .routes(routes!(batches))
        .routes(routes!(lastest))
        .routes(routes!(spot_statistics))
        .routes(routes!(trend))
        .routes(routes!(grid::grid_statistics))
        .routes(routes!(spot_meta))
        .routes(routes!(spot_detail))
        .routes(routes!(spot_image))
        .routes(routes!(export_excel))
        .routes(routes!(export_shp))
        .routes(routes!(dynamic_analysis))
        .routes(routes!(dynamic_export_excel))
        .routes(routes!(trend_export_excel))
        .route_layer(Require::authority_in_range_of(theme_perm))
}

/// The permission of the theme a `/api/spot/v2/{theme}/…` path names.
fn theme_perm(path: &str) -> Option<Perm> {
    let theme = path.strip_prefix("/api/spot/v2/")?.split('/').next()?;
    ThemeName::parse(theme).map(|t| t.theme().perm)
}

/// A theme as its page is built from it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeInfo {
    /// Route name.
    pub name: ThemeName,
    /// Page title, e.g. 风电设施监测.
    pub title: String,
    /// The map layer of its spots (`/ows/cloudPlatform` tiles and WFS).
    pub layer: String,
    /// The dictionary naming its stage values.
    pub stage_dict: String,
    /// The dictionary naming its spot types, if it types its spots.
    pub type_dict: Option<String>,
    /// Its own attributes, in table order.
    pub attrs: Vec<AttrInfo>,
    /// Its choropleth's colours.
    pub ramp: Ramp,
    /// The modes its page offers, in tab order.
    pub modes: Vec<ThemeMode>,
    /// The grid level GRID mode starts at (13, or 14 for the theme with finer cells).
    pub grid_level: u8,
    /// The layer of its adaptive zones (the bases its spots make up), if it has them.
    pub zones_layer: Option<String>,
}

/// One of a theme's own attributes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttrInfo {
    /// Key in `Attrs`.
    pub key: Attr,
    /// Column header.
    pub label: String,
}

/// A batch (spec §3: id, typeName).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    /// `2024Q3` or `20240615`.
    pub id: String,
    /// 2024年第三季度 or 2024年06月15日.
    pub type_name: String,
}

/// What the legend classifies spots by (spec §3 termChoose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TermChoose {
    /// No classification: every spot (the legend's 全部).
    #[default]
    All,
    /// By spot type.
    Tblx,
    /// By stage.
    Stage,
    /// By change category.
    Change,
}

/// The filters every spot route takes (spec §3 monitor/spot filters).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SpotFilter {
    /// Batch id; default the latest batch.
    pub batch: Option<String>,
    /// Area: a province, city or county code, or 100000; default the caller's whole range.
    /// Always clipped to the caller's ranges.
    pub xzqdm: Option<String>,
    /// A stage value of the theme's stage dictionary.
    pub stage: Option<String>,
    /// A spot type of the theme's type dictionary.
    pub tblx: Option<String>,
    /// Delivery file names containing this.
    pub filename: Option<String>,
    /// What the legend classifies by; default `all`.
    #[param(inline)]
    pub term_choose: Option<TermChoose>,
    /// The legend values checked, comma separated (of `termChoose`); ignored for `all`.
    pub term_data: Option<String>,
}

/// Count and area of a set of spots.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    /// Spots.
    pub count: u64,
    /// Their area, m².
    pub area_m2: f64,
}

/// A region's row of the statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionTally {
    /// Region code.
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Whether it has regions below it to drill into.
    pub has_children: bool,
    /// Its spots.
    #[serde(flatten)]
    pub tally: Tally,
}

/// A dictionary value's row of the statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValueTally {
    /// The value.
    pub value: String,
    /// Its label.
    pub label: String,
    /// Its spots.
    #[serde(flatten)]
    pub tally: Tally,
}

/// Statistics of a theme's batch over a region (STATISTICS mode).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statistics {
    /// The batch counted.
    pub batch: Option<Batch>,
    /// The region counted (after clipping to the caller's ranges).
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Every spot counted.
    pub total: Tally,
    /// The regions one level down inside the caller's ranges, with zero rows for those
    /// without spots.
    pub regions: Vec<RegionTally>,
    /// By spot type (empty for a theme without types).
    pub by_type: Vec<ValueTally>,
    /// By stage.
    pub by_stage: Vec<ValueTally>,
    /// By change category.
    pub by_change: Vec<ValueTally>,
}

/// One batch of a trend: its spots by type and by change category.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendBatch {
    /// The batch.
    pub batch: Batch,
    /// Every spot of it counted (zero when the region has none in this batch).
    pub total: Tally,
    /// By spot type (empty for a theme without types).
    pub by_type: Vec<ValueTally>,
    /// By change category.
    pub by_change: Vec<ValueTally>,
}

/// A theme's spots over a region batch by batch (TREND mode).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trend {
    /// The region counted (after clipping to the caller's ranges).
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Every batch of the theme, oldest first.
    pub batches: Vec<TrendBatch>,
}

/// A spot in a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotSummary {
    /// Spot id.
    pub id: i64,
    /// Batch id.
    pub batch: String,
    /// Batch name.
    pub batch_name: String,
    /// Stage value and label.
    pub stage: String,
    /// Stage label.
    pub stage_label: String,
    /// Spot type and label.
    pub tblx: Option<String>,
    /// Spot type label.
    pub tblx_label: Option<String>,
    /// County code.
    pub xzqdm: String,
    /// 省 市 县 names, e.g. 湖北省武汉市洪山区.
    pub region_name: String,
    /// Delivery file.
    pub file_name: String,
    /// Area, m².
    pub area_m2: f64,
    /// 0 不变, 1 扩张, 2 拆除, 3 部分拆除.
    pub change: u8,
    /// Its label.
    pub change_label: String,
    /// The spot's box: [west, south, east, north].
    pub bbox: [f64; 4],
    /// The theme's own attributes.
    pub attrs: Attrs,
    /// Generated demo data.
    pub demo: bool,
}

/// One spot with its outline and images (the spot detail).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotDetail {
    /// What the list shows.
    #[serde(flatten)]
    pub summary: SpotSummary,
    /// Its outline.
    #[schema(value_type = MultiPolygon)]
    pub geometry: geojson::Geometry,
    /// The image before the change: a link to `…/spot/{id}/image/before`, or null.
    pub before_image: Option<String>,
    /// The image after the change.
    pub after_image: Option<String>,
    /// Attribution of the data.
    pub source: Option<String>,
}

/// Before or after the change.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum When {
    /// The image before.
    Before,
    /// The image after.
    After,
}

/// The themes the caller may open, with their configuration.
#[utoipa::path(
    get,
    path = "/api/spot/v2/themes",
    tag = "spot",
    responses(
        (status = 200, description = "The themes the caller holds the permission of", body = Envelope<Vec<ThemeInfo>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
async fn themes(caller: Caller) -> ApiResult<Vec<ThemeInfo>> {
    Ok(ok(THEMES
        .iter()
        .filter(|t| caller.has(t.perm.code))
        .map(|t| ThemeInfo {
            name: t.name,
            title: t.title.to_owned(),
            layer: t.layer.to_owned(),
            stage_dict: t.stage.dict().to_owned(),
            type_dict: t.types.map(str::to_owned),
            attrs: t
                .attrs
                .iter()
                .map(|&key| AttrInfo {
                    key,
                    label: key.label().to_owned(),
                })
                .collect(),
            ramp: t.ramp,
            modes: t.modes.to_vec(),
            grid_level: t.grid_level,
            zones_layer: t.zones.map(|z| z.layer.to_owned()),
        })
        .collect()))
}

/// A theme's batches, newest first.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/batch",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme")),
    responses(
        (status = 200, description = "Batches, newest first", body = Envelope<Vec<Batch>>),
        (status = 400, description = "No such theme", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn batches(
    State(state): State<AppState>,
    ApiPath(theme): ApiPath<ThemeName>,
) -> ApiResult<Vec<Batch>> {
    let spots = state.spots.now();
    Ok(ok(spots.theme(theme).batches().cloned().collect()))
}

/// A theme's latest batch (spec §7 `lastest`), or null before any.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/lastest",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme")),
    responses(
        (status = 200, description = "The latest batch", body = Envelope<Option<Batch>>),
        (status = 400, description = "No such theme", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn lastest(
    State(state): State<AppState>,
    ApiPath(theme): ApiPath<ThemeName>,
) -> ApiResult<Option<Batch>> {
    let spots = state.spots.now();
    Ok(ok(spots.theme(theme).batches().next().cloned()))
}

/// Count and area per region one level down, per type, per stage and per change category.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/spotstatistics",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter),
    responses(
        (status = 200, description = "Statistics", body = Envelope<Statistics>),
        (status = 400, description = "No such theme or a malformed filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn spot_statistics(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> ApiResult<Statistics> {
    selected(&state, caller, theme, filter, query::statistics)
        .await
        .map(ok)
}

/// Count and area of the filtered spots in every batch, oldest first, by type and by change
/// category (TREND mode; the `batch` filter is not used).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/trend",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter),
    responses(
        (status = 200, description = "The batches over time", body = Envelope<Trend>),
        (status = 400, description = "No such theme or a malformed filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn trend(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> ApiResult<Trend> {
    selected(&state, caller, theme, filter, query::trend)
        .await
        .map(ok)
}

/// The filtered spots, a page at a time (DETAIL mode).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/spotmeta",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter, PageQuery),
    responses(
        (status = 200, description = "A page of spots", body = Envelope<Page<SpotSummary>>),
        (status = 400, description = "No such theme, a malformed filter or page", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn spot_meta(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Page<SpotSummary>> {
    let paging = page.paging()?;
    selected(&state, caller, theme, filter, move |spots, sel, regions| {
        query::list(spots, sel, paging, regions)
    })
    .await
    .map(ok)
}

/// What `answer` makes of the spots of a theme the filter selects inside the caller's
/// ranges, worked out on the blocking pool.
async fn selected<T: Send + 'static>(
    state: &AppState,
    caller: Caller,
    theme: ThemeName,
    filter: SpotFilter,
    answer: impl FnOnce(&ThemeSpots, &Selection<'_>, &RegionIndex) -> T + Send + 'static,
) -> Result<T, AppError> {
    let (spots, regions) = (state.spots.now(), state.regions.clone());
    blocking(move || {
        let spots = spots.theme(theme);
        let sel = filter::select(spots, &filter, &caller.regions, &regions)?;
        Ok(answer(spots, &sel, &regions))
    })
    .await
}

/// 404 for a spot of another theme, outside the caller's ranges, or none at all.
const NO_SPOT: &str = "图斑不存在";

/// The stored spot `id` if it is of `theme` and inside the caller's ranges.
async fn visible_spot(
    state: &AppState,
    caller: &Caller,
    theme: ThemeName,
    id: i64,
) -> Result<store::SpotRow, AppError> {
    let row = state.db.call(move |c| store::spot(c, id)).await?;
    row.filter(|r| query::visible(r, theme, &caller.regions))
        .ok_or_else(|| AppError::NotFound(NO_SPOT.into()))
}

/// One spot with its outline and image links; 404 for a spot outside the caller's ranges.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/spot/{id}",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), ("id" = i64, Path, description = "Spot id")),
    responses(
        (status = 200, description = "The spot", body = Envelope<SpotDetail>),
        (status = 400, description = "No such theme or a malformed id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 404, description = "No such spot of the theme in the caller's ranges", body = ErrorEnvelope),
    )
)]
async fn spot_detail(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((theme, id)): ApiPath<(ThemeName, i64)>,
) -> ApiResult<SpotDetail> {
    let row = visible_spot(&state, &caller, theme, id).await?;
    let spots = state.spots.now();
    query::detail(spots.theme(theme), &row, &state.regions)
        .map(ok)
        .ok_or_else(|| AppError::NotFound(NO_SPOT.into()))
}

/// A spot's image before or after the change (PNG or JPEG).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/spot/{id}/image/{when}",
    tag = "spot",
    params(
        ("theme" = ThemeName, Path, description = "Theme"),
        ("id" = i64, Path, description = "Spot id"),
        ("when" = inline(When), Path, description = "before or after"),
    ),
    responses(
        (status = 200, description = "The image", content_type = "image/png"),
        (status = 400, description = "No such theme or a malformed id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 404, description = "No such spot in the caller's ranges, or it has no such image", body = ErrorEnvelope),
    )
)]
async fn spot_image(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((theme, id, when)): ApiPath<(ThemeName, i64, When)>,
) -> Result<Response, AppError> {
    let row = visible_spot(&state, &caller, theme, id).await?;
    let s = &row.record;
    let missing = || AppError::NotFound("该图斑没有此影像".into());
    let image = match when {
        When::Before => &s.before_image,
        When::After => &s.after_image,
    };
    let image = image.as_deref().ok_or_else(missing)?;
    // A spot's images never change (a re-import gives the spot a new id), but only the
    // caller's browser may keep them.
    let cache = (header::CACHE_CONTROL, "private, max-age=86400");
    if image == DRAWN {
        let subject = ImageSubject {
            theme,
            id,
            geom: &s.geom,
            change: s.change,
            after: matches!(when, When::After),
        };
        let png = (state.draw_spot_image)(&subject);
        if png.is_empty() {
            return Err(missing());
        }
        return Ok(([(header::CONTENT_TYPE, "image/png"), cache], png).into_response());
    }
    if image.starts_with("http://") || image.starts_with("https://") {
        let to = HeaderValue::from_str(image).map_err(|_| missing())?;
        return Ok((StatusCode::FOUND, [(header::LOCATION, to)]).into_response());
    }
    let kind = image_type(image).ok_or_else(missing)?;
    let path = state.config.spot_image_path().join(image);
    let bytes = tokio::fs::read(path).await.map_err(|_| missing())?;
    Ok(([(header::CONTENT_TYPE, kind), cache], bytes).into_response())
}

/// The content type of a stored image file name: PNG or JPEG, and a plain name (no folder,
/// no `..`), so a stored reference cannot reach outside the spot image folder.
fn image_type(name: &str) -> Option<&'static str> {
    if name.is_empty() || name.contains(['/', '\\']) || name.contains("..") {
        return None;
    }
    let (_, ext) = name.rsplit_once('.')?;
    match ext.to_ascii_lowercase().as_str() {
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        _ => None,
    }
}

/// The filtered spots as an Excel workbook (.xlsx, Chinese headers, one row per spot).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/export/excel",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 400, description = "No such theme, a malformed filter, or too many spots", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 429, description = "Too many exports at once", body = ErrorEnvelope),
    )
)]
async fn export_excel(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> Result<Response, AppError> {
    export_file(state, ip, caller, theme, filter, ExportKind::Excel).await
}

/// The filtered spots as a zipped shapefile (.shp, .shx, .dbf, .prj, .cpg).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/export/shp",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter),
    responses(
        (status = 200, description = "The zipped shapefile", content_type = "application/zip"),
        (status = 400, description = "No such theme, a malformed filter, or too many spots", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 429, description = "Too many exports at once", body = ErrorEnvelope),
    )
)]
async fn export_shp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> Result<Response, AppError> {
    export_file(state, ip, caller, theme, filter, ExportKind::Shapefile).await
}

/// The file an export writes.
#[derive(Debug, Clone, Copy)]
enum ExportKind {
    Excel,
    Shapefile,
}

/// The filtered spots as a file to download: read from the engine, their attribution from
/// the store, written under the heavy-work budget.
async fn export_file(
    state: AppState,
    ip: Option<IpAddr>,
    caller: Caller,
    theme: ThemeName,
    filter: SpotFilter,
    kind: ExportKind,
) -> Result<Response, AppError> {
    let mut rows = selected(&state, caller, theme, filter, query::export_rows).await??;
    let ids: Vec<i64> = rows.iter().map(|r| r.summary.id).collect();
    let mut sources = state.db.call(move |c| store::sources(c, &ids)).await?;
    for row in &mut rows {
        row.source = sources.remove(&row.summary.id);
    }
    let theme = theme.theme();
    let stem = export::file_stem(theme, &rows);
    let (bytes, content_type, ext) = heavy(&state, ip, move |_| {
        Ok(match kind {
            ExportKind::Excel => (export::excel(theme, &rows)?, export::XLSX_TYPE, "xlsx"),
            ExportKind::Shapefile => (
                export::shapefile_zip(theme, &rows)?,
                "application/zip",
                "zip",
            ),
        })
    })
    .await?;
    Ok(attachment(bytes, content_type, &format!("{stem}.{ext}")))
}

/// The two batches a dynamic analysis compares.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BatchPair {
    /// The earlier batch.
    pub from: String,
    /// The later batch.
    pub to: String,
}

/// Count and area of each kind of change between two batches (`appeared`, `grew`, `shrank`
/// and `unchanged` are spots of the later batch, `vanished` of the earlier one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DynamicTallies {
    /// New spots, overlapping none before (新增).
    pub appeared: Tally,
    /// Spots more than 10 % larger than what they overlap (扩大).
    pub grew: Tally,
    /// Spots more than 10 % smaller than what they overlap (缩小).
    pub shrank: Tally,
    /// Earlier spots that no later spot overlaps (消失), with their earlier area.
    pub vanished: Tally,
    /// Spots about as large as what they overlap (不变).
    pub unchanged: Tally,
}

/// A region's row of a dynamic analysis.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DynamicRegion {
    /// Region code.
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Whether it has regions below it to drill into.
    pub has_children: bool,
    /// Its changes.
    #[serde(flatten)]
    pub tallies: DynamicTallies,
}

/// What changed between two batches of a theme over a region (the dynamicAnalysis module).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dynamic {
    /// The earlier batch.
    pub from: Batch,
    /// The later batch.
    pub to: Batch,
    /// The region counted (after clipping to the caller's ranges).
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Every change counted.
    pub total: DynamicTallies,
    /// The regions one level down inside the caller's ranges, with zero rows for those
    /// without changes.
    pub regions: Vec<DynamicRegion>,
}

/// What appeared, grew, shrank or vanished between two batches (spots matched by overlap),
/// over a region and the regions one level down (the `batch` filter is not used).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/dynamic",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), BatchPair, SpotFilter),
    responses(
        (status = 200, description = "The changes", body = Envelope<Dynamic>),
        (status = 400, description = "No such theme or batch, the same batch twice, or a malformed filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 429, description = "Too many analyses at once", body = ErrorEnvelope),
        (status = 503, description = "The analysis ran past the time limit", body = ErrorEnvelope),
    )
)]
async fn dynamic_analysis(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(pair): ApiQuery<BatchPair>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> ApiResult<Dynamic> {
    compared(&state, ip, caller, theme, pair, filter, Ok)
        .await
        .map(ok)
}

/// The regions of a dynamic analysis as an Excel workbook: count and area of each kind per
/// region, and a total row.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/dynamic/export/excel",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), BatchPair, SpotFilter),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 400, description = "No such theme or batch, the same batch twice, or a malformed filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
        (status = 429, description = "Too many analyses at once", body = ErrorEnvelope),
        (status = 503, description = "The analysis ran past the time limit", body = ErrorEnvelope),
    )
)]
async fn dynamic_export_excel(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(pair): ApiQuery<BatchPair>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> Result<Response, AppError> {
    let (bytes, name) = compared(&state, ip, caller, theme, pair, filter, move |d| {
        // Named by the batches found, not as the query spelled them.
        let name = format!("{}_dynamic_{}_{}.xlsx", theme.as_str(), d.from.id, d.to.id);
        Ok((export::table::dynamic(theme.theme(), &d)?, name))
    })
    .await?;
    Ok(attachment(bytes, export::XLSX_TYPE, &name))
}

/// What `answer` makes of the dynamic analysis of the spots the filter selects, under the
/// heavy-work budget (a country's spots take a while to match).
async fn compared<T: Send + 'static>(
    state: &AppState,
    ip: Option<IpAddr>,
    caller: Caller,
    theme: ThemeName,
    pair: BatchPair,
    filter: SpotFilter,
    answer: impl FnOnce(Dynamic) -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    let (spots, regions) = (state.spots.now(), state.regions.clone());
    heavy(state, ip, move |deadline| {
        let spots = spots.theme(theme);
        let sel = filter::select(spots, &filter, &caller.regions, &regions)?;
        answer(query::dynamic(spots, &sel, &pair, &regions, deadline)?)
    })
    .await
}

/// The numbers of the trend (`/api/spot/v2/{theme}/trend`, the same filters) as an Excel
/// workbook: one row per batch, oldest first, with count and area in all, by type and by
/// change category.
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/trend/export/excel",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 400, description = "No such theme or a malformed filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
async fn trend_export_excel(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
) -> Result<Response, AppError> {
    let bytes = selected(&state, caller, theme, filter, move |spots, sel, regions| {
        export::table::trend(spots, &query::trend(spots, sel, regions))
    })
    .await??;
    let name = format!("{}_trend.xlsx", theme.as_str());
    Ok(attachment(bytes, export::XLSX_TYPE, &name))
}
