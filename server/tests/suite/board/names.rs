//! Names: the contract's one set of characters (what the game draws and the server accepts),
//! and look-alike names a 409 (UTS #39 skeletons). Each row prints with `--nocapture`.

use crate::support::{cheat_row, named_player, Databases, Server};
use latu_server::client::Player;

/// Names tried beside a registered `Aino`, the status each gets and words its sentence holds.
const TRIED: [(&str, &str, u16, &str); 9] = [
    ("Cyrillic А", "Аino", 409, "looks like a taken name"),
    ("Cyrillic і", "Aіno", 409, "looks like a taken name"),
    ("upper case", "AINO", 409, "taken"),
    ("fullwidth", "Ａｉｎｏ", 400, "styled or look-alike form"),
    (
        "mathematical bold",
        "𝐀𝐢𝐧𝐨",
        400,
        "styled or look-alike form",
    ),
    ("circled", "Ⓐⓘⓝⓞ", 400, "styled or look-alike form"),
    (
        "Devanagari (no face of the game draws it)",
        "नमस्ते",
        400,
        "cannot draw",
    ),
    (
        "Runic (no face of the game draws it)",
        "ᚠᚢᚦ",
        400,
        "cannot draw",
    ),
    (
        "mathematical bold alone",
        "𝐁𝐞𝐚",
        400,
        "styled or look-alike form",
    ),
];

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("names"), &[]);
    let mut conn = server.connect().await;
    named_player(&mut conn, 6100, "Aino").await;
    for (n, (what, name, status, says)) in TRIED.iter().enumerate() {
        let player = Player::from_number(6200 + n as u64);
        let response = player.register(&mut conn, name).await.expect("answered");
        let sentence = response.error().unwrap_or_default();
        let tried = format!("the name {name} ({what}) beside Aino");
        cheat_row(label, &tried, response.status, &sentence);
        assert_eq!(response.status, *status, "{label}: {what}: {sentence}");
        assert!(sentence.contains(says), "{label}: {what}: {sentence:?}");
    }
    // Names of the scripts the game draws are taken as they are.
    for (n, name) in ["Снег-1", "雪山滑雪", "น้ำใส", "שלום", "Ääkkönen_7"]
        .iter()
        .enumerate()
    {
        named_player(&mut conn, 6300 + n as u64, name).await;
    }
}
