//! Endless's lives and second chance (paid from the run's own coins: a run brings no purse),
//! and what a crash may take.

use latu::course::Course;
use latu::replay::{build_course, play_inputs_bringing, verify, CourseChoice, TickInput, Verdict};
use latu::sim::run::{
    ENDLESS_LIVES, HIT_COIN_LOSS, SECOND_CHANCE_OFFER_TICKS, SECOND_CHANCE_PRICE,
};
use latu::sim::{Action, Bot, Brought, EndedBy, Run, RunEvent, SkierState};

/// Longest an idle run is stepped, ticks (ten minutes).
const LIMIT: u64 = 36_000;
/// The Endless seed the idle runs ski.
const SEED: u64 = 7;

/// Step `run` idle until `stop` holds or [`LIMIT`] ticks pass; the events seen on the way.
fn idle_until(run: &mut Run, stop: impl Fn(&Run) -> bool) -> Vec<RunEvent> {
    let mut seen = Vec::new();
    while !stop(run) && run.tick().get() < LIMIT {
        run.step(&[]);
        seen.extend_from_slice(run.events());
    }
    seen
}

/// Let the bot ski `run` until the run holds `coins` of its own (the coins it collects are all
/// a run has to pay with); the inputs it pressed, by tick.
fn ski_until_rich(run: &mut Run, coins: u32) -> Vec<TickInput> {
    let mut bot = Bot::new();
    let mut inputs = Vec::new();
    while run.coins() < coins && run.tick().get() < LIMIT {
        let actions = bot.actions(run);
        if !actions.is_empty() {
            inputs.push(TickInput {
                tick: run.tick(),
                actions: actions.clone(),
            });
        }
        run.step(&actions);
    }
    assert!(run.coins() >= coins, "the bot collected {coins} coins");
    inputs
}

/// Enough of the run's coins to pay a second chance after every crash's loss, and `extra`.
fn enough_for_a_chance(extra: u32) -> u32 {
    SECOND_CHANCE_PRICE + u32::from(ENDLESS_LIVES) * HIT_COIN_LOSS + extra
}

fn lives_lost(events: &[RunEvent]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|event| match event {
            RunEvent::LifeLost { lives_left } => Some(*lives_left),
            _ => None,
        })
        .collect()
}

#[test]
fn an_idle_endless_skier_loses_its_three_lives_and_the_run_ends() {
    let mut run = Run::unshot(Course::endless(SEED));
    let events = idle_until(&mut run, Run::is_finished);
    assert!(run.is_finished(), "the run ended by itself");
    assert_eq!(lives_lost(&events), [2, 1, 0]);
    assert_eq!(events.last(), Some(&RunEvent::OutOfLives));
    assert_eq!((run.hits(), run.stumbles()), (u32::from(ENDLESS_LIVES), 1));
    assert_eq!(run.ended_by(), Some(EndedBy::Lives));
    let summary = run.summary();
    assert_eq!(summary.ended_by, Some(EndedBy::Lives));
    assert_eq!(summary.lives_left, Some(0));
    assert!(!summary.finished);
    let ended = run.tick();
    run.step(&[Action::SecondChance]);
    assert_eq!(run.tick(), ended, "nothing happens after the end");
}

#[test]
fn a_second_chance_bought_with_coins_skis_on_with_one_life() {
    let mut run = Run::unshot(Course::endless(SEED));
    ski_until_rich(&mut run, enough_for_a_chance(SECOND_CHANCE_PRICE));
    idle_until(&mut run, |run| run.state() == SkierState::Down);
    assert_eq!(run.lives_left(), Some(0));
    let offer = run.second_chance_offer_s().expect("the chance is offered");
    assert!(offer > 0.0);
    let (z, coins) = (run.z(), run.coins());
    // The run holds while the offer stands.
    run.step(&[]);
    assert_eq!((run.z(), run.state()), (z, SkierState::Down));
    run.step(&[Action::SecondChance]);
    assert_eq!(run.events(), [RunEvent::SecondChanceTaken]);
    assert_eq!(run.lives_left(), Some(1));
    assert_eq!(run.coins(), coins - SECOND_CHANCE_PRICE);
    let events = idle_until(&mut run, Run::is_finished);
    // One chance per run: the next crash ends it at once.
    assert_eq!(lives_lost(&events), [0]);
    assert_eq!(events.last(), Some(&RunEvent::OutOfLives));
    assert!(run.z() > z);
}

#[test]
fn an_offer_left_unanswered_or_declined_ends_the_run() {
    let mut waited = Run::unshot(Course::endless(SEED));
    ski_until_rich(&mut waited, enough_for_a_chance(0));
    idle_until(&mut waited, |run| run.state() == SkierState::Down);
    assert!(
        waited.second_chance_offer_s().is_some(),
        "the chance is offered"
    );
    let down = waited.tick();
    idle_until(&mut waited, Run::is_finished);
    assert_eq!(waited.tick() - down, u64::from(SECOND_CHANCE_OFFER_TICKS));
    let mut declined = Run::unshot(Course::endless(SEED));
    ski_until_rich(&mut declined, enough_for_a_chance(0));
    idle_until(&mut declined, |run| run.state() == SkierState::Down);
    declined.step(&[Action::GiveUp]);
    assert!(declined.is_finished());
    assert_eq!(declined.events(), [RunEvent::OutOfLives]);
}

#[test]
fn a_crash_takes_only_the_runs_own_coins_and_never_more_than_it_holds() {
    let mut level = Run::unshot(Course::level(1, 1, None).expect("level 1"));
    let mut endless = Run::unshot(Course::endless(SEED));
    ski_until_rich(&mut endless, 2 * HIT_COIN_LOSS);
    for run in [&mut level, &mut endless] {
        while !run.is_finished() && run.tick().get() < LIMIT {
            let before = run.coins();
            run.step(&[]);
            for event in run.events() {
                if let RunEvent::ObstacleHit { coins_lost, .. } = *event {
                    assert!(
                        coins_lost <= HIT_COIN_LOSS.min(before),
                        "{coins_lost} of {before}"
                    );
                }
            }
        }
        assert!(run.hits() > 0, "the idle skier crashed");
    }
    // Levels have no lives: the idle skier crashes on to the finish.
    assert_eq!(level.lives_left(), None);
    assert!(level.summary().finished && level.hits() > u32::from(ENDLESS_LIVES));
    assert_eq!(level.summary().ended_by, None);
}

#[test]
fn a_bought_second_chance_replays_exactly() {
    let choice = CourseChoice::Endless {
        seed: SEED,
        distance: None,
    };
    let mut probe = Run::new(Course::endless(SEED));
    let mut inputs = ski_until_rich(&mut probe, enough_for_a_chance(0));
    idle_until(&mut probe, |run| run.state() == SkierState::Down);
    inputs.push(TickInput {
        tick: probe.tick() + 10,
        actions: vec![Action::SecondChance],
    });
    let course = build_course(choice).expect("Endless");
    let replay = play_inputs_bringing(choice, course, &inputs, LIMIT, Brought::default());
    let summary = replay.summary.clone().expect("a summary");
    assert_eq!(summary.ended_by, Some(EndedBy::Lives));
    assert_eq!(summary.hits, u32::from(ENDLESS_LIVES) + 1);
    let course = build_course(choice).expect("Endless");
    match verify(&replay, choice, course, &summary) {
        Verdict::Equal(again) => assert_eq!(again, summary),
        Verdict::Mismatch(m) => panic!("diverged: {m:?}"),
    }
}
