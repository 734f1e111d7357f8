//! The optional periodic refresh of element sets: a deployment that can reach
//! a source of element sets (CelesTrak's GP data, or a mirror inside its
//! network) names it as `orbit_refresh_url`; the server fetches it at start and
//! every `orbit_refresh_hours`, and stores it as `rscloud import tle` would.
//! A failed fetch is logged and tried again at the next turn; it never stops
//! the server, and a bad file stores nothing.

use std::time::Duration;

use super::import::{self, Imported};
use crate::state::AppState;

/// How long one fetch may take, connection and body together.
const FETCH_TIMEOUT: Duration = Duration::from_secs(120);

/// Why a fetch stored nothing.
#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    /// No answer, or not a 2xx one.
    #[error("fetching {0}: {1}")]
    Fetch(String, String),
    /// The answer is larger than an element-set file may be.
    #[error("{0} answered more than {1} bytes")]
    TooLarge(String, usize),
    /// The answer is not element sets, or could not be stored.
    #[error(transparent)]
    Import(#[from] import::TleImportError),
    /// The database could not be reached.
    #[error(transparent)]
    Db(#[from] crate::db::DbError),
}

/// Fetches the element sets at `url` once and stores them (the body read up to
/// the import's size limit, and refused beyond it).
pub async fn fetch_once(
    state: &AppState,
    client: &reqwest::Client,
    url: &str,
) -> Result<Imported, RefreshError> {
    let failed = |e: reqwest::Error| RefreshError::Fetch(url.to_owned(), e.to_string());
    let mut response = client
        .get(url)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(failed)?;
    let limit = orbit::Limits::default().max_bytes;
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(failed)? {
        if body.len() + chunk.len() > limit {
            return Err(RefreshError::TooLarge(url.to_owned(), limit));
        }
        body.extend_from_slice(&chunk);
    }
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let source = url.to_owned();
    let imported = state
        .db
        .call(move |c| Ok(import::import_bytes(c, &body, &source, now)))
        .await??;
    Ok(imported)
}

/// Starts the periodic refresh when `orbit_refresh_url` is set; the task runs
/// until the runtime stops or the handle is aborted.
pub fn spawn(state: &AppState) -> Option<tokio::task::JoinHandle<()>> {
    let url = state.config.orbit_refresh_url.clone()?;
    let every = Duration::from_secs(state.config.orbit_refresh_hours * 3600);
    let state = state.clone();
    Some(tokio::spawn(async move {
        let client = match reqwest::Client::builder().timeout(FETCH_TIMEOUT).build() {
            Ok(client) => client,
            Err(e) => {
                tracing::error!(error = %e, "cannot make the element-set client");
                return;
            }
        };
        loop {
            match fetch_once(&state, &client, &url).await {
                Ok(done) => tracing::info!(
                    url,
                    read = done.read,
                    new = done.added,
                    satellites = done.catalogue_covered,
                    "element sets refreshed"
                ),
                Err(e) => tracing::warn!(error = %e, "element sets not refreshed"),
            }
            tokio::time::sleep(every).await;
        }
    }))
}
