//! Cart, orders, data requests, their administration and delivery, over HTTP
//! against the real server on a small generated demo catalogue.

mod common;

use common::{TestServer, assert_error};
use rscloud::usercenter::admin::{self, NewUser};
use serde_json::{Value, json};

/// A server with a few hundred demo scenes (online and offline, with
/// quick-looks to deliver) and a cart cap of 6.
async fn server() -> TestServer {
    TestServer::start_with(|c| {
        c.demo_scenes = 300;
        c.cart_cap = 6;
    })
    .await
}

/// Demo scene ids that are online (`true`) or offline (`false`), `n` of them.
fn scenes(server: &TestServer, online: bool, n: usize) -> Vec<String> {
    let conn = rusqlite::Connection::open(server.database()).expect("open");
    let ids: Vec<String> = conn
        .prepare("SELECT scene_id FROM scene WHERE online = ?1 ORDER BY fid LIMIT ?2")
        .expect("prepare")
        .query_map(rusqlite::params![online, n as i64], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(
        ids.len(),
        n,
        "the demo catalogue has {n} scenes online={online}"
    );
    ids
}

/// A second provincial account holding the cart permission, and its token.
async fn other_user(server: &TestServer) -> String {
    server
        .state
        .db
        .call(|c| {
            let id = admin::add_user(
                c,
                &NewUser {
                    username: "hunan",
                    password: "Hunan12345",
                    ..NewUser::default()
                },
            );
            Ok(id.map(|_| {
                admin::grant(c, "hunan", &["monitor".into()]).expect("grant");
                admin::add_ranges(c, "hunan", &["430000".into()]).expect("range");
            }))
        })
        .await
        .expect("db")
        .expect("user");
    server.token_of("hunan", "Hunan12345").await
}

async fn add(server: &TestServer, token: &str, ids: &[String]) -> (u16, Value) {
    server
        .post_json("/api/order/v3/ordercart", Some(token), &json!({"ids": ids}))
        .await
}

async fn order(server: &TestServer, token: &str, ids: &[String]) -> (u16, Value) {
    let body =
        json!({"ids": ids, "purpose": "2026年度国土变更调查", "usage": "1", "delivery": "1"});
    server
        .post_json("/api/order/v3/order", Some(token), &body)
        .await
}

async fn admin_act(
    server: &TestServer,
    token: &str,
    kind: &str,
    id: i64,
    action: &str,
) -> (u16, Value) {
    let path = format!("/api/order/v3/manage/{kind}/{id}/{action}");
    server
        .post_json(&path, Some(token), &json!({"reason": "影像云量不满足要求"}))
        .await
}

#[tokio::test]
async fn the_cart_keeps_one_line_per_scene_refuses_offline_and_unknown_and_holds_its_cap() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let online = scenes(&s, true, 8);
    let offline = scenes(&s, false, 1);

    let mut ids = online[..3].to_vec();
    ids.push(offline[0].clone());
    ids.push("NO_SUCH_SCENE".into());
    let (status, body) = add(&s, &hubei, &ids).await;
    assert_eq!(status, 200, "{body}");
    let d = &body["data"];
    assert_eq!(
        (
            d["added"].as_i64(),
            d["already"].as_i64(),
            d["count"].as_i64()
        ),
        (Some(3), Some(0), Some(3))
    );
    assert_eq!(d["offline"], json!([offline[0]]));
    assert_eq!(d["missing"], json!(["NO_SUCH_SCENE"]));

    // Twice: one line each.
    let (_, body) = add(&s, &hubei, &online[..3]).await;
    assert_eq!(
        (
            body["data"]["added"].as_i64(),
            body["data"]["already"].as_i64()
        ),
        (Some(0), Some(3))
    );
    let (_, count) = s.get_as("/api/order/v3/ordercart/count", &hubei).await;
    assert_eq!(count["data"], 3);

    // Past the cap of 6: refused whole, nothing added.
    let (status, body) = add(&s, &hubei, &online[3..8]).await;
    assert_error(
        status,
        &body,
        400,
        "购物车最多存放6景影像，当前已有3景，本次最多还能加入3景",
    );
    let (_, count) = s.get_as("/api/order/v3/ordercart/count", &hubei).await;
    assert_eq!(count["data"], 3);

    // The list shows each scene's facts and availability, paged.
    let (_, page) = s
        .get_as("/api/order/v3/ordercart/own?pageNum=1&pageSize=2", &hubei)
        .await;
    assert_eq!(page["data"]["total"], 3);
    assert_eq!(page["data"]["list"].as_array().expect("list").len(), 2);
    assert_eq!(page["data"]["list"][0]["availability"], "online");
    assert!(page["data"]["list"][0]["scene"]["satellite"].is_string());

    // A scene that leaves the catalogue stays, shown as missing.
    let gone = online[0].clone();
    rusqlite::Connection::open(s.database())
        .expect("open")
        .execute("DELETE FROM scene WHERE scene_id = ?1", [&gone])
        .expect("delete");
    let (_, page) = s.get_as("/api/order/v3/ordercart/own", &hubei).await;
    let line = page["data"]["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|l| l["sceneId"] == gone.as_str())
        .expect("still listed");
    assert_eq!(line["availability"], "missing");
    assert!(line["scene"].is_null());

    let (status, body) = s
        .delete_json("/api/order/v3/ordercart", &hubei, &json!({"ids": [gone]}))
        .await;
    assert_eq!(
        (
            status,
            body["data"]["removed"].as_i64(),
            body["data"]["count"].as_i64()
        ),
        (200, Some(1), Some(2))
    );
    let (_, all) = s.get_as("/api/order/v3/ordercart/allids", &hubei).await;
    assert_eq!(all["data"].as_array().expect("ids").len(), 2);

    // The cart is the caller's own: another user's is empty.
    let hunan = other_user(&s).await;
    let (_, count) = s.get_as("/api/order/v3/ordercart/count", &hunan).await;
    assert_eq!(count["data"], 0);
}

#[tokio::test]
async fn an_order_moves_only_along_its_state_machine_with_history_and_audit() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin_token = s.token_of("admin", "Admin12345").await;
    let ids = scenes(&s, true, 3);
    add(&s, &hubei, &ids).await;

    // Checks before anything is written.
    let (status, body) = s
        .post_json(
            "/api/order/v3/order",
            Some(&hubei),
            &json!({"ids": ids, "purpose": " ", "usage": "1", "delivery": "1"}),
        )
        .await;
    assert_error(status, &body, 400, "请填写用途说明");
    let (status, body) = s
        .post_json(
            "/api/order/v3/order",
            Some(&hubei),
            &json!({"ids": ids, "purpose": "调查", "usage": "77", "delivery": "1"}),
        )
        .await;
    assert_error(status, &body, 400, "请选择使用方式");

    let (status, body) = order(&s, &hubei, &ids).await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().expect("id");
    assert_eq!(body["data"]["statusLabel"], "待审核");
    assert_eq!(body["data"]["items"], 3);
    assert!(
        body["data"]["code"]
            .as_str()
            .expect("code")
            .starts_with("DD")
    );
    let (_, count) = s.get_as("/api/order/v3/ordercart/count", &hubei).await;
    assert_eq!(count["data"], 0, "ordered lines leave the cart");

    // The owner cannot approve; a rejection needs a reason.
    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/manage/order/{id}/approve"),
            Some(&hubei),
            &json!({}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/manage/order/{id}/reject"),
            Some(&admin_token),
            &json!({}),
        )
        .await;
    assert_error(status, &body, 400, "请填写原因");
    // An action orders do not have.
    let (status, _) = admin_act(&s, &admin_token, "order", id, "complete").await;
    assert_eq!(status, 400);
    // Delivering before approval skips states.
    let (status, body) = admin_act(&s, &admin_token, "order", id, "deliver").await;
    assert_error(
        status,
        &body,
        409,
        "订单当前状态为「待审核」，不能执行此操作",
    );

    for (action, label) in [
        ("approve", "审核通过"),
        ("process", "生产中"),
        ("deliver", "已完成"),
    ] {
        let (status, body) = admin_act(&s, &admin_token, "order", id, action).await;
        assert_eq!(status, 200, "{action}: {body}");
        assert_eq!(body["data"]["record"]["statusLabel"], label);
    }
    let (status, body) = admin_act(&s, &admin_token, "order", id, "approve").await;
    assert_error(
        status,
        &body,
        409,
        "订单当前状态为「已完成」，不能执行此操作",
    );
    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/order/{id}/cancel"),
            Some(&hubei),
            &json!({}),
        )
        .await;
    assert_error(
        status,
        &body,
        409,
        "订单当前状态为「已完成」，不能执行此操作",
    );

    // The history, as the owner sees it.
    let (_, detail) = s
        .get_as(&format!("/api/order/v3/detail/{id}"), &hubei)
        .await;
    let history: Vec<(&str, &str)> = detail["data"]["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|h| {
            (
                h["label"].as_str().expect("label"),
                h["actor"].as_str().expect("actor"),
            )
        })
        .collect();
    assert_eq!(
        history,
        [
            ("待审核", "hubei"),
            ("审核通过", "admin"),
            ("生产中", "admin"),
            ("已完成", "admin")
        ]
    );
    assert!(detail["data"]["record"]["expiresAt"].as_i64().is_some());

    // Each administrative move is in the audit log, with before and after.
    let (_, audit) = s
        .get_as("/api/usercenter/audit?action=order.", &admin_token)
        .await;
    let rows = audit["data"]["list"].as_array().expect("rows");
    let actions: Vec<&str> = rows
        .iter()
        .map(|r| r["action"].as_str().expect("a"))
        .collect();
    assert_eq!(actions, ["order.deliver", "order.process", "order.approve"]);
    assert_eq!(rows[2]["before"]["label"], "待审核");
    assert_eq!(rows[2]["after"]["label"], "审核通过");
    assert_eq!(rows[2]["actor"], "admin");

    // Own lists and counts.
    let (_, own) = s.get_as("/api/order/v3/own?status=3", &hubei).await;
    assert_eq!(own["data"]["total"], 1);
    let (_, own) = s.get_as("/api/order/v3/own/status/0", &hubei).await;
    assert_eq!(own["data"]["total"], 0);
    let (_, counts) = s.get_as("/api/order/v3/count", &hubei).await;
    assert_eq!(
        counts["data"],
        json!([{"status": 3, "label": "已完成", "count": 1}])
    );
    let (_, all) = s.get_as("/api/order/v3/own/allids", &hubei).await;
    assert_eq!(all["data"], json!([id]));
}

#[tokio::test]
async fn the_owner_cancels_while_it_waits_and_an_administrator_rejects_with_a_reason() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin_token = s.token_of("admin", "Admin12345").await;
    let ids = scenes(&s, true, 2);
    add(&s, &hubei, &ids).await;
    let (_, first) = order(&s, &hubei, &ids[..1]).await;
    let (_, second) = order(&s, &hubei, &ids[1..]).await;
    let (first, second) = (
        first["data"]["id"].as_i64().expect("id"),
        second["data"]["id"].as_i64().expect("id"),
    );

    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/order/{first}/cancel"),
            Some(&hubei),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["record"]["statusLabel"], "已取消");

    let (status, body) = admin_act(&s, &admin_token, "order", second, "reject").await;
    assert_eq!(status, 200, "{body}");
    let (_, detail) = s
        .get_as(&format!("/api/order/v3/detail/{second}"), &hubei)
        .await;
    assert_eq!(detail["data"]["record"]["reason"], "影像云量不满足要求");
    assert_eq!(detail["data"]["actions"], json!([]));
    let (_, all) = s
        .get_as("/api/order/v3/manage/order?keyword=hubei", &admin_token)
        .await;
    assert_eq!(all["data"]["total"], 2);
}

#[tokio::test]
async fn another_users_order_is_not_found_and_shows_nothing() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let ids = scenes(&s, true, 1);
    add(&s, &hubei, &ids).await;
    let (_, body) = order(&s, &hubei, &ids).await;
    let id = body["data"]["id"].as_i64().expect("id");

    let hunan = other_user(&s).await;
    for path in [
        format!("/api/order/v3/detail/{id}"),
        format!("/api/order/v3/orderitem?orderId={id}"),
        format!("/api/order/v3/exporturi/{id}"),
    ] {
        let (status, body) = s.get_as(&path, &hunan).await;
        assert_error(status, &body, 404, "订单不存在");
    }
    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/order/{id}/cancel"),
            Some(&hunan),
            &json!({}),
        )
        .await;
    assert_error(status, &body, 404, "订单不存在");
    let (_, own) = s.get_as("/api/order/v3/own", &hunan).await;
    assert_eq!(own["data"]["total"], 0);
    // Another user's cart lines cannot be ordered either.
    let more = scenes(&s, true, 2);
    add(&s, &hubei, &more[1..]).await;
    let (status, body) = order(&s, &hunan, &more[1..]).await;
    assert_eq!(status, 409, "{body}");
    // Still waiting for the owner.
    let (_, detail) = s
        .get_as(&format!("/api/order/v3/detail/{id}"), &hubei)
        .await;
    assert_eq!(detail["data"]["record"]["statusLabel"], "待审核");

    // The same for data requests.
    let offline = scenes(&s, false, 1);
    let (_, created) = s
        .post_json(
            "/api/order/v3/request",
            Some(&hubei),
            &json!({"ids": offline, "purpose": "历史影像", "usage": "1"}),
        )
        .await;
    let request = created["data"]["id"].as_i64().expect("request id");
    for path in [
        format!("/api/order/v3/request/detail/{request}"),
        format!("/api/order/v3/requestitem?requestId={request}"),
    ] {
        let (status, body) = s.get_as(&path, &hunan).await;
        assert_error(status, &body, 404, "数据申请不存在");
    }
    let (status, body) = s
        .post_json(
            &format!("/api/order/v3/request/{request}/cancel"),
            Some(&hunan),
            &json!({}),
        )
        .await;
    assert_error(status, &body, 404, "数据申请不存在");
    // A request id is not an order id.
    let (status, _) = s
        .get_as(&format!("/api/order/v3/detail/{request}"), &hubei)
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_same_cart_submitted_twice_at_once_makes_one_order() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let ids = scenes(&s, true, 4);
    add(&s, &hubei, &ids).await;
    let (a, b) = tokio::join!(order(&s, &hubei, &ids), order(&s, &hubei, &ids));
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} {}", a.1, b.1);
    let (_, own) = s.get_as("/api/order/v3/own", &hubei).await;
    assert_eq!(own["data"]["total"], 1);
    assert_eq!(own["data"]["list"][0]["items"], 4);
}

/// Delivers an order of `n` online scenes for hubei; answers (order id, hubei's token, admin's token).
async fn delivered(s: &TestServer, n: usize) -> (i64, String, String) {
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin_token = s.token_of("admin", "Admin12345").await;
    let ids = scenes(s, true, n);
    add(s, &hubei, &ids).await;
    let (_, body) = order(s, &hubei, &ids).await;
    let id = body["data"]["id"].as_i64().expect("id");
    for action in ["approve", "process", "deliver"] {
        let (status, body) = admin_act(s, &admin_token, "order", id, action).await;
        assert_eq!(status, 200, "{action}: {body}");
    }
    (id, hubei, admin_token)
}

#[tokio::test]
async fn signed_links_download_with_ranges_and_stop_at_a_wrong_signature_expiry_or_withdrawal() {
    let s = server().await;
    let (id, hubei, admin_token) = delivered(&s, 2).await;
    let (_, items) = s
        .get_as(&format!("/api/order/v3/orderitem?orderId={id}"), &hubei)
        .await;
    let list = items["data"]["list"].as_array().expect("items");
    assert_eq!(list.len(), 2);
    let url = list[0]["url"]
        .as_str()
        .expect("a link once delivered")
        .to_owned();

    // No session needed; the demo product is the scene's quick-look PNG.
    let whole = s.client.get(&url).send().await.expect("download");
    assert_eq!(whole.status(), 200);
    assert!(
        whole.headers()["content-disposition"]
            .to_str()
            .expect("header")
            .starts_with("attachment; filename=\"")
    );
    let bytes = whole.bytes().await.expect("body");
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    // Resuming: a range answers 206 with those bytes.
    let part = s
        .client
        .get(&url)
        .header("range", "bytes=8-107")
        .send()
        .await
        .expect("range");
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await.expect("body").as_ref(), &bytes[8..108]);
    let beyond = s
        .client
        .get(&url)
        .header("range", format!("bytes={}-", bytes.len() + 10))
        .send()
        .await
        .expect("range");
    let status = beyond.status().as_u16();
    let body: Value = beyond.json().await.expect("json");
    assert_error(status, &body, 416, "请求的文件范围无效");

    // A forged or altered link is refused.
    let (_, query) = url.split_once('?').expect("query");
    let item = list[0]["id"].as_i64().expect("item");
    let other_item = list[1]["id"].as_i64().expect("item");
    for forged in [
        url.replace("sign=", "sign=x"),
        url.replace(&format!("/{item}?"), &format!("/{other_item}?")),
        url.replace("expires=", "expires=1"),
    ] {
        let r = s.client.get(&forged).send().await.expect("forged");
        let status = r.status().as_u16();
        let body: Value = r.json().await.expect("json");
        assert_error(status, &body, 403, "下载链接无效");
    }
    // A correctly signed link past its expiry is refused.
    let past = 1_000_000_000;
    let sign = s.state.delivery.sign(id, item, past);
    let r = s
        .client
        .get(s.url(&format!(
            "/api/order/v3/download/{id}/{item}?expires={past}&sign={sign}"
        )))
        .send()
        .await
        .expect("expired");
    let status = r.status().as_u16();
    let body: Value = r.json().await.expect("json");
    assert_error(status, &body, 403, "下载链接已过期，请联系管理员");
    assert!(query.contains("expires="));

    // The link lists: plain, aria2 and a resuming script.
    let list_of = |format: &'static str| {
        let s = &s;
        let hubei = hubei.clone();
        async move {
            let r = s
                .client
                .get(s.url(&format!("/api/order/v3/exporturi/{id}?format={format}")))
                .header("token", hubei)
                .send()
                .await
                .expect("exporturi");
            assert_eq!(r.status(), 200);
            r.text().await.expect("text")
        }
    };
    let txt = list_of("txt").await;
    assert_eq!(txt.lines().count(), 2);
    assert!(txt.lines().any(|l| l == url));
    let sh = list_of("sh").await;
    assert!(sh.starts_with("#!/bin/sh") && sh.contains("curl -fL --retry 3 -C -"));
    let aria = list_of("aria2").await;
    assert!(aria.contains(&format!("{url}\n  out=")));

    // Withdrawn: every link stops at once, and so do the lists.
    let (status, body) = admin_act(&s, &admin_token, "order", id, "withdraw").await;
    assert_eq!(status, 200, "{body}");
    let r = s.client.get(&url).send().await.expect("withdrawn");
    let status = r.status().as_u16();
    let body: Value = r.json().await.expect("json");
    assert_error(status, &body, 403, "订单已撤回，下载链接已失效");
    let (status, body) = s
        .get_as(&format!("/api/order/v3/exporturi/{id}"), &hubei)
        .await;
    assert_error(
        status,
        &body,
        409,
        "订单当前状态为「已撤回」，没有可下载的文件",
    );
    let (_, items) = s
        .get_as(&format!("/api/order/v3/orderitem?orderId={id}"), &hubei)
        .await;
    assert!(items["data"]["list"][0]["url"].is_null());
}

#[tokio::test]
async fn a_product_missing_from_the_delivery_folder_stops_the_delivery() {
    // Not a demo server: nothing is generated, and the fixture's products are not there.
    let s = TestServer::start_with(|c| {
        c.demo_scenes = 300;
    })
    .await;
    let ids = scenes(&s, true, 1);
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin_token = s.token_of("admin", "Admin12345").await;
    add(&s, &hubei, &ids).await;
    let (_, body) = order(&s, &hubei, &ids).await;
    let id = body["data"]["id"].as_i64().expect("id");
    admin_act(&s, &admin_token, "order", id, "approve").await;
    admin_act(&s, &admin_token, "order", id, "process").await;
    // Take the demo flag away: the scene is now a real product without a file.
    rscloud::db::connect(&s.database())
        .expect("open")
        .execute("UPDATE scene SET demo = 0", [])
        .expect("update");
    let (status, body) = admin_act(&s, &admin_token, "order", id, "deliver").await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .expect("message")
            .starts_with("以下产品文件不在交付目录中，无法交付："),
        "{body}"
    );
    let (_, detail) = s
        .get_as(&format!("/api/order/v3/detail/{id}"), &hubei)
        .await;
    assert_eq!(
        detail["data"]["record"]["statusLabel"], "生产中",
        "nothing changed"
    );

    // Once the file is in the folder, it is delivered.
    let (_, items) = s
        .get_as(&format!("/api/order/v3/orderitem?orderId={id}"), &hubei)
        .await;
    let name = items["data"]["list"][0]["fileName"].as_str().expect("name");
    let folder = s.data_dir.join("delivery");
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(folder.join(name), b"product bytes").expect("product");
    let (status, body) = admin_act(&s, &admin_token, "order", id, "deliver").await;
    assert_eq!(status, 200, "{body}");
    let (_, items) = s
        .get_as(&format!("/api/order/v3/orderitem?orderId={id}"), &hubei)
        .await;
    let url = items["data"]["list"][0]["url"].as_str().expect("url");
    let got = s.client.get(url).send().await.expect("download");
    assert_eq!(got.bytes().await.expect("body").as_ref(), b"product bytes");
}

#[tokio::test]
async fn a_data_request_brings_offline_scenes_back_online_to_be_ordered() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin_token = s.token_of("admin", "Admin12345").await;
    let offline = scenes(&s, false, 2);
    let online = scenes(&s, true, 1);

    let body = |ids: &[String]| json!({"ids": ids, "purpose": "历史影像对比", "usage": "2"});
    let (status, refused) = s
        .post_json("/api/order/v3/request", Some(&hubei), &body(&online))
        .await;
    assert_eq!(status, 400, "{refused}");
    let (status, created) = s
        .post_json("/api/order/v3/request", Some(&hubei), &body(&offline))
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["data"]["id"].as_i64().expect("id");
    assert!(
        created["data"]["code"]
            .as_str()
            .expect("code")
            .starts_with("SQ")
    );
    assert_eq!(created["data"]["statusLabel"], "待处理");
    let (_, items) = s
        .get_as(&format!("/api/order/v3/requestitem?requestId={id}"), &hubei)
        .await;
    assert_eq!(items["data"]["total"], 2);

    // Requests have their own actions.
    let (status, _) = admin_act(&s, &admin_token, "request", id, "approve").await;
    assert_eq!(status, 400);
    for action in ["accept", "complete"] {
        let (status, body) = admin_act(&s, &admin_token, "request", id, action).await;
        assert_eq!(status, 200, "{action}: {body}");
    }
    let (_, detail) = s
        .get_as(&format!("/api/order/v3/request/detail/{id}"), &hubei)
        .await;
    assert_eq!(detail["data"]["record"]["statusLabel"], "已完成");

    // The scenes are online now: they go into the cart.
    let (_, added) = add(&s, &hubei, &offline).await;
    assert_eq!(added["data"]["added"], 2, "{added}");
    let (_, own) = s.get_as("/api/order/v3/request/own", &hubei).await;
    assert_eq!(own["data"]["total"], 1);
    let (_, audit) = s
        .get_as("/api/usercenter/audit?action=request.", &admin_token)
        .await;
    assert_eq!(audit["data"]["total"], 2);
}
