//! Words for developers: stderr on a desktop, logcat on Android, the browser's console on the
//! web (where `eprintln!` goes nowhere). miniquad's logger already routes each platform; this
//! is the game's one way in.

use crate::shooting::TargetState;
use crate::sim::{Run, RunEvent, Tick};

/// Whether the trace is written (on the web, where the console is the developers' channel).
const TRACING: bool = cfg!(all(target_arch = "wasm32", target_os = "unknown"));

/// Ticks between two traces of the sight (6 a second at 60 Hz: a player's glance).
const SIGHT_TRACE_TICKS: u64 = 10;

/// Wrap the panic hook installed so far: a panic `quiet` answers true for prints nothing (the
/// game says it in its own words, or goes on without what panicked).
pub fn keep_quiet_about_panics(
    quiet: impl Fn(&std::panic::PanicHookInfo) -> bool + Send + Sync + 'static,
) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !quiet(info) {
            previous(info);
        }
    }));
}

/// Something a developer should know (a file that could not be read, a sound not loaded): one
/// escaped line, never a panic when stderr cannot be written.
pub fn tell_developers(message: &str) {
    if cfg!(any(
        target_os = "android",
        all(target_arch = "wasm32", target_os = "unknown")
    )) {
        macroquad::miniquad::warn!("{}", crate::cli::printable(message));
    } else {
        crate::cli::eprintln_safely(message);
    }
}

/// A step of the game as it happens (a lane change, a jump, a range), for a browser test that
/// reads the console: on the web only, where the console is the developers' own channel; a
/// desktop's stderr stays quiet.
pub fn trace(message: &str) {
    if TRACING {
        macroquad::miniquad::info!("latu trace: {}", message);
    }
}

/// The trace handler: a browser test reads from the console what each of the run's events did
/// to the skier's lane and state and to the range's magazine and hits (`run` is the run after
/// the frame's ticks).
pub fn trace_event(event: &RunEvent, run: &Run) {
    let tick = run.tick();
    match event {
        RunEvent::LaneChange { to, .. } => trace(&format!("run tick {tick} lane {to}")),
        RunEvent::StageReached { stage, .. } => {
            trace(&format!("run tick {tick} stage Some({stage})"));
            trace_magazine(run);
        }
        RunEvent::ShotFired { .. } | RunEvent::SpareLoaded | RunEvent::RoundBought => {
            trace_magazine(run);
        }
        RunEvent::StageLeft { result } => trace(&format!(
            "run tick {tick} stage None shots {} misses {}",
            result.shots, result.misses
        )),
        RunEvent::Jump
        | RunEvent::Landing
        | RunEvent::Duck
        | RunEvent::StoodUp
        | RunEvent::ObstacleHit { .. }
        | RunEvent::Stumbled { .. }
        | RunEvent::Steady
        | RunEvent::PenaltyLoopStarted { .. }
        | RunEvent::PenaltyLoopFinished
        | RunEvent::Finished => trace(&format!("run tick {tick} state {:?}", run.state())),
        _ => {}
    }
}

/// The range's rounds and targets down, while the skier is at one.
fn trace_magazine(run: &Run) {
    if let Some(view) = run.stage_view() {
        let hits = view
            .targets
            .iter()
            .filter(|target| **target == TargetState::Hit)
            .count();
        trace(&format!(
            "run tick {} magazine {} spares {} hits {hits}",
            run.tick(),
            view.magazine,
            view.spares
        ));
    }
}

/// The sight as the player sees it through the scope, for a browser test that aims as a player
/// would: where the first standing target's centre lies from the sight (mrad, + right and up),
/// its hit zone's radius and whether the touch assist holds the sight. Written when the run's
/// clock passes a multiple of [`SIGHT_TRACE_TICKS`] after `before` (the tick the frame began
/// at), while the sight is up.
pub fn trace_sight(run: &Run, before: Tick) {
    let tick = run.tick().get();
    if !TRACING || tick / SIGHT_TRACE_TICKS == before.get() / SIGHT_TRACE_TICKS {
        return;
    }
    let Some(view) = run.stage_view() else {
        return;
    };
    let Some(target) = view
        .targets
        .iter()
        .position(|state| *state == TargetState::Standing)
    else {
        return;
    };
    let off = view.target_centres_mrad[target] - view.sight_mrad;
    trace(&format!(
        "run tick {tick} sight {:.3} {:.3} target {target} ring {:.3} assisted {} can fire {}",
        off.x, off.y, view.zone_radius_mrad, view.assisted, view.can_fire
    ));
}
