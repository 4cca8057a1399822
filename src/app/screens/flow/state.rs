//! Each screen's own state, on the variant of the screen showing: a run carries its session,
//! the results screen its finished run and the name typed, the shop its shelf. [`nav`] stays the
//! pure transition table over the bare [`Screen`]s.
//!
//! [`nav`]: crate::app::screens::nav

use crate::app::run::session::RunSession;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::screens::world::BoardsPage;
use crate::app::screens::{FinishedRun, ListPage, NameEntry, SettingsPage, ShopCounter};
use crate::course::daily::Date;
use crate::sim::Tick;
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
    /// A `--show approach` moment: the run is held still there, and this obstacle (its index
    /// in the course) is probed.
    pub held: Option<usize>,
    /// Whose world run skis beside as the ghost ("Bea · World #1"), when one is raced.
    pub racing: Option<String>,
}

impl RunScreen {
    /// A run just started.
    pub fn new(session: RunSession, daily: Option<Date>) -> Self {
        Self {
            session,
            daily,
            since_finish: Duration::ZERO,
            watch_end: None,
            held: None,
            racing: None,
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
            _ => None,
        }
    }
}
