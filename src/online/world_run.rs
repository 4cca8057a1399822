//! A run downloaded from a board (`GET /v1/runs/{id}/replay`) before it is watched or raced: it
//! must be a run of the board it was asked from, pass the strict check the server makes before
//! ranking (the course as the game starts it — a level's table seed, the day's daily, Endless
//! without a set length — the rules, the labels a re-play records), have sane figures and
//! re-play to what it records. A level-2 run served for a level-1 board, or an Endless run with
//! a set length of 1e300 m, is refused with a sentence.

use super::contract::Board;
use crate::replay::untrusted::{self, Checked};
use crate::replay::{check_strictly, Replay};

/// Check `replay`, downloaded as a run of `board`; why not, as words that follow "the run
/// cannot be used: ".
pub fn check_world_run(replay: &Replay, board: Board) -> Result<Checked, String> {
    let ranks_on = Board::of_replay(replay);
    if ranks_on != Some(board) {
        let on = ranks_on.map_or_else(|| "no board".to_owned(), |other| other.name());
        return Err(format!(
            "it was served for the {} board but is a run of {on}",
            board.name()
        ));
    }
    let choice = replay.course_choice()?;
    let day = match board {
        Board::Daily(day) => Some(day),
        Board::Track { .. } | Board::Endless => None,
    };
    check_strictly(replay, choice, day)?;
    untrusted::check(replay).map_err(|refusal| refusal.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;
    use crate::replay::{record_bot, CourseChoice};

    /// A bot's run of `level`'s track 1 (stopped early: the checks do not need a whole run).
    fn level_run(level: u8) -> Replay {
        let course = Course::level(level, 1, None).expect("a table level");
        record_bot(CourseChoice::of(&course), course, 600)
    }

    #[test]
    fn a_run_of_another_board_is_refused() {
        let run = level_run(2);
        let asked = Board::Track { level: 1, track: 1 };
        let said = check_world_run(&run, asked).expect_err("another board's run");
        assert!(
            said.contains("level-1-track-1") && said.contains("level-2-track-1"),
            "{said}"
        );
        assert!(check_world_run(&run, Board::Track { level: 2, track: 1 }).is_ok());
    }

    #[test]
    fn an_endless_run_with_a_set_length_is_refused() {
        let course = Course::endless(crate::course::levels::ENDLESS.seed);
        let mut run = record_bot(CourseChoice::of(&course), course, 600);
        assert!(check_world_run(&run, Board::Endless).is_ok());
        run.endless_distance = Some(1e300);
        assert!(check_world_run(&run, Board::Endless).is_err());
    }
}
