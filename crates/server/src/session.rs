//! The caller's session token, read from the `token` request header in one place.
//!
//! Accounts resolve it to a user (issue 3); here an unknown or absent token is
//! simply an anonymous caller, never an error.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::convert::Infallible;

/// Longest token accepted; anything longer is not one of ours.
const MAX_TOKEN_LEN: usize = 256;

/// The `token` header, when present and shaped like a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionToken(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for SessionToken {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get("token")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|t| {
                !t.is_empty() && t.len() <= MAX_TOKEN_LEN && t.bytes().all(|b| b.is_ascii_graphic())
            })
            .map(str::to_owned);
        Ok(Self(token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    async fn read(header: Option<&str>) -> SessionToken {
        let mut req = Request::builder();
        if let Some(h) = header {
            req = req.header("token", h);
        }
        let (mut parts, ()) = req.body(()).expect("request").into_parts();
        let Ok(token) = SessionToken::from_request_parts(&mut parts, &()).await;
        token
    }

    #[tokio::test]
    async fn token_header_is_read_and_junk_is_anonymous() {
        assert_eq!(
            read(Some(" abc123 ")).await,
            SessionToken(Some("abc123".into()))
        );
        assert_eq!(read(None).await, SessionToken(None));
        assert_eq!(read(Some("")).await, SessionToken(None));
        assert_eq!(read(Some("has space")).await, SessionToken(None));
        assert_eq!(read(Some(&"x".repeat(300))).await, SessionToken(None));
    }
}
