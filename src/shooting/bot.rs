//! The autopilot's shooting: a decent player's routine. It drags onto the leftmost black
//! target, lets the heart settle for a while on arrival, holds its breath and fires when the
//! sight comes near the centre — reacting with a human delay, so fast sway between seeing and
//! firing still makes it miss sometimes. It looks only at the [`StageView`] (what a player
//! sees) and at the aim nudges it made itself; never at the future sway.

use super::breath::{SETTLE_TICKS, STEADY_TICKS};
use super::range::{TargetState, URAD_PER_MRAD};
use super::stage::{start_aim, StageAction, StagePhase, AIM_UNIT_URAD};
use super::view::StageView;
use super::TICKS_PER_SECOND;

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

/// The bot's routine at one stage.
#[derive(Debug, Clone, PartialEq)]
enum Routine {
    /// Arrived: let the heart settle.
    Settling,
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
}

impl Default for ShootingBot {
    fn default() -> ShootingBot {
        ShootingBot {
            aim: start_aim(),
            routine: Routine::Settling,
            ticks_in_routine: 0,
            ticks: 0,
            bought: 0,
        }
    }
}

impl ShootingBot {
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
                if view.heart_bpm <= BOT_CALM_BPM || self.ticks >= BOT_SETTLE_BUDGET {
                    self.enter(Routine::Breathing);
                }
            }
            Routine::Breathing => {
                if self.ticks_in_routine >= BOT_BREATHE_TICKS && view.can_fire {
                    actions.push(StageAction::HoldBreath(true));
                    self.enter(Routine::Holding);
                }
            }
            Routine::Holding => self.watch(view, target, actions),
            Routine::Pressing { .. } => {}
        }
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
        let off = view.sight_mrad - view.target_centres_mrad[target];
        if off.length() <= share * view.zone_radius_mrad {
            self.enter(Routine::Pressing {
                ticks_left: BOT_REACTION_TICKS,
            });
        }
    }

    /// Nudge the aim towards the target's centre; `true` while still moving.
    fn drag_towards(
        &mut self,
        view: &StageView,
        target: usize,
        actions: &mut Vec<StageAction>,
    ) -> bool {
        let centre = view.target_centres_mrad[target] * URAD_PER_MRAD / f64::from(AIM_UNIT_URAD);
        let goal = (centre.x.round() as i32, centre.y.round() as i32);
        let dx = (goal.0 - self.aim.0).clamp(-BOT_AIM_STEP, BOT_AIM_STEP);
        let dy = (goal.1 - self.aim.1).clamp(-BOT_AIM_STEP, BOT_AIM_STEP);
        if dx == 0 && dy == 0 {
            return false;
        }
        self.aim = (self.aim.0 + dx, self.aim.1 + dy);
        actions.push(StageAction::Aim { dx, dy });
        true
    }

    fn enter(&mut self, routine: Routine) {
        self.routine = routine;
        self.ticks_in_routine = 0;
    }
}
