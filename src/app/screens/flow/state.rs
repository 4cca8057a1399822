//! The screens' table. Each screen's own state, on the variant of the screen showing (a run
//! carries its session, the results screen its finished run and the name typed, the shop its
//! shelf); the state each screen is entered with and the work entering it starts (the Boards
//! ask for their page: [`Flow::state_for`]); what leaving it settles ([`Flow::leave`]); and how
//! each is drawn ([`Flow::draw`]). [`nav`] stays the pure transition table over the bare [`Screen`]s; the two
//! enums are matched exhaustively both ways, so a screen added to one and not the other does not
//! compile. A new screen touches this file, `nav.rs`, its own file and `screens/mod.rs`.
//!
//! [`nav`]: crate::app::screens::nav

use super::today;
use super::Flow;
use crate::app::platform::audio::Sounds;
use crate::app::run::session::{Banner, FrameMode, RunSession};
use crate::app::screens::boards::BoardsPage;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::screens::{self, Choice};
use crate::app::screens::{
    AccountScreen, FinishedRun, ListPage, NameEntry, SettingsPage, ShopCounter,
};
use crate::app::ui::missions_panel::MissionsShown;
use crate::app::ui::Ui;
use crate::course::daily::Date;
use crate::replay::CourseChoice;
use crate::sim::Tick;
use macroquad::miniquad::RenderingBackend;
use std::time::Duration;

/// A run on screen, skiing or paused, and what only it keeps.
pub struct RunScreen {
    pub session: RunSession,
    /// The day of the daily course being run (none for other runs).
    pub daily: Option<Date>,
    /// Time since the run finished (the finish banner lingers).
    pub since_finish: Duration,
    /// The last tick of a replay being watched.
    pub watch_end: Option<Tick>,
    /// A `--show approach` moment: the run is held still there, with this obstacle (probed)
    /// or power-up in view.
    pub held: Option<crate::app::screens::show::Held>,
    /// Whose world run skis beside as the ghost ("Bea · World #1"), when one is raced.
    pub racing: Option<String>,
    /// The name alone of whose world run is raced (the results name the gap after it).
    pub raced: Option<String>,
    /// A `--show` moment kept as a player meets it: drawn as the run is, its clock stopped
    /// (the show's frames pass in real time, which would move the run on unplayed).
    pub still: bool,
}

impl RunScreen {
    /// Draw the run as it stands, without moving it on: `FrameMode::Frozen` under the pause
    /// card (no power-up chips to cover), `FrameMode::Held` at a held `--show` moment.
    fn draw_still(&mut self, ctx: &mut dyn RenderingBackend, sounds: &Sounds, mode: FrameMode) {
        self.session
            .frame(ctx, Duration::ZERO, mode, Banner::None, sounds);
    }

    /// A run just started.
    pub fn new(session: RunSession, daily: Option<Date>) -> Self {
        Self {
            session,
            daily,
            since_finish: Duration::ZERO,
            watch_end: None,
            held: None,
            racing: None,
            raced: None,
            still: false,
        }
    }
}

/// The results screen: the run that ended and the name to list it under.
pub struct ResultsScreen {
    pub finished: FinishedRun,
    pub name: NameEntry,
    /// Whether its coins are in the purse and its result listed already (a run started from
    /// the results, as Retry, banks them first).
    pub banked: bool,
    /// The run's name in the send queue, when it was queued for the world boards.
    pub queued: Option<String>,
    /// The missions the run started with, and what it did towards them (none: a run that
    /// counts for none).
    pub missions: Option<(crate::missions::MissionBook, crate::missions::RunTally)>,
}

/// The screen showing, carrying its own state.
pub enum ScreenState {
    Title,
    Leaving,
    Levels,
    Run(RunMode, Box<RunScreen>),
    Pause(RunMode, Box<RunScreen>),
    Results(Box<ResultsScreen>),
    ResultsList(ListPage),
    Settings(SettingsPage, NameEntry),
    Shop(ShopCounter),
    Guide,
    Boards(BoardsPage),
    Account(AccountScreen),
}

impl ScreenState {
    /// Which screen this is, for the transition table.
    pub fn screen(&self) -> Screen {
        match self {
            Self::Title => Screen::Title,
            Self::Leaving => Screen::Leaving,
            Self::Levels => Screen::Levels,
            Self::Run(mode, _) => Screen::Run(*mode),
            Self::Pause(mode, _) => Screen::Pause(*mode),
            Self::Results(_) => Screen::Results,
            Self::ResultsList(_) => Screen::ResultsList,
            Self::Settings(..) => Screen::Settings,
            Self::Shop(_) => Screen::Shop,
            Self::Guide => Screen::Guide,
            Self::Boards(_) => Screen::Boards,
            Self::Account(_) => Screen::Account,
        }
    }

    /// The run on screen (skiing or paused), if any.
    pub fn run(&self) -> Option<&RunScreen> {
        match self {
            Self::Run(_, run) | Self::Pause(_, run) => Some(run),
            _ => None,
        }
    }

    /// The run on screen, to move it on.
    pub fn run_mut(&mut self) -> Option<&mut RunScreen> {
        match self {
            Self::Run(_, run) | Self::Pause(_, run) => Some(run),
            _ => None,
        }
    }

    /// The name being typed on this screen, if it has one.
    pub fn name_mut(&mut self) -> Option<&mut NameEntry> {
        match self {
            Self::Results(results) => Some(&mut results.name),
            Self::Settings(_, name) => Some(name),
            Self::Account(account) => Some(&mut account.code),
            _ => None,
        }
    }

    /// The most characters the text being typed here may have.
    pub fn typing_limit(&self) -> usize {
        match self {
            Self::Account(_) => screens::CODE_MAX_CHARS,
            _ => crate::storage::settings::MAX_NAME_CHARS,
        }
    }
}

impl Flow {
    /// The state `to` opens with, coming `from` a screen: a run screen takes the run started
    /// for it or the one it comes from (a paused run resumes after a countdown), the results
    /// are built from the run that ended, the results list opens on the `list` given.
    pub(super) fn state_for(
        &mut self,
        to: Screen,
        from: Screen,
        run: Option<Box<RunScreen>>,
        list: Option<ListPage>,
    ) -> ScreenState {
        match to {
            Screen::Title => ScreenState::Title,
            Screen::Leaving => ScreenState::Leaving,
            Screen::Levels => ScreenState::Levels,
            Screen::Run(mode) => match run {
                Some(mut run) => {
                    if matches!(from, Screen::Pause(_)) {
                        run.session.count_down();
                    }
                    ScreenState::Run(mode, run)
                }
                None => ScreenState::Title,
            },
            Screen::Pause(mode) => {
                run.map_or(ScreenState::Title, |run| ScreenState::Pause(mode, run))
            }
            Screen::Results => match run {
                Some(run) => {
                    let mut results = self.results_of(&run);
                    self.run_reached_results(&mut results);
                    ScreenState::Results(Box::new(results))
                }
                None => ScreenState::Title,
            },
            Screen::Boards => {
                let page = BoardsPage::default();
                self.ask_board_at(page.index);
                ScreenState::Boards(page)
            }
            Screen::ResultsList => ScreenState::ResultsList(list.unwrap_or_default()),
            Screen::Settings => ScreenState::Settings(
                SettingsPage::default(),
                NameEntry {
                    text: self.settings.player_name.clone(),
                    editing: false,
                },
            ),
            Screen::Shop => ScreenState::Shop(ShopCounter::default()),
            Screen::Guide => ScreenState::Guide,
            Screen::Account => ScreenState::Account(AccountScreen::default()),
        }
    }

    /// What leaving `left` for `to` settles, by the screen left: the results list their
    /// result (returning the list it is in, for the results list to open on); a run or its
    /// pause hands its run on to `run`, unless a new run was started there (Restart: the one
    /// left is banked), and the first launch's tutorial, left for the title, is done.
    pub(super) fn leave(
        &mut self,
        left: ScreenState,
        to: Screen,
        run: &mut Option<Box<RunScreen>>,
    ) -> Option<ListPage> {
        match left {
            ScreenState::Results(results) => {
                // Done or Back: the result is listed either way (Android may end the app later).
                let list = list_of(&results.finished);
                if !results.banked {
                    self.save_result(&results);
                }
                Some(list)
            }
            ScreenState::Run(mode, left_run) | ScreenState::Pause(mode, left_run) => {
                if mode == RunMode::Tutorial && to == Screen::Title && !self.settings.tutorial_done
                {
                    // Finished or skipped: the first launch's tutorial is not offered again.
                    self.settings.tutorial_done = true;
                    self.save_settings();
                }
                if run.is_none() {
                    *run = Some(left_run);
                } else {
                    // A new run replaces the one left: its frames count for the session, and
                    // the missions it completed are paid.
                    self.played.absorb(&left_run.session.stats);
                    self.keep_missions_of(&left_run);
                }
                None
            }
            _ => None,
        }
    }

    /// Draw the screen showing; what was chosen on it (nothing under a notice, which takes
    /// the taps until read).
    pub(super) fn draw(
        &mut self,
        ui: &mut Ui,
        ctx: &mut dyn RenderingBackend,
        frame_time: Duration,
    ) -> Option<Choice> {
        match &mut self.state {
            ScreenState::Run(_, run) if run.held.is_some() => {
                run.draw_still(ctx, &self.sounds, FrameMode::Held);
                return None;
            }
            ScreenState::Run(..) => return self.draw_run(ui, ctx, frame_time),
            ScreenState::Pause(..) => return self.draw_paused(ui, ctx),
            _ => {}
        }
        // Under a message the screen is drawn but does not take the taps.
        let held = (!self.notices.is_empty()).then(|| ui.take_taps());
        let choice = self.draw_menu_screen(ui);
        let Some(taps) = held else {
            return choice;
        };
        ui.give_taps(taps);
        if screens::draw_notices(ui, &self.notices) {
            crate::app::platform::log::trace("notices read");
            self.notices.clear();
        }
        None
    }

    /// Draw a screen that is not the run's (the run and its pause are drawn by the run).
    fn draw_menu_screen(&mut self, ui: &mut Ui) -> Option<Choice> {
        match &mut self.state {
            ScreenState::Run(..) | ScreenState::Pause(..) => None,
            ScreenState::Results(_) => self.draw_results_card(ui),
            ScreenState::Boards(_) => self.draw_world_boards(ui),
            ScreenState::Title => screens::draw_title(
                ui,
                crate::app::platform::OFFERS_QUIT.then_some("Quit"),
                &self.title_facts(),
            ),
            ScreenState::Leaving => {
                // The title under the question, its buttons asleep.
                let taps = ui.take_taps();
                screens::draw_title(ui, None, &self.title_facts());
                ui.give_taps(taps);
                screens::draw_leaving(ui)
            }
            ScreenState::Levels => {
                let all_open = self.developer && self.settings.open_all_levels;
                screens::draw_levels(ui, &self.results, all_open)
            }
            ScreenState::ResultsList(list) => {
                let store = self.store.as_ref();
                let has =
                    |name: &_| store.is_some_and(|s| crate::files::is_file(&s.replay_path(name)));
                let today = today().to_string();
                screens::draw_results_list(ui, &self.results, list, &today, has)
            }
            ScreenState::Shop(counter) => {
                screens::draw_shop(ui, &self.locker, self.purse.coins, counter)
            }
            ScreenState::Settings(page, name) => {
                screens::draw_settings(ui, &mut self.settings, name, page, self.developer)
            }
            ScreenState::Guide => screens::draw_guide(ui),
            ScreenState::Account(_) => self.draw_account_screen(ui),
        }
    }

    /// The pause card over the run's last frame, with the run's missions.
    fn draw_paused(&mut self, ui: &mut Ui, ctx: &mut dyn RenderingBackend) -> Option<Choice> {
        let ScreenState::Pause(mode, run) = &mut self.state else {
            return None;
        };
        run.draw_still(ctx, &self.sounds, FrameMode::Frozen);
        let missions = run
            .session
            .missions()
            .map(|watch| MissionsShown::of(watch.book(), Some(watch.tally())));
        screens::draw_pause(ui, *mode, missions.as_ref())
    }

    /// The results card of the run that ended, with its world rank and missions.
    fn draw_results_card(&mut self, ui: &mut Ui) -> Option<Choice> {
        let ScreenState::Results(results) = &self.state else {
            return None;
        };
        let world = self.world_note(results);
        let ScreenState::Results(results) = &mut self.state else {
            return None;
        };
        let missions = results
            .missions
            .as_ref()
            .map(|(book, tally)| MissionsShown::of(book, Some(tally)));
        screens::draw_results(
            ui,
            &results.finished,
            &mut results.name,
            &world,
            missions.as_ref(),
        )
    }

    /// The world boards, on the page the player turned to.
    fn draw_world_boards(&mut self, ui: &mut Ui) -> Option<Choice> {
        let ScreenState::Boards(page) = &self.state else {
            return None;
        };
        let mut shown = page.clone();
        let facts = self.board_facts(shown.index);
        report_first_run(&mut shown, &facts);
        // Under the Report dialog the board is drawn but takes no taps.
        let reporting = shown.report.as_ref().is_some_and(|d| !d.run.is_empty());
        let taps = reporting.then(|| ui.take_taps());
        let mut choice = screens::boards::draw_boards(ui, &mut shown, &facts);
        if let (Some(taps), Some(dialog)) = (taps, shown.report.as_mut()) {
            ui.give_taps(taps);
            use screens::settings::account::report::{draw_report, ReportOutcome};
            choice = match draw_report(ui, dialog) {
                ReportOutcome::Open => None,
                ReportOutcome::Cancelled => {
                    shown.report = None;
                    None
                }
                ReportOutcome::Send(choice) => {
                    shown.report = None;
                    Some(choice)
                }
            };
        }
        if let ScreenState::Boards(page) = &mut self.state {
            *page = shown;
        }
        choice
    }
}

/// `--show report`: the dialog waits for the board, then reports its first run.
fn report_first_run(shown: &mut BoardsPage, facts: &crate::app::screens::boards::BoardFacts) {
    let Some(dialog) = shown.report.as_mut().filter(|d| d.run.is_empty()) else {
        return;
    };
    if let crate::app::screens::boards::BoardView::Page(page) = &facts.view {
        if let Some(first) = page.entries.first() {
            dialog.run = first.run.clone();
            shown.picked = Some(first.run.clone());
        }
    }
}

/// The list a finished run is listed in: its day's, its level track's, or Endless.
fn list_of(finished: &FinishedRun) -> ListPage {
    match finished.choice {
        _ if finished.daily.is_some() => ListPage::daily(),
        CourseChoice::Level { level, track, .. } => ListPage::of_level(level, track),
        CourseChoice::Endless { .. } => ListPage::endless(),
    }
}
