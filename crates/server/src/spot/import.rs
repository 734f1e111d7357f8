//! `rscloud import spots THEME FILE`: a theme's spots from a GeoJSON FeatureCollection
//! (`.geojson`, `.json`), a zipped shapefile (`.zip`: `.shp`, `.shx`, `.dbf`, a `.prj` that
//! is WGS84 or CGCS2000 longitude/latitude, `.cpg` honoured) or a CSV file with a WKT column
//! (`.csv`). Every record is read and checked before anything is written, the way scene import
//! does it: one bad record refuses the file, named by its position and the reason.
//!
//! Fields (properties, `.dbf` columns, CSV columns), matched without regard to case, by their
//! name or the short name a `.dbf` (10 characters at most) can hold:
//!
//! | field | short | |
//! |---|---|---|
//! | `batch` | | required: `2024Q3` or `20240615`, as the theme's batches are cut |
//! | `tblx` | | the spot type, a value or label of the theme's type dictionary; required for a theme with types, refused for one without |
//! | `xzqdm` | | the county code; when missing, the county holding the spot's interior point among the imported regions |
//! | `change` | | 0 不变 (default), 1 扩张, 2 拆除, 3 部分拆除 (number or label) |
//! | `beforeImage`, `afterImage` | `before_img`, `after_img` | an image file (PNG or JPEG) next to the imported file, copied into the data folder, or an http(s) URL kept as it is |
//! | `source` | | attribution of the data |
//! | the theme's own attributes | see [`attr_names`] | `name`, `capacityMw`, `turbines`, … of the theme; another theme's attributes are ignored |
//!
//! CSV: the geometry is the `wkt` column (or `geometry`, `geom`), one POLYGON or MULTIPOLYGON.
//! Spots are polygons only (sites given as points go through `spot::sites`); each is checked and
//! repaired as a drawn area is (`geo_kit::aoi`), and its geodesic area computed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use geo::{GeodesicArea, InteriorPoint};
use geo_kit::aoi::{self, AreaError};
use geo_kit::crs::Crs;
use geo_types::{Geometry, MultiPolygon};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::model::{Attrs, SpotRecord};
use super::theme::{Attr, BatchKind, CHANGES, ThemeName};
use crate::dict::DictItem;
use crate::region::index::RegionIndex;
use crate::region::tree::{self, Level};

/// Largest file read: about 200,000 small spots of GeoJSON.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Bytes a zipped shapefile's members may inflate to.
const MAX_UNZIPPED: u64 = 256 << 20;

/// Most spots one file may hold.
pub const MAX_SPOTS: usize = 200_000;

/// Most vertices one spot may have: a spot is a field, a plant or a road section, not a county.
pub const MAX_SPOT_VERTICES: usize = 10_000;

/// Largest before or after image copied in.
pub const MAX_IMAGE_BYTES: u64 = 20 << 20;

/// Longest text value (name, route, source, …), in characters.
const MAX_TEXT: usize = 200;

/// Longest image URL.
const MAX_URL: usize = 2_048;

/// Why a spot file was refused; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum SpotImportError {
    /// The file as a whole is unusable.
    #[error("{file}：{message}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// One record is unusable.
    #[error("{file}：{at}：{message}")]
    Record {
        /// The file.
        file: String,
        /// Where: 第 3 个要素, 第 12 行, 第 5 条记录.
        at: String,
        /// What is wrong.
        message: String,
    },
}

impl SpotImportError {
    /// A refusal of the whole file.
    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Self::File {
            file: path.display().to_string(),
            message: message.into(),
        }
    }

    /// A refusal of one record.
    pub fn record(path: &Path, at: &str, message: impl Into<String>) -> Self {
        Self::Record {
            file: path.display().to_string(),
            at: at.to_owned(),
            message: message.into(),
        }
    }
}

/// What checking a spot needs besides the file: its theme, the imported regions (to find
/// and check counties) and the theme's type dictionary (read by the caller from `dict`).
pub struct Context<'a> {
    /// The theme imported into.
    pub theme: ThemeName,
    /// The imported regions; empty when none are.
    pub regions: &'a RegionIndex,
    /// The values of the theme's type dictionary; empty for a theme without types.
    pub types: &'a [DictItem],
}

/// An image to copy into the spot image folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The file beside the imported one.
    pub from: PathBuf,
    /// Its name in the image folder: its content's hash, so the same picture is kept once and
    /// no name from the file can reach outside the folder.
    pub name: String,
}

/// A file's spots, checked, and the images they bring.
#[derive(Debug)]
pub struct Imported {
    /// The spots, in file order.
    pub spots: Vec<SpotRecord>,
    /// The images to copy before the spots are written.
    pub images: Vec<Image>,
}

/// The names a theme attribute is read by: its camelCase name and the short one a `.dbf`
/// column can hold.
pub const fn attr_names(attr: Attr) -> (&'static str, &'static str) {
    match attr {
        Attr::Name => ("name", "name"),
        Attr::CapacityMw => ("capacityMw", "cap_mw"),
        Attr::Turbines => ("turbines", "turbines"),
        Attr::PanelAreaM2 => ("panelAreaM2", "panel_m2"),
        Attr::CapacityKt => ("capacityKt", "cap_kt"),
        Attr::Route => ("route", "route"),
        Attr::RateMm => ("rateMm", "rate_mm"),
        Attr::Crop => ("crop", "crop"),
        Attr::ClassFrom => ("classFrom", "class_from"),
        Attr::ClassTo => ("classTo", "class_to"),
    }
}

const BATCH: &[&str] = &["batch"];
const TBLX: &[&str] = &["tblx"];
const XZQDM: &[&str] = &["xzqdm"];
const CHANGE: &[&str] = &["change"];
const BEFORE: &[&str] = &["beforeImage", "before_img"];
const AFTER: &[&str] = &["afterImage", "after_img"];
const SOURCE: &[&str] = &["source"];
const WKT: &[&str] = &["wkt", "geometry", "geom"];

/// One record as read, before checking.
struct Raw {
    /// Where it is, for messages.
    at: String,
    /// Its fields, keys lower-cased.
    props: HashMap<String, Value>,
    /// Its geometry, or why it could not be read.
    geom: Result<Option<Geometry<f64>>, String>,
}

/// Reads and checks every spot of a file, told by its extension.
pub fn read(path: &Path, ctx: &Context<'_>) -> Result<Imported, SpotImportError> {
    let whole = |m: String| SpotImportError::file(path, m);
    let bytes = read_bounded(path)?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let raws = match ext.as_str() {
        "geojson" | "json" => read_geojson(&bytes),
        "zip" => read_shapefile(&bytes),
        "csv" => read_csv(&bytes),
        _ => Err("不支持的文件类型（支持 GeoJSON、zip 压缩的 Shapefile、带 WKT 列的 CSV）".into()),
    }
    .map_err(whole)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut images = Images {
        dir,
        seen: HashMap::new(),
        list: Vec::new(),
    };
    let mut spots = Vec::with_capacity(raws.len());
    for raw in raws {
        let spot = check(ctx, &file_name, &raw, &mut images)
            .map_err(|m| SpotImportError::record(path, &raw.at, m))?;
        spots.push(spot);
    }
    Ok(Imported {
        spots,
        images: images.list,
    })
}

/// A file's bytes, refused beyond [`MAX_FILE_BYTES`] before reading.
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, SpotImportError> {
    let whole = |m: String| SpotImportError::file(path, m);
    let size = std::fs::metadata(path)
        .map_err(|e| whole(format!("无法读取：{e}")))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(whole(format!(
            "文件超过 {} MB，已拒绝；请拆分后导入",
            MAX_FILE_BYTES >> 20
        )));
    }
    std::fs::read(path).map_err(|e| whole(format!("无法读取：{e}")))
}

/// Copies the images of an import into `dir` (the spot image folder), creating it.
pub fn copy_images(images: &[Image], dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for image in images {
        let to = dir.join(&image.name);
        if !to.exists() {
            std::fs::copy(&image.from, to)?;
        }
    }
    Ok(())
}

fn read_geojson(bytes: &[u8]) -> Result<Vec<Raw>, String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| "文件不是 UTF-8 编码的文本".to_owned())?;
    let geojson::GeoJson::FeatureCollection(fc) = text
        .parse::<geojson::GeoJson>()
        .map_err(|e| format!("GeoJSON 无法解析：{e}"))?
    else {
        return Err("GeoJSON 须为 FeatureCollection".into());
    };
    if fc.features.len() > MAX_SPOTS {
        return Err(too_many());
    }
    Ok(fc
        .features
        .into_iter()
        .enumerate()
        .map(|(i, f)| Raw {
            at: format!("第 {} 个要素", i + 1),
            props: lower(f.properties.unwrap_or_default()),
            geom: f
                .geometry
                .map(crate::vector::to_geo)
                .transpose()
                .map_err(|e| e.0),
        })
        .collect())
}

fn read_shapefile(bytes: &[u8]) -> Result<Vec<Raw>, String> {
    let limits = crate::vector::shp::Limits {
        unzipped: MAX_UNZIPPED,
        shapes: MAX_SPOTS,
        attributes: true,
    };
    let layer =
        crate::vector::shp::read_zipped(std::io::Cursor::new(bytes), &limits).map_err(|e| e.0)?;
    if let Some(crs @ Crs::GaussKruger(_)) = &layer.crs {
        return Err(format!(
            "坐标系须为 WGS84 或 CGCS2000 经纬度，文件为 {}；请转为经纬度后导入",
            crs.label()
        ));
    }
    let records = layer
        .records
        .ok_or_else(|| "缺少 .dbf 属性文件".to_owned())?;
    Ok(layer
        .shapes
        .into_iter()
        .zip(records.into_iter().map(Some).chain(std::iter::repeat(None)))
        .enumerate()
        .map(|(i, (shape, record))| Raw {
            at: format!("第 {} 条记录", i + 1),
            props: record
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.to_lowercase(), dbf_value(v)?)))
                .collect(),
            geom: Ok(shape),
        })
        .collect())
}

/// A `.dbf` value as the JSON value a GeoJSON property would be; `None` when empty.
fn dbf_value(v: shapefile::dbase::FieldValue) -> Option<Value> {
    use shapefile::dbase::FieldValue as F;
    let number = |n: f64| serde_json::Number::from_f64(n).map(Value::Number);
    match v {
        F::Character(s) => s.map(Value::String),
        F::Memo(s) => Some(Value::String(s)),
        F::Numeric(n) => n.and_then(number),
        F::Float(n) => n.map(f64::from).and_then(number),
        F::Integer(n) => Some(Value::from(n)),
        F::Double(n) | F::Currency(n) => number(n),
        F::Logical(b) => b.map(Value::Bool),
        F::Date(d) => {
            d.map(|d| Value::String(format!("{:04}{:02}{:02}", d.year(), d.month(), d.day())))
        }
        F::DateTime(_) => None,
    }
}

fn read_csv(bytes: &[u8]) -> Result<Vec<Raw>, String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| format!("CSV 无法解析：{e}"))?
        .iter()
        .map(str::to_lowercase)
        .collect();
    let wkt = headers
        .iter()
        .position(|h| WKT.contains(&h.as_str()))
        .ok_or_else(|| "CSV 须有 WKT 几何列（wkt）".to_owned())?;
    let mut out = Vec::new();
    for record in reader.records() {
        if out.len() == MAX_SPOTS {
            return Err(too_many());
        }
        let (at, record) = match record {
            Ok(r) => (line_of(r.position()), r),
            Err(e) => {
                let at = e.position().map_or_else(String::new, |p| line_of(Some(p)));
                return Err(format!("{at}：CSV 无法解析：{e}"));
            }
        };
        let props = headers
            .iter()
            .zip(record.iter())
            .enumerate()
            .filter(|(i, (_, v))| *i != wkt && !v.is_empty())
            .map(|(_, (k, v))| (k.clone(), Value::String(v.to_owned())))
            .collect();
        let geom = match record.get(wkt).filter(|w| !w.is_empty()) {
            None => Ok(None),
            Some(text) => match geo_kit::wkt::parse(text) {
                Ok(mut geoms) if geoms.len() == 1 => Ok(geoms.pop()),
                Ok(_) => Err("WKT 须为一个 POLYGON 或 MULTIPOLYGON".into()),
                Err(e) => Err(e.to_string()),
            },
        };
        out.push(Raw { at, props, geom });
    }
    Ok(out)
}

fn line_of(p: Option<&csv::Position>) -> String {
    p.map_or_else(String::new, |p| format!("第 {} 行", p.line()))
}

fn too_many() -> String {
    format!("图斑超过 {MAX_SPOTS} 个，已拒绝；请拆分后导入")
}

fn lower(props: Map<String, Value>) -> HashMap<String, Value> {
    props
        .into_iter()
        .map(|(k, v)| (k.to_lowercase(), v))
        .collect()
}

/// The first non-empty of `keys` (lower-cased on lookup) as text; whole numbers without a
/// decimal point, as a batch or code written as a number reads.
fn text(props: &HashMap<String, Value>, keys: &[&str]) -> Option<String> {
    keys.iter()
        .find_map(|k| match props.get(&k.to_lowercase())? {
            Value::String(s) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
            Value::Number(n) => Some(match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
                _ => n.to_string(),
            }),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        })
}

/// Checks a text's length and answers it.
fn bounded(label: &str, value: String) -> Result<String, String> {
    if value.chars().count() > MAX_TEXT {
        return Err(format!("{label}超过 {MAX_TEXT} 个字"));
    }
    Ok(value)
}

/// A finite number of `keys`, if given.
fn number(
    props: &HashMap<String, Value>,
    keys: &[&str],
    label: &str,
) -> Result<Option<f64>, String> {
    let Some(t) = text(props, keys) else {
        return Ok(None);
    };
    match t.parse::<f64>() {
        Ok(n) if n.is_finite() => Ok(Some(n)),
        _ => Err(format!("{label} {t} 不是数字")),
    }
}

/// The images met so far and where they come from.
struct Images<'a> {
    dir: &'a Path,
    /// Reference in the file → stored reference.
    seen: HashMap<String, String>,
    list: Vec<Image>,
}

impl Images<'_> {
    /// The stored reference of an image reference: an http(s) URL as it is, a file beside the
    /// imported one by its content's hash (queued for copying).
    fn resolve(&mut self, value: &str) -> Result<String, String> {
        if let Some(known) = self.seen.get(value) {
            return Ok(known.clone());
        }
        let lower = value.to_ascii_lowercase();
        let stored = if lower.starts_with("http://") || lower.starts_with("https://") {
            if value.len() > MAX_URL || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(format!("图片链接 {value} 无效"));
            }
            value.to_owned()
        } else {
            let plain = Path::new(value).file_name().is_some_and(|n| n == value)
                && !value.contains(['/', '\\']);
            if !plain {
                return Err(format!(
                    "图片 {value} 应为与导入文件同目录的文件名，或 http(s) 链接"
                ));
            }
            let from = self.dir.join(value);
            let size = std::fs::metadata(&from)
                .map_err(|_| format!("找不到图片 {value}（应与导入文件在同一目录）"))?
                .len();
            if size > MAX_IMAGE_BYTES {
                return Err(format!("图片 {value} 超过 {} MB", MAX_IMAGE_BYTES >> 20));
            }
            let bytes = std::fs::read(&from).map_err(|e| format!("无法读取图片 {value}：{e}"))?;
            let ext = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
                "png"
            } else if bytes.starts_with(b"\xff\xd8\xff") {
                "jpg"
            } else {
                return Err(format!("图片 {value} 不是 PNG 或 JPEG"));
            };
            let hash = Sha256::digest(&bytes);
            let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
            let name = format!("{hex}.{ext}");
            if !self.list.iter().any(|i| i.name == name) {
                self.list.push(Image {
                    from,
                    name: name.clone(),
                });
            }
            name
        };
        self.seen.insert(value.to_owned(), stored.clone());
        Ok(stored)
    }
}

/// One record as a spot, or why it cannot be one.
fn check(
    ctx: &Context<'_>,
    file_name: &str,
    raw: &Raw,
    images: &mut Images<'_>,
) -> Result<SpotRecord, String> {
    let theme = ctx.theme.theme();
    let props = &raw.props;
    let geom = match &raw.geom {
        Err(e) => return Err(e.clone()),
        Ok(None) => return Err("没有几何".into()),
        Ok(Some(g)) => outline(g.clone())?,
    };
    let batch = text(props, BATCH).ok_or_else(|| "缺少批次（batch）".to_owned())?;
    if theme.batches.type_name(&batch).is_none() {
        return Err(format!(
            "批次 {batch} 不是{}",
            match theme.batches {
                BatchKind::Quarter => "季度批次（如 2024Q3）",
                BatchKind::Date => "日期批次（YYYYMMDD，如 20240615）",
            }
        ));
    }
    let tblx = match (theme.types, text(props, TBLX)) {
        (Some(dict), Some(t)) => Some(
            ctx.types
                .iter()
                .find(|i| i.value == t || i.label == t)
                .map(|i| i.value.clone())
                .ok_or_else(|| format!("图斑类型 {t} 不在字典 {dict} 中"))?,
        ),
        (Some(_), None) => return Err("缺少图斑类型（tblx）".into()),
        (None, Some(t)) => return Err(format!("本专题不分图斑类型，tblx 应为空（为 {t}）")),
        (None, None) => None,
    };
    let change = match text(props, CHANGE) {
        None => 0,
        Some(c) => c
            .parse::<u8>()
            .ok()
            .filter(|n| usize::from(*n) < CHANGES.len())
            .or_else(|| CHANGES.iter().position(|l| *l == c).map(|i| i as u8))
            .ok_or_else(|| {
                format!("变化类别 {c} 应为 0–3（0 不变、1 扩张、2 拆除、3 部分拆除）")
            })?,
    };
    let mut attrs = Attrs::default();
    for &attr in theme.attrs {
        read_attr(props, attr, &mut attrs)?;
    }
    let xzqdm = county(ctx.regions, text(props, XZQDM), &geom)?;
    let mut image = |keys: &[&str]| text(props, keys).map(|v| images.resolve(&v)).transpose();
    let before_image = image(BEFORE)?;
    let after_image = image(AFTER)?;
    let source = text(props, SOURCE)
        .map(|s| bounded("数据来源", s))
        .transpose()?;
    Ok(SpotRecord {
        theme: ctx.theme,
        batch,
        tblx,
        xzqdm,
        file_name: file_name.to_owned(),
        area_m2: geom.geodesic_area_unsigned(),
        geom,
        change,
        before_image,
        after_image,
        attrs,
        source,
        demo: false,
    })
}

/// A spot's outline from a geometry read: polygons only, checked and repaired as a drawn area
/// is, with the messages saying 图斑.
pub fn outline(g: Geometry<f64>) -> Result<MultiPolygon<f64>, String> {
    let message = |e: AreaError| match e {
        AreaError::NotPolygon("点") => {
            "点要素不能作为图斑；电站、钢铁厂等点位请用 rscloud import sites 导入".to_owned()
        }
        AreaError::NotPolygon(kind) => format!("图斑须为面（Polygon/MultiPolygon），不能是{kind}"),
        AreaError::Empty => "没有面".to_owned(),
        AreaError::TooManyVertices { count, max } => {
            format!("图斑顶点过多：{count} 个，上限 {max} 个")
        }
        AreaError::Invalid(why) => format!("图斑几何无效且无法修复：{why}"),
        other => other.to_string(),
    };
    let polygons = aoi::polygons(vec![g]).map_err(message)?;
    aoi::accept(polygons, MAX_SPOT_VERTICES)
        .map(|(mp, _)| mp)
        .map_err(message)
}

/// Reads one of the theme's attributes into `attrs`.
fn read_attr(props: &HashMap<String, Value>, attr: Attr, attrs: &mut Attrs) -> Result<(), String> {
    let (camel, short) = attr_names(attr);
    let keys = [camel, short];
    let label = attr.label();
    let at_least_zero = |n: Option<f64>| match n {
        Some(v) if v < 0.0 => Err(format!("{label} 不能为负数")),
        n => Ok(n),
    };
    let text_of = || text(props, &keys).map(|t| bounded(label, t)).transpose();
    match attr {
        Attr::Name => attrs.name = text_of()?,
        Attr::Route => attrs.route = text_of()?,
        Attr::Crop => attrs.crop = text_of()?,
        Attr::ClassFrom => attrs.class_from = text_of()?,
        Attr::ClassTo => attrs.class_to = text_of()?,
        Attr::CapacityMw => attrs.capacity_mw = at_least_zero(number(props, &keys, label)?)?,
        Attr::PanelAreaM2 => attrs.panel_area_m2 = at_least_zero(number(props, &keys, label)?)?,
        Attr::CapacityKt => attrs.capacity_kt = at_least_zero(number(props, &keys, label)?)?,
        Attr::RateMm => attrs.rate_mm = number(props, &keys, label)?,
        Attr::Turbines => {
            attrs.turbines = match at_least_zero(number(props, &keys, label)?)? {
                Some(n) if n.fract() != 0.0 || n > 1e9 => {
                    return Err(format!("{label} {n} 不是整数"));
                }
                n => n.map(|n| n as i64),
            }
        }
    }
    Ok(())
}

/// The county of a spot: the code given (checked to be a county, and one of the imported
/// regions when there are any), else the imported county holding its interior point.
fn county(
    regions: &RegionIndex,
    given: Option<String>,
    geom: &MultiPolygon<f64>,
) -> Result<String, String> {
    if let Some(raw) = given {
        let code = tree::normalize(&raw)
            .ok_or_else(|| format!("行政区代码 {raw} 不是六位数字"))?
            .to_owned();
        if !is_county(&code) {
            return Err(format!("行政区代码 {code} 不是区县代码"));
        }
        if !regions.is_empty() && regions.shape(&code).is_none() {
            return Err(format!("行政区代码 {code} 不在已导入的行政区中"));
        }
        return Ok(code);
    }
    if regions.is_empty() {
        return Err(
            "缺少行政区代码（xzqdm），且尚未导入行政区（rscloud import regions），无法按位置确定区县"
                .into(),
        );
    }
    let point = geom.interior_point().ok_or_else(|| "没有面".to_owned())?;
    county_at(regions, point.x(), point.y())
        .ok_or_else(|| "图斑不在任何已导入的区县内；请填写行政区代码（xzqdm）".into())
}

/// Whether a code is one a spot may lie in: a county, or a city without counties.
pub fn is_county(code: &str) -> bool {
    match tree::level_of(code) {
        Level::County => true,
        Level::City => tree::LEAF_CITIES.contains(&code),
        _ => false,
    }
}

/// The imported county (or city without counties) holding a point.
pub fn county_at(regions: &RegionIndex, lon: f64, lat: f64) -> Option<String> {
    regions
        .containing(lon, lat)
        .into_iter()
        .rev()
        .find(|s| is_county(&s.code))
        .map(|s| s.code.clone())
}

#[cfg(test)]
mod tests;
