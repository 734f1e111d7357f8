//! rscloud: the satellite remote-sensing cloud platform server.
//!
//! `app` assembles the router from one module per API family; `run` serves it.

pub mod api;
pub mod audit;
pub mod beijing;
pub mod budget;
pub mod catalogue;
pub mod config;
pub mod coverage;
pub mod db;
pub mod demo;
pub mod dict;
pub mod drone;
pub mod edge;
pub mod error;
pub mod feedback;
pub mod files;
pub mod html;
pub mod news;
pub mod normal;
pub mod order;
pub mod ows;
pub mod page;
pub mod plan;
pub mod push;
pub mod region;
pub mod satellite;
pub mod sateorbit;
pub mod spot;
pub mod spotcheck;
pub mod stac;
pub mod state;
pub mod statistics;
pub mod telemetry;
pub mod usercenter;
pub mod vector;
pub mod web;

use std::future::Future;
use std::sync::Arc;

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, State};
use axum::routing::{any, get};
use axum::{Extension, Json, Router, middleware};
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa::openapi::OpenApi as OpenApiDoc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::config::Config;
use crate::db::Db;
use crate::state::AppState;
use crate::telemetry::Metrics;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "rscloud API",
        description = "自然资源卫星遥感云服务平台 API. Every answer is the envelope {code, message, data}: code 0 is success, otherwise it equals the HTTP status and message is the Chinese text to show. The session token travels in the request header `token`."
    ),
    tags(
        (name = "dict", description = "System dictionaries"),
        (name = "statistics", description = "Visit counting"),
        (name = "usercenter", description = "Accounts, login, sessions and area ranges"),
        (name = "region", description = "Administrative regions: the country → province → city → county tree"),
        (name = "catalogue", description = "The satellite catalogue: satellites, sensors and orbital facts"),
        (name = "normal", description = "Image query: scenes over an area of interest"),
        (name = "satellite", description = "Satellite pages: latest scenes and scene counts per satellite and month"),
        (name = "coverage", description = "Coverage statistics: how much of each region the scenes of a year or quarter cover"),
        (name = "order", description = "Cart, orders and data requests, their administration and delivery"),
        (name = "spot", description = "Monitoring themes: change spots, their statistics, details, images and exports"),
        (name = "news", description = "News and GEO items, and the editor's console for them"),
        (name = "page", description = "Editable pages and the FAQ"),
        (name = "files", description = "Shared and uploaded files (share/v2): downloads, images, attachments"),
        (name = "feedback", description = "Feedback from users (MOD_054) and the editors' answers"),
        (name = "push", description = "Image push to province nodes: batches, deliveries, their footprints, exports and coverage"),
        (name = "spotcheck", description = "Spot push to province nodes and the nodes' verification of each spot: batches, records, photos, review, key changes"),
        (name = "uav", description = "Drone tasks: monitoring areas sent to the external drone service for interpretation, and their state"),
        (name = "meta", description = "This document"),
    ),
    // Not in any answer's type (permission lists are strings), but the web app's
    // permission constants are generated from it.
    components(schemas(usercenter::perm::Permission))
)]
struct ApiDoc;

/// Every `/api` route with its OpenAPI description; one place merges the families.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(openapi_json))
        .merge(dict::router())
        .merge(statistics::router())
        .merge(usercenter::router())
        .merge(audit::router())
        .merge(region::router())
        .merge(catalogue::router())
        .merge(normal::router())
        .merge(order::router())
        .merge(spot::router())
        .merge(sateorbit::router())
        .merge(satellite::router())
        .merge(coverage::router())
        .merge(news::router())
        .merge(page::router())
        .merge(files::router())
        .merge(feedback::router())
        .merge(push::router())
        .merge(spotcheck::router())
        .merge(plan::router())
        .merge(drone::router())
}

/// The OpenAPI 3.1 document of every `/api` route.
pub fn openapi() -> OpenApiDoc {
    split_api().1
}

/// The `/api` router and its document, with the document's fix-ups applied.
fn split_api() -> (Router<AppState>, OpenApiDoc) {
    let (router, mut doc) = api_routes().split_for_parts();
    region::distinguish_v1(&mut doc);
    (router, doc)
}

/// The OpenAPI document of every `/api` route (this one included).
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta", responses((status = 200, description = "OpenAPI 3.1 document")))]
async fn openapi_json(Extension(doc): Extension<Arc<OpenApiDoc>>) -> Json<OpenApiDoc> {
    Json((*doc).clone())
}

/// Readiness: 200 once the database answers.
async fn healthz(State(state): State<AppState>) -> Result<&'static str, error::AppError> {
    state.db.ping().await?;
    Ok("ok")
}

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    let (api, doc) = split_api();
    api.route("/api", any(api::not_found))
        .route("/api/{*rest}", any(api::not_found))
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(Extension(Arc::new(doc)))
        .merge(ows::router())
        .merge(stac::router())
        .route("/healthz", get(healthz))
        .route("/metrics", get(telemetry::metrics))
        .merge(web::router(&state.config.web_dir))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            usercenter::session::resolve,
        ))
        .layer(edge::catch_panic())
        .layer(middleware::from_fn_with_state(
            state.clone(),
            telemetry::track,
        ))
        .layer(middleware::from_fn(edge::limit_uri))
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes))
        .layer(middleware::from_fn(edge::security_headers))
        // Zip archives (workbooks are zip archives too) are compressed already; sent as they
        // are, they keep their Content-Length, which download progress needs. Files downloaded
        // with ranges (deliveries, shared files) are sent as they are for the same reason.
        .layer(
            CompressionLayer::new().compress_when(
                DefaultPredicate::new()
                    .and(NotForContentType::const_new("application/zip"))
                    .and(NotForContentType::const_new(spot::export::XLSX_TYPE))
                    // A part of a file must stay the bytes asked for, and a file
                    // downloaded with ranges keeps its length for the progress bar.
                    .and(
                        |status: axum::http::StatusCode,
                         _: axum::http::Version,
                         headers: &axum::http::HeaderMap,
                         _: &axum::http::Extensions| {
                            use axum::http::header::{ACCEPT_RANGES, CONTENT_DISPOSITION};
                            status != axum::http::StatusCode::PARTIAL_CONTENT
                                && !(headers.contains_key(ACCEPT_RANGES)
                                    && headers.contains_key(CONTENT_DISPOSITION))
                        },
                    ),
            ),
        )
        .layer(TraceLayer::new_for_http().make_span_with(telemetry::request_span))
        .layer(middleware::from_fn(edge::request_id))
        .with_state(state)
}

/// Serves `app` on `listener` until `shutdown` resolves, then finishes the
/// requests in flight.
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let refresh = sateorbit::refresh::spawn(&state);
    // Connect info gives handlers the client address (failed-login limits).
    let app = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await;
    if let Some(task) = refresh {
        task.abort();
    }
    served
}

/// Opens the database (creating it and applying migrations) and builds the state.
pub async fn open_state(config: Config) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create data folder {}", config.data_dir.display()))?;
    let path = config.database_path();
    let db = Db::open(&path, config.db_pool_size)
        .with_context(|| format!("cannot open database {}", path.display()))?;
    let mut config = config;
    if config.demo {
        db.call(|c| Ok(usercenter::admin::seed_demo(c)))
            .await?
            .context("cannot create the demo accounts")?;
        if config.screens.is_empty() {
            config.screens = usercenter::admin::demo_screens();
        }
    }
    let accounts = usercenter::Accounts::load(&db, &config).await?;
    let regions = Arc::new(db.call(|c| region::index::RegionIndex::load(c)).await?);
    tracing::info!(
        regions = regions.len(),
        countries = regions.countries.len(),
        "boundaries loaded"
    );
    if config.demo && config.demo_scenes > 0 && !db.call(|c| normal::store::has_demo(c)).await? {
        let china = regions
            .shape(region::tree::COUNTRY)
            .map_or_else(demo::rough_china, |s| s.geom.clone());
        let plan = demo::Plan {
            scenes: config.demo_scenes,
            ..demo::Plan::demo(time::OffsetDateTime::now_utc().unix_timestamp())
        };
        let started = std::time::Instant::now();
        let made = db.call(move |c| demo::store(c, &plan, &china)).await?;
        tracing::info!(
            scenes = made,
            seconds = started.elapsed().as_secs_f64(),
            "demo catalogue generated"
        );
    }
    if config.demo && config.demo_spots > 0 && !db.call(|c| spot::store::has_demo(c)).await? {
        let plan = demo::spots::SpotPlan {
            count: config.demo_spots,
            ..demo::spots::SpotPlan::demo()
        };
        let started = std::time::Instant::now();
        let regions = Arc::clone(&regions);
        let made = db
            .call(move |c| demo::spots::store(c, &plan, &regions))
            .await?;
        tracing::info!(
            spots = made,
            seconds = started.elapsed().as_secs_f64(),
            "demo spots generated"
        );
    }
    if config.demo {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let added = db
            .call(move |c| Ok(sateorbit::import::import_demo(c, now)))
            .await?
            .context("cannot store the demo element sets")?;
        if added > 0 {
            tracing::info!(sets = added, "demo element sets stored");
        }
        let items = db.call(move |c| news::demo::store(c, now)).await?;
        if items > 0 {
            tracing::info!(items, "demo news stored");
        }
        let texts = db.call(move |c| page::demo::store(c, now)).await?;
        if texts > 0 {
            tracing::info!(texts, "demo pages and FAQ stored");
        }
        let dir = config.files_path();
        let files = db
            .call(move |c| Ok(files::demo::store(c, &dir, now)))
            .await?
            .context("cannot store the demo files")?;
        if files > 0 {
            tracing::info!(files, "demo files stored");
        }
        let dir = config.files_path();
        let samples = db
            .call(move |c| Ok(satellite::demo::store(c, &dir, now)))
            .await?
            .context("cannot store the demo typical images")?;
        if samples > 0 {
            tracing::info!(samples, "demo typical images stored");
        }
    }
    let started = std::time::Instant::now();
    let scenes = db.call(|c| normal::store::load_index(c)).await?;
    tracing::info!(
        scenes = scenes.len(),
        ms = started.elapsed().as_millis() as u64,
        "image catalogue loaded"
    );
    let every = std::time::Duration::from_millis(config.scene_watch_ms);
    let scenes = Arc::new(
        normal::live::LiveIndex::watched(scenes, &path, every)
            .context("cannot start watching the image catalogue")?,
    );
    if config.demo {
        let (index, regions) = (scenes.now(), Arc::clone(&regions));
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let pushed = db
            .call(move |c| push::demo::store(c, &index, &regions, now))
            .await?;
        if pushed > 0 {
            tracing::info!(deliveries = pushed, "demo push batch stored");
        }
    }
    let started = std::time::Instant::now();
    let spots = db.call(|c| spot::engine::SpotIndex::load(c)).await?;
    tracing::info!(
        spots = db::live::Loaded::rows(&spots),
        ms = started.elapsed().as_millis() as u64,
        "monitoring spots loaded"
    );
    let spots = Arc::new(
        spot::engine::LiveSpots::watched(spots, &path, every)
            .context("cannot start watching the monitoring spots")?,
    );
    if config.demo {
        let (index, regions) = (spots.now(), Arc::clone(&regions));
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let sent = db
            .call(move |c| spotcheck::demo::store(c, &index, &regions, now))
            .await?;
        if sent > 0 {
            tracing::info!(spots = sent, "demo spot batch stored");
        }
    }
    let heavy = Arc::new(budget::Budget::new(&config));
    let delivery = Arc::new(order::delivery::Signer::load(&db).await?);
    let mut layers = ows::layers::Layers::default();
    region::layers::register(&mut layers, &regions);
    spot::layers::register(&mut layers, &spots);
    let land = Arc::new(spot::grid::cells::LandCache::default());
    spot::grid::layer::register(&mut layers, &spots, &regions, &land);
    let coverage = Arc::new(coverage::engine::Cache::default());
    coverage::layer::register(&mut layers, &coverage, &scenes);
    push::layer::register(&mut layers, &db, &regions);
    spotcheck::layer::register(&mut layers, &db, &spots);
    plan::layer::register(&mut layers, &db);
    let drone = drone::client::Drone::from_config(&config)
        .context("cannot make the drone service client")?
        .map(Arc::new);
    Ok(AppState {
        db,
        config: Arc::new(config),
        metrics: Arc::new(Metrics::new()),
        accounts: Arc::new(accounts),
        regions,
        layers: Arc::new(layers),
        scenes,
        sent_areas: Arc::default(),
        spots,
        land,
        uploads: Arc::new(usercenter::ratelimit::Limiter::new(
            usercenter::ratelimit::MAX_ADDRESS_UPLOADS,
        )),
        draw_quicklook: demo::quicklook::draw,
        draw_spot_image: demo::spots::draw_image,
        delivery,
        heavy,
        coverage,
        drone,
    })
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
