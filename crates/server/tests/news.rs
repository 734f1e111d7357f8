//! News over HTTP: what visitors read (the demo's published items, lists with
//! pinned items first, the home page's sections, search in Chinese), what an
//! editor writes (sanitised, audited, invisible until published), and who may
//! write at all.

mod common;

use common::{TestServer, assert_error};
use serde_json::{Value, json};

fn list(body: &Value) -> &Vec<Value> {
    body["data"]["list"].as_array().expect("list")
}

#[tokio::test]
async fn visitors_read_published_items_newest_first_with_pinned_ones_on_top() {
    let s = TestServer::start().await;
    let (status, page) = s
        .get_json("/api/news/v3/news-v3?type=0&pageNum=1&pageSize=5")
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["total"], 20);
    let rows = list(&page);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0]["pinned"], true);
    // After the pinned one, newest first.
    let times: Vec<&str> = rows[1..]
        .iter()
        .map(|r| r["publishedAt"].as_str().expect("time"))
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");
    assert!(rows.iter().all(|r| r["type"] == 0 && r["demo"] == true));

    let (_, second) = s
        .get_json("/api/news/v3/news-v3?type=0&pageNum=2&pageSize=5")
        .await;
    let first_ids: Vec<&Value> = rows.iter().map(|r| &r["id"]).collect();
    assert!(list(&second).iter().all(|r| !first_ids.contains(&&r["id"])));

    let (status, home) = s.get_json("/api/news/v3/home").await;
    assert_eq!(status, 200);
    for (section, kind) in [("notice", 0), ("trend", 1), ("media", 5), ("geo", 2)] {
        let items = home["data"][section].as_array().expect(section);
        assert_eq!(items.len(), 6, "{section}");
        assert!(items.iter().all(|r| r["type"] == kind));
    }

    let id = rows[1]["id"].as_i64().expect("id");
    let (status, item) = s.get_json(&format!("/api/news/v3/id/{id}")).await;
    assert_eq!(status, 200);
    assert!(
        item["data"]["body"]
            .as_str()
            .expect("body")
            .contains("演示内容")
    );

    // Titles filter by containment; a bad type or page is refused in Chinese.
    let (_, titled) = s
        .get_json("/api/news/v3/news-v3?title=%E4%BE%8B%E8%A1%8C%E7%BB%B4%E6%8A%A4")
        .await;
    assert!(
        list(&titled)
            .iter()
            .all(|r| r["title"].as_str().expect("t").contains("例行维护"))
    );
    assert!(!list(&titled).is_empty());
    let (status, body) = s.get_json("/api/news/v3/news-v3?type=9").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .expect("message")
            .starts_with("新闻类型无效：9")
    );
    let (status, _) = s.get_json("/api/news/v3/news-v3?pageSize=101").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn search_finds_chinese_words_inside_titles_and_bodies() {
    let s = TestServer::start().await;
    // "耕地非农化" appears inside a longer run of Chinese in the demo's trend bodies.
    let (status, found) = s
        .get_json("/api/news/v3/s?keyword=%E8%80%95%E5%9C%B0%E9%9D%9E%E5%86%9C%E5%8C%96")
        .await;
    assert_eq!(status, 200, "{found}");
    assert!(found["data"]["total"].as_i64().expect("total") > 0);
    for r in list(&found) {
        let id = r["id"].as_i64().expect("id");
        let (_, item) = s.get_json(&format!("/api/news/v3/id/{id}")).await;
        let text = format!("{}{}", item["data"]["title"], item["data"]["body"]);
        assert!(text.contains("耕地非农化"), "{text}");
    }
    // Words that appear nowhere find nothing; query syntax typed is only text.
    let (_, none) = s
        .get_json("/api/news/v3/s?keyword=%E9%87%8F%E5%AD%90%E7%BA%A0%E7%BC%A0")
        .await;
    assert_eq!(none["data"]["total"], 0);
    let (status, odd) = s
        .get_json("/api/news/v3/s?keyword=%22%20OR%20*%20NEAR(")
        .await;
    assert_eq!(status, 200, "{odd}");
    let (status, body) = s.get_json("/api/news/v3/s").await;
    assert_error(status, &body, 400, "请输入搜索词");
    let long = "%E5%8D%AB".repeat(51);
    let (status, body) = s.get_json(&format!("/api/news/v3/s?keyword={long}")).await;
    assert_error(status, &body, 400, "搜索词不能超过50个字");
}

#[tokio::test]
async fn an_editor_writes_sanitised_items_that_visitors_see_only_once_published() {
    let s = TestServer::start().await;
    let editor = s.token_of("editor", "Editor12345").await;
    let (status, created) = s
        .post_json(
            "/api/news/v3/manage",
            Some(&editor),
            &json!({
                "type": 0,
                "title": "高分七号立体影像上线",
                "body": "<p onclick=\"steal()\">高分七号立体测绘影像已可查询。</p><script>alert(1)</script><a href=\"javascript:alert(1)\">链接</a><img src=\"x\" onerror=\"alert(1)\">",
                "author": "编辑部"
            }),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["data"]["id"].as_i64().expect("id");

    // A draft: the editor sees it, visitors do not.
    let (status, draft) = s
        .get_as(&format!("/api/news/v3/manage/{id}"), &editor)
        .await;
    assert_eq!(status, 200);
    assert_eq!(draft["data"]["published"], false);
    let body = draft["data"]["body"].as_str().expect("body");
    for bad in ["onclick", "<script", "javascript:", "onerror"] {
        assert!(!body.contains(bad), "{body}");
    }
    assert!(body.contains("高分七号立体测绘影像已可查询。"));
    assert_eq!(
        draft["data"]["summary"],
        "高分七号立体测绘影像已可查询。 链接"
    );
    let (status, body) = s.get_json(&format!("/api/news/v3/id/{id}")).await;
    assert_error(status, &body, 404, "新闻不存在或已撤回");

    // Published and pinned: first in its list, found by search.
    let (status, _) = s
        .put_json(
            &format!("/api/news/v3/manage/{id}/published"),
            &editor,
            &json!({"value": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .put_json(
            &format!("/api/news/v3/manage/{id}/pinned"),
            &editor,
            &json!({"value": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, page) = s.get_json("/api/news/v3/news-v3?type=0&pageSize=3").await;
    let pinned: Vec<&Value> = list(&page).iter().filter(|r| r["pinned"] == true).collect();
    assert!(pinned.iter().any(|r| r["id"] == id), "{page}");
    let (_, found) = s
        .get_json("/api/news/v3/s?keyword=%E7%AB%8B%E4%BD%93%E6%B5%8B%E7%BB%98")
        .await;
    assert!(list(&found).iter().any(|r| r["id"] == id));

    // Edited: the index follows the new text.
    let (status, edited) = s
        .put_json(
            &format!("/api/news/v3/manage/{id}"),
            &editor,
            &json!({"type": 0, "title": "高分七号影像服务说明", "body": "<p>服务说明</p>"}),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["data"]["published"], true);
    let (_, old_words) = s
        .get_json("/api/news/v3/s?keyword=%E7%AB%8B%E4%BD%93%E6%B5%8B%E7%BB%98")
        .await;
    assert!(!list(&old_words).iter().any(|r| r["id"] == id));

    // Withdrawn, then deleted.
    s.put_json(
        &format!("/api/news/v3/manage/{id}/published"),
        &editor,
        &json!({"value": false}),
    )
    .await;
    let (status, _) = s.get_json(&format!("/api/news/v3/id/{id}")).await;
    assert_eq!(status, 404);
    let (status, _) = common::answer(
        s.client
            .delete(s.url(&format!("/api/news/v3/manage/{id}")))
            .header("token", &editor),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .get_as(&format!("/api/news/v3/manage/{id}"), &editor)
        .await;
    assert_eq!(status, 404);

    // Every change is in the audit log with the editor's name.
    let admin = s.token_of("admin", "Admin12345").await;
    let (_, log) = s
        .get_as(
            &format!("/api/usercenter/audit?target=news:{id}&pageSize=50"),
            &admin,
        )
        .await;
    let mut actions: Vec<&str> = list(&log)
        .iter()
        .map(|r| r["action"].as_str().expect("action"))
        .collect();
    actions.sort_unstable();
    assert_eq!(
        actions,
        [
            "news.create",
            "news.delete",
            "news.pin",
            "news.publish",
            "news.unpublish",
            "news.update"
        ]
    );
    assert!(list(&log).iter().all(|r| r["actor"] == "editor"));
}

#[tokio::test]
async fn only_editors_write_and_bad_items_are_refused_with_what_to_fix() {
    let s = TestServer::start().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let item = json!({"type": 0, "title": "不应出现", "body": "x"});
    let (status, body) = s
        .post_json("/api/news/v3/manage", Some(&hubei), &item)
        .await;
    assert_error(status, &body, 403, "仅内容编辑可以进行此操作");
    let (_, found) = s
        .get_json("/api/news/v3/news-v3?title=%E4%B8%8D%E5%BA%94")
        .await;
    assert_eq!(found["data"]["total"], 0);

    let editor = s.token_of("editor", "Editor12345").await;
    for (bad, message) in [
        (json!({"type": 0, "title": "  "}), "标题不能为空"),
        (
            json!({"type": 0, "title": "t".repeat(201)}),
            "标题不能超过200个字",
        ),
        (
            json!({"type": 0, "title": "t", "cover": "javascript:alert(1)"}),
            "封面地址无效：应为 http(s) 地址或本站路径",
        ),
        (
            json!({"type": 0, "title": "t", "body": "<p>x</p>".repeat(60_000)}),
            "正文不能超过200KB",
        ),
    ] {
        let (status, body) = s
            .post_json("/api/news/v3/manage", Some(&editor), &bad)
            .await;
        assert_error(status, &body, 400, message);
    }
    let (status, body) = s
        .put_json(
            "/api/news/v3/manage/999999/published",
            &editor,
            &json!({"value": true}),
        )
        .await;
    assert_error(status, &body, 404, "新闻不存在或已撤回");
}
