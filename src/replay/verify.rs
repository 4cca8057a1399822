//! Re-simulating a replay and comparing it with its record.

use super::file::{CourseChoice, Replay, TickInput};
use super::recorder::ReplayRecorder;
use super::stretches::Stretch;
use crate::course::{Course, CourseError};
use crate::sim::{Bot, Brought, Run, Summary, Tick};

/// Headless runs stop here even if the course is not finished (one hour of play), so that an
/// idle input script at a stage that waits for the player cannot run forever.
pub const MAX_TICKS: u64 = 60 * 60 * 60;

/// The course a choice names.
pub fn build_course(choice: CourseChoice) -> Result<Course, CourseError> {
    match choice {
        CourseChoice::Level { level, track, seed } => Course::level(level, track, Some(seed)),
        CourseChoice::Endless { seed, .. } => Ok(Course::endless(seed)),
    }
}

/// Play `inputs` on `course` until it finishes (Endless: at the choice's distance) or `stop`
/// ticks have passed, recording the run anew.
pub fn play_inputs(
    choice: CourseChoice,
    course: Course,
    inputs: &[TickInput],
    stop: u64,
) -> Replay {
    play_inputs_bringing(choice, course, inputs, stop, Brought::default())
}

/// [`play_inputs`] for a run that starts with what the player `brought` (a rifle; the replay
/// records it).
pub fn play_inputs_bringing(
    choice: CourseChoice,
    course: Course,
    inputs: &[TickInput],
    stop: u64,
    brought: Brought,
) -> Replay {
    play_skied(choice, course, inputs, stop, brought).0
}

/// [`play_inputs_bringing`], with the stretches the run skied on the course.
fn play_skied(
    choice: CourseChoice,
    course: Course,
    inputs: &[TickInput],
    stop: u64,
    brought: Brought,
) -> (Replay, Vec<Stretch>) {
    let mut run = start(choice, course).bringing(brought);
    let mut inputs = inputs.to_vec();
    inputs.sort_by_key(|input| input.tick);
    let mut pending = inputs.iter().peekable();
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() && run.tick() < Tick::new(stop) {
        let mut actions = Vec::new();
        while let Some(input) = pending.next_if(|input| input.tick <= run.tick()) {
            if input.tick == run.tick() {
                actions.extend_from_slice(&input.actions);
            }
        }
        recorder.step(&mut run, &actions);
    }
    (recorder.replay(&run), recorder.stretches(&run))
}

/// Let the bot play `course` until it finishes (Endless: at the choice's distance) or `stop`
/// ticks have passed, recording the run.
pub fn record_bot(choice: CourseChoice, course: Course, stop: u64) -> Replay {
    record_player(choice, course, stop, Bot::new(), Brought::default())
}

/// Let `bot` (the perfect bot, or a human-model one) play `course` as [`record_bot`] does,
/// with what it `brought` (a rifle).
pub fn record_player(
    choice: CourseChoice,
    course: Course,
    stop: u64,
    bot: Bot,
    brought: Brought,
) -> Replay {
    record_player_skied(choice, course, stop, bot, brought).0
}

/// [`record_player`], with the stretches the run skied on the course.
pub fn record_player_skied(
    choice: CourseChoice,
    course: Course,
    stop: u64,
    mut bot: Bot,
    brought: Brought,
) -> (Replay, Vec<Stretch>) {
    let mut run = start(choice, course).bringing(brought);
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() && run.tick() < Tick::new(stop) {
        let actions = bot.actions(&run);
        recorder.step(&mut run, &actions);
    }
    (recorder.replay(&run), recorder.stretches(&run))
}

fn start(choice: CourseChoice, course: Course) -> Run {
    let run = Run::new(course);
    match choice {
        CourseChoice::Endless {
            distance: Some(distance),
            ..
        } => run.with_finish(distance),
        CourseChoice::Endless { distance: None, .. } | CourseChoice::Level { .. } => run,
    }
}

/// Where a re-simulation first departs from its record.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// The first tick at which the difference was seen (a checkpoint, or the run's end).
    pub tick: Tick,
    /// The last tick at which both still agreed, if any checkpoint did.
    pub agreed_until: Option<Tick>,
    pub detail: String,
}

/// The outcome of verifying a replay.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The re-simulation reproduced the record; its summary.
    Equal(Summary),
    Mismatch(Mismatch),
}

/// Re-simulate `replay` on `course` and compare hashes and summary with the record.
pub fn verify(
    replay: &Replay,
    choice: CourseChoice,
    course: Course,
    recorded: &Summary,
) -> Verdict {
    verify_skied(replay, choice, course, recorded).0
}

/// [`verify`], with the stretches the re-play skied on the course.
pub fn verify_skied(
    replay: &Replay,
    choice: CourseChoice,
    course: Course,
    recorded: &Summary,
) -> (Verdict, Vec<Stretch>) {
    let (fresh, stretches) = play_skied(
        choice,
        course,
        &replay.inputs,
        recorded.ticks.min(MAX_TICKS),
        replay.brought(),
    );
    (compare(&fresh, replay, recorded), stretches)
}

/// The re-play `fresh` against the `replay` that recorded `recorded`.
fn compare(fresh: &Replay, replay: &Replay, recorded: &Summary) -> Verdict {
    let fresh_summary = fresh
        .summary
        .clone()
        .expect("a freshly recorded replay has a summary");
    let mut agreed_until = None;
    let pairs = fresh.hashes.iter().zip(&replay.hashes);
    for (now, then) in pairs {
        if now != then {
            let tick = now.tick.min(then.tick);
            let detail = format!(
                "state hash at tick {tick} is {} but the replay recorded {} (tick {})",
                now.hash, then.hash, then.tick
            );
            return Verdict::Mismatch(Mismatch {
                tick,
                agreed_until,
                detail,
            });
        }
        agreed_until = Some(now.tick);
    }
    if let Some(mismatch) = checkpoint_count_mismatch(fresh, replay, agreed_until) {
        return Verdict::Mismatch(mismatch);
    }
    if fresh_summary != *recorded {
        let tick = Tick::new(fresh_summary.ticks);
        let detail = format!(
            "the run ends as {} but the replay recorded {}",
            summary_line(&fresh_summary),
            summary_line(recorded)
        );
        return Verdict::Mismatch(Mismatch {
            tick,
            agreed_until,
            detail,
        });
    }
    Verdict::Equal(fresh_summary)
}

/// The first checkpoint one side has and the other lacks, when all shared ones agree.
fn checkpoint_count_mismatch(
    fresh: &Replay,
    recorded: &Replay,
    agreed_until: Option<Tick>,
) -> Option<Mismatch> {
    let shared = fresh.hashes.len().min(recorded.hashes.len());
    let (tick, detail) = if let Some(missing) = fresh
        .hashes
        .get(shared)
        .filter(|_| recorded.hashes.len() == shared)
    {
        (
            missing.tick,
            format!(
                "the replay has no checkpoint at tick {} (the first it lacks: it records {} \
                 checkpoints, the run makes {})",
                missing.tick,
                recorded.hashes.len(),
                fresh.hashes.len()
            ),
        )
    } else {
        let extra = recorded.hashes.get(shared)?;
        (
            extra.tick,
            format!(
                "the replay records a checkpoint at tick {} that the run never reaches (it \
                 records {} checkpoints, the run makes {})",
                extra.tick,
                recorded.hashes.len(),
                fresh.hashes.len()
            ),
        )
    };
    Some(Mismatch {
        tick,
        agreed_until,
        detail,
    })
}

fn summary_line(summary: &Summary) -> String {
    serde_json::to_string(summary).expect("a summary always encodes as JSON")
}
