//! The swipe recogniser on synthetic touch sequences (a 1080 × 1920 portrait phone: the swipe
//! threshold at sensitivity 1 is 7 % of 1080 px = 75.6 px). One swipe is one action, however
//! long; only a turn back swipes again before the finger lifts.

use latu::gesture::{
    Direction, Gesture, GestureConfig, GestureRecognizer, PointerEvent, PointerPhase, ScreenSize,
    MOUSE_POINTER_ID,
};

const PHONE: ScreenSize = ScreenSize {
    width: 1080.0,
    height: 1920.0,
};

/// Feeds events and keeps every gesture except drag deltas (tested separately).
struct Finger<'a> {
    recognizer: &'a mut GestureRecognizer,
    out: Vec<Gesture>,
}

impl Finger<'_> {
    fn event(&mut self, id: u64, phase: PointerPhase, x: f32, y: f32) {
        let gestures = self
            .recognizer
            .feed(PointerEvent { id, phase, x, y }, PHONE);
        self.out.extend(
            gestures
                .into_iter()
                .filter(|g| !matches!(g, Gesture::Drag { .. })),
        );
    }

    /// A straight drag from `from` to `to` in `steps` moves, then lifted.
    fn drag(&mut self, id: u64, from: (f32, f32), to: (f32, f32), steps: u32) {
        self.event(id, PointerPhase::Start, from.0, from.1);
        self.moves(id, from, to, steps);
        self.event(id, PointerPhase::End, to.0, to.1);
    }

    fn moves(&mut self, id: u64, from: (f32, f32), to: (f32, f32), steps: u32) {
        for step in 1..=steps {
            let t = step as f32 / steps as f32;
            let x = from.0 + (to.0 - from.0) * t;
            let y = from.1 + (to.1 - from.1) * t;
            self.event(id, PointerPhase::Move, x, y);
        }
    }
}

fn run(config: GestureConfig, script: impl FnOnce(&mut Finger)) -> Vec<Gesture> {
    let mut recognizer = GestureRecognizer::new(config);
    let mut finger = Finger {
        recognizer: &mut recognizer,
        out: Vec::new(),
    };
    script(&mut finger);
    finger.out
}

fn swipes(script: impl FnOnce(&mut Finger)) -> Vec<Gesture> {
    run(GestureConfig::default(), script)
}

#[test]
fn a_short_flick_is_one_swipe() {
    let out = swipes(|f| f.drag(1, (500.0, 1000.0), (600.0, 1010.0), 3));
    assert_eq!(out, vec![Gesture::Swipe(Direction::Right)]);
}

#[test]
fn a_slow_drag_swipes_by_distance_not_speed() {
    // 90 px in 200 small moves: slow, but past the threshold.
    let out = swipes(|f| f.drag(1, (500.0, 1000.0), (500.0, 910.0), 200));
    assert_eq!(out, vec![Gesture::Swipe(Direction::Up)]);
}

#[test]
fn the_swipe_fires_during_the_drag_before_the_finger_lifts() {
    let mut recognizer = GestureRecognizer::new(GestureConfig::default());
    let at = |phase, x| PointerEvent {
        id: 3,
        phase,
        x,
        y: 800.0,
    };
    assert!(recognizer
        .feed(at(PointerPhase::Start, 300.0), PHONE)
        .is_empty());
    let before = recognizer.feed(at(PointerPhase::Move, 370.0), PHONE);
    assert!(!before.contains(&Gesture::Swipe(Direction::Right)));
    let past = recognizer.feed(at(PointerPhase::Move, 380.0), PHONE);
    assert!(past.contains(&Gesture::Swipe(Direction::Right)));
    assert!(recognizer
        .feed(at(PointerPhase::End, 380.0), PHONE)
        .is_empty());
}

#[test]
fn a_diagonal_swipes_along_its_dominant_axis() {
    let down_left = swipes(|f| f.drag(1, (500.0, 1000.0), (440.0, 1090.0), 6));
    assert_eq!(down_left, vec![Gesture::Swipe(Direction::Down)]);
    let left_down = swipes(|f| f.drag(1, (500.0, 1000.0), (410.0, 1060.0), 6));
    assert_eq!(left_down, vec![Gesture::Swipe(Direction::Left)]);
}

#[test]
fn a_finger_that_keeps_going_swipes_once_however_long() {
    for length in [100.0, 166.0, 400.0, 1000.0] {
        for steps in [1, 3, 40, 400] {
            for (direction, to) in [
                (Direction::Left, (800.0 - length, 1000.0)),
                (Direction::Right, (50.0 + length, 1000.0)),
                (Direction::Up, (500.0, 1800.0 - length)),
                (Direction::Down, (500.0, 100.0 + length)),
            ] {
                let from = match direction {
                    Direction::Left => (800.0, 1000.0),
                    Direction::Right => (50.0, 1000.0),
                    Direction::Up => (500.0, 1800.0),
                    Direction::Down => (500.0, 100.0),
                };
                let out = swipes(|f| f.drag(1, from, to, steps));
                assert_eq!(
                    out,
                    vec![Gesture::Swipe(direction)],
                    "{length} px {direction:?} in {steps} moves"
                );
            }
        }
    }
}

#[test]
fn a_long_swipe_that_curves_aside_swipes_once() {
    // A thumb's arc: 300 px left, bending 150 px down at its end.
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 800.0, 1000.0);
        f.moves(1, (800.0, 1000.0), (600.0, 1010.0), 20);
        f.moves(1, (600.0, 1010.0), (500.0, 1160.0), 20);
        f.event(1, PointerPhase::End, 500.0, 1160.0);
    });
    assert_eq!(out, vec![Gesture::Swipe(Direction::Left)]);
}

#[test]
fn a_turn_back_swipes_again_and_a_turn_aside_does_not() {
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 500.0, 1000.0);
        f.moves(1, (500.0, 1000.0), (700.0, 1000.0), 10);
        // Back by less than a swipe: nothing.
        f.moves(1, (700.0, 1000.0), (640.0, 1000.0), 10);
        // On back, past a swipe from the farthest point: one swipe the other way.
        f.moves(1, (640.0, 1000.0), (400.0, 1000.0), 20);
        // Aside, far: nothing.
        f.moves(1, (400.0, 1000.0), (400.0, 700.0), 20);
        f.event(1, PointerPhase::End, 400.0, 700.0);
    });
    assert_eq!(
        out,
        vec![
            Gesture::Swipe(Direction::Right),
            Gesture::Swipe(Direction::Left)
        ]
    );
}

#[test]
fn a_lift_past_the_threshold_without_a_move_swipes() {
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 500.0, 1000.0);
        f.event(1, PointerPhase::End, 500.0, 900.0);
    });
    assert_eq!(out, vec![Gesture::Swipe(Direction::Up)]);
}

#[test]
fn a_short_touch_is_no_gesture() {
    let out = swipes(|f| f.drag(1, (200.0, 300.0), (230.0, 310.0), 3));
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn sensitivity_scales_the_threshold() {
    let drag = |sensitivity| {
        let config = GestureConfig {
            sensitivity,
            ..GestureConfig::default()
        };
        run(config, |f| {
            f.drag(1, (500.0, 1000.0), (500.0, 1000.0 + 60.0), 10)
        })
    };
    assert!(drag(1.0).is_empty(), "60 px is below 75.6 px");
    assert_eq!(drag(1.5), vec![Gesture::Swipe(Direction::Down)]);
    let double = GestureConfig {
        sensitivity: 2.0,
        ..GestureConfig::default()
    };
    assert!((double.swipe_threshold(PHONE) - 37.8).abs() < 1e-3);
    let nan = GestureConfig {
        sensitivity: f32::NAN,
        ..GestureConfig::default()
    };
    assert!((nan.swipe_threshold(PHONE) - 75.6).abs() < 1e-3);
}

#[test]
fn the_threshold_follows_the_screens_short_side() {
    let config = GestureConfig::default();
    let landscape = ScreenSize {
        width: 1920.0,
        height: 1080.0,
    };
    assert_eq!(
        config.swipe_threshold(landscape),
        config.swipe_threshold(PHONE)
    );
    let tablet = ScreenSize {
        width: 2048.0,
        height: 1536.0,
    };
    assert!((config.swipe_threshold(tablet) - 0.07 * 1536.0).abs() < 1e-3);
}

#[test]
fn a_second_finger_does_not_swipe() {
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 500.0, 1000.0);
        f.event(2, PointerPhase::Start, 800.0, 1000.0);
        f.moves(2, (800.0, 1000.0), (800.0, 700.0), 10);
        f.event(2, PointerPhase::End, 800.0, 700.0);
        f.event(1, PointerPhase::Move, 500.0, 880.0);
        f.event(1, PointerPhase::End, 500.0, 880.0);
    });
    assert_eq!(out, vec![Gesture::Swipe(Direction::Up)]);
}

#[test]
fn two_fingers_lifted_in_either_order_leave_no_ghosts() {
    for first_up in [1, 2] {
        let out = swipes(|f| {
            f.event(1, PointerPhase::Start, 500.0, 1000.0);
            f.event(2, PointerPhase::Start, 510.0, 1005.0);
            let second_up = 3 - first_up;
            f.event(first_up, PointerPhase::End, 500.0, 1000.0);
            // The remaining finger moves one threshold right: only the first finger swipes.
            f.moves(second_up, (510.0, 1005.0), (610.0, 1005.0), 10);
            f.event(second_up, PointerPhase::End, 610.0, 1005.0);
            // A fresh touch afterwards works normally.
            f.drag(7, (300.0, 300.0), (300.0, 400.0), 5);
        });
        let expected = if first_up == 1 {
            vec![Gesture::Swipe(Direction::Down)]
        } else {
            vec![
                Gesture::Swipe(Direction::Right),
                Gesture::Swipe(Direction::Down),
            ]
        };
        assert_eq!(out, expected, "first finger up: {first_up}");
    }
}

#[test]
fn a_cancelled_touch_stops_swiping() {
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 500.0, 1000.0);
        f.event(1, PointerPhase::Cancel, 500.0, 1000.0);
        f.event(1, PointerPhase::Move, 700.0, 1000.0);
        f.event(1, PointerPhase::End, 700.0, 1000.0);
    });
    assert!(out.is_empty(), "{out:?}");
    // A swipe that already fired stands; the cancel adds nothing.
    let out = swipes(|f| {
        f.event(1, PointerPhase::Start, 500.0, 1000.0);
        f.moves(1, (500.0, 1000.0), (400.0, 1000.0), 5);
        f.event(1, PointerPhase::Cancel, 400.0, 1000.0);
    });
    assert_eq!(out, vec![Gesture::Swipe(Direction::Left)]);
}

#[test]
fn the_mouse_is_one_more_pointer() {
    let out = swipes(|f| {
        f.drag(MOUSE_POINTER_ID, (900.0, 900.0), (900.0, 1300.0), 4);
        f.drag(MOUSE_POINTER_ID, (100.0, 100.0), (400.0, 100.0), 30);
    });
    assert_eq!(
        out,
        vec![
            Gesture::Swipe(Direction::Down),
            Gesture::Swipe(Direction::Right)
        ]
    );
}

#[test]
fn drag_deltas_follow_the_swiping_finger_only() {
    let mut recognizer = GestureRecognizer::new(GestureConfig::default());
    let mut deltas = Vec::new();
    let events = [
        (1, PointerPhase::Start, 100.0, 100.0),
        (1, PointerPhase::Move, 103.0, 98.0),
        (2, PointerPhase::Start, 400.0, 400.0),
        (2, PointerPhase::Move, 450.0, 400.0),
        (1, PointerPhase::Move, 104.0, 101.0),
        (1, PointerPhase::End, 104.0, 101.0),
    ];
    for (id, phase, x, y) in events {
        deltas.extend(
            recognizer
                .feed(PointerEvent { id, phase, x, y }, PHONE)
                .into_iter()
                .filter_map(|g| match g {
                    Gesture::Drag { dx, dy } => Some((dx, dy)),
                    _ => None,
                }),
        );
    }
    assert_eq!(deltas, vec![(3.0, -2.0), (1.0, 3.0)]);
}

#[test]
fn reset_forgets_every_finger() {
    let mut recognizer = GestureRecognizer::new(GestureConfig::default());
    let event = |phase, x| PointerEvent {
        id: 1,
        phase,
        x,
        y: 500.0,
    };
    recognizer.feed(event(PointerPhase::Start, 100.0), PHONE);
    recognizer.reset();
    assert!(recognizer
        .feed(event(PointerPhase::Move, 300.0), PHONE)
        .is_empty());
    assert!(recognizer
        .feed(event(PointerPhase::End, 300.0), PHONE)
        .is_empty());
}
