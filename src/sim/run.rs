//! One run on a course: the fixed-tick world the app drives, the bot plays and replays check.

use super::action::{one_drag_a_tick, Action};
use super::collide::{clears, lane_gap, shares_lane, span, Sweep};
use super::event::{distance_marks, RunEvent};
use super::skier::{ActionTicks, Skier};
use super::stage::{report, stage_action, Arrival, ShootingRange, StageResult, UnshotRange};
use super::units::{metres, micros, Micros};
use super::VIEW_DISTANCE;
use super::{Tick, TICK_HZ};
use crate::course::{Course, CourseKind, ObstacleClass, START_LANE};
use crate::shooting::reward::PENALTY_LOOP_M;
use crate::shooting::{BiathlonRange, Rifle, StageAction};
use air::Air;
use lives::{AfterCrash, Answer, Lives};
use loop_steering::Steering;
use power::PowerUps;

mod air;
mod coins;
mod lives;
pub mod loop_steering;
mod movers;
mod power;
mod report;
mod routes;
mod view;

pub use lives::{ENDLESS_LIVES, SECOND_CHANCE_OFFER_TICKS, SECOND_CHANCE_PRICE};

/// Speed just after a hit, percent of the level speed.
pub const HIT_SPEED_PERCENT: i64 = 50;
/// Ticks over which the speed climbs back to the level speed after a hit (3 s).
pub const RECOVERY_TICKS: u32 = 180;
/// Ticks after a hit during which nothing hits again (1 s).
pub const GRACE_TICKS: u32 = 60;
/// Endless is laid out this far beyond the skier's sight, metres.
pub const LAYOUT_AHEAD: f64 = 100.0;
/// Crashes a run forgives before they cost anything: the first obstacle met only makes the
/// skier stumble (as a hoverboard takes a runner's first crash).
pub const FORGIVEN_CRASHES: u32 = 1;
/// Coins lost per hit (never more than the run's coins: a run brings none, so a crash never
/// takes a banked coin).
pub const HIT_COIN_LOSS: u32 = 5;
/// The most the banked purse holds, coins (far beyond any run's; a larger saved number is
/// damage). A run never brings it: it buys in the Shop only.
pub const MAX_PURSE: u32 = 1_000_000;
/// Height of the standing skier's body above its skis, metres.
pub const STANDING_HEIGHT: f64 = 1.8;
/// Height of the ducked skier's body above its skis, metres (below every duck obstacle).
pub const DUCKED_HEIGHT: f64 = 1.0;
/// How far beyond its body the skier reaches for a coin, metres.
pub const COIN_REACH: f64 = 0.3;

/// Parts of a tick [`Run`] counts time lost to slowdowns in.
const MILLIONTHS: i64 = 1_000_000;

/// Distance per tick at `speed` m/s, rounded down to whole micrometres.
fn per_tick(speed: f64) -> Micros {
    micros(speed) / i64::from(TICK_HZ)
}

/// How the skier has met an obstacle, for the events reported once it is behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Passing {
    /// Not in its lanes, nor close.
    Apart,
    /// A dodge obstacle passed less than a lane's width away.
    Close,
    /// In its lanes, jumping or ducking as its class asks.
    Cleared,
}

/// What the player brings to a run: the rifle (a replay records it). A run brings no coins:
/// rounds at the range are paid from the coins won in the run itself, never the banked purse,
/// so a ranked score depends on nothing a server cannot re-play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Brought {
    pub rifle: Rifle,
}

/// A run: the course, the skier, the run's coins and the clock, stepped one tick at a time.
#[derive(Debug)]
pub struct Run {
    course: Course,
    range: Box<dyn ShootingRange>,
    skier: Skier,
    tick: Tick,
    /// Skier's position along the track.
    z: Micros,
    /// Distance per tick at the level speed (rounded down to whole micrometres).
    base_speed: Micros,
    /// Distance per tick now.
    speed: Micros,
    recovery_left: u32,
    grace_left: u32,
    finish: Option<Micros>,
    /// The stage the skier stands at.
    at_stage: Option<usize>,
    /// The last stage left and how it ended (for the HUD; already counted in the totals).
    last_stage: Option<(usize, StageResult)>,
    next_stage: usize,
    /// First obstacle the skier may still touch (all before it are behind).
    obstacle_cursor: usize,
    obstacle_hit: Vec<bool>,
    /// How the skier has met each obstacle so far (reported once it is behind).
    obstacle_passing: Vec<Passing>,
    /// First coin the skier may still reach.
    coin_cursor: usize,
    coin_taken: Vec<bool>,
    /// Coins taken in a row since the last one left behind in the skier's lane (reported with
    /// each coin).
    coin_streak: u32,
    coins_collected: u32,
    coins_lost: u32,
    /// Coins paid for hits at shooting stages.
    coins_earned: u32,
    /// Coins paid for extra rounds at shooting stages.
    coins_spent: u32,
    /// The rifle carried to the shooting stages (see `with_rifle`).
    rifle: Rifle,
    /// Penalty loop distance still to ski after the last stage.
    penalty_left: Micros,
    /// Penalty loop distance skied so far.
    penalty_skied: Micros,
    /// Ticks spent on penalty loops.
    penalty_ticks: u64,
    /// The skier's steering across the penalty loop's way (told only: never hashed).
    steering: Steering,
    /// Time lost to slowdowns after hits, millionths of a tick.
    slowdown_lost: i64,
    hits: u32,
    /// Crashes forgiven so far (see [`FORGIVEN_CRASHES`]).
    stumbles: u32,
    shots: u32,
    misses: u32,
    stages_unshot: u32,
    finished: bool,
    /// Endless's lives (`None` on a level: there a crash costs time and coins only).
    lives: Option<Lives>,
    /// The power-ups held and taken.
    power: PowerUps,
    /// Ticks spent on the shooting mats, all stages.
    mat_ticks: u64,
    /// Tricks and falls in ramps' air.
    air: Air,
    /// What happened during the last tick, in order (output only: never hashed or recorded).
    events: Vec<RunEvent>,
}

impl Run {
    /// A run on `course` with real shooting stages ([`BiathlonRange`]).
    pub fn new(course: Course) -> Self {
        let range = BiathlonRange::for_course(&course);
        Self::with_range(course, Box::new(range))
    }

    /// A run on `course` whose stages are passed without shooting ([`UnshotRange`]): for tests
    /// about skiing alone.
    pub fn unshot(course: Course) -> Self {
        Self::with_range(course, Box::new(UnshotRange))
    }

    /// A run whose shooting stages are handled by `range`.
    pub fn with_range(course: Course, range: Box<dyn ShootingRange>) -> Self {
        let ticks = ActionTicks::from_params(&course.skier);
        let base_speed = per_tick(course.skier.speed);
        let finish = course.length.map(micros);
        let lives = (course.kind == CourseKind::Endless).then(Lives::default);
        let mut run = Self {
            range,
            skier: Skier::new(START_LANE, ticks),
            tick: Tick::ZERO,
            z: Micros::ZERO,
            base_speed,
            speed: base_speed,
            recovery_left: 0,
            grace_left: 0,
            finish,
            at_stage: None,
            last_stage: None,
            next_stage: 0,
            obstacle_cursor: 0,
            obstacle_hit: vec![false; course.obstacles.len()],
            obstacle_passing: vec![Passing::Apart; course.obstacles.len()],
            coin_cursor: 0,
            coin_taken: vec![false; course.coins.len()],
            coin_streak: 0,
            course,
            coins_collected: 0,
            coins_lost: 0,
            coins_earned: 0,
            coins_spent: 0,
            rifle: Rifle::Training,
            penalty_left: Micros::ZERO,
            penalty_skied: Micros::ZERO,
            penalty_ticks: 0,
            steering: Steering::default(),
            slowdown_lost: 0,
            hits: 0,
            stumbles: 0,
            shots: 0,
            misses: 0,
            stages_unshot: 0,
            finished: false,
            lives,
            power: PowerUps::default(),
            mat_ticks: 0,
            air: Air::default(),
            events: Vec::new(),
        };
        run.lay_out_ahead();
        run
    }

    /// Hold the stage's aiming clock (the speed bonus) for the next tick: a lesson's card is up.
    /// Only a lesson's range listens; the tutorial's run is never replayed or ranked.
    pub fn hold_lesson_clock(&mut self) {
        self.range.hold_aim_clock();
    }

    /// Start the run with what the player `brought` (see [`Run::with_rifle`]).
    pub fn bringing(self, brought: Brought) -> Self {
        self.with_rifle(brought.rifle)
    }

    /// Carry `rifle` to the shooting stages (the replay records it).
    pub fn with_rifle(mut self, rifle: Rifle) -> Self {
        self.rifle = rifle;
        self
    }

    /// Start the run with its forgiven crash already spent, so every crash counts: for tests of
    /// the hit rules alone (a played run always has its stumble).
    pub fn stumble_spent(mut self) -> Self {
        self.stumbles = FORGIVEN_CRASHES;
        self
    }

    /// Stop the run at `metres` (Endless has no finish line of its own).
    pub fn with_finish(mut self, metres: f64) -> Self {
        self.finish = Some(micros(metres));
        self
    }

    /// Simulate one tick with the actions pressed during it. Does nothing once finished.
    /// [`Run::events`] then tells what happened during it.
    pub fn step(&mut self, actions: &[Action]) {
        self.events.clear();
        if self.is_finished() {
            return;
        }
        let tick = self.tick;
        self.tick += 1;
        if self.lives.is_some_and(Lives::offered) {
            self.answer_offer(actions);
            return;
        }
        if self.at_stage.is_some() {
            self.mat_ticks += 1;
            let shooting: Vec<StageAction> = one_drag_a_tick(actions)
                .into_iter()
                .filter_map(stage_action)
                .collect();
            let at_range = self.range.step(tick, &shooting);
            report(at_range.happened, &mut self.events);
            if let Some(result) = at_range.result {
                self.leave_stage(result);
                if self.penalty_left > Micros::ZERO {
                    self.steering.steer(actions);
                }
            }
            return;
        }
        if self.penalty_left > Micros::ZERO {
            self.ski_penalty_loop(actions);
            return;
        }
        let before = self.skier;
        self.skier.press(actions);
        self.keep_to_trail(before);
        self.report_starts(before);
        self.follow_course_speed();
        let before = self.z;
        let mut after = before + self.speed;
        let stage_z = self.course.stages.get(self.next_stage).map(|s| micros(s.z));
        let arrived = stage_z.filter(|&z| after >= z);
        if let Some(z) = arrived {
            after = z;
        }
        let finished = self.finish.is_some_and(|f| after >= f);
        if let Some(f) = self.finish.filter(|_| finished) {
            after = after.min(f);
        }
        self.z = after;
        self.events.extend(distance_marks(before, after));
        self.report_movers(before, after);
        self.report_routes(before, after);
        let sweep = Sweep::of_move(before, after);
        self.collide(sweep);
        self.launch_from_ramps(before, after);
        self.count_power_down();
        self.take_what_is_passed(sweep);
        let moving = self.skier;
        let flight_end = self.skier.advance();
        self.report_ends(moving);
        if let Some(end) = flight_end {
            self.land(end);
        }
        self.recover();
        if self.lives.is_some_and(Lives::out) {
            self.skier.settle();
            self.events.push(RunEvent::OutOfLives);
        } else if finished {
            self.finished = true;
            self.skier.settle();
            self.events.push(RunEvent::Finished);
        } else if arrived.is_some() {
            self.arrive(tick);
        }
        self.lay_out_ahead();
    }

    /// The events of the last tick, in the order they happened (none before the first step).
    pub fn events(&self) -> &[RunEvent] {
        &self.events
    }

    /// Endless ramps: take the course's speed where the skier is (a hit's slowdown recovers
    /// towards it).
    fn follow_course_speed(&mut self) {
        if self.course.kind != CourseKind::Endless {
            return;
        }
        let base = per_tick(self.course.skier_at(metres(self.z)).speed);
        if base != self.base_speed {
            self.base_speed = base;
            if self.recovery_left == 0 {
                self.speed = self.cruise();
            }
        }
    }

    fn arrive(&mut self, tick: Tick) {
        self.skier.settle();
        self.scrape_wax();
        self.speed = self.speed.min(self.base_speed);
        let second_wind = self.spend_breath();
        let index = self.next_stage;
        self.next_stage += 1;
        self.at_stage = Some(index);
        let spot = self.course.stages[index];
        self.events.push(RunEvent::StageReached {
            stage: index,
            position: spot.position,
        });
        self.range.arrive(&Arrival {
            index,
            spot,
            tick,
            purse: self.coins(),
            speed: self.course.skier_before(spot.z).speed,
            rifle: self.rifle,
            second_wind,
        });
    }

    fn leave_stage(&mut self, result: StageResult) {
        self.last_stage = self.at_stage.take().map(|index| (index, result));
        self.shots += result.shots;
        self.misses += result.misses;
        self.coins_earned += result.coins_earned;
        self.coins_spent += result.coins_spent;
        self.penalty_left = micros(PENALTY_LOOP_M) * i64::from(result.penalty_loops);
        if !result.shot {
            self.stages_unshot += 1;
        }
        self.events.push(RunEvent::StageLeft { result });
        if result.penalty_loops > 0 {
            self.events.push(RunEvent::PenaltyLoopStarted {
                loops: result.penalty_loops,
            });
        }
    }

    /// One tick on the penalty loop: beside the track, so the course position holds, nothing
    /// is hit or collected; the loop costs its time. Left and right steer across its way.
    fn ski_penalty_loop(&mut self, actions: &[Action]) {
        let skied = self.speed.min(self.penalty_left);
        self.penalty_left -= skied;
        self.penalty_skied += skied;
        self.penalty_ticks += 1;
        self.recover();
        if self.penalty_left == Micros::ZERO {
            self.steering = Steering::default();
            self.events.push(RunEvent::PenaltyLoopFinished);
            return;
        }
        self.steering.steer(actions);
    }

    /// Endless: keep the layout one view distance (and a margin) ahead of the skier.
    fn lay_out_ahead(&mut self) {
        if self.course.kind != CourseKind::Endless {
            return;
        }
        let needed = metres(self.z) + VIEW_DISTANCE + LAYOUT_AHEAD;
        if self.course.laid_out < needed {
            self.course.extend_to(needed);
            self.sync_lists();
        }
    }

    /// Grow the per-object flags with the course's lists.
    fn sync_lists(&mut self) {
        self.obstacle_hit.resize(self.course.obstacles.len(), false);
        self.obstacle_passing
            .resize(self.course.obstacles.len(), Passing::Apart);
        self.coin_taken.resize(self.course.coins.len(), false);
    }

    fn collide(&mut self, sweep: Sweep) {
        self.note_passing(sweep);
        while self
            .course
            .obstacles
            .get(self.obstacle_cursor)
            .is_some_and(|o| span(o).1 <= sweep.back)
        {
            self.report_passed(self.obstacle_cursor);
            self.obstacle_cursor += 1;
        }
        if self.grace_left > 0 {
            return;
        }
        let obstacles = &self.course.obstacles;
        let occupied = self.skier.lanes_occupied();
        let vertical = self.skier.vertical();
        let hit = (self.obstacle_cursor..obstacles.len())
            .take_while(|&index| span(&obstacles[index]).0 < sweep.front)
            .find(|&index| {
                let obstacle = &obstacles[index];
                let (start, end) = span(obstacle);
                !self.obstacle_hit[index]
                    && sweep.touches(start, end)
                    && shares_lane(&obstacle.lanes, &occupied)
                    && !clears(vertical, obstacle.class)
            });
        // One hit per tick at most: the grace period starts with it.
        if let Some(index) = hit {
            self.obstacle_hit[index] = true;
            self.take_hit(index);
        }
    }

    /// Note how the skier meets each obstacle the sweep touches: cleared in its lane (jumped or
    /// ducked) or, for a dodge obstacle, passed less than a lane's width away.
    fn note_passing(&mut self, sweep: Sweep) {
        let occupied = self.skier.lanes_occupied();
        let vertical = self.skier.vertical();
        let position = self.skier.lane_position();
        let obstacles = &self.course.obstacles;
        for index in (self.obstacle_cursor..obstacles.len())
            .take_while(|&index| span(&obstacles[index]).0 < sweep.front)
        {
            let obstacle = &obstacles[index];
            let (start, end) = span(obstacle);
            if !sweep.touches(start, end) || self.obstacle_passing[index] == Passing::Cleared {
                continue;
            }
            if shares_lane(&obstacle.lanes, &occupied) {
                if clears(vertical, obstacle.class) {
                    self.obstacle_passing[index] = Passing::Cleared;
                }
            } else if obstacle.class == ObstacleClass::Dodge
                && lane_gap(&obstacle.lanes, position) < 1.0
            {
                self.obstacle_passing[index] = Passing::Close;
            }
        }
    }

    /// An obstacle left behind without a hit: report how it was passed, if it was met.
    fn report_passed(&mut self, index: usize) {
        if self.obstacle_hit[index] {
            return;
        }
        let class = self.course.obstacles[index].class;
        match self.obstacle_passing[index] {
            Passing::Cleared => self.events.push(RunEvent::ObstacleCleared {
                obstacle: index,
                class,
            }),
            Passing::Close => self.events.push(RunEvent::NearMiss { obstacle: index }),
            Passing::Apart => {}
        }
    }

    fn take_hit(&mut self, index: usize) {
        let class = self.course.obstacles[index].class;
        if self.shield_takes() {
            self.grace_left = GRACE_TICKS;
            self.events.push(RunEvent::Shielded {
                obstacle: index,
                class,
            });
            return;
        }
        if self.stumbles < FORGIVEN_CRASHES {
            // Forgiven: the grace keeps the obstacle from hitting again; nothing else is lost.
            self.stumbles += 1;
            self.grace_left = GRACE_TICKS;
            self.events.push(RunEvent::Stumbled {
                obstacle: index,
                class: self.course.obstacles[index].class,
            });
            return;
        }
        self.hits += 1;
        let lost = HIT_COIN_LOSS.min(self.coins());
        self.events.push(RunEvent::ObstacleHit {
            obstacle: index,
            class: self.course.obstacles[index].class,
            coins_lost: lost,
        });
        self.coins_lost += lost;
        self.scrape_wax();
        self.speed = self.base_speed * HIT_SPEED_PERCENT / 100;
        self.recovery_left = RECOVERY_TICKS;
        self.grace_left = GRACE_TICKS;
        let can_pay = self.coins() >= SECOND_CHANCE_PRICE;
        if let Some(lives) = &mut self.lives {
            let after = lives.crash(can_pay);
            let lives_left = lives.left();
            self.events.push(RunEvent::LifeLost { lives_left });
            if after == AfterCrash::Offered {
                self.skier.settle();
            }
        }
    }

    /// One tick of the second chance's offer: the run holds until the player buys it (one
    /// life back, skiing on from the crash) or declines it, or the offer runs out.
    fn answer_offer(&mut self, actions: &[Action]) {
        let can_pay = self.coins() >= SECOND_CHANCE_PRICE;
        let Some(lives) = &mut self.lives else {
            return;
        };
        match lives.answer(actions, can_pay) {
            Answer::Bought => {
                self.coins_spent += SECOND_CHANCE_PRICE;
                self.events.push(RunEvent::SecondChanceTaken);
            }
            Answer::Declined => self.events.push(RunEvent::OutOfLives),
            Answer::Waiting => {}
        }
    }

    fn recover(&mut self) {
        if self.grace_left == 1 {
            self.events.push(RunEvent::Steady);
        }
        self.grace_left = self.grace_left.saturating_sub(1);
        if self.base_speed > Micros::ZERO {
            // A wax boost's extra speed is no time won back from a slowdown.
            let slower = (self.base_speed - self.speed).max(Micros::ZERO);
            self.slowdown_lost += slower.get() * MILLIONTHS / self.base_speed.get();
        }
        if self.recovery_left > 0 {
            self.recovery_left -= 1;
            let slow = self.base_speed * HIT_SPEED_PERCENT / 100;
            let missing = (self.base_speed - slow) * i64::from(self.recovery_left);
            self.speed = self.base_speed - missing / i64::from(RECOVERY_TICKS);
        }
    }
}
