//! Replay sizes, format 1 (one input entry per tick) beside format 2 (equal actions on
//! consecutive ticks packed into one entry: `src/replay/packing.rs`), for the longest runs the
//! human-model bot makes and for a held-key aimer: a player who, at each range, sweeps the
//! sight on held arrow keys for a while before shooting (the case: a level-1 run with
//! 124 s of aiming on held keys was a 346 KB replay, over the server's 256 KiB body limit).
//!
//! `cargo run --example replay_size_report [AIM_S]` (default 124 s of held-key aiming a run).

use latu::course::Course;
use latu::replay::{verify_strictly, CourseChoice, Replay, ReplayRecorder, MAX_TICKS};
use latu::shooting::controls::KEY_AIM_UNITS_PER_TICK;
use latu::sim::{Action, Bot, Run, Tick, TICK_HZ};

/// The human-model bot's timing scatter, milliseconds.
const JITTER_MS: u32 = 60;
/// Human-model runs per track.
const RUNS: u64 = 5;
/// The server's body limit (online.md): 256 KiB.
const BODY_LIMIT: usize = 256 << 10;
/// The held keys' sweep: (right, up) held for so many ticks, in turn.
const SWEEP: [(i32, i32, u64); 4] = [(1, 0, 40), (0, 1, 25), (-1, 0, 40), (0, -1, 25)];

/// The human-model bot, who first sweeps the sight on held keys for `hold` ticks at each range.
struct KeyAimer {
    bot: Bot,
    hold: u64,
    stage: Option<usize>,
    held: u64,
}

impl KeyAimer {
    fn actions(&mut self, run: &Run) -> Vec<Action> {
        if let (Some(stage), Some(_)) = (run.at_stage(), run.stage_view()) {
            if self.stage != Some(stage) {
                self.stage = Some(stage);
                self.held = 0;
            }
            if self.held < self.hold {
                let mut at = self.held % SWEEP.iter().map(|s| s.2).sum::<u64>();
                self.held += 1;
                for (right, up, ticks) in SWEEP {
                    if at < ticks {
                        let units = KEY_AIM_UNITS_PER_TICK;
                        return vec![Action::Aim {
                            dx: right * units,
                            dy: up * units,
                        }];
                    }
                    at -= ticks;
                }
            }
        }
        self.bot.actions(run)
    }
}

/// (format 1 bytes, format 2 bytes, input entries in format 1, the run re-plays from format 2).
fn sizes(replay: &Replay) -> (usize, usize, usize, bool) {
    let packed = replay.to_json();
    let mut old = replay.clone();
    old.format_version = 1;
    let read = Replay::from_bytes(packed.as_bytes()).expect("a written replay reads back");
    let verified = read == *replay && verify_strictly(&read, None).is_ok();
    (
        old.to_json().len(),
        packed.len(),
        replay.inputs.len(),
        verified,
    )
}

fn played(level: u8, track: u8, player: &mut dyn FnMut(&Run) -> Vec<Action>) -> Replay {
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course);
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() && run.tick() < Tick::new(MAX_TICKS) {
        let actions = player(&run);
        recorder.step(&mut run, &actions);
    }
    recorder.replay(&run)
}

fn main() {
    let aim_s: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(124);
    let mut longest: Option<(Replay, String)> = None;
    for level in 1..=5 {
        for track in 1..=3 {
            for n in 1..=RUNS {
                let mut bot = Bot::human(n, JITTER_MS);
                let replay = played(level, track, &mut |run| bot.actions(run));
                let ticks = replay.summary.as_ref().map_or(0, |s| s.ticks);
                if longest
                    .as_ref()
                    .is_none_or(|(l, _)| l.summary.as_ref().map_or(0, |s| s.ticks) < ticks)
                {
                    longest = Some((replay, format!("level {level} track {track} bot {n}")));
                }
            }
        }
    }
    let (replay, what) = longest.expect("runs were made");
    report(
        &format!("the human-model bot's longest run ({what})"),
        &replay,
    );
    let stages = Course::level(1, 1, None).expect("level 1").stages.len() as u64;
    let mut aimer = KeyAimer {
        bot: Bot::human(1, JITTER_MS),
        hold: aim_s * u64::from(TICK_HZ) / stages,
        stage: None,
        held: 0,
    };
    let replay = played(1, 1, &mut |run| aimer.actions(run));
    report(
        &format!("level 1 track 1, {aim_s} s of held-key aiming over {stages} ranges"),
        &replay,
    );
}

fn report(what: &str, replay: &Replay) {
    let (old, new, entries, verified) = sizes(replay);
    let seconds = replay.summary.as_ref().map_or(0.0, |s| s.time_s);
    println!(
        "{what}: {seconds:.0} s, {entries} input ticks; format 1 {old} bytes ({}), format 2 \
         {new} bytes ({}); read back and re-played strictly: {verified}",
        fits(old),
        fits(new)
    );
}

fn fits(bytes: usize) -> &'static str {
    if bytes <= BODY_LIMIT {
        "fits 256 KiB"
    } else {
        "over 256 KiB"
    }
}
