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
