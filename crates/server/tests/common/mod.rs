//! A real rscloud server on 127.0.0.1:0 with a temporary database and a small
//! built-app fixture, for integration tests that talk HTTP.
#![allow(dead_code)] // each test binary uses a different part of this helper

pub mod catalogue;
pub mod reference;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rscloud::config::Config;
use serde_json::Value;

/// A running server; dropping it stops the server and removes its files.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The HTTP client (no automatic redirects, so tests can see them).
    pub client: reqwest::Client,
    /// The data folder (the database lives here).
    pub data_dir: PathBuf,
    /// The server's state, for tests that must hold what a request would (a heavy-work slot).
    pub state: rscloud::state::AppState,
    _dirs: (tempfile::TempDir, tempfile::TempDir),
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

/// The code every captcha accepts in these servers (`RSCLOUD_CAPTCHA_FIXED`).
pub const CAPTCHA: &str = "TEST";

/// A fresh 32-character token, as the page makes one (not yet shown as a captcha).
pub fn fresh_token() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!("{:032}", N.fetch_add(1, Ordering::Relaxed))
}

/// The fingerprinted asset the web fixture holds.
pub const ASSET: &str = "/chinese/assets/index-3f2a1b.js";

fn write_web_fixture(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).expect("assets dir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>rscloud</title><div id=root></div>",
    )
    .expect("index");
    // Large enough to be worth compressing.
    let js = "console.log('rscloud');\n".repeat(200);
    std::fs::write(dir.join("assets/index-3f2a1b.js"), js).expect("asset");
}

impl TestServer {
    /// Starts a server with default settings.
    pub async fn start() -> Self {
        Self::start_with(|_| {}).await
    }

    /// Starts a server after `tune` adjusts its configuration.
    pub async fn start_with(tune: impl FnOnce(&mut Config)) -> Self {
        Self::start_in(tempfile::tempdir().expect("data dir"), tune).await
    }

    /// Starts a server over a data folder the test prepared (a database imported
    /// by the CLI, a copy of a shared one), removed with the server like its own.
    pub async fn start_in(data: tempfile::TempDir, tune: impl FnOnce(&mut Config)) -> Self {
        // The server's warnings and errors go to the test's output, which the
        // test runner shows when a test fails: a 500 then says why.
        let _ = tracing_subscriber::fmt()
            .with_env_filter("warn")
            .with_test_writer()
            .try_init();
        let web = tempfile::tempdir().expect("web dir");
        write_web_fixture(web.path());
        let mut config = Config {
            addr: "127.0.0.1:0".parse().expect("addr"),
            data_dir: data.path().to_path_buf(),
            web_dir: web.path().to_path_buf(),
            demo: true,
            // Generating the demo catalogue is for the tests that ask for it.
            demo_scenes: 0,
            demo_spots: 0,
            captcha_fixed: Some(CAPTCHA.into()),
            ..Config::default()
        };
        tune(&mut config);
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let state = rscloud::open_state(config).await.expect("state");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let kept = state.clone();
        tokio::spawn(rscloud::run(listener, state, async {
            let _ = rx.await;
        }));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let server = Self {
            base,
            client,
            data_dir: data.path().to_path_buf(),
            state: kept,
            _dirs: (data, web),
            stop: Some(tx),
        };
        server.wait_ready().await;
        server
    }

    async fn wait_ready(&self) {
        for _ in 0..200 {
            if let Ok(r) = self.client.get(self.url("/healthz")).send().await
                && r.status().is_success()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("server at {} never became ready", self.base);
    }

    /// The absolute URL of a path.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// GET a path; returns the status and the JSON body.
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        answer(self.client.get(self.url(path))).await
    }

    /// POST a raw body with a content type; returns the status and the JSON body.
    pub async fn post_raw(
        &self,
        path: &str,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> (u16, Value) {
        let req = self.client.post(self.url(path));
        answer(req.header("content-type", content_type).body(body)).await
    }

    /// POST a JSON value with an optional session token; returns the status and the JSON body.
    pub async fn post_json(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut req = self.client.post(self.url(path)).json(body);
        if let Some(t) = token {
            req = req.header("token", t);
        }
        answer(req).await
    }

    /// PUT a JSON value with a session token; returns the status and the JSON body.
    pub async fn put_json(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let req = self.client.put(self.url(path)).header("token", token);
        answer(req.json(body)).await
    }

    /// DELETE with a JSON body and a session token; returns the status and the JSON body.
    pub async fn delete_json(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let req = self.client.delete(self.url(path)).header("token", token);
        answer(req.json(body)).await
    }

    /// GET with a session token; returns the status and the JSON body.
    pub async fn get_as(&self, path: &str, token: &str) -> (u16, Value) {
        answer(self.client.get(self.url(path)).header("token", token)).await
    }

    /// A captcha shown for a fresh token, as the page does before any form that needs one;
    /// with the test servers its answer is [`CAPTCHA`].
    pub async fn captcha(&self) -> String {
        let token = fresh_token();
        let r = self
            .client
            .get(self.url(&format!("/api/usercenter/captcha?token={token}")))
            .send()
            .await
            .expect("captcha");
        assert_eq!(r.status(), 200);
        token
    }

    /// Logs in through the real login route (sealed password, captcha token);
    /// the server must run with the fixed test captcha [`CAPTCHA`].
    pub async fn login(&self, username: &str, password: &str) -> (u16, Value) {
        let (_, key) = self.get_json("/api/usercenter/publickey").await;
        let public = key["data"]["publicKey"].as_str().expect("public key");
        let captcha_token = self.captcha().await;
        let sealed =
            rscloud::usercenter::seal::seal(public, password, &captcha_token).expect("seal");
        let form = serde_json::json!({"username": username, "password": sealed, "captcha": CAPTCHA, "token": captcha_token});
        self.post_json("/api/usercenter/userinfo/loginv2", None, &form)
            .await
    }

    /// Logs in and returns the session token, failing the test otherwise.
    pub async fn token_of(&self, username: &str, password: &str) -> String {
        let (status, body) = self.login(username, password).await;
        assert_eq!(
            (status, body["code"].as_i64()),
            (200, Some(0)),
            "login of {username}: {body}"
        );
        body["data"].as_str().expect("token").to_owned()
    }

    /// The database file the server writes (in the data folder its configuration names,
    /// which a test may have set).
    pub fn database(&self) -> PathBuf {
        self.state.config.database_path()
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
    }
}

/// Sends a request; answers its status and JSON body, failing the test when
/// there is no answer or the body is not JSON.
pub async fn answer(req: reqwest::RequestBuilder) -> (u16, Value) {
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.expect("json body"))
}

/// The features of a registered layer a caller (`None`: anonymous) gets through WFS
/// GetFeature as GeoJSON, for `viewparams`, the whole world.
pub async fn wfs_features(
    s: &TestServer,
    layer: &str,
    viewparams: &str,
    token: Option<&str>,
) -> Vec<Value> {
    let query = serde_urlencoded::to_string([
        ("SERVICE", "WFS"),
        ("VERSION", "2.0.0"),
        ("REQUEST", "GetFeature"),
        ("OUTPUTFORMAT", "application/json"),
        ("TYPENAMES", layer),
        ("VIEWPARAMS", viewparams),
    ])
    .expect("query");
    let mut req = s
        .client
        .get(s.url(&format!("/ows/cloudPlatform/wfs?{query}")));
    if let Some(t) = token {
        req = req.header("token", t);
    }
    let (status, body) = answer(req).await;
    assert_eq!(status, 200, "{body}");
    body["features"].as_array().expect("features").clone()
}

/// The bytes of a download and its file name, checking the status and content type.
pub async fn download(
    s: &TestServer,
    path: &str,
    token: &str,
    content_type: &str,
) -> (Vec<u8>, String) {
    let r = s
        .client
        .get(s.url(path))
        .header("token", token)
        .send()
        .await
        .expect("download");
    assert_eq!(r.status(), 200, "{path}");
    assert_eq!(r.headers()["content-type"], content_type);
    let name = r.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .strip_prefix("attachment; filename=\"")
        .and_then(|d| d.strip_suffix('"'))
        .expect("a file name")
        .to_owned();
    (r.bytes().await.expect("body").to_vec(), name)
}

/// The number after `label` in ogrinfo's output.
pub fn figure(text: &str, label: &str) -> f64 {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(label))
        .and_then(|rest| rest.trim().parse().ok())
        .unwrap_or_else(|| panic!("{label} in {text}"))
}

/// A zipped shapefile unzipped into `dir`: the path of its `.shp`.
pub fn unzipped(bytes: &[u8], dir: &std::path::Path) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
    zip.extract(dir).expect("unzip");
    let shp = (0..zip.len())
        .map(|i| {
            zip.by_index(i)
                .expect("entry")
                .name()
                .expect("name")
                .into_owned()
        })
        .find(|n| n.ends_with(".shp"))
        .expect("a .shp");
    dir.join(shp).to_string_lossy().into_owned()
}

/// Runs `rscloud import …` into a data folder, failing the test on error.
pub fn import(dir: &Path, args: &[&str], files: &[PathBuf]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .arg("import")
        .args(args)
        .args(files)
        .arg("--data")
        .arg(dir)
        .output()
        .expect("run rscloud import");
    assert!(
        out.status.success(),
        "import failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What GDAL's `ogrinfo -ro ARGS SOURCE` prints (SOURCE a file or a `/vsizip/…` path),
/// failing the test on an error or warning.
pub fn ogrinfo(args: &[&str], source: &str) -> String {
    let out = std::process::Command::new("ogrinfo")
        .arg("-ro")
        .args(args)
        .arg(source)
        .output()
        .expect("ogrinfo runs (install gdal-bin; `make test` does)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !stderr.contains("ERROR"),
        "{stderr}"
    );
    assert!(!stderr.contains("Warning"), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts an error envelope: HTTP status, `code` equal to it, a Chinese message.
pub fn assert_error(status: u16, body: &Value, expected: u16, message: &str) {
    assert_eq!(status, expected, "status for {body}");
    assert_eq!(body["code"], expected, "code in {body}");
    assert_eq!(body["message"], message, "message in {body}");
}

/// Asks for a verification code (`purpose`: register, reset or change) to an
/// address, answering the captcha as the test servers accept it.
pub async fn send_code(
    s: &TestServer,
    channel: &str,
    address: &str,
    purpose: &str,
) -> (u16, Value) {
    let form =
        serde_json::json!({"purpose": purpose, "captcha": CAPTCHA, "token": s.captcha().await});
    s.post_json(
        &format!("/api/usercenter/send/{channel}/{address}"),
        None,
        &form,
    )
    .await
}

/// The newest text message to a number, from the demo SMS outbox.
pub fn last_sms(s: &TestServer, telephone: &str) -> String {
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.query_row(
        "SELECT body FROM sms_outbox WHERE telephone = ?1 ORDER BY id DESC LIMIT 1",
        [telephone],
        |r| r.get(0),
    )
    .expect("a text message was sent")
}

/// The six-digit code in the newest text message to a number.
pub fn sms_code(s: &TestServer, telephone: &str) -> String {
    six_digits(&last_sms(s, telephone))
}

/// The first six-digit number in a text.
pub fn six_digits(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .expect("a six-digit code")
        .to_owned()
}

/// A multipart form of text fields and then a file (name, bytes), in that
/// order: its content type and body.
pub fn multipart(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    use std::io::Write;
    let boundary = "rscloud-test-7d1f0c";
    let mut body = Vec::new();
    for (name, value) in fields {
        write!(
            body,
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        )
        .expect("write");
    }
    if let Some((name, bytes)) = file {
        write!(body, "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").expect("write");
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    write!(body, "--{boundary}--\r\n").expect("write");
    (format!("multipart/form-data; boundary={boundary}"), body)
}
