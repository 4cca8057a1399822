use clap::Parser;
use latu::cli::args::{Cli, Command, PlayArgs};
use latu::cli::{self, CliError};
use std::process::ExitCode;

#[cfg(feature = "window")]
fn play(args: PlayArgs) -> Result<(), CliError> {
    latu::app::play(args)
}

/// A headless build (`--no-default-features`) has every subcommand but `play`.
#[cfg(not(feature = "window"))]
fn play(_args: PlayArgs) -> Result<(), CliError> {
    Err(CliError::bad_input(
        "this build has no window (built without the `window` feature); `latu play` needs it",
    ))
}

/// `message` with control characters escaped (`\u{1b}`): messages quote bytes from files and
/// arguments, and raw escape sequences would drive the player's terminal.
fn printable(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The command line; in a browser, the page's query string read as one.
fn command_line() -> Cli {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "window"))]
    return Cli::try_parse_from(latu::app::platform::page::args()).unwrap_or_else(|error| {
        latu::app::platform::log::tell_developers(&format!("latu: {error}; opening the title"));
        Cli { command: None }
    });
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown", feature = "window")))]
    return Cli::parse();
}

/// Tell the player what went wrong: stderr, or the browser's console.
fn report(message: &str) {
    #[cfg(feature = "window")]
    latu::app::platform::log::tell_developers(message);
    #[cfg(not(feature = "window"))]
    eprintln!("{message}");
}

fn main() -> ExitCode {
    let parsed = command_line();
    let result = match parsed.command {
        None => play(PlayArgs::default()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Chunk(args)) => cli::chunk::run(&args),
        Some(Command::Course(args)) => cli::course::run(&args),
        Some(Command::Simulate(args)) => cli::simulate::run(&args),
        Some(Command::Replay(args)) => cli::replay::run(&args),
        Some(Command::Bench(args)) => cli::bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError { code, message }) => {
            report(&format!("latu: {}", printable(&message)));
            ExitCode::from(u8::try_from(code).expect("exit codes are small"))
        }
    }
}
