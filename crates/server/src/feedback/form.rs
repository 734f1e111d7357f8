//! What a piece of feedback and an answer may hold: the rules, with no HTTP and no SQL.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

/// Longest feedback text and answer, characters.
pub const MAX_TEXT: usize = 2000;
/// Longest contact, characters (a telephone number, an e-mail address, a name).
pub const MAX_CONTACT: usize = 100;
/// Pieces one user may send within [`WINDOW_SECS`]: plenty for a person with
/// something to say, too few to flood the editors' list.
pub const MAX_PER_WINDOW: i64 = 10;
/// The window of [`MAX_PER_WINDOW`], seconds (an hour).
pub const WINDOW_SECS: i64 = 3600;

/// What the feedback is about: a fixed list, sent and stored by its Chinese name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Category {
    /// Wrong, missing or late data.
    #[serde(rename = "数据问题")]
    Data,
    /// Something the platform should do.
    #[serde(rename = "功能建议")]
    Suggestion,
    /// Something that does not work.
    #[serde(rename = "系统故障")]
    Fault,
    /// Anything else.
    #[serde(rename = "其他")]
    Other,
}

impl Category {
    /// Its Chinese name, as stored.
    pub fn name(self) -> &'static str {
        match self {
            Self::Data => "数据问题",
            Self::Suggestion => "功能建议",
            Self::Fault => "系统故障",
            Self::Other => "其他",
        }
    }
}

/// The trimmed text, or the Chinese refusal: `what` may not be empty nor longer than `max`.
pub fn text(value: &str, what: &str, max: usize) -> Result<String, AppError> {
    let t = value.trim();
    if t.is_empty() {
        return Err(AppError::bad_request(format!("{what}不能为空")));
    }
    if t.chars().count() > max {
        return Err(AppError::bad_request(format!("{what}不能超过{max}个字")));
    }
    Ok(t.to_owned())
}

/// The trimmed contact ('' when not given), or the Chinese refusal.
pub fn contact(value: Option<&str>) -> Result<String, AppError> {
    let c = value.unwrap_or("").trim();
    if c.chars().count() > MAX_CONTACT {
        return Err(AppError::bad_request(format!(
            "联系方式不能超过{MAX_CONTACT}个字"
        )));
    }
    Ok(c.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_required_and_bounded_in_characters_not_bytes() {
        assert_eq!(text("  好  ", "反馈内容", 3).expect("ok"), "好");
        assert_eq!(
            text(" \n ", "反馈内容", 3).expect_err("empty").to_string(),
            "反馈内容不能为空"
        );
        assert!(text("三个字", "反馈内容", 3).is_ok());
        assert_eq!(
            text("四个字了", "反馈内容", 3)
                .expect_err("long")
                .to_string(),
            "反馈内容不能超过3个字"
        );
        assert_eq!(contact(None).expect("none"), "");
        assert!(contact(Some(&"1".repeat(MAX_CONTACT + 1))).is_err());
    }

    #[test]
    fn categories_travel_by_their_chinese_names() {
        for c in [
            Category::Data,
            Category::Suggestion,
            Category::Fault,
            Category::Other,
        ] {
            let wire = serde_json::to_string(&c).expect("json");
            assert_eq!(wire, format!("\"{}\"", c.name()));
            assert_eq!(serde_json::from_str::<Category>(&wire).expect("back"), c);
        }
        assert!(serde_json::from_str::<Category>("\"投诉\"").is_err());
    }
}
