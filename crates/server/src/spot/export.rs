//! Exports of a theme's filtered spot list (issue 13): an Excel workbook with Chinese headers,
//! one row per spot, and a zipped shapefile of the spots' outlines with the same columns. Both
//! are written in memory from rows the handler has read (already clipped to the caller's
//! ranges); the handler refuses an export of more than [`MAX_EXPORT_SPOTS`] with
//! [`check_count`] before it reads them.
//!
//! The columns, in order (Excel header → `.dbf` field):
//!
//! | Excel header | `.dbf` field | value |
//! |---|---|---|
//! | 图斑编号 | `SPOT_ID` | spot id (Numeric 18) |
//! | 批次 | `BATCH` | batch name, e.g. 2024年第三季度 (`.dbf`: its id, 2024Q3) |
//! | 阶段 | `STAGE` | stage label (`.dbf`: its value) |
//! | 图斑类型 | `TBLX` | spot type label (`.dbf`: its value; only themes that type their spots) |
//! | 行政区代码 | `XZQDM` | county code |
//! | 行政区 | `REGION` | 省 市 县 names |
//! | 文件名 | `FILE_NAME` | delivery file |
//! | 面积（m²） | `AREA_M2` | geodesic area, m² (2 decimals) |
//! | 面积（亩） | `AREA_MU` | the same in 亩 (1 亩 = 10000/15 m² ≈ 666.67 m²) |
//! | 变化类别 | `CHANGE` | change category label (`.dbf`: its number, 0–3) |
//! | the theme's attributes, `Attr::label()` | the import's short name (`import::attr_names`), upper case | |
//! | 数据来源 | `SOURCE` | attribution |
//! | 演示数据 | `DEMO` | 是 for generated demo spots, else 否 |
//!
//! The workbook is for reading, so it shows labels; the shapefile is data, so its coded
//! columns hold the codes, and `rscloud import spots` reads it back as it was exported.
//!
//! Text fields of the `.dbf` are UTF-8 (the `.cpg` says so), each as wide as its longest value
//! up to dBase's 254 bytes (longer text is cut at a character boundary); the `.prj` is WGS 84.

use std::io::{Cursor, Write};

use geo_types::{LineString, MultiPolygon};
use rust_xlsxwriter::{Color, Format, FormatBorder, Workbook, XlsxError};
use shapefile::dbase::{FieldError, FieldName, FieldWriter, TableWriterBuilder, WritableRecord};
use shapefile::{PolygonRing, ShapeWriter};

use super::SpotSummary;
use super::import;
use super::model::AttrValue;
use super::theme::{Attr, Theme};
use crate::error::AppError;
use crate::vector::shp::WGS84_PRJ;

/// Most spots one export holds: a workbook or shapefile a land office can still open, written
/// in well under the heavy-work time limit.
pub const MAX_EXPORT_SPOTS: u64 = 100_000;

/// The content type of a workbook.
pub const XLSX_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Square metres in one 亩 (1/15 公顷).
const M2_PER_MU: f64 = 10_000.0 / 15.0;

/// Longest text a `.dbf` Character field holds, bytes.
const DBF_TEXT_BYTES: usize = 254;

/// Longest text an Excel cell holds (32,767 characters; counted here in bytes, which is safe).
const EXCEL_TEXT_BYTES: usize = 32_767;

/// One spot to export: what the list shows, its outline and its attribution.
#[derive(Debug)]
pub struct ExportRow {
    /// The spot as the list shows it.
    pub summary: SpotSummary,
    /// Its outline, WGS 84.
    pub geom: MultiPolygon<f64>,
    /// Attribution of the data.
    pub source: Option<String>,
}

/// Why an export was not written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// More spots than one export holds (400).
    #[error("导出的图斑过多（共 {0} 个），请缩小筛选范围后再导出（最多 {max} 个）", max = MAX_EXPORT_SPOTS)]
    TooMany(u64),
    /// Writing the file failed: ours, not the caller's (500).
    #[error("导出文件生成失败：{0}")]
    Write(#[source] anyhow::Error),
}

impl From<ExportError> for AppError {
    fn from(e: ExportError) -> Self {
        match e {
            ExportError::TooMany(_) => AppError::bad_request(e.to_string()),
            ExportError::Write(err) => AppError::Internal(err),
        }
    }
}

/// Refuses an export of `count` spots when that is more than [`MAX_EXPORT_SPOTS`], with the
/// message that asks for a narrower filter.
pub fn check_count(count: u64) -> Result<(), ExportError> {
    if count > MAX_EXPORT_SPOTS {
        return Err(ExportError::TooMany(count));
    }
    Ok(())
}

/// The name of both export files without extension: `windmill_2024Q3` when every row is of
/// one batch, else `windmill` (ASCII, safe in a zip and a `Content-Disposition`).
pub fn file_stem(theme: &Theme, rows: &[ExportRow]) -> String {
    match one_batch(rows) {
        Some(s) => format!("{}_{}", theme.name.as_str(), s.batch),
        None => theme.name.as_str().to_owned(),
    }
}

/// The spots as an Excel workbook (.xlsx): a sheet named after the theme and batch, a bold
/// frozen header row with a filter, numbers as numbers. Rows pass through a temporary file.
pub fn excel(theme: &Theme, rows: &[ExportRow]) -> Result<Vec<u8>, ExportError> {
    check_count(rows.len() as u64)?;
    workbook(theme, rows).map_err(|e| ExportError::Write(e.into()))
}

/// The spots as a zip of `<stem>.shp/.shx/.dbf/.prj/.cpg`: one polygon record per spot (its
/// parts as the rings of one shape, outer rings clockwise, holes counter-clockwise), the
/// columns of the module doc as `.dbf` fields.
pub fn shapefile_zip(theme: &Theme, rows: &[ExportRow]) -> Result<Vec<u8>, ExportError> {
    check_count(rows.len() as u64)?;
    zipped_shapefile(theme, rows).map_err(ExportError::Write)
}

/// The first row's summary when every row is of its batch.
fn one_batch(rows: &[ExportRow]) -> Option<&SpotSummary> {
    let first = &rows.first()?.summary;
    rows.iter()
        .all(|r| r.summary.batch == first.batch)
        .then_some(first)
}

/// A column of both exports.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Column {
    Id,
    Batch,
    Stage,
    Tblx,
    Xzqdm,
    Region,
    FileName,
    AreaM2,
    AreaMu,
    Change,
    Attr(Attr),
    Source,
    Demo,
}

/// Which of the two exports a value is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// The workbook, for people: labels.
    Read,
    /// The shapefile, for programs (and a later import): codes.
    Data,
}

/// What a column holds.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// Text.
    Text,
    /// A number shown with this many decimals.
    Number(u8),
    /// A whole number of at most this many digits.
    Integer(u8),
}

/// The columns of `theme`'s exports, in order.
fn columns(theme: &Theme) -> Vec<Column> {
    let mut columns = vec![Column::Id, Column::Batch, Column::Stage];
    if theme.types.is_some() {
        columns.push(Column::Tblx);
    }
    columns.extend([
        Column::Xzqdm,
        Column::Region,
        Column::FileName,
        Column::AreaM2,
        Column::AreaMu,
        Column::Change,
    ]);
    columns.extend(theme.attrs.iter().map(|&a| Column::Attr(a)));
    columns.extend([Column::Source, Column::Demo]);
    columns
}

impl Column {
    /// The Excel header.
    fn header(self) -> &'static str {
        match self {
            Self::Id => "图斑编号",
            Self::Batch => "批次",
            Self::Stage => "阶段",
            Self::Tblx => "图斑类型",
            Self::Xzqdm => "行政区代码",
            Self::Region => "行政区",
            Self::FileName => "文件名",
            Self::AreaM2 => "面积（m²）",
            Self::AreaMu => "面积（亩）",
            Self::Change => "变化类别",
            Self::Attr(a) => a.label(),
            Self::Source => "数据来源",
            Self::Demo => "演示数据",
        }
    }

    /// The `.dbf` field name: ASCII, at most 10 characters (dBase's limit).
    fn field(self) -> String {
        let name = match self {
            Self::Id => "SPOT_ID",
            Self::Batch => "BATCH",
            Self::Stage => "STAGE",
            Self::Tblx => "TBLX",
            Self::Xzqdm => "XZQDM",
            Self::Region => "REGION",
            Self::FileName => "FILE_NAME",
            Self::AreaM2 => "AREA_M2",
            Self::AreaMu => "AREA_MU",
            Self::Change => "CHANGE",
            // The names the import reads, so that an export imports again as it was.
            Self::Attr(a) => import::attr_names(a).1,
            Self::Source => "SOURCE",
            Self::Demo => "DEMO",
        };
        name.to_ascii_uppercase()
    }

    fn kind(self, form: Form) -> Kind {
        match self {
            Self::Change if form == Form::Data => Kind::Integer(2),
            Self::Id => Kind::Integer(18),
            Self::AreaM2 | Self::AreaMu => Kind::Number(2),
            Self::Attr(a) => match a {
                Attr::CapacityMw => Kind::Number(3),
                Attr::Turbines => Kind::Integer(9),
                Attr::PanelAreaM2 | Attr::CapacityKt | Attr::RateMm => Kind::Number(2),
                Attr::Name | Attr::Route | Attr::Crop | Attr::ClassFrom | Attr::ClassTo => {
                    Kind::Text
                }
            },
            Self::Batch
            | Self::Stage
            | Self::Tblx
            | Self::Xzqdm
            | Self::Region
            | Self::FileName
            | Self::Change
            | Self::Source
            | Self::Demo => Kind::Text,
        }
    }

    /// The row's value in this column, if it has one.
    fn value(self, row: &ExportRow, form: Form) -> Option<AttrValue<'_>> {
        use AttrValue::{Integer, Real, Text};
        let s = &row.summary;
        let data = form == Form::Data;
        Some(match self {
            Self::Id => Integer(s.id),
            Self::Batch if data => Text(&s.batch),
            Self::Batch => Text(&s.batch_name),
            Self::Stage if data => Text(&s.stage),
            Self::Stage => Text(&s.stage_label),
            Self::Tblx if data => Text(s.tblx.as_deref()?),
            Self::Tblx => Text(s.tblx_label.as_deref()?),
            Self::Xzqdm => Text(&s.xzqdm),
            Self::Region => Text(&s.region_name),
            Self::FileName => Text(&s.file_name),
            Self::AreaM2 => Real(s.area_m2),
            Self::AreaMu => Real(s.area_m2 / M2_PER_MU),
            Self::Change if data => Integer(i64::from(s.change)),
            Self::Change => Text(&s.change_label),
            Self::Attr(a) => s.attrs.get(a)?,
            Self::Source => Text(row.source.as_deref()?),
            Self::Demo => Text(if s.demo { "是" } else { "否" }),
        })
    }
}

/// A value as a number, for numeric columns.
fn number(value: Option<AttrValue<'_>>) -> Option<f64> {
    match value? {
        AttrValue::Real(x) => Some(x),
        AttrValue::Integer(n) => Some(n as f64),
        AttrValue::Text(_) => None,
    }
}

/// `text` cut to at most `max` bytes at a character boundary.
fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let end = (0..=max)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    &text[..end]
}

/// How wide `text` shows in a spreadsheet column: CJK characters take two.
fn display_width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// A workbook as every export writes it.
fn new_workbook() -> Workbook {
    let mut workbook = Workbook::new();
    // Level 3 (what Excel itself uses) saves in about half the time of the default 6, for a
    // file some 5 % larger.
    workbook.set_zip_compression_level(3);
    workbook
}

/// The format of every export's header row.
fn header_format() -> Format {
    Format::new()
        .set_bold()
        .set_background_color(Color::RGB(0x00D9_EAD3))
        .set_border(FormatBorder::Thin)
}

/// The format of a number shown with `decimals` decimals and thousands separators.
fn number_format(decimals: u8) -> Format {
    Format::new().set_num_format(format!("#,##0.{}", "0".repeat(usize::from(decimals))))
}

/// A sheet name Excel accepts: at most 31 characters.
fn sheet_name(name: &str) -> String {
    name.chars().take(31).collect()
}

fn workbook(theme: &Theme, rows: &[ExportRow]) -> Result<Vec<u8>, XlsxError> {
    let columns = columns(theme);
    let mut workbook = new_workbook();
    // Row by row through a temporary file: a large export holds one row in memory, not all.
    let sheet = workbook.add_worksheet_with_low_memory()?;
    let name = match one_batch(rows) {
        Some(s) => format!("{} {}", theme.title, s.batch_name),
        None => theme.title.to_owned(),
    };
    sheet.set_name(sheet_name(&name))?;
    let header = header_format();
    // Number formats only: text cells go unformatted, which spares a format lookup per cell.
    let formats: Vec<Option<Format>> = columns
        .iter()
        .map(|c| match c.kind(Form::Read) {
            Kind::Text => None,
            Kind::Integer(_) => Some(Format::new().set_num_format("0")),
            Kind::Number(decimals) => Some(number_format(decimals)),
        })
        .collect();
    for (col, c) in (0u16..).zip(&columns) {
        sheet.set_column_width(col, excel_width(*c, rows) as f64)?;
        sheet.write_string_with_format(0, col, c.header(), &header)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    let last_col = u16::try_from(columns.len().saturating_sub(1)).unwrap_or(u16::MAX);
    sheet.autofilter(0, 0, rows.len() as u32, last_col)?;
    for (row, r) in (1u32..).zip(rows) {
        for (col, (c, format)) in (0u16..).zip(columns.iter().zip(&formats)) {
            match (c.value(r, Form::Read), format) {
                (Some(AttrValue::Text(t)), _) => {
                    sheet.write_string(row, col, cut(t, EXCEL_TEXT_BYTES))?;
                }
                (v, Some(format)) => {
                    if let Some(x) = number(v) {
                        sheet.write_number_with_format(row, col, x, format)?;
                    }
                }
                (_, None) => {}
            }
        }
    }
    workbook.save_to_buffer()
}

/// A column's width in characters: its header and, for text, its longest value, within
/// bounds so that one long file name does not push the rest off the screen.
fn excel_width(column: Column, rows: &[ExportRow]) -> usize {
    let values = match column.kind(Form::Read) {
        Kind::Text => rows
            .iter()
            .filter_map(|r| match column.value(r, Form::Read) {
                Some(AttrValue::Text(t)) => Some(display_width(t)),
                _ => None,
            })
            .max()
            .unwrap_or(0),
        Kind::Number(_) | Kind::Integer(_) => 12,
    };
    // The header's filter button takes about two characters.
    (display_width(column.header()) + 2)
        .max(values)
        .clamp(8, 60)
        + 1
}

/// One spot's `.dbf` record.
struct DbfRecord<'a> {
    columns: &'a [DbfColumn],
    row: &'a ExportRow,
}

/// A column as the `.dbf` declares it.
struct DbfColumn {
    column: Column,
    /// Bytes the field holds.
    width: u8,
    /// Decimals of a numeric field.
    decimals: u8,
}

impl WritableRecord for DbfRecord<'_> {
    fn write_using<W: Write>(&self, fields: &mut FieldWriter<'_, W>) -> Result<(), FieldError> {
        for c in self.columns {
            let value = c.column.value(self.row, Form::Data);
            match c.column.kind(Form::Data) {
                Kind::Text => {
                    let text = match value {
                        Some(AttrValue::Text(t)) => cut(t, usize::from(c.width)),
                        _ => "",
                    };
                    fields.write_next_field_value(&text)?;
                }
                Kind::Number(_) | Kind::Integer(_) => {
                    // A number too long for its field is left empty rather than cut; the
                    // bound leaves room for a sign and, with decimals, the decimal point.
                    let point = if c.decimals == 0 { 0 } else { c.decimals + 1 };
                    let digits = i32::from(c.width) - i32::from(point) - 1;
                    let fits = |x: &f64| x.is_finite() && x.abs() < 10f64.powi(digits);
                    fields.write_next_field_value(&number(value).filter(fits))?;
                }
            }
        }
        Ok(())
    }
}

/// The `.dbf` declaration of `columns`: text fields as wide as their longest value.
fn dbf_columns(columns: &[Column], rows: &[ExportRow]) -> Vec<DbfColumn> {
    columns
        .iter()
        .map(|&column| {
            let (width, decimals) = match column.kind(Form::Data) {
                Kind::Text => {
                    let longest = rows
                        .iter()
                        .filter_map(|r| match column.value(r, Form::Data) {
                            Some(AttrValue::Text(t)) => Some(cut(t, DBF_TEXT_BYTES).len()),
                            _ => None,
                        })
                        .max()
                        .unwrap_or(0);
                    (u8::try_from(longest.max(1)).unwrap_or(u8::MAX), 0)
                }
                Kind::Number(decimals) => (19, decimals),
                Kind::Integer(digits) => (digits, 0),
            };
            DbfColumn {
                column,
                width,
                decimals,
            }
        })
        .collect()
}

/// A spot's outline as one shapefile polygon, `None` when it has no ring to draw. The
/// shapefile crate orders each ring's points as its kind requires (outer clockwise).
fn shape(geom: &MultiPolygon<f64>) -> Option<shapefile::Polygon> {
    let points = |ring: &LineString<f64>| -> Vec<shapefile::Point> {
        ring.0
            .iter()
            .map(|c| shapefile::Point::new(c.x, c.y))
            .collect()
    };
    // A closed ring needs four points (a triangle and its first point again).
    let drawable = |ring: &&LineString<f64>| ring.0.len() >= 4;
    let mut rings = Vec::new();
    for polygon in geom.iter().filter(|p| drawable(&p.exterior())) {
        rings.push(PolygonRing::Outer(points(polygon.exterior())));
        rings.extend(
            polygon
                .interiors()
                .iter()
                .filter(drawable)
                .map(|r| PolygonRing::Inner(points(r))),
        );
    }
    (!rings.is_empty()).then(|| shapefile::Polygon::with_rings(rings))
}

fn zipped_shapefile(theme: &Theme, rows: &[ExportRow]) -> anyhow::Result<Vec<u8>> {
    let columns = dbf_columns(&columns(theme), rows);
    let (mut shp, mut shx, mut dbf) = (
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
    );
    {
        let mut shapes = ShapeWriter::with_shx(&mut shp, &mut shx);
        let mut builder = TableWriterBuilder::new();
        for c in &columns {
            let name =
                FieldName::try_from(c.column.field().as_str()).map_err(anyhow::Error::msg)?;
            builder = match c.column.kind(Form::Data) {
                Kind::Text => builder.add_character_field(name, c.width),
                Kind::Number(_) | Kind::Integer(_) => {
                    builder.add_numeric_field(name, c.width, c.decimals)
                }
            };
        }
        let mut table = builder.build_with_dest(&mut dbf);
        for row in rows {
            let polygon = shape(&row.geom)
                .ok_or_else(|| anyhow::anyhow!("spot {} has no outline", row.summary.id))?;
            shapes.write_shape(&polygon)?;
            table.write_record(&DbfRecord {
                columns: &columns,
                row,
            })?;
        }
        shapes.finalize()?;
        table.finalize()?;
    }
    let stem = file_stem(theme, rows);
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    // Level 3 deflates the tens of megabytes of a large export in a fraction of the default
    // level's time, for a slightly larger zip.
    let options = zip::write::SimpleFileOptions::default().compression_level(Some(3));
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

pub mod table;
#[cfg(test)]
mod tests;
