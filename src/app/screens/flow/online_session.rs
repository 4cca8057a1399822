//! The player online on its own: the client, the boards that came, the answers for queued runs
//! and the ranked run wanted for watching or racing. [`OnlineSession::heard`] turns what the
//! client heard into [`SessionStep`]s for the flow; it draws nothing and reads no clock.

use crate::app::platform::clock::Moment;
use crate::app::screens::boards::{BoardFacts, BoardView, Pending, WorldNote};
use crate::course::daily::Date;
use crate::online::{Board, BoardPage, Client, Entry, OnlineEvent as Heard, Ranked, Today};
use crate::replay::Replay;
use crate::storage::Identity;
use std::collections::BTreeMap;

/// The player online, while a server is set.
pub struct OnlineSession {
    pub(super) client: Client,
    /// The player's id, as the boards name players (the key's own before it has one).
    pub(super) public: String,
    pub(super) identity: Identity,
    started: Moment,
    /// The boards that came, by board.
    pub(super) pages: BTreeMap<Board, BoardPage>,
    /// What the Account screen shows of its requests.
    pub(super) account: super::account::AccountView,
    /// The server's day and when it was told.
    today: Option<(Today, Moment)>,
    /// Answers for queued runs, by their queue name.
    answers: BTreeMap<String, WorldNote>,
    /// A ranked run asked for to watch (`false`) or race (`true`).
    wanted: Option<(String, bool)>,
    /// `--show race-world`: race the best run of this board once it has come.
    race_best_of: Option<Board>,
    /// `--show race-world-range`: that race is shown at its first range.
    race_shown_at_range: bool,
}

/// What the flow does about one thing the client heard, in order.
#[derive(Debug)]
pub enum SessionStep {
    /// A line for the trace.
    Trace(String),
    /// A line for the developers' log (prefixed "latu: ").
    TellDevelopers(String),
    /// A notice for the player.
    Tell(String),
    /// Keep the client's keys and player in the identity.
    KeepIdentity,
    /// The account's news, for the Account screen's flow.
    Account(Heard),
    /// A wanted ranked run came and passed the check: watch or race it.
    Start(Box<WorldRun>),
}

/// A ranked run that came as wanted and passed the strict check for its board.
#[derive(Debug)]
pub struct WorldRun {
    /// Its run id, as asked.
    pub run: String,
    pub replay: Replay,
    /// Raced (`true`) or watched.
    pub race: bool,
    /// "Name · World #rank" when a board shown holds it.
    pub whose: Option<String>,
    /// The name of whose run it is, when a board shown holds it.
    pub raced: Option<String>,
    /// `--show race-world-range`: the race is shown at its first range.
    pub shown_at_range: bool,
}

impl OnlineSession {
    /// Online through `client` as the player `identity`, starting now.
    pub fn new(client: Client, identity: Identity, started: Moment) -> Self {
        let id = client.player_id();
        Self {
            public: if id.is_empty() {
                client.keys().public_hex()
            } else {
                id
            },
            client,
            identity,
            started,
            pages: BTreeMap::new(),
            today: None,
            answers: BTreeMap::new(),
            wanted: None,
            race_best_of: None,
            race_shown_at_range: false,
            account: Default::default(),
        }
    }

    /// Seconds since going online, the client's clock.
    pub fn now_s(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// What the flow does about `heard`, told `now`; the session keeps its own part.
    pub fn heard(&mut self, heard: Heard, now: Moment) -> Vec<SessionStep> {
        match heard {
            Heard::Registered(name) => {
                vec![
                    SessionStep::Trace(format!("registered as {name}")),
                    SessionStep::KeepIdentity,
                ]
            }
            account @ (Heard::RecoveryCode(_)
            | Heard::LinkCode(_)
            | Heard::Joined(_)
            | Heard::Deleted(_)
            | Heard::Reported(_)
            | Heard::AccountRefused(_)
            | Heard::KeysChanged) => vec![SessionStep::Account(account)],
            Heard::NameRefused(sentence) => vec![SessionStep::Tell(format!(
                "The world boards did not take your name: {sentence} Choose another in Settings."
            ))],
            Heard::Sent { queued, ranked } => vec![self.ranked(queued, ranked)],
            Heard::SendRefused { queued, sentence } => {
                self.answers.insert(queued, WorldNote::Refused(sentence));
                Vec::new()
            }
            Heard::Board(board, page) => {
                self.board_came(board, page);
                Vec::new()
            }
            Heard::Today(today) => {
                self.today = Some((today, now));
                Vec::new()
            }
            Heard::Replay(run, replay) => self.replay_came(run, *replay),
            Heard::ReadFailed(sentence) => {
                self.wanted = None;
                vec![SessionStep::Tell(sentence)]
            }
            Heard::QueueNotice(sentence) => {
                vec![
                    SessionStep::TellDevelopers(sentence.clone()),
                    SessionStep::Tell(sentence),
                ]
            }
            Heard::Offline(why) => self.offline(why),
        }
    }

    /// A queued run was ranked: its board asked for, to learn the run one place above.
    fn ranked(&mut self, queued: String, ranked: Ranked) -> SessionStep {
        let trace = SessionStep::Trace(format!(
            "sent: {} (board {}, score {})",
            crate::online::rank_line(&ranked),
            ranked.board,
            ranked.score
        ));
        if let Ok(board) = board_named(&ranked) {
            self.client.ask_board(board);
        }
        self.answers.insert(
            queued,
            WorldNote::Ranked {
                ranked,
                next_up: None,
            },
        );
        trace
    }

    /// The server cannot be reached: the runs waiting say so, and a run wanted is dropped.
    fn offline(&mut self, why: String) -> Vec<SessionStep> {
        let mut steps = vec![SessionStep::Trace(format!("offline: {why}"))];
        for note in self.answers.values_mut() {
            if let WorldNote::Waiting(pending) = note {
                *pending = Pending::Offline;
            }
        }
        if self.wanted.take().is_some() {
            steps.push(SessionStep::Tell(
                "The run cannot be fetched: the server cannot be reached.".to_owned(),
            ));
        }
        steps
    }

    /// A board came: raced if `--show race-world` waits for it, and the answers it ranks get
    /// the run one place above.
    fn board_came(&mut self, board: Board, page: BoardPage) {
        if self.race_best_of == Some(board) {
            self.race_best_of = None;
            if let Some(best) = page.entries.first() {
                self.wanted = Some((best.run.clone(), true));
                self.client.ask_replay(&best.run);
            }
        }
        for note in self.answers.values_mut() {
            if let WorldNote::Ranked { ranked, next_up } = note {
                if ranked.board == page.board {
                    *next_up = next_one_up(&page, ranked);
                }
            }
        }
        self.pages.insert(board, page);
    }

    /// A replay came: if it is the one wanted, checked as untrusted input for the board shown
    /// that holds it, as the server's before ranking.
    fn replay_came(&mut self, run: String, replay: Replay) -> Vec<SessionStep> {
        let Some((wanted, race)) = self.wanted.take().filter(|(id, _)| *id == run) else {
            return Vec::new();
        };
        let shown = self.pages.iter().find_map(|(board, page)| {
            let mut entries = page.entries.iter().chain(&page.around);
            entries
                .find(|entry| entry.run == run)
                .map(|entry| (*board, entry))
        });
        let raced = shown.map(|(_, entry)| entry.name.clone());
        let whose = shown.map(|(_, entry)| format!("{} · World #{}", entry.name, entry.rank));
        let checked = match shown {
            Some((board, _)) => crate::online::check_world_run(&replay, board),
            None => Err("it is on no board shown".to_owned()),
        };
        if let Err(why) = checked {
            return vec![SessionStep::Tell(format!(
                "The run {wanted} cannot be used: {why}."
            ))];
        }
        vec![
            SessionStep::Trace(format!(
                "{} the world's run {run} ({})",
                if race { "racing" } else { "watching" },
                whose.as_deref().unwrap_or("not on a board shown")
            )),
            SessionStep::Start(Box::new(WorldRun {
                run: wanted,
                replay,
                race,
                whose,
                raced,
                shown_at_range: race && self.race_shown_at_range,
            })),
        ]
    }

    /// A run was queued as `queued`: it waits for its answer.
    pub fn queued(&mut self, queued: String) {
        let pending = Pending::of(self.client.reach());
        self.answers.insert(queued, WorldNote::Waiting(pending));
    }

    /// What the results say of the world for the run queued as `queued` (`named`: the player
    /// has a name, so it is sent).
    pub fn world_note(&self, queued: &str, named: bool) -> WorldNote {
        match self.answers.get(queued) {
            Some(WorldNote::Waiting(_)) | None => WorldNote::waiting(named, self.client.reach()),
            Some(note) => note.clone(),
        }
    }

    /// Ask for `board` and the server's day.
    pub fn ask_board_and_today(&mut self, board: Board) {
        self.client.ask_board(board);
        self.client.ask_today();
    }

    /// What the Boards screen reads of `board` on `today`.
    pub fn board_facts(&self, board: Board, today: Date) -> BoardFacts<'_> {
        BoardFacts {
            today,
            next_daily_s: self
                .today
                .as_ref()
                .map(|(today, told)| today.next_in_s as f64 - told.elapsed().as_secs_f64()),
            me: Some(&self.public),
            view: BoardView::of(self.pages.get(&board), self.client.reach()),
        }
    }

    /// `--show race-world`: ask for `board` and race its best run once it has come (shown at
    /// its first range when `at_range`).
    pub fn race_best_of(&mut self, board: Board, at_range: bool) {
        self.race_best_of = Some(board);
        self.race_shown_at_range = at_range;
        self.client.ask_board(board);
    }

    /// Fetch the ranked run `run` to watch or race (`race`).
    pub fn want(&mut self, run: &str, race: bool) {
        self.wanted = Some((run.to_owned(), race));
        self.client.ask_replay(run);
    }
}

/// The board a ranked answer names.
fn board_named(ranked: &Ranked) -> Result<Board, ()> {
    let name = ranked.board.as_str();
    if name == "endless" {
        return Ok(Board::Endless);
    }
    if let Some(day) = name.strip_prefix("daily-") {
        return Date::parse(day).map(Board::Daily).map_err(|_| ());
    }
    let parts: Vec<&str> = name.split('-').collect();
    match parts.as_slice() {
        ["level", level, "track", track] => Ok(Board::Track {
            level: level.parse().map_err(|_| ())?,
            track: track.parse().map_err(|_| ())?,
        }),
        _ => Err(()),
    }
}

/// The entry one place above the player's rank, if the page holds it.
fn next_one_up(page: &BoardPage, ranked: &Ranked) -> Option<Entry> {
    let above = ranked.rank.checked_sub(1).filter(|&rank| rank > 0)?;
    page.entries
        .iter()
        .chain(&page.around)
        .find(|entry| entry.rank == above)
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::{Asked, Keys};
    use std::sync::{Arc, Mutex};

    fn session(dir: &std::path::Path) -> (OnlineSession, Arc<Mutex<Vec<String>>>) {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let keys = Keys::from_secret([7; crate::online::SECRET_BYTES]);
        let transport = Box::new(Asked(Arc::clone(&asked)));
        let client = Client::new("http://127.0.0.1:1", keys, dir, "Aino", "Aino", transport);
        let session = OnlineSession::new(client, Identity::default(), Moment::now());
        (session, asked)
    }

    fn entry(rank: u32, name: &str, run: &str) -> Entry {
        Entry {
            rank,
            name: name.to_owned(),
            player: format!("p-{name}"),
            score: 1000 - rank,
            time_s: 60.0,
            misses: 0,
            distance_m: 1000.0,
            rifle: Default::default(),
            run: run.to_owned(),
            at: String::new(),
        }
    }

    fn ranked(rank: u32) -> Ranked {
        Ranked {
            run: "9".to_owned(),
            board: "level-1-track-1".to_owned(),
            rank,
            of: 10,
            score: 900,
            best: true,
            time_s: 60.0,
            misses: 0,
            distance_m: 1000.0,
        }
    }

    fn page(entries: Vec<Entry>) -> BoardPage {
        BoardPage {
            board: "level-1-track-1".to_owned(),
            of: 10,
            entries,
            around: Vec::new(),
        }
    }

    const TRACK: Board = Board::Track { level: 1, track: 1 };

    #[test]
    fn a_ranked_answer_asks_its_board_and_learns_the_run_one_place_above() {
        let dir = tempfile::tempdir().unwrap();
        let (mut online, asked) = session(dir.path());
        online.queued("run-1".to_owned());
        let steps = online.heard(
            Heard::Sent {
                queued: "run-1".to_owned(),
                ranked: ranked(3),
            },
            Moment::now(),
        );
        assert!(
            matches!(steps.as_slice(), [SessionStep::Trace(line)] if line.starts_with("sent: "))
        );
        online.client.poll(0.0);
        assert!(asked
            .lock()
            .unwrap()
            .iter()
            .any(|path| path.contains("boards")));
        let board = vec![entry(1, "Eero", "1"), entry(2, "Kaisa", "2")];
        assert!(online
            .heard(Heard::Board(TRACK, page(board)), Moment::now())
            .is_empty());
        match online.world_note("run-1", true) {
            WorldNote::Ranked {
                next_up: Some(above),
                ..
            } => assert_eq!(above.name, "Kaisa"),
            other => panic!("not ranked with the run above: {other:?}"),
        }
    }

    #[test]
    fn offline_marks_waiting_runs_and_drops_the_run_wanted_saying_so() {
        let dir = tempfile::tempdir().unwrap();
        let (mut online, _) = session(dir.path());
        online.queued("run-1".to_owned());
        online.want("5", true);
        let steps = online.heard(Heard::Offline("no route".to_owned()), Moment::now());
        assert!(matches!(
            steps.as_slice(),
            [SessionStep::Trace(_), SessionStep::Tell(said)] if said.contains("cannot be fetched")
        ));
        assert_eq!(
            online.answers.get("run-1"),
            Some(&WorldNote::Waiting(Pending::Offline))
        );
        let again = online.heard(Heard::Offline("no route".to_owned()), Moment::now());
        assert!(
            matches!(again.as_slice(), [SessionStep::Trace(_)]),
            "told once"
        );
    }

    #[test]
    fn a_replay_not_wanted_is_ignored_and_one_on_no_board_shown_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (mut online, _) = session(dir.path());
        let course = crate::course::Course::level(1, 1, None).expect("a table level");
        let recorded =
            crate::replay::record_bot(crate::replay::CourseChoice::of(&course), course, 60);
        let replay = || Box::new(recorded.clone());
        assert!(online
            .heard(Heard::Replay("5".to_owned(), replay()), Moment::now())
            .is_empty());
        online.want("5", false);
        let steps = online.heard(Heard::Replay("5".to_owned(), replay()), Moment::now());
        assert!(matches!(
            steps.as_slice(),
            [SessionStep::Tell(said)] if said == "The run 5 cannot be used: it is on no board shown."
        ));
    }

    #[test]
    fn the_best_run_of_a_board_raced_is_wanted_when_the_board_comes() {
        let dir = tempfile::tempdir().unwrap();
        let (mut online, _) = session(dir.path());
        online.race_best_of(TRACK, false);
        online.heard(
            Heard::Board(TRACK, page(vec![entry(1, "Eero", "1")])),
            Moment::now(),
        );
        assert_eq!(online.wanted, Some(("1".to_owned(), true)));
        assert!(online.race_best_of.is_none());
    }

    #[test]
    fn a_queue_notice_goes_to_the_developers_and_the_player() {
        let dir = tempfile::tempdir().unwrap();
        let (mut online, _) = session(dir.path());
        let steps = online.heard(Heard::QueueNotice("set aside".to_owned()), Moment::now());
        assert!(matches!(
            steps.as_slice(),
            [SessionStep::TellDevelopers(a), SessionStep::Tell(b)] if a == "set aside" && b == "set aside"
        ));
    }
}
