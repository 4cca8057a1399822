//! The tutorial's tests: each lesson waits until it is done, then the run goes on.

use super::card::*;
use super::*;
use crate::app::run::hud::top_band_px;
use crate::app::ui::layout::{self, PAUSE_SIDE};
use crate::phone::density::UiScale;
use crate::phone::layout_check::SMALLEST_TEXT;
use crate::shooting::ShootingBot;
use crate::sim::stage::run_action;
use macroquad::math::Rect;

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

/// The steps taught while skiing, each with its picture.
const SKIING_STEPS: [TutorialStep; 3] = [
    TutorialStep::ChangeLane,
    TutorialStep::Jump,
    TutorialStep::Duck,
];

#[test]
fn every_skiing_prompt_has_a_picture_for_both_devices() {
    for step in SKIING_STEPS {
        let tutorial = Tutorial { step };
        for device in [Device::Touch, Device::Mouse, Device::Keys] {
            assert!(tutorial.picture(device).is_some(), "{step:?} {device:?}");
        }
    }
}

/// A text's width estimated as the menus' bold face sets it (a little wide: a card sized by
/// it wraps no later than the font's).
fn estimated_width(text: &str, px: f32) -> f32 {
    text.chars().count() as f32 * px * 0.62
}

#[test]
fn at_the_range_the_card_covers_no_target_face_nor_the_figures_at_every_size() {
    use crate::app::run::range::{keep_clear_on, prompt_room_on};
    use crate::phone::density::{Density, ScreenPx};
    // The tallest cards at the range: the prone aim's with its note, the wind's, and those
    // whose words wrap on a phone.
    let aim = Prompt {
        title: "The range: five targets",
        said: AIM,
        note: Some(PRONE_RING),
    };
    let [wind, wind_from_right] = super::wind::lessons();
    let breath = Prompt {
        title: "The sight sways",
        said: BREATH,
        note: None,
    };
    let spares = Prompt {
        title: "Knock all five down",
        said: SPARES,
        note: None,
    };
    for (width, height) in [
        (360.0, 800.0),
        (540.0, 960.0),
        (1280.0, 720.0),
        (360.0, 640.0),
    ] {
        let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
        let [faces, figures] = keep_clear_on(width, height, &scale);
        for (prompt, device) in [
            (aim, Device::Keys),
            (wind, Device::Mouse),
            (wind, Device::Touch),
            (wind_from_right, Device::Keys),
            (breath, Device::Touch),
            (spares, Device::Keys),
        ] {
            let fit = fit_card(
                &prompt,
                device,
                false,
                prompt_room_on(width, height, &scale),
                &scale,
                &estimated_width,
            );
            let card = fit.card;
            let named = format!("{width}x{height} \"{}\"", prompt.title);
            assert!(
                !card.overlaps(&faces),
                "{named}: the card {card:?} covers the faces {faces:?}"
            );
            assert!(
                !card.overlaps(&figures),
                "{named}: the card {card:?} covers the figures {figures:?}"
            );
            assert!(
                card.y >= 0.0 && card.bottom() <= height,
                "{named}: on screen"
            );
            let note = scale.px(NOTE_SIZE) * fit.type_share;
            assert!(
                note >= scale.px(SMALLEST_TEXT) - 0.01,
                "{named}: the note at {note} px"
            );
        }
    }
}

#[test]
fn a_line_too_wide_for_the_card_wraps_onto_even_lines_at_its_full_size() {
    use crate::phone::density::{Density, ScreenPx};
    let finish = Prompt {
        title: "Ready! Ski on to the finish",
        said: FINISH,
        note: Some(PRACTICE_RUN),
    };
    for (width, height) in [(360.0, 800.0), (540.0, 960.0)] {
        let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
        let room = Rect::new(0.0, 0.0, width, height);
        let fit = fit_card(&finish, Device::Keys, false, room, &scale, &estimated_width);
        assert_eq!(fit.type_share, 1.0, "{width}: full-sized type");
        let inner = fit.card.w - 2.0 * fit.margin;
        let text_px = scale.px(TEXT_SIZE);
        assert_eq!(
            fit.lines.text.join(" "),
            FINISH.keys,
            "{width}: every word kept"
        );
        let lines = &fit.lines.text;
        assert!(lines.len() > 1, "{width}: {lines:?}");
        let widths: Vec<f32> = lines
            .iter()
            .map(|line| estimated_width(line, text_px))
            .collect();
        assert!(
            widths.iter().all(|&w| w <= inner / LEAST_LINE_SHARE),
            "{width}: {widths:?} fit {inner} drawn at most a little smaller"
        );
        assert!(
            lines.iter().all(|line| line.contains(' ')),
            "{width}: even lines, no word alone {lines:?}"
        );
    }
    // A line that fits stays one.
    assert_eq!(
        wrap("Swipe up to jump", 26.0, 300.0, &estimated_width),
        vec!["Swipe up to jump".to_owned()]
    );
}

#[test]
fn the_key_caps_pictured_are_keys_the_words_name() {
    for step in SKIING_STEPS {
        let tutorial = Tutorial { step };
        let said = match step {
            TutorialStep::ChangeLane => words::CHANGE_LANE,
            TutorialStep::Jump => words::JUMP,
            _ => words::DUCK,
        };
        for device in [Device::Keys, Device::Mouse] {
            let picture = tutorial.picture(device).expect("a picture");
            let text = said.for_device(device);
            for key in picture.keys_shown() {
                assert!(
                    text.contains(key),
                    "{step:?} {device:?}: the cap {key} is not in \"{text}\""
                );
            }
        }
    }
}

#[test]
fn the_range_cards_name_no_key_to_a_mouse_player() {
    const KEY_NAMES: [&str; 4] = ["Shift", "Space", "Arrow", "arrow"];
    for said in [AIM, FIRE, BREATH, SPARES] {
        let text = said.for_device(Device::Mouse);
        assert!(
            KEY_NAMES.iter().all(|key| !text.contains(key)),
            "a mouse player reads \"{text}\""
        );
    }
}

#[test]
fn while_skiing_a_portrait_card_starts_under_the_pause_and_skip_buttons_and_ends_where_it_did() {
    use crate::phone::density::{Density, ScreenPx};
    // The tallest skiing card: the jump's, with its picture and note.
    let jump = Prompt {
        title: "Low orange stripes: jump",
        said: words::JUMP,
        note: Some(PRACTICE_COINS),
    };
    for (width, height) in [
        (360.0, 800.0),
        (540.0, 960.0),
        (1280.0, 720.0),
        (360.0, 640.0),
    ] {
        let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
        let screen = Size { width, height };
        let room = skiing_room(&jump, Device::Touch, true, screen, &scale, &estimated_width);
        let fit = fit_card(&jump, Device::Touch, true, room, &scale, &estimated_width);
        let buttons_bottom =
            top_band_px(&scale) + scale.px(layout::MARGIN) + scale.touch_px(PAUSE_SIDE);
        assert!(
            width > height || fit.card.y > buttons_bottom,
            "{width}x{height}: the card {:?} under the buttons ending at {buttons_bottom}",
            fit.card
        );
        let inner = card_across(width, 0.0, 0.0, &scale).w - 2.0 * scale.px(MARGIN);
        let lines = card_lines(&jump, Device::Touch, inner, 1.0, &scale, &estimated_width);
        let full = card_height(&lines, true, scale.px(MARGIN), 1.0, &scale);
        assert!(
            fit.card.bottom() <= height * CARD_Y + full + 0.01,
            "{width}x{height}: the card {:?} reaches further down the track",
            fit.card
        );
        assert_eq!(fit.type_share, 1.0, "{width}x{height}: full-sized type");
    }
}

#[test]
fn a_skiing_cards_title_stays_one_line_drawn_no_smaller_than_the_floor_on_a_narrow_phone() {
    use crate::phone::density::{Density, ScreenPx};
    // Wrapped at its full size, every title took two lines at 360 wide, and the lane card
    // covered the rock it teaches about on a 360 x 640 phone.
    for (title, said) in [
        ("A tall red block: go round", words::CHANGE_LANE),
        ("Low orange stripes: jump", words::JUMP),
        ("A high blue bar: duck", words::DUCK),
    ] {
        let prompt = Prompt {
            title,
            said,
            note: None,
        };
        for (width, height) in [(360.0, 640.0), (360.0, 800.0)] {
            let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
            let inner = card_across(width, 0.0, 0.0, &scale).w - 2.0 * scale.px(MARGIN);
            let lines = card_lines(&prompt, Device::Touch, inner, 1.0, &scale, &estimated_width);
            assert_eq!(lines.title, vec![title.to_owned()], "{width}x{height}");
            for line in lines.title {
                let drawn =
                    scale.px(TITLE_SIZE) * inner / estimated_width(&line, scale.px(TITLE_SIZE));
                assert!(
                    drawn.min(scale.px(TITLE_SIZE)) >= scale.px(SMALLEST_TEXT),
                    "{width}x{height}: {line:?} drawn at {drawn} px"
                );
            }
        }
    }
}
