//! Configuration: defaults, then a TOML file, then `RSCLOUD_*` environment
//! variables, then command-line flags; each later source wins.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use ipnet::IpNet;
use serde::{Deserialize, Deserializer, Serialize};

/// Everything the server can be told. Each field can be set in the TOML file
/// under its own name, or as `RSCLOUD_<NAME>` in the environment.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct Config {
    /// Address to listen on (`RSCLOUD_ADDR`); port 0 picks a free port.
    pub addr: SocketAddr,
    /// Folder holding the database `rscloud.gpkg` (`RSCLOUD_DATA_DIR`).
    pub data_dir: PathBuf,
    /// Folder of the built web app (`RSCLOUD_WEB_DIR`), served under `/chinese/`.
    pub web_dir: PathBuf,
    /// Load the demo data at start (`RSCLOUD_DEMO`).
    pub demo: bool,
    /// With `demo`: how many demo scenes to generate when the database has none
    /// (`RSCLOUD_DEMO_SCENES`); 0 generates none.
    pub demo_scenes: usize,
    /// With `demo`: how many demo spots (over the eight monitoring themes) to generate when
    /// the database has none (`RSCLOUD_DEMO_SPOTS`); 0 generates none.
    pub demo_spots: usize,
    /// How often the database is checked for scenes and spots imported by
    /// another process, in milliseconds (`RSCLOUD_SCENE_WATCH_MS`).
    pub scene_watch_ms: u64,
    /// Log format: `pretty` for people, `json` for log collectors (`RSCLOUD_LOG_FORMAT`).
    pub log_format: LogFormat,
    /// Connections in the database pool (`RSCLOUD_DB_POOL_SIZE`).
    pub db_pool_size: usize,
    /// Largest request body accepted, in bytes (`RSCLOUD_MAX_BODY_BYTES`).
    pub max_body_bytes: usize,
    /// Minutes a session lives without use; use renews it (`RSCLOUD_SESSION_IDLE_MINUTES`).
    pub session_idle_minutes: i64,
    /// Automated tests only: a code every captcha accepts (`RSCLOUD_CAPTCHA_FIXED`).
    pub captcha_fixed: Option<String>,
    /// The mail server for verification codes (`RSCLOUD_SMTP__HOST`, …); without it, codes go by SMS only.
    pub smtp: Option<SmtpConfig>,
    /// Display screens: `screenCode` → account, the addresses or key that may use
    /// it, and what its silent read-only session may see.
    pub screens: Vec<ScreenAccount>,
    /// The address clients reach the server at, e.g. `https://rs.example.cn` (`RSCLOUD_PUBLIC_URL`):
    /// absolute links (STAC) start with it; without it they follow the request's `Host`.
    pub public_url: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed
    /// (`RSCLOUD_TRUSTED_PROXIES`, e.g. `127.0.0.1, 10.0.0.0/8`). Behind
    /// them the client is the nearest address in that header that is not one
    /// of them; without this, everyone behind a proxy shares its address in
    /// the per-address login and upload limits. Empty: the header is ignored.
    #[serde(deserialize_with = "networks")]
    pub trusted_proxies: Vec<IpNet>,
    /// CPU-heavy requests (coverage, union area, shapefile and quick-look
    /// exports) one client address may run at once (`RSCLOUD_HEAVY_PER_CLIENT`); more get 429.
    pub heavy_per_client: usize,
    /// CPU-heavy requests running at once from everyone (`RSCLOUD_HEAVY_TOTAL`); more get 503.
    pub heavy_total: usize,
    /// Milliseconds a CPU-heavy request may compute before it stops and
    /// answers 503 (`RSCLOUD_HEAVY_TIME_LIMIT_MS`).
    pub heavy_time_limit_ms: u64,
    /// Folder of the product files that orders deliver (`RSCLOUD_DELIVERY_DIR`):
    /// an order item's product is the file named as the scene's `file_name`
    /// here. Default: `delivery` inside the data folder. With `demo`, a demo
    /// scene without a file is delivered as its generated quick-look.
    pub delivery_dir: Option<PathBuf>,
    /// Days a delivered order's download links work (`RSCLOUD_DELIVERY_LINK_DAYS`).
    pub delivery_link_days: i64,
    /// Most scenes one cart holds, and so one order (`RSCLOUD_CART_CAP`): a
    /// year of a province's cloud-free GF1/GF2 coverage is a few hundred
    /// scenes; two thousand leaves room for a national theme without letting
    /// a cart grow without end.
    pub cart_cap: i64,
    /// Orbit prediction: the largest off-nadir angle assumed for a satellite whose operator
    /// publishes none, degrees (`RSCLOUD_ORBIT_OFF_NADIR_DEG`).
    pub orbit_off_nadir_deg: f64,
    /// The purchase plan's estimated price of new images per km², yuan, for the resolution
    /// classes 1 to 4 in order (`RSCLOUD_PLAN_PRICE_PER_KM2`, e.g. `[300, 100, 30, 5]`).
    pub plan_price_per_km2: [f64; 4],
    /// Orbit prediction: the lowest sun elevation at which an optical satellite can image,
    /// degrees (`RSCLOUD_ORBIT_MIN_SUN_ELEVATION_DEG`); a request may ask for another.
    pub orbit_min_sun_elevation_deg: f64,
    /// Orbit prediction: a URL (http or https) of element sets (TLE, 3LE or OMM, e.g.
    /// CelesTrak's GP data) fetched at start and then every `orbit_refresh_hours`
    /// (`RSCLOUD_ORBIT_REFRESH_URL`); none: element sets come only from `rscloud import tle`.
    pub orbit_refresh_url: Option<String>,
    /// Hours between two fetches of `orbit_refresh_url` (`RSCLOUD_ORBIT_REFRESH_HOURS`).
    pub orbit_refresh_hours: u64,
    /// Where the mobile app is downloaded (`RSCLOUD_CLIENT_PACKAGE_URL`, http or https): the
    /// footer shows it as a QR code; none: no QR code.
    pub client_package_url: Option<String>,
    /// The mobile app's version shown beside its QR code (`RSCLOUD_CLIENT_PACKAGE_VERSION`).
    pub client_package_version: Option<String>,
    /// Drone tasks: the external drone service's base URL, http or https, e.g.
    /// `https://uav.example.cn/api` (`RSCLOUD_DRONE_BASE_URL`); none: drone tasks are off.
    pub drone_base_url: Option<String>,
    /// The key sent to the drone service as `Authorization: Bearer …` (`RSCLOUD_DRONE_KEY`);
    /// needed with `drone_base_url`.
    pub drone_key: Option<Secret>,
    /// Milliseconds one call to the drone service may take, answer included
    /// (`RSCLOUD_DRONE_TIMEOUT_MS`).
    pub drone_timeout_ms: u64,
}

/// Addresses or networks, as a list or as one comma-separated string (the
/// form an environment variable takes); a bare address is a network of one.
fn networks<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<IpNet>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        One(String),
        Many(Vec<String>),
    }
    let given = match Given::deserialize(d)? {
        Given::One(text) => vec![text],
        Given::Many(list) => list,
    };
    given
        .iter()
        .flat_map(|text| text.split(','))
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(|text| {
            text.parse::<IpNet>()
                .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| {
                    serde::de::Error::custom(format!("{text} is not an address or a network"))
                })
        })
        .collect()
}

/// How to reach the mail server.
#[derive(Clone, Serialize, Deserialize, PartialEq)]
pub struct SmtpConfig {
    /// Host name or address.
    pub host: String,
    /// Port (25, 465, 587 …).
    pub port: u16,
    /// `none` (plain, for a local relay), `starttls` or `tls`.
    #[serde(default = "SmtpSecurity::default")]
    pub security: SmtpSecurity,
    /// Login name, when the server wants one.
    #[serde(default)]
    pub username: Option<String>,
    /// Password for `username`; never printed.
    #[serde(default)]
    pub password: Option<String>,
    /// The sender, e.g. `自然资源卫星遥感云服务平台 <noreply@example.cn>`.
    pub from: String,
}

impl std::fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("from", &self.from)
            .finish()
    }
}

/// Transport security towards the mail server.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    /// Plain SMTP: only for a relay on the same machine or network.
    None,
    /// Upgrade with STARTTLS (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
}

/// A display screen (spec §4): the page's `screenCode`, the account it logs in
/// as, who may log it in without a password, and what the session may see.
#[derive(Clone, Serialize, Deserialize, PartialEq)]
pub struct ScreenAccount {
    /// 1 or 2 (spec §4).
    pub code: u8,
    /// An existing account.
    pub username: String,
    /// Client networks the screens stand in; a request from one of them needs no key.
    #[serde(default, deserialize_with = "networks")]
    pub networks: Vec<IpNet>,
    /// A secret the page may send instead (`screenKey` in its address), from anywhere.
    #[serde(default)]
    pub key: Option<String>,
    /// Permission codes the session gets (those the account holds too); none
    /// named: only the account's `*_DISPLAY` codes.
    #[serde(default)]
    pub grants: Vec<String>,
    /// Region codes the session sees, within the account's own area ranges;
    /// none named: no region.
    #[serde(default)]
    pub ranges: Vec<String>,
}

impl std::fmt::Debug for ScreenAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScreenAccount")
            .field("code", &self.code)
            .field("username", &self.username)
            .field("networks", &self.networks)
            .field("key", &self.key.as_ref().map(|_| "***"))
            .field("grants", &self.grants)
            .field("ranges", &self.ranges)
            .finish()
    }
}

/// A secret from the configuration (a key), never printed by `Debug`.
#[derive(Clone, Serialize, Deserialize, PartialEq)]
#[serde(transparent)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines.
    Pretty,
    /// One JSON object per line.
    Json,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("var"),
            web_dir: PathBuf::from("web/dist"),
            demo: false,
            demo_scenes: crate::demo::DEMO_SCENES,
            demo_spots: crate::demo::spots::DEMO_SPOTS,
            scene_watch_ms: 2_000,
            log_format: LogFormat::Pretty,
            db_pool_size: 4,
            max_body_bytes: 2 * 1024 * 1024,
            session_idle_minutes: 8 * 60,
            captcha_fixed: None,
            smtp: None,
            screens: Vec::new(),
            public_url: None,
            trusted_proxies: Vec::new(),
            heavy_per_client: 2,
            heavy_total: 4,
            heavy_time_limit_ms: 10_000,
            delivery_dir: None,
            delivery_link_days: 7,
            cart_cap: 2_000,
            orbit_off_nadir_deg: 25.0,
            plan_price_per_km2: [300.0, 100.0, 30.0, 5.0],
            orbit_min_sun_elevation_deg: 10.0,
            orbit_refresh_url: None,
            orbit_refresh_hours: 24,
            client_package_url: None,
            client_package_version: None,
            drone_base_url: None,
            drone_key: None,
            drone_timeout_ms: 10_000,
        }
    }
}

/// Values given on the command line; only those present override.
#[derive(Debug, Default, Serialize)]
pub struct Overrides {
    /// `--addr`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addr: Option<SocketAddr>,
    /// `--data`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
    /// `--demo` (only ever switches it on).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub demo: bool,
}

/// Why the configuration could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The named file does not exist.
    #[error("config file {0} does not exist")]
    Missing(PathBuf),
    /// A value has the wrong type or form.
    #[error("invalid configuration: {0}")]
    Invalid(#[from] Box<figment::Error>),
    /// A value is well-formed but unusable.
    #[error("invalid configuration: {0}")]
    Value(&'static str),
}

impl Config {
    /// Builds the configuration from all sources, failing on bad values.
    pub fn load(file: Option<&Path>, overrides: Overrides) -> Result<Self, ConfigError> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Some(path) = file {
            if !path.exists() {
                return Err(ConfigError::Missing(path.to_path_buf()));
            }
            figment = figment.merge(Toml::file_exact(path));
        }
        let config: Config = figment
            .merge(Env::prefixed("RSCLOUD_").split("__"))
            .merge(Serialized::defaults(overrides))
            .extract()
            .map_err(Box::new)?;
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), ConfigError> {
        if self.db_pool_size == 0 {
            return Err(ConfigError::Value("db_pool_size must be at least 1"));
        }
        if self.session_idle_minutes < 1 {
            return Err(ConfigError::Value(
                "session_idle_minutes must be at least 1",
            ));
        }
        if self.heavy_per_client == 0 || self.heavy_total == 0 {
            return Err(ConfigError::Value(
                "heavy_per_client and heavy_total must be at least 1",
            ));
        }
        if !(1..=10_000).contains(&self.cart_cap) {
            return Err(ConfigError::Value("cart_cap must be from 1 to 10000"));
        }
        if !(1..=366).contains(&self.delivery_link_days) {
            return Err(ConfigError::Value(
                "delivery_link_days must be from 1 to 366",
            ));
        }
        if self.max_body_bytes < 1024 {
            return Err(ConfigError::Value("max_body_bytes must be at least 1024"));
        }
        if !self
            .plan_price_per_km2
            .iter()
            .all(|p| p.is_finite() && *p >= 0.0)
        {
            return Err(ConfigError::Value(
                "plan_price_per_km2 must be four prices of at least 0",
            ));
        }
        if !(0.0..=60.0).contains(&self.orbit_off_nadir_deg) {
            return Err(ConfigError::Value(
                "orbit_off_nadir_deg must be from 0 to 60 degrees",
            ));
        }
        if !(1..=720).contains(&self.orbit_refresh_hours) {
            return Err(ConfigError::Value(
                "orbit_refresh_hours must be from 1 to 720",
            ));
        }
        if let Some(url) = &self.orbit_refresh_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(ConfigError::Value(
                "orbit_refresh_url must be an http:// or https:// URL",
            ));
        }
        if let Some(url) = &self.client_package_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(ConfigError::Value(
                "client_package_url must be an http:// or https:// URL",
            ));
        }
        if let Some(url) = &self.drone_base_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(ConfigError::Value(
                "drone_base_url must be an http:// or https:// URL",
            ));
        }
        if self.drone_base_url.is_some() && self.drone_key.as_ref().is_none_or(|k| k.0.is_empty()) {
            return Err(ConfigError::Value(
                "drone_key is needed with drone_base_url",
            ));
        }
        if !(100..=120_000).contains(&self.drone_timeout_ms) {
            return Err(ConfigError::Value(
                "drone_timeout_ms must be from 100 to 120000",
            ));
        }
        if !(-18.0..=90.0).contains(&self.orbit_min_sun_elevation_deg) {
            return Err(ConfigError::Value(
                "orbit_min_sun_elevation_deg must be from -18 to 90 degrees",
            ));
        }
        for screen in &self.screens {
            if screen.networks.is_empty() && screen.key.is_none() {
                return Err(ConfigError::Value(
                    "every [[screens]] entry needs networks or a key: who may log it in",
                ));
            }
            if screen.key.as_ref().is_some_and(|k| k.len() < 16) {
                return Err(ConfigError::Value(
                    "a [[screens]] key must be at least 16 characters",
                ));
            }
            if screen
                .ranges
                .iter()
                .any(|r| crate::region::tree::normalize(r) != Some(r.as_str()))
            {
                return Err(ConfigError::Value(
                    "[[screens]] ranges are six-digit region codes (100000: the country)",
                ));
            }
        }
        Ok(())
    }

    /// Where uploaded files' bytes are: `files` in the data folder.
    pub fn files_path(&self) -> PathBuf {
        self.data_dir.join("files")
    }

    /// Folder of the photos of spot verification records (`spot_photos/<photo id>`).
    pub fn spot_photos_path(&self) -> PathBuf {
        self.data_dir.join("spot_photos")
    }

    /// Folder of the product files that orders deliver.
    pub fn delivery_path(&self) -> PathBuf {
        self.delivery_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("delivery"))
    }

    /// Where the before and after images of imported spots are kept.
    pub fn spot_image_path(&self) -> PathBuf {
        self.data_dir.join("spot_images")
    }

    /// The database file inside the data folder.
    pub fn database_path(&self) -> PathBuf {
        self.data_dir.join("rscloud.gpkg")
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail closures return its own large error type
mod tests {
    use super::*;

    #[test]
    fn file_then_environment_then_flags_win_in_order() {
        figment::Jail::expect_with(|jail| {
            jail.create_file(
                "rscloud.toml",
                "addr = \"0.0.0.0:9000\"\ndata_dir = \"/srv/rs\"\ndb_pool_size = 8\n",
            )?;
            jail.set_env("RSCLOUD_DB_POOL_SIZE", "3");
            let flags = Overrides {
                data_dir: Some("/tmp/flag".into()),
                ..Overrides::default()
            };
            let c = Config::load(Some(Path::new("rscloud.toml")), flags).expect("loads");
            assert_eq!(c.addr, SocketAddr::from(([0, 0, 0, 0], 9000)));
            assert_eq!(c.db_pool_size, 3);
            assert_eq!(c.data_dir, PathBuf::from("/tmp/flag"));
            assert_eq!(c.web_dir, PathBuf::from("web/dist"));
            Ok(())
        });
    }

    #[test]
    fn drone_tasks_are_off_by_default_and_need_a_url_and_a_key_never_printed() {
        figment::Jail::expect_with(|jail| {
            let c = Config::load(None, Overrides::default()).expect("defaults");
            assert_eq!((c.drone_base_url, c.drone_key), (None, None));
            jail.set_env("RSCLOUD_DRONE_BASE_URL", "https://uav.example.cn/api");
            let c = Config::load(None, Overrides::default());
            assert!(c.expect_err("no key").to_string().contains("drone_key"));
            jail.set_env("RSCLOUD_DRONE_KEY", "k-123456");
            let c = Config::load(None, Overrides::default()).expect("loads");
            assert_eq!(c.drone_key, Some(Secret("k-123456".into())));
            assert!(
                !format!("{c:?}").contains("k-123456"),
                "the key is never printed"
            );
            jail.set_env("RSCLOUD_DRONE_BASE_URL", "ftp://uav.example.cn");
            let c = Config::load(None, Overrides::default());
            assert!(
                c.expect_err("not http")
                    .to_string()
                    .contains("drone_base_url")
            );
            Ok(())
        });
    }

    #[test]
    fn plan_prices_are_four_non_negative_numbers_from_the_file_or_environment() {
        figment::Jail::expect_with(|jail| {
            assert_eq!(
                Config::load(None, Overrides::default())
                    .expect("defaults")
                    .plan_price_per_km2,
                [300.0, 100.0, 30.0, 5.0]
            );
            jail.create_file("rscloud.toml", "plan_price_per_km2 = [400, 120.5, 30, 0]\n")?;
            let c = Config::load(Some(Path::new("rscloud.toml")), Overrides::default());
            assert_eq!(
                c.expect("loads").plan_price_per_km2,
                [400.0, 120.5, 30.0, 0.0]
            );
            jail.set_env("RSCLOUD_PLAN_PRICE_PER_KM2", "[1, 2, 3, 4]");
            let c = Config::load(None, Overrides::default()).expect("loads");
            assert_eq!(c.plan_price_per_km2, [1.0, 2.0, 3.0, 4.0]);
            jail.set_env("RSCLOUD_PLAN_PRICE_PER_KM2", "[1, 2, -3, 4]");
            assert!(Config::load(None, Overrides::default()).is_err());
            Ok(())
        });
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks_in_a_list_or_one_string() {
        figment::Jail::expect_with(|jail| {
            let expected: Vec<IpNet> = vec![
                "127.0.0.1/32".parse().expect("net"),
                "10.0.0.0/8".parse().expect("net"),
                "::1/128".parse().expect("net"),
            ];
            jail.create_file(
                "rscloud.toml",
                "trusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\", \"::1\"]\n",
            )?;
            let c = Config::load(Some(Path::new("rscloud.toml")), Overrides::default());
            assert_eq!(c.expect("loads").trusted_proxies, expected);
            jail.set_env("RSCLOUD_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8,::1");
            let c = Config::load(None, Overrides::default()).expect("loads");
            assert_eq!(c.trusted_proxies, expected);
            jail.set_env("RSCLOUD_TRUSTED_PROXIES", "127.0.0.1, nginx");
            let err = Config::load(None, Overrides::default()).expect_err("refused");
            assert!(err.to_string().contains("nginx is not an address"), "{err}");
            Ok(())
        });
    }

    #[test]
    fn screens_name_who_may_log_them_in_and_what_they_see() {
        figment::Jail::expect_with(|jail| {
            jail.create_file(
                "rscloud.toml",
                r#"
[[screens]]
code = 1
username = "screen"
networks = ["10.1.0.0/16", "::1"]
grants = ["MOD_056", "MOD_056_DISPLAY"]
ranges = ["420000"]

[[screens]]
code = 2
username = "screen"
key = "a-long-enough-secret"
"#,
            )?;
            let c = Config::load(Some(Path::new("rscloud.toml")), Overrides::default());
            let screens = c.expect("loads").screens;
            assert_eq!(
                screens[0].networks,
                vec![
                    "10.1.0.0/16".parse::<IpNet>().expect("net"),
                    "::1/128".parse().expect("net")
                ]
            );
            assert_eq!(screens[0].ranges, ["420000"]);
            assert_eq!(screens[1].key.as_deref(), Some("a-long-enough-secret"));
            assert!(
                !format!("{:?}", screens[1]).contains("secret"),
                "the key is never printed"
            );
            for (entry, why) in [
                ("", "networks or a key"),
                ("key = \"short\"", "at least 16"),
                ("networks = [\"::1\"]\nranges = [\"42\"]", "six-digit"),
            ] {
                jail.create_file(
                    "rscloud.toml",
                    &format!("[[screens]]\ncode = 1\nusername = \"screen\"\n{entry}\n"),
                )?;
                let err = Config::load(Some(Path::new("rscloud.toml")), Overrides::default())
                    .expect_err(why);
                assert!(err.to_string().contains(why), "{err}");
            }
            Ok(())
        });
    }

    #[test]
    fn bad_values_fail_at_start() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("RSCLOUD_ADDR", "not-an-address");
            assert!(matches!(
                Config::load(None, Overrides::default()),
                Err(ConfigError::Invalid(_))
            ));
            jail.set_env("RSCLOUD_ADDR", "127.0.0.1:1");
            jail.set_env("RSCLOUD_DB_POOL_SIZE", "0");
            assert!(matches!(
                Config::load(None, Overrides::default()),
                Err(ConfigError::Value(_))
            ));
            Ok(())
        });
        assert!(matches!(
            Config::load(Some(Path::new("/nonexistent/x.toml")), Overrides::default()),
            Err(ConfigError::Missing(_))
        ));
    }
}
