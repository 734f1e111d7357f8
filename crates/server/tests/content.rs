//! Editable pages, the FAQ and uploaded files over HTTP: what visitors read
//! and download (with ranges), what editors write (sanitised, typed by
//! content, bounded, audited), and that nobody else writes.

mod common;

use common::{TestServer, assert_error, multipart};
use serde_json::{Value, json};

async fn delete(s: &TestServer, path: &str, token: &str) -> (u16, Value) {
    common::answer(s.client.delete(s.url(path)).header("token", token)).await
}

async fn upload(
    s: &TestServer,
    token: &str,
    fields: &[(&str, &str)],
    file: Option<(&str, &[u8])>,
) -> (u16, Value) {
    let (content_type, body) = multipart(fields, file);
    common::answer(
        s.client
            .post(s.url("/api/share/v2/manage"))
            .header("token", token)
            .header("content-type", content_type)
            .body(body),
    )
    .await
}

async fn audit_actions(s: &TestServer, target: &str) -> Vec<String> {
    let admin = s.token_of("admin", "Admin12345").await;
    let (_, log) = s
        .get_as(
            &format!("/api/usercenter/audit?target={target}&pageSize=50"),
            &admin,
        )
        .await;
    assert!(
        log["data"]["list"]
            .as_array()
            .expect("log")
            .iter()
            .all(|r| r["actor"] == "editor")
    );
    let mut actions: Vec<String> = log["data"]["list"]
        .as_array()
        .expect("log")
        .iter()
        .map(|r| r["action"].as_str().expect("action").to_owned())
        .collect();
    actions.sort_unstable();
    actions
}

#[tokio::test]
async fn visitors_read_pages_and_editors_alone_write_them_sanitised() {
    let s = TestServer::start().await;
    let (status, page) = s
        .get_json("/api/page/v1/page/platformIntro%2Fdescription")
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["title"], "平台简介");
    assert_eq!(page["data"]["demo"], true);
    assert!(
        page["data"]["body"]
            .as_str()
            .expect("body")
            .contains("演示内容")
    );

    let (status, body) = s
        .get_json("/api/page/v1/page/satellite%2Fchinese%2Fgf1")
        .await;
    assert_error(status, &body, 404, "页面不存在");
    let (status, body) = s.get_json("/api/page/v1/page/..%2Fetc").await;
    assert_eq!(status, 400, "{body}");

    let path = "/api/page/v1/manage/page/satellite%2Fchinese%2Fgf1";
    let input = json!({"title": " 高分一号 ", "body": "<h2>概况</h2><p onmouseover=\"x()\">2013年发射<script>alert(1)</script></p><a href=\"javascript:alert(1)\">链接</a>"});
    let (status, _) = s.put_json(path, "no-such-token", &input).await;
    assert_eq!(status, 401);
    let person = s.token_of("person", "Person12345").await;
    let (status, body) = s.put_json(path, &person, &input).await;
    assert_error(status, &body, 403, "仅内容编辑可以进行此操作");

    // The console's preview shows what saving would store, and stores nothing.
    let editor = s.token_of("editor", "Editor12345").await;
    let raw = json!({"html": input["body"]});
    let (status, body) = s
        .post_json("/api/page/v1/manage/preview", Some(&person), &raw)
        .await;
    assert_error(status, &body, 403, "仅内容编辑可以进行此操作");
    let (status, previewed) = s
        .post_json("/api/page/v1/manage/preview", Some(&editor), &raw)
        .await;
    assert_eq!(status, 200, "{previewed}");
    let (status, _) = s
        .get_json("/api/page/v1/page/satellite%2Fchinese%2Fgf1")
        .await;
    assert_eq!(status, 404, "a preview is not a save");

    let (status, stored) = s.put_json(path, &editor, &input).await;
    assert_eq!(status, 200, "{stored}");
    assert_eq!(stored["data"]["title"], "高分一号");
    assert_eq!(stored["data"]["updatedBy"], "editor");
    let body = stored["data"]["body"].as_str().expect("body");
    assert_eq!(
        body,
        "<h2>概况</h2><p>2013年发射</p><a rel=\"noopener noreferrer\">链接</a>"
    );
    assert_eq!(
        previewed["data"]["html"], body,
        "the preview is what was stored"
    );

    let (_, read) = s
        .get_json("/api/page/v1/page/satellite%2Fchinese%2Fgf1")
        .await;
    assert_eq!(read["data"]["body"], body);
    assert_eq!(read["data"]["demo"], false);

    let (status, bad) = s
        .put_json(path, &editor, &json!({"title": "  ", "body": ""}))
        .await;
    assert_error(status, &bad, 400, "标题不能为空");
    let huge = "<p>长</p>".repeat(60_000);
    let (status, bad) = s
        .put_json(path, &editor, &json!({"title": "t", "body": huge}))
        .await;
    assert_error(status, &bad, 400, "正文不能超过200KB");
    let (status, bad) = s
        .post_json(
            "/api/page/v1/manage/preview",
            Some(&editor),
            &json!({"html": huge}),
        )
        .await;
    assert_error(status, &bad, 400, "正文不能超过200KB");

    let (status, list) = s.get_as("/api/page/v1/manage/page", &editor).await;
    assert_eq!(status, 200);
    let slugs: Vec<&str> = list["data"]
        .as_array()
        .expect("pages")
        .iter()
        .map(|p| p["slug"].as_str().expect("slug"))
        .collect();
    assert!(
        slugs.contains(&"satellite/chinese/gf1") && slugs.contains(&"software/landsis"),
        "{slugs:?}"
    );
    let (status, _) = s.get_as("/api/page/v1/manage/page", &person).await;
    assert_eq!(status, 403);

    assert_eq!(
        audit_actions(&s, "page:satellite/chinese/gf1").await,
        ["page.update"]
    );
}

#[tokio::test]
async fn the_faq_is_searched_in_chinese_and_kept_by_editors() {
    let s = TestServer::start().await;
    let (status, all) = s.get_json("/api/page/v1/faq").await;
    assert_eq!(status, 200);
    let all = all["data"].as_array().expect("faq").clone();
    assert_eq!(all.len(), 10);
    let sorts: Vec<i64> = all
        .iter()
        .map(|f| f["sort"].as_i64().expect("sort"))
        .collect();
    assert!(sorts.windows(2).all(|w| w[0] <= w[1]));

    let (_, found) = s.get_json("/api/page/v1/faq?q=%E5%AF%86%E7%A0%81").await; // 密码
    let found = found["data"].as_array().expect("found");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["question"], "忘记密码怎么办？");
    let (_, none) = s.get_json("/api/page/v1/faq?q=%E6%98%9F%E9%99%85").await; // 星际
    assert_eq!(none["data"].as_array().expect("none").len(), 0);
    let long = "长".repeat(51);
    let (status, _) = s.get_json(&format!("/api/page/v1/faq?q={long}")).await;
    assert_eq!(status, 400);

    let editor = s.token_of("editor", "Editor12345").await;
    let person = s.token_of("person", "Person12345").await;
    let entry = json!({"question": "如何查看推送的影像？", "answer": "<p>在<b>推送</b>列表中查看<img src=x onerror=alert(1)></p>", "sort": 5});
    let (status, _) = s
        .post_json("/api/page/v1/manage/faq", Some(&person), &entry)
        .await;
    assert_eq!(status, 403);
    let (status, made) = s
        .post_json("/api/page/v1/manage/faq", Some(&editor), &entry)
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["data"]["id"].as_i64().expect("id");
    assert_eq!(
        made["data"]["answer"],
        "<p>在<b>推送</b>列表中查看<img src=\"x\"></p>"
    );
    let (_, all) = s.get_json("/api/page/v1/faq").await;
    assert_eq!(all["data"][1]["id"], id, "sort 5 comes after sort 0");

    let changed =
        json!({"question": "如何查看推送影像？", "answer": "<p>见个人中心</p>", "sort": 1000});
    let (status, after) = s
        .put_json(&format!("/api/page/v1/manage/faq/{id}"), &editor, &changed)
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["data"]["question"], "如何查看推送影像？");
    let (status, gone) = delete(&s, &format!("/api/page/v1/manage/faq/{id}"), &editor).await;
    assert_eq!((status, &gone["data"]), (200, &json!(true)));
    let (status, body) = delete(&s, &format!("/api/page/v1/manage/faq/{id}"), &editor).await;
    assert_error(status, &body, 404, "问题不存在或已删除");
    let (status, body) = s
        .put_json(&format!("/api/page/v1/manage/faq/{id}"), &editor, &changed)
        .await;
    assert_error(status, &body, 404, "问题不存在或已删除");

    assert_eq!(
        audit_actions(&s, &format!("faq:{id}")).await,
        ["faq.create", "faq.delete", "faq.update"]
    );
}

/// A form's text field: name and value.
type Field<'a> = (&'a str, &'a str);
/// A form's file: name and bytes.
type Upload<'a> = (&'a str, &'a [u8]);

/// A small real PNG (1 × 1, one grey pixel).
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\0\0\0\0:~\x9bU\0\0\0\nIDATx\x9cc\xf8\x0f\0\x01\x01\x01\0\x18\xdd\x8d\xb0\0\0\0\0IEND\xaeB`\x82";

#[tokio::test]
async fn editors_upload_typed_files_that_everyone_downloads_with_ranges() {
    let s = TestServer::start().await;
    let editor = s.token_of("editor", "Editor12345").await;
    let fields = [("category", "image"), ("title", "卫星影像示例")];
    let (status, made) = upload(&s, &editor, &fields, Some(("影像 示例.png", PNG))).await;
    assert_eq!(status, 200, "{made}");
    let file = &made["data"];
    assert_eq!(file["mime"], "image/png");
    assert_eq!(file["size"], PNG.len());
    assert_eq!(file["name"], "影像 示例.png");
    let url = file["url"].as_str().expect("url").to_owned();

    let whole = s.client.get(s.url(&url)).send().await.expect("get");
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["content-type"], "image/png");
    assert_eq!(
        whole.headers()["content-disposition"],
        "inline; filename=\"__ __.png\"; filename*=UTF-8''%E5%BD%B1%E5%83%8F%20%E7%A4%BA%E4%BE%8B.png"
    );
    assert_eq!(whole.bytes().await.expect("bytes").as_ref(), PNG);

    // A part, asked by a browser that accepts gzip: exactly those bytes, not compressed.
    let part = s
        .client
        .get(s.url(&url))
        .header("range", "bytes=8-15")
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .expect("range");
    assert_eq!(part.status(), 206);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 8-15/{}", PNG.len())
    );
    assert!(part.headers().get("content-encoding").is_none());
    assert_eq!(part.bytes().await.expect("bytes").as_ref(), &PNG[8..16]);
    let beyond = s
        .client
        .get(s.url(&url))
        .header("range", "bytes=5000-6000")
        .send()
        .await
        .expect("range");
    assert_eq!(beyond.status(), 416);

    let (status, listed) = s.get_json("/api/share/v2?category=image").await;
    assert_eq!(status, 200);
    assert_eq!(listed["data"]["total"], 1);
    assert_eq!(listed["data"]["list"][0]["title"], "卫星影像示例");

    let id = file["id"].as_i64().expect("id");
    let person = s.token_of("person", "Person12345").await;
    let (status, _) = delete(&s, &format!("/api/share/v2/manage/{id}"), &person).await;
    assert_eq!(status, 403);
    let (status, _) = delete(&s, &format!("/api/share/v2/manage/{id}"), &editor).await;
    assert_eq!(status, 200);
    let (status, body) = s.get_json(&url).await;
    assert_error(status, &body, 404, "文件不存在或已删除");
    assert!(!s.data_dir.join("files").join(id.to_string()).exists());
    assert_eq!(
        audit_actions(&s, &format!("file:{id}")).await,
        ["file.delete", "file.upload"]
    );
}

#[tokio::test]
async fn an_upload_is_refused_for_its_content_size_category_or_caller_and_leaves_nothing() {
    let s = TestServer::start().await;
    let editor = s.token_of("editor", "Editor12345").await;
    let image = [("category", "image")];
    let cases: [(&[Field], Option<Upload>, &str); 7] = [
        (
            &image,
            Some(("x.png", b"<html><script>alert(1)</script>")),
            "文件内容与扩展名 .png 不符",
        ),
        (
            &image,
            Some(("x.html", b"<html>")),
            "不支持的文件类型，可上传：png、jpg、jpeg、gif、webp",
        ),
        (
            &image,
            Some(("x.pdf", b"%PDF-1.4")),
            "不支持的文件类型，可上传：png、jpg、jpeg、gif、webp",
        ),
        (&image, Some(("x.png", b"")), "文件为空"),
        (&image, None, "请选择要上传的文件"),
        (&[], Some(("x.png", PNG)), "请选择文件类别"),
        (
            &[("category", "secret")],
            Some(("x.png", PNG)),
            "文件类别无效：应为 application、course、paper、image、attachment、software 或 typical",
        ),
    ];
    for (fields, file, message) in cases {
        let (status, body) = upload(&s, &editor, fields, file).await;
        assert_error(status, &body, 400, message);
    }
    // An image over 10 MB is refused as it streams in.
    let big = [PNG, &vec![0u8; 10 << 20]].concat();
    let (status, body) = upload(&s, &editor, &image, Some(("big.png", &big))).await;
    assert_error(status, &body, 400, "文件超过 10 MB");
    let (status, body) = upload(
        &s,
        &editor,
        &[("category", "image"), ("owner", "../x")],
        Some(("x.png", PNG)),
    )
    .await;
    assert_eq!(status, 400, "{body}");

    let person = s.token_of("person", "Person12345").await;
    let (status, body) = upload(&s, &person, &image, Some(("x.png", PNG))).await;
    assert_error(status, &body, 403, "仅内容编辑可以进行此操作");
    let (status, _) = upload(&s, "no-such-token", &image, Some(("x.png", PNG))).await;
    assert_eq!(status, 401);

    let (_, listed) = s.get_json("/api/share/v2?category=image").await;
    assert_eq!(listed["data"]["total"], 0);
    let leftovers: Vec<_> = std::fs::read_dir(s.data_dir.join("files"))
        .expect("files folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[tokio::test]
async fn the_demo_lists_shared_documents_and_a_download_for_each_software() {
    let s = TestServer::start().await;
    for category in ["application", "course", "paper"] {
        let (status, page) = s
            .get_json(&format!("/api/share/v2?category={category}&pageSize=10"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(page["data"]["total"], 3, "{category}");
        let first = &page["data"]["list"][0];
        assert_eq!(first["mime"], "application/pdf");
        let pdf = s
            .client
            .get(s.url(first["url"].as_str().expect("url")))
            .send()
            .await
            .expect("pdf");
        assert!(
            pdf.headers()["content-disposition"]
                .to_str()
                .expect("ascii")
                .starts_with("attachment;")
        );
        assert!(pdf.bytes().await.expect("bytes").starts_with(b"%PDF-1.4"));
    }
    let (_, software) = s
        .get_json("/api/share/v2?category=software&owner=LandSIS")
        .await;
    assert_eq!(software["data"]["total"], 1);
    assert_eq!(software["data"]["list"][0]["version"], "1.0.0");
    let (status, _) = s
        .get_json("/api/share/v2?category=software&owner=a%20b")
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_footer_learns_the_configured_app_download() {
    let s = TestServer::start().await;
    let (_, none) = s.get_json("/api/client-package").await;
    assert_eq!(none["data"], json!({"url": null, "version": null}));
    let s = TestServer::start_with(|c| {
        c.client_package_url = Some("https://rs.example.cn/app/rscloud.apk".into());
        c.client_package_version = Some("2.1.0".into());
    })
    .await;
    let (_, set) = s.get_json("/api/client-package").await;
    assert_eq!(
        set["data"],
        json!({"url": "https://rs.example.cn/app/rscloud.apk", "version": "2.1.0"})
    );
}
