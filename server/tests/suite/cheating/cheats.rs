//! The cheats of issue #33, each refused with its status and one sentence (printed as a table
//! with `--nocapture`); the daily's day and grace on the server's clock; the rate limits.

use crate::runs::{bytes, l1, Made};
use crate::support::{board, cheat_answer, cheat_row, named_player, Databases, Server};
use latu::course::levels::ENDLESS;
use latu::course::Course;
use latu::replay::{build_course, record_player, CourseChoice, MAX_TICKS, RULES_VERSION};
use latu::shooting::Rifle;
use latu::sim::{Bot, Brought};
use latu_server::client::{Connection, Player, RawResponse};

/// Rounds, and runs sent at once in each, against one worker with no queue.
const ROUNDS: usize = 10;
const AT_ONCE: usize = 32;

/// A run by the human-model bot on a course the game never starts (`choice`).
fn searched(choice: CourseChoice) -> Vec<u8> {
    let course = build_course(choice).expect("a course");
    record_player(
        choice,
        course,
        60 * 60 * 20,
        Bot::human(5, 150),
        Brought::default(),
    )
    .to_json()
    .into_bytes()
}

fn edited(bytes: &[u8], from: &str, to: &str) -> Vec<u8> {
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8");
    assert!(text.contains(from), "the run holds {from}");
    text.replacen(from, to, 1).into_bytes()
}

/// One refused case: what was tried, the status it must get and words its sentence holds.
struct Case {
    what: &'static str,
    status: u16,
    says: &'static str,
    response: RawResponse,
}

fn check(label: &str, cases: &[Case]) {
    for case in cases {
        cheat_answer(label, case.what, &case.response);
    }
    for case in cases {
        let sentence = case.response.error().unwrap_or_default();
        assert_eq!(
            case.response.status, case.status,
            "{label}: {}: {sentence}",
            case.what
        );
        assert!(
            sentence.contains(case.says),
            "{label}: {}: {sentence:?} lacks {:?}",
            case.what,
            case.says
        );
    }
}

pub async fn scenario(db: &dyn Databases) {
    let server = Server::start(&db.fresh("cheats"), &[]);
    let mut conn = server.connect().await;
    let cheater = named_player(&mut conn, 11, "Cheater").await;
    let honest = named_player(&mut conn, 12, "Honest").await;
    let honest_run = l1(12);
    assert_eq!(
        honest
            .submit(&mut conn, &honest_run)
            .await
            .expect("answered")
            .status,
        201
    );

    let level_seed = searched(CourseChoice::Level {
        level: 1,
        track: 1,
        seed: 7,
    });
    let endless_seed = searched(CourseChoice::Endless {
        seed: 10,
        distance: None,
    });
    let endless_length = searched(CourseChoice::Endless {
        seed: ENDLESS.seed,
        distance: Some(20_000.0),
    });
    let own = l1(11);
    // A run brings no purse since rules 6 (rounds are paid from the run's own coins): a file
    // claiming one is not a replay of this format.
    let purse = edited(&own, "\"summary\"", "\"purse\": 99999999,\n  \"summary\"");
    let score = {
        let text = String::from_utf8(own.clone()).expect("UTF-8");
        let at = text.find("\"score\":").expect("a score") + "\"score\":".len();
        let end = at + text[at..].find([',', '}']).expect("its end");
        format!("{}{}{}", &text[..at], 99_999, &text[end..]).into_bytes()
    };
    let rules = edited(
        &own,
        &format!("\"rules\": {RULES_VERSION}"),
        &format!("\"rules\": {}", RULES_VERSION + 1),
    );
    let old_daily = bytes(Made::Daily {
        day: "2026-11-20",
        number: 11,
    });
    let unfinished = {
        let course = Course::level(1, 1, None).expect("a level");
        let choice = CourseChoice::of(&course);
        record_player(choice, course, 600, Bot::new(), Brought::default())
            .to_json()
            .into_bytes()
    };
    let no_inputs = {
        let text = String::from_utf8(own.clone()).expect("UTF-8");
        let at = text.find("\"inputs\": [").expect("inputs");
        let end = at + text[at..].find("\n  ]").expect("their end") + "\n  ]".len();
        format!("{}\"inputs\": []{}", &text[..at], &text[end..]).into_bytes()
    };
    let forged = {
        let mut headers = cheater.headers("POST", "/v1/runs", &own);
        headers[0].1 = honest.key();
        headers
    };
    let rename_body = br#"{"name": "Stolen"}"#;
    let rename_as_other = {
        let mut headers = cheater.headers("POST", "/v1/players", rename_body);
        headers[0].1 = honest.key();
        headers
    };
    // A field the server does not read, holding bytes that are not UTF-8 (serde skips it
    // unchecked): once a panic in the handler and no answer.
    let not_utf8 = {
        let end = own.iter().rposition(|&b| b == b'}').expect("its end");
        [&own[..end], b",\"note\": \"\xff\xfe\"", &own[end..]].concat()
    };
    let mut cases = Vec::new();
    let mut case = |what, status, says, response| {
        cases.push(Case {
            what,
            status,
            says,
            response,
        })
    };
    case(
        "a level run on a searched seed (level 1 track 1, seed 7)",
        422,
        "seed 7 is not a course of the game's table",
        cheater
            .submit(&mut conn, &level_seed)
            .await
            .expect("answered"),
    );
    case(
        "an Endless run on a searched seed (10)",
        422,
        "Endless seed 10 is not the game's",
        cheater
            .submit(&mut conn, &endless_seed)
            .await
            .expect("answered"),
    );
    case(
        "an Endless run set to stop at 20 km",
        422,
        "not one the game plays",
        cheater
            .submit(&mut conn, &endless_length)
            .await
            .expect("answered"),
    );
    case(
        "a purse claimed (a run brings none)",
        400,
        "unknown field `purse`",
        cheater.submit(&mut conn, &purse).await.expect("answered"),
    );
    case(
        "an edited summary (score 99999)",
        422,
        "does not reproduce",
        cheater.submit(&mut conn, &score).await.expect("answered"),
    );
    case(
        "edited inputs (all taken out, the summary kept)",
        422,
        "does not reproduce",
        cheater
            .submit(&mut conn, &no_inputs)
            .await
            .expect("answered"),
    );
    case(
        "another rules version",
        422,
        "rules version",
        cheater.submit(&mut conn, &rules).await.expect("answered"),
    );
    case(
        "a daily outside its day (2026-11-20, long closed)",
        422,
        "closed at",
        cheater
            .submit(&mut conn, &old_daily)
            .await
            .expect("answered"),
    );
    case(
        "an unfinished level run",
        422,
        "did not reach the finish",
        cheater
            .submit(&mut conn, &unfinished)
            .await
            .expect("answered"),
    );
    case(
        "a copied ghost (another player's ranked run)",
        409,
        "copied ghost",
        cheater
            .submit(&mut conn, &honest_run)
            .await
            .expect("answered"),
    );
    case(
        "a forged signature (another player's key)",
        401,
        "not this key's signature",
        conn.send("POST", "/v1/runs", &forged, &own)
            .await
            .expect("answered"),
    );
    case(
        "a missing signature",
        401,
        "no X-Latu-Signature header",
        conn.send(
            "POST",
            "/v1/runs",
            &[
                ("X-Latu-Key".to_string(), cheater.key()),
                ("X-Latu-Time".to_string(), cheater.now_s().to_string()),
            ],
            &own,
        )
        .await
        .expect("answered"),
    );
    case(
        "a missing key",
        401,
        "no X-Latu-Key header",
        conn.send("POST", "/v1/runs", &[], &own)
            .await
            .expect("answered"),
    );
    case(
        "a malformed key",
        401,
        "not a public key",
        conn.send(
            "POST",
            "/v1/runs",
            &[
                ("X-Latu-Key".to_string(), "ABC".to_string()),
                ("X-Latu-Time".to_string(), cheater.now_s().to_string()),
                ("X-Latu-Signature".to_string(), cheater.sign(&own)),
            ],
            &own,
        )
        .await
        .expect("answered"),
    );
    case(
        "a rename of another player by a key that is not theirs",
        401,
        "not this key's signature",
        conn.send("POST", "/v1/players", &rename_as_other, rename_body)
            .await
            .expect("answered"),
    );
    case(
        "taking another player's name",
        409,
        "is taken",
        cheater
            .register(&mut conn, "honest")
            .await
            .expect("answered"),
    );
    case(
        "a name with a control character",
        400,
        "control character",
        cheater
            .register(&mut conn, "Ch\u{7}eat")
            .await
            .expect("answered"),
    );
    case(
        "a name with a bidi override",
        400,
        "bidirectional",
        cheater
            .register(&mut conn, "Ch\u{202E}eat")
            .await
            .expect("answered"),
    );
    case(
        "a run from a key with no name",
        403,
        "no name yet",
        Player::from_number(13)
            .submit(&mut conn, &l1(13))
            .await
            .expect("answered"),
    );
    case(
        "a body over 256 KiB",
        413,
        "larger than 256 KiB",
        cheater
            .submit(&mut conn, &vec![b' '; 300 * 1024])
            .await
            .expect("answered"),
    );
    case(
        "a replay with bytes that are not UTF-8 in a field it does not read",
        400,
        "not UTF-8",
        cheater
            .submit(&mut conn, &not_utf8)
            .await
            .expect("answered"),
    );
    case(
        "a body that is not JSON",
        400,
        "not JSON",
        cheater.submit(&mut conn, b"hello").await.expect("answered"),
    );
    check(db.label(), &cases);
    // Nothing of it reached a board.
    let page = board(&mut conn, "level-1-track-1").await;
    assert_eq!(page["of"], 1, "{}: only the honest run: {page}", db.label());
    for name in ["endless", "daily-2026-11-20"] {
        let listed = board(&mut conn, name).await;
        assert_eq!(listed["of"], 0, "{name}");
    }
    rifle_claim(db.label(), &mut conn).await;
}

/// A rifle claimed with nothing owned: every rifle is a side-grade (rules 6), so the run is
/// re-played with the rifle it names and ranked, and its entry names that rifle.
async fn rifle_claim(label: &str, conn: &mut Connection) {
    let claimer = named_player(conn, 14, "Claimer").await;
    let course = Course::level(1, 1, None).expect("a level");
    let choice = CourseChoice::of(&course);
    let rifle = Rifle::Match;
    let brought = Brought { rifle };
    let run = record_player(choice, course, MAX_TICKS, Bot::human(14, 60), brought);
    let response = claimer
        .submit(conn, run.to_json().as_bytes())
        .await
        .expect("answered");
    let named = serde_json::to_value(rifle).expect("a rifle's name");
    let entry = response.json();
    cheat_row(
        label,
        "a run claiming the match rifle, nothing owned",
        response.status,
        &format!("ranked, re-played with it: the entry names \"rifle\": {named}"),
    );
    assert_eq!(response.status, 201, "{label}: {:?}", response.error());
    let board = board(conn, "level-1-track-1").await;
    let listed = board["entries"]
        .as_array()
        .and_then(|entries| entries.iter().find(|e| e["run"] == entry["run"]))
        .cloned()
        .unwrap_or_default();
    assert_eq!(listed["rifle"], named, "{label}: {board}");
}

/// The daily takes runs from its day's start to an hour after its end, on the server's clock.
pub async fn daily_window(db: &dyn Databases) {
    let label = db.label();
    let run = bytes(Made::Daily {
        day: "2026-12-04",
        number: 21,
    });
    for (clock, status, says) in [
        ("2026-12-03T23:59:00Z", 422, "has not begun"),
        ("2026-12-04T00:00:01Z", 201, ""),
        ("2026-12-05T00:59:00Z", 201, ""),
        (
            "2026-12-05T01:00:01Z",
            422,
            "closed at 2026-12-05T01:00:00Z",
        ),
    ] {
        let server = Server::start(&db.fresh("daily"), &["--clock-start", clock]);
        let mut conn = server.connect().await;
        let today = conn
            .send("GET", "/v1/today", &[], b"")
            .await
            .expect("answered")
            .json();
        assert_eq!(today["day"], &clock[..10], "{label}");
        let at = latu_server::limits::clock::parse_rfc3339(clock).expect("a time");
        let player = Player::from_number(21).with_clock_at(at);
        let registered = player.register(&mut conn, "Daily").await.expect("answered");
        assert_eq!(registered.status, 201, "{label}: {:?}", registered.error());
        let response = player.submit(&mut conn, &run).await.expect("answered");
        assert_eq!(
            response.status,
            status,
            "{label} at {clock}: {:?}",
            response.error()
        );
        if status == 201 {
            assert_eq!(response.json()["board"], "daily-2026-12-04");
        } else {
            assert!(
                response.error().is_some_and(|e| e.contains(says)),
                "{:?}",
                response.error()
            );
        }
    }
}

/// Rate limits per key and per address: 429 with Retry-After; a full verification queue: 503
/// with Retry-After.
pub async fn limits(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("limits"), &["--rate-per-key", "2"]);
    let mut conn = server.connect().await;
    let player = Player::from_number(31);
    let statuses = [
        player.register(&mut conn, "Quick").await.expect("answered"),
        player.register(&mut conn, "Quick").await.expect("answered"),
        player.register(&mut conn, "Quick").await.expect("answered"),
    ];
    assert_eq!(
        statuses.iter().map(|r| r.status).collect::<Vec<_>>(),
        [201, 200, 429],
        "{label}"
    );
    assert!(statuses[2].header("retry-after").is_some());
    assert!(statuses[2]
        .error()
        .is_some_and(|e| e.contains("too many writes from this key")));
    drop(server);

    let server = Server::start(&db.fresh("limits-address"), &["--rate-per-address", "3"]);
    let mut conn = server.connect().await;
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(
            conn.send("GET", "/v1/today", &[], b"")
                .await
                .expect("answered"),
        );
    }
    assert_eq!(
        seen.iter().map(|r| r.status).collect::<Vec<_>>(),
        [200, 200, 200, 429],
        "{label}"
    );
    assert!(seen[3]
        .error()
        .is_some_and(|e| e.contains("too many requests from this address")));
    drop(server);

    // One worker, no queue: of runs sent at once, the ones that find it busy get 503.
    let server = Server::start(&db.fresh("queue"), &["--workers", "1", "--queue", "0"]);
    let mut conn = server.connect().await;
    let player = named_player(&mut conn, 32, "Busy").await;
    let run = l1(32);
    // Rounds of 32 at once (each re-play takes a millisecond or two, so a round overlaps);
    // the deterministic bound itself is the pool's unit test.
    let mut busy = 0;
    for _ in 0..ROUNDS {
        let mut sent = Vec::new();
        for _ in 0..AT_ONCE {
            let (addr, player, run) = (server.addr, player.clone(), run.clone());
            sent.push(tokio::spawn(async move {
                let mut conn = Connection::open(addr).await.expect("connected");
                player.submit(&mut conn, &run).await.expect("answered")
            }));
        }
        for response in sent {
            let response = response.await.expect("joined");
            match response.status {
                200 | 201 => {}
                503 => {
                    busy += 1;
                    assert!(response.header("retry-after").is_some());
                    assert!(response.error().is_some_and(|e| e.contains("busy")));
                }
                other => panic!("{label}: {other} {:?}", response.error()),
            }
        }
        if busy > 0 {
            break;
        }
    }
    assert!(
        busy > 0,
        "{label}: {ROUNDS} rounds of {AT_ONCE} runs at once on one worker with no queue"
    );
}
