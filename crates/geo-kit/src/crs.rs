//! Coordinate reference systems of uploaded files: reading a `.prj` (ESRI or
//! OGC WKT1, also WKT2 keywords), recognising the few systems Chinese land
//! offices use, and bringing their coordinates to WGS84 longitude/latitude.
//!
//! Accepted: geographic WGS 84 and CGCS2000 (EPSG:4326, 4490; the two differ by
//! centimetres, so they are taken as equal) and the CGCS2000 Gauss-Krüger
//! zones, 3° and 6°, with or without the zone number before the false easting
//! (EPSG:4491–4554), reprojected with `proj4rs`. A zone is recognised from its
//! parameters (transverse Mercator, scale 1, central meridian, false easting,
//! the CGCS2000 datum or the GRS80 ellipsoid), not from its name, since every
//! program names them differently. Everything else is refused, naming it.

use geo::MapCoordsInPlace;
use geo_types::Coord;
use proj4rs::proj::Proj;
use thiserror::Error;

/// A coordinate system a file may be in and rscloud can read.
#[derive(Debug, Clone, PartialEq)]
pub enum Crs {
    /// Longitude/latitude in degrees on WGS 84 or CGCS2000.
    Geographic {
        /// EPSG code: 4326 (WGS 84) or 4490 (CGCS2000).
        epsg: u16,
    },
    /// A CGCS2000 Gauss-Krüger zone, metres.
    GaussKruger(Zone),
}

/// One CGCS2000 Gauss-Krüger zone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Zone {
    /// Central meridian, degrees east.
    pub central_meridian: f64,
    /// False easting, metres: 500 000, or that plus the zone number × 10⁶.
    pub false_easting: f64,
    /// 3 or 6 (degrees of longitude per zone).
    pub width: u8,
    /// Whether the zone number is part of the false easting.
    pub zone_prefix: bool,
}

/// Why a coordinate system cannot be used; the text is for the user.
#[derive(Debug, Clone, Error, PartialEq)]
#[non_exhaustive]
pub enum CrsError {
    /// The `.prj` is not WKT.
    #[error("坐标系文件（.prj）无法解析：{0}")]
    Unreadable(String),
    /// A system rscloud does not reproject.
    #[error(
        "不支持的坐标系：{0}。请使用 WGS84 或 CGCS2000 经纬度，或 CGCS2000 高斯-克吕格 3°/6° 分带投影"
    )]
    Unsupported(String),
    /// The projection library refused a point.
    #[error("坐标转换失败：{0}")]
    Transform(String),
}

impl Crs {
    /// WGS 84 longitude/latitude, what a file without `.prj` is taken to be.
    pub const WGS84: Crs = Crs::Geographic { epsg: 4326 };

    /// The system of an EPSG code: 4326, 4490 (and OGC CRS84 as 4326), or a
    /// CGCS2000 Gauss-Krüger zone 4491–4554.
    pub fn from_epsg(code: u16) -> Option<Crs> {
        let zone = |width: u8, central_meridian: f64, prefix: Option<f64>| {
            Crs::GaussKruger(Zone {
                central_meridian,
                false_easting: prefix.map_or(500_000.0, |z| z * 1e6 + 500_000.0),
                width,
                zone_prefix: prefix.is_some(),
            })
        };
        let n = f64::from(code);
        match code {
            4326 | 4490 => Some(Crs::Geographic { epsg: code }),
            4491..=4501 => {
                let z = n - 4491.0 + 13.0;
                Some(zone(6, 6.0 * z - 3.0, Some(z)))
            }
            4502..=4512 => Some(zone(6, 75.0 + 6.0 * (n - 4502.0), None)),
            4513..=4533 => {
                let z = n - 4513.0 + 25.0;
                Some(zone(3, 3.0 * z, Some(z)))
            }
            4534..=4554 => Some(zone(3, 75.0 + 3.0 * (n - 4534.0), None)),
            _ => None,
        }
    }

    /// Its EPSG code.
    pub fn epsg(&self) -> u16 {
        match self {
            Crs::Geographic { epsg } => *epsg,
            Crs::GaussKruger(z) => z.epsg(),
        }
    }

    /// What to show the user, e.g. `CGCS2000 / 3-degree Gauss-Kruger CM 117E (EPSG:4548)`.
    pub fn label(&self) -> String {
        match self {
            Crs::Geographic { epsg: 4490 } => "CGCS2000 (EPSG:4490)".into(),
            Crs::Geographic { epsg } => format!("WGS 84 (EPSG:{epsg})"),
            Crs::GaussKruger(z) => {
                let place = if z.zone_prefix {
                    format!("zone {}", z.number())
                } else {
                    format!("CM {}E", z.central_meridian)
                };
                format!(
                    "CGCS2000 / {}-degree Gauss-Kruger {place} (EPSG:{})",
                    z.width,
                    z.epsg()
                )
            }
        }
    }

    /// Brings coordinates in this system to longitude/latitude degrees.
    pub fn to_wgs84<G>(&self, geometry: &mut G) -> Result<(), CrsError>
    where
        G: proj4rs::transform::Transform + MapCoordsInPlace<f64>,
    {
        let Crs::GaussKruger(z) = self else {
            return Ok(());
        };
        let from = Proj::from_proj_string(&z.proj_string())
            .map_err(|e| CrsError::Transform(e.to_string()))?;
        // The same ellipsoid on both sides: no datum shift (CGCS2000 is taken as WGS 84).
        let to = Proj::from_proj_string("+proj=longlat +ellps=GRS80 +no_defs")
            .map_err(|e| CrsError::Transform(e.to_string()))?;
        proj4rs::transform::transform(&from, &to, geometry)
            .map_err(|e| CrsError::Transform(e.to_string()))?;
        // proj4rs answers in radians.
        geometry.map_coords_in_place(|c| Coord {
            x: c.x.to_degrees(),
            y: c.y.to_degrees(),
        });
        Ok(())
    }
}

impl Zone {
    /// The zone number: 13–23 for 6° zones, 25–45 for 3° zones.
    pub fn number(&self) -> u32 {
        let cm = self.central_meridian.round() as u32;
        if self.width == 6 {
            (cm + 3) / 6
        } else {
            cm / 3
        }
    }

    /// Its EPSG code in 4491–4554.
    pub fn epsg(&self) -> u16 {
        let cm = self.central_meridian.round() as u16;
        match (self.width, self.zone_prefix) {
            (6, true) => 4491 + (cm + 3) / 6 - 13,
            (6, false) => 4502 + (cm - 75) / 6,
            (_, true) => 4513 + cm / 3 - 25,
            (_, false) => 4534 + (cm - 75) / 3,
        }
    }

    fn proj_string(&self) -> String {
        format!(
            "+proj=tmerc +lat_0=0 +lon_0={} +k=1 +x_0={} +y_0=0 +ellps=GRS80 +units=m +no_defs",
            self.central_meridian, self.false_easting
        )
    }

    /// The zone a central meridian and false easting describe, if it is one
    /// of EPSG:4491–4554; `name` (the system's name, squeezed) only tells 3°
    /// from 6° zones when no zone number does (the projection is the same).
    fn from_parameters(central_meridian: f64, false_easting: f64, name: &str) -> Option<Zone> {
        let cm = central_meridian.round();
        if (central_meridian - cm).abs() > 1e-9 || !(75.0..=135.0).contains(&cm) || cm % 3.0 != 0.0
        {
            return None;
        }
        let prefix = ((false_easting - 500_000.0) / 1e6).round();
        if (false_easting - 500_000.0 - prefix * 1e6).abs() > 1e-6 {
            return None;
        }
        let six = cm % 6.0 == 3.0;
        let zone = |width: u8, zone_prefix: bool| Zone {
            central_meridian: cm,
            false_easting,
            width,
            zone_prefix,
        };
        if prefix == 0.0 {
            // EPSG names 3° zones "3-degree" and 6° zones with no width at all.
            let named_three = name.contains("3DEGREE") || name.contains("3DEG");
            return Some(zone(if six && !named_three { 6 } else { 3 }, false));
        }
        if six && prefix == (cm + 3.0) / 6.0 {
            Some(zone(6, true))
        } else if prefix == cm / 3.0 {
            Some(zone(3, true))
        } else {
            None
        }
    }
}

/// One WKT node: `KEYWORD["text", 1.5, CHILD[...], IDENT]`.
#[derive(Debug, Clone, PartialEq)]
struct Node {
    keyword: String,
    args: Vec<Arg>,
}

#[derive(Debug, Clone, PartialEq)]
enum Arg {
    Text(String),
    Number(f64),
    Word(String),
    Node(Node),
}

impl Node {
    fn name(&self) -> &str {
        match self.args.first() {
            Some(Arg::Text(t)) => t,
            _ => "",
        }
    }

    fn children(&self) -> impl Iterator<Item = &Node> {
        self.args.iter().filter_map(|a| match a {
            Arg::Node(n) => Some(n),
            _ => None,
        })
    }

    fn child(&self, keywords: &[&str]) -> Option<&Node> {
        self.children()
            .find(|n| keywords.contains(&n.keyword.as_str()))
    }

    /// Every descendant with one of these keywords, depth first.
    fn find_all<'a>(&'a self, keywords: &[&str], out: &mut Vec<&'a Node>) {
        for c in self.children() {
            if keywords.contains(&c.keyword.as_str()) {
                out.push(c);
            }
            c.find_all(keywords, out);
        }
    }

    fn number(&self, i: usize) -> Option<f64> {
        self.args
            .iter()
            .filter_map(|a| match a {
                Arg::Number(n) => Some(*n),
                _ => None,
            })
            .nth(i)
    }
}

fn parse_wkt(text: &str) -> Result<Node, CrsError> {
    let mut p = Parser {
        chars: text
            .trim()
            .trim_start_matches('\u{feff}')
            .chars()
            .peekable(),
        depth: 0,
    };
    let node = p.node()?;
    p.skip_space();
    if p.chars.peek().is_some() {
        return Err(CrsError::Unreadable("多余的内容".into()));
    }
    Ok(node)
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    /// Brackets open around the current one: `body` recurses per level.
    depth: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn word(&mut self) -> String {
        let mut out = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' || c == '+' {
                out.push(c);
                self.chars.next();
            } else {
                break;
            }
        }
        out
    }

    fn node(&mut self) -> Result<Node, CrsError> {
        self.skip_space();
        let keyword = self.word().to_ascii_uppercase();
        if keyword.is_empty() {
            return Err(CrsError::Unreadable("缺少关键字".into()));
        }
        self.skip_space();
        self.body(keyword)
    }

    /// The bracketed part of a node whose keyword was read.
    fn body(&mut self, keyword: String) -> Result<Node, CrsError> {
        if !matches!(self.chars.next(), Some('[' | '(')) {
            return Err(CrsError::Unreadable(format!("{keyword} 后缺少 [")));
        }
        // Bounded before recursing: an uploaded .prj of nested brackets would
        // otherwise overflow the stack (and so would dropping its tree).
        if self.depth == crate::MAX_NESTING {
            return Err(CrsError::Unreadable(crate::too_deep()));
        }
        self.depth += 1;
        let mut args = Vec::new();
        loop {
            self.skip_space();
            match self.chars.peek() {
                Some(']' | ')') => {
                    self.chars.next();
                    self.depth -= 1;
                    return Ok(Node { keyword, args });
                }
                Some(',') => {
                    self.chars.next();
                }
                Some('"') => {
                    self.chars.next();
                    args.push(Arg::Text(self.text()?));
                }
                Some(_) => {
                    let word = self.word();
                    self.skip_space();
                    if matches!(self.chars.peek(), Some('[' | '(')) {
                        args.push(Arg::Node(self.body(word.to_ascii_uppercase())?));
                    } else if let Ok(n) = word.parse::<f64>() {
                        args.push(Arg::Number(n));
                    } else if word.is_empty() {
                        return Err(CrsError::Unreadable("意外的字符".into()));
                    } else {
                        args.push(Arg::Word(word));
                    }
                }
                None => return Err(CrsError::Unreadable(format!("{keyword} 未闭合"))),
            }
        }
    }

    fn text(&mut self) -> Result<String, CrsError> {
        let mut out = String::new();
        loop {
            match self.chars.next() {
                Some('"') if self.chars.peek() == Some(&'"') => {
                    self.chars.next();
                    out.push('"');
                }
                Some('"') => return Ok(out),
                Some(c) => out.push(c),
                None => return Err(CrsError::Unreadable("引号未闭合".into())),
            }
        }
    }
}

const GEOGRAPHIC: &[&str] = &["GEOGCS", "GEOGCRS", "GEODCRS", "BASEGEOGCRS", "BASEGEODCRS"];
const PROJECTED: &[&str] = &["PROJCS", "PROJCRS"];

/// Upper-case letters and digits only, so `D_China_2000`, `China 2000` and
/// `China_2000` compare equal.
fn squeeze(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The EPSG code of a geographic system on the WGS 84 or CGCS2000 datum,
/// told by the datum's name, or by the ellipsoid when the name says nothing.
fn datum_epsg(geographic: &Node) -> Option<u16> {
    let datum = geographic.child(&["DATUM", "ENSEMBLE", "GEODETICDATUM"])?;
    let name = squeeze(datum.name());
    if ["CGCS2000", "CHINA2000", "CHINAGEODETICCOORDINATESYSTEM2000"]
        .iter()
        .any(|k| name.contains(k))
    {
        return Some(4490);
    }
    if ["WGS1984", "WGS84", "WORLDGEODETICSYSTEM1984"]
        .iter()
        .any(|k| name.contains(k))
    {
        return Some(4326);
    }
    let unnamed = name.is_empty()
        || ["UNKNOWN", "UNNAMED", "NOTSPECIFIED", "UNDEFINED"]
            .iter()
            .any(|k| name.contains(k));
    let ellipsoid = datum.child(&["SPHEROID", "ELLIPSOID"])?;
    let (a, rf) = (ellipsoid.number(0)?, ellipsoid.number(1)?);
    match (unnamed, a == 6_378_137.0) {
        (true, true) if (rf - 298.257_222_101).abs() < 1e-6 => Some(4490),
        (true, true) if (rf - 298.257_223_563).abs() < 1e-6 => Some(4326),
        _ => None,
    }
}

/// The value of the first `PARAMETER` whose squeezed name is one of `names`.
fn parameter(params: &[&Node], names: &[&str]) -> Option<f64> {
    params
        .iter()
        .find(|p| names.contains(&squeeze(p.name()).as_str()))
        .and_then(|p| p.number(0))
}

/// The coordinate system a `.prj` (WKT) describes, if rscloud can read it.
pub fn from_prj(text: &str) -> Result<Crs, CrsError> {
    let root = parse_wkt(text)?;
    let unsupported = || {
        let name = root.name();
        CrsError::Unsupported(if name.is_empty() {
            root.keyword.clone()
        } else {
            name.to_owned()
        })
    };
    let keyword = root.keyword.as_str();
    if GEOGRAPHIC.contains(&keyword) {
        return datum_epsg(&root)
            .map(|epsg| Crs::Geographic { epsg })
            .ok_or_else(unsupported);
    }
    if !PROJECTED.contains(&keyword) {
        return Err(unsupported());
    }
    let base = root.child(GEOGRAPHIC).ok_or_else(unsupported)?;
    datum_epsg(base).ok_or_else(unsupported)?;
    let mut methods = Vec::new();
    root.find_all(&["PROJECTION", "METHOD"], &mut methods);
    let method = methods
        .first()
        .map(|m| squeeze(m.name()))
        .unwrap_or_default();
    if !(method.contains("TRANSVERSEMERCATOR") || method.contains("GAUSSKRUGER")) {
        return Err(unsupported());
    }
    let mut params = Vec::new();
    root.find_all(&["PARAMETER"], &mut params);
    let value = |names: &[&str]| parameter(&params, names);
    let scale = value(&["SCALEFACTOR", "SCALEFACTORATNATURALORIGIN"]).unwrap_or(1.0);
    let origin = value(&["LATITUDEOFORIGIN", "LATITUDEOFNATURALORIGIN"]).unwrap_or(0.0);
    let northing = value(&["FALSENORTHING"]).unwrap_or(0.0);
    let metres = root
        .child(&["UNIT", "LENGTHUNIT"])
        .and_then(|u| u.number(0))
        .unwrap_or(1.0);
    if scale != 1.0 || origin != 0.0 || northing != 0.0 || metres != 1.0 {
        return Err(unsupported());
    }
    let central = value(&[
        "CENTRALMERIDIAN",
        "LONGITUDEOFNATURALORIGIN",
        "LONGITUDEOFCENTER",
        "LONGITUDEOFORIGIN",
    ])
    .ok_or_else(unsupported)?;
    let easting = value(&["FALSEEASTING"]).unwrap_or(0.0);
    Zone::from_parameters(central, easting, &squeeze(root.name()))
        .map(Crs::GaussKruger)
        .ok_or_else(unsupported)
}

/// The first coordinate that is not a plausible longitude/latitude in degrees.
pub fn not_degrees<G: geo::CoordsIter<Scalar = f64>>(geometry: &G) -> Option<Coord<f64>> {
    geometry
        .coords_iter()
        .find(|c| !(c.x.is_finite() && c.y.is_finite() && c.x.abs() <= 180.0 && c.y.abs() <= 90.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{MultiPolygon, polygon};

    const GK_ZONE_39_ESRI: &str = r#"PROJCS["CGCS2000_3_Degree_GK_Zone_39",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",39500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#;

    const GK_ZONE_39_OGC: &str = r#"PROJCS["CGCS2000 / 3-degree Gauss-Kruger zone 39",
    GEOGCS["China Geodetic Coordinate System 2000",
        DATUM["China_2000",
            SPHEROID["CGCS2000",6378137,298.257222101,
                AUTHORITY["EPSG","1024"]],
            AUTHORITY["EPSG","1043"]],
        PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],
        UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],
        AUTHORITY["EPSG","4490"]],
    PROJECTION["Transverse_Mercator"],
    PARAMETER["latitude_of_origin",0],
    PARAMETER["central_meridian",117],
    PARAMETER["scale_factor",1],
    PARAMETER["false_easting",39500000],
    PARAMETER["false_northing",0],
    UNIT["metre",1,AUTHORITY["EPSG","9001"]],
    AXIS["Northing",NORTH],
    AXIS["Easting",EAST],
    AUTHORITY["EPSG","4527"]]"#;

    /// An ESRI projected system: its name, projection, false easting, central meridian, scale.
    fn esri(name: &str, datum: &str, projection: &str, fe: f64, cm: f64, k: f64) -> String {
        let (spheroid, a, rf) = match datum {
            "D_China_2000" => ("CGCS2000", 6378137.0, 298.257222101),
            "D_WGS_1984" => ("WGS_1984", 6378137.0, 298.257223563),
            _ => ("Krasovsky_1940", 6378245.0, 298.3),
        };
        format!(
            r#"PROJCS["{name}",GEOGCS["GCS",DATUM["{datum}",SPHEROID["{spheroid}",{a},{rf}]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["{projection}"],PARAMETER["False_Easting",{fe}],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",{cm}],PARAMETER["Scale_Factor",{k}],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#
        )
    }

    #[test]
    fn the_gauss_kruger_zones_are_told_apart_by_their_parameters() {
        let cases = [
            (
                esri(
                    "CGCS2000_3_Degree_GK_Zone_39",
                    "D_China_2000",
                    "Gauss_Kruger",
                    39500000.0,
                    117.0,
                    1.0,
                ),
                4527,
            ),
            (
                esri(
                    "CGCS2000_3_Degree_GK_CM_117E",
                    "D_China_2000",
                    "Gauss_Kruger",
                    500000.0,
                    117.0,
                    1.0,
                ),
                4548,
            ),
            (
                esri(
                    "CGCS2000_GK_Zone_13",
                    "D_China_2000",
                    "Gauss_Kruger",
                    13500000.0,
                    75.0,
                    1.0,
                ),
                4491,
            ),
            (
                esri(
                    "CGCS2000_GK_CM_75E",
                    "D_China_2000",
                    "Gauss_Kruger",
                    500000.0,
                    75.0,
                    1.0,
                ),
                4502,
            ),
            (
                esri(
                    "CGCS2000_GK_CM_135E",
                    "D_China_2000",
                    "Transverse_Mercator",
                    500000.0,
                    135.0,
                    1.0,
                ),
                4512,
            ),
            (
                esri(
                    "CGCS2000_3_Degree_GK_Zone_45",
                    "D_China_2000",
                    "Gauss_Kruger",
                    45500000.0,
                    135.0,
                    1.0,
                ),
                4533,
            ),
            // A name that says nothing: the parameters decide.
            (
                esri(
                    "my_layer",
                    "D_China_2000",
                    "Transverse_Mercator",
                    20500000.0,
                    117.0,
                    1.0,
                ),
                4498,
            ),
            (GK_ZONE_39_OGC.to_owned(), 4527),
            (GK_ZONE_39_ESRI.to_owned(), 4527),
        ];
        for (prj, epsg) in cases {
            let crs = from_prj(&prj).unwrap_or_else(|e| panic!("{prj}: {e}"));
            assert_eq!(crs.epsg(), epsg, "{prj}");
        }
        assert_eq!(
            from_prj(GK_ZONE_39_ESRI).expect("zone 39").label(),
            "CGCS2000 / 3-degree Gauss-Kruger zone 39 (EPSG:4527)"
        );
    }

    #[test]
    fn every_zone_code_comes_back_from_its_parameters() {
        for code in 4491..=4554 {
            let crs = Crs::from_epsg(code).expect("a zone");
            assert_eq!(crs.epsg(), code);
            let Crs::GaussKruger(z) = crs else {
                panic!("{code} is a zone")
            };
            let name = if z.width == 3 { "3DEGREE" } else { "" };
            assert_eq!(
                Zone::from_parameters(z.central_meridian, z.false_easting, name),
                Some(z),
                "{code}"
            );
        }
        assert_eq!(Crs::from_epsg(4326), Some(Crs::WGS84));
        assert_eq!(Crs::from_epsg(3857), None);
    }

    /// A `.prj` of nested brackets (64 KB of them fit in an upload) once
    /// recursed per bracket until the stack overflowed.
    #[test]
    fn a_prj_nested_too_deep_is_refused_not_recursed() {
        let deep = format!("{}{}", "A[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            from_prj(&deep),
            Err(CrsError::Unreadable(crate::too_deep()))
        );
        let within = format!(
            "{}GEOGCS[\"x\"]{}",
            "A[".repeat(crate::MAX_NESTING - 1),
            "]".repeat(crate::MAX_NESTING - 1)
        );
        assert!(matches!(from_prj(&within), Err(CrsError::Unsupported(_))));
    }

    #[test]
    fn geographic_wgs84_and_cgcs2000_are_read_as_they_are() {
        let wgs84 = r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#;
        let cgcs = "\u{feff}GEOGCS[\"GCS_China_Geodetic_Coordinate_System_2000\",DATUM[\"D_China_2000\",SPHEROID[\"CGCS2000\",6378137.0,298.257222101]],PRIMEM[\"Greenwich\",0.0],UNIT[\"Degree\",0.0174532925199433]]";
        let wkt2 = r#"GEOGCRS["China Geodetic Coordinate System 2000",DATUM["China 2000",ELLIPSOID["CGCS2000",6378137,298.257222101,LENGTHUNIT["metre",1]]],CS[ellipsoidal,2],AXIS["geodetic latitude (Lat)",north],ID["EPSG",4490]]"#;
        assert_eq!(from_prj(wgs84), Ok(Crs::WGS84));
        assert_eq!(from_prj(cgcs), Ok(Crs::Geographic { epsg: 4490 }));
        assert_eq!(from_prj(wkt2), Ok(Crs::Geographic { epsg: 4490 }));
        let mut square = MultiPolygon(vec![
            polygon![(x: 114.0, y: 30.0), (x: 115.0, y: 30.0), (x: 115.0, y: 31.0), (x: 114.0, y: 30.0)],
        ]);
        let before = square.clone();
        Crs::WGS84.to_wgs84(&mut square).expect("no-op");
        assert_eq!(square, before);
    }

    #[test]
    fn other_systems_are_refused_by_name() {
        let cases = [
            (esri("Beijing_1954_3_Degree_GK_CM_120E", "D_Beijing_1954", "Gauss_Kruger", 500000.0, 120.0, 1.0), "Beijing_1954_3_Degree_GK_CM_120E"),
            (esri("WGS_1984_UTM_Zone_50N", "D_WGS_1984", "Transverse_Mercator", 500000.0, 117.0, 0.9996), "WGS_1984_UTM_Zone_50N"),
            (esri("WGS_1984_Web_Mercator_Auxiliary_Sphere", "D_WGS_1984", "Mercator_Auxiliary_Sphere", 0.0, 0.0, 1.0), "WGS_1984_Web_Mercator_Auxiliary_Sphere"),
            (esri("odd_zone", "D_China_2000", "Gauss_Kruger", 500000.0, 116.5, 1.0), "odd_zone"),
            (r#"GEOGCS["GCS_Xian_1980",DATUM["D_Xian_1980",SPHEROID["Xian_1980",6378140.0,298.257]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#.to_owned(), "GCS_Xian_1980"),
            (r#"GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",SPHEROID["Krasovsky_1940",6378245.0,298.3]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#.to_owned(), "GCS_Beijing_1954"),
        ];
        for (prj, name) in cases {
            let err = from_prj(&prj).expect_err(name);
            assert_eq!(err, CrsError::Unsupported(name.to_owned()));
            assert!(err.to_string().contains(name), "{err}");
        }
        assert!(matches!(from_prj("not wkt"), Err(CrsError::Unreadable(_))));
        assert!(matches!(
            from_prj("PROJCS[\"x\","),
            Err(CrsError::Unreadable(_))
        ));
    }

    /// Reference points projected by PROJ 9 (gdaltransform) from CGCS2000 degrees.
    #[test]
    fn gauss_kruger_points_come_back_to_the_degrees_proj_projected() {
        let cases = [
            (
                4527,
                Coord {
                    x: 39_528_409.362_192_6,
                    y: 3_519_714.614_708_91,
                },
                Coord { x: 117.3, y: 31.8 },
            ),
            (
                4548,
                Coord {
                    x: 528_409.362_192_602,
                    y: 3_519_714.614_708_91,
                },
                Coord { x: 117.3, y: 31.8 },
            ),
            (
                4498,
                Coord {
                    x: 20_661_778.989_942_4,
                    y: 4_453_468.061_586,
                },
                Coord { x: 118.9, y: 40.2 },
            ),
            (
                4509,
                Coord {
                    x: 661_778.989_942_374,
                    y: 4_453_468.061_586,
                },
                Coord { x: 118.9, y: 40.2 },
            ),
        ];
        for (epsg, projected, degrees) in cases {
            let (fe, cm, name) = match epsg {
                4527 => (39_500_000.0, 117.0, "CGCS2000_3_Degree_GK_Zone_39"),
                4548 => (500_000.0, 117.0, "CGCS2000_3_Degree_GK_CM_117E"),
                4498 => (20_500_000.0, 117.0, "CGCS2000_GK_Zone_20"),
                _ => (500_000.0, 117.0, "CGCS2000_GK_CM_117E"),
            };
            let crs =
                from_prj(&esri(name, "D_China_2000", "Gauss_Kruger", fe, cm, 1.0)).expect("zone");
            assert_eq!(crs.epsg(), epsg);
            let p = projected;
            let mut mp = MultiPolygon(vec![
                polygon![(x: p.x, y: p.y), (x: p.x + 1000.0, y: p.y), (x: p.x, y: p.y + 1000.0), (x: p.x, y: p.y)],
            ]);
            crs.to_wgs84(&mut mp).expect("reprojects");
            let got = mp.0[0].exterior().0[0];
            // 1e-8° is about a millimetre.
            assert!(
                (got.x - degrees.x).abs() < 1e-8 && (got.y - degrees.y).abs() < 1e-8,
                "{epsg}: {got:?}"
            );
            assert_eq!(not_degrees(&mp), None);
        }
    }
}
