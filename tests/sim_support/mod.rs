//! Hand-made courses and scripted play for the simulation tests.

#![allow(dead_code)]

use latu::course::{
    Coin, Course, CourseKind, Lane, Obstacle, ObstacleClass, SkierParams, StageSpot,
};
use latu::sim::{Action, Bot, Run};

/// A boxed per-tick script.
pub type Script = Box<dyn FnMut(&Run) -> Vec<Action>>;

/// 10 m/s, a 10-tick lane change, a 33-tick jump and a 36-tick duck.
pub const PARAMS: SkierParams = SkierParams {
    speed: 10.0,
    lane_change_s: 1.0 / 6.0,
    jump_length: 5.5,
    duck_length: 6.0,
};

/// A level course of `length` metres with these objects.
pub fn course(length: f64, obstacles: Vec<Obstacle>, coins: Vec<Coin>) -> Course {
    Course {
        kind: CourseKind::Level { level: 1, track: 1 },
        seed: 7,
        length: Some(length),
        skier: PARAMS,
        obstacles,
        coins,
        stages: Vec::new(),
        pickups: Vec::new(),
        ramps: Vec::new(),
        routes: Vec::new(),
        laid_out: length,
    }
}

/// A course with shooting stages.
pub fn course_with_stages(length: f64, obstacles: Vec<Obstacle>, stages: Vec<StageSpot>) -> Course {
    Course {
        stages,
        ..course(length, obstacles, Vec::new())
    }
}

pub fn obstacle(z: f64, class: ObstacleClass, lanes: &[u8], depth: f64) -> Obstacle {
    Obstacle {
        z,
        class,
        lanes: lanes.iter().map(|&n| lane(n)).collect(),
        look: 0,
        depth,
        motion: None,
    }
}

pub fn coin(z: f64, number: u8, y: f64) -> Coin {
    Coin {
        z,
        lane: lane(number),
        y,
    }
}

/// The lane numbered `number` (0 = left): scenarios name lanes by number.
pub fn lane(number: u8) -> Lane {
    Lane::new(number).expect("a scenario names one of the three lanes")
}

/// Play `course` to the end; `script` gives each tick's actions from the run as it stands.
/// The run's forgiven first crash is spent: every obstacle met is a hit (the hit rules alone).
pub fn play(course: Course, script: impl FnMut(&Run) -> Vec<Action>) -> Run {
    play_on(Run::new(course).stumble_spent(), script)
}

/// Play `run` on to its end; `script` gives each tick's actions from the run as it stands.
pub fn play_on(mut run: Run, mut script: impl FnMut(&Run) -> Vec<Action>) -> Run {
    let mut guard = 0;
    while !run.is_finished() {
        let actions = script(&run);
        run.step(&actions);
        guard += 1;
        assert!(guard < 1_000_000, "the run never finished");
    }
    run
}

/// Play `run` on to its end with the bot pressing every action.
pub fn bot_play(run: Run) -> Run {
    let mut bot = Bot::new();
    play_on(run, |run| bot.actions(run))
}

/// A script that presses `action` once, on the first tick the skier has reached `z`.
pub fn at_z(z: f64, action: Action) -> impl FnMut(&Run) -> Vec<Action> {
    let mut done = false;
    move |run: &Run| {
        if !done && run.z() >= z {
            done = true;
            vec![action]
        } else {
            Vec::new()
        }
    }
}

/// A script that presses `action` on tick `tick`.
pub fn at_tick(tick: u64, action: Action) -> impl FnMut(&Run) -> Vec<Action> {
    move |run: &Run| {
        if run.tick().get() == tick {
            vec![action]
        } else {
            Vec::new()
        }
    }
}
