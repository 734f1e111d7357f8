//! Registration, verification codes (SMS outbox and real SMTP), forgotten and
//! changed passwords, and the read-only display-screen login, over real HTTP.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use common::{CAPTCHA, TestServer, assert_error, fresh_token, send_code, six_digits, sms_code};
use rscloud::config::{SmtpConfig, SmtpSecurity};
use serde_json::{Value, json};

fn sealed(s_key: &str, password: &str, token: &str) -> String {
    rscloud::usercenter::seal::seal(s_key, password, token).expect("seal")
}

async fn public_key(s: &TestServer) -> String {
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    key["data"]["publicKey"].as_str().expect("key").to_owned()
}

#[tokio::test]
async fn live_checks_say_free_malformed_or_taken() {
    let s = TestServer::start().await;
    assert_eq!(
        s.get_json("/api/usercenter/valid/username/new_office")
            .await
            .0,
        200
    );
    let (status, body) = s.get_json("/api/usercenter/valid/username/hubei").await;
    assert_error(status, &body, 409, "用户名已被注册");
    let (status, body) = s.get_json("/api/usercenter/valid/username/ab").await;
    assert_error(status, &body, 400, "用户名须为4-20位字母、数字或下划线");
    let (status, body) = s.get_json("/api/usercenter/valid/telephone/12345").await;
    assert_error(status, &body, 400, "请输入正确的手机号码");
    assert_eq!(
        s.get_json("/api/usercenter/valid/telephone/13700000001")
            .await
            .0,
        200
    );
    let (status, body) = s.get_json("/api/usercenter/valid/email/not-mail").await;
    assert_error(status, &body, 400, "请输入正确的邮箱地址");
    assert_eq!(
        s.get_json("/api/usercenter/valid/email/a@b.cn").await.0,
        200
    );
}

#[tokio::test]
async fn register_with_a_text_message_code_then_log_in() {
    let s = TestServer::start().await;
    let phone = "13700000002";
    let (status, body) = send_code(&s, "telephone", phone, "register").await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
    let (status, body) = send_code(&s, "telephone", phone, "register").await;
    assert_error(status, &body, 429, "验证码发送过于频繁，请60秒后再试");
    let code = sms_code(&s, phone);

    let key = public_key(&s).await;
    let token = fresh_token();
    let form = |code: &str| {
        json!({"username": "jingzhou_office", "password": sealed(&key, "Jingzhou2024", &token), "token": token,
               "telephone": phone, "channel": "telephone", "code": code})
    };
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, body) = s
        .post_json("/api/usercenter/register", None, &form(wrong))
        .await;
    assert_error(status, &body, 400, "验证码错误或已失效，请重新获取");
    let (status, body) = s
        .post_json("/api/usercenter/register", None, &form(&code))
        .await;
    assert_eq!(
        (status, body["data"]["username"].as_str()),
        (200, Some("jingzhou_office")),
        "{body}"
    );
    let (status, body) = s
        .post_json("/api/usercenter/register", None, &form(&code))
        .await;
    assert_error(status, &body, 409, "用户名已被注册");

    let session = s.token_of(phone, "Jingzhou2024").await;
    let (_, me) = s.get_as("/api/usercenter/detail", &session).await;
    assert_eq!(
        me["data"]["permissions"],
        json!([]),
        "a new person has no module permission"
    );
    let (status, body) = send_code(&s, "telephone", phone, "register").await;
    assert_error(status, &body, 409, "该手机号已被注册");
}

#[tokio::test]
async fn register_refuses_weak_passwords_and_missing_addresses() {
    let s = TestServer::start().await;
    let key = public_key(&s).await;
    let token = fresh_token();
    let form = json!({"username": "weak_user", "password": sealed(&key, "short1", &token), "token": token,
                      "telephone": "13700000003", "channel": "telephone", "code": "123456"});
    let (status, body) = s.post_json("/api/usercenter/register", None, &form).await;
    assert_error(status, &body, 400, "密码长度不能少于8位");
    let form = json!({"username": "weak_user", "password": sealed(&key, "Longer12345", &token), "token": token,
                      "channel": "email", "code": "123456"});
    let (status, body) = s.post_json("/api/usercenter/register", None, &form).await;
    assert_error(status, &body, 400, "请输入邮箱地址");
}

#[tokio::test]
async fn sending_a_code_needs_the_picture_captcha() {
    let s = TestServer::start_with(|c| c.captcha_fixed = None).await;
    let form = json!({"purpose": "register", "captcha": "ABCD", "token": fresh_token()});
    let (status, body) = s
        .post_json("/api/usercenter/send/telephone/13700000004", None, &form)
        .await;
    assert_error(status, &body, 400, "验证码错误或已过期，请重新输入");
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    let sent: i64 = conn
        .query_row("SELECT count(*) FROM sms_outbox", [], |r| r.get(0))
        .expect("count");
    assert_eq!(sent, 0);
}

#[tokio::test]
async fn email_without_a_mail_server_is_a_clear_503() {
    let s = TestServer::start().await;
    let (status, body) = send_code(&s, "email", "new@example.cn", "register").await;
    assert_error(status, &body, 503, "邮件服务未配置，请使用手机号验证");
    let (status, body) = send_code(&s, "email", "new@example.cn", "register").await;
    assert_error(status, &body, 503, "邮件服务未配置，请使用手机号验证");
}

#[tokio::test]
async fn a_taken_optional_address_is_refused_before_the_code_is_used() {
    let s = TestServer::start().await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute(
        "UPDATE user SET email = 'taken@example.cn' WHERE username = 'hubei'",
        [],
    )
    .expect("email");
    let phone = "13700000009";
    send_code(&s, "telephone", phone, "register").await;
    let code = sms_code(&s, phone);
    let key = public_key(&s).await;
    let token = fresh_token();
    let form = |email: &str| {
        json!({"username": "yichang_office", "password": sealed(&key, "Yichang2024", &token), "token": token,
               "telephone": phone, "email": email, "channel": "telephone", "code": code})
    };
    let (status, body) = s
        .post_json("/api/usercenter/register", None, &form("taken@example.cn"))
        .await;
    assert_error(status, &body, 409, "该邮箱已被注册");
    let (status, body) = s
        .post_json("/api/usercenter/register", None, &form("free@example.cn"))
        .await;
    assert_eq!(
        (status, body["code"].as_i64()),
        (200, Some(0)),
        "the code was not spent: {body}"
    );
}

/// A local SMTP server (Python's aiosmtpd) that prints each message's recipient and decoded body.
struct SmtpSink {
    child: Child,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
    port: u16,
}

impl SmtpSink {
    fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("bind")
            .local_addr()
            .expect("addr")
            .port();
        let script = r#"
import email, sys, time
from email.policy import default
from aiosmtpd.controller import Controller
class Print:
    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.content, policy=default)
        body = msg.get_body().get_content().replace("\n", " ")
        print("MAIL", envelope.rcpt_tos[0], msg["subject"], body, flush=True)
        return "250 OK"
c = Controller(Print(), hostname="127.0.0.1", port=int(sys.argv[1]))
c.start()
print("READY", flush=True)
time.sleep(120)
"#;
        let mut child = Command::new("python3")
            .args(["-c", script, &port.to_string()])
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 with aiosmtpd (make test installs it)");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let ready = lines.next().expect("a line").expect("read");
        assert_eq!(
            ready, "READY",
            "aiosmtpd did not start (pip install aiosmtpd)"
        );
        Self { child, lines, port }
    }

    fn next_mail(&mut self) -> String {
        self.lines.next().expect("a mail").expect("read")
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn codes_go_out_by_real_smtp_and_reset_a_forgotten_password() {
    let mut sink = SmtpSink::start();
    let port = sink.port;
    let s = TestServer::start_with(move |c| {
        c.smtp = Some(SmtpConfig {
            host: "127.0.0.1".into(),
            port,
            security: SmtpSecurity::None,
            username: None,
            password: None,
            from: "自然资源卫星遥感云服务平台 <noreply@rscloud.example.cn>".into(),
        })
    })
    .await;
    let old_session = s.token_of("hubei", "Hubei12345").await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute(
        "UPDATE user SET email = 'hubei@rscloud.example.cn' WHERE username = 'hubei'",
        [],
    )
    .expect("email");

    let (status, body) = send_code(&s, "email", "hubei@rscloud.example.cn", "reset").await;
    assert_eq!(status, 200, "{body}");
    let mail = sink.next_mail();
    assert!(
        mail.starts_with("MAIL hubei@rscloud.example.cn 验证码：重置密码"),
        "{mail}"
    );
    let code = six_digits(&mail);

    let key = public_key(&s).await;
    let token = fresh_token();
    let form = json!({"channel": "email", "address": "hubei@rscloud.example.cn", "code": code,
                      "password": sealed(&key, "Wuhan2025new", &token), "token": token});
    let (status, body) = s.post_json("/api/usercenter/forgetpwd", None, &form).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
    assert_eq!(
        s.get_as("/api/usercenter/detail", &old_session).await.0,
        401,
        "a reset ends old sessions"
    );
    s.token_of("hubei", "Wuhan2025new").await;

    let (status, _) = send_code(&s, "email", "nobody@rscloud.example.cn", "reset").await;
    assert_eq!(status, 200, "unknown addresses are not revealed");
}

#[tokio::test]
async fn a_flagged_account_changes_its_password_with_the_old_one() {
    let s = TestServer::start().await;
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute(
        "UPDATE user SET must_change_password = 1 WHERE username = 'person'",
        [],
    )
    .expect("flag");
    assert_eq!(s.login("person", "Person12345").await.1["code"], 2);
    let key = public_key(&s).await;
    let mut tokens = Vec::new();
    for _ in 0..3 {
        tokens.push(s.captcha().await);
    }
    let mut tokens = tokens.into_iter();
    let mut change = |old: &str, new: &str| {
        let token = tokens.next().expect("a captcha per try");
        json!({"username": "person", "oldPassword": sealed(&key, old, &token), "password": sealed(&key, new, &token),
               "captcha": CAPTCHA, "token": token})
    };
    let url = s.url("/api/usercenter/password");
    let put = |body: Value| {
        let req = s.client.put(url.clone()).json(&body);
        async move {
            let r = req.send().await.expect("put");
            (r.status().as_u16(), r.json::<Value>().await.expect("json"))
        }
    };
    let (status, body) = put(change("Wrong12345", "Person2025")).await;
    assert_error(status, &body, 400, "用户名或密码错误");
    let (status, body) = put(change("Person12345", "Person12345")).await;
    assert_error(status, &body, 400, "新密码不能与原密码相同");
    let (status, body) = put(change("Person12345", "Person2025")).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
    s.token_of("person", "Person2025").await;
}

const SCREEN_LOGIN: &str = "/api/usercenter/screen/login";

/// The permission codes of a session, as `detail` lists them.
async fn permissions_of(s: &TestServer, token: &str) -> Vec<String> {
    let (status, me) = s.get_as("/api/usercenter/detail", token).await;
    assert_eq!(status, 200, "{me}");
    serde_json::from_value(me["data"]["permissions"].clone()).expect("permission list")
}

/// The region codes of a session's area ranges, as the page fetches them.
async fn regions_of(s: &TestServer, token: &str) -> Vec<String> {
    let (_, me) = s.get_as("/api/usercenter/detail", token).await;
    let id = me["data"]["id"].as_i64().expect("id");
    let (status, ranges) = s
        .get_as(&format!("/api/usercenter/arearange/userid/{id}/0"), token)
        .await;
    assert_eq!(status, 200, "{ranges}");
    ranges["data"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["regionId"].as_str().expect("region").to_owned())
        .collect()
}

#[tokio::test]
async fn a_display_screen_logs_in_silently_and_may_only_read() {
    // The demo's screens: from this machine, the monitoring pages, the whole country.
    let s = TestServer::start().await;
    let (status, body) = s
        .post_json(SCREEN_LOGIN, None, &json!({"screenCode": 1}))
        .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"].as_str().expect("token").to_owned();
    let (status, me) = s.get_as("/api/usercenter/detail", &token).await;
    assert_eq!(
        (status, me["data"]["username"].as_str()),
        (200, Some("screen"))
    );
    let permissions = permissions_of(&s, &token).await;
    assert!(
        permissions.contains(&"MOD_056".to_owned()),
        "{permissions:?}"
    );
    assert!(
        !permissions.iter().any(|p| p.starts_with("MOD_061")),
        "the cart is not on a screen's grant: {permissions:?}"
    );
    assert_eq!(regions_of(&s, &token).await, ["100000"]);
    let (status, body) = s
        .post_json(
            "/api/statistics-transaction/incr",
            Some(&token),
            &json!({"name": "ALL", "label": "全部"}),
        )
        .await;
    assert_error(status, &body, 403, "大屏展示账号仅可查看数据");
    let (status, _) = s
        .post_json("/api/usercenter/userinfo/logout", Some(&token), &json!({}))
        .await;
    assert_eq!(status, 200, "a screen may log out");
    let (status, body) = s
        .post_json(SCREEN_LOGIN, None, &json!({"screenCode": 3}))
        .await;
    assert_error(status, &body, 404, "未配置该大屏展示账号");
}

const SCREEN_KEY: &str = "wall-of-screens-7f3a9c";

/// A server whose screen 1 stands in a network the tests (on loopback) are not
/// in and has a key, granting `grants` over `ranges`.
async fn server_with_remote_screen(grants: &[&str], ranges: &[&str]) -> TestServer {
    let (grants, ranges): (Vec<String>, Vec<String>) = (
        grants.iter().map(|g| g.to_string()).collect(),
        ranges.iter().map(|r| r.to_string()).collect(),
    );
    TestServer::start_with(move |c| {
        c.screens = vec![rscloud::config::ScreenAccount {
            code: 1,
            username: "screen".into(),
            networks: vec!["10.20.0.0/16".parse().expect("net")],
            key: Some(SCREEN_KEY.into()),
            grants,
            ranges,
        }];
    })
    .await
}

/// Logs screen 1 in with its key, failing the test otherwise.
async fn screen_token_by_key(s: &TestServer) -> String {
    let body = json!({"screenCode": 1, "screenKey": SCREEN_KEY});
    let (status, answer) = s.post_json(SCREEN_LOGIN, None, &body).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].as_str().expect("token").to_owned()
}

#[tokio::test]
async fn a_screen_outside_its_networks_needs_its_key_and_sees_only_its_grants() {
    let s =
        server_with_remote_screen(&["MOD_056", "MOD_056_DISPLAY", "MOD_054"], &["420000"]).await;
    for body in [
        json!({"screenCode": 1}),
        json!({"screenCode": 1, "screenKey": "wall-of-screens-7f3a9d"}),
    ] {
        let (status, answer) = s.post_json(SCREEN_LOGIN, None, &body).await;
        assert_error(status, &answer, 403, "该地址不允许大屏免密登录");
    }
    let token = &screen_token_by_key(&s).await;
    // MOD_054 is granted but the account lacks it: the grant cannot widen the account.
    assert_eq!(
        permissions_of(&s, token).await,
        ["MOD_056", "MOD_056_DISPLAY"]
    );
    // The account covers the country; the screen names 湖北.
    assert_eq!(regions_of(&s, token).await, ["420000"]);
}

#[tokio::test]
async fn a_screen_configured_without_grants_only_shows_menu_entries_and_no_region() {
    let s = server_with_remote_screen(&[], &[]).await;
    let token = &screen_token_by_key(&s).await;
    let permissions = permissions_of(&s, token).await;
    assert!(
        !permissions.is_empty() && permissions.iter().all(|p| p.ends_with("_DISPLAY")),
        "{permissions:?}"
    );
    assert!(regions_of(&s, token).await.is_empty());
}

#[tokio::test]
async fn screen_logins_from_one_address_are_limited() {
    let s = TestServer::start().await;
    for n in 1..=rscloud::usercenter::ratelimit::MAX_SCREEN_LOGINS {
        let (status, body) = s
            .post_json(SCREEN_LOGIN, None, &json!({"screenCode": 1}))
            .await;
        assert_eq!(status, 200, "login {n}: {body}");
    }
    let (status, body) = s
        .post_json(SCREEN_LOGIN, None, &json!({"screenCode": 1}))
        .await;
    assert_error(status, &body, 429, "请求过于频繁，请稍后再试");
}

#[tokio::test]
async fn existence_checks_from_one_address_are_limited() {
    let s = TestServer::start().await;
    let max = rscloud::usercenter::ratelimit::MAX_ADDRESS_LOOKUPS;
    for n in 0..max {
        let check = match n % 3 {
            0 => format!("username/user_{n}"),
            1 => format!("telephone/1370000{n:04}"),
            _ => format!("email/a{n}@b.cn"),
        };
        let (status, body) = s.get_json(&format!("/api/usercenter/valid/{check}")).await;
        assert_eq!(status, 200, "check {n}: {body}");
    }
    let (status, body) = s.get_json("/api/usercenter/valid/username/hubei").await;
    assert_error(status, &body, 429, "请求过于频繁，请稍后再试");
    let (status, body) = send_code(&s, "telephone", "13700000001", "register").await;
    assert_error(status, &body, 429, "请求过于频繁，请稍后再试");
}

#[tokio::test]
async fn a_reset_by_phone_finds_the_phones_owner_not_a_username_that_looks_like_it() {
    let s = TestServer::start().await;
    let phone = "13700000011";
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.execute(
        "UPDATE user SET username = ?1 WHERE username = 'person'",
        [phone],
    )
    .expect("rename");
    conn.execute(
        "UPDATE user SET telephone = ?1 WHERE username = 'hubei'",
        [phone],
    )
    .expect("phone");
    send_code(&s, "telephone", phone, "reset").await;
    let code = sms_code(&s, phone);
    let key = public_key(&s).await;
    let token = fresh_token();
    let form = json!({"channel": "telephone", "address": phone, "code": code,
                      "password": sealed(&key, "Owner2025new", &token), "token": token});
    let (status, body) = s.post_json("/api/usercenter/forgetpwd", None, &form).await;
    assert_eq!(status, 200, "{body}");
    s.token_of("hubei", "Owner2025new").await;
    s.token_of(phone, "Person12345").await;
}
