//! KML documents of uploaded areas: every Polygon, LineString and Point of
//! the document (inside Placemarks and MultiGeometries alike), in document order.

use geo_types::{Coord, Geometry, LineString, Point, Polygon};

/// Why a KML document could not be read; the text is for the user.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
#[error("KML 无法解析：{0}")]
pub struct KmlError(pub String);

/// Most nodes (elements and texts) a document may have: far more than an
/// area of 100,000 vertices needs, and a bound on the parser's memory (about
/// a hundred bytes a node; 20 MB of `<a/>` would make five million).
const MAX_NODES: u32 = 300_000;

/// Most attributes of one element, and namespace declarations of a whole
/// document: the parser compares each with the others, so 20,000 of them in
/// 200 KB took five seconds (and nested namespaces grow faster still).
const MAX_ATTRIBUTES: usize = 64;

/// Every geometry of a KML document.
pub fn parse(text: &str) -> Result<Vec<Geometry<f64>>, KmlError> {
    let text = text.trim_start_matches('\u{feff}');
    check_before_parsing(text)?;
    let options = roxmltree::ParsingOptions {
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => {
            KmlError(format!("元素过多（上限 {MAX_NODES} 个），请简化后上传"))
        }
        e => KmlError(e.to_string()),
    })?;
    check_depth(&doc)?;
    let mut out = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        match node.tag_name().name() {
            "Polygon" => out.push(Geometry::Polygon(polygon(node)?)),
            // Rings of polygons are LinearRings, so every LineString is a line.
            "LineString" => out.push(Geometry::LineString(ring(node)?)),
            "Point" => {
                let c = ring(node)?
                    .0
                    .first()
                    .copied()
                    .ok_or_else(|| KmlError("Point 没有坐标".into()))?;
                out.push(Geometry::Point(Point(c)));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Refuses, before the parser sees it, a document whose attributes or
/// namespace declarations would make parsing quadratic: a count of `=` up to
/// each `>` and of `xmlns` (text that merely looks like them is counted too,
/// which real documents never come near).
fn check_before_parsing(text: &str) -> Result<(), KmlError> {
    if text.matches("xmlns").count() > MAX_ATTRIBUTES {
        return Err(KmlError(format!(
            "命名空间声明过多（上限 {MAX_ATTRIBUTES} 个）"
        )));
    }
    let crowded = text.split('<').skip(1).any(|tag| {
        let tag = tag.split('>').next().unwrap_or_default();
        tag.bytes().filter(|&b| b == b'=').count() > MAX_ATTRIBUTES
    });
    if crowded {
        return Err(KmlError(format!(
            "元素的属性过多（上限 {MAX_ATTRIBUTES} 个）"
        )));
    }
    Ok(())
}

/// Refuses a document nested deeper than [`crate::MAX_NESTING`] elements: each
/// geometry searches its descendants, so depth multiplies the work.
fn check_depth(doc: &roxmltree::Document) -> Result<(), KmlError> {
    // Parents come before children in document order: one pass, by node id.
    let mut depth = vec![0usize; doc.descendants().count()];
    for node in doc.descendants() {
        let own = node.parent().map_or(0, |p| {
            depth[p.id().get_usize()] + usize::from(node.is_element())
        });
        if own > crate::MAX_NESTING {
            return Err(KmlError(crate::too_deep()));
        }
        depth[node.id().get_usize()] = own;
    }
    Ok(())
}

fn polygon(node: roxmltree::Node) -> Result<Polygon<f64>, KmlError> {
    let boundary = |name: &'static str| {
        node.children()
            .filter(move |c| c.is_element() && c.tag_name().name() == name)
            .flat_map(|b| {
                b.descendants()
                    .filter(|d| d.tag_name().name() == "LinearRing")
            })
    };
    let outer = boundary("outerBoundaryIs")
        .next()
        .ok_or_else(|| KmlError("Polygon 没有外边界（outerBoundaryIs）".into()))?;
    let inner = boundary("innerBoundaryIs")
        .map(ring)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Polygon::new(ring(outer)?, inner))
}

/// The `coordinates` of an element: "lon,lat[,alt]" tuples separated by white space.
fn ring(node: roxmltree::Node) -> Result<LineString<f64>, KmlError> {
    let text = node
        .descendants()
        .find(|d| d.tag_name().name() == "coordinates")
        .and_then(|c| c.text())
        .unwrap_or_default();
    text.split_whitespace()
        .map(|tuple| {
            let mut parts = tuple.split(',').map(str::parse::<f64>);
            match (parts.next(), parts.next()) {
                (Some(Ok(x)), Some(Ok(y))) => Ok(Coord { x, y }),
                _ => Err(KmlError(format!("坐标无效：{tuple}"))),
            }
        })
        .collect::<Result<Vec<_>, _>>()
        .map(LineString)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Area;

    const DOC: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>武汉</name>
<Placemark><name>带洞</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
114,30,0 115,30,0 115,31,0 114,31,0 114,30,0
</coordinates></LinearRing></outerBoundaryIs><innerBoundaryIs><LinearRing>
<coordinates>114.2,30.2 114.4,30.2 114.4,30.4 114.2,30.2</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
<Placemark><MultiGeometry><Point><coordinates>114.5,30.5</coordinates></Point>
<LineString><coordinates>114,30 115,31</coordinates></LineString></MultiGeometry></Placemark>
</Document></kml>"#;

    #[test]
    fn polygons_with_holes_lines_and_points_are_read_in_order() {
        let geoms = parse(DOC).expect("kml");
        assert_eq!(geoms.len(), 3);
        let Geometry::Polygon(p) = &geoms[0] else {
            panic!("a polygon first")
        };
        assert_eq!(p.interiors().len(), 1);
        assert!((p.unsigned_area() - (1.0 - 0.02)).abs() < 1e-9);
        assert!(matches!(geoms[1], Geometry::Point(_)));
        assert!(matches!(geoms[2], Geometry::LineString(_)));
    }

    #[test]
    fn broken_documents_and_coordinates_are_refused() {
        assert!(parse("<kml><Document>").is_err());
        let bad = "<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>114;30</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>";
        assert_eq!(parse(bad), Err(KmlError("坐标无效：114;30".into())));
    }

    /// 20,000 attributes on one element (200 KB) took five seconds to parse;
    /// 2,000 nested namespace declarations (52 KB) twenty.
    #[test]
    fn crowded_attributes_and_namespaces_are_refused_before_parsing() {
        let attributes: String = (0..20_000).map(|i| format!(" a{i}=\"1\"")).collect();
        assert_eq!(
            parse(&format!("<kml><Document{attributes}/></kml>")),
            Err(KmlError("元素的属性过多（上限 64 个）".into()))
        );
        let nested: String = (0..2_000)
            .map(|i| format!("<a xmlns:n{i}=\"u\">"))
            .collect();
        assert_eq!(
            parse(&format!("<kml>{nested}</kml>")),
            Err(KmlError("命名空间声明过多（上限 64 个）".into()))
        );
        let siblings = format!("<kml>{}</kml>", "<a/>".repeat(MAX_NODES as usize));
        assert_eq!(
            parse(&siblings),
            Err(KmlError("元素过多（上限 300000 个），请简化后上传".into()))
        );
        // A real document's few declarations and attributes still read.
        let doc = r#"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark id="a"><Point><coordinates>114,30</coordinates></Point></Placemark></kml>"#;
        assert_eq!(parse(doc).map(|g| g.len()), Ok(1));
    }

    #[test]
    fn folders_nested_too_deep_are_refused() {
        let nested = |n: usize| {
            format!(
                "<kml>{}<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>{}</kml>",
                "<Folder>".repeat(n),
                "</Folder>".repeat(n)
            )
        };
        // kml, Placemark, Point and coordinates are four levels.
        let deepest = nested(crate::MAX_NESTING - 4);
        assert_eq!(parse(&deepest).map(|g| g.len()), Ok(1));
        assert_eq!(
            parse(&nested(crate::MAX_NESTING - 3)),
            Err(KmlError(crate::too_deep()))
        );
        assert_eq!(parse(&nested(50_000)), Err(KmlError(crate::too_deep())));
    }
}
