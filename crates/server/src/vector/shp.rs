//! Zipped shapefiles: the one `.shp` layer of a zip, its `.dbf` attributes (in
//! the `.cpg` encoding, else UTF-8 when valid, else GBK: what Chinese GIS
//! software writes) and its `.prj`, with the shapes brought to WGS84; and
//! [`write_zipped`], which writes a polygon layer with plain attributes (the
//! coverage parts, pushed footprints) the same way back.

use std::io::{Cursor, Read, Seek, Write};

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

/// What reading one zipped shapefile may cost; every count in its files is
/// checked against these before anything is allocated for it.
pub struct Limits {
    /// Bytes all members together may inflate to.
    pub unzipped: u64,
    /// Most shapes (features) the layer may hold.
    pub shapes: usize,
    /// Whether the `.dbf` attributes are read at all (an area needs none).
    pub attributes: bool,
}

/// WGS 84 as ESRI writes it in a `.prj`: what every shapefile and image the server writes
/// carries.
pub const WGS84_PRJ: &str = r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#;

/// Most bytes a `.prj` or `.cpg` may hold: real ones are a few hundred.
const MAX_SIDE_FILE: u64 = 64 << 10;

/// Most fields a `.dbf` may have (dBase allows 255).
const MAX_FIELDS: usize = 255;

/// Reads the one shapefile layer of a zip within `limits`.
pub fn read_zipped<R: Read + Seek>(reader: R, limits: &Limits) -> Result<Shapefile, VectorError> {
    let mut zip = Archive::open(reader, limits.unzipped)?;
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
    let mut part = |ext: &str, max: u64| -> Result<Option<Vec<u8>>, VectorError> {
        match zip.find(&format!("{stem}{ext}")).map(str::to_owned) {
            Some(name) => zip.read_at_most(&name, max).map(Some),
            None => Ok(None),
        }
    };
    let shp = part(".shp", u64::MAX)?.ok_or_else(|| VectorError("缺少 .shp 文件".into()))?;
    let crs = part(".prj", MAX_SIDE_FILE)?
        .map(|prj| crs::from_prj(&String::from_utf8_lossy(&prj)))
        .transpose()?;
    let shapes = read_shapes(shp, limits.shapes, crs.as_ref())?;
    let records = if limits.attributes {
        match part(".dbf", u64::MAX)? {
            Some(dbf) => {
                let encoding = match part(".cpg", MAX_SIDE_FILE)? {
                    Some(cpg) => cpg_encoding(&cpg)?,
                    None => guess_dbf_encoding(&dbf),
                };
                Some(read_records(dbf, encoding, shapes.len())?)
            }
            None => None,
        }
    } else {
        None
    };
    Ok(Shapefile {
        shapes,
        records,
        crs,
    })
}

/// The shapes of a `.shp`, at most `max` of them, in WGS84.
fn read_shapes(
    shp: Vec<u8>,
    max: usize,
    crs: Option<&Crs>,
) -> Result<Vec<Option<Geometry<f64>>>, VectorError> {
    let unreadable = |e: shapefile::Error| VectorError(format!(".shp 文件无法读取：{e}"));
    let mut reader = shapefile::ShapeReader::new(Cursor::new(shp)).map_err(unreadable)?;
    let mut out = Vec::new();
    for (i, shape) in reader.iter_shapes().enumerate() {
        if i == max {
            return Err(VectorError(format!(
                ".shp 文件的要素超过 {max} 个，已拒绝；请简化或拆分后上传"
            )));
        }
        let shape = shape.map_err(unreadable)?;
        if matches!(shape, shapefile::Shape::NullShape) {
            out.push(None);
            continue;
        }
        let mut g = Geometry::<f64>::try_from(shape)
            .map_err(|e| VectorError(format!("第 {} 个要素无法读取：{e:?}", i + 1)))?;
        match crs {
            Some(c) => c.to_wgs84(&mut g)?,
            None => super::check_degrees_without_prj(&g)?,
        }
        out.push(Some(g));
    }
    Ok(out)
}

/// The records of a `.dbf`, after checking what its header claims against
/// the file's size and the number of shapes (a small file must not make
/// millions of records).
fn read_records(
    dbf: Vec<u8>,
    encoding: &'static encoding_rs::Encoding,
    shapes: usize,
) -> Result<Vec<Record>, VectorError> {
    let unreadable = |e: &dyn std::fmt::Display| VectorError(format!(".dbf 属性文件无法读取：{e}"));
    let size = dbf.len() as u64;
    let mut reader = shapefile::dbase::ReaderBuilder::new()
        .with_encoding(shapefile::dbase::encoding::EncodingRs::from(encoding))
        .build(Cursor::new(dbf))
        .map_err(|e| unreadable(&e))?;
    let header = reader.header();
    let records = header.num_records as usize;
    if records > shapes {
        return Err(VectorError(format!(
            ".dbf 属性文件有 {records} 条记录，多于 .shp 的 {shapes} 个要素；请检查文件是否配套"
        )));
    }
    let claimed = u64::from(header.offset_to_first_record)
        + u64::from(header.num_records) * u64::from(header.size_of_record);
    if claimed > size {
        return Err(unreadable(&format!(
            "文件头声明 {claimed} 字节，文件只有 {size} 字节"
        )));
    }
    if reader.fields().len() > MAX_FIELDS {
        return Err(unreadable(&format!("字段超过 {MAX_FIELDS} 个")));
    }
    reader
        .iter_records()
        .take(records)
        .collect::<Result<_, _>>()
        .map_err(|e| unreadable(&e))
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

/// A `.dbf` field of a layer [`write_zipped`] writes.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// ASCII, at most 10 characters (dBase's limit).
    name: &'static str,
    /// Bytes the field holds.
    width: u8,
    /// Decimals of a number; `None` for text.
    decimals: Option<u8>,
}

impl Field {
    /// A text field of `width` bytes (at most 254); longer text is cut at a character boundary.
    pub const fn text(name: &'static str, width: u8) -> Self {
        Self {
            name,
            width,
            decimals: None,
        }
    }

    /// A numeric field of `width` characters with `decimals` decimals.
    pub const fn number(name: &'static str, width: u8, decimals: u8) -> Self {
        Self {
            name,
            width,
            decimals: Some(decimals),
        }
    }
}

/// One attribute of a written feature, in its field's order.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// For a text field.
    Text(String),
    /// For a numeric field.
    Number(f64),
    /// Left empty.
    Empty,
}

/// `text` cut to at most `max` bytes at a character boundary.
fn cut(text: &str, max: usize) -> &str {
    let end = (0..=max.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    &text[..end]
}

/// A polygon layer as a zip of `<stem>.shp/.shx/.dbf/.prj/.cpg`: WGS 84, UTF-8 attributes,
/// one record per feature with its values in the order of `fields`.
pub fn write_zipped(
    stem: &str,
    fields: &[Field],
    features: impl IntoIterator<Item = (shapefile::Polygon, Vec<Value>)>,
) -> anyhow::Result<Vec<u8>> {
    use shapefile::dbase::{FieldName, FieldValue, TableWriterBuilder};
    let (mut shp, mut shx, mut dbf) = (
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
    );
    {
        let mut shapes = shapefile::ShapeWriter::with_shx(&mut shp, &mut shx);
        let mut builder = TableWriterBuilder::new();
        for f in fields {
            let name = FieldName::try_from(f.name).map_err(anyhow::Error::msg)?;
            builder = match f.decimals {
                None => builder.add_character_field(name, f.width),
                Some(d) => builder.add_numeric_field(name, f.width, d),
            };
        }
        let mut table = builder.build_with_dest(&mut dbf);
        for (shape, values) in features {
            anyhow::ensure!(values.len() == fields.len(), "one value per field");
            shapes.write_shape(&shape)?;
            let mut record = Record::default();
            for (f, v) in fields.iter().zip(values) {
                let value = match (f.decimals, v) {
                    (None, Value::Text(t)) => {
                        FieldValue::Character(Some(cut(&t, usize::from(f.width)).to_owned()))
                    }
                    (None, _) => FieldValue::Character(None),
                    (Some(_), Value::Number(x)) if x.is_finite() => FieldValue::Numeric(Some(x)),
                    (Some(_), _) => FieldValue::Numeric(None),
                };
                record.insert(f.name.to_owned(), value);
            }
            table.write_record(&record)?;
        }
        shapes.finalize()?;
        table.finalize()?;
    }
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (ext, bytes) in [
        ("shp", shp.get_ref().as_slice()),
        ("shx", shx.get_ref().as_slice()),
        ("dbf", dbf.get_ref().as_slice()),
        ("prj", WGS84_PRJ.as_bytes()),
        ("cpg", b"UTF-8".as_slice()),
    ] {
        zip.start_file(format!("{stem}.{ext}"), options)?;
        zip.write_all(bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/corpus/shapefile/");

    fn corpus(name: &str) -> Vec<u8> {
        std::fs::read(format!("{CORPUS}{name}")).expect("corpus file")
    }

    fn limits(attributes: bool) -> Limits {
        Limits {
            unzipped: 1 << 30,
            shapes: 100,
            attributes,
        }
    }

    #[test]
    fn a_complete_layer_is_read_with_its_gbk_attributes() {
        let layer = read_zipped(Cursor::new(corpus("square.zip")), &limits(true)).expect("read");
        assert_eq!(layer.shapes.len(), 1);
        let records = layer.records.expect("records");
        assert_eq!(
            records[0].get("name"),
            Some(&shapefile::dbase::FieldValue::Character(Some(
                "武汉".into()
            )))
        );
    }

    /// An 8 KB zip whose .dbf holds 8 million empty records once grew the
    /// server by 370 MB: the header's count is now checked against the shapes
    /// before a record is read, and an area does not read the .dbf at all.
    #[test]
    fn an_eight_million_record_dbf_is_refused_without_growing_memory() {
        let zip = corpus("eight-million-records.zip");
        assert!(zip.len() < 16 << 10, "a small upload");
        let err = read_zipped(Cursor::new(&zip), &limits(true))
            .err()
            .expect("refused");
        assert_eq!(
            err.0,
            ".dbf 属性文件有 8000000 条记录，多于 .shp 的 1 个要素；请检查文件是否配套"
        );
        let area = read_zipped(Cursor::new(&zip), &limits(false)).expect("the shapes alone");
        assert!(area.records.is_none());
        assert_eq!(area.shapes.len(), 1);
    }

    #[test]
    fn a_dbf_claiming_more_bytes_than_it_has_is_refused() {
        // A header claiming one record of one byte (the deletion flag), and no record.
        let mut dbf = vec![3u8, 125, 1, 1];
        dbf.extend(1u32.to_le_bytes());
        dbf.extend(33u16.to_le_bytes());
        dbf.extend(1u16.to_le_bytes());
        dbf.extend([0u8; 20]);
        dbf.push(b'\r');
        let err = read_records(dbf, encoding_rs::UTF_8, 1).expect_err("short");
        assert!(
            err.0.ends_with("文件头声明 34 字节，文件只有 33 字节"),
            "{err}"
        );
    }

    #[test]
    fn too_many_shapes_and_a_huge_prj_are_refused() {
        let tight = Limits {
            shapes: 0,
            ..limits(false)
        };
        let err = read_zipped(Cursor::new(corpus("square.zip")), &tight)
            .err()
            .expect("refused");
        assert!(err.0.starts_with(".shp 文件的要素超过 0 个"), "{err}");
        let err = read_zipped(Cursor::new(corpus("huge-prj.zip")), &limits(false))
            .err()
            .expect("refused");
        assert_eq!(err.0, "area.prj 过大（上限 64 KB），已拒绝");
    }

    #[test]
    fn a_written_layer_reads_back_with_its_attributes_and_long_text_cut() {
        use geo_types::polygon;
        let square = polygon![(x: 114.0, y: 30.0), (x: 115.0, y: 30.0), (x: 115.0, y: 31.0), (x: 114.0, y: 31.0), (x: 114.0, y: 30.0)];
        let fields = [Field::text("name", 6), Field::number("size", 12, 2)];
        let zip = write_zipped(
            "layer",
            &fields,
            [(
                shapefile::Polygon::from(square),
                vec![Value::Text("湖北推送".into()), Value::Number(1.5)],
            )],
        )
        .expect("written");
        let layer = read_zipped(Cursor::new(zip), &limits(true)).expect("read back");
        assert_eq!(layer.shapes.len(), 1);
        let records = layer.records.expect("records");
        // Six bytes hold two of the four characters.
        assert_eq!(
            records[0].get("name"),
            Some(&shapefile::dbase::FieldValue::Character(Some(
                "湖北".into()
            )))
        );
        assert_eq!(
            records[0].get("size"),
            Some(&shapefile::dbase::FieldValue::Numeric(Some(1.5)))
        );
    }
}
