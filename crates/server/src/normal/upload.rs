//! Uploads for select modes 3 and 5: an area file (`upload/shp`) or a list of
//! file names or path/rows (`upload/file`), stored under an unguessable id for
//! seven days, at most 60 per client address in 15 minutes; either fetched
//! back by its id (`upload/shp/{id}`, `upload/file/{id}`), and the path/row
//! template.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::response::IntoResponse;
use geo::GeodesicArea;
use geo_types::{Geometry, MultiPolygon};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::lists::{self, List, Rejected};
use super::store;
use crate::api::{ApiPath, ApiResult, ClientIp, Envelope, blocking, from_name, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::{new_token, now_secs};
use crate::vector;

/// Largest file accepted, bytes.
pub const MAX_FILE: usize = 20 << 20;

/// How long an upload can be searched with, seconds.
const KEEP_SECS: i64 = 7 * 86_400;

/// The upload routes, which take bodies up to 20 MB (plus the multipart framing).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_area))
        .routes(routes!(upload_list))
        .layer(DefaultBodyLimit::max(MAX_FILE + (1 << 20)))
        .routes(routes!(uploaded_area))
        .routes(routes!(uploaded_list))
        .routes(routes!(path_row_template))
}

/// What an upload id stands for, with what its answer reported besides its
/// content (so fetching it back reports the same).
#[derive(Debug, Clone)]
pub enum Stored {
    /// An area (mode 3) and its facts.
    Area(MultiPolygon<f64>, AreaFacts),
    /// A list (mode 5) and the lines left out of it.
    List(List, Vec<Rejected>),
}

/// What is shown about an uploaded area beside its shape.
#[derive(Debug, Clone)]
pub struct AreaFacts {
    /// The coordinate system the file was in.
    crs: String,
    /// Whether invalid rings were repaired.
    repaired: bool,
}

fn internal(e: impl Into<anyhow::Error>) -> AppError {
    AppError::Internal(e.into())
}

/// The upload behind an id, if it exists and is younger than seven days.
pub async fn load(state: &AppState, upload_id: &str) -> Result<Stored, AppError> {
    let id = upload_id.to_owned();
    let row = state
        .db
        .call(move |c| store::upload(c, &id, now_secs() - KEEP_SECS))
        .await?
        .map(|r| {
            let facts = AreaFacts {
                crs: r.crs.unwrap_or_default(),
                repaired: r.repaired,
            };
            (r.geom, r.entries, facts, r.rejected)
        });
    let broken = |what: &str| internal(anyhow::anyhow!("upload {upload_id}: {what}"));
    match row {
        None => Err(AppError::NotFound(
            "上传文件已过期或不存在，请重新上传".into(),
        )),
        Some((Some(blob), _, facts, _)) => match geo_kit::gpkg::decode(&blob) {
            Ok(Geometry::MultiPolygon(mp)) => Ok(Stored::Area(mp, facts)),
            _ => Err(broken("geometry is not a multipolygon")),
        },
        Some((None, Some(entries), _, rejected)) => {
            let list = serde_json::from_str(&entries).map_err(|_| broken("bad entries"))?;
            let rejected = match rejected {
                Some(json) => serde_json::from_str(&json).map_err(|_| broken("bad rejected"))?,
                None => Vec::new(),
            };
            Ok(Stored::List(list, rejected))
        }
        Some((None, None, _, _)) => Err(broken("neither geometry nor entries")),
    }
}

/// Stores an upload in one transaction, purging week-old ones; its new id.
async fn store(state: &AppState, file_name: String, what: &Stored) -> Result<String, AppError> {
    let id = new_token()?;
    let (kind, geom, entries, crs, repaired, rejected) = match what {
        Stored::Area(mp, facts) => (
            "area",
            Some(geo_kit::gpkg::encode(
                &Geometry::MultiPolygon(mp.clone()),
                4326,
            )),
            None,
            Some(facts.crs.clone()),
            facts.repaired,
            None,
        ),
        Stored::List(list, rejected) => (
            match list {
                List::FileNames(_) => "filename",
                List::PathRows(_) => "pathrow",
            },
            None,
            Some(serde_json::to_string(list).map_err(internal)?),
            None,
            false,
            Some(serde_json::to_string(rejected).map_err(internal)?),
        ),
    };
    let stored_id = id.clone();
    state
        .db
        .call(move |c| {
            let now = now_secs();
            let row = store::UploadRow {
                geom,
                entries,
                crs,
                repaired,
                rejected,
            };
            store::save_upload(c, &stored_id, kind, &file_name, &row, now, now - KEEP_SECS)
        })
        .await?;
    Ok(id)
}

/// 429 once an address has used up its uploads for the window.
pub const TOO_MANY_UPLOADS: &str = "上传过于频繁，请稍后再试";

/// The uploaded file and the other fields of the form.
pub struct Form {
    /// The file's name as sent.
    pub file_name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The `kind` field, with a list.
    pub kind: Option<String>,
}

/// Reads the form (field `file`, at most [`MAX_FILE`]), counting the file's bytes against
/// the limit as they come.
pub async fn read_form(form: Result<Multipart, MultipartRejection>) -> Result<Form, AppError> {
    let mut form = form?;
    let mut file = None;
    let mut kind = None;
    while let Some(mut field) = form.next_field().await? {
        match field.name() {
            Some("file") => {
                let name = field.file_name().unwrap_or("upload").to_owned();
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await? {
                    if bytes.len() + chunk.len() > MAX_FILE {
                        return Err(AppError::bad_request(format!(
                            "文件超过 {} MB，请压缩或简化后再上传",
                            MAX_FILE >> 20
                        )));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some((name, bytes));
            }
            Some("kind") => kind = Some(field.text().await?),
            _ => {}
        }
    }
    let (file_name, bytes) = file.ok_or_else(|| AppError::bad_request("请选择要上传的文件"))?;
    if bytes.is_empty() {
        return Err(AppError::bad_request("文件为空"));
    }
    Ok(Form {
        file_name,
        bytes,
        kind,
    })
}

/// An uploaded area.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaUpload {
    /// Use as `uploadId` with select mode 3.
    upload_id: String,
    /// The area as a GeoJSON MultiPolygon, WGS84.
    #[schema(value_type = crate::vector::schema::MultiPolygon)]
    geojson: serde_json::Value,
    /// Geodesic area, km².
    area_km2: f64,
    /// The coordinate system the file was in, e.g. `CGCS2000 / 3-degree Gauss-Kruger zone 39 (EPSG:4527)`.
    crs: String,
    /// Polygons in the area.
    parts: usize,
    /// Vertices in the area.
    vertices: usize,
    /// Whether invalid rings (self-intersections, overlaps) were repaired.
    repaired: bool,
}

impl AreaUpload {
    /// The answer about an area stored under `upload_id`.
    fn of(
        upload_id: String,
        geom: &MultiPolygon<f64>,
        facts: &AreaFacts,
    ) -> Result<Self, AppError> {
        let geojson = serde_json::to_value(geojson::Geometry::from(&Geometry::MultiPolygon(
            geom.clone(),
        )))
        .map_err(internal)?;
        Ok(Self {
            upload_id,
            geojson,
            area_km2: geom.geodesic_area_unsigned() / 1e6,
            crs: facts.crs.clone(),
            parts: geom.0.len(),
            vertices: geo_kit::aoi::vertices(geom),
            repaired: facts.repaired,
        })
    }
}

/// Uploads an area of interest for select mode 3: a zipped shapefile (with or
/// without .prj; WGS84, CGCS2000 or a CGCS2000 Gauss-Krüger zone), KML, KMZ,
/// GeoJSON or WKT, with only polygons, at most 100,000 vertices and 20 MB.
#[utoipa::path(
    post,
    path = "/api/normal/v5/upload/shp",
    tag = "normal",
    request_body(content_type = "multipart/form-data", description = "Field `file`: .zip (shapefile), .kml, .kmz, .geojson/.json or .wkt/.txt"),
    responses(
        (status = 200, description = "The stored area", body = Envelope<AreaUpload>),
        (status = 400, description = "Unreadable file, unsupported coordinate system, not polygons, too many vertices, too large or a zip bomb", body = ErrorEnvelope),
        (status = 413, description = "Request over the size limit", body = ErrorEnvelope),
        (status = 429, description = "More than 60 uploads from the address in 15 minutes", body = ErrorEnvelope),
    )
)]
async fn upload_area(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<AreaUpload> {
    // Counted, or refused, before the body is read.
    state.uploads.admit_client(ip, TOO_MANY_UPLOADS)?;
    let form = read_form(form).await?;
    let name = form.file_name.clone();
    let area = blocking(move || {
        vector::read_area(&name, &form.bytes).map_err(|e| AppError::bad_request(e.0))
    })
    .await?;
    let facts = AreaFacts {
        crs: area.crs.label(),
        repaired: area.repaired,
    };
    let answer = AreaUpload::of(String::new(), &area.geom, &facts)?;
    let upload_id = store(&state, form.file_name, &Stored::Area(area.geom, facts)).await?;
    Ok(ok(AreaUpload {
        upload_id,
        ..answer
    }))
}

/// An uploaded area again, as its upload answered: for a page restoring a
/// search over it (a permalink) to draw it and report on it.
#[utoipa::path(
    get,
    path = "/api/normal/v5/upload/shp/{id}",
    tag = "normal",
    params(("id" = String, Path, description = "The `uploadId` of an area upload")),
    responses(
        (status = 200, description = "The stored area", body = Envelope<AreaUpload>),
        (status = 400, description = "The upload is a list, not an area", body = ErrorEnvelope),
        (status = 404, description = "Unknown, or older than seven days", body = ErrorEnvelope),
    )
)]
async fn uploaded_area(
    State(state): State<AppState>,
    ApiPath(upload_id): ApiPath<String>,
) -> ApiResult<AreaUpload> {
    match load(&state, &upload_id).await? {
        Stored::Area(mp, facts) => Ok(ok(AreaUpload::of(upload_id, &mp, &facts)?)),
        Stored::List(..) => Err(AppError::bad_request(
            "该上传是文件名或条带号列表，不是范围文件",
        )),
    }
}

/// What an uploaded list holds: scene file names, or path/rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    /// Scene file names, one a line.
    Filename,
    /// `satellite,path,row` or `path,row`, one a line.
    Pathrow,
}

/// An uploaded list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListUpload {
    /// Use as `uploadId` with select mode 5.
    upload_id: String,
    /// What the list holds.
    kind: ListKind,
    /// Entries kept (duplicates once).
    count: usize,
    /// The first 100 entries: file names, or `satellite,path,row` / `path,row`.
    entries: Vec<String>,
    /// Lines left out and why.
    rejected: Vec<Rejected>,
}

impl ListUpload {
    /// The answer about a list stored under `upload_id`.
    fn of(upload_id: String, list: &List, rejected: &[Rejected]) -> Self {
        Self {
            upload_id,
            kind: match list {
                List::FileNames(_) => ListKind::Filename,
                List::PathRows(_) => ListKind::Pathrow,
            },
            count: list.len(),
            entries: list.first(100),
            rejected: rejected.to_vec(),
        }
    }
}

/// Uploads a list for select mode 5: field `file` (.txt or .csv, one entry a
/// line; UTF-8, UTF-8 with BOM or GBK) and field `kind`: `filename` (scene
/// file names) or `pathrow` (`satellite,path,row` or `path,row`).
#[utoipa::path(
    post,
    path = "/api/normal/v5/upload/file",
    tag = "normal",
    request_body(content_type = "multipart/form-data", description = "Fields `file` (.txt or .csv) and `kind` (`filename` or `pathrow`)"),
    responses(
        (status = 200, description = "The stored list", body = Envelope<ListUpload>),
        (status = 400, description = "Not .txt/.csv, bad kind, no valid entry, too many entries or too large", body = ErrorEnvelope),
        (status = 413, description = "Request over the size limit", body = ErrorEnvelope),
        (status = 429, description = "More than 60 uploads from the address in 15 minutes", body = ErrorEnvelope),
    )
)]
async fn upload_list(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<ListUpload> {
    // Counted, or refused, before the body is read.
    state.uploads.admit_client(ip, TOO_MANY_UPLOADS)?;
    let form = read_form(form).await?;
    let kind = match form.kind.as_deref().map(str::trim) {
        None => ListKind::Filename,
        Some(name) => from_name(name).ok_or_else(|| {
            AppError::bad_request(format!("kind 无效：{name}（filename 或 pathrow）"))
        })?,
    };
    let path_rows = kind == ListKind::Pathrow;
    let lower = form.file_name.to_lowercase();
    if !(lower.ends_with(".txt") || lower.ends_with(".csv")) {
        return Err(AppError::bad_request("请上传 .txt 或 .csv 文件"));
    }
    let (list, rejected) = lists::parse_list(&lists::decode_text(&form.bytes), path_rows)?;
    let answer = ListUpload::of(String::new(), &list, &rejected);
    let upload_id = store(&state, form.file_name, &Stored::List(list, rejected)).await?;
    Ok(ok(ListUpload {
        upload_id,
        ..answer
    }))
}

/// An uploaded list again, as its upload answered (its first 100 entries and
/// the lines left out): for a page restoring a search over it (a permalink).
#[utoipa::path(
    get,
    path = "/api/normal/v5/upload/file/{id}",
    tag = "normal",
    params(("id" = String, Path, description = "The `uploadId` of a list upload")),
    responses(
        (status = 200, description = "The stored list", body = Envelope<ListUpload>),
        (status = 400, description = "The upload is an area, not a list", body = ErrorEnvelope),
        (status = 404, description = "Unknown, or older than seven days", body = ErrorEnvelope),
    )
)]
async fn uploaded_list(
    State(state): State<AppState>,
    ApiPath(upload_id): ApiPath<String>,
) -> ApiResult<ListUpload> {
    match load(&state, &upload_id).await? {
        Stored::List(list, rejected) => Ok(ok(ListUpload::of(upload_id, &list, &rejected))),
        Stored::Area(..) => Err(AppError::bad_request("该上传是范围文件，不是列表")),
    }
}

/// The path/row template: UTF-8 with BOM so Excel opens it right.
const TEMPLATE: &str = "\u{feff}satellite,path,row\r\nGF1,12,34\r\nGF6,566,120\r\n";

/// A CSV template for path/row lists (header and two example lines), as a download.
#[utoipa::path(
    get,
    path = "/api/normal/v5/template/pathandrows",
    tag = "normal",
    responses((status = 200, description = "CSV template", content_type = "text/csv", body = String))
)]
async fn path_row_template() -> impl IntoResponse {
    crate::api::attachment(
        TEMPLATE.into(),
        "text/csv; charset=utf-8",
        "pathandrows.csv",
    )
}
