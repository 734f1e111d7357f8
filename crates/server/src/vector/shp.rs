//! Zipped shapefiles: the one `.shp` layer of a zip, its `.dbf` attributes (in
//! the `.cpg` encoding, else UTF-8 when valid, else GBK: what Chinese GIS
//! software writes) and its `.prj`, with the shapes brought to WGS84.

use std::io::{Cursor, Read, Seek};

use geo_kit::crs::{self, Crs};
use geo_types::Geometry;
use shapefile::dbase::Record;

use super::VectorError;
use super::unzip::Archive;

/// One layer, read.
pub struct Shapefile {
    /// Each shape in WGS84 longitude/latitude; `None` for a null shape.
    pub shapes: Vec<Option<Geometry<f64>>>,
    /// The attributes, one record per shape, when the zip has a `.dbf`.
    pub records: Option<Vec<Record>>,
    /// The system the `.prj` names (reprojected from), `None` without `.prj`.
    pub crs: Option<Crs>,
}

/// Reads the one shapefile layer of a zip that may inflate to `cap` bytes.
pub fn read_zipped<R: Read + Seek>(reader: R, cap: u64) -> Result<Shapefile, VectorError> {
    let mut zip = Archive::open(reader, cap)?;
    let shps: Vec<String> = zip
        .names()
        .filter(|n| n.to_lowercase().ends_with(".shp"))
        .map(str::to_owned)
        .collect();
    let stem = match shps.as_slice() {
        [one] => one[..one.len() - 4].to_owned(),
        [] => return Err(VectorError("压缩包中没有 .shp 文件".into())),
        _ => {
            return Err(VectorError(
                "压缩包中有多个 .shp 文件，请每个压缩包只放一个图层".into(),
            ));
        }
    };
    let mut part = |ext: &str| -> Result<Option<Vec<u8>>, VectorError> {
        match zip.find(&format!("{stem}{ext}")).map(str::to_owned) {
            Some(name) => zip.read(&name).map(Some),
            None => Ok(None),
        }
    };
    let shp = part(".shp")?.ok_or_else(|| VectorError("缺少 .shp 文件".into()))?;
    let crs = part(".prj")?
        .map(|prj| crs::from_prj(&String::from_utf8_lossy(&prj)))
        .transpose()?;
    let records = match part(".dbf")? {
        Some(dbf) => {
            let encoding = match part(".cpg")? {
                Some(cpg) => cpg_encoding(&cpg)?,
                None => guess_dbf_encoding(&dbf),
            };
            let mut reader = shapefile::dbase::ReaderBuilder::new()
                .with_encoding(shapefile::dbase::encoding::EncodingRs::from(encoding))
                .build(Cursor::new(dbf))
                .map_err(|e| VectorError(format!(".dbf 属性文件无法读取：{e}")))?;
            Some(
                reader
                    .read()
                    .map_err(|e| VectorError(format!(".dbf 属性文件无法读取：{e}")))?,
            )
        }
        None => None,
    };
    let shapes = shapefile::ShapeReader::new(Cursor::new(shp))
        .and_then(|r| r.read())
        .map_err(|e| VectorError(format!(".shp 文件无法读取：{e}")))?;
    let shapes = shapes
        .into_iter()
        .enumerate()
        .map(|(i, shape)| {
            if matches!(shape, shapefile::Shape::NullShape) {
                return Ok(None);
            }
            let mut g = Geometry::<f64>::try_from(shape)
                .map_err(|e| VectorError(format!("第 {} 个要素无法读取：{e:?}", i + 1)))?;
            match &crs {
                Some(c) => c.to_wgs84(&mut g)?,
                None => super::check_degrees_without_prj(&g)?,
            }
            Ok(Some(g))
        })
        .collect::<Result<_, VectorError>>()?;
    Ok(Shapefile {
        shapes,
        records,
        crs,
    })
}

/// The encoding a `.cpg` names (`936` is what ArcGIS writes for GBK).
fn cpg_encoding(cpg: &[u8]) -> Result<&'static encoding_rs::Encoding, VectorError> {
    let label = String::from_utf8_lossy(cpg).trim().to_owned();
    let label = if label == "936" { "GBK" } else { &label };
    encoding_rs::Encoding::for_label(label.as_bytes())
        .ok_or_else(|| VectorError(format!(".cpg 中的编码无法识别：{label}")))
}

/// UTF-8 when the records (after the header) are valid UTF-8, else GBK.
fn guess_dbf_encoding(dbf: &[u8]) -> &'static encoding_rs::Encoding {
    let header_len = dbf
        .get(8..10)
        .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
    match dbf.get(header_len..) {
        Some(records) if std::str::from_utf8(records).is_ok() => encoding_rs::UTF_8,
        _ => encoding_rs::GBK,
    }
}
