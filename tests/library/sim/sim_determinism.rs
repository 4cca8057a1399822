//! Same course and inputs → same summary and the same state hash at every 600th tick.

use latu::course::Course;
use latu::replay::{record_bot, CourseChoice, TickInput, MAX_TICKS};
use latu::sim::{Action, Run, Summary, Tick};

const LEVEL: u8 = 2;
const TRACK: u8 = 1;

fn course() -> Course {
    Course::level(LEVEL, TRACK, None).expect("level 2 track 1 is in the table")
}

/// Play `inputs` and collect the state hash every 600 ticks, and the summary.
fn hashes(inputs: &[TickInput]) -> (Vec<(Tick, u64)>, Summary) {
    let mut run = Run::new(course());
    let mut pending = inputs.iter().peekable();
    let mut hashes = Vec::new();
    // A changed input can leave a target standing with no more presses: stop as replays do.
    while !run.is_finished() && run.tick().get() < MAX_TICKS {
        let actions: Vec<Action> = pending
            .next_if(|input| input.tick == run.tick())
            .map(|input| input.actions.clone())
            .unwrap_or_default();
        run.step(&actions);
        if run.tick().get().is_multiple_of(600) {
            hashes.push((run.tick(), run.state_hash()));
        }
    }
    (hashes, run.summary())
}

fn bot_inputs() -> Vec<TickInput> {
    let course = course();
    let choice = CourseChoice::Level {
        level: LEVEL,
        track: TRACK,
        seed: course.seed,
    };
    record_bot(choice, course, MAX_TICKS).inputs
}

#[test]
fn the_same_inputs_give_the_same_hashes_and_summary() {
    let inputs = bot_inputs();
    let (first, summary) = hashes(&inputs);
    let (second, again) = hashes(&inputs);
    assert!(first.len() >= 8, "a level runs for many 600-tick spans");
    assert_eq!(first, second);
    assert_eq!(summary, again);
    // The same course laid out twice is the same course.
    assert_eq!(course(), course());
}

#[test]
fn one_changed_input_changes_the_hashes_from_there_on() {
    let inputs = bot_inputs();
    let (original, summary) = hashes(&inputs);
    // The first skiing press from the middle of the run on whose change changes the run's
    // outcome (a jump over open snow leaves no trace once landed).
    let (tick, altered) = (inputs.len() / 2..inputs.len())
        .filter(|&i| {
            inputs[i].actions.iter().any(|a| {
                matches!(
                    a,
                    Action::Left | Action::Right | Action::Jump | Action::Duck
                )
            })
        })
        .find_map(|i| {
            let mut changed = inputs.clone();
            changed[i].actions = vec![Action::Jump, Action::Left];
            let (altered, outcome) = hashes(&changed);
            (outcome != summary).then_some((changed[i].tick, altered))
        })
        .expect("some press changes the run");
    for ((t, a), (_, b)) in original.iter().zip(&altered) {
        if *t <= tick {
            assert_eq!(a, b, "before the change at tick {tick}");
        }
    }
    let after: Vec<_> = original
        .iter()
        .zip(&altered)
        .filter(|((t, _), _)| *t > tick)
        .collect();
    assert!(!after.is_empty());
    assert!(
        after.iter().all(|((_, a), (_, b))| a != b),
        "after the change at tick {tick}"
    );
}
