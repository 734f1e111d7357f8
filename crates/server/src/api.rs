//! The `/api` edge: the envelope every answer travels in, and extractors that
//! turn malformed JSON, query strings and paths into the same envelope (400).

use std::net::{IpAddr, SocketAddr};

use axum::{
    Json,
    extract::{ConnectInfo, FromRequest, FromRequestParts},
    http::request::Parts,
    response::{IntoResponse, Response},
};
use ipnet::IpNet;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::AppError;
use crate::state::AppState;

/// The body of every `/api` answer: `code` 0 on success, else the HTTP status,
/// `message` the Chinese text to show, `data` the payload.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 0 on success; 2 on login when the password must be changed; otherwise the HTTP status.
    pub code: i32,
    /// Empty on success; the Chinese message for the user otherwise.
    pub message: String,
    /// The payload; on a 400 it may carry `{detail}` for developers.
    pub data: T,
}

/// The success envelope around a payload: `Ok(ok(data))` in a handler.
pub fn ok<T: Serialize>(data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        code: 0,
        message: String::new(),
        data,
    })
}

/// What a handler returns.
pub type ApiResult<T> = Result<Json<Envelope<T>>, AppError>;

/// A page of a list asked for by `pageNum` (from 1) and `pageSize` (1–100);
/// both have the spec's defaults (§9: 1 and 20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// The page, from 1.
    pub num: u32,
    /// Rows per page.
    pub size: u32,
}

/// The refusal of a page outside the bounds.
pub const BAD_PAGE: &str = "分页参数无效：pageNum 从 1 开始，pageSize 为 1–100";

impl Paging {
    /// The page asked for, defaults filled in; 400 outside the bounds.
    pub fn of(page_num: Option<u32>, page_size: Option<u32>) -> Result<Self, AppError> {
        let num = page_num.unwrap_or(1);
        let size = page_size.unwrap_or(20);
        if num == 0 || !(1..=100).contains(&size) {
            return Err(AppError::bad_request(BAD_PAGE));
        }
        Ok(Self { num, size })
    }

    /// Rows before this page (SQL `OFFSET`).
    pub fn offset(self) -> i64 {
        (i64::from(self.num) - 1) * i64::from(self.size)
    }

    /// Rows on this page (SQL `LIMIT`).
    pub fn limit(self) -> i64 {
        i64::from(self.size)
    }

    /// The answer for this page of a whole list already in memory.
    pub fn slice<T>(self, all: impl ExactSizeIterator<Item = T>) -> Page<T> {
        let total = all.len() as i64;
        let skip = usize::try_from(self.offset()).unwrap_or(usize::MAX);
        self.page(all.skip(skip).take(self.size as usize).collect(), total)
    }

    /// The answer for this page: its rows and the total over all pages.
    pub fn page<T>(self, list: Vec<T>, total: i64) -> Page<T> {
        Page {
            total,
            page_num: self.num,
            page_size: self.size,
            list,
        }
    }
}

/// The query of a list that takes only a page: `?pageNum=&pageSize=`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

impl PageQuery {
    /// The page asked for (400 outside the bounds).
    pub fn paging(&self) -> Result<Paging, AppError> {
        Paging::of(self.page_num, self.page_size)
    }
}

/// One page of a list, with the total over all pages.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    /// Rows over all pages.
    pub total: i64,
    /// This page, from 1.
    pub page_num: u32,
    /// Rows per page.
    pub page_size: u32,
    /// The rows of this page.
    pub list: Vec<T>,
}

/// The enum value a wire name stands for (its serde name), or `None`: for
/// fields that refuse a wrong name with their own Chinese message rather than
/// the parser's.
pub fn from_name<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    use serde::de::IntoDeserializer;
    T::deserialize(IntoDeserializer::<serde::de::value::Error>::into_deserializer(name)).ok()
}

/// `axum::Json` whose rejection is an [`AppError`].
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);

/// `axum::extract::Query` whose rejection is an [`AppError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// `axum::extract::Path` whose rejection is an [`AppError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

/// The client's address, when the server knows it (not in router-only tests),
/// as it is: what a network allow-list (display screens) is checked against.
/// Behind a trusted reverse proxy (`trusted_proxies`) it is read from
/// `X-Forwarded-For`.
pub struct ClientAddr(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let forwarded = parts
            .headers
            .get_all(X_FORWARDED_FOR)
            .iter()
            .filter_map(|v| v.to_str().ok());
        Ok(Self(peer.map(|peer| {
            client_address(peer, forwarded, &state.config.trusted_proxies)
        })))
    }
}

/// The key of the per-address limits (logins, captchas, uploads, heavy work):
/// the [`ClientAddr`], an IPv6 client as its /64, because one subscriber
/// holds a whole /64 and counting single addresses would give it 2^64 keys.
pub struct ClientIp(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ClientAddr(ip) = ClientAddr::from_request_parts(parts, state).await?;
        Ok(Self(ip.map(subscriber)))
    }
}

/// `scheme://host[:port]` that clients reach this server at, for absolute
/// links (STAC, WMTS, WFS, download links): the configured `public_url`, else
/// the request's `Host`.
pub struct Origin(pub String);

impl FromRequestParts<AppState> for Origin {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let origin = match &state.config.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => {
                // Only host[:port] characters, so a forged Host cannot inject markup or paths.
                let host = parts
                    .headers
                    .get(axum::http::header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .filter(|h| {
                        !h.is_empty()
                            && h.chars()
                                .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
                    })
                    .unwrap_or("localhost");
                format!("http://{host}")
            }
        };
        Ok(Self(origin))
    }
}

const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// Who sent a request that reached us from `peer`: while the hop is a trusted
/// proxy, the address it says it forwarded for (the last in
/// `X-Forwarded-For`, each proxy appending its own peer). Only trusted proxies
/// are believed, so a client cannot choose its own address by sending the
/// header; an entry that is not an address ends the walk at the proxy that
/// passed it on.
fn client_address<'a>(
    peer: IpAddr,
    forwarded: impl Iterator<Item = &'a str>,
    trusted: &[IpNet],
) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    let hops: Vec<&str> = forwarded.flat_map(|v| v.split(',')).collect();
    let mut client = peer.to_canonical();
    for hop in hops.iter().rev() {
        if !is_trusted(&client) {
            break;
        }
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) => client = ip.to_canonical(),
            Err(_) => break,
        }
    }
    client
}

/// An IPv4 address as it is, an IPv6 one as its /64 network (host bits zero).
fn subscriber(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(network.into())
        }
        v4 => v4,
    }
}

/// The answer for an `/api` path that no route matches.
pub async fn not_found() -> Response {
    AppError::NotFound("接口不存在".into()).into_response()
}

/// The answer for an `/api` path that exists, called with the wrong method.
pub async fn method_not_allowed() -> Response {
    AppError::MethodNotAllowed.into_response()
}

/// The `Content-Disposition` of a file saved (or, `inline`, shown) as
/// `name` (RFC 6266): an ASCII fallback name for old clients and the UTF-8
/// name in `filename*`, so Chinese names survive the header (a plain ASCII
/// name needs only the first).
pub fn disposition(inline: bool, name: &str) -> axum::http::HeaderValue {
    let fallback: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    let kind = if inline { "inline" } else { "attachment" };
    let value = if fallback == name {
        format!("{kind}; filename=\"{name}\"")
    } else {
        format!("{kind}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
    };
    // Only visible ASCII is left in `value`.
    axum::http::HeaderValue::from_str(&value)
        .unwrap_or_else(|_| axum::http::HeaderValue::from_static("attachment"))
}

/// A file to download as `name`.
pub fn attachment(bytes: Vec<u8>, content_type: &str, name: &str) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    (
        [
            (
                header::CONTENT_TYPE,
                axum::http::HeaderValue::from_str(content_type).unwrap_or_else(|_| {
                    axum::http::HeaderValue::from_static("application/octet-stream")
                }),
            ),
            (header::CONTENT_DISPOSITION, disposition(false, name)),
        ],
        bytes,
    )
        .into_response()
}

/// Runs CPU-bound work (geometry, files, images) off the async workers; a
/// panicked task is an internal error.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(e.into()))?
}

/// A unix time as RFC 3339 UTC, e.g. `2025-01-03T02:30:00Z`; empty if out of range.
pub fn rfc3339(t: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(t)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_names_survive_the_header_and_ascii_ones_read_plainly() {
        assert_eq!(
            disposition(false, "年度 报告.pdf"),
            "attachment; filename=\"__ __.pdf\"; filename*=UTF-8''%E5%B9%B4%E5%BA%A6%20%E6%8A%A5%E5%91%8A.pdf"
        );
        assert_eq!(
            disposition(true, "a\"b.png"),
            "inline; filename=\"a_b.png\"; filename*=UTF-8''a%22b.png"
        );
        assert_eq!(
            disposition(false, "spots_2024Q3.xlsx"),
            "attachment; filename=\"spots_2024Q3.xlsx\""
        );
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("address")
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        assert_eq!(subscriber(ip("2001:db8:1:2:aaaa::7")), ip("2001:db8:1:2::"));
        assert_eq!(
            subscriber(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(subscriber(ip("2001:db8:1:3::1")), ip("2001:db8:1:2::"));
        assert_eq!(subscriber(ip("203.0.113.7")), ip("203.0.113.7"));
    }

    #[test]
    fn the_client_is_the_nearest_address_that_is_not_a_trusted_proxy() {
        let proxies: Vec<IpNet> = vec![
            "127.0.0.1/32".parse().expect("net"),
            "10.0.0.0/8".parse().expect("net"),
        ];
        let from =
            |peer, header: &[&str]| client_address(ip(peer), header.iter().copied(), &proxies);
        // nginx on the same machine, one hop.
        assert_eq!(from("127.0.0.1", &["203.0.113.7"]), ip("203.0.113.7"));
        // Two proxies, the second one inside; whatever the client itself
        // wrote in front is not believed.
        assert_eq!(
            from("127.0.0.1", &["198.51.100.1, 203.0.113.7, 10.1.2.3"]),
            ip("203.0.113.7")
        );
        // The same hops sent as separate header lines.
        assert_eq!(
            from("127.0.0.1", &["198.51.100.1", "203.0.113.7", "10.1.2.3"]),
            ip("203.0.113.7")
        );
        // A client talking to us directly cannot pick its address.
        assert_eq!(from("198.51.100.9", &["203.0.113.7"]), ip("198.51.100.9"));
        // No header, or garbage in it: the proxy is all we know.
        assert_eq!(from("10.9.9.9", &[]), ip("10.9.9.9"));
        assert_eq!(from("127.0.0.1", &["unknown"]), ip("127.0.0.1"));
        assert_eq!(
            from("127.0.0.1", &["203.0.113.7, _hidden"]),
            ip("127.0.0.1")
        );
        // An IPv4 peer on a dual-stack socket arrives as ::ffff:a.b.c.d.
        assert_eq!(
            from("::ffff:127.0.0.1", &["203.0.113.7"]),
            ip("203.0.113.7")
        );
        // Nothing trusted: the header is ignored.
        assert_eq!(
            client_address(ip("127.0.0.1"), ["203.0.113.7"].into_iter(), &[]),
            ip("127.0.0.1")
        );
    }
}
