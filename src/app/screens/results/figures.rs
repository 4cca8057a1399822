//! The results' figures as a player reads them, label and value: score, time or distance,
//! coins, obstacles, shooting.

use super::FinishedRun;
use crate::app::run::hud::{clock, gap_text};
use crate::replay::CourseChoice;

/// The shooting's two figures' labels.
pub(super) const SHOTS_MISSED: &str = "Shots missed";
pub(super) const PENALTY_LOOPS: &str = "Penalty loops";

/// The figures a player reads, label and value.
pub(super) fn figures(run: &FinishedRun) -> Vec<(&'static str, String)> {
    let s = &run.summary;
    let main = match run.choice {
        CourseChoice::Endless { .. } => ("Distance", format!("{:.0} m", s.distance)),
        CourseChoice::Level { .. } => ("Time", clock(s.time_s)),
    };
    let lives = s.lives_left.map(|left| ("Lives left", left.to_string()));
    let mut figures = vec![("Score", s.score.to_string())];
    // The day's course says so, and which day: it is listed under that day.
    figures.extend(run.daily.map(|day| ("Daily", day.to_string())));
    figures.push(main);
    figures.extend(lives);
    if let Some(gap) = run.ghost_gap_s {
        // The gap is to the run raced: a world run is named, never taken for your own best
        // (which the title's record line keeps saying).
        figures.push(match &run.raced {
            Some(name) => ("Against", format!("{name} {}", gap_text(gap))),
            None => ("Against your best", gap_text(gap)),
        });
    }
    figures.extend([
        ("Coins earned", coins_text(run)),
        (
            "Obstacles hit",
            with_time_lost(s.hits, s.obstacle_time_lost_s),
        ),
    ]);
    // Before any range (an Endless run ended early) there were no shots to count.
    if s.shots > 0 {
        figures.extend([
            (SHOTS_MISSED, format!("{} of {}", s.misses, s.shots)),
            (
                PENALTY_LOOPS,
                with_time_lost(penalty_loops(run), s.penalty_time_s),
            ),
        ]);
    }
    figures
}

/// What the run itself earned, and beside it the purse it leaves, labelled ("39 · purse 380"):
/// the purse is not the run's doing (a run brings none of it). Always both, an empty purse
/// before too (a first run's "39 · purse 39"): the player reads what the coins came to.
fn coins_text(run: &FinishedRun) -> String {
    let won = run.summary.coins_won();
    format!("{won} · purse {}", run.purse_before.saturating_add(won))
}

/// The penalty loops the run skied.
fn penalty_loops(run: &FinishedRun) -> u32 {
    (run.summary.penalty_m / crate::shooting::reward::PENALTY_LOOP_M).round() as u32
}

/// The figures with "Shots missed" and "Penalty loops" in one row ("Shooting": "1/5 missed ·
/// 1 loop"), for a card short of room.
pub(super) fn fold_shooting(
    run: &FinishedRun,
    figures: Vec<(&'static str, String)>,
) -> Vec<(&'static str, String)> {
    let s = &run.summary;
    let loops = match penalty_loops(run) {
        1 => "1 loop".to_owned(),
        n => format!("{n} loops"),
    };
    let shooting = format!("{}/{} missed · {loops}", s.misses, s.shots);
    figures
        .into_iter()
        .filter(|(label, _)| *label != PENALTY_LOOPS)
        .map(|(label, value)| match label {
            SHOTS_MISSED => ("Shooting", shooting.clone()),
            _ => (label, value),
        })
        .collect()
}

/// A count and the time it cost, when it cost any ("2 · +4.1 s lost", or just "0").
pub(super) fn with_time_lost(count: u32, lost_s: f64) -> String {
    if count == 0 {
        "0".to_owned()
    } else {
        format!("{count} · +{lost_s:.1} s lost")
    }
}
