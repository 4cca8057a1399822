use clap::Parser;
use latu::cli::args::{Cli, Command, PlayArgs};
use latu::cli::{self, CliError};
use std::process::ExitCode;

fn main() -> ExitCode {
    let parsed = Cli::parse();
    let result = match parsed.command {
        None => latu::app::play(PlayArgs::default()),
        Some(Command::Play(args)) => latu::app::play(args),
        Some(Command::Chunk(args)) => cli::chunk::run(&args),
        Some(Command::Course(args)) => cli::course::run(&args),
        Some(Command::Simulate(args)) => cli::simulate::run(&args),
        Some(Command::Replay(args)) => cli::replay::run(&args),
        Some(Command::Bench(args)) => cli::bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError { code, message }) => {
            eprintln!("latu: {message}");
            ExitCode::from(u8::try_from(code).expect("exit codes are small"))
        }
    }
}
