//! The local results list: the ten best runs of each level and track (by time, then misses) and
//! the ten longest Endless runs. No dates: the core has no clock.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::course::daily::Date;
use crate::course::levels;
use crate::sim::Medal;
use crate::storage::file::{Document, Repairs};
use crate::storage::settings::tidy_name;

/// Results kept per level and track, and for Endless.
pub const MAX_RESULTS: usize = 10;

/// Longest run a result may record, seconds: a day, far beyond any real run (the headless
/// replays stop at an hour) and short enough to name its replay file.
pub const MAX_RESULT_SECONDS: f64 = 86_400.0;
/// Longest Endless run a result may record, metres: a day at twice the top speed.
pub const MAX_RESULT_DISTANCE: f64 = 86_400.0 * 80.0;
/// Most coins or misses a result may record: no run collects or misses this many.
pub const MAX_RESULT_COUNT: u32 = 999_999;

/// A kept result: who ran it, what the run gathered, and its kind (a level's track, a day's
/// daily course or Endless: what lists it and ranks it there). On disk the kind's fields sit
/// beside the others, as they did when each kind had its own struct, so files written before
/// load unchanged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KeptResult<K> {
    #[serde(flatten)]
    pub kind: K,
    pub name: String,
    /// Shots that missed.
    pub misses: u32,
    pub coins: u32,
    /// The run's score and medal (results saved before scores were kept have 0 and none).
    #[serde(default)]
    pub score: u32,
    #[serde(default)]
    pub medal: Medal,
}

/// A run of a level's table track (runs on another seed do not belong in the lists).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelRun {
    /// Level 1–5.
    pub level: u8,
    /// Track 1–3 of the level.
    pub track: u8,
    /// Finish time, seconds.
    pub time_s: f64,
}

/// An Endless run: it ends wherever the player stopped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EndlessRun {
    /// Metres skied.
    pub distance: f64,
}

/// A run of a day's daily course.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DailyRun {
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// Finish time, seconds.
    pub time_s: f64,
}

/// A finished level run.
pub type RunResult = KeptResult<LevelRun>;
/// A finished Endless run.
pub type EndlessResult = KeptResult<EndlessRun>;
/// A finished run of a daily course.
pub type DailyResult = KeptResult<DailyRun>;

/// What a kind of result brings to its list: its check, its order and its group.
trait ResultKind: Sized {
    /// The result as a message names it ("a run of level 1 track 2").
    fn what(&self) -> String;
    /// `Err` for a result no run could give (an unknown level, a time or distance out of
    /// reach); the message says which value and why.
    fn check(&self) -> Result<(), InvalidResult>;
    /// The better of two results of one group first.
    fn order(a: &KeptResult<Self>, b: &KeptResult<Self>) -> Ordering;
    /// Whether two results are ranked in the same group (the same level and track, the same day).
    fn same_group(&self, other: &Self) -> bool;
}

impl ResultKind for LevelRun {
    fn what(&self) -> String {
        format!("a run of level {} track {}", self.level, self.track)
    }

    fn check(&self) -> Result<(), InvalidResult> {
        if levels::level(self.level)
            .and_then(|spec| spec.seed(self.track))
            .is_none()
        {
            return Err(InvalidResult(format!(
                "{}: no such level and track",
                self.what()
            )));
        }
        check_time(&self.what(), self.time_s)
    }

    /// Faster first, then fewer misses.
    fn order(a: &RunResult, b: &RunResult) -> Ordering {
        (a.kind.time_s.total_cmp(&b.kind.time_s)).then(a.misses.cmp(&b.misses))
    }

    fn same_group(&self, other: &Self) -> bool {
        (self.level, self.track) == (other.level, other.track)
    }
}

impl ResultKind for EndlessRun {
    fn what(&self) -> String {
        "an Endless run".to_owned()
    }

    fn check(&self) -> Result<(), InvalidResult> {
        if self.distance.is_finite() && (0.0..=MAX_RESULT_DISTANCE).contains(&self.distance) {
            Ok(())
        } else {
            Err(InvalidResult(format!(
                "{}: distance {} m is not a run's distance",
                self.what(),
                shorten(self.distance)
            )))
        }
    }

    /// Longer first.
    fn order(a: &EndlessResult, b: &EndlessResult) -> Ordering {
        b.kind.distance.total_cmp(&a.kind.distance)
    }

    fn same_group(&self, _: &Self) -> bool {
        true
    }
}

impl ResultKind for DailyRun {
    fn what(&self) -> String {
        format!("a daily run of {}", crate::storage::quoted(&self.date))
    }

    fn check(&self) -> Result<(), InvalidResult> {
        if Date::parse(&self.date).is_err() {
            return Err(InvalidResult(format!("{}: not a date", self.what())));
        }
        check_time(&self.what(), self.time_s)
    }

    /// A higher score first, then the faster.
    fn order(a: &DailyResult, b: &DailyResult) -> Ordering {
        b.score
            .cmp(&a.score)
            .then(a.kind.time_s.total_cmp(&b.kind.time_s))
    }

    fn same_group(&self, other: &Self) -> bool {
        self.date == other.date
    }
}

/// `Err` for a result no run could give (its kind's values, or coins and misses no run
/// reaches); the message says which value and why.
fn check<K: ResultKind>(run: &KeptResult<K>) -> Result<(), InvalidResult> {
    run.kind.check()?;
    let what = run.kind.what();
    for (count, name) in [(run.coins, "coins"), (run.misses, "misses")] {
        if count > MAX_RESULT_COUNT {
            return Err(InvalidResult(format!(
                "{what}: {count} {name} is more than any run has"
            )));
        }
    }
    Ok(())
}

/// Days whose daily results are kept (the most recent ones).
pub const DAILY_DAYS_KEPT: usize = 30;

/// A result that cannot be listed; the message says which value and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidResult(String);

impl fmt::Display for InvalidResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidResult {}

/// Every kept result, saved as `results.json`. Always sorted and trimmed: level runs grouped by
/// level and track, fastest first (fewer misses first on equal times); Endless longest first;
/// an earlier result stays ahead of a later equal one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Results {
    runs: Vec<RunResult>,
    endless: Vec<EndlessResult>,
    /// Daily runs grouped by day, the latest day first, best score first within a day.
    daily: Vec<DailyResult>,
}

impl Results {
    /// The best runs of a level's track, best first (at most [`MAX_RESULTS`]).
    pub fn top(&self, level: u8, track: u8) -> Vec<&RunResult> {
        self.runs
            .iter()
            .filter(|run| (run.kind.level, run.kind.track) == (level, track))
            .collect()
    }

    /// Whether `level` is open: level 1 always; another once a run of the level before it (any
    /// track) has finished (every finished run of a table track is listed unless ten better are).
    pub fn opens(&self, level: u8) -> bool {
        level <= 1 || self.runs.iter().any(|run| run.kind.level + 1 == level)
    }

    /// The best medal kept for a level's track.
    pub fn best_medal(&self, level: u8, track: u8) -> Medal {
        self.top(level, track)
            .iter()
            .map(|run| run.medal)
            .max()
            .unwrap_or(Medal::None)
    }

    /// The longest Endless run kept, metres.
    pub fn best_endless_distance(&self) -> Option<f64> {
        self.endless.first().map(|run| run.kind.distance)
    }

    /// The best score kept for a level's track (`None`: no result kept yet).
    pub fn best_score(&self, level: u8, track: u8) -> Option<u32> {
        self.top(level, track).iter().map(|run| run.score).max()
    }

    /// The longest Endless runs, longest first (at most [`MAX_RESULTS`]).
    pub fn endless(&self) -> &[EndlessResult] {
        &self.endless
    }

    /// Add a finished run (its name tidied). Returns its place from 0 if it made the list,
    /// `None` if ten better or equal runs are already kept.
    pub fn add_run(&mut self, run: RunResult) -> Result<Option<usize>, InvalidResult> {
        let place = placed(&mut self.runs, run)?;
        if place.is_some() {
            self.sort_and_trim();
        }
        Ok(place)
    }

    /// The best daily runs of `date` (`YYYY-MM-DD`), best score first (at most [`MAX_RESULTS`]).
    pub fn daily(&self, date: &str) -> Vec<&DailyResult> {
        self.daily
            .iter()
            .filter(|run| run.kind.date == date)
            .collect()
    }

    /// Every kept daily run: the latest day first, best score first within a day.
    pub fn all_daily(&self) -> &[DailyResult] {
        &self.daily
    }

    /// Add a daily run (its name tidied). Returns its place from 0 on its day if it made the list.
    pub fn add_daily(&mut self, run: DailyResult) -> Result<Option<usize>, InvalidResult> {
        let place = placed(&mut self.daily, run)?;
        if place.is_some() {
            self.sort_and_trim();
        }
        Ok(place)
    }

    /// Add an Endless run (its name tidied). Returns its place from 0 if it made the list.
    pub fn add_endless(&mut self, run: EndlessResult) -> Result<Option<usize>, InvalidResult> {
        let place = placed(&mut self.endless, run)?;
        if place.is_some() {
            self.sort_and_trim();
        }
        Ok(place)
    }

    /// Add every entry of `waiting` (runs that waited while this list could not be read);
    /// what cannot be listed is said.
    pub(in crate::storage) fn absorb(&mut self, waiting: &Results) -> Vec<InvalidResult> {
        let mut refused = Vec::new();
        for run in &waiting.runs {
            refused.extend(self.add_run(run.clone()).err());
        }
        for run in &waiting.endless {
            refused.extend(self.add_endless(run.clone()).err());
        }
        for run in &waiting.daily {
            refused.extend(self.add_daily(run.clone()).err());
        }
        refused
    }

    /// Whether no run is kept.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty() && self.endless.is_empty() && self.daily.is_empty()
    }

    /// Sort both lists (stably, so earlier equal results stay ahead) and keep the best
    /// [`MAX_RESULTS`] of each group. Returns what was cut.
    fn sort_and_trim(&mut self) -> Vec<String> {
        self.runs.sort_by(|a, b| {
            (a.kind.level, a.kind.track)
                .cmp(&(b.kind.level, b.kind.track))
                .then_with(|| LevelRun::order(a, b))
        });
        self.endless.sort_by(EndlessRun::order);
        let mut cut = Vec::new();
        let mut kept_in_group = 0;
        let mut group = None;
        self.runs.retain(|run| {
            if group != Some((run.kind.level, run.kind.track)) {
                group = Some((run.kind.level, run.kind.track));
                kept_in_group = 0;
            }
            kept_in_group += 1;
            let keep = kept_in_group <= MAX_RESULTS;
            if !keep {
                cut.push(format!(
                    "a run of level {} track {} beyond the best {MAX_RESULTS}",
                    run.kind.level, run.kind.track
                ));
            }
            keep
        });
        for _ in self.endless.drain(self.endless.len().min(MAX_RESULTS)..) {
            cut.push(format!("an Endless run beyond the best {MAX_RESULTS}"));
        }
        cut.extend(self.trim_daily());
        cut
    }

    /// Latest day first, best first within a day; the best [`MAX_RESULTS`] of each of the
    /// [`DAILY_DAYS_KEPT`] latest days kept.
    fn trim_daily(&mut self) -> Vec<String> {
        self.daily.sort_by(|a, b| {
            b.kind
                .date
                .cmp(&a.kind.date)
                .then_with(|| DailyRun::order(a, b))
        });
        let mut cut = Vec::new();
        let (mut days, mut in_day, mut day) = (0, 0, None::<String>);
        self.daily.retain(|run| {
            if day.as_deref() != Some(run.kind.date.as_str()) {
                day = Some(run.kind.date.clone());
                days += 1;
                in_day = 0;
            }
            in_day += 1;
            let keep = days <= DAILY_DAYS_KEPT && in_day <= MAX_RESULTS;
            if !keep {
                cut.push(format!(
                    "a daily run of {} beyond those kept",
                    run.kind.date
                ));
            }
            keep
        });
        cut
    }
}

impl Document for Results {
    /// Drop results that cannot be (an unknown level or track, a negative or non-finite time
    /// or distance), tidy names, sort, and cut each list to [`MAX_RESULTS`].
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        self.runs
            .retain(|run| note_invalid(check(run), &mut repairs.dropped));
        self.endless
            .retain(|run| note_invalid(check(run), &mut repairs.dropped));
        self.daily
            .retain(|run| note_invalid(check(run), &mut repairs.dropped));
        let names = self
            .runs
            .iter_mut()
            .map(|run| &mut run.name)
            .chain(self.endless.iter_mut().map(|run| &mut run.name))
            .chain(self.daily.iter_mut().map(|run| &mut run.name));
        for name in names {
            let tidy = tidy_name(name);
            if tidy != *name {
                repairs.adjusted.push(format!(
                    "name {:?} shortened or tidied to {tidy:?}",
                    crate::storage::quoted(name)
                ));
                *name = tidy;
            }
        }
        repairs.dropped.extend(self.sort_and_trim());
        repairs
    }
}

/// Add `run` (its name tidied) to `list` if it is among the best [`MAX_RESULTS`] of its group;
/// its place there from 0, `None` if as many better or equal runs are kept.
fn placed<K: ResultKind>(
    list: &mut Vec<KeptResult<K>>,
    mut run: KeptResult<K>,
) -> Result<Option<usize>, InvalidResult> {
    check(&run)?;
    run.name = tidy_name(&run.name);
    let place = list
        .iter()
        .filter(|kept| kept.kind.same_group(&run.kind) && K::order(kept, &run) != Ordering::Greater)
        .count();
    if place >= MAX_RESULTS {
        return Ok(None);
    }
    list.push(run);
    Ok(Some(place))
}

fn note_invalid(check: Result<(), InvalidResult>, dropped: &mut Vec<String>) -> bool {
    match check {
        Ok(()) => true,
        Err(error) => {
            dropped.push(error.0);
            false
        }
    }
}

/// A finish time no run takes (negative, not a number, over a day) is a damaged entry.
fn check_time(what: &str, time_s: f64) -> Result<(), InvalidResult> {
    if time_s.is_finite() && (0.0..=MAX_RESULT_SECONDS).contains(&time_s) {
        Ok(())
    } else {
        Err(InvalidResult(format!(
            "{what}: time {} s is not a run's time",
            shorten(time_s)
        )))
    }
}

/// A figure as a reader can take it in: huge values in scientific notation, not 300 digits.
fn shorten(value: f64) -> String {
    if value.abs() < 1e9 {
        value.to_string()
    } else {
        format!("{value:.3e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(level: u8, track: u8, time_s: f64, misses: u32) -> RunResult {
        RunResult {
            kind: LevelRun {
                level,
                track,
                time_s,
            },
            name: format!("{time_s}/{misses}"),
            misses,
            coins: 0,
            score: 0,
            medal: Medal::None,
        }
    }

    #[test]
    fn groups_stay_apart() {
        let mut results = Results::default();
        results.add_run(run(1, 1, 90.0, 0)).expect("valid");
        results.add_run(run(1, 2, 80.0, 0)).expect("valid");
        results.add_run(run(2, 1, 70.0, 0)).expect("valid");
        assert_eq!(results.top(1, 1).len(), 1);
        assert_eq!(results.top(1, 2)[0].kind.time_s, 80.0);
        assert!(results.top(3, 1).is_empty());
    }

    #[test]
    fn invalid_runs_are_refused_with_the_reason() {
        let mut results = Results::default();
        let error = results.add_run(run(6, 1, 90.0, 0)).expect_err("no level 6");
        assert!(error.to_string().contains("level 6 track 1"), "{error}");
        let error = results.add_run(run(1, 4, 90.0, 0)).expect_err("no track 4");
        assert!(
            error.to_string().contains("no such level and track"),
            "{error}"
        );
        let error = results
            .add_run(run(1, 1, f64::NAN, 0))
            .expect_err("NaN time");
        assert!(error.to_string().contains("time NaN s"), "{error}");
        let error = results
            .add_run(run(1, 1, 1e300, 0))
            .expect_err("no run lasts that long");
        assert!(error.to_string().contains("1.000e300 s"), "{error}");
        let mut greedy = run(1, 1, 90.0, 0);
        greedy.coins = u32::MAX;
        let error = results
            .add_run(greedy)
            .expect_err("no run has that many coins");
        assert!(error.to_string().contains("4294967295 coins"), "{error}");
        assert_eq!(results, Results::default());
    }
}
