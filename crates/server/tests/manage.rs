//! Account administration and the user's own data over real HTTP: accounts
//! made, disabled and enabled, roles, permissions and area ranges set, each
//! change audited with before and after; an administrator cannot lock
//! themself out; contact changes need a code sent to the new address; the
//! login history lists successful and failed attempts.

mod common;

use common::{TestServer, assert_error, fresh_token, import, last_sms, send_code, sms_code};
use rscloud::usercenter::manage::{
    CANNOT_DEMOTE_SELF, CANNOT_DISABLE_SELF, NO_ACCOUNT, NO_RANGE_ROW, RANGE_HELD,
};
use serde_json::{Value, json};

const USERS: &str = "/api/usercenter/userinfo";

/// A request with a session token and a JSON body; the status and JSON answer.
async fn send(
    s: &TestServer,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = s.client.request(method, s.url(path)).header("token", token);
    if let Some(b) = body {
        req = req.json(&b);
    }
    common::answer(req).await
}

async fn put(s: &TestServer, path: &str, token: &str, body: Value) -> (u16, Value) {
    send(s, reqwest::Method::PUT, path, token, Some(body)).await
}

async fn delete(s: &TestServer, path: &str, token: &str) -> (u16, Value) {
    send(s, reqwest::Method::DELETE, path, token, None).await
}

fn assert_ok(status: u16, body: &Value) {
    assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
}

/// The new-account form, its password sealed as the page seals it.
async fn new_account(s: &TestServer, username: &str, password: &str, extra: Value) -> Value {
    let (_, key) = s.get_json("/api/usercenter/publickey").await;
    let token = fresh_token();
    let sealed = rscloud::usercenter::seal::seal(
        key["data"]["publicKey"].as_str().expect("key"),
        password,
        &token,
    )
    .expect("seal");
    let mut form = json!({"username": username, "password": sealed, "token": token, "accountType": 1, "roles": []});
    if let (Some(f), Some(e)) = (form.as_object_mut(), extra.as_object()) {
        f.extend(e.clone());
    }
    form
}

/// Creates an account as `admin`; answers its id.
async fn create(s: &TestServer, admin: &str, username: &str, extra: Value) -> i64 {
    let form = new_account(s, username, "Office2025", extra).await;
    let (status, body) = s.post_json(USERS, Some(admin), &form).await;
    assert_ok(status, &body);
    body["data"]["id"].as_i64().expect("id")
}

/// The audit rows about a target, newest first.
async fn audit_of(s: &TestServer, admin: &str, target: &str) -> Vec<Value> {
    let (status, body) = s
        .get_as(&format!("/api/usercenter/audit?target={target}"), admin)
        .await;
    assert_ok(status, &body);
    body["data"]["list"].as_array().expect("list").clone()
}

async fn audit_total(s: &TestServer, admin: &str) -> i64 {
    let (_, body) = s.get_as("/api/usercenter/audit", admin).await;
    body["data"]["total"].as_i64().expect("total")
}

async fn detail(s: &TestServer, token: &str) -> (u16, Value) {
    s.get_as("/api/usercenter/detail", token).await
}

async fn id_of(s: &TestServer, token: &str) -> i64 {
    let (_, me) = detail(s, token).await;
    me["data"]["id"].as_i64().expect("id")
}

#[tokio::test]
async fn an_admin_creates_an_account_that_logs_in_with_its_roles_and_is_audited() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let (_, me) = detail(&s, &admin).await;
    assert_eq!(me["data"]["roles"], json!(["admin"]));

    let id = create(
        &s,
        &admin,
        "jingzhou_office",
        json!({"telephone": "13700000010", "roles": ["monitor"]}),
    )
    .await;
    let token = s.token_of("jingzhou_office", "Office2025").await;
    let (_, me) = detail(&s, &token).await;
    assert_eq!(me["data"]["roles"], json!(["monitor"]));
    assert_eq!(me["data"]["accountType"], 1);
    assert!(
        me["data"]["permissions"]
            .as_array()
            .expect("permissions")
            .contains(&json!("MOD_056"))
    );

    let rows = audit_of(&s, &admin, &format!("user:{id}")).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (&rows[0]["action"], &rows[0]["actor"]),
        (&json!("user.create"), &json!("admin"))
    );
    assert_eq!(rows[0]["before"], Value::Null);
    assert_eq!(rows[0]["after"]["username"], "jingzhou_office");
    assert_eq!(rows[0]["after"]["roles"], json!(["monitor"]));

    // Refusals write nothing.
    let before = audit_total(&s, &admin).await;
    let cases = [
        ("jingzhou_office", json!({}), 409, "用户名已被注册"),
        (
            "other_office",
            json!({"telephone": "13700000010"}),
            409,
            "该手机号已被注册",
        ),
        ("x", json!({}), 400, "用户名须为4-20位字母、数字或下划线"),
        (
            "other_office",
            json!({"roles": ["king"]}),
            400,
            "角色不存在：king",
        ),
        (
            "other_office",
            json!({"accountType": 9}),
            400,
            "账号类型不存在：9",
        ),
        (
            "other_office",
            json!({"email": "not-mail"}),
            400,
            "请输入正确的邮箱地址",
        ),
    ];
    for (name, extra, want, message) in cases {
        let form = new_account(&s, name, "Office2025", extra).await;
        let (status, body) = s.post_json(USERS, Some(&admin), &form).await;
        assert_error(status, &body, want, message);
    }
    let weak = new_account(&s, "other_office", "short", json!({})).await;
    let (status, body) = s.post_json(USERS, Some(&admin), &weak).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(audit_total(&s, &admin).await, before);
    let (_, list) = s.get_as(&format!("{USERS}?keyword=other"), &admin).await;
    assert_eq!(list["data"]["total"], 0, "no refused account was made");
}

#[tokio::test]
async fn a_disabled_account_loses_its_sessions_at_once_until_enabled() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let id = id_of(&s, &hubei).await;
    let path = format!("{USERS}/{id}/status");

    let (status, body) = put(&s, &path, &admin, json!({"status": 1})).await;
    assert_ok(status, &body);
    let (status, body) = detail(&s, &hubei).await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
    let (status, body) = s.login("hubei", "Hubei12345").await;
    assert_error(status, &body, 403, "账号已被禁用，请联系管理员");
    let (_, list) = s.get_as(&format!("{USERS}?status=1"), &admin).await;
    assert_eq!(list["data"]["list"][0]["username"], "hubei");

    // Disabling again changes nothing and records nothing.
    let (status, _) = put(&s, &path, &admin, json!({"status": 1})).await;
    assert_eq!(status, 200);
    let (status, body) = put(&s, &path, &admin, json!({"status": 0})).await;
    assert_ok(status, &body);
    s.token_of("hubei", "Hubei12345").await;

    let rows = audit_of(&s, &admin, &format!("user:{id}")).await;
    let actions: Vec<&str> = rows.iter().filter_map(|r| r["action"].as_str()).collect();
    assert_eq!(actions, ["user.enable", "user.disable"]);
    assert_eq!(rows[1]["before"], json!({"status": 0}));
    assert_eq!(rows[1]["after"], json!({"status": 1}));
    assert_eq!(rows[0]["before"], json!({"status": 1}));

    let (status, body) = put(&s, &path, &admin, json!({"status": 5})).await;
    assert_error(status, &body, 400, "账号状态无效：5（0 正常，1 禁用）");
    let (status, body) = put(
        &s,
        &format!("{USERS}/999999/status"),
        &admin,
        json!({"status": 1}),
    )
    .await;
    assert_error(status, &body, 404, NO_ACCOUNT);
}

#[tokio::test]
async fn an_admin_cannot_disable_or_demote_themself() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let me = id_of(&s, &admin).await;
    let before = audit_total(&s, &admin).await;
    let (status, body) = put(
        &s,
        &format!("{USERS}/{me}/status"),
        &admin,
        json!({"status": 1}),
    )
    .await;
    assert_error(status, &body, 409, CANNOT_DISABLE_SELF);
    let roles = format!("{USERS}/{me}/roles");
    let (status, body) = put(&s, &roles, &admin, json!({"roles": ["monitor"]})).await;
    assert_error(status, &body, 409, CANNOT_DEMOTE_SELF);
    let (status, body) = put(&s, &roles, &admin, json!({"roles": []})).await;
    assert_error(status, &body, 409, CANNOT_DEMOTE_SELF);
    let (_, still) = detail(&s, &admin).await;
    assert_eq!(still["data"]["roles"], json!(["admin"]));
    assert_eq!(audit_total(&s, &admin).await, before);
    // Adding a role beside admin is fine.
    let (status, body) = put(&s, &roles, &admin, json!({"roles": ["monitor", "admin"]})).await;
    assert_ok(status, &body);
    assert_eq!(body["data"], json!(["admin", "monitor"]));
}

#[tokio::test]
async fn roles_and_permissions_take_effect_at_the_next_request_and_are_audited() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let person = s.token_of("person", "Person12345").await;
    let id = id_of(&s, &person).await;

    let perms = format!("{USERS}/{id}/permissions");
    let (status, body) = put(
        &s,
        &perms,
        &admin,
        json!({"codes": ["MOD_061", "MOD_061_DISPLAY"]}),
    )
    .await;
    assert_ok(status, &body);
    let (_, me) = detail(&s, &person).await;
    assert_eq!(
        me["data"]["permissions"],
        json!(["MOD_061", "MOD_061_DISPLAY"])
    );

    let roles = format!("{USERS}/{id}/roles");
    let (status, body) = put(&s, &roles, &admin, json!({"roles": ["monitor"]})).await;
    assert_ok(status, &body);
    let (_, me) = detail(&s, &person).await;
    assert_eq!(me["data"]["roles"], json!(["monitor"]));
    assert!(
        me["data"]["permissions"]
            .as_array()
            .expect("list")
            .contains(&json!("MOD_056"))
    );

    let (status, body) = put(&s, &perms, &admin, json!({"codes": ["MOD_999"]})).await;
    assert_error(status, &body, 400, "权限不存在：MOD_999");
    let (status, body) = put(&s, &roles, &admin, json!({"roles": ["king"]})).await;
    assert_error(status, &body, 400, "角色不存在：king");
    let (status, body) = put(
        &s,
        &format!("{USERS}/999999/roles"),
        &admin,
        json!({"roles": []}),
    )
    .await;
    assert_error(status, &body, 404, NO_ACCOUNT);

    let (status, body) = put(&s, &perms, &admin, json!({"codes": []})).await;
    assert_ok(status, &body);
    let (_, list) = s.get_as(&format!("{USERS}?keyword=person"), &admin).await;
    assert_eq!(list["data"]["list"][0]["permissions"], json!([]));
    assert_eq!(list["data"]["list"][0]["roles"], json!(["monitor"]));

    let rows = audit_of(&s, &admin, &format!("user:{id}")).await;
    let actions: Vec<&str> = rows.iter().filter_map(|r| r["action"].as_str()).collect();
    assert_eq!(
        actions,
        ["user.permissions", "user.roles", "user.permissions"]
    );
    assert_eq!(rows[1]["before"], json!({"roles": ["person"]}));
    assert_eq!(rows[1]["after"], json!({"roles": ["monitor"]}));
    assert_eq!(rows[2]["before"], json!({"permissions": []}));
    assert_eq!(
        rows[2]["after"],
        json!({"permissions": ["MOD_061", "MOD_061_DISPLAY"]})
    );
    assert_eq!(rows[0]["after"], json!({"permissions": []}));
}

/// Any logged-in caller reads the tables (the personal centre names the
/// caller's own type and roles); only changing accounts needs an administrator.
#[tokio::test]
async fn the_tables_the_forms_choose_from_are_readable_by_any_user() {
    let s = TestServer::start().await;
    let person = s.token_of("person", "Person12345").await;
    let (_, perms) = s.get_as("/api/usercenter/permission", &person).await;
    assert!(
        perms["data"]
            .as_array()
            .expect("list")
            .contains(&json!({"code": "MOD_061", "name": "购物车与订单"}))
    );
    let (_, roles) = s.get_as("/api/usercenter/role", &person).await;
    let codes: Vec<&str> = roles["data"]
        .as_array()
        .expect("roles")
        .iter()
        .filter_map(|r| r["code"].as_str())
        .collect();
    assert_eq!(codes, ["admin", "monitor", "person", "editor"]);
    assert_eq!(roles["data"][2]["permissions"], json!([]));
    assert_eq!(roles["data"][3]["permissions"], json!([]));
    let (_, types) = s.get_as("/api/usercenter/nodetype", &person).await;
    assert_eq!(types["data"][0], json!({"code": 0, "name": "个人用户"}));
    let (status, body) = s.get_as(USERS, &person).await;
    assert_error(status, &body, 403, "仅系统管理员可以进行此操作");
}

#[tokio::test]
async fn the_account_list_filters_by_keyword_status_and_role_and_pages() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    s.token_of("hubei", "Hubei12345").await;
    let names = |body: &Value| -> Vec<String> {
        body["data"]["list"]
            .as_array()
            .expect("list")
            .iter()
            .filter_map(|a| a["username"].as_str().map(str::to_owned))
            .collect()
    };
    let (_, all) = s.get_as(USERS, &admin).await;
    assert_eq!(all["data"]["total"], 5);
    assert_eq!(
        names(&all),
        ["admin", "hubei", "screen", "editor", "person"]
    );
    let hubei = &all["data"]["list"][1];
    assert_eq!(hubei["ranges"][0]["regionId"], "420000");
    assert!(hubei["lastLoginAt"].is_i64(), "{hubei}");
    assert!(hubei["createdAt"].is_string());

    let (_, found) = s.get_as(&format!("{USERS}?keyword=UBE"), &admin).await;
    assert_eq!(names(&found), ["hubei"]);
    let (_, none) = s.get_as(&format!("{USERS}?keyword=%25"), &admin).await;
    assert_eq!(none["data"]["total"], 0, "% is a character, not a wildcard");
    let (_, monitors) = s.get_as(&format!("{USERS}?role=monitor"), &admin).await;
    assert_eq!(names(&monitors), ["hubei", "screen"]);
    let (_, paged) = s
        .get_as(&format!("{USERS}?pageNum=2&pageSize=3"), &admin)
        .await;
    assert_eq!(
        (names(&paged).len(), &paged["data"]["total"]),
        (2, &json!(5))
    );
    let (status, body) = s.get_as(&format!("{USERS}?status=7"), &admin).await;
    assert_error(status, &body, 400, "账号状态无效：7（0 正常，1 禁用）");
}

/// A server whose boundaries hold 湖北省 and 武汉市 (two rectangles written here).
async fn server_with_regions() -> TestServer {
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| json!({"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]});
    let feature = |code: &str, name: &str, geometry: Value| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": geometry});
    let regions = json!({"type": "FeatureCollection", "features": [
        feature("420000", "湖北省", rect(108.3, 29.0, 116.1, 33.3)),
        feature("420100", "武汉市", rect(113.7, 29.9, 115.1, 31.4)),
    ]});
    let work = tempfile::tempdir().expect("tempdir");
    let file = work.path().join("regions.geojson");
    std::fs::write(&file, regions.to_string()).expect("write regions");
    let data = tempfile::tempdir().expect("data dir");
    import(data.path(), &["regions"], &[file]);
    TestServer::start_in(data, |_| {}).await
}

#[tokio::test]
async fn area_ranges_are_added_with_their_names_and_removed_by_id() {
    let s = server_with_regions().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let person = s.token_of("person", "Person12345").await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let id = id_of(&s, &person).await;
    let add = format!("/api/usercenter/arearange/userid/{id}");
    let own = format!("/api/usercenter/arearange/userid/{id}/0");

    let (status, body) = s
        .post_json(&add, Some(&admin), &json!({"regionId": "420100"}))
        .await;
    assert_ok(status, &body);
    assert_eq!(body["data"]["name"], "武汉市");
    let range = body["data"]["id"].as_i64().expect("range id");
    let (_, mine) = s.get_as(&own, &person).await;
    assert_eq!(mine["data"][0]["regionId"], "420100");
    let (status, theirs) = s.get_as(&own, &admin).await;
    assert_eq!(
        (status, &theirs["data"][0]["regionId"]),
        (200, &json!("420100")),
        "an administrator reads anyone's ranges"
    );
    let (status, body) = s.get_as(&own, &hubei).await;
    assert_error(status, &body, 403, "无查看信息权限，请联系管理员");

    let (status, body) = s
        .post_json(&add, Some(&admin), &json!({"regionId": "420100"}))
        .await;
    assert_error(status, &body, 409, RANGE_HELD);
    for bad in ["990000", "42", ""] {
        let (status, body) = s
            .post_json(&add, Some(&admin), &json!({"regionId": bad}))
            .await;
        assert_error(status, &body, 400, &format!("行政区不存在：{bad}"));
    }
    let (status, body) = s
        .post_json(
            "/api/usercenter/arearange/userid/999999",
            Some(&admin),
            &json!({"regionId": "420000"}),
        )
        .await;
    assert_error(status, &body, 404, NO_ACCOUNT);
    // The country needs no boundary of its own.
    let (status, body) = s
        .post_json(&add, Some(&admin), &json!({"regionId": "100000"}))
        .await;
    assert_ok(status, &body);
    assert_eq!(body["data"]["name"], "全国");

    let (status, body) = delete(&s, &format!("/api/usercenter/arearange/id/{range}"), &admin).await;
    assert_ok(status, &body);
    let (_, mine) = s.get_as(&own, &person).await;
    assert_eq!(mine["data"].as_array().map(Vec::len), Some(1));
    let (status, body) = delete(&s, &format!("/api/usercenter/arearange/id/{range}"), &admin).await;
    assert_error(status, &body, 404, NO_RANGE_ROW);

    let rows = audit_of(&s, &admin, &format!("user:{id}")).await;
    let actions: Vec<&str> = rows.iter().filter_map(|r| r["action"].as_str()).collect();
    assert_eq!(
        actions,
        ["user.range.remove", "user.range.add", "user.range.add"]
    );
    assert_eq!(
        rows[0]["before"],
        json!({"id": range, "regionId": "420100"})
    );
    assert_eq!(rows[2]["after"], json!({"id": range, "regionId": "420100"}));
}

#[tokio::test]
async fn a_new_phone_number_needs_the_code_sent_to_it() {
    let s = TestServer::start().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let person = s.token_of("person", "Person12345").await;
    create(
        &s,
        &admin,
        "holder_office",
        json!({"telephone": "13700000020", "email": "holder@example.cn"}),
    )
    .await;

    let (status, body) = send_code(&s, "telephone", "13700000020", "change").await;
    assert_error(status, &body, 409, "该手机号已被注册");
    let phone = "13700000021";
    let (status, body) = send_code(&s, "telephone", phone, "change").await;
    assert_ok(status, &body);
    assert!(last_sms(&s, phone).contains("绑定新手机号"));
    let code = sms_code(&s, phone);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, body) = put(
        &s,
        "/api/usercenter/telephone",
        &person,
        json!({"telephone": phone, "code": wrong}),
    )
    .await;
    assert_error(status, &body, 400, "验证码错误或已失效，请重新获取");
    let (status, body) = put(
        &s,
        "/api/usercenter/telephone",
        &person,
        json!({"telephone": phone, "code": code}),
    )
    .await;
    assert_ok(status, &body);
    let (_, me) = detail(&s, &person).await;
    assert_eq!(me["data"]["telephone"]["value"], phone);
    s.token_of(phone, "Person12345").await;

    let cases = [
        (
            "/api/usercenter/telephone",
            json!({"telephone": "13700000020", "code": "123456"}),
            409,
            "该手机号已被注册",
        ),
        (
            "/api/usercenter/telephone",
            json!({"telephone": phone, "code": "123456"}),
            400,
            "新手机号与当前手机号相同",
        ),
        (
            "/api/usercenter/telephone",
            json!({"telephone": "123", "code": "123456"}),
            400,
            "请输入正确的手机号码",
        ),
        (
            "/api/usercenter/telephone",
            json!({"telephone": "13700000022", "code": ""}),
            400,
            "请输入验证码",
        ),
        (
            "/api/usercenter/email",
            json!({"email": "HOLDER@example.cn", "code": "123456"}),
            409,
            "该邮箱已被注册",
        ),
        (
            "/api/usercenter/email",
            json!({"email": "not-mail", "code": "123456"}),
            400,
            "请输入正确的邮箱地址",
        ),
        (
            "/api/usercenter/email",
            json!({"email": "new@example.cn", "code": "123456"}),
            400,
            "验证码错误或已失效，请重新获取",
        ),
    ];
    for (path, form, want, message) in cases {
        let (status, body) = put(&s, path, &person, form).await;
        assert_error(status, &body, want, message);
    }
    let (status, body) = send_code(&s, "email", "holder@example.cn", "change").await;
    assert_error(status, &body, 409, "该邮箱已被注册");
    let (status, body) = put(
        &s,
        "/api/usercenter/telephone",
        "no-such-token",
        json!({"telephone": phone, "code": "123456"}),
    )
    .await;
    assert_error(status, &body, 401, "登录已过期，请重新登录！");
}

#[tokio::test]
async fn the_login_history_lists_the_callers_successful_and_failed_attempts() {
    let s = TestServer::start().await;
    let (status, _) = s.login("hubei", "Wrong12345").await;
    assert_eq!(status, 400);
    let hubei = s.token_of("hubei", "Hubei12345").await;
    s.token_of("person", "Person12345").await;
    s.login("nobody_here", "Wrong12345").await;

    let (status, body) = s.get_as("/api/usercenter/loginhistory", &hubei).await;
    assert_ok(status, &body);
    assert_eq!(body["data"]["total"], 2, "{body}");
    let list = &body["data"]["list"];
    assert_eq!(
        (&list[0]["ok"], &list[1]["ok"]),
        (&json!(true), &json!(false))
    );
    assert_eq!(list[0]["address"], "127.0.0.1");
    assert!(list[0]["at"].as_i64() >= list[1]["at"].as_i64());

    let (_, page) = s
        .get_as("/api/usercenter/loginhistory?pageNum=2&pageSize=1", &hubei)
        .await;
    assert_eq!(page["data"]["list"][0]["ok"], false);
    let (status, body) = s
        .get_as("/api/usercenter/loginhistory?pageSize=0", &hubei)
        .await;
    assert_eq!(status, 400, "{body}");
}
