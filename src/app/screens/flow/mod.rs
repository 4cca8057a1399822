//! The game's flow between screens: what each screen's choice does (start a run, the tutorial,
//! the daily course — [`starts`]; list a result — [`keep`]), where [`nav`] says it leads, and
//! each screen built with its own state on entering it ([`enter`], [`state`]).

mod account;
mod enter;
mod keep;
mod online;
mod online_session;
mod starts;
pub(super) mod state;

pub(super) use keep::{open_store, report_to_developers, told_to_player};

use keep::Kept;

use crate::app::platform::android;
use crate::app::platform::audio::{Sounds, Volumes};
use crate::app::run::feel::sounds::{music_section, swish_level};
use crate::app::run::session::{Banner, FrameMode};
use crate::app::run::ski_run::Pilot;
use crate::app::run::stats::FrameStats;
use crate::app::screens::nav::{self, Event, RunMode, Screen, Step};
use crate::app::screens::{self, Choice, BACKSPACE};
use crate::app::ui::missions_panel::MissionsShown;
use crate::app::ui::Ui;
use crate::app::AppError;
use crate::course::levels::ENDLESS;
use crate::course::Course;
use crate::replay::CourseChoice;
use crate::shop::Locker;
use crate::sound::music::Track;
use crate::storage::{Purse, Results, Settings, Store};
use macroquad::input::{get_char_pressed, is_key_pressed, KeyCode};
use macroquad::miniquad::RenderingBackend;
use state::{RunScreen, ScreenState};
use std::time::Duration;

/// Trace the words the frame shows so far, in drawing order (a browser test reads them).
fn trace_words_shown(screen: &str) {
    let texts = crate::app::ui::drawn::this_frame().texts;
    let words: Vec<&str> = texts.iter().map(|text| text.text.as_str()).collect();
    crate::app::platform::log::trace(&format!("{screen} shows: {}", words.join(" | ")));
}

/// What Ctrl+V (Cmd+V) pastes this frame: the system clipboard's text (a browser's is what
/// its last paste held).
fn pasted() -> Vec<char> {
    use macroquad::input::is_key_down;
    let held = [
        KeyCode::LeftControl,
        KeyCode::RightControl,
        KeyCode::LeftSuper,
        KeyCode::RightSuper,
    ];
    if !(held.into_iter().any(is_key_down) && is_key_pressed(KeyCode::V)) {
        return Vec::new();
    }
    let text = macroquad::miniquad::window::clipboard_get().unwrap_or_default();
    // With Ctrl held the V types a control character, which typing ignores.
    text.trim().chars().collect()
}

/// Width of the "Replay" label while one is watched, in pause-button widths.
const WATCH_LABEL_WIDTHS: f32 = 2.0;
/// How long the finish shows before the results screen: the confetti flies and the time
/// counts up.
const FINISH_LINGER: Duration = Duration::from_millis(3000);

/// What every screen shares, and the screen showing with its own state.
pub struct Flow {
    pub(super) state: ScreenState,
    pub(super) store: Option<Store>,
    pub(super) settings: Settings,
    pub(super) results: Results,
    /// The coins kept between runs.
    pub(super) purse: Purse,
    /// What was bought in the shop and what is in use.
    pub(super) locker: Locker,
    /// Messages the player has not yet dismissed.
    pub(super) notices: Vec<String>,
    pub(super) sounds: Sounds,
    /// `latu play --developer`: the settings' Advanced page (terrain knobs, levels open).
    pub(super) developer: bool,
    /// The frames of the runs played this session and left (`--stats` covers every run).
    pub(super) played: FrameStats,
    /// The world boards' client, while a server is set.
    pub(super) online: Option<online_session::OnlineSession>,
    /// Whether the title's words were traced (once a session: a browser test reads them).
    title_traced: bool,
    /// The daily streak as last kept.
    pub(super) streak: crate::storage::Streak,
    /// The missions held, as last kept.
    pub(super) missions: crate::missions::MissionBook,
}

impl Flow {
    /// The title screen, with the settings and results loaded (and any notices about them).
    pub fn new(mut sounds: Sounds) -> Self {
        let mut notices = Vec::new();
        let mut store = match open_store() {
            Ok(store) => Some(store),
            Err(e) => {
                crate::app::platform::log::tell_developers(&format!("latu: {e}"));
                notices.push(
                    "Results and settings cannot be kept: the game's storage folder cannot be used."
                        .to_owned(),
                );
                None
            }
        };
        let kept = store
            .as_mut()
            .map(|store| Kept::load(store, &mut notices))
            .unwrap_or_default();
        crate::app::platform::log::trace(&format!(
            "results loaded: level 1 track 1 best score {:?}",
            kept.results.best_score(1, 1)
        ));
        sounds.set_volumes(Volumes::of(&kept.settings));
        sounds.play_music(Track::Menu);
        Self {
            state: ScreenState::Title,
            store,
            settings: kept.settings,
            results: kept.results,
            purse: kept.purse,
            locker: kept.locker,
            notices,
            sounds,
            developer: false,
            played: FrameStats::default(),
            online: None,
            title_traced: false,
            streak: kept.streak,
            missions: kept.missions,
        }
    }

    /// On the first launch (the tutorial neither done nor skipped), go straight into it.
    pub fn first_launch(&mut self) -> Result<(), AppError> {
        if !self.settings.tutorial_done {
            let run = self.start_tutorial()?;
            self.enter(Screen::Run(RunMode::Tutorial), Some(run));
        }
        Ok(())
    }

    /// What the title shows of the player.
    fn title_facts(&self) -> screens::TitleFacts<'_> {
        screens::TitleFacts {
            results: &self.results,
            coins: self.purse.coins,
            outfit: self.locker.outfit(),
            streak: self.streak_days(),
            missions: MissionsShown::of(&self.missions, None),
        }
    }

    /// The frame statistics of every run played this session: those left and the one on screen.
    pub fn stats(&self) -> FrameStats {
        let mut all = self.played.clone();
        if let Some(run) = self.state.run() {
            all.absorb(&run.session.stats);
        }
        all
    }

    /// One frame: read keys, draw the screen (a run's in `ctx`), act on what was chosen (a
    /// choice that fails is a notice on screen). Whether to leave.
    pub fn frame(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        frame_time: Duration,
        went_away: bool,
    ) -> bool {
        let mut events = Vec::new();
        if went_away {
            events.push(Event::FocusLost);
        }
        crate::app::ui::words::observe();
        self.poll_online();
        events.extend(self.read_keys());
        let mut ui = Ui::begin(android::screen_density());
        let mut started = None;
        let choice = self.draw(&mut ui, ctx, frame_time);
        if !self.title_traced && self.state.screen() == Screen::Title {
            self.title_traced = true;
            trace_words_shown("title");
        }
        if let Some(choice) = choice {
            match self.act(choice) {
                Ok(Some((event, run))) => {
                    events.push(event);
                    started = run;
                }
                Ok(None) => {}
                Err(error) => {
                    crate::app::platform::log::tell_developers(&format!("latu: {error}"));
                    self.notices
                        .push(format!("That could not be started: {error}"));
                }
            }
        }
        events
            .into_iter()
            .any(|event| self.go(event, started.take()))
    }

    /// Typing into the name, Back (Esc, Android's back key), and Enter (ends typing, keeping
    /// the name; on the results screen, once nothing is typed, it saves the result). The
    /// event the keys amount to.
    fn read_keys(&mut self) -> Option<Event> {
        let limit = self.state.typing_limit();
        let mut editing = self.state.name_mut().filter(|name| name.editing);
        let mut refused = Vec::new();
        // A browser types no character for Backspace (the page takes the key itself): the
        // key is read instead.
        let web_backspace = cfg!(all(target_arch = "wasm32", target_os = "unknown"))
            && is_key_pressed(KeyCode::Backspace);
        let typed = std::iter::from_fn(get_char_pressed).chain(web_backspace.then_some(BACKSPACE));
        let typed: Vec<char> = typed.chain(pasted()).collect();
        for typed in typed {
            if let Some(name) = &mut editing {
                refused.extend(name.type_char(typed, limit));
            }
        }
        let editing = editing.is_some();
        self.tell_all(refused);
        let back = is_key_pressed(KeyCode::Escape) || is_key_pressed(KeyCode::Back);
        let enter = is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter);
        if enter && self.state.screen() == Screen::Results {
            return match results_enter(editing) {
                ResultsEnter::KeepName => {
                    self.stop_editing();
                    None
                }
                ResultsEnter::Done => Some(Event::Done),
            };
        }
        if editing && (back || enter) {
            self.stop_editing();
            return None;
        }
        // Back on one of the account's pages leads to its main page first.
        if back && self.account_page_back() {
            return None;
        }
        back.then_some(Event::Back)
    }

    /// Typing ends: on the settings screen, and on the results (the first result asks the
    /// name), the name typed becomes the player's, so the run is sent under it at once and the
    /// results show its world place.
    fn stop_editing(&mut self) {
        let Some(name) = self.state.name_mut() else {
            return;
        };
        name.editing = false;
        crate::app::platform::show_keyboard(false);
        let typed = match &mut self.state {
            ScreenState::Settings(_, name) => Some(name),
            ScreenState::Results(results) => Some(&mut results.name),
            _ => None,
        };
        let Some(name) = typed else {
            return;
        };
        let tidy = crate::storage::settings::tidy_name(&name.text);
        name.text = tidy.clone();
        self.settings.name_chosen = true;
        self.settings.player_name = tidy;
        self.save_settings();
    }

    /// The run on screen: its frame with the touches its buttons and offer card keep out, the
    /// music following it, the finish lingering, then Pause, Skip and the watch label.
    fn draw_run(
        &mut self,
        ui: &mut Ui,
        ctx: &mut dyn RenderingBackend,
        frame_time: Duration,
    ) -> Option<Choice> {
        let ScreenState::Run(mode, run) = &mut self.state else {
            return None;
        };
        let mode = *mode;
        let frame_time = if run.still {
            Duration::ZERO
        } else {
            frame_time
        };
        let left_handed = self.settings.left_handed;
        let skip = screens::skip_button_rect(ui, left_handed);
        let session = &mut run.session;
        // Endless's second chance takes the touches on its card while it is offered.
        let offer = session.offer();
        let kept_out = kept_out_touches(ui, mode, left_handed, offer.is_some());
        session.reserve(Some(kept_out));
        session.frame(
            ctx,
            frame_time,
            FrameMode::Play,
            Banner::Finish,
            &self.sounds,
        );
        if let Some((left_s, coins)) = offer {
            if let Some(answer) = crate::app::run::feel::draw_offer(ui, left_s, coins) {
                session.answer_offer(answer);
            }
        }
        let skied = session.ski().run();
        let at_range = skied.at_stage().is_some();
        follow_with_sounds(&mut self.sounds, skied, frame_time);
        let over = skied.is_finished() || run.watch_end.is_some_and(|end| skied.tick() >= end);
        if over {
            run.since_finish += frame_time;
        }
        if over && run.since_finish >= FINISH_LINGER {
            return Some(Choice::Go(Event::Finished));
        }
        let loading = run.session.is_loading();
        let paused = !loading && screens::pause_button(ui, left_handed);
        if mode == RunMode::Tutorial
            && !loading
            && ui.button_colored(skip, "Skip", crate::app::ui::BUTTON_QUIET)
        {
            return Some(Choice::Go(Event::Quit));
        }
        if let Some(label) = watch_label(run.racing.as_deref(), mode, at_range) {
            draw_watch_label(ui, &label);
        }
        paused.then_some(Choice::Go(Event::Pause))
    }

    /// Do what a choice asks; the navigation event it amounts to, with the run it started.
    fn act(&mut self, choice: Choice) -> Result<Option<(Event, Option<RunScreen>)>, AppError> {
        let started = |event, run| Ok(Some((event, Some(run))));
        if choice.starts_a_run() {
            self.bank_results_showing();
        }
        match choice {
            Choice::Go(Event::Restart) => Ok(Some((Event::Restart, self.restart()?))),
            Choice::Go(event) => Ok(Some((event, None))),
            Choice::Race { level, track } => {
                let course = Course::level(level, track, None)?;
                let run = self.start(CourseChoice::of(&course), course, Pilot::Player, None)?;
                started(Event::Start(RunMode::Race), run)
            }
            Choice::Daily => {
                let day = today();
                let course = Course::daily(day)?;
                // Listed under its day (and Retry runs the day's again).
                let run =
                    self.start(CourseChoice::of(&course), course, Pilot::Player, Some(day))?;
                started(Event::Start(RunMode::Race), run)
            }
            Choice::Tutorial => started(Event::Start(RunMode::Tutorial), self.start_tutorial()?),
            Choice::Endless => {
                let course = Course::endless(ENDLESS.seed);
                let run = self.start(CourseChoice::of(&course), course, Pilot::Player, None)?;
                started(Event::Start(RunMode::Endless), run)
            }
            Choice::Watch(name) => match self.start_watching(&name)? {
                Some(run) => started(Event::Start(RunMode::Watch), run),
                None => Ok(None),
            },
            Choice::SettingsChanged => {
                self.save_settings();
                Ok(None)
            }
            Choice::Shop(choice) => {
                self.shop(choice);
                Ok(None)
            }
            Choice::WorldBoard => {
                self.ask_shown_board();
                Ok(None)
            }
            Choice::WorldRun { run, race } => {
                self.want_world_run(&run, race);
                Ok(None)
            }
            Choice::Account(choice) => {
                self.account_choice(choice);
                Ok(None)
            }
        }
    }

    /// Follow an event (with the run it started, if any); whether the game is left.
    fn go(&mut self, event: Event, started: Option<RunScreen>) -> bool {
        match nav::next(self.state.screen(), event) {
            Step::Stay => false,
            Step::Exit => {
                android::leave();
                !cfg!(target_os = "android")
            }
            Step::Go(to) => {
                self.enter(to, started);
                false
            }
        }
    }
}

/// What Enter does on the results screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ResultsEnter {
    /// The name being typed is the player's: the results stay, to show the world's answer.
    KeepName,
    /// The result is listed: on to the results list.
    Done,
}

/// Enter on the results while the name is being typed (`editing`) ends the typing and keeps
/// the name, the results staying up (a first result then shows its world place); else it
/// moves on.
fn results_enter(editing: bool) -> ResultsEnter {
    if editing {
        ResultsEnter::KeepName
    } else {
        ResultsEnter::Done
    }
}

/// Where the run's own touches are kept out: the pause button, the tutorial's Skip beside it
/// (their touches are kept out together), and Endless's second-chance card while `offered`.
fn kept_out_touches(
    ui: &Ui,
    mode: RunMode,
    left_handed: bool,
    offered: bool,
) -> macroquad::math::Rect {
    let pause = screens::pause_button_rect(ui, left_handed);
    let buttons = if mode == RunMode::Tutorial {
        pause.combine_with(screens::skip_button_rect(ui, left_handed))
    } else {
        pause
    };
    match offered.then(|| crate::app::run::feel::offer_card(ui)) {
        Some(card) => buttons.combine_with(card),
        None => buttons,
    }
}

/// The music and the skis' swish following the run: the music set aside at a range.
fn follow_with_sounds(sounds: &mut Sounds, skied: &crate::sim::Run, frame_time: Duration) {
    sounds.set_music_aside(skied.at_stage().is_some());
    sounds.follow_run(
        music_section(skied),
        swish_level(skied),
        frame_time.as_secs_f32(),
    );
}

/// The watch label on its dark strip at the bottom.
fn draw_watch_label(ui: &mut Ui, label: &str) {
    let rect = watch_label_rect(ui, label);
    ui.strip(rect, crate::app::ui::SHADE);
    ui.centered(
        rect,
        label,
        crate::app::ui::layout::BODY_TEXT,
        crate::app::ui::BUTTON_TEXT,
    );
}

/// What the bottom strip says while a run is on screen: whose world run is raced, or that a
/// replay is watched; nothing at a range, whose FIRE and hold-breath buttons have that place.
fn watch_label(racing: Option<&str>, mode: RunMode, at_range: bool) -> Option<String> {
    if at_range {
        return None;
    }
    match (racing, mode) {
        (Some(racing), _) => Some(format!("Racing {racing}")),
        (None, RunMode::Watch) => Some("Replay".to_owned()),
        _ => None,
    }
}

/// Where "Replay" (or whose world run is raced) is written: centred at the bottom, on a dark
/// strip, clear of the HUD's cards (the gap to the best run) and the pause button.
fn watch_label_rect(ui: &Ui, label: &str) -> macroquad::math::Rect {
    let button = screens::pause_button_rect(ui, false);
    let margin = ui.scale.px(crate::app::ui::layout::MARGIN);
    let needed = ui.text_width(label, crate::app::ui::layout::BODY_TEXT) + 2.0 * margin;
    let width = (button.w * WATCH_LABEL_WIDTHS)
        .max(needed)
        .min(ui.screen.width - 2.0 * margin);
    macroquad::math::Rect::new(
        (ui.screen.width - width) / 2.0,
        ui.screen.height - margin - button.h,
        width,
        button.h,
    )
}

/// Today's date (UTC) by the device's clock: the daily course is everyone's that day.
pub(super) fn today() -> crate::course::daily::Date {
    const SECONDS_PER_DAY: u64 = 86_400;
    let since_epoch = crate::app::platform::clock::unix_seconds();
    crate::course::daily::Date::from_days_since_epoch((since_epoch / SECONDS_PER_DAY) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enter_on_a_first_results_name_keeps_it_and_stays_for_the_world_place() {
        assert_eq!(results_enter(true), ResultsEnter::KeepName);
        assert_eq!(results_enter(false), ResultsEnter::Done);
    }

    #[test]
    fn a_raced_runs_banner_gives_way_to_the_ranges_buttons() {
        let racing = Some("Aino · World #2");
        assert_eq!(
            watch_label(racing, RunMode::Race, false).as_deref(),
            Some("Racing Aino · World #2")
        );
        assert_eq!(watch_label(racing, RunMode::Race, true), None);
        assert_eq!(watch_label(None, RunMode::Watch, true), None);
        assert_eq!(
            watch_label(None, RunMode::Watch, false).as_deref(),
            Some("Replay")
        );
    }
}
