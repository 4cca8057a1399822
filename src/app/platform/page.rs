//! The run options a web page is opened with: its query string read as the command line
//! (`?level=1&track=2` is `latu play --level 1 --track 2`, `?endless` is `--endless`,
//! `?show=settings` is `--show settings`), so tests and links open a moment directly.

use std::fmt;

/// The program name the arguments start with, as on a command line.
const PROGRAM: &str = "latu";
/// The subcommand a page always runs.
const SUBCOMMAND: &str = "play";

/// A query string that is not a set of run options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadQuery(String);

impl fmt::Display for BadQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the page's address has {}", self.0)
    }
}

/// The command line the query string `query` (without its `?`) stands for: `latu play`
/// followed by `--name` or `--name value` for each `name` or `name=value`, in order. Values
/// are percent-decoded (`+` is a space); names are lower-case letters, digits and `-`.
pub fn args_of_query(query: &str) -> Result<Vec<String>, BadQuery> {
    let mut args = vec![PROGRAM.to_owned(), SUBCOMMAND.to_owned()];
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = match pair.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (pair, None),
        };
        let named = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !named {
            return Err(BadQuery(format!("\"{pair}\", which is not an option name")));
        }
        args.push(format!("--{name}"));
        if let Some(value) = value {
            args.push(decode(value).ok_or_else(|| {
                BadQuery(format!(
                    "\"{pair}\", whose value is not percent-encoded UTF-8"
                ))
            })?);
        }
    }
    Ok(args)
}

/// `value` with `+` as a space and `%XX` as that byte; `None` if that is not UTF-8 or a `%` is
/// not followed by two hex digits.
fn decode(value: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(value.len());
    let mut rest = value.bytes();
    while let Some(byte) = rest.next() {
        bytes.push(match byte {
            b'+' => b' ',
            b'%' => {
                let high = char::from(rest.next()?).to_digit(16)?;
                let low = char::from(rest.next()?).to_digit(16)?;
                u8::try_from(high * 16 + low).ok()?
            }
            other => other,
        });
    }
    String::from_utf8(bytes).ok()
}

/// This page's run options as a command line; a query that is not one is told to the console
/// and the game opens at its title.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub fn args() -> Vec<String> {
    args_of_query(&super::web::query()).unwrap_or_else(|bad| {
        super::log::tell_developers(&format!("latu: {bad}; opening the title"));
        vec![PROGRAM.to_owned(), SUBCOMMAND.to_owned()]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(query: &str) -> Vec<String> {
        args_of_query(query).expect("a valid query")
    }

    #[test]
    fn each_option_becomes_a_flag_in_order() {
        assert_eq!(args(""), ["latu", "play"]);
        assert_eq!(
            args("level=1&track=2"),
            ["latu", "play", "--level", "1", "--track", "2"]
        );
        assert_eq!(
            args("endless&autoplay"),
            ["latu", "play", "--endless", "--autoplay"]
        );
        assert_eq!(
            args("daily=2026-12-02"),
            ["latu", "play", "--daily", "2026-12-02"]
        );
        assert_eq!(
            args("show=settings&"),
            ["latu", "play", "--show", "settings"]
        );
    }

    #[test]
    fn values_are_percent_decoded() {
        assert_eq!(args("name=a+b%C3%A4"), ["latu", "play", "--name", "a bä"]);
    }

    #[test]
    fn anything_else_is_refused_naming_it() {
        for bad in ["=1", "Level=1", "le vel", "x=%zz", "x=%ff", "--level=1"] {
            let error = args_of_query(bad).unwrap_err().to_string();
            assert!(error.contains(bad), "{error}");
        }
    }

    #[test]
    fn the_page_options_are_what_the_command_line_takes() {
        use crate::cli::args::{Cli, Command};
        use clap::Parser;
        for query in [
            "level=1&track=2",
            "endless",
            "daily=2026-12-02",
            "autoplay",
            "show=settings",
        ] {
            let parsed = Cli::try_parse_from(args(query)).expect(query);
            assert!(matches!(parsed.command, Some(Command::Play(_))), "{query}");
        }
    }
}
