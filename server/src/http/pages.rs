//! The two web pages a store asks for: `GET /delete`, a form that deletes a player by its name
//! and recovery code (no script: the form posts to `/v1/delete-requests` and is answered with a
//! page), and `GET /privacy`, what the server keeps and for how long.

use super::account::LINK_LIFETIME_S;
use super::error::{shown, ApiError};
use axum::http::StatusCode;
use axum::response::Html;

const STYLE: &str = "body{font-family:sans-serif;max-width:34em;margin:2em auto;padding:0 1em;\
     line-height:1.5}label,input,button{display:block;font-size:1.1em;margin:.3em 0}\
     input{width:100%;box-sizing:border-box;padding:.4em}button{padding:.5em 1.2em}";

fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><style>{STYLE}</style></head><body><h1>{title}</h1>{body}\
         </body></html>"
    ))
}

/// `GET /delete`: the form.
pub async fn delete_form() -> Html<String> {
    page(
        "Delete your Latu online account",
        "<p>This deletes your player from Latu's online boards: its name, its keys, its ranked \
         runs and their replays. The name is free again afterwards. It cannot be undone. The \
         game keeps your coins, results and replays on your device.</p>\
         <p>In the game, Settings &rarr; Account &rarr; Delete my online account does the same \
         without the code.</p>\
         <form method=\"post\" action=\"/v1/delete-requests\">\
         <label for=\"name\">Your player name</label>\
         <input id=\"name\" name=\"name\" required maxlength=\"64\" autocomplete=\"username\">\
         <label for=\"recovery\">Your recovery code (shown when you registered the name)</label>\
         <input id=\"recovery\" name=\"recovery\" required maxlength=\"64\" \
         autocomplete=\"off\" autocapitalize=\"characters\">\
         <button type=\"submit\">Delete my account</button></form>\
         <p><a href=\"/privacy\">What the server keeps</a></p>",
    )
}

/// The page after a deletion from the form.
pub fn deleted() -> Html<String> {
    page(
        "Your account is deleted",
        "<p>Your name, keys, runs and replays are gone from the server. The name is free \
         again.</p>",
    )
}

/// The page after a refused deletion from the form.
pub fn not_deleted(refusal: &ApiError) -> (StatusCode, Html<String>) {
    let said = escaped(&shown(&refusal.sentence));
    (
        refusal.status,
        page(
            "Nothing was deleted",
            &format!("<p>{said}</p><p><a href=\"/delete\">Try again</a></p>"),
        ),
    )
}

/// `GET /privacy`.
pub async fn privacy() -> Html<String> {
    page(
        "Latu online: what is stored",
        &format!(
            "<p>Latu's online boards keep only what ranking runs needs:</p><ul>\
             <li><b>Public keys</b>: each device makes a key pair and sends only its public \
             half, to sign its writes. The first key is your player's id.</li>\
             <li><b>Your player name</b>, and when it was registered.</li>\
             <li><b>Your ranked runs</b>: the replay file (your inputs, the course, the \
             rifle), the server's score, time, misses and distance, and when it arrived.</li>\
             <li>A <b>hash of your recovery code</b> (never the code) and, for {} minutes, \
             hashes of codes that join another device.</li>\
             <li><b>Reports</b> you make about a run (the run, your sentence, your key), \
             until the operator deals with them or you delete your account.</li></ul>\
             <p><b>Addresses</b>: your IP address is held in memory only, to limit how many \
             requests one address makes a minute; it is forgotten within two minutes of your \
             last request and never written to disk. Server logs do not record addresses.</p>\
             <p>No e-mail, no password, no location, no advertising identifiers.</p>\
             <p>You can delete everything above from the game (Settings &rarr; Account) or on \
             <a href=\"/delete\">the deletion page</a>.</p>",
            LINK_LIFETIME_S / 60
        ),
    )
}

/// `text` safe inside HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
