//! The autopilot's shooting: a decent player's routine. It reads the flags and clicks the
//! sight for the wind while its heart settles on arrival, drags onto the leftmost black target,
//! holds off what the wind does beyond its clicks, holds its breath and fires when the sight
//! comes near its aim point — reacting with a human delay, so fast sway between seeing and
//! firing still makes it miss sometimes. It reads the wind as a good shooter reads a flag: with
//! a misjudgement of the flag's scale that lasts the stage and a fresh error at each look (see
//! [`FlagReading`]), and corrects from where its shots went, as a biathlete spots. It looks only at the [`StageView`] (what a player sees) and at the aim
//! nudges it made itself; never at the future sway or wind.
//!
//! With [`ShootingBot::human`] it also keeps a human's pace on the mat: a thumb's drag speed,
//! a look at where each shot went, a press that lands a little early or late.

use super::breath::{SETTLE_TICKS, STEADY_TICKS};
use super::controls::DRAG_UNITS_PER_CM;
use super::range::{TargetState, URAD_PER_MRAD};
use super::stage::{start_aim, StageAction, StagePhase, AIM_UNIT_URAD};
use super::view::StageView;
use super::wind::{clicks_for, DRIFT_MRAD_PER_MPS};
use super::TICKS_PER_SECOND;
use rand::RngCore;
use rand_pcg::Pcg32;

/// Heart rate the bot waits for before its first shot, beats per minute.
pub const BOT_CALM_BPM: f64 = 125.0;

/// Longest the bot waits for its heart on arrival, ticks.
pub const BOT_SETTLE_BUDGET: u32 = 4 * TICKS_PER_SECOND;

/// Breathing between two holds, ticks.
pub const BOT_BREATHE_TICKS: u32 = 3 * TICKS_PER_SECOND / 4;

/// Ticks from deciding to fire to the shot (a human's reaction).
pub const BOT_REACTION_TICKS: u32 = 9;

/// Largest aim nudge per tick and axis, aim units (a quick drag).
pub const BOT_AIM_STEP: i32 = 50;

/// How near the centre the sight must be to fire at the start of a hold, as a share of the
/// zone's radius.
pub const BOT_STRICT: f64 = 0.3;

/// The same share at the end of the hold's steady time: the bot settles for less as it runs out.
pub const BOT_LOOSE: f64 = 0.75;

/// Rounds the bot buys per stage at most before it takes the penalty loop.
pub const BOT_MAX_ROUNDS_BOUGHT: u32 = 2;

/// How far off a good shooter judges a flag's scale, for a whole stage: the standard deviation
/// of the share by which every reading of the stage is too strong or too weak.
pub const FLAG_SCALE_ERROR: f64 = 0.3;

/// The fresh error of each look at a flag, standard deviation, m/s.
pub const FLAG_LOOK_ERROR_MPS: f64 = 0.5;

/// Share of the error seen in a shot's mark (where it went against where the sight was) that
/// the shooter takes into its next hold-off: a good shooter corrects from its own shots.
pub const SPOTTING_WEIGHT: f64 = 0.6;

/// Ticks between two clicks of the sight (a turn of the knob).
pub const CLICK_TICKS: u32 = 6;

/// A human's pace on the mat: a thumb's drag speed, millimetres of glass a second. A human
/// aims by touch ([`StageAction::Drag`]), so the touch aim assist applies.
pub const HUMAN_THUMB_MM_PER_S: i64 = 67;

/// The largest aim nudge per tick of that thumb, aim units.
pub const HUMAN_AIM_STEP: i32 =
    (DRAG_UNITS_PER_CM * HUMAN_THUMB_MM_PER_S / (MM_PER_CM * TICKS_PER_SECOND as i64)) as i32;

const MM_PER_CM: i64 = 10;

/// A human looks where each shot went before moving on, ticks.
pub const HUMAN_LOOK_TICKS: u32 = 30;

/// A human's breaths between two holds, ticks.
pub const HUMAN_BREATHE_TICKS: u32 = TICKS_PER_SECOND;

/// Standard deviation of a human's press on top of the reaction, ticks (about 80 ms).
pub const HUMAN_PRESS_SCATTER_TICKS: f64 = 5.0;

/// Uniform draws summed for one normal draw (Irwin–Hall, no transcendental function).
const NORMAL_TERMS: u32 = 12;

/// The PCG stream selector of the bot's flag readings and presses.
const SHOOTER_STREAM: u64 = 0x464C_4147;

/// How a shooter reads the wind from the flags: the flag's true crosswind, misjudged by a
/// share that lasts the stage and by a fresh error each look.
#[derive(Debug, Clone, PartialEq)]
pub struct FlagReading {
    rng: Pcg32,
    scale: f64,
}

impl FlagReading {
    /// The readings of one stage, drawn from `seed` (the run's, mixed with the stage's index).
    pub fn new(seed: u64) -> FlagReading {
        let mut rng = Pcg32::new(seed, SHOOTER_STREAM);
        let scale = 1.0 + FLAG_SCALE_ERROR * normal(&mut rng);
        FlagReading { rng, scale }
    }

    /// One look at the flags: the crosswind the shooter believes, m/s.
    pub fn look(&mut self, flag_mps: f64) -> f64 {
        if flag_mps == 0.0 {
            // Limp flags read as still air.
            return 0.0;
        }
        flag_mps * self.scale + FLAG_LOOK_ERROR_MPS * normal(&mut self.rng)
    }

    /// A normal draw with unit variance.
    fn normal(&mut self) -> f64 {
        normal(&mut self.rng)
    }
}

/// A normal draw with unit variance (Irwin–Hall: twelve uniforms less six).
fn normal(rng: &mut Pcg32) -> f64 {
    let sum: f64 = (0..NORMAL_TERMS)
        .map(|_| f64::from(rng.next_u32()) / (f64::from(u32::MAX) + 1.0))
        .sum();
    sum - f64::from(NORMAL_TERMS) / 2.0
}

/// The pace the bot keeps on the mat.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pace {
    /// Waits on arrival while the first target's bonus stays whole (a player who reads the
    /// aiming timer), not only [`BOT_SETTLE_BUDGET`].
    uses_settle_window: bool,
    aim_step: i32,
    breathe_ticks: u32,
    look_ticks: u32,
    press_scatter: f64,
    /// Aims by touch (drags) rather than keys.
    touch: bool,
}

/// The autopilot's pace: a quick, sure hand.
const BOT_PACE: Pace = Pace {
    uses_settle_window: false,
    aim_step: BOT_AIM_STEP,
    breathe_ticks: BOT_BREATHE_TICKS,
    look_ticks: 0,
    press_scatter: 0.0,
    touch: false,
};

/// A human's pace.
const HUMAN_PACE: Pace = Pace {
    uses_settle_window: true,
    aim_step: HUMAN_AIM_STEP,
    breathe_ticks: HUMAN_BREATHE_TICKS,
    look_ticks: HUMAN_LOOK_TICKS,
    press_scatter: HUMAN_PRESS_SCATTER_TICKS,
    touch: true,
};

/// The bot's routine at one stage.
#[derive(Debug, Clone, PartialEq)]
enum Routine {
    /// Arrived: read the flags, click the sight, let the heart settle.
    Settling,
    /// Looking at where the last shot went.
    Looking,
    /// Breathing freely between holds.
    Breathing,
    /// Holding the breath, watching the sight.
    Holding,
    /// Decided to fire: the press lands after the reaction delay.
    Pressing { ticks_left: u32 },
}

/// The shooting autopilot for one stage. Make a new one per stage.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootingBot {
    /// Where the bot has aimed: the start aim plus its own nudges, aim units.
    aim: (i32, i32),
    routine: Routine,
    ticks_in_routine: u32,
    ticks: u32,
    bought: u32,
    reading: FlagReading,
    /// Clicks the bot has turned on the sight (+ right).
    clicks: i32,
    /// Clicks it means to have, from its reading on arrival.
    clicks_wanted: Option<i32>,
    /// The tick of its last click.
    clicked_at: u32,
    /// Where it holds off from the target's centre for the next shot, aim units.
    hold_off: i32,
    /// The net drift (wind and clicks) it expected on its next shot, and what its shots so
    /// far taught it about its reading, mrad.
    expected_drift_mrad: f64,
    spotted_mrad: f64,
    /// Share of a shot's seen error it corrects ([`SPOTTING_WEIGHT`]).
    spotting_weight: f64,
    shots_seen: u32,
    pace: Pace,
}

impl Default for ShootingBot {
    /// The autopilot with the readings of seed 0.
    fn default() -> ShootingBot {
        ShootingBot::new(0)
    }
}

impl ShootingBot {
    /// The autopilot at one stage; `seed` draws its flag readings (mix in the stage's index).
    pub fn new(seed: u64) -> ShootingBot {
        ShootingBot {
            aim: start_aim(),
            routine: Routine::Settling,
            ticks_in_routine: 0,
            ticks: 0,
            bought: 0,
            reading: FlagReading::new(seed),
            clicks: 0,
            clicks_wanted: None,
            clicked_at: 0,
            hold_off: 0,
            expected_drift_mrad: 0.0,
            spotted_mrad: 0.0,
            spotting_weight: SPOTTING_WEIGHT,
            shots_seen: 0,
            pace: BOT_PACE,
        }
    }

    /// The same routine at a human's pace on the mat (drag speed, a look after each shot, a
    /// scattered press).
    pub fn human(seed: u64) -> ShootingBot {
        ShootingBot {
            pace: HUMAN_PACE,
            ..ShootingBot::new(seed)
        }
    }

    /// This tick's actions, from what the player would see now.
    pub fn actions(&mut self, view: &StageView) -> Vec<StageAction> {
        self.ticks += 1;
        self.ticks_in_routine += 1;
        let mut actions = Vec::new();
        match view.phase {
            StagePhase::Finished => {}
            StagePhase::OutOfRounds => self.out_of_rounds(view, &mut actions),
            StagePhase::Aiming | StagePhase::Reloading => self.shoot(view, &mut actions),
        }
        actions
    }

    fn out_of_rounds(&mut self, view: &StageView, actions: &mut Vec<StageAction>) {
        if view.breath_held {
            actions.push(StageAction::HoldBreath(false));
        }
        if view.can_buy && self.bought < BOT_MAX_ROUNDS_BOUGHT {
            self.bought += 1;
            actions.push(StageAction::BuyRound);
        } else {
            actions.push(StageAction::TakePenalty);
        }
        self.enter(Routine::Breathing);
    }

    fn shoot(&mut self, view: &StageView, actions: &mut Vec<StageAction>) {
        if view.shots > self.shots_seen {
            self.shots_seen = view.shots;
            if let Some(shot) = view.last_shot {
                let seen = shot.point_mrad.x - shot.sight_mrad.x;
                self.spotted_mrad += self.spotting_weight * (seen - self.expected_drift_mrad);
            }
            if self.pace.look_ticks > 0 {
                self.enter(Routine::Looking);
            }
        }
        if self.routine == Routine::Looking {
            if self.ticks_in_routine >= self.pace.look_ticks {
                self.enter(Routine::Breathing);
            }
            return;
        }
        if self.click(view, actions) {
            return;
        }
        if let Routine::Pressing { ticks_left } = self.routine {
            if ticks_left == 0 {
                actions.push(StageAction::Fire);
                actions.push(StageAction::HoldBreath(false));
                self.enter(Routine::Breathing);
            } else {
                self.routine = Routine::Pressing {
                    ticks_left: ticks_left - 1,
                };
            }
            return;
        }
        let Some(target) = view
            .targets
            .iter()
            .position(|t| *t == TargetState::Standing)
        else {
            return;
        };
        if self.drag_towards(view, target, actions) {
            return;
        }
        match self.routine {
            Routine::Settling => {
                let waited = if self.pace.uses_settle_window {
                    view.settle_left_s <= 0.0
                } else {
                    self.ticks >= BOT_SETTLE_BUDGET
                };
                if view.heart_bpm <= BOT_CALM_BPM || waited {
                    self.enter(Routine::Breathing);
                }
            }
            Routine::Breathing => {
                if self.ticks_in_routine >= self.pace.breathe_ticks && view.can_fire {
                    self.hold_off = self.read_hold_off(view);
                    actions.push(StageAction::HoldBreath(true));
                    self.enter(Routine::Holding);
                }
            }
            Routine::Holding => self.watch(view, target, actions),
            Routine::Pressing { .. } | Routine::Looking => {}
        }
    }

    /// On arrival, read the flags and turn the sight to cancel the wind, a click at a time;
    /// `true` while still clicking.
    fn click(&mut self, view: &StageView, actions: &mut Vec<StageAction>) -> bool {
        let wanted = match self.clicks_wanted {
            Some(wanted) => wanted,
            None => {
                let wanted = clicks_for(self.reading.look(view.wind_mps) * DRIFT_MRAD_PER_MPS);
                self.clicks_wanted = Some(wanted);
                wanted
            }
        };
        if wanted == self.clicks || self.ticks < self.clicked_at + CLICK_TICKS {
            return false;
        }
        let right = wanted > self.clicks;
        self.clicks += if right { 1 } else { -1 };
        self.clicked_at = self.ticks;
        actions.push(StageAction::Click { right });
        true
    }

    /// The hold-off for the next shot, aim units: what the wind drifts the shot now, as the
    /// flags read and its earlier shots corrected, beyond what the clicks take back.
    fn read_hold_off(&mut self, view: &StageView) -> i32 {
        let drift_mrad = self.reading.look(view.wind_mps) * DRIFT_MRAD_PER_MPS
            + f64::from(self.clicks) * view.click_mrad
            + self.spotted_mrad;
        self.expected_drift_mrad = drift_mrad;
        (-drift_mrad * URAD_PER_MRAD / f64::from(AIM_UNIT_URAD)).round() as i32
    }

    /// While the breath is held: fire when the sight is near enough the centre; let go and
    /// breathe again before the hold strains.
    fn watch(&mut self, view: &StageView, target: usize, actions: &mut Vec<StageAction>) {
        if self.ticks_in_routine < SETTLE_TICKS {
            return;
        }
        if self.ticks_in_routine >= STEADY_TICKS || !view.can_fire {
            actions.push(StageAction::HoldBreath(false));
            self.enter(Routine::Breathing);
            return;
        }
        let progress = f64::from(self.ticks_in_routine - SETTLE_TICKS)
            / f64::from(STEADY_TICKS - SETTLE_TICKS);
        let share = BOT_STRICT + (BOT_LOOSE - BOT_STRICT) * progress;
        let hold_off_mrad = f64::from(self.hold_off * AIM_UNIT_URAD) / URAD_PER_MRAD;
        let mut off = view.sight_mrad - view.target_centres_mrad[target];
        off.x -= hold_off_mrad;
        if off.length() <= share * view.zone_radius_mrad {
            let scatter = (self.pace.press_scatter * self.reading.normal()).round() as i64;
            let ticks_left = (i64::from(BOT_REACTION_TICKS) + scatter).max(0);
            self.enter(Routine::Pressing {
                ticks_left: u32::try_from(ticks_left).unwrap_or(BOT_REACTION_TICKS),
            });
        }
    }

    /// Nudge the aim towards the target's centre, held off for the wind; `true` while still
    /// moving.
    fn drag_towards(
        &mut self,
        view: &StageView,
        target: usize,
        actions: &mut Vec<StageAction>,
    ) -> bool {
        let centre = view.target_centres_mrad[target] * URAD_PER_MRAD / f64::from(AIM_UNIT_URAD);
        let goal = (
            centre.x.round() as i32 + self.hold_off,
            centre.y.round() as i32,
        );
        let step = self.pace.aim_step;
        if self.pace.touch {
            // The assist's friction moves the aim less than the drag: watch where it went.
            self.aim = view.aim_units;
        }
        let dx = (goal.0 - self.aim.0).clamp(-step, step);
        let dy = (goal.1 - self.aim.1).clamp(-step, step);
        if dx == 0 && dy == 0 {
            return false;
        }
        self.aim = (self.aim.0 + dx, self.aim.1 + dy);
        actions.push(if self.pace.touch {
            StageAction::Drag { dx, dy }
        } else {
            StageAction::Aim { dx, dy }
        });
        true
    }

    fn enter(&mut self, routine: Routine) {
        self.routine = routine;
        self.ticks_in_routine = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::levels::LEVELS;
    use crate::course::ShootingPosition;
    use crate::shooting::heart::arrival_bpm;
    use crate::shooting::{Rifle, ShootingStage, StageSetup};

    /// Stages per level and position.
    const SEEDS: u64 = 40;

    /// Hits and shots of the human-paced bot over a level's stages, reading the flags or not.
    fn hits(level: usize, reads_flags: bool) -> (u32, u32) {
        let spec = &LEVELS[level];
        let (mut hits, mut shots) = (0, 0);
        for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
            for seed in 0..SEEDS {
                let mut stage = ShootingStage::new(StageSetup {
                    seed,
                    stage_index: (seed % 4) as u32,
                    position,
                    sway_factor: spec.sway,
                    arrival_bpm: arrival_bpm(spec.speed),
                    round_price: spec.round_price,
                    purse: 0,
                    rifle: Rifle::Training,
                    wind_mps: spec.wind,
                });
                let mut bot = ShootingBot::human(seed);
                if !reads_flags {
                    // Still air as far as it knows: no clicks, no hold-off, no correction.
                    bot.reading.scale = 0.0;
                    bot.spotting_weight = 0.0;
                    bot.clicks_wanted = Some(0);
                }
                while stage.outcome().is_none() {
                    let view = stage.view();
                    let actions: Vec<StageAction> = if reads_flags {
                        bot.actions(&view)
                    } else {
                        let still = StageView {
                            wind_mps: 0.0,
                            ..view
                        };
                        bot.actions(&still)
                    };
                    stage.step(&actions);
                }
                let outcome = stage.outcome().expect("finished");
                hits += outcome.hits;
                shots += outcome.shots;
            }
        }
        (hits, shots)
    }

    #[test]
    fn reading_the_flags_keeps_the_hits_that_ignoring_the_wind_loses() {
        let rate = |(hits, shots): (u32, u32)| f64::from(hits) / f64::from(shots.max(1));
        for (level, spec) in LEVELS.iter().enumerate() {
            let reading = rate(hits(level, true));
            let ignoring = rate(hits(level, false));
            println!(
                "level {}: wind {} m/s, hits {:.0} % reading the flags, {:.0} % ignoring them",
                level + 1,
                spec.wind,
                100.0 * reading,
                100.0 * ignoring
            );
            assert!(reading >= 0.75, "level {}: {reading}", level + 1);
            if spec.wind == 0.0 {
                assert_eq!(reading, ignoring, "still air: nothing to read");
            }
        }
        let hardest = LEVELS.len() - 1;
        assert!(
            rate(hits(hardest, true)) > rate(hits(hardest, false)) + 0.15,
            "the wind costs a shooter who ignores it"
        );
    }
}
