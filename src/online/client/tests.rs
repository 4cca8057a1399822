//! The client's tests, with a transport that keeps what was asked (the flow's online tests use
//! it too).

use super::*;
use std::sync::{Arc, Mutex};

/// A transport that keeps the paths asked and never answers (the flow's online tests use
/// it too).
pub(crate) struct Asked(pub(crate) Arc<Mutex<Vec<String>>>);

impl Transport for Asked {
    fn start(&mut self, _server: &str, request: Request) {
        self.0.lock().unwrap().push(request.path);
    }

    fn poll(&mut self) -> Option<Result<Response, String>> {
        None
    }
}

fn client_named(name: &str, dir: &Path) -> (Client, Arc<Mutex<Vec<String>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let keys = Keys::from_secret([7; crate::online::SECRET_BYTES]);
    let transport = Box::new(Asked(Arc::clone(&asked)));
    let client = Client::new("http://127.0.0.1:1", keys, dir, "", name, transport);
    (client, asked)
}

#[test]
fn entries_that_cannot_be_read_are_set_aside_once_and_the_run_behind_them_goes() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::new(dir.path());
    std::fs::create_dir_all(outbox.dir().join("run-0000000000000000.json")).unwrap();
    let huge = std::fs::File::create(outbox.dir().join("run-0000000000000001.json")).unwrap();
    huge.set_len(crate::replay::MAX_REPLAY_BYTES + 1).unwrap();
    let fifo = outbox.dir().join("run-0000000000000002.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let fifos = usize::from(made.is_ok_and(|status| status.success()));
    let valid = outbox.queue(b"{\"valid\":1}").unwrap();
    let asked = Arc::new(Mutex::new(Vec::new()));
    let keys = Keys::from_secret([7; crate::online::SECRET_BYTES]);
    let transport = Box::new(Asked(Arc::clone(&asked)));
    let mut client = Client::new(
        "http://127.0.0.1:1",
        keys,
        dir.path(),
        "Aino",
        "Aino",
        transport,
    );
    assert_eq!(client.waiting(), 3 + fifos);
    client.poll(0.0);
    assert_eq!(
        *asked.lock().unwrap(),
        ["/v1/runs"],
        "the valid run is sent at once"
    );
    let told = client.take_events();
    assert_eq!(told.len(), 2 + fifos, "one notice an entry: {told:?}");
    assert!(told
        .iter()
        .all(|event| matches!(event, OnlineEvent::QueueNotice(_))));
    assert_eq!(outbox.waiting(), [valid]);
    assert!(outbox
        .dir()
        .join("run-0000000000000000.json.unreadable")
        .is_dir());
}

/// A transport that answers every request with one response.
struct Answering(Response);

impl Transport for Answering {
    fn start(&mut self, _server: &str, _request: Request) {}

    fn poll(&mut self) -> Option<Result<Response, String>> {
        Some(Ok(self.0.clone()))
    }
}

fn heard_for_board(status: u16, body: &str) -> Vec<OnlineEvent> {
    let dir = tempfile::tempdir().unwrap();
    let keys = Keys::from_secret([7; crate::online::SECRET_BYTES]);
    let response = Response {
        status,
        retry_after_s: None,
        body: body.as_bytes().to_vec(),
    };
    let transport = Box::new(Answering(response));
    let mut client = Client::new("http://127.0.0.1:1", keys, dir.path(), "", "", transport);
    client.ask_board(Board::Endless);
    client.poll(0.0);
    client.poll(0.1);
    client.take_events()
}

#[test]
fn a_page_that_cannot_be_read_is_told_as_such_not_as_offline() {
    let body = r#"{"board": "endless", "of": "many", "entries": []}"#;
    let heard = heard_for_board(200, body);
    assert!(
        matches!(&heard[..], [OnlineEvent::ReadFailed(said)] if said.contains("could not be read")),
        "{heard:?}"
    );
    let heard = heard_for_board(404, r#"{"error": "No \u202eboard\u202c here."}"#);
    assert_eq!(
        heard,
        [OnlineEvent::ReadFailed("No board here.".to_owned())]
    );
}

/// The client's reach after it asked for today's day and got `body` with a 200.
fn reach_after_today(body: &str) -> (Reach, Vec<OnlineEvent>) {
    let dir = tempfile::tempdir().unwrap();
    let keys = Keys::from_secret([7; crate::online::SECRET_BYTES]);
    let response = Response {
        status: 200,
        retry_after_s: None,
        body: body.as_bytes().to_vec(),
    };
    let transport = Box::new(Answering(response));
    let mut client = Client::new("http://127.0.0.1:1", keys, dir.path(), "", "", transport);
    client.ask_today();
    client.poll(0.0);
    client.poll(0.1);
    (client.reach().clone(), client.take_events())
}

#[test]
fn a_garbage_day_or_board_is_an_answer_that_cannot_be_read_not_offline() {
    for body in [
        "\u{0}garbage",
        r#"{"day": 7}"#,
        r#"{"day": "2026-12-06", "next_in_s": "x"}"#,
    ] {
        let (reach, heard) = reach_after_today(body);
        assert!(matches!(reach, Reach::Unreadable(_)), "{body}: {reach:?}");
        assert!(
            heard
                .iter()
                .all(|event| !matches!(event, OnlineEvent::Offline(_))),
            "{body}: {heard:?}"
        );
    }
    let (reach, _) = reach_after_today(r#"{"day": "2026-12-06", "next_in_s": 60, "rules": 5}"#);
    assert_eq!(reach, Reach::Online);
}

#[test]
fn with_no_name_chosen_nothing_is_registered_or_sent_but_reads_go() {
    let dir = tempfile::tempdir().unwrap();
    let (mut client, asked) = client_named("", dir.path());
    client.queue_run(b"{}").unwrap();
    client.ask_today();
    client.poll(0.0);
    assert_eq!(*asked.lock().unwrap(), ["/v1/today"]);
    let (mut named, asked) = client_named("Aino", dir.path());
    named.poll(0.0);
    assert_eq!(*asked.lock().unwrap(), ["/v1/players"]);
}
