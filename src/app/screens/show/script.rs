//! The moments the bot never shows, reached with real actions: a stumble after a hit, a near
//! miss, the penalty loop, a missed shot.

use crate::course::Course;
use crate::replay::{TickInput, MAX_TICKS};
use crate::shooting::bot::HUMAN_AIM_STEP;
use crate::shooting::stage::AIM_UNIT_URAD;
use crate::shooting::{ShootingBot, StageAction, StagePhase, StageView, TargetState};
use crate::sim::stage::run_action;
use crate::sim::{Action, Bot, Run, RunEvent, SkierState, Tick, TICK_HZ};

/// The stumble: the bot steers this long, then the skier runs straight on until it hits an
/// obstacle, and is shown this many ticks after the hit (early in the stumble, while the
/// screenshot's few frames pass).
const STEERED_BEFORE_STUMBLE_S: u64 = 5;
const SHOWN_AFTER_HIT_TICKS: u64 = 4;
/// The near miss: the skier runs straight on and changes lane once, at the first tick that
/// passes an obstacle close without a hit (searched up to this long after the start); shown
/// this many ticks before the near miss (its word follows in the next frames).
const NEAR_MISS_SEARCH_TICKS: u64 = 60 * 60;
const SHOWN_BEFORE_NEAR_MISS_TICKS: u64 = 15;
/// The second chance: the bot steers until the run holds this many coins (the price, and
/// what three crashes take).
const SECOND_CHANCE_STEERED_COINS: u32 =
    crate::sim::run::SECOND_CHANCE_PRICE + 3 * crate::sim::run::HIT_COIN_LOSS;
/// The penalty loop: at the first range the shooter hits this many targets, then fires its
/// other rounds high over the targets (this many aim units up: clear of every face however the
/// sight sways, near enough that the scope still shows the targets round the miss), buys none
/// and takes the loop; it is shown once this share of the loop is skied.
const TARGETS_HIT_BEFORE_MISSING: usize = 3;
const MISS_HIGH_AIM: i32 = 250;
const PENALTY_SHOWN_AT: f64 = 0.3;
/// The touch assist: the target a thumb drags the sight to (from the first, where it starts),
/// and the ticks the assist has held the sight when it is shown (slowed, settled on the ring).
const TOUCH_DRAGGED_TO: usize = 1;
const ASSIST_SHOWN_AFTER_TICKS: u32 = 20;
/// Aim units in a milliradian.
const AIM_UNITS_PER_MRAD: f64 = 1000.0 / AIM_UNIT_URAD as f64;

/// A moment the bot never shows, reached with real actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Script {
    /// Steer, then run straight into an obstacle.
    Stumble,
    /// A late dodge, passing an obstacle close.
    NearMiss,
    /// Endless: steer until the run holds a second chance's price (and what the crashes take),
    /// then run straight on until the last life goes and the chance is offered.
    SecondChance,
    /// Ski to the first range, leave targets standing, take the penalty loop.
    Penalty,
    /// Ski to the first range, hit a few targets, then miss: shown just after the miss.
    ShotMiss,
    /// Ski to the first range and aim at the first target: shown on the tick the first shot is
    /// fired (the shot, its kick and the target's flip play in the frames drawn).
    ShotHit,
    /// Ski to the first range and aim by touch, as a human's thumb drags: shown once the touch
    /// assist has held the sight over a target's inner ring a while, before the shot.
    TouchAssist,
}

/// A script's inputs and the tick its moment is shown at.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Scripted {
    pub(super) inputs: Vec<TickInput>,
    pub(super) shown_tick: Tick,
}

impl Script {
    /// The `--show` screen that shows this moment.
    pub(super) fn screen(self) -> &'static str {
        match self {
            Script::Stumble => "stumble",
            Script::NearMiss => "near-miss",
            Script::SecondChance => "second-chance",
            Script::Penalty => "penalty",
            Script::ShotMiss => "shot-miss",
            Script::ShotHit => "shot-hit",
            Script::TouchAssist => "range-touch",
        }
    }

    pub(super) fn moment(self) -> &'static str {
        match self {
            Script::Stumble => "a hit",
            Script::NearMiss => "a near miss",
            Script::SecondChance => "a second chance",
            Script::Penalty => "a penalty loop",
            Script::ShotMiss => "a missed shot",
            Script::ShotHit => "a hit",
            Script::TouchAssist => "the touch assist",
        }
    }

    /// Simulate `course` with the script's actions; its inputs up to the moment, or `None` if
    /// the moment never comes.
    pub(super) fn play(self, course: &Course) -> Option<Scripted> {
        if self == Script::NearMiss {
            return late_dodge(course);
        }
        let mut playing = Playing::new(self, course);
        let mut inputs = Vec::new();
        for _ in 0..MAX_TICKS {
            if playing.run.is_finished() {
                return None;
            }
            let tick = playing.run.tick();
            if playing.is_shown() {
                return Some(Scripted {
                    inputs,
                    shown_tick: tick,
                });
            }
            let actions = playing.actions();
            // The hit is shown on the tick its shot is fired, before the shot flies.
            if self == Script::ShotHit && actions.contains(&Action::Fire) {
                inputs.push(TickInput { tick, actions });
                return Some(Scripted {
                    inputs,
                    shown_tick: tick,
                });
            }
            playing.step(&actions);
            if !actions.is_empty() {
                inputs.push(TickInput { tick, actions });
            }
        }
        None
    }
}

/// A script under way: its run, and what its moment and its actions hang on.
struct Playing {
    script: Script,
    run: Run,
    bot: Bot,
    shooter: Shooter,
    /// Ticks the touch assist has held the sight so far.
    assisted_ticks: u32,
    /// The tick after the run's first crash, once it has come.
    hit_tick: Option<Tick>,
}

impl Playing {
    fn new(script: Script, course: &Course) -> Self {
        Self {
            script,
            run: Run::new(course.clone()),
            bot: Bot::new(),
            shooter: Shooter::default(),
            assisted_ticks: 0,
            hit_tick: None,
        }
    }

    /// Whether the script's moment has come at the run's tick.
    fn is_shown(&self) -> bool {
        let run = &self.run;
        match self.script {
            Script::Stumble => self
                .hit_tick
                .is_some_and(|hit| run.tick() >= hit + SHOWN_AFTER_HIT_TICKS),
            Script::NearMiss | Script::ShotHit => false,
            Script::SecondChance => run.second_chance_offer_s().is_some(),
            Script::Penalty => penalty_share_skied(run) >= PENALTY_SHOWN_AT,
            Script::ShotMiss => run.stage_view().is_some_and(|view| view.misses > 0),
            Script::TouchAssist => {
                self.assisted_ticks >= ASSIST_SHOWN_AFTER_TICKS
                    && run.stage_view().is_some_and(|view| view.assisted)
            }
        }
    }

    /// The script's actions at the run's tick: at a range its shooter's or its thumb's, on the
    /// snow the bot's until the script runs straight on.
    fn actions(&mut self) -> Vec<Action> {
        let run = &self.run;
        let steered_until = Tick::new(STEERED_BEFORE_STUMBLE_S * u64::from(TICK_HZ));
        match (self.script, run.stage_view()) {
            (Script::Penalty | Script::ShotMiss | Script::ShotHit, Some(view)) => {
                self.shooter.actions(&view)
            }
            (Script::TouchAssist, Some(view)) => {
                self.assisted_ticks += u32::from(view.assisted);
                thumb_drag(&view)
            }
            (Script::Stumble, _) if run.tick() >= steered_until => Vec::new(),
            (Script::Penalty, None) if run.state() == SkierState::PenaltyLoop => Vec::new(),
            (Script::SecondChance, None) if run.coins() >= SECOND_CHANCE_STEERED_COINS => {
                Vec::new()
            }
            _ => self.bot.actions(run),
        }
    }

    /// Step the run with `actions`, noting its first crash.
    fn step(&mut self, actions: &[Action]) {
        self.run.step(actions);
        if self.hit_tick.is_none() && self.run.events().iter().any(is_crash) {
            self.hit_tick = Some(self.run.tick());
        }
    }
}

/// Whether `event` is an obstacle met, the forgiven first one (a stumble) included.
fn is_crash(event: &RunEvent) -> bool {
    matches!(
        event,
        RunEvent::ObstacleHit { .. } | RunEvent::Stumbled { .. }
    )
}

/// Obstacles met so far, the forgiven first one (a stumble) included.
fn crashes(run: &Run) -> u32 {
    run.hits() + run.stumbles()
}

/// The first single lane change from running straight on that passes an obstacle close with
/// no hit before it.
fn late_dodge(course: &Course) -> Option<Scripted> {
    let searched_until = Tick::new(NEAR_MISS_SEARCH_TICKS);
    for press in (0..NEAR_MISS_SEARCH_TICKS).map(Tick::new) {
        for action in [Action::Left, Action::Right] {
            let mut run = Run::unshot(course.clone());
            while crashes(&run) == 0 && run.tick() < searched_until {
                let tick = run.tick();
                let pressed = [action];
                run.step(if tick == press { &pressed } else { &[] });
                let near = run
                    .events()
                    .iter()
                    .any(|event| matches!(event, RunEvent::NearMiss { .. }));
                if near && crashes(&run) == 0 {
                    return Some(Scripted {
                        inputs: vec![TickInput {
                            tick: press,
                            actions: vec![action],
                        }],
                        shown_tick: tick.back(SHOWN_BEFORE_NEAR_MISS_TICKS),
                    });
                }
            }
            if run.tick() <= press {
                return None;
            }
        }
    }
    None
}

/// Share of the penalty loop skied so far (0 when there is none).
fn penalty_share_skied(run: &Run) -> f64 {
    let skied = run.penalty_skied_m();
    let total = skied + run.penalty_left_m();
    if total > 0.0 {
        skied / total
    } else {
        0.0
    }
}

/// A thumb dragging the sight at a human's pace towards [`TOUCH_DRAGGED_TO`]'s centre until
/// the touch assist holds it; then it rests there.
fn thumb_drag(view: &StageView) -> Vec<Action> {
    if view.assisted {
        return Vec::new();
    }
    let centre = view.target_centres_mrad[TOUCH_DRAGGED_TO] * AIM_UNITS_PER_MRAD;
    let (x, y) = view.aim_units;
    let towards =
        |to: f64, from: i32| (to.round() as i32 - from).clamp(-HUMAN_AIM_STEP, HUMAN_AIM_STEP);
    let (dx, dy) = (towards(centre.x, x), towards(centre.y, y));
    if (dx, dy) == (0, 0) {
        return Vec::new();
    }
    vec![run_action(StageAction::Drag { dx, dy })]
}

/// The scripted shooter: the shooting bot until a few targets are down, then every other
/// round fired high, no round bought, and the penalty loop taken.
#[derive(Debug, Default)]
struct Shooter {
    bot: ShootingBot,
    aimed_high: bool,
}

impl Shooter {
    fn actions(&mut self, view: &StageView) -> Vec<Action> {
        let down = view
            .targets
            .iter()
            .filter(|&&state| state == TargetState::Hit)
            .count();
        let stage_actions = if view.phase == StagePhase::OutOfRounds {
            vec![StageAction::TakePenalty]
        } else if down < TARGETS_HIT_BEFORE_MISSING {
            self.bot.actions(view)
        } else if !self.aimed_high {
            self.aimed_high = true;
            vec![
                StageAction::HoldBreath(false),
                StageAction::Aim {
                    dx: 0,
                    dy: MISS_HIGH_AIM,
                },
            ]
        } else if view.can_fire {
            vec![StageAction::Fire]
        } else {
            Vec::new()
        };
        stage_actions.into_iter().map(run_action).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_one() -> Course {
        Course::level(1, 1, None).expect("level 1 track 1 exists")
    }

    /// The script's inputs played on a fresh run up to its moment.
    fn replayed(scripted: &Scripted) -> Run {
        replayed_on(level_one(), scripted)
    }

    /// The script's inputs played on a fresh run of `course` up to its moment.
    fn replayed_on(course: Course, scripted: &Scripted) -> Run {
        let mut run = Run::new(course);
        let mut next = scripted.inputs.iter().peekable();
        while run.tick() < scripted.shown_tick {
            let tick = run.tick();
            let actions = next
                .next_if(|input| input.tick == tick)
                .map_or_else(Vec::new, |input| input.actions.clone());
            run.step(&actions);
        }
        run
    }

    #[test]
    fn the_stumble_is_shown_just_after_a_real_hit() {
        let scripted = Script::Stumble.play(&level_one()).expect("a hit comes");
        let run = replayed(&scripted);
        // The run's first crash: forgiven, a stumble that costs nothing.
        assert_eq!((run.stumbles(), run.hits()), (1, 0));
        assert_eq!(run.state(), crate::sim::SkierState::Stumbling);
    }

    #[test]
    fn the_near_miss_is_shown_just_before_a_real_one() {
        let scripted = Script::NearMiss
            .play(&level_one())
            .expect("a near miss comes");
        let mut run = replayed(&scripted);
        assert_eq!(run.hits(), 0);
        let mut seen = Vec::new();
        // The script's press may come after the moment shown: the replay goes on with it.
        for _ in 0..=SHOWN_BEFORE_NEAR_MISS_TICKS {
            let tick = run.tick();
            let pressed: Vec<Action> = scripted
                .inputs
                .iter()
                .filter(|input| input.tick == tick)
                .flat_map(|input| input.actions.clone())
                .collect();
            run.step(&pressed);
            seen.extend_from_slice(run.events());
        }
        assert!(seen
            .iter()
            .any(|event| matches!(event, RunEvent::NearMiss { .. })));
        assert_eq!(run.hits(), 0);
    }

    #[test]
    fn the_second_chance_is_shown_offered_after_the_last_life() {
        let endless = Course::endless(crate::course::levels::ENDLESS.seed);
        let scripted = Script::SecondChance.play(&endless).expect("an offer comes");
        let run = replayed_on(endless, &scripted);
        assert_eq!(run.lives_left(), Some(0));
        assert!(run.second_chance_offer_s().is_some());
        assert!(run.coins() >= crate::sim::run::SECOND_CHANCE_PRICE);
    }

    #[test]
    fn the_missed_shot_is_shown_at_the_range_right_after_the_miss() {
        let scripted = Script::ShotMiss.play(&level_one()).expect("a miss comes");
        let run = replayed(&scripted);
        let view = run.stage_view().expect("at the range");
        assert_eq!(view.misses, 1);
        let shot = view.last_shot.expect("a shot was fired");
        assert_eq!(shot.hit, None);
    }

    #[test]
    fn the_hit_is_shown_on_the_tick_its_shot_is_fired() {
        let scripted = Script::ShotHit.play(&level_one()).expect("a shot comes");
        let mut run = replayed(&scripted);
        assert_eq!(run.stage_view().map(|view| view.shots), Some(0));
        let fired = scripted.inputs.last().expect("the shot's input");
        assert_eq!(fired.tick, scripted.shown_tick);
        run.step(&fired.actions);
        let view = run.stage_view().expect("at the range");
        assert_eq!((view.shots, view.misses), (1, 0), "the first shot hits");
    }

    #[test]
    fn the_touch_assist_is_shown_holding_a_dragged_sight_before_any_shot() {
        let scripted = Script::TouchAssist
            .play(&level_one())
            .expect("the assist holds");
        let run = replayed(&scripted);
        let view = run.stage_view().expect("at the range");
        assert!(view.assisted, "the assist holds the sight");
        assert_eq!(view.shots, 0);
        let dragged = scripted
            .inputs
            .iter()
            .flat_map(|input| &input.actions)
            .any(|action| matches!(action, Action::Drag { .. }));
        assert!(dragged, "aimed by touch");
    }

    #[test]
    fn the_penalty_loop_is_shown_after_a_stage_left_with_targets_standing() {
        let scripted = Script::Penalty.play(&level_one()).expect("a loop comes");
        let run = replayed(&scripted);
        assert_eq!(run.state(), crate::sim::SkierState::PenaltyLoop);
        let (_, result) = run.last_stage_result().expect("a stage was left");
        assert!(result.shot);
        assert_eq!(
            result.misses,
            result.shots - TARGETS_HIT_BEFORE_MISSING as u32
        );
        assert_eq!(
            result.penalty_loops,
            (5 - TARGETS_HIT_BEFORE_MISSING) as u32
        );
        assert!(penalty_share_skied(&run) >= PENALTY_SHOWN_AT);
    }
}
