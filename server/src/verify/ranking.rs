//! What the server checks of a submitted run before it ranks it, on a verification worker:
//! the bytes are a replay of these rules, on its board's course, inside its day for a daily,
//! re-played strictly by the library (the server's own score, time and misses), finished where
//! a board needs a finish.

use crate::limits::clock::{day_start_us, rfc3339, S_PER_DAY, US_PER_S};
use crate::players::identity::hex;
use latu::course::Course;
use latu::online::contract::{check_shape, Prints, Reason};
use latu::online::Board;
use latu::replay::{record_player_skied, CourseChoice, TickInput, MAX_TICKS};
use latu::replay::{verify_strictly_skied, ErrorKind, Replay, StrictError};
use latu::shooting::Rifle;
use latu::sim::Summary;
use latu::sim::{Bot, Brought};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// How long after its day's end a daily still takes runs (a run finished at 23:59 arrives).
pub const DAILY_GRACE_S: i64 = 3_600;

/// A run the server re-played and will rank.
#[derive(Debug, Clone)]
pub struct Verified {
    pub board: Board,
    /// The server's own re-play.
    pub summary: Summary,
    /// SHA-256 of the inputs (hex): equal inputs, equal digests.
    pub inputs_sha256: String,
    /// The rifle the run was shot with.
    pub rifle: Rifle,
    /// The inputs as the near-copy check compares them.
    pub prints: Prints,
}

/// Why a submitted run is refused (the answer's body is the contract's `Refusal`): the reason
/// (the metrics' label), the status class and the sentence the client reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunRefusal {
    pub reason: Reason,
    /// `false`: the body is not a replay at all (400); `true`: the re-play refuses it (422).
    pub replayed: bool,
    pub sentence: String,
}

impl RunRefusal {
    fn not_a_replay(sentence: String) -> Self {
        Self {
            reason: Reason::NotAReplay,
            replayed: false,
            sentence,
        }
    }

    fn refused(reason: Reason, sentence: String) -> Self {
        Self {
            reason,
            replayed: true,
            sentence,
        }
    }
}

/// Check and re-play the replay in `body` as of `now_us` (the server's clock).
pub fn check_run(body: &[u8], now_us: i64) -> Result<Verified, RunRefusal> {
    let replay = Replay::from_bytes(body).map_err(refusal_of_load)?;
    check_shape(body, &replay.to_value()).map_err(|why| {
        RunRefusal::not_a_replay(format!(
            "the body is not one JSON object with the replay's own fields: {why}"
        ))
    })?;
    let board = Board::of_replay(&replay).ok_or_else(|| {
        RunRefusal::refused(
            Reason::NotTheBoardsCourse,
            format!(
                "the replay names no board: level {} track {} seed {} is not a course of the \
                 game's table (each level's track has its own seed)",
                replay.level.map_or("none".to_string(), |l| l.to_string()),
                replay.track.map_or("none".to_string(), |t| t.to_string()),
                replay.seed
            ),
        )
    })?;
    if let Board::Daily(day) = board {
        check_day(day, now_us)?;
    }
    let date = match board {
        Board::Daily(day) => Some(day),
        Board::Track { .. } | Board::Endless => None,
    };
    let (summary, stretches) =
        verify_strictly_skied(&replay, date).map_err(|e| refusal_of_strict(&e))?;
    if board.needs_finish() && !summary.finished {
        return Err(RunRefusal::refused(
            Reason::Unfinished,
            format!("the run did not reach the finish of {board}: only finished runs are ranked"),
        ));
    }
    let prints = Prints::of(&replay.inputs, &stretches);
    if let Some(bot) = bot_run(board, replay.rifle) {
        if bot.inputs == replay.inputs || bot.prints.copies(&prints) {
            return Err(RunRefusal::refused(
                Reason::CopiedGhost,
                format!(
                    "the run's skiing is the game's own perfect bot's run of {board} (latu \
                     simulate --bot): its lane changes, jumps and ducks pair with the bot's as a \
                     near-copy's do; a bot's run is not ranked"
                ),
            ));
        }
    }
    let inputs = serde_json::to_vec(&replay.inputs).expect("inputs encode as JSON");
    Ok(Verified {
        board,
        summary,
        inputs_sha256: hex(&Sha256::digest(&inputs)),
        rifle: replay.rifle,
        prints,
    })
}

/// The game's own perfect bot's run of a board: its inputs and their prints.
#[derive(Debug, Clone)]
struct BotRun {
    inputs: Vec<TickInput>,
    prints: Prints,
}

/// Boards whose perfect-bot inputs are kept (a board's are made once: a moment of re-play).
const BOT_BOARDS_KEPT: usize = 64;

/// The game's perfect bot's run of `board` with `rifle` (`latu simulate --bot`), made once per
/// board and kept; `None` for Endless, which the bot would ski for the hour cap.
fn bot_run(board: Board, rifle: Rifle) -> Option<BotRun> {
    static KEPT: Mutex<BTreeMap<(Board, Rifle), BotRun>> = Mutex::new(BTreeMap::new());
    if let Some(kept) = KEPT.lock().ok()?.get(&(board, rifle)) {
        return Some(kept.clone());
    }
    let course = match board {
        Board::Daily(day) => Course::daily(day).ok()?,
        Board::Track { level, track } => Course::level(level, track, None).ok()?,
        Board::Endless => return None,
    };
    let brought = Brought { rifle };
    let choice = CourseChoice::of(&course);
    let (replay, stretches) = record_player_skied(choice, course, MAX_TICKS, Bot::new(), brought);
    let bot = BotRun {
        prints: Prints::of(&replay.inputs, &stretches),
        inputs: replay.inputs,
    };
    let mut kept = KEPT.lock().ok()?;
    if kept.len() >= BOT_BOARDS_KEPT {
        kept.clear();
    }
    kept.insert((board, rifle), bot.clone());
    Some(bot)
}

/// A daily takes runs from its day's start (UTC) to an hour after its end.
fn check_day(day: latu::course::daily::Date, now_us: i64) -> Result<(), RunRefusal> {
    let opens = day_start_us(day);
    let closes = opens + (S_PER_DAY + DAILY_GRACE_S) * US_PER_S;
    if now_us < opens {
        return Err(RunRefusal::refused(
            Reason::DailyOutsideDay,
            format!(
                "the daily of {day} has not begun: it is {} on the server's UTC clock",
                rfc3339(now_us)
            ),
        ));
    }
    if now_us >= closes {
        return Err(RunRefusal::refused(
            Reason::DailyOutsideDay,
            format!(
                "the daily of {day} closed at {} (its day plus an hour, UTC); it is {} on the \
                 server's clock",
                rfc3339(closes),
                rfc3339(now_us)
            ),
        ));
    }
    Ok(())
}

fn refusal_of_load(kind: ErrorKind) -> RunRefusal {
    match kind {
        ErrorKind::OtherRules(rules) => RunRefusal::refused(
            Reason::OtherRules,
            format!("the replay {}", latu::replay::rules_sentence(rules)),
        ),
        ErrorKind::Impossible(why) => RunRefusal::refused(
            Reason::Tampered,
            format!("the replay is not a run the game could record: {why}"),
        ),
        ErrorKind::NotJson(why) => RunRefusal::not_a_replay(format!("the body is not JSON: {why}")),
        ErrorKind::OtherVersion(Some(found)) => RunRefusal::not_a_replay(format!(
            "the replay has format_version {found}; the server reads versions {} to {}",
            latu::replay::OLDEST_FORMAT_READ,
            latu::replay::FORMAT_VERSION
        )),
        ErrorKind::OtherVersion(None) => RunRefusal::not_a_replay(format!(
            "the body is not a replay: it has no format_version (the server reads versions {} \
             to {})",
            latu::replay::OLDEST_FORMAT_READ,
            latu::replay::FORMAT_VERSION
        )),
        ErrorKind::Invalid(why) => {
            RunRefusal::not_a_replay(format!("the body is not a valid replay: {why}"))
        }
        ErrorKind::Missing
        | ErrorKind::Unreadable(_)
        | ErrorKind::TooLarge(_)
        | ErrorKind::UnknownCourse(_)
        | ErrorKind::Unwritable(_) => {
            RunRefusal::not_a_replay("the body is not a replay the server can read".to_string())
        }
    }
}

fn refusal_of_strict(error: &StrictError) -> RunRefusal {
    let reason = match error {
        StrictError::Refused(_) => Reason::NotTheBoardsCourse,
        StrictError::UnknownCourse(_) => Reason::UnknownCourse,
        StrictError::NoSummary => Reason::NoSummary,
        StrictError::Mismatch(_) => Reason::Tampered,
    };
    RunRefusal::refused(reason, format!("the re-play refuses the run: {error}"))
}
