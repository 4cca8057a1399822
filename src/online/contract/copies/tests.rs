use super::*;
use crate::sim::Tick;

/// One stretch over the whole run.
fn whole() -> Vec<Stretch> {
    vec![Stretch {
        start: Tick::new(0),
        end: Tick::new(100_000),
    }]
}

fn inputs(pressed: &[(u64, Action)]) -> Vec<TickInput> {
    pressed
        .iter()
        .map(|&(tick, action)| TickInput {
            tick: Tick::new(tick),
            actions: vec![action],
        })
        .collect()
}

/// Thirty lane changes and jumps 50 ticks apart, the `i`th moved by `shift[i]` ticks.
fn skiing(shift: &[i64]) -> Vec<TickInput> {
    let pressed: Vec<(u64, Action)> = (0..30_u64)
        .map(|i| {
            let at = (100 + i * 50) as i64 + shift.get(i as usize).copied().unwrap_or(0);
            let action = [Action::Left, Action::Right, Action::Jump][i as usize % 3];
            (at as u64, action)
        })
        .collect();
    inputs(&pressed)
}

fn prints(shift: &[i64]) -> Prints {
    Prints::of(&skiing(shift), &whole())
}

#[test]
fn a_few_inputs_a_tick_off_copy_and_more_or_further_do_not() {
    let original = prints(&[]);
    assert!(
        prints(&[1]).copies(&original),
        "the first input a tick later"
    );
    assert!(prints(&[-1, 0, 1]).copies(&original), "3 of 30 a tick off");
    assert!(!prints(&[1, 1, 1, 1]).copies(&original), "4 of 30");
    assert!(
        !prints(&[1, 1, 0, 1, 1]).copies(&original),
        "4 of 30, not moved together"
    );
    // One of thirty moved far (under 5 %): still a copy; two: not.
    assert!(prints(&[40]).copies(&original));
    assert!(!prints(&[40, 40]).copies(&original));
    assert!(!prints(&[2, 2]).copies(&original));
}

#[test]
fn a_stretch_moved_as_a_whole_up_to_three_ticks_is_a_copy() {
    let original = prints(&[]);
    for ticks in 1..=i64::from(SHIFT_TOLERANCE) {
        assert!(prints(&[ticks; 30]).copies(&original), "{ticks} later");
        assert!(prints(&[-ticks; 30]).copies(&original), "{ticks} earlier");
    }
    let beyond = i64::from(SHIFT_TOLERANCE) + 1;
    assert!(!prints(&[beyond; 30]).copies(&original), "{beyond} later");
    // Each stretch at its own shift: the first stretch moved a tick, the second two.
    let stretches = [
        Stretch {
            start: Tick::new(0),
            end: Tick::new(900),
        },
        Stretch {
            start: Tick::new(900),
            end: Tick::new(100_000),
        },
    ];
    let moved: Vec<TickInput> = skiing(&[])
        .into_iter()
        .map(|mut input| {
            let by = if input.tick.get() < 900 { 1 } else { 2 };
            input.tick = Tick::new(input.tick.get() + by);
            input
        })
        .collect();
    let original = Prints::of(&skiing(&[]), &stretches);
    assert!(Prints::of(&moved, &stretches).copies(&original));
}

/// A run of `level` track `track` by the human-model bot (the CLI's seed for the course,
/// `jitter_ms`), or by the perfect bot; with the stretches of its re-play.
fn played(level: u8, track: u8, jitter_ms: Option<u32>) -> (Vec<TickInput>, Prints) {
    use crate::course::Course;
    use crate::replay::{record_player_skied, CourseChoice, MAX_TICKS};
    use crate::sim::{Bot, Brought};
    let course = Course::level(level, track, None).expect("a level of the table");
    let bot = match jitter_ms {
        Some(jitter) => Bot::human(course.seed ^ crate::cli::simulate::HUMAN_BOT_SEED, jitter),
        None => Bot::new(),
    };
    let choice = CourseChoice::of(&course);
    let (replay, stretches) =
        record_player_skied(choice, course, MAX_TICKS, bot, Brought::default());
    let prints = Prints::of(&replay.inputs, &stretches);
    (replay.inputs, prints)
}

/// A run of `level` track `track` by the human-model bot seeded `seed` at `jitter_ms`.
fn played_by(level: u8, track: u8, seed: u64, jitter_ms: u32) -> (Vec<TickInput>, Prints) {
    use crate::course::Course;
    use crate::replay::{record_player_skied, CourseChoice, MAX_TICKS};
    use crate::sim::{Bot, Brought};
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let bot = Bot::human(seed, jitter_ms);
    let (replay, stretches) =
        record_player_skied(choice, course, MAX_TICKS, bot, Brought::default());
    let prints = Prints::of(&replay.inputs, &stretches);
    (replay.inputs, prints)
}

/// `inputs` with the first skiing input moved a tick later, played anew on level `level`
/// track `track` and re-played strictly, as `latu simulate --input` and the server do.
fn ghost_one_tick_off(level: u8, track: u8, inputs: &[TickInput]) -> Prints {
    use crate::course::Course;
    use crate::replay::{play_inputs_bringing, verify_strictly_skied, CourseChoice, MAX_TICKS};
    let first = inputs
        .iter()
        .position(|input| input.actions.iter().any(|a| skiing_code(a).is_some()))
        .expect("a run steers");
    let mut nudged = inputs.to_vec();
    nudged[first].tick = Tick::new(nudged[first].tick.get() + 1);
    assert!(nudged
        .get(first + 1)
        .is_none_or(|next| next.tick > nudged[first].tick));
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let copy = play_inputs_bringing(choice, course, &nudged, MAX_TICKS, Default::default());
    let (_, stretches) = verify_strictly_skied(&copy, None).expect("the copy verifies");
    Prints::of(&copy.inputs, &stretches)
}

/// `inputs`, every one moved `ticks` later, played anew on level `level` track `track`
/// and re-played strictly: a whole ghost re-recorded a little late.
fn ghost_moved(level: u8, track: u8, inputs: &[TickInput], ticks: u64) -> Prints {
    use crate::course::Course;
    use crate::replay::{play_inputs_bringing, verify_strictly_skied, CourseChoice, MAX_TICKS};
    let moved: Vec<TickInput> = inputs
        .iter()
        .map(|input| TickInput {
            tick: Tick::new(input.tick.get() + ticks),
            actions: input.actions.clone(),
        })
        .collect();
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let copy = play_inputs_bringing(choice, course, &moved, MAX_TICKS, Default::default());
    let (_, stretches) = verify_strictly_skied(&copy, None).expect("the copy verifies");
    Prints::of(&copy.inputs, &stretches)
}

#[test]
fn a_whole_ghost_re_recorded_up_to_three_ticks_late_is_a_copy() {
    for (level, track) in [(1, 1), (3, 2)] {
        let (inputs, original) = played(level, track, Some(60));
        for ticks in 1..=u64::from(SHIFT_TOLERANCE) {
            let copy = ghost_moved(level, track, &inputs, ticks);
            assert!(
                copy.copies(&original),
                "L{level}T{track} {ticks} ticks late"
            );
        }
    }
}

#[test]
fn a_short_courses_ghost_one_tick_off_is_a_copy() {
    for seed in 1..=10 {
        let (inputs, original) = played_by(1, 1, seed, 60);
        assert!(
            (SHORT_MIN_PRINTS..MIN_PRINTS).contains(&original.len()),
            "{} prints",
            original.len()
        );
        let copy = ghost_one_tick_off(1, 1, &inputs);
        assert_eq!(
            copy.exact_pairs(&original),
            original.len() - 1,
            "seed {seed}"
        );
        assert!(copy.copies(&original), "seed {seed}");
    }
}

#[test]
fn a_short_courses_honest_runs_are_not_copies() {
    // Distinct players at the game's default scatter: none of these 435 pairs (2e-5 a pair
    // measured over 829 runs at 60 ms, see the module).
    let runs: Vec<Prints> = (1..=30).map(|seed| played_by(1, 1, seed, 60).1).collect();
    for (i, a) in runs.iter().enumerate() {
        for (j, b) in runs.iter().enumerate().skip(i + 1) {
            assert!(!a.copies(b), "seeds {} and {}", i + 1, j + 1);
        }
    }
    // `latu simulate --level 1 --track 1 --human-bot --jitter-ms J`: the CLI's one seed at
    // window_online's two players' scatters, and a 10 ms run beside the perfect bot's.
    let (_, at_40) = played(1, 1, Some(40));
    let (_, at_60) = played(1, 1, Some(60));
    assert!(!at_40.copies(&at_60));
    let (_, at_10) = played(1, 1, Some(10));
    let (_, perfect) = played(1, 1, None);
    assert!(!at_10.copies(&perfect));
}

#[test]
fn a_long_courses_ghost_one_tick_off_is_a_copy() {
    // A course long enough to judge at a 60 ms scatter (rules 9's layouts).
    const LONG: (u8, u8) = (3, 2);
    let (inputs, original) = played(LONG.0, LONG.1, Some(60));
    assert!(original.len() >= MIN_PRINTS, "{} prints", original.len());
    assert!(ghost_one_tick_off(LONG.0, LONG.1, &inputs).copies(&original));
    // And another player's honest run of the course is not.
    let (_, other) = played(LONG.0, LONG.1, Some(30));
    assert!(!other.copies(&original));
}

#[test]
fn the_same_actions_are_needed_and_each_input_pairs_once() {
    let original = prints(&[]);
    let mut swapped = skiing(&[]);
    for input in &mut swapped[..4] {
        input.actions = vec![Action::Duck];
    }
    assert!(!Prints::of(&swapped, &whole()).copies(&original));
    let doubled: Vec<TickInput> = skiing(&[])
        .into_iter()
        .flat_map(|input| {
            let again = TickInput {
                tick: Tick::new(input.tick.get() + 1),
                actions: input.actions.clone(),
            };
            [input, again]
        })
        .collect();
    // Every original input has its pair in the doubled run, which pairs half of its own.
    assert!(Prints::of(&doubled, &whole()).copies(&original));
    let mut tripled: Vec<TickInput> = doubled.iter().cloned().chain(skiing(&[20; 30])).collect();
    tripled.sort_by_key(|input| input.tick);
    assert!(!Prints::of(&tripled, &whole()).copies(&original));
}

#[test]
fn range_inputs_are_not_prints_and_ticks_count_within_their_stretch() {
    let mut run = skiing(&[]);
    run.push(TickInput {
        tick: Tick::new(2_000),
        actions: vec![Action::Fire, Action::Aim { dx: 1, dy: 0 }],
    });
    assert_eq!(Prints::of(&run, &whole()).len(), 30);
    // The second stretch's inputs counted from its start: a run that shot 100 ticks longer
    // between the two stretches skis the same.
    let split = |gap: u64| {
        let stretches = [
            Stretch {
                start: Tick::new(0),
                end: Tick::new(900),
            },
            Stretch {
                start: Tick::new(1_000 + gap),
                end: Tick::new(100_000),
            },
        ];
        let moved: Vec<TickInput> = skiing(&[])
            .into_iter()
            .map(|mut input| {
                if input.tick.get() > 900 {
                    input.tick = Tick::new(input.tick.get() + 100 + gap);
                }
                input
            })
            .collect();
        Prints::of(&moved, &stretches)
    };
    assert_eq!(split(0), split(100));
    assert!(!split(0).copies(&prints(&[])), "stretches count apart");
}

#[test]
fn runs_with_too_few_skiing_inputs_are_not_judged() {
    let short: Vec<TickInput> = skiing(&[])[..SHORT_MIN_PRINTS - 1].to_vec();
    let short = Prints::of(&short, &whole());
    // Even the same prints: the server's digest of the inputs refuses an exact copy.
    assert!(!short.copies(&short.clone()));
}

#[test]
fn a_short_run_copies_only_with_every_print_paired_and_one_in_ten_a_tick_off() {
    let short = |shift: &[i64]| {
        let run: Vec<TickInput> = skiing(shift)[..MIN_PRINTS - 1].to_vec();
        Prints::of(&run, &whole())
    };
    let original = short(&[]);
    assert!(short(&[]).copies(&original), "the same prints");
    assert!(short(&[1]).copies(&original), "the first a tick later");
    assert!(
        short(&[0, -1, 0, 1]).copies(&original),
        "2 of 24 a tick off"
    );
    assert!(!short(&[1, 1, 1]).copies(&original), "3 of 24");
    assert!(!short(&[2]).copies(&original), "one moved two ticks");
    assert!(!short(&[40]).copies(&original), "one moved far");
    let fewest = |shift: &[i64]| {
        let run: Vec<TickInput> = skiing(shift)[..SHORT_MIN_PRINTS].to_vec();
        Prints::of(&run, &whole())
    };
    assert!(
        fewest(&[1]).copies(&fewest(&[])),
        "one of 8: always one may move"
    );
    assert!(!fewest(&[1, 1]).copies(&fewest(&[])));
}

#[test]
fn prints_read_back_from_their_text() {
    let prints = prints(&[2, 0, 5]);
    assert_eq!(Prints::from_text(&prints.to_text()), Some(prints));
    assert_eq!(Prints::from_text(""), Some(Prints::default()));
    assert_eq!(Prints::from_text("zz:1"), None);
}
