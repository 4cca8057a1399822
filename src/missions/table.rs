//! The mission table: one row per mission, graded from a first run's goals to a seasoned
//! player's. Missions are handed out in the table's order; past its end the table comes round
//! again with the goals counted over many runs doubled, tripled, … (and their rewards with them).

use crate::course::ShootingPosition;

/// What a mission counts, from the run's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Coins taken in one run.
    CoinsInRun,
    /// Coins taken over any number of runs.
    CoinsInAll,
    /// The longest line of coins taken in a row in one run.
    CoinLine,
    /// Orange hurdles (jump obstacles) jumped over.
    Hurdles,
    /// Bars and banners (duck obstacles) ducked under.
    Bars,
    /// Blocks passed at the last moment (near misses).
    NearMisses,
    /// Targets knocked down at the ranges.
    Targets,
    /// Stages shot clean (five rounds, five targets) in this position, or in either.
    CleanStages(Option<ShootingPosition>),
    /// Levels (or Dailies) finished without a crash.
    CleanFinishes,
    /// The longest stretch of Endless skied without a crash in one run, metres.
    EndlessWithoutCrash,
    /// Metres skied over any number of runs.
    MetresInAll,
}

impl Goal {
    /// Whether the goal is reached within one run (its progress is the best run's), rather
    /// than added up over runs.
    pub fn in_one_run(self) -> bool {
        matches!(
            self,
            Goal::CoinsInRun | Goal::CoinLine | Goal::EndlessWithoutCrash
        )
    }
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub goal: Goal,
    /// How much of the goal completes the mission.
    pub target: u32,
    /// Coins paid when it completes.
    pub reward: u32,
}

const fn row(goal: Goal, target: u32, reward: u32) -> Row {
    Row {
        goal,
        target,
        reward,
    }
}

/// The missions, in the order they are handed out: each three a little harder than the three
/// before, each three mixing a goal for the next run with one that takes a few.
pub const TABLE: [Row; 18] = [
    row(Goal::CoinsInRun, 50, 40),
    row(Goal::Hurdles, 5, 40),
    row(Goal::Targets, 5, 50),
    row(Goal::Bars, 8, 60),
    row(Goal::CleanStages(Some(ShootingPosition::Prone)), 1, 80),
    row(Goal::CoinLine, 25, 60),
    row(Goal::CoinsInRun, 150, 100),
    row(Goal::Hurdles, 10, 80),
    row(Goal::EndlessWithoutCrash, 1000, 100),
    row(Goal::NearMisses, 5, 100),
    row(Goal::CleanStages(Some(ShootingPosition::Standing)), 1, 150),
    row(Goal::CleanFinishes, 1, 150),
    row(Goal::CoinsInAll, 1000, 150),
    row(Goal::EndlessWithoutCrash, 2000, 200),
    row(Goal::Targets, 50, 150),
    row(Goal::CoinsInRun, 300, 250),
    row(Goal::CleanStages(None), 3, 250),
    row(Goal::MetresInAll, 20_000, 300),
];

/// A mission handed out: its place in the endless sequence of missions and its row, scaled for
/// the time round the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mission {
    /// Its number in the order missions are handed out, from 0.
    pub number: u32,
    pub goal: Goal,
    pub target: u32,
    pub reward: u32,
}

impl Mission {
    /// The `number`th mission handed out (from 0).
    pub fn nth(number: u32) -> Mission {
        let rows = TABLE.len() as u32;
        let row = TABLE[(number % rows) as usize];
        let round = number / rows + 1;
        // A goal of one run stays reachable in one run; a goal over runs grows with the round.
        let target = match row.goal.in_one_run() {
            true => row.target,
            false => row.target.saturating_mul(round),
        };
        Mission {
            number,
            goal: row.goal,
            target,
            reward: row.reward.saturating_mul(round),
        }
    }

    /// What the player is asked, in their words.
    pub fn text(&self) -> String {
        let n = self.target;
        let plural = |one: &str, many: &str| match n {
            1 => one.to_owned(),
            _ => format!("{n} {many}"),
        };
        match self.goal {
            Goal::CoinsInRun => format!("Collect {n} coins in one run"),
            Goal::CoinsInAll => format!("Collect {n} coins"),
            Goal::CoinLine => format!("Take a line of {n} coins in a row"),
            Goal::Hurdles => format!("Jump {} ", plural("an orange hurdle", "orange hurdles")),
            Goal::Bars => format!("Duck under {}", plural("a bar", "bars")),
            Goal::NearMisses => format!("Dodge {} at the last moment", plural("a block", "blocks")),
            Goal::Targets => format!("Knock down {}", plural("a target", "targets")),
            Goal::CleanStages(position) => {
                let kind = match position {
                    Some(ShootingPosition::Prone) => "prone ",
                    Some(ShootingPosition::Standing) => "standing ",
                    None => "",
                };
                match n {
                    1 => format!("Shoot a clean {kind}stage"),
                    _ => format!("Shoot {n} clean {kind}stages"),
                }
            }
            Goal::CleanFinishes => {
                format!("Finish {} without a crash", plural("a level", "levels"))
            }
            Goal::EndlessWithoutCrash => {
                format!("Ski {} of Endless without a crash", distance(n))
            }
            Goal::MetresInAll => format!("Ski {}", distance(n)),
        }
        .trim_end()
        .to_owned()
    }
}

/// Metres as a player reads them: "800 m", "2 km", "2.5 km".
pub fn distance(metres: u32) -> String {
    match (metres >= 1000, metres % 1000) {
        (false, _) => format!("{metres} m"),
        (true, 0) => format!("{} km", metres / 1000),
        (true, rest) => format!("{}.{} km", metres / 1000, rest / 100),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_examples_read_as_asked() {
        let texts: Vec<String> = (0..TABLE.len() as u32)
            .map(|n| Mission::nth(n).text())
            .collect();
        assert!(texts.contains(&"Collect 150 coins in one run".to_owned()));
        assert!(texts.contains(&"Shoot a clean prone stage".to_owned()));
        assert!(texts.contains(&"Jump 10 orange hurdles".to_owned()));
        assert!(texts.contains(&"Ski 2 km of Endless without a crash".to_owned()));
    }

    #[test]
    fn the_second_time_round_goals_over_runs_grow_and_goals_of_one_run_stay() {
        let rows = TABLE.len() as u32;
        let first = Mission::nth(0);
        let again = Mission::nth(rows);
        assert_eq!(
            (again.target, again.reward),
            (first.target, 2 * first.reward)
        );
        let hurdles = Mission::nth(1);
        assert_eq!(Mission::nth(rows + 1).target, 2 * hurdles.target);
    }

    #[test]
    fn rewards_grow_from_set_to_set() {
        let set_reward =
            |set: usize| -> u32 { TABLE[set * 3..set * 3 + 3].iter().map(|r| r.reward).sum() };
        for set in 1..TABLE.len() / 3 {
            assert!(set_reward(set) > set_reward(set - 1), "set {set}");
        }
    }
}
