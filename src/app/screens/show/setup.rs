//! The table of `--show` screens: how each one is reached ([`Setup`]), read by
//! [`super::Flow::show`].

use super::script::Script;
use super::SHOWN_LEVEL;
use crate::app::run::tutorial::TutorialStep;
use crate::app::screens::nav::Screen;
use crate::app::screens::AccountPage;
use crate::cli::args::ShowScreen;
use crate::course::{PickupKind, ShootingPosition};
use crate::replay::MAX_TICKS;
use crate::shooting::reward::ARRIVAL_TICKS;
use crate::sim::{Run, TICK_HZ};

/// Seconds of skiing the bot does before `--show run` and `--show pause` are drawn.
const SKIED_BEFORE_SHOWING_S: u64 = 12;
const SKIED_TICKS: u64 = SKIED_BEFORE_SHOWING_S * TICK_HZ as u64;
/// Level shown for the standing range (level 1 has a prone stage only).
const STANDING_LEVEL: u8 = 2;
/// `--show finish` starts drawing this far before the finish line, metres (its arch ahead;
/// the confetti and the counting time follow in the next frames).
const FINISH_SHOWN_BEFORE_M: f64 = 15.0;

/// How a `--show` screen is reached.
#[derive(Debug, Clone, Copy)]
pub(super) enum Setup {
    /// Entered straight from the title.
    Page(Screen),
    /// The bot's run.
    Bot(BotRun),
    /// A moment the bot never shows, reached by a script ([`Script`]); on Endless when
    /// `endless`.
    Scripted { script: Script, endless: bool },
    /// A scripted moment at the range, the sight up.
    Shot(Script),
    /// The tutorial at the moment it teaches a step, as a phone shows it when `touch`.
    Tutorial { step: TutorialStep, touch: bool },
    /// The player's run, its countdown on.
    Countdown,
    /// The levels after the bot's run of level 1 was listed.
    Levels,
    /// The shop after a purchase.
    Shop,
    /// The ghost's run, skied or watched.
    Ghost { watched: bool },
    /// `--show approach`'s moment.
    Approach,
    /// The world boards; with the Report dialog open when `report`.
    Boards { report: bool },
    /// The world's best run raced once it has come, from the start or at its first range.
    RaceWorld { at_range: bool },
    /// Settings → Account on a page.
    Account(AccountPage),
    /// The results of the bot's run; then the results list when `listed`.
    Results { listed: bool },
}

/// The bot's run (on `level` when the command line names none), simulated until `until` or
/// `max_ticks`; paused there when `paused`.
#[derive(Debug, Clone, Copy)]
pub(super) struct BotRun {
    pub(super) level: u8,
    pub(super) until: fn(&Run) -> bool,
    pub(super) max_ticks: u64,
    pub(super) paused: bool,
    /// Held still there (drawn as it stands, whatever the frames' times), the last power-up
    /// taken in view.
    pub(super) still: bool,
}

impl Setup {
    /// The table: how `screen` is reached.
    pub(super) fn of(screen: ShowScreen) -> Setup {
        match screen {
            ShowScreen::Menu => Setup::Page(Screen::Title),
            ShowScreen::Settings => Setup::Page(Screen::Settings),
            ShowScreen::Guide => Setup::Page(Screen::Guide),
            ShowScreen::Levels => Setup::Levels,
            ShowScreen::Loading => bot(|_| false, 0),
            ShowScreen::Run => bot(|_| false, SKIED_TICKS),
            ShowScreen::PowerWax => power(|run| power_on(run, PickupKind::Wax)),
            ShowScreen::PowerMagnet => power(|run| power_on(run, PickupKind::Magnet)),
            ShowScreen::PowerShield => power(|run| power_on(run, PickupKind::Shield)),
            ShowScreen::PowerBreath => power(|run| power_on(run, PickupKind::Breath)),
            ShowScreen::Pause => Setup::Bot(BotRun {
                paused: true,
                ..bot_run(|_| false, SKIED_TICKS)
            }),
            ShowScreen::Range => bot(past_the_arrival, MAX_TICKS),
            ShowScreen::RangeStanding => Setup::Bot(BotRun {
                level: STANDING_LEVEL,
                ..bot_run(standing_at_a_range, MAX_TICKS)
            }),
            ShowScreen::Finish => bot(nearing_the_finish, MAX_TICKS),
            ShowScreen::Stumble => scripted(Script::Stumble),
            ShowScreen::NearMiss => scripted(Script::NearMiss),
            ShowScreen::Penalty => scripted(Script::Penalty),
            ShowScreen::SecondChance => Setup::Scripted {
                script: Script::SecondChance,
                endless: true,
            },
            ShowScreen::ShotMiss => Setup::Shot(Script::ShotMiss),
            ShowScreen::ShotHit => Setup::Shot(Script::ShotHit),
            ShowScreen::RangeTouch => Setup::Shot(Script::TouchAssist),
            ShowScreen::Tutorial => tutorial(TutorialStep::ChangeLane, false),
            ShowScreen::TutorialJump => tutorial(TutorialStep::Jump, false),
            ShowScreen::TutorialRange => tutorial(TutorialStep::Aim, false),
            ShowScreen::TutorialTouch => tutorial(TutorialStep::ChangeLane, true),
            ShowScreen::TutorialDuck => tutorial(TutorialStep::Duck, false),
            ShowScreen::TutorialFire => tutorial(TutorialStep::Fire, true),
            ShowScreen::TutorialBreath => tutorial(TutorialStep::HoldBreath, true),
            ShowScreen::TutorialSpares => tutorial(TutorialStep::Spares, false),
            ShowScreen::TutorialFinish => tutorial(TutorialStep::Finish, false),
            ShowScreen::Countdown => Setup::Countdown,
            ShowScreen::Shop => Setup::Shop,
            ShowScreen::Ghost => Setup::Ghost { watched: false },
            ShowScreen::Watch => Setup::Ghost { watched: true },
            ShowScreen::Approach => Setup::Approach,
            ShowScreen::Boards => Setup::Boards { report: false },
            ShowScreen::Report => Setup::Boards { report: true },
            ShowScreen::RaceWorld => Setup::RaceWorld { at_range: false },
            ShowScreen::RaceWorldRange => Setup::RaceWorld { at_range: true },
            ShowScreen::Account => Setup::Account(AccountPage::Main),
            ShowScreen::AccountLink => Setup::Account(AccountPage::Link),
            ShowScreen::AccountCode => Setup::Account(AccountPage::EnterCode),
            ShowScreen::AccountDelete => Setup::Account(AccountPage::Delete),
            ShowScreen::Results | ShowScreen::ResultsMedal => Setup::Results { listed: false },
            ShowScreen::ResultsList => Setup::Results { listed: true },
        }
    }
}

/// The bot's run on the shown level until `until`.
fn bot_run(until: fn(&Run) -> bool, max_ticks: u64) -> BotRun {
    BotRun {
        level: SHOWN_LEVEL,
        until,
        max_ticks,
        paused: false,
        still: false,
    }
}

/// The bot's run held still once `taken` (a power-up just taken and on).
fn power(taken: fn(&Run) -> bool) -> Setup {
    Setup::Bot(BotRun {
        still: true,
        ..bot_run(taken, MAX_TICKS)
    })
}

fn bot(until: fn(&Run) -> bool, max_ticks: u64) -> Setup {
    Setup::Bot(bot_run(until, max_ticks))
}

fn tutorial(step: TutorialStep, touch: bool) -> Setup {
    Setup::Tutorial { step, touch }
}

fn scripted(script: Script) -> Setup {
    Setup::Scripted {
        script,
        endless: false,
    }
}

/// Whether a power-up of `kind` is on (the bot has just taken it).
fn power_on(run: &Run, kind: PickupKind) -> bool {
    run.power_left_s(kind).is_some()
}

/// Whether the skier is within [`FINISH_SHOWN_BEFORE_M`] of a level's finish.
fn nearing_the_finish(run: &Run) -> bool {
    run.course()
        .length
        .is_some_and(|length| run.z() >= length - FINISH_SHOWN_BEFORE_M)
}

/// Whether the skier is at a range shooting standing.
fn standing_at_a_range(run: &Run) -> bool {
    let standing = run
        .at_stage()
        .and_then(|stage| run.course().stages.get(stage))
        .is_some_and(|spot| spot.position == ShootingPosition::Standing);
    standing && past_the_arrival(run)
}

/// Whether the skier stands at a range with its arrival's moment past and the sight up, as a
/// player meets the range whatever the show's frames take (left to them, a quick machine still
/// showed the arrival's card, a slow one a drained bonus).
pub(in crate::app::screens) fn past_the_arrival(run: &Run) -> bool {
    let arrival_s = f64::from(ARRIVAL_TICKS) / f64::from(TICK_HZ);
    run.stage_view()
        .is_some_and(|view| view.on_mat_s >= arrival_s)
}
