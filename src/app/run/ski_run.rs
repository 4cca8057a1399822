//! The run as the window plays it: the simulation stepped on fixed ticks (the player's gestures
//! or the bot deciding each tick's actions, every tick recorded), and the skier's pose
//! interpolated between the last two ticks for drawing.

use super::clock::tick_clock::TickClock;
use super::ghost::{GhostFigure, GhostRun};
use super::input::{HeldAim, PlayerInput};
use super::range::ShotMarks;
use crate::app::render::knock::KnockedObstacles;
use crate::app::render::spray::SprayCause;
use crate::app::render::world::crowd::CrowdCheer;
use crate::models::{LoopPlace, PoseCues, SkierPose};
use crate::replay::{CourseChoice, Ghost, Replay, ReplayRecorder, TickInput as ReplayInput};
use crate::shooting::controls::key_aim;
use crate::shooting::StageAction;
use crate::sim::skier::Lateral;
use crate::sim::{Action, Bot, Run, RunEvent, SkierState, Tick, TICK_HZ};
use crate::terrain::Terrain;
use glam::DVec3;
use std::time::Duration;

/// Who decides each tick's actions.
pub enum Pilot {
    /// The player's keys and gestures.
    Player,
    /// The bot.
    Bot,
    /// A saved replay's inputs, played back (the player's input is ignored).
    Replay(Vec<ReplayInput>),
}

/// Who decides each tick's actions, while the run goes.
enum Driver {
    Player,
    Bot(Box<Bot>),
    Replay {
        inputs: Vec<ReplayInput>,
        next: usize,
    },
}

impl Driver {
    fn of(pilot: Pilot) -> Self {
        match pilot {
            Pilot::Player => Self::Player,
            Pilot::Bot => Self::Bot(Box::new(Bot::new())),
            Pilot::Replay(mut inputs) => {
                inputs.sort_by_key(|input| input.tick);
                Self::Replay { inputs, next: 0 }
            }
        }
    }
}

/// The replayed actions for `tick` (inputs are sorted by tick).
fn replayed_actions(inputs: &[ReplayInput], next: &mut usize, tick: Tick) -> Vec<Action> {
    let mut actions = Vec::new();
    while let Some(input) = inputs.get(*next).filter(|input| input.tick <= tick) {
        if input.tick == tick {
            actions.extend_from_slice(&input.actions);
        }
        *next += 1;
    }
    actions
}

/// At a stage, the held aim keys' nudge joins the tick's presses, before anything reads them:
/// a gate (the tutorial's) sees a key aim as it sees a drag.
fn press_held_aim(run: &Run, input: &mut PlayerInput) {
    if run.at_stage().is_some() {
        let HeldAim { right, up, units } = input.held_aim;
        if let Some(StageAction::Aim { dx, dy }) = key_aim(right, up, units) {
            input.pressed.push(Action::Aim { dx, dy });
        }
    }
}

/// The skier's state at one tick, in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Snapshot {
    z: f64,
    x: f64,
    above_track: f64,
}

impl Snapshot {
    /// On the penalty loop the skier is drawn on the loop's oval beside the range
    /// ([`LoopPlace`]); the simulation holds its course position meanwhile.
    pub(super) fn of(run: &Run, lane_width: f64) -> Self {
        let (dx, dz) =
            LoopPlace::of(run).map_or((0.0, 0.0), |place| (place.offset_x, place.offset_z));
        Self {
            z: run.z() + dz,
            x: run.lateral_x(lane_width) + dx,
            above_track: run.height_above_track(),
        }
    }

    /// Where the skier's feet are, world coordinates: on the track, or on the ground of the
    /// penalty loop's field beside it.
    pub(super) fn feet(self, terrain: &Terrain) -> DVec3 {
        DVec3::new(
            self.x,
            terrain.height(self.x, self.z) + self.above_track,
            self.z,
        )
    }

    /// Moved to where the skier has steered across its way on the penalty loop (through its
    /// gates; nothing off the loop).
    fn steered(self, run: &Run) -> Self {
        let Some(place) = LoopPlace::of(run) else {
            return self;
        };
        let offset = run.loop_offset_m();
        let (right_x, right_z) = place.right();
        Self {
            x: self.x + right_x * offset,
            z: self.z + right_z * offset,
            ..self
        }
    }

    fn lerp(self, next: Self, t: f32) -> Self {
        let t64 = f64::from(t);
        Self {
            z: self.z + (next.z - self.z) * t64,
            x: self.x + (next.x - self.x) * t64,
            above_track: self.above_track + (next.above_track - self.above_track) * t64,
        }
    }
}

/// A skier's last two ticks, drawn between them (the player's and the ghost's alike).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct TickPair {
    previous: Snapshot,
    current: Snapshot,
}

impl TickPair {
    /// A skier standing still at `snapshot`.
    pub(super) fn at(snapshot: Snapshot) -> Self {
        Self {
            previous: snapshot,
            current: snapshot,
        }
    }

    /// A tick passed: `next` is the skier now.
    pub(super) fn push(&mut self, next: Snapshot) {
        self.previous = self.current;
        self.current = next;
    }

    /// The skier `alpha` of the way from the last tick to this one.
    pub(super) fn between(&self, alpha: f32) -> Snapshot {
        self.previous.lerp(self.current, alpha)
    }
}

/// A run in progress.
pub struct SkiRun {
    run: Run,
    recorder: ReplayRecorder,
    driver: Driver,
    clock: TickClock,
    lane_width: f64,
    ticks: TickPair,
    /// The tick on which the last hit happened, for the camera's shake and the spray.
    last_hit_tick: Option<Tick>,
    /// What the skier's pose remembers of the run's events (tumbles, landings, push-offs).
    cues: PoseCues,
    /// What the crowd last cheered.
    cheer: CrowdCheer,
    /// The tick on which the skier last landed from a jump, for the spray.
    last_landing_tick: Option<Tick>,
    /// The obstacles knocked over so far, for drawing them flying off.
    knocks: KnockedObstacles,
    /// Where the shots of the stage the skier is at went.
    marks: ShotMarks,
    /// The best run's ghost skiing beside this one, if there is one.
    ghost: Option<GhostRun>,
}

impl SkiRun {
    /// Start `run` on the course `choice` names, its actions decided by `pilot`.
    pub fn new(run: Run, choice: CourseChoice, pilot: Pilot, lane_width: f64) -> Self {
        let snapshot = Snapshot::of(&run, lane_width);
        let cues = PoseCues::starting(run.tick());
        Self {
            run,
            recorder: ReplayRecorder::new(choice),
            driver: Driver::of(pilot),
            clock: TickClock::new(TICK_HZ),
            lane_width,
            ticks: TickPair::at(snapshot),
            last_hit_tick: None,
            cues,
            cheer: CrowdCheer::default(),
            last_landing_tick: None,
            knocks: KnockedObstacles::default(),
            marks: ShotMarks::default(),
            ghost: None,
        }
    }

    /// Ski beside `ghost` (a best run of this course), stepped tick for tick with this run.
    pub fn with_ghost(mut self, ghost: Ghost) -> Self {
        self.ghost = Some(GhostRun::new(ghost, self.lane_width));
        self
    }

    /// The ghost skiing beside the run, if any.
    pub fn ghost(&self) -> Option<&GhostRun> {
        self.ghost.as_ref()
    }

    /// Where the ghost is drawn now (none once its replay is over).
    pub fn ghost_figure(&self, terrain: &Terrain) -> Option<GhostFigure> {
        let ghost = self.ghost.as_ref()?;
        ghost.figure(terrain, self.clock.alpha())
    }

    /// Advance by a frame's time: whole ticks, each with the actions decided for it. The player's
    /// pending actions go to the first tick; with no tick this frame they wait for the next.
    /// Returns the run's events of those ticks, in order.
    pub fn advance(&mut self, frame: Duration, input: &mut PlayerInput) -> Vec<RunEvent> {
        self.advance_gated(frame, input, &mut |_, _| true)
    }

    /// [`SkiRun::advance`], asking `gate` before each tick whether the run may go on (given the
    /// presses waiting for it, which the gate may drop); the frame's other ticks are dropped at
    /// the first no (the run holds there, as the tutorial asks).
    pub fn advance_gated(
        &mut self,
        frame: Duration,
        input: &mut PlayerInput,
        gate: &mut dyn FnMut(&mut Run, &mut Vec<Action>) -> bool,
    ) -> Vec<RunEvent> {
        let ticks = self.clock.advance(frame);
        let mut events = Vec::new();
        for _ in 0..ticks {
            // A run that is over steps no more (its last tick's events must not be reported
            // again).
            if self.run.is_finished() {
                break;
            }
            if matches!(self.driver, Driver::Player) {
                press_held_aim(&self.run, input);
            }
            if !gate(&mut self.run, &mut input.pressed) {
                break;
            }
            let actions = match &mut self.driver {
                Driver::Bot(bot) => bot.actions(&self.run),
                Driver::Player => std::mem::take(&mut input.pressed),
                Driver::Replay { inputs, next } => replayed_actions(inputs, next, self.run.tick()),
            };
            self.recorder.step(&mut self.run, &actions);
            let happened = self.run.events().to_vec();
            for event in &happened {
                self.note(event);
            }
            events.extend(happened);
            if let Some(ghost) = &mut self.ghost {
                ghost.follow(&self.run, self.lane_width);
            }
            self.ticks
                .push(Snapshot::of(&self.run, self.lane_width).steered(&self.run));
        }
        events
    }

    /// The poses', knocks' and shot marks' handler: remember what `event` leaves to draw.
    fn note(&mut self, event: &RunEvent) {
        let tick = self.run.tick();
        self.cues.note(event, tick);
        self.cheer.note(event, tick);
        match *event {
            RunEvent::ObstacleHit { obstacle, .. } | RunEvent::Stumbled { obstacle, .. } => {
                self.last_hit_tick = Some(tick);
                let skier_x = self.run.lateral_x(self.lane_width);
                self.knocks
                    .record(obstacle, tick, skier_x, self.run.speed());
            }
            RunEvent::Landing => self.last_landing_tick = Some(tick),
            _ => self.marks.record(event),
        }
    }

    /// The obstacles knocked over so far.
    pub fn knocks(&self) -> &KnockedObstacles {
        &self.knocks
    }

    /// Where the shots of the stage the skier is at went.
    pub fn marks(&self) -> &ShotMarks {
        &self.marks
    }

    /// Let a frame pass for the shot marks' cue (it runs while the sight is up).
    pub fn pass_marks(&mut self, sight_up: bool, frame_s: f64) {
        self.marks.pass(sight_up, frame_s);
    }

    /// Ticks since the last hit, if there was one.
    pub fn ticks_since_hit(&self) -> Option<u64> {
        self.last_hit_tick.map(|tick| self.run.tick() - tick)
    }

    /// Step whole ticks without drawing until `reached` holds or `max_ticks` have passed (the
    /// screenshots of a stage or the finish start from a state reached this way); `seen` is
    /// handed each tick's events.
    pub fn fast_forward(
        &mut self,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
        seen: &mut dyn FnMut(&[RunEvent]),
    ) {
        let tick = Duration::from_secs(1) / TICK_HZ;
        let mut input = PlayerInput::default();
        for _ in 0..max_ticks {
            if reached(&self.run) {
                break;
            }
            let events = self.advance(tick, &mut input);
            seen(&events);
        }
    }

    /// Whether the player's input drives the run.
    pub fn is_players(&self) -> bool {
        matches!(self.driver, Driver::Player)
    }

    /// The simulation.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// The replay recorded so far.
    pub fn replay(&self) -> Replay {
        self.recorder.replay(&self.run)
    }

    /// The skier's position along the track for drawing and streaming, metres.
    pub fn drawn_z(&self) -> f64 {
        self.drawn().z
    }

    /// Where the skier's feet are drawn, between the last two ticks (on a high trail's ridge
    /// when it skis one).
    pub fn skier_at(&self, terrain: &Terrain) -> DVec3 {
        let feet = self.drawn().feet(terrain);
        feet + DVec3::Y * self.ridge_under(feet.x, feet.z)
    }

    /// How far a high trail raises the ground at world `x` and `z`, metres (drawn only).
    pub fn ridge_under(&self, x: f64, z: f64) -> f64 {
        let lane = x / self.lane_width + f64::from(crate::course::LANES - 1) / 2.0;
        crate::app::render::track_pieces::high_trail_rise(&self.run.course().routes, lane, z)
    }

    /// The skier's body pose (stride, lean, jump, duck, stumble, shooting position).
    /// What the skis' spray answers now.
    pub fn spray(&self) -> SprayCause {
        let since =
            |tick: Option<Tick>| tick.map(|t| (self.run.tick() - t) as f64 / f64::from(TICK_HZ));
        let state = self.run.state();
        SprayCause {
            skiing: matches!(state, SkierState::Skiing | SkierState::Ducking),
            turning: matches!(self.run.skier().lateral(), Lateral::Changing { .. }),
            since_landing_s: since(self.last_landing_tick),
            since_hit_s: since(self.last_hit_tick),
        }
    }

    /// How hard the crowd cheers now, 0–1.
    pub fn cheer(&self) -> f32 {
        self.cheer.level(self.run.tick())
    }

    pub fn pose(&self) -> SkierPose {
        SkierPose::from_run(&self.run, &self.cues)
    }

    fn drawn(&self) -> Snapshot {
        self.ticks.between(self.clock.alpha())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;

    fn level_one() -> (Run, CourseChoice) {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let choice = CourseChoice::Level {
            level: 1,
            track: 1,
            seed: course.seed,
        };
        (Run::new(course), choice)
    }

    #[test]
    fn the_recorded_window_run_replays_to_the_same_summary() {
        let (run, choice) = level_one();
        let mut ski = SkiRun::new(run, choice, Pilot::Player, 2.5);
        let tick = Duration::from_secs(1) / TICK_HZ;
        let presses = [Action::Left, Action::Jump, Action::Right, Action::Duck];
        for frame in 0..600_u32 {
            let mut input = PlayerInput::default();
            if frame % 50 == 0 {
                input
                    .pressed
                    .push(presses[(frame / 50) as usize % presses.len()]);
            }
            // Uneven frames: sometimes no tick, sometimes several.
            ski.advance(tick * (frame % 3), &mut input);
        }
        let replay = ski.replay();
        assert!(!replay.inputs.is_empty());
        let recorded = replay
            .summary
            .clone()
            .expect("recorded replays have a summary");
        assert!(recorded.ticks > 500);
        let course = crate::replay::build_course(choice).expect("the course rebuilds");
        match crate::replay::verify(&replay, choice, course, &recorded) {
            crate::replay::Verdict::Equal(summary) => assert_eq!(summary, recorded),
            crate::replay::Verdict::Mismatch(m) => panic!("replay diverged: {m:?}"),
        }
    }

    #[test]
    fn a_replayed_run_ends_as_it_was_recorded() {
        let (run, choice) = level_one();
        let mut bot = SkiRun::new(run, choice, Pilot::Bot, 2.5);
        bot.fast_forward(Run::is_finished, crate::replay::MAX_TICKS, &mut |_| {});
        let recorded = bot.replay();
        let (run, _) = level_one();
        let mut watched = SkiRun::new(run, choice, Pilot::Replay(recorded.inputs.clone()), 2.5);
        watched.fast_forward(Run::is_finished, crate::replay::MAX_TICKS, &mut |_| {});
        assert!(watched.run().is_finished());
        assert_eq!(watched.replay().summary, recorded.summary);
    }

    #[test]
    fn a_finished_run_reports_its_last_events_once() {
        let (run, choice) = level_one();
        let mut bot = SkiRun::new(run, choice, Pilot::Bot, 2.5);
        let tick = Duration::from_secs(1) / TICK_HZ;
        let mut finishes = 0;
        while !bot.run().is_finished() {
            let events = bot.advance(tick, &mut PlayerInput::default());
            finishes += events.iter().filter(|e| **e == RunEvent::Finished).count();
        }
        for _ in 0..10 {
            assert!(bot.advance(tick, &mut PlayerInput::default()).is_empty());
        }
        assert_eq!(finishes, 1);
    }

    #[test]
    fn the_tutorials_aim_step_completes_with_the_held_aim_keys() {
        use crate::app::run::tutorial::{self, Tutorial, TutorialStep};
        let course = tutorial::course();
        let choice = CourseChoice::of(&course);
        let mut ski = SkiRun::new(Run::new(course), choice, Pilot::Player, 2.5);
        let mut tutorial = Tutorial::default();
        let tick = Duration::from_secs(1) / TICK_HZ;
        // Answer the skiing steps as a player would, until the range's first step.
        for _ in 0..crate::replay::MAX_TICKS {
            if tutorial.step() == TutorialStep::Aim && ski.run().at_stage().is_some() {
                break;
            }
            let mut input = PlayerInput::default();
            input.pressed.extend(tutorial.answer(ski.run()));
            ski.advance_gated(tick, &mut input, &mut |run, pressed| {
                tutorial.gate(run, pressed)
            });
        }
        assert_eq!(
            tutorial.step(),
            TutorialStep::Aim,
            "the range's aim step is reached"
        );
        // Keys only: nothing pressed, the right aim key held.
        let mut input = PlayerInput {
            held_aim: HeldAim {
                right: 1,
                ..HeldAim::default()
            },
            ..PlayerInput::default()
        };
        ski.advance_gated(tick, &mut input, &mut |run, pressed| {
            tutorial.gate(run, pressed)
        });
        assert_eq!(
            tutorial.step(),
            TutorialStep::Fire,
            "a held aim key answers the aim step"
        );
    }

    #[test]
    fn the_drawn_pose_lies_between_the_last_two_ticks() {
        let (run, choice) = level_one();
        let mut ski = SkiRun::new(run, choice, Pilot::Bot, 2.5);
        let tick = Duration::from_secs(1) / TICK_HZ;
        ski.advance(tick * 5, &mut PlayerInput::default());
        let before = ski.ticks.previous.z;
        let after = ski.ticks.current.z;
        ski.advance(tick / 2, &mut PlayerInput::default());
        let drawn = ski.drawn_z();
        assert!(before < after);
        assert!(drawn > before - 1e-9 && drawn <= after + 1e-9);
    }
}
