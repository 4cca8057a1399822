//! `latu send --server URL [--name NAME] [--queue FILE]…`: queue replays (as a finished run
//! queues its own) and send the data directory's queue to the leaderboard, headless — what the
//! game does in the background, for tools and tests. Prints one JSON line per answer, then a
//! summary `{"sent", "refused", "waiting"}`; runs still waiting (the server unreachable until
//! `--give-up-s`) stay queued for the next time; `--requeue` first puts the runs set aside back.

// The send loop waits on the network by the wall clock (the backoff's seconds, `--give-up-s`)
// and signs its writes with it;
// nothing here decides a run's outcome.
#![allow(clippy::disallowed_methods)]

use super::args::SendArgs;
use super::CliError;
use crate::online::{Client, OnlineEvent, Outbox};
use crate::replay::Replay;
use crate::storage::{settings::tidy_name, Store};
use serde_json::json;
use std::time::{Duration, Instant};

/// How often the queue is looked at while waiting for an answer.
const POLL_EVERY: Duration = Duration::from_millis(5);

/// Run `latu send`.
pub fn run(args: &SendArgs) -> Result<(), CliError> {
    let mut store = match &args.data_dir {
        Some(dir) => Store::new(dir),
        None => {
            Store::for_this_platform(None, None).map_err(|e| CliError::bad_input(e.to_string()))?
        }
    };
    let outbox = Outbox::new(store.dir());
    if args.requeue {
        let (back, failed) = outbox.requeue();
        for why in &failed {
            super::eprintln_safely(&format!("latu: {why}"));
        }
        println!("{}", json!({ "requeued": back }));
    }
    for file in &args.queue {
        let replay = Replay::load(file).map_err(|e| CliError::bad_input(e.to_string()))?;
        outbox
            .queue(replay.to_json().as_bytes())
            .map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    let (keys, mut identity, notices) =
        crate::online::player_keys(&mut store, crate::online::fresh_secret)
            .map_err(|e| CliError::bad_input(e.to_string()))?;
    tell(&notices);
    let name = tidy_name(
        args.name
            .as_deref()
            .unwrap_or(&store.peek_settings().player_name),
    );
    let transport = Box::new(crate::online::http::ThreadTransport::new());
    let mut client = Client::new(
        &args.server,
        keys,
        store.dir(),
        &identity.registered_name,
        &name,
        transport,
    )
    .with_wall_clock(system_unix_s)
    .with_identity(&identity);
    let (mut sent, mut refused) = (0, 0);
    let start = Instant::now();
    let deadline = Duration::from_secs_f64(args.give_up_s);
    while client.busy() && start.elapsed() < deadline {
        client.poll(start.elapsed().as_secs_f64());
        for event in client.take_events() {
            let line = match event {
                OnlineEvent::Registered(name) => {
                    client.keep_in(&mut identity);
                    store
                        .save_identity(&identity)
                        .map_err(|e| CliError::bad_input(e.to_string()))?;
                    if args.name.is_some() {
                        adopt_name(&mut store, &name)?;
                    }
                    json!({ "registered": name })
                }
                OnlineEvent::NameRefused(sentence) => {
                    println!("{}", json!({ "name_refused": sentence }));
                    break_out(&outbox, sent, refused);
                    return Err(CliError::bad_input(format!(
                        "the server refused the name {name:?}: {sentence}"
                    )));
                }
                OnlineEvent::Sent { queued, ranked } => {
                    sent += 1;
                    json!({ "sent": queued, "run": ranked.run, "board": ranked.board,
                            "rank": ranked.rank, "of": ranked.of, "score": ranked.score,
                            "best": ranked.best })
                }
                OnlineEvent::SendRefused { queued, sentence } => {
                    refused += 1;
                    json!({ "refused": queued, "error": sentence })
                }
                // Kept until the game shows it once (Settings → Account), and printed: the
                // player who sends from the command line sees it here first.
                OnlineEvent::RecoveryCode(code) => {
                    identity.recovery_unseen = code.clone();
                    client.keep_in(&mut identity);
                    store
                        .save_identity(&identity)
                        .map_err(|e| CliError::bad_input(e.to_string()))?;
                    json!({ "recovery": code })
                }
                OnlineEvent::KeysChanged => {
                    client.keep_in(&mut identity);
                    store
                        .save_identity(&identity)
                        .map_err(|e| CliError::bad_input(e.to_string()))?;
                    continue;
                }
                OnlineEvent::Offline(why) => json!({ "offline": why }),
                OnlineEvent::QueueNotice(sentence) => json!({ "queue": sentence }),
                other => json!({ "other": format!("{other:?}") }),
            };
            println!("{line}");
        }
        std::thread::sleep(POLL_EVERY);
    }
    break_out(&outbox, sent, refused);
    Ok(())
}

/// A name the player gave `--name` and the server took is the game's name too: the results
/// screen shows it, and does not ask again.
fn adopt_name(store: &mut Store, name: &str) -> Result<(), CliError> {
    let loaded = store.load_settings();
    tell(&loaded.notices);
    let mut settings = loaded.value;
    settings.player_name = name.to_owned();
    settings.name_chosen = true;
    store
        .save_settings(&settings)
        .map_err(|e| CliError::bad_input(e.to_string()))
}

/// The data directory's notices (a file damaged and set aside), each a line on stderr.
fn tell(notices: &[impl std::fmt::Display]) {
    for notice in notices {
        super::eprintln_safely(&format!("latu: {notice}"));
    }
}

fn break_out(outbox: &Outbox, sent: usize, refused: usize) {
    let waiting = outbox.waiting().len();
    println!(
        "{}",
        json!({ "sent": sent, "refused": refused, "waiting": waiting })
    );
}

/// The system's clock, whole Unix seconds: the time `latu send` signs its writes with.
fn system_unix_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        })
}
