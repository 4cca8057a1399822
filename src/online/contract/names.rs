//! The name rules the server and the game share (online.md, `POST /v1/players`): one set of
//! characters, the one the game can draw and the server accepts, and when two names are the
//! same name.
//!
//! - A name has [`MIN_CHARS`] to [`MAX_CHARS`] characters, each a [name character](is_name_char):
//!   space, `-`, `_`, or a letter, digit or combining mark that Unicode's identifier profile
//!   allows (UTS #39 `Identifier_Status=Allowed`: no compatibility forms such as fullwidth,
//!   mathematical or circled letters) **and** one of the game's faces draws
//!   ([`crate::script::face_of`]: the menus' font cut to `tools/fonts/latu-charset.txt` and the
//!   fonts for names in other scripts). It neither starts nor ends with a space, holds no two
//!   together, and does not start with a combining mark.
//! - Two names are **the same name** when their [`folded`] forms are equal: lower case, then
//!   the UTS #39 skeleton (what a character looks like: Cyrillic `А` and Latin `A` alike), so
//!   `Аino` (Cyrillic А) and `Aіno` (Cyrillic і) are `Aino`.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_security::GeneralSecurityProfile;

/// Fewest characters a name has.
pub const MIN_CHARS: usize = 3;
/// Most characters a name has.
pub const MAX_CHARS: usize = 16;

/// The bidirectional formatting characters (marks, embeddings, overrides and isolates): they
/// make text read differently from what it is, so no name holds one and no sentence shows one.
pub const BIDI_CONTROLS: [char; 12] = [
    '\u{200E}', '\u{200F}', '\u{061C}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
];

/// Whether `c` is one of the [`BIDI_CONTROLS`].
pub fn is_bidi_control(c: char) -> bool {
    BIDI_CONTROLS.contains(&c)
}

/// Whether `c` may be in a name: space, `-`, `_`, or a letter, digit or combining mark that
/// the identifier profile allows and a face of the game draws.
pub fn is_name_char(c: char) -> bool {
    matches!(c, ' ' | '-' | '_')
        || ((c.is_alphanumeric() || is_combining_mark(c))
            && (c.identifier_allowed() || c == THAI_SARA_AM)
            && crate::script::face_of(c).is_some())
}

/// Thai's vowel sign AM: the profile leaves it out only because it has a compatibility
/// decomposition (into NIKHAHIT and SARA AA), yet Thai is written with it (`น้ำ`, water).
const THAI_SARA_AM: char = '\u{0E33}';

/// Why `c` cannot be in a name, in a player's words (`None`: it can).
pub fn char_refusal(c: char) -> Option<String> {
    if is_name_char(c) {
        return None;
    }
    let code = u32::from(c);
    let letter = c.is_alphanumeric() || is_combining_mark(c);
    let styled = std::iter::once(c).nfkc().ne(std::iter::once(c));
    let sentence = if c.is_control() {
        format!("A name cannot hold a control character (U+{code:04X}).")
    } else if is_bidi_control(c) {
        format!("A name cannot hold a bidirectional formatting character (U+{code:04X}).")
    } else if c.is_whitespace() {
        format!("A name cannot hold the character U+{code:04X}.")
    } else if letter && styled {
        format!(
            "A name cannot hold U+{code:04X} ({c}): a styled or look-alike form of a letter \
             (fullwidth, mathematical, circled …); type the letter itself."
        )
    } else if letter && crate::script::face_of(c).is_none() {
        format!("The game cannot draw the character U+{code:04X} ({c}) in a name.")
    } else if letter {
        format!(
            "A name cannot hold U+{code:04X} ({c}): only letters and marks in everyday use \
             (Unicode's identifier profile), not historic scripts, or points for teaching."
        )
    } else {
        format!("A name holds letters, digits, space, '-' and '_' only, not U+{code:04X} ({c}).")
    };
    Some(sentence)
}

/// `Ok` if `name` is a valid name, else the sentence that says why not.
pub fn check(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&count) {
        return Err(format!(
            "A name has {MIN_CHARS} to {MAX_CHARS} characters; this one has {count}."
        ));
    }
    if let Some(refusal) = name.chars().find_map(char_refusal) {
        return Err(refusal);
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err(
            "A name neither starts nor ends with a space, nor holds two spaces together."
                .to_owned(),
        );
    }
    if name.chars().next().is_some_and(is_combining_mark) {
        return Err("A name cannot start with a combining mark.".to_owned());
    }
    Ok(())
}

/// The form names are compared in: two names with the same folded form are the same name
/// (they differ only in case, or look alike). Lower case first, so that case never matters,
/// then the UTS #39 skeleton.
pub fn folded(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_and_marks_the_game_draws_pass() {
        for name in [
            "Aino",
            "Ääkkönen_7",
            "Снег-1",
            "雪山滑雪",
            "ab c",
            "Ω-9",
            "สมชาย",
            "น้ำใส",
            "שלום",
        ] {
            assert_eq!(check(name), Ok(()), "{name}");
        }
    }

    #[test]
    fn short_long_control_bidi_symbols_and_styled_letters_are_refused() {
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
            "Ａｉｎｏ",
            "𝐀𝐢𝐧𝐨",
            "Ⓐⓘⓝⓞ",
            "नमस्ते",
            "ᚠᚢᚦ",
            "\u{0301}Aino",
            "שָׁלוֹם",
        ] {
            assert!(check(name).is_err(), "{name:?}");
        }
        assert!(check("Ａｉｎｏ").is_err_and(|e| e.contains("cannot")));
    }

    #[test]
    fn case_and_look_alikes_fold_to_one_name() {
        let aino = folded("Aino");
        for alike in ["aino", "AINO", "Аino", "Aіno", "АІNО"] {
            assert_eq!(folded(alike), aino, "{alike}");
        }
        assert_ne!(folded("Aina"), aino);
        assert_ne!(folded("Kaisa"), folded("Kaisa Two"));
    }
}
