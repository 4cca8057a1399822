//! What the window shows of a stage (and all the bot may look at).

use super::range::{self, TargetState, TARGET_COUNT};
use super::rifle::Rifle;
use super::stage::{ShootingStage, Shot, StageOutcome, StagePhase};
use crate::course::ShootingPosition;
use glam::DVec2;

/// A snapshot of a stage as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageView {
    pub position: ShootingPosition,
    pub phase: StagePhase,
    /// Left to right: black (standing) or white (hit).
    pub targets: [TargetState; TARGET_COUNT],
    /// Target centres, mrad from the range's centre.
    pub target_centres_mrad: [DVec2; TARGET_COUNT],
    /// Radius of the hit zones, mrad.
    pub zone_radius_mrad: f64,
    /// The sight's point, mrad from the range's centre.
    pub sight_mrad: DVec2,
    /// Where the aim points without the sway, aim units (what the finger or keys set).
    pub aim_units: (i32, i32),
    /// The touch aim assist holds the sight (aimed by touch, over a standing target's zone).
    pub assisted: bool,
    pub heart_bpm: f64,
    pub breath_held: bool,
    /// Seconds the breath has been held, and how long a hold stays steady.
    pub breath_held_s: f64,
    pub breath_steady_s: f64,
    pub magazine: u8,
    pub spares: u8,
    /// Progress of a spare being loaded, 0–1.
    pub reload_progress: Option<f64>,
    /// A round is chambered and the bolt is closed.
    pub can_fire: bool,
    /// Seconds on the aiming timer, and what a hit would pay now (a clean stage's bonus apart).
    pub aim_timer_s: f64,
    pub potential_reward: u32,
    /// The speed bonus in that pay, coins, and the seconds before it starts draining.
    pub speed_bonus: u32,
    pub settle_left_s: f64,
    pub coins_earned: u32,
    pub coins_spent: u32,
    /// Coins available for extra rounds (the run's own: never the banked purse), and one
    /// round's price.
    pub purse: u32,
    pub round_price: u32,
    pub can_buy: bool,
    pub shots: u32,
    pub misses: u32,
    /// The last shot fired (where it went, what it knocked down).
    pub last_shot: Option<Shot>,
    /// Targets still standing, and the penalty loop they would cost.
    pub standing_targets: u32,
    pub penalty_if_taken_m: f64,
    /// The result once finished (its `penalty_m()` is the loop actually added).
    pub outcome: Option<StageOutcome>,
    /// The rifle shot with.
    pub rifle: Rifle,
    /// The crosswind now, m/s (+ blowing towards the right): what the range's flags show.
    pub wind_mps: f64,
    /// The stage's mean crosswind, m/s (+ right).
    pub wind_mean_mps: f64,
    /// Clicks turned on the sight (+ right), and the point-of-impact shift of one, mrad.
    pub clicks: i32,
    pub click_mrad: f64,
    /// Seconds on the mat so far.
    pub on_mat_s: f64,
    /// Seconds before the range closes ([`super::stage::STAGE_MAT_LIMIT_S`]); none at a
    /// lesson's range, which stays open.
    pub closes_in_s: Option<f64>,
}

impl ShootingStage {
    /// The stage as the player sees it now.
    pub fn view(&self) -> StageView {
        let position = self.setup().position;
        let tally = self.tally();
        let standing = self.standing_targets();
        StageView {
            position,
            phase: self.phase(),
            targets: self.targets(),
            target_centres_mrad: std::array::from_fn(range::target_centre_mrad),
            zone_radius_mrad: range::zone_radius_mrad(position),
            sight_mrad: self.sight_mrad(),
            aim_units: self.aim_units(),
            assisted: self.assisted(),
            heart_bpm: self.heart_bpm(),
            breath_held: self.breath().is_held(),
            breath_held_s: self.breath().held_s(),
            breath_steady_s: super::breath::Breath::steady_s(),
            magazine: self.rounds().magazine(),
            spares: self.rounds().spares(),
            reload_progress: self.rounds().reload_progress(),
            can_fire: self.rounds().can_fire() && !matches!(self.phase(), StagePhase::Finished),
            aim_timer_s: self.aim_timer_s(),
            potential_reward: self.potential_reward(),
            speed_bonus: self.aim_clock().speed_bonus(),
            settle_left_s: self.aim_clock().settle_left_s(),
            coins_earned: tally.coins_earned,
            coins_spent: tally.coins_spent,
            purse: self.purse_now(),
            round_price: self.setup().round_price,
            can_buy: self.can_buy(),
            shots: tally.shots,
            misses: tally.misses,
            last_shot: self.last_shot(),
            standing_targets: standing,
            penalty_if_taken_m: f64::from(standing) * super::reward::PENALTY_LOOP_M,
            outcome: self.outcome(),
            rifle: self.setup().rifle,
            wind_mps: self.wind_mps(),
            wind_mean_mps: self.wind().mean_mps(),
            clicks: self.clicks(),
            click_mrad: super::wind::CLICK_URAD as f64 / range::URAD_PER_MRAD,
            on_mat_s: f64::from(tally.ticks) / f64::from(super::TICKS_PER_SECOND),
            closes_in_s: self
                .closes_in_ticks()
                .map(|ticks| f64::from(ticks) / f64::from(super::TICKS_PER_SECOND)),
        }
    }
}
