//! The flow online: the leaderboard's client polled once a frame (never waiting), a finished
//! run queued as it reaches the results and its world rank shown when the answer comes, the
//! Boards screen's pages, a ranked run's replay fetched and checked before it is watched or
//! raced, and the daily streak banked when today's Daily is finished.

use super::online_session::{OnlineSession, SessionStep, WorldRun};
use super::state::{ResultsScreen, RunScreen, ScreenState};
use super::Flow;
use crate::app::platform::clock::Moment;
use crate::app::run::ski_run::Pilot;
use crate::app::screens::boards::{boards, server_address, BoardFacts, BoardView, WorldNote};
use crate::app::screens::nav::{Event, RunMode};
use crate::app::AppError;
use crate::online::{Board, Client, OnlineEvent as Heard};
use crate::replay::{build_course, untrusted, Ghost, Replay};
use crate::storage::{Identity, Streak};

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
                self.online = Some(OnlineSession::new(client, identity, Moment::now()));
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

    /// Do what the session says of `heard`.
    fn heard(&mut self, heard: Heard) {
        let Some(online) = &mut self.online else {
            return;
        };
        for step in online.heard(heard, Moment::now()) {
            match step {
                SessionStep::Trace(line) => crate::app::platform::log::trace(&line),
                SessionStep::TellDevelopers(line) => {
                    crate::app::platform::log::tell_developers(&format!("latu: {line}"))
                }
                SessionStep::Tell(sentence) => self.tell_all([sentence]),
                SessionStep::KeepIdentity => self.keep_identity(),
                SessionStep::Account(account) => self.account_heard(account),
                SessionStep::Start(world_run) => self.start_world_run(*world_run),
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
                online.queued(queued.clone());
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
        online.world_note(
            queued,
            !chosen_name(&self.settings, &online.identity).is_empty(),
        )
    }

    /// The streak to show on the title.
    pub(in crate::app::screens) fn streak_days(&self) -> u32 {
        Streak::shown(&self.streak, super::today())
    }

    /// Ask for the board the Boards screen shows (and the server's day).
    pub(in crate::app::screens) fn ask_shown_board(&mut self) {
        if let ScreenState::Boards(page) = &self.state {
            self.ask_board_at(page.index);
        }
    }

    /// Ask for the board at `index` of the Boards screen's (and the server's day).
    pub(super) fn ask_board_at(&mut self, index: usize) {
        let board = boards(super::today())[index.min(boards(super::today()).len() - 1)];
        if let Some(online) = &mut self.online {
            online.ask_board_and_today(board);
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
        online.board_facts(board, today)
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

    /// `--show race-world`: ask for `course`'s board and race its best run once it has come
    /// (shown at its first range when `at_range`).
    pub(in crate::app::screens) fn race_world_best(
        &mut self,
        course: &crate::course::Course,
        at_range: bool,
    ) {
        let board = board_of(course);
        if let Some(online) = &mut self.online {
            online.race_best_of(board, at_range);
        }
    }

    /// Fetch a ranked run to watch or race; it starts when it has come and passed the check.
    pub(in crate::app::screens) fn want_world_run(&mut self, run: &str, race: bool) {
        match &mut self.online {
            Some(online) => online.want(run, race),
            None => {
                self.tell_all(["The world's runs need a server: the game is offline.".to_owned()])
            }
        }
    }

    /// A wanted ranked run came and passed the check: watched or raced.
    fn start_world_run(&mut self, world_run: WorldRun) {
        let WorldRun {
            run: wanted,
            replay,
            race,
            whose,
            raced,
            shown_at_range,
        } = world_run;
        let started = if race {
            self.race_world(&replay).map(|(mode, mut screen)| {
                screen.racing = whose.or_else(|| Some("the world".to_owned()));
                screen.raced = raced.or_else(|| Some("the world's run".to_owned()));
                if shown_at_range {
                    // As a player meets the range: the arrival's moment past, the sight up,
                    // the heart still racing and the speed bonus whole; kept there (left to
                    // the show's frames, the skier stood seconds on the mat unplayed, the
                    // bonus draining and the heart calming).
                    screen.session.skip_countdown();
                    screen.session.fast_forward(
                        crate::app::screens::show::past_the_arrival,
                        crate::replay::MAX_TICKS,
                    );
                    screen.session.sight_up_now();
                    screen.still = true;
                }
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

/// The device's wall clock for signing writes (a browser's is the page's `Date.now()`).
fn wall_clock_s() -> i64 {
    i64::try_from(crate::app::platform::clock::unix_seconds()).unwrap_or(i64::MAX)
}
