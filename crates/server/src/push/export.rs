//! A batch's items as the caller sees them, outside the list: footprints on the map (GeoJSON,
//! clipped to each node's region), a zipped shapefile and a workbook of the same items, the
//! coverage of a node's region by the batch (the image query's engine, so it equals
//! `coveragebyids` for the same scenes and region) and the part it leaves uncovered.

use axum::extract::State;
use axum::response::Response;
use geo::{BooleanOps, BoundingRect};
use geo_kit::Envelope;
use geo_kit::deadline::{Deadline, TimedOut};
use geo_types::{Geometry, MultiPolygon};
use serde::Deserialize;
use utoipa::IntoParams;

use super::store::{self, ItemRow};
use super::{NOT_FOUND, PushItem, narrowed, scope_of, visible};
use crate::api::{ApiPath, ApiQuery, ApiResult, ClientIp, Envelope as Answer, ok};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::coverage::{self, Coverage, Part, ZipFile};
use crate::region::index::RegionIndex;
use crate::spot::export::table::{Cell, OwnedSheet, download};
use crate::state::AppState;
use crate::usercenter::session::Caller;
use crate::vector::schema::FeatureCollection;
use crate::vector::shp::{Field, Value, write_zipped};

/// Most items one map layer or export holds: a manager narrows a larger batch to a node.
pub const MAX_FEATURES: i64 = 10_000;

/// One node of a batch, or all the caller sees.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NodeQuery {
    /// Only this push node's items (for coverage: the node whose region is measured).
    pub node_id: Option<i64>,
}

/// The batch's items the caller sees (of one node when asked): 404 as `detail`, 400 over
/// [`MAX_FEATURES`].
async fn visible_items(
    state: &AppState,
    caller: &Caller,
    id: i64,
    node: Option<i64>,
) -> Result<Vec<ItemRow>, AppError> {
    let scope = narrowed(scope_of(caller), node, NOT_FOUND)?;
    let (_, count) = visible(state, id, scope.clone()).await?;
    if count > MAX_FEATURES {
        return Err(AppError::bad_request(format!(
            "该批次可见的影像共{count}景，超过{MAX_FEATURES}景，请按推送节点（nodeId）分别查看或导出"
        )));
    }
    state
        .db
        .call(move |c| store::items(c, id, scope.as_deref(), 0, count))
        .await
        .map_err(Into::into)
}

/// Each item's footprint inside its node's region (the footprint whole where the region's
/// boundary is not imported); items left with no area (a footprint touching the region
/// only at its edge) are dropped.
pub(super) fn clipped(
    regions: &RegionIndex,
    rows: Vec<ItemRow>,
    deadline: &Deadline,
) -> Result<Vec<(ItemRow, MultiPolygon<f64>)>, TimedOut> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        deadline.check()?;
        let footprint = &row.item.footprint;
        let inside = match (regions.shape(&row.region_id), footprint.bounding_rect()) {
            (Some(region), Some(b)) => {
                // The region cut to the footprint's box first: an overlay then walks a few
                // of a province's thousands of edges.
                let near = geo_kit::clip::clip_multi_polygon(
                    &region.geom,
                    &Envelope {
                        min_x: b.min().x,
                        max_x: b.max().x,
                        min_y: b.min().y,
                        max_y: b.max().y,
                    },
                );
                footprint.intersection(&near)
            }
            _ => MultiPolygon(vec![footprint.clone()]),
        };
        if !inside.0.is_empty() {
            out.push((row, inside));
        }
    }
    Ok(out)
}

/// The footprints of the batch's items the caller sees, clipped to each node's region, as a
/// GeoJSON FeatureCollection (at most 10,000 features; feature id `nodeId:sceneId`).
#[utoipa::path(
    get,
    path = "/api/push/v1/vector/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection; each feature's properties are a PushItem", body = Answer<FeatureCollection<PushItem>>),
        (status = 400, description = "A bad id, or more than 10,000 items (ask per node)", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it (of that node) for the caller", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_vector(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> ApiResult<serde_json::Value> {
    let rows = visible_items(&state, &caller, id, q.node_id).await?;
    let kept = state.clone();
    heavy(&state, ip, move |deadline| {
        let features: Vec<serde_json::Value> = clipped(&kept.regions, rows, deadline)?
            .into_iter()
            .map(|(row, inside)| {
                serde_json::json!({
                    "type": "Feature",
                    "id": format!("{}:{}", row.item.node_id, row.item.scene_id),
                    "geometry": geojson::Geometry::from(&Geometry::MultiPolygon(inside)),
                    "properties": PushItem::from(&row),
                })
            })
            .collect();
        Ok(serde_json::json!({"type": "FeatureCollection", "features": features}))
    })
    .await
    .map(ok)
}

/// The `.dbf` fields of the shapefile export, in the order of [`attributes`].
const FIELDS: [Field; 12] = [
    Field::number("node_id", 10, 0),
    Field::text("node_name", 100),
    Field::text("region_id", 12),
    Field::text("scene_id", 100),
    Field::text("file_name", 200),
    Field::text("satellite", 20),
    Field::text("sensor", 20),
    Field::text("acquired", 25),
    Field::number("cloud", 8, 2),
    Field::number("resolution", 10, 2),
    Field::number("size_mb", 14, 2),
    Field::text("delivered", 16),
];

/// An item's values for [`FIELDS`].
fn attributes(item: &PushItem) -> Vec<Value> {
    let number = |x: Option<f64>| x.map_or(Value::Empty, Value::Number);
    vec![
        Value::Number(item.node_id as f64),
        Value::Text(item.node_name.clone()),
        Value::Text(item.region_id.clone()),
        Value::Text(item.scene_id.clone()),
        Value::Text(item.file_name.clone()),
        Value::Text(item.satellite.clone()),
        Value::Text(item.sensor.clone()),
        Value::Text(item.acquired_at.clone()),
        Value::Number(item.cloud),
        number(item.resolution),
        number(item.size_mb),
        Value::Text(item.delivered_at.clone()),
    ]
}

/// The same footprints as `vector` as a zipped polygon shapefile (WGS 84, UTF-8 attributes
/// node_id, node_name, region_id, scene_id, file_name, satellite, sensor, acquired, cloud,
/// resolution, size_mb, delivered).
#[utoipa::path(
    get,
    path = "/api/push/v1/exportshp/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "push_{id}.zip: .shp .shx .dbf .prj .cpg", content_type = "application/zip", body = ZipFile),
        (status = 400, description = "A bad id, or more than 10,000 items (ask per node)", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it (of that node) for the caller", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_export_shp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> Result<Response, AppError> {
    let rows = visible_items(&state, &caller, id, q.node_id).await?;
    let kept = state.clone();
    let stem = format!("push_{id}");
    let name = stem.clone();
    let bytes = heavy(&state, ip, move |deadline| {
        let features = clipped(&kept.regions, rows, deadline)?
            .into_iter()
            .map(|(row, inside)| {
                (
                    shapefile::Polygon::from(inside),
                    attributes(&PushItem::from(&row)),
                )
            });
        write_zipped(&name, &FIELDS, features).map_err(AppError::Internal)
    })
    .await?;
    Ok(crate::api::attachment(
        bytes,
        "application/zip",
        &format!("{stem}.zip"),
    ))
}

/// The headers of the workbook.
const HEADERS: [&str; 11] = [
    "推送节点",
    "行政区代码",
    "影像编号",
    "文件名",
    "卫星",
    "传感器",
    "成像时间",
    "云量（%）",
    "分辨率（m）",
    "数据量（MB）",
    "推送时间",
];

/// The batch's items the caller sees as an Excel workbook (.xlsx): one row per delivery,
/// Chinese headers, sizes and cloud as numbers.
#[utoipa::path(
    get,
    path = "/api/push/v1/exportexcel/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "push_{id}.xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = ZipFile),
        (status = 400, description = "A bad id, or more than 10,000 items (ask per node)", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it (of that node) for the caller", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_export_excel(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> Result<Response, AppError> {
    let rows = visible_items(&state, &caller, id, q.node_id).await?;
    let number = |x: Option<f64>| x.map_or(Cell::Text(String::new()), Cell::Decimal);
    let cells: Vec<Vec<Cell>> = rows
        .iter()
        .map(|r| {
            let i = &r.item;
            vec![
                Cell::Text(r.node_name.clone()),
                Cell::Text(r.region_id.clone()),
                Cell::Text(i.scene_id.clone()),
                Cell::Text(i.file_name.clone()),
                Cell::Text(i.satellite.clone()),
                Cell::Text(i.sensor.clone()),
                Cell::Text(crate::beijing::minute(i.acquired_at)),
                Cell::Decimal(i.cloud),
                number(i.resolution_m),
                number(i.size_mb),
                Cell::Text(crate::beijing::minute(r.delivered_at)),
            ]
        })
        .collect();
    let headers: Vec<String> = HEADERS.iter().map(|h| (*h).to_owned()).collect();
    download(
        vec![OwnedSheet {
            name: format!("推送批次{id}"),
            headers,
            rows: cells,
        }],
        &format!("push_{id}.xlsx"),
    )
    .await
}

/// The scenes a batch delivered to one node, and that node's region: 400 without a node,
/// 404 as `detail` for a node the caller does not see or the batch did not reach.
async fn node_delivery(
    state: &AppState,
    caller: &Caller,
    id: i64,
    node: Option<i64>,
) -> Result<(Vec<String>, MultiPolygon<f64>), AppError> {
    let node = node.ok_or_else(|| AppError::bad_request("请选择推送节点（nodeId）"))?;
    let rows = visible_items(state, caller, id, Some(node)).await?;
    let region_id = rows
        .first()
        .map(|r| r.region_id.clone())
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let region = state
        .regions
        .shape(&region_id)
        .map(|s| s.geom.clone())
        .ok_or_else(|| {
            AppError::Unavailable(format!("行政区边界（{region_id}）未导入，无法统计覆盖"))
        })?;
    Ok((rows.into_iter().map(|r| r.item.scene_id).collect(), region))
}

/// How much of a node's region the batch's scenes for that node cover: the image query's
/// coverage (`coveragebyids` for the same scenes over the region).
#[utoipa::path(
    get,
    path = "/api/push/v1/coverCalculate/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "The coverage of the node's region", body = Answer<Coverage>),
        (status = 400, description = "A bad id, no nodeId, or scenes since removed from the catalogue (listed)", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it for that node of the caller's", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "The region is not imported, too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_cover_calculate(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> ApiResult<Coverage> {
    let (ids, region) = node_delivery(&state, &caller, id, q.node_id).await?;
    let index = state.scenes.now();
    heavy(&state, ip, move |deadline| {
        coverage::coverage_of_ids(&index, &ids, &region, deadline)
    })
    .await
    .map(ok)
}

/// What of a node's region the batch leaves uncovered, as a zipped polygon shapefile (what
/// `notcovershp` writes for the same scenes over the region).
#[utoipa::path(
    get,
    path = "/api/push/v1/exportdiffcover/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "notcovered_push_{id}_{nodeId}.zip: .shp .shx .dbf .prj .cpg; fields part, area_km2", content_type = "application/zip", body = ZipFile),
        (status = 400, description = "A bad id, no nodeId, or scenes since removed from the catalogue (listed)", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it for that node of the caller's", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "The region is not imported, too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn push_export_diff_cover(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> Result<Response, AppError> {
    let (ids, region) = node_delivery(&state, &caller, id, q.node_id).await?;
    let stem = format!(
        "{}_push_{id}_{}",
        Part::NotCovered.stem(),
        q.node_id.unwrap_or_default()
    );
    let name = stem.clone();
    let index = state.scenes.now();
    let zip = heavy(&state, ip, move |deadline| {
        coverage::part_shapefile(&index, &ids, &region, Part::NotCovered, &name, deadline)
    })
    .await?;
    Ok(crate::api::attachment(
        zip.0,
        "application/zip",
        &format!("{stem}.zip"),
    ))
}
