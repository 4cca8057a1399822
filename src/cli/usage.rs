//! A usage error as one faithful line: clap renders an error over several lines, with the raw
//! argument in it (a newline in the argument cut the reason short, and its terminal escapes
//! were stripped, so it was quoted wrongly) and a long argument whole. Here the argument is
//! quoted with every control character escaped, and cut with its length said when long.

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};
use std::fmt::Write;

/// The most characters of an argument quoted in a message; a longer one is cut, its length
/// said.
pub const MAX_SHOWN_CHARS: usize = 60;

/// `value` as a message quotes it: in single quotes, control characters escaped (`\n`,
/// `\u{1b}`), cut after [`MAX_SHOWN_CHARS`] with "… (N characters)".
pub fn shown(value: &str) -> String {
    let length = value.chars().count();
    let kept: String = value.chars().take(MAX_SHOWN_CHARS).collect();
    let mut text = format!("'{}'", super::printable(&kept));
    if length > MAX_SHOWN_CHARS {
        text.insert(text.len() - 1, '…');
        let _ = write!(text, " ({length} characters)");
    }
    text
}

/// The usage error in one line (no "error: " prefix), every argument in it quoted by
/// [`shown`].
pub fn one_line(error: &Error) -> String {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let (value, arg) = (
        text(ContextKind::InvalidValue),
        text(ContextKind::InvalidArg),
    );
    match (error.kind(), value, arg) {
        (ErrorKind::ValueValidation, Some(value), Some(arg)) => {
            let reason = std::error::Error::source(error)
                .map(|source| {
                    source
                        .to_string()
                        .replace(&format!("{value:?}"), &shown(value))
                })
                .unwrap_or_else(|| "it cannot be used".to_owned());
            format!("invalid value {} for '{arg}': {reason}", shown(value))
        }
        (ErrorKind::InvalidValue, Some(value), Some(arg)) => {
            let valid: Vec<&str> = match error.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(valid)) => valid.iter().map(String::as_str).collect(),
                _ => Vec::new(),
            };
            let mut line = format!("invalid value {} for '{arg}'", shown(value));
            if !valid.is_empty() {
                let _ = write!(line, " (possible values: {})", valid.join(", "));
            }
            line
        }
        (ErrorKind::UnknownArgument, _, Some(arg)) => {
            format!("unexpected argument {} found", shown(arg))
        }
        _ => first_line(error),
    }
}

/// The first line of clap's own rendering, without its "error: ".
fn first_line(error: &Error) -> String {
    let rendered = error.to_string();
    let first = rendered
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("the command line cannot be read");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let cut: String = first.chars().take(4 * MAX_SHOWN_CHARS).collect();
    match cut.len() < first.len() {
        true => format!("{cut}…"),
        false => cut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_is_quoted_faithfully_and_cut_when_long() {
        assert_eq!(shown("1\n2"), "'1\\n2'");
        assert_eq!(shown("1\u{1b}[31mred"), "'1\\u{1b}[31mred'");
        let long = shown(&"7".repeat(100_000));
        assert!(long.ends_with("…' (100000 characters)"), "{long}");
        assert!(long.chars().count() < 100, "{long}");
    }
}
