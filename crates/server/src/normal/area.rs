//! The area of interest of an image query: a region, a map rectangle, a
//! drawn polygon, an uploaded area, or (mode 5) an uploaded list of file names
//! or path/rows instead of an area. Every route that needs an area (search,
//! coverage, exports) takes an `AreaQuery` and resolves it here.

use std::sync::Arc;

use geo_kit::aoi::AreaError;
use geo_types::{Geometry, MultiPolygon, Rect, coord};
use serde::Deserialize;
use utoipa::ToSchema;

use super::lists::List;
use super::recent::Recent;
use super::upload::{self, Stored};
use crate::error::AppError;
use crate::state::AppState;
use crate::vector::plain::PlainPolygons;

/// Select modes (spec §4), sent as their number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[repr(u8)]
pub enum SelectMode {
    /// By administrative region (`regionId`).
    Region = 1,
    /// By map rectangle (`extent`).
    Extent = 2,
    /// By uploaded area file (`uploadId` of `upload/shp`).
    Shp = 3,
    /// By polygon drawn on the map (`geojson`).
    Draw = 4,
    /// By uploaded file-name or path/row list (`uploadId` of `upload/file`).
    File = 5,
}

impl SelectMode {
    /// Every mode.
    const ALL: [Self; 5] = [
        Self::Region,
        Self::Extent,
        Self::Shp,
        Self::Draw,
        Self::File,
    ];

    /// The mode numbered `n`, or the Chinese refusal naming the five.
    fn of(n: u8) -> Result<Self, AppError> {
        Self::ALL
            .into_iter()
            .find(|mode| *mode as u8 == n)
            .ok_or_else(|| {
                AppError::bad_request(format!(
                    "查询方式无效：{n}（1 行政区，2 框选，3 范围文件，4 绘制，5 文件名或条带号列表）"
                ))
            })
    }
}

/// Where to search: one of the select modes and what it needs.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaQuery {
    /// 1 region, 2 extent, 3 uploaded area, 4 drawn polygon, 5 uploaded list.
    // A number, checked by `SelectMode::of` so that a wrong one gets its Chinese message.
    #[schema(value_type = SelectMode)]
    pub select_mode: u8,
    /// Region code, with mode 1.
    pub region_id: Option<String>,
    /// [min lon, min lat, max lon, max lat], with mode 2.
    pub extent: Option<[f64; 4]>,
    /// A GeoJSON Polygon or MultiPolygon (geometry or Feature), with mode 4.
    #[schema(value_type = Option<crate::vector::schema::SentArea>)]
    pub geojson: Option<serde_json::Value>,
    /// The `uploadId` of an upload, with modes 3 (an area) and 5 (a list).
    pub upload_id: Option<String>,
}

impl AreaQuery {
    /// A region by its code (mode 1), for modules that take a region where the image query takes any area.
    pub fn region(region_id: String) -> Self {
        Self::of(SelectMode::Region, Some(region_id), None)
    }

    /// An uploaded area by its `uploadId` (mode 3).
    pub fn upload(upload_id: String) -> Self {
        Self::of(SelectMode::Shp, None, Some(upload_id))
    }

    fn of(mode: SelectMode, region_id: Option<String>, upload_id: Option<String>) -> Self {
        Self {
            select_mode: mode as u8,
            region_id,
            extent: None,
            geojson: None,
            upload_id,
        }
    }
}

/// What a query searches: scenes over an area, or scenes named in a list.
#[derive(Debug, Clone)]
pub enum Selection {
    /// Scenes whose footprint meets this area (modes 1–4).
    Area(MultiPolygon<f64>),
    /// Scenes whose file name or path/row is in this list (mode 5).
    List(List),
}

impl Selection {
    /// The area, for the routes that need one (coverage, exports).
    pub fn into_area(self) -> Result<MultiPolygon<f64>, AppError> {
        match self {
            Selection::Area(a) => Ok(a),
            Selection::List(_) => Err(AppError::bad_request(
                "文件名或条带号列表查询没有范围，请改用其他查询方式",
            )),
        }
    }
}

/// Most vertices of an area sent in a request (a drawn polygon, a STAC
/// `intersects`): a hand-drawn polygon has tens; coverage work grows with them.
pub const MAX_SENT_VERTICES: usize = 10_000;

/// Areas sent in requests as they were accepted, by the coordinates sent:
/// checking and repairing an area of thousands of vertices costs more than a
/// search over it, and the same area comes back (a STAC client sends its
/// `intersects` again for every page). Also by the text they came in, where
/// the caller has it: reading a province's 180 KB of GeoJSON again costs
/// more than the search it asks for.
pub struct SentAreas {
    areas: Recent<MultiPolygon<f64>, MultiPolygon<f64>>,
    texts: Recent<str, Arc<MultiPolygon<f64>>>,
}

/// Bytes of accepted areas kept (with the areas as sent): a province's full
/// boundary is up to about 300 KB of both.
const SENT_BUDGET: usize = 4 << 20;

impl Default for SentAreas {
    fn default() -> Self {
        Self {
            areas: Recent::new(SENT_BUDGET, |area| {
                geo_kit::aoi::vertices(area) * std::mem::size_of::<geo_types::Coord<f64>>()
            }),
            // The areas themselves are counted above.
            texts: Recent::new(SENT_BUDGET, |_| 0),
        }
    }
}

impl SentAreas {
    /// An area sent in a request, through the one path every incoming area
    /// takes (`geo_kit::aoi::accept`, at most [`MAX_SENT_VERTICES`]): checked,
    /// and repaired when it is invalid; an area sent before is found again.
    pub fn accept(&self, sent: MultiPolygon<f64>) -> Result<Arc<MultiPolygon<f64>>, AreaError> {
        // The vertex limit first: nothing costs more than a count before it.
        geo_kit::aoi::check_coordinates(&sent, MAX_SENT_VERTICES)?;
        if let Some(accepted) = self.areas.get(&sent) {
            return Ok(accepted);
        }
        let (accepted, _) = geo_kit::aoi::accept(sent.clone(), MAX_SENT_VERTICES)?;
        Ok(self.areas.keep(&sent, accepted))
    }

    /// An area sent as `text`, accepted before from exactly that text.
    pub fn of_text(&self, text: &str) -> Option<Arc<MultiPolygon<f64>>> {
        self.texts.get(text).map(Arc::unwrap_or_clone)
    }

    /// Notes that `text` was read and accepted as `area`.
    pub fn keep_text(&self, text: &str, area: &Arc<MultiPolygon<f64>>) {
        self.texts.keep(text, Arc::clone(area));
    }
}

/// An area sent in the request, accepted (see [`SentAreas::accept`]).
fn accept(state: &AppState, mp: MultiPolygon<f64>) -> Result<MultiPolygon<f64>, AppError> {
    accepted(&state.sent_areas, mp)
}

fn accepted(sent: &SentAreas, mp: MultiPolygon<f64>) -> Result<MultiPolygon<f64>, AppError> {
    sent.accept(mp)
        .map(Arc::unwrap_or_clone)
        .map_err(|e| AppError::bad_request(e.to_string()))
}

/// What the query selects, or a Chinese message saying what is missing.
pub async fn resolve(state: &AppState, q: &AreaQuery) -> Result<Selection, AppError> {
    let mode = SelectMode::of(q.select_mode)?;
    match mode {
        SelectMode::Shp | SelectMode::File => {
            let id = q.upload_id.as_deref().ok_or_else(|| {
                AppError::bad_request(if mode == SelectMode::Shp {
                    "请先上传范围文件"
                } else {
                    "请先上传文件名或条带号列表"
                })
            })?;
            match (mode, upload::load(state, id).await?) {
                (SelectMode::Shp, Stored::Area(a, _)) => Ok(Selection::Area(a)),
                (SelectMode::File, Stored::List(l, _)) => Ok(Selection::List(l)),
                (SelectMode::Shp, Stored::List(..)) => Err(AppError::bad_request(
                    "该上传是文件名或条带号列表，请用文件查询方式（selectMode 5）",
                )),
                _ => Err(AppError::bad_request(
                    "该上传是范围文件，请用范围文件查询方式（selectMode 3）",
                )),
            }
        }
        SelectMode::Region => region(state, q).map(Selection::Area),
        SelectMode::Extent => extent(state, q).map(Selection::Area),
        SelectMode::Draw => drawn(state, q).map(Selection::Area),
    }
}

/// The area of mode 1: the region's shape.
fn region(state: &AppState, q: &AreaQuery) -> Result<MultiPolygon<f64>, AppError> {
    let id = q
        .region_id
        .as_deref()
        .ok_or_else(|| AppError::bad_request("请选择行政区"))?;
    let code = crate::region::tree::normalize(id)
        .ok_or_else(|| AppError::bad_request(crate::region::tree::BAD_CODE))?;
    state
        .regions
        .shape(code)
        .map(|s| s.geom.clone())
        .ok_or_else(|| AppError::NotFound(format!("行政区不存在：{code}")))
}

/// The area of mode 2: the rectangle.
fn extent(state: &AppState, q: &AreaQuery) -> Result<MultiPolygon<f64>, AppError> {
    let [x0, y0, x1, y1] = q
        .extent
        .ok_or_else(|| AppError::bad_request("请在地图上框选范围"))?;
    if !(x0 < x1 && y0 < y1) {
        return Err(AppError::bad_request(
            "框选范围无效：应为 [最小经度, 最小纬度, 最大经度, 最大纬度]",
        ));
    }
    accept(
        state,
        MultiPolygon(vec![
            Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon(),
        ]),
    )
}

/// The area of mode 4: the drawn polygon.
fn drawn(state: &AppState, q: &AreaQuery) -> Result<MultiPolygon<f64>, AppError> {
    let value = q
        .geojson
        .as_ref()
        .ok_or_else(|| AppError::bad_request("请在地图上绘制范围"))?;
    sent(&state.sent_areas, value)
}

/// A drawn area sent as GeoJSON (a Polygon or MultiPolygon, bare or as a Feature's geometry),
/// read and accepted as the image query's mode 4 reads it: at most [`MAX_SENT_VERTICES`],
/// repaired when invalid.
pub fn sent(areas: &SentAreas, value: &serde_json::Value) -> Result<MultiPolygon<f64>, AppError> {
    if let Ok(PlainPolygons(mp)) = PlainPolygons::deserialize(value) {
        return accepted(areas, mp);
    }
    let not_polygon =
        || AppError::bad_request("绘制的范围应为多边形（GeoJSON Polygon 或 MultiPolygon）");
    // Read in place: the value is not copied first.
    let geometry = match geojson::GeoJson::deserialize(value).map_err(|_| not_polygon())? {
        geojson::GeoJson::Geometry(g) => g,
        geojson::GeoJson::Feature(f) => f.geometry.ok_or_else(not_polygon)?,
        geojson::GeoJson::FeatureCollection(_) => return Err(not_polygon()),
    };
    accepted(
        areas,
        match crate::vector::to_geo(geometry).map_err(|_| not_polygon())? {
            Geometry::Polygon(p) => MultiPolygon(vec![p]),
            Geometry::MultiPolygon(mp) => mp,
            _ => return Err(not_polygon()),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{LineString, Polygon, polygon};

    #[test]
    fn a_sent_area_is_accepted_once_and_found_again_as_accepted() {
        let sent = SentAreas::default();
        // A bow-tie: repaired into its two triangles.
        let bow = MultiPolygon(vec![
            polygon![(x: 100.0, y: 30.0), (x: 101.0, y: 31.0), (x: 101.0, y: 30.0), (x: 100.0, y: 31.0), (x: 100.0, y: 30.0)],
        ]);
        let first = sent.accept(bow.clone()).expect("repaired");
        assert_eq!(first.0.len(), 2);
        assert_eq!(
            *first,
            geo_kit::aoi::accept(bow.clone(), MAX_SENT_VERTICES)
                .expect("accepted")
                .0
        );
        assert!(Arc::ptr_eq(&first, &sent.accept(bow).expect("again")));
        // Refusals are not kept, and the vertex limit comes first.
        let line: Vec<(f64, f64)> = (0..=MAX_SENT_VERTICES)
            .map(|i| (100.0 + i as f64 * 1e-4, 30.0 + (i % 2) as f64 * 1e-4))
            .collect();
        let too_many = MultiPolygon(vec![Polygon::new(LineString::from(line), vec![])]);
        for _ in 0..2 {
            assert!(matches!(
                sent.accept(too_many.clone()),
                Err(AreaError::TooManyVertices { .. })
            ));
        }
    }

    #[test]
    fn an_area_is_found_again_by_the_exact_text_it_was_accepted_from() {
        let sent = SentAreas::default();
        let text = r#"{"type":"Polygon","coordinates":[[[100,30],[101,30],[101,31],[100,30]]]}"#;
        assert!(sent.of_text(text).is_none());
        let square = MultiPolygon(vec![
            polygon![(x: 100.0, y: 30.0), (x: 101.0, y: 30.0), (x: 101.0, y: 31.0), (x: 100.0, y: 30.0)],
        ]);
        let accepted = sent.accept(square).expect("accepted");
        sent.keep_text(text, &accepted);
        let found = sent.of_text(text).expect("kept");
        assert!(Arc::ptr_eq(&found, &accepted));
        assert!(
            sent.of_text(&text.replace(",", ", ")).is_none(),
            "another text"
        );
    }
}
