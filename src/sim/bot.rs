//! The bot: plays any course with a player's senses and a player's reaction time.
//!
//! It sees only objects within [`VIEW_DISTANCE`] of the skier, and it sees them late: at tick
//! `t` it decides from a snapshot of the run taken at `t − REACTION_TICKS` (the skier's
//! position, speed, lane and motion). To act at the right moment it extrapolates that snapshot
//! with what it knows of itself — its speed and the actions it pressed since, run through the
//! skier's own motion rules — the way a player anticipates. It presses the same per-tick
//! [`Action`]s a player does. It does not see the future of the course beyond its sight and never
//! reads the run's collision state. At a shooting stage it hands over to a
//! [`ShootingBot`], which sees what the player sees of the range (the stage's view).

pub mod human;
mod plan;

use super::action::Action;
use super::run::Run;
use super::skier::Skier;
use super::units::{micros, Micros};
use super::VIEW_DISTANCE;
use crate::shooting::{ShootingBot, StageView};
use crate::sim::stage::run_action;
use human::{HumanTiming, Press};
use std::collections::VecDeque;

/// The bot's reaction time, ticks (0.25 s at 60 Hz).
pub const REACTION_TICKS: usize = 15;

/// Odd multiplier (2⁶⁴ / golden ratio) that spreads stage indices over the seed's bits.
const STAGE_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// What the bot saw at one tick.
#[derive(Debug, Clone, Copy)]
struct Sight {
    z: Micros,
    speed: Micros,
    skier: Skier,
    at_stage: bool,
}

/// A bot player. Call [`Bot::actions`] once per tick, before [`Run::step`], and pass the result.
#[derive(Debug, Clone, Default)]
pub struct Bot {
    /// The last `REACTION_TICKS + 1` sights, oldest first.
    sights: VecDeque<Sight>,
    /// What it pressed on each of the last `REACTION_TICKS` ticks, oldest first.
    pressed: VecDeque<Vec<Action>>,
    /// First obstacle not yet behind the skier (as far as the bot knows).
    cursor: usize,
    /// The shooter at the stage with this index (a fresh one per stage).
    shooter: Option<(usize, ShootingBot)>,
    /// A human's timing; `None`: the perfect bot, which presses at the best moment.
    human: Option<HumanTiming>,
}

impl Bot {
    /// The perfect bot: every press at the best moment its sight allows.
    pub fn new() -> Self {
        Self::default()
    }

    /// A human-model bot: the same sight and reaction, each row answered off the best moment by
    /// a normally distributed error of `jitter_ms` (and now and then late), drawn from `seed`.
    pub fn human(seed: u64, jitter_ms: u32) -> Self {
        Self {
            human: Some(HumanTiming::new(seed, jitter_ms)),
            ..Self::default()
        }
    }

    /// Look at the run, and return this tick's actions.
    pub fn actions(&mut self, run: &Run) -> Vec<Action> {
        self.sights.push_back(Sight {
            z: run.z_micros(),
            speed: run.speed_micros(),
            skier: *run.skier(),
            at_stage: run.at_stage().is_some(),
        });
        if self.sights.len() > REACTION_TICKS + 1 {
            self.sights.pop_front();
        }
        let stage = run.at_stage().zip(run.stage_view());
        let actions = if let Some((index, view)) = stage {
            self.shoot(run.course().seed, index, &view)
        } else if run.is_finished() || self.sights.len() <= REACTION_TICKS {
            Vec::new()
        } else {
            self.decide(run)
        };
        self.pressed.push_back(actions.clone());
        if self.pressed.len() > REACTION_TICKS {
            self.pressed.pop_front();
        }
        actions
    }

    fn shoot(&mut self, seed: u64, stage: usize, view: &StageView) -> Vec<Action> {
        if self.shooter.as_ref().map(|(index, _)| *index) != Some(stage) {
            // Each stage's flag readings from the run's seed and the stage's index.
            let seed = seed ^ (stage as u64).wrapping_mul(STAGE_MIX);
            let shooter = match self.human {
                Some(_) => ShootingBot::human(seed),
                None => ShootingBot::new(seed),
            };
            self.shooter = Some((stage, shooter));
        }
        let (_, shooter) = self.shooter.as_mut().expect("a shooter was set just above");
        shooter.actions(view).into_iter().map(run_action).collect()
    }

    fn decide(&mut self, run: &Run) -> Vec<Action> {
        let seen = self.sights[0];
        if seen.at_stage || seen.speed <= Micros::ZERO {
            return Vec::new();
        }
        // Where the skier is now, as the bot reckons it: the old sight moved on by its speed,
        // its motion run on through the presses since.
        let mut skier = seen.skier;
        for actions in &self.pressed {
            skier.press(actions);
            skier.advance();
        }
        let z = seen.z + seen.speed * REACTION_TICKS as i64;
        let course = run.course();
        let sight_end = seen.z + micros(VIEW_DISTANCE);
        let next_stage = course
            .stages
            .iter()
            .map(|s| micros(s.z))
            .find(|&s| s > seen.z)
            .filter(|&s| s < sight_end);
        if next_stage.is_some_and(|stage| z >= stage) {
            // Stopped at (or about to stop at) a stage: nothing to steer.
            return Vec::new();
        }
        let sight = plan::Sight {
            obstacles: &course.obstacles,
            coins: &course.coins,
            pickups: &course.pickups,
            routes: &course.routes,
            end: sight_end,
            take_high: self.human.is_none(),
        };
        let here = plan::Here {
            z,
            speed: seen.speed,
            skier,
        };
        let tick = run.tick();
        let human = &mut self.human;
        let mut timing = |row| match human {
            Some(human) => human.press_for(row, tick),
            None => Press::PERFECT,
        };
        plan::next_actions(&sight, &mut self.cursor, &here, &mut timing)
    }
}
