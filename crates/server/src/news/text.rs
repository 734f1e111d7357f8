//! The text of news items: bodies sanitised on an allow-list before they are
//! stored, and the words that full-text search indexes and looks for.
//!
//! Chinese is written without spaces, and SQLite's tokenizers split only on
//! them: a run of Chinese would be one word, found only whole. The index
//! therefore holds every pair of neighbouring characters of a Chinese run (and
//! a lone character as itself), and Latin words and numbers as they are; a
//! search for `遥感卫星` looks for the pairs 遥感, 感卫, 卫星 together, which
//! finds any text containing it. This is what Lucene's CJK analyzer does;
//! the index is the plain table `news_word` (migration 0013).

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

/// Chinese, Japanese and Korean ideographs and syllables: the scripts written without spaces.
fn spaceless(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // kana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xAC00..=0xD7AF    // Hangul
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0x20000..=0x2FFFF) // CJK extensions B–F
}

/// The words of a text as the index holds them: pairs of neighbouring
/// characters of each spaceless run (a lone character as itself), and
/// lower-cased Latin words and numbers.
pub fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut run: Vec<char> = Vec::new();
    let mut latin = String::new();
    let flush_run = |run: &mut Vec<char>, words: &mut Vec<String>| {
        match run.len() {
            0 => {}
            1 => words.push(run[0].to_string()),
            _ => words.extend(run.windows(2).map(|w| w.iter().collect())),
        }
        run.clear();
    };
    for c in text.chars() {
        if spaceless(c) {
            if !latin.is_empty() {
                words.push(std::mem::take(&mut latin));
            }
            run.push(c);
        } else if c.is_alphanumeric() {
            flush_run(&mut run, &mut words);
            latin.extend(c.to_lowercase());
        } else {
            flush_run(&mut run, &mut words);
            if !latin.is_empty() {
                words.push(std::mem::take(&mut latin));
            }
        }
    }
    flush_run(&mut run, &mut words);
    if !latin.is_empty() {
        words.push(latin);
    }
    words
}

/// What a search looks for in the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// Items holding every one of these words (distinct, at most [`MAX_SEARCH_WORDS`]).
    All(Vec<String>),
    /// Items holding a word that starts with this character: a lone Chinese
    /// character is indexed only inside its pairs.
    Prefix(String),
}

/// Most words one search looks for (a 50-character keyword has at most 49 pairs).
pub const MAX_SEARCH_WORDS: usize = 64;

/// The search that finds texts containing `keyword`; `None` when it has no word.
pub fn query(keyword: &str) -> Option<Search> {
    let mut words = words(keyword);
    if words.len() == 1 && words[0].chars().count() == 1 && words[0].chars().all(spaceless) {
        return words.pop().map(Search::Prefix);
    }
    words.sort_unstable();
    words.dedup();
    words.truncate(MAX_SEARCH_WORDS);
    (!words.is_empty()).then_some(Search::All(words))
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

    #[test]
    fn chinese_is_indexed_by_pairs_and_latin_by_words() {
        assert_eq!(
            words("高分一号 GF-1 卫星"),
            ["高分", "分一", "一号", "gf", "1", "卫星"]
        );
        assert_eq!(words("云"), ["云"]);
        assert_eq!(words("Landsat8影像"), ["landsat8", "影像"]);
        assert_eq!(words("遥感卫星"), ["遥感", "感卫", "卫星"]);
    }

    #[test]
    fn a_search_needs_every_word_once_and_a_lone_character_starts_one() {
        let all = |w: &[&str]| Some(Search::All(w.iter().map(|s| (*s).to_owned()).collect()));
        assert_eq!(query("遥感卫星"), all(&["卫星", "感卫", "遥感"]));
        assert_eq!(query("卫星 卫星"), all(&["卫星"]));
        assert_eq!(query("云"), Some(Search::Prefix("云".into())));
        // What looks like query syntax is only words.
        assert_eq!(query("a\" OR *b"), all(&["a", "b", "or"]));
        assert_eq!(query("  ,。！ "), None);
    }
}
