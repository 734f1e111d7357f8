//! WKT geometries of uploaded areas: one geometry, or one per line, with an
//! optional EWKT `SRID=…;` prefix.

use geo_types::Geometry;
use wkt::TryFromWkt;

/// Why WKT text could not be read; the text is for the user.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
#[error("WKT 无法解析：{0}")]
pub struct WktError(pub String);

/// The geometries of a WKT text, one after another (separated by white space,
/// commas or semicolons).
pub fn parse(text: &str) -> Result<Vec<Geometry<f64>>, WktError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(WktError("文件为空".into()));
    }
    // Split at the closing bracket that ends each geometry: the parser reads one
    // geometry and ignores what follows, which would hide the rest. The parser
    // recurses per bracket, so the depth is bounded here, before it runs.
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' if depth == crate::MAX_NESTING => return Err(WktError(crate::too_deep())),
            '(' => depth += 1,
            ')' if depth == 0 => return Err(WktError("括号不匹配".into())),
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let chunk =
                        text[start..=i].trim_start_matches([',', ';', ' ', '\n', '\r', '\t']);
                    out.push(
                        one(chunk).map_err(|e| {
                            WktError(format!("第 {} 个几何：{}", out.len() + 1, e.0))
                        })?,
                    );
                    start = i + 1;
                }
            }
            _ => {}
        }
    }
    let rest = text[start..].trim_matches([',', ';', ' ', '\n', '\r', '\t']);
    if depth != 0 || !rest.is_empty() {
        return Err(WktError(format!("第 {} 个几何不完整", out.len() + 1)));
    }
    Ok(out)
}

fn one(text: &str) -> Result<Geometry<f64>, WktError> {
    let body = match text.split_once(';') {
        Some((srid, rest)) if srid.trim().to_ascii_uppercase().starts_with("SRID=") => rest,
        _ => text,
    };
    Geometry::try_from_wkt_str(body.trim()).map_err(|e| WktError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_geometry_one_per_line_and_ewkt_are_read() {
        let square = "POLYGON((114 30, 115 30, 115 31, 114 31, 114 30))";
        assert!(matches!(
            parse(square).as_deref(),
            Ok([Geometry::Polygon(_)])
        ));
        let ewkt = format!("\u{feff}SRID=4326;{square}\n");
        assert!(matches!(
            parse(&ewkt).as_deref(),
            Ok([Geometry::Polygon(_)])
        ));
        let two = format!("{square}\nMULTIPOLYGON(((120 30, 121 30, 121 31, 120 30)))\n");
        assert!(matches!(
            parse(&two).as_deref(),
            Ok([Geometry::Polygon(_), Geometry::MultiPolygon(_)])
        ));
        let lines = parse("LINESTRING(114 30, 115 31)").expect("a line is WKT");
        assert!(matches!(lines.as_slice(), [Geometry::LineString(_)]));
    }

    #[test]
    fn broken_text_names_the_line() {
        let err =
            parse("POLYGON((114 30, 115 30, 115 31, 114 30))\nPOLYGON((1 2,").expect_err("broken");
        assert!(err.0.starts_with("第 2 个几何不完整"), "{err}");
        assert!(parse("  ").is_err());
    }

    #[test]
    fn nesting_is_bounded_before_the_parser_recurses() {
        let nested = |n: usize| {
            format!(
                "{}POINT(1 2){}",
                "GEOMETRYCOLLECTION(".repeat(n),
                ")".repeat(n)
            )
        };
        // POINT's own bracket is one level.
        let deepest = nested(crate::MAX_NESTING - 1);
        assert!(matches!(
            parse(&deepest).as_deref(),
            Ok([Geometry::GeometryCollection(_)])
        ));
        // Deep enough to overflow a thread's stack in the parser, were it reached.
        let err = parse(&nested(100_000)).expect_err("too deep");
        assert_eq!(err.0, crate::too_deep());
        assert_eq!(
            parse(&nested(crate::MAX_NESTING))
                .expect_err("one too deep")
                .0,
            crate::too_deep()
        );
    }
}
