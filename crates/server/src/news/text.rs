//! The words of news items that full-text search indexes and looks for (bodies
//! are sanitised before they are stored, by `crate::html`).
//!
//! Chinese is written without spaces, and SQLite's tokenizers split only on
//! them: a run of Chinese would be one word, found only whole. The index
//! therefore holds every pair of neighbouring characters of a Chinese run (and
//! a lone character as itself), and Latin words and numbers as they are; a
//! search for `遥感卫星` looks for the pairs 遥感, 感卫, 卫星 together, which
//! finds any text containing it. This is what Lucene's CJK analyzer does;
//! the index is the plain table `news_word` (migration 0013).

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
