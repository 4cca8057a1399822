//! The name rules the server and the game share (online.md, `POST /v1/players`).

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
