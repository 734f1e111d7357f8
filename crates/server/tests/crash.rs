//! Crash safety: the real `rscloud` binary is killed with SIGKILL while a
//! client creates orders back to back; after a restart every order the
//! client saw acknowledged is there, whole (its item and its history), and
//! the database file passes `PRAGMA integrity_check`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

/// Acknowledged orders before the kill is sent (more arrive while it lands).
const ACKNOWLEDGED_BEFORE_KILL: usize = 25;

/// Starts the binary on `data` (demo accounts and 200 demo scenes on first
/// start) and answers the child and its base URL.
fn start(data: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["serve", "--demo", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .env("RSCLOUD_WEB_DIR", data.join("no-web"))
        .env("RSCLOUD_CAPTCHA_FIXED", "TEST")
        .env("RSCLOUD_DEMO_SCENES", "200")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn rscloud");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("first line");
    let url = line
        .trim()
        .strip_prefix("rscloud listening on ")
        .unwrap_or_else(|| panic!("listening line, got {line:?}"));
    let base = url.trim_end_matches(rscloud::web::HOME).to_owned();
    (child, base)
}

/// Logs in through the real login route and answers the session token.
async fn login(client: &reqwest::Client, base: &str, username: &str, password: &str) -> String {
    let key: Value = client
        .get(format!("{base}/api/usercenter/publickey"))
        .send()
        .await
        .expect("public key")
        .json()
        .await
        .expect("json");
    let captcha_token = format!("{:032}", 7);
    client
        .get(format!(
            "{base}/api/usercenter/captcha?token={captcha_token}"
        ))
        .send()
        .await
        .expect("captcha");
    let public = key["data"]["publicKey"].as_str().expect("public key");
    let sealed = rscloud::usercenter::seal::seal(public, password, &captcha_token).expect("seal");
    let answer: Value = client
        .post(format!("{base}/api/usercenter/userinfo/loginv2"))
        .json(&json!({"username": username, "password": sealed, "captcha": "TEST", "token": captcha_token}))
        .send()
        .await
        .expect("login")
        .json()
        .await
        .expect("json");
    answer["data"].as_str().expect("token").to_owned()
}

/// One order of one scene: into the cart, then ordered. `Some(order id)`
/// when the server acknowledged it; `None` once the server is gone.
async fn order_one(client: &reqwest::Client, base: &str, token: &str, scene: &str) -> Option<i64> {
    let post = |path: &str, body: Value| {
        client
            .post(format!("{base}{path}"))
            .header("token", token)
            .json(&body)
            .send()
    };
    let added = post("/api/order/v3/ordercart", json!({"ids": [scene]}))
        .await
        .ok()?;
    if !added.status().is_success() {
        return None;
    }
    let ordered = post(
        "/api/order/v3/order",
        json!({"ids": [scene], "purpose": "崩溃测试", "usage": "1", "delivery": "1"}),
    )
    .await
    .ok()?;
    if !ordered.status().is_success() {
        return None;
    }
    let body: Value = ordered.json().await.ok()?;
    body["data"]["id"].as_i64()
}

#[tokio::test]
async fn every_acknowledged_order_survives_a_sigkill() {
    let data = tempfile::tempdir().expect("tempdir");
    let (mut child, base) = start(data.path());
    let client = reqwest::Client::new();
    let token = login(&client, &base, "hubei", "Hubei12345").await;
    let scenes: Vec<String> = rscloud::db::connect(&data.path().join("rscloud.gpkg"))
        .expect("open")
        .prepare("SELECT scene_id FROM scene WHERE online = 1 ORDER BY fid")
        .expect("prepare")
        .query_map([], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert!(
        scenes.len() > 2 * ACKNOWLEDGED_BEFORE_KILL,
        "enough online demo scenes"
    );

    // The killer waits for enough acknowledgements and kills mid-stream: the
    // client is sending the next requests while the signal lands.
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let seen = acknowledged.clone();
    let pid = child.id();
    let killer = std::thread::spawn(move || {
        while seen.load(Ordering::Acquire) < ACKNOWLEDGED_BEFORE_KILL {
            std::thread::park_timeout(std::time::Duration::from_millis(1));
        }
        let status = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .expect("kill");
        assert!(status.success());
    });
    let mut orders = Vec::new();
    for scene in &scenes {
        match order_one(&client, &base, &token, scene).await {
            Some(id) => {
                orders.push((id, scene.clone()));
                acknowledged.fetch_add(1, Ordering::Release);
            }
            None => break,
        }
    }
    killer.join().expect("killer");
    let status = child.wait().expect("wait");
    assert!(
        !status.success(),
        "the server was killed, not stopped: {status}"
    );
    assert!(
        orders.len() >= ACKNOWLEDGED_BEFORE_KILL,
        "{} orders",
        orders.len()
    );
    assert!(
        orders.len() < scenes.len(),
        "the kill landed before the client ran out of scenes"
    );

    // The file as the kill left it (the write-ahead log is replayed on open).
    {
        let conn = rscloud::db::connect(&data.path().join("rscloud.gpkg")).expect("open");
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .expect("integrity_check");
        assert_eq!(check, "ok");
        let hollow: i64 = conn
            .query_row(
                "SELECT count(*) FROM orders o
                 WHERE NOT EXISTS (SELECT 1 FROM order_item i WHERE i.order_id = o.id)
                    OR NOT EXISTS (SELECT 1 FROM order_event e WHERE e.order_id = o.id)",
                [],
                |r| r.get(0),
            )
            .expect("count");
        assert_eq!(hollow, 0, "no order without its item or its history");
    }

    // Restarted, the server shows every acknowledged order, whole.
    let (mut child, base) = start(data.path());
    let token = login(&client, &base, "hubei", "Hubei12345").await;
    for (id, scene) in &orders {
        let detail: Value = client
            .get(format!("{base}/api/order/v3/detail/{id}"))
            .header("token", &token)
            .send()
            .await
            .expect("detail")
            .json()
            .await
            .expect("json");
        assert_eq!(detail["code"], 0, "order {id}: {detail}");
        assert_eq!(detail["data"]["record"]["items"], 1, "order {id}");
        assert_eq!(detail["data"]["history"][0]["label"], "待审核");
        let items: Value = client
            .get(format!("{base}/api/order/v3/orderitem?orderId={id}"))
            .header("token", &token)
            .send()
            .await
            .expect("items")
            .json()
            .await
            .expect("json");
        assert_eq!(items["data"]["list"][0]["sceneId"], scene.as_str());
    }
    eprintln!(
        "crash test: {} orders acknowledged before SIGKILL, all present after restart",
        orders.len()
    );
    child.kill().expect("stop");
    child.wait().expect("wait");
}
