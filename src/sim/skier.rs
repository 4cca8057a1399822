//! The skier's own motion, without the course: lane changes (the lateral channel), jumps and
//! ducks (the vertical channel) and the one-slot input buffer. See the rules in [`crate::sim`].

use super::action::Action;
use super::ticks_for;
use super::units::{micros, Micros};
use crate::course::ramps::{FLIGHT_APEX, FLIGHT_S, RAMP_HEIGHT, TRICK_S};
use crate::course::{Lane, SkierParams, JUMP_APEX, LANES};
use crate::seed::StateHasher;

/// How long a press waits in the buffer for its channel to become free, ticks (≈ 120 ms).
pub const BUFFER_TICKS: u32 = 7;

/// What the skier is doing, for the app's animation and the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SkierState {
    Skiing,
    Jumping,
    Ducking,
    /// Hit recently: slowed and within the grace period.
    Stumbling,
    /// Stopped at a shooting stage.
    AtStage,
    /// Skiing the penalty loops after a stage (beside the track: the course position holds).
    PenaltyLoop,
    /// Endless, out of lives: the run holds while a second chance is offered.
    Down,
    Finished,
}

/// Sideways motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lateral {
    /// In one lane.
    Steady { lane: Lane },
    /// Moving one lane sideways; `elapsed` whole ticks are done.
    Changing { from: Lane, to: Lane, elapsed: u32 },
}

/// Up-and-down motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vertical {
    Ground,
    /// In the air; `elapsed` whole ticks are done.
    Jumping {
        elapsed: u32,
    },
    /// Ducked; `elapsed` whole ticks are done.
    Ducking {
        elapsed: u32,
    },
    /// In the long air after a ramp; `elapsed` whole ticks are done, `trick` is the trick under
    /// way (with its whole ticks done) and `landed` counts the tricks finished in this flight.
    Flying {
        elapsed: u32,
        trick: Option<(Trick, u32)>,
        done: u8,
    },
}

/// A trick in a ramp's air (Up: a spread, Down: a tuck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trick {
    /// Arms and skis thrown wide.
    Spread,
    /// Knees pulled up to the chest, skis crossed under.
    Tuck,
}

/// How a flight ended: the tricks finished in it, and whether a trick was still under way on
/// the landing (a fall).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlightEnd {
    pub tricks: u8,
    pub fell: bool,
}

/// Fixed action durations in ticks, from the level's [`SkierParams`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionTicks {
    pub lane_change: u32,
    pub jump: u32,
    pub duck: u32,
    /// A ramp's flight and one trick in it.
    pub flight: u32,
    pub trick: u32,
}

impl ActionTicks {
    /// Durations at the level speed: a jump lasts `jump_length / speed` seconds, and so on.
    pub fn from_params(params: &SkierParams) -> Self {
        Self {
            lane_change: ticks_for(params.lane_change_s),
            jump: ticks_for(params.jump_length / params.speed),
            duck: ticks_for(params.duck_length / params.speed),
            flight: ticks_for(FLIGHT_S),
            trick: ticks_for(TRICK_S),
        }
    }
}

/// Why an action did not start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// Its channel is busy: buffer it.
    Busy,
    /// It can never start from here (off the track's edge): drop it.
    Impossible,
}

/// The skier's lateral and vertical motion and its input buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skier {
    lateral: Lateral,
    vertical: Vertical,
    /// The buffered action and the ticks it may still wait.
    buffered: Option<(Action, u32)>,
    ticks: ActionTicks,
}

impl Skier {
    /// A skier standing in `lane`.
    pub fn new(lane: Lane, ticks: ActionTicks) -> Self {
        Self {
            lateral: Lateral::Steady { lane },
            vertical: Vertical::Ground,
            buffered: None,
            ticks,
        }
    }

    pub fn lateral(&self) -> Lateral {
        self.lateral
    }

    pub fn vertical(&self) -> Vertical {
        self.vertical
    }

    pub fn action_ticks(&self) -> ActionTicks {
        self.ticks
    }

    /// The buffered action, if any.
    pub fn buffered(&self) -> Option<Action> {
        self.buffered.map(|(action, _)| action)
    }

    /// The lane the skier is in, or moving to.
    pub fn target_lane(&self) -> Lane {
        match self.lateral {
            Lateral::Steady { lane } => lane,
            Lateral::Changing { to, .. } => to,
        }
    }

    /// Call off a lane change started this tick (a route's divider refuses it): the skier stays
    /// in the lane it was leaving.
    pub fn stay_in_lane(&mut self) {
        if let Lateral::Changing {
            from, elapsed: 0, ..
        } = self.lateral
        {
            self.lateral = Lateral::Steady { lane: from };
        }
    }

    /// Start this tick's actions: first the buffered one, then the new presses in order.
    pub fn press(&mut self, actions: &[Action]) {
        if let Some((action, left)) = self.buffered.take() {
            if let Err(Refusal::Busy) = self.try_start(action) {
                if left > 1 {
                    self.buffered = Some((action, left - 1));
                }
            }
        }
        for &action in actions {
            if let Err(Refusal::Busy) = self.try_start(action) {
                self.buffered = Some((action, BUFFER_TICKS));
            }
        }
    }

    fn try_start(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Left | Action::Right => {
                let Lateral::Steady { lane } = self.lateral else {
                    return Err(Refusal::Busy);
                };
                let to = match action {
                    Action::Left => lane.left(),
                    _ => lane.right(),
                };
                let to = to.ok_or(Refusal::Impossible)?;
                self.lateral = Lateral::Changing {
                    from: lane,
                    to,
                    elapsed: 0,
                };
            }
            Action::Jump | Action::Duck if matches!(self.vertical, Vertical::Flying { .. }) => {
                return self.start_trick(action);
            }
            Action::Jump | Action::Duck => {
                if self.vertical != Vertical::Ground {
                    return Err(Refusal::Busy);
                }
                self.vertical = if action == Action::Jump {
                    Vertical::Jumping { elapsed: 0 }
                } else {
                    Vertical::Ducking { elapsed: 0 }
                };
            }
            // Shooting actions and the second chance's answers mean nothing on skis.
            Action::Aim { .. }
            | Action::Drag { .. }
            | Action::Fire
            | Action::HoldBreath
            | Action::ReleaseBreath
            | Action::BuyRound
            | Action::TakePenalty
            | Action::ClickLeft
            | Action::ClickRight
            | Action::SecondChance
            | Action::GiveUp => return Err(Refusal::Impossible),
        }
        Ok(())
    }

    /// A trick started in the air by `action` (Up: a spread, Down: a tuck); one at a time,
    /// and a press during a trick is dropped (never kept for after the landing).
    fn start_trick(&mut self, action: Action) -> Result<(), Refusal> {
        let Vertical::Flying {
            elapsed,
            trick: None,
            done,
        } = self.vertical
        else {
            return Err(Refusal::Impossible);
        };
        let trick = if action == Action::Jump {
            Trick::Spread
        } else {
            Trick::Tuck
        };
        self.vertical = Vertical::Flying {
            elapsed,
            trick: Some((trick, 0)),
            done,
        };
        Ok(())
    }

    /// Take off from a ramp's lip into a long air, unless already in the air (a jump over the
    /// lip carries on); a duck stands up into it. Whether it took off.
    pub fn launch(&mut self) -> bool {
        if matches!(
            self.vertical,
            Vertical::Jumping { .. } | Vertical::Flying { .. }
        ) {
            return false;
        }
        self.vertical = Vertical::Flying {
            elapsed: 0,
            trick: None,
            done: 0,
        };
        true
    }

    /// End of a tick: running actions move on by one tick and end when their time is up; a
    /// flight that lands says how it ended.
    pub fn advance(&mut self) -> Option<FlightEnd> {
        if let Lateral::Changing { from, to, elapsed } = self.lateral {
            self.lateral = if elapsed + 1 >= self.ticks.lane_change {
                Lateral::Steady { lane: to }
            } else {
                Lateral::Changing {
                    from,
                    to,
                    elapsed: elapsed + 1,
                }
            };
        }
        if let Vertical::Flying {
            elapsed,
            trick,
            done,
        } = self.vertical
        {
            return self.advance_flight(elapsed, trick, done);
        }
        self.vertical = match self.vertical {
            Vertical::Jumping { elapsed } if elapsed + 1 < self.ticks.jump => Vertical::Jumping {
                elapsed: elapsed + 1,
            },
            Vertical::Ducking { elapsed } if elapsed + 1 < self.ticks.duck => Vertical::Ducking {
                elapsed: elapsed + 1,
            },
            _ => Vertical::Ground,
        };
        None
    }

    /// One tick of a flight: the trick under way moves on (and counts once finished), and the
    /// flight lands when its time is up.
    fn advance_flight(
        &mut self,
        elapsed: u32,
        trick: Option<(Trick, u32)>,
        mut done: u8,
    ) -> Option<FlightEnd> {
        let trick = match trick {
            Some((_, trick_elapsed)) if trick_elapsed + 1 >= self.ticks.trick => {
                done = done.saturating_add(1);
                None
            }
            Some((kind, trick_elapsed)) => Some((kind, trick_elapsed + 1)),
            None => None,
        };
        if elapsed + 1 >= self.ticks.flight {
            self.vertical = Vertical::Ground;
            return Some(FlightEnd {
                tricks: done,
                fell: trick.is_some(),
            });
        }
        self.vertical = Vertical::Flying {
            elapsed: elapsed + 1,
            trick,
            done,
        };
        None
    }

    /// Complete every running action at once and forget the buffer (arrival at a stage).
    pub fn settle(&mut self) {
        self.lateral = Lateral::Steady {
            lane: self.target_lane(),
        };
        self.vertical = Vertical::Ground;
        self.buffered = None;
    }

    /// Whether the skier is in each lane during the current tick (see the "in a lane" rule).
    pub fn lanes_occupied(&self) -> [bool; LANES as usize] {
        let mut occupied = [false; LANES as usize];
        match self.lateral {
            Lateral::Steady { lane } => occupied[usize::from(lane)] = true,
            Lateral::Changing { from, to, elapsed } => {
                // Progress this tick is (elapsed + 1) / n; in a lane while |p − lane| < 3/4.
                let done = 4 * (elapsed + 1);
                let n = self.ticks.lane_change;
                occupied[usize::from(from)] = done < 3 * n;
                occupied[usize::from(to)] = done > n;
            }
        }
        occupied
    }

    /// Lateral position in lanes (0.0 = left lane's centre) during the current tick.
    pub fn lane_position(&self) -> f64 {
        match self.lateral {
            Lateral::Steady { lane } => f64::from(lane),
            Lateral::Changing { from, to, elapsed } => {
                let share = f64::from(elapsed + 1) / f64::from(self.ticks.lane_change);
                f64::from(from) + (f64::from(to) - f64::from(from)) * share
            }
        }
    }

    /// Height of the skis above the track during the current tick, micrometres: a parabola over
    /// the jump sampled at the middle of the tick, in integers.
    pub fn height(&self) -> Micros {
        match self.vertical {
            Vertical::Jumping { elapsed } => {
                let a = i64::from(2 * elapsed + 1);
                let b = i64::from(2 * self.ticks.jump);
                micros(JUMP_APEX) * 4 * a * (b - a) / (b * b)
            }
            // From the lip's height down to the snow under an arc (`ramps::flight_height`).
            Vertical::Flying { elapsed, .. } => {
                let a = i64::from(2 * elapsed + 1);
                let b = i64::from(2 * self.ticks.flight);
                micros(RAMP_HEIGHT) * (b - a) / b + micros(FLIGHT_APEX) * 4 * a * (b - a) / (b * b)
            }
            Vertical::Ground | Vertical::Ducking { .. } => Micros::ZERO,
        }
    }

    /// Share of the running vertical action done (else of the lane change), 0–1, for animation.
    pub fn action_progress(&self) -> f32 {
        let share = |elapsed: u32, total: u32| (elapsed as f32 + 1.0) / total as f32;
        match (self.vertical, self.lateral) {
            (Vertical::Jumping { elapsed }, _) => share(elapsed, self.ticks.jump),
            (Vertical::Ducking { elapsed }, _) => share(elapsed, self.ticks.duck),
            (Vertical::Flying { elapsed, .. }, _) => share(elapsed, self.ticks.flight),
            (Vertical::Ground, Lateral::Changing { elapsed, .. }) => {
                share(elapsed, self.ticks.lane_change)
            }
            (Vertical::Ground, Lateral::Steady { .. }) => 0.0,
        }
    }

    /// Feed the skier's state into a state hash.
    pub fn hash_into(&self, hasher: &mut StateHasher) {
        match self.lateral {
            Lateral::Steady { lane } => hasher.add(i64::from(lane.number())),
            Lateral::Changing { from, to, elapsed } => {
                hasher.add(10 + i64::from(from.number()));
                hasher.add(i64::from(to.number()));
                hasher.add(i64::from(elapsed));
            }
        }
        match self.vertical {
            Vertical::Ground => hasher.add(0),
            Vertical::Jumping { elapsed } => hasher.add(1000 + i64::from(elapsed)),
            Vertical::Ducking { elapsed } => hasher.add(2000 + i64::from(elapsed)),
            Vertical::Flying {
                elapsed,
                trick,
                done,
            } => {
                hasher.add(3000 + i64::from(elapsed));
                hasher.add(match trick {
                    None => -1,
                    Some((Trick::Spread, t)) => i64::from(t),
                    Some((Trick::Tuck, t)) => 1000 + i64::from(t),
                });
                hasher.add(i64::from(done));
            }
        }
        match self.buffered {
            None => hasher.add(-1),
            Some((action, left)) => hasher.add(i64::from(action.code()) * 100 + i64::from(left)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TICKS: ActionTicks = ActionTicks {
        lane_change: 10,
        jump: 30,
        duck: 36,
        flight: 90,
        trick: 30,
    };

    #[test]
    fn lane_change_takes_its_ticks_and_occupies_both_lanes_midway() {
        let mut skier = Skier::new(Lane::MIDDLE, TICKS);
        skier.press(&[Action::Left]);
        let mut both = 0;
        for _ in 0..TICKS.lane_change {
            let occupied = skier.lanes_occupied();
            assert!(!occupied[2]);
            if occupied[0] && occupied[1] {
                both += 1;
            }
            skier.advance();
        }
        // Ticks with progress 3/10 … 7/10 are in the middle half.
        assert_eq!(both, 5);
        assert_eq!(skier.lateral(), Lateral::Steady { lane: Lane::LEFT });
    }

    #[test]
    fn left_off_the_edge_is_ignored() {
        let mut skier = Skier::new(Lane::LEFT, TICKS);
        skier.press(&[Action::Left]);
        assert_eq!(skier.lateral(), Lateral::Steady { lane: Lane::LEFT });
        assert_eq!(skier.buffered(), None);
    }

    #[test]
    fn busy_press_is_buffered_then_started_or_dropped() {
        let mut skier = Skier::new(Lane::MIDDLE, TICKS);
        skier.press(&[Action::Jump]);
        // Press again 5 ticks before landing: buffered, starts right after.
        for _ in 0..(TICKS.jump - 5) {
            skier.advance();
            skier.press(&[]);
        }
        skier.press(&[Action::Duck]);
        assert_eq!(skier.buffered(), Some(Action::Duck));
        for _ in 0..5 {
            skier.advance();
            skier.press(&[]);
        }
        assert_eq!(skier.vertical(), Vertical::Ducking { elapsed: 0 });
        // Pressed too early (longer than the buffer before the channel frees): dropped.
        let mut early = Skier::new(Lane::MIDDLE, TICKS);
        early.press(&[Action::Jump]);
        early.advance();
        early.press(&[Action::Jump]);
        for _ in 0..TICKS.jump {
            early.advance();
            early.press(&[]);
        }
        assert_eq!(early.vertical(), Vertical::Ground);
    }

    #[test]
    fn jump_height_peaks_midway_and_lands() {
        let mut skier = Skier::new(Lane::MIDDLE, TICKS);
        skier.press(&[Action::Jump]);
        let mut heights = Vec::new();
        for _ in 0..TICKS.jump {
            heights.push(skier.height());
            skier.advance();
        }
        assert!(heights
            .iter()
            .all(|&h| h > Micros::ZERO && h <= micros(JUMP_APEX)));
        assert!(heights[14] > heights[0] && heights[14] > heights[29]);
        assert_eq!(skier.height(), Micros::ZERO);
    }
}
