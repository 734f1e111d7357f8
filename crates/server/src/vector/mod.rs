//! Vector files people bring: zipped shapefiles, KML and KMZ, GeoJSON and WKT.
//! The one home of reading them with limits (zip bombs, vertex counts) and of
//! their coordinate systems; region import and uploads both read here.

pub mod plain;
pub mod schema;
pub mod shp;
pub mod unzip;

use std::io::Cursor;

use geo_kit::aoi;
use geo_kit::crs::{self, Crs};
use geo_types::{Geometry, MultiPolygon};

/// Why a file could not be read; the message is for the user (Chinese).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct VectorError(pub String);

impl From<crs::CrsError> for VectorError {
    fn from(e: crs::CrsError) -> Self {
        Self(e.to_string())
    }
}

impl From<aoi::AreaError> for VectorError {
    fn from(e: aoi::AreaError) -> Self {
        Self(e.to_string())
    }
}

/// Most vertices an uploaded area may have: enough for a detailed county,
/// few enough that a search over it stays fast.
pub const MAX_VERTICES: usize = 100_000;

/// Most bytes an uploaded zip may inflate to: a 100 000-vertex polygon is
/// under 2 MB of `.shp`, so this leaves room for big attribute tables.
pub const MAX_UNZIPPED: u64 = 64 << 20;

/// An uploaded area of interest, valid and in WGS84.
#[derive(Debug, Clone)]
pub struct Area {
    /// The polygons, exteriors counter-clockwise.
    pub geom: MultiPolygon<f64>,
    /// The system the file was in.
    pub crs: Crs,
    /// Whether invalid rings had to be repaired.
    pub repaired: bool,
}

/// Refuses coordinates of a shapefile without `.prj` that are not
/// longitude/latitude degrees: its system cannot be known.
pub fn check_degrees_without_prj(g: &Geometry<f64>) -> Result<(), VectorError> {
    match crs::not_degrees(g) {
        None => Ok(()),
        Some(c) => Err(VectorError(format!(
            "文件没有坐标系（.prj），坐标 ({:.3}, {:.3}) 也不是经纬度，无法确定坐标系；请附上 .prj 文件",
            c.x, c.y
        ))),
    }
}

/// Reads an uploaded area from a file of one of the supported kinds, told by
/// the file name's extension.
pub fn read_area(file_name: &str, bytes: &[u8]) -> Result<Area, VectorError> {
    let lower = file_name.to_lowercase();
    let ext = lower.rsplit_once('.').map_or("", |(_, e)| e);
    if bytes.is_empty() {
        return Err(VectorError("文件为空".into()));
    }
    let text = || -> Result<String, VectorError> {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        String::from_utf8(bytes.to_vec())
            .map_err(|_| VectorError("文件不是 UTF-8 编码的文本".into()))
    };
    let (geoms, crs) = match ext {
        "zip" => {
            // An area's attributes are never used: its .dbf is not even inflated.
            let limits = shp::Limits {
                unzipped: MAX_UNZIPPED,
                shapes: MAX_VERTICES,
                attributes: false,
            };
            let layer = shp::read_zipped(Cursor::new(bytes), &limits)?;
            let geoms = layer.shapes.into_iter().flatten().collect();
            (geoms, layer.crs)
        }
        "kml" => (kml(&text()?)?, None),
        "kmz" => {
            let mut zip = unzip::Archive::open(Cursor::new(bytes), MAX_UNZIPPED)?;
            let name = zip
                .names()
                .find(|n| n.to_lowercase().ends_with(".kml"))
                .map(str::to_owned)
                .ok_or_else(|| VectorError("KMZ 中没有 .kml 文件".into()))?;
            let doc = zip.read(&name)?;
            let doc = String::from_utf8(doc)
                .map_err(|_| VectorError("KMZ 中的 KML 不是 UTF-8 编码".into()))?;
            (kml(&doc)?, None)
        }
        "geojson" | "json" => geojson(&text()?)?,
        "wkt" | "txt" => (
            geo_kit::wkt::parse(&text()?).map_err(|e| VectorError(e.to_string()))?,
            None,
        ),
        _ => {
            return Err(VectorError(format!(
                "不支持的文件类型：{file_name}（支持 zip 压缩的 Shapefile、KML、KMZ、GeoJSON、WKT）"
            )));
        }
    };
    let polygons = aoi::polygons(geoms)?;
    // The one path of every incoming area; only the wording of a coordinate
    // that is not longitude/latitude knows the file's system.
    let (geom, repaired) = aoi::accept(polygons, MAX_VERTICES).map_err(|e| match e {
        aoi::AreaError::NotLonLat(c) => VectorError(match &crs {
            Some(crs) => format!(
                "坐标 ({:.3}, {:.3}) 不是经纬度，与坐标系 {} 不符",
                c.x,
                c.y,
                crs.label()
            ),
            None => format!(
                "坐标 ({:.3}, {:.3}) 不是经纬度：{} 文件应为 WGS84 经纬度",
                c.x,
                c.y,
                ext.to_uppercase()
            ),
        }),
        other => other.into(),
    })?;
    Ok(Area {
        geom,
        crs: crs.unwrap_or(Crs::WGS84),
        repaired,
    })
}

fn kml(text: &str) -> Result<Vec<Geometry<f64>>, VectorError> {
    geo_kit::kml::parse(text).map_err(|e| VectorError(e.to_string()))
}

/// The geometries of a GeoJSON geometry, Feature or FeatureCollection in
/// WGS84, and the system a legacy `crs` member named, if any (reprojected from).
fn geojson(text: &str) -> Result<(Vec<Geometry<f64>>, Option<Crs>), VectorError> {
    let bad = |e: &dyn std::fmt::Display| VectorError(format!("GeoJSON 无法解析：{e}"));
    if json_depth(text) > MAX_JSON_DEPTH {
        return Err(VectorError(geo_kit::too_deep()));
    }
    let (geometries, members): (Vec<geojson::Geometry>, _) =
        match text.parse::<geojson::GeoJson>().map_err(|e| bad(&e))? {
            geojson::GeoJson::Geometry(g) => {
                let members = g.foreign_members.clone();
                (vec![g], members)
            }
            geojson::GeoJson::Feature(f) => (f.geometry.into_iter().collect(), f.foreign_members),
            geojson::GeoJson::FeatureCollection(fc) => (
                fc.features.into_iter().filter_map(|f| f.geometry).collect(),
                fc.foreign_members,
            ),
        };
    let crs = members
        .as_ref()
        .and_then(|m| m.get("crs"))
        .map(named_crs)
        .transpose()?;
    let mut geoms = geometries
        .into_iter()
        .map(to_geo)
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(c) = &crs {
        for g in &mut geoms {
            c.to_wgs84(g)?;
        }
    }
    Ok((geoms, crs))
}

/// Deepest JSON nesting of a GeoJSON upload: a collection is three levels
/// (object, `geometries` array, member), a MultiPolygon's coordinates four,
/// so [`geo_kit::MAX_NESTING`] collections fit. serde_json stops at 128 too,
/// but with a message in English.
const MAX_JSON_DEPTH: usize = 3 * geo_kit::MAX_NESTING + 8;

/// The deepest nesting of objects and arrays in JSON text (strings skipped).
fn json_depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for b in text.bytes() {
        match b {
            _ if escaped => escaped = false,
            b'\\' if in_string => escaped = true,
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// A GeoJSON geometry from outside as a geometry: the one safe conversion,
/// which every reader of GeoJSON (uploads, drawn areas, STAC, imports) uses
/// (drawn areas and STAC read plain polygons with [`plain`] first).
pub fn to_geo(geometry: geojson::Geometry) -> Result<Geometry<f64>, VectorError> {
    check_geojson(&geometry)?;
    Geometry::<f64>::try_from(geometry).map_err(|e| VectorError(format!("GeoJSON 无法解析：{e}")))
}

/// Checks a GeoJSON geometry before converting it: the conversion recurses
/// per collection and reads every position's first two numbers (panicking on
/// a shorter one), so collections may nest at most [`geo_kit::MAX_NESTING`]
/// deep and every position needs a longitude and a latitude.
fn check_geojson(geometry: &geojson::Geometry) -> Result<(), VectorError> {
    use geojson::GeometryValue as V;
    let short = |p: &geojson::PointType| p.len() < 2;
    let mut stack = vec![(geometry, 1)];
    while let Some((g, depth)) = stack.pop() {
        if depth > geo_kit::MAX_NESTING {
            return Err(VectorError(geo_kit::too_deep()));
        }
        let bad = match &g.value {
            V::Point { coordinates } => short(coordinates),
            V::MultiPoint { coordinates } | V::LineString { coordinates } => {
                coordinates.iter().any(short)
            }
            V::MultiLineString { coordinates } | V::Polygon { coordinates } => {
                coordinates.iter().flatten().any(short)
            }
            V::MultiPolygon { coordinates } => coordinates.iter().flatten().flatten().any(short),
            V::GeometryCollection { geometries } => {
                stack.extend(geometries.iter().map(|m| (m, depth + 1)));
                false
            }
        };
        if bad {
            return Err(VectorError(
                "GeoJSON 坐标应有经度和纬度两个数，请检查文件".into(),
            ));
        }
    }
    Ok(())
}

/// The system of a GeoJSON 2008 `crs` member, e.g.
/// `{"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::4527"}}`.
fn named_crs(member: &serde_json::Value) -> Result<Crs, VectorError> {
    let name = member["properties"]["name"].as_str().unwrap_or_default();
    if name.ends_with("CRS84") {
        return Ok(Crs::WGS84);
    }
    name.rsplit(':')
        .next()
        .and_then(|code| code.parse::<u16>().ok())
        .and_then(Crs::from_epsg)
        .ok_or_else(|| crs::CrsError::Unsupported(name.to_owned()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize) -> String {
        let mut g = r#"{"type":"Polygon","coordinates":[[[114,30],[115,30],[115,31],[114,30]]]}"#
            .to_owned();
        for _ in 0..n {
            g = format!(r#"{{"type":"GeometryCollection","geometries":[{g}]}}"#);
        }
        g
    }

    /// A position of one number made the conversion index past its end: a
    /// panic in the request's thread.
    #[test]
    fn a_geojson_position_of_one_number_is_refused_not_a_panic() {
        for doc in [
            r#"{"type":"LineString","coordinates":[[114],[115,30]]}"#,
            r#"{"type":"Polygon","coordinates":[[[114,30],[115],[115,31],[114,30]]]}"#,
            r#"{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","coordinates":[[[[114],[115,30],[115,31],[114,30]]]]}]}"#,
        ] {
            let err = read_area("a.geojson", doc.as_bytes()).expect_err(doc);
            assert_eq!(err.0, "GeoJSON 坐标应有经度和纬度两个数，请检查文件");
        }
    }

    #[test]
    fn geojson_collections_nested_too_deep_are_refused_before_conversion() {
        // The polygon is one level; each collection one more.
        let deepest = nested(geo_kit::MAX_NESTING - 1);
        assert!(read_area("a.geojson", deepest.as_bytes()).is_ok());
        let err =
            read_area("a.geojson", nested(geo_kit::MAX_NESTING).as_bytes()).expect_err("too deep");
        assert_eq!(err.0, geo_kit::too_deep());
    }

    #[test]
    fn json_nested_past_what_serde_reads_says_so_in_chinese() {
        let arrays = format!(
            r#"{{"type":"Polygon","coordinates":{}{}}}"#,
            "[".repeat(5000),
            "]".repeat(5000)
        );
        let err = read_area("a.geojson", arrays.as_bytes()).expect_err("too deep");
        assert_eq!(err.0, geo_kit::too_deep());
        assert_eq!(json_depth(r#"{"a":"[[[{{\"]]","b":[1,[2]]}"#), 3);
    }
}
