//! What every handler can reach.

use std::net::IpAddr;
use std::sync::Arc;

use crate::config::Config;
use crate::db::Db;
use crate::normal::live::LiveIndex;
use crate::ows::layers::Layers;
use crate::region::index::RegionIndex;
use crate::telemetry::Metrics;
use crate::usercenter::Accounts;
use crate::usercenter::ratelimit::Limiter;

/// Shared application state, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The configuration the server started with.
    pub config: Arc<Config>,
    /// Request metrics.
    pub metrics: Arc<Metrics>,
    /// Captchas, the login seal key and failed-login limits.
    pub accounts: Arc<Accounts>,
    /// Every region and country boundary, in memory for tiles and lookups.
    pub regions: Arc<RegionIndex>,
    /// The map layers `/ows/cloudPlatform` serves, registered at start-up.
    pub layers: Arc<Layers>,
    /// The image catalogue, in memory for searches, kept current with the database.
    pub scenes: Arc<LiveIndex>,
    /// Areas sent in requests (drawn, STAC `intersects`), as accepted.
    pub sent_areas: Arc<crate::normal::area::SentAreas>,
    /// The monitoring spots, in memory for statistics, lists and layers, kept current with
    /// the database.
    pub spots: Arc<crate::spot::engine::LiveSpots>,
    /// The land of each grid cell per region, worked out once (GRID mode).
    pub land: Arc<crate::spot::grid::cells::LandCache>,
    /// Uploads per client address: they are open to anonymous visitors.
    pub uploads: Arc<Limiter<IpAddr>>,
    /// How generated (demo) scenes' quick-looks are drawn: the demo module's
    /// drawing, handed over at start-up so `normal` does not depend on it.
    pub draw_quicklook: crate::normal::quicklook::DrawQuickLook,
    /// How generated (demo) spots' before and after images are drawn: the demo module's
    /// drawing, handed over at start-up so `spot` does not depend on it.
    pub draw_spot_image: crate::spot::model::DrawSpotImage,
    /// Signs and checks the download links of delivered orders.
    pub delivery: Arc<crate::order::delivery::Signer>,
    /// Runs of CPU-heavy work (coverage, exports) per client address and in total.
    pub heavy: Arc<crate::budget::Budget>,
    /// The coverage statistics' rasters and region cells, kept between requests.
    pub coverage: Arc<crate::coverage::engine::Cache>,
    /// The client of the external drone service; none when drone tasks are off.
    pub drone: Option<Arc<crate::drone::client::Drone>>,
}
