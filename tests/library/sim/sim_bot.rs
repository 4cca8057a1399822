//! The bot clears courses without a hit, acting through the same per-tick actions a player has.

use crate::sim_support;

use latu::course::{Course, Obstacle, ObstacleClass, SkierParams};
use latu::sim::{Action, Bot, Run};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sim_support::{bot_play, course, obstacle, play};

/// A made-up course: a row every `spacing` metres, each one of the kinds a layout can make.
fn rows(seed: u64, speed: f64, spacing: f64, count: u32) -> Course {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut obstacles: Vec<Obstacle> = Vec::new();
    for row in 0..count {
        let z = 40.0 + f64::from(row) * spacing;
        let free: u8 = rng.gen_range(0..3);
        let others: Vec<u8> = (0..3).filter(|&l| l != free).collect();
        match rng.gen_range(0..6) {
            0 => obstacles.push(obstacle(z, ObstacleClass::Jump, &[0, 1, 2], 1.0)),
            1 => obstacles.push(obstacle(z, ObstacleClass::Duck, &[0, 1, 2], 0.5)),
            2 => obstacles.push(obstacle(z, ObstacleClass::Dodge, &[others[0]], 1.0)),
            3 => obstacles.push(obstacle(z, ObstacleClass::Dodge, &others, 1.5)),
            4 => {
                obstacles.push(obstacle(z, ObstacleClass::Dodge, &others, 1.0));
                obstacles.push(obstacle(z, ObstacleClass::Duck, &[free], 0.5));
            }
            _ => {
                obstacles.push(obstacle(z, ObstacleClass::Dodge, &others, 1.0));
                obstacles.push(obstacle(z, ObstacleClass::Jump, &[free], 1.0));
            }
        }
    }
    let mut course = course(80.0 + f64::from(count) * spacing, obstacles, vec![]);
    course.skier = SkierParams {
        speed,
        lane_change_s: 0.18,
        jump_length: speed * 0.55,
        duck_length: speed * 0.6,
    };
    course
}

#[test]
fn the_bot_clears_made_up_courses_at_every_speed() {
    for (seed, speed, spacing) in [
        (1, 8.0, 18.0),
        (2, 10.0, 20.0),
        (3, 13.0, 24.0),
        (4, 16.0, 28.0),
    ] {
        let run = bot_play(Run::new(rows(seed, speed, spacing, 150)));
        assert!(run.is_finished());
        assert_eq!(run.hits(), 0, "seed {seed} at {speed} m/s");
    }
}

#[test]
fn without_the_bot_the_same_courses_hit() {
    let run = play(rows(2, 10.0, 20.0, 150), |_| Vec::new());
    assert!(run.hits() > 30, "the made-up courses are not trivial");
}

#[test]
fn the_bot_waits_a_reaction_time_before_its_first_action() {
    // An obstacle right at the start cannot be avoided: the bot sees it 15 ticks late.
    let mut early = rows(5, 10.0, 20.0, 1);
    early.obstacles = vec![obstacle(2.0, ObstacleClass::Dodge, &[1], 1.0)];
    let mut bot = Bot::new();
    let mut first_action = None;
    let run = play(early, |run| {
        let actions = bot.actions(run);
        if first_action.is_none() && !actions.is_empty() {
            first_action = Some(run.tick());
        }
        actions
    });
    assert_eq!(run.hits(), 1);
    assert!(first_action.is_none_or(|tick| tick.get() >= 15));
}

#[test]
fn the_bot_presses_player_actions_only() {
    let mut bot = Bot::new();
    let mut pressed = Vec::new();
    play(rows(6, 10.0, 20.0, 30), |run| {
        let actions = bot.actions(run);
        pressed.extend(actions.iter().copied());
        actions
    });
    assert!(pressed.contains(&Action::Jump) && pressed.contains(&Action::Duck));
    assert!(pressed.contains(&Action::Left) || pressed.contains(&Action::Right));
}
