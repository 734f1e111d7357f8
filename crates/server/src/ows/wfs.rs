//! WFS 2.0 (KVP over GET) for every registered layer, at
//! `/ows/cloudPlatform/wfs`: `GetCapabilities`, `DescribeFeatureType` (an XML
//! schema) and `GetFeature` as GeoJSON (`outputFormat=application/json`, the
//! default) or GML 3.2 (`application/gml+xml; version=3.2`, what QGIS reads),
//! with `typeNames`, `bbox`, `count`/`startIndex` paging and
//! `resultType=hits`; a `filter` may hold one `BBOX` (what GDAL sends for a
//! spatial filter). Errors are OWS exception reports with status 400.
//!
//! Axis order: the default CRS is CRS84 (WGS84 longitude,latitude), so a
//! `bbox` without a CRS and every answer are longitude,latitude as GeoJSON
//! wants (RFC 7946). `urn:ogc:def:crs:EPSG::4326` (and its http form) is
//! latitude,longitude, as WFS 2.0 says: a `bbox` or `Envelope` naming it is
//! read that way, and `srsName` naming it answers that way; GDAL reads the
//! answer's axis order from the CRS, so a default of EPSG::4326 would have
//! it swap GeoJSON's coordinates.

use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use geo::MapCoordsInPlace;
use geo_kit::Envelope;
use geo_types::{Coord, Geometry, LineString, Rect};
use serde_json::{Value as Json, json};

use super::layers::{AttributeKind, Detail, GeometryKind, Layers, MapLayer, Value, ViewParams};
use super::{WORKSPACE, xml_escape};
use crate::api::Origin;
use crate::api::blocking;
use crate::error::AppError;
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// Most features one `GetFeature` answers, and how many it answers when no
/// `count` is given (the `CountDefault` constraint of the capabilities).
pub const COUNT_DEFAULT: usize = 500;

/// The namespace URI of the workspace's feature types (prefix `cloudPlatform`).
pub const NAMESPACE: &str = "https://rscloud.cn/ows/cloudPlatform";

/// The default CRS of every feature type: WGS84 longitude,latitude.
const DEFAULT_CRS: &str = "urn:ogc:def:crs:OGC:1.3:CRS84";

/// The other CRS every feature type is offered in: WGS84 latitude,longitude.
const OTHER_CRS: &str = "urn:ogc:def:crs:EPSG::4326";

/// Longest `filter` read: the query string is bounded anyway (8 KiB).
const MAX_FILTER: usize = 4096;

/// The GeoJSON output format of `GetFeature` (the default).
const GEOJSON: &str = "application/json";

/// The GML 3.2 output format of `GetFeature` (what QGIS's WFS client reads).
const GML32: &str = "application/gml+xml; version=3.2";

/// How `GetFeature` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// A GeoJSON FeatureCollection.
    GeoJson,
    /// A WFS 2.0 FeatureCollection of GML 3.2 features.
    Gml32,
}

impl OutputFormat {
    /// Its media type, as the capabilities list it.
    fn media_type(self) -> &'static str {
        match self {
            Self::GeoJson => GEOJSON,
            Self::Gml32 => GML32,
        }
    }

    /// The format a client names, in any of the spellings clients use.
    fn named(name: &str) -> Option<Self> {
        let name: String = name
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '"')
            .collect::<String>()
            .to_ascii_lowercase();
        match name.as_str() {
            "application/json" | "json" | "application/geo+json" | "geojson" => Some(Self::GeoJson),
            "application/gml+xml;version=3.2"
            | "text/xml;subtype=gml/3.2"
            | "application/gml+xml"
            | "gml32" => Some(Self::Gml32),
            _ => None,
        }
    }
}

/// A parsed WFS request.
#[derive(Debug, Clone, PartialEq)]
pub enum WfsRequest {
    /// `GetCapabilities`.
    GetCapabilities,
    /// `DescribeFeatureType` of these layers (bare names; empty: every layer).
    DescribeFeatureType(Vec<String>),
    /// `GetFeature`.
    GetFeature(GetFeature),
}

/// A parsed `GetFeature`.
#[derive(Debug, Clone, PartialEq)]
pub struct GetFeature {
    /// The layer, without the workspace prefix.
    pub type_name: String,
    /// The box features must meet, in longitude/latitude.
    pub bbox: Option<Envelope>,
    /// Most features to answer (at most [`COUNT_DEFAULT`]).
    pub count: usize,
    /// How many matching features to skip.
    pub start_index: usize,
    /// `resultType=hits`: only the number of matching features.
    pub hits: bool,
    /// `srsName` puts latitude first: answer coordinates in that order.
    pub lat_first: bool,
    /// How to answer.
    pub format: OutputFormat,
    /// The vendor parameters (`viewparams=key:value;…`) the layer may be narrowed by.
    pub params: ViewParams,
}

/// An OWS exception: answered as an `ExceptionReport` with status 400.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    /// `exceptionCode`, e.g. `InvalidParameterValue`.
    pub code: &'static str,
    /// The parameter at fault (`locator`).
    pub locator: &'static str,
    /// What is wrong, in Chinese as every message of the platform.
    pub text: String,
}

impl Exception {
    fn invalid(locator: &'static str, text: impl Into<String>) -> Self {
        Self {
            code: "InvalidParameterValue",
            locator,
            text: text.into(),
        }
    }

    fn missing(locator: &'static str) -> Self {
        Self {
            code: "MissingParameterValue",
            locator,
            text: format!("缺少参数 {locator}"),
        }
    }

    fn unsupported(locator: &'static str, text: impl Into<String>) -> Self {
        Self {
            code: "OperationNotSupported",
            locator,
            text: text.into(),
        }
    }
}

impl IntoResponse for Exception {
    fn into_response(self) -> Response {
        let body = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:Exception exceptionCode="{}" locator="{}"><ows:ExceptionText>{}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>
"#,
            self.code,
            self.locator,
            xml_escape(&self.text)
        );
        (StatusCode::BAD_REQUEST, xml_headers(), body).into_response()
    }
}

fn xml_headers() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/xml; charset=utf-8"),
    )]
}

/// Parses a WFS query string (keys in any case; values of `service`,
/// `request` and `resultType` too). Checks only its form: whether the named
/// layers exist is the handler's business.
pub fn parse(query: &str) -> Result<WfsRequest, Exception> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
        .map_err(|_| Exception::invalid("query", "查询串无法解析"))?;
    let get = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.trim())
    };
    match get("service") {
        None => return Err(Exception::missing("service")),
        Some(s) if !s.eq_ignore_ascii_case("WFS") => {
            return Err(Exception::invalid("service", "仅支持 SERVICE=WFS"));
        }
        Some(_) => {}
    }
    let request = get("request").ok_or_else(|| Exception::missing("request"))?;
    if request.eq_ignore_ascii_case("GetCapabilities") {
        // Capabilities answer 2.0.0 whatever version was asked: a client
        // negotiates from them.
        return Ok(WfsRequest::GetCapabilities);
    }
    if let Some(v) = get("version")
        && v != "2.0.0"
    {
        return Err(Exception::invalid("version", "仅支持 VERSION=2.0.0"));
    }
    let type_names = || get("typeNames").or_else(|| get("typeName"));
    if request.eq_ignore_ascii_case("DescribeFeatureType") {
        let names = type_names()
            .map(|t| t.split(',').map(bare_name).collect())
            .unwrap_or_default();
        return Ok(WfsRequest::DescribeFeatureType(names));
    }
    if !request.eq_ignore_ascii_case("GetFeature") {
        return Err(Exception::unsupported(
            "request",
            "仅支持 GetCapabilities、DescribeFeatureType、GetFeature",
        ));
    }
    for key in ["resourceId", "storedQuery_id", "sortBy"] {
        if get(key).is_some_and(|v| !v.is_empty()) {
            return Err(Exception::unsupported(
                "filter",
                format!("不支持参数 {key}：请用 bbox 筛选"),
            ));
        }
    }
    let type_name = type_names().ok_or_else(|| Exception::missing("typeNames"))?;
    if type_name.contains([',', '(', ' ']) {
        return Err(Exception::invalid("typeNames", "每次只能查询一个图层"));
    }
    let format = match get("outputFormat") {
        None => OutputFormat::GeoJson,
        Some(f) => OutputFormat::named(f).ok_or_else(|| {
            Exception::invalid(
                "outputFormat",
                format!("仅支持 outputFormat={GEOJSON} 或 {GML32}"),
            )
        })?,
    };
    let lat_first = match get("srsName") {
        None => false,
        Some(srs) => lat_first(srs)
            .ok_or_else(|| Exception::invalid("srsName", "仅支持 EPSG:4326（WGS84 经纬度）"))?,
    };
    let bbox = match (get("bbox"), get("filter").filter(|f| !f.is_empty())) {
        (Some(_), Some(_)) => {
            return Err(Exception::invalid("filter", "bbox 与 filter 只能给一个"));
        }
        (Some(b), None) => Some(parse_bbox(b)?),
        (None, Some(f)) => Some(parse_filter(f)?),
        (None, None) => None,
    };
    let hits = match get("resultType") {
        None => false,
        Some(r) if r.eq_ignore_ascii_case("results") => false,
        Some(r) if r.eq_ignore_ascii_case("hits") => true,
        Some(_) => {
            return Err(Exception::invalid(
                "resultType",
                "resultType 应为 results 或 hits",
            ));
        }
    };
    let count = match get("count").or_else(|| get("maxFeatures")) {
        None => COUNT_DEFAULT,
        Some(c) => match c.parse::<usize>() {
            Ok(n) if n > 0 => n.min(COUNT_DEFAULT),
            _ => return Err(Exception::invalid("count", "count 应为正整数")),
        },
    };
    let params = match get("viewparams") {
        None => ViewParams::default(),
        Some(v) => ViewParams::parse(v)
            .ok_or_else(|| Exception::invalid("viewparams", "viewparams 应为 键:值;键:值"))?,
    };
    let start_index = match get("startIndex") {
        None => 0,
        Some(s) => s
            .parse::<usize>()
            .map_err(|_| Exception::invalid("startIndex", "startIndex 应为非负整数"))?,
    };
    Ok(WfsRequest::GetFeature(GetFeature {
        type_name: bare_name(type_name),
        bbox,
        count,
        start_index,
        hits,
        lat_first,
        format,
        params,
    }))
}

/// A type name without the workspace prefix.
fn bare_name(name: &str) -> String {
    let name = name.trim();
    name.strip_prefix(WORKSPACE)
        .and_then(|n| n.strip_prefix(':'))
        .unwrap_or(name)
        .to_owned()
}

/// For a CRS name meaning WGS84: whether its coordinates come latitude first.
fn lat_first(crs: &str) -> Option<bool> {
    const LAT_FIRST: [&str; 3] = [
        "urn:ogc:def:crs:EPSG::4326",
        "urn:x-ogc:def:crs:EPSG:4326",
        "http://www.opengis.net/def/crs/EPSG/0/4326",
    ];
    const LON_FIRST: [&str; 6] = [
        "EPSG:4326",
        "CRS:84",
        "urn:ogc:def:crs:OGC:1.3:CRS84",
        "urn:ogc:def:crs:OGC::CRS84",
        "http://www.opengis.net/def/crs/OGC/1.3/CRS84",
        "http://www.opengis.net/gml/srs/epsg.xml#4326",
    ];
    let crs = crs.trim();
    let is = |names: &[&str]| names.iter().any(|c| c.eq_ignore_ascii_case(crs));
    if is(&LAT_FIRST) {
        Some(true)
    } else if is(&LON_FIRST) {
        Some(false)
    } else {
        None
    }
}

/// `a,b,c,d[,crs]`: the lower and upper corner in the CRS's axis order (the
/// default CRS, longitude first, when none is named).
fn parse_bbox(text: &str) -> Result<Envelope, Exception> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let (numbers, crs) = match parts.len() {
        4 => (&parts[..], DEFAULT_CRS),
        5 => (&parts[..4], parts[4]),
        _ => {
            return Err(Exception::invalid(
                "bbox",
                "bbox 应为 下角,下角,上角,上角[,坐标系]",
            ));
        }
    };
    envelope("bbox", numbers, crs)
}

/// A `fes:Filter` holding one `BBOX` of a `gml:Envelope` (its `srsName`, else
/// the default CRS, gives the axis order); the property named is ignored, as
/// every layer has one geometry.
fn parse_filter(text: &str) -> Result<Envelope, Exception> {
    let unsupported = || Exception::unsupported("filter", "filter 仅支持一个 BBOX（gml:Envelope）");
    if text.len() > MAX_FILTER {
        return Err(Exception::invalid(
            "filter",
            format!("filter 过长（上限 {MAX_FILTER} 字节）"),
        ));
    }
    let options = roxmltree::ParsingOptions {
        nodes_limit: 64,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| Exception::invalid("filter", format!("filter 不是有效的 XML：{e}")))?;
    let root = doc.root_element();
    let (Some(bbox), None) = ({
        let mut c = elements(root);
        (c.next(), c.next())
    }) else {
        return Err(unsupported());
    };
    if root.tag_name().name() != "Filter" || bbox.tag_name().name() != "BBOX" {
        return Err(unsupported());
    }
    let envelope_node = elements(bbox)
        .find(|n| n.tag_name().name() == "Envelope")
        .ok_or_else(unsupported)?;
    let corner = |name: &str| {
        elements(envelope_node)
            .find(|n| n.tag_name().name() == name)
            .and_then(|n| n.text())
            .map(|t| t.split_whitespace().collect::<Vec<_>>())
            .filter(|p| p.len() == 2)
            .ok_or_else(|| {
                Exception::invalid("filter", format!("Envelope 缺少 {name}（两个坐标）"))
            })
    };
    let numbers = [corner("lowerCorner")?, corner("upperCorner")?].concat();
    envelope(
        "filter",
        &numbers,
        envelope_node.attribute("srsName").unwrap_or(DEFAULT_CRS),
    )
}

/// The child elements of a node.
fn elements<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(roxmltree::Node::is_element)
}

/// A box from its corners in a CRS's axis order: finite, ordered and on the globe.
fn envelope(locator: &'static str, numbers: &[&str], crs: &str) -> Result<Envelope, Exception> {
    let n = numbers
        .iter()
        .map(|p| p.parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<Vec<f64>>>()
        .ok_or_else(|| Exception::invalid(locator, "bbox 的坐标应为有限数字"))?;
    let lat_first = lat_first(crs)
        .ok_or_else(|| Exception::invalid(locator, "bbox 仅支持 EPSG:4326（WGS84 经纬度）"))?;
    let (min_x, min_y, max_x, max_y) = if lat_first {
        (n[1], n[0], n[3], n[2])
    } else {
        (n[0], n[1], n[2], n[3])
    };
    if min_x > max_x || min_y > max_y {
        return Err(Exception::invalid(locator, "bbox 的下角应不大于上角"));
    }
    let on_globe =
        |lon: f64, lat: f64| (-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat);
    if !(on_globe(min_x, min_y) && on_globe(max_x, max_y)) {
        let order = if lat_first {
            "纬度,经度"
        } else {
            "经度,纬度"
        };
        return Err(Exception::invalid(
            locator,
            format!("bbox 超出经纬度范围（{crs} 的坐标顺序为{order}）"),
        ));
    }
    Ok(Envelope {
        min_x,
        max_x,
        min_y,
        max_y,
    })
}

/// `GET /ows/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=…`.
pub async fn wfs(
    State(state): State<AppState>,
    Origin(origin): Origin,
    caller: Option<Caller>,
    RawQuery(query): RawQuery,
) -> Result<Response, AppError> {
    let request = match parse(query.as_deref().unwrap_or_default()) {
        Ok(r) => r,
        Err(e) => return Ok(e.into_response()),
    };
    let url = format!("{origin}/ows/cloudPlatform/wfs");
    match request {
        WfsRequest::GetCapabilities => {
            Ok((xml_headers(), capabilities_xml(&state.layers, &url)).into_response())
        }
        WfsRequest::DescribeFeatureType(names) => {
            let layers: Vec<&dyn MapLayer> = if names.is_empty() {
                state.layers.iter().collect()
            } else {
                match names
                    .iter()
                    .map(|n| state.layers.get(n).ok_or_else(|| unknown_type(n)))
                    .collect()
                {
                    Ok(found) => found,
                    Err(e) => return Ok(e.into_response()),
                }
            };
            Ok((xml_headers(), schema_xml(&layers)).into_response())
        }
        WfsRequest::GetFeature(q) => {
            let layers = state.layers.clone();
            blocking(move || Ok(get_feature(&layers, &q, caller.as_ref(), &url))).await
        }
    }
}

fn unknown_type(name: &str) -> Exception {
    Exception::invalid("typeNames", format!("图层不存在：{name}"))
}

/// The matching features of one page, as GeoJSON, or their number as a
/// `wfs:FeatureCollection` for `resultType=hits`.
fn get_feature(layers: &Layers, q: &GetFeature, caller: Option<&Caller>, url: &str) -> Response {
    let Some(layer) = layers.get(&q.type_name) else {
        return unknown_type(&q.type_name).into_response();
    };
    let world = Envelope {
        min_x: -180.0,
        max_x: 180.0,
        min_y: -90.0,
        max_y: 90.0,
    };
    let bbox = q.bbox.unwrap_or(world);
    let rect = Rect::new((bbox.min_x, bbox.min_y), (bbox.max_x, bbox.max_y));
    let mut matched = layer.features(&bbox, Detail::Full, caller, &q.params);
    // The layer's answer is coarse (bounding boxes); a WFS bbox means intersects.
    if q.bbox.is_some() {
        matched.retain(|f| f.geometry.intersects(&rect));
    }
    let timestamp = time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default();
    if q.hits {
        let body = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="{}" numberReturned="0" timeStamp="{timestamp}"/>
"#,
            matched.len()
        );
        return (xml_headers(), body).into_response();
    }
    let number_matched = matched.len();
    let features: Vec<(String, Geometry<f64>, Vec<Value>)> = matched
        .into_iter()
        .skip(q.start_index)
        .take(q.count)
        .map(|f| {
            let mut geometry = f.geometry.to_geometry();
            if q.lat_first {
                geometry.map_coords_in_place(|c| Coord { x: c.y, y: c.x });
            }
            (
                format!("{}.{}", layer.info().name, f.id),
                geometry,
                f.properties,
            )
        })
        .collect();
    let next = q.start_index.saturating_add(features.len());
    let page = Page {
        layer: layer.info().name,
        names: layer.info().attributes.iter().map(|a| a.name).collect(),
        next: (!features.is_empty() && next < number_matched)
            .then(|| page_url(url, layer.info().name, q, next)),
        features,
        matched: number_matched,
        timestamp,
    };
    let body = match q.format {
        OutputFormat::GeoJson => geojson_collection(&page),
        OutputFormat::Gml32 => {
            gml_collection(&page, if q.lat_first { OTHER_CRS } else { DEFAULT_CRS })
        }
    };
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(q.format.media_type()),
        )],
        body,
    )
        .into_response()
}

/// One page of a `GetFeature` answer, to encode.
struct Page<'a> {
    /// The layer's name.
    layer: &'a str,
    /// Its attribute names.
    names: Vec<&'a str>,
    /// Identifier, geometry (in the answer's axis order) and attribute values.
    features: Vec<(String, Geometry<f64>, Vec<Value>)>,
    /// How many features match in all.
    matched: usize,
    /// When the answer was made.
    timestamp: String,
    /// The URL of the next page, if there is one.
    next: Option<String>,
}

/// A page of features as a GeoJSON FeatureCollection.
fn geojson_collection(page: &Page<'_>) -> String {
    let features: Vec<Json> = page
        .features
        .iter()
        .map(|(id, geometry, values)| {
            let properties: serde_json::Map<String, Json> = page
                .names
                .iter()
                .zip(values)
                .map(|(n, v)| ((*n).to_owned(), json_value(v)))
                .collect();
            json!({
                "type": "Feature",
                "id": id,
                "geometry": geojson::Geometry::from(geometry),
                "properties": properties,
            })
        })
        .collect();
    let mut body = json!({
        "type": "FeatureCollection",
        "name": page.layer,
        "numberMatched": page.matched,
        "numberReturned": page.features.len(),
        "timeStamp": page.timestamp,
        "features": features,
    });
    if let Some(href) = &page.next {
        body["links"] = json!([{"href": href, "rel": "next", "type": GEOJSON}]);
    }
    body.to_string()
}

/// A page of features as a WFS 2.0 FeatureCollection of GML 3.2 features,
/// in the element names the schema of `DescribeFeatureType` gives.
fn gml_collection(page: &Page<'_>, srs: &str) -> String {
    let layer = page.layer;
    let mut members = String::new();
    for (id, geometry, values) in &page.features {
        members.push_str(&format!(
            r#"<wfs:member><{WORKSPACE}:{layer} gml:id="{id}"><{WORKSPACE}:geometry>"#
        ));
        gml_geometry(geometry, id, Some(srs), &mut members);
        members.push_str(&format!("</{WORKSPACE}:geometry>"));
        for (name, value) in page.names.iter().zip(values) {
            members.push_str(&format!(
                "<{WORKSPACE}:{name}>{}</{WORKSPACE}:{name}>",
                xml_escape(&text_value(value))
            ));
        }
        members.push_str(&format!("</{WORKSPACE}:{layer}></wfs:member>"));
    }
    let next = page
        .next
        .as_ref()
        .map(|n| format!(r#" next="{}""#, xml_escape(n)))
        .unwrap_or_default();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:{WORKSPACE}="{NAMESPACE}" numberMatched="{}" numberReturned="{}" timeStamp="{}"{next}>{members}</wfs:FeatureCollection>
"#,
        page.matched,
        page.features.len(),
        page.timestamp
    )
}

/// GML 3.2 of a geometry; `id` prefixes the `gml:id` every part needs, and
/// the outermost geometry names its CRS.
fn gml_geometry(g: &Geometry<f64>, id: &str, srs_name: Option<&str>, out: &mut String) {
    let open = |kind: &str| {
        let srs = srs_name
            .map(|s| format!(r#" srsName="{s}""#))
            .unwrap_or_default();
        format!(r#"<gml:{kind} gml:id="{id}.g"{srs}>"#)
    };
    let pos_list = |coords: &[Coord<f64>]| {
        let list: Vec<String> = coords.iter().map(|c| format!("{} {}", c.x, c.y)).collect();
        format!("<gml:posList>{}</gml:posList>", list.join(" "))
    };
    let ring = |r: &LineString<f64>| format!("<gml:LinearRing>{}</gml:LinearRing>", pos_list(&r.0));
    let (kind, member, parts): (&str, &str, Vec<Geometry<f64>>) = match g {
        Geometry::Point(p) => {
            out.push_str(&format!(
                "{}<gml:pos>{} {}</gml:pos></gml:Point>",
                open("Point"),
                p.x(),
                p.y()
            ));
            return;
        }
        Geometry::LineString(l) => {
            out.push_str(&format!(
                "{}{}</gml:LineString>",
                open("LineString"),
                pos_list(&l.0)
            ));
            return;
        }
        Geometry::Polygon(p) => {
            let interiors: String = p
                .interiors()
                .iter()
                .map(|r| format!("<gml:interior>{}</gml:interior>", ring(r)))
                .collect();
            out.push_str(&format!(
                "{}<gml:exterior>{}</gml:exterior>{interiors}</gml:Polygon>",
                open("Polygon"),
                ring(p.exterior())
            ));
            return;
        }
        Geometry::Line(l) => {
            return gml_geometry(&Geometry::LineString((*l).into()), id, srs_name, out);
        }
        Geometry::Rect(r) => {
            return gml_geometry(&Geometry::Polygon(r.to_polygon()), id, srs_name, out);
        }
        Geometry::Triangle(t) => {
            return gml_geometry(&Geometry::Polygon(t.to_polygon()), id, srs_name, out);
        }
        Geometry::MultiPoint(m) => (
            "MultiPoint",
            "pointMember",
            m.iter().map(|&p| p.into()).collect(),
        ),
        Geometry::MultiLineString(m) => (
            "MultiCurve",
            "curveMember",
            m.iter().map(|l| l.clone().into()).collect(),
        ),
        Geometry::MultiPolygon(m) => (
            "MultiSurface",
            "surfaceMember",
            m.iter().map(|p| p.clone().into()).collect(),
        ),
        Geometry::GeometryCollection(c) => ("MultiGeometry", "geometryMember", c.0.clone()),
    };
    out.push_str(&open(kind));
    for (i, part) in parts.iter().enumerate() {
        out.push_str(&format!("<gml:{member}>"));
        gml_geometry(part, &format!("{id}.{i}"), None, out);
        out.push_str(&format!("</gml:{member}>"));
    }
    out.push_str(&format!("</gml:{kind}>"));
}

/// The URL of the page of the same query starting at `start`.
fn page_url(url: &str, layer: &str, q: &GetFeature, start: usize) -> String {
    let mut pairs = vec![
        ("SERVICE", "WFS".to_owned()),
        ("VERSION", "2.0.0".to_owned()),
        ("REQUEST", "GetFeature".to_owned()),
        ("TYPENAMES", format!("{WORKSPACE}:{layer}")),
        ("OUTPUTFORMAT", q.format.media_type().to_owned()),
        ("COUNT", q.count.to_string()),
        ("STARTINDEX", start.to_string()),
    ];
    if let Some(b) = q.bbox {
        pairs.push((
            "BBOX",
            format!(
                "{},{},{},{},urn:ogc:def:crs:OGC:1.3:CRS84",
                b.min_x, b.min_y, b.max_x, b.max_y
            ),
        ));
    }
    format!(
        "{url}?{}",
        serde_urlencoded::to_string(&pairs).unwrap_or_default()
    )
}

/// A value as GML element text.
fn text_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Float(f) => f.to_string(),
        Value::Double(f) => f.to_string(),
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        Value::Bool(b) => b.to_string(),
    }
}

fn json_value(v: &Value) -> Json {
    match v {
        Value::String(s) => json!(s),
        Value::Float(f) => json!(f),
        Value::Double(f) => json!(f),
        Value::Int(i) => json!(i),
        Value::UInt(u) => json!(u),
        Value::Bool(b) => json!(b),
    }
}

/// The WFS 2.0 capabilities: the operations at `url` and every layer.
fn capabilities_xml(layers: &Layers, url: &str) -> String {
    let url = xml_escape(url);
    let operation = |name: &str, parameters: &str| {
        format!(
            r#"<ows:Operation name="{name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="{url}?"/></ows:HTTP></ows:DCP>{parameters}</ows:Operation>"#
        )
    };
    let allowed = |name: &str, values: &[&str]| {
        let values: String = values
            .iter()
            .map(|v| format!("<ows:Value>{v}</ows:Value>"))
            .collect();
        format!(
            r#"<ows:Parameter name="{name}"><ows:AllowedValues>{values}</ows:AllowedValues></ows:Parameter>"#
        )
    };
    let constraint = |name: &str, value: &str| {
        format!(
            r#"<ows:Constraint name="{name}"><ows:NoValues/><ows:DefaultValue>{value}</ows:DefaultValue></ows:Constraint>"#
        )
    };
    let operations = [
        operation("GetCapabilities", &allowed("AcceptVersions", &["2.0.0"])),
        operation("DescribeFeatureType", ""),
        operation(
            "GetFeature",
            &(allowed("outputFormat", &[GEOJSON, GML32])
                + &allowed("resultType", &["results", "hits"])),
        ),
    ]
    .concat();
    let constraints: String = [
        ("ImplementsBasicWFS", "FALSE"),
        ("ImplementsTransactionalWFS", "FALSE"),
        ("ImplementsLockingWFS", "FALSE"),
        ("KVPEncoding", "TRUE"),
        ("XMLEncoding", "FALSE"),
        ("SOAPEncoding", "FALSE"),
        ("ImplementsInheritance", "FALSE"),
        ("ImplementsRemoteResolve", "FALSE"),
        ("ImplementsResultPaging", "TRUE"),
        ("ImplementsStandardJoins", "FALSE"),
        ("ImplementsSpatialJoins", "FALSE"),
        ("ImplementsTemporalJoins", "FALSE"),
        ("ImplementsFeatureVersioning", "FALSE"),
        ("ManageStoredQueries", "FALSE"),
    ]
    .iter()
    .map(|(n, v)| constraint(n, v))
    .chain([constraint("CountDefault", &COUNT_DEFAULT.to_string())])
    .collect();
    let types: String = layers
        .iter()
        .map(|l| {
            format!(
                "<wfs:FeatureType><wfs:Name>{WORKSPACE}:{}</wfs:Name><wfs:Title>{}</wfs:Title>\
                 <wfs:DefaultCRS>{DEFAULT_CRS}</wfs:DefaultCRS><wfs:OtherCRS>{OTHER_CRS}</wfs:OtherCRS>\
                 <wfs:OutputFormats><wfs:Format>{GEOJSON}</wfs:Format><wfs:Format>{GML32}</wfs:Format></wfs:OutputFormats>\
                 <ows:WGS84BoundingBox><ows:LowerCorner>-180 -90</ows:LowerCorner><ows:UpperCorner>180 90</ows:UpperCorner></ows:WGS84BoundingBox></wfs:FeatureType>",
                l.info().name,
                xml_escape(l.info().title)
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:{WORKSPACE}="{NAMESPACE}">
<ows:ServiceIdentification><ows:Title>rscloud cloudPlatform</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
<ows:OperationsMetadata>{operations}{constraints}</ows:OperationsMetadata>
<wfs:FeatureTypeList>{types}</wfs:FeatureTypeList>
<fes:Filter_Capabilities><fes:Conformance>{}</fes:Conformance><fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/></fes:GeometryOperands><fes:SpatialOperators><fes:SpatialOperator name="BBOX"/></fes:SpatialOperators></fes:Spatial_Capabilities></fes:Filter_Capabilities>
</wfs:WFS_Capabilities>
"#,
        [
            ("ImplementsQuery", "TRUE"),
            ("ImplementsAdHocQuery", "FALSE"),
            ("ImplementsFunctions", "FALSE"),
            ("ImplementsMinStandardFilter", "FALSE"),
            ("ImplementsStandardFilter", "FALSE"),
            ("ImplementsMinSpatialFilter", "TRUE"),
            ("ImplementsSpatialFilter", "FALSE"),
            ("ImplementsMinTemporalFilter", "FALSE"),
            ("ImplementsTemporalFilter", "FALSE"),
            ("ImplementsVersionNav", "FALSE"),
            ("ImplementsSorting", "FALSE"),
            ("ImplementsExtendedOperators", "FALSE"),
        ]
        .iter()
        .map(|(n, v)| constraint(n, v).replace("ows:Constraint", "fes:Constraint"))
        .collect::<String>()
    )
}

/// The XML schema of the layers: each a GML feature type with its geometry
/// (`geometry`) and attributes.
fn schema_xml(layers: &[&dyn MapLayer]) -> String {
    let types: String = layers
        .iter()
        .map(|l| {
            let geometry = match l.info().geometry {
                GeometryKind::Point => "gml:PointPropertyType",
                GeometryKind::Polygon => "gml:MultiSurfacePropertyType",
            };
            let attributes: String = l
                .info()
                .attributes
                .iter()
                .map(|a| {
                    let kind = match a.kind {
                        AttributeKind::Text => "xsd:string",
                        AttributeKind::Integer => "xsd:long",
                        AttributeKind::Real => "xsd:double",
                    };
                    format!(
                        r#"<xsd:element name="{}" type="{kind}" minOccurs="0" maxOccurs="1" nillable="true"/>"#,
                        a.name
                    )
                })
                .collect();
            let name = l.info().name;
            format!(
                r#"<xsd:complexType name="{name}Type"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence><xsd:element name="geometry" type="{geometry}" minOccurs="0" maxOccurs="1" nillable="true"/>{attributes}</xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType><xsd:element name="{name}" type="{WORKSPACE}:{name}Type" substitutionGroup="gml:AbstractFeature"/>"#
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:{WORKSPACE}="{NAMESPACE}" targetNamespace="{NAMESPACE}" elementFormDefault="qualified" version="1.0">
<xsd:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
{types}
</xsd:schema>
"#
    )
}
