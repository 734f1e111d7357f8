//! The `rscloud` command: `serve`, `openapi`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rscloud::config::{Config, Overrides};

/// rscloud: satellite remote-sensing cloud platform server.
#[derive(Parser)]
#[command(name = "rscloud", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and the API.
    Serve {
        /// TOML configuration file.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Address to listen on, e.g. 127.0.0.1:8080 (port 0 picks a free port).
        #[arg(long)]
        addr: Option<std::net::SocketAddr>,
        /// Data folder holding rscloud.gpkg.
        #[arg(long)]
        data: Option<PathBuf>,
        /// Load the demo data.
        #[arg(long)]
        demo: bool,
    },
    /// Print the OpenAPI document of every /api route.
    Openapi,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Serve {
            config,
            addr,
            data,
            demo,
        } => {
            let overrides = Overrides {
                addr,
                data_dir: data,
                demo,
            };
            let config = match Config::load(config.as_deref(), overrides) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("rscloud: {e}");
                    return ExitCode::from(2);
                }
            };
            match serve(config) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("rscloud: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Openapi => match rscloud::openapi().to_pretty_json() {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("rscloud: cannot write the OpenAPI document: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

#[tokio::main]
async fn serve(config: Config) -> anyhow::Result<()> {
    rscloud::telemetry::init_logging(config.log_format);
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
    let state = rscloud::open_state(config)?;
    let addr = listener.local_addr()?;
    // On stdout, for people and for scripts that wait for the port.
    println!("rscloud listening on http://{addr}{}", rscloud::web::HOME);
    rscloud::run(listener, state, rscloud::shutdown_signal()).await?;
    Ok(())
}
