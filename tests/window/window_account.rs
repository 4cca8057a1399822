//! Settings → Account in the window against a real `latu-server` on 127.0.0.1: a player whose
//! name was just registered (by `latu send`, as a finished run registers it) sees the recovery
//! code once with "Write this down"; "Link another device" shows the server's code and its
//! minutes left; "I have a code" shows the field with Paste and Join; the deletion's second
//! step says what goes and what stays. Each at 360×800, 540×960 and 1280×720 through the
//! layout check (no text too small, over another or across a card). Needs `xvfb-run` or a
//! display and the server built.

use crate::common::scratch;
use crate::window_online::{assert_laid_out, layout, replay, send_as, server, shown, texts, SIZES};
use latu::phone::layout_check::Box2;

/// Each state's `--show` screen and words it must show.
const STATES: [(&str, &[&str]); 4] = [
    (
        "account",
        &["Name: Aino", "Your recovery code", "I wrote it down"],
    ),
    (
        "account-link",
        &["Link another device", "Good for 10 more minutes, once"],
    ),
    ("account-code", &["K7QX2-MR_", "Paste", "Join"]),
    (
        "account-delete",
        &["Delete your online account?", "Keep it", "Delete"],
    ),
];

#[test]
fn the_account_screen_reads_in_each_state_at_every_size() {
    let dir = scratch("window-account");
    let Some(server) = server(&dir) else {
        return;
    };
    let aino = dir.join("aino");
    let answer = send_as(&server, &aino, "Aino", &replay(&dir, false));
    assert!(answer["rank"].is_u64(), "{answer}");
    let identity: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(aino.join("latu").join("identity.json"))
            .or_else(|_| std::fs::read_to_string(aino.join("identity.json")))
            .expect("identity.json"),
    )
    .expect("JSON");
    let code = identity["recovery_unseen"]
        .as_str()
        .expect("the code kept until seen")
        .to_owned();
    for size in SIZES {
        for (screen, words) in STATES {
            let Some(stats) = shown(&aino, &server.url(), &["--show", screen], size) else {
                return;
            };
            let drawn = layout(&stats);
            let said = texts(&drawn);
            for word in words
                .iter()
                .copied()
                .chain((screen == "account").then_some(code.as_str()))
            {
                assert!(
                    said.iter().any(|text| text == word),
                    "{screen} at {size:?}: no {word:?} in {said:?}"
                );
            }
            if screen == "account-link" {
                let link = said
                    .iter()
                    .find(|t| t.len() == 11 && t.as_bytes()[5] == b'-');
                assert!(link.is_some(), "a link code in {said:?}");
            }
            assert_laid_out(screen, &drawn, size);
        }
    }
}

/// Whether `inner` lies wholly inside `outer`.
fn inside(inner: Box2, outer: Box2) -> bool {
    inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
}

#[test]
fn offline_the_account_screen_says_why_on_a_card_at_every_size() {
    for (width, height) in SIZES {
        let dir = scratch(&format!("account-offline-{width}x{height}"));
        let window = format!("{width}x{height}");
        let args = ["--show", "account", "--window", &window, "--frames", "20"];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        let drawn = layout(&stats);
        let said = texts(&drawn);
        assert!(
            said.iter()
                .any(|text| text.starts_with("The game is offline")),
            "at {window}: no offline notice in {said:?}"
        );
        // Every word but the page's title: a line bare on the sky had a cloud through it.
        for text in drawn.texts.iter().filter(|text| text.text != "Account") {
            assert!(
                drawn.cards.iter().any(|&card| inside(text.at, card)),
                "at {window}: {:?} is on no card ({:?})",
                text.text,
                drawn.cards
            );
        }
        assert_laid_out("account offline", &drawn, (width, height));
    }
}
