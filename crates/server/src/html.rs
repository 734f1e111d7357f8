//! Rich text written by editors (news bodies, editable pages, FAQ answers):
//! sanitised on an allow-list before it is stored, and read as plain text for
//! summaries and search.

use std::collections::HashSet;
use std::sync::LazyLock;

/// The sanitiser: ammonia's allow-list of tags and attributes (no `script`,
/// `style`, `iframe`, no `on*` attribute), with links and images only to
/// http, https and mailto addresses or paths on this server, and every link
/// opened without the opener.
static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.url_schemes(HashSet::from(["http", "https", "mailto"]))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer"))
        .add_tag_attributes("img", ["width", "height"])
        .add_tags(["figure", "figcaption"]);
    b
});

/// A body as it may be stored and shown: only allowed tags, attributes and addresses.
pub fn sanitize(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

/// Largest rich text after sanitising, bytes (a long article with its markup).
pub const MAX_BODY: usize = 200 * 1024;

/// `html` sanitised, or the Chinese refusal when it is over `max` bytes.
///
/// Sanitising costs time in the size of the input, so an input over twice the
/// limit is refused before it is parsed.
pub fn sanitize_bounded(html: &str, max: usize) -> Result<String, crate::error::AppError> {
    let too_long = || crate::error::AppError::bad_request(format!("正文不能超过{}KB", max / 1024));
    if html.len() > 2 * max {
        return Err(too_long());
    }
    let clean = sanitize(html);
    if clean.len() > max {
        return Err(too_long());
    }
    Ok(clean)
}

/// The visible text of sanitised HTML: tags dropped, the common entities read.
pub fn plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known XSS vectors (OWASP's cheat sheet and html5sec.org): none may survive.
    const VECTORS: &[&str] = &[
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<svg onload=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<a href=\" javascript:alert(1)\">x</a>",
        "<iframe src=\"https://example.com\"></iframe>",
        "<img src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\">",
        "<body onload=alert(1)>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<object data=\"javascript:alert(1)\"></object>",
        "<form action=\"javascript:alert(1)\"><button>x</button></form>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<details open ontoggle=alert(1)>",
        "<<script>script>alert(1)<</script>/script>",
        "<base href=\"javascript:/\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    ];

    #[test]
    fn scripts_event_attributes_and_bad_addresses_never_survive() {
        for vector in VECTORS {
            let clean = sanitize(vector).to_lowercase();
            for bad in [
                "<script",
                "onerror",
                "onload",
                "ontoggle",
                "javascript:",
                "vbscript:",
                "<iframe",
                "<object",
                "<form",
                "<base",
                "<meta",
                "data:",
                "style=",
            ] {
                assert!(!clean.contains(bad), "{vector} → {clean}");
            }
        }
    }

    #[test]
    fn ordinary_rich_text_is_kept() {
        let html = "<h2>高分一号</h2><p>影像<strong>已更新</strong>，见<a href=\"https://example.cn/a\">公告</a>。</p><img src=\"/api/news/v3/file/abc\" alt=\"图\">";
        let clean = sanitize(html);
        assert!(clean.contains("<h2>高分一号</h2>"), "{clean}");
        assert!(clean.contains("<strong>已更新</strong>"));
        assert!(clean.contains("href=\"https://example.cn/a\""));
        assert!(clean.contains("rel=\"noopener noreferrer\""));
        assert!(clean.contains("src=\"/api/news/v3/file/abc\""), "{clean}");
        assert_eq!(
            plain(&clean).split_whitespace().collect::<String>(),
            "高分一号影像已更新，见公告。"
        );
    }
}
