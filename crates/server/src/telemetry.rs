//! Logs, request spans and Prometheus metrics.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tracing::Span;

use crate::config::LogFormat;
use crate::state::AppState;

/// Installs the global log subscriber (`RUST_LOG` filters; default `info`).
pub fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second init (tests start several servers in one process) is harmless.
    let _ = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Pretty => builder.try_init(),
    };
}

/// The span of one request, named by the route that matched rather than the raw
/// path, so logs group by endpoint; query strings are left out (they can hold tokens).
pub fn request_span(req: &Request) -> Span {
    let matched = req
        .extensions()
        .get::<MatchedPath>()
        .map(MatchedPath::as_str);
    let id = req
        .extensions()
        .get::<crate::edge::RequestId>()
        .map_or("", |r| r.0.as_str());
    tracing::info_span!("request", id, method = %req.method(), matched_path = matched, path = req.uri().path())
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: String,
    route: String,
    status: u16,
}

type HistogramFamily = Family<RouteLabels, Histogram, fn() -> Histogram>;

/// The server's metrics, exposed in Prometheus text format at `/metrics`.
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteLabels, Counter>,
    durations: HistogramFamily,
}

impl Metrics {
    /// A fresh registry with the HTTP metrics registered.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("rscloud");
        let requests = Family::<RouteLabels, Counter>::default();
        // Fine below 10 ms, where the search bars lie (p95 ≤ 5 ms must be readable here).
        let durations: HistogramFamily = Family::new_with_constructor(|| {
            Histogram::new(
                [
                    0.000_25, 0.000_5, 0.001, 0.0015, 0.002, 0.003, 0.004, 0.005, 0.006, 0.008,
                ]
                .into_iter()
                .chain(exponential_buckets(0.01, 2.0, 10)),
            )
        });
        registry.register(
            "http_requests",
            "HTTP requests by route and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request, by route and status",
            durations.clone(),
        );
        Self {
            registry,
            requests,
            durations,
        }
    }

    /// The metrics in Prometheus text exposition format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// Middleware: counts and times every request by its matched route.
pub async fn track(State(state): State<AppState>, req: Request, next: Next) -> Response {
    // The route template, never the raw path: raw paths would make one series per id.
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let method = req.method().to_string();
    let start = Instant::now();
    let response = next.run(req).await;
    let labels = RouteLabels {
        method,
        route,
        status: response.status().as_u16(),
    };
    state.metrics.requests.get_or_create(&labels).inc();
    state
        .metrics
        .durations
        .get_or_create(&labels)
        .observe(start.elapsed().as_secs_f64());
    response
}

/// `GET /metrics`.
pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        state.metrics.render(),
    )
}
