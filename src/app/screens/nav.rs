//! Which screen is showing and where each event leads: a pure state machine, tested headless.

/// What kind of run the run screen plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunMode {
    /// A level's track, for a place in its results list.
    Race,
    /// The Endless course, ended by the player.
    Endless,
    /// A saved replay played back (no input accepted).
    Watch,
    /// The guided first run ("How to play").
    Tutorial,
}

/// The screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The title and main menu.
    Title,
    /// Level and track select.
    Levels,
    /// A run (loading, skiing, shooting), with its HUD.
    Run(RunMode),
    /// A run paused over its last frame.
    Pause(RunMode),
    /// The finished run: time, coins, hits, shots, misses, and the name to list it under.
    Results,
    /// The local results lists.
    ResultsList,
    /// The player's settings.
    Settings,
    /// The shop: rifles, suits and skis for coins.
    Shop,
    /// How to play: what each colour asks for, the coins, the range; the way to the tutorial.
    Guide,
    /// "Leave Latu?" over the title (Back or Quit there asks first).
    Leaving,
    /// The world boards (with a server; offline it says so).
    Boards,
    /// Settings → Account: the player online (name, devices, recovery, deletion).
    Account,
}

/// What one of the title's menu buttons does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleWay {
    /// Open a screen.
    Open(Screen),
    /// Ski today's daily course.
    Daily,
    /// Ski the Endless course.
    Endless,
}

/// The title's smaller ways in, in order: each button's label and what it does. A screen opened
/// from the title is a row here and its transitions in [`next`].
pub const TITLE_MENU: [(&str, TitleWay); 7] = [
    ("Tracks", TitleWay::Open(Screen::Levels)),
    ("Daily", TitleWay::Daily),
    ("Endless", TitleWay::Endless),
    ("World", TitleWay::Open(Screen::Boards)),
    ("Shop", TitleWay::Open(Screen::Shop)),
    ("Results", TitleWay::Open(Screen::ResultsList)),
    ("How to play", TitleWay::Open(Screen::Guide)),
];

/// What the player (or the window) did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Open a screen from the main menu (Race, Results, Settings).
    Open(Screen),
    /// Start a run of this kind.
    Start(RunMode),
    /// Back button (Android), Esc (desktop), or a screen's Back button.
    Back,
    /// The pause button.
    Pause,
    /// The window lost focus or was minimised.
    FocusLost,
    /// Resume from pause.
    Resume,
    /// Leave the run from pause; leave the game from "Leave Latu?".
    Quit,
    /// Start the paused run again from its start.
    Restart,
    /// The run reached its finish.
    Finished,
    /// The results screen is done (the result is saved).
    Done,
}

/// Where an event leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Show this screen.
    Go(Screen),
    /// Stay on the current screen.
    Stay,
    /// Leave the game (desktop: quit; Android: back to the home screen).
    Exit,
}

/// The screen after `event` on `screen`.
pub fn next(screen: Screen, event: Event) -> Step {
    use Event as E;
    use Screen as S;
    match (screen, event) {
        (
            S::Title,
            E::Open(
                to @ (S::Levels | S::ResultsList | S::Settings | S::Shop | S::Guide | S::Boards),
            ),
        ) => Step::Go(to),
        // A world run is watched or raced from the boards, or from the results (the next one
        // up; Retry and Next level start a run there too); the results open the boards.
        (
            S::Boards | S::Results,
            E::Start(mode @ (RunMode::Watch | RunMode::Race | RunMode::Endless)),
        ) => Step::Go(S::Run(mode)),
        (S::Results, E::Open(S::Boards)) => Step::Go(S::Boards),
        (S::Settings, E::Open(S::Account)) => Step::Go(S::Account),
        (S::Account, E::Back) => Step::Go(S::Settings),
        (S::Guide, E::Start(RunMode::Tutorial)) => Step::Go(S::Run(RunMode::Tutorial)),
        // Endless, the daily course (a race) and the tutorial start from the title.
        (S::Title, E::Start(mode @ (RunMode::Endless | RunMode::Tutorial | RunMode::Race))) => {
            Step::Go(S::Run(mode))
        }
        (S::Levels, E::Start(RunMode::Race)) => Step::Go(S::Run(RunMode::Race)),
        (S::ResultsList, E::Start(RunMode::Watch)) => Step::Go(S::Run(RunMode::Watch)),
        (S::Title, E::Back) => Step::Go(S::Leaving),
        (S::Leaving, E::Back) => Step::Go(S::Title),
        (S::Leaving, E::Quit) => Step::Exit,
        (S::Levels | S::Settings | S::ResultsList | S::Shop | S::Guide | S::Boards, E::Back) => {
            Step::Go(S::Title)
        }
        (S::Run(mode), E::Back | E::Pause | E::FocusLost) => Step::Go(S::Pause(mode)),
        (S::Run(RunMode::Watch), E::Finished) => Step::Go(S::ResultsList),
        (S::Run(RunMode::Tutorial), E::Finished | E::Quit) => Step::Go(S::Title),
        (S::Run(_), E::Finished) => Step::Go(S::Results),
        (S::Pause(mode), E::Resume | E::Back) => Step::Go(S::Run(mode)),
        (S::Pause(mode), E::Quit) => Step::Go(after_quit(mode)),
        (S::Pause(mode @ (RunMode::Race | RunMode::Endless)), E::Restart) => Step::Go(S::Run(mode)),
        (S::Results, E::Done | E::Back) => Step::Go(S::ResultsList),
        _ => Step::Stay,
    }
}

/// Where leaving a paused run leads: an Endless run ends there and is scored.
fn after_quit(mode: RunMode) -> Screen {
    match mode {
        RunMode::Race | RunMode::Tutorial => Screen::Title,
        RunMode::Endless => Screen::Results,
        RunMode::Watch => Screen::ResultsList,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(start: Screen, events: &[Event]) -> Screen {
        events
            .iter()
            .fold(start, |screen, &event| match next(screen, event) {
                Step::Go(to) => to,
                Step::Stay => screen,
                Step::Exit => panic!("{event:?} on {screen:?} left the game"),
            })
    }

    #[test]
    fn a_race_goes_from_the_menu_to_the_results_list() {
        let events = [
            Event::Open(Screen::Levels),
            Event::Start(RunMode::Race),
            Event::Finished,
        ];
        assert_eq!(walk(Screen::Title, &events), Screen::Results);
        assert_eq!(walk(Screen::Results, &[Event::Done]), Screen::ResultsList);
        assert_eq!(walk(Screen::ResultsList, &[Event::Back]), Screen::Title);
    }

    #[test]
    fn back_goes_back_a_screen_and_leaving_from_the_menu_asks_first() {
        for screen in [
            Screen::Levels,
            Screen::Settings,
            Screen::ResultsList,
            Screen::Shop,
        ] {
            assert_eq!(next(screen, Event::Back), Step::Go(Screen::Title));
        }
        assert_eq!(next(Screen::Title, Event::Back), Step::Go(Screen::Leaving));
        assert_eq!(next(Screen::Leaving, Event::Back), Step::Go(Screen::Title));
        assert_eq!(next(Screen::Leaving, Event::Quit), Step::Exit);
    }

    #[test]
    fn a_paused_run_restarts_and_results_start_the_next_run() {
        for mode in [RunMode::Race, RunMode::Endless] {
            assert_eq!(
                next(Screen::Pause(mode), Event::Restart),
                Step::Go(Screen::Run(mode))
            );
            assert_eq!(
                next(Screen::Results, Event::Start(mode)),
                Step::Go(Screen::Run(mode))
            );
        }
        assert_eq!(
            next(Screen::Pause(RunMode::Watch), Event::Restart),
            Step::Stay
        );
    }

    #[test]
    fn back_in_a_run_pauses_and_back_again_resumes() {
        for mode in [RunMode::Race, RunMode::Endless, RunMode::Watch] {
            assert_eq!(walk(Screen::Run(mode), &[Event::Back]), Screen::Pause(mode));
            assert_eq!(
                walk(Screen::Run(mode), &[Event::Back, Event::Back]),
                Screen::Run(mode)
            );
        }
    }

    #[test]
    fn losing_focus_pauses_a_run_and_nothing_else() {
        let run = Screen::Run(RunMode::Race);
        assert_eq!(
            next(run, Event::FocusLost),
            Step::Go(Screen::Pause(RunMode::Race))
        );
        for screen in [
            Screen::Title,
            Screen::Pause(RunMode::Race),
            Screen::Results,
            Screen::Settings,
        ] {
            assert_eq!(next(screen, Event::FocusLost), Step::Stay);
        }
    }

    #[test]
    fn quitting_a_paused_run_depends_on_its_kind() {
        assert_eq!(
            next(Screen::Pause(RunMode::Race), Event::Quit),
            Step::Go(Screen::Title)
        );
        assert_eq!(
            next(Screen::Pause(RunMode::Endless), Event::Quit),
            Step::Go(Screen::Results)
        );
        assert_eq!(
            next(Screen::Pause(RunMode::Watch), Event::Quit),
            Step::Go(Screen::ResultsList)
        );
    }

    #[test]
    fn how_to_play_opens_from_the_title_and_leads_to_the_tutorial_or_back() {
        assert_eq!(
            next(Screen::Title, Event::Open(Screen::Guide)),
            Step::Go(Screen::Guide)
        );
        assert_eq!(
            next(Screen::Guide, Event::Start(RunMode::Tutorial)),
            Step::Go(Screen::Run(RunMode::Tutorial))
        );
        assert_eq!(next(Screen::Guide, Event::Back), Step::Go(Screen::Title));
        assert_eq!(next(Screen::Guide, Event::Start(RunMode::Race)), Step::Stay);
    }

    #[test]
    fn the_tutorial_starts_from_the_title_and_ends_there_finished_or_skipped() {
        let run = Screen::Run(RunMode::Tutorial);
        assert_eq!(
            next(Screen::Title, Event::Start(RunMode::Tutorial)),
            Step::Go(run)
        );
        assert_eq!(next(run, Event::Finished), Step::Go(Screen::Title));
        assert_eq!(
            next(run, Event::Quit),
            Step::Go(Screen::Title),
            "its Skip button"
        );
        assert_eq!(
            walk(run, &[Event::Pause, Event::Quit]),
            Screen::Title,
            "skipped from its pause card"
        );
    }

    #[test]
    fn a_watched_replay_returns_to_the_list_without_a_result() {
        let events = [Event::Start(RunMode::Watch), Event::Finished];
        assert_eq!(walk(Screen::ResultsList, &events), Screen::ResultsList);
    }

    #[test]
    fn runs_start_only_from_their_own_screens() {
        assert_eq!(
            next(Screen::Settings, Event::Start(RunMode::Watch)),
            Step::Stay
        );
        assert_eq!(
            next(Screen::Title, Event::Open(Screen::Results)),
            Step::Stay
        );
    }

    #[test]
    fn the_account_opens_from_settings_and_back_leads_there() {
        assert_eq!(
            next(Screen::Settings, Event::Open(Screen::Account)),
            Step::Go(Screen::Account)
        );
        assert_eq!(
            next(Screen::Account, Event::Back),
            Step::Go(Screen::Settings)
        );
        assert_eq!(
            next(Screen::Title, Event::Open(Screen::Account)),
            Step::Stay
        );
    }
}
