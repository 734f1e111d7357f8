//! Serving the built app: redirects, history fallback, cache policy, compression.

mod common;

use common::{ASSET, TestServer};

#[tokio::test]
async fn root_and_bare_base_redirect_to_home() {
    let s = TestServer::start().await;
    for path in ["/", "/chinese"] {
        let r = s.client.get(s.url(path)).send().await.expect("request");
        assert!(r.status().is_redirection(), "{path}: {}", r.status());
        assert_eq!(r.headers()["location"], "/chinese/home", "{path}");
    }
}

#[tokio::test]
async fn any_app_path_answers_index_html_uncached() {
    let s = TestServer::start().await;
    for path in [
        "/chinese/",
        "/chinese/home",
        "/chinese/platform/platformIntro/description",
        "/chinese/nonexistent",
    ] {
        let r = s.client.get(s.url(path)).send().await.expect("request");
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(r.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            r.text().await.expect("body").contains("<div id=root>"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn fingerprinted_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let s = TestServer::start().await;
    let r = s.client.get(s.url(ASSET)).send().await.expect("request");
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let missing = s
        .client
        .get(s.url("/chinese/assets/gone-000000.js"))
        .send()
        .await
        .expect("request");
    assert_eq!(missing.status(), 404);
    assert!(missing.headers().get("cache-control").is_none());
    assert_eq!(missing.text().await.expect("body"), "404 文件不存在");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_a_request_id() {
    let s = TestServer::start().await;
    for path in [
        "/chinese/home",
        ASSET,
        "/api/dict/STEELPLANT_META_STAGE",
        "/api/nope",
    ] {
        let r = s
            .client
            .get(s.url(path))
            .header("x-request-id", "forged-id")
            .send()
            .await
            .expect("request");
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'self'"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "SAMEORIGIN", "{path}");
        assert_eq!(h["referrer-policy"], "same-origin", "{path}");
        let id = h["x-request-id"].to_str().expect("ascii");
        assert!(
            !id.contains("forged"),
            "a client cannot name its request in our logs"
        );
    }
}

#[tokio::test]
async fn api_answers_are_not_stored_by_caches_unless_they_say_otherwise() {
    let s = TestServer::start().await;
    // The public key and every usercenter answer: tokens and personal data.
    for path in [
        "/api/usercenter/publickey",
        "/api/usercenter/detail",
        "/api/nope",
    ] {
        let r = s.client.get(s.url(path)).send().await.expect("request");
        assert_eq!(r.headers()["cache-control"], "no-store", "{path}");
    }
    // The app's own policies stay.
    let r = s
        .client
        .get(s.url("/chinese/home"))
        .send()
        .await
        .expect("request");
    assert_eq!(r.headers()["cache-control"], "no-cache");
}

#[tokio::test]
async fn an_overlong_address_gets_a_414_envelope() {
    let s = TestServer::start().await;
    let long = format!("/api/region/v2/id/{}", "9".repeat(10_000));
    let r = s.client.get(s.url(&long)).send().await.expect("request");
    assert_eq!(r.status(), 414);
    let body: serde_json::Value = r.json().await.expect("envelope");
    assert_eq!(body["code"], 414);
    assert_eq!(body["message"], "请求地址过长");
}

#[tokio::test]
async fn responses_are_compressed_when_the_browser_accepts_it() {
    let s = TestServer::start().await;
    for encoding in ["gzip", "br"] {
        let r = s
            .client
            .get(s.url(ASSET))
            .header("accept-encoding", encoding)
            .send()
            .await
            .expect("request");
        assert_eq!(r.headers()["content-encoding"], encoding);
    }
}
