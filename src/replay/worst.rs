//! The longest replays the rules allow: runs whose every range is held as long as the mats
//! allow ([`STAGE_MAT_LIMIT_S`] a range; on Endless, [`ENDLESS_MATS_S`] a run) with the
//! sight nudged every tick, as the example `replay_size_report` measures and a test holds
//! under the server's body limit ([`crate::online::contract::MAX_BODY_BYTES`]).
//!
//! [`STAGE_MAT_LIMIT_S`]: crate::shooting::stage::STAGE_MAT_LIMIT_S
//! [`ENDLESS_MATS_S`]: crate::shooting::biathlon_range::ENDLESS_MATS_S

use super::{CourseChoice, Replay, ReplayRecorder, MAX_TICKS};
use crate::course::levels::ENDLESS;
use crate::course::Course;
use crate::shooting::controls::KEY_AIM_UNITS_PER_TICK;
use crate::sim::{Action, Bot, Run, Tick};

/// The held keys' sweep: (right, up) held for so many ticks, in turn.
const SWEEP: [(i32, i32, u64); 4] = [(1, 0, 40), (0, 1, 25), (-1, 0, 40), (0, -1, 25)];

/// The seconds an aimer who leaves the bot time to shoot hands over before the range closes
/// (the human-model bot shoots a stage in about 13 s): the targets it knocks down spare it
/// penalty loops, so more of the run is skied, with its inputs.
pub const SHOOT_S: f64 = 15.0;

/// The human-model bot's timing scatter the worst cases ski with, milliseconds.
pub const JITTER_MS: u32 = 60;

/// How an aimer nudges the sight each tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Held arrow keys, sweeping right, up, left and down in turn.
    Keys,
    /// A touch drag every tick, each delta drawn up to this many units a side.
    Drags(i32),
}

/// A bot who first nudges the sight at each range for `hold` ticks, or until `shoot_s` before
/// the range closes, and then lets `bot` shoot and ski.
#[derive(Debug, Clone)]
pub struct Aimer {
    bot: Bot,
    aim: Aim,
    hold: u64,
    shoot_s: f64,
    stage: Option<usize>,
    held: u64,
    /// A small generator for the drags' varying deltas (xorshift).
    state: u64,
}

impl Aimer {
    /// An aimer nudging by `aim` for `hold` ticks a range (`u64::MAX`: until it closes).
    pub fn new(bot: Bot, aim: Aim, hold: u64) -> Self {
        Self {
            bot,
            aim,
            hold,
            shoot_s: 0.0,
            stage: None,
            held: 0,
            state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// The same aimer, handing over to the bot `shoot_s` before each range closes.
    pub fn shooting_last(self, shoot_s: f64) -> Self {
        Self { shoot_s, ..self }
    }

    /// This tick's actions.
    pub fn actions(&mut self, run: &Run) -> Vec<Action> {
        if let (Some(stage), Some(view)) = (run.at_stage(), run.stage_view()) {
            if self.stage != Some(stage) {
                self.stage = Some(stage);
                self.held = 0;
            }
            let closing = view.closes_in_s.is_some_and(|s| s <= self.shoot_s);
            if self.held < self.hold && !closing {
                self.held += 1;
                return vec![self.nudge()];
            }
        }
        self.bot.actions(run)
    }

    fn nudge(&mut self) -> Action {
        match self.aim {
            Aim::Keys => {
                let cycle: u64 = SWEEP.iter().map(|s| s.2).sum();
                let mut at = (self.held - 1) % cycle;
                let units = KEY_AIM_UNITS_PER_TICK;
                for (right, up, ticks) in SWEEP {
                    if at < ticks {
                        return Action::Aim {
                            dx: right * units,
                            dy: up * units,
                        };
                    }
                    at -= ticks;
                }
                Action::Aim { dx: 0, dy: 0 }
            }
            Aim::Drags(most) => Action::Drag {
                dx: self.draw(most),
                dy: self.draw(most),
            },
        }
    }

    /// A delta from −most to most.
    fn draw(&mut self, most: i32) -> i32 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let span = 2 * u64::from(most.unsigned_abs()) + 1;
        (self.state % span) as i32 - most
    }
}

/// `player`'s run of `course`, recorded, until it finishes or [`MAX_TICKS`].
pub fn played(
    choice: CourseChoice,
    course: Course,
    player: &mut dyn FnMut(&Run) -> Vec<Action>,
) -> Replay {
    let mut run = Run::new(course);
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() && run.tick() < Tick::new(MAX_TICKS) {
        let actions = player(&run);
        recorder.step(&mut run, &actions);
    }
    recorder.replay(&run)
}

/// The game's Endless: its one seed, no set length.
pub fn endless_choice() -> CourseChoice {
    CourseChoice::Endless {
        seed: ENDLESS.seed,
        distance: None,
    }
}

/// The longest Endless run the rules allow: an hour ([`MAX_TICKS`]), skied by the human-model
/// bot (who lasts it), every range held by `aim` until `shoot_s` before it closes.
pub fn endless_held(aim: Aim, shoot_s: f64) -> Replay {
    let mut aimer = Aimer::new(Bot::human(1, JITTER_MS), aim, u64::MAX).shooting_last(shoot_s);
    played(
        endless_choice(),
        Course::endless(ENDLESS.seed),
        &mut |run| aimer.actions(run),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::contract::MAX_BODY_BYTES;
    use crate::shooting::biathlon_range::ENDLESS_MATS_S;
    use crate::shooting::controls::MAX_AIM_UNITS_PER_TICK;

    #[test]
    fn the_longest_endless_run_the_rules_allow_fits_the_servers_body_limit() {
        let widest = i32::try_from(MAX_AIM_UNITS_PER_TICK).expect("a tick's aim fits an i32");
        let cases = [Aim::Keys, Aim::Drags(widest)]
            .into_iter()
            .flat_map(|aim| [(aim, 0.0), (aim, SHOOT_S)]);
        for (aim, shoot_s) in cases {
            let replay = endless_held(aim, shoot_s);
            let summary = replay.summary.as_ref().expect("a recorded run");
            assert_eq!(
                summary.ticks, MAX_TICKS,
                "{aim:?} shooting the last {shoot_s} s: the run lasts the hour"
            );
            assert!(
                summary.mat_s >= f64::from(ENDLESS_MATS_S) - SHOOT_S,
                "{aim:?} shooting the last {shoot_s} s: the mats' time is spent ({} s)",
                summary.mat_s
            );
            let bytes = replay.to_json().len();
            assert!(
                bytes <= MAX_BODY_BYTES,
                "{aim:?} shooting the last {shoot_s} s: {bytes} bytes, over the body limit {MAX_BODY_BYTES}"
            );
        }
    }
}
