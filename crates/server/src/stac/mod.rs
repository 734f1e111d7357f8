//! The image catalogue as a STAC API at `/stac` (STAC API 1.0.0: core,
//! collections, OGC API Features, item search with the Query extension), for
//! STAC clients such as pystac-client, QGIS and STAC Browser. Plain STAC JSON,
//! not the `/api` envelope; errors are `{code, description}` with the HTTP
//! status. One collection per catalogue satellite that has scenes; one item
//! per scene, served from the in-memory scene index.

mod collection;
mod error;
mod item;
mod params;
#[cfg(test)]
mod scale;
mod search;

use std::convert::Infallible;

use axum::Router;
use axum::extract::{FromRequestParts, OriginalUri, RawQuery, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use serde::Serialize;
use serde_json::json;

use crate::api::Origin;
use crate::state::AppState;
use error::{StacError, StacJson, StacPath};
use params::{Body, Fields, Search};

/// The STAC version of every document.
const STAC_VERSION: &str = "1.0.0";
const JSON: &str = "application/json";
const GEOJSON: &str = "application/geo+json";
/// The media type of the service description (`/stac/api`).
const OPENAPI: &str = "application/vnd.oai.openapi+json;version=3.0";

/// The conformance classes implemented, exactly.
pub const CONFORMANCE: &[&str] = &[
    "https://api.stacspec.org/v1.0.0/core",
    "https://api.stacspec.org/v1.0.0/collections",
    "https://api.stacspec.org/v1.0.0/ogcapi-features",
    "https://api.stacspec.org/v1.0.0/item-search",
    "https://api.stacspec.org/v1.0.0-rc.1/item-search#query",
    "https://api.stacspec.org/v1.0.0-rc.1/item-search#sort",
    "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
    "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
];

/// The STAC routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stac", get(landing))
        .route("/stac/", get(landing))
        .route("/stac/conformance", get(conformance))
        .route("/stac/api", get(service_desc))
        .route("/stac/collections", get(collections))
        .route("/stac/collections/{id}", get(one_collection))
        .route("/stac/collections/{id}/items", get(items))
        .route("/stac/collections/{id}/items/{item}", get(one_item))
        .route("/stac/search", get(search_get).post(search_post))
        .route("/stac/{*rest}", any(error::not_found))
        .method_not_allowed_fallback(error::method_not_allowed)
}

/// Builds absolute STAC links from the [`Origin`].
pub struct Links {
    origin: String,
}

impl FromRequestParts<AppState> for Links {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let Origin(origin) = Origin::from_request_parts(parts, state).await?;
        Ok(Self { origin })
    }
}

impl Links {
    /// `scheme://host[:port]`.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The landing page.
    fn root(&self) -> String {
        format!("{}/stac", self.origin)
    }

    fn collection(&self, id: &str) -> String {
        format!("{}/collections/{}", self.root(), segment(id))
    }

    fn item(&self, collection: &str, id: &str) -> String {
        format!("{}/items/{}", self.collection(collection), segment(id))
    }

    /// A URL as stored (absolute, or a path on this server) made absolute.
    fn absolute(&self, url: &str) -> String {
        if url.starts_with("http://") || url.starts_with("https://") {
            url.to_owned()
        } else {
            format!("{}/{}", self.origin, url.trim_start_matches('/'))
        }
    }

    /// A link object, titled after its relation (STAC clients show the title).
    fn link(rel: &'static str, href: impl Into<String>, media: &'static str) -> Link<'static> {
        let title = match rel {
            "self" => "本文档",
            "root" => "STAC 根目录",
            "parent" => "上级",
            "collection" => "所属集合",
            "items" => "条目",
            "conformance" => "符合的规范",
            "data" => "集合列表",
            "search" => "检索",
            "service-desc" => "接口说明（OpenAPI）",
            "next" => "下一页",
            _ => rel,
        };
        Link {
            rel,
            href: href.into(),
            media,
            title,
            method: None,
            body: None,
            merge: None,
        }
    }
}

/// A link object; a POST `next` link carries the body to send, which is the
/// request's own fields as they were sent, with the new token.
#[derive(Clone, Serialize)]
pub struct Link<'a> {
    rel: &'static str,
    href: String,
    #[serde(rename = "type")]
    media: &'static str,
    title: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<&'a Fields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    merge: Option<bool>,
}

impl<'a> Link<'a> {
    /// The link with the HTTP method to follow it with.
    fn method(self, method: &'static str) -> Self {
        Self {
            method: Some(method),
            ..self
        }
    }
}

/// Percent-encodes one path segment (ids are plain ASCII in practice; this keeps odd ones safe).
fn segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A JSON document, written into one buffer: `axum::Json` passes every token
/// through `io::Write` into a `BytesMut` grown from 128 bytes, which cost
/// more than the writing for a page of items (tens of kilobytes).
fn reply(media: &'static str, body: impl Serialize) -> Response {
    let mut bytes = Vec::with_capacity(16 << 10);
    match serde_json::to_writer(&mut bytes, &body) {
        Ok(()) => ([(CONTENT_TYPE, media)], bytes).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "STAC document not written");
            axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The landing page.
async fn landing(links: Links) -> Response {
    let root = links.root();
    let search = format!("{root}/search");
    let search_get = Links::link("search", &search, GEOJSON).method("GET");
    let search_post = Links::link("search", &search, GEOJSON).method("POST");
    reply(
        JSON,
        json!({
            "type": "Catalog",
            "stac_version": STAC_VERSION,
            "id": "rscloud",
            "title": "自然资源卫星遥感云服务平台 STAC API",
            "description": "卫星影像目录：每颗卫星一个集合，每景影像一个条目；支持按范围、时间、卫星、编号与云量检索。",
            "conformsTo": CONFORMANCE,
            "links": [
                Links::link("self", &root, JSON),
                Links::link("root", &root, JSON),
                Links::link("conformance", format!("{root}/conformance"), JSON),
                Links::link("data", format!("{root}/collections"), JSON),
                search_get,
                search_post,
                Links::link("service-desc", format!("{root}/api"), OPENAPI),
            ],
        }),
    )
}

/// The conformance classes.
async fn conformance() -> Response {
    reply(JSON, json!({ "conformsTo": CONFORMANCE }))
}

/// The OpenAPI 3.0 description of these routes.
async fn service_desc() -> Response {
    ([(CONTENT_TYPE, OPENAPI)], include_str!("openapi.json")).into_response()
}

/// Every collection.
async fn collections(State(state): State<AppState>, links: Links) -> Response {
    let root = links.root();
    reply(
        JSON,
        json!({
            "collections": collection::all(&state.scenes.now(), &links),
            "links": [
                Links::link("self", format!("{root}/collections"), JSON),
                Links::link("root", &root, JSON),
                Links::link("parent", &root, JSON),
            ],
        }),
    )
}

/// One collection.
async fn one_collection(
    State(state): State<AppState>,
    links: Links,
    StacPath(id): StacPath<String>,
) -> Result<Response, StacError> {
    collection::one(&state.scenes.now(), &id, &links)
        .map(|c| reply(JSON, c))
        .ok_or_else(|| unknown_collection(&id))
}

fn unknown_collection(id: &str) -> StacError {
    StacError::not_found(format!("集合不存在：{id}"))
}

/// A page of one collection's items (OGC API Features: bbox, datetime, limit).
async fn items(
    State(state): State<AppState>,
    links: Links,
    StacPath(id): StacPath<String>,
    OriginalUri(uri): OriginalUri,
    RawQuery(query): RawQuery,
) -> Result<Response, StacError> {
    let mut pairs = pairs(query.as_deref())?;
    pairs.retain(|(k, _)| matches!(k.as_str(), "bbox" | "datetime" | "limit" | "token"));
    let mut search = Search::from_body(Body::from_pairs(&pairs)?, &state.sent_areas)?;
    search.collections = vec![id.clone()];
    let scenes = state.scenes.now();
    let page = search::page(&scenes, &search);
    if page.matched == 0 && collection::one(&scenes, &id, &links).is_none() {
        return Err(unknown_collection(&id));
    }
    let collection = links.collection(&id);
    let next = page.next.map(|c| get_next(&links, uri.path(), &pairs, c));
    let extra = [
        Links::link("parent", &collection, JSON),
        Links::link("collection", &collection, JSON),
    ];
    Ok(feature_collection(&links, &uri, page, next, &extra))
}

/// One item.
async fn one_item(
    State(state): State<AppState>,
    links: Links,
    StacPath((collection, id)): StacPath<(String, String)>,
) -> Result<Response, StacError> {
    let scenes = state.scenes.now();
    let newest_first = scenes.positions_with_id(&id).into_iter().rev();
    newest_first
        .filter_map(|i| scenes.at(i))
        .find(|s| s.satellite() == collection)
        .map(|s| reply(GEOJSON, item::item(&s, &links)))
        .ok_or_else(|| StacError::not_found(format!("条目不存在：{collection}/{id}")))
}

/// Item search by query string.
async fn search_get(
    State(state): State<AppState>,
    links: Links,
    OriginalUri(uri): OriginalUri,
    RawQuery(query): RawQuery,
) -> Result<Response, StacError> {
    let pairs = pairs(query.as_deref())?;
    let search = Search::from_body(Body::from_pairs(&pairs)?, &state.sent_areas)?;
    let scenes = state.scenes.now();
    let page = search::page(&scenes, &search);
    let next = page.next.map(|c| get_next(&links, uri.path(), &pairs, c));
    Ok(feature_collection(&links, &uri, page, next, &[]))
}

/// Item search by JSON body. Its fields are kept as they were sent: each is
/// read once, and the `next` link gives them back with the new token without
/// writing a large `intersects` again.
async fn search_post(
    State(state): State<AppState>,
    links: Links,
    OriginalUri(uri): OriginalUri,
    StacJson(mut fields): StacJson<Fields>,
) -> Result<Response, StacError> {
    let search = Search::from_body(Body::from_fields(&fields)?, &state.sent_areas)?;
    let scenes = state.scenes.now();
    let page = search::page(&scenes, &search);
    // A token is digits, a sign and an underscore: it is always written.
    let token = page.next.map(params::token);
    let next = match token.and_then(|t| serde_json::value::to_raw_value(&t).ok()) {
        Some(token) => {
            fields.insert("token".into(), token);
            Some(Link {
                body: Some(&fields),
                merge: Some(false),
                ..Links::link("next", format!("{}/search", links.root()), GEOJSON).method("POST")
            })
        }
        None => None,
    };
    Ok(feature_collection(&links, &uri, page, next, &[]))
}

fn pairs(query: Option<&str>) -> Result<Vec<(String, String)>, StacError> {
    serde_urlencoded::from_str(query.unwrap_or_default())
        .map_err(|_| StacError::bad_request("查询参数编码错误"))
}

/// The `next` link of a GET page: the same parameters with the new token.
fn get_next(
    links: &Links,
    path: &str,
    pairs: &[(String, String)],
    cursor: params::Cursor,
) -> Link<'static> {
    let mut next: Vec<(&str, String)> = pairs
        .iter()
        .filter(|(k, _)| k != "token")
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    next.push(("token", params::token(cursor)));
    let query = serde_urlencoded::to_string(&next).unwrap_or_default();
    Links::link("next", format!("{}{path}?{query}", links.origin()), GEOJSON).method("GET")
}

/// A page of items.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FeatureCollection<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    features: Vec<item::Item<'a>>,
    links: Vec<Link<'a>>,
    number_matched: usize,
    number_returned: usize,
}

fn feature_collection<'a>(
    links: &Links,
    uri: &axum::http::Uri,
    page: search::Page<'a>,
    next: Option<Link<'a>>,
    extra: &[Link<'static>],
) -> Response {
    let this = format!(
        "{}{}",
        links.origin(),
        uri.path_and_query().map_or(uri.path(), |p| p.as_str())
    );
    let mut all = vec![
        Links::link("self", &this, GEOJSON),
        Links::link("root", links.root(), JSON),
    ];
    all.extend(extra.iter().cloned());
    all.extend(next);
    let features: Vec<item::Item> = page.scenes.iter().map(|s| item::item(s, links)).collect();
    reply(
        GEOJSON,
        FeatureCollection {
            kind: "FeatureCollection",
            number_returned: features.len(),
            features,
            links: all,
            number_matched: page.matched,
        },
    )
}
