//! A recorded run played again for its events, to count what it did towards the missions (for
//! tests and for telling a mission's life from a replay).

use crate::replay::{build_course, CourseChoice, Replay, MAX_TICKS};
use crate::sim::{Run, RunEvent, Tick};

/// Play `replay` again headless and hand each event to `on_event` with the tick it happened
/// on; `None` if the replay names no course this game can build.
pub fn replay_events(replay: &Replay, mut on_event: impl FnMut(Tick, &RunEvent)) -> Option<()> {
    let choice = replay.course_choice().ok()?;
    let course = build_course(choice).ok()?;
    let mut run = Run::new(course).bringing(replay.brought());
    if let CourseChoice::Endless {
        distance: Some(distance),
        ..
    } = choice
    {
        run = run.with_finish(distance);
    }
    let stop = replay
        .summary
        .as_ref()
        .map_or(MAX_TICKS, |summary| summary.ticks.min(MAX_TICKS));
    let mut sorted = replay.inputs.clone();
    sorted.sort_by_key(|input| input.tick);
    let mut inputs = sorted.iter().peekable();
    while !run.is_finished() && run.tick() < Tick::new(stop) {
        let tick = run.tick();
        let mut actions = Vec::new();
        while let Some(input) = inputs.next_if(|input| input.tick <= tick) {
            if input.tick == tick {
                actions.extend_from_slice(&input.actions);
            }
        }
        run.step(&actions);
        for event in run.events() {
            on_event(tick, event);
        }
    }
    Some(())
}
