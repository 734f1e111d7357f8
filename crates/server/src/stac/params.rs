//! The parameters of an item search (`/stac/search` GET and POST, and the
//! `bbox`, `datetime` and `limit` of `/stac/collections/{id}/items`), checked
//! into a [`Search`]. GET and POST differ only in how values are written, so
//! GET's query string is first turned into the POST body's shape.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use geo::Intersects;
use geo_types::{Geometry, MultiPolygon, Polygon, Rect, coord};
use serde::Deserialize;
use serde::de::value::MapDeserializer;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::error::StacError;
use crate::normal::area::{MAX_SENT_VERTICES, SentAreas};
use crate::normal::index::TimeOrder;
use crate::vector::plain::PlainPolygons;

/// Items per page when the client does not say.
pub const DEFAULT_LIMIT: usize = 10;
/// The largest page; a larger `limit` is served as this (OGC API Features asks
/// servers not to refuse it).
pub const MAX_LIMIT: usize = 10_000;

/// One value or several: POST bodies should send arrays, but a lone string is
/// read as a list of one rather than refused.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    /// A single value.
    One(String),
    /// A list.
    Many(Vec<String>),
}

impl OneOrMany {
    fn into_vec(self) -> Vec<String> {
        match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        }
    }
}

/// A search as the client wrote it (the POST body; GET is converted to it).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Body {
    /// [west, south, east, north] or the same with heights.
    pub bbox: Option<Vec<f64>>,
    /// A GeoJSON geometry, as sent: read once, where it is checked (taken
    /// from the fields as it is, not through serde: reading it into a raw
    /// value again would scan it again).
    #[serde(skip)]
    pub intersects: Option<Box<RawValue>>,
    /// An RFC 3339 instant or interval, open ends as `..` or empty.
    pub datetime: Option<String>,
    /// Item ids.
    pub ids: Option<OneOrMany>,
    /// Collection ids.
    pub collections: Option<OneOrMany>,
    /// Items per page.
    pub limit: Option<i64>,
    /// Where the previous page ended.
    pub token: Option<String>,
    /// Query extension: `{property: {operator: value}}`.
    pub query: Option<Map<String, Value>>,
    /// Sort extension: the fields to order by.
    pub sortby: Option<SortBy>,
}

/// A `sortby` as sent: GET's comma-separated `+field,-field` (also accepted in
/// a POST body) or POST's list of fields and directions.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SortBy {
    /// `-properties.datetime,+id`.
    Text(String),
    /// `[{"field": "properties.datetime", "direction": "desc"}]`.
    Fields(Vec<SortField>),
}

/// One field of a POST `sortby`.
#[derive(Debug, Clone, Deserialize)]
pub struct SortField {
    /// The item field, e.g. `properties.datetime`.
    pub field: String,
    /// `asc` or `desc`.
    pub direction: String,
}

/// The fields of a POST body as they were sent, by name: each is read into
/// [`Body`] once, and a `next` link gives them back without writing them again.
pub type Fields = BTreeMap<String, Box<RawValue>>;

impl Body {
    /// Reads a POST body's fields; unknown fields are ignored.
    pub fn from_fields(fields: &Fields) -> Result<Self, StacError> {
        let each = fields
            .iter()
            .filter(|(k, _)| *k != "intersects")
            .map(|(k, v)| (k.as_str(), &**v));
        let mut body = Self::deserialize(MapDeserializer::<_, serde_json::Error>::new(each))
            .map_err(|e| StacError::bad_request(format!("检索参数格式错误：{e}")))?;
        // `null` is no geometry, as for every other field.
        body.intersects = fields
            .get("intersects")
            .filter(|g| g.get() != "null")
            .cloned();
        Ok(body)
    }

    /// Reads GET query-string pairs; unknown parameters are ignored.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<Self, StacError> {
        let mut body = Self::default();
        let list = |v: &str| {
            OneOrMany::Many(
                v.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            )
        };
        for (key, value) in pairs {
            match key.as_str() {
                "bbox" => {
                    let numbers: Result<Vec<f64>, _> =
                        value.split(',').map(|n| n.trim().parse::<f64>()).collect();
                    body.bbox = Some(numbers.map_err(|_| {
                        StacError::bad_request(format!(
                            "bbox 格式错误：{value}（应为逗号分隔的 4 或 6 个数）"
                        ))
                    })?);
                }
                "intersects" => {
                    body.intersects =
                        Some(RawValue::from_string(value.clone()).map_err(|_| {
                            StacError::bad_request("intersects 应为 GeoJSON 几何对象")
                        })?);
                }
                "datetime" => body.datetime = Some(value.clone()),
                "ids" => body.ids = Some(list(value)),
                "collections" => body.collections = Some(list(value)),
                "limit" => {
                    body.limit =
                        Some(value.trim().parse().map_err(|_| {
                            StacError::bad_request(format!("limit 应为整数：{value}"))
                        })?);
                }
                "token" => body.token = Some(value.clone()),
                "sortby" => body.sortby = Some(SortBy::Text(value.clone())),
                "query" => {
                    body.query = Some(
                        serde_json::from_str(value)
                            .map_err(|_| StacError::bad_request("query 应为 JSON 对象"))?,
                    );
                }
                _ => {}
            }
        }
        Ok(body)
    }
}

/// A comparison of the Query extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Equal.
    Eq,
    /// Not equal.
    Neq,
    /// Less than.
    Lt,
    /// Less than or equal.
    Lte,
    /// Greater than.
    Gt,
    /// Greater than or equal.
    Gte,
    /// String prefix.
    StartsWith,
    /// String suffix.
    EndsWith,
    /// Substring.
    Contains,
    /// One of a list (for a list property: shares a value with it).
    In,
}

impl Op {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "eq" => Self::Eq,
            "neq" => Self::Neq,
            "lt" => Self::Lt,
            "lte" => Self::Lte,
            "gt" => Self::Gt,
            "gte" => Self::Gte,
            "startsWith" => Self::StartsWith,
            "endsWith" => Self::EndsWith,
            "contains" => Self::Contains,
            "in" => Self::In,
            _ => return None,
        })
    }
}

/// One condition on an item property.
#[derive(Debug, Clone)]
pub struct Condition {
    /// The property, e.g. `eo:cloud_cover`.
    pub field: String,
    /// The comparison.
    pub op: Op,
    /// What the property is compared with.
    pub value: Value,
}

/// Where the previous page ended: the last item's acquisition time and row id.
pub type Cursor = (i64, i64);

/// Where the items of a search must be.
#[derive(Debug)]
pub enum Area {
    /// Polygons (an `intersects` polygon or a `bbox`), accepted: the index
    /// decides every footprint against them exactly.
    Polygons(Arc<MultiPolygon<f64>>),
    /// A point or a line (or a collection): the index is asked for its
    /// bounding box, and each footprint found is tested against it.
    Other(Geometry<f64>),
}

impl Area {
    /// Whether a footprint meets the area (touching counts).
    pub fn meets(&self, footprint: &Polygon<f64>) -> bool {
        match self {
            Area::Polygons(mp) => footprint.intersects(&**mp),
            Area::Other(g) => footprint.intersects(g),
        }
    }
}

/// A checked search.
#[derive(Debug, Default)]
pub struct Search {
    /// Where the items must be; `None` for anywhere.
    pub area: Option<Area>,
    /// Earliest acquisition, unix seconds, inclusive.
    pub from: Option<i64>,
    /// Latest acquisition, unix seconds, inclusive.
    pub to: Option<i64>,
    /// Only these item ids.
    pub ids: Option<HashSet<String>>,
    /// Only these collections (satellites); empty for all.
    pub collections: Vec<String>,
    /// Items per page.
    pub limit: usize,
    /// Continue after this item.
    pub after: Option<Cursor>,
    /// Query extension conditions, all of which must hold.
    pub query: Vec<Condition>,
    /// Which way along time the items come (newest first unless `sortby` says).
    pub order: TimeOrder,
}

impl Search {
    /// Checks a body, its area through `sent`; the error says which parameter is wrong.
    pub fn from_body(body: Body, sent: &SentAreas) -> Result<Self, StacError> {
        if body.bbox.is_some() && body.intersects.is_some() {
            return Err(StacError::bad_request("bbox 与 intersects 只能给出其一"));
        }
        let area = match (body.bbox, body.intersects) {
            (Some(b), _) => Some(bbox(&b, sent)?),
            (_, Some(g)) => Some(geometry(&g, sent)?),
            _ => None,
        };
        let (from, to) = match body.datetime.as_deref() {
            Some(text) => interval(text)?,
            None => (None, None),
        };
        let limit = match body.limit {
            None => DEFAULT_LIMIT,
            Some(n) if n < 1 => {
                return Err(StacError::bad_request(format!(
                    "limit 应为 1 到 {MAX_LIMIT} 的整数：{n}"
                )));
            }
            Some(n) => usize::try_from(n).unwrap_or(MAX_LIMIT).min(MAX_LIMIT),
        };
        Ok(Self {
            area,
            from,
            to,
            ids: body.ids.map(|i| i.into_vec().into_iter().collect()),
            collections: body
                .collections
                .map(OneOrMany::into_vec)
                .unwrap_or_default(),
            limit,
            after: body.token.as_deref().map(cursor).transpose()?,
            query: body.query.map(conditions).transpose()?.unwrap_or_default(),
            order: body.sortby.map(order).transpose()?.unwrap_or_default(),
        })
    }
}

/// The order a `sortby` asks for. Items are kept in acquisition-time order, so
/// time is the one field sorted on; any other is refused, as the Sort extension
/// asks, rather than ignored.
fn order(sortby: SortBy) -> Result<TimeOrder, StacError> {
    let fields: Vec<(String, String)> = match sortby {
        SortBy::Text(text) => text
            .split(',')
            .map(str::trim_end)
            .filter(|f| !f.trim().is_empty())
            .map(|f| match f.as_bytes()[0] {
                b'-' => (f[1..].to_owned(), "desc".to_owned()),
                // A `+` left unescaped in a query string arrives as a space.
                b'+' | b' ' => (f[1..].to_owned(), "asc".to_owned()),
                _ => (f.to_owned(), "asc".to_owned()),
            })
            .collect(),
        SortBy::Fields(list) => list.into_iter().map(|f| (f.field, f.direction)).collect(),
    };
    let mut order = None;
    for (field, direction) in fields {
        if !matches!(field.as_str(), "datetime" | "properties.datetime") {
            return Err(StacError::bad_request(format!(
                "sortby 仅支持按获取时间 datetime 排序：{field}"
            )));
        }
        let this = match direction.as_str() {
            "asc" => TimeOrder::Oldest,
            "desc" => TimeOrder::Newest,
            _ => {
                return Err(StacError::bad_request(format!(
                    "sortby 的方向应为 asc 或 desc：{direction}"
                )));
            }
        };
        // The first field decides; a repeat of it cannot change the order.
        order.get_or_insert(this);
    }
    Ok(order.unwrap_or_default())
}

/// The page token of the item a page ends with.
pub fn token((time, fid): Cursor) -> String {
    format!("{time}_{fid}")
}

fn cursor(text: &str) -> Result<Cursor, StacError> {
    text.split_once('_')
        .and_then(|(t, f)| Some((t.parse().ok()?, f.parse().ok()?)))
        .ok_or_else(|| StacError::bad_request(format!("分页标记 token 无效：{text}")))
}

/// A bbox as a polygon, split in two when it crosses the antimeridian (west > east).
fn bbox(b: &[f64], sent: &SentAreas) -> Result<Area, StacError> {
    let bad = || {
        StacError::bad_request(format!(
            "bbox 无效：{b:?}（应为 [西, 南, 东, 北] 或含高度的 6 个数，经度 -180–180，纬度 -90–90，南不大于北）"
        ))
    };
    let (west, south, east, north) = match *b {
        [w, s, e, n] | [w, s, _, e, n, _] => (w, s, e, n),
        _ => return Err(bad()),
    };
    let lon = -180.0..=180.0;
    let lat = -90.0..=90.0;
    if !(lon.contains(&west) && lon.contains(&east) && lat.contains(&south) && lat.contains(&north))
        || south > north
    {
        return Err(bad());
    }
    let rect = |w: f64, e: f64| Rect::new(coord! {x: w, y: south}, coord! {x: e, y: north});
    let parts = if west <= east {
        vec![rect(west, east).to_polygon()]
    } else {
        vec![
            rect(west, 180.0).to_polygon(),
            rect(-180.0, east).to_polygon(),
        ]
    };
    accept(MultiPolygon(parts), sent)
}

/// An area of a search through the one path every incoming area takes.
fn accept(mp: MultiPolygon<f64>, sent: &SentAreas) -> Result<Area, StacError> {
    sent.accept(mp).map(Area::Polygons).map_err(refused)
}

fn refused(e: geo_kit::aoi::AreaError) -> StacError {
    StacError::bad_request(format!("intersects 或 bbox 无效：{e}"))
}

/// The `intersects` geometry (a plain polygon read straight, see
/// [`PlainPolygons`]): polygons go through [`accept`] (checked and
/// repaired); points and lines take its coordinate checks.
fn geometry(raw: &RawValue, sent: &SentAreas) -> Result<Area, StacError> {
    // The same text comes again with every page and every repeated search.
    if let Some(area) = sent.of_text(raw.get()) {
        return Ok(Area::Polygons(area));
    }
    if let Ok(PlainPolygons(mp)) = serde_json::from_str(raw.get()) {
        let area = accept(mp, sent)?;
        if let Area::Polygons(accepted) = &area {
            sent.keep_text(raw.get(), accepted);
        }
        return Ok(area);
    }
    let bad = || StacError::bad_request("intersects 应为 GeoJSON 几何对象（Point、Polygon 等）");
    let g: geojson::Geometry = serde_json::from_str(raw.get()).map_err(|_| bad())?;
    match crate::vector::to_geo(g).map_err(|_| bad())? {
        Geometry::Polygon(p) => accept(MultiPolygon(vec![p]), sent),
        Geometry::MultiPolygon(mp) => accept(mp, sent),
        other => {
            geo_kit::aoi::check_coordinates(&other, MAX_SENT_VERTICES).map_err(refused)?;
            Ok(Area::Other(other))
        }
    }
}

/// An instant or interval as inclusive whole-second bounds: scenes carry whole
/// seconds, so a start rounds up and an end rounds down.
fn interval(text: &str) -> Result<(Option<i64>, Option<i64>), StacError> {
    let bad = || {
        StacError::bad_request(format!(
            "datetime 无效：{text}（应为 RFC 3339 时间或区间，如 2025-01-01T00:00:00Z/.. 或 ../2025-06-30T23:59:59Z）"
        ))
    };
    let instant = |s: &str| {
        // RFC 3339 allows lower-case t and z.
        OffsetDateTime::parse(&s.to_ascii_uppercase(), &Rfc3339).map_err(|_| bad())
    };
    let open = |s: &str| match s {
        "" | ".." => Ok(None),
        s => instant(s).map(Some),
    };
    let up = |t: OffsetDateTime| t.unix_timestamp() + i64::from(t.nanosecond() > 0);
    let down = |t: OffsetDateTime| t.unix_timestamp();
    match text.split_once('/') {
        None => {
            let t = instant(text)?;
            Ok((Some(up(t)), Some(down(t))))
        }
        Some((start, end)) => {
            if end.contains('/') {
                return Err(bad());
            }
            let (start, end) = (open(start)?, open(end)?);
            match (start, end) {
                (None, None) => Err(bad()),
                (Some(s), Some(e)) if s > e => Err(bad()),
                _ => Ok((start.map(up), end.map(down))),
            }
        }
    }
}

fn conditions(query: Map<String, Value>) -> Result<Vec<Condition>, StacError> {
    let mut out = Vec::new();
    for (field, ops) in query {
        let Value::Object(ops) = ops else {
            return Err(StacError::bad_request(format!(
                "query 中 {field} 的条件应为对象，如 {{\"lte\": 20}}"
            )));
        };
        for (name, value) in ops {
            let op = Op::parse(&name).ok_or_else(|| {
                StacError::bad_request(format!(
                    "query 运算符无效：{name}（eq、neq、lt、lte、gt、gte、startsWith、endsWith、contains、in）"
                ))
            })?;
            if op == Op::In && !value.is_array() {
                return Err(StacError::bad_request(format!(
                    "query 中 {field} 的 in 应为数组"
                )));
            }
            out.push(Condition {
                field: field.clone(),
                op,
                value,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(text: &str) -> Result<(Option<i64>, Option<i64>), StacError> {
        interval(text)
    }

    #[test]
    fn datetimes_follow_rfc_3339_with_open_ends() {
        let t = 1_735_689_600; // 2025-01-01T00:00:00Z
        assert_eq!(dt("2025-01-01T00:00:00Z").ok(), Some((Some(t), Some(t))));
        assert_eq!(
            dt("2025-01-01t08:00:00+08:00").ok(),
            Some((Some(t), Some(t)))
        );
        assert_eq!(dt("../2025-01-01T00:00:00Z").ok(), Some((None, Some(t))));
        assert_eq!(dt("2025-01-01T00:00:00Z/").ok(), Some((Some(t), None)));
        assert_eq!(
            dt("2024-12-31T23:59:59.5Z/2025-01-01T00:00:00.5Z").ok(),
            Some((Some(t), Some(t)))
        );
        for bad in [
            "/",
            "../..",
            "/..",
            "../",
            "2025-01-01",
            "2025-01-01T00:00:00",
            "2025-01-01T00:00:00+0100",
            "2025-01-01T00:00:00,5Z",
            "2025-01-01T00:00:00.Z",
            "2025-13-01T00:00:00Z",
            "2026-01-01T00:00:00Z/2025-01-01T00:00:00Z",
            "/2024-01-01T00:00:00Z/2025-01-01T00:00:00Z",
            "2024-01-01T00:00:00Z/2025-01-01T00:00:00Z/",
        ] {
            assert!(dt(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn a_bbox_over_the_antimeridian_becomes_two_rectangles() {
        let sent = SentAreas::default();
        let Ok(Area::Polygons(mp)) = bbox(&[170.0, -10.0, -170.0, 10.0], &sent) else {
            panic!("two rectangles")
        };
        assert_eq!(mp.0.len(), 2);
        assert!(matches!(
            bbox(&[100.0, 0.0, 0.0, 105.0, 1.0, 1.0], &sent),
            Ok(Area::Polygons(mp)) if mp.0.len() == 1
        ));
        for bad in [
            &[0.0][..],
            &[0.0, 0.0, 0.0],
            &[0.0, 0.0, 0.0, 1.0, 1.0],
            &[100.0, 1.0, 105.0, 0.0],
            &[100.0, 0.0, 190.0, 1.0],
        ] {
            assert!(bbox(bad, &sent).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn get_parameters_read_like_the_post_body() {
        let pairs =
            |q: &str| -> Vec<(String, String)> { serde_urlencoded::from_str(q).expect("pairs") };
        let body = Body::from_pairs(&pairs(
            "bbox=100,20,110,30&collections=GF1,GF2&ids=a&limit=5&query=%7B%22eo%3Acloud_cover%22%3A%7B%22lte%22%3A20%7D%7D",
        ))
        .expect("body");
        let sent = SentAreas::default();
        let search = Search::from_body(body, &sent).expect("search");
        assert_eq!(search.collections, ["GF1", "GF2"]);
        assert_eq!(search.limit, 5);
        assert_eq!(search.query.len(), 1);
        assert_eq!(search.query[0].op, Op::Lte);
        assert!(Body::from_pairs(&pairs("bbox=[1,2,3,4]")).is_err());
        assert!(Body::from_pairs(&pairs("limit=ten")).is_err());
        let search = |q: &str| Search::from_body(Body::from_pairs(&pairs(q)).expect("body"), &sent);
        assert_eq!(
            search("limit=1000000").map(|s| s.limit).ok(),
            Some(MAX_LIMIT)
        );
        assert!(search("limit=0").is_err());
        assert!(search("token=12x").is_err());
    }
}
