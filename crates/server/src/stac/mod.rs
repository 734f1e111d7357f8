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
use serde_json::{Value, json};

use crate::api::Origin;
use crate::state::AppState;
use error::{StacError, StacJson, StacPath};
use params::{Body, Search};

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
    fn link(rel: &str, href: &str, media: &str) -> Value {
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
        json!({"rel": rel, "href": href, "type": media, "title": title})
    }
}

/// Percent-encodes one path segment (ids are plain ASCII in practice; this keeps odd ones safe).
fn segment(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn reply(media: &'static str, body: Value) -> Response {
    ([(CONTENT_TYPE, media)], axum::Json(body)).into_response()
}

/// The landing page.
async fn landing(links: Links) -> Response {
    let root = links.root();
    let search = format!("{root}/search");
    let mut search_get = Links::link("search", &search, GEOJSON);
    search_get["method"] = json!("GET");
    let mut search_post = Links::link("search", &search, GEOJSON);
    search_post["method"] = json!("POST");
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
                Links::link("conformance", &format!("{root}/conformance"), JSON),
                Links::link("data", &format!("{root}/collections"), JSON),
                search_get,
                search_post,
                Links::link("service-desc", &format!("{root}/api"), OPENAPI),
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
                Links::link("self", &format!("{root}/collections"), JSON),
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
    let mut search = Search::from_body(Body::from_pairs(&pairs)?)?;
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
    let newest_first = scenes.positions_with_id(&id).iter().rev();
    newest_first
        .filter_map(|&i| scenes.at(i as usize))
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
    let search = Search::from_body(Body::from_pairs(&pairs)?)?;
    let scenes = state.scenes.now();
    let page = search::page(&scenes, &search);
    let next = page.next.map(|c| get_next(&links, uri.path(), &pairs, c));
    Ok(feature_collection(&links, &uri, page, next, &[]))
}

/// Item search by JSON body.
async fn search_post(
    State(state): State<AppState>,
    links: Links,
    OriginalUri(uri): OriginalUri,
    StacJson(body): StacJson<Value>,
) -> Result<Response, StacError> {
    let parsed: Body = serde_json::from_value(body.clone())
        .map_err(|e| StacError::bad_request(format!("检索参数格式错误：{e}")))?;
    let search = Search::from_body(parsed)?;
    let scenes = state.scenes.now();
    let page = search::page(&scenes, &search);
    let next = page.next.map(|c| {
        let mut next_body = body.clone();
        next_body["token"] = json!(params::token(c));
        let mut link = Links::link("next", &format!("{}/search", links.root()), GEOJSON);
        link["method"] = json!("POST");
        link["body"] = next_body;
        link["merge"] = json!(false);
        link
    });
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
) -> Value {
    let mut next: Vec<(&str, String)> = pairs
        .iter()
        .filter(|(k, _)| k != "token")
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    next.push(("token", params::token(cursor)));
    let query = serde_urlencoded::to_string(&next).unwrap_or_default();
    let mut link = Links::link(
        "next",
        &format!("{}{path}?{query}", links.origin()),
        GEOJSON,
    );
    link["method"] = json!("GET");
    link
}

fn feature_collection(
    links: &Links,
    uri: &axum::http::Uri,
    page: search::Page<'_>,
    next: Option<Value>,
    extra: &[Value],
) -> Response {
    let this = format!(
        "{}{}",
        links.origin(),
        uri.path_and_query().map_or(uri.path(), |p| p.as_str())
    );
    let mut all = vec![
        Links::link("self", &this, GEOJSON),
        Links::link("root", &links.root(), JSON),
    ];
    all.extend(extra.iter().cloned());
    all.extend(next);
    let features: Vec<Value> = page.scenes.iter().map(|s| item::item(s, links)).collect();
    reply(
        GEOJSON,
        json!({
            "type": "FeatureCollection",
            "features": features,
            "links": all,
            "numberMatched": page.matched,
            "numberReturned": page.scenes.len(),
        }),
    )
}
