//! Orbit prediction over HTTP on the demo's real element sets (CelesTrak,
//! 2025-10-03) and the real boundary of 湖北: passes over a region, an upload
//! and a drawing, the bounds that refuse before computing, login, and the
//! exports read back by an iCalendar parser and a CSV reader.

mod common;

use common::reference::{cached, copy_of, testdata};
use common::{TestServer, assert_error, import};
use serde_json::{Value, json};

/// A week from the demo's epoch.
const START: &str = "2025-10-03";
const END: &str = "2025-10-09";

/// A server over 湖北's real boundary (imported once per build), tuned by `tune`.
async fn server_with(tune: impl FnOnce(&mut rscloud::config::Config)) -> TestServer {
    let regions = cached("orbit-hubei", |work| {
        import(
            work,
            &["regions"],
            &[testdata("hubei_province_tianditu.geojson")],
        );
    });
    TestServer::start_in(copy_of(&regions), tune).await
}

async fn server() -> TestServer {
    server_with(|_| {}).await
}

async fn hubei(s: &TestServer) -> String {
    s.token_of("hubei", "Hubei12345").await
}

fn passes(body: &Value) -> &Vec<Value> {
    body["data"]["passes"].as_array().expect("passes")
}

/// Unix seconds of an RFC 3339 instant.
fn unix(text: &Value) -> i64 {
    time::OffsetDateTime::parse(
        text.as_str().expect("instant"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339")
    .unix_timestamp()
}

#[tokio::test]
async fn a_logged_in_user_gets_the_defaults_and_the_satellites_with_element_sets() {
    let s = server().await;
    let (status, body) = s.get_json("/api/sateorbit/v2/config").await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
    let token = hubei(&s).await;
    let (status, body) = s.get_as("/api/sateorbit/v2/config", &token).await;
    assert_eq!(status, 200, "{body}");
    let config = &body["data"];
    assert_eq!(config["maxDays"], 30);
    assert_eq!(config["maxSatellites"], 200);
    // The demo's sets are a year old: the page starts at their epoch and says so.
    assert_eq!(config["stale"], true);
    assert!(
        config["defaultStart"]
            .as_str()
            .expect("start")
            .starts_with("2025-10-0")
    );
    let satellites = config["satellites"].as_array().expect("satellites");
    assert_eq!(satellites.len(), 97);
    let gf2 = satellites
        .iter()
        .find(|s| s["value"] == "GF2")
        .expect("GF2");
    assert_eq!(gf2["noradId"], 40118);
    assert_eq!(gf2["maxOffNadirDeg"], 35.0);
    assert!(gf2["epoch"].as_str().expect("epoch").starts_with("2025-"));
}

#[tokio::test]
async fn passes_over_a_region_are_ordered_windows_inside_the_week() {
    let s = server().await;
    let token = hubei(&s).await;
    let body = json!({"regionId": "420000", "satellites": ["GF1", "GF2", "ZY3-02", "S2A"], "start": START, "end": END});
    let (status, region) = s
        .post_json("/api/sateorbit/v2/region", Some(&token), &body)
        .await;
    assert_eq!(status, 200, "{region}");
    let rows = passes(&region);
    // Four sun-synchronous imagers over a province 700 km wide: each passes several times a week.
    for sat in ["GF1", "GF2", "ZY3-02", "S2A"] {
        let n = rows.iter().filter(|r| r["satellite"] == sat).count();
        assert!(n >= 1, "{sat} has no pass");
    }
    let week = (unix(&region["data"]["start"]), unix(&region["data"]["end"]));
    let mut last = 0;
    for r in rows {
        let (start, end, closest) = (unix(&r["start"]), unix(&r["end"]), unix(&r["closest"]));
        assert!(week.0 <= start && start <= end && end <= week.1, "{r}");
        assert!(start <= closest && closest <= end, "{r}");
        assert!(start >= last, "not ordered by start");
        last = start;
        // The nadir swath touched the province: the centre is seen well above the horizon.
        assert!(r["elevationDeg"].as_f64().expect("elevation") > 20.0, "{r}");
    }
    assert_eq!(region["data"]["opportunities"], false);
    // 湖北's centroid.
    let centre = region["data"]["centre"].as_array().expect("centre");
    assert!((centre[0].as_f64().expect("lon") - 112.3).abs() < 0.5);

    // Imaging opportunities reach farther (pointing) but only by day for optical satellites.
    let (status, csj) = s
        .post_json(
            "/api/sateorbit/v2/csj",
            Some(&token),
            &json!({"selectMode": 1, "regionId": "420000", "satellites": ["GF1", "GF2", "ZY3-02", "S2A"], "start": START, "end": END}),
        )
        .await;
    assert_eq!(status, 200, "{csj}");
    let opportunities = passes(&csj);
    assert!(!opportunities.is_empty());
    for r in opportunities {
        assert_eq!(r["daylight"], true, "{r}");
        assert!(r["sunElevationDeg"].as_f64().expect("sun") >= 10.0);
        // The off-nadir angle aims at the centre of a province 700 km wide: it may exceed the
        // satellite's limit, by which only the province's edge is reached (see the upload test).
        assert!(r["elevationDeg"].as_f64().expect("elevation") > 0.0, "{r}");
    }
    // Pointing reaches every daylight pass of the nadir swath and more.
    let by_day = rows.iter().filter(|r| r["daylight"] == true).count();
    assert!(
        opportunities.len() >= by_day,
        "{} < {by_day}",
        opportunities.len()
    );
}

#[tokio::test]
async fn an_uploaded_and_a_drawn_area_are_predicted_like_a_region() {
    let s = server().await;
    let token = hubei(&s).await;
    // 武汉's surroundings as WKT, uploaded as the image query uploads areas.
    let wkt = "POLYGON((113.7 29.9, 115.1 29.9, 115.1 31.4, 113.7 31.4, 113.7 29.9))";
    let boundary = "rscloud-orbit-test";
    let mut form = Vec::new();
    form.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"wuhan.wkt\"\r\nContent-Type: text/plain\r\n\r\n").as_bytes());
    form.extend_from_slice(wkt.as_bytes());
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let (status, uploaded) = s
        .post_raw(
            "/api/normal/v5/upload/shp",
            &format!("multipart/form-data; boundary={boundary}"),
            form,
        )
        .await;
    assert_eq!(status, 200, "{uploaded}");
    let id = uploaded["data"]["uploadId"].as_str().expect("id");
    let choice = json!({"satellites": ["GF1", "GF3"], "start": START, "end": END});
    let mut shp = choice.clone();
    shp["uploadId"] = json!(id);
    let (status, from_upload) = s
        .post_json("/api/sateorbit/v2/shp", Some(&token), &shp)
        .await;
    assert_eq!(status, 200, "{from_upload}");
    assert!(!passes(&from_upload).is_empty());

    // The same rectangle drawn gives the same opportunities as uploaded.
    let drawn = json!({"type": "Polygon", "coordinates": [[[113.7, 29.9], [115.1, 29.9], [115.1, 31.4], [113.7, 31.4], [113.7, 29.9]]]});
    let mut by_drawing = choice.clone();
    by_drawing["selectMode"] = json!(4);
    by_drawing["geojson"] = drawn;
    let mut by_upload = choice.clone();
    by_upload["selectMode"] = json!(3);
    by_upload["uploadId"] = json!(id);
    let (_, a) = s
        .post_json("/api/sateorbit/v2/csj", Some(&token), &by_drawing)
        .await;
    let (_, b) = s
        .post_json("/api/sateorbit/v2/csj", Some(&token), &by_upload)
        .await;
    assert_eq!(passes(&a), passes(&b));
    // Over an area 140 km wide the centre lies within the reach: at most the satellite's
    // largest off-nadir angle (the 25° default for both) plus the area's half-width (≈ 6°).
    for r in passes(&a) {
        assert!(
            r["offNadirDeg"].as_f64().expect("off nadir") <= 25.0 + 7.0,
            "{r}"
        );
    }
    // GF-3 is a radar: it images at night too.
    assert!(
        passes(&a)
            .iter()
            .any(|r| r["satellite"] == "GF3" && r["daylight"] == false),
        "{a}"
    );
}

#[tokio::test]
async fn what_is_too_much_or_wrong_is_refused_before_computing() {
    let s = server().await;
    let token = hubei(&s).await;
    let ask = |body: Value| {
        let s = &s;
        let token = token.clone();
        async move {
            s.post_json("/api/sateorbit/v2/region", Some(&token), &body)
                .await
        }
    };
    let (status, body) = ask(json!({"regionId": "420000", "satellites": ["GF1"], "start": "2025-10-01", "end": "2025-10-31"})).await;
    assert_error(
        status,
        &body,
        400,
        "预测时间范围不能超过30天，请缩短时间范围",
    );
    let many: Vec<&str> = vec!["GF1"; 201];
    let (status, body) =
        ask(json!({"regionId": "420000", "satellites": many, "start": START, "end": END})).await;
    assert_error(status, &body, 400, "一次最多预测200颗卫星，请减少卫星");
    let (status, body) =
        ask(json!({"regionId": "420000", "satellites": [], "start": START, "end": END})).await;
    assert_error(status, &body, 400, "请选择卫星");
    let (status, body) =
        ask(json!({"regionId": "420000", "satellites": ["NOPE"], "start": START, "end": END}))
            .await;
    assert_error(status, &body, 400, "未知卫星：NOPE");
    let (status, body) =
        ask(json!({"regionId": "420000", "satellites": ["GF1"], "start": END, "end": "2025-10-01T00:00:00Z"})).await;
    assert_error(status, &body, 400, "结束时间须晚于开始时间");
    // A window a year after the element sets: nothing is predicted, and the answer says why.
    let (status, body) = ask(json!({"regionId": "420000", "satellites": ["GF1", "LT1A"], "start": "2026-11-01", "end": "2026-11-07"})).await;
    assert_eq!(status, 200, "{body}");
    assert!(passes(&body).is_empty());
    let skipped = body["data"]["skipped"].as_array().expect("skipped");
    assert_eq!(skipped.len(), 2);
    assert!(
        skipped[0]["reason"]
            .as_str()
            .expect("reason")
            .contains("历元")
    );
    // Tracks: too many points are refused by count, before anything is propagated.
    let (status, body) = s
        .post_json(
            "/api/sateorbit/v2/satorbit",
            Some(&token),
            &json!({"satellites": ["GF1", "GF2"], "start": "2025-10-01", "end": "2025-10-30", "stepSeconds": 10}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .expect("message")
            .starts_with("轨迹点数过多")
    );
    // One pass's track is at most two hours.
    let (status, body) = s
        .post_json(
            "/api/sateorbit/v2/selectline",
            Some(&token),
            &json!({"satellite": "GF1", "start": "2025-10-03T00:00:00Z", "end": "2025-10-03T03:00:00Z"}),
        )
        .await;
    assert_error(status, &body, 400, "单次过境轨迹的时间范围不能超过2小时");
    // Anonymous callers are refused whatever they send.
    let (status, body) = s
        .post_json("/api/sateorbit/v2/csj", None, &json!({"selectMode": 1}))
        .await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
}

#[tokio::test]
async fn tracks_and_one_pass_are_lines_and_closed_rings() {
    let s = server().await;
    let token = hubei(&s).await;
    let (status, body) = s
        .post_json(
            "/api/sateorbit/v2/satorbit",
            Some(&token),
            &json!({"satellites": ["GF1", "S1A"], "start": START, "end": "2025-10-03T06:00:00Z"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let tracks = body["data"]["tracks"].as_array().expect("tracks");
    assert_eq!(tracks.len(), 2);
    for t in tracks {
        let lines = t["lines"].as_array().expect("lines");
        // Six hours of a 100-minute orbit crosses the ±180° meridian: several runs, none jumping.
        assert!(lines.len() >= 3, "{t}");
        for line in lines {
            let pts = line.as_array().expect("points");
            for w in pts.windows(2) {
                let dx = (w[1][0].as_f64().unwrap_or(0.0) - w[0][0].as_f64().unwrap_or(0.0)).abs();
                assert!(dx < 180.0);
            }
        }
    }

    // The first pass over 湖北, drawn: its track crosses the province, its swath and reach are rings.
    let (_, region) = s
        .post_json(
            "/api/sateorbit/v2/region",
            Some(&token),
            &json!({"regionId": "420000", "satellites": ["GF2"], "start": START, "end": END}),
        )
        .await;
    let pass = &passes(&region)[0];
    let (status, line) = s
        .post_json(
            "/api/sateorbit/v2/selectline",
            Some(&token),
            &json!({"satellite": "GF2", "start": pass["start"], "end": pass["end"]}),
        )
        .await;
    assert_eq!(status, 200, "{line}");
    let data = &line["data"];
    let track = data["track"][0].as_array().expect("track");
    assert!(track.len() >= 2);
    let inside = track.iter().any(|p| {
        let (x, y) = (p[0].as_f64().unwrap_or(0.0), p[1].as_f64().unwrap_or(0.0));
        (108.3..=116.2).contains(&x) && (29.0..=33.3).contains(&y)
    });
    assert!(inside, "{track:?}");
    for ring in [&data["swath"][0], &data["reach"][0]] {
        let ring = ring.as_array().expect("ring");
        assert!(ring.len() >= 4);
        assert_eq!(ring.first(), ring.last());
    }
    assert_eq!(data["swathKm"], 45.0);
    assert_eq!(data["maxOffNadirDeg"], 35.0);
}

#[tokio::test]
async fn opportunities_export_as_a_calendar_and_a_table() {
    let s = server().await;
    let token = hubei(&s).await;
    let query = json!({"selectMode": 1, "regionId": "420000", "satellites": ["GF1", "GF2", "ZY3-02"], "start": START, "end": END});
    let (_, listed) = s
        .post_json("/api/sateorbit/v2/csj", Some(&token), &query)
        .await;
    let rows = passes(&listed);
    assert!(!rows.is_empty());

    let ics = s
        .client
        .post(s.url("/api/sateorbit/v2/csj/ics"))
        .header("token", &token)
        .json(&query)
        .send()
        .await
        .expect("ics");
    assert_eq!(ics.status(), 200);
    assert!(
        ics.headers()["content-type"]
            .to_str()
            .expect("type")
            .starts_with("text/calendar")
    );
    assert_eq!(
        ics.headers()["content-disposition"],
        "attachment; filename=\"opportunities_20251003.ics\""
    );
    let text = ics.text().await.expect("text");
    let calendars: Vec<_> = ical::IcalParser::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .expect("a calendar parser reads it");
    assert_eq!(calendars.len(), 1);
    let events = &calendars[0].events;
    assert_eq!(events.len(), rows.len());
    let value = |event: &ical::parser::ical::component::IcalEvent, name: &str| {
        event
            .properties
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.value.clone())
            .unwrap_or_default()
    };
    // The first event is the first opportunity, in UTC.
    let first_start =
        time::OffsetDateTime::from_unix_timestamp(unix(&rows[0]["start"])).expect("time");
    let dtstart = value(&events[0], "DTSTART");
    assert_eq!(
        dtstart,
        format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
            first_start.year(),
            u8::from(first_start.month()),
            first_start.day(),
            first_start.hour(),
            first_start.minute(),
            first_start.second()
        )
    );
    assert!(value(&events[0], "SUMMARY").contains(rows[0]["label"].as_str().expect("label")));

    let csv = s
        .client
        .post(s.url("/api/sateorbit/v2/csj/csv"))
        .header("token", &token)
        .json(&query)
        .send()
        .await
        .expect("csv");
    assert_eq!(csv.status(), 200);
    let bytes = csv.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"));
    let mut reader = ::csv::Reader::from_reader(&bytes[3..]);
    let header = reader.headers().expect("header").clone();
    assert_eq!(&header[0], "卫星");
    let records: Vec<_> = reader.records().collect::<Result<_, _>>().expect("records");
    assert_eq!(records.len(), rows.len());
    assert_eq!(
        &records[0][0],
        rows[0]["satellite"].as_str().expect("value")
    );
    assert_eq!(&records[0][3], rows[0]["start"].as_str().expect("start"));
}

/// `rscloud import tle FILE` with `args`; its exit status and output.
fn import_tle(dir: &std::path::Path, file: &std::path::Path) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["import", "tle"])
        .arg(file)
        .arg("--data")
        .arg(dir)
        .output()
        .expect("run rscloud import tle");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn the_import_keeps_every_set_and_refuses_a_bad_file_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let sets: Vec<&str> = orbit::DEMO_TLE.lines().take(6).collect();
    let good = dir.path().join("two.tle");
    std::fs::write(&good, sets.join("\n")).expect("write");
    let (ok, out) = import_tle(dir.path(), &good);
    assert!(ok, "{out}");
    assert!(out.contains("imported 2 element sets (2 new)"), "{out}");
    // The same sets again add nothing: history is by NORAD id and epoch.
    let (ok, out) = import_tle(dir.path(), &good);
    assert!(ok && out.contains("(0 new)"), "{out}");

    // A third set with a broken checksum: the file is refused whole, naming the line.
    let mut broken: Vec<String> = orbit::DEMO_TLE.lines().take(9).map(str::to_owned).collect();
    let line = broken[7].clone();
    let digit = line
        .chars()
        .last()
        .and_then(|c| c.to_digit(10))
        .expect("checksum");
    broken[7] = format!("{}{}", &line[..line.len() - 1], (digit + 1) % 10);
    let bad = dir.path().join("bad.tle");
    std::fs::write(&bad, broken.join("\n")).expect("write");
    let (ok, out) = import_tle(dir.path(), &bad);
    assert!(!ok);
    assert!(out.contains("bad.tle: line 8"), "{out}");
    let conn = rusqlite::Connection::open(dir.path().join("rscloud.gpkg")).expect("db");
    let stored: i64 = conn
        .query_row("SELECT COUNT(*) FROM element_set", [], |r| r.get(0))
        .expect("count");
    assert_eq!(stored, 2);
}

/// GAOFEN-1's demo set moved to a later epoch (day of year `day` of 2025), checksum redone.
fn gf1_at(day: &str) -> String {
    let lines: Vec<&str> = orbit::DEMO_TLE.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("1 39150U"))
        .expect("GF1 in the demo");
    let line1 = format!("{}{}{}", &lines[at][..18], day, &lines[at][32..68]);
    let sum = orbit::elements::checksum(line1.as_bytes());
    format!("GAOFEN-1\n{line1}{sum}\n{}\n", lines[at + 1])
}

/// A loopback server of element-set files: `/gp.txt`, `/missing` (404), `/huge` (9 MB), `/bad`.
async fn element_set_source(gp: String) -> String {
    use axum::routing::get;
    let app = axum::Router::new()
        .route("/gp.txt", get(move || async move { gp }))
        .route("/huge", get(|| async { "0".repeat(9 << 20) }))
        .route(
            "/bad",
            get(|| async { "1 39150U this is not an element set\n" }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

#[tokio::test]
async fn a_configured_source_refreshes_the_element_sets_and_a_bad_one_stores_nothing() {
    use rscloud::sateorbit::refresh::{RefreshError, fetch_once};
    let s = server().await;
    let token = hubei(&s).await;
    let source = element_set_source(gf1_at("25300.50000000")).await;
    let client = reqwest::Client::new();
    let epoch_of_gf1 = || async {
        let (_, body) = s.get_as("/api/sateorbit/v2/config", &token).await;
        body["data"]["satellites"]
            .as_array()
            .expect("satellites")
            .iter()
            .find(|x| x["value"] == "GF1")
            .map(|x| x["epoch"].as_str().expect("epoch").to_owned())
            .expect("GF1")
    };
    let before = epoch_of_gf1().await;
    for (path, expected) in [
        ("/missing", "404"),
        ("/huge", "more than"),
        ("/bad", "line 1"),
    ] {
        let error = fetch_once(&s.state, &client, &format!("{source}{path}"))
            .await
            .expect_err(path);
        assert!(error.to_string().contains(expected), "{path}: {error}");
        assert!(!matches!(error, RefreshError::Db(_)));
        assert_eq!(epoch_of_gf1().await, before, "{path} stored something");
    }
    let done = fetch_once(&s.state, &client, &format!("{source}/gp.txt"))
        .await
        .expect("fetched");
    assert_eq!((done.read, done.added), (1, 1));
    // Day 300 of 2025 is 27 October; the newer set is the one used.
    assert!(
        epoch_of_gf1().await.starts_with("2025-10-27T"),
        "{}",
        epoch_of_gf1().await
    );
}

#[tokio::test]
async fn the_server_fetches_its_configured_source_at_start() {
    let source = element_set_source(gf1_at("25300.50000000")).await;
    let s = server_with(|c| c.orbit_refresh_url = Some(format!("{source}/gp.txt"))).await;
    let token = hubei(&s).await;
    // The first fetch runs as the server starts: wait for it by what it stores, not by time.
    let mut seen = String::new();
    for _ in 0..400 {
        let (_, body) = s.get_as("/api/sateorbit/v2/config", &token).await;
        seen = body["data"]["newestEpoch"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if seen.starts_with("2025-10-27") {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the configured source was not fetched; newest epoch {seen}");
}
