//! The first-run tutorial: a short guided run that teaches one thing at a time and waits until
//! it is done: change lane, jump, duck, then at the range aim, fire and hold the breath, and the
//! spare rounds. The run holds at each moment to act (the skier stands still right where the
//! answer works) until the player does it; words and pictures are those of the device in hand.

#[cfg(test)]
mod by_device;
mod picture;
mod wind;

pub use wind::{draw_wind_lesson, first_windy_level};

use crate::app::ui::font;
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::words::{self, Device, Words};
use crate::app::ui::{CORNER, DROP};
use crate::course::{
    Coin, Course, CourseKind, Lane, Obstacle, ObstacleClass, ShootingPosition, SkierParams,
    StageSpot,
};
use crate::shooting::BiathlonRange;
use crate::sim::{Action, Run};
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::window::{screen_height, screen_width};
use picture::{keys_for, Arrow, Picture};

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
/// skiing (above the track ahead; at the range `range::prompt_top` places it).
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
            TutorialStep::Spares => ("Knock all five down", SPARES, None),
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
            // A mouse player skis with the keys at hand, as the words say.
            Device::Keys | Device::Mouse => Picture::Keys(keys_for(directions)),
        };
        match self.step {
            TutorialStep::ChangeLane => Some(swipe(&[Arrow::Left, Arrow::Right])),
            TutorialStep::Jump => Some(swipe(&[Arrow::Up])),
            TutorialStep::Duck => Some(swipe(&[Arrow::Down])),
            _ => None,
        }
    }
}

/// Draw a prompt card with its `picture` under the words, over the range's lens `at_range`.
fn draw_prompt(prompt: &Prompt, picture: Option<Picture>, at_range: bool) {
    let device = words::device();
    let scale = crate::app::run::hud::screen_scale();
    let margin = scale.px(MARGIN);
    let width = screen_width().min(scale.px(CARD_WIDTH)) - 2.0 * margin;
    let picture_h = if picture.is_some() {
        scale.px(PICTURE_H) + margin
    } else {
        0.0
    };
    let note_h = if prompt.note.is_some() {
        scale.px(NOTE_SIZE) + margin
    } else {
        0.0
    };
    let card_h = scale.px(TITLE_SIZE + TEXT_SIZE) + 3.0 * margin + picture_h + note_h;
    let top = match at_range {
        false => screen_height() * CARD_Y,
        true => crate::app::run::range::prompt_top(card_h),
    };
    let card = Rect::new((screen_width() - width) / 2.0, top, width, card_h);
    raised_rect(
        card,
        scale.px(CORNER),
        scale.px(DROP),
        CARD_BACK,
        CARD_SHADOW,
    );
    let (x, inner) = (card.center().x, width - 2.0 * margin);
    let y = card.y + margin + scale.px(TITLE_SIZE);
    font::draw_centred(prompt.title, x, y, scale.px(TITLE_SIZE), inner, TITLE);
    let mut text_y = y + margin + scale.px(TEXT_SIZE);
    let text = prompt.said.for_device(device);
    font::draw_centred(text, x, text_y, scale.px(TEXT_SIZE), inner, TEXT);
    if let Some(note) = prompt.note {
        text_y += margin + scale.px(NOTE_SIZE);
        font::draw_centred(note, x, text_y, scale.px(NOTE_SIZE), inner, NOTE);
    }
    if let Some(picture) = picture {
        let area = Rect::new(card.x, text_y + margin, card.w, scale.px(PICTURE_H));
        picture.draw(area, scale.px(PICTURE_LINE), scale.px(TEXT_SIZE));
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
const BREATH: Words = Words {
    touch: "Hold the breath button: it steadies",
    keys: "Hold Shift: the sight steadies",
    mouse: None,
};
const SPARES: Words = Words {
    touch: "5 rounds, then 3 spares load one by one",
    keys: "5 rounds, then 3 spares load one by one",
    mouse: None,
};
const FINISH: Words = Words {
    touch: "Tall: go round. Low: jump. High: duck",
    keys: "Tall: go round. Low: jump. High: duck",
    mouse: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shooting::ShootingBot;
    use crate::sim::stage::run_action;

    /// Step the run `ticks` times through the tutorial's gate with `press` offered on each.
    fn drive(run: &mut Run, tutorial: &mut Tutorial, ticks: u32, press: &[Action]) -> u32 {
        let mut ticked = 0;
        for _ in 0..ticks {
            let mut pressed = press.to_vec();
            if tutorial.gate(run, &mut pressed) {
                run.step(&pressed);
                ticked += 1;
            }
        }
        ticked
    }

    #[test]
    fn the_tutorial_course_is_fair_for_its_steps() {
        let course = course();
        assert!(crate::course::fairness::validate(&Course {
            kind: CourseKind::Level { level: 0, track: 1 },
            ..course.clone()
        })
        .is_ok());
    }

    #[test]
    fn each_step_holds_the_run_until_its_own_action_and_then_clears_the_obstacle() {
        let mut run = Run::new(course());
        let mut tutorial = Tutorial::default();
        // Skis up to the rock's moment, then waits: however long, whatever else is pressed.
        assert_eq!(
            tutorial.answer(&run),
            None,
            "nothing to answer before the moment"
        );
        drive(&mut run, &mut tutorial, 2_000, &[]);
        assert!(tutorial.holding(&run));
        assert_eq!(tutorial.answer(&run), Some(Action::Left));
        let z = run.z();
        assert_eq!(drive(&mut run, &mut tutorial, 300, &[Action::Jump]), 0);
        assert_eq!((run.z(), tutorial.step()), (z, TutorialStep::ChangeLane));
        drive(&mut run, &mut tutorial, 1, &[Action::Left]);
        assert_eq!(tutorial.step(), TutorialStep::Jump);
        for (step, answer) in [
            (TutorialStep::Jump, Action::Jump),
            (TutorialStep::Duck, Action::Duck),
        ] {
            drive(&mut run, &mut tutorial, 2_000, &[]);
            assert!(tutorial.holding(&run) && tutorial.step() == step);
            assert_eq!(drive(&mut run, &mut tutorial, 100, &[Action::Left]), 0);
            drive(&mut run, &mut tutorial, 1, &[answer]);
        }
        assert_eq!(tutorial.step(), TutorialStep::Aim);
        // On to the range; no obstacle was hit on the way.
        drive(&mut run, &mut tutorial, 2_000, &[]);
        assert!(run.at_stage().is_some());
        assert_eq!(run.hits(), 0);
    }

    #[test]
    fn at_the_range_it_teaches_aim_fire_and_breath_then_lets_the_run_finish() {
        let mut run = Run::new(course());
        let mut tutorial = Tutorial::default();
        for answer in [Action::Left, Action::Jump, Action::Duck] {
            drive(&mut run, &mut tutorial, 2_000, &[]);
            drive(&mut run, &mut tutorial, 1, &[answer]);
        }
        drive(&mut run, &mut tutorial, 2_000, &[]);
        assert_eq!(tutorial.step(), TutorialStep::Aim);
        drive(&mut run, &mut tutorial, 1, &[Action::Aim { dx: 1, dy: 0 }]);
        assert_eq!(tutorial.step(), TutorialStep::Fire);
        drive(&mut run, &mut tutorial, 1, &[Action::Fire]);
        assert_eq!(tutorial.step(), TutorialStep::HoldBreath);
        drive(&mut run, &mut tutorial, 1, &[Action::HoldBreath]);
        assert_eq!(tutorial.step(), TutorialStep::Spares);
        // The shooting bot finishes the stage; the run skis on to the finish.
        let mut shooter = ShootingBot::default();
        for _ in 0..20_000 {
            let actions: Vec<Action> = match run.stage_view() {
                Some(view) => shooter.actions(&view).into_iter().map(run_action).collect(),
                None => Vec::new(),
            };
            let mut pressed = actions;
            if tutorial.gate(&mut run, &mut pressed) {
                run.step(&pressed);
            }
            if run.is_finished() {
                break;
            }
        }
        assert!(run.is_finished());
        assert_eq!(tutorial.step(), TutorialStep::Finish);
    }

    /// The tutorial run (a lesson's range, as the game's) driven to its range, its skiing
    /// steps answered.
    fn at_the_range() -> (Run, Tutorial) {
        let mut run = lesson_run(course());
        let mut tutorial = Tutorial::default();
        for answer in [Action::Left, Action::Jump, Action::Duck] {
            drive(&mut run, &mut tutorial, 2_000, &[]);
            drive(&mut run, &mut tutorial, 1, &[answer]);
        }
        drive(&mut run, &mut tutorial, 2_000, &[]);
        assert!(run.at_stage().is_some());
        (run, tutorial)
    }

    #[test]
    fn at_the_range_the_speed_bonus_waits_while_a_card_is_up_and_runs_once_none_is() {
        use crate::shooting::reward::SPEED_BONUS_MAX;
        use crate::sim::TICK_HZ;
        /// The most the aiming timer may move while a card is up, seconds (a tick's slack).
        const HELD_S: f64 = 0.1;
        const WAITED_S: u32 = 10;
        let (mut run, mut tutorial) = at_the_range();
        let view = |run: &Run| run.stage_view().expect("at the range");
        drive(&mut run, &mut tutorial, 2 * WAITED_S * TICK_HZ, &[]);
        assert!(view(&run).aim_timer_s < HELD_S, "the aim card is up");
        assert_eq!(view(&run).speed_bonus, SPEED_BONUS_MAX);
        let answers = [
            Action::Aim { dx: 1, dy: 0 },
            Action::Fire,
            Action::HoldBreath,
        ];
        for answer in answers {
            drive(&mut run, &mut tutorial, 1, &[answer]);
            let before = view(&run).aim_timer_s;
            drive(&mut run, &mut tutorial, WAITED_S * TICK_HZ, &[]);
            assert!(
                view(&run).aim_timer_s - before < HELD_S,
                "{:?}'s card is up: the clock waits",
                tutorial.step()
            );
        }
        assert_eq!(tutorial.step(), TutorialStep::Spares);
        // The next round read the spares' card: no card is up, the bonus's clock runs.
        drive(&mut run, &mut tutorial, 1, &[Action::Fire]);
        assert_eq!(tutorial.prompt(&run), None, "no card over the range");
        let before = view(&run).aim_timer_s;
        drive(&mut run, &mut tutorial, WAITED_S * TICK_HZ, &[]);
        let ran = view(&run).aim_timer_s - before;
        assert!(
            ran > f64::from(WAITED_S) - HELD_S,
            "the clock ran {ran:.2} s of {WAITED_S} s with no card up"
        );
    }

    #[test]
    fn at_prone_it_says_only_the_inner_ring_counts() {
        let (run, tutorial) = at_the_range();
        let aim = tutorial.prompt(&run).expect("the aim step's card");
        assert_eq!(aim.note, Some(PRONE_RING));
        let fire = Tutorial {
            step: TutorialStep::Fire,
        }
        .prompt(&run)
        .expect("the fire step's card");
        assert!(fire.title.contains("Inner ring"), "{}", fire.title);
        assert!(!fire.title.contains("black target"));
    }

    #[test]
    fn it_says_the_coins_are_practice_and_the_finish_card_waits_for_the_penalty_loop() {
        let holding_log = Tutorial {
            step: TutorialStep::Jump,
        };
        let mut run = Run::new(course());
        let mut tutorial = Tutorial::default();
        drive(&mut run, &mut tutorial, 2_000, &[]);
        drive(&mut run, &mut tutorial, 1, &[Action::Left]);
        drive(&mut run, &mut tutorial, 2_000, &[]);
        assert!(run.coins() > 0, "the coins past the rock were taken");
        let note = holding_log.prompt(&run).and_then(|p| p.note);
        assert_eq!(note, Some(PRACTICE_COINS));
        // At the range, every round fired high over the targets, then the penalty loop.
        let (mut run, mut tutorial) = at_the_range();
        drive(
            &mut run,
            &mut tutorial,
            1,
            &[Action::Aim { dx: 0, dy: 900 }],
        );
        for _ in 0..2_000 {
            let ready = run.stage_view().is_some_and(|view| view.can_fire);
            drive(
                &mut run,
                &mut tutorial,
                1,
                if ready { &[Action::Fire] } else { &[] },
            );
        }
        drive(&mut run, &mut tutorial, 1, &[Action::TakePenalty]);
        drive(&mut run, &mut tutorial, 2, &[]);
        assert!(run.penalty_left_m() > 0.0 && tutorial.step() == TutorialStep::Finish);
        assert_eq!(tutorial.prompt(&run), None, "one card at a time");
        while run.penalty_left_m() > 0.0 {
            drive(&mut run, &mut tutorial, 1, &[]);
        }
        let finish = tutorial
            .prompt(&run)
            .expect("the finish card, after the loop");
        assert_eq!(finish.note, Some(PRACTICE_RUN));
        for _ in 0..crate::replay::MAX_TICKS {
            if run.is_finished() {
                break;
            }
            drive(&mut run, &mut tutorial, 1, &[]);
        }
        assert!(run.is_finished());
        assert_eq!(tutorial.prompt(&run), None, "no card over the finish panel");
    }

    #[test]
    fn every_skiing_prompt_has_a_picture_for_both_devices() {
        for step in [
            TutorialStep::ChangeLane,
            TutorialStep::Jump,
            TutorialStep::Duck,
        ] {
            let tutorial = Tutorial { step };
            for device in [Device::Touch, Device::Mouse, Device::Keys] {
                assert!(tutorial.picture(device).is_some(), "{step:?} {device:?}");
            }
        }
    }
}
