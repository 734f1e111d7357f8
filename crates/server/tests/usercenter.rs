//! Accounts over real HTTP: captcha, sealed-password login, sessions, user
//! info, area ranges, lockout and expiry, against the demo accounts.

mod common;

use common::{CAPTCHA, TestServer, assert_error, fresh_token};
use serde_json::json;

const LOGIN: &str = "/api/usercenter/userinfo/loginv2";

#[tokio::test]
async fn captcha_is_an_uncached_svg_and_a_bad_token_is_refused() {
    let s = TestServer::start().await;
    let r = s
        .client
        .get(s.url(&format!("/api/usercenter/captcha?token={}", fresh_token())))
        .send()
        .await
        .expect("get");
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml; charset=utf-8");
    assert_eq!(r.headers()["cache-control"], "no-store");
    assert!(r.text().await.expect("body").starts_with("<svg"));
    let (status, body) = s.get_json("/api/usercenter/captcha?token=short").await;
    assert_error(status, &body, 400, "验证码标识无效，请刷新验证码");
}

#[tokio::test]
async fn provincial_user_logs_in_and_sees_their_details_and_range() {
    let s = TestServer::start().await;
    let token = s.token_of("hubei", "Hubei12345").await;
    let (status, me) = s.get_as("/api/usercenter/detail", &token).await;
    assert_eq!(status, 200, "{me}");
    let user = &me["data"];
    assert_eq!(user["username"], "hubei");
    assert_eq!(user["accountType"], 0);
    assert_eq!(user["token"], token.as_str());
    let perms: Vec<&str> = user["permissions"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    assert!(
        perms.contains(&"MOD_056")
            && perms.contains(&"MOD_061")
            && perms.contains(&"MOD_056_DISPLAY")
    );
    // The demo's provincial office also sends feedback (MOD_054).
    assert!(perms.contains(&"MOD_054") && perms.contains(&"MOD_054_DISPLAY"));
    assert!(user["personInfo"]["relatePushNodeInfo"].is_array());
    let id = user["id"].as_i64().expect("id");
    let (status, ranges) = s
        .get_as(&format!("/api/usercenter/arearange/userid/{id}/0"), &token)
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        ranges["data"],
        json!([{"id": ranges["data"][0]["id"], "type": "regionId", "regionId": "420000", "status": 0, "isDelete": 0}])
    );
}

#[tokio::test]
async fn login_accepts_phone_or_email_as_the_name() {
    let s = TestServer::start().await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute("UPDATE user SET telephone = '13800138000', email = 'Hubei@Example.cn' WHERE username = 'hubei'", [])
        .expect("update");
    s.token_of("13800138000", "Hubei12345").await;
    s.token_of("hubei@example.cn", "Hubei12345").await;
}

#[tokio::test]
async fn empty_fields_get_the_spec_messages() {
    let s = TestServer::start().await;
    let cases = [
        (
            json!({"username": "", "password": "x", "captcha": "x", "token": fresh_token()}),
            "请输入用户名",
        ),
        (
            json!({"username": "hubei", "password": "", "captcha": "x", "token": fresh_token()}),
            "请输入密码",
        ),
        (
            json!({"username": "hubei", "password": "x", "captcha": " ", "token": fresh_token()}),
            "请输入验证码",
        ),
        (json!({"password": "x"}), "请输入用户名"),
    ];
    for (form, message) in cases {
        let (status, body) = s.post_json(LOGIN, None, &form).await;
        assert_error(status, &body, 400, message);
    }
}

#[tokio::test]
async fn a_captcha_answers_one_login_only() {
    let s = TestServer::start().await;
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    let token = s.captcha().await;
    let sealed = rscloud::usercenter::seal::seal(
        key["data"]["publicKey"].as_str().expect("key"),
        "Hubei12345",
        &token,
    )
    .expect("seal");
    let form = json!({"username": "hubei", "password": sealed, "captcha": CAPTCHA, "token": token});
    assert_eq!(s.post_json(LOGIN, None, &form).await.1["code"], 0);
    let (status, body) = s.post_json(LOGIN, None, &form).await;
    assert_error(status, &body, 400, "验证码错误或已过期，请重新输入");
}

#[tokio::test]
async fn wrong_password_and_unknown_user_get_one_message() {
    let s = TestServer::start().await;
    let (status, body) = s.login("hubei", "Wrong12345").await;
    assert_error(status, &body, 400, "用户名或密码错误");
    let (status, body) = s.login("nobody_here", "Hubei12345").await;
    assert_error(status, &body, 400, "用户名或密码错误");
}

#[tokio::test]
async fn wrong_captcha_is_refused_before_the_password_is_looked_at() {
    let s = TestServer::start_with(|c| c.captcha_fixed = None).await;
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    let token = fresh_token();
    s.client
        .get(s.url(&format!("/api/usercenter/captcha?token={token}")))
        .send()
        .await
        .expect("captcha");
    let sealed = rscloud::usercenter::seal::seal(
        key["data"]["publicKey"].as_str().expect("key"),
        "Hubei12345",
        &token,
    )
    .expect("seal");
    let form = json!({"username": "hubei", "password": sealed, "captcha": "????", "token": token});
    let (status, body) = s.post_json(LOGIN, None, &form).await;
    assert_error(status, &body, 400, "验证码错误或已过期，请重新输入");
}

#[tokio::test]
async fn a_password_sealed_for_another_captcha_does_not_open() {
    let s = TestServer::start().await;
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    assert_eq!(key["data"]["algorithm"], "X25519-HKDF-SHA256-AES256GCM");
    let sealed = rscloud::usercenter::seal::seal(
        key["data"]["publicKey"].as_str().expect("key"),
        "Hubei12345",
        &fresh_token(),
    )
    .expect("seal");
    let form = json!({"username": "hubei", "password": sealed, "captcha": CAPTCHA, "token": s.captcha().await});
    let (status, body) = s.post_json(LOGIN, None, &form).await;
    assert_error(status, &body, 400, "密码加密数据无效，请刷新页面后重试");
    let form = json!({"username": "hubei", "password": "Hubei12345", "captcha": CAPTCHA, "token": s.captcha().await});
    let (status, body) = s.post_json(LOGIN, None, &form).await;
    assert_error(status, &body, 400, "密码加密数据无效，请刷新页面后重试");
}

#[tokio::test]
async fn repeated_failures_lock_the_account_even_for_the_right_password() {
    let s = TestServer::start().await;
    for attempt in 1..=5 {
        let (status, body) = s.login("hubei", "Wrong12345").await;
        let expected = if attempt < 5 { 400 } else { 429 };
        assert_eq!(status, expected, "attempt {attempt}: {body}");
    }
    let (status, body) = s.login("hubei", "Hubei12345").await;
    assert_error(status, &body, 429, "登录失败次数过多，请15分钟后再试");
    s.token_of("admin", "Admin12345").await;
}

#[tokio::test]
async fn failures_count_per_account_whichever_name_is_typed() {
    let s = TestServer::start().await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute("UPDATE user SET telephone = '13800138000', email = 'hubei@example.cn' WHERE username = 'hubei'", [])
        .expect("update");
    for (attempt, name) in [
        "hubei",
        "13800138000",
        "hubei@example.cn",
        "hubei",
        "13800138000",
    ]
    .into_iter()
    .enumerate()
    {
        let (status, body) = s.login(name, "Wrong12345").await;
        let expected = if attempt < 4 { 400 } else { 429 };
        assert_eq!(status, expected, "attempt {attempt} as {name}: {body}");
    }
    for name in ["13800138000", "hubei@example.cn"] {
        let (status, body) = s.login(name, "Hubei12345").await;
        assert_error(status, &body, 429, "登录失败次数过多，请15分钟后再试");
    }
}

/// A captcha shown to `client` (the address a trusted proxy says it forwards for).
async fn captcha_for(s: &TestServer, client: &str) -> String {
    let token = fresh_token();
    let r = s
        .client
        .get(s.url(&format!("/api/usercenter/captcha?token={token}")))
        .header("x-forwarded-for", client)
        .send()
        .await
        .expect("captcha");
    assert_eq!(r.status(), 200);
    token
}

/// Logs `hubei` in with a captcha token: the status and body.
async fn login_with_captcha(s: &TestServer, token: &str) -> (u16, serde_json::Value) {
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    let sealed = rscloud::usercenter::seal::seal(
        key["data"]["publicKey"].as_str().expect("key"),
        "Hubei12345",
        token,
    )
    .expect("seal");
    let form = json!({"username": "hubei", "password": sealed, "captcha": CAPTCHA, "token": token});
    s.post_json(LOGIN, None, &form).await
}

#[tokio::test]
async fn captchas_of_one_address_replace_its_own_oldest_not_anothers() {
    let s =
        TestServer::start_with(|c| c.trusted_proxies = vec!["127.0.0.1/32".parse().expect("net")])
            .await;
    let victim = captcha_for(&s, "203.0.113.7").await;
    let first_of_flood = captcha_for(&s, "198.51.100.9").await;
    for _ in 0..rscloud::usercenter::captcha::PER_ADDRESS {
        captcha_for(&s, "198.51.100.9").await;
    }
    let (status, body) = login_with_captcha(&s, &first_of_flood).await;
    assert_error(status, &body, 400, "验证码错误或已过期，请重新输入");
    let (status, body) = login_with_captcha(&s, &victim).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
}

#[tokio::test]
async fn account_flagged_for_upgrade_gets_code_2_and_no_session() {
    let s = TestServer::start().await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute(
        "UPDATE user SET must_change_password = 1 WHERE username = 'person'",
        [],
    )
    .expect("flag");
    let (status, body) = s.login("person", "Person12345").await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 2);
    assert_eq!(body["message"], "系统升级，请修改密码后重新登录");
    assert!(body["data"].is_null());
    let sessions: i64 = conn
        .query_row("SELECT count(*) FROM session", [], |r| r.get(0))
        .expect("count");
    assert_eq!(sessions, 0);
}

#[tokio::test]
async fn disabled_account_is_refused() {
    let s = TestServer::start().await;
    let token = s.token_of("person", "Person12345").await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute("UPDATE user SET status = 1 WHERE username = 'person'", [])
        .expect("disable");
    let (status, body) = s.login("person", "Person12345").await;
    assert_error(status, &body, 403, "账号已被禁用，请联系管理员");
    let (status, body) = s.get_as("/api/usercenter/detail", &token).await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
}

#[tokio::test]
async fn missing_garbage_expired_and_logged_out_tokens_are_401() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/usercenter/detail").await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
    let (status, _) = s.get_as("/api/usercenter/detail", "not-a-session").await;
    assert_eq!(status, 401);

    let token = s.token_of("admin", "Admin12345").await;
    assert_eq!(s.get_as("/api/usercenter/detail", &token).await.0, 200);
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute("UPDATE session SET expires_at = unixepoch() - 1", [])
        .expect("expire");
    assert_eq!(s.get_as("/api/usercenter/detail", &token).await.0, 401);

    let token = s.token_of("admin", "Admin12345").await;
    let (status, body) = s
        .post_json("/api/usercenter/userinfo/logout", Some(&token), &json!({}))
        .await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)));
    assert_eq!(s.get_as("/api/usercenter/detail", &token).await.0, 401);
    let (status, _) = s
        .post_json("/api/usercenter/userinfo/logout", Some(&token), &json!({}))
        .await;
    assert_eq!(status, 200, "logging out twice is harmless");
}

#[tokio::test]
async fn a_session_in_use_is_renewed_and_only_its_hash_is_stored() {
    let s = TestServer::start().await;
    let token = s.token_of("admin", "Admin12345").await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    let stored: Vec<u8> = conn
        .query_row("SELECT token_hash FROM session", [], |r| r.get(0))
        .expect("row");
    assert_ne!(stored, token.as_bytes());
    // Nearly idle-expired: the next request moves the expiry forward.
    conn.execute("UPDATE session SET expires_at = unixepoch() + 60", [])
        .expect("age");
    assert_eq!(s.get_as("/api/usercenter/detail", &token).await.0, 200);
    let left: i64 = conn
        .query_row("SELECT expires_at - unixepoch() FROM session", [], |r| {
            r.get(0)
        })
        .expect("row");
    assert!(left > 3600, "renewed to the idle limit, {left}s left");
}

#[tokio::test]
async fn area_ranges_are_private_to_their_user() {
    let s = TestServer::start().await;
    let token = s.token_of("person", "Person12345").await;
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    let id = me["data"]["id"].as_i64().expect("id");
    let (status, body) = s
        .get_as(&format!("/api/usercenter/arearange/userid/{id}/0"), &token)
        .await;
    assert_eq!((status, body["data"].clone()), (200, json!([])));
    let (status, body) = s
        .get_as(
            &format!("/api/usercenter/arearange/userid/{}/0", id - 1),
            &token,
        )
        .await;
    assert_error(status, &body, 403, "无查看信息权限，请联系管理员");
    let (status, body) = s
        .get_as(&format!("/api/usercenter/arearange/userid/{id}/1"), &token)
        .await;
    assert_error(status, &body, 400, "仅支持查询未删除的权限范围（参数 0）");
    let (status, _) = s
        .get_json(&format!("/api/usercenter/arearange/userid/{id}/0"))
        .await;
    assert_eq!(status, 401);
}

/// Runs `rscloud user …` on a data folder, feeding `stdin`; returns exit code and output.
fn rscloud_user(data: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .arg("user")
        .args(args)
        .arg("--data")
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn rscloud");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[tokio::test]
async fn an_account_made_on_the_command_line_can_log_in_with_its_grants() {
    let data = tempfile::tempdir().expect("tempdir");
    let dir = data.path();
    assert_eq!(
        rscloud_user(
            dir,
            &["add", "wuhan_office", "--telephone", "13900000000"],
            "Office2024\n"
        )
        .0,
        0
    );
    assert_eq!(
        rscloud_user(
            dir,
            &["grant", "wuhan_office", "MOD_059", "MOD_059_DISPLAY"],
            ""
        )
        .0,
        0
    );
    assert_eq!(
        rscloud_user(dir, &["range", "wuhan_office", "420100"], "").0,
        0
    );
    let (code, listing) = rscloud_user(dir, &["list"], "");
    assert_eq!(code, 0);
    let line = listing
        .lines()
        .find(|l| l.starts_with("wuhan_office"))
        .expect("listed");
    assert!(
        line.contains("MOD_059,MOD_059_DISPLAY") && line.ends_with("420100"),
        "{line}"
    );

    let (code, message) = rscloud_user(dir, &["grant", "wuhan_office", "MOD_999"], "");
    assert_eq!(code, 2);
    assert!(
        message.contains("MOD_999 is neither a permission code"),
        "{message}"
    );
    let (code, message) = rscloud_user(dir, &["add", "x"], "short\n");
    assert_eq!(code, 2);
    assert!(
        message.contains("用户名须为4-20位字母、数字或下划线"),
        "{message}"
    );

    let path = dir.to_path_buf();
    let s = TestServer::start_with(move |c| c.data_dir = path).await;
    let token = s.token_of("13900000000", "Office2024").await;
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    assert_eq!(
        me["data"]["permissions"],
        json!(["MOD_059", "MOD_059_DISPLAY"])
    );
    assert_eq!(
        me["data"]["telephone"],
        json!({"value": "13900000000", "uri": "tel:13900000000"})
    );

    assert_eq!(
        rscloud_user(dir, &["passwd", "wuhan_office"], "NewPass2025\n").0,
        0
    );
    assert_eq!(
        s.get_as("/api/usercenter/detail", &token).await.0,
        401,
        "a new password ends old sessions"
    );
    s.token_of("wuhan_office", "NewPass2025").await;
}

/// Sessions are resolved from the database on every request, not cached: a
/// permission that `rscloud user revoke` (another process) takes away is gone
/// on the live session's very next request, and one it grants is there.
#[tokio::test]
async fn permissions_changed_on_the_command_line_apply_to_the_next_request() {
    let s = TestServer::start().await;
    let token = s.token_of("hubei", "Hubei12345").await;
    let permissions = |me: &serde_json::Value| me["data"]["permissions"].clone();
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    assert!(
        permissions(&me)
            .as_array()
            .is_some_and(|p| p.contains(&json!("MOD_056"))),
        "{me}"
    );

    assert_eq!(
        rscloud_user(&s.data_dir, &["revoke", "hubei", "monitor"], "").0,
        0
    );
    let (status, me) = s.get_as("/api/usercenter/detail", &token).await;
    // What the role gave is gone; the feedback permission, its own, stays.
    assert_eq!(
        (status, permissions(&me)),
        (200, json!(["MOD_054", "MOD_054_DISPLAY"]))
    );

    assert_eq!(
        rscloud_user(&s.data_dir, &["grant", "hubei", "MOD_059"], "").0,
        0
    );
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    assert_eq!(
        permissions(&me),
        json!(["MOD_054", "MOD_054_DISPLAY", "MOD_059"])
    );
}

/// Every protected route and what each kind of caller gets from it. Modules that
/// add protected routes add their rows here.
#[tokio::test]
async fn permission_matrix_over_every_protected_route() {
    let s = TestServer::start().await;
    let mut callers: Vec<(&str, Option<(String, i64)>)> = vec![("anonymous", None)];
    for (name, password) in [
        ("person", "Person12345"),
        ("hubei", "Hubei12345"),
        ("admin", "Admin12345"),
    ] {
        let token = s.token_of(name, password).await;
        let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
        callers.push((name, Some((token, me["data"]["id"].as_i64().expect("id")))));
    }
    // (route, expected status for anonymous, person, hubei, admin); {me} is the caller's
    // own id, {other} another account's (which only an administrator may read).
    let matrix: &[(&str, [u16; 4])] = &[
        ("/api/usercenter/detail", [401, 200, 200, 200]),
        (
            "/api/usercenter/arearange/userid/{me}/0",
            [401, 200, 200, 200],
        ),
        (
            "/api/usercenter/arearange/userid/{other}/0",
            [401, 403, 403, 200],
        ),
    ];
    for (route, expected) in matrix {
        for ((who, session), want) in callers.iter().zip(expected) {
            let me = session.as_ref().map_or(0, |(_, id)| *id);
            let other = if me == 1 { 2 } else { 1 };
            let path = route
                .replace("{me}", &me.to_string())
                .replace("{other}", &other.to_string());
            let mut req = s.client.get(s.url(&path));
            if let Some((token, _)) = session {
                req = req.header("token", token);
            }
            let status = req.send().await.expect("request").status().as_u16();
            assert_eq!(status, *want, "{who} on {path}");
        }
    }
}
