//! Scenes named in a list instead of found over an area (select mode 5):
//! file names (case-insensitive, with or without the file's extension) or
//! (satellite,) path, row. Also the routes that look names up directly:
//! `filename` (suggestions while typing), `filenames` and `pr`.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::index::{Filter, SceneIndex, SceneRef, Sort};
use super::{SceneFilters, SceneItem, ScenePage};
use crate::api::{ApiJson, ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// The look-up routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(suggest_file_names))
        .routes(routes!(find_file_names))
        .routes(routes!(path_rows))
}

/// One orbit path/row, of one satellite or of any.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub struct PathRow {
    /// Catalogue value, e.g. GF1; none: any satellite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub satellite: Option<String>,
    /// Orbit path.
    pub path: i64,
    /// Orbit row.
    pub row: i64,
}

impl std::fmt::Display for PathRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.satellite {
            Some(s) => write!(f, "{s},{},{}", self.path, self.row),
            None => write!(f, "{},{}", self.path, self.row),
        }
    }
}

/// An uploaded list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "entries", rename_all = "lowercase")]
pub enum List {
    /// Scene file names.
    #[serde(rename = "filename")]
    FileNames(Vec<String>),
    /// Orbit path/rows.
    #[serde(rename = "pathrow")]
    PathRows(Vec<PathRow>),
}

impl List {
    /// How many entries it holds.
    pub fn len(&self) -> usize {
        match self {
            List::FileNames(n) => n.len(),
            List::PathRows(r) => r.len(),
        }
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first `n` entries as text: file names, or `satellite,path,row` / `path,row`.
    pub fn first(&self, n: usize) -> Vec<String> {
        match self {
            List::FileNames(names) => names.iter().take(n).cloned().collect(),
            List::PathRows(rows) => rows.iter().take(n).map(ToString::to_string).collect(),
        }
    }
}

/// Extensions a delivered file may carry; a name matches with or without them.
const EXTENSIONS: &[&str] = &[
    ".tar.gz", ".tgz", ".tar", ".gz", ".zip", ".rar", ".7z", ".tiff", ".tif", ".img", ".xml",
    ".jpeg", ".jpg", ".png", ".h5", ".hdf", ".nc",
];

/// A file name without folder and known extensions, e.g. `D:\\GF1_x.tar.gz` → `GF1_x`.
pub fn stem(name: &str) -> &str {
    let mut s = name.trim();
    s = s.rsplit(['/', '\\']).next().unwrap_or(s);
    while let Some(ext) = EXTENSIONS.iter().find(|e| {
        s.len() > e.len()
            && s.is_char_boundary(s.len() - e.len())
            && s[s.len() - e.len()..].eq_ignore_ascii_case(e)
    }) {
        s = &s[..s.len() - ext.len()];
    }
    s
}

/// The key two file names match by: the stem, ASCII case folded.
pub fn name_key(name: &str) -> String {
    stem(name).to_ascii_lowercase()
}

/// Decides quickly whether a scene is on one of a list's path/rows.
struct Matcher {
    with_satellite: HashSet<(String, i64, i64)>,
    any_satellite: HashSet<(i64, i64)>,
}

impl Matcher {
    fn new(rows: &[PathRow]) -> Self {
        let mut m = Matcher {
            with_satellite: HashSet::new(),
            any_satellite: HashSet::new(),
        };
        for pr in rows {
            match &pr.satellite {
                Some(s) => m.with_satellite.insert((s.clone(), pr.path, pr.row)),
                None => m.any_satellite.insert((pr.path, pr.row)),
            };
        }
        m
    }

    fn keeps(&self, s: &SceneRef) -> bool {
        let (Some(path), Some(row)) = s.path_row() else {
            return false;
        };
        self.any_satellite.contains(&(path, row))
            || (!self.with_satellite.is_empty()
                && self
                    .with_satellite
                    .contains(&(s.satellite().to_owned(), path, row)))
    }
}

/// The scenes of a list that pass the filter, in order: file names are looked
/// up in the index, path/rows tested scene by scene.
pub fn select(scenes: &SceneIndex, list: &List, filter: &Filter, sort: Sort) -> Vec<usize> {
    match list {
        List::FileNames(names) => {
            let named = names.iter().flat_map(|n| scenes.positions_named(n));
            scenes.select_among(named, filter, sort)
        }
        List::PathRows(rows) => {
            let matcher = Matcher::new(rows);
            scenes.select(filter, sort, |s| matcher.keeps(s))
        }
    }
}

/// Most entries one list may hold.
pub const MAX_ENTRIES: usize = 10_000;

/// A line of an uploaded list that was left out, and why.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Rejected {
    /// Line number, from 1.
    pub line: usize,
    /// The line as read.
    pub text: String,
    /// Why it was left out.
    pub reason: String,
}

/// The catalogue value of a satellite named in any case, e.g. `gf1` → `GF1`.
fn satellite_value(name: &str) -> Option<&'static str> {
    crate::catalogue::satellites()
        .iter()
        .find(|s| s.value.eq_ignore_ascii_case(name.trim()))
        .map(|s| s.value)
}

/// One path/row line: `satellite,path,row` or `path,row` (commas, tabs,
/// semicolons or spaces between).
fn parse_path_row(line: &str) -> Result<PathRow, String> {
    // Three fields at most are wanted: a fourth is enough to refuse the line,
    // and a line of a million commas must not make a million fields.
    let fields: Vec<&str> = line
        .split([',', '，', '\t', ';', ' '])
        .map(|f| f.trim().trim_matches('"'))
        .filter(|f| !f.is_empty())
        .take(4)
        .collect();
    let number = |f: &str, what: &str| {
        f.parse::<i64>()
            .ok()
            .filter(|n| (0..=100_000).contains(n))
            .ok_or_else(|| format!("{what}不是非负整数：{f}"))
    };
    match fields.as_slice() {
        [sat, path, row] => Ok(PathRow {
            satellite: Some(
                satellite_value(sat)
                    .ok_or_else(|| format!("卫星不存在：{sat}"))?
                    .to_owned(),
            ),
            path: number(path, "轨道号")?,
            row: number(row, "行号")?,
        }),
        [path, row] => Ok(PathRow {
            satellite: None,
            path: number(path, "轨道号")?,
            row: number(row, "行号")?,
        }),
        _ => Err("应为“卫星,轨道号,行号”或“轨道号,行号”".into()),
    }
}

/// The first field of a file-name line (a CSV row may carry more columns).
fn parse_file_name(line: &str) -> Result<String, String> {
    let name = line
        .split([',', '\t'])
        .next()
        .unwrap_or_default()
        .trim()
        .trim_matches('"')
        .trim();
    if name.chars().count() > 255 {
        return Err("文件名过长".into());
    }
    Ok(name.to_owned())
}

/// Whether a first line is a header rather than data.
fn is_header(line: &str, path_rows: bool) -> bool {
    let first = line
        .split([',', '，', '\t', ';'])
        .next()
        .unwrap_or_default()
        .trim()
        .trim_matches('"')
        .to_lowercase();
    if path_rows {
        first.parse::<i64>().is_err() && satellite_value(&first).is_none()
    } else {
        ["filename", "file_name", "name", "文件名", "文件名称"].contains(&first.as_str())
    }
}

/// Text of an uploaded list: UTF-8 or UTF-16 by BOM, else UTF-8 when valid, else GBK.
pub fn decode_text(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => encoding_rs::GBK.decode(bytes).0.into_owned(),
    }
}

/// Reads an uploaded list, one entry a line; duplicates are kept once,
/// blank lines and a header skipped, bad lines reported.
pub fn parse_list(text: &str, path_rows: bool) -> Result<(List, Vec<Rejected>), AppError> {
    let mut rejected = Vec::new();
    let mut names = Vec::new();
    let mut rows = Vec::new();
    let mut seen = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || (i == 0 && is_header(line, path_rows)) {
            continue;
        }
        let parsed = if path_rows {
            parse_path_row(line).map(|pr| {
                if seen.insert(pr.to_string()) {
                    rows.push(pr);
                }
            })
        } else {
            parse_file_name(line).map(|n| {
                if seen.insert(name_key(&n)) {
                    names.push(n);
                }
            })
        };
        if let Err(reason) = parsed {
            rejected.push(Rejected {
                line: i + 1,
                text: line.chars().take(200).collect(),
                reason,
            });
        }
        if seen.len() > MAX_ENTRIES {
            return Err(AppError::bad_request(format!(
                "列表超过 {MAX_ENTRIES} 条，请分批上传"
            )));
        }
        // Bad lines are kept to be shown, so they are bounded like entries.
        if rejected.len() > MAX_ENTRIES {
            return Err(AppError::bad_request(format!(
                "列表中无法识别的行超过 {MAX_ENTRIES} 行，请检查文件格式"
            )));
        }
    }
    if seen.is_empty() {
        return Err(AppError::bad_request(if path_rows {
            "文件中没有有效的条带号（每行“卫星,轨道号,行号”或“轨道号,行号”）"
        } else {
            "文件中没有文件名（每行一个）"
        }));
    }
    let list = if path_rows {
        List::PathRows(rows)
    } else {
        List::FileNames(names)
    };
    Ok((list, rejected))
}

/// How many suggestions `filename` answers.
const SUGGESTIONS: usize = 20;

/// What to suggest names for.
#[derive(Debug, Deserialize, IntoParams)]
pub struct NamePrefix {
    /// Part of a file name, usually its beginning.
    name: String,
}

/// File names of the catalogue that start with (first) or contain the text,
/// for the file-name input of select mode 5.
#[utoipa::path(
    get,
    path = "/api/normal/v5/filename",
    tag = "normal",
    params(NamePrefix),
    responses(
        (status = 200, description = "Up to 20 file names", body = Envelope<Vec<String>>),
        (status = 400, description = "No text", body = ErrorEnvelope),
    )
)]
async fn suggest_file_names(
    state: axum::extract::State<AppState>,
    ApiQuery(q): ApiQuery<NamePrefix>,
) -> ApiResult<Vec<String>> {
    let text = q.name.trim();
    if text.is_empty() || text.chars().count() > 255 {
        return Err(AppError::bad_request("请输入文件名（1–255 个字符）"));
    }
    Ok(ok(suggestions(&state.scenes.now(), text)))
}

/// Up to 20 distinct file names: the first (by acquisition) that start with
/// the text, then, if they are fewer, those that contain it further on among
/// the scenes before the last one starting with it.
pub fn suggestions(scenes: &SceneIndex, text: &str) -> Vec<String> {
    let starting = scenes.file_names_starting(text, SUGGESTIONS);
    let name = |i: usize| scenes.at(i).map(|s| s.file_name().into_owned());
    let mut seen = HashSet::new();
    let mut names: Vec<String> = starting
        .iter()
        .filter_map(|&i| name(i))
        .filter(|n| seen.insert(n.clone()))
        .collect();
    if names.len() < SUGGESTIONS {
        let before = starting.get(SUGGESTIONS - 1).copied();
        let containing = scenes.file_names_containing(text, before, SUGGESTIONS);
        let containing = containing.into_iter().filter_map(name);
        names.extend(containing.filter(|n| seen.insert(n.clone())));
        names.truncate(SUGGESTIONS);
    }
    names
}

/// Most names `filenames` looks up at once.
const MAX_NAMES: usize = 1_000;

/// File names to look up.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NameList {
    /// File names, with or without extension, any case; at most 1,000.
    names: Vec<String>,
}

/// What a look-up found.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoundNames {
    /// The scenes named, in the order of the names.
    found: Vec<SceneItem>,
    /// The names no scene has.
    missing: Vec<String>,
}

/// The scenes with these file names (case-insensitive, with or without extension).
#[utoipa::path(
    post,
    path = "/api/normal/v5/filenames",
    tag = "normal",
    request_body = NameList,
    responses(
        (status = 200, description = "Found scenes and missing names", body = Envelope<FoundNames>),
        (status = 400, description = "No names, or more than 1,000", body = ErrorEnvelope),
    )
)]
async fn find_file_names(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<NameList>,
) -> ApiResult<FoundNames> {
    if q.names.is_empty() || q.names.len() > MAX_NAMES {
        return Err(AppError::bad_request(format!(
            "请提供 1–{MAX_NAMES} 个文件名"
        )));
    }
    let mut found = Vec::new();
    let mut missing = Vec::new();
    let mut shown = HashSet::new();
    let scenes = state.scenes.now();
    for name in q.names {
        match scenes.positions_named(&name)[..] {
            [] => missing.push(name),
            ref hits => found.extend(
                hits.iter()
                    .filter(|&&i| shown.insert(i))
                    .filter_map(|&i| scenes.get(i))
                    .map(|s| super::item(&s)),
            ),
        }
    }
    Ok(ok(FoundNames { found, missing }))
}

/// A path/row search.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PathRowQuery {
    /// The path/rows; a satellite narrows one to that satellite.
    path_rows: Vec<PathRow>,
    /// Time, cloud, satellites, availability, order and page.
    #[serde(flatten)]
    filters: SceneFilters,
}

/// The scenes on these orbit path/rows that pass the filters, a page at a time.
#[utoipa::path(
    post,
    path = "/api/normal/v5/pr",
    tag = "normal",
    request_body = PathRowQuery,
    responses(
        (status = 200, description = "A page of scenes", body = Envelope<ScenePage>),
        (status = 400, description = "No path/rows, an unknown satellite, a bad filter or page", body = ErrorEnvelope),
    )
)]
async fn path_rows(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<PathRowQuery>,
) -> ApiResult<ScenePage> {
    if q.path_rows.is_empty() || q.path_rows.len() > MAX_ENTRIES {
        return Err(AppError::bad_request(format!(
            "请提供 1–{MAX_ENTRIES} 个条带号"
        )));
    }
    let rows = q
        .path_rows
        .into_iter()
        .map(|pr| match pr.satellite {
            Some(s) => satellite_value(&s)
                .map(|v| PathRow {
                    satellite: Some(v.to_owned()),
                    ..pr
                })
                .ok_or_else(|| AppError::bad_request(format!("卫星不存在：{s}"))),
            None => Ok(pr),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (page_num, page_size) = q.filters.page()?;
    let (filter, sort) = q.filters.compile()?;
    let scenes = state.scenes.now();
    let hits = select(&scenes, &List::PathRows(rows), &filter, sort);
    let page = super::page_in(&hits, page_num, page_size);
    Ok(ok(super::page_of(
        &scenes,
        hits.len(),
        page,
        page_num,
        page_size,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_without_case_folder_or_extension() {
        assert_eq!(
            stem("D:\\data\\GF1_PMS1_E114.3_N30.5_20250101.tar.gz"),
            "GF1_PMS1_E114.3_N30.5_20250101"
        );
        assert_eq!(name_key("gf1_pms1_e114.3.TIFF"), "gf1_pms1_e114.3");
        assert_eq!(
            stem("E114.3_N30.5"),
            "E114.3_N30.5",
            "a dot in the name stays"
        );
    }

    #[test]
    fn path_row_lines_are_read_or_rejected_with_the_reason() {
        let text = "卫星,轨道号,行号\nGF1,12,34\n\ngf2\t5\t6\n12,34\nGF1,12,34\nNOPE,1,2\n1,x\n";
        let (list, rejected) = parse_list(text, true).expect("list");
        let List::PathRows(rows) = list else {
            panic!("path/rows")
        };
        let shown: Vec<String> = rows.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["GF1,12,34", "GF2,5,6", "12,34"]);
        let lines: Vec<(usize, &str)> = rejected
            .iter()
            .map(|r| (r.line, r.reason.as_str()))
            .collect();
        assert_eq!(lines, [(7, "卫星不存在：NOPE"), (8, "行号不是非负整数：x")]);
    }

    /// A 20 MB upload of bad lines once kept every one of them (text and
    /// reason), a gigabyte of memory; a line of many fields made a field each.
    #[test]
    fn bad_lines_and_fields_per_line_are_bounded() {
        let many_bad = "x\n".repeat(MAX_ENTRIES + 2);
        let err = parse_list(&many_bad, true).expect_err("too many bad lines");
        assert_eq!(
            err.to_string(),
            format!("列表中无法识别的行超过 {MAX_ENTRIES} 行，请检查文件格式")
        );
        let fields = ["1"; 100_000].join(",");
        assert_eq!(
            parse_path_row(&fields),
            Err("应为“卫星,轨道号,行号”或“轨道号,行号”".into())
        );
    }

    #[test]
    fn gbk_and_bom_text_is_decoded() {
        let (gbk, _, _) = encoding_rs::GBK.encode("文件名\nGF1_甲.tar.gz\n");
        assert_eq!(decode_text(&gbk), "文件名\nGF1_甲.tar.gz\n");
        assert_eq!(decode_text(b"\xef\xbb\xbfGF1_a\n"), "GF1_a\n");
        let (list, rejected) = parse_list(&decode_text(&gbk), false).expect("names");
        assert_eq!(list, List::FileNames(vec!["GF1_甲.tar.gz".into()]));
        assert!(rejected.is_empty());
        assert!(parse_list("\n\n", false).is_err());
    }
}
