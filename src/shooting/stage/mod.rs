//! One shooting stage, stepped at the simulation's fixed tick by a list of actions per tick.

use super::breath::Breath;
use super::heart::HeartRate;
use super::range::{self, TargetState, TARGET_COUNT};
use super::reward::{clean_bonus, AimClock, ARRIVAL_TICKS};
use super::rifle::Rifle;
use super::rounds::Rounds;
use super::sway::{Sway, SwayDrive};
use super::wind::{Wind, CLICK_URAD, MAX_CLICKS};
use super::TICKS_PER_SECOND;
use crate::course::ShootingPosition;
use crate::seed::StateHasher;
use glam::DVec2;

mod outcome;
pub use outcome::{Shot, StageEvents, StageOutcome};

/// Microradians per unit of [`StageAction::Aim`]: 0.01 mrad, 0.5 mm at 50 m.
pub const AIM_UNIT_URAD: i32 = 10;

/// How far the aim may wander from the range's centre, in aim units (±10 mrad).
pub const AIM_LIMIT: i32 = 1000;

/// Aim friction on touch, as console shooters' aim assist: while the sight is over a standing
/// target's hit zone (the prone inner ring, the standing black), a drag moves the aim this share
/// of its way (numerator, denominator; the rest carried to the next drag)…
pub const TOUCH_FRICTION: (i32, i32) = (1, 3);

/// …and the sight follows its sway this share a tick (a low-pass: the sight slows over the
/// ring). Keys and the bot aim with [`StageAction::Aim`] and never get either.
pub const TOUCH_SWAY_FOLLOW: f64 = 0.3;

/// The longest a skier may stand on one stage's mat, seconds: then the range closes, every round
/// not fired counts as a miss and each target left standing is a penalty loop. Three times a new
/// player's clean prone (15–20 s) and far over the human-model bot's slowest stage; it bounds a
/// run's time aiming, and so its replay's size (`examples/replay_size_report.rs`).
pub const STAGE_MAT_LIMIT_S: u32 = 60;

/// The last seconds before the range closes, told once a second ([`StageEvents::closing_in_s`]).
pub const CLOSING_WARNING_S: u32 = 10;

/// Everything a stage is built from; the same setup and actions give the same stage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageSetup {
    /// The run's seed.
    pub seed: u64,
    /// Which stage of the run (0 = first): each stage sways differently.
    pub stage_index: u32,
    pub position: ShootingPosition,
    /// The level's sway factor (1 = the easiest level; 0 = a still sight, for tests).
    pub sway_factor: f64,
    /// Heart rate on arrival (see [`super::heart::arrival_bpm`]).
    pub arrival_bpm: f64,
    /// Price of one extra round, coins (the level table's; [`super::reward::DEFAULT_ROUND_PRICE`]
    /// until the table has one).
    pub round_price: u32,
    /// The run's coins on arrival (won in this run; never the banked purse): what extra rounds
    /// can be paid with.
    pub purse: u32,
    /// The rifle carried (sway, reload, bolt, heart settling; see [`super::rifle::RIFLES`]).
    pub rifle: Rifle,
    /// The level's mean crosswind, m/s (0: still air); each stage draws its own from it.
    pub wind_mps: f64,
}

/// One input to the stage. Several may arrive in one tick; they are applied in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StageAction {
    /// Nudge the aim by (dx, dy) aim units ([`AIM_UNIT_URAD`]); +x right, +y up (keys, bots).
    Aim { dx: i32, dy: i32 },
    /// A touch drag's nudge, in the same units: aimed by touch, the stage's aim assist applies
    /// ([`TOUCH_FRICTION`], [`TOUCH_SWAY_FOLLOW`]).
    Drag { dx: i32, dy: i32 },
    /// Pull the trigger (ignored while the bolt cycles, a spare loads or no round is left).
    Fire,
    /// Start (`true`) or stop (`false`) holding the breath.
    HoldBreath(bool),
    /// Out of rounds: buy one more with coins (ignored if the purse is short).
    BuyRound,
    /// Out of rounds: leave the range and ski the penalty loops.
    TakePenalty,
    /// Turn the sight one click (right: the shots go right), within its travel.
    Click { right: bool },
}

/// Where the stage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StagePhase {
    /// A round is chambered or the bolt is cycling: aim and fire.
    Aiming,
    /// A spare round is being loaded.
    Reloading,
    /// Every round is spent and targets still stand: buy a round or take the penalty loop.
    OutOfRounds,
    /// The stage is over; see [`StageOutcome`].
    Finished,
}

/// A shooting stage in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootingStage {
    setup: StageSetup,
    /// Aim point in aim units from the range's centre.
    aim: (i32, i32),
    holding: bool,
    heart: HeartRate,
    breath: Breath,
    sway: Sway,
    wind: Wind,
    rounds: Rounds,
    targets: [TargetState; TARGET_COUNT],
    /// Ticks since the last hit or the start: the aiming timer.
    aim_ticks: u32,
    misses_since_hit: u32,
    tally: StageOutcome,
    finished: bool,
    /// The last shot fired, for the window to mark (what it decides is already in the tally).
    last_shot: Option<Shot>,
    /// Aimed by touch (the last nudge was a drag): the aim assist applies.
    touch: bool,
    /// A drag's motion held back by the friction, in [`TOUCH_FRICTION`]'s denominators.
    drag_rest: (i32, i32),
    /// The ticks on the mat after which the range closes (none: a lesson's range stays open).
    mat_limit_ticks: Option<u32>,
}

/// The aim point when the rifle comes up: on the leftmost target.
pub fn start_aim() -> (i32, i32) {
    let (x, y) = range::target_centre_urad(0);
    let per_unit = i64::from(AIM_UNIT_URAD);
    ((x / per_unit) as i32, (y / per_unit) as i32)
}

impl ShootingStage {
    /// A stage as the skier arrives: rifle up on the first target, heart racing.
    pub fn new(setup: StageSetup) -> ShootingStage {
        let mut stage = ShootingStage {
            setup,
            aim: start_aim(),
            holding: false,
            heart: HeartRate::new(setup.arrival_bpm, setup.rifle.spec().settle_time_s),
            breath: Breath::default(),
            sway: Sway::new(setup.seed, setup.stage_index),
            wind: Wind::new(setup.seed, setup.stage_index, setup.wind_mps),
            rounds: Rounds::for_rifle(setup.rifle.spec()),
            targets: [TargetState::Standing; TARGET_COUNT],
            aim_ticks: 0,
            misses_since_hit: 0,
            tally: StageOutcome::default(),
            finished: false,
            last_shot: None,
            touch: false,
            drag_rest: (0, 0),
            mat_limit_ticks: Some(STAGE_MAT_LIMIT_S * TICKS_PER_SECOND),
        };
        stage.sway.step(&stage.drive());
        stage
    }

    /// Keep the range open however long the skier stands there (a lesson's: the tutorial's
    /// cards teach at their own pace, and its run is never ranked).
    pub fn keep_open(&mut self) {
        self.mat_limit_ticks = None;
    }

    /// Close the range after `ticks` on the mat at the latest (Endless's mats, whose time a
    /// run holds in all, may have less left than a stage's [`STAGE_MAT_LIMIT_S`]).
    pub fn close_within(&mut self, ticks: u32) {
        self.mat_limit_ticks = self.mat_limit_ticks.map(|limit| limit.min(ticks));
    }

    /// Ticks left before the range closes ([`STAGE_MAT_LIMIT_S`]); none if it stays open.
    pub fn closes_in_ticks(&self) -> Option<u32> {
        self.mat_limit_ticks
            .map(|limit| limit.saturating_sub(self.tally.ticks))
    }

    /// The setup the stage was built from.
    pub fn setup(&self) -> &StageSetup {
        &self.setup
    }

    /// Where the stage is.
    pub fn phase(&self) -> StagePhase {
        if self.finished {
            StagePhase::Finished
        } else if self.rounds.exhausted() {
            StagePhase::OutOfRounds
        } else if self.rounds.reload_progress().is_some() {
            StagePhase::Reloading
        } else {
            StagePhase::Aiming
        }
    }

    /// The result, once the stage is finished.
    pub fn outcome(&self) -> Option<StageOutcome> {
        self.finished.then_some(self.tally)
    }

    /// The tally so far (shots, hits, coins …), finished or not.
    pub fn tally(&self) -> StageOutcome {
        self.tally
    }

    /// The sight's point, mrad from the range's centre: the aim plus the sway.
    pub fn sight_mrad(&self) -> DVec2 {
        let (x, y) = self.aim_urad();
        DVec2::new(x as f64, y as f64) / range::URAD_PER_MRAD + self.sway.offset()
    }

    /// The sight's point in whole microradians, as a shot is judged: the aim (exact) plus the
    /// sway rounded to the microradian.
    pub fn sight_urad(&self) -> (i64, i64) {
        let (aim_x, aim_y) = self.aim_urad();
        let (sway_x, sway_y) = range::to_urad(self.sway.offset());
        (aim_x + sway_x, aim_y + sway_y)
    }

    /// The stage's wind.
    pub fn wind(&self) -> &Wind {
        &self.wind
    }

    /// The crosswind now, m/s (+ towards the right): what the flags show.
    pub fn wind_mps(&self) -> f64 {
        self.wind.mps_at(self.tally.ticks)
    }

    /// The wind's drift on a shot fired now, in whole microradians (+ right).
    pub fn drift_urad(&self) -> i64 {
        (self.wind.drift_mrad_at(self.tally.ticks) * range::URAD_PER_MRAD).round() as i64
    }

    /// Clicks turned on the sight (+ right).
    pub fn clicks(&self) -> i32 {
        self.tally.clicks
    }

    /// Where a shot fired now would go, in whole microradians: the sight, the clicks and the
    /// wind's drift (sideways only: a crosswind).
    pub fn impact_urad(&self) -> (i64, i64) {
        let (x, y) = self.sight_urad();
        (
            x + i64::from(self.tally.clicks) * CLICK_URAD + self.drift_urad(),
            y,
        )
    }

    /// Where the aim points without the sway, aim units.
    pub fn aim_units(&self) -> (i32, i32) {
        self.aim
    }

    fn aim_urad(&self) -> (i64, i64) {
        let per_unit = i64::from(AIM_UNIT_URAD);
        (
            i64::from(self.aim.0) * per_unit,
            i64::from(self.aim.1) * per_unit,
        )
    }

    /// The last shot fired, if any.
    pub fn last_shot(&self) -> Option<Shot> {
        self.last_shot
    }

    /// The targets, left to right.
    pub fn targets(&self) -> [TargetState; TARGET_COUNT] {
        self.targets
    }

    /// Heart rate now, beats per minute.
    pub fn heart_bpm(&self) -> f64 {
        self.heart.bpm()
    }

    /// The breath's state.
    pub fn breath(&self) -> &Breath {
        &self.breath
    }

    /// The rifle's rounds.
    pub fn rounds(&self) -> &Rounds {
        &self.rounds
    }

    /// Seconds on the aiming timer of the next hit.
    pub fn aim_timer_s(&self) -> f64 {
        f64::from(self.aim_ticks) / f64::from(TICKS_PER_SECOND)
    }

    /// The target's aiming timer as the reward reads it.
    pub fn aim_clock(&self) -> AimClock {
        AimClock {
            aim_ticks: self.aim_ticks,
            first_target: self.tally.hits == 0,
            misses_since_hit: self.misses_since_hit,
        }
    }

    /// What a hit would pay now (a clean stage's bonus apart).
    pub fn potential_reward(&self) -> u32 {
        self.aim_clock().hit_reward()
    }

    /// Targets still standing.
    pub fn standing_targets(&self) -> u32 {
        self.targets
            .iter()
            .filter(|t| **t == TargetState::Standing)
            .count() as u32
    }

    /// Whether a round can be bought now: out of rounds and the purse holds its price.
    pub fn can_buy(&self) -> bool {
        self.phase() == StagePhase::OutOfRounds && self.purse_now() >= self.setup.round_price
    }

    /// Coins available to buy rounds: the run's coins on arrival, plus this stage's rewards, minus
    /// what was spent here.
    pub fn purse_now(&self) -> u32 {
        (self.setup.purse.saturating_add(self.tally.coins_earned))
            .saturating_sub(self.tally.coins_spent)
    }

    /// Apply one tick's actions, then advance the clocks by one tick. Does nothing once the
    /// stage is finished.
    pub fn step(&mut self, actions: &[StageAction]) -> StageEvents {
        let mut events = StageEvents::default();
        if self.finished {
            return events;
        }
        let mut fire = false;
        for action in actions {
            match *action {
                StageAction::Aim { dx, dy } => {
                    self.touch = false;
                    self.nudge(dx, dy);
                }
                StageAction::Drag { dx, dy } => self.drag(dx, dy),
                StageAction::Fire => fire = true,
                StageAction::HoldBreath(hold) => self.holding = hold,
                StageAction::BuyRound => events.round_bought |= self.buy_round(),
                StageAction::TakePenalty => self.take_penalty(),
                StageAction::Click { right } => {
                    let step = if right { 1 } else { -1 };
                    // Each click moves the point of impact [`CLICK_URAD`].
                    self.tally.clicks = (self.tally.clicks + step).clamp(-MAX_CLICKS, MAX_CLICKS);
                }
            }
        }
        if fire && !self.finished {
            events.shot = self.fire();
            self.last_shot = events.shot.or(self.last_shot);
        }
        if !self.finished {
            events.spare_loaded = self.advance();
            self.tell_closing(&mut events);
        }
        events.finished = self.finished;
        events
    }

    /// A hash of the whole state (random stream included), for replay checks: floats by their
    /// bits, so equal hashes mean bit-equal stages.
    pub fn state_hash(&self) -> u64 {
        let mut hasher = StateHasher::default();
        let setup = &self.setup;
        hasher.add_u64(setup.seed);
        hasher.add(i64::from(setup.stage_index));
        hasher.add(i64::from(setup.position == ShootingPosition::Standing));
        for value in [setup.sway_factor, setup.arrival_bpm, self.heart.bpm()] {
            hasher.add_u64(value.to_bits());
        }
        for value in [self.aim.0, self.aim.1] {
            hasher.add(i64::from(value));
        }
        hasher.add(i64::from(self.holding));
        self.breath.hash_into(&mut hasher);
        self.sway.hash_into(&mut hasher);
        self.rounds.hash_into(&mut hasher);
        for target in self.targets {
            hasher.add(i64::from(target == TargetState::Hit));
        }
        let tally = &self.tally;
        for value in [
            setup.round_price,
            setup.purse,
            self.aim_ticks,
            self.misses_since_hit,
            tally.shots,
            tally.hits,
            tally.misses,
            tally.coins_earned,
            tally.coins_spent,
            tally.rounds_bought,
            tally.penalty_targets,
            tally.ticks,
        ] {
            hasher.add(i64::from(value));
        }
        hasher.add(i64::from(self.finished));
        hasher.add(i64::from(tally.clicks));
        hasher.add_u64(setup.wind_mps.to_bits());
        // Only another rifle than the training one is hashed: older replays keep their hashes.
        if self.setup.rifle != Rifle::Training {
            hasher.add(self.setup.rifle.code());
        }
        // Likewise the touch assist's state, once a drag has aimed.
        if self.touch || self.drag_rest != (0, 0) {
            hasher.add(i64::from(self.touch));
            hasher.add(i64::from(self.drag_rest.0));
            hasher.add(i64::from(self.drag_rest.1));
        }
        hasher.finish()
    }

    fn drive(&self) -> SwayDrive {
        SwayDrive {
            position: self.setup.position,
            level_factor: self.setup.sway_factor,
            rifle_factor: self.setup.rifle.spec().sway,
            heart_bpm: self.heart.bpm(),
            breath_wave: self.breath.wave_weight(),
            breath_factor: self.breath.sway_factor(),
            follow: if self.assisted() {
                TOUCH_SWAY_FOLLOW
            } else {
                1.0
            },
        }
    }

    /// Whether the aim assist holds the sight now: aimed by touch, over a standing target's
    /// hit zone.
    pub fn assisted(&self) -> bool {
        self.touch
            && range::target_at(self.sight_urad(), self.setup.position)
                .is_some_and(|index| self.targets[index] == TargetState::Standing)
    }

    /// A touch drag: the aim moves its whole way off the targets, [`TOUCH_FRICTION`]'s share
    /// over one.
    fn drag(&mut self, dx: i32, dy: i32) {
        let friction = self.assisted();
        self.touch = true;
        if !friction {
            self.drag_rest = (0, 0);
            self.nudge(dx, dy);
            return;
        }
        let (kept, whole) = TOUCH_FRICTION;
        let x = dx.saturating_mul(kept).saturating_add(self.drag_rest.0);
        let y = dy.saturating_mul(kept).saturating_add(self.drag_rest.1);
        self.drag_rest = (x % whole, y % whole);
        self.nudge(x / whole, y / whole);
    }

    fn nudge(&mut self, dx: i32, dy: i32) {
        self.aim.0 = self.aim.0.saturating_add(dx).clamp(-AIM_LIMIT, AIM_LIMIT);
        self.aim.1 = self.aim.1.saturating_add(dy).clamp(-AIM_LIMIT, AIM_LIMIT);
    }

    fn fire(&mut self) -> Option<Shot> {
        if !self.rounds.fire() {
            return None;
        }
        let impact = self.impact_urad();
        let point_mrad = DVec2::new(impact.0 as f64, impact.1 as f64) / range::URAD_PER_MRAD;
        let zone = range::target_at(impact, self.setup.position);
        // A shot on a target already white knocks nothing down: a miss.
        let hit = zone.filter(|&index| self.targets[index] == TargetState::Standing);
        self.tally.shots += 1;
        let coins = match hit {
            Some(index) => {
                let paid = self.aim_clock().hit_reward();
                self.targets[index] = TargetState::Hit;
                self.tally.hits += 1;
                let coins = paid + clean_bonus(self.standing_targets(), self.tally.misses);
                self.tally.coins_earned += coins;
                self.aim_ticks = 0;
                self.misses_since_hit = 0;
                if self.standing_targets() == 0 {
                    self.finished = true;
                }
                coins
            }
            None => {
                self.tally.misses += 1;
                self.misses_since_hit += 1;
                self.heart.after_miss();
                0
            }
        };
        Some(Shot {
            point_mrad,
            sight_mrad: self.sight_mrad(),
            drift_mrad: self.wind.drift_mrad_at(self.tally.ticks),
            hit,
            coins,
        })
    }

    fn buy_round(&mut self) -> bool {
        if !self.can_buy() {
            return false;
        }
        self.tally.coins_spent += self.setup.round_price;
        self.tally.rounds_bought += 1;
        self.rounds.add_spare();
        true
    }

    fn take_penalty(&mut self) {
        if self.phase() == StagePhase::OutOfRounds {
            self.tally.penalty_targets = self.standing_targets();
            self.finished = true;
        }
    }

    /// The closing range's countdown, and its close once the mat's time is up: the rounds not
    /// fired (the magazine's, a spare loading and the spares) count as missed shots, and the
    /// targets standing as penalty loops.
    fn tell_closing(&mut self, events: &mut StageEvents) {
        let Some(left) = self.closes_in_ticks() else {
            return;
        };
        if left == 0 {
            let unfired = self.rounds.left();
            self.tally.shots += unfired;
            self.tally.misses += unfired;
            self.tally.penalty_targets = self.standing_targets();
            self.finished = true;
            events.range_closed = Some(unfired);
        } else if left.is_multiple_of(TICKS_PER_SECOND)
            && left <= CLOSING_WARNING_S * TICKS_PER_SECOND
        {
            events.closing_in_s = Some(left / TICKS_PER_SECOND);
        }
    }

    /// Hold the target's aiming timer where it is for this tick (a lesson's range: the bonus
    /// waits while its cards teach).
    pub fn hold_aim_clock(&mut self) {
        self.aim_ticks = self.aim_ticks.saturating_sub(1);
    }

    /// One tick of aiming, breathing and loading; whether a spare round was loaded.
    fn advance(&mut self) -> bool {
        self.tally.ticks += 1;
        // The speed bonus waits while the arrival's card is up.
        if self.tally.ticks > ARRIVAL_TICKS {
            self.aim_ticks = self.aim_ticks.saturating_add(1);
        }
        self.heart.step();
        self.breath.step(self.holding);
        let drive = self.drive();
        self.sway.step(&drive);
        self.rounds.step()
    }
}
