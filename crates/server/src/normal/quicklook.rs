//! Quick-look images: generated pictures of demo scenes (`quicklook/{id}`),
//! their placement on the map (`fallfigure`), a zip of them with world files
//! (`export/quickimage`), and which scenes are online (`offlinebyids`).
//!
//! A demo scene's quick-look is drawn from its id and cloud cover, so it needs
//! no storage and is the same every time. Real scenes keep the URL of their
//! provider's quick-look; it is not proxied.

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

/// Side of a generated quick-look, pixels.
const SIZE: u32 = 256;
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

/// The generated quick-look of a demo scene, as PNG bytes; `None` for real scenes.
fn picture(scene: &SceneRow) -> Option<Vec<u8>> {
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
    let png = picture(scene).ok_or_else(|| AppError::NotFound(format!("该景没有快视图：{id}")))?;
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

/// The WKT of WGS84, for the `.prj` beside each image.
const WGS84_PRJ: &str = r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#;

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
    let zip = heavy(&state, ip, move |deadline| pack(&asked, &found, deadline)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"quickimage.zip\"",
            ),
        ],
        zip,
    )
        .into_response())
}

/// The zip of `export/quickimage`.
fn pack(asked: &[String], found: &[SceneRow], deadline: &Deadline) -> Result<Vec<u8>, AppError> {
    let failed = |e: zip::result::ZipError| AppError::Internal(e.into());
    let wrote = |e: std::io::Error| AppError::Internal(e.into());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    let mut without = Vec::new();
    for id in asked {
        deadline.check()?;
        let scene = found.iter().find(|s| &s.scene_id == id);
        let Some((scene, png, c)) = scene.and_then(|s| Some((s, picture(s)?, corners(s)?))) else {
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

// ---- Drawing ----

/// FNV-1a of a text: the seed of a scene's picture.
fn seed_of(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A lattice value in [0, 1) for integer coordinates.
fn lattice(seed: u64, x: i64, y: i64) -> f64 {
    let mut h = seed
        ^ (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 29)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (h >> 11) as f64 / (1_u64 << 53) as f64
}

/// Smooth value noise in [0, 1).
fn noise(seed: u64, x: f64, y: f64) -> f64 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let top = lattice(seed, ix, iy) * (1.0 - sx) + lattice(seed, ix + 1, iy) * sx;
    let bottom = lattice(seed, ix, iy + 1) * (1.0 - sx) + lattice(seed, ix + 1, iy + 1) * sx;
    top * (1.0 - sy) + bottom * sy
}

/// Four octaves of value noise, in [0, 1).
fn fbm(seed: u64, x: f64, y: f64) -> f64 {
    let mut sum = 0.0;
    let mut amplitude = 0.5;
    let mut frequency = 1.0;
    for octave in 0..4 {
        sum += amplitude * noise(seed.wrapping_add(octave), x * frequency, y * frequency);
        amplitude /= 2.0;
        frequency *= 2.0;
    }
    sum / 0.9375
}

/// Draws a quick-look: land with fields and a river under clouds covering
/// `cloud` percent, or speckled grey for radar; PNG bytes.
fn draw(id: &str, cloud: f64, radar: bool) -> Vec<u8> {
    let seed = seed_of(id);
    let n = SIZE as usize;
    let mut rgb = Vec::with_capacity(n * n * 3);
    let clouds: Vec<f64> = (0..n * n)
        .map(|i| fbm(seed ^ 0xC10D, (i % n) as f64 / 48.0, (i / n) as f64 / 48.0))
        .collect();
    // The threshold above which exactly `cloud` percent of the pixels are cloud.
    let mut sorted = clouds.clone();
    sorted.sort_by(f64::total_cmp);
    let covered = ((cloud / 100.0) * (n * n) as f64).round() as usize;
    let threshold = if covered == 0 {
        f64::INFINITY
    } else {
        sorted[n * n - covered.min(n * n)]
    };
    for (i, &c) in clouds.iter().enumerate() {
        let (x, y) = ((i % n) as f64, (i / n) as f64);
        let relief = fbm(seed, x / 64.0, y / 64.0);
        let pixel = if radar {
            let speckle = lattice(seed ^ 0x5EC1, x as i64, y as i64) - 0.5;
            let grey = (50.0 + 150.0 * relief + 60.0 * speckle).clamp(0.0, 255.0);
            [grey; 3]
        } else {
            let river = (fbm(seed ^ 0x21E5, x / 96.0, y / 96.0) - 0.5).abs() < 0.012;
            let land = if river {
                [55.0, 85.0, 120.0]
            } else {
                // Lowlands are farmland in fields; higher ground is brown hills.
                let field = lattice(seed ^ 0xF1E1, (x / 14.0) as i64, (y / 10.0) as i64) - 0.5;
                let low = [
                    85.0 + 40.0 * field,
                    120.0 + 35.0 * field,
                    70.0 + 20.0 * field,
                ];
                let high = [140.0, 125.0, 95.0];
                let t = ((relief - 0.45) * 4.0).clamp(0.0, 1.0);
                [0, 1, 2].map(|k| low[k] * (1.0 - t) + high[k] * t)
            };
            let alpha = if c >= threshold {
                ((c - threshold) / 0.04 + 0.6).min(1.0)
            } else {
                0.0
            };
            [0, 1, 2].map(|k| land[k] * (1.0 - alpha) + 245.0 * alpha)
        };
        rgb.extend(pixel.map(|v| v as u8));
    }
    encode(&rgb)
}

/// PNG bytes of a SIZE × SIZE RGB raster.
fn encode(rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, SIZE, SIZE);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    // Writing into memory fails only on a size mismatch, which SIZE rules out.
    if let Ok(mut writer) = encoder.write_header() {
        let _ = writer.write_image_data(rgb);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixels(png_bytes: &[u8]) -> Vec<u8> {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("frame");
        assert_eq!((info.width, info.height), (SIZE, SIZE));
        buf
    }

    fn white_share(rgb: &[u8]) -> f64 {
        let white = rgb.chunks(3).filter(|p| p.iter().all(|&v| v > 200)).count();
        white as f64 / (rgb.len() / 3) as f64
    }

    #[test]
    fn pictures_are_stable_per_id_and_as_cloudy_as_the_scene() {
        let a = draw("GF1_PMS1_E114.3_N30.6_20250301_L1A0001234567", 40.0, false);
        assert_eq!(
            a,
            draw("GF1_PMS1_E114.3_N30.6_20250301_L1A0001234567", 40.0, false)
        );
        assert_ne!(
            a,
            draw("GF1_PMS2_E114.3_N30.6_20250301_L1A0001234568", 40.0, false)
        );
        let cloudy = white_share(&pixels(&a));
        assert!((cloudy - 0.4).abs() < 0.05, "{cloudy}");
        let clear = white_share(&pixels(&draw("x", 0.0, false)));
        assert!(clear < 0.01, "{clear}");
        let radar = pixels(&draw("x", 0.0, true));
        assert!(radar.chunks(3).all(|p| p[0] == p[1] && p[1] == p[2]));
    }
}
