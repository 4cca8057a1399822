//! The first-run tutorial: a short guided run that teaches one thing at a time and waits until
//! it is done: change lane, jump, duck, then at the range aim, fire and hold the breath, and the
//! spare rounds. The run holds at each moment to act (the skier stands still right where the
//! answer works) until the player does it; words and pictures are those of the device in hand.

#[cfg(test)]
mod by_device;
mod card;
mod picture;
#[cfg(test)]
mod tests;
mod wind;

pub use wind::{draw_wind_lesson, first_windy_level};

use crate::app::ui::words::{self, Device, Words};
use crate::course::{
    Coin, Course, CourseKind, Lane, Obstacle, ObstacleClass, ShootingPosition, SkierParams,
    StageSpot,
};
use crate::shooting::BiathlonRange;
use crate::sim::{Action, Run};
use card::draw_prompt;
use macroquad::color::Color;
use picture::{Arrow, Picture};

/// The tutorial's run on `course`: its range is a lesson's, whose speed bonus waits while a
/// card teaching aiming, firing, the breath or the spare rounds is up (see [`Tutorial::gate`]).
pub fn lesson_run(course: Course) -> Run {
    let range = BiathlonRange::for_course(&course).as_lesson();
    Run::with_range(course, Box::new(range))
}

/// The tutorial course: level 1's pace, one rock in the middle lane, a log, a banner, a prone
/// range, the finish.
const SPEED: f64 = 10.0;
const ROCK_Z: f64 = 80.0;
const LOG_Z: f64 = 160.0;
const BANNER_Z: f64 = 240.0;
const STAGE_Z: f64 = 320.0;
const LENGTH: f64 = 420.0;
/// The run holds for the lane change this far before the rock, metres.
const LANE_HOLD_BEFORE: f64 = 14.0;
/// Looks (indices into the class's looks): the rock, the log, the banner.
const ROCK_LOOK: u8 = 0;
const LOG_LOOK: u8 = 0;
const BANNER_LOOK: u8 = 0;
/// Coins along both side lanes past the rock, every this many metres, from and to.
const COIN_SPACING: f64 = 4.0;
const COINS_FROM: f64 = 92.0;
const COINS_TO: f64 = 140.0;

/// The prompt card: at most this wide (layout units), its top at this share of the height while
/// skiing (above the track ahead; at the range [`range_card`] places it).
const CARD_WIDTH: f32 = 420.0;
const CARD_Y: f32 = 0.2;
const TEXT_SIZE: f32 = 26.0;
const TITLE_SIZE: f32 = 30.0;
const MARGIN: f32 = 16.0;
/// The picture under the words: its height (layout units) and line width.
const PICTURE_H: f32 = 64.0;
const PICTURE_LINE: f32 = 5.0;
const CARD_BACK: Color = Color::new(0.02, 0.04, 0.08, 0.7);
const CARD_SHADOW: Color = Color::new(0.02, 0.04, 0.08, 0.35);
const TITLE: Color = Color::new(0.98, 0.80, 0.18, 1.0);
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
/// A note under the words: smaller, in a light blue.
const NOTE: Color = Color::new(0.70, 0.85, 1.0, 1.0);
const NOTE_SIZE: f32 = 22.0;

/// What the tutorial teaches, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TutorialStep {
    ChangeLane,
    Jump,
    Duck,
    Aim,
    Fire,
    HoldBreath,
    Spares,
    /// Past the range: ski to the finish.
    Finish,
}

/// The tutorial's progress through its run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tutorial {
    step: TutorialStep,
}

impl Default for Tutorial {
    fn default() -> Self {
        Self {
            step: TutorialStep::ChangeLane,
        }
    }
}

/// The tutorial's course.
pub fn course() -> Course {
    let skier = SkierParams::for_speed(SPEED);
    let obstacle = |z, class, lanes: Vec<Lane>, look: u8| {
        let depth = crate::course::looks::look(class, look)
            .expect("the tutorial's looks exist")
            .depth;
        Obstacle {
            z,
            class,
            lanes,
            look,
            depth,
            motion: None,
        }
    };
    let all = Lane::ALL.to_vec();
    let coin_count = ((COINS_TO - COINS_FROM) / COIN_SPACING) as u32;
    let coins = (0..coin_count)
        .flat_map(|k| {
            let z = COINS_FROM + f64::from(k) * COIN_SPACING;
            [Lane::LEFT, Lane::RIGHT].map(|lane| Coin { z, lane, y: 0.0 })
        })
        .collect();
    Course {
        kind: CourseKind::Level { level: 1, track: 1 },
        seed: 0,
        length: Some(LENGTH),
        skier,
        obstacles: vec![
            obstacle(ROCK_Z, ObstacleClass::Dodge, vec![Lane::MIDDLE], ROCK_LOOK),
            obstacle(LOG_Z, ObstacleClass::Jump, all.clone(), LOG_LOOK),
            obstacle(BANNER_Z, ObstacleClass::Duck, all, BANNER_LOOK),
        ],
        coins,
        stages: vec![StageSpot {
            z: STAGE_Z,
            position: ShootingPosition::Prone,
        }],
        pickups: Vec::new(),
        ramps: Vec::new(),
        routes: Vec::new(),
        laid_out: LENGTH,
    }
}

/// Where the run holds for the step, metres: where the skier's centre is when the answer
/// works best (a jump or duck centred on its obstacle).
fn hold_at(step: TutorialStep, course: &Course) -> Option<f64> {
    let centred = |index: usize, length: f64| {
        let o = &course.obstacles[index];
        o.z + o.depth / 2.0 - length / 2.0
    };
    match step {
        TutorialStep::ChangeLane => Some(ROCK_Z - LANE_HOLD_BEFORE),
        TutorialStep::Jump => Some(centred(1, course.skier.jump_length)),
        TutorialStep::Duck => Some(centred(2, course.skier.duck_length)),
        _ => None,
    }
}

/// Whether `action` answers `step`.
fn answers(step: TutorialStep, action: Action) -> bool {
    match step {
        TutorialStep::ChangeLane => matches!(action, Action::Left | Action::Right),
        TutorialStep::Jump => action == Action::Jump,
        TutorialStep::Duck => action == Action::Duck,
        TutorialStep::Aim => matches!(action, Action::Aim { .. } | Action::Drag { .. }),
        TutorialStep::Fire => action == Action::Fire,
        TutorialStep::HoldBreath => action == Action::HoldBreath,
        // The spares' card is read once the next round goes.
        TutorialStep::Spares => action == Action::Fire,
        TutorialStep::Finish => false,
    }
}

impl Tutorial {
    /// The step being taught.
    pub fn step(&self) -> TutorialStep {
        self.step
    }

    /// A press that answers the step now (what a player would do), if one can: at its moment
    /// for the skiing steps, at the range for the shooting ones.
    pub fn answer(&self, run: &Run) -> Option<Action> {
        let at_range = run.at_stage().is_some();
        match self.step {
            TutorialStep::ChangeLane if self.holding(run) => Some(Action::Left),
            TutorialStep::Jump if self.holding(run) => Some(Action::Jump),
            TutorialStep::Duck if self.holding(run) => Some(Action::Duck),
            TutorialStep::Aim if at_range => Some(Action::Aim { dx: 1, dy: 0 }),
            TutorialStep::Fire if at_range => Some(Action::Fire),
            TutorialStep::HoldBreath if at_range => Some(Action::HoldBreath),
            _ => None,
        }
    }

    /// Before a tick: whether the run may go on. At a step's moment it holds until a press
    /// answers the step (other presses are dropped meanwhile); an answer given early counts too.
    /// At the range the run goes on, its aiming clock (and so the speed bonus) held for the
    /// tick while a card is up: reading a card costs nothing, aiming without one does.
    pub fn gate(&mut self, run: &mut Run, pressed: &mut Vec<Action>) -> bool {
        let goes = self.pass(run, pressed);
        if goes && run.at_stage().is_some() && self.prompt(run).is_some() {
            run.hold_lesson_clock();
        }
        goes
    }

    /// [`Tutorial::gate`]'s answer: whether the run may go on, the step moved on by an answer.
    fn pass(&mut self, run: &Run, pressed: &mut Vec<Action>) -> bool {
        if pressed.iter().any(|&a| answers(self.step, a)) {
            self.advance(run);
            return true;
        }
        if run.at_stage().is_some() {
            // The range waits for the player anyway; its steps never hold the clock.
            if self.step < TutorialStep::Aim {
                self.step = TutorialStep::Aim;
            }
            return true;
        }
        if run.last_stage_result().is_some() {
            // The range is behind.
            self.step = TutorialStep::Finish;
        }
        let holding = hold_at(self.step, run.course()).is_some_and(|z| run.z() >= z);
        if holding {
            pressed.clear();
        }
        !holding
    }

    fn advance(&mut self, run: &Run) {
        self.step = match self.step {
            TutorialStep::ChangeLane => TutorialStep::Jump,
            TutorialStep::Jump => TutorialStep::Duck,
            TutorialStep::Duck => TutorialStep::Aim,
            TutorialStep::Aim => TutorialStep::Fire,
            TutorialStep::Fire => TutorialStep::HoldBreath,
            TutorialStep::HoldBreath => TutorialStep::Spares,
            TutorialStep::Spares | TutorialStep::Finish => TutorialStep::Finish,
        };
        if run.at_stage().is_none()
            && self.step >= TutorialStep::Aim
            && self.step < TutorialStep::Finish
        {
            // Skiing actions done: the range's steps wait for the range.
            self.step = TutorialStep::Aim;
        }
    }

    /// Whether the run stands at this step's moment, waiting.
    pub fn holding(&self, run: &Run) -> bool {
        hold_at(self.step, run.course()).is_some_and(|z| run.z() >= z)
    }

    /// Whether a prompt card shows now.
    pub fn shows_card(&self, run: &Run) -> bool {
        self.prompt(run).is_some()
    }

    /// The prompt now, if one shows: one card at a time (none while the penalty loop's card
    /// shows).
    fn prompt(&self, run: &Run) -> Option<Prompt> {
        let at_range = run.at_stage().is_some();
        let prone = run
            .stage_view()
            .is_none_or(|view| view.position == ShootingPosition::Prone);
        let (title, said, note) = match self.step {
            TutorialStep::ChangeLane | TutorialStep::Jump | TutorialStep::Duck
                if !self.holding(run) =>
            {
                return None
            }
            // Each class's shape, then its colour, is named where it is taught: where it stands
            // says the action, the colour confirms it.
            TutorialStep::ChangeLane => ("A tall red block: go round", words::CHANGE_LANE, None),
            // Said once the first coins are taken, before the purse could be thought richer.
            TutorialStep::Jump => (
                "Low orange stripes: jump",
                words::JUMP,
                Some(PRACTICE_COINS),
            ),
            TutorialStep::Duck => ("A high blue bar: duck", words::DUCK, None),
            TutorialStep::Aim
            | TutorialStep::Fire
            | TutorialStep::HoldBreath
            | TutorialStep::Spares
                if !at_range =>
            {
                return None
            }
            TutorialStep::Aim if prone => ("The range: five targets", AIM, Some(PRONE_RING)),
            TutorialStep::Aim => ("The range: five targets", AIM, None),
            TutorialStep::Fire if prone => ("Inner ring centred?", FIRE, None),
            TutorialStep::Fire => ("On a black target?", FIRE, None),
            TutorialStep::HoldBreath => ("The sight sways", BREATH, None),
            TutorialStep::Spares => ("Knock all five down", SPARES, Some(SPARES_LOAD)),
            // The finish's own panel says "Finish!": the last card goes as the run ends. Shooting
            // on after the spares' card, the range is the player's own.
            TutorialStep::Finish if at_range || run.penalty_left_m() > 0.0 || run.is_finished() => {
                return None
            }
            TutorialStep::Finish => ("Ready! Ski on to the finish", FINISH, Some(PRACTICE_RUN)),
        };
        Some(Prompt { title, said, note })
    }

    /// Draw the prompt card (words and a picture for the device in hand), if one shows.
    pub fn draw(&self, run: &Run) {
        if let Some(prompt) = self.prompt(run) {
            let device = words::device();
            draw_prompt(&prompt, self.picture(device), run.at_stage().is_some());
        }
    }

    fn picture(&self, device: Device) -> Option<Picture> {
        let swipe = |directions| match device {
            Device::Touch => Picture::Swipe(directions),
            // A mouse player skis with the keys at hand, as the words say: the arrow keys the
            // words name first.
            Device::Keys | Device::Mouse => Picture::Keys(directions),
        };
        match self.step {
            TutorialStep::ChangeLane => Some(swipe(&[Arrow::Left, Arrow::Right])),
            TutorialStep::Jump => Some(swipe(&[Arrow::Up])),
            TutorialStep::Duck => Some(swipe(&[Arrow::Down])),
            _ => None,
        }
    }
}

/// A prompt card: its title, the words for the device in hand, and a note under them.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Prompt {
    title: &'static str,
    said: Words,
    note: Option<&'static str>,
}

/// What the prone ring is: only the 45 mm inner ring counts lying down.
const PRONE_RING: &str = "Only the inner ring counts";
/// The tutorial's coins are the practice run's alone.
const PRACTICE_COINS: &str = "Practice coins: not banked";
const PRACTICE_RUN: &str = "Practice run: coins not banked";

/// The range's words.
const AIM: Words = Words {
    touch: "Drag anywhere to move the sight",
    keys: "Arrow keys move the sight",
    mouse: Some("Drag anywhere to move the sight"),
};
const FIRE: Words = Words {
    touch: "Then press FIRE to shoot",
    keys: "Then Space fires",
    mouse: Some("Then click FIRE to shoot"),
};
// Each line short enough to read at 360 wide (at least the smallest text, see by_device's
// every_card_reads_at_360_wide_to_a_finger_the_keys_and_the_mouse).
const BREATH: Words = Words {
    touch: "Hold the breath button",
    keys: "Hold Shift: the sight steadies",
    // The mouse holds the button down as a finger does (after "click FIRE", not a key).
    mouse: Some("Hold the breath button"),
};
const SPARES: Words = Words {
    touch: "5 rounds, then 3 spares",
    keys: "5 rounds, then 3 spares",
    mouse: None,
};
/// The spares' note: each is loaded by hand, slower than the magazine's.
const SPARES_LOAD: &str = "Spares load one by one";
const FINISH: Words = Words {
    touch: "Dodge tall, jump low, duck high",
    keys: "Dodge tall, jump low, duck high",
    mouse: None,
};
