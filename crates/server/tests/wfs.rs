//! The map services of the layer registry over HTTP: WFS 2.0 (capabilities,
//! schema, features in a box with paging, exception reports), read by GDAL's
//! own WFS driver, and the vector tiles of the same layers. The regions are
//! four rectangles written here (no data from outside the repository).

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use common::{TestServer, import};
use serde_json::{Value, json};

/// 湖北省 ⊃ 武汉市 ⊃ 洪山区 around Wuhan, and 海南省 far south: a triangle
/// (whose bounding box holds sea) and a small square island.
fn regions_geojson() -> Value {
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        json!([[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]])
    };
    let feature = |code: &str, name: &str, geometry: Value| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": geometry});
    json!({"type": "FeatureCollection", "features": [
        feature("420000", "湖北省", json!({"type": "Polygon", "coordinates": rect(108.3, 29.0, 116.1, 33.3)})),
        feature("420100", "武汉市", json!({"type": "Polygon", "coordinates": rect(113.7, 29.9, 115.1, 31.4)})),
        feature("420111", "洪山区", json!({"type": "Polygon", "coordinates": rect(114.2, 30.3, 114.6, 30.6)})),
        feature("460000", "海南省", json!({"type": "MultiPolygon", "coordinates": [
            [[[108.6, 18.1], [111.1, 18.1], [108.6, 20.2], [108.6, 18.1]]],
            rect(111.5, 16.5, 111.7, 16.7)
        ]})),
    ]})
}

/// A server over a data folder holding the four regions.
async fn server() -> TestServer {
    let work = tempfile::tempdir().expect("tempdir");
    let file = work.path().join("regions.geojson");
    std::fs::write(&file, regions_geojson().to_string()).expect("write regions");
    let data = tempfile::tempdir().expect("data dir");
    import(data.path(), &["regions"], &[file]);
    TestServer::start_in(data, |_| {}).await
}

const WFS: &str = "/ows/cloudPlatform/wfs";

/// Status, content type and body of a WFS request.
async fn get(s: &TestServer, query: &str) -> (u16, String, String) {
    let r = s
        .client
        .get(s.url(&format!("{WFS}?{query}")))
        .send()
        .await
        .expect("wfs");
    let status = r.status().as_u16();
    let kind = r.headers()["content-type"]
        .to_str()
        .unwrap_or_default()
        .to_owned();
    (status, kind, r.text().await.expect("body"))
}

/// A GetFeature answer as JSON.
async fn features(s: &TestServer, query: &str) -> Value {
    let (status, kind, body) = get(
        s,
        &format!(
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&OUTPUTFORMAT=application/json&{query}"
        ),
    )
    .await;
    assert_eq!((status, kind.as_str()), (200, "application/json"), "{body}");
    serde_json::from_str(&body).expect("GeoJSON")
}

fn codes(collection: &Value) -> BTreeSet<String> {
    collection["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| f["properties"]["code"].as_str().expect("code").to_owned())
        .collect()
}

/// The feature of a region code in a collection.
fn feature<'a>(collection: &'a Value, code: &str) -> &'a Value {
    collection["features"]
        .as_array()
        .expect("features")
        .iter()
        .find(|f| f["properties"]["code"] == code)
        .unwrap_or_else(|| panic!("{code} in {collection}"))
}

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| (*c).to_owned()).collect()
}

#[tokio::test]
async fn capabilities_list_every_registered_layer_with_urls_from_the_host() {
    let s = server().await;
    // Keys and the values of SERVICE and REQUEST in any case.
    let (status, kind, xml) = get(&s, "service=wfs&request=getcapabilities").await;
    assert_eq!(status, 200, "{xml}");
    assert!(kind.starts_with("application/xml"), "{kind}");
    for layer in ["region", "region_v2", "global_region"] {
        assert!(
            xml.contains(&format!("<wfs:Name>cloudPlatform:{layer}</wfs:Name>")),
            "{layer}: {xml}"
        );
    }
    assert!(xml.contains("<wfs:Title>行政区划边界</wfs:Title>"));
    assert!(xml.contains("<wfs:DefaultCRS>urn:ogc:def:crs:OGC:1.3:CRS84</wfs:DefaultCRS>"));
    assert!(xml.contains("<wfs:OtherCRS>urn:ogc:def:crs:EPSG::4326</wfs:OtherCRS>"));
    assert!(xml.contains(&format!(r#"<ows:Get xlink:href="{}{WFS}?"/>"#, s.base)));
    assert!(xml.contains(
        r#"<ows:Constraint name="CountDefault"><ows:NoValues/><ows:DefaultValue>500</ows:DefaultValue>"#
    ));
    assert!(xml.contains("<ows:Value>application/json</ows:Value>"));
    assert!(xml.contains("<ows:Value>application/gml+xml; version=3.2</ows:Value>"));
}

#[tokio::test]
async fn describe_feature_type_gives_the_geometry_and_typed_attributes() {
    let s = server().await;
    let (status, _, xsd) = get(
        &s,
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=cloudPlatform:region",
    )
    .await;
    assert_eq!(status, 200, "{xsd}");
    for element in [
        r#"<xsd:element name="geometry" type="gml:MultiSurfacePropertyType""#,
        r#"<xsd:element name="code" type="xsd:string""#,
        r#"<xsd:element name="level" type="xsd:long""#,
        r#"<xsd:element name="region" type="cloudPlatform:regionType" substitutionGroup="gml:AbstractFeature"/>"#,
    ] {
        assert!(xsd.contains(element), "{element}: {xsd}");
    }
    assert!(!xsd.contains("region_v2"), "only the type asked for");
    let (_, _, all) = get(&s, "SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType").await;
    assert!(all.contains(r#"name="global_regionType""#), "{all}");
}

#[tokio::test]
async fn get_feature_answers_geojson_in_a_box_in_either_axis_order() {
    let s = server().await;
    let all = features(&s, "TYPENAMES=cloudPlatform:region").await;
    assert_eq!(all["numberMatched"], 4);
    assert_eq!(codes(&all), set(&["420000", "420100", "420111", "460000"]));
    let hongshan = feature(&all, "420111");
    assert_eq!(hongshan["id"], "region.420111");
    assert_eq!(
        hongshan["properties"],
        json!({"code": "420111", "name": "洪山区", "level": 3})
    );
    assert_eq!(
        hongshan["geometry"]["coordinates"][0][0][0],
        json!([114.2, 30.3]),
        "longitude first"
    );
    // The same box around Hongshan: longitude first without a CRS or with
    // CRS84 or EPSG:4326, latitude first with the EPSG urn.
    let around = ["420000", "420100", "420111"];
    for bbox in [
        "114.3,30.4,114.4,30.5",
        "114.3,30.4,114.4,30.5,urn:ogc:def:crs:OGC:1.3:CRS84",
        "114.3,30.4,114.4,30.5,EPSG:4326",
        "30.4,114.3,30.5,114.4,urn:ogc:def:crs:EPSG::4326",
        "30.4,114.3,30.5,114.4,http://www.opengis.net/def/crs/EPSG/0/4326",
    ] {
        let found = features(&s, &format!("TYPENAMES=region&BBOX={bbox}")).await;
        assert_eq!(codes(&found), set(&around), "{bbox}");
    }
    // A box at sea inside the bounding box of Hainan's triangle: features are
    // tested against the box itself.
    let sea = features(&s, "TYPENAMES=region&BBOX=110.8,19.8,111.0,20.1").await;
    assert_eq!(codes(&sea), set(&[]));
    let island = features(&s, "TYPENAMES=region&BBOX=109,18.5,109.5,19").await;
    assert_eq!(codes(&island), set(&["460000"]));
    // srsName with the EPSG urn answers latitude first.
    let swapped = features(
        &s,
        "TYPENAMES=region&BBOX=114.3,30.4,114.4,30.5&SRSNAME=urn:ogc:def:crs:EPSG::4326",
    )
    .await;
    assert_eq!(
        feature(&swapped, "420111")["geometry"]["coordinates"][0][0][0],
        json!([30.3, 114.2])
    );
}

#[tokio::test]
async fn get_feature_answers_gml_32_in_the_schemas_element_names() {
    let s = server().await;
    let (status, kind, xml) = get(
        &s,
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&BBOX=114.3,30.4,114.4,30.5&COUNT=2\
         &OUTPUTFORMAT=application/gml%2Bxml;%20version=3.2&SRSNAME=urn:ogc:def:crs:EPSG::4326",
    )
    .await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "application/gml+xml; version=3.2"),
        "{xml}"
    );
    assert!(
        xml.contains(r#"numberMatched="3" numberReturned="2""#),
        "{xml}"
    );
    assert!(xml.contains(" next=\"http://"), "a next page: {xml}");
    assert!(
        xml.contains(r#"<wfs:member><cloudPlatform:region gml:id="region.420000"><cloudPlatform:geometry><gml:MultiSurface gml:id="region.420000.g" srsName="urn:ogc:def:crs:EPSG::4326">"#),
        "{xml}"
    );
    // Latitude first, as srsName asks.
    assert!(xml.contains("<gml:posList>29 108.3 29 116.1 "), "{xml}");
    assert!(xml.contains(
        "<cloudPlatform:name>湖北省</cloudPlatform:name><cloudPlatform:level>1</cloudPlatform:level>"
    ));
}

#[tokio::test]
async fn a_filter_holding_one_bbox_is_read_like_gdal_sends_it() {
    let s = server().await;
    // What `ogr2ogr -spat 114.3 30.4 114.4 30.5` sends.
    let filter = "<Filter xmlns=\"http://www.opengis.net/fes/2.0\" xmlns:gml=\"http://www.opengis.net/gml/3.2\"><BBOX><ValueReference>geometry</ValueReference><gml:Envelope><gml:lowerCorner>114.3 30.4</gml:lowerCorner><gml:upperCorner>114.4 30.5</gml:upperCorner></gml:Envelope></BBOX></Filter>";
    let query =
        serde_urlencoded::to_string([("TYPENAMES", "region"), ("FILTER", filter)]).expect("query");
    assert_eq!(
        codes(&features(&s, &query).await),
        set(&["420000", "420100", "420111"])
    );
    let lat_first = filter
        .replace(
            "<gml:Envelope>",
            "<gml:Envelope srsName=\"urn:ogc:def:crs:EPSG::4326\">",
        )
        .replace("114.3 30.4", "18.0 108.0")
        .replace("114.4 30.5", "21.0 111.0");
    let query =
        serde_urlencoded::to_string([("TYPENAMES", "region"), ("FILTER", lat_first.as_str())])
            .expect("query");
    assert_eq!(codes(&features(&s, &query).await), set(&["460000"]));
}

#[tokio::test]
async fn pages_follow_count_and_start_index_and_hits_only_count() {
    let s = server().await;
    let first = features(&s, "TYPENAMES=region&COUNT=3").await;
    assert_eq!(
        (
            first["numberMatched"].as_u64(),
            first["numberReturned"].as_u64()
        ),
        (Some(4), Some(3))
    );
    let next = first["links"][0]["href"].as_str().expect("a next link");
    assert_eq!(first["links"][0]["rel"], "next");
    let second: Value = s
        .client
        .get(next)
        .send()
        .await
        .expect("next page")
        .json()
        .await
        .expect("json");
    assert_eq!(second["numberReturned"], 1);
    assert!(second.get("links").is_none(), "the last page: {second}");
    let mut both = codes(&first);
    both.extend(codes(&second));
    assert_eq!(both.len(), 4, "pages do not overlap");
    // A count over the maximum answers at most the maximum.
    let big = features(&s, "TYPENAMES=region&COUNT=100000&STARTINDEX=2").await;
    assert_eq!(big["numberReturned"], 2);
    let (status, _, xml) = get(
        &s,
        "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region&RESULTTYPE=hits&BBOX=113,29,116,32",
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        xml.contains(r#"numberMatched="3" numberReturned="0""#),
        "{xml}"
    );
}

#[tokio::test]
async fn bad_requests_get_an_exception_report_naming_the_parameter() {
    let s = server().await;
    let feature = "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region";
    let cases = [
        (
            "REQUEST=GetCapabilities".to_owned(),
            "MissingParameterValue",
            "service",
        ),
        (
            "SERVICE=WMS&REQUEST=GetCapabilities".to_owned(),
            "InvalidParameterValue",
            "service",
        ),
        ("SERVICE=WFS".to_owned(), "MissingParameterValue", "request"),
        (
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=Transaction".to_owned(),
            "OperationNotSupported",
            "request",
        ),
        (
            "SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeature&TYPENAME=region".to_owned(),
            "InvalidParameterValue",
            "version",
        ),
        (
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature".to_owned(),
            "MissingParameterValue",
            "typeNames",
        ),
        (
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:nosuch"
                .to_owned(),
            "InvalidParameterValue",
            "typeNames",
        ),
        (
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=nosuch".to_owned(),
            "InvalidParameterValue",
            "typeNames",
        ),
        (
            "SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=region,region_v2".to_owned(),
            "InvalidParameterValue",
            "typeNames",
        ),
        (
            format!("{feature}&BBOX=1,2,3"),
            "InvalidParameterValue",
            "bbox",
        ),
        (
            format!("{feature}&BBOX=1,2,NaN,4"),
            "InvalidParameterValue",
            "bbox",
        ),
        (
            format!("{feature}&BBOX=115,30,114,31"),
            "InvalidParameterValue",
            "bbox",
        ),
        // Longitude first under the EPSG urn puts 114 on the latitude axis.
        (
            format!("{feature}&BBOX=114,30,115,31,urn:ogc:def:crs:EPSG::4326"),
            "InvalidParameterValue",
            "bbox",
        ),
        (
            format!("{feature}&BBOX=1,2,3,4,EPSG:3857"),
            "InvalidParameterValue",
            "bbox",
        ),
        (
            format!("{feature}&SRSNAME=EPSG:3857"),
            "InvalidParameterValue",
            "srsName",
        ),
        (
            format!("{feature}&COUNT=0"),
            "InvalidParameterValue",
            "count",
        ),
        (
            format!("{feature}&STARTINDEX=-1"),
            "InvalidParameterValue",
            "startIndex",
        ),
        (
            format!("{feature}&OUTPUTFORMAT=SHAPE-ZIP"),
            "InvalidParameterValue",
            "outputFormat",
        ),
        (
            format!("{feature}&RESULTTYPE=all"),
            "InvalidParameterValue",
            "resultType",
        ),
        (
            format!("{feature}&FILTER=%3CFilter%3E%3CPropertyIsEqualTo/%3E%3C/Filter%3E"),
            "OperationNotSupported",
            "filter",
        ),
        (
            format!("{feature}&FILTER=%3CFilter"),
            "InvalidParameterValue",
            "filter",
        ),
        (
            format!("{feature}&BBOX=1,2,3,4&FILTER=%3CFilter/%3E"),
            "InvalidParameterValue",
            "filter",
        ),
        (
            format!("{feature}&RESOURCEID=region.420000"),
            "OperationNotSupported",
            "filter",
        ),
    ];
    for (query, code, locator) in cases {
        let (status, kind, body) = get(&s, &query).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(kind.starts_with("application/xml"), "{query}: {kind}");
        assert!(
            body.contains("<ows:ExceptionReport")
                && body.contains(&format!(r#"exceptionCode="{code}" locator="{locator}""#)),
            "{query}: {body}"
        );
    }
}

#[tokio::test]
async fn tiles_of_registered_layers_keep_their_layers_labels_and_limits() {
    let s = server().await;
    // z9 tile over Hongshan: region_v2 carries boundaries and labels, region only boundaries.
    let t = geo_kit::tile::TileId::containing(114.4, 30.45, 9);
    for (layer, labelled) in [("region", false), ("region_v2", true)] {
        let r = s
            .client
            .get(s.url(&format!(
                "/ows/cloudPlatform/wmts/{layer}/9/{}/{}.pbf",
                t.x, t.y
            )))
            .send()
            .await
            .expect("tile");
        assert_eq!(r.status(), 200, "{layer}");
        let tile = geo_kit::mvt::decode::decode(&r.bytes().await.expect("bytes")).expect("MVT");
        let names: BTreeSet<String> = tile
            .layer(layer)
            .expect("boundaries")
            .features
            .iter()
            .filter_map(|f| f.property("name").map(|v| format!("{v:?}")))
            .collect();
        assert_eq!(names.len(), 3, "province, city and county at z9: {names:?}");
        assert_eq!(tile.layer("label").is_some(), labelled, "{layer}");
    }
    let status = |path: String| {
        let s = &s;
        async move {
            s.client
                .get(s.url(&path))
                .send()
                .await
                .expect("tile")
                .status()
                .as_u16()
        }
    };
    assert_eq!(
        status("/ows/cloudPlatform/wmts/region/19/0/0.pbf".into()).await,
        404
    );
    assert_eq!(
        status("/ows/cloudPlatform/wmts/nosuch/1/0/0.pbf".into()).await,
        404
    );
    assert_eq!(
        status("/ows/cloudPlatform/wmts/region/5/0/16.pbf".into()).await,
        204
    );
}

/// Runs a GDAL tool, failing the test if it fails.
fn gdal(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().expect(tool);
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn gdal_installed() -> bool {
    let found = Command::new("ogrinfo").arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: ogrinfo is not installed (make test-deps installs gdal-bin)");
    }
    found
}

#[tokio::test]
async fn gdal_lists_the_layers_and_fetches_regions_through_its_wfs_driver() {
    if !gdal_installed() {
        return;
    }
    let s = server().await;
    let source = format!("WFS:{}{WFS}", s.base);
    let listing = {
        let source = source.clone();
        tokio::task::spawn_blocking(move || gdal("ogrinfo", &["-ro", &source]))
            .await
            .expect("ogrinfo")
    };
    for layer in ["region", "region_v2", "global_region"] {
        assert!(
            listing.contains(&format!(": cloudPlatform:{layer} (title: ")),
            "{layer}: {listing}"
        );
    }
    let dir = tempfile::tempdir().expect("tempdir");
    // GeoJSON answers (the default), and GML 3.2 when the source asks for it.
    let gml_source = format!("{source}?OUTPUTFORMAT=application/gml%2Bxml;%20version=3.2");
    let fetch = |name: &str, source: &str, extra: &[&str]| -> (PathBuf, Vec<String>) {
        let out = dir.path().join(name);
        let mut args: Vec<String> = vec!["-f".into(), "GeoJSON".into()];
        args.extend(extra.iter().map(|a| (*a).to_owned()));
        args.extend([
            out.display().to_string(),
            source.to_owned(),
            "cloudPlatform:region".into(),
        ]);
        (out, args)
    };
    let (all, wuhan) = (
        &["420000", "420100", "420111", "460000"][..],
        &["420000", "420100", "420111"][..],
    );
    let spat = &["-spat", "114.3", "30.4", "114.4", "30.5"][..];
    for (name, source, extra, expected) in [
        ("all.json", &source, &[][..], all),
        ("wuhan.json", &source, spat, wuhan),
        ("all-gml.json", &gml_source, &[][..], all),
        ("wuhan-gml.json", &gml_source, spat, wuhan),
    ] {
        let (out, args) = fetch(name, source, extra);
        tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            gdal("ogr2ogr", &args)
        })
        .await
        .expect("ogr2ogr");
        let written: Value =
            serde_json::from_str(&std::fs::read_to_string(&out).expect("output")).expect("GeoJSON");
        assert_eq!(codes(&written), set(expected), "{name}");
        let hongshan = feature(&written, "420111");
        assert_eq!(hongshan["properties"]["name"], "洪山区", "{name}");
        assert_eq!(
            hongshan["geometry"]["coordinates"][0][0][0],
            json!([114.2, 30.3]),
            "GDAL keeps longitude first: {name}"
        );
    }
}
