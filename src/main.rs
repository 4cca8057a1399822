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

#[cfg(not(any(target_arch = "wasm32", target_os = "android")))]
fn send(args: &latu::cli::args::SendArgs) -> Result<(), CliError> {
    cli::send::run(args)
}

/// A browser or a phone sends from inside the game only.
#[cfg(any(target_arch = "wasm32", target_os = "android"))]
fn send(_args: &latu::cli::args::SendArgs) -> Result<(), CliError> {
    Err(CliError::bad_input(
        "`latu send` is the desktop's; a browser or a phone sends from the game",
    ))
}

/// Exit code of a usage error: bad input, as clap's own.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown", feature = "window")))]
const EXIT_USAGE: u8 = 2;

/// The command line, or the exit for a usage error: help and version as clap prints them; any
/// other error one escaped line on stderr (clap's own is several lines, with the raw argument),
/// exit 2. (A browser reads the page's address instead, see [`command_line`].)
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown", feature = "window")))]
fn parse() -> Result<Cli, ExitCode> {
    Cli::try_parse().map_err(|error| {
        if !error.use_stderr() {
            // --help and --version: their text on stdout, as asked.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        let line = cli::usage::one_line(&error);
        cli::eprintln_safely(&format!("latu: {line} (see latu --help)"));
        ExitCode::from(EXIT_USAGE)
    })
}

/// The command line, or the exit for a usage error; in a browser, the page's query string read
/// as one (a bad one opens the title).
fn command_line() -> Result<Cli, ExitCode> {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "window"))]
    return Ok(
        Cli::try_parse_from(latu::app::platform::page::args()).unwrap_or_else(|error| {
            latu::app::platform::log::tell_developers(&format!("latu: {error}; opening the title"));
            Cli { command: None }
        }),
    );
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown", feature = "window")))]
    return parse();
}

/// Tell what went wrong, in one escaped line: stderr, logcat, or the browser's console.
fn report(message: &str) {
    #[cfg(feature = "window")]
    latu::app::platform::log::tell_developers(message);
    #[cfg(not(feature = "window"))]
    cli::eprintln_safely(message);
}

fn main() -> ExitCode {
    cli::stderr::keep_writable();
    let parsed = match command_line() {
        Ok(parsed) => parsed,
        Err(exit) => return exit,
    };
    let result = match parsed.command {
        None => play(PlayArgs::default()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Chunk(args)) => cli::chunk::run(&args),
        Some(Command::Course(args)) => cli::course::run(&args),
        Some(Command::Simulate(args)) => cli::simulate::run(&args),
        Some(Command::Replay(args)) => cli::replay::run(&args),
        Some(Command::Bench(args)) => cli::bench::run(&args),
        Some(Command::Send(args)) => send(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError { code, message }) => {
            report(&format!("latu: {message}"));
            ExitCode::from(u8::try_from(code).expect("exit codes are small"))
        }
    }
}
