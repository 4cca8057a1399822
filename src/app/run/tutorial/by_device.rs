//! The tutorial finished with one device alone — the keys, the mouse, a finger — by a scripted
//! player who reads the screen as a player would and works that device frame by frame: the
//! frames go through the same input queue, tick input and tutorial gate as the window's.

use super::card::{drawn_px, fit_card, paragraph_px, skiing_room, CardFit, Size, WidthOf};
use super::{course, Prompt, Tutorial, TutorialStep, NOTE_SIZE, TEXT_SIZE, TITLE_SIZE};
use crate::app::run::input::{px_per_cm, ActionQueue, Controls, DeviceFrame};
use crate::app::run::range::StageButtons;
use crate::app::run::ski_run::{Pilot, SkiRun};
use crate::app::ui::words::Device;
use crate::gesture::{PointerEvent, PointerPhase, ScreenSize, MOUSE_POINTER_ID};
use crate::phone::density::UiScale;
use crate::replay::CourseChoice;
use crate::shooting::controls::drag_mrad_per_cm;
use crate::shooting::{StagePhase, StageView, TargetState};
use crate::sim::{Run, Summary, TICK_HZ};
use glam::DVec2;
use macroquad::input::KeyCode;
use macroquad::math::Vec2;
use std::time::Duration;

/// The phone the player holds, pixels.
const WIDTH: f32 = 360.0;
const HEIGHT: f32 = 800.0;
/// A finger's id (the mouse has its own).
const FINGER: u64 = 7;
/// Where a swipe or an aiming drag starts (on the lens, clear of the buttons).
const GESTURE_SPOT: Vec2 = Vec2::new(180.0, 260.0);
/// A swipe's length, pixels (the threshold at 360 wide is 25).
const SWIPE_PX: f32 = 60.0;
/// The player fires once the sight is this close to the target's centre, mrad.
const ON_TARGET_MRAD: f64 = 0.12;
/// The most an aiming drag moves in a frame, pixels.
const DRAG_STEP_PX: f32 = 12.0;
/// Frames the breath is held at its step.
const BREATH_FRAMES: u32 = 20;
/// The longest the tutorial may take, frames.
const FRAME_LIMIT: u32 = 60 * 60 * 5;

/// The device in the player's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hand {
    Keys,
    Mouse,
    Touch,
}

/// A player with one device, and what its hand is doing.
struct Player {
    hand: Hand,
    /// Pointer frames planned ahead (a swipe's move and lift).
    planned: Vec<Vec<PointerEvent>>,
    /// Where the pointer aiming is, while it is down.
    dragging: Option<Vec2>,
    /// Frames the breath has been held (keys or the button).
    breath: Option<u32>,
}

impl Player {
    fn new(hand: Hand) -> Self {
        Self {
            hand,
            planned: Vec::new(),
            dragging: None,
            breath: None,
        }
    }

    fn event(&self, phase: PointerPhase, at: Vec2) -> PointerEvent {
        let id = match self.hand {
            Hand::Mouse => MOUSE_POINTER_ID,
            _ => FINGER,
        };
        PointerEvent {
            id,
            phase,
            x: at.x,
            y: at.y,
        }
    }

    /// What the player does this frame.
    fn frame(&mut self, tutorial: &Tutorial, run: &Run) -> DeviceFrame {
        let mut frame = DeviceFrame::idle(WIDTH, HEIGHT);
        if !self.planned.is_empty() {
            frame.pointers = self.planned.remove(0);
            return frame;
        }
        if let Some(held) = self.breath {
            self.keep_breath(held, &mut frame);
            return frame;
        }
        match run.stage_view() {
            None if tutorial.holding(run) => self.ski(tutorial.step(), &mut frame),
            None => {}
            Some(view) => self.shoot(tutorial.step(), &view, &mut frame),
        }
        frame
    }

    /// Answer a skiing step: a key, or a swipe the way it asks.
    fn ski(&mut self, step: TutorialStep, frame: &mut DeviceFrame) {
        let (key, way) = match step {
            TutorialStep::ChangeLane => (KeyCode::A, Vec2::new(-1.0, 0.0)),
            TutorialStep::Jump => (KeyCode::W, Vec2::new(0.0, -1.0)),
            TutorialStep::Duck => (KeyCode::S, Vec2::new(0.0, 1.0)),
            _ => return,
        };
        if self.hand == Hand::Keys {
            frame.pressed.push(key);
            return;
        }
        frame.pointers = vec![self.event(PointerPhase::Start, GESTURE_SPOT)];
        let end = GESTURE_SPOT + way * SWIPE_PX;
        self.planned = vec![
            vec![self.event(PointerPhase::Move, end)],
            vec![self.event(PointerPhase::End, end)],
        ];
    }

    /// At the range: nudge the aim, fire, hold the breath, then shoot the targets down (or,
    /// out of rounds, take the penalty loop).
    fn shoot(&mut self, step: TutorialStep, view: &StageView, frame: &mut DeviceFrame) {
        let buttons = StageButtons::for_screen(WIDTH, HEIGHT, false);
        match step {
            TutorialStep::Aim => self.aim(DVec2::new(1.0, 0.0), frame),
            TutorialStep::Fire => self.fire(frame),
            TutorialStep::HoldBreath => {
                self.breath = Some(0);
                match self.hand {
                    Hand::Keys => frame.pressed.push(KeyCode::LeftShift),
                    _ => {
                        let on = buttons.breath.center();
                        frame.pointers = vec![self.event(PointerPhase::Start, on)];
                    }
                }
            }
            _ if view.phase == StagePhase::OutOfRounds => match self.hand {
                Hand::Keys => frame.pressed.push(KeyCode::P),
                _ => self.tap(buttons.penalty.center(), frame),
            },
            _ => {
                let Some(target) = view
                    .targets
                    .iter()
                    .position(|&t| t == TargetState::Standing)
                else {
                    return;
                };
                let off = view.target_centres_mrad[target] - view.sight_mrad;
                if off.length() > ON_TARGET_MRAD || self.dragging.is_some() {
                    self.aim(off, frame);
                } else if view.can_fire {
                    self.fire(frame);
                }
            }
        }
    }

    /// Move the sight by `off` mrad: hold the arrow keys that way, or drag the pointer (lifted
    /// once the sight is there).
    fn aim(&mut self, off: DVec2, frame: &mut DeviceFrame) {
        if self.hand == Hand::Keys {
            let axis = |v: f64, plus, minus| match v {
                v if v > ON_TARGET_MRAD / 2.0 => Some(plus),
                v if v < -ON_TARGET_MRAD / 2.0 => Some(minus),
                _ => None,
            };
            frame
                .down
                .extend(axis(off.x, KeyCode::Right, KeyCode::Left));
            frame.down.extend(axis(off.y, KeyCode::Up, KeyCode::Down));
            return;
        }
        let Some(at) = self.dragging else {
            self.dragging = Some(GESTURE_SPOT);
            frame.pointers = vec![self.event(PointerPhase::Start, GESTURE_SPOT)];
            return;
        };
        let screen = ScreenSize {
            width: WIDTH,
            height: HEIGHT,
        };
        let px_per_mrad = px_per_cm(screen) / drag_mrad_per_cm() as f32;
        // Screen y grows downwards, the aim's upwards.
        let step =
            (Vec2::new(off.x as f32, -off.y as f32) * px_per_mrad).clamp_length_max(DRAG_STEP_PX);
        if off.length() > ON_TARGET_MRAD && step.length() >= 1.0 {
            let next = at + step.round();
            self.dragging = Some(next);
            frame.pointers = vec![self.event(PointerPhase::Move, next)];
        } else {
            self.dragging = None;
            frame.pointers = vec![self.event(PointerPhase::End, at)];
        }
    }

    /// Fire: Space, or a tap (pressed and lifted in one frame) on the fire button.
    fn fire(&mut self, frame: &mut DeviceFrame) {
        match self.hand {
            Hand::Keys => frame.pressed.push(KeyCode::Space),
            _ => self.tap(
                StageButtons::for_screen(WIDTH, HEIGHT, false).fire.center(),
                frame,
            ),
        }
    }

    fn tap(&self, at: Vec2, frame: &mut DeviceFrame) {
        frame.pointers = vec![
            self.event(PointerPhase::Start, at),
            self.event(PointerPhase::End, at),
        ];
    }

    /// Keep the breath held a while, then let it go.
    fn keep_breath(&mut self, held: u32, frame: &mut DeviceFrame) {
        if held < BREATH_FRAMES {
            self.breath = Some(held + 1);
            if self.hand == Hand::Keys {
                frame.down.push(KeyCode::LeftShift);
            }
            return;
        }
        self.breath = None;
        match self.hand {
            Hand::Keys => frame.released.push(KeyCode::LeftShift),
            _ => {
                let on = StageButtons::for_screen(WIDTH, HEIGHT, false)
                    .breath
                    .center();
                frame.pointers = vec![self.event(PointerPhase::End, on)];
            }
        }
    }
}

/// What the tutorial showed and did played with one device.
struct Played {
    /// The steps it went through, in order.
    steps: Vec<TutorialStep>,
    /// Every card shown, once each, whether at the range and whether with a picture.
    cards: Vec<(Prompt, bool, bool)>,
    summary: Summary,
}

/// Play the tutorial with `hand` alone.
fn play_with(hand: Hand) -> Played {
    let built = course();
    let choice = CourseChoice::of(&built);
    let mut ski = SkiRun::new(Run::new(built), choice, Pilot::Player, 2.5);
    let mut tutorial = Tutorial::default();
    let mut queue = ActionQueue::reading(Controls::default());
    let mut player = Player::new(hand);
    let tick = Duration::from_secs(1) / TICK_HZ;
    let mut steps = vec![tutorial.step()];
    let mut cards = Vec::new();
    for _ in 0..FRAME_LIMIT {
        if let Some(prompt) = tutorial.prompt(ski.run()) {
            let pictured = tutorial.picture(Device::Touch).is_some();
            let card = (prompt, ski.run().at_stage().is_some(), pictured);
            if !cards.contains(&card) {
                cards.push(card);
            }
        }
        if ski.run().is_finished() {
            break;
        }
        let frame = player.frame(&tutorial, ski.run());
        queue.take(&frame, ski.run().at_stage().is_some());
        ski.advance_gated(tick, queue.input(), &mut |run, pressed| {
            tutorial.gate(run, pressed)
        });
        if steps.last() != Some(&tutorial.step()) {
            steps.push(tutorial.step());
        }
    }
    Played {
        steps,
        cards,
        summary: ski.run().summary(),
    }
}

/// Every step, in the order taught.
const ALL_STEPS: [TutorialStep; 8] = [
    TutorialStep::ChangeLane,
    TutorialStep::Jump,
    TutorialStep::Duck,
    TutorialStep::Aim,
    TutorialStep::Fire,
    TutorialStep::HoldBreath,
    TutorialStep::Spares,
    TutorialStep::Finish,
];

fn assert_finished_with(hand: Hand) {
    let Played { steps, summary, .. } = play_with(hand);
    assert_eq!(steps, ALL_STEPS, "{hand:?}: every step, in order");
    assert!(summary.finished, "{hand:?}: the run reaches its finish");
    assert_eq!(summary.hits, 0, "{hand:?}: each obstacle answered in time");
    assert!(summary.shots >= 5, "{hand:?}: the targets were shot at");
}

#[test]
fn the_tutorial_finishes_with_the_keys_alone() {
    assert_finished_with(Hand::Keys);
}

#[test]
fn the_tutorial_finishes_with_the_mouse_alone() {
    assert_finished_with(Hand::Mouse);
}

#[test]
fn the_tutorial_finishes_with_a_finger_alone() {
    assert_finished_with(Hand::Touch);
}

/// The game's font, as the window draws it.
fn game_font() -> fontdue::Font {
    let bytes = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold-Latu.ttf");
    fontdue::Font::from_bytes(&bytes[..], fontdue::FontSettings::default())
        .expect("the game's font")
}

/// The width of `text` at `px` in `font` (its advances, as macroquad measures them).
fn advance_width(font: &fontdue::Font, text: &str, px: f32) -> f32 {
    text.chars()
        .map(|c| font.metrics(c, px.floor()).advance_width)
        .sum()
}

/// A card as fitted on a 360 × `height` screen for `device`: in the range's room
/// (`at_range`), else in the skiing room with or without its `picture`.
fn fitted_card(
    (prompt, at_range, picture): (&Prompt, bool, bool),
    device: Device,
    height: f32,
    scale: &UiScale,
    width_of: WidthOf,
) -> CardFit {
    let screen = Size {
        width: WIDTH,
        height,
    };
    let room = if at_range {
        crate::app::run::range::prompt_room_on(WIDTH, height, scale)
    } else {
        skiing_room(prompt, device, picture, screen, scale, width_of)
    };
    fit_card(prompt, device, picture, room, scale, width_of)
}

/// Every line of every card a player of `hand` reads on the narrowest phone (360 × 800) is at
/// least the smallest text asked of a player: the touch words were longer than the keys' and
/// shrank to 13-14 px on the lane, breath, spares and finish cards (seen playing the web build
/// by touch at 360 × 800; window_layout's tutorial screens show the keys' words).
fn assert_cards_read_at_360_with(hand: Hand) {
    use crate::phone::density::{Density, ScreenPx};
    use crate::phone::layout_check::SMALLEST_TEXT;
    let font = game_font();
    let scale = UiScale::new(
        ScreenPx {
            width: WIDTH,
            height: HEIGHT,
        },
        Density::PxPerDp(1.0),
    );
    let floor = scale.px(SMALLEST_TEXT);
    let device = device_of(hand);
    let Played { cards, .. } = play_with(hand);
    assert!(cards.len() >= 8, "{hand:?}: a card for every step");
    let mut small = Vec::new();
    let width_of = |text: &str, px: f32| advance_width(&font, text, px);
    for (prompt, at_range, _) in cards {
        // Every skiing card as if pictured (its picture takes room from the words).
        let fit = fitted_card((&prompt, at_range, true), device, HEIGHT, &scale, &width_of);
        let inner = fit.card.w - 2.0 * fit.margin;
        let lines = [
            (&fit.lines.title, TITLE_SIZE),
            (&fit.lines.text, TEXT_SIZE),
            (&fit.lines.note, NOTE_SIZE),
        ];
        for (paragraph, size) in lines {
            for line in paragraph {
                let px = drawn_px(line, scale.px(size) * fit.type_share, inner, &width_of);
                if px < floor {
                    small.push(format!("\"{line}\" at {px} px"));
                }
            }
        }
    }
    assert!(
        small.is_empty(),
        "{hand:?} at 360 wide, under the {floor} px floor: {small:?}"
    );
}

#[test]
fn every_card_reads_at_360_wide_to_a_finger_the_keys_and_the_mouse() {
    for hand in [Hand::Keys, Hand::Mouse, Hand::Touch] {
        assert_cards_read_at_360_with(hand);
    }
}

/// The words' device for a player of `hand`.
fn device_of(hand: Hand) -> Device {
    match hand {
        Hand::Keys => Device::Keys,
        Hand::Mouse => Device::Mouse,
        Hand::Touch => Device::Touch,
    }
}

/// A fitted card's lines as drawn, pixels: its title's smallest, its words' and note's
/// largest, and the smallest of all.
fn drawn_sizes(fit: &CardFit, scale: &UiScale, width_of: WidthOf) -> (f32, f32, f32) {
    let inner = fit.card.w - 2.0 * fit.margin;
    let [title_px, text_px, note_px] = paragraph_px(fit, scale, width_of);
    let drawn = |lines: &[String], px: f32| -> Vec<f32> {
        let fitted = |line: &String| drawn_px(line, px, inner, width_of);
        lines.iter().map(fitted).collect()
    };
    let title = drawn(&fit.lines.title, title_px)
        .into_iter()
        .fold(f32::MAX, f32::min);
    let body = [
        drawn(&fit.lines.text, text_px),
        drawn(&fit.lines.note, note_px),
    ]
    .concat();
    let largest = body.iter().copied().fold(0.0, f32::max);
    let least = body.into_iter().fold(title, f32::min);
    (title, largest, least)
}

/// review5: at 360 wide a card's title was drawn smaller than its words (a title shrank to 60 %
/// to stay one line, its words to 80 %), and the wind's lesson's note went under the floor on
/// a short phone. On every card of the tutorial played by each hand and the wind's lessons,
/// at 360 × 640 and 360 × 800, no line of a title is drawn smaller than any line of its words
/// or note, and none under the floor (the game's font's advances).
#[test]
fn no_cards_title_is_drawn_smaller_than_its_words_nor_a_line_under_the_floor_at_360_wide() {
    use crate::phone::density::{Density, ScreenPx};
    use crate::phone::layout_check::SMALLEST_TEXT;
    let font = game_font();
    let width_of = |text: &str, px: f32| advance_width(&font, text, px);
    let mut smaller = Vec::new();
    for hand in [Hand::Keys, Hand::Mouse, Hand::Touch] {
        let device = device_of(hand);
        let Played { mut cards, .. } = play_with(hand);
        cards.extend(super::wind::lessons().map(|lesson| (lesson, true, false)));
        for height in [640.0, HEIGHT] {
            let scale = UiScale::new(
                ScreenPx {
                    width: WIDTH,
                    height,
                },
                Density::PxPerDp(1.0),
            );
            for &(prompt, at_range, picture) in &cards {
                let card = (&prompt, at_range, picture);
                let fit = fitted_card(card, device, height, &scale, &width_of);
                let (title, body, least) = drawn_sizes(&fit, &scale, &width_of);
                if least < scale.px(SMALLEST_TEXT) {
                    smaller.push(format!(
                        "{hand:?} 360x{height}: \"{}\" has a line at {least} px",
                        prompt.title
                    ));
                }
                if title < body {
                    smaller.push(format!(
                        "{hand:?} 360x{height}: \"{}\" at {title} px, its words at {body} px",
                        prompt.title
                    ));
                }
            }
        }
    }
    assert!(smaller.is_empty(), "{smaller:#?}");
}
