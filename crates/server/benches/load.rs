//! `make bench`: 500 clients searching and viewing tiles while a hostile client
//! sends the worst inputs it can (issue 10's bars).
//!
//! The release server (RSCLOUD_BIN) serves a copy of the 1,000,000-scene bench
//! database (RSCLOUD_LOAD_DATA, by default `$RSCLOUD_BENCH_DATA/scenes-1m`,
//! which the scenes bench makes) on loopback, with the demo accounts and
//! display screens. For RSCLOUD_LOAD_SECS (60) seconds:
//! - half of RSCLOUD_LOAD_CLIENTS (500) clients search a province
//!   (`normalmeta`, first page of 20 of one year's scenes), the other half
//!   fetch region vector tiles over China (z4–z9), each pausing a random
//!   0–2×RSCLOUD_LOAD_THINK_MS (2,000 ms) between answers as a person would
//!   (reading a page of results, panning the map): about 250 requests/s in all,
//!   which the server meets on 2 cores with room for the hostile client;
//! - one hostile client per kind of attack sends it back to back, without
//!   pausing: a 2,000-deep nested GEOMETRYCOLLECTION WKT upload, a drawn
//!   polygon with 1e308 coordinates, a 30,000-vertex zigzag to coverage,
//!   anonymous screen logins and captchas (RSCLOUD_LOAD_ATTACKS picks some:
//!   `wkt,huge,zigzag,screen,captcha`, all by default).
//!
//! It prints requests, errors and latency percentiles per class, the
//! statuses the hostile requests got, the server's CPU time, and verdicts on
//! the bars: no errors for the clients and their p99 ≤ 200 ms.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{cpu_seconds, load_average, proc_status};
use geo_kit::Envelope;
use geo_kit::tile::tile_range;

mod common;

/// The bar on the clients' 99th percentile, milliseconds.
const P99_BAR_MS: f64 = 200.0;
/// Nesting of the hostile WKT upload.
const WKT_DEPTH: usize = 2_000;
/// Vertices of the hostile zigzag.
const ZIGZAG_VERTICES: usize = 30_000;
/// The provinces searched, round-robin.
const PROVINCES: [&str; 10] = [
    "420000", "510000", "110000", "440000", "650000", "540000", "230000", "320000", "530000",
    "150000",
];
/// China's box, where the tiles are fetched.
const CHINA: Envelope = Envelope {
    min_x: 73.5,
    max_x: 135.1,
    min_y: 18.1,
    max_y: 53.6,
};

/// A setting from the environment, or its default.
fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The server, ended (and its data copy removed) when dropped.
struct Server {
    child: Child,
    data: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn start_server(bin: &Path, source: &Path) -> (Server, String) {
    // A copy, so the hostile uploads and sessions do not stay in the bench database.
    let data = std::env::temp_dir().join(format!("rscloud-load-{}", std::process::id()));
    std::fs::create_dir_all(&data).expect("data folder");
    std::fs::copy(source.join("rscloud.gpkg"), data.join("rscloud.gpkg"))
        .expect("copy the bench database");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let child = Command::new(bin)
        .args([
            "serve",
            "--demo",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--data",
        ])
        .arg(&data)
        // The demo accounts and screens, but no demo scenes beyond the bench's.
        .env("RSCLOUD_DEMO_SCENES", "0")
        .env("RUST_LOG", "warn")
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(data.join("server.log")).expect("log"))
        .spawn()
        .expect("start the server");
    (Server { child, data }, format!("http://127.0.0.1:{port}"))
}

/// What one class of requests got: latencies of answers, statuses, failures.
#[derive(Default)]
struct Tally {
    ms: Vec<f64>,
    statuses: BTreeMap<u16, usize>,
    /// Answers that are not 2xx, and requests that got no answer.
    errors: usize,
    failures: BTreeMap<String, usize>,
    /// The first answer's body, shortened: how a hostile request was refused.
    sample: Option<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.ms.extend(other.ms);
        for (s, n) in other.statuses {
            *self.statuses.entry(s).or_default() += n;
        }
        for (f, n) in other.failures {
            *self.failures.entry(f).or_default() += n;
        }
        self.errors += other.errors;
    }

    /// Sends a request and counts its answer, read to the end.
    async fn send(&mut self, request: reqwest::RequestBuilder) {
        let started = Instant::now();
        let answer = async {
            let response = request.send().await?;
            let status = response.status();
            let body = response.bytes().await?;
            Ok::<_, reqwest::Error>((status, body))
        }
        .await;
        match answer {
            Ok((status, body)) => {
                if self.sample.is_none() {
                    let text: String = String::from_utf8_lossy(&body).chars().take(120).collect();
                    self.sample = Some(text);
                }
                self.ms.push(started.elapsed().as_secs_f64() * 1e3);
                *self.statuses.entry(status.as_u16()).or_default() += 1;
                if !status.is_success() {
                    self.errors += 1;
                }
            }
            Err(e) => {
                self.errors += 1;
                let kind = if e.is_timeout() {
                    "timeout"
                } else if e.is_connect() {
                    "connect"
                } else {
                    "transport"
                };
                *self.failures.entry(kind.to_owned()).or_default() += 1;
            }
        }
    }

    fn percentile(&self, p: f64) -> f64 {
        if self.ms.is_empty() {
            return f64::NAN;
        }
        self.ms[((self.ms.len() - 1) as f64 * p).round() as usize]
    }

    fn report(&mut self, name: &str, secs: f64) -> String {
        self.ms.sort_by(f64::total_cmp);
        let statuses: Vec<String> = self
            .statuses
            .iter()
            .map(|(s, n)| format!("{s}×{n}"))
            .collect();
        let failures: Vec<String> = self
            .failures
            .iter()
            .map(|(f, n)| format!("{f}×{n}"))
            .collect();
        format!(
            "{name:<22} {:>7} requests ({:>6.0}/s)  errors {:<5}  p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms  statuses {}{}",
            self.ms.len() + self.failures.values().sum::<usize>(),
            (self.ms.len() + self.failures.values().sum::<usize>()) as f64 / secs,
            self.errors,
            self.percentile(0.5),
            self.percentile(0.99),
            self.ms.last().copied().unwrap_or(f64::NAN),
            statuses.join(" "),
            if failures.is_empty() {
                String::new()
            } else {
                format!("  failures {}", failures.join(" "))
            }
        )
    }
}

/// A small deterministic generator: every run sends the same requests.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        // xorshift64
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// The search of the bars: a province, one year, five satellites, the first page of 20.
fn search_body(region: &str, page_size: u32) -> String {
    let sats: Vec<serde_json::Value> = ["GF1", "GF2", "GF6", "ZY3-02", "CB04A"]
        .iter()
        .map(|s| serde_json::json!({ "satellite": s }))
        .collect();
    serde_json::json!({
        "selectMode": 1, "regionId": region, "startTime": "2025-01-01T00:00:00Z",
        "endTime": "2025-12-31T23:59:59Z", "satellites": sats, "pageNum": 1, "pageSize": page_size
    })
    .to_string()
}

/// A drawn polygon (select mode 4) as a GeoJSON ring.
fn drawn(ring: &[[f64; 2]]) -> serde_json::Value {
    serde_json::json!({ "selectMode": 4, "geojson": { "type": "Polygon", "coordinates": [ring] } })
}

/// A comb over Hubei: `ZIGZAG_VERTICES` vertices whose teeth alternate between
/// two latitudes, closed along the bottom.
fn zigzag() -> Vec<[f64; 2]> {
    let teeth = ZIGZAG_VERTICES - 3;
    let mut ring: Vec<[f64; 2]> = (0..teeth)
        .map(|i| {
            let x = 108.5 + 7.0 * i as f64 / (teeth - 1) as f64;
            [x, if i % 2 == 0 { 32.5 } else { 30.1 }]
        })
        .collect();
    ring.extend([[115.5, 30.0], [108.5, 30.0], ring[0]]);
    ring
}

/// One kind of hostile request, made anew each time.
struct Attack {
    /// Its name in RSCLOUD_LOAD_ATTACKS.
    key: &'static str,
    name: &'static str,
    make: Box<dyn Fn(&reqwest::Client) -> reqwest::RequestBuilder + Send + Sync>,
}

fn attacks(base: &str) -> Vec<Attack> {
    let boundary = "rscloud-load-boundary";
    let wkt = format!(
        "{}POINT (114 30){}",
        "GEOMETRYCOLLECTION (".repeat(WKT_DEPTH),
        ")".repeat(WKT_DEPTH)
    );
    let upload = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"deep.wkt\"\r\n\
         Content-Type: text/plain\r\n\r\n{wkt}\r\n--{boundary}--\r\n"
    );
    let big = 1e308;
    let mut huge = drawn(&[
        [-big, -big],
        [big, -big],
        [big, big],
        [-big, big],
        [-big, -big],
    ]);
    huge["pageNum"] = 1.into();
    huge["pageSize"] = 20.into();
    // Coverage takes a scene query: the zigzag with the search's filters
    // (under the 10,000-scene limit over Hubei), so it is really computed.
    let mut comb: serde_json::Value =
        serde_json::from_str(&search_body("420000", 20)).expect("json");
    comb["selectMode"] = 4.into();
    comb["geojson"] = drawn(&zigzag())["geojson"].take();
    let post_json = |path: &str, body: String| {
        let url = format!("{base}{path}");
        Box::new(move |c: &reqwest::Client| {
            c.post(&url)
                .header("content-type", "application/json")
                .body(body.clone())
        }) as Box<dyn Fn(&reqwest::Client) -> reqwest::RequestBuilder + Send + Sync>
    };
    let upload_url = format!("{base}/api/normal/v5/upload/shp");
    let captcha_url = format!("{base}/api/usercenter/captcha");
    // A fresh 32-character token for each captcha, as a page makes one.
    let tokens = std::sync::atomic::AtomicU64::new(0);
    vec![
        Attack {
            key: "wkt",
            name: "deep WKT upload",
            make: Box::new(move |c| {
                c.post(&upload_url)
                    .header(
                        "content-type",
                        format!("multipart/form-data; boundary={boundary}"),
                    )
                    .body(upload.clone())
            }),
        },
        Attack {
            key: "huge",
            name: "1e308 drawn polygon",
            make: post_json("/api/normal/v5/normalmeta", huge.to_string()),
        },
        Attack {
            key: "zigzag",
            name: "30k zigzag coverage",
            make: post_json("/api/normal/v5/coverage", comb.to_string()),
        },
        Attack {
            key: "screen",
            name: "screen login",
            make: post_json(
                "/api/usercenter/screen/login",
                r#"{"screenCode":1}"#.to_owned(),
            ),
        },
        Attack {
            key: "captcha",
            name: "captcha",
            make: Box::new(move |c| {
                let n = tokens.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                c.get(format!("{captcha_url}?token={n:032}"))
            }),
        },
    ]
}

/// A person: a request made by `next`, then a pause, until the end.
async fn person(
    client: reqwest::Client,
    seed: u64,
    think: u64,
    end: Instant,
    next: impl Fn(&reqwest::Client, &mut Rng) -> reqwest::RequestBuilder,
) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    tokio::time::sleep(Duration::from_millis(rng.below(think + 1))).await;
    while Instant::now() < end {
        tally.send(next(&client, &mut rng)).await;
        tokio::time::sleep(Duration::from_millis(rng.below(2 * think + 1))).await;
    }
    tally
}

/// The hostile client: one attack back to back, without pausing, until the end.
async fn attacker(client: reqwest::Client, attack: Arc<Attack>, end: Instant) -> Tally {
    let mut tally = Tally::default();
    while Instant::now() < end {
        tally.send((attack.make)(&client)).await;
        if tally.failures.contains_key("connect") {
            break; // the server is gone: the report says so
        }
    }
    tally
}

fn verdict(name: &str, tally: &Tally) -> bool {
    let p99 = tally.percentile(0.99);
    let pass = tally.errors == 0 && p99 <= P99_BAR_MS && !tally.ms.is_empty();
    println!(
        "verdict {name}: errors {} (bar 0), p99 {p99:.1} ms (bar ≤ {P99_BAR_MS} ms): {}",
        tally.errors,
        if pass { "PASS" } else { "FAIL" }
    );
    pass
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let (Some(bin), Some(bench)) = (
        std::env::var_os("RSCLOUD_BIN").map(PathBuf::from),
        std::env::var_os("RSCLOUD_BENCH_DATA").map(PathBuf::from),
    ) else {
        eprintln!(
            "set RSCLOUD_BIN to the release server and RSCLOUD_BENCH_DATA to the bench data (make bench does)"
        );
        std::process::exit(2);
    };
    let source = std::env::var_os("RSCLOUD_LOAD_DATA")
        .map_or_else(|| bench.join("scenes-1m"), PathBuf::from);
    if !source.join("rscloud.gpkg").exists() {
        eprintln!(
            "no database in {}: run the scenes bench first, or set RSCLOUD_LOAD_DATA",
            source.display()
        );
        std::process::exit(2);
    }
    let secs: u64 = setting("RSCLOUD_LOAD_SECS", 60);
    let clients: usize = setting("RSCLOUD_LOAD_CLIENTS", 500);
    let think: u64 = setting("RSCLOUD_LOAD_THINK_MS", 2_000);
    let chosen: String = setting(
        "RSCLOUD_LOAD_ATTACKS",
        "wkt,huge,zigzag,screen,captcha".into(),
    );
    let chosen: Vec<&str> = chosen.split(',').map(str::trim).collect();

    let (server, base) = start_server(&bin, &source);
    let pid = server.child.id();
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    let started = Instant::now();
    let mut up = false;
    while !up && started.elapsed() < Duration::from_secs(300) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        up = client
            .get(format!("{base}/healthz"))
            .send()
            .await
            .is_ok_and(|r| r.status().is_success());
    }
    assert!(up, "the server did not start");
    println!(
        "server up on {} in {:.1} s, resident {}",
        source.display(),
        started.elapsed().as_secs_f64(),
        proc_status(pid, "VmRSS:")
    );

    let search_url = format!("{base}/api/normal/v5/normalmeta");
    let tiles: Vec<String> = (4u8..=9)
        .flat_map(|z| tile_range(&CHINA, z).iter().collect::<Vec<_>>())
        .map(|t| {
            format!(
                "{base}/ows/cloudPlatform/wmts/region_v2/{}/{}/{}.pbf",
                t.z, t.x, t.y
            )
        })
        .collect();
    let tiles = Arc::new(tiles);
    println!(
        "{clients} clients ({} searching, {} on tiles over China, {} tiles z4–z9), pausing 0–{} ms; \
         hostile clients back to back: {}; {secs} s",
        clients / 2,
        clients - clients / 2,
        tiles.len(),
        2 * think,
        chosen.join(", ")
    );

    let cpu_before = cpu_seconds(pid);
    let own_before = cpu_seconds(std::process::id());
    let end = Instant::now() + Duration::from_secs(secs);
    let mut searches = Vec::new();
    let mut views = Vec::new();
    for i in 0..clients {
        let seed = 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1);
        if i % 2 == 0 {
            // Searching a province.
            let url = search_url.clone();
            searches.push(tokio::spawn(person(
                client.clone(),
                seed,
                think,
                end,
                move |c, rng| {
                    let province = PROVINCES[rng.below(PROVINCES.len() as u64) as usize];
                    c.post(&url)
                        .header("content-type", "application/json")
                        .body(search_body(province, 20))
                },
            )));
        } else {
            // On the map: a region tile over China.
            let tiles = tiles.clone();
            views.push(tokio::spawn(person(
                client.clone(),
                seed,
                think,
                end,
                move |c, rng| c.get(&tiles[rng.below(tiles.len() as u64) as usize]),
            )));
        }
    }
    // The hostile client has connections of its own.
    let hostile = reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .expect("client");
    let attacks: Vec<(&str, tokio::task::JoinHandle<Tally>)> = attacks(&base)
        .into_iter()
        .filter(|a| chosen.contains(&a.key))
        .map(|a| {
            let a = Arc::new(a);
            (a.name, tokio::spawn(attacker(hostile.clone(), a, end)))
        })
        .collect();

    let mut search = Tally::default();
    for h in searches {
        search.merge(h.await.expect("client"));
    }
    let mut view = Tally::default();
    for h in views {
        view.merge(h.await.expect("client"));
    }
    let mut attacked = Vec::new();
    for (name, h) in attacks {
        attacked.push((name, h.await.expect("hostile client")));
    }
    let wall = secs as f64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cpu = cpu_seconds(pid) - cpu_before;
    let own = cpu_seconds(std::process::id()) - own_before;
    println!("{}", search.report("search (normalmeta)", wall));
    println!("{}", view.report("tiles (region_v2)", wall));
    println!("hostile (every answer not 2xx is a refusal):");
    for (name, mut tally) in attacked {
        println!("{}", tally.report(name, wall));
        println!(
            "    first answer: {}",
            tally.sample.as_deref().unwrap_or("none")
        );
    }
    let peak = proc_status(pid, "VmHWM:");
    let log = std::fs::read_to_string(server.data.join("server.log")).unwrap_or_default();
    let panics = log.matches("panicked at").count();
    let mut server = server;
    let alive = server.child.try_wait().ok().flatten().is_none();
    println!(
        "server: {cpu:.1} s of CPU in {wall:.0} s ({:.0}% of the {cores} cores), peak resident {}, {}",
        cpu / wall / cores as f64 * 100.0,
        peak,
        if alive { "still up" } else { "DIED" }
    );
    // On a shared machine the clients and everything else running compete with the server.
    println!(
        "clients: {own:.1} s of CPU; machine load average {}",
        load_average()
    );
    if panics > 0 {
        let first = log
            .lines()
            .find(|l| l.contains("panicked at"))
            .unwrap_or_default();
        println!("server panics: {panics}, the first: {first}");
    }
    if !alive {
        println!(
            "the server's last words: {}",
            log.lines().last().unwrap_or_default()
        );
    }
    let ok = verdict("search", &search) & verdict("tiles", &view) & alive;
    println!("verdict: {}", if ok { "PASS" } else { "FAIL" });
}
