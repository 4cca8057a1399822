//! The input queue as the window feeds it, frame by frame, into a real run: one swipe is one
//! action however long, for a finger and the mouse; at a range a drag of any speed only aims,
//! the fire button fires once per press however slow the frames, and held keys aim steadily.

use super::{ActionQueue, Controls, DeviceFrame};
use crate::app::run::range::{StageButtons, UpperRow};
use crate::app::run::ski_run::{Pilot, SkiRun};
use crate::course::{Course, Lane};
use crate::gesture::{PointerEvent, PointerPhase, MOUSE_POINTER_ID};
use crate::replay::CourseChoice;
use crate::sim::{Action, Run, RunEvent, TICK_HZ};
use macroquad::input::KeyCode;
use std::time::Duration;

/// A 360 × 800 phone (the swipe threshold is 7 % of 360 px: 25.2 px).
const WIDTH: f32 = 360.0;
const HEIGHT: f32 = 800.0;
const FINGER: u64 = 3;
/// Where swipes and drags start: mid-screen, on the lens at a range, clear of every button.
const FROM: (f32, f32) = (180.0, 300.0);
/// Pixels a pointer moves per event in a drawn-out swipe.
const STEP_PX: f32 = 10.0;

fn tick() -> Duration {
    Duration::from_secs(1) / TICK_HZ
}

fn level(level: u8) -> SkiRun {
    let course = Course::level(level, 1, None).expect("the level's track 1 exists");
    let choice = CourseChoice::of(&course);
    SkiRun::new(Run::new(course), choice, Pilot::Player, 2.5)
}

fn level_one() -> SkiRun {
    level(1)
}

fn at_range() -> SkiRun {
    at_range_of(1)
}

/// The run of `level` stopped at its first range, ready to fire.
fn at_range_of(level_number: u8) -> SkiRun {
    let mut ski = level(level_number);
    ski.fast_forward(
        |run| run.stage_view().is_some_and(|view| view.can_fire),
        crate::replay::MAX_TICKS,
        &mut |_| {},
    );
    assert!(ski.run().at_stage().is_some(), "the range is reached");
    ski
}

fn event(id: u64, phase: PointerPhase, (x, y): (f32, f32)) -> PointerEvent {
    PointerEvent { id, phase, x, y }
}

fn frame(pointers: Vec<PointerEvent>) -> DeviceFrame {
    DeviceFrame {
        pointers,
        ..DeviceFrame::idle(WIDTH, HEIGHT)
    }
}

/// A straight swipe by `(dx, dy)` pixels as frames of pointer events: the press, one move of
/// [`STEP_PX`] a frame, the lift; or all of it in one frame when `one_frame`.
fn swipe(id: u64, (dx, dy): (f32, f32), one_frame: bool) -> Vec<DeviceFrame> {
    let steps = (dx.abs().max(dy.abs()) / STEP_PX).ceil().max(1.0) as u32;
    let at = |k: u32| {
        let t = k as f32 / steps as f32;
        (FROM.0 + dx * t, FROM.1 + dy * t)
    };
    let mut events = vec![event(id, PointerPhase::Start, FROM)];
    events.extend((1..=steps).map(|k| event(id, PointerPhase::Move, at(k))));
    events.push(event(id, PointerPhase::End, at(steps)));
    if one_frame {
        vec![frame(events)]
    } else {
        events.into_iter().map(|e| frame(vec![e])).collect()
    }
}

/// Feed `frames` to a queue and the run, each frame lasting `frame_time` (skiing, or at a
/// range); the run's events.
fn play(
    ski: &mut SkiRun,
    queue: &mut ActionQueue,
    frames: &[DeviceFrame],
    frame_time: Duration,
) -> Vec<RunEvent> {
    let mut events = Vec::new();
    for frame in frames {
        feed(queue, ski, frame);
        events.extend(ski.advance(frame_time, queue.input()));
    }
    // Let the last action play out.
    for _ in 0..TICK_HZ {
        feed(queue, ski, &DeviceFrame::idle(WIDTH, HEIGHT));
        events.extend(ski.advance(tick(), queue.input()));
    }
    events
}

/// One frame of the devices into the queue, as the run screen's update gives it: the stage's
/// upper row of buttons set from the stage as it stands.
fn feed(queue: &mut ActionQueue, ski: &SkiRun, frame: &DeviceFrame) {
    let view = ski.run().stage_view();
    queue.set_upper_row(view.map(|view| UpperRow::of(&view)).unwrap_or_default());
    queue.take(frame, ski.run().at_stage().is_some());
}

fn count(events: &[RunEvent], wanted: fn(&RunEvent) -> bool) -> usize {
    events.iter().filter(|e| wanted(e)).count()
}

#[test]
fn a_100_or_400_px_swipe_is_one_action_for_a_finger_and_the_mouse() {
    let lane_change: fn(&RunEvent) -> bool = |e| matches!(e, RunEvent::LaneChange { .. });
    let jump: fn(&RunEvent) -> bool = |e| matches!(e, RunEvent::Jump);
    let duck: fn(&RunEvent) -> bool = |e| matches!(e, RunEvent::Duck);
    for id in [FINGER, MOUSE_POINTER_ID] {
        for length in [100.0, 400.0] {
            for one_frame in [false, true] {
                for (way, wanted, name) in [
                    ((-length, 0.0), lane_change, "left"),
                    ((length, 0.0), lane_change, "right"),
                    ((0.0, -length), jump, "up"),
                    ((0.0, length), duck, "down"),
                ] {
                    let mut ski = level_one();
                    let mut queue = ActionQueue::reading(Controls::default());
                    let lane = ski.run().lane();
                    let frame_time = if one_frame {
                        Duration::from_millis(500)
                    } else {
                        tick()
                    };
                    let events = play(&mut ski, &mut queue, &swipe(id, way, one_frame), frame_time);
                    let what = format!("{name} {length} px, pointer {id}, one frame {one_frame}");
                    assert_eq!(count(&events, wanted), 1, "{what}: {events:?}");
                    if name == "left" || name == "right" {
                        let moved = i32::from(ski.run().lane().number()) - i32::from(lane.number());
                        assert_eq!(moved.abs(), 1, "{what}: one lane over");
                    } else {
                        assert_eq!(count(&events, lane_change), 0, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn from_the_right_lane_one_long_left_swipe_lands_in_the_middle() {
    let mut ski = level_one();
    let mut queue = ActionQueue::reading(Controls::default());
    play(
        &mut ski,
        &mut queue,
        &swipe(FINGER, (60.0, 0.0), false),
        tick(),
    );
    assert_eq!(ski.run().lane(), Lane::RIGHT);
    play(
        &mut ski,
        &mut queue,
        &swipe(FINGER, (-300.0, 0.0), false),
        tick(),
    );
    assert_eq!(ski.run().lane(), Lane::MIDDLE);
}

#[test]
fn a_drag_of_any_speed_never_fires() {
    let mut ski = at_range();
    let mut queue = ActionQueue::reading(Controls::default());
    let shot: fn(&RunEvent) -> bool = |e| matches!(e, RunEvent::ShotFired { .. });
    let mut aimed = 0;
    // Slow (1 px a frame), a quick nudge (11 px in 0.15 s), fast (300 px in one frame), all of
    // a drag in one slow frame, and a touch that never moves.
    let drags: Vec<(Vec<DeviceFrame>, Duration)> = vec![
        (swipe_in(FINGER, (40.0, 0.0), 40), tick()),
        (swipe_in(FINGER, (11.0, 0.0), 9), tick()),
        (swipe_in(MOUSE_POINTER_ID, (0.0, -300.0), 1), tick()),
        (
            swipe(FINGER, (-120.0, 40.0), true),
            Duration::from_millis(500),
        ),
        (swipe_in(MOUSE_POINTER_ID, (0.0, 0.0), 1), tick()),
        (swipe(FINGER, (0.0, 0.0), true), Duration::from_millis(500)),
    ];
    for (frames, frame_time) in drags {
        for frame in &frames {
            queue.take(frame, true);
            assert!(!queue.input().pressed.contains(&Action::Fire));
            aimed += queue
                .input()
                .pressed
                .iter()
                .filter(|a| matches!(a, Action::Drag { .. }))
                .count();
            let events = ski.advance(frame_time, queue.input());
            assert_eq!(count(&events, shot), 0, "{events:?}");
        }
    }
    assert!(aimed > 0, "the drags aimed");
    assert_eq!(ski.run().stage_view().map(|v| v.magazine), Some(5));
}

/// A swipe by `(dx, dy)` in `moves` equal moves, one a frame.
fn swipe_in(id: u64, (dx, dy): (f32, f32), moves: u32) -> Vec<DeviceFrame> {
    let at = |k: u32| {
        let t = k as f32 / moves as f32;
        (FROM.0 + dx * t, FROM.1 + dy * t)
    };
    let mut frames = vec![frame(vec![event(id, PointerPhase::Start, FROM)])];
    frames.extend((1..=moves).map(|k| frame(vec![event(id, PointerPhase::Move, at(k))])));
    frames.push(frame(vec![event(id, PointerPhase::End, at(moves))]));
    frames
}

#[test]
fn a_fire_button_tap_fires_once_at_2_fps() {
    let half_second = Duration::from_millis(500);
    let shot: fn(&RunEvent) -> bool = |e| matches!(e, RunEvent::ShotFired { .. });
    for left_handed in [false, true] {
        let fire = StageButtons::for_screen(WIDTH, HEIGHT, left_handed)
            .fire
            .center();
        let on = (fire.x, fire.y);
        for id in [FINGER, MOUSE_POINTER_ID] {
            let controls = Controls {
                left_handed,
                ..Controls::default()
            };
            // Pressed and lifted within one frame, and pressed in one frame, lifted in the next.
            let taps = [
                vec![frame(vec![
                    event(id, PointerPhase::Start, on),
                    event(id, PointerPhase::End, on),
                ])],
                vec![
                    frame(vec![event(id, PointerPhase::Start, on)]),
                    frame(vec![event(id, PointerPhase::End, on)]),
                ],
            ];
            for tap in taps {
                let mut ski = at_range();
                let mut queue = ActionQueue::reading(controls);
                let events = play(&mut ski, &mut queue, &tap, half_second);
                let what = format!(
                    "left-handed {left_handed}, pointer {id}, {} frames",
                    tap.len()
                );
                assert_eq!(count(&events, shot), 1, "{what}");
            }
        }
    }
}

#[test]
fn the_click_buttons_click_the_sight_once_a_tap_where_there_is_wind_and_never_where_there_is_none()
{
    let buttons = StageButtons::for_screen(WIDTH, HEIGHT, false);
    let tap = |rect: macroquad::math::Rect| {
        let on = (rect.center().x, rect.center().y);
        vec![
            frame(vec![event(FINGER, PointerPhase::Start, on)]),
            frame(vec![event(FINGER, PointerPhase::End, on)]),
        ]
    };
    let taps = [tap(buttons.buy), tap(buttons.buy), tap(buttons.penalty)].concat();
    let clicks = |level: u8| {
        let mut ski = at_range_of(level);
        let mut queue = ActionQueue::reading(Controls::default());
        play(&mut ski, &mut queue, &taps, tick());
        let view = ski.run().stage_view().expect("still at the range");
        (view.wind_mean_mps, view.clicks, view.shots)
    };
    // Level 2's range has wind: two taps on the left, one on the right, one click left.
    let (wind, clicked, shots) = clicks(2);
    assert_ne!(wind, 0.0, "level 2's range has wind");
    assert_eq!((clicked, shots), (-1, 0));
    // Level 1's range is calm: the row buys rounds (none needed), and the sight is not clicked.
    assert_eq!(clicks(1), (0.0, 0, 0));
}

#[test]
fn the_fire_button_sits_on_the_players_side() {
    for (width, height) in [(WIDTH, HEIGHT), (540.0, 960.0), (1280.0, 720.0)] {
        let right = StageButtons::for_screen(width, height, false);
        let left = StageButtons::for_screen(width, height, true);
        assert!(right.fire.center().x > right.breath.center().x);
        assert!(left.fire.center().x < left.breath.center().x);
        assert!(!right.fire.overlaps(&right.breath) && !left.fire.overlaps(&left.breath));
    }
}

#[test]
fn held_aim_keys_move_steadily_at_the_set_speed_however_the_frames_fall() {
    let aim_after = |speed: f32, ticks_per_frame: u32, frames: u32| {
        let mut ski = at_range();
        let start = ski.replay().inputs.len();
        let controls = Controls {
            aim_key_speed: speed,
            ..Controls::default()
        };
        let mut queue = ActionQueue::reading(controls);
        let held = DeviceFrame {
            down: vec![KeyCode::Right],
            ..DeviceFrame::idle(WIDTH, HEIGHT)
        };
        for _ in 0..frames {
            queue.take(&held, true);
            ski.advance(tick() * ticks_per_frame, queue.input());
        }
        let moved: i32 = ski.replay().inputs[start..]
            .iter()
            .flat_map(|input| input.actions.iter())
            .map(|action| match action {
                Action::Aim { dx, .. } => *dx,
                _ => 0,
            })
            .sum();
        moved
    };
    // 48 ticks held: one a frame, or eight a frame (7.5 fps); the second half as the first.
    let steady = aim_after(1.0, 1, 48);
    assert_eq!(
        steady,
        48 * crate::shooting::controls::KEY_AIM_UNITS_PER_TICK
    );
    assert_eq!(aim_after(1.0, 8, 6), steady);
    assert_eq!(aim_after(1.0, 1, 24) * 2, steady, "no acceleration");
    assert_eq!(
        aim_after(2.0, 1, 48),
        2 * steady,
        "the speed is the player's"
    );
}
