//! Words for developers: stderr on a desktop, logcat on Android, the browser's console on the
//! web (where `eprintln!` goes nowhere). miniquad's logger already routes each platform; this
//! is the game's one way in.

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
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        macroquad::miniquad::info!("latu trace: {}", message);
    }
}

/// What a run traces as it changes: the skier's lane and state, the range's magazine and hits.
#[derive(Debug, Default)]
pub struct RunTrace {
    last: Option<Traced>,
}

#[derive(Debug, Clone, PartialEq)]
struct Traced {
    lane: u8,
    state: crate::sim::SkierState,
    stage: Option<usize>,
    magazine: Option<(u8, u8)>,
    hits: usize,
    tick: u64,
}

impl RunTrace {
    /// Trace what changed in `run` since the last call (the first call traces the start).
    pub fn observe(&mut self, run: &crate::sim::Run) {
        let view = run.stage_view();
        let now = Traced {
            lane: run.lane(),
            state: run.state(),
            stage: run.at_stage(),
            magazine: view.as_ref().map(|view| (view.magazine, view.spares)),
            hits: view.as_ref().map_or(0, |view| {
                view.targets
                    .iter()
                    .filter(|target| **target == crate::shooting::TargetState::Hit)
                    .count()
            }),
            tick: run.tick(),
        };
        let tick = now.tick;
        match &self.last {
            None => trace(&format!(
                "run tick {tick} lane {} state {:?}",
                now.lane, now.state
            )),
            Some(last) => {
                if last.lane != now.lane {
                    trace(&format!("run tick {tick} lane {}", now.lane));
                }
                if last.state != now.state {
                    trace(&format!("run tick {tick} state {:?}", now.state));
                }
                if last.stage != now.stage {
                    trace(&format!("run tick {tick} stage {:?}", now.stage));
                }
                if (last.magazine, last.hits) != (now.magazine, now.hits) {
                    if let Some((magazine, spares)) = now.magazine {
                        trace(&format!(
                            "run tick {tick} magazine {magazine} spares {spares} hits {}",
                            now.hits
                        ));
                    }
                }
            }
        }
        self.last = Some(now);
    }
}
