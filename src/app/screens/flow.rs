//! The game's flow between screens: what each screen's choice does (start a run, the tutorial,
//! the daily course; list a result, see [`super::keep`]), where [`nav`] says it leads, and the
//! run session kept while a run or its pause is showing.

use super::keep::{open_store, told_to_player};
use crate::app::platform::android;
use crate::app::platform::audio::{Sounds, Volumes};
use crate::app::run::session::{Banner, FrameMode, RunSession};
use crate::app::run::ski_run::Pilot;
use crate::app::run::stats::FrameStats;
use crate::app::screens::nav::{self, Event, RunMode, Screen, Step};
use crate::app::screens::{
    self, Choice, FinishedRun, ListPage, NameEntry, SettingsPage, ShopCounter,
};
use crate::app::ui::Ui;
use crate::app::AppError;
use crate::course::levels::ENDLESS;
use crate::course::Course;
use crate::replay::CourseChoice;
use crate::shop::Locker;
use crate::sound::music::Track;
use crate::storage::settings::MAX_NAME_CHARS;
use crate::storage::{Purse, Results, Settings, Store};
use macroquad::input::{get_char_pressed, is_key_pressed, KeyCode};
use std::time::Duration;

/// Width of the "Replay" label while one is watched, in pause-button widths.
const WATCH_LABEL_WIDTHS: f32 = 2.0;
/// How long the finish shows before the results screen: the confetti flies and the time
/// counts up.
const FINISH_LINGER: Duration = Duration::from_millis(3000);

/// The screens' state and the run in progress.
pub struct Flow {
    pub(super) screen: Screen,
    pub(super) store: Option<Store>,
    pub(super) settings: Settings,
    pub(super) results: Results,
    /// The coins kept between runs.
    pub(super) purse: Purse,
    /// What was bought in the shop and what is in use.
    pub(super) locker: Locker,
    /// The shop's shelf shown and its last word.
    pub(super) shop: ShopCounter,
    /// Messages the player has not yet dismissed.
    pub(super) notices: Vec<String>,
    pub(super) name: NameEntry,
    pub(super) finished: Option<FinishedRun>,
    pub(super) list: ListPage,
    /// The settings page shown (main or Advanced).
    pub(super) settings_page: SettingsPage,
    /// The day of the daily course being run (none for other runs).
    pub(super) daily: Option<crate::course::daily::Date>,
    pub(super) session: Option<RunSession>,
    /// Time since the run finished (the finish banner lingers).
    pub(super) since_finish: Duration,
    /// The last tick of a replay being watched.
    pub(super) watch_end: Option<u64>,
    pub(super) sounds: Sounds,
}

impl Flow {
    /// The title screen, with the settings and results loaded (and any notices about them).
    pub fn new(mut sounds: Sounds) -> Self {
        let mut notices = Vec::new();
        let mut store = match open_store() {
            Ok(store) => Some(store),
            Err(e) => {
                notices.push(format!("Results and settings cannot be kept: {e}"));
                None
            }
        };
        let (settings, results, purse, locker) = match &mut store {
            Some(store) => {
                let settings = store.load_settings();
                let results = store.load_results();
                let purse = store.load_purse();
                let locker = store.load_locker();
                let told: Vec<_> = settings
                    .notices
                    .iter()
                    .chain(&results.notices)
                    .chain(&purse.notices)
                    .chain(&locker.notices)
                    .cloned()
                    .collect();
                notices.extend(told_to_player(&told));
                (settings.value, results.value, purse.value, locker.value)
            }
            None => Default::default(),
        };
        sounds.set_volumes(Volumes::of(&settings));
        sounds.play_music(Track::Menu);
        Self {
            screen: Screen::Title,
            store,
            name: NameEntry {
                text: settings.player_name.clone(),
                editing: false,
            },
            settings,
            results,
            purse,
            locker,
            shop: ShopCounter::default(),
            notices,
            finished: None,
            list: ListPage::default(),
            settings_page: SettingsPage::default(),
            daily: None,
            session: None,
            since_finish: Duration::ZERO,
            watch_end: None,
            sounds,
        }
    }

    /// On the first launch (the tutorial neither done nor skipped), go straight into it.
    pub fn first_launch(&mut self) -> Result<(), AppError> {
        if !self.settings.tutorial_done {
            self.start_tutorial()?;
            self.enter(Screen::Title, Screen::Run(RunMode::Tutorial));
        }
        Ok(())
    }

    /// The current run's frame statistics.
    pub fn stats(&self) -> Option<&FrameStats> {
        self.session.as_ref().map(|session| &session.stats)
    }

    /// One frame: read keys, draw the screen, act on what was chosen (a choice that fails is a
    /// notice on screen). Whether to leave.
    pub fn frame(&mut self, frame_time: Duration, went_away: bool) -> bool {
        let mut events = Vec::new();
        if went_away {
            events.push(Event::FocusLost);
        }
        crate::app::ui::words::observe();
        events.extend(self.read_keys());
        let mut ui = Ui::begin(android::screen_density());
        if let Some(choice) = self.draw(&mut ui, frame_time) {
            match self.act(choice) {
                Ok(Some(event)) => events.push(event),
                Ok(None) => {}
                Err(error) => {
                    eprintln!("latu: {error}");
                    self.notices
                        .push(format!("That could not be started: {error}"));
                }
            }
        }
        events.into_iter().any(|event| self.go(event))
    }

    /// Typing into the name, Back (Esc, Android's back key), and Enter (ends typing; on the
    /// results screen it also saves the result). The event the keys amount to.
    fn read_keys(&mut self) -> Option<Event> {
        while let Some(typed) = get_char_pressed() {
            if self.name.editing {
                self.name.type_char(typed, MAX_NAME_CHARS);
            }
        }
        let back = is_key_pressed(KeyCode::Escape) || is_key_pressed(KeyCode::Back);
        let enter = is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter);
        if enter && self.screen == Screen::Results {
            return Some(Event::Done);
        }
        if self.name.editing && (back || enter) {
            self.stop_editing();
            return None;
        }
        back.then_some(Event::Back)
    }

    fn stop_editing(&mut self) {
        self.name.editing = false;
        macroquad::miniquad::window::show_keyboard(false);
        if self.screen == Screen::Settings {
            self.settings.name_chosen = true;
            self.settings.player_name = crate::storage::settings::tidy_name(&self.name.text);
            self.name.text = self.settings.player_name.clone();
            self.save_settings();
        }
    }

    fn draw(&mut self, ui: &mut Ui, frame_time: Duration) -> Option<Choice> {
        // Under a message the screen is drawn but does not take the taps.
        let held = if self.notices.is_empty()
            || matches!(self.screen, Screen::Run(_) | Screen::Pause(_))
        {
            None
        } else {
            Some(ui.take_taps())
        };
        let choice = match self.screen {
            Screen::Run(mode) => return self.draw_run(ui, mode, frame_time),
            Screen::Pause(mode) => {
                self.draw_frozen_run();
                return screens::draw_pause(ui, mode);
            }
            Screen::Title => screens::draw_title(
                ui,
                (!cfg!(target_os = "android")).then_some("Quit"),
                self.results.best_endless_distance(),
            ),
            Screen::Leaving => {
                // The title under the question, its buttons asleep.
                let taps = ui.take_taps();
                screens::draw_title(ui, None, self.results.best_endless_distance());
                ui.give_taps(taps);
                screens::draw_leaving(ui)
            }
            Screen::Levels => {
                screens::draw_levels(ui, &self.results, self.settings.open_all_levels)
            }
            Screen::Results => match &self.finished {
                Some(run) => screens::draw_results(ui, run, &mut self.name),
                None => Some(Choice::Go(Event::Back)),
            },
            Screen::ResultsList => {
                let store = self.store.as_ref();
                let has = |name: &_| store.is_some_and(|s| s.replay_path(name).is_file());
                let today = today().to_string();
                screens::draw_results_list(ui, &self.results, &mut self.list, &today, has)
            }
            Screen::Shop => screens::draw_shop(ui, &self.locker, self.purse.coins, &self.shop),
            Screen::Settings => screens::draw_settings(
                ui,
                &mut self.settings,
                &mut self.name,
                &mut self.settings_page,
            ),
        };
        if let Some(taps) = held {
            ui.give_taps(taps);
            if screens::draw_notices(ui, &self.notices) {
                self.notices.clear();
            }
            return None;
        }
        choice
    }

    fn draw_run(&mut self, ui: &mut Ui, mode: RunMode, frame_time: Duration) -> Option<Choice> {
        let session = self.session.as_mut()?;
        let left_handed = self.settings.left_handed;
        let pause = screens::pause_button_rect(ui, left_handed);
        let skip = screens::skip_button_rect(ui, left_handed);
        // The Skip button sits beside the pause button: their touches are kept out together.
        let buttons = if mode == RunMode::Tutorial {
            pause.combine_with(skip)
        } else {
            pause
        };
        // Endless's second chance takes the touches on its card while it is offered.
        let offer = session.offer();
        let card = offer.map(|_| crate::app::run::feel::offer_card(ui));
        session.reserve(Some(
            card.map_or(buttons, |card| buttons.combine_with(card)),
        ));
        session.frame(frame_time, FrameMode::Play, Banner::Finish, &self.sounds);
        if let Some((left_s, coins)) = offer {
            if let Some(answer) = crate::app::run::feel::draw_offer(ui, left_s, coins) {
                session.answer_offer(answer);
            }
        }
        let run = session.ski().run();
        self.sounds.set_music_aside(run.at_stage().is_some());
        let over = run.is_finished() || self.watch_end.is_some_and(|end| run.tick() >= end);
        if over {
            self.since_finish += frame_time;
        }
        if over && self.since_finish >= FINISH_LINGER {
            return Some(Choice::Go(Event::Finished));
        }
        let paused = !session.is_loading() && screens::pause_button(ui, left_handed);
        if mode == RunMode::Tutorial
            && !session.is_loading()
            && ui.button_colored(skip, "Skip", crate::app::ui::BUTTON_QUIET)
        {
            return Some(Choice::Go(Event::Quit));
        }
        if mode == RunMode::Watch {
            ui.centered(
                watch_label_rect(ui, left_handed),
                "Replay",
                crate::app::ui::layout::BODY_TEXT,
                crate::app::ui::BUTTON_TEXT,
            );
        }
        paused.then_some(Choice::Go(Event::Pause))
    }

    fn draw_frozen_run(&mut self) {
        if let Some(session) = &mut self.session {
            session.frame(
                Duration::ZERO,
                FrameMode::Frozen,
                Banner::None,
                &self.sounds,
            );
        }
    }

    /// Do what a choice asks; the navigation event it amounts to.
    fn act(&mut self, choice: Choice) -> Result<Option<Event>, AppError> {
        Ok(Some(match choice {
            Choice::Go(Event::Restart) => {
                self.restart()?;
                Event::Restart
            }
            Choice::Go(event) => event,
            Choice::Race { level, track } => {
                let course = Course::level(level, track, None)?;
                self.daily = None;
                self.start(CourseChoice::of(&course), course, Pilot::Player)?;
                Event::Start(RunMode::Race)
            }
            Choice::Daily => {
                let day = today();
                let course = Course::daily(day)?;
                // Listed under its day (and Retry runs the day's again).
                self.daily = Some(day);
                self.start(CourseChoice::of(&course), course, Pilot::Player)?;
                Event::Start(RunMode::Race)
            }
            Choice::Tutorial => {
                self.start_tutorial()?;
                Event::Start(RunMode::Tutorial)
            }
            Choice::Endless => {
                let course = Course::endless(ENDLESS.seed);
                self.daily = None;
                self.start(CourseChoice::of(&course), course, Pilot::Player)?;
                Event::Start(RunMode::Endless)
            }
            Choice::Watch(name) => {
                if !self.start_watching(&name)? {
                    return Ok(None);
                }
                Event::Start(RunMode::Watch)
            }
            Choice::SettingsChanged => {
                self.save_settings();
                return Ok(None);
            }
            Choice::Shop(choice) => {
                self.shop(choice);
                return Ok(None);
            }
        }))
    }

    /// Follow an event; whether the game is left.
    fn go(&mut self, event: Event) -> bool {
        let from = self.screen;
        match nav::next(from, event) {
            Step::Stay => false,
            Step::Exit => {
                android::leave();
                !cfg!(target_os = "android")
            }
            Step::Go(to) => {
                self.enter(from, to);
                false
            }
        }
    }

    pub(super) fn enter(&mut self, from: Screen, to: Screen) {
        if self.name.editing {
            self.stop_editing();
        }
        if from == Screen::Results {
            // Done or Back: the result is listed either way (Android may end the app later).
            self.save_result();
        }
        if to == Screen::Results {
            let ask_name = !self.settings.name_chosen;
            let results = &self.results;
            self.finished = self.session.as_ref().map(|session| {
                let ski = session.ski();
                let replay = ski.replay();
                let choice = replay
                    .course_choice()
                    .unwrap_or_else(|_| CourseChoice::of(ski.run().course()));
                let best_before = match choice {
                    CourseChoice::Level { level, track, .. } => results.best_score(level, track),
                    CourseChoice::Endless { .. } => results.best_endless_score(),
                };
                FinishedRun {
                    choice,
                    summary: ski.run().summary(),
                    replay,
                    best_before,
                    ask_name,
                    daily: self.daily,
                    ghost_gap_s: ski.ghost().and_then(|ghost| ghost.finish_gap()),
                }
            });
            self.name.text = self.settings.player_name.clone();
            // The name is asked once: a desktop types straight away; a phone's keyboard opens
            // when the name is tapped.
            self.name.editing = ask_name && !cfg!(target_os = "android");
        }
        if to == Screen::Shop {
            self.shop = ShopCounter::default();
        }
        if to == Screen::Settings {
            self.name.text = self.settings.player_name.clone();
            self.settings_page = SettingsPage::Main;
        }
        if let (Screen::Results, Some(run)) = (to, &self.finished) {
            self.list = match run.choice {
                _ if run.daily.is_some() => ListPage::daily(),
                CourseChoice::Level { level, track, .. } => ListPage::of_level(level, track),
                CourseChoice::Endless { .. } => ListPage::endless(),
            };
        }
        let in_tutorial = matches!(
            from,
            Screen::Run(RunMode::Tutorial) | Screen::Pause(RunMode::Tutorial)
        );
        if in_tutorial && to == Screen::Title && !self.settings.tutorial_done {
            // Finished or skipped: the first launch's tutorial is not offered again.
            self.settings.tutorial_done = true;
            self.save_settings();
        }
        if let (Screen::Pause(_), Screen::Run(_), Some(session)) = (from, to, &mut self.session) {
            session.count_down();
        }
        match to {
            Screen::Run(_) => self.sounds.start_ambience(),
            _ => self.sounds.stop_ambience(),
        }
        // The run's music through the run and its pause (stepping aside there), the calm one
        // everywhere else.
        match to {
            Screen::Run(_) | Screen::Pause(_) => self.sounds.play_music(Track::Run),
            _ => self.sounds.play_music(Track::Menu),
        }
        self.sounds.set_music_aside(matches!(to, Screen::Pause(_)));
        if !matches!(to, Screen::Run(_) | Screen::Pause(_)) {
            self.session = None;
            self.watch_end = None;
        }
        self.screen = to;
    }
}

/// Where "Replay" is written while one is watched: below the HUD strip, on the side away from
/// the pause button.
fn watch_label_rect(ui: &Ui, left_handed: bool) -> macroquad::math::Rect {
    let button = screens::pause_button_rect(ui, left_handed);
    let margin = ui.scale.px(crate::app::ui::layout::MARGIN);
    let width = button.w * WATCH_LABEL_WIDTHS;
    let x = if left_handed {
        ui.screen.width - margin - width
    } else {
        margin
    };
    macroquad::math::Rect::new(x, button.y, width, button.h)
}

/// Today's date (UTC) by the device's clock: the daily course is everyone's that day.
pub(super) fn today() -> crate::course::daily::Date {
    const SECONDS_PER_DAY: u64 = 86_400;
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    crate::course::daily::Date::from_days_since_epoch((since_epoch / SECONDS_PER_DAY) as i64)
}
