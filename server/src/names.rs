//! Player names: 3–16 characters, letters and digits of any script, space, `-` and `_`; unique
//! regardless of case.

/// Fewest characters a name has.
pub const MIN_CHARS: usize = 3;
/// Most characters a name has.
pub const MAX_CHARS: usize = 16;

/// `name` if it is a valid name, else the sentence that says why not.
pub fn check(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&count) {
        return Err(format!(
            "a name has {MIN_CHARS} to {MAX_CHARS} characters; this one has {count}"
        ));
    }
    for c in name.chars() {
        if c.is_control() {
            return Err(format!(
                "a name cannot hold a control character (U+{:04X})",
                u32::from(c)
            ));
        }
        if latu::online::contract::is_bidi_control(c) {
            return Err(format!(
                "a name cannot hold a bidirectional formatting character (U+{:04X})",
                u32::from(c)
            ));
        }
        if !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_')) {
            return Err(format!(
                "a name holds letters, digits, space, '-' and '_' only, not {c:?}"
            ));
        }
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err(
            "a name neither starts nor ends with a space, nor holds two spaces together"
                .to_string(),
        );
    }
    Ok(())
}

/// The form names are compared in: two names that differ only in case are the same name.
pub fn folded(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_digits_of_any_script_pass() {
        for name in ["Aino", "Ääkkönen_7", "Снег-1", "雪山滑雪", "ab c", "Ω-9"] {
            assert_eq!(check(name), Ok(()), "{name}");
        }
    }

    #[test]
    fn short_long_control_bidi_and_symbols_are_refused() {
        for name in [
            "ab",
            "a234567890123456x",
            "Ai\u{0}no",
            "Ai\tno",
            "Ai\u{202E}no",
            "Ai\u{2066}no",
            "Aino!",
            "Ai<b>",
            " Aino",
            "Aino ",
            "Ai  no",
        ] {
            assert!(check(name).is_err(), "{name:?}");
        }
        assert_eq!(folded("AINO"), folded("aino"));
    }
}
