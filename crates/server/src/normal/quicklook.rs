//! Quick-look images: generated pictures of demo scenes (`quicklook/{id}`),
//! their placement on the map (`fallfigure`), a zip of them with world files
//! (`export/quickimage`), and which scenes are online (`offlinebyids`).
//!
//! A demo scene's quick-look is drawn by the demo module (`demo::quicklook`,
//! handed over at start-up). Real scenes keep the URL of their provider's
//! quick-look; it is not proxied.

use std::io::Write;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use geo_types::Coord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::store::{self, SceneRow};
use geo_kit::deadline::Deadline;

use crate::api::{ApiJson, ApiPath, ApiResult, ClientIp, Envelope, ok};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::vector::shp::WGS84_PRJ;

/// Side of a generated quick-look, pixels (the world files of exports assume it).
pub const SIZE: u32 = 256;
/// Most ids `fallfigure` places at once.
const MAX_FALL: usize = 200;
/// Most ids `export/quickimage` packs at once.
const MAX_EXPORT: usize = 100;
/// Most ids `offlinebyids` sorts at once (as many as `allids` gives).
const MAX_IDS: usize = 10_000;

/// The quick-look routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quicklook))
        .routes(routes!(fall_figure))
        .routes(routes!(export_quick_image))
        .routes(routes!(offline_by_ids))
}

/// The URL of a scene's generated quick-look image.
pub fn url(scene_id: &str) -> String {
    format!("/api/normal/v5/quicklook/{scene_id}")
}

/// Scenes chosen by product id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Ids {
    /// Product ids.
    ids: Vec<String>,
}

/// The scenes of `ids` that exist, in the order asked; refuses more than `max`.
async fn scenes(state: &AppState, ids: Vec<String>, max: usize) -> Result<Vec<SceneRow>, AppError> {
    if ids.len() > max {
        return Err(AppError::bad_request(format!("一次最多选择{max}景")));
    }
    Ok(state.db.call(move |c| store::by_ids(c, &ids)).await?)
}

/// How a generated scene's quick-look is drawn (PNG bytes from its id, its
/// cloud cover in percent, and whether it is radar). The demo module provides
/// it at start-up; `normal` only serves it.
pub type DrawQuickLook = fn(&str, f64, bool) -> Vec<u8>;

/// The generated quick-look of a demo scene, as PNG bytes; `None` for real scenes.
pub fn picture(draw: DrawQuickLook, scene: &SceneRow) -> Option<Vec<u8>> {
    scene
        .demo
        .then(|| draw(&scene.scene_id, scene.cloud, is_radar(scene)))
}

/// Whether the scene comes from a radar sensor (a grey speckled picture, no clouds).
fn is_radar(scene: &SceneRow) -> bool {
    crate::catalogue::sensors_of(&scene.satellite)
        .and_then(|sensors| sensors.iter().find(|s| s.id == scene.sensor))
        .is_some_and(|s| s.kind == crate::catalogue::Kind::Radar)
}

/// A demo scene's quick-look image.
#[utoipa::path(
    get,
    path = "/api/normal/v5/quicklook/{id}",
    tag = "normal",
    params(("id" = String, Path, description = "Product id")),
    responses(
        (status = 200, description = "PNG image, 256 × 256, top edge north", content_type = "image/png"),
        (status = 404, description = "Unknown scene, or one without a generated quick-look", body = ErrorEnvelope),
    )
)]
async fn quicklook(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, AppError> {
    let found = scenes(&state, vec![id.clone()], 1).await?;
    let scene = found
        .first()
        .ok_or_else(|| AppError::NotFound(format!("影像不存在：{id}")))?;
    let png = picture(state.draw_quicklook, scene)
        .ok_or_else(|| AppError::NotFound(format!("该景没有快视图：{id}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            // Drawn from the id alone: it never changes.
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        png,
    )
        .into_response())
}

/// A quick-look placed on the map.
#[derive(Debug, Serialize, ToSchema)]
pub struct FallFigure {
    /// Product id.
    id: String,
    /// The quick-look image URL.
    url: String,
    /// Where the image corners go, [lon, lat]: top-left, top-right, bottom-right,
    /// bottom-left (a MapLibre image source's `coordinates`).
    coordinates: [[f64; 2]; 4],
}

fn corners(scene: &SceneRow) -> Option<[Coord<f64>; 4]> {
    geo_kit::quad::image_corners(&scene.footprint)
}

/// The quick-looks of scenes with the corners to lay them on the map.
#[utoipa::path(
    post,
    path = "/api/normal/v5/fallfigure",
    tag = "normal",
    request_body = Ids,
    responses(
        (status = 200, description = "Scenes that have a quick-look, in the order asked; others are left out", body = Envelope<Vec<FallFigure>>),
        (status = 400, description = "More than 200 ids", body = ErrorEnvelope),
    )
)]
async fn fall_figure(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Vec<FallFigure>> {
    let figures = scenes(&state, body.ids, MAX_FALL)
        .await?
        .into_iter()
        .filter_map(|s| {
            let c = corners(&s)?;
            Some(FallFigure {
                url: s.quicklook.clone()?,
                coordinates: c.map(|p| [p.x, p.y]),
                id: s.scene_id,
            })
        })
        .collect();
    Ok(ok(figures))
}

/// A zip of the quick-looks of scenes, each with a world file and a `.prj`.
#[utoipa::path(
    post,
    path = "/api/normal/v5/export/quickimage",
    tag = "normal",
    request_body = Ids,
    responses(
        (status = 200, description = "application/zip: ID.png, ID.pgw and ID.prj per scene with a generated quick-look; README.txt lists the others", content_type = "application/zip"),
        (status = 400, description = "No ids, or more than 100", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn export_quick_image(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Ids>,
) -> Result<Response, AppError> {
    if body.ids.is_empty() {
        return Err(AppError::bad_request("请选择要导出快视图的影像"));
    }
    let asked = body.ids.clone();
    let found = scenes(&state, body.ids, MAX_EXPORT).await?;
    let draw = state.draw_quicklook;
    let zip = heavy(&state, ip, move |deadline| {
        pack(&asked, &found, draw, deadline)
    })
    .await?;
    Ok(crate::api::attachment(
        zip,
        "application/zip",
        "quickimage.zip",
    ))
}

/// The zip of `export/quickimage`.
fn pack(
    asked: &[String],
    found: &[SceneRow],
    draw: DrawQuickLook,
    deadline: &Deadline,
) -> Result<Vec<u8>, AppError> {
    let failed = |e: zip::result::ZipError| AppError::Internal(e.into());
    let wrote = |e: std::io::Error| AppError::Internal(e.into());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    let mut without = Vec::new();
    for id in asked {
        deadline.check()?;
        let scene = found.iter().find(|s| &s.scene_id == id);
        let Some((scene, png, c)) = scene.and_then(|s| Some((s, picture(draw, s)?, corners(s)?)))
        else {
            let why = if scene.is_some() {
                "没有生成的快视图"
            } else {
                "影像不存在"
            };
            without.push(format!("{id}\t{why}"));
            continue;
        };
        let name = file_stem(&scene.scene_id);
        zip.start_file(format!("{name}.png"), options)
            .map_err(failed)?;
        zip.write_all(&png).map_err(wrote)?;
        zip.start_file(format!("{name}.pgw"), options)
            .map_err(failed)?;
        zip.write_all(geo_kit::quad::world_file(&c, SIZE, SIZE).as_bytes())
            .map_err(wrote)?;
        zip.start_file(format!("{name}.prj"), options)
            .map_err(failed)?;
        zip.write_all(WGS84_PRJ.as_bytes()).map_err(wrote)?;
    }
    if !without.is_empty() {
        zip.start_file("README.txt", options).map_err(failed)?;
        let text = format!(
            "以下影像未导出快视图（影像号\t原因）：\n{}\n",
            without.join("\n")
        );
        zip.write_all(text.as_bytes()).map_err(wrote)?;
    }
    Ok(zip.finish().map_err(failed)?.into_inner())
}

/// A product id as a safe file name in the zip.
fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Which scenes can be delivered now and which must be fetched from the archive.
#[derive(Debug, Serialize, ToSchema)]
pub struct Availability {
    /// Archived: delivered after retrieval.
    offline: Vec<String>,
    /// Available for immediate delivery.
    online: Vec<String>,
    /// Not in the catalogue.
    missing: Vec<String>,
}

/// Sorts scenes into online, offline (archived) and unknown.
#[utoipa::path(
    post,
    path = "/api/normal/v5/offlinebyids",
    tag = "normal",
    request_body = Ids,
    responses(
        (status = 200, description = "The ids sorted, each list in the order asked", body = Envelope<Availability>),
        (status = 400, description = "More than 10,000 ids", body = ErrorEnvelope),
    )
)]
async fn offline_by_ids(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Availability> {
    let asked = body.ids.clone();
    let found = scenes(&state, body.ids, MAX_IDS).await?;
    let mut answer = Availability {
        offline: Vec::new(),
        online: Vec::new(),
        missing: Vec::new(),
    };
    for id in asked {
        match found.iter().find(|s| s.scene_id == id) {
            Some(s) if s.online => answer.online.push(id),
            Some(_) => answer.offline.push(id),
            None => answer.missing.push(id),
        }
    }
    Ok(ok(answer))
}
