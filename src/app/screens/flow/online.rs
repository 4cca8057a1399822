//! The flow online: the leaderboard's client polled once a frame (never waiting), a finished
//! run queued as it reaches the results and its world rank shown when the answer comes, the
//! Boards screen's pages, a ranked run's replay fetched and checked before it is watched or
//! raced, and the daily streak banked when today's Daily is finished.

use super::state::{ResultsScreen, RunScreen, ScreenState};
use super::Flow;
use crate::app::platform::clock::Moment;
use crate::app::run::ski_run::Pilot;
use crate::app::screens::nav::{Event, RunMode};
use crate::app::screens::world::{
    boards, server_address, BoardFacts, BoardView, Pending, WorldNote,
};
use crate::app::AppError;
use crate::online::{Board, BoardPage, Client, Event as Heard, Ranked, Today};
use crate::replay::{build_course, untrusted, Ghost, Replay};
use crate::storage::{Identity, Streak};
use std::collections::BTreeMap;

/// The player online, while a server is set.
pub struct Online {
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
}

impl Online {
    fn now_s(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

/// The name the player chose, for the boards: else the one the server knows them by (sent
/// with `latu send --name`); else empty, and nothing is registered or sent until they choose
/// one (the first results ask it; a fresh game's "Player" is no one's name).
fn chosen_name<'a>(settings: &'a crate::storage::Settings, identity: &'a Identity) -> &'a str {
    if settings.name_chosen {
        &settings.player_name
    } else {
        &identity.registered_name
    }
}

impl Flow {
    /// Go online if a server is set (`server` from `latu play --server`, else the settings'; in
    /// a browser the page's origin): the player's key is made on this first use and kept.
    pub(in crate::app::screens) fn go_online(&mut self, server: Option<&str>) {
        if let Some(server) = server {
            self.settings.server = server.to_owned();
            self.settings.online = true;
        }
        self.online = None;
        let (Some(address), Some(store)) = (server_address(&self.settings), self.store.as_mut())
        else {
            return;
        };
        match crate::online::player_keys(store, crate::app::platform::net::fresh_secret) {
            Ok((keys, identity, notices)) => {
                let mut client = Client::new(
                    &address,
                    keys,
                    store.dir(),
                    &identity.registered_name,
                    chosen_name(&self.settings, &identity),
                    crate::app::platform::net::transport(),
                )
                .with_wall_clock(wall_clock_s)
                .with_identity(&identity);
                // The server's day, asked at once: whether it answers is known before a run
                // ends, even for a player with no name yet (who sends nothing until then).
                client.ask_today();
                let id = client.player_id();
                self.online = Some(Online {
                    public: if id.is_empty() {
                        client.keys().public_hex()
                    } else {
                        id
                    },
                    client,
                    identity,
                    started: Moment::now(),
                    pages: BTreeMap::new(),
                    today: None,
                    answers: BTreeMap::new(),
                    wanted: None,
                    race_best_of: None,
                    account: Default::default(),
                });
                let told = super::told_to_player(&notices);
                self.tell_all(told);
            }
            Err(error) => {
                crate::app::platform::log::tell_developers(&format!("latu: {error}"));
                self.tell_all([
                    "The game cannot go online: it could not keep a key for you.".to_owned(),
                ]);
            }
        }
    }

    /// Once a frame: move the client on and take what it heard.
    pub(in crate::app::screens) fn poll_online(&mut self) {
        let Some(online) = &mut self.online else {
            return;
        };
        online
            .client
            .set_name(chosen_name(&self.settings, &online.identity));
        let now = online.now_s();
        online.client.poll(now);
        for heard in online.client.take_events() {
            self.heard(heard);
        }
    }

    fn heard(&mut self, heard: Heard) {
        let Some(online) = &mut self.online else {
            return;
        };
        match heard {
            Heard::Registered(name) => {
                crate::app::platform::log::trace(&format!("registered as {name}"));
                self.keep_identity();
            }
            account @ (Heard::RecoveryCode(_)
            | Heard::LinkCode(_)
            | Heard::Joined(_)
            | Heard::Deleted(_)
            | Heard::Reported(_)
            | Heard::AccountRefused(_)
            | Heard::KeysChanged) => self.account_heard(account),
            Heard::NameRefused(sentence) => self.tell_all([format!(
                "The world boards did not take your name: {sentence} Choose another in Settings."
            )]),
            Heard::Sent { queued, ranked } => {
                crate::app::platform::log::trace(&format!(
                    "sent: {} (board {}, score {})",
                    crate::online::rank_line(&ranked),
                    ranked.board,
                    ranked.score
                ));
                if let Ok(board) = board_named(&ranked) {
                    online.client.ask_board(board);
                }
                online.answers.insert(
                    queued,
                    WorldNote::Ranked {
                        ranked,
                        next_up: None,
                    },
                );
            }
            Heard::SendRefused { queued, sentence } => {
                online.answers.insert(queued, WorldNote::Refused(sentence));
            }
            Heard::Board(board, page) => {
                if online.race_best_of == Some(board) {
                    online.race_best_of = None;
                    if let Some(best) = page.entries.first() {
                        online.wanted = Some((best.run.clone(), true));
                        online.client.ask_replay(&best.run);
                    }
                }
                for note in online.answers.values_mut() {
                    if let WorldNote::Ranked { ranked, next_up } = note {
                        if ranked.board == page.board {
                            *next_up = next_one_up(&page, ranked);
                        }
                    }
                }
                online.pages.insert(board, page);
            }
            Heard::Today(today) => online.today = Some((today, Moment::now())),
            Heard::Replay(run, replay) => self.replay_came(&run, *replay),
            Heard::ReadFailed(sentence) => {
                online.wanted = None;
                self.tell_all([sentence]);
            }
            Heard::QueueNotice(sentence) => {
                crate::app::platform::log::tell_developers(&format!("latu: {sentence}"));
                self.tell_all([sentence]);
            }
            Heard::Offline(why) => {
                crate::app::platform::log::trace(&format!("offline: {why}"));
                for note in online.answers.values_mut() {
                    if let WorldNote::Waiting(pending) = note {
                        *pending = Pending::Offline;
                    }
                }
                if online.wanted.take().is_some() {
                    self.tell_all([
                        "The run cannot be fetched: the server cannot be reached.".to_owned()
                    ]);
                }
            }
        }
    }

    /// A run reaching the results (finished, or Endless out of lives): queued to be sent (a daily run names its day), and
    /// today's finished Daily counted in the streak.
    pub(in crate::app::screens) fn run_reached_results(&mut self, results: &mut ResultsScreen) {
        let finished = &results.finished;
        if let Some(day) = finished.daily {
            if finished.summary.finished && day == super::today() {
                self.bank_streak(day);
            }
        }
        let Some(online) = &mut self.online else {
            return;
        };
        let mut replay = finished.replay.clone();
        replay.daily = finished.daily;
        // Endless ended by its lives too: most Endless runs end so.
        if crate::online::board_to_send(&replay, &finished.summary).is_none() {
            return;
        }
        match online.client.queue_run(replay.to_json().as_bytes()) {
            Ok(queued) => {
                online.answers.insert(
                    queued.clone(),
                    WorldNote::Waiting(Pending::of(online.client.reach())),
                );
                results.queued = Some(queued);
            }
            Err(error) => self.tell_save_error(&error),
        }
    }

    fn bank_streak(&mut self, day: crate::course::daily::Date) {
        let Some(store) = &mut self.store else {
            return;
        };
        match store.bank_streak(day) {
            Ok(banked) => {
                self.purse = banked.purse;
                self.streak = banked.streak.clone();
                let told = super::told_to_player(&banked.notices);
                self.tell_all(told);
                self.tell_all(banked.clock_note.clone());
                if banked.reward > 0 {
                    self.tell_all([format!(
                        "{}-day streak! +{} coins for today's Daily.",
                        banked.streak.days, banked.reward
                    )]);
                }
            }
            Err(error) => self.tell_save_error(&error),
        }
    }

    /// What the results screen says of the world for `results`.
    pub(in crate::app::screens) fn world_note(&self, results: &ResultsScreen) -> WorldNote {
        let (Some(online), Some(queued)) = (&self.online, &results.queued) else {
            return WorldNote::None;
        };
        match online.answers.get(queued) {
            Some(WorldNote::Waiting(_)) | None => WorldNote::waiting(
                !chosen_name(&self.settings, &online.identity).is_empty(),
                online.client.reach(),
            ),
            Some(note) => note.clone(),
        }
    }

    /// The streak to show on the title.
    pub(in crate::app::screens) fn streak_days(&self) -> u32 {
        Streak::shown(&self.streak, super::today())
    }

    /// Ask for the board the Boards screen shows (and the server's day).
    pub(in crate::app::screens) fn ask_shown_board(&mut self) {
        let ScreenState::Boards(page) = &self.state else {
            return;
        };
        let board = boards(super::today())[page.index.min(boards(super::today()).len() - 1)];
        if let Some(online) = &mut self.online {
            online.client.ask_board(board);
            online.client.ask_today();
        }
    }

    /// What the Boards screen reads.
    pub(in crate::app::screens) fn board_facts(&self, index: usize) -> BoardFacts<'_> {
        let today = super::today();
        let all = boards(today);
        let board = all[index.min(all.len() - 1)];
        let Some(online) = &self.online else {
            return BoardFacts {
                today,
                next_daily_s: None,
                me: None,
                view: BoardView::NoServer,
            };
        };
        let view = BoardView::of(online.pages.get(&board), online.client.reach());
        BoardFacts {
            today,
            next_daily_s: online
                .today
                .as_ref()
                .map(|(today, told)| today.next_in_s as f64 - told.elapsed().as_secs_f64()),
            me: Some(&online.public),
            view,
        }
    }

    /// `--show boards`: the board of the course named (`--level`/`--track`, `--endless`);
    /// today's Daily when none is named.
    pub(in crate::app::screens) fn show_board_of(
        &mut self,
        course: &crate::cli::args::LevelArgs,
    ) -> Result<(), AppError> {
        if course.level.is_none() && !course.endless {
            return Ok(());
        }
        let board = board_of(&course.course(None)?);
        let index = boards(super::today()).iter().position(|b| *b == board);
        if let (ScreenState::Boards(page), Some(index)) = (&mut self.state, index) {
            page.index = index;
        }
        self.ask_shown_board();
        Ok(())
    }

    /// Whether the run on screen has a ghost beside it (`--stats`' `ghost`).
    pub(in crate::app::screens) fn ghost_on_screen(&self) -> Option<bool> {
        self.state
            .run()
            .map(|run| run.session.ski().ghost().is_some())
    }

    /// `--show race-world`: ask for `course`'s board and race its best run once it has come.
    pub(in crate::app::screens) fn race_world_best(&mut self, course: &crate::course::Course) {
        let board = board_of(course);
        if let Some(online) = &mut self.online {
            online.race_best_of = Some(board);
            online.client.ask_board(board);
        }
    }

    /// Fetch a ranked run to watch or race; it starts when it has come and passed the check.
    pub(in crate::app::screens) fn want_world_run(&mut self, run: &str, race: bool) {
        match &mut self.online {
            Some(online) => {
                online.wanted = Some((run.to_owned(), race));
                online.client.ask_replay(run);
            }
            None => {
                self.tell_all(["The world's runs need a server: the game is offline.".to_owned()])
            }
        }
    }

    /// A replay came: checked as untrusted input, then watched or raced.
    fn replay_came(&mut self, run: &str, replay: Replay) {
        let Some(online) = &mut self.online else {
            return;
        };
        let Some((wanted, race)) = online.wanted.take().filter(|(id, _)| id == run) else {
            return;
        };
        let shown = online.pages.iter().find_map(|(board, page)| {
            let mut entries = page.entries.iter().chain(&page.around);
            entries
                .find(|entry| entry.run == run)
                .map(|entry| (*board, entry))
        });
        let raced = shown.map(|(_, entry)| entry.name.clone());
        let whose = shown.map(|(_, entry)| format!("{} · World #{}", entry.name, entry.rank));
        // The strict check for the board it was asked from, as the server's before ranking.
        let checked = match shown {
            Some((board, _)) => crate::online::check_world_run(&replay, board),
            None => Err("it is on no board shown".to_owned()),
        };
        if let Err(why) = checked {
            self.tell_all([format!("The run {wanted} cannot be used: {why}.")]);
            return;
        }
        crate::app::platform::log::trace(&format!(
            "{} the world's run {run} ({})",
            if race { "racing" } else { "watching" },
            whose.as_deref().unwrap_or("not on a board shown")
        ));
        let started = if race {
            self.race_world(&replay).map(|(mode, mut screen)| {
                screen.racing = whose.or_else(|| Some("the world".to_owned()));
                screen.raced = raced.or_else(|| Some("the world's run".to_owned()));
                (mode, screen)
            })
        } else {
            self.watch_world(&replay)
        };
        match started {
            Ok((mode, screen)) => {
                let _ = self.go(Event::Start(mode), Some(screen));
            }
            Err(why) => self.tell_all([format!("The run {wanted} cannot be used: {why}.")]),
        }
    }

    fn race_world(&mut self, replay: &Replay) -> Result<(RunMode, RunScreen), String> {
        let choice = replay.course_choice()?;
        let ghost = Ghost::new(replay, choice).map_err(|e| e.to_string())?;
        let course = build_course(choice).map_err(|e| e.to_string())?;
        let daily = replay.daily;
        let mode = match choice {
            crate::replay::CourseChoice::Endless { .. } => RunMode::Endless,
            crate::replay::CourseChoice::Level { .. } => RunMode::Race,
        };
        let screen = self
            .start_with_ghost(choice, course, daily, Some(ghost))
            .map_err(|e: AppError| e.to_string())?;
        Ok((mode, screen))
    }

    fn watch_world(&mut self, replay: &Replay) -> Result<(RunMode, RunScreen), String> {
        let checked = untrusted::check(replay).map_err(|e| e.to_string())?;
        let course = build_course(checked.choice).map_err(|e| e.to_string())?;
        let mut screen = self
            .start_piloted(
                checked.choice,
                course,
                Pilot::Replay(replay.inputs.clone()),
                replay.brought(),
            )
            .map_err(|e: AppError| e.to_string())?;
        screen.watch_end = Some(crate::sim::Tick::new(checked.summary.ticks));
        Ok((RunMode::Watch, screen))
    }
}

/// The board a level's track or Endless ranks on.
fn board_of(course: &crate::course::Course) -> Board {
    match course.kind {
        crate::course::CourseKind::Level { level, track } => Board::Track { level, track },
        crate::course::CourseKind::Endless => Board::Endless,
    }
}

/// The board a ranked answer names.
fn board_named(ranked: &Ranked) -> Result<Board, ()> {
    let name = ranked.board.as_str();
    if name == "endless" {
        return Ok(Board::Endless);
    }
    if let Some(day) = name.strip_prefix("daily-") {
        return crate::course::daily::Date::parse(day)
            .map(Board::Daily)
            .map_err(|_| ());
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
fn next_one_up(page: &BoardPage, ranked: &Ranked) -> Option<crate::online::Entry> {
    let above = ranked.rank.checked_sub(1).filter(|&rank| rank > 0)?;
    page.entries
        .iter()
        .chain(&page.around)
        .find(|entry| entry.rank == above)
        .cloned()
}

/// The device's wall clock for signing writes (a browser's is the page's `Date.now()`).
fn wall_clock_s() -> i64 {
    i64::try_from(crate::app::platform::clock::unix_seconds()).unwrap_or(i64::MAX)
}
