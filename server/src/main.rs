//! `latu-server [--listen ADDR] [--database URL] [--web DIR]`, and `latu-server bench`.

use clap::{Parser, Subcommand};
use latu_server::admin::{self, Operation};
#[cfg(feature = "bench")]
use latu_server::bench::{self, LoadBenchArgs};
use latu_server::serve::{self, ServeArgs};
use std::io::Write;
use std::process::ExitCode;

/// Latu's leaderboard: ranks only the runs it re-played itself.
#[derive(Debug, Parser)]
#[command(name = "latu-server", version)]
struct Cli {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Start a server on 127.0.0.1 and measure it (submissions, board reads, CPU, memory).
    #[cfg(feature = "bench")]
    Bench(LoadBenchArgs),
    #[command(flatten)]
    Operate(Operation),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("LATU_SERVER_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts");
    match cli.command {
        #[cfg(feature = "bench")]
        Some(Command::Bench(args)) => match runtime.block_on(bench::run(&args)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(why) => {
                eprintln!("latu-server bench: {why}");
                ExitCode::from(2)
            }
        },
        Some(Command::Operate(operation)) => runtime.block_on(admin::run(&operation)),
        None => runtime.block_on(serve_until_stopped(&cli.serve)),
    }
}

async fn serve_until_stopped(args: &ServeArgs) -> ExitCode {
    let running = match serve::start(args).await {
        Ok(running) => running,
        Err(why) => {
            eprintln!("latu-server: {why}");
            return ExitCode::from(2);
        }
    };
    // The first line on stdout names the address (a test listening on port 0 reads it).
    println!("latu-server listening on http://{}", running.addr);
    let _ = std::io::stdout().flush();
    tokio::select! {
        served = running.serving => match served {
            Ok(Ok(())) => ExitCode::SUCCESS,
            Ok(Err(e)) => {
                eprintln!("latu-server: serving stopped: {e}");
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("latu-server: serving stopped: {e}");
                ExitCode::FAILURE
            }
        },
        _ = tokio::signal::ctrl_c() => ExitCode::SUCCESS,
    }
}
