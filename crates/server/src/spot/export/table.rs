//! Workbooks of numbers rather than spots (issue 15): the trend (one row per batch, oldest
//! first: count and area in all, by spot type and by change category, exactly as
//! `/api/spot/v2/{theme}/trend` answers them) and a dynamic analysis (one row per region:
//! count and area of each kind of change, then a total row). One sheet each, a bold frozen
//! header row, counts as whole numbers and areas in m² with two decimals.

use axum::response::Response;
use rust_xlsxwriter::{Format, XlsxError};

use super::{
    ExportError, XLSX_TYPE, display_width, header_format, new_workbook, number_format, sheet_name,
};
use crate::error::AppError;
use crate::spot::dynamic::Kind;
use crate::spot::engine::ThemeSpots;
use crate::spot::theme::{CHANGES, Theme};
use crate::spot::{Dynamic, DynamicTallies, Tally, Trend};

/// A cell of a [`table`].
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text as it is.
    Text(String),
    /// A whole number.
    Count(u64),
    /// A number shown with two decimals (an area in m², a size in MB).
    Decimal(f64),
}

/// The two columns of a tally, headed `{what}数量` and `{what}面积（m²）`.
fn tally_headers(what: &str) -> [String; 2] {
    [format!("{what}数量"), format!("{what}面积（m²）")]
}

fn tally_cells(t: Tally) -> [Cell; 2] {
    [Cell::Count(t.count), Cell::Decimal(t.area_m2)]
}

/// The trend's numbers: a row per batch under 批次, 图斑数量, 图斑面积（m²）, then two
/// columns per spot type (themes that type their spots) and per change category.
pub fn trend(spots: &ThemeSpots, trend: &Trend) -> Result<Vec<u8>, ExportError> {
    let mut headers = vec!["批次".to_owned()];
    headers.extend(tally_headers("图斑"));
    if spots.theme.types.is_some() {
        headers.extend(spots.types.iter().flat_map(|t| tally_headers(&t.label)));
    }
    headers.extend(CHANGES.iter().flat_map(|c| tally_headers(c)));
    let rows: Vec<Vec<Cell>> = trend
        .batches
        .iter()
        .map(|b| {
            let mut row = vec![Cell::Text(b.batch.type_name.clone())];
            row.extend(tally_cells(b.total));
            let values = b.by_type.iter().chain(&b.by_change);
            row.extend(values.flat_map(|v| tally_cells(v.tally)));
            row
        })
        .collect();
    let name = format!("{} {} 趋势", spots.theme.title, trend.name);
    table(&name, &headers, &rows).map_err(|e| ExportError::Write(e.into()))
}

/// A dynamic analysis: a row per region under 行政区代码, 行政区, then two columns per kind
/// (新增, 扩大, 缩小, 消失, 不变), and a 合计 row of the region counted.
pub fn dynamic(theme: &Theme, d: &Dynamic) -> Result<Vec<u8>, ExportError> {
    let mut headers = vec!["行政区代码".to_owned(), "行政区".to_owned()];
    headers.extend(Kind::ALL.iter().flat_map(|k| tally_headers(k.label())));
    let row = |code: &str, name: String, t: &DynamicTallies| {
        let mut row = vec![Cell::Text(code.to_owned()), Cell::Text(name)];
        row.extend(Kind::ALL.iter().flat_map(|&k| tally_cells(t.get(k))));
        row
    };
    let mut rows: Vec<Vec<Cell>> = d
        .regions
        .iter()
        .map(|r| row(&r.region_id, r.name.clone(), &r.tallies))
        .collect();
    rows.push(row(&d.region_id, format!("{}合计", d.name), &d.total));
    let name = format!("{} {}至{}", theme.title, d.from.type_name, d.to.type_name);
    table(&name, &headers, &rows).map_err(|e| ExportError::Write(e.into()))
}

/// A workbook of one sheet named `name`: the header row, bold and frozen, then the rows (the
/// one table writer: other modules' plain listings use it too).
pub fn table(name: &str, headers: &[String], rows: &[Vec<Cell>]) -> Result<Vec<u8>, XlsxError> {
    tables(&[Sheet {
        name,
        headers,
        rows,
    }])
}

/// One sheet of [`tables`].
#[derive(Debug, Clone, Copy)]
pub struct Sheet<'a> {
    /// Its name (cut to what Excel allows).
    pub name: &'a str,
    /// The header row.
    pub headers: &'a [String],
    /// The rows under it.
    pub rows: &'a [Vec<Cell>],
}

/// A sheet of [`download`]: owned, so that it can go to the blocking pool.
#[derive(Debug, Clone)]
pub struct OwnedSheet {
    /// Its name (cut to what Excel allows).
    pub name: String,
    /// The header row.
    pub headers: Vec<String>,
    /// The rows under it.
    pub rows: Vec<Vec<Cell>>,
}

/// These sheets as a workbook attachment named `file`. The writing runs on the blocking pool:
/// ten thousand rows take tens of milliseconds, too long for a request thread.
pub async fn download(sheets: Vec<OwnedSheet>, file: &str) -> Result<Response, AppError> {
    let bytes = tokio::task::spawn_blocking(move || {
        let list: Vec<Sheet<'_>> = sheets
            .iter()
            .map(|s| Sheet {
                name: &s.name,
                headers: &s.headers,
                rows: &s.rows,
            })
            .collect();
        tables(&list)
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(crate::api::attachment(bytes, XLSX_TYPE, file))
}

/// A workbook of these sheets in order, each as [`table`] writes one.
pub fn tables(sheets: &[Sheet<'_>]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = new_workbook();
    let header = header_format();
    let (count, area) = (Format::new().set_num_format("0"), number_format(2));
    for s in sheets {
        let sheet = workbook.add_worksheet();
        sheet.set_name(sheet_name(s.name))?;
        for (col, h) in (0u16..).zip(s.headers) {
            let widest = s
                .rows
                .iter()
                .filter_map(|r| match r.get(usize::from(col)) {
                    Some(Cell::Text(t)) => Some(display_width(t)),
                    _ => None,
                })
                .max()
                .unwrap_or(12);
            let width = display_width(h).max(widest).clamp(8, 40) + 2;
            sheet.set_column_width(col, width as f64)?;
            sheet.write_string_with_format(0, col, h, &header)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        for (row, cells) in (1u32..).zip(s.rows) {
            for (col, cell) in (0u16..).zip(cells) {
                match cell {
                    Cell::Text(t) => sheet.write_string(row, col, t)?,
                    Cell::Count(n) => {
                        sheet.write_number_with_format(row, col, *n as f64, &count)?
                    }
                    Cell::Decimal(a) => sheet.write_number_with_format(row, col, *a, &area)?,
                };
            }
        }
    }
    workbook.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spot::export::tests::member;
    use crate::spot::theme::{THEMES, ThemeName};
    use crate::spot::{Batch, DynamicRegion};

    fn batch(id: &str, name: &str) -> Batch {
        Batch {
            id: id.into(),
            type_name: name.into(),
        }
    }

    #[test]
    fn a_dynamic_workbook_has_a_row_per_region_and_a_total_row_with_every_kind() {
        let pv = THEMES
            .iter()
            .find(|t| t.name == ThemeName::Pvland)
            .expect("pvland");
        let grew = DynamicTallies {
            grew: Tally {
                count: 2,
                area_m2: 1234.5,
            },
            ..DynamicTallies::default()
        };
        let d = Dynamic {
            from: batch("2025Q1", "2025年第一季度"),
            to: batch("2025Q2", "2025年第二季度"),
            region_id: "420000".into(),
            name: "湖北省".into(),
            total: grew,
            regions: vec![DynamicRegion {
                region_id: "420100".into(),
                name: "武汉市".into(),
                has_children: true,
                tallies: grew,
            }],
        };
        let xlsx = dynamic(pv, &d).expect("workbook");
        let shared = member(&xlsx, "xl/sharedStrings.xml");
        for text in [
            "行政区代码",
            "新增数量",
            "扩大面积（m²）",
            "缩小数量",
            "消失面积（m²）",
            "不变数量",
            "武汉市",
            "湖北省合计",
        ] {
            assert!(shared.contains(text), "{text} in {shared}");
        }
        let sheet = member(&xlsx, "xl/worksheets/sheet1.xml");
        assert!(
            sheet.contains(r#"ySplit="1""#),
            "header row frozen: {sheet}"
        );
        assert_eq!(sheet.matches("<v>1234.5</v>").count(), 2, "{sheet}");
        let book = member(&xlsx, "xl/workbook.xml");
        let title = format!("{} 2025年第一季度至2025年第二季度", pv.title);
        assert!(book.contains(&title), "{book}");
    }
}
